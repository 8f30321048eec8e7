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

/// One call of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Call {
    Null,
    Insert,
    Read,
    RangeSlice,
}

/// The calls one worker makes, in order: its keys (`i ≡ index mod
/// threads`), each with the calls of the run's operation, over one pass or
/// again and again until the deadline. Shared by the Thrift workers (one
/// call at a time) and the native ones (many in flight).
pub(super) struct Calls {
    opts: StressOptions,
    first: u64,
    key: u64,
    deadline: Option<Instant>,
    /// The calls of the current key still to make.
    pending: Vec<Call>,
    row: String,
}

impl Calls {
    pub fn new(opts: &StressOptions, index: usize, deadline: Option<Instant>) -> Calls {
        Calls {
            opts: opts.clone(),
            first: index as u64,
            key: index as u64,
            deadline,
            pending: Vec::new(),
            row: String::new(),
        }
    }

    /// The next call and its row key; `None` when the run is over for
    /// this worker (its keys done, or the deadline passed).
    pub fn next_call(&mut self) -> Option<(Call, &str)> {
        if self.pending.is_empty() {
            if self.key >= self.opts.keys {
                // One pass, unless looping until the deadline (a worker with
                // no key of its own has nothing to loop over).
                if self.deadline.is_none() || self.first >= self.opts.keys {
                    return None;
                }
                self.key = self.first;
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            self.row = format!("{:010}", self.key);
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
            // Popped from the back: pushed in reverse.
            for &(call, times) in calls.iter().rev() {
                self.pending
                    .extend(std::iter::repeat_n(call, times as usize));
            }
            self.key += u64::from(self.opts.threads);
        }
        let call = self.pending.pop()?;
        Some((call, &self.row))
    }
}

/// Microseconds since the epoch: the writes' timestamp.
pub(super) fn now_micros() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as i64)
}

impl Worker {
    pub fn run(mut self) {
        let mut calls = Calls::new(&self.opts, self.index, self.deadline);
        while let Some((call, row)) = calls.next_call() {
            let row = row.to_string();
            if self.shared.stopping() || !self.attempt(call, &row) {
                return;
            }
        }
    }

    /// Makes one call and tallies it; false when the connection is lost.
    fn attempt(&mut self, call: Call, row: &str) -> bool {
        let start = Instant::now();
        let outcome = match call {
            Call::Null => self.conn.null().map(|()| true),
            Call::Insert => self.conn.insert(row, now_micros()).map(|()| true),
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
