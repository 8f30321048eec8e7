//! Static columns (2.0.6's `static`) through the CQL3 executor on a node:
//! the schema checks and their messages, the cells as 2.0 stored them, and
//! the rows a SELECT shows (a static value on every row of its partition,
//! a partition of static cells alone as one row without clustering).

use super::NodeBackend;
use crate::cql::exec::{self, CqlOutcome, CqlSession};
use crate::cql::Grammar;
use crate::marshal::bytes_to_hex;
use crate::model::{ReadCommand, RowResult, Slice};
use crate::node::Node;
use crate::storage::EngineOptions;

fn node() -> Node {
    crate::node::test_nodes::node(EngineOptions::default())
}

fn session(node: &Node, grammar: Grammar) -> CqlSession {
    let mut s = CqlSession::new(node.cql_clock.clone());
    s.set_grammar(grammar);
    s
}

fn run(node: &Node, grammar: Grammar, q: &str) -> Result<CqlOutcome, String> {
    let backend = NodeBackend::new(node);
    let mut s = session(node, grammar);
    if node.schema().keyspace("st").is_some() {
        s.set_keyspace("st".into());
    }
    backend
        .finish(exec::execute(&backend, &mut s, q))
        .map_err(|e| match e {
            crate::node::NodeError::Invalid(why) => why,
            other => other.to_string(),
        })
}

fn ok(node: &Node, q: &str) {
    run(node, Grammar::WithStatics, q).unwrap_or_else(|e| panic!("{q}: {e}"));
}

fn err(node: &Node, q: &str) -> String {
    match run(node, Grammar::WithStatics, q) {
        Err(e) => e,
        Ok(o) => panic!("{q}: accepted: {o:?}"),
    }
}

/// The rows of `q`, each value as text (ints as decimal), `-` for null.
fn rows(node: &Node, q: &str) -> Vec<String> {
    let Ok(CqlOutcome::Rows(rs)) = run(node, Grammar::WithStatics, q) else {
        panic!("{q}: no rows");
    };
    render(&rs)
}

/// Each row as its values' text joined by spaces: ints as decimal,
/// `[applied]` as `true`/`false`, `-` for null.
fn render(rs: &crate::cql::mapping::ResultSet) -> Vec<String> {
    rs.rows
        .iter()
        .map(|r| {
            r.iter()
                .zip(&rs.columns)
                .map(|(v, c)| match v {
                    None => "-".to_string(),
                    Some(b) if c.name == "[applied]" => (b == &[1]).to_string(),
                    Some(b) if c.type_class.ends_with("Int32Type") => {
                        i32::from_be_bytes(b.as_slice().try_into().unwrap()).to_string()
                    }
                    Some(b) if c.type_class.ends_with("LongType") => {
                        i64::from_be_bytes(b.as_slice().try_into().unwrap()).to_string()
                    }
                    Some(b) => String::from_utf8_lossy(b).into_owned(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn with_table() -> Node {
    let node = node();
    ok(
        &node,
        "CREATE KEYSPACE st WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    ok(
        &node,
        "CREATE TABLE t (k text, c int, v text, s text static, PRIMARY KEY (k, c))",
    );
    node
}

#[test]
fn statics_are_checked_as_2_0_checked_them() {
    let node = with_table();
    assert!(err(
        &node,
        "CREATE TABLE a (k int, c int, PRIMARY KEY (k, c static))"
    )
    .starts_with("line 1:"));
    assert_eq!(
        err(
            &node,
            "CREATE TABLE a (k int, c int static, v int, PRIMARY KEY (k, c))"
        ),
        "Static column c cannot be part of the PRIMARY KEY"
    );
    assert_eq!(
        err(
            &node,
            "CREATE TABLE a (k int, c int, s int static, PRIMARY KEY (k, c)) WITH COMPACT STORAGE"
        ),
        "Static columns are not supported in COMPACT STORAGE tables"
    );
    let no_clustering = "Static columns are only useful (and thus allowed) if the table has at least one clustering column";
    assert_eq!(
        err(&node, "CREATE TABLE a (k int PRIMARY KEY, s int static)"),
        no_clustering
    );
    ok(&node, "CREATE TABLE b (k int PRIMARY KEY, v int)");
    assert_eq!(err(&node, "ALTER TABLE b ADD s int static"), no_clustering);
    assert_eq!(
        err(&node, "CREATE INDEX ON t (s)"),
        "Secondary indexes are not allowed on static columns"
    );
    // Over Thrift the language stays 1.2.9's, where `static` is no keyword.
    let thrift = run(
        &node,
        Grammar::Cql305,
        "CREATE TABLE a (k int, c int, s int static, PRIMARY KEY (k, c))",
    )
    .unwrap_err();
    let today =
        crate::cql::parse("CREATE TABLE a (k int, c int, s int static, PRIMARY KEY (k, c))")
            .unwrap_err()
            .to_string();
    assert_eq!(thrift, today);
    // A column may still be named `static`.
    ok(&node, "CREATE TABLE named (k int PRIMARY KEY, static int)");
}

#[test]
fn a_static_value_shows_on_every_row_of_its_partition() {
    let node = with_table();
    // Static cells alone: one row without clustering values.
    ok(
        &node,
        "INSERT INTO t (k, s) VALUES ('a', 'S1') USING TIMESTAMP 10",
    );
    assert_eq!(rows(&node, "SELECT * FROM t WHERE k = 'a'"), ["a - S1 -"]);
    assert_eq!(rows(&node, "SELECT * FROM t"), ["a - S1 -"]);
    // ... which a clustering restriction does not show.
    assert!(rows(&node, "SELECT * FROM t WHERE k = 'a' AND c > 0").is_empty());
    ok(&node, "INSERT INTO t (k, c, v) VALUES ('a', 2, 'two')");
    ok(&node, "INSERT INTO t (k, c, v) VALUES ('a', 1, 'one')");
    assert_eq!(
        rows(&node, "SELECT * FROM t WHERE k = 'a'"),
        ["a 1 S1 one", "a 2 S1 two"]
    );
    assert_eq!(
        rows(&node, "SELECT c, s FROM t WHERE k = 'a' AND c > 1"),
        ["2 S1"]
    );
    assert_eq!(
        rows(&node, "SELECT c, s FROM t WHERE k = 'a' ORDER BY c DESC"),
        ["2 S1", "1 S1"]
    );
    assert_eq!(rows(&node, "SELECT s FROM t WHERE k = 'a' LIMIT 1"), ["S1"]);
    assert_eq!(
        rows(
            &node,
            "SELECT writetime(s), ttl(s) FROM t WHERE k = 'a' LIMIT 1"
        ),
        ["10 -"]
    );
    // An update of the static value alone, with a TTL.
    ok(&node, "UPDATE t USING TTL 500 SET s = 'S2' WHERE k = 'a'");
    let r = rows(&node, "SELECT s, ttl(s) FROM t WHERE k = 'a'");
    assert_eq!(r.len(), 2);
    assert!(r.iter().all(|r| r.starts_with("S2 ")), "{r:?}");
    // Written with a full key, it is the partition's one value still.
    ok(
        &node,
        "INSERT INTO t (k, c, v, s) VALUES ('a', 3, 'three', 'S3')",
    );
    assert_eq!(
        rows(&node, "SELECT c, s FROM t WHERE k = 'a'"),
        ["1 S3", "2 S3", "3 S3"]
    );
    // Each partition has its own.
    ok(&node, "INSERT INTO t (k, c, v) VALUES ('b', 1, 'b1')");
    assert_eq!(rows(&node, "SELECT c, s FROM t WHERE k = 'b'"), ["1 -"]);
    // DELETE of the static column needs the partition only.
    ok(&node, "DELETE s FROM t WHERE k = 'a'");
    assert_eq!(
        rows(&node, "SELECT c, s FROM t WHERE k = 'a'"),
        ["1 -", "2 -", "3 -"]
    );
    // A non-static column still needs the whole key.
    assert_eq!(
        err(&node, "DELETE v FROM t WHERE k = 'a'"),
        "Missing mandatory PRIMARY KEY part c since v specified"
    );
    assert_eq!(
        err(&node, "DELETE s, v FROM t WHERE k = 'a'"),
        "Missing mandatory PRIMARY KEY part c since v specified"
    );
    assert_eq!(
        err(&node, "INSERT INTO t (k, v) VALUES ('a', 'x')"),
        "Missing mandatory PRIMARY KEY part c"
    );
    assert_eq!(
        err(&node, "UPDATE t SET s = 'x', v = 'y' WHERE k = 'a'"),
        "Missing mandatory PRIMARY KEY part c"
    );
}

#[test]
fn static_cells_are_named_as_2_0_named_them() {
    let node = with_table();
    ok(
        &node,
        "INSERT INTO t (k, s) VALUES ('a', 'S') USING TIMESTAMP 7",
    );
    ok(
        &node,
        "INSERT INTO t (k, c, v) VALUES ('a', 1, 'V') USING TIMESTAMP 8",
    );
    let engine = node.engine().unwrap();
    let cmd = ReadCommand {
        keyspace: "st".into(),
        cf: "t".into(),
        super_column: None,
        slice: Slice::Range {
            start: Vec::new(),
            finish: Vec::new(),
            reversed: false,
            count: 100,
        },
    };
    let RowResult::Cells(cells) = engine.read(&cmd, b"a").unwrap() else {
        panic!()
    };
    let names: Vec<String> = cells.iter().map(|c| bytes_to_hex(&c.name)).collect();
    // The static marker, an empty component for `c`, then `s`; it sorts
    // before the row's marker and cells.
    assert_eq!(
        names,
        [
            "ffff00000000017300",
            "00040000000100000000",
            "0004000000010000017600",
        ]
    );
}

#[test]
fn alter_adds_a_static_column() {
    let node = with_table();
    ok(&node, "INSERT INTO t (k, c, v) VALUES ('a', 1, 'one')");
    ok(&node, "ALTER TABLE t ADD n int static");
    ok(&node, "UPDATE t SET n = 5 WHERE k = 'a'");
    assert_eq!(
        rows(&node, "SELECT c, n, s FROM t WHERE k = 'a'"),
        ["1 5 -"]
    );
    // The schema keeps it static (rebuilt from the stored definition).
    let cf = node.schema().cf("st", "t").cloned().unwrap();
    let statics: Vec<String> = cf
        .options
        .column_metadata
        .iter()
        .filter(|c| c.is_static)
        .map(|c| String::from_utf8_lossy(&c.name).into_owned())
        .collect();
    assert_eq!(statics, ["n", "s"]);
    let layout = crate::cql::exec::schema3x::layout_of(&cf).unwrap();
    let kinds: Vec<(String, &str)> = layout
        .columns
        .iter()
        .map(|c| (c.name.clone(), c.kind.as_str()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("k".to_string(), "partition_key"),
            ("c".to_string(), "clustering"),
            ("n".to_string(), "static"),
            ("s".to_string(), "static"),
            ("v".to_string(), "regular"),
        ]
    );
}

/// The reply of a conditional statement: each row's values as text (see
/// [`rows`]), the `[applied]` flag as `true`/`false`, and the column names.
fn cas(node: &Node, q: &str) -> (Vec<String>, Vec<String>) {
    let Ok(CqlOutcome::Rows(rs)) = run(node, Grammar::WithStatics, q) else {
        panic!("{q}: no rows");
    };
    (
        render(&rs),
        rs.columns.iter().map(|c| c.name.clone()).collect(),
    )
}

#[test]
fn a_static_condition_is_decided_on_the_partition_not_the_row() {
    let node = with_table();
    ok(&node, "INSERT INTO t (k, s) VALUES ('a', 'S1')");
    ok(&node, "INSERT INTO t (k, c, v) VALUES ('a', 1, 'one')");
    // Row 2 does not exist; the partition's `s` decides.
    let (r, names) = cas(
        &node,
        "UPDATE t SET v = 'two' WHERE k = 'a' AND c = 2 IF s = 'S1'",
    );
    assert_eq!(
        (r, names),
        (vec!["true".to_string()], vec!["[applied]".to_string()])
    );
    assert_eq!(
        rows(&node, "SELECT c, s, v FROM t WHERE k = 'a'"),
        ["1 S1 one", "2 S1 two"]
    );
    let (r, names) = cas(
        &node,
        "UPDATE t SET v = 'x' WHERE k = 'a' AND c = 3 IF s = 'S0'",
    );
    assert_eq!(r, ["false S1"]);
    assert_eq!(names, ["[applied]", "s"]);
    assert!(rows(&node, "SELECT c FROM t WHERE k = 'a' AND c = 3").is_empty());
    // A write of the static value alone, under a condition on it.
    assert_eq!(
        cas(&node, "UPDATE t SET s = 'S2' WHERE k = 'a' IF s = 'S1'").0,
        ["true"]
    );
    assert_eq!(rows(&node, "SELECT s FROM t WHERE k = 'a' LIMIT 1"), ["S2"]);
    // No partition, or one without a static value: nothing read, not applied.
    assert_eq!(
        cas(&node, "UPDATE t SET s = 'B' WHERE k = 'b' IF s = 'S1'"),
        (vec!["false".to_string()], vec!["[applied]".to_string()])
    );
    ok(&node, "INSERT INTO t (k, c, v) VALUES ('c', 1, 'v')");
    assert_eq!(
        cas(&node, "UPDATE t SET s = 'C' WHERE k = 'c' IF s = null").0,
        ["false"]
    );
    assert_eq!(rows(&node, "SELECT s FROM t WHERE k = 'c'"), ["-"]);
    // Regular and static conditions: the row's and the partition's; the
    // reply lists the regular columns first.
    let (r, names) = cas(
        &node,
        "UPDATE t SET v = 'uno' WHERE k = 'a' AND c = 1 IF s = 'S9' AND v = 'one'",
    );
    assert_eq!(r, ["false one S2"]);
    assert_eq!(names, ["[applied]", "v", "s"]);
    assert_eq!(
        cas(
            &node,
            "UPDATE t SET v = 'uno' WHERE k = 'a' AND c = 1 IF s = 'S2' AND v = 'one'"
        )
        .0,
        ["true"]
    );
    // A missing row holds nothing: `IF v = null` holds when the static part was read.
    assert_eq!(
        cas(
            &node,
            "UPDATE t SET v = 'five' WHERE k = 'a' AND c = 5 IF v = null AND s = 'S2'"
        )
        .0,
        ["true"]
    );
    let (r, names) = cas(
        &node,
        "UPDATE t SET v = 'six' WHERE k = 'a' AND c = 6 IF v = 'x' AND s = 'S2'",
    );
    assert_eq!(
        (r, names),
        (
            vec!["false - S2".to_string()],
            vec!["[applied]".into(), "v".into(), "s".into()]
        )
    );
    // A DELETE of the static value under a condition on it.
    assert_eq!(
        cas(&node, "DELETE s FROM t WHERE k = 'a' IF s = 'S2'").0,
        ["true"]
    );
    assert_eq!(rows(&node, "SELECT s FROM t WHERE k = 'a' LIMIT 1"), ["-"]);
}

#[test]
fn a_static_insert_if_not_exists_asks_for_the_static_part() {
    let node = with_table();
    assert_eq!(
        cas(
            &node,
            "INSERT INTO t (k, s) VALUES ('d', 'D') IF NOT EXISTS"
        )
        .0,
        ["true"]
    );
    let (r, names) = cas(
        &node,
        "INSERT INTO t (k, s) VALUES ('d', 'E') IF NOT EXISTS",
    );
    assert_eq!(r, ["false d - D -"]);
    assert_eq!(names, ["[applied]", "k", "c", "s", "v"]);
    // Rows without a static value: the static part does not exist.
    ok(&node, "INSERT INTO t (k, c, v) VALUES ('e', 1, 'x')");
    assert_eq!(
        cas(
            &node,
            "INSERT INTO t (k, s) VALUES ('e', 'E') IF NOT EXISTS"
        )
        .0,
        ["true"]
    );
    // Naming a row does not change it when only static columns are set.
    assert_eq!(
        cas(
            &node,
            "INSERT INTO t (k, c, s) VALUES ('e', 9, 'E2') IF NOT EXISTS"
        )
        .0,
        ["false e - E -"]
    );
    assert!(rows(&node, "SELECT c FROM t WHERE k = 'e' AND c = 9").is_empty());
    // A row's IF NOT EXISTS shows that row, without the static part it did not read.
    assert_eq!(
        cas(
            &node,
            "INSERT INTO t (k, c, v) VALUES ('e', 1, 'y') IF NOT EXISTS"
        )
        .0,
        ["false e 1 - x"]
    );
    assert_eq!(
        cas(
            &node,
            "INSERT INTO t (k, c, v) VALUES ('e', 2, 'y') IF NOT EXISTS"
        )
        .0,
        ["true"]
    );
}

#[test]
fn a_static_write_names_its_partition_alone() {
    let node = with_table();
    ok(&node, "INSERT INTO t (k, c, v) VALUES ('a', 1, 'one')");
    assert_eq!(
        err(&node, "UPDATE t SET s = 'x' WHERE k = 'a' AND c = 1"),
        "Invalid restriction on clustering column c since the UPDATE statement modifies only static columns"
    );
    assert_eq!(
        err(&node, "DELETE s FROM t WHERE k = 'a' AND c = 1"),
        "Invalid restriction on clustering column c since the DELETE statement modifies only static columns"
    );
    assert_eq!(
        err(&node, "UPDATE t SET s = 'x' WHERE k = 'a' AND c = 1 IF s = 'y'"),
        "Invalid restriction on clustering column c since the UPDATE statement modifies only static columns"
    );
    // The partition key is checked first.
    assert_eq!(
        err(&node, "UPDATE t SET s = 'x' WHERE c = 1"),
        "Missing mandatory PRIMARY KEY part k"
    );
    // A condition on a regular column is about a row, which it must name.
    assert_eq!(
        err(&node, "UPDATE t SET s = 'x' WHERE k = 'a' IF v = 'one'"),
        "Missing mandatory PRIMARY KEY part c"
    );
    assert_eq!(
        cas(
            &node,
            "UPDATE t SET s = 'x' WHERE k = 'a' AND c = 1 IF v = 'one'"
        )
        .0,
        ["true"]
    );
    assert_eq!(
        rows(&node, "SELECT c, s, v FROM t WHERE k = 'a'"),
        ["1 x one"]
    );
    // An INSERT may name its row with static columns alone.
    ok(&node, "INSERT INTO t (k, c, s) VALUES ('a', 2, 'y')");
    assert_eq!(
        rows(&node, "SELECT c, s, v FROM t WHERE k = 'a'"),
        ["1 y one", "2 y -"]
    );
}

#[test]
fn a_conditional_batch_decides_static_conditions_on_the_static_part() {
    let node = with_table();
    ok(&node, "INSERT INTO t (k, s) VALUES ('a', 'S1')");
    ok(&node, "INSERT INTO t (k, c, v) VALUES ('a', 1, 'one')");
    // A static condition and a row that does not exist yet.
    let (r, names) = cas(
        &node,
        "BEGIN BATCH UPDATE t SET s = 'S2' WHERE k = 'a' IF s = 'S1' \
         INSERT INTO t (k, c, v) VALUES ('a', 2, 'two') APPLY BATCH",
    );
    assert_eq!(
        (r, names),
        (vec!["true".to_string()], vec!["[applied]".to_string()])
    );
    assert_eq!(
        rows(&node, "SELECT c, s, v FROM t WHERE k = 'a'"),
        ["1 S2 one", "2 S2 two"]
    );
    // Not applied: the rows the conditions touched, with the static value.
    let (r, names) = cas(
        &node,
        "BEGIN BATCH UPDATE t SET v = 'x' WHERE k = 'a' AND c = 1 IF v = 'one' \
         UPDATE t SET s = 'S3' WHERE k = 'a' IF s = 'S1' APPLY BATCH",
    );
    assert_eq!(names, ["[applied]", "k", "c", "v", "s"]);
    assert_eq!(r, ["false a 1 one S2"]);
    // Only the static part touched: it is the one row shown.
    let (r, _) = cas(
        &node,
        "BEGIN BATCH UPDATE t SET s = 'S3' WHERE k = 'a' IF s = 'S0' APPLY BATCH",
    );
    assert_eq!(r, ["false a - S2"]);
    // A static IF NOT EXISTS and a row's conditions do not clash.
    let (r, _) = cas(
        &node,
        "BEGIN BATCH INSERT INTO t (k, s) VALUES ('b', 'B') IF NOT EXISTS \
         INSERT INTO t (k, c, v) VALUES ('b', 1, 'b1') IF NOT EXISTS APPLY BATCH",
    );
    assert_eq!(r, ["true"]);
    assert_eq!(
        rows(&node, "SELECT c, s, v FROM t WHERE k = 'b'"),
        ["1 B b1"]
    );
    assert_eq!(
        err(
            &node,
            "BEGIN BATCH INSERT INTO t (k, s) VALUES ('b', 'B') IF NOT EXISTS \
             UPDATE t SET s = 'C' WHERE k = 'b' IF s = 'B' APPLY BATCH"
        ),
        "Cannot mix IF conditions and IF NOT EXISTS for the same row"
    );
}

#[test]
fn levels_count_the_replicas_of_the_keyspace() {
    use crate::call::Consistency as C;
    let opts = |pairs: &[(&str, &str)]| {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<std::collections::BTreeMap<_, _>>()
    };
    assert_eq!(
        super::replication_factor(&opts(&[("replication_factor", "2")])),
        2
    );
    assert_eq!(
        super::replication_factor(&opts(&[("datacenter1", "1"), ("dc2", "2")])),
        3
    );
    assert_eq!(super::replication_factor(&opts(&[])), 1);
    assert_eq!(super::block_for(C::All, 2), 2);
    assert_eq!(super::block_for(C::Quorum, 2), 2);
    assert_eq!(super::block_for(C::Quorum, 1), 1);
    assert_eq!(super::block_for(C::One, 3), 1);
    assert_eq!(super::block_for(C::LocalQuorum, 3), 2);
}
