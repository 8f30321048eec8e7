//! One row's slice read from its table: by names, by a range (reversed,
//! counted), of a Standard CF, of a super column's sub-columns, or of a
//! Super CF's super columns: the one door of a row read, which hands a
//! static, composite or CQL3 table to its own module and reads the others
//! through `cells` (whose note says what a cell carries back). Results are
//! put in comparator order here (a reversed super-column read reverses
//! the sub-columns too, which Thrift does not). This module must not
//! write.

use super::cells::{bad, bound, cell, cells, now_seconds, Budget, RowRead, Selection};
use crate::call::Consistency;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::{Bound, RawRow};
use crate::gateway::session::statements::{each_row_form, run_form};
use crate::gateway::session::tables::{lookup, table};
use crate::gateway::session::Inner;
use crate::gateway::table::forms::Form;
use crate::gateway::table::layout::{Layout, Shape};
use crate::gateway::table::slice::Wanted;
use crate::marshal::TypeRef;
use crate::model::{Cell, DeletionTime, ReadCommand, RowResult, Slice, SuperColumn};
use crate::schema::CfDef;

pub async fn read_row(
    inner: &Inner,
    cmd: &ReadCommand,
    key: &[u8],
    max_bytes: usize,
    cl: Consistency,
) -> GatewayResult<Option<RowResult>> {
    if let Some(t) = lookup(inner, &cmd.keyspace, &cmd.cf)? {
        return super::cql3::read_row(inner, &t, cmd, key, max_bytes, cl).await;
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
        (Shape::Composite, None) => super::composite::read(row).await,
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
