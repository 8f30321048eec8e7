//! One name column's cells read from a table laid out by `table::layout`:
//! the pieces every row read shares (what a slice selects, the row's byte
//! budget, a cell from its columns with its client timestamp (`writetime`)
//! and, when it expires, its remaining TTL (`ttl`): CQL has no way to read
//! the TTL a cell was written with, so an expiring cell reports what is
//! left of it; its expiry time is exact). Counter cells have neither.
//! Results are put in comparator order here (a names read's `IN` order is
//! the cluster's). This module must not write.

use crate::call::Consistency;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::{BadColumn, Bound, RawRow};
use crate::gateway::session::statements::{each_row_form, run_form};
use crate::gateway::session::Inner;
use crate::gateway::table::forms::{limit, Form};
use crate::gateway::table::layout::Layout;
use crate::gateway::table::slice::Wanted;
use crate::marshal::TypeRef;
use crate::model::{Cell, CellKind, DeletionTime, ReadCommand, Slice};
use crate::schema::CfDef;

/// What a slice reads: the selected name column, its bounds and order.
pub(super) struct Selection<'a> {
    /// `column1` (cells, super column names) or `column2` (sub-columns).
    pub column: &'static str,
    /// Fixed leading columns: `key = ?` and, for sub-columns, `column1 = ?`.
    pub fixed: Vec<(&'static str, &'a [u8])>,
}

/// One row's slice read of a standard table, as [`super::statics`] and
/// [`super::composite`] take it (a super column already refused).
pub(super) struct RowRead<'a> {
    pub inner: &'a Inner,
    pub def: &'a CfDef,
    pub layout: &'a Layout,
    pub cmd: &'a ReadCommand,
    pub key: &'a [u8],
    pub max_bytes: usize,
    pub cl: Consistency,
}

/// Bytes a row may still take; spent by names and values as they come.
pub(super) struct Budget {
    left: usize,
    over: bool,
}

impl Budget {
    pub(super) fn new(max_bytes: usize) -> Budget {
        Budget {
            left: max_bytes,
            over: false,
        }
    }
    /// Spends a cell's bytes; false (and over for good) when they do not fit.
    pub(super) fn spend(&mut self, cell: &Cell) -> bool {
        match self.left.checked_sub(cell.name.len() + cell.value.len()) {
            Some(left) if !self.over => {
                self.left = left;
                true
            }
            _ => {
                self.over = true;
                false
            }
        }
    }
    pub(super) fn ok(&self) -> bool {
        !self.over
    }
}

/// The selected cells of one name column, in comparator order.
#[allow(clippy::too_many_arguments)]
pub(super) async fn cells(
    inner: &Inner,
    layout: &Layout,
    comparator: &TypeRef,
    sel: &Selection<'_>,
    slice: &Slice,
    cl: Consistency,
    budget: &mut Budget,
    now: i32,
) -> GatewayResult<Vec<Cell>> {
    let sub = match sel.column {
        "column1" => false,
        "column2" => true,
        other => {
            return Err(GatewayError::Internal(format!(
                "a slice of {other} is not a cell read"
            )))
        }
    };
    let mut values: Vec<Bound> = sel
        .fixed
        .iter()
        .map(|(_, v)| Bound::Bytes(v.to_vec()))
        .collect();
    let mut out = Vec::new();
    match Wanted::of(slice) {
        Wanted::Names(names) => {
            // One query per name, all at once: `IN (?, ...)` would be one,
            // but supercolumn's own CQL3 refuses markers in an IN list
            // (Cassandra 1.2 and 3.x take them).
            let shape = Form::Cells {
                sub,
                by_name: true,
                low: false,
                high: false,
                reversed: false,
                limit: None,
            };
            let mut wanted: Vec<&Vec<u8>> = names.iter().collect();
            wanted.sort_by(|a, b| comparator.compare(a, b));
            wanted.dedup();
            let reads = wanted.iter().map(|name| {
                let mut v = values.clone();
                v.push(Bound::Bytes(name.to_vec()));
                async move { run_form(inner, layout, shape, &v, cl).await }
            });
            for rows in futures_util::future::try_join_all(reads).await? {
                for row in rows {
                    let cell = cell(row, layout.counter, now)?;
                    if !budget.spend(&cell) {
                        return Ok(out);
                    }
                    out.push(cell);
                }
            }
        }
        Wanted::Range(r) => {
            if r.count == 0 {
                return Ok(out);
            }
            let shape = Form::Cells {
                sub,
                by_name: false,
                low: bound(&mut values, r.low),
                high: bound(&mut values, r.high),
                reversed: r.reversed,
                limit: limit(r.count),
            };
            let mut failed = None;
            each_row_form(inner, layout, shape, values, cl, |row| {
                // Without COMPACT STORAGE, a partition holding static cells
                // alone answers one row whose clustering column is null.
                if row.0.first().is_some_and(Option::is_none) {
                    return Ok(true);
                }
                let cell = match cell(row, layout.counter, now) {
                    Ok(c) => c,
                    Err(e) => {
                        failed = Some(e);
                        return Ok(false);
                    }
                };
                if !budget.spend(&cell) {
                    return Ok(false);
                }
                out.push(cell);
                Ok(out.len() < r.count)
            })
            .await?;
            if let Some(e) = failed {
                return Err(e);
            }
        }
    }
    Ok(out)
}

/// Binds a range bound unless it is open (empty); whether it was bound.
pub(super) fn bound(values: &mut Vec<Bound>, name: &[u8]) -> bool {
    if name.is_empty() {
        return false;
    }
    values.push(Bound::Bytes(name.to_vec()));
    true
}

pub(super) fn bad(e: BadColumn) -> GatewayError {
    GatewayError::Internal(format!("unexpected result from the cluster: {e}"))
}

/// A cell from `(name, value[, writetime, ttl])`.
pub(super) fn cell(mut row: RawRow, counter: bool, now: i32) -> GatewayResult<Cell> {
    let name = row.bytes(0).map_err(bad)?;
    let value = row.bytes(1).map_err(bad)?;
    if counter {
        return Ok(Cell {
            name,
            value,
            timestamp: 0,
            kind: CellKind::Counter {
                deletion: DeletionTime::LIVE,
            },
        });
    }
    let timestamp = row.long(2).map_err(bad)?.unwrap_or(0);
    let kind = match row.int(3).map_err(bad)? {
        Some(ttl) if ttl > 0 => CellKind::Expiring {
            ttl,
            local_expiration_time: now.saturating_add(ttl),
        },
        _ => CellKind::Live,
    };
    Ok(Cell {
        name,
        value,
        timestamp,
        kind,
    })
}

pub(super) fn now_seconds() -> i32 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    i32::try_from(secs).unwrap_or(i32::MAX)
}
