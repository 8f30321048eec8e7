//! Commit log append throughput: batch mode (fsync before acknowledging) with
//! 1, 8, 16 and 32 writer threads, which shows group commit sharing fsyncs,
//! and periodic mode with 1 and 8. Kept short by default (10 samples, 2 s per
//! benchmark). Figures are wall time per acknowledged append (with 16
//! threads, wall time divided by all threads' appends), so acks/s is the
//! throughput line; after each benchmark a line gives the appends per fsync
//! and the time per fsync round. With W writers each waiting for its ack
//! before writing again, batch mode cannot acknowledge more than
//! W / (round time) writes a second, however the rounds are shared: the
//! line prints that ceiling, so a disk whose fsync is slow shows as such.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use supercolumn::storage::commitlog::{CommitLog, CommitLogOptions, SyncMode};

const PAYLOAD: [u8; 200] = [0x5a; 200];

fn open(dir: &std::path::Path, sync: SyncMode) -> Arc<CommitLog> {
    let opts = CommitLogOptions {
        dir: dir.to_path_buf(),
        sync,
        segment_size: 8 * 1024 * 1024,
        ignore_replay_errors: false,
    };
    Arc::new(CommitLog::open(opts).expect("open commit log").0)
}

/// Appends `iters` records spread over `threads` threads; returns wall time.
fn run(log: &Arc<CommitLog>, threads: u64, iters: u64) -> Duration {
    let start = Instant::now();
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let log = Arc::clone(log);
            let n = iters / threads + u64::from(t < iters % threads);
            std::thread::spawn(move || {
                for _ in 0..n {
                    log.append(&PAYLOAD).expect("append");
                }
            })
        })
        .collect();
    for h in handles {
        h.join().expect("writer thread");
    }
    let elapsed = start.elapsed();
    // Keep the disk footprint bounded across samples.
    log.discard_before(log.current_position()).expect("discard");
    elapsed
}

fn bench_append(c: &mut Criterion) {
    let mut group = c.benchmark_group("commitlog_append");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Elements(1));
    let batch = SyncMode::Batch {
        window: Duration::from_millis(1),
    };
    let periodic = SyncMode::Periodic {
        period: Duration::from_secs(10),
    };
    for (name, mode, threads) in [
        ("batch_1_thread", batch, 1),
        ("batch_8_threads", batch, 8),
        ("batch_16_threads", batch, 16),
        ("batch_32_threads", batch, 32),
        ("periodic_1_thread", periodic, 1),
        ("periodic_8_threads", periodic, 8),
    ] {
        let dir = tempfile::tempdir().expect("temp dir");
        let log = open(dir.path(), mode);
        let mut appends = 0;
        let mut took = Duration::ZERO;
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                appends += iters;
                let t = run(&log, threads, iters);
                took += t;
                t
            })
        });
        let fsyncs = log.fsync_count().max(1);
        let secs = took.as_secs_f64().max(1e-9);
        let round = secs / fsyncs as f64;
        let ceiling = match mode {
            SyncMode::Batch { .. } => format!(
                ", {:.2} ms per fsync round: ceiling {threads} / round = {:.0} acks/s",
                round * 1e3,
                threads as f64 / round
            ),
            SyncMode::Periodic { .. } => String::new(),
        };
        println!(
            "{name}: {appends} appends, {fsyncs} fsyncs ({:.1} appends per fsync), {:.0} acks/s{ceiling}",
            appends as f64 / fsyncs as f64,
            appends as f64 / secs,
        );
    }
    group.finish();
}

criterion_group!(benches, bench_append);
criterion_main!(benches);
