//! Partitioners: how a row key becomes a token, and how tokens order rows.
//!
//! Owns the token algorithms (Murmur3, Random/MD5, order-preserving, byte
//! ordered), token string forms (as `describe_ring` prints them) and the
//! (token, key) order every scan and SSTable uses. It must not know about
//! storage or Thrift.

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

/// A position on the ring. All tokens of one partitioner use one variant, so
/// the derived order (variant first, then value) is the ring order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Token {
    /// Murmur3Partitioner: a signed 64-bit value; MIN is the minimum token.
    Long(i64),
    /// RandomPartitioner: abs(md5 as signed 128-bit), in [0, 2^127]; -1 is the minimum.
    Big(i128),
    /// OrderPreservingPartitioner: the key as Java's UTF-16 code units
    /// (Java `String.compareTo` order). Empty is the minimum.
    Utf16(Vec<u16>),
    /// ByteOrderedPartitioner (and collating order, pre-computed): raw bytes.
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

/// The partitioner could not parse a token string.
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
    fn token_to_string(&self, token: &Token) -> String;
    fn token_from_string(&self, text: &str) -> Result<Token, TokenError>;

    fn decorate(&self, key: &[u8]) -> DecoratedKey {
        DecoratedKey {
            token: self.token(key),
            key: key.to_vec(),
        }
    }
}

pub type PartitionerRef = Arc<dyn Partitioner>;
