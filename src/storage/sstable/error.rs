//! The one error type of the SSTable layer.
//!
//! Every variant that concerns a file names it, so an operator reading a log
//! line knows which file to look at. It must not carry engine or Thrift
//! notions.

use std::io;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum SSTableError {
    /// The operating system refused an operation on `file`.
    #[error("I/O error on {}: {source}", file.display())]
    Io {
        file: PathBuf,
        #[source]
        source: io::Error,
    },

    /// The bytes on disk are not what was written: a checksum mismatch, a
    /// truncated file, a bad magic number or a structure that does not decode.
    /// Data that fails these checks is never returned.
    #[error("corrupt SSTable file {} at offset {offset}: {reason}", file.display())]
    Corrupt {
        file: PathBuf,
        offset: u64,
        reason: String,
    },

    /// The file was written by a format version this build cannot read.
    #[error("unsupported SSTable format version {found} in {} (this build reads version {supported})", file.display())]
    UnsupportedVersion {
        file: PathBuf,
        found: u16,
        supported: u16,
    },

    /// The SSTable was written under another partitioner; its key order would be wrong.
    #[error("SSTable {} was written with partitioner {found}, but the node uses {expected}", file.display())]
    PartitionerMismatch {
        file: PathBuf,
        expected: String,
        found: String,
    },

    /// `append` was called with a key not strictly greater than the previous one.
    #[error("partition keys must be appended in strictly increasing ring order: {key} after {previous} in SSTable {name}")]
    OutOfOrder {
        name: String,
        previous: String,
        key: String,
    },

    /// With a comparator set, `append` got entries not strictly increasing under it.
    #[error("entries of partition {key} in SSTable {name} are not strictly increasing under {comparator}: {entry} after {previous}")]
    EntriesOutOfOrder {
        name: String,
        key: String,
        comparator: String,
        previous: String,
        entry: String,
    },

    /// The caller passed something unusable (bad name, bad options, used-up writer).
    #[error("invalid SSTable request: {0}")]
    InvalidArgument(String),
}

impl SSTableError {
    pub(crate) fn io(file: impl Into<PathBuf>, source: io::Error) -> Self {
        SSTableError::Io {
            file: file.into(),
            source,
        }
    }

    pub(crate) fn corrupt(
        file: impl Into<PathBuf>,
        offset: u64,
        reason: impl Into<String>,
    ) -> Self {
        SSTableError::Corrupt {
            file: file.into(),
            offset,
            reason: reason.into(),
        }
    }
}
