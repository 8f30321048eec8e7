//! Durability bookkeeping: the background fsync thread, group commit, and
//! the failed state.
//!
//! Owns when fsyncs happen and who waits for them. Every write gets a
//! sequence number (under the writer lock); `synced` is the highest sequence
//! number known durable. A batch-mode appender waits until `synced` reaches
//! its number; the syncer fsyncs the active segment whenever a number above
//! `synced` is waiting, after giving appenders already in progress up to the
//! batch window to finish writing so they share the fsync. It must not frame
//! or write records.
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
use std::thread::JoinHandle;
use std::time::Instant;

use super::error::CommitLogError;
use super::{Position, Shared, SyncMode, Writer};
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

    /// Ends an append begun with `begin_write`: in batch mode, waits until
    /// an fsync covers the write.
    pub(crate) fn finish_write(
        &self,
        batch: bool,
        written: Result<(Position, u64), CommitLogError>,
    ) -> Result<Position, CommitLogError> {
        let mut s = self.sync.lock();
        if batch {
            s.in_flight -= 1;
            // The syncer may be waiting for in-progress appenders to finish.
            self.work.notify_one();
        }
        let (pos, seq) = written?;
        if batch {
            s.written = s.written.max(seq);
            while s.synced < seq {
                if s.failed.is_some() || s.abandoned >= seq {
                    break;
                }
                self.synced.wait(&mut s);
            }
            if s.abandoned >= seq {
                // Even if a later fsync reported success: it may have lied.
                return Err(abandoned_error(&s));
            }
        }
        match &s.failed {
            // A write that a failed fsync may have covered is not durable.
            Some(msg) if s.synced < seq => Err(CommitLogError::Failed(msg.clone())),
            _ => {
                drop(s);
                self.episodes.succeeded();
                Ok(pos)
            }
        }
    }

    /// Fsyncs the active segment so that every write done before this call
    /// is durable. Earlier segments were fsynced when they were rotated out.
    ///
    /// Writes abandoned after a failed fsync are not covered: in batch mode
    /// none of them was acknowledged, in periodic mode
    /// `CommitLog::durability_gap` reports them.
    pub(crate) fn sync_now(&self) -> Result<(), CommitLogError> {
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
                return Ok(());
            }
        }
        match file.sync_data() {
            Ok(()) => {
                let mut s = self.sync.lock();
                s.synced = s.synced.max(seq);
                self.synced.notify_all();
                // An episode ends with a write that succeeds (finish_write),
                // not here: with nothing new to write, an fsync proves little.
                Ok(())
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
        self.synced.notify_all();
        drop(s);
        self.episodes.failed(cause, &err);
        err
    }

    /// Puts the log in the failed state (first failure wins), wakes every
    /// waiter, and hands the error back for the caller to return.
    pub(crate) fn fail(&self, err: CommitLogError) -> CommitLogError {
        tracing::error!("commit log {} failed: {err}", self.dir.display());
        let mut s = self.sync.lock();
        s.failed.get_or_insert_with(|| err.to_string());
        self.synced.notify_all();
        self.work.notify_all();
        err
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

fn run_batch(shared: &Shared, window: std::time::Duration) {
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
            shared.work.wait(&mut s);
        }
        // Gather: let appenders that are already writing join this fsync,
        // but never wait when nobody is, and never beyond the window.
        let deadline = Instant::now() + window;
        while s.in_flight > 0 && !s.shutdown && s.failed.is_none() {
            if shared.work.wait_until(&mut s, deadline).timed_out() {
                break;
            }
        }
        drop(s);
        // A failure is recorded in the shared state and reported to waiters.
        let _ = shared.sync_now();
    }
}

fn run_periodic(shared: &Shared, period: std::time::Duration) {
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
