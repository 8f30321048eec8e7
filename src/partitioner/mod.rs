//! Partitioners: how a row key becomes a token, and how tokens order rows.
//!
//! Owns the token algorithms (Murmur3, Random/MD5, order-preserving,
//! collating, byte ordered), token string forms (as `describe_ring` prints
//! them) and the (token, key) order every scan and SSTable uses. It must not
//! know about storage or Thrift.

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

mod byte_ordered;
mod collating;
pub mod collation;
mod murmur3;
mod order_preserving;
mod random;

pub use byte_ordered::ByteOrderedPartitioner;
pub use collating::CollatingOrderPreservingPartitioner;
pub use murmur3::{cassandra_murmur3_h1, Murmur3Partitioner};
pub use order_preserving::OrderPreservingPartitioner;
pub use random::RandomPartitioner;

/// The package every partitioner's class name starts with.
pub const DHT_PACKAGE: &str = "org.apache.cassandra.dht.";

/// A position on the ring. All tokens of one partitioner use one variant, so
/// the derived order (variant first, then value) is the ring order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Token {
    /// Murmur3Partitioner: a signed 64-bit value; MIN is the minimum token.
    Long(i64),
    /// RandomPartitioner: abs(md5 as signed 128-bit), in [0, 2^127 - 1] (the
    /// one hash whose absolute value is 2^127 saturates); -1 is the minimum.
    Big(i128),
    /// OrderPreservingPartitioner: the key as Java's UTF-16 code units
    /// (Java `String.compareTo` order). Empty is the minimum.
    Utf16(Vec<u16>),
    /// ByteOrderedPartitioner (raw key bytes) and
    /// CollatingOrderPreservingPartitioner (Java collation key bytes),
    /// compared as unsigned bytes.
    Bytes(Vec<u8>),
}

/// A row key with its token; rows are ordered by token, then key bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DecoratedKey {
    pub token: Token,
    pub key: Vec<u8>,
}

impl Ord for DecoratedKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.token
            .cmp(&other.token)
            .then_with(|| self.key.cmp(&other.key))
    }
}
impl PartialOrd for DecoratedKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The partitioner could not parse a token string, or does not exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TokenError(pub String);

pub trait Partitioner: Send + Sync + fmt::Debug {
    /// Full class name, e.g. `org.apache.cassandra.dht.Murmur3Partitioner`.
    fn class_name(&self) -> &'static str;
    fn token(&self, key: &[u8]) -> Token;
    fn min_token(&self) -> Token;
    /// True when key order equals token order (range scans by key are meaningful).
    fn preserves_order(&self) -> bool;
    /// A token's text, as Cassandra's token factories wrote it: each
    /// variant has one form (decimal, the key itself, or hex), so the
    /// partitioners share it, and a foreign token still prints.
    fn token_to_string(&self, token: &Token) -> String {
        match token {
            Token::Long(v) => v.to_string(),
            Token::Big(v) => v.to_string(),
            Token::Utf16(units) => String::from_utf16_lossy(units),
            Token::Bytes(b) => crate::marshal::bytes_to_hex(b),
        }
    }
    fn token_from_string(&self, text: &str) -> Result<Token, TokenError>;
    /// Short marshal class of CQL3's `token(...)`: what 1.2's
    /// `IPartitioner.getTokenValidator()` answered (bigint under Murmur3,
    /// varint under RandomPartitioner, text or blob for the ordered ones).
    fn token_validator(&self) -> &'static str;

    /// A token as a value of `token_validator()`'s type.
    fn token_to_bytes(&self, token: &Token) -> Vec<u8> {
        match token {
            Token::Long(v) => v.to_be_bytes().to_vec(),
            // Java's BigInteger.toByteArray(): minimal two's complement.
            Token::Big(v) => num_bigint::BigInt::from(*v).to_signed_bytes_be(),
            Token::Utf16(units) => String::from_utf16_lossy(units).into_bytes(),
            Token::Bytes(b) => b.clone(),
        }
    }

    /// The token a value of `token_validator()`'s type stands for (a bound
    /// `token(k) > ?`).
    fn token_from_bytes(&self, bytes: &[u8]) -> Result<Token, TokenError> {
        let text = match self.token_validator() {
            "LongType" => {
                let b: [u8; 8] = bytes.try_into().map_err(|_| {
                    TokenError(format!("Expected 8 bytes for a token, got {}", bytes.len()))
                })?;
                i64::from_be_bytes(b).to_string()
            }
            "IntegerType" => num_bigint::BigInt::from_signed_bytes_be(bytes).to_string(),
            "UTF8Type" => String::from_utf8(bytes.to_vec())
                .map_err(|_| TokenError("Invalid UTF-8 bytes for a token".into()))?,
            _ => crate::marshal::bytes_to_hex(bytes),
        };
        self.token_from_string(&text)
    }

    fn decorate(&self, key: &[u8]) -> DecoratedKey {
        DecoratedKey {
            token: self.token(key),
            key: key.to_vec(),
        }
    }
}

pub type PartitionerRef = Arc<dyn Partitioner>;

/// The partitioner named `name`: a short name (`RandomPartitioner`) or the
/// full class name (`org.apache.cassandra.dht.RandomPartitioner`).
pub fn by_name(name: &str) -> Result<PartitionerRef, TokenError> {
    let name = name.trim();
    let short = name.strip_prefix(DHT_PACKAGE).unwrap_or(name);
    match short {
        "Murmur3Partitioner" => Ok(Arc::new(Murmur3Partitioner)),
        "RandomPartitioner" => Ok(Arc::new(RandomPartitioner)),
        "OrderPreservingPartitioner" => Ok(Arc::new(OrderPreservingPartitioner)),
        "ByteOrderedPartitioner" => Ok(Arc::new(ByteOrderedPartitioner)),
        "CollatingOrderPreservingPartitioner" => Ok(Arc::new(CollatingOrderPreservingPartitioner)),
        _ => Err(TokenError(format!("Unknown partitioner '{name}'"))),
    }
}

/// A byte token from its hex text, as Cassandra's `hexToBytes` read it (an
/// odd-length string gets a leading 0): the byte-ordered partitioners'.
fn bytes_token_from_hex(text: &str) -> Result<Token, TokenError> {
    crate::marshal::hex_to_bytes(text)
        .map(Token::Bytes)
        .ok_or_else(|| TokenError(format!("Non-hex characters in {text}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const NAMES: [&str; 5] = [
        "Murmur3Partitioner",
        "RandomPartitioner",
        "OrderPreservingPartitioner",
        "ByteOrderedPartitioner",
        "CollatingOrderPreservingPartitioner",
    ];

    proptest! {
        #[test]
        fn arbitrary_keys_and_token_strings(
            name in proptest::sample::select(NAMES.to_vec()),
            key in proptest::collection::vec(any::<u8>(), 0..64),
            text in ".{0,40}",
        ) {
            let p = by_name(name).unwrap();
            let t = p.token(&key);
            prop_assert!(t >= p.min_token());
            prop_assert_eq!(p.token_from_string(&p.token_to_string(&t)).unwrap(), t);
            if let Ok(parsed) = p.token_from_string(&text) {
                prop_assert_eq!(p.token_from_string(&p.token_to_string(&parsed)).unwrap(), parsed);
            }
        }

        #[test]
        fn order_preserving_partitioners_keep_key_order(
            a in "[a-z\\u{80}-\\u{10ffff}]{0,6}", b in "[a-z\\u{80}-\\u{10ffff}]{0,6}",
        ) {
            let p = ByteOrderedPartitioner;
            prop_assert_eq!(p.token(a.as_bytes()).cmp(&p.token(b.as_bytes())), a.as_bytes().cmp(b.as_bytes()));
            // Java's String.compareTo: UTF-16 code units.
            let units = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
            let o = OrderPreservingPartitioner;
            prop_assert_eq!(o.token(a.as_bytes()).cmp(&o.token(b.as_bytes())), units(&a).cmp(&units(&b)));
        }
    }

    #[test]
    fn by_name_accepts_short_and_full_names() {
        for short in NAMES {
            let p = by_name(short).unwrap();
            assert_eq!(p.class_name(), format!("{DHT_PACKAGE}{short}"));
            assert_eq!(
                by_name(&format!("{DHT_PACKAGE}{short}"))
                    .unwrap()
                    .class_name(),
                p.class_name()
            );
        }
    }

    #[test]
    fn by_name_rejects_clearly() {
        assert_eq!(by_name("Nope").unwrap_err().0, "Unknown partitioner 'Nope'");
    }

    #[test]
    fn decorated_keys_order_by_token_then_key() {
        let p = RandomPartitioner;
        let mut keys: Vec<DecoratedKey> = ["a", "key1", "test", "hello", "foo"]
            .iter()
            .map(|k| p.decorate(k.as_bytes()))
            .collect();
        keys.sort();
        let tokens: Vec<Token> = keys.iter().map(|k| k.token.clone()).collect();
        let mut sorted = tokens.clone();
        sorted.sort();
        assert_eq!(tokens, sorted);
        let same = DecoratedKey {
            token: Token::Long(1),
            key: b"b".to_vec(),
        };
        let other = DecoratedKey {
            token: Token::Long(1),
            key: b"a".to_vec(),
        };
        assert!(other < same);
    }

    #[test]
    fn token_values_are_typed_as_1_2_typed_them() {
        let random = by_name("RandomPartitioner").unwrap();
        assert_eq!(random.token_validator(), "IntegerType");
        // BigInteger.toByteArray(): 255 needs a leading zero byte, -1 is 0xff.
        assert_eq!(random.token_to_bytes(&Token::Big(255)), vec![0, 255]);
        assert_eq!(random.token_to_bytes(&Token::Big(-1)), vec![0xff]);
        let murmur = by_name("Murmur3Partitioner").unwrap();
        assert_eq!(murmur.token_validator(), "LongType");
        assert_eq!(
            murmur.token_from_bytes(&[0, 0, 0, 0, 0, 0, 1, 0]).unwrap(),
            Token::Long(256)
        );
        assert!(murmur.token_from_bytes(&[1, 2]).is_err());
        let opp = by_name("OrderPreservingPartitioner").unwrap();
        assert_eq!(opp.token_validator(), "UTF8Type");
        assert_eq!(opp.token_to_bytes(&opp.token(b"abc")), b"abc".to_vec());
        let bop = by_name("ByteOrderedPartitioner").unwrap();
        assert_eq!(bop.token_validator(), "BytesType");
    }

    #[test]
    fn every_partitioner_round_trips_its_token_strings() {
        for name in NAMES {
            let p = by_name(name).unwrap();
            for key in [
                &b""[..],
                b"a",
                b"key1",
                b"\xff\x00binary",
                "ключ".as_bytes(),
            ] {
                let t = p.token(key);
                assert_eq!(
                    p.token_from_string(&p.token_to_string(&t)).unwrap(),
                    t,
                    "{name} {key:?}"
                );
                assert_eq!(
                    p.token_from_bytes(&p.token_to_bytes(&t)).unwrap(),
                    t,
                    "{name} {key:?} as {}",
                    p.token_validator()
                );
            }
            let min = p.min_token();
            assert_eq!(
                p.token(b""),
                min,
                "{name}: the empty key has the minimum token"
            );
            assert_eq!(p.token_from_string(&p.token_to_string(&min)).unwrap(), min);
        }
    }
}
