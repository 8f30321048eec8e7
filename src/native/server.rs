//! The native transport: accepts connections on tokio (behind the same
//! limits as Thrift: the connection cap, the memory budget, the worker
//! slots), reads frames, runs each request on the blocking pool as soon as
//! it arrives, and writes each response as it is ready, so many requests
//! of one connection are in flight at once and answered as they finish
//! (each with its stream id). Schema changes are pushed as EVENTs to the
//! connections that registered for them.
//!
//! Framing errors (a version this server does not speak, a response frame
//! sent to it, a frame over the size limit, a version change mid-connection)
//! are answered with a protocol ERROR and close the connection; a body
//! that does not decode is answered with a protocol ERROR and the
//! connection goes on (its frame boundary is known). A frame's memory is
//! counted against the budget before its body is read.
//!
//! Shutdown: when the shutdown future completes, the listener closes, each
//! connection stops reading, finishes the requests it runs (their answers
//! are still sent) and closes; [`serve`] returns once all are gone or after
//! the grace period.

use super::conn::{ConnState, Phase};
use super::dispatch::{self, Shared};
use super::error::NativeError;
use super::frame::{self, header_len, op, Header, FLAG_WARNING, MAX_VERSION, MIN_VERSION};
use super::result;
use crate::node::budget::{request_cost, Charge};
use crate::node::limits::{Admitted, Limits};
use crate::node::listen::accept_loop;
use crate::node::reply;
use crate::node::Node;
use parking_lot::Mutex;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::OwnedWriteHalf;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch, Semaphore};
use tokio::task::JoinSet;

/// Requests of one connection running or waiting at once; the reader stops
/// reading while this many are unanswered (a driver's default is 1024 or
/// 2048 streams, but it rarely has that many out).
pub const MAX_IN_FLIGHT: usize = 256;

#[derive(Clone, Debug)]
pub struct NativeOptions {
    /// Largest frame body accepted (and inflated body), in bytes.
    pub max_frame_bytes: usize,
    pub shutdown_grace: Duration,
    /// Shared with the Thrift listeners.
    pub limits: Arc<Limits>,
}

impl Default for NativeOptions {
    fn default() -> Self {
        NativeOptions {
            max_frame_bytes: 16 * 1024 * 1024,
            shutdown_grace: Duration::from_secs(10),
            limits: Limits::unlimited(),
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

/// A frame to write, and the memory it holds until written.
struct Outgoing {
    bytes: Vec<u8>,
    _charge: Option<Charge>,
}

/// Writes frames in the order they are ready; a peer that reads none of a
/// frame for the write timeout loses its connection.
async fn writer(mut wr: OwnedWriteHalf, mut rx: mpsc::Receiver<Outgoing>, limit: Option<Duration>) {
    while let Some(out) = rx.recv().await {
        let write = wr.write_all(&out.bytes);
        let ok = match limit {
            None => write.await.is_ok(),
            Some(l) => matches!(tokio::time::timeout(l, write).await, Ok(Ok(()))),
        };
        if !ok {
            tracing::debug!("native write failed or timed out; closing");
            return;
        }
    }
    let _ = wr.shutdown().await;
}

/// A response frame for `version`, compressed when agreed.
fn response_frame(
    state: &ConnState,
    request_opcode: u8,
    stream: i16,
    resp: dispatch::Response,
) -> Vec<u8> {
    let version = state.version;
    let mut flags = 0;
    let mut body = resp.body;
    if version >= 4 && !resp.warnings.is_empty() {
        flags |= FLAG_WARNING;
        let mut w = super::codec::Writer::new();
        let list: Vec<&str> = resp.warnings.iter().map(String::as_str).collect();
        w.string_list(&list);
        w.buf.extend_from_slice(&body);
        body = w.buf;
    }
    if dispatch::compresses(state, request_opcode) {
        if let Some(c) = state.compression {
            body = c.compress(&body);
            flags |= frame::FLAG_COMPRESSED;
        }
    }
    frame::encode(version, flags, stream, resp.opcode, &body)
}

/// An ERROR frame outside any request's run (framing errors).
fn error_frame(version: u8, stream: i16, e: &NativeError) -> Vec<u8> {
    frame::encode(version, 0, stream, op::ERROR, &e.body())
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
    let settings = opts.limits.settings().clone();
    let (mut rd, wr) = stream.into_split();
    let (tx, rx) = mpsc::channel::<Outgoing>(MAX_IN_FLIGHT);
    let writer = tokio::spawn(writer(wr, rx, settings.write_timeout));
    let shared = Arc::new(Shared {
        state: Mutex::new(ConnState::new(0)),
        local_ip,
        max_frame_bytes: opts.max_frame_bytes,
    });
    let in_flight = Arc::new(Semaphore::new(MAX_IN_FLIGHT));
    let mut requests = JoinSet::new();
    let events = tokio::spawn(push_events(node.clone(), shared.clone(), tx.clone()));
    loop {
        // The writer gave up (the peer reads nothing): nothing more is answered.
        if tx.is_closed() {
            break;
        }
        let idle = if in_flight.available_permits() == MAX_IN_FLIGHT {
            settings.idle_timeout
        } else {
            None
        };
        let mut first = [0u8; 1];
        let read_first = async {
            match idle {
                Some(t) => tokio::time::timeout(t, rd.read_exact(&mut first))
                    .await
                    .unwrap_or_else(|_| Err(std::io::ErrorKind::TimedOut.into())),
                None => rd.read_exact(&mut first).await,
            }
        };
        let got = tokio::select! {
            r = read_first => r,
            _ = stop.changed() => break,
        };
        if got.is_err() {
            break;
        }
        let established = shared.state.lock().version;
        let version = first[0] & !frame::RESPONSE;
        let mut header = [0u8; 9];
        header[0] = first[0];
        let hlen = header_len(version);
        if rd.read_exact(&mut header[1..hlen]).await.is_err() {
            break;
        }
        let h = Header::parse(&header[..hlen]);
        // Framing errors: answered, then the connection is closed.
        let fatal = if Header::is_response(first[0]) {
            Some(NativeError::Protocol(
                "Invalid message direction: a client sent a response frame".into(),
            ))
        } else if !(MIN_VERSION..=MAX_VERSION).contains(&version) {
            Some(NativeError::Protocol(format!(
                "Invalid or unsupported protocol version ({version}); supported versions are (1/v1, 2/v2, 3/v3, 4/v4)"
            )))
        } else if established != 0 && version != established {
            Some(NativeError::Protocol(format!(
                "Invalid message version. Got {version} but previous messages on this connection had version {established}"
            )))
        } else if h.length as usize > opts.max_frame_bytes {
            Some(NativeError::Protocol(format!(
                "Request is too big: length {} exceeds maximum allowed length {}.",
                h.length, opts.max_frame_bytes
            )))
        } else {
            None
        };
        if let Some(e) = fatal {
            tracing::info!(%peer, error = %e, "closing native connection");
            let answer_version = if (MIN_VERSION..=MAX_VERSION).contains(&version) {
                version
            } else if established != 0 {
                established
            } else {
                MAX_VERSION
            };
            let _ = tx
                .send(Outgoing {
                    bytes: error_frame(answer_version, h.stream, &e),
                    _charge: None,
                })
                .await;
            break;
        }
        if established == 0 {
            shared.state.lock().version = version;
        }
        // The frame's memory is counted before its body is buffered.
        let len = h.length as usize;
        let mut charge = Charge::new(opts.limits.budget());
        let permit = tokio::select! {
            p = async {
                charge.grow_to(hlen + len).await;
                in_flight.clone().acquire_owned().await
            } => p,
            _ = stop.changed() => break,
        };
        let Ok(permit) = permit else { break };
        let mut body = vec![0u8; len];
        if rd.read_exact(&mut body).await.is_err() {
            break;
        }
        let node = node.clone();
        let shared = shared.clone();
        let tx = tx.clone();
        let limits = opts.limits.clone();
        let max_reply = opts.max_frame_bytes;
        requests.spawn(async move {
            charge.grow_to(request_cost(len, 0)).await;
            let Ok(slot) = limits.workers().clone().acquire_owned().await else {
                return;
            };
            let budget = limits.budget().clone();
            let run = tokio::task::spawn_blocking(move || {
                let meter = reply::open(max_reply, charge);
                // A `POST /reset` waits for the calls in flight and holds the next.
                let gate = node.call_gate();
                let resp = dispatch::answer(&node, &shared, h.flags, h.opcode, body);
                drop(gate);
                let charge = meter.close().unwrap_or_else(|| Charge::new(&budget));
                drop(slot);
                let bytes = response_frame(&shared.state.lock(), h.opcode, h.stream, resp);
                (bytes, charge)
            })
            .await;
            let Ok((bytes, mut charge)) = run else {
                tracing::error!("native request panicked");
                return;
            };
            charge.set_now(bytes.len());
            charge.leave_lane();
            let _ = tx
                .send(Outgoing {
                    bytes,
                    _charge: Some(charge),
                })
                .await;
            drop(permit);
        });
        // Reap finished requests so the set does not grow.
        while let Some(done) = requests.try_join_next() {
            let _ = done;
        }
    }
    // Answer what is running, then close.
    while requests.join_next().await.is_some() {}
    events.abort();
    drop(tx);
    let _ = writer.await;
}

/// Sends SCHEMA_CHANGE events to this connection once it registered for them.
async fn push_events(node: Arc<Node>, shared: Arc<Shared>, tx: mpsc::Sender<Outgoing>) {
    let mut notices = node.notices.subscribe();
    loop {
        let notice = match notices.recv().await {
            Ok(n) => n,
            Err(tokio::sync::broadcast::error::RecvError::Lagged(missed)) => {
                tracing::warn!(missed, "native connection missed schema events");
                continue;
            }
            Err(_) => return,
        };
        let bytes = {
            let state = shared.state.lock();
            if state.phase != Phase::Ready || !state.events.contains("SCHEMA_CHANGE") {
                continue;
            }
            let resp = dispatch::Response {
                opcode: op::EVENT,
                body: result::schema_event(&notice, state.version),
                warnings: Vec::new(),
            };
            response_frame(&state, op::EVENT, -1, resp)
        };
        if tx
            .send(Outgoing {
                bytes,
                _charge: None,
            })
            .await
            .is_err()
        {
            return;
        }
    }
}
