//! One client call as every layer sees it: what it asks of the data's homes
//! ([`Consistency`], [`Atomicity`]), how a cluster may refuse it
//! ([`Refusal`]), and its [`Scope`]: the facts of the running call that the
//! layers below read without their callers passing them.
//!
//! A scope holds five facts, each owned (read and written) by one module:
//! the consistency level (set by the front end's handler once it has decoded
//! it; read by `node::backend` for a cluster), the reply meter (opened by
//! the front end with the reply cap and the call's budget charge; counted
//! by `node::reply`), the wait mode (a no-wait attempt's, `node::route`;
//! read by `storage::nowait`), the deferred cluster answers (`node::defer`)
//! and the trace recorder (`trace`). This module only holds them: it
//! defines their plain shapes and the one way in ([`enter`], [`within`],
//! [`with`]), and decides nothing about any of them.
//!
//! Why one per-thread value and not an argument: a call runs on one thread
//! from the front end's handler down to the engine's reads, and its facts
//! are needed at the bottom (a cluster's statement, an SSTable read) of
//! signatures every front end, tool and test shares. One thread-local, one
//! guard: a front end enters the call's scope once per run of the call
//! ([`enter`]: fresh, nothing inherited from the thread), and a fact learned
//! or changed within the call is set for a part of it ([`within`], the one
//! guard, which puts the previous value back however the part ends). A
//! scope never spans an `.await`: every entry and change is made around
//! synchronous code (a front end awaiting a cluster call leaves the scope
//! first, keeps what it needs, and enters a new one for the next run), so
//! no task ever sees another's scope. Outside any entered scope (tools,
//! tests) the thread's own scope holds no meter, no answers, no trace and no
//! level, and reads may wait.
//!
//! Kept low (its own layer, below `trace` and `storage`, which read it): its
//! fields are plain data and the budget's charge; the typed meaning of the
//! deferred answers is `node::defer`'s, which keeps them here type-erased.

use crate::budget::Charge;
use std::any::Any;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The consistency levels a call may ask of a cluster (the embedded engine
/// has one replica and answers every level alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Consistency {
    /// The 0.6 API's ZERO (writes only): sent at ANY, and the cluster's
    /// Unavailable or timeout answer is not reported, as 0.6 answered
    /// before any replica did.
    Zero,
    Any,
    One,
    Two,
    Three,
    Quorum,
    All,
    LocalQuorum,
    EachQuorum,
    LocalOne,
}

impl Consistency {
    /// By the names Thrift and CQL give them (`LOCAL_QUORUM`).
    pub fn from_name(name: &str) -> Option<Consistency> {
        const NAMED: [(&str, Consistency); 9] = [
            ("ANY", Consistency::Any),
            ("ONE", Consistency::One),
            ("TWO", Consistency::Two),
            ("THREE", Consistency::Three),
            ("QUORUM", Consistency::Quorum),
            ("ALL", Consistency::All),
            ("LOCAL_QUORUM", Consistency::LocalQuorum),
            ("EACH_QUORUM", Consistency::EachQuorum),
            ("LOCAL_ONE", Consistency::LocalOne),
        ];
        NAMED
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, c)| *c)
    }
}

/// Whether a write's rows are applied all or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atomicity {
    /// Each row by itself (a row is always whole).
    PerRow,
    /// Every row or none: through a cluster's batch log when more than
    /// one row is written.
    Logged,
}

/// A refusal as a cluster gave it over the native protocol: its message
/// and what it said of the replicas, kept whole so that a native front end
/// passes on what the cluster said (Thrift's exceptions carry less).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
    pub said: Said,
}

/// The counts of a [`Refusal`]; consistency levels by their protocol codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Unavailable {
        consistency: u16,
        required: i32,
        alive: i32,
    },
    ReadTimeout {
        consistency: u16,
        received: i32,
        block_for: i32,
        data_present: bool,
    },
    WriteTimeout {
        consistency: u16,
        received: i32,
        block_for: i32,
        write_type: String,
    },
    /// A read that failed on too many replicas (not a timeout: the
    /// native protocol v4's READ_FAILURE), with how many failed.
    ReadFailure {
        consistency: u16,
        received: i32,
        block_for: i32,
        num_failures: i32,
        data_present: bool,
    },
    /// A write that failed on too many replicas (v4's WRITE_FAILURE).
    WriteFailure {
        consistency: u16,
        received: i32,
        block_for: i32,
        num_failures: i32,
        write_type: String,
    },
    Overloaded,
    IsBootstrapping,
    /// A truncate that did not reach every replica (Cassandra's
    /// `TruncateException`: the native protocol's TRUNCATE_ERROR).
    TruncateError,
}

/// Whether the call's reads may wait on the disk (see `storage::nowait`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaitMode {
    /// Reads may wait (the default, and in every call but an attempt).
    Wait,
    /// In an attempt, nothing missed so far.
    NoWait,
    /// In an attempt, a read would have waited.
    Missed,
}

/// The reply a call is building, counted (see `node::reply`).
#[derive(Debug)]
pub struct Meter {
    /// The largest reply allowed, in encoded bytes.
    pub cap: usize,
    /// Encoded bytes of the results counted so far.
    pub reply: usize,
    /// Memory of the results counted so far.
    pub memory: usize,
    /// The call's charge, and what it stood for when the call started.
    pub charge: Charge,
    pub base: usize,
}

/// One cluster call's answer, as `node::defer` typed it.
pub type Answer = Arc<dyn Any + Send + Sync>;
/// A cluster call not yet answered: the future that answers it.
pub type Pending = Pin<Box<dyn Future<Output = Answer> + Send>>;

/// A run of a call whose cluster calls are answered from those of its
/// earlier runs (see `node::defer`).
#[derive(Default)]
pub struct Deferred {
    /// The answers so far, in call order.
    pub answers: Vec<Answer>,
    /// What the call's runs keep for the next (its decoded arguments).
    pub kept: Option<Arc<dyn Any + Send + Sync>>,
    /// How many of `answers` this run's calls took so far.
    pub next: usize,
    /// The first call this run could not answer (`None`: none yet).
    pub pending: Option<Pending>,
    /// New calls block rather than being handed back.
    pub block: bool,
    /// A write not yet answered may be taken as succeeded.
    pub may_assume: bool,
    /// `pending` is a write taken as succeeded.
    pub assumed: bool,
    /// A call was refused after `pending` (the handler did not end on it).
    pub refused: bool,
}

/// One step of a traced call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Microseconds since the call started (`source_elapsed`).
    pub elapsed_micros: i64,
    pub activity: String,
    /// The thread that did it.
    pub thread: String,
}

/// What a traced call noted so far (see `trace`).
#[derive(Debug)]
pub struct Recorder {
    pub started: Instant,
    /// Wall-clock start, microseconds since the epoch.
    pub started_wall_micros: i64,
    pub events: Vec<Event>,
    pub parameters: BTreeMap<String, String>,
}

impl Recorder {
    /// A recording starting now.
    pub fn start() -> Recorder {
        let wall = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX));
        Recorder {
            started: Instant::now(),
            started_wall_micros: wall,
            events: Vec::new(),
            parameters: BTreeMap::new(),
        }
    }

    pub fn elapsed_micros(&self) -> i64 {
        i64::try_from(self.started.elapsed().as_micros()).unwrap_or(i64::MAX)
    }
}

/// The facts of the call running on this thread.
pub struct Scope {
    /// The level the client asked for (`None`: the backend's default).
    pub level: Option<Consistency>,
    /// Whether reads may wait on the disk.
    pub wait: WaitMode,
    /// The reply being counted (`None`: nothing is counted).
    pub meter: Option<Meter>,
    /// The answers of the call's earlier runs (`None`: calls block).
    /// Boxed, as the trace: rare, and a scope entered per call is moved
    /// whole (kept small, its moves stay cheap on the hot path).
    pub deferred: Option<Box<Deferred>>,
    /// The call's trace (`None`: not traced).
    pub trace: Option<Box<Recorder>>,
}

impl Scope {
    /// No facts: reads may wait, nothing is counted, deferred or traced.
    pub const NONE: Scope = Scope {
        level: None,
        wait: WaitMode::Wait,
        meter: None,
        deferred: None,
        trace: None,
    };

    /// A call whose reply may take `cap` bytes, its memory charged to
    /// `charge` (which holds what the request itself costs).
    pub fn metered(cap: usize, charge: Charge) -> Scope {
        let base = charge.bytes();
        Scope {
            meter: Some(Meter {
                cap,
                reply: 0,
                memory: 0,
                charge,
                base,
            }),
            ..Scope::NONE
        }
    }
}

impl Scope {
    /// The meter's charge, holding what the call's results took (until
    /// its reply is written).
    pub fn into_charge(self) -> Option<Charge> {
        self.meter.map(|m| m.charge)
    }
}

impl Default for Scope {
    fn default() -> Scope {
        Scope::NONE
    }
}

thread_local! {
    static SCOPE: RefCell<Scope> = const { RefCell::new(Scope::NONE) };
}

/// The one accessor: `f` on the running call's scope. `f` must not reach
/// the scope again (it is borrowed while `f` runs).
pub fn with<R>(f: impl FnOnce(&mut Scope) -> R) -> R {
    SCOPE.with(|s| f(&mut s.borrow_mut()))
}

/// Runs `f` with the fact `fact` picks set to `value`, then puts the one
/// it replaced back (also when `f` panics); what `f` returned, and the
/// fact as `f` left it. The one guard of every change within a call
/// ([`enter`], which swaps the whole scope, has its own).
pub fn within<V, T>(fact: fn(&mut Scope) -> &mut V, value: V, f: impl FnOnce() -> T) -> (T, V) {
    struct Restore<V> {
        fact: fn(&mut Scope) -> &mut V,
        before: Option<V>,
    }
    impl<V> Restore<V> {
        fn put_back(&mut self) -> Option<V> {
            let before = self.before.take()?;
            let fact = self.fact;
            Some(with(|s| std::mem::replace(fact(s), before)))
        }
    }
    impl<V> Drop for Restore<V> {
        fn drop(&mut self) {
            self.put_back();
        }
    }
    let before = with(|s| std::mem::replace(fact(s), value));
    let mut restore = Restore {
        fact,
        before: Some(before),
    };
    let out = f();
    let after = restore.put_back().expect("put back once");
    (out, after)
}

/// Runs `f` as a call of its own in `scope` (a front end's entry, once per
/// run of a call: nothing of the thread's scope is inherited); what `f`
/// returned, and the scope as the call left it.
///
/// [`within`] for the whole scope, written out: it runs once per call, and
/// swapping the scope in place (no function pointer, no scope moved
/// through closures) saves it a few hundred instructions.
#[inline]
pub fn enter<T>(scope: Scope, f: impl FnOnce() -> T) -> (T, Scope) {
    /// Holds the thread's scope while the call's scope is in its place, and
    /// swaps it back if `f` panics.
    struct Leave {
        held: Scope,
        running: bool,
    }
    impl Drop for Leave {
        fn drop(&mut self) {
            if self.running {
                swap(&mut self.held);
            }
        }
    }
    let mut leave = Leave {
        held: scope,
        running: true,
    };
    swap(&mut leave.held);
    let out = f();
    swap(&mut leave.held);
    leave.running = false;
    (out, std::mem::take(&mut leave.held))
}

/// Swaps the thread's scope with `other`.
#[inline]
fn swap(other: &mut Scope) {
    SCOPE.with(|s| std::mem::swap(&mut *s.borrow_mut(), other));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level() -> Option<Consistency> {
        with(|s| s.level)
    }

    #[test]
    fn changes_are_put_back_however_they_end() {
        assert_eq!(level(), None);
        let ((), left) = within(
            |s| &mut s.level,
            Some(Consistency::Quorum),
            || {
                assert_eq!(level(), Some(Consistency::Quorum));
                within(
                    |s| &mut s.level,
                    Some(Consistency::All),
                    || assert_eq!(level(), Some(Consistency::All)),
                );
                assert_eq!(level(), Some(Consistency::Quorum));
                with(|s| s.level = Some(Consistency::One));
            },
        );
        assert_eq!(left, Some(Consistency::One));
        assert_eq!(level(), None);
        let panicked = std::panic::catch_unwind(|| {
            within(
                |s| &mut s.level,
                Some(Consistency::Two),
                || panic!("in the call"),
            )
        });
        assert!(panicked.is_err());
        assert_eq!(level(), None);
    }

    #[test]
    fn an_entered_call_inherits_nothing_and_hands_its_scope_back() {
        let ((), _) = within(
            |s| &mut s.wait,
            WaitMode::NoWait,
            || {
                let (seen, left) = enter(Scope::NONE, || {
                    with(|s| s.level = Some(Consistency::All));
                    with(|s| s.wait)
                });
                assert_eq!(seen, WaitMode::Wait);
                assert_eq!(left.level, Some(Consistency::All));
                assert_eq!(with(|s| (s.wait, s.level)), (WaitMode::NoWait, None));
            },
        );
        assert_eq!(with(|s| s.wait), WaitMode::Wait);
    }

    #[test]
    fn levels_are_named_as_thrift_and_cql_name_them() {
        assert_eq!(
            Consistency::from_name("local_quorum"),
            Some(Consistency::LocalQuorum)
        );
        assert_eq!(Consistency::from_name("ZERO"), None);
    }
}
