//! Values rendered for people, per the marshal registry: every binary
//! value travels as lowercase hex plus the string its type gives it
//! (`AbstractType::get_string`, as cassandra-cli printed it), a TimeUUID
//! with the time it carries, and composite names split into components
//! with their end-of-component bytes.
//!
//! Owns only presentation; bytes that do not validate against their type
//! are shown as hex, never an error (a stored value is a fact to show).

use crate::marshal::{
    bytes_to_hex, AbstractType, CompositeType, DateType, TypeRef, MARSHAL_PACKAGE,
};
use serde_json::{json, Value};

/// A type's class name without the marshal package (`CompositeType(Int32Type,UTF8Type)`).
pub fn type_name(t: &dyn AbstractType) -> String {
    t.class_name().replace(MARSHAL_PACKAGE, "")
}

/// The readable form of `value` as `t` renders it; hex when it does not
/// validate. A TimeUUID gets its time appended (`<uuid> (2014-08-26 ...)`).
pub fn text(t: &dyn AbstractType, value: &[u8]) -> String {
    if t.validate(value).is_err() {
        return bytes_to_hex(value);
    }
    let s = t.get_string(value);
    if is_time_uuid(t) {
        if let Some(ms) = crate::cql::timeuuid::unix_millis_of(value) {
            return format!("{s} ({})", DateType.get_string(&ms.to_be_bytes()));
        }
    }
    s
}

fn is_time_uuid(t: &dyn AbstractType) -> bool {
    let t = t.base_type().map(|b| b.as_ref()).unwrap_or(t);
    t.class_name().ends_with(".TimeUUIDType")
}

/// The components of a name under comparator `cmp`: one per composite
/// component (type, rendered value, hex, EOC byte), or one component
/// (EOC null) for a plain comparator. `element` gives the type of a
/// collection cell's trailing element component, when known.
pub fn components(cmp: &TypeRef, name: &[u8], element: Option<&TypeRef>) -> Vec<Value> {
    let Some(types) = cmp.components() else {
        return vec![json!({
            "type": type_name(cmp.as_ref()),
            "value": text(cmp.as_ref(), name),
            "hex": bytes_to_hex(name),
            "eoc": Value::Null,
        })];
    };
    let Ok(parts) = CompositeType::split(name) else {
        return vec![json!({
            "type": "BytesType",
            "value": bytes_to_hex(name),
            "hex": bytes_to_hex(name),
            "eoc": Value::Null,
        })];
    };
    parts
        .iter()
        .enumerate()
        .map(|(i, (bytes, eoc))| {
            let t = types.get(i).map(|t| component_type(t, element));
            let (ty, value) = match &t {
                Some(t) => (type_name(t.as_ref()), text(t.as_ref(), bytes)),
                None => ("BytesType".to_string(), bytes_to_hex(bytes)),
            };
            json!({
                "type": ty,
                "value": value,
                "hex": bytes_to_hex(bytes),
                "eoc": eoc,
            })
        })
        .collect()
}

/// The type a composite component is rendered with: a collection
/// component (`ColumnToCollectionType`) is rendered with the element type
/// of the collection the cell belongs to, when the caller knows it.
fn component_type(t: &TypeRef, element: Option<&TypeRef>) -> TypeRef {
    match (t.collection_columns(), element) {
        (Some(_), Some(e)) => e.clone(),
        (Some(_), None) => crate::marshal::parse_type("BytesType").unwrap_or_else(|_| t.clone()),
        _ => t.clone(),
    }
}

/// `{"hex", "text"}` of a value of type `t`.
pub fn value(t: &dyn AbstractType, bytes: &[u8]) -> Value {
    json!({ "hex": bytes_to_hex(bytes), "text": text(t, bytes) })
}

/// A lowercase hex string back to bytes (explorer parameters).
pub fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    crate::marshal::hex_to_bytes(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    #[test]
    fn time_uuids_show_their_time_and_bad_bytes_show_as_hex() {
        let t = parse_type("TimeUUIDType").unwrap();
        let u = crate::cql::timeuuid::uuid_from_parts(0, 0);
        let s = text(t.as_ref(), &u);
        assert!(s.ends_with("(1970-01-01 00:00:00+0000)"), "{s}");
        let long = parse_type("LongType").unwrap();
        assert_eq!(text(long.as_ref(), &[1, 2, 3]), "010203");
        assert_eq!(text(long.as_ref(), &7i64.to_be_bytes()), "7");
    }

    #[test]
    fn composite_names_split_into_typed_components() {
        let cmp = parse_type("CompositeType(Int32Type,UTF8Type)").unwrap();
        let name = crate::marshal::CompositeBuilder::new()
            .push(&103i32.to_be_bytes())
            .unwrap()
            .push(b"value")
            .unwrap()
            .build(crate::marshal::Eoc::None);
        let c = components(&cmp, &name, None);
        assert_eq!(c.len(), 2);
        assert_eq!(c[0]["type"], "Int32Type");
        assert_eq!(c[0]["value"], "103");
        assert_eq!(c[1]["value"], "value");
        assert_eq!(c[1]["eoc"], 0);
        let plain = parse_type("UTF8Type").unwrap();
        let c = components(&plain, b"bio", None);
        assert_eq!(
            (c.len(), &c[0]["value"], &c[0]["eoc"]),
            (1, &json!("bio"), &Value::Null)
        );
    }
}
