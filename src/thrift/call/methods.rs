//! Where each Thrift method's arguments name what the call observers read
//! (keyspace, column families, row keys, consistency level, CQL query: the
//! `Where` column of each generation's method table, `api2::idl` and
//! `api19::methods`) for both API generations (the declared exceptions
//! are `error::declared`'s). Lookups and tables only, checked
//! against the IDL files by the tests: the bytes are read by
//! [`crate::thrift::call::request`] and [`crate::thrift::call::reply`].

use crate::thrift::dispatch::Called;
use crate::thrift::session::Generation;
use crate::thrift::wire::located::{Where, NOWHERE};

/// Where `method` of generation `g` names things, from its row (nothing
/// for a method the generation lacks).
pub(crate) fn row_at(g: Generation, method: &str) -> &'static Where {
    Called::by_name(method.as_bytes()).map_or(&NOWHERE, |c| c.at(g))
}

/// The name of consistency level `n` in generation `g`'s enum.
pub fn level_name(g: Generation, n: i32) -> String {
    let name = match (g, n) {
        (Generation::Api2, 0) => "ZERO",
        (_, 1) => "ONE",
        (_, 2) => "QUORUM",
        (Generation::Api2, 3) => "DCQUORUM",
        (Generation::Api2, 4) => "DCQUORUMSYNC",
        (Generation::Api19, 3) => "LOCAL_QUORUM",
        (Generation::Api19, 4) => "EACH_QUORUM",
        (_, 5) => "ALL",
        (_, 6) => "ANY",
        (Generation::Api19, 7) => "TWO",
        (Generation::Api19, 8) => "THREE",
        (Generation::Api19, 9) => "SERIAL",
        (Generation::Api19, 10) => "LOCAL_SERIAL",
        (Generation::Api19, 11) => "LOCAL_ONE",
        _ => return n.to_string(),
    };
    name.to_string()
}

#[cfg(test)]
#[path = "methods_tests.rs"]
mod tests;
