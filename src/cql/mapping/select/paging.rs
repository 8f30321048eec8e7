//! Resumable pages of a SELECT: where a page ended (the last row's
//! partition key and clustering, as Cassandra's paging state held them)
//! and how the next page starts right after it, so that paging through a
//! table reads each row once instead of re-running the statement.
//!
//! Owns the position and the "strictly after" test in a plan's traversal
//! order. It must not encode positions for a wire (the front end does).

use super::super::names::slice_bound;
use super::super::read::CqlRow;
use super::SelectPlan;
use crate::cql::error::CqlResult;
use crate::marshal::Eoc;
use crate::model::Slice;
use std::cmp::Ordering;

/// Where the next page of a SELECT starts: strictly after the row at
/// (`row_key`, `clustering`), or after the whole partition when
/// `partition_done` (tables without clustering columns, DISTINCT).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PagePosition {
    pub row_key: Vec<u8>,
    pub clustering: Vec<Vec<u8>>,
    pub partition_done: bool,
    /// Rows the statement's LIMIT still allows.
    pub remaining: usize,
}

/// A page asked for: at most `size` rows, from `from` (the start if `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paging {
    pub size: usize,
    pub from: Option<PagePosition>,
}

/// The position after `row`, the last of a full page.
pub(super) fn position_after(plan: &SelectPlan, row: &CqlRow, remaining: usize) -> PagePosition {
    PagePosition {
        row_key: row.row_key.clone(),
        clustering: row.clustering.clone(),
        // A row without clustering values is a partition's static cells alone.
        partition_done: plan.distinct
            || plan.table.clustering.is_empty()
            || row.clustering.len() < plan.table.clustering.len(),
        remaining,
    }
}

/// How clustering values `a` and `b` compare in the plan's output order
/// (comparator order, DESC columns reversed, ORDER BY reversing all).
pub(super) fn output_order(plan: &SelectPlan, a: &[Vec<u8>], b: &[Vec<u8>]) -> Ordering {
    let natural = a
        .iter()
        .zip(b)
        .zip(&plan.table.clustering)
        .map(|((x, y), c)| {
            let o = c.column.ty.compare(x, y);
            if c.reversed {
                o.reverse()
            } else {
                o
            }
        })
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal);
    if plan.reversed {
        natural.reverse()
    } else {
        natural
    }
}

/// Whether `clustering` comes strictly after `after` in the plan's output
/// order.
pub(super) fn comes_after(plan: &SelectPlan, clustering: &[Vec<u8>], after: &[Vec<u8>]) -> bool {
    output_order(plan, clustering, after) == Ordering::Greater
}

/// The slices that read the rest of a partition after `after`: a single
/// range slice starts just past it (the rows before it are not read
/// again); several slices (IN on a clustering column) are read whole and
/// the rows filtered by [`comes_after`].
pub(super) fn resumed_slices(plan: &SelectPlan, after: &[Vec<u8>]) -> CqlResult<Vec<Slice>> {
    match plan.slices.as_slice() {
        [Slice::Range {
            finish,
            reversed,
            count,
            ..
        }] if !after.is_empty() => {
            // Just past every name of the row, in traversal order (for a
            // dense single-component name, the name itself: that row is
            // read again and filtered out).
            let eoc = if *reversed { Eoc::Start } else { Eoc::End };
            Ok(vec![Slice::Range {
                start: slice_bound(&plan.table, after, eoc)?,
                finish: finish.clone(),
                reversed: *reversed,
                count: *count,
            }])
        }
        _ => Ok(plan.slices.clone()),
    }
}
