//! A Super CF's row in the memtable, packed like a Standard CF's row (see
//! `rows`): each super column is its name (an arena record), its
//! deletion and its sub-columns' cell records in sub-comparator order, so a
//! sub-column costs its packed bytes plus 8 for its reference instead of a
//! B-tree slot, a comparator handle and two allocations.
//!
//! Owns applying ops to such a row (reconciling sub-columns, counters
//! absorbing the deletions over them exactly as `Row` does) and building a
//! super column back as the `StoredSuper` readers and flushes take. It must
//! not know about rows' keys, the memtable's locks or flushing.

use super::{head_mut, put_cell, Head};
use crate::marshal::TypeRef;
use crate::model::{DeletionTime, Op};
use crate::schema::CfDef;
use crate::storage::heap::heap_bytes;
use crate::storage::memtable::arena::{Arena, Ref};
use crate::storage::memtable::cell_record;
use crate::storage::row::counter::{absorb, increment};
use crate::storage::row::range_tombstones::RangeTombstone;
use crate::storage::row::{CKey, StoredSuper};
use crate::storage::sorted::Sorted;
use crate::storage::Reconciling;
use std::cmp::Ordering;

/// One super column of a packed row.
pub(crate) struct Super {
    /// Its name, a length-prefixed arena record.
    name: Ref,
    deletion: DeletionTime,
    /// Sub-column records in sub-comparator order.
    cells: Sorted<Ref>,
}

// A super column's inline cost: name reference, deletion, cell index.
const _: () = assert!(std::mem::size_of::<Super>() <= 56);

/// How the super column `s` compares with the name `k`.
pub(crate) fn by_super<'a>(
    arena: &'a Arena,
    cmp: &'a TypeRef,
    k: &'a [u8],
) -> impl Fn(&Super) -> Ordering + 'a {
    move |s| cmp.compare(arena.prefixed(s.name), k)
}

/// The super column `name`, added (live and empty) if absent.
fn super_mut<'s>(
    arena: &mut Arena,
    supers: &'s mut Sorted<Super>,
    cmp: &TypeRef,
    name: &[u8],
) -> &'s mut Super {
    let p = match supers.search_by(by_super(arena, cmp, name)) {
        Ok(p) => p,
        Err(p) => {
            let name = arena.put_prefixed(name);
            let s = Super {
                name,
                deletion: DeletionTime::LIVE,
                cells: Sorted::default(),
            };
            supers.insert_at(p, s)
        }
    };
    supers
        .at_mut(p)
        .expect("a position search_by or insert_at just gave")
}

/// Applies one op to a Super CF's row; returns the heap it added outside
/// the arena and the row's super column index (the sub-column indexes'
/// growth).
pub(crate) fn apply_to_supers(
    arena: &mut Arena,
    head: &mut Option<Box<Head>>,
    supers: &mut Sorted<Super>,
    cf: &CfDef,
    op: &Op,
    ties: Reconciling,
) -> usize {
    let cmp = &cf.comparator;
    let Some(subcmp) = cf.subcomparator.as_ref() else {
        return 0;
    };
    let mut put = |arena: &mut Arena, sc: &[u8], cell: &crate::model::Cell| {
        let s = super_mut(arena, supers, cmp, sc);
        let before = s.cells.slot_bytes();
        put_cell(arena, &mut s.cells, subcmp, cell, ties);
        s.cells.slot_bytes().saturating_sub(before)
    };
    let added = match op {
        Op::DeleteRow(dt) => {
            let h = head_mut(head);
            h.deletion = h.deletion.max(*dt);
            0
        }
        Op::DeleteSuperColumn { name, deletion } => {
            let s = super_mut(arena, supers, cmp, name);
            s.deletion = s.deletion.max(*deletion);
            0
        }
        Op::Put {
            super_column: Some(sc),
            cell,
        } => put(arena, sc, cell),
        Op::CounterAdd {
            super_column: Some(sc),
            name,
            delta,
            timestamp,
        } => put(arena, sc, &increment(name.clone(), *delta, *timestamp)),
        // Over super column names: the row keeps it beside its deletion.
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
        // `validate_op` refuses these for a Super CF before they reach the
        // commit log (columns outside a super column).
        Op::Put { .. } | Op::CounterAdd { .. } => 0,
    };
    if cf.is_counter() {
        // Counters must see the deletions over them before any later
        // version meets them (see `counter::absorb`), as in `Row::apply`:
        // the written super column's, or every one after a deletion.
        // (A range over super column names reaches a counter cell when it
        // is read: `row::absorb_entry`.)
        let row_del = head.as_deref().map_or(DeletionTime::LIVE, |h| h.deletion);
        let touched = match op {
            Op::Put {
                super_column: Some(sc),
                ..
            }
            | Op::CounterAdd {
                super_column: Some(sc),
                ..
            } => Some(sc),
            _ => None,
        };
        match touched {
            Some(sc) => {
                if let Ok(p) = supers.search_by(by_super(arena, cmp, sc)) {
                    if let Some(s) = supers.at_mut(p) {
                        absorb_super(arena, s, row_del);
                    }
                }
            }
            None => {
                for s in supers.values_mut() {
                    absorb_super(arena, s, row_del);
                }
            }
        }
    }
    added
}

/// Applies the super column's deletion and the row's to its counter cells.
fn absorb_super(arena: &mut Arena, s: &mut Super, row_del: DeletionTime) {
    let del = s.deletion.max(row_del);
    if del.is_live() {
        return;
    }
    for r in s.cells.values_mut() {
        if !cell_record::is_counter(arena.at(*r)) {
            continue;
        }
        let mut c = cell_record::decode(arena.at(*r));
        let before = c.clone();
        absorb(&mut c, del);
        if c != before {
            *r = cell_record::replace(arena, *r, &c);
        }
    }
}

/// A copy of super column `s` as readers take it.
pub(crate) fn stored(arena: &Arena, s: &Super, subcmp: &TypeRef) -> StoredSuper {
    StoredSuper {
        name: arena.prefixed(s.name).to_vec(),
        deletion: s.deletion,
        cells: s
            .cells
            .values()
            .map(|r| {
                let c = cell_record::decode(arena.at(*r));
                (CKey::new(c.name.clone(), subcmp), c)
            })
            .collect(),
    }
}
