//! What a request names and how it ended, for the request log
//! ([`crate::thrift::call::log`]): the keyspace and column families its
//! arguments name, the kind of a CQL statement, and the outcome of its reply
//! (ok, or the declared exception or TApplicationException it carried).
//!
//! Read from the request and reply bytes only when a line is logged, so a
//! server not logging requests pays nothing for it. It must never return
//! values, keys or passwords: only names (keyspace, column family, table)
//! and keywords; names are quoted when they hold anything but the characters
//! a Cassandra name may have, so a client cannot forge log lines.

use crate::thrift::call::cql::{statement, Statement};
use crate::thrift::session::Generation;
use crate::thrift::wire::{mtype, ttype, Reader, WireError};
use std::fmt;

/// Where a request's arguments name a keyspace or column family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum At {
    /// A string argument.
    Arg(i16),
    /// The `column_family` (field 3) of a ColumnParent or ColumnPath argument.
    Parent(i16),
    /// A string field of a struct argument (`CfDef.keyspace`, `KsDef.name`).
    Inner(i16, i16),
    /// The keys of a `map<string, _>` argument (0.6 `batch_insert`).
    Keys(i16),
    /// The keys of the maps that are the values of a map argument (`batch_mutate`).
    InnerKeys(i16),
    /// `get_multi_slice`: its request's column_parent.
    MultiSlice,
    /// The query (field 1) of a CQL call, compressed when field 2 is GZIP (1).
    Query,
}

/// Where `method` of generation `g` names its keyspace and column family.
pub(crate) fn locations(g: Generation, method: &str) -> (Option<At>, Option<At>) {
    use At::*;
    match g {
        Generation::V06 => match method {
            "get" | "get_slice" | "multiget" | "multiget_slice" | "get_count" | "insert"
            | "remove" => (Some(Arg(1)), Some(Parent(3))),
            "get_range_slice" | "get_range_slices" => (Some(Arg(1)), Some(Parent(2))),
            "batch_insert" => (Some(Arg(1)), Some(Keys(3))),
            "batch_mutate" => (Some(Arg(1)), Some(InnerKeys(2))),
            "login" | "describe_ring" | "describe_keyspace" => (Some(Arg(1)), None),
            _ => (None, None),
        },
        Generation::V19 => match method {
            "get" | "get_slice" | "get_count" | "multiget_slice" | "multiget_count" | "insert"
            | "add" | "remove" | "remove_counter" => (None, Some(Parent(2))),
            "get_range_slices" | "get_indexed_slices" => (None, Some(Parent(1))),
            "get_paged_slice"
            | "truncate"
            | "describe_splits"
            | "describe_splits_ex"
            | "system_drop_column_family" => (None, Some(Arg(1))),
            "cas" => (None, Some(Arg(2))),
            "get_multi_slice" => (None, Some(MultiSlice)),
            "batch_mutate" | "atomic_batch_mutate" => (None, Some(InnerKeys(1))),
            "system_add_column_family" | "system_update_column_family" => {
                (Some(Inner(1, 1)), Some(Inner(1, 2)))
            }
            "system_add_keyspace" | "system_update_keyspace" => (Some(Inner(1, 1)), None),
            "set_keyspace"
            | "system_drop_keyspace"
            | "describe_keyspace"
            | "describe_ring"
            | "describe_local_ring" => (Some(Arg(1)), None),
            "execute_cql_query" | "execute_cql3_query" | "prepare_cql_query"
            | "prepare_cql3_query" => (Some(Query), Some(Query)),
            _ => (None, None),
        },
    }
}

/// The declared exception of `method` in field `id` of its result struct.
pub(crate) fn exception_name(g: Generation, method: &str, id: i16) -> Option<&'static str> {
    const IRE: &str = "InvalidRequestException";
    const NFE: &str = "NotFoundException";
    const UE: &str = "UnavailableException";
    const TE: &str = "TimedOutException";
    const SDE: &str = "SchemaDisagreementException";
    let throws: &[&str] = match (g, method) {
        (_, "login") => &["AuthenticationException", "AuthorizationException"],
        (_, "get") => &[IRE, NFE, UE, TE],
        (Generation::V06, "describe_keyspace") => &[NFE],
        (Generation::V19, "describe_keyspace") => &[NFE, IRE],
        (Generation::V06, "describe_ring") => &[IRE],
        (Generation::V06, _) => &[IRE, UE, TE],
        (_, m) if m.starts_with("system_") => &[IRE, SDE],
        (_, m) if m.starts_with("execute_") => &[IRE, UE, TE, SDE],
        (_, m) if m.starts_with("describe_") || m.starts_with("prepare_") => &[IRE],
        (_, "set_keyspace" | "set_cql_version") => &[IRE],
        _ => &[IRE, UE, TE],
    };
    throws
        .get(usize::try_from(id).ok()?.checked_sub(1)?)
        .copied()
}

/// A name from a request, shown as is when it looks like a Cassandra
/// name, else quoted and escaped (and cut short).
pub struct Name(pub String);

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plain = !self.0.is_empty()
            && self.0.len() <= 64
            && self
                .0
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if plain {
            f.write_str(&self.0)
        } else {
            let cut: String = self.0.chars().take(64).collect();
            write!(f, "{cut:?}")
        }
    }
}

fn name(bytes: &[u8]) -> Name {
    Name(String::from_utf8_lossy(bytes).into_owned())
}

/// Column families named, at most this many (a batch may name hundreds).
const MAX_CFS: usize = 4;

/// What one request names.
#[derive(Default)]
pub struct Target {
    pub keyspace: Option<Name>,
    pub cfs: Vec<Name>,
    /// More column families than `cfs` holds.
    pub more_cfs: usize,
    pub statement: Option<Statement>,
}

impl Target {
    fn add_cf(&mut self, cf: Name) {
        if self.cfs.iter().any(|c| c.0 == cf.0) {
            return;
        }
        if self.cfs.len() < MAX_CFS {
            self.cfs.push(cf);
        } else {
            self.more_cfs += 1;
        }
    }
}

/// The keyspace, column families and statement kind `args` (a request's
/// bytes after its header) name, as far as they can be read.
pub fn target(g: Generation, method: &str, args: &[u8]) -> Target {
    let mut t = Target::default();
    if method.starts_with("execute_prepared_") {
        // The statement was named by its `prepare_*` call's line; the
        // request holds only its id and bound values.
        t.statement = Some(Statement::kind_only("EXECUTE PREPARED"));
        return t;
    }
    let (ks, cf) = locations(g, method);
    if ks == Some(At::Query) {
        t.statement = Some(query_statement(args));
        if let Some(s) = &t.statement {
            t.keyspace = s.keyspace.clone().map(Name);
            if let Some(table) = &s.table {
                t.add_cf(Name(table.clone()));
            }
        }
        return t;
    }
    if let Some(at) = ks {
        let mut found = Vec::new();
        let _ = read_at(args, at, &mut |n| found.push(n));
        t.keyspace = found.into_iter().next();
    }
    if let Some(at) = cf {
        let _ = read_at(args, at, &mut |n| t.add_cf(n));
    }
    t
}

/// The statement of a CQL call, or a placeholder when its query cannot be read.
fn query_statement(args: &[u8]) -> Statement {
    let mut query = None;
    let mut gzip = false;
    let _ = each_field(&mut Reader::new(args), &mut |r, id, t| {
        match (id, t) {
            (1, ttype::STRING) => query = Some(r.bytes()?),
            (2, ttype::I32) => gzip = r.i32()? == 1,
            _ => r.skip(t, 1)?,
        }
        Ok(())
    });
    match query {
        Some(_) if gzip => Statement::kind_only("(compressed)"),
        Some(q) => statement(&String::from_utf8_lossy(q)),
        None => Statement::kind_only("(unreadable)"),
    }
}

/// Calls `f` on each field of the struct `r` is at, until its STOP.
pub(crate) fn each_field<'a>(
    r: &mut Reader<'a>,
    f: &mut dyn FnMut(&mut Reader<'a>, i16, u8) -> Result<(), WireError>,
) -> Result<(), WireError> {
    loop {
        let t = r.u8()?;
        if t == ttype::STOP {
            return Ok(());
        }
        let id = r.i16()?;
        f(r, id, t)?;
    }
}

/// The string field `want` of the struct `r` is at (the rest skipped).
fn string_field(r: &mut Reader<'_>, want: i16) -> Result<Option<Name>, WireError> {
    let mut found = None;
    each_field(r, &mut |r, id, t| {
        if id == want && t == ttype::STRING {
            found = Some(name(r.bytes()?));
        } else {
            r.skip(t, 2)?;
        }
        Ok(())
    })?;
    Ok(found)
}

/// The keys of the map `r` is at, when they are strings.
fn map_keys(r: &mut Reader<'_>, out: &mut dyn FnMut(Name)) -> Result<(), WireError> {
    let (kt, vt, n) = r.map_len()?;
    for _ in 0..n {
        if kt == ttype::STRING {
            out(name(r.bytes()?));
        } else {
            r.skip(kt, 2)?;
        }
        r.skip(vt, 2)?;
    }
    Ok(())
}

fn read_at(args: &[u8], at: At, out: &mut dyn FnMut(Name)) -> Result<(), WireError> {
    let mut r = Reader::new(args);
    each_field(&mut r, &mut |r, id, t| {
        match (at, t) {
            (At::Arg(a), ttype::STRING) if a == id => out(name(r.bytes()?)),
            (At::Parent(a), ttype::STRUCT) if a == id => {
                if let Some(n) = string_field(r, 3)? {
                    out(n);
                }
            }
            (At::Inner(a, inner), ttype::STRUCT) if a == id => {
                if let Some(n) = string_field(r, inner)? {
                    out(n);
                }
            }
            (At::Keys(a), ttype::MAP) if a == id => map_keys(r, out)?,
            (At::InnerKeys(a), ttype::MAP) if a == id => {
                let (kt, vt, n) = r.map_len()?;
                for _ in 0..n {
                    r.skip(kt, 2)?;
                    if vt == ttype::MAP {
                        map_keys(r, out)?;
                    } else {
                        r.skip(vt, 2)?;
                    }
                }
            }
            (At::MultiSlice, ttype::STRUCT) if id == 1 => each_field(r, &mut |r, id, t| {
                if id == 2 && t == ttype::STRUCT {
                    if let Some(n) = string_field(r, 3)? {
                        out(n);
                    }
                } else {
                    r.skip(t, 2)?;
                }
                Ok(())
            })?,
            _ => r.skip(t, 1)?,
        }
        Ok(())
    })
}

/// How a call ended, from its reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    /// The declared exception the reply carries (or its field id, for one
    /// the IDL does not declare).
    Exception(String),
    /// A TApplicationException of this type.
    Application(&'static str),
    /// A oneway call (no reply).
    NoReply,
    /// No reply: the connection is closed (why).
    Closed(String),
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ok => f.write_str("ok"),
            Outcome::Exception(e) => f.write_str(e),
            Outcome::Application(kind) => write!(f, "TApplicationException({kind})"),
            Outcome::NoReply => f.write_str("ok (oneway)"),
            Outcome::Closed(why) => write!(f, "connection closed: {why}"),
        }
    }
}

/// The outcome a reply message reports.
pub fn outcome(g: Generation, method: &str, reply: &[u8]) -> Outcome {
    let mut r = Reader::new(reply);
    let Ok(header) = r.message_header() else {
        return Outcome::Application("UNKNOWN");
    };
    let mut first = None;
    let mut app_kind = 0;
    let _ = each_field(&mut r, &mut |r, id, t| {
        first.get_or_insert(id);
        match (header.mtype, id, t) {
            (mtype::EXCEPTION, 2, ttype::I32) => app_kind = r.i32()?,
            _ => r.skip(t, 1)?,
        }
        Ok(())
    });
    if header.mtype == mtype::EXCEPTION {
        return Outcome::Application(application_kind(app_kind));
    }
    match first {
        None | Some(0) => Outcome::Ok,
        Some(id) => Outcome::Exception(match exception_name(g, method, id) {
            Some(n) => n.to_string(),
            None => format!("exception in result field {id}"),
        }),
    }
}

/// The names of TApplicationException's types, as Thrift's Java enum.
fn application_kind(kind: i32) -> &'static str {
    match kind {
        1 => "UNKNOWN_METHOD",
        2 => "INVALID_MESSAGE_TYPE",
        3 => "WRONG_METHOD_NAME",
        4 => "BAD_SEQUENCE_ID",
        5 => "MISSING_RESULT",
        6 => "INTERNAL_ERROR",
        7 => "PROTOCOL_ERROR",
        8 => "INVALID_TRANSFORM",
        9 => "INVALID_PROTOCOL",
        10 => "UNSUPPORTED_CLIENT_TYPE",
        _ => "UNKNOWN",
    }
}

#[cfg(test)]
#[path = "names_tests.rs"]
pub(crate) mod tests;
