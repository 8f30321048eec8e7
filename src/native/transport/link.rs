//! A connection's socket and what flows out of it ([`Link`]): the
//! coalesced replies, the answers the blocking pool sends back ([`Done`]),
//! and what taking a frame did ([`Step`], [`End`]). Shared by the
//! connection's task ([`super::server`]) and the request runner
//! ([`super::runner`]), below both. Must not read the socket or decide
//! where a request runs.

use super::super::handle::dispatch::{Response, Shared};
use super::super::wire::frame::Header;
use super::outbox::Outbox;
use super::watch::Outcome;
use crate::budget::Charge;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::sync::{mpsc, watch};
use tokio::time::sleep_until;

/// A request the blocking pool answered (`None`: it panicked, and gets no
/// answer, as a request that failed that way always did).
pub(super) struct Done {
    pub(super) opcode: u8,
    pub(super) stream: i16,
    pub(super) answer: Option<(Response, Charge)>,
    /// A primed fault drops the connection.
    pub(super) close: bool,
}

/// Why a connection stops taking requests.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum End {
    /// Answer what runs, write it, close (end of stream, shutdown, a
    /// framing error).
    Finish,
    /// Close now (the socket failed, or the peer reads nothing).
    Abort,
}

/// The socket and what flows out of it; split from the read buffer so that
/// a frame borrowed from that buffer can be run while replies are written.
pub(super) struct Link {
    pub(super) sock: TcpStream,
    pub(super) out: Outbox,
    pub(super) shared: Arc<Shared>,
    pub(super) done_tx: mpsc::UnboundedSender<Done>,
    pub(super) done_rx: mpsc::UnboundedReceiver<Done>,
    /// Requests on the blocking pool, not answered yet.
    pub(super) running: usize,
    /// A primed fault dropped the connection: it takes no more requests.
    pub(super) closing: bool,
    pub(super) write_timeout: Option<Duration>,
}

impl Link {
    /// A connection's link, with nothing in flight or unwritten.
    pub(super) fn new(
        sock: TcpStream,
        shared: Arc<Shared>,
        write_timeout: Option<Duration>,
    ) -> Link {
        let (done_tx, done_rx) = mpsc::unbounded_channel();
        Link {
            sock,
            out: Outbox::default(),
            shared,
            done_tx,
            done_rx,
            running: 0,
            closing: false,
            write_timeout,
        }
    }

    /// Lays a pool answer into the write buffer.
    pub(super) fn finished(&mut self, done: Option<Done>) {
        let Some(d) = done else { return };
        self.running -= 1;
        self.closing |= d.close;
        if let Some((resp, charge)) = d.answer {
            let state = self.shared.state.lock();
            self.out
                .push_reply(&state, d.opcode, d.stream, resp, Some(charge));
        }
    }

    /// Lays an answer run here into the write buffer; a dropped
    /// connection stops taking requests.
    pub(super) fn deliver(&mut self, h: Header, outcome: Outcome, charge: Option<Charge>) -> Step {
        match outcome {
            Outcome::Reply(resp) => {
                let state = self.shared.state.lock();
                self.out
                    .push_reply(&state, h.opcode, h.stream, resp, charge);
                Step::Took
            }
            Outcome::Drop => Step::End(End::Finish),
        }
    }

    pub(super) fn stall_deadline(&self) -> Instant {
        self.out
            .stall_deadline(self.write_timeout)
            .unwrap_or_else(|| Instant::now() + Duration::from_secs(3600))
    }

    /// Waits for `fut` while writing replies and taking pool answers (see
    /// the module comment); `None` when the connection is to stop instead.
    pub(super) async fn serving<F: Future>(
        &mut self,
        fut: F,
        stop: &mut watch::Receiver<bool>,
    ) -> Option<F::Output> {
        tokio::pin!(fut);
        loop {
            let stalled = self.out.stall_deadline(self.write_timeout).is_some();
            let deadline = self.stall_deadline();
            tokio::select! {
                biased;
                v = &mut fut => return Some(v),
                d = self.done_rx.recv(), if self.running > 0 => {
                    self.finished(d);
                    self.out.flush(&self.sock).ok()?;
                }
                w = self.sock.writable(), if !self.out.is_empty() => {
                    w.ok()?;
                    self.out.flush(&self.sock).ok()?;
                }
                _ = stop.changed() => return None,
                _ = sleep_until(deadline.into()), if stalled => return None,
            }
        }
    }

    /// Answers what runs on the pool and writes every reply (within the
    /// write timeout), then closes.
    pub(super) async fn finish(mut self) {
        loop {
            if self.out.flush(&self.sock).is_err() {
                return;
            }
            if self.running == 0 && self.out.is_empty() {
                break;
            }
            let stalled = self.out.stall_deadline(self.write_timeout).is_some();
            let deadline = self.stall_deadline();
            tokio::select! {
                d = self.done_rx.recv(), if self.running > 0 => self.finished(d),
                w = self.sock.writable(), if !self.out.is_empty() => {
                    if w.is_err() {
                        return;
                    }
                }
                _ = sleep_until(deadline.into()), if stalled => {
                    tracing::debug!("native peer reads nothing; closing");
                    return;
                }
            }
        }
        let _ = self.sock.shutdown().await;
    }
}

/// What taking the next buffered frame did.
pub(super) enum Step {
    Took,
    /// No whole frame is buffered.
    NeedBytes,
    End(End),
}
