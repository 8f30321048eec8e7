//! TimeUUIDType: version-1 UUIDs (or empty), ordered by their embedded
//! 60-bit timestamp, ties broken by *signed* byte order: from 0.7 the tie
//! went to `ByteBuffer.compareTo` (Java's bytes are signed), and 2.2's
//! rewrite kept that order on purpose ("a signed per-byte comparison for
//! compatibility"), so `...-ff..` sorts before `...-01..` at one time.
//! 0.6 broke them with `FBUtilities.compareByteArrays`, unsigned: its
//! column families (those of a `storage-conf.xml`) are [`TimeUUIDType06`].
//!
//! Validation differs by generation. Cassandra 0.6.8 (what the 0.6 corpus
//! recorded) validated through `getString`: `UUIDs must be exactly 16 bytes`
//! and `TimeUUID only makes sense with version 1 UUIDs`. 0.6.13 and 1.x use
//! `TimeUUID should be 16 or 0 bytes (N)` and `Invalid version for TimeUUID type.`.

use super::lexical_uuid::{parse_canonical_uuid, uuid_to_string};
use crate::marshal::numbers::date::{parse_date_millis, time_uuid_for_millis};
use crate::marshal::{class_name_of, empty_first, AbstractType, Dialect, MarshalError, TypeRef};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct TimeUUIDType;

/// The timestamp bytes in significance order: time_hi (without the version
/// nibble), time_mid, time_low.
pub(crate) fn compare_timestamp_bytes(a: &[u8], b: &[u8]) -> Ordering {
    (a[6] & 0x0f)
        .cmp(&(b[6] & 0x0f))
        .then(a[7].cmp(&b[7]))
        .then(a[4..6].cmp(&b[4..6]))
        .then(a[0..4].cmp(&b[0..4]))
}

/// Java's `ByteBuffer.compareTo`: byte by byte as signed values, then the
/// shorter first.
fn signed_bytes(a: &[u8], b: &[u8]) -> Ordering {
    a.iter()
        .zip(b)
        .map(|(x, y)| (*x as i8).cmp(&(*y as i8)))
        .find(|o| o.is_ne())
        .unwrap_or_else(|| a.len().cmp(&b.len()))
}

impl AbstractType for TimeUUIDType {
    fn class_name(&self) -> String {
        class_name_of("TimeUUIDType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        empty_first(a, b).unwrap_or_else(|| {
            if a.len() < 8 || b.len() < 8 {
                // Only reachable with unvalidated input; keep the order total.
                return a.cmp(b);
            }
            compare_timestamp_bytes(a, b).then_with(|| signed_bytes(a, b))
        })
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        self.validate_for(value, Dialect::Api2)
    }
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        if value.is_empty() {
            return Ok(());
        }
        let version_ok = value.len() == 16 && value[6] & 0xf0 == 0x10;
        match dialect {
            Dialect::Api2 if value.len() != 16 => {
                Err(MarshalError::new("UUIDs must be exactly 16 bytes"))
            }
            Dialect::Api2 if !version_ok => Err(MarshalError::new(
                "TimeUUID only makes sense with version 1 UUIDs",
            )),
            Dialect::V12 if value.len() != 16 => Err(MarshalError(format!(
                "TimeUUID should be 16 or 0 bytes ({})",
                value.len()
            ))),
            // 2.0's TimeUUIDSerializer checked the UUIDSerializer's size first.
            Dialect::V20 if value.len() != 16 => Err(MarshalError(format!(
                "UUID should be 16 or 0 bytes ({})",
                value.len()
            ))),
            Dialect::V12 | Dialect::V20 if !version_ok => {
                Err(MarshalError::new("Invalid version for TimeUUID type."))
            }
            _ => Ok(()),
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        uuid_to_string(value)
    }
    /// A canonical version-1 UUID, or (as Cassandra 1.x) a date, which
    /// becomes the smallest time UUID of that millisecond.
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        if let Some(bytes) = parse_canonical_uuid(text) {
            if bytes[6] >> 4 != 1 {
                return Err(MarshalError::new("TimeUUID supports only version 1 UUIDs"));
            }
            return Ok(bytes.to_vec());
        }
        let millis = parse_date_millis(text)?;
        Ok(time_uuid_for_millis(millis).to_vec())
    }
}

/// 0.6's TimeUUIDType: the same type (name, validation, text), ties broken
/// by unsigned bytes as 0.6.8 returned them (`order_vectors.txt`).
#[derive(Debug, Default, Clone, Copy)]
pub struct TimeUUIDType06;

impl AbstractType for TimeUUIDType06 {
    fn class_name(&self) -> String {
        TimeUUIDType.class_name()
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        empty_first(a, b).unwrap_or_else(|| {
            if a.len() < 8 || b.len() < 8 {
                return a.cmp(b);
            }
            compare_timestamp_bytes(a, b).then_with(|| a.cmp(b))
        })
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        TimeUUIDType.validate(value)
    }
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        TimeUUIDType.validate_for(value, dialect)
    }
    fn get_string(&self, value: &[u8]) -> String {
        TimeUUIDType.get_string(value)
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        TimeUUIDType.from_string(text)
    }
}

/// `t` as a 0.6 column family (one a `storage-conf.xml` defined) orders:
/// a TimeUUIDType becomes [`TimeUUIDType06`]; every other type is 0.6's
/// already.
pub fn as_of_06(t: TypeRef) -> TypeRef {
    if t.class_name() == TimeUUIDType.class_name() {
        std::sync::Arc::new(TimeUUIDType06)
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn hex(s: &str) -> Vec<u8> {
        crate::marshal::hex_to_bytes(s).unwrap()
    }

    /// A version-1 UUID with the given 60-bit timestamp and trailing bytes.
    fn v1(ts: u64, tail: [u8; 8]) -> Vec<u8> {
        let mut b = Vec::with_capacity(16);
        b.extend_from_slice(&((ts & 0xffff_ffff) as u32).to_be_bytes());
        b.extend_from_slice(&(((ts >> 32) & 0xffff) as u16).to_be_bytes());
        b.extend_from_slice(&((((ts >> 48) & 0x0fff) as u16) | 0x1000).to_be_bytes());
        b.extend_from_slice(&tail);
        b
    }

    #[test]
    fn api2_messages_as_recorded() {
        let t = TimeUUIDType;
        assert_eq!(
            t.validate(b"not-a-uuid").unwrap_err().0,
            "UUIDs must be exactly 16 bytes"
        );
        assert_eq!(
            t.validate(&hex("00000000000000014000800000000000"))
                .unwrap_err()
                .0,
            "TimeUUID only makes sense with version 1 UUIDs"
        );
        assert_eq!(
            t.validate(&hex("00000000000000000000000000000000"))
                .unwrap_err()
                .0,
            "TimeUUID only makes sense with version 1 UUIDs"
        );
        assert!(t.validate(b"").is_ok());
        assert!(t.validate(&v1(5, [0; 8])).is_ok());
    }

    #[test]
    fn v12_messages() {
        let t = TimeUUIDType;
        assert_eq!(
            t.validate_for(b"abc", Dialect::V12).unwrap_err().0,
            "TimeUUID should be 16 or 0 bytes (3)"
        );
        assert_eq!(
            t.validate_for(&hex("00000000000000014000800000000000"), Dialect::V12)
                .unwrap_err()
                .0,
            "Invalid version for TimeUUID type."
        );
        // 2.0's TimeUUIDSerializer: the UUIDSerializer's size, then the version.
        assert_eq!(
            t.validate_for(b"abc", Dialect::V20).unwrap_err().0,
            "UUID should be 16 or 0 bytes (3)"
        );
        assert_eq!(
            t.validate_for(&hex("00000000000000014000800000000000"), Dialect::V20)
                .unwrap_err()
                .0,
            "Invalid version for TimeUUID type."
        );
    }

    #[test]
    fn time_order_beats_byte_order() {
        let t = TimeUUIDType;
        // time_low is the least significant part of the timestamp even though it comes first.
        let early = v1(0x0000_0001_ffff_ffff, [0; 8]);
        let late = v1(0x0000_0002_0000_0000, [0; 8]);
        assert!(
            early[0] > late[0],
            "byte order alone would put `early` last"
        );
        assert_eq!(t.compare(&early, &late), Ordering::Less);
        // Same time: signed bytes decide (0xff is -1, before 0x01),
        // as 0.7-3.11 ordered them.
        assert_eq!(
            t.compare(&v1(7, [0x80; 8]), &v1(7, [0x7f; 8])),
            Ordering::Less
        );
        let mut order = [[0x11; 8], [0x01; 8], [0xff; 8]].map(|tail| v1(7, tail));
        order.sort_by(|a, b| t.compare(a, b));
        assert_eq!(order.clone().map(|u| u[8]), [0xff, 0x01, 0x11]);
        // 0.6's: unsigned.
        order.sort_by(|a, b| TimeUUIDType06.compare(a, b));
        assert_eq!(order.map(|u| u[8]), [0x01, 0x11, 0xff]);
        assert_eq!(t.compare(b"", &early), Ordering::Less);
    }

    #[test]
    fn strings() {
        let t = TimeUUIDType;
        let v = v1(
            0x1e0_0000_2710,
            [0x91, 0x11, 1, 0x23, 0x45, 0x67, 0x89, 0xab],
        );
        let s = t.get_string(&v);
        assert_eq!(t.from_string(&s).unwrap(), v);
        assert_eq!(
            t.from_string("00000000-0000-4000-8000-000000000000")
                .unwrap_err()
                .0,
            "TimeUUID supports only version 1 UUIDs"
        );
        // A date gives a version-1 UUID at that instant.
        let d = t.from_string("2013-01-01 00:00:00+0000").unwrap();
        assert!(t.validate(&d).is_ok());
        let later = t.from_string("2013-01-01 00:00:01+0000").unwrap();
        assert_eq!(t.compare(&d, &later), Ordering::Less);
    }

    proptest! {
        #[test]
        fn order_is_timestamp_then_bytes(a in 0u64..(1 << 60), b in 0u64..(1 << 60), ta: [u8; 8], tb: [u8; 8]) {
            let (x, y) = (v1(a, ta), v1(b, tb));
            let signed = |v: &[u8]| v.iter().map(|b| *b as i8).collect::<Vec<i8>>();
            prop_assert_eq!(TimeUUIDType.compare(&x, &y), a.cmp(&b).then_with(|| signed(&x).cmp(&signed(&y))));
        }
    }
}
