//! The one reader of what a Thrift request names: its keyspace (for 19.x,
//! the connection's when the arguments name none), column families, row
//! keys, consistency level and, for a CQL call, its statement (kind and
//! names, from [`crate::thrift::call::cql`]) and text. The request log, the
//! primed faults and the activity record all take what they show or match
//! on from here; where each method names what is in
//! [`crate::thrift::call::methods`].
//!
//! Read from the request bytes only when one of them needs it, so a server
//! that logs nothing, has no fault rule and no activity record pays nothing.
//! What was read before a malformed byte stands; the rest is left out, never
//! an error. Row keys and CQL text are values: what each consumer shows of
//! them is its own business (the request log shows names only).

use crate::thrift::call::cql::{statement, Statement};
use crate::thrift::call::methods::{level_name, row_at};
use crate::thrift::session::{Generation, Session};
use crate::thrift::wire::located::{At, Level};
use crate::thrift::wire::{lossy, ttype, Reader, WireError};

/// Column families named, at most this many (a batch may name hundreds).
const MAX_CFS: usize = 4;

/// Row keys read from a call at most.
const MAX_KEYS: usize = 64;

/// What one request names.
#[derive(Clone, Debug, Default)]
pub struct Named {
    pub keyspace: Option<String>,
    /// Distinct, at most [`MAX_CFS`] of them.
    pub column_families: Vec<String>,
    /// More column families than `column_families` holds.
    pub more_cfs: usize,
    /// At most [`MAX_KEYS`] of them.
    pub keys: Vec<Vec<u8>>,
    pub consistency_level: Option<String>,
    /// The kind of a CQL call's statement and the names it reads.
    pub statement: Option<Statement>,
    /// A CQL call's text (a compressed one inflated, as far as it goes).
    pub cql: Option<String>,
    /// The statement id of `execute_prepared_cql3_query`, whose text the
    /// caller finds in the node's prepared cache.
    pub prepared_id: Option<i32>,
}

impl Named {
    fn add_cf(&mut self, cf: String) {
        if self.column_families.contains(&cf) {
            return;
        }
        if self.column_families.len() < MAX_CFS {
            self.column_families.push(cf);
        } else {
            self.more_cfs += 1;
        }
    }
}

/// What `args` (a request's bytes after its header) of a call of `method`
/// in generation `g` name, on a connection in state `session`.
pub fn read(g: Generation, method: &str, args: &[u8], session: &Session) -> Named {
    let mut n = Named::default();
    let at = row_at(g, method);
    let (ks_at, cf_at) = (at.keyspace, at.column_family);
    if method.starts_with("execute_prepared_") {
        // The statement was named by its `prepare_*` call; the request
        // holds only its id and bound values.
        n.statement = Some(Statement::kind_only("EXECUTE PREPARED"));
        if g == Generation::Api19 && method == "execute_prepared_cql3_query" {
            n.prepared_id = last_i32(args, 1);
        }
    } else if ks_at == Some(At::Query) {
        read_query(args, &mut n);
    } else {
        if let Some(at) = ks_at {
            names_at(args, at, &mut |b| {
                n.keyspace.get_or_insert_with(|| lossy(b).into_owned());
            });
        }
        if let Some(at) = cf_at {
            names_at(args, at, &mut |b| n.add_cf(lossy(b).into_owned()));
        }
    }
    if let Some(at) = at.key {
        names_at(args, at, &mut |k| {
            if n.keys.len() < MAX_KEYS {
                n.keys.push(k.to_vec());
            }
        });
    }
    let level = match at.level {
        Some(Level::Arg(field, default)) => last_i32(args, field).or(default),
        Some(Level::MultiSlice) => Some(multi_slice_level(args).unwrap_or(1)),
        None => None,
    };
    n.consistency_level = level.map(|l| level_name(g, l));
    if n.keyspace.is_none() && g == Generation::Api19 {
        // 19.x calls work in the connection's keyspace (`set_keyspace`, `USE`).
        n.keyspace = session.api19.keyspace.clone();
    }
    n
}

/// A CQL call's statement, the names it reads and its text.
fn read_query(args: &[u8], n: &mut Named) {
    let mut query = None;
    names_at(args, At::Arg(1), &mut |q| query = Some(q));
    let gzip = last_i32(args, 2) == Some(1);
    let s = match query {
        Some(_) if gzip => Statement::kind_only("(compressed)"),
        Some(q) => statement(&String::from_utf8_lossy(q)),
        None => Statement::kind_only("(unreadable)"),
    };
    n.keyspace = s.keyspace.clone();
    if let Some(table) = &s.table {
        n.add_cf(table.clone());
    }
    n.statement = Some(s);
    n.cql = query.map(|q| match gzip {
        true => inflate(q).unwrap_or_else(|| "(compressed, unreadable)".into()),
        false => lossy(q).into_owned(),
    });
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

/// The last i32 argument `field` of `args`.
fn last_i32(args: &[u8], field: i16) -> Option<i32> {
    let mut found = None;
    let _ = Reader::new(args).each_field(&mut |r, id, t| {
        match (id, t) {
            (f, ttype::I32) if f == field => found = Some(r.i32()?),
            _ => r.skip(t, 1)?,
        }
        Ok(())
    });
    found
}

/// The consistency level in `get_multi_slice`'s request struct (field 1), field 6.
fn multi_slice_level(args: &[u8]) -> Option<i32> {
    let mut level = None;
    let _ = Reader::new(args).each_field(&mut |r, id, t| {
        if id == 1 && t == ttype::STRUCT {
            r.each_field(&mut |r, id, t| {
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
    level
}

/// Calls `out` on each name (or key) at `at` in `args` (a request's bytes
/// after its header), borrowed: the transport routes reads by them on
/// every call, so nothing here allocates.
pub(crate) fn names_at<'a>(args: &'a [u8], at: At, out: &mut dyn FnMut(&'a [u8])) {
    let _ = Reader::new(args).each_field(&mut |r, id, t| {
        match (at, t) {
            (At::Arg(a), ttype::STRING) if a == id => out(r.bytes()?),
            (At::Parent(a), ttype::STRUCT) if a == id => out_field(r, 3, out)?,
            (At::Inner(a, inner), ttype::STRUCT) if a == id => out_field(r, inner, out)?,
            (At::List(a), ttype::LIST | ttype::SET) if a == id => {
                let et = r.u8()?;
                for _ in 0..r.collection_len(et)? {
                    if et == ttype::STRING {
                        out(r.bytes()?);
                    } else {
                        r.skip(et, 2)?;
                    }
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
            (At::MultiSlice, ttype::STRUCT) if id == 1 => r.each_field(&mut |r, id, t| {
                if id == 2 && t == ttype::STRUCT {
                    out_field(r, 3, out)
                } else {
                    r.skip(t, 2)
                }
            })?,
            _ => r.skip(t, 1)?,
        }
        Ok(())
    });
}

/// The (last) string field `want` of the struct `r` is at, to `out` once
/// the struct is read whole.
fn out_field<'a>(
    r: &mut Reader<'a>,
    want: i16,
    out: &mut dyn FnMut(&'a [u8]),
) -> Result<(), WireError> {
    let mut found = None;
    r.each_field(&mut |r, id, t| {
        if id == want && t == ttype::STRING {
            found = Some(r.bytes()?);
        } else {
            r.skip(t, 2)?;
        }
        Ok(())
    })?;
    if let Some(name) = found {
        out(name);
    }
    Ok(())
}

/// The keys of the map `r` is at, when they are strings.
fn map_keys<'a>(r: &mut Reader<'a>, out: &mut dyn FnMut(&'a [u8])) -> Result<(), WireError> {
    let (kt, vt, n) = r.map_len()?;
    for _ in 0..n {
        if kt == ttype::STRING {
            out(r.bytes()?);
        } else {
            r.skip(kt, 2)?;
        }
        r.skip(vt, 2)?;
    }
    Ok(())
}

#[cfg(test)]
#[path = "request_tests.rs"]
mod tests;
