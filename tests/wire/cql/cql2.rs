//! CQL 2 over Thrift 19.x (`execute_cql_query`, `prepare_cql_query`,
//! `execute_prepared_cql_query`) with the generated 19.x client against
//! the real binary: schema statements, typed writes and reads (UTF8, Long,
//! Ascii, Bytes as hex), counters, TTL and timestamps, key ranges, index
//! queries, batches, prepared statements, GZIP queries, the CQL-version
//! routing and 1.2.9's error replies.

use crate::support::wire;

use std::collections::BTreeMap;
use supercolumn::thrift::gen::cassandra19::{
    ColumnParent, ColumnPath, Compression, ConsistencyLevel as CL, CqlResult, CqlResultType,
    SlicePredicate, SliceRange, TCassandraSyncClient,
};
use wire::{connect19, ire19, v19_server, Client19};

fn run(c: &mut Client19, q: &str) -> thrift::Result<CqlResult> {
    c.execute_cql_query(q.as_bytes().to_vec(), Compression::NONE)
}

fn cql(c: &mut Client19, q: &str) -> CqlResult {
    run(c, q).unwrap_or_else(|e| panic!("{q}: {e:?}"))
}

fn void(c: &mut Client19, q: &str) {
    let r = cql(c, q);
    assert_eq!(r.type_, CqlResultType::VOID, "{q}");
    assert!(
        r.rows.is_none() && r.schema.is_none() && r.num.is_none(),
        "{q}"
    );
}

type Col = (String, Option<Vec<u8>>);

/// Each row as (key, [(column name, value)]).
fn rows(c: &mut Client19, q: &str) -> Vec<(String, Vec<Col>)> {
    let r = cql(c, q);
    assert_eq!(r.type_, CqlResultType::ROWS, "{q}");
    r.rows
        .unwrap()
        .into_iter()
        .map(|row| {
            let cols = row
                .columns
                .into_iter()
                .map(|c| (String::from_utf8_lossy(&c.name).into_owned(), c.value))
                .collect();
            (String::from_utf8_lossy(&row.key).into_owned(), cols)
        })
        .collect()
}

fn s(v: &str) -> Option<Vec<u8>> {
    Some(v.as_bytes().to_vec())
}

fn long(v: i64) -> Option<Vec<u8>> {
    Some(v.to_be_bytes().to_vec())
}

fn col(name: &str, value: Option<Vec<u8>>) -> Col {
    (name.to_string(), value)
}

fn setup(c: &mut Client19) {
    void(
        c,
        "CREATE KEYSPACE cq2 WITH strategy_class = SimpleStrategy AND strategy_options:replication_factor = 1",
    );
    void(c, "USE cq2");
    void(
        c,
        "CREATE COLUMNFAMILY Users (KEY text PRIMARY KEY, age bigint, state text) \
         WITH comparator = text AND default_validation = text",
    );
    void(c, "CREATE INDEX users_state ON Users (state)");
    void(
        c,
        "CREATE COLUMNFAMILY Blobs (KEY blob PRIMARY KEY) WITH comparator = ascii AND default_validation = blob",
    );
    void(
        c,
        "CREATE TABLE Hits (KEY text PRIMARY KEY) WITH comparator = text AND default_validation = counter",
    );
}

#[test]
fn cql2_statements_values_and_replies() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    setup(&mut c);

    // Schema statements reach the Thrift view of the keyspace.
    let ks = c.describe_keyspace("cq2".into()).unwrap();
    let users = ks.cf_defs.iter().find(|d| d.name == "Users").unwrap();
    assert_eq!(
        users.comparator_type.as_deref(),
        Some("org.apache.cassandra.db.marshal.UTF8Type")
    );
    let state = users
        .column_metadata
        .as_ref()
        .unwrap()
        .iter()
        .find(|d| d.name == b"state")
        .unwrap();
    assert_eq!(state.index_name.as_deref(), Some("users_state"));

    // INSERT and UPDATE; LongType from integer and string terms alike.
    void(
        &mut c,
        "INSERT INTO Users (KEY, name, age, state) VALUES ('ann', 'Ann', 30, 'TX')",
    );
    void(
        &mut c,
        "UPDATE Users SET name = 'Bob', age = '41', state = 'CA' WHERE KEY = 'bob'",
    );
    void(
        &mut c,
        "UPDATE Users USING CONSISTENCY ONE AND TIMESTAMP 42 SET 'it''s' = 'x' WHERE KEY IN ('cid', 'dee')",
    );

    // SELECT *: the key column first (AsciiType name, key validator value,
    // timestamp -1), then the columns in comparator order.
    let r = cql(&mut c, "SELECT * FROM Users WHERE KEY = 'ann'");
    let md = r.schema.clone().unwrap();
    assert_eq!(md.default_name_type, "UTF8Type");
    assert_eq!(md.default_value_type, "UTF8Type");
    assert_eq!(md.name_types[&b"KEY".to_vec()], "AsciiType");
    assert_eq!(md.value_types[&b"KEY".to_vec()], "UTF8Type");
    assert_eq!(md.value_types[&b"age".to_vec()], "LongType");
    let row = &r.rows.unwrap()[0];
    assert_eq!(row.key, b"ann");
    assert_eq!(row.columns[0].timestamp, Some(-1));
    assert!(
        row.columns[1].timestamp.unwrap() > 1_000_000_000_000_000,
        "server microseconds"
    );
    assert_eq!(
        rows(&mut c, "SELECT * FROM Users WHERE KEY = 'ann'"),
        vec![(
            "ann".into(),
            vec![
                col("KEY", s("ann")),
                col("age", long(30)),
                col("name", s("Ann")),
                col("state", s("TX"))
            ]
        )]
    );

    // Column lists keep the asked order; a missing column has no value; a
    // key with no data is still a row; the key keeps the case it was asked in.
    assert_eq!(
        rows(
            &mut c,
            "SELECT name, key, nothing FROM Users WHERE KEY IN ('ann', 'bob', 'nobody')"
        ),
        vec![
            (
                "ann".into(),
                vec![
                    col("name", s("Ann")),
                    col("key", s("ann")),
                    col("nothing", None)
                ]
            ),
            (
                "bob".into(),
                vec![
                    col("name", s("Bob")),
                    col("key", s("bob")),
                    col("nothing", None)
                ]
            ),
            ("nobody".into(), vec![col("key", s("nobody"))]),
        ]
    );
    let ts = cql(&mut c, "SELECT 'it''s' FROM Users WHERE KEY = 'dee'");
    assert_eq!(ts.rows.unwrap()[0].columns[0].timestamp, Some(42));

    // FIRST, REVERSED and column ranges (a reversed row comes as its slice
    // read it, the last column first).
    assert_eq!(
        rows(
            &mut c,
            "SELECT FIRST 2 REVERSED * FROM Users WHERE KEY = 'ann'"
        ),
        vec![(
            "ann".into(),
            vec![col("state", s("TX")), col("name", s("Ann"))]
        )]
    );
    assert_eq!(
        rows(&mut c, "SELECT 'a'..'n' FROM Users WHERE KEY = 'ann'"),
        vec![("ann".into(), vec![col("age", long(30))])]
    );
    assert_eq!(
        rows(
            &mut c,
            "SELECT REVERSED 'z'..'b' FROM Users WHERE KEY = 'ann'"
        ),
        vec![(
            "ann".into(),
            vec![col("state", s("TX")), col("name", s("Ann"))]
        )]
    );

    // Range scans, LIMIT and COUNT.
    let all = rows(&mut c, "SELECT name FROM Users");
    let mut keys: Vec<&str> = all.iter().map(|(k, _)| k.as_str()).collect();
    keys.sort();
    assert_eq!(keys, ["ann", "bob", "cid", "dee"]);
    assert_eq!(rows(&mut c, "SELECT * FROM Users LIMIT 1").len(), 1);
    let first = all[0].0.clone();
    let from = rows(
        &mut c,
        &format!("SELECT name FROM Users WHERE KEY >= '{first}'"),
    );
    assert_eq!(from.len(), 4);
    let after = rows(
        &mut c,
        &format!("SELECT name FROM Users WHERE KEY > '{first}'"),
    );
    assert_eq!(after.len(), 3);
    assert!(after.iter().all(|(k, _)| *k != first));
    let count = cql(&mut c, "SELECT COUNT(*) FROM Users");
    let md = count.schema.unwrap();
    assert_eq!(
        (
            md.default_name_type.as_str(),
            md.default_value_type.as_str()
        ),
        ("AsciiType", "LongType")
    );
    let row = &count.rows.unwrap()[0];
    assert_eq!(row.key, b"count");
    assert_eq!(row.columns[0].value, long(4));
    assert_eq!(row.columns[0].timestamp, None);

    // Secondary index, alone and with another relation.
    assert_eq!(
        rows(&mut c, "SELECT name FROM Users WHERE state = 'TX'"),
        vec![("ann".into(), vec![col("name", s("Ann"))])]
    );
    void(
        &mut c,
        "UPDATE Users SET state = 'TX', age = 12 WHERE KEY = 'cid'",
    );
    let mut tx = rows(
        &mut c,
        "SELECT name FROM Users WHERE state = 'TX' AND age > 20",
    );
    tx.sort();
    assert_eq!(tx, vec![("ann".into(), vec![col("name", s("Ann"))])]);

    // TTL: the cell expires; Thrift sees the ttl.
    void(
        &mut c,
        "UPDATE Users USING TTL 100 SET short = 'lived' WHERE KEY = 'ann'",
    );
    c.set_keyspace("cq2".into()).unwrap();
    let got = c
        .get(
            b"ann".to_vec(),
            ColumnPath::new("Users".to_string(), None, b"short".to_vec()),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(got.column.unwrap().ttl, Some(100));

    // DELETE of columns and of whole rows.
    void(&mut c, "DELETE age, short FROM Users WHERE KEY = 'ann'");
    void(&mut c, "DELETE FROM Users WHERE KEY IN ('bob', 'cid')");
    assert_eq!(
        rows(&mut c, "SELECT * FROM Users WHERE KEY = 'ann'"),
        vec![(
            "ann".into(),
            vec![
                col("KEY", s("ann")),
                col("name", s("Ann")),
                col("state", s("TX"))
            ]
        )]
    );
    assert_eq!(
        rows(&mut c, "SELECT * FROM Users WHERE KEY = 'bob'"),
        vec![("bob".into(), vec![col("KEY", s("bob"))])]
    );

    // BATCH with a shared timestamp; the later statement of a key wins
    // only by timestamp, so the delete at the same timestamp wins.
    void(
        &mut c,
        "BEGIN BATCH USING CONSISTENCY ONE AND TIMESTAMP 7 \
         INSERT INTO Users (KEY, n) VALUES ('b1', '1'); \
         UPDATE Users SET n = '2' WHERE KEY = 'b2' \
         DELETE n FROM Users WHERE KEY = 'b2' \
         APPLY BATCH",
    );
    assert_eq!(
        rows(&mut c, "SELECT n FROM Users WHERE KEY IN ('b1', 'b2')"),
        // A row whose asked names were deleted names them without values.
        vec![
            ("b1".into(), vec![col("n", s("1"))]),
            ("b2".into(), vec![("n".into(), None)])
        ]
    );

    // BytesType keys and values are hex; an AsciiType comparator.
    void(&mut c, "INSERT INTO Blobs (KEY, c) VALUES ('cafe', 'ff00')");
    let got = c
        .get_slice(
            vec![0xca, 0xfe],
            ColumnParent::new("Blobs".to_string(), None),
            SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 10)),
            CL::ONE,
        )
        .unwrap();
    let cell = got[0].column.as_ref().unwrap();
    assert_eq!(
        (cell.name.as_slice(), cell.value.as_deref()),
        (&b"c"[..], Some(&[0xff, 0x00][..]))
    );
    let r = cql(&mut c, "SELECT * FROM Blobs WHERE KEY = 'cafe'");
    assert_eq!(r.schema.unwrap().value_types[&b"KEY".to_vec()], "BytesType");

    // Counters: increments and decrements add up.
    void(&mut c, "UPDATE Hits SET views = views + 1 WHERE KEY = 'p'");
    void(
        &mut c,
        "UPDATE Hits SET views = views + 41, likes = likes - 2 WHERE KEY = 'p'",
    );
    void(&mut c, "UPDATE Hits SET likes = likes -3 WHERE KEY = 'p'");
    assert_eq!(
        rows(&mut c, "SELECT views, likes FROM Hits WHERE KEY = 'p'"),
        vec![(
            "p".into(),
            vec![col("views", long(42)), col("likes", long(-5))]
        )]
    );

    // TRUNCATE.
    void(&mut c, "TRUNCATE Hits");
    assert_eq!(
        rows(&mut c, "SELECT views FROM Hits WHERE KEY = 'p'"),
        vec![("p".into(), vec![])]
    );
}

#[test]
fn prepared_statements_and_version_routing() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    setup(&mut c);
    void(
        &mut c,
        "UPDATE Users SET name = 'Ann', age = 30 WHERE KEY = 'ann'",
    );

    let p = c
        .prepare_cql_query(
            b"SELECT name, age FROM Users WHERE KEY = ?".to_vec(),
            Compression::NONE,
        )
        .unwrap();
    assert_eq!(p.count, 1);
    assert!(p.variable_types.is_none() && p.variable_names.is_none());
    let r = c
        .execute_prepared_cql_query(p.item_id, vec![b"ann".to_vec()])
        .unwrap();
    let cols = &r.rows.unwrap()[0].columns;
    assert_eq!(cols[1].value, long(30));
    assert_eq!(
        ire19(c.execute_prepared_cql_query(p.item_id, vec![])),
        "there were 1 markers(?) in CQL but 0 bound variables"
    );
    // Bound values arrive already encoded: an 8-byte long for `age`.
    let w = c
        .prepare_cql_query(
            b"UPDATE Users SET age = ? WHERE KEY = ?".to_vec(),
            Compression::NONE,
        )
        .unwrap();
    c.execute_prepared_cql_query(
        w.item_id,
        vec![7i64.to_be_bytes().to_vec(), b"ann".to_vec()],
    )
    .unwrap();
    assert_eq!(
        rows(&mut c, "SELECT age FROM Users WHERE KEY = 'ann'"),
        vec![("ann".into(), vec![col("age", long(7))])]
    );
    assert_eq!(
        ire19(c.execute_prepared_cql_query(12345, vec![])),
        "Prepared query with ID 12345 not found"
    );

    // A GZIP query is a zlib stream, inflated before CQL 2 parses it.
    let gz = {
        use std::io::Write;
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(b"SELECT age FROM Users WHERE KEY = 'ann'")
            .unwrap();
        z.finish().unwrap()
    };
    let r = c.execute_cql_query(gz, Compression::GZIP).unwrap();
    assert_eq!(r.rows.unwrap()[0].columns[0].value, long(7));

    // The connection's CQL version picks the dialect of execute_cql_query.
    c.set_cql_version("3.0.0".into()).unwrap();
    void(&mut c, "CREATE TABLE t3 (k int PRIMARY KEY, v int)");
    void(&mut c, "INSERT INTO t3 (k, v) VALUES (1, 2)");
    let r = cql(&mut c, "SELECT v FROM t3 WHERE k = 1");
    let row = &r.rows.unwrap()[0];
    assert!(row.key.is_empty(), "a CQL 3 row carries no key");
    assert_eq!(row.columns[0].value, Some(2i32.to_be_bytes().to_vec()));
    // Back in CQL 2 the same table is its raw column family: the key alias
    // `k` names the key, the cells (row marker, then `v`) have composite names.
    c.set_cql_version("2.0.0".into()).unwrap();
    let r = cql(&mut c, "SELECT * FROM t3 WHERE k = 1");
    assert_eq!(r.schema.unwrap().default_name_type, "CompositeType");
    let row = &r.rows.unwrap()[0];
    assert_eq!(row.key, 1i32.to_be_bytes());
    assert_eq!(row.columns[0].name, b"k");
    assert_eq!(row.columns[1].name, b"\0\0\0");
    assert_eq!(row.columns[2].name, b"\0\x01v\0");
    assert_eq!(
        ire19(run(&mut c, "SELECT * FROM t3 WHERE KEY IN (1)")),
        "Expected key 'K' to be present in WHERE clause for 't3'"
    );

    // Schema statements: ALTER, DROP INDEX, DROP COLUMNFAMILY, DROP KEYSPACE.
    void(&mut c, "ALTER COLUMNFAMILY Users ADD email text");
    void(&mut c, "ALTER TABLE Users WITH comment = 'people'");
    void(&mut c, "DROP INDEX users_state");
    let ks = c.describe_keyspace("cq2".into()).unwrap();
    let users = ks.cf_defs.iter().find(|d| d.name == "Users").unwrap();
    assert_eq!(users.comment.as_deref(), Some("people"));
    let meta: BTreeMap<Vec<u8>, Option<String>> = users
        .column_metadata
        .clone()
        .unwrap()
        .into_iter()
        .map(|d| (d.name, d.index_name))
        .collect();
    assert!(meta.contains_key(b"email".as_slice()));
    assert_eq!(meta[&b"state".to_vec()], None);
    void(&mut c, "DROP COLUMNFAMILY Blobs");
    assert_eq!(
        ire19(run(&mut c, "SELECT * FROM Blobs")),
        "unconfigured columnfamily Blobs"
    );
    void(&mut c, "DROP KEYSPACE cq2");
    assert!(c.describe_keyspace("cq2".into()).is_err());
}

#[test]
fn errors_are_1_2_invalid_requests() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    assert_eq!(
        ire19(run(&mut c, "UPDATE Users SET a = 'b' WHERE KEY = 'k'")),
        "no keyspace has been specified"
    );
    assert_eq!(
        ire19(run(&mut c, "SELECT * FROM Users")),
        "no keyspace has been specified"
    );
    assert_eq!(
        ire19(run(&mut c, "USE nowhere")),
        "Keyspace 'nowhere' does not exist"
    );
    setup(&mut c);
    for (q, why) in [
        ("SELECT * FROM Nope", "unconfigured columnfamily Nope"),
        ("SELECT * FROM nowhere.Users", "Keyspace nowhere does not exist"),
        (
            "UPDATE Users SET age = 'old' WHERE KEY = 'k'",
            "unable to make long from 'old'",
        ),
        ("INSERT INTO Blobs (KEY, c) VALUES ('zz', '00')", "cannot parse 'zz' as hex bytes"),
        ("UPDATE Users SET a = 'b' WHERE KEY = ''", "Key may not be empty"),
        (
            "UPDATE Users SET a = 'b' WHERE id = 'k'",
            "Expected key 'KEY' to be present in WHERE clause for 'Users'",
        ),
        (
            "UPDATE Hits SET views = 3 WHERE KEY = 'p'",
            "invalid operation for commutative columnfamily Hits",
        ),
        (
            "UPDATE Users SET age = age + 1 WHERE KEY = 'p'",
            "invalid operation for non commutative columnfamily Users",
        ),
        (
            "UPDATE Hits SET views = likes + 1 WHERE KEY = 'p'",
            "Only expressions like X = X + <long> are supported.",
        ),
        (
            "UPDATE Hits SET views = views + 'x' WHERE KEY = 'p'",
            "'x' is an invalid value, should be a long.",
        ),
        (
            "UPDATE Hits SET views = views + 1, a = 'b' WHERE KEY = 'p'",
            "Mix of commutative and non-commutative operations is not allowed.",
        ),
        (
            "INSERT INTO Users (KEY, a, b) VALUES ('k', 'x')",
            "unmatched column names/values",
        ),
        (
            "SELECT * FROM Users WHERE KEY < 'k'",
            "Key range clauses must include a start key (i.e. KEY > term)",
        ),
        (
            "SELECT * FROM Users WHERE KEY > 'a' AND KEY = 'b'",
            "You cannot combine key range and by-key clauses in a SELECT",
        ),
        (
            "SELECT * FROM Users WHERE KEY = 'a' AND KEY = 'b'",
            "You cannot use more than one KEY = in a SELECT",
        ),
        (
            "SELECT * FROM Users WHERE name = 'Ann'",
            "No indexed columns present in by-columns clause with \"equals\" operator",
        ),
        (
            "SELECT COUNT(name) FROM Users",
            "Only COUNT(*) and COUNT(1) operations are currently supported.",
        ),
        (
            "SELECT 'z'..'a' FROM Users WHERE KEY = 'k'",
            "range finish must come after start in traversal order",
        ),
        (
            "SELECT * FROM Users USING CONSISTENCY ANY WHERE KEY = 'k'",
            "ANY ConsistencyLevel is only supported for writes",
        ),
        (
            "BEGIN BATCH USING TTL 5 UPDATE Users SET a = 'b' WHERE KEY = 'k' APPLY BATCH",
            "Global TTL on the BATCH statement is not supported.",
        ),
        (
            "BEGIN BATCH UPDATE Users USING CONSISTENCY ONE SET a = 'b' WHERE KEY = 'k' APPLY BATCH",
            "Consistency level must be set on the BATCH, not individual statements",
        ),
        (
            "BEGIN BATCH USING TIMESTAMP 1 UPDATE Users USING TIMESTAMP 2 SET a = 'b' WHERE KEY = 'k' APPLY BATCH",
            "Timestamp must be set either on BATCH or individual statements",
        ),
        (
            "CREATE COLUMNFAMILY NoKey (a text)",
            "You must specify a PRIMARY KEY",
        ),
        (
            "CREATE COLUMNFAMILY Bad (KEY text PRIMARY KEY) WITH bogus = 1",
            "bogus is not a valid keyword argument for CREATE COLUMNFAMILY",
        ),
        ("CREATE INDEX ON Users (nothing)", "No column definition found for column nothing"),
        ("CREATE INDEX ON Users (state)", "Index already exists"),
        ("CREATE KEYSPACE k2 WITH a = 1", "missing required argument \"strategy_class\""),
        (
            "DELETE FROM Users",
            "Failed parsing statement: [DELETE FROM Users] reason: NullPointerException Cannot \
             invoke \"org.apache.cassandra.cql.Term.getText()\" because \"key_alias\" is null",
        ),
    ] {
        assert_eq!(ire19(run(&mut c, q)), why, "{q}");
    }
    // Syntax errors name the place, ANTLR style.
    let why = ire19(run(&mut c, "SELECT * Users"));
    assert!(why.starts_with("line 1:9 "), "{why}");
    let why = ire19(run(&mut c, "FROB"));
    assert!(why.starts_with("line 1:0 "), "{why}");
    // Selectors nested ten thousand deep are a syntax error in CQL 2 (it
    // has no functions) and, on a connection speaking CQL 3 through
    // execute_cql_query, refused at the nesting bound; neither is recursed
    // into.
    let deep = format!(
        "SELECT {}KEY{} FROM Users",
        "blobAsText(textAsBlob(".repeat(5_000),
        "))".repeat(5_000)
    );
    let why = ire19(run(&mut c, &deep));
    assert!(why.starts_with("line 1:"), "{why}");
    c.set_cql_version("3.0.0".into()).unwrap();
    let why = ire19(run(&mut c, &deep));
    assert!(why.starts_with("line 1:"), "{why}");
    assert!(
        why.ends_with(" input nested more than 64 levels deep"),
        "{why}"
    );
    c.set_cql_version("2.0.0".into()).unwrap();
    // The connection still works after every refusal.
    void(&mut c, "UPDATE Users SET a = 'b' WHERE KEY = 'k'");
}
