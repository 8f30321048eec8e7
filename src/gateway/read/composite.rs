//! Reads of composite tables (`layout::Shape::Composite`, forms and bounds
//! in `table::composite`): a names read is one exact clustering match per
//! name, a range read runs the range's pieces in order (backwards when
//! reversed) until the count is reached. This module must not write.

use super::cells::{cell, now_seconds, Budget, RowRead};
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::{Bound, RawRow};
use crate::gateway::session::statements::{each_row, run};
use crate::gateway::table::composite::{join, pieces, prefix, reverse_order, split};
use crate::gateway::table::forms::limit;
use crate::gateway::table::layout::Layout;
use crate::gateway::table::slice::Wanted;
use crate::model::{Cell, RowResult};

/// One row's slice of a composite table; `None` when over `max_bytes`.
pub(super) async fn read(row: RowRead<'_>) -> GatewayResult<Option<RowResult>> {
    let RowRead {
        inner,
        def,
        layout,
        cmd,
        key,
        max_bytes,
        cl,
    } = row;
    let comps = &layout.components;
    let now = now_seconds();
    let mut budget = Budget::new(max_bytes);
    let head = format!(
        "SELECT {} FROM {} WHERE {} = ?",
        selected(layout),
        layout.table,
        layout.key_column
    );
    let to_cell = |row: RawRow| row_cell(row, comps.len(), layout, now);
    let mut out: Vec<Cell> = Vec::new();
    match Wanted::of(&cmd.slice) {
        Wanted::Names(names) => {
            // A name without every component names no row of the table.
            let mut wanted: Vec<(&Vec<u8>, Vec<Vec<u8>>)> = names
                .iter()
                .filter_map(|n| Some((n, split(n, comps.len(), layout.compound).ok()?)))
                .collect();
            wanted.sort_by(|a, b| def.comparator.compare(a.0, b.0));
            wanted.dedup_by(|a, b| a.0 == b.0);
            let reads = wanted.into_iter().map(|(_, parts)| {
                let mut text = head.clone();
                let mut values = vec![Bound::Bytes(key.to_vec())];
                for (c, v) in comps.iter().zip(parts) {
                    text.push_str(&format!(" AND {} = ?", c.column));
                    values.push(Bound::Bytes(v));
                }
                async move { run(inner, &text, &values, cl).await }
            });
            for rows in futures_util::future::try_join_all(reads).await? {
                for row in rows {
                    let c = to_cell(row)?;
                    if !budget.spend(&c) {
                        return Ok(None);
                    }
                    out.push(c);
                }
            }
        }
        Wanted::Range(r) => {
            let start = prefix(r.low, true, comps.len(), layout.compound)?;
            let end = prefix(r.high, false, comps.len(), layout.compound)?;
            let mut ps = pieces(start.as_ref(), end.as_ref());
            if r.reversed {
                ps.reverse();
            }
            for piece in ps {
                if out.len() >= r.count {
                    break;
                }
                let mut text = head.clone();
                let mut values = vec![Bound::Bytes(key.to_vec())];
                piece.conditions(comps, &mut text, &mut values);
                if r.reversed {
                    text.push_str(&reverse_order(comps));
                }
                // The call's count, not what is left of it: one statement
                // text per slice shape (they are prepared and cached); the
                // rows stop being read once the count is reached.
                if let Some(n) = limit(r.count) {
                    text.push_str(&format!(" LIMIT {n}"));
                }
                let mut failed = None;
                each_row(inner, &text, values, cl, |row| {
                    let c = match to_cell(row) {
                        Ok(c) => c,
                        Err(e) => {
                            failed = Some(e);
                            return Ok(false);
                        }
                    };
                    if !budget.spend(&c) {
                        return Ok(false);
                    }
                    out.push(c);
                    Ok(out.len() < r.count)
                })
                .await?;
                if let Some(e) = failed {
                    return Err(e);
                }
                if !budget.ok() {
                    return Ok(None);
                }
            }
        }
    }
    Ok(budget.ok().then_some(RowResult::Cells(out)))
}

/// The columns a cell is read from: its clustering columns, the value,
/// then (not for counters) its `writetime` and `ttl`.
fn selected(layout: &Layout) -> String {
    let names: Vec<&str> = layout
        .components
        .iter()
        .map(|c| c.column.as_str())
        .collect();
    let v = &layout.value_column;
    if layout.counter {
        format!("{}, {v}", names.join(", "))
    } else {
        format!("{}, {v}, writetime({v}), ttl({v})", names.join(", "))
    }
}

/// A cell from `(column1, ..., columnN, value[, writetime, ttl])`.
fn row_cell(mut row: RawRow, n: usize, layout: &Layout, now: i32) -> GatewayResult<Cell> {
    let mut parts = Vec::with_capacity(n);
    for i in 0..n {
        parts.push(row.bytes(i).map_err(|e| {
            GatewayError::Internal(format!("unexpected result from the cluster: {e}"))
        })?);
    }
    let mut rest = vec![Some(join(&parts, layout.compound)?)];
    rest.extend(row.0.drain(n..));
    cell(RawRow(rest), layout.counter, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::{parse_type, CompositeBuilder, Eoc};
    use crate::model::CellKind;
    use crate::schema::CfDef;

    fn layout() -> Layout {
        let cf = CfDef::new(
            "K",
            "C",
            10,
            parse_type("CompositeType(UTF8Type,ReversedType(LongType))").unwrap(),
            None,
        );
        Layout::of(&cf, crate::gateway::driver::facts::Storage::Compact).unwrap()
    }

    #[test]
    fn a_composite_cf_is_one_clustering_column_per_component() {
        assert_eq!(
            layout().create_table(),
            "CREATE TABLE \"K\".\"C\" (key blob, column1 text, column2 bigint, value blob, \
             PRIMARY KEY (key, column1, column2)) WITH COMPACT STORAGE \
             AND CLUSTERING ORDER BY (column1 ASC, column2 DESC)"
        );
    }

    #[test]
    fn rows_come_back_as_composite_names() {
        let row = RawRow(vec![
            Some(b"a".to_vec()),
            Some(5i64.to_be_bytes().to_vec()),
            Some(b"v".to_vec()),
            Some(7i64.to_be_bytes().to_vec()),
            None,
        ]);
        let c = row_cell(row, 2, &layout(), 0).unwrap();
        let name = CompositeBuilder::new()
            .push(b"a")
            .unwrap()
            .push(&5i64.to_be_bytes())
            .unwrap()
            .build(Eoc::None);
        assert_eq!(
            (c.name, c.value, c.timestamp, c.kind),
            (name, b"v".to_vec(), 7, CellKind::Live)
        );
    }
}
