//! A partition's head, written after its blocks: the key, the engine's opaque
//! header, the column index (first and last name, offset and length of every
//! block) and the entry count, under one CRC32.
//!
//! The writer encodes a head from its parts (`encode_head`: the blocks' owned
//! names, the key and header where they lie); readers get a
//! [`HeadView`] whose [`ColumnIndex`] keeps the head's bytes and points into
//! them, so opening a wide partition costs no allocation per block. A
//! partition with a single block stores no names for it (the block starts the
//! partition and its contents decide). Format 2 adds, per block, the length
//! of its chunk directory (0 for a block of one chunk; see `chunk`). It must
//! not do I/O.

use std::ops::Range;

use super::codec::{check_crc, push_crc, put_bytes, put_key, put_varint, DecodeError, Decoder};
use crate::partitioner::DecoratedKey;

/// A block as the writer records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BlockInfo {
    pub first: Vec<u8>,
    pub last: Vec<u8>,
    /// Relative to the partition's first byte.
    pub offset: u64,
    /// Including the block's CRC32 (or chunks and directory).
    pub len: u64,
    /// The chunk directory's length at the block's end (format 2; 0: none).
    pub dir_len: u64,
}

/// A head with its parts owned (tests build heads with it).
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PartitionHead {
    pub key: DecoratedKey,
    pub header: Vec<u8>,
    pub blocks: Vec<BlockInfo>,
    pub entry_count: u64,
}

#[cfg(test)]
impl PartitionHead {
    /// The head in format `version` (1 has no chunk directories).
    pub fn encode(&self, version: u16) -> Vec<u8> {
        let mut b = Vec::new();
        encode_head(
            &mut b,
            &self.key,
            &self.header,
            &self.blocks,
            self.entry_count,
            version,
        );
        b
    }
}

/// A head's bytes appended to `b` (emptied first), from its parts where
/// they lie: the writer keeps one buffer for every partition's head.
pub(crate) fn encode_head(
    b: &mut Vec<u8>,
    key: &DecoratedKey,
    header: &[u8],
    blocks: &[BlockInfo],
    entry_count: u64,
    version: u16,
) {
    // The key (token and bytes), the header, and for each block its
    // bounds and positions (varints of up to 10 bytes), and the checksum.
    let names: usize = blocks
        .iter()
        .map(|b| b.first.len() + b.last.len() + 50)
        .sum();
    b.clear();
    b.reserve(key.key.len() + header.len() + names + 48);
    put_key(b, key);
    put_bytes(b, header);
    put_varint(b, blocks.len() as u64);
    let chunked = version >= 2;
    if let [only] = blocks {
        put_varint(b, only.len);
        if chunked {
            put_varint(b, only.dir_len);
        }
    } else {
        for blk in blocks {
            put_bytes(b, &blk.first);
            put_bytes(b, &blk.last);
            put_varint(b, blk.offset);
            put_varint(b, blk.len);
            if chunked {
                put_varint(b, blk.dir_len);
            }
        }
    }
    put_varint(b, entry_count);
    push_crc(b, 0);
}

struct BlockPos {
    first: Range<usize>,
    last: Range<usize>,
    offset: u64,
    len: u64,
    dir_len: u64,
}

/// The column index of one partition, read from disk.
pub(crate) struct ColumnIndex {
    bytes: Vec<u8>,
    blocks: Vec<BlockPos>,
}

impl ColumnIndex {
    pub fn len(&self) -> usize {
        self.blocks.len()
    }

    /// Whether block names are stored (not for a lone block).
    pub fn has_names(&self) -> bool {
        self.blocks.len() > 1
    }

    pub fn first(&self, i: usize) -> &[u8] {
        &self.bytes[self.blocks[i].first.clone()]
    }

    pub fn last(&self, i: usize) -> &[u8] {
        &self.bytes[self.blocks[i].last.clone()]
    }

    /// Offset of block `i` from the partition's first byte.
    pub fn offset(&self, i: usize) -> u64 {
        self.blocks[i].offset
    }

    /// Length of block `i`, CRC32 included.
    pub fn block_len(&self, i: usize) -> u64 {
        self.blocks[i].len
    }

    /// Length of block `i`'s chunk directory (0: the block is one chunk).
    pub fn dir_len(&self, i: usize) -> u64 {
        self.blocks[i].dir_len
    }

    /// The first block index for which `pred` is false (blocks are in name order).
    pub fn partition_point(&self, pred: impl Fn(usize) -> bool) -> usize {
        let (mut lo, mut hi) = (0, self.blocks.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if pred(mid) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }
}

/// A head as readers see it.
pub(crate) struct HeadView {
    pub key: DecoratedKey,
    pub header: Vec<u8>,
    pub index: ColumnIndex,
    pub entry_count: u64,
}

impl HeadView {
    /// Heap bytes it holds, roughly (for the head cache's budget).
    pub fn footprint(&self) -> usize {
        std::mem::size_of::<Self>()
            + self.key.key.len()
            + self.header.capacity()
            + self.index.bytes.capacity()
            + self.index.blocks.capacity() * std::mem::size_of::<BlockPos>()
    }
}

/// Checks and decodes a head chunk of format `version`, keeping its bytes
/// for the column index.
pub(crate) fn decode_head(chunk: Vec<u8>, version: u16) -> Result<HeadView, DecodeError> {
    let mut d = Decoder::new(check_crc(&chunk)?);
    let key = d.key()?;
    let header = d.bytes()?.to_vec();
    let n = d.len()?;
    let mut blocks = Vec::with_capacity(n.min(1 << 16));
    let chunked = version >= 2;
    let dir_len = |d: &mut Decoder| if chunked { d.varint() } else { Ok(0) };
    if n == 1 {
        let len = d.varint()?;
        let dir_len = dir_len(&mut d)?;
        blocks.push(BlockPos {
            first: 0..0,
            last: 0..0,
            offset: 0,
            len,
            dir_len,
        });
    } else {
        for _ in 0..n {
            let first = d.bytes_range()?;
            let last = d.bytes_range()?;
            let offset = d.varint()?;
            let len = d.varint()?;
            let dir_len = dir_len(&mut d)?;
            blocks.push(BlockPos {
                first,
                last,
                offset,
                len,
                dir_len,
            });
        }
    }
    let entry_count = d.varint()?;
    if !d.is_empty() {
        return Err(DecodeError {
            offset: d.pos(),
            reason: "trailing bytes after the partition head".into(),
        });
    }
    Ok(HeadView {
        key,
        header,
        index: ColumnIndex {
            bytes: chunk,
            blocks,
        },
        entry_count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partitioner::Token;

    fn block(first: &[u8], last: &[u8], offset: u64, len: u64) -> BlockInfo {
        BlockInfo {
            first: first.to_vec(),
            last: last.to_vec(),
            offset,
            len,
            dir_len: len / 3,
        }
    }

    fn head(blocks: Vec<BlockInfo>) -> PartitionHead {
        let key = DecoratedKey {
            token: Token::Long(7),
            key: b"k".to_vec(),
        };
        PartitionHead {
            key,
            header: vec![1, 2],
            blocks,
            entry_count: 4,
        }
    }

    #[test]
    fn heads_round_trip() {
        let h = head(vec![block(b"a", b"m", 0, 12), block(b"n", b"zz", 12, 9)]);
        let v = decode_head(h.encode(2), 2).unwrap();
        assert_eq!((v.index.dir_len(0), v.index.dir_len(1)), (4, 3));
        let v1 = decode_head(h.encode(1), 1).unwrap();
        assert_eq!((v1.index.dir_len(0), v1.index.block_len(1)), (0, 9));
        assert!(
            decode_head(h.encode(1), 2).is_err(),
            "versions are told apart"
        );
        assert_eq!((v.key, v.header, v.entry_count), (h.key, h.header, 4));
        assert_eq!(v.index.len(), 2);
        assert!(v.index.has_names());
        assert_eq!((v.index.first(1), v.index.last(1)), (&b"n"[..], &b"zz"[..]));
        assert_eq!((v.index.offset(1), v.index.block_len(1)), (12, 9));
        assert_eq!(v.index.partition_point(|i| v.index.last(i) < &b"b"[..]), 0);
        assert_eq!(v.index.partition_point(|i| v.index.last(i) < &b"n"[..]), 1);
    }

    #[test]
    fn a_lone_block_is_stored_without_names_and_no_block_is_fine() {
        let v = decode_head(head(vec![block(b"a", b"z", 0, 12)]).encode(2), 2).unwrap();
        assert_eq!(
            (v.index.len(), v.index.has_names(), v.index.block_len(0)),
            (1, false, 12)
        );
        assert_eq!((v.index.first(0), v.index.dir_len(0)), (&b""[..], 4));
        let v = decode_head(head(vec![]).encode(2), 2).unwrap();
        assert_eq!(v.index.len(), 0);
    }

    #[test]
    fn damage_is_rejected() {
        let mut bytes = head(vec![block(b"a", b"m", 0, 12), block(b"n", b"z", 12, 9)]).encode(2);
        bytes[3] ^= 1;
        assert!(decode_head(bytes, 2).is_err());
        assert!(decode_head(vec![1, 2], 2).is_err());
    }
}
