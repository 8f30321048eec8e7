//! What the explorer's wire tests share: a server with the admin surface,
//! the JSON calls, and the data they load (BloggyAppy through the 0.6 API,
//! seed 002's table and the seeds' tables through CQL3, the cli's listing).
#![allow(dead_code)]

use crate::support::wire::{connect19, cql3, timestamp, Server};
use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};
use supercolumn::nodetool::http::Endpoint;
use supercolumn::thrift::gen::cassandra06::{
    ColumnPath, ConsistencyLevel as CL, TCassandraSyncClient,
};

pub const AUTHORS: usize = 40;

/// A server on the repository's storage-conf.xml (BloggyAppy), in memory,
/// with the admin surface on.
pub fn server() -> (Server, Endpoint) {
    let conf = concat!(env!("CARGO_MANIFEST_DIR"), "/storage-conf.xml");
    let server = Server::start(&[
        "--config",
        conf,
        "--in-memory",
        "--admin-listen",
        "127.0.0.1:0",
    ]);
    let port = server.admin_port.expect("admin port");
    (server, Endpoint::new("127.0.0.1", port))
}

pub fn get(api: &Endpoint, path: &str) -> Value {
    let a = api.get(path).unwrap();
    assert_eq!(a.status, 200, "GET {path}: {}", a.text());
    a.json().unwrap()
}

pub fn status(api: &Endpoint, path: &str) -> (u16, Value) {
    let a = api.get(path).unwrap();
    (a.status, a.json().unwrap_or(Value::Null))
}

pub fn check(api: &Endpoint, keyspace: &str, query: &str) -> Value {
    let a = api
        .post(
            "/api/explorer/query-check",
            &json!({"keyspace": keyspace, "query": query}),
        )
        .unwrap();
    assert_eq!(a.status, 200, "{query}: {}", a.text());
    a.json().unwrap()
}

pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// BloggyAppy: authors (one deleted column), blog entries, tagged posts
/// (TimeUUID names) and comments (a Super CF).
pub fn load_blog(server: &Server) {
    let mut c = server.client(false);
    let ks = || "BloggyAppy".to_string();
    let put = |c: &mut crate::support::wire::Client,
               cf: &str,
               key: &str,
               sc: Option<Vec<u8>>,
               name: &[u8],
               v: &[u8]| {
        let path = ColumnPath::new(cf.to_string(), sc, Some(name.to_vec()));
        c.insert(
            ks(),
            key.to_string(),
            path,
            v.to_vec(),
            timestamp(),
            CL::ONE,
        )
        .unwrap();
    };
    for i in 0..AUTHORS {
        let key = format!("author{i:02}");
        put(&mut c, "Authors", &key, None, b"name", key.as_bytes());
        // Partition sizes differ: author i has i % 7 extra columns.
        for j in 0..i % 7 {
            put(
                &mut c,
                "Authors",
                &key,
                None,
                format!("tag{j}").as_bytes(),
                b"x",
            );
        }
    }
    put(&mut c, "Authors", "Arin", None, b"bio", b"some bio");
    put(
        &mut c,
        "Authors",
        "Arin",
        None,
        b"email",
        b"arin@example.com",
    );
    let path = ColumnPath::new("Authors".to_string(), None, Some(b"email".to_vec()));
    c.remove(ks(), "Arin".into(), path, timestamp(), CL::ONE)
        .unwrap();
    put(
        &mut c,
        "BlogEntries",
        "first-post",
        None,
        b"title",
        b"Hello",
    );
    let uuid = |ms: i64| supercolumn::cql::timeuuid::uuid_from_parts(ms * 10_000, 7).to_vec();
    put(
        &mut c,
        "TaggedPosts",
        "rust",
        None,
        &uuid(1_400_000_000_000),
        b"first-post",
    );
    put(
        &mut c,
        "Comments",
        "first-post",
        Some(uuid(1_400_000_001_000)),
        b"commenter",
        b"ann",
    );
    put(
        &mut c,
        "Comments",
        "first-post",
        Some(uuid(1_400_000_001_000)),
        b"body",
        b"nice",
    );
    put(
        &mut c,
        "Comments",
        "first-post",
        Some(uuid(1_400_000_002_000)),
        b"commenter",
        b"bob",
    );
}

/// Seed 002's keyspace and table, and its inserts (two typos of the seed
/// fixed: `NSERT`, and a value outside the VALUES list).
pub fn load_seed_002(server: &Server) {
    let mut c = connect19(server.port);
    cql3(&mut c, "CREATE KEYSPACE key_space_test WITH REPLICATION = { 'class' : 'SimpleStrategy', 'replication_factor' : 1 }");
    cql3(&mut c, "USE key_space_test");
    cql3(&mut c, "CREATE TABLE testtable (pkey1 text, pkey2 text, skey int, value text, cvalue map<text,text>, PRIMARY KEY ((pkey1, pkey2), skey)) WITH CLUSTERING ORDER BY (skey DESC)");
    for (p1, p2, s, m, v) in [
        ("pkey1_1", "pkey2_1", 100, "{'hoge': 'fuga'}", "value11_100"),
        ("pkey1_2", "pkey2_1", 200, "{'hoge': 'fuga'}", "value21_200"),
        (
            "pkey1_1",
            "pkey2_2",
            101,
            "{'hoge1': 'fuga1'}",
            "value12_101",
        ),
        (
            "pkey1_1",
            "pkey2_3",
            102,
            "{'hoge1': 'fuga1'}",
            "value13_102",
        ),
        (
            "pkey1_1",
            "pkey2_1",
            101,
            "{'hoge1': 'fuga1'}",
            "value11_101",
        ),
        (
            "pkey1_1",
            "pkey2_1",
            103,
            "{'hoge1': 'fuga1'}",
            "value11_103",
        ),
        (
            "pkey1_1",
            "pkey2_1",
            102,
            "{'hoge1': 'fuga1'}",
            "value11_102",
        ),
        ("pkey1_1", "pkey2_1", 12, "{'hoge': 'fuga'}", "value11_12"),
    ] {
        cql3(&mut c, &format!("INSERT INTO testtable (pkey1, pkey2, skey, cvalue, value) VALUES('{p1}', '{p2}', {s}, {m}, '{v}')"));
    }
}

/// `(name, value, timestamp)` of every cell `supercolumn cli` lists for `row_key`.
pub fn cli_listing(
    port: u16,
    keyspace: &str,
    cf: &str,
    row_key: &str,
) -> Vec<(String, String, i64)> {
    let home = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .env("HOME", home.path())
        .args(["cli", "--port", &port.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let script = format!("use {keyspace};\nlist {cf};\n");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut cells = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if let Some(k) = line.strip_prefix("RowKey: ") {
            inside = k == row_key;
        } else if let (true, Some(rest)) = (inside, line.strip_prefix("=> (name=")) {
            let (name, rest) = rest.split_once(", value=").unwrap();
            let (value, rest) = rest.split_once(", timestamp=").unwrap();
            let ts = rest.trim_end_matches(')').parse().unwrap();
            cells.push((name.to_string(), value.to_string(), ts));
        }
    }
    assert!(!cells.is_empty(), "no cells listed for {row_key}:\n{text}");
    cells
}

/// The seeds' tables (their typos fixed: seed 001's gyms_by_city key names
/// `state`, and Customer_By_Liked_Product is keyed by `liked_prdt_id`).
pub fn load_seed_tables(server: &Server) {
    let mut c = connect19(server.port);
    cql3(&mut c, "CREATE KEYSPACE seeds WITH REPLICATION = { 'class' : 'SimpleStrategy', 'replication_factor' : 1 }");
    cql3(&mut c, "USE seeds");
    for ddl in [
        "CREATE TABLE user_videos (userid uuid, added_date timestamp, videoid uuid, name text, preview_image_location text, PRIMARY KEY (userid, added_date, videoid)) WITH CLUSTERING ORDER BY (added_date DESC, videoid ASC)",
        "CREATE TABLE posts_facebook (user_id uuid, post_id timeuuid, content text, PRIMARY KEY (user_id, post_id)) WITH CLUSTERING ORDER BY (post_id DESC)",
        "CREATE TABLE gyms_by_city (country_code text, state text, city text, gym_name text, opening_date timestamp, PRIMARY KEY ((country_code, state, city), opening_date, gym_name)) WITH CLUSTERING ORDER BY (opening_date ASC, gym_name ASC)",
        "CREATE TABLE Customer_By_Liked_Product (liked_prdt_id text, liked_on timestamp, title text, cust_id text, first_name text, last_name text, PRIMARY KEY (liked_prdt_id, liked_on))",
        "CREATE TABLE Product_Liked_By_Customer (cust_id text, first_name text, last_name text, liked_prdt_id text, liked_on timestamp, title text, PRIMARY KEY (cust_id, liked_on))",
        "CREATE TABLE user (id int PRIMARY KEY, user text, message text)",
        "CREATE TABLE user_messages (user text, id int, message text, PRIMARY KEY (user, id))",
        "CREATE TABLE user_by_name (firstname text, lastname text, id int, message text, PRIMARY KEY ((firstname, lastname), id))",
    ] {
        cql3(&mut c, ddl);
    }
    for dml in [
        "INSERT INTO user_videos (userid, added_date, videoid, name) VALUES (522b1fe2-2e36-4cef-a667-cd4237d08b89, '2014-01-01', 99051fe9-6a9c-46c2-b949-38ef78858dd0, 'v')",
        "INSERT INTO gyms_by_city (country_code, state, city, gym_name, opening_date) VALUES ('us', 'Arizona', 'Phoenix', 'Iron', '2010-05-01')",
        "INSERT INTO Customer_By_Liked_Product (liked_prdt_id, liked_on, title, cust_id) VALUES ('p1', '2014-01-01', 'Pepsi', 'c1')",
        "INSERT INTO Customer_By_Liked_Product (liked_prdt_id, liked_on, title, cust_id) VALUES ('p2', '2014-01-01', 'Coke', 'c1')",
        "INSERT INTO user_messages (user, id, message) VALUES ('theo', 1, 'hello')",
        "INSERT INTO user_messages (user, id, message) VALUES ('theo', 2, 'hello again')",
    ] {
        cql3(&mut c, dml);
    }
}
