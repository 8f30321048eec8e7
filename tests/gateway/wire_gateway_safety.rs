//! A gateway's start on a cluster: it serves the cluster's partitioner and
//! refuses a configuration naming another, creates keyspaces only when
//! asked, fails in seconds on a backend that does not answer (or answers
//! with a frame no CQL server sends), starts in seconds on the nodes that
//! answer when a peer is stopped, refuses to point at itself, and its
//! native side says the cluster's release.

use super::peer;
use crate::support::wire;

use std::time::{Duration, Instant};
use supercolumn::thrift::gen::cassandra19 as t19;
use t19::TCassandraSyncClient;
use wire::gateway::{backend_url, native_backend, v19_without_keyspaces};
use wire::{conformance_config, connect19, timestamp, Server};

const REPO_CONF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/storage-conf.xml");

/// The user keyspaces `s` serves over Thrift.
fn keyspaces(s: &Server) -> Vec<String> {
    let mut c = connect19(s.port);
    let mut names: Vec<String> = c
        .describe_keyspaces()
        .unwrap()
        .into_iter()
        .map(|k| k.name)
        .filter(|n| !n.starts_with("system"))
        .collect();
    names.sort();
    names
}

/// A start that must fail: its exit code, log and how long it took.
fn refused(args: &[&str]) -> (Option<i32>, String, Duration) {
    let started = Instant::now();
    let (status, log) = Server::try_start(args)
        .err()
        .expect("the gateway must not start");
    (status.and_then(|s| s.code()), log, started.elapsed())
}

#[test]
fn a_configuration_naming_another_partitioner_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // The backend cluster runs Murmur3; the repository's file names Random.
    let backend = native_backend(&v19_without_keyspaces(dir.path()));
    let url = backend_url(&backend, "");
    let (code, log, _) = refused(&["--config", REPO_CONF, "--in-memory", "--backend", &url]);
    assert_eq!(code, Some(1), "{log}");
    assert!(
        log.contains("the cluster uses org.apache.cassandra.dht.Murmur3Partitioner")
            && log.contains("names org.apache.cassandra.dht.RandomPartitioner"),
        "{log}"
    );
    assert!(keyspaces(&backend).is_empty(), "nothing created");
}

#[test]
fn the_built_in_configuration_serves_the_clusters_partitioner_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let backend = native_backend(&v19_without_keyspaces(dir.path()));
    let url = backend_url(&backend, "");
    // No --config and no ./storage-conf.xml: the built-in default.
    let cwd = tempfile::tempdir().unwrap();
    let gateway = Server::try_start_in(Some(cwd.path()), &["--in-memory", "--backend", &url])
        .unwrap_or_else(|(s, log)| panic!("{s:?}: {log}"));
    let mut c = connect19(gateway.port);
    assert_eq!(
        c.describe_partitioner().unwrap(),
        "org.apache.cassandra.dht.Murmur3Partitioner"
    );
    assert_eq!(c.describe_cluster_name().unwrap(), "Test Cluster");
    assert!(
        keyspaces(&backend).is_empty(),
        "the built-in keyspaces stay out"
    );
    // Asking the built-in default to create its keyspaces is refused.
    let (status, log) = Server::try_start_in(
        Some(cwd.path()),
        &["--in-memory", "--backend", &url, "--create-schema"],
    )
    .err()
    .expect("refused");
    assert_eq!(status.and_then(|s| s.code()), Some(1), "{log}");
    assert!(log.contains("never created there: give --config"), "{log}");
    assert!(keyspaces(&backend).is_empty());
}

#[test]
fn keyspaces_of_a_configuration_are_created_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let backend = native_backend(&v19_without_keyspaces(dir.path()));
    let url = backend_url(&backend, "");
    let conf = conformance_config("storage-conf-v19.xml");
    let conf = conf.to_str().unwrap();
    let gateway = Server::start(&["--config", conf, "--in-memory", "--backend", &url]);
    assert!(
        keyspaces(&backend).is_empty(),
        "created without --create-schema"
    );
    drop(gateway);
    let asked = Server::start(&[
        "--config",
        conf,
        "--in-memory",
        "--backend",
        &url,
        "--create-schema",
    ]);
    assert!(keyspaces(&backend).contains(&"CT".to_string()));
    drop(asked);
    // The URL's option says the same.
    let dir2 = tempfile::tempdir().unwrap();
    let other = native_backend(&v19_without_keyspaces(dir2.path()));
    let url = backend_url(&other, "?create_schema=true");
    let _g = Server::start(&["--config", conf, "--in-memory", "--backend", &url]);
    assert!(keyspaces(&other).contains(&"CT".to_string()));
}

fn starts_within_seconds(port: u16, why: &str) {
    let url = format!("cassandra://127.0.0.1:{port}");
    let (code, log, took) = refused(&["--in-memory", "--backend", &url]);
    assert_eq!(code, Some(1), "{log}");
    assert!(log.contains(why), "{log}");
    // The default connect deadline is 5 s.
    assert!(took < Duration::from_secs(12), "took {took:?}: {log}");
}

#[test]
fn a_silent_backend_fails_start_up_in_seconds() {
    starts_within_seconds(
        peer::silent(),
        "accepted the connection but did not answer the native protocol's OPTIONS within 5000 ms",
    );
}

#[test]
fn a_backend_announcing_a_huge_frame_fails_start_up_in_seconds() {
    starts_within_seconds(
        peer::huge_frame(),
        "with a frame of 2147483647 bytes (header [84, 00, 00, 01, 06, 7f, ff, ff, ff]): not a CQL native protocol server",
    );
}

#[test]
fn a_gateway_pointed_at_itself_is_refused() {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let listen = format!("127.0.0.1:{port}");
    let url = format!("cassandra://localhost:{port}");
    let (code, log, took) =
        refused(&["--in-memory", "--native-listen", &listen, "--backend", &url]);
    assert_eq!(code, Some(1), "{log}");
    assert!(
        log.contains(&format!(
            "--backend localhost:{port} is this server's own listening address"
        )),
        "{log}"
    );
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

#[test]
fn a_stopped_peer_is_marked_down_and_start_up_goes_on_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let backend = native_backend(&v19_without_keyspaces(dir.path()));
    // The backend's system.peers lists 127.0.0.2, which never answers.
    let port = peer::with_a_stopped_peer(backend.native_port.unwrap());
    let url = format!("cassandra://127.0.0.1:{port}?connect_timeout_ms=1000");
    let conf = conformance_config("storage-conf-v19.xml");
    let started = Instant::now();
    let mut gateway = Server::try_start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--backend",
        &url,
        "--create-schema",
    ])
    .unwrap_or_else(|(s, log)| panic!("{s:?}: {log}"));
    let took = started.elapsed();
    assert!(took < Duration::from_secs(10), "took {took:?}");
    let log = gateway.log();
    assert!(
        log.contains(&format!("cluster node 127.0.0.2:{port}"))
            && log.contains("marked down, not used until it answers"),
        "{log}"
    );
    // Every key is served by the node that answers, its replicas' or not.
    let mut c = connect19(gateway.port);
    c.set_keyspace("CT".into()).unwrap();
    let parent = t19::ColumnParent::new("StdUTF8".to_string(), None);
    for i in 0..20 {
        let key = format!("k{i}").into_bytes();
        let col = t19::Column::new(b"c".to_vec(), b"v".to_vec(), timestamp(), None);
        c.insert(key.clone(), parent.clone(), col, t19::ConsistencyLevel::ONE)
            .unwrap();
        let path = t19::ColumnPath::new("StdUTF8".to_string(), None, b"c".to_vec());
        let got = c.get(key, path, t19::ConsistencyLevel::ONE).unwrap();
        assert_eq!(got.column.unwrap().value, Some(b"v".to_vec()));
    }
}

#[test]
fn the_native_side_says_the_clusters_release() {
    use crate::support::native::Conn;
    let dir = tempfile::tempdir().unwrap();
    let conf = v19_without_keyspaces(dir.path());
    let backend = native_backend(&conf);
    let port = peer::claiming_release(backend.native_port.unwrap(), "Test Cluster", "3.11.10");
    let url = format!("cassandra://127.0.0.1:{port}");
    let gateway = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--native-listen",
        "127.0.0.1:0",
        "--backend",
        &url,
    ]);
    let native = gateway.native_port.expect("the gateway serves native");
    let release = |version: u8| {
        let mut c = Conn::ready(native, version);
        let rows = c.ok("SELECT release_version FROM system.local").rows();
        String::from_utf8(rows[0][0].clone().unwrap()).unwrap()
    };
    // v3 and v4, which 3.11 speaks, are told its release; v1 and v2 (3.x
    // speaks neither) keep the release whose schema tables they are served.
    assert_eq!(release(4), "3.11.10");
    assert_eq!(release(3), "3.11.10");
    assert_eq!(release(2), "2.0.17");
}

/// A gateway emulating a release (`--cassandra-version`) tells a v1 or v2
/// client that release, with its own `system` tables (1.2's `local` has no
/// `native_protocol_version`), as its Thrift side's CQL does (1.2.9 spoke
/// v1 only, so its emulation refuses v2 and later whatever the cluster).
#[test]
fn the_native_side_of_an_emulating_gateway_serves_v1_its_release() {
    use crate::support::native::Conn;
    let dir = tempfile::tempdir().unwrap();
    let conf = v19_without_keyspaces(dir.path());
    let backend = native_backend(&conf);
    let port = peer::claiming_release(backend.native_port.unwrap(), "Test Cluster", "3.11.10");
    let url = format!("cassandra://127.0.0.1:{port}");
    let gateway = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--cassandra-version",
        "1.2.9",
        "--native-listen",
        "127.0.0.1:0",
        "--backend",
        &url,
    ]);
    let native = gateway.native_port.expect("the gateway serves native");
    let mut v1 = Conn::ready(native, 1);
    let rows = v1.ok("SELECT release_version FROM system.local").rows();
    assert_eq!(rows[0][0].as_deref(), Some(&b"1.2.9"[..]));
    let (code, message) = v1
        .query("SELECT native_protocol_version FROM system.local")
        .error();
    assert_eq!(
        (code, message.as_str()),
        (
            0x2200,
            "Undefined name native_protocol_version in selection clause"
        )
    );
}
