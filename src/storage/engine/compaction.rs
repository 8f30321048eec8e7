//! Size-tiered compaction: merging similar-size SSTables of one CF into one,
//! reconciling rows, turning expired cells into tombstones and, when every
//! SSTable of the CF takes part, purging tombstones older than gc grace.
//!
//! It must not block reads or writes: inputs stay readable until the output
//! is swapped in under a short lock, and are deleted only after.

use super::flush::discard_sstable;
use super::Inner;
use crate::storage::codec::{put_entry, put_header};
use crate::storage::row::{purge, Row};
use crate::storage::sstable::Partition;
use crate::storage::store::sstable_store::{SsMeta, SsTable};
use crate::storage::store::CfStore;
use crate::storage::StorageError;
use std::ops::Bound;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// At most this many SSTables go into one compaction.
const MAX_THRESHOLD: usize = 32;

/// Groups SSTables whose sizes are within half and one and a half times the
/// bucket's average; returns the first bucket with at least `min` members.
pub(crate) fn pick_bucket(tables: &[Arc<SsTable>], min: usize) -> Option<Vec<Arc<SsTable>>> {
    let mut sorted: Vec<Arc<SsTable>> = tables.to_vec();
    sorted.sort_by_key(|t| t.reader.on_disk_size());
    let mut buckets: Vec<(u64, Vec<Arc<SsTable>>)> = Vec::new();
    for t in sorted {
        let size = t.reader.on_disk_size();
        match buckets
            .iter_mut()
            .find(|(avg, _)| size as f64 >= *avg as f64 * 0.5 && size as f64 <= *avg as f64 * 1.5)
        {
            Some((avg, members)) => {
                members.push(t);
                let n = members.len() as u64;
                *avg = (*avg * (n - 1) + size) / n;
            }
            None => buckets.push((size, vec![t])),
        }
    }
    buckets
        .into_iter()
        .map(|(_, m)| m)
        .find(|m| m.len() >= min.max(2))
        .map(|mut m| {
            m.truncate(MAX_THRESHOLD);
            m
        })
}

impl Inner {
    /// Compacts one bucket of this CF if one is due; true when it did.
    pub(crate) fn compact_if_due(&self, cf: &CfStore) -> Result<bool, StorageError> {
        let _one = cf.compaction.lock();
        let (min, max) = self.thresholds(&cf.def());
        if min == 0 || max == 0 {
            // Minor compaction is off for this CF (as 1.2's threshold 0).
            return Ok(false);
        }
        let inputs = {
            let st = cf.state.read();
            pick_bucket(&st.sstables, min).map(|mut inputs| {
                inputs.truncate(max);
                inputs
            })
        };
        match inputs {
            Some(inputs) => self.compact_tables(cf, inputs).map(|_| true),
            None => Ok(false),
        }
    }

    /// Whether a bucket of this CF's SSTables is due for a minor compaction
    /// (what the compaction thread would do next).
    pub(crate) fn compaction_due(&self, cf: &CfStore) -> bool {
        let (min, max) = self.thresholds(&cf.def());
        min > 0 && max > 0 && pick_bucket(&cf.state.read().sstables, min).is_some()
    }

    /// Compacts every SSTable of this CF into one (a major compaction).
    pub(crate) fn compact_all(&self, cf: &CfStore) -> Result<(), StorageError> {
        let _one = cf.compaction.lock();
        let inputs = cf.state.read().sstables.clone();
        // Even a single SSTable is rewritten: that is what purges its tombstones.
        self.compact_tables(cf, inputs)
    }

    /// Merges `inputs` into one SSTable and swaps it in. Caller holds `cf.compaction`.
    fn compact_tables(&self, cf: &CfStore, inputs: Vec<Arc<SsTable>>) -> Result<(), StorageError> {
        if inputs.is_empty() {
            return Ok(());
        }
        let now = self.opts.clock.now_seconds();
        // Only a compaction that sees every SSTable may drop tombstones: one
        // left out could hold the data they shadow.
        let major = inputs.len() == cf.state.read().sstables.len();
        let def = cf.def();
        let gc_before = major.then(|| now.saturating_sub(self.gc_grace(&def)));
        let expected: u64 = inputs.iter().map(|t| t.reader.partition_count()).sum();
        let progress = self.compactions.start(&def.keyspace, &def.name, expected);
        let mut w = self.create_writer(&def, expected as usize)?;
        let meta = SsMeta {
            covers_until: inputs
                .iter()
                .map(|t| t.meta.covers_until)
                .max()
                .unwrap_or_default(),
            ancestors: inputs.iter().map(|t| t.generation).collect(),
            cf_id: Some(def.id),
        };
        w.set_user_meta(meta.encode());
        let written = (|| -> Result<u64, StorageError> {
            let mut scans: Vec<_> = inputs
                .iter()
                .map(|t| t.reader.scan(Bound::Unbounded).peekable())
                .collect();
            let mut count = 0u64;
            // One buffer each for the rows' headers and the entries' payloads.
            let (mut header, mut payload) = (Vec::new(), Vec::new());
            loop {
                // The smallest key at the head of any scan.
                let mut key = None;
                for s in scans.iter_mut() {
                    match s.peek() {
                        Some(Ok(p)) if key.as_ref().is_none_or(|k| &p.key < k) => {
                            key = Some(p.key.clone())
                        }
                        Some(Err(_)) => {
                            return Err(s
                                .next()
                                .expect("peeked")
                                .expect_err("peeked an error")
                                .into())
                        }
                        _ => {}
                    }
                }
                let Some(key) = key else { break };
                let mut row = Row::default();
                for (i, s) in scans.iter_mut().enumerate() {
                    if matches!(s.peek(), Some(Ok(p)) if p.key == key) {
                        let p: Partition = s.next().expect("peeked").expect("peeked ok");
                        row.merge(decode_partition(&inputs[i], p)?, &def.comparator);
                        progress.running.merged(1);
                    }
                }
                if let Some(row) = purge(
                    row,
                    &def.comparator,
                    now,
                    gc_before,
                    self.opts.range_judging,
                ) {
                    header.clear();
                    put_header(&mut header, &row.deletion, &row.ranges);
                    let mut p = w.partition(&key, &header)?;
                    for e in row.entries.values() {
                        payload.clear();
                        put_entry(&mut payload, e);
                        p.entry(e.name(), &payload)?;
                    }
                    p.finish()?;
                    count += 1;
                }
            }
            Ok(count)
        })();
        let output = match written {
            Ok(0) => {
                w.abort();
                None
            }
            Ok(_) => Some(Arc::new(SsTable::new(w.finish()?, def.clone())?)),
            Err(e) => {
                w.abort();
                return Err(e);
            }
        };
        let swapped = {
            let mut st = cf.state.write();
            // An input is missing when the CF was truncated or dropped
            // meanwhile (whoever did that deletes the inputs): the output
            // holds discarded data.
            let all_there = inputs
                .iter()
                .all(|i| st.sstables.iter().any(|t| Arc::ptr_eq(i, t)));
            if all_there {
                st.sstables
                    .retain(|t| !inputs.iter().any(|i| Arc::ptr_eq(i, t)));
                st.sstables.extend(output.clone());
            }
            all_there
        };
        if swapped {
            let read: u64 = inputs.iter().map(|t| t.reader.on_disk_size()).sum();
            let counts = &self.compactions;
            counts.completed.fetch_add(1, Ordering::Relaxed);
            counts.bytes_compacted.fetch_add(read, Ordering::Relaxed);
            inputs.iter().for_each(|t| discard_sstable(t));
        } else if let Some(t) = output {
            discard_sstable(&t);
        }
        Ok(())
    }

    /// A CF's minor-compaction thresholds: its own when set away from the
    /// schema defaults (`nodetool setcompactionthreshold`, a schema call),
    /// else the engine's minimum and the largest bucket compacted at once.
    fn thresholds(&self, def: &crate::schema::CfDef) -> (usize, usize) {
        use crate::schema::{DEFAULT_MAX_COMPACTION_THRESHOLD, DEFAULT_MIN_COMPACTION_THRESHOLD};
        let o = &def.options;
        let min = if o.min_compaction_threshold != DEFAULT_MIN_COMPACTION_THRESHOLD {
            usize::try_from(o.min_compaction_threshold).unwrap_or(0)
        } else {
            self.opts.compaction_min_threshold
        };
        let max = if o.max_compaction_threshold != DEFAULT_MAX_COMPACTION_THRESHOLD {
            usize::try_from(o.max_compaction_threshold).unwrap_or(0)
        } else {
            MAX_THRESHOLD
        };
        (min, max)
    }

    pub(crate) fn gc_grace(&self, def: &crate::schema::CfDef) -> i32 {
        if def.gc_grace_seconds >= 0 {
            def.gc_grace_seconds
        } else {
            self.opts.gc_grace_seconds
        }
    }
}

fn decode_partition(table: &SsTable, p: Partition) -> Result<Row, StorageError> {
    let (deletion, ranges) = table.decode_header(&p.header)?;
    let mut row = Row {
        deletion,
        ranges,
        ..Row::default()
    };
    for (name, payload) in p.entries {
        let e = table.decode_entry(&name, &payload)?;
        row.merge_entry(e, &table.cf.comparator);
    }
    Ok(row)
}
