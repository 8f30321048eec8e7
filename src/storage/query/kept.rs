//! The order in which a read met the SSTables an emulated flush kept in
//! memory (a release's answers after `truncate` depended on it), and the
//! merge order of a priority queue of sources as Cassandra 1.0 and 1.1
//! kept one (`java.util.PriorityQueue`: among equal heads the order is the
//! binary heap's, which alternates between sources from name to name).
//!
//! It owns orders only, and the merge that takes a row's entries in the
//! queue's order: how versions reconcile is the `row` folder's, what a
//! source holds the source's.

use super::{
    absorb_entry, answer, next_expired, traversal, Deletions, EntrySource, Live, Merge, RowHandle,
    Scanned, StorageError,
};
use crate::model::{ReadCommand, Slice};
use crate::partitioner::DecoratedKey;
use crate::schema::CfDef;
use crate::storage::row::{Entry, MergeRule};
use parking_lot::RwLock;
use std::cmp::Ordering;
use std::sync::Arc;

/// How a release's reads met the SSTables its flushes left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FlushedReads {
    /// The memtable first, then each SSTable oldest first, each version
    /// reconciled against those before it (0.7, 0.8).
    #[default]
    InTurn,
    /// 1.0 and 1.1: a slice merged its sources (the memtable, then the
    /// SSTables in the order the CF's interval tree found them) through a
    /// priority queue; a names query of a Standard CF (or of one super
    /// column's sub-columns), not of counters, read the memtable, then the
    /// SSTables newest timestamp first.
    Queued,
    /// 2.1 and 2.2: as [`FlushedReads::Queued`], but a slice too took the
    /// SSTables newest timestamp first (`collectAllData` sorted what the
    /// interval tree found by each SSTable's greatest timestamp).
    NewestFirst,
}

/// The first and last row key of each SSTable of one CF, oldest first:
/// what a 1.0 or 1.1 interval tree was built from.
pub type Spans = Arc<RwLock<Vec<(DecoratedKey, DecoratedKey)>>>;

/// What a read knows of a memtable kept as an SSTable.
#[derive(Clone, Debug)]
pub struct KeptTable {
    pub reads: FlushedReads,
    /// Its place among its CF's kept tables (oldest 0) in `spans`.
    pub index: usize,
    pub spans: Spans,
    /// The greatest timestamp of what it holds (its SSTable's metadata).
    pub max_timestamp: i64,
}

/// How one read of one row meets its sources: the order to take them in,
/// and whether equal names are taken in a priority queue's order.
pub(super) struct Plan {
    pub order: Vec<usize>,
    pub queued: bool,
    /// How versions reconcile, when not as the read's other sources say.
    pub rule: Option<MergeRule>,
}

/// The plan for `handles` (in the engine's order: memtables first, then
/// kept tables oldest first, then SSTables).
pub(super) fn plan(cf: &CfDef, cmd: &ReadCommand, handles: &[Box<dyn RowHandle + '_>]) -> Plan {
    let natural = Plan {
        order: (0..handles.len()).collect(),
        queued: false,
        rule: None,
    };
    let kept: Vec<(usize, &KeptTable, &DecoratedKey)> = handles
        .iter()
        .enumerate()
        .filter_map(|(i, h)| h.kept().map(|(k, key)| (i, k, key)))
        .collect();
    let Some(&(_, first, key)) = kept.first() else {
        return natural;
    };
    if first.reads == FlushedReads::InTurn {
        return natural;
    }
    let others = (0..handles.len()).filter(|i| kept.iter().all(|(k, _, _)| k != i));
    let found = search_order(&first.spans.read(), key);
    let mut tables: Vec<(usize, &KeptTable)> = kept.iter().map(|&(i, k, _)| (i, k)).collect();
    tables.sort_by_key(|(_, k)| found.iter().position(|&f| f == k.index));
    let newest_first = first.reads == FlushedReads::NewestFirst;
    let names = matches!(cmd.slice, Slice::Names(_));
    let standard_or_one_super = !cf.is_super() || cmd.super_column.is_some();
    if names && standard_or_one_super && !cf.is_counter() {
        // CollationController.collectTimeOrderedData: SSTables sorted by
        // their newest timestamp, a stable sort.
        tables.sort_by_key(|(_, k)| std::cmp::Reverse(k.max_timestamp));
        let order = others.chain(tables.iter().map(|(i, _)| *i)).collect();
        return Plan {
            order,
            queued: false,
            rule: newest_first.then_some(MergeRule::LaterUnlessOutlived),
        };
    }
    if newest_first {
        tables.sort_by_key(|(_, k)| std::cmp::Reverse(k.max_timestamp));
    }
    let order: Vec<usize> = others.chain(tables.iter().map(|(i, _)| *i)).collect();
    if first.reads == FlushedReads::Queued
        && cmd.super_column.is_some()
        && cf.subcomparator.is_some()
    {
        // One super column (1.0, 1.1): a single head per source, all equal,
        // taken in the queue's order. From 2.1 its sub-columns were cells
        // of their own, queued one by one.
        let mut q = JavaQueue::default();
        let equal = |_: usize, _: usize| Ordering::Equal;
        order.iter().for_each(|&i| q.add(i, &equal));
        let order = std::iter::from_fn(|| q.poll(&equal)).collect();
        return Plan {
            order,
            queued: false,
            rule: None,
        };
    }
    Plan {
        order,
        queued: true,
        rule: newest_first.then_some(MergeRule::FirstUnlessOutlived),
    }
}

/// The SSTables (indexes into `spans`) a 1.0/1.1 interval tree of `spans`
/// answered for the row `key`, in its answer's order.
pub(super) fn search_order(
    spans: &[(DecoratedKey, DecoratedKey)],
    key: &DecoratedKey,
) -> Vec<usize> {
    let mut out = Vec::new();
    let all: Vec<usize> = (0..spans.len()).collect();
    search(spans, &all, key, &mut out);
    out
}

/// One node of the tree built from `members` (IntervalNode), searched for
/// the point `key` (IntervalTree.searchInternal), found ones onto `out`.
fn search(
    spans: &[(DecoratedKey, DecoratedKey)],
    members: &[usize],
    key: &DecoratedKey,
    out: &mut Vec<usize>,
) {
    if members.is_empty() {
        return;
    }
    let mut ends: Vec<&DecoratedKey> = members
        .iter()
        .flat_map(|&m| [&spans[m].0, &spans[m].1])
        .collect();
    ends.sort();
    let pt = ends[members.len()];
    let inside: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&m| &spans[m].0 <= pt && &spans[m].1 >= pt)
        .collect();
    let mut by_min = inside.clone();
    by_min.sort_by(|&a, &b| spans[a].0.cmp(&spans[b].0));
    let mut by_max_desc = inside;
    by_max_desc.sort_by(|&a, &b| spans[b].1.cmp(&spans[a].1));
    let left: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&m| &spans[m].1 < pt)
        .collect();
    let right: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&m| &spans[m].0 > pt)
        .collect();
    match pt.cmp(key) {
        Ordering::Equal => {
            out.extend(by_min);
            search(spans, &left, key, out);
            search(spans, &right, key, out);
        }
        Ordering::Less => {
            out.extend(by_max_desc.into_iter().take_while(|&m| &spans[m].1 >= key));
            search(spans, &right, key, out);
        }
        Ordering::Greater => {
            out.extend(by_min.into_iter().take_while(|&m| &spans[m].0 <= key));
            search(spans, &left, key, out);
        }
    }
}

/// [`merge_top`] as 1.0 and 1.1's MergeIterator merged: the sources' heads
/// in a `java.util.PriorityQueue`, the ones equal to the first taken off
/// it in the heap's order (each reconciled against those before it), and
/// advanced last taken first before the next name.
#[allow(clippy::too_many_arguments)]
pub(super) fn merge_queued(
    cf: &CfDef,
    mut sources: Vec<Box<dyn EntrySource + '_>>,
    mut heads: Vec<Option<Entry>>,
    merge: Merge,
    dels: Deletions<'_>,
    now: i32,
    scanned: &mut Scanned,
    each: &mut dyn FnMut(Live) -> bool,
) -> Result<bool, StorageError> {
    let cmp = &cf.comparator;
    let next = |s: &mut (dyn EntrySource + '_)| -> Result<Option<Entry>, StorageError> {
        let mut e = next_expired(s, now)?;
        if let Some(e) = e.as_mut() {
            absorb_entry(e, dels.row, dels.ranges, cmp);
        }
        Ok(e)
    };
    let order = |heads: &[Option<Entry>], a: usize, b: usize| match (&heads[a], &heads[b]) {
        (Some(x), Some(y)) => traversal(cmp, x.name(), y.name(), merge.reversed),
        _ => Ordering::Equal,
    };
    let mut queue = JavaQueue::default();
    for i in 0..heads.len() {
        if heads[i].is_some() {
            queue.add(i, &|a, b| order(&heads, a, b));
        }
    }
    let mut taken: Vec<usize> = Vec::new();
    let mut found = 0usize;
    while found < merge.count {
        while let Some(i) = taken.pop() {
            heads[i] = next(sources[i].as_mut())?;
            if heads[i].is_some() {
                queue.add(i, &|a, b| order(&heads, a, b));
            }
        }
        let Some(first) = queue.poll(&|a, b| order(&heads, a, b)) else {
            break;
        };
        taken.push(first);
        let mut merged = heads[first].clone().expect("a queued head is present");
        while let Some(p) = queue.peek() {
            if order(&heads, p, first) != Ordering::Equal {
                break;
            }
            queue.poll(&|a, b| order(&heads, a, b));
            taken.push(p);
            let e = heads[p].clone().expect("a queued head is present");
            merged.merge_by(e, merge.rule);
        }
        if !answer(cmp, merged, &dels, now, scanned, &mut found, each) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A binary heap of source numbers ordered by `cmp`, sifting exactly as
/// `java.util.PriorityQueue` did (an equal element never moves past
/// another), so that equal heads leave in Java's order.
#[derive(Default)]
pub(super) struct JavaQueue {
    heap: Vec<usize>,
}

impl JavaQueue {
    pub fn peek(&self) -> Option<usize> {
        self.heap.first().copied()
    }

    pub fn add(&mut self, x: usize, cmp: &dyn Fn(usize, usize) -> Ordering) {
        let mut k = self.heap.len();
        self.heap.push(x);
        while k > 0 {
            let parent = (k - 1) >> 1;
            let e = self.heap[parent];
            if cmp(x, e) != Ordering::Less {
                break;
            }
            self.heap[k] = e;
            k = parent;
        }
        self.heap[k] = x;
    }

    pub fn poll(&mut self, cmp: &dyn Fn(usize, usize) -> Ordering) -> Option<usize> {
        let result = self.peek()?;
        let x = self.heap.pop().expect("not empty");
        let n = self.heap.len();
        if n == 0 {
            return Some(result);
        }
        let mut k = 0;
        let half = n >> 1;
        while k < half {
            let mut child = 2 * k + 1;
            let mut c = self.heap[child];
            let right = child + 1;
            if right < n && cmp(c, self.heap[right]) == Ordering::Greater {
                child = right;
                c = self.heap[child];
            }
            if cmp(x, c) != Ordering::Greater {
                break;
            }
            self.heap[k] = c;
            k = child;
        }
        self.heap[k] = x;
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partitioner::Token;

    fn key(t: i64) -> DecoratedKey {
        DecoratedKey {
            token: Token::Long(t),
            key: t.to_be_bytes().to_vec(),
        }
    }

    /// Equal elements leave the heap first, then last added back to the
    /// second: three sources of one name are met as 0, 2, 1.
    #[test]
    fn equal_heads_leave_in_java_heap_order() {
        let eq = |_: usize, _: usize| Ordering::Equal;
        let mut q = JavaQueue::default();
        (0..4).for_each(|i| q.add(i, &eq));
        let got: Vec<usize> = std::iter::from_fn(|| q.poll(&eq)).collect();
        assert_eq!(got, [0, 3, 2, 1]);
    }

    #[test]
    fn the_heap_orders_distinct_heads() {
        let names = [5, 1, 4, 2, 3];
        let cmp = |a: usize, b: usize| names[a].cmp(&names[b]);
        let mut q = JavaQueue::default();
        (0..names.len()).for_each(|i| q.add(i, &cmp));
        let got: Vec<i32> = std::iter::from_fn(|| q.poll(&cmp))
            .map(|i| names[i])
            .collect();
        assert_eq!(got, [1, 2, 3, 4, 5]);
    }

    /// Tables of one key are found in their order (the oldest first);
    /// tables whose span misses the key are not found.
    #[test]
    fn the_tree_finds_the_tables_spanning_a_key() {
        let one = (key(5), key(5));
        assert_eq!(
            search_order(&[one.clone(), one.clone(), one], &key(5)),
            [0, 1, 2]
        );
        let spans = [
            (key(1), key(9)),
            (key(6), key(7)),
            (key(2), key(4)),
            (key(0), key(8)),
        ];
        assert_eq!(search_order(&spans, &key(5)), [3, 0]);
        let mut at3 = search_order(&spans, &key(3));
        at3.sort();
        assert_eq!(at3, [0, 2, 3]);
        assert!(search_order(&spans, &key(10)).is_empty());
    }
}
