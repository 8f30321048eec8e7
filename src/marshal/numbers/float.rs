//! FloatType (1.2 CQL3 `float`): 4-byte IEEE-754 big-endian (or empty),
//! ordered as Java's `Float.compare`.

use super::double::{ieee_compare, ieee_from_string, ieee_get_string, ieee_validate};
use crate::marshal::{class_name_of, AbstractType, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct FloatType;

impl AbstractType for FloatType {
    fn class_name(&self) -> String {
        class_name_of("FloatType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        ieee_compare::<f32>(a, b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        ieee_validate::<f32>(value)
    }
    fn get_string(&self, value: &[u8]) -> String {
        ieee_get_string::<f32>(value)
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        ieee_from_string::<f32>(text)
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
