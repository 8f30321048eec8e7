//! `cql::exec` beyond the recorded scenarios, on a real engine: the schema
//! statement lifecycle (ALTER/DROP TABLE, CREATE/DROP INDEX, DROP
//! KEYSPACE, IF [NOT] EXISTS), TRUNCATE, counters, batches, prepared
//! statements, the session's errors, and CQL3 tables surviving a restart
//! (schema rebuilt from the persisted column-family metadata, data from
//! SSTables and the commit log).

use crate::support::cql_exec;

use cql_exec::{column, rows, EngineBackend, Node};
use supercolumn::cql::exec::{self, ChangeKind, CqlOutcome};

fn node() -> Node {
    let mut n = Node::new(EngineBackend::in_memory());
    n.run_all(&[
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "USE ks",
    ]);
    n
}

fn error(n: &mut Node, cql: &str) -> String {
    match n.execute(cql) {
        Err(e) => e.to_string(),
        Ok(o) => panic!("{cql}: {o:?}, want an error"),
    }
}

#[test]
fn outcomes_name_what_changed() {
    let mut n = Node::new(EngineBackend::in_memory());
    assert_eq!(
        error(&mut n, "CREATE TABLE t (k int PRIMARY KEY)"),
        "You have not set a keyspace for this session"
    );
    assert_eq!(
        error(&mut n, "USE nowhere"),
        "Keyspace 'nowhere' does not exist"
    );
    let o = n
        .execute("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
        .unwrap();
    assert_eq!(
        o,
        CqlOutcome::SchemaChange {
            change: ChangeKind::Created,
            keyspace: "ks".into(),
            table: String::new()
        }
    );
    assert_eq!(
        n.execute("USE ks").unwrap(),
        CqlOutcome::SetKeyspace("ks".into())
    );
    assert_eq!(n.session.keyspace(), Some("ks"));
    assert_eq!(
        n.execute("INSERT INTO nope (k) VALUES (1)")
            .unwrap_err()
            .to_string(),
        "unconfigured columnfamily nope"
    );
    assert_eq!(
        error(&mut n, "SELECT * FROM t WHERE k = ?"),
        "There were 1 markers(?) in CQL but 0 bound variables"
    );
}

#[test]
fn alter_drop_and_if_exists() {
    let mut n = node();
    n.run_all(&[
        "CREATE TABLE t (k int PRIMARY KEY, a text)",
        "CREATE TABLE IF NOT EXISTS t (k int PRIMARY KEY)",
        "INSERT INTO t (k, a) VALUES (1, 'x')",
        "ALTER TABLE t ADD b int",
        "UPDATE t SET b = 5 WHERE k = 1",
    ]);
    assert_eq!(rows(&mut n, "SELECT * FROM t"), [["1", "x", "5"]]);
    n.run_all(&["ALTER TABLE t WITH comment = 'hello' AND gc_grace_seconds = 100"]);
    let schema = supercolumn::cql::exec::CqlBackend::schema(&n.backend);
    let cf = schema.cf("ks", "t").unwrap();
    assert_eq!(cf.comment.as_deref(), Some("hello"));
    assert_eq!(cf.gc_grace_seconds, 100);
    assert_eq!(
        rows(&mut n, "SELECT * FROM t"),
        [["1", "x", "5"]],
        "options keep the shape"
    );
    n.run_all(&["DROP TABLE t", "DROP TABLE IF EXISTS t"]);
    assert_eq!(
        error(&mut n, "SELECT * FROM t"),
        "unconfigured columnfamily t"
    );
    n.run_all(&["DROP KEYSPACE ks", "DROP KEYSPACE IF EXISTS ks"]);
    assert_eq!(
        error(&mut n, "SELECT * FROM ks.t"),
        "Keyspace ks does not exist"
    );
}

#[test]
fn a_collection_added_to_a_live_table_sorts_by_its_type() {
    // The memtable written before the ALTER takes the new comparator: a
    // set<int>'s elements sort as ints, not as their bytes.
    let mut n = node();
    n.run_all(&[
        "CREATE TABLE u (id text PRIMARY KEY, tags set<text>)",
        "INSERT INTO u (id, tags) VALUES ('a', {'x'})",
        "ALTER TABLE u ADD nums set<int>",
        "INSERT INTO u (id, nums) VALUES ('b', {42, -1})",
    ]);
    let hex = |_: &supercolumn::marshal::TypeRef, v: Option<&[u8]>| {
        v.map(supercolumn::marshal::bytes_to_hex)
            .unwrap_or_default()
    };
    assert_eq!(
        cql_exec::rows_rendered(&mut n, "SELECT nums FROM u WHERE id = 'b'", hex),
        [["00020004ffffffff00040000002a"]]
    );
}

#[test]
fn indexes_come_and_go() {
    let mut n = node();
    n.run_all(&[
        "CREATE TABLE u (k int PRIMARY KEY, city text)",
        "INSERT INTO u (k, city) VALUES (1, 'paris')",
        "INSERT INTO u (k, city) VALUES (2, 'rome')",
        "CREATE INDEX by_city ON u (city)",
    ]);
    assert_eq!(column(&mut n, "SELECT k FROM u WHERE city = 'rome'"), ["2"]);
    n.run_all(&["DROP INDEX by_city"]);
    assert!(error(&mut n, "SELECT k FROM u WHERE city = 'rome'")
        .starts_with("No indexed columns present"));
    assert_eq!(
        error(&mut n, "DROP INDEX by_city"),
        "Index 'by_city' could not be found in any of the column families of keyspace 'ks'"
    );
    n.run_all(&["DROP INDEX IF EXISTS by_city"]);
}

#[test]
fn truncate_counters_and_batches() {
    let mut n = node();
    n.run_all(&[
        "CREATE TABLE c (k text PRIMARY KEY, hits counter)",
        "UPDATE c SET hits = hits + 3 WHERE k = 'a'",
        "UPDATE c SET hits = hits + 4 WHERE k = 'a'",
        "UPDATE c SET hits = hits - 2 WHERE k = 'b'",
    ]);
    // Counter values are 8-byte big-endian totals (rendered as hex here).
    assert_eq!(
        rows(&mut n, "SELECT k, hits FROM c WHERE k IN ('a', 'b')"),
        [["a", "0000000000000007"], ["b", "fffffffffffffffe"]]
    );
    n.run_all(&["TRUNCATE c"]);
    assert!(rows(&mut n, "SELECT * FROM c").is_empty());

    n.run_all(&[
        "CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c))",
        "BEGIN BATCH INSERT INTO t (k, c, v) VALUES (1, 1, 'a'); INSERT INTO t (k, c, v) VALUES (1, 2, 'b'); INSERT INTO t (k, c, v) VALUES (2, 1, 'c'); APPLY BATCH",
        "DELETE FROM t WHERE k = 1 AND c = 1",
    ]);
    assert_eq!(
        rows(&mut n, "SELECT k, c, v FROM t WHERE k = 1"),
        [["1", "2", "b"]]
    );
    n.run_all(&["DELETE FROM t WHERE k = 2"]);
    assert!(rows(&mut n, "SELECT * FROM t WHERE k = 2").is_empty());
}

#[test]
fn prepared_statements() {
    let mut n = node();
    n.run_all(&["CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c))"]);
    let ins = exec::prepare(
        &n.backend,
        &n.session,
        &n.cache,
        "INSERT INTO t (k, c, v) VALUES (?, ?, ?)",
    )
    .unwrap();
    let names: Vec<&str> = ins.specs.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["k", "c", "v"]);
    assert_eq!(
        ins.specs[0].ty.class_name(),
        "org.apache.cassandra.db.marshal.Int32Type"
    );
    // 1.2.9's id: the query's Java hashCode, the same on every prepare.
    let again = exec::prepare(
        &n.backend,
        &n.session,
        &n.cache,
        "INSERT INTO t (k, c, v) VALUES (?, ?, ?)",
    )
    .unwrap();
    assert_eq!(ins.id, again.id);
    for (c, v) in [(1i32, "one"), (2, "two")] {
        let values = [
            Some(7i32.to_be_bytes().to_vec()),
            Some(c.to_be_bytes().to_vec()),
            Some(v.as_bytes().to_vec()),
        ];
        exec::execute_prepared(&n.backend, &mut n.session, &n.cache, ins.id, &values).unwrap();
    }
    let sel = exec::prepare(
        &n.backend,
        &n.session,
        &n.cache,
        "SELECT v FROM t WHERE k = ? AND c > ?",
    )
    .unwrap();
    let out = exec::execute_prepared(
        &n.backend,
        &mut n.session,
        &n.cache,
        sel.id,
        &[
            Some(7i32.to_be_bytes().to_vec()),
            Some(1i32.to_be_bytes().to_vec()),
        ],
    )
    .unwrap();
    let CqlOutcome::Rows(rs) = out else {
        panic!("rows")
    };
    assert_eq!(rs.rows, [[Some(b"two".to_vec())]]);
    let e =
        exec::execute_prepared(&n.backend, &mut n.session, &n.cache, sel.id, &[None]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "There were 2 markers(?) in CQL but 1 bound variables"
    );
    let e = exec::execute_prepared(&n.backend, &mut n.session, &n.cache, 12345, &[]).unwrap_err();
    assert!(e
        .to_string()
        .starts_with("Prepared query with ID 12345 not found"));
    let e = exec::prepare(
        &n.backend,
        &n.session,
        &n.cache,
        "SELECT * FROM missing WHERE k = ?",
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "unconfigured columnfamily missing");
}

#[test]
fn cql_tables_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let setup = [
        "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "USE ks",
        "CREATE TABLE posts (user text, id int, title text, tags set<text>, PRIMARY KEY (user, id)) WITH CLUSTERING ORDER BY (id DESC)",
        "CREATE INDEX ON posts (title)",
        "INSERT INTO posts (user, id, title, tags) VALUES ('anna', 1, 'first', {'a'})",
        "INSERT INTO posts (user, id, title) VALUES ('anna', 2, 'second')",
    ];
    // The set is its serialized form (count 1, length 1, "a").
    let want = vec![
        vec!["2", "second", "null"],
        vec!["1", "first", "0001000161"],
    ];
    {
        let mut n = Node::new(EngineBackend::on_disk(dir.path()));
        n.run_all(&setup);
        n.backend.engine.flush(None).unwrap();
        n.run_all(&[
            "INSERT INTO posts (user, id, title) VALUES ('anna', 3, 'third')",
            "DELETE FROM posts WHERE user = 'anna' AND id = 3",
        ]);
        assert_eq!(
            rows(
                &mut n,
                "SELECT id, title, tags FROM posts WHERE user = 'anna'"
            ),
            want
        );
        // Dropped without shutdown: the last writes live only in the commit log.
    }
    let mut n = Node::new(EngineBackend::on_disk(dir.path()));
    n.run_all(&["USE ks"]);
    assert_eq!(
        rows(
            &mut n,
            "SELECT id, title, tags FROM posts WHERE user = 'anna'"
        ),
        want
    );
    assert_eq!(
        column(&mut n, "SELECT id FROM posts WHERE title = 'first'"),
        ["1"]
    );
    n.backend.engine.shutdown().unwrap();
}

/// A column family made through Thrift (here: the config) reads as 1.2's
/// compact view: `key`, `column1`, `value`.
#[test]
fn thrift_column_families_read_as_cql3_tables() {
    use supercolumn::model::{Cell, Op, RowMutation};
    let mut n = Node::new(EngineBackend::in_memory());
    n.backend
        .engine
        .apply(&RowMutation {
            keyspace: "Conf".into(),
            key: b"k1".to_vec(),
            updates: vec![(
                "Std".into(),
                vec![Op::Put {
                    super_column: None,
                    cell: Cell::live(b"name".to_vec(), b"v".to_vec(), 1),
                }],
            )],
        })
        .unwrap();
    n.run_all(&["USE \"Conf\""]);
    assert_eq!(
        rows(&mut n, "SELECT key, column1, value FROM \"Std\""),
        [["6b31", "name", "76"]]
    );
}

#[test]
fn refusals_worded_as_1_2_9() {
    let mut n = node();
    n.run_all(&[
        "CREATE TABLE c (k text PRIMARY KEY, hits counter)",
        "CREATE TABLE t (k text PRIMARY KEY, v text)",
    ]);
    for (q, want) in [
        ("INSERT INTO c (k, hits) VALUES ('a', 1)", "INSERT statement are not allowed on counter tables, use UPDATE instead"),
        ("BEGIN BATCH INSERT INTO t (k, v) VALUES ('a', 'b'); UPDATE c SET hits = hits + 1 WHERE k = 'a'; APPLY BATCH", "Counter mutations are only allowed in COUNTER batches"),
        ("BEGIN COUNTER BATCH UPDATE c SET hits = hits + 1 WHERE k = 'a'; INSERT INTO t (k, v) VALUES ('a', 'b'); APPLY BATCH", "Only counter mutations are allowed in COUNTER batches"),
        ("CREATE TABLE t (k int PRIMARY KEY)", "Cannot add already existing column family \"t\" to keyspace \"ks\""),
        ("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}", "Cannot add existing keyspace \"ks\""),
        ("DROP KEYSPACE nope", "Cannot drop non existing keyspace 'nope'."),
        ("ALTER TABLE t ADD k int", "Invalid column name k because it conflicts with a PRIMARY KEY part"),
        ("TRUNCATE nope", "unconfigured columnfamily nope"),
    ] {
        assert_eq!(error(&mut n, q), want, "{q}");
    }
    // Nothing of a refused batch was written.
    assert!(rows(&mut n, "SELECT * FROM t").is_empty());
    assert!(rows(&mut n, "SELECT * FROM c").is_empty());
    n.run_all(&["BEGIN COUNTER BATCH UPDATE c SET hits = hits + 1 WHERE k = 'a'; UPDATE c SET hits = hits + 1 WHERE k = 'a'; APPLY BATCH"]);
    assert_eq!(
        rows(&mut n, "SELECT hits FROM c WHERE k = 'a'"),
        [["0000000000000002"]]
    );
}

#[test]
fn schema_tables_list_keyspaces_and_tables() {
    let mut n = node();
    n.run_all(&["CREATE TABLE t (k text, c int, v text, PRIMARY KEY (k, c))"]);
    let r = rows(&mut n, "SELECT keyspace_name, strategy_class, strategy_options FROM system.schema_keyspaces WHERE keyspace_name = 'ks'");
    assert_eq!(
        r,
        [[
            "ks",
            "org.apache.cassandra.locator.SimpleStrategy",
            "{\"replication_factor\":\"1\"}"
        ]]
    );
    let r = rows(&mut n, "SELECT columnfamily_name, key_aliases, column_aliases FROM system.schema_columnfamilies WHERE keyspace_name = 'ks'");
    assert_eq!(r, [["t", "[\"k\"]", "[\"c\"]"]]);
    let r = column(&mut n, "SELECT column_name FROM system.schema_columns WHERE keyspace_name = 'ks' AND columnfamily_name = 't'");
    assert_eq!(r, ["v"]);
}

#[test]
fn a_delete_names_the_key_part_it_lacks_as_1_2_9_did() {
    let mut n = node();
    n.run_all(&["CREATE TABLE d (k int, c1 int, c2 int, v int, w int, PRIMARY KEY (k, c1, c2))"]);
    assert_eq!(
        error(&mut n, "DELETE v FROM d WHERE k = 1 AND c1 = 1"),
        "Missing mandatory PRIMARY KEY part c2 since v specified"
    );
    assert_eq!(
        error(&mut n, "DELETE w, v FROM d WHERE k = 1"),
        "Missing mandatory PRIMARY KEY part c1 since w specified"
    );
    assert_eq!(
        error(&mut n, "DELETE FROM d WHERE k = 1 AND c2 = 1"),
        "Missing PRIMARY KEY part c1 since c2 is set"
    );
    // The partition key comes first, the deleted columns before either.
    assert_eq!(
        error(&mut n, "DELETE v FROM d WHERE c2 = 1"),
        "Missing mandatory PRIMARY KEY part k"
    );
    assert_eq!(
        error(&mut n, "DELETE nope FROM d WHERE c2 = 1"),
        "Unknown identifier nope"
    );
    // A partial row key without columns is a range deletion.
    n.run_all(&[
        "INSERT INTO d (k, c1, c2, v) VALUES (1, 1, 1, 1)",
        "INSERT INTO d (k, c1, c2, v) VALUES (1, 2, 1, 1)",
        "DELETE FROM d WHERE k = 1 AND c1 = 1",
    ]);
    assert_eq!(column(&mut n, "SELECT c1 FROM d WHERE k = 1"), ["2"]);
}
