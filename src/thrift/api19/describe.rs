//! The 19.x describe calls: keyspaces, ring, tokens, splits, versions.
//!
//! Definitions come back as the release described them; the system
//! keyspaces are the ones it listed. Changing the schema is
//! [`super::schema_calls`]'s.

use super::defs::ks_def;
use super::release;
use super::scan::bigtoken;

use super::validation as v;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::system19::SYSTEM_TRACES_KEYSPACE;
use crate::schema::KeyspaceDef;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;
use std::collections::BTreeMap;

/// The Thrift API version of Cassandra 1.2.9.
pub const VERSION: &str = "19.36.0";

/// The API version `describe_version` answers: the release's the node
/// answers as, else 1.2.9's.
pub fn version(node: &Node) -> &'static str {
    node.release.map_or(VERSION, |r| r.thrift_api)
}

/// 1.2's default snitch, the only one a single node needs.
pub const SNITCH: &str = "org.apache.cassandra.locator.SimpleSnitch";

fn system_keyspaces(node: &Node) -> Vec<KeyspaceDef> {
    release::old::system_keyspaces(node)
}

/// Every keyspace: the user's, then 1.2's system ones; in the order the
/// release's map of them iterated when one is answered as.
pub fn keyspaces(node: &Node) -> Vec<t::KsDef> {
    let mut all: Vec<KeyspaceDef> = node.schema().user_keyspaces().cloned().collect();
    all.extend(system_keyspaces(node));
    release::order_keyspaces(node, &mut all);
    all.iter()
        .map(|k| release::shape_keyspace(node, described(node, k)))
        .collect()
}

pub fn keyspace(node: &Node, name: &str) -> ApiResult<t::KsDef> {
    if let Some(ks) = node.schema().keyspace(name).filter(|k| !k.is_system()) {
        return Ok(release::shape_keyspace(node, described(node, ks)));
    }
    system_keyspaces(node)
        .into_iter()
        .find(|k| k.name == name)
        .map(|k| release::shape_keyspace(node, described(node, &k)))
        .ok_or(ApiError::NotFound)
}

/// A keyspace as 1.2 described it, with the CQL 3 tables the release
/// listed too (see `release::cql::beta`).
fn described(node: &Node, ks: &KeyspaceDef) -> t::KsDef {
    let mut def = ks_def(&ks.describe_v12());
    release::cql::beta::add_cql3_tables(node, ks, &mut def);
    def
}

/// The keyspace's ring as the node describes it ([`Node::describe_ring`]).
/// 1.2 failed on the server for a keyspace it lacked (the connection
/// closes); `system_traces`, described rather than kept, it had.
pub fn ring(node: &Node, keyspace: &str) -> ApiResult<Vec<t::TokenRange>> {
    let dropped = node
        .release
        .is_some_and(|r| r.does(Behaviour::RingOfUnknownKeyspaceDropped));
    let known = node.schema().keyspace(keyspace).is_some() || keyspace == SYSTEM_TRACES_KEYSPACE;
    if dropped && !known {
        return Err(ApiError::Dropped(format!(
            "describe_ring of the unknown keyspace {keyspace}"
        )));
    }
    release::replicas::check_ring(node, keyspace)?;
    let mut ranges = ring_ranges(node, keyspace)?;
    release::shape_ring(node, &mut ranges);
    Ok(ranges)
}

fn ring_ranges(node: &Node, keyspace: &str) -> ApiResult<Vec<t::TokenRange>> {
    Ok(node
        .describe_ring(keyspace)?
        .into_iter()
        .map(|range| {
            let r = &range.replicas;
            t::TokenRange::new(
                range.start,
                range.end,
                r.iter().map(|n| n.address.clone()).collect(),
                r.iter().map(|n| n.rpc_address.clone()).collect::<Vec<_>>(),
                r.iter()
                    .map(|n| {
                        t::EndpointDetails::new(
                            n.address.clone(),
                            n.datacenter.clone(),
                            n.rack.clone(),
                        )
                    })
                    .collect::<Vec<_>>(),
            )
        })
        .collect())
}

/// Every token and its node's address (the cluster's, with a cluster
/// backend).
pub fn token_map(node: &Node) -> ApiResult<BTreeMap<String, String>> {
    if let Some(ring) = node.on_cluster(|c| c.ring()) {
        let ring = ring?;
        return Ok(ring
            .nodes
            .iter()
            .flat_map(|n| n.tokens.iter().map(|t| (t.clone(), n.address.clone())))
            .collect());
    }
    if !node.vnode_tokens.is_empty() {
        let tokens = node.vnode_tokens.iter();
        return Ok(tokens.map(|t| (t.clone(), node.endpoint.clone())).collect());
    }
    Ok([(node.token.clone(), node.endpoint.clone())].into())
}

/// The partitioner's class name: the cluster's (`system.local`), with a
/// cluster backend.
pub fn partitioner(node: &Node) -> ApiResult<String> {
    if let Some(ring) = node.on_cluster(|c| c.ring()) {
        return Ok(ring?.partitioner);
    }
    Ok(node.schema().partitioner.class_name().to_string())
}

pub fn schema_versions(node: &Node) -> BTreeMap<String, Vec<String>> {
    [(
        node.schema_version().to_string(),
        vec![node.endpoint.clone()],
    )]
    .into()
}

/// A range's splits. A release answers as its `StorageService.getSplits`
/// did (`release::splits`); without one a single node answers the whole
/// range as one split of the column family's cells. A cluster's splits are
/// its estimates'.
/// A split's `start` and `end` tokens read by the partitioner, as the
/// release printed them back (`Token.toString`); from 1.1 the call read
/// them before the session's keyspace (`CassandraServer.describe_splits_ex`
/// built the range first), a token not read failing before a missing
/// keyspace was noticed.
pub fn split_tokens(node: &Node, start: &str, end: &str) -> ApiResult<(String, String)> {
    let schema = node.schema();
    let p = schema.partitioner.as_ref();
    // Before 1.2 RandomPartitioner read any integer, and printed it back.
    let printed = |tok: &str| bigtoken::printed(node, p, tok);
    if let (Some(s), Some(e)) = (printed(start), printed(end)) {
        return Ok((s, e));
    }
    let mut read = Vec::new();
    for tok in [start, end] {
        let token = p
            .token_from_string(tok)
            .map_err(|e| release::split_token_refusal(node, e.0))?;
        // Printed back as the release's Token.toString.
        read.push(match node.release {
            Some(_) => p.token_to_string(&token),
            None => tok.to_string(),
        });
    }
    Ok((read.remove(0), read.remove(0)))
}

pub fn splits(
    node: &Node,
    ks: &str,
    cf: &str,
    start: &str,
    end: &str,
    keys_per_split: i32,
) -> ApiResult<Vec<t::CfSplit>> {
    let schema = node.schema();
    // A release read the tokens first, then opened the session's keyspace
    // (failing on the server where it was dropped since).
    if node.release.is_none() {
        v::validate_keyspace(&schema, ks)?;
    }
    let (start, end) = split_tokens(node, start, end)?;
    let (start, end) = (start.as_str(), end.as_str());
    if schema.keyspace(ks).is_none() {
        let why = format!("Unknown keyspace {ks}");
        return Err(release::server_failure(node, why));
    }
    // 1.2 looked the column family up only when computing the splits, and
    // an unknown one escaped as an IllegalArgumentException that dropped
    // the connection (api19_describe step 13 records it).
    let Some(def) = schema.cf(ks, cf) else {
        let why = format!("describe_splits: unknown column family '{cf}' in keyspace '{ks}'");
        return Err(release::server_failure(node, why));
    };
    if node.release.is_some() && node.on_cluster(|_| Ok(())).is_none() {
        return release_splits(node, def, (start, end), keys_per_split);
    }
    if keys_per_split <= 0 {
        return Err(ApiError::invalid(format!(
            "keys_per_split must be positive, got {keys_per_split}"
        )));
    }
    // A cluster estimates its own (see `gateway::cluster::splits`).
    if let Some(splits) = node.on_cluster(|c| {
        c.splits(
            ks,
            cf,
            start,
            end,
            usize::try_from(keys_per_split).unwrap_or(1),
        )
    }) {
        return Ok(splits?
            .splits
            .into_iter()
            .map(|(s, e, rows)| t::CfSplit::new(s, e, rows))
            .collect());
    }
    let rows = node
        .engine()
        .and_then(|e| e.stats(ks, cf).ok())
        .map(|s| s.cells + s.memtable_cells)
        .unwrap_or(0);
    Ok(vec![t::CfSplit::new(
        start.to_string(),
        end.to_string(),
        i64::try_from(rows).unwrap_or(i64::MAX),
    )])
}

/// The splits of `(start, end]` as the node's release computed them from
/// its SSTables' sampled keys.
fn release_splits(
    node: &Node,
    def: &crate::schema::CfDef,
    (start, end): (&str, &str),
    keys_per_split: i32,
) -> ApiResult<Vec<t::CfSplit>> {
    let p = node.schema().partitioner.clone();
    let samples: Vec<Vec<crate::partitioner::Token>> = node
        .engine()
        .and_then(|e| e.key_samples(&def.keyspace, &def.name).ok())
        .unwrap_or_default()
        .into_iter()
        .map(|keys| keys.into_iter().map(|k| k.token).collect())
        .collect();
    // Tokens off the ring (0.7-1.1's integers) have no samples around them.
    let bounds = p
        .token_from_string(start)
        .ok()
        .zip(p.token_from_string(end).ok());
    let print = |t: &crate::partitioner::Token| p.token_to_string(t);
    let rule = release::splits::rule(node, def);
    let bounds_ref = bounds.as_ref().map(|(l, r)| (l, r));
    let splits = release::splits::splits(
        rule,
        (start, end),
        bounds_ref,
        &samples,
        keys_per_split,
        &print,
    )
    .map_err(|_| release::server_failure(node, "/ by zero".into()))?;
    Ok(splits
        .into_iter()
        .map(|(s, e, rows)| t::CfSplit::new(s, e, rows.unwrap_or(0)))
        .collect())
}

#[cfg(test)]
mod tests {
    //! Unit tests of keyspaces described as the release answered as described
    //! them (`super`), on a node made by `node::test_nodes`.

    use super::super::release::{cf_id, check_cf_id};
    use super::*;
    use crate::thrift::error::ApiError;

    use crate::node::test_nodes::as_release as node_as;

    #[test]
    fn before_1_2_column_families_have_their_creation_ids() {
        use crate::schema::{CfSpec, KeyspaceSpec, SchemaChange};
        let node = node_as("0.7.10");
        let add = |name: &str| SchemaChange::AddColumnFamily(CfSpec::new("CfIds", name));
        node.change_schema(SchemaChange::AddKeyspace(KeyspaceSpec {
            cf_defs: vec![CfSpec::new("CfIds", "B")],
            ..KeyspaceSpec::simple("CfIds", 1)
        }))
        .unwrap();
        node.change_schema(add("A")).unwrap();
        node.change_schema(SchemaChange::DropColumnFamily {
            keyspace: "CfIds".into(),
            name: "A".into(),
        })
        .unwrap();
        node.change_schema(add("C")).unwrap();
        let b = cf_id(&node, "CfIds", "B").unwrap();
        assert!(b >= 1000);
        // In creation order, the dropped A's id not given again.
        assert_eq!(cf_id(&node, "CfIds", "C"), Some(b + 2));
        assert_eq!(cf_id(&node, "system", "IndexInfo"), Some(5));
        let described = keyspace(&node, "CfIds").unwrap();
        let ids: Vec<(String, Option<i32>)> = described
            .cf_defs
            .iter()
            .map(|c| (c.name.clone(), c.id))
            .collect();
        assert!(ids.contains(&("C".to_string(), Some(b + 2))), "{ids:?}");
        let mut def = described.cf_defs[0].clone();
        assert!(check_cf_id(&node, &def).is_ok());
        def.id = None;
        let expected = cf_id(&node, "CfIds", &def.name).unwrap();
        assert!(matches!(
            check_cf_id(&node, &def),
            Err(ApiError::InvalidRequest(ref w))
                if *w == format!("Column family ID mismatch (found 0; expected {expected})")
        ));
        // 1.2 and later: no such ids.
        let node = node_as("1.2.9");
        node.change_schema(SchemaChange::AddKeyspace(KeyspaceSpec {
            cf_defs: vec![CfSpec::new("CfIds", "B")],
            ..KeyspaceSpec::simple("CfIds", 1)
        }))
        .unwrap();
        let described = keyspace(&node, "CfIds").unwrap();
        assert_eq!(described.cf_defs[0].id, None);
    }
}
