//! AsciiType: US-ASCII text compared as raw bytes.
//!
//! Cassandra 0.6 did not really validate it (its US-ASCII decoder replaced
//! bad bytes), so every value passes under [`Dialect::Api2`]; 1.x rejects any
//! byte above 0x7f.

use crate::marshal::{class_name_of, AbstractType, Dialect, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct AsciiType;

impl AbstractType for AsciiType {
    fn class_name(&self) -> String {
        class_name_of("AsciiType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        a.cmp(b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        self.validate_for(value, Dialect::Api2)
    }
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        match dialect {
            Dialect::Api2 => Ok(()),
            Dialect::V12 | Dialect::V20 => match value.iter().find(|&&b| b > 0x7f) {
                // Java prints the byte signed.
                Some(&b) => Err(MarshalError(format!("Invalid byte for ascii: {}", b as i8))),
                None => Ok(()),
            },
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        // As Java's US-ASCII decoder: anything above 0x7f becomes U+FFFD.
        value
            .iter()
            .map(|&b| if b < 0x80 { b as char } else { '\u{FFFD}' })
            .collect()
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        // Java would silently turn non-ASCII characters into '?'; refusing is
        // kinder than storing something the caller did not write.
        if text.is_ascii() {
            Ok(text.as_bytes().to_vec())
        } else {
            Err(MarshalError(format!(
                "Invalid ASCII character in string literal '{text}'"
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api2_accepts_anything_v12_does_not() {
        let t = AsciiType;
        assert!(t.validate(&[0x80]).is_ok());
        assert!(t.validate("été".as_bytes()).is_ok());
        assert_eq!(
            t.validate_for(&[b'a', 0x80], Dialect::V12).unwrap_err().0,
            "Invalid byte for ascii: -128"
        );
        assert!(t.validate_for(b"plain", Dialect::V12).is_ok());
        assert!(t.validate_for(b"", Dialect::V12).is_ok());
    }

    #[test]
    fn byte_order_and_strings() {
        let t = AsciiType;
        assert_eq!(t.compare(b"B", b"a"), Ordering::Less);
        assert_eq!(t.compare(b"", b"a"), Ordering::Less);
        assert_eq!(t.get_string(b"abc\x80"), "abc\u{FFFD}");
        assert_eq!(t.from_string("abc").unwrap(), b"abc");
        assert!(t.from_string("é").is_err());
    }
}
