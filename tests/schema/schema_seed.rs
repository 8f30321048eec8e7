//! The configuration file seeds the schema; afterwards the persisted schema
//! is the truth: file keyspaces can be dropped and changed through the API,
//! what the file adds later is added, what differs is reported, and data
//! directories of the previous version (schema.json holding only the
//! API-made keyspaces) load with the same ids.

use std::fs;
use supercolumn::config::Config;
use supercolumn::schema::{
    cf_id_for, CfSpec, KeyspaceOrigin, KeyspaceSpec, Loaded, NoteLevel, Schema, SchemaChange,
    SchemaStore, SCHEMA_FILE,
};

const KS: &str = r#"    <Keyspace Name="Conf">
      <ColumnFamily Name="Std"/>
      <ColumnFamily Name="Sup" ColumnType="Super" CompareWith="UTF8Type"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>1</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
"#;

fn conf(keyspaces: &str) -> String {
    format!(
        "<Storage>\n  <Keyspaces>\n{keyspaces}  </Keyspaces>\n  \
         <Partitioner>org.apache.cassandra.dht.RandomPartitioner</Partitioner>\n  \
         <CommitLogSync>periodic</CommitLogSync>\n  \
         <CommitLogSyncPeriodInMS>1000</CommitLogSyncPeriodInMS>\n</Storage>\n"
    )
}

fn base(xml: &str) -> Schema {
    Schema::from_config(&Config::from_xml(xml, "test.xml").unwrap()).unwrap()
}

/// Loads, saves when asked to (as the server does), and returns what it saw.
fn start(store: &SchemaStore, xml: &str) -> Loaded {
    let loaded = store.open_schema(base(xml)).unwrap();
    if loaded.changed {
        store.save(&loaded.schema).unwrap();
    }
    loaded
}

fn messages(loaded: &Loaded, level: NoteLevel) -> Vec<String> {
    loaded
        .notes
        .iter()
        .filter(|n| n.level == level)
        .map(|n| n.message.clone())
        .collect()
}

#[test]
fn the_file_seeds_once_then_the_persisted_schema_is_the_truth() {
    let dir = tempfile::tempdir().unwrap();
    let store = SchemaStore::open(dir.path());
    let xml = conf(KS);
    let first = start(&store, &xml);
    assert!(first.changed, "the first start writes the seeded schema");
    assert!(first.notes.is_empty(), "{:?}", first.notes);
    assert!(dir.path().join(SCHEMA_FILE).exists());
    let conf_ks = first.schema.keyspace("Conf").unwrap();
    assert_eq!(conf_ks.origin, KeyspaceOrigin::Config);
    assert_eq!(conf_ks.cfs["Std"].id, cf_id_for("Conf", "Std"));

    // An unchanged restart changes nothing and says nothing.
    let again = start(&store, &xml);
    assert!(!again.changed);
    assert!(again.notes.is_empty(), "{:?}", again.notes);
    assert_eq!(again.schema.version(), first.schema.version());

    // Dropped through the API: stays dropped across restarts.
    let dropped = again
        .schema
        .apply(SchemaChange::DropKeyspace("Conf".into()))
        .unwrap();
    store.save(&dropped).unwrap();
    let after = start(&store, &xml);
    assert!(after.schema.keyspace("Conf").is_none());
    let info = messages(&after, NoteLevel::Info);
    assert!(
        info.iter()
            .any(|m| m.contains("Conf") && m.contains("dropped")),
        "{info:?}"
    );
    // Re-created through the API: the API's definition, with new ids.
    let recreated = after
        .schema
        .apply(SchemaChange::AddKeyspace(KeyspaceSpec {
            cf_defs: vec![CfSpec::new("Conf", "Other")],
            ..KeyspaceSpec::simple("Conf", 1)
        }))
        .unwrap();
    store.save(&recreated).unwrap();
    let later = start(&store, &xml);
    let ks = later.schema.keyspace("Conf").unwrap();
    assert!(ks.cfs.contains_key("Other"));
    // The file's column families were seeded once and dropped with the keyspace.
    assert!(!ks.cfs.contains_key("Std"), "{:?}", ks.cfs.keys());
}

#[test]
fn column_families_added_to_the_file_are_added_changed_ones_reported() {
    let dir = tempfile::tempdir().unwrap();
    let store = SchemaStore::open(dir.path());
    let first = start(&store, &conf(KS));
    // Drop Std through the API.
    let dropped = first
        .schema
        .apply(SchemaChange::DropColumnFamily {
            keyspace: "Conf".into(),
            name: "Std".into(),
        })
        .unwrap();
    store.save(&dropped).unwrap();

    // The file gains a column family and changes another's comparator.
    let edited = KS
        .replace(
            r#"<ColumnFamily Name="Std"/>"#,
            "<ColumnFamily Name=\"Std\"/>\n      <ColumnFamily Name=\"New\" CompareWith=\"LongType\"/>",
        )
        .replace(r#"CompareWith="UTF8Type""#, r#"CompareWith="AsciiType""#);
    let loaded = start(&store, &conf(&edited));
    assert!(loaded.changed);
    let ks = loaded.schema.keyspace("Conf").unwrap();
    assert!(ks.cfs.contains_key("New"), "a new file CF is added");
    assert_eq!(ks.cfs["New"].id, cf_id_for("Conf", "New"));
    assert!(!ks.cfs.contains_key("Std"), "a dropped one stays dropped");
    assert_eq!(
        ks.cfs["Sup"].comparator.class_name(),
        "org.apache.cassandra.db.marshal.UTF8Type",
        "the persisted definition wins"
    );
    let warn = messages(&loaded, NoteLevel::Warn);
    assert!(
        warn.iter()
            .any(|m| m.contains("Conf") && m.contains("Sup") && m.contains("differ")),
        "{warn:?}"
    );
    let info = messages(&loaded, NoteLevel::Info);
    assert!(
        info.iter()
            .any(|m| m.contains("Std") && m.contains("dropped")),
        "{info:?}"
    );
}

#[test]
fn keyspaces_gone_from_the_file_are_kept_with_one_warning() {
    let dir = tempfile::tempdir().unwrap();
    let store = SchemaStore::open(dir.path());
    start(&store, &conf(KS));
    let without = start(&store, &conf(""));
    assert!(without.schema.keyspace("Conf").is_some());
    let warn = messages(&without, NoteLevel::Warn);
    assert!(
        warn.iter()
            .any(|m| m.contains("Conf") && m.contains("no longer")),
        "{warn:?}"
    );
    // Said once: the keyspace is now simply a persisted one.
    let next = start(&store, &conf(""));
    assert!(next.notes.is_empty(), "{:?}", next.notes);
    assert!(next.schema.keyspace("Conf").is_some());
}

#[test]
fn a_re_added_file_keyspace_never_reuses_a_dropped_id() {
    let dir = tempfile::tempdir().unwrap();
    let store = SchemaStore::open(dir.path());
    let first = start(&store, &conf(KS));
    let old_id = first.schema.cf("Conf", "Std").unwrap().id;
    store
        .save(
            &first
                .schema
                .apply(SchemaChange::DropKeyspace("Conf".into()))
                .unwrap(),
        )
        .unwrap();
    // Removed from the file (forgotten), then declared again: seeded anew,
    // with ids that no commit-log entry of the dropped one can carry.
    start(&store, &conf(""));
    let back = start(&store, &conf(KS));
    let id = back.schema.cf("Conf", "Std").unwrap().id;
    assert_ne!(id, old_id);
    assert!(back.schema.retired_cf_ids.contains(&old_id));
}

#[test]
fn a_previous_version_data_dir_loads_with_the_same_ids() {
    // Format 1: only the keyspaces made through the API, checksummed
    // without a seeded record.
    let dir = tempfile::tempdir().unwrap();
    let with_dynamic = base(&conf(KS))
        .apply(SchemaChange::AddKeyspace(KeyspaceSpec {
            cf_defs: vec![CfSpec::new("dyn", "D")],
            ..KeyspaceSpec::simple("dyn", 1)
        }))
        .unwrap();
    let d_id = with_dynamic.cf("dyn", "D").unwrap().id;
    // Write it as the previous version did: today's writer with nothing
    // seeded writes the same keyspaces and checksum; only the format differs.
    let writer = SchemaStore::open(dir.path());
    let mut only_dynamic = with_dynamic.clone();
    only_dynamic.keyspaces.remove("Conf");
    writer.save(&only_dynamic).unwrap();
    let path = dir.path().join(SCHEMA_FILE);
    let text = fs::read_to_string(&path).unwrap();
    assert!(!text.contains("seeded"), "{text}");
    fs::write(&path, text.replace("\"format\": 2", "\"format\": 1")).unwrap();

    let store = SchemaStore::open(dir.path());
    let loaded = start(&store, &conf(KS));
    assert!(loaded.changed, "an old file is rewritten in the new format");
    assert!(loaded.notes.is_empty(), "{:?}", loaded.notes);
    assert_eq!(loaded.schema.cf("dyn", "D").unwrap().id, d_id);
    assert_eq!(
        loaded.schema.cf("Conf", "Std").unwrap().id,
        cf_id_for("Conf", "Std")
    );
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"format\": 2"), "{text}");
    // And from now on the file keyspace is persisted like any other.
    let again = start(&store, &conf(""));
    assert!(again.schema.keyspace("Conf").is_some());
}

#[test]
fn in_memory_servers_seed_every_start() {
    let store = SchemaStore::in_memory();
    let loaded = store.open_schema(base(&conf(KS))).unwrap();
    assert!(!loaded.changed);
    assert!(loaded.schema.keyspace("Conf").is_some());
}
