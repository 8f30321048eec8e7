//! A full disk over the wire: the real server keeps its data on a small
//! tmpfs (mounted by the test where that is permitted, else skipped with the
//! reason), the tmpfs is filled, and every kind of write (API 0.6 `insert`,
//! API 19.x `insert` and `batch_mutate`, CQL3 `INSERT`) gets a
//! `TimedOutException`, as Cassandra 1.2 answered a write its replica could
//! not make, never an internal error. The server logs the episode once. Once
//! space is back, writes succeed again without a restart, and after a
//! `kill -9` and a restart every acknowledged write is there.

use crate::support::tmpfs;
use crate::support::wire;

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};
use supercolumn::thrift::gen::cassandra06 as t06;
use supercolumn::thrift::gen::cassandra06::TCassandraSyncClient as _;
use supercolumn::thrift::gen::cassandra19 as t19;
use supercolumn::thrift::gen::cassandra19::TCassandraSyncClient as _;
use tmpfs::Tmpfs;
use wire::{conformance_config, connect19, cql3, timestamp, Client, Client19, Server};

/// The batch-mode test config, with 1 MB commit log segments.
fn write_config(dir: &Path) -> std::path::PathBuf {
    let xml = std::fs::read_to_string(conformance_config("storage-conf-batch.xml")).unwrap();
    let small = "<CommitLogRotationThresholdInMB>1</CommitLogRotationThresholdInMB>";
    let xml = xml.replace(
        "<CommitLogRotationThresholdInMB>128</CommitLogRotationThresholdInMB>",
        small,
    );
    assert!(xml.contains(small));
    let path = dir.join("storage-conf.xml");
    std::fs::write(&path, xml).unwrap();
    path
}

fn start(conf: &Path, data: &Path) -> Server {
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        data.to_str().unwrap(),
    ])
}

fn is_timed_out<T: std::fmt::Debug, E: std::error::Error + 'static>(r: thrift::Result<T>) -> bool {
    match r {
        Err(thrift::Error::User(e)) if e.downcast_ref::<E>().is_some() => true,
        other => panic!("expected a TimedOutException, got {other:?}"),
    }
}

/// Writes one value by each kind of call; returns what each wrote, or
/// asserts that each timed out.
struct Writers {
    c06: Client,
    c19: Client19,
    cql: Client19,
    n: usize,
}

/// A write's target, to read it back: (row key, column name, value).
type Written = (String, String, Vec<u8>);

impl Writers {
    fn new(server: &Server) -> Writers {
        let mut c19 = connect19(server.port);
        c19.set_keyspace("CT".into()).unwrap();
        let mut cql = connect19(server.port);
        cql.set_keyspace("full".into()).unwrap();
        Writers {
            c06: server.client(false),
            c19,
            cql,
            n: 0,
        }
    }

    /// One write by each call, values of `len` bytes. Ok: what they wrote.
    /// Err: each call timed out.
    fn round(&mut self, len: usize) -> Result<Vec<Written>, ()> {
        self.n += 1;
        let n = self.n;
        let value = |tag: &str| {
            let mut v = format!("{tag}{n}-").into_bytes();
            v.resize(len, b'0' + (n % 10) as u8);
            v
        };
        let key = format!("row{n}");
        let (api2, api19, vb, vq) = (value("a"), value("b"), value("c"), value("q"));
        let ts = timestamp();
        let r06 = self.c06.insert(
            "CT".into(),
            key.clone(),
            t06::ColumnPath::new("StdBytes".to_string(), None, b"by06".to_vec()),
            api2.clone(),
            ts,
            t06::ConsistencyLevel::ONE,
        );
        let r19 = self.c19.insert(
            key.clone().into_bytes(),
            t19::ColumnParent::new("StdBytes".to_string(), None),
            t19::Column::new(b"by19".to_vec(), api19.clone(), ts, None),
            t19::ConsistencyLevel::ONE,
        );
        let cosc = t19::ColumnOrSuperColumn::new(
            t19::Column::new(b"bybatch".to_vec(), vb.clone(), ts, None),
            None,
            None,
            None,
        );
        let mut map = BTreeMap::new();
        map.insert(
            key.clone().into_bytes(),
            [("StdBytes".to_string(), vec![t19::Mutation::new(cosc, None)])]
                .into_iter()
                .collect::<BTreeMap<_, _>>(),
        );
        let rb = self.c19.batch_mutate(map, t19::ConsistencyLevel::ONE);
        let text = String::from_utf8(vq.clone()).unwrap();
        let rq = self.cql.execute_cql3_query(
            format!("INSERT INTO t (k, v) VALUES ('{key}', '{text}')").into_bytes(),
            t19::Compression::NONE,
            t19::ConsistencyLevel::ONE,
        );
        if r06.is_ok() && r19.is_ok() && rb.is_ok() && rq.is_ok() {
            return Ok(vec![
                (key.clone(), "by06".into(), api2),
                (key.clone(), "by19".into(), api19),
                (key.clone(), "bybatch".into(), vb),
                (key, "cql".into(), vq),
            ]);
        }
        assert!(is_timed_out::<_, t06::TimedOutException>(r06));
        assert!(is_timed_out::<_, t19::TimedOutException>(r19));
        assert!(is_timed_out::<_, t19::TimedOutException>(rb));
        assert!(is_timed_out::<_, t19::TimedOutException>(rq));
        Err(())
    }
}

/// Waits (up to 10 s) until the server's log has `needle` at least once;
/// returns how many times.
fn count_in_log(server: &mut Server, needle: &str) -> usize {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let n = server.log().matches(needle).count();
        if n > 0 || Instant::now() > deadline {
            return n;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn read_back(server: &Server, written: &[Written]) {
    let mut c = server.client(true);
    let mut cql = connect19(server.port);
    cql.set_keyspace("full".into()).unwrap();
    for (key, column, value) in written {
        if column == "cql" {
            let r = cql3(&mut cql, &format!("SELECT v FROM t WHERE k = '{key}'"));
            let rows = r.rows.unwrap_or_default();
            assert_eq!(rows.len(), 1, "CQL row {key} lost");
            assert_eq!(rows[0].columns[0].value.as_deref(), Some(&value[..]));
        } else {
            let got = c
                .get(
                    "CT".into(),
                    key.clone(),
                    t06::ColumnPath::new("StdBytes".to_string(), None, column.as_bytes().to_vec()),
                    t06::ConsistencyLevel::ONE,
                )
                .unwrap_or_else(|e| panic!("{key}/{column} lost: {e:?}"));
            assert_eq!(&got.column.unwrap().value, value, "{key}/{column}");
        }
    }
}

#[test]
fn a_full_disk_times_writes_out_and_they_succeed_again_when_space_returns() {
    let fs = match Tmpfs::mount("8m") {
        Ok(fs) => fs,
        Err(why) => return println!("skipped: {why}"),
    };
    let conf_dir = tempfile::tempdir().unwrap();
    let conf = write_config(conf_dir.path());
    let data = fs.path().join("data");
    let mut server = start(&conf, &data);
    {
        let mut c = connect19(server.port);
        cql3(
            &mut c,
            "CREATE KEYSPACE full WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        );
        cql3(&mut c, "CREATE TABLE full.t (k text PRIMARY KEY, v text)");
    }
    let mut w = Writers::new(&server);
    let mut acked: Vec<Written> = Vec::new();
    for _ in 0..20 {
        acked.extend(w.round(100).expect("writes with space to spare"));
    }

    let filler = fs.fill();
    // Values larger than a page: every write needs space the disk lacks.
    for _ in 0..25 {
        assert!(w.round(5000).is_err(), "a write succeeded on a full disk");
    }
    // Reads still work.
    read_back(&server, &acked);
    assert_eq!(
        count_in_log(&mut server, "commit log writes are failing: disk full"),
        1,
        "the episode is logged once:\n{}",
        server.log()
    );
    let log = server.log();
    assert!(!log.contains("internal error"), "{log}");
    assert!(!log.contains("panicked"), "{log}");

    std::fs::remove_file(filler).unwrap();
    for _ in 0..20 {
        acked.extend(w.round(5000).expect("writes after space came back"));
    }
    assert_eq!(
        count_in_log(&mut server, "commit log writes succeed again"),
        1,
        "the recovery is logged once:\n{}",
        server.log()
    );
    drop(w);

    // Everything acknowledged survives a crash.
    server.kill9();
    let server = start(&conf, &data);
    read_back(&server, &acked);
}
