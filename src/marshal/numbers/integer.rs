//! IntegerType (0.7+): arbitrary-precision integers as big-endian two's
//! complement of any length (Java's `BigInteger.toByteArray`), or empty.
//! Every byte string is a valid integer; order is numeric, so non-minimal
//! encodings (`00 01` and `01`) compare equal.

use crate::marshal::{class_name_of, empty_first, AbstractType, MarshalError};
use num_bigint::BigInt;
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct IntegerType;

/// Numeric order of two non-empty two's-complement byte strings, without
/// allocating: sign first, then the count of significant bytes, then bytes.
fn compare_varint(a: &[u8], b: &[u8]) -> Ordering {
    let (na, nb) = (a[0] & 0x80 != 0, b[0] & 0x80 != 0);
    if na != nb {
        return if na {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    // Strip sign-extension bytes: 0x00 before a byte < 0x80, 0xff before one >= 0x80.
    let strip = |v: &[u8], neg: bool| -> usize {
        let pad = if neg { 0xff } else { 0x00 };
        let mut i = 0;
        while i + 1 < v.len() && v[i] == pad && (v[i + 1] & 0x80 != 0) == neg {
            i += 1;
        }
        v.len() - i
    };
    let (la, lb) = (strip(a, na), strip(b, nb));
    // Same sign: more significant bytes means larger magnitude, which is
    // larger for positives and smaller for negatives; with equal length the
    // unsigned byte order is the numeric order for both signs.
    let by_length = if na { lb.cmp(&la) } else { la.cmp(&lb) };
    by_length.then_with(|| a[a.len() - la..].cmp(&b[b.len() - lb..]))
}

impl AbstractType for IntegerType {
    fn class_name(&self) -> String {
        class_name_of("IntegerType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        empty_first(a, b).unwrap_or_else(|| compare_varint(a, b))
    }
    fn validate(&self, _value: &[u8]) -> Result<(), MarshalError> {
        Ok(())
    }
    fn get_string(&self, value: &[u8]) -> String {
        if value.is_empty() {
            return String::new();
        }
        BigInt::from_signed_bytes_be(value).to_string()
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        // Java's BigInteger(String): optional sign, then decimal digits only.
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        let err = || MarshalError(format!("unable to make int from '{text}'"));
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let v: BigInt = text.trim_start_matches('+').parse().map_err(|_| err())?;
        Ok(v.to_signed_bytes_be())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big(v: i128) -> Vec<u8> {
        BigInt::from(v).to_signed_bytes_be()
    }

    #[test]
    fn padding_and_signs() {
        let t = IntegerType;
        assert_eq!(t.compare(&[0x00, 0x01], &[0x01]), Ordering::Equal);
        assert_eq!(t.compare(&[0xff, 0xff], &[0xff]), Ordering::Equal);
        assert_eq!(t.compare(&[0x00, 0x01], &[0x02]), Ordering::Less);
        assert_eq!(t.compare(&[0xff], &[0x00]), Ordering::Less);
        assert_eq!(t.compare(&[0x80, 0x00], &[0x80]), Ordering::Less);
        assert_eq!(t.compare(&[0x00, 0x80], &[0x7f]), Ordering::Greater);
        assert_eq!(t.compare(b"", &[0x80]), Ordering::Less);
    }

    #[test]
    fn strings() {
        let t = IntegerType;
        assert_eq!(t.from_string("0").unwrap(), vec![0]);
        assert_eq!(t.from_string("-1").unwrap(), vec![0xff]);
        assert_eq!(t.from_string("128").unwrap(), vec![0x00, 0x80]);
        assert_eq!(t.from_string("+5").unwrap(), vec![5]);
        assert_eq!(t.get_string(&[0x00, 0x80]), "128");
        let huge = "123456789012345678901234567890123456789012345678901234567890";
        assert_eq!(t.get_string(&t.from_string(huge).unwrap()), huge);
        assert_eq!(
            t.from_string("1_000").unwrap_err().0,
            "unable to make int from '1_000'"
        );
        assert!(t.from_string("-").is_err());
    }

    proptest! {
        #[test]
        fn order_is_numeric(a: i128, b: i128, pa in 0usize..3, pb in 0usize..3) {
            // Sign-extended (non-minimal) encodings must compare like minimal ones.
            let pad = |v: i128, n: usize| {
                let mut bytes = big(v);
                let fill = if v < 0 { 0xff } else { 0x00 };
                for _ in 0..n { bytes.insert(0, fill); }
                bytes
            };
            prop_assert_eq!(IntegerType.compare(&pad(a, pa), &pad(b, pb)), a.cmp(&b));
        }

        #[test]
        fn string_round_trip(a: i128) {
            prop_assert_eq!(IntegerType.from_string(&IntegerType.get_string(&big(a))).unwrap(), big(a));
        }
    }
}
