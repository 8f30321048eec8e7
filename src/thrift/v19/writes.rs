//! The 19.x write calls: insert, remove, batch_mutate, atomic_batch_mutate,
//! truncate, and the counter calls, which are validated as 1.2 did and then
//! refused because the storage engine has no counter cells.
//! Every mutation is validated whole before any of it is applied; a batch
//! is applied with one engine call.

use super::convert::{cell, mutation_ops, remove_op};
use super::validation::{self as v, Access};
use crate::storage::model::{Op, RowMutation};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use crate::thrift::node::Node;
use std::collections::BTreeMap;

/// The system keyspaces belong to the server.
fn check_writable(node: &Node, ks: &str) -> ApiResult<()> {
    if node.schema19().keyspace(ks).is_some_and(|k| k.is_system()) {
        return Err(ApiError::invalid("system keyspace is not user-modifiable"));
    }
    Ok(())
}

fn check_write(node: &Node, ks: &str, cl: ConsistencyLevel, access: Access) -> ApiResult<()> {
    let schema = node.schema19();
    let ksdef = v::validate_keyspace(&schema, ks)?;
    v::check_consistency(ksdef, None, cl, access)
}

fn mutation(ks: &str, key: &[u8], updates: Vec<(String, Vec<Op>)>) -> RowMutation {
    RowMutation {
        keyspace: ks.to_string(),
        key: key.to_vec(),
        updates,
    }
}

pub fn insert(
    node: &Node,
    ks: &str,
    key: &[u8],
    parent: &t::ColumnParent,
    column: &t::Column,
    cl: ConsistencyLevel,
) -> ApiResult<()> {
    let cf = v::validate_cf_for(&node.schema19(), ks, &parent.column_family, false)?;
    v::validate_key(&cf, key)?;
    v::validate_column_parent(&cf, parent)?;
    if cf.is_super() && parent.super_column.is_none() {
        return Err(ApiError::invalid(format!(
            "missing mandatory super column name for super CF {}",
            cf.name
        )));
    }
    v::validate_column_names(
        &cf,
        parent.super_column.as_deref(),
        [column.name.as_slice()],
    )?;
    v::validate_column_data(&cf, column, parent.super_column.is_some())?;
    check_write(node, ks, cl, Access::Write)?;
    check_writable(node, ks)?;
    let op = Op::Put {
        super_column: parent.super_column.clone(),
        cell: cell(column, node.now()),
    };
    node.apply(&mutation(ks, key, vec![(cf.name.clone(), vec![op])]))
}

pub fn remove(
    node: &Node,
    ks: &str,
    key: &[u8],
    path: &t::ColumnPath,
    timestamp: i64,
    cl: ConsistencyLevel,
) -> ApiResult<()> {
    let cf = v::validate_cf_for(&node.schema19(), ks, &path.column_family, false)?;
    v::validate_key(&cf, key)?;
    v::validate_column_path_or_parent(&cf, path)?;
    check_write(node, ks, cl, Access::Write)?;
    check_writable(node, ks)?;
    let op = remove_op(path, timestamp, node.now());
    node.apply(&mutation(ks, key, vec![(cf.name.clone(), vec![op])]))
}

pub type MutationMap = BTreeMap<Vec<u8>, BTreeMap<String, Vec<t::Mutation>>>;

pub fn batch_mutate(
    node: &Node,
    ks: &str,
    mutation_map: &MutationMap,
    cl: ConsistencyLevel,
    atomic: bool,
) -> ApiResult<()> {
    let now = node.now();
    let mut rows = Vec::with_capacity(mutation_map.len());
    for (key, by_cf) in mutation_map {
        let mut updates = Vec::with_capacity(by_cf.len());
        for (cf_name, mutations) in by_cf {
            let cf = v::validate_cf(&node.schema19(), ks, cf_name)?;
            v::validate_key(&cf, key)?;
            let mut ops = Vec::with_capacity(mutations.len());
            for m in mutations {
                v::validate_mutation(&cf, m)?;
                mutation_ops(m, cf.is_super(), now, &mut ops);
            }
            if cf.is_counter() {
                if atomic {
                    return Err(ApiError::invalid(
                        "Counter mutations are not allowed in atomic batches",
                    ));
                }
                return Err(counters_unsupported());
            }
            if !ops.is_empty() {
                updates.push((cf_name.clone(), ops));
            }
        }
        rows.push(mutation(ks, key, updates));
    }
    check_write(node, ks, cl, Access::Write)?;
    if rows.is_empty() {
        return Ok(());
    }
    check_writable(node, ks)?;
    node.apply_batch(&rows)
}

fn counters_unsupported() -> ApiError {
    ApiError::invalid(
        "counter column families are not supported by this server yet (the storage engine has no counter cells)",
    )
}

/// `add`: validated as 1.2 did, then refused (no counter cells in the engine).
pub fn add(
    node: &Node,
    ks: &str,
    key: &[u8],
    parent: &t::ColumnParent,
    column: &t::CounterColumn,
    cl: ConsistencyLevel,
) -> ApiResult<()> {
    let cf = v::validate_cf_for(&node.schema19(), ks, &parent.column_family, true)?;
    v::validate_key(&cf, key)?;
    v::validate_column_parent(&cf, parent)?;
    if cf.is_super() && parent.super_column.is_none() {
        return Err(ApiError::invalid(format!(
            "missing mandatory super column name for super CF {}",
            cf.name
        )));
    }
    v::validate_column_names(
        &cf,
        parent.super_column.as_deref(),
        [column.name.as_slice()],
    )?;
    check_write(node, ks, cl, Access::CounterWrite)?;
    Err(counters_unsupported())
}

/// `remove_counter`: validated as 1.2 did, then refused.
pub fn remove_counter(
    node: &Node,
    ks: &str,
    key: &[u8],
    path: &t::ColumnPath,
    cl: ConsistencyLevel,
) -> ApiResult<()> {
    let cf = v::validate_cf_for(&node.schema19(), ks, &path.column_family, true)?;
    v::validate_key(&cf, key)?;
    v::validate_column_path_or_parent(&cf, path)?;
    check_write(node, ks, cl, Access::CounterWrite)?;
    Err(counters_unsupported())
}

/// `truncate`: a dynamic CF gets a fresh, empty engine; the engine cannot
/// drop the data of a config CF while running.
/// An unknown column family is not an error: 1.2.9 answered such a
/// truncate with success (recorded), having nothing to truncate.
pub fn truncate(node: &Node, ks: &str, cf: &str) -> ApiResult<()> {
    let schema = node.schema19();
    v::validate_keyspace(&schema, ks)?;
    if schema.cf(ks, cf).is_none() {
        return Ok(());
    }
    check_writable(node, ks)?;
    if node.dynamic.is_dynamic(ks) {
        return node.dynamic.truncate(ks, cf);
    }
    Err(ApiError::invalid(
        "truncate is not supported by this server yet (the storage engine cannot discard a column family's data)",
    ))
}
