//! Reading a partition of a table the node synthesizes (`tables`,
//! `traces`): the partition keys within a token range, in ring
//! order, and a partition's cells within a slice. It must not decide what
//! the tables hold.

use crate::cql::table::Table;
use crate::model::{Cell, Slice};
use crate::partitioner::{Partitioner, Token};
use std::ops::Bound;

/// A synthesized partition's cells (in comparator order) within `slice`,
/// in its traversal order, at most its count.
pub(super) fn sliced(table: &Table, cells: Vec<Cell>, slice: &Slice) -> Vec<Cell> {
    let cmp = table.comparator_type();
    match slice {
        Slice::Names(names) => cells
            .into_iter()
            .filter(|c| names.contains(&c.name))
            .collect(),
        Slice::Range {
            start,
            finish,
            reversed,
            count,
        } => {
            let (lo, hi) = if *reversed {
                (finish, start)
            } else {
                (start, finish)
            };
            let mut out: Vec<Cell> = cells
                .into_iter()
                .filter(|c| {
                    (lo.is_empty() || cmp.compare(lo, &c.name).is_le())
                        && (hi.is_empty() || cmp.compare(&c.name, hi).is_le())
                })
                .collect();
            if *reversed {
                out.reverse();
            }
            out.truncate(*count);
            out
        }
    }
}

/// The partition keys among `names` whose tokens are within the bounds,
/// in ring order.
pub(super) fn keys_within(
    p: &dyn Partitioner,
    names: Vec<Vec<u8>>,
    start: Bound<Token>,
    end: Bound<Token>,
) -> Vec<Vec<u8>> {
    let mut keys: Vec<Vec<u8>> = names
        .into_iter()
        .filter(|k| {
            let t = p.token(k);
            (match &start {
                Bound::Unbounded => true,
                Bound::Included(s) => &t >= s,
                Bound::Excluded(s) => &t > s,
            }) && (match &end {
                Bound::Unbounded => true,
                Bound::Included(e) => &t <= e,
                Bound::Excluded(e) => &t < e,
            })
        })
        .collect();
    keys.sort_by_key(|k| p.decorate(k));
    keys
}
