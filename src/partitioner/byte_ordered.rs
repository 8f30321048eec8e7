//! ByteOrderedPartitioner (0.7+): the token is the raw key, ordered as
//! unsigned bytes, printed as lower-case hex; the empty key is the minimum.

use super::{Partitioner, Token, TokenError};

#[derive(Debug, Default, Clone, Copy)]
pub struct ByteOrderedPartitioner;

impl Partitioner for ByteOrderedPartitioner {
    fn class_name(&self) -> &'static str {
        "org.apache.cassandra.dht.ByteOrderedPartitioner"
    }
    fn token(&self, key: &[u8]) -> Token {
        Token::Bytes(key.to_vec())
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
    fn raw_byte_order_and_hex() {
        let p = ByteOrderedPartitioner;
        assert!(p.token(b"\x7f") < p.token(b"\x80"));
        assert!(p.token(b"") < p.token(b"\x00"));
        assert_eq!(p.token_to_string(&p.token(b"\x00\xab")), "00ab");
        assert_eq!(
            p.token_from_string("ABC").unwrap(),
            Token::Bytes(vec![0x0a, 0xbc])
        );
        assert_eq!(
            p.token_from_string("xyz").unwrap_err().0,
            "Non-hex characters in xyz"
        );
        assert_eq!(p.token_from_string("").unwrap(), p.min_token());
    }
}
