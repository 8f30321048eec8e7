//! The IEEE-754 types: DoubleType (1.2 CQL3 `double`, 8 bytes) and
//! FloatType (`float`, 4 bytes), big-endian (or empty), ordered as Java's
//! `Double.compare` / `Float.compare` (-0.0 < 0.0, NaN above +Infinity),
//! rendered and parsed as Java did; one fixed-width logic (`Ieee`) for both.

use crate::marshal::{bytes_to_hex, class_name_of, empty_first, AbstractType, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct DoubleType;

#[derive(Debug, Default, Clone, Copy)]
pub struct FloatType;

/// Java's `Double.compare`: numeric, then by canonical bits (so -0.0 < 0.0
/// and every NaN equals every other NaN and sorts last).
fn java_compare(a: f64, b: f64) -> Ordering {
    let bits = |v: f64| {
        if v.is_nan() {
            0x7ff8_0000_0000_0000i64
        } else {
            v.to_bits() as i64
        }
    };
    match a.partial_cmp(&b) {
        Some(Ordering::Equal) | None => bits(a).cmp(&bits(b)),
        Some(o) => o,
    }
}

/// Java's `Double.toString`/`Float.toString` layout for the shortest
/// round-tripping digits: plain between 10^-3 and 10^7, otherwise
/// `d.dddE<exp>`; always at least one digit after the point.
fn java_number_string(sci: &str, is_nan: bool, is_inf: bool, negative: bool) -> String {
    if is_nan {
        return "NaN".into();
    }
    if is_inf {
        return if negative {
            "-Infinity".into()
        } else {
            "Infinity".into()
        };
    }
    // `sci` is Rust's `{:e}` output, e.g. "-1.25e-7" or "3e0".
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    if digits.bytes().all(|d| d == b'0') {
        return format!("{sign}0.0");
    }
    if (-3..7).contains(&exp) {
        let point = exp + 1; // digits before the decimal point
        let (int_part, frac_part) = if point <= 0 {
            (
                "0".to_string(),
                format!("{}{}", "0".repeat((-point) as usize), digits),
            )
        } else if (point as usize) >= digits.len() {
            (
                format!("{}{}", digits, "0".repeat(point as usize - digits.len())),
                String::new(),
            )
        } else {
            (
                digits[..point as usize].to_string(),
                digits[point as usize..].to_string(),
            )
        };
        let frac = if frac_part.is_empty() {
            "0".to_string()
        } else {
            frac_part
        };
        format!("{sign}{int_part}.{frac}")
    } else {
        let frac = if digits.len() > 1 { &digits[1..] } else { "0" };
        format!("{sign}{}.{}E{}", &digits[..1], frac, exp)
    }
}

/// Java's `Double.parseDouble`/`Float.parseFloat` for the forms people type.
/// Java spelled the special values `NaN` and `Infinity` only: Rust's `inf`,
/// `nan` and the like, in any case, are refused (2.0's `-infinity` constant
/// was `unable to coerce '-infinity' to a double`). Parsed at the type's own
/// width: going through f64 for a float could round twice.
fn parse_java<T: Ieee>(text: &str) -> Option<T> {
    let t = text.trim();
    match t {
        "Infinity" | "+Infinity" => Some(T::INFINITY),
        "-Infinity" => Some(T::NEG_INFINITY),
        "NaN" | "+NaN" | "-NaN" => Some(T::NAN),
        _ => {
            let digits = t.trim_end_matches(['d', 'D', 'f', 'F']);
            if digits
                .chars()
                .any(|c| c.is_ascii_alphabetic() && !matches!(c, 'e' | 'E'))
            {
                return None;
            }
            digits.parse().ok()
        }
    }
}

/// What DoubleType and FloatType share: a fixed-width IEEE-754 big-endian
/// value (or empty), Java's order and Java's rendering. Each type gives its
/// width and names; the marshal logic is written once, below.
trait Ieee: Copy + std::str::FromStr + std::fmt::LowerExp {
    const WIDTH: usize;
    /// The word Cassandra's messages use ("double", "float").
    const WORD: &'static str;
    const INFINITY: Self;
    const NEG_INFINITY: Self;
    const NAN: Self;
    fn from_be(bytes: &[u8]) -> Option<Self>;
    fn to_be(self) -> Vec<u8>;
    /// Exact widening, so the order (and -0.0 / NaN handling) is kept.
    fn wide(self) -> f64;
}

impl Ieee for f64 {
    const WIDTH: usize = 8;
    const WORD: &'static str = "double";
    const INFINITY: Self = f64::INFINITY;
    const NEG_INFINITY: Self = f64::NEG_INFINITY;
    const NAN: Self = f64::NAN;
    fn from_be(bytes: &[u8]) -> Option<Self> {
        <[u8; 8]>::try_from(bytes).ok().map(f64::from_be_bytes)
    }
    fn to_be(self) -> Vec<u8> {
        self.to_be_bytes().to_vec()
    }
    fn wide(self) -> f64 {
        self
    }
}

impl Ieee for f32 {
    const WIDTH: usize = 4;
    const WORD: &'static str = "float";
    const INFINITY: Self = f32::INFINITY;
    const NEG_INFINITY: Self = f32::NEG_INFINITY;
    const NAN: Self = f32::NAN;
    fn from_be(bytes: &[u8]) -> Option<Self> {
        <[u8; 4]>::try_from(bytes).ok().map(f32::from_be_bytes)
    }
    fn to_be(self) -> Vec<u8> {
        self.to_be_bytes().to_vec()
    }
    fn wide(self) -> f64 {
        self as f64
    }
}

fn ieee_compare<T: Ieee>(a: &[u8], b: &[u8]) -> Ordering {
    empty_first(a, b).unwrap_or_else(|| match (T::from_be(a), T::from_be(b)) {
        (Some(x), Some(y)) => java_compare(x.wide(), y.wide()),
        // Only reachable with unvalidated input; keep the order total.
        _ => a.len().cmp(&b.len()).then_with(|| a.cmp(b)),
    })
}

fn ieee_validate<T: Ieee>(value: &[u8]) -> Result<(), MarshalError> {
    if value.is_empty() || value.len() == T::WIDTH {
        Ok(())
    } else {
        Err(MarshalError(format!(
            "Expected {} or 0 byte value for a {} ({})",
            T::WIDTH,
            T::WORD,
            value.len()
        )))
    }
}

fn ieee_get_string<T: Ieee>(value: &[u8]) -> String {
    match T::from_be(value) {
        Some(v) => {
            let w = v.wide();
            java_number_string(&format!("{v:e}"), w.is_nan(), w.is_infinite(), w < 0.0)
        }
        None if value.is_empty() => String::new(),
        None => bytes_to_hex(value),
    }
}

fn ieee_from_string<T: Ieee>(text: &str) -> Result<Vec<u8>, MarshalError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    parse_java::<T>(text)
        .map(T::to_be)
        .ok_or_else(|| MarshalError(format!("unable to coerce '{text}' to a {}", T::WORD)))
}

/// The marshal type of one IEEE-754 width.
macro_rules! ieee_type {
    ($name:ident, $float:ty) => {
        impl AbstractType for $name {
            fn class_name(&self) -> String {
                class_name_of(stringify!($name))
            }
            fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
                ieee_compare::<$float>(a, b)
            }
            fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
                ieee_validate::<$float>(value)
            }
            fn get_string(&self, value: &[u8]) -> String {
                ieee_get_string::<$float>(value)
            }
            fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
                ieee_from_string::<$float>(text)
            }
        }
    };
}

ieee_type!(DoubleType, f64);
ieee_type!(FloatType, f32);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn d(v: f64) -> Vec<u8> {
        v.to_be_bytes().to_vec()
    }

    #[test]
    fn java_order() {
        let t = DoubleType;
        assert_eq!(t.compare(&d(-0.0), &d(0.0)), Ordering::Less);
        assert_eq!(
            t.compare(&d(f64::NAN), &d(f64::INFINITY)),
            Ordering::Greater
        );
        assert_eq!(t.compare(&d(f64::NAN), &d(-f64::NAN)), Ordering::Equal);
        assert_eq!(t.compare(&d(-1.5), &d(1.0)), Ordering::Less);
        assert_eq!(t.compare(b"", &d(f64::NEG_INFINITY)), Ordering::Less);
    }

    #[test]
    fn java_strings() {
        let s = |v: f64| DoubleType.get_string(&d(v));
        assert_eq!(s(1.0), "1.0");
        assert_eq!(s(-2.5), "-2.5");
        assert_eq!(s(0.001), "0.001");
        assert_eq!(s(0.0001), "1.0E-4");
        assert_eq!(s(1e7), "1.0E7");
        assert_eq!(s(1234567.0), "1234567.0");
        assert_eq!(s(1.25e10), "1.25E10");
        assert_eq!(s(0.0), "0.0");
        assert_eq!(s(-0.0), "-0.0");
        assert_eq!(s(f64::NAN), "NaN");
        assert_eq!(s(f64::NEG_INFINITY), "-Infinity");
        assert_eq!(
            DoubleType.validate(&[0; 4]).unwrap_err().0,
            "Expected 8 or 0 byte value for a double (4)"
        );
        assert_eq!(
            DoubleType.from_string("x").unwrap_err().0,
            "unable to coerce 'x' to a double"
        );
    }

    proptest! {
        #[test]
        fn round_trip(v: f64) {
            let back = DoubleType.from_string(&DoubleType.get_string(&d(v))).unwrap();
            prop_assert_eq!(DoubleType.compare(&back, &d(v)), Ordering::Equal);
        }

        #[test]
        fn order_matches_total_order_for_numbers(a: f64, b: f64) {
            prop_assume!(!a.is_nan() && !b.is_nan());
            prop_assert_eq!(DoubleType.compare(&d(a), &d(b)), a.total_cmp(&b));
        }
    }

    fn f(v: f32) -> Vec<u8> {
        v.to_be_bytes().to_vec()
    }

    #[test]
    fn float_behaviour() {
        let t = FloatType;
        assert_eq!(t.compare(&f(-0.0), &f(0.0)), Ordering::Less);
        assert_eq!(
            t.compare(&f(f32::NAN), &f(f32::INFINITY)),
            Ordering::Greater
        );
        assert_eq!(t.get_string(&f(0.1)), "0.1");
        assert_eq!(t.get_string(&f(1e10)), "1.0E10");
        assert_eq!(
            t.validate(&[0; 8]).unwrap_err().0,
            "Expected 4 or 0 byte value for a float (8)"
        );
        assert_eq!(t.from_string("Infinity").unwrap(), f(f32::INFINITY));
        // Java's spellings only: not Rust's
        for text in ["nan", "-infinity", "inf", "NAN"] {
            assert!(t.from_string(text).is_err(), "{text}");
        }
        assert!(t.from_string("-NaN").unwrap() == f(f32::NAN));
    }

    proptest! {
        #[test]
        fn float_round_trip(v: f32) {
            let back = FloatType.from_string(&FloatType.get_string(&f(v))).unwrap();
            prop_assert_eq!(FloatType.compare(&back, &f(v)), Ordering::Equal);
        }
    }
}
