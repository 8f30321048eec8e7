//! Crash test: a child process (this test binary, re-executed) writes with
//! several threads in Batch sync mode and prints every acknowledged write;
//! the parent SIGKILLs it at random moments, 20 times, and after each kill
//! reopens the engine and checks that every acknowledged write is there and
//! nothing was invented. Small memtable limits make flushes and compactions
//! run while the child is being killed.

use crate::support::engine;

use engine::schema;
use rand::Rng;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use supercolumn::model::*;
use supercolumn::partitioner::ByteOrderedPartitioner;
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions};

const CHILD_ENV: &str = "SUPERCOLUMN_ENGINE_CRASH_DIR";
const THREADS: usize = 4;
const ROUNDS: usize = 20;

fn options(dir: &Path, sync: SyncMode) -> EngineOptions {
    EngineOptions {
        data_dir: Some(dir.to_path_buf()),
        sync,
        segment_size: 64 * 1024,
        memtable_operations_millions: 0.0005, // flush every ~500 ops
        compaction_min_threshold: 2,
        ..EngineOptions::default()
    }
}

fn key(round: usize, thread: usize, i: u64) -> Vec<u8> {
    format!("r{round:02}-t{thread}-{i:06}").into_bytes()
}

/// The writer process. Only runs when re-executed by `kill_and_recover`.
#[test]
#[ignore = "helper process for kill_and_recover, which runs it"]
fn crash_child() {
    let Ok(dir) = std::env::var(CHILD_ENV) else {
        return;
    };
    let round: usize = std::env::var("ROUND").unwrap().parse().unwrap();
    let sync = SyncMode::Batch {
        window: Duration::from_millis(1),
    };
    let engine = Arc::new(
        Engine::open(
            schema(Arc::new(ByteOrderedPartitioner), 864_000),
            options(Path::new(&dir), sync),
        )
        .unwrap(),
    );
    println!("READY");
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let engine = engine.clone();
            std::thread::spawn(move || {
                for i in 0u64.. {
                    let value = format!("v{i}").into_bytes();
                    let mut ops = vec![Op::Put {
                        super_column: None,
                        cell: Cell::live(b"c".to_vec(), value, 1),
                    }];
                    if i % 5 == 0 {
                        ops.push(Op::Put {
                            super_column: None,
                            cell: Cell::live(vec![b'x'; 200], vec![b'y'; 800], 1),
                        });
                    }
                    let m = RowMutation {
                        keyspace: "ks".into(),
                        key: key(round, t, i),
                        updates: vec![("Std".into(), ops)],
                    };
                    engine.apply(&m).unwrap();
                    // Every 7th write, delete an earlier row of this thread.
                    let deleted = (i % 7 == 6).then(|| i - 3);
                    if let Some(d) = deleted {
                        let m = RowMutation {
                            keyspace: "ks".into(),
                            key: key(round, t, d),
                            updates: vec![(
                                "Std".into(),
                                vec![Op::DeleteRow(DeletionTime::new(2, 0))],
                            )],
                        };
                        engine.apply(&m).unwrap();
                    }
                    let mut out = std::io::stdout().lock();
                    match deleted {
                        Some(d) => writeln!(out, "ACK {t} {i} DEL {d}").unwrap(),
                        None => writeln!(out, "ACK {t} {i}").unwrap(),
                    }
                    out.flush().unwrap();
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

/// What the parent knows the children acknowledged.
#[derive(Default)]
struct Acked {
    /// Acknowledged writes and their value.
    live: BTreeMap<Vec<u8>, Vec<u8>>,
    /// Acknowledged deletes.
    deleted: BTreeSet<Vec<u8>>,
    /// Per (round, thread): the last acknowledged index; the next one may or
    /// may not have made it (it was in flight at the kill).
    last: BTreeMap<(usize, usize), Option<u64>>,
}

fn run_child(dir: &Path, round: usize, acked: &mut Acked, rng: &mut impl Rng) {
    let exe = std::env::current_exe().unwrap();
    let mut child = Command::new(exe)
        .args([
            "--exact",
            crate::test_name(module_path!(), "crash_child").as_str(),
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, dir)
        .env("ROUND", round.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    // Wait until the child is writing, then let it run a random while.
    let ready = Instant::now();
    loop {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("child did not start");
        // libtest may print "test crash_child ... " on the same line.
        if line.ends_with("READY") {
            break;
        }
        assert!(
            ready.elapsed() < Duration::from_secs(30),
            "child did not get ready"
        );
    }
    std::thread::sleep(Duration::from_millis(rng.gen_range(30..250)));
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    reader.join().unwrap();
    for t in 0..THREADS {
        acked.last.insert((round, t), None);
    }
    for line in rx.try_iter() {
        let Some(at) = line.find("ACK ") else {
            continue;
        };
        let parts: Vec<&str> = line[at..].split_whitespace().collect();
        let t: usize = parts[1].parse().unwrap();
        let i: u64 = parts[2].parse().unwrap();
        acked
            .live
            .insert(key(round, t, i), format!("v{i}").into_bytes());
        if parts.get(3) == Some(&"DEL") {
            let d: u64 = parts[4].parse().unwrap();
            acked.deleted.insert(key(round, t, d));
        }
        acked.last.insert((round, t), Some(i));
    }
}

/// The (round, thread, index) a key was written as.
fn parse_key(k: &[u8]) -> Option<(usize, usize, u64)> {
    let s = String::from_utf8_lossy(k);
    let mut it = s.split('-');
    let r = it.next()?.strip_prefix('r')?.parse().ok()?;
    let t = it.next()?.strip_prefix('t')?.parse().ok()?;
    let i = it.next()?.parse().ok()?;
    Some((r, t, i))
}

/// True when the delete that goes with the write in flight at a kill
/// (unacknowledged, so it may or may not have happened) targets `key`.
fn maybe_deleted_in_flight(acked: &Acked, k: &[u8]) -> bool {
    let Some((r, t, i)) = parse_key(k) else {
        return false;
    };
    let next = match acked.last.get(&(r, t)) {
        Some(Some(last)) => last + 1,
        _ => return false,
    };
    next % 7 == 6 && next - 3 == i
}

/// True when `key` could be the write in flight at a kill.
fn maybe_in_flight(acked: &Acked, k: &[u8]) -> bool {
    let Some((r, t, i)) = parse_key(k) else {
        return false;
    };
    match acked.last.get(&(r, t)) {
        Some(Some(last)) => i == last + 1,
        Some(None) => i == 0,
        None => false,
    }
}

fn verify(dir: &Path, acked: &Acked) {
    let engine = Engine::open(
        schema(Arc::new(ByteOrderedPartitioner), 864_000),
        options(
            dir,
            SyncMode::Periodic {
                period: Duration::from_secs(10),
            },
        ),
    )
    .unwrap();
    let cmd = ReadCommand {
        keyspace: "ks".into(),
        cf: "Std".into(),
        super_column: None,
        slice: Slice::Names(vec![b"c".to_vec()]),
    };
    let rows = engine
        .read_range(
            &cmd,
            &RowRange::Keys {
                start: vec![],
                end: vec![],
            },
            usize::MAX,
        )
        .unwrap();
    let mut found = BTreeMap::new();
    for (k, r) in rows {
        let RowResult::Cells(cells) = r else {
            panic!("cells expected")
        };
        if let Some(c) = cells.first() {
            found.insert(k, c.value.clone());
        }
    }
    for (k, v) in &acked.live {
        if acked.deleted.contains(k) {
            assert!(
                !found.contains_key(k),
                "acknowledged delete of {} lost",
                String::from_utf8_lossy(k)
            );
        } else if found.contains_key(k) || !maybe_deleted_in_flight(acked, k) {
            assert_eq!(
                found.get(k),
                Some(v),
                "acknowledged write {} lost",
                String::from_utf8_lossy(k)
            );
        }
    }
    for (k, v) in &found {
        if !acked.live.contains_key(k) {
            assert!(
                maybe_in_flight(acked, k),
                "invented row {}",
                String::from_utf8_lossy(k)
            );
            let i: u64 = String::from_utf8_lossy(k)
                .rsplit('-')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert_eq!(v, &format!("v{i}").into_bytes(), "invented value");
        }
    }
    let stats = engine.stats("ks", "Std").unwrap();
    eprintln!(
        "verified {} rows; {} SSTables",
        found.len(),
        stats.sstable_count
    );
    engine.shutdown().unwrap();
}

#[test]
fn kill_and_recover() {
    let _alone = crate::alone();
    let dir = tempfile::tempdir().unwrap();
    let mut acked = Acked::default();
    let mut rng = rand::thread_rng();
    let started = Instant::now();
    for round in 0..ROUNDS {
        run_child(dir.path(), round, &mut acked, &mut rng);
        verify(dir.path(), &acked);
    }
    assert!(
        acked.live.len() > ROUNDS,
        "children acknowledged too few writes ({}) to test anything",
        acked.live.len()
    );
    eprintln!(
        "{} acknowledged writes over {ROUNDS} kills in {:?}",
        acked.live.len(),
        started.elapsed()
    );
}
