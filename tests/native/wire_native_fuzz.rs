//! The native protocol under attack, at the Thrift fuzz's scale: valid
//! requests of every opcode a client sends, on protocol versions 1 to 4,
//! uncompressed and lz4- or snappy-compressed, mutated (lying lengths and
//! counts, flipped bytes, truncation, splices, inserted bytes, and header
//! fields: version, flags, stream id, opcode, frame length) and sent to
//! the real server binary between intact neighbours. The server must never
//! die, never log a panic, never leave a connection the client has finished
//! with hanging, and must still answer both protocols afterwards.
//!
//! Seeded and reproducible: `FUZZ_SEED` (default 9) picks the mutations,
//! `FUZZ_FRAMES` how many mutated frames the long run sends (default
//! 1,000,000; `scripts/fuzz.sh native` runs it). The test command's run
//! sends 100,000.

use crate::support::fuzz;
use crate::support::wire;

use fuzz::hostile;
use fuzz::native::{self as seeds, NativeSeed};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::path::Path;
use std::time::{Duration, Instant};
use supercolumn::native::wire::frame::{op, Compression};
use wire::{conformance_config, Server};

/// Mutates a request body: one to three of flipped bytes, a lying length
/// or count, truncation, a splice from another request, inserted bytes.
fn mutate_body(rng: &mut StdRng, seed: &NativeSeed, pool: &[NativeSeed]) -> Vec<u8> {
    let mut m = seed.body.clone();
    let mut aligned = true;
    for _ in 0..rng.gen_range(1..=3) {
        if m.is_empty() {
            m.push(rng.gen());
        }
        match rng.gen_range(0..100) {
            0..=24 => {
                for _ in 0..rng.gen_range(1..=4) {
                    let i = rng.gen_range(0..m.len());
                    m[i] ^= rng.gen_range(1..=255u8);
                }
            }
            25..=59 if aligned && !seed.lengths.is_empty() => {
                let (at, width) = seed.lengths[rng.gen_range(0..seed.lengths.len())];
                let width = usize::from(width);
                if at + width <= m.len() {
                    let left = m.len() - at - width;
                    if width == 2 {
                        let honest = u16::from_be_bytes([m[at], m[at + 1]]);
                        let v = hostile(rng, i32::from(honest), left) as u16;
                        m[at..at + 2].copy_from_slice(&v.to_be_bytes());
                    } else {
                        let honest = i32::from_be_bytes([m[at], m[at + 1], m[at + 2], m[at + 3]]);
                        let v = hostile(rng, honest, left);
                        m[at..at + 4].copy_from_slice(&v.to_be_bytes());
                    }
                }
            }
            25..=69 => {
                m.truncate(rng.gen_range(0..m.len()));
                aligned = false;
            }
            70..=84 => {
                let other = &pool[rng.gen_range(0..pool.len())].body;
                if !other.is_empty() {
                    let from = rng.gen_range(0..other.len());
                    let to = rng.gen_range(from..=other.len().min(from + 256));
                    let at = rng.gen_range(0..=m.len());
                    let end = rng.gen_range(at..=m.len().min(at + 256));
                    m.splice(at..end, other[from..to].iter().copied());
                }
                aligned = false;
            }
            _ => {
                let at = rng.gen_range(0..=m.len());
                let n = rng.gen_range(1..=16);
                let bytes: Vec<u8> = (0..n).map(|_| rng.gen()).collect();
                m.splice(at..at, bytes);
                aligned = false;
            }
        }
    }
    m
}

/// A request frame's bytes (compressed with `c`, except STARTUP).
fn frame(version: u8, stream: i16, opcode: u8, body: &[u8], c: Option<Compression>) -> Vec<u8> {
    let (flags, body) = match c {
        Some(c) if opcode != op::STARTUP => (1, c.compress(body)),
        _ => (0, body.to_vec()),
    };
    let mut out = vec![version, flags];
    if version >= 3 {
        out.extend_from_slice(&stream.to_be_bytes());
    } else {
        out.push(stream as i8 as u8);
    }
    out.push(opcode);
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(&body);
    out
}

/// Mutates a whole frame: its header fields, or its (compressed) body.
fn mutate_frame(rng: &mut StdRng, f: &mut [u8], version: u8) {
    let h = if version >= 3 { 9 } else { 8 };
    match rng.gen_range(0..7) {
        0 => f[0] = [0, 5, 6, 0x41, 0x42, 0x81, 0x84, 3, 4, rng.gen()][rng.gen_range(0..10)],
        1 => f[1] = rng.gen(),
        2 => {
            let s = h - 6;
            f[s] = rng.gen();
        }
        3 => {
            f[h - 5] =
                [0x02, 0x06, 0x08, 0x0c, 0x0e, 0x10, 0x11, 0x33, rng.gen()][rng.gen_range(0..9)]
        }
        4 | 5 => {
            let honest = (f.len() - h) as i32;
            let v = hostile(rng, honest, 0);
            f[h - 4..h].copy_from_slice(&v.to_be_bytes());
        }
        _ => {
            // Damage the body after compression.
            if f.len() > h {
                let i = rng.gen_range(h..f.len());
                f[i] ^= rng.gen_range(1..=255u8);
            }
        }
    }
}

/// What came back on one connection.
#[derive(Default)]
struct Answers {
    closed: bool,
    frames: u64,
    errors: u64,
}

/// Counts the response frames in `got` (ERROR frames among them).
fn count_answers(mut got: &[u8], a: &mut Answers) {
    while got.len() >= 8 {
        let version = got[0] & 0x7f;
        let h = if version >= 3 { 9 } else { 8 };
        if got.len() < h {
            return;
        }
        let len = u32::from_be_bytes([got[h - 4], got[h - 3], got[h - 2], got[h - 1]]) as usize;
        if got.len() < h + len {
            return;
        }
        a.frames += 1;
        a.errors += u64::from(got[h - 5] == op::ERROR);
        got = &got[h + len..];
    }
}

/// Sends `bytes`, half-closes, and reads until the server closes (a hang if
/// it neither answers nor closes within a minute). `None`: not accepted.
fn exchange(port: u16, bytes: &[u8]) -> Option<Answers> {
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
                Err(_) => break true,
            }
        };
        (closed, got)
    });
    let mut w = &stream;
    let _ = w.write_all(bytes);
    let _ = stream.shutdown(Shutdown::Write);
    let (closed, got) = drained.join().expect("reader thread");
    let mut a = Answers {
        closed,
        ..Answers::default()
    };
    count_answers(&got, &mut a);
    Some(a)
}

#[derive(Default)]
struct Stats {
    mutated: u64,
    sent: u64,
    connections: u64,
    hangs: u64,
    answers: u64,
    errors: u64,
    reached: u64,
}

const COMPRESSIONS: [Option<&str>; 3] = [None, Some("lz4"), Some("snappy")];

/// Runs connections until `target` mutated frames were sent: each a
/// STARTUP (sometimes with compression, rarely mutated), sometimes a USE,
/// then a window of one version's requests, 40% of them mutated.
fn fuzz(port: u16, seed: u64, target: u64) -> Stats {
    let mut rng = StdRng::seed_from_u64(seed);
    let by_version: Vec<Vec<NativeSeed>> = (1..=4).map(seeds::seeds).collect();
    let pool: Vec<NativeSeed> = by_version.iter().flatten().cloned().collect();
    let mut stats = Stats::default();
    while stats.mutated < target {
        let version = rng.gen_range(1..=4u8);
        let name = COMPRESSIONS[rng.gen_range(0..3)];
        let compression = name.and_then(Compression::parse);
        let mut bytes = Vec::new();
        let mut sent = Vec::new();
        let mut stream: i16 = 0;
        let mut next_stream = || {
            stream = (stream + 1) % if version >= 3 { 32000 } else { 127 };
            stream
        };
        let startup = seeds::startup(version, name);
        let mut f = frame(version, next_stream(), op::STARTUP, &startup.body, None);
        let broken = rng.gen_range(0..20) == 0;
        if broken {
            mutate_frame(&mut rng, &mut f, version);
        }
        bytes.extend(f);
        sent.push(broken);
        if rng.gen_bool(0.5) {
            let u = seeds::query(version, "USE fz");
            bytes.extend(frame(
                version,
                next_stream(),
                op::QUERY,
                &u.body,
                compression,
            ));
            sent.push(false);
        }
        let mine = &by_version[usize::from(version - 1)];
        for _ in 0..rng.gen_range(1..=12) {
            let s = &mine[rng.gen_range(0..mine.len())];
            let mutated = rng.gen_bool(0.4);
            let f = if !mutated {
                frame(version, next_stream(), s.opcode, &s.body, compression)
            } else if rng.gen_range(0..10) < 7 {
                let body = mutate_body(&mut rng, s, &pool);
                frame(version, next_stream(), s.opcode, &body, compression)
            } else {
                let mut f = frame(version, next_stream(), s.opcode, &s.body, compression);
                mutate_frame(&mut rng, &mut f, version);
                f
            };
            bytes.extend(f);
            sent.push(mutated);
        }
        stats.connections += 1;
        let Some(a) = exchange(port, &bytes) else {
            return stats;
        };
        stats.sent += sent.len() as u64;
        stats.mutated += sent.iter().filter(|m| **m).count() as u64;
        stats.reached += sent
            .iter()
            .take(a.frames as usize + 1)
            .filter(|m| **m)
            .count() as u64;
        stats.hangs += u64::from(!a.closed);
        stats.answers += a.frames;
        stats.errors += a.errors;
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
        "--native-listen",
        "127.0.0.1:0",
    ])
}

/// One request on a fresh connection of `version`, after STARTUP; the answer's opcode and body.
fn roundtrip(port: u16, version: u8, requests: &[NativeSeed]) -> Vec<(u8, Vec<u8>)> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect native");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut out = Vec::new();
    for (i, r) in requests.iter().enumerate() {
        s.write_all(&frame(version, i as i16, r.opcode, &r.body, None))
            .unwrap();
        let h = if version >= 3 { 9 } else { 8 };
        let mut head = vec![0u8; h];
        s.read_exact(&mut head).expect("an answer");
        let len = u32::from_be_bytes([head[h - 4], head[h - 3], head[h - 2], head[h - 1]]);
        let mut body = vec![0u8; len as usize];
        s.read_exact(&mut body).expect("an answer's body");
        out.push((head[h - 5], body));
    }
    out
}

/// Creates the fuzz's tables and prepares its statements.
fn setup(port: u16) {
    let mut reqs = vec![seeds::startup(4, None)];
    reqs.extend(seeds::SETUP.iter().map(|q| seeds::query(4, q)));
    reqs.extend(seeds::prepared().iter().map(|(q, _)| seeds::prepare(4, q)));
    for (i, (opcode, body)) in roundtrip(port, 4, &reqs).into_iter().enumerate() {
        assert_ne!(opcode, op::ERROR, "set-up step {i}: {body:?}");
    }
}

/// The server is alive, logged no panic, and answers the native protocol
/// (v1 and v4, a write and a read) and Thrift.
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
    let port = server.native_port.expect("native port");
    for v in [1u8, 4] {
        let got = roundtrip(
            port,
            v,
            &[
                seeds::startup(v, None),
                seeds::query(v, "INSERT INTO fz.s (k, v) VALUES ('health', 0x6f6b)"),
                seeds::query(v, "SELECT v FROM fz.s WHERE k = 'health'"),
            ],
        );
        assert_eq!(got[0].0, op::READY, "v{v}");
        assert_eq!(got[1].0, op::RESULT, "v{v}: {:?}", got[1].1);
        assert_eq!(got[2].0, op::RESULT, "v{v}: {:?}", got[2].1);
        assert!(
            got[2].1.ends_with(&[0, 0, 0, 2, b'o', b'k']),
            "v{v}: {:?}",
            got[2].1
        );
    }
    use supercolumn::thrift::gen::cassandra19::TCassandraSyncClient;
    let mut c = wire::connect19(server.port);
    assert!(!c.describe_version().expect("describe_version").is_empty());
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
    let dir = tempfile::tempdir().unwrap();
    let mut server = fuzz_server(dir.path());
    let port = server
        .native_port
        .expect("the server announced its native port");
    setup(port);
    let started = Instant::now();
    let per = frames.div_ceil(2);
    let stats: Vec<Stats> = std::thread::scope(|s| {
        let runs: Vec<_> = (0..2u64)
            .map(|i| s.spawn(move || fuzz(port, seed * 2 + i, per)))
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    let t = stats.iter().fold(Stats::default(), |a, s| Stats {
        mutated: a.mutated + s.mutated,
        sent: a.sent + s.sent,
        connections: a.connections + s.connections,
        hangs: a.hangs + s.hangs,
        answers: a.answers + s.answers,
        errors: a.errors + s.errors,
        reached: a.reached + s.reached,
    });
    eprintln!(
        "wire_native_fuzz: seed {seed}: {} mutated frames ({} reached the server's decoding; \
         {} frames sent) on {} connections in {:.1} s; {} answers, {} of them ERROR; \
         {} hung connections",
        t.mutated,
        t.reached,
        t.sent,
        t.connections,
        started.elapsed().as_secs_f64(),
        t.answers,
        t.errors,
        t.hangs,
    );
    assert_healthy(&mut server);
    assert!(
        t.mutated >= frames,
        "the server stopped accepting connections:\n{}",
        tail(&server.log())
    );
    assert_eq!(
        t.hangs, 0,
        "connections the server neither answered nor closed"
    );
    assert!(server.terminate().success(), "{}", tail(&server.log()));
}

/// The test command's run: at least 100,000 mutated frames.
#[test]
fn fuzzed_native_frames_leave_the_server_answering() {
    run(100_000);
}

/// The long run (`scripts/fuzz.sh native`): `FUZZ_FRAMES` mutated frames,
/// 1,000,000 unless told.
#[test]
#[ignore = "long: run by scripts/fuzz.sh"]
fn native_fuzz_long() {
    let frames = std::env::var("FUZZ_FRAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    run(frames);
}
