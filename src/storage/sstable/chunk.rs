//! Chunks (format 2): the checksummed pieces a large entry block is cut
//! into, so that a slice or a name lookup inside a wide partition reads and
//! checks about [`CHUNK_BYTES`] around what it wants instead of the whole
//! column-index block (64 KiB by default).
//!
//! ```text
//! block     = chunk                      (one chunk: no directory; format 1's block)
//!           | chunk chunk+ directory     (the head records the directory's length)
//! chunk     = (name payload)+ crc32      (cut once it reaches CHUNK_BYTES)
//! directory = count (chunk_len first_name)* crc32    (chunk_len includes its CRC32)
//! ```
//!
//! The column index (in the partition head) stays one record per block, so
//! a head is no bigger than in format 1; a read finds its block there, then
//! its chunk in the block's directory (a few hundred bytes), then reads only
//! that chunk. This module builds blocks and decodes directories; it must
//! not do I/O.

use std::cmp::Ordering;
use std::ops::Range;

use super::block::put_entry;
use super::codec::{check_crc, push_crc, put_bytes, put_varint, DecodeError, Decoder};
use crate::marshal::AbstractType;

/// A chunk is closed once its entries take this many bytes: about a page,
/// what a 100-column slice of small columns spans.
pub(crate) const CHUNK_BYTES: usize = 4096;

/// Builds one block, cutting it into chunks as entries are appended.
pub(crate) struct BlockBuilder {
    buf: Vec<u8>,
    /// Where the open chunk begins in `buf`.
    chunk_start: usize,
    /// The open chunk's first name.
    chunk_first: Vec<u8>,
    /// Closed chunks: length (CRC32 included) and first name.
    chunks: Vec<(u64, Vec<u8>)>,
    /// Chunk size; `usize::MAX` writes format 1's single-checksum blocks.
    chunk_bytes: usize,
}

impl BlockBuilder {
    pub fn new(chunk_bytes: usize) -> Self {
        BlockBuilder {
            buf: Vec::new(),
            chunk_start: 0,
            chunk_first: Vec::new(),
            chunks: Vec::new(),
            chunk_bytes: chunk_bytes.max(1),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// Bytes so far (checksums of closed chunks included).
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    pub fn push(&mut self, name: &[u8], payload: &[u8]) {
        if self.buf.len() == self.chunk_start {
            self.chunk_first.clear();
            self.chunk_first.extend_from_slice(name);
        }
        put_entry(&mut self.buf, name, payload);
        if self.buf.len() - self.chunk_start >= self.chunk_bytes {
            self.close_chunk();
        }
    }

    fn close_chunk(&mut self) {
        push_crc(&mut self.buf, self.chunk_start);
        let len = (self.buf.len() - self.chunk_start) as u64;
        self.chunks
            .push((len, std::mem::take(&mut self.chunk_first)));
        self.chunk_start = self.buf.len();
    }

    /// Completes the block: its bytes and its directory's length (0 when
    /// it is a single chunk). The builder is ready for the next block once
    /// the caller has written the bytes and called [`clear`](Self::clear).
    pub fn finish(&mut self) -> (&[u8], u64) {
        if self.buf.len() > self.chunk_start {
            self.close_chunk();
        }
        let dir_len = if self.chunks.len() > 1 {
            let before = self.buf.len();
            encode_dir(&self.chunks, &mut self.buf);
            (self.buf.len() - before) as u64
        } else {
            0
        };
        (&self.buf, dir_len)
    }

    pub fn clear(&mut self) {
        self.buf.clear();
        self.chunks.clear();
        self.chunk_start = 0;
    }
}

fn encode_dir(chunks: &[(u64, Vec<u8>)], out: &mut Vec<u8>) {
    let start = out.len();
    put_varint(out, chunks.len() as u64);
    for (len, first) in chunks {
        put_varint(out, *len);
        put_bytes(out, first);
    }
    push_crc(out, start);
}

struct ChunkPos {
    /// From the block's first byte.
    offset: u64,
    /// CRC32 included.
    len: u64,
    first: Range<usize>,
}

/// A block's chunk directory, read and checked.
pub(crate) struct ChunkDir {
    bytes: Vec<u8>,
    chunks: Vec<ChunkPos>,
}

impl ChunkDir {
    /// Checks and decodes a directory; `body_len` is the length of the
    /// block's chunks (the block without the directory), which the chunk
    /// lengths must add up to.
    pub fn decode(bytes: Vec<u8>, body_len: u64) -> Result<ChunkDir, DecodeError> {
        let mut d = Decoder::new(check_crc(&bytes)?);
        let n = d.len()?;
        let mut chunks = Vec::with_capacity(n.min(1 << 12));
        let mut offset = 0u64;
        for _ in 0..n {
            let len = d.varint()?;
            let first = d.bytes_range()?;
            if len < 4 {
                return Err(DecodeError {
                    offset: d.pos(),
                    reason: format!("chunk of {len} bytes is too short for its checksum"),
                });
            }
            chunks.push(ChunkPos { offset, len, first });
            offset = offset.saturating_add(len);
        }
        if !d.is_empty() || n < 2 || offset != body_len {
            return Err(DecodeError {
                offset: d.pos(),
                reason: format!(
                    "chunk directory of {n} chunks covers {offset} bytes of a {body_len}-byte block body"
                ),
            });
        }
        Ok(ChunkDir { bytes, chunks })
    }

    pub fn len(&self) -> usize {
        self.chunks.len()
    }

    pub fn first(&self, j: usize) -> &[u8] {
        &self.bytes[self.chunks[j].first.clone()]
    }

    /// Offset from the block's start and length of the chunks `range`.
    pub fn span(&self, range: Range<usize>) -> (u64, u64) {
        let (a, b) = (&self.chunks[range.start], &self.chunks[range.end - 1]);
        (a.offset, b.offset + b.len - a.offset)
    }

    /// The lengths of the chunks `range`, in order.
    pub fn lens(&self, range: Range<usize>) -> impl Iterator<Item = u64> + '_ {
        self.chunks[range].iter().map(|c| c.len)
    }

    /// The chunk that would hold `name`: the last one whose first name is
    /// not after it (the first chunk when every chunk starts after it).
    pub fn find(&self, cmp: &dyn AbstractType, name: &[u8]) -> usize {
        let (mut lo, mut hi) = (0, self.chunks.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if cmp.compare(self.first(mid), name) != Ordering::Greater {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo.saturating_sub(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::BytesType;
    use crate::storage::sstable::block::Block;

    fn build(names: &[&[u8]], chunk_bytes: usize) -> (Vec<u8>, u64) {
        let mut b = BlockBuilder::new(chunk_bytes);
        for n in names {
            b.push(n, b"payload");
        }
        let (bytes, dir_len) = b.finish();
        let out = (bytes.to_vec(), dir_len);
        b.clear();
        assert!(b.is_empty());
        out
    }

    #[test]
    fn one_chunk_is_a_format_1_block() {
        let (bytes, dir_len) = build(&[b"a", b"b"], 4096);
        assert_eq!(dir_len, 0);
        let block = Block::parse(bytes).unwrap();
        assert_eq!(block.len(), 2);
    }

    #[test]
    fn chunks_have_a_directory_that_finds_names() {
        let names: Vec<Vec<u8>> = (0..40u8).map(|i| vec![b'n', i]).collect();
        let refs: Vec<&[u8]> = names.iter().map(Vec::as_slice).collect();
        // Each entry is 1 + 2 + 1 + 7 = 11 bytes: chunks of 3 entries.
        let (bytes, dir_len) = build(&refs, 30);
        assert!(dir_len > 0);
        let body_len = bytes.len() as u64 - dir_len;
        let dir = ChunkDir::decode(bytes[body_len as usize..].to_vec(), body_len).unwrap();
        assert_eq!(dir.len(), 14);
        assert_eq!(dir.first(1), &[b'n', 3]);
        assert_eq!(dir.find(&BytesType, &[b'n', 4]), 1);
        assert_eq!(dir.find(&BytesType, &[b'n', 3]), 1);
        assert_eq!(dir.find(&BytesType, b"a"), 0);
        assert_eq!(dir.find(&BytesType, b"z"), 13);
        let (off, len) = dir.span(2..4);
        let part = bytes[off as usize..(off + len) as usize].to_vec();
        let block = Block::parse_chunks(part, dir.lens(2..4)).unwrap();
        assert_eq!(block.len(), 6);
        assert_eq!(block.name(0), &[b'n', 6]);
        let whole = bytes[..body_len as usize].to_vec();
        let block = Block::parse_chunks(whole, dir.lens(0..dir.len())).unwrap();
        assert_eq!(block.len(), 40);
        assert_eq!(block.name(39), &[b'n', 39]);
    }

    #[test]
    fn damaged_or_inconsistent_directories_are_rejected() {
        let names: Vec<Vec<u8>> = (0..10u8).map(|i| vec![i]).collect();
        let refs: Vec<&[u8]> = names.iter().map(Vec::as_slice).collect();
        let (bytes, dir_len) = build(&refs, 20);
        let body_len = bytes.len() as u64 - dir_len;
        let dir = bytes[body_len as usize..].to_vec();
        assert!(ChunkDir::decode(dir.clone(), body_len).is_ok());
        assert!(ChunkDir::decode(dir.clone(), body_len + 1).is_err());
        let mut flipped = dir;
        flipped[1] ^= 1;
        assert!(ChunkDir::decode(flipped, body_len).is_err());
        // A damaged chunk is caught by its own checksum.
        let mut body = bytes[..body_len as usize].to_vec();
        body[2] ^= 0x40;
        let d = ChunkDir::decode(bytes[body_len as usize..].to_vec(), body_len).unwrap();
        assert!(Block::parse_chunks(body, d.lens(0..d.len())).is_err());
    }
}
