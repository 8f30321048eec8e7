//! Crash test of the commit log: a writer process is killed with SIGKILL at
//! random moments, and every record it acknowledged must survive, with nothing
//! invented, duplicated or garbled.
//!
//! The writer is this same test binary re-executed with `--ignored --exact
//! crash_writer_process` and the `COMMITLOG_CRASH_DIR` variable set; it appends
//! from several threads in batch mode and prints `ACK <round> <thread> <seq>`
//! after each `append` returns. The parent test runs 20 rounds on one
//! directory (so later rounds also replay earlier rounds' crashed segments).
//! Randomness is seeded (`COMMITLOG_CRASH_SEED`, printed) so a failure can be
//! replayed.

use std::collections::{BTreeMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use supercolumn::storage::commitlog::{CommitLog, CommitLogOptions, IssueKind, SyncMode};

const ROUNDS: u32 = 20;
const WRITER_THREADS: u32 = 4;
const DEFAULT_SEED: u64 = 0x5eed_c0de;
/// Small segments so rotations happen while the writer is being killed.
const SEGMENT_SIZE: u64 = 16 * 1024;
/// A writer left running this long has lost its parent; it exits on its own.
const WRITER_LIFETIME: Duration = Duration::from_secs(30);

type Id = (u32, u32, u64); // (round, thread, seq)

fn options(dir: &Path) -> CommitLogOptions {
    CommitLogOptions {
        dir: dir.to_path_buf(),
        sync: SyncMode::Batch {
            window: Duration::from_millis(1),
        },
        segment_size: SEGMENT_SIZE,
        ignore_replay_errors: false,
    }
}

/// The exact payload of record `id`: its id in text, then filler derived from
/// the id, so any stray or damaged byte makes the record unrecognizable.
fn payload((round, thread, seq): Id) -> Vec<u8> {
    let mut p = format!("r{round} t{thread} s{seq} ").into_bytes();
    let mix = (u64::from(round) << 40) ^ (u64::from(thread) << 32) ^ seq;
    let fill = (mix.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 56) as usize; // 0..=255
    p.extend((0..fill).map(|i| (mix as usize + i * 7) as u8));
    p
}

fn parse_id(payload: &[u8]) -> Option<Id> {
    let mut fields = payload.split(|&b| b == b' ');
    let mut field = |tag: u8| -> Option<u64> {
        let f = fields.next()?;
        let (&t, digits) = f.split_first()?;
        if t != tag {
            return None;
        }
        std::str::from_utf8(digits).ok()?.parse().ok()
    };
    let round = u32::try_from(field(b'r')?).ok()?;
    let thread = u32::try_from(field(b't')?).ok()?;
    let seq = field(b's')?;
    Some((round, thread, seq))
}

/// The writer half; runs only when re-executed by the parent test.
#[test]
#[ignore = "the writer half of crash_rounds_never_lose_or_invent_acknowledged_records, which runs it"]
fn crash_writer_process() {
    let dir = std::env::var_os("COMMITLOG_CRASH_DIR").expect(
        "run by crash_rounds_never_lose_or_invent_acknowledged_records; needs COMMITLOG_CRASH_DIR",
    );
    let round: u32 = std::env::var("COMMITLOG_CRASH_ROUND")
        .unwrap()
        .parse()
        .unwrap();
    let (log, _) = CommitLog::open(options(Path::new(&dir))).unwrap();
    let log = std::sync::Arc::new(log);
    let started = Instant::now();
    let handles: Vec<_> = (0..WRITER_THREADS)
        .map(|thread| {
            let log = std::sync::Arc::clone(&log);
            std::thread::spawn(move || {
                let mut seq = 0u64;
                while started.elapsed() < WRITER_LIFETIME {
                    // Every fourth call is a group of three adjacent records.
                    let n = if seq % 4 == 3 { 3 } else { 1 };
                    let ids: Vec<Id> = (seq..seq + n).map(|s| (round, thread, s)).collect();
                    let payloads: Vec<Vec<u8>> = ids.iter().map(|&id| payload(id)).collect();
                    let refs: Vec<&[u8]> = payloads.iter().map(Vec::as_slice).collect();
                    log.append_all(&refs).unwrap();
                    let mut out = std::io::stdout().lock();
                    for (r, t, s) in ids {
                        writeln!(out, "ACK {r} {t} {s}").unwrap();
                    }
                    out.flush().unwrap();
                    seq += n;
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    panic!("writer was not killed within {WRITER_LIFETIME:?}");
}

/// Runs one writer round and returns the ids it acknowledged before SIGKILL.
/// Kills the writer either early (during start-up or replay) or after its first
/// acknowledgement plus a random delay.
fn run_round(dir: &Path, round: u32, rng: &mut impl Rng) -> HashSet<Id> {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            crate::test_name(module_path!(), "crash_writer_process").as_str(),
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("COMMITLOG_CRASH_DIR", dir)
        .env("COMMITLOG_CRASH_ROUND", round.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn the writer process");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel::<Vec<u8>>();
    let reader = std::thread::spawn(move || {
        let mut r = BufReader::new(stdout);
        loop {
            let mut line = Vec::new();
            match r.read_until(b'\n', &mut line) {
                // A line without its newline was cut by the kill: not an ack.
                Ok(0) | Err(_) => return,
                Ok(_) if line.last() == Some(&b'\n') => {
                    if tx.send(line).is_err() {
                        return;
                    }
                }
                Ok(_) => return,
            }
        }
    });

    let mut lines = Vec::new();
    if rng.gen_bool(0.2) {
        // Sometimes kill while the writer is still starting up or replaying.
        std::thread::sleep(Duration::from_millis(rng.gen_range(0..40)));
    } else {
        // Wait for the first acknowledgement, so the round is sure to test
        // something however slow the machine is, then let it run a while.
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let line = rx
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .expect("writer acknowledged nothing within 20 s");
            let acked = line.starts_with(b"ACK ");
            lines.push(line);
            if acked {
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(rng.gen_range(0..150)));
    }
    child.kill().expect("SIGKILL the writer");
    let status = child.wait().unwrap();
    assert!(
        !status.success(),
        "round {round}: writer exited on its own: {status}"
    );
    reader.join().unwrap();
    lines.extend(rx.try_iter());

    let mut acked = HashSet::new();
    for line in lines {
        let text = String::from_utf8(line).expect("writer output is text");
        let Some(rest) = text.trim_end().strip_prefix("ACK ") else {
            continue;
        };
        let f: Vec<&str> = rest.split(' ').collect();
        assert_eq!(f.len(), 3, "malformed ack line {text:?}");
        let id = (
            f[0].parse().unwrap(),
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
        );
        assert!(acked.insert(id), "ack printed twice: {id:?}");
    }
    acked
}

#[test]
fn crash_rounds_never_lose_or_invent_acknowledged_records() {
    let _alone = crate::alone();
    let seed = std::env::var("COMMITLOG_CRASH_SEED")
        .ok()
        .map(|s| s.parse().expect("COMMITLOG_CRASH_SEED is a u64"))
        .unwrap_or(DEFAULT_SEED);
    println!("commitlog crash test seed: {seed} (set COMMITLOG_CRASH_SEED to replay)");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let dir = tempfile::tempdir().unwrap();
    let mut all_acked: HashSet<Id> = HashSet::new();
    let mut rounds_with_acks = 0;

    for round in 0..ROUNDS {
        let acked = run_round(dir.path(), round, &mut rng);
        rounds_with_acks += usize::from(!acked.is_empty());
        all_acked.extend(acked.iter().copied());

        let (log, report) = CommitLog::open_with_report(options(dir.path())).unwrap();
        // A kill (unlike a power loss) can at worst cut the last write short.
        for issue in &report.issues {
            assert_eq!(
                issue.kind,
                IssueKind::TornRecord,
                "round {round}: {issue:?}"
            );
        }
        let mut seen: HashSet<Id> = HashSet::new();
        let mut seqs: BTreeMap<(u32, u32), Vec<u64>> = BTreeMap::new();
        for r in &report.records {
            let id = parse_id(&r.payload)
                .unwrap_or_else(|| panic!("round {round}: garbage record at {}", r.position));
            assert_eq!(
                r.payload,
                payload(id),
                "round {round}: record {id:?} is garbled"
            );
            assert!(
                id.0 <= round,
                "round {round}: record from the future {id:?}"
            );
            assert!(
                seen.insert(id),
                "round {round}: record {id:?} replayed twice"
            );
            seqs.entry((id.0, id.1)).or_default().push(id.2);
        }
        let mut lost: Vec<&Id> = all_acked.difference(&seen).collect();
        lost.sort();
        assert!(
            lost.is_empty(),
            "round {round} (seed {seed}): acknowledged records lost: {lost:?}"
        );
        // A thread appends a record only after its previous one was durable,
        // so each thread's surviving records are a gap-free prefix, in order.
        for ((r, t), s) in &seqs {
            let expected: Vec<u64> = (0..s.len() as u64).collect();
            assert_eq!(
                s, &expected,
                "round {round}: writer {r}/{t} has gaps or disorder"
            );
        }
        println!(
            "round {round}: {} acked, {} records on disk, {} torn tails",
            acked.len(),
            report.records.len(),
            report.issues.len()
        );
        if round % 7 == 6 {
            // Exercise discard under the same crash regime: the next rounds
            // start from a directory whose old segments were all deleted.
            log.discard_before(log.current_position()).unwrap();
            all_acked.clear();
        }
        log.close().unwrap();
    }
    assert!(
        rounds_with_acks >= ROUNDS as usize / 2,
        "only {rounds_with_acks} of {ROUNDS} rounds acknowledged anything; the test proved little"
    );
}
