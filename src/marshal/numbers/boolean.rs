//! BooleanType (1.2 CQL3 `boolean`): one byte, 0 is false and anything
//! else true (all true values compare equal), or empty. As in Cassandra
//! 1.2, the empty value reads as `false` and the empty string parses to a
//! false byte.

use crate::marshal::{class_name_of, empty_first, AbstractType, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct BooleanType;

impl AbstractType for BooleanType {
    fn class_name(&self) -> String {
        class_name_of("BooleanType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        empty_first(a, b).unwrap_or_else(|| (a[0] != 0).cmp(&(b[0] != 0)))
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        if value.len() <= 1 {
            Ok(())
        } else {
            Err(MarshalError(format!(
                "Expected 1 or 0 byte value ({})",
                value.len()
            )))
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        match value.first() {
            None | Some(0) => "false".into(),
            Some(_) => "true".into(),
        }
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.eq_ignore_ascii_case("true") {
            Ok(vec![1])
        } else if text.is_empty() || text.eq_ignore_ascii_case("false") {
            Ok(vec![0])
        } else {
            Err(MarshalError(format!(
                "unable to make boolean from '{text}'"
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaviour() {
        let t = BooleanType;
        assert_eq!(t.compare(&[0], &[1]), Ordering::Less);
        assert_eq!(t.compare(&[2], &[1]), Ordering::Equal);
        assert_eq!(t.compare(b"", &[0]), Ordering::Less);
        assert_eq!(
            t.validate(&[1, 1]).unwrap_err().0,
            "Expected 1 or 0 byte value (2)"
        );
        assert_eq!(t.from_string("TRUE").unwrap(), vec![1]);
        assert_eq!(t.get_string(&[0]), "false");
        assert_eq!(t.get_string(b""), "false");
        assert_eq!(t.from_string("").unwrap(), vec![0]);
        assert!(t.from_string("yes").is_err());
    }
}
