//! The slices a planned SELECT reads from each partition: its EQ/IN
//! clustering prefixes in comparator order, each once, each bounded by the
//! slice on the next column(s), reversed for a reversed ORDER BY. `select` checks and plans the rest.

use super::super::names::slice_bound;
use crate::cql::ast::Operator;
use crate::cql::error::CqlResult;
use crate::cql::table::Table;
use crate::cql::types::CqlType;
use crate::marshal::Eoc;
use crate::model::Slice;
use std::cmp::Ordering;

/// A slice restriction: the position of its (first) clustering column and
/// its bounds, each of the components from that column on (one, or a
/// tuple's).
pub(super) type ClusteringRange = (usize, Vec<(Operator, Vec<Vec<u8>>)>);

/// Slices (in output order) for the EQ/IN clustering prefixes and an
/// optional range on the next column(s); bounds use EOC -1/1 on the
/// comparator.
pub(super) fn build_slices(
    table: &Table,
    prefixes: &[Vec<Vec<u8>>],
    range: Option<&ClusteringRange>,
    reversed: bool,
) -> CqlResult<Vec<Slice>> {
    let mut prefixes = prefixes.to_vec();
    // IN values come out in comparator order, whatever order they were given in.
    let types: Vec<(CqlType, bool)> = table
        .clustering
        .iter()
        .map(|c| (c.column.ty.clone(), c.reversed))
        .collect();
    prefixes.sort_by(|a, b| {
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            let o = types[i].0.compare(x, y);
            let o = if types[i].1 { o.reverse() } else { o };
            if o != Ordering::Equal {
                return o;
            }
        }
        Ordering::Equal
    });
    prefixes.dedup();
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
