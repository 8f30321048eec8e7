//! The test kit's one hook on the Thrift call path: primed faults
//! ([`crate::node::calls::faults`]) and the activity record
//! ([`crate::node::calls::activity`]).
//!
//! The server begins a [`Watch`] for each request before the call runs:
//! with no fault rule and the activity record off, that is two relaxed
//! atomic loads and nothing else. Otherwise what the request names is read
//! ([`crate::thrift::call::request`]: row keys and CQL text included, which
//! only the admin surface shows), the rules decide, and the server acts on
//! the verdict: a delay is slept on the network side (an async sleep: the
//! connection's task waits, no worker slot or pool thread is held); a fault
//! that is not `applied` answers instead of the call; an applied one lets
//! the call run (a write lands) and then answers in its place. Every call
//! is then recorded, with the rule that fired. The exceptions themselves
//! are built in [`crate::thrift::error`].

use crate::node::calls::activity::{self, Entry};
use crate::node::calls::faults::{Call, Fault, FaultKind};
use crate::node::Node;
use crate::thrift::call::reply::ending;
use crate::thrift::call::request::{self, Named};
use crate::thrift::dispatch::{choose_generation, shown_generation, Unanswerable};
use crate::thrift::error::{fault_carried, fault_reply};
use crate::thrift::session::{Generation, Session};
use crate::thrift::wire::scan::field_shape;
use crate::thrift::wire::{mtype, MessageHeader, Reader};
use std::net::SocketAddr;
use std::time::{Duration, SystemTime};

/// A call's reply as the server handles it (see [`crate::thrift::dispatch::handle`]).
pub type Reply = Result<Option<Vec<u8>>, Unanswerable>;

/// One call under watch.
pub struct Watch {
    header: MessageHeader,
    /// Where the arguments start in the request.
    args_at: usize,
    /// The generation the call runs in, chosen as the dispatcher will.
    generation: Generation,
    named: Named,
    fault: Option<Fault>,
    received: SystemTime,
}

impl Watch {
    /// Starts watching request `msg`; `None` when there is nothing to do
    /// for it (no rule, no record, or a header that cannot be read, which
    /// the call path answers by closing the connection).
    #[inline]
    pub fn begin(node: &Node, session: &Session, msg: &[u8], peer: SocketAddr) -> Option<Watch> {
        let armed = node.faults.armed();
        if !armed && !node.activity.enabled() {
            return None;
        }
        Self::begin_slow(node, session, msg, peer, armed)
    }

    fn begin_slow(
        node: &Node,
        session: &Session,
        msg: &[u8],
        peer: SocketAddr,
        armed: bool,
    ) -> Option<Watch> {
        let received = SystemTime::now();
        let mut r = Reader::new(msg);
        let header = r.message_header().ok()?;
        let args = &msg[r.position()..];
        let g = choose_generation(&header.name, &field_shape(args), session);
        let mut named = request::read(g, &header.name, args, session);
        if let Some(id) = named.prepared_id {
            // A prepared execution is recorded and matched by its text.
            named.cql = node.prepared.get(id).map(|p| p.query.clone());
        }
        let fault = if armed {
            let method = header.name.as_str();
            let call = Call {
                method,
                api: g.as_str(),
                keyspace: named.keyspace.as_deref(),
                column_families: &named.column_families,
                keys: &named.keys,
                cql: named.cql.as_deref(),
                consistency: named.consistency_level.as_deref(),
                client: peer,
            };
            node.faults
                .decide(&call, &|kind| fault_carried(g, method, kind))
        } else {
            None
        };
        Some(Watch {
            header,
            args_at: r.position(),
            generation: g,
            named,
            fault,
            received,
        })
    }

    /// How long to wait before going on with the call.
    pub fn delay(&self) -> Option<Duration> {
        self.fault.as_ref()?.delay
    }

    /// What a call that is not run still tells the connection: the
    /// generation it showed (as `dispatch::handle` notes it).
    pub fn note(&self, session: &mut Session, msg: &[u8]) {
        let args = &msg[self.args_at.min(msg.len())..];
        if session.policy.pinned.is_none() {
            if let Some(shown) = shown_generation(&self.header.name, &field_shape(args)) {
                session.shown = Some(shown);
            }
        }
        session.generation = Some(self.generation);
    }

    /// The answer of a fault that stops the call before it runs.
    pub fn instead(&self) -> Option<Reply> {
        match &self.fault {
            Some(f) if !f.applied && f.kind != FaultKind::Delay => Some(self.answer(f)),
            _ => None,
        }
    }

    /// The reply to send after the call ran: an applied fault's answer
    /// replaces the real one.
    pub fn after(&self, reply: Reply) -> Reply {
        match &self.fault {
            Some(f) if f.applied && f.kind != FaultKind::Delay => self.answer(f),
            _ => reply,
        }
    }

    fn answer(&self, f: &Fault) -> Reply {
        if f.kind == FaultKind::DropConnection {
            return Err(Unanswerable(format!(
                "fault rule {} dropped the connection",
                f.rule
            )));
        }
        let header = &self.header;
        match fault_reply(self.generation, header, f) {
            Some(bytes) => Ok((header.mtype != mtype::ONEWAY).then_some(bytes)),
            // Rules only fire on calls that can carry them.
            None => Err(Unanswerable(format!(
                "fault rule {} has no answer for {}",
                f.rule, header.name
            ))),
        }
    }

    /// Records the call in the activity record (if it is on).
    pub fn record(
        self,
        node: &Node,
        connection: u64,
        peer: SocketAddr,
        reply: &Reply,
        took: Duration,
    ) {
        if !node.activity.enabled() {
            return;
        }
        let g = self.generation;
        let ended = ending(g, &self.header.name, reply);
        let f = self.named;
        node.activity.record(Entry {
            seq: 0,
            time: activity::Received(self.received),
            connection,
            client: peer.to_string(),
            api: g.as_str().to_string(),
            method: self.header.name,
            kind: None,
            protocol_version: None,
            keyspace: f.keyspace,
            column_family: f.column_families.first().cloned(),
            column_families: f.column_families,
            keys: f
                .keys
                .iter()
                .take(activity::MAX_KEYS)
                .map(|k| activity::show_key(k))
                .collect(),
            consistency_level: f.consistency_level,
            cql: f.cql.map(|q| activity::cut(&q, activity::MAX_CQL_CHARS)),
            outcome: ended.outcome.recorded().to_string(),
            why: ended.why,
            duration_us: u64::try_from(took.as_micros()).unwrap_or(u64::MAX),
            fault: self.fault.map(|f| f.rule),
        });
    }
}
