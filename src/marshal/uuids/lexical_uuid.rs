//! LexicalUUIDType: any 16-byte UUID (or empty), ordered as Java's
//! `UUID.compareTo`: the most significant 64 bits as a *signed* long, then
//! the least significant as a signed long. That is not byte order (a UUID
//! starting with 0x80 sorts before one starting with 0x00) but it is what
//! Cassandra does. Also home of the UUID text helpers the other UUID types share.

use crate::marshal::{
    bytes_to_hex, class_name_of, empty_first, AbstractType, Dialect, MarshalError,
};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct LexicalUUIDType;

/// Java's `UUID.toString()`: lower-case 8-4-4-4-12. Non-16-byte input
/// (never valid) falls back to hex.
pub(crate) fn uuid_to_string(value: &[u8]) -> String {
    match <[u8; 16]>::try_from(value) {
        Ok(b) => uuid::Uuid::from_bytes(b).hyphenated().to_string(),
        Err(_) => bytes_to_hex(value),
    }
}

/// The canonical 8-4-4-4-12 hex form only (the pattern Cassandra matches
/// before calling `UUID.fromString`), any letter case.
pub(crate) fn parse_canonical_uuid(text: &str) -> Option<[u8; 16]> {
    let b = text.as_bytes();
    let shape_ok = b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        });
    if !shape_ok {
        return None;
    }
    uuid::Uuid::parse_str(text).ok().map(|u| *u.as_bytes())
}

/// `(msb, lsb)` as Java reads them: two signed big-endian longs.
fn halves(v: &[u8]) -> Option<(i64, i64)> {
    let msb = i64::from_be_bytes(v.get(0..8)?.try_into().ok()?);
    let lsb = i64::from_be_bytes(v.get(8..16)?.try_into().ok()?);
    (v.len() == 16).then_some((msb, lsb))
}

impl AbstractType for LexicalUUIDType {
    fn class_name(&self) -> String {
        class_name_of("LexicalUUIDType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        empty_first(a, b).unwrap_or_else(|| match (halves(a), halves(b)) {
            (Some(x), Some(y)) => x.cmp(&y),
            // Only reachable with unvalidated input; keep the order total.
            _ => a.len().cmp(&b.len()).then_with(|| a.cmp(b)),
        })
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        self.validate_for(value, Dialect::Api2)
    }
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        if value.is_empty() || value.len() == 16 {
            return Ok(());
        }
        Err(MarshalError(match dialect {
            Dialect::Api2 => "UUIDs must be exactly 16 bytes".to_string(),
            Dialect::V12 => format!("LexicalUUID should be 16 or 0 bytes ({})", value.len()),
            // 2.0's LexicalUUIDType validated with the UUIDSerializer.
            Dialect::V20 => format!("UUID should be 16 or 0 bytes ({})", value.len()),
        }))
    }
    fn get_string(&self, value: &[u8]) -> String {
        uuid_to_string(value)
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        parse_canonical_uuid(text)
            .map(|b| b.to_vec())
            .ok_or_else(|| MarshalError(format!("unable to make UUID from '{text}'")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn hex(s: &str) -> Vec<u8> {
        crate::marshal::hex_to_bytes(s).unwrap()
    }

    #[test]
    fn signed_halves_order() {
        let t = LexicalUUIDType;
        // 0x80.. is a negative msb, so it sorts before 0x00..
        let neg = hex("80000000000000000000000000000000");
        let zero = hex("00000000000000000000000000000000");
        assert_eq!(t.compare(&neg, &zero), Ordering::Less);
        // lsb is signed too.
        let lsb_neg = hex("0000000000000000ff00000000000000");
        let lsb_pos = hex("00000000000000000100000000000000");
        assert_eq!(t.compare(&lsb_neg, &lsb_pos), Ordering::Less);
        assert_eq!(t.compare(b"", &neg), Ordering::Less);
    }

    #[test]
    fn messages_and_strings() {
        let t = LexicalUUIDType;
        assert_eq!(
            t.validate(b"short").unwrap_err().0,
            "UUIDs must be exactly 16 bytes"
        );
        assert_eq!(
            t.validate_for(b"short", Dialect::V12).unwrap_err().0,
            "LexicalUUID should be 16 or 0 bytes (5)"
        );
        assert_eq!(
            t.validate_for(b"short", Dialect::V20).unwrap_err().0,
            "UUID should be 16 or 0 bytes (5)"
        );
        let v = hex("00002710000011e091110123456789ab");
        assert!(t.validate(&v).is_ok());
        assert_eq!(t.get_string(&v), "00002710-0000-11e0-9111-0123456789ab");
        assert_eq!(
            t.from_string("00002710-0000-11E0-9111-0123456789AB")
                .unwrap(),
            v
        );
        assert_eq!(
            t.from_string("nope").unwrap_err().0,
            "unable to make UUID from 'nope'"
        );
        assert!(t.from_string("00002710000011e091110123456789ab").is_err());
    }

    proptest! {
        #[test]
        fn order_matches_java(a: [u8; 16], b: [u8; 16]) {
            let (x, y) = (halves(&a).unwrap(), halves(&b).unwrap());
            prop_assert_eq!(LexicalUUIDType.compare(&a, &b), x.cmp(&y));
        }

        #[test]
        fn string_round_trip(a: [u8; 16]) {
            let t = LexicalUUIDType;
            prop_assert_eq!(t.from_string(&t.get_string(&a)).unwrap(), a.to_vec());
        }
    }
}
