//! The 19.x write calls: insert, remove, batch_mutate, atomic_batch_mutate,
//! truncate, add and remove_counter (counters: see `counters`).
//! Every mutation is validated whole before any of it is applied; a batch
//! is applied with one engine call.

use super::convert::{cell, deletion_ops, mutation_ops, remove_op};
use super::counters::{self, Increment};
use super::validation::{self as v, Access};
use crate::schema::CfDef;
use crate::storage::model::{Op, RowMutation};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use crate::thrift::node::Node;
use std::collections::BTreeMap;

/// The system keyspaces belong to the server.
fn check_writable(node: &Node, ks: &str) -> ApiResult<()> {
    if node.schema().keyspace(ks).is_some_and(|k| k.is_system()) {
        return Err(ApiError::invalid("system keyspace is not user-modifiable"));
    }
    Ok(())
}

fn check_write(
    node: &Node,
    ks: &str,
    cf: Option<&CfDef>,
    cl: ConsistencyLevel,
    access: Access,
) -> ApiResult<()> {
    let schema = node.schema();
    let ksdef = v::validate_keyspace(&schema, ks)?;
    v::check_consistency(ksdef, cf, cl, access)
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
    let cf = v::validate_cf_for(&node.schema(), ks, &parent.column_family, false)?;
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
    check_write(node, ks, None, cl, Access::Write)?;
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
    let cf = v::validate_cf_for(&node.schema(), ks, &path.column_family, false)?;
    v::validate_key(&cf, key)?;
    v::validate_column_path_or_parent(&cf, path)?;
    check_write(node, ks, None, cl, Access::Write)?;
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
    let schema = node.schema();
    let mut rows = Vec::with_capacity(mutation_map.len());
    let mut increments = Vec::new();
    let mut counter_deletes = Vec::new();
    let mut counter_cf = None;
    for (key, by_cf) in mutation_map {
        let mut updates = Vec::with_capacity(by_cf.len());
        for (cf_name, mutations) in by_cf {
            let cf = v::validate_cf(&schema, ks, cf_name)?;
            v::validate_key(&cf, key)?;
            let mut ops = Vec::with_capacity(mutations.len());
            for m in mutations {
                v::validate_mutation(&cf, m)?;
                if cf.is_counter() {
                    counter_mutation(key, cf_name, m, &mut increments, &mut counter_deletes);
                } else {
                    mutation_ops(m, cf.is_super(), now, &mut ops);
                }
            }
            if cf.is_counter() && counter_cf.is_none() {
                counter_cf = Some(cf.clone());
            }
            if cf.is_counter() && atomic {
                return Err(ApiError::invalid(
                    "Counter mutations are not allowed in atomic batches",
                ));
            }
            if !ops.is_empty() {
                updates.push((cf_name.clone(), ops));
            }
        }
        if !updates.is_empty() {
            rows.push(mutation(ks, key, updates));
        }
    }
    let counting = !increments.is_empty() || !counter_deletes.is_empty();
    check_write(node, ks, None, cl, Access::Write)?;
    if let Some(cf) = counter_cf.as_deref() {
        check_write(node, ks, Some(cf), cl, Access::CounterWrite)?;
    }
    if rows.is_empty() && !counting {
        return Ok(());
    }
    check_writable(node, ks)?;
    if !rows.is_empty() {
        node.apply_batch(&rows)?;
    }
    if !counter_deletes.is_empty() {
        let ts = counters::timestamp();
        let rows: Vec<RowMutation> = counter_deletes
            .into_iter()
            .map(|(key, cf, mut del)| {
                del.timestamp = Some(ts);
                let is_super = schema.cf(ks, &cf).is_some_and(|d| d.is_super());
                let mut ops = Vec::new();
                deletion_ops(&del, is_super, now, &mut ops);
                mutation(ks, &key, vec![(cf, ops)])
            })
            .collect();
        node.apply_batch(&rows)?;
    }
    counters::add(node, ks, &increments)
}

type CounterDelete = (Vec<u8>, String, t::Deletion);

/// The increments and deletes of one validated counter-CF mutation.
fn counter_mutation(
    key: &[u8],
    cf: &str,
    m: &t::Mutation,
    increments: &mut Vec<Increment>,
    deletes: &mut Vec<CounterDelete>,
) {
    let inc = |sc: Option<&Vec<u8>>, c: &t::CounterColumn| Increment {
        key: key.to_vec(),
        cf: cf.to_string(),
        super_column: sc.cloned(),
        name: c.name.clone(),
        delta: c.value,
    };
    if let Some(cosc) = &m.column_or_supercolumn {
        if let Some(c) = &cosc.counter_column {
            increments.push(inc(None, c));
        }
        if let Some(sc) = &cosc.counter_super_column {
            increments.extend(sc.columns.iter().map(|c| inc(Some(&sc.name), c)));
        }
    }
    if let Some(del) = &m.deletion {
        deletes.push((key.to_vec(), cf.to_string(), del.clone()));
    }
}

/// `add`: one counter increment.
pub fn add(
    node: &Node,
    ks: &str,
    key: &[u8],
    parent: &t::ColumnParent,
    column: &t::CounterColumn,
    cl: ConsistencyLevel,
) -> ApiResult<()> {
    let cf = v::validate_cf_for(&node.schema(), ks, &parent.column_family, true)?;
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
    check_write(node, ks, Some(&cf), cl, Access::CounterWrite)?;
    let inc = Increment {
        key: key.to_vec(),
        cf: cf.name.clone(),
        super_column: parent.super_column.clone(),
        name: column.name.clone(),
        delta: column.value,
    };
    counters::add(node, ks, &[inc])
}

/// `remove_counter`: a tombstone at the counter clock.
pub fn remove_counter(
    node: &Node,
    ks: &str,
    key: &[u8],
    path: &t::ColumnPath,
    cl: ConsistencyLevel,
) -> ApiResult<()> {
    let cf = v::validate_cf_for(&node.schema(), ks, &path.column_family, true)?;
    v::validate_key(&cf, key)?;
    v::validate_column_path_or_parent(&cf, path)?;
    check_write(node, ks, Some(&cf), cl, Access::CounterWrite)?;
    let op = remove_op(path, counters::timestamp(), node.now());
    node.apply(&mutation(ks, key, vec![(cf.name.clone(), vec![op])]))
}

/// `truncate`: every column family, from the configuration or not, is
/// emptied durably by the engine.
/// An unknown column family is not an error: 1.2.9 answered such a
/// truncate with success (recorded), having nothing to truncate.
pub fn truncate(node: &Node, ks: &str, cf: &str) -> ApiResult<()> {
    let schema = node.schema();
    v::validate_keyspace(&schema, ks)?;
    if schema.cf(ks, cf).is_none() {
        return Ok(());
    }
    check_writable(node, ks)?;
    node.truncate(ks, cf)
}
