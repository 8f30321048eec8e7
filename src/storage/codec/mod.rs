//! The engine's binary encodings: a logged `RowMutation` (one commit-log
//! record), an SSTable partition header (the row deletion) and an SSTable
//! entry payload (a cell, or a whole super column). Every top-level form
//! starts with a version byte so the format can evolve.
//!
//! It must not do I/O; a decode error says what is wrong and the caller adds
//! which file it came from. The writers are here, the bounds-checked
//! reading is [`read`]'s.

use super::row::{CKey, Entry, StoredSuper};
use crate::model::{Cell, CellKind, CellView, DeletionTime, Op, RowMutation};
use crate::schema::{CfDef, Schema};
use crate::storage::row::range_tombstones::{RangeTombstone, RangeTombstones};
use read::Reader;
use std::collections::BTreeMap;

mod read;

pub(super) const MUTATION_V1: u8 = 1;
/// Version 2 adds, after the key, its token as the memtable packs it (see
/// `arena::row_key::token_part`; written for hashing partitioners only):
/// replay orders records by token and need not hash every key again.
/// Version 1 records (older segments, other partitioners) still read.
pub(super) const MUTATION_V2: u8 = 2;
/// Row deletion only.
const HEADER_V1: u8 = 1;
/// Row deletion and range tombstones.
const HEADER_V2: u8 = 2;
const ENTRY_V1: u8 = 1;

/// Bytes that do not decode.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CodecError(pub String);

/// Encodes a mutation whose CFs the caller has resolved (CF ids, not names,
/// so a record stays valid however names are spelled), as version 1 (no
/// token): how older versions logged every record.
#[cfg(test)]
pub fn encode_mutation(schema: &Schema, m: &RowMutation) -> Vec<u8> {
    encode_mutation_with_token(schema, m, &[])
}

/// [`encode_mutation`] with the key's packed token (`token_part`), or none
/// (empty: a version 1 record).
pub fn encode_mutation_with_token(schema: &Schema, m: &RowMutation, token: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    encode_mutation_into(schema, m, token, &mut out);
    out
}

/// [`encode_mutation_with_token`] appended to `out` (a commit-log record
/// framed where it is encoded: no buffer of its own, no copy).
pub fn encode_mutation_into(schema: &Schema, m: &RowMutation, token: &[u8], out: &mut Vec<u8>) {
    out.reserve(encoded_size_hint(m, token));
    put_key(out, &m.key, token);
    let id_of = |name: &str| schema.cf(&m.keyspace, name).map(|cf| cf.id);
    // The count of known column families comes first. Under 128 it is one
    // byte, written once they are (one lookup each, no list of them).
    let count_at = out.len();
    let few = m.updates.len() < 0x80;
    if few {
        out.push(0);
    } else {
        let known = m.updates.iter().filter(|(name, _)| id_of(name).is_some());
        put_var(out, known.count() as u64);
    }
    let mut known = 0u8;
    for (name, ops) in &m.updates {
        let Some(id) = id_of(name) else {
            continue;
        };
        known = known.wrapping_add(1);
        put_var(out, u64::from(id));
        put_var(out, ops.len() as u64);
        for op in ops {
            put_op(out, op);
        }
    }
    if few {
        out[count_at] = known;
    }
}

/// About the bytes [`encode_mutation_into`] appends (a little over for
/// plain puts).
pub fn encoded_size_hint(m: &RowMutation, token: &[u8]) -> usize {
    size_hint(m) + token.len()
}

/// About the encoded size of `m` (a little over for plain puts), so the
/// encoding is allocated once rather than grown twice or three times.
fn size_hint(m: &RowMutation) -> usize {
    let ops: usize = m
        .updates
        .iter()
        .flat_map(|(_, ops)| ops)
        .map(|op| match op {
            Op::Put { super_column, cell } => {
                super_column.as_ref().map_or(0, |sc| sc.len() + 5)
                    + cell.name.len()
                    + cell.value.len()
                    + 32
            }
            _ => 48,
        })
        .sum();
    16 + m.key.len() + 10 * m.updates.len() + ops
}

/// One op as a logged mutation holds it (see [`encode_mutation`]).
pub(crate) fn put_op(out: &mut Vec<u8>, op: &Op) {
    match op {
        Op::Put { super_column, cell } => {
            out.push(if super_column.is_some() { 1 } else { 0 });
            if let Some(sc) = super_column {
                put_bytes(out, sc);
            }
            put_cell(out, cell);
        }
        Op::DeleteRow(dt) => {
            out.push(2);
            put_deletion(out, dt);
        }
        Op::DeleteSuperColumn { name, deletion } => {
            out.push(3);
            put_bytes(out, name);
            put_deletion(out, deletion);
        }
        Op::CounterAdd {
            super_column,
            name,
            delta,
            timestamp,
        } => {
            out.push(if super_column.is_some() { 6 } else { 5 });
            if let Some(sc) = super_column {
                put_bytes(out, sc);
            }
            put_bytes(out, name);
            out.extend_from_slice(&delta.to_be_bytes());
            out.extend_from_slice(&timestamp.to_be_bytes());
        }
        Op::DeleteRange {
            start,
            end,
            deletion,
        } => {
            out.push(4);
            put_bytes(out, start);
            put_bytes(out, end);
            put_deletion(out, deletion);
        }
    }
}

/// The start of a logged mutation of one column family (id `cf_id`) under
/// `key`, whose `nops` ops, each written by [`put_op`], follow it: with
/// them, the bytes [`encode_mutation`] gives for such a mutation.
pub(crate) fn put_record_head(
    out: &mut Vec<u8>,
    (key, token): (&[u8], &[u8]),
    cf_id: u32,
    nops: usize,
) {
    put_key(out, key, token);
    put_var(out, 1);
    put_var(out, u64::from(cf_id));
    put_var(out, nops as u64);
}

/// A logged mutation's version and key, and the key's packed token when
/// there is one (version 2).
fn put_key(out: &mut Vec<u8>, key: &[u8], token: &[u8]) {
    if token.is_empty() {
        out.push(MUTATION_V1);
        put_bytes(out, key);
    } else {
        out.push(MUTATION_V2);
        put_bytes(out, key);
        put_bytes(out, token);
    }
}

/// `n` ops written back to back by [`put_op`], and nothing after them.
pub(crate) fn decode_ops(data: &[u8], n: usize) -> Result<Vec<Op>, CodecError> {
    let mut r = Reader(data);
    let mut ops = Vec::with_capacity(n.min(256));
    for _ in 0..n {
        ops.push(r.op()?);
    }
    r.end()?;
    Ok(ops)
}

/// A logged mutation as stored: its key and each column family's ops by
/// CF id (ids of CFs dropped since included; the reader decides).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logged<'a> {
    pub key: &'a [u8],
    pub updates: Vec<(u32, Vec<Op>)>,
}

/// The key of a logged mutation, without decoding its ops (replay orders
/// records by key before decoding them).
pub fn logged_key(data: &[u8]) -> Result<(&[u8], &[u8]), CodecError> {
    Reader(data).mutation_key()
}

/// Decodes a logged mutation, its CFs left as ids.
pub fn decode_logged(data: &[u8]) -> Result<Logged<'_>, CodecError> {
    let mut r = Reader(data);
    let (key, _) = r.mutation_key()?;
    let n = r.count()?;
    let mut updates = Vec::with_capacity(n.min(16));
    for _ in 0..n {
        let id = u32::try_from(r.var()?).map_err(|_| CodecError("cf id out of range".into()))?;
        let nops = r.count()?;
        let mut ops = Vec::with_capacity(nops.min(256));
        for _ in 0..nops {
            ops.push(r.op()?);
        }
        updates.push((id, ops));
    }
    r.end()?;
    Ok(Logged { key, updates })
}

/// Decodes a logged mutation in place when every op is a put of a column
/// that is not a counter and has no super column (what most writes log):
/// appends each CF's id and the span of its cells in `cells`, the cells
/// borrowed from `data`, and returns the key. `Ok(None)` (or an error) when
/// the record holds anything else: the caller truncates what was appended
/// and decodes it with `decode_logged`, which says what is wrong if anything.
pub fn logged_puts<'a>(
    data: &'a [u8],
    cfs: &mut Vec<(u32, std::ops::Range<usize>)>,
    cells: &mut Vec<CellView<'a>>,
) -> Result<Option<&'a [u8]>, CodecError> {
    let mut r = Reader(data);
    let (key, _) = r.mutation_key()?;
    let n = r.count()?;
    for _ in 0..n {
        let id = u32::try_from(r.var()?).map_err(|_| CodecError("cf id out of range".into()))?;
        let nops = r.count()?;
        let start = cells.len();
        for _ in 0..nops {
            if r.u8()? != 0 {
                return Ok(None);
            }
            let name = r.count().and_then(|n| r.take(n))?;
            match r.cell_view(name)? {
                Some(c) => cells.push(c),
                None => return Ok(None),
            }
        }
        cfs.push((id, start..cells.len()));
    }
    r.end()?;
    Ok(Some(key))
}

/// Decodes a logged mutation with its CFs named (the inverse of
/// `encode_mutation`, for tests; replay reads `decode_logged`). CFs no
/// longer in the schema are dropped; a record touching several keyspaces
/// cannot exist (one mutation, one keyspace).
#[cfg(test)]
pub fn decode_mutation(schema: &Schema, data: &[u8]) -> Result<Option<RowMutation>, CodecError> {
    let logged = decode_logged(data)?;
    let mut keyspace: Option<String> = None;
    let mut updates = Vec::with_capacity(logged.updates.len());
    for (id, ops) in logged.updates {
        match schema.cf_by_id(id) {
            Some(cf) => {
                keyspace.get_or_insert_with(|| cf.keyspace.clone());
                updates.push((cf.name.clone(), ops));
            }
            // Dropped since: ids are never reused, so the ops belong to no CF.
            None => tracing::debug!("skipping logged ops of unknown column family id {id}"),
        }
    }
    Ok(keyspace.map(|keyspace| RowMutation {
        keyspace,
        key: logged.key.to_vec(),
        updates,
    }))
}

/// The partition header of an SSTable row: its deletion marker and range
/// tombstones (version 1 when it has none, as before range tombstones).
#[cfg(test)]
pub fn encode_header(d: &DeletionTime, ranges: &RangeTombstones) -> Vec<u8> {
    // Version and deletion time: all a header without range tombstones holds.
    let mut out = Vec::with_capacity(1 + 12);
    put_header(&mut out, d, ranges);
    out
}

/// A partition header (the row deletion and range tombstones) appended to
/// `out` (a flush reuses one buffer).
pub fn put_header(out: &mut Vec<u8>, d: &DeletionTime, ranges: &RangeTombstones) {
    out.push(if ranges.is_empty() {
        HEADER_V1
    } else {
        HEADER_V2
    });
    put_deletion(out, d);
    if !ranges.is_empty() {
        put_var(out, ranges.iter().count() as u64);
        for t in ranges.iter() {
            put_bytes(out, &t.start);
            put_bytes(out, &t.end);
            put_deletion(out, &t.deletion);
        }
    }
}

pub fn decode_header(data: &[u8]) -> Result<(DeletionTime, RangeTombstones), CodecError> {
    let mut r = Reader(data);
    let v = r.u8()?;
    if v != HEADER_V1 && v != HEADER_V2 {
        return Err(CodecError(format!("unknown header version {v}")));
    }
    let d = r.deletion()?;
    let mut ranges = RangeTombstones::default();
    if v == HEADER_V2 {
        for _ in 0..r.count()? {
            let start = r.bytes()?;
            let end = r.bytes()?;
            ranges.add(RangeTombstone {
                start,
                end,
                deletion: r.deletion()?,
            });
        }
    }
    r.end()?;
    Ok((d, ranges))
}

/// An entry's payload; its name is stored by the SSTable as the entry name.
#[cfg(test)]
pub fn encode_entry(e: &Entry) -> Vec<u8> {
    let mut out = Vec::with_capacity(match e {
        // Version, kind, timestamp, the longest kind's fields, value length.
        Entry::Cell(c) => 2 + 8 + 17 + 5 + c.value.len(),
        Entry::Super(_) => 64,
    });
    put_entry(&mut out, e);
    out
}

/// An entry's payload appended to `out`; its name is stored by the SSTable
/// as the entry name.
pub fn put_entry(out: &mut Vec<u8>, e: &Entry) {
    match e {
        Entry::Cell(c) => put_cell_entry(out, c.into()),
        Entry::Super(s) => put_super_entry(out, s),
    }
}

/// The payload of a super column's entry appended to `out`.
pub fn put_super_entry(out: &mut Vec<u8>, s: &StoredSuper) {
    out.push(ENTRY_V1);
    out.push(1);
    put_deletion(out, &s.deletion);
    put_var(out, s.cells.len() as u64);
    for c in s.cells.values() {
        put_cell(out, c);
    }
}

/// The payload of a cell's entry appended to `out`, from the cell where it
/// lies (a flush encodes memtable records without copying them out).
pub fn put_cell_entry(out: &mut Vec<u8>, c: CellView<'_>) {
    out.push(ENTRY_V1);
    out.push(0);
    put_cell_body(out, c);
}

pub fn decode_entry(cf: &CfDef, name: &[u8], data: &[u8]) -> Result<Entry, CodecError> {
    let mut r = Reader(data);
    let v = r.u8()?;
    if v != ENTRY_V1 {
        return Err(CodecError(format!("unknown entry version {v}")));
    }
    let e = match r.u8()? {
        0 => Entry::Cell(r.cell_body(name.to_vec())?),
        1 => {
            let subcmp = cf.subcomparator.as_ref().unwrap_or(&cf.comparator);
            let deletion = r.deletion()?;
            let n = r.count()?;
            let mut cells = BTreeMap::new();
            for _ in 0..n {
                let c = r.cell()?;
                cells.insert(CKey::new(c.name.clone(), subcmp), c);
            }
            Entry::Super(StoredSuper {
                name: name.to_vec(),
                deletion,
                cells,
            })
        }
        t => return Err(CodecError(format!("unknown entry tag {t}"))),
    };
    r.end()?;
    Ok(e)
}

/// An entry's cell borrowed from its name and payload, as [`decode_entry`]
/// would decode it: `None` for an entry that is not a plain cell (a super
/// column's, a counter's), which a read takes through `decode_entry`.
pub fn entry_view<'a>(name: &'a [u8], data: &'a [u8]) -> Result<Option<CellView<'a>>, CodecError> {
    let mut r = Reader(data);
    let v = r.u8()?;
    if v != ENTRY_V1 {
        return Err(CodecError(format!("unknown entry version {v}")));
    }
    match r.u8()? {
        0 => {
            let c = r.cell_view(name)?;
            r.end()?;
            Ok(c)
        }
        1 => Ok(None),
        t => Err(CodecError(format!("unknown entry tag {t}"))),
    }
}

const META_V1: u8 = 1;
/// Version 2 adds the id of the column family the SSTable was written for.
const META_V2: u8 = 2;

/// An SSTable's engine metadata: (covers until (segment, offset), ancestor
/// generations, the CF id it was written for when recorded).
pub type MetaParts = ((u64, u64), Vec<u64>, Option<u32>);

/// What the engine keeps in an SSTable's Statistics (see `sstore::SsMeta`);
/// version 1 when no CF id is given.
pub fn encode_meta(covers_until: (u64, u64), ancestors: &[u64], cf_id: Option<u32>) -> Vec<u8> {
    let mut out = vec![if cf_id.is_some() { META_V2 } else { META_V1 }];
    out.extend_from_slice(&covers_until.0.to_be_bytes());
    out.extend_from_slice(&covers_until.1.to_be_bytes());
    put_var(&mut out, ancestors.len() as u64);
    for g in ancestors {
        put_var(&mut out, *g);
    }
    if let Some(id) = cf_id {
        put_var(&mut out, id.into());
    }
    out
}

/// Decodes `encode_meta`'s bytes; empty bytes (an SSTable written before
/// metadata existed) are "covers nothing, no ancestors", and neither they
/// nor version 1 record the CF id.
pub fn decode_meta(data: &[u8]) -> Result<MetaParts, CodecError> {
    if data.is_empty() {
        return Ok(((0, 0), Vec::new(), None));
    }
    let mut r = Reader(data);
    let v = r.u8()?;
    if v != META_V1 && v != META_V2 {
        return Err(CodecError(format!("unknown SSTable metadata version {v}")));
    }
    let segment = r.i64()? as u64;
    let offset = r.i64()? as u64;
    let n = r.count()?;
    let ancestors = (0..n).map(|_| r.var()).collect::<Result<Vec<u64>, _>>()?;
    let out_of_range = |_| CodecError("column family id out of range".into());
    let cf_id = if v == META_V2 {
        Some(u32::try_from(r.var()?).map_err(out_of_range)?)
    } else {
        None
    };
    r.end()?;
    Ok(((segment, offset), ancestors, cf_id))
}

fn put_var(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    put_var(out, b.len() as u64);
    out.extend_from_slice(b);
}

fn put_deletion(out: &mut Vec<u8>, d: &DeletionTime) {
    out.extend_from_slice(&d.marked_for_delete_at.to_be_bytes());
    out.extend_from_slice(&d.local_deletion_time.to_be_bytes());
}

fn put_cell(out: &mut Vec<u8>, c: &Cell) {
    put_bytes(out, &c.name);
    put_cell_body(out, c.into());
}

fn put_cell_body(out: &mut Vec<u8>, c: CellView<'_>) {
    out.extend_from_slice(&c.timestamp.to_be_bytes());
    match c.kind {
        CellKind::Live => out.push(0),
        CellKind::Expiring {
            ttl,
            local_expiration_time,
        } => {
            out.push(1);
            out.extend_from_slice(&ttl.to_be_bytes());
            out.extend_from_slice(&local_expiration_time.to_be_bytes());
        }
        CellKind::Tombstone {
            local_deletion_time,
        } => {
            out.push(2);
            out.extend_from_slice(&local_deletion_time.to_be_bytes());
        }
        CellKind::Counter { deletion } => {
            out.push(3);
            put_deletion(out, &deletion);
        }
    }
    if !matches!(c.kind, CellKind::Tombstone { .. }) {
        put_bytes(out, c.value);
    }
}

#[cfg(test)]
mod tests;
