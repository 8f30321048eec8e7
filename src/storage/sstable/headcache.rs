//! The decoded heads of an SSTable's wide partitions, kept between point
//! reads (as Cassandra's key cache kept the column index of wide rows).
//!
//! A wide partition's head holds one column-index record per block, so
//! reading and decoding it costs in proportion to the partition (about 470
//! records for a million 30-byte cells), while the slice that follows needs
//! a binary search over it and a block or two. Keeping the checked,
//! decoded head makes every later slice of the row cost the binary search
//! and its blocks only. Only heads of at least [`MIN_BLOCKS`] blocks are kept
//! (smaller ones decode in the time a lookup here takes), within
//! [`BUDGET_BYTES`] per SSTable, least recently used first out. The cache
//! lives and dies with the opened SSTable: its files never change. It must
//! not do I/O.

use std::collections::HashMap;
use std::sync::Arc;

use parking_lot::Mutex;

use super::head::HeadView;

/// Heads with fewer blocks are not kept.
pub(crate) const MIN_BLOCKS: usize = 16;

/// What the kept heads of one SSTable may take, in bytes.
pub(crate) const BUDGET_BYTES: usize = 8 << 20;

#[derive(Default)]
pub(crate) struct HeadCache {
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Partition offset in the Data file -> head and its last use.
    heads: HashMap<u64, (Arc<HeadView>, u64)>,
    clock: u64,
    bytes: usize,
}

impl HeadCache {
    /// The head of the partition at `data_offset`, if kept.
    pub fn get(&self, data_offset: u64) -> Option<Arc<HeadView>> {
        let mut s = self.state.lock();
        s.clock += 1;
        let now = s.clock;
        s.heads.get_mut(&data_offset).map(|(h, used)| {
            *used = now;
            h.clone()
        })
    }

    /// Keeps a checked head if it is wide enough and fits the budget,
    /// making room by dropping the least recently used ones.
    pub fn offer(&self, data_offset: u64, head: &Arc<HeadView>) {
        let size = head.footprint();
        if head.index.len() < MIN_BLOCKS || size > BUDGET_BYTES / 2 {
            return;
        }
        let mut s = self.state.lock();
        if s.heads.contains_key(&data_offset) {
            return;
        }
        while s.bytes + size > BUDGET_BYTES {
            let Some(oldest) = s.heads.iter().min_by_key(|(_, (_, used))| *used) else {
                break;
            };
            let oldest = *oldest.0;
            if let Some((h, _)) = s.heads.remove(&oldest) {
                s.bytes -= h.footprint();
            }
        }
        s.clock += 1;
        let now = s.clock;
        s.heads.insert(data_offset, (head.clone(), now));
        s.bytes += size;
    }

    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.state.lock().bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partitioner::{DecoratedKey, Token};
    use crate::storage::sstable::head::{decode_head, BlockInfo, PartitionHead};

    fn head(blocks: usize, name_len: usize) -> Arc<HeadView> {
        let blocks = (0..blocks as u64)
            .map(|i| BlockInfo {
                first: vec![1; name_len],
                last: vec![2; name_len],
                offset: i * 10,
                len: 10,
                dir_len: 0,
            })
            .collect();
        let h = PartitionHead {
            key: DecoratedKey {
                token: Token::Long(1),
                key: b"k".to_vec(),
            },
            header: Vec::new(),
            blocks,
            entry_count: 1,
        };
        Arc::new(decode_head(h.encode(2), 2).unwrap())
    }

    #[test]
    fn keeps_wide_heads_only_and_hands_them_back() {
        let c = HeadCache::default();
        c.offer(1, &head(MIN_BLOCKS - 1, 8));
        assert!(c.get(1).is_none(), "a narrow head is not kept");
        let h = head(MIN_BLOCKS, 8);
        c.offer(2, &h);
        assert!(Arc::ptr_eq(&c.get(2).unwrap(), &h));
        assert_eq!(c.bytes(), h.footprint());
    }

    #[test]
    fn stays_within_budget_dropping_the_least_recently_used() {
        let c = HeadCache::default();
        // Each about 1/8 of the budget.
        let big = |_| head(BUDGET_BYTES / 8 / 60, 8);
        let heads: Vec<_> = (0..20u64).map(big).collect();
        for (i, h) in heads.iter().enumerate() {
            c.offer(i as u64, h);
            // Entry 0 stays in use, so it is never the oldest.
            assert!(c.get(0).is_some(), "after {i}");
            assert!(c.bytes() <= BUDGET_BYTES);
        }
        assert!(c.get(1).is_none(), "an old unused head was dropped");
        assert!(c.get(19).is_some());
        let huge = head(BUDGET_BYTES / 40, 8);
        c.offer(100, &huge);
        assert!(
            c.get(100).is_none(),
            "a head over half the budget is not kept"
        );
    }
}
