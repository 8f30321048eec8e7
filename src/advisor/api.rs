//! The advisor's request and its JSON answer (`POST /api/advisor`, see
//! docs/advisor.md): the query judged as it stands (the explorer's query
//! check), the proposal with its rules, the dry run, a bucket when a
//! partition is over the limits, the alternatives, the lint, and with
//! `migrate` the migration's report. It must not know HTTP.

use super::alternatives::alternatives;
use super::bucket;
use super::measure::{measure, Measured};
use super::propose::{self, target_select, Proposal};
use super::reshape::Reshape;
use super::split::Bucket;
use super::walk::{Walked, DEFAULT_MAX_CELLS};
use super::{lint, migrate, thrift, AdvisorError, AdvisorResult};
use crate::cql::ast::Select;
use crate::cql::exec::tables::lookup;
use crate::cql::mapping::{plan_select, Partitions};
use crate::cql::timeuuid::TimeUuidGenerator;
use crate::explorer::query::{check, Check, ThriftCall};
use crate::node::Node;
use serde::Deserialize;
use serde_json::{json, Value};

/// One request for advice.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    pub keyspace: String,
    /// A CQL3 SELECT (also one 1.2 refuses).
    pub query: Option<String>,
    /// Or a Thrift read, shaped as the query check takes it.
    pub thrift: Option<ThriftCall>,
    /// Create the table, backfill it, re-run the query and compare.
    #[serde(default)]
    pub migrate: bool,
    /// Source cells read at most by the dry run (a sample past it).
    pub max_cells: Option<u64>,
    /// Resume a backfill after this source partition key (hex).
    pub resume_after: Option<String>,
}

/// `POST /api/advisor`.
pub fn advise(node: &Node, req: &Request) -> AdvisorResult<Value> {
    let ks = &req.keyspace;
    let (proposal, original) = match (&req.query, &req.thrift) {
        (Some(q), None) => {
            let (sel, text, note) = propose::parse(q)?;
            let ks_of = sel.table.keyspace.clone().unwrap_or_else(|| ks.clone());
            let source = lookup(&node.schema(), &ks_of, &sel.table.name)
                .map_err(|e| AdvisorError::NotFound(e.to_string()))?;
            let original = check(
                node,
                &Check {
                    keyspace: ks.clone(),
                    query: Some(text.clone()),
                    thrift: None,
                },
            )?;
            (propose::propose(&source, sel, text, note)?, original)
        }
        (None, Some(t)) => match thrift::proposal(node, ks, t)? {
            thrift::Thrift::Query(q) => {
                let sub = Request {
                    keyspace: ks.clone(),
                    query: Some(q.clone()),
                    thrift: None,
                    migrate: req.migrate,
                    max_cells: req.max_cells,
                    resume_after: req.resume_after.clone(),
                };
                let mut v = advise(node, &sub)?;
                v["thrift"] = json!({"as_cql": q});
                return Ok(v);
            }
            thrift::Thrift::Answer(v) => return Ok(v),
        },
        _ => {
            return Err(AdvisorError::BadRequest(
                "give either \"query\" (a CQL3 SELECT) or \"thrift\" (a call shape)".into(),
            ))
        }
    };
    let ks = proposal.source.keyspace.clone();
    let max_cells = req.max_cells.unwrap_or(DEFAULT_MAX_CELLS);
    let base = Reshape::new(&proposal, &ks)?;
    let focus = focus_keys(node, &proposal, &base)?;
    let (mut ms, walked) = measure(node, std::slice::from_ref(&base), &focus, max_cells)?;
    let first = ms.remove(0);
    let (chosen, measured, bucketing) = if bucket::over(&first) {
        let cands = bucket::candidates(&proposal, &first);
        let reshapes = cands
            .iter()
            .map(|b| Reshape::new(&proposal.with_bucket(b.clone()), &ks))
            .collect::<AdvisorResult<Vec<_>>>()?;
        let (ms, _) = measure(node, &reshapes, &focus, max_cells)?;
        let tried: Vec<(Bucket, Measured)> = cands.into_iter().zip(ms).collect();
        let at = bucket::choose(&tried).expect("candidates are never empty");
        let report = json!({
            "chosen": tried[at].0.json(),
            "before": first.json(),
            "tried": tried.iter().map(|(b, m)| json!({"bucket": b.json(), "cells_per_partition_p99": m.p99_cells, "cells_per_partition_max": m.max_cells, "bytes_per_partition_p99": m.p99_bytes, "bytes_per_partition_max": m.max_bytes, "partitions": m.partitions})).collect::<Vec<_>>(),
            "fan_out": fan_out(&tried[at].0, &tried[at].1),
        });
        let (b, m) = tried.into_iter().nth(at).expect("chosen");
        (proposal.with_bucket(b), m, Some(report))
    } else {
        (proposal, first, None)
    };
    let buckets: Vec<String> = measured
        .focus_buckets
        .iter()
        .map(|b| Bucket::constant(b))
        .collect();
    let target = chosen.target_table(&ks)?;
    let sel = target_select(&chosen, &measured.focus_buckets, false);
    let plan = plan_shape(node, &target, &sel);
    let mut answer = json!({
        "keyspace": ks,
        "source": chosen.source.name,
        "original": original,
        "create": chosen.create_cql(&ks),
        "query": chosen.rewritten(&buckets),
        "proposal": chosen.json(&ks),
        "plan": plan,
        "note": chosen.note,
        "dry_run": dry_run_json(&measured, &walked),
        "bucket": bucketing,
        "alternatives": alternatives(&chosen, &measured, &walked, &original),
        "lint": lint::lint(node, &ks, &chosen),
        "migration": Value::Null,
    });
    if req.migrate {
        let resume = match &req.resume_after {
            None => None,
            Some(h) => Some(crate::explorer::render::from_hex(h).ok_or_else(|| {
                AdvisorError::BadRequest(format!("resume_after must be hex, not '{h}'"))
            })?),
        };
        answer["migration"] =
            migrate::run_all(node, &ks, &chosen, &measured.focus_buckets, resume)?;
    }
    Ok(answer)
}

fn dry_run_json(m: &Measured, w: &Walked) -> Value {
    let mut v = m.json();
    v["source_partitions"] = json!(w.partitions);
    v["source_cells"] = json!(w.cells);
    v["complete"] = json!(w.complete);
    v["sampled"] = json!(if w.complete {
        Value::Null
    } else {
        json!(format!("the first {} source partitions in ring order ({} cells), a sample of the ring; counts are of the sample", w.partitions, w.cells))
    });
    v
}

/// How many partitions a read of the query touches once bucketed.
fn fan_out(b: &Bucket, m: &Measured) -> Value {
    match b {
        Bucket::Hash { k } => {
            json!({"partitions_per_read": k, "why": "a hash bucket is not known from the query: every read asks all of them (bucket IN (0..k-1))"})
        }
        Bucket::Time { unit, .. } => {
            json!({"partitions_per_read": m.focus_buckets.len(), "why": format!("the query's rows span {} buckets of one {unit}; a read of a time range touches one partition per {unit} in it", m.focus_buckets.len())})
        }
    }
}

/// The proposed table's keys the query addresses (without a bucket).
fn focus_keys(node: &Node, p: &Proposal, base: &Reshape) -> AdvisorResult<Vec<Vec<u8>>> {
    let sel = target_select(p, &[], false);
    let schema = node.schema();
    let mut uuids = TimeUuidGenerator::new(0);
    Ok(
        match plan_select(
            &base.target,
            &sel,
            &[],
            schema.partitioner.as_ref(),
            &mut uuids,
            super::now_millis(),
            Default::default(),
        ) {
            Ok(plan) => match plan.partitions {
                Partitions::Keys(k) => k,
                Partitions::Range { .. } => Vec::new(),
            },
            Err(_) => Vec::new(),
        },
    )
}

/// How the rewritten query runs on the proposed table, planned as the
/// executor would (the table need not exist).
fn plan_shape(node: &Node, target: &crate::cql::table::Table, sel: &Select) -> Value {
    let schema = node.schema();
    let mut uuids = TimeUuidGenerator::new(0);
    match plan_select(
        target,
        sel,
        &[],
        schema.partitioner.as_ref(),
        &mut uuids,
        super::now_millis(),
        Default::default(),
    ) {
        Err(e) => json!({"shape": "refused", "message": e.to_string()}),
        Ok(plan) => {
            let (shape, n) = match &plan.partitions {
                Partitions::Keys(k) if k.len() == 1 => {
                    let whole = plan.slices.iter().all(|s| matches!(s, crate::model::Slice::Range { start, finish, .. } if start.is_empty() && finish.is_empty()));
                    (
                        if whole {
                            "single_partition"
                        } else {
                            "partition_slice"
                        },
                        1,
                    )
                }
                Partitions::Keys(k) => ("multi_partition", k.len()),
                Partitions::Range { .. } => ("ring_scan", 0),
            };
            json!({
                "shape": shape,
                "partitions_per_read": n,
                "reversed": plan.reversed,
                "message": match n {
                    1 => "one partition".to_string(),
                    0 => "a scan of the ring".to_string(),
                    n => format!("{n} partitions, one by one"),
                },
            })
        }
    }
}
