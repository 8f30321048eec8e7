//! The 0.6 single-column write calls, insert and remove (the batches are in
//! `batch`). Every mutation is validated whole before it is applied.

use crate::model::{Op, RowMutation};
use crate::node::Node;
use crate::schema::Schema;
use crate::thrift::api2::convert::{insert_op, remove_op};
use crate::thrift::api2::validation as v;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra06 as t;

/// The system keyspace belongs to the server (0.6 failed internally on such writes).
pub(super) fn check_writable(schema: &Schema, ks: &str) -> ApiResult<()> {
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
