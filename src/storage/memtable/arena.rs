//! The memtable's byte arena: records (row keys, packed cells) appended to
//! large blocks and named by a `Ref`, so a column costs its bytes and not a
//! heap allocation (with its header, rounding and pointer) per part.
//!
//! Records are never freed one by one: a memtable only grows until it is
//! flushed and dropped whole, and what an overwrite leaves behind is counted
//! in the memtable's size like new data (as Cassandra's slab allocator
//! does). Arenas filled apart (on separate threads) can be joined without
//! moving a record (`apart`, `join`). It must not know what the records
//! mean; also here, the row key encoding that orders rows by plain byte
//! comparison.

use crate::partitioner::{DecoratedKey, Token};
use crate::storage::heap::heap_bytes;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Where a record starts: block index (high 32 bits) and offset in it.
pub type Ref = u64;

/// The first block's size; blocks double up to `MAX_BLOCK`, so a memtable
/// that holds a few columns holds a few KB.
const MIN_BLOCK: usize = 4 << 10;
/// Blocks stop growing here: the space left unused at the end of a block
/// (less than one record) stays small, and a dropped memtable hands back
/// whole blocks.
const MAX_BLOCK: usize = 1 << 20;

#[derive(Debug, Default)]
pub struct Arena {
    /// Each block is allocated once at its final capacity and never moves.
    blocks: Vec<Vec<u8>>,
    /// The block being filled (an oversized record gets a block of its own
    /// and leaves this one current).
    current: usize,
    /// Heap held by the blocks, as the allocator counts it.
    bytes: usize,
    /// For an arena made by `apart`: the index its next block takes, a
    /// count shared with its siblings, so that no two of them (nor the
    /// arena they join) put a block at the same index. Its own vector
    /// holds an empty placeholder at each index a sibling took.
    numbering: Option<Arc<AtomicUsize>>,
}

impl Arena {
    /// Room for a record of `len` bytes (zeroed), and its reference.
    pub fn alloc(&mut self, len: usize) -> (Ref, &mut [u8]) {
        let bi = self.room(len);
        let block = &mut self.blocks[bi];
        let off = block.len();
        block.resize(off + len, 0);
        ((bi as u64) << 32 | off as u64, &mut block[off..])
    }

    /// The block with room for `len` more bytes (a new one if need be).
    fn room(&mut self, len: usize) -> usize {
        let fits = self
            .blocks
            .get(self.current)
            .is_some_and(|b| b.capacity() - b.len() >= len);
        if !fits {
            let next = self.blocks.get(self.current).map_or(MIN_BLOCK, |b| {
                (b.capacity() * 2).clamp(MIN_BLOCK, MAX_BLOCK)
            });
            let own = len > next;
            if let Some(n) = &self.numbering {
                let at = n.fetch_add(1, Ordering::Relaxed);
                self.blocks.resize_with(at.max(self.blocks.len()), Vec::new);
            }
            self.blocks
                .push(Vec::with_capacity(if own { len } else { next }));
            self.bytes += heap_bytes(self.blocks[self.blocks.len() - 1].capacity());
            if !own {
                self.current = self.blocks.len() - 1;
            }
        }
        if self.blocks[self.current].capacity() - self.blocks[self.current].len() >= len {
            self.current
        } else {
            self.blocks.len() - 1
        }
    }

    #[cfg(test)]
    /// Stores `bytes` as a new record.
    pub fn put(&mut self, bytes: &[u8]) -> Ref {
        let (r, room) = self.alloc(bytes.len());
        room.copy_from_slice(bytes);
        r
    }

    /// Stores `bytes` as a record that knows its length (LEB128 first).
    pub fn put_prefixed(&mut self, bytes: &[u8]) -> Ref {
        let mut len = [0u8; 10];
        let len = var_bytes(bytes.len() as u64, &mut len);
        let (r, room) = self.alloc(len.len() + bytes.len());
        room[..len.len()].copy_from_slice(len);
        room[len.len()..].copy_from_slice(bytes);
        r
    }

    /// The bytes of a record `put_prefixed` stored.
    pub fn prefixed(&self, r: Ref) -> &[u8] {
        let b = self.at(r);
        let (len, n) = get_var(b);
        &b[n..n + len as usize]
    }

    /// The bytes from the record's start to the end of what its block holds
    /// (the record knows its own length).
    pub fn at(&self, r: Ref) -> &[u8] {
        let block = &self.blocks[(r >> 32) as usize];
        &block[(r & 0xffff_ffff) as usize..]
    }

    pub fn at_mut(&mut self, r: Ref) -> &mut [u8] {
        let block = &mut self.blocks[(r >> 32) as usize];
        &mut block[(r & 0xffff_ffff) as usize..]
    }

    /// Heap held by the blocks and their index.
    pub fn heap_bytes(&self) -> usize {
        self.bytes + heap_bytes(self.blocks.capacity() * std::mem::size_of::<Vec<u8>>())
    }

    /// `n` empty arenas to be filled apart and then joined into this one
    /// (`join`): their blocks take their indexes from one count that
    /// starts after this arena's blocks, so each block keeps its index in
    /// the joined arena and every reference into it stays valid.
    pub fn apart(&self, n: usize) -> Vec<Arena> {
        let numbering = Arc::new(AtomicUsize::new(self.blocks.len()));
        (0..n)
            .map(|_| Arena {
                numbering: Some(numbering.clone()),
                ..Arena::default()
            })
            .collect()
    }

    /// Moves the blocks of `other` in at their own indexes, so that every
    /// reference into `other` names the same bytes here. `Err(other)`,
    /// nothing moved, when one of those indexes is taken here (`other` was
    /// not made by this arena's `apart`, or this arena grew since).
    pub fn join(&mut self, other: Arena) -> Result<(), Arena> {
        // A block always has room (records are never empty blocks), so a
        // zero capacity is a placeholder.
        let free = |i: usize| self.blocks.get(i).is_none_or(|b| b.capacity() == 0);
        let taken = other
            .blocks
            .iter()
            .enumerate()
            .any(|(i, b)| b.capacity() > 0 && !free(i));
        if taken {
            return Err(other);
        }
        let own_current = self
            .blocks
            .get(self.current)
            .is_some_and(|b| b.capacity() > 0);
        if self.blocks.len() < other.blocks.len() {
            self.blocks.resize_with(other.blocks.len(), Vec::new);
        }
        for (i, b) in other.blocks.into_iter().enumerate() {
            if b.capacity() > 0 {
                self.blocks[i] = b;
            }
        }
        if !own_current {
            self.current = other.current;
        }
        self.bytes += other.bytes;
        Ok(())
    }
}

#[cfg(test)]
/// Appends `v` as LEB128 (7 bits a byte, low first).
pub fn put_var(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// `v` as LEB128 in `buf`, without allocating.
pub fn var_bytes(mut v: u64, buf: &mut [u8; 10]) -> &[u8] {
    let mut n = 0;
    while v >= 0x80 {
        buf[n] = v as u8 | 0x80;
        v >>= 7;
        n += 1;
    }
    buf[n] = v as u8;
    &buf[..=n]
}

/// Reads a LEB128 number at the start of `b`: (value, bytes it took).
pub fn get_var(b: &[u8]) -> (u64, usize) {
    let mut v = 0u64;
    for (i, &x) in b.iter().enumerate().take(10) {
        v |= u64::from(x & 0x7f) << (7 * i);
        if x < 0x80 {
            return (v, i + 1);
        }
    }
    (v, b.len().min(10))
}

pub fn var_len(v: u64) -> usize {
    (64 - (v | 1).leading_zeros() as usize).div_ceil(7)
}

/// Row keys as bytes whose plain (memcmp) order is the ring order: token
/// first (by variant, then value), then the key bytes. Rows are then found
/// by comparing bytes, with no token rebuilt per comparison.
pub mod row_key {
    use super::*;

    const LONG: u8 = 0;
    const BIG: u8 = 1;
    const UTF16: u8 = 2;
    const BYTES: u8 = 3;

    pub fn pack(k: &DecoratedKey, out: &mut Vec<u8>) {
        pack_parts(&k.token, &k.key, out)
    }

    /// `pack` from a key and its token (no `DecoratedKey` built: replay
    /// packs every record's key this way).
    pub fn pack_parts(token: &Token, key: &[u8], out: &mut Vec<u8>) {
        match token {
            Token::Long(v) => {
                out.push(LONG);
                out.extend_from_slice(&((*v as u64) ^ (1 << 63)).to_be_bytes());
            }
            Token::Big(v) => {
                out.push(BIG);
                out.extend_from_slice(&((*v as u128) ^ (1 << 127)).to_be_bytes());
            }
            Token::Utf16(units) => {
                // Each unit behind a 1, then a 0: a token that is a prefix
                // of another sorts first, as Java's compareTo says.
                out.push(UTF16);
                for u in units {
                    out.push(1);
                    out.extend_from_slice(&u.to_be_bytes());
                }
                out.push(0);
            }
            Token::Bytes(b) => {
                // A 0 byte is written 0,255 and the end 0,0, for the same
                // reason.
                out.push(BYTES);
                for &x in b {
                    out.push(x);
                    if x == 0 {
                        out.push(255);
                    }
                }
                out.extend_from_slice(&[0, 0]);
            }
        }
        out.extend_from_slice(key);
    }

    /// The part of `pack`'s bytes before the key, appended to `out`, for
    /// a hashed token (Murmur3's or Random's: storing those spares hashing
    /// the key again); false, and nothing appended, for a token made from
    /// the key's own bytes. Its tag and length tell which partitioner
    /// made it: no other token packs to the same ones.
    pub fn token_part(token: &Token, out: &mut Vec<u8>) -> bool {
        match token {
            Token::Long(_) | Token::Big(_) => {
                pack_parts(token, &[], out);
                true
            }
            Token::Utf16(_) | Token::Bytes(_) => false,
        }
    }

    /// The key `pack` wrote (None if these bytes are not such a key).
    pub fn unpack(b: &[u8]) -> Option<DecoratedKey> {
        let (&tag, mut rest) = b.split_first()?;
        let token = match tag {
            LONG => {
                let (v, r) = rest.split_first_chunk::<8>()?;
                rest = r;
                Token::Long((u64::from_be_bytes(*v) ^ (1 << 63)) as i64)
            }
            BIG => {
                let (v, r) = rest.split_first_chunk::<16>()?;
                rest = r;
                Token::Big((u128::from_be_bytes(*v) ^ (1 << 127)) as i128)
            }
            UTF16 => {
                let mut units = Vec::new();
                loop {
                    match rest.split_first()? {
                        (0, r) => {
                            rest = r;
                            break;
                        }
                        (_, r) => {
                            let (u, r) = r.split_first_chunk::<2>()?;
                            units.push(u16::from_be_bytes(*u));
                            rest = r;
                        }
                    }
                }
                Token::Utf16(units)
            }
            BYTES => {
                let mut bytes = Vec::new();
                loop {
                    match rest {
                        [0, 0, r @ ..] => {
                            rest = r;
                            break;
                        }
                        [0, 255, r @ ..] => {
                            bytes.push(0);
                            rest = r;
                        }
                        [x, r @ ..] if *x != 0 => {
                            bytes.push(*x);
                            rest = r;
                        }
                        _ => return None,
                    }
                }
                Token::Bytes(bytes)
            }
            _ => return None,
        };
        Some(DecoratedKey {
            token,
            key: rest.to_vec(),
        })
    }

    /// Stores a packed key as a record (its length first).
    pub fn put(arena: &mut Arena, packed: &[u8]) -> Ref {
        arena.put_prefixed(packed)
    }

    /// The packed key of a record `put` stored.
    pub fn get(arena: &Arena, r: Ref) -> &[u8] {
        arena.prefixed(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_keep_their_bytes_across_blocks_and_oversized_ones_get_their_own() {
        let mut a = Arena::default();
        let mut refs = Vec::new();
        for i in 0..20_000u32 {
            let len = (i % 300) as usize + 1;
            let bytes: Vec<u8> = (0..len).map(|j| (i as usize + j) as u8).collect();
            refs.push((a.put(&bytes), bytes));
        }
        let big = vec![7u8; 3 * MAX_BLOCK];
        let rb = a.put(&big);
        let after = a.put(b"small");
        for (r, bytes) in &refs {
            assert_eq!(&a.at(*r)[..bytes.len()], &bytes[..]);
        }
        assert_eq!(a.at(rb), &big[..]);
        assert_eq!(&a.at(after)[..5], b"small");
        // The small record went into the block being filled, not a new one
        // after the oversized block.
        assert_ne!(after >> 32, rb >> 32);
        let held: usize = a.blocks.iter().map(|b| heap_bytes(b.capacity())).sum();
        assert_eq!(a.bytes, held);
        let used: usize = refs.iter().map(|(_, b)| b.len()).sum::<usize>() + big.len() + 5;
        assert!(a.heap_bytes() >= used && a.heap_bytes() < used + used / 10 + (MAX_BLOCK << 1));
    }

    /// Arenas filled apart and joined keep every record where its
    /// reference says, whatever the order their blocks were taken in; an
    /// arena that was not made apart (or one whose parent grew since) is
    /// refused whole.
    #[test]
    fn arenas_filled_apart_join_with_every_reference_valid() {
        let mut joined = Arena::default();
        let before = joined.put(b"first");
        let mut parts = joined.apart(3);
        let mut refs = Vec::new();
        for i in 0..30_000usize {
            let p = (i * 7 + i / 1000) % 3;
            let len = i % 200 + 1 + if i % 5000 == 0 { 2 * MAX_BLOCK } else { 0 };
            let bytes: Vec<u8> = (0..len).map(|j| (i + j) as u8).collect();
            refs.push((parts[p].put(&bytes), bytes));
        }
        let held: usize = parts.iter().map(|a| a.bytes).sum::<usize>() + joined.bytes;
        for p in parts {
            assert!(joined.join(p).is_ok());
        }
        assert_eq!(joined.bytes, held);
        assert_eq!(&joined.at(before)[..5], b"first");
        for (r, bytes) in &refs {
            assert_eq!(&joined.at(*r)[..bytes.len()], &bytes[..]);
        }
        // The joined arena goes on filling a real block.
        let after = joined.put(b"after");
        assert_eq!(&joined.at(after)[..5], b"after");
        assert!(joined.blocks.len() < 200);

        let mut other = Arena::default();
        other.put(b"not apart");
        assert!(joined.join(other).is_err());
        let mut parent = Arena::default();
        let mut late = parent.apart(1);
        late[0].put(b"late");
        parent.put(b"grew since");
        assert!(parent.join(late.pop().unwrap()).is_err());
    }

    #[test]
    fn varints_round_trip_and_say_their_length() {
        for v in [0u64, 1, 127, 128, 300, 1 << 35, u64::MAX] {
            let mut out = Vec::new();
            put_var(&mut out, v);
            assert_eq!(out.len(), var_len(v));
            assert_eq!(get_var(&out), (v, out.len()));
            assert_eq!(var_bytes(v, &mut [0; 10]), &out[..]);
        }
    }

    #[test]
    fn packed_row_keys_sort_in_ring_order_and_unpack() {
        let keys = |token: fn(u8) -> Token| -> Vec<DecoratedKey> {
            (0..=255u8)
                .flat_map(|t| {
                    [vec![], vec![0], vec![t], vec![t, 0, 1]]
                        .into_iter()
                        .map(move |key| DecoratedKey {
                            token: token(t),
                            key,
                        })
                })
                .collect()
        };
        let sets = [
            keys(|t| Token::Long(i64::from(t as i8) * 1_000_000_007)),
            keys(|t| Token::Big(i128::from(t as i8) << 100)),
            keys(|t| Token::Utf16((0..t % 5).map(|i| u16::from(t) * 250 + i as u16).collect())),
            keys(|t| Token::Bytes((0..t % 4).map(|i| t.wrapping_mul(i)).collect())),
            keys(|t| Token::Utf16(if t % 2 == 0 { vec![] } else { vec![0, 0xffff] })),
        ];
        for set in sets {
            let mut by_ord = set.clone();
            by_ord.sort();
            by_ord.dedup();
            let mut by_bytes: Vec<(Vec<u8>, DecoratedKey)> = set
                .into_iter()
                .map(|k| {
                    let mut p = Vec::new();
                    row_key::pack(&k, &mut p);
                    (p, k)
                })
                .collect();
            by_bytes.sort();
            by_bytes.dedup();
            let got: Vec<DecoratedKey> = by_bytes.iter().map(|(_, k)| k.clone()).collect();
            assert_eq!(got, by_ord);
            for (p, k) in &by_bytes {
                assert_eq!(row_key::unpack(p).as_ref(), Some(k));
            }
        }
        assert_eq!(row_key::unpack(&[9]), None);
        assert_eq!(row_key::unpack(&[0, 1, 2]), None);
    }
}
