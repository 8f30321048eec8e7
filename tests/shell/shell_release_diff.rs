//! `supercolumn release-diff A B` end to end: the real binary's text and
//! JSON, its refusal of an unknown release (exit status 2), and its
//! answers held against servers started with `--cassandra-version` for
//! both releases: what it says changes is what the emulation answers.

use crate::support::wire::{connect19, Server};
use std::process::Command;
use supercolumn::thrift::gen::cassandra19::TCassandraSyncClient;

/// `supercolumn release-diff ARGS`: (exit code, stdout, stderr).
fn release_diff(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .arg("release-diff")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn text_lists_the_differences() {
    let (code, out, err) = release_diff(&["1.0.12", "1.2.9"]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Cassandra 1.0.12 -> 1.2.9");
    for line in [
        "Thrift API (describe_version): 19.20.0 -> 19.36.0",
        "Features added: CQL 3, atomic_batch_mutate, native protocol",
        "Native protocol versions added: v1",
        "CQL 3 version: none -> 3.0.5",
        "Stock partitioner: org.apache.cassandra.dht.RandomPartitioner -> \
         org.apache.cassandra.dht.Murmur3Partitioner",
        "System keyspace column families removed: Versions",
        "TimedOutException fields added: acknowledged_by, acknowledged_by_batchlog",
        "Behaviour stops: KsDef.replication_factor sets a SimpleStrategy keyspace's \
         replication factor",
    ] {
        assert!(lines.contains(&line), "no line {line:?} in:\n{out}");
    }
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Thrift methods added: get_paged_slice, ")));
    assert!(!out.contains("Thrift methods removed"), "{out}");
    let (code, out, _) = release_diff(&["2.1.22", "2.1.22"]);
    assert_eq!(code, 0);
    assert!(out.contains("\nNo differences\n"), "{out}");
}

#[test]
fn a_patch_release_differs_in_what_it_started() {
    let (code, out, err) = release_diff(&["1.2.9", "1.2.19"]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    for line in [
        "Thrift API (describe_version): 19.36.0 -> 19.36.2",
        "Thrift methods added: describe_local_ring",
        "Behaviour starts: truncate of an unknown column family is refused \
         (unconfigured columnfamily)",
        "Behaviour starts: dropping an unknown column family answers unconfigured columnfamily",
        "Behaviour starts: the system table schema_keyspaces has gc_grace_seconds 604800",
    ] {
        assert!(lines.contains(&line), "no line {line:?} in:\n{out}");
    }
    assert!(!out.contains("Features"), "{out}");
}

#[test]
fn an_unknown_release_exits_2() {
    let (code, out, err) = release_diff(&["1.2.9", "3.0.0"]);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert!(
        err.starts_with(
            "supercolumn release-diff: unknown Cassandra version '3.0.0' (known: 0.6.8, 0.7.10,"
        ),
        "{err}"
    );
}

/// The JSON's API versions and added methods, checked against servers
/// answering as each release.
#[test]
fn json_agrees_with_the_emulation() {
    let (code, out, err) = release_diff(&["0.8.10", "2.0.17", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["from"], "0.8.10");
    assert_eq!(v["thrift_generation_changed"], false);
    let added = v["thrift_methods"]["added"].as_array().unwrap();
    assert!(added.iter().any(|m| m == "describe_token_map"), "{out}");
    assert_eq!(
        v["native_protocol_versions"]["added"],
        serde_json::json!([1, 2])
    );
    let cf_fields = v["struct_fields"]["added"]["CfDef"].as_array().unwrap();
    assert!(
        cf_fields.iter().any(|f| f == "compaction_strategy"),
        "{out}"
    );
    assert_eq!(
        v["behaviours"]["stopped"][0]["name"],
        "ksdef_replication_factor"
    );
    for (version, api) in [("0.8.10", "from"), ("2.0.17", "to")] {
        let server = Server::start(&["--in-memory", "--cassandra-version", version]);
        let mut c = connect19(server.port);
        assert_eq!(
            v["thrift_api"][api],
            c.describe_version().unwrap(),
            "{version}"
        );
        // describe_token_map came with 1.1: an unknown method before.
        let token_map = c.describe_token_map();
        match (version, token_map) {
            ("0.8.10", Err(thrift::Error::Application(a))) => {
                assert_eq!(a.kind, thrift::ApplicationErrorKind::UnknownMethod)
            }
            ("2.0.17", Ok(map)) => assert!(!map.is_empty()),
            (_, other) => panic!("{version}: describe_token_map gave {other:?}"),
        }
    }
}
