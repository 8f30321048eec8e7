//! The explorer's JSON API (`/api/explorer`, docs/explorer-api.md) over
//! HTTP on the real binary: BloggyAppy from the repository's
//! storage-conf.xml written through the 0.6 API, seed 002's table made and
//! filled through CQL3. Every route is exercised; the cells shown for seed
//! 002's row are compared with what `supercolumn cli` lists for it; ring
//! per-node totals must add up to the partition totals; the seeds' example
//! queries (000, 001, 002, 003) get the verdicts the seeds give.

mod wire_support;

use serde_json::{json, Value};
use std::io::Write;
use std::process::{Command, Stdio};
use supercolumn::nodetool::http::Endpoint;
use supercolumn::thrift::gen::cassandra06::{
    ColumnPath, ConsistencyLevel as CL, TCassandraSyncClient,
};
use wire_support::{connect19, cql3, timestamp, Server};

const AUTHORS: usize = 40;

/// A server on the repository's storage-conf.xml (BloggyAppy), in memory,
/// with the admin surface on.
fn server() -> (Server, Endpoint) {
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

fn get(api: &Endpoint, path: &str) -> Value {
    let a = api.get(path).unwrap();
    assert_eq!(a.status, 200, "GET {path}: {}", a.text());
    a.json().unwrap()
}

fn status(api: &Endpoint, path: &str) -> (u16, Value) {
    let a = api.get(path).unwrap();
    (a.status, a.json().unwrap_or(Value::Null))
}

fn check(api: &Endpoint, keyspace: &str, query: &str) -> Value {
    let a = api
        .post(
            "/api/explorer/query-check",
            &json!({"keyspace": keyspace, "query": query}),
        )
        .unwrap();
    assert_eq!(a.status, 200, "{query}: {}", a.text());
    a.json().unwrap()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// BloggyAppy: authors (one deleted column), blog entries, tagged posts
/// (TimeUUID names) and comments (a Super CF).
fn load_blog(server: &Server) {
    let mut c = server.client(false);
    let ks = || "BloggyAppy".to_string();
    let put = |c: &mut wire_support::Client,
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
fn load_seed_002(server: &Server) {
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
fn cli_listing(port: u16, keyspace: &str, cf: &str, row_key: &str) -> Vec<(String, String, i64)> {
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

#[test]
fn catalog_lists_keyspaces_and_describes_column_families() {
    let (server, api) = server();
    load_seed_002(&server);
    let all = get(&api, "/api/explorer/keyspaces");
    let ks = |name: &str| {
        all["keyspaces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {all}"))
            .clone()
    };
    let blog = ks("BloggyAppy");
    assert_eq!(
        blog["strategy"],
        "org.apache.cassandra.locator.SimpleStrategy"
    );
    assert_eq!(blog["replication"]["replication_factor"], "1");
    let cfs = blog["column_families"].as_array().unwrap();
    let comments = cfs.iter().find(|c| c["name"] == "Comments").unwrap();
    assert_eq!(
        (&comments["type"], &comments["cql3"]),
        (&json!("Super"), &json!(false))
    );
    let test = ks("key_space_test");
    assert_eq!(
        test["column_families"][0],
        json!({"name": "testtable", "type": "Standard", "cql3": true})
    );

    let c = get(&api, "/api/explorer/keyspaces/BloggyAppy/cfs/Comments");
    assert_eq!(c["column_type"], "Super");
    assert_eq!(c["comparator"], "TimeUUIDType");
    assert_eq!(c["subcomparator"], "BytesType");
    assert_eq!(c["origin"], "storage-conf.xml");
    assert_eq!(c["cql_definition"], Value::Null);
    let t = get(&api, "/api/explorer/keyspaces/key_space_test/cfs/testtable");
    assert_eq!(t["origin"], "cql3");
    assert_eq!(t["key_validator"], "CompositeType(UTF8Type,UTF8Type)");
    assert_eq!(t["comparator"], "CompositeType(ReversedType(Int32Type),UTF8Type,ColumnToCollectionType(6376616c7565:MapType(UTF8Type,UTF8Type)))");
    let def = t["cql_definition"].as_str().unwrap();
    assert!(def.contains("PRIMARY KEY ((pkey1, pkey2), skey)"), "{def}");
    assert!(def.contains("CLUSTERING ORDER BY (skey DESC)"), "{def}");
    assert!(def.contains("cvalue map<text, text>"), "{def}");
    let names: Vec<&str> = t["column_metadata"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"value") && names.contains(&"cvalue"),
        "{names:?}"
    );
    let sys = get(&api, "/api/explorer/keyspaces/system/cfs/LocationInfo");
    assert_eq!(sys["origin"], "built-in");

    let (code, body) = status(&api, "/api/explorer/keyspaces/Nope/cfs/x");
    assert_eq!(
        (code, body["error"].as_str().unwrap()),
        (404, "Keyspace Nope does not exist")
    );
    let (code, body) = status(&api, "/api/explorer/keyspaces/BloggyAppy/cfs/Nope");
    assert_eq!(
        (code, body["error"].as_str().unwrap()),
        (404, "unconfigured columnfamily Nope")
    );
    assert_eq!(status(&api, "/api/explorer/nothing").0, 404);
    assert_eq!(api.delete("/api/explorer/keyspaces").unwrap().status, 405);
}

#[test]
fn seed_002_row_shows_the_cells_cassandra_cli_lists_and_its_cql_rows() {
    let (server, api) = server();
    load_seed_002(&server);
    let base = "/api/explorer/keyspaces/key_space_test/cfs/testtable";
    let page = get(&api, &format!("{base}/partitions?key=pkey1_1:pkey2_1"));
    let found = page["partitions"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{page}");
    assert_eq!(found[0]["key"], "pkey1_1:pkey2_1");
    let key_hex = found[0]["key_hex"].as_str().unwrap().to_string();
    let p = get(&api, &format!("{base}/partitions/{key_hex}"));
    assert_eq!(p["key"], "pkey1_1:pkey2_1");
    let cells = p["cells"].as_array().unwrap();
    let shown: Vec<(String, String, i64)> = cells
        .iter()
        .filter(|c| c["scope"] == "cell")
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["value_hex"].as_str().unwrap().to_string(),
                c["timestamp"].as_i64().unwrap(),
            )
        })
        .collect();
    let listed = cli_listing(
        server.port,
        "key_space_test",
        "testtable",
        "pkey1_1:pkey2_1",
    );
    assert_eq!(shown, listed);
    // The names seed 002 recorded from Cassandra 1.2's cli, in its order.
    let names: Vec<&str> = shown.iter().map(|(n, _, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "103:",
            "103:cvalue:686f676531",
            "103:value",
            "102:",
            "102:cvalue:686f676531",
            "102:value",
            "101:",
            "101:cvalue:686f676531",
            "101:value",
            "100:",
            "100:cvalue:686f6765",
            "100:value",
            "12:",
            "12:cvalue:686f6765",
            "12:value"
        ]
    );
    // Each map overwrite also stored a range tombstone over the old map.
    let rts = cells
        .iter()
        .filter(|c| c["kind"] == "range_tombstone")
        .count();
    assert_eq!(rts, 5);
    // Kinds, components and the link between cells and CQL rows.
    let marker = cells.iter().find(|c| c["name"] == "103:").unwrap();
    assert_eq!(marker["kind"], "row_marker");
    let coll = cells
        .iter()
        .find(|c| c["name"] == "103:cvalue:686f676531")
        .unwrap();
    assert_eq!(coll["kind"], "collection");
    let comps: Vec<&str> = coll["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(comps, ["103", "cvalue", "hoge1"]);
    assert_eq!(coll["value"], "fuga1");
    let rows = p["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    let row = &rows[coll["row"].as_u64().unwrap() as usize];
    assert_eq!(row["columns"]["skey"], "103");
    assert_eq!(row["columns"]["value"], "value11_103");
    assert_eq!(row["columns"]["cvalue"], "{'hoge1': 'fuga1'}");
    assert_eq!(row["columns"]["pkey2"], "pkey2_1");
    assert_eq!(p["supers"], json!([]));
    assert_eq!(p["truncated"], false);
    let short = get(&api, &format!("{base}/partitions/{key_hex}?limit=2"));
    assert_eq!(short["truncated"], true);

    // TTLs, a deleted CQL row and a deleted partition.
    let mut c = connect19(server.port);
    cql3(&mut c, "USE key_space_test");
    cql3(&mut c, "UPDATE testtable USING TTL 3600 SET value = 'brief' WHERE pkey1 = 'pkey1_1' AND pkey2 = 'pkey2_1' AND skey = 12");
    cql3(
        &mut c,
        "DELETE FROM testtable WHERE pkey1 = 'pkey1_1' AND pkey2 = 'pkey2_1' AND skey = 101",
    );
    cql3(
        &mut c,
        "DELETE FROM testtable WHERE pkey1 = 'pkey1_2' AND pkey2 = 'pkey2_1'",
    );
    let p = get(&api, &format!("{base}/partitions/{key_hex}"));
    let cells = p["cells"].as_array().unwrap();
    let brief = cells.iter().find(|c| c["name"] == "12:value").unwrap();
    assert_eq!(
        (&brief["kind"], &brief["ttl"], &brief["value"]),
        (&json!("expiring"), &json!(3600), &json!("brief"))
    );
    assert!(brief["local_deletion_time"].as_i64().unwrap() > 0);
    assert_eq!(p["rows"].as_array().unwrap().len(), 4, "row 101 is deleted");
    assert!(cells
        .iter()
        .any(|c| c["kind"] == "range_tombstone" && c["components"][0]["value"] == "101"));
    let gone_hex = hex(&supercolumn::marshal::CompositeBuilder::new()
        .push(b"pkey1_2")
        .unwrap()
        .push(b"pkey2_1")
        .unwrap()
        .build(supercolumn::marshal::Eoc::None));
    let gone = get(&api, &format!("{base}/partitions/{gone_hex}"));
    let marker = &gone["cells"][0];
    assert_eq!(
        (&marker["kind"], &marker["scope"]),
        (&json!("tombstone"), &json!("partition"))
    );
    assert_eq!(gone["rows"], json!([]));

    assert_eq!(status(&api, &format!("{base}/partitions/00ff")).0, 404);
    assert_eq!(status(&api, &format!("{base}/partitions/xyz")).0, 400);
}

#[test]
fn thrift_column_families_show_columns_tombstones_and_nested_super_columns() {
    let (server, api) = server();
    load_blog(&server);
    let base = "/api/explorer/keyspaces/BloggyAppy/cfs";
    let arin = get(&api, &format!("{base}/Authors/partitions/{}", hex(b"Arin")));
    let cells = arin["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 2);
    // BytesType names and values render as hex, as cassandra-cli printed them.
    assert_eq!(
        (&cells[0]["name"], &cells[0]["value"], &cells[0]["kind"]),
        (
            &json!(hex(b"bio")),
            &json!(hex(b"some bio")),
            &json!("column")
        )
    );
    assert_eq!(
        (&cells[1]["name"], &cells[1]["kind"]),
        (&json!(hex(b"email")), &json!("tombstone"))
    );
    assert_eq!(arin["key"], "Arin", "0.6 keys are strings");
    assert_eq!(arin["rows"], json!([]));
    let tagged = get(
        &api,
        &format!("{base}/TaggedPosts/partitions/{}", hex(b"rust")),
    );
    let name = tagged["cells"][0]["components"][0]["value"]
        .as_str()
        .unwrap();
    assert!(
        name.ends_with("(2014-05-13 16:53:20+0000)"),
        "a TimeUUID shows its time: {name}"
    );
    let comments = get(
        &api,
        &format!("{base}/Comments/partitions/{}", hex(b"first-post")),
    );
    let supers = comments["supers"].as_array().unwrap();
    assert_eq!(supers.len(), 2);
    assert_eq!(supers[0]["cells"].as_array().unwrap().len(), 2);
    let first = &comments["cells"][supers[0]["cells"][0].as_u64().unwrap() as usize];
    assert_eq!(first["super"], supers[0]["name"]);
    assert_eq!(
        (&first["name"], &first["value"]),
        (&json!("626f6479"), &json!("6e696365"))
    );
}

#[test]
fn partitions_page_in_ring_order_and_stats_and_ring_add_up() {
    let (server, api) = server();
    load_blog(&server);
    let base = "/api/explorer/keyspaces/BloggyAppy/cfs/Authors";
    let mut all: Vec<Value> = Vec::new();
    let mut next = String::new();
    let mut pages = 0;
    loop {
        let page = get(&api, &format!("{base}/partitions?limit=7&after={next}"));
        pages += 1;
        let list = page["partitions"].as_array().unwrap();
        assert!(list.len() <= 7);
        all.extend(list.iter().cloned());
        match page["next"].as_str() {
            Some(n) => next = n.to_string(),
            None => break,
        }
    }
    assert_eq!(all.len(), AUTHORS + 1);
    assert_eq!(pages, (AUTHORS + 1).div_ceil(7));
    // RandomPartitioner: tokens are integers, ascending in ring order.
    let tokens: Vec<u128> = all
        .iter()
        .map(|p| p["token"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(tokens.windows(2).all(|w| w[0] < w[1]), "{tokens:?}");
    let one = get(&api, &format!("{base}/partitions?key=author03"));
    assert_eq!(one["partitions"][0]["cells"], 4);
    assert_eq!(
        get(&api, &format!("{base}/partitions?key=nobody"))["partitions"],
        json!([])
    );
    assert_eq!(status(&api, &format!("{base}/partitions?after=zz")).0, 400);
    assert_eq!(status(&api, &format!("{base}/partitions?limit=x")).0, 400);

    let total_cells: u64 = all.iter().map(|p| p["cells"].as_u64().unwrap()).sum();
    let total_bytes: u64 = all.iter().map(|p| p["bytes"].as_u64().unwrap()).sum();
    let stats = get(&api, &format!("{base}/stats"));
    assert_eq!(stats["partitions"], AUTHORS + 1);
    assert_eq!(
        (
            stats["cells"].as_u64().unwrap(),
            stats["bytes"].as_u64().unwrap()
        ),
        (total_cells, total_bytes)
    );
    assert_eq!(stats["complete"], true);
    for h in ["cells", "bytes"] {
        let n: u64 = stats["histogram"][h]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["count"].as_u64().unwrap())
            .sum();
        assert_eq!(n, (AUTHORS + 1) as u64, "{h} histogram");
    }
    let largest = stats["largest"].as_array().unwrap();
    assert_eq!(largest.len(), 10);
    assert!(largest
        .windows(2)
        .all(|w| w[0]["bytes"].as_u64() >= w[1]["bytes"].as_u64()));
    assert_eq!(stats["warnings"], json!([]));
    let strict = get(&api, &format!("{base}/stats?warn_cells=6"));
    // author i has 1 + i % 7 cells: 7 cells when i % 7 == 6.
    let warned = (0..AUTHORS).filter(|i| i % 7 == 6).count();
    assert_eq!(strict["warnings"].as_array().unwrap().len(), warned);
    assert!(strict["warnings"][0]["reason"]
        .as_str()
        .unwrap()
        .contains("7 cells"));

    for partitioner in ["murmur3", "random", "byteordered"] {
        for nodes in 3..=12usize {
            for rf in [1, 3] {
                let r = get(
                    &api,
                    &format!("{base}/ring?nodes={nodes}&rf={rf}&partitioner={partitioner}"),
                );
                let ns = r["nodes"].as_array().unwrap();
                assert_eq!(ns.len(), nodes);
                let sum = |f: &str| ns.iter().map(|n| n[f].as_u64().unwrap()).sum::<u64>();
                assert_eq!(
                    sum("primary_bytes"),
                    total_bytes,
                    "{partitioner} {nodes} {rf}"
                );
                assert_eq!(sum("primary_partitions"), (AUTHORS + 1) as u64);
                assert_eq!(sum("replica_bytes"), rf as u64 * total_bytes);
                assert_eq!(r["total_bytes"], total_bytes);
                assert!(r["skew"].as_f64().unwrap() >= 1.0);
                if partitioner == "random" {
                    // Evenly spaced over [0, 2^127 - 1], ascending.
                    let ends: Vec<u128> = ns
                        .iter()
                        .map(|n| n["end_token"].as_str().unwrap().parse().unwrap())
                        .collect();
                    assert!(ends.windows(2).all(|w| w[0] < w[1]), "{ends:?}");
                    assert_eq!(ends[nodes - 1], (1u128 << 127) - 1);
                }
            }
        }
    }
    // ByteOrdered: every key starts with 'a' or 'A' (0x41/0x61), so with 4 nodes it all lands on node 1.
    let bop = get(
        &api,
        &format!("{base}/ring?nodes=4&partitioner=byteordered"),
    );
    assert_eq!(bop["nodes"][1]["primary_partitions"], AUTHORS + 1);
    assert_eq!(bop["skewed"], true);
    assert!((bop["skew"].as_f64().unwrap() - 4.0).abs() < 1e-9);
    assert!(!bop["hot"].as_array().unwrap().is_empty());
    for bad in ["nodes=0", "nodes=65", "nodes=3&rf=4", "partitioner=ordered"] {
        assert_eq!(status(&api, &format!("{base}/ring?{bad}")).0, 400, "{bad}");
    }
}

/// The seeds' tables (their typos fixed: seed 001's gyms_by_city key names
/// `state`, and Customer_By_Liked_Product is keyed by `liked_prdt_id`).
fn load_seed_tables(server: &Server) {
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

#[test]
fn seed_example_queries_get_the_seeds_verdicts() {
    let (server, api) = server();
    load_seed_tables(&server);
    load_seed_002(&server);
    let v = |q: &str| check(&api, "seeds", q);
    let shape = |r: &Value| {
        (
            r["shape"].as_str().unwrap().to_string(),
            r["refused_by_1_2"].as_bool().unwrap(),
            r["needs_allow_filtering"].as_bool().unwrap(),
        )
    };
    let ok = |s: &str| (s.to_string(), false, false);

    // Seed 000: a user's videos come from one partition, newest first.
    let r = v("SELECT * FROM user_videos WHERE userid = 522b1fe2-2e36-4cef-a667-cd4237d08b89 ORDER BY added_date DESC;");
    assert_eq!(shape(&r), ok("single_partition"), "{r}");
    assert_eq!(r["partitions"], json!(["522b1fe22e364cefa667cd4237d08b89"]));
    // The table is stored newest first (CLUSTERING ORDER BY added_date DESC).
    assert!(!r["message"].as_str().unwrap().contains("reverse"), "{r}");
    let r = v("SELECT * FROM user_videos WHERE userid = 522b1fe2-2e36-4cef-a667-cd4237d08b89 ORDER BY added_date ASC");
    assert_eq!(shape(&r), ok("single_partition"));
    assert!(
        r["message"]
            .as_str()
            .unwrap()
            .contains("in reverse of the clustering order"),
        "{r}"
    );
    let r = v(
        "SELECT * FROM user_videos WHERE userid = 522b1fe2-2e36-4cef-a667-cd4237d08b89 LIMIT 10;",
    );
    assert_eq!(shape(&r), ok("single_partition"));

    // Seed 001: one partition per user and per city (composite key), in
    // either clustering order; a non-key column needs an index, so 1.2
    // refuses those queries whatever ALLOW FILTERING says.
    let r = v(r#"SELECT content FROM posts_facebook WHERE user_id = "Anna_id" LIMIT 20"#);
    assert_eq!(r["shape"], "single_partition", "{r}");
    assert!(
        r["message"].as_str().unwrap().contains("identifiers"),
        "{r}"
    );
    let r = v(
        r#"SELECT * FROM gyms_by_city WHERE country_code = "us" AND state = "Arizona" AND city = "Phoenix" LIMIT 10"#,
    );
    assert_eq!(shape(&r), ok("single_partition"), "{r}");
    assert_eq!(r["partitions_total"], 1);
    let r = v(
        r#"SELECT * FROM gyms_by_city WHERE country_code = "us" and state = "Arizona" and city = "Phoenix" ORDER BY opening_date DESC LIMIT 10"#,
    );
    assert_eq!(shape(&r), ok("single_partition"), "{r}");
    assert!(
        r["message"]
            .as_str()
            .unwrap()
            .contains("in reverse of the clustering order"),
        "{r}"
    );
    for q in [
        r#"SELECT * FROM Customer_By_Liked_Product WHERE title = "Pepsi" LIMIT 10"#,
        r#"SELECT * FROM Product_Liked_By_Customer WHERE first_name = "Anna" LIMIT 10"#,
    ] {
        let r = v(q);
        assert_eq!(
            shape(&r),
            ("ring_scan".to_string(), true, false),
            "{q}: {r}"
        );
        assert!(
            r["message"]
                .as_str()
                .unwrap()
                .contains("No indexed columns present in by-columns clause with Equal operator"),
            "{r}"
        );
    }
    let mut c = connect19(server.port);
    cql3(
        &mut c,
        "CREATE INDEX ON seeds.Customer_By_Liked_Product (title)",
    );
    let r = v("SELECT * FROM Customer_By_Liked_Product WHERE title = 'Pepsi' LIMIT 10");
    assert_eq!(shape(&r), ok("index_scan"), "{r}");
    assert_eq!(r["partitions"], json!([hex(b"p1")]));

    // Seed 002: without the partition key the query spans partitions and
    // needs ALLOW FILTERING.
    let r = check(
        &api,
        "key_space_test",
        "SELECT * FROM testtable WHERE skey = 100",
    );
    assert_eq!(shape(&r), ("ring_scan".to_string(), true, true), "{r}");
    let r = check(
        &api,
        "key_space_test",
        "SELECT * FROM testtable WHERE skey = 100 ALLOW FILTERING",
    );
    assert_eq!(shape(&r), ok("ring_scan"), "{r}");
    assert_eq!(r["partitions_total"], 4);
    let r = check(
        &api,
        "key_space_test",
        "SELECT * FROM testtable WHERE pkey1 = 'pkey1_1'",
    );
    assert!(shape(&r).1);
    assert!(
        r["message"]
            .as_str()
            .unwrap()
            .contains("Partition key part pkey2 must be restricted since preceding part is"),
        "{r}"
    );
    let r = check(
        &api,
        "key_space_test",
        "SELECT * FROM testtable WHERE pkey1 = 'pkey1_1' AND pkey2 = 'pkey2_1' AND skey > 100",
    );
    assert_eq!(shape(&r), ok("partition_slice"), "{r}");

    // Seed 003: the primary key routes reads; a compound key slices one
    // partition; a composite partition key needs every part.
    assert_eq!(
        shape(&v("SELECT * FROM user WHERE id = 1")),
        ok("single_partition")
    );
    assert_eq!(
        shape(&v("SELECT * FROM user_messages WHERE user = 'theo'")),
        ok("single_partition")
    );
    let r = v("SELECT * FROM user_messages WHERE user = 'theo' AND id = 1");
    assert_eq!(shape(&r), ok("partition_slice"));
    assert_eq!(r["partitions"], json!([hex(b"theo")]));
    assert_eq!(
        shape(&v(
            "SELECT * FROM user_messages WHERE user IN ('theo', 'anna')"
        )),
        ok("multi_partition")
    );
    assert_eq!(
        shape(&v(
            "SELECT * FROM user_by_name WHERE firstname = 'a' AND lastname = 'b'"
        )),
        ok("single_partition")
    );
    assert!(shape(&v("SELECT * FROM user_by_name WHERE firstname = 'a'")).1);
    assert_eq!(
        shape(&v("SELECT * FROM user_messages WHERE message = 'hello'")),
        ("ring_scan".to_string(), true, false)
    );
    assert_eq!(shape(&v("SELECT * FROM user_messages")), ok("ring_scan"));

    // Thrift call shapes, and bad requests.
    load_blog(&server);
    let t = |call: &str, keys: Value| {
        let body = json!({"keyspace": "BloggyAppy", "thrift": {"call": call, "column_family": "Authors", "keys": keys}});
        api.post("/api/explorer/query-check", &body)
            .unwrap()
            .json()
            .unwrap()
    };
    let r: Value = t("get_slice", json!(["Arin"]));
    assert_eq!(r["shape"], "single_partition");
    let r: Value = t("get_range_slices", json!([]));
    assert_eq!(
        (&r["shape"], &r["partitions_total"]),
        (&json!("ring_scan"), &json!(AUTHORS + 1))
    );
    let r: Value = t("get_indexed_slices", json!([]));
    assert_eq!(
        (&r["shape"], &r["refused_by_1_2"]),
        (&json!("index_scan"), &json!(true))
    );
    let bad = api
        .post(
            "/api/explorer/query-check",
            &json!({"keyspace": "seeds", "query": "SELEC nothing"}),
        )
        .unwrap();
    assert_eq!(bad.status, 400);
    let bad = api
        .post(
            "/api/explorer/query-check",
            &json!({"keyspace": "seeds", "query": "SELECT * FROM nope"}),
        )
        .unwrap();
    assert_eq!(bad.status, 404);
    let bad = api
        .post("/api/explorer/query-check", &json!({"keyspace": "seeds"}))
        .unwrap();
    assert_eq!(bad.status, 400);
    assert_eq!(
        api.post("/api/explorer/elsewhere", &json!({}))
            .unwrap()
            .status,
        404
    );
}
