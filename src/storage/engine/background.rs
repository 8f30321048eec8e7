//! The engine's background threads: one flushes memtables that are full
//! (by their own thresholds, or the largest when all of them together pass
//! `memtable_total_space_mb`) and retries flushes that failed, one compacts
//! due buckets.
//!
//! It must not decide how a flush or compaction is done (`flush`,
//! `compaction`), only when.

use super::super::resource::Episodes;
use super::super::StorageError;
use super::Inner;
use crate::storage::store::catalog::Catalog;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Job {
    Flush,
    Compact,
}

impl Inner {
    /// Wakes the flush thread at once when a CF just written is due by its
    /// own bounds; the total space is looked at by the thread itself.
    pub(super) fn wake_if_full(&self, cat: &Catalog, tables: &[(&str, &str)]) {
        let full = tables
            .iter()
            .any(|(ks, cf)| cat.store(ks, cf).is_some_and(|c| self.needs_flush(c)));
        if full {
            let _g = self.wake.0.lock();
            self.wake.1.notify_all();
        }
    }

    /// A background thread: flushes full memtables (and retries flushes
    /// that failed), or compacts due buckets, until told to stop. Errors are
    /// logged and the work retried later; running out of disk space or
    /// descriptors is logged once per episode, and backs the retries off
    /// (up to `MAX_BACKOFF`) so a full disk is not rewritten in a loop.
    pub(super) fn background(&self, job: Job) {
        let episodes = match job {
            Job::Flush => Episodes::new(
                "memtable flushes",
                "the memtables stay in memory and in the commit log, and the flush is retried",
            ),
            Job::Compact => Episodes::new(
                "compactions",
                "the SSTables stay as they are, and the compaction is retried",
            ),
        };
        let mut backoff = IDLE;
        while !self.stop.load(Ordering::SeqCst) {
            let mut exhausted = false;
            let mut note = |r: Result<bool, StorageError>, what: &str| match r {
                Ok(true) => episodes.succeeded(),
                Ok(false) => {}
                Err(StorageError::Exhausted {
                    cause,
                    path,
                    source,
                }) => {
                    episodes.failed(cause, &format_args!("{what}: {}: {source}", path.display()));
                    exhausted = true;
                }
                Err(e) => tracing::error!("background work on {what} failed: {e}"),
            };
            if let (Job::Flush, Some(disk)) = (job, &self.disk) {
                if let Some(epoch) = disk.log.durability_gap() {
                    // Acknowledged records may be missing from the log:
                    // only SSTables can make them durable now.
                    let r = self
                        .catalog()
                        .cfs
                        .values()
                        .try_for_each(|cf| self.flush_cf(cf));
                    if r.is_ok() {
                        disk.log.close_durability_gap(epoch);
                        tracing::info!("every memtable is flushed: records acknowledged before the failed commit log sync are durable");
                    }
                    note(r.map(|()| true), "the flush after a failed commit log sync");
                }
            }
            if job == Job::Flush {
                // Largest first, until the memtables fit again (each flush
                // returns once its memtable is written and dropped).
                for _ in 0..self.catalog().cfs.len() {
                    let Some(cf) = self.over_total_space() else {
                        break;
                    };
                    if self.stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let def = cf.def();
                    let what = format!(
                        "{}.{} (memtables over their total space)",
                        def.keyspace, def.name
                    );
                    let r = self.flush_cf(&cf);
                    let failed = r.is_err();
                    note(r.map(|()| true), &what);
                    if failed {
                        break;
                    }
                }
            }
            for ((ks, name), cf) in &self.catalog().cfs {
                if self.stop.load(Ordering::SeqCst) {
                    return;
                }
                let r = match job {
                    Job::Flush if self.needs_flush(cf) => self.flush_cf(cf).map(|()| true),
                    Job::Flush if cf.has_frozen() => self.flush_pending(cf),
                    Job::Flush => Ok(false),
                    Job::Compact => self.compact_if_due(cf),
                };
                note(r, &format!("{ks}.{name}"));
            }
            backoff = if exhausted {
                (backoff * 2).min(MAX_BACKOFF)
            } else {
                IDLE
            };
            let until = Instant::now() + backoff;
            let mut g = self.wake.0.lock();
            while !self.stop.load(Ordering::SeqCst) {
                let timed_out = self.wake.1.wait_until(&mut g, until).timed_out();
                // A full memtable wakes the thread at once, unless it is
                // backing off after running out of space or descriptors.
                if timed_out || !exhausted {
                    break;
                }
            }
        }
    }
}

/// How long the background threads sleep between looks for work.
const IDLE: Duration = Duration::from_millis(500);
/// The longest wait between retries after running out of space or descriptors.
const MAX_BACKOFF: Duration = Duration::from_secs(8);
