//! The slices a planned SELECT reads from each partition: its EQ/IN
//! clustering prefixes in comparator order, each once, each bounded by the
//! slice on the next column(s), reversed for a reversed ORDER BY (and 1.2's
//! ways with a read of every clustering column: see [`release_slices`]).
//! `select` checks and plans the rest.

use super::super::names::slice_bound;
use super::rules::SelectRules;
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
        return build_slices(table, prefixes, range, reversed, false);
    }
    if table.layout == Layout::CompactDense && rules.names_in_in_order {
        let mut given = prefixes.to_vec();
        // The slices come out reversed for a reversed read: 1.2.16 on
        // read the names backwards first, which that undoes.
        if reversed && !rules.names_order_reversed {
            given.reverse();
        }
        return build_slices(table, &given, range, reversed, true);
    }
    if reversed && rules.reversed_full_prefix_empty && !table.is_compact() {
        return Ok(Vec::new());
    }
    build_slices(table, prefixes, range, reversed, false)
}

/// Slices (in output order) for the EQ/IN clustering prefixes and an
/// optional range on the next column(s); bounds use EOC -1/1 on the
/// comparator. `as_given`: the prefixes in the order given, repeats kept.
pub(super) fn build_slices(
    table: &Table,
    prefixes: &[Vec<Vec<u8>>],
    range: Option<&ClusteringRange>,
    reversed: bool,
    as_given: bool,
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
        let (mut start, mut end) = (
            slice_bound(table, &p, Eoc::Start)?,
            slice_bound(table, &p, Eoc::End)?,
        );
        if let Some((i, bounds)) = range {
            let col_reversed = table.clustering[*i].reversed;
            for (op, v) in bounds {
                let mut q = p.clone();
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
    if reversed {
        slices.reverse();
    }
    Ok(slices)
}
