//! The Thrift methods of both API generations, one row each: the name, what
//! the call does ([`Kind`]), where the server runs it ([`Stage`]), and which
//! releases declared it (0.6's list; 19.x's by the release that added each).
//!
//! Each generation's method table in `thrift` (`api2::idl`,
//! `api19::methods`) points at these rows and adds what the wire needs
//! (arguments, where they name things, access), so a name, kind or stage
//! is written once; the admin surface's metrics and thread pools read the
//! kinds here, and the Thrift transport the stages. Data only, like the
//! rest of `release`.

use super::Version;

/// What a call does, as its counters (1.2's ReadStage and MutationStage in
/// `nodetool tpstats`) count it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Reads rows: single partitions, several, ranges, an index.
    Read,
    /// Changes rows.
    Write,
    /// Changes keyspaces or column families (`system_*`).
    Schema,
    /// Everything else: login, the session, describe calls, CQL, truncate.
    Other,
}

/// Where the server runs a call (see `thrift::transport::handoff`): what
/// can make it wait.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Reads the schema snapshot and node facts only: never waits, runs
    /// on the worker that read it.
    Metadata,
    /// A plain write: on the worker while the engine says writes would not
    /// wait (periodic commit log), else on the blocking pool.
    Mutation,
    /// A single-partition read: on the worker, or attempted there without
    /// waiting on the disk, by what its column families hold.
    Read,
    /// May wait on the disk, a lock or a long scan: on the blocking pool.
    Pool,
}

/// One Thrift method.
#[derive(Debug, PartialEq, Eq)]
pub struct Method {
    pub name: &'static str,
    pub kind: Kind,
    pub stage: Stage,
}

const fn m(name: &'static str, kind: Kind, stage: Stage) -> Method {
    Method { name, kind, stage }
}

use Kind::{Other, Read, Schema, Write};
use Stage::{Metadata, Mutation, Pool};

// Calls both generations declare (their arguments differ).
pub static LOGIN: Method = m("login", Other, Pool);
pub static GET: Method = m("get", Read, Stage::Read);
pub static GET_SLICE: Method = m("get_slice", Read, Stage::Read);
pub static GET_COUNT: Method = m("get_count", Read, Stage::Read);
pub static MULTIGET_SLICE: Method = m("multiget_slice", Read, Stage::Read);
/// Range scans read many partitions: the pool.
pub static GET_RANGE_SLICES: Method = m("get_range_slices", Read, Pool);
pub static INSERT: Method = m("insert", Write, Mutation);
pub static REMOVE: Method = m("remove", Write, Mutation);
pub static BATCH_MUTATE: Method = m("batch_mutate", Write, Mutation);
pub static DESCRIBE_KEYSPACES: Method = m("describe_keyspaces", Other, Metadata);
pub static DESCRIBE_CLUSTER_NAME: Method = m("describe_cluster_name", Other, Metadata);
pub static DESCRIBE_VERSION: Method = m("describe_version", Other, Metadata);
pub static DESCRIBE_RING: Method = m("describe_ring", Other, Metadata);
pub static DESCRIBE_PARTITIONER: Method = m("describe_partitioner", Other, Metadata);
pub static DESCRIBE_KEYSPACE: Method = m("describe_keyspace", Other, Metadata);
/// Samples the keys of a column family: the pool.
pub static DESCRIBE_SPLITS: Method = m("describe_splits", Other, Pool);

// 0.6 only.
pub static MULTIGET: Method = m("multiget", Read, Stage::Read);
pub static GET_RANGE_SLICE: Method = m("get_range_slice", Read, Pool);
pub static BATCH_INSERT: Method = m("batch_insert", Write, Mutation);
/// One of them reads the config file: the pool.
pub static GET_STRING_PROPERTY: Method = m("get_string_property", Other, Pool);
pub static GET_STRING_LIST_PROPERTY: Method = m("get_string_list_property", Other, Pool);

// 19.x only.
pub static SET_KEYSPACE: Method = m("set_keyspace", Other, Metadata);
pub static MULTIGET_COUNT: Method = m("multiget_count", Read, Stage::Read);
pub static GET_PAGED_SLICE: Method = m("get_paged_slice", Read, Pool);
pub static GET_INDEXED_SLICES: Method = m("get_indexed_slices", Read, Pool);
pub static GET_MULTI_SLICE: Method = m("get_multi_slice", Read, Stage::Read);
pub static ADD: Method = m("add", Write, Mutation);
/// A write: Cassandra counted CAS among its writes (its metrics and
/// `tpstats`' MutationStage) and applied it on the write path once its
/// condition held. It runs on the pool all the same: it reads before it
/// writes, under the node's conditional-write lock.
pub static CAS: Method = m("cas", Write, Pool);
pub static REMOVE_COUNTER: Method = m("remove_counter", Write, Mutation);
pub static ATOMIC_BATCH_MUTATE: Method = m("atomic_batch_mutate", Write, Mutation);
/// Drops a column family's data, not its definition: not a schema change,
/// and not counted among the writes (1.2 ran it apart from both).
pub static TRUNCATE: Method = m("truncate", Other, Pool);
pub static DESCRIBE_SCHEMA_VERSIONS: Method = m("describe_schema_versions", Other, Metadata);
pub static DESCRIBE_LOCAL_RING: Method = m("describe_local_ring", Other, Metadata);
pub static DESCRIBE_TOKEN_MAP: Method = m("describe_token_map", Other, Metadata);
pub static DESCRIBE_SNITCH: Method = m("describe_snitch", Other, Metadata);
pub static TRACE_NEXT_QUERY: Method = m("trace_next_query", Other, Pool);
pub static DESCRIBE_SPLITS_EX: Method = m("describe_splits_ex", Other, Pool);
pub static SYSTEM_ADD_COLUMN_FAMILY: Method = m("system_add_column_family", Schema, Pool);
pub static SYSTEM_DROP_COLUMN_FAMILY: Method = m("system_drop_column_family", Schema, Pool);
pub static SYSTEM_ADD_KEYSPACE: Method = m("system_add_keyspace", Schema, Pool);
pub static SYSTEM_DROP_KEYSPACE: Method = m("system_drop_keyspace", Schema, Pool);
pub static SYSTEM_UPDATE_KEYSPACE: Method = m("system_update_keyspace", Schema, Pool);
pub static SYSTEM_UPDATE_COLUMN_FAMILY: Method = m("system_update_column_family", Schema, Pool);
/// Any statement may change the schema or scan: the pool.
pub static EXECUTE_CQL_QUERY: Method = m("execute_cql_query", Other, Pool);
pub static EXECUTE_CQL3_QUERY: Method = m("execute_cql3_query", Other, Pool);
pub static PREPARE_CQL_QUERY: Method = m("prepare_cql_query", Other, Pool);
pub static PREPARE_CQL3_QUERY: Method = m("prepare_cql3_query", Other, Pool);
pub static EXECUTE_PREPARED_CQL_QUERY: Method = m("execute_prepared_cql_query", Other, Pool);
pub static EXECUTE_PREPARED_CQL3_QUERY: Method = m("execute_prepared_cql3_query", Other, Pool);
pub static SET_CQL_VERSION: Method = m("set_cql_version", Other, Metadata);

/// A 19.x method and the release that added it. None was removed between
/// 0.7 and 2.2.
pub(super) struct Since {
    pub method: &'static Method,
    pub since: Version,
}

/// A method added with the release series `(major, minor)`.
const fn s(method: &'static Method, (major, minor): (u32, u32)) -> Since {
    Since {
        method,
        since: (major, minor, 0),
    }
}

/// Whether API 2.2.0 (Cassandra 0.6) declared a method of this name.
pub fn in_api_06(name: &str) -> bool {
    METHODS_06.iter().any(|m| m.name == name)
}

/// Whether any release of API 19.x declared a method of this name.
pub fn in_api_19(name: &str) -> bool {
    METHODS_19.iter().any(|s| s.method.name == name)
}

/// The methods of API 19.x/20.x, in the IDL's order.
pub(super) static METHODS_19: &[Since] = &[
    s(&LOGIN, (0, 7)),
    s(&SET_KEYSPACE, (0, 7)),
    s(&GET, (0, 7)),
    s(&GET_SLICE, (0, 7)),
    s(&GET_COUNT, (0, 7)),
    s(&MULTIGET_SLICE, (0, 7)),
    s(&MULTIGET_COUNT, (0, 7)),
    s(&GET_RANGE_SLICES, (0, 7)),
    s(&GET_PAGED_SLICE, (1, 1)),
    s(&GET_INDEXED_SLICES, (0, 7)),
    s(&GET_MULTI_SLICE, (2, 1)),
    s(&INSERT, (0, 7)),
    s(&ADD, (0, 8)),
    s(&CAS, (2, 0)),
    s(&REMOVE, (0, 7)),
    s(&REMOVE_COUNTER, (0, 8)),
    s(&BATCH_MUTATE, (0, 7)),
    s(&ATOMIC_BATCH_MUTATE, (1, 2)),
    s(&TRUNCATE, (0, 7)),
    s(&DESCRIBE_SCHEMA_VERSIONS, (0, 7)),
    s(&DESCRIBE_KEYSPACES, (0, 7)),
    s(&DESCRIBE_CLUSTER_NAME, (0, 7)),
    s(&DESCRIBE_VERSION, (0, 7)),
    s(&DESCRIBE_RING, (0, 7)),
    // Added with a patch release.
    Since {
        method: &DESCRIBE_LOCAL_RING,
        since: (1, 2, 19),
    },
    s(&DESCRIBE_TOKEN_MAP, (1, 1)),
    s(&DESCRIBE_PARTITIONER, (0, 7)),
    s(&DESCRIBE_SNITCH, (0, 7)),
    s(&DESCRIBE_KEYSPACE, (0, 7)),
    s(&DESCRIBE_SPLITS, (0, 7)),
    s(&TRACE_NEXT_QUERY, (1, 2)),
    s(&DESCRIBE_SPLITS_EX, (1, 1)),
    s(&SYSTEM_ADD_COLUMN_FAMILY, (0, 7)),
    s(&SYSTEM_DROP_COLUMN_FAMILY, (0, 7)),
    s(&SYSTEM_ADD_KEYSPACE, (0, 7)),
    s(&SYSTEM_DROP_KEYSPACE, (0, 7)),
    s(&SYSTEM_UPDATE_KEYSPACE, (0, 7)),
    s(&SYSTEM_UPDATE_COLUMN_FAMILY, (0, 7)),
    s(&EXECUTE_CQL_QUERY, (0, 8)),
    s(&EXECUTE_CQL3_QUERY, (1, 2)),
    s(&PREPARE_CQL_QUERY, (1, 1)),
    s(&PREPARE_CQL3_QUERY, (1, 2)),
    s(&EXECUTE_PREPARED_CQL_QUERY, (1, 1)),
    s(&EXECUTE_PREPARED_CQL3_QUERY, (1, 2)),
    s(&SET_CQL_VERSION, (1, 1)),
];

/// The methods of API 2.2.0 (Cassandra 0.6), in the IDL's order.
pub(super) static METHODS_06: &[&Method] = &[
    &LOGIN,
    &GET,
    &GET_SLICE,
    &MULTIGET,
    &MULTIGET_SLICE,
    &GET_COUNT,
    &GET_RANGE_SLICE,
    &GET_RANGE_SLICES,
    &INSERT,
    &BATCH_INSERT,
    &REMOVE,
    &BATCH_MUTATE,
    &GET_STRING_PROPERTY,
    &GET_STRING_LIST_PROPERTY,
    &DESCRIBE_KEYSPACES,
    &DESCRIBE_CLUSTER_NAME,
    &DESCRIBE_VERSION,
    &DESCRIBE_RING,
    &DESCRIBE_PARTITIONER,
    &DESCRIBE_KEYSPACE,
    &DESCRIBE_SPLITS,
];

/// Every method of either generation: 19.x's, then those only 0.6 had.
pub fn all() -> impl Iterator<Item = &'static Method> + Clone {
    let api19 = METHODS_19.iter().map(|s| s.method);
    let only_06 = METHODS_06
        .iter()
        .copied()
        .filter(|m| !METHODS_19.iter().any(|s| s.method == *m));
    api19.chain(only_06)
}

/// The method of this name in either generation.
pub fn by_name(name: &str) -> Option<&'static Method> {
    let api19 = METHODS_19.iter().map(|s| s.method);
    api19
        .chain(METHODS_06.iter().copied())
        .find(|m| m.name == name)
}
