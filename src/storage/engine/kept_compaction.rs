//! Compaction of the memtables an emulated flush kept in memory as SSTables
//! (an engine without a disk answering as a release whose reads met its
//! SSTables): once a column family kept as many as its
//! `min_compaction_threshold`, they merge into one, each name's versions
//! reconciled oldest table first, and with every table taking part the
//! tombstones past gc grace go (`row::purge`).
//!
//! It decides only when and what merges; how versions reconcile is the
//! `row` folder's, and swapping the tables in is `CfStore::replace_kept`'s.
//! With a disk it does nothing: the engine's own compaction runs there.

use super::Engine;
use crate::model::{DeletionTime, Op};
use crate::partitioner::DecoratedKey;
use crate::storage::memtable::Memtable;
use crate::storage::query::FlushedReads;
use crate::storage::row::{purge, Entry, MergeRule, Row};
use crate::storage::store::CfStore;
use crate::storage::RangeJudging;
use crate::storage::StorageError;
use std::collections::BTreeMap;
use std::sync::Arc;

impl Engine {
    /// Compacts the kept memtables of every column family that holds at
    /// least its `min_compaction_threshold` of them (none when that or
    /// the maximum is 0, as a release's threshold 0 turned compaction
    /// off). A release put every SSTable under 50 MB in one bucket and
    /// compacted up to `max_compaction_threshold` of them, oldest first;
    /// a kept table is far smaller, so all are compacted, and more than
    /// the maximum (a minimum set above it) are left as they are.
    pub fn compact_kept(&self, reads: FlushedReads) -> Result<(), StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        if inner.disk.is_some() {
            return Ok(());
        }
        let now = inner.opts.clock.now_seconds();
        let cat = inner.catalog();
        for cf in cat.cfs.values() {
            let def = cf.def();
            let gc_before = now.saturating_sub(inner.gc_grace(&def));
            let min = usize::try_from(def.options.min_compaction_threshold).unwrap_or(0);
            let max = usize::try_from(def.options.max_compaction_threshold).unwrap_or(0);
            let inputs = cf.state.read().kept.clone();
            if min == 0 || max == 0 || inputs.len() < min.max(2) || inputs.len() > max {
                continue;
            }
            let merged = merge_kept(cf, &inputs, now, gc_before, inner.opts.range_judging);
            cf.replace_kept(&inputs, merged, reads);
        }
        Ok(())
    }
}

/// One memtable holding what `inputs` (oldest first) compact to at `now`,
/// tombstones deleted at or before `gc_before` purged (range deletions
/// judged as the release's reads judge them).
fn merge_kept(
    cf: &CfStore,
    inputs: &[Arc<Memtable>],
    now: i32,
    gc_before: i32,
    judging: RangeJudging,
) -> Memtable {
    let def = cf.def();
    let cmp = &def.comparator;
    let mut rows: BTreeMap<DecoratedKey, Row> = BTreeMap::new();
    for mem in inputs {
        for r in mem.frozen_rows().iter(&def) {
            let mut row = Row {
                deletion: r.deletion,
                ranges: r.ranges,
                ..Row::default()
            };
            r.entries.for_each(|e| row.merge_entry(e.into_entry(), cmp));
            match rows.get_mut(&r.key) {
                Some(old) => old.merge_by(row, cmp, MergeRule::InOrder),
                None => {
                    rows.insert(r.key, row);
                }
            }
        }
    }
    let out = cf.new_memtable();
    for (key, row) in rows {
        if let Some(row) = purge(row, cmp, now, Some(gc_before), judging) {
            out.apply(key, &row_ops(row), None);
        }
    }
    out
}

/// The writes that put `row` into an empty memtable as it is: its
/// deletions first, then each cell (a counter with the deletion it
/// remembers) or super column.
fn row_ops(row: Row) -> Vec<Op> {
    let mut ops = Vec::new();
    if !row.deletion.is_live() {
        ops.push(Op::DeleteRow(row.deletion));
    }
    ops.extend(row.ranges.iter().map(|t| Op::DeleteRange {
        start: t.start.clone(),
        end: t.end.clone(),
        deletion: t.deletion,
    }));
    for e in row.entries.into_values() {
        match e {
            Entry::Cell(cell) => ops.push(Op::Put {
                super_column: None,
                cell,
            }),
            Entry::Super(s) => {
                if s.deletion != DeletionTime::LIVE {
                    ops.push(Op::DeleteSuperColumn {
                        name: s.name.clone(),
                        deletion: s.deletion,
                    });
                }
                ops.extend(s.cells.into_values().map(|cell| Op::Put {
                    super_column: Some(s.name.clone()),
                    cell,
                }));
            }
        }
    }
    ops
}
