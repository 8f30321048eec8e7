//! The model advisor over the wire: `supercolumn advise --migrate` against
//! a server loaded with the seeds' tables, for each query the seeds show
//! refused or scanning: the proposal reads one partition, and the re-run
//! on the backfilled table returns the source's rows. The Thrift-era
//! shapes of BloggyAppy (posts by tag, comments by post) through
//! `POST /api/advisor`.

use crate::support::explorer::*;
use crate::support::wire::{connect19, cql3};
use serde_json::{json, Value};
use std::process::Command;

fn advise(admin: u16, ks: &str, q: &str) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .args([
            "advise",
            "--admin",
            &format!("127.0.0.1:{admin}"),
            "--keyspace",
            ks,
            "--query",
            q,
            "--json",
            "--migrate",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let v = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{q}: {e}: {text} {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code().unwrap(), v)
}

#[test]
fn seeds_refused_queries_get_one_partition_tables_with_the_same_rows() {
    let (server, api) = server();
    load_seed_tables(&server);
    load_seed_002(&server);
    let admin = server.admin_port.unwrap();
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
    for (ks, q, rows) in [
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
    ] {
        let (code, v) = advise(admin, ks, q);
        assert_eq!(code, 0, "{q}: {v:#}");
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
    // Without --json the advice is text.
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .args([
            "advise",
            "--admin",
            &format!("127.0.0.1:{admin}"),
            "--keyspace",
            "seeds",
            "--query",
            "SELECT * FROM user_messages WHERE message = 'hello'",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success()
            && text.contains("Proposed: CREATE TABLE seeds.user_messages_by_message"),
        "{text}"
    );
    // A query with nothing to partition by is a 400, and the command says so.
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .args([
            "advise",
            "--admin",
            &format!("127.0.0.1:{admin}"),
            "--keyspace",
            "seeds",
            "--query",
            "SELECT * FROM user_messages",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));

    // BloggyAppy: posts by tag is a hand-made index, comments by post a
    // super column family; both already read one partition.
    load_blog(&server);
    let t = |call: &str, cf: &str| -> Value {
        let body = json!({"keyspace": "BloggyAppy", "thrift": {"call": call, "column_family": cf, "keys": ["rust"]}});
        let a = api.post("/api/advisor", &body).unwrap();
        assert_eq!(a.status, 200, "{}", a.text());
        a.json().unwrap()
    };
    let v = t("get_slice", "TaggedPosts");
    assert_eq!(v["recognised"]["points_at"], "BlogEntries", "{v:#}");
    assert_eq!(v["thrift"]["shape"], "single_partition");
    let v = t("get_slice", "Comments");
    assert!(
        v["create"]
            .as_str()
            .unwrap()
            .contains("PRIMARY KEY (key, super, sub)"),
        "{v:#}"
    );
    assert!(
        v["cli"]
            .as_str()
            .unwrap()
            .starts_with("create column family Comments with column_type = 'Super'"),
        "{v:#}"
    );
}
