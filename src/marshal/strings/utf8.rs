//! UTF8Type: UTF-8 text compared as raw bytes (UTF-8 byte order equals
//! code-point order).
//!
//! The two generations validate differently: 0.6 ran Java's strict decoder
//! and quoted the bytes in the message; 1.x runs its own state machine,
//! which accepts a few things a strict decoder refuses (encoded surrogates,
//! Java's `C0 80` for NUL, lead bytes up to F7) and answers
//! `String didn't validate.`.

use crate::marshal::{class_name_of, java_byte_array_string, AbstractType, Dialect, MarshalError};
use std::cmp::Ordering;

#[derive(Debug, Default, Clone, Copy)]
pub struct UTF8Type;

impl AbstractType for UTF8Type {
    fn class_name(&self) -> String {
        class_name_of("UTF8Type")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        a.cmp(b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        self.validate_for(value, Dialect::Api2)
    }
    fn validate_for(&self, value: &[u8], dialect: Dialect) -> Result<(), MarshalError> {
        match dialect {
            Dialect::Api2 => match std::str::from_utf8(value) {
                Ok(_) => Ok(()),
                Err(_) => Err(MarshalError(format!(
                    "invalid UTF8 bytes {}",
                    java_byte_array_string(value)
                ))),
            },
            Dialect::V12 | Dialect::V20 if lenient_utf8(value) => Ok(()),
            Dialect::V12 | Dialect::V20 => Err(MarshalError::new("String didn't validate.")),
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        String::from_utf8_lossy(value).into_owned()
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        Ok(text.as_bytes().to_vec())
    }
}

/// The byte-level automaton Cassandra 1.x validates UTF8Type with. It is not
/// a strict UTF-8 check; we reproduce it so the same names are accepted.
fn lenient_utf8(bytes: &[u8]) -> bool {
    #[derive(Clone, Copy)]
    enum S {
        Start,
        /// One continuation byte left.
        Cont1,
        /// After C0: only 80 (Java's encoding of NUL) may follow.
        After0xC0,
        /// After E0: A0..BF must follow (only 80..9F is refused).
        AfterE0,
        /// Two continuation bytes left.
        Cont2,
        /// After F0: the next byte needs one of bits 0x30 set.
        AfterF0,
        /// Three continuation bytes left.
        Cont3,
    }
    let mut state = S::Start;
    for &b in bytes {
        let cont = b & 0xc0 == 0x80;
        state = match state {
            S::Start => match b {
                0x00..=0x7f => S::Start,
                0xc0 => S::After0xC0,
                0xc1 => return false,
                0xc2..=0xdf => S::Cont1,
                0xe0 => S::AfterE0,
                0xe1..=0xef => S::Cont2,
                0xf0 => S::AfterF0,
                0xf1..=0xf7 => S::Cont3,
                _ => return false,
            },
            S::Cont1 if cont => S::Start,
            S::After0xC0 if b == 0x80 => S::Start,
            S::AfterE0 if b & 0xe0 != 0x80 => S::Cont1,
            S::Cont2 if cont => S::Cont1,
            S::AfterF0 if b & 0x30 != 0 => S::Cont2,
            S::Cont3 if cont => S::Cont2,
            _ => return false,
        };
    }
    matches!(state, S::Start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api2_messages_quote_signed_bytes() {
        let t = UTF8Type;
        // Recorded from Cassandra 0.6.8 (invalid_comparator_values).
        assert_eq!(
            t.validate(&[0xff, 0xfe, 0xfd]).unwrap_err().0,
            "invalid UTF8 bytes [-1, -2, -3]"
        );
        assert_eq!(
            t.validate(&[0xc3]).unwrap_err().0,
            "invalid UTF8 bytes [-61]"
        );
        assert_eq!(
            t.validate(&[0xed, 0xa0, 0x80]).unwrap_err().0,
            "invalid UTF8 bytes [-19, -96, -128]"
        );
        assert_eq!(
            t.validate(&[0xff]).unwrap_err().0,
            "invalid UTF8 bytes [-1]"
        );
        assert!(t.validate("été ✓ 𝄞".as_bytes()).is_ok());
        assert!(t.validate(b"").is_ok());
    }

    #[test]
    fn v12_automaton() {
        let ok = |b: &[u8]| UTF8Type.validate_for(b, Dialect::V12).is_ok();
        assert!(ok("été ✓ 𝄞".as_bytes()));
        assert!(ok(b""));
        assert!(ok(&[0xc0, 0x80]));
        assert!(ok(&[0xed, 0xa0, 0x80]));
        assert!(!ok(&[0xc3]));
        assert!(!ok(&[0xff]));
        assert!(!ok(&[0xe0, 0x80, 0x80]));
        assert!(!ok(&[0xc1, 0x80]));
        assert_eq!(
            UTF8Type.validate_for(&[0xff], Dialect::V12).unwrap_err().0,
            "String didn't validate."
        );
    }

    #[test]
    fn seed_sort_example() {
        // Digg/BloggyAppy "WTF is a SuperColumn": as UTF8Type, "123" < "3" < "832416" < "976".
        let mut names = vec!["976", "3", "832416", "123"];
        names.sort_by(|a, b| UTF8Type.compare(a.as_bytes(), b.as_bytes()));
        assert_eq!(names, vec!["123", "3", "832416", "976"]);
    }
}
