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

/// `supercolumn advise --json` (and `--migrate` when asked) against the
/// admin port `admin`: its exit code and its JSON.
pub fn advise(admin: u16, ks: &str, q: &str, migrate: bool) -> (i32, Value) {
    let admin = format!("127.0.0.1:{admin}");
    let mut args = vec![
        "advise",
        "--admin",
        &admin,
        "--keyspace",
        ks,
        "--query",
        q,
        "--json",
    ];
    if migrate {
        args.push("--migrate");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .args(&args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let v = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{q}: {e}: {text} {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code().unwrap(), v)
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

/// The seeds' tables, seed 002's and the rows the advisor's queries read.
pub fn load_advisor_data(server: &Server) {
    load_seed_tables(server);
    load_seed_002(server);
    let mut c = connect19(server.port);
    cql3(&mut c, "USE seeds");
    for dml in [
        "INSERT INTO Product_Liked_By_Customer (cust_id, first_name, liked_on, title) VALUES ('c1', 'Anna', '2014-01-01', 'Pepsi')",
        "INSERT INTO Product_Liked_By_Customer (cust_id, first_name, liked_on, title) VALUES ('c2', 'Anna', '2014-02-01', 'Coke')",
        "INSERT INTO Product_Liked_By_Customer (cust_id, first_name, liked_on, title) VALUES ('c3', 'Bob', '2014-02-01', 'Coke')",
        "INSERT INTO gyms_by_city (country_code, state, city, gym_name, opening_date) VALUES ('us', 'Texas', 'Phoenix', 'Lone Star', '2012-01-01')",
        "CREATE TABLE videos (videoid uuid PRIMARY KEY, userid uuid, name text, tags set<text>)",
        "INSERT INTO videos (videoid, userid, name, tags) VALUES (99051fe9-6a9c-46c2-b949-38ef78858dd0, 522b1fe2-2e36-4cef-a667-cd4237d08b89, 'cat', {'cats', 'funny'})",
        "INSERT INTO videos (videoid, userid, name) VALUES (99051fe9-6a9c-46c2-b949-38ef78858dd1, 522b1fe2-2e36-4cef-a667-cd4237d08b89, 'dog')",
        "INSERT INTO videos (videoid, userid, name) VALUES (99051fe9-6a9c-46c2-b949-38ef78858dd2, 11111111-2e36-4cef-a667-cd4237d08b89, 'other') USING TTL 86400",
    ] {
        cql3(&mut c, dml);
    }
}

/// Each query the seeds show refused or scanning (keyspace, query), and the
/// rows it selects from `load_advisor_data`'s data.
pub const SEEDS_ADVISED: &[(&str, &str, usize)] = &[
    (
        "seeds",
        r#"SELECT * FROM Customer_By_Liked_Product WHERE title = "Pepsi" LIMIT 10"#,
        1,
    ),
    (
        "seeds",
        r#"SELECT * FROM Product_Liked_By_Customer WHERE first_name = "Anna" LIMIT 10"#,
        2,
    ),
    (
        "seeds",
        "SELECT * FROM gyms_by_city WHERE city = 'Phoenix' ORDER BY opening_date DESC",
        2,
    ),
    (
        "seeds",
        "SELECT name, tags FROM videos WHERE userid = 522b1fe2-2e36-4cef-a667-cd4237d08b89",
        2,
    ),
    (
        "seeds",
        "SELECT * FROM user_messages WHERE message = 'hello'",
        1,
    ),
    (
        "key_space_test",
        "SELECT * FROM testtable WHERE skey = 101",
        2,
    ),
];

/// `v`, the advice on `q` with `--migrate`: a one-partition proposal whose
/// backfilled table returns the source's `rows` rows.
pub fn assert_migrated(q: &str, v: &Value, rows: usize) {
    assert_eq!(v["plan"]["partitions_per_read"], 1, "{q}: {v:#}");
    let m = &v["migration"];
    assert_eq!(m["comparison"]["same"], true, "{q}: {m:#}");
    assert_eq!(m["comparison"]["target_rows"], rows, "{q}: {m:#}");
    let shape = m["query_check"]["shape"].as_str().unwrap();
    assert!(
        ["single_partition", "partition_slice"].contains(&shape),
        "{q}: {m:#}"
    );
    assert_eq!(m["query_check"]["refused_by_1_2"], false, "{q}: {m:#}");
    for key in ["create", "query", "dry_run", "alternatives"] {
        assert!(!v[key].is_null(), "{q}: no {key}");
    }
}

/// Reads of `load_advisor_data`'s tables as an application runs them
/// (5 of messages by their text, which 1.2 refuses, with other values; 2 of
/// one user's messages; 1 Thrift range scan of `user`), then `supercolumn
/// advise --from-activity --keyspace seeds --json`: the workload's advice.
pub fn advise_served_reads(server: &Server) -> Value {
    use supercolumn::thrift::gen::cassandra19::{
        ColumnParent, Compression, ConsistencyLevel as CL19, KeyRange, SlicePredicate, SliceRange,
        TCassandraSyncClient as _,
    };
    let mut c = connect19(server.port);
    cql3(&mut c, "USE seeds");
    for text in ["hello", "hi", "hello again", "bye", "hello"] {
        let q = format!("SELECT * FROM user_messages WHERE message = '{text}'");
        // Refused (a filtering query): the application's call is recorded all the same.
        let _ = c.execute_cql3_query(q.into_bytes(), Compression::NONE, CL19::ONE);
    }
    for user in ["theo", "anna"] {
        cql3(
            &mut c,
            &format!("SELECT * FROM user_messages WHERE user = '{user}'"),
        );
    }
    let all = SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100));
    let range = KeyRange::new(vec![], vec![], None, None, 100, None);
    c.get_range_slices(
        ColumnParent::new("user".to_string(), None),
        all,
        range,
        CL19::ONE,
    )
    .unwrap();
    let admin = format!("127.0.0.1:{}", server.admin_port.expect("admin port"));
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .args([
            "advise",
            "--admin",
            &admin,
            "--from-activity",
            "--keyspace",
            "seeds",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `advise_served_reads`'s answer: the refused query is the heaviest
/// group and gets a one-partition table; the one-partition reads are
/// weighed but not advised; the range scan is advised as a scan.
pub fn assert_served_reads_advised(v: &Value) {
    assert_eq!(v["reads"], 8, "{v:#}");
    let groups = v["groups"].as_array().unwrap();
    let g = &groups[0];
    assert_eq!(
        g["shape"], "SELECT * FROM user_messages WHERE message = ?",
        "{v:#}"
    );
    assert_eq!(g["count"], 5, "{v:#}");
    assert_eq!(g["share"], 0.625, "{v:#}");
    assert_eq!(g["needs_advice"], true, "{v:#}");
    assert_eq!(g["check"]["refused_by_1_2"], true, "{v:#}");
    assert_eq!(g["advice"]["plan"]["partitions_per_read"], 1, "{v:#}");
    assert!(g["advice"]["migration"].is_null(), "{v:#}");
    let g = &groups[1];
    assert_eq!(
        g["shape"], "SELECT * FROM user_messages WHERE user = ?",
        "{v:#}"
    );
    assert_eq!(
        (&g["count"], &g["needs_advice"]),
        (&json!(2), &json!(false)),
        "{v:#}"
    );
    assert!(g["advice"].is_null(), "{v:#}");
    let g = &groups[2];
    assert_eq!(g["shape"], "get_range_slices user", "{v:#}");
    assert_eq!(
        (&g["count"], &g["needs_advice"]),
        (&json!(1), &json!(true)),
        "{v:#}"
    );
    assert!(!g["advice"].is_null() || !g["error"].is_null(), "{v:#}");
}
