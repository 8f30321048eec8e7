//! Comparators and validators: Cassandra's `AbstractType` family.
//!
//! Owns how a column name (or value) of a given type compares, validates and
//! converts to and from a readable string, plus the registry that resolves a
//! type by name (`UTF8Type`, `org.apache.cassandra.db.marshal.UTF8Type`,
//! `CompositeType(LongType,UTF8Type)`, `ReversedType(...)`,
//! `DynamicCompositeType(a=>AsciiType)`, the CQL3 collections and
//! `ColumnToCollectionType(hexname:MapType(...))`).
//!
//! It must not know about storage, Thrift or CQL: callers turn a
//! [`MarshalError`] into whatever exception their protocol needs.
//!
//! # Two generations of messages
//!
//! Cassandra changed what some types accept and how they word a rejection
//! between 0.6 and 1.x (e.g. LongType: `A long is exactly 8 bytes` became
//! `Expected 8 or 0 byte long (N)`; AsciiType started rejecting bytes >= 0x80).
//! [`AbstractType::validate`] answers as Cassandra 0.6.8 did (the version the
//! 0.6 conformance corpus was recorded from); types that did not exist in 0.6
//! answer as 1.2. [`AbstractType::validate_for`] takes a [`Dialect`] so the
//! 1.x API front end can ask for the 1.2 behaviour of the same type object:
//! one schema can then serve both API generations.

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

mod registry;
pub use registry::{parse_type, register_type, split_type_pair, TypeFactory};

mod compound;
mod numbers;
mod strings;
mod uuids;

#[cfg(test)]
mod properties;
#[cfg(test)]
mod recorded;

pub use compound::collection::{CollectionKind, CollectionType, ColumnToCollectionType};
pub use compound::composite::{
    is_static_name, CompositeBuilder, CompositeType, Eoc, STATIC_MARKER,
};
pub use compound::dynamic_composite::DynamicCompositeType;
pub(crate) use compound::frozen_fields::without_frozen;
pub use compound::reversed::ReversedType;
pub use compound::tuple::{
    join_components, read_v3_collection, split_components, v3_collection_overruns,
    write_v3_collection, FrozenType, TupleKind, TupleType, MULTI_CELL_USER_TYPE,
};
pub use numbers::boolean::BooleanType;
pub use numbers::counter::CounterColumnType;
pub(crate) use numbers::date::time_uuid_for_millis;
pub use numbers::date::{days_from_civil, DateType, TimestampType};
pub use numbers::date_texts::{parse_timestamp_text, DateTexts};
pub(crate) use numbers::day_time::format_day;
pub use numbers::day_time::{SimpleDateType, TimeType};
pub use numbers::decimal::DecimalType;
pub(crate) use numbers::decimal::{decode_decimal, java_decimal_string};
pub use numbers::duration::{Duration, DurationType};
pub use numbers::ieee::{DoubleType, FloatType};
pub use numbers::int32::Int32Type;
pub use numbers::integer::IntegerType;
pub use numbers::long::LongType;
pub use numbers::small::{ByteType, ShortType};
pub use strings::ascii::AsciiType;
pub use strings::bytes::BytesType;
pub use strings::empty::EmptyType;
pub use strings::inet::InetAddressType;
pub use strings::utf8::UTF8Type;
pub use uuids::lexical_uuid::LexicalUUIDType;
pub use uuids::time_uuid::{as_of_06, TimeUUIDType, TimeUUIDType06};
pub use uuids::uuid::UUIDType;

/// The package every built-in type's class name starts with.
pub const MARSHAL_PACKAGE: &str = "org.apache.cassandra.db.marshal.";

/// A type rejected a value; the message is what Cassandra's MarshalException said.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MarshalError(pub String);

impl MarshalError {
    pub(crate) fn new(msg: impl Into<String>) -> Self {
        MarshalError(msg.into())
    }
}

/// Which Cassandra generation's validation rules and messages to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// Cassandra 0.6 (Thrift API 2.2.0), as recorded from 0.6.8.
    #[default]
    Api2,
    /// Cassandra 1.2 (Thrift API 19.x).
    V12,
    /// Cassandra 2.0 on: the validators of the `serializers` package,
    /// which worded the UUID types' and the decimal's refusals anew
    /// (`UUID should be 16 or 0 bytes (N)`, `Expected 0 or at least 4
    /// bytes (N)`) and took an empty inet; 1.2's rules otherwise.
    V20,
}

/// One of Cassandra's comparators/validators.
pub trait AbstractType: Send + Sync + fmt::Debug {
    /// The full class name Cassandra reports, e.g.
    /// `org.apache.cassandra.db.marshal.UTF8Type` or
    /// `org.apache.cassandra.db.marshal.CompositeType(org.apache...LongType,...)`.
    fn class_name(&self) -> String;

    /// Total order over valid values. Empty values sort first for every
    /// built-in type (Cassandra's convention for "no bound").
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering;

    /// Accepts or rejects a value, with Cassandra's exact message (0.6 rules
    /// for the types 0.6 had, 1.2 rules for the others).
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError>;

    /// A readable rendering (shells, error messages), as Cassandra's `getString`.
    fn get_string(&self, value: &[u8]) -> String;

    /// The inverse of `get_string` where one exists, as Cassandra's `fromString`.
    #[allow(clippy::wrong_self_convention)] // Cassandra's name; the type is the parser.
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError>;

    /// The order of a reversed slice over this type: everything reversed
    /// except that the empty value (no bound) still sorts first, as
    /// Cassandra's `getReverseComparator`.
    fn reverse_compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        empty_first(a, b).unwrap_or_else(|| self.compare(b, a))
    }

    /// True when this type is `ReversedType(...)`: slices traverse it backwards.
    fn is_reversed(&self) -> bool {
        false
    }

    /// Whether comparing `a` with `b` meets, after equal components, two
    /// components of different types at one position (only a
    /// DynamicCompositeType's names can: 0.8 threw there).
    fn mixes_types(&self, _a: &[u8], _b: &[u8]) -> bool {
        false
    }

    /// Validation as the given Cassandra generation did it. Types whose rules
    /// never changed keep this default.
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        let _ = dialect;
        self.validate(value)
    }

    /// The component types of a `CompositeType`, in order; `None` otherwise.
    fn components(&self) -> Option<&[TypeRef]> {
        None
    }

    /// The wrapped type of a `ReversedType`; `None` otherwise.
    fn base_type(&self) -> Option<&TypeRef> {
        None
    }

    /// True for `CounterColumnType`: such columns hold counters, not plain values.
    fn is_counter(&self) -> bool {
        false
    }

    /// `ListType`/`SetType`/`MapType`: the collection's description.
    fn collection(&self) -> Option<&CollectionType> {
        None
    }

    /// 2.1's `FrozenType(C)`: the collection kept whole; `None` otherwise.
    fn frozen(&self) -> Option<&TypeRef> {
        None
    }

    /// 2.1's `TupleType`/`UserType`: its description; `None` otherwise.
    fn tuple(&self) -> Option<&TupleType> {
        None
    }

    /// `ColumnToCollectionType`: the collection columns (name bytes, type) it maps.
    fn collection_columns(&self) -> Option<&[(Vec<u8>, TypeRef)]> {
        None
    }

    /// Compares one component of a composite name; `previous` is the
    /// component before it. Only `ColumnToCollectionType` looks at it (the
    /// previous component names the collection column).
    fn compare_collection_members(&self, a: &[u8], b: &[u8], previous: Option<&[u8]>) -> Ordering {
        let _ = previous;
        self.compare(a, b)
    }

    /// Validates one component of a composite name; see `compare_collection_members`.
    fn validate_collection_member(
        &self,
        value: &[u8],
        previous: Option<&[u8]>,
        dialect: Dialect,
    ) -> Result<(), MarshalError> {
        let _ = previous;
        self.validate_for(value, dialect)
    }
}

/// Shared handle to a type; cheap to clone, lives in the schema.
pub type TypeRef = Arc<dyn AbstractType>;

/// The order every built-in type imposes before looking at content: an empty
/// value is smaller than any non-empty one. `None` means both are non-empty.
pub(crate) fn empty_first(a: &[u8], b: &[u8]) -> Option<Ordering> {
    match (a.is_empty(), b.is_empty()) {
        (true, true) => Some(Ordering::Equal),
        (true, false) => Some(Ordering::Less),
        (false, true) => Some(Ordering::Greater),
        (false, false) => None,
    }
}

/// Java's `Arrays.toString(byte[])`: signed decimal bytes, e.g. `[-61, 40]`.
/// Cassandra 0.6 quotes rejected UTF-8 names this way.
pub(crate) fn java_byte_array_string(bytes: &[u8]) -> String {
    let parts: Vec<String> = bytes.iter().map(|&b| (b as i8).to_string()).collect();
    format!("[{}]", parts.join(", "))
}

/// Lower-case hex, as Cassandra's `bytesToHex`.
pub fn bytes_to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        s.push(DIGITS[(b >> 4) as usize] as char);
        s.push(DIGITS[(b & 0xf) as usize] as char);
    }
    s
}

/// Cassandra's `hexToBytes`: an odd-length string gets a leading `0`.
/// `None` when a character is not a hex digit.
pub fn hex_to_bytes(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u8> = text
        .chars()
        .map(|c| c.to_digit(16).map(|d| d as u8))
        .collect::<Option<_>>()?;
    let mut out = Vec::with_capacity(digits.len().div_ceil(2));
    let mut iter = digits.iter();
    if digits.len() % 2 == 1 {
        out.push(*iter.next()?);
    }
    while let (Some(hi), Some(lo)) = (iter.next(), iter.next()) {
        out.push(hi << 4 | lo);
    }
    Some(out)
}

/// A parameterless type's full class name.
pub(crate) fn class_name_of(short: &str) -> String {
    format!("{MARSHAL_PACKAGE}{short}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_byte_array_rendering() {
        assert_eq!(java_byte_array_string(&[0xc3, 0x28]), "[-61, 40]");
        assert_eq!(java_byte_array_string(&[]), "[]");
        assert_eq!(java_byte_array_string(&[0x7f, 0x80]), "[127, -128]");
    }

    #[test]
    fn hex_round_trip_and_odd_length() {
        assert_eq!(bytes_to_hex(&[0x00, 0xab, 0x10]), "00ab10");
        assert_eq!(hex_to_bytes("00ab10").unwrap(), vec![0x00, 0xab, 0x10]);
        assert_eq!(hex_to_bytes("abc").unwrap(), vec![0x0a, 0xbc]);
        assert_eq!(hex_to_bytes("").unwrap(), Vec::<u8>::new());
        assert!(hex_to_bytes("zz").is_none());
    }

    #[test]
    fn empty_sorts_first() {
        assert_eq!(empty_first(b"", b""), Some(Ordering::Equal));
        assert_eq!(empty_first(b"", b"a"), Some(Ordering::Less));
        assert_eq!(empty_first(b"a", b""), Some(Ordering::Greater));
        assert_eq!(empty_first(b"a", b"b"), None);
    }
}
