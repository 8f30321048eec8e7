//! DynamicCompositeType(a=>T1, b=>T2, ...) (0.8+): a composite whose every
//! component names its own type.
//!
//! Each component is a comparator part, then the value as in
//! `CompositeType` (2-byte length, bytes, end-of-component byte). The
//! comparator part starts with a 2-byte header: with the top bit set, its
//! low byte is a one-character alias declared in the type's parameters;
//! otherwise the header is the length of the UTF-8 type name that follows.
//! Components of different types order by the type's simple class name
//! (then full name); the text form writes each component as `type@value`.
//!
//! Deviations, both in cases where Cassandra itself misbehaves: 1.2 answers
//! "less" for both orders of two components of different types (its reverse
//! of an always-less comparator); we give the consistent class-name order.
//! A component whose type cannot be resolved compares as bytes (Cassandra
//! throws; validation rejects such names anyway). The parameter list prints
//! in alias order (Cassandra's follows Java HashMap iteration).

use super::composite::{eoc_order, escape, split_text, unescape, CompositeType};
use crate::marshal::{
    parse_type, AbstractType, BytesType, Dialect, Eoc, MarshalError, TypeRef, MARSHAL_PACKAGE,
};
use std::cmp::Ordering;
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct DynamicCompositeType {
    /// (alias byte, type) in the order Cassandra's `HashMap<Byte, ..>` of
    /// them iterated (see [`java_hash_order`]), which its name lists.
    aliases: Vec<(u8, TypeRef)>,
}

/// One component: how its type was named, the type (if it resolves), the value and EOC.
struct Component<'a> {
    name: ComparatorName<'a>,
    value: &'a [u8],
    eoc: i8,
}

enum ComparatorName<'a> {
    Alias(u8),
    Class(&'a [u8]),
}

/// Simple class name, as Java's `getSimpleName()`: the name before any parameters.
fn simple_name(t: &dyn AbstractType) -> String {
    let full = t.class_name();
    let base = full.split('(').next().unwrap_or_default();
    base.rsplit('.').next().unwrap_or_default().to_string()
}

/// Orders aliases (in insertion order) as a `java.util.HashMap<Byte, ..>`
/// filled in that order iterates them (`TypeParser.getAliasParameters`,
/// printed by `stringifyAliasesParameters`): by bucket (the spread hash of
/// `Byte.hashCode()`, the signed value, masked to a table of 16 doubled
/// while more than three quarters full), then in insertion order within a
/// bucket.
fn java_hash_order(aliases: &mut [(u8, TypeRef)]) {
    let mut capacity = 16usize;
    while aliases.len() * 4 > capacity * 3 {
        capacity *= 2;
    }
    let bucket = |alias: u8| {
        let h = alias as i8 as i32;
        let spread = h ^ ((h as u32) >> 16) as i32;
        spread as u32 as usize & (capacity - 1)
    };
    // A stable sort keeps insertion order within a bucket.
    aliases.sort_by_key(|(a, _)| bucket(*a));
}

impl DynamicCompositeType {
    /// The type of these aliases, given in the order the type's name
    /// listed them: an alias given twice keeps its first place and its
    /// last type, as a `HashMap.put` does.
    pub fn new(given: Vec<(u8, TypeRef)>) -> Self {
        let mut aliases: Vec<(u8, TypeRef)> = Vec::with_capacity(given.len());
        for (alias, ty) in given {
            match aliases.iter_mut().find(|(a, _)| *a == alias) {
                Some(slot) => slot.1 = ty,
                None => aliases.push((alias, ty)),
            }
        }
        java_hash_order(&mut aliases);
        DynamicCompositeType { aliases }
    }

    fn alias(&self, a: u8) -> Option<TypeRef> {
        self.aliases
            .iter()
            .find(|(k, _)| *k == a)
            .map(|(_, t)| t.clone())
    }

    fn resolve(&self, name: &ComparatorName) -> Option<TypeRef> {
        match name {
            ComparatorName::Alias(a) => self.alias(*a),
            ComparatorName::Class(n) => {
                std::str::from_utf8(n).ok().and_then(|n| parse_type(n).ok())
            }
        }
    }

    /// Reads one component with Cassandra's validation messages.
    fn read<'a>(rest: &mut &'a [u8], i: usize) -> Result<Component<'a>, MarshalError> {
        let (name, r) = Self::read_name(rest, i)?;
        let (value, eoc, after) = CompositeType::split_one(r, i)?;
        *rest = after;
        Ok(Component {
            name,
            value,
            eoc: eoc as i8,
        })
    }

    /// Component `i`'s comparator name at the start of `r`, and what follows.
    fn read_name(r: &[u8], i: usize) -> Result<(ComparatorName<'_>, &[u8]), MarshalError> {
        if r.len() < 2 {
            return Err(MarshalError(format!(
                "Not enough bytes to header of the comparator part of component {i}"
            )));
        }
        let header = u16::from_be_bytes([r[0], r[1]]);
        let mut r = &r[2..];
        let name = if header & 0x8000 != 0 {
            ComparatorName::Alias((header & 0xff) as u8)
        } else {
            let len = header as usize;
            if r.len() < len {
                return Err(MarshalError(format!(
                    "Not enough bytes to read comparator name of component {i}"
                )));
            }
            let (n, after) = r.split_at(len);
            r = after;
            ComparatorName::Class(n)
        };
        Ok((name, r))
    }

    fn validate_with(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        let mut rest = value;
        let mut i = 0;
        while !rest.is_empty() {
            // The comparator, then the value validated, then its
            // end-of-component byte (`AbstractCompositeType.validate`).
            let (name, r) = Self::read_name(rest, i)?;
            let t = self
                .resolve(&name)
                .ok_or_else(|| MarshalError(format!("Cannot find comparator for component {i}")))?;
            let (value, after_value) = CompositeType::split_value(r, i)?;
            t.validate_for(value, dialect)?;
            let (_eoc, after) = CompositeType::split_eoc(after_value, i)?;
            rest = after;
            i += 1;
        }
        Ok(())
    }

    /// The comparator for two components: theirs if they agree, otherwise a
    /// fixed order between the two types.
    fn compare_components(&self, a: &Component, b: &Component) -> Ordering {
        let (ta, tb) = (self.resolve(&a.name), self.resolve(&b.name));
        let (ta, tb) = match (ta, tb) {
            (Some(x), Some(y)) => (x, y),
            // Unresolvable (only in unvalidated input): raw bytes keep the order total.
            _ => return BytesType.compare(a.value, b.value),
        };
        let (ca, cb) = (ta.class_name(), tb.class_name());
        if ca != cb {
            let by_name = simple_name(ta.as_ref())
                .cmp(&simple_name(tb.as_ref()))
                .then_with(|| ca.cmp(&cb));
            return by_name;
        }
        ta.compare(a.value, b.value)
    }
}

impl AbstractType for DynamicCompositeType {
    fn class_name(&self) -> String {
        let params: Vec<String> = self
            .aliases
            .iter()
            .map(|(a, t)| format!("{}=>{}", *a as char, t.class_name()))
            .collect();
        format!(
            "{MARSHAL_PACKAGE}DynamicCompositeType({})",
            params.join(",")
        )
    }

    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        if let Some(o) = crate::marshal::empty_first(a, b) {
            return o;
        }
        let (mut ra, mut rb) = (a, b);
        let mut i = 0;
        loop {
            match (ra.is_empty(), rb.is_empty()) {
                (true, true) => return Ordering::Equal,
                (true, false) => return Ordering::Less,
                (false, true) => return Ordering::Greater,
                (false, false) => {}
            }
            match (Self::read(&mut ra, i), Self::read(&mut rb, i)) {
                (Ok(ca), Ok(cb)) => {
                    let c = self.compare_components(&ca, &cb);
                    if c != Ordering::Equal {
                        return c;
                    }
                    if let Some(o) = eoc_order(ca.eoc, cb.eoc) {
                        return o;
                    }
                }
                // Malformed tails (unvalidated input): fall back to bytes.
                _ => return ra.cmp(rb),
            }
            i += 1;
        }
    }

    /// DynamicCompositeType arrived after 0.6; components answer as 1.2 by default.
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        self.validate_with(value, Dialect::V12)
    }

    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        self.validate_with(value, dialect)
    }

    /// 0.8's `getNextComparator(i, bb1, bb2)`: the two components' types
    /// differ (an unresolved one differs from any), where it threw.
    fn mixes_types(&self, a: &[u8], b: &[u8]) -> bool {
        let (mut ra, mut rb) = (a, b);
        let mut i = 0;
        while !ra.is_empty() && !rb.is_empty() {
            let (Ok(ca), Ok(cb)) = (Self::read(&mut ra, i), Self::read(&mut rb, i)) else {
                return false;
            };
            let (ta, tb) = (self.resolve(&ca.name), self.resolve(&cb.name));
            let (Some(ta), Some(tb)) = (ta, tb) else {
                return true;
            };
            if ta.class_name() != tb.class_name() {
                return true;
            }
            if ta.compare(ca.value, cb.value) != Ordering::Equal
                || eoc_order(ca.eoc, cb.eoc).is_some()
            {
                return false;
            }
            i += 1;
        }
        false
    }

    fn get_string(&self, value: &[u8]) -> String {
        let mut out = String::new();
        let mut rest = value;
        let mut i = 0;
        while !rest.is_empty() {
            let Ok(c) = Self::read(&mut rest, i) else {
                return crate::marshal::bytes_to_hex(value);
            };
            if i > 0 {
                out.push(':');
            }
            match &c.name {
                ComparatorName::Alias(a) => out.push(*a as char),
                ComparatorName::Class(n) => out.push_str(&String::from_utf8_lossy(n)),
            }
            out.push('@');
            let t: TypeRef = self.resolve(&c.name).unwrap_or_else(|| Arc::new(BytesType));
            out.push_str(&escape(&t.get_string(c.value)));
            if c.eoc != 0 {
                out.push_str(if c.eoc < 0 { ":_" } else { ":!" });
                break;
            }
            i += 1;
        }
        out
    }

    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        let mut out = Vec::new();
        if text.is_empty() {
            return Ok(out);
        }
        let mut eoc = Eoc::None;
        for part in split_text(text) {
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
            let mut pieces = part.split('@');
            let (Some(name), Some(value), None) = (pieces.next(), pieces.next(), pieces.next())
            else {
                return Err(MarshalError(format!(
                    "Invalid component representation: {part}"
                )));
            };
            let alias = match name.as_bytes() {
                [a] => self.alias(*a).map(|t| (*a, t)),
                _ => None,
            };
            let t = match &alias {
                Some((a, t)) => {
                    out.extend_from_slice(&(0x8000u16 | *a as u16).to_be_bytes());
                    t.clone()
                }
                None => {
                    let t = parse_type(name)?;
                    let len = u16::try_from(name.len())
                        .ok()
                        .filter(|l| l & 0x8000 == 0)
                        .ok_or_else(|| MarshalError(format!("Comparator name too long: {name}")))?;
                    out.extend_from_slice(&len.to_be_bytes());
                    out.extend_from_slice(name.as_bytes());
                    t
                }
            };
            let v = t.from_string(&unescape(value))?;
            let len = u16::try_from(v.len()).map_err(|_| {
                MarshalError(format!(
                    "Composite component of {} bytes exceeds the maximum of 65535",
                    v.len()
                ))
            })?;
            out.extend_from_slice(&len.to_be_bytes());
            out.extend_from_slice(&v);
            out.push(0);
        }
        if let Some(last) = out.last_mut() {
            *last = eoc.byte();
        }
        self.validate(&out)?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::{LongType, UTF8Type};

    fn dct() -> DynamicCompositeType {
        DynamicCompositeType::new(vec![(b'u', Arc::new(UTF8Type)), (b'l', Arc::new(LongType))])
    }

    fn aliased(alias: u8, value: &[u8], eoc: u8) -> Vec<u8> {
        let mut v = (0x8000u16 | alias as u16).to_be_bytes().to_vec();
        v.extend_from_slice(&(value.len() as u16).to_be_bytes());
        v.extend_from_slice(value);
        v.push(eoc);
        v
    }

    fn named(name: &str, value: &[u8]) -> Vec<u8> {
        let mut v = (name.len() as u16).to_be_bytes().to_vec();
        v.extend_from_slice(name.as_bytes());
        v.extend_from_slice(&(value.len() as u16).to_be_bytes());
        v.extend_from_slice(value);
        v.push(0);
        v
    }

    #[test]
    fn aliases_in_a_java_hash_maps_order() {
        let order = |aliases: &[u8]| {
            let mut v: Vec<(u8, TypeRef)> = aliases
                .iter()
                .map(|a| (*a, Arc::new(LongType) as TypeRef))
                .collect();
            java_hash_order(&mut v);
            v.iter().map(|(a, _)| *a as char).collect::<String>()
        };
        // 'a' and 'q' share bucket 1 of 16: insertion order within it.
        assert_eq!(order(b"qlab"), "qabl");
        assert_eq!(order(b"aq"), "aq");
        // Thirteen aliases grow the table to 32: 'q' (17) after 'm' (13).
        assert_eq!(order(b"qabcdefghijkl"), "abcdefghijklq");
        // A negative Byte's spread hash flips its low bits: 0x80 in bucket 15.
        assert_eq!(order(&[0x80, b'a']), "a\u{80}");
    }

    #[test]
    fn class_name_and_parsing() {
        let t = parse_type("DynamicCompositeType(u=>UTF8Type,l=>LongType)").unwrap();
        assert_eq!(
            t.class_name(),
            "org.apache.cassandra.db.marshal.DynamicCompositeType(u=>org.apache.cassandra.db.marshal.UTF8Type,l=>org.apache.cassandra.db.marshal.LongType)"
        );
        assert_eq!(
            parse_type(&t.class_name()).unwrap().class_name(),
            t.class_name()
        );
        // As the real releases described it back: a HashMap's buckets.
        let t = parse_type("DynamicCompositeType(l=>LongType,s=>UTF8Type,b=>BytesType)").unwrap();
        let names: Vec<char> = t
            .class_name()
            .split("=>")
            .map(|p| p.chars().last().unwrap())
            .collect();
        assert_eq!(names[..3], ['b', 's', 'l']);
        assert!(parse_type("DynamicCompositeType(uu=>UTF8Type)").is_err());
        assert!(parse_type("DynamicCompositeType(u=UTF8Type)").is_err());
        assert!(parse_type("DynamicCompositeType( =>UTF8Type)").is_err());
        assert_eq!(
            parse_type("DynamicCompositeType(\u{1}=>UTF8Type)")
                .unwrap_err()
                .0,
            "An alias should be a single character in [0..9a..bA..B-+._&]"
        );
    }

    #[test]
    fn same_type_components_compare_by_value() {
        let t = dct();
        let a = aliased(b'l', &(-1i64).to_be_bytes(), 0);
        let b = aliased(b'l', &5i64.to_be_bytes(), 0);
        assert_eq!(t.compare(&a, &b), Ordering::Less);
        // An alias and the full name of the same type are the same type.
        let c = named(
            "org.apache.cassandra.db.marshal.LongType",
            &5i64.to_be_bytes(),
        );
        assert_eq!(t.compare(&b, &c), Ordering::Equal);
        assert_eq!(t.compare(&c, &a), Ordering::Greater);
    }

    #[test]
    fn different_types_order_by_simple_class_name() {
        let t = dct();
        let long = aliased(b'l', &5i64.to_be_bytes(), 0);
        let text = aliased(b'u', b"a", 0);
        // "LongType" < "UTF8Type", whatever the values.
        assert_eq!(t.compare(&long, &text), Ordering::Less);
        assert_eq!(t.compare(&text, &long), Ordering::Greater);
    }

    #[test]
    fn types_mixed_at_one_position_after_equal_components() {
        // 0.8.10's getNextComparator threw for these pairs.
        let t = dct();
        let long = |n: i64| aliased(b'l', &n.to_be_bytes(), 0);
        let ax_l2 = [aliased(b'u', b"x", 0), long(2)].concat();
        assert!(t.mixes_types(&ax_l2, &long(5)));
        // The first components differ in value: compared no further.
        assert!(!t.mixes_types(&ax_l2, &aliased(b'u', b"b", 0)));
        let ax_uy = [aliased(b'u', b"x", 0), aliased(b'u', b"y", 0)].concat();
        assert!(t.mixes_types(&ax_l2, &ax_uy));
        // A name given by its class is its alias's type.
        assert!(!t.mixes_types(&named("LongType", &5i64.to_be_bytes()), &long(5)));
        assert!(!t.mixes_types(&aliased(b'u', b"x", 0), &ax_l2));
    }

    #[test]
    fn validation_messages() {
        let t = dct();
        assert!(t.validate(&aliased(b'u', b"ok", 0)).is_ok());
        assert_eq!(
            t.validate(&[0x80]).unwrap_err().0,
            "Not enough bytes to header of the comparator part of component 0"
        );
        assert_eq!(
            t.validate(&[0x00, 0x05, b'a']).unwrap_err().0,
            "Not enough bytes to read comparator name of component 0"
        );
        assert_eq!(
            t.validate(&aliased(b'z', b"x", 0)).unwrap_err().0,
            "Cannot find comparator for component 0"
        );
        assert_eq!(
            t.validate(&named("NoSuchType", b"x")).unwrap_err().0,
            "Cannot find comparator for component 0"
        );
        assert_eq!(
            t.validate(&aliased(b'l', b"abc", 0)).unwrap_err().0,
            "Expected 8 or 0 byte long (3)"
        );
        assert_eq!(
            t.validate_for(&aliased(b'l', b"abc", 0), Dialect::Api2)
                .unwrap_err()
                .0,
            "A long is exactly 8 bytes"
        );
        let mut two = aliased(b'u', b"a", 1);
        two.extend(aliased(b'u', b"b", 0));
        assert_eq!(
            t.validate(&two).unwrap_err().0,
            "Invalid bytes remaining after an end-of-component at component0"
        );
    }

    #[test]
    fn strings() {
        let t = dct();
        let mut v = aliased(b'u', b"a:b", 0);
        v.extend(named("LongType", &7i64.to_be_bytes()));
        let s = t.get_string(&v);
        assert_eq!(s, "u@a\\:b:LongType@7");
        assert_eq!(t.from_string(&s).unwrap(), v);
        let bound = aliased(b'l', &7i64.to_be_bytes(), 1);
        assert_eq!(t.get_string(&bound), "l@7:!");
        assert_eq!(t.from_string("l@7:!").unwrap(), bound);
        assert_eq!(
            t.from_string("nope").unwrap_err().0,
            "Invalid component representation: nope"
        );
    }
}
