//! What a CQL 2 statement answers, shaped as 1.2.9's `CqlResult` but free
//! of Thrift: VOID, or ROWS with each row's key, its columns (name, value,
//! timestamp as 1.2 set them) and the `CqlMetadata` maps.
//!
//! Owns the shapes and 1.2's short type names; it must not know how the
//! server encodes them on the wire.

use crate::marshal::AbstractType;
use std::collections::BTreeMap;

/// One column of a result row. 1.2 left `value` unset for a requested
/// column the row lacks, and `timestamp` unset on such columns and on
/// COUNT's column; the key column carries timestamp -1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub name: Vec<u8>,
    pub value: Option<Vec<u8>>,
    pub timestamp: Option<i64>,
}

/// One row: its key and its columns in 1.2's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub key: Vec<u8>,
    pub columns: Vec<Column>,
}

/// `CqlMetadata`: per-column name and value types (short names such as
/// `UTF8Type`) where 1.2 set them, and the defaults for the others.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Metadata {
    pub name_types: BTreeMap<Vec<u8>, String>,
    pub value_types: BTreeMap<Vec<u8>, String>,
    pub default_name_type: String,
    pub default_value_type: String,
}

/// A statement's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cql2Result {
    /// Writes, USE, TRUNCATE and schema statements.
    Void,
    /// A number (0.8's answer to a by-key COUNT).
    Int(i64),
    Rows {
        rows: Vec<Row>,
        metadata: Metadata,
    },
}

/// 1.2's `TypeParser.getShortName`: the type's simple class name, without
/// package or parameters (`CompositeType(...)` is `CompositeType`).
pub fn short_name(ty: &dyn AbstractType) -> String {
    let class = ty.class_name();
    let base = class.split('(').next().unwrap_or(&class);
    base.rsplit('.').next().unwrap_or(base).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    #[test]
    fn short_names_drop_package_and_parameters() {
        let t = parse_type("UTF8Type").unwrap();
        assert_eq!(short_name(t.as_ref()), "UTF8Type");
        let c = parse_type("CompositeType(LongType,UTF8Type)").unwrap();
        assert_eq!(short_name(c.as_ref()), "CompositeType");
        let r = parse_type("ReversedType(LongType)").unwrap();
        assert_eq!(short_name(r.as_ref()), "ReversedType");
    }
}
