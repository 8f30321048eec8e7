//! Where each Thrift method's arguments name what the call observers read
//! (keyspace, column families, row keys, consistency level, CQL query) and
//! which declared exception each field of its result carries, for both API
//! generations. Tables only, checked against the IDL files by the tests:
//! the bytes are read by [`crate::thrift::call::request`] and
//! [`crate::thrift::call::reply`].

use crate::thrift::session::Generation;

/// Where a request's arguments name something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum At {
    /// A string argument.
    Arg(i16),
    /// The `column_family` (field 3) of a ColumnParent or ColumnPath argument.
    Parent(i16),
    /// A string field of a struct argument (`CfDef.keyspace`, `KsDef.name`).
    Inner(i16, i16),
    /// The strings of a list or set argument (`multiget`'s keys).
    List(i16),
    /// The keys of a `map<string, _>` argument (0.6 `batch_insert`'s
    /// column families, `batch_mutate`'s row keys).
    Keys(i16),
    /// The keys of the maps that are the values of a map argument (`batch_mutate`).
    InnerKeys(i16),
    /// `get_multi_slice`: its request's column_parent.
    MultiSlice,
    /// The query (field 1) of a CQL call, compressed when field 2 is GZIP (1).
    Query,
}

/// Where `method` of generation `g` names its keyspace and column family.
pub(crate) fn locations(g: Generation, method: &str) -> (Option<At>, Option<At>) {
    use At::*;
    match g {
        Generation::V06 => match method {
            "get" | "get_slice" | "multiget" | "multiget_slice" | "get_count" | "insert"
            | "remove" => (Some(Arg(1)), Some(Parent(3))),
            "get_range_slice" | "get_range_slices" => (Some(Arg(1)), Some(Parent(2))),
            "batch_insert" => (Some(Arg(1)), Some(Keys(3))),
            "batch_mutate" => (Some(Arg(1)), Some(InnerKeys(2))),
            "login" | "describe_ring" | "describe_keyspace" => (Some(Arg(1)), None),
            _ => (None, None),
        },
        Generation::V19 => match method {
            "get" | "get_slice" | "get_count" | "multiget_slice" | "multiget_count" | "insert"
            | "add" | "remove" | "remove_counter" => (None, Some(Parent(2))),
            "get_range_slices" | "get_indexed_slices" => (None, Some(Parent(1))),
            "get_paged_slice"
            | "truncate"
            | "describe_splits"
            | "describe_splits_ex"
            | "system_drop_column_family" => (None, Some(Arg(1))),
            "cas" => (None, Some(Arg(2))),
            "get_multi_slice" => (None, Some(MultiSlice)),
            "batch_mutate" | "atomic_batch_mutate" => (None, Some(InnerKeys(1))),
            "system_add_column_family" | "system_update_column_family" => {
                (Some(Inner(1, 1)), Some(Inner(1, 2)))
            }
            "system_add_keyspace" | "system_update_keyspace" => (Some(Inner(1, 1)), None),
            "set_keyspace"
            | "system_drop_keyspace"
            | "describe_keyspace"
            | "describe_ring"
            | "describe_local_ring" => (Some(Arg(1)), None),
            "execute_cql_query" | "execute_cql3_query" | "prepare_cql_query"
            | "prepare_cql3_query" => (Some(Query), Some(Query)),
            _ => (None, None),
        },
    }
}

/// Where `method` of generation `g` names its row keys: a string
/// ([`At::Arg`]), a list of them ([`At::List`]) or a map keyed by them
/// ([`At::Keys`]).
pub(crate) fn key_location(g: Generation, method: &str) -> Option<At> {
    use At::*;
    Some(match (g, method) {
        (
            Generation::V06,
            "get" | "get_slice" | "get_count" | "insert" | "remove" | "batch_insert",
        ) => Arg(2),
        (Generation::V06, "multiget" | "multiget_slice") => List(2),
        (Generation::V06, "batch_mutate") => Keys(2),
        (
            Generation::V19,
            "get" | "get_slice" | "get_count" | "insert" | "add" | "remove" | "remove_counter"
            | "cas",
        ) => Arg(1),
        (Generation::V19, "multiget_slice" | "multiget_count") => List(1),
        (Generation::V19, "batch_mutate" | "atomic_batch_mutate") => Keys(1),
        _ => return None,
    })
}

/// Where a method's consistency level is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Level {
    /// An i32 argument (`cas`: its commit level), and the level used when
    /// an optional one is absent.
    Arg(i16, Option<i32>),
    /// Field 6 of `get_multi_slice`'s request struct, ONE when absent.
    MultiSlice,
}

/// Where `method` of generation `g` names its consistency level.
pub(crate) fn level_location(g: Generation, method: &str) -> Option<Level> {
    use Level::*;
    Some(match (g, method) {
        (_, "get_multi_slice") => MultiSlice,
        (Generation::V06, "get" | "multiget" | "get_count" | "batch_insert") => Arg(4, None),
        (Generation::V06, "get_slice" | "multiget_slice" | "get_range_slices") => Arg(5, None),
        (Generation::V06, "remove") => Arg(5, Some(1)),
        (Generation::V06, "insert") => Arg(6, None),
        (Generation::V06, "get_range_slice") => Arg(7, None),
        (Generation::V06, "batch_mutate") => Arg(3, None),
        (Generation::V19, "get" | "execute_cql3_query" | "execute_prepared_cql3_query") => {
            Arg(3, None)
        }
        (Generation::V19, "remove_counter") => Arg(3, None),
        (
            Generation::V19,
            "get_slice" | "get_count" | "multiget_slice" | "multiget_count" | "get_range_slices"
            | "get_paged_slice" | "get_indexed_slices" | "insert" | "add",
        ) => Arg(4, None),
        (Generation::V19, "remove") => Arg(4, Some(1)),
        (Generation::V19, "batch_mutate" | "atomic_batch_mutate") => Arg(2, None),
        (Generation::V19, "cas") => Arg(6, None),
        _ => return None,
    })
}

/// The name of consistency level `n` in generation `g`'s enum.
pub fn level_name(g: Generation, n: i32) -> String {
    let name = match (g, n) {
        (Generation::V06, 0) => "ZERO",
        (_, 1) => "ONE",
        (_, 2) => "QUORUM",
        (Generation::V06, 3) => "DCQUORUM",
        (Generation::V06, 4) => "DCQUORUMSYNC",
        (Generation::V19, 3) => "LOCAL_QUORUM",
        (Generation::V19, 4) => "EACH_QUORUM",
        (_, 5) => "ALL",
        (_, 6) => "ANY",
        (Generation::V19, 7) => "TWO",
        (Generation::V19, 8) => "THREE",
        (Generation::V19, 9) => "SERIAL",
        (Generation::V19, 10) => "LOCAL_SERIAL",
        (Generation::V19, 11) => "LOCAL_ONE",
        _ => return n.to_string(),
    };
    name.to_string()
}

/// The declared exception of `method` in field `id` of its result struct.
pub(crate) fn exception_name(g: Generation, method: &str, id: i16) -> Option<&'static str> {
    const IRE: &str = "InvalidRequestException";
    const NFE: &str = "NotFoundException";
    const UE: &str = "UnavailableException";
    const TE: &str = "TimedOutException";
    const SDE: &str = "SchemaDisagreementException";
    let throws: &[&str] = match (g, method) {
        (_, "login") => &["AuthenticationException", "AuthorizationException"],
        (_, "get") => &[IRE, NFE, UE, TE],
        (Generation::V06, "describe_keyspace") => &[NFE],
        (Generation::V19, "describe_keyspace") => &[NFE, IRE],
        (Generation::V06, "describe_ring") => &[IRE],
        (Generation::V06, _) => &[IRE, UE, TE],
        (_, m) if m.starts_with("system_") => &[IRE, SDE],
        (_, m) if m.starts_with("execute_") => &[IRE, UE, TE, SDE],
        (_, m) if m.starts_with("describe_") || m.starts_with("prepare_") => &[IRE],
        (_, "set_keyspace" | "set_cql_version") => &[IRE],
        _ => &[IRE, UE, TE],
    };
    throws
        .get(usize::try_from(id).ok()?.checked_sub(1)?)
        .copied()
}

#[cfg(test)]
#[path = "methods_tests.rs"]
mod tests;
