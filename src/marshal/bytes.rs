//! BytesType: raw bytes, unsigned lexicographic order, accepts anything.

use super::{AbstractType, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct BytesType;

impl AbstractType for BytesType {
    fn class_name(&self) -> String {
        "org.apache.cassandra.db.marshal.BytesType".to_string()
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        a.cmp(b)
    }
    fn validate(&self, _value: &[u8]) -> Result<(), MarshalError> {
        Ok(())
    }
    fn get_string(&self, value: &[u8]) -> String {
        value.iter().map(|b| format!("{b:02x}")).collect()
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.len() % 2 != 0 {
            return Err(MarshalError("hex string must have an even length".into()));
        }
        (0..text.len())
            .step_by(2)
            .map(|i| {
                u8::from_str_radix(&text[i..i + 2], 16)
                    .map_err(|_| MarshalError(format!("cannot parse '{text}' as hex bytes")))
            })
            .collect()
    }
}
