//! Answering one read of one row: merging every place the row lives
//! (memtables, SSTables) lazily in comparator order, reconciling versions,
//! applying row and super-column tombstones and TTL expiry, and slicing.
//!
//! It must not know how a source stores its data: sources are [`RowHandle`]s.
//!
//! The folder holds the read machinery below the engine's read calls: one
//! row here (and, in `in_place`, one store's row read without copying),
//! and the row keys of a range of the ring (`range`). It must not
//! write or take the engine's locks (the engine's `read` does).

mod in_place;
pub(super) mod kept;
pub(super) mod range;
mod versions;

use super::row::{absorb_entry, expire_entry, CKey, Entry, MergeRule, StoredSuper};
use super::StorageError;
use crate::marshal::TypeRef;
use crate::model::{
    Bytes, Cell, CellView, DeletionTime, ReadCommand, RowResult, Slice, SuperColumn,
};
use crate::partitioner::DecoratedKey;
use crate::schema::CfDef;
use crate::storage::row::range_tombstones::{Judge, RangeJudging, RangeTombstones, Walk};
pub use in_place::{each_live_in_place, InPlaceEnd, InPlaceRow};
pub use kept::{FlushedReads, KeptTable, Spans};
use std::cmp::Ordering;
pub use versions::newest_named;

/// A stream of a row's entries in traversal order within a slice's bounds.
pub trait EntrySource {
    fn next_entry(&mut self) -> Result<Option<Entry>, StorageError>;
}

/// One source's view of one row.
pub trait RowHandle {
    /// The row deletion marker as this source knows it.
    fn deletion(&self) -> DeletionTime;
    /// The row's range tombstones as this source knows them.
    fn ranges(&self) -> RangeTombstones;
    /// Entries from `start` to `finish` (Cassandra slice bounds: empty is
    /// open; when `reversed`, `start` is the upper bound).
    /// `wanted` is how many live entries the read needs: a hint for how much
    /// to fetch at once (more may be pulled when some are not live).
    fn slice<'a>(
        &'a self,
        start: &[u8],
        finish: &[u8],
        reversed: bool,
        wanted: usize,
    ) -> Result<Box<dyn EntrySource + 'a>, StorageError>;
    /// The entries with exactly these names, in comparator order.
    fn named(&self, names: &[Bytes]) -> Result<Vec<Entry>, StorageError>;
    /// When this source is the only one holding the row: its live cells
    /// answering `slice` shown to `each` in place (see
    /// [`each_live_in_place`]), where this source can lend them. `None`
    /// when it cannot (nothing was shown; the read merges copies).
    fn each_in_place(
        &self,
        _cf: &CfDef,
        _slice: &Slice,
        _at: ReadAt,
        _max_bytes: usize,
        _each: &mut dyn FnMut(CellView<'_>),
    ) -> Result<Option<InPlaceEnd>, StorageError> {
        Ok(None)
    }
    /// What this source is when it stands for an SSTable an emulated flush
    /// kept in memory, with the row's key: a read meeting one reconciles
    /// in its sources' order ([`MergeRule::InOrder`]), the order the
    /// release emulated met them in (`kept`).
    fn kept(&self) -> Option<(&KeptTable, &DecoratedKey)> {
        None
    }
}

/// Something holding rows: a memtable or an SSTable.
pub trait RowStore: Send + Sync {
    /// The SSTable's generation when this store is one (a trace names it).
    fn sstable(&self) -> Option<u64> {
        None
    }
    fn open_row<'a>(
        &'a self,
        key: &DecoratedKey,
    ) -> Result<Option<Box<dyn RowHandle + 'a>>, StorageError>;
    /// Up to `limit` rows from `from` on, in ring order (for range reads,
    /// so each row is opened once, by the scan that finds it).
    #[allow(clippy::type_complexity)]
    fn rows_from<'a>(
        &'a self,
        from: &std::ops::Bound<DecoratedKey>,
        limit: usize,
    ) -> Result<Vec<(DecoratedKey, Box<dyn RowHandle + 'a>)>, StorageError>;
}

/// An `EntrySource` over an already materialised list.
pub struct VecSource(pub std::vec::IntoIter<Entry>);

impl EntrySource for VecSource {
    fn next_entry(&mut self) -> Result<Option<Entry>, StorageError> {
        Ok(self.0.next())
    }
}

/// The names and values a row's answer holds, in bytes: what
/// [`read_row_bounded`] bounds.
fn cell_bytes(c: &Cell) -> usize {
    c.name.len() + c.value.len()
}

/// Answers `cmd` for one row from all the handles that know it, stopping
/// as soon as the answer's names and values come to more than `max_bytes`
/// (`usize::MAX`: no limit): `None` then, without the rest of the row ever
/// being held. Why: a caller bounding a reply (the maximum message length)
/// must be able to refuse a row of hundreds of MB before it is in memory.
pub fn read_row_bounded(
    cf: &CfDef,
    cmd: &ReadCommand,
    handles: &[Box<dyn RowHandle + '_>],
    at: ReadAt,
    max_bytes: usize,
) -> Result<Option<RowResult>, StorageError> {
    let mut cells = Vec::new();
    let mut supers = Vec::new();
    let mut bytes = 0usize;
    let mut scanned = Scanned::default();
    let whole = each_live(
        cf,
        cmd,
        handles,
        at,
        usize::MAX,
        &mut scanned,
        &mut |live| {
            match live {
                Live::Cell(c) => {
                    bytes = bytes.saturating_add(cell_bytes(&c));
                    cells.push(c);
                }
                Live::Super(sc) => {
                    let sizes = sc.cells.iter().map(cell_bytes);
                    bytes = sizes.fold(bytes.saturating_add(sc.name.len()), usize::saturating_add);
                    supers.push(sc);
                }
            }
            bytes <= max_bytes
        },
    )?;
    scanned.trace();
    if !whole || bytes > max_bytes {
        return Ok(None);
    }
    // Sub-columns of one super column come back as cells.
    let sub_columns = cmd.super_column.is_some() && cf.subcomparator.is_some();
    Ok(Some(if cf.is_super() && !sub_columns {
        RowResult::SuperColumns(supers)
    } else {
        RowResult::Cells(cells)
    }))
}

/// Whether one row's read of `cmd` met anything the row kept for it: a
/// live column, a column's tombstone (only while `gc_grace_seconds` keeps
/// tombstones at all) or a deletion of the whole row. Cassandra before 1.2
/// (`ColumnFamilyStore.removeDeleted`) answered such a read with a column
/// family, its columns deleted or not, and one that met nothing with none.
/// A `gc_grace_seconds` of 0 dropped a tombstone at once in 0.8 (`<=` the
/// read's `gcBefore`); 1.0 on kept it to the end of its second, which is
/// not told apart here.
pub fn row_met(
    cf: &CfDef,
    cmd: &ReadCommand,
    handles: &[Box<dyn RowHandle + '_>],
    at: ReadAt,
) -> Result<bool, StorageError> {
    if handles.is_empty() {
        return Ok(false);
    }
    let keeps_tombstones = cf.gc_grace_seconds > 0;
    let row_del = row_deletion(handles);
    if keeps_tombstones && row_del != DeletionTime::LIVE {
        return Ok(true);
    }
    let mut scanned = Scanned::default();
    each_live(cf, cmd, handles, at, usize::MAX, &mut scanned, &mut |_| {
        false
    })?;
    Ok(scanned.live > 0 || (keeps_tombstones && scanned.tombstones > 0))
}

/// How many columns (super columns, for a super CF read whole) `cmd`
/// answers for one row, counted as the row is merged: none of them is
/// held (`get_count` of a wide row reads it, but never keeps it).
pub fn count_row(
    cf: &CfDef,
    cmd: &ReadCommand,
    handles: &[Box<dyn RowHandle + '_>],
    at: ReadAt,
) -> Result<usize, StorageError> {
    let mut n = 0usize;
    let mut scanned = Scanned::default();
    each_live(cf, cmd, handles, at, COUNT_FETCH, &mut scanned, &mut |_| {
        n += 1;
        true
    })?;
    scanned.trace();
    Ok(n)
}

/// How many entries a count asks each source for at a time: what it holds
/// at once (the values of wide columns among them) is that many, however
/// many the slice counts.
const COUNT_FETCH: usize = 32;

/// What a read of one row merged: the live columns it answered and the
/// dead ones it passed over (tombstones, expired cells, cells a row or
/// range deletion shadows), for the trace of the call.
#[derive(Default)]
struct Scanned {
    live: usize,
    tombstones: usize,
}

impl Scanned {
    /// Notes the counts in the call's trace (1.2 and 2.0's wording).
    fn trace(&self) {
        crate::trace::event(|| {
            format!(
                "Read {} live and {} tombstoned cells",
                self.live, self.tombstones
            )
        });
    }
}

/// When a read happens: the server time (TTL expiry), how its release
/// judged cells on the bounds of range tombstones, and whether the read is
/// of a range of rows (which judged a row's cells by all its markers).
#[derive(Clone, Copy, Debug)]
pub struct ReadAt {
    pub now: i32,
    pub judging: RangeJudging,
    pub scan: bool,
}

impl ReadAt {
    /// How this read goes through a row for `slice`.
    fn walk<'n>(&self, slice: &'n Slice) -> Walk<'n> {
        match slice {
            Slice::Range { reversed: true, .. } => Walk::Back,
            _ if self.scan => Walk::Whole,
            Slice::Range { start, .. } => Walk::From(start),
            Slice::Names(names) => Walk::Names(names),
        }
    }
}

/// One live column of an answer, as it is found.
enum Live {
    Cell(Cell),
    Super(SuperColumn),
}

/// Finds the live columns `cmd` answers for one row, in traversal order,
/// and gives each to `each` until `each` says stop (false) or the slice's
/// count is reached. False when stopped by `each`. Sources are asked for
/// at most `fetch` entries at a time.
fn each_live(
    cf: &CfDef,
    cmd: &ReadCommand,
    handles: &[Box<dyn RowHandle + '_>],
    at: ReadAt,
    fetch: usize,
    scanned: &mut Scanned,
    each: &mut dyn FnMut(Live) -> bool,
) -> Result<bool, StorageError> {
    let now = at.now;
    let RowMarks {
        row: row_del,
        ranges,
        rule,
    } = RowMarks::of(handles);
    let plan = kept::plan(cf, cmd, handles);
    let rule = plan.rule.unwrap_or(rule);
    let handles: Vec<&dyn RowHandle> = plan.order.iter().map(|&i| handles[i].as_ref()).collect();
    match (&cmd.super_column, cf.subcomparator.as_ref()) {
        (Some(sc), Some(subcmp)) => {
            let mut merged: Option<StoredSuper> = None;
            for h in &handles {
                for mut e in h.named(std::slice::from_ref(sc))? {
                    expire_entry(&mut e, now);
                    absorb_entry(&mut e, row_del, &ranges, &cf.comparator);
                    if let Entry::Super(s) = e {
                        match merged.as_mut() {
                            Some(m) => m.merge_by(s, rule),
                            None => merged = Some(s),
                        }
                    }
                }
            }
            let Some(sup) = merged else {
                return Ok(true);
            };
            // One super column's sub-columns are stored (and merged) as one
            // entry; the slice and the count walk them without a copy.
            let eff = row_del.max(sup.deletion);
            let mut left = limit(&cmd.slice);
            for c in slice_cells(sup.cells.into_values(), subcmp, &cmd.slice) {
                if left == 0 {
                    break;
                }
                if c.is_live(now) && !eff.shadows(c.timestamp) {
                    left -= 1;
                    scanned.live += 1;
                    if !each(Live::Cell(c)) {
                        return Ok(false);
                    }
                } else {
                    scanned.tombstones += 1;
                }
            }
            Ok(true)
        }
        _ => {
            let mut sources: Vec<Box<dyn EntrySource + '_>> = Vec::with_capacity(handles.len());
            let reversed = match &cmd.slice {
                Slice::Names(names) => {
                    for h in &handles {
                        sources.push(Box::new(VecSource(h.named(names)?.into_iter())));
                    }
                    false
                }
                Slice::Range {
                    start,
                    finish,
                    reversed,
                    count,
                } => {
                    for h in &handles {
                        sources.push(h.slice(start, finish, *reversed, (*count).min(fetch))?);
                    }
                    *reversed
                }
            };
            let judge = ranges.judge(&cf.comparator, at.judging, at.walk(&cmd.slice));
            let dels = Deletions {
                row: row_del,
                ranges: &ranges,
                judge: &judge,
            };
            let count = limit(&cmd.slice);
            let merge = Merge {
                reversed,
                rule,
                count,
                queued: plan.queued,
            };
            merge_top(cf, sources, merge, dels, now, scanned, each)
        }
    }
}

/// The row deletion as the newest of its sources' markers.
fn row_deletion(handles: &[Box<dyn RowHandle + '_>]) -> DeletionTime {
    handles
        .iter()
        .fold(DeletionTime::LIVE, |d, h| d.max(h.deletion()))
}

/// What all of a row's sources say about the whole row, before any of its
/// entries is read: its deletion, its range tombstones merged, and how
/// versions of one name reconcile (in the sources' order once an emulated
/// flush kept a table, see [`RowHandle::kept`]).
struct RowMarks {
    row: DeletionTime,
    ranges: RangeTombstones,
    rule: MergeRule,
}

impl RowMarks {
    fn of(handles: &[Box<dyn RowHandle + '_>]) -> Self {
        let mut ranges = RangeTombstones::default();
        for h in handles {
            ranges.merge(h.ranges());
        }
        let rule = if handles.iter().any(|h| h.kept().is_some()) {
            MergeRule::InOrder
        } else {
            MergeRule::AnyOrder
        };
        RowMarks {
            row: row_deletion(handles),
            ranges,
            rule,
        }
    }
}

pub(super) fn limit(slice: &Slice) -> usize {
    match slice {
        Slice::Names(_) => usize::MAX,
        Slice::Range { count, .. } => *count,
    }
}

/// How [`merge_top`] walks its sources: the direction, how versions
/// reconcile, and how many live entries it wants.
struct Merge {
    reversed: bool,
    rule: MergeRule,
    count: usize,
    /// Equal names taken in a priority queue's order (`kept::JavaQueue`),
    /// not in the sources' order.
    queued: bool,
}

/// What deletes cells of a row besides their own tombstones.
struct Deletions<'a> {
    row: DeletionTime,
    ranges: &'a RangeTombstones,
    /// How this read judges cells by `ranges`.
    judge: &'a Judge<'a>,
}

/// Lazily merges the top-level entries of all sources until `count` live
/// ones, each given to `each` as found (false from it stops the merge:
/// then false); what it merged is counted in `scanned`.
fn merge_top(
    cf: &CfDef,
    mut sources: Vec<Box<dyn EntrySource + '_>>,
    merge: Merge,
    dels: Deletions<'_>,
    now: i32,
    scanned: &mut Scanned,
    each: &mut dyn FnMut(Live) -> bool,
) -> Result<bool, StorageError> {
    let Merge {
        reversed,
        rule,
        count,
        queued,
    } = merge;
    let cmp = &cf.comparator;
    let mut heads: Vec<Option<Entry>> = Vec::with_capacity(sources.len());
    let next = |s: &mut (dyn EntrySource + '_)| -> Result<Option<Entry>, StorageError> {
        let mut e = next_expired(s, now)?;
        if let Some(e) = e.as_mut() {
            absorb_entry(e, dels.row, dels.ranges, cmp);
        }
        Ok(e)
    };
    for s in sources.iter_mut() {
        heads.push(next(s.as_mut())?);
    }
    if queued {
        return kept::merge_queued(cf, sources, heads, merge, dels, now, scanned, each);
    }
    let mut found = 0usize;
    while found < count {
        // The next name in traversal order among the heads.
        let mut best: Option<usize> = None;
        for (i, h) in heads.iter().enumerate() {
            if let Some(e) = h {
                let better = match best.and_then(|b| heads[b].as_ref()) {
                    None => true,
                    Some(b) => traversal(cmp, e.name(), b.name(), reversed) == Ordering::Less,
                };
                if better {
                    best = Some(i);
                }
            }
        }
        let Some(b) = best else { break };
        let mut merged = heads[b].take().expect("best head is present");
        heads[b] = next(sources[b].as_mut())?;
        for i in 0..heads.len() {
            while let Some(e) = heads[i].as_ref() {
                if cmp.compare(e.name(), merged.name()) != Ordering::Equal {
                    break;
                }
                let e = heads[i].take().expect("checked present");
                merged.merge_by(e, rule);
                heads[i] = next(sources[i].as_mut())?;
            }
        }
        if !answer(cmp, merged, &dels, now, scanned, &mut found, each) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Gives a merged entry to `each` when it is live (counted in `found`);
/// false when `each` said stop.
fn answer(
    cmp: &TypeRef,
    merged: Entry,
    dels: &Deletions<'_>,
    now: i32,
    scanned: &mut Scanned,
    found: &mut usize,
    each: &mut dyn FnMut(Live) -> bool,
) -> bool {
    let row_del = dels.row;
    let live = match merged {
        Entry::Cell(c) => (c.is_live(now)
            && !row_del.shadows(c.timestamp)
            && !dels.judge.shadows(cmp, &c.name, c.timestamp))
        .then_some(Live::Cell(c)),
        Entry::Super(s) => live_super(s, row_del, now).map(Live::Super),
    };
    if let Some(live) = live {
        *found += 1;
        scanned.live += 1;
        if !each(live) {
            return false;
        }
    } else {
        scanned.tombstones += 1;
    }
    true
}

/// The next entry of a source, expired cells already turned into tombstones.
fn next_expired(s: &mut (dyn EntrySource + '_), now: i32) -> Result<Option<Entry>, StorageError> {
    let mut e = s.next_entry()?;
    if let Some(e) = e.as_mut() {
        expire_entry(e, now);
    }
    Ok(e)
}

fn traversal(cmp: &TypeRef, a: &[u8], b: &[u8], reversed: bool) -> Ordering {
    let o = cmp.compare(a, b);
    if reversed {
        o.reverse()
    } else {
        o
    }
}

/// The live part of a super column, or None when nothing of it is live.
fn live_super(s: StoredSuper, row_del: DeletionTime, now: i32) -> Option<SuperColumn> {
    let eff = row_del.max(s.deletion);
    let cells: Vec<Cell> = s
        .cells
        .into_values()
        .filter(|c| c.is_live(now) && !eff.shadows(c.timestamp))
        .collect();
    if cells.is_empty() {
        None
    } else {
        Some(SuperColumn {
            name: s.name,
            deletion: s.deletion,
            cells,
        })
    }
}

/// Restricts comparator-ordered cells to a slice (names or bounds), in
/// traversal order, without applying the count.
fn slice_cells<'a>(
    cells: impl DoubleEndedIterator<Item = Cell> + 'a,
    cmp: &'a TypeRef,
    slice: &'a Slice,
) -> Box<dyn Iterator<Item = Cell> + 'a> {
    match slice {
        Slice::Names(names) => {
            let wanted: std::collections::BTreeSet<CKey> =
                names.iter().map(|n| CKey::new(n.clone(), cmp)).collect();
            let picked: Vec<Cell> = cells
                .filter(|c| wanted.contains(&CKey::new(c.name.clone(), cmp)))
                .collect();
            Box::new(picked.into_iter())
        }
        Slice::Range {
            start,
            finish,
            reversed,
            ..
        } => {
            let (lo, hi) = if *reversed {
                (finish, start)
            } else {
                (start, finish)
            };
            let inside = move |c: &Cell| {
                (lo.is_empty() || cmp.compare(&c.name, lo) != Ordering::Less)
                    && (hi.is_empty() || cmp.compare(&c.name, hi) != Ordering::Greater)
            };
            if *reversed {
                Box::new(cells.rev().filter(inside))
            } else {
                Box::new(cells.filter(inside))
            }
        }
    }
}
