//! Secondary-index reads (`get_indexed_slices`): candidate rows from the
//! KEYS index of an `Eq` expression, each verified against the row's live
//! data (the index may hold stale entries) and every other expression, then
//! read with the caller's slice; candidate keys alone from a KEYS or
//! COMPOSITES index, for callers that check rows themselves; and building
//! an index from stored data, at once or later (`IndexBuilds`): an index
//! read counts as a request of the build clock, ends the builds then due,
//! and reads a column still building as the release did.
//!
//! It must not validate the clause beyond what the engine needs to answer
//! it (the Thrift layer checks it with Cassandra's messages).

use super::{Engine, Inner};
use crate::model::{
    Bytes, Cell, IndexExpression, IndexOperator, IndexQuery, ReadCommand, RowResult, Slice,
};
use crate::partitioner::DecoratedKey;
use crate::schema::CfDef;
use crate::storage::index::{Building, CfIndex};
use crate::storage::store::CfStore;
use crate::storage::StorageError;
use crate::storage::{IndexBuilds, IndexChecks};
use std::cmp::Ordering;
use std::ops::Bound;
use std::sync::atomic::Ordering as AtomicOrdering;
use std::time::Instant;

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
        inner.note_request();
        let cat = inner.catalog_to_read()?;
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
        inner.check_built(cf, index, &primary.column)?;
        let mut columns: Vec<Bytes> = query.expressions.iter().map(|e| e.column.clone()).collect();
        columns.sort();
        columns.dedup();
        let names = columns.clone();
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
        let stores = cf.stores()?;
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
                let RowResult::Cells(live) = &row else {
                    continue;
                };
                let met = match inner.opts.index_checks {
                    IndexChecks::Live => satisfies(&def, &query.expressions, live),
                    // The scanned expression by the live row (its index entry
                    // is live), the others by the versions the release met.
                    IndexChecks::Met => {
                        let others: Vec<IndexExpression> = query
                            .expressions
                            .iter()
                            .filter(|e| !std::ptr::eq(*e, primary))
                            .cloned()
                            .collect();
                        satisfies(&def, std::slice::from_ref(primary), live)
                            && satisfies(
                                &def,
                                &others,
                                &inner.read_key_versions(&def, &stores, &names, dk)?,
                            )
                    }
                };
                if met {
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
        inner.note_request();
        let cat = inner.catalog_to_read()?;
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
        inner.check_built(store, &index, &eq.column)?;
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

/// True when the row's columns (its live ones, or the versions the release
/// met) satisfy every expression (a missing column satisfies none),
/// comparing with each column's validator.
fn satisfies(def: &CfDef, exprs: &[IndexExpression], cells: &[Cell]) -> bool {
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
        for store in cf.stores()? {
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

impl Inner {
    /// Counts one data request on the clock of index builds.
    pub(crate) fn note_request(&self) {
        self.requests.fetch_add(1, AtomicOrdering::Relaxed);
    }

    /// Marks the columns `index` has that `was` had not built as building,
    /// when builds come later and the CF holds rows (a column still
    /// building in `was` keeps its build). Cassandra 2.2 marked an index
    /// of an empty table built at once (`SecondaryIndex.buildIndexAsync`'s
    /// `baseCfs.isEmpty()`); before, the build of nothing found nothing.
    pub(crate) fn defer_builds(
        &self,
        cf: &CfStore,
        index: &CfIndex,
        was: Option<&CfIndex>,
    ) -> Result<(), StorageError> {
        if self.opts.index_builds == IndexBuilds::AtOnce {
            return Ok(());
        }
        let new = index.new_since(was);
        if new.is_empty() {
            return Ok(());
        }
        let mut holds_rows = false;
        for store in cf.stores()? {
            if !store.rows_from(&Bound::Unbounded, 1)?.is_empty() {
                holds_rows = true;
                break;
            }
        }
        let build = Building {
            after_requests: self.requests.load(AtomicOrdering::Relaxed) + IndexBuilds::REQUESTS,
            deadline: Instant::now() + IndexBuilds::AFTER,
        };
        for (column, carried) in new {
            match carried {
                Some(b) => index.start_building(column, b),
                None if holds_rows => index.start_building(column, build),
                None => {}
            }
        }
        Ok(())
    }

    /// Before an index read by `column`: ends the builds now due (building
    /// the index from stored data), then fails the read if `column` is
    /// still building on a release that failed it. A release that answered
    /// reads through the index linked it before its build (0.7's
    /// `ColumnFamilyStore.addIndex`), so such a read finds what was written
    /// since; 2.2's `KeysSearcher`/`CompositesSearcher` and 3.x's
    /// `ReadCommand` refused an index not yet queryable.
    fn check_built(
        &self,
        cf: &CfStore,
        index: &CfIndex,
        column: &[u8],
    ) -> Result<(), StorageError> {
        let requests = self.requests.load(AtomicOrdering::Relaxed);
        if index.builds_due(requests, Instant::now()) {
            self.build_index(cf, index)?;
        }
        if index.is_building(column)
            && self.opts.index_builds == (IndexBuilds::Later { fails: true })
        {
            crate::trace::event(|| {
                format!(
                    "The index on {} is not built yet",
                    String::from_utf8_lossy(column)
                )
            });
            return Err(StorageError::IndexBuilding(
                String::from_utf8_lossy(column).into_owned(),
            ));
        }
        Ok(())
    }
}
