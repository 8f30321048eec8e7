//! The "durable after" ticket of an append: the record is written, and the
//! ticket says when it is durable per the sync mode.
//!
//! Owns waiting for one write's fsync, either blocking a thread
//! ([`Durable::wait`]) or as a `Future` any executor can poll (it registers
//! a `Waker`; the syncer wakes exactly the tickets its fsync covered). It
//! must not write or fsync anything itself. No acknowledgement may be given
//! for a batch-mode write before its ticket resolves `Ok`.

use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll, Wake, Waker};
use std::thread::Thread;

use super::error::CommitLogError;
use super::{Position, Shared};

/// A written record (or records of one `append_all`) that is durable once
/// this resolves `Ok` with the first record's position. In periodic mode it
/// is resolved from the start. Dropping it abandons only the wait, never
/// the write: the record stays in the log (and is replayed after a crash
/// if an fsync covered it).
#[must_use = "a batch-mode write is not durable until its ticket resolves"]
pub struct Durable {
    shared: Arc<Shared>,
    position: Position,
    /// The write's sequence number; 0 when already acknowledged.
    seq: u64,
    /// A waker is registered under this ticket's sequence number.
    registered: bool,
}

impl std::fmt::Debug for Durable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Durable")
            .field("position", &self.position)
            .field("seq", &self.seq)
            .finish()
    }
}

impl Durable {
    pub(crate) fn new(shared: Arc<Shared>, position: Position, seq: u64) -> Durable {
        Durable {
            shared,
            position,
            seq,
            registered: false,
        }
    }

    /// Where the (first) record starts.
    pub fn position(&self) -> Position {
        self.position
    }

    /// The outcome if known now, without waiting.
    pub fn try_result(&self) -> Option<Result<Position, CommitLogError>> {
        if self.seq == 0 {
            return Some(Ok(self.position));
        }
        let outcome = self.shared.sync.lock().outcome(self.seq);
        outcome.map(|r| self.settle(r))
    }

    /// Blocks the calling thread until the record is durable (or its fsync
    /// failed).
    pub fn wait(mut self) -> Result<Position, CommitLogError> {
        if self.seq == 0 {
            return Ok(self.position);
        }
        let signal = Arc::new(Signal {
            thread: std::thread::current(),
            woken: AtomicBool::new(false),
        });
        let waker = Waker::from(Arc::clone(&signal));
        loop {
            if let Some(r) = self.check(&waker) {
                return self.settle(r);
            }
            // Woken by the syncer once settled; a spurious unpark re-checks.
            while !signal.woken.swap(false, Ordering::Acquire) {
                std::thread::park();
            }
        }
    }

    /// Under the sync lock: the outcome, or registers `waker` to be woken
    /// when it is known. Whatever settles a write also takes its waker out
    /// of `waiters` (`SyncState::take_settled`), so a known outcome leaves
    /// nothing registered.
    fn check(&mut self, waker: &Waker) -> Option<Result<(), CommitLogError>> {
        let mut s = self.shared.sync.lock();
        if let Some(r) = s.outcome(self.seq) {
            self.registered = false;
            return Some(r);
        }
        let seq = self.seq;
        match s.waiters.iter_mut().find(|(q, _)| *q == seq) {
            Some(slot) if !slot.1.will_wake(waker) => slot.1 = waker.clone(),
            Some(_) => {}
            None => s.waiters.push((seq, waker.clone())),
        }
        self.registered = true;
        None
    }

    fn settle(&self, r: Result<(), CommitLogError>) -> Result<Position, CommitLogError> {
        r?;
        self.shared.episodes.succeeded();
        Ok(self.position)
    }
}

impl Future for Durable {
    type Output = Result<Position, CommitLogError>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.get_mut();
        if this.seq == 0 {
            return Poll::Ready(Ok(this.position));
        }
        match this.check(cx.waker()) {
            Some(r) => Poll::Ready(this.settle(r)),
            None => Poll::Pending,
        }
    }
}

impl Drop for Durable {
    fn drop(&mut self) {
        if self.registered {
            // Not waiting any more: the syncer need not wake it.
            let mut s = self.shared.sync.lock();
            s.waiters.retain(|(q, _)| *q != self.seq);
        }
    }
}

/// Wakes a thread blocked in [`Durable::wait`].
struct Signal {
    thread: Thread,
    woken: AtomicBool,
}

impl Wake for Signal {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }
    fn wake_by_ref(self: &Arc<Self>) {
        self.woken.store(true, Ordering::Release);
        self.thread.unpark();
    }
}
