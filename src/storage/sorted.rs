//! A comparator-ordered set of named items (a row's entries) that stores
//! each item once, inline, with its name read from the item itself.
//!
//! Why not `BTreeMap<CKey, Entry>`: the map key repeated the name (a second
//! heap allocation per column) and a comparator pointer, and a B-tree leaf
//! always has eleven slots, so a row of five columns paid for eleven. Here
//! the items sit in sorted chunks of at most `CHUNK`, found by binary search
//! on each chunk's last name; the comparator is passed in by the owner (the
//! row's column family), never stored per item. Small rows are one exactly
//! sized chunk; appending in order (the common wide-row pattern) fills
//! chunks completely. It must not know what the items mean (merging is the
//! caller's closure) and it never panics on inverted bounds: they are empty.

use crate::marshal::TypeRef;
use std::cmp::Ordering;
use std::ops::Bound;

/// Something with a name ordered by a comparator.
pub trait Named {
    fn name(&self) -> &[u8];
}

/// Items per chunk before it splits: bounds the memmove of one insert in a
/// huge row (a few KB) while keeping the chunk index small.
const CHUNK: usize = 128;

#[derive(Clone, Debug)]
pub struct Sorted<T> {
    /// Never holds an empty chunk.
    chunks: Vec<Vec<T>>,
    len: usize,
    /// Sum of the chunks' capacities (kept so accounting is O(1)).
    slots: usize,
}

impl<T> Default for Sorted<T> {
    fn default() -> Self {
        Sorted {
            chunks: Vec::new(),
            len: 0,
            slots: 0,
        }
    }
}

/// Where an item is or would go: chunk index and index in the chunk.
type Pos = (usize, usize);

impl<T: Named> Sorted<T> {
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first position whose item does not satisfy `before` (which must
    /// hold for a prefix of the items only); the end is (last chunk, its len).
    fn partition(&self, before: impl Fn(&T) -> bool) -> Pos {
        let ci = self
            .chunks
            .partition_point(|c| c.last().is_some_and(&before));
        if ci == self.chunks.len() {
            return match self.chunks.last() {
                Some(c) => (ci - 1, c.len()),
                None => (0, 0),
            };
        }
        (ci, self.chunks[ci].partition_point(before))
    }

    fn lower(&self, cmp: &TypeRef, b: Bound<&[u8]>) -> Pos {
        match b {
            Bound::Unbounded => (0, 0),
            Bound::Included(k) => self.partition(|t| cmp.compare(t.name(), k) == Ordering::Less),
            Bound::Excluded(k) => self.partition(|t| cmp.compare(t.name(), k) != Ordering::Greater),
        }
    }

    fn upper(&self, cmp: &TypeRef, b: Bound<&[u8]>) -> Pos {
        match b {
            Bound::Unbounded => self.partition(|_| true),
            Bound::Included(k) => self.partition(|t| cmp.compare(t.name(), k) != Ordering::Greater),
            Bound::Excluded(k) => self.partition(|t| cmp.compare(t.name(), k) == Ordering::Less),
        }
    }

    /// Position of `name` if present.
    fn find(&self, cmp: &TypeRef, name: &[u8]) -> Result<Pos, Pos> {
        let p = self.lower(cmp, Bound::Included(name));
        match self.chunks.get(p.0).and_then(|c| c.get(p.1)) {
            Some(t) if cmp.compare(t.name(), name) == Ordering::Equal => Ok(p),
            _ => Err(p),
        }
    }

    pub fn get(&self, cmp: &TypeRef, name: &[u8]) -> Option<&T> {
        let (ci, i) = self.find(cmp, name).ok()?;
        Some(&self.chunks[ci][i])
    }

    pub fn get_mut(&mut self, cmp: &TypeRef, name: &[u8]) -> Option<&mut T> {
        let (ci, i) = self.find(cmp, name).ok()?;
        Some(&mut self.chunks[ci][i])
    }

    /// The item named `name`, inserted from `make` when absent.
    pub fn get_or_insert_with(
        &mut self,
        cmp: &TypeRef,
        name: &[u8],
        make: impl FnOnce() -> T,
    ) -> &mut T {
        let (ci, i) = match self.find(cmp, name) {
            Ok(p) => p,
            Err(p) => self.insert_at(p, make()),
        };
        &mut self.chunks[ci][i]
    }

    /// Inserts `item`, or hands it to `merge` with the item of the same name.
    pub fn upsert(&mut self, cmp: &TypeRef, item: T, merge: impl FnOnce(&mut T, T)) {
        match self.find(cmp, item.name()) {
            Ok((ci, i)) => merge(&mut self.chunks[ci][i], item),
            Err(p) => {
                self.insert_at(p, item);
            }
        }
    }

    /// Inserts at `p` and returns where the item ended up (a split may move it).
    fn insert_at(&mut self, (ci, i): Pos, item: T) -> Pos {
        self.len += 1;
        if self.chunks.is_empty() {
            let c = vec![item];
            self.slots += c.capacity();
            self.chunks.push(c);
            return (0, 0);
        }
        let last_chunk = ci + 1 == self.chunks.len();
        let c = &mut self.chunks[ci];
        if c.len() >= CHUNK {
            if last_chunk && i == c.len() {
                // Appending past a full last chunk: start a new one and leave
                // this one full (in-order inserts then waste no slots).
                let n = vec![item];
                self.slots += n.capacity();
                self.chunks.push(n);
                return (ci + 1, 0);
            }
            let right = c.split_off(CHUNK / 2);
            self.slots += right.capacity();
            self.chunks.insert(ci + 1, right);
            let p = if i <= CHUNK / 2 {
                (ci, i)
            } else {
                (ci + 1, i - CHUNK / 2)
            };
            let t = &mut self.chunks[p.0];
            let cap = t.capacity();
            t.insert(p.1, item);
            self.slots += t.capacity() - cap;
            return p;
        }
        if c.len() == c.capacity() {
            // Grow exactly while small (a row of five holds five slots), then
            // double up to the chunk size.
            let extra = if c.len() < 8 {
                1
            } else {
                c.len().min(CHUNK - c.len())
            };
            let cap = c.capacity();
            c.reserve_exact(extra.max(1));
            self.slots += c.capacity() - cap;
        }
        c.insert(i, item);
        (ci, i)
    }

    /// Items between the bounds (low, high) in comparator order; empty when
    /// the bounds are inverted.
    pub fn range<'a>(
        &'a self,
        cmp: &TypeRef,
        lo: Bound<&[u8]>,
        hi: Bound<&[u8]>,
    ) -> impl DoubleEndedIterator<Item = &'a T> + 'a {
        let (s, e) = (self.lower(cmp, lo), self.upper(cmp, hi));
        let empty: (&[T], &[Vec<T>], &[T]) = (&[], &[], &[]);
        let (a, mid, b) = if s >= e || self.chunks.is_empty() {
            empty
        } else if s.0 == e.0 {
            (&self.chunks[s.0][s.1..e.1], &[][..], &[][..])
        } else {
            (
                &self.chunks[s.0][s.1..],
                &self.chunks[s.0 + 1..e.0],
                &self.chunks[e.0][..e.1],
            )
        };
        a.iter().chain(mid.iter().flatten()).chain(b.iter())
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &T> {
        self.chunks.iter().flatten()
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.chunks.iter_mut().flatten()
    }

    pub fn into_values(self) -> impl DoubleEndedIterator<Item = T> {
        self.chunks.into_iter().flatten()
    }

    /// Keeps the items for which `keep` says so (it may change them).
    pub fn retain(&mut self, mut keep: impl FnMut(&mut T) -> bool) {
        for c in &mut self.chunks {
            c.retain_mut(&mut keep);
        }
        self.chunks.retain(|c| !c.is_empty());
        self.len = self.chunks.iter().map(Vec::len).sum();
        self.slots = self.chunks.iter().map(Vec::capacity).sum();
    }

    /// Heap bytes held by the chunk index and slots (not the items' own
    /// heap data), for memory accounting.
    pub fn slot_bytes(&self) -> usize {
        self.chunks.capacity() * std::mem::size_of::<Vec<T>>()
            + self.slots * std::mem::size_of::<T>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::{BytesType, ReversedType};
    use std::collections::BTreeMap;
    use std::sync::Arc;

    #[derive(Clone, Debug, PartialEq)]
    struct It(Vec<u8>, u32);
    impl Named for It {
        fn name(&self) -> &[u8] {
            &self.0
        }
    }

    fn names<'a>(it: impl Iterator<Item = &'a It>) -> Vec<Vec<u8>> {
        it.map(|i| i.0.clone()).collect()
    }

    /// A pseudo-random sequence without a dependency.
    fn lcg(seed: &mut u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *seed >> 33
    }

    #[test]
    fn matches_a_btreemap_for_random_inserts_ranges_and_retain() {
        let cmp: TypeRef = Arc::new(BytesType);
        let mut s = Sorted::default();
        let mut m = BTreeMap::new();
        let mut seed = 7;
        for n in 0..5000u32 {
            let k = (lcg(&mut seed) % 3000).to_be_bytes()[4..].to_vec();
            s.upsert(&cmp, It(k.clone(), n), |old, new| old.1 += new.1);
            *m.entry(k).or_insert(0) += n;
        }
        assert_eq!(s.len(), m.len());
        let got: Vec<(Vec<u8>, u32)> = s.values().map(|i| (i.0.clone(), i.1)).collect();
        let want: Vec<(Vec<u8>, u32)> = m.iter().map(|(k, v)| (k.clone(), *v)).collect();
        assert_eq!(got, want);
        for _ in 0..300 {
            let a = (lcg(&mut seed) % 3100).to_be_bytes()[4..].to_vec();
            let b = (lcg(&mut seed) % 3100).to_be_bytes()[4..].to_vec();
            let bounds = [
                Bound::Included(&a[..]),
                Bound::Excluded(&a[..]),
                Bound::Unbounded,
            ];
            for lo in bounds {
                for hi in [
                    Bound::Included(&b[..]),
                    Bound::Excluded(&b[..]),
                    Bound::Unbounded,
                ] {
                    let want: Vec<Vec<u8>> = m
                        .keys()
                        .filter(|k| match lo {
                            Bound::Included(x) => k.as_slice() >= x,
                            Bound::Excluded(x) => k.as_slice() > x,
                            Bound::Unbounded => true,
                        })
                        .filter(|k| match hi {
                            Bound::Included(x) => k.as_slice() <= x,
                            Bound::Excluded(x) => k.as_slice() < x,
                            Bound::Unbounded => true,
                        })
                        .cloned()
                        .collect();
                    assert_eq!(names(s.range(&cmp, lo, hi)), want);
                    let mut rev = names(s.range(&cmp, lo, hi).rev());
                    rev.reverse();
                    assert_eq!(rev, want);
                }
            }
        }
        s.retain(|i| i.1 % 2 == 0);
        m.retain(|_, v| *v % 2 == 0);
        assert_eq!(s.len(), m.len());
        assert_eq!(names(s.values()), m.keys().cloned().collect::<Vec<_>>());
        assert!(s.chunks.iter().all(|c| !c.is_empty() && c.len() <= CHUNK));
        let slots: usize = s.chunks.iter().map(Vec::capacity).sum();
        assert_eq!(s.slots, slots);
    }

    #[test]
    fn follows_the_comparator_and_gets_by_name() {
        let cmp: TypeRef = Arc::new(ReversedType::new(Arc::new(BytesType)));
        let mut s = Sorted::default();
        for k in [b"b", b"a", b"c"] {
            s.upsert(&cmp, It(k.to_vec(), 0), |_, _| {});
        }
        assert_eq!(
            names(s.values()),
            vec![b"c".to_vec(), b"b".to_vec(), b"a".to_vec()]
        );
        assert_eq!(s.get(&cmp, b"b").map(|i| i.1), Some(0));
        assert!(s.get(&cmp, b"d").is_none());
        s.get_or_insert_with(&cmp, b"b", || It(b"b".to_vec(), 9)).1 = 5;
        s.get_or_insert_with(&cmp, b"d", || It(b"d".to_vec(), 9));
        assert_eq!(s.get(&cmp, b"b").map(|i| i.1), Some(5));
        assert_eq!(s.get_mut(&cmp, b"d").map(|i| i.1), Some(9));
        // Inverted bounds (low after high in comparator order) are empty.
        assert_eq!(
            s.range(&cmp, Bound::Included(b"a"), Bound::Included(b"c"))
                .count(),
            0
        );
        assert_eq!(
            names(s.range(&cmp, Bound::Included(b"c"), Bound::Excluded(b"a"))),
            vec![b"c".to_vec(), b"b".to_vec()]
        );
    }

    #[test]
    fn small_rows_hold_exact_slots_and_in_order_appends_fill_chunks() {
        let cmp: TypeRef = Arc::new(BytesType);
        let mut s = Sorted::default();
        for k in 0..5u8 {
            s.upsert(&cmp, It(vec![k], 0), |_, _| {});
        }
        assert_eq!(s.chunks[0].capacity(), 5);
        let mut w = Sorted::default();
        for k in 0..10_000u32 {
            w.upsert(&cmp, It(k.to_be_bytes().to_vec(), 0), |_, _| {});
        }
        let full = w.chunks.iter().filter(|c| c.len() == CHUNK).count();
        assert_eq!(full, 10_000 / CHUNK);
        assert_eq!(w.len(), 10_000);
        let slots: usize = w.chunks.iter().map(Vec::capacity).sum();
        assert_eq!(w.slots, slots);
    }
}
