//! The 0.6 write calls: insert, batch_insert, remove, batch_mutate. Every
//! mutation is validated whole before any of it is applied; a batch is
//! applied with one engine call.

use crate::node::Node;
use crate::schema::Schema;
use crate::storage::model::{Op, RowMutation};
use crate::thrift::convert::{cosc_ops, insert_op, mutation_ops, remove_op};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra06 as t;
use crate::thrift::validation as v;
use std::collections::BTreeMap;

/// The system keyspace belongs to the server (0.6 failed internally on such writes).
fn check_writable(schema: &Schema, ks: &str) -> ApiResult<()> {
    if schema.keyspace(ks).is_some_and(|k| k.is_system()) {
        return Err(ApiError::invalid("system keyspace is not user-modifiable"));
    }
    Ok(())
}

fn mutation(ks: &str, key: &str, updates: Vec<(String, Vec<Op>)>) -> RowMutation {
    RowMutation {
        keyspace: ks.to_string(),
        key: key.as_bytes().to_vec(),
        updates,
    }
}

pub fn insert(
    node: &Node,
    ks: &str,
    key: &str,
    path: &t::ColumnPath,
    value: Vec<u8>,
    timestamp: i64,
) -> ApiResult<()> {
    let schema = node.schema();
    v::validate_key(key)?;
    v::validate_column_path(&schema, ks, path)?;
    check_writable(&schema, ks)?;
    let op = insert_op(path, value, timestamp).ok_or_else(|| {
        ApiError::invalid(format!(
            "column parameter is not optional for super CF {}",
            path.column_family
        ))
    })?;
    node.apply(&mutation(
        ks,
        key,
        vec![(path.column_family.clone(), vec![op])],
    ))
    .map_err(ApiError::from)
}

pub fn batch_insert(
    node: &Node,
    ks: &str,
    key: &str,
    cfmap: &BTreeMap<String, Vec<t::ColumnOrSuperColumn>>,
) -> ApiResult<()> {
    let schema = node.schema();
    v::validate_key(key)?;
    for (cf, coscs) in cfmap {
        for cosc in coscs {
            v::validate_cosc(&schema, ks, cf, cosc)?;
        }
    }
    v::validate_keyspace(&schema, ks)?;
    check_writable(&schema, ks)?;
    let updates = cfmap
        .iter()
        .map(|(cf, coscs)| {
            let mut ops = Vec::new();
            for cosc in coscs {
                cosc_ops(cosc, &mut ops);
            }
            (cf.clone(), ops)
        })
        .filter(|(_, ops)| !ops.is_empty())
        .collect();
    node.apply(&mutation(ks, key, updates))
        .map_err(ApiError::from)
}

pub fn remove(
    node: &Node,
    ks: &str,
    key: &str,
    path: &t::ColumnPath,
    timestamp: i64,
) -> ApiResult<()> {
    let schema = node.schema();
    v::validate_key(key)?;
    v::validate_column_path_or_parent(&schema, ks, path)?;
    check_writable(&schema, ks)?;
    let op = remove_op(path, timestamp, node.now());
    node.apply(&mutation(
        ks,
        key,
        vec![(path.column_family.clone(), vec![op])],
    ))
    .map_err(ApiError::from)
}

pub fn batch_mutate(
    node: &Node,
    ks: &str,
    mutation_map: &BTreeMap<String, BTreeMap<String, Vec<t::Mutation>>>,
) -> ApiResult<()> {
    let schema = node.schema();
    let now = node.now();
    let mut rows = Vec::with_capacity(mutation_map.len());
    for (key, by_cf) in mutation_map {
        v::validate_key(key)?;
        let mut updates = Vec::with_capacity(by_cf.len());
        for (cf, mutations) in by_cf {
            let mut ops = Vec::with_capacity(mutations.len());
            for m in mutations {
                v::validate_mutation(&schema, ks, cf, m)?;
                let is_super = schema.cf(ks, cf).is_some_and(|d| d.is_super());
                mutation_ops(m, is_super, now, &mut ops);
            }
            if !ops.is_empty() {
                updates.push((cf.clone(), ops));
            }
        }
        rows.push(mutation(ks, key, updates));
    }
    if rows.is_empty() {
        return Ok(());
    }
    v::validate_keyspace(&schema, ks)?;
    check_writable(&schema, ks)?;
    node.apply_batch(&rows).map_err(ApiError::from)
}
