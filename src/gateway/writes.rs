//! Mutations written to the cluster with their own timestamps and TTLs.
//!
//! Each op becomes one statement: a cell is `INSERT ... USING TIMESTAMP ?
//! [AND TTL ?]`, a column, super column or row deletion is `DELETE ...
//! USING TIMESTAMP ?` of that cell, clustering prefix or partition, a
//! counter increment `UPDATE ... SET value = value + ?`. (Markers in
//! `USING` are CQL 2.0+; 1.2 took literals there. A super column deletion
//! by its `column1` prefix and a name-range deletion with `>=`/`<=` on
//! `column1` are 3.0's range deletions.)
//!
//! A row's statements (one key, every CF of its keyspace it names) go as
//! one UNLOGGED batch: all of one partition key, so the cluster applies
//! them as one mutation, atomically, as Thrift applied a row mutation
//! (counter CFs' statements go in a COUNTER batch of their own, since the
//! cluster refuses to mix them). Order inside a batch does not matter:
//! every statement carries its own timestamp, and ties resolve alike
//! either way. Different rows are independent (a Thrift `batch_mutate`
//! across rows was never atomic), so up to [`ROWS_IN_FLIGHT`] of them are
//! sent at once; every row is waited for, and the first failing row's
//! error (in the call's row order) is the call's. A deletion in a counter
//! column family carries no timestamp: Cassandra 3.x refuses one on any
//! counter statement ("Cannot provide custom timestamp for counter
//! updates"), and its own Thrift `remove_counter` deletes at the
//! coordinator's time. This module must not read.

use super::layout::{Layout, Shape, Storage};
use super::reads::table;
use super::statements::run;
use super::values::Bound;
use super::{Consistency, GatewayError, GatewayResult, Inner};
use crate::model::{Cell, CellKind, Op, RowMutation};
use crate::schema::CfDef;
use futures_util::StreamExt;
use scylla::statement::batch::{Batch, BatchType};
use std::sync::Arc;

/// Rows of one call written concurrently (bounded so that one huge
/// `batch_mutate` neither floods the cluster's queues nor the driver's
/// stream ids).
pub const ROWS_IN_FLIGHT: usize = 32;

/// One statement: its text and values.
pub type Stmt = (String, Vec<Bound>);

/// One row's statements, by batch type.
#[derive(Default)]
struct RowPlan {
    plain: Vec<Stmt>,
    counter: Vec<Stmt>,
}

pub async fn apply(inner: &Inner, ms: &[RowMutation], cl: Consistency) -> GatewayResult<()> {
    let plans = plan(inner, ms)?;
    // The futures are made first: a closure in the stream would not be
    // general enough over lifetimes for the runtime's `Send` bound.
    let rows: Vec<_> = plans.iter().map(|p| send_row(inner, p, cl)).collect();
    let results: Vec<GatewayResult<()>> = futures_util::stream::iter(rows)
        .buffered(ROWS_IN_FLIGHT)
        .collect()
        .await;
    let result: GatewayResult<()> = results.into_iter().collect();
    match result {
        // ZERO promised nothing: what the replicas did is not the caller's.
        Err(e @ (GatewayError::Unavailable(_) | GatewayError::TimedOut(_)))
            if cl == Consistency::Zero =>
        {
            tracing::debug!(%e, "a write at ZERO was not acknowledged");
            Ok(())
        }
        other => other,
    }
}

/// Every row's statements, each key once (a key named twice has its ops
/// joined, in order). Every table is checked before anything is sent, as
/// the engine validates a batch whole.
fn plan(inner: &Inner, ms: &[RowMutation]) -> GatewayResult<Vec<RowPlan>> {
    let mut plans: Vec<RowPlan> = Vec::with_capacity(ms.len());
    let mut index: std::collections::HashMap<(&str, &[u8]), usize> =
        std::collections::HashMap::with_capacity(ms.len());
    for m in ms {
        let at = *index
            .entry((m.keyspace.as_str(), m.key.as_slice()))
            .or_insert_with(|| {
                plans.push(RowPlan::default());
                plans.len() - 1
            });
        for (cf, ops) in &m.updates {
            let def = cf_def(inner, &m.keyspace, cf)?;
            let (counter, stmts) = match super::cql3::table_of(&def)? {
                Some(t) => (t.counter, super::cql3_writes::statements(&t, &m.key, ops)?),
                None => {
                    let layout = inner.layouts.of(&def, inner.storage)?;
                    layout_statements(&def, &layout, &m.key, ops)?
                }
            };
            let into = if counter {
                &mut plans[at].counter
            } else {
                &mut plans[at].plain
            };
            into.extend(stmts);
        }
    }
    Ok(plans)
}

/// The CF `keyspace.cf` of the gateway's schema (refused as the engine
/// refuses an unknown keyspace or CF).
fn cf_def(inner: &Inner, keyspace: &str, cf: &str) -> GatewayResult<Arc<CfDef>> {
    if let Some(def) = inner.schema().cf(keyspace, cf) {
        return Ok(def.clone());
    }
    // The engine's messages for what is missing.
    Ok(table(inner, keyspace, cf)?.0)
}

/// The statements of one row's `ops` on `def`'s table in the cluster's
/// `storage`, and whether they go in a counter batch: what [`apply`] sends,
/// refused exactly as it refuses. Pure, so that `migrate` can ask which of
/// a source's cells the cluster cannot hold before it writes a row.
pub fn cf_statements(
    def: &CfDef,
    storage: Storage,
    key: &[u8],
    ops: &[Op],
) -> GatewayResult<(bool, Vec<Stmt>)> {
    if let Some(t) = super::cql3::table_of(def)? {
        return Ok((t.counter, super::cql3_writes::statements(&t, key, ops)?));
    }
    layout_statements(def, &Layout::of(def, storage)?, key, ops)
}

/// [`cf_statements`] of a CF that is not a CQL3 table, laid out as `layout`.
fn layout_statements(
    def: &CfDef,
    layout: &Layout,
    key: &[u8],
    ops: &[Op],
) -> GatewayResult<(bool, Vec<Stmt>)> {
    let mut out = Vec::with_capacity(ops.len());
    for op in ops {
        if layout.shape == Shape::Static {
            out.extend(super::statics::statements(def, layout, key, op)?);
        } else if let (
            Shape::Composite,
            Op::DeleteRange {
                start,
                end,
                deletion,
            },
        ) = (layout.shape, op)
        {
            out.extend(super::composite::io::range_deletion(
                layout, key, start, end, deletion,
            )?);
        } else {
            out.push(statement(layout, key, op)?);
        }
    }
    Ok((layout.counter, out))
}

async fn send_row(inner: &Inner, row: &RowPlan, cl: Consistency) -> GatewayResult<()> {
    send(inner, &row.plain, BatchType::Unlogged, cl).await?;
    send(inner, &row.counter, BatchType::Counter, cl).await
}

/// One partition's statements: alone as itself, several as one batch.
async fn send(
    inner: &Inner,
    stmts: &[Stmt],
    kind: BatchType,
    cl: Consistency,
) -> GatewayResult<()> {
    match stmts {
        [] => Ok(()),
        [(text, values)] => run(inner, text, values, cl).await.map(drop),
        _ => {
            let mut batch = Batch::new(kind);
            for (text, _) in stmts {
                batch.append_statement(inner.statements.prepared(inner, text).await?);
            }
            batch.set_consistency(cl.driver());
            let values: Vec<&[Bound]> = stmts.iter().map(|(_, v)| v.as_slice()).collect();
            inner.session.batch(&batch, values).await?;
            Ok(())
        }
    }
}

/// The statement text and values of one op on one row.
pub fn statement(layout: &Layout, key: &[u8], op: &Op) -> GatewayResult<(String, Vec<Bound>)> {
    Ok(match op {
        Op::Put { super_column, cell } => put(layout, key, super_column, cell)?,
        Op::CounterAdd {
            super_column,
            name,
            delta,
            ..
        } => {
            if !layout.counter {
                return Err(GatewayError::Invalid(
                    "counter additions need a counter column family".into(),
                ));
            }
            let (t, k, v) = (&layout.table, &layout.key_column, &layout.value_column);
            let (cols, names) = cell_path(layout, super_column, name)?;
            let mut values = vec![Bound::Long(*delta), Bound::Bytes(key.to_vec())];
            values.extend(names);
            let text = format!("UPDATE {t} SET {v} = {v} + ? WHERE {k} = ?{}", equal(&cols));
            (text, values)
        }
        Op::DeleteRow(deletion) => delete(layout, key, deletion.marked_for_delete_at),
        Op::DeleteSuperColumn { name, deletion } => {
            if layout.shape != Shape::Super {
                return Err(GatewayError::Invalid(
                    "a standard column family has no super columns".into(),
                ));
            }
            let (mut text, mut values) = delete(layout, key, deletion.marked_for_delete_at);
            text.push_str(" AND column1 = ?");
            values.push(Bound::Bytes(name.clone()));
            (text, values)
        }
        Op::DeleteRange {
            start,
            end,
            deletion,
        } => {
            let (mut text, mut values) = delete(layout, key, deletion.marked_for_delete_at);
            // Bounds in comparator order; CQL compares values.
            let (from, to) = if layout.desc("column1") {
                ("<=", ">=")
            } else {
                (">=", "<=")
            };
            if !start.is_empty() {
                text.push_str(&format!(" AND column1 {from} ?"));
                values.push(Bound::Bytes(start.clone()));
            }
            if !end.is_empty() {
                text.push_str(&format!(" AND column1 {to} ?"));
                values.push(Bound::Bytes(end.clone()));
            }
            (text, values)
        }
    })
}

/// A cell written (`INSERT`) or deleted (`DELETE` of its clustering path).
fn put(
    layout: &Layout,
    key: &[u8],
    super_column: &Option<Vec<u8>>,
    cell: &Cell,
) -> GatewayResult<(String, Vec<Bound>)> {
    let (cols, names) = cell_path(layout, super_column, &cell.name)?;
    let using = match cell.kind {
        CellKind::Tombstone { .. } => {
            let (mut text, mut values) = delete(layout, key, cell.timestamp);
            values.extend(names);
            text.push_str(&equal(&cols));
            return Ok((text, values));
        }
        CellKind::Counter { .. } => {
            return Err(GatewayError::Invalid(
                "a counter is written by adding to it".into(),
            ))
        }
        _ if layout.counter => {
            return Err(GatewayError::Invalid(
                "a counter column family takes only counter additions".into(),
            ));
        }
        CellKind::Expiring { .. } => "USING TIMESTAMP ? AND TTL ?",
        CellKind::Live => "USING TIMESTAMP ?",
    };
    let mut values = vec![Bound::Bytes(key.to_vec())];
    values.extend(names);
    values.push(Bound::Bytes(cell.value.clone()));
    values.push(Bound::Long(cell.timestamp));
    if let CellKind::Expiring { ttl, .. } = cell.kind {
        values.push(Bound::Int(ttl));
    }
    let (t, k, v) = (&layout.table, &layout.key_column, &layout.value_column);
    let text = format!(
        "INSERT INTO {t} ({k}, {}, {v}) VALUES (?, {}, ?) {using}",
        cols.join(", "),
        vec!["?"; cols.len()].join(", ")
    );
    Ok((text, values))
}

/// The clustering columns naming a cell, and their values.
fn cell_path(
    layout: &Layout,
    super_column: &Option<Vec<u8>>,
    name: &[u8],
) -> GatewayResult<(Vec<String>, Vec<Bound>)> {
    match (layout.shape, super_column) {
        (Shape::Super, Some(sc)) => Ok((
            vec!["column1".to_string(), "column2".to_string()],
            vec![Bound::Bytes(sc.clone()), Bound::Bytes(name.to_vec())],
        )),
        (Shape::Dense | Shape::Static, None) => Ok((
            vec!["column1".to_string()],
            vec![Bound::Bytes(name.to_vec())],
        )),
        (Shape::Composite, None) => {
            let n = layout.components.len();
            let parts = super::composite::split(name, n, layout.compound)?;
            Ok((
                layout.components.iter().map(|c| c.column.clone()).collect(),
                parts.into_iter().map(Bound::Bytes).collect(),
            ))
        }
        (Shape::Super, None) => Err(GatewayError::Invalid(
            "a super column family's column needs its super column".into(),
        )),
        (Shape::Dense | Shape::Static | Shape::Composite, Some(_)) => Err(GatewayError::Invalid(
            "a standard column family has no super columns".into(),
        )),
    }
}

/// `DELETE FROM t [USING TIMESTAMP ?] WHERE key = ?` and its values so
/// far: no timestamp in a counter CF (see the module note).
fn delete(layout: &Layout, key: &[u8], at: i64) -> (String, Vec<Bound>) {
    let (t, k) = (&layout.table, &layout.key_column);
    let key = Bound::Bytes(key.to_vec());
    if layout.counter {
        (format!("DELETE FROM {t} WHERE {k} = ?"), vec![key])
    } else {
        (
            format!("DELETE FROM {t} USING TIMESTAMP ? WHERE {k} = ?"),
            vec![Bound::Long(at), key],
        )
    }
}

/// ` AND column = ?` for each of `cols`.
fn equal(cols: &[String]) -> String {
    cols.iter().map(|c| format!(" AND {c} = ?")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::model::{Cell, DeletionTime};
    use crate::schema::CfDef;

    fn layout(sub: Option<&str>) -> Layout {
        let def = CfDef::new(
            "K",
            "C",
            10,
            parse_type("UTF8Type").unwrap(),
            sub.map(|s| parse_type(s).unwrap()),
        );
        Layout::of(&def, super::super::layout::Storage::Compact).unwrap()
    }

    #[test]
    fn cells_carry_their_timestamp_and_ttl() {
        let put = Op::Put {
            super_column: None,
            cell: Cell {
                name: b"c".to_vec(),
                value: b"v".to_vec(),
                timestamp: 42,
                kind: CellKind::Expiring {
                    ttl: 9,
                    local_expiration_time: 0,
                },
            },
        };
        let (text, values) = statement(&layout(None), b"k", &put).unwrap();
        assert_eq!(
            text,
            "INSERT INTO \"K\".\"C\" (key, column1, value) VALUES (?, ?, ?) USING TIMESTAMP ? AND TTL ?"
        );
        assert_eq!(
            values,
            [
                Bound::Bytes(b"k".to_vec()),
                Bound::Bytes(b"c".to_vec()),
                Bound::Bytes(b"v".to_vec()),
                Bound::Long(42),
                Bound::Int(9)
            ]
        );
    }

    #[test]
    fn deletions_name_what_they_delete() {
        let sup = layout(Some("BytesType"));
        let sc = Op::DeleteSuperColumn {
            name: b"s".to_vec(),
            deletion: DeletionTime::new(5, 0),
        };
        let (text, _) = statement(&sup, b"k", &sc).unwrap();
        assert_eq!(
            text,
            "DELETE FROM \"K\".\"C\" USING TIMESTAMP ? WHERE key = ? AND column1 = ?"
        );
        let tomb = Op::Put {
            super_column: Some(b"s".to_vec()),
            cell: Cell {
                name: b"c".to_vec(),
                value: Vec::new(),
                timestamp: 6,
                kind: CellKind::Tombstone {
                    local_deletion_time: 0,
                },
            },
        };
        let (text, values) = statement(&sup, b"k", &tomb).unwrap();
        assert!(text.ends_with("WHERE key = ? AND column1 = ? AND column2 = ?"));
        assert_eq!(values[0], Bound::Long(6));
        let row = statement(&layout(None), b"k", &Op::DeleteRow(DeletionTime::new(7, 0))).unwrap();
        assert_eq!(row.1, [Bound::Long(7), Bound::Bytes(b"k".to_vec())]);
        assert!(statement(&layout(None), b"k", &sc).is_err());
    }

    #[test]
    fn counter_deletions_carry_no_timestamp() {
        let mut def = CfDef::new("K", "C", 10, parse_type("UTF8Type").unwrap(), None);
        def.options.default_validation_class = parse_type("CounterColumnType").unwrap();
        let counters = Layout::of(&def, super::super::layout::Storage::Compact).unwrap();
        assert!(counters.counter);
        let tomb = Op::Put {
            super_column: None,
            cell: Cell {
                name: b"c".to_vec(),
                value: Vec::new(),
                timestamp: 6,
                kind: CellKind::Tombstone {
                    local_deletion_time: 0,
                },
            },
        };
        let (text, values) = statement(&counters, b"k", &tomb).unwrap();
        assert_eq!(
            text,
            "DELETE FROM \"K\".\"C\" WHERE key = ? AND column1 = ?"
        );
        assert_eq!(
            values,
            [Bound::Bytes(b"k".to_vec()), Bound::Bytes(b"c".to_vec())]
        );
        let row = statement(&counters, b"k", &Op::DeleteRow(DeletionTime::new(7, 0))).unwrap();
        assert_eq!(row.0, "DELETE FROM \"K\".\"C\" WHERE key = ?");
        assert_eq!(row.1, [Bound::Bytes(b"k".to_vec())]);
    }
}
