//! A memtable row read in place: a Standard CF row's cells as views of
//! their arena records, for a read that hands them on (encodes them into a
//! reply) without copying any (`query::each_live_in_place`, through
//! `query::InPlaceRow`).
//!
//! A child of `rows`, so that it sees the packed rows; it must not copy
//! a cell, change a row or decide what is live.

use super::{by_name, Body, Rows};
use crate::marshal::TypeRef;
use crate::model::{CellView, DeletionTime};
use crate::partitioner::DecoratedKey;
use crate::storage::memtable::arena::{Arena, Ref};
use crate::storage::memtable::cell_record;
use crate::storage::query::InPlaceRow;
use crate::storage::row::range_tombstones::RangeTombstones;
use crate::storage::sorted::Sorted;
use crate::storage::StorageError;
use std::ops::Bound;

/// What a memtable holds of one row, read in place.
pub enum InPlace<'a> {
    /// The memtable has no such row.
    Absent,
    /// A Standard CF's row.
    Cells(CellsInPlace<'a>),
    /// A Super CF's row (its super columns are not read in place).
    Supers,
}

/// A Standard CF row's header and cells, borrowed from the memtable.
pub struct CellsInPlace<'a> {
    arena: &'a Arena,
    cells: &'a Sorted<Ref>,
    /// The row's deletion (`LIVE` when it has none).
    pub deletion: DeletionTime,
    /// The row's range tombstones, when it has any.
    pub ranges: Option<&'a RangeTombstones>,
}

impl Rows {
    /// The row `key` as it is stored here, borrowed.
    pub fn in_place(&self, key: &DecoratedKey) -> InPlace<'_> {
        let Some(slot) = self.slot(key) else {
            return InPlace::Absent;
        };
        match &slot.body {
            Body::Cells { head, cells } => InPlace::Cells(CellsInPlace {
                arena: &self.arena,
                cells,
                deletion: head.as_ref().map_or(DeletionTime::LIVE, |h| h.deletion),
                ranges: head.as_ref().map(|h| &h.ranges).filter(|r| !r.is_empty()),
            }),
            Body::Supers(_) => InPlace::Supers,
        }
    }
}

impl InPlaceRow for CellsInPlace<'_> {
    fn deletion(&self) -> DeletionTime {
        self.deletion
    }

    fn ranges(&self) -> Option<&RangeTombstones> {
        self.ranges
    }

    /// As `Rows::slice`, in place.
    fn slice(
        &self,
        cmp: &TypeRef,
        (start, finish): (&[u8], &[u8]),
        reversed: bool,
        each: &mut dyn FnMut(CellView<'_>) -> bool,
    ) -> Result<bool, StorageError> {
        let (lo, hi) = if reversed {
            (finish, start)
        } else {
            (start, finish)
        };
        let arena = self.arena;
        fn by(k: &[u8]) -> Bound<&[u8]> {
            if k.is_empty() {
                Bound::Unbounded
            } else {
                Bound::Included(k)
            }
        }
        let range = self.cells.range_by(
            by(lo).map(|k| by_name(arena, cmp, k)),
            by(hi).map(|k| by_name(arena, cmp, k)),
        );
        let view = |r: &Ref| cell_record::view(arena.at(*r));
        if reversed {
            for r in range.rev() {
                if !each(view(r)) {
                    break;
                }
            }
        } else {
            for r in range {
                if !each(view(r)) {
                    break;
                }
            }
        }
        Ok(true)
    }

    fn named(
        &self,
        cmp: &TypeRef,
        names: &[&[u8]],
        each: &mut dyn FnMut(CellView<'_>) -> bool,
    ) -> Result<bool, StorageError> {
        for name in names {
            let found = self.cells.search_by(by_name(self.arena, cmp, name)).ok();
            let cell = found.and_then(|p| self.cells.at(p));
            if let Some(r) = cell {
                if !each(cell_record::view(self.arena.at(*r))) {
                    break;
                }
            }
        }
        Ok(true)
    }
}
