//! Entry blocks: the unit of the column index. A block is a run of
//! `(name, payload)` entries, each a pair of length-prefixed byte strings,
//! followed by a CRC32.
//!
//! A read block keeps its bytes and the position of each entry, so slices
//! binary-search their start and copy out only the entries they return. The
//! same type holds a run of a block's chunks (see `chunk`), read on its own.
//! It must not do I/O or interpret names beyond the comparator it is handed.

use std::cell::Cell;
use std::cmp::Ordering;
use std::ops::Range;

use super::codec::{check_crc, put_bytes, DecodeError, Decoder};
use crate::marshal::AbstractType;

/// Block buffers up to this size are kept for the next block read on the
/// same thread (one each), so a slice's block costs no allocation of its own.
const SPARE_MAX: usize = 128 * 1024;

thread_local! {
    static SPARE_BODY: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
    static SPARE_STARTS: Cell<Vec<usize>> = const { Cell::new(Vec::new()) };
}

/// A buffer to read the next block into: the last one this thread dropped,
/// or a new one.
pub(crate) fn spare_buffer() -> Vec<u8> {
    SPARE_BODY.take()
}

/// One `(name, payload)` pair as the engine stored it.
pub type Entry = (Vec<u8>, Vec<u8>);

/// Appends one entry to a block being built.
pub(crate) fn put_entry(block: &mut Vec<u8>, name: &[u8], payload: &[u8]) {
    put_bytes(block, name);
    put_bytes(block, payload);
}

/// A checked, indexed block. Only where each entry starts is recorded (one
/// word per entry); names and payloads are located again when asked for, a
/// varint or two, so parsing a 64 KiB block of small cells costs one pass
/// and one small allocation.
pub(crate) struct Block {
    body: Vec<u8>,
    starts: Vec<usize>,
}

impl Block {
    /// Checks the CRC and locates every entry of a block read from disk
    /// (one chunk: format 1's block, or a format-2 block of one chunk).
    pub fn parse(chunk: Vec<u8>) -> Result<Block, DecodeError> {
        let len = chunk.len() as u64;
        Self::parse_chunks(chunk, std::iter::once(len))
    }

    /// Checks and locates the entries of consecutive chunks (see `chunk`)
    /// of the given lengths, which must add up to the buffer. Their
    /// checksums stay in the body, between the entries.
    pub fn parse_chunks(
        chunks: Vec<u8>,
        lens: impl Iterator<Item = u64>,
    ) -> Result<Block, DecodeError> {
        let mut starts = SPARE_STARTS.take();
        starts.clear();
        let mut at = 0usize;
        for len in lens {
            let end = usize::try_from(len)
                .ok()
                .and_then(|l| at.checked_add(l))
                .filter(|&e| e <= chunks.len())
                .ok_or_else(|| DecodeError {
                    offset: at,
                    reason: format!("a {len}-byte chunk runs past its block"),
                })?;
            let body_end = at
                + check_crc(&chunks[at..end])
                    .map_err(|e| DecodeError {
                        offset: at + e.offset,
                        reason: e.reason,
                    })?
                    .len();
            let mut d = Decoder::at(&chunks[..body_end], at);
            while !d.is_empty() {
                starts.push(d.pos());
                d.bytes_range()?;
                d.bytes_range()?;
            }
            at = end;
        }
        if at != chunks.len() {
            return Err(DecodeError {
                offset: at,
                reason: format!("chunks cover {at} of the block's {} bytes", chunks.len()),
            });
        }
        Ok(Block {
            body: chunks,
            starts,
        })
    }

    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Where entry `i`'s name and payload lie in the body.
    fn spans(&self, i: usize) -> (Range<usize>, Range<usize>) {
        let mut d = Decoder::at(&self.body, self.starts[i]);
        let name = d.bytes_range().expect("entry checked by parse");
        let payload = d.bytes_range().expect("entry checked by parse");
        (name, payload)
    }

    pub fn name(&self, i: usize) -> &[u8] {
        &self.body[self.spans(i).0]
    }

    /// Entry `i`'s name and payload, borrowed.
    pub fn entry_ref(&self, i: usize) -> (&[u8], &[u8]) {
        let (n, p) = self.spans(i);
        (&self.body[n], &self.body[p])
    }

    /// A copy of entry `i`.
    pub fn entry(&self, i: usize) -> Entry {
        let (n, p) = self.entry_ref(i);
        (n.to_vec(), p.to_vec())
    }

    /// Index of the first entry whose name is not before `name` under `cmp`.
    pub fn lower_bound(&self, cmp: &dyn AbstractType, name: &[u8]) -> usize {
        self.partition_point(|n| cmp.compare(n, name) == Ordering::Less)
    }

    /// Index one past the last entry whose name is not after `name` under `cmp`.
    pub fn upper_bound(&self, cmp: &dyn AbstractType, name: &[u8]) -> usize {
        self.partition_point(|n| cmp.compare(n, name) != Ordering::Greater)
    }

    fn partition_point(&self, pred: impl Fn(&[u8]) -> bool) -> usize {
        let (mut lo, mut hi) = (0, self.starts.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if pred(self.name(mid)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// The index of the entry named exactly `name`, if any.
    pub fn position(&self, cmp: &dyn AbstractType, name: &[u8]) -> Option<usize> {
        let i = self.lower_bound(cmp, name);
        (i < self.len() && cmp.compare(self.name(i), name) == Ordering::Equal).then_some(i)
    }

    /// The entry named exactly `name`, if any.
    #[cfg(test)]
    pub fn find(&self, cmp: &dyn AbstractType, name: &[u8]) -> Option<Entry> {
        self.position(cmp, name).map(|i| self.entry(i))
    }

    pub fn into_entries(self) -> Vec<Entry> {
        (0..self.len()).map(|i| self.entry(i)).collect()
    }
}

impl Drop for Block {
    fn drop(&mut self) {
        if self.body.capacity() <= SPARE_MAX {
            SPARE_BODY.set(std::mem::take(&mut self.body));
        }
        if self.starts.capacity() * std::mem::size_of::<usize>() <= SPARE_MAX {
            SPARE_STARTS.set(std::mem::take(&mut self.starts));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::BytesType;
    use crate::storage::sstable::codec::push_crc;

    fn block(names: &[&[u8]]) -> Vec<u8> {
        let mut b = Vec::new();
        for n in names {
            put_entry(&mut b, n, &[n.len() as u8]);
        }
        push_crc(&mut b, 0);
        b
    }

    #[test]
    fn parses_and_searches() {
        let b = Block::parse(block(&[b"b", b"d", b"f"])).unwrap();
        assert_eq!(b.len(), 3);
        assert_eq!(b.entry(1), (b"d".to_vec(), vec![1]));
        assert_eq!(b.lower_bound(&BytesType, b"c"), 1);
        assert_eq!(b.lower_bound(&BytesType, b"d"), 1);
        assert_eq!(b.upper_bound(&BytesType, b"d"), 2);
        assert_eq!(b.upper_bound(&BytesType, b"a"), 0);
        assert_eq!(b.find(&BytesType, b"f"), Some((b"f".to_vec(), vec![1])));
        assert_eq!(b.find(&BytesType, b"e"), None);
        assert_eq!(b.into_entries().len(), 3);
    }

    #[test]
    fn rejects_damage_and_overruns() {
        let mut raw = block(&[b"abc"]);
        raw[1] ^= 4;
        assert!(Block::parse(raw).is_err());
        // A length running past the end, with a valid checksum.
        let mut bad = vec![9u8, b'x'];
        push_crc(&mut bad, 0);
        assert!(Block::parse(bad).is_err());
    }
}
