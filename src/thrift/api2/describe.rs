//! The 0.6 meta calls: describe_*, get_string(_list)_property.

use crate::node::Node;
use crate::schema::javaorder::string_hashmap_order;
use crate::schema::{CfDef, ColumnType};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra06 as t;
use std::collections::{BTreeMap, BTreeSet};

/// The Thrift API version of Cassandra 0.6.
pub const VERSION: &str = "2.2.0";

const BYTES_TYPE: &str = "org.apache.cassandra.db.marshal.BytesType";

/// Every keyspace, including `system`.
pub fn keyspaces(node: &Node) -> BTreeSet<String> {
    node.schema().keyspaces.keys().cloned().collect()
}

/// Java's `Object.toString` of a comparator instance: class@hash. The hash
/// is an identity hash in Java; ours is a stable stand-in.
fn instance_name(class: &str, cf: &CfDef) -> String {
    let h = cf
        .name
        .bytes()
        .fold(cf.id.wrapping_mul(0x9e37_79b9), |h, b| {
            h.rotate_left(5) ^ u32::from(b)
        });
    format!("{class}@{h:x}")
}

fn cf_description(cf: &CfDef) -> BTreeMap<String, String> {
    let compare_with = cf.comparator.class_name();
    let mut m = BTreeMap::new();
    m.insert("Type".to_string(), cf.column_type.as_str().to_string());
    let desc = cf.comment.clone().unwrap_or_else(|| {
        format!(
            "{}.{}\nColumn Family Type: {}\nColumns Sorted By: {}\n",
            cf.keyspace,
            cf.name,
            cf.column_type.as_str(),
            instance_name(&compare_with, cf)
        )
    });
    m.insert("Desc".to_string(), desc);
    m.insert("CompareWith".to_string(), compare_with);
    if cf.column_type == ColumnType::Super {
        let sub = cf
            .subcomparator
            .as_ref()
            .map(|s| s.class_name())
            .unwrap_or_else(|| BYTES_TYPE.to_string());
        m.insert("CompareSubcolumnsWith".to_string(), sub);
    }
    m
}

pub fn keyspace(
    node: &Node,
    keyspace: &str,
) -> ApiResult<BTreeMap<String, BTreeMap<String, String>>> {
    match node.schema().keyspace(keyspace) {
        Some(ks) => Ok(ks
            .cfs
            .values()
            .map(|cf| (cf.name.clone(), cf_description(cf)))
            .collect()),
        None => Err(ApiError::NotFound),
    }
}

pub fn ring(node: &Node, keyspace: &str) -> ApiResult<Vec<t::TokenRange>> {
    if node
        .schema()
        .keyspace(keyspace)
        .is_none_or(|ks| ks.is_system())
    {
        return Err(ApiError::invalid(format!(
            "There is no ring for the keyspace: {keyspace}"
        )));
    }
    Ok(node
        .describe_ring(keyspace)?
        .into_iter()
        .map(|range| {
            let endpoints = range.replicas.into_iter().map(|n| n.address).collect();
            t::TokenRange::new(range.start, range.end, endpoints)
        })
        .collect())
}

pub fn splits(node: &Node, start: &str, end: &str, keys_per_split: i32) -> ApiResult<Vec<String>> {
    let schema = node.schema();
    let p = schema.partitioner.as_ref();
    for tok in [start, end] {
        p.token_from_string(tok)
            .map_err(|e| ApiError::Internal(format!("bad token {tok:?}: {e}")))?;
    }
    if keys_per_split <= 0 {
        return Err(ApiError::Internal(format!(
            "keys_per_split must be positive, got {keys_per_split}"
        )));
    }
    // A cluster's splits follow its nodes' tokens (0.6's call names no
    // column family to estimate).
    if let Some(splits) = node.ring_splits(start, end) {
        return Ok(splits?);
    }
    // A single node has no sampled index boundaries to split on: the whole
    // range is one split, as 0.6 answered for small data sets.
    Ok(vec![start.to_string(), end.to_string()])
}

pub fn string_property(node: &Node, property: &str) -> ApiResult<String> {
    if property == "token map" {
        if let Some(ring) = node.on_cluster(|c| c.ring()) {
            let pairs: Vec<String> = ring?
                .nodes
                .iter()
                .flat_map(|n| {
                    n.tokens
                        .iter()
                        .map(|t| format!("\"{}\":\"{}\"", json_escape(t), json_escape(&n.address)))
                })
                .collect();
            return Ok(format!("{{{}}}", pairs.join(",")));
        }
    }
    Ok(match property {
        "cluster name" => node.schema().cluster_name.clone(),
        "config file" => node
            .config_file
            .as_ref()
            .and_then(|p| std::fs::read(p).ok())
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_else(|| "file not found!".to_string()),
        "token map" => format!(
            "{{\"{}\":\"{}\"}}",
            json_escape(&node.token),
            json_escape(&node.endpoint)
        ),
        "version" => VERSION.to_string(),
        _ => "?".to_string(),
    })
}

fn json_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

pub fn string_list_property(node: &Node, property: &str) -> Vec<String> {
    match property {
        // 0.6 listed its keyspace HashMap, into which `system` went first.
        "keyspaces" => {
            let schema = node.schema();
            let user = schema.user_keyspaces().map(|k| k.name.as_str());
            string_hashmap_order(std::iter::once("system").chain(user))
                .into_iter()
                .map(String::from)
                .collect()
        }
        _ => Vec::new(),
    }
}
