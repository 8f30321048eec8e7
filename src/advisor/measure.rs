//! The dry run: the source's rows streamed through one or more proposed
//! keys ([`Reshape`]s) without writing, and the proposed tables' partitions
//! measured: their count, rows, cells and bytes per partition (p50, p99,
//! max, a histogram), the largest, their spread over a ring, against the
//! limits. Sizes count as the explorer's do (docs/explorer-api.md): a
//! partition's key once, and each cell's name, value and 8-byte timestamp.
//!
//! Memory: one small tally per proposed partition (at most
//! [`MAX_TRACKED`]; past it, rows of new partitions are counted in the
//! totals only and the answer says so), and one source chunk at a time.

use super::reshape::{PartitionState, Reshape, TargetRow};
use super::walk::{walk, Walked};
use super::{AdvisorResult, HARD_CELLS, LIMIT_BYTES, LIMIT_CELLS};
use crate::explorer::ring::{owner, tokens};
use crate::node::Node;
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap};

/// Proposed partitions tallied at most, per proposal.
pub const MAX_TRACKED: usize = 2_000_000;
/// Bucket values and source partitions remembered for the query's own
/// partitions.
const MAX_FOCUS: usize = 100_000;
/// Largest partitions listed.
const LARGEST: usize = 10;
/// Nodes of the hypothetical ring the spread is shown on.
const RING_NODES: usize = 3;

#[derive(Default, Clone, Copy)]
struct Tally {
    rows: u64,
    cells: u64,
    bytes: u64,
}

/// The measure of one proposal.
#[derive(Debug, Clone, Default)]
pub struct Measured {
    pub partitions: u64,
    pub rows: u64,
    pub cells: u64,
    pub bytes: u64,
    pub skipped_rows: u64,
    pub p50_cells: u64,
    pub p99_cells: u64,
    pub max_cells: u64,
    pub p50_bytes: u64,
    pub p99_bytes: u64,
    pub max_bytes: u64,
    pub max_rows: u64,
    pub over_limits: u64,
    pub tracked_capped: bool,
    /// The bucket values the query's own partitions span (when bucketed).
    pub focus_buckets: Vec<Vec<u8>>,
    /// The source partitions holding the query's rows.
    pub focus_source_partitions: u64,
    pub focus_rows: u64,
    /// Bytes a KEYS secondary index's entries would add (one per row).
    pub index_bytes: u64,
    json: Value,
}

impl Measured {
    pub fn json(&self) -> Value {
        self.json.clone()
    }
}

/// What one proposal gathers during the walk.
struct Gather<'a> {
    reshape: &'a Reshape,
    tallies: HashMap<Vec<u8>, Tally>,
    m: Measured,
    buckets: BTreeSet<Vec<u8>>,
    focus_sources: BTreeSet<Vec<u8>>,
}

impl Gather<'_> {
    fn add(&mut self, source_key: &[u8], row: &TargetRow, focus: &[Vec<u8>]) {
        let cells = row.cells.len() as u64;
        let bytes: u64 = row
            .cells
            .iter()
            .map(|c| (c.name.len() + c.value.len() + 8) as u64)
            .sum();
        self.m.rows += 1;
        self.m.cells += cells;
        self.m.bytes += bytes;
        self.m.index_bytes += index_entry_bytes(source_key);
        let tracked = self.tallies.len() < MAX_TRACKED || self.tallies.contains_key(&row.key);
        if tracked {
            let t = self
                .tallies
                .entry(row.key.clone())
                .or_insert_with(|| Tally {
                    bytes: row.key.len() as u64,
                    ..Tally::default()
                });
            t.rows += 1;
            t.cells += cells;
            t.bytes += bytes;
        } else {
            self.m.tracked_capped = true;
        }
        if focus.contains(&row.base_key) {
            self.m.focus_rows += 1;
            if let (Some(b), true) = (&row.bucket, self.buckets.len() < MAX_FOCUS) {
                self.buckets.insert(b.clone());
            }
            if self.focus_sources.len() < MAX_FOCUS {
                self.focus_sources.insert(source_key.to_vec());
            }
        }
    }
}

/// A secondary index's entry for a row, at the least: the row's partition
/// key as a composite component (2-byte length, value, end byte) in the
/// entry's name, no value, and an 8-byte timestamp.
fn index_entry_bytes(source_key: &[u8]) -> u64 {
    (3 + source_key.len() + 8) as u64
}

/// Measures each reshape over the source, in one walk. `focus` holds the
/// (bucketless) proposed partition keys the query itself addresses.
pub fn measure(
    node: &Node,
    reshapes: &[Reshape],
    focus: &[Vec<u8>],
    max_cells: u64,
) -> AdvisorResult<(Vec<Measured>, Walked)> {
    let Some(first) = reshapes.first() else {
        return Ok((Vec::new(), Walked::default()));
    };
    let source = first.proposal.source.clone();
    let mut gathers: Vec<Gather> = reshapes
        .iter()
        .map(|r| Gather {
            reshape: r,
            tallies: HashMap::new(),
            m: Measured::default(),
            buckets: BTreeSet::new(),
            focus_sources: BTreeSet::new(),
        })
        .collect();
    let now = node.now();
    let mut states: Vec<PartitionState> =
        reshapes.iter().map(|_| PartitionState::default()).collect();
    let walked = walk(
        node,
        &source,
        None,
        max_cells,
        &mut |key, cells, first_chunk| {
            for (g, state) in gathers.iter_mut().zip(states.iter_mut()) {
                if first_chunk {
                    *state = PartitionState::default();
                }
                let (rows, skipped) = g.reshape.rows(key, cells, state, now)?;
                g.m.skipped_rows += skipped;
                for r in &rows {
                    g.add(key, r, focus);
                }
            }
            Ok(())
        },
    )?;
    let partitioner = node.schema().partitioner.clone();
    let ring = tokens(partitioner.as_ref(), RING_NODES);
    let out = gathers
        .into_iter()
        .map(|g| finish(g, &ring, partitioner.as_ref()))
        .collect();
    Ok((out, walked))
}

/// A proposed partition key as text, its components joined by `:` as
/// cassandra-cli printed composites.
fn show_key(t: &crate::cql::table::Table, key: &[u8]) -> String {
    match crate::cql::mapping::split_row_key(t, key) {
        Ok(parts) => parts
            .iter()
            .zip(&t.partition_key)
            .map(|(v, c)| crate::explorer::render::text(c.ty.marshal().as_ref(), v))
            .collect::<Vec<_>>()
            .join(":"),
        Err(_) => crate::marshal::bytes_to_hex(key),
    }
}

/// The value at quantile `q` of sorted values.
fn quantile(sorted: &[u64], q: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

/// Powers-of-ten buckets (`le` inclusive, the last unbounded), as the
/// explorer's statistics draw them.
fn histogram(sorted: &[u64], from: u64, top: u64) -> Value {
    let mut out = Vec::new();
    let mut b = from;
    let mut at = 0;
    while b <= top {
        let n = sorted[at..].iter().take_while(|v| **v <= b).count();
        out.push(json!({"le": b, "count": n}));
        at += n;
        b *= 10;
    }
    out.push(json!({"le": "+Inf", "count": sorted.len() - at}));
    Value::Array(out)
}

fn finish(
    mut g: Gather,
    ring: &[crate::partitioner::Token],
    partitioner: &dyn crate::partitioner::Partitioner,
) -> Measured {
    let mut m = std::mem::take(&mut g.m);
    m.partitions = g.tallies.len() as u64;
    let mut cells: Vec<u64> = g.tallies.values().map(|t| t.cells).collect();
    let mut bytes: Vec<u64> = g.tallies.values().map(|t| t.bytes).collect();
    cells.sort_unstable();
    bytes.sort_unstable();
    m.p50_cells = quantile(&cells, 0.5);
    m.p99_cells = quantile(&cells, 0.99);
    m.max_cells = cells.last().copied().unwrap_or(0);
    m.p50_bytes = quantile(&bytes, 0.5);
    m.p99_bytes = quantile(&bytes, 0.99);
    m.max_bytes = bytes.last().copied().unwrap_or(0);
    m.max_rows = g.tallies.values().map(|t| t.rows).max().unwrap_or(0);
    m.over_limits = g
        .tallies
        .values()
        .filter(|t| t.cells > LIMIT_CELLS || t.bytes > LIMIT_BYTES)
        .count() as u64;
    m.focus_buckets = g.buckets.into_iter().collect();
    m.focus_source_partitions = g.focus_sources.len() as u64;
    let mut largest: Vec<(&Vec<u8>, &Tally)> = g.tallies.iter().collect();
    largest.sort_by(|a, b| b.1.bytes.cmp(&a.1.bytes).then(a.0.cmp(b.0)));
    largest.truncate(LARGEST);
    let render = |k: &[u8]| show_key(&g.reshape.target, k);
    let mut per_node = vec![0u64; ring.len()];
    for (k, t) in &g.tallies {
        per_node[owner(ring, &partitioner.token(k))] += t.bytes;
    }
    let mean = per_node.iter().sum::<u64>() as f64 / per_node.len().max(1) as f64;
    let skew = if mean > 0.0 {
        *per_node.iter().max().unwrap_or(&0) as f64 / mean
    } else {
        1.0
    };
    let target = &g.reshape.target;
    let nc = target.all_columns().len() as u64;
    let npk = (target.partition_key.len() + target.clustering.len()) as u64;
    m.json = json!({
        "partitions": m.partitions,
        "rows": m.rows,
        "cells": m.cells,
        "bytes": m.bytes,
        "skipped_rows": m.skipped_rows,
        "cells_per_partition": {"p50": m.p50_cells, "p99": m.p99_cells, "max": m.max_cells},
        "bytes_per_partition": {"p50": m.p50_bytes, "p99": m.p99_bytes, "max": m.max_bytes},
        "rows_per_partition_max": m.max_rows,
        "formula_cells_max": m.max_rows * (nc - npk),
        "histogram": {"cells": histogram(&cells, 1, 1_000_000_000), "bytes": histogram(&bytes, 100, 100_000_000_000)},
        "largest": largest.iter().map(|(k, t)| json!({"key": render(k), "key_hex": crate::marshal::bytes_to_hex(k), "rows": t.rows, "cells": t.cells, "bytes": t.bytes})).collect::<Vec<_>>(),
        "over_limits": m.over_limits,
        "limits": {"bytes": LIMIT_BYTES, "cells": LIMIT_CELLS, "hard_cells": HARD_CELLS},
        "ring": {"nodes": ring.len(), "bytes_per_node": per_node, "skew": (skew * 100.0).round() / 100.0},
        "tracked_capped": m.tracked_capped,
    });
    m
}
