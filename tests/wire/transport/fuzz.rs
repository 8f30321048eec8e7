//! The wire under attack: mutated requests, built from the recorded
//! conformance calls of both API generations, sent framed and unframed to
//! the real server binary. The server must never die, never log a panic,
//! never hang on a connection the client has finished with, and must still
//! answer normal calls at the end.
//!
//! Seeded and reproducible: `FUZZ_SEED` (default 9) picks the mutations,
//! `FUZZ_FRAMES` how many mutated frames the long run sends (default
//! 1,000,000; `scripts/fuzz.sh` runs it). The corpus is read at run time from
//! `CONFORMANCE_DIR`, or `../shared/conformance` beside the repository;
//! without it the fuzz runs on a few built-in requests and says so.

use crate::support::fuzz;
use crate::support::wire;

use fuzz::{builtin_cases, corpus_dir, hostile, issue_9_request, load_cases, Case, Seed};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::path::Path;
use std::time::{Duration, Instant};
use supercolumn::thrift::wire::{mtype, ttype, Reader};
use wire::{conformance_config, Server};

/// One to three mutations of `seed`: byte flips, a lying length or count,
/// truncation, splicing from another request, inserted bytes, type codes.
fn mutate(rng: &mut StdRng, seed: &Seed, pool: &[&Seed]) -> Vec<u8> {
    let mut m = seed.msg.clone();
    // Length offsets stay meaningful until the layout shifts.
    let mut aligned = true;
    for _ in 0..rng.gen_range(1..=3) {
        if m.is_empty() {
            m.push(rng.gen());
        }
        match rng.gen_range(0..100) {
            0..=27 => {
                for _ in 0..rng.gen_range(1..=4) {
                    let i = rng.gen_range(0..m.len());
                    m[i] ^= rng.gen_range(1..=255u8);
                }
            }
            28..=54 if aligned && !seed.lengths.is_empty() => {
                let at = seed.lengths[rng.gen_range(0..seed.lengths.len())];
                if at + 4 <= m.len() {
                    let honest = i32::from_be_bytes([m[at], m[at + 1], m[at + 2], m[at + 3]]);
                    let v = hostile(rng, honest, m.len() - at - 4);
                    m[at..at + 4].copy_from_slice(&v.to_be_bytes());
                }
            }
            28..=64 => {
                m.truncate(rng.gen_range(0..m.len()));
                aligned = false;
            }
            65..=79 => {
                let other = &pool[rng.gen_range(0..pool.len())].msg;
                let from = rng.gen_range(0..other.len());
                let to = rng.gen_range(from..=other.len().min(from + 256));
                let at = rng.gen_range(0..=m.len());
                let end = rng.gen_range(at..=m.len().min(at + 256));
                m.splice(at..end, other[from..to].iter().copied());
                aligned = false;
            }
            80..=89 => {
                let at = rng.gen_range(0..=m.len());
                let n = rng.gen_range(1..=16);
                let bytes: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
                m.splice(at..at, bytes);
                aligned = false;
            }
            _ => {
                let i = rng.gen_range(0..m.len());
                m[i] =
                    [0, 1, 2, 3, 4, 6, 8, 10, 11, 12, 13, 14, 15, 16, 17, 99][rng.gen_range(0..16)];
            }
        }
    }
    m
}

/// The bytes of one message on a connection of this framing; framed
/// messages sometimes carry a lying frame length.
fn on_wire(rng: &mut StdRng, msg: &[u8], framed: bool, mutated: bool) -> Vec<u8> {
    if !framed {
        return msg.to_vec();
    }
    let honest = msg.len() as i32;
    let len = if mutated && rng.gen_range(0..20) == 0 {
        match rng.gen_range(0..6) {
            0 => -1,
            1 => i32::MAX,
            2 => (16 << 20) + 1,
            3 => 0,
            4 => honest - rng.gen_range(1..=honest.max(1)),
            _ => honest + rng.gen_range(1..1000),
        }
    } else {
        honest
    };
    let mut out = len.to_be_bytes().to_vec();
    out.extend_from_slice(msg);
    out
}

/// What came back on one connection.
#[derive(Default)]
struct Answers {
    /// The server closed the connection (rather than the client giving up).
    closed: bool,
    /// Replies (results, declared exceptions included).
    replies: u64,
    /// TApplicationExceptions (protocol errors, unknown methods...).
    exceptions: u64,
}

/// Counts the messages in what the server sent (framed or not).
fn count_answers(mut got: &[u8], framed: bool, a: &mut Answers) {
    loop {
        if framed {
            if got.len() < 4 {
                return;
            }
            got = &got[4..];
        }
        let mut r = Reader::new(got);
        let Ok(h) = r.message_header() else {
            return;
        };
        match h.mtype {
            mtype::REPLY => a.replies += 1,
            mtype::EXCEPTION => a.exceptions += 1,
            _ => {}
        }
        if r.skip(ttype::STRUCT, 0).is_err() {
            return;
        }
        got = &got[r.position()..];
    }
}

/// Sends `bytes` on a fresh connection, says it has finished, and reads
/// whatever comes back until the server closes (`closed` is false if the
/// server neither answered nor closed within the limit: a hang). `None` if
/// the server no longer accepts connections.
fn exchange(port: u16, bytes: &[u8], framed: bool) -> Option<Answers> {
    let stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    stream
        .set_write_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut reader = stream.try_clone().expect("clone");
    let drained = std::thread::spawn(move || {
        let mut got = Vec::new();
        let mut buf = [0u8; 16 << 10];
        let closed = loop {
            match reader.read(&mut buf) {
                Ok(0) => break true,
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break false,
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => break false,
                // Reset under us: the server is done with it.
                Err(_) => break true,
            }
        };
        (closed, got)
    });
    let mut w = &stream;
    // The server may close before reading everything: that is an answer too.
    let _ = w.write_all(bytes);
    let _ = stream.shutdown(Shutdown::Write);
    let (closed, got) = drained.join().expect("reader thread");
    let mut answers = Answers {
        closed,
        ..Answers::default()
    };
    count_answers(&got, framed, &mut answers);
    Some(answers)
}

#[derive(Default)]
struct Stats {
    mutated: u64,
    sent: u64,
    connections: u64,
    hangs: u64,
    replies: u64,
    exceptions: u64,
    /// Mutated frames the server got to (decoded, answered or refused).
    reached: u64,
}

/// Runs connections until `target` mutated frames were sent, each
/// connection a window of one case's steps behind its state-setting steps.
fn fuzz(port: u16, cases: &[Case], seed: u64, target: u64) -> Stats {
    let mut rng = StdRng::seed_from_u64(seed);
    let pool: Vec<&Seed> = cases.iter().flat_map(|c| c.steps.iter()).collect();
    let mut stats = Stats::default();
    while stats.mutated < target {
        let case = &cases[rng.gen_range(0..cases.len())];
        if case.steps.is_empty() {
            continue;
        }
        let framed = rng.gen_bool(0.5);
        let start = rng.gen_range(0..case.steps.len());
        let end = case.steps.len().min(start + rng.gen_range(1..=12));
        let mut bytes = Vec::new();
        // Which messages were mutated, in the order sent.
        let mut sent = Vec::new();
        for (i, step) in case.steps[..start].iter().enumerate() {
            if case.state[i] {
                bytes.extend(on_wire(&mut rng, &step.msg, framed, false));
                sent.push(false);
            }
        }
        // Mostly intact neighbours, so that a damaged frame meets the state
        // (keyspace, schema, data) the real calls around it build.
        for step in &case.steps[start..end] {
            let mutated = rng.gen_bool(0.4);
            let msg = if mutated {
                mutate(&mut rng, step, &pool)
            } else {
                step.msg.clone()
            };
            bytes.extend(on_wire(&mut rng, &msg, framed, mutated));
            sent.push(mutated);
        }
        stats.connections += 1;
        let Some(a) = exchange(port, &bytes, framed) else {
            // The server is gone: the caller reports how, from its log.
            return stats;
        };
        stats.sent += sent.len() as u64;
        stats.mutated += sent.iter().filter(|m| **m).count() as u64;
        // Replies come in order: the messages up to the first unanswered
        // one (which the server read and refused) were all decoded.
        let answered = (a.replies + a.exceptions) as usize;
        stats.reached += sent.iter().take(answered + 1).filter(|m| **m).count() as u64;
        stats.hangs += u64::from(!a.closed);
        stats.replies += a.replies;
        stats.exceptions += a.exceptions;
    }
    stats
}

fn fuzz_server(dir: &Path) -> Server {
    let conf = conformance_config("storage-conf-v19.xml");
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        dir.to_str().unwrap(),
    ])
}

/// A framed strict call with an empty argument struct, and its reply.
fn framed_roundtrip(port: u16, frame: &[u8]) -> Option<Vec<u8>> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(frame).ok()?;
    let mut len = [0u8; 4];
    s.read_exact(&mut len).ok()?;
    let mut reply = vec![0u8; u32::from_be_bytes(len) as usize];
    s.read_exact(&mut reply).ok()?;
    Some(reply)
}

fn describe_version_frame() -> Vec<u8> {
    let mut body = vec![0x80, 0x01, 0x00, 0x01, 0, 0, 0, 16];
    body.extend_from_slice(b"describe_version");
    body.extend_from_slice(&[0, 0, 0, 9, 0]);
    let mut frame = (body.len() as u32).to_be_bytes().to_vec();
    frame.extend_from_slice(&body);
    frame
}

/// The server is alive, logged no panic, and answers normal calls of both
/// generations, a write and a read included.
fn assert_healthy(server: &mut Server) {
    assert!(
        server.wait(Duration::from_millis(50)).is_none(),
        "the server died:\n{}",
        tail(&server.log())
    );
    let log = server.log();
    assert!(
        !log.contains("panicked"),
        "the server logged a panic:\n{}",
        log.lines()
            .filter(|l| l.contains("panicked"))
            .take(5)
            .collect::<Vec<_>>()
            .join("\n")
    );
    let reply = framed_roundtrip(server.port, &describe_version_frame()).expect("describe_version");
    let mut r = Reader::new(&reply);
    assert_eq!(r.message_header().unwrap().mtype, mtype::REPLY);
    use supercolumn::thrift::gen::cassandra06::{
        ColumnPath, ConsistencyLevel, TCassandraSyncClient,
    };
    let mut c = server.client(false);
    let path = ColumnPath::new("StdBytes".to_string(), None, b"after-fuzz".to_vec());
    c.insert(
        "CT".to_string(),
        "fuzz-health".to_string(),
        path.clone(),
        b"ok".to_vec(),
        wire::timestamp(),
        ConsistencyLevel::ONE,
    )
    .expect("insert after the fuzz");
    let got = c
        .get(
            "CT".to_string(),
            "fuzz-health".to_string(),
            path,
            ConsistencyLevel::ONE,
        )
        .expect("get after the fuzz");
    assert_eq!(got.column.unwrap().value, b"ok");
}

fn tail(log: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}

fn run(frames: u64) {
    let seed: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let ts_base = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_micros() as i64;
    let mut cases = builtin_cases();
    match corpus_dir() {
        Some(dir) => cases.extend(load_cases(&dir, ts_base)),
        None => eprintln!(
            "wire fuzz: no conformance corpus (CONFORMANCE_DIR or ../shared/conformance): \
             fuzzing the built-in requests only"
        ),
    }
    let dir = tempfile::tempdir().unwrap();
    let mut server = fuzz_server(dir.path());
    let started = Instant::now();
    // The regression request first, framed, then the fuzz on two clients.
    let issue = issue_9_request();
    let _ = framed_roundtrip(server.port, &issue);
    let port = server.port;
    let per = frames.div_ceil(2);
    let stats: Vec<Stats> = std::thread::scope(|s| {
        let runs: Vec<_> = (0..2u64)
            .map(|i| {
                let cases = &cases;
                s.spawn(move || fuzz(port, cases, seed * 2 + i, per))
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    let total = stats.iter().fold(Stats::default(), |a, s| Stats {
        mutated: a.mutated + s.mutated,
        sent: a.sent + s.sent,
        connections: a.connections + s.connections,
        hangs: a.hangs + s.hangs,
        replies: a.replies + s.replies,
        exceptions: a.exceptions + s.exceptions,
        reached: a.reached + s.reached,
    });
    let (mutated, hangs) = (total.mutated, total.hangs);
    eprintln!(
        "wire fuzz: seed {seed}: {mutated} mutated frames ({} reached the server's decoding; \
         {} frames sent) on {} connections from {} requests in {:.1} s; answered with {} \
         replies and {} TApplicationExceptions; {hangs} hung connections",
        total.reached,
        total.sent,
        total.connections,
        cases.iter().map(|c| c.steps.len()).sum::<usize>(),
        started.elapsed().as_secs_f64(),
        total.replies,
        total.exceptions,
    );
    assert_healthy(&mut server);
    assert!(mutated >= frames);
    assert_eq!(
        hangs, 0,
        "connections the server neither answered nor closed"
    );
    assert!(server.terminate().success(), "{}", tail(&server.log()));
}

/// The test command's run: at least 100,000 mutated frames.
#[test]
fn fuzzed_frames_leave_the_server_answering() {
    run(100_000);
}

/// The long run (`scripts/fuzz.sh`): `FUZZ_FRAMES` mutated frames, 1,000,000
/// unless told.
#[test]
#[ignore = "long: run by scripts/fuzz.sh"]
fn fuzz_long() {
    let frames = std::env::var("FUZZ_FRAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    run(frames);
}

/// The 43-byte request that once aborted the server, and its negative-count twin, framed and
/// unframed: answered with PROTOCOL_ERROR or a closed connection, never a
/// crash; other clients are served throughout.
#[test]
fn the_43_byte_request_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = fuzz_server(dir.path());
    let frame = issue_9_request();
    assert_eq!(frame.len(), 43);
    let reply = framed_roundtrip(server.port, &frame).expect("a reply");
    let mut r = Reader::new(&reply);
    let h = r.message_header().unwrap();
    assert_eq!(
        (h.name.as_str(), h.mtype),
        ("multiget_slice", mtype::EXCEPTION)
    );
    let body = r.value(ttype::STRUCT, 0).unwrap();
    assert_eq!(
        body.field(2),
        Some(&supercolumn::thrift::wire::Value::I32(7)),
        "PROTOCOL_ERROR: {body:?}"
    );
    let mut negative = frame.clone();
    negative[34..38].copy_from_slice(&(-1i32).to_be_bytes());
    let reply = framed_roundtrip(server.port, &negative).expect("a reply");
    let mut r = Reader::new(&reply);
    assert_eq!(r.message_header().unwrap().mtype, mtype::EXCEPTION);
    // Unframed, the same bytes ask for more than a message may hold.
    assert!(exchange(server.port, &frame[4..], false).unwrap().closed);
    assert!(exchange(server.port, &negative[4..], false).unwrap().closed);
    assert_healthy(&mut server);
}
