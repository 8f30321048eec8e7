//! The 0.6 read calls: get, get_slice, multiget, multiget_slice, get_count,
//! get_range_slice(s). Validation runs first, in 0.6's order; the consistency
//! level is checked last, as 0.6 did.

use super::check_read_level;
use crate::model::{ReadCommand, RowRange, Slice};
use crate::node::Node;
use crate::thrift::api2::convert::{path_command, slice_command, thriftify};
use crate::thrift::api2::validation as v;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra06::{self as t, ConsistencyLevel};
use std::collections::BTreeMap;

fn first(node: &Node, cmd: &ReadCommand, key: &str) -> ApiResult<t::ColumnOrSuperColumn> {
    let row = node.read(cmd, key.as_bytes())?;
    Ok(thriftify(&row, node.now())
        .into_iter()
        .next()
        .unwrap_or_else(|| t::ColumnOrSuperColumn::new(None, None)))
}

pub fn get(
    node: &Node,
    ks: &str,
    key: &str,
    path: &t::ColumnPath,
    cl: ConsistencyLevel,
) -> ApiResult<t::ColumnOrSuperColumn> {
    v::validate_column_path(&node.schema(), ks, path)?;
    v::validate_key(key)?;
    check_read_level(cl)?;
    let found = first(node, &path_command(ks, path), key)?;
    if found.column.is_none() && found.super_column.is_none() {
        return Err(ApiError::NotFound);
    }
    Ok(found)
}

pub fn multiget(
    node: &Node,
    ks: &str,
    keys: &[String],
    path: &t::ColumnPath,
    cl: ConsistencyLevel,
) -> ApiResult<BTreeMap<String, t::ColumnOrSuperColumn>> {
    v::validate_column_path(&node.schema(), ks, path)?;
    for key in keys {
        v::validate_key(key)?;
    }
    check_read_level(cl)?;
    let cmd = path_command(ks, path);
    keys.iter()
        .map(|key| Ok((key.clone(), first(node, &cmd, key)?)))
        .collect()
}

pub fn get_slice(
    node: &Node,
    ks: &str,
    key: &str,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    cl: ConsistencyLevel,
) -> ApiResult<Vec<t::ColumnOrSuperColumn>> {
    let mut rows = multiget_slice(
        node,
        ks,
        std::slice::from_ref(&key.to_string()),
        parent,
        predicate,
        cl,
    )?;
    Ok(rows.remove(key).unwrap_or_default())
}

pub fn multiget_slice(
    node: &Node,
    ks: &str,
    keys: &[String],
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    cl: ConsistencyLevel,
) -> ApiResult<BTreeMap<String, Vec<t::ColumnOrSuperColumn>>> {
    let cf = v::validate_column_parent(&node.schema(), ks, parent)?;
    v::validate_predicate(&cf, parent.super_column.as_deref(), predicate)?;
    for key in keys {
        v::validate_key(key)?;
    }
    check_read_level(cl)?;
    let cmd = slice_command(ks, parent, predicate);
    let now = node.now();
    keys.iter()
        .map(|key| {
            Ok((
                key.clone(),
                thriftify(&node.read(&cmd, key.as_bytes())?, now),
            ))
        })
        .collect()
}

pub fn get_count(
    node: &Node,
    ks: &str,
    key: &str,
    parent: &t::ColumnParent,
    cl: ConsistencyLevel,
) -> ApiResult<i32> {
    let all = t::SliceRange::new(Vec::new(), Vec::new(), false, i32::MAX);
    let predicate = t::SlicePredicate::new(None, all);
    // Checked as get_slice; counted without holding the row.
    let cf = v::validate_column_parent(&node.schema(), ks, parent)?;
    v::validate_predicate(&cf, parent.super_column.as_deref(), &predicate)?;
    v::validate_key(key)?;
    check_read_level(cl)?;
    let cmd = slice_command(ks, parent, &predicate);
    let n = node.count(&cmd, key.as_bytes())?;
    Ok(i32::try_from(n).unwrap_or(i32::MAX))
}

pub fn get_range_slices(
    node: &Node,
    ks: &str,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    range: &t::KeyRange,
    cl: ConsistencyLevel,
) -> ApiResult<Vec<t::KeySlice>> {
    let schema = node.schema();
    let cf = v::validate_column_parent(&schema, ks, parent)?;
    v::validate_predicate(&cf, parent.super_column.as_deref(), predicate)?;
    v::validate_key_range(schema.partitioner.as_ref(), range)?;
    // 0.6 accepted ANY for range scans and failed internally on ZERO; ZERO
    // gets the clean read refusal instead.
    if cl == ConsistencyLevel::ZERO {
        check_read_level(cl)?;
    }
    let rows =
        match (
            &range.start_key,
            &range.end_key,
            &range.start_token,
            &range.end_token,
        ) {
            (Some(start), Some(end), _, _) => RowRange::Keys {
                start: start.as_bytes().to_vec(),
                end: end.as_bytes().to_vec(),
            },
            (_, _, Some(start), Some(end)) => {
                let p = schema.partitioner.as_ref();
                for tok in [start, end] {
                    p.token_from_string(tok)
                        .map_err(|e| ApiError::invalid(e.0))?;
                }
                // As 0.6's Range: (start, end], wrapping around the ring
                // when start >= end, so describe_ring's (t, t) is every row.
                RowRange::Tokens {
                    start: start.clone(),
                    end: end.clone(),
                }
            }
            _ => return Err(ApiError::invalid(
                "exactly one of {start key, end key} or {start token, end token} must be specified",
            )),
        };
    let cmd = slice_command(ks, parent, predicate);
    debug_assert!(matches!(cmd.slice, Slice::Names(_) | Slice::Range { .. }));
    let max_rows = usize::try_from(range.count).unwrap_or(0);
    let now = node.now();
    Ok(node
        .read_range(&cmd, &rows, max_rows)?
        .into_iter()
        .map(|(key, row)| {
            t::KeySlice::new(
                String::from_utf8_lossy(&key).into_owned(),
                thriftify(&row, now),
            )
        })
        .collect())
}
