//! Running out of a resource the operating system lends: disk space (or
//! quota) and file descriptors. Owns recognising those failures among I/O
//! errors and logging each episode of them once.
//!
//! Such failures are not damage and not bugs: the call that met one did
//! nothing durable, and the same call succeeds again once space or
//! descriptors come back. Callers keep their state consistent, return the
//! typed error and retry later; this module only says which errors these
//! are and keeps the log to one line when an episode starts and one when it
//! ends, however many calls fail in between. It must not retry or decide
//! anything itself.

use parking_lot::Mutex;
use std::fmt;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Exhaustion {
    /// No space left on the device, or the disk quota is used up (ENOSPC, EDQUOT).
    DiskFull,
    /// The process or the system may not open more files (EMFILE, ENFILE).
    TooManyOpenFiles,
}

// EMFILE and ENFILE have these numbers on Linux, the BSDs and macOS alike;
// std has no `ErrorKind` for them.
const ENFILE: i32 = 23;
const EMFILE: i32 = 24;

impl Exhaustion {
    /// The exhaustion `e` reports, if it reports one.
    pub fn of(e: &io::Error) -> Option<Exhaustion> {
        match e.kind() {
            io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => {
                return Some(Exhaustion::DiskFull)
            }
            _ => {}
        }
        match e.raw_os_error() {
            Some(EMFILE | ENFILE) => Some(Exhaustion::TooManyOpenFiles),
            _ => None,
        }
    }
}

impl fmt::Display for Exhaustion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Exhaustion::DiskFull => "disk full",
            Exhaustion::TooManyOpenFiles => "too many open files",
        })
    }
}

/// Logs the episodes of one activity (say, commit-log writes) failing for
/// lack of a resource: an ERROR line at the first failure, naming the cause
/// and the file, and one WARN line at the first success after it, with how
/// many operations failed meanwhile. Failures in between are only counted.
pub(crate) struct Episodes {
    /// What fails, for the log lines ("commit log writes").
    activity: &'static str,
    /// What the failure means for clients or data, appended to the first line.
    consequence: &'static str,
    /// Whether an episode is open: keeps `succeeded` lock-free on the hot path.
    open: AtomicBool,
    state: Mutex<Option<Episode>>,
}

struct Episode {
    cause: Exhaustion,
    since: Instant,
    failures: u64,
}

impl Episodes {
    pub(crate) const fn new(activity: &'static str, consequence: &'static str) -> Episodes {
        Episodes {
            activity,
            consequence,
            open: AtomicBool::new(false),
            state: Mutex::new(None),
        }
    }

    /// Notes one failure; logs it if it starts an episode (or the cause changed).
    pub(crate) fn failed(&self, cause: Exhaustion, detail: &dyn fmt::Display) {
        let mut st = self.state.lock();
        match st.as_mut() {
            Some(ep) if ep.cause == cause => ep.failures += 1,
            _ => {
                tracing::error!(
                    "{} are failing: {cause} ({detail}); {}",
                    self.activity,
                    self.consequence
                );
                *st = Some(Episode {
                    cause,
                    since: Instant::now(),
                    failures: 1,
                });
                self.open.store(true, Ordering::Release);
            }
        }
    }

    /// Notes a success; logs the end of an open episode.
    pub(crate) fn succeeded(&self) {
        if !self.open.load(Ordering::Acquire) {
            return;
        }
        let mut st = self.state.lock();
        if let Some(ep) = st.take() {
            self.open.store(false, Ordering::Release);
            tracing::warn!(
                "{} succeed again ({} resolved after {} failed attempts in {:.1} s)",
                self.activity,
                ep.cause,
                ep.failures,
                ep.since.elapsed().as_secs_f64()
            );
        }
    }

    /// Whether an episode is open.
    #[cfg(test)]
    pub(crate) fn is_open(&self) -> bool {
        self.open.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_the_os_errors_that_mean_exhaustion() {
        let os = io::Error::from_raw_os_error;
        assert_eq!(Exhaustion::of(&os(28)), Some(Exhaustion::DiskFull)); // ENOSPC
        assert_eq!(Exhaustion::of(&os(122)), Some(Exhaustion::DiskFull)); // EDQUOT
        assert_eq!(Exhaustion::of(&os(24)), Some(Exhaustion::TooManyOpenFiles));
        assert_eq!(Exhaustion::of(&os(23)), Some(Exhaustion::TooManyOpenFiles));
        assert_eq!(Exhaustion::of(&os(5)), None); // EIO
        assert_eq!(Exhaustion::of(&os(2)), None); // ENOENT
        assert_eq!(Exhaustion::of(&io::Error::other("x")), None);
    }

    #[test]
    fn an_episode_logs_once_at_each_end() {
        let logged = crate::storage::testutil::capture_logs(|| {
            let e = Episodes::new("test writes", "they are refused");
            e.succeeded();
            for _ in 0..100 {
                e.failed(Exhaustion::DiskFull, &"ENOSPC on f");
                assert!(e.is_open());
            }
            e.succeeded();
            e.succeeded();
            assert!(!e.is_open());
            e.failed(Exhaustion::TooManyOpenFiles, &"EMFILE");
            e.failed(Exhaustion::DiskFull, &"ENOSPC");
        });
        let lines: Vec<&str> = logged.lines().collect();
        assert_eq!(lines.len(), 4, "{logged}");
        assert!(
            lines[0].contains("ERROR")
                && lines[0]
                    .contains("test writes are failing: disk full (ENOSPC on f); they are refused"),
            "{logged}"
        );
        assert!(
            lines[1].contains("WARN") && lines[1].contains("after 100 failed attempts"),
            "{logged}"
        );
        assert!(lines[2].contains("too many open files"), "{logged}");
        assert!(lines[3].contains("disk full"), "{logged}");
    }
}
