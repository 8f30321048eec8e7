//! The request log: one DEBUG line per call (with `RUST_LOG=debug` or
//! `supercolumn=debug`), and one INFO line for any call slower than the
//! configured threshold (`SlowRequestThresholdInMs`, yaml
//! `slow_query_log_timeout_in_ms`). Both carry the same fields: peer, API
//! generation, method, keyspace, column families, CQL statement kind,
//! duration and outcome (read by [`crate::thrift::call::request`] and
//! [`crate::thrift::call::reply`]). A line never shows values, keys or
//! passwords: only names and keywords; names are quoted when they hold
//! anything but the characters a Cassandra name may have, so a client
//! cannot forge log lines.
//!
//! Every call is also reported to the node's call observer (metrics, see
//! [`crate::thrift::call::seen`]), from the headers only. The log records
//! calls; it does not run them: the server calls `dispatch` and then
//! [`CallLog::log`] with the reply.
//!
//! When neither line is due, a call costs one clock read and one level
//! check: nothing is parsed, formatted or allocated. The duration runs from
//! the moment the whole request was read to the moment its reply is ready
//! (waiting for a worker slot included, writing the reply not).

use crate::node::Node;
use crate::thrift::call::reply::{ending, Outcome};
use crate::thrift::call::request::{self, Named};
use crate::thrift::dispatch::Unanswerable;
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
    /// Logs a call's `reply` if due and hands it back. The server calls
    /// it once a call is answered (after `dispatch`, or with a primed
    /// fault's reply); not for a run whose answer is dropped (a read that
    /// would have waited, a cluster call to await). `received` is when the
    /// request's last byte was read.
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
        let g = session.generation.unwrap_or(Generation::Api2);
        let mut r = Reader::new(msg);
        let method = r
            .message_header()
            .map(|h| h.name)
            .unwrap_or_else(|_| "(unreadable header)".into());
        let named = request::read(g, &method, &msg[r.position().min(msg.len())..], session);
        let outcome = ending(g, &method, reply).outcome;
        Line {
            peer: self.peer,
            generation: g,
            method,
            named,
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
    method: String,
    named: Named,
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
            Name(&self.method)
        )?;
        let t = &self.named;
        if let Some(ks) = &t.keyspace {
            write!(f, " keyspace={}", Name(ks))?;
        }
        for (i, cf) in t.column_families.iter().enumerate() {
            f.write_str(if i == 0 { " cf=" } else { "," })?;
            write!(f, "{}", Name(cf))?;
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

/// A name from a request, shown as is when it looks like a Cassandra
/// name, else quoted and escaped (and cut short).
struct Name<'a>(&'a str);

impl fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plain = !self.0.is_empty()
            && self.0.len() <= 64
            && self
                .0
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if plain {
            f.write_str(self.0)
        } else {
            let cut: String = self.0.chars().take(64).collect();
            write!(f, "{cut:?}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thrift::wire::{mtype, Value, Writer};

    #[test]
    fn names_are_quoted_unless_plain() {
        assert_eq!(Name("Keyspace1").to_string(), "Keyspace1");
        assert_eq!(Name("my-cf_2").to_string(), "my-cf_2");
        assert_eq!(Name("a b").to_string(), "\"a b\"");
        assert_eq!(Name("new\ncf").to_string(), "\"new\\ncf\"");
        assert_eq!(Name("").to_string(), "\"\"");
        assert_eq!(Name(&"x".repeat(100)).to_string().len(), 66);
    }

    #[test]
    fn a_line_shows_names_and_never_values() {
        let mut w = Writer::new();
        w.message_header("get_slice", mtype::CALL, 1);
        w.value(&Value::Struct(vec![
            (1, Value::Bin(b"Keyspace1".to_vec())),
            (2, Value::Bin(b"secret-key".to_vec())),
            (
                3,
                Value::Struct(vec![(3, Value::Bin(b"Standard1".to_vec()))]),
            ),
            (5, Value::I32(1)),
        ]));
        let log = CallLog {
            peer: "127.0.0.1:9160".parse().unwrap(),
            slow: None,
        };
        let mut session = Session::with_policy(Default::default());
        session.generation = Some(Generation::Api2);
        let line = log
            .line(&session, &w.buf, &Ok(None), Duration::from_micros(1500))
            .to_string();
        assert_eq!(
            line,
            "peer=127.0.0.1:9160 api=0.6 method=get_slice keyspace=Keyspace1 cf=Standard1 \
             duration=1.500ms outcome=ok (oneway)"
        );
    }
}
