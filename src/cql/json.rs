//! 2.2's JSON forms of CQL values: a value of a type as `SELECT JSON` and
//! `toJson` wrote it (each type's `toJSONString`), and a JSON value read
//! for a column of a type as `INSERT JSON` and `fromJson` read it (each
//! type's `fromJSONObject`, over what Jackson parsed: an `Integer`, a
//! `Long`, a `Double`, a `String`...), with 2.2's messages. It must not
//! know tables or statements.

use super::types::{deserialize_collection, CqlType, Native};
use crate::marshal::{bytes_to_hex, parse_type, split_components};
use serde_json::Value;

/// A value read from JSON: one value, or a collection's elements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FromJson {
    Bytes(Vec<u8>),
    List(Vec<Vec<u8>>),
    Set(Vec<Vec<u8>>),
    Map(Vec<(Vec<u8>, Vec<u8>)>),
}

/// Jackson's `quoteAsString`: the JSON escapes of a string's content.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// A result column's name as `SELECT JSON` keyed it: quoted (in the
/// text) when it is not all lower case.
pub fn column_key(name: &str) -> String {
    match name == name.to_lowercase() {
        true => quote(name),
        false => quote(&format!("\"{name}\"")),
    }
}

fn quoted(s: &str) -> String {
    format!("\"{}\"", quote(s))
}

/// `value` of type `ty` as 2.2's `toJSONString` wrote it.
pub fn to_json(ty: &CqlType, value: &[u8]) -> String {
    let string = || ty.marshal().get_string(value);
    match ty {
        CqlType::Native(n) => match n {
            Native::Ascii | Native::Text => quoted(&String::from_utf8_lossy(value)),
            Native::Blob => format!("\"0x{}\"", bytes_to_hex(value)),
            Native::Timestamp | Native::SignedTimestamp => match <[u8; 8]>::try_from(value) {
                Ok(b) => format!("\"{}\"", json_timestamp(i64::from_be_bytes(b))),
                Err(_) => quoted(&string()),
            },
            Native::Inet
            | Native::Uuid
            | Native::Timeuuid
            | Native::Date
            | Native::Time
            | Native::Duration => quoted(&string()),
            _ => string(),
        },
        CqlType::List(e) | CqlType::Set(e) => match deserialize_collection(value, false) {
            Ok(items) => {
                let items: Vec<String> = items.iter().map(|v| to_json(e, v)).collect();
                format!("[{}]", items.join(", "))
            }
            Err(_) => quoted(&bytes_to_hex(value)),
        },
        CqlType::Map(k, v) => match deserialize_collection(value, true) {
            Ok(items) => {
                let entries: Vec<String> = items
                    .chunks(2)
                    .map(|kv| {
                        let key = to_json(k, &kv[0]);
                        let key = if key.starts_with('"') {
                            key
                        } else {
                            quoted(&key)
                        };
                        format!("{key}: {}", to_json(v, &kv[1]))
                    })
                    .collect();
                format!("{{{}}}", entries.join(", "))
            }
            Err(_) => quoted(&bytes_to_hex(value)),
        },
        CqlType::Frozen(inner) => to_json(inner, value),
        CqlType::Tuple(types) => match split_components(value) {
            Ok(parts) => {
                let items: Vec<String> = types
                    .iter()
                    .zip(parts.iter().chain(std::iter::repeat(&None)))
                    .map(|(t, p)| p.map_or("null".into(), |v| to_json(t, v)))
                    .collect();
                format!("[{}]", items.join(", "))
            }
            Err(_) => quoted(&bytes_to_hex(value)),
        },
        CqlType::User(u) => match split_components(value) {
            Ok(parts) => {
                let items: Vec<String> = u
                    .fields
                    .iter()
                    .zip(parts.iter().chain(std::iter::repeat(&None)))
                    .map(|((f, t), p)| {
                        let v = p.map_or("null".into(), |v| to_json(t, v));
                        format!("\"{}\": {v}", column_key(f))
                    })
                    .collect();
                format!("{{{}}}", items.join(", "))
            }
            Err(_) => quoted(&bytes_to_hex(value)),
        },
        CqlType::Custom(_) => quoted(&string()),
    }
}

/// `yyyy-MM-dd HH:mm:ss.SSS'Z'` in UTC (2.2's JSON date format).
fn json_timestamp(millis: i64) -> String {
    utc_millis_text(millis, ' ')
}

/// A timestamp in UTC to the millisecond, `between` the day and the time
/// (`yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` with `T`: 3.x's `toCQLLiteral`).
pub(crate) fn utc_millis_text(millis: i64, between: char) -> String {
    let days = millis.div_euclid(86_400_000);
    let rem = millis.rem_euclid(86_400_000);
    let day = crate::marshal::format_day(days);
    format!(
        "{day}{between}{:02}:{:02}:{:02}.{:03}Z",
        rem / 3_600_000,
        rem / 60_000 % 60,
        rem / 1000 % 60,
        rem % 1000
    )
}

/// The Java class Jackson parsed `v` to, by its simple name.
fn java_class(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "Boolean",
        Value::Number(n) if n.as_i64().is_some_and(|i| i32::try_from(i).is_ok()) => "Integer",
        Value::Number(n) if n.is_i64() => "Long",
        Value::Number(n) if n.is_u64() => "BigInteger",
        Value::Number(_) => "Double",
        Value::String(_) => "String",
        Value::Array(_) => "ArrayList",
        Value::Object(_) => "LinkedHashMap",
    }
}

/// `v.toString()` of what Jackson parsed.
fn java_string(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.to_string(),
            (_, Some(u), _) => u.to_string(),
            (_, _, Some(f)) => {
                let t = parse_type("DoubleType").expect("DoubleType is built in");
                t.get_string(&f.to_be_bytes())
            }
            _ => n.to_string(),
        },
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(java_string).collect();
            format!("[{}]", items.join(", "))
        }
        Value::Object(m) => {
            let items: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("{k}={}", java_string(v)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
    }
}

/// The JSON `v` (not null) read for a value of `ty`, or 2.2's message.
pub fn from_json(ty: &CqlType, v: &Value) -> Result<FromJson, String> {
    let expected = |what: &str| {
        format!(
            "Expected {what}, but got a {}: {}",
            java_class(v),
            java_string(v)
        )
    };
    let parse = |text: &str| {
        ty.marshal()
            .from_string(text)
            .map(FromJson::Bytes)
            .map_err(|e| e.0)
    };
    let native = match ty {
        CqlType::Native(n) => *n,
        CqlType::List(e) | CqlType::Set(e) => {
            let set = matches!(ty, CqlType::Set(_));
            let decoded = decode_string(v)?;
            let Value::Array(items) = &decoded else {
                let what = if set {
                    "a list (representing a set)"
                } else {
                    "a list"
                };
                return Err(format!(
                    "Expected {what}, but got a {}: {}",
                    java_class(&decoded),
                    java_string(&decoded)
                ));
            };
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                if item.is_null() {
                    let kind = if set { "set" } else { "list" };
                    return Err(format!("Invalid null element in {kind}"));
                }
                out.push(single(from_json(e, item)?)?);
            }
            return Ok(if set {
                FromJson::Set(out)
            } else {
                FromJson::List(out)
            });
        }
        CqlType::Map(kt, vt) => {
            let decoded = decode_string(v)?;
            let Value::Object(entries) = &decoded else {
                return Err(format!(
                    "Expected a map, but got a {}: {}",
                    java_class(&decoded),
                    java_string(&decoded)
                ));
            };
            let mut out = Vec::with_capacity(entries.len());
            for (k, val) in entries {
                if val.is_null() {
                    return Err("Invalid null value in map".into());
                }
                let key = single(from_json(kt, &Value::String(k.clone()))?)?;
                out.push((key, single(from_json(vt, val)?)?));
            }
            return Ok(FromJson::Map(out));
        }
        CqlType::Frozen(inner) => return frozen_from_json(inner, v),
        CqlType::Tuple(types) => return tuple_from_json(types, v),
        CqlType::User(u) => return user_from_json(u, v),
        CqlType::Custom(_) => {
            return Err(format!(
                "JSON values of type {} are not supported",
                ty.cql_name()
            ))
        }
    };
    let class = java_class(v);
    match (native, v) {
        (Native::Text | Native::Ascii, Value::String(s)) => parse(s),
        (Native::Text, _) => Err(expected("a UTF-8 string")),
        (Native::Ascii, _) => Err(expected("an ascii string")),
        (Native::Int, Value::String(s)) => parse(s),
        (Native::Int, _) if class == "Integer" => parse(&java_string(v)),
        (Native::Int, _) => Err(expected("an int value")),
        (Native::Bigint, Value::String(s)) => parse(s),
        (Native::Bigint, _) if matches!(class, "Integer" | "Long") => parse(&java_string(v)),
        (Native::Bigint, _) => Err(expected("a bigint value")),
        (Native::Varint, _) => {
            parse(&java_string(v)).map_err(|_| format!("Value '{}' is not a valid representation of a varint value", java_string(v)))
        }
        (Native::Decimal, _) => {
            parse(&java_string(v)).map_err(|_| format!("Value '{}' is not a valid representation of a decimal value", java_string(v)))
        }
        (Native::Double | Native::Float, Value::String(s)) => parse(s),
        (Native::Double, Value::Number(n)) => Ok(FromJson::Bytes(n.as_f64().unwrap_or(0.0).to_be_bytes().to_vec())),
        (Native::Float, Value::Number(n)) => Ok(FromJson::Bytes((n.as_f64().unwrap_or(0.0) as f32).to_be_bytes().to_vec())),
        (Native::Double, _) => Err(expected("a double value")),
        (Native::Float, _) => Err(expected("a float value")),
        (Native::Boolean, Value::String(s)) => parse(s),
        (Native::Boolean, Value::Bool(b)) => Ok(FromJson::Bytes(vec![u8::from(*b)])),
        (Native::Boolean, _) => Err(expected("a boolean value")),
        (Native::Blob, Value::String(s)) => match s.strip_prefix("0x") {
            Some(hex) => parse(hex).map_err(|e| format!("Value '{s}' is not a valid blob representation: {e}")),
            None => Err(format!("Value '{s}' is not a valid blob representation: String representation of blob is missing 0x prefix: {s}")),
        },
        (Native::Blob, _) => Err(format!(
            "Value '{}' is not a valid blob representation: java.lang.{class} cannot be cast to java.lang.String",
            java_string(v)
        )),
        (Native::Timestamp | Native::SignedTimestamp, _) if class == "Long" => {
            Ok(FromJson::Bytes(v.as_i64().unwrap_or(0).to_be_bytes().to_vec()))
        }
        (Native::Timestamp | Native::SignedTimestamp, Value::String(s)) => parse(s),
        (Native::Timestamp | Native::SignedTimestamp, _) => {
            Err(expected("a long or a datestring representation of a timestamp value"))
        }
        (Native::Smallint | Native::Tinyint, Value::String(_) | Value::Number(_)) => parse(&java_string(v)),
        (Native::Smallint, _) => Err(expected("a short value")),
        (Native::Tinyint, _) => Err(expected("a byte value")),
        (Native::Uuid | Native::Timeuuid | Native::Inet | Native::Date | Native::Time, Value::String(s)) => parse(s),
        (Native::Uuid, _) => Err(expected("a string representation of a uuid")),
        (Native::Timeuuid, _) => Err(expected("a string representation of a timeuuid")),
        (Native::Inet, _) => Err(expected("a string representation of an inet value")),
        (Native::Date, _) => Err(expected("a string representation of a date value")),
        (Native::Time, _) => Err(expected("a string representation of a time value")),
        (Native::Duration, Value::String(s)) => parse(s),
        (Native::Duration, _) => Err(expected("a string representation of a duration")),
        (Native::Counter, _) => Err("counters cannot be set from JSON".into()),
    }
}

/// A frozen collection read whole (3.0's `fromJSONObject` of the collection
/// type, then its value serialized): its elements as the collection reads
/// them, a set's sorted and de-duplicated, a map's sorted by key (the last
/// of equal keys kept), in the v3 form a frozen value is stored in.
fn frozen_from_json(inner: &CqlType, v: &Value) -> Result<FromJson, String> {
    let sort = |items: &mut Vec<Vec<u8>>, t: &CqlType| {
        items.sort_by(|a, b| t.compare(a, b));
        items.dedup_by(|a, b| t.compare(a, b) == std::cmp::Ordering::Equal);
    };
    let (items, count) = match (from_json(inner, v)?, inner) {
        (FromJson::Bytes(b), _) => return Ok(FromJson::Bytes(b)),
        (FromJson::List(items), _) => {
            let n = items.len();
            (items, n)
        }
        (FromJson::Set(mut items), CqlType::Set(e)) => {
            sort(&mut items, e);
            let n = items.len();
            (items, n)
        }
        (FromJson::Set(items), _) => {
            let n = items.len();
            (items, n)
        }
        (FromJson::Map(entries), t) => {
            let mut entries = entries;
            if let CqlType::Map(k, _) = t {
                entries.reverse();
                entries.sort_by(|(a, _), (b, _)| k.compare(a, b));
                entries.dedup_by(|a, b| k.compare(&a.0, &b.0) == std::cmp::Ordering::Equal);
            }
            let n = entries.len();
            (entries.into_iter().flat_map(|(k, v)| [k, v]).collect(), n)
        }
    };
    let refs: Vec<&[u8]> = items.iter().map(Vec::as_slice).collect();
    Ok(FromJson::Bytes(crate::marshal::write_v3_collection(
        &refs, count,
    )))
}

/// A tuple read from a JSON list (3.0's `TupleType.fromJSONObject`): as
/// many items as the tuple has components, a null item a null component.
fn tuple_from_json(types: &[CqlType], v: &Value) -> Result<FromJson, String> {
    let decoded = decode_string(v)?;
    let Value::Array(items) = &decoded else {
        return Err(format!(
            "Expected a list representation of a tuple, but got a {}: {}",
            java_class(&decoded),
            java_string(&decoded)
        ));
    };
    if items.len() > types.len() {
        return Err(format!(
            "Tuple contains extra items (expected {}): {}",
            types.len(),
            java_string(&decoded)
        ));
    }
    if items.len() < types.len() {
        return Err(format!(
            "Tuple is missing items (expected {}): {}",
            types.len(),
            java_string(&decoded)
        ));
    }
    let mut parts = Vec::with_capacity(items.len());
    for (t, item) in types.iter().zip(items) {
        parts.push(match item {
            Value::Null => None,
            item => Some(single(from_json(t, item)?)?),
        });
    }
    Ok(FromJson::Bytes(crate::marshal::join_components(&parts)))
}

/// A user type's value read from a JSON object (3.0's
/// `UserType.fromJSONObject`): keys matched to field names as a JSON
/// insert's column names are (quoted kept, others lower-cased), a field
/// absent or null a null field, a key of no field refused.
fn user_from_json(u: &super::types::UserTypeDef, v: &Value) -> Result<FromJson, String> {
    let decoded = decode_string(v)?;
    let Value::Object(map) = &decoded else {
        return Err(format!(
            "Expected a map, but got a {}: {}",
            java_class(&decoded),
            java_string(&decoded)
        ));
    };
    let fields: Vec<(String, &Value)> = map
        .iter()
        .map(|(k, val)| {
            let name = match k.strip_prefix('"').and_then(|k| k.strip_suffix('"')) {
                Some(quoted) => quoted.to_string(),
                None => k.to_lowercase(),
            };
            (name, val)
        })
        .collect();
    let mut parts = Vec::with_capacity(u.fields.len());
    for (name, t) in &u.fields {
        let given = fields.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
        parts.push(match given {
            None | Some(Value::Null) => None,
            Some(value) => Some(single(from_json(t, value)?)?),
        });
    }
    if let Some((unknown, _)) = fields
        .iter()
        .find(|(n, _)| !u.fields.iter().any(|(f, _)| f == n))
    {
        return Err(format!(
            "Unknown field '{unknown}' in value of user defined type {}",
            u.name
        ));
    }
    Ok(FromJson::Bytes(crate::marshal::join_components(&parts)))
}

/// A collection given as a string holds its JSON (2.2's `Json.decodeJson`).
fn decode_string(v: &Value) -> Result<Value, String> {
    match v {
        Value::String(s) => {
            serde_json::from_str(s).map_err(|e| format!("Error decoding JSON string: {e}"))
        }
        other => Ok(other.clone()),
    }
}

fn single(v: FromJson) -> Result<Vec<u8>, String> {
    match v {
        FromJson::Bytes(b) => Ok(b),
        _ => Err("Non-frozen collections are not allowed inside collections".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn native(n: Native) -> CqlType {
        CqlType::Native(n)
    }

    #[test]
    fn values_as_2_2_wrote_them() {
        // Recorded from 2.2.19 (rel_types22).
        assert_eq!(
            to_json(&native(Native::Date), &[0x80, 0, 0, 0]),
            "\"1970-01-01\""
        );
        assert_eq!(to_json(&native(Native::Smallint), &[0x80, 0]), "-32768");
        assert_eq!(to_json(&native(Native::Blob), &[1, 2]), "\"0x0102\"");
        assert_eq!(
            to_json(
                &native(Native::SignedTimestamp),
                &0x14d19f8eeb0i64.to_be_bytes()
            ),
            "\"2015-05-03 13:30:54.000Z\""
        );
        let map = CqlType::Map(
            Box::new(native(Native::Text)),
            Box::new(native(Native::Int)),
        );
        let value = crate::cql::types::serialize_collection(&[b"x", &[0, 0, 0, 1]], 1);
        assert_eq!(to_json(&map, &value), "{\"x\": 1}");
        assert_eq!(to_json(&native(Native::Text), b"a\"b"), "\"a\\\"b\"");
    }

    #[test]
    fn values_as_2_2_read_them() {
        let s = native(Native::Smallint);
        assert_eq!(
            from_json(&s, &Value::from("6")),
            Ok(FromJson::Bytes(vec![0, 6]))
        );
        assert_eq!(
            from_json(&s, &Value::from("x")).unwrap_err(),
            "Unable to make short from 'x'"
        );
        assert_eq!(
            from_json(&native(Native::Int), &Value::from(1.5)).unwrap_err(),
            "Expected an int value, but got a Double: 1.5"
        );
        assert_eq!(
            from_json(&native(Native::SignedTimestamp), &Value::from(5)).unwrap_err(),
            "Expected a long or a datestring representation of a timestamp value, but got a Integer: 5"
        );
    }

    /// Recorded: 3.0.24 and 3.11.10 (`ordinary19u`'s nested contacts and
    /// `ordinary19zi`'s people: a tuple from a list, a user type from an
    /// object, frozen collections whole).
    #[test]
    fn tuples_user_types_and_frozen_collections_as_3_0_read_them() {
        let text = native(Native::Text);
        let double = native(Native::Double);
        let tuple = CqlType::Tuple(vec![double.clone(), double.clone()]);
        let json = |s: &str| serde_json::from_str::<Value>(s).unwrap();
        let mut expected = Vec::new();
        for d in [1.5f64, -2.25] {
            expected.extend_from_slice(&8i32.to_be_bytes());
            expected.extend_from_slice(&d.to_be_bytes());
        }
        assert_eq!(
            from_json(&tuple, &json("[1.5, -2.25]")),
            Ok(FromJson::Bytes(expected))
        );
        assert_eq!(
            from_json(&tuple, &json("[1.5]")).unwrap_err(),
            "Tuple is missing items (expected 2): [1.5]"
        );
        let user = CqlType::User(crate::cql::types::UserTypeDef {
            keyspace: "ks".into(),
            name: "address".into(),
            fields: vec![
                ("street".into(), text.clone()),
                ("zip".into(), native(Native::Int)),
            ],
            multi_cell: false,
        });
        let mut expected = 3i32.to_be_bytes().to_vec();
        expected.extend_from_slice(b"Elm");
        expected.extend_from_slice(&(-1i32).to_be_bytes());
        assert_eq!(
            from_json(&user, &json(r#"{"Street": "Elm", "zip": null}"#)),
            Ok(FromJson::Bytes(expected))
        );
        assert_eq!(
            from_json(&user, &json(r#"{"town": "x"}"#)).unwrap_err(),
            "Unknown field 'town' in value of user defined type address"
        );
        let frozen = CqlType::Frozen(Box::new(CqlType::Set(Box::new(text))));
        let set = from_json(&frozen, &json(r#"["b", "a", "b"]"#)).unwrap();
        let whole = crate::marshal::write_v3_collection(&[b"a", b"b"], 2);
        assert_eq!(set, FromJson::Bytes(whole));
    }
}
