//! The common `batch_mutate` / `atomic_batch_mutate` read in place: a map of
//! row keys to Standard column families to plain column writes, read
//! straight from the request's bytes into the engine's mutations, with no
//! `Mutation`, `ColumnOrSuperColumn` or `Column` built, moved and dropped per
//! column and none of the streamed batch's bookkeeping. Why: on a 5-column
//! insert those structs, their moves and the bookkeeping were about a third
//! of the server's user-space instructions (callgrind).
//!
//! What must not change: the answers. This module takes only a request it
//! can show valid: every argument shaped as the generated reader reads it
//! (the expected wire types, no field skipped, repeated or missing), no row
//! key or column family twice, no empty map or list, every check of
//! `batch`'s rules passed, and no bigger than [`MAX_REQUEST`]. Any other
//! request is handed back untouched (nothing charged, nothing checked
//! against the session's rights) and read and answered by `batch` from its
//! first byte, so every
//! error, its order and its text stay `batch`'s by construction. The access
//! control, the consistency checks and the apply are the same code as
//! `batch`'s.

use crate::model::{Op, RowMutation};
use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::schema::{CfDef, Schema};
use crate::thrift::api19::batch::{batch_row, process_batch_mutate, write_outcome};
use crate::thrift::api19::convert::cell_parts;
use crate::thrift::api19::release::writes::{
    cellname, decimalname, defaultttl, dynamic, mutationrow, ttlbound,
};
use crate::thrift::api19::validation::{self as v, Access, ColumnParts};
use crate::thrift::api19::writes::{check_writable, check_write, row_mutation};
use crate::thrift::api19::Handler;
use crate::thrift::batch;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::ConsistencyLevel;
use crate::thrift::wire::bounded::{self, BoundedInput};
use crate::thrift::wire::{ttype, Reader, WireError};
use std::mem::size_of;
use std::sync::Arc;
use thrift::protocol::TOutputProtocol;

/// Requests at most this big are read in place: the small writes this is
/// for. A bigger one goes to the streamed reader, whose memory on big
/// batches was measured (docs/compatibility.md, "One request's peak"); both apply their
/// rows by [`batch::apply_in_chunks`] (or, atomic, in one engine call).
const MAX_REQUEST: usize = 64 * 1024;

/// `batch_mutate` (or, `atomic`, `atomic_batch_mutate`): read in place when
/// the request allows it, else by [`process_batch_mutate`]. `i` is the
/// request after its message header.
pub fn process_batch_mutate_in_place(
    h: &Handler<'_>,
    atomic: bool,
    seq: i32,
    i: &mut BoundedInput<'_>,
    o: &mut dyn TOutputProtocol,
) -> thrift::Result<()> {
    let Some(mut batch) = read(h, i.rest()) else {
        return process_batch_mutate(h, atomic, seq, i, o);
    };
    let cl = batch.cl;
    let names = std::mem::take(&mut batch.names);
    let result = h.with_ks(batch_row(atomic), Some(cl), names, |ks| {
        batch.apply(h.node, ks, atomic)
    });
    write_outcome(o, atomic, seq, result)
}

/// A batch read in place and checked.
struct Checked<'a> {
    /// One per row key, in key order; each key's column families in name
    /// order (the decoded map's order).
    rows: Vec<Row>,
    /// The column families written, each once, in name order (what the
    /// batch must be allowed to modify).
    names: Vec<&'a str>,
    cl: ConsistencyLevel,
}

struct Row {
    mutation: RowMutation,
    /// The column families written, as resolved when checked (their
    /// keyspace is the one the batch was checked in).
    defs: Vec<Arc<CfDef>>,
}

impl Checked<'_> {
    /// `batch::apply`'s steps for a batch of plain writes with no error.
    fn apply(self, node: &Node, ks: &str, atomic: bool) -> ApiResult<()> {
        if let Some(def) = self
            .rows
            .iter()
            .flat_map(|r| &r.defs)
            .find(|d| d.keyspace != ks)
        {
            return Err(ApiError::Internal(format!(
                "batch read for keyspace {:?}, applied to {ks}",
                def.keyspace
            )));
        }
        check_write(node, ks, None, self.cl, Access::Write)?;
        check_writable(node, ks)?;
        let rows = self.rows.into_iter().map(|r| r.mutation);
        if atomic {
            let rows: Vec<RowMutation> = rows.collect();
            node.apply_logged(&rows)?;
        } else {
            batch::apply_in_chunks(node, rows)?;
        }
        Ok(())
    }
}

/// The arguments read and checked, or `None` for anything this module does
/// not take (see the module's comment).
fn read<'a>(h: &Handler<'_>, args: &'a [u8]) -> Option<Checked<'a>> {
    if args.len() > MAX_REQUEST {
        return None;
    }
    let session = h.session.borrow();
    let ks = session.api19.keyspace.as_deref()?;
    let schema = h.node.schema();
    let mut r = Reader::new(args);
    let mut map = None;
    let mut names = Vec::new();
    let mut cl = None;
    loop {
        match r.u8().ok()? {
            ttype::STOP => break,
            ttype::MAP if map.is_none() && r.i16().ok()? == 1 => {
                let (now, release) = (h.node.now(), h.node.release);
                map = Some(read_map(&mut r, &schema, ks, now, release, &mut names).ok()??);
            }
            ttype::I32 if cl.is_none() && r.i16().ok()? == 2 => {
                cl = Some(ConsistencyLevel(r.i32().ok()?));
            }
            _ => return None,
        }
    }
    let (cl, mut rows) = (cl?, map?);
    // A column family without a store (2.0's unopened index) closes the
    // connection: `batch` answers that.
    let unstored =
        |n: &&str| crate::thrift::api19::release::schema::plainindex::unstored(h.node, ks, n);
    if names.iter().any(unstored) {
        return None;
    }
    // The decoded map's order: keys, then each key's column families.
    rows.sort_unstable_by(|a, b| a.mutation.key.cmp(&b.mutation.key));
    if rows
        .windows(2)
        .any(|w| w[0].mutation.key == w[1].mutation.key)
    {
        return None;
    }
    // What is kept while the batch is applied, charged about as `batch`
    // charges it.
    let held: usize = rows.iter().map(|r| held_bytes(&r.mutation)).sum();
    bounded::reserve(held).ok()?;
    names.sort_unstable();
    names.dedup();
    Some(Checked { rows, names, cl })
}

/// About what `batch` charges for a row (its key, its lists, its ops).
fn held_bytes(m: &RowMutation) -> usize {
    let ops = m.updates.iter().map(|(cf, ops)| {
        cf.len()
            + ops.len() * size_of::<Op>()
            + ops
                .iter()
                .map(|op| match op {
                    Op::Put { cell, .. } => cell.name.len() + cell.value.len(),
                    _ => 0,
                })
                .sum::<usize>()
    });
    size_of::<Vec<u8>>() + m.key.len() + ops.sum::<usize>()
}

/// `map<binary, map<string, list<Mutation>>>`: `Ok(None)` for anything not
/// taken here.
fn read_map<'a>(
    r: &mut Reader<'a>,
    schema: &Schema,
    ks: &str,
    now: i32,
    release: Option<&'static Release>,
    names: &mut Vec<&'a str>,
) -> Result<Option<Vec<Row>>, WireError> {
    let dialect = crate::thrift::api19::release::checks(release);
    let (kt, vt, keys) = r.map_len()?;
    if kt != ttype::STRING || vt != ttype::MAP || keys == 0 {
        return Ok(None);
    }
    let mut rows = Vec::with_capacity(keys.min(bounded::PREALLOC_MAX));
    for _ in 0..keys {
        let key = r.bytes()?;
        let (kt, vt, cfs) = r.map_len()?;
        if kt != ttype::STRING || vt != ttype::LIST || cfs == 0 {
            return Ok(None);
        }
        let mut updates = Vec::with_capacity(cfs.min(bounded::PREALLOC_MAX));
        let mut defs = Vec::with_capacity(cfs.min(bounded::PREALLOC_MAX));
        for _ in 0..cfs {
            let Ok(name) = std::str::from_utf8(r.bytes()?) else {
                return Ok(None);
            };
            let Some(def) = standard_cf(schema, ks, name, key, dialect) else {
                return Ok(None);
            };
            if r.u8()? != ttype::STRUCT {
                return Ok(None);
            }
            let n = r.collection_len(ttype::STRUCT)?;
            if n == 0 {
                return Ok(None);
            }
            let mut ops = Vec::with_capacity(n.min(bounded::PREALLOC_MAX));
            for _ in 0..n {
                let Some(c) = read_mutation(r)? else {
                    return Ok(None);
                };
                if v::validate_standard_column(&def, c, dialect).is_err()
                    || ttlbound::out_of_bounds(c.ttl, now)
                    || cellname::write_failure(release, &def, c.name).is_some()
                    || unknown_column_3x(release, &def, c.name)
                    || decimalname::failure(release, &def, None, c.name).is_some()
                {
                    return Ok(None);
                }
                ops.push(Op::Put {
                    super_column: None,
                    cell: cell_parts(c, now),
                });
            }
            // 0.8's DynamicCompositeType failing on names of two types: the
            // reader of whole batches answers it.
            if dynamic::mismatch(release, &def, &ops, 0).is_some() {
                return Ok(None);
            }
            defaultttl::apply(release, &def, now, &mut ops);
            mutationrow::reconcile(release, &def, &mut ops);
            updates.push((name.to_string(), ops));
            names.push(name);
            defs.push(def);
        }
        if cfs > 1 {
            updates.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            if updates.windows(2).any(|w| w[0].0 == w[1].0) {
                return Ok(None);
            }
        }
        rows.push(Row {
            mutation: row_mutation(ks, key.to_vec(), updates),
            defs,
        });
    }
    Ok(Some(rows))
}

/// The column family `name` of `ks` if it is a Standard, non-counter one
/// and `key` passes its checks (`batch`'s rules for a list).
fn standard_cf(
    schema: &Schema,
    ks: &str,
    name: &str,
    key: &[u8],
    dialect: v::Checks,
) -> Option<Arc<CfDef>> {
    let def = v::validate_cf(schema, ks, name).ok()?;
    if def.is_super() || def.is_counter() || v::validate_key(&def, key, dialect).is_err() {
        return None;
    }
    Some(def)
}

/// A `Mutation` holding a `ColumnOrSuperColumn` holding only a `Column`:
/// that column's fields, or `None` for any other mutation.
fn read_mutation<'a>(r: &mut Reader<'a>) -> Result<Option<ColumnParts<'a>>, WireError> {
    // Mutation { 1: ColumnOrSuperColumn }, then ColumnOrSuperColumn { 1: Column }.
    for _ in 0..2 {
        if r.u8()? != ttype::STRUCT || r.i16()? != 1 {
            return Ok(None);
        }
    }
    let mut name = None;
    let mut value = None;
    let mut timestamp = None;
    let mut ttl = None;
    loop {
        let t = r.u8()?;
        if t == ttype::STOP {
            break;
        }
        match (t, r.i16()?) {
            (ttype::STRING, 1) if name.is_none() => name = Some(r.bytes()?),
            (ttype::STRING, 2) if value.is_none() => value = Some(r.bytes()?),
            (ttype::I64, 3) if timestamp.is_none() => timestamp = Some(r.i64()?),
            (ttype::I32, 4) if ttl.is_none() => ttl = Some(r.i32()?),
            _ => return Ok(None),
        }
    }
    // The ends of the ColumnOrSuperColumn and of the Mutation.
    if r.u8()? != ttype::STOP || r.u8()? != ttype::STOP {
        return Ok(None);
    }
    Ok(name.map(|name| ColumnParts {
        name,
        value,
        timestamp,
        ttl,
    }))
}

#[cfg(test)]
#[path = "batch_tests.rs"]
mod tests;

/// Whether 3.x refused `name` as no column of the CQL table `cf`
/// (`v3x::cellname::validated`, which the checks above do not make): the
/// batch is answered by the generic path, which refuses it.
fn unknown_column_3x(release: Option<&Release>, cf: &CfDef, name: &[u8]) -> bool {
    release.is_some_and(|r| r.does(Behaviour::ThriftCellNamesDecoded))
        && crate::thrift::api19::release::v3x::cellname::validated(cf, name).is_err()
}
