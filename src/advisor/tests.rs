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
    crate::node::testkit::node(EngineOptions::default())
}

fn cql(node: &Node, ks: Option<&str>, q: &str) {
    let backend = NodeBackend::new(node);
    let mut s = CqlSession::new(node.cql_clock.clone());
    if let Some(ks) = ks {
        s.set_keyspace(ks.into());
    }
    backend
        .finish(exec::execute(&backend, &mut s, q, 1))
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
