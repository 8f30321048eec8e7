//! Connection limits on the real binary: the connection cap and the
//! file-descriptor reserve under a low RLIMIT_NOFILE (storage keeps opening
//! commit-log segments and SSTables), the idle timeout, and the write
//! timeout of a peer that does not read its reply.

use crate::support::limits;
use crate::support::wire;

use limits::{bare_call, closed_by_server, config_with, framed, read_reply, wait_closed};
use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};
use supercolumn::thrift::gen::cassandra06::{
    ColumnParent, ColumnPath, ConsistencyLevel as CL, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use wire::{timestamp, Server};

const NOFILE: u32 = 256;
const IDLE: usize = 300;

fn all_columns() -> SlicePredicate {
    SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100_000))
}

/// The connection cap the server announced at start-up.
fn announced_cap(server: &mut Server) -> usize {
    // The log arrives on stderr, read by another thread: it may trail the
    // "listening" line on stdout.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let mut log = server.log();
    while !log.contains("at most ") && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
        log = server.log();
    }
    log.split("at most ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no connection cap in the start-up log:\n{log}"))
}

#[test]
fn excess_connections_are_refused_and_storage_keeps_its_descriptors() {
    let dir = tempfile::tempdir().unwrap();
    // 1 MB commit-log segments (the smallest the config allows) and 1 MB
    // memtables: the writes below open new segments and SSTables while
    // the idle connections are held.
    let conf = config_with(
        dir.path(),
        &[
            (
                "<CommitLogRotationThresholdInMB>128",
                "<CommitLogRotationThresholdInMB>1",
            ),
            ("<MemtableThroughputInMB>64", "<MemtableThroughputInMB>1"),
        ],
    );
    let data = dir.path().join("data");
    let limit = format!("ulimit -n {NOFILE} && exec \"$@\"");
    let mut server = Server::start_via(
        &["sh", "-c", &limit, "sh"],
        &[
            "--config",
            conf.to_str().unwrap(),
            "--data-dir",
            data.to_str().unwrap(),
        ],
    );
    let cap = announced_cap(&mut server);
    assert!(
        cap > 0 && cap <= NOFILE as usize - 64,
        "cap {cap} leaves no reserve"
    );

    // The writer connects first, so it is one of the connections kept.
    let mut writer = server.client(false);
    let value = vec![7u8; 100 * 1024];
    let write = |c: &mut wire::Client, i: usize| {
        c.insert(
            "CT".into(),
            format!("row{}", i % 5),
            ColumnPath::new(
                "StdBytes".to_string(),
                None,
                format!("col{i:04}").into_bytes(),
            ),
            value.clone(),
            timestamp(),
            CL::ONE,
        )
    };
    write(&mut writer, 0).expect("first write");

    let mut idle: Vec<TcpStream> = (0..IDLE).map(|_| server.raw()).collect();
    let kept = cap - 1;
    let deadline = Instant::now() + Duration::from_secs(20);
    let refused = loop {
        let refused = idle.iter_mut().map(closed_by_server).filter(|c| *c).count();
        if refused >= IDLE - kept || Instant::now() > deadline {
            break refused;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(
        refused,
        IDLE - kept,
        "cap {cap}: refused {refused} of {IDLE}"
    );
    // The log arrives on stderr through another thread: the refusals' line
    // may trail the closed sockets by a moment.
    server.wait_for_line(&["refusing connection from"]);
    let log = server.log();
    let lines = log.matches("refusing connection from").count();
    assert!(
        (1..=3).contains(&lines),
        "refusals are logged, rate-limited ({lines} lines):\n{log}"
    );

    // 4 MB of writes: several new commit-log segments and memtable flushes,
    // with every connection slot taken.
    for i in 1..40 {
        write(&mut writer, i).unwrap_or_else(|e| panic!("write {i} at the cap: {e:?}"));
    }
    let mut extra = server.raw();
    assert!(
        wait_closed(&mut extra, Duration::from_secs(10)),
        "a connection over the cap was kept"
    );

    drop(idle);
    drop(extra);
    // Once the idle connections are gone, new clients are served again.
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut fresh = loop {
        let mut c = server.client(false);
        if c.describe_version().is_ok() {
            break c;
        }
        assert!(Instant::now() < deadline, "no connection accepted again");
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut found = 0;
    for row in 0..5 {
        found += fresh
            .get_slice(
                "CT".into(),
                format!("row{row}"),
                ColumnParent::new("StdBytes".to_string(), None),
                all_columns(),
                CL::ONE,
            )
            .expect("read back")
            .len();
    }
    assert_eq!(found, 40);
    for i in 40..50 {
        write(&mut fresh, i).expect("write after the flood");
    }
    let log = server.log();
    assert!(
        !log.contains("Too many open files") && !log.contains("EMFILE"),
        "storage ran out of descriptors:\n{log}"
    );
    assert!(server.terminate().success(), "{}", server.log());
}

#[test]
fn idle_connections_close_and_a_waiting_request_is_not_idle() {
    let dir = tempfile::tempdir().unwrap();
    let conf = wire::conformance_config("storage-conf.xml");
    let mut server = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        dir.path().to_str().unwrap(),
        "--idle-timeout",
        "1",
        "--write-timeout",
        "3",
        "--memory-budget",
        "1",
    ]);

    // Silence, and half a message then silence, are both idle.
    let mut silent = server.raw();
    let mut half = server.raw();
    half.write_all(&framed(&bare_call("describe_version", 1))[..9])
        .unwrap();
    // A connection that keeps talking outlives the timeout.
    let mut chatty = server.raw();
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(3) {
        chatty
            .write_all(&framed(&bare_call("describe_version", 2)))
            .unwrap();
        read_reply(&mut chatty, true).expect("a busy connection is not idle");
        std::thread::sleep(Duration::from_millis(250));
    }
    assert!(wait_closed(&mut silent, Duration::from_secs(15)));
    assert!(wait_closed(&mut half, Duration::from_secs(15)));

    // A 15 MB row whose reply the reader never reads: more than the kernel
    // buffers take, so the server holds the rest, counted against the 1 MB
    // budget, until the write timeout. (It stays under the 16 MB maximum
    // message length, beyond which the reply would be refused, not held.)
    let mut c = server.client(true);
    let value = vec![1u8; 1024 * 1024];
    for i in 0..15 {
        c.insert(
            "CT".into(),
            "big".into(),
            ColumnPath::new(
                "StdBytes".to_string(),
                None,
                format!("c{i:02}").into_bytes(),
            ),
            value.clone(),
            timestamp(),
            CL::ONE,
        )
        .expect("insert");
    }
    drop(c);
    let mut hog = server.raw();
    let get = {
        use supercolumn::thrift::wire::{mtype, Value, Writer};
        let mut w = Writer::new();
        w.message_header("get_slice", mtype::CALL, 3);
        w.value(&Value::Struct(vec![
            (1, Value::Bin(b"CT".to_vec())),
            (2, Value::Bin(b"big".to_vec())),
            (
                3,
                Value::Struct(vec![(3, Value::Bin(b"StdBytes".to_vec()))]),
            ),
            (
                4,
                Value::Struct(vec![(
                    2,
                    Value::Struct(vec![
                        (1, Value::Bin(vec![])),
                        (2, Value::Bin(vec![])),
                        (3, Value::Bool(false)),
                        (4, Value::I32(1000)),
                    ]),
                )]),
            ),
            (5, Value::I32(1)),
        ]));
        w.buf
    };
    hog.write_all(&framed(&get)).unwrap();
    // The server takes the budget before it writes the reply: once the
    // first bytes are there (peeked, not read), the budget is held. A fixed
    // sleep here was too short on a loaded machine to read 15 MB.
    hog.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    assert!(
        hog.peek(&mut [0u8; 1]).expect("the reply starts") > 0,
        "the hog's reply never started"
    );
    // This request waits for the budget longer than the idle timeout; it is
    // in flight, so its connection stays open and it is answered once the
    // hog's connection is closed by the write timeout.
    let mut waiting = server.raw();
    waiting
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let asked = Instant::now();
    waiting
        .write_all(&framed(&bare_call("describe_version", 4)))
        .unwrap();
    let reply = read_reply(&mut waiting, true).expect("the waiting request is answered");
    // A framed connection's ambiguous first call is 19.x (generation by transport).
    assert!(reply.ends_with(b"19.36.0\0"), "{reply:?}");
    assert!(
        asked.elapsed() >= Duration::from_secs(1),
        "the request did not wait for the budget ({:?}): the test proves nothing",
        asked.elapsed()
    );
    assert!(wait_closed(&mut hog, Duration::from_secs(15)));
    let log = server.log();
    assert!(log.contains("read none of its reply"), "{log}");
    assert!(server.terminate().success(), "{}", server.log());
}
