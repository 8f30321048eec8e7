//! The server's resource limits, shared by every listener: how many client
//! connections it keeps, the file descriptors it keeps in reserve for the
//! storage engine, the idle and write timeouts, the memory budget, the
//! worker slots that run calls, and the thread that runs the calls over the
//! budget.
//!
//! Owns admission (keep or refuse an accepted connection, with a log line
//! that stays rate-limited under a flood) and the start-up arithmetic of
//! the descriptor reserve. It must not touch sockets or messages: the
//! server applies these limits, this module only holds and counts them.

use crate::budget::Budget;
use parking_lot::Mutex;
use std::net::SocketAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Calls run at most this many at a time, in arrival order (a fair queue),
/// on the blocking pool. Each connection has at most one call running, so
/// one slow or hostile connection holds at most one slot.
pub const WORKER_SLOTS: usize = 64;

/// Descriptors kept free beyond those open at start-up, at least: the
/// commit log's next segment, flushes and compactions (a few files each),
/// SSTables opened as they are written.
pub const FD_RESERVE_MIN: usize = 64;

/// Refused connections are logged at most once per this period.
const REFUSAL_LOG_EVERY: Duration = Duration::from_secs(10);

/// What the limits are set to (from the configuration and the command line).
#[derive(Clone, Debug)]
pub struct LimitSettings {
    pub max_connections: usize,
    pub memory_budget_bytes: usize,
    /// Close a connection that sends nothing for this long while no call
    /// of its own is running.
    pub idle_timeout: Option<Duration>,
    /// Close a connection that pauses this long in the middle of a request
    /// (a frame, message or HTTP request begun and not whole), or that has
    /// not logged in (native: not ready) this long after it was accepted:
    /// what it holds meanwhile is never released otherwise.
    pub read_timeout: Option<Duration>,
    /// Close a connection whose reply makes no progress for this long.
    pub write_timeout: Option<Duration>,
    pub worker_slots: usize,
}

/// The limits in force, and what currently counts against them.
#[derive(Debug)]
pub struct Limits {
    settings: LimitSettings,
    open: AtomicUsize,
    budget: Arc<Budget>,
    workers: Arc<Semaphore>,
    refusals: Mutex<Refusals>,
    lane_thread: LaneThread,
}

#[derive(Debug, Default)]
struct Refusals {
    last_log: Option<Instant>,
    /// Refused since the last log line.
    unlogged: u64,
}

impl Limits {
    pub fn new(settings: LimitSettings) -> Arc<Limits> {
        let budget = Budget::new(settings.memory_budget_bytes);
        Limits::with_budget(settings, budget)
    }

    /// No connection cap, no timeouts, a budget nothing exhausts.
    pub fn unlimited() -> Arc<Limits> {
        let settings = LimitSettings {
            max_connections: usize::MAX,
            memory_budget_bytes: usize::MAX,
            idle_timeout: None,
            read_timeout: None,
            write_timeout: None,
            worker_slots: WORKER_SLOTS,
        };
        Limits::with_budget(settings, Budget::unlimited())
    }

    fn with_budget(settings: LimitSettings, budget: Arc<Budget>) -> Arc<Limits> {
        Arc::new(Limits {
            open: AtomicUsize::new(0),
            budget,
            workers: Arc::new(Semaphore::new(settings.worker_slots.max(1))),
            refusals: Mutex::new(Refusals::default()),
            lane_thread: LaneThread::default(),
            settings,
        })
    }

    /// Where the calls of requests over the budget run.
    pub fn lane_thread(&self) -> &LaneThread {
        &self.lane_thread
    }

    pub fn settings(&self) -> &LimitSettings {
        &self.settings
    }

    pub fn budget(&self) -> &Arc<Budget> {
        &self.budget
    }

    pub fn workers(&self) -> &Arc<Semaphore> {
        &self.workers
    }

    pub fn open_connections(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// Counts a newly accepted connection in, or refuses it (logging at
    /// most once per period, with the number refused in between).
    pub fn admit(self: &Arc<Self>, peer: SocketAddr) -> Option<Admitted> {
        let max = self.settings.max_connections;
        let got = self
            .open
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max).then_some(n + 1)
            });
        if got.is_ok() {
            return Some(Admitted(self.clone()));
        }
        let mut r = self.refusals.lock();
        r.unlogged += 1;
        let now = Instant::now();
        if r.last_log
            .is_none_or(|t| now.duration_since(t) >= REFUSAL_LOG_EVERY)
        {
            tracing::warn!(
                "refusing connection from {peer}: {max} client connections open, the most \
                 allowed (ThriftMaxConnections, or the file-descriptor limit less its reserve); \
                 {} refused since the last report",
                r.unlogged
            );
            r.last_log = Some(now);
            r.unlogged = 0;
        }
        None
    }
}

type Job = Box<dyn FnOnce() + Send>;

/// One thread for the calls of requests that went over the memory budget.
/// The budget lets one such request run at a time; running them all on the
/// same thread lets each reuse the memory the previous one freed, where the
/// blocking pool would spread them over threads whose allocator arenas each
/// keep the peak of the last big call they ran.
#[derive(Debug, Default)]
pub struct LaneThread {
    jobs: Mutex<Option<mpsc::Sender<Job>>>,
}

impl LaneThread {
    /// Runs `f` on the lane thread; `Err` if it panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, String> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = tx.send(catch_unwind(AssertUnwindSafe(f)));
        });
        self.submit(job)?;
        match rx.await {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(_)) => Err("the call panicked".into()),
            Err(_) => Err("the lane thread stopped".into()),
        }
    }

    fn submit(&self, job: Job) -> Result<(), String> {
        let mut jobs = self.jobs.lock();
        let job = match jobs.as_ref() {
            Some(tx) => match tx.send(job) {
                Ok(()) => return Ok(()),
                Err(mpsc::SendError(job)) => job,
            },
            None => job,
        };
        // First use (or the thread is gone): start it.
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("supercolumn-lane".into())
            .spawn(move || {
                for job in rx {
                    job();
                }
            })
            .map_err(|e| format!("cannot start the lane thread: {e}"))?;
        tx.send(job)
            .map_err(|_| "the lane thread stopped".to_string())?;
        *jobs = Some(tx);
        Ok(())
    }
}

/// One admitted connection; counted out when dropped.
#[derive(Debug)]
pub struct Admitted(Arc<Limits>);

impl Drop for Admitted {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The process's open-file limit before and after start-up raised it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FdLimit {
    pub before: Option<u64>,
    /// `None`: unlimited.
    pub now: Option<u64>,
}

/// Raises the soft RLIMIT_NOFILE to the hard limit, as the JVM did at
/// start-up (`-XX:+MaxFDLimit`), so the fd reserve is taken from the most
/// the process may have.
pub fn raise_fd_limit() -> FdLimit {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let old = getrlimit(Resource::Nofile);
    if old.current != old.maximum {
        let raised = Rlimit {
            current: old.maximum,
            maximum: old.maximum,
        };
        match setrlimit(Resource::Nofile, raised) {
            Ok(()) => {}
            Err(e) => tracing::warn!("cannot raise the open-file limit to the hard limit: {e}"),
        }
    }
    FdLimit {
        before: old.current,
        now: getrlimit(Resource::Nofile).current,
    }
}

/// How many descriptors the process has open (Linux; `None` elsewhere).
pub fn open_fds() -> Option<usize> {
    // The directory handle being read is one of them.
    std::fs::read_dir("/proc/self/fd")
        .ok()
        .map(|d| d.count().saturating_sub(1))
}

/// Descriptors kept for storage and the server itself: those open at
/// start-up (after the engine opened its SSTables and the listeners are
/// bound) plus an eighth of the limit, at least [`FD_RESERVE_MIN`].
pub fn fd_reserve(limit: usize, open_at_start: usize) -> usize {
    open_at_start.saturating_add((limit / 8).max(FD_RESERVE_MIN))
}

/// The most client connections a descriptor limit leaves room for.
pub fn fd_connection_cap(limit: Option<u64>, open_at_start: usize) -> usize {
    match limit {
        None => usize::MAX,
        Some(l) => {
            let l = usize::try_from(l).unwrap_or(usize::MAX);
            l.saturating_sub(fd_reserve(l, open_at_start))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(max: usize) -> LimitSettings {
        LimitSettings {
            max_connections: max,
            memory_budget_bytes: 1 << 20,
            idle_timeout: None,
            read_timeout: None,
            write_timeout: None,
            worker_slots: 2,
        }
    }

    #[test]
    fn connections_beyond_the_cap_are_refused_until_one_closes() {
        let limits = Limits::new(settings(2));
        let peer: SocketAddr = "127.0.0.1:1".parse().unwrap();
        let a = limits.admit(peer).unwrap();
        let _b = limits.admit(peer).unwrap();
        for _ in 0..100 {
            assert!(limits.admit(peer).is_none());
        }
        assert_eq!(limits.refusals.lock().unlogged, 99, "one line, then quiet");
        assert_eq!(limits.open_connections(), 2);
        drop(a);
        assert_eq!(limits.open_connections(), 1);
        assert!(limits.admit(peer).is_some());
    }

    #[tokio::test]
    async fn lane_calls_run_on_one_thread_and_survive_panics() {
        let lane = LaneThread::default();
        let first = lane.run(|| std::thread::current().id()).await.unwrap();
        assert!(lane.run(|| panic!("boom")).await.is_err());
        let again = lane.run(|| std::thread::current().id()).await.unwrap();
        assert_eq!(first, again);
    }

    #[test]
    fn the_reserve_grows_with_the_limit() {
        assert_eq!(fd_connection_cap(Some(256), 20), 256 - 20 - 64);
        assert_eq!(fd_connection_cap(Some(1024), 20), 1024 - 20 - 128);
        assert_eq!(fd_connection_cap(Some(65536), 30), 65536 - 30 - 8192);
        assert_eq!(fd_connection_cap(Some(50), 20), 0);
        assert_eq!(fd_connection_cap(None, 20), usize::MAX);
    }

    #[test]
    fn the_soft_limit_is_raised_to_the_hard_limit() {
        let l = raise_fd_limit();
        let hard = rustix::process::getrlimit(rustix::process::Resource::Nofile).maximum;
        assert_eq!(l.now, hard);
        assert!(open_fds().is_none_or(|n| n >= 3));
    }
}
