//! `serve --cassandra-version V`: the node answers as release V did:
//! its API version, its methods (a lacked one is an unknown method), its
//! release version in `system.local`, its stock partitioner and tokens
//! when no configuration file is given, the one Thrift transport it read,
//! and no native transport before 1.2.

use crate::support::wire;

use supercolumn::thrift::gen::cassandra19::{
    Compression, ConsistencyLevel, CqlResultType, TCassandraSyncClient,
};
use wire::*;

fn release_server(version: &str) -> Server {
    Server::start(&["--in-memory", "--cassandra-version", version])
}

#[test]
fn describe_version_is_the_releases_api_version() {
    for (version, api) in [
        ("0.8.10", "19.16.0"),
        ("1.2.19", "19.36.2"),
        ("2.0.17", "19.39.0"),
        ("2.2.19", "20.1.0"),
    ] {
        let server = release_server(version);
        let mut c = connect19(server.port);
        assert_eq!(c.describe_version().unwrap(), api, "{version}");
    }
}

#[test]
fn a_method_the_release_lacked_is_an_unknown_method() {
    let server = release_server("1.1.12");
    let mut c = connect19(server.port);
    // 1.1 had no CQL 3 call of its own, nor atomic batches.
    let e = c
        .execute_cql3_query(
            b"SELECT * FROM x".to_vec(),
            Compression::NONE,
            ConsistencyLevel::ONE,
        )
        .unwrap_err();
    match e {
        thrift::Error::Application(a) => {
            assert_eq!(a.kind, thrift::ApplicationErrorKind::UnknownMethod);
            assert_eq!(a.message, "Invalid method name: 'execute_cql3_query'");
        }
        other => panic!("expected an unknown method, got {other:?}"),
    }
    // The connection goes on; what 1.1 had still answers.
    assert_eq!(c.describe_version().unwrap(), "19.33.0");
    c.set_cql_version("3.0.0".into()).unwrap();
}

#[test]
fn system_local_says_the_release_version() {
    let server = release_server("2.1.22");
    let mut c = connect19(server.port);
    let r = cql3(&mut c, "SELECT release_version FROM system.local");
    assert_eq!(r.type_, CqlResultType::ROWS);
    let rows = r.rows.unwrap();
    let value = rows[0].columns[0].value.clone().unwrap();
    assert_eq!(value, b"2.1.22");
}

#[test]
fn without_a_config_the_release_runs_on_its_stock_defaults() {
    let server = release_server("1.0.12");
    let mut c = connect19(server.port);
    assert_eq!(
        c.describe_partitioner().unwrap(),
        "org.apache.cassandra.dht.RandomPartitioner"
    );
    assert_eq!(c.describe_cluster_name().unwrap(), "Test Cluster");
    let names: Vec<String> = c
        .describe_keyspaces()
        .unwrap()
        .into_iter()
        .map(|k| k.name)
        .collect();
    assert!(!names.iter().any(|n| n == "Keyspace1"), "{names:?}");
    drop(c);
    // From 2.0: Murmur3 and 256 vnodes in the ring.
    let server = release_server("2.0.17");
    let mut c = connect19(server.port);
    assert_eq!(
        c.describe_partitioner().unwrap(),
        "org.apache.cassandra.dht.Murmur3Partitioner"
    );
    assert_eq!(c.describe_token_map().unwrap().len(), 256);
}

/// True when the server closed the connection without answering.
fn closed_without_reply<T: std::fmt::Debug>(r: &thrift::Result<T>) -> bool {
    use supercolumn::thrift::client_read::{not_thrift, Answer};
    match r {
        Err(e) => not_thrift(e).is_some_and(|nt| nt.answer == Answer::Nothing),
        Ok(_) => false,
    }
}

#[test]
fn a_release_reads_only_the_transport_it_served() {
    // 0.8 on: framed only, whatever the file says.
    let server = release_server("0.8.10");
    assert_eq!(
        connect19(server.port).describe_version().unwrap(),
        "19.16.0"
    );
    let r = connect19_framed(server.port, false).describe_version();
    assert!(closed_without_reply(&r), "unframed on 0.8.10: {r:?}");
    // 0.7 read the one its cassandra.yaml chose: framed on its stock file...
    let server = release_server("0.7.10");
    assert_eq!(connect19(server.port).describe_version().unwrap(), "19.4.0");
    let r = connect19_framed(server.port, false).describe_version();
    assert!(closed_without_reply(&r), "unframed on 0.7.10: {r:?}");
    // ...unframed on one with thrift_framed_transport_size_in_mb: 0.
    let dir = tempfile::tempdir().unwrap();
    let yaml = dir.path().join("cassandra.yaml");
    std::fs::write(
        &yaml,
        "cluster_name: Test Cluster\n\
         partitioner: org.apache.cassandra.dht.RandomPartitioner\n\
         commitlog_sync: periodic\n\
         commitlog_sync_period_in_ms: 10000\n\
         thrift_framed_transport_size_in_mb: 0\n",
    )
    .unwrap();
    let server = Server::start(&[
        "--in-memory",
        "--cassandra-version",
        "0.7.10",
        "--config",
        yaml.to_str().unwrap(),
    ]);
    let mut c = connect19_framed(server.port, false);
    assert_eq!(c.describe_version().unwrap(), "19.4.0");
    assert_eq!(c.describe_cluster_name().unwrap(), "Test Cluster");
    let r = connect19(server.port).describe_version();
    assert!(closed_without_reply(&r), "framed on unframed 0.7.10: {r:?}");
}

#[test]
fn an_unknown_version_is_refused_at_start() {
    let (status, log) = Server::try_start(&["--in-memory", "--cassandra-version", "3.0.0"])
        .err()
        .expect("refused");
    assert_ne!(status.and_then(|s| s.code()), Some(0));
    assert!(log.contains("unknown Cassandra version '3.0.0'"), "{log}");
}

/// A batch's statements are parsed again, statement by statement, in the
/// session's own grammar: 2.1's tuple literal inside one is taken.
#[test]
fn a_batch_takes_the_release_s_literals() {
    let server = release_server("2.1.22");
    let mut c = connect19(server.port);
    cql3(
        &mut c,
        "CREATE KEYSPACE bt WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    c.set_keyspace("bt".into()).unwrap();
    cql3(
        &mut c,
        "CREATE TABLE t (k int PRIMARY KEY, p tuple<int, text>)",
    );
    cql3(
        &mut c,
        "BEGIN BATCH INSERT INTO t (k, p) VALUES (1, (42, 'x')); APPLY BATCH",
    );
    let r = cql3(&mut c, "SELECT p FROM t WHERE k = 1");
    let rows = r.rows.unwrap();
    let value = rows[0].columns[0].value.clone().unwrap();
    assert_eq!(value, b"\x00\x00\x00\x04\x00\x00\x00\x2a\x00\x00\x00\x01x");
}
