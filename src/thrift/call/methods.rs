//! Where each Thrift method's arguments name what the call observers read
//! (keyspace, column families, row keys, consistency level, CQL query: the
//! [`Where`] column of each generation's method table, `v06::idl` and
//! `v19::methods`) and which declared exception each field of its result
//! carries, for both API generations. Lookups and tables only, checked
//! against the IDL files by the tests: the bytes are read by
//! [`crate::thrift::call::request`] and [`crate::thrift::call::reply`].

use crate::thrift::session::Generation;

/// Where a request's arguments name something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
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

/// Where a method's consistency level is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// An i32 argument (`cas`: its commit level), and the level used when
    /// an optional one is absent.
    Arg(i16, Option<i32>),
    /// Field 6 of `get_multi_slice`'s request struct, ONE when absent.
    MultiSlice,
}

/// Where a method's arguments name what the call observers and the
/// hand-off read: a column of each generation's method table
/// (`v06::idl`, `v19::methods`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Where {
    pub keyspace: Option<At>,
    pub column_family: Option<At>,
    /// A string ([`At::Arg`]), a list of them ([`At::List`]) or a map
    /// keyed by them ([`At::Keys`]).
    pub key: Option<At>,
    pub level: Option<Level>,
}

const NOWHERE: Where = Where {
    keyspace: None,
    column_family: None,
    key: None,
    level: None,
};

/// A row's [`Where`], for the tables.
pub const fn at(
    keyspace: Option<At>,
    column_family: Option<At>,
    key: Option<At>,
    level: Option<Level>,
) -> Where {
    Where {
        keyspace,
        column_family,
        key,
        level,
    }
}

/// Where `method` of generation `g` names things, from its row (nothing
/// for a method the generation lacks).
pub(crate) fn row_at(g: Generation, method: &str) -> &'static Where {
    let row = match g {
        Generation::V06 => crate::thrift::v06::idl::method(method).map(|m| &m.at),
        Generation::V19 => crate::thrift::v19::methods::row(method).map(|r| &r.at),
    };
    row.unwrap_or(&NOWHERE)
}

/// Where `method` of generation `g` names its keyspace and column family.
pub(crate) fn locations(g: Generation, method: &str) -> (Option<At>, Option<At>) {
    let at = row_at(g, method);
    (at.keyspace, at.column_family)
}

/// Where `method` of generation `g` names its row keys.
pub(crate) fn key_location(g: Generation, method: &str) -> Option<At> {
    row_at(g, method).key
}

/// Where `method` of generation `g` names its consistency level.
pub(crate) fn level_location(g: Generation, method: &str) -> Option<Level> {
    row_at(g, method).level
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
