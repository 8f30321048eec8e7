//! LongType: 8-byte big-endian signed integers (or empty).
//!
//! The order is Cassandra's byte rule, which equals numeric order on valid
//! values: signed first byte, then the remaining bytes unsigned.

use crate::marshal::{
    bytes_to_hex, class_name_of, empty_first, AbstractType, Dialect, MarshalError,
};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct LongType;

/// Signed first byte, then unsigned bytes (shorter first on a common prefix):
/// two's-complement big-endian order for any equal-length integers.
pub(crate) fn compare_signed_be(a: &[u8], b: &[u8]) -> Ordering {
    empty_first(a, b).unwrap_or_else(|| (a[0] as i8).cmp(&(b[0] as i8)).then_with(|| a.cmp(b)))
}

/// Parses a decimal long as Java's `Long.parseLong` does (optional sign, digits only).
pub(crate) fn parse_java_long(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<i64>().ok()
}

impl AbstractType for LongType {
    fn class_name(&self) -> String {
        class_name_of("LongType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        compare_signed_be(a, b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        self.validate_for(value, Dialect::Api2)
    }
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        if value.is_empty() || value.len() == 8 {
            return Ok(());
        }
        Err(MarshalError(match dialect {
            Dialect::Api2 => "A long is exactly 8 bytes".to_string(),
            Dialect::V12 | Dialect::V20 => format!("Expected 8 or 0 byte long ({})", value.len()),
        }))
    }
    fn get_string(&self, value: &[u8]) -> String {
        match <[u8; 8]>::try_from(value) {
            Ok(b) => i64::from_be_bytes(b).to_string(),
            Err(_) if value.is_empty() => String::new(),
            // Cassandra would throw here; an invalid value never reaches storage,
            // so this only shows up in diagnostics.
            Err(_) => bytes_to_hex(value),
        }
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        parse_java_long(text)
            .map(|v| v.to_be_bytes().to_vec())
            .ok_or_else(|| MarshalError(format!("unable to make long from '{text}'")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn l(v: i64) -> Vec<u8> {
        v.to_be_bytes().to_vec()
    }

    #[test]
    fn messages_by_dialect() {
        assert_eq!(
            LongType.validate(b"1234567").unwrap_err().0,
            "A long is exactly 8 bytes"
        );
        assert_eq!(
            LongType.validate(&[1]).unwrap_err().0,
            "A long is exactly 8 bytes"
        );
        assert_eq!(
            LongType
                .validate_for(b"123456789", Dialect::V12)
                .unwrap_err()
                .0,
            "Expected 8 or 0 byte long (9)"
        );
        assert!(LongType.validate(b"").is_ok());
        assert!(LongType.validate(&l(5)).is_ok());
    }

    #[test]
    fn seed_sort_example() {
        // "WTF is a SuperColumn": as LongType, 3 < 123 < 976 < 832416.
        let mut names: Vec<Vec<u8>> = [123i64, 832416, 3, 976].iter().map(|&v| l(v)).collect();
        names.sort_by(|a, b| LongType.compare(a, b));
        let back: Vec<String> = names.iter().map(|n| LongType.get_string(n)).collect();
        assert_eq!(back, vec!["3", "123", "976", "832416"]);
    }

    #[test]
    fn signed_order_and_empty_first() {
        assert_eq!(LongType.compare(&l(-1), &l(0)), Ordering::Less);
        assert_eq!(LongType.compare(&l(i64::MIN), &l(i64::MAX)), Ordering::Less);
        assert_eq!(LongType.compare(b"", &l(i64::MIN)), Ordering::Less);
        assert_eq!(LongType.compare(&l(255), &l(256)), Ordering::Less);
    }

    #[test]
    fn strings() {
        assert_eq!(LongType.from_string("-42").unwrap(), l(-42));
        assert_eq!(LongType.from_string("+7").unwrap(), l(7));
        assert_eq!(LongType.from_string("").unwrap(), Vec::<u8>::new());
        assert_eq!(
            LongType.from_string("12a").unwrap_err().0,
            "unable to make long from '12a'"
        );
        assert!(LongType.from_string("9223372036854775808").is_err());
        assert_eq!(LongType.get_string(&l(i64::MIN)), "-9223372036854775808");
    }

    proptest! {
        #[test]
        fn order_is_numeric(a: i64, b: i64) {
            prop_assert_eq!(LongType.compare(&l(a), &l(b)), a.cmp(&b));
        }

        #[test]
        fn string_round_trip(a: i64) {
            prop_assert_eq!(LongType.from_string(&LongType.get_string(&l(a))).unwrap(), l(a));
        }
    }
}
