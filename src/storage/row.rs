//! One row of one column family as the engine holds it in memory: the row
//! deletion marker plus its columns (or super columns) ordered by the CF
//! comparator, and how two versions of a row reconcile.
//!
//! It must not know where a row lives (memtable, SSTable) or how it is read.

use super::model::{Bytes, Cell, DeletionTime, Op};
use crate::marshal::TypeRef;
use crate::schema::CfDef;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A column name ordered by its comparator, so a `BTreeMap` keeps CF order.
#[derive(Clone)]
pub struct CKey {
    pub name: Bytes,
    pub cmp: TypeRef,
}

impl CKey {
    pub fn new(name: Bytes, cmp: &TypeRef) -> CKey {
        CKey {
            name,
            cmp: cmp.clone(),
        }
    }
}

impl PartialEq for CKey {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for CKey {}
impl PartialOrd for CKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for CKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.cmp.compare(&self.name, &other.name)
    }
}
impl std::fmt::Debug for CKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.name)
    }
}

/// A super column with all its sub-columns (live or not), as stored.
#[derive(Clone, Debug)]
pub struct StoredSuper {
    pub name: Bytes,
    pub deletion: DeletionTime,
    pub cells: BTreeMap<CKey, Cell>,
}

impl StoredSuper {
    pub fn new(name: Bytes) -> StoredSuper {
        StoredSuper {
            name,
            deletion: DeletionTime::LIVE,
            cells: BTreeMap::new(),
        }
    }

    pub fn merge_cell(&mut self, cell: Cell, subcmp: &TypeRef) {
        merge_cell_into(&mut self.cells, cell, subcmp);
    }

    pub fn merge(&mut self, other: StoredSuper) {
        self.deletion = self.deletion.max(other.deletion);
        for (k, c) in other.cells {
            match self.cells.get_mut(&k) {
                Some(old) => {
                    if c.supersedes(old) {
                        *old = c;
                    }
                }
                None => {
                    self.cells.insert(k, c);
                }
            }
        }
    }
}

/// One top-level item of a row: a column (Standard CF) or a super column.
#[derive(Clone, Debug)]
pub enum Entry {
    Cell(Cell),
    Super(StoredSuper),
}

impl Entry {
    pub fn name(&self) -> &[u8] {
        match self {
            Entry::Cell(c) => &c.name,
            Entry::Super(s) => &s.name,
        }
    }

    /// Reconciles another version of the same item into this one.
    pub fn merge(&mut self, other: Entry) {
        match (self, other) {
            (Entry::Cell(a), Entry::Cell(b)) if b.supersedes(a) => *a = b,
            (Entry::Super(a), Entry::Super(b)) => a.merge(b),
            // A CF is either Standard or Super for its whole life; a mixed pair
            // can only come from corrupt input, and keeping the first is safe.
            _ => {}
        }
    }
}

fn cell_bytes(c: &Cell) -> usize {
    c.name.len() + c.value.len() + 32
}

fn merge_cell_into(map: &mut BTreeMap<CKey, Cell>, cell: Cell, cmp: &TypeRef) {
    let key = CKey::new(cell.name.clone(), cmp);
    match map.get_mut(&key) {
        Some(old) => {
            if cell.supersedes(old) {
                *old = cell;
            }
        }
        None => {
            map.insert(key, cell);
        }
    }
}

/// A row: deletion marker plus entries keyed by the CF comparator.
#[derive(Clone, Debug)]
pub struct Row {
    pub deletion: DeletionTime,
    pub entries: BTreeMap<CKey, Entry>,
}

impl Default for Row {
    fn default() -> Self {
        Row {
            deletion: DeletionTime::LIVE,
            entries: BTreeMap::new(),
        }
    }
}

impl Row {
    /// Applies one op; returns the approximate bytes it added. The op's shape
    /// was checked against the CF type by the caller (`validate_op`).
    pub fn apply(&mut self, cf: &CfDef, op: &Op) -> usize {
        match op {
            Op::DeleteRow(dt) => {
                self.deletion = self.deletion.max(*dt);
                16
            }
            Op::Put {
                super_column: None,
                cell,
            } => {
                let added = cell_bytes(cell);
                self.merge_entry(Entry::Cell(cell.clone()), &cf.comparator);
                added
            }
            Op::Put {
                super_column: Some(sc),
                cell,
            } => {
                let Some(subcmp) = cf.subcomparator.as_ref() else {
                    return 0;
                };
                let key = CKey::new(sc.clone(), &cf.comparator);
                let added = cell_bytes(cell);
                match self
                    .entries
                    .entry(key)
                    .or_insert_with(|| Entry::Super(StoredSuper::new(sc.clone())))
                {
                    Entry::Super(s) => s.merge_cell(cell.clone(), subcmp),
                    Entry::Cell(_) => return 0,
                }
                added
            }
            Op::DeleteSuperColumn { name, deletion } => {
                let key = CKey::new(name.clone(), &cf.comparator);
                if let Entry::Super(s) = self
                    .entries
                    .entry(key)
                    .or_insert_with(|| Entry::Super(StoredSuper::new(name.clone())))
                {
                    s.deletion = s.deletion.max(*deletion);
                }
                name.len() + 24
            }
        }
    }

    pub fn merge_entry(&mut self, e: Entry, cmp: &TypeRef) {
        let key = CKey::new(e.name().to_vec(), cmp);
        match self.entries.get_mut(&key) {
            Some(old) => old.merge(e),
            None => {
                self.entries.insert(key, e);
            }
        }
    }

    /// Reconciles another version of this row into it.
    pub fn merge(&mut self, other: Row, cmp: &TypeRef) {
        self.deletion = self.deletion.max(other.deletion);
        for (_, e) in other.entries {
            self.merge_entry(e, cmp);
        }
    }
}

/// Why an op does not fit its column family.
pub fn validate_op(cf: &CfDef, op: &Op) -> Result<(), String> {
    match op {
        Op::Put {
            super_column: None, ..
        } if cf.is_super() => Err(format!(
            "column family {} is Super: a write needs a super column",
            cf.name
        )),
        Op::Put {
            super_column: Some(_),
            ..
        } if !cf.is_super() => Err(format!(
            "column family {} is Standard: a write cannot name a super column",
            cf.name
        )),
        Op::DeleteSuperColumn { .. } if !cf.is_super() => Err(format!(
            "column family {} is Standard: it has no super columns",
            cf.name
        )),
        _ => Ok(()),
    }
}

/// Drops what gc may drop at server time `now`: expired cells become
/// tombstones, tombstones (and shadowed data) older than `gc_before` go.
/// Returns None when nothing of the row is left.
pub fn purge(mut row: Row, now: i32, gc_before: i32) -> Option<Row> {
    let row_del = row.deletion;
    row.entries.retain(|_, e| match e {
        Entry::Cell(c) => {
            expire(c, now);
            !row_del.shadows(c.timestamp) && !droppable(c, gc_before)
        }
        Entry::Super(s) => {
            let eff = row_del.max(s.deletion);
            s.cells.retain(|_, c| {
                expire(c, now);
                !eff.shadows(c.timestamp) && !droppable(c, gc_before)
            });
            if !s.deletion.is_live() && s.deletion.local_deletion_time < gc_before {
                s.deletion = DeletionTime::LIVE;
            }
            !s.cells.is_empty() || !s.deletion.is_live()
        }
    });
    if !row.deletion.is_live() && row.deletion.local_deletion_time < gc_before {
        row.deletion = DeletionTime::LIVE;
    }
    if row.entries.is_empty() && row.deletion.is_live() {
        None
    } else {
        Some(row)
    }
}

/// An expired cell is, from then on, a tombstone deleted at its expiry.
fn expire(c: &mut Cell, now: i32) {
    if let super::model::CellKind::Expiring {
        local_expiration_time,
        ..
    } = c.kind
    {
        if now >= local_expiration_time {
            c.value.clear();
            c.kind = super::model::CellKind::Tombstone {
                local_deletion_time: local_expiration_time,
            };
        }
    }
}

fn droppable(c: &Cell, gc_before: i32) -> bool {
    matches!(c.kind, super::model::CellKind::Tombstone { local_deletion_time } if local_deletion_time < gc_before)
}
