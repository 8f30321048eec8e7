//! Reading a commit log directory back: every intact record of every segment,
//! in log order, plus a report of the damage found between them.
//!
//! Owns finding records and classifying damage; what to do about damage is
//! the opener's policy (`CommitLog::open_*`). This module never modifies the
//! directory and never panics on damage; only failing I/O is an error.
//!
//! A record is served only if its length checksum and payload checksum both
//! hold. After a damaged record, reading resynchronises: when the length's
//! checksum holds, the length is trusted and reading resumes right after the
//! record (or, if it runs past the end of the file, the rest of the file is
//! the damage: a record cut short); when the length itself is damaged,
//! reading scans forward byte by byte for the next position where a length
//! checksum and a payload checksum both hold. A damaged region is the bytes
//! from the damage to that next intact record (or to the end of the file).
//!
//! # Torn write or corruption
//!
//! A crash can only tear the last thing written: records are appended in
//! order, a segment is fsynced before the next one is created, and the log
//! cuts a record that failed half-written back off before writing the next.
//! So damage is a **torn tail** when no intact record follows it anywhere in
//! the log (not later in its segment, not in any later segment; segments that
//! hold only a header do not count), and **corruption** otherwise. A torn tail
//! is dropped with a warning. Corruption is reported with
//! [`ReplayIssue::corruption`] set, for the opener to refuse. A bad segment
//! header is always corruption (headers are written and fsynced before the
//! file gets its name); the records after it are still read, for an opener
//! told to replay around damage. A zero-filled tail is the end of the log, not
//! damage (a file system may extend a file before writing its data).
//!
//! A power loss (unlike a process crash) can leave holes in the part of the
//! last segment written after its last fsync, since the kernel writes pages
//! back in any order. In batch mode no record there was acknowledged; in
//! periodic mode they are within the sync period a power loss may lose.
//! Either way they look like corruption and make the opener refuse, and
//! the operator decides (see docs/operations.md).

use std::io;
use std::path::{Path, PathBuf};

use super::error::CommitLogError;
use super::format::{self, FileKind, HEADER_LEN, MAX_PAYLOAD_LEN, RECORD_PREFIX_LEN};
use super::mapped::SegmentBytes;
use super::Position;

/// One intact record found on disk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    /// Where the record starts; the same position `append` returned for it.
    pub position: Position,
    pub payload: Vec<u8>,
}

/// What was wrong where replay found damage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IssueKind {
    /// The segment header is unusable.
    BadHeader(format::HeaderError),
    /// Named like a segment but without a usable id; the file was ignored
    /// (and is never deleted by the log).
    MalformedName,
    /// A record runs past the end of the file, or has its payload but not
    /// its prefix in a segment's allocated space (a write cut short).
    TornRecord,
    /// A record's length failed its checksum.
    CorruptLength,
    /// A record's payload failed its checksum.
    CorruptPayload,
}

impl std::fmt::Display for IssueKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IssueKind::BadHeader(e) => write!(f, "bad segment header: {e}"),
            IssueKind::MalformedName => f.write_str("malformed segment file name"),
            IssueKind::TornRecord => f.write_str("record cut short"),
            IssueKind::CorruptLength => f.write_str("record length checksum mismatch"),
            IssueKind::CorruptPayload => f.write_str("record payload checksum mismatch"),
        }
    }
}

/// Damage found while reading a directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayIssue {
    pub file: PathBuf,
    /// Byte offset in `file` where the unusable bytes start.
    pub offset: u64,
    /// How many bytes from `offset` were not served (up to the next intact
    /// record, or to the end of the file).
    pub dropped_bytes: u64,
    pub kind: IssueKind,
    /// Intact records follow the damage (see the module comment): it is
    /// corruption, not a torn last write.
    pub corruption: bool,
}

/// Where one intact record's payload lies in the segments `read_dir_raw`
/// read (no copy of it is made).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordRef {
    pub position: Position,
    /// Index into [`RawRecords::segments`].
    segment: usize,
    start: usize,
    len: usize,
}

/// The intact records of a directory as read: the segment files' bytes and
/// where each record's payload lies in them, in log order. Replaying from
/// this allocates nothing per record.
#[derive(Debug, Default)]
pub struct RawRecords {
    segments: Vec<SegmentBytes>,
    pub records: Vec<RecordRef>,
}

impl RawRecords {
    /// The payload of `r` (a record of this set).
    pub fn payload(&self, r: &RecordRef) -> &[u8] {
        &self.segments[r.segment][r.start..r.start + r.len]
    }

    /// Every record's position and payload, in log order.
    pub fn iter(&self) -> impl Iterator<Item = (Position, &[u8])> + '_ {
        self.records.iter().map(|r| (r.position, self.payload(r)))
    }

    /// Copies the records out (the owned form `read_dir` reports).
    pub fn to_replayed(&self) -> Vec<Replayed> {
        self.iter()
            .map(|(position, p)| Replayed {
                position,
                payload: p.to_vec(),
            })
            .collect()
    }
}

/// Everything `read_dir` found.
#[derive(Debug, Default)]
pub struct ReplayReport {
    /// Intact records, ordered by position.
    pub records: Vec<Replayed>,
    /// Damage, in log order.
    pub issues: Vec<ReplayIssue>,
    /// Ids of all segment files present (including damaged ones), ascending.
    pub segments: Vec<u64>,
    /// Segments whose creation never finished (no records; safe to delete).
    pub temp_files: Vec<PathBuf>,
    /// Bytes read from segment files (for the start-up log).
    pub bytes: u64,
}

impl ReplayReport {
    /// The damage that is corruption rather than a torn tail.
    pub fn corruptions(&self) -> impl Iterator<Item = &ReplayIssue> {
        self.issues.iter().filter(|i| i.corruption)
    }
}

/// Reads every segment in `dir`. A missing directory reads as empty.
pub fn read_dir(dir: &Path) -> Result<ReplayReport, CommitLogError> {
    let (mut report, raw) = read_dir_raw(dir)?;
    report.records = raw.to_replayed();
    Ok(report)
}

/// Like [`read_dir`], but the records stay in the segments' bytes
/// (`report.records` is left empty).
pub fn read_dir_raw(dir: &Path) -> Result<(ReplayReport, RawRecords), CommitLogError> {
    let mut report = ReplayReport::default();
    let mut raw = RawRecords::default();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((report, raw)),
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
                    corruption: false,
                });
            }
            FileKind::Other => {}
        }
    }
    segments.sort();
    let mut damage = Vec::new();
    for (index, ((id, _), read)) in segments.iter().zip(read_segments(&segments)).enumerate() {
        let mut read = read?;
        report.segments.push(*id);
        report.bytes += read.bytes.len() as u64;
        raw.records.extend(read.records.iter().map(|r| RecordRef {
            segment: index,
            ..*r
        }));
        damage.append(&mut read.damage);
        raw.segments.push(read.bytes);
    }
    // Damage is corruption when an intact record lies after it in the log.
    let last = raw.records.last().map(|r| r.position);
    for (at, mut issue) in damage {
        issue.corruption |= last.is_some_and(|l| l > at);
        report.issues.push(issue);
    }
    Ok((report, raw))
}

/// One segment file read and checked (its records' `segment` index still
/// unset).
struct ReadSegment {
    bytes: SegmentBytes,
    records: Vec<RecordRef>,
    damage: Vec<(Position, ReplayIssue)>,
}

/// Reads and checks `segments` (id and path, in log order), on up to four
/// threads: mapping a file's pages and checking its records' checksums
/// is each segment's own work, and the results come back in order, so
/// what is found does not depend on the threads.
fn read_segments(segments: &[(u64, PathBuf)]) -> Vec<Result<ReadSegment, CommitLogError>> {
    let read = |(id, path): &(u64, PathBuf)| {
        let mut bytes = SegmentBytes::open(path).map_err(|e| CommitLogError::io(path, e))?;
        let (mut records, mut damage) = (Vec::new(), Vec::new());
        read_segment(*id, path, &bytes, &mut records, &mut damage);
        if !damage.is_empty() {
            // A torn tail is cut off the file before replay reads the
            // records (see `mapped`).
            bytes = bytes.owned();
        }
        Ok(ReadSegment {
            bytes,
            records,
            damage,
        })
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(4)
        .min(segments.len());
    if threads <= 1 {
        return segments.iter().map(read).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, Result<ReadSegment, CommitLogError>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(s) = segments.get(i) else {
                            break mine;
                        };
                        mine.push((i, read(s)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a commit log reading thread panicked"))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// What the bytes at one offset hold.
enum Parsed {
    /// An intact record with this payload length.
    Record(usize),
    /// A damaged record; `resume` is where reading may go on (past the
    /// record when its length is trusted), or `None` to scan byte by byte.
    Damaged { kind: IssueKind, resume: Resume },
}

enum Resume {
    At(u64),
    Scan,
    EndOfFile,
}

fn parse_at(bytes: &[u8], at: u64) -> Parsed {
    let len_total = bytes.len() as u64;
    let remaining = len_total - at;
    if remaining < RECORD_PREFIX_LEN as u64 {
        return Parsed::Damaged {
            kind: IssueKind::TornRecord,
            resume: Resume::EndOfFile,
        };
    }
    let start = at as usize;
    let prefix: &[u8; RECORD_PREFIX_LEN] = bytes[start..start + RECORD_PREFIX_LEN]
        .try_into()
        .expect("prefix length");
    let len = match format::decode_prefix(prefix) {
        Some(len) if len <= MAX_PAYLOAD_LEN => len,
        _ => {
            return Parsed::Damaged {
                kind: IssueKind::CorruptLength,
                resume: Resume::Scan,
            }
        }
    };
    let total = format::record_len(len);
    if total > remaining {
        // The length is trusted: nothing after it in this file can be a
        // record of its own (scanning inside would mistake payload bytes
        // that happen to look like a record for one).
        return Parsed::Damaged {
            kind: IssueKind::TornRecord,
            resume: Resume::EndOfFile,
        };
    }
    let body = start + RECORD_PREFIX_LEN;
    let crc: [u8; 4] = bytes[body + len..body + len + 4]
        .try_into()
        .expect("crc length");
    if format::payload_intact(&bytes[body..body + len], crc) {
        Parsed::Record(len)
    } else {
        Parsed::Damaged {
            kind: IssueKind::CorruptPayload,
            resume: Resume::At(at + total),
        }
    }
}

/// Reads one segment's records into `records` (their `segment` index left
/// 0 for the caller to set), and its damage into `damage` (each with the
/// position it starts at).
fn read_segment(
    id: u64,
    path: &Path,
    bytes: &[u8],
    records: &mut Vec<RecordRef>,
    damage: &mut Vec<(Position, ReplayIssue)>,
) {
    let file_len = bytes.len() as u64;
    let issue = |offset: u64, end: u64, kind: IssueKind, corruption: bool| {
        (
            Position {
                segment: id,
                offset,
            },
            ReplayIssue {
                file: path.to_path_buf(),
                offset,
                dropped_bytes: end - offset,
                kind,
                corruption,
            },
        )
    };
    let header_ok = match bytes.get(..HEADER_LEN as usize) {
        None => Err(format::HeaderError::Short { len: file_len }),
        Some(h) => format::decode_header(h.try_into().expect("header length"), id),
    };
    if let Err(e) = header_ok {
        let end = file_len.min(HEADER_LEN);
        damage.push(issue(0, end, IssueKind::BadHeader(e), true));
    }

    let mut at = HEADER_LEN;
    // Where the damage being skipped started, and what it was.
    let mut damaged: Option<(u64, IssueKind)> = None;
    // Where reading stops: once damage is found, the end of the non-zero
    // bytes. A segment's allocated space is zeros after its last record,
    // and no record starts among zeros (a zero prefix fails its checksum),
    // so the zero tail is the end of the log, found without scanning it a
    // byte at a time.
    let mut end = file_len;
    while at < end {
        match parse_at(bytes, at) {
            Parsed::Record(len) => {
                if let Some((from, kind)) = damaged.take() {
                    damage.push(issue(from, at, kind, true));
                }
                records.push(RecordRef {
                    position: Position {
                        segment: id,
                        offset: at,
                    },
                    segment: 0,
                    start: (at as usize) + RECORD_PREFIX_LEN,
                    len,
                });
                at += format::record_len(len);
            }
            Parsed::Damaged { kind, resume } => {
                let first = damaged.is_none();
                if first {
                    damaged = Some((at, kind));
                    if end == file_len {
                        // Once per segment, however many regions it has.
                        end = bytes
                            .iter()
                            .rposition(|&b| b != 0)
                            .map_or(0, |last| last as u64 + 1);
                    }
                }
                at = match resume {
                    // Inside a damaged region only a whole intact record
                    // ends it; a trusted length is followed from its start.
                    Resume::At(next) if first => next,
                    Resume::EndOfFile if first => file_len,
                    _ => at + 1,
                };
            }
        }
    }
    if let Some((from, kind)) = damaged {
        if from >= end {
            tracing::debug!(
                file = %path.display(),
                offset = from,
                "commit log segment ends in {} zero bytes; treating them as the end of the log",
                file_len - from
            );
        } else {
            // Damage that nothing intact follows is the last write, cut
            // short. A record copied into a mapped segment by a process
            // killed mid-copy has its prefix still zero (it is stored last,
            // see `preallocated`): torn, like one that runs past the end.
            let unpublished = end < file_len
                && bytes.get(from as usize..from as usize + RECORD_PREFIX_LEN) == Some(&[0; 8][..]);
            let kind = if unpublished {
                IssueKind::TornRecord
            } else {
                kind
            };
            damage.push(issue(from, file_len, kind, false));
        }
    }
}
