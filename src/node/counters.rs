//! Counter increments as the emulated release wrote them, whichever front
//! end sent them (Thrift's `add` and `batch_mutate`, CQL 2 and CQL 3
//! updates): the clock that stamps increments and counter deletions, and
//! what an increment meets of an earlier deletion. The node applies these
//! rules to every write it is handed; a front end only builds the
//! increments and deletions. Must not validate a request (the front ends
//! did).
//!
//! - 0.8 to 2.0 stamped increments in milliseconds, so a deletion made in
//!   microseconds (CQL's) shadowed every later increment for good. After
//!   one made by the same clock (Thrift's counter deletions, 0.8's CQL 2)
//!   a counter whose own column was deleted counted anew; one whose row,
//!   super column or range of names was deleted counted on from its count
//!   before (the memtable kept its versions, which the later increment
//!   merged with).
//! - 2.1 and 2.2: any deletion of a counter won over every increment,
//!   whatever the times.
//! - 3.x: a counter's own tombstone won; past a deleted row or super column
//!   the count went on from the node's counter cache.
//!
//! A server emulating no release stamps increments in microseconds and
//! lets an increment after any deletion count anew.

use super::Node;
use crate::model::{CellKind, DeletionTime, Op, RowMutation};
use crate::release::{Behaviour, Release};
use crate::storage::stored_view::{StoredItem, StoredPartition};
use parking_lot::Mutex;
use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// A counter: keyspace, column family and its id (a column family made
/// again under the name is another), row key, super column, name.
pub type CounterCacheKey = (String, String, u32, Vec<u8>, Option<Vec<u8>>, Vec<u8>);

/// What the node remembers of its counters between writes.
#[derive(Default)]
pub struct CounterMemory {
    /// 3.x's counter cache: each counter's count as last computed.
    cache: Mutex<BTreeMap<CounterCacheKey, i64>>,
    /// 0.8 to 2.0: the count a deletion of its row, super column or range
    /// of names left under it, and that deletion.
    under_deletions: Mutex<BTreeMap<CounterCacheKey, (i64, DeletionTime)>>,
}

impl CounterMemory {
    /// Forgets the counters of one column family (a truncate).
    pub fn forget(&self, keyspace: &str, cf: &str) {
        let other = |(k, c, ..): &CounterCacheKey| !(k == keyspace && c == cf);
        self.cache.lock().retain(|key, _| other(key));
        self.under_deletions.lock().retain(|key, _| other(key));
    }
}

/// Whether a deletion covers a counter (its super column, its name).
type Covers<'a> = Box<dyn Fn(Option<&[u8]>, &[u8]) -> bool + 'a>;

/// One counter as the rules see it (borrowed from its mutation).
struct Counter<'a> {
    ks: &'a str,
    cf: &'a str,
    key: &'a [u8],
    super_column: Option<&'a [u8]>,
    name: &'a [u8],
}

/// Which rules the release applies.
#[derive(Clone, Copy)]
struct Rules {
    millis: bool,
    count_on: bool,
    tombstones_win: bool,
    cells_win: bool,
    cached: bool,
}

impl Rules {
    fn of(release: &Release) -> Rules {
        Rules {
            millis: release.does(Behaviour::CounterStampsInMillis),
            count_on: release.does(Behaviour::DeletedCountersCountOn),
            tombstones_win: release.does(Behaviour::CounterDeletionsWin),
            cells_win: release.does(Behaviour::CounterCellDeletionsWin),
            cached: release.does(Behaviour::CounterCacheCarriesCounts),
        }
    }
}

impl Node {
    /// The server timestamp of a counter write or deletion: milliseconds
    /// for the releases that stamped counters so, else microseconds. Taken
    /// from the node's CQL clock, which strictly increases across both
    /// units: a deletion and an increment made one after the other are
    /// ordered as they were made, even within one tick (the real releases
    /// took a millisecond or more per call).
    pub fn counter_timestamp(&self) -> i64 {
        if self
            .release
            .is_some_and(|r| r.does(Behaviour::CounterStampsInMillis))
        {
            self.cql_clock.next_millis()
        } else {
            self.cql_clock.next_timestamp()
        }
    }

    /// `ms` with their increments as the emulated release made them:
    /// restamped, dropped, or counting on from an earlier count (see the
    /// module's comment). Borrowed unchanged when no rule applies; a
    /// mutation left with nothing to write is left out.
    pub(super) fn settle_counters<'a>(&self, ms: &'a [RowMutation]) -> Cow<'a, [RowMutation]> {
        let Some(release) = self.release else {
            return Cow::Borrowed(ms);
        };
        let rules = Rules::of(release);
        let schema = self.schema();
        let counting = |m: &RowMutation| {
            m.updates.iter().any(|(cf, ops)| {
                ops.iter().any(|op| match op {
                    Op::CounterAdd { .. } => true,
                    Op::Put { cell, .. } if !matches!(cell.kind, CellKind::Tombstone { .. }) => {
                        false
                    }
                    // A deletion leaves counts under it where they count on,
                    // a column's own forgets what one left.
                    _ => {
                        rules.count_on && schema.cf(&m.keyspace, cf).is_some_and(|d| d.is_counter())
                    }
                })
            })
        };
        if !ms.iter().any(counting) {
            return Cow::Borrowed(ms);
        }
        let stamp = rules.millis.then(|| self.counter_timestamp());
        // What this batch already adds to each counter, so that two
        // increments of one counter go on from each other.
        let mut pending: Vec<(CounterCacheKey, i64)> = Vec::new();
        let mut out = Vec::with_capacity(ms.len());
        for m in ms {
            let mut m = m.clone();
            let RowMutation {
                keyspace,
                key,
                updates,
            } = &mut m;
            let mut emptied = false;
            updates.retain_mut(|(cf, ops)| {
                let counter_cf = schema.cf(keyspace, cf).is_some_and(|d| d.is_counter());
                let before = ops.len();
                ops.retain_mut(|op| {
                    let at = |super_column, name| Counter {
                        ks: keyspace,
                        cf,
                        key,
                        super_column,
                        name,
                    };
                    match op {
                        Op::CounterAdd {
                            super_column,
                            name,
                            delta,
                            timestamp,
                        } => {
                            if let Some(ts) = stamp {
                                *timestamp = ts;
                            }
                            let c = at(super_column.as_deref(), name);
                            self.increment(&c, rules, delta, *timestamp, &mut pending)
                        }
                        _ if rules.count_on && counter_cf => {
                            self.leave_counts(&at(None, &[]), op);
                            true
                        }
                        _ => true,
                    }
                });
                let keep = ops.len() == before || !ops.is_empty();
                emptied |= !keep;
                keep
            });
            if !(emptied && m.updates.is_empty()) {
                out.push(m);
            }
        }
        Cow::Owned(out)
    }

    /// One increment by the release's rules: whether it is written, and
    /// its delta (which may carry an earlier count on).
    fn increment(
        &self,
        c: &Counter<'_>,
        rules: Rules,
        delta: &mut i64,
        timestamp: i64,
        pending: &mut Vec<(CounterCacheKey, i64)>,
    ) -> bool {
        if rules.count_on {
            let key = self.counter_key(c);
            let mut under = self.counters.under_deletions.lock();
            // Only an increment later than the deletion meets the count
            // under it: one it shadows is shadowed with that count.
            if let Some(&(count, deletion)) = under.get(&key) {
                if !deletion.shadows(timestamp) {
                    *delta = delta.wrapping_add(count);
                    under.remove(&key);
                }
            }
        }
        if rules.tombstones_win && self.deleted_for_good(c) {
            return false;
        }
        if !(rules.cells_win || rules.cached) {
            return true;
        }
        let (tombstoned, visible) = self.stored_counter(c);
        if rules.cached {
            *delta = self.through_cache(c, *delta, visible, pending);
        }
        !(rules.cells_win && tombstoned)
    }

    /// 0.8 to 2.0: the counts a deletion of a counter family's row, super
    /// column or range of names leaves under it, remembered for the next
    /// increment of each; a column's own deletion forgets its count.
    fn leave_counts(&self, row: &Counter<'_>, op: &Op) {
        let (deletion, covers): (DeletionTime, Covers<'_>) = match op {
            Op::Put { super_column, cell } => {
                let c = Counter {
                    super_column: super_column.as_deref(),
                    name: &cell.name,
                    ..*row
                };
                let key = self.counter_key(&c);
                self.counters.under_deletions.lock().remove(&key);
                return;
            }
            Op::DeleteRow(d) => (*d, Box::new(|_, _| true)),
            Op::DeleteSuperColumn { name, deletion } => (
                *deletion,
                Box::new(move |sc, _| sc == Some(name.as_slice())),
            ),
            Op::DeleteRange {
                start,
                end,
                deletion,
            } => {
                let schema = self.schema();
                let Some(cf) = schema.cf(row.ks, row.cf) else {
                    return;
                };
                let cmp = cf.comparator.clone();
                let within = move |name: &[u8]| {
                    (start.is_empty() || cmp.compare(name, start) != Ordering::Less)
                        && (end.is_empty() || cmp.compare(name, end) != Ordering::Greater)
                };
                (
                    *deletion,
                    Box::new(move |sc, name| within(sc.unwrap_or(name))),
                )
            }
            Op::CounterAdd { .. } => return,
        };
        let Ok(Some(p)) = self.stored_partition(row.ks, row.cf, row.key, &[], usize::MAX) else {
            return;
        };
        let mut under = self.counters.under_deletions.lock();
        for (super_column, over, cells) in items(&p) {
            for cell in cells {
                let c = Counter {
                    super_column,
                    name: &cell.name,
                    ..*row
                };
                let over = self.ranged(&p, &c, over);
                if !covers(super_column, &cell.name)
                    || !matches!(cell.kind, CellKind::Counter { .. })
                    || over.shadows(cell.timestamp)
                    || !deletion.shadows(cell.timestamp)
                {
                    continue;
                }
                let count = cell.counter_total().unwrap_or(0);
                let entry = under.entry(self.counter_key(&c)).or_insert((0, deletion));
                *entry = (entry.0.wrapping_add(count), entry.1.max(deletion));
            }
        }
    }

    fn counter_key(&self, c: &Counter<'_>) -> CounterCacheKey {
        let id = self.schema().cf(c.ks, c.cf).map_or(0, |d| d.id);
        (
            c.ks.to_string(),
            c.cf.to_string(),
            id,
            c.key.to_vec(),
            c.super_column.map(<[u8]>::to_vec),
            c.name.to_vec(),
        )
    }

    /// 3.x's `CounterMutation`: the new count is the cached one plus the
    /// delta (without an entry, the count a read gives), and it is cached.
    /// Returns the delta that brings the stored total (`visible`, with
    /// what this batch added to it before) to that count.
    fn through_cache(
        &self,
        c: &Counter<'_>,
        delta: i64,
        visible: i64,
        pending: &mut Vec<(CounterCacheKey, i64)>,
    ) -> i64 {
        let key = self.counter_key(c);
        let slot = match pending.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                pending.push((key.clone(), 0));
                pending.len() - 1
            }
        };
        let stored = visible.wrapping_add(pending[slot].1);
        let mut cache = self.counters.cache.lock();
        let count = cache
            .get(&key)
            .copied()
            .unwrap_or(stored)
            .wrapping_add(delta);
        cache.insert(key, count);
        let delta = count.wrapping_sub(stored);
        pending[slot].1 = pending[slot].1.wrapping_add(delta);
        delta
    }

    /// The one top-level item the counter lives in, as stored.
    fn counter_partition(&self, c: &Counter<'_>) -> Option<StoredPartition> {
        let item = c.super_column.unwrap_or(c.name);
        self.stored_partition(c.ks, c.cf, c.key, item, 1)
            .ok()
            .flatten()
    }

    /// The newest range tombstone of names covering a counter of a
    /// Standard column family (a CQL row's or column's deletion, a
    /// `SliceRange` deletion), joined to `over`.
    fn ranged(&self, p: &StoredPartition, c: &Counter<'_>, over: DeletionTime) -> DeletionTime {
        let schema = self.schema();
        let (None, Some(cf)) = (c.super_column, schema.cf(c.ks, c.cf)) else {
            return over;
        };
        p.range_tombstones
            .iter()
            .filter(|r| {
                let cmp = |bound: &[u8]| cf.comparator.compare(c.name, bound);
                (r.start.is_empty() || cmp(&r.start) != Ordering::Less)
                    && (r.end.is_empty() || cmp(&r.end) != Ordering::Greater)
            })
            .fold(over, |d, r| d.max(r.deletion))
    }

    /// The counter as stored: whether its own cell is a tombstone, and its
    /// total as a read counts it (0 when deleted, by its cell, its super
    /// column, its row or a range of names).
    fn stored_counter(&self, c: &Counter<'_>) -> (bool, i64) {
        let Some(p) = self.counter_partition(c) else {
            return (false, 0);
        };
        let found = p
            .cell(c.super_column, c.name)
            .map(|(cell, over)| (cell, self.ranged(&p, c, over)));
        match found {
            // A tombstone no later than the row's or super column's deletion
            // is what that deletion made of the counter, not one of its own.
            Some((cell, over)) if matches!(cell.kind, CellKind::Tombstone { .. }) => {
                (!over.shadows(cell.timestamp), 0)
            }
            Some((cell, over)) if !over.shadows(cell.timestamp) => {
                (false, cell.counter_total().unwrap_or(0))
            }
            _ => (false, 0),
        }
    }

    /// Whether the counter was deleted at all: its cell, its super column,
    /// its whole row or a range of names covering it, whatever the
    /// deletion's timestamp. Only the one top-level item the counter lives
    /// in is read, so an increment costs the same in a wide row.
    fn deleted_for_good(&self, c: &Counter<'_>) -> bool {
        let Some(p) = self.counter_partition(c) else {
            return false;
        };
        p.deletes(c.super_column, c.name) || !self.ranged(&p, c, DeletionTime::LIVE).is_live()
    }
}

/// Each item of a partition as (super column, the deletion over it, its
/// cells): a Standard family's cells one by one under the row's deletion.
fn items(
    p: &StoredPartition,
) -> impl Iterator<Item = (Option<&[u8]>, DeletionTime, &[crate::model::Cell])> {
    p.items.iter().map(|item| match item {
        StoredItem::Cell(c) => (None, p.deletion, std::slice::from_ref(c)),
        StoredItem::Super {
            name,
            deletion,
            cells,
        } => (
            Some(name.as_slice()),
            p.deletion.max(*deletion),
            cells.as_slice(),
        ),
    })
}

#[cfg(test)]
mod tests {
    use crate::model::{Cell, DeletionTime, Op, ReadCommand, RowMutation, RowResult, Slice};
    use crate::node::{test_nodes, Node};
    use crate::release::Release;
    use crate::schema::{CfSpec, SchemaChange};

    /// A node answering as `version` with a counter family `Cnt`.
    fn node(version: &str) -> (Node, String) {
        let mut node = test_nodes::Kit::default().node();
        node.release = Release::find(version);
        let ks = node.schema().user_keyspaces().next().unwrap().name.clone();
        let mut spec = CfSpec::new(&ks, "Cnt");
        spec.comparator_type = Some("UTF8Type".into());
        spec.default_validation_class = Some("CounterColumnType".into());
        node.change_schema(SchemaChange::AddColumnFamily(spec))
            .unwrap();
        (node, ks)
    }

    fn write(node: &Node, ks: &str, op: Op) {
        let m = RowMutation {
            keyspace: ks.to_string(),
            key: b"k".to_vec(),
            updates: vec![("Cnt".to_string(), vec![op])],
        };
        node.apply_batch(&[m]).unwrap();
    }

    fn add(node: &Node, ks: &str, delta: i64) {
        // The front end's stamp: CQL's statement time, in microseconds.
        let timestamp = node.cql_clock.next_timestamp();
        let op = Op::CounterAdd {
            super_column: None,
            name: b"c".to_vec(),
            delta,
            timestamp,
        };
        write(node, ks, op);
    }

    /// A deletion of the row as CQL makes it: in microseconds.
    fn delete_row(node: &Node, ks: &str) {
        let at = node.cql_clock.next_timestamp();
        write(node, ks, Op::DeleteRow(DeletionTime::new(at, node.now())));
    }

    fn total(node: &Node, ks: &str) -> Option<i64> {
        let cmd = ReadCommand {
            keyspace: ks.to_string(),
            cf: "Cnt".into(),
            super_column: None,
            slice: Slice::Names(vec![b"c".to_vec()]),
        };
        match node.read(&cmd, b"k").unwrap() {
            RowResult::Cells(c) => c.first().and_then(|c| c.counter_total()),
            _ => None,
        }
    }

    /// Recorded by `rel_countermillis`: 0.8 to 2.0 stamped increments in
    /// milliseconds, under any CQL deletion; 2.1 lets no increment past a
    /// deletion; 3.x counts on from the counter cache; a server of no
    /// release counts anew.
    #[test]
    fn an_increment_after_a_cql_deletion_of_its_row_as_each_release_made_it() {
        for (v, after) in [
            ("0.8.10", None),
            ("2.0.17", None),
            ("2.1.22", None),
            ("3.11.10", Some(7)),
            ("", Some(1)),
        ] {
            let (node, ks) = node(v);
            add(&node, &ks, 6);
            delete_row(&node, &ks);
            add(&node, &ks, 1);
            assert_eq!(total(&node, &ks), after, "{v}");
        }
    }

    /// Recorded by `rel_countermillis`: before 2.1 a deletion of the row
    /// (by the counter clock, as Thrift's) left the count under it, which
    /// the next increment counted on from; the column's own deletion did
    /// not. From 2.1 the row's deletion wins.
    #[test]
    fn before_2_1_a_counter_counts_on_past_its_rows_deletion_and_anew_past_its_own() {
        for (v, on, anew) in [
            ("0.8.10", Some(7), Some(2)),
            ("2.0.17", Some(7), Some(2)),
            ("2.1.22", None, None),
        ] {
            let (node, ks) = node(v);
            add(&node, &ks, 6);
            let at = node.counter_timestamp();
            write(&node, &ks, Op::DeleteRow(DeletionTime::new(at, node.now())));
            assert_eq!(total(&node, &ks), None, "{v}");
            add(&node, &ks, 1);
            assert_eq!(total(&node, &ks), on, "{v}");
            // Left under a row's deletion, then the column's own: anew.
            let at = node.counter_timestamp();
            write(&node, &ks, Op::DeleteRow(DeletionTime::new(at, node.now())));
            let at = node.counter_timestamp();
            let cell = Cell::tombstone(b"c".to_vec(), at, node.now());
            write(
                &node,
                &ks,
                Op::Put {
                    super_column: None,
                    cell,
                },
            );
            add(&node, &ks, 4);
            assert_eq!(total(&node, &ks), on.map(|_| 4), "{v}");
            let at = node.counter_timestamp();
            let cell = Cell::tombstone(b"c".to_vec(), at, node.now());
            write(
                &node,
                &ks,
                Op::Put {
                    super_column: None,
                    cell,
                },
            );
            add(&node, &ks, 2);
            assert_eq!(total(&node, &ks), anew, "{v}");
            // A truncate forgets what a deletion left.
            add(&node, &ks, 3);
            let at = node.counter_timestamp();
            write(&node, &ks, Op::DeleteRow(DeletionTime::new(at, node.now())));
            node.truncate(&ks, "Cnt").unwrap();
            add(&node, &ks, 1);
            assert_eq!(total(&node, &ks), Some(1), "{v}");
        }
    }

    #[test]
    fn counter_stamps_are_milliseconds_before_2_1_and_follow_the_cql_clock() {
        let (old, _) = node("2.0.17");
        let before = old.cql_clock.next_timestamp();
        let millis = old.counter_timestamp();
        assert!(
            millis > before / 1000 && millis < before / 100,
            "{before} {millis}"
        );
        // The CQL clock goes on past the millisecond taken.
        assert!(old.cql_clock.next_timestamp() >= millis * 1000);
        let (new, _) = node("2.1.22");
        let before = new.cql_clock.next_timestamp();
        assert!(new.counter_timestamp() > before);
    }
}
