//! A connection's replies waiting to be written. Each reply is laid out
//! straight into one buffer (header, warnings, body: no frame of its own)
//! as soon as it is ready, and the buffer is written with as few syscalls
//! as the socket allows: whatever is ready goes out in one `write`, so a
//! burst of requests answered together costs one syscall, not one each.
//! A reply's memory stays counted against the budget (its charge) until
//! the buffer holding it is written.
//!
//! Owns the buffer and the write-stall clock (a peer that reads none of its
//! replies for the write timeout loses its connection); it must not decide
//! what is answered, and it never waits: the connection waits for the
//! socket to be writable and calls [`Outbox::flush`] again.

use super::super::handle::conn::ConnState;
use super::super::handle::dispatch::{compresses, Response};
use super::super::handle::error::NativeError;
use super::super::wire::codec::Writer;
use super::super::wire::frame::{self, op, FLAG_TRACING, FLAG_WARNING};
use crate::budget::Charge;
use crate::node::tap::ConnTap;
use std::io;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpStream;

/// Unwritten replies beyond this stop the connection taking new requests
/// (a peer that sends without reading must not make the server buffer
/// without end; the memory budget bounds it too, when one is set).
pub const HIGH_WATER: usize = 1 << 20;

/// The buffer capacity kept between bursts.
const KEEP: usize = 64 * 1024;

#[derive(Default)]
pub struct Outbox {
    buf: Vec<u8>,
    /// Bytes of `buf` already written.
    sent: usize,
    /// The memory of the replies in `buf`, let go once all are written.
    charges: Vec<Charge>,
    /// Since when the socket has taken nothing while bytes wait.
    stalled: Option<Instant>,
    /// Where the bytes are handed before they are first written
    /// (`serve --capture`), and how many of `buf` were.
    tap: Option<Arc<dyn ConnTap>>,
    tapped: usize,
}

impl Outbox {
    /// Hands every byte this outbox writes to `tap` first.
    pub fn tap(&mut self, tap: Arc<dyn ConnTap>) {
        self.tap = Some(tap);
    }

    pub fn is_empty(&self) -> bool {
        self.sent == self.buf.len()
    }

    /// Whether enough is unwritten that no new request should be taken.
    pub fn is_full(&self) -> bool {
        self.buf.len() - self.sent >= HIGH_WATER
    }

    /// Appends the response to a request with `request_opcode` on `stream`,
    /// framed for the connection's version and compression; `charge` (the
    /// request's) is set to the reply's size and held until it is written.
    pub fn push_reply(
        &mut self,
        state: &ConnState,
        request_opcode: u8,
        stream: i16,
        resp: Response,
        charge: Option<Charge>,
    ) {
        let version = state.version;
        let start = self.buf.len();
        let mut flags = 0;
        // Before the body: the tracing id (any version), then warnings (v4).
        let mut warnings = match resp.tracing_id {
            Some(id) => {
                flags |= FLAG_TRACING;
                id.to_vec()
            }
            None => Vec::new(),
        };
        if version >= 4 && !resp.warnings.is_empty() {
            flags |= FLAG_WARNING;
            let mut w = Writer::new();
            let list: Vec<&str> = resp.warnings.iter().map(String::as_str).collect();
            w.string_list(&list);
            warnings.extend_from_slice(&w.buf);
        }
        let compression = state
            .compression
            .filter(|_| compresses(state, request_opcode));
        match compression {
            Some(c) => {
                let mut plain = warnings;
                plain.extend_from_slice(&resp.body);
                let body = c.compress(&plain);
                flags |= frame::FLAG_COMPRESSED;
                frame::encode_header(
                    &mut self.buf,
                    version,
                    flags,
                    stream,
                    resp.opcode,
                    body.len(),
                );
                self.buf.extend_from_slice(&body);
            }
            None => {
                let len = warnings.len() + resp.body.len();
                frame::encode_header(&mut self.buf, version, flags, stream, resp.opcode, len);
                self.buf.extend_from_slice(&warnings);
                self.buf.extend_from_slice(&resp.body);
            }
        }
        if let Some(mut charge) = charge {
            charge.set_now(self.buf.len() - start);
            charge.leave_lane();
            self.charges.push(charge);
        }
    }

    /// Appends an ERROR frame outside any request's run (framing errors).
    pub fn push_error(&mut self, version: u8, stream: i16, e: &NativeError) {
        let body = e.body();
        frame::encode_header(&mut self.buf, version, 0, stream, op::ERROR, body.len());
        self.buf.extend_from_slice(&body);
    }

    /// Writes what the socket takes now, without waiting. `Ok` also when
    /// bytes are left (the caller waits for the socket to be writable).
    pub fn flush(&mut self, sock: &TcpStream) -> io::Result<()> {
        if let Some(tap) = &self.tap {
            if self.tapped < self.buf.len() {
                tap.answered(&self.buf[self.tapped..]);
                self.tapped = self.buf.len();
            }
        }
        while self.sent < self.buf.len() {
            match sock.try_write(&self.buf[self.sent..]) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(n) => {
                    self.sent += n;
                    self.stalled = None;
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    self.stalled.get_or_insert_with(Instant::now);
                    // What is written need not be kept (but its charges
                    // are, coarsely, until everything is out).
                    if self.sent >= KEEP {
                        self.buf.drain(..self.sent);
                        self.tapped -= self.sent.min(self.tapped);
                        self.sent = 0;
                    }
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        self.buf.clear();
        self.sent = 0;
        self.tapped = 0;
        self.charges.clear();
        self.stalled = None;
        if self.buf.capacity() > KEEP {
            self.buf.shrink_to(KEEP);
        }
        Ok(())
    }

    /// When the connection is to be given up if the socket still takes
    /// nothing (`None`: nothing waits, or no write timeout).
    pub fn stall_deadline(&self, limit: Option<Duration>) -> Option<Instant> {
        Some(self.stalled? + limit?)
    }
}
