//! 2.1's value types made of other types: `TupleType(A,B)`, `UserType(ks,
//! hexname,hexfield:A,...)` (a tuple whose components are named) and
//! `FrozenType(C)` (a collection kept whole in one cell).
//!
//! A tuple or user type value is its components one after another, each
//! an int32 length (negative: null) and its bytes, as 2.1's `TupleType`
//! and `UserType` wrote them; a value may carry fewer components than the
//! type (a literal of fewer elements, a user type altered since). A frozen
//! collection is the collection in the native protocol's v3 form (int32
//! counts and lengths: 2.1's `CollectionSerializer` at version 3). Owns
//! those layouts and orders; what a CQL literal means is `cql`'s.

use super::frozen_fields::without_frozen;
use crate::marshal::{bytes_to_hex, AbstractType, CollectionKind, MarshalError, TypeRef};
use std::cmp::Ordering;

/// The short name this server keeps a multi-cell user type under.
pub const MULTI_CELL_USER_TYPE: &str = "MultiCellUserType";

/// What a [`TupleType`] is named as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TupleKind {
    Tuple,
    /// A user type: its keyspace, name and field names (bytes).
    /// `multi_cell`: 3.6's user type that is not frozen, each field a cell
    /// of its own (named `MultiCellUserType(...)` in this server's schema,
    /// where a bare `UserType(...)` is 2.1's, always frozen).
    User {
        keyspace: String,
        name: Vec<u8>,
        fields: Vec<Vec<u8>>,
        multi_cell: bool,
    },
}

#[derive(Debug, Clone)]
pub struct TupleType {
    kind: TupleKind,
    types: Vec<TypeRef>,
}

/// Splits a tuple value into its components (`None`: null), as many as it
/// carries.
pub fn split_components(value: &[u8]) -> Result<Vec<Option<&[u8]>>, MarshalError> {
    let mut out = Vec::new();
    let mut rest = value;
    while !rest.is_empty() {
        if rest.len() < 4 {
            return Err(MarshalError(format!(
                "Not enough bytes to read size of {}th component",
                out.len()
            )));
        }
        let size = i32::from_be_bytes([rest[0], rest[1], rest[2], rest[3]]);
        rest = &rest[4..];
        if size < 0 {
            out.push(None);
            continue;
        }
        let size = size as usize;
        if rest.len() < size {
            return Err(MarshalError(format!(
                "Not enough bytes to read {}th component",
                out.len()
            )));
        }
        out.push(Some(&rest[..size]));
        rest = &rest[size..];
    }
    Ok(out)
}

/// Joins components as a tuple value (`None`: null).
pub fn join_components(components: &[Option<Vec<u8>>]) -> Vec<u8> {
    let mut out = Vec::new();
    for c in components {
        match c {
            None => out.extend_from_slice(&(-1i32).to_be_bytes()),
            Some(b) => {
                out.extend_from_slice(&(b.len() as i32).to_be_bytes());
                out.extend_from_slice(b);
            }
        }
    }
    out
}

impl TupleType {
    pub fn new(kind: TupleKind, types: Vec<TypeRef>) -> Self {
        TupleType { kind, types }
    }
    pub fn kind(&self) -> &TupleKind {
        &self.kind
    }
    pub fn types(&self) -> &[TypeRef] {
        &self.types
    }
}

impl AbstractType for TupleType {
    fn class_name(&self) -> String {
        let p = crate::marshal::MARSHAL_PACKAGE;
        match &self.kind {
            TupleKind::Tuple => {
                let inner: Vec<String> = self
                    .types
                    .iter()
                    .map(|t| without_frozen(&t.class_name()))
                    .collect();
                format!("{p}TupleType({})", inner.join(","))
            }
            TupleKind::User {
                keyspace,
                name,
                fields,
                multi_cell,
            } => {
                let mut parts = vec![keyspace.clone(), bytes_to_hex(name)];
                for (f, t) in fields.iter().zip(&self.types) {
                    parts.push(format!(
                        "{}:{}",
                        bytes_to_hex(f),
                        without_frozen(&t.class_name())
                    ));
                }
                let class = if *multi_cell {
                    MULTI_CELL_USER_TYPE
                } else {
                    "UserType"
                };
                format!("{p}{class}({})", parts.join(","))
            }
        }
    }
    /// 2.1's `TupleType.compare`: component by component, a null before
    /// any value, a shorter value first.
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        if a.is_empty() || b.is_empty() {
            return a.len().min(1).cmp(&b.len().min(1));
        }
        let (Ok(ca), Ok(cb)) = (split_components(a), split_components(b)) else {
            return a.cmp(b);
        };
        for (i, (x, y)) in ca.iter().zip(&cb).enumerate() {
            let ord = match (x, y) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Less,
                (Some(_), None) => Ordering::Greater,
                (Some(x), Some(y)) => match self.types.get(i) {
                    Some(t) => t.compare(x, y),
                    None => x.cmp(y),
                },
            };
            if ord != Ordering::Equal {
                return ord;
            }
        }
        ca.len().cmp(&cb.len())
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        let components = split_components(value)?;
        if components.len() > self.types.len() {
            return Err(MarshalError::new(
                "Invalid remaining data after end of tuple value",
            ));
        }
        for (c, t) in components.iter().zip(&self.types) {
            if let Some(c) = c {
                t.validate(c)?;
            }
        }
        Ok(())
    }
    fn get_string(&self, value: &[u8]) -> String {
        match split_components(value) {
            Ok(cs) => cs
                .iter()
                .zip(&self.types)
                .map(|(c, t)| match c {
                    None => "@".to_string(),
                    Some(c) => t.get_string(c).replace(':', "\\:"),
                })
                .collect::<Vec<_>>()
                .join(":"),
            Err(_) => bytes_to_hex(value),
        }
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        Err(MarshalError(format!(
            "Cannot parse '{text}' as a {}",
            self.class_name()
        )))
    }
    fn tuple(&self) -> Option<&TupleType> {
        Some(self)
    }
}

/// `FrozenType(C)`: the collection `C` as one value, in the v3 form.
#[derive(Debug, Clone)]
pub struct FrozenType {
    inner: TypeRef,
}

impl FrozenType {
    pub fn new(inner: TypeRef) -> Self {
        FrozenType { inner }
    }
    pub fn inner(&self) -> &TypeRef {
        &self.inner
    }
    /// The element (and value) types of the collection.
    fn parts(&self) -> Option<(CollectionKind, TypeRef, Option<TypeRef>)> {
        let c = self.inner.collection()?;
        Some(match c.kind() {
            CollectionKind::List => (c.kind(), c.value_comparator()?, None),
            CollectionKind::Set => (c.kind(), c.name_comparator(), None),
            CollectionKind::Map => (c.kind(), c.name_comparator(), c.value_comparator()),
        })
    }
}

/// Reads the v3 form: an int32 count, then int32-length elements (maps:
/// keys and values alternating).
pub fn read_v3_collection(value: &[u8], pairs: bool) -> Result<Vec<&[u8]>, MarshalError> {
    let short = || MarshalError::new("Not enough bytes to read a collection");
    if value.len() < 4 {
        return Err(short());
    }
    let n = i32::from_be_bytes([value[0], value[1], value[2], value[3]]).max(0) as usize;
    let n = if pairs { n.saturating_mul(2) } else { n };
    let mut rest = &value[4..];
    let mut out = Vec::new();
    for _ in 0..n {
        if rest.len() < 4 {
            return Err(short());
        }
        let len = i32::from_be_bytes([rest[0], rest[1], rest[2], rest[3]]).max(0) as usize;
        rest = &rest[4..];
        if rest.len() < len {
            return Err(short());
        }
        out.push(&rest[..len]);
        rest = &rest[len..];
    }
    Ok(out)
}

/// Whether reading `value` as a v3 collection of `types` (one for a list
/// or a set, a map's key and value) meets an element's length running
/// past the value's end before a short count or length, or an element its
/// type refuses: 2.1 to 2.2's `CollectionSerializer.readValue` then asked
/// `ByteBufferUtil.readBytes` for a limit past the buffer's capacity, an
/// `IllegalArgumentException` no caller caught, where the others were the
/// `MarshalException`s of `Not enough bytes` and of the element's type.
pub fn v3_collection_overruns(value: &[u8], types: &[TypeRef]) -> bool {
    let int = |b: &[u8]| i32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    if value.len() < 4 || types.is_empty() {
        return false;
    }
    let n = (int(value).max(0) as usize).saturating_mul(types.len());
    let mut rest = &value[4..];
    for i in 0..n {
        if rest.len() < 4 {
            return false;
        }
        let len = int(rest);
        rest = &rest[4..];
        if len < 0 {
            continue;
        }
        let Some(element) = rest.get(..len as usize) else {
            return true;
        };
        if types[i % types.len()].validate(element).is_err() {
            return false;
        }
        rest = &rest[len as usize..];
    }
    false
}

/// Writes the v3 form of `items` (`entries`: the count written).
pub fn write_v3_collection(items: &[&[u8]], entries: usize) -> Vec<u8> {
    let mut out = (entries as i32).to_be_bytes().to_vec();
    for item in items {
        out.extend_from_slice(&(item.len() as i32).to_be_bytes());
        out.extend_from_slice(item);
    }
    out
}

impl AbstractType for FrozenType {
    fn class_name(&self) -> String {
        // The inner type's own frozen components are implicit (2.1's
        // `toString(ignoreFreezing || !isMultiCell)`).
        format!(
            "{}FrozenType({})",
            crate::marshal::MARSHAL_PACKAGE,
            without_frozen(&self.inner.class_name())
        )
    }
    /// 2.1's `ListType`/`SetType`/`MapType` compare of whole values:
    /// element by element, then the shorter first.
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        if a.is_empty() || b.is_empty() {
            return a.len().min(1).cmp(&b.len().min(1));
        }
        let Some((kind, k, v)) = self.parts() else {
            return a.cmp(b);
        };
        let pairs = kind == CollectionKind::Map;
        let (Ok(xa), Ok(xb)) = (read_v3_collection(a, pairs), read_v3_collection(b, pairs)) else {
            return a.cmp(b);
        };
        for (i, (x, y)) in xa.iter().zip(&xb).enumerate() {
            let t = match (&v, i % 2) {
                (Some(v), 1) => v,
                _ => &k,
            };
            let ord = t.compare(x, y);
            if ord != Ordering::Equal {
                return ord;
            }
        }
        xa.len().cmp(&xb.len())
    }
    /// 2.1's collection serializers at version 3: each element checked
    /// as it is read, then nothing may be left.
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        let Some((kind, k, v)) = self.parts() else {
            return Ok(());
        };
        let word = match kind {
            CollectionKind::List => "list",
            CollectionKind::Set => "set",
            CollectionKind::Map => "map",
        };
        let short = || MarshalError(format!("Not enough bytes to read a {word}"));
        let int = |b: &[u8]| i32::from_be_bytes([b[0], b[1], b[2], b[3]]);
        if value.len() < 4 {
            return Err(short());
        }
        let n = int(value).max(0) as usize;
        let n = if v.is_some() { n.saturating_mul(2) } else { n };
        let mut rest = &value[4..];
        for i in 0..n {
            if rest.len() < 4 {
                return Err(short());
            }
            let len = int(rest);
            rest = &rest[4..];
            if len < 0 {
                continue;
            }
            let len = len as usize;
            if rest.len() < len {
                return Err(short());
            }
            match (&v, i % 2) {
                (Some(v), 1) => v.validate(&rest[..len])?,
                _ => k.validate(&rest[..len])?,
            }
            rest = &rest[len..];
        }
        if !rest.is_empty() {
            return Err(MarshalError(format!(
                "Unexpected extraneous bytes after {word} value"
            )));
        }
        Ok(())
    }
    fn get_string(&self, value: &[u8]) -> String {
        bytes_to_hex(value)
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        Err(MarshalError(format!(
            "Cannot parse '{text}' as a {}",
            self.class_name()
        )))
    }
    fn frozen(&self) -> Option<&TypeRef> {
        Some(&self.inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    #[test]
    fn user_type_names_round_trip() {
        let m = "org.apache.cassandra.db.marshal.";
        let name = format!("{m}UserType(ks,61,62:{m}UTF8Type,63:{m}Int32Type)");
        let t = parse_type(&name).unwrap();
        assert_eq!(t.class_name(), name);
        let tuple = format!("{m}TupleType({m}Int32Type,{m}UTF8Type)");
        assert_eq!(parse_type(&tuple).unwrap().class_name(), tuple);
        let frozen = format!("{m}FrozenType({m}ListType({m}Int32Type))");
        assert_eq!(parse_type(&frozen).unwrap().class_name(), frozen);
    }

    #[test]
    fn components_split_and_order() {
        let v = join_components(&[None, Some(b"ab".to_vec())]);
        assert_eq!(bytes_to_hex(&v), "ffffffff000000026162");
        assert_eq!(split_components(&v).unwrap(), vec![None, Some(&b"ab"[..])]);
        let t = parse_type("TupleType(Int32Type,UTF8Type)").unwrap();
        let one = join_components(&[Some(1i32.to_be_bytes().to_vec())]);
        let two = join_components(&[Some(2i32.to_be_bytes().to_vec())]);
        assert_eq!(t.compare(&one, &two), Ordering::Less);
        assert_eq!(t.compare(&v, &one), Ordering::Less);
    }

    #[test]
    fn a_v2_collection_read_as_v3_overruns_or_is_refused() {
        let text = parse_type("UTF8Type").unwrap();
        let int = parse_type("Int32Type").unwrap();
        // {'a', 'b'} in the u16 form: its first v3 length runs past the end.
        let set = [0, 2, 0, 1, b'a', 0, 1, b'b'];
        assert!(v3_collection_overruns(&set, std::slice::from_ref(&text)));
        // [1, 2]: a 1-byte first element the int refuses first.
        let list = [0, 2, 0, 4, 0, 0, 0, 1, 0, 4, 0, 0, 0, 2];
        assert!(!v3_collection_overruns(&list, &[int]));
        // An empty one: its count is short.
        assert!(!v3_collection_overruns(&[0, 0], &[text]));
    }
}
