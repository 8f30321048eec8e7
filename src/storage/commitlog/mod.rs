//! The commit log: a durable, checksummed, segmented log of opaque records.
//!
//! Owns durability of writes between the moment the engine accepts them and
//! the moment they reach an SSTable. It stores byte payloads only and must not
//! know what they mean: the engine serializes each `RowMutation` into a
//! payload and parses it back on replay.
//!
//! # Use
//!
//! ```no_run
//! # use supercolumn::storage::commitlog::*;
//! # use std::time::Duration;
//! # fn main() -> Result<(), CommitLogError> {
//! let opts = CommitLogOptions {
//!     dir: "/var/lib/supercolumn/commitlog".into(),
//!     sync: SyncMode::Batch { window: Duration::from_millis(1) },
//!     segment_size: 128 * 1024 * 1024,
//!     ignore_replay_errors: false,
//! };
//! let (log, replay) = CommitLog::open(opts)?;
//! // Everything replayed lies before this: once the memtables rebuilt from
//! // `replay` are flushed, `discard_before(replayed_up_to)` deletes the old segments.
//! let replayed_up_to = log.current_position();
//! for r in replay { /* re-apply r.payload to the memtables */ }
//! let _at = log.append(b"serialized mutation")?; // durable when this returns
//! // Or write now and wait (or `.await`) for durability separately:
//! let ticket = log.append_all_deferred(&[b"another"])?;
//! let _at = ticket.wait()?;
//! // When a memtable is switched out, remember where the log was:
//! let flushed_up_to = log.current_position();
//! // ... and once that memtable (and every older one) is on disk:
//! log.discard_before(flushed_up_to)?;
//! log.close()?;
//! # Ok(()) }
//! ```
//!
//! # Guarantees
//!
//! - `SyncMode::Batch`: `append` returns `Ok` (and a `Durable` ticket
//!   resolves `Ok`) only after an fsync covering its record. Concurrent
//!   appenders share fsyncs (group commit: one syncer thread, one fsync per
//!   round, exactly the covered waiters woken; see `syncer`). A `kill -9` or
//!   power loss never loses an acknowledged record.
//! - `SyncMode::Periodic`: `append` returns once the record is in the OS page
//!   cache; a background thread fsyncs every `period`. A process crash loses
//!   nothing; a power loss can lose up to one period of writes.
//! - Replay never serves a record whose checksums fail, and never invents
//!   one. A torn tail (damage with no intact record after it anywhere in the
//!   log: what a crash leaves) is dropped with a `tracing::warn!` naming the
//!   file and byte offset, and cut off the file so it stays the end of the
//!   log. Damage with intact records after it is corruption (see `replay`):
//!   `open` refuses with [`CommitLogError::Corrupt`] naming the segment and
//!   offset, unless `ignore_replay_errors` is set; then it skips only the
//!   damaged bytes (warning for each region) and serves every intact record,
//!   before and after them. A zero-filled tail is the end of the log, not
//!   damage. Damage never panics; `open_with_report` lists what was found.
//! - Segment ids increase forever, also across restarts with an empty
//!   directory: a new id is at least one more than every id on disk and at
//!   least the current Unix time in milliseconds (as Cassandra named
//!   segments). So a [`Position`] saved by the engine (for example in SSTable
//!   metadata) is never reused for a different record.
//! - Running out of disk space or file descriptors is not fatal
//!   ([`CommitLogError::Exhausted`]): a record that failed half-written is
//!   cut back off (so no torn record ever lies before a later one), a
//!   segment that could not be created is retried by the next write, and
//!   the call that failed is not acknowledged; later writes succeed as soon
//!   as space or descriptors are back. The episode is logged once (see
//!   `resource::Episodes`). An fsync that fails for lack of space abandons
//!   its segment (the kernel may have dropped the pages, and a second fsync
//!   would report success): batch-mode writes it covered fail, the next
//!   write starts a new segment, and in periodic mode
//!   [`durability_gap`](CommitLog::durability_gap) tells the owner to flush
//!   its memtables so that the records acknowledged meanwhile are durable.
//! - After any other failed write, truncation or fsync (a device error) the
//!   log refuses further writes ([`CommitLogError::Failed`]): the process
//!   must restart and replay.
//!
//! # Layout
//!
//! `options` (what a log is opened with, positions), `format` (bytes on
//! disk), `segment` (the file being appended to), `preallocated` (its
//! space, mapped), `writer` (framing,
//! writing, rotation), `syncer` (the fsync thread and group commit),
//! `durable` (an append's ticket: waiting for its fsync, blocking or as a
//! future), `replay` (reading back), `damage` (what opening does about
//! damage), this module (the API).

mod damage;
mod durable;
mod error;
mod format;
mod mapped;
mod options;
mod preallocated;
mod replay;
mod segment;
mod syncer;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_damage;
#[cfg(test)]
mod tests_exhaustion;
#[cfg(test)]
mod tests_group;
mod writer;

use std::collections::BTreeSet;
use std::fmt;
use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use parking_lot::{Condvar, Mutex};

use super::resource::Episodes;
pub use durable::Durable;
pub use error::CommitLogError;
pub use format::{HeaderError, MAX_PAYLOAD_LEN};
pub use options::{CommitLogOptions, Position, SyncMode, MIN_SEGMENT_SIZE};
pub use replay::{
    read_dir, read_dir_raw, IssueKind, RawRecords, RecordRef, ReplayIssue, ReplayReport, Replayed,
};

use segment::{sync_dir, ActiveSegment};
use syncer::SyncState;
pub use writer::Records;
use writer::{next_segment_id, Writer};

/// A durable record log shared by many writer threads (`Send + Sync`; share
/// it with an `Arc`). Dropping it stops the syncer after a last fsync, but
/// only `close` reports whether that fsync succeeded.
pub struct CommitLog {
    shared: Arc<Shared>,
    syncer: Option<JoinHandle<()>>,
}

/// State shared with the syncer thread. Lock order: `writer` before `sync`.
pub(crate) struct Shared {
    dir: PathBuf,
    mode: SyncMode,
    segment_size: u64,
    writer: Mutex<Writer>,
    sync: Mutex<SyncState>,
    /// Wakes the syncer: a first record is waiting, the writes it gathers
    /// for are in, or shutdown (see `syncer`). Appenders waiting for an
    /// fsync are woken through their `Durable` tickets' wakers instead.
    work: Condvar,
    /// Holds the directory's advisory lock for the log's lifetime.
    _lock: File,
    /// Logs running out of disk space or descriptors once per episode.
    episodes: Episodes,
    /// The active segment is within [`ROTATION_MARGIN`] of its end, or
    /// retired: an append soon may have to wait for a rotation's fsync.
    /// Read without the writer lock by [`CommitLog::append_may_wait`].
    near_end: AtomicBool,
    /// Fsyncs of segments done by this log (for benchmarks and tests).
    fsyncs: AtomicU64,
    /// How long those fsyncs took (for metrics).
    sync_times: crate::storage::stats::Latencies,
}

/// How close to a segment's end appends count as possibly waiting for a
/// rotation (at most an eighth of the segment).
const ROTATION_MARGIN: u64 = 4 << 20;

impl fmt::Debug for CommitLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CommitLog")
            .field("dir", &self.shared.dir)
            .field("mode", &self.shared.mode)
            .field("position", &self.current_position())
            .finish()
    }
}

impl CommitLog {
    /// Opens (creating if needed) the log in `opts.dir`: returns the log,
    /// appending to a new segment, and every intact record already on disk, in
    /// log order, for replay. Old segments stay until `discard_before` removes
    /// them.
    pub fn open(opts: CommitLogOptions) -> Result<(CommitLog, Vec<Replayed>), CommitLogError> {
        let (log, report) = Self::open_with_report(opts)?;
        Ok((log, report.records))
    }

    /// Like `open`, but also returns the damage replay skipped.
    pub fn open_with_report(
        opts: CommitLogOptions,
    ) -> Result<(CommitLog, ReplayReport), CommitLogError> {
        Self::open_after(opts, 0)
    }

    /// Like [`open_with_report`](Self::open_with_report), with new segment
    /// ids at least `min_segment_id`: the owner passes one more than every
    /// segment id it has recorded elsewhere (e.g. in SSTable metadata), so
    /// its recorded positions stay below every new record even when the
    /// directory was emptied and the clock has not moved on.
    pub fn open_after(
        opts: CommitLogOptions,
        min_segment_id: u64,
    ) -> Result<(CommitLog, ReplayReport), CommitLogError> {
        let (log, mut report, raw) = Self::open_raw(opts, min_segment_id)?;
        report.records = raw.to_replayed();
        Ok((log, report))
    }

    /// Like [`open_after`](Self::open_after), but the records to replay stay
    /// in the segments' bytes ([`RawRecords`]; `report.records` is empty):
    /// replay copies nothing per record.
    pub fn open_raw(
        opts: CommitLogOptions,
        min_segment_id: u64,
    ) -> Result<(CommitLog, ReplayReport, RawRecords), CommitLogError> {
        opts.validate()?;
        let dir = opts.dir.clone();
        create_dir_durably(&dir)?;
        let lock = lock_dir(&dir)?;

        let (report, raw) = replay::read_dir_raw(&dir)?;
        damage::apply_policy(&report, opts.ignore_replay_errors)?;
        damage::cut_torn_tails(&report)?;
        if !report.temp_files.is_empty() {
            for tmp in &report.temp_files {
                std::fs::remove_file(tmp).map_err(|e| CommitLogError::io(tmp, e))?;
            }
            sync_dir(&dir)?;
        }
        let last = report
            .segments
            .last()
            .copied()
            .max(min_segment_id.checked_sub(1));
        let active = ActiveSegment::create(&dir, next_segment_id(last), opts.segment_size)?;
        let mut segments: BTreeSet<u64> = report.segments.iter().copied().collect();
        segments.insert(active.id);

        let shared = Arc::new(Shared {
            dir,
            mode: opts.sync,
            segment_size: opts.segment_size,
            writer: Mutex::new(Writer {
                active,
                retired: false,
                seq: 0,
                segments,
                buf: Vec::new(),
            }),
            sync: Mutex::new(SyncState::default()),
            near_end: AtomicBool::new(false),
            fsyncs: AtomicU64::new(0),
            sync_times: Default::default(),
            work: Condvar::new(),
            _lock: lock,
            episodes: Episodes::new(
                "commit log writes",
                "writes are refused (clients see TimedOutException) until space or file descriptors come back",
            ),
        });
        let syncer =
            syncer::spawn(Arc::clone(&shared)).map_err(|e| CommitLogError::io(&shared.dir, e))?;
        Ok((
            CommitLog {
                shared,
                syncer: Some(syncer),
            },
            report,
            raw,
        ))
    }

    /// Appends one record and returns its position once it is durable per the
    /// sync mode.
    pub fn append(&self, payload: &[u8]) -> Result<Position, CommitLogError> {
        self.append_all(&[payload])
    }

    /// Appends several records adjacently, in order, in one segment, with one
    /// durability wait; returns the position of the first. After a crash a
    /// prefix of them may survive if the call had not returned `Ok`. An empty
    /// slice writes nothing and returns the current position.
    pub fn append_all(&self, payloads: &[&[u8]]) -> Result<Position, CommitLogError> {
        self.append_all_deferred(payloads)?.wait()
    }

    /// Writes like [`append_all`](Self::append_all) but returns without
    /// waiting for durability: the [`Durable`] ticket resolves once the
    /// records are durable per the sync mode (at once in periodic mode; after
    /// the group-commit fsync covering them in batch mode). Await it, or
    /// `wait` on it; a caller acknowledging a batch-mode write must not do so
    /// before the ticket resolves `Ok`. Lets a caller that must not block
    /// (an async task) hand off nothing but the wait.
    pub fn append_all_deferred(&self, payloads: &[&[u8]]) -> Result<Durable, CommitLogError> {
        for p in payloads {
            if p.len() > MAX_PAYLOAD_LEN {
                return Err(CommitLogError::PayloadTooLarge {
                    len: p.len(),
                    max: MAX_PAYLOAD_LEN,
                });
            }
        }
        if payloads.is_empty() {
            let at = self.current_position();
            return Ok(Durable::new(Arc::clone(&self.shared), at, 0));
        }
        let shared = &*self.shared;
        let batch = matches!(shared.mode, SyncMode::Batch { .. });
        shared.begin_write(batch)?;
        let written = shared.write(payloads);
        let (pos, seq) = shared.finish_write(batch, written)?;
        // Periodic mode: acknowledged now (finish_write checked the state).
        let seq = if batch { seq } else { 0 };
        Ok(Durable::new(Arc::clone(&self.shared), pos, seq))
    }

    /// [`append_all`](Self::append_all) for records the caller framed
    /// (each payload checked there): written as they are, not copied.
    pub fn append_records(&self, records: &Records) -> Result<Position, CommitLogError> {
        if records.is_empty() {
            return Ok(self.current_position());
        }
        let shared = &*self.shared;
        let batch = matches!(shared.mode, SyncMode::Batch { .. });
        shared.begin_write(batch)?;
        let written = shared.write_framed(records);
        let (pos, seq) = shared.finish_write(batch, written)?;
        let seq = if batch {
            // The wait a traced write shows: the group fsync covering it.
            crate::trace::event(|| "Waiting for commitlog sync (batch mode)".to_string());
            seq
        } else {
            0
        };
        Durable::new(Arc::clone(&self.shared), pos, seq).wait()
    }

    /// Whether an append now could wait on the disk: always in batch mode
    /// (it waits for an fsync); in periodic mode when the active segment is
    /// near its end (the append that rotates fsyncs it, and the others wait
    /// for the writer lock meanwhile) or retired. Takes no lock; a hint for
    /// callers choosing a thread (`thrift::transport::handoff`), never a promise.
    pub fn append_may_wait(&self) -> bool {
        matches!(self.shared.mode, SyncMode::Batch { .. })
            || self.shared.near_end.load(Ordering::Relaxed)
    }

    /// Where the next record will start. The record of every append that
    /// returned before this call began lies before it.
    pub fn current_position(&self) -> Position {
        let w = self.shared.writer.lock();
        Position {
            segment: w.active.id,
            offset: w.active.offset,
        }
    }

    /// Declares that every record before `pos` is flushed to SSTables: deletes
    /// the segments that lie entirely before it (ids below `pos.segment`),
    /// never the active one, then fsyncs the directory. Records before `pos`
    /// in `pos`'s own segment stay on disk and are replayed again after a
    /// restart; the engine may skip replayed positions below its last flushed
    /// position (or re-apply them: reconciliation makes that harmless).
    /// Segments with a bad header are deleted like any other; files with
    /// malformed names never are.
    pub fn discard_before(&self, pos: Position) -> Result<(), CommitLogError> {
        let victims: Vec<u64> = {
            let mut w = self.shared.writer.lock();
            let current = Position {
                segment: w.active.id,
                offset: w.active.offset,
            };
            if pos > current {
                return Err(CommitLogError::PositionBeyondEnd {
                    requested: pos.to_string(),
                    current: current.to_string(),
                });
            }
            let victims: Vec<u64> = w.segments.range(..pos.segment).copied().collect();
            for id in &victims {
                w.segments.remove(id);
            }
            victims
        };
        if victims.is_empty() {
            return Ok(());
        }
        let mut failure = None;
        for id in victims {
            let path = self.shared.dir.join(format::segment_file_name(id));
            match std::fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => {
                    // Keep it listed so a later discard retries it.
                    self.shared.writer.lock().segments.insert(id);
                    failure.get_or_insert(CommitLogError::io(path, e));
                }
            }
        }
        sync_dir(&self.shared.dir)?;
        failure.map_or(Ok(()), Err)
    }

    /// Makes every record appended so far durable, whatever the sync mode.
    pub fn sync(&self) -> Result<(), CommitLogError> {
        self.shared.sync_now().map(|_| ())
    }

    /// How many fsyncs of segments this log has done so far (group commit
    /// shares one among many batch-mode appends; benchmarks report the ratio).
    pub fn fsync_count(&self) -> u64 {
        self.shared.fsyncs.load(Ordering::Relaxed)
    }

    /// How long this log's fsyncs took.
    pub fn sync_latencies(&self) -> crate::storage::stats::LatencySnapshot {
        self.shared.sync_times.snapshot()
    }

    /// Bytes of the segment files on disk (a file gone meanwhile counts 0).
    pub fn segment_bytes(&self) -> u64 {
        self.segment_ids()
            .into_iter()
            .filter_map(|id| {
                std::fs::metadata(self.shared.dir.join(format::segment_file_name(id))).ok()
            })
            .map(|m| m.len())
            .sum()
    }

    /// The directory this log owns.
    pub fn dir(&self) -> &Path {
        &self.shared.dir
    }

    /// Ids of the segment files on disk (including the active one), ascending.
    pub fn segment_ids(&self) -> Vec<u64> {
        self.shared.writer.lock().segments.iter().copied().collect()
    }

    /// In periodic mode, after an fsync failed for lack of space: records
    /// acknowledged before the failure may be missing from disk (the kernel
    /// may have dropped their pages). The owner makes them durable another
    /// way (flushing every memtable switched out after this call), then
    /// passes the returned value to
    /// [`close_durability_gap`](Self::close_durability_gap). `None` when
    /// every acknowledged record is on disk as the sync mode promises.
    pub fn durability_gap(&self) -> Option<u64> {
        let s = self.shared.sync.lock();
        (s.gap_epoch > s.closed_gap_epoch).then_some(s.gap_epoch)
    }

    /// Closes the gap reported by `durability_gap` as `epoch` (a later
    /// failure opens a new one).
    pub fn close_durability_gap(&self, epoch: u64) {
        let mut s = self.shared.sync.lock();
        s.closed_gap_epoch = s.closed_gap_epoch.max(epoch);
    }

    /// Fails the active segment's fsync with `err`, as the OS would (tests).
    #[cfg(test)]
    pub(crate) fn inject_sync_failure(&self, err: std::io::Error) {
        let mut w = self.shared.writer.lock();
        let path = w.active.path.clone();
        self.shared
            .sync_failed(&mut w, CommitLogError::io(path, err));
    }

    /// Stops the syncer and makes every appended record durable.
    pub fn close(mut self) -> Result<(), CommitLogError> {
        self.shutdown()
    }

    fn shutdown(&mut self) -> Result<(), CommitLogError> {
        let Some(handle) = self.syncer.take() else {
            return Ok(());
        };
        self.shared.stop_syncer();
        // The syncer never panics on I/O errors; a join error means a bug.
        let _ = handle.join();
        let synced = self.shared.sync_now().map(|_| ());
        if synced.is_ok() {
            self.shared.writer.lock().active.trim();
        }
        synced
    }
}

impl Drop for CommitLog {
    fn drop(&mut self) {
        if let Err(e) = self.shutdown() {
            tracing::error!(
                "commit log {} failed its final sync: {e}",
                self.shared.dir.display()
            );
        }
    }
}

fn create_dir_durably(dir: &Path) -> Result<(), CommitLogError> {
    if dir.is_dir() {
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(|e| CommitLogError::io(dir, e))?;
    // A new directory's own entry must survive a crash too.
    match dir.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => sync_dir(parent),
        _ => Ok(()),
    }
}

fn lock_dir(dir: &Path) -> Result<File, CommitLogError> {
    let path = dir.join("LOCK");
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| CommitLogError::io(&path, e))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => Err(CommitLogError::Locked(dir.to_path_buf())),
        Err(TryLockError::Error(e)) => Err(CommitLogError::io(path, e)),
    }
}
