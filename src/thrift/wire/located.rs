//! Where in a call's arguments a Thrift method names what the server reads
//! before decoding it (keyspace, column families, row keys, consistency
//! level, CQL query): field ids and shapes only, the vocabulary of the
//! `Where` column of each generation's method table (`api2::idl`,
//! `api19::methods`). The bytes are read by `thrift::call::request`; this
//! module must not read any.

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
/// (`api2::idl`, `api19::methods`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Where {
    pub keyspace: Option<At>,
    pub column_family: Option<At>,
    /// A string ([`At::Arg`]), a list of them ([`At::List`]) or a map
    /// keyed by them ([`At::Keys`]).
    pub key: Option<At>,
    pub level: Option<Level>,
}

pub const NOWHERE: Where = Where {
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
