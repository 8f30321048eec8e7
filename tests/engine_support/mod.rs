//! Fixtures shared by the engine integration tests: a schema with a Standard
//! and a Super column family, and two partitioners (byte-ordered, hashing).
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::Arc;
use supercolumn::marshal::{BytesType, TypeRef};
use supercolumn::partitioner::{Partitioner, PartitionerRef, Token, TokenError};
use supercolumn::schema::{CfDef, ColumnType, KeyspaceDef, Schema};

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

/// FNV-1a: ring order unrelated to key order.
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

fn cf(name: &str, id: u32, super_: bool, gc_grace: i32) -> (String, Arc<CfDef>) {
    let def = CfDef {
        keyspace: "ks".into(),
        name: name.into(),
        id,
        column_type: if super_ {
            ColumnType::Super
        } else {
            ColumnType::Standard
        },
        comparator: Arc::new(BytesType) as TypeRef,
        subcomparator: super_.then(|| Arc::new(BytesType) as TypeRef),
        comment: None,
        rows_cached: "0".into(),
        keys_cached: "0".into(),
        gc_grace_seconds: gc_grace,
    };
    (name.to_string(), Arc::new(def))
}

/// Keyspace `ks` with `Std` and `Super` (BytesType everywhere).
pub fn schema(partitioner: PartitionerRef, gc_grace: i32) -> Arc<Schema> {
    let cfs: BTreeMap<String, Arc<CfDef>> = [
        cf("Std", 1, false, gc_grace),
        cf("Super", 2, true, gc_grace),
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
