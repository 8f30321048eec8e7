//! Slice iteration inside one partition: walking column-index blocks forward
//! or backward between two inclusive bounds, reading each block only when the
//! walk reaches it and stopping before any block that lies past the end bound.
//! A block cut into chunks (format 2) is walked through its chunk directory:
//! the first read is the chunk holding the start bound, and later reads take
//! runs of chunks that double in length up to the rest of the block, so a
//! short slice reads a chunk or two and a long one few reads per block.
//!
//! The walk itself ([`SliceCursor`]) holds no references, so it backs both the
//! borrowing iterator [`Slice`] and the owning [`OwnedSlice`]. It must not
//! interpret entries beyond comparing their names. A partition's slices
//! are opened here ([`PartitionReader::slice`], `into_slice`, `all`), so
//! that `partition` reads blocks and knows nothing of walks.

use std::cmp::Ordering;
use std::ops::Range;

use super::block::{Block, Entry};
use super::chunk::ChunkDir;
use super::partition::PartitionReader;
use super::SSTableError;
use crate::marshal::{AbstractType, BytesType, TypeRef};

impl PartitionReader {
    /// Entries between `start` and `finish` inclusive (an empty bound is open),
    /// in comparator order, or descending when `reversed` (then `start` is the
    /// upper bound and `finish` the lower, as in Thrift's `SliceRange`).
    /// Blocks are read only as the iterator advances.
    pub fn slice<'a>(
        &'a self,
        cmp: &'a dyn AbstractType,
        start: &[u8],
        finish: &[u8],
        reversed: bool,
    ) -> Slice<'a> {
        Slice::new(
            self,
            cmp,
            SliceCursor::new(self, cmp, start, finish, reversed),
        )
    }

    /// As [`slice`](Self::slice), but the iterator owns this reader and the
    /// comparator, so it can be stored (e.g. in a merge of several SSTables).
    pub fn into_slice(
        self,
        cmp: TypeRef,
        start: &[u8],
        finish: &[u8],
        reversed: bool,
    ) -> OwnedSlice {
        let cursor = SliceCursor::new(&self, cmp.as_ref(), start, finish, reversed);
        OwnedSlice::new(self, cmp, cursor)
    }

    /// Every entry in stored order, read block by block.
    pub fn all(&self) -> Slice<'_> {
        // With both bounds open the comparator is never consulted.
        self.slice(&BytesType, &[], &[], false)
    }
}

/// Where a walk is in a block read a few chunks at a time.
struct ChunkWalk {
    block: usize,
    dir: ChunkDir,
    /// The next chunk to read, in traversal order.
    next: Option<usize>,
    /// Chunks the next read takes.
    run: usize,
}

/// The position of a slice walk.
pub(crate) struct SliceCursor {
    start: Vec<u8>,
    finish: Vec<u8>,
    reversed: bool,
    next_block: Option<usize>,
    /// The chunked block being walked, if any.
    chunked: Option<ChunkWalk>,
    /// The block (or run of chunks) being walked and its entries not yet returned.
    current: Option<(Block, Range<usize>)>,
    /// `start` still has to be located (it lies in the first block read).
    seeking: bool,
    done: bool,
}

impl SliceCursor {
    pub(crate) fn new(
        part: &PartitionReader,
        cmp: &dyn AbstractType,
        start: &[u8],
        finish: &[u8],
        reversed: bool,
    ) -> Self {
        let index = part.index();
        let next_block = if !index.has_names() {
            // No block, or a lone block whose names are not stored: its contents decide.
            index.len().checked_sub(1)
        } else if reversed {
            if start.is_empty() {
                index.len().checked_sub(1)
            } else {
                // The last block starting at or before `start`.
                index
                    .partition_point(|b| cmp.compare(index.first(b), start) != Ordering::Greater)
                    .checked_sub(1)
            }
        } else {
            // The first block ending at or after `start`.
            let i = if start.is_empty() {
                0
            } else {
                index.partition_point(|b| cmp.compare(index.last(b), start) == Ordering::Less)
            };
            (i < index.len()).then_some(i)
        };
        SliceCursor {
            start: start.to_vec(),
            finish: finish.to_vec(),
            reversed,
            next_block,
            chunked: None,
            current: None,
            seeking: !start.is_empty(),
            done: false,
        }
    }

    /// Ordering of `name` against `bound` in traversal direction.
    fn traversal_cmp(&self, cmp: &dyn AbstractType, name: &[u8], bound: &[u8]) -> Ordering {
        let o = cmp.compare(name, bound);
        if self.reversed {
            o.reverse()
        } else {
            o
        }
    }

    fn past_finish(&self, cmp: &dyn AbstractType, name: &[u8]) -> bool {
        !self.finish.is_empty() && self.traversal_cmp(cmp, name, &self.finish) == Ordering::Greater
    }

    pub(crate) fn next(
        &mut self,
        part: &PartitionReader,
        cmp: &dyn AbstractType,
    ) -> Option<Result<Entry, SSTableError>> {
        self.next_with(part, cmp, |n, p| (n.to_vec(), p.to_vec()))
    }

    /// The next entry, lent to `f` (no copy unless `f` makes one).
    pub(crate) fn next_with<R>(
        &mut self,
        part: &PartitionReader,
        cmp: &dyn AbstractType,
        f: impl FnOnce(&[u8], &[u8]) -> R,
    ) -> Option<Result<R, SSTableError>> {
        loop {
            if self.done {
                return None;
            }
            if let Some((block, range)) = &mut self.current {
                if range.start < range.end {
                    let i = if self.reversed {
                        range.end -= 1;
                        range.end
                    } else {
                        range.start += 1;
                        range.start - 1
                    };
                    let (name, payload) = block.entry_ref(i);
                    return Some(Ok(f(name, payload)));
                }
                self.current = None;
            }
            if let Some(read) = self.next_chunks(part, cmp) {
                match read {
                    Ok(block) => {
                        let range = self.range_in(cmp, &block);
                        self.current = Some((block, range));
                        continue;
                    }
                    Err(e) => {
                        self.done = true;
                        return Some(Err(e));
                    }
                }
            }
            if self.done {
                return None;
            }
            let Some(i) = self.next_block else {
                self.done = true;
                return None;
            };
            // A block that begins past `finish` need not be read at all.
            let index = part.index();
            let block_start = if self.reversed {
                index.last(i)
            } else {
                index.first(i)
            };
            if index.has_names() && self.past_finish(cmp, block_start) {
                self.done = true;
                return None;
            }
            self.next_block = if self.reversed {
                i.checked_sub(1)
            } else {
                (i + 1 < index.len()).then_some(i + 1)
            };
            let read = part.chunk_dir(i).and_then(|dir| match dir {
                Some(dir) => {
                    let first = if self.seeking {
                        dir.find(cmp, &self.start)
                    } else if self.reversed {
                        dir.len() - 1
                    } else {
                        0
                    };
                    self.chunked = Some(ChunkWalk {
                        block: i,
                        dir,
                        next: Some(first),
                        run: 1,
                    });
                    Ok(None)
                }
                None => part.block(i).map(Some),
            });
            match read {
                Ok(Some(block)) => {
                    let range = self.range_in(cmp, &block);
                    self.current = Some((block, range));
                }
                Ok(None) => {}
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
    }

    /// The next run of chunks of the chunked block being walked; `None`
    /// when there is none (or the walk is done: a chunk starting past
    /// `finish` is not read).
    fn next_chunks(
        &mut self,
        part: &PartitionReader,
        cmp: &dyn AbstractType,
    ) -> Option<Result<Block, SSTableError>> {
        let walk = self.chunked.as_mut()?;
        let Some(j) = walk.next else {
            self.chunked = None;
            return None;
        };
        let n = walk.dir.len();
        let range = if self.reversed {
            (j + 1).saturating_sub(walk.run)..j + 1
        } else {
            j..(j + walk.run).min(n)
        };
        if !self.reversed && !self.finish.is_empty() {
            let o = cmp.compare(walk.dir.first(j), &self.finish);
            if o == Ordering::Greater {
                self.chunked = None;
                self.done = true;
                return None;
            }
        }
        walk.next = if self.reversed {
            range.start.checked_sub(1)
        } else {
            (range.end < n).then_some(range.end)
        };
        walk.run = (walk.run * 2).min(n);
        Some(part.chunks(walk.block, &walk.dir, range))
    }

    /// The entries of a newly read block that lie within the bounds; when
    /// `finish` falls inside it, no later block is needed.
    fn range_in(&mut self, cmp: &dyn AbstractType, block: &Block) -> Range<usize> {
        let mut range = 0..block.len();
        let open_finish = self.finish.is_empty();
        if self.reversed {
            if self.seeking {
                range.end = block.upper_bound(cmp, &self.start);
            }
            if !open_finish {
                range.start = block.lower_bound(cmp, &self.finish);
            }
        } else {
            if self.seeking {
                range.start = block.lower_bound(cmp, &self.start);
            }
            if !open_finish {
                range.end = block.upper_bound(cmp, &self.finish);
            }
        }
        self.seeking = false;
        let cut_by_finish = if self.reversed {
            range.start > 0
        } else {
            range.end < block.len()
        };
        if cut_by_finish {
            self.next_block = None;
            self.chunked = None;
        }
        if range.start > range.end {
            // start lies past finish: an empty slice.
            range.end = range.start;
        }
        range
    }
}

/// Iterator of [`PartitionReader::slice`]: entries in traversal order. Yields
/// at most one error, then ends.
pub struct Slice<'a> {
    part: &'a PartitionReader,
    cmp: &'a dyn AbstractType,
    cursor: SliceCursor,
}

impl<'a> Slice<'a> {
    pub(crate) fn new(
        part: &'a PartitionReader,
        cmp: &'a dyn AbstractType,
        cursor: SliceCursor,
    ) -> Self {
        Slice { part, cmp, cursor }
    }
}

impl Slice<'_> {
    /// The next entry's name and payload, lent to `f` instead of copied out
    /// (what a reader decoding entries wants).
    pub fn next_with<R>(
        &mut self,
        f: impl FnOnce(&[u8], &[u8]) -> R,
    ) -> Option<Result<R, SSTableError>> {
        self.cursor.next_with(self.part, self.cmp, f)
    }
}

impl Iterator for Slice<'_> {
    type Item = Result<Entry, SSTableError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.cursor.next(self.part, self.cmp)
    }
}

/// Iterator of [`PartitionReader::into_slice`]: like [`Slice`], but owning
/// its partition and comparator (`Send`, storable, no borrow to keep alive).
pub struct OwnedSlice {
    part: PartitionReader,
    cmp: TypeRef,
    cursor: SliceCursor,
}

impl OwnedSlice {
    pub(crate) fn new(part: PartitionReader, cmp: TypeRef, cursor: SliceCursor) -> Self {
        OwnedSlice { part, cmp, cursor }
    }

    /// The partition being sliced (its key and header stay available).
    pub fn reader(&self) -> &PartitionReader {
        &self.part
    }
}

impl Iterator for OwnedSlice {
    type Item = Result<Entry, SSTableError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.cursor.next(&self.part, self.cmp.as_ref())
    }
}
