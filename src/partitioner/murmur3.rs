//! Murmur3Partitioner (Cassandra 1.2+): token = the first 64-bit half of
//! MurmurHash3 x64_128 (seed 0) of the key, as a signed long.
//!
//! Cassandra's port differs from reference MurmurHash3 in one place: the
//! tail bytes (key length mod 16) are sign-extended (Java's `(long) byte`)
//! before being shifted in, so any tail byte >= 0x80 changes the result.
//! The `murmur3` crate follows the reference (unsigned tail bytes), so it
//! gives different tokens for such keys (see the test
//! `murmur3_crate_differs_on_high_tail_bytes`); this module therefore
//! implements the hash itself.
//!
//! Token rules: the empty key gets `i64::MIN` (the minimum token, which no
//! real key may have), so a hash of `i64::MIN` is mapped to `i64::MAX`.

use super::{Partitioner, Token, TokenError, DHT_PACKAGE};

#[derive(Debug, Default, Clone, Copy)]
pub struct Murmur3Partitioner;

const C1: u64 = 0x87c3_7b91_1142_53d5;
const C2: u64 = 0x4cf5_ad43_2745_937f;

fn fmix(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^ (k >> 33)
}

fn mix_k1(k1: u64) -> u64 {
    k1.wrapping_mul(C1).rotate_left(31).wrapping_mul(C2)
}

fn mix_k2(k2: u64) -> u64 {
    k2.wrapping_mul(C2).rotate_left(33).wrapping_mul(C1)
}

/// h1 of Cassandra's MurmurHash3 x64_128 with seed 0, tail bytes sign-extended.
pub fn cassandra_murmur3_h1(data: &[u8]) -> i64 {
    let (mut h1, mut h2) = (0u64, 0u64);
    let mut blocks = data.chunks_exact(16);
    for block in &mut blocks {
        let k1 = u64::from_le_bytes(block[0..8].try_into().expect("16-byte block"));
        let k2 = u64::from_le_bytes(block[8..16].try_into().expect("16-byte block"));
        h1 ^= mix_k1(k1);
        h1 = h1
            .rotate_left(27)
            .wrapping_add(h2)
            .wrapping_mul(5)
            .wrapping_add(0x52dc_e729);
        h2 ^= mix_k2(k2);
        h2 = h2
            .rotate_left(31)
            .wrapping_add(h1)
            .wrapping_mul(5)
            .wrapping_add(0x3849_5ab5);
    }
    let tail = blocks.remainder();
    // The quirk: `(long) b` in Java sign-extends, so 0xc8 contributes
    // 0xffff_ffff_ffff_ffc8 << shift, not 0xc8 << shift.
    let signed = |b: u8| b as i8 as i64 as u64;
    let (mut k1, mut k2) = (0u64, 0u64);
    for (i, &b) in tail.iter().enumerate().skip(8).rev() {
        k2 ^= signed(b) << ((i - 8) * 8);
    }
    if tail.len() > 8 {
        h2 ^= mix_k2(k2);
    }
    for (i, &b) in tail.iter().enumerate().take(8).rev() {
        k1 ^= signed(b) << (i * 8);
    }
    if !tail.is_empty() {
        h1 ^= mix_k1(k1);
    }
    let len = data.len() as u64;
    h1 ^= len;
    h2 ^= len;
    h1 = h1.wrapping_add(h2);
    h2 = h2.wrapping_add(h1);
    h1 = fmix(h1);
    h2 = fmix(h2);
    h1.wrapping_add(h2) as i64
}

impl Partitioner for Murmur3Partitioner {
    fn class_name(&self) -> &'static str {
        "org.apache.cassandra.dht.Murmur3Partitioner"
    }
    fn token(&self, key: &[u8]) -> Token {
        if key.is_empty() {
            return self.min_token();
        }
        match cassandra_murmur3_h1(key) {
            i64::MIN => Token::Long(i64::MAX),
            h => Token::Long(h),
        }
    }
    fn min_token(&self) -> Token {
        Token::Long(i64::MIN)
    }
    fn token_validator(&self) -> &'static str {
        "LongType"
    }
    fn preserves_order(&self) -> bool {
        false
    }
    fn token_from_string(&self, text: &str) -> Result<Token, TokenError> {
        let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(TokenError(format!(
                "Invalid token for {DHT_PACKAGE}Murmur3Partitioner: '{text}' is not a decimal signed 64-bit integer"
            )));
        }
        text.parse::<i64>().map(Token::Long).map_err(|_| {
            TokenError(format!(
                "Invalid token for {DHT_PACKAGE}Murmur3Partitioner: '{text}' is outside the signed 64-bit range"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(s: &str) -> Vec<u8> {
        crate::marshal::hex_to_bytes(s).unwrap()
    }

    fn prefix_key(extra: &[u8]) -> Vec<u8> {
        let mut k = b"prefix".to_vec();
        k.extend_from_slice(extra);
        k
    }

    /// gocql's vectors (thrift-facts.md §5), several with tail bytes >= 0x80.
    fn gocql_vectors() -> Vec<(Vec<u8>, i64)> {
        let seq: Vec<u8> = (0u8..16).collect();
        let with = |tail: &[u8]| {
            let mut v = seq.clone();
            v.extend_from_slice(tail);
            prefix_key(&v)
        };
        let c8_to_d7: Vec<u8> = (0xc8u8..=0xd7).collect();
        vec![
            (prefix_key(&[0]), -5156414768376541762),
            (prefix_key(&[0, 1]), 3700033067394128583),
            (with(&[0xc8]), -278181328349571586),
            (with(&[0xc8, 0xc9]), -5319761130493488577),
            (with(&c8_to_d7), 2294903531026336836),
            (
                hex("00104327529fb645dd00b883ec39ae448bb800000400066a6b00"),
                -9223371632693506265,
            ),
        ]
    }

    #[test]
    fn gocql_h1_vectors() {
        for (key, h1) in gocql_vectors() {
            assert_eq!(cassandra_murmur3_h1(&key), h1, "{key:02x?}");
        }
    }

    #[test]
    fn known_tokens() {
        let p = Murmur3Partitioner;
        let cases: [(&[u8], i64); 12] = [
            (&[0, 0, 0, 1], -4069959284402364209),
            (&[0, 0, 0, 2], -3248873570005575792),
            (&[0, 0, 0, 0, 0, 0, 0, 1], 6292367497774912474),
            (b"a", -8839064797231613815),
            (b"b", 8833996863197925870),
            (b"key1", 1573573083296714675),
            (b"key2", 8482869187405483569),
            (b"test", -6017608668500074083),
            (b"hello", -3758069500696749310),
            (b"foo", -2129773440516405919),
            (b"bar", -7911037993560119804),
            (b"1", 8213365047359667313),
        ];
        for (key, token) in cases {
            assert_eq!(p.token(key), Token::Long(token), "{key:?}");
            assert_eq!(p.token_to_string(&p.token(key)), token.to_string());
        }
    }

    #[test]
    fn recorded_cassandra_tokens() {
        let data = include_str!("murmur3_vectors.txt");
        let mut n = 0;
        for line in data
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let (key, token) = line.split_once(' ').expect("'hex token' line");
            let token: i64 = token.parse().expect("decimal token");
            assert_eq!(
                Murmur3Partitioner.token(&hex(key)),
                Token::Long(token),
                "key {key}"
            );
            n += 1;
        }
        assert_eq!(n, 90);
    }

    #[test]
    fn recorded_cql3_rows_come_in_token_order() {
        // cassandra-cli listings from Cassandra 1.2.9 (Murmur3Partitioner);
        // one block per table, rows in the order the server stored them.
        let data = include_str!("../marshal/cql3_cells.txt");
        let p = Murmur3Partitioner;
        let (mut previous, mut pairs) = (None, 0);
        for line in data.lines() {
            if line.starts_with("T ") {
                previous = None;
            } else if let Some(rest) = line.strip_prefix("R ") {
                let key = hex(rest.split(' ').next().expect("key hex"));
                let dk = p.decorate(&key);
                if let Some(prev) = previous.replace(dk.clone()) {
                    assert!(prev < dk, "{line}");
                    pairs += 1;
                }
            }
        }
        assert!(pairs >= 30, "only {pairs} row pairs");
    }

    #[test]
    fn murmur3_crate_differs_on_high_tail_bytes() {
        let crate_h1 = |k: &[u8]| {
            murmur3::murmur3_x64_128(&mut std::io::Cursor::new(k), 0).expect("in-memory read")
                as u64 as i64
        };
        // Tail bytes below 0x80: the reference algorithm and Cassandra agree.
        assert_eq!(crate_h1(&prefix_key(&[0, 1])), 3700033067394128583);
        assert_eq!(crate_h1(b"key1"), cassandra_murmur3_h1(b"key1"));
        // A tail byte of 0xc8: the crate gives a different token than Cassandra.
        let (key, cassandra) = gocql_vectors().swap_remove(2);
        assert_eq!(cassandra_murmur3_h1(&key), cassandra);
        assert_ne!(crate_h1(&key), cassandra);
        // Full blocks are read unsigned by both: 0xff bytes in a 16-byte block agree.
        let block = [0xffu8; 16];
        assert_eq!(crate_h1(&block), cassandra_murmur3_h1(&block));
    }

    #[test]
    fn empty_key_and_min_normalisation() {
        let p = Murmur3Partitioner;
        assert_eq!(p.token(b""), Token::Long(i64::MIN));
        assert_eq!(p.token_to_string(&p.min_token()), "-9223372036854775808");
        // No real key may land on the minimum token.
        assert!(p.token(b"x") > p.min_token());
    }

    #[test]
    fn token_strings() {
        let p = Murmur3Partitioner;
        assert_eq!(p.token_from_string("-42").unwrap(), Token::Long(-42));
        assert_eq!(
            p.token_from_string("9223372036854775807").unwrap(),
            Token::Long(i64::MAX)
        );
        assert!(p
            .token_from_string("9223372036854775808")
            .unwrap_err()
            .0
            .contains("outside"));
        assert!(p
            .token_from_string("12ab")
            .unwrap_err()
            .0
            .contains("not a decimal"));
        assert!(p.token_from_string("").is_err());
        assert!(p.token_from_string(" 1").is_err());
    }
}
