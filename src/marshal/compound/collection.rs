//! CQL3 collections (Cassandra 1.2+): `ListType(T)`, `SetType(T)`,
//! `MapType(K,V)` and the comparator component that maps collection
//! columns to them, `ColumnToCollectionType(hexname:Type,...)`.
//!
//! In storage every collection element is its own cell whose composite
//! name ends with (column name, element key): the key is a time UUID for a
//! list, the element for a set, the map key for a map. The collection types
//! themselves only validate whole serialized values (the CQL native
//! protocol v1/v2 form: a u16 count, then u16-length-prefixed elements, a
//! map alternating keys and values); their messages are Cassandra 2.0's.
//! As comparators they order by raw bytes; their strings are hex, as in
//! Cassandra.

use crate::marshal::{
    bytes_to_hex, hex_to_bytes, AbstractType, Dialect, MarshalError, TimeUUIDType, TypeRef,
    MARSHAL_PACKAGE,
};
use std::cmp::Ordering;
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CollectionKind {
    List,
    Set,
    Map,
}

impl CollectionKind {
    fn short_name(self) -> &'static str {
        match self {
            CollectionKind::List => "ListType",
            CollectionKind::Set => "SetType",
            CollectionKind::Map => "MapType",
        }
    }
    pub fn noun(self) -> &'static str {
        match self {
            CollectionKind::List => "list",
            CollectionKind::Set => "set",
            CollectionKind::Map => "map",
        }
    }
}

#[derive(Debug, Clone)]
pub struct CollectionType {
    kind: CollectionKind,
    /// `[T]` for lists and sets, `[K, V]` for maps.
    params: Vec<TypeRef>,
}

impl CollectionType {
    /// Checks the parameter count: one for lists and sets, two for maps.
    pub fn new(kind: CollectionKind, params: Vec<TypeRef>) -> Result<Self, MarshalError> {
        let want = if kind == CollectionKind::Map { 2 } else { 1 };
        if params.len() != want {
            return Err(MarshalError(format!(
                "{} takes exactly {want} type parameter{}, {} given",
                kind.short_name(),
                if want == 1 { "" } else { "s" },
                params.len()
            )));
        }
        Ok(CollectionType { kind, params })
    }

    pub fn kind(&self) -> CollectionKind {
        self.kind
    }

    /// The type of the cell-name component that identifies an element:
    /// TimeUUIDType for lists, the element type for sets, the key type for maps.
    pub fn name_comparator(&self) -> TypeRef {
        match self.kind {
            CollectionKind::List => Arc::new(TimeUUIDType),
            CollectionKind::Set | CollectionKind::Map => self.params[0].clone(),
        }
    }

    /// The key and value types of a map, the element type of a list or set.
    pub fn params(&self) -> &[TypeRef] {
        &self.params
    }

    /// The type of an element cell's value: the element type for lists, the
    /// value type for maps; `None` for sets, whose cells carry no value.
    pub fn value_comparator(&self) -> Option<TypeRef> {
        match self.kind {
            CollectionKind::List => Some(self.params[0].clone()),
            CollectionKind::Set => None,
            CollectionKind::Map => Some(self.params[1].clone()),
        }
    }

    /// Reads one u16-length-prefixed element.
    fn read_element<'a>(&self, rest: &mut &'a [u8]) -> Result<&'a [u8], MarshalError> {
        let short = || MarshalError(format!("Not enough bytes to read a {}", self.kind.noun()));
        if rest.len() < 2 {
            return Err(short());
        }
        let len = u16::from_be_bytes([rest[0], rest[1]]) as usize;
        let body = &rest[2..];
        if body.len() < len {
            return Err(short());
        }
        let (element, after) = body.split_at(len);
        *rest = after;
        Ok(element)
    }
}

impl AbstractType for CollectionType {
    fn class_name(&self) -> String {
        let params: Vec<String> = self.params.iter().map(|t| t.class_name()).collect();
        format!(
            "{MARSHAL_PACKAGE}{}({})",
            self.kind.short_name(),
            params.join(",")
        )
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        a.cmp(b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        self.validate_for(value, Dialect::V12)
    }
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        if value.is_empty() {
            return Ok(());
        }
        let mut rest = value;
        if rest.len() < 2 {
            return Err(MarshalError(format!(
                "Not enough bytes to read a {}",
                self.kind.noun()
            )));
        }
        let count = u16::from_be_bytes([rest[0], rest[1]]);
        rest = &rest[2..];
        for _ in 0..count {
            for t in &self.params {
                let element = self.read_element(&mut rest)?;
                t.validate_for(element, dialect)?;
            }
        }
        if !rest.is_empty() {
            return Err(MarshalError(format!(
                "Unexpected extraneous bytes after {} value",
                self.kind.noun()
            )));
        }
        Ok(())
    }
    fn get_string(&self, value: &[u8]) -> String {
        bytes_to_hex(value)
    }
    /// Hex of a serialized collection, which must then be a valid one.
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        let bytes = hex_to_bytes(text)
            .ok_or_else(|| MarshalError(format!("cannot parse '{text}' as hex bytes")))?;
        self.validate(&bytes)?;
        Ok(bytes)
    }
    fn collection(&self) -> Option<&CollectionType> {
        Some(self)
    }
}

/// The last component type of a CQL3 table's comparator when the table has
/// collections: which column (by name bytes) holds which collection.
#[derive(Debug, Clone)]
pub struct ColumnToCollectionType {
    columns: Vec<(Vec<u8>, TypeRef)>,
}

impl ColumnToCollectionType {
    /// Every mapped type must be a collection.
    pub fn new(columns: Vec<(Vec<u8>, TypeRef)>) -> Result<Self, MarshalError> {
        if let Some((name, t)) = columns.iter().find(|(_, t)| t.collection().is_none()) {
            return Err(MarshalError(format!(
                "ColumnToCollectionType maps {} to {}, which is not a collection type",
                bytes_to_hex(name),
                t.class_name()
            )));
        }
        Ok(ColumnToCollectionType { columns })
    }

    fn lookup(&self, column: &[u8]) -> Option<&CollectionType> {
        self.columns
            .iter()
            .find(|(n, _)| n == column)
            .and_then(|(_, t)| t.collection())
    }
}

impl AbstractType for ColumnToCollectionType {
    fn class_name(&self) -> String {
        let params: Vec<String> = self
            .columns
            .iter()
            .map(|(n, t)| format!("{}:{}", bytes_to_hex(n), t.class_name()))
            .collect();
        format!(
            "{MARSHAL_PACKAGE}ColumnToCollectionType({})",
            params.join(",")
        )
    }
    /// Only meaningful inside a composite (see `compare_collection_members`);
    /// alone it orders by bytes.
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        a.cmp(b)
    }
    fn validate(&self, _value: &[u8]) -> Result<(), MarshalError> {
        Ok(())
    }
    fn get_string(&self, value: &[u8]) -> String {
        bytes_to_hex(value)
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        hex_to_bytes(text)
            .ok_or_else(|| MarshalError(format!("cannot parse '{text}' as hex bytes")))
    }
    fn collection_columns(&self) -> Option<&[(Vec<u8>, TypeRef)]> {
        Some(&self.columns)
    }
    fn compare_collection_members(&self, a: &[u8], b: &[u8], previous: Option<&[u8]>) -> Ordering {
        // Cassandra throws for an unknown column; a comparator must not fail,
        // and validation already refuses such names, so fall back to bytes.
        match previous.and_then(|column| self.lookup(column)) {
            Some(c) => c.name_comparator().compare(a, b),
            None => a.cmp(b),
        }
    }
    fn validate_collection_member(
        &self,
        value: &[u8],
        previous: Option<&[u8]>,
        dialect: Dialect,
    ) -> Result<(), MarshalError> {
        let column = previous.unwrap_or_default();
        match self.lookup(column) {
            Some(c) => c.name_comparator().validate_for(value, dialect),
            None => Err(MarshalError(format!(
                "{} is not defined as a collection",
                bytes_to_hex(column)
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::{parse_type, CompositeBuilder, Eoc, Int32Type, UTF8Type};

    fn serialized(elements: &[&[u8]]) -> Vec<u8> {
        let mut out = (elements.len() as u16).to_be_bytes().to_vec();
        for e in elements {
            out.extend_from_slice(&(e.len() as u16).to_be_bytes());
            out.extend_from_slice(e);
        }
        out
    }

    #[test]
    fn collection_class_names_and_parameters() {
        let m = CollectionType::new(
            CollectionKind::Map,
            vec![Arc::new(Int32Type), Arc::new(UTF8Type)],
        )
        .unwrap();
        assert_eq!(
            m.class_name(),
            "org.apache.cassandra.db.marshal.MapType(org.apache.cassandra.db.marshal.Int32Type,org.apache.cassandra.db.marshal.UTF8Type)"
        );
        assert_eq!(m.name_comparator().class_name(), Int32Type.class_name());
        assert!(CollectionType::new(CollectionKind::List, vec![]).is_err());
        let l = CollectionType::new(CollectionKind::List, vec![Arc::new(Int32Type)]).unwrap();
        assert_eq!(l.name_comparator().class_name(), TimeUUIDType.class_name());
    }

    #[test]
    fn serialized_values() {
        let s = CollectionType::new(CollectionKind::Set, vec![Arc::new(Int32Type)]).unwrap();
        assert!(s
            .validate(&serialized(&[&[0, 0, 0, 1], &[0, 0, 0, 2]]))
            .is_ok());
        assert_eq!(
            s.validate(&serialized(&[&[0, 1]])).unwrap_err().0,
            "Expected 4 or 0 byte int (2)"
        );
        assert_eq!(
            s.validate(&[0, 1, 0]).unwrap_err().0,
            "Not enough bytes to read a set"
        );
        let mut extra = serialized(&[&[0, 0, 0, 1]]);
        extra.push(9);
        assert_eq!(
            s.validate(&extra).unwrap_err().0,
            "Unexpected extraneous bytes after set value"
        );
        let m = CollectionType::new(
            CollectionKind::Map,
            vec![Arc::new(UTF8Type), Arc::new(Int32Type)],
        )
        .unwrap();
        let mut v = 1u16.to_be_bytes().to_vec();
        v.extend_from_slice(&serialized(&[b"k"])[2..]);
        v.extend_from_slice(&serialized(&[&[0, 0, 0, 7]])[2..]);
        assert!(m.validate(&v).is_ok());
    }

    #[test]
    fn composite_with_collections_from_recorded_schema() {
        // A comparator recorded from Cassandra 1.2.9 (api19_cql3_collections).
        let name = "org.apache.cassandra.db.marshal.CompositeType(org.apache.cassandra.db.marshal.UTF8Type,org.apache.cassandra.db.marshal.ColumnToCollectionType(73:org.apache.cassandra.db.marshal.SetType(org.apache.cassandra.db.marshal.UTF8Type),6c:org.apache.cassandra.db.marshal.ListType(org.apache.cassandra.db.marshal.Int32Type),6d:org.apache.cassandra.db.marshal.MapType(org.apache.cassandra.db.marshal.Int32Type,org.apache.cassandra.db.marshal.UTF8Type)))";
        let t = parse_type(name).unwrap();
        assert_eq!(t.class_name(), name);
        let cell = |col: &[u8], key: &[u8]| {
            CompositeBuilder::new()
                .push(col)
                .unwrap()
                .push(key)
                .unwrap()
                .build(Eoc::None)
        };
        // Map "m" is keyed by Int32: -1 sorts before 2 (bytes would say otherwise).
        let (a, b) = (
            cell(b"m", &(-1i32).to_be_bytes()),
            cell(b"m", &2i32.to_be_bytes()),
        );
        assert_eq!(t.compare(&a, &b), Ordering::Less);
        assert!(t.validate(&a).is_ok());
        // Set "s" elements are UTF8 and are validated as such.
        assert!(t.validate(&cell(b"s", b"x")).is_ok());
        assert_eq!(
            t.validate_for(&cell(b"s", b"\xff"), Dialect::V12)
                .unwrap_err()
                .0,
            "String didn't validate."
        );
        // List "l" elements are keyed by time UUIDs.
        assert_eq!(
            t.validate_for(&cell(b"l", b"abc"), Dialect::V12)
                .unwrap_err()
                .0,
            "TimeUUID should be 16 or 0 bytes (3)"
        );
        // An unknown collection column.
        assert_eq!(
            t.validate(&cell(b"zz", b"x")).unwrap_err().0,
            "7a7a is not defined as a collection"
        );
        // A plain column name alone is fine (the collection component is absent).
        assert!(t
            .validate(&CompositeBuilder::new().push(b"v").unwrap().build(Eoc::None))
            .is_ok());
        let c2c = t.components().unwrap()[1].clone();
        assert_eq!(c2c.collection_columns().unwrap().len(), 3);
    }
}
