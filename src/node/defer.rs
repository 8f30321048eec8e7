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
//! This module owns the per-thread mode and the answers' kinds only; the
//! cluster's `Backend` (`node::backend`) asks it what to do with each call,
//! and the front end's server decides where requests run.

use super::{NodeError, NodeResult};
use crate::model::RowResult;
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;

/// What one cluster call answered.
#[derive(Clone, Debug)]
pub(super) enum Answer {
    Row(NodeResult<Option<RowResult>>),
    Written(NodeResult<()>),
}

/// The answers of a request's cluster calls so far, in call order.
#[derive(Default, Debug)]
pub struct Answers(Vec<Answer>);

/// A cluster call to await: [`Wait::answer`] sends it and keeps its answer.
pub struct Wait(Pin<Box<dyn Future<Output = Answer> + Send>>);

impl Wait {
    /// Sends the call, waits for the cluster's answer and adds it to
    /// `answers`, for the request's next run.
    pub async fn answer(self, answers: &mut Answers) {
        answers.0.push(self.0.await);
    }
}

/// How a run under [`run`] ended.
pub enum Step<T> {
    /// The handler ran to its end: every cluster call it made was answered.
    Done(T),
    /// The handler made a cluster call not yet answered: what it returned
    /// was dropped; await this, then run it again.
    Wait(Wait),
}

/// The per-thread state of a run.
struct State {
    answers: Answers,
    /// How many of `answers` this run's calls took so far.
    next: usize,
    /// The first call this run could not answer (`None`: none yet).
    pending: Option<Wait>,
    /// New calls block ([`replay`]) rather than being handed back.
    block: bool,
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

/// Runs `f` with `answers` in place on this thread, and hands them back
/// with what was pending, whatever `f` did (a panic included).
fn with_state<T>(
    answers: Answers,
    block: bool,
    f: impl FnOnce() -> T,
) -> (T, Answers, Option<Wait>) {
    struct Restore(Option<State>);
    impl Drop for Restore {
        fn drop(&mut self) {
            STATE.with(|s| *s.borrow_mut() = self.0.take());
        }
    }
    let state = State {
        answers,
        next: 0,
        pending: None,
        block,
    };
    let restore = Restore(STATE.with(|s| s.borrow_mut().replace(state)));
    let out = f();
    let state = STATE.with(|s| s.borrow_mut().take());
    drop(restore);
    let state = state.unwrap_or(State {
        answers: Answers::default(),
        next: 0,
        pending: None,
        block,
    });
    (out, state.answers, state.pending)
}

/// Runs `f` with its cluster calls answered from `answers`; the first
/// call they do not answer is handed back to be awaited (see the module
/// header).
pub fn run<T>(answers: &mut Answers, f: impl FnOnce() -> T) -> Step<T> {
    let (out, back, pending) = with_state(std::mem::take(answers), false, f);
    *answers = back;
    match pending {
        Some(wait) => Step::Wait(wait),
        None => Step::Done(out),
    }
}

/// Runs `f` with its cluster calls answered from `answers` while they
/// last, and any further call made as usual, blocking: a request's last
/// run, where it may block (the front end's blocking pool).
pub fn replay<T>(answers: Answers, f: impl FnOnce() -> T) -> T {
    with_state(answers, true, f).0
}

/// The kinds of answers a deferred call may have.
pub(super) trait Answerable: Sized {
    fn into_answer(r: NodeResult<Self>) -> Answer;
    fn from_answer(a: Answer) -> Option<NodeResult<Self>>;
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
}

/// What one cluster call does on this thread: outside a run, `block()`;
/// in a run, its recorded answer if it has one, else (the first new call)
/// `start()`'s future is kept to be awaited and the call fails as a read
/// that would have waited fails; in [`replay`], `block()` past the answers.
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
        Defer,
        Pending,
        Block,
    }
    let next = STATE.with(|s| {
        let mut s = s.borrow_mut();
        let Some(state) = s.as_mut() else {
            return Next::Block;
        };
        if let Some(a) = state.answers.0.get(state.next) {
            state.next += 1;
            return Next::Answered(T::from_answer(a.clone()).unwrap_or_else(|| {
                Err(NodeError::Internal(
                    "a request's cluster calls changed between its runs".into(),
                ))
            }));
        }
        match (state.block, state.pending.is_some()) {
            (true, _) => Next::Block,
            (false, true) => Next::Pending,
            (false, false) => Next::Defer,
        }
    });
    match next {
        Next::Answered(r) => r,
        Next::Block => block(),
        Next::Defer => {
            let f = start();
            let wait = Wait(Box::pin(async move { T::into_answer(f.await) }));
            STATE.with(|s| {
                if let Some(state) = s.borrow_mut().as_mut() {
                    state.pending = Some(wait);
                }
            });
            Err(waiting())
        }
        // The handler went on past a call it saw fail: that one is awaited
        // first; this one is made on the next run.
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
        let mut answers = Answers(vec![Answer::Written(Ok(()))]);
        let r = replay(std::mem::take(&mut answers), || {
            call(|| async { read(1) }, || read(1))
        });
        assert!(matches!(r, Err(NodeError::Internal(_))));
    }
}
