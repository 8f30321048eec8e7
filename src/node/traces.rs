//! Traced calls on this node: the session id a client is given, the call
//! run with the thread's trace recorder (`crate::trace`), and the finished
//! session kept for `system_traces`, with its coordinator, its parameters
//! and an event id per step.
//!
//! Owns turning a recording into a stored session; it must not decide
//! which calls are traced (the front ends do, on the client's request) nor
//! note steps itself.

use super::Node;
use crate::trace::{self, Recorded, Session, StoredEvent};
use std::net::IpAddr;

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

/// Microseconds as the tables' `int` columns hold them.
fn clamp(micros: i64) -> i32 {
    i32::try_from(micros).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use crate::node::testkit::Kit;

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
