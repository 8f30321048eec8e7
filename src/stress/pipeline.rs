//! One native-protocol stress worker: its connection keeps up to
//! `--in-flight` requests outstanding, each on its own stream id, sending
//! the next call as soon as an answer frees a stream (answers come in the
//! order they finish, not the order sent). Each call's latency runs from
//! its request being written to its answer being read. Like the Thrift
//! workers it tallies into the shared counts and never reports.

use super::failure::Failure;
use super::native::NativeConn;
use super::report::Shared;
use super::worker::{Call, Calls};
use super::StressOptions;
use std::sync::Arc;
use std::time::Instant;

pub(super) struct Pipeline {
    pub conn: NativeConn,
    pub index: usize,
    pub opts: StressOptions,
    pub shared: Arc<Shared>,
    pub deadline: Option<Instant>,
}

/// What a stream is busy with.
struct Pending {
    call: Call,
    key: String,
    sent: Instant,
}

impl Pipeline {
    pub fn run(mut self) {
        let depth = self.opts.in_flight.max(1) as usize;
        let mut calls = Calls::new(&self.opts, self.index, self.deadline);
        let mut streams: Vec<Option<Pending>> = (0..depth).map(|_| None).collect();
        let mut free: Vec<i16> = (0..depth as i16).rev().collect();
        let mut exhausted = false;
        loop {
            // Fill every free stream, then send them in one write.
            let mut queued = false;
            while !exhausted && !self.shared.stopping() {
                let Some(stream) = free.pop() else { break };
                let Some((call, key)) = calls.next_call() else {
                    free.push(stream);
                    exhausted = true;
                    break;
                };
                let key = key.to_string();
                if let Err(f) = self.conn.send_call(stream, call, &key) {
                    return self.fail(f);
                }
                streams[stream as usize] = Some(Pending {
                    call,
                    key,
                    sent: Instant::now(),
                });
                queued = true;
            }
            if queued {
                if let Err(f) = self.conn.flush() {
                    return self.fail(f);
                }
            }
            if free.len() == depth {
                return; // nothing in flight and nothing more to send
            }
            let answer = match self.conn.recv() {
                Ok(a) => a,
                Err(f) => return self.fail(f),
            };
            let slot = usize::try_from(answer.stream)
                .ok()
                .and_then(|s| streams.get_mut(s))
                .and_then(Option::take);
            let Some(p) = slot else {
                return self.fail(super::native::lost(format!(
                    "an answer on stream {}, which has no request",
                    answer.stream
                )));
            };
            let latency = p.sent.elapsed();
            free.push(answer.stream);
            match self.conn.judge(p.call, &p.key, &answer) {
                Ok(hit) => {
                    let mut t = self.shared.tallies[self.index].lock();
                    t.operations += 1;
                    t.misses += u64::from(!hit);
                    t.latencies.push(latency);
                }
                Err(f) if f.connection_lost => return self.fail(f),
                Err(f) => self.shared.record_failure(self.index, f),
            }
            if self.shared.stopping() {
                // Ctrl-C: the answers still due are not waited for.
                return;
            }
        }
    }

    /// The connection is lost: one error, and the worker stops.
    fn fail(&self, f: Failure) {
        self.shared.record_failure(self.index, f);
    }
}
