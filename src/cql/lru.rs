//! A map bounded by the bytes its entries are counted as (and by a count),
//! evicting the least recently used entry first: the prepared-statement
//! caches, which any client can fill with statements of its choosing, so a
//! count alone would let a few large statements take gigabytes.
//!
//! Owns the accounting and the order only; what an entry costs is the
//! caller's estimate, and it must not know what the values are.

use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

/// What a cache holds and has evicted, for `/metrics`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LruStats {
    pub entries: usize,
    pub bytes: usize,
    pub max_bytes: usize,
    /// Entries evicted to make room, since start.
    pub evictions: u64,
}

struct Slot<V> {
    value: V,
    cost: usize,
    /// When it was last used (a key of `ByteLru::order`).
    tick: u64,
}

pub struct ByteLru<K, V> {
    map: HashMap<K, Slot<V>>,
    /// Keys by last use, oldest first.
    order: BTreeMap<u64, K>,
    tick: u64,
    bytes: usize,
    max_bytes: usize,
    max_entries: usize,
    evictions: u64,
}

impl<K: Hash + Eq + Clone, V> ByteLru<K, V> {
    pub fn new(max_bytes: usize, max_entries: usize) -> Self {
        ByteLru {
            map: HashMap::new(),
            order: BTreeMap::new(),
            tick: 0,
            bytes: 0,
            max_bytes,
            max_entries: max_entries.max(1),
            evictions: 0,
        }
    }

    pub fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    fn next_tick(&mut self) -> u64 {
        self.tick += 1;
        self.tick
    }

    /// The entry under `key`, marked as just used.
    pub fn get(&mut self, key: &K) -> Option<&V> {
        let tick = self.next_tick();
        let slot = self.map.get_mut(key)?;
        self.order.remove(&slot.tick);
        slot.tick = tick;
        self.order.insert(tick, key.clone());
        Some(&slot.value)
    }

    /// Removes the entry under `key`.
    pub fn remove(&mut self, key: &K) -> Option<V> {
        let slot = self.map.remove(key)?;
        self.order.remove(&slot.tick);
        self.bytes -= slot.cost;
        Some(slot.value)
    }

    /// Removes every entry `keep` says no to (not evictions: the caller
    /// chose them); returns them.
    pub fn remove_unless(&mut self, mut keep: impl FnMut(&V) -> bool) -> Vec<(K, V)> {
        let gone: Vec<K> = self
            .map
            .iter()
            .filter(|(_, slot)| !keep(&slot.value))
            .map(|(k, _)| k.clone())
            .collect();
        gone.into_iter()
            .filter_map(|k| self.remove(&k).map(|v| (k, v)))
            .collect()
    }

    /// Keeps `value` under `key` (replacing what was there), counted as
    /// `cost` bytes, and evicts the least recently used entries until the
    /// bounds hold again; what was replaced or evicted is returned (the
    /// caller may index entries by other keys). An entry costing more than
    /// the whole bound is the caller's to refuse: it is kept alone.
    pub fn insert(&mut self, key: K, value: V, cost: usize) -> Vec<(K, V)> {
        let mut gone = Vec::new();
        if let Some(old) = self.remove(&key) {
            gone.push((key.clone(), old));
        }
        let tick = self.next_tick();
        self.order.insert(tick, key.clone());
        self.map.insert(key, Slot { value, cost, tick });
        self.bytes += cost;
        self.evict(&mut gone);
        gone
    }

    /// Changes the byte bound, evicting what no longer fits.
    pub fn set_max_bytes(&mut self, max_bytes: usize) -> Vec<(K, V)> {
        self.max_bytes = max_bytes;
        let mut gone = Vec::new();
        self.evict(&mut gone);
        gone
    }

    fn evict(&mut self, gone: &mut Vec<(K, V)>) {
        while (self.bytes > self.max_bytes || self.map.len() > self.max_entries)
            && self.map.len() > 1
        {
            let Some((_, key)) = self.order.pop_first() else {
                break;
            };
            if let Some(slot) = self.map.remove(&key) {
                self.bytes -= slot.cost;
                self.evictions += 1;
                gone.push((key, slot.value));
            }
        }
    }

    pub fn stats(&self) -> LruStats {
        LruStats {
            entries: self.map.len(),
            bytes: self.bytes,
            max_bytes: self.max_bytes,
            evictions: self.evictions,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_goes_first_when_bytes_run_out() {
        let mut c = ByteLru::new(300, 100);
        assert!(c.insert(1, "a", 100).is_empty());
        assert!(c.insert(2, "b", 100).is_empty());
        assert!(c.insert(3, "c", 100).is_empty());
        // Using 1 makes 2 the oldest.
        assert_eq!(c.get(&1), Some(&"a"));
        let gone = c.insert(4, "d", 150);
        assert_eq!(gone, vec![(2, "b"), (3, "c")]);
        assert_eq!(
            c.stats(),
            LruStats {
                entries: 2,
                bytes: 250,
                max_bytes: 300,
                evictions: 2
            }
        );
        assert!(c.get(&2).is_none());
        // Replacing is not evicting.
        assert_eq!(c.insert(4, "e", 10), vec![(4, "d")]);
        assert_eq!(c.stats().evictions, 2);
        assert_eq!(c.stats().bytes, 110);
    }

    #[test]
    fn the_count_bounds_too_and_shrinking_evicts() {
        let mut c = ByteLru::new(1000, 2);
        c.insert(1, (), 1);
        c.insert(2, (), 1);
        assert_eq!(c.insert(3, (), 1), vec![(1, ())]);
        c.insert(4, (), 500);
        assert_eq!(c.set_max_bytes(400).len(), 1);
        assert_eq!(c.stats().entries, 1, "the newest stays, even alone over");
        assert_eq!(c.remove(&4), Some(()));
        assert_eq!(c.stats().bytes, 0);
    }
}
