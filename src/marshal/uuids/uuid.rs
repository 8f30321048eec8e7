//! UUIDType (0.8+): any UUID version (or empty). Order: by version nibble;
//! two version-1 UUIDs by timestamp; then unsigned byte order.

use super::lexical_uuid::{parse_canonical_uuid, uuid_to_string};
use super::time_uuid::compare_timestamp_bytes;
use crate::marshal::numbers::date::{parse_date_millis, time_uuid_for_millis};
use crate::marshal::{class_name_of, AbstractType, Dialect, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct UUIDType;

impl AbstractType for UUIDType {
    fn class_name(&self) -> String {
        class_name_of("UUIDType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        // Cassandra treats anything shorter than 16 bytes (only the empty
        // value once validated) as "no UUID", sorting first and all equal.
        match (a.len() >= 16, b.len() >= 16) {
            (false, false) => return Ordering::Equal,
            (false, true) => return Ordering::Less,
            (true, false) => return Ordering::Greater,
            (true, true) => {}
        }
        let (va, vb) = (a[6] >> 4, b[6] >> 4);
        va.cmp(&vb)
            .then_with(|| {
                if va == 1 {
                    compare_timestamp_bytes(a, b)
                } else {
                    Ordering::Equal
                }
            })
            .then_with(|| a[..16].cmp(&b[..16]))
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        if value.is_empty() || value.len() == 16 {
            Ok(())
        } else {
            Err(MarshalError::new("UUIDs must be exactly 16 bytes"))
        }
    }
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        match dialect {
            Dialect::V20 if !(value.is_empty() || value.len() == 16) => Err(MarshalError(format!(
                "UUID should be 16 or 0 bytes ({})",
                value.len()
            ))),
            _ => self.validate(value),
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        uuid_to_string(value)
    }
    /// A canonical UUID of any version, or a date (a version-1 UUID at that time).
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        if let Some(bytes) = parse_canonical_uuid(text) {
            return Ok(bytes.to_vec());
        }
        let millis = parse_date_millis(text)
            .map_err(|_| MarshalError(format!("unable to coerce '{text}' to version 1 UUID")))?;
        Ok(time_uuid_for_millis(millis).to_vec())
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
    fn version_then_time_then_bytes() {
        let t = UUIDType;
        let v4 = hex("00000000000040008000000000000000");
        let v1_early = hex("ffffffff000010000000000000000000");
        let v1_late = hex("00000000000110000000000000000000");
        assert_eq!(t.compare(&v1_late, &v4), Ordering::Less);
        assert_eq!(t.compare(&v1_early, &v1_late), Ordering::Less);
        let v4_b = hex("80000000000040008000000000000000");
        assert_eq!(t.compare(&v4, &v4_b), Ordering::Less);
        assert_eq!(t.compare(b"", &v4), Ordering::Less);
        assert_eq!(
            t.validate(b"abc").unwrap_err().0,
            "UUIDs must be exactly 16 bytes"
        );
        // 2.0's UUIDSerializer counted the bytes (recorded: 2.0.17 to 3.11.10).
        assert_eq!(
            t.validate_for(&[0; 15], Dialect::V20).unwrap_err().0,
            "UUID should be 16 or 0 bytes (15)"
        );
        assert!(t.validate_for(&[], Dialect::V20).is_ok());
    }

    #[test]
    fn strings() {
        let t = UUIDType;
        let s = "550e8400-e29b-41d4-a716-446655440000";
        assert_eq!(t.get_string(&t.from_string(s).unwrap()), s);
        assert_eq!(
            t.from_string("zzz").unwrap_err().0,
            "unable to coerce 'zzz' to version 1 UUID"
        );
    }

    proptest! {
        #[test]
        fn antisymmetric_and_transitive(a: [u8; 16], b: [u8; 16], c: [u8; 16]) {
            let t = UUIDType;
            prop_assert_eq!(t.compare(&a, &b), t.compare(&b, &a).reverse());
            if t.compare(&a, &b).is_le() && t.compare(&b, &c).is_le() {
                prop_assert!(t.compare(&a, &c).is_le());
            }
        }
    }
}
