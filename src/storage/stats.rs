//! Counters the engine keeps for operators (metrics, nodetool): commit-log
//! fsync latencies and completed compactions. Plain atomics, so recording
//! costs a few relaxed adds; the admin surface reads snapshots. This module
//! must not know any metrics library or exposition format.

use std::sync::atomic::{AtomicU64, Ordering};
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

/// Compactions completed since start, and the SSTable bytes they read.
#[derive(Debug, Default)]
pub struct CompactionCounts {
    pub completed: AtomicU64,
    pub bytes_compacted: AtomicU64,
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
