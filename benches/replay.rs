//! Commit-log replay after a crash: writes `REPLAY_MB` (default 100) MB of
//! unflushed commit log through the engine (rows of 5 columns of 34 bytes,
//! as `supercolumn stress` inserts them), drops the engine without a flush
//! (what `kill -9` leaves on disk: the segments in the page cache), then
//! opens it `REPLAY_RUNS` (default 3) times and prints, per run, the time to
//! open (replay included) and to answer a first read, the replay rate in
//! MB/s, and the process CPU time. A one-shot program rather than criterion:
//! one sample is a 100 MB replay. Nothing is asserted (speed never is).

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use supercolumn::marshal::BytesType;
use supercolumn::model::*;
use supercolumn::partitioner::RandomPartitioner;
use supercolumn::schema::{CfDef, KeyspaceDef, Schema};
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions};

fn schema() -> Arc<Schema> {
    let cf = CfDef {
        keys_cached: "0".into(),
        ..CfDef::new("Keyspace1", "Standard1", 1, Arc::new(BytesType), None)
    };
    let ks = KeyspaceDef::new("Keyspace1", [cf]);
    Arc::new(Schema::new("bench", Arc::new(RandomPartitioner), [ks]))
}

fn options(dir: &Path) -> EngineOptions {
    EngineOptions {
        data_dir: Some(dir.join("data")),
        sync: SyncMode::Periodic {
            period: Duration::from_secs(10),
        },
        // Nothing is flushed: everything stays in the commit log.
        memtable_operations_millions: 100.0,
        memtable_throughput_mb: 64 * 1024,
        ..EngineOptions::default()
    }
}

fn row(i: u64) -> RowMutation {
    let ops = (0..5)
        .map(|c| Op::Put {
            super_column: None,
            cell: Cell::live(
                format!("C{c}").into_bytes(),
                vec![b'v'; 34],
                1_000 + i as i64,
            ),
        })
        .collect();
    RowMutation {
        keyspace: "Keyspace1".into(),
        key: format!("{i:010}").into_bytes(),
        updates: vec![("Standard1".into(), ops)],
    }
}

/// The process's CPU time (user and system) from `/proc/self/stat`, in
/// USER_HZ ticks (100 a second): rustix's vDSO clock crashes under
/// valgrind, and this program is meant to run under callgrind.
fn cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which may hold spaces) start at state.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let ticks: u64 = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

fn log_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir.join("data").join("commitlog"))
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum()
}

fn main() {
    // The engine's start-up lines (the replay line gives read and apply times).
    tracing_subscriber::fmt()
        .with_max_level(tracing::Level::INFO)
        .with_writer(std::io::stderr)
        .init();
    // `cargo bench` passes `--bench`; filters are not supported.
    let mb: u64 = std::env::var("REPLAY_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let runs: usize = std::env::var("REPLAY_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    // REPLAY_DIR keeps the log between runs of this program (for profiling
    // the replay alone): written when absent, reused when present.
    let kept = std::env::var_os("REPLAY_DIR").map(std::path::PathBuf::from);
    let temp = tempfile::tempdir().unwrap();
    let dir = kept.as_deref().unwrap_or(temp.path());
    let schema = schema();
    let started = Instant::now();
    let rows_file = dir.join("rows");
    let mut rows: u64 = std::fs::read_to_string(&rows_file)
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    if rows == 0 {
        let e = Engine::open(schema.clone(), options(dir)).unwrap();
        let batch = 64;
        while log_bytes(dir) < mb << 20 {
            let ms: Vec<RowMutation> = (rows..rows + batch).map(row).collect();
            e.apply_batch(&ms).unwrap();
            rows += batch;
        }
        // Dropped without a flush, as a crash leaves it.
        drop(e);
        std::fs::write(&rows_file, rows.to_string()).unwrap();
    }
    let bytes = log_bytes(dir);
    println!(
        "replay: wrote {rows} rows, {:.1} MB of commit log in {:.1} s",
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    );
    let read = ReadCommand {
        keyspace: "Keyspace1".into(),
        cf: "Standard1".into(),
        super_column: None,
        slice: Slice::Range {
            start: vec![],
            finish: vec![],
            reversed: false,
            count: 10,
        },
    };
    for run in 1..=runs {
        let (t0, c0) = (Instant::now(), cpu());
        let e = Engine::open(schema.clone(), options(dir)).unwrap();
        let opened = t0.elapsed();
        let got = e
            .read(&read, format!("{:010}", rows - 1).as_bytes())
            .unwrap();
        let answered = t0.elapsed();
        let cpu_used = cpu() - c0;
        assert!(!got.is_empty(), "the last row written was not replayed");
        println!(
            "replay run {run}: open {:.3} s ({:.0} MB/s), first read answered at {:.3} s, process CPU {:.3} s",
            opened.as_secs_f64(),
            bytes as f64 / 1e6 / opened.as_secs_f64(),
            answered.as_secs_f64(),
            cpu_used.as_secs_f64()
        );
        // Dropped without a flush: the next run replays the same log.
        drop(e);
    }
}
