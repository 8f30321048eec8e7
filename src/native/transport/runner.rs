//! Where and how one request of a connection runs, for the server's
//! connection task ([`super::server`]), through its [`super::link`]: decoded on the worker unless big,
//! watched ([`super::watch`]: metrics, the test kit's faults and activity)
//! and traced when the request asks (always on the pool, so it runs once),
//! then run inline when [`super::route`] says it cannot wait (its answer
//! laid into the connection's write buffer at once) or on the blocking
//! pool (its answer sent back through the connection's channel). A primed
//! delay is waited on a tokio timer before the pool run, holding no worker
//! slot. Must not read or write the socket.

use super::super::handle::dispatch::{self, Response, Shared};
use super::super::wire::frame::{Header, FLAG_TRACING};
use super::super::wire::request::Request;
use super::link::{Done, End, Link, Step};
use super::route::Router;
use super::watch::{Outcome, Seen};
use crate::budget::Charge;
use crate::call::{self, Scope};
use crate::node::limits::Limits;
use crate::node::route::{Route, INLINE_MAX_REQUEST};
use crate::node::Node;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use tokio::sync::OwnedSemaphorePermit;

/// What the blocking pool is given: a request decoded on the worker, or a
/// frame body too big to decode there.
enum Work {
    Decoded(Request),
    Raw { flags: u8, body: Vec<u8> },
}

/// Runs one request where its route says: inline (its reply laid into the
/// write buffer now) or on the blocking pool (answered through the link).
/// A request a primed fault delays waits off the worker, then runs on the
/// pool.
#[allow(clippy::too_many_arguments)]
pub(super) fn run(
    link: &mut Link,
    router: &mut Router,
    node: &Arc<Node>,
    limits: &Limits,
    max_reply: usize,
    h: Header,
    body: &[u8],
    mut charge: Charge,
    slot: OwnedSemaphorePermit,
) -> Step {
    let shared = link.shared.clone();
    let budget = limits.budget().clone();
    let (work, route) = match work_of(&shared, router, node, h, body, charge.in_lane()) {
        Ok(work) => work,
        // Answered at once, as wherever it would run.
        Err(resp) => {
            drop(slot);
            let outcome = Outcome::Reply(resp);
            Seen::undecoded(h.opcode).end(node, &outcome);
            return link.deliver(h, outcome, Some(charge));
        }
    };
    let Work::Decoded(req) = &work else {
        on_pool(link, node, limits, max_reply, h, work, None, charge, slot);
        return Step::Took;
    };
    let seen = Seen::begin(node, &shared, h.opcode, req);
    if seen.delay().is_none() && matches!(route, Route::Inline | Route::Attempt) {
        let base = charge.bytes();
        // The call's scope: its reply is charged as its rows are read (see
        // node::reply).
        let (ran, scope) = call::enter(Scope::metered(max_reply, charge), || {
            catch_unwind(AssertUnwindSafe(|| {
                // A `POST /reset` waits for the calls in flight and holds the next.
                let _gate = node.call_gate();
                if let Some(outcome) = seen.instead() {
                    return Some(outcome);
                }
                let resp = if route == Route::Attempt {
                    crate::node::route::attempt(|| dispatch::run(node, &shared, h.opcode, req))?
                } else {
                    dispatch::run(node, &shared, h.opcode, req)
                };
                Some(seen.after(resp))
            }))
        });
        charge = scope.into_charge().unwrap_or_else(|| Charge::new(&budget));
        match ran {
            Ok(Some(outcome)) => {
                drop(slot);
                seen.end(node, &outcome);
                return link.deliver(h, outcome, Some(charge));
            }
            // A read would have waited: what the attempt read is let go,
            // and the request runs again on the pool.
            Ok(None) => charge.shrink_to(base),
            Err(_) => {
                tracing::error!("native request panicked; closing connection");
                return Step::End(End::Abort);
            }
        }
    }
    on_pool(
        link,
        node,
        limits,
        max_reply,
        h,
        work,
        Some(seen),
        charge,
        slot,
    );
    Step::Took
}

/// What the request is and where it runs: decoded here unless big
/// (inflated size as announced), a big one raw on the pool. `Err`: the
/// body does not decode; this is its answer.
fn work_of(
    shared: &Shared,
    router: &mut Router,
    node: &Node,
    h: Header,
    body: &[u8],
    in_lane: bool,
) -> Result<(Work, Route), Response> {
    let small = dispatch::inflated_len(shared, h.flags, body).unwrap_or(0) <= INLINE_MAX_REQUEST;
    if !small {
        let body = body.to_vec();
        let raw = Work::Raw {
            flags: h.flags,
            body,
        };
        return Ok((raw, Route::Pool));
    }
    let req = dispatch::decode(shared, h.flags, body, h.opcode, INLINE_MAX_REQUEST)
        .map_err(|e| Response::error(&e))?;
    let route = if in_lane || h.flags & FLAG_TRACING != 0 {
        // Over the budget: never on the worker; traced: run once, where
        // its steps are recorded whole.
        Route::Pool
    } else {
        let state = shared.state.lock();
        router.route(node, state.keyspace.as_deref(), &req)
    };
    Ok((Work::Decoded(req), route))
}

/// Runs a request on the blocking pool; its answer comes back through
/// the link's channel. `seen` watches a decoded request (a raw one is
/// watched once decoded there); a primed delay is waited on a tokio timer
/// first, holding no worker slot (a raw request's, rare, on its pool
/// thread).
#[allow(clippy::too_many_arguments)]
fn on_pool(
    link: &mut Link,
    node: &Arc<Node>,
    limits: &Limits,
    max_reply: usize,
    h: Header,
    work: Work,
    seen: Option<Seen>,
    charge: Charge,
    slot: OwnedSemaphorePermit,
) {
    let shared = link.shared.clone();
    let budget = limits.budget().clone();
    link.running += 1;
    let node = node.clone();
    let tx = link.done_tx.clone();
    let delay = seen.as_ref().and_then(Seen::delay);
    let job = move |slot: OwnedSemaphorePermit| {
        let (outcome, scope) = call::enter(Scope::metered(max_reply, charge), || {
            catch_unwind(AssertUnwindSafe(|| {
                let _gate = node.call_gate();
                let (seen, outcome) = match (work, seen) {
                    (Work::Decoded(req), seen) => {
                        let seen =
                            seen.unwrap_or_else(|| Seen::begin(&node, &shared, h.opcode, &req));
                        let outcome = seen.answer(|| {
                            dispatch::traced(&node, h.flags, h.opcode, || {
                                dispatch::run(&node, &shared, h.opcode, &req)
                            })
                        });
                        (seen, outcome)
                    }
                    (Work::Raw { flags, body }, _) => raw(&node, &shared, h.opcode, flags, body),
                };
                seen.end(&node, &outcome);
                outcome
            }))
        });
        let charge = scope.into_charge().unwrap_or_else(|| Charge::new(&budget));
        drop(slot);
        if outcome.is_err() {
            tracing::error!("native request panicked");
        }
        let (answer, close) = match outcome {
            Ok(Outcome::Reply(r)) => (Some((r, charge)), false),
            Ok(Outcome::Drop) => (None, true),
            Err(_) => (None, false),
        };
        let _ = tx.send(Done {
            opcode: h.opcode,
            stream: h.stream,
            answer,
            close,
        });
    };
    match delay {
        None => {
            tokio::task::spawn_blocking(move || job(slot));
        }
        Some(delay) => {
            drop(slot);
            let workers = limits.workers().clone();
            tokio::spawn(async move {
                tokio::time::sleep(delay).await;
                if let Ok(slot) = workers.acquire_owned().await {
                    tokio::task::spawn_blocking(move || job(slot));
                }
            });
        }
    }
}

/// Decodes and answers a big request on its pool thread, watched.
fn raw(node: &Node, shared: &Shared, opcode: u8, flags: u8, body: Vec<u8>) -> (Seen, Outcome) {
    let req = match dispatch::decode_owned(shared, flags, opcode, body) {
        Ok(req) => req,
        Err(e) => {
            let outcome = Outcome::Reply(Response::error(&e));
            return (Seen::undecoded(opcode), outcome);
        }
    };
    let seen = Seen::begin(node, shared, opcode, &req);
    if let Some(delay) = seen.delay() {
        std::thread::sleep(delay);
    }
    // Handed over: a BATCH frees its body once its members are packed.
    let outcome = seen.answer(|| {
        dispatch::traced(node, flags, opcode, || {
            dispatch::run_owned(node, shared, opcode, req)
        })
    });
    (seen, outcome)
}
