//! DecimalType (1.2 CQL3 `decimal`): Java's BigDecimal as a 4-byte
//! big-endian scale followed by the unscaled value in two's complement
//! (value = unscaled × 10^-scale), or empty. Order is numeric (1.0 == 1.00).

use crate::marshal::{
    bytes_to_hex, class_name_of, empty_first, AbstractType, Dialect, MarshalError,
};
use num_bigint::{BigInt, Sign};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct DecimalType;

/// (unscaled, scale) of an encoded decimal; `None` when shorter than 4 bytes.
fn decode(value: &[u8]) -> Option<(BigInt, i32)> {
    let scale = i32::from_be_bytes(value.get(..4)?.try_into().ok()?);
    Some((BigInt::from_signed_bytes_be(&value[4..]), scale))
}

fn encode(unscaled: &BigInt, scale: i32) -> Vec<u8> {
    let mut out = scale.to_be_bytes().to_vec();
    out.extend_from_slice(&unscaled.to_signed_bytes_be());
    out
}

/// (unscaled, scale) of an encoded decimal, for the conversions of other
/// layers (CQL's CAST).
pub(crate) fn decode_decimal(value: &[u8]) -> Option<(BigInt, i32)> {
    decode(value)
}

/// Java's `BigDecimal.toString()`: plain while the scale is not negative
/// and the adjusted exponent is -6 or more, else one digit, the rest after
/// a point and `E` with the adjusted exponent (its `+` shown).
pub(crate) fn java_decimal_string(unscaled: &BigInt, scale: i32) -> String {
    let digits = unscaled.magnitude().to_string();
    let sign = if unscaled.sign() == Sign::Minus {
        "-"
    } else {
        ""
    };
    let adjusted = digits.len() as i64 - 1 - i64::from(scale);
    if scale >= 0 && adjusted >= -6 {
        return plain_string(unscaled, scale);
    }
    let rest = if digits.len() > 1 {
        format!(".{}", &digits[1..])
    } else {
        String::new()
    };
    let exponent = match adjusted {
        0 => String::new(),
        a if a > 0 => format!("E+{a}"),
        a => format!("E{a}"),
    };
    format!("{sign}{}{rest}{exponent}", &digits[..1])
}

/// Numeric order without scaling either side up (a hostile scale such as
/// 2^31 would otherwise need gigabytes): sign, then the position of the
/// most significant digit, then the digits themselves.
fn compare_decimal(a: &(BigInt, i32), b: &(BigInt, i32)) -> Ordering {
    let sign_rank = |v: &BigInt| match v.sign() {
        Sign::Minus => -1,
        Sign::NoSign => 0,
        Sign::Plus => 1,
    };
    let (sa, sb) = (sign_rank(&a.0), sign_rank(&b.0));
    if sa != sb || sa == 0 {
        return sa.cmp(&sb);
    }
    let (da, db) = (a.0.magnitude().to_string(), b.0.magnitude().to_string());
    // value = 0.d1d2... x 10^(len - scale)
    let (ea, eb) = (da.len() as i64 - a.1 as i64, db.len() as i64 - b.1 as i64);
    let magnitude = ea
        .cmp(&eb)
        .then_with(|| da.trim_end_matches('0').cmp(db.trim_end_matches('0')));
    if sa < 0 {
        magnitude.reverse()
    } else {
        magnitude
    }
}

/// Java's `BigDecimal.toPlainString`, or `toString`'s scientific form when
/// the plain one would be absurdly long.
fn plain_string(unscaled: &BigInt, scale: i32) -> String {
    let negative = unscaled.sign() == Sign::Minus;
    let digits = unscaled.magnitude().to_string();
    let sign = if negative { "-" } else { "" };
    let padding = if scale <= 0 {
        -(scale as i64)
    } else {
        scale as i64 - digits.len() as i64
    };
    if padding > 64 {
        let adjusted = digits.len() as i64 - 1 - scale as i64;
        let frac = if digits.len() > 1 {
            format!(".{}", &digits[1..])
        } else {
            String::new()
        };
        return format!(
            "{sign}{}{frac}E{}{adjusted}",
            &digits[..1],
            if adjusted >= 0 { "+" } else { "" }
        );
    }
    if scale <= 0 {
        let zeros = if unscaled.sign() == Sign::NoSign {
            0
        } else {
            (-scale) as usize
        };
        return format!("{sign}{digits}{}", "0".repeat(zeros));
    }
    let scale = scale as usize;
    if digits.len() > scale {
        let (i, f) = digits.split_at(digits.len() - scale);
        format!("{sign}{i}.{f}")
    } else {
        format!("{sign}0.{}{digits}", "0".repeat(scale - digits.len()))
    }
}

/// Java's `new BigDecimal(String)`: `[+-]digits[.digits][e[+-]digits]`.
fn parse_decimal(text: &str) -> Option<(BigInt, i32)> {
    let (mantissa, exp) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (neg, body) = match mantissa.as_bytes().first()? {
        b'-' => (true, &mantissa[1..]),
        b'+' => (false, &mantissa[1..]),
        _ => (false, mantissa),
    };
    let (int_part, frac_part) = body.split_once('.').unwrap_or((body, ""));
    let all = format!("{int_part}{frac_part}");
    if all.is_empty() || !all.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut unscaled: BigInt = all.parse().ok()?;
    if neg {
        unscaled = -unscaled;
    }
    let scale = i64::try_from(frac_part.len()).ok()? - exp as i64;
    Some((unscaled, i32::try_from(scale).ok()?))
}

impl AbstractType for DecimalType {
    fn class_name(&self) -> String {
        class_name_of("DecimalType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        empty_first(a, b).unwrap_or_else(|| match (decode(a), decode(b)) {
            (Some(x), Some(y)) => compare_decimal(&x, &y),
            // Fewer than 4 bytes is not a decimal; keep the order total.
            (None, Some(_)) => Ordering::Less,
            (Some(_), None) => Ordering::Greater,
            (None, None) => a.cmp(b),
        })
    }
    /// Cassandra 1.0 to 1.2 did not check decimals ("no useful check for
    /// invalid decimals"): any bytes were stored.
    fn validate(&self, _value: &[u8]) -> Result<(), MarshalError> {
        Ok(())
    }
    /// 2.0's `DecimalSerializer` required the 4-byte scale.
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        match dialect {
            Dialect::V20 if !value.is_empty() && value.len() < 4 => Err(MarshalError(format!(
                "Expected 0 or at least 4 bytes ({})",
                value.len()
            ))),
            _ => self.validate(value),
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        match decode(value) {
            Some((u, s)) => plain_string(&u, s),
            None if value.is_empty() => String::new(),
            None => bytes_to_hex(value),
        }
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        parse_decimal(text)
            .map(|(u, s)| encode(&u, s))
            .ok_or_else(|| MarshalError(format!("unable to make BigDecimal from '{text}'")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_to_string_goes_scientific_as_big_decimal_did() {
        let s = |u: i64, scale: i32| java_decimal_string(&BigInt::from(u), scale);
        assert_eq!(s(1250, 2), "12.50");
        assert_eq!(s(8, 0), "8");
        assert_eq!(s(-5, 3), "-0.005");
        assert_eq!(s(1, 7), "1E-7");
        assert_eq!(s(123, 9), "1.23E-7");
        assert_eq!(s(1, -3), "1E+3");
        assert_eq!(s(10, -6), "1.0E+7");
        assert_eq!(s(0, 0), "0");
    }

    #[test]
    fn numeric_order_ignores_scale() {
        let t = DecimalType;
        let v = |s: &str| t.from_string(s).unwrap();
        assert_eq!(t.compare(&v("1.0"), &v("1.00")), Ordering::Equal);
        assert_eq!(t.compare(&v("-0.5"), &v("0.25")), Ordering::Less);
        assert_eq!(t.compare(&v("1e3"), &v("999.99")), Ordering::Greater);
        assert_eq!(t.compare(b"", &v("-1e9")), Ordering::Less);
        assert_eq!(t.compare(&v("-2"), &v("-10")), Ordering::Greater);
        assert_eq!(t.compare(&v("0.0"), &v("-0.1")), Ordering::Greater);
        assert_eq!(t.compare(&v("0.12"), &v("0.121")), Ordering::Less);
    }

    #[test]
    fn strings() {
        let t = DecimalType;
        assert_eq!(t.from_string("1.25").unwrap(), vec![0, 0, 0, 2, 125]);
        for s in ["1.25", "-0.001", "100", "0", "12345678901234567890.5"] {
            assert_eq!(t.get_string(&t.from_string(s).unwrap()), s);
        }
        assert_eq!(t.get_string(&t.from_string("1.5E3").unwrap()), "1500");
        assert_eq!(
            t.from_string("abc").unwrap_err().0,
            "unable to make BigDecimal from 'abc'"
        );
        // 1.0 to 1.2 stored any bytes; 2.0 wanted the scale.
        assert!(t.validate_for(&[0, 0], Dialect::V12).is_ok());
        assert_eq!(
            t.validate_for(&[0, 1], Dialect::V20).unwrap_err().0,
            "Expected 0 or at least 4 bytes (2)"
        );
        assert!(t.validate_for(&[], Dialect::V20).is_ok());
        assert!(t.validate_for(&[0, 0, 0, 0], Dialect::V20).is_ok());
        // Hostile scales neither allocate nor hang.
        let tiny = t.from_string("1e-2147483000").unwrap();
        let huge = t.from_string("1e2147483000").unwrap();
        assert_eq!(t.compare(&tiny, &huge), Ordering::Less);
        assert_eq!(t.get_string(&huge), "1E+2147483000");
        assert_eq!(t.get_string(&tiny), "1E-2147483000");
    }
}
