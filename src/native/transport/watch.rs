//! What the server observes of each native request besides answering it:
//! the metrics (per opcode and statement kind, see [`crate::node::calls::observe`]),
//! the test kit's primed faults ([`crate::node::calls::faults`]) and its activity
//! record ([`crate::node::calls::activity`]): the same rules and the same ring as
//! Thrift's calls, under the API name `native`.
//!
//! The server begins a [`Seen`] for each request once it is decoded. With
//! no fault rule and the activity record off, that is a clock read, two
//! relaxed atomic loads and, when metrics are collected, a look at the
//! statement's first word. Otherwise what the request names is read (its
//! statement text, keyspace, table, consistency level), the rules decide
//! for QUERY, PREPARE, EXECUTE and BATCH, and the server acts on the
//! verdict: a delay is waited off the tokio worker; a fault that is not
//! `applied` answers instead of the request; an applied one lets it run
//! and then answers in its place. The ERROR bodies are made in
//! [`crate::native::handle::error`]. Must not touch the socket.

use super::super::handle::dispatch::{Response, Shared};
use super::super::handle::error::{code_name, fault_carried, fault_error, FaultCall};
use super::super::handle::query::table_of;
use super::super::wire::frame::op;
use super::super::wire::request::consistency_name;
use super::super::wire::request::{BatchQuery, Request};
use crate::cql::ast::{BatchKind, Statement};
use crate::node::calls::activity::{self, Entry};
use crate::node::calls::faults::{Call, Fault, FaultKind};
use crate::node::calls::observe::{CallSeen, STATEMENT_KINDS};
use crate::node::Node;
use std::time::{Duration, Instant, SystemTime};

/// The API name native requests have in fault rules, the activity record
/// and the metrics.
pub const API: &str = "native";

/// What becomes of a request.
pub enum Outcome {
    /// This answer is sent.
    Reply(Response),
    /// The connection is closed without an answer (a primed fault).
    Drop,
}

/// One request under watch (see the module documentation).
pub struct Seen {
    started: Instant,
    opcode: u8,
    /// The statement kind ("SELECT", "LOGGED" for a BATCH message), or
    /// "none" for the messages that carry no statement.
    kind: &'static str,
    kit: Option<Box<Kit>>,
}

/// What the fault rules and the activity record need of a request.
struct Kit {
    received: SystemTime,
    version: u8,
    connection: u64,
    client: std::net::SocketAddr,
    keyspace: Option<String>,
    tables: Vec<String>,
    cql: Option<String>,
    consistency: Option<u16>,
    write_type: &'static str,
    fault: Option<Fault>,
}

impl Seen {
    /// A request that did not decode (its answer is an ERROR).
    pub fn undecoded(opcode: u8) -> Seen {
        Seen {
            started: Instant::now(),
            opcode,
            kind: "none",
            kit: None,
        }
    }

    /// Starts watching `req`, received on `shared`'s connection.
    #[inline]
    pub fn begin(node: &Node, shared: &Shared, opcode: u8, req: &Request) -> Seen {
        let started = Instant::now();
        let armed = node.faults.armed();
        if !armed && !node.activity.enabled() {
            let kind = match node.call_observer() {
                Some(_) => quick_kind(node, req),
                None => "none",
            };
            return Seen {
                started,
                opcode,
                kind,
                kit: None,
            };
        }
        Self::begin_slow(node, shared, opcode, req, started, armed)
    }

    fn begin_slow(
        node: &Node,
        shared: &Shared,
        opcode: u8,
        req: &Request,
        started: Instant,
        armed: bool,
    ) -> Seen {
        let (version, session_keyspace) = {
            let s = shared.state.lock();
            (s.version, s.keyspace.clone())
        };
        let mut kit = Kit {
            received: SystemTime::now(),
            version,
            connection: shared.connection,
            client: shared.peer,
            keyspace: None,
            tables: Vec::new(),
            cql: None,
            consistency: None,
            write_type: "SIMPLE",
            fault: None,
        };
        let kind = kit.name(node, req);
        if kit.keyspace.is_none() {
            kit.keyspace = session_keyspace;
        }
        let statement = matches!(opcode, op::QUERY | op::PREPARE | op::EXECUTE | op::BATCH);
        if armed && statement {
            let call = Call {
                method: op::name(opcode),
                api: API,
                keyspace: kit.keyspace.as_deref(),
                column_families: &kit.tables,
                keys: &[],
                cql: kit.cql.as_deref(),
                consistency: kit.consistency.map(consistency_name),
                client: kit.client,
            };
            kit.fault = node.faults.decide(&call, &fault_carried);
        }
        Seen {
            started,
            opcode,
            kind,
            kit: Some(Box::new(kit)),
        }
    }

    fn fault(&self) -> Option<&Fault> {
        self.kit.as_ref()?.fault.as_ref()
    }

    /// How long to wait before going on with the request.
    pub fn delay(&self) -> Option<Duration> {
        self.fault()?.delay
    }

    /// The outcome of a fault that stops the request before it runs.
    pub fn instead(&self) -> Option<Outcome> {
        match self.fault() {
            Some(f) if !f.applied && f.kind != FaultKind::Delay => Some(self.faulted(f)),
            _ => None,
        }
    }

    /// The outcome once the request ran: an applied fault's replaces it.
    pub fn after(&self, resp: Response) -> Outcome {
        match self.fault() {
            Some(f) if f.applied && f.kind != FaultKind::Delay => self.faulted(f),
            _ => Outcome::Reply(resp),
        }
    }

    /// [`Seen::instead`], else `run`'s answer through [`Seen::after`].
    pub fn answer(&self, run: impl FnOnce() -> Response) -> Outcome {
        match self.instead() {
            Some(outcome) => outcome,
            None => self.after(run()),
        }
    }

    fn faulted(&self, f: &Fault) -> Outcome {
        let Some(kit) = &self.kit else {
            return Outcome::Drop;
        };
        let call = FaultCall {
            version: kit.version,
            consistency: kit.consistency.unwrap_or(1),
            read: self.kind == "SELECT",
            write_type: kit.write_type,
        };
        match fault_error(f, &call) {
            Some(e) => Outcome::Reply(Response::error(&e)),
            None => Outcome::Drop,
        }
    }

    /// Reports the request to the metrics and the activity record.
    pub fn end(self, node: &Node, outcome: &Outcome) {
        let took = self.started.elapsed();
        let error = match outcome {
            Outcome::Reply(r) if r.opcode == op::ERROR => Some(&r.body[..]),
            _ => None,
        };
        if let Some(observer) = node.call_observer() {
            observer.call(&CallSeen {
                api: API,
                method: op::name(self.opcode).as_bytes(),
                kind: Some(self.kind),
                failed: error.is_some() || matches!(outcome, Outcome::Drop),
                took,
            });
        }
        let Some(kit) = self.kit else { return };
        if !node.activity.enabled() {
            return;
        }
        let (outcome, why) = match (outcome, error) {
            (Outcome::Drop, _) => ("connection_closed", None),
            (_, Some(body)) => (code_name(body).unwrap_or("ERROR"), error_message(body)),
            _ => ("ok", None),
        };
        let kind = (self.kind != "none").then(|| self.kind.to_string());
        node.activity.record(Entry {
            seq: 0,
            time: activity::Received(kit.received),
            connection: kit.connection,
            client: kit.client.to_string(),
            api: API.to_string(),
            method: op::name(self.opcode).to_string(),
            kind,
            protocol_version: Some(kit.version),
            keyspace: kit.keyspace,
            column_family: kit.tables.first().cloned(),
            column_families: kit.tables,
            keys: Vec::new(),
            consistency_level: kit.consistency.map(|c| consistency_name(c).to_string()),
            cql: kit.cql.map(|q| activity::cut(&q, activity::MAX_CQL_CHARS)),
            outcome: outcome.to_string(),
            why,
            duration_us: u64::try_from(took.as_micros()).unwrap_or(u64::MAX),
            fault: kit.fault.map(|f| f.rule),
        });
    }
}

impl Kit {
    /// Reads what `req` names; its statement kind.
    fn name(&mut self, node: &Node, req: &Request) -> &'static str {
        match req {
            Request::Query { query, params } => {
                self.consistency = Some(params.consistency);
                self.cql = Some(query.clone());
                self.parsed(query)
            }
            Request::Prepare(text) => {
                self.cql = Some(text.clone());
                self.parsed(text)
            }
            Request::Execute { id, params } => {
                self.consistency = Some(params.consistency);
                let Some(p) = node.prepared.get_md5(id) else {
                    return "OTHER";
                };
                self.cql = Some(p.query.clone());
                self.statement(&p.statement)
            }
            Request::Batch(b) => {
                self.consistency = Some(b.consistency);
                let mut texts = Vec::new();
                for member in b.members().flatten() {
                    let text = match member.query {
                        BatchQuery::Text(t) => {
                            self.parsed(t);
                            t.to_string()
                        }
                        BatchQuery::Prepared(id) => match node.prepared.get_md5(id) {
                            Some(p) => {
                                self.statement(&p.statement);
                                p.query.clone()
                            }
                            None => continue,
                        },
                    };
                    texts.push(text);
                }
                self.cql = Some(texts.join("; "));
                let (kind, write_type) = match b.kind {
                    0 => ("LOGGED", "BATCH"),
                    1 => ("UNLOGGED", "UNLOGGED_BATCH"),
                    _ => ("COUNTER", "COUNTER"),
                };
                self.write_type = write_type;
                kind
            }
            _ => "none",
        }
    }

    /// The kind of `text`'s statement, its names noted when it parses.
    fn parsed(&mut self, text: &str) -> &'static str {
        match crate::cql::parse_with(text, crate::cql::Grammar::Cql32) {
            Ok(p) => self.statement(&p.statement),
            Err(_) => text_kind(text),
        }
    }

    /// Notes the keyspace and table `s` names and its write type; its kind.
    fn statement(&mut self, s: &Statement) -> &'static str {
        let table = table_of(s).or(match s {
            Statement::CreateTable(c) => Some(&c.table),
            Statement::AlterTable { table, .. }
            | Statement::DropTable { table, .. }
            | Statement::Truncate(table)
            | Statement::CreateIndex { table, .. } => Some(table),
            _ => None,
        });
        let keyspace = match s {
            Statement::CreateKeyspace { name, .. }
            | Statement::AlterKeyspace { name, .. }
            | Statement::DropKeyspace { name, .. }
            | Statement::Use(name) => Some(name),
            _ => table.and_then(|t| t.keyspace.as_ref()),
        };
        if self.keyspace.is_none() {
            self.keyspace = keyspace.cloned();
        }
        if let Some(t) = table {
            if !self.tables.contains(&t.name) {
                self.tables.push(t.name.clone());
            }
        }
        match s {
            Statement::Insert(i) if i.if_not_exists => self.write_type = "CAS",
            Statement::Update(u) if u.condition.is_some() => self.write_type = "CAS",
            Statement::Delete(d) if d.condition.is_some() => self.write_type = "CAS",
            Statement::Batch(b) => {
                self.write_type = match b.kind {
                    BatchKind::Logged => "BATCH",
                    BatchKind::Unlogged => "UNLOGGED_BATCH",
                    BatchKind::Counter => "COUNTER",
                }
            }
            _ => {}
        }
        match s {
            Statement::Select(_) => "SELECT",
            Statement::Insert(_) => "INSERT",
            Statement::Update(_) => "UPDATE",
            Statement::Delete(_) => "DELETE",
            Statement::Batch(_) => "BATCH",
            Statement::Use(_) => "USE",
            Statement::Truncate(_) => "TRUNCATE",
            Statement::CreateKeyspace { .. }
            | Statement::CreateTable(_)
            | Statement::CreateIndex { .. }
            | Statement::CreateTrigger { .. } => "CREATE",
            Statement::AlterKeyspace { .. } | Statement::AlterTable { .. } => "ALTER",
            Statement::DropKeyspace { .. }
            | Statement::DropTable { .. }
            | Statement::DropIndex { .. }
            | Statement::DropTrigger { .. }
            | Statement::DropType { .. }
            | Statement::DropFunction { .. } => "DROP",
            Statement::CreateType { .. } | Statement::CreateFunction { .. } => "CREATE",
            Statement::AlterType { .. } => "ALTER",
            Statement::Auth(_) => "OTHER",
        }
    }
}

/// The statement kind of `req` for the metrics, without parsing: the
/// first word of its text.
fn quick_kind(node: &Node, req: &Request) -> &'static str {
    match req {
        Request::Query { query, .. } | Request::Prepare(query) => text_kind(query),
        Request::Execute { id, .. } => node
            .prepared
            .get_md5(id)
            .map_or("OTHER", |p| text_kind(&p.query)),
        Request::Batch(b) => match b.kind {
            0 => "LOGGED",
            1 => "UNLOGGED",
            _ => "COUNTER",
        },
        _ => "none",
    }
}

/// The kind of a statement by its first word ("OTHER" when it is none of
/// [`STATEMENT_KINDS`]).
fn text_kind(text: &str) -> &'static str {
    let word = text
        .trim_start()
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("");
    if word.eq_ignore_ascii_case("BEGIN") {
        return "BATCH";
    }
    STATEMENT_KINDS
        .iter()
        .find(|k| k.eq_ignore_ascii_case(word))
        .copied()
        .unwrap_or("OTHER")
}

/// An ERROR body's message.
fn error_message(body: &[u8]) -> Option<String> {
    let mut r = super::super::wire::codec::Reader::new(body);
    r.int().ok()?;
    r.string().ok().map(|s| s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statement_kinds_come_from_the_first_word() {
        assert_eq!(text_kind("  select * from t"), "SELECT");
        assert_eq!(text_kind("BEGIN UNLOGGED BATCH"), "BATCH");
        assert_eq!(text_kind("insert into t"), "INSERT");
        assert_eq!(text_kind("describe tables"), "OTHER");
        assert_eq!(text_kind(""), "OTHER");
        let mut sorted = STATEMENT_KINDS.to_vec();
        sorted.sort_unstable();
        assert_eq!(sorted, STATEMENT_KINDS, "sorted for the metrics");
    }
}
