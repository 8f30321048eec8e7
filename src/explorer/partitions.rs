//! Partitions of one column family in ring order, a page at a time
//! (`after` = the last key of the previous page), and the lookup of one
//! partition by a key typed per the key validator.
//!
//! A page costs a seek plus reading the partitions on it (their cells are
//! counted, never held), whatever the column family's size; through a
//! cluster, a range read of its keys and a read per partition (sizes of
//! live data, see `node::live`). It must not hold more than one page.

use super::catalog::cf_def;
use super::cells::source;
use super::error::{ExplorerError, ExplorerResult};
use super::render::text;
use crate::marshal::bytes_to_hex;
use crate::node::Node;
use crate::storage::stored_view::PartitionSize;
use serde_json::{json, Value};

/// Default and largest page sizes.
pub const DEFAULT_LIMIT: usize = 100;
pub const MAX_LIMIT: usize = 1000;

/// What a page of partitions was asked for.
pub struct PageQuery {
    pub limit: usize,
    /// The last key of the previous page.
    pub after: Option<Vec<u8>>,
    /// One key, typed per the key validator (composite keys: components
    /// joined by ':'): the page is that partition or nothing.
    pub key: Option<String>,
}

/// One partition's line in a listing.
pub fn entry(node: &Node, key_type: &crate::marshal::TypeRef, p: &PartitionSize) -> Value {
    let schema = node.schema();
    let mut e = json!({
        "key_hex": bytes_to_hex(&p.key),
        "key": text(key_type.as_ref(), &p.key),
        "token": schema.partitioner.token_to_string(&p.token),
        "cells": p.cells,
        "bytes": p.bytes,
    });
    if p.partial {
        e["partial"] = json!(true);
    }
    e
}

/// `GET .../partitions`.
pub fn page(node: &Node, ks: &str, cf: &str, q: &PageQuery) -> ExplorerResult<Value> {
    let schema = node.schema();
    let def = cf_def(&schema, ks, cf)?;
    let key_type = super::catalog::key_type(node, &def);
    if let Some(typed) = &q.key {
        let key = key_type.from_string(typed).map_err(|e| {
            ExplorerError::BadRequest(format!(
                "cannot read '{typed}' as a {} key: {}",
                super::render::type_name(key_type.as_ref()),
                e.0
            ))
        })?;
        let found = node.partition_size(ks, cf, &key)?;
        let partitions: Vec<Value> = found.iter().map(|p| entry(node, &key_type, p)).collect();
        return Ok(
            json!({ "partitions": partitions, "next": Value::Null, "source": source(node) }),
        );
    }
    let limit = q.limit.clamp(1, MAX_LIMIT);
    let mut sizes = Vec::with_capacity(limit + 1);
    node.partition_sizes(ks, cf, q.after.as_deref(), &mut |p| {
        sizes.push(p);
        sizes.len() <= limit
    })?;
    let more = sizes.len() > limit;
    sizes.truncate(limit);
    let next = match (more, sizes.last()) {
        (true, Some(p)) => Value::String(bytes_to_hex(&p.key)),
        _ => Value::Null,
    };
    let partitions: Vec<Value> = sizes.iter().map(|p| entry(node, &key_type, p)).collect();
    Ok(json!({ "partitions": partitions, "next": next, "source": source(node) }))
}
