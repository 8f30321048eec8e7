//! Message framing on a byte stream: tells framed from unframed clients by
//! their first bytes, cuts the stream into whole messages, and writes replies.
//! Its submodules run the connections: [`server`] accepts them and reads whole
//! messages, [`handoff`] decides where a call runs, [`foreign`] names the
//! protocols that are not Thrift.
//!
//! Detection rule (decided once per connection, from the first 5 bytes):
//! - byte 0 has its top bit set: an unframed **strict** message (`0x80 0x01 ..`).
//!   A frame length is a positive i32, so it never starts with a set top bit.
//! - otherwise bytes 0..4 are either a frame length (framed) or the name
//!   length of an unframed **non-strict** message. Byte 4 tells them apart:
//!   in a framed strict message it is `0x80` (the inner version word); in a
//!   framed non-strict message it is `0x00` (the high byte of an inner name
//!   length, which is far below 16 MiB); in an unframed non-strict message it
//!   is the first character of the method name, never `0x00` or `0x80`.
//! - a first word of zero is neither (an empty frame or an empty method name)
//!   and is refused.
//!
//! Before that, the first 8 bytes (fewer than any Thrift message has) are
//! checked for another protocol's opening (CQL native protocol, HTTP, TLS:
//! see [`crate::thrift::transport::foreign`]), which is reported as such.
//!
//! Size limit: a frame longer than the maximum is refused from its length
//! word alone; an unframed message is refused as soon as its declared lengths
//! or its buffered bytes pass the maximum. Either way nothing is allocated
//! beyond the limit. This module must not decode message contents beyond the
//! header it quotes in errors.
//!
//! Memory: every byte buffered is counted against the server's memory
//! budget before it is read (see [`crate::budget`]): the reader waits
//! until the socket has bytes, charges one read's worth, reads, and gives
//! back what the read did not fill, so an idle connection holds nothing and
//! a spent budget stops reading. A whole message leaves with its charge.
//!
//! Cost per call: a read that starts a message goes into a per-thread
//! scratch buffer (one read syscall for a request up to [`CHUNK`] bytes)
//! and only the bytes received are copied into the connection's buffer, so
//! a small request costs one small allocation, not a [`CHUNK`]-sized one
//! (allocating and freeing 64 KiB per call made glibc consolidate its free
//! lists on every call). Readiness is awaited first and the read is a
//! non-blocking `try_read`, so no read returns EAGAIN in the usual case.
//!
//! Each message is walked once: a framed one when its frame is complete, an
//! unframed one that came whole in one read likewise, by the one-pass
//! [`walk_message`] (which also notes the argument shape for dispatch);
//! an unframed message that trickles in (or that the walk does not accept)
//! is walked by a resumable [`Scanner`] as its bytes arrive, so the work per
//! read is proportional to the bytes read, however slowly it comes.

pub mod foreign;
pub mod handoff;
pub mod server;

use crate::budget::{Budget, Charge};
use crate::thrift::dispatch::Called;
use crate::thrift::wire::scan::{Scan, Scanner};
use crate::thrift::wire::walk::ArgShape;
use crate::thrift::wire::walk::{walk_message, Walked};
use crate::thrift::wire::{Framing, MessageHeader, Reader};
use foreign::{Foreign, DECIDING_BYTES};
use std::future::Future;
use std::io;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt};

/// Why no message could be read.
#[derive(Debug, thiserror::Error)]
pub enum TransportError {
    #[error("i/o error: {0}")]
    Io(#[from] io::Error),
    /// The peer closed mid-message.
    #[error("connection closed in the middle of a message")]
    Truncated,
    /// The message is over the size limit. `header` is the message's header
    /// when it could be read, so the caller can answer before closing.
    #[error("message of {len} bytes exceeds the maximum of {max} bytes")]
    TooLarge {
        len: u64,
        max: usize,
        header: Option<MessageHeader>,
    },
    /// The bytes are not a Thrift binary-protocol message.
    #[error("not a Thrift binary message: {0}")]
    Garbage(String),
    /// The first bytes are another protocol's (see [`crate::thrift::transport::foreign`]).
    #[error("not Thrift: {0}")]
    Foreign(Foreign),
    /// Nothing arrived for the idle timeout.
    #[error("no bytes received for {0:?} (idle timeout)")]
    Idle(Duration),
    /// A message begun was not continued for the read timeout.
    #[error("no more of a message begun received for {0:?} (read timeout)")]
    Stalled(Duration),
}

/// A byte stream that can tell when reading would not wait, so that the
/// reader charges the budget only once bytes are there.
pub trait Source: AsyncRead + Unpin {
    /// Completes when bytes (or the end of the stream) are ready to read.
    fn ready(&mut self) -> impl Future<Output = io::Result<()>> + Send;
    /// Reads what is there without waiting (`WouldBlock` when nothing is:
    /// readiness can be stale).
    fn try_read_now(&mut self, buf: &mut [u8]) -> io::Result<usize>;
}

impl Source for tokio::net::TcpStream {
    fn ready(&mut self) -> impl Future<Output = io::Result<()>> + Send {
        self.readable()
    }
    /// A read that comes back short of `buf` took everything the socket
    /// held, so it also clears the stream's readiness: the next wait then
    /// parks at once instead of first making a read that can only find
    /// nothing (EAGAIN), which a client slower than the server (a JVM
    /// client: a fifth to a half of its calls) would otherwise cost.
    /// tokio clears readiness only if no readiness event came since the
    /// read began, so bytes that arrive meanwhile still wake the wait.
    fn try_read_now(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let room = buf.len();
        let mut drained = None;
        let read = self.try_io(tokio::io::Interest::READABLE, || {
            let (n, _) = rustix::net::recv(&*self, &mut *buf, rustix::net::RecvFlags::empty())?;
            if n > 0 && n < room {
                drained = Some(n);
                return Err(io::ErrorKind::WouldBlock.into());
            }
            Ok(n)
        });
        match (read, drained) {
            (Err(e), Some(n)) if e.kind() == io::ErrorKind::WouldBlock => Ok(n),
            (read, _) => read,
        }
    }
}

impl Source for &[u8] {
    fn ready(&mut self) -> impl Future<Output = io::Result<()>> + Send {
        std::future::ready(Ok(()))
    }
    fn try_read_now(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        io::Read::read(self, buf)
    }
}

thread_local! {
    /// Where a read that starts a message lands before its bytes are
    /// copied into the connection's buffer (see the module comment).
    static SCRATCH: std::cell::RefCell<Box<[u8]>> =
        std::cell::RefCell::new(vec![0; CHUNK].into_boxed_slice());
}

/// One whole request, without any frame header.
#[derive(Debug)]
pub struct Message {
    pub bytes: Vec<u8>,
    /// Thrift values in it (what decoding it will allocate scales with).
    pub values: u64,
    /// Its top-level arguments, when the transport's walk found the message
    /// whole and valid (dispatch walks the arguments itself otherwise).
    pub shape: Option<ArgShape>,
    /// Its method, looked up by the name its header gives (`None`: a
    /// header that cannot be read, or no method of either generation):
    /// the one lookup of a call's method, which the hand-off and dispatch
    /// take from here.
    pub called: Option<Called>,
    /// The budget held for its bytes.
    pub charge: Charge,
}

/// Reads whole messages from one connection.
pub struct MessageReader {
    /// Bytes received and not yet handed out: the current message (after
    /// its frame header, for framed connections) and maybe the next one.
    buf: Vec<u8>,
    framing: Option<Framing>,
    max: usize,
    idle: Option<Duration>,
    /// How long a message begun may pause (see [`MessageReader::with_read_timeout`]).
    read: Option<Duration>,
    /// The walk through the current message so far.
    scan: Scanner,
    /// The budget held for `buf`.
    held: Charge,
}

/// Bytes read per call at most.
const CHUNK: usize = 64 * 1024;

/// How long a wait for bytes may last, and what it ends in if it does.
type WaitLimit = Option<(Duration, fn(Duration) -> TransportError)>;

/// `io` within `limit`, if any.
async fn timed<T>(
    limit: WaitLimit,
    io: impl Future<Output = io::Result<T>>,
) -> Result<T, TransportError> {
    match limit {
        None => Ok(io.await?),
        Some((limit, error)) => match tokio::time::timeout(limit, io).await {
            Ok(r) => Ok(r?),
            Err(_) => Err(error(limit)),
        },
    }
}

impl MessageReader {
    /// A reader refusing messages over `max_message` bytes, charging
    /// `budget`, closing after `idle` without bytes (if set).
    pub fn new(max_message: usize, budget: &Arc<Budget>, idle: Option<Duration>) -> Self {
        MessageReader {
            buf: Vec::new(),
            framing: None,
            max: max_message,
            idle,
            read: None,
            scan: Scanner::new(),
            held: Charge::new(budget),
        }
    }

    /// Closes the connection when a message begun (some of its bytes
    /// buffered) gets no more bytes for `read`: a half-sent message must
    /// not hold its buffer forever.
    pub fn with_read_timeout(mut self, read: Option<Duration>) -> Self {
        self.read = read;
        self
    }

    /// The limit of the next wait for bytes: the idle timeout between
    /// messages, the shorter of both within one.
    fn limit(&self) -> WaitLimit {
        let idle = self.idle.map(|d| (d, TransportError::Idle as fn(_) -> _));
        let read = self
            .read
            .map(|d| (d, TransportError::Stalled as fn(_) -> _));
        match (self.buf.is_empty(), idle, read) {
            (true, idle, _) => idle,
            (false, Some(i), Some(r)) => Some(if r.0 < i.0 { r } else { i }),
            (false, idle, read) => read.or(idle),
        }
    }

    /// The framing detected on this connection (after the first message).
    pub fn framing(&self) -> Option<Framing> {
        self.framing
    }

    /// The next whole message, or `None` on a clean end of stream between
    /// messages.
    pub async fn next<R: Source>(&mut self, io: &mut R) -> Result<Option<Message>, TransportError> {
        let framing = match self.framing {
            Some(f) => f,
            None => match self.detect(io).await? {
                Some(f) => {
                    self.framing = Some(f);
                    f
                }
                None => return Ok(None),
            },
        };
        match framing {
            Framing::Framed => self.next_framed(io).await,
            Framing::Unframed => self.next_unframed(io).await,
        }
    }

    /// Reads up to `want` more bytes (at most one chunk), charging them
    /// first; false on end of stream.
    async fn fill<R: Source>(&mut self, io: &mut R, want: usize) -> Result<bool, TransportError> {
        let want = want.clamp(1, CHUNK);
        timed(self.limit(), io.ready()).await?;
        // Waiting for the budget is the server's doing, not idleness.
        let to = self.buf.len() + want;
        if self.buf.is_empty() {
            self.held.grow_to(to).await;
        } else {
            self.held.grow_partial_to(to).await;
        }
        let read = if self.buf.is_empty() {
            self.read_fresh(io, want).await
        } else {
            self.buf.reserve(want);
            let limit = self.limit();
            timed(limit, (&mut *io).take(want as u64).read_buf(&mut self.buf)).await
        };
        self.held.shrink_to(self.buf.len());
        Ok(read? > 0)
    }

    /// The first read into an empty buffer: through the thread's scratch
    /// buffer, keeping only the bytes that came.
    async fn read_fresh<R: Source>(
        &mut self,
        io: &mut R,
        want: usize,
    ) -> Result<usize, TransportError> {
        loop {
            let read = SCRATCH.with(|scratch| {
                let mut scratch = scratch.borrow_mut();
                let n = io.try_read_now(&mut scratch[..want])?;
                self.buf.extend_from_slice(&scratch[..n]);
                Ok::<_, io::Error>(n)
            });
            match read {
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    timed(self.limit(), io.ready()).await?;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                r => return Ok(r?),
            }
        }
    }

    async fn detect<R: Source>(&mut self, io: &mut R) -> Result<Option<Framing>, TransportError> {
        loop {
            // Every Thrift message is longer than this, so waiting for these
            // bytes never stalls a Thrift client; another protocol's first
            // bytes are named before they are misread as lengths.
            if self.buf.len() >= DECIDING_BYTES {
                if let Some(f) = foreign::identify(&self.buf, self.max) {
                    return Err(TransportError::Foreign(f));
                }
                if let Some(f) = classify(&self.buf)? {
                    return Ok(Some(f));
                }
            }
            if !self.fill(io, CHUNK).await? {
                return match foreign::identify(&self.buf, self.max) {
                    _ if self.buf.is_empty() => Ok(None),
                    Some(f) => Err(TransportError::Foreign(f)),
                    None => Err(TransportError::Truncated),
                };
            }
        }
    }

    /// Hands out `buf[skip..end]` with its charge; keeps the rest. `walked`
    /// is the message's one-pass walk, if it had one (else the scanner's
    /// count stands).
    fn cut(&mut self, end: usize, skip: usize, walked: Option<Walked>) -> Message {
        let mut bytes = if end == self.buf.len() {
            // The usual case: nothing of the next message is here yet.
            std::mem::take(&mut self.buf)
        } else {
            let rest = self.buf.split_off(end);
            std::mem::replace(&mut self.buf, rest)
        };
        let charge = self.held.split(end);
        if skip > 0 {
            bytes.drain(..skip);
        }
        let scanned = std::mem::take(&mut self.scan).values();
        let (values, shape, called) = match walked {
            Some(w) => (
                w.values,
                Some(w.shape),
                bytes.get(w.name).and_then(Called::by_name),
            ),
            None => (scanned, None, Called::of(&bytes)),
        };
        Message {
            bytes,
            values,
            shape,
            called,
            charge,
        }
    }

    async fn next_framed<R: Source>(
        &mut self,
        io: &mut R,
    ) -> Result<Option<Message>, TransportError> {
        while self.buf.len() < 4 {
            if !self.fill(io, CHUNK).await? {
                return if self.buf.is_empty() {
                    Ok(None)
                } else {
                    Err(TransportError::Truncated)
                };
            }
        }
        let len = u32::from_be_bytes([self.buf[0], self.buf[1], self.buf[2], self.buf[3]]);
        if len as u64 > self.max as u64 {
            return Err(TransportError::TooLarge {
                len: len as u64,
                max: self.max,
                header: header_of(&self.buf[4..]),
            });
        }
        if len == 0 || len > i32::MAX as u32 {
            return Err(TransportError::Garbage(format!(
                "invalid frame length {len}"
            )));
        }
        // The buffer grows as bytes come (never to the announced length at
        // once: a peer announcing 16 MB and sending nothing costs nothing).
        let total = 4 + len as usize;
        while self.buf.len() < total {
            if !self.fill(io, total - self.buf.len()).await? {
                return Err(TransportError::Truncated);
            }
        }
        // The frame is whole: one walk counts its values. A body that is
        // no valid message is counted by the scanner (in one pass too) and
        // answered by dispatch, not here.
        let body = &self.buf[4..total];
        let walked = walk_message(body).filter(|w| w.end == body.len());
        if walked.is_none() {
            self.scan.advance(body);
        }
        Ok(Some(self.cut(total, 4, walked)))
    }

    async fn next_unframed<R: Source>(
        &mut self,
        io: &mut R,
    ) -> Result<Option<Message>, TransportError> {
        if self.buf.is_empty() && !self.fill(io, CHUNK).await? {
            return Ok(None);
        }
        loop {
            if self.scan.steps() == 0 {
                // A message not yet walked: if it came whole, one pass.
                if let Some(w) = walk_message(&self.buf) {
                    if w.end > self.max {
                        return Err(self.too_large(w.end as u64));
                    }
                    let end = w.end;
                    return Ok(Some(self.cut(end, 0, Some(w))));
                }
            }
            match self.scan.advance(&self.buf) {
                Scan::Complete(n) => {
                    if n > self.max {
                        return Err(self.too_large(n as u64));
                    }
                    return Ok(Some(self.cut(n, 0, None)));
                }
                Scan::Invalid(why) => return Err(TransportError::Garbage(why)),
                Scan::NeedMore(need) => {
                    if need > self.max {
                        return Err(self.too_large(need as u64));
                    }
                    if !self.fill(io, CHUNK).await? {
                        return Err(TransportError::Truncated);
                    }
                }
            }
        }
    }

    fn too_large(&self, len: u64) -> TransportError {
        TransportError::TooLarge {
            len,
            max: self.max,
            header: header_of(&self.buf),
        }
    }
}

/// Framing of a stream from its first bytes; `None` while too few have arrived.
pub fn classify(first: &[u8]) -> Result<Option<Framing>, TransportError> {
    if first.is_empty() {
        return Ok(None);
    }
    if first[0] & 0x80 != 0 {
        if first.len() >= 2 && first[..2] != [0x80, 0x01] {
            return Err(TransportError::Garbage(format!(
                "bad version bytes {:02x} {:02x}",
                first[0], first[1]
            )));
        }
        return Ok(Some(Framing::Unframed));
    }
    if first.len() < 5 {
        return Ok(None);
    }
    if first[..4] == [0, 0, 0, 0] {
        return Err(TransportError::Garbage("empty frame or method name".into()));
    }
    Ok(Some(match first[4] {
        0x80 | 0x00 => Framing::Framed,
        _ => Framing::Unframed,
    }))
}

/// The header of a message starting at `bytes`, when enough of it is present.
fn header_of(bytes: &[u8]) -> Option<MessageHeader> {
    Reader::new(bytes).message_header().ok()
}

/// Wraps an encoded reply for the connection's framing, as one buffer (in
/// place: the body usually has room for the 4-byte length to its end).
pub fn frame_reply(framing: Framing, mut body: Vec<u8>) -> Vec<u8> {
    match framing {
        Framing::Unframed => body,
        Framing::Framed => {
            let len = body.len();
            body.extend_from_slice(&[0; 4]);
            body.copy_within(..len, 4);
            body[..4].copy_from_slice(&(len as u32).to_be_bytes());
            body
        }
    }
}

#[cfg(test)]
#[path = "transport_tests.rs"]
mod tests;
