//! The memtable's rows, packed: row keys and cells are arena records (see
//! `arena` and `cell_record`), and a row is its key's reference, its deletion
//! and range tombstones when it has any, and its cells' references in
//! comparator order. A column then costs its packed bytes plus 8 for its
//! reference; rows are found by binary search on their packed keys and a
//! slice of a wide row by binary search on names, never by a scan.
//!
//! A Super CF's row is packed the same way one level down: its super
//! columns, each with its sub-columns' cell references (see `supers`).
//!
//! Owns the row set: finding rows, applying ops to them (a Standard row's
//! cells in `cells`, a Super row's in `supers`), joining row sets filled
//! apart (`join`) and reading back copies. It must not know about
//! flushing, the commit log or locks.

mod cells;
mod join;
mod supers;
#[cfg(test)]
mod tests;

use super::arena::{row_key, Arena, Ref};
use crate::marshal::TypeRef;
use crate::model::{Bytes, CellView, DeletionTime, Op};
use crate::partitioner::DecoratedKey;
use crate::schema::CfDef;
use crate::storage::heap::heap_bytes;
use crate::storage::memtable::cell_record;
use crate::storage::row::range_tombstones::RangeTombstones;
use crate::storage::row::{Entry, StoredSuper};
use crate::storage::sorted::{Pos, Sorted};
use crate::storage::Reconciling;
use cells::{adds_cell, apply_to_cells, fresh_run};
pub(crate) use cells::{head_mut, put_cell};
use std::cmp::Ordering;
use std::ops::Bound;
use supers::{apply_to_supers, by_super, stored, Super};

mod inplace;
pub use inplace::InPlace;

#[derive(Default)]
pub struct Rows {
    arena: Arena,
    slots: Sorted<Slot>,
    /// Heap held by the rows' own parts outside the arena (cell and super
    /// column indexes, headers).
    row_bytes: usize,
    /// Which version of a cell stays on a tie (the engine's option).
    ties: Reconciling,
}

struct Slot {
    /// The packed key's first 8 bytes (big-endian, zero-padded): most
    /// comparisons end here, without reading the arena (a cache miss each).
    prefix: u64,
    /// The packed row key (`row_key`): token and key, once.
    key: Ref,
    body: Body,
}

// What a row costs inline, checked at compile time: key prefix and
// reference, header pointer, cell index.
const _: () = assert!(std::mem::size_of::<Slot>() <= 48);

enum Body {
    /// A Standard CF's row.
    Cells {
        /// Only for a row with a deletion or range tombstones (most have
        /// neither, and then pay 8 bytes for them).
        head: Option<Box<Head>>,
        /// Cell records in comparator order of their names.
        cells: Sorted<Ref>,
    },
    /// A Super CF's row (boxed: a row slot stays as small as a Standard
    /// CF row's).
    Supers(Box<SuperRow>),
}

struct SuperRow {
    head: Option<Box<Head>>,
    /// Super columns in comparator order of their names.
    supers: Sorted<Super>,
}

pub(crate) struct Head {
    pub(crate) deletion: DeletionTime,
    pub(crate) ranges: RangeTombstones,
}

/// One row of a frozen memtable, for writing it out.
pub struct FlushRow<'a> {
    pub key: DecoratedKey,
    pub deletion: DeletionTime,
    pub ranges: RangeTombstones,
    /// The row's entries in comparator order, decoded one at a time.
    pub entries: Box<dyn Iterator<Item = FlushEntry<'a>> + 'a>,
}

/// One entry of a [`FlushRow`]: a cell seen where its record lies (a flush
/// encodes it from there), or a super column decoded whole.
pub enum FlushEntry<'a> {
    Cell(CellView<'a>),
    Super(StoredSuper),
}

impl FlushEntry<'_> {
    pub fn name(&self) -> &[u8] {
        match self {
            FlushEntry::Cell(c) => c.name,
            FlushEntry::Super(s) => &s.name,
        }
    }

    pub fn into_entry(self) -> Entry {
        match self {
            FlushEntry::Cell(c) => Entry::Cell(c.to_cell()),
            FlushEntry::Super(s) => Entry::Super(s),
        }
    }
}

fn pack(key: &DecoratedKey) -> Vec<u8> {
    let mut out = Vec::with_capacity(key.key.len() + 24);
    row_key::pack(key, &mut out);
    out
}

/// How the cell record at `r` compares with the name `k`.
fn by_name<'a>(arena: &'a Arena, cmp: &'a TypeRef, k: &'a [u8]) -> impl Fn(&Ref) -> Ordering + 'a {
    move |r| cmp.compare(cell_record::name(arena.at(*r)), k)
}

/// The first 8 bytes of a packed key as a number ordered as the bytes are
/// (zero padding cannot invert an order: see `by_key`).
fn prefix_of(packed: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = packed.len().min(8);
    b[..n].copy_from_slice(&packed[..n]);
    u64::from_be_bytes(b)
}

/// How the row in slot `s` compares with the packed key `k`. Prefixes that
/// differ decide: where one key is shorter, its padding 0 can only meet a
/// byte of the other key that is greater (or equal, and then they do not
/// differ there).
fn by_key<'a>(arena: &'a Arena, k: &'a [u8]) -> impl Fn(&Slot) -> Ordering + 'a {
    let prefix = prefix_of(k);
    move |s| {
        s.prefix
            .cmp(&prefix)
            .then_with(|| row_key::get(arena, s.key).cmp(k))
    }
}

impl Body {
    /// Heap this row holds outside the arena, besides its super columns'
    /// sub-column indexes (counted as they grow by `apply_to_supers`).
    fn index_bytes(&self) -> usize {
        let head_bytes = |h: &Option<Box<Head>>| {
            h.as_ref()
                .map_or(0, |_| heap_bytes(std::mem::size_of::<Head>()))
        };
        match self {
            Body::Cells { head, cells } => head_bytes(head) + cells.slot_bytes(),
            Body::Supers(row) => {
                heap_bytes(std::mem::size_of::<SuperRow>())
                    + head_bytes(&row.head)
                    + row.supers.slot_bytes()
            }
        }
    }

    fn header(&self) -> (DeletionTime, RangeTombstones) {
        let head = match self {
            Body::Cells { head, .. } => head,
            Body::Supers(row) => &row.head,
        };
        match head {
            Some(h) => (h.deletion, h.ranges.clone()),
            None => (DeletionTime::LIVE, RangeTombstones::default()),
        }
    }
}

impl Rows {
    pub fn len(&self) -> usize {
        self.slots.len()
    }
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Heap held by everything here, as the allocator counts it (overwritten
    /// records included: they stay until the memtable is dropped).
    pub fn heap_bytes(&self) -> usize {
        self.arena.heap_bytes() + self.slots.slot_bytes() + self.row_bytes
    }

    /// What the rows' own parts outside the arena hold (the count kept as
    /// they change) and what they hold measured now, for tests.
    #[cfg(test)]
    pub fn row_bytes_kept_and_measured(&self) -> (usize, usize) {
        let measured = self.slots.values().map(|s| s.body.index_bytes()).sum();
        (self.row_bytes, measured)
    }

    fn find(&self, packed: &[u8]) -> Result<Pos, Pos> {
        let arena = &self.arena;
        let ord = by_key(arena, packed);
        // A key after the last row goes at the end: rows arriving in ring
        // order (commit-log replay sorts them so) skip the binary search.
        if self.slots.last().is_some_and(|s| ord(s) == Ordering::Less) {
            return Err(self.slots.end());
        }
        self.slots.search_by(ord)
    }

    fn slot(&self, key: &DecoratedKey) -> Option<&Slot> {
        let p = self.find(&pack(key)).ok()?;
        self.slots.at(p)
    }

    /// No rows yet; of two versions of a cell that tie, `ties` says which
    /// stays.
    pub fn with_ties(ties: Reconciling) -> Rows {
        Rows {
            ties,
            ..Rows::default()
        }
    }

    /// Applies the ops of one mutation to the row `key`. The ops' shapes
    /// were checked against the CF type by the caller (`validate_op`).
    pub fn apply(&mut self, cf: &CfDef, key: &DecoratedKey, ops: &[Op]) {
        let packed_key = pack(key);
        // A new row's index (and super-row box) is counted whole below: its
        // size before the ops is nothing, not the index reserved for them.
        let mut fresh = false;
        let p = match self.find(&packed_key) {
            Ok(p) => p,
            Err(p) => {
                fresh = true;
                let key = row_key::put(&mut self.arena, &packed_key);
                let body = if cf.is_super() {
                    Body::Supers(Box::new(SuperRow {
                        head: None,
                        supers: Sorted::default(),
                    }))
                } else {
                    let mut cells = Sorted::default();
                    cells.reserve_flat(ops.iter().filter(|o| adds_cell(o)).count());
                    Body::Cells { head: None, cells }
                };
                let prefix = prefix_of(&packed_key);
                self.slots.insert_at(p, Slot { prefix, key, body })
            }
        };
        let Rows {
            arena,
            slots,
            row_bytes,
            ties,
        } = self;
        let ties = *ties;
        let Some(slot) = slots.at_mut(p) else {
            return;
        };
        let before = if fresh { 0 } else { slot.body.index_bytes() };
        let mut added = 0;
        match &mut slot.body {
            Body::Cells { head, cells } => {
                for op in ops {
                    added += apply_to_cells(arena, head, cells, cf, op, ties);
                }
            }
            Body::Supers(row) => {
                for op in ops {
                    added += apply_to_supers(arena, &mut row.head, &mut row.supers, cf, op, ties);
                }
            }
        }
        *row_bytes = (*row_bytes + slot.body.index_bytes() + added).saturating_sub(before);
    }

    /// Puts `cells` into the row whose packed key (`row_key`) is
    /// `packed_key`: `apply` for a mutation of plain puts to a Standard CF,
    /// with the key packed and the cells borrowed by the caller (replay
    /// has both in hand). Counter cells are reconciled as `apply` does;
    /// a counter CF's deletions are never among plain puts.
    pub fn put_cells(&mut self, cf: &CfDef, packed_key: &[u8], new: &[CellView<'_>]) {
        debug_assert!(!cf.is_super() && !cf.is_counter());
        let mut fresh = false;
        let p = match self.find(packed_key) {
            Ok(p) => p,
            Err(p) if p == self.slots.end() && fresh_run(cf, new) => {
                // A new last row (replay meets rows in ring order) whose
                // cells come in order: built whole, as the loop below
                // would leave it (the cell index exactly sized, so its
                // accounting is the same), with one arena allocation.
                let mut refs = Vec::with_capacity(new.len());
                let key = cell_record::put_row(&mut self.arena, packed_key, new, &mut refs);
                let body = Body::Cells {
                    head: None,
                    cells: Sorted::from_sorted(refs),
                };
                self.row_bytes += body.index_bytes();
                let prefix = prefix_of(packed_key);
                self.slots.insert_at(p, Slot { prefix, key, body });
                return;
            }
            Err(p) => {
                fresh = true;
                let key = row_key::put(&mut self.arena, packed_key);
                let mut cells = Sorted::default();
                cells.reserve_flat(new.len());
                let body = Body::Cells { head: None, cells };
                let prefix = prefix_of(packed_key);
                self.slots.insert_at(p, Slot { prefix, key, body })
            }
        };
        let Rows {
            arena,
            slots,
            row_bytes,
            ties,
        } = self;
        let Some(slot) = slots.at_mut(p) else {
            return;
        };
        let before = if fresh { 0 } else { slot.body.index_bytes() };
        if let Body::Cells { cells, .. } = &mut slot.body {
            for c in new {
                put_cell(arena, cells, &cf.comparator, *c, *ties);
            }
        }
        *row_bytes = (*row_bytes + slot.body.index_bytes()).saturating_sub(before);
    }

    /// The row deletion and range tombstones, if the row exists here at all.
    pub fn header(&self, key: &DecoratedKey) -> Option<(DeletionTime, RangeTombstones)> {
        self.slot(key).map(|s| s.body.header())
    }

    /// Copies of the entries of `key` with these names (in the order given).
    pub fn named(&self, cf: &CfDef, key: &DecoratedKey, names: &[Bytes]) -> Vec<Entry> {
        let Some(slot) = self.slot(key) else {
            return Vec::new();
        };
        let (arena, cmp) = (&self.arena, &cf.comparator);
        match &slot.body {
            Body::Cells { cells, .. } => names
                .iter()
                .filter_map(|n| {
                    let p = cells.search_by(by_name(arena, cmp, n)).ok()?;
                    let r = cells.at(p)?;
                    Some(Entry::Cell(cell_record::decode(arena.at(*r))))
                })
                .collect(),
            Body::Supers(row) => {
                let Some(subcmp) = cf.subcomparator.as_ref() else {
                    return Vec::new();
                };
                let supers = &row.supers;
                names
                    .iter()
                    .filter_map(|n| {
                        let p = supers.search_by(by_super(arena, cmp, n)).ok()?;
                        Some(Entry::Super(stored(arena, supers.at(p)?, subcmp)))
                    })
                    .collect()
            }
        }
    }

    /// Up to `limit` entries of `key` between the bounds (low, high in
    /// comparator order), in traversal order; none when they are inverted.
    pub fn slice(
        &self,
        cf: &CfDef,
        key: &DecoratedKey,
        (lo, hi): (Bound<&[u8]>, Bound<&[u8]>),
        reversed: bool,
        limit: usize,
    ) -> Vec<Entry> {
        let Some(slot) = self.slot(key) else {
            return Vec::new();
        };
        let (arena, cmp) = (&self.arena, &cf.comparator);
        match &slot.body {
            Body::Cells { cells, .. } => {
                let by = |k| by_name(arena, cmp, k);
                let range = cells.range_by(lo.map(by), hi.map(by));
                let decode = |r: &Ref| Entry::Cell(cell_record::decode(arena.at(*r)));
                if reversed {
                    range.rev().take(limit).map(decode).collect()
                } else {
                    range.take(limit).map(decode).collect()
                }
            }
            Body::Supers(row) => {
                let Some(subcmp) = cf.subcomparator.as_ref() else {
                    return Vec::new();
                };
                let by = |k| by_super(arena, cmp, k);
                let range = row.supers.range_by(lo.map(by), hi.map(by));
                let copy = |s: &Super| Entry::Super(stored(arena, s, subcmp));
                if reversed {
                    range.rev().take(limit).map(copy).collect()
                } else {
                    range.take(limit).map(copy).collect()
                }
            }
        }
    }

    /// Up to `limit` row keys at or after `from` (in ring order), with their
    /// deletion and range tombstones.
    pub fn keys_from(
        &self,
        from: &Bound<DecoratedKey>,
        limit: usize,
    ) -> Vec<(DecoratedKey, DeletionTime, RangeTombstones)> {
        let arena = &self.arena;
        let packed = from.as_ref().map(pack);
        let lo = match &packed {
            Bound::Included(k) => Bound::Included(by_key(arena, k)),
            Bound::Excluded(k) => Bound::Excluded(by_key(arena, k)),
            Bound::Unbounded => Bound::Unbounded,
        };
        self.slots
            .range_by(lo, Bound::<fn(&Slot) -> Ordering>::Unbounded)
            .take(limit)
            .map(|s| {
                let (deletion, ranges) = s.body.header();
                (self.key_of(s), deletion, ranges)
            })
            .collect()
    }

    fn key_of(&self, s: &Slot) -> DecoratedKey {
        row_key::unpack(row_key::get(&self.arena, s.key))
            .expect("row keys in the arena are the ones this memtable packed")
    }

    /// Every row in ring order, each decoded as it is reached (`cf` is
    /// the column family these rows were written for).
    pub fn iter<'a>(&'a self, cf: &'a CfDef) -> impl Iterator<Item = FlushRow<'a>> + 'a {
        let arena = &self.arena;
        self.slots.values().map(move |s| {
            let (deletion, ranges) = s.body.header();
            let entries: Box<dyn Iterator<Item = FlushEntry<'_>> + '_> = match &s.body {
                Body::Cells { cells, .. } => Box::new(
                    cells
                        .values()
                        .map(move |r| FlushEntry::Cell(cell_record::view(arena.at(*r)))),
                ),
                Body::Supers(row) => match cf.subcomparator.as_ref() {
                    Some(subcmp) => Box::new(
                        row.supers
                            .values()
                            .map(move |s| FlushEntry::Super(stored(arena, s, subcmp))),
                    ),
                    None => Box::new(std::iter::empty()),
                },
            };
            FlushRow {
                key: self.key_of(s),
                deletion,
                ranges,
                entries,
            }
        })
    }
}
