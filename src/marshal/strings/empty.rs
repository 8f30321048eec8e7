//! EmptyType (1.2 on): a type whose only value is the empty one, for a
//! value that carries nothing (a column's presence is the data). Every
//! value compares equal; the empty string is its only string form.

use crate::marshal::{class_name_of, AbstractType, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct EmptyType;

impl AbstractType for EmptyType {
    fn class_name(&self) -> String {
        class_name_of("EmptyType")
    }
    fn compare(&self, _a: &[u8], _b: &[u8]) -> Ordering {
        Ordering::Equal
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        if value.is_empty() {
            Ok(())
        } else {
            Err(MarshalError::new("EmptyType only accept empty values"))
        }
    }
    fn get_string(&self, _value: &[u8]) -> String {
        String::new()
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            Ok(Vec::new())
        } else {
            Err(MarshalError(format!("'{text}' is not empty")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    #[test]
    fn only_the_empty_value_is_one() {
        let t = parse_type("org.apache.cassandra.db.marshal.EmptyType").unwrap();
        assert_eq!(t.class_name(), "org.apache.cassandra.db.marshal.EmptyType");
        assert!(t.validate(b"").is_ok());
        assert_eq!(
            t.validate(b"x").unwrap_err().to_string(),
            "EmptyType only accept empty values"
        );
        assert_eq!(t.from_string("").unwrap(), Vec::<u8>::new());
        assert_eq!(
            t.from_string("a").unwrap_err().to_string(),
            "'a' is not empty"
        );
        assert_eq!(t.get_string(b""), "");
        assert_eq!(t.compare(b"", b""), Ordering::Equal);
        assert!(parse_type("EmptyType").is_ok());
    }
}
