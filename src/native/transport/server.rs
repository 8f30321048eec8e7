//! The native transport: accepts connections on tokio (behind the same
//! limits as Thrift: the connection cap, the memory budget, the worker
//! slots) and serves each with one task. The task reads whatever the
//! socket has ([`super::inbox`]), takes every whole frame buffered, and
//! runs each request where [`super::route`] says: inline, on the tokio
//! worker, when it cannot wait (most statements: Thrift's rule), else on
//! the blocking pool, whose answers come back to the task. Replies are laid
//! into one write buffer as they are ready ([`super::outbox`]) and written
//! when there is nothing more to take, so a burst of requests costs one
//! read and one write. Many requests of one connection are in flight at
//! once and answered as they finish (each with its stream id; no order
//! across stream ids). Schema changes are pushed as EVENTs to the
//! connections that registered for them.
//!
//! The task never waits on the budget or a worker slot without also
//! writing its replies and taking its pool answers (a reply held unwritten
//! holds budget the wait may need).
//!
//! Framing errors (a version this server does not speak, a response frame
//! sent to it, a frame over the size limit, a version change mid-connection)
//! are answered with a protocol ERROR and close the connection; a body
//! that does not decode is answered with a protocol ERROR and the
//! connection goes on (its frame boundary is known). Before the connection
//! is ready (STARTUP, and the login when one is required) a frame over
//! [`crate::native::handle::conn::PREAUTH_MAX_FRAME`] is such a framing error: a
//! peer that has not logged in holds at most the read buffer's fixed room.
//!
//! Memory: a frame is counted against the budget as its bytes arrive (the
//! read buffer grows, at most doubling per read, and its room is counted
//! before each read), never from its announced length: a peer announcing
//! 16 MB and sending nothing holds nothing but its buffer's fixed room.
//!
//! Timeouts: with a read timeout set, a connection that is not ready that
//! long after it was accepted is closed, and so is one that sends no byte
//! of a frame it has begun for that long; the idle timeout (for a
//! connection between requests) is separate and off by default.
//!
//! Shutdown: when the shutdown future completes, the listener closes, each
//! connection stops reading, finishes the requests it runs (their answers
//! are still sent) and closes; [`serve`] returns once all are gone or after
//! the grace period.

use super::super::handle::conn::Phase;
use super::super::handle::dispatch::{Response, Shared};
use super::super::handle::error::NativeError;
use super::super::wire::frame::{self, header_len, op, Header, MAX_VERSION, MIN_VERSION};
use super::super::wire::result;
use super::inbox::{Inbox, CHUNK};
use super::link::{End, Link, Step};
use super::route::Router;
use super::runner::run;
use crate::budget::{request_cost, Charge};
use crate::node::limits::{Admitted, Limits};
use crate::node::listen::accept_loop;
use crate::node::tap::{TapGuard, Taps};
use crate::node::Node;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{broadcast, watch};
use tokio::time::sleep_until;

/// Requests of one connection on the blocking pool at once; the connection
/// takes no new frame while this many are unanswered (a driver's default
/// is 1024 or 2048 streams, but it rarely has that many out).
pub const MAX_IN_FLIGHT: usize = 256;

#[derive(Clone, Debug)]
pub struct NativeOptions {
    /// Largest frame body accepted (and inflated body), in bytes.
    pub max_frame_bytes: usize,
    pub shutdown_grace: Duration,
    /// Shared with the Thrift listeners.
    pub limits: Arc<Limits>,
    /// Where every byte read and written is handed (`serve --capture`).
    pub tap: Option<Taps>,
}

impl Default for NativeOptions {
    fn default() -> Self {
        NativeOptions {
            max_frame_bytes: 16 * 1024 * 1024,
            shutdown_grace: Duration::from_secs(10),
            limits: Limits::unlimited(),
            tap: None,
        }
    }
}

/// Serves until `shutdown` completes, then drains connections.
pub async fn serve(
    listener: TcpListener,
    node: Arc<Node>,
    opts: NativeOptions,
    shutdown: impl Future<Output = ()>,
) {
    let limits = opts.limits.clone();
    let grace = opts.shutdown_grace;
    accept_loop(
        "native",
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

/// One connection's task.
struct Conn {
    link: Link,
    inbox: Inbox,
    node: Arc<Node>,
    opts: NativeOptions,
    peer: SocketAddr,
    router: Router,
    /// The whole length (header and body) of a frame begun and not yet
    /// buffered whole; 0 when none is.
    pending: usize,
    accepted: Instant,
    tap: Option<TapGuard>,
}

async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    node: Arc<Node>,
    opts: NativeOptions,
    mut stop: watch::Receiver<bool>,
    _admitted: Admitted,
) {
    let _ = stream.set_nodelay(true);
    let local_ip = match stream.local_addr() {
        Ok(a) => a.ip(),
        Err(_) => return,
    };
    let shared = Arc::new(Shared::new(
        local_ip,
        peer,
        node.activity.next_connection(),
        opts.max_frame_bytes,
    ));
    let tap = TapGuard::open(&opts.tap, peer, true);
    let mut link = Link::new(stream, shared, opts.limits.settings().write_timeout);
    if let Some(t) = &tap {
        link.out.tap(t.tap.clone());
    }
    let mut conn = Conn {
        tap,
        link,
        inbox: Inbox::new(opts.limits.budget()),
        node,
        peer,
        router: Router::default(),
        pending: 0,
        accepted: Instant::now(),
        opts,
    };
    if conn.serve(&mut stop).await == End::Finish {
        conn.link.finish().await;
    }
}

impl Conn {
    async fn serve(&mut self, stop: &mut watch::Receiver<bool>) -> End {
        let idle_timeout = self.opts.limits.settings().idle_timeout;
        let read_timeout = self.opts.limits.settings().read_timeout;
        let mut notices = Some(self.node.notices.subscribe());
        let mut last_heard = Instant::now();
        loop {
            if self.link.closing {
                return End::Finish;
            }
            // Take every whole frame buffered, as far as the limits allow.
            while self.link.running < MAX_IN_FLIGHT && !self.link.out.is_full() {
                match self.take_frame(stop).await {
                    Step::Took => {}
                    Step::NeedBytes => break,
                    Step::End(end) => return end,
                }
            }
            // Then write everything they answered, in one go.
            if self.link.out.flush(&self.link.sock).is_err() {
                return End::Abort;
            }
            // The idle clock runs only while nothing is running or unwritten.
            let quiet = self.link.running == 0 && self.link.out.is_empty();
            if !quiet {
                last_heard = Instant::now();
            }
            let idle_deadline = last_heard + idle_timeout.unwrap_or(Duration::from_secs(3600));
            let stalled = self
                .link
                .out
                .stall_deadline(self.link.write_timeout)
                .is_some();
            let stall_deadline = self.link.stall_deadline();
            let may_read = self.link.running < MAX_IN_FLIGHT && !self.link.out.is_full();
            // The peer owes bytes: its login (until ready), or the rest of
            // a frame it began (while this side is ready to read it).
            let not_ready = self.link.shared.state.lock().phase != Phase::Ready;
            let read_deadline = match read_timeout {
                Some(t) if not_ready => Some(self.accepted + t),
                Some(t) if may_read && !self.inbox.is_empty() => Some(last_heard + t),
                _ => None,
            };
            let link = &mut self.link;
            tokio::select! {
                biased;
                d = link.done_rx.recv(), if link.running > 0 => link.finished(d),
                _ = stop.changed() => return End::Finish,
                r = link.sock.readable(), if may_read => {
                    if r.is_err() {
                        return End::Finish;
                    }
                    match self.fill(stop).await {
                        Ok(0) => {
                            if let Some(t) = self.tap.as_mut() {
                                t.by = "client";
                            }
                            return End::Finish;
                        }
                        Ok(_) => last_heard = Instant::now(),
                        Err(e) if e.kind() == io::ErrorKind::WouldBlock => {}
                        Err(_) => return End::Finish,
                    }
                }
                w = link.sock.writable(), if !link.out.is_empty() => {
                    if w.is_err() {
                        return End::Abort;
                    }
                }
                n = recv_notice(&mut notices), if notices.is_some() => {
                    if let Some(n) = n {
                        push_event(link, &n);
                    }
                }
                _ = sleep_until(idle_deadline.into()), if quiet && idle_timeout.is_some() => {
                    return End::Finish;
                }
                _ = sleep_until(read_deadline.unwrap_or(idle_deadline).into()),
                    if read_deadline.is_some() => {
                    tracing::debug!(
                        peer = %self.peer,
                        not_ready,
                        "native peer sent no login or no rest of its frame in time; closing"
                    );
                    return End::Finish;
                }
                _ = sleep_until(stall_deadline.into()), if stalled => {
                    tracing::debug!("native peer reads nothing; closing");
                    return End::Abort;
                }
            }
        }
    }

    /// One read of what the socket has, into room counted first.
    async fn fill(&mut self, stop: &mut watch::Receiver<bool>) -> io::Result<usize> {
        let room = self.inbox.room_for(self.pending);
        let charge = &mut self.inbox.charge;
        // Holding nothing, it may wait for the budget; holding part of a
        // frame, it goes over in the lane rather than wait (see budget).
        let grow = async {
            if charge.bytes() == 0 {
                charge.grow_to(room).await
            } else {
                charge.grow_partial_to(room).await
            }
        };
        if self.link.serving(grow, stop).await.is_none() {
            return Err(io::ErrorKind::ConnectionAborted.into());
        }
        let n = self.inbox.read(&self.link.sock, room)?;
        if let Some(t) = &self.tap {
            t.tap.sent(self.inbox.newest(n)).await;
        }
        Ok(n)
    }

    /// Takes the next whole frame buffered and runs or hands off its request.
    async fn take_frame(&mut self, stop: &mut watch::Receiver<bool>) -> Step {
        let buffered = self.inbox.buffered();
        let Some(&first) = buffered.first() else {
            return Step::NeedBytes;
        };
        let version = first & !frame::RESPONSE;
        let hlen = header_len(version);
        if buffered.len() < hlen {
            return Step::NeedBytes;
        }
        let h = Header::parse(&buffered[..hlen]);
        let shared = self.link.shared.clone();
        let (established, early) = {
            let state = shared.state.lock();
            (state.version, state.frame_limit_error(h.length as usize))
        };
        let release = self.node.release;
        let framing = frame::release_version_error(release, version)
            .or_else(|| frame::framing_error(&h, first, established, self.opts.max_frame_bytes))
            .map(NativeError::from);
        if let Some(e) = framing.or(early) {
            tracing::info!(peer = %self.peer, error = %e, "closing native connection");
            let highest = release.and_then(|r| r.highest_native());
            let answer_version = if let Some(v) = highest.filter(|&v| v < version) {
                // The release answered in the highest version it had.
                v
            } else if (MIN_VERSION..=MAX_VERSION).contains(&version) {
                version
            } else if established != 0 {
                established
            } else {
                MAX_VERSION
            };
            self.link.out.push_error(answer_version, h.stream, &e);
            return Step::End(End::Finish);
        }
        if established == 0 {
            shared.state.lock().version = version;
        }
        let len = h.length as usize;
        let total = hlen + len;
        if buffered.len() < total {
            // Counted as its bytes come (see fill), not as announced.
            self.pending = total;
            return Step::NeedBytes;
        }
        self.pending = 0;
        let limits = self.opts.limits.clone();
        // A frame bigger than the buffer's usual room takes the buffer's
        // charge along (it holds budget already, so it may go over in the
        // lane rather than wait for more: see budget); a small one starts
        // its own.
        let mut charge = if total > CHUNK {
            let held = self.inbox.charge.bytes();
            self.inbox.charge.split(held)
        } else {
            Charge::new(limits.budget())
        };
        let admitted = self
            .link
            .serving(
                async {
                    charge.grow_to(request_cost(len, 0)).await;
                    match limits.workers().clone().try_acquire_owned() {
                        Ok(slot) => Ok(slot),
                        Err(_) => limits.workers().clone().acquire_owned().await,
                    }
                },
                stop,
            )
            .await;
        let Some(Ok(slot)) = admitted else {
            return Step::End(End::Finish);
        };
        let body = &self.inbox.buffered()[hlen..total];
        let step = run(
            &mut self.link,
            &mut self.router,
            &self.node,
            &self.opts.limits,
            self.opts.max_frame_bytes,
            h,
            body,
            charge,
            slot,
        );
        self.inbox.consume(total);
        step
    }
}

/// The next schema change notice (`None` when there is none to send: the
/// channel lagged, or closed, which stops the connection listening).
async fn recv_notice(
    notices: &mut Option<broadcast::Receiver<crate::node::schema_change::notices::SchemaNotice>>,
) -> Option<crate::node::schema_change::notices::SchemaNotice> {
    let rx = notices.as_mut()?;
    match rx.recv().await {
        Ok(n) => Some(n),
        Err(broadcast::error::RecvError::Lagged(missed)) => {
            tracing::warn!(missed, "native connection missed schema events");
            None
        }
        Err(broadcast::error::RecvError::Closed) => {
            *notices = None;
            None
        }
    }
}

/// Sends a SCHEMA_CHANGE event to a connection registered for them.
fn push_event(link: &mut Link, notice: &crate::node::schema_change::notices::SchemaNotice) {
    let state = link.shared.state.lock();
    if state.phase != Phase::Ready || !state.events.contains("SCHEMA_CHANGE") {
        return;
    }
    let resp = Response {
        opcode: op::EVENT,
        body: result::schema_event(notice, state.version),
        warnings: Vec::new(),
        tracing_id: None,
    };
    link.out.push_reply(&state, op::EVENT, -1, resp, None);
}
