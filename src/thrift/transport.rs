//! Message framing on a byte stream: tells framed from unframed clients by
//! their first bytes, cuts the stream into whole messages, and writes replies.
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
//! Size limit: a frame longer than the maximum is refused from its length
//! word alone; an unframed message is refused as soon as its declared lengths
//! or its buffered bytes pass the maximum. Either way nothing is allocated
//! beyond the limit. This module must not decode message contents beyond the
//! header it quotes in errors.

use crate::thrift::scan::{scan_message, Scan};
use crate::thrift::wire::{MessageHeader, Reader};
use std::io;
use tokio::io::{AsyncRead, AsyncReadExt};

/// How a connection frames its messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    Framed,
    Unframed,
}

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
}

/// Reads whole messages from one connection.
pub struct MessageReader {
    buf: Vec<u8>,
    framing: Option<Framing>,
    max: usize,
}

/// Bytes read per call when we do not know how much is coming.
const CHUNK: usize = 64 * 1024;

impl MessageReader {
    pub fn new(max_message: usize) -> Self {
        MessageReader {
            buf: Vec::new(),
            framing: None,
            max: max_message,
        }
    }

    /// The framing detected on this connection (after the first message).
    pub fn framing(&self) -> Option<Framing> {
        self.framing
    }

    /// The next whole message (without any frame header), or `None` on a
    /// clean end of stream between messages.
    pub async fn next<R: AsyncRead + Unpin>(
        &mut self,
        io: &mut R,
    ) -> Result<Option<Vec<u8>>, TransportError> {
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

    /// Reads more bytes; false on end of stream.
    async fn fill<R: AsyncRead + Unpin>(
        &mut self,
        io: &mut R,
        want: usize,
    ) -> Result<bool, TransportError> {
        let want = want.clamp(1, CHUNK);
        self.buf.reserve(want);
        let n = io.read_buf(&mut self.buf).await?;
        Ok(n > 0)
    }

    async fn detect<R: AsyncRead + Unpin>(
        &mut self,
        io: &mut R,
    ) -> Result<Option<Framing>, TransportError> {
        loop {
            if let Some(f) = classify(&self.buf)? {
                return Ok(Some(f));
            }
            if !self.fill(io, CHUNK).await? {
                return if self.buf.is_empty() {
                    Ok(None)
                } else {
                    Err(TransportError::Truncated)
                };
            }
        }
    }

    async fn next_framed<R: AsyncRead + Unpin>(
        &mut self,
        io: &mut R,
    ) -> Result<Option<Vec<u8>>, TransportError> {
        while self.buf.len() < 4 {
            if !self.fill(io, 4 - self.buf.len()).await? {
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
        let total = 4 + len as usize;
        while self.buf.len() < total {
            if !self.fill(io, total - self.buf.len()).await? {
                return Err(TransportError::Truncated);
            }
        }
        let msg = self.buf[4..total].to_vec();
        self.buf.drain(..total);
        Ok(Some(msg))
    }

    async fn next_unframed<R: AsyncRead + Unpin>(
        &mut self,
        io: &mut R,
    ) -> Result<Option<Vec<u8>>, TransportError> {
        if self.buf.is_empty() && !self.fill(io, CHUNK).await? {
            return Ok(None);
        }
        loop {
            match scan_message(&self.buf) {
                Scan::Complete(n) => {
                    if n > self.max {
                        return Err(self.too_large(n as u64));
                    }
                    let msg = self.buf[..n].to_vec();
                    self.buf.drain(..n);
                    return Ok(Some(msg));
                }
                Scan::Invalid(why) => return Err(TransportError::Garbage(why)),
                Scan::NeedMore(need) => {
                    if need > self.max {
                        return Err(self.too_large(need as u64));
                    }
                    // `need` is a lower bound on the message size, so reading
                    // up to it before rescanning never waits for bytes that
                    // are not coming.
                    while self.buf.len() < need {
                        if !self.fill(io, need - self.buf.len()).await? {
                            return Err(TransportError::Truncated);
                        }
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

/// Wraps an encoded reply for the connection's framing, as one buffer.
pub fn frame_reply(framing: Framing, mut body: Vec<u8>) -> Vec<u8> {
    match framing {
        Framing::Unframed => body,
        Framing::Framed => {
            let mut out = Vec::with_capacity(body.len() + 4);
            out.extend_from_slice(&(body.len() as u32).to_be_bytes());
            out.append(&mut body);
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thrift::wire::{mtype, ttype, Writer};

    fn strict_call() -> Vec<u8> {
        let mut w = Writer::new();
        w.message_header("describe_version", mtype::CALL, 3);
        w.stop();
        w.buf
    }

    fn old_call() -> Vec<u8> {
        let mut w = Writer::new();
        w.bytes(b"describe_version");
        w.buf.push(mtype::CALL);
        w.buf.extend_from_slice(&3i32.to_be_bytes());
        w.stop();
        w.buf
    }

    #[test]
    fn classification() {
        let s = strict_call();
        let o = old_call();
        assert_eq!(classify(&s).unwrap(), Some(Framing::Unframed));
        assert_eq!(classify(&o[..4]).unwrap(), None);
        assert_eq!(classify(&o).unwrap(), Some(Framing::Unframed));
        assert_eq!(
            classify(&frame_reply(Framing::Framed, s)).unwrap(),
            Some(Framing::Framed)
        );
        assert_eq!(
            classify(&frame_reply(Framing::Framed, o)).unwrap(),
            Some(Framing::Framed)
        );
        assert!(classify(&[0, 0, 0, 0, 1]).is_err());
        assert!(classify(&[0x80, 0x02]).is_err());
    }

    async fn read_all(bytes: Vec<u8>, max: usize) -> Vec<Result<Option<Vec<u8>>, String>> {
        let mut r = MessageReader::new(max);
        let mut io = &bytes[..];
        let mut out = Vec::new();
        loop {
            let m = r.next(&mut io).await.map_err(|e| e.to_string());
            let stop = !matches!(m, Ok(Some(_)));
            out.push(m);
            if stop {
                return out;
            }
        }
    }

    #[tokio::test]
    async fn splits_back_to_back_messages() {
        for msg in [strict_call(), old_call()] {
            let mut stream = msg.clone();
            stream.extend_from_slice(&msg);
            let got = read_all(stream.clone(), 1024).await;
            assert_eq!(
                got,
                vec![Ok(Some(msg.clone())), Ok(Some(msg.clone())), Ok(None)]
            );
            let framed = [
                frame_reply(Framing::Framed, msg.clone()),
                frame_reply(Framing::Framed, msg.clone()),
            ]
            .concat();
            let got = read_all(framed, 1024).await;
            assert_eq!(
                got,
                vec![Ok(Some(msg.clone())), Ok(Some(msg.clone())), Ok(None)]
            );
        }
    }

    #[tokio::test]
    async fn oversize_and_truncated() {
        let mut w = Writer::new();
        w.message_header("insert", mtype::CALL, 9);
        w.field_header(ttype::STRING, 4);
        w.buf.extend_from_slice(&(1_000_000i32).to_be_bytes());
        let got = read_all(w.buf.clone(), 1000).await;
        assert!(
            matches!(&got[0], Err(e) if e.contains("exceeds the maximum")),
            "{got:?}"
        );
        let framed = [(5000u32).to_be_bytes().to_vec(), w.buf.clone()].concat();
        let got = read_all(framed, 1000).await;
        assert!(matches!(&got[0], Err(e) if e.contains("exceeds the maximum")));
        let cut = strict_call();
        let got = read_all(cut[..cut.len() - 1].to_vec(), 1000).await;
        assert!(matches!(&got[0], Err(e) if e.contains("closed")));
    }
}
