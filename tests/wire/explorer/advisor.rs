//! The model advisor over the wire: `supercolumn advise --migrate` against
//! a server loaded with the seeds' tables, for each query the seeds show
//! refused or scanning: the proposal reads one partition, and the re-run
//! on the backfilled table returns the source's rows. The Thrift-era
//! shapes of BloggyAppy (posts by tag, comments by post) through
//! `POST /api/advisor`.

use crate::support::explorer::*;
use serde_json::{json, Value};
use std::process::Command;

#[test]
fn the_reads_a_server_served_are_weighed_and_the_heaviest_scans_advised() {
    let (server, _api) = server();
    load_advisor_data(&server);
    assert_served_reads_advised(&advise_served_reads(&server));
}

#[test]
fn seeds_refused_queries_get_one_partition_tables_with_the_same_rows() {
    let (server, api) = server();
    load_advisor_data(&server);
    let admin = server.admin_port.unwrap();
    for &(ks, q, rows) in SEEDS_ADVISED {
        let (code, v) = advise(admin, ks, q, true);
        assert_eq!(code, 0, "{q}: {v:#}");
        assert_migrated(q, &v, rows);
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
