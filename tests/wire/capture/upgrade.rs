//! An application built against the newest 19.x IDL
//! (`clients/python/examples/upgrade19.py`: a KsDef and CfDefs with every
//! field its IDL defaults, `row_filter`, counters, CQL 2 and 3,
//! `atomic_batch_mutate`, `get_paged_slice`, `describe_splits_ex`), captured
//! in front of the real 0.7.10, 0.8.10, 1.0.12 and 1.1.12
//! (`FIXTURES=1 scripts/capture-upgrade.sh`, each node started with
//! `-Xmx1G`): each release's emulation answers every call as the real
//! release did, the calls it did not have and the fields it never declared
//! included.

use crate::support::wire::capture::replay;
use std::path::PathBuf;

fn fixture(version: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/data/capture/upgrade19-{version}.capture"))
        .to_str()
        .unwrap()
        .to_string()
}

fn json(args: &[&str]) -> (i32, serde_json::Value) {
    let (code, out) = replay(args);
    let report = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    (code, report)
}

#[test]
fn a_later_idls_application_meets_on_each_emulation_what_it_met_on_the_real_release() {
    for (version, calls) in [
        ("0.7.10", 37),
        ("0.8.10", 36),
        ("1.0.12", 36),
        ("1.1.12", 36),
    ] {
        let file = fixture(version);
        let (code, report) = json(&[
            &file,
            "--cassandra-version",
            version,
            "--jvm-heap",
            "1024",
            "--json",
        ]);
        assert_eq!(code, 0, "{version}: {report}");
        assert_eq!(report["calls"], calls, "{version}: {report}");
        assert_eq!(report["identical"], calls, "{version}: {report}");
    }
}

#[test]
fn the_captured_nodes_heap_is_the_emulations_when_told() {
    // 0.7 described a column family's memtable defaults from the heap: the
    // stock cassandra-env.sh gave half a 2 GB machine (the node's 1 GB),
    // and half an 8 GB machine describes other thresholds.
    let file = fixture("0.7.10");
    let run = |memory: &str| {
        json(&[
            &file,
            "--cassandra-version",
            "0.7.10",
            "--machine-memory",
            memory,
            "--json",
        ])
    };
    let (code, report) = run("2048");
    assert_eq!(code, 0, "{report}");
    let (code, report) = run("8192");
    assert_eq!(code, 1, "{report}");
    assert_eq!(report["different"], 1, "{report}");
    assert_eq!(
        report["differing"][0]["method"], "describe_keyspace",
        "{report}"
    );
}
