//! The slices a planned SELECT reads from each partition: its EQ/IN
//! clustering prefixes in comparator order, each once, each bounded by the
//! slice on the next column(s), reversed for a reversed ORDER BY (and 1.2's
//! ways with a read of every clustering column: see [`release_slices`]).
//! `select` checks and plans the rest.

use super::super::names::slice_bound;
use super::rules::SelectRules;
use super::tuple_order;
use crate::cql::ast::Operator;
use crate::cql::error::CqlResult;
use crate::cql::table::{Layout, Table};
use crate::cql::types::CqlType;
use crate::marshal::Eoc;
use crate::model::Slice;
use std::cmp::Ordering;

/// A slice restriction: the position of its (first) clustering column and
/// its bounds, each of the components from that column on (one, or a
/// tuple's).
pub(super) type ClusteringRange = (usize, Vec<(Operator, Vec<Vec<u8>>)>);

/// [`build_slices`] as the release read an EQ or IN on every clustering
/// column (`rules`). 1.2 read a compact table's by names and gave its rows
/// in the IN's order, a value named twice twice (`columnsInOrder`, until
/// 2.0.6), which a reversed ORDER BY then reversed until 1.2.16 read the
/// names backwards first; 1.2.7 to 1.2.16 read the other tables' by slices
/// whose bounds a reversed read left empty (see
/// [`SelectRules::reversed_full_prefix_empty`]).
pub(super) fn release_slices(
    table: &Table,
    prefixes: &[Vec<Vec<u8>>],
    range: Option<&ClusteringRange>,
    reversed: bool,
    rules: &SelectRules,
) -> CqlResult<Vec<Slice>> {
    let full_prefix = range.is_none()
        && !table.clustering.is_empty()
        && prefixes.iter().all(|p| p.len() == table.clustering.len());
    if !full_prefix {
        return build_slices(table, prefixes, range, reversed, false, rules.tuple_order);
    }
    if table.layout == Layout::CompactDense && rules.names_in_in_order {
        let mut given = prefixes.to_vec();
        // The slices come out reversed for a reversed read: 1.2.16 on
        // read the names backwards first, which that undoes.
        if reversed && !rules.names_order_reversed {
            given.reverse();
        }
        return build_slices(table, &given, range, reversed, true, rules.tuple_order);
    }
    if reversed && rules.reversed_full_prefix_empty && !table.is_compact() {
        return Ok(Vec::new());
    }
    build_slices(table, prefixes, range, reversed, false, rules.tuple_order)
}

/// Slices (in output order) for the EQ/IN clustering prefixes and an
/// optional range on the next column(s); bounds use EOC -1/1 on the
/// comparator. `as_given`: the prefixes in the order given, repeats kept.
/// `tuple_order`: a tuple slice over columns of mixed order reads the
/// tuples after (or before) its bound in the columns' own orders, as
/// several slices ([`tuple_order::pieces`]); else as one slice of the
/// comparator from the bound, whatever the later columns' orders.
pub(super) fn build_slices(
    table: &Table,
    prefixes: &[Vec<Vec<u8>>],
    range: Option<&ClusteringRange>,
    reversed: bool,
    as_given: bool,
    tuple_order: bool,
) -> CqlResult<Vec<Slice>> {
    let mut prefixes = prefixes.to_vec();
    // IN values come out in comparator order, whatever order they were given in.
    let types: Vec<(CqlType, bool)> = table
        .clustering
        .iter()
        .map(|c| (c.column.ty.clone(), c.reversed))
        .collect();
    let by_comparator = |a: &Vec<Vec<u8>>, b: &Vec<Vec<u8>>| {
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            let o = types[i].0.compare(x, y);
            let o = if types[i].1 { o.reverse() } else { o };
            if o != Ordering::Equal {
                return o;
            }
        }
        Ordering::Equal
    };
    if !as_given {
        prefixes.sort_by(by_comparator);
        prefixes.dedup();
    }
    let mut slices = Vec::new();
    for p in prefixes {
        let pieces = match range {
            Some((i, bounds)) if tuple_order => tuple_order::pieces(table, *i, bounds),
            _ => None,
        };
        let mut spans = match pieces {
            None => vec![span(table, &p, range)?],
            Some(pieces) => pieces
                .into_iter()
                .map(|(fixed, range)| {
                    let mut q = p.clone();
                    q.extend(fixed);
                    span(table, &q, range.as_ref())
                })
                .collect::<CqlResult<Vec<_>>>()?,
        };
        if spans.len() > 1 {
            // The pieces are disjoint: their starts put them in comparator order.
            let comparator = table.comparator_type();
            spans.sort_by(|(a, _), (b, _)| match (a.is_empty(), b.is_empty()) {
                (true, _) | (_, true) => b.is_empty().cmp(&a.is_empty()),
                _ => comparator.compare(a, b),
            });
        }
        for (start, end) in spans {
            slices.push(if reversed {
                Slice::Range {
                    start: end,
                    finish: start,
                    reversed: true,
                    count: usize::MAX,
                }
            } else {
                Slice::Range {
                    start,
                    finish: end,
                    reversed: false,
                    count: usize::MAX,
                }
            });
        }
    }
    if reversed {
        slices.reverse();
    }
    Ok(slices)
}

/// The start and end (in comparator order) of the slice of prefix `p`
/// bounded by `range` on the column(s) after it.
fn span(
    table: &Table,
    p: &[Vec<u8>],
    range: Option<&ClusteringRange>,
) -> CqlResult<(Vec<u8>, Vec<u8>)> {
    let (mut start, mut end) = (
        slice_bound(table, p, Eoc::Start)?,
        slice_bound(table, p, Eoc::End)?,
    );
    if let Some((i, bounds)) = range {
        let col_reversed = table.clustering[*i].reversed;
        for (op, v) in bounds {
            let mut q = p.to_vec();
            q.extend(v.iter().cloned());
            // In comparator order a DESC column's "greater" is "earlier".
            let (is_lower, inclusive) = match op {
                Operator::Gt => (true, false),
                Operator::Gte => (true, true),
                Operator::Lt => (false, false),
                _ => (false, true),
            };
            let starts = is_lower != col_reversed;
            let eoc = if starts == inclusive {
                Eoc::Start
            } else {
                Eoc::End
            };
            let bound = slice_bound(table, &q, eoc)?;
            if starts {
                start = bound;
            } else {
                end = bound;
            }
        }
    }
    Ok((start, end))
}

#[cfg(test)]
#[path = "slices_tests.rs"]
mod tests;
