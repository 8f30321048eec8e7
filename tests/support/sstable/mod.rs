//! Shared helpers of the `sstable_*` integration tests: a test partitioner,
//! a reversed-bytes comparator (to prove lookups use the comparator, not
//! byte order) and partition builders.
#![allow(dead_code)]

use std::cmp::Ordering;
use std::path::Path;
use std::sync::Arc;

use supercolumn::marshal::{AbstractType, MarshalError};
use supercolumn::partitioner::{DecoratedKey, Partitioner, PartitionerRef, Token, TokenError};
use supercolumn::storage::sstable::{SSTableOptions, SSTableReader, SSTableWriter};

/// Tokens are a 64-bit FNV-1a hash: scattered like Murmur3, so ring order differs from key order.
#[derive(Debug)]
pub struct HashPartitioner;

impl Partitioner for HashPartitioner {
    fn class_name(&self) -> &'static str {
        "test.HashPartitioner"
    }
    fn token(&self, key: &[u8]) -> Token {
        let mut h: u64 = 0xcbf29ce484222325;
        for b in key {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x100000001b3);
        }
        Token::Long(h as i64)
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
    fn token_to_string(&self, token: &Token) -> String {
        format!("{token:?}")
    }
    fn token_from_string(&self, text: &str) -> Result<Token, TokenError> {
        text.parse()
            .map(Token::Long)
            .map_err(|_| TokenError(format!("bad token {text}")))
    }
}

/// Another partitioner, to check the class name recorded in Statistics.
#[derive(Debug)]
pub struct OtherPartitioner;

impl Partitioner for OtherPartitioner {
    fn class_name(&self) -> &'static str {
        "test.OtherPartitioner"
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
    fn token_to_string(&self, token: &Token) -> String {
        format!("{token:?}")
    }
    fn token_from_string(&self, text: &str) -> Result<Token, TokenError> {
        Ok(Token::Bytes(text.as_bytes().to_vec()))
    }
}

pub fn partitioner() -> PartitionerRef {
    Arc::new(HashPartitioner)
}

pub fn dk(key: &[u8]) -> DecoratedKey {
    HashPartitioner.decorate(key)
}

/// Descending unsigned byte order: a comparator that is not byte order.
#[derive(Debug)]
pub struct ReversedBytes;

impl AbstractType for ReversedBytes {
    fn class_name(&self) -> String {
        "test.ReversedBytes".into()
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        b.cmp(a)
    }
    fn validate(&self, _value: &[u8]) -> Result<(), MarshalError> {
        Ok(())
    }
    fn get_string(&self, value: &[u8]) -> String {
        format!("{value:?}")
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        Ok(text.as_bytes().to_vec())
    }
}

pub type Entries = Vec<(Vec<u8>, Vec<u8>)>;

/// A partition spec: key bytes, header, entries (already in comparator order).
pub type Spec = (Vec<u8>, Vec<u8>, Entries);

/// Writes `parts` (any order; sorted here by ring order) and returns the opened reader.
pub fn write(dir: &Path, name: &str, mut parts: Vec<Spec>, opts: SSTableOptions) -> SSTableReader {
    parts.sort_by_key(|p| dk(&p.0));
    let mut w = SSTableWriter::create(dir, name, &partitioner(), parts.len(), opts).unwrap();
    for (k, h, e) in parts {
        w.append(&dk(&k), &h, e).unwrap();
    }
    w.finish().unwrap()
}

/// Big-endian u32 names, sorted in byte order, with small payloads.
pub fn numbered_entries(n: u32) -> Entries {
    (0..n)
        .map(|i| (i.to_be_bytes().to_vec(), format!("v{i}").into_bytes()))
        .collect()
}

pub fn small_blocks() -> SSTableOptions {
    SSTableOptions {
        column_index_size: 256,
        index_interval: 4,
        bloom_fp_chance: 0.01,
    }
}

/// Token = the key's first byte: many keys share a token (for token-bounded scans).
#[derive(Debug)]
pub struct CoarsePartitioner;

impl Partitioner for CoarsePartitioner {
    fn class_name(&self) -> &'static str {
        "test.CoarsePartitioner"
    }
    fn token(&self, key: &[u8]) -> Token {
        Token::Long(key.first().map_or(-1, |b| i64::from(*b)))
    }
    fn min_token(&self) -> Token {
        Token::Long(-1)
    }
    fn token_validator(&self) -> &'static str {
        "LongType"
    }
    fn preserves_order(&self) -> bool {
        true
    }
    fn token_to_string(&self, token: &Token) -> String {
        format!("{token:?}")
    }
    fn token_from_string(&self, text: &str) -> Result<Token, TokenError> {
        text.parse()
            .map(Token::Long)
            .map_err(|_| TokenError(format!("bad token {text}")))
    }
}
