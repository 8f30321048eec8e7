//! 1.1's update refused by a declared column's change: `CFMetaData.apply`
//! had already set the live definition's fields in place (comment, read
//! repair, gc grace, validators, thresholds, aliases, bloom filter,
//! caching), dropped the columns the update left out, added its new ones
//! and applied the changed ones in its `HashMap` order, until
//! `ColumnDefinition.apply` refused one (an indexed column's validator,
//! index name or component index). What it set before the refusal stayed
//! in the live definition that `describe_keyspace` and the writes read;
//! the compaction strategy and compression, set after the columns, did not.

use crate::node::Node;
use crate::schema::javaorder::{buffer_hash, grown_capacity, iteration_order};
use crate::schema::{CfDef, CfSpec, ColumnSpec, SchemaChange};
use crate::thrift::error::ApiError;

/// `ColumnDefinition.apply`'s refusals (1.2.9's words, which 1.1 shared).
const COLUMN_REFUSALS: [&str; 3] = [
    "Cannot modify validator to a non-compatible one for column ",
    "Cannot modify index name",
    "Cannot modify component index for column ",
];

/// After the update `sent` of a column family failed with `e`: on 1.1,
/// where a declared column's change refused it, the part `CFMetaData.apply`
/// had set before is made the live definition.
pub fn keep_applied_part(node: &Node, sent: &CfSpec, e: &ApiError) {
    if node.release.map(|r| r.series()) != Some((1, 1)) {
        return;
    }
    let ApiError::InvalidRequest(why) = e else {
        return;
    };
    if !COLUMN_REFUSALS.iter().any(|p| why.starts_with(p)) {
        return;
    }
    let Some(old) = node.schema().cf(&sent.keyspace, &sent.name).cloned() else {
        return;
    };
    let Some(part) = applied_part(node, &old, sent) else {
        return;
    };
    // The part passes the checks the whole failed on: nothing to report.
    let _ = node.change_schema(SchemaChange::UpdateColumnFamily(part));
}

/// `sent` as far as 1.1's `CFMetaData.apply` got on `old`: the columns
/// changed in both taken one by one in the order the `HashMap` of their
/// differences iterates, up to the first the schema refuses.
fn applied_part(node: &Node, old: &CfDef, sent: &CfSpec) -> Option<CfSpec> {
    let was = old.describe_v12();
    let old_columns = was.column_metadata.clone().unwrap_or_default();
    let new_columns = sent.column_metadata.clone().unwrap_or_default();
    let mut part = sent.clone();
    part.compaction_strategy = was.compaction_strategy.clone();
    part.compaction_strategy_options = was.compaction_strategy_options.clone();
    part.compression_options = was.compression_options.clone();
    // The changed columns start as they were.
    let changed: Vec<&ColumnSpec> = new_columns
        .iter()
        .filter(|c| {
            old_columns
                .iter()
                .find(|o| o.name == c.name)
                .is_some_and(|o| !same_column(o, c))
        })
        .collect();
    let mut columns: Vec<ColumnSpec> = new_columns
        .iter()
        .map(|c| match old_columns.iter().find(|o| o.name == c.name) {
            Some(o) if !same_column(o, c) => o.clone(),
            _ => c.clone(),
        })
        .collect();
    part.column_metadata = Some(columns.clone());
    node.check_schema_change(SchemaChange::UpdateColumnFamily(part.clone()))
        .ok()?;
    let hashes: Vec<i32> = changed.iter().map(|c| buffer_hash(&c.name)).collect();
    for at in iteration_order(&hashes, grown_capacity(changed.len())) {
        let c = changed[at];
        let mut next = columns.clone();
        if let Some(slot) = next.iter_mut().find(|o| o.name == c.name) {
            *slot = c.clone();
        }
        let mut candidate = part.clone();
        candidate.column_metadata = Some(next.clone());
        if node
            .check_schema_change(SchemaChange::UpdateColumnFamily(candidate))
            .is_err()
        {
            break;
        }
        columns = next;
    }
    part.column_metadata = Some(columns);
    Some(part)
}

/// Whether a declared column is sent as it is (an index sent without its
/// name keeps the one it has).
fn same_column(old: &ColumnSpec, new: &ColumnSpec) -> bool {
    let class = |c: &ColumnSpec| {
        let name = c.validation_class.as_deref().unwrap_or("BytesType");
        name.trim_start_matches("org.apache.cassandra.db.marshal.")
            .to_string()
    };
    class(old) == class(new)
        && old.index_type == new.index_type
        && (new.index_name.is_none() || old.index_name == new.index_name)
        && old.component_index == new.component_index
}
