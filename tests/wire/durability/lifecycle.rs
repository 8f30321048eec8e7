//! Process lifecycle over the wire: clean SIGTERM, restart keeping data,
//! SIGKILL mid-stream losing no acknowledged write, start-up refusals.

use crate::support::wire;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use supercolumn::thrift::gen::cassandra06::{
    ColumnParent, ColumnPath, ConsistencyLevel as CL, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use wire::{conformance_config, timestamp, Server};

fn durable(config: &str, dir: &std::path::Path) -> Server {
    let conf = conformance_config(config);
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        dir.to_str().unwrap(),
    ])
}

fn col(name: &str) -> ColumnPath {
    ColumnPath::new("StdBytes".to_string(), None, name.as_bytes().to_vec())
}

#[test]
fn sigterm_exits_zero_and_restart_keeps_data() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = durable("storage-conf.xml", dir.path());
    let mut c = server.client(false);
    for i in 0..50 {
        c.insert(
            "CT".into(),
            format!("restart/{i}"),
            col("c"),
            format!("v{i}").into_bytes(),
            timestamp(),
            CL::ONE,
        )
        .unwrap();
    }
    // An idle open connection must not hold the shutdown up.
    let idle = server.client(true);
    drop(c);
    let started = std::time::Instant::now();
    let status = server.terminate();
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "shutdown took {:?}",
        started.elapsed()
    );
    drop(idle);
    assert!(status.success(), "exit status {status:?}\n{}", server.log());

    let server = durable("storage-conf.xml", dir.path());
    let mut c = server.client(true);
    for i in 0..50 {
        let got = c
            .get("CT".into(), format!("restart/{i}"), col("c"), CL::ONE)
            .unwrap();
        assert_eq!(got.column.unwrap().value, format!("v{i}").into_bytes());
    }
}

#[test]
fn sigkill_loses_no_acknowledged_write() {
    let dir = tempfile::tempdir().unwrap();
    let acked: Arc<Mutex<Vec<(String, String)>>> = Arc::default();
    for round in 0..3 {
        let mut server = durable("storage-conf-batch.xml", dir.path());
        let port = server.port;
        let stop = Arc::new(AtomicBool::new(false));
        let writers: Vec<_> = (0..2)
            .map(|w| {
                let (acked, stop) = (acked.clone(), stop.clone());
                std::thread::spawn(move || {
                    let mut c = wire::connect(port, w == 1);
                    let mut i = 0;
                    while !stop.load(Ordering::Relaxed) {
                        let (key, name) = (format!("kill/{round}/{w}"), format!("c{i:06}"));
                        let r = c.insert(
                            "CT".into(),
                            key.clone(),
                            col(&name),
                            name.clone().into_bytes(),
                            timestamp(),
                            CL::ONE,
                        );
                        if r.is_err() {
                            break; // the server died under us: this write was never acknowledged
                        }
                        acked.lock().unwrap().push((key, name));
                        i += 1;
                    }
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(300 + 150 * round as u64));
        server.kill9();
        stop.store(true, Ordering::Relaxed);
        for w in writers {
            w.join().unwrap();
        }
    }
    let acked = acked.lock().unwrap().clone();
    assert!(
        acked.len() > 30,
        "too few writes to mean anything: {}",
        acked.len()
    );
    let server = durable("storage-conf-batch.xml", dir.path());
    let mut c = server.client(false);
    let mut by_key: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (k, n) in acked {
        by_key.entry(k).or_default().push(n);
    }
    for (key, names) in by_key {
        let all = SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, i32::MAX));
        let row = c
            .get_slice(
                "CT".into(),
                key.clone(),
                ColumnParent::new("StdBytes".to_string(), None),
                all,
                CL::ONE,
            )
            .unwrap();
        let stored: std::collections::BTreeSet<Vec<u8>> =
            row.into_iter().map(|c| c.column.unwrap().name).collect();
        for n in names {
            assert!(
                stored.contains(n.as_bytes()),
                "acknowledged column {key}/{n} lost after SIGKILL"
            );
        }
    }
}

#[test]
fn bad_config_exits_one_without_ready_line() {
    let dir = tempfile::tempdir().unwrap();
    let conf = dir.path().join("bad.xml");
    std::fs::write(
        &conf,
        "<Storage>\n  <ClusterName>x</ClusterName>\n  <Keyspaces>\n</Storage>\n",
    )
    .unwrap();
    match Server::try_start(&["--config", conf.to_str().unwrap(), "--in-memory"]) {
        Ok(_) => panic!("server started on a broken config"),
        Err((status, log)) => {
            assert_eq!(status.and_then(|s| s.code()), Some(1), "{log}");
            assert!(
                log.contains("bad.xml"),
                "the message should name the file: {log}"
            );
        }
    }
    match Server::try_start(&["--config", "/nonexistent/storage-conf.xml", "--in-memory"]) {
        Ok(_) => panic!("server started without a config"),
        Err((status, _)) => assert_eq!(status.and_then(|s| s.code()), Some(1)),
    }
}

/// A config that would never finish loading (a kilobyte "billion laughs"
/// of YAML aliases, elements nested 50,000 deep, a FIFO, a link to
/// /dev/zero) is refused with its file and line, and the start exits 1
/// (a hang or an abort would show as no exit or another status).
#[test]
fn configs_that_would_not_end_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let bomb = dir.path().join("bomb.yaml");
    let mut yaml =
        String::from("cluster_name: x\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        yaml.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    std::fs::write(&bomb, yaml).unwrap();
    let deep = dir.path().join("deep.xml");
    std::fs::write(
        &deep,
        format!(
            "<Storage>\n{}{}</Storage>\n",
            "<a>".repeat(50_000),
            "</a>".repeat(50_000)
        ),
    )
    .unwrap();
    let fifo = dir.path().join("fifo.yaml");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let zero = dir.path().join("zero.yaml");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for (conf, says) in [
        (
            &bomb,
            "bomb.yaml:6: malformed YAML: the aliases copy more than 1 MiB",
        ),
        (
            &deep,
            "deep.xml:2: malformed XML: elements nested more than 64 levels deep",
        ),
        (&fifo, "fifo.yaml: not a regular file (a FIFO)"),
        (&zero, "zero.yaml: not a regular file (a character device)"),
    ] {
        match Server::try_start(&["--config", conf.to_str().unwrap(), "--in-memory"]) {
            Ok(_) => panic!("server started on {conf:?}"),
            Err((status, log)) => {
                assert_eq!(status.and_then(|s| s.code()), Some(1), "{log}");
                assert!(log.contains(says), "{says}: {log}");
            }
        }
    }
}

#[test]
fn sigterm_right_after_the_ready_line_exits_zero() {
    let conf = conformance_config("storage-conf.xml");
    for _ in 0..5 {
        let mut server = Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"]);
        let status = server.terminate();
        assert!(status.success(), "exit status {status:?}\n{}", server.log());
    }
}
