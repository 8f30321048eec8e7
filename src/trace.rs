//! Query tracing: what a traced call did, step by step, and the sessions
//! kept for `system_traces`.
//!
//! A traced call runs inside [`record`], which gives the call's scope
//! (`call::Scope`) a recorder; the layers below note what they really do with [`event`]
//! (an SSTable read, the cells and tombstones merged, an index used) and
//! the call's parameters (a CQL statement's text) with [`parameter`]. Why
//! the call's scope rather than an argument: a call runs on one thread
//! from the front end down to the engine (Cassandra's own tracing kept its
//! state per thread for the same reason), and an argument would run
//! through every read signature of every layer for a feature off on
//! almost every call. Off, [`event`] costs one read of the scope and never
//! builds its text.
//!
//! [`Store`] keeps finished sessions for `system_traces.sessions` and
//! `events`, each for Cassandra's 24 hours ([`TTL_SECONDS`]) and at most
//! [`MAX_SESSIONS`] of them, in memory. This module must not know the CQL
//! tables' layout (the CQL layer serves them) nor who asked for a trace.

use crate::call::{self, Event, Recorder};
use parking_lot::Mutex;
use std::collections::{BTreeMap, VecDeque};
use std::net::IpAddr;
use std::sync::Arc;

/// How long Cassandra 1.2 and 2.0 kept a trace: every cell of
/// `system_traces` was written with this TTL (a day).
pub const TTL_SECONDS: i64 = 24 * 3600;
/// Sessions kept at most; the oldest go first (memory stays bounded
/// whatever a client traces).
pub const MAX_SESSIONS: usize = 10_000;
/// Events kept per session at most (a traced scan of many partitions
/// notes a few per partition).
pub const MAX_EVENTS: usize = 10_000;

/// What [`record`] hands back: the call's steps and how long it took.
#[derive(Clone, Debug, Default)]
pub struct Recorded {
    pub started_wall_micros: i64,
    pub duration_micros: i64,
    pub events: Vec<Event>,
    pub parameters: BTreeMap<String, String>,
}

/// Runs `f` traced: what the layers below note on this thread while it
/// runs is returned beside its result. A call traced inside another
/// (never done) keeps the outer recorder's.
pub fn record<T>(f: impl FnOnce() -> T) -> (T, Recorded) {
    let (out, mine) = call::within(|s| &mut s.trace, Some(Box::new(Recorder::start())), f);
    let rec = mine.map_or_else(Recorded::default, |r| Recorded {
        started_wall_micros: r.started_wall_micros,
        duration_micros: r.elapsed_micros(),
        events: r.events,
        parameters: r.parameters,
    });
    (out, rec)
}

/// Whether this thread's call is traced.
pub fn on() -> bool {
    call::with(|s| s.trace.is_some())
}

/// Notes a step of the traced call; `activity` is only built when traced.
pub fn event(activity: impl FnOnce() -> String) {
    let room = |r: &Recorder| r.events.len() < MAX_EVENTS;
    let elapsed = call::with(|s| {
        s.trace
            .as_ref()
            .filter(|r| room(r))
            .map(|r| r.elapsed_micros())
    });
    let Some(elapsed_micros) = elapsed else {
        return;
    };
    // Built outside the scope's borrow: the text may read the scope itself.
    let event = Event {
        elapsed_micros,
        activity: activity(),
        thread: std::thread::current()
            .name()
            .unwrap_or("unnamed")
            .to_string(),
    };
    call::with(|s| {
        if let Some(r) = s.trace.as_mut().filter(|r| room(r)) {
            r.events.push(event);
        }
    });
}

/// Notes one of the traced call's parameters (`parameters` of its session).
pub fn parameter(name: &str, value: impl FnOnce() -> String) {
    if !on() {
        return;
    }
    let value = value();
    call::with(|s| {
        if let Some(r) = s.trace.as_mut() {
            r.parameters.insert(name.to_string(), value);
        }
    });
}

/// One stored event, as `system_traces.events` holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    /// A time UUID of the moment it happened.
    pub event_id: [u8; 16],
    pub activity: String,
    pub source: IpAddr,
    pub source_elapsed_micros: i32,
    pub thread: String,
}

/// One finished session, as `system_traces.sessions` holds it with its events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub id: [u8; 16],
    pub coordinator: IpAddr,
    pub request: String,
    pub parameters: BTreeMap<String, String>,
    pub started_at_millis: i64,
    pub duration_micros: i32,
    pub events: Vec<StoredEvent>,
    /// When it is gone (seconds since the epoch).
    pub expires_at_seconds: i64,
}

/// The kept sessions, oldest first.
#[derive(Debug, Default)]
pub struct Store {
    sessions: Mutex<VecDeque<Arc<Session>>>,
}

impl Store {
    pub fn new() -> Store {
        Store::default()
    }

    /// Keeps `session` (the oldest goes when [`MAX_SESSIONS`] are kept); it
    /// replaces one of the same id (a call run again after an attempt).
    pub fn insert(&self, session: Session) {
        let mut all = self.sessions.lock();
        all.retain(|s| s.id != session.id);
        while all.len() >= MAX_SESSIONS {
            all.pop_front();
        }
        all.push_back(Arc::new(session));
    }

    /// The sessions still alive at `now_seconds`, oldest first.
    pub fn live(&self, now_seconds: i64) -> Vec<Arc<Session>> {
        let mut all = self.sessions.lock();
        while all
            .front()
            .is_some_and(|s| s.expires_at_seconds <= now_seconds)
        {
            all.pop_front();
        }
        all.iter().cloned().collect()
    }

    /// The session with this id, if alive at `now_seconds`.
    pub fn get(&self, id: &[u8], now_seconds: i64) -> Option<Arc<Session>> {
        self.live(now_seconds)
            .into_iter()
            .find(|s| s.id.as_slice() == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_noted_only_inside_a_recording() {
        event(|| unreachable!("not built when off"));
        assert!(!on());
        let ((), rec) = record(|| {
            assert!(on());
            event(|| "first".into());
            parameter("query", || "SELECT".into());
            event(|| "second".into());
        });
        assert!(!on());
        let names: Vec<&str> = rec.events.iter().map(|e| e.activity.as_str()).collect();
        assert_eq!(names, ["first", "second"]);
        assert_eq!(rec.parameters["query"], "SELECT");
        assert!(rec.events[0].elapsed_micros <= rec.events[1].elapsed_micros);
        assert!(rec.duration_micros >= rec.events[1].elapsed_micros);
    }

    #[test]
    fn sessions_expire_and_stay_bounded() {
        let store = Store::new();
        let session = |n: usize, expires| Session {
            id: u128::try_from(n).unwrap().to_be_bytes(),
            coordinator: IpAddr::from([127, 0, 0, 1]),
            request: "r".into(),
            parameters: BTreeMap::new(),
            started_at_millis: 0,
            duration_micros: 1,
            events: Vec::new(),
            expires_at_seconds: expires,
        };
        store.insert(session(1, 100));
        store.insert(session(2, 200));
        assert_eq!(store.live(50).len(), 2);
        assert!(store.get(&session(1, 0).id, 150).is_none());
        assert!(store.get(&session(2, 0).id, 150).is_some());
        for n in 0..MAX_SESSIONS + 5 {
            store.insert(session(n + 10, 1000));
        }
        assert_eq!(store.live(150).len(), MAX_SESSIONS);
    }
}
