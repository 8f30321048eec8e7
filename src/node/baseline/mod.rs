//! The reset baseline: the state of every user keyspace (schema and data)
//! right after start-up and the datasets, and [`Node::reset`], which
//! returns the node to it. This is what a test suite calls between tests
//! instead of truncating column families one by one or restarting.
//!
//! How: [`Node::mark_baseline`] keeps the schema snapshot and every live
//! cell of every user column family (read through the engine, so it works
//! on disk and in memory alike), up to [`MAX_BASELINE_BYTES`]. A reset then
//! (1) undoes schema changes with ordinary schema changes (keyspaces and
//! column families created since are dropped, dropped ones are created
//! again with fresh ids, changed ones are dropped and created again), and
//! (2) for each column family written since the last reset (the node notes
//! which, see [`Node::note_writes`]) or created again, truncates it and
//! writes its baseline cells back with their original timestamps. Untouched
//! column families cost nothing. Tombstones are not kept: after a reset,
//! what the baseline had deleted is simply absent.
//!
//! Concurrency: every front-end call holds [`Node::call_gate`] (a shared
//! lock) for its whole run; a reset holds it exclusively, so each call
//! runs wholly before or wholly after a reset, never across one.
//!
//! It must not know any front end; it uses the node's own operations.

use super::{Node, NodeError, NodeResult};
use crate::call::Atomicity;
use crate::model::{Bytes, CellKind, Op, ReadCommand, RowMutation, RowRange, RowResult, Slice};
use crate::schema::{KeyspaceOrigin, Schema, SchemaChange};
use parking_lot::{Mutex, RwLockReadGuard};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// The most data a baseline keeps in memory (names and values). A node
/// holding more at start has no reset (it is meant for test data sets).
pub const MAX_BASELINE_BYTES: usize = 64 << 20;

/// Rows per write batch when a reset writes a column family back.
const ROWS_PER_BATCH: usize = 500;

type CfKey = (String, String);

/// What a reset returns to.
pub(super) struct Baseline {
    schema: Arc<Schema>,
    /// Each user column family's rows, as mutations writing them back.
    data: HashMap<CfKey, Vec<RowMutation>>,
    /// The id each column family had after the last reset (or the mark):
    /// one with another id now was dropped and created again.
    ids: Mutex<HashMap<CfKey, u32>>,
}

/// Written column families since the baseline or the last reset.
#[derive(Default)]
pub(super) struct Dirty {
    by_keyspace: HashMap<String, HashSet<String>>,
}

/// What a reset did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResetReport {
    /// Schema changes made to return to the baseline schema.
    pub schema_changes: usize,
    /// Column families truncated and written back.
    pub column_families: usize,
    /// Columns (sub-columns included) written back.
    pub columns: usize,
}

fn user_keyspaces(schema: &Schema) -> impl Iterator<Item = &crate::schema::KeyspaceDef> {
    schema
        .keyspaces
        .values()
        .filter(|k| k.origin != KeyspaceOrigin::System)
}

fn too_big() -> NodeError {
    NodeError::Invalid(format!(
        "the data at start is over {} MB; reset keeps it in memory and is meant for test data sets",
        MAX_BASELINE_BYTES >> 20
    ))
}

/// The names and values of a row.
fn row_bytes(row: &RowResult) -> usize {
    let cells = |cs: &[crate::model::Cell]| -> usize {
        cs.iter().map(|c| c.name.len() + c.value.len()).sum()
    };
    match row {
        RowResult::Cells(cs) => cells(cs),
        RowResult::SuperColumns(scs) => scs.iter().map(|s| s.name.len() + cells(&s.cells)).sum(),
    }
}

/// A mutation writing back one row's live cells.
fn write_back(keyspace: &str, cf: &str, key: Bytes, row: RowResult) -> (RowMutation, usize, usize) {
    let mut ops = Vec::new();
    let mut bytes = key.len();
    let mut push = |super_column: Option<&Bytes>, cell: crate::model::Cell| {
        bytes += cell.name.len() + cell.value.len() + super_column.map_or(0, Vec::len);
        ops.push(match cell.kind {
            CellKind::Counter { .. } => Op::CounterAdd {
                super_column: super_column.cloned(),
                delta: cell.counter_total().unwrap_or(0),
                name: cell.name,
                timestamp: cell.timestamp,
            },
            _ => Op::Put {
                super_column: super_column.cloned(),
                cell,
            },
        });
    };
    match row {
        RowResult::Cells(cells) => cells.into_iter().for_each(|c| push(None, c)),
        RowResult::SuperColumns(scs) => {
            for sc in scs {
                let name = sc.name;
                sc.cells.into_iter().for_each(|c| push(Some(&name), c));
            }
        }
    }
    let columns = ops.len();
    let m = RowMutation {
        keyspace: keyspace.to_string(),
        key,
        updates: vec![(cf.to_string(), ops)],
    };
    (m, columns, bytes)
}

impl Node {
    /// Holds off resets while a front-end call runs: take it once per call,
    /// for the whole call (never twice on one thread).
    pub fn call_gate(&self) -> RwLockReadGuard<'_, ()> {
        self.gate.read()
    }

    /// Notes the column families `ms` write, for the next reset.
    pub(super) fn note_writes(&self, ms: &[RowMutation]) {
        if !self.tracking.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        let mut dirty = self.dirty.lock();
        for m in ms {
            for (cf, _) in &m.updates {
                dirty.note(&m.keyspace, cf);
            }
        }
    }

    pub(super) fn note_cf(&self, keyspace: &str, cf: &str) {
        if self.tracking.load(std::sync::atomic::Ordering::Relaxed) {
            self.dirty.lock().note(keyspace, cf);
        }
    }

    /// Records the current state as what [`Node::reset`] returns to. Call
    /// once, after the datasets are loaded and before clients connect.
    /// Returns the number of columns kept.
    pub fn mark_baseline(&self) -> NodeResult<usize> {
        let _exclusive = self.gate.write();
        let schema = self.schema();
        let mut data = HashMap::new();
        let mut ids = HashMap::new();
        let (mut columns, mut bytes) = (0usize, 0usize);
        for ks in user_keyspaces(&schema) {
            for cf in ks.cfs.values() {
                let cmd = ReadCommand {
                    keyspace: ks.name.clone(),
                    cf: cf.name.clone(),
                    super_column: None,
                    slice: Slice::Range {
                        start: Vec::new(),
                        finish: Vec::new(),
                        reversed: false,
                        count: usize::MAX,
                    },
                };
                let whole = RowRange::Keys {
                    start: Vec::new(),
                    end: Vec::new(),
                };
                // Stops reading as soon as the cap is passed (a big
                // store is not read whole at start just to be refused).
                let mut seen = bytes;
                let rows = self.backend.read_range_while(
                    &cmd,
                    &whole,
                    usize::MAX,
                    MAX_BASELINE_BYTES,
                    &mut |key, row| {
                        // A row too big to be read whole counts as over.
                        seen += key.len() + row.map_or(MAX_BASELINE_BYTES + 1, row_bytes);
                        seen <= MAX_BASELINE_BYTES
                    },
                )?;
                if seen > MAX_BASELINE_BYTES {
                    return Err(too_big());
                }
                let mut ms = Vec::new();
                for (key, row) in rows.into_iter().filter(|(_, r)| !r.is_empty()) {
                    let (m, n, b) = write_back(&ks.name, &cf.name, key, row);
                    columns += n;
                    bytes += b;
                    ms.push(m);
                }
                let key = (ks.name.clone(), cf.name.clone());
                ids.insert(key.clone(), cf.id);
                data.insert(key, ms);
            }
        }
        *self.baseline.lock() = Some(Arc::new(Baseline {
            schema,
            data,
            ids: Mutex::new(ids),
        }));
        *self.dirty.lock() = Dirty::default();
        self.tracking
            .store(true, std::sync::atomic::Ordering::Relaxed);
        Ok(columns)
    }

    /// Returns every user keyspace, schema included, to the baseline. Calls
    /// in flight finish first; calls arriving meanwhile wait.
    pub fn reset(&self) -> NodeResult<ResetReport> {
        let _exclusive = self.gate.write();
        let baseline = self
            .baseline
            .lock()
            .clone()
            .ok_or_else(|| NodeError::Invalid("no reset baseline was recorded".into()))?;
        let mut report = ResetReport {
            schema_changes: self.restore_schema(&baseline.schema)?,
            ..ResetReport::default()
        };
        let dirty = std::mem::take(&mut *self.dirty.lock());
        let schema = self.schema();
        let mut ids = baseline.ids.lock();
        let mut new_ids = HashMap::new();
        for ks in user_keyspaces(&schema) {
            for cf in ks.cfs.values() {
                let key = (ks.name.clone(), cf.name.clone());
                let recreated = ids.get(&key) != Some(&cf.id);
                if recreated || dirty.contains(&ks.name, &cf.name) {
                    // Also when recreated: a client may have dropped it, created it
                    // again alike (as a dataset loader does) and written to it since.
                    self.truncate(&ks.name, &cf.name)?;
                    let rows = baseline.data.get(&key).map_or(&[][..], Vec::as_slice);
                    for batch in rows.chunks(ROWS_PER_BATCH) {
                        self.backend.apply_batch(batch, Atomicity::PerRow)?;
                    }
                    report.column_families += 1;
                    report.columns += rows
                        .iter()
                        .flat_map(|m| &m.updates)
                        .map(|(_, ops)| ops.len())
                        .sum::<usize>();
                }
                new_ids.insert(key, cf.id);
            }
        }
        // What the writing back noted is the baseline itself.
        *self.dirty.lock() = Dirty::default();
        *ids = new_ids;
        Ok(report)
    }

    /// Makes the user keyspaces' definitions those of `target` with schema
    /// changes; returns how many it made.
    fn restore_schema(&self, target: &Schema) -> NodeResult<usize> {
        let current = self.schema();
        let mut changes = Vec::new();
        for ks in user_keyspaces(&current) {
            if target.keyspace(&ks.name).is_none() {
                changes.push(SchemaChange::DropKeyspace(ks.name.clone()));
            }
        }
        for want in user_keyspaces(target) {
            let Some(have) = current.keyspace(&want.name) else {
                changes.push(SchemaChange::AddKeyspace(full_keyspace_spec(want)));
                continue;
            };
            let mut attrs = want.describe_v12();
            attrs.cf_defs.clear();
            let mut now = have.describe_v12();
            now.cf_defs.clear();
            if attrs != now {
                changes.push(SchemaChange::UpdateKeyspace(attrs));
            }
            for cf in have.cfs.keys().filter(|n| !want.cfs.contains_key(*n)) {
                changes.push(SchemaChange::DropColumnFamily {
                    keyspace: want.name.clone(),
                    name: cf.clone(),
                });
            }
            for (name, cf) in &want.cfs {
                match have.cfs.get(name) {
                    Some(h) if full_spec(h) == full_spec(cf) => {}
                    Some(_) => {
                        changes.push(SchemaChange::DropColumnFamily {
                            keyspace: want.name.clone(),
                            name: name.clone(),
                        });
                        changes.push(SchemaChange::AddColumnFamily(full_spec(cf)));
                    }
                    None => changes.push(SchemaChange::AddColumnFamily(full_spec(cf))),
                }
            }
        }
        let n = changes.len();
        for change in changes {
            self.change_schema(change)?;
        }
        Ok(n)
    }
}

/// A request recreating `cf` whole: 1.2's describe form plus what it
/// leaves out for CQL3 tables (column metadata's components, aliases).
fn full_spec(cf: &crate::schema::CfDef) -> crate::schema::CfSpec {
    let o = &cf.options;
    let mut spec = cf.describe_v12();
    if let Some(columns) = spec.column_metadata.as_mut() {
        for (c, def) in columns.iter_mut().zip(&o.column_metadata) {
            c.component_index = def.component_index;
        }
    }
    spec.key_aliases = Some(o.key_aliases.clone());
    spec.column_aliases = Some(o.column_aliases.clone());
    spec.value_alias = o.value_alias.clone();
    spec
}

/// A request recreating keyspace `ks` whole, with its column families.
fn full_keyspace_spec(ks: &crate::schema::KeyspaceDef) -> crate::schema::KeyspaceSpec {
    let mut spec = ks.describe_v12();
    spec.cf_defs = ks.cfs.values().map(|cf| full_spec(cf)).collect();
    spec
}

impl Dirty {
    fn note(&mut self, keyspace: &str, cf: &str) {
        match self.by_keyspace.get_mut(keyspace) {
            Some(cfs) => {
                if !cfs.contains(cf) {
                    cfs.insert(cf.to_string());
                }
            }
            None => {
                self.by_keyspace
                    .insert(keyspace.to_string(), HashSet::from([cf.to_string()]));
            }
        }
    }

    fn contains(&self, keyspace: &str, cf: &str) -> bool {
        self.by_keyspace
            .get(keyspace)
            .is_some_and(|cfs| cfs.contains(cf))
    }
}

#[cfg(test)]
mod tests;
