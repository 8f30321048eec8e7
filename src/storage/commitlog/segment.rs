//! The segment being appended to: creating it durably and writing framed
//! records at its end.
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

/// The open segment that receives new records.
pub(crate) struct ActiveSegment {
    pub id: u64,
    pub path: PathBuf,
    /// Shared with the syncer so an fsync can run without the writer lock.
    pub file: Arc<File>,
    /// Where the next record starts.
    pub offset: u64,
}

impl ActiveSegment {
    /// Creates segment `id` in `dir`. The header is written and fsynced under
    /// a temporary name and only then renamed into place (and the directory
    /// fsynced), so a file named as a segment always has a whole header.
    /// On failure nothing is left behind (as far as removing it succeeds; a
    /// leftover temporary file is removed at the next open, a leftover
    /// header-only segment holds no records).
    pub fn create(dir: &Path, id: u64) -> Result<Self, CommitLogError> {
        let tmp = dir.join(format::temp_file_name(id));
        let path = dir.join(format::segment_file_name(id));
        let mut renamed = false;
        let made = (|| {
            let io_tmp = |e| CommitLogError::io(&tmp, e);
            // Not `create_new`: a failed earlier attempt may have left it.
            let mut file = OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .open(&tmp)
                .map_err(io_tmp)?;
            file.write_all(&format::encode_header(id)).map_err(io_tmp)?;
            file.sync_all().map_err(io_tmp)?;
            std::fs::rename(&tmp, &path).map_err(|e| CommitLogError::io(&path, e))?;
            renamed = true;
            // Until the directory is synced the name may not survive a
            // crash: records must not go into it before.
            sync_dir(dir)?;
            Ok(file)
        })();
        match made {
            Ok(file) => Ok(ActiveSegment {
                id,
                path,
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
        self.file.write_all_at(framed, self.offset)?;
        self.offset += framed.len() as u64;
        Ok(())
    }

    /// Removes whatever a failed `write` left after the last whole record.
    /// Shrinking a file needs no free space or new descriptor.
    pub fn cut_back(&self) -> std::io::Result<()> {
        self.file.set_len(self.offset)
    }
}

/// Makes the directory's entries (created, renamed or removed files) durable.
pub(crate) fn sync_dir(dir: &Path) -> Result<(), CommitLogError> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| CommitLogError::io(dir, e))
}
