//! The collection values of 3.x's CQL 3 over Thrift: `QueryOptions.fromThrift`
//! spoke the native protocol v3's form, [int] counts and lengths (nested
//! collections too), in the rows it answered and the values it bound,
//! where 2.1 and 2.2 spoke v2's ([short], `fromProtocolV2`), the
//! executor's form. This converts at the border: rows to v3, bound values
//! from v3 with 3.x's refusals of a malformed one (`ListSerializer`,
//! `SetSerializer`, `MapSerializer`). It must not read the engine.

use crate::release::{Behaviour, Release};
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// A CQL type as far as collections go.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Shape {
    /// Not a collection: its marshal class.
    Plain(String),
    List(Box<Shape>),
    Set(Box<Shape>),
    Map(Box<Shape>, Box<Shape>),
}

const MARSHAL: &str = "org.apache.cassandra.db.marshal.";

impl Shape {
    /// From a marshal class name: `ReversedType` sees through to what it
    /// wraps; a `FrozenType` is one value the executor keeps in v3's form
    /// already (`cql::types`), passed as it is.
    fn of(class: &str) -> Shape {
        let short = class.trim();
        let short = short.strip_prefix(MARSHAL).unwrap_or(short);
        let arg = |prefix: &str| short.strip_prefix(prefix).and_then(|r| r.strip_suffix(')'));
        if let Some(inner) = arg("ReversedType(") {
            return Shape::of(inner);
        }
        if short.starts_with("FrozenType(") {
            return Shape::Plain(class.trim().to_string());
        }
        if let Some(inner) = arg("ListType(") {
            return Shape::List(Box::new(Shape::of(inner)));
        }
        if let Some(inner) = arg("SetType(") {
            return Shape::Set(Box::new(Shape::of(inner)));
        }
        if let Some((k, v)) = arg("MapType(").and_then(crate::marshal::split_type_pair) {
            return Shape::Map(Box::new(Shape::of(k)), Box::new(Shape::of(v)));
        }
        Shape::Plain(class.trim().to_string())
    }

    /// The element shapes of one entry (a map's key then value).
    fn parts(&self) -> Option<Vec<&Shape>> {
        match self {
            Shape::Plain(_) => None,
            Shape::List(e) | Shape::Set(e) => Some(vec![e]),
            Shape::Map(k, v) => Some(vec![k, v]),
        }
    }

    /// Java's word for it in a refusal.
    fn word(&self) -> &'static str {
        match self {
            Shape::List(_) => "list",
            Shape::Set(_) => "set",
            Shape::Map(..) => "map",
            Shape::Plain(_) => "value",
        }
    }
}

fn speaks_v3(release: Option<&Release>) -> bool {
    release.is_some_and(|r| r.does(Behaviour::Cql3ThriftCollectionsV3))
}

/// A ROWS result's collection values in v3's form (3.x; others as they are).
pub fn rows(release: Option<&Release>, result: &mut t::CqlResult) {
    if !speaks_v3(release) {
        return;
    }
    let (Some(rows), Some(schema)) = (result.rows.as_mut(), result.schema.as_ref()) else {
        return;
    };
    for row in rows {
        for column in &mut row.columns {
            let Some(class) = schema.value_types.get(&column.name) else {
                continue;
            };
            let shape = Shape::of(class);
            if let (Some(value), Some(_)) = (column.value.as_mut(), shape.parts()) {
                if let Some(v3) = to_v3(&shape, value) {
                    *value = v3;
                }
            }
        }
    }
}

/// v2 to v3, nested collections too (`None`: not well formed, left as is).
fn to_v3(shape: &Shape, value: &[u8]) -> Option<Vec<u8>> {
    let Some(parts) = shape.parts() else {
        return Some(value.to_vec());
    };
    let mut rest = value;
    let mut take = |n: usize| -> Option<&[u8]> {
        let (head, tail) = (rest.get(..n)?, rest.get(n..)?);
        rest = tail;
        Some(head)
    };
    let count = u16::from_be_bytes(take(2)?.try_into().ok()?);
    let mut out = (i32::from(count)).to_be_bytes().to_vec();
    for _ in 0..count {
        for part in &parts {
            let len = u16::from_be_bytes(take(2)?.try_into().ok()?);
            let element = to_v3(part, take(usize::from(len))?)?;
            out.extend_from_slice(&(element.len() as i32).to_be_bytes());
            out.extend_from_slice(&element);
        }
    }
    rest.is_empty().then_some(out)
}

/// Bound values of collection markers (`classes`: each marker's type) from
/// v3's form to the executor's, refused as 3.x refused them.
pub fn bound(
    release: Option<&Release>,
    classes: &[String],
    values: &mut [Option<Vec<u8>>],
) -> Result<(), ApiError> {
    if !speaks_v3(release) {
        return Ok(());
    }
    let mut failed = None;
    for (class, value) in classes.iter().zip(values.iter_mut()) {
        let shape = Shape::of(class);
        if let (Some(bytes), Some(_), None) = (value.as_mut(), shape.parts(), &failed) {
            match from_v3(&shape, bytes) {
                Ok(v2) => *bytes = v2,
                Err(e) => failed = Some(e),
            }
        }
    }
    match failed {
        Some(e) => Err(plain_refusal(classes, values).unwrap_or(e)),
        None => Ok(()),
    }
}

/// The first refusal of a bound value that is no collection by its type
/// (`Constants.Marker.bindAndGet`'s validation): 3.x read a collection's
/// value only as its operation ran, after the statement had bound its
/// keys, clustering and USING values, so such a refusal came first.
fn plain_refusal(classes: &[String], values: &[Option<Vec<u8>>]) -> Option<ApiError> {
    classes.iter().zip(values).find_map(|(class, value)| {
        let bytes = value.as_ref()?;
        if Shape::of(class).parts().is_some() {
            return None;
        }
        let ty = crate::marshal::parse_type(class).ok()?;
        ty.validate_for(bytes, crate::marshal::Dialect::V20)
            .err()
            .map(|e| ApiError::invalid(e.0))
    })
}

fn too_long_count(count: i32) -> ApiError {
    ApiError::invalid(format!(
        "A collection of protocol v1/v2 form holds at most 65535 elements of 65535 bytes; got {count}"
    ))
}

/// v3 to v2, each element checked by its type as it is read (3.x's
/// `deserializeForNativeProtocol`). A short count or length is `Not enough bytes to read a list`
/// (a `BufferUnderflowException`), a negative count `The data cannot be
/// deserialized as a list`, bytes left over `Unexpected extraneous bytes
/// after list value`; a length past the value's end failed on the server
/// (`ByteBufferUtil.readBytes` moved past the buffer's limit). A null
/// element (a negative length), which the executor's form cannot carry,
/// is answered as such a failure too (not emulated further).
fn from_v3(shape: &Shape, value: &[u8]) -> Result<Vec<u8>, ApiError> {
    let Some(parts) = shape.parts() else {
        return Ok(value.to_vec());
    };
    let word = shape.word();
    let short = || ApiError::invalid(format!("Not enough bytes to read a {word}"));
    let mut rest = value;
    let int = |rest: &mut &[u8]| -> Result<i32, ApiError> {
        let (head, tail) = (rest.get(..4).ok_or_else(short)?, &rest[4..]);
        *rest = tail;
        Ok(i32::from_be_bytes(head.try_into().expect("four bytes")))
    };
    let count = int(&mut rest)?;
    if count < 0 {
        return Err(ApiError::invalid(format!(
            "The data cannot be deserialized as a {word}"
        )));
    }
    let mut out = Vec::new();
    let mut n: u16 = 0;
    let mut items = Vec::new();
    for _ in 0..count {
        for part in &parts {
            let len = int(&mut rest)?;
            let Ok(len) = usize::try_from(len) else {
                return Err(ApiError::Dropped(format!(
                    "a null element of a bound {word}"
                )));
            };
            if len > rest.len() {
                return Err(ApiError::Dropped(format!(
                    "a bound {word}'s element of {len} bytes past its end"
                )));
            }
            let (element, tail) = rest.split_at(len);
            rest = tail;
            // Each element was validated as it was read, before the next.
            if let Shape::Plain(class) = part {
                if let Ok(ty) = crate::marshal::parse_type(class) {
                    ty.validate_for(element, crate::marshal::Dialect::V20)
                        .map_err(|e| ApiError::invalid(e.0))?;
                }
            }
            items.push(from_v3(part, element)?);
        }
        n = n.checked_add(1).ok_or_else(|| too_long_count(count))?;
    }
    if !rest.is_empty() {
        return Err(ApiError::invalid(format!(
            "Unexpected extraneous bytes after {word} value"
        )));
    }
    // The executor's form counts and measures in [short]s.
    let too_long = |n: usize| {
        ApiError::invalid(format!(
            "A collection of protocol v1/v2 form holds at most 65535 elements of 65535 bytes; got {n}"
        ))
    };
    out.extend_from_slice(&n.to_be_bytes());
    for item in items {
        let len = u16::try_from(item.len()).map_err(|_| too_long(item.len()))?;
        out.extend_from_slice(&len.to_be_bytes());
        out.extend_from_slice(&item);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SET: &str =
        "org.apache.cassandra.db.marshal.SetType(org.apache.cassandra.db.marshal.UTF8Type)";

    /// Nested collections are re-encoded too; a frozen one is passed as
    /// it is (recorded: 3.0.24's `rel_udt`, a map of frozen lists).
    #[test]
    fn nested_collections_take_v3s_form_too() {
        let frozen = "org.apache.cassandra.db.marshal.FrozenType(org.apache.cassandra.db.marshal.\
                      ListType(org.apache.cassandra.db.marshal.Int32Type))";
        assert_eq!(Shape::of(frozen), Shape::Plain(frozen.to_string()));
        let shape = Shape::of(
            "org.apache.cassandra.db.marshal.ListType(\
             org.apache.cassandra.db.marshal.SetType(org.apache.cassandra.db.marshal.Int32Type))",
        );
        let int = |n: u32| n.to_be_bytes();
        let set_v2 = |items: &[u32]| {
            let mut v = (items.len() as u16).to_be_bytes().to_vec();
            for i in items {
                v.extend_from_slice(&4u16.to_be_bytes());
                v.extend_from_slice(&int(*i));
            }
            v
        };
        let (a, b) = (set_v2(&[1, 2]), set_v2(&[3]));
        let mut v2 = 2u16.to_be_bytes().to_vec();
        for s in [&a, &b] {
            v2.extend_from_slice(&(s.len() as u16).to_be_bytes());
            v2.extend_from_slice(s);
        }
        let v3 = to_v3(&shape, &v2).unwrap();
        assert_eq!(
            hex(&v3),
            "000000020000001400000002000000040000000100000004000000020000000c000000010000000400000003"
        );
        assert_eq!(from_v3(&shape, &v3).unwrap(), v2);
    }

    /// Recorded: 3.0.24 and 3.11.10 (`ordinary19zb`'s cyanite: a list
    /// bound in v2's form failed on the server, unless the TTL's bigint
    /// value was refused first).
    #[test]
    fn a_plain_values_refusal_comes_before_a_collections_failure() {
        let release = Release::find("3.0.24");
        let classes = [
            format!("{MARSHAL}Int32Type"),
            format!("{MARSHAL}ListType({MARSHAL}DoubleType)"),
        ];
        let v2_list = vec![0, 1, 0, 8, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0];
        let mut values = [Some(vec![0, 0, 0x51, 0x80]), Some(v2_list.clone())];
        assert!(matches!(
            bound(release, &classes, &mut values),
            Err(ApiError::Dropped(_))
        ));
        let mut values = [Some(vec![0, 0, 0, 0, 0, 1, 0x51, 0x80]), Some(v2_list)];
        let refused = bound(release, &classes, &mut values).unwrap_err();
        assert!(!matches!(refused, ApiError::Dropped(_)), "{refused:?}");
        assert!(
            refused.to_string().contains("Expected 4 or 0 byte int (8)"),
            "{refused}"
        );
    }

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    /// Recorded: 3.0.24 (a set bound in v2's form, and too few elements).
    #[test]
    fn malformed_bound_values_are_refused_as_3x_refused_them() {
        let set = Shape::of(SET);
        let msg = |r: Result<Vec<u8>, ApiError>| r.unwrap_err().to_string();
        assert!(msg(from_v3(&set, &[0, 1, 0, 1, b'q'])).contains("Not enough bytes to read a set"));
        assert!(msg(from_v3(&set, &[0, 0, 0, 2, 0, 0, 0, 1, b'q']))
            .contains("Not enough bytes to read a set"));
        assert!(msg(from_v3(&set, &[0, 0, 0, 0, 9]))
            .contains("Unexpected extraneous bytes after set value"));
        assert!(msg(from_v3(&set, &[0xff, 0, 0, 0]))
            .contains("The data cannot be deserialized as a set"));
        // an element's length past the value's end: the server failed
        let map = Shape::of("MapType(UTF8Type,Int32Type)");
        let past = from_v3(&map, &[0, 1, 0, 1, b'q', 0, 4, 0, 0, 0, 5]).unwrap_err();
        assert!(matches!(past, ApiError::Dropped(_)), "{past:?}");
        assert_eq!(
            from_v3(&set, &[0, 0, 0, 1, 0, 0, 0, 1, b'q']).unwrap(),
            [0, 1, 0, 1, b'q']
        );
    }

    /// Recorded: 3.0.24, 3.11.10 (`o19b_cql3prep`, `rel_bindtexts`): a list
    /// bound in v2's form read as v3's, its first element of one byte
    /// refused before the second's length ran past the end.
    #[test]
    fn elements_are_checked_as_they_are_read() {
        let list = Shape::of("ListType(Int32Type)");
        let v2 = [0, 2, 0, 4, 0, 0, 0, 1, 0, 4, 0, 0, 0, 2];
        let e = from_v3(&list, &v2).unwrap_err().to_string();
        assert!(e.contains("Expected 4 or 0 byte int (1)"), "{e}");
        let uuids = Shape::of("SetType(UUIDType)");
        let e = from_v3(&uuids, &[0, 0, 0, 1, 0, 0, 0, 1, 7])
            .unwrap_err()
            .to_string();
        assert!(e.contains("UUID should be 16 or 0 bytes (1)"), "{e}");
    }

    #[test]
    fn only_3x_speaks_v3() {
        let classes = [SET.to_string()];
        let mut values = vec![Some(vec![0, 1, 0, 1, b'q'])];
        bound(Release::find("2.2.19"), &classes, &mut values).unwrap();
        assert_eq!(values[0].as_deref(), Some(&[0, 1, 0, 1, b'q'][..]));
        assert!(bound(Release::find("3.11.10"), &classes, &mut values).is_err());
    }
}
