//! The lint: a keyspace's CQL3 tables and the advised query judged against
//! the seeds' rules, each finding named by its rule: a key that silently
//! overwrites rows, a WHERE without the whole partition key, an ORDER BY
//! against the clustering order, a partition that grows without bound (a
//! time clustering column under one key), a low-cardinality partition key,
//! and the queue pattern that reads through tombstones. It reads the
//! schema only (the dry run measures the data).

use super::propose::Proposal;
use crate::cql::ast::{Operator, Ordering, Relation};
use crate::cql::table::Table;
use crate::cql::types::{CqlType, Native};
use crate::explorer::catalog::cql3_table;
use crate::node::Node;
use serde_json::{json, Value};

fn is_time(ty: &CqlType) -> bool {
    matches!(
        ty,
        CqlType::Native(Native::Timestamp) | CqlType::Native(Native::Timeuuid)
    )
}

fn finding(rule: &str, table: &str, message: String) -> Value {
    json!({"rule": rule, "table": table, "message": message})
}

/// The schema's findings, table by table.
fn table_findings(t: &Table, out: &mut Vec<Value>) {
    let key: Vec<(&str, &CqlType)> = t
        .partition_key
        .iter()
        .map(|c| (c.name.as_str(), &c.ty))
        .chain(
            t.clustering
                .iter()
                .map(|c| (c.column.name.as_str(), &c.column.ty)),
        )
        .collect();
    if let Some((last, ty)) = key.last() {
        if **ty == CqlType::Native(Native::Timestamp) {
            out.push(finding(
                "non_unique_key",
                &t.name,
                format!("the key ends in {last}, a timestamp: two rows with the same other key values in the same millisecond are one row, the later overwriting the earlier without error"),
            ));
        }
    }
    if let Some(first) = t.clustering.first() {
        let bucketed = t.partition_key.iter().any(|c| {
            is_time(&c.ty)
                || c.name.contains("bucket")
                || c.name.contains("day")
                || c.name.contains("month")
        });
        if is_time(&first.column.ty) && !bucketed {
            out.push(finding(
                "unbounded_partition",
                &t.name,
                format!("rows cluster by {}, a time, under a key with no time in it: a partition grows for as long as its key is written (bucket it; the dry run measures how far)", first.column.name),
            ));
        }
    }
    for c in &t.partition_key {
        if c.ty == CqlType::Native(Native::Boolean) {
            out.push(finding(
                "low_cardinality_partition_key",
                &t.name,
                format!("{} is a boolean: the whole table lives in two partitions, on at most two replicas sets", c.name),
            ));
        }
    }
}

/// The query's findings against its source table.
fn query_findings(p: &Proposal, out: &mut Vec<Value>) {
    let t = &p.source;
    let sel = &p.select;
    let restricted = |name: &str, eq: bool| {
        sel.where_clause.iter().any(|r| match r {
            Relation::Column { column, op, .. } => {
                column == name && (!eq || matches!(op, Operator::Eq | Operator::In))
            }
            Relation::MultiColumn { columns, op, .. } => {
                columns.iter().any(|c| c == name)
                    && (!eq || matches!(op, Operator::Eq | Operator::In))
            }
            Relation::Token { .. } => false,
        })
    };
    let missing: Vec<&str> = t
        .partition_key
        .iter()
        .filter(|c| !restricted(&c.name, true))
        .map(|c| c.name.as_str())
        .collect();
    if !missing.is_empty() {
        out.push(finding(
            "where_without_partition_key",
            &t.name,
            format!(
                "the WHERE does not give {} by equality: the read cannot be sent to one partition",
                missing.join(", ")
            ),
        ));
    }
    for (column, order) in &sel.order_by {
        if let Some(c) = t.clustering.iter().find(|c| &c.column.name == column) {
            let desc = matches!(order, Ordering::Desc);
            if desc != c.reversed {
                out.push(finding(
                    "order_by_against_clustering",
                    &t.name,
                    format!("ORDER BY {column} {} reads against the stored order ({}): each partition is read backwards; CLUSTERING ORDER BY ({column} {}) stores it as asked", if desc { "DESC" } else { "ASC" }, if c.reversed { "DESC" } else { "ASC" }, if desc { "DESC" } else { "ASC" }),
                ));
            }
        }
    }
    if let Some(first) = t.clustering.first() {
        if is_time(&first.column.ty)
            && !first.reversed
            && sel.limit.is_some()
            && sel.order_by.is_empty()
            && !restricted(&first.column.name, false)
        {
            out.push(finding(
                "queue_tombstones",
                &t.name,
                format!("the oldest rows by {} first, a LIMIT and no lower bound: if rows are deleted once read (a queue), each read walks the tombstones of all deleted ones before the live ones; read from the last position (WHERE {} > ?) or keep the queue in time buckets", first.column.name, first.column.name),
            ));
        }
    }
}

pub fn lint(node: &Node, ks: &str, p: &Proposal) -> Value {
    let schema = node.schema();
    let mut out = Vec::new();
    if let Some(k) = schema.keyspace(ks) {
        for cf in k.cfs.values() {
            if let Some(t) = cql3_table(cf) {
                table_findings(&t, &mut out);
            }
        }
    }
    query_findings(p, &mut out);
    Value::Array(out)
}
