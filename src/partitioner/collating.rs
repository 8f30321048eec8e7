//! CollatingOrderPreservingPartitioner (Cassandra 0.6 to 1.2): the token is
//! the key's Java en_US collation key ([`super::collation`]), compared as
//! unsigned bytes (0.6's `FBUtilities.compareByteArrays`), so rows come back
//! in the order a US-English reader expects ("a", "-a", "b", "-b", ...).
//!
//! Key bytes become a string as the Thrift strings of 0.6 did: UTF-8, each
//! malformed sequence replaced by U+FFFD. Token strings are the lower-case
//! hex of the collation key (0.6's `bytesToHex`); a string that is not hex
//! is refused. The empty key, which the API only ever uses as an open range
//! bound, is the minimum token (the empty byte string), as 0.6 read such a
//! bound and 0.7+ made explicit; every other key's token is longer, so the
//! minimum sorts first.
//!
//! Two different keys can share a collation key (they differ only in
//! characters the collator ignores, such as U+0000, or in canonical
//! composition, "é" against "e" + U+0301); they stay two rows, ordered by
//! their bytes. (0.6's row comparator looked only at the token.)

use super::collation::collation_key;
use super::{Partitioner, Token, TokenError};

#[derive(Debug, Default, Clone, Copy)]
pub struct CollatingOrderPreservingPartitioner;

impl Partitioner for CollatingOrderPreservingPartitioner {
    fn class_name(&self) -> &'static str {
        "org.apache.cassandra.dht.CollatingOrderPreservingPartitioner"
    }
    fn token(&self, key: &[u8]) -> Token {
        if key.is_empty() {
            return self.min_token();
        }
        Token::Bytes(collation_key(&String::from_utf8_lossy(key)))
    }
    fn min_token(&self) -> Token {
        Token::Bytes(Vec::new())
    }
    fn token_validator(&self) -> &'static str {
        "BytesType"
    }
    fn preserves_order(&self) -> bool {
        true
    }
    fn token_from_string(&self, text: &str) -> Result<Token, TokenError> {
        super::bytes_token_from_hex(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_hex_collation_keys() {
        let p = CollatingOrderPreservingPartitioner;
        let t = p.token(b"a");
        assert_eq!(p.token_to_string(&t), "00530000000100000001");
        assert_eq!(p.token_from_string("00530000000100000001").unwrap(), t);
        assert_eq!(
            p.token_from_string("xyz").unwrap_err().0,
            "Non-hex characters in xyz"
        );
        assert_eq!(p.token(b""), p.min_token());
        assert!(p.min_token() < p.token(b"\x00"), "U+0000 is ignorable");
        assert_eq!(p.token_to_string(&p.min_token()), "");
    }

    #[test]
    fn rows_in_collated_order() {
        let p = CollatingOrderPreservingPartitioner;
        let mut keys: Vec<&str> = vec!["b", "-b", "10", "a", "-a", "9", "B", "A"];
        keys.sort_by_key(|k| p.decorate(k.as_bytes()));
        assert_eq!(keys, ["10", "9", "a", "A", "-a", "b", "B", "-b"]);
        // Same collation key, different bytes: two rows, by bytes.
        let (x, y) = (
            p.decorate("\u{e9}".as_bytes()),
            p.decorate("e\u{301}".as_bytes()),
        );
        assert_eq!(x.token, y.token);
        assert!(y < x);
    }

    #[test]
    fn invalid_utf8_is_replaced_as_java_decoded_it() {
        let p = CollatingOrderPreservingPartitioner;
        assert_eq!(p.token(b"a\xffb"), p.token("a\u{fffd}b".as_bytes()));
    }
}
