//! "Will it scale?" for one column family: the distribution of partition
//! sizes (cells and bytes) as histograms, the largest partitions, and
//! warnings for partitions past the thresholds modellers are given.
//!
//! Thresholds (see docs/explorer-api.md): 100 MB per partition, the limit
//! Apache Cassandra's documentation recommends (seed 003 quotes it), and
//! 100,000 cells per partition (the rows-per-partition figure the issue
//! cites from the seeds and Cassandra's docs; a CQL row is at least one
//! cell, so cells bound rows from above). Both can be lowered per request.
//!
//! Cost: one pass over the column family in ring order, reading every cell
//! once and holding none (plus the `LARGEST` biggest sizes); bounded by
//! `max_partitions` (default 1,000,000), past which the answer says it is
//! partial.

use super::catalog::cf_def;
use super::error::ExplorerResult;
use super::render::text;
use crate::marshal::{bytes_to_hex, TypeRef};
use crate::node::Node;
use crate::storage::stored_view::PartitionSize;
use serde_json::{json, Value};

/// 100 MB, the partition size Cassandra's documentation recommends staying under.
pub const WARN_BYTES: u64 = 100 * 1000 * 1000;
/// 100,000 cells (rows) per partition.
pub const WARN_CELLS: u64 = 100_000;
/// Partitions a scan reads at most, unless told otherwise.
pub const DEFAULT_MAX_PARTITIONS: u64 = 1_000_000;
/// How many of the largest partitions are listed.
pub const LARGEST: usize = 10;
/// Warnings listed at most (the count says how many there were).
const MAX_WARNINGS: usize = 100;

/// What a stats request asked for.
pub struct StatsQuery {
    pub max_partitions: u64,
    pub warn_bytes: u64,
    pub warn_cells: u64,
}

impl Default for StatsQuery {
    fn default() -> Self {
        StatsQuery {
            max_partitions: DEFAULT_MAX_PARTITIONS,
            warn_bytes: WARN_BYTES,
            warn_cells: WARN_CELLS,
        }
    }
}

/// Visits the sizes of every partition of `ks.cf` in ring order, at most
/// `max` of them; true when the whole column family was visited.
pub fn scan(
    node: &Node,
    ks: &str,
    cf: &str,
    max: u64,
    each: &mut dyn FnMut(&PartitionSize),
) -> ExplorerResult<bool> {
    let mut seen = 0u64;
    let mut complete = true;
    node.partition_sizes(ks, cf, None, &mut |p| {
        if seen >= max {
            complete = false;
            return false;
        }
        seen += 1;
        each(&p);
        true
    })?;
    Ok(complete)
}

/// Powers of ten up to `top`, then `+Inf`: histogram bucket bounds.
fn bounds(from: u64, top: u64) -> Vec<Option<u64>> {
    let mut v = Vec::new();
    let mut b = from;
    while b <= top {
        v.push(Some(b));
        b *= 10;
    }
    v.push(None);
    v
}

/// A histogram with cumulative-free counts per bucket (`le` inclusive).
struct Histogram {
    bounds: Vec<Option<u64>>,
    counts: Vec<u64>,
}

impl Histogram {
    fn new(bounds: Vec<Option<u64>>) -> Histogram {
        let counts = vec![0; bounds.len()];
        Histogram { bounds, counts }
    }
    fn add(&mut self, v: u64) {
        let i = self
            .bounds
            .iter()
            .position(|b| b.is_none_or(|b| v <= b))
            .expect("the last bucket is unbounded");
        self.counts[i] += 1;
    }
    fn json(&self) -> Value {
        let buckets: Vec<Value> = self
            .bounds
            .iter()
            .zip(&self.counts)
            .map(|(b, c)| json!({ "le": b.map_or(json!("+Inf"), |b| json!(b)), "count": c }))
            .collect();
        Value::Array(buckets)
    }
}

/// One partition as the largest / warnings lists show it.
fn line(key_type: &TypeRef, p: &PartitionSize) -> Value {
    let mut l = json!({
        "key": text(key_type.as_ref(), &p.key),
        "key_hex": bytes_to_hex(&p.key),
        "cells": p.cells,
        "bytes": p.bytes,
    });
    if p.partial {
        l["partial"] = json!(true);
    }
    l
}

/// `GET .../stats`.
pub fn stats(node: &Node, ks: &str, cf: &str, q: &StatsQuery) -> ExplorerResult<Value> {
    let schema = node.schema();
    let def = cf_def(&schema, ks, cf)?;
    let key_type = super::catalog::key_type(node, &def);
    let mut cells_h = Histogram::new(bounds(1, 10_000_000));
    let mut bytes_h = Histogram::new(bounds(100, 10_000_000_000));
    let (mut partitions, mut cells, mut bytes) = (0u64, 0u64, 0u64);
    let mut largest: Vec<PartitionSize> = Vec::new();
    let mut warnings = Vec::new();
    let mut warned = 0u64;
    let mut partial = 0u64;
    let complete = scan(node, ks, cf, q.max_partitions, &mut |p| {
        partitions += 1;
        partial += u64::from(p.partial);
        cells += p.cells;
        bytes += p.bytes;
        cells_h.add(p.cells);
        bytes_h.add(p.bytes);
        let mut reasons = Vec::new();
        if p.bytes > q.warn_bytes {
            reasons.push(format!(
                "{} bytes, over the {} bytes a partition should stay under",
                p.bytes, q.warn_bytes
            ));
        }
        if p.cells > q.warn_cells {
            reasons.push(format!(
                "{} cells, over the {} cells (rows) a partition should stay under",
                p.cells, q.warn_cells
            ));
        }
        if !reasons.is_empty() {
            warned += 1;
            if warnings.len() < MAX_WARNINGS {
                warnings.push(json!({
                    "key": text(key_type.as_ref(), &p.key),
                    "key_hex": bytes_to_hex(&p.key),
                    "reason": reasons.join("; "),
                }));
            }
        }
        // Keep the LARGEST biggest by bytes (ties: more cells first).
        let pos = largest
            .iter()
            .position(|l| (p.bytes, p.cells) > (l.bytes, l.cells))
            .unwrap_or(largest.len());
        if pos < LARGEST {
            largest.insert(pos, p.clone());
            largest.truncate(LARGEST);
        }
    })?;
    Ok(json!({
        "partitions": partitions,
        "cells": cells,
        "bytes": bytes,
        "complete": complete,
        "partial_partitions": partial,
        "histogram": { "cells": cells_h.json(), "bytes": bytes_h.json() },
        "largest": largest.iter().map(|p| line(&key_type, p)).collect::<Vec<_>>(),
        "warnings": warnings,
        "warning_count": warned,
        "thresholds": { "bytes": q.warn_bytes, "cells": q.warn_cells },
        "source": super::cells::source(node),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_buckets_are_inclusive_and_end_unbounded() {
        let mut h = Histogram::new(bounds(1, 100));
        for v in [0, 1, 2, 10, 11, 100, 101, 5_000] {
            h.add(v);
        }
        assert_eq!(h.counts, vec![2, 2, 2, 2]);
        let j = h.json();
        assert_eq!(j[3]["le"], "+Inf");
        assert_eq!(j[0]["le"], 1);
    }
}
