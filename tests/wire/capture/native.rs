//! `supercolumn capture --native-listen/--native-to` and the replay of
//! native-protocol captures end to end: a raw client's traffic in every
//! protocol version (v1 plain, v2 snappy, v3 and v4 lz4, prepared
//! statements, a batch, errors, requests in flight on two streams)
//! recorded through the proxy, replayed against a fresh server (no
//! difference), with the server's prepared ids swapped in the capture
//! (mapped back in the replay), and against a release that speaks v1 only
//! (differences, a non-zero exit). Then the committed fixture recorded from
//! python-driver and cqlsh replays against the default emulation.

use crate::support::native::{self as native, int, op, Compression, Conn, Writer};
use crate::support::wire;

use wire::capture::{replay, Capture};

/// A connection of `version` through the proxy, compressed with `c`.
fn open(port: u16, version: u8, c: Option<(Compression, &str)>) -> Conn {
    let mut conn = Conn::open(port, version);
    let mut options = vec![("CQL_VERSION", "3.0.0")];
    if let Some((compression, name)) = c {
        options.push(("COMPRESSION", name));
        conn.compression = Some(compression);
    }
    let f = conn.startup_with(&options);
    assert_eq!(f.opcode, op::READY, "{}", f.describe());
    conn
}

/// EXECUTE's body in `version`'s layout, at consistency ONE.
fn execute_body(version: u8, id: &[u8], values: &[&[u8]]) -> Vec<u8> {
    let mut w = Writer::new();
    w.short_bytes(id);
    if version == 1 {
        w.short(values.len() as u16);
        for v in values {
            w.bytes(Some(v));
        }
        w.short(1);
    } else {
        w.short(1).byte(if values.is_empty() { 0 } else { 1 });
        if !values.is_empty() {
            w.short(values.len() as u16);
            for v in values {
                w.bytes(Some(v));
            }
        }
    }
    w.buf
}

fn execute(c: &mut Conn, id: &[u8], values: &[&[u8]]) -> native::Frame {
    let body = execute_body(c.version, id, values);
    c.call(op::EXECUTE, &body)
}

/// What an application does over every protocol version.
fn flow(port: u16) {
    let mut v1 = open(port, 1, None);
    native::schema(&mut v1);
    let insert = v1.prepared_id("INSERT INTO nk.t (k, n, v) VALUES (?, ?, ?)");
    for n in 0..3 {
        let f = execute(&mut v1, &insert, &[&int(1), &int(n), b"one"]);
        assert_eq!(f.opcode, op::RESULT, "{}", f.describe());
    }
    v1.ok("SELECT * FROM nk.t WHERE k = 1");

    let mut v2 = open(port, 2, Some((Compression::Snappy, "snappy")));
    v2.ok("INSERT INTO nk.c (k, v) VALUES ('a', 'snappy')");
    v2.ok("SELECT k, v, writetime(v) FROM nk.c");
    assert_eq!(v2.query("SELECT * FROM nk.nowhere").opcode, op::ERROR);

    let mut v3 = open(port, 3, Some((Compression::Lz4, "lz4")));
    let select = v3.prepared_id("SELECT n, v FROM nk.t WHERE k = ?");
    let mut batch = Writer::new();
    batch.byte(0).short(2);
    batch.byte(1).short_bytes(&insert).short(3);
    batch
        .bytes(Some(&int(2)))
        .bytes(Some(&int(0)))
        .bytes(Some(b"two"));
    batch
        .byte(0)
        .long_string("INSERT INTO nk.c (k, v) VALUES ('b', 'batch')");
    batch.short(0);
    batch.short(1).byte(0);
    assert_eq!(v3.call(op::BATCH, &batch.buf).opcode, op::RESULT);
    execute(&mut v3, &select, &[&int(2)]);

    let mut v4 = open(port, 4, Some((Compression::Lz4, "LZ4")));
    v4.ok("USE nk");
    // Two requests in flight, answered on their own streams.
    let a = v4.query_body("SELECT * FROM t WHERE k = 1", &[]);
    let b = v4.query_body("SELECT * FROM c", &[]);
    v4.send(5, op::QUERY, &a);
    v4.send(6, op::QUERY, &b);
    let streams = [v4.recv().unwrap().stream, v4.recv().unwrap().stream];
    assert!(streams.contains(&5) && streams.contains(&6), "{streams:?}");
    execute(&mut v4, &select, &[&int(1)]);
    assert_eq!(
        v4.query("CREATE TABLE nk.t (k int PRIMARY KEY)").opcode,
        op::ERROR
    );
    v4.ok("DROP TABLE nk.c");
}

fn records(file: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The "replayed N calls ... M different" figures of a text report.
fn figures(text: &str) -> (u64, u64) {
    let line = text.lines().next().unwrap_or_default();
    let words: Vec<&str> = line.split_whitespace().collect();
    let calls = words.get(1).and_then(|w| w.parse().ok()).unwrap_or(0);
    let different = line
        .rsplit(", ")
        .next()
        .and_then(|w| w.split_whitespace().next())
        .and_then(|w| w.parse().ok())
        .unwrap_or(u64::MAX);
    (calls, different)
}

#[test]
fn native_traffic_of_every_version_is_captured_and_replays_without_difference() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("native.capture");
    let server = native::server();
    let capture = Capture::start_native(native::native_port(&server), &file, &[]);
    flow(capture.port);
    assert_eq!(capture.stop(), Some(0));
    drop(server);

    let recs = records(&file);
    assert_eq!(recs[0]["protocol"], "native");
    let requests: Vec<&serde_json::Value> = recs
        .iter()
        .filter(|r| r["type"] == "native_request")
        .collect();
    let versions: std::collections::BTreeSet<u64> = requests
        .iter()
        .filter_map(|r| r["version"].as_u64())
        .collect();
    assert_eq!(versions.into_iter().collect::<Vec<_>>(), [1, 2, 3, 4]);
    // Compressed frames carry their inflated body for the record.
    assert!(requests.iter().any(|r| r["body"].is_string()));
    let replies = recs.iter().filter(|r| r["type"] == "native_reply").count();
    assert_eq!(replies, requests.len());

    // A fresh server answers alike.
    let fresh = native::server();
    let (t, n) = (fresh.port, native::native_port(&fresh));
    let (code, out) = replay(&[
        file.to_str().unwrap(),
        "--server",
        &format!("127.0.0.1:{t}"),
        "--native-server",
        &format!("127.0.0.1:{n}"),
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(figures(&out), (requests.len() as u64, 0), "{out}");
    drop(fresh);

    // A server that gave other prepared ids: the capture's are swapped (in
    // the uncompressed v1 connection) and the replay maps the target's back.
    let swapped = dir.path().join("swapped.capture");
    let text = std::fs::read_to_string(&file).unwrap();
    let v1_prepared = text
        .lines()
        .filter(|l| l.contains("\"opcode\":\"PREPARE\"") && l.contains("\"version\":1"))
        .count();
    assert!(v1_prepared >= 1);
    let out_lines: Vec<String> = text.lines().map(swap_prepared_ids).collect();
    assert_ne!(out_lines.join("\n"), text.trim_end());
    std::fs::write(&swapped, out_lines.join("\n") + "\n").unwrap();
    let fresh = native::server();
    let (t, n) = (fresh.port, native::native_port(&fresh));
    let (code, out) = replay(&[
        swapped.to_str().unwrap(),
        "--server",
        &format!("127.0.0.1:{t}"),
        "--native-server",
        &format!("127.0.0.1:{n}"),
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["different"], 0, "{out}");
    assert!(report["by_method"]["EXECUTE"]["calls"].as_u64() >= Some(4));
    drop(fresh);

    // 1.2.9 speaks v1 only: the other connections are refused.
    let (code, out) = replay(&[file.to_str().unwrap(), "--cassandra-version", "1.2.9"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("exception type"), "{out}");
}

/// A capture line of an uncompressed v1 frame with every 16-byte prepared
/// id (a PREPARED result's, an EXECUTE's) reversed, as another server
/// would have given other ids.
fn swap_prepared_ids(line: &str) -> String {
    let mut rec: serde_json::Value = serde_json::from_str(line).unwrap();
    if rec["version"] != 1 || rec.get("body").is_some() {
        return line.to_string();
    }
    use base64::Engine as _;
    let b64 = base64::engine::general_purpose::STANDARD;
    let mut data = b64.decode(rec["data"].as_str().unwrap()).unwrap();
    let at = match (rec["type"].as_str(), rec["opcode"].as_str()) {
        // RESULT: header 8, kind 4, then the id's [short bytes].
        (Some("native_reply"), Some("RESULT")) if data.get(11) == Some(&4) => 12,
        (Some("native_request"), Some("EXECUTE")) => 8,
        _ => return line.to_string(),
    };
    let len = u16::from_be_bytes([data[at], data[at + 1]]) as usize;
    data[at + 2..at + 2 + len].reverse();
    rec["data"] = b64.encode(&data).into();
    rec.to_string()
}

#[test]
fn the_recorded_driver_capture_replays_without_difference() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/capture/native-drivers.capture"
    );
    let (code, out) = replay(&[fixture, "--json"]);
    assert_eq!(code, 0, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["different"], 0);
    assert!(report["calls"].as_u64() > Some(50), "{out}");
    assert!(
        report["by_method"]["PREPARE"]["calls"].as_u64() >= Some(1),
        "{out}"
    );
}

/// Captured in front of the real 1.2.9 over protocol v1
/// (`CAPTURED=1.2.9 scripts/capture-native.sh`: python-driver's short
/// session and cqlsh's handshake): the 1.2.9 emulation answers every call
/// as 1.2.9 did, its OPTIONS, its own `system.local`, `system.peers` and
/// schema tables included, and pushes the events 1.2.9 pushed.
#[test]
fn a_real_1_2_9_native_capture_replays_without_difference_on_1_2_9() {
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/capture/native-real-1.2.9.capture"
    );
    let (code, out) = replay(&[fixture, "--cassandra-version", "1.2.9", "--json"]);
    assert_eq!(code, 0, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["different"], 0, "{out}");
    assert_eq!(report["calls"], 84, "{out}");
    assert_eq!(report["by_method"]["OPTIONS"]["calls"], 18, "{out}");
    // python-driver's control connection was pushed three schema changes.
    assert_eq!(report["by_method"]["EVENT"]["calls"], 3, "{out}");
    assert!(
        report["by_method"]["EXECUTE"]["calls"].as_u64() >= Some(20),
        "{out}"
    );
}

#[test]
fn serve_capture_records_the_native_port_too() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("served.capture");
    let path = file.to_str().unwrap();
    let args = [
        "--in-memory",
        "--native-listen",
        "127.0.0.1:0",
        "--capture",
        path,
    ];
    let mut source = wire::Server::start(&args);
    let mut c = open(
        native::native_port(&source),
        4,
        Some((Compression::Lz4, "lz4")),
    );
    native::schema(&mut c);
    c.ok("INSERT INTO nk.c (k, v) VALUES ('a', 'served')");
    c.ok("SELECT * FROM nk.c");
    drop(c);
    assert!(source.terminate().success());
    let recs = records(&file);
    assert_eq!(recs[0]["protocol"], "thrift,native", "{}", recs[0]);
    let requests = recs
        .iter()
        .filter(|r| r["type"] == "native_request")
        .count();
    assert_eq!(requests, 6);

    let fresh = native::server();
    let (t, n) = (fresh.port, native::native_port(&fresh));
    let (code, out) = replay(&[
        path,
        "--server",
        &format!("127.0.0.1:{t}"),
        "--native-server",
        &format!("127.0.0.1:{n}"),
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(figures(&out), (6, 0), "{out}");
    // Without the native port, its calls have no reply.
    let (code, out) = replay(&[path, "--server", &format!("127.0.0.1:{t}")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("no reply"), "{out}");
}

/// The `(n, kinds)` of a report's differing EVENTs.
fn differing_events(out: &str) -> Vec<(u64, String)> {
    let report: serde_json::Value =
        serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"));
    report["differing"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["method"] == "EVENT")
        .map(|d| (d["n"].as_u64().unwrap(), d["kinds"].to_string()))
        .collect()
}

/// A connection registered for schema changes through the proxy while
/// another changes the schema: the replay pairs each captured EVENT with
/// the next one the target pushes on that connection. Then the capture
/// edited: an event that says another change, one the target pushes that
/// the capture lacks, and one the target does not push.
#[test]
fn pushed_events_are_compared_with_the_captured_ones() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("events.capture");
    let source = native::server();
    let proxy = Capture::start_native(native::native_port(&source), &file, &[]);
    let mut listener = open(proxy.port, 4, None);
    let mut w = Writer::new();
    w.string_list(&["SCHEMA_CHANGE"]);
    assert_eq!(listener.call(op::REGISTER, &w.buf).opcode, op::READY);
    let mut ddl = open(proxy.port, 4, None);
    native::schema(&mut ddl);
    ddl.ok("DROP TABLE nk.c");
    for _ in 0..4 {
        let f = listener.recv().expect("an event");
        assert_eq!(f.opcode, op::EVENT, "{}", f.describe());
    }
    drop((ddl, listener));
    assert_eq!(proxy.stop(), Some(0));

    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let events: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].contains(r#""opcode":"EVENT""#))
        .collect();
    assert_eq!(events.len(), 4, "{text}");
    let (code, out) = replay(&[file.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["by_method"]["EVENT"]["calls"], 4, "{out}");

    let edited = |name: &str, edit: &dyn Fn(&mut Vec<String>)| {
        let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        edit(&mut l);
        let path = dir.path().join(name);
        std::fs::write(&path, l.join("\n") + "\n").unwrap();
        path
    };
    use base64::Engine as _;
    let b64 = base64::engine::general_purpose::STANDARD;
    let other = edited("other", &|l| {
        let mut rec: serde_json::Value = serde_json::from_str(&l[events[0]]).unwrap();
        let data = b64.decode(rec["data"].as_str().unwrap()).unwrap();
        let at = data.windows(7).position(|w| w == b"CREATED").unwrap();
        let mut data = data;
        data[at..at + 7].copy_from_slice(b"UPDATED");
        rec["data"] = b64.encode(&data).into();
        l[events[0]] = rec.to_string();
    });
    let (code, out) = replay(&[other.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(differing_events(&out), [(0, r#"["value"]"#.to_string())]);

    let lacking = edited("lacking", &|l| {
        l.remove(events[3]);
    });
    let (code, out) = replay(&[lacking.to_str().unwrap(), "--json"]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(differing_events(&out), [(3, r#"["extra"]"#.to_string())]);

    let twice = edited("twice", &|l| {
        let last = l[events[3]].clone();
        l.insert(events[3], last);
    });
    let args = [twice.to_str().unwrap(), "--json", "--timeout", "2"];
    let (code, out) = replay(&args);
    assert_eq!(code, 1, "{out}");
    assert_eq!(differing_events(&out), [(4, r#"["missing"]"#.to_string())]);
}
