//! CompositeType(T1, T2, ...): a name made of typed components.
//!
//! Encoding, per component: a 2-byte big-endian length, the bytes, then one
//! end-of-component (EOC) byte. Stored names use EOC 0; slice bounds use
//! -1 (0xff, "before everything with this prefix") or 1 ("after everything
//! with this prefix") on their last component. Comparison goes component by
//! component with each component's type; when one name is a prefix of the
//! other, the EOC bytes decide. Text form: components' strings joined by
//! `:` (a `:` inside a component is escaped as `\:`), with `:!` / `:_`
//! marking an EOC of 1 / -1 on the last component.
//!
//! A static column's cell (CQL3's `static`, Cassandra 2.0.6+) has a name
//! prefixed by the two bytes `ff ff` (2.0's `CompositeType` static marker,
//! CASSANDRA-6561) before its components; such names sort before every
//! other name. 1.2 read those bytes as a first component of 65535 bytes,
//! which only a name over 64 KiB could have: 2.0 gave that up too.

use crate::marshal::{AbstractType, BytesType, Dialect, MarshalError, TypeRef, MARSHAL_PACKAGE};
use std::cmp::Ordering;
/// The end-of-component byte of a composite's last component.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eoc {
    /// -1 (0xff): sorts before every name that has this prefix (a start bound).
    Start,
    /// 0: a stored name.
    None,
    /// 1: sorts after every name that has this prefix (an end bound).
    End,
}

impl Eoc {
    pub fn byte(self) -> u8 {
        match self {
            Eoc::Start => 0xff,
            Eoc::None => 0x00,
            Eoc::End => 0x01,
        }
    }
}

/// Builds composite-encoded bytes component by component.
#[derive(Debug, Default, Clone)]
pub struct CompositeBuilder {
    out: Vec<u8>,
}

impl CompositeBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends one component with EOC 0. Fails when it exceeds the 2-byte length.
    pub fn push(mut self, component: &[u8]) -> Result<Self, MarshalError> {
        let len = u16::try_from(component.len()).map_err(|_| {
            MarshalError(format!(
                "Composite component of {} bytes exceeds the maximum of 65535",
                component.len()
            ))
        })?;
        self.out.extend_from_slice(&len.to_be_bytes());
        self.out.extend_from_slice(component);
        self.out.push(0);
        Ok(self)
    }

    /// The encoded name; `eoc` replaces the last component's EOC byte.
    pub fn build(mut self, eoc: Eoc) -> Vec<u8> {
        if let Some(last) = self.out.last_mut() {
            *last = eoc.byte();
        }
        self.out
    }
}

/// The prefix of a static column's cell name (see the module comment).
pub const STATIC_MARKER: [u8; 2] = [0xff, 0xff];

/// Whether `name` is a static column's composite name.
pub fn is_static_name(name: &[u8]) -> bool {
    name.starts_with(&STATIC_MARKER)
}

#[derive(Debug, Clone)]
pub struct CompositeType {
    types: Vec<TypeRef>,
}

/// Reads components leniently (a truncated tail becomes one last component
/// with EOC 0), for comparison, which must never fail.
struct Lenient<'a> {
    rest: &'a [u8],
}

impl<'a> Iterator for Lenient<'a> {
    type Item = (&'a [u8], i8);
    fn next(&mut self) -> Option<Self::Item> {
        if self.rest.is_empty() {
            return None;
        }
        if self.rest.len() < 2 {
            let v = std::mem::take(&mut self.rest);
            return Some((v, 0));
        }
        let len = u16::from_be_bytes([self.rest[0], self.rest[1]]) as usize;
        let body = &self.rest[2..];
        if body.len() < len {
            self.rest = &[];
            return Some((body, 0));
        }
        let (value, after) = body.split_at(len);
        let (eoc, after) = match after.split_first() {
            Some((e, tail)) => (*e as i8, tail),
            None => (0, after),
        };
        self.rest = after;
        Some((value, eoc))
    }
}

impl CompositeType {
    pub fn new(types: Vec<TypeRef>) -> Self {
        CompositeType { types }
    }

    /// Splits a name into (component, EOC) pairs, checking the structure
    /// (not the component values) with Cassandra's messages.
    pub fn split(value: &[u8]) -> Result<Vec<(&[u8], u8)>, MarshalError> {
        let mut out = Vec::new();
        let mut rest = value;
        while !rest.is_empty() {
            let (component, eoc, after) = Self::split_one(rest, out.len())?;
            out.push((component, eoc));
            rest = after;
        }
        Ok(out)
    }

    fn type_at(&self, i: usize) -> &dyn AbstractType {
        // Extra components (only in unvalidated input) compare as bytes, as Cassandra does.
        self.types.get(i).map(|t| t.as_ref()).unwrap_or(&BytesType)
    }

    fn validate_with(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        let mut rest = value;
        let mut i = 0;
        let mut previous: Option<&[u8]> = None;
        // Walk with the same checks as `split`, but check the component count
        // first, as Cassandra does.
        while !rest.is_empty() {
            let Some(t) = self.types.get(i) else {
                return Err(MarshalError::new("Too many bytes for comparator"));
            };
            // The value is validated before its end-of-component byte is
            // read (`AbstractCompositeType.validate`): a bad value of a
            // name cut short is refused for its value.
            let (component, after_value) = Self::split_value(rest, i)?;
            t.validate_collection_member(component, previous, dialect)?;
            let (_eoc, after) = Self::split_eoc(after_value, i)?;
            previous = Some(component);
            rest = after;
            i += 1;
        }
        Ok(())
    }

    /// One component `i` at the start of `rest`: its value, its
    /// end-of-component byte, and what follows (nothing may follow a
    /// non-zero EOC). DynamicCompositeType's components end the same way.
    pub(super) fn split_one(rest: &[u8], i: usize) -> Result<(&[u8], u8, &[u8]), MarshalError> {
        let (component, after) = Self::split_value(rest, i)?;
        let (eoc, after) = Self::split_eoc(after, i)?;
        Ok((component, eoc, after))
    }

    /// Component `i`'s length-prefixed value at the start of `rest`, and
    /// what follows it (its end-of-component byte first).
    pub(super) fn split_value(rest: &[u8], i: usize) -> Result<(&[u8], &[u8]), MarshalError> {
        if rest.len() < 2 {
            return Err(MarshalError(format!(
                "Not enough bytes to read value size of component {i}"
            )));
        }
        let len = u16::from_be_bytes([rest[0], rest[1]]) as usize;
        let body = &rest[2..];
        if body.len() < len {
            return Err(MarshalError(format!(
                "Not enough bytes to read value of component {i}"
            )));
        }
        Ok(body.split_at(len))
    }

    /// Component `i`'s end-of-component byte at the start of `after` (what
    /// follows its value), and the rest: nothing may follow a non-zero EOC.
    pub(super) fn split_eoc(after: &[u8], i: usize) -> Result<(u8, &[u8]), MarshalError> {
        let Some((&eoc, after)) = after.split_first() else {
            // Cassandra's message has no space before the index (nor in the next one).
            return Err(MarshalError(format!(
                "Not enough bytes to read the end-of-component byte of component{i}"
            )));
        };
        if eoc != 0 && !after.is_empty() {
            return Err(MarshalError(format!(
                "Invalid bytes remaining after an end-of-component at component{i}"
            )));
        }
        Ok((eoc, after))
    }
}

/// After two equal component values: a -1 EOC sorts before, a 1 EOC after,
/// everything that continues the prefix; `None` when the names go on.
pub(super) fn eoc_order(ea: i8, eb: i8) -> Option<Ordering> {
    match ea.signum() {
        -1 if eb >= 0 => Some(Ordering::Less),
        1 if eb <= 0 => Some(Ordering::Greater),
        0 if eb < 0 => Some(Ordering::Greater),
        0 if eb > 0 => Some(Ordering::Less),
        _ => None,
    }
}

/// Escapes one component's text: `:` becomes `\:`, and a trailing `\` or
/// `!` gets a `!` appended so it cannot be read as an escape or EOC marker.
pub(super) fn escape(s: &str) -> String {
    let mut out = s.replace(':', "\\:");
    if out.ends_with('\\') || out.ends_with('!') {
        out.push('!');
    }
    out
}

pub(super) fn unescape(s: &str) -> String {
    let mut out = s.replace("\\:", ":");
    if out.ends_with('!') {
        out.pop();
    }
    out
}

/// Splits at every `:` not preceded by `\`.
pub(super) fn split_text(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for i in 0..bytes.len() {
        if bytes[i] == b':' && !(i > 0 && bytes[i - 1] == b'\\') {
            parts.push(&text[start..i]);
            start = i + 1;
        }
    }
    parts.push(&text[start..]);
    parts
}

impl AbstractType for CompositeType {
    fn class_name(&self) -> String {
        let params: Vec<String> = self.types.iter().map(|t| t.class_name()).collect();
        format!("{MARSHAL_PACKAGE}CompositeType({})", params.join(","))
    }

    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        if let Some(o) = crate::marshal::empty_first(a, b) {
            return o;
        }
        // Static names first; two static names compare by what follows the marker.
        let (a, b) = match (is_static_name(a), is_static_name(b)) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            (true, true) => (&a[2..], &b[2..]),
            (false, false) => (a, b),
        };
        if let Some(o) = crate::marshal::empty_first(a, b) {
            return o;
        }
        let (mut ia, mut ib) = (Lenient { rest: a }, Lenient { rest: b });
        let mut i = 0;
        let mut previous: Option<&[u8]> = None;
        loop {
            match (ia.next(), ib.next()) {
                (Some((va, ea)), Some((vb, eb))) => {
                    let c = self.type_at(i).compare_collection_members(va, vb, previous);
                    previous = Some(va);
                    if c != Ordering::Equal {
                        return c;
                    }
                    if let Some(o) = eoc_order(ea, eb) {
                        return o;
                    }
                    i += 1;
                }
                (None, None) => return Ordering::Equal,
                (None, Some(_)) => return Ordering::Less,
                (Some(_), None) => return Ordering::Greater,
            }
        }
    }

    /// CompositeType arrived after 0.6, so its components answer as 1.2 unless
    /// a dialect is asked for.
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        self.validate_with(value, Dialect::V12)
    }

    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        self.validate_with(value, dialect)
    }

    fn get_string(&self, value: &[u8]) -> String {
        let Ok(parts) = Self::split(value) else {
            return crate::marshal::bytes_to_hex(value);
        };
        let mut out = String::new();
        for (i, (component, eoc)) in parts.iter().enumerate() {
            if i > 0 {
                out.push(':');
            }
            out.push_str(&escape(&self.type_at(i).get_string(component)));
            if *eoc != 0 {
                out.push_str(if (*eoc as i8) < 0 { ":_" } else { ":!" });
                break;
            }
        }
        out
    }

    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        let mut builder = CompositeBuilder::new();
        let mut eoc = Eoc::None;
        for (i, part) in split_text(text).into_iter().enumerate() {
            match part {
                "!" => {
                    eoc = Eoc::End;
                    break;
                }
                "_" => {
                    eoc = Eoc::Start;
                    break;
                }
                _ => {}
            }
            let t = self.types.get(i).ok_or_else(|| {
                MarshalError(format!("Too many components in composite string '{text}'"))
            })?;
            builder = builder.push(&t.from_string(&unescape(part))?)?;
        }
        let out = builder.build(eoc);
        // Text that names a shape the type cannot hold (say a collection key
        // for a column that is no collection) is refused here, not stored.
        self.validate(&out)?;
        Ok(out)
    }

    fn components(&self) -> Option<&[TypeRef]> {
        Some(&self.types)
    }
}

impl From<Vec<TypeRef>> for CompositeType {
    fn from(types: Vec<TypeRef>) -> Self {
        CompositeType::new(types)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::{Int32Type, LongType, ReversedType, UTF8Type};
    use proptest::prelude::*;
    use std::sync::Arc;

    fn int_text() -> CompositeType {
        CompositeType::new(vec![Arc::new(Int32Type), Arc::new(UTF8Type)])
    }

    fn name(i: i32, s: &str, eoc: Eoc) -> Vec<u8> {
        CompositeBuilder::new()
            .push(&i.to_be_bytes())
            .unwrap()
            .push(s.as_bytes())
            .unwrap()
            .build(eoc)
    }

    fn prefix(i: i32, eoc: Eoc) -> Vec<u8> {
        CompositeBuilder::new()
            .push(&i.to_be_bytes())
            .unwrap()
            .build(eoc)
    }

    #[test]
    fn dtest_cell_name_encoding() {
        // cql3_insert_thrift_test: clustering c=4, column "v".
        let expected = [0x00, 0x04, 0, 0, 0, 4, 0x00, 0x00, 0x01, b'v', 0x00];
        assert_eq!(name(4, "v", Eoc::None), expected);
        assert!(int_text().validate(&expected).is_ok());
    }

    #[test]
    fn class_name_is_cassandras() {
        assert_eq!(
            int_text().class_name(),
            "org.apache.cassandra.db.marshal.CompositeType(org.apache.cassandra.db.marshal.Int32Type,org.apache.cassandra.db.marshal.UTF8Type)"
        );
    }

    #[test]
    fn component_order_and_eoc_bounds() {
        let t = int_text();
        assert_eq!(
            t.compare(&name(1, "z", Eoc::None), &name(2, "a", Eoc::None)),
            Ordering::Less
        );
        assert_eq!(
            t.compare(&name(-1, "z", Eoc::None), &name(0, "a", Eoc::None)),
            Ordering::Less
        );
        assert_eq!(
            t.compare(&name(1, "a", Eoc::None), &name(1, "b", Eoc::None)),
            Ordering::Less
        );
        // A start bound sorts before every name with the prefix, an end bound after.
        for n in [name(1, "", Eoc::None), name(1, "a", Eoc::None)] {
            assert_eq!(t.compare(&prefix(1, Eoc::Start), &n), Ordering::Less);
            assert_eq!(t.compare(&prefix(1, Eoc::End), &n), Ordering::Greater);
            assert_eq!(t.compare(&n, &prefix(1, Eoc::Start)), Ordering::Greater);
            assert_eq!(t.compare(&n, &prefix(1, Eoc::End)), Ordering::Less);
        }
        // A plain prefix sorts before its extensions.
        assert_eq!(
            t.compare(&prefix(1, Eoc::None), &name(1, "", Eoc::None)),
            Ordering::Less
        );
        assert_eq!(
            t.compare(&prefix(1, Eoc::End), &prefix(2, Eoc::Start)),
            Ordering::Less
        );
        assert_eq!(
            t.compare(b"", &prefix(i32::MIN, Eoc::Start)),
            Ordering::Less
        );
    }

    #[test]
    fn reversed_component() {
        let t = CompositeType::new(vec![
            Arc::new(ReversedType::new(Arc::new(Int32Type))),
            Arc::new(UTF8Type),
        ]);
        assert_eq!(
            t.compare(&name(1, "a", Eoc::None), &name(2, "a", Eoc::None)),
            Ordering::Greater
        );
        assert!(t.class_name().contains("CompositeType(org.apache.cassandra.db.marshal.ReversedType(org.apache.cassandra.db.marshal.Int32Type),"));
    }

    #[test]
    fn validation_messages() {
        let t = int_text();
        assert_eq!(
            t.validate(&[0x00]).unwrap_err().0,
            "Not enough bytes to read value size of component 0"
        );
        assert_eq!(
            t.validate(&[0x00, 0x04, 1]).unwrap_err().0,
            "Not enough bytes to read value of component 0"
        );
        assert_eq!(
            t.validate(&[0x00, 0x04, 0, 0, 0, 1]).unwrap_err().0,
            "Not enough bytes to read the end-of-component byte of component0"
        );
        assert_eq!(
            t.validate(&[0x00, 0x04, 0, 0, 0, 1, 1, 0]).unwrap_err().0,
            "Invalid bytes remaining after an end-of-component at component0"
        );
        // a value its type refuses, with no end-of-component byte after it:
        // refused for the value first
        assert_eq!(
            t.validate(&[0x00, 0x01, b'x']).unwrap_err().0,
            "Expected 4 or 0 byte int (1)"
        );
        assert_eq!(
            t.validate(&[0x00, 0x02, 0, 1, 0]).unwrap_err().0,
            "Expected 4 or 0 byte int (2)"
        );
        let three = CompositeBuilder::new()
            .push(b"")
            .unwrap()
            .push(b"")
            .unwrap()
            .push(b"")
            .unwrap()
            .build(Eoc::None);
        assert_eq!(
            t.validate(&three).unwrap_err().0,
            "Too many bytes for comparator"
        );
        let bad_utf8 = name(1, "x", Eoc::None);
        let mut bad_utf8 = bad_utf8.clone();
        bad_utf8[9] = 0xff;
        assert_eq!(
            t.validate_for(&bad_utf8, Dialect::Api2).unwrap_err().0,
            "invalid UTF8 bytes [-1]"
        );
        assert_eq!(
            t.validate(&bad_utf8).unwrap_err().0,
            "String didn't validate."
        );
        assert!(t.validate(b"").is_ok());
        // A row marker: empty last component.
        assert!(t.validate(&name(3, "", Eoc::None)).is_ok());
    }

    #[test]
    fn strings_with_escapes_and_eoc() {
        let t = int_text();
        assert_eq!(t.get_string(&name(4, "v", Eoc::None)), "4:v");
        assert_eq!(t.get_string(&name(4, "a:b", Eoc::None)), "4:a\\:b");
        assert_eq!(t.get_string(&name(4, "wow!", Eoc::None)), "4:wow!!");
        assert_eq!(t.get_string(&prefix(4, Eoc::End)), "4:!");
        assert_eq!(t.get_string(&prefix(4, Eoc::Start)), "4:_");
        assert_eq!(t.get_string(&name(3, "", Eoc::None)), "3:");
        for n in [
            name(4, "a:b", Eoc::None),
            name(4, "wow!", Eoc::None),
            prefix(4, Eoc::End),
            prefix(4, Eoc::Start),
        ] {
            assert_eq!(t.from_string(&t.get_string(&n)).unwrap(), n);
        }
        assert!(t.from_string("1:a:b").is_err());
        assert!(t.from_string("x:a").is_err());
    }

    #[test]
    fn long_components() {
        let t = CompositeType::new(vec![Arc::new(LongType)]);
        let a = CompositeBuilder::new()
            .push(&(-1i64).to_be_bytes())
            .unwrap()
            .build(Eoc::None);
        let b = CompositeBuilder::new()
            .push(&1i64.to_be_bytes())
            .unwrap()
            .build(Eoc::None);
        assert_eq!(t.compare(&a, &b), Ordering::Less);
    }

    proptest! {
        #[test]
        fn order_is_antisymmetric_and_transitive(
            x in (any::<i32>(), "[a-c:!]{0,3}", 0u8..3),
            y in (any::<i32>(), "[a-c:!]{0,3}", 0u8..3),
            z in (any::<i32>(), "[a-c:!]{0,3}", 0u8..3),
        ) {
            let t = int_text();
            let eoc = |e: u8| [Eoc::Start, Eoc::None, Eoc::End][e as usize];
            let mk = |(i, s, e): (i32, String, u8)| {
                if s.is_empty() { prefix(i % 3, eoc(e)) } else { name(i % 3, &s, eoc(e)) }
            };
            let (a, b, c) = (mk(x), mk(y), mk(z));
            prop_assert_eq!(t.compare(&a, &b), t.compare(&b, &a).reverse());
            if t.compare(&a, &b).is_le() && t.compare(&b, &c).is_le() {
                prop_assert!(t.compare(&a, &c).is_le());
            }
        }

        #[test]
        fn string_round_trip(i: i32, s in "[a-z:!\\\\]{1,8}") {
            let t = int_text();
            let n = name(i, &s, Eoc::None);
            prop_assert_eq!(t.from_string(&t.get_string(&n)).unwrap(), n);
        }
    }
}
