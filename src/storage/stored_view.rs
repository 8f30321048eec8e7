//! Partitions as they are stored, not as a read answers them: every cell
//! (live, expiring, tombstone, counter), the row and super-column deletion
//! markers and the range tombstones, merged across memtables and SSTables
//! but not filtered by liveness. This is what a data-model explorer shows
//! ("what does Cassandra keep for this row?"); reads keep using `query`.
//!
//! Owns the public types of that view and the streaming merge of a row's
//! sources that produces it. It must not filter, purge or write anything,
//! nor know who asks.

use super::query::{EntrySource, RowHandle};
use super::row::{expire_entry, Entry};
use super::StorageError;
use crate::marshal::TypeRef;
use crate::model::{Bytes, Cell, CellKind, DeletionTime};
use crate::partitioner::Token;
use crate::storage::row::range_tombstones::RangeTombstones;
use std::cmp::Ordering;

/// One top-level item of a stored partition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredItem {
    /// A column of a Standard CF (any kind: live, expiring, tombstone, counter).
    Cell(Cell),
    /// A super column: its deletion marker and every sub-column it holds.
    Super {
        name: Bytes,
        deletion: DeletionTime,
        cells: Vec<Cell>,
    },
}

/// A deletion of the column names `start..=end` (empty bounds are open).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRangeTombstone {
    pub start: Bytes,
    pub end: Bytes,
    pub deletion: DeletionTime,
}

/// One partition as stored (see the module comment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPartition {
    pub key: Bytes,
    pub token: Token,
    /// The partition deletion (`DeletionTime::LIVE` when never deleted).
    pub deletion: DeletionTime,
    pub range_tombstones: Vec<StoredRangeTombstone>,
    /// Items in comparator order, at most the number asked for.
    pub items: Vec<StoredItem>,
    /// True when the partition has more items than were returned.
    pub truncated: bool,
}

impl StoredPartition {
    /// The columns held of a Standard CF, in comparator order (nothing for
    /// a Super CF).
    pub fn cells(&self) -> impl DoubleEndedIterator<Item = &Cell> {
        self.items.iter().filter_map(|item| match item {
            StoredItem::Cell(c) => Some(c),
            StoredItem::Super { .. } => None,
        })
    }

    /// The super columns held, in comparator order: each one's name, its
    /// own deletion and its sub-columns (nothing for a Standard CF).
    pub fn super_columns(&self) -> impl Iterator<Item = (&[u8], DeletionTime, &[Cell])> {
        self.items.iter().filter_map(|item| match item {
            StoredItem::Super {
                name,
                deletion,
                cells,
            } => Some((name.as_slice(), *deletion, cells.as_slice())),
            StoredItem::Cell(_) => None,
        })
    }

    /// Whether cell `name` (of super column `super_column`) is deleted here:
    /// by the partition's deletion, its super column's or a tombstone of its
    /// own, whatever their timestamps (range tombstones are not looked at).
    pub fn deletes(&self, super_column: Option<&[u8]>, name: &[u8]) -> bool {
        let dead = |c: &Cell| c.name == name && matches!(c.kind, CellKind::Tombstone { .. });
        !self.deletion.is_live()
            || self.items.iter().any(|item| match (item, super_column) {
                (StoredItem::Cell(c), None) => dead(c),
                (
                    StoredItem::Super {
                        name: sc,
                        deletion,
                        cells,
                    },
                    Some(wanted),
                ) => sc.as_slice() == wanted && (!deletion.is_live() || cells.iter().any(dead)),
                _ => false,
            })
    }
}

impl StoredPartition {
    /// The first stored version of cell `name` (of super column
    /// `super_column`) among the items, with the deletion over it (the
    /// partition's, and its super column's); `None` when not stored.
    pub fn cell(&self, super_column: Option<&[u8]>, name: &[u8]) -> Option<(&Cell, DeletionTime)> {
        self.items
            .iter()
            .find_map(|item| match (item, super_column) {
                (StoredItem::Cell(c), None) if c.name == name => Some((c, self.deletion)),
                (
                    StoredItem::Super {
                        name: sc,
                        deletion,
                        cells,
                    },
                    Some(wanted),
                ) if sc.as_slice() == wanted => cells
                    .iter()
                    .find(|c| c.name == name)
                    .map(|c| (c, self.deletion.max(*deletion))),
                _ => None,
            })
    }
}

/// The size of one stored partition, counted without holding it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartitionSize {
    pub key: Bytes,
    pub token: Token,
    /// Cells stored (sub-columns counted one by one, tombstones included),
    /// plus one per range tombstone and one for a partition deletion.
    pub cells: u64,
    /// What the data weighs: the key, then every cell's name, value and
    /// 8-byte timestamp, every super column's name, every range
    /// tombstone's bounds. Not the on-disk size (no index or framing), so
    /// that it means the same for a memtable and an SSTable.
    pub bytes: u64,
    /// True when the counting stopped before the partition's end, so
    /// `cells` and `bytes` are lower bounds. The engine counts every cell
    /// (always false); a view read through a cluster may stop (see
    /// `node::live`).
    pub partial: bool,
}

/// Bytes one cell adds to [`PartitionSize::bytes`].
pub fn cell_weight(c: &Cell) -> u64 {
    (c.name.len() + c.value.len() + 8) as u64
}

/// Merges every source of one row in comparator order from the name
/// `from` on (empty: the row's start), reconciling the versions of each
/// name, and gives each merged item to `each` until it says stop (false). Expired cells come out as the tombstones they have
/// become, as every read sees them.
pub(crate) fn each_stored(
    cmp: &TypeRef,
    handles: &[Box<dyn RowHandle + '_>],
    now: i32,
    from: &[u8],
    each: &mut dyn FnMut(StoredItem) -> bool,
) -> Result<(), StorageError> {
    let mut sources: Vec<Box<dyn EntrySource + '_>> = Vec::with_capacity(handles.len());
    for h in handles {
        sources.push(h.slice(from, &[], false, FETCH)?);
    }
    let next = |s: &mut (dyn EntrySource + '_)| -> Result<Option<Entry>, StorageError> {
        let mut e = s.next_entry()?;
        if let Some(e) = e.as_mut() {
            expire_entry(e, now);
        }
        Ok(e)
    };
    let mut heads = Vec::with_capacity(sources.len());
    for s in sources.iter_mut() {
        heads.push(next(s.as_mut())?);
    }
    loop {
        let mut best: Option<usize> = None;
        for (i, h) in heads.iter().enumerate() {
            let Some(e) = h else { continue };
            let better = match best.and_then(|b| heads[b].as_ref()) {
                None => true,
                Some(b) => cmp.compare(e.name(), b.name()) == Ordering::Less,
            };
            if better {
                best = Some(i);
            }
        }
        let Some(b) = best else { return Ok(()) };
        let mut merged = heads[b].take().expect("best head is present");
        heads[b] = next(sources[b].as_mut())?;
        for i in 0..heads.len() {
            while heads[i]
                .as_ref()
                .is_some_and(|e| cmp.compare(e.name(), merged.name()) == Ordering::Equal)
            {
                merged.merge(heads[i].take().expect("checked present"));
                heads[i] = next(sources[i].as_mut())?;
            }
        }
        let item = match merged {
            Entry::Cell(c) => StoredItem::Cell(c),
            Entry::Super(s) => StoredItem::Super {
                name: s.name,
                deletion: s.deletion,
                cells: s.cells.into_values().collect(),
            },
        };
        if !each(item) {
            return Ok(());
        }
    }
}

/// How many entries each source is asked for at a time.
const FETCH: usize = 64;

/// The partition deletion and range tombstones every source knows.
pub(crate) fn row_markers(
    handles: &[Box<dyn RowHandle + '_>],
) -> (DeletionTime, Vec<StoredRangeTombstone>) {
    let deletion = handles
        .iter()
        .fold(DeletionTime::LIVE, |d, h| d.max(h.deletion()));
    let mut ranges = RangeTombstones::default();
    for h in handles {
        ranges.merge(h.ranges());
    }
    let ranges = ranges
        .iter()
        .map(|r| StoredRangeTombstone {
            start: r.start.clone(),
            end: r.end.clone(),
            deletion: r.deletion,
        })
        .collect();
    (deletion, ranges)
}

/// Adds one item to a size count.
pub(crate) fn weigh(item: &StoredItem, cells: &mut u64, bytes: &mut u64) {
    match item {
        StoredItem::Cell(c) => {
            *cells += 1;
            *bytes += cell_weight(c);
        }
        StoredItem::Super {
            name,
            cells: sub,
            deletion,
        } => {
            *bytes += name.len() as u64;
            if !deletion.is_live() {
                *cells += 1;
            }
            *cells += sub.len() as u64;
            *bytes += sub.iter().map(cell_weight).sum::<u64>();
        }
    }
}

/// Whether a cell is a deletion marker (a tombstone, or expired).
pub fn is_tombstone(c: &Cell) -> bool {
    matches!(c.kind, CellKind::Tombstone { .. })
}

#[cfg(test)]
mod tests {
    use super::super::testutil::*;
    use super::super::{Engine, EngineOptions, ManualClock};
    use super::*;
    use crate::model::{Cell, Op};
    use crate::partitioner::Murmur3Partitioner;
    use std::sync::Arc;

    fn on_disk(dir: &std::path::Path) -> Engine {
        let mut opts = EngineOptions::in_memory(Arc::new(ManualClock::new(1_000_000)));
        opts.data_dir = Some(dir.to_path_buf());
        Engine::open(schema(Arc::new(Murmur3Partitioner)), opts).unwrap()
    }

    /// Keys spread over three SSTables and the memtable, some in several:
    /// every partition is sized once, in ring order, pages or not.
    #[test]
    fn partition_sizes_visit_each_partition_once_across_stores() {
        let dir = tempfile::tempdir().unwrap();
        let e = on_disk(dir.path());
        for round in 0..4 {
            for i in (round * 200)..(round * 200 + 300) {
                e.apply(&put("Std", &format!("k{i}"), &format!("c{round}"), "v", 1))
                    .unwrap();
            }
            if round < 3 {
                e.flush(None).unwrap();
            }
        }
        let mut all = Vec::new();
        e.partition_sizes("ks", "Std", None, &mut |p| {
            all.push(p);
            true
        })
        .unwrap();
        assert_eq!(all.len(), 900);
        assert!(all
            .windows(2)
            .all(|w| (&w[0].token, &w[0].key) < (&w[1].token, &w[1].key)));
        // k250 was written in rounds 0 and 1: two cells of "c0"/"c1", "v", ts.
        let k250 = all.iter().find(|p| p.key == b("k250")).unwrap();
        assert_eq!((k250.cells, k250.bytes), (2, 4 + 2 * (2 + 1 + 8)));
        // Paging with `after` gives the same sequence.
        let mut paged = Vec::new();
        let mut after: Option<Bytes> = None;
        loop {
            let mut page = Vec::new();
            e.partition_sizes("ks", "Std", after.as_deref(), &mut |p| {
                page.push(p);
                page.len() < 97
            })
            .unwrap();
            if page.is_empty() {
                break;
            }
            after = page.last().map(|p| p.key.clone());
            paged.extend(page);
        }
        assert_eq!(paged, all);
        assert_eq!(
            e.partition_size("ks", "Std", b"k250").unwrap().as_ref(),
            Some(k250)
        );
        assert_eq!(e.partition_size("ks", "Std", b"none").unwrap(), None);
    }

    #[test]
    fn stored_partitions_keep_tombstones_and_markers() {
        let dir = tempfile::tempdir().unwrap();
        let e = on_disk(dir.path());
        e.apply(&put("Std", "k", "a", "1", 1)).unwrap();
        e.apply(&put("Std", "k", "b", "2", 1)).unwrap();
        e.flush(None).unwrap();
        e.apply(&ops(
            "Std",
            "k",
            vec![
                Op::Put {
                    super_column: None,
                    cell: Cell::tombstone(b("a"), 2, 5),
                },
                Op::DeleteRange {
                    start: b("x"),
                    end: b("z"),
                    deletion: DeletionTime::new(3, 6),
                },
            ],
        ))
        .unwrap();
        e.apply(&sput("k", "sc", "n", "v", 1)).unwrap();
        let p = e
            .stored_partition("ks", "Std", b"k", &[], 10)
            .unwrap()
            .unwrap();
        assert_eq!(p.items.len(), 2);
        assert!(matches!(&p.items[0], StoredItem::Cell(c) if is_tombstone(c) && c.name == b("a")));
        assert!(matches!(&p.items[1], StoredItem::Cell(c) if c.value == b("2")));
        assert_eq!(p.range_tombstones.len(), 1);
        assert!(p.deletion.is_live());
        let short = e
            .stored_partition("ks", "Std", b"k", &[], 1)
            .unwrap()
            .unwrap();
        assert_eq!((short.items.len(), short.truncated), (1, true));
        // From "b" on: the tombstone of "a" is not read, the markers are.
        let from_b = e
            .stored_partition("ks", "Std", b"k", b"b", 10)
            .unwrap()
            .unwrap();
        assert!(matches!(&from_b.items[..], [StoredItem::Cell(c)] if c.name == b("b")));
        assert_eq!(from_b.range_tombstones.len(), 1);
        assert!(p.deletes(None, b"a") && !from_b.deletes(None, b"a"));
        let s = e
            .stored_partition("ks", "Super", b"k", &[], 10)
            .unwrap()
            .unwrap();
        assert!(matches!(&s.items[0], StoredItem::Super { cells, .. } if cells.len() == 1));
        assert_eq!(
            e.stored_partition("ks", "Std", b"none", &[], 10).unwrap(),
            None
        );
    }
}
