//! A comparator-ordered set of items (a row's entries, the memtable's rows)
//! stored inline in sorted chunks, each item once.
//!
//! Why not `BTreeMap`: its key repeated the name (a second heap allocation
//! per column) and a comparator pointer, and a leaf always has eleven slots,
//! so a row of five columns paid for eleven. Here a set of up to `CHUNK`
//! items is one exactly sized vector (no chunk index at all); a larger one
//! is sorted chunks of at most `CHUNK`, found by binary search on each
//! chunk's last item. Appending in order (the common wide-row pattern)
//! fills chunks completely.
//!
//! The order comes from the caller, never from the items: either a name
//! (`Named`) and the CF comparator, or a closure telling how an item
//! compares with what is looked for (items that are references into an
//! arena know nothing of their own bytes). It must not know what the items
//! mean (merging is the caller's business) and it never panics on inverted
//! bounds: they are empty.

use super::heap::heap_bytes;
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
pub struct Sorted<T>(Repr<T>);

#[derive(Clone, Debug)]
enum Repr<T> {
    /// Up to `CHUNK` items: one vector, grown exactly while small.
    Flat(Vec<T>),
    /// More: sorted chunks, never an empty one.
    Chunked(Box<Chunked<T>>),
}

#[derive(Clone, Debug)]
struct Chunked<T> {
    chunks: Vec<Vec<T>>,
    len: usize,
    /// Sum of the chunks' capacities (kept so accounting is O(1)).
    slots: usize,
}

impl<T> Default for Sorted<T> {
    fn default() -> Self {
        Sorted(Repr::Flat(Vec::new()))
    }
}

/// The items of a range, in order (either way).
pub type Range<'a, T> = std::iter::Chain<
    std::iter::Chain<std::slice::Iter<'a, T>, std::iter::Flatten<std::slice::Iter<'a, Vec<T>>>>,
    std::slice::Iter<'a, T>,
>;

/// Where an item is or would go: chunk index and index in the chunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos(usize, usize);

impl<T> Sorted<T> {
    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::Flat(v) => v.len(),
            Repr::Chunked(c) => c.len,
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The chunks, none of them empty.
    fn chunks(&self) -> &[Vec<T>] {
        match &self.0 {
            Repr::Flat(v) if v.is_empty() => &[],
            Repr::Flat(v) => std::slice::from_ref(v),
            Repr::Chunked(c) => &c.chunks,
        }
    }

    fn chunks_mut(&mut self) -> &mut [Vec<T>] {
        match &mut self.0 {
            Repr::Flat(v) => std::slice::from_mut(v),
            Repr::Chunked(c) => &mut c.chunks,
        }
    }

    /// The first position whose item does not satisfy `before` (which must
    /// hold for a prefix of the items only); the end is (last chunk, its len).
    pub fn partition(&self, before: impl Fn(&T) -> bool) -> Pos {
        let chunks = self.chunks();
        let ci = chunks.partition_point(|c| c.last().is_some_and(&before));
        if ci == chunks.len() {
            return match chunks.last() {
                Some(c) => Pos(ci - 1, c.len()),
                None => Pos(0, 0),
            };
        }
        Pos(ci, chunks[ci].partition_point(before))
    }

    /// Where the item comparing `Equal` is, or where it would go. `ord`
    /// tells how an item compares with the one looked for.
    pub fn search_by(&self, ord: impl Fn(&T) -> Ordering) -> Result<Pos, Pos> {
        let p = self.partition(|t| ord(t) == Ordering::Less);
        match self.at(p) {
            Some(t) if ord(t) == Ordering::Equal => Ok(p),
            _ => Err(p),
        }
    }

    /// The last item, if any.
    pub fn last(&self) -> Option<&T> {
        self.chunks().last().and_then(|c| c.last())
    }

    /// A set of items already in order and distinct, kept as given (so an
    /// exactly sized vector stays exactly sized) when one vector holds
    /// them.
    pub fn from_sorted(items: Vec<T>) -> Self {
        if items.len() <= CHUNK {
            return Sorted(Repr::Flat(items));
        }
        let mut s = Sorted::default();
        for t in items {
            s.insert_at(s.end(), t);
        }
        s
    }

    /// Whether `n` items fit the single vector of a new set.
    pub fn fits_flat(n: usize) -> bool {
        n <= CHUNK
    }

    /// The position after the last item (where `insert_at` appends).
    pub fn end(&self) -> Pos {
        match self.chunks() {
            [] => Pos(0, 0),
            chunks => Pos(chunks.len() - 1, chunks[chunks.len() - 1].len()),
        }
    }

    /// Makes room for `n` more items in a set still held in one vector
    /// (a new row about to get its cells): exactly, so no slot is wasted and
    /// the inserts do not grow it one at a time.
    pub fn reserve_flat(&mut self, n: usize) {
        if let Repr::Flat(v) = &mut self.0 {
            if v.len() + n <= CHUNK {
                v.reserve_exact(n);
            }
        }
    }

    pub fn at(&self, Pos(ci, i): Pos) -> Option<&T> {
        self.chunks().get(ci).and_then(|c| c.get(i))
    }

    pub fn at_mut(&mut self, Pos(ci, i): Pos) -> Option<&mut T> {
        self.chunks_mut().get_mut(ci).and_then(|c| c.get_mut(i))
    }

    /// The items between two bounds, each given as how an item compares
    /// with it (low, high in the set's order); empty when inverted.
    pub fn range_by<L, H>(&self, lo: Bound<L>, hi: Bound<H>) -> Range<'_, T>
    where
        L: Fn(&T) -> Ordering,
        H: Fn(&T) -> Ordering,
    {
        let s = match lo {
            Bound::Unbounded => Pos(0, 0),
            Bound::Included(f) => self.partition(|t| f(t) == Ordering::Less),
            Bound::Excluded(f) => self.partition(|t| f(t) != Ordering::Greater),
        };
        let e = match hi {
            Bound::Unbounded => self.partition(|_| true),
            Bound::Included(f) => self.partition(|t| f(t) != Ordering::Greater),
            Bound::Excluded(f) => self.partition(|t| f(t) == Ordering::Less),
        };
        let chunks = self.chunks();
        let empty: (&[T], &[Vec<T>], &[T]) = (&[], &[], &[]);
        let (a, mid, b) = if s >= e || chunks.is_empty() {
            empty
        } else if s.0 == e.0 {
            (&chunks[s.0][s.1..e.1], &[][..], &[][..])
        } else {
            (
                &chunks[s.0][s.1..],
                &chunks[s.0 + 1..e.0],
                &chunks[e.0][..e.1],
            )
        };
        a.iter().chain(mid.iter().flatten()).chain(b.iter())
    }

    /// Inserts at `p` (from `search_by`'s `Err`) and returns where the item
    /// ended up (a split may move it).
    pub fn insert_at(&mut self, Pos(ci, i): Pos, item: T) -> Pos {
        match &mut self.0 {
            Repr::Flat(v) if v.len() < CHUNK => {
                if v.len() == v.capacity() {
                    v.reserve_exact(grow_by(v.len()));
                }
                v.insert(i, item);
                Pos(0, i)
            }
            Repr::Flat(v) => {
                let full = std::mem::take(v);
                let (len, slots) = (full.len(), full.capacity());
                self.0 = Repr::Chunked(Box::new(Chunked {
                    chunks: vec![full],
                    len,
                    slots,
                }));
                self.insert_at(Pos(ci, i), item)
            }
            Repr::Chunked(c) => c.insert_at(ci, i, item),
        }
    }

    /// Appends every item of `other`, whose items all come after this
    /// set's (the caller knows: parts of one range filled apart), moving
    /// its chunks as they are.
    pub fn append(&mut self, other: Sorted<T>) {
        if self.len() + other.len() <= CHUNK {
            if let Repr::Flat(v) = &mut self.0 {
                v.extend(other.into_values());
                return;
            }
        }
        let take = |s: Sorted<T>| match s.0 {
            Repr::Flat(v) => vec![v],
            Repr::Chunked(c) => c.chunks,
        };
        let mut chunks = take(std::mem::take(self));
        chunks.extend(take(other));
        chunks.retain(|c| !c.is_empty());
        self.0 = Repr::Chunked(Box::new(Chunked {
            len: chunks.iter().map(Vec::len).sum(),
            slots: chunks.iter().map(Vec::capacity).sum(),
            chunks,
        }));
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &T> {
        self.chunks().iter().flatten()
    }

    pub fn values_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.chunks_mut().iter_mut().flatten()
    }

    pub fn into_values(self) -> impl DoubleEndedIterator<Item = T> {
        let chunks = match self.0 {
            Repr::Flat(v) => vec![v],
            Repr::Chunked(c) => c.chunks,
        };
        chunks.into_iter().flatten()
    }

    /// Keeps the items for which `keep` says so (it may change them).
    pub fn retain(&mut self, mut keep: impl FnMut(&mut T) -> bool) {
        match &mut self.0 {
            Repr::Flat(v) => v.retain_mut(keep),
            Repr::Chunked(c) => {
                for chunk in &mut c.chunks {
                    chunk.retain_mut(&mut keep);
                }
                c.chunks.retain(|c| !c.is_empty());
                c.len = c.chunks.iter().map(Vec::len).sum();
                c.slots = c.chunks.iter().map(Vec::capacity).sum();
            }
        }
    }

    /// Heap bytes held by the slots and the chunk index (not the items'
    /// own heap data), as the allocator counts them, for memory accounting.
    pub fn slot_bytes(&self) -> usize {
        let size = std::mem::size_of::<T>();
        match &self.0 {
            Repr::Flat(v) => heap_bytes(v.capacity() * size),
            Repr::Chunked(c) => {
                heap_bytes(std::mem::size_of::<Chunked<T>>())
                    + heap_bytes(c.chunks.capacity() * std::mem::size_of::<Vec<T>>())
                    // Each chunk's allocation header and rounding, about.
                    + c.slots * size
                    + c.chunks.len() * 16
            }
        }
    }
}

/// How many slots a full vector of `len` grows by: one at a time while
/// small (a row of five holds five slots), then doubling up to the chunk.
fn grow_by(len: usize) -> usize {
    if len < 8 {
        1
    } else {
        len.min(CHUNK - len).max(1)
    }
}

impl<T> Chunked<T> {
    fn insert_at(&mut self, ci: usize, i: usize, item: T) -> Pos {
        self.len += 1;
        let last_chunk = ci + 1 == self.chunks.len();
        let c = &mut self.chunks[ci];
        if c.len() >= CHUNK {
            if last_chunk && i == c.len() {
                // Appending past a full last chunk: start a new one and leave
                // this one full (in-order inserts then waste no slots).
                let n = vec![item];
                self.slots += n.capacity();
                self.chunks.push(n);
                return Pos(ci + 1, 0);
            }
            let right = c.split_off(CHUNK / 2);
            self.slots += right.capacity();
            self.chunks.insert(ci + 1, right);
            let p = if i <= CHUNK / 2 {
                Pos(ci, i)
            } else {
                Pos(ci + 1, i - CHUNK / 2)
            };
            let t = &mut self.chunks[p.0];
            let cap = t.capacity();
            t.insert(p.1, item);
            self.slots += t.capacity() - cap;
            return p;
        }
        if c.len() == c.capacity() {
            let cap = c.capacity();
            c.reserve_exact(grow_by(c.len()));
            self.slots += c.capacity() - cap;
        }
        c.insert(i, item);
        Pos(ci, i)
    }
}

/// How an item named `t` compares with the name `k` by `cmp`, for bounds.
fn by_name<'k, T: Named>(cmp: &'k TypeRef, k: &'k [u8]) -> impl Fn(&T) -> Ordering + 'k {
    move |t| cmp.compare(t.name(), k)
}

impl<T: Named> Sorted<T> {
    #[cfg(test)]
    pub fn get(&self, cmp: &TypeRef, name: &[u8]) -> Option<&T> {
        let p = self.search_by(by_name(cmp, name)).ok()?;
        self.at(p)
    }

    #[cfg(test)]
    pub fn get_mut(&mut self, cmp: &TypeRef, name: &[u8]) -> Option<&mut T> {
        let p = self.search_by(by_name(cmp, name)).ok()?;
        self.at_mut(p)
    }

    #[cfg(test)]
    /// The item named `name`, inserted from `make` when absent.
    pub fn get_or_insert_with(
        &mut self,
        cmp: &TypeRef,
        name: &[u8],
        make: impl FnOnce() -> T,
    ) -> &mut T {
        let p = match self.search_by(by_name(cmp, name)) {
            Ok(p) => p,
            Err(p) => self.insert_at(p, make()),
        };
        self.at_mut(p).expect("the position just found or filled")
    }

    /// Inserts `item`, or hands it to `merge` with the item of the same name.
    pub fn upsert(&mut self, cmp: &TypeRef, item: T, merge: impl FnOnce(&mut T, T)) {
        match self.search_by(by_name(cmp, item.name())) {
            Ok(p) => {
                if let Some(old) = self.at_mut(p) {
                    merge(old, item)
                }
            }
            Err(p) => {
                self.insert_at(p, item);
            }
        }
    }

    #[cfg(test)]
    /// Items between the bounds (low, high) in comparator order; empty when
    /// the bounds are inverted.
    pub fn range(&self, cmp: &TypeRef, lo: Bound<&[u8]>, hi: Bound<&[u8]>) -> Range<'_, T> {
        self.range_by(lo.map(|k| by_name(cmp, k)), hi.map(|k| by_name(cmp, k)))
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

    fn check_invariants(s: &Sorted<It>) {
        assert!(s.chunks().iter().all(|c| !c.is_empty() && c.len() <= CHUNK));
        assert_eq!(s.len(), s.chunks().iter().map(Vec::len).sum::<usize>());
        if let Repr::Chunked(c) = &s.0 {
            let slots: usize = c.chunks.iter().map(Vec::capacity).sum();
            assert_eq!(c.slots, slots);
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
        check_invariants(&s);
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
    fn appending_at_the_end_keeps_the_order_and_reserving_is_exact() {
        let cmp: TypeRef = Arc::new(BytesType);
        let mut s: Sorted<It> = Sorted::default();
        assert!(s.last().is_none());
        assert_eq!(s.end(), Pos(0, 0));
        s.reserve_flat(3);
        assert!(matches!(&s.0, Repr::Flat(v) if v.capacity() == 3));
        // Appends across several chunks, as replay's sorted rows arrive.
        for k in 0..1000u32 {
            let end = s.end();
            s.insert_at(end, It(k.to_be_bytes().to_vec(), k));
            assert_eq!(s.last().map(|i| i.1), Some(k));
        }
        check_invariants(&s);
        let want: Vec<Vec<u8>> = (0..1000u32).map(|k| k.to_be_bytes().to_vec()).collect();
        assert_eq!(names(s.values()), want);
        assert_eq!(s.get(&cmp, &500u32.to_be_bytes()).map(|i| i.1), Some(500));
        // Once chunked, reserving does nothing.
        let slots = s.slot_bytes();
        s.reserve_flat(5);
        assert_eq!(s.slot_bytes(), slots);
    }

    /// Sets appended one after another hold every item in order, whatever
    /// their shapes (empty, one vector, chunked), and go on taking inserts.
    #[test]
    fn appended_sets_keep_the_order_and_take_inserts() {
        let cmp: TypeRef = Arc::new(BytesType);
        let mut all = Sorted::default();
        let mut want = Vec::new();
        for (i, n) in [0u32, 3, 0, 500, 1, 128, 0, 300].into_iter().enumerate() {
            let mut part = Sorted::default();
            for k in 0..n {
                let key = (i as u32 * 1000 + k).to_be_bytes().to_vec();
                part.upsert(&cmp, It(key.clone(), k), |_, _| {});
                want.push(key);
            }
            all.append(part);
            check_invariants(&all);
        }
        assert_eq!(names(all.values()), want);
        all.upsert(&cmp, It(3999u32.to_be_bytes().to_vec(), 9), |_, _| {});
        want.insert(3 + 500, 3999u32.to_be_bytes().to_vec());
        assert_eq!(names(all.values()), want);
        check_invariants(&all);
    }

    #[test]
    fn small_rows_hold_exact_slots_and_in_order_appends_fill_chunks() {
        let cmp: TypeRef = Arc::new(BytesType);
        let mut s = Sorted::default();
        for k in 0..5u8 {
            s.upsert(&cmp, It(vec![k], 0), |_, _| {});
        }
        assert!(matches!(&s.0, Repr::Flat(v) if v.capacity() == 5));
        assert_eq!(s.slot_bytes(), heap_bytes(5 * std::mem::size_of::<It>()));
        let mut w = Sorted::default();
        for k in 0..10_000u32 {
            w.upsert(&cmp, It(k.to_be_bytes().to_vec(), 0), |_, _| {});
        }
        let full = w.chunks().iter().filter(|c| c.len() == CHUNK).count();
        assert_eq!(full, 10_000 / CHUNK);
        assert_eq!(w.len(), 10_000);
        check_invariants(&w);
    }
}
