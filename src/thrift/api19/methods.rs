//! The 19.x method table: one row per method of API 19.x (Cassandra 1.2's
//! `cassandra.thrift`, `idl/cassandra.thrift`), in the IDL's order. Each
//! row points at the method's name, kind and stage (`release::methods`,
//! which also says which release added it) and says what this generation
//! needs of it: how dispatch runs it ([`Run`]), where its arguments name a
//! keyspace, column families, row keys and a consistency level ([`Where`],
//! read by the call observers and the hand-off), how its arguments show
//! the generation ([`Shows`], read by dispatch) and what the connection
//! must be allowed to do ([`Requires`], read by `Handler::with_ks` and
//! `Handler::checked`). A unit test (`thrift::call::methods`' tests) checks
//! it against the IDL file and the releases. Data and lookups only.

use super::Handler;
use crate::auth::access::Permission;
use crate::auth::access::Permission::{Alter, Create, Drop, Modify, Select};
use crate::release::methods::{self as M, Method};
use crate::thrift::gen::cassandra19::TCassandraProcessFunctions as P19;
use crate::thrift::wire::located::At::*;
use crate::thrift::wire::located::{at, Level, Where};
use crate::thrift::wire::ttype;
use thrift::protocol::{TInputProtocol, TOutputProtocol};

/// A generated per-method processor function.
pub type Process = for<'a, 'b> fn(
    &'a Handler<'b>,
    i32,
    &mut dyn TInputProtocol,
    &mut dyn TOutputProtocol,
) -> thrift::Result<()>;

/// How dispatch runs a call.
#[derive(Clone, Copy)]
pub enum Run {
    /// The generated processor function.
    Generated(Process),
    /// `get`, encoded straight from the engine's cells (`api19::inplace`).
    Get,
    /// `get_slice`, likewise.
    GetSlice,
    /// A batch, its plain writes read in place (`api19::inplace`).
    Batch { atomic: bool },
}

/// How a request of this method shows it is 19.x rather than 0.6
/// (thrift-facts.md §2c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shows {
    /// Only 19.x declares the method.
    Unique,
    /// Both declare it with identical arguments: the request cannot tell.
    Same,
    /// Both declare it: argument `id` carries this wire type in 19.x and a
    /// string in 0.6.
    By(i16, u8),
    /// `describe_splits`: an i32 third argument is 0.6's `keys_per_split`,
    /// a string 19.x's `end_token`; a fourth argument only 19.x has.
    Splits,
}

/// What the connection must be allowed to do for a call (following
/// 1.2.9's checks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requires {
    /// Nothing: answered to anyone.
    Nothing,
    /// The call does its own checks (`login`, `set_keyspace`).
    Own,
    /// A login (1.2's `validateLogin`), no grant.
    Login,
    /// A keyspace chosen; 1.2 asked no login (`describe_splits`).
    Keyspace,
    /// The permission on the column families it names, in the session's
    /// keyspace.
    Tables(Permission),
    /// The permission on the keyspaces (or the column family) its
    /// definitions name, whatever the session's keyspace.
    Named(Permission),
    /// What its CQL statement needs, once parsed.
    Statement,
}

/// One 19.x method.
pub struct Row {
    pub method: &'static Method,
    pub run: Run,
    pub at: Where,
    pub shows: Shows,
    pub requires: Requires,
}

impl Row {
    pub fn name(&self) -> &'static str {
        self.method.name
    }
}

macro_rules! generated {
    ($f:ident) => {
        Run::Generated(|h, seq, i, o| P19::$f(h, seq, i, o))
    };
}

pub static LOGIN: Row = Row {
    method: &M::LOGIN,
    run: generated!(process_login),
    at: at(None, None, None, None),
    shows: Shows::By(1, ttype::STRUCT),
    requires: Requires::Own,
};

pub static SET_KEYSPACE: Row = Row {
    method: &M::SET_KEYSPACE,
    run: generated!(process_set_keyspace),
    at: at(Some(Arg(1)), None, None, None),
    shows: Shows::Unique,
    requires: Requires::Own,
};

pub static GET: Row = Row {
    method: &M::GET,
    run: Run::Get,
    at: at(
        None,
        Some(Parent(2)),
        Some(Arg(1)),
        Some(Level::Arg(3, None)),
    ),
    shows: Shows::By(2, ttype::STRUCT),
    requires: Requires::Tables(Select),
};

pub static GET_SLICE: Row = Row {
    method: &M::GET_SLICE,
    run: Run::GetSlice,
    at: at(
        None,
        Some(Parent(2)),
        Some(Arg(1)),
        Some(Level::Arg(4, None)),
    ),
    shows: Shows::By(2, ttype::STRUCT),
    requires: Requires::Tables(Select),
};

pub static GET_COUNT: Row = Row {
    method: &M::GET_COUNT,
    run: generated!(process_get_count),
    at: at(
        None,
        Some(Parent(2)),
        Some(Arg(1)),
        Some(Level::Arg(4, None)),
    ),
    shows: Shows::By(2, ttype::STRUCT),
    requires: Requires::Tables(Select),
};

pub static MULTIGET_SLICE: Row = Row {
    method: &M::MULTIGET_SLICE,
    run: generated!(process_multiget_slice),
    at: at(
        None,
        Some(Parent(2)),
        Some(List(1)),
        Some(Level::Arg(4, None)),
    ),
    shows: Shows::By(1, ttype::LIST),
    requires: Requires::Tables(Select),
};

pub static MULTIGET_COUNT: Row = Row {
    method: &M::MULTIGET_COUNT,
    run: generated!(process_multiget_count),
    at: at(
        None,
        Some(Parent(2)),
        Some(List(1)),
        Some(Level::Arg(4, None)),
    ),
    shows: Shows::Unique,
    requires: Requires::Tables(Select),
};

pub static GET_RANGE_SLICES: Row = Row {
    method: &M::GET_RANGE_SLICES,
    run: generated!(process_get_range_slices),
    at: at(None, Some(Parent(1)), None, Some(Level::Arg(4, None))),
    shows: Shows::By(1, ttype::STRUCT),
    requires: Requires::Tables(Select),
};

pub static GET_PAGED_SLICE: Row = Row {
    method: &M::GET_PAGED_SLICE,
    run: generated!(process_get_paged_slice),
    at: at(None, Some(Arg(1)), None, Some(Level::Arg(4, None))),
    shows: Shows::Unique,
    requires: Requires::Tables(Select),
};

pub static GET_INDEXED_SLICES: Row = Row {
    method: &M::GET_INDEXED_SLICES,
    run: generated!(process_get_indexed_slices),
    at: at(None, Some(Parent(1)), None, Some(Level::Arg(4, None))),
    shows: Shows::Unique,
    requires: Requires::Tables(Select),
};

pub static GET_MULTI_SLICE: Row = Row {
    method: &M::GET_MULTI_SLICE,
    run: generated!(process_get_multi_slice),
    at: at(None, Some(MultiSlice), None, Some(Level::MultiSlice)),
    shows: Shows::Unique,
    requires: Requires::Tables(Select),
};

pub static INSERT: Row = Row {
    method: &M::INSERT,
    run: generated!(process_insert),
    at: at(
        None,
        Some(Parent(2)),
        Some(Arg(1)),
        Some(Level::Arg(4, None)),
    ),
    shows: Shows::By(2, ttype::STRUCT),
    requires: Requires::Tables(Modify),
};

pub static ADD: Row = Row {
    method: &M::ADD,
    run: generated!(process_add),
    at: at(
        None,
        Some(Parent(2)),
        Some(Arg(1)),
        Some(Level::Arg(4, None)),
    ),
    shows: Shows::Unique,
    requires: Requires::Tables(Modify),
};

pub static CAS: Row = Row {
    method: &M::CAS,
    run: generated!(process_cas),
    at: at(None, Some(Arg(2)), Some(Arg(1)), Some(Level::Arg(6, None))),
    shows: Shows::Unique,
    requires: Requires::Tables(Modify),
};

pub static REMOVE: Row = Row {
    method: &M::REMOVE,
    run: generated!(process_remove),
    at: at(
        None,
        Some(Parent(2)),
        Some(Arg(1)),
        Some(Level::Arg(4, Some(1))),
    ),
    shows: Shows::By(2, ttype::STRUCT),
    requires: Requires::Tables(Modify),
};

pub static REMOVE_COUNTER: Row = Row {
    method: &M::REMOVE_COUNTER,
    run: generated!(process_remove_counter),
    at: at(
        None,
        Some(Parent(2)),
        Some(Arg(1)),
        Some(Level::Arg(3, None)),
    ),
    shows: Shows::Unique,
    requires: Requires::Tables(Modify),
};

pub static BATCH_MUTATE: Row = Row {
    method: &M::BATCH_MUTATE,
    run: Run::Batch { atomic: false },
    at: at(
        None,
        Some(InnerKeys(1)),
        Some(Keys(1)),
        Some(Level::Arg(2, None)),
    ),
    shows: Shows::By(1, ttype::MAP),
    requires: Requires::Tables(Modify),
};

pub static ATOMIC_BATCH_MUTATE: Row = Row {
    method: &M::ATOMIC_BATCH_MUTATE,
    run: Run::Batch { atomic: true },
    at: at(
        None,
        Some(InnerKeys(1)),
        Some(Keys(1)),
        Some(Level::Arg(2, None)),
    ),
    shows: Shows::Unique,
    requires: Requires::Tables(Modify),
};

pub static TRUNCATE: Row = Row {
    method: &M::TRUNCATE,
    run: generated!(process_truncate),
    at: at(None, Some(Arg(1)), None, None),
    shows: Shows::Unique,
    requires: Requires::Tables(Modify),
};

pub static DESCRIBE_SCHEMA_VERSIONS: Row = Row {
    method: &M::DESCRIBE_SCHEMA_VERSIONS,
    run: generated!(process_describe_schema_versions),
    at: at(None, None, None, None),
    shows: Shows::Unique,
    requires: Requires::Nothing,
};

pub static DESCRIBE_KEYSPACES: Row = Row {
    method: &M::DESCRIBE_KEYSPACES,
    run: generated!(process_describe_keyspaces),
    at: at(None, None, None, None),
    shows: Shows::Same,
    requires: Requires::Login,
};

pub static DESCRIBE_CLUSTER_NAME: Row = Row {
    method: &M::DESCRIBE_CLUSTER_NAME,
    run: generated!(process_describe_cluster_name),
    at: at(None, None, None, None),
    shows: Shows::Same,
    requires: Requires::Nothing,
};

pub static DESCRIBE_VERSION: Row = Row {
    method: &M::DESCRIBE_VERSION,
    run: generated!(process_describe_version),
    at: at(None, None, None, None),
    shows: Shows::Same,
    requires: Requires::Nothing,
};

pub static DESCRIBE_RING: Row = Row {
    method: &M::DESCRIBE_RING,
    run: generated!(process_describe_ring),
    at: at(Some(Arg(1)), None, None, None),
    shows: Shows::Same,
    requires: Requires::Nothing,
};

pub static DESCRIBE_LOCAL_RING: Row = Row {
    method: &M::DESCRIBE_LOCAL_RING,
    run: generated!(process_describe_local_ring),
    at: at(Some(Arg(1)), None, None, None),
    shows: Shows::Unique,
    requires: Requires::Nothing,
};

pub static DESCRIBE_TOKEN_MAP: Row = Row {
    method: &M::DESCRIBE_TOKEN_MAP,
    run: generated!(process_describe_token_map),
    at: at(None, None, None, None),
    shows: Shows::Unique,
    requires: Requires::Nothing,
};

pub static DESCRIBE_PARTITIONER: Row = Row {
    method: &M::DESCRIBE_PARTITIONER,
    run: generated!(process_describe_partitioner),
    at: at(None, None, None, None),
    shows: Shows::Same,
    requires: Requires::Nothing,
};

pub static DESCRIBE_SNITCH: Row = Row {
    method: &M::DESCRIBE_SNITCH,
    run: generated!(process_describe_snitch),
    at: at(None, None, None, None),
    shows: Shows::Unique,
    requires: Requires::Nothing,
};

pub static DESCRIBE_KEYSPACE: Row = Row {
    method: &M::DESCRIBE_KEYSPACE,
    run: generated!(process_describe_keyspace),
    at: at(Some(Arg(1)), None, None, None),
    shows: Shows::Same,
    requires: Requires::Login,
};

pub static DESCRIBE_SPLITS: Row = Row {
    method: &M::DESCRIBE_SPLITS,
    run: generated!(process_describe_splits),
    at: at(None, Some(Arg(1)), None, None),
    shows: Shows::Splits,
    requires: Requires::Keyspace,
};

pub static TRACE_NEXT_QUERY: Row = Row {
    method: &M::TRACE_NEXT_QUERY,
    run: generated!(process_trace_next_query),
    at: at(None, None, None, None),
    shows: Shows::Unique,
    requires: Requires::Nothing,
};

pub static DESCRIBE_SPLITS_EX: Row = Row {
    method: &M::DESCRIBE_SPLITS_EX,
    run: generated!(process_describe_splits_ex),
    at: at(None, Some(Arg(1)), None, None),
    shows: Shows::Unique,
    requires: Requires::Keyspace,
};

pub static SYSTEM_ADD_COLUMN_FAMILY: Row = Row {
    method: &M::SYSTEM_ADD_COLUMN_FAMILY,
    run: generated!(process_system_add_column_family),
    at: at(Some(Inner(1, 1)), Some(Inner(1, 2)), None, None),
    shows: Shows::Unique,
    requires: Requires::Named(Create),
};

pub static SYSTEM_DROP_COLUMN_FAMILY: Row = Row {
    method: &M::SYSTEM_DROP_COLUMN_FAMILY,
    run: generated!(process_system_drop_column_family),
    at: at(None, Some(Arg(1)), None, None),
    shows: Shows::Unique,
    requires: Requires::Tables(Drop),
};

pub static SYSTEM_ADD_KEYSPACE: Row = Row {
    method: &M::SYSTEM_ADD_KEYSPACE,
    run: generated!(process_system_add_keyspace),
    at: at(Some(Inner(1, 1)), None, None, None),
    shows: Shows::Unique,
    requires: Requires::Named(Create),
};

pub static SYSTEM_DROP_KEYSPACE: Row = Row {
    method: &M::SYSTEM_DROP_KEYSPACE,
    run: generated!(process_system_drop_keyspace),
    at: at(Some(Arg(1)), None, None, None),
    shows: Shows::Unique,
    requires: Requires::Named(Drop),
};

pub static SYSTEM_UPDATE_KEYSPACE: Row = Row {
    method: &M::SYSTEM_UPDATE_KEYSPACE,
    run: generated!(process_system_update_keyspace),
    at: at(Some(Inner(1, 1)), None, None, None),
    shows: Shows::Unique,
    requires: Requires::Named(Alter),
};

pub static SYSTEM_UPDATE_COLUMN_FAMILY: Row = Row {
    method: &M::SYSTEM_UPDATE_COLUMN_FAMILY,
    run: generated!(process_system_update_column_family),
    at: at(Some(Inner(1, 1)), Some(Inner(1, 2)), None, None),
    shows: Shows::Unique,
    requires: Requires::Named(Alter),
};

pub static EXECUTE_CQL_QUERY: Row = Row {
    method: &M::EXECUTE_CQL_QUERY,
    run: generated!(process_execute_cql_query),
    at: at(Some(Query), Some(Query), None, None),
    shows: Shows::Unique,
    requires: Requires::Statement,
};

pub static EXECUTE_CQL3_QUERY: Row = Row {
    method: &M::EXECUTE_CQL3_QUERY,
    run: generated!(process_execute_cql3_query),
    at: at(Some(Query), Some(Query), None, Some(Level::Arg(3, None))),
    shows: Shows::Unique,
    requires: Requires::Statement,
};

pub static PREPARE_CQL_QUERY: Row = Row {
    method: &M::PREPARE_CQL_QUERY,
    run: generated!(process_prepare_cql_query),
    at: at(Some(Query), Some(Query), None, None),
    shows: Shows::Unique,
    requires: Requires::Statement,
};

pub static PREPARE_CQL3_QUERY: Row = Row {
    method: &M::PREPARE_CQL3_QUERY,
    run: generated!(process_prepare_cql3_query),
    at: at(Some(Query), Some(Query), None, None),
    shows: Shows::Unique,
    requires: Requires::Statement,
};

pub static EXECUTE_PREPARED_CQL_QUERY: Row = Row {
    method: &M::EXECUTE_PREPARED_CQL_QUERY,
    run: generated!(process_execute_prepared_cql_query),
    at: at(None, None, None, None),
    shows: Shows::Unique,
    requires: Requires::Statement,
};

pub static EXECUTE_PREPARED_CQL3_QUERY: Row = Row {
    method: &M::EXECUTE_PREPARED_CQL3_QUERY,
    run: generated!(process_execute_prepared_cql3_query),
    at: at(None, None, None, Some(Level::Arg(3, None))),
    shows: Shows::Unique,
    requires: Requires::Statement,
};

pub static SET_CQL_VERSION: Row = Row {
    method: &M::SET_CQL_VERSION,
    run: generated!(process_set_cql_version),
    at: at(None, None, None, None),
    shows: Shows::Unique,
    requires: Requires::Nothing,
};

/// Every 19.x method, in the IDL's order.
pub static METHODS: &[&Row] = &[
    &LOGIN,
    &SET_KEYSPACE,
    &GET,
    &GET_SLICE,
    &GET_COUNT,
    &MULTIGET_SLICE,
    &MULTIGET_COUNT,
    &GET_RANGE_SLICES,
    &GET_PAGED_SLICE,
    &GET_INDEXED_SLICES,
    &GET_MULTI_SLICE,
    &INSERT,
    &ADD,
    &CAS,
    &REMOVE,
    &REMOVE_COUNTER,
    &BATCH_MUTATE,
    &ATOMIC_BATCH_MUTATE,
    &TRUNCATE,
    &DESCRIBE_SCHEMA_VERSIONS,
    &DESCRIBE_KEYSPACES,
    &DESCRIBE_CLUSTER_NAME,
    &DESCRIBE_VERSION,
    &DESCRIBE_RING,
    &DESCRIBE_LOCAL_RING,
    &DESCRIBE_TOKEN_MAP,
    &DESCRIBE_PARTITIONER,
    &DESCRIBE_SNITCH,
    &DESCRIBE_KEYSPACE,
    &DESCRIBE_SPLITS,
    &TRACE_NEXT_QUERY,
    &DESCRIBE_SPLITS_EX,
    &SYSTEM_ADD_COLUMN_FAMILY,
    &SYSTEM_DROP_COLUMN_FAMILY,
    &SYSTEM_ADD_KEYSPACE,
    &SYSTEM_DROP_KEYSPACE,
    &SYSTEM_UPDATE_KEYSPACE,
    &SYSTEM_UPDATE_COLUMN_FAMILY,
    &EXECUTE_CQL_QUERY,
    &EXECUTE_CQL3_QUERY,
    &PREPARE_CQL_QUERY,
    &PREPARE_CQL3_QUERY,
    &EXECUTE_PREPARED_CQL_QUERY,
    &EXECUTE_PREPARED_CQL3_QUERY,
    &SET_CQL_VERSION,
];

/// The 19.x method of this name.
pub fn row(name: &str) -> Option<&'static Row> {
    METHODS.iter().copied().find(|r| r.method.name == name)
}
