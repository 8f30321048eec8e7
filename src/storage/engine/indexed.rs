//! Secondary-index reads (`get_indexed_slices`): candidate rows from the
//! KEYS index of an `Eq` expression, each verified against the row's live
//! data (the index may hold stale entries) and every other expression, then
//! read with the caller's slice; candidate keys alone from a KEYS or
//! COMPOSITES index, for callers that check rows themselves; and building
//! an index from stored data.
//!
//! It must not validate the clause beyond what the engine needs to answer
//! it (the Thrift layer checks it with Cassandra's messages).

use super::{Engine, Inner};
use crate::model::{
    Bytes, IndexExpression, IndexOperator, IndexQuery, ReadCommand, RowResult, Slice,
};
use crate::partitioner::DecoratedKey;
use crate::schema::CfDef;
use crate::storage::index::CfIndex;
use crate::storage::store::CfStore;
use crate::storage::StorageError;
use std::cmp::Ordering;
use std::ops::Bound;

/// Candidates fetched from the index at a time.
const BATCH: usize = 256;

impl Engine {
    /// Rows of `cmd`'s CF satisfying every expression of `query`, in ring
    /// order from `query.start_key`, at most `query.count`, each read with
    /// `cmd`'s slice (possibly empty: a matching row is returned even when
    /// the slice selects none of its columns).
    pub fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> Result<Vec<(Bytes, RowResult)>, StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let cat = inner.catalog();
        let cf = cat.cf(&cmd.keyspace, &cmd.cf)?;
        let def = cf.def();
        if cmd.super_column.is_some() {
            return Err(StorageError::Invalid(
                "indexed reads take no super column".into(),
            ));
        }
        let index = cf.index();
        let primary = index.as_ref().and_then(|ix| {
            query
                .expressions
                .iter()
                .find(|e| e.op == IndexOperator::Eq && ix.indexes(&e.column))
        });
        let (Some(index), Some(primary)) = (index.as_ref(), primary) else {
            return Err(StorageError::Invalid(
                "No indexed columns present in index clause with operator EQ".into(),
            ));
        };
        let mut columns: Vec<Bytes> = query.expressions.iter().map(|e| e.column.clone()).collect();
        columns.sort();
        columns.dedup();
        let check = ReadCommand {
            slice: Slice::Names(columns),
            ..cmd.clone()
        };
        crate::trace::event(|| {
            format!(
                "Executing indexed scan for {} with the index on {}",
                cmd.cf,
                String::from_utf8_lossy(&primary.column)
            )
        });
        let stores = cf.stores();
        let mut from = if query.start_key.is_empty() {
            Bound::Unbounded
        } else {
            Bound::Included(cat.schema.partitioner.decorate(&query.start_key))
        };
        let mut out = Vec::new();
        while out.len() < query.count {
            let batch = index.candidates(&primary.column, &primary.value, &from, BATCH);
            for dk in &batch {
                let row = inner.read_key(&def, &stores, &check, dk)?;
                if satisfies(&def, &query.expressions, &row) {
                    out.push((dk.key.clone(), inner.read_key(&def, &stores, cmd, dk)?));
                    if out.len() >= query.count {
                        break;
                    }
                }
            }
            match batch.last() {
                Some(last) if batch.len() == BATCH => from = Bound::Excluded(last.clone()),
                _ => break,
            }
        }
        Ok(out)
    }
}

impl Engine {
    /// Keys of rows that may hold `query`'s first `Eq` value in its
    /// indexed column (KEYS or COMPOSITES), in ring order from
    /// `query.start_key` (inclusive; empty is the start), at most
    /// `query.count`. A superset: stale entries are not removed, so the
    /// caller checks each row. `None` when no `Eq` column is indexed.
    pub fn index_candidates(
        &self,
        keyspace: &str,
        cf: &str,
        query: &IndexQuery,
    ) -> Result<Option<Vec<Bytes>>, StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let cat = inner.catalog();
        let store = cat.cf(keyspace, cf)?;
        let Some(index) = store.index() else {
            return Ok(None);
        };
        let Some(eq) = query
            .expressions
            .iter()
            .find(|e| e.op == IndexOperator::Eq && index.keeps(&e.column))
        else {
            return Ok(None);
        };
        let from = if query.start_key.is_empty() {
            Bound::Unbounded
        } else {
            Bound::Included(cat.schema.partitioner.decorate(&query.start_key))
        };
        let keys = index.candidates(&eq.column, &eq.value, &from, query.count);
        crate::trace::event(|| {
            format!(
                "Scanning with the index on {} of {cf}: {} candidate partitions",
                String::from_utf8_lossy(&eq.column),
                keys.len()
            )
        });
        Ok(Some(keys.into_iter().map(|dk| dk.key).collect()))
    }
}

/// True when the row's live columns satisfy every expression (a missing
/// column satisfies none), comparing with each column's validator.
fn satisfies(def: &CfDef, exprs: &[IndexExpression], row: &RowResult) -> bool {
    let RowResult::Cells(cells) = row else {
        return false;
    };
    exprs.iter().all(|e| {
        let Some(cell) = cells.iter().find(|c| c.name == e.column) else {
            return false;
        };
        let ord = def
            .options
            .value_validator(&e.column)
            .compare(&cell.value, &e.value);
        match e.op {
            IndexOperator::Eq => ord == Ordering::Equal,
            IndexOperator::Gte => ord != Ordering::Less,
            IndexOperator::Gt => ord == Ordering::Greater,
            IndexOperator::Lte => ord != Ordering::Greater,
            IndexOperator::Lt => ord == Ordering::Less,
        }
    })
}

impl Inner {
    /// Fills `index` from everything stored in `cf` (memtables and SSTables).
    pub(crate) fn build_index(&self, cf: &CfStore, index: &CfIndex) -> Result<(), StorageError> {
        let names = index.names();
        for store in cf.stores() {
            let mut from: Bound<DecoratedKey> = Bound::Unbounded;
            loop {
                let rows = store.rows_from(&from, 1024)?;
                let n = rows.len();
                let Some(last) = rows.last().map(|(k, _)| k.clone()) else {
                    break;
                };
                for (key, handle) in &rows {
                    if index.needs_every_cell() {
                        let mut entries = handle.slice(&[], &[], false, usize::MAX)?;
                        while let Some(e) = entries.next_entry()? {
                            index.note_entry(key, &e);
                        }
                    } else {
                        for e in handle.named(&names)? {
                            index.note_entry(key, &e);
                        }
                    }
                }
                if n < 1024 {
                    break;
                }
                from = Bound::Excluded(last);
            }
        }
        Ok(())
    }
}
