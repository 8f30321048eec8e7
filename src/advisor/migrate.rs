//! The migration to a proposed table: create it, backfill it from the
//! source, re-run the query against it and compare its rows with the
//! source's.
//!
//! - Create: the proposal's CREATE TABLE through the CQL3 executor; a table
//!   of that name that is already the proposed one is kept (a rerun), any
//!   other is an error.
//! - Backfill: the source walked in ring order, each chunk laid out by
//!   [`Reshape`] (the dry run's mapping) and written through the node (the
//!   embedded engine, or the cluster of a gateway node) as plain cells with
//!   their original timestamps and expiry, as `supercolumn migrate` copies
//!   (tombstones are not copied: the table is new). Idempotent: the same
//!   cells at the same timestamps, so a rerun converges; resumable after a
//!   source key (`last_key` is reported).
//! - Compare: the query (without LIMIT, ALLOW FILTERING or the bucket
//!   choice of the user) against the new table, beside the source's rows
//!   the original WHERE selects, filtered here as ALLOW FILTERING would
//!   (1.2 refuses a non-key equality without an index whatever the clause,
//!   so the executor cannot be asked); both as sorted multisets of the
//!   selected columns. It must not touch the source.

use super::propose::target_select;
use super::propose::Proposal;
use super::reshape::{PartitionState, Reshape};
use super::walk::walk;
use super::{AdvisorError, AdvisorResult};
use crate::cql::ast::{Operator, Parsed, Relation, Select, Statement, Term};
use crate::cql::exec::tables::lookup;
use crate::cql::exec::{self, CqlOutcome, CqlSession};
use crate::cql::mapping::{eval_scalar, rows_from_cells, CqlRow, ResultSet, TermContext};
use crate::cql::table::Table;
use crate::cql::timeuuid::TimeUuidGenerator;
use crate::explorer::query::{check, Check};
use crate::model::{Op, RowMutation};
use crate::node::cql::NodeBackend;
use crate::node::Node;
use serde_json::{json, Value};
use std::cmp::Ordering as Cmp;
use std::collections::BTreeMap;

/// A result row: its values, `None` for null.
type Row = Vec<Option<Vec<u8>>>;

/// Rows shown of each side of a difference.
const SHOWN: usize = 10;

/// Runs one CQL statement on the node in `keyspace`.
fn run(
    node: &Node,
    keyspace: &str,
    f: impl FnOnce(&NodeBackend, &mut CqlSession) -> Result<CqlOutcome, crate::cql::CqlError>,
) -> AdvisorResult<CqlOutcome> {
    let backend = NodeBackend::new(node);
    let mut session = CqlSession::new(node.cql_clock.clone());
    session.set_keyspace(keyspace.to_string());
    backend
        .finish(f(&backend, &mut session))
        .map_err(|e| AdvisorError::BadRequest(e.to_string()))
}

/// Creates the table unless the proposed one already exists.
fn create(node: &Node, ks: &str, p: &Proposal) -> AdvisorResult<&'static str> {
    let wanted = p.target_table(ks)?;
    if let Ok(existing) = lookup(&node.schema(), ks, &p.name) {
        return if existing.partition_key == wanted.partition_key
            && existing.clustering == wanted.clustering
            && existing
                .regular
                .iter()
                .map(|r| &r.column)
                .eq(wanted.regular.iter().map(|r| &r.column))
        {
            Ok("exists")
        } else {
            Err(AdvisorError::BadRequest(format!(
                "a different table {ks}.{} exists: drop it or rename the proposal",
                p.name
            )))
        };
    }
    let cql = p.create_cql(ks);
    run(node, ks, |b, s| exec::execute(b, s, &cql))?;
    Ok("created")
}

/// Create, backfill, re-run and compare.
pub fn run_all(
    node: &Node,
    ks: &str,
    p: &Proposal,
    buckets: &[Vec<u8>],
    resume_after: Option<Vec<u8>>,
) -> AdvisorResult<Value> {
    let created = create(node, ks, p)?;
    let reshape = Reshape::new(p, ks)?;
    let now = node.now();
    let (mut rows, mut cells, mut skipped) = (0u64, 0u64, 0u64);
    let mut state = PartitionState::default();
    let walked = walk(
        node,
        &p.source,
        resume_after,
        u64::MAX,
        &mut |key, chunk, first| {
            if first {
                state = PartitionState::default();
            }
            let (out, skip) = reshape.rows(key, chunk, &mut state, now)?;
            skipped += skip;
            let mut by_key: BTreeMap<Vec<u8>, Vec<Op>> = BTreeMap::new();
            for r in out {
                rows += 1;
                cells += r.cells.len() as u64;
                by_key
                    .entry(r.key)
                    .or_default()
                    .extend(r.cells.into_iter().map(|cell| Op::Put {
                        super_column: None,
                        cell,
                    }));
            }
            let ms: Vec<RowMutation> = by_key
                .into_iter()
                .map(|(key, ops)| RowMutation {
                    keyspace: ks.to_string(),
                    key,
                    updates: vec![(p.name.clone(), ops)],
                })
                .collect();
            node.apply_batch(&ms)?;
            Ok(())
        },
    )?;
    let comparison = compare(node, ks, p, buckets)?;
    let rewritten = p.rewritten(
        &buckets
            .iter()
            .map(|b| super::split::Bucket::constant(b))
            .collect::<Vec<_>>(),
    );
    let verdict = check(
        node,
        &Check {
            keyspace: ks.to_string(),
            query: Some(rewritten.clone()),
            thrift: None,
        },
    )?;
    Ok(json!({
        "table": created,
        "backfill": {
            "source_partitions": walked.partitions,
            "rows": rows,
            "cells": cells,
            "skipped_rows": skipped,
            "last_key": walked.last_key.as_deref().map(crate::marshal::bytes_to_hex),
        },
        "query": rewritten,
        "query_check": verdict,
        "comparison": comparison,
    }))
}

/// The query on the new table beside the source's filtered rows.
fn compare(node: &Node, ks: &str, p: &Proposal, buckets: &[Vec<u8>]) -> AdvisorResult<Value> {
    let sel = target_select(p, buckets, true);
    let parsed = Parsed {
        statement: Statement::Select(sel),
        bind_count: 0,
        marker_names: Vec::new(),
    };
    let CqlOutcome::Rows(target) = run(node, ks, |b, s| exec::execute_parsed(b, s, &parsed))?
    else {
        return Err(AdvisorError::Internal(
            "the re-run returned no rows result".into(),
        ));
    };
    let source = source_rows(node, p, &target)?;
    let mut got = target.rows.clone();
    let mut want = source;
    got.sort();
    want.sort();
    let missing = difference(&want, &got);
    let extra = difference(&got, &want);
    let show = |rows: &[Row]| -> Vec<Value> {
        rows.iter()
            .take(SHOWN)
            .map(|r| {
                json!(r
                    .iter()
                    .map(|v| v.as_deref().map(crate::marshal::bytes_to_hex))
                    .collect::<Vec<_>>())
            })
            .collect()
    };
    Ok(json!({
        "columns": target.columns.iter().map(|c| c.name.clone()).collect::<Vec<_>>(),
        "target_rows": got.len(),
        "source_rows": want.len(),
        "same": missing.is_empty() && extra.is_empty(),
        "missing": show(&missing),
        "missing_count": missing.len(),
        "extra": show(&extra),
        "extra_count": extra.len(),
        "how": "the query without LIMIT on the new table, beside the source's rows its WHERE selects (as under ALLOW FILTERING), as sorted multisets of the selected columns",
    }))
}

/// The rows of `a` not matched in `b` (both sorted; a multiset difference).
fn difference<T: Ord + Clone>(a: &[T], b: &[T]) -> Vec<T> {
    let (mut i, mut j, mut out) = (0, 0, Vec::new());
    while i < a.len() {
        match b.get(j).map(|x| a[i].cmp(x)) {
            Some(Cmp::Equal) => {
                i += 1;
                j += 1;
            }
            Some(Cmp::Greater) => j += 1,
            _ => {
                out.push(a[i].clone());
                i += 1;
            }
        }
    }
    out
}

/// One typed restriction of the WHERE clause.
struct Filter {
    column: String,
    op: Operator,
    values: Vec<Vec<u8>>,
}

fn filters(source: &Table, sel: &Select) -> AdvisorResult<Vec<Filter>> {
    let mut uuids = TimeUuidGenerator::new(0);
    let mut ctx = TermContext {
        binds: &[],
        now_millis: super::now_millis(),
        uuids: &mut uuids,
        values: Default::default(),
        receiver: None,
        frozen_as_v2: false,
    };
    let mut out = Vec::new();
    for r in &sel.where_clause {
        let Relation::Column { column, op, value } = r else {
            continue;
        };
        if matches!(
            op,
            Operator::Contains | Operator::ContainsKey | Operator::MapEntry { .. }
        ) {
            return Err(AdvisorError::BadRequest(format!(
                "{column} {}: a migration copies rows by their values, not collection elements",
                op.symbol()
            )));
        }
        let ty = &source
            .column(column)
            .ok_or_else(|| AdvisorError::BadRequest(format!("no column {column}")))?
            .ty;
        let terms: Vec<&Term> = match (op, value) {
            (Operator::In, Term::List(items)) => items.iter().collect(),
            _ => vec![value],
        };
        let mut values = Vec::new();
        for t in terms {
            if let Some(v) = eval_scalar(t, ty, column, &mut ctx)? {
                values.push(v);
            }
        }
        out.push(Filter {
            column: column.clone(),
            op: *op,
            values,
        });
    }
    Ok(out)
}

fn keeps(source: &Table, row: &CqlRow, f: &Filter) -> bool {
    let Some(ty) = source.column(&f.column).map(|c| &c.ty) else {
        return false;
    };
    let Some(v) = row.value_of(source, &f.column) else {
        return false;
    };
    let c = |w: &Vec<u8>| ty.compare(v, w);
    match f.op {
        Operator::Eq | Operator::In => f.values.iter().any(|w| c(w) == Cmp::Equal),
        Operator::Lt => f.values.iter().all(|w| c(w) == Cmp::Less),
        Operator::Lte => f.values.iter().all(|w| c(w) != Cmp::Greater),
        Operator::Gt => f.values.iter().all(|w| c(w) == Cmp::Greater),
        Operator::Gte => f.values.iter().all(|w| c(w) != Cmp::Less),
        // Refused by `filters`.
        Operator::Contains | Operator::ContainsKey | Operator::MapEntry { .. } => false,
        Operator::Neq | Operator::IsNot | Operator::Like => false,
    }
}

/// The source's rows the query's WHERE selects, as the target's columns.
fn source_rows(node: &Node, p: &Proposal, target: &ResultSet) -> AdvisorResult<Vec<Row>> {
    let source = &p.source;
    for c in &target.columns {
        if source.column(&c.name).is_none() {
            return Err(AdvisorError::BadRequest(format!(
                "the comparison takes plain columns; {} is not one of {}",
                c.name, source.name
            )));
        }
    }
    let fs = filters(source, &p.select)?;
    let now = node.now();
    let mut out = Vec::new();
    let mut pending: Vec<crate::model::Cell> = Vec::new();
    let mut pending_key: Vec<u8> = Vec::new();
    let flush =
        |key: &[u8], cells: &[crate::model::Cell], out: &mut Vec<Row>| -> AdvisorResult<()> {
            for row in rows_from_cells(source, key, cells, now)? {
                if fs.iter().all(|f| keeps(source, &row, f)) {
                    out.push(
                        target
                            .columns
                            .iter()
                            .map(|c| row.value_of(source, &c.name).map(<[u8]>::to_vec))
                            .collect(),
                    );
                }
            }
            Ok(())
        };
    // Static cells sort first in a partition: a partition's chunks are
    // assembled only when the table has statics (their rows need them).
    walk(node, source, None, u64::MAX, &mut |key, chunk, first| {
        if source.has_statics() {
            if first && !pending.is_empty() {
                flush(&pending_key, &pending, &mut out)?;
                pending.clear();
            }
            pending_key = key.to_vec();
            pending.extend_from_slice(chunk);
            Ok(())
        } else {
            flush(key, chunk, &mut out)
        }
    })?;
    if !pending.is_empty() {
        flush(&pending_key, &pending, &mut out)?;
    }
    Ok(out)
}
