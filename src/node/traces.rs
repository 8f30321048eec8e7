//! Traced calls on this node: the session id a client is given, the call
//! run with a trace recorder in the call's scope (`crate::trace`), and the finished
//! session kept for `system_traces`, with its coordinator, its parameters
//! and an event id per step; and the reads of `system_traces`'s column
//! families by row (a Thrift client's `get_slice`, `get_range_slices`),
//! answered from the kept sessions whatever the backend, as 1.2 stored
//! them.
//!
//! Owns turning a recording into a stored session and the kept sessions
//! into rows; it must not decide which calls are traced (the front ends
//! do, on the client's request) nor note steps itself.

use super::{Node, NodeError, NodeResult};
use crate::cql::exec::system;
use crate::model::{Bytes, ReadCommand, RowRange, RowResult};
use crate::partitioner::DecoratedKey;
use crate::trace::{self, Recorded, Session, StoredEvent};
use std::net::IpAddr;
use std::sync::Arc;

impl Node {
    /// Whether a read of `keyspace` is answered from the kept traces (the
    /// name is compared first: every read asks).
    pub(super) fn reads_traces(&self, keyspace: &str) -> bool {
        keyspace == system::traces::KEYSPACE && system::traces::served(&self.schema(), keyspace)
    }
}

impl Node {
    /// A new tracing session id: a time UUID, as Cassandra's were.
    pub fn new_trace_id(&self) -> [u8; 16] {
        let millis = self.cql_clock.next_timestamp() / 1000;
        self.cql_clock.with_uuids(|u| u.next(millis))
    }

    /// Runs `f` traced as session `id` (a call of kind `request`, e.g.
    /// `execute_cql3_query`) and keeps the session once it is done.
    pub fn traced<T>(&self, id: [u8; 16], request: &str, f: impl FnOnce() -> T) -> T {
        let (out, recorded) = trace::record(f);
        self.keep_trace(id, request, recorded);
        out
    }

    /// Keeps a finished recording as session `id`.
    pub fn keep_trace(&self, id: [u8; 16], request: &str, recorded: Recorded) {
        let coordinator = self
            .endpoint
            .parse::<IpAddr>()
            .unwrap_or(IpAddr::from([127, 0, 0, 1]));
        let start_ticks = recorded.started_wall_micros.saturating_mul(10);
        // Each event's id is a time UUID of its moment, strictly after the
        // one before (two steps in one microsecond keep both rows).
        let mut last = i64::MIN;
        let events = recorded
            .events
            .into_iter()
            .map(|e| {
                let ticks = start_ticks
                    .saturating_add(e.elapsed_micros.saturating_mul(10))
                    .max(last.saturating_add(1));
                last = ticks;
                StoredEvent {
                    event_id: self.cql_clock.with_uuids(|u| u.from_ticks(ticks)),
                    activity: e.activity,
                    source: coordinator,
                    source_elapsed_micros: clamp(e.elapsed_micros),
                    thread: e.thread,
                }
            })
            .collect();
        let started_at_millis = recorded.started_wall_micros / 1000;
        self.traces.insert(Session {
            id,
            coordinator,
            request: request.to_string(),
            parameters: recorded.parameters,
            started_at_millis,
            duration_micros: clamp(recorded.duration_micros).max(1),
            events,
            expires_at_seconds: started_at_millis / 1000 + trace::TTL_SECONDS,
        });
    }
}

impl Node {
    /// Session `key`'s row of `cmd`'s table, sliced (empty for a session
    /// not kept, or gone).
    pub(super) fn read_trace(&self, cmd: &ReadCommand, key: &[u8]) -> RowResult {
        let session = self.traces.get(key, i64::from(self.now()));
        RowResult::Cells(session.map_or_else(Vec::new, |s| trace_cells(cmd, &s)))
    }

    /// The kept sessions' rows of `cmd`'s table within `range`, in ring
    /// order, at most `max_rows`.
    pub(super) fn read_trace_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> NodeResult<Vec<(Bytes, RowResult)>> {
        let p = self.schema().partitioner.clone();
        let within = Within::new(&*p, range)?;
        let mut rows: Vec<(DecoratedKey, Arc<Session>)> = self
            .traces
            .live(i64::from(self.now()))
            .into_iter()
            .map(|s| (p.decorate(&s.id), s))
            .filter(|(k, _)| within.holds(k))
            .collect();
        // A wrapping range reads from after its start to the ring's end first.
        rows.sort_by(|(a, _), (b, _)| {
            within
                .past_start(b)
                .cmp(&within.past_start(a))
                .then(a.cmp(b))
        });
        Ok(rows
            .into_iter()
            .take(max_rows)
            .map(|(k, s)| (k.key, RowResult::Cells(trace_cells(cmd, &s))))
            .collect())
    }
}

fn trace_cells(cmd: &ReadCommand, s: &Session) -> Vec<crate::model::Cell> {
    system::traces::stored_cells(&cmd.cf, s, &cmd.slice).unwrap_or_default()
}

/// A `RowRange` as a test of decorated keys: keys from one to another
/// (inclusive), or tokens in (start, end], wrapping when the start is not
/// before the end (the minimum token as the end: the ring's end).
enum Within {
    Keys(Option<DecoratedKey>, Option<DecoratedKey>),
    Tokens {
        start: crate::partitioner::Token,
        end: Option<crate::partitioner::Token>,
        wraps: bool,
    },
}

impl Within {
    fn new(p: &dyn crate::partitioner::Partitioner, range: &RowRange) -> NodeResult<Within> {
        let bound = |k: &Bytes| (!k.is_empty()).then(|| p.decorate(k));
        match range {
            RowRange::Keys { start, end } => Ok(Within::Keys(bound(start), bound(end))),
            RowRange::Tokens { start, end } => {
                let parse = |t: &str| {
                    p.token_from_string(t)
                        .map_err(|e| NodeError::Invalid(e.to_string()))
                };
                let (start, end) = (parse(start)?, parse(end)?);
                let end = (end != p.min_token()).then_some(end);
                let wraps = end.as_ref().is_some_and(|e| *e <= start);
                Ok(Within::Tokens { start, end, wraps })
            }
        }
    }

    fn past_start(&self, k: &DecoratedKey) -> bool {
        match self {
            Within::Keys(..) => true,
            Within::Tokens { start, .. } => k.token > *start,
        }
    }

    fn holds(&self, k: &DecoratedKey) -> bool {
        match self {
            Within::Keys(from, to) => {
                from.as_ref().is_none_or(|f| k >= f) && to.as_ref().is_none_or(|t| k <= t)
            }
            Within::Tokens { end, wraps, .. } => {
                let before_end = end.as_ref().is_none_or(|e| k.token <= *e);
                if *wraps {
                    self.past_start(k) || before_end
                } else {
                    self.past_start(k) && before_end
                }
            }
        }
    }
}

/// Microseconds as the tables' `int` columns hold them.
fn clamp(micros: i64) -> i32 {
    i32::try_from(micros).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use crate::node::test_nodes::Kit;

    #[test]
    fn a_traced_call_is_kept_with_its_steps_in_order() {
        let node = Kit::default().node();
        let id = node.new_trace_id();
        let n = node.traced(id, "execute_cql3_query", || {
            crate::trace::parameter("query", || "SELECT 1".into());
            crate::trace::event(|| "one".into());
            crate::trace::event(|| "two".into());
            7
        });
        assert_eq!(n, 7);
        let s = node.traces.get(&id, 0).expect("kept");
        assert_eq!(s.request, "execute_cql3_query");
        assert_eq!(s.parameters["query"], "SELECT 1");
        let acts: Vec<&str> = s.events.iter().map(|e| e.activity.as_str()).collect();
        assert_eq!(acts, ["one", "two"]);
        assert!(s.events[0].event_id < s.events[1].event_id);
        assert!(s.duration_micros >= 1);
        let later = s.expires_at_seconds;
        assert!(node.traces.get(&id, later).is_none(), "expired after a day");
    }
}
