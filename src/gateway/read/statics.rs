//! Reads and writes of static tables (column families with declared
//! columns, `layout::Shape::Static`): a declared column is a column of the
//! table, read and written by its name with its timestamp and TTL; an
//! undeclared one is a `(column1, value)` row, which only a cluster without
//! COMPACT STORAGE lets CQL reach (on 3.x it is hidden: refused here, so
//! nothing is silently dropped or missed by a names read).
//!
//! A slice by range merges the declared columns inside the range with the
//! undeclared rows, in comparator order. This module must not create
//! tables; the undeclared rows are read and written as a dense table's.

use super::cells::{cell, cells, now_seconds, Budget, RowRead, Selection};
use crate::call::Consistency;
use crate::gateway::driver::error::GatewayResult;
use crate::gateway::driver::values::{Bound, RawRow};
use crate::gateway::session::statements::run;
use crate::gateway::session::Inner;
use crate::gateway::table::layout::{Declared, Layout};
use crate::gateway::table::slice::Wanted;
use crate::gateway::table::statics::{as_dense, pair_names_are_default, reachable};
use crate::model::{Cell, RowResult, Slice};

/// One row's slice of a static table; `None` when over `max_bytes`.
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
    let now = now_seconds();
    let comparator = &def.comparator;
    let (declared, pair_slice, reversed, count) = match Wanted::of(&cmd.slice) {
        Wanted::Names(names) => {
            let mut declared = Vec::new();
            let mut rest = Vec::new();
            for name in names {
                match layout.declared(name) {
                    Some(d) => declared.push(d),
                    None => rest.push(name.clone()),
                }
            }
            let pair = if rest.is_empty() {
                None
            } else {
                reachable(def, layout)?;
                Some(Slice::Names(rest))
            };
            (declared, pair, false, usize::MAX)
        }
        Wanted::Range(r) => {
            let declared = layout
                .declared
                .iter()
                .filter(|d| r.contains(comparator, &d.name))
                .collect();
            let pair = (layout.pair_reachable() && pair_names_are_default(layout))
                .then(|| cmd.slice.clone());
            (declared, pair, r.reversed, r.count)
        }
    };
    let mut out = declared_cells(inner, layout, &declared, key, cl, now).await?;
    if let Some(slice) = pair_slice {
        let sel = Selection {
            column: "column1",
            fixed: vec![("key", key)],
        };
        let mut budget = Budget::new(max_bytes);
        let dense = as_dense(layout);
        out.extend(
            cells(
                inner,
                &dense,
                comparator,
                &sel,
                &slice,
                cl,
                &mut budget,
                now,
            )
            .await?,
        );
        if !budget.ok() {
            return Ok(None);
        }
    }
    out.sort_by(|a, b| comparator.compare(&a.name, &b.name));
    if reversed {
        out.reverse();
    }
    out.truncate(count);
    let bytes: usize = out.iter().map(|c| c.name.len() + c.value.len()).sum();
    Ok((bytes <= max_bytes).then_some(RowResult::Cells(out)))
}

/// The declared columns `wanted` of one row, with their timestamps and TTLs.
async fn declared_cells(
    inner: &Inner,
    layout: &Layout,
    wanted: &[&Declared],
    key: &[u8],
    cl: Consistency,
    now: i32,
) -> GatewayResult<Vec<Cell>> {
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let what = wanted
        .iter()
        .map(|d| {
            if layout.counter {
                d.column.clone()
            } else {
                format!("{0}, writetime({0}), ttl({0})", d.column)
            }
        })
        .collect::<Vec<_>>()
        .join(", ");
    // LIMIT 1: without COMPACT STORAGE a static cell repeats on every row.
    let text = format!("SELECT {what} FROM {} WHERE key = ? LIMIT 1", layout.table);
    let mut out = Vec::new();
    let width = if layout.counter { 1 } else { 3 };
    for row in run(inner, &text, &[Bound::Bytes(key.to_vec())], cl).await? {
        let mut fields = row.0.into_iter();
        for d in wanted {
            let mut cell_row = vec![Some(d.name.clone())];
            cell_row.extend(fields.by_ref().take(width));
            if cell_row.get(1).is_some_and(Option::is_some) {
                out.push(cell(RawRow(cell_row), layout.counter, now)?);
            }
        }
    }
    Ok(out)
}
