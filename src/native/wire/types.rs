//! CQL types on the wire: the [option] that names a column's type in
//! result and prepared metadata, and the two serializations of a
//! collection (v1/v2: [short] counts and lengths, as the executor and the
//! Thrift API carry them; v3+: [int] ones), converted at the border.
//!
//! Types are read from their marshal class names (what the executor's
//! result columns and bind specs carry), so a type the CQL layer does not
//! know as CQL is sent as a custom type with its class name, as Cassandra
//! did. This module must not know statements.

use super::codec::{DecodeError, DecodeResult, Reader, Writer};
use crate::marshal::MARSHAL_PACKAGE;

/// A column type as the protocol names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WireType {
    Simple(u16),
    Custom(String),
    List(Box<WireType>),
    Set(Box<WireType>),
    Map(Box<WireType>, Box<WireType>),
    /// 2.1's user type (v3's 0x30): keyspace, name, fields.
    Udt(String, String, Vec<(String, WireType)>),
    /// 2.1's tuple (v3's 0x31).
    Tuple(Vec<WireType>),
    /// A frozen collection: named as the collection, its value already in
    /// the v3 form (one cell), never re-encoded.
    Frozen(Box<WireType>),
}

const SIMPLE: &[(&str, u16)] = &[
    ("AsciiType", 0x0001),
    ("LongType", 0x0002),
    ("BytesType", 0x0003),
    ("BooleanType", 0x0004),
    ("CounterColumnType", 0x0005),
    ("DecimalType", 0x0006),
    ("DoubleType", 0x0007),
    ("FloatType", 0x0008),
    ("Int32Type", 0x0009),
    ("DateType", 0x000B),
    ("TimestampType", 0x000B),
    ("UUIDType", 0x000C),
    // varchar, not v1's text (0x000A): v3 dropped text, and every version
    // reads varchar as the same UTF-8 type.
    ("UTF8Type", 0x000D),
    ("IntegerType", 0x000E),
    ("TimeUUIDType", 0x000F),
    ("InetAddressType", 0x0010),
];

impl WireType {
    /// From a marshal class name (full or short).
    pub fn of_class(class: &str) -> WireType {
        let short = class
            .trim()
            .strip_prefix(MARSHAL_PACKAGE)
            .unwrap_or(class.trim());
        let arg = |prefix: &str| {
            short
                .strip_prefix(prefix)
                .and_then(|rest| rest.strip_suffix(')'))
        };
        if let Some(inner) = arg("ReversedType(") {
            return WireType::of_class(inner);
        }
        if let Some(inner) = arg("FrozenType(") {
            return WireType::Frozen(Box::new(WireType::of_class(inner)));
        }
        // A multi-cell user type (3.6's, not frozen) is a UDT on the wire too.
        let multi_cell = short
            .strip_prefix(crate::marshal::MULTI_CELL_USER_TYPE)
            .is_some_and(|rest| rest.starts_with('('));
        if short.starts_with("TupleType(") || short.starts_with("UserType(") || multi_cell {
            if let Some(t) = Self::tuple_of(class) {
                return t;
            }
        }
        if let Some(inner) = arg("ListType(") {
            return WireType::List(Box::new(WireType::of_class(inner)));
        }
        if let Some(inner) = arg("SetType(") {
            return WireType::Set(Box::new(WireType::of_class(inner)));
        }
        if let Some((k, v)) = arg("MapType(").and_then(crate::marshal::split_type_pair) {
            return WireType::Map(
                Box::new(WireType::of_class(k)),
                Box::new(WireType::of_class(v)),
            );
        }
        match SIMPLE.iter().find(|(c, _)| *c == short) {
            Some((_, id)) => WireType::Simple(*id),
            None if short.contains('.') => WireType::Custom(short.to_string()),
            None => WireType::Custom(format!("{MARSHAL_PACKAGE}{short}")),
        }
    }

    /// A tuple or user type, from the marshal type its class names.
    fn tuple_of(class: &str) -> Option<WireType> {
        let t = crate::marshal::parse_type(class).ok()?;
        let tuple = t.tuple()?;
        let types: Vec<WireType> = tuple
            .types()
            .iter()
            .map(|t| WireType::of_class(&t.class_name()))
            .collect();
        Some(match tuple.kind() {
            crate::marshal::TupleKind::Tuple => WireType::Tuple(types),
            crate::marshal::TupleKind::User {
                keyspace,
                name,
                fields,
                ..
            } => {
                let utf8 = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
                let fields = fields.iter().map(|f| utf8(f)).zip(types).collect();
                WireType::Udt(keyspace.clone(), utf8(name), fields)
            }
        })
    }

    pub fn write(&self, w: &mut Writer) {
        match self {
            WireType::Udt(keyspace, name, fields) => {
                w.short(0x30).string(keyspace).string(name);
                w.short(fields.len() as u16);
                for (f, t) in fields {
                    w.string(f);
                    t.write(w);
                }
            }
            WireType::Tuple(types) => {
                w.short(0x31).short(types.len() as u16);
                for t in types {
                    t.write(w);
                }
            }
            WireType::Frozen(inner) => inner.write(w),
            WireType::Simple(id) => {
                w.short(*id);
            }
            WireType::Custom(class) => {
                w.short(0).string(class);
            }
            WireType::List(e) => {
                w.short(0x20);
                e.write(w);
            }
            WireType::Set(e) => {
                w.short(0x22);
                e.write(w);
            }
            WireType::Map(k, v) => {
                w.short(0x21);
                k.write(w);
                v.write(w);
            }
        }
    }

    fn is_collection(&self) -> bool {
        matches!(
            self,
            WireType::List(_) | WireType::Set(_) | WireType::Map(..)
        )
    }

    /// The number of serialized items per element (2 for a map entry).
    fn parts(&self) -> usize {
        if matches!(self, WireType::Map(..)) {
            2
        } else {
            1
        }
    }
}

/// A collection value from the executor's [short] form to `version`'s.
pub fn value_to_wire(ty: &WireType, value: Vec<u8>, version: u8) -> Vec<u8> {
    if version < 3 || !ty.is_collection() {
        return value;
    }
    // The executor's own bytes: re-encode; on a malformed value (which it
    // never produces) send it as it is.
    reencode(&value, ty.parts(), false).unwrap_or(value)
}

/// A bound collection value from `version`'s form to the executor's.
pub fn value_from_wire(ty: &WireType, value: Vec<u8>, version: u8) -> DecodeResult<Vec<u8>> {
    if version < 3 || !ty.is_collection() {
        return Ok(value);
    }
    reencode(&value, ty.parts(), true)
}

/// Re-encodes a collection: `from_int` reads [int] counts and lengths and
/// writes [short] ones, else the reverse.
fn reencode(value: &[u8], parts: usize, from_int: bool) -> DecodeResult<Vec<u8>> {
    let mut r = Reader::new(value);
    let mut w = Writer::new();
    let read_len = |r: &mut Reader| -> DecodeResult<usize> {
        if from_int {
            let n = r.int()?;
            usize::try_from(n).map_err(|_| DecodeError(format!("Invalid collection length {n}")))
        } else {
            Ok(r.short()? as usize)
        }
    };
    let too_long = |n: usize| {
        DecodeError(format!(
            "A collection of protocol v1/v2 form holds at most 65535 elements of 65535 bytes; got {n}"
        ))
    };
    let n = read_len(&mut r)?;
    if n.saturating_mul(parts) > r.remaining() / if from_int { 4 } else { 2 } {
        return Err(DecodeError(format!(
            "Collection announces {n} elements in {} bytes",
            r.remaining()
        )));
    }
    if from_int {
        w.short(u16::try_from(n).map_err(|_| too_long(n))?);
    } else {
        w.int(n as i32);
    }
    for _ in 0..n * parts {
        let len = read_len(&mut r)?;
        let bytes = r.raw(len)?;
        if from_int {
            w.short(u16::try_from(len).map_err(|_| too_long(len))?);
        } else {
            w.int(len as i32);
        }
        w.buf.extend_from_slice(bytes);
    }
    r.finish("collection")?;
    Ok(w.buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_become_options() {
        let t = WireType::of_class(
            "org.apache.cassandra.db.marshal.MapType(org.apache.cassandra.db.marshal.UTF8Type,org.apache.cassandra.db.marshal.Int32Type)",
        );
        let mut w = Writer::new();
        t.write(&mut w);
        assert_eq!(w.buf, [0, 0x21, 0, 0x0D, 0, 0x09]);
        assert_eq!(
            WireType::of_class("org.apache.cassandra.db.marshal.ReversedType(org.apache.cassandra.db.marshal.LongType)"),
            WireType::Simple(2)
        );
        assert_eq!(
            WireType::of_class("CompositeType(UTF8Type,UTF8Type)"),
            WireType::Custom(
                "org.apache.cassandra.db.marshal.CompositeType(UTF8Type,UTF8Type)".into()
            )
        );
        // 3.6's multi-cell user type is a UDT option as a frozen one is.
        assert_eq!(
            WireType::of_class("MultiCellUserType(ks,61,62:Int32Type)"),
            WireType::of_class("UserType(ks,61,62:Int32Type)")
        );
    }

    #[test]
    fn collections_convert_both_ways() {
        let list = WireType::List(Box::new(WireType::Simple(0x0D)));
        let short = vec![0, 2, 0, 1, b'a', 0, 2, b'b', b'c'];
        let int = value_to_wire(&list, short.clone(), 3);
        assert_eq!(int, [0, 0, 0, 2, 0, 0, 0, 1, b'a', 0, 0, 0, 2, b'b', b'c']);
        assert_eq!(value_from_wire(&list, int, 4).unwrap(), short);
        assert_eq!(value_to_wire(&list, short.clone(), 2), short);
        // A hostile count or length is an error, not an allocation.
        assert!(value_from_wire(&list, vec![0x7f, 0, 0, 0], 3).is_err());
        assert!(value_from_wire(&list, vec![0, 0, 0, 1, 0x7f, 0, 0, 0], 3).is_err());
    }
}
