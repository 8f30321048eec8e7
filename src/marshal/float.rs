//! FloatType (1.2 CQL3 `float`): 4-byte IEEE-754 big-endian (or empty),
//! ordered as Java's `Float.compare`.

use super::double::{java_compare, java_number_string};
use super::{bytes_to_hex, class_name_of, empty_first, AbstractType, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct FloatType;

impl AbstractType for FloatType {
    fn class_name(&self) -> String {
        class_name_of("FloatType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        empty_first(a, b).unwrap_or_else(|| {
            match (<[u8; 4]>::try_from(a), <[u8; 4]>::try_from(b)) {
                // Widening is exact, so the order (and -0.0 / NaN handling) is kept.
                (Ok(x), Ok(y)) => {
                    java_compare(f32::from_be_bytes(x) as f64, f32::from_be_bytes(y) as f64)
                }
                _ => a.len().cmp(&b.len()).then_with(|| a.cmp(b)),
            }
        })
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        if value.is_empty() || value.len() == 4 {
            Ok(())
        } else {
            Err(MarshalError(format!(
                "Expected 4 or 0 byte value for a float ({})",
                value.len()
            )))
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        match <[u8; 4]>::try_from(value) {
            Ok(b) => {
                let v = f32::from_be_bytes(b);
                java_number_string(&format!("{v:e}"), v.is_nan(), v.is_infinite(), v < 0.0)
            }
            Err(_) if value.is_empty() => String::new(),
            Err(_) => bytes_to_hex(value),
        }
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        // Parse as f32 directly: going through f64 could round twice.
        let t = text.trim();
        let parsed = match t {
            "Infinity" | "+Infinity" => Some(f32::INFINITY),
            "-Infinity" => Some(f32::NEG_INFINITY),
            "NaN" => Some(f32::NAN),
            _ => t.trim_end_matches(['d', 'D', 'f', 'F']).parse::<f32>().ok(),
        };
        parsed
            .map(|v| v.to_be_bytes().to_vec())
            .ok_or_else(|| MarshalError(format!("unable to make float from '{text}'")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn f(v: f32) -> Vec<u8> {
        v.to_be_bytes().to_vec()
    }

    #[test]
    fn behaviour() {
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
    }

    proptest! {
        #[test]
        fn round_trip(v: f32) {
            let back = FloatType.from_string(&FloatType.get_string(&f(v))).unwrap();
            prop_assert_eq!(FloatType.compare(&back, &f(v)), Ordering::Equal);
        }
    }
}
