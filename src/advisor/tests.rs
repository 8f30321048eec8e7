//! The advisor over a test node: proposals for the seeds' refused queries,
//! the dry run, a bucket for a partition over the limits, and a migration
//! whose re-run returns the source's rows.

use super::api::{advise, Request};
use crate::cql::exec::{self, CqlSession};
use crate::node::cql::NodeBackend;
use crate::node::Node;
use crate::storage::EngineOptions;
use serde_json::Value;

fn node() -> Node {
    crate::node::test_nodes::node(EngineOptions::default())
}

fn cql(node: &Node, ks: Option<&str>, q: &str) {
    let backend = NodeBackend::new(node);
    let mut s = CqlSession::new(node.cql_clock.clone());
    if let Some(ks) = ks {
        s.set_keyspace(ks.into());
    }
    backend
        .finish(exec::execute(&backend, &mut s, q))
        .unwrap_or_else(|e| panic!("{q}: {e}"));
}

fn ask(node: &Node, ks: &str, q: &str, migrate: bool) -> Value {
    let req = Request {
        keyspace: ks.into(),
        query: Some(q.into()),
        thrift: None,
        migrate,
        max_cells: None,
        resume_after: None,
    };
    advise(node, &req).unwrap_or_else(|e| panic!("{q}: {e}"))
}

#[test]
fn a_refused_equality_gets_a_one_partition_table_that_returns_the_same_rows() {
    let n = node();
    cql(
        &n,
        None,
        "CREATE KEYSPACE s WITH REPLICATION = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    cql(&n, Some("s"), "CREATE TABLE Customer_By_Liked_Product (liked_prdt_id text, liked_on timestamp, title text, cust_id text, first_name text, last_name text, PRIMARY KEY (liked_prdt_id, liked_on))");
    for (p, d, t, c) in [
        ("p1", "2014-01-01", "Pepsi", "c1"),
        ("p2", "2014-01-02", "Coke", "c1"),
        ("p3", "2014-01-03", "Pepsi", "c2"),
        ("p1", "2014-01-04", "Pepsi", "c3"),
    ] {
        cql(&n, Some("s"), &format!("INSERT INTO Customer_By_Liked_Product (liked_prdt_id, liked_on, title, cust_id) VALUES ('{p}', '{d}', '{t}', '{c}') USING TTL 86400"));
    }
    let v = ask(
        &n,
        "s",
        r#"SELECT * FROM Customer_By_Liked_Product WHERE title = "Pepsi" LIMIT 10"#,
        true,
    );
    assert_eq!(
        v["proposal"]["partition_key"],
        serde_json::json!(["title"]),
        "{v}"
    );
    assert_eq!(v["plan"]["shape"], "single_partition", "{v}");
    assert_eq!(v["dry_run"]["partitions"], 2, "{v}");
    assert_eq!(v["original"]["shape"], "ring_scan", "{v}");
    let m = &v["migration"];
    assert_eq!(m["comparison"]["same"], true, "{m}");
    assert_eq!(m["comparison"]["target_rows"], 3, "{m}");
    assert_eq!(m["query_check"]["shape"], "single_partition", "{m}");
    // A rerun keeps the table and converges.
    let again = ask(
        &n,
        "s",
        r#"SELECT * FROM Customer_By_Liked_Product WHERE title = "Pepsi" LIMIT 10"#,
        true,
    );
    assert_eq!(again["migration"]["table"], "exists");
    assert_eq!(again["migration"]["comparison"]["same"], true);
}

#[test]
fn a_time_series_over_the_limit_gets_a_time_bucket_under_it() {
    let n = node();
    cql(
        &n,
        None,
        "CREATE KEYSPACE s WITH REPLICATION = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    cql(
        &n,
        Some("s"),
        "CREATE TABLE events (id int PRIMARY KEY, sensor text, at timestamp, v int, w int)",
    );
    // 40,000 readings of one sensor, one every 86.4 s over 40 days: three
    // cells a row (marker, v, w) under one key is 120,000 cells.
    let day0: i64 = 1_400_000_000_000;
    for chunk in 0..80 {
        let mut b = String::from("BEGIN UNLOGGED BATCH ");
        for i in chunk * 500..(chunk + 1) * 500 {
            b.push_str(&format!(
                "INSERT INTO events (id, sensor, at, v, w) VALUES ({i}, 's1', {}, {i}, 1); ",
                day0 + i64::from(i) * 86_400
            ));
        }
        b.push_str("APPLY BATCH");
        cql(&n, Some("s"), &b);
    }
    cql(
        &n,
        Some("s"),
        "INSERT INTO events (id, sensor, at, v, w) VALUES (-1, 's2', 0, 0, 0)",
    );
    let v = ask(
        &n,
        "s",
        "SELECT * FROM events WHERE sensor = 's1' AND at > 0 ALLOW FILTERING",
        false,
    );
    let b = &v["bucket"];
    assert!(
        b["before"]["cells_per_partition"]["max"].as_u64().unwrap() > 100_000,
        "{b}"
    );
    assert_eq!(b["chosen"]["kind"], "time", "{b}");
    assert_eq!(b["chosen"]["unit"], "30 days", "{b}");
    let p99 = v["dry_run"]["cells_per_partition"]["p99"].as_u64().unwrap();
    assert!(p99 < 100_000, "{v}");
    assert_eq!(v["dry_run"]["over_limits"], 0);
    assert_eq!(b["fan_out"]["partitions_per_read"], 2, "{b}");
    assert!(
        v["create"]
            .as_str()
            .unwrap()
            .contains("PRIMARY KEY ((sensor, bucket), at, id)"),
        "{v}"
    );
    assert!(
        v["query"].as_str().unwrap().contains("AND bucket IN ("),
        "{v}"
    );
    assert_eq!(v["plan"]["partitions_per_read"], 2, "{v}");
}

#[test]
fn rules_order_by_and_uniqueness_are_explained() {
    let n = node();
    cql(
        &n,
        None,
        "CREATE KEYSPACE s WITH REPLICATION = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    cql(&n, Some("s"), "CREATE TABLE Product_Liked_By_Customer (cust_id text, first_name text, last_name text, liked_prdt_id text, liked_on timestamp, title text, PRIMARY KEY (cust_id, liked_on))");
    cql(&n, Some("s"), "INSERT INTO Product_Liked_By_Customer (cust_id, first_name, liked_on, title) VALUES ('c1', 'Anna', '2014-01-01', 'Pepsi')");
    let v = ask(
        &n,
        "s",
        "SELECT * FROM Product_Liked_By_Customer WHERE first_name = 'Anna' ORDER BY liked_on DESC",
        false,
    );
    let rules: Vec<&str> = v["proposal"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rule"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        [
            "equality -> partition key",
            "ORDER BY -> clustering order",
            "uniqueness -> clustering column"
        ],
        "{v}"
    );
    assert!(v["create"].as_str().unwrap().ends_with("PRIMARY KEY (first_name, liked_on, cust_id)) WITH CLUSTERING ORDER BY (liked_on DESC, cust_id ASC)"), "{v}");
    assert!(
        v["proposal"]["warnings"][0]
            .as_str()
            .unwrap()
            .contains("silently overwriting"),
        "{v}"
    );
    let lint: Vec<&str> = v["lint"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["rule"].as_str().unwrap())
        .collect();
    assert!(
        lint.contains(&"non_unique_key") && lint.contains(&"where_without_partition_key"),
        "{lint:?}"
    );
    assert_eq!(v["plan"]["shape"], "single_partition");
    assert_eq!(v["plan"]["reversed"], false);
}
