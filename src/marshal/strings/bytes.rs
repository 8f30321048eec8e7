//! BytesType: raw bytes, unsigned lexicographic order, accepts anything.
//! Strings are lower-case hex, as Cassandra's `bytesToHex`/`hexToBytes`.

use crate::marshal::{bytes_to_hex, class_name_of, hex_to_bytes, AbstractType, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct BytesType;

impl AbstractType for BytesType {
    fn class_name(&self) -> String {
        class_name_of("BytesType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        // Plain unsigned lexicographic order already puts the empty value first.
        a.cmp(b)
    }
    fn validate(&self, _value: &[u8]) -> Result<(), MarshalError> {
        Ok(())
    }
    fn get_string(&self, value: &[u8]) -> String {
        bytes_to_hex(value)
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        hex_to_bytes(text)
            .ok_or_else(|| MarshalError(format!("cannot parse '{text}' as hex bytes")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsigned_order_with_empty_first() {
        let t = BytesType;
        assert_eq!(t.compare(b"", b"\x00"), Ordering::Less);
        assert_eq!(t.compare(b"\x7f", b"\x80"), Ordering::Less);
        assert_eq!(t.compare(b"ab", b"abc"), Ordering::Less);
        assert_eq!(t.compare(b"b", b"abc"), Ordering::Greater);
    }

    #[test]
    fn hex_strings() {
        let t = BytesType;
        assert_eq!(t.get_string(&[0xde, 0xad, 0x01]), "dead01");
        assert_eq!(t.from_string("DEAD01").unwrap(), vec![0xde, 0xad, 0x01]);
        assert_eq!(t.from_string("f").unwrap(), vec![0x0f]);
        assert_eq!(
            t.from_string("xy").unwrap_err().0,
            "cannot parse 'xy' as hex bytes"
        );
    }
}
