//! What the admin surface reports and does, on the real binary: `/metrics`
//! parses and counts known calls; nodetool's commands (ring, pools, stats,
//! flush, compact, snapshots as hard links a new server can start on) work
//! against a live server. (The surface itself, its port and its guards:
//! `http.rs`.)

use super::http::{admin_server, count, insert, nodetool, sample};
use crate::support::wire::{conformance_config, Server};
use supercolumn::thrift::gen::cassandra06::{
    ColumnPath, ConsistencyLevel as CL, TCassandraSyncClient,
};

#[test]
fn nodetool_ring_and_pool_reports() {
    let dir = tempfile::tempdir().unwrap();
    let (server, _admin) = admin_server(dir.path(), &[]);
    let port = server.admin_port.unwrap();
    insert(&server, "r", 3);
    assert_eq!(count(&server, "r"), 3);

    let (code, out, err) = nodetool(port, &["status"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "Datacenter: datacenter1\n=======================\nStatus=Up/Down\n\
             |/ State=Normal/Leaving/Joining/Moving\n--  Address    Load       Owns"
        ),
        "{out}"
    );
    let line = out.lines().nth(5).unwrap_or_default();
    assert!(line.starts_with("UN  127.0.0.1  "), "{out}");
    assert!(
        line.contains("100.0%") && line.ends_with("  rack1"),
        "{out}"
    );
    let (code, out, _) = nodetool(port, &["status", "CT"]);
    assert_eq!(code, 0);
    assert!(out.contains("Owns (effective)  Host ID"), "{out}");

    let (code, out, err) = nodetool(port, &["describering", "CT"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Schema Version:"), "{out}");
    assert!(
        out.contains("TokenRange: \n\tTokenRange(start_token:")
            && out.contains(
                "endpoints:[127.0.0.1], rpc_endpoints:[127.0.0.1], endpoint_details:\
                 [EndpointDetails(host:127.0.0.1, datacenter:datacenter1, rack:rack1)])\n"
            ),
        "{out}"
    );
    let (code, _, err) = nodetool(port, &["describering", "system"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("There is no ring for the keyspace: system"),
        "{err}"
    );

    // BytesType keys are written in hex, as 1.2 read them.
    let (code, out, err) = nodetool(port, &["getendpoints", "CT", "StdBytes", "72"]);
    assert_eq!((code, out.as_str()), (0, "127.0.0.1\n"), "{err}");
    let (code, _, err) = nodetool(port, &["getendpoints", "CT", "Nope", "72"]);
    assert_eq!(code, 1);
    assert!(err.contains("Nope"), "{err}");

    let (code, out, err) = nodetool(port, &["tpstats"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Pool Name                    Active   Pending      Completed   Blocked  All time blocked\n"),
        "{out}"
    );
    let completed = |name: &str| -> u64 {
        let row = out
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name} in {out}"));
        row.split_whitespace().nth(3).unwrap().parse().unwrap()
    };
    assert_eq!(completed("MutationStage "), 3, "{out}");
    assert!(completed("ReadStage ") >= 1, "{out}");
    assert!(out.contains("\nMessage type           Dropped\n"), "{out}");

    let (code, out, err) = nodetool(port, &["compactionstats"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "pending tasks: 0\nActive compaction remaining time :        n/a\n"
    );

    let (code, out, err) = nodetool(port, &["netstats"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("Mode: NORMAL\nNot sending any streams.\nNot receiving any streams.\n"),
        "{out}"
    );
    assert!(out.contains("Client connections: "), "{out}");

    let (code, out, err) = nodetool(port, &["repair", "CT"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with('[') && out.ends_with("] Nothing to repair for keyspace 'CT'\n"),
        "{out}"
    );
    let (code, _, err) = nodetool(port, &["repair", "NoSuchKeyspace"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("Keyspace [NoSuchKeyspace] does not exist."),
        "{err}"
    );
}

#[test]
fn metrics_parse_and_count_calls() {
    let dir = tempfile::tempdir().unwrap();
    let (server, admin) = admin_server(dir.path(), &[]);
    insert(&server, "m", 3);
    // A failing call: an unknown keyspace.
    let mut c = server.client(false);
    let path = ColumnPath::new("StdBytes".to_string(), None, b"c".to_vec());
    assert!(c.get("Nope".into(), "k".into(), path, CL::ONE).is_err());
    let m = admin.get("/metrics").unwrap();
    assert_eq!(m.status, 200, "{}", m.text());
    let text = m.text();
    // Every line is a comment or `name{labels} value`.
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (_, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("{line}"));
        assert!(value.parse::<f64>().is_ok(), "{line}");
    }
    assert!(
        text.ends_with("# EOF\n"),
        "OpenMetrics text ends with # EOF"
    );
    let insert_labels = r#"api="0.6",method="insert""#;
    assert_eq!(
        sample(&text, "supercolumn_requests_total", insert_labels),
        Some(3.0),
        "{text}"
    );
    assert_eq!(
        sample(&text, "supercolumn_request_errors_total", insert_labels),
        Some(0.0)
    );
    assert_eq!(
        sample(
            &text,
            "supercolumn_request_duration_seconds_count",
            insert_labels
        ),
        Some(3.0)
    );
    let get = r#"api="0.6",method="get""#;
    assert_eq!(
        sample(&text, "supercolumn_request_errors_total", get),
        Some(1.0),
        "{text}"
    );
    assert!(
        sample(&text, "supercolumn_open_connections", "").unwrap() >= 1.0,
        "{text}"
    );
    let cf = r#"keyspace="CT",column_family="StdBytes""#;
    assert!(
        sample(&text, "supercolumn_memtable_bytes", cf).unwrap() > 0.0,
        "{text}"
    );
    assert_eq!(sample(&text, "supercolumn_sstables", cf), Some(0.0));
    assert!(sample(&text, "supercolumn_commitlog_segments", "").unwrap() >= 1.0);
    assert!(
        text.contains("supercolumn_commitlog_sync_duration_seconds_bucket"),
        "{text}"
    );
    assert!(
        sample(&text, "supercolumn_compactions_total", "").is_some(),
        "{text}"
    );
    for cache in ["cql3", "cql2"] {
        let labels = format!("cache=\"{cache}\"");
        assert_eq!(
            sample(
                &text,
                "supercolumn_prepared_statement_evictions_total",
                &labels
            ),
            Some(0.0),
            "{text}"
        );
        assert_eq!(
            sample(&text, "supercolumn_prepared_statement_max_bytes", &labels),
            Some(64.0 * 1024.0 * 1024.0),
            "{text}"
        );
        assert!(sample(&text, "supercolumn_prepared_statement_bytes", &labels).is_some());
    }

    // A flush shows in the SSTable gauges.
    let admin_port = server.admin_port.unwrap();
    let (code, _, err) = nodetool(admin_port, &["flush", "CT"]);
    assert_eq!(code, 0, "{err}");
    let text = admin.get("/metrics").unwrap().text();
    assert_eq!(
        sample(&text, "supercolumn_sstables", cf),
        Some(1.0),
        "{text}"
    );
    assert!(sample(&text, "supercolumn_sstable_bytes", cf).unwrap() > 0.0);
}

#[test]
fn nodetool_reports_and_actions() {
    let dir = tempfile::tempdir().unwrap();
    let (server, _admin) = admin_server(dir.path(), &[]);
    let port = server.admin_port.unwrap();
    insert(&server, "n", 5);

    let (code, out, err) = nodetool(port, &["version"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "ReleaseVersion: 1.2.19\n"),
        "{err}"
    );

    let (code, out, err) = nodetool(port, &["info"]);
    assert_eq!(code, 0, "{err}");
    for part in [
        "Token            : ",
        "Gossip active    : false\n",
        "Thrift active    : true\n",
        "Load             : ",
        "Uptime (seconds) : ",
        "Data Center      : datacenter1\n",
    ] {
        assert!(out.contains(part), "{part:?} in\n{out}");
    }

    let (code, out, err) = nodetool(port, &["ring"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Datacenter: datacenter1\n==========\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "Address         Rack        Status State   Load            Owns                Token"
        ),
        "{out}"
    );
    assert!(
        out.contains("127.0.0.1       rack1       Up     Normal  "),
        "{out}"
    );
    assert!(out.contains("100.00%"), "{out}");

    // Two flushes make two SSTables; a major compaction makes them one.
    for key in ["n", "o"] {
        insert(&server, key, 2);
        let (code, _, err) = nodetool(port, &["flush", "CT", "StdBytes"]);
        assert_eq!(code, 0, "{err}");
    }
    let (code, out, _) = nodetool(port, &["cfstats", "CT.StdBytes"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Keyspace: CT\n"), "{out}");
    assert!(
        out.contains("\t\tColumn Family: StdBytes\n\t\tSSTable count: 2\n"),
        "{out}"
    );
    let (code, _, err) = nodetool(port, &["compact", "CT", "StdBytes"]);
    assert_eq!(code, 0, "{err}");
    let (_, out, _) = nodetool(port, &["cfstats", "CT"]);
    assert!(
        out.contains("\t\tColumn Family: StdBytes\n\t\tSSTable count: 1\n"),
        "{out}"
    );
    assert_eq!(count(&server, "n"), 5);

    let (code, _, err) = nodetool(port, &["cleanup", "CT"]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = nodetool(port, &["flush", "NoSuchKeyspace"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("Keyspace [NoSuchKeyspace] does not exist."),
        "{err}"
    );

    // Thresholds: checked as 1.2 did, then shown by cfstats and kept.
    let (code, _, err) = nodetool(
        port,
        &["setcompactionthreshold", "CT", "StdBytes", "5", "3"],
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("Min threshold cannot be greater than max."),
        "{err}"
    );
    let (code, _, err) = nodetool(
        port,
        &["setcompactionthreshold", "CT", "StdBytes", "6", "20"],
    );
    assert_eq!(code, 0, "{err}");
    let stats = _admin
        .get("/cfstats?keyspace=CT&column_family=StdBytes")
        .unwrap()
        .json()
        .unwrap();
    let cf = &stats["keyspaces"][0]["column_families"][0];
    assert_eq!(
        (
            cf["min_compaction_threshold"].as_i64(),
            cf["max_compaction_threshold"].as_i64()
        ),
        (Some(6), Some(20))
    );
}

#[test]
fn snapshots_are_hard_links_a_server_can_start_on() {
    let dir = tempfile::tempdir().unwrap();
    let (mut server, _admin) = admin_server(dir.path(), &[]);
    let port = server.admin_port.unwrap();
    insert(&server, "snap", 4);

    let (code, out, err) = nodetool(port, &["snapshot", "-t", "before", "CT"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "Requested snapshot for: CT\nSnapshot directory: before\n"
    );
    let (code, _, err) = nodetool(port, &["snapshot", "-t", "before", "CT"]);
    assert_eq!(code, 1);
    assert!(err.contains("Snapshot before already exists."), "{err}");
    // A tag no file system takes is the client's mistake: a 400 with the
    // rule, never the data directory's path.
    let long = serde_json::json!({"keyspaces": ["CT"], "tag": "t".repeat(300)});
    let answer = _admin.post("/snapshot", &long).unwrap();
    let text = answer.text();
    assert_eq!(answer.status, 400, "{text}");
    assert!(text.contains("at most 255 of letters, digits"), "{text}");
    assert!(!text.contains(dir.path().to_str().unwrap()), "{text}");

    let snap = dir.path().join("data/CT/snapshots/before");
    let files: Vec<String> = std::fs::read_dir(&snap)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(
        files
            .iter()
            .any(|f| f.starts_with("StdBytes-") && f.ends_with("-Data.db")),
        "{files:?}"
    );
    // Hard links: the live SSTable and the snapshot share the inode.
    use std::os::unix::fs::MetadataExt;
    let data = files.iter().find(|f| f.ends_with("-Data.db")).unwrap();
    let live = std::fs::metadata(dir.path().join("data/CT").join(data)).unwrap();
    let linked = std::fs::metadata(snap.join(data)).unwrap();
    assert_eq!((live.ino(), live.dev()), (linked.ino(), linked.dev()));

    let (code, out, _) = nodetool(port, &["listsnapshots"]);
    assert_eq!(code, 0);
    assert!(out.contains("Snapshot name       Keyspace name"), "{out}");
    assert!(
        out.contains("before              CT                           StdBytes"),
        "{out}"
    );

    // Data written after the snapshot is not in it.
    insert(&server, "later", 1);

    // Restore: a new data directory holding the snapshot's files.
    let restored = tempfile::tempdir().unwrap();
    let ks = restored.path().join("data/CT");
    std::fs::create_dir_all(&ks).unwrap();
    for f in &files {
        if f.ends_with(".db") {
            std::fs::hard_link(snap.join(f), ks.join(f)).unwrap();
        }
    }
    let (second, _) = admin_server(restored.path(), &[]);
    assert_eq!(count(&second, "snap"), 4);
    assert_eq!(count(&second, "later"), 0);
    drop(second);

    let (code, out, err) = nodetool(port, &["clearsnapshot", "-t", "before", "CT"]);
    assert_eq!(
        (code, out.as_str()),
        (0, "Requested clearing snapshot for: CT\n"),
        "{err}"
    );
    assert!(!snap.exists());
    let (_, out, _) = nodetool(port, &["listsnapshots"]);
    assert_eq!(out, "There are no snapshots\n");

    // drain: flushed, and the server exits 0 on its own.
    insert(&server, "drained", 2);
    let (code, _, err) = nodetool(port, &["drain"]);
    assert_eq!(code, 0, "{err}");
    let status = server
        .wait(std::time::Duration::from_secs(60))
        .expect("the server stops after drain");
    assert!(status.success(), "{}", server.log());
}

#[test]
fn in_memory_servers_refuse_snapshots_clearly() {
    let conf = conformance_config("storage-conf.xml");
    let server = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--admin-listen",
        "127.0.0.1:0",
    ]);
    let (code, _, err) = nodetool(server.admin_port.unwrap(), &["snapshot"]);
    assert_eq!(code, 1);
    assert!(err.contains("keeps no files"), "{err}");
}
