//! The server clock the engine reads for local times (TTL expiry, deletion
//! times, gc grace). Tests inject a [`ManualClock`] to move time by hand.
//!
//! It must not be used for client timestamps: those come with each write.

use std::fmt;
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Server time in whole seconds since the Unix epoch.
pub trait Clock: Send + Sync + fmt::Debug {
    fn now_seconds(&self) -> i32;
}

/// The wall clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_seconds(&self) -> i32 {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        i32::try_from(secs).unwrap_or(i32::MAX)
    }
}

/// A clock that only moves when told to.
#[derive(Debug)]
pub struct ManualClock(AtomicI32);

impl ManualClock {
    pub fn new(start: i32) -> ManualClock {
        ManualClock(AtomicI32::new(start))
    }
    pub fn now(&self) -> i32 {
        self.0.load(Ordering::SeqCst)
    }
    pub fn set(&self, now: i32) {
        self.0.store(now, Ordering::SeqCst);
    }
    pub fn advance(&self, seconds: i32) {
        let _ = self
            .0
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |v| {
                Some(v.saturating_add(seconds))
            });
    }
}

impl Clock for ManualClock {
    fn now_seconds(&self) -> i32 {
        self.0.load(Ordering::SeqCst)
    }
}
