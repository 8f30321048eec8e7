//! One row's slice read from its table: by names, by a range (reversed,
//! counted), of a Standard CF, of a super column's sub-columns, or of a
//! Super CF's super columns.
//!
//! Cells come back with their client timestamps (`writetime`) and, when
//! they expire, their remaining TTL (`ttl`): CQL has no way to read the TTL
//! a cell was written with, so an expiring cell reports what is left of it
//! (its expiry time is exact). Counter cells have neither. Results are put
//! in comparator order here (a names read's `IN` order is the cluster's;
//! a reversed super-column read reverses the sub-columns too, which Thrift
//! does not). This module must not write.

use super::forms::{limit, Form};
use super::layout::{Layout, Shape};
use super::slice::Wanted;
use super::statements::{each_row_form, run_form};
use super::values::{Bound, RawRow};
use super::{Consistency, GatewayError, GatewayResult, Inner};
use crate::marshal::TypeRef;
use crate::model::{Cell, CellKind, DeletionTime, ReadCommand, RowResult, Slice, SuperColumn};
use crate::schema::CfDef;
use std::sync::Arc;

/// A CF's definition and layout for a call, or the refusal the engine
/// would give for an unknown one.
pub fn table(inner: &Inner, keyspace: &str, cf: &str) -> GatewayResult<(Arc<CfDef>, Arc<Layout>)> {
    let schema = inner.schema();
    if schema.keyspace(keyspace).is_none() {
        return Err(GatewayError::Invalid(format!(
            "Keyspace {keyspace} does not exist"
        )));
    }
    let def = schema
        .cf(keyspace, cf)
        .ok_or_else(|| GatewayError::Invalid(format!("unconfigured columnfamily {cf}")))?
        .clone();
    let layout = inner.layouts.of(&def, inner.storage)?;
    Ok((def, layout))
}

/// What a slice reads: the selected name column, its bounds and order.
pub(super) struct Selection<'a> {
    /// `column1` (cells, super column names) or `column2` (sub-columns).
    pub column: &'static str,
    /// Fixed leading columns: `key = ?` and, for sub-columns, `column1 = ?`.
    pub fixed: Vec<(&'static str, &'a [u8])>,
}

/// One row's slice read of a standard table, as [`super::statics`] and
/// [`super::composite::io`] take it (a super column already refused).
pub(super) struct RowRead<'a> {
    pub inner: &'a Inner,
    pub def: &'a CfDef,
    pub layout: &'a Layout,
    pub cmd: &'a ReadCommand,
    pub key: &'a [u8],
    pub max_bytes: usize,
    pub cl: Consistency,
}

pub async fn read_row(
    inner: &Inner,
    cmd: &ReadCommand,
    key: &[u8],
    max_bytes: usize,
    cl: Consistency,
) -> GatewayResult<Option<RowResult>> {
    if let Some(t) = super::cql3::lookup(inner, &cmd.keyspace, &cmd.cf)? {
        return super::cql3::reads::read_row(inner, &t, cmd, key, max_bytes, cl).await;
    }
    let (def, layout) = table(inner, &cmd.keyspace, &cmd.cf)?;
    let mut budget = Budget::new(max_bytes);
    let now = now_seconds();
    let row = RowRead {
        inner,
        def: &def,
        layout: &layout,
        cmd,
        key,
        max_bytes,
        cl,
    };
    match (layout.shape, &cmd.super_column) {
        (Shape::Static | Shape::Composite, Some(_)) => Err(GatewayError::Invalid(
            "a standard column family has no super columns".into(),
        )),
        (Shape::Static, None) => super::statics::read(row).await,
        (Shape::Composite, None) => super::composite::io::read(row).await,
        (Shape::Super, None) => {
            let supers =
                super_columns(inner, &def, &layout, cmd, key, cl, &mut budget, now).await?;
            Ok(budget.ok().then_some(RowResult::SuperColumns(supers)))
        }
        (Shape::Super, Some(sc)) => {
            let sub = def.subcomparator.clone().unwrap_or(def.comparator.clone());
            let read = SubColumns {
                inner,
                layout: &layout,
                sub: &sub,
                key,
                sc,
                cl,
                now,
            };
            let cells = match forward_of_reversed(inner.forward_sub_slices, &cmd.slice) {
                Some((forward, count)) => {
                    // Read whole, as 1.2 read a super column, then kept
                    // within the call's bytes as a reversed read is.
                    let mut all = read.cells(&forward, &mut Budget::new(usize::MAX)).await?;
                    all.reverse();
                    all.truncate(count);
                    all.into_iter().take_while(|c| budget.spend(c)).collect()
                }
                None => read.cells(&cmd.slice, &mut budget).await?,
            };
            Ok(budget.ok().then_some(RowResult::Cells(cells)))
        }
        (Shape::Dense, _) => {
            let sel = Selection {
                column: "column1",
                fixed: vec![("key", key)],
            };
            let cells = cells(
                inner,
                &layout,
                &def.comparator,
                &sel,
                &cmd.slice,
                cl,
                &mut budget,
                now,
            )
            .await?;
            Ok(budget.ok().then_some(RowResult::Cells(cells)))
        }
    }
}

/// One super column's sub-columns, read as a slice asks.
struct SubColumns<'a> {
    inner: &'a Inner,
    layout: &'a Layout,
    sub: &'a TypeRef,
    key: &'a [u8],
    sc: &'a [u8],
    cl: Consistency,
    now: i32,
}

impl SubColumns<'_> {
    async fn cells(&self, slice: &Slice, budget: &mut Budget) -> GatewayResult<Vec<Cell>> {
        let (inner, layout, sub) = (self.inner, self.layout, self.sub);
        // A bounded range is cut here, not by the cluster (see `subrange`).
        if let Some(range) = super::subrange::bounded(slice) {
            let (key, sc, cl, now) = (self.key, self.sc, self.cl, self.now);
            return super::subrange::read(inner, layout, sub, key, sc, range, cl, budget, now)
                .await;
        }
        let sel = Selection {
            column: "column2",
            fixed: vec![("key", self.key), ("column1", self.sc)],
        };
        cells(inner, layout, sub, &sel, slice, self.cl, budget, self.now).await
    }
}

/// A reversed range of one super column's sub-columns as the forward range
/// of the same names, whole, and the count to keep from its end, where the
/// cluster cannot read it backwards: Cassandra 3.0+ fails a Super CF
/// table's `WHERE column1 = ? ... ORDER BY ... DESC` (an
/// ArrayIndexOutOfBoundsException in `SelectStatement$RawStatement
/// .isReversed`, whatever the count and bounds). `None` for any other slice
/// and on a cluster that reads it (`on` false).
fn forward_of_reversed(on: bool, slice: &Slice) -> Option<(Slice, usize)> {
    match slice {
        Slice::Range {
            start,
            finish,
            reversed: true,
            count,
        } if on => Some((
            Slice::Range {
                start: finish.clone(),
                finish: start.clone(),
                reversed: false,
                count: usize::MAX,
            },
            *count,
        )),
        _ => None,
    }
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

/// The super columns of a Super CF's row, each with its sub-columns.
#[allow(clippy::too_many_arguments)]
async fn super_columns(
    inner: &Inner,
    def: &CfDef,
    layout: &Layout,
    cmd: &ReadCommand,
    key: &[u8],
    cl: Consistency,
    budget: &mut Budget,
    now: i32,
) -> GatewayResult<Vec<SuperColumn>> {
    let sub = def.subcomparator.clone().unwrap_or(def.comparator.clone());
    let mut out: Vec<SuperColumn> = Vec::new();
    let mut push = |out: &mut Vec<SuperColumn>, mut row: RawRow| -> GatewayResult<bool> {
        let name = row.bytes(0).map_err(bad)?;
        let rest = RawRow(row.0.split_off(1));
        let cell = cell(rest, layout.counter, now)?;
        if !budget.spend(&cell) {
            return Ok(false);
        }
        match out.last_mut() {
            Some(last) if last.name == name => last.cells.push(cell),
            _ => out.push(SuperColumn {
                name,
                deletion: DeletionTime::LIVE,
                cells: vec![cell],
            }),
        }
        Ok(true)
    };
    match Wanted::of(&cmd.slice) {
        Wanted::Names(names) => {
            let shape = Form::SuperColumns {
                by_name: true,
                low: false,
                high: false,
                reversed: false,
            };
            for name in names {
                let values = [Bound::Bytes(key.to_vec()), Bound::Bytes(name.clone())];
                for row in run_form(inner, layout, shape, &values, cl).await? {
                    if !push(&mut out, row)? {
                        return Ok(out);
                    }
                }
            }
            out.sort_by(|a, b| def.comparator.compare(&a.name, &b.name));
            out.dedup_by(|a, b| a.name == b.name);
        }
        Wanted::Range(r) => {
            if r.count == 0 {
                return Ok(out);
            }
            let mut values = vec![Bound::Bytes(key.to_vec())];
            let shape = Form::SuperColumns {
                by_name: false,
                low: bound(&mut values, r.low),
                high: bound(&mut values, r.high),
                reversed: r.reversed,
            };
            // Rows are sub-columns: read until one more super column starts.
            each_row_form(inner, layout, shape, values, cl, |row| {
                let more = push(&mut out, row)?;
                if out.len() > r.count {
                    out.truncate(r.count);
                    return Ok(false);
                }
                Ok(more)
            })
            .await?;
        }
    }
    for sc in &mut out {
        sc.cells.sort_by(|a, b| sub.compare(&a.name, &b.name));
    }
    Ok(out)
}

/// Binds a range bound unless it is open (empty); whether it was bound.
fn bound(values: &mut Vec<Bound>, name: &[u8]) -> bool {
    if name.is_empty() {
        return false;
    }
    values.push(Bound::Bytes(name.to_vec()));
    true
}

fn bad(e: super::values::BadColumn) -> GatewayError {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reversed_sub_column_range_is_read_forward_where_the_cluster_fails_it() {
        let range = |start: &str, finish: &str, reversed, count| Slice::Range {
            start: start.as_bytes().to_vec(),
            finish: finish.as_bytes().to_vec(),
            reversed,
            count,
        };
        // Thrift's reversed range runs from its start (high) to its finish.
        let (forward, count) = forward_of_reversed(true, &range("m", "c", true, 3)).unwrap();
        assert_eq!(forward, range("c", "m", false, usize::MAX));
        assert_eq!(count, 3);
        assert!(forward_of_reversed(true, &range("c", "m", false, 3)).is_none());
        assert!(forward_of_reversed(false, &range("m", "c", true, 3)).is_none());
        assert!(forward_of_reversed(true, &Slice::Names(vec![b"a".to_vec()])).is_none());
    }
}
