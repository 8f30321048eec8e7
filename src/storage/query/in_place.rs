//! One row read in place: its live cells shown one by one to the caller
//! as they are found, with the answers of the copying read
//! (`read_row_bounded`) and no copy. Owns only the decision of what is
//! live and when to decline; it must not know where the row is held
//! (a memtable's arena or an SSTable's block, as an [`InPlaceRow`]).

use super::{limit, ReadAt};
use crate::marshal::TypeRef;
use crate::model::{CellKind, CellView, DeletionTime, Slice};
use crate::schema::CfDef;
use crate::storage::row::range_tombstones::RangeTombstones;
use crate::storage::StorageError;
use std::cmp::Ordering;

/// How many entries a read in place may look at: a memtable's row is read
/// under the memtable's read lock, for as many entries as one chunk of a
/// copying read holds it for (`memtable::MAX_CHUNK`); past that, it
/// declines.
pub const IN_PLACE_MAX_ENTRIES: usize = 4096;

/// A row one store holds, read in place (a memtable's `CellsInPlace`, an
/// SSTable's partition): what [`each_live_in_place`] needs of it, so that
/// the read knows no store. Each cell is lent to the callback only for the
/// call (an SSTable's block is dropped once its walk leaves it).
pub trait InPlaceRow {
    /// The row's deletion (`LIVE` when it has none).
    fn deletion(&self) -> DeletionTime;
    /// The row's range tombstones, when it has any.
    fn ranges(&self) -> Option<&RangeTombstones>;
    /// The cells from `start` to `finish` (slice bounds: empty is open;
    /// when `reversed`, `start` is the upper bound) in traversal order,
    /// each shown to `each` until it says stop (false); none when the
    /// bounds are inverted. `Ok(false)` when a cell cannot be lent in
    /// place (a counter's or a super column's entry): the read declines.
    fn slice(
        &self,
        cmp: &TypeRef,
        bounds: (&[u8], &[u8]),
        reversed: bool,
        each: &mut dyn FnMut(CellView<'_>) -> bool,
    ) -> Result<bool, StorageError>;
    /// The cells named by `names` (in comparator order, each once) that
    /// the row holds, in that order, each shown to `each` until it says
    /// stop; `Ok(false)` as for [`InPlaceRow::slice`].
    fn named(
        &self,
        cmp: &TypeRef,
        names: &[&[u8]],
        each: &mut dyn FnMut(CellView<'_>) -> bool,
    ) -> Result<bool, StorageError>;
}

/// How [`each_live_in_place`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InPlaceEnd {
    /// Every live column the read answers was shown.
    Whole,
    /// Stopped once the columns' names and values came to more than
    /// `max_bytes`, as [`read_row_bounded`](super::read_row_bounded) refuses them.
    OverBytes,
    /// Gave up (a slice over [`IN_PLACE_MAX_ENTRIES`] entries, a counter
    /// cell, which reads absorb deletions into, or an entry the store
    /// cannot lend as a cell): what was shown must be
    /// discarded and the row read with [`read_row_bounded`](super::read_row_bounded).
    Declined,
}

/// [`read_row_bounded`](super::read_row_bounded) of a Standard CF row that only one store
/// holds, the cells shown to `each` in place as they are found instead of
/// collected: the same live columns in the same order, with the same byte
/// bound. Why: a small read then costs no copy and no allocation per
/// column (the front end encodes each straight into its reply).
pub fn each_live_in_place(
    cf: &CfDef,
    slice: &Slice,
    row: &(impl InPlaceRow + ?Sized),
    at: ReadAt,
    max_bytes: usize,
    each: &mut dyn FnMut(CellView<'_>),
) -> Result<InPlaceEnd, StorageError> {
    let (now, cmp) = (at.now, &cf.comparator);
    let judge = row
        .ranges()
        .map(|r| r.judge(cmp, at.judging, at.walk(slice)));
    let count = limit(slice);
    if count == 0 {
        return Ok(InPlaceEnd::Whole);
    }
    let (mut seen, mut found, mut bytes) = (0usize, 0usize, 0usize);
    let mut end = InPlaceEnd::Whole;
    let mut take = |c: CellView<'_>| -> bool {
        seen += 1;
        if seen > IN_PLACE_MAX_ENTRIES || matches!(c.kind, CellKind::Counter { .. }) {
            end = InPlaceEnd::Declined;
            return false;
        }
        // An expired cell reads as a tombstone (`expire_entry`).
        let live = match c.kind {
            CellKind::Live => true,
            CellKind::Expiring {
                local_expiration_time,
                ..
            } => now < local_expiration_time,
            CellKind::Tombstone { .. } | CellKind::Counter { .. } => false,
        };
        if !live
            || row.deletion().shadows(c.timestamp)
            || judge
                .as_ref()
                .is_some_and(|j| j.shadows(cmp, c.name, c.timestamp))
        {
            return true;
        }
        bytes = bytes.saturating_add(c.name.len() + c.value.len());
        if bytes > max_bytes {
            end = InPlaceEnd::OverBytes;
            return false;
        }
        each(c);
        found += 1;
        found < count
    };
    let lent = match slice {
        Slice::Range {
            start,
            finish,
            reversed,
            ..
        } => row.slice(cmp, (start, finish), *reversed, &mut take)?,
        Slice::Names(names) => {
            if names.len() > IN_PLACE_MAX_ENTRIES {
                return Ok(InPlaceEnd::Declined);
            }
            // In comparator order, each name once, as `RowHandle::named`.
            let mut sorted: Vec<&[u8]> = names.iter().map(Vec::as_slice).collect();
            sorted.sort_by(|a, b| cmp.compare(a, b));
            sorted.dedup_by(|a, b| cmp.compare(a, b) == Ordering::Equal);
            row.named(cmp, &sorted, &mut take)?
        }
    };
    Ok(if lent { end } else { InPlaceEnd::Declined })
}
