//! Counters the engine keeps for operators (metrics, nodetool): commit-log
//! fsync latencies, completed compactions and the ones running. Plain atomics, so recording
//! costs a few relaxed adds; the admin surface reads snapshots. This module
//! must not know any metrics library or exposition format.

use parking_lot::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Upper bounds of the latency buckets, in microseconds (100 µs to 10 s).
pub const LATENCY_BOUNDS_US: [u64; 12] = [
    100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 100_000, 500_000, 2_000_000, 10_000_000,
];

/// A latency histogram of fixed buckets.
#[derive(Debug, Default)]
pub struct Latencies {
    /// Per bucket (not cumulative); the last counts those over every bound.
    buckets: [AtomicU64; LATENCY_BOUNDS_US.len() + 1],
    sum_us: AtomicU64,
}

/// A histogram's values at one moment.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LatencySnapshot {
    /// Cumulative counts per upper bound in seconds; the last bound is +Inf.
    pub buckets: Vec<(f64, u64)>,
    pub sum_seconds: f64,
    pub count: u64,
}

impl Latencies {
    pub fn record(&self, took: Duration) {
        let us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        let i = LATENCY_BOUNDS_US.partition_point(|&b| b < us);
        self.buckets[i].fetch_add(1, Ordering::Relaxed);
        self.sum_us.fetch_add(us, Ordering::Relaxed);
    }

    pub fn snapshot(&self) -> LatencySnapshot {
        let mut total = 0;
        let mut buckets = Vec::with_capacity(self.buckets.len());
        for (i, b) in self.buckets.iter().enumerate() {
            total += b.load(Ordering::Relaxed);
            let bound = LATENCY_BOUNDS_US
                .get(i)
                .map_or(f64::INFINITY, |&us| us as f64 / 1e6);
            buckets.push((bound, total));
        }
        LatencySnapshot {
            buckets,
            sum_seconds: self.sum_us.load(Ordering::Relaxed) as f64 / 1e6,
            count: total,
        }
    }
}

/// Compactions completed since start, and the SSTable bytes they read;
/// the ones running now.
#[derive(Debug, Default)]
pub struct CompactionCounts {
    pub completed: AtomicU64,
    pub bytes_compacted: AtomicU64,
    running: Mutex<Vec<Arc<Running>>>,
}

/// One compaction in progress: its CF, its input partitions, and how many
/// of them are merged so far.
#[derive(Debug)]
pub struct Running {
    keyspace: String,
    column_family: String,
    total_keys: u64,
    merged_keys: AtomicU64,
}

impl Running {
    /// One more input partition merged.
    pub fn merged(&self, keys: u64) {
        self.merged_keys.fetch_add(keys, Ordering::Relaxed);
    }
}

/// Removes its compaction from the running ones when dropped (done or failed).
pub struct RunningGuard<'a> {
    counts: &'a CompactionCounts,
    pub running: Arc<Running>,
}

impl Drop for RunningGuard<'_> {
    fn drop(&mut self) {
        self.counts
            .running
            .lock()
            .retain(|r| !Arc::ptr_eq(r, &self.running));
    }
}

impl CompactionCounts {
    /// Counts a compaction of `total_keys` input partitions as running
    /// until the guard is dropped.
    pub fn start(&self, keyspace: &str, cf: &str, total_keys: u64) -> RunningGuard<'_> {
        let running = Arc::new(Running {
            keyspace: keyspace.to_string(),
            column_family: cf.to_string(),
            total_keys,
            merged_keys: AtomicU64::new(0),
        });
        self.running.lock().push(running.clone());
        RunningGuard {
            counts: self,
            running,
        }
    }

    /// The compactions running now.
    pub fn running(&self) -> Vec<CompactionProgress> {
        self.running
            .lock()
            .iter()
            .map(|r| CompactionProgress {
                keyspace: r.keyspace.clone(),
                column_family: r.column_family.clone(),
                completed_keys: r.merged_keys.load(Ordering::Relaxed),
                total_keys: r.total_keys,
            })
            .collect()
    }
}

/// A running compaction at one moment (nodetool compactionstats).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompactionProgress {
    pub keyspace: String,
    pub column_family: String,
    /// Input partitions merged so far, and in all (the inputs' estimate).
    pub completed_keys: u64,
    pub total_keys: u64,
}

/// The compactions due and running (see [`crate::storage::Engine::compaction_activity`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompactionActivity {
    /// Column families with a bucket of SSTables due for a minor compaction.
    pub pending: usize,
    pub running: Vec<CompactionProgress>,
}

/// The engine-wide figures of [`crate::storage::Engine::metrics`].
#[derive(Clone, Debug, Default)]
pub struct EngineMetrics {
    /// Commit-log segment files on disk, and their bytes (0 in memory).
    pub commitlog_segments: usize,
    pub commitlog_bytes: u64,
    pub commitlog_fsyncs: u64,
    pub commitlog_sync: LatencySnapshot,
    pub compactions_completed: u64,
    pub bytes_compacted: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_running_compaction_is_listed_until_its_guard_drops() {
        let counts = CompactionCounts::default();
        {
            let guard = counts.start("ks", "cf", 10);
            guard.running.merged(4);
            assert_eq!(
                counts.running(),
                vec![CompactionProgress {
                    keyspace: "ks".into(),
                    column_family: "cf".into(),
                    completed_keys: 4,
                    total_keys: 10,
                }]
            );
        }
        assert!(counts.running().is_empty());
    }

    #[test]
    fn latencies_fall_in_cumulative_buckets() {
        let l = Latencies::default();
        l.record(Duration::from_micros(50));
        l.record(Duration::from_micros(100));
        l.record(Duration::from_millis(3));
        l.record(Duration::from_secs(60));
        let s = l.snapshot();
        assert_eq!(s.count, 4);
        assert_eq!(s.buckets[0], (0.0001, 2));
        assert_eq!(s.buckets[5], (0.005, 3));
        assert_eq!(s.buckets.last().unwrap(), &(f64::INFINITY, 4));
        assert!((s.sum_seconds - 60.00315).abs() < 1e-9);
    }
}
