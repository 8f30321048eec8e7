//! A connection's bytes received and not yet taken as frames. One read
//! takes whatever the socket has (up to the buffer's room), so a burst of
//! pipelined requests costs one syscall, and a frame is decoded straight
//! from the buffer (its body is never copied into a buffer of its own
//! unless it goes to the blocking pool undecoded).
//!
//! Memory: the buffer's room is counted against the budget (its charge)
//! before each read, and let go whenever the buffer is empty, so an idle
//! connection holds nothing of the budget (only the buffer's fixed
//! [`CHUNK`] of capacity). For a frame bigger than that the buffer grows
//! as its bytes arrive (at most doubling per read, counted before each
//! read), never to the announced length at once, then shrinks back.
//! Owns the buffer only; it must not interpret frames.

use crate::budget::{Budget, Charge};
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
        } else if self.buf.capacity() > CHUNK && self.buf.len() - self.start <= CHUNK / 2 {
            // A big frame was taken with the start of the next one behind
            // it: its room (whose charge left with it) is let go now.
            self.buf.drain(..self.start);
            self.start = 0;
            self.buf.shrink_to(CHUNK);
        }
    }

    /// What the next read may fill, given that a frame of `frame` bytes is
    /// the one being received (0: unknown yet); the caller counts it
    /// against the budget before [`Inbox::read`]. A frame bigger than the
    /// usual room gets room as its bytes come: at most twice what is
    /// buffered, so what is counted follows what the peer really sent.
    pub fn room_for(&self, frame: usize) -> usize {
        let held = self.buf.len() - self.start;
        let room = if frame > CHUNK {
            frame.min(held.saturating_mul(2)).max(CHUNK)
        } else {
            CHUNK
        };
        room.max(held + 1)
    }

    /// Reads what the socket has now into room for `room` bytes (see
    /// [`Inbox::room_for`]); `Ok(0)` at the end of the stream, an error of
    /// kind `WouldBlock` when nothing is there after all.
    /// The last `n` bytes received (what the latest read added).
    pub fn newest(&self, n: usize) -> &[u8] {
        &self.buf[self.buf.len() - n.min(self.buf.len())..]
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_big_frame_gets_room_as_its_bytes_come() {
        let mut inbox = Inbox::new(&Budget::unlimited());
        // Nothing buffered: the usual room, whatever is announced.
        assert_eq!(inbox.room_for(0), CHUNK);
        assert_eq!(inbox.room_for(16 << 20), CHUNK);
        inbox.buf.resize(CHUNK, 0);
        assert_eq!(inbox.room_for(16 << 20), 2 * CHUNK);
        inbox.buf.resize(3 * CHUNK, 0);
        assert_eq!(inbox.room_for(4 * CHUNK), 4 * CHUNK);
        assert_eq!(inbox.room_for(100), 3 * CHUNK + 1);
    }
}
