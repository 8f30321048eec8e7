//! One stress worker: walks its share of the keys on its own connection,
//! makes the calls of the run's operation, and tallies each outcome. It
//! stops at Ctrl-C or when its connection is lost; it never reports.

use super::failure::Failure;
use super::report::Shared;
use super::{Connection, Operation, StressOptions};
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// A worker thread: its connection, its place among the workers, the run.
pub(super) struct Worker {
    pub conn: Box<dyn Connection>,
    pub index: usize,
    pub opts: StressOptions,
    pub shared: Arc<Shared>,
    /// With `--duration`: when to stop looping over the keys.
    pub deadline: Option<Instant>,
}

#[derive(Clone, Copy)]
enum Call {
    Null,
    Insert,
    Read,
    RangeSlice,
}

impl Worker {
    pub fn run(mut self) {
        let step = u64::from(self.opts.threads);
        let first = self.index as u64;
        let mut key = first;
        let expired = |d: Option<Instant>| d.is_some_and(|d| Instant::now() >= d);
        loop {
            if key >= self.opts.keys {
                // One pass, unless looping until the deadline (a worker with
                // no key of its own has nothing to loop over).
                if self.deadline.is_none() || first >= self.opts.keys {
                    return;
                }
                key = first;
            }
            if expired(self.deadline) {
                return;
            }
            let row = format!("{key:010}");
            let calls: &[(Call, u32)] = match self.opts.operation {
                Operation::Null => &[(Call::Null, 1)],
                Operation::Insert => &[(Call::Insert, 1)],
                Operation::Read => &[(Call::Read, 1)],
                Operation::RangeSlice => &[(Call::RangeSlice, 1)],
                Operation::Mixed => &[
                    (Call::Insert, self.opts.ratio.inserts),
                    (Call::Read, self.opts.ratio.reads),
                ],
            };
            for &(call, times) in calls {
                for _ in 0..times {
                    if self.shared.stopping() || !self.attempt(call, &row) {
                        return;
                    }
                }
            }
            key += step;
        }
    }

    /// Makes one call and tallies it; false when the connection is lost.
    fn attempt(&mut self, call: Call, row: &str) -> bool {
        let start = Instant::now();
        let outcome = match call {
            Call::Null => self.conn.null().map(|()| true),
            Call::Insert => {
                let ts = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| d.as_micros() as i64);
                self.conn.insert(row, ts).map(|()| true)
            }
            Call::Read => self.conn.read(row),
            Call::RangeSlice => self.conn.range_slice(row),
        };
        let latency = start.elapsed();
        match outcome {
            Ok(hit) => {
                let mut t = self.shared.tallies[self.index].lock();
                t.operations += 1;
                t.misses += u64::from(!hit);
                t.latencies.push(latency);
                true
            }
            Err(e) => {
                let failure = Failure::from_thrift(&e);
                let lost = failure.connection_lost;
                self.shared.record_failure(self.index, failure);
                !lost
            }
        }
    }
}
