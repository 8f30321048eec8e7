//! `supercolumn migrate` of every kind of column family the gateway holds:
//! an embedded supercolumn gets a static CF with declared columns (one of
//! them indexed; its `key_alias` the default `key`), a CQL3 table with a compound key, collections and an
//! index (written through CQL3 over Thrift), a `CompositeType` CF, a
//! COMPACT STORAGE CQL3 table and a `LexicalUUIDType` CF, with timestamps
//! and TTLs; it is migrated, interrupted and resumed, into a supercolumn
//! serving the native protocol; a gateway in front of that one then
//! answers Thrift (and CQL3 for the CQL3 tables) as the source does. A
//! static CF's undeclared columns, which a 3.x compact table cannot hold,
//! are reported as not copied, and the run says it is incomplete (exit 4).

use crate::support::wire;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use supercolumn::thrift::client::blank_cf_def;
use supercolumn::thrift::gen::cassandra19::{
    CfDef, Column, ColumnOrSuperColumn, ColumnParent, ConsistencyLevel as CL, CqlResult,
    IndexClause, IndexExpression, IndexOperator, KeyRange, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use wire::thrift19::{declared, simple_keyspace};
use wire::{connect19, cql3, gateway, timestamp, Client19, Server};

const REPO_CONF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/storage-conf.xml");

/// The repository's config with no keyspaces: every table is made over
/// Thrift or CQL3 (and so kept in the data directory's schema).
fn empty_conf(dir: &Path) -> PathBuf {
    gateway::without_keyspaces(Path::new(REPO_CONF), dir)
}

/// (the "cluster": a fresh supercolumn serving native, its URL).
fn cluster(conf: &Path) -> (Server, String) {
    let s = gateway::native_backend(conf);
    let url = gateway::backend_url(&s, "");
    (s, url)
}

/// The Thrift CFs of keyspace `Kinds`.
fn thrift_cfs() -> Vec<CfDef> {
    vec![
        CfDef {
            comparator_type: Some("UTF8Type".into()),
            default_validation_class: Some("UTF8Type".into()),
            column_metadata: Some(vec![
                declared("name", "UTF8Type", Some("users_name_idx")),
                declared("age", "LongType", None),
            ]),
            // The name 1.2's CQL3 reads from its absence (supercolumn's
            // CQL3 index DDL once wrote it): the same static table.
            key_alias: Some(b"key".to_vec()),
            ..blank_cf_def("Kinds", "Users")
        },
        CfDef {
            comparator_type: Some("CompositeType(UTF8Type,LongType)".into()),
            default_validation_class: Some("UTF8Type".into()),
            ..blank_cf_def("Kinds", "Pairs")
        },
        CfDef {
            comparator_type: Some("LexicalUUIDType".into()),
            default_validation_class: Some("UTF8Type".into()),
            ..blank_cf_def("Kinds", "Lexical")
        },
    ]
}

const CQL3_TABLES: [&str; 3] = [
    "CREATE TABLE posts (blog text, author text, id int, title text, tags set<text>, \
     scores list<int>, attrs map<text, text>, PRIMARY KEY ((blog, author), id)) \
     WITH CLUSTERING ORDER BY (id DESC)",
    "CREATE INDEX posts_title ON posts (title)",
    "CREATE TABLE events (src text, at int, what text, PRIMARY KEY (src, at)) \
     WITH COMPACT STORAGE",
];

/// The schema, made the same way on the source and on the gateway.
fn schema(c: &mut Client19, cfs: Vec<CfDef>, with_cql3: bool) {
    let ks = simple_keyspace("Kinds", cfs);
    c.system_add_keyspace(ks).unwrap();
    c.set_keyspace("Kinds".into()).unwrap();
    if with_cql3 {
        for q in CQL3_TABLES {
            cql3(c, q);
        }
    }
}

fn put(
    c: &mut Client19,
    cf: &str,
    key: &[u8],
    name: &[u8],
    value: &[u8],
    ts: i64,
    ttl: Option<i32>,
) {
    let col = Column::new(name.to_vec(), value.to_vec(), ts, ttl);
    c.insert(
        key.to_vec(),
        ColumnParent::new(cf.into(), None),
        col,
        CL::ONE,
    )
    .unwrap();
}

/// A `(text, long)` composite name.
fn pair(text: &str, n: i64) -> Vec<u8> {
    let mut out = Vec::new();
    for part in [text.as_bytes(), &n.to_be_bytes()[..]] {
        out.extend_from_slice(&(part.len() as u16).to_be_bytes());
        out.extend_from_slice(part);
        out.push(0);
    }
    out
}

fn lexical(i: u8) -> [u8; 16] {
    let mut u = [0u8; 16];
    u[0] = i.wrapping_mul(37);
    u[15] = i;
    u
}

fn load(c: &mut Client19, t: i64) {
    for i in 0..40u8 {
        let key = format!("user{i:02}");
        let ts = t + i64::from(i);
        put(
            c,
            "Users",
            key.as_bytes(),
            b"name",
            format!("N{}", i % 7).as_bytes(),
            ts,
            None,
        );
        let ttl = (i % 5 == 0).then_some(3600);
        put(
            c,
            "Users",
            key.as_bytes(),
            b"age",
            &i64::from(i).to_be_bytes(),
            ts,
            ttl,
        );
        for n in 0..3 {
            put(
                c,
                "Pairs",
                key.as_bytes(),
                &pair(&format!("p{}", n % 2), n),
                b"v",
                ts,
                ttl,
            );
        }
        put(c, "Lexical", key.as_bytes(), &lexical(i), b"lex", ts, None);
        let mut q = |s: String| cql3(c, &s);
        q(format!(
            "INSERT INTO posts (blog, author, id, title, tags) VALUES ('b{}', 'a{i}', {i}, 't{}', \
             {{'x', 'y{i}'}}) USING TIMESTAMP {ts}",
            i % 3,
            i % 4
        ));
        q(format!(
            "UPDATE posts USING TIMESTAMP {} SET scores = scores + [{i}, 7], attrs['k{i}'] = 'v' \
             WHERE blog = 'b{}' AND author = 'a{i}' AND id = {i}",
            ts + 1,
            i % 3
        ));
        if i % 4 == 0 {
            // A row made by UPDATE only (no marker), with a TTL.
            q(format!(
                "UPDATE posts USING TIMESTAMP {ts} AND TTL 7200 SET title = 'late' \
                 WHERE blog = 'b{}' AND author = 'a{i}' AND id = 1000",
                i % 3
            ));
        }
        q(format!(
            "INSERT INTO events (src, at, what) VALUES ('s{}', {i}, 'e{i}') USING TIMESTAMP {ts}",
            i % 6
        ));
    }
}

/// One cell as Thrift shows it: name, value, timestamp, TTL.
type Seen = (Vec<u8>, Vec<u8>, i64, Option<i32>);

/// Every non-empty row of a CF through Thrift.
fn rows(c: &mut Client19, cf: &str) -> BTreeMap<Vec<u8>, Vec<Seen>> {
    let all = SlicePredicate::new(None, SliceRange::new(Vec::new(), Vec::new(), false, 10_000));
    let range = KeyRange::new(Vec::new(), Vec::new(), None, None, 10_000, None);
    c.get_range_slices(ColumnParent::new(cf.into(), None), all, range, CL::ONE)
        .unwrap_or_else(|e| panic!("{cf}: {e:?}"))
        .into_iter()
        .filter(|k| !k.columns.is_empty())
        .map(|k| (k.key, k.columns.into_iter().map(seen).collect()))
        .collect()
}

fn seen(c: ColumnOrSuperColumn) -> Seen {
    let c = c.column.expect("a column");
    (
        c.name,
        c.value.unwrap_or_default(),
        c.timestamp.unwrap_or_default(),
        c.ttl,
    )
}

/// The source shows the TTL given, the cluster what is left of it.
fn same_cells(what: &str, want: &[Seen], got: &[Seen]) {
    assert_eq!(want.len(), got.len(), "{what}: {want:?} vs {got:?}");
    for (a, b) in want.iter().zip(got) {
        assert_eq!((&a.0, &a.1, a.2), (&b.0, &b.1, b.2), "{what}");
        match (a.3, b.3) {
            (None, None) => {}
            (Some(x), Some(y)) => assert!(y <= x && y > x - 300, "{what}: ttl {x} {y}"),
            other => panic!("{what}: ttl {other:?}"),
        }
    }
}

fn same_rows(s: &mut Client19, g: &mut Client19, cf: &str) -> usize {
    let (want, got) = (rows(s, cf), rows(g, cf));
    assert_eq!(
        want.keys().collect::<Vec<_>>(),
        got.keys().collect::<Vec<_>>(),
        "{cf}: keys"
    );
    for (key, cells) in &want {
        same_cells(
            &format!("{cf}/{}", String::from_utf8_lossy(key)),
            cells,
            &got[key],
        );
    }
    want.len()
}

/// A CQL3 result's rows, each column's value in hex.
fn shown(r: &CqlResult) -> Vec<String> {
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    let mut out: Vec<String> = r
        .rows
        .iter()
        .flatten()
        .map(|row| {
            row.columns
                .iter()
                .map(|c| hex(c.value.as_deref().unwrap_or_default()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    out.sort();
    out
}

/// Every file under `dir` but the lock, with its bytes.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.file_name().unwrap() != "LOCK" {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

#[test]
fn static_cql3_composite_compact_and_class_named_cfs_move_into_a_cluster() {
    let dir = tempfile::tempdir().unwrap();
    let conf = empty_conf(dir.path());
    let c = conf.to_str().unwrap();
    let data = dir.path().join("data");
    let state = dir.path().join("state");
    let st = state.to_str().unwrap();
    let t = timestamp();
    let mut src = Server::start(&["--config", c, "--data-dir", data.to_str().unwrap()]);
    {
        let mut s = connect19(src.port);
        schema(&mut s, thrift_cfs(), true);
        load(&mut s, t);
    }
    assert!(src.terminate().success());
    let before = files(&data);
    let (_cluster, url) = cluster(&conf);

    // Interrupted, then resumed to the end.
    let run = gateway::migrate(&conf, &data, &url, &["--state", st, "--max-rows", "60"]);
    assert_eq!(run.code, Some(3), "{}\n{}", run.out, run.err);
    let run = gateway::migrate(&conf, &data, &url, &["--state", st, "--parallel", "4"]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.out, run.err);
    assert!(run.err.contains("resuming after"), "{}", run.err);
    for cf in ["Users", "Pairs", "Lexical", "posts", "events"] {
        assert!(
            run.out.contains(&format!("Kinds/{cf}: ")),
            "{cf}: {}",
            run.out
        );
    }
    assert!(
        run.out.contains("verified: the cluster holds every row"),
        "{}",
        run.out
    );
    assert!(!run.out.contains("NOT COPIED"), "{}", run.out);
    assert!(before == files(&data), "the source directory changed");

    // Through a gateway, the cluster answers as the source.
    let gateway = Server::start(&["--config", c, "--in-memory", "--backend", &url]);
    let mut g = connect19(gateway.port);
    schema(&mut g, thrift_cfs(), true);
    let src = Server::start(&["--config", c, "--data-dir", data.to_str().unwrap()]);
    let mut s = connect19(src.port);
    s.set_keyspace("Kinds".into()).unwrap();
    assert_eq!(same_rows(&mut s, &mut g, "Users"), 40);
    assert_eq!(same_rows(&mut s, &mut g, "Pairs"), 40);
    assert_eq!(same_rows(&mut s, &mut g, "Lexical"), 40);
    assert_eq!(same_rows(&mut s, &mut g, "events"), 6);
    // The static CF's index was made in the cluster and answers.
    let by_name = |c: &mut Client19| {
        let clause = IndexClause::new(
            vec![IndexExpression::new(
                b"name".to_vec(),
                IndexOperator::EQ,
                b"N3".to_vec(),
            )],
            Vec::new(),
            100,
        );
        let all = SlicePredicate::new(None, SliceRange::new(Vec::new(), Vec::new(), false, 100));
        let mut keys: Vec<(Vec<u8>, Vec<Seen>)> = c
            .get_indexed_slices(
                ColumnParent::new("Users".into(), None),
                clause,
                all,
                CL::ONE,
            )
            .unwrap()
            .into_iter()
            .map(|k| (k.key, k.columns.into_iter().map(seen).collect()))
            .collect();
        keys.sort();
        keys
    };
    let (want, got) = (by_name(&mut s), by_name(&mut g));
    assert_eq!(want.len(), 6);
    for ((k1, a), (k2, b)) in want.iter().zip(&got) {
        assert_eq!(k1, k2);
        same_cells("Users by name", a, b);
    }
    // The CQL3 tables through CQL3: values, write times and TTLs.
    for q in [
        "SELECT * FROM posts",
        "SELECT blog, author, id, writetime(title) FROM posts",
        "SELECT * FROM posts WHERE title = 't1'",
        "SELECT * FROM posts WHERE blog = 'b1' AND author = 'a4'",
        "SELECT * FROM events",
        "SELECT src, at, writetime(what) FROM events WHERE src = 's2'",
    ] {
        let (want, got) = (shown(&cql3(&mut s, q)), shown(&cql3(&mut g, q)));
        assert!(!want.is_empty(), "{q}");
        assert_eq!(want, got, "{q}");
    }
    let ttls = |c: &mut Client19| {
        shown(&cql3(
            c,
            "SELECT ttl(title) FROM posts WHERE blog = 'b0' AND author = 'a0'",
        ))
    };
    let (want, got) = (ttls(&mut s), ttls(&mut g));
    assert_eq!(want.len(), 2, "{want:?}");
    let secs = |v: &[String]| -> Vec<i64> {
        v.iter()
            .map(|h| i64::from_str_radix(if h.is_empty() { "0" } else { h }, 16).unwrap())
            .collect()
    };
    for (x, y) in secs(&want).into_iter().zip(secs(&got)) {
        assert!((x - y).abs() <= 2, "ttl {x} vs {y}");
    }
    // Thrift on the CQL3 table: its plain columns' cells are the source's.
    let titles = |c: &mut Client19| -> Vec<Seen> {
        rows(c, "posts")
            .into_values()
            .flatten()
            .filter(|cell| cell.0.windows(5).any(|w| w == b"title"))
            .collect()
    };
    same_cells("posts titles", &titles(&mut s), &titles(&mut g));
}

#[test]
fn undeclared_columns_of_a_static_cf_are_reported_as_not_copied() {
    let dir = tempfile::tempdir().unwrap();
    let conf = empty_conf(dir.path());
    let c = conf.to_str().unwrap();
    let data = dir.path().join("data");
    let t = timestamp();
    let mut src = Server::start(&["--config", c, "--data-dir", data.to_str().unwrap()]);
    {
        let mut s = connect19(src.port);
        schema(&mut s, thrift_cfs()[..1].to_vec(), false);
        for i in 0..10u8 {
            let key = format!("user{i}");
            put(&mut s, "Users", key.as_bytes(), b"name", b"N", t, None);
            if i % 2 == 0 {
                put(
                    &mut s,
                    "Users",
                    key.as_bytes(),
                    b"nick",
                    b"undeclared",
                    t,
                    None,
                );
                put(
                    &mut s,
                    "Users",
                    key.as_bytes(),
                    b"zip",
                    b"undeclared",
                    t,
                    None,
                );
            }
        }
    }
    assert!(src.terminate().success());
    let (_cluster, url) = cluster(&conf);
    let state = dir.path().join("state");
    let run = gateway::migrate(&conf, &data, &url, &["--state", state.to_str().unwrap()]);
    assert_eq!(run.code, Some(4), "{}\n{}", run.out, run.err);
    assert!(
        run.out.contains("Kinds/Users: 10/10 -> 10/10 ok"),
        "{}",
        run.out
    );
    assert!(
        run.out
            .contains("Kinds/Users: 10 cells in 5 rows NOT COPIED"),
        "{}",
        run.out
    );
    assert!(run.out.contains("  key \"user"), "{}", run.out);
    assert!(run.out.contains("INCOMPLETE"), "{}", run.out);
    assert!(run.err.contains("NOT COPIED"), "{}", run.err);
    // The declared columns are in the cluster.
    let gateway = Server::start(&["--config", c, "--in-memory", "--backend", &url]);
    let mut g = connect19(gateway.port);
    schema(&mut g, thrift_cfs()[..1].to_vec(), false);
    let got = rows(&mut g, "Users");
    assert_eq!(got.len(), 10);
    assert!(got
        .values()
        .all(|cells| cells.len() == 1 && cells[0].0 == b"name"));
}
