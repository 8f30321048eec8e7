//! First contact, as a new user meets the server: `serve` with no config
//! in an empty directory, a framed 19.x client's first call on the default
//! server, a stock Cassandra 1.2.9 cassandra.yaml, dropping a keyspace that
//! came from the file, and a typo in the config.

use crate::support::wire;

use std::time::{Duration, Instant};
use supercolumn::thrift::gen::cassandra06::TCassandraSyncClient as _;
use supercolumn::thrift::gen::cassandra19::{self, TCassandraSyncClient};
use wire::*;

const REPO_CONF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/storage-conf.xml");
const STOCK_YAML: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/config/testdata/cassandra-1.2.9.yaml"
);

/// The server's log once it holds `needle` (lines logged after the ready
/// line arrive a little later), or all of it after 20 s.
fn log_with(server: &mut Server, needle: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let log = server.log();
        if log.contains(needle) || Instant::now() > deadline {
            return log;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn keyspace_names(defs: &[cassandra19::KsDef]) -> Vec<&str> {
    defs.iter().map(|k| k.name.as_str()).collect()
}

#[test]
fn serve_in_an_empty_directory_runs_the_built_in_default() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::try_start_in(Some(dir.path()), &[])
        .unwrap_or_else(|(status, log)| panic!("did not start ({status:?}):\n{log}"));
    // A framed 19.x client's first call is answered as 19.x: KsDefs.
    let mut c = connect19(server.port);
    let defs = c.describe_keyspaces().unwrap();
    let names = keyspace_names(&defs);
    assert!(
        names.contains(&"Keyspace1") && names.contains(&"BloggyAppy"),
        "{names:?}"
    );
    let ks1 = defs.iter().find(|k| k.name == "Keyspace1").unwrap();
    assert!(ks1.cf_defs.iter().any(|cf| cf.name == "Standard1"));
    let log = log_with(&mut server, "built-in default");
    assert!(log.contains("built-in default"), "{log}");
    // Its data lives under ./data of the directory it runs in.
    assert!(dir.path().join("data/commitlog").is_dir());
    assert_eq!(server.terminate().code(), Some(0));
    assert!(dir.path().join("data/data/system/schema.json").is_file());
}

#[test]
fn ambiguous_first_calls_follow_the_transport_unless_told() {
    let server = Server::start(&["--config", REPO_CONF, "--in-memory"]);
    let mut framed19 = connect19(server.port);
    let defs = framed19.describe_keyspaces().unwrap();
    assert!(keyspace_names(&defs).contains(&"Keyspace1"));
    // An unframed 0.6 client's first describe_keyspaces is 0.6's answer.
    let mut unframed06 = connect(server.port, false);
    let names = unframed06.describe_keyspaces().unwrap();
    assert!(names.contains("Keyspace1"), "{names:?}");
    // A framed 0.6 client is taken for a 19.x one until it shows otherwise...
    let mut framed06 = connect(server.port, true);
    assert!(framed06.describe_keyspaces().is_err());
    // ...and a call only 0.6 has shows it: then it is answered as 0.6.
    let mut framed06 = connect(server.port, true);
    framed06.get_string_property("cluster name".into()).unwrap();
    assert!(framed06.describe_keyspaces().unwrap().contains("Keyspace1"));

    // --api-default 0.6 answers every connection's first ambiguous call as 0.6.
    let mut told = Server::start(&["--config", REPO_CONF, "--in-memory", "--api-default", "0.6"]);
    let mut framed06 = connect(told.port, true);
    assert!(framed06.describe_keyspaces().unwrap().contains("Keyspace1"));
    let log = log_with(&mut told, "serving Thrift on");
    assert!(
        log.contains("calls both share answer as API 2.2.0 (0.6)"),
        "{log}"
    );
}

#[test]
fn the_start_up_log_names_what_each_port_serves() {
    let mut server = Server::start(&["--config", REPO_CONF, "--in-memory"]);
    let log = log_with(&mut server, "serving Thrift on");
    let line = log
        .lines()
        .find(|l| l.contains("serving Thrift on"))
        .unwrap_or_else(|| panic!("{log}"));
    assert!(
        line.contains(&format!("127.0.0.1:{}", server.port))
            && line.contains("API 2.2.0 (0.6) and 19.x")
            && line.contains("unframed: 0.6, framed: 19"),
        "{line}"
    );
    assert!(!log.contains("Thrift API 2.2.0 on"), "{log}");
}

#[test]
fn a_stock_1_2_9_cassandra_yaml_starts_and_serves_a_19_client() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Server::start(&[
        "--config",
        STOCK_YAML,
        "--data-dir",
        dir.path().to_str().unwrap(),
    ]);
    let mut c = connect19(server.port);
    assert_eq!(c.describe_cluster_name().unwrap(), "Test Cluster");
    assert_eq!(
        c.describe_partitioner().unwrap(),
        "org.apache.cassandra.dht.Murmur3Partitioner"
    );
    cql3(
        &mut c,
        "CREATE KEYSPACE app WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    cql3(&mut c, "CREATE TABLE app.t (k text PRIMARY KEY, v int)");
    cql3(&mut c, "INSERT INTO app.t (k, v) VALUES ('a', 1)");
    let rows = cql3(&mut c, "SELECT v FROM app.t WHERE k = 'a'");
    assert_eq!(rows.rows.unwrap().len(), 1);
    let log = log_with(&mut server, "serving Thrift on");
    assert!(
        log.contains("accepted but ignored on a single node"),
        "{log}"
    );
    assert_eq!(
        log.lines()
            .filter(|l| l.contains("accepted but ignored"))
            .count(),
        1,
        "one summary line: {log}"
    );
    assert_eq!(server.terminate().code(), Some(0));
}

#[test]
fn a_keyspace_from_the_file_can_be_dropped_for_good() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let mut server = Server::start(&["--config", REPO_CONF, "--data-dir", data]);
    let mut c = connect19(server.port);
    c.system_drop_keyspace("Keyspace1".into()).unwrap();
    assert!(!keyspace_names(&c.describe_keyspaces().unwrap()).contains(&"Keyspace1"));
    assert_eq!(server.terminate().code(), Some(0));

    let mut again = Server::start(&["--config", REPO_CONF, "--data-dir", data]);
    let mut c = connect19(again.port);
    let defs = c.describe_keyspaces().unwrap();
    let names = keyspace_names(&defs);
    assert!(!names.contains(&"Keyspace1"), "{names:?}");
    assert!(names.contains(&"BloggyAppy"), "{names:?}");
    let log = log_with(&mut again, "serving Thrift on");
    assert!(
        log.contains("Keyspace1") && log.contains("dropped through the schema API"),
        "{log}"
    );
    assert_eq!(again.terminate().code(), Some(0));
}

fn refused(config_text: &str, name: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, config_text).unwrap();
    match Server::try_start(&["--config", path.to_str().unwrap(), "--in-memory"]) {
        Ok(_) => panic!("a config with a typo was accepted"),
        Err((status, log)) => {
            assert_eq!(status.and_then(|s| s.code()), Some(1), "{log}");
            log
        }
    }
}

#[test]
fn a_typo_in_the_config_exits_1_with_did_you_mean() {
    let repo = std::fs::read_to_string(REPO_CONF).unwrap();
    let typo = repo.replacen("<ColumnFamily ", "<ColumFamily ", 1);
    let log = refused(&typo, "storage-conf.xml");
    let line = typo
        .lines()
        .position(|l| l.contains("<ColumFamily"))
        .unwrap()
        + 1;
    assert!(
        log.contains(&format!("storage-conf.xml:{line}:"))
            && log.contains("did you mean <ColumnFamily>?"),
        "{log}"
    );
    let stock = std::fs::read_to_string(STOCK_YAML).unwrap();
    let typo = stock.replacen("commitlog_directory:", "comitlog_directory:", 1);
    let log = refused(&typo, "cassandra.yaml");
    assert!(log.contains("did you mean commitlog_directory?"), "{log}");
}

#[test]
fn a_config_without_keyspaces_starts() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.xml");
    std::fs::write(
        &path,
        "<Storage>\n  <Partitioner>org.apache.cassandra.dht.RandomPartitioner</Partitioner>\n  \
         <CommitLogSync>periodic</CommitLogSync>\n  <CommitLogSyncPeriodInMS>1000</CommitLogSyncPeriodInMS>\n</Storage>\n",
    )
    .unwrap();
    let server = Server::start(&["--config", path.to_str().unwrap(), "--in-memory"]);
    let mut c = connect19(server.port);
    let names = keyspace_names(&c.describe_keyspaces().unwrap())
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>();
    assert!(names.iter().all(|n| n.starts_with("system")), "{names:?}");
}
