//! The system keyspaces Cassandra 1.2.9 lists in Thrift 19.x
//! `describe_keyspaces`, for the 19.x front end.
//!
//! 1.2.9 always has `system` (LocalStrategy, no options) and
//! `system_traces` (SimpleStrategy, replication_factor 1); `system_auth`
//! (SimpleStrategy, replication_factor 1) exists only when an authenticator
//! other than AllowAllAuthenticator is configured. All three are durable.
//! The 0.6 API keeps seeing the 0.6 `system` keyspace of [`super::system`],
//! which is what [`Schema`](super::Schema) holds; these definitions are
//! separate so neither API sees the other's system keyspace. None of them
//! is user-modifiable (see [`super::apply`]).
//!
//! Column families: 1.2.9 describes `system`'s four deprecated 0.6-era
//! column families with the attributes listed here. Its CQL3-defined
//! system tables are not listed yet: the composite ones are hidden from
//! Thrift by 1.2 anyway (CASSANDRA-4377), and the compact ones
//! (`IndexInfo`, `NodeIdInfo`, `hints`, `schema_keyspaces`) need the CQL3
//! table-to-CfDef mapping the CQL layer will bring.

use super::{CfDef, CfOptions, ColumnType, KeyspaceDef, KeyspaceOrigin, SYSTEM_KEYSPACE};
use crate::marshal::{parse_type, TypeRef};
use std::collections::BTreeMap;
use std::sync::Arc;

/// 1.2's tracing keyspace.
pub const SYSTEM_TRACES_KEYSPACE: &str = "system_traces";
/// 1.2's authentication keyspace (present only with an authenticator).
pub const SYSTEM_AUTH_KEYSPACE: &str = "system_auth";

const LOCAL_STRATEGY: &str = "org.apache.cassandra.locator.LocalStrategy";
const SIMPLE_STRATEGY: &str = "org.apache.cassandra.locator.SimpleStrategy";

fn ty(name: &str) -> TypeRef {
    parse_type(name).expect("built-in type")
}

/// A column family as 1.2's `newSystemMetadata` declared it: no read
/// repair, no gc grace, no compression.
fn deprecated_cf(name: &str, id: u32, comparator: &str, sub: Option<&str>) -> CfDef {
    CfDef {
        keyspace: SYSTEM_KEYSPACE.to_string(),
        name: name.to_string(),
        id,
        column_type: if sub.is_some() {
            ColumnType::Super
        } else {
            ColumnType::Standard
        },
        comparator: ty(comparator),
        subcomparator: sub.map(ty),
        comment: Some("unused".to_string()),
        rows_cached: "0".to_string(),
        keys_cached: "0".to_string(),
        gc_grace_seconds: 0,
        options: CfOptions {
            read_repair_chance: 0.0,
            compression_options: BTreeMap::new(),
            ..CfOptions::default()
        },
    }
}

fn keyspace(name: &str, strategy: &str, options: &[(&str, &str)], cfs: Vec<CfDef>) -> KeyspaceDef {
    let strategy_options: BTreeMap<String, String> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    KeyspaceDef {
        name: name.to_string(),
        replica_placement_strategy: strategy.to_string(),
        replication_factor: 1,
        endpoint_snitch: "org.apache.cassandra.locator.SimpleSnitch".to_string(),
        cfs: cfs
            .into_iter()
            .map(|c| (c.name.clone(), Arc::new(c)))
            .collect(),
        strategy_options,
        durable_writes: true,
        origin: KeyspaceOrigin::System,
    }
}

/// 1.2.9's `system` keyspace as Thrift describes it.
pub fn system_keyspace() -> KeyspaceDef {
    keyspace(
        SYSTEM_KEYSPACE,
        LOCAL_STRATEGY,
        &[],
        vec![
            deprecated_cf("LocationInfo", 0, "BytesType", None),
            deprecated_cf("HintsColumnFamily", 1, "BytesType", Some("BytesType")),
            deprecated_cf("Migrations", 2, "TimeUUIDType", None),
            deprecated_cf("Schema", 3, "UTF8Type", None),
        ],
    )
}

/// 1.2.9's `system_traces` keyspace (its two tables are CQL3 composites,
/// which 1.2 hides from Thrift).
pub fn system_traces_keyspace() -> KeyspaceDef {
    keyspace(
        SYSTEM_TRACES_KEYSPACE,
        SIMPLE_STRATEGY,
        &[("replication_factor", "1")],
        Vec::new(),
    )
}

/// 1.2.9's `system_auth` keyspace (its `users` table is a CQL3 table,
/// hidden from Thrift).
pub fn system_auth_keyspace() -> KeyspaceDef {
    keyspace(
        SYSTEM_AUTH_KEYSPACE,
        SIMPLE_STRATEGY,
        &[("replication_factor", "1")],
        Vec::new(),
    )
}

/// The system keyspaces 19.x `describe_keyspaces` lists before the user's,
/// by name; `with_auth` when an authenticator is configured.
pub fn system_keyspaces(with_auth: bool) -> Vec<KeyspaceDef> {
    let mut out = vec![system_keyspace(), system_traces_keyspace()];
    if with_auth {
        out.push(system_auth_keyspace());
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}
