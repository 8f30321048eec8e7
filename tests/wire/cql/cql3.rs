//! CQL3 over Thrift 19.x with the generated 19.x client against the real
//! binary: schema statements, writes and SELECT replies shaped as 1.2.9's,
//! the same data seen as raw cells through get_slice, prepared statements
//! shared by all connections, error replies, and a restart.

use crate::support::wire;

use supercolumn::thrift::gen::cassandra19::{
    ColumnParent, Compression, ConsistencyLevel as CL, CqlResult, CqlResultType, SlicePredicate,
    SliceRange, TCassandraSyncClient,
};
use wire::{connect19, cql3 as cql, ire19 as ire, v19_server, Client19};

const UTF8: &str = "org.apache.cassandra.db.marshal.UTF8Type";
const INT32: &str = "org.apache.cassandra.db.marshal.Int32Type";

fn void(c: &mut Client19, query: &str) {
    let r = cql(c, query);
    assert_eq!(r.type_, CqlResultType::VOID, "{query}");
    assert!(r.rows.is_none() && r.schema.is_none() && r.num.is_none());
}

/// Each row as (column name, value) pairs, checking the 1.2 row shape.
fn rows(r: CqlResult) -> Vec<Vec<(String, Option<Vec<u8>>)>> {
    assert_eq!(r.type_, CqlResultType::ROWS);
    r.rows
        .unwrap()
        .into_iter()
        .map(|row| {
            assert!(row.key.is_empty(), "CQL3 rows carry no key");
            row.columns
                .into_iter()
                .map(|c| {
                    assert!(c.timestamp.is_none() && c.ttl.is_none());
                    (String::from_utf8(c.name).unwrap(), c.value)
                })
                .collect()
        })
        .collect()
}

fn text(v: &str) -> Option<Vec<u8>> {
    Some(v.as_bytes().to_vec())
}

fn int(v: i32) -> Option<Vec<u8>> {
    Some(v.to_be_bytes().to_vec())
}

/// A composite cell name of UTF-8 components, as CQL3 stores them.
fn composite(parts: &[&str]) -> Vec<u8> {
    let mut out = Vec::new();
    for p in parts {
        out.extend_from_slice(&(p.len() as u16).to_be_bytes());
        out.extend_from_slice(p.as_bytes());
        out.push(0);
    }
    out
}

fn all() -> SlicePredicate {
    SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100))
}

#[test]
fn cql3_tables_rows_cells_and_prepared_statements() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);

    void(
        &mut c,
        "CREATE KEYSPACE cq WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    void(&mut c, "USE cq");
    void(
        &mut c,
        "CREATE TABLE users (id text PRIMARY KEY, name text, age int)",
    );
    void(
        &mut c,
        "INSERT INTO users (id, name, age) VALUES ('ann', 'Ann', 31)",
    );
    void(&mut c, "INSERT INTO users (id, name) VALUES ('bob', 'Bob')");

    let r = cql(&mut c, "SELECT id, name, age FROM users WHERE id = 'ann'");
    let md = r.schema.clone().expect("metadata");
    for (col, ty) in [("id", UTF8), ("name", UTF8), ("age", INT32)] {
        assert_eq!(md.name_types[col.as_bytes()], "UTF8Type");
        assert_eq!(md.value_types[col.as_bytes()], ty);
    }
    assert_eq!(md.default_name_type, "UTF8Type");
    assert_eq!(md.default_value_type, "UTF8Type");
    assert_eq!(
        rows(r),
        vec![vec![
            ("id".to_string(), text("ann")),
            ("name".to_string(), text("Ann")),
            ("age".to_string(), int(31)),
        ]]
    );
    let bob = rows(cql(&mut c, "SELECT age FROM users WHERE id = 'bob'"));
    assert_eq!(bob, vec![vec![("age".to_string(), None)]], "null is unset");

    // USE also set the Thrift keyspace: the row is there as raw cells, the
    // row marker first, all stamped by one server timestamp.
    let cells = c
        .get_slice(
            b"ann".to_vec(),
            ColumnParent::new("users".to_string(), None),
            all(),
            CL::ONE,
        )
        .unwrap();
    let cells: Vec<_> = cells.into_iter().map(|c| c.column.unwrap()).collect();
    let names: Vec<_> = cells.iter().map(|c| c.name.clone()).collect();
    assert_eq!(
        names,
        vec![composite(&[""]), composite(&["age"]), composite(&["name"])]
    );
    assert_eq!(cells[1].value.as_deref(), Some(&31i32.to_be_bytes()[..]));
    assert_eq!(cells[2].value.as_deref(), Some(&b"Ann"[..]));
    let ts = cells[0].timestamp.unwrap();
    assert!(cells.iter().all(|c| c.timestamp == Some(ts)));

    // A prepared statement: 1.2's markers, and usable from another connection.
    let p = c
        .prepare_cql3_query(
            b"INSERT INTO users (id, name, age) VALUES (?, ?, ?)".to_vec(),
            Compression::NONE,
        )
        .unwrap();
    assert_eq!(p.count, 3);
    assert_eq!(
        p.variable_types.as_deref(),
        Some(&[UTF8.to_string(), UTF8.to_string(), INT32.to_string()][..])
    );
    assert_eq!(
        p.variable_names.as_deref(),
        Some(&["id".to_string(), "name".to_string(), "age".to_string()][..])
    );
    let mut other = connect19(srv.port);
    // Thrift set_keyspace is the CQL keyspace too.
    other.set_keyspace("cq".into()).unwrap();
    let r = other
        .execute_prepared_cql3_query(
            p.item_id,
            vec![b"cy".to_vec(), b"Cy".to_vec(), 7i32.to_be_bytes().to_vec()],
            CL::ONE,
        )
        .unwrap();
    assert_eq!(r.type_, CqlResultType::VOID);
    let q = c
        .prepare_cql3_query(
            b"SELECT name, age FROM users WHERE id = ?".to_vec(),
            Compression::NONE,
        )
        .unwrap();
    assert_eq!(q.variable_names.as_deref(), Some(&["id".to_string()][..]));
    let r = c
        .execute_prepared_cql3_query(q.item_id, vec![b"cy".to_vec()], CL::ONE)
        .unwrap();
    assert_eq!(
        rows(r),
        vec![vec![
            ("name".to_string(), text("Cy")),
            ("age".to_string(), int(7)),
        ]]
    );
    let newer = other
        .get_slice(
            b"cy".to_vec(),
            ColumnParent::new("users".to_string(), None),
            all(),
            CL::ONE,
        )
        .unwrap()[0]
        .column
        .as_ref()
        .unwrap()
        .timestamp
        .unwrap();
    assert!(newer > ts, "server timestamps increase across connections");

    // Errors are InvalidRequestExceptions worded as 1.2's.
    assert_eq!(
        ire(c.execute_cql3_query(b"SELECT * FROM nosuch".to_vec(), Compression::NONE, CL::ONE)),
        "unconfigured columnfamily nosuch"
    );
    assert_eq!(
        ire(c.execute_cql3_query(b"SELEC * FROM users".to_vec(), Compression::NONE, CL::ONE)),
        "line 1:0 no viable alternative at input 'SELEC'"
    );
    assert_eq!(
        ire(c.execute_cql3_query(
            b"INSERT INTO users (id, age) VALUES ('x', 'old')".to_vec(),
            Compression::NONE,
            CL::ONE
        )),
        "Invalid STRING constant (old) for age of type int"
    );
    assert!(ire(c.execute_prepared_cql3_query(12345, vec![], CL::ONE))
        .starts_with("Prepared query with ID 12345 not found"));
    // An undeclared level failed while 1.2 read the arguments, before the
    // lookup, quoting them as the Java stub's toString did.
    match c.execute_prepared_cql3_query(12345, vec![], CL(0)) {
        Err(thrift::Error::Application(a)) => assert_eq!(
            a.message,
            "Required field 'consistency' was not present! Struct: \
             execute_prepared_cql3_query_args(itemId:12345, values:[], consistency:null)"
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        ire(c.execute_prepared_cql3_query(q.item_id, vec![], CL::ONE)),
        "there were 1 markers(?) in CQL but 0 bound variables"
    );
    assert_eq!(
        ire(c.execute_cql3_query(b"SELECT * FROM users".to_vec(), Compression::GZIP, CL::ONE)),
        "Error deflating query string."
    );
    let mut fresh = connect19(srv.port);
    assert_eq!(
        ire(fresh.execute_cql3_query(b"SELECT * FROM users".to_vec(), Compression::NONE, CL::ONE)),
        "You have not set a keyspace for this session"
    );
    // The connections still work after the errors.
    assert_eq!(rows(cql(&mut c, "SELECT id FROM users")).len(), 3);
}

#[test]
fn cql3_tables_and_rows_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut srv = v19_server(dir.path());
        let mut c = connect19(srv.port);
        void(
            &mut c,
            "CREATE KEYSPACE kept WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        );
        void(
            &mut c,
            "CREATE TABLE kept.posts (user text, id int, body text, PRIMARY KEY (user, id))",
        );
        for (id, body) in [(2, "second"), (1, "first")] {
            void(
                &mut c,
                &format!("INSERT INTO kept.posts (user, id, body) VALUES ('ann', {id}, '{body}')"),
            );
        }
        srv.terminate();
    }
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    let got = rows(cql(
        &mut c,
        "SELECT id, body FROM kept.posts WHERE user = 'ann'",
    ));
    assert_eq!(
        got,
        vec![
            vec![
                ("id".to_string(), int(1)),
                ("body".to_string(), text("first"))
            ],
            vec![
                ("id".to_string(), int(2)),
                ("body".to_string(), text("second"))
            ],
        ]
    );
}

/// A GZIP query is a zlib stream, as 1.2's Inflater read it (the Java
/// driver's `Deflater` output); a broken one is refused with 1.2's text.
#[test]
fn gzip_queries_are_inflated_and_broken_ones_refused() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    let deflate = |q: &str| {
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        z.write_all(q.as_bytes()).unwrap();
        z.finish().unwrap()
    };
    for q in [
        "CREATE KEYSPACE zipped WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "CREATE TABLE zipped.t (k text PRIMARY KEY, v int)",
        "INSERT INTO zipped.t (k, v) VALUES ('a', 7)",
    ] {
        let r = c
            .execute_cql3_query(deflate(q), Compression::GZIP, CL::ONE)
            .unwrap_or_else(|e| panic!("{q}: {e:?}"));
        assert_eq!(r.type_, CqlResultType::VOID, "{q}");
    }
    let prepared = c
        .prepare_cql3_query(
            deflate("SELECT v FROM zipped.t WHERE k = ?"),
            Compression::GZIP,
        )
        .unwrap();
    assert_eq!(prepared.count, 1);
    let got = rows(
        c.execute_prepared_cql3_query(prepared.item_id, vec![b"a".to_vec()], CL::ONE)
            .unwrap(),
    );
    assert_eq!(got, vec![vec![("v".to_string(), int(7))]]);
    let mut broken = deflate("SELECT v FROM zipped.t");
    broken.truncate(broken.len() / 2);
    assert_eq!(
        ire(c.execute_cql3_query(broken, Compression::GZIP, CL::ONE)),
        "Error deflating query string."
    );
    // The connection is still usable after the refusal.
    void(&mut c, "USE zipped");
}

/// `token(k)` is typed by the partitioner, as 1.2's token validator typed
/// it: varint under RandomPartitioner (cqlsh decodes it by that type), both
/// in a SELECT's metadata and as the receiver of a bound `token(k) > ?`.
#[test]
fn token_values_are_varints_under_the_random_partitioner() {
    use md5::{Digest, Md5};
    use num_bigint::BigInt;
    let dir = tempfile::tempdir().unwrap();
    let xml = std::fs::read_to_string(wire::conformance_config("storage-conf-v19.xml"))
        .unwrap()
        .replace("Murmur3Partitioner", "RandomPartitioner");
    let conf = dir.path().join("storage-conf.xml");
    std::fs::write(&conf, xml).unwrap();
    let data = dir.path().join("data");
    let srv = wire::Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        data.to_str().unwrap(),
    ]);
    let mut c = connect19(srv.port);
    void(
        &mut c,
        "CREATE KEYSPACE rp WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    void(&mut c, "CREATE TABLE rp.t (k text PRIMARY KEY, v int)");
    let keys = ["a", "b", "c", "d"];
    for k in keys {
        void(
            &mut c,
            &format!("INSERT INTO rp.t (k, v) VALUES ('{k}', 1)"),
        );
    }
    // RandomPartitioner's token: abs(MD5 as a signed 128-bit integer),
    // as Java's BigInteger.toByteArray() writes it.
    let token = |k: &str| {
        BigInt::from_signed_bytes_be(&Md5::digest(k.as_bytes()))
            .magnitude()
            .clone()
    };
    let r = cql(&mut c, "SELECT k, token(k) FROM rp.t");
    let md = r.schema.clone().expect("metadata");
    assert_eq!(
        md.value_types[&b"token(k)"[..]],
        "org.apache.cassandra.db.marshal.IntegerType"
    );
    let got = rows(r);
    assert_eq!(got.len(), keys.len());
    let mut previous = None;
    for row in &got {
        let k = String::from_utf8(row[0].1.clone().unwrap()).unwrap();
        let t = BigInt::from_signed_bytes_be(row[1].1.as_deref().unwrap());
        assert_eq!(t, BigInt::from(token(&k)), "token({k})");
        assert_eq!(
            row[1].1.clone().unwrap(),
            t.to_signed_bytes_be(),
            "minimal bytes"
        );
        assert!(previous.as_ref().is_none_or(|p| p < &t), "ring order");
        previous = Some(t);
    }
    let p = c
        .prepare_cql3_query(
            b"SELECT k FROM rp.t WHERE token(k) > ?".to_vec(),
            Compression::NONE,
        )
        .unwrap();
    assert_eq!(
        p.variable_types.as_deref(),
        Some(&["org.apache.cassandra.db.marshal.IntegerType".to_string()][..])
    );
    let first = got[0][1].1.clone().unwrap();
    let r = c
        .execute_prepared_cql3_query(p.item_id, vec![first], CL::ONE)
        .unwrap();
    let after: Vec<_> = rows(r).into_iter().map(|row| row[0].1.clone()).collect();
    let expected: Vec<_> = got[1..].iter().map(|row| row[0].1.clone()).collect();
    assert_eq!(after, expected);
}

/// A statement nested ten thousand deep (70 KB of `token(token(...))` or
/// `blobAsText(textAsBlob(...))`) would run a request thread off its stack
/// and abort the server; it is refused as a syntax error, executed or
/// prepared, and the server goes on serving.
#[test]
fn deeply_nested_statements_are_refused_and_the_server_keeps_serving() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    let nest = |open: &str, close: &str| {
        format!(
            "SELECT {}k{} FROM t",
            open.repeat(10_000),
            close.repeat(10_000)
        )
    };
    let values = format!(
        "INSERT INTO t (k, v) VALUES (1, {}1{})",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    for q in [
        nest("token(", ")"),
        nest("blobAsText(textAsBlob(", "))"),
        values,
    ] {
        let bytes = q.clone().into_bytes();
        let why = ire(c.execute_cql3_query(bytes.clone(), Compression::NONE, CL::ONE));
        assert!(why.starts_with("line 1:"), "{why}");
        assert!(
            why.ends_with(" input nested more than 64 levels deep"),
            "{why}"
        );
        let why = ire(c.prepare_cql3_query(bytes, Compression::NONE));
        assert!(
            why.ends_with(" input nested more than 64 levels deep"),
            "{why}"
        );
    }
    // The connection and the server are still up.
    void(
        &mut c,
        "CREATE KEYSPACE deep WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    let mut other = connect19(srv.port);
    void(&mut other, "USE deep");
}
