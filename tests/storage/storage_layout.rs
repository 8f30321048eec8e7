//! Files on disk in Cassandra 0.6's layout
//! (`<data_dir>/<keyspace>/<cf>-<generation>-<Component>.db`): a data
//! directory written by the previous build (`tests/data/layout/v1`, old
//! layout: `data/cf<id>-<generation>-*`, `markers/`, `schema.json`) is
//! migrated on open, also when an earlier migration was cut short, and reads
//! back the same before and after restarts; names follow the schema through
//! drops and re-creation; no name can leave the data directory.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use supercolumn::config::Config;
use supercolumn::model::*;
use supercolumn::schema::{CfDef, Schema, SchemaStore};
use supercolumn::storage::{Engine, EngineOptions, StorageError};

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/layout");

/// Copies the fixture's `v1` tree into a fresh directory; returns the
/// directory and the data directory inside it.
fn fixture_copy() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&Path::new(FIXTURE).join("v1"), dir.path());
    let data = dir.path().join("data");
    (dir, data)
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// The schema as `supercolumn serve` builds it: the fixture's config met
/// with the persisted schema (dynamic keyspace `dyn`).
fn schema_of(data: &Path) -> Arc<Schema> {
    let text = std::fs::read_to_string(Path::new(FIXTURE).join("conf.xml")).unwrap();
    let config = Config::from_xml(&text, "conf.xml").unwrap();
    let base = Schema::from_config(&config).unwrap();
    Arc::new(SchemaStore::open(data).load(base).unwrap())
}

fn open(root: &Path, schema: Arc<Schema>) -> Result<Engine, StorageError> {
    let opts = EngineOptions {
        data_dir: Some(root.join("data")),
        commitlog_dir: Some(root.join("commitlog")),
        ..EngineOptions::default()
    };
    Engine::open(schema, opts)
}

fn printable(b: &[u8]) -> String {
    String::from_utf8_lossy(b)
        .chars()
        .filter(|c| !c.is_control())
        .collect()
}

fn cells(cs: &[Cell]) -> String {
    let show = |c: &Cell| match c.counter_total() {
        Some(n) => format!("{}={n}", printable(&c.name)),
        None => format!("{}={}", printable(&c.name), printable(&c.value)),
    };
    cs.iter().map(show).collect::<Vec<_>>().join(",")
}

/// Every row of one CF as `key: contents`, in key order.
fn dump(e: &Engine, ks: &str, cf: &str) -> Vec<String> {
    let cmd = ReadCommand {
        keyspace: ks.into(),
        cf: cf.into(),
        super_column: None,
        slice: Slice::Range {
            start: vec![],
            finish: vec![],
            reversed: false,
            count: 1000,
        },
    };
    let range = RowRange::Keys {
        start: vec![],
        end: vec![],
    };
    let mut rows: Vec<String> = e
        .read_range(&cmd, &range, 1000)
        .unwrap()
        .into_iter()
        .map(|(key, row)| {
            let body = match row {
                RowResult::Cells(cs) => cells(&cs),
                RowResult::SuperColumns(scs) => scs
                    .iter()
                    .map(|sc| format!("{}{{{}}}", printable(&sc.name), cells(&sc.cells)))
                    .collect::<Vec<_>>()
                    .join(" "),
            };
            format!("{}: {body}", printable(&key))
        })
        .collect();
    rows.sort();
    rows
}

/// What the previous build acknowledged (see `tests/data/layout/generate.sh`).
fn assert_fixture_data(e: &Engine) {
    assert_eq!(
        dump(e, "Keyspace1", "Standard1"),
        ["k1: c1=v1", "k2: c1=v2", "k3: c1=v3"]
    );
    // Truncated between `row0b` and `row2`, with both still in the log.
    assert_eq!(dump(e, "Keyspace1", "Standard2"), ["row2: name=two"]);
    assert_eq!(
        dump(e, "Keyspace1", "Super1"),
        ["s1: sc1{sub1=x} sc2{sub2=y}", "s2: sc1{sub1=z}"]
    );
    let users = dump(e, "dyn", "users");
    assert_eq!(users.len(), 3, "{users:?}");
    for (who, row) in ["alice", "bob", "carol"].iter().zip(&users) {
        assert!(row.starts_with(&format!("{who}: ")), "{row}");
        assert!(row.contains(&format!("{who}@example.com")), "{row}");
    }
    // 5 flushed to an SSTable, then 2 in the log: each counted once.
    let hits = dump(e, "dyn", "hits");
    assert_eq!(hits.len(), 1);
    assert!(
        hits[0].starts_with("home: ") && hits[0].ends_with("=7"),
        "{hits:?}"
    );
}

/// Every file under `dir`, relative to it.
fn listing(dir: &Path) -> BTreeSet<String> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeSet<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(base, &p, out);
            } else {
                out.insert(p.strip_prefix(base).unwrap().display().to_string());
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(dir, dir, &mut out);
    out
}

/// Checks that every file of the data directory is where the new layout
/// puts it, and returns the SSTable names (`<ks>/<cf>-<generation>`).
fn assert_new_layout(data: &Path, schema: &Schema) -> BTreeSet<String> {
    let mut tables = BTreeSet::new();
    for f in listing(data) {
        let (ks, file) = f.split_once('/').unwrap_or_else(|| panic!("{f} at top"));
        let k = schema
            .keyspace(ks)
            .unwrap_or_else(|| panic!("{f}: no keyspace {ks}"));
        if ks == "system" && file == "schema.json" {
            continue;
        }
        if let Some(cf) = file.strip_suffix(".truncated") {
            assert!(k.cfs.contains_key(cf), "{f}");
            continue;
        }
        let mut parts = file.splitn(3, '-');
        let (cf, generation, component) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        assert!(k.cfs.contains_key(cf), "{f}: no column family {cf}");
        assert!(generation.parse::<u64>().is_ok(), "{f}");
        assert!(!generation.starts_with('0'), "{f}: padded generation");
        assert!(
            [
                "Data.db",
                "Index.db",
                "Summary.db",
                "Filter.db",
                "Statistics.db"
            ]
            .contains(&component),
            "{f}"
        );
        tables.insert(format!("{ks}/{cf}-{generation}"));
    }
    tables
}

#[test]
fn a_data_directory_of_the_previous_layout_is_migrated_and_reads_back() {
    let (root, data) = fixture_copy();
    let before = listing(&data);
    assert!(before.contains("schema.json") && before.contains("markers/cf1102017570.truncated"));
    let old_tables = before
        .iter()
        .filter(|f| f.ends_with("-Statistics.db"))
        .count();
    assert_eq!(old_tables, 4);

    let schema = schema_of(&data);
    let e = open(root.path(), schema.clone()).unwrap();
    assert_fixture_data(&e);
    let tables = assert_new_layout(&data, &schema);
    assert_eq!(tables.len(), old_tables, "{tables:?}");
    assert!(!data.join("data").exists() && !data.join("markers").exists());
    assert!(data.join("system/schema.json").is_file());
    assert!(data.join("Keyspace1/Standard2.truncated").is_file());
    // Each old file is renamed after its keyspace and column family.
    let after = listing(&data);
    for f in before.iter().filter_map(|f| f.strip_prefix("data/")) {
        let (id, rest) = f[2..].split_once('-').unwrap();
        let (generation, component) = rest.split_once('-').unwrap();
        let cf = schema.cf_by_id(id.parse().unwrap()).unwrap();
        let moved = format!(
            "{}/{}-{}-{component}",
            cf.keyspace,
            cf.name,
            generation.parse::<u64>().unwrap()
        );
        assert!(after.contains(&moved), "{f} is not {moved}: {after:?}");
    }

    // A crash (no flush) and a restart: the same data, nothing moves again.
    drop(e);
    let e = open(root.path(), schema_of(&data)).unwrap();
    assert_fixture_data(&e);
    assert_eq!(listing(&data), after);
    // A clean stop writes the replayed records to SSTables next to the rest.
    e.shutdown().unwrap();
    drop(e);
    let schema = schema_of(&data);
    let e = open(root.path(), schema.clone()).unwrap();
    assert_fixture_data(&e);
    assert!(assert_new_layout(&data, &schema).len() > old_tables);
}

#[test]
fn a_migration_cut_short_is_finished_by_the_next_start() {
    let (root, data) = fixture_copy();
    let schema = schema_of(&data);
    let old = data.join("data");
    let std1 = schema.cf("Keyspace1", "Standard1").unwrap();
    let std2 = schema.cf("Keyspace1", "Standard2").unwrap();
    let statistics = listing(&old)
        .into_iter()
        .find(|f| f.starts_with(&format!("cf{}-", std1.id)) && f.ends_with("-Statistics.db"))
        .unwrap();
    let name = statistics
        .strip_suffix("-Statistics.db")
        .unwrap()
        .to_string();
    let generation: u64 = name.rsplit('-').next().unwrap().parse().unwrap();
    // As the migration leaves it when it dies halfway through one SSTable:
    // some components renamed (Statistics is renamed last), and a
    // temporary Statistics from rewriting the id.
    let ks = data.join("Keyspace1");
    std::fs::create_dir_all(&ks).unwrap();
    for c in ["Data", "Index"] {
        std::fs::rename(
            old.join(format!("{name}-{c}.db")),
            ks.join(format!("Standard1-{generation}-{c}.db")),
        )
        .unwrap();
    }
    std::fs::write(old.join(format!("{name}-Statistics.db.tmp")), b"half").unwrap();
    // A marker already in its new place whose old file was not deleted
    // yet, and a marker write the old build did not finish.
    let marker = data.join(format!("markers/cf{}.truncated", std2.id));
    std::fs::copy(&marker, ks.join("Standard2.truncated")).unwrap();
    std::fs::write(data.join("markers/cf1.truncated.tmp"), b"half").unwrap();
    // An SSTable the old build never finished (no Statistics).
    std::fs::write(old.join(format!("cf{}-00000099-Data.db", std1.id)), b"x").unwrap();

    let e = open(root.path(), schema.clone()).unwrap();
    assert_fixture_data(&e);
    assert_eq!(assert_new_layout(&data, &schema).len(), 4);
    assert!(!old.exists());
    drop(e);
    let e = open(root.path(), schema_of(&data)).unwrap();
    assert_fixture_data(&e);
}

#[test]
fn keyspaces_named_like_the_old_directories_share_them_safely() {
    use supercolumn::marshal::BytesType;
    use supercolumn::schema::KeyspaceDef;
    let (root, data) = fixture_copy();
    // Keyspaces `data` and `markers` own the directories the old layout used.
    let mut schema = (*schema_of(&data)).clone();
    for (ks, id) in [("data", 5001), ("markers", 5002)] {
        let cf = CfDef::new(ks, "Std", id, Arc::new(BytesType), None);
        schema
            .keyspaces
            .insert(ks.into(), KeyspaceDef::new(ks, [cf]));
    }
    let schema = Arc::new(schema);
    let e = open(root.path(), schema.clone()).unwrap();
    assert_fixture_data(&e);
    for ks in ["data", "markers"] {
        e.apply(&put(ks, "Std", "k", "c")).unwrap();
    }
    e.flush(None).unwrap();
    e.truncate("markers", "Std").unwrap();
    e.shutdown().unwrap();
    drop(e);
    // Every file is where the new layout puts it (none left under an old
    // name), the old SSTables among them.
    let tables = assert_new_layout(&data, &schema);
    assert!(
        tables.iter().any(|t| t.starts_with("data/Std-")) && tables.contains("Keyspace1/Super1-3"),
        "{tables:?}"
    );
    assert!(data.join("markers/Std.truncated").is_file());
    for _ in 0..2 {
        let e = open(root.path(), schema.clone()).unwrap();
        assert_fixture_data(&e);
        assert_eq!(dump(&e, "data", "Std"), ["k: c=v"]);
        assert!(dump(&e, "markers", "Std").is_empty());
        drop(e);
    }
}

#[test]
fn migrated_sstables_record_their_column_family() {
    let (root, data) = fixture_copy();
    let schema = schema_of(&data);
    open(root.path(), schema.clone())
        .unwrap()
        .shutdown()
        .unwrap();
    // Standard1 dropped (its files left behind by a crash) and created
    // again under the same name, with a new id: the old files are not its.
    let mut again = (*schema).clone();
    let ks = again.keyspaces.get_mut("Keyspace1").unwrap();
    let old = ks.cfs["Standard1"].clone();
    let renewed = CfDef {
        id: old.id ^ 0x1000,
        ..(*old).clone()
    };
    ks.cfs.insert("Standard1".into(), Arc::new(renewed));
    assert!(listing(&data)
        .iter()
        .any(|f| f.starts_with("Keyspace1/Standard1-")));
    let e = open(root.path(), Arc::new(again)).unwrap();
    assert!(dump(&e, "Keyspace1", "Standard1").is_empty());
    assert!(!listing(&data)
        .iter()
        .any(|f| f.starts_with("Keyspace1/Standard1-")));
    assert_eq!(dump(&e, "Keyspace1", "Super1").len(), 2);
}

fn put(ks: &str, cf: &str, key: &str, name: &str) -> RowMutation {
    RowMutation {
        keyspace: ks.into(),
        key: key.as_bytes().to_vec(),
        updates: vec![(
            cf.into(),
            vec![Op::Put {
                super_column: None,
                cell: Cell::live(name.as_bytes().to_vec(), b"v".to_vec(), 1),
            }],
        )],
    }
}

fn small_schema(cfs: &[(&str, u32)]) -> Arc<Schema> {
    use supercolumn::marshal::BytesType;
    use supercolumn::partitioner::ByteOrderedPartitioner;
    use supercolumn::schema::KeyspaceDef;
    let defs = cfs
        .iter()
        .map(|(name, id)| CfDef::new("ks", name, *id, Arc::new(BytesType), None));
    Arc::new(Schema::new(
        "t",
        Arc::new(ByteOrderedPartitioner),
        [KeyspaceDef::new("ks", defs)],
    ))
}

fn disk(root: &Path) -> EngineOptions {
    EngineOptions {
        data_dir: Some(root.join("data")),
        commitlog_dir: Some(root.join("commitlog")),
        ..EngineOptions::default()
    }
}

#[test]
fn a_column_family_created_again_never_sees_the_dropped_ones_files() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    let e = Engine::open(small_schema(&[("A", 10), ("T", 100)]), disk(root.path())).unwrap();
    e.apply(&put("ks", "T", "old", "c")).unwrap();
    e.flush(None).unwrap();
    e.truncate("ks", "A").unwrap();
    let saved = tempfile::tempdir().unwrap();
    copy_tree(&data.join("ks"), saved.path());
    assert!(listing(saved.path()).contains("T-1-Data.db"));
    // Dropped: its files are gone before the call returns.
    e.update_schema(small_schema(&[("A", 10)])).unwrap();
    assert_eq!(
        listing(&data.join("ks")),
        ["A.truncated".to_string()].into()
    );
    // As if the deletion had been cut short: created again, it starts empty.
    copy_tree(saved.path(), &data.join("ks"));
    e.update_schema(small_schema(&[("A", 10), ("T", 101)]))
        .unwrap();
    assert!(dump(&e, "ks", "T").is_empty());
    e.apply(&put("ks", "T", "new", "c")).unwrap();
    e.flush(None).unwrap();
    assert_eq!(dump(&e, "ks", "T"), ["new: c=v"]);
    drop(e);
    // A crash between the new schema's save and the engine's cleanup: the
    // engine starts on a schema with the new id and old files on disk.
    copy_tree(saved.path(), &data.join("ks"));
    let e = Engine::open(small_schema(&[("A", 10), ("T", 102)]), disk(root.path())).unwrap();
    assert!(dump(&e, "ks", "T").is_empty());
    drop(e);
    // Dropping the keyspace removes its directory.
    let e = Engine::open(small_schema(&[("A", 10), ("T", 102)]), disk(root.path())).unwrap();
    let empty = Arc::new(Schema::new(
        "t",
        Arc::new(supercolumn::partitioner::ByteOrderedPartitioner),
        [],
    ));
    e.update_schema(empty).unwrap();
    assert!(!data.join("ks").exists(), "{:?}", listing(&data));
}

#[test]
fn data_written_after_a_truncation_survives_restarts() {
    let root = tempfile::tempdir().unwrap();
    let schema = small_schema(&[("A", 10)]);
    let e = Engine::open(schema.clone(), disk(root.path())).unwrap();
    for k in ["a", "b", "c"] {
        e.apply(&put("ks", "A", k, "c")).unwrap();
        e.flush(None).unwrap();
    }
    // Every SSTable (the highest generations) goes with the truncation.
    e.truncate("ks", "A").unwrap();
    e.apply(&put("ks", "A", "after", "c")).unwrap();
    drop(e);
    for _ in 0..2 {
        let e = Engine::open(schema.clone(), disk(root.path())).unwrap();
        assert_eq!(dump(&e, "ks", "A"), ["after: c=v"]);
        e.shutdown().unwrap();
    }
}

#[test]
fn no_name_can_leave_the_data_directory() {
    let root = tempfile::tempdir().unwrap();
    let inner = root.path().join("inner");
    let text = std::fs::read_to_string(Path::new(FIXTURE).join("conf.xml")).unwrap();
    let text = text.replace("\"Keyspace1\"", "\"../escape\"");
    let schema = Config::from_xml(&text, "bad.xml")
        .map_err(|e| e.to_string())
        .and_then(|c| Schema::from_config(&c).map_err(|e| e.to_string()));
    match schema {
        // Refused by the configuration layer: fine too, if it says why.
        Err(m) => assert!(m.contains("../escape"), "{m}"),
        Ok(schema) => match Engine::open(Arc::new(schema), disk(&inner)) {
            Err(StorageError::Invalid(m)) => assert!(m.contains("../escape"), "{m}"),
            Ok(_) => panic!("a keyspace named ../escape was opened"),
            Err(other) => panic!("unexpected {other}"),
        },
    }
    let e = Engine::open(small_schema(&[("A", 10)]), disk(&inner)).unwrap();
    for bad in ["../A", "A/B", "..", "A-1", "A.b", ""] {
        let schema = small_schema(&[("A", 10), (bad, 11)]);
        assert!(
            matches!(e.update_schema(schema), Err(StorageError::Invalid(_))),
            "{bad:?} accepted"
        );
    }
    let mut top: Vec<String> = std::fs::read_dir(&inner)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    top.sort();
    assert_eq!(top, ["commitlog", "data"], "nothing beside the data root");
    assert_eq!(std::fs::read_dir(root.path()).unwrap().count(), 1);
}
