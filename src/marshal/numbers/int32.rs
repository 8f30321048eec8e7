//! Int32Type (0.8+): 4-byte big-endian signed integers (or empty).

use super::long::{compare_signed_be, parse_java_long};
use crate::marshal::{bytes_to_hex, class_name_of, AbstractType, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct Int32Type;

impl AbstractType for Int32Type {
    fn class_name(&self) -> String {
        class_name_of("Int32Type")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        compare_signed_be(a, b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        if value.is_empty() || value.len() == 4 {
            Ok(())
        } else {
            Err(MarshalError(format!(
                "Expected 4 or 0 byte int ({})",
                value.len()
            )))
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        match <[u8; 4]>::try_from(value) {
            Ok(b) => i32::from_be_bytes(b).to_string(),
            Err(_) if value.is_empty() => String::new(),
            Err(_) => bytes_to_hex(value),
        }
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        parse_java_long(text)
            .and_then(|v| i32::try_from(v).ok())
            .map(|v| v.to_be_bytes().to_vec())
            .ok_or_else(|| MarshalError(format!("unable to make int from '{text}'")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn i(v: i32) -> Vec<u8> {
        v.to_be_bytes().to_vec()
    }

    #[test]
    fn validation_and_strings() {
        assert_eq!(
            Int32Type.validate(&[0; 8]).unwrap_err().0,
            "Expected 4 or 0 byte int (8)"
        );
        assert!(Int32Type.validate(&i(3)).is_ok());
        assert!(Int32Type.validate(b"").is_ok());
        assert_eq!(Int32Type.get_string(&i(-5)), "-5");
        assert_eq!(Int32Type.from_string("2147483647").unwrap(), i(i32::MAX));
        assert_eq!(
            Int32Type.from_string("2147483648").unwrap_err().0,
            "unable to make int from '2147483648'"
        );
    }

    proptest! {
        #[test]
        fn order_is_numeric(a: i32, b: i32) {
            prop_assert_eq!(Int32Type.compare(&i(a), &i(b)), a.cmp(&b));
        }

        #[test]
        fn string_round_trip(a: i32) {
            prop_assert_eq!(Int32Type.from_string(&Int32Type.get_string(&i(a))).unwrap(), i(a));
        }
    }
}
