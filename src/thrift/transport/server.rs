//! The Thrift server: accepts connections on tokio, reads whole messages,
//! runs each call either inline on the tokio worker (calls that cannot wait
//! on the disk or a lock, and reads of cached SSTable data, attempted
//! without waiting and moved to the pool if a read would wait: see
//! [`crate::thrift::transport::handoff`] for the choice and why) or on the blocking
//! pool (calls that may block), or, with a cluster backend, on the tokio
//! worker with its cluster calls awaited by the connection's task (see
//! [`crate::node::defer`]), and writes each reply with one write. One
//! task per connection; calls on one connection are answered in order.
//!
//! Limits (see [`crate::node::limits`]): a connection over the cap is
//! closed as soon as it is accepted; a connection silent for the idle
//! timeout while none of its calls runs is closed, and one that pauses for
//! the read timeout in the middle of a message; every request is counted
//! against the memory budget from its first byte until its reply is written
//! (the reader stops while the budget is spent), the rows a call reads for
//! its reply as they are read (`node::reply`, which also caps a reply at
//! the maximum message length); calls wait for one of a fixed number of
//! worker slots in arrival order, inline calls too (a call over the budget
//! runs on the lane thread, never inline); a reply the peer does not
//! read for the write timeout closes the connection.
//!
//! Shutdown: when the shutdown future completes, the listener closes, every
//! connection finishes the call it is running (its reply is still sent) and
//! closes, and [`serve`] returns once all connections are gone (or after a
//! grace period). Flushing the engine is the caller's job.
//!
//! Logging: every call goes through [`crate::thrift::call::log`] (DEBUG
//! line, slow-request INFO line); a connection that opens with another
//! protocol's bytes (see [`crate::thrift::transport::foreign`]) gets one WARN line, an
//! HTTP client a plain-text 400, and is closed.
//!
//! Test kit: each call is watched by [`crate::thrift::call::testkit`] (primed
//! faults, the activity record); with no fault rule and no record that is
//! two atomic loads. A primed delay is slept here, on the connection's task,
//! before the call takes a worker slot.

use crate::budget::{request_cost, Budget, Charge};
use crate::call::{self, Scope};
use crate::node::defer::{self, Answers, Step};
use crate::node::limits::{Admitted, Limits};
use crate::node::listen::accept_loop;
use crate::node::route::Route;
use crate::node::tap::{TapGuard, Taps};
use crate::node::Node;
use crate::thrift::call::log::CallLog;
use crate::thrift::call::testkit::{Reply, Watch};
use crate::thrift::dispatch::{self, Called};
use crate::thrift::session::{GenerationPolicy, Session};
use crate::thrift::transport::foreign;
use crate::thrift::transport::handoff;
use crate::thrift::transport::{frame_reply, Message, MessageReader, TransportError};
use crate::thrift::wire::walk::ArgShape;
use crate::thrift::wire::Framing;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, Instant};
use thrift::ApplicationErrorKind;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit};

#[derive(Clone, Debug)]
pub struct ServerOptions {
    /// Largest request accepted, in bytes (ThriftMaxMessageLengthInMB).
    pub max_message_bytes: usize,
    /// How long shutdown waits for running calls.
    pub shutdown_grace: Duration,
    /// How this listener picks the API generation of ambiguous calls.
    pub generations: GenerationPolicy,
    /// The one transport this listener reads, when it answers as a release
    /// whose Thrift server read only one (`None`: both, told apart per
    /// connection). A connection in the other is closed without a reply,
    /// as that release's transport failed on its first bytes.
    pub framing: Option<Framing>,
    /// Connection cap, timeouts, memory budget and worker slots; one set
    /// shared by every listener of the process.
    pub limits: Arc<Limits>,
    /// Calls at least this slow are logged at INFO (see [`crate::thrift::call::log`]).
    pub slow_request: Option<Duration>,
    /// Where every message read whole and every reply written is handed
    /// (`serve --capture`).
    pub tap: Option<Taps>,
}

impl Default for ServerOptions {
    fn default() -> Self {
        ServerOptions {
            max_message_bytes: 16 * 1024 * 1024,
            shutdown_grace: Duration::from_secs(10),
            generations: GenerationPolicy::default(),
            framing: None,
            limits: Limits::unlimited(),
            slow_request: None,
            tap: None,
        }
    }
}

/// Serves until `shutdown` completes, then drains connections.
pub async fn serve(
    listener: TcpListener,
    node: Arc<Node>,
    opts: ServerOptions,
    shutdown: impl Future<Output = ()>,
) {
    let limits = opts.limits.clone();
    let grace = opts.shutdown_grace;
    accept_loop(
        "Thrift",
        listener,
        &limits,
        grace,
        shutdown,
        |stream, peer, stop, admitted| {
            connection(stream, peer, node.clone(), opts.clone(), stop, admitted)
        },
    )
    .await;
}

/// Writes a whole reply; fails if no byte of it can be written for
/// `limit` (a peer that does not read its replies must not hold the
/// reply's memory forever).
async fn write_reply(
    stream: &mut TcpStream,
    bytes: &[u8],
    limit: Option<Duration>,
) -> io::Result<()> {
    let mut sent = 0;
    while sent < bytes.len() {
        let write = stream.write(&bytes[sent..]);
        let n = match limit {
            None => write.await?,
            Some(l) => tokio::time::timeout(l, write).await.map_err(|_| {
                io::Error::new(
                    io::ErrorKind::TimedOut,
                    format!("the peer read none of its reply for {l:?}"),
                )
            })??,
        };
        if n == 0 {
            return Err(io::ErrorKind::WriteZero.into());
        }
        sent += n;
    }
    Ok(())
}

/// Sends an HTTP client the plain-text 400 and ends the connection
/// gracefully: closing with its request body unread would reset the
/// connection and could discard the answer before the client reads it.
async fn answer_http(stream: &mut TcpStream, write_timeout: Option<Duration>) {
    if write_reply(stream, foreign::http_reply(), write_timeout)
        .await
        .is_err()
    {
        return;
    }
    let _ = stream.shutdown().await;
    // At most 64 KiB or one second of whatever the client still sends.
    let drain = async {
        let mut sink = [0u8; 4096];
        let mut left: usize = 64 * 1024;
        while left > 0 {
            match stream.read(&mut sink).await {
                Ok(0) | Err(_) => break,
                Ok(n) => left = left.saturating_sub(n),
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), drain).await;
}

async fn connection(
    mut stream: TcpStream,
    peer: SocketAddr,
    node: Arc<Node>,
    opts: ServerOptions,
    mut stop: watch::Receiver<bool>,
    _admitted: Admitted,
) {
    // The shutdown signal as one future for the connection's life: a
    // `changed()` made per call would add and remove a waiter each time.
    let stopped = async move {
        let _ = stop.changed().await;
    };
    tokio::pin!(stopped);
    if let Err(e) = stream.set_nodelay(true) {
        tracing::debug!(error = %e, "set_nodelay failed");
    }
    let limits = opts.limits.clone();
    let settings = limits.settings();
    let mut reader = MessageReader::new(
        opts.max_message_bytes,
        limits.budget(),
        settings.idle_timeout,
    )
    .with_read_timeout(settings.read_timeout);
    // Boxed: the session (some 800 bytes) goes into each call and back,
    // and a move of the box copies a pointer, not the session.
    let mut session = Box::new(Session::with_policy(opts.generations));
    let log = CallLog {
        peer,
        slow: opts.slow_request,
    };
    let connection_id = node.activity.next_connection();
    let mut tap = TapGuard::open(&opts.tap, peer, false);
    loop {
        let next = tokio::select! {
            biased;
            () = &mut stopped => return,
            m = reader.next(&mut stream) => m,
        };
        let framing = reader.framing().unwrap_or(Framing::Unframed);
        let Message {
            bytes,
            values,
            shape,
            called,
            mut charge,
        } = match next {
            Ok(Some(msg)) => msg,
            Ok(None) => {
                if let Some(t) = tap.as_mut() {
                    t.by = "client";
                }
                return;
            }
            Err(e) => return refuse(&mut stream, e, framing, peer, settings.write_timeout).await,
        };
        if let Some(t) = &tap {
            t.tap.sent(&on_the_wire(framing, &bytes)).await;
        }
        if opts.framing.is_some_and(|only| only != framing) {
            tracing::debug!(%peer, ?framing, "closing: this release's Thrift port reads the other transport");
            return;
        }
        let received = Instant::now();
        // Until the connection shows its generation, its transport decides
        // the calls both generations share (see Session::ambiguous_generation).
        session.framing = Some(framing);
        let watch = Watch::begin(&node, &session, &bytes, peer);
        if let Some(delay) = watch.as_ref().and_then(Watch::delay) {
            tokio::select! {
                biased;
                () = &mut stopped => return,
                _ = tokio::time::sleep(delay) => {}
            }
        }
        if let Some(answer) = watch.as_ref().and_then(Watch::instead) {
            // The call does not run; the log still shows its answer.
            if let Some(w) = &watch {
                w.note(&mut session, &bytes);
            }
            let answer = log.log(&node, &session, &bytes, answer, received);
            drop(bytes);
            if let Some(w) = watch {
                w.record(&node, connection_id, peer, &answer, received.elapsed());
            }
            if !deliver(
                &mut stream,
                framing,
                answer,
                charge,
                &tap,
                settings.write_timeout,
            )
            .await
            {
                return;
            }
            continue;
        }
        let cost = request_cost(bytes.len(), values);
        let Some(slot) = admit(&mut charge, cost, &limits, stopped.as_mut()).await else {
            return;
        };
        let call = Call {
            bytes,
            shape,
            called,
            received,
            charge,
            slot,
        };
        let Some((s, reply, charge)) = run_call(&node, &opts, log, session, call).await else {
            return;
        };
        session = s;
        let reply = match watch {
            Some(w) => {
                let reply = w.after(reply);
                w.record(&node, connection_id, peer, &reply, received.elapsed());
                reply
            }
            None => reply,
        };
        if !deliver(
            &mut stream,
            framing,
            reply,
            charge,
            &tap,
            settings.write_timeout,
        )
        .await
        {
            return;
        }
    }
}

/// A request as it came on the wire: with its frame's length when framed
/// (the transport hands on the message alone).
fn on_the_wire(framing: Framing, message: &[u8]) -> Vec<u8> {
    match framing {
        Framing::Framed => {
            let mut wire = Vec::with_capacity(4 + message.len());
            wire.extend_from_slice(&(message.len() as u32).to_be_bytes());
            wire.extend_from_slice(message);
            wire
        }
        Framing::Unframed => message.to_vec(),
    }
}

/// Counts what decoding and running a call will take before doing it,
/// then takes a worker slot; the reader is stopped meanwhile, so a wait
/// here is backpressure. `None`: shutdown came first (or the slots closed).
async fn admit(
    charge: &mut Charge,
    cost: usize,
    limits: &Limits,
    stopped: Pin<&mut impl Future<Output = ()>>,
) -> Option<OwnedSemaphorePermit> {
    let admitted = tokio::select! {
        biased;
        () = stopped => return None,
        slot = async {
            charge.grow_to(cost).await;
            limits.workers().clone().acquire_owned().await
        } => slot,
    };
    admitted.ok()
}

/// Ends a connection whose next message could not be read: a request
/// over the size limit gets a protocol error when its header was read,
/// another protocol's client a warning (and an HTTP client its 400).
async fn refuse(
    stream: &mut TcpStream,
    error: TransportError,
    framing: Framing,
    peer: SocketAddr,
    write_timeout: Option<Duration>,
) {
    match error {
        TransportError::TooLarge { len, max, header } => {
            tracing::warn!(
                len,
                max,
                "request over the maximum message size; closing connection"
            );
            if let Some(h) = header {
                let text = format!("Message length {len} exceeds the maximum of {max} bytes");
                let reply = dispatch::exception(&h, ApplicationErrorKind::ProtocolError, text);
                let reply = frame_reply(framing, reply);
                let _ = write_reply(stream, &reply, write_timeout).await;
            }
        }
        TransportError::Foreign(what) => {
            tracing::warn!(
                "connection from {peer} opened like {what}; only Thrift (API 0.6 and 19.x) \
                 is served on this port: closing it"
            );
            if what.wants_http_reply() {
                answer_http(stream, write_timeout).await;
            }
        }
        e => tracing::debug!(error = %e, "closing connection"),
    }
}

/// A call read, counted against the budget and holding a worker slot.
struct Call {
    bytes: Vec<u8>,
    shape: Option<ArgShape>,
    called: Option<Called>,
    received: Instant,
    charge: Charge,
    slot: OwnedSemaphorePermit,
}

/// Runs a call: inline first when its route allows (an attempt may give
/// up: see handoff), else on the blocking pool, or on the lane thread when
/// the call is over the budget. Gives back the session with the reply and
/// what it holds; `None` when the call panicked or failed and the
/// connection is to be closed.
async fn run_call(
    node: &Arc<Node>,
    opts: &ServerOptions,
    log: CallLog,
    mut session: Box<Session>,
    call: Call,
) -> Option<(Box<Session>, Reply, Charge)> {
    let Call {
        bytes,
        shape,
        called,
        received,
        mut charge,
        slot,
    } = call;
    let limits = &opts.limits;
    let in_lane = charge.in_lane();
    let route = if in_lane {
        Route::Pool
    } else {
        handoff::route(node, &session, &bytes, called)
    };
    let budget = limits.budget().clone();
    let max_reply = opts.max_message_bytes;
    let mut answers = Answers::default();
    if route == Route::Await {
        let call = Awaiting {
            node,
            log,
            msg: &bytes,
            shape: shape.as_ref(),
            called,
            received,
            max_reply,
            budget: &budget,
        };
        match call.run(&mut session, charge, &mut answers).await {
            Ok(Some((reply, charge))) => {
                drop((bytes, slot));
                return Some((session, reply, charge));
            }
            // Many cluster calls: finished on the pool, with their answers.
            Ok(None) => charge = Charge::new(&budget),
            Err(()) => return None,
        }
    } else if route != Route::Pool {
        let base = charge.bytes();
        // The call's scope: its reply is charged as its rows are read (see
        // node::reply).
        let (run, scope) = call::enter(Scope::metered(max_reply, charge), || {
            // A panic closes this connection only, as on the pool.
            catch_unwind(AssertUnwindSafe(|| {
                let shape = shape.as_ref();
                let reply = if route == Route::Attempt {
                    dispatch::handle_without_waiting(node, &mut session, &bytes, shape, called)
                } else {
                    Some(dispatch::handle_shaped(
                        node,
                        &mut session,
                        &bytes,
                        shape,
                        called,
                    ))
                };
                reply.map(|reply| log.log(node, &session, &bytes, reply, received))
            }))
        });
        charge = scope.into_charge().unwrap_or_else(|| Charge::new(&budget));
        match run {
            Ok(Some(reply)) => {
                drop((bytes, slot));
                return Some((session, reply, charge));
            }
            // A read would have waited: what the attempt read is let go.
            Ok(None) => charge.shrink_to(base),
            Err(_) => {
                tracing::error!("call panicked; closing connection");
                return None;
            }
        }
    }
    let call_node = node.clone();
    let call = move || {
        let (reply, scope) = call::enter(Scope::metered(max_reply, charge), || {
            defer::replay(answers, || {
                dispatch::handle_shaped(&call_node, &mut session, &bytes, shape.as_ref(), called)
            })
        });
        let reply = log.log(&call_node, &session, &bytes, reply, received);
        drop((bytes, slot));
        let charge = scope.into_charge().unwrap_or_else(|| Charge::new(&budget));
        (session, reply, charge)
    };
    let joined = if in_lane {
        limits.lane_thread().run(call).await
    } else {
        tokio::task::spawn_blocking(call)
            .await
            .map_err(|e| e.to_string())
    };
    match joined {
        Ok(done) => Some(done),
        Err(e) => {
            tracing::error!(error = %e, "call failed; closing connection");
            None
        }
    }
}

/// Runs a handler awaits its cluster calls for before the call is finished
/// on the pool: each round runs the handler again (a multiget of many keys
/// makes one cluster call per key).
const AWAIT_ROUNDS: usize = 4;

/// A call routed [`Route::Await`]: its handler runs on this task, and each
/// cluster call it makes is awaited here, then the handler runs again with
/// the answers (see [`crate::node::defer`]).
struct Awaiting<'a> {
    node: &'a Arc<Node>,
    log: CallLog,
    msg: &'a [u8],
    shape: Option<&'a ArgShape>,
    called: Option<Called>,
    received: Instant,
    max_reply: usize,
    budget: &'a Arc<Budget>,
}

impl Awaiting<'_> {
    /// The reply and what it holds; `Ok(None)` after [`AWAIT_ROUNDS`]
    /// rounds (the call is to be finished on the pool with `answers`; the
    /// charge given is then let go); `Err` when the handler panicked.
    async fn run(
        &self,
        session: &mut Session,
        mut charge: Charge,
        answers: &mut Answers,
    ) -> Result<Option<(Reply, Charge)>, ()> {
        let base = charge.bytes();
        for _ in 0..AWAIT_ROUNDS {
            // The run's scope, left before any await: its reply is charged
            // as its rows are read (see node::reply).
            let (step, scope) = call::enter(Scope::metered(self.max_reply, charge), || {
                catch_unwind(AssertUnwindSafe(|| {
                    let Awaiting {
                        node,
                        log,
                        msg,
                        shape,
                        called,
                        received,
                        ..
                    } = *self;
                    match dispatch::handle_awaiting(node, session, msg, shape, called, answers) {
                        Step::Done(reply) => {
                            Step::Done(log.log(node, session, msg, reply, received))
                        }
                        // Logged once its write succeeded, below.
                        step => step,
                    }
                }))
            });
            charge = scope
                .into_charge()
                .unwrap_or_else(|| Charge::new(self.budget));
            match step {
                Ok(Step::Done(reply)) => return Ok(Some((reply, charge))),
                Ok(Step::Assumed(reply, wait)) => {
                    if wait.answer(answers).await {
                        let reply =
                            self.log
                                .log(self.node, session, self.msg, reply, self.received);
                        return Ok(Some((reply, charge)));
                    }
                    // The write failed: the handler answers with its failure.
                    charge.shrink_to(base);
                }
                Ok(Step::Wait(wait)) => {
                    charge.shrink_to(base);
                    wait.answer(answers).await;
                }
                Err(_) => {
                    tracing::error!("call panicked; closing connection");
                    return Err(());
                }
            }
        }
        Ok(None)
    }
}

/// Sends a call's reply; false when the connection is to be closed.
async fn deliver(
    stream: &mut TcpStream,
    framing: Framing,
    reply: Reply,
    mut charge: Charge,
    tap: &Option<TapGuard>,
    write_timeout: Option<Duration>,
) -> bool {
    match reply {
        Ok(Some(bytes)) => {
            let framed = frame_reply(framing, bytes);
            if let Some(t) = tap {
                t.tap.answered(&framed);
            }
            // The request's memory and the rows read are gone; the
            // reply's bytes are what is held until they are written.
            charge.set_now(framed.len());
            charge.leave_lane();
            if let Err(e) = write_reply(stream, &framed, write_timeout).await {
                if e.kind() == io::ErrorKind::TimedOut {
                    tracing::info!(error = %e, "closing connection");
                } else {
                    tracing::debug!(error = %e, "write failed");
                }
                return false;
            }
            true
        }
        Ok(None) => true,
        Err(e) => {
            tracing::debug!(error = %e, "closing connection");
            false
        }
    }
}
