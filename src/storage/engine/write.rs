//! What one engine write carries (mutations given whole, or packed by the
//! request decoder): walking its mutations, framing their commit-log
//! records and naming the column families written.
//!
//! It must not apply anything (the engine does) nor check the mutations
//! against their CFs (`validate`).

use super::super::codec::{
    encode_mutation_into, encode_mutation_with_token, encoded_size_hint, CodecError,
};
use super::super::commitlog::Records;
use super::super::packed_batch::PackedBatch;
use super::super::StorageError;
use crate::model::RowMutation;
use crate::partitioner::{DecoratedKey, PartitionerRef};
use crate::schema::Schema;
use crate::storage::memtable::arena::row_key;

/// What one engine write applies: mutations given whole, or packed.
#[derive(Clone, Copy)]
pub(super) enum Writes<'a> {
    Whole(&'a [RowMutation]),
    Packed(&'a PackedBatch),
}

fn undecodable(e: CodecError) -> StorageError {
    StorageError::Invalid(format!("a packed mutation does not decode: {e}"))
}

impl<'a> Writes<'a> {
    /// Calls `f` with each mutation in order (a packed one decoded for the
    /// call only), up to its first error.
    pub(super) fn each(
        self,
        f: &mut dyn FnMut(&RowMutation) -> Result<(), StorageError>,
    ) -> Result<(), StorageError> {
        match self {
            Writes::Whole(ms) => ms.iter().try_for_each(f),
            Writes::Packed(b) => b
                .rows()
                .try_for_each(|r| f(&r.mutation().map_err(undecodable)?)),
        }
    }

    /// Each mutation's key decorated, in order (once per write: the log
    /// records carry the token and the memtables are ordered by it).
    pub(super) fn keys(self, partitioner: &PartitionerRef) -> Vec<DecoratedKey> {
        match self {
            Writes::Whole(ms) => ms.iter().map(|m| partitioner.decorate(&m.key)).collect(),
            Writes::Packed(b) => b.rows().map(|r| partitioner.decorate(r.key())).collect(),
        }
    }

    /// Frames each mutation's commit-log record into `records`, with its
    /// key's token when hashed (`keys`, one per mutation, in order).
    pub(super) fn encode(
        self,
        schema: &Schema,
        keys: &[DecoratedKey],
        records: &mut Records,
    ) -> Result<(), StorageError> {
        let mut token = Vec::with_capacity(24);
        let token_of = |i: usize, token: &mut Vec<u8>| {
            token.clear();
            if let Some(k) = keys.get(i) {
                row_key::token_part(&k.token, token);
            }
        };
        match self {
            Writes::Whole(ms) => {
                for (i, m) in ms.iter().enumerate() {
                    token_of(i, &mut token);
                    let hint = encoded_size_hint(m, &token);
                    records.push_with(hint, |out| encode_mutation_into(schema, m, &token, out))?;
                }
            }
            Writes::Packed(b) => {
                let mut record = Vec::new();
                for (i, r) in b.rows().enumerate() {
                    record.clear();
                    token_of(i, &mut token);
                    match schema.cf(r.keyspace(), r.cf()) {
                        Some(cf) => r.encode(cf.id, &token, &mut record),
                        // Validated, so never; encoded as a mutation would be.
                        None => {
                            let m = r.mutation().map_err(undecodable)?;
                            record = encode_mutation_with_token(schema, &m, &token);
                        }
                    }
                    records.push(&record)?;
                }
            }
        }
        Ok(())
    }

    /// The (keyspace, column family) pairs written (borrowed: this is on
    /// every write).
    pub(super) fn tables(self) -> Vec<(&'a str, &'a str)> {
        let mut out: Vec<(&'a str, &'a str)> = Vec::new();
        let mut add = |ks: &'a str, cf: &'a str| {
            if !out.iter().any(|(k, c)| *k == ks && *c == cf) {
                out.push((ks, cf));
            }
        };
        match self {
            Writes::Whole(ms) => {
                for m in ms {
                    for (cf, _) in &m.updates {
                        add(&m.keyspace, cf);
                    }
                }
            }
            Writes::Packed(b) => b.tables().for_each(|(ks, cf)| add(ks, cf)),
        }
        out
    }
}
