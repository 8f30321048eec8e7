//! KEYS secondary indexes of one column family: for each indexed column,
//! which rows have (or had) which value, so `read_indexed` finds candidate
//! rows without scanning the CF.
//!
//! The index is a superset: every write of a live value to an indexed
//! column adds its row, and nothing is ever removed on overwrite, delete or
//! expiry. Queries verify each candidate against the row itself, so stale
//! entries cost a read, never a wrong answer (Cassandra 1.2 also checks KEYS
//! hits against the data). It is held in memory and rebuilt from the data
//! when the engine opens or an index is added. It must not read rows itself.

use super::model::{Bytes, CellKind, Op};
use super::row::Entry;
use crate::partitioner::DecoratedKey;
use crate::schema::CfDef;
use parking_lot::RwLock;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound;

/// Value -> rows, ring-ordered.
type Postings = BTreeMap<Bytes, BTreeSet<DecoratedKey>>;

pub(crate) struct CfIndex {
    /// Indexed column name -> its postings.
    columns: BTreeMap<Bytes, RwLock<Postings>>,
}

impl CfIndex {
    /// The index a CF definition asks for; None when it indexes nothing.
    /// Only whole-cell column names of Standard CFs are indexed (CQL3's
    /// composite-component indexes are the CQL layer's business).
    pub fn for_def(def: &CfDef) -> Option<CfIndex> {
        if def.is_super() {
            return None;
        }
        let columns: BTreeMap<Bytes, RwLock<Postings>> = def
            .options
            .indexed_columns()
            .filter(|c| c.component_index.is_none())
            .map(|c| (c.name.clone(), RwLock::new(Postings::new())))
            .collect();
        (!columns.is_empty()).then_some(CfIndex { columns })
    }

    /// True when this index covers exactly the columns `def` indexes.
    pub fn matches(this: Option<&CfIndex>, def: &CfDef) -> bool {
        let want = CfIndex::for_def(def);
        match (this, want) {
            (None, None) => true,
            (Some(a), Some(b)) => a.columns.keys().eq(b.columns.keys()),
            _ => false,
        }
    }

    pub fn names(&self) -> Vec<Bytes> {
        self.columns.keys().cloned().collect()
    }

    pub fn indexes(&self, column: &[u8]) -> bool {
        self.columns.contains_key(column)
    }

    fn add(&self, column: &[u8], value: &[u8], key: &DecoratedKey) {
        if let Some(p) = self.columns.get(column) {
            let mut p = p.write();
            if let Some(keys) = p.get_mut(value) {
                keys.insert(key.clone());
            } else {
                p.insert(value.to_vec(), BTreeSet::from([key.clone()]));
            }
        }
    }

    /// Records the live values a mutation writes to indexed columns.
    pub fn note_ops(&self, key: &DecoratedKey, ops: &[Op]) {
        for op in ops {
            if let Op::Put {
                super_column: None,
                cell,
            } = op
            {
                if !matches!(cell.kind, CellKind::Tombstone { .. }) {
                    self.add(&cell.name, &cell.value, key);
                }
            }
        }
    }

    /// Records a stored entry (when building from existing data).
    pub fn note_entry(&self, key: &DecoratedKey, e: &Entry) {
        if let Entry::Cell(c) = e {
            if !matches!(c.kind, CellKind::Tombstone { .. }) {
                self.add(&c.name, &c.value, key);
            }
        }
    }

    /// Up to `limit` rows that may have `value` in `column`, from `from` on.
    pub fn candidates(
        &self,
        column: &[u8],
        value: &[u8],
        from: &Bound<DecoratedKey>,
        limit: usize,
    ) -> Vec<DecoratedKey> {
        let Some(p) = self.columns.get(column) else {
            return Vec::new();
        };
        let p = p.read();
        p.get(value)
            .map(|keys| {
                keys.range((from.clone(), Bound::Unbounded))
                    .take(limit)
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn clear(&self) {
        for p in self.columns.values() {
            p.write().clear();
        }
    }
}
