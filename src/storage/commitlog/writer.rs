//! The writer path: framing records and writing them at the end of the
//! active segment under the writer lock, rotating segments, and what a
//! failed write does to the log.
//!
//! Owns the `Writer` state (active segment, sequence numbers, the segment
//! list). It must not wait for fsyncs (the syncer and `Durable` do) nor
//! read segments back.

use std::collections::BTreeSet;
use std::sync::atomic::Ordering;
use std::time::{SystemTime, UNIX_EPOCH};

use super::error::CommitLogError;
use super::format;
use super::segment::ActiveSegment;
use super::{Position, Shared, ROTATION_MARGIN};

/// Guarded by `Shared::writer`.
pub(crate) struct Writer {
    pub active: ActiveSegment,
    /// The active segment's fsync failed for lack of space: it takes no
    /// more records, and the next write starts a new segment first.
    pub retired: bool,
    /// Count of writes so far; the syncer tracks durability by this number.
    pub seq: u64,
    /// Ids of the segment files on disk, including the active one.
    pub segments: BTreeSet<u64>,
    /// Reused framing buffer.
    pub buf: Vec<u8>,
}

/// Records framed by the caller, outside the writer lock, to be written
/// as they are ([`super::CommitLog::append_records`]): a big batch's
/// records are then in memory once, not once as payloads and again in the
/// writer's buffer.
#[derive(Default)]
pub struct Records {
    framed: Vec<u8>,
}

impl Records {
    /// Frames `payload` after the records so far (refused over
    /// [`format::MAX_PAYLOAD_LEN`], with nothing added).
    pub fn push(&mut self, payload: &[u8]) -> Result<(), CommitLogError> {
        if payload.len() > format::MAX_PAYLOAD_LEN {
            return Err(CommitLogError::PayloadTooLarge {
                len: payload.len(),
                max: format::MAX_PAYLOAD_LEN,
            });
        }
        // Sized once: growing from empty reallocated three times per record.
        self.framed
            .reserve(format::record_len(payload.len()) as usize);
        format::encode_record(payload, &mut self.framed);
        Ok(())
    }

    /// [`Records::push`] of the payload `encode` appends to the buffer it
    /// is given (about `size_hint` bytes), framed where it is written (no
    /// payload buffer, no copy).
    pub fn push_with(
        &mut self,
        size_hint: usize,
        encode: impl FnOnce(&mut Vec<u8>),
    ) -> Result<(), CommitLogError> {
        self.framed.reserve(format::record_len(size_hint) as usize);
        let start = self.framed.len();
        self.framed
            .extend_from_slice(&[0; format::RECORD_PREFIX_LEN]);
        encode(&mut self.framed);
        let len = self.framed.len() - start - format::RECORD_PREFIX_LEN;
        if len > format::MAX_PAYLOAD_LEN {
            self.framed.truncate(start);
            return Err(CommitLogError::PayloadTooLarge {
                len,
                max: format::MAX_PAYLOAD_LEN,
            });
        }
        format::frame_in_place(&mut self.framed, start);
        Ok(())
    }

    pub fn is_empty(&self) -> bool {
        self.framed.is_empty()
    }
}

impl Shared {
    /// Frames and writes `payloads` under the writer lock; returns the first
    /// record's position and the write's sequence number.
    pub(crate) fn write(&self, payloads: &[&[u8]]) -> Result<(Position, u64), CommitLogError> {
        let mut w = self.writer.lock();
        // The reused buffer is taken out while the lock is held (and put
        // back after), so that the write below can borrow the writer.
        let mut buf = std::mem::take(&mut w.buf);
        buf.clear();
        for p in payloads {
            format::encode_record(p, &mut buf);
        }
        let written = self.write_locked(&mut w, &buf);
        if buf.capacity() <= 1 << 20 {
            // A huge record's buffer is not kept alive forever.
            w.buf = buf;
        }
        written
    }

    /// Writes records framed already ([`Records`]), as they are.
    pub(crate) fn write_framed(
        &self,
        records: &Records,
    ) -> Result<(Position, u64), CommitLogError> {
        let mut w = self.writer.lock();
        self.write_locked(&mut w, &records.framed)
    }

    /// Writes `framed` at the end of the active segment (a new one first
    /// when it would not fit).
    fn write_locked(
        &self,
        w: &mut Writer,
        framed: &[u8],
    ) -> Result<(Position, u64), CommitLogError> {
        let total = framed.len() as u64;
        if w.retired || (!w.active.is_empty() && w.active.offset + total > self.segment_size) {
            self.rotate(w)?;
        }
        let active = &mut w.active;
        let pos = Position {
            segment: active.id,
            offset: active.offset,
        };
        if let Err(e) = active.write(framed) {
            let err = CommitLogError::io(&active.path, e);
            // Cut the partial record off: a later record must never follow
            // a torn one (replay would take that for corruption).
            if let Err(e) = active.cut_back() {
                let cut = CommitLogError::io(&active.path, e);
                tracing::error!("cannot cut a partly written record off: {cut}");
                return Err(self.fail(err));
            }
            return Err(self.refuse(err));
        }
        let margin = ROTATION_MARGIN.min(self.segment_size / 8);
        self.near_end.store(
            active.offset.saturating_add(margin) > self.segment_size,
            Ordering::Relaxed,
        );
        w.seq += 1;
        Ok((pos, w.seq))
    }

    /// Closes the active segment durably and starts the next one. When the
    /// next one cannot be created, the active one stays (durable, so later
    /// records may still follow it) and the next write tries again.
    fn rotate(&self, w: &mut Writer) -> Result<(), CommitLogError> {
        // Everything in the old segment must be durable before records land
        // in the new one: the syncer only ever fsyncs the active file. A
        // retired segment's fsync already failed; another would lie.
        w.active.trim();
        if !w.retired {
            let started = std::time::Instant::now();
            if let Err(e) = w.active.file.sync_data() {
                let err = CommitLogError::io(&w.active.path, e);
                return Err(self.sync_failed(w, err));
            }
            self.sync_times.record(started.elapsed());
            self.fsyncs.fetch_add(1, Ordering::Relaxed);
        }
        let next = ActiveSegment::create(
            &self.dir,
            next_segment_id(Some(w.active.id)),
            self.segment_size,
        )
        .map_err(|e| self.refuse(e))?;
        w.segments.insert(next.id);
        w.active = next;
        w.retired = false;
        self.near_end.store(false, Ordering::Relaxed);
        Ok(())
    }

    /// A write or segment creation failed: exhaustion leaves the log usable
    /// (logged once per episode), anything else fails it for good.
    pub(crate) fn refuse(&self, err: CommitLogError) -> CommitLogError {
        match err.exhaustion() {
            Some(cause) => {
                self.episodes.failed(cause, &err);
                err
            }
            None => self.fail(err),
        }
    }
}

/// A segment id above `last` and not below the wall clock in milliseconds.
pub(crate) fn next_segment_id(last: Option<u64>) -> u64 {
    let now_ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    match last {
        Some(last) => now_ms.max(last.saturating_add(1)),
        None => now_ms.max(1),
    }
}
