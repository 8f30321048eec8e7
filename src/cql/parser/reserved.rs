//! The words 1.2 and 2.0 reserved, and those 2.1 and 2.2 added: none can
//! be an unquoted identifier. Data only.

/// Words that cannot be unquoted identifiers in 1.2/2.0.
pub(crate) const RESERVED: &[&str] = &[
    "add",
    "allow",
    "alter",
    "and",
    "apply",
    "asc",
    "authorize",
    "batch",
    "begin",
    "by",
    "columnfamily",
    "create",
    "delete",
    "desc",
    "drop",
    "false",
    "from",
    "grant",
    "if",
    "in",
    "index",
    "insert",
    "into",
    "keyspace",
    "limit",
    "modify",
    "norecursive",
    "not",
    "null",
    "of",
    "on",
    "order",
    "primary",
    "rename",
    "revoke",
    "schema",
    "select",
    "set",
    "table",
    "to",
    "token",
    "true",
    "truncate",
    "unlogged",
    "update",
    "use",
    "using",
    "where",
    "with",
];

/// Words 2.1's grammar added (`K_FULL` of CREATE INDEX's `FULL(c)`): not in
/// its `unreserved_keyword`, so no bare name.
pub(crate) const RESERVED_SINCE_2_1: &[&str] = &["full"];

/// Words 2.2's grammar added, reserved as 2.1's: `K_ENTRIES` (`ENTRIES(m)`),
/// `K_OR` and `K_REPLACE` (`CREATE OR REPLACE FUNCTION`), `K_EXECUTE` and
/// `K_DESCRIBE` (the permissions of functions and roles). 3.x kept them.
pub(crate) const RESERVED_SINCE_2_2: &[&str] = &["describe", "entries", "execute", "or", "replace"];
