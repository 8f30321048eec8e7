//! The activity record: the most recent calls of every front end, in a
//! bounded ring, for tests to assert on ("the app read at QUORUM", "it
//! retried exactly twice") through the admin surface.
//!
//! This module owns the ring, its size and the filters; front ends fill
//! in the [`Entry`] of each call (they know their protocol's methods,
//! consistency levels and exceptions). It must not know any wire protocol
//! or HTTP. A size of 0 records nothing, and then a call pays one relaxed
//! atomic load ([`Activity::enabled`]).

use parking_lot::Mutex;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Calls kept when the configuration names no size and the admin surface
/// (the only reader) is on.
pub const DEFAULT_SIZE: usize = 1000;

/// Row keys kept per call, and characters kept per key.
pub const MAX_KEYS: usize = 16;
pub const MAX_KEY_CHARS: usize = 64;
/// Characters of CQL text kept.
pub const MAX_CQL_CHARS: usize = 2000;

/// One call.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Entry {
    /// Numbers calls in the order they were recorded, from 1.
    pub seq: u64,
    /// When the call was received; shown as RFC 3339 UTC with
    /// microseconds.
    pub time: Received,
    /// The connection's number (from 1, per server start).
    pub connection: u64,
    /// The client's address (IP:PORT).
    pub client: String,
    /// The API ("0.6", "19", "native").
    pub api: String,
    /// The Thrift method, or the native protocol's opcode ("QUERY").
    pub method: String,
    /// A native request's statement kind ("SELECT"; a BATCH message's
    /// "LOGGED", "UNLOGGED" or "COUNTER").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// A native request's protocol version.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protocol_version: Option<u8>,
    pub keyspace: Option<String>,
    /// The first column family the call names (null when none).
    pub column_family: Option<String>,
    /// Every column family it names (a batch may name several).
    pub column_families: Vec<String>,
    /// Row keys: UTF-8 text as is, other bytes as `0x` hex; cut to
    /// [`MAX_KEY_CHARS`] characters and [`MAX_KEYS`] keys.
    pub keys: Vec<String>,
    pub consistency_level: Option<String>,
    /// The statement of a CQL call.
    pub cql: Option<String>,
    /// "ok", the exception's name ("TimedOutException",
    /// "TApplicationException"), a native ERROR's code name
    /// ("READ_TIMEOUT"), or "connection_closed".
    pub outcome: String,
    /// The exception's `why` (or message), when it has one.
    pub why: Option<String>,
    pub duration_us: u64,
    /// The fault rule that fired on the call.
    pub fault: Option<u64>,
}

/// Which entries to return (every field optional).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    pub api: Option<String>,
    pub method: Option<String>,
    pub keyspace: Option<String>,
    pub column_family: Option<String>,
    /// Only entries with a larger `seq`.
    pub since: Option<u64>,
    /// Only the last N matching entries.
    pub limit: Option<usize>,
}

impl Filter {
    fn keeps(&self, e: &Entry) -> bool {
        let eq = |want: &Option<String>, have: Option<&str>| {
            want.as_deref().is_none_or(|w| have == Some(w))
        };
        eq(&self.method, Some(&e.method))
            && eq(&self.api, Some(&e.api))
            && eq(&self.keyspace, e.keyspace.as_deref())
            && self
                .column_family
                .as_deref()
                .is_none_or(|cf| e.column_families.iter().any(|c| c == cf))
            && self.since.is_none_or(|s| e.seq > s)
    }
}

/// The ring of recent calls.
#[derive(Default)]
pub struct Activity {
    size: AtomicUsize,
    ring: Mutex<VecDeque<Entry>>,
    seq: AtomicU64,
    connections: AtomicU64,
}

impl Activity {
    /// A ring keeping the last `size` calls (0: record nothing).
    pub fn new(size: usize) -> Activity {
        let a = Activity::default();
        a.size.store(size, Ordering::Relaxed);
        a
    }

    /// Whether calls are recorded (one relaxed load).
    #[inline]
    pub fn enabled(&self) -> bool {
        self.size.load(Ordering::Relaxed) > 0
    }

    pub fn size(&self) -> usize {
        self.size.load(Ordering::Relaxed)
    }

    /// Changes the size, dropping the oldest entries beyond it.
    pub fn set_size(&self, size: usize) {
        let mut ring = self.ring.lock();
        self.size.store(size, Ordering::Relaxed);
        while ring.len() > size {
            ring.pop_front();
        }
    }

    /// A number for a new connection.
    pub fn next_connection(&self) -> u64 {
        self.connections.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// Records one call (its `seq` is assigned here).
    pub fn record(&self, mut entry: Entry) {
        let size = self.size();
        if size == 0 {
            return;
        }
        let mut ring = self.ring.lock();
        entry.seq = self.seq.fetch_add(1, Ordering::Relaxed) + 1;
        if ring.len() >= size {
            ring.pop_front();
        }
        ring.push_back(entry);
    }

    /// The recorded calls `filter` keeps, oldest first.
    pub fn list(&self, filter: &Filter) -> Vec<Entry> {
        let ring = self.ring.lock();
        let mut out: Vec<Entry> = ring.iter().filter(|e| filter.keeps(e)).cloned().collect();
        if let Some(limit) = filter.limit {
            let cut = out.len().saturating_sub(limit);
            out.drain(..cut);
        }
        out
    }

    /// Forgets every recorded call (numbering goes on).
    pub fn clear(&self) {
        self.ring.lock().clear();
    }
}

/// A row key as an entry shows it (see [`Entry::keys`]).
pub fn show_key(key: &[u8]) -> String {
    match std::str::from_utf8(key) {
        Ok(text) if !text.chars().any(char::is_control) => cut(text, MAX_KEY_CHARS),
        _ => {
            let mut hex = String::from("0x");
            for b in key.iter().take((MAX_KEY_CHARS - 2) / 2) {
                hex.push_str(&format!("{b:02x}"));
            }
            hex
        }
    }
}

/// `text` cut to `max` characters.
pub fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => text[..at].to_string(),
        None => text.to_string(),
    }
}

/// When a call was received. Kept as the clock read and formatted only
/// when the entry is shown: formatting it for every recorded call cost
/// about 1% of a read's server CPU.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Received(pub SystemTime);

impl Default for Received {
    fn default() -> Self {
        Received(UNIX_EPOCH)
    }
}

impl Serialize for Received {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&rfc3339(self.0))
    }
}

/// `t` as RFC 3339 UTC with microseconds.
pub fn rfc3339(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs();
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, day) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{day:02}T{:02}:{:02}:{:02}.{:06}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        d.subsec_micros()
    )
}

/// Year, month, day of a day number since 1970-01-01 (proleptic Gregorian).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
#[path = "activity_tests.rs"]
mod tests;
