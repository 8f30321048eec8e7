//! Per-connection CQL state (the current keyspace), the server-wide clock
//! that stamps writes and generates time UUIDs, and the server-wide cache
//! of prepared statements.
//!
//! Owns only state; it must not run statements.

use crate::cql::ast::{Statement, TableName};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::BindSpec;
use crate::cql::timeuuid::TimeUuidGenerator;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// 1.2.9's `MAX_CACHE_PREPARED` (quoted in its "not found" message).
pub const MAX_PREPARED: usize = 100_000;

fn wall_micros() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_micros() as i64)
        .unwrap_or(0)
}

/// The server's write clock: microsecond timestamps that strictly increase
/// across all sessions (two statements never share one), and the time
/// UUIDs of list elements and `now()`.
pub struct ServerClock {
    source: Box<dyn Fn() -> i64 + Send + Sync>,
    state: Mutex<(i64, TimeUuidGenerator)>,
}

impl ServerClock {
    /// The wall clock; `node` is the low 64 bits of generated UUIDs.
    pub fn new(node: u64) -> ServerClock {
        ServerClock::with_source(node, Box::new(wall_micros))
    }

    /// A clock reading microseconds from `source` (tests).
    pub fn with_source(node: u64, source: Box<dyn Fn() -> i64 + Send + Sync>) -> ServerClock {
        ServerClock {
            source,
            state: Mutex::new((i64::MIN, TimeUuidGenerator::new(node))),
        }
    }

    /// The next write timestamp (microseconds, strictly increasing).
    pub fn next_timestamp(&self) -> i64 {
        let now = (self.source)();
        let mut s = self.state.lock();
        let ts = if now > s.0 { now } else { s.0 + 1 };
        s.0 = ts;
        ts
    }

    /// Runs `f` with the UUID generator.
    pub fn with_uuids<R>(&self, f: impl FnOnce(&mut TimeUuidGenerator) -> R) -> R {
        f(&mut self.state.lock().1)
    }
}

/// One connection's CQL state.
pub struct CqlSession {
    keyspace: Option<String>,
    clock: Arc<ServerClock>,
}

impl CqlSession {
    /// A session sharing the server's clock.
    pub fn new(clock: Arc<ServerClock>) -> CqlSession {
        CqlSession {
            keyspace: None,
            clock,
        }
    }

    /// The keyspace chosen by USE (or Thrift `set_keyspace`).
    pub fn keyspace(&self) -> Option<&str> {
        self.keyspace.as_deref()
    }

    pub fn set_keyspace(&mut self, keyspace: String) {
        self.keyspace = Some(keyspace);
    }

    pub fn clock(&self) -> &ServerClock {
        &self.clock
    }

    /// The keyspace a statement's table lives in.
    pub fn keyspace_for(&self, t: &TableName) -> CqlResult<String> {
        t.keyspace
            .clone()
            .or_else(|| self.keyspace.clone())
            .ok_or_else(|| CqlError::Invalid("You have not set a keyspace for this session".into()))
    }
}

/// A prepared statement.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// 1.2.9's id: the Java `String.hashCode` of the query text.
    pub id: i32,
    /// The receivers of the `?` markers, in order.
    pub specs: Vec<BindSpec>,
    pub statement: Statement,
}

/// Prepared statements of the whole server, by id.
#[derive(Default)]
pub struct PreparedCache {
    entries: Mutex<HashMap<i32, Arc<Prepared>>>,
}

/// Java's `String.hashCode` over UTF-16 code units.
fn java_hash(text: &str) -> i32 {
    text.encode_utf16()
        .fold(0i32, |h, u| h.wrapping_mul(31).wrapping_add(u as i32))
}

impl PreparedCache {
    pub fn new() -> PreparedCache {
        PreparedCache::default()
    }

    pub(super) fn insert(
        &self,
        query: &str,
        statement: Statement,
        specs: Vec<BindSpec>,
    ) -> Prepared {
        let p = Prepared {
            id: java_hash(query),
            specs,
            statement,
        };
        let mut entries = self.entries.lock();
        if entries.len() >= MAX_PREPARED && !entries.contains_key(&p.id) {
            // Evict an arbitrary entry: a client re-prepares on "not found".
            if let Some(k) = entries.keys().next().copied() {
                entries.remove(&k);
            }
        }
        entries.insert(p.id, Arc::new(p.clone()));
        p
    }

    pub fn get(&self, id: i32) -> Option<Arc<Prepared>> {
        self.entries.lock().get(&id).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_string_hash() {
        assert_eq!(java_hash(""), 0);
        assert_eq!(java_hash("abc"), 96354);
        assert_eq!(
            java_hash("SELECT * FROM t"),
            "SELECT * FROM t"
                .encode_utf16()
                .fold(0i32, |h, u| h.wrapping_mul(31).wrapping_add(u as i32))
        );
    }

    #[test]
    fn timestamps_strictly_increase_on_a_stuck_clock() {
        let c = ServerClock::with_source(1, Box::new(|| 5));
        assert_eq!(c.next_timestamp(), 5);
        assert_eq!(c.next_timestamp(), 6);
        assert_eq!(c.next_timestamp(), 7);
    }
}
