//! 2.1's CONTAINS and CONTAINS KEY relations: the type of the value they
//! compare (a collection's element, a map's key), which index serves one
//! (an index of the collection's elements, or of a map's keys), and the
//! test of a row's collection against it. Other relations on a whole
//! collection are refused here too (2.0 on). It must not read data.

use super::rules::SelectRules;
use crate::cql::ast::{IndexTarget, Operator};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::table::Table;
use crate::cql::types::{deserialize_collection, CqlType};
use std::cmp::Ordering;

fn invalid(msg: impl Into<String>) -> CqlError {
    CqlError::invalid(msg)
}

/// The type a relation's value has: the column's, or for CONTAINS a
/// collection's element (a map's value; CONTAINS KEY a map's key). 2.0 on
/// refused any other relation on a whole collection
/// (`SelectStatement.updateRestriction`, 2.2's `SingleColumnRelation`).
pub(super) fn relation_type(
    ty: &CqlType,
    column: &str,
    op: Operator,
    rules: &SelectRules,
) -> CqlResult<CqlType> {
    match (op, ty) {
        (Operator::MapEntry { eq }, _) => entry_relation_type(ty, column, eq),
        (Operator::ContainsKey, CqlType::Map(k, _)) => Ok((**k).clone()),
        (Operator::ContainsKey, _) => Err(invalid(format!(
            "Cannot use CONTAINS KEY on non-map column {column}"
        ))),
        (Operator::Contains, CqlType::List(e) | CqlType::Set(e) | CqlType::Map(_, e)) => {
            Ok((**e).clone())
        }
        (Operator::Contains, _) => Err(invalid(format!(
            "Cannot use CONTAINS relation on non collection column {column}"
        ))),
        (_, CqlType::List(_) | CqlType::Set(_) | CqlType::Map(..))
            if rules.collection_relations =>
        {
            Err(invalid(format!(
                "Collection column '{column}' ({}) cannot be restricted by a '{}' relation",
                ty.cql_name(),
                op.symbol()
            )))
        }
        _ => Ok(ty.clone()),
    }
}

/// The type of `m[k] = v`'s column, checked as 2.2 to 3.11 did
/// (`SingleColumnRelation.toReceivers`): a map that is not frozen, by
/// `=` only.
fn entry_relation_type(ty: &CqlType, column: &str, eq: bool) -> CqlResult<CqlType> {
    let inner = match ty {
        CqlType::Frozen(inner) => inner.as_ref(),
        other => other,
    };
    if matches!(inner, CqlType::List(_)) {
        return Err(invalid(format!(
            "Indexes on list entries ({column}[index] = value) are not currently supported."
        )));
    }
    if !matches!(inner, CqlType::Map(..)) {
        return Err(invalid(format!("Column {column} cannot be used as a map")));
    }
    if matches!(ty, CqlType::Frozen(_)) {
        return Err(invalid(format!(
            "Map-entry equality predicates on frozen map column {column} are not supported"
        )));
    }
    if !eq {
        return Err(invalid("Only EQ relations are supported on map entries"));
    }
    Ok(ty.clone())
}

/// Whether a filter of `column` by `op` is a CONTAINS (KEY) an index of
/// its column serves: one on the collection's elements (a map's values), or
/// on a map's keys; `m[k] = v` one on its entries.
pub(super) fn contains_indexed(table: &Table, column: &str, op: Operator) -> bool {
    let target = match op {
        Operator::Contains => IndexTarget::Values,
        Operator::ContainsKey => IndexTarget::Keys,
        Operator::MapEntry { .. } => IndexTarget::Entries,
        _ => return false,
    };
    table
        .regular
        .iter()
        .any(|r| r.column.name == column && r.indexed_on(target))
}

/// Whether the collection `v` (the u16-count form rows carry) of type `ty`
/// holds `wanted` among its elements (a map's values; `key`: its keys),
/// compared by the element type.
pub(in crate::cql::mapping) fn contains(ty: &CqlType, v: &[u8], key: bool, wanted: &[u8]) -> bool {
    let (pairs, element) = match ty {
        CqlType::List(e) | CqlType::Set(e) => (false, e),
        CqlType::Map(k, _) if key => (true, k),
        CqlType::Map(_, e) => (true, e),
        _ => return false,
    };
    let Ok(items) = deserialize_collection(v, pairs) else {
        return false;
    };
    let (skip, step) = match (pairs, key) {
        (false, _) => (0, 1),
        (true, true) => (0, 2),
        (true, false) => (1, 2),
    };
    items
        .iter()
        .skip(skip)
        .step_by(step)
        .any(|x| element.compare(x, wanted) == Ordering::Equal)
}

/// Whether the map `v` (the u16-count form rows carry) of type `ty` holds
/// the key `key` with the value `value`, compared by the key and value
/// types.
pub(in crate::cql::mapping) fn holds_entry(
    ty: &CqlType,
    v: &[u8],
    key: &[u8],
    value: &[u8],
) -> bool {
    let CqlType::Map(kt, vt) = ty else {
        return false;
    };
    let Ok(items) = deserialize_collection(v, true) else {
        return false;
    };
    items.chunks(2).any(|kv| {
        kv.len() == 2
            && kt.compare(&kv[0], key) == Ordering::Equal
            && vt.compare(&kv[1], value) == Ordering::Equal
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::types::{serialize_collection, Native};

    #[test]
    fn contains_looks_at_elements_values_or_keys() {
        let text = || Box::new(CqlType::Native(Native::Text));
        let int = || Box::new(CqlType::Native(Native::Int));
        let list = serialize_collection(&[b"a", b"b"], 2);
        assert!(contains(&CqlType::List(text()), &list, false, b"b"));
        assert!(!contains(&CqlType::List(text()), &list, false, b"c"));
        let one = 1i32.to_be_bytes();
        let map = serialize_collection(&[b"y", &one], 1);
        let m = CqlType::Map(text(), int());
        assert!(contains(&m, &map, true, b"y"));
        assert!(!contains(&m, &map, true, &one));
        assert!(contains(&m, &map, false, &one));
        assert!(!contains(&m, &map, false, b"y"));
        assert!(!contains(&CqlType::Native(Native::Int), &one, false, &one));
    }

    #[test]
    fn an_entry_is_a_key_holding_its_value() {
        let text = || Box::new(CqlType::Native(Native::Text));
        let m = CqlType::Map(text(), text());
        let map = serialize_collection(&[b"lang", b"en", b"src", b"web"], 2);
        assert!(holds_entry(&m, &map, b"lang", b"en"));
        assert!(holds_entry(&m, &map, b"src", b"web"));
        assert!(!holds_entry(&m, &map, b"lang", b"web"));
        assert!(!holds_entry(&m, &map, b"en", b"lang"));
        let list = CqlType::List(text());
        assert!(!holds_entry(&list, &map, b"lang", b"en"));
    }

    #[test]
    fn entry_relations_take_a_map_that_is_not_frozen_by_eq() {
        let text = || Box::new(CqlType::Native(Native::Text));
        let m = CqlType::Map(text(), text());
        assert_eq!(entry_relation_type(&m, "m", true).unwrap(), m);
        let msg = |ty: &CqlType, eq| entry_relation_type(ty, "m", eq).unwrap_err().to_string();
        assert!(msg(&m, false).contains("Only EQ relations are supported on map entries"));
        let frozen = CqlType::Frozen(Box::new(m.clone()));
        assert!(msg(&frozen, true).contains("Map-entry equality predicates on frozen map column m"));
        assert!(msg(&CqlType::List(text()), true)
            .contains("Indexes on list entries (m[index] = value)"));
        assert!(
            msg(&CqlType::Native(Native::Int), true).contains("Column m cannot be used as a map")
        );
    }
}
