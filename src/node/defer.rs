//! A cluster backend's calls awaited by a front end instead of blocking a
//! thread: the async path from a request to the cluster's driver.
//!
//! Why not an async border: the front ends' handlers (decoding, checks,
//! the generations' error shapes) are synchronous and shared with the
//! embedded engine, whose calls never wait on the network. So a front end
//! runs a request's handler under [`run`] on its network task: the first
//! cluster call the handler makes is not sent from there but handed back
//! ([`Step::Wait`]) as a future that owns what it needs, and the handler
//! sees `NodeError::WouldBlock` (its answer is dropped, as an attempt's
//! that would have waited on the disk is). The front end awaits the
//! future (the driver's answer wakes the task: no pool thread, no
//! `block_on`), then runs the handler again with the [`Answers`] so far:
//! each cluster call the handler makes is answered from them in order, and
//! the first new one is handed back in turn. A call's cluster calls are
//! thereby each sent exactly once (a write is never sent twice), and its
//! answer, errors and their order are the blocking path's by construction.
//! A request needing many cluster calls (a multiget of many keys) would
//! run its handler once per call: past a few rounds the front end finishes
//! it where it may block, under [`replay`].
//!
//! A write need not be answered for the handler to go on: its answer is
//! nothing or an error. Under [`run_assuming`], a write not yet answered
//! is taken as having succeeded, and a handler that then runs to its end
//! without another cluster call hands back its reply with the write
//! ([`Step::Assumed`]): the reply stands if the write succeeds, which is
//! what a run with its answer would have made (a run's reply depends only
//! on the request, the node and its answers); if it fails, the handler runs
//! again with the failure, as it would have. So a plain write runs its
//! handler once, not twice.
//!
//! A run's state is the call's (`call::Scope::deferred`, the answers kept
//! there type-erased); this module owns its meaning and the answers' kinds
//! only; the cluster's `Backend` (`node::backend`) asks it what to do with
//! each call, and the front end's server decides where requests run.

use super::{NodeError, NodeResult};
use crate::call::{self, Deferred};
use crate::model::RowResult;
use std::any::Any;
use std::future::Future;
use std::ops::Deref;
use std::sync::Arc;

/// What one cluster call answered.
#[derive(Clone, Debug)]
pub(super) enum Answer {
    Row(NodeResult<Option<RowResult>>),
    Written(NodeResult<()>),
}

/// The answers of a request's cluster calls so far, in call order (each
/// an [`Answer`]), and what its runs keep for the next ([`reuse`]).
#[derive(Default)]
pub struct Answers(Vec<call::Answer>, Option<Arc<dyn Any + Send + Sync>>);

impl std::fmt::Debug for Answers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let typed: Vec<Option<&Answer>> = self.0.iter().map(|a| a.downcast_ref()).collect();
        f.debug_tuple("Answers").field(&typed).finish()
    }
}

/// A cluster call to await: [`Wait::answer`] sends it and keeps its answer.
pub struct Wait(call::Pending);

impl Wait {
    /// Sends the call, waits for the cluster's answer and adds it to
    /// `answers`, for the request's next run; whether the call succeeded.
    pub async fn answer(self, answers: &mut Answers) -> bool {
        let answer = self.0.await;
        let succeeded = match answer.downcast_ref::<Answer>() {
            Some(Answer::Row(r)) => r.is_ok(),
            Some(Answer::Written(r)) => r.is_ok(),
            None => false,
        };
        answers.0.push(answer);
        succeeded
    }
}

/// How a run under [`run`] ended.
pub enum Step<T> {
    /// The handler ran to its end: every cluster call it made was answered.
    Done(T),
    /// The handler made a cluster call not yet answered: what it returned
    /// was dropped; await this, then run it again.
    Wait(Wait),
    /// The handler ran to its end taking its last cluster call, a write
    /// not yet sent, as succeeded ([`run_assuming`]): await the write; if
    /// it succeeded, this is the answer, else run the handler again.
    Assumed(T, Wait),
}

/// Runs `f` with `answers` in the call's scope, and hands them back with
/// what was pending, whatever `f` did (a panic included).
fn with_state<T>(
    answers: Answers,
    block: bool,
    may_assume: bool,
    f: impl FnOnce() -> T,
) -> (T, Answers, Option<Wait>, bool) {
    let Answers(answers, kept) = answers;
    let state = Deferred {
        answers,
        kept,
        block,
        may_assume,
        ..Deferred::default()
    };
    let (out, state) = call::within(|s| &mut s.deferred, Some(Box::new(state)), f);
    let Some(state) = state else {
        return (out, Answers::default(), None, false);
    };
    let state = *state;
    let assumed = state.assumed && !state.refused;
    let back = Answers(state.answers, state.kept);
    (out, back, state.pending.map(Wait), assumed)
}

/// Runs `f` with its cluster calls answered from `answers`; the first
/// call they do not answer is handed back to be awaited (see the module
/// header).
pub fn run<T>(answers: &mut Answers, f: impl FnOnce() -> T) -> Step<T> {
    run_with(answers, false, f)
}

/// [`run`], with a write not yet answered taken as succeeded (see the
/// module header): for a handler whose run has no effect but its reply and
/// its cluster calls (a traced call's run records its trace: not one).
pub fn run_assuming<T>(answers: &mut Answers, f: impl FnOnce() -> T) -> Step<T> {
    run_with(answers, true, f)
}

fn run_with<T>(answers: &mut Answers, may_assume: bool, f: impl FnOnce() -> T) -> Step<T> {
    let (out, back, pending, assumed) = with_state(std::mem::take(answers), false, may_assume, f);
    *answers = back;
    match pending {
        Some(wait) if assumed => Step::Assumed(out, wait),
        Some(wait) => Step::Wait(wait),
        None => Step::Done(out),
    }
}

/// Runs `f` with its cluster calls answered from `answers` while they
/// last, and any further call made as usual, blocking: a request's last
/// run, where it may block (the front end's blocking pool).
pub fn replay<T>(answers: Answers, f: impl FnOnce() -> T) -> T {
    with_state(answers, true, false, f).0
}

/// A value a handler made from its request alone (its decoded
/// arguments): its own, or shared with the request's other runs.
pub enum Reused<A> {
    Own(A),
    Kept(Arc<A>),
}

impl<A> Deref for Reused<A> {
    type Target = A;
    fn deref(&self) -> &A {
        match self {
            Reused::Own(a) => a,
            Reused::Kept(a) => a,
        }
    }
}

/// `make()`'s value, made once per request: in a run, the one an earlier
/// run of the same request made is reused (a run handed back reads its
/// arguments once, not once per run); outside a run, `make()`'s own. For a
/// value that is a function of the request's bytes alone, one per request
/// (a second kind replaces the first); an error is not kept.
pub fn reuse<A: Any + Send + Sync, E>(make: impl FnOnce() -> Result<A, E>) -> Result<Reused<A>, E> {
    let kept = call::with(|s| {
        let state = s.deferred.as_ref()?;
        Some(state.kept.clone().and_then(|k| k.downcast::<A>().ok()))
    });
    match kept {
        None => make().map(Reused::Own),
        Some(Some(a)) => Ok(Reused::Kept(a)),
        Some(None) => {
            let a = Arc::new(make()?);
            call::with(|s| {
                if let Some(state) = s.deferred.as_mut() {
                    state.kept = Some(a.clone());
                }
            });
            Ok(Reused::Kept(a))
        }
    }
}

/// The kinds of answers a deferred call may have.
pub(super) trait Answerable: Sized {
    fn into_answer(r: NodeResult<Self>) -> Answer;
    fn from_answer(a: Answer) -> Option<NodeResult<Self>>;
    /// What a call not yet answered may be taken to have answered (a
    /// write's success); `None`: the handler needs the answer itself.
    fn assumed() -> Option<Self>;
}

impl Answerable for Option<RowResult> {
    fn into_answer(r: NodeResult<Self>) -> Answer {
        Answer::Row(r)
    }
    fn from_answer(a: Answer) -> Option<NodeResult<Self>> {
        match a {
            Answer::Row(r) => Some(r),
            Answer::Written(_) => None,
        }
    }
    fn assumed() -> Option<Self> {
        None
    }
}

impl Answerable for () {
    fn into_answer(r: NodeResult<Self>) -> Answer {
        Answer::Written(r)
    }
    fn from_answer(a: Answer) -> Option<NodeResult<Self>> {
        match a {
            Answer::Written(r) => Some(r),
            Answer::Row(_) => None,
        }
    }
    fn assumed() -> Option<Self> {
        Some(())
    }
}

/// What one cluster call does on this thread: outside a run, `block()`;
/// in a run, its recorded answer if it has one, else (the first new call)
/// `start()`'s future is kept to be awaited and the call fails as a read
/// that would have waited fails (a write under [`run_assuming`] succeeds);
/// in [`replay`], `block()` past the answers.
pub(super) fn call<T, F>(
    start: impl FnOnce() -> F,
    block: impl FnOnce() -> NodeResult<T>,
) -> NodeResult<T>
where
    T: Answerable + 'static,
    F: Future<Output = NodeResult<T>> + Send + 'static,
{
    enum Next<T> {
        Answered(NodeResult<T>),
        Defer(bool),
        Pending,
        Block,
    }
    let next = call::with(|s| {
        let Some(state) = s.deferred.as_mut() else {
            return Next::Block;
        };
        if let Some(a) = state.answers.get(state.next) {
            state.next += 1;
            let typed = a.downcast_ref::<Answer>().cloned();
            return Next::Answered(typed.and_then(T::from_answer).unwrap_or_else(|| {
                Err(NodeError::Internal(
                    "a request's cluster calls changed between its runs".into(),
                ))
            }));
        }
        match (state.block, state.pending.is_some()) {
            (true, _) => Next::Block,
            (false, true) => {
                state.refused = true;
                Next::Pending
            }
            (false, false) => Next::Defer(state.may_assume),
        }
    });
    match next {
        Next::Answered(r) => r,
        Next::Block => block(),
        Next::Defer(may_assume) => {
            let f = start();
            let wait: call::Pending = Box::pin(async move {
                let answer: call::Answer = Arc::new(T::into_answer(f.await));
                answer
            });
            let assumed = T::assumed().filter(|_| may_assume);
            call::with(|s| {
                if let Some(state) = s.deferred.as_mut() {
                    state.pending = Some(wait);
                    state.assumed = assumed.is_some();
                }
            });
            assumed.map_or_else(|| Err(waiting()), Ok)
        }
        // The handler went on past a call not yet answered: that one is
        // awaited first; this one is made on the next run.
        Next::Pending => Err(waiting()),
    }
}

fn waiting() -> NodeError {
    NodeError::WouldBlock(
        "the call waits for the cluster (it is sent from the network task)".into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(n: u8) -> NodeResult<Option<RowResult>> {
        Ok(Some(RowResult::Cells(vec![crate::model::Cell::live(
            vec![n],
            vec![n],
            1,
        )])))
    }

    /// A handler making two reads and a write, counting what it sent.
    fn handler(sent: &std::cell::Cell<u32>) -> NodeResult<u32> {
        let a = call(
            || async { read(1) },
            || {
                sent.set(sent.get() + 1);
                read(1)
            },
        )?;
        let b = call(
            || async { read(2) },
            || {
                sent.set(sent.get() + 1);
                read(2)
            },
        )?;
        call(|| async { Ok(()) }, || Ok(()))?;
        assert_eq!((a, b), (read(1).unwrap(), read(2).unwrap()));
        Ok(3)
    }

    fn block_on<F: Future>(f: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(f)
    }

    #[test]
    fn each_call_is_awaited_once_then_answered_in_order() {
        let sent = std::cell::Cell::new(0);
        let mut answers = Answers::default();
        let mut rounds = 0;
        let out = loop {
            match run(&mut answers, || handler(&sent)) {
                Step::Done(out) => break out,
                Step::Wait(w) => {
                    rounds += 1;
                    block_on(w.answer(&mut answers));
                }
                Step::Assumed(..) => panic!("a plain run assumes nothing"),
            }
        };
        assert_eq!(out, Ok(3));
        assert_eq!(rounds, 3);
        // Nothing was sent blocking.
        assert_eq!(sent.get(), 0);
        // Outside a run, calls block.
        assert_eq!(handler(&sent), Ok(3));
        assert_eq!(sent.get(), 2);
    }

    #[test]
    fn a_replay_blocks_past_the_answers() {
        let sent = std::cell::Cell::new(0);
        let mut answers = Answers::default();
        let Step::Wait(w) = run(&mut answers, || handler(&sent)) else {
            panic!("the first call is handed back");
        };
        assert!(matches!(
            run(&mut Answers::default(), || handler(&sent)),
            Step::Wait(_)
        ));
        block_on(w.answer(&mut answers));
        assert_eq!(replay(answers, || handler(&sent)), Ok(3));
        assert_eq!(sent.get(), 1);
    }

    #[test]
    fn an_answer_of_another_kind_is_an_internal_error() {
        let written: call::Answer = Arc::new(Answer::Written(Ok(())));
        let mut answers = Answers(vec![written], None);
        let r = replay(std::mem::take(&mut answers), || {
            call(|| async { read(1) }, || read(1))
        });
        assert!(matches!(r, Err(NodeError::Internal(_))));
    }

    /// A handler making one write, then perhaps a read, counting its runs.
    fn writer(
        runs: &std::cell::Cell<u32>,
        written: NodeResult<()>,
        then_read: bool,
    ) -> NodeResult<u32> {
        runs.set(runs.get() + 1);
        call(move || async move { written }, || unreachable!("in a run"))?;
        if then_read {
            call(|| async { read(1) }, || unreachable!("in a run"))?;
        }
        Ok(7)
    }

    #[test]
    fn a_write_taken_as_succeeded_runs_its_handler_once() {
        let runs = std::cell::Cell::new(0);
        let mut answers = Answers::default();
        let Step::Assumed(out, w) = run_assuming(&mut answers, || writer(&runs, Ok(()), false))
        else {
            panic!("the write is taken as succeeded");
        };
        assert_eq!(out, Ok(7));
        assert!(block_on(w.answer(&mut answers)));
        assert_eq!(runs.get(), 1);
    }

    #[test]
    fn a_failed_write_taken_as_succeeded_runs_again_with_its_failure() {
        let runs = std::cell::Cell::new(0);
        let mut answers = Answers::default();
        let failed = || Err(NodeError::Internal("down".into()));
        let Step::Assumed(_, w) = run_assuming(&mut answers, || writer(&runs, failed(), false))
        else {
            panic!("the write is taken as succeeded");
        };
        assert!(!block_on(w.answer(&mut answers)));
        let Step::Done(out) = run_assuming(&mut answers, || writer(&runs, failed(), false)) else {
            panic!("every call is answered");
        };
        assert_eq!(out, Err(NodeError::Internal("down".into())));
        assert_eq!(runs.get(), 2);
    }

    #[test]
    fn a_write_followed_by_a_call_is_awaited_before_the_call_is_made() {
        let runs = std::cell::Cell::new(0);
        let mut answers = Answers::default();
        let mut rounds = 0;
        let out = loop {
            match run_assuming(&mut answers, || writer(&runs, Ok(()), true)) {
                Step::Done(out) => break out,
                Step::Wait(w) => {
                    rounds += 1;
                    assert!(block_on(w.answer(&mut answers)));
                }
                Step::Assumed(..) => panic!("the handler did not end on its write"),
            }
        };
        assert_eq!(out, Ok(7));
        assert_eq!((rounds, runs.get()), (2, 3));
    }

    #[test]
    fn a_value_is_made_once_per_request_across_its_runs() {
        let made = std::cell::Cell::new(0);
        let handler = || {
            let args = reuse(|| {
                made.set(made.get() + 1);
                Ok::<_, ()>(vec![1u8, 2])
            })
            .unwrap();
            let (a, b) = (args[0], args[1]);
            call(move || async move { read(a) }, move || read(b))
        };
        let mut answers = Answers::default();
        let Step::Wait(w) = run(&mut answers, handler) else {
            panic!("the read is handed back");
        };
        block_on(w.answer(&mut answers));
        assert!(matches!(run(&mut answers, handler), Step::Done(Ok(_))));
        assert_eq!(made.get(), 1);
        // Another request makes its own; outside a run, each call does.
        assert!(matches!(
            run(&mut Answers::default(), handler),
            Step::Wait(_)
        ));
        assert_eq!(made.get(), 2);
        assert_eq!(handler(), read(2));
        assert_eq!(made.get(), 3);
    }
}
