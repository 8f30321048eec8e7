//! Crash test for counters: a child process (this test binary, re-executed)
//! increments counters from several threads in Batch sync mode and prints
//! every acknowledged increment; the parent SIGKILLs it at random moments
//! and, after each kill, reopens the engine and checks that every counter
//! holds all acknowledged increments and at most the one in flight, so
//! nothing is lost and nothing replayed twice. Tiny memtables make flushes
//! and compactions run while the child is killed.

use crate::support::engine;

use engine::counter_schema;
use rand::Rng;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use supercolumn::model::*;
use supercolumn::partitioner::ByteOrderedPartitioner;
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions};

const CHILD_ENV: &str = "SUPERCOLUMN_COUNTER_CRASH_DIR";
const THREADS: usize = 3;
const ROUNDS: usize = 8;

fn options(dir: &Path) -> EngineOptions {
    EngineOptions {
        data_dir: Some(dir.to_path_buf()),
        sync: SyncMode::Batch {
            window: Duration::from_millis(1),
        },
        segment_size: 16 * 1024,
        memtable_operations_millions: 0.0001, // flush every ~100 increments
        compaction_min_threshold: 2,
        ..EngineOptions::default()
    }
}

fn open(dir: &Path) -> Engine {
    Engine::open(
        counter_schema(Arc::new(ByteOrderedPartitioner)),
        options(dir),
    )
    .unwrap()
}

/// The writer process. Only runs when re-executed by `kill_and_count`.
#[test]
#[ignore = "helper process for kill_and_count, which runs it"]
fn counter_crash_child() {
    let Ok(dir) = std::env::var(CHILD_ENV) else {
        return;
    };
    let engine = Arc::new(open(Path::new(&dir)));
    println!("READY");
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            let engine = engine.clone();
            std::thread::spawn(move || {
                for i in 0i64.. {
                    let m = RowMutation {
                        keyspace: "ks".into(),
                        key: format!("row{}", i % 3).into_bytes(),
                        updates: vec![(
                            "Counts".into(),
                            vec![Op::CounterAdd {
                                super_column: None,
                                name: format!("t{t}").into_bytes(),
                                delta: 1,
                                timestamp: i,
                            }],
                        )],
                    };
                    engine.apply(&m).unwrap();
                    let mut out = std::io::stdout().lock();
                    writeln!(out, "ACK {t} {}", i % 3).unwrap();
                    out.flush().unwrap();
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

/// Acknowledged increments per (thread, row) in one child's life.
fn run_child(dir: &Path, rng: &mut impl Rng) -> [[i64; 3]; THREADS] {
    let exe = std::env::current_exe().unwrap();
    let mut child = Command::new(exe)
        .args([
            "--exact",
            crate::test_name(module_path!(), "counter_crash_child").as_str(),
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, dir)
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
    loop {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("child did not start");
        if line.ends_with("READY") {
            break;
        }
    }
    std::thread::sleep(Duration::from_millis(rng.gen_range(50..300)));
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    reader.join().unwrap();
    let mut acked = [[0i64; 3]; THREADS];
    for line in rx.try_iter() {
        let Some(at) = line.find("ACK ") else {
            continue;
        };
        let parts: Vec<usize> = line[at + 4..]
            .split_whitespace()
            .map(|p| p.parse().unwrap())
            .collect();
        acked[parts[0]][parts[1]] += 1;
    }
    acked
}

/// The totals per (thread, row) as stored.
fn totals(e: &Engine) -> [[i64; 3]; THREADS] {
    let mut out = [[0i64; 3]; THREADS];
    for (row, slot) in (0..3).zip(0..) {
        let cmd = ReadCommand {
            keyspace: "ks".into(),
            cf: "Counts".into(),
            super_column: None,
            slice: Slice::Range {
                start: vec![],
                finish: vec![],
                reversed: false,
                count: 100,
            },
        };
        let RowResult::Cells(cells) = e.read(&cmd, format!("row{row}").as_bytes()).unwrap() else {
            panic!("cells expected")
        };
        for c in cells {
            let t: usize = String::from_utf8_lossy(&c.name[1..]).parse().unwrap();
            out[t][slot] = c.counter_total().unwrap();
        }
    }
    out
}

#[test]
fn kill_and_count() {
    let _alone = crate::alone();
    let dir = tempfile::tempdir().unwrap();
    let mut rng = rand::thread_rng();
    let mut base = [[0i64; 3]; THREADS];
    let mut acked_total = 0;
    for round in 0..ROUNDS {
        let acked = run_child(dir.path(), &mut rng);
        let e = open(dir.path());
        let now = totals(&e);
        for t in 0..THREADS {
            // The one increment in flight at the kill may or may not be in.
            let in_flight = (0..3)
                .filter(|&r| now[t][r] == base[t][r] + acked[t][r] + 1)
                .count();
            for r in 0..3 {
                let low = base[t][r] + acked[t][r];
                assert!(
                    now[t][r] == low || now[t][r] == low + 1,
                    "round {round}: counter t{t} in row{r} is {} after {} acknowledged increments on {}",
                    now[t][r],
                    acked[t][r],
                    base[t][r]
                );
                acked_total += acked[t][r];
            }
            assert!(in_flight <= 1, "round {round}: thread {t} gained twice");
        }
        base = now;
        if round % 2 == 0 {
            e.shutdown().unwrap();
        }
        drop(e);
    }
    assert!(
        acked_total > ROUNDS as i64,
        "children acknowledged too few increments ({acked_total}) to test anything"
    );
    eprintln!("{acked_total} acknowledged increments over {ROUNDS} kills");
}
