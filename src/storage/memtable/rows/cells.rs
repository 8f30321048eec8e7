//! Applying ops to one Standard CF row's cells: a cell put in its place or
//! reconciled with the version there, counters absorbing the deletions
//! over them exactly as `Row` does, the row's deletion and range
//! tombstones. Also the shared helpers `supers` uses one level down.
//! It must not find rows (`rows` does) nor know about locks.

use super::{by_name, Head};
use crate::marshal::TypeRef;
use crate::model::{CellKind, CellView, DeletionTime, Op};
use crate::schema::CfDef;
use crate::storage::heap::heap_bytes;
use crate::storage::memtable::arena::{Arena, Ref};
use crate::storage::memtable::cell_record;
use crate::storage::row::counter::{absorb, increment, reconcile};
use crate::storage::row::range_tombstones::{RangeTombstone, RangeTombstones};
use crate::storage::sorted::Sorted;
use crate::storage::Reconciling;
use std::cmp::Ordering;

/// Applies one op to a Standard CF's row; returns the heap it added
/// outside the arena and the cell index.
pub(super) fn apply_to_cells(
    arena: &mut Arena,
    head: &mut Option<Box<Head>>,
    cells: &mut Sorted<Ref>,
    cf: &CfDef,
    op: &Op,
    ties: Reconciling,
) -> usize {
    let cmp = &cf.comparator;
    let added = match op {
        Op::DeleteRow(dt) => {
            let h = head_mut(head);
            h.deletion = h.deletion.max(*dt);
            0
        }
        Op::DeleteRange {
            start,
            end,
            deletion,
        } => {
            head_mut(head).ranges.add(RangeTombstone {
                start: start.clone(),
                end: end.clone(),
                deletion: *deletion,
            });
            std::mem::size_of::<RangeTombstone>() + heap_bytes(start.len()) + heap_bytes(end.len())
        }
        Op::Put {
            super_column: None,
            cell,
        } => {
            put_cell(arena, cells, cmp, cell, ties);
            0
        }
        Op::CounterAdd {
            super_column: None,
            name,
            delta,
            timestamp,
        } => {
            put_cell(
                arena,
                cells,
                cmp,
                &increment(name.clone(), *delta, *timestamp),
                ties,
            );
            0
        }
        // A Standard CF has no super columns: `validate_op` refuses these
        // before they reach the commit log, and `Row` ignores them too.
        Op::Put { .. } | Op::CounterAdd { .. } | Op::DeleteSuperColumn { .. } => 0,
    };
    if cf.is_counter() {
        // Counters must see the deletions over them before any later
        // version meets them (see `counter::absorb`), as in `Row::apply`.
        let (row_del, ranges) = match head.as_deref() {
            Some(h) => (h.deletion, Some(&h.ranges)),
            None => (DeletionTime::LIVE, None),
        };
        let touched = match op {
            Op::Put {
                super_column: None,
                cell,
            } => Some(&cell.name),
            Op::CounterAdd {
                super_column: None,
                name,
                ..
            } => Some(name),
            _ => None,
        };
        match touched {
            Some(name) => {
                if let Ok(p) = cells.search_by(by_name(arena, cmp, name)) {
                    if let Some(r) = cells.at_mut(p) {
                        absorb_at(arena, r, cmp, row_del, ranges);
                    }
                }
            }
            None => {
                for r in cells.values_mut() {
                    absorb_at(arena, r, cmp, row_del, ranges);
                }
            }
        }
    }
    added
}

/// Whether `op` can add a cell to a Standard CF's row (a new row then
/// reserves a slot for it).
pub(super) fn adds_cell(op: &Op) -> bool {
    matches!(
        op,
        Op::Put {
            super_column: None,
            ..
        } | Op::CounterAdd {
            super_column: None,
            ..
        }
    )
}

/// Whether `cells` can make a new row as they are: strictly ascending
/// names (no two versions of a column to reconcile) that fit one vector.
pub(super) fn fresh_run(cf: &CfDef, cells: &[CellView<'_>]) -> bool {
    Sorted::<Ref>::fits_flat(cells.len())
        && cells
            .windows(2)
            .all(|w| cf.comparator.compare(w[0].name, w[1].name) == Ordering::Less)
}

pub(crate) fn head_mut(head: &mut Option<Box<Head>>) -> &mut Head {
    head.get_or_insert_with(|| {
        Box::new(Head {
            deletion: DeletionTime::LIVE,
            ranges: RangeTombstones::default(),
        })
    })
}

/// Inserts `cell`, or reconciles it with the version already here.
pub(crate) fn put_cell<'a>(
    arena: &mut Arena,
    cells: &mut Sorted<Ref>,
    cmp: &TypeRef,
    cell: impl Into<CellView<'a>>,
    ties: Reconciling,
) {
    let cell = cell.into();
    // Names arriving in order (a row's columns as a client sends them, and
    // as replay meets them) go at the end without a binary search.
    let at = {
        let by = by_name(arena, cmp, cell.name);
        match cells.last() {
            Some(last) if by(last) == Ordering::Less => Err(cells.end()),
            _ => cells.search_by(by),
        }
    };
    match at {
        Ok(p) => {
            let Some(r) = cells.at_mut(p) else {
                return;
            };
            let rec = arena.at(*r);
            if cell_record::is_counter(rec) || matches!(cell.kind, CellKind::Counter { .. }) {
                let mut old = cell_record::decode(rec);
                reconcile(&mut old, cell.to_cell());
                *r = cell_record::replace(arena, *r, &old);
            } else if cell_record::superseded_by(rec, cell, ties) {
                // `reconcile`'s rule for two versions that are not counters.
                *r = cell_record::replace(arena, *r, cell);
            }
        }
        Err(p) => {
            let r = cell_record::put(arena, cell);
            cells.insert_at(p, r);
        }
    }
}

/// Applies the row's deletions to the counter cell at `r` (if it is one).
fn absorb_at(
    arena: &mut Arena,
    r: &mut Ref,
    cmp: &TypeRef,
    row_del: DeletionTime,
    ranges: Option<&RangeTombstones>,
) {
    if !cell_record::is_counter(arena.at(*r)) {
        return;
    }
    let mut c = cell_record::decode(arena.at(*r));
    let del = row_del.max(ranges.map_or(DeletionTime::LIVE, |rs| rs.deletion_for(cmp, &c.name)));
    let before = c.clone();
    absorb(&mut c, del);
    if c != before {
        *r = cell_record::replace(arena, *r, &c);
    }
}
