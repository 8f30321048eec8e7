//! The index segments of an SSTable, checked once and kept between point
//! reads: the part of Cassandra's key cache that spared a read the Index
//! file (here a positioned read, a checksum and a walk of up to
//! `index_interval` entries per lookup, about a tenth of a point read's
//! server CPU).
//!
//! A kept segment is its body with every entry's start (and, under a
//! hashing partitioner, every entry's token decoded), so a lookup is a
//! binary search with no I/O. Segments are kept as reads meet them, within
//! [`BUDGET_BYTES`] per SSTable; once the budget is spent, the rest are read
//! from the file as before (under uniform reads that keeps the same share
//! of hits an eviction policy would, with no bookkeeping on the read path).
//! The cache lives and dies with the opened SSTable: its files never
//! change. It must not do I/O.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use super::codec::DecodeError;
use super::format::{entry_at, key_at, segment_starts, IndexEntry};
use crate::partitioner::{DecoratedKey, Token};

/// What the kept segments of one SSTable may take, in bytes: an Index file
/// of this size (a Data file of about 700 MB of small rows) is kept whole.
/// A smaller budget left every other read of a 1,000,000-row SSTable
/// (26 MB of index) reading its segment from the file: a `pread`, a CRC and
/// a walk per read, where 1.2.9 kept up to 5% of its heap of keys cached.
pub(crate) const BUDGET_BYTES: usize = 64 << 20;

/// One index segment, checked, with where each entry starts and, for the
/// hashing partitioners, every entry's token decoded: a lookup then
/// compares integers and reads one entry's key, not a key per probe (the
/// walk of the body's varints was a twelfth of a point read's instructions).
pub(crate) struct SegmentView {
    pub(crate) body: Vec<u8>,
    pub(crate) starts: Vec<u32>,
    tokens: Tokens,
}

/// The entries' tokens, when every one is of the same fixed-size kind.
enum Tokens {
    Long(Vec<i64>),
    Big(Vec<i128>),
    /// Ordered or collating partitioners: the body is searched as it is.
    Kept,
}

/// An index segment's bytes (checksum included), checked whole and kept.
fn segment_view(chunk: &[u8]) -> Result<SegmentView, DecodeError> {
    let (body, starts) = segment_starts(chunk)?;
    let tokens = tokens_of(body, &starts)?;
    Ok(SegmentView {
        body: body.to_vec(),
        starts,
        tokens,
    })
}

/// The entries' tokens, when all are of one fixed-size kind.
fn tokens_of(body: &[u8], starts: &[u32]) -> Result<Tokens, DecodeError> {
    let (mut longs, mut bigs) = (Vec::new(), Vec::new());
    for &at in starts {
        match key_at(body, at as usize)?.0 {
            Token::Long(v) if bigs.is_empty() => longs.push(v),
            Token::Big(v) if longs.is_empty() => bigs.push(v),
            _ => return Ok(Tokens::Kept),
        }
    }
    Ok(match bigs.is_empty() {
        true => Tokens::Long(longs),
        false => Tokens::Big(bigs),
    })
}

impl SegmentView {
    fn footprint(&self) -> usize {
        let tokens = match &self.tokens {
            Tokens::Long(t) => t.capacity() * 8,
            Tokens::Big(t) => t.capacity() * 16,
            Tokens::Kept => 0,
        };
        self.body.capacity() + self.starts.capacity() * 4 + tokens
    }

    /// The entry for `key`.
    pub(crate) fn find(&self, key: &DecoratedKey) -> Result<Option<IndexEntry>, DecodeError> {
        let found = match (&self.tokens, &key.token) {
            (Tokens::Long(t), Token::Long(k)) => self.among(t, k, key)?,
            (Tokens::Big(t), Token::Big(k)) => self.among(t, k, key)?,
            _ => self.search(key)?,
        };
        let Some(i) = found else { return Ok(None) };
        let (_, _, (data_offset, head_delta, head_len)) =
            entry_at(&self.body, self.starts[i] as usize)?;
        Ok(Some(IndexEntry {
            key: key.clone(),
            data_offset,
            head_delta,
            head_len,
        }))
    }

    /// The entry of `key` whose token `k` the entries' `tokens` are
    /// searched for: keys of one token are ordered by their bytes.
    fn among<T: Ord>(
        &self,
        tokens: &[T],
        k: &T,
        key: &DecoratedKey,
    ) -> Result<Option<usize>, DecodeError> {
        let mut i = tokens.partition_point(|t| t < k);
        while tokens.get(i) == Some(k) {
            let (_, bytes) = key_at(&self.body, self.starts[i] as usize)?;
            match bytes.cmp(&key.key) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Equal => return Ok(Some(i)),
                std::cmp::Ordering::Greater => break,
            }
        }
        Ok(None)
    }

    /// The entry of `key` by binary search over the entries' starts.
    fn search(&self, key: &DecoratedKey) -> Result<Option<usize>, DecodeError> {
        let mut err = None;
        let found = self.starts.binary_search_by(|&at| {
            match key_at(&self.body, at as usize) {
                Ok((token, bytes)) => token.cmp(&key.token).then_with(|| bytes.cmp(&key.key)),
                Err(e) => {
                    // Checked when kept, so not expected: stop the search.
                    err.get_or_insert(e);
                    std::cmp::Ordering::Equal
                }
            }
        });
        match err {
            Some(e) => Err(e),
            None => Ok(found.ok()),
        }
    }
}

/// The kept segments of one SSTable, by segment number.
pub(crate) struct SegmentCache {
    slots: Box<[OnceLock<SegmentView>]>,
    bytes: AtomicUsize,
}

impl SegmentCache {
    /// Room for an SSTable of `segments` index segments (none kept yet).
    pub(crate) fn new(segments: usize) -> SegmentCache {
        SegmentCache {
            slots: (0..segments).map(|_| OnceLock::new()).collect(),
            bytes: AtomicUsize::new(0),
        }
    }

    /// Segment `i`, if kept.
    pub(crate) fn get(&self, i: usize) -> Option<&SegmentView> {
        self.slots.get(i)?.get()
    }

    /// Whether a segment of `len` bytes read now would be kept.
    pub(crate) fn has_room(&self, len: usize) -> bool {
        self.bytes.load(Ordering::Relaxed) + len <= BUDGET_BYTES
    }

    /// Checks and keeps segment `i`'s bytes (as read, checksum included);
    /// the segment, kept or not when another thread kept it first or the
    /// budget ran out meanwhile.
    pub(crate) fn keep(&self, i: usize, chunk: &[u8]) -> Result<Option<&SegmentView>, DecodeError> {
        let view = segment_view(chunk)?;
        let Some(slot) = self.slots.get(i) else {
            return Ok(None);
        };
        let size = view.footprint();
        if self.bytes.fetch_add(size, Ordering::Relaxed) + size > BUDGET_BYTES {
            self.bytes.fetch_sub(size, Ordering::Relaxed);
            return Ok(None);
        }
        if slot.set(view).is_err() {
            // Another read kept it first.
            self.bytes.fetch_sub(size, Ordering::Relaxed);
        }
        Ok(slot.get())
    }

    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.bytes.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partitioner::Token;
    use crate::storage::sstable::format::{encode_index_segment, find_in_segment};

    fn key(i: i64) -> DecoratedKey {
        DecoratedKey {
            token: Token::Big(i128::from(i) * 1_000_003),
            key: format!("key{i}").into_bytes(),
        }
    }

    fn segment(keys: impl Iterator<Item = i64>) -> Vec<u8> {
        let entries: Vec<IndexEntry> = keys
            .map(|i| IndexEntry {
                key: key(i),
                data_offset: i as u64 * 100,
                head_delta: 7,
                head_len: i as u64,
            })
            .collect();
        encode_index_segment(&entries)
    }

    #[test]
    fn a_kept_segment_answers_as_the_walk_of_its_bytes() {
        // Even keys only, so odd ones fall between entries.
        let chunk = segment((0..128).map(|i| i * 2));
        let cache = SegmentCache::new(3);
        let view = cache.keep(1, &chunk).unwrap().expect("kept");
        for i in -2..260 {
            assert_eq!(
                view.find(&key(i)).unwrap(),
                find_in_segment(&chunk, &key(i)).unwrap(),
                "key {i}"
            );
        }
        assert!(view.find(&key(10)).unwrap().is_some());
        assert!(view.find(&key(11)).unwrap().is_none());
        assert!(cache.get(1).is_some());
        assert!(cache.get(0).is_none() && cache.get(7).is_none());
        assert_eq!(cache.bytes(), view.footprint());
    }

    /// Each partitioner's tokens (keys sharing a token among them) are
    /// found as the walk of the segment's bytes finds them.
    #[test]
    fn every_kind_of_token_answers_as_the_walk() {
        let kinds: [fn(i64) -> Token; 3] = [
            |i| Token::Long(i / 3),
            |i| Token::Big(i128::from(i / 3) << 70),
            |i| Token::Bytes(format!("{:04}", i / 3).into_bytes()),
        ];
        for token in kinds {
            let key = |i: i64| DecoratedKey {
                token: token(i),
                key: format!("k{:03}", i % 3 * 7).into_bytes(),
            };
            let entries: Vec<IndexEntry> = (0..120)
                .filter(|i| i % 4 != 1)
                .map(|i| IndexEntry {
                    key: key(i),
                    data_offset: i as u64 * 10,
                    head_delta: 3,
                    head_len: 5,
                })
                .collect();
            let chunk = encode_index_segment(&entries);
            let view = segment_view(&chunk).unwrap();
            for i in -3..125 {
                let found = view.find(&key(i)).unwrap();
                assert_eq!(found, find_in_segment(&chunk, &key(i)).unwrap(), "key {i}");
                assert_eq!(
                    found.is_some(),
                    (0..120).contains(&i) && i % 4 != 1,
                    "key {i}"
                );
            }
        }
    }

    #[test]
    fn a_damaged_segment_is_refused_not_kept() {
        let mut chunk = segment(0..10);
        chunk[5] ^= 0x40;
        let cache = SegmentCache::new(1);
        assert!(cache.keep(0, &chunk).is_err());
        assert!(cache.get(0).is_none());
        assert_eq!(cache.bytes(), 0);
    }

    #[test]
    fn stays_within_its_budget() {
        let chunk = segment(0..128);
        let size = segment_view(&chunk).unwrap().footprint();
        let fits = BUDGET_BYTES / size;
        let cache = SegmentCache::new(fits + 5);
        for i in 0..fits + 5 {
            let kept = cache.has_room(chunk.len()) && cache.keep(i, &chunk).unwrap().is_some();
            assert_eq!(kept, i < fits, "segment {i}");
        }
        assert!(cache.bytes() <= BUDGET_BYTES);
    }
}
