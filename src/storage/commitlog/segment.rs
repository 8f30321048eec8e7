//! The segment being appended to: creating it durably (with its space
//! allocated and mapped where that is sound, see `preallocated`), writing
//! framed records at its end, and trimming the unwritten space off when
//! it stops being active.
//!
//! Owns file creation and positional writes. It knows nothing of sync
//! policy, waiting writers or replay.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::error::CommitLogError;
use super::format::{self, HEADER_LEN};
use super::preallocated::{self, Preallocated};

/// The open segment that receives new records.
pub(crate) struct ActiveSegment {
    pub id: u64,
    pub path: PathBuf,
    /// Shared with the syncer so an fsync can run without the writer lock.
    pub file: Arc<File>,
    /// Where the next record starts.
    pub offset: u64,
    /// The segment's allocated space, mapped: records that fit are copied
    /// there. `None`: written with `pwrite`.
    space: Option<Preallocated>,
}

impl ActiveSegment {
    /// Creates segment `id` in `dir`, with room for `capacity` bytes where
    /// the file system allows (a zero-filled tail, which replay reads as
    /// the end of the log). The header is written and fsynced under
    /// a temporary name and only then renamed into place (and the directory
    /// fsynced), so a file named as a segment always has a whole header.
    /// On failure nothing is left behind (as far as removing it succeeds; a
    /// leftover temporary file is removed at the next open, a leftover
    /// header-only segment holds no records).
    pub fn create(dir: &Path, id: u64, capacity: u64) -> Result<Self, CommitLogError> {
        let tmp = dir.join(format::temp_file_name(id));
        let path = dir.join(format::segment_file_name(id));
        let mut renamed = false;
        let made = (|| {
            let io_tmp = |e| CommitLogError::io(&tmp, e);
            // Not `create_new`: a failed earlier attempt may have left it.
            // Readable too: a shared writable mapping needs both.
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(true)
                .open(&tmp)
                .map_err(io_tmp)?;
            file.write_all(&format::encode_header(id)).map_err(io_tmp)?;
            let allocated = preallocated::allocate(&file, capacity.max(HEADER_LEN));
            file.sync_all().map_err(io_tmp)?;
            std::fs::rename(&tmp, &path).map_err(|e| CommitLogError::io(&path, e))?;
            renamed = true;
            // Until the directory is synced the name may not survive a
            // crash: records must not go into it before.
            sync_dir(dir)?;
            Ok((file, allocated))
        })();
        match made {
            Ok((file, allocated)) => Ok(ActiveSegment {
                id,
                path,
                space: allocated
                    .then(|| Preallocated::map(&file, capacity))
                    .flatten(),
                file: Arc::new(file),
                offset: HEADER_LEN,
            }),
            Err(e) => {
                let _ = std::fs::remove_file(if renamed { &path } else { &tmp });
                Err(e)
            }
        }
    }

    /// Whether nothing but the header has been written.
    pub fn is_empty(&self) -> bool {
        self.offset == HEADER_LEN
    }

    /// Writes already-framed records at the end of the segment. On failure
    /// part of them may be in the file: see [`cut_back`](Self::cut_back).
    pub fn write(&mut self, framed: &[u8]) -> std::io::Result<()> {
        let end = self.offset + framed.len() as u64;
        match &mut self.space {
            Some(space) if end <= space.len() => {
                // Each record whole before its prefix (see `preallocated`).
                let mut at = self.offset;
                for (prefix, rest) in format::records_in(framed) {
                    space.copy(at + format::RECORD_PREFIX_LEN as u64, rest);
                    space.publish(at, *prefix);
                    at += (prefix.len() + rest.len()) as u64;
                }
            }
            // A record larger than a whole segment goes past the space.
            _ => self.file.write_all_at(framed, self.offset)?,
        }
        self.offset = end;
        Ok(())
    }

    /// Removes whatever a failed `write` left after the last whole record.
    /// Shrinking a file needs no free space or new descriptor.
    pub fn cut_back(&mut self) -> std::io::Result<()> {
        // A mapped page past the file's end faults (SIGBUS) when touched:
        // the mapping goes first, and later records are written with pwrite.
        self.space = None;
        self.file.set_len(self.offset)
    }

    /// Cuts the unwritten allocated space off, when the segment stops being
    /// active, so that a finished segment is as long as its records. Failing
    /// leaves a zero-filled tail, which replay reads as the end of the log.
    pub fn trim(&mut self) {
        if self.space.take().is_some() {
            if let Err(e) = self.file.set_len(self.offset) {
                tracing::debug!(
                    "commit log segment {} keeps its unwritten space: {e}",
                    self.path.display()
                );
            }
        }
    }
}

/// Makes the directory's entries (created, renamed or removed files) durable.
pub(crate) fn sync_dir(dir: &Path) -> Result<(), CommitLogError> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| CommitLogError::io(dir, e))
}
