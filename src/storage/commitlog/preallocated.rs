//! The active segment's space, allocated when the segment is made and
//! mapped writable and shared, so that a record is copied into the page
//! cache without a system call. A `pwrite` of a few hundred bytes costs
//! several microseconds on a virtual machine, more than the rest of an
//! insert's commit-log work; and the writer lock is then held for a copy
//! instead of a system call, so concurrent writers do not spin on it.
//! (Cassandra's own commit log segments were preallocated and mapped.)
//!
//! Why it stays sound:
//! - The mapped bytes are the file's page cache: a process crash loses
//!   nothing copied there, as with `pwrite`, and the syncer's `fdatasync`
//!   of the file writes them back (Linux writes back the pages dirtied
//!   through a shared mapping when the file is synced).
//! - The space is allocated before it is mapped (`fallocate`), so writing
//!   a page never needs a block the disk may not have (a full disk would
//!   otherwise kill the process with SIGBUS). Only file systems where that
//!   holds and allocating is cheap are mapped (ext4, XFS: a segment's
//!   extents are reserved, not written; tmpfs would zero a whole segment
//!   of memory at once). Elsewhere, or when the disk lacks the room for a
//!   whole segment, or mapping fails, the segment is written with `pwrite`.
//! - The file keeps its length while mapped: `ActiveSegment` drops the
//!   mapping before it shrinks the file.
//! - A copy is not a `pwrite`: a process killed in the middle of one may
//!   leave any of its bytes written (`memcpy` does not store in order).
//!   So a record's prefix, which replay needs whole to accept the record,
//!   is stored last, in one store ([`publish`](Preallocated::publish)):
//!   a kill leaves the record either whole or without its prefix, which
//!   replay reads as a torn last record, never as corruption.
//! - A process that wrote a whole segment would count it all in its RSS;
//!   each written 256 KiB is dropped from its page tables instead (the page
//!   cache keeps the pages, dirty, for writeback).
//!
//! Owns the allocation, the mapping and its pages' release. It must not
//! decide where records go or when they are durable.

use std::ffi::c_void;
use std::fs::File;

/// How much written space is dropped from the page tables at a time.
const RELEASE_STEP: usize = 256 << 10;

/// File systems whose `fallocate` reserves the blocks a later write to a
/// mapped page needs, without writing them (ext4, XFS). Copy-on-write
/// file systems need new blocks for every write, allocated or not.
const MAPPABLE: [u64; 2] = [0xEF53, 0x5846_5342];

/// Gives `file` room for `len` bytes (its length becomes `len`); false,
/// with the file's length as it was, where mapping it would not be sound
/// or the room is not there.
pub(crate) fn allocate(file: &File, len: u64) -> bool {
    use rustix::fs::{fallocate, fstatfs, FallocateFlags};
    let Ok(fs) = fstatfs(file) else {
        return false;
    };
    #[allow(clippy::unnecessary_cast)] // the word's width differs by target
    if !MAPPABLE.contains(&(fs.f_type as u64)) {
        return false;
    }
    let Ok(before) = file.metadata().map(|m| m.len()) else {
        return false;
    };
    if fallocate(file, FallocateFlags::empty(), 0, len).is_ok() {
        return true;
    }
    // A failed allocation may have extended the file part way.
    let _ = file.set_len(before);
    false
}

/// A writable shared mapping of a whole segment file, unmapped on drop.
pub(crate) struct Preallocated {
    ptr: *mut c_void,
    len: usize,
    /// Bytes from the start already dropped from the page tables.
    released: usize,
}

// SAFETY: the mapping is owned by this value alone and written only
// through `&mut self` (under the commit log's writer lock).
unsafe impl Send for Preallocated {}

impl Preallocated {
    /// Maps the first `len` bytes of `file`, which [`allocate`] gave room
    /// for; `None` when the mapping cannot be made.
    pub fn map(file: &File, len: u64) -> Option<Preallocated> {
        use rustix::mm::{mmap, MapFlags, ProtFlags};
        let len = usize::try_from(len).ok()?;
        // SAFETY: a fresh mapping chosen by the kernel (no address given)
        // overlaps nothing of ours; the file has `len` bytes allocated and
        // keeps that length while mapped (the module comment says why).
        let ptr = unsafe {
            mmap(
                std::ptr::null_mut(),
                len,
                ProtFlags::READ | ProtFlags::WRITE,
                MapFlags::SHARED,
                file,
                0,
            )
        }
        .ok()?;
        Some(Preallocated {
            ptr,
            len,
            released: 0,
        })
    }

    /// The mapped length.
    pub fn len(&self) -> u64 {
        self.len as u64
    }

    /// Copies `bytes` to offset `at`; `at + bytes.len()` must be within
    /// [`len`](Self::len). A large record is copied a step at a time, each
    /// step's pages released once written, so it never counts whole in the
    /// process's RSS.
    pub fn copy(&mut self, at: u64, bytes: &[u8]) {
        let mut at = at as usize;
        assert!(
            at + bytes.len() <= self.len,
            "a record past the mapped segment"
        );
        let mut rest = bytes;
        while !rest.is_empty() {
            let step = rest.len().min(RELEASE_STEP - at % RELEASE_STEP);
            // SAFETY: `at..at + step` lies within the live mapping (checked
            // above), which no slice borrows; `bytes` is not part of it.
            unsafe {
                std::ptr::copy_nonoverlapping(rest.as_ptr(), self.ptr.cast::<u8>().add(at), step);
            }
            at += step;
            rest = &rest[step..];
            self.release_before(at);
        }
    }

    /// Stores `word` at offset `at` in one store made after every copy
    /// before it, so that a process killed at any instruction leaves it
    /// either unwritten or whole, with those copies' bytes already there.
    /// A page this brings back into the page tables (the word lies in a
    /// released step) is released again.
    pub fn publish(&mut self, at: u64, word: [u8; 8]) {
        let at = at as usize;
        assert!(
            at + word.len() <= self.len,
            "a word past the mapped segment"
        );
        // What a signal handler would need: the compiler keeps the earlier
        // copies before this store, and a killed thread stops between two
        // instructions, its earlier stores made.
        std::sync::atomic::compiler_fence(std::sync::atomic::Ordering::SeqCst);
        // SAFETY: `at..at + 8` lies within the live mapping (checked above),
        // which no slice borrows; an unaligned 8-byte store is one
        // instruction on the targets this builds for.
        unsafe {
            self.ptr
                .cast::<u8>()
                .add(at)
                .cast::<u64>()
                .write_unaligned(u64::from_ne_bytes(word));
        }
        if at < self.released {
            // The word's whole step again (aligned for any page size, and
            // rare: only a record that crosses a step's end comes back).
            let from = at / RELEASE_STEP * RELEASE_STEP;
            // SAFETY: written steps of the mapping, below `released` like
            // the rest of the released steps.
            let _ = unsafe {
                rustix::mm::madvise(
                    self.ptr.cast::<u8>().add(from).cast(),
                    self.released - from,
                    rustix::mm::Advice::LinuxDontNeed,
                )
            };
        }
    }

    /// Drops the whole steps below `end` from the page tables.
    fn release_before(&mut self, end: usize) {
        let done = end / RELEASE_STEP * RELEASE_STEP;
        if done > self.released {
            // SAFETY: a page-aligned range of the mapping that is written
            // and never written again; for a shared mapping the kernel keeps
            // its contents in the page cache. A failure only keeps it mapped.
            let _ = unsafe {
                rustix::mm::madvise(
                    self.ptr.cast::<u8>().add(self.released).cast(),
                    done - self.released,
                    rustix::mm::Advice::LinuxDontNeed,
                )
            };
            self.released = done;
        }
    }
}

impl Drop for Preallocated {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `map`, unmapped once; nothing borrows
        // it.
        let _ = unsafe { rustix::mm::munmap(self.ptr, self.len) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn copied_bytes_are_the_files_and_released_pages_keep_them() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("segment");
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .unwrap();
        let len = 3 * RELEASE_STEP as u64;
        if !allocate(&file, len) {
            return println!("skipped: the temporary directory's file system is not mapped");
        }
        assert_eq!(file.metadata().unwrap().len(), len);
        let mut space = Preallocated::map(&file, len).unwrap();
        let chunk: Vec<u8> = (0..4096u32).map(|i| (i % 251) as u8 + 1).collect();
        let mut at = 0;
        while at + chunk.len() as u64 <= len {
            space.copy(at, &chunk);
            at += chunk.len() as u64;
        }
        assert_eq!(space.released, 3 * RELEASE_STEP, "every full step released");
        // A word published into a released step lands (and is released
        // again): a record's prefix stored after its payload.
        let word_at = RELEASE_STEP as u64 - 4;
        space.publish(word_at, *b"\x01\x02\x03\x04\x05\x06\x07\x08");
        drop(space);
        let mut back = Vec::new();
        std::fs::File::open(&path)
            .unwrap()
            .read_to_end(&mut back)
            .unwrap();
        assert_eq!(back.len() as u64, len);
        let word_at = word_at as usize;
        assert_eq!(back[word_at..word_at + 8], [1, 2, 3, 4, 5, 6, 7, 8]);
        for i in word_at..word_at + 8 {
            back[i] = chunk[i % chunk.len()];
        }
        assert!(back.chunks(chunk.len()).all(|c| c == chunk.as_slice()));
    }

    #[test]
    fn a_failed_allocation_leaves_the_length_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let file = std::fs::File::create(dir.path().join("segment")).unwrap();
        file.set_len(20).unwrap();
        // Far beyond any disk: the allocation fails whole.
        assert!(!allocate(&file, 1 << 60));
        assert_eq!(file.metadata().unwrap().len(), 20);
    }
}
