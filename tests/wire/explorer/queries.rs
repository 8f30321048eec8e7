//! The explorer's query check (`POST /api/explorer/query-check`) on the
//! seeds' tables: the example queries of seeds 000, 001, 002 and 003 get
//! the verdicts the seeds give.

use crate::support::explorer;
use crate::support::wire;

use explorer::*;
use serde_json::{json, Value};
use wire::{connect19, cql3};

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
    // A query nested far deeper than the bound is refused as a parse error,
    // never run off the check's stack (a thousand levels keep the body
    // under the admin port's 64 KiB cap; the wire tests of the CQL ports
    // go ten thousand deep).
    for (open, close) in [("token(", ")"), ("blobAsText(textAsBlob(", "))")] {
        let deep = format!(
            "SELECT {}userid{} FROM user_videos",
            open.repeat(1_000 / close.len()),
            close.repeat(1_000 / close.len())
        );
        let bad = api
            .post(
                "/api/explorer/query-check",
                &json!({"keyspace": "seeds", "query": deep}),
            )
            .unwrap();
        assert_eq!(bad.status, 400);
        assert!(
            bad.text().contains("input nested more than 64 levels deep"),
            "{}",
            bad.text()
        );
    }
    let r: Value = t("get_slice", json!(["Arin"]));
    assert_eq!(r["shape"], "single_partition");
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
