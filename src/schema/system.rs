//! The `system` keyspace as Cassandra 0.6 declared it.
//!
//! 0.6 hard-coded it next to the configured keyspaces, so `describe_keyspaces`
//! lists `system`, `describe_keyspace("system")` describes its two column
//! families, and requests naming it pass keyspace validation. The schema
//! therefore contains it like any other keyspace; use
//! [`KeyspaceDef::is_system`](super::KeyspaceDef::is_system) where 0.6 treated
//! it differently (`describe_ring("system")` is refused with "There is no
//! ring for the keyspace: system"). A config may not declare it.
//!
//! 0.6 gave it no placement strategy (null) and a replication factor of -1;
//! we report the strategy later versions report for it, `LocalStrategy`, and
//! a factor of 1, which is what a single node does with it.

use super::{Caching, CfDef, CfOptions, ColumnType, KeyspaceDef, KeyspaceOrigin, SYSTEM_KEYSPACE};
use crate::marshal::{BytesType, TypeRef};
use std::collections::BTreeMap;
use std::sync::Arc;

/// 0.6's `SystemTable.STATUS_CF`: the node's own token and generation.
pub const LOCATION_INFO_CF: &str = "LocationInfo";
/// 0.6's `HintedHandOffManager.HINTS_CF`.
pub const HINTS_CF: &str = "HintsColumnFamily";

/// Ids of the system column families (user ids start at 1000).
pub const LOCATION_INFO_CF_ID: u32 = 0;
pub const HINTS_CF_ID: u32 = 1;

pub(super) fn system_keyspace(gc_grace_seconds: i32) -> KeyspaceDef {
    let bytes = || -> TypeRef { Arc::new(BytesType) };
    // 0.6's row cache 0 and key cache fraction 0.01 for both.
    let cf = |name: &str, id: u32, column_type: ColumnType, comment: &str| CfDef {
        keyspace: SYSTEM_KEYSPACE.to_string(),
        name: name.to_string(),
        id,
        column_type,
        comparator: bytes(),
        subcomparator: (column_type == ColumnType::Super).then(bytes),
        comment: Some(comment.to_string()),
        rows_cached: "0".to_string(),
        keys_cached: "0.01".to_string(),
        gc_grace_seconds,
        // 1.2 declared these (as deprecated) without read repair or compression.
        options: CfOptions {
            read_repair_chance: 0.0,
            compression_options: BTreeMap::new(),
            caching: Caching::KeysOnly,
            ..CfOptions::default()
        },
    };
    let cfs = [
        cf(
            LOCATION_INFO_CF,
            LOCATION_INFO_CF_ID,
            ColumnType::Standard,
            "persistent metadata for the local node",
        ),
        cf(
            HINTS_CF,
            HINTS_CF_ID,
            ColumnType::Super,
            "hinted handoff data",
        ),
    ];
    KeyspaceDef {
        name: SYSTEM_KEYSPACE.to_string(),
        replica_placement_strategy: "org.apache.cassandra.locator.LocalStrategy".to_string(),
        replication_factor: 1,
        endpoint_snitch: "org.apache.cassandra.locator.EndPointSnitch".to_string(),
        cfs: cfs
            .into_iter()
            .map(|c| (c.name.clone(), Arc::new(c)))
            .collect::<BTreeMap<_, _>>(),
        strategy_options: BTreeMap::new(),
        durable_writes: true,
        origin: KeyspaceOrigin::System,
    }
}
