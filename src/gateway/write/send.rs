//! Planned writes sent to the cluster with their own timestamps and TTLs.
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
//! batch.) This module must not read.

use super::plan::{plan, Planned, RowPlan};
use crate::call::{Atomicity, Consistency};
use crate::gateway::driver::deadline::Asked;
use crate::gateway::driver::error::is_stale_prepared;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::level::driver_level;
use crate::gateway::driver::values::Bound;
use crate::gateway::session::statements::{run_sql, Sql};
use crate::gateway::session::Inner;
use crate::model::RowMutation;
use futures_util::StreamExt;
use scylla::statement::batch::{Batch, BatchType};
use scylla::statement::prepared::PreparedStatement;

/// Rows of one call written concurrently (bounded so that one huge
/// `batch_mutate` neither floods the cluster's queues nor the driver's
/// stream ids).
pub const ROWS_IN_FLIGHT: usize = 32;

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
                batch.set_consistency(driver_level(cl));
                let asked = match kind {
                    BatchType::Counter => Asked::CounterWrite,
                    _ => Asked::Write,
                };
                batch.set_request_timeout(Some(inner.deadlines.wait(asked)));
                let values: Vec<&[Bound]> = stmts.iter().map(|s| s.values()).collect();
                match inner.session.batch(&batch, values).await {
                    Err(e) if !retried && is_stale_prepared(&e) => {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
