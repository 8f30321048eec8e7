//! Watching the calls a front end answers, for metrics: the front end
//! reports each call once, with facts it already has (no parsing beyond
//! the method name, no allocation), to the observer installed on the node.
//! Protocol-neutral: the API generation and method are plain labels.
//!
//! An observer must be cheap (a few atomic adds): it runs on the call's
//! thread before the reply is sent.

use std::time::Duration;

/// One answered call.
#[derive(Clone, Copy, Debug)]
pub struct CallSeen<'a> {
    /// The API, e.g. "0.6", "19" or "native".
    pub api: &'static str,
    /// The method name as the request spelled it (raw bytes: unchecked
    /// UTF-8), or the native protocol's opcode name.
    pub method: &'a [u8],
    /// A native request's statement kind ("SELECT", or "none").
    pub kind: Option<&'static str>,
    /// The reply carried an exception, or there was none (connection closed).
    pub failed: bool,
    /// From the request read whole to the reply ready.
    pub took: Duration,
}

/// Receives every answered call (see the module documentation).
pub trait CallObserver: Send + Sync {
    fn call(&self, call: &CallSeen<'_>);
}

/// The statement kinds a CQL call reports (by its statement's first word,
/// sorted; `BEGIN` starts a BATCH), besides "OTHER"; a native BATCH
/// message reports its batch type instead ([`BATCH_KINDS`]).
pub const STATEMENT_KINDS: &[&str] = &[
    "ALTER", "BATCH", "CREATE", "DELETE", "DROP", "GRANT", "INSERT", "LIST", "REVOKE", "SELECT",
    "TRUNCATE", "UPDATE", "USE",
];

/// A native BATCH message's kinds, sorted.
pub const BATCH_KINDS: &[&str] = &["COUNTER", "LOGGED", "UNLOGGED"];
