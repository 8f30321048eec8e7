//! `supercolumn capture` and `supercolumn replay` end to end: a generated
//! client's traffic (19.x framed and 0.6 unframed) recorded through the
//! proxy in front of one server, replayed against a fresh server (no
//! difference: what a server assigns is masked) and against another
//! release's emulation (its differences reported, a non-zero exit).

use crate::support::wire;

use supercolumn::thrift::gen::cassandra06;
use supercolumn::thrift::gen::cassandra19::{
    Column, ColumnParent, ColumnPath, ConsistencyLevel as CL, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use wire::capture::{replay, Capture};
use wire::thrift19::simple_keyspace;
use wire::{connect, connect19, timestamp, Server};

fn all() -> SlicePredicate {
    SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100))
}

fn keyspace(c: &mut wire::Client19, name: &str) {
    let cf = supercolumn::thrift::client::blank_cf_def(name, "Items");
    c.system_add_keyspace(simple_keyspace(name, vec![cf]))
        .unwrap();
}

/// What an application does over 19.x: reads, writes, a miss, a refusal,
/// a schema change and the schema read back.
fn flow19(port: u16) {
    let mut c = connect19(port);
    c.describe_version().unwrap();
    assert!(c.set_keyspace("Nowhere".into()).is_err());
    c.set_keyspace("Before".into()).unwrap();
    let parent = ColumnParent::new("Items".to_string(), None);
    for (name, value) in [("b", "2"), ("a", "1"), ("c", "3")] {
        let col = Column::new(
            name.as_bytes().to_vec(),
            value.as_bytes().to_vec(),
            timestamp(),
            None,
        );
        c.insert(b"row".to_vec(), parent.clone(), col, CL::ONE)
            .unwrap();
    }
    assert_eq!(
        c.get_slice(b"row".to_vec(), parent.clone(), all(), CL::ONE)
            .unwrap()
            .len(),
        3
    );
    let missing = ColumnPath::new("Items".to_string(), None, b"zz".to_vec());
    assert!(c.get(b"row".to_vec(), missing, CL::ONE).is_err());
    assert_eq!(
        c.get_count(b"row".to_vec(), parent.clone(), all(), CL::ONE)
            .unwrap(),
        3
    );
    let a = ColumnPath::new("Items".to_string(), None, b"a".to_vec());
    c.remove(b"row".to_vec(), a, timestamp(), CL::ONE).unwrap();
    assert_eq!(
        c.get_slice(b"row".to_vec(), parent, all(), CL::ONE)
            .unwrap()
            .len(),
        2
    );
    keyspace(&mut c, "During");
    c.describe_keyspaces().unwrap();
}

/// What a 0.6 application does, unframed, on the stock Keyspace1.
fn flow06(port: u16) {
    use cassandra06::TCassandraSyncClient as _;
    let mut c = connect(port, false);
    let path = cassandra06::ColumnPath::new("Standard1".to_string(), None, b"col".to_vec());
    let cl = cassandra06::ConsistencyLevel::ONE;
    c.insert(
        "Keyspace1".into(),
        "k06".into(),
        path.clone(),
        b"v".to_vec(),
        timestamp(),
        cl,
    )
    .unwrap();
    c.get("Keyspace1".into(), "k06".into(), path, cl).unwrap();
}

fn records(file: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_capture_replays_clean_on_a_fresh_server_and_reports_another_releases_differences() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("app.capture");
    let source = Server::start(&["--in-memory"]);
    // A keyspace the server has before the capture starts: the capture's schema record.
    keyspace(&mut connect19(source.port), "Before");

    let proxy = Capture::start(source.port, &file, &[]);
    flow19(proxy.port);
    flow06(proxy.port);
    // Both clients have hung up: their connections' last records reach the file.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while records(&file)
        .iter()
        .filter(|r| r["type"] == "close")
        .count()
        < 2
    {
        assert!(std::time::Instant::now() < deadline, "{:?}", records(&file));
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(proxy.stop(), Some(0));

    let recs = records(&file);
    let of = |t: &str| recs.iter().filter(|r| r["type"] == t).count();
    assert_eq!(recs[0]["type"], "capture");
    assert!(recs[1]["describe_keyspaces"].is_string(), "{}", recs[1]);
    assert_eq!((of("open"), of("close")), (2, 2));
    assert_eq!(of("request"), 15);
    assert_eq!(of("reply"), 15);
    let methods: Vec<&str> = recs.iter().filter_map(|r| r["method"].as_str()).collect();
    assert!(methods.contains(&"get_slice") && methods.contains(&"system_add_keyspace"));
    let framed: Vec<bool> = recs.iter().filter_map(|r| r["framed"].as_bool()).collect();
    assert!(
        framed.contains(&true) && framed.contains(&false),
        "both framings recorded"
    );

    // A fresh server of the same kind: every reply matches once the schema
    // version, the column family ids and the like are masked.
    let fresh = Server::start(&["--in-memory"]);
    let target = format!("127.0.0.1:{}", fresh.port);
    let (code, out) = replay(&[file.to_str().unwrap(), "--server", &target]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("replayed 15 calls on 2 connections"), "{out}");
    assert!(out.contains("15 identical, 0 different"), "{out}");
    assert!(out.contains("created keyspace Before"), "{out}");

    // Another release answers otherwise: its API version, and no 0.6 unframed API.
    let (code, out) = replay(&[
        file.to_str().unwrap(),
        "--cassandra-version",
        "2.0.17",
        "--json",
    ]);
    assert_eq!(code, 1, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(report["different"].as_u64().unwrap() >= 3, "{report}");
    let value = &report["by_kind"]["value"]["first"][0];
    assert_eq!(value["method"], "describe_version", "{report}");
    assert_eq!(value["replayed"], "\"19.39.0\"", "{report}");
    assert_eq!(report["by_method"]["insert"]["different"], 1, "{report}");
}

#[test]
fn a_server_the_proxy_cannot_reach_closes_the_clients_connection() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c");
    let gone = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = gone.local_addr().unwrap().port();
    drop(gone);
    let proxy = Capture::start(port, &file, &[]);
    let mut c = connect19(proxy.port);
    assert!(c.describe_version().is_err());
    assert_eq!(proxy.stop(), Some(0));
    let recs = records(&file);
    assert!(recs[1]["error"].is_string(), "{}", recs[1]);
    assert!(recs.iter().all(|r| r["type"] != "open"));
}

#[test]
fn a_bad_capture_file_is_refused_naming_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad");
    let head = r#"{"type":"capture","format":1,"started_us":0,"to":"x:1","protocol":"thrift"}"#;
    std::fs::write(
        &file,
        format!("{head}\n{{\"type\":\"reply\",\"conn\":1}}\n"),
    )
    .unwrap();
    let (code, out) = replay(&[file.to_str().unwrap(), "--server", "127.0.0.1:1"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("line 2"), "{out}");
    std::fs::write(&file, "not a capture\n").unwrap();
    let (code, out) = replay(&[file.to_str().unwrap(), "--server", "127.0.0.1:1"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("not a capture file"), "{out}");
}

#[test]
fn serve_capture_records_the_servers_own_traffic_and_it_replays_clean() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("served.capture");
    let path = file.to_str().unwrap();
    let mut source = Server::start(&["--in-memory", "--capture", path]);
    keyspace(&mut connect19(source.port), "Before");
    flow19(source.port);
    flow06(source.port);
    assert!(source.terminate().success());

    let recs = records(&file);
    let of = |t: &str| recs.iter().filter(|r| r["type"] == t).count();
    assert_eq!(recs[0]["type"], "capture", "{}", recs[0]);
    assert!(recs[1]["describe_keyspaces"].is_string(), "{}", recs[1]);
    assert_eq!(of("open"), 3);
    assert_eq!((of("request"), of("reply")), (16, 16));

    let fresh = Server::start(&["--in-memory"]);
    let target = format!("127.0.0.1:{}", fresh.port);
    let (code, out) = replay(&[path, "--server", &target]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("16 identical, 0 different"), "{out}");
}
