//! The request log: one DEBUG line per call (with `RUST_LOG=debug` or
//! `supercolumn=debug`), and one INFO line for any call slower than the
//! configured threshold (`SlowRequestThresholdInMs`, yaml
//! `slow_query_log_timeout_in_ms`). Both carry the same fields: peer, API
//! generation, method, keyspace, column families, CQL statement kind,
//! duration and outcome (see [`crate::thrift::call::names`] for how they are
//! read).
//!
//! Every call is also reported to the node's call observer (metrics, see
//! [`crate::thrift::call::seen`]), from the headers only.
//!
//! When neither line is due, a call costs one clock read and one level
//! check: nothing is parsed, formatted or allocated. The duration runs from
//! the moment the whole request was read to the moment its reply is ready
//! (waiting for a worker slot included, writing the reply not).

use crate::node::Node;
use crate::thrift::call::names::{outcome, target, Outcome, Target};
use crate::thrift::dispatch::{self, ArgShape, Unanswerable};
use crate::thrift::session::{Generation, Session};
use crate::thrift::wire::Reader;
use std::fmt;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// What the server logs about the calls of one connection.
#[derive(Clone, Copy, Debug)]
pub struct CallLog {
    pub peer: SocketAddr,
    /// Calls at least this slow are logged at INFO; `None`: never.
    pub slow: Option<Duration>,
}

impl CallLog {
    /// Answers one request (see [`dispatch::handle_shaped`]; `shape` is
    /// its argument shape if the transport read it) and logs it if due.
    /// `received` is when its last byte was read.
    pub fn answer(
        &self,
        node: &Node,
        session: &mut Session,
        msg: &[u8],
        shape: Option<&ArgShape>,
        received: Instant,
    ) -> Result<Option<Vec<u8>>, Unanswerable> {
        let reply = dispatch::handle_shaped(node, session, msg, shape);
        self.log(node, session, msg, reply, received)
    }

    /// [`CallLog::answer`] with reads that do not wait on the disk (see
    /// [`crate::storage::nowait`]); `None`, and nothing logged, when one
    /// would have: the call is to be answered again where it may wait.
    pub fn answer_without_waiting(
        &self,
        node: &Node,
        session: &mut Session,
        msg: &[u8],
        shape: Option<&ArgShape>,
        received: Instant,
    ) -> Option<Result<Option<Vec<u8>>, Unanswerable>> {
        let reply = dispatch::handle_without_waiting(node, session, msg, shape)?;
        Some(self.log(node, session, msg, reply, received))
    }

    /// Logs a call's `reply` if due (for a reply made without running the
    /// call: a primed fault's) and hands it back.
    pub fn log(
        &self,
        node: &Node,
        session: &Session,
        msg: &[u8],
        reply: Result<Option<Vec<u8>>, Unanswerable>,
        received: Instant,
    ) -> Result<Option<Vec<u8>>, Unanswerable> {
        let took = received.elapsed();
        if let Some(observer) = node.call_observer() {
            crate::thrift::call::seen::report(observer, session.generation, msg, &reply, took);
        }
        let slow = self.slow.filter(|limit| took >= *limit);
        if let Some(limit) = slow {
            if tracing::enabled!(tracing::Level::INFO) {
                let line = self.line(session, msg, &reply, took);
                tracing::info!("slow request (over {} ms): {line}", limit.as_millis());
            }
        } else if tracing::enabled!(tracing::Level::DEBUG) {
            let line = self.line(session, msg, &reply, took);
            tracing::debug!("request {line}");
        }
        reply
    }

    fn line(
        &self,
        session: &Session,
        msg: &[u8],
        reply: &Result<Option<Vec<u8>>, Unanswerable>,
        took: Duration,
    ) -> Line {
        let g = session.generation.unwrap_or(Generation::V06);
        let mut r = Reader::new(msg);
        let method = r
            .message_header()
            .map(|h| h.name)
            .unwrap_or_else(|_| "(unreadable header)".into());
        let mut target = target(g, &method, &msg[r.position().min(msg.len())..]);
        if target.keyspace.is_none() && g == Generation::V19 {
            // 19.x calls use the connection's keyspace (`set_keyspace`, `USE`).
            target.keyspace = session
                .v19
                .keyspace
                .clone()
                .map(crate::thrift::call::names::Name);
        }
        let outcome = match reply {
            Ok(Some(bytes)) => outcome(g, &method, bytes),
            Ok(None) => Outcome::NoReply,
            Err(e) => Outcome::Closed(e.0.clone()),
        };
        Line {
            peer: self.peer,
            generation: g,
            method: crate::thrift::call::names::Name(method),
            target,
            took,
            outcome,
        }
    }
}

/// One logged call: `peer=… api=… method=… keyspace=… cf=… statement=…
/// duration=…ms outcome=…` (fields a call does not have are left out).
struct Line {
    peer: SocketAddr,
    generation: Generation,
    method: crate::thrift::call::names::Name,
    target: Target,
    took: Duration,
    outcome: Outcome,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "peer={} api={} method={}",
            self.peer,
            self.generation.as_str(),
            self.method
        )?;
        let t = &self.target;
        if let Some(ks) = &t.keyspace {
            write!(f, " keyspace={ks}")?;
        }
        for (i, cf) in t.cfs.iter().enumerate() {
            f.write_str(if i == 0 { " cf=" } else { "," })?;
            write!(f, "{cf}")?;
        }
        if t.more_cfs > 0 {
            write!(f, ",+{} more", t.more_cfs)?;
        }
        if let Some(s) = &t.statement {
            write!(f, " statement=\"{}\"", s.kind)?;
        }
        write!(
            f,
            " duration={:.3}ms outcome={}",
            self.took.as_secs_f64() * 1000.0,
            self.outcome
        )
    }
}
