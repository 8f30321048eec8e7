//! A segment file's bytes as replay reads them: the file mapped read-only
//! from the page cache (after a crash the log's pages are still there), so
//! a 100 MB log is neither copied nor given 100 MB of fresh zeroed memory
//! first, which cost more than checking and decoding it.
//!
//! A mapping is only sound while the file keeps its length and content:
//! the commit log directory is locked by its one owner (`lock_dir`),
//! segments are appended to only while active (never a replayed one), and
//! the only truncation (cutting a torn tail off, `damage`) applies to a
//! damaged segment, whose bytes replay holds as a copy instead
//! (`SegmentBytes::owned`). Deleting a mapped file is harmless. It must
//! not decide anything about records or damage.

use std::fs::File;
use std::io;
use std::ops::Deref;
use std::path::Path;

/// One segment's bytes: mapped, or in memory.
pub enum SegmentBytes {
    Mapped(Mapping),
    Owned(Vec<u8>),
}

impl SegmentBytes {
    /// The file at `path`, mapped (read into memory if it cannot be).
    pub fn open(path: &Path) -> io::Result<SegmentBytes> {
        let file = File::open(path)?;
        let len = usize::try_from(file.metadata()?.len())
            .map_err(|_| io::Error::other("segment larger than the address space"))?;
        if len == 0 {
            return Ok(SegmentBytes::Owned(Vec::new()));
        }
        match Mapping::new(&file, len) {
            Ok(m) => Ok(SegmentBytes::Mapped(m)),
            // A file system without mmap: read it as before.
            Err(_) => std::fs::read(path).map(SegmentBytes::Owned),
        }
    }

    /// The same bytes held in memory (for a segment that may be truncated
    /// while replay still reads it).
    pub fn owned(self) -> SegmentBytes {
        match self {
            SegmentBytes::Mapped(m) => SegmentBytes::Owned(m.to_vec()),
            owned => owned,
        }
    }
}

impl Deref for SegmentBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            SegmentBytes::Mapped(m) => m,
            SegmentBytes::Owned(v) => v,
        }
    }
}

impl std::fmt::Debug for SegmentBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SegmentBytes({} bytes)", self.len())
    }
}

/// A read-only private mapping of a whole file, unmapped on drop.
pub struct Mapping {
    ptr: *mut std::ffi::c_void,
    len: usize,
}

// SAFETY: the mapping is read-only and owned by this value alone; reading
// it from several threads is reading shared immutable memory.
unsafe impl Send for Mapping {}
// SAFETY: as above: `&Mapping` only gives out `&[u8]`.
unsafe impl Sync for Mapping {}

impl Mapping {
    fn new(file: &File, len: usize) -> io::Result<Mapping> {
        use rustix::mm::{mmap, MapFlags, ProtFlags};
        // SAFETY: a fresh mapping chosen by the kernel (no address given)
        // overlaps nothing of ours; it is read-only and private, and the
        // module comment says why the file does not change under it.
        // POPULATE maps the cached pages at once instead of one fault each.
        let ptr = unsafe {
            mmap(
                std::ptr::null_mut(),
                len,
                ProtFlags::READ,
                MapFlags::PRIVATE | MapFlags::POPULATE,
                file,
                0,
            )
        }?;
        Ok(Mapping { ptr, len })
    }
}

impl Deref for Mapping {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        // SAFETY: `ptr` is a live mapping of `len` readable bytes until drop.
        unsafe { std::slice::from_raw_parts(self.ptr.cast::<u8>(), self.len) }
    }
}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `new`, unmapped once; no slice of it
        // outlives `self` (they borrow it).
        let _ = unsafe { rustix::mm::munmap(self.ptr, self.len) };
    }
}
