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

use super::layout::{Declared, Layout, Shape};
use super::reads::{cell, cells, now_seconds, Budget, RowRead, Selection};
use super::slice::{Range, Wanted};
use super::statements::run;
use super::values::{Bound, RawRow};
use super::writes;
use super::{Consistency, GatewayError, GatewayResult, Inner};
use crate::model::{Cell, CellKind, Op, RowResult, Slice};
use crate::schema::CfDef;

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

/// The statements of one op on one row of a static table.
pub fn statements(
    def: &CfDef,
    layout: &Layout,
    key: &[u8],
    op: &Op,
) -> GatewayResult<Vec<(String, Vec<Bound>)>> {
    let t = &layout.table;
    let key_b = || Bound::Bytes(key.to_vec());
    let declared = |name: &[u8]| layout.declared(name);
    Ok(match op {
        Op::Put {
            super_column: Some(_),
            ..
        }
        | Op::CounterAdd {
            super_column: Some(_),
            ..
        } => return Err(no_super_columns()),
        Op::Put { cell, .. } if declared(&cell.name).is_some() => {
            let col = &declared(&cell.name).expect("checked").column;
            match cell.kind {
                CellKind::Tombstone { .. } => vec![(
                    format!("DELETE {col} FROM {t} USING TIMESTAMP ? WHERE key = ?"),
                    vec![Bound::Long(cell.timestamp), key_b()],
                )],
                CellKind::Counter { .. } => {
                    return Err(GatewayError::Invalid(
                        "a counter is written by adding to it".into(),
                    ))
                }
                CellKind::Live | CellKind::Expiring { .. } => {
                    if layout.counter {
                        return Err(GatewayError::Invalid(
                            "a counter column family takes only counter additions".into(),
                        ));
                    }
                    let mut values = vec![
                        key_b(),
                        Bound::Bytes(cell.value.clone()),
                        Bound::Long(cell.timestamp),
                    ];
                    let using = match cell.kind {
                        CellKind::Expiring { ttl, .. } => {
                            values.push(Bound::Int(ttl));
                            "USING TIMESTAMP ? AND TTL ?"
                        }
                        _ => "USING TIMESTAMP ?",
                    };
                    vec![(
                        format!("INSERT INTO {t} (key, {col}) VALUES (?, ?) {using}"),
                        values,
                    )]
                }
            }
        }
        Op::CounterAdd { name, delta, .. } if declared(name).is_some() => {
            if !layout.counter {
                return Err(GatewayError::Invalid(
                    "counter additions need a counter column family".into(),
                ));
            }
            let col = &declared(name).expect("checked").column;
            vec![(
                format!("UPDATE {t} SET {col} = {col} + ? WHERE key = ?"),
                vec![Bound::Long(*delta), key_b()],
            )]
        }
        Op::Put { .. } | Op::CounterAdd { .. } => {
            reachable(def, layout)?;
            vec![writes::statement(&as_dense(layout), key, op)?]
        }
        Op::DeleteRow(_) | Op::DeleteSuperColumn { .. } => {
            vec![writes::statement(&as_dense(layout), key, op)?]
        }
        Op::DeleteRange {
            start,
            end,
            deletion,
        } => {
            // A deletion's bounds are in comparator order already.
            let range = Range {
                low: start,
                high: end,
                reversed: false,
                count: usize::MAX,
            };
            let inside: Vec<&str> = layout
                .declared
                .iter()
                .filter(|d| range.contains(&def.comparator, &d.name))
                .map(|d| d.column.as_str())
                .collect();
            let mut out = Vec::new();
            if !inside.is_empty() {
                out.push((
                    format!(
                        "DELETE {} FROM {t} USING TIMESTAMP ? WHERE key = ?",
                        inside.join(", ")
                    ),
                    vec![Bound::Long(deletion.marked_for_delete_at), key_b()],
                ));
            }
            // On 3.x the undeclared cells are out of CQL's reach: the
            // deletion covers what the gateway can have written.
            if layout.pair_reachable() && pair_names_are_default(layout) {
                out.push(writes::statement(&as_dense(layout), key, op)?);
            }
            out
        }
    })
}

/// The undeclared cells' rows, read and written as a dense table's.
fn as_dense(layout: &Layout) -> Layout {
    Layout {
        shape: Shape::Dense,
        ..layout.clone()
    }
}

/// Whether the undeclared pair has 3.x's usual names (a declared column
/// named `column1` or `value` moves them, and the dense statements name
/// `column1`/`value`).
fn pair_names_are_default(layout: &Layout) -> bool {
    layout.pair.0 == "column1" && layout.pair.1 == "value"
}

/// Refuses a call on undeclared columns the cluster does not let CQL reach.
fn reachable(def: &CfDef, layout: &Layout) -> GatewayResult<()> {
    if !layout.pair_reachable() {
        return Err(GatewayError::Invalid(format!(
            "column family {} declares its columns (a static compact table in Cassandra 3.x, \
             whose undeclared columns CQL cannot reach); the cluster backend serves only \
             its declared columns",
            def.name
        )));
    }
    if !pair_names_are_default(layout) {
        return Err(GatewayError::Invalid(format!(
            "column family {} declares a column named column1 or value, which hides its \
             undeclared columns from the cluster backend",
            def.name
        )));
    }
    Ok(())
}

fn no_super_columns() -> GatewayError {
    GatewayError::Invalid("a standard column family has no super columns".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gateway::layout::Storage;
    use crate::marshal::parse_type;
    use crate::model::DeletionTime;
    use crate::schema::ColumnDef;

    fn users(storage: Storage) -> (CfDef, Layout) {
        let mut def = CfDef::new("K", "Users", 10, parse_type("UTF8Type").unwrap(), None);
        for (name, class) in [("name", "UTF8Type"), ("age", "LongType")] {
            def.options.column_metadata.push(ColumnDef::plain(
                name.as_bytes().to_vec(),
                parse_type(class).unwrap(),
            ));
        }
        let layout = Layout::of(&def, storage).unwrap();
        (def, layout)
    }

    fn put(name: &str, ttl: Option<i32>) -> Op {
        Op::Put {
            super_column: None,
            cell: Cell {
                name: name.as_bytes().to_vec(),
                value: b"v".to_vec(),
                timestamp: 42,
                kind: match ttl {
                    Some(ttl) => CellKind::Expiring {
                        ttl,
                        local_expiration_time: 0,
                    },
                    None => CellKind::Live,
                },
            },
        }
    }

    #[test]
    fn declared_columns_are_written_by_name() {
        let (def, layout) = users(Storage::Compact);
        let s = statements(&def, &layout, b"k", &put("age", Some(9))).unwrap();
        assert_eq!(
            s[0].0,
            "INSERT INTO \"K\".\"Users\" (key, \"age\") VALUES (?, ?) USING TIMESTAMP ? AND TTL ?"
        );
        assert_eq!(s[0].1[3], Bound::Int(9));
        let range = Op::DeleteRange {
            start: b"a".to_vec(),
            end: b"m".to_vec(),
            deletion: DeletionTime::new(5, 0),
        };
        let s = statements(&def, &layout, b"k", &range).unwrap();
        assert_eq!(s.len(), 1);
        assert_eq!(
            s[0].0,
            "DELETE \"age\" FROM \"K\".\"Users\" USING TIMESTAMP ? WHERE key = ?"
        );
    }

    #[test]
    fn undeclared_columns_need_a_cluster_that_shows_them() {
        let (def, layout) = users(Storage::Compact);
        let e = statements(&def, &layout, b"k", &put("other", None)).unwrap_err();
        assert!(e.to_string().contains("only its declared columns"), "{e}");
        let (def, layout) = users(Storage::NonCompact);
        let s = statements(&def, &layout, b"k", &put("other", None)).unwrap();
        assert_eq!(
            s[0].0,
            "INSERT INTO \"K\".\"Users\" (key, column1, value) VALUES (?, ?, ?) USING TIMESTAMP ?"
        );
        let all = Op::DeleteRange {
            start: Vec::new(),
            end: Vec::new(),
            deletion: DeletionTime::new(5, 0),
        };
        let s = statements(&def, &layout, b"k", &all).unwrap();
        assert_eq!(s.len(), 2);
        assert!(s[0].0.starts_with("DELETE \"age\", \"name\" FROM"));
        assert_eq!(
            s[1].0,
            "DELETE FROM \"K\".\"Users\" USING TIMESTAMP ? WHERE key = ?"
        );
    }
}
