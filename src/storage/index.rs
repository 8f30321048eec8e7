//! Secondary indexes of one column family: for each indexed column, which
//! rows have (or had) which value, so `read_indexed` and
//! `index_candidates` find candidate rows without scanning the CF.
//!
//! A KEYS column is a whole cell name. A COMPOSITES column (one with a
//! `component_index` i on a `CompositeType` comparator, as 1.2 defined
//! them) is the i-th component of names with exactly i + 1 components;
//! longer names (collection elements) are not indexed, as in 1.2.
//!
//! The index is a superset: every write of a live value to an indexed
//! column adds its row, and nothing is ever removed on overwrite, delete or
//! expiry. Queries verify each candidate against the row itself, so stale
//! entries cost a read, never a wrong answer (Cassandra 1.2 also checks KEYS
//! hits against the data). It is held in memory and rebuilt from the data
//! when the engine opens or an index is added. It must not read rows itself.
//! The engine's index reads and index builds (`Engine::read_indexed`,
//! `Engine::index_candidates`) are the engine's (`engine::indexed`).
//!
//! A column added to the index over stored rows may be marked as building
//! (`IndexBuilds::Later`): until the engine says its build is due, its
//! postings take later writes only and a build from stored data skips it.

use super::row::Entry;
use crate::marshal::{is_static_name, CompositeType};
use crate::model::{Bytes, CellKind, Op};
use crate::partitioner::DecoratedKey;
use crate::schema::CfDef;
use parking_lot::RwLock;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound;
use std::time::Instant;

/// When the build of a column's index from stored rows is due: once the
/// engine's request count passes `after_requests`, or at `deadline`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Building {
    pub after_requests: u64,
    pub deadline: Instant,
}

/// Value -> rows, ring-ordered.
type Postings = BTreeMap<Bytes, BTreeSet<DecoratedKey>>;

/// Where an indexed column's value is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Locator {
    /// In the cell whose whole name is the column's (KEYS).
    WholeName,
    /// In cells whose name has this many components, the last being the
    /// column's (COMPOSITES).
    Component(usize),
}

struct IndexedColumn {
    at: Locator,
    postings: RwLock<Postings>,
}

pub(crate) struct CfIndex {
    /// Indexed column name -> where it sits and its postings.
    columns: BTreeMap<Bytes, IndexedColumn>,
    /// Some column is a component of composite names.
    composite: bool,
    /// Columns whose build from stored rows is not done yet.
    building: parking_lot::Mutex<BTreeMap<Bytes, Building>>,
}

impl CfIndex {
    /// The index a CF definition asks for; None when it indexes nothing.
    /// Standard CFs only; component columns need a `CompositeType`
    /// comparator (anything else is ignored, as no name can match).
    pub fn for_def(def: &CfDef) -> Option<CfIndex> {
        if def.is_super() {
            return None;
        }
        let composite = def
            .comparator
            .class_name()
            .starts_with("org.apache.cassandra.db.marshal.CompositeType(");
        let columns: BTreeMap<Bytes, IndexedColumn> = def
            .options
            .indexed_columns()
            .filter_map(|c| {
                let at = match c.component_index {
                    None => Locator::WholeName,
                    Some(i) if composite && i >= 0 => Locator::Component(i as usize + 1),
                    Some(_) => return None,
                };
                let postings = RwLock::new(Postings::new());
                Some((c.name.clone(), IndexedColumn { at, postings }))
            })
            .collect();
        let composite = columns
            .values()
            .any(|c| matches!(c.at, Locator::Component(_)));
        (!columns.is_empty()).then_some(CfIndex {
            columns,
            composite,
            building: Default::default(),
        })
    }

    /// True when this index covers exactly the columns `def` indexes.
    pub fn matches(this: Option<&CfIndex>, def: &CfDef) -> bool {
        let want = CfIndex::for_def(def);
        match (this, want) {
            (None, None) => true,
            (Some(a), Some(b)) => a
                .columns
                .iter()
                .map(|(n, c)| (n, c.at))
                .eq(b.columns.iter().map(|(n, c)| (n, c.at))),
            _ => false,
        }
    }

    /// The columns of this index that `old` did not have built (absent
    /// there, of another kind, or still building: then with its build).
    pub fn new_since(&self, old: Option<&CfIndex>) -> Vec<(Bytes, Option<Building>)> {
        self.columns
            .iter()
            .filter_map(|(name, c)| {
                let Some(o) = old.and_then(|o| o.columns.get(name).map(|oc| (o, oc))) else {
                    return Some((name.clone(), None));
                };
                let (o, oc) = o;
                if oc.at != c.at {
                    return Some((name.clone(), None));
                }
                o.building
                    .lock()
                    .get(name)
                    .map(|b| (name.clone(), Some(*b)))
            })
            .collect()
    }

    /// Marks `column` as building until `build` is due.
    pub fn start_building(&self, column: Bytes, build: Building) {
        self.building.lock().insert(column, build);
    }

    /// True when `column`'s build from stored rows is not done.
    pub fn is_building(&self, column: &[u8]) -> bool {
        self.building.lock().contains_key(column)
    }

    /// Ends the builds due at `requests` and `now`; true when any was (the
    /// caller then builds the index from stored data).
    pub fn builds_due(&self, requests: u64, now: Instant) -> bool {
        let mut b = self.building.lock();
        let before = b.len();
        b.retain(|_, due| requests <= due.after_requests && now < due.deadline);
        b.len() != before
    }

    /// The whole cell names to read when building (see [`Self::needs_every_cell`]).
    pub fn names(&self) -> Vec<Bytes> {
        self.columns
            .iter()
            .filter(|(_, c)| c.at == Locator::WholeName)
            .map(|(n, _)| n.clone())
            .collect()
    }

    /// Component columns can be in any cell: building must read them all.
    pub fn needs_every_cell(&self) -> bool {
        self.composite
    }

    /// True when `column` is a whole-name (KEYS) column, the kind
    /// `read_indexed` can check against a row.
    pub fn indexes(&self, column: &[u8]) -> bool {
        self.columns
            .get(column)
            .is_some_and(|c| c.at == Locator::WholeName)
    }

    /// True when `column` has an index of either kind.
    pub fn keeps(&self, column: &[u8]) -> bool {
        self.columns.contains_key(column)
    }

    /// The indexed column a cell belongs to, if any, with its name.
    fn column_of(&self, name: &[u8]) -> Option<(&Bytes, &IndexedColumn)> {
        if let Some((n, c)) = self.columns.get_key_value(name) {
            if c.at == Locator::WholeName {
                return Some((n, c));
            }
        }
        if !self.composite {
            return None;
        }
        // A static column's name: its components follow the static marker.
        let body = if is_static_name(name) {
            &name[2..]
        } else {
            name
        };
        let parts = CompositeType::split(body).ok()?;
        let (last, _) = parts.last()?;
        self.columns
            .get_key_value(*last)
            .filter(|(_, c)| c.at == Locator::Component(parts.len()))
    }

    fn note_cell(&self, cell: &crate::model::Cell, key: &DecoratedKey) {
        if matches!(cell.kind, CellKind::Tombstone { .. }) {
            return;
        }
        if let Some((column, c)) = self.column_of(&cell.name) {
            crate::trace::event(|| {
                format!("Adding to the index on {}", String::from_utf8_lossy(column))
            });
            let mut p = c.postings.write();
            if let Some(keys) = p.get_mut(&cell.value) {
                keys.insert(key.clone());
            } else {
                p.insert(cell.value.clone(), BTreeSet::from([key.clone()]));
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
                self.note_cell(cell, key);
            }
        }
    }

    /// Records a stored entry (when building from existing data), unless
    /// its column is still building.
    pub fn note_entry(&self, key: &DecoratedKey, e: &Entry) {
        if let Entry::Cell(c) = e {
            let building = self.building.lock();
            if !building.is_empty()
                && self
                    .column_of(&c.name)
                    .is_some_and(|(n, _)| building.contains_key(n))
            {
                return;
            }
            drop(building);
            self.note_cell(c, key);
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
        let Some(c) = self.columns.get(column) else {
            return Vec::new();
        };
        let p = c.postings.read();
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
        for c in self.columns.values() {
            c.postings.write().clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::{parse_type, CompositeBuilder, Eoc};
    use crate::model::Cell;
    use crate::partitioner::{Murmur3Partitioner, Partitioner};
    use crate::schema::{ColumnDef, IndexType};

    fn def(comparator: &str, component_index: Option<i32>) -> CfDef {
        let mut d = CfDef::new("ks", "t", 1, parse_type(comparator).unwrap(), None);
        d.options.column_metadata = vec![ColumnDef {
            name: b"title".to_vec(),
            validation_class: parse_type("UTF8Type").unwrap(),
            index_type: Some(IndexType::Composites),
            index_name: Some("t_title_idx".into()),
            index_options: None,
            component_index,
            is_static: false,
        }];
        d
    }

    fn name(parts: &[&[u8]]) -> Vec<u8> {
        let mut b = CompositeBuilder::new();
        for p in parts {
            b = b.push(p).unwrap();
        }
        b.build(Eoc::None)
    }

    fn put(name: Vec<u8>, value: &str) -> Op {
        Op::Put {
            super_column: None,
            cell: Cell::live(name, value.as_bytes().to_vec(), 1),
        }
    }

    #[test]
    fn a_composites_column_is_the_last_component_of_names_of_its_length() {
        let ix = CfIndex::for_def(&def("CompositeType(Int32Type,UTF8Type,UTF8Type)", Some(1)))
            .expect("indexed");
        assert!(!ix.indexes(b"title"), "read_indexed cannot check it");
        assert!(ix.keeps(b"title") && ix.needs_every_cell());
        let key = |k: &str| Murmur3Partitioner.decorate(k.as_bytes());
        let at = 7i32.to_be_bytes();
        ix.note_ops(&key("a"), &[put(name(&[&at, b"title"]), "Pepsi")]);
        // A collection element whose name happens to end in "title", and a
        // whole name equal to the column's: neither is the column.
        ix.note_ops(&key("b"), &[put(name(&[&at, b"tags", b"title"]), "Pepsi")]);
        ix.note_ops(&key("c"), &[put(b"title".to_vec(), "Pepsi")]);
        let found = ix.candidates(b"title", b"Pepsi", &Bound::Unbounded, 10);
        assert_eq!(found, vec![key("a")]);
    }

    #[test]
    fn component_columns_need_a_composite_comparator() {
        assert!(CfIndex::for_def(&def("UTF8Type", Some(0))).is_none());
        let keys = CfIndex::for_def(&def("UTF8Type", None)).expect("a KEYS column");
        assert!(keys.indexes(b"title") && !keys.needs_every_cell());
    }
}
