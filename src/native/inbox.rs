//! A connection's bytes received and not yet taken as frames. One read
//! takes whatever the socket has (up to the buffer's room), so a burst of
//! pipelined requests costs one syscall, and a frame is decoded straight
//! from the buffer (its body is never copied into a buffer of its own
//! unless it goes to the blocking pool undecoded).
//!
//! Memory: the buffer's room is counted against the budget (its charge)
//! before each read, and let go whenever the buffer is empty, so an idle
//! connection holds nothing of the budget (only the buffer's fixed
//! [`CHUNK`] of capacity). A frame bigger than that is counted whole
//! before its body is buffered (the connection does that, with the
//! frame's own charge) and the buffer grows for it, then shrinks back.
//! Owns the buffer only; it must not interpret frames.

use crate::node::budget::{Budget, Charge};
use std::io;
use std::sync::Arc;
use tokio::net::TcpStream;

/// The buffer's usual room: a read's worth.
pub const CHUNK: usize = 16 * 1024;

pub struct Inbox {
    buf: Vec<u8>,
    /// Bytes of `buf` already taken.
    start: usize,
    /// Counts the buffer's room while it holds anything or is read into.
    pub charge: Charge,
}

impl Inbox {
    pub fn new(budget: &Arc<Budget>) -> Inbox {
        Inbox {
            buf: Vec::with_capacity(CHUNK),
            start: 0,
            charge: Charge::new(budget),
        }
    }

    /// The bytes received and not taken.
    pub fn buffered(&self) -> &[u8] {
        &self.buf[self.start..]
    }

    pub fn is_empty(&self) -> bool {
        self.start == self.buf.len()
    }

    /// Marks `n` bytes as taken.
    pub fn consume(&mut self, n: usize) {
        self.start = (self.start + n).min(self.buf.len());
        if self.is_empty() {
            self.buf.clear();
            self.start = 0;
            if self.buf.capacity() > CHUNK {
                self.buf.shrink_to(CHUNK);
            }
            self.charge.shrink_to(0);
        }
    }

    /// What the next read may fill, given that a frame of `frame` bytes is
    /// the one being received (0: unknown yet); the caller counts it
    /// against the budget before [`Inbox::read`].
    pub fn room_for(&self, frame: usize) -> usize {
        let held = self.buf.len() - self.start;
        CHUNK.max(frame.max(held + 1))
    }

    /// Reads what the socket has now into room for `room` bytes (see
    /// [`Inbox::room_for`]); `Ok(0)` at the end of the stream, an error of
    /// kind `WouldBlock` when nothing is there after all.
    pub fn read(&mut self, sock: &TcpStream, room: usize) -> io::Result<usize> {
        if self.start > 0 {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        if self.buf.capacity() < room {
            self.buf.reserve_exact(room - self.buf.len());
        }
        sock.try_read_buf(&mut self.buf)
    }
}
