//! Durability bookkeeping: the background fsync thread, group commit, and
//! the failed state.
//!
//! Owns when fsyncs happen and who waits for them. Every write gets a
//! sequence number (under the writer lock); `synced` is the highest sequence
//! number known durable. A batch-mode write is acknowledged once `synced`
//! reaches its number (see `durable::Durable`). It must not frame or write
//! records.
//!
//! # Group commit (batch mode)
//!
//! One syncer thread fsyncs the active segment once for every write
//! appended since the fsync before, then wakes exactly the waiters that
//! fsync covered (their wakers are taken out of `waiters`; a write that
//! landed while the fsync ran stays for the next one). Appenders never
//! fsync themselves in batch mode, so N concurrent writers cost one fsync
//! per round, not N.
//!
//! Before an fsync the syncer gathers: it waits, never beyond the batch
//! window, while an appender is still writing (`in_flight`) or while fewer
//! writes are pending than the round before acknowledged or left waiting
//! (`expect`): the writers just acknowledged are about to write again, and
//! one fsync should cover them all rather than the first one to come back.
//! A lone writer expects one write, so its fsync starts at once. Appenders
//! wake the syncer only when the condition it waits for may have become
//! true (first pending write, last in-flight writer done, the expected
//! count reached), not on every write.
//!
//! An fsync that fails for lack of space abandons every write so far
//! (`abandoned`): after a failed fsync the kernel may have dropped the dirty
//! pages and marked them clean, so a later fsync of the same file would
//! report success for data that is gone. Batch-mode writes not yet covered
//! by a good fsync fail; the segment is retired (the writer starts a new one
//! before the next record); in periodic mode a durability gap is opened for
//! the owner to close by flushing.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::task::Waker;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::error::CommitLogError;
use super::writer::Writer;
use super::{Shared, SyncMode};
use crate::storage::resource::Exhaustion;

/// Guarded by `Shared::sync`.
#[derive(Debug, Default)]
pub(crate) struct SyncState {
    /// Highest sequence number written and waiting for an fsync (batch mode).
    pub written: u64,
    /// Highest sequence number known durable.
    pub synced: u64,
    /// Batch-mode appenders between `begin_write` and `finish_write`.
    pub in_flight: usize,
    /// Sequence numbers of batch-mode writes done but not yet covered by
    /// an fsync (each a writer about to wait, or waiting).
    pub unsynced: Vec<u64>,
    /// Wakers of batch-mode writes waiting for an fsync, by sequence number.
    pub waiters: Vec<(u64, Waker)>,
    /// The syncer waits for `unsynced` to reach this many (see the module
    /// comment); 0 while it is not gathering.
    pub expect: usize,
    /// The syncer is idle, waiting for a first pending write.
    pub idle: bool,
    /// Set once by the first failed write or fsync that was not an
    /// exhaustion; never cleared.
    pub failed: Option<String>,
    pub shutdown: bool,
    /// Every write up to this sequence number lies in a segment whose fsync
    /// failed for lack of space: none of them will be made durable.
    pub abandoned: u64,
    /// Why, for the error of the writes that were waiting.
    pub abandoned_by: Option<(Exhaustion, PathBuf, String)>,
    /// Periodic mode: counts fsync failures that may have lost acknowledged
    /// records; the gap is open while it exceeds `closed_gap_epoch`.
    pub gap_epoch: u64,
    pub closed_gap_epoch: u64,
}

impl SyncState {
    /// Takes out the wakers of every waiter whose outcome is now known
    /// (covered by an fsync, abandoned, or the log failed), to be woken
    /// after the lock is released.
    fn take_settled(&mut self) -> Vec<Waker> {
        let settled = self.synced.max(self.abandoned);
        let all = self.failed.is_some();
        let mut out = Vec::new();
        self.waiters.retain(|(seq, w)| {
            let done = all || *seq <= settled;
            if done {
                out.push(w.clone());
            }
            !done
        });
        self.unsynced.retain(|seq| *seq > settled);
        out
    }

    /// The outcome of write `seq` if it is known: durable, or failed.
    pub(crate) fn outcome(&self, seq: u64) -> Option<Result<(), CommitLogError>> {
        if self.abandoned >= seq {
            // Even if a later fsync reported success: it may have lied.
            return Some(Err(abandoned_error(self)));
        }
        if self.synced >= seq {
            return Some(Ok(()));
        }
        self.failed
            .as_ref()
            .map(|msg| Err(CommitLogError::Failed(msg.clone())))
    }
}

fn wake_all(wakers: Vec<Waker>) {
    for w in wakers {
        w.wake();
    }
}

impl Shared {
    /// Admits an appender: refuses if the log has failed.
    pub(crate) fn begin_write(&self, batch: bool) -> Result<(), CommitLogError> {
        let mut s = self.sync.lock();
        if let Some(msg) = &s.failed {
            return Err(CommitLogError::Failed(msg.clone()));
        }
        if batch {
            s.in_flight += 1;
        }
        Ok(())
    }

    /// Ends the writing part of an append begun with `begin_write`: returns
    /// the write's sequence number once it is written. In batch mode the
    /// caller then waits for durability (`durable::Durable`); in periodic
    /// mode the write is acknowledged now.
    pub(crate) fn finish_write<T>(
        &self,
        batch: bool,
        written: Result<(T, u64), CommitLogError>,
    ) -> Result<(T, u64), CommitLogError> {
        let mut s = self.sync.lock();
        if batch {
            s.in_flight -= 1;
        }
        let (pos, seq) = match written {
            Ok(w) => w,
            Err(e) => {
                if batch && s.in_flight == 0 && s.expect > 0 {
                    // The syncer may be gathering for this appender.
                    self.work.notify_one();
                }
                return Err(e);
            }
        };
        if batch {
            s.written = s.written.max(seq);
            s.unsynced.push(seq);
            let gathered = s.expect > 0 && s.in_flight == 0 && s.unsynced.len() >= s.expect;
            if s.idle || gathered {
                s.idle = false;
                self.work.notify_one();
            }
            return Ok((pos, seq));
        }
        match &s.failed {
            // A write that a failed fsync may have covered is not durable.
            Some(msg) if s.synced < seq => Err(CommitLogError::Failed(msg.clone())),
            _ => {
                drop(s);
                self.episodes.succeeded();
                Ok((pos, seq))
            }
        }
    }

    /// Fsyncs the active segment so that every write done before this call
    /// is durable, and wakes the waiters it covered; returns how many writes
    /// it covered. Earlier segments were fsynced when they were rotated out.
    ///
    /// Writes abandoned after a failed fsync are not covered: in batch mode
    /// none of them was acknowledged, in periodic mode
    /// `CommitLog::durability_gap` reports them.
    pub(crate) fn sync_now(&self) -> Result<usize, CommitLogError> {
        let (file, path, seq) = {
            let w = self.writer.lock();
            (Arc::clone(&w.active.file), w.active.path.clone(), w.seq)
        };
        {
            let s = self.sync.lock();
            if let Some(msg) = &s.failed {
                return Err(CommitLogError::Failed(msg.clone()));
            }
            if s.synced >= seq || s.abandoned >= seq {
                return Ok(0);
            }
        }
        let started = std::time::Instant::now();
        match file.sync_data() {
            Ok(()) => {
                self.sync_times.record(started.elapsed());
                self.fsyncs
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let mut s = self.sync.lock();
                s.synced = s.synced.max(seq);
                let pending = s.unsynced.len();
                let wakers = s.take_settled();
                let covered = pending - s.unsynced.len();
                drop(s);
                wake_all(wakers);
                // An episode ends with a write that succeeds (its
                // acknowledgement), not here: with nothing new to write, an
                // fsync proves little.
                Ok(covered)
            }
            Err(e) => {
                let err = CommitLogError::io(path, e);
                let mut w = self.writer.lock();
                Err(self.sync_failed(&mut w, err))
            }
        }
    }

    /// An fsync failed; the caller holds the writer lock. Lack of space
    /// abandons every write so far and retires the active segment (see the
    /// module comment); anything else fails the log for good.
    pub(crate) fn sync_failed(&self, w: &mut Writer, err: CommitLogError) -> CommitLogError {
        let Some(cause) = err.exhaustion() else {
            return self.fail(err);
        };
        w.retired = true;
        self.near_end
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let mut s = self.sync.lock();
        s.abandoned = s.abandoned.max(w.seq);
        let path = match &err {
            CommitLogError::Exhausted { path, .. } => path.clone(),
            _ => self.dir.clone(),
        };
        s.abandoned_by = Some((cause, path, err.to_string()));
        if matches!(self.mode, SyncMode::Periodic { .. }) {
            s.gap_epoch += 1;
        }
        let wakers = s.take_settled();
        drop(s);
        wake_all(wakers);
        self.episodes.failed(cause, &err);
        err
    }

    /// Puts the log in the failed state (first failure wins), wakes every
    /// waiter, and hands the error back for the caller to return.
    pub(crate) fn fail(&self, err: CommitLogError) -> CommitLogError {
        tracing::error!("commit log {} failed: {err}", self.dir.display());
        let mut s = self.sync.lock();
        s.failed.get_or_insert_with(|| err.to_string());
        let wakers = s.take_settled();
        self.work.notify_all();
        drop(s);
        wake_all(wakers);
        err
    }

    /// Tells the syncer to stop (it returns after its current fsync); the
    /// caller joins it and makes the last `sync_now`.
    pub(crate) fn stop_syncer(&self) {
        self.sync.lock().shutdown = true;
        self.work.notify_all();
    }
}

/// Starts the syncer thread for `shared.mode`.
pub(crate) fn spawn(shared: Arc<Shared>) -> io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name("commitlog-sync".into())
        .spawn(move || match shared.mode {
            SyncMode::Batch { window } => run_batch(&shared, window),
            SyncMode::Periodic { period } => run_periodic(&shared, period),
        })
}

fn run_batch(shared: &Shared, window: Duration) {
    // How many writes the next fsync should cover (see the module comment).
    let mut expect = 1;
    loop {
        let mut s = shared.sync.lock();
        loop {
            if s.failed.is_some() {
                return;
            }
            if s.written > s.synced.max(s.abandoned) {
                break;
            }
            if s.shutdown {
                return;
            }
            s.idle = true;
            shared.work.wait(&mut s);
        }
        s.idle = false;
        // Gather: let appenders that are writing, and the writers the last
        // fsync acknowledged, join this fsync; never beyond the window.
        if !window.is_zero() {
            let deadline = Instant::now() + window;
            s.expect = expect;
            while (s.in_flight > 0 || s.unsynced.len() < expect)
                && !s.shutdown
                && s.failed.is_none()
            {
                if shared.work.wait_until(&mut s, deadline).timed_out() {
                    break;
                }
            }
            s.expect = 0;
        }
        drop(s);
        // A failure is recorded in the shared state and reported to waiters.
        if let Ok(covered) = shared.sync_now() {
            if covered > 0 {
                let left = shared.sync.lock().unsynced.len();
                expect = (covered + left).max(1);
            }
        }
    }
}

fn run_periodic(shared: &Shared, period: Duration) {
    loop {
        let deadline = Instant::now() + period;
        let stop = {
            let mut s = shared.sync.lock();
            while !s.shutdown && s.failed.is_none() {
                if shared.work.wait_until(&mut s, deadline).timed_out() {
                    break;
                }
            }
            s.shutdown || s.failed.is_some()
        };
        if stop {
            // `close` does the last sync and reports its outcome.
            return;
        }
        let _ = shared.sync_now();
    }
}

/// The error of a batch-mode write whose segment was abandoned.
fn abandoned_error(s: &SyncState) -> CommitLogError {
    let (cause, path, detail) =
        s.abandoned_by
            .clone()
            .unwrap_or((Exhaustion::DiskFull, PathBuf::new(), String::new()));
    let kind = match cause {
        Exhaustion::DiskFull => io::ErrorKind::StorageFull,
        Exhaustion::TooManyOpenFiles => io::ErrorKind::Other,
    };
    CommitLogError::Exhausted {
        cause,
        path,
        source: io::Error::new(
            kind,
            format!("an fsync covering this write failed: {detail}"),
        ),
    }
}
