//! CounterColumnType (0.8+): the default validator of counter column
//! families. Client-visible counter values are 8-byte longs; the storage
//! engine keeps its own context format behind this type.

use super::long::LongType;
use crate::marshal::{bytes_to_hex, class_name_of, AbstractType, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct CounterColumnType;

impl AbstractType for CounterColumnType {
    fn class_name(&self) -> String {
        class_name_of("CounterColumnType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        LongType.compare(a, b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        if value.is_empty() || value.len() == 8 {
            Ok(())
        } else {
            Err(MarshalError(format!(
                "Expected 8 or 0 byte long ({})",
                value.len()
            )))
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        // Cassandra shows counters' raw bytes in hex here.
        bytes_to_hex(value)
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        LongType.from_string(text)
    }
    fn is_counter(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validates_as_a_long() {
        let t = CounterColumnType;
        assert!(t.validate(&5i64.to_be_bytes()).is_ok());
        assert!(t.validate(b"").is_ok());
        assert_eq!(
            t.validate(&[1, 2, 3]).unwrap_err().0,
            "Expected 8 or 0 byte long (3)"
        );
        assert_eq!(t.from_string("5").unwrap(), 5i64.to_be_bytes().to_vec());
        assert!(t.is_counter());
    }
}
