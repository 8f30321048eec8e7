//! What a release's code decided about a statement's values: which
//! validators checked a bound value (1.2's types or 2.0's serializers),
//! how a bound collection was read, and the words of the refusals that
//! changed between releases ([`ValueRules`]). A bound value is refused
//! with the validator's text alone: every release turned the
//! `MarshalException` into an `InvalidRequestException` of its message.
//! It must not evaluate terms (see `values`).

use super::super::error::{CqlError, CqlResult};
use super::super::types::CqlType;
use crate::marshal::{DateTexts, Dialect};

/// The generation of the CQL 3 code a statement's values met.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum ValueRules {
    /// 1.2: the types' own validators; a bound collection read by the
    /// type's `compose`, which left bytes after the last element unread.
    #[default]
    Since12,
    /// 1.2.16 to 1.2.19: 1.2's, and a `timestamp` takes a negative number
    /// of milliseconds (CASSANDRA-6718, `DateType.dateStringToTimestamp`;
    /// see [`Behaviour::NegativeDateMillis`]).
    ///
    /// [`Behaviour::NegativeDateMillis`]: crate::release::Behaviour::NegativeDateMillis
    Since1216,
    /// 2.0: the `serializers` package (`Dialect::V20`); a collection's
    /// bytes left over refused, an element's length past the value's end
    /// failed on the server (`ByteBufferUtil.readBytes`), a short set
    /// said `list` (`SetSerializer`'s copied message); a partition key
    /// over 65535 bytes was `Partition key size N exceeds maximum 65535`.
    Since20,
    /// 2.1: a short set says `set`; the partition key's size is
    /// `ThriftValidation.validateKey`'s again (`Key length of ...`); a map
    /// less a set of its keys (`m = m - {'k'}`) removes those keys.
    Since21,
    /// 2.2 on: a negative TTL's refusal quotes it (`Attributes`).
    Since22,
    /// 3.0 on: 2.2's, and a `time` takes an integer constant.
    Since30,
}

impl ValueRules {
    /// The rules of a release `(major, minor, patch)`.
    pub fn of_release(release: (u32, u32, u32)) -> ValueRules {
        match (release.0, release.1) {
            (1, 2) if release.2 >= 16 => ValueRules::Since1216,
            (0 | 1, _) => ValueRules::Since12,
            (2, 0) => ValueRules::Since20,
            (2, 1) => ValueRules::Since21,
            (2, _) => ValueRules::Since22,
            _ => ValueRules::Since30,
        }
    }

    /// Whether `writetime()` answers a cell written at `timestamp`: 1.2's
    /// `Selection` marked a dead cell's write time -1 and answered null for
    /// any negative one (`ts >= 0`, so `USING TIMESTAMP -5` reads back as
    /// null); 2.0 marked it `Long.MIN_VALUE` and answered every other.
    pub fn answers_write_time(self, timestamp: i64) -> bool {
        match self {
            ValueRules::Since12 | ValueRules::Since1216 => timestamp >= 0,
            _ => timestamp != i64::MIN,
        }
    }

    /// Whether a condition on a list element past the list's end is
    /// refused (2.0's `ElementAccessBound`: `List index N out of bound`);
    /// 2.1's `ColumnCondition` took such an element as null.
    pub fn refuses_list_condition_out_of_bounds(self) -> bool {
        self <= ValueRules::Since20
    }

    /// The date texts a `timestamp` constant may be written as: 1.2's
    /// `JdbcDate` patterns (1.2.16 on: negative milliseconds too), 2.0's
    /// `TimestampSerializer` (milliseconds, ISO zones), 2.2's (a zone's
    /// name after a blank too).
    pub fn date_texts(self) -> DateTexts {
        match self {
            ValueRules::Since12 => DateTexts::Jdbc12,
            ValueRules::Since1216 => DateTexts::Jdbc12Signed,
            ValueRules::Since20 | ValueRules::Since21 => DateTexts::Iso20,
            ValueRules::Since22 | ValueRules::Since30 => DateTexts::Iso22,
        }
    }

    /// The validators' dialect.
    pub fn dialect(self) -> Dialect {
        match self {
            ValueRules::Since12 | ValueRules::Since1216 => Dialect::V12,
            _ => Dialect::V20,
        }
    }

    /// A value bound to a column of type `ty`, checked by its validator.
    pub fn validate(self, ty: &CqlType, value: &[u8]) -> CqlResult<()> {
        ty.marshal()
            .validate_for(value, self.dialect())
            .map_err(|e| CqlError::invalid(e.0))
    }

    /// The refusal of a partition key of `len` bytes (more than 65535).
    pub fn oversized_key(self, len: usize) -> CqlError {
        let max = u16::MAX;
        CqlError::invalid(match self {
            ValueRules::Since20 => format!("Partition key size {len} exceeds maximum {max}"),
            _ => format!("Key length of {len} is longer than maximum of {max}"),
        })
    }

    /// The refusal of a negative TTL.
    pub fn negative_ttl(self, ttl: i64) -> CqlError {
        CqlError::invalid(match self {
            ValueRules::Since22 | ValueRules::Since30 => {
                format!("A TTL must be greater or equal to 0, but was {ttl}")
            }
            _ => "A TTL must be greater or equal to 0".to_string(),
        })
    }

    /// The elements of a bound collection in the u16-count form (a
    /// map's keys and values alternate), each checked by its type
    /// (`parts`: an element's, or a map entry's key and value) as it was
    /// read, with the release's refusals of a malformed value.
    pub fn bound_collection(
        self,
        value: &[u8],
        word: &str,
        parts: &[&CqlType],
    ) -> CqlResult<Vec<Vec<u8>>> {
        // 2.0's and 2.1's SetSerializer kept ListSerializer's words for a
        // short value (2.1's `deserializeForNativeProtocol`, which read
        // every bound set).
        let short_word =
            if matches!(self, ValueRules::Since20 | ValueRules::Since21) && word == "set" {
                "list"
            } else {
                word
            };
        let short = || CqlError::invalid(format!("Not enough bytes to read a {short_word}"));
        let mut rest = value;
        let u16_at = |rest: &mut &[u8]| -> CqlResult<usize> {
            let (head, tail) = (rest.get(..2).ok_or_else(short)?, &rest[2..]);
            *rest = tail;
            Ok(usize::from(u16::from_be_bytes([head[0], head[1]])))
        };
        let count = u16_at(&mut rest)?;
        // Each element takes at least its 2-byte length: never reserve more.
        let mut out = Vec::with_capacity((count * parts.len()).min(rest.len() / 2));
        for _ in 0..count {
            for ty in parts {
                let len = u16_at(&mut rest)?;
                if len > rest.len() {
                    return Err(match self {
                        ValueRules::Since12 | ValueRules::Since1216 => short(),
                        _ => CqlError::Failed(format!(
                            "a bound {word}'s element of {len} bytes past its end"
                        )),
                    });
                }
                let (element, tail) = rest.split_at(len);
                rest = tail;
                self.validate(ty, element)?;
                out.push(element.to_vec());
            }
        }
        if !rest.is_empty() && self >= ValueRules::Since20 {
            return Err(CqlError::invalid(format!(
                "Unexpected extraneous bytes after {word} value"
            )));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::types::Native;

    fn int() -> CqlType {
        CqlType::Native(Native::Int)
    }

    fn text() -> CqlType {
        CqlType::Native(Native::Text)
    }

    fn hex(s: &str) -> Vec<u8> {
        crate::marshal::hex_to_bytes(s).unwrap()
    }

    fn refusal(r: CqlResult<Vec<Vec<u8>>>) -> String {
        match r {
            Err(CqlError::Invalid(why)) => why,
            other => panic!("not refused: {other:?}"),
        }
    }

    /// Recorded: `o19b_binds` and `rel_bindtexts` on 1.2.9 to 3.11.10.
    #[test]
    fn a_bound_value_is_refused_with_the_validators_text_alone() {
        let bigint = CqlType::Native(Native::Bigint);
        let e = ValueRules::Since12.validate(&bigint, &[0; 4]).unwrap_err();
        assert_eq!(e.to_string(), "Expected 8 or 0 byte long (4)");
        let uuid = CqlType::Native(Native::Uuid);
        let e = ValueRules::Since12.validate(&uuid, &[0; 15]).unwrap_err();
        assert_eq!(e.to_string(), "UUIDs must be exactly 16 bytes");
        let e = ValueRules::Since21.validate(&uuid, &[0; 15]).unwrap_err();
        assert_eq!(e.to_string(), "UUID should be 16 or 0 bytes (15)");
        // 1.2 stored any decimal; 2.0 wanted its scale.
        let decimal = CqlType::Native(Native::Decimal);
        assert!(ValueRules::Since12.validate(&decimal, &[0, 1]).is_ok());
        let e = ValueRules::Since20.validate(&decimal, &[0, 1]).unwrap_err();
        assert_eq!(e.to_string(), "Expected 0 or at least 4 bytes (2)");
        // 2.0 took an empty inet.
        let inet = CqlType::Native(Native::Inet);
        assert!(ValueRules::Since12.validate(&inet, &[]).is_err());
        assert!(ValueRules::Since20.validate(&inet, &[]).is_ok());
    }

    #[test]
    fn a_negative_write_time_was_null_to_1_2() {
        assert!(!ValueRules::Since12.answers_write_time(-5));
        assert!(!ValueRules::Since1216.answers_write_time(-1));
        assert!(ValueRules::Since12.answers_write_time(0));
        assert!(ValueRules::Since20.answers_write_time(-5));
        assert!(!ValueRules::Since22.answers_write_time(i64::MIN));
    }

    #[test]
    fn releases_choose_their_rules() {
        assert_eq!(ValueRules::of_release((1, 2, 9)), ValueRules::Since12);
        assert_eq!(ValueRules::of_release((1, 2, 19)), ValueRules::Since1216);
        // A negative timestamp is taken where the behaviour says so.
        for r in crate::release::RELEASES {
            let texts = ValueRules::of_release(r.numbers()).date_texts();
            let signed = crate::marshal::parse_timestamp_text("-1", texts).is_ok();
            let does = r.does(crate::release::Behaviour::NegativeDateMillis);
            assert_eq!(signed, does, "{}", r.version);
        }
        assert_eq!(ValueRules::of_release((2, 0, 17)), ValueRules::Since20);
        assert_eq!(ValueRules::of_release((2, 1, 22)), ValueRules::Since21);
        assert_eq!(ValueRules::of_release((2, 2, 19)), ValueRules::Since22);
        assert_eq!(ValueRules::of_release((3, 11, 10)), ValueRules::Since30);
    }

    #[test]
    fn bytes_after_a_collection_were_left_unread_by_1_2() {
        let v = hex("000100040000000500");
        let items = ValueRules::Since12
            .bound_collection(&v, "list", &[&int()])
            .unwrap();
        assert_eq!(items, vec![hex("00000005")]);
        // A count of none before a v3-style body: an empty list.
        let v = hex("0000000200000004000000010000000400000002");
        assert!(ValueRules::Since12
            .bound_collection(&v, "list", &[&int()])
            .unwrap()
            .is_empty());
        for r in [ValueRules::Since20, ValueRules::Since22] {
            assert_eq!(
                refusal(r.bound_collection(&v, "list", &[&int()])),
                "Unexpected extraneous bytes after list value"
            );
        }
    }

    #[test]
    fn a_short_collection_and_its_words() {
        let two = hex("0002000400000005");
        for r in [
            ValueRules::Since12,
            ValueRules::Since20,
            ValueRules::Since21,
        ] {
            assert_eq!(
                refusal(r.bound_collection(&two, "list", &[&int()])),
                "Not enough bytes to read a list"
            );
            assert_eq!(
                refusal(r.bound_collection(&[], "map", &[&text(), &int()])),
                "Not enough bytes to read a map"
            );
        }
        let set = |r: ValueRules| refusal(r.bound_collection(&[], "set", &[&text()]));
        assert_eq!(set(ValueRules::Since12), "Not enough bytes to read a set");
        assert_eq!(set(ValueRules::Since20), "Not enough bytes to read a list");
        assert_eq!(set(ValueRules::Since21), "Not enough bytes to read a list");
        assert_eq!(set(ValueRules::Since22), "Not enough bytes to read a set");
        // An element's length past the end: 1.2 ran short, 2.0 on failed.
        let past = hex("00010005000000");
        assert_eq!(
            refusal(ValueRules::Since12.bound_collection(&past, "list", &[&int()])),
            "Not enough bytes to read a list"
        );
        assert!(matches!(
            ValueRules::Since20.bound_collection(&past, "list", &[&int()]),
            Err(CqlError::Failed(_))
        ));
    }

    #[test]
    fn elements_are_checked_as_they_are_read() {
        // A map's key before its value, each before the next is read.
        let v = hex("000100016b00020001");
        assert_eq!(
            refusal(ValueRules::Since12.bound_collection(&v, "map", &[&text(), &int()])),
            "Expected 4 or 0 byte int (2)"
        );
        let bad_then_short = hex("00020001ff");
        assert_eq!(
            refusal(ValueRules::Since20.bound_collection(&bad_then_short, "set", &[&text()])),
            "String didn't validate."
        );
    }

    #[test]
    fn words_of_keys_and_ttls() {
        assert_eq!(
            ValueRules::Since20.oversized_key(65536).to_string(),
            "Partition key size 65536 exceeds maximum 65535"
        );
        assert_eq!(
            ValueRules::Since21.oversized_key(65536).to_string(),
            "Key length of 65536 is longer than maximum of 65535"
        );
        assert_eq!(
            ValueRules::Since21.negative_ttl(-1).to_string(),
            "A TTL must be greater or equal to 0"
        );
        assert_eq!(
            ValueRules::Since22.negative_ttl(-1).to_string(),
            "A TTL must be greater or equal to 0, but was -1"
        );
    }
}
