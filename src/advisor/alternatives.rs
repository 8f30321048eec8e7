//! The alternatives to the proposed table, each with the same three
//! numbers, from the dry run's measures: partitions a read touches, writes
//! each base write adds, and bytes added. The proposal itself (a
//! denormalised table), a secondary index, ALLOW FILTERING, and the
//! bucket when one was needed. It must not read data.

use super::measure::Measured;
use super::propose::Proposal;
use super::split::Bucket;
use super::walk::Walked;
use crate::cql::table::ColumnRole;
use serde_json::{json, Value};

pub fn alternatives(p: &Proposal, m: &Measured, w: &Walked, original: &Value) -> Value {
    let per_read = match &p.bucket {
        None => 1,
        Some(Bucket::Hash { k }) => u64::from(*k),
        Some(Bucket::Time { .. }) => m.focus_buckets.len().max(1) as u64,
    };
    // A key column that is a regular column of the source moves the row
    // when it changes: a delete in the new table beside the insert.
    let moved: Vec<&str> = p
        .partition
        .iter()
        .chain(p.clustering.iter().map(|(k, _)| k))
        .filter(|k| matches!(p.source.role(&k.column.name), Some(ColumnRole::Regular(_))))
        .map(|k| k.column.name.as_str())
        .collect();
    let table = json!({
        "kind": "denormalised table",
        "table": p.name,
        "partitions_per_read": per_read,
        "extra_writes_per_base_write": 1,
        "extra_writes_when_key_changes": if moved.is_empty() { 1 } else { 2 },
        "bytes_added": m.bytes,
        "why": if moved.is_empty() {
            "each write to the source is written again to the new table (a logged batch keeps them together)".to_string()
        } else {
            format!("each write is written again; a change of {} moves the row: a delete of the old one and an insert", moved.join(", "))
        },
    });
    let eq: Vec<&str> = p
        .partition
        .iter()
        .filter(|k| !k.is_bucket)
        .map(|k| k.column.name.as_str())
        .collect();
    let index = json!({
        "kind": "secondary index",
        "create": format!("CREATE INDEX ON {}.{} ({})", p.source.keyspace, p.source.name, eq.first().copied().unwrap_or("")),
        "partitions_per_read": m.focus_source_partitions,
        "index_reads_per_read": "one per node (each node indexes only its own data)",
        "extra_writes_per_base_write": 1,
        "extra_writes_when_value_changes": 2,
        "bytes_added": m.index_bytes,
        "usable": eq.len() == 1,
        "why": if eq.len() == 1 {
            format!("a read asks every node's index, then reads the {} source partitions holding the rows; a low-cardinality column makes huge index rows, a high-cardinality one a read of many nodes for few rows", m.focus_source_partitions)
        } else {
            "1.2 answers an index read by one indexed equality; the rest is filtered".to_string()
        },
    });
    let refused_anyway = original["refused_by_1_2"] == json!(true)
        && original["needs_allow_filtering"] == json!(false);
    let filtering = json!({
        "kind": "ALLOW FILTERING",
        "partitions_per_read": w.partitions,
        "extra_writes_per_base_write": 0,
        "bytes_added": 0,
        "refused_by_1_2": refused_anyway,
        "why": if refused_anyway {
            "1.2 refuses it even with ALLOW FILTERING (an equality on a non-key column needs an index); elsewhere every read walks every partition".to_string()
        } else {
            format!("every read walks all {} partitions of the ring and drops what does not match", w.partitions)
        },
    });
    let mut all = vec![table, index, filtering];
    if let Some(b) = &p.bucket {
        all.push(json!({
            "kind": "bucketing",
            "bucket": b.json(),
            "partitions_per_read": per_read,
            "extra_writes_per_base_write": 0,
            "bytes_added": 0,
            "why": b.describe(),
        }));
    }
    Value::Array(all)
}
