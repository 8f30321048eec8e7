//! CQL 3 over Thrift on 3.0.24 and 3.11.10, through the handler: range
//! deletions, the words of modifications' and reads' key refusals, the
//! names of user types and of a static compact table's markers.

use crate::node::test_nodes::Kit;
use crate::node::Node;
use crate::release::Release;
use crate::thrift::api19::Handler;
use crate::thrift::gen::cassandra19 as t;
use crate::thrift::gen::cassandra19::CassandraSyncHandler;
use crate::thrift::session::Session;

fn node(version: &str) -> Node {
    let mut node = Kit::default().node();
    node.release = Release::find(version);
    node
}

/// Runs `statements` in a fresh keyspace: each one's outcome, an error as
/// its message.
fn run(version: &str, statements: &[&str]) -> Vec<Result<t::CqlResult, String>> {
    let node = node(version);
    let mut session = Session::default();
    let h = Handler::new(&node, &mut session);
    let q = |s: &str| {
        h.handle_execute_cql3_query(
            s.as_bytes().to_vec(),
            t::Compression::NONE,
            t::ConsistencyLevel::ONE,
        )
        .map_err(|e| match e {
            thrift::Error::User(e) => e
                .downcast::<t::InvalidRequestException>()
                .map(|e| e.why)
                .unwrap_or_else(|e| format!("{e:?}")),
            other => format!("{other:?}"),
        })
    };
    q("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
        .unwrap();
    h.handle_set_keyspace("ks".into()).unwrap();
    statements.iter().map(|s| q(s)).collect()
}

fn error(r: &Result<t::CqlResult, String>) -> &str {
    r.as_ref().err().map(String::as_str).unwrap_or("(no error)")
}

fn ints(r: &Result<t::CqlResult, String>, column: &str) -> Vec<i32> {
    let rows = r.as_ref().unwrap().rows.clone().unwrap_or_default();
    rows.iter()
        .flat_map(|row| row.columns.iter())
        .filter(|c| c.name == column.as_bytes())
        .map(|c| i32::from_be_bytes(c.value.clone().unwrap().try_into().unwrap()))
        .collect()
}

const TABLE: &str =
    "CREATE TABLE m (k text, a int, b int, v text, s text static, PRIMARY KEY (k, a, b))";

#[test]
fn three_oh_deletes_a_slice_of_rows() {
    let mut statements = vec![TABLE];
    let inserts: Vec<String> = (1..=3)
        .flat_map(|a| {
            (1..=3).map(move |b| format!("INSERT INTO m (k, a, b, v) VALUES ('p', {a}, {b}, 'v')"))
        })
        .collect();
    statements.extend(inserts.iter().map(String::as_str));
    statements.extend([
        "UPDATE m SET s = 'st' WHERE k = 'p'",
        "DELETE FROM m WHERE k = 'p' AND a = 1 AND b > 1",
        "DELETE FROM m WHERE k = 'p' AND a >= 3",
        "SELECT a, b FROM m WHERE k = 'p'",
        "SELECT s FROM m WHERE k = 'p' LIMIT 1",
    ]);
    for v in ["3.0.24", "3.11.10"] {
        let out = run(v, &statements);
        let n = out.len();
        assert_eq!(ints(&out[n - 2], "a"), vec![1, 2, 2, 2], "{v}");
        assert_eq!(ints(&out[n - 2], "b"), vec![1, 1, 2, 3], "{v}");
        assert!(out[n - 1]
            .as_ref()
            .unwrap()
            .rows
            .as_ref()
            .is_some_and(|r| r.len() == 1));
    }
    let before = run("2.2.19", &[TABLE, "DELETE FROM m WHERE k = 'p' AND a > 1"]);
    assert_eq!(
        error(&before[1]),
        "Invalid operator > for PRIMARY KEY part a"
    );
}

#[test]
fn three_oh_refuses_ranges_in_its_words() {
    let out = run(
        "3.0.24",
        &[
            TABLE,
            "DELETE v FROM m WHERE k = 'p' AND a = 1 AND b > 2",
            "DELETE v FROM m WHERE k = 'p' AND a = 1",
            "DELETE FROM m WHERE k = 'p' AND b > 2",
            "DELETE FROM m WHERE k = 'p' AND a > 1 AND b = 2",
            "DELETE FROM m WHERE k = 'p' AND a > 1 AND a >= 2",
            "UPDATE m SET s = 'x' WHERE k = 'p' AND a = 1",
            "DELETE s FROM m WHERE k = 'p' AND a = 1 AND b = 1",
            "DELETE FROM m WHERE k = 'p' AND v = 'x'",
            "UPDATE m SET v = 'x' WHERE v = 'y'",
            "INSERT INTO m (k, a, b, nope, v, v) VALUES ('p', 1, 1, 'x', 'y', 'z')",
        ],
    );
    let words: Vec<&str> = out[1..].iter().map(error).collect();
    assert_eq!(
        words,
        [
            "Range deletions are not supported for specific columns",
            "Range deletions are not supported for specific columns",
            "PRIMARY KEY column \"b\" cannot be restricted as preceding column \"a\" is not restricted",
            "Clustering column \"b\" cannot be restricted (preceding column \"a\" is restricted by a non-EQ relation)",
            "More than one restriction was found for the start bound on a",
            "Invalid restrictions on clustering columns since the UPDATE statement modifies only static columns",
            "Invalid restrictions on clustering columns since the DELETE statement modifies only static columns",
            "Non PRIMARY KEY columns found in where clause: v ",
            "Some partition key parts are missing: k",
            "The column names contains duplicates",
        ]
    );
}

#[test]
fn a_partition_key_in_part_is_refused_by_each_release_in_its_words() {
    let table = "CREATE TABLE p (x text, y int, z int, PRIMARY KEY ((x, y), z))";
    let select = "SELECT * FROM p WHERE x = 'a'";
    let words = |v| {
        run(v, &[table, select])
            .pop()
            .map(|r| error(&r).to_string())
    };
    assert_eq!(
        words("2.1.22").as_deref(),
        Some("Partition key part y must be restricted since preceding part is")
    );
    assert_eq!(
        words("2.2.19").as_deref(),
        Some("Partition key parts: y must be restricted as other parts are")
    );
    assert_eq!(
        words("3.0.24").as_deref(),
        Some("Partition key parts: y must be restricted as other parts are")
    );
    assert!(words("3.11.10")
        .unwrap()
        .starts_with("Cannot execute this query as it might involve data filtering"));
}

#[test]
fn three_eleven_names_frozen_user_types_in_results() {
    let statements = [
        "CREATE TYPE addr (street text, zip int)",
        "CREATE TABLE u (id int PRIMARY KEY, home frozen<addr>, others map<text, frozen<addr>>)",
        "SELECT home, others FROM u",
    ];
    let types = |v| {
        let out = run(v, &statements);
        let schema = out[2].as_ref().unwrap().schema.clone().unwrap();
        (
            schema.value_types[b"home".as_slice()].clone(),
            schema.value_types[b"others".as_slice()].clone(),
        )
    };
    let (home, others) = types("3.11.10");
    assert!(
        home.starts_with(
            "org.apache.cassandra.db.marshal.FrozenType(org.apache.cassandra.db.marshal.UserType("
        ),
        "{home}"
    );
    assert!(
        others.contains(
            ",org.apache.cassandra.db.marshal.FrozenType(org.apache.cassandra.db.marshal.UserType("
        ),
        "{others}"
    );
    let (home, _) = types("3.0.24");
    assert!(
        home.starts_with("org.apache.cassandra.db.marshal.UserType("),
        "{home}"
    );
}

#[test]
fn three_oh_names_a_static_compact_tables_markers_static() {
    let node = node("3.0.24");
    let mut session = Session::default();
    let h = Handler::new(&node, &mut session);
    let q = |s: &str| {
        h.handle_execute_cql3_query(
            s.as_bytes().to_vec(),
            t::Compression::NONE,
            t::ConsistencyLevel::ONE,
        )
        .unwrap()
    };
    q("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    h.handle_set_keyspace("ks".into()).unwrap();
    q("CREATE TABLE c (k text PRIMARY KEY, v text) WITH COMPACT STORAGE");
    let p = h
        .handle_prepare_cql3_query(
            b"UPDATE c SET v = ? WHERE k = ?".to_vec(),
            t::Compression::NONE,
        )
        .unwrap();
    let names = p.variable_names.unwrap();
    assert!(
        names[0].contains("name=v,") && names[0].contains("kind=STATIC"),
        "{}",
        names[0]
    );
    assert!(names[1].contains("kind=PARTITION_KEY"), "{}", names[1]);
}

#[test]
fn three_eleven_calls_a_keys_collection_non_frozen() {
    let create = "CREATE TABLE l (k list<int> PRIMARY KEY, v int)";
    assert_eq!(
        error(&run("3.11.10", &[create])[0]),
        "Invalid non-frozen collection type for PRIMARY KEY component k"
    );
    assert_eq!(
        error(&run("3.0.24", &[create])[0]),
        "Invalid collection type for PRIMARY KEY component k"
    );
}

#[test]
fn three_oh_names_keyspaces_and_tables_in_its_words() {
    let out = run(
        "3.0.24",
        &[
            "CREATE KEYSPACE k2 WITH replication = {'class': 'SimpleStrategy', \
             'replication_factor': 1, 'foo': 'bar'}",
            "CREATE KEYSPACE \"k-2\" WITH replication = {'class': 'SimpleStrategy', \
             'replication_factor': 1}",
            "CREATE TABLE \"bad-name\" (k int PRIMARY KEY)",
            "ALTER KEYSPACE system WITH durable_writes = false",
        ],
    );
    let words: Vec<&str> = out.iter().map(error).collect();
    assert_eq!(
        words,
        [
            "Unrecognized strategy option {foo} passed to SimpleStrategy for keyspace k2",
            "\"k-2\" is not a valid keyspace name",
            "\"bad-name\" is not a valid table name (must be alphanumeric character or \
             underscore only: [a-zA-Z_0-9]+)",
            "system keyspace is not user-modifiable.",
        ]
    );
}

#[test]
fn three_oh_refuses_a_compact_writes_gap_but_not_its_prefix() {
    let out = run(
        "3.0.24",
        &[
            "CREATE TABLE t (k text, a int, b text, v text, PRIMARY KEY (k, a, b)) \
             WITH COMPACT STORAGE",
            "UPDATE t SET v = 'p' WHERE k = 'x' AND a = 1",
            "UPDATE t SET v = 'g' WHERE k = 'x' AND b = 'p'",
            "UPDATE t SET v = 'n' WHERE k = 'x'",
        ],
    );
    assert!(out[1].is_ok());
    assert_eq!(
        error(&out[2]),
        "PRIMARY KEY column \"b\" cannot be restricted as preceding column \"a\" is not restricted"
    );
    assert_eq!(error(&out[3]), "Some clustering keys are missing: a, b");
}
