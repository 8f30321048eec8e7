//! The schema as a node claiming Cassandra 4.0 presents it on native
//! protocol v4 (`system_schema.*`, `system_virtual_schema.*`, 4.0's
//! `system.local`/`peers_v2`, server-side DESCRIBE), while v1-v3 keep the
//! 1.2-2.x claims and tables; Thrift column families (storage-conf.xml's
//! Standard and Super CFs) in the layout Cassandra 3.x gave them.

use crate::support::native;
use crate::support::wire;

use native::Conn;
use wire::{conformance_config, Server};

fn server() -> Server {
    let conf = conformance_config("storage-conf-v19.xml");
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--native-listen",
        "127.0.0.1:0",
    ])
}

fn ready(s: &Server, version: u8) -> Conn {
    Conn::ready(s.native_port.expect("a native port"), version)
}

fn text(v: &Option<Vec<u8>>) -> String {
    String::from_utf8(v.clone().expect("not null")).unwrap()
}

/// The rows as text (each value UTF-8, null as "null").
fn texts(c: &mut Conn, q: &str) -> Vec<Vec<String>> {
    c.ok(q)
        .rows()
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| match v {
                    Some(b) => String::from_utf8_lossy(b).into_owned(),
                    None => "null".into(),
                })
                .collect()
        })
        .collect()
}

#[test]
fn each_version_claims_its_release_and_serves_its_schema_tables() {
    let s = server();
    for (v, release) in [(1, "1.2.9"), (2, "2.0.17"), (3, "2.1.22"), (4, "4.0.0")] {
        let mut c = ready(&s, v);
        let rows = c.ok("SELECT release_version FROM system.local").rows();
        assert_eq!(text(&rows[0][0]), release, "v{v}");
        let old = c.query("SELECT keyspace_name FROM system.schema_keyspaces");
        let new = c.query("SELECT keyspace_name FROM system_schema.keyspaces");
        let (served, refused) = if v < 4 { (old, new) } else { (new, old) };
        assert!(!served.rows().is_empty(), "v{v}");
        assert_eq!(refused.error().0, 0x2200, "v{v}: {}", refused.describe());
    }
    // 4.0's system.local has no thrift_version and has the port columns.
    let mut c = ready(&s, 4);
    assert_eq!(
        c.query("SELECT thrift_version FROM system.local").error().0,
        0x2200
    );
    let rows = texts(&mut c, "SELECT rpc_port, cluster_name FROM system.local");
    assert_eq!(
        rows,
        vec![vec!["null".to_string(), "Test Cluster".to_string()]]
    );
    assert!(c.ok("SELECT * FROM system.peers_v2").rows().is_empty());
    assert!(c.ok("SELECT * FROM system.peers").rows().is_empty());
}

#[test]
fn thrift_column_families_have_3x_layouts() {
    let s = server();
    let mut c = ready(&s, 4);
    let q = "FROM system_schema.columns WHERE keyspace_name = 'CT' AND table_name = 'StdLong'";
    let cols = texts(
        &mut c,
        &format!("SELECT column_name, kind, type, clustering_order {q}"),
    );
    let want: Vec<Vec<String>> = [
        ["column1", "clustering", "bigint", "asc"],
        ["key", "partition_key", "blob", "none"],
        ["value", "regular", "blob", "none"],
    ]
    .iter()
    .map(|r| r.iter().map(|s| s.to_string()).collect())
    .collect();
    assert_eq!(cols, want);
    let positions: Vec<i32> = c
        .ok(&format!("SELECT position {q}"))
        .rows()
        .iter()
        .map(|r| i32::from_be_bytes(r[0].as_deref().unwrap().try_into().unwrap()))
        .collect();
    assert_eq!(positions, vec![0, 0, -1]);
    // Super CFs: (key, column1) and the super-column map, flagged super.
    let cols = texts(
        &mut c,
        "SELECT column_name, type FROM system_schema.columns \
         WHERE keyspace_name = 'CT' AND table_name = 'SupUTF8Long'",
    );
    assert_eq!(
        cols,
        vec![
            vec!["".to_string(), "map<bigint, blob>".to_string()],
            vec!["column1".to_string(), "text".to_string()],
            vec!["key".to_string(), "blob".to_string()],
        ]
    );
    let rows = c
        .ok("SELECT flags FROM system_schema.tables WHERE keyspace_name = 'CT' AND table_name = 'SupUTF8Long'")
        .rows();
    // set<text> {'dense', 'super'}: a count, then each member.
    let mut want = 2i32.to_be_bytes().to_vec();
    for m in ["dense", "super"] {
        want.extend((m.len() as i32).to_be_bytes());
        want.extend(m.as_bytes());
    }
    assert_eq!(rows[0][0].as_deref(), Some(&want[..]));
    // A custom comparator is named by its class.
    let cols = texts(
        &mut c,
        "SELECT type FROM system_schema.columns WHERE keyspace_name = 'CT' \
         AND table_name = 'StdLexUUID' AND column_name = 'column1'",
    );
    assert_eq!(
        cols[0][0],
        "'org.apache.cassandra.db.marshal.LexicalUUIDType'"
    );
}

#[test]
fn cql3_tables_keyspaces_and_the_virtual_schema() {
    let s = server();
    let mut c = ready(&s, 4);
    c.ok("CREATE KEYSPACE nk WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    c.ok("CREATE TABLE nk.t (k int, n int, v text, PRIMARY KEY (k, n)) WITH CLUSTERING ORDER BY (n DESC)");
    c.ok("CREATE INDEX t_v ON nk.t (v)");
    let cols = texts(
        &mut c,
        "SELECT column_name, kind, type, clustering_order FROM system_schema.columns WHERE keyspace_name = 'nk'",
    );
    let names: Vec<(&str, &str, &str, &str)> = cols
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str(), r[2].as_str(), r[3].as_str()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("k", "partition_key", "int", "none"),
            ("n", "clustering", "int", "desc"),
            ("v", "regular", "text", "none"),
        ]
    );
    let idx = texts(
        &mut c,
        "SELECT index_name, kind FROM system_schema.indexes WHERE keyspace_name = 'nk'",
    );
    assert_eq!(idx, vec![vec!["t_v".to_string(), "COMPOSITES".to_string()]]);
    // Keyspaces: the schema's, system_schema itself; replication as a map.
    let ks: Vec<String> = texts(&mut c, "SELECT keyspace_name FROM system_schema.keyspaces")
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
    for k in ["CT", "Blog", "nk", "system", "system_schema"] {
        assert!(ks.contains(&k.to_string()), "{k} in {ks:?}");
    }
    let rows = c
        .ok("SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = 'nk'")
        .rows();
    let m = String::from_utf8_lossy(rows[0][0].as_deref().unwrap()).into_owned();
    assert!(
        m.contains("org.apache.cassandra.locator.SimpleStrategy")
            && m.contains("replication_factor"),
        "{m:?}"
    );
    // Empty tables the parsers read are there.
    for t in [
        "dropped_columns",
        "triggers",
        "views",
        "types",
        "functions",
        "aggregates",
    ] {
        assert!(
            c.ok(&format!("SELECT * FROM system_schema.{t}"))
                .rows()
                .is_empty(),
            "{t}"
        );
    }
    let vt = texts(
        &mut c,
        "SELECT keyspace_name, table_name FROM system_virtual_schema.tables",
    );
    assert_eq!(vt.len(), 3);
    assert!(vt.iter().all(|r| r[0] == "system_virtual_schema"));
    let vc = c.ok("SELECT * FROM system_virtual_schema.columns").rows();
    assert!(vc.len() >= 10, "{}", vc.len());
}

#[test]
fn describe_answers_as_4_0_does() {
    let s = server();
    let mut c = ready(&s, 4);
    c.ok("CREATE KEYSPACE nk WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    c.ok("CREATE TABLE nk.t (k int PRIMARY KEY, v text)");
    let ks = texts(&mut c, "DESCRIBE KEYSPACES");
    assert!(ks.iter().all(|r| r.len() == 3 && r[1] == "keyspace"));
    assert!(ks.iter().any(|r| r[2] == "nk") && ks.iter().any(|r| r[2] == "CT"));
    let t = texts(&mut c, "DESC TABLE nk.t");
    assert_eq!(t.len(), 1);
    assert_eq!(
        (t[0][0].as_str(), t[0][1].as_str(), t[0][2].as_str()),
        ("nk", "table", "t")
    );
    assert!(
        t[0][3].starts_with("CREATE TABLE nk.t (\n    k int PRIMARY KEY,\n    v text\n) WITH additional_write_policy = '99p'\n"),
        "{}",
        t[0][3]
    );
    let t = texts(&mut c, "DESCRIBE TABLE \"CT\".\"StdLong\"");
    assert!(
        t[0][3].contains("    column1 bigint,\n") && t[0][3].contains(") WITH COMPACT STORAGE\n"),
        "{}",
        t[0][3]
    );
    let k = texts(&mut c, "DESCRIBE KEYSPACE nk");
    assert_eq!(k.len(), 2);
    assert!(k[0][3].starts_with("CREATE KEYSPACE nk WITH replication = {'class': 'org.apache.cassandra.locator.SimpleStrategy', 'replication_factor': '1'}"), "{}", k[0][3]);
    let schema = texts(&mut c, "DESCRIBE SCHEMA");
    assert!(schema
        .iter()
        .all(|r| r[0] != "system" && r[0] != "system_schema"));
    assert!(schema
        .iter()
        .any(|r| r[2] == "SupBytes" && r[3].starts_with("/*")));
    // Errors as 4.0 words them.
    let (code, msg) = c.query("DESCRIBE TABLE nk.nope").error();
    assert_eq!(
        (code, msg.as_str()),
        (0x2200, "'nope' not found in keyspace 'nk'")
    );
    let (code, msg) = c.query("DESCRIBE KEYSPACE nope").error();
    assert_eq!(
        (code, msg.as_str()),
        (0x2200, "'nope' not found in keyspaces")
    );
    assert_eq!(c.query("DESCRIBE TABLE a.b extra").error().0, 0x2000);
    // The current keyspace scopes TABLES and bare names.
    c.ok("USE nk");
    let tables = texts(&mut c, "DESCRIBE TABLES");
    assert_eq!(
        tables,
        vec![vec!["nk".to_string(), "table".to_string(), "t".to_string()]]
    );
    assert_eq!(texts(&mut c, "DESC t")[0][2], "t");
    // v3 claims 2.1: DESCRIBE is not CQL there.
    let mut c3 = ready(&s, 3);
    assert_eq!(c3.query("DESCRIBE KEYSPACES").error().0, 0x2000);
}

/// 2.0-2.1's `system.schema_columns`, as v2 and v3 sessions (claiming
/// 2.0.17 and 2.1.22) read it: a row for every column with its `type`,
/// static columns named so; v1 (1.2.9) keeps 1.2's rows without it.
#[test]
fn v2_and_v3_read_2_0s_schema_columns_with_types() {
    let s = server();
    let mut c = ready(&s, 2);
    c.ok("CREATE KEYSPACE st WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    c.ok("CREATE TABLE st.t (k text, c int, v text, s text static, PRIMARY KEY (k, c))");
    c.ok("CREATE TABLE st.two (a int, b int, c int, d int, v int, PRIMARY KEY ((a, b), c, d)) WITH CLUSTERING ORDER BY (c DESC, d ASC)");
    // Text columns as text, `component_index` as its decimal.
    let typed = |c: &mut Conn, cf: &str| -> Vec<Vec<String>> {
        let rows = c
            .ok(&format!(
                "SELECT column_name, type, component_index, validator FROM system.schema_columns \
                 WHERE keyspace_name = '{}' AND columnfamily_name = '{cf}'",
                if cf.starts_with("Std") { "CT" } else { "st" }
            ))
            .rows();
        rows.iter()
            .map(|r| {
                r.iter()
                    .enumerate()
                    .map(|(i, v)| match (i, v) {
                        (_, None) => "null".to_string(),
                        (2, Some(b)) => i32::from_be_bytes(b[..].try_into().unwrap()).to_string(),
                        (_, Some(b)) => String::from_utf8_lossy(b).into_owned(),
                    })
                    .collect()
            })
            .collect()
    };
    let m = "org.apache.cassandra.db.marshal.";
    for v in [2, 3] {
        let mut c = ready(&s, v);
        assert_eq!(
            typed(&mut c, "t"),
            vec![
                vec![
                    "c".into(),
                    "clustering_key".into(),
                    "0".into(),
                    format!("{m}Int32Type")
                ],
                vec![
                    "k".into(),
                    "partition_key".into(),
                    "null".into(),
                    format!("{m}UTF8Type")
                ],
                vec![
                    "s".into(),
                    "static".into(),
                    "1".into(),
                    format!("{m}UTF8Type")
                ],
                vec![
                    "v".into(),
                    "regular".into(),
                    "1".into(),
                    format!("{m}UTF8Type")
                ],
            ],
            "v{v}"
        );
        assert_eq!(
            typed(&mut c, "two"),
            vec![
                vec![
                    "a".into(),
                    "partition_key".into(),
                    "0".into(),
                    format!("{m}Int32Type")
                ],
                vec![
                    "b".into(),
                    "partition_key".into(),
                    "1".into(),
                    format!("{m}Int32Type")
                ],
                vec![
                    "c".into(),
                    "clustering_key".into(),
                    "0".into(),
                    format!("{m}ReversedType({m}Int32Type)")
                ],
                vec![
                    "d".into(),
                    "clustering_key".into(),
                    "1".into(),
                    format!("{m}Int32Type")
                ],
                vec![
                    "v".into(),
                    "regular".into(),
                    "2".into(),
                    format!("{m}Int32Type")
                ],
            ],
            "v{v}"
        );
        // A Thrift CF: its default names, the value a compact value.
        assert_eq!(
            typed(&mut c, "StdLong"),
            vec![
                vec![
                    "column1".into(),
                    "clustering_key".into(),
                    "null".into(),
                    format!("{m}LongType")
                ],
                vec![
                    "key".into(),
                    "partition_key".into(),
                    "null".into(),
                    format!("{m}BytesType")
                ],
                vec![
                    "value".into(),
                    "compact_value".into(),
                    "null".into(),
                    format!("{m}BytesType")
                ],
            ],
            "v{v}"
        );
    }
    // 1.2.9's rows: the non-key columns only, no `type`.
    let mut c = ready(&s, 1);
    assert_eq!(
        c.query("SELECT type FROM system.schema_columns").error().0,
        0x2200
    );
    let rows = texts(
        &mut c,
        "SELECT column_name FROM system.schema_columns WHERE keyspace_name = 'st' AND columnfamily_name = 't'",
    );
    assert_eq!(rows, vec![vec!["s".to_string()], vec!["v".to_string()]]);
}
