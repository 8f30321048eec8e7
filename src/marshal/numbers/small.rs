//! 2.2's ByteType (`tinyint`) and ShortType (`smallint`): one and two
//! big-endian signed bytes. Owns their order, validation and string forms
//! as 2.2's `ByteSerializer` / `ShortSerializer` gave them; nothing else.

use super::long::parse_java_long;
use crate::marshal::{bytes_to_hex, class_name_of, empty_first, AbstractType, MarshalError};
use std::cmp::Ordering;

/// `tinyint`.
#[derive(Debug, Default, Clone, Copy)]
pub struct ByteType;

/// `smallint`.
#[derive(Debug, Default, Clone, Copy)]
pub struct ShortType;

/// The signed first byte, then the rest unsigned (ShortType's compare;
/// ByteType's has one byte only).
fn compare_small(a: &[u8], b: &[u8]) -> Ordering {
    empty_first(a, b).unwrap_or_else(|| (a[0] as i8).cmp(&(b[0] as i8)).then_with(|| a.cmp(b)))
}

/// Java's `Byte.parseByte` / `Short.parseShort`: a long's syntax, in range.
fn parse_small(text: &str, min: i64, max: i64, what: &str) -> Result<i64, MarshalError> {
    parse_java_long(text)
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| MarshalError(format!("Unable to make {what} from '{text}'")))
}

impl AbstractType for ByteType {
    fn class_name(&self) -> String {
        class_name_of("ByteType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        compare_small(a, b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        match value.len() {
            1 => Ok(()),
            n => Err(MarshalError(format!("Expected 1 byte for a tinyint ({n})"))),
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        match value {
            [b] => (*b as i8).to_string(),
            [] => String::new(),
            _ => bytes_to_hex(value),
        }
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        let v = parse_small(text, i8::MIN.into(), i8::MAX.into(), "byte")?;
        Ok(vec![v as i8 as u8])
    }
}

impl AbstractType for ShortType {
    fn class_name(&self) -> String {
        class_name_of("ShortType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        compare_small(a, b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        match value.len() {
            2 => Ok(()),
            n => Err(MarshalError(format!(
                "Expected 2 bytes for a smallint ({n})"
            ))),
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        match <[u8; 2]>::try_from(value) {
            Ok(b) => i16::from_be_bytes(b).to_string(),
            Err(_) if value.is_empty() => String::new(),
            Err(_) => bytes_to_hex(value),
        }
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        let v = parse_small(text, i16::MIN.into(), i16::MAX.into(), "short")?;
        Ok((v as i16).to_be_bytes().to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn messages_are_2_2s() {
        assert_eq!(
            ShortType.from_string("40000").unwrap_err().0,
            "Unable to make short from '40000'"
        );
        assert_eq!(
            ByteType.from_string("200").unwrap_err().0,
            "Unable to make byte from '200'"
        );
        assert_eq!(
            ShortType.validate(&[0; 4]).unwrap_err().0,
            "Expected 2 bytes for a smallint (4)"
        );
        assert_eq!(
            ByteType.validate(&[]).unwrap_err().0,
            "Expected 1 byte for a tinyint (0)"
        );
        assert_eq!(ByteType.from_string("-128").unwrap(), vec![0x80]);
        assert_eq!(ShortType.from_string("+12").unwrap(), vec![0, 12]);
    }

    proptest! {
        #[test]
        fn shorts_order_as_numbers(a: i16, b: i16) {
            let (x, y) = (a.to_be_bytes(), b.to_be_bytes());
            prop_assert_eq!(ShortType.compare(&x, &y), a.cmp(&b));
            prop_assert_eq!(ShortType.from_string(&ShortType.get_string(&x)).unwrap(), x.to_vec());
        }

        #[test]
        fn bytes_order_as_numbers(a: i8, b: i8) {
            prop_assert_eq!(ByteType.compare(&[a as u8], &[b as u8]), a.cmp(&b));
        }
    }
}
