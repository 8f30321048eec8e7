//! Test fixtures shared by the engine's unit tests: a small schema, a
//! byte-ordered and a hashing partitioner, and mutation builders.
//!
//! Test-only; it must not be used by engine code.

use super::model::*;
use crate::marshal::{AbstractType, BytesType, MarshalError, TypeRef};
use crate::partitioner::{Partitioner, PartitionerRef, Token, TokenError};
use crate::schema::{CfDef, ColumnType, KeyspaceDef, Schema};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Raw byte order: key order is ring order.
#[derive(Debug)]
pub struct ByteOrdered;

impl Partitioner for ByteOrdered {
    fn class_name(&self) -> &'static str {
        "test.ByteOrdered"
    }
    fn token(&self, key: &[u8]) -> Token {
        Token::Bytes(key.to_vec())
    }
    fn min_token(&self) -> Token {
        Token::Bytes(Vec::new())
    }
    fn preserves_order(&self) -> bool {
        true
    }
    fn token_to_string(&self, token: &Token) -> String {
        match token {
            Token::Bytes(b) => String::from_utf8_lossy(b).into_owned(),
            other => format!("{other:?}"),
        }
    }
    fn token_from_string(&self, text: &str) -> Result<Token, TokenError> {
        Ok(Token::Bytes(text.as_bytes().to_vec()))
    }
}

/// FNV-1a over the key: ring order is unrelated to key order.
#[derive(Debug)]
pub struct Hashing;

impl Partitioner for Hashing {
    fn class_name(&self) -> &'static str {
        "test.Hashing"
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
    fn preserves_order(&self) -> bool {
        false
    }
    fn token_to_string(&self, token: &Token) -> String {
        match token {
            Token::Long(v) => v.to_string(),
            other => format!("{other:?}"),
        }
    }
    fn token_from_string(&self, text: &str) -> Result<Token, TokenError> {
        text.parse()
            .map(Token::Long)
            .map_err(|_| TokenError(format!("bad token {text}")))
    }
}

/// Signed 64-bit big-endian names, so comparator order differs from byte order.
#[derive(Debug)]
pub struct TestLong;

impl AbstractType for TestLong {
    fn class_name(&self) -> String {
        "test.Long".into()
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        let v = |x: &[u8]| <[u8; 8]>::try_from(x).map(i64::from_be_bytes).ok();
        match (a.is_empty(), b.is_empty()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => v(a).cmp(&v(b)).then_with(|| a.cmp(b)),
        }
    }
    fn validate(&self, _: &[u8]) -> Result<(), MarshalError> {
        Ok(())
    }
    fn get_string(&self, v: &[u8]) -> String {
        format!("{v:?}")
    }
    fn from_string(&self, t: &str) -> Result<Vec<u8>, MarshalError> {
        t.parse::<i64>()
            .map(|v| v.to_be_bytes().to_vec())
            .map_err(|e| MarshalError(e.to_string()))
    }
}

fn cf(name: &str, id: u32, super_: bool, cmp: TypeRef) -> (String, Arc<CfDef>) {
    let def = CfDef {
        keyspace: "ks".into(),
        name: name.into(),
        id,
        column_type: if super_ {
            ColumnType::Super
        } else {
            ColumnType::Standard
        },
        comparator: cmp,
        subcomparator: super_.then(|| Arc::new(BytesType) as TypeRef),
        comment: None,
        rows_cached: "0".into(),
        keys_cached: "0".into(),
        gc_grace_seconds: 0,
    };
    (name.to_string(), Arc::new(def))
}

/// Keyspace `ks` with `Std` (bytes), `Long` (TestLong) and `Super` (bytes/bytes).
pub fn schema(partitioner: PartitionerRef) -> Arc<Schema> {
    let cfs: BTreeMap<String, Arc<CfDef>> = [
        cf("Std", 1, false, Arc::new(BytesType)),
        cf("Long", 2, false, Arc::new(TestLong)),
        cf("Super", 3, true, Arc::new(BytesType)),
    ]
    .into_iter()
    .collect();
    let ks = KeyspaceDef {
        name: "ks".into(),
        replica_placement_strategy: "org.apache.cassandra.locator.RackUnawareStrategy".into(),
        replication_factor: 1,
        endpoint_snitch: "org.apache.cassandra.locator.EndPointSnitch".into(),
        cfs,
    };
    Arc::new(Schema {
        cluster_name: "test".into(),
        partitioner,
        keyspaces: [("ks".to_string(), ks)].into_iter().collect(),
    })
}

pub fn b(s: &str) -> Bytes {
    s.as_bytes().to_vec()
}

pub fn put(cf: &str, key: &str, name: &str, value: &str, ts: i64) -> RowMutation {
    ops(
        cf,
        key,
        vec![Op::Put {
            super_column: None,
            cell: Cell::live(b(name), b(value), ts),
        }],
    )
}

pub fn sput(key: &str, sc: &str, name: &str, value: &str, ts: i64) -> RowMutation {
    ops(
        "Super",
        key,
        vec![Op::Put {
            super_column: Some(b(sc)),
            cell: Cell::live(b(name), b(value), ts),
        }],
    )
}

pub fn ops(cf: &str, key: &str, ops: Vec<Op>) -> RowMutation {
    RowMutation {
        keyspace: "ks".into(),
        key: b(key),
        updates: vec![(cf.to_string(), ops)],
    }
}

pub fn range(cf: &str, start: &str, finish: &str, reversed: bool, count: usize) -> ReadCommand {
    ReadCommand {
        keyspace: "ks".into(),
        cf: cf.into(),
        super_column: None,
        slice: Slice::Range {
            start: b(start),
            finish: b(finish),
            reversed,
            count,
        },
    }
}

pub fn names(cf: &str, ns: &[&str]) -> ReadCommand {
    ReadCommand {
        keyspace: "ks".into(),
        cf: cf.into(),
        super_column: None,
        slice: Slice::Names(ns.iter().map(|n| b(n)).collect()),
    }
}

/// (name, value) pairs of a Cells result, as strings.
pub fn pairs(r: &RowResult) -> Vec<(String, String)> {
    match r {
        RowResult::Cells(cs) => cs
            .iter()
            .map(|c| {
                (
                    String::from_utf8_lossy(&c.name).into_owned(),
                    String::from_utf8_lossy(&c.value).into_owned(),
                )
            })
            .collect(),
        RowResult::SuperColumns(_) => panic!("expected cells, got super columns"),
    }
}
