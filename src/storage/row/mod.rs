//! One row of one column family as the engine holds it in memory: the row
//! deletion marker plus its columns (or super columns) ordered by the CF
//! comparator, and how two versions of a row reconcile.
//!
//! Applying ops to a `Row` (`Row::apply`) is only built for tests: the
//! memtable packs its rows (`memtable::rows`), and this is the reference
//! they are checked against.
//!
//! It must not know where a row lives (memtable, SSTable) or how it is read.
//!
//! The folder holds how versions of data reconcile, wherever they meet
//! (memtable, read, compaction): rows here, counter cells (`counter`) and
//! range tombstones (`range_tombstones`). Unit tests of `Row` are `tests`.

pub(super) mod counter;
pub(super) mod range_pieces;
pub(super) mod range_tombstones;
#[cfg(test)]
mod tests;

use crate::marshal::TypeRef;
use crate::model::{Bytes, Cell, CellKind, DeletionTime, Op};
use crate::schema::CfDef;
use crate::storage::sorted::{Named, Sorted};
#[cfg(test)]
use crate::storage::{
    heap::heap_bytes, row::counter::increment, row::range_tombstones::RangeTombstone,
};
use counter::{absorb, reconcile, reconcile_in_order, reconcile_outlived};

/// How versions of one name met by a read reconcile: by our rules, the
/// same whatever the order, or in the order the read met them, as
/// Cassandra 0.7 to 1.1 did once a flush had split a row (see
/// `counter::reconcile_in_order`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MergeRule {
    AnyOrder,
    InOrder,
    /// In the order met as 2.1 and 2.2 reconciled a slice's versions (on
    /// the first a priority queue gave): of two tied on timestamp and
    /// value the first stays, unless both expire and the later outlives it.
    FirstUnlessOutlived,
    /// In the order met as 2.1 and 2.2 reconciled a names read's versions
    /// (each SSTable's on the one before): of two tied on timestamp and
    /// value the later stays, unless both expire and the first outlives it.
    LaterUnlessOutlived,
}
use range_tombstones::{RangeJudging, RangeTombstones, Walk};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A column name ordered by its comparator, so a `BTreeMap` keeps CF order.
#[derive(Clone)]
pub struct CKey {
    pub name: Bytes,
    pub cmp: TypeRef,
}

impl CKey {
    pub fn new(name: Bytes, cmp: &TypeRef) -> CKey {
        CKey {
            name,
            cmp: cmp.clone(),
        }
    }
}

impl PartialEq for CKey {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for CKey {}
impl PartialOrd for CKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for CKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.cmp.compare(&self.name, &other.name)
    }
}
impl std::fmt::Debug for CKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.name)
    }
}

/// A super column with all its sub-columns (live or not), as stored.
#[derive(Clone, Debug)]
pub struct StoredSuper {
    pub name: Bytes,
    pub deletion: DeletionTime,
    pub cells: BTreeMap<CKey, Cell>,
}

impl StoredSuper {
    #[cfg(test)]
    pub fn new(name: Bytes) -> StoredSuper {
        StoredSuper {
            name,
            deletion: DeletionTime::LIVE,
            cells: BTreeMap::new(),
        }
    }

    /// Applies this super column's deletion (and `outer`, the row's) to
    /// its counter cells (see `counter::absorb`).
    pub fn absorb(&mut self, outer: DeletionTime) {
        let del = self.deletion.max(outer);
        self.cells.values_mut().for_each(|c| absorb(c, del));
    }

    #[cfg(test)]
    pub fn merge_cell(&mut self, cell: Cell, subcmp: &TypeRef) {
        merge_cell_into(&mut self.cells, cell, subcmp);
    }

    /// Reconciles another version of this super column into it, by `rule`.
    pub fn merge_by(&mut self, mut other: StoredSuper, rule: MergeRule) {
        self.deletion = self.deletion.max(other.deletion);
        self.absorb(DeletionTime::LIVE);
        other.absorb(self.deletion);
        for (k, c) in other.cells {
            match self.cells.get_mut(&k) {
                Some(old) => reconcile_by(old, c, rule),
                None => {
                    self.cells.insert(k, c);
                }
            }
        }
    }
}

/// Reconciles `new`, met after `old`, into `old` by `rule`.
fn reconcile_by(old: &mut Cell, new: Cell, rule: MergeRule) {
    match rule {
        MergeRule::AnyOrder => reconcile(old, new),
        MergeRule::InOrder => reconcile_in_order(old, new),
        MergeRule::FirstUnlessOutlived => reconcile_outlived(old, new, false),
        MergeRule::LaterUnlessOutlived => reconcile_outlived(old, new, true),
    }
}

/// One top-level item of a row: a column (Standard CF) or a super column.
#[derive(Clone, Debug)]
pub enum Entry {
    Cell(Cell),
    Super(StoredSuper),
}

impl Entry {
    pub fn name(&self) -> &[u8] {
        match self {
            Entry::Cell(c) => &c.name,
            Entry::Super(s) => &s.name,
        }
    }

    /// Reconciles another version of the same item into this one.
    pub fn merge(&mut self, other: Entry) {
        self.merge_by(other, MergeRule::AnyOrder);
    }

    /// [`Entry::merge`], by `rule` (`other` met after this one).
    pub fn merge_by(&mut self, other: Entry, rule: MergeRule) {
        match (self, other) {
            (Entry::Cell(a), Entry::Cell(b)) => reconcile_by(a, b, rule),
            (Entry::Super(a), Entry::Super(b)) => a.merge_by(b, rule),
            // A CF is either Standard or Super for its whole life; a mixed pair
            // can only come from corrupt input, and keeping the first is safe.
            _ => {}
        }
    }
}

impl Named for Entry {
    fn name(&self) -> &[u8] {
        Entry::name(self)
    }
}

#[cfg(test)]
/// The heap a cell's name and value hold (its slot is counted by the row).
fn cell_heap(c: &Cell) -> usize {
    heap_bytes(c.name.len()) + heap_bytes(c.value.len())
}

#[cfg(test)]
/// A sub-column in a super column's map: key (name copy + comparator) and
/// cell, in a B-tree slot (about two thirds full on average).
fn sub_cell_bytes(c: &Cell) -> usize {
    (std::mem::size_of::<CKey>() + std::mem::size_of::<Cell>()) * 3 / 2
        + heap_bytes(c.name.len())
        + cell_heap(c)
}

#[cfg(test)]
fn merge_cell_into(map: &mut BTreeMap<CKey, Cell>, cell: Cell, cmp: &TypeRef) {
    let key = CKey::new(cell.name.clone(), cmp);
    match map.get_mut(&key) {
        Some(old) => reconcile(old, cell),
        None => {
            map.insert(key, cell);
        }
    }
}

/// A row: deletion marker plus entries in CF comparator order (the
/// comparator is the CF's, passed in by every caller that looks names up).
#[derive(Clone, Debug)]
pub struct Row {
    pub deletion: DeletionTime,
    pub ranges: RangeTombstones,
    pub entries: Sorted<Entry>,
}

impl Default for Row {
    fn default() -> Self {
        Row {
            deletion: DeletionTime::LIVE,
            ranges: RangeTombstones::default(),
            entries: Sorted::default(),
        }
    }
}

impl Row {
    #[cfg(test)]
    /// Applies one op; returns the heap bytes it added, as near as can be
    /// told cheaply (overwrites count as new data, as in Cassandra). The op's
    /// shape was checked against the CF type by the caller (`validate_op`).
    pub fn apply(&mut self, cf: &CfDef, op: &Op) -> usize {
        let slots = self.entries.slot_bytes();
        let added = self.apply_op(cf, op) + self.entries.slot_bytes().saturating_sub(slots);
        if cf.is_counter() {
            // Counters must see the deletions over them before any later
            // version meets them (see `counter::absorb`).
            let touched = match op {
                Op::Put {
                    super_column: None,
                    cell,
                } => Some(&cell.name),
                Op::Put {
                    super_column: Some(sc),
                    ..
                }
                | Op::CounterAdd {
                    super_column: Some(sc),
                    ..
                } => Some(sc),
                Op::CounterAdd {
                    super_column: None,
                    name,
                    ..
                } => Some(name),
                _ => None,
            };
            match touched {
                Some(name) => {
                    let (row_del, ranges) = (self.deletion, &self.ranges);
                    if let Some(e) = self.entries.get_mut(&cf.comparator, name) {
                        absorb_entry(e, row_del, ranges, &cf.comparator);
                    }
                }
                None => self.absorb_counters(&cf.comparator),
            }
        }
        added
    }

    #[cfg(test)]
    fn apply_op(&mut self, cf: &CfDef, op: &Op) -> usize {
        match op {
            Op::DeleteRow(dt) => {
                self.deletion = self.deletion.max(*dt);
                0
            }
            Op::CounterAdd {
                super_column,
                name,
                delta,
                timestamp,
            } => self.apply_op(
                cf,
                &Op::Put {
                    super_column: super_column.clone(),
                    cell: increment(name.clone(), *delta, *timestamp),
                },
            ),
            Op::Put {
                super_column: None,
                cell,
            } => {
                let added = cell_heap(cell);
                self.merge_entry(Entry::Cell(cell.clone()), &cf.comparator);
                added
            }
            Op::Put {
                super_column: Some(sc),
                cell,
            } => {
                let Some(subcmp) = cf.subcomparator.as_ref() else {
                    return 0;
                };
                let added = sub_cell_bytes(cell);
                match self.entries.get_or_insert_with(&cf.comparator, sc, || {
                    Entry::Super(StoredSuper::new(sc.clone()))
                }) {
                    Entry::Super(s) => s.merge_cell(cell.clone(), subcmp),
                    Entry::Cell(_) => return 0,
                }
                added
            }
            Op::DeleteRange {
                start,
                end,
                deletion,
            } => {
                self.ranges.add(RangeTombstone {
                    start: start.clone(),
                    end: end.clone(),
                    deletion: *deletion,
                });
                std::mem::size_of::<RangeTombstone>()
                    + heap_bytes(start.len())
                    + heap_bytes(end.len())
            }
            Op::DeleteSuperColumn { name, deletion } => {
                if let Entry::Super(s) =
                    self.entries.get_or_insert_with(&cf.comparator, name, || {
                        Entry::Super(StoredSuper::new(name.clone()))
                    })
                {
                    s.deletion = s.deletion.max(*deletion);
                }
                heap_bytes(name.len())
            }
        }
    }

    pub fn merge_entry(&mut self, e: Entry, cmp: &TypeRef) {
        self.entries.upsert(cmp, e, |old, e| old.merge(e));
    }

    /// Applies the row deletion and range tombstones to the counter cells
    /// (see `counter::absorb`), so versions of a counter from before a
    /// deletion never add to versions from after it.
    pub fn absorb_counters(&mut self, cmp: &TypeRef) {
        let (row_del, ranges) = (self.deletion, &self.ranges);
        for e in self.entries.values_mut() {
            absorb_entry(e, row_del, ranges, cmp);
        }
    }

    /// Reconciles another version of this row into it.
    pub fn merge(&mut self, other: Row, cmp: &TypeRef) {
        self.merge_by(other, cmp, MergeRule::AnyOrder);
    }

    /// [`Row::merge`], each entry by `rule` (`other` met after this one).
    pub fn merge_by(&mut self, mut other: Row, cmp: &TypeRef, rule: MergeRule) {
        self.deletion = self.deletion.max(other.deletion);
        self.ranges.merge(other.ranges.clone());
        other.deletion = self.deletion;
        other.ranges = self.ranges.clone();
        self.absorb_counters(cmp);
        other.absorb_counters(cmp);
        for e in other.entries.into_values() {
            self.entries.upsert(cmp, e, |old, e| old.merge_by(e, rule));
        }
    }
}

/// Applies a row's deletions to the counter cells of one of its entries.
pub fn absorb_entry(e: &mut Entry, row_del: DeletionTime, ranges: &RangeTombstones, cmp: &TypeRef) {
    match e {
        Entry::Cell(c) => {
            if matches!(c.kind, CellKind::Counter { .. }) {
                let del = row_del.max(ranges.deletion_for(cmp, &c.name));
                absorb(c, del);
            }
        }
        Entry::Super(s) => {
            // A range over super column names deletes each super column it
            // covers as that super column's own deletion would.
            s.deletion = s.deletion.max(ranges.deletion_for(cmp, &s.name));
            s.absorb(row_del)
        }
    }
}

/// Why an op does not fit its column family.
pub fn validate_op(cf: &CfDef, op: &Op) -> Result<(), String> {
    let counter_cf = cf.is_counter();
    match op {
        Op::CounterAdd { .. } if !counter_cf => {
            return Err(format!(
                "column family {} is not a counter column family",
                cf.name
            ))
        }
        // 1.2's CQL 3 marked the rows of a counter table too: a plain cell
        // of no value beside the counters (`UpdateStatement`'s row marker).
        Op::Put { cell, .. }
            if counter_cf
                && !matches!(cell.kind, CellKind::Tombstone { .. })
                && !(cell.value.is_empty()
                    && matches!(cell.kind, CellKind::Live | CellKind::Expiring { .. })) =>
        {
            return Err(format!(
                "column family {} is a counter column family: it takes increments and deletions only",
                cf.name
            ))
        }
        Op::Put { cell, .. } if !counter_cf && matches!(cell.kind, CellKind::Counter { .. }) => {
            return Err(format!(
                "column family {} is not a counter column family",
                cf.name
            ))
        }
        _ => {}
    }
    match op {
        Op::CounterAdd {
            super_column: None, ..
        } if cf.is_super() => Err(format!(
            "column family {} is Super: a write needs a super column",
            cf.name
        )),
        Op::CounterAdd {
            super_column: Some(_),
            ..
        } if !cf.is_super() => Err(format!(
            "column family {} is Standard: a write cannot name a super column",
            cf.name
        )),
        Op::Put {
            super_column: None, ..
        } if cf.is_super() => Err(format!(
            "column family {} is Super: a write needs a super column",
            cf.name
        )),
        Op::Put {
            super_column: Some(_),
            ..
        } if !cf.is_super() => Err(format!(
            "column family {} is Standard: a write cannot name a super column",
            cf.name
        )),
        Op::DeleteSuperColumn { .. } if !cf.is_super() => Err(format!(
            "column family {} is Standard: it has no super columns",
            cf.name
        )),
        _ => Ok(()),
    }
}

/// What compaction keeps of a row at server time `now`, as Cassandra's
/// removeDeleted: expired cells become tombstones; data shadowed by a row or
/// super-column tombstone goes; with `gc_before = Some(t)` (a compaction that
/// sees every SSTable) tombstones deleted at or before `t` go too, and a super
/// column or row left empty with such a marker goes whole. A marker over
/// surviving data is kept. Range tombstones shadow cells like the row marker
/// (as `judging` says, a compaction walking the row forward) and go after gc
/// grace like other tombstones. Returns None when nothing of the row is left.
pub fn purge(
    mut row: Row,
    cmp: &TypeRef,
    now: i32,
    gc_before: Option<i32>,
    judging: RangeJudging,
) -> Option<Row> {
    // Never-deleted markers count as gone: an empty, undeleted container
    // carries nothing (Cassandra's MIN_VALUE deletion time is <= any gcBefore).
    let gone =
        |d: &DeletionTime| d.is_live() || gc_before.is_some_and(|t| d.local_deletion_time <= t);
    let row_del = row.deletion;
    let markers = &row.ranges;
    let ranges = markers.judge(cmp, judging, Walk::Whole);
    row.entries.retain(|e| match e {
        Entry::Cell(c) => {
            expire(c, now);
            !row_del.shadows(c.timestamp)
                && !ranges.shadows(cmp, &c.name, c.timestamp)
                && !droppable(c, gc_before)
        }
        Entry::Super(s) => {
            let eff = row_del
                .max(s.deletion)
                .max(markers.deletion_for(cmp, &s.name));
            s.cells.retain(|_, c| {
                expire(c, now);
                !eff.shadows(c.timestamp) && !droppable(c, gc_before)
            });
            !(s.cells.is_empty() && gone(&s.deletion))
        }
    });
    row.ranges.purge(row_del, gc_before);
    if row.entries.is_empty() && row.ranges.is_empty() && gone(&row.deletion) {
        None
    } else {
        Some(row)
    }
}

/// Turns the expired cells of an entry into tombstones, so versions from
/// different stores reconcile the same whether or not compaction already
/// converted them (as Cassandra, where an expired column is a tombstone).
pub fn expire_entry(e: &mut Entry, now: i32) {
    match e {
        Entry::Cell(c) => expire(c, now),
        Entry::Super(s) => s.cells.values_mut().for_each(|c| expire(c, now)),
    }
}

/// An expired cell is, from then on, a tombstone deleted at its expiry.
fn expire(c: &mut Cell, now: i32) {
    if let crate::model::CellKind::Expiring {
        local_expiration_time,
        ..
    } = c.kind
    {
        if now >= local_expiration_time {
            c.value.clear();
            c.kind = crate::model::CellKind::Tombstone {
                local_deletion_time: local_expiration_time,
            };
        }
    }
}

fn droppable(c: &Cell, gc_before: Option<i32>) -> bool {
    match (c.kind, gc_before) {
        (
            crate::model::CellKind::Tombstone {
                local_deletion_time,
            },
            Some(t),
        ) => local_deletion_time <= t,
        _ => false,
    }
}
