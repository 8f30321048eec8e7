//! What the test kit needs to know about one Thrift call: its generation,
//! method, keyspace, column families, row keys, consistency level and CQL
//! text (for matching primed faults and for the activity record), and how
//! its reply ended (exception name and `why`).
//!
//! Read from the request and reply bytes, and only when a fault rule
//! exists or the activity record is on (see [`crate::thrift::call::testkit`]).
//! Keyspace and column families come from [`crate::thrift::call::names`], as
//! for the request log; this module adds what the log must not show (row
//! keys, CQL text), which only the admin surface exposes.

use crate::thrift::call::names::{each_field, exception_name, target};
use crate::thrift::dispatch::choose_generation;
use crate::thrift::session::{Generation, Session};
use crate::thrift::wire::scan::field_shape;
use crate::thrift::wire::{mtype, ttype, MessageHeader, Reader, WireError};

/// Row keys read from a call at most.
const MAX_KEYS: usize = 64;

/// One call's facts.
#[derive(Clone, Debug)]
pub struct CallFacts {
    pub header: MessageHeader,
    /// Where the arguments start in the request.
    pub args_at: usize,
    pub generation: Generation,
    pub keyspace: Option<String>,
    pub column_families: Vec<String>,
    pub keys: Vec<Vec<u8>>,
    pub consistency_level: Option<String>,
    pub cql: Option<String>,
    /// The statement id of `execute_prepared_cql3_query`, whose text the
    /// caller finds in the node's prepared cache.
    pub prepared_id: Option<i32>,
}

/// The facts of request `msg` on a connection in state `session` (before
/// the call runs); `None` when its header cannot be read.
pub fn read(session: &Session, msg: &[u8]) -> Option<CallFacts> {
    let mut r = Reader::new(msg);
    let header = r.message_header().ok()?;
    let args = &msg[r.position()..];
    let g = choose_generation(&header.name, &field_shape(args), session);
    let method = header.name.as_str();
    let t = target(g, method, args);
    let mut keyspace = t.keyspace.map(|n| n.0);
    if keyspace.is_none() && g == Generation::V19 {
        // 19.x data calls work in the connection's keyspace.
        keyspace = session.v19.keyspace.clone();
    }
    let mut keys = Vec::new();
    if let Some(at) = key_location(g, method) {
        let _ = read_keys(args, at, &mut keys);
    }
    let consistency_level = consistency(g, method, args);
    let cql = cql_text(g, method, args);
    let prepared_id = prepared_id(g, method, args);
    Some(CallFacts {
        header,
        args_at: r.position(),
        generation: g,
        keyspace,
        column_families: t.cfs.into_iter().map(|n| n.0).collect(),
        keys,
        consistency_level,
        cql,
        prepared_id,
    })
}

/// The statement id a 19.x prepared CQL3 execution names (argument 1).
fn prepared_id(g: Generation, method: &str, args: &[u8]) -> Option<i32> {
    if g != Generation::V19 || method != "execute_prepared_cql3_query" {
        return None;
    }
    let mut id = None;
    let _ = each_field(&mut Reader::new(args), &mut |r, field, t| {
        match (field, t) {
            (1, ttype::I32) => id = Some(r.i32()?),
            _ => r.skip(t, 1)?,
        }
        Ok(())
    });
    id
}

/// Where a method's row keys are: (argument, how).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Keys {
    One(i16),
    List(i16),
    InMap(i16),
}

fn key_location(g: Generation, method: &str) -> Option<Keys> {
    use Keys::*;
    Some(match (g, method) {
        (
            Generation::V06,
            "get" | "get_slice" | "get_count" | "insert" | "remove" | "batch_insert",
        ) => One(2),
        (Generation::V06, "multiget" | "multiget_slice") => List(2),
        (Generation::V06, "batch_mutate") => InMap(2),
        (
            Generation::V19,
            "get" | "get_slice" | "get_count" | "insert" | "add" | "remove" | "remove_counter"
            | "cas",
        ) => One(1),
        (Generation::V19, "multiget_slice" | "multiget_count") => List(1),
        (Generation::V19, "batch_mutate" | "atomic_batch_mutate") => InMap(1),
        _ => return None,
    })
}

fn read_keys(args: &[u8], at: Keys, out: &mut Vec<Vec<u8>>) -> Result<(), WireError> {
    let mut push = |k: &[u8]| {
        if out.len() < MAX_KEYS {
            out.push(k.to_vec());
        }
    };
    each_field(&mut Reader::new(args), &mut |r, id, t| {
        match (at, t) {
            (Keys::One(a), ttype::STRING) if a == id => push(r.bytes()?),
            (Keys::List(a), ttype::LIST | ttype::SET) if a == id => {
                let et = r.u8()?;
                let n = r.collection_len(et)?;
                for _ in 0..n {
                    if et == ttype::STRING {
                        push(r.bytes()?);
                    } else {
                        r.skip(et, 2)?;
                    }
                }
            }
            (Keys::InMap(a), ttype::MAP) if a == id => {
                let (kt, vt, n) = r.map_len()?;
                for _ in 0..n {
                    if kt == ttype::STRING {
                        push(r.bytes()?);
                    } else {
                        r.skip(kt, 2)?;
                    }
                    r.skip(vt, 2)?;
                }
            }
            _ => r.skip(t, 1)?,
        }
        Ok(())
    })
}

/// The argument holding a method's consistency level (`cas`: its commit
/// level), and the level used when an optional one is absent.
fn consistency_field(g: Generation, method: &str) -> Option<(i16, Option<i32>)> {
    Some(match (g, method) {
        (Generation::V06, "get" | "multiget" | "get_count" | "batch_insert") => (4, None),
        (Generation::V06, "get_slice" | "multiget_slice" | "get_range_slices") => (5, None),
        (Generation::V06, "remove") => (5, Some(1)),
        (Generation::V06, "insert") => (6, None),
        (Generation::V06, "get_range_slice") => (7, None),
        (Generation::V06, "batch_mutate") => (3, None),
        (Generation::V19, "get" | "execute_cql3_query" | "execute_prepared_cql3_query") => {
            (3, None)
        }
        (Generation::V19, "remove_counter") => (3, None),
        (
            Generation::V19,
            "get_slice" | "get_count" | "multiget_slice" | "multiget_count" | "get_range_slices"
            | "get_paged_slice" | "get_indexed_slices" | "insert" | "add",
        ) => (4, None),
        (Generation::V19, "remove") => (4, Some(1)),
        (Generation::V19, "batch_mutate" | "atomic_batch_mutate") => (2, None),
        (Generation::V19, "cas") => (6, None),
        _ => return None,
    })
}

/// The name of consistency level `n` in generation `g`'s enum.
pub fn level_name(g: Generation, n: i32) -> String {
    let name = match (g, n) {
        (Generation::V06, 0) => "ZERO",
        (_, 1) => "ONE",
        (_, 2) => "QUORUM",
        (Generation::V06, 3) => "DCQUORUM",
        (Generation::V06, 4) => "DCQUORUMSYNC",
        (Generation::V19, 3) => "LOCAL_QUORUM",
        (Generation::V19, 4) => "EACH_QUORUM",
        (_, 5) => "ALL",
        (_, 6) => "ANY",
        (Generation::V19, 7) => "TWO",
        (Generation::V19, 8) => "THREE",
        (Generation::V19, 9) => "SERIAL",
        (Generation::V19, 10) => "LOCAL_SERIAL",
        (Generation::V19, 11) => "LOCAL_ONE",
        _ => return n.to_string(),
    };
    name.to_string()
}

fn consistency(g: Generation, method: &str, args: &[u8]) -> Option<String> {
    if method == "get_multi_slice" {
        // In its request struct (field 1), field 6, default ONE.
        let mut level = None;
        let _ = each_field(&mut Reader::new(args), &mut |r, id, t| {
            if id == 1 && t == ttype::STRUCT {
                each_field(r, &mut |r, id, t| {
                    match (id, t) {
                        (6, ttype::I32) => level = Some(r.i32()?),
                        _ => r.skip(t, 2)?,
                    }
                    Ok(())
                })
            } else {
                r.skip(t, 1)
            }
        });
        return Some(level_name(g, level.unwrap_or(1)));
    }
    let (field, default) = consistency_field(g, method)?;
    let mut level = None;
    let _ = each_field(&mut Reader::new(args), &mut |r, id, t| {
        match (id, t) {
            (f, ttype::I32) if f == field => level = Some(r.i32()?),
            _ => r.skip(t, 1)?,
        }
        Ok(())
    });
    level.or(default).map(|n| level_name(g, n))
}

/// The statement text of a CQL call (a compressed one inflated, as far as
/// the activity record keeps it).
fn cql_text(g: Generation, method: &str, args: &[u8]) -> Option<String> {
    if g != Generation::V19
        || !matches!(
            method,
            "execute_cql_query" | "execute_cql3_query" | "prepare_cql_query" | "prepare_cql3_query"
        )
    {
        return None;
    }
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
    let query = query?;
    if gzip {
        return Some(inflate(query).unwrap_or_else(|| "(compressed, unreadable)".into()));
    }
    Some(String::from_utf8_lossy(query).into_owned())
}

/// A zlib-compressed query, up to 64 KiB of it.
fn inflate(bytes: &[u8]) -> Option<String> {
    use std::io::Read;
    let mut text = Vec::new();
    flate2::read::ZlibDecoder::new(bytes)
        .take(64 * 1024)
        .read_to_end(&mut text)
        .ok()?;
    Some(String::from_utf8_lossy(&text).into_owned())
}

/// How a reply ended: "ok", the exception's name ("TApplicationException"
/// for an application error), and its `why` (or message) if it has one.
pub fn reply_outcome(g: Generation, method: &str, reply: &[u8]) -> (String, Option<String>) {
    let mut r = Reader::new(reply);
    let Ok(header) = r.message_header() else {
        return ("TApplicationException".into(), None);
    };
    let mut first = None;
    let mut why = None;
    let _ = each_field(&mut r, &mut |r, id, t| {
        let is_first = first.is_none();
        first.get_or_insert(id);
        match (header.mtype, id, t) {
            // TApplicationException's message.
            (mtype::EXCEPTION, 1, ttype::STRING) => {
                why = Some(String::from_utf8_lossy(r.bytes()?).into_owned())
            }
            // A declared exception: its `why`, when it has one.
            (mtype::REPLY, id, ttype::STRUCT) if id != 0 && is_first => {
                each_field(r, &mut |r, f, t| {
                    match (f, t) {
                        (1, ttype::STRING) => {
                            why = Some(String::from_utf8_lossy(r.bytes()?).into_owned())
                        }
                        _ => r.skip(t, 2)?,
                    }
                    Ok(())
                })?
            }
            _ => r.skip(t, 1)?,
        }
        Ok(())
    });
    if header.mtype == mtype::EXCEPTION {
        return ("TApplicationException".into(), why);
    }
    match first {
        None | Some(0) => ("ok".into(), None),
        Some(id) => (
            exception_name(g, method, id)
                .map(str::to_string)
                .unwrap_or_else(|| format!("exception in result field {id}")),
            why,
        ),
    }
}

#[cfg(test)]
#[path = "facts_tests.rs"]
mod tests;
