//! Small builders of 19.x Thrift arguments that many wire tests share (a
//! declared column, a predicate by names, a SimpleStrategy keyspace). Only what reads the same in every
//! test belongs here; a test's own data stays in the test.

use supercolumn::thrift::gen::cassandra19::{CfDef, ColumnDef, IndexType, KsDef, SlicePredicate};

/// A declared column of `class`, with a KEYS index named `index` if given.
pub fn declared(name: &str, class: &str, index: Option<&str>) -> ColumnDef {
    ColumnDef::new(
        name.as_bytes().to_vec(),
        class.to_string(),
        index.map(|_| IndexType::KEYS),
        index.map(str::to_string),
        None,
    )
}

/// A predicate naming these columns.
pub fn names(names: &[&str]) -> SlicePredicate {
    SlicePredicate::new(
        names
            .iter()
            .map(|n| n.as_bytes().to_vec())
            .collect::<Vec<_>>(),
        None,
    )
}

/// Keyspace `name` under SimpleStrategy with replication factor 1, holding
/// `cf_defs`.
pub fn simple_keyspace(name: &str, cf_defs: Vec<CfDef>) -> KsDef {
    KsDef::new(
        name.to_string(),
        "org.apache.cassandra.locator.SimpleStrategy".to_string(),
        [("replication_factor".to_string(), "1".to_string())]
            .into_iter()
            .collect::<std::collections::BTreeMap<_, _>>(),
        None,
        cf_defs,
        None,
    )
}
