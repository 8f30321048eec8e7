//! RandomPartitioner: token = abs(MD5 of the key read as a signed 128-bit
//! big-endian integer), printed as a decimal integer; the empty key has the
//! minimum token -1.
//!
//! Cassandra 0.6 hashed `key.getBytes()` of the key *string*; for keys that
//! are valid UTF-8 that is the raw key bytes, which is what we hash.
//!
//! The one MD5 value whose absolute value is 2^127 does not fit an `i128`;
//! it is mapped to 2^127 - 1. Finding a key with that hash means finding an
//! MD5 preimage, so this never collides in practice.

use super::{Partitioner, Token, TokenError, DHT_PACKAGE};
use md5::{Digest, Md5};

#[derive(Debug, Default, Clone, Copy)]
pub struct RandomPartitioner;

impl Partitioner for RandomPartitioner {
    fn class_name(&self) -> &'static str {
        "org.apache.cassandra.dht.RandomPartitioner"
    }
    fn token(&self, key: &[u8]) -> Token {
        if key.is_empty() {
            return self.min_token();
        }
        let digest: [u8; 16] = Md5::digest(key).into();
        let signed = i128::from_be_bytes(digest);
        Token::Big(signed.checked_abs().unwrap_or(i128::MAX))
    }
    fn min_token(&self) -> Token {
        Token::Big(-1)
    }
    fn token_validator(&self) -> &'static str {
        "IntegerType"
    }
    fn preserves_order(&self) -> bool {
        false
    }
    fn token_from_string(&self, text: &str) -> Result<Token, TokenError> {
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(TokenError(format!(
                "Invalid token for {DHT_PACKAGE}RandomPartitioner: '{text}' is not a decimal integer"
            )));
        }
        match text.parse::<i128>() {
            Ok(v) if v >= -1 => Ok(Token::Big(v)),
            _ => Err(TokenError(format!(
                "Invalid token for {DHT_PACKAGE}RandomPartitioner: '{text}' is outside the ring [-1, 2^127 - 1]"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_tokens() {
        // thrift-facts.md §5 (abs of the signed MD5).
        let p = RandomPartitioner;
        let cases = [
            ("a", "16955237001963240173058271559858726497"),
            ("key1", "81509516161424251288255223397843705139"),
            ("test", "12707736894140473154801792860916528374"),
            ("hello", "123957004363873451094272536567338222994"),
            ("foo", "110673303387115207421586718101067225896"),
        ];
        for (key, token) in cases {
            assert_eq!(p.token_to_string(&p.token(key.as_bytes())), token, "{key}");
        }
    }

    #[test]
    fn negative_md5_takes_the_absolute_value() {
        // md5("a") = 0cc175b9..., positive; md5("b") = 92eb5ffe..., negative as signed.
        let digest: [u8; 16] = Md5::digest(b"b").into();
        assert!(digest[0] >= 0x80);
        let expected = i128::from_be_bytes(digest).abs();
        assert_eq!(RandomPartitioner.token(b"b"), Token::Big(expected));
        assert!(expected > 0);
    }

    #[test]
    fn minimum_and_strings() {
        let p = RandomPartitioner;
        assert_eq!(p.token(b""), Token::Big(-1));
        assert_eq!(p.token_to_string(&p.min_token()), "-1");
        assert!(p.token(b"a") > p.min_token());
        assert_eq!(p.token_from_string("42").unwrap(), Token::Big(42));
        assert!(p.token_from_string("-2").is_err());
        assert!(p
            .token_from_string("170141183460469231731687303715884105728")
            .is_err());
        assert!(p.token_from_string("0x10").is_err());
    }
}
