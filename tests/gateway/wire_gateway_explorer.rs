//! The explorer's partition views through a gateway (`node::live`): a
//! gateway in front of a backend supercolumn serving native, and an
//! embedded server given the same writes. Before any deletion, the live
//! view must be the stored one: the same pages of partitions in the same
//! ring order with the same sizes, the same cells of a Standard and a
//! Super partition, the same stats and ring; a CQL3 partition shows the
//! same CQL rows and cell names, its markers and collection elements
//! flagged as stand-ins. After deletions the gateway shows what the
//! cluster answers: no deleted row, no tombstone. An expiring cell shows
//! what remains of its TTL, a counter its total.

use crate::support::explorer;
use crate::support::wire;

use explorer::{get, hex, status};
use serde_json::Value;
use supercolumn::nodetool::http::Endpoint;
use supercolumn::thrift::client::blank_cf_def;
use supercolumn::thrift::gen::cassandra19::{
    CfDef, Column, ColumnParent, ColumnPath, ConsistencyLevel as CL, TCassandraSyncClient,
};
use wire::gateway::{backend_url, native_backend, v19_without_keyspaces};
use wire::thrift19::simple_keyspace;
use wire::{connect19, cql3, Client19, Server};

const KS: &str = "exp";
const USERS: usize = 30;

fn cf(name: &str, column_type: Option<&str>) -> CfDef {
    CfDef {
        column_type: column_type.map(str::to_string),
        comparator_type: Some("UTF8Type".into()),
        subcomparator_type: column_type.map(|_| "UTF8Type".to_string()),
        key_validation_class: Some("UTF8Type".into()),
        default_validation_class: Some("UTF8Type".into()),
        ..blank_cf_def(KS, name)
    }
}

fn api(server: &Server) -> Endpoint {
    Endpoint::new("127.0.0.1", server.admin_port.expect("admin port"))
}

fn put(c: &mut Client19, cf: &str, key: &str, sc: Option<&str>, name: &str, value: &str) {
    let parent = ColumnParent::new(cf.to_string(), sc.map(|s| s.as_bytes().to_vec()));
    let col = Column::new(
        name.as_bytes().to_vec(),
        value.as_bytes().to_vec(),
        1_000_000 + name.len() as i64,
        None,
    );
    c.insert(key.as_bytes().to_vec(), parent, col, CL::ONE)
        .unwrap();
}

/// Keyspace `exp`: `Users` (u00..u29, row i holding i+1 columns), `Posts`
/// (Super: p0..p4, two super columns of three sub-columns), and the CQL3
/// table `t` with a set column.
fn load(server: &Server) -> Client19 {
    let mut c = connect19(server.port);
    let ks = simple_keyspace(KS, vec![cf("Users", None), cf("Posts", Some("Super"))]);
    c.system_add_keyspace(ks).unwrap();
    c.set_keyspace(KS.into()).unwrap();
    for i in 0..USERS {
        for j in 0..=i {
            put(
                &mut c,
                "Users",
                &format!("u{i:02}"),
                None,
                &format!("c{j:02}"),
                &format!("v{i}.{j}"),
            );
        }
    }
    for i in 0..5 {
        for sc in ["2014", "2015"] {
            for j in 0..3 {
                put(
                    &mut c,
                    "Posts",
                    &format!("p{i}"),
                    Some(sc),
                    &format!("s{j}"),
                    "body",
                );
            }
        }
    }
    cql3(
        &mut c,
        "CREATE TABLE t (k text, c int, v text, tags set<text>, PRIMARY KEY (k, c))",
    );
    cql3(
        &mut c,
        "INSERT INTO t (k, c, v, tags) VALUES ('a', 1, 'one', {'x', 'y'})",
    );
    cql3(&mut c, "INSERT INTO t (k, c, v) VALUES ('a', 2, 'two')");
    cql3(&mut c, "INSERT INTO t (k, c) VALUES ('a', 3)");
    cql3(&mut c, "INSERT INTO t (k, c, v) VALUES ('b', 1, 'bee')");
    c
}

/// A gateway (admin on) in front of a backend, and an embedded server, both
/// loaded with the same data.
fn servers(dir: &std::path::Path) -> (Server, Server, Server, Client19, Client19) {
    let conf = v19_without_keyspaces(dir);
    let conf = conf.to_str().unwrap();
    let backend = native_backend(std::path::Path::new(conf));
    let url = backend_url(&backend, "");
    let admin = ["--admin-listen", "127.0.0.1:0"];
    let gateway = Server::start(
        &[
            &["--config", conf, "--in-memory", "--backend", &url],
            &admin[..],
        ]
        .concat(),
    );
    let embedded = Server::start(&[&["--config", conf, "--in-memory"], &admin[..]].concat());
    let g = load(&gateway);
    let e = load(&embedded);
    (backend, gateway, embedded, g, e)
}

fn without_source(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("source");
    v
}

/// Every partition of `cf`, `limit` a page, following `next`.
fn all_pages(api: &Endpoint, cf: &str, limit: usize) -> (Vec<Value>, usize) {
    let base = format!("/api/explorer/keyspaces/{KS}/cfs/{cf}/partitions?limit={limit}");
    let mut page = get(api, &base);
    let mut out = Vec::new();
    let mut pages = 1;
    loop {
        let got = page["partitions"].as_array().unwrap();
        assert!(got.len() <= limit);
        out.extend(got.iter().cloned());
        match page["next"].as_str() {
            Some(next) => {
                page = get(api, &format!("{base}&after={next}"));
                pages += 1;
            }
            None => return (out, pages),
        }
    }
}

fn partition(api: &Endpoint, cf: &str, key: &str) -> Value {
    get(
        api,
        &format!(
            "/api/explorer/keyspaces/{KS}/cfs/{cf}/partitions/{}",
            hex(key.as_bytes())
        ),
    )
}

#[test]
fn the_live_view_through_a_gateway_is_the_stored_view_of_live_data() {
    let dir = tempfile::tempdir().unwrap();
    let (_backend, gateway, embedded, _g, _e) = servers(dir.path());
    let (ga, ea) = (api(&gateway), api(&embedded));

    // Pages in ring order, paged with `after`, the same as the engine's.
    let (listed, pages) = all_pages(&ga, "Users", 7);
    assert_eq!((listed.len(), pages), (USERS, 5));
    assert_eq!(listed, all_pages(&ea, "Users", 7).0);
    let tokens: Vec<i64> = listed
        .iter()
        .map(|p| p["token"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(
        tokens.windows(2).all(|w| w[0] < w[1]),
        "ring order: {tokens:?}"
    );
    let first = get(
        &ga,
        &format!("/api/explorer/keyspaces/{KS}/cfs/Users/partitions?limit=3"),
    );
    assert_eq!(first["source"], "cluster");
    let u07 = listed.iter().find(|p| p["key"] == "u07").unwrap();
    assert_eq!((&u07["cells"], u07.get("partial")), (&Value::from(8), None));
    assert_eq!(all_pages(&ga, "Posts", 2).0, all_pages(&ea, "Posts", 2).0);

    // A lookup by typed key.
    let found = get(
        &ga,
        &format!("/api/explorer/keyspaces/{KS}/cfs/Users/partitions?key=u07"),
    );
    assert_eq!(found["partitions"][0], *u07);
    let none = get(
        &ga,
        &format!("/api/explorer/keyspaces/{KS}/cfs/Users/partitions?key=nobody"),
    );
    assert_eq!(none["partitions"], Value::Array(vec![]));

    // One partition: the same cells, Standard and Super.
    for (cf, key) in [("Users", "u03"), ("Posts", "p1")] {
        let (g, e) = (partition(&ga, cf, key), partition(&ea, cf, key));
        assert_eq!(
            (&g["source"], &e["source"]),
            (&Value::from("cluster"), &Value::from("stored"))
        );
        assert_eq!(without_source(g), without_source(e), "{cf} {key}");
    }
    let p1 = partition(&ga, "Posts", "p1");
    assert_eq!(p1["supers"].as_array().unwrap().len(), 2);
    assert_eq!(p1["cells"].as_array().unwrap().len(), 6);
    let cut = get(
        &ga,
        &format!(
            "/api/explorer/keyspaces/{KS}/cfs/Users/partitions/{}?limit=2",
            hex(b"u09")
        ),
    );
    assert_eq!(
        (cut["cells"].as_array().unwrap().len(), &cut["truncated"]),
        (2, &Value::Bool(true))
    );

    // Stats and ring: the same figures.
    for what in ["stats", "ring?nodes=4&rf=2"] {
        let path = format!("/api/explorer/keyspaces/{KS}/cfs/Users/{what}");
        let (g, e) = (get(&ga, &path), get(&ea, &path));
        assert_eq!(g["source"], "cluster");
        assert_eq!(without_source(g), without_source(e), "{what}");
    }
    let stats = get(
        &ga,
        &format!("/api/explorer/keyspaces/{KS}/cfs/Users/stats"),
    );
    assert_eq!(
        (&stats["partitions"], &stats["cells"]),
        (&Value::from(USERS), &Value::from(USERS * (USERS + 1) / 2))
    );
    assert_eq!(stats["partial_partitions"], 0);

    // A CQL3 partition: the same rows and cell names; what CQL cannot read
    // the timestamp of is flagged.
    let (g, e) = (partition(&ga, "t", "a"), partition(&ea, "t", "a"));
    assert_eq!(g["rows"], e["rows"]);
    assert_eq!(g["rows"].as_array().unwrap().len(), 3);
    let shape = |p: &Value| -> Vec<(Value, Value, Value)> {
        p["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["kind"] != "range_tombstone")
            .map(|c| {
                (
                    c["name_hex"].clone(),
                    c["kind"].clone(),
                    c["value_hex"].clone(),
                )
            })
            .collect()
    };
    assert_eq!(shape(&g), shape(&e));
    for c in g["cells"].as_array().unwrap() {
        let stand_in = matches!(c["kind"].as_str(), Some("row_marker" | "collection"));
        assert_eq!(c.get("stand_in").is_some(), stand_in, "{c}");
    }
    assert!(e["cells"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c.get("stand_in").is_none()));
    let (t, _) = all_pages(&ga, "t", 10);
    // The set's INSERT wrote a range tombstone the engine keeps (and
    // counts); the cluster shows live cells only.
    let keys = |ps: &[Value]| -> Vec<Value> { ps.iter().map(|p| p["key"].clone()).collect() };
    assert_eq!(keys(&t), keys(&all_pages(&ea, "t", 10).0));
    assert_eq!(keys(&t), vec![Value::from("a"), Value::from("b")]);
    assert_eq!(t[0]["cells"], 7);
}

#[test]
fn deleted_data_is_not_shown_through_a_gateway() {
    let dir = tempfile::tempdir().unwrap();
    let (_backend, gateway, embedded, mut g, mut e) = servers(dir.path());
    let (ga, ea) = (api(&gateway), api(&embedded));
    for c in [&mut g, &mut e] {
        let row = ColumnPath::new("Users".into(), None, None);
        c.remove(b"u07".to_vec(), row, 2_000_000, CL::ONE).unwrap();
        let col = ColumnPath::new("Users".into(), None, Some(b"c00".to_vec()));
        c.remove(b"u05".to_vec(), col, 2_000_000, CL::ONE).unwrap();
        cql3(c, "DELETE FROM t WHERE k = 'b'");
    }
    // The engine keeps the deleted row (a partition deletion); the cluster
    // does not return it.
    let (listed, _) = all_pages(&ga, "Users", 7);
    assert_eq!(listed.len(), USERS - 1);
    assert!(listed.iter().all(|p| p["key"] != "u07"));
    assert_eq!(all_pages(&ea, "Users", 7).0.len(), USERS);
    let path = format!(
        "/api/explorer/keyspaces/{KS}/cfs/Users/partitions/{}",
        hex(b"u07")
    );
    assert_eq!(status(&ga, &path).0, 404);
    assert_eq!(status(&ea, &path).0, 200);
    let found = get(
        &ga,
        &format!("/api/explorer/keyspaces/{KS}/cfs/Users/partitions?key=u07"),
    );
    assert_eq!(found["partitions"], Value::Array(vec![]));

    // A deleted column: a tombstone in the engine, absent in the cluster.
    let (g5, e5) = (
        partition(&ga, "Users", "u05"),
        partition(&ea, "Users", "u05"),
    );
    let kinds = |p: &Value| -> Vec<String> {
        p["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["kind"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(kinds(&g5), vec!["column"; 5]);
    assert_eq!(kinds(&e5).iter().filter(|k| *k == "tombstone").count(), 1);
    let u05 = listed.iter().find(|p| p["key"] == "u05").unwrap();
    assert_eq!(u05["cells"], 5);

    let stats = get(
        &ga,
        &format!("/api/explorer/keyspaces/{KS}/cfs/Users/stats"),
    );
    assert_eq!(stats["partitions"], USERS - 1);
    assert_eq!(all_pages(&ga, "t", 10).0.len(), 1);

    // The query check's existence test reads through the gateway too.
    let check = |key: &str| {
        let body = serde_json::json!({"keyspace": KS, "thrift": {"call": "get_slice", "column_family": "Users", "keys": [key]}});
        let a = ga.post("/api/explorer/query-check", &body).unwrap();
        assert_eq!(a.status, 200, "{}", a.text());
        a.json().unwrap()["partitions"].clone()
    };
    assert_eq!(check("u07"), Value::Array(vec![]));
    assert_eq!(check("u06"), serde_json::json!([hex(b"u06")]));
}

#[test]
fn expiring_and_counter_cells_through_a_gateway() {
    use supercolumn::thrift::gen::cassandra19::CounterColumn;
    let dir = tempfile::tempdir().unwrap();
    let conf = v19_without_keyspaces(dir.path());
    let backend = native_backend(&conf);
    let url = backend_url(&backend, "");
    let conf = conf.to_str().unwrap();
    let gateway = Server::start(&[
        "--config",
        conf,
        "--in-memory",
        "--backend",
        &url,
        "--admin-listen",
        "127.0.0.1:0",
    ]);
    let ga = api(&gateway);
    let mut c = connect19(gateway.port);
    let counts = CfDef {
        default_validation_class: Some("CounterColumnType".into()),
        ..cf("Counts", None)
    };
    let ks = simple_keyspace(KS, vec![cf("Users", None), counts]);
    c.system_add_keyspace(ks).unwrap();
    c.set_keyspace(KS.into()).unwrap();
    let parent = ColumnParent::new("Users".to_string(), None);
    let col = Column::new(b"soon".to_vec(), b"gone".to_vec(), 7, Some(1000));
    c.insert(b"t1".to_vec(), parent, col, CL::ONE).unwrap();
    let parent = ColumnParent::new("Counts".to_string(), None);
    for _ in 0..5 {
        let add = CounterColumn::new(b"hits".to_vec(), 1);
        c.add(b"page".to_vec(), parent.clone(), add, CL::ONE)
            .unwrap();
    }

    let t1 = partition(&ga, "Users", "t1");
    let cell = &t1["cells"][0];
    assert_eq!(
        (&cell["kind"], &cell["value"]),
        (&Value::from("expiring"), &Value::from("gone"))
    );
    let ttl = cell["ttl"].as_i64().unwrap();
    assert!(
        (990..=1000).contains(&ttl),
        "what remains of the TTL: {ttl}"
    );
    let page = partition(&ga, "Counts", "page");
    let cell = &page["cells"][0];
    assert_eq!(
        (&cell["kind"], &cell["value"]),
        (&Value::from("counter"), &Value::from("5"))
    );
    let listed = get(
        &ga,
        &format!("/api/explorer/keyspaces/{KS}/cfs/Counts/partitions"),
    );
    assert_eq!(listed["partitions"][0]["cells"], 1);
}
