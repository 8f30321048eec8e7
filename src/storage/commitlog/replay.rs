//! Reading a commit log directory back: every intact record of every segment,
//! in log order, plus a report of the damage that was skipped.
//!
//! Owns the damage policy. A record is served only if its length checksum and
//! payload checksum both hold. At the first record that fails (torn by a
//! crash, or corrupt), the rest of that segment is dropped with a
//! `tracing::warn!` naming the file and byte offset, and replay continues with
//! the next segment (Cassandra's rule: a record's length cannot be trusted past
//! damage, so nothing after it in the segment can be located safely). A
//! zero-filled tail is the end of the log, not damage. A segment whose header
//! is bad is skipped whole, with a warning. Damage never causes a panic or an
//! error; only failing I/O does. This module never modifies the directory.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use super::error::CommitLogError;
use super::format::{self, FileKind, HEADER_LEN, MAX_PAYLOAD_LEN, RECORD_PREFIX_LEN};
use super::Position;

/// One intact record found on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// Where the record starts; the same position `append` returned for it.
    pub position: Position,
    pub payload: Vec<u8>,
}

/// What was wrong at a place where replay stopped serving records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IssueKind {
    /// The segment header is unusable; the whole segment was skipped.
    BadHeader(format::HeaderError),
    /// Named like a segment but without a usable id; the file was ignored
    /// (and is never deleted by the log).
    MalformedName,
    /// The last record runs past the end of the file (a write cut short).
    TornRecord,
    /// A record's length failed its checksum.
    CorruptLength,
    /// A record's payload failed its checksum.
    CorruptPayload,
}

/// Damage found while reading a directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayIssue {
    pub file: PathBuf,
    /// Byte offset in `file` where the unusable bytes start.
    pub offset: u64,
    /// How many bytes (from `offset` to the end of the file) were not served.
    pub dropped_bytes: u64,
    pub kind: IssueKind,
}

/// Everything `read_dir` found.
#[derive(Debug, Default)]
pub struct ReplayReport {
    /// Intact records, ordered by position.
    pub records: Vec<Replayed>,
    /// Damage that was skipped, in the order it was met.
    pub issues: Vec<ReplayIssue>,
    /// Ids of all segment files present (including skipped ones), ascending.
    pub segments: Vec<u64>,
    /// Segments whose creation never finished (no records; safe to delete).
    pub temp_files: Vec<PathBuf>,
}

/// Reads every segment in `dir`. A missing directory reads as empty.
pub fn read_dir(dir: &Path) -> Result<ReplayReport, CommitLogError> {
    let mut report = ReplayReport::default();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(report),
        Err(e) => return Err(CommitLogError::io(dir, e)),
    };
    let mut segments = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| CommitLogError::io(dir, e))?.path();
        match format::classify(&path) {
            FileKind::Segment(id) => segments.push((id, path)),
            FileKind::Temp => report.temp_files.push(path),
            FileKind::MalformedSegmentName => {
                tracing::warn!(file = %path.display(), "ignoring commit log file with a malformed name");
                report.issues.push(ReplayIssue {
                    file: path,
                    offset: 0,
                    dropped_bytes: 0,
                    kind: IssueKind::MalformedName,
                });
            }
            FileKind::Other => {}
        }
    }
    segments.sort();
    for (id, path) in segments {
        report.segments.push(id);
        read_segment(id, &path, &mut report)?;
    }
    Ok(report)
}

/// Where reading a segment stopped early.
struct Stop {
    offset: u64,
    kind: IssueKind,
}

fn read_segment(id: u64, path: &Path, report: &mut ReplayReport) -> Result<(), CommitLogError> {
    let io_err = |e| CommitLogError::io(path, e);
    let file = File::open(path).map_err(io_err)?;
    let file_len = file.metadata().map_err(io_err)?.len();
    if file_len < HEADER_LEN {
        let stop = Stop {
            offset: 0,
            kind: IssueKind::BadHeader(format::HeaderError::Short { len: file_len }),
        };
        return record_damage(path, &file, file_len, stop, report);
    }
    let mut reader = BufReader::with_capacity(64 * 1024, &file);
    let mut header = [0u8; HEADER_LEN as usize];
    reader.read_exact(&mut header).map_err(io_err)?;
    if let Err(e) = format::decode_header(&header, id) {
        let stop = Stop {
            offset: 0,
            kind: IssueKind::BadHeader(e),
        };
        return record_damage(path, &file, file_len, stop, report);
    }

    let mut offset = HEADER_LEN;
    while offset < file_len {
        let remaining = file_len - offset;
        let stop = |kind| Stop { offset, kind };
        if remaining < RECORD_PREFIX_LEN as u64 {
            return record_damage(path, &file, file_len, stop(IssueKind::TornRecord), report);
        }
        let mut prefix = [0u8; RECORD_PREFIX_LEN];
        reader.read_exact(&mut prefix).map_err(io_err)?;
        let len = match format::decode_prefix(&prefix) {
            Some(len) if len <= MAX_PAYLOAD_LEN => len,
            _ => {
                return record_damage(
                    path,
                    &file,
                    file_len,
                    stop(IssueKind::CorruptLength),
                    report,
                )
            }
        };
        if format::record_len(len) > remaining {
            return record_damage(path, &file, file_len, stop(IssueKind::TornRecord), report);
        }
        let mut payload = vec![0u8; len];
        reader.read_exact(&mut payload).map_err(io_err)?;
        let mut crc = [0u8; 4];
        reader.read_exact(&mut crc).map_err(io_err)?;
        if !format::payload_intact(&payload, crc) {
            return record_damage(
                path,
                &file,
                file_len,
                stop(IssueKind::CorruptPayload),
                report,
            );
        }
        report.records.push(Replayed {
            position: Position {
                segment: id,
                offset,
            },
            payload,
        });
        offset += format::record_len(len);
    }
    Ok(())
}

/// Records (and logs) why the rest of a segment is not served, unless the rest
/// is only zeros, which is the end of the log.
fn record_damage(
    path: &Path,
    file: &File,
    file_len: u64,
    stop: Stop,
    report: &mut ReplayReport,
) -> Result<(), CommitLogError> {
    let dropped_bytes = file_len - stop.offset;
    let headerless = matches!(stop.kind, IssueKind::BadHeader(_));
    if !headerless
        && all_zero(file, stop.offset, file_len).map_err(|e| CommitLogError::io(path, e))?
    {
        tracing::debug!(
            file = %path.display(),
            offset = stop.offset,
            "commit log segment ends in {dropped_bytes} zero bytes; treating them as the end of the log"
        );
        return Ok(());
    }
    match &stop.kind {
        IssueKind::BadHeader(e) => tracing::warn!(
            file = %path.display(),
            "skipping commit log segment with a bad header ({e}); its {file_len} bytes are not replayed"
        ),
        kind => tracing::warn!(
            file = %path.display(),
            offset = stop.offset,
            "commit log record at byte offset {} of {} is unusable ({kind:?}); dropping the rest of this segment ({dropped_bytes} bytes) and continuing with the next",
            stop.offset,
            path.display()
        ),
    }
    report.issues.push(ReplayIssue {
        file: path.to_path_buf(),
        offset: stop.offset,
        dropped_bytes,
        kind: stop.kind,
    });
    Ok(())
}

fn all_zero(file: &File, from: u64, to: u64) -> io::Result<bool> {
    let mut buf = vec![0u8; 64 * 1024];
    let mut at = from;
    while at < to {
        let want = ((to - at) as usize).min(buf.len());
        let n = file.read_at(&mut buf[..want], at)?;
        if n == 0 {
            // The file shrank under us; what is left is not data.
            return Ok(true);
        }
        if buf[..n].iter().any(|&b| b != 0) {
            return Ok(false);
        }
        at += n as u64;
    }
    Ok(true)
}
