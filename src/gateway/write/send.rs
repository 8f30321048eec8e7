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
//! either way. Different rows of an ordinary write are independent (a
//! Thrift `batch_mutate` across rows was never atomic), so up to
//! [`ROWS_IN_FLIGHT`] of them are sent at once; every row is waited for,
//! and the first failing row's error (in the call's row order) is the
//! call's. An atomic write ([`Atomicity::Logged`]: `atomic_batch_mutate`,
//! a logged CQL3 or native batch) that touches more than one row goes as
//! ONE LOGGED batch of every row's statements, so that the cluster writes
//! it to its batch log first and replays it whole, and a timeout says
//! BATCH_LOG or BATCH as the cluster's own would; of one row it stays an
//! UNLOGGED batch, as Cassandra itself skips the batch log for a single
//! partition. (Counter statements never meet a logged batch: every front
//! end refuses counters in an atomic batch, as Cassandra does; were there
//! any, they would go per row, as the cluster refuses them in a LOGGED
//! batch.) A deletion in a counter
//! column family carries no timestamp: Cassandra 3.x refuses one on any
//! counter statement ("Cannot provide custom timestamp for counter
//! updates"), and its own Thrift `remove_counter` deletes at the
//! coordinator's time. This module must not read.

use super::forms::Form;
use super::layout::{Layout, Shape, Storage};
use super::reads::table;
use super::statements::{run_sql, Sql};
use super::values::Bound;
use super::{Consistency, GatewayError, GatewayResult, Inner};
use crate::model::{Cell, CellKind, Op, RowMutation};
use crate::schema::CfDef;
use futures_util::StreamExt;
use scylla::statement::batch::{Batch, BatchType};
use scylla::statement::prepared::PreparedStatement;
use std::sync::Arc;

/// Rows of one call written concurrently (bounded so that one huge
/// `batch_mutate` neither floods the cluster's queues nor the driver's
/// stream ids).
pub const ROWS_IN_FLIGHT: usize = 32;

/// One statement: its text and values.
pub type Stmt = (String, Vec<Bound>);

/// One statement as it is sent: a hot one by its form on its table (no
/// text built), or a text.
enum Planned {
    Formed(Arc<Layout>, Form, Vec<Bound>),
    Text(Stmt),
}

impl Planned {
    fn sql(&self) -> Sql<'_> {
        match self {
            Planned::Formed(layout, form, _) => Sql::Formed(layout, *form),
            Planned::Text((text, _)) => Sql::Text(text),
        }
    }

    fn values(&self) -> &[Bound] {
        match self {
            Planned::Formed(_, _, values) | Planned::Text((_, values)) => values,
        }
    }

    #[cfg(test)]
    fn sql_text(&self) -> String {
        match self {
            Planned::Formed(layout, form, _) => super::forms::text(layout, form),
            Planned::Text((text, _)) => text.clone(),
        }
    }

    fn into_text(self) -> Stmt {
        match self {
            Planned::Formed(layout, form, values) => (super::forms::text(&layout, &form), values),
            Planned::Text(stmt) => stmt,
        }
    }
}

/// One row's statements, by batch type.
#[derive(Default)]
pub struct RowPlan {
    plain: Vec<Planned>,
    counter: Vec<Planned>,
}

/// Whether a write's rows are applied all or none (see the module note).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atomicity {
    /// Each row by itself (a row is always whole).
    PerRow,
    /// Every row or none: through the cluster's batch log when more than
    /// one row is written.
    Logged,
}

pub async fn apply(
    inner: &Inner,
    ms: &[RowMutation],
    cl: Consistency,
    atomicity: Atomicity,
) -> GatewayResult<()> {
    send_all(inner, &plan(inner, ms)?, cl, atomicity).await
}

/// One batch as it is sent: its type and statements (one statement is
/// sent as itself).
struct Sent<'a> {
    kind: BatchType,
    stmts: Vec<&'a Planned>,
}

/// What a write sends: groups sent concurrently (up to
/// [`ROWS_IN_FLIGHT`]), each group's batches in order. Per row, a group of
/// its plain statements' UNLOGGED batch then its counter statements'
/// COUNTER batch; logged across rows, one group whose LOGGED batch holds
/// every row's plain statements.
fn groups(plans: &[RowPlan], atomicity: Atomicity) -> Vec<Vec<Sent<'_>>> {
    let rows_written = plans.iter().filter(|p| !p.plain.is_empty()).count();
    fn sent(kind: BatchType, stmts: &[Planned]) -> Sent<'_> {
        Sent {
            kind,
            stmts: stmts.iter().collect(),
        }
    }
    if atomicity == Atomicity::Logged && rows_written > 1 {
        let all = Sent {
            kind: BatchType::Logged,
            stmts: plans.iter().flat_map(|p| &p.plain).collect(),
        };
        let counters = plans
            .iter()
            .filter(|p| !p.counter.is_empty())
            .map(|p| vec![sent(BatchType::Counter, &p.counter)]);
        return std::iter::once(vec![all]).chain(counters).collect();
    }
    plans
        .iter()
        .map(|p| {
            [
                sent(BatchType::Unlogged, &p.plain),
                sent(BatchType::Counter, &p.counter),
            ]
            .into_iter()
            .filter(|s| !s.stmts.is_empty())
            .collect()
        })
        .collect()
}

/// Sends every row's statements (made by [`plan`]).
pub async fn send_all(
    inner: &Inner,
    plans: &[RowPlan],
    cl: Consistency,
    atomicity: Atomicity,
) -> GatewayResult<()> {
    // The futures are made first: a closure in the stream would not be
    // general enough over lifetimes for the runtime's `Send` bound.
    let groups = groups(plans, atomicity);
    let rows: Vec<_> = groups.iter().map(|g| send_group(inner, g, cl)).collect();
    let results: Vec<GatewayResult<()>> = futures_util::stream::iter(rows)
        .buffered(ROWS_IN_FLIGHT)
        .collect()
        .await;
    let result: GatewayResult<()> = results.into_iter().collect();
    match result {
        // ZERO promised nothing: what the replicas did is not the caller's.
        Err(e @ (GatewayError::Unavailable { .. } | GatewayError::TimedOut(_)))
            if cl == Consistency::Zero =>
        {
            tracing::debug!(%e, "a write at ZERO was not acknowledged");
            Ok(())
        }
        other => other,
    }
}

/// Every row's statements, each key once (a key named twice has its ops
/// joined, in order), owning their values (so that the mutations need not
/// outlive them). Every table is checked before anything is sent, as the
/// engine validates a batch whole.
pub fn plan(inner: &Inner, ms: &[RowMutation]) -> GatewayResult<Vec<RowPlan>> {
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
                Some(t) => {
                    let stmts = super::cql3::writes::statements(&t, &m.key, ops)?;
                    (t.counter, stmts.into_iter().map(Planned::Text).collect())
                }
                None => {
                    let layout = inner.layouts.of(&def, inner.storage)?;
                    layout_planned(&def, &layout, &m.key, ops)?
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
        return Ok((t.counter, super::cql3::writes::statements(&t, key, ops)?));
    }
    let layout = Arc::new(Layout::of(def, storage)?);
    let (counter, planned) = layout_planned(def, &layout, key, ops)?;
    Ok((
        counter,
        planned.into_iter().map(Planned::into_text).collect(),
    ))
}

/// The statements of one row's `ops` on a CF that is not a CQL3 table,
/// laid out as `layout`, and whether they go in a counter batch.
fn layout_planned(
    def: &CfDef,
    layout: &Arc<Layout>,
    key: &[u8],
    ops: &[Op],
) -> GatewayResult<(bool, Vec<Planned>)> {
    let mut out = Vec::with_capacity(ops.len());
    for op in ops {
        if layout.shape == Shape::Static {
            let stmts = super::statics::statements(def, layout, key, op)?;
            out.extend(stmts.into_iter().map(Planned::Text));
        } else if let (
            Shape::Composite,
            Op::DeleteRange {
                start,
                end,
                deletion,
            },
        ) = (layout.shape, op)
        {
            let stmts = super::composite::io::range_deletion(layout, key, start, end, deletion)?;
            out.extend(stmts.into_iter().map(Planned::Text));
        } else {
            let (form, values) = formed(layout, key, op)?;
            out.push(Planned::Formed(Arc::clone(layout), form, values));
        }
    }
    Ok((layout.counter, out))
}

/// One group's batches, in order, up to the first error.
async fn send_group(inner: &Inner, group: &[Sent<'_>], cl: Consistency) -> GatewayResult<()> {
    for sent in group {
        send(inner, &sent.stmts, sent.kind, cl).await?;
    }
    Ok(())
}

/// One batch's statements: alone as itself, several as one batch (its
/// statements prepared afresh and the batch sent once more if a node no
/// longer knows one, as `statements` does for one).
async fn send(
    inner: &Inner,
    stmts: &[&Planned],
    kind: BatchType,
    cl: Consistency,
) -> GatewayResult<()> {
    match stmts {
        [] => Ok(()),
        [one] => run_sql(inner, None, one.sql(), one.values(), cl)
            .await
            .map(drop),
        _ => {
            let mut retried = false;
            loop {
                let mut batch = Batch::new(kind);
                // A row's cells are mostly of one form: each statement is
                // looked up once per run of its like.
                let mut last: Option<(Sql<'_>, PreparedStatement)> = None;
                for stmt in stmts {
                    let sql = stmt.sql();
                    let p = match last.take() {
                        Some((s, p)) if s.same(&sql) => p,
                        _ => inner.statements.of(inner, sql).await?,
                    };
                    batch.append_statement(p.clone());
                    last = Some((sql, p));
                }
                batch.set_consistency(cl.driver());
                let values: Vec<&[Bound]> = stmts.iter().map(|s| s.values()).collect();
                match inner.session.batch(&batch, values).await {
                    Err(e) if !retried && super::error::is_stale_prepared(&e) => {
                        stmts
                            .iter()
                            .for_each(|s| inner.statements.forget_sql(s.sql()));
                        retried = true;
                    }
                    other => return other.map(drop).map_err(GatewayError::from),
                }
            }
        }
    }
}

/// The statement text and values of one op on one row.
pub fn statement(layout: &Layout, key: &[u8], op: &Op) -> GatewayResult<(String, Vec<Bound>)> {
    let (form, values) = formed(layout, key, op)?;
    Ok((super::forms::text(layout, &form), values))
}

/// The statement form and values of one op on one row.
fn formed(layout: &Layout, key: &[u8], op: &Op) -> GatewayResult<(Form, Vec<Bound>)> {
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
            let mut values = vec![Bound::Long(*delta), Bound::Bytes(key.to_vec())];
            let path = cell_path(layout, super_column, name, &mut values)?;
            (Form::CounterAdd { path }, values)
        }
        Op::DeleteRow(deletion) => (
            deletion_of(0, false, false),
            delete(layout, key, deletion.marked_for_delete_at),
        ),
        Op::DeleteSuperColumn { name, deletion } => {
            if layout.shape != Shape::Super {
                return Err(GatewayError::Invalid(
                    "a standard column family has no super columns".into(),
                ));
            }
            let mut values = delete(layout, key, deletion.marked_for_delete_at);
            values.push(Bound::Bytes(name.clone()));
            (deletion_of(1, false, false), values)
        }
        Op::DeleteRange {
            start,
            end,
            deletion,
        } => {
            // Bounds in comparator order (`forms` turns them for a
            // descending column).
            let mut values = delete(layout, key, deletion.marked_for_delete_at);
            for bound in [start, end] {
                if !bound.is_empty() {
                    values.push(Bound::Bytes(bound.clone()));
                }
            }
            (deletion_of(0, !start.is_empty(), !end.is_empty()), values)
        }
    })
}

fn deletion_of(path: u8, low: bool, high: bool) -> Form {
    Form::Delete { path, low, high }
}

/// A cell written (`INSERT`) or deleted (`DELETE` of its clustering path).
fn put(
    layout: &Layout,
    key: &[u8],
    super_column: &Option<Vec<u8>>,
    cell: &Cell,
) -> GatewayResult<(Form, Vec<Bound>)> {
    let tombstone = matches!(cell.kind, CellKind::Tombstone { .. });
    let mut values = if tombstone {
        delete(layout, key, cell.timestamp)
    } else {
        // Sized once: key, the path (at most a composite's components),
        // value, timestamp, TTL.
        let mut values = Vec::with_capacity(4 + layout.components.len().max(2));
        values.push(Bound::Bytes(key.to_vec()));
        values
    };
    // The path's refusals come first, whatever the cell.
    let path = cell_path(layout, super_column, &cell.name, &mut values)?;
    let ttl = match cell.kind {
        CellKind::Tombstone { .. } => return Ok((deletion_of(path, false, false), values)),
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
        CellKind::Expiring { ttl, .. } => Some(ttl),
        CellKind::Live => None,
    };
    values.push(Bound::Bytes(cell.value.clone()));
    values.push(Bound::Long(cell.timestamp));
    if let Some(ttl) = ttl {
        values.push(Bound::Int(ttl));
    }
    let ttl = ttl.is_some();
    Ok((Form::Insert { path, ttl }, values))
}

/// How many clustering columns name a cell (the first ones of the table:
/// see `forms`), their values added to `values`.
fn cell_path(
    layout: &Layout,
    super_column: &Option<Vec<u8>>,
    name: &[u8],
    values: &mut Vec<Bound>,
) -> GatewayResult<u8> {
    match (layout.shape, super_column) {
        (Shape::Super, Some(sc)) => {
            values.push(Bound::Bytes(sc.clone()));
            values.push(Bound::Bytes(name.to_vec()));
            Ok(2)
        }
        (Shape::Dense | Shape::Static, None) => {
            values.push(Bound::Bytes(name.to_vec()));
            Ok(1)
        }
        (Shape::Composite, None) => {
            let n = layout.components.len();
            let path = u8::try_from(n).map_err(|_| {
                GatewayError::Invalid(format!("a comparator of {n} components is too wide"))
            })?;
            let parts = super::composite::split(name, n, layout.compound)?;
            values.extend(parts.into_iter().map(Bound::Bytes));
            Ok(path)
        }
        (Shape::Super, None) => Err(GatewayError::Invalid(
            "a super column family's column needs its super column".into(),
        )),
        (Shape::Dense | Shape::Static | Shape::Composite, Some(_)) => Err(GatewayError::Invalid(
            "a standard column family has no super columns".into(),
        )),
    }
}

/// The values of `DELETE FROM t [USING TIMESTAMP ?] WHERE key = ?`: no
/// timestamp in a counter CF (see the module note).
fn delete(layout: &Layout, key: &[u8], at: i64) -> Vec<Bound> {
    // Room for the path or bounds that follow.
    let mut values = Vec::with_capacity(4 + layout.components.len());
    if !layout.counter {
        values.push(Bound::Long(at));
    }
    values.push(Bound::Bytes(key.to_vec()));
    values
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

    #[test]
    fn a_cell_s_path_is_refused_before_its_kind() {
        let sup = layout(Some("BytesType"));
        let counter = Op::Put {
            super_column: None,
            cell: Cell {
                name: b"c".to_vec(),
                value: Vec::new(),
                timestamp: 6,
                kind: CellKind::Counter {
                    deletion: DeletionTime::LIVE,
                },
            },
        };
        let e = statement(&sup, b"k", &counter).unwrap_err();
        assert!(e.to_string().contains("needs its super column"), "{e}");
        let e = statement(&layout(None), b"k", &counter).unwrap_err();
        assert!(e.to_string().contains("written by adding to it"), "{e}");
    }

    /// A row's plan of `plain` and `counter` statements, named by text.
    fn row(plain: &[&str], counter: &[&str]) -> RowPlan {
        let text = |t: &&str| Planned::Text((t.to_string(), Vec::new()));
        RowPlan {
            plain: plain.iter().map(text).collect(),
            counter: counter.iter().map(text).collect(),
        }
    }

    /// Each group's batches, as (type, statement texts).
    fn shape(plans: &[RowPlan], atomicity: Atomicity) -> Vec<Vec<(BatchType, Vec<String>)>> {
        groups(plans, atomicity)
            .into_iter()
            .map(|g| {
                g.into_iter()
                    .map(|s| {
                        let texts = s.stmts.iter().map(|p| p.sql_text()).collect();
                        (s.kind, texts)
                    })
                    .collect()
            })
            .collect()
    }

    fn texts(ts: &[&str]) -> Vec<String> {
        ts.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn an_atomic_write_across_rows_is_one_logged_batch() {
        let plans = [row(&["a1", "a2"], &[]), row(&["b1"], &[]), row(&[], &[])];
        assert_eq!(
            shape(&plans, Atomicity::Logged),
            [[(BatchType::Logged, texts(&["a1", "a2", "b1"]))]]
        );
    }

    #[test]
    fn other_writes_go_row_by_row_unlogged() {
        let plans = [row(&["a1", "a2"], &["ac"]), row(&["b1"], &[])];
        let per_row = vec![
            vec![
                (BatchType::Unlogged, texts(&["a1", "a2"])),
                (BatchType::Counter, texts(&["ac"])),
            ],
            vec![(BatchType::Unlogged, texts(&["b1"]))],
        ];
        assert_eq!(shape(&plans, Atomicity::PerRow), per_row);
        // One row: the cluster would skip its batch log anyway.
        let one = [row(&["a1", "a2"], &[]), row(&[], &[])];
        assert_eq!(
            shape(&one, Atomicity::Logged),
            [vec![(BatchType::Unlogged, texts(&["a1", "a2"]))], vec![]]
        );
    }

    #[test]
    fn counters_never_join_a_logged_batch() {
        let plans = [row(&["a1"], &["ac"]), row(&["b1"], &["bc"])];
        assert_eq!(
            shape(&plans, Atomicity::Logged),
            [
                vec![(BatchType::Logged, texts(&["a1", "b1"]))],
                vec![(BatchType::Counter, texts(&["ac"]))],
                vec![(BatchType::Counter, texts(&["bc"]))],
            ]
        );
    }

    #[test]
    fn a_super_column_cell_binds_key_path_value_timestamp() {
        let put = Op::Put {
            super_column: Some(b"s".to_vec()),
            cell: Cell::live(b"c".to_vec(), b"v".to_vec(), 3),
        };
        let (text, values) = statement(&layout(Some("BytesType")), b"k", &put).unwrap();
        assert!(text.starts_with("INSERT INTO \"K\".\"C\" (key, column1, column2, value)"));
        assert_eq!(
            values,
            [
                Bound::Bytes(b"k".to_vec()),
                Bound::Bytes(b"s".to_vec()),
                Bound::Bytes(b"c".to_vec()),
                Bound::Bytes(b"v".to_vec()),
                Bound::Long(3)
            ]
        );
    }
}
