//! What a command-line tool reads back from a server over Thrift: the
//! transport under the generated clients' input protocol, and the protocol's
//! length-carrying reads. Used by [`crate::thrift::client`] only; the server
//! side never uses it (its decoding is [`crate::thrift::bounded`]).
//!
//! Nothing a server sends is trusted: a frame length is checked before the
//! frame is read and its bytes are never reserved up front, a string's
//! length is checked against what is left of its frame, and every buffer
//! grows only as bytes actually arrive. The first bytes of the first answer
//! are checked for another protocol than Thrift (a CQL native-protocol
//! port, an HTTP server, a TLS port), so a tool pointed at the wrong port
//! says what it reached ([`NotThrift`]) instead of failing on a nonsense
//! length. This module owns no advice text: the tools word that.

use std::io::{ErrorKind, Read};
use thrift::protocol::{
    TBinaryInputProtocol, TFieldIdentifier, TInputProtocol, TListIdentifier, TMapIdentifier,
    TMessageIdentifier, TMessageType, TSetIdentifier, TStructIdentifier,
};
use thrift::{ProtocolError, ProtocolErrorKind};

/// The largest frame (framed) or string (unframed) a tool accepts from a
/// server: far above any reply a Thrift server sends (Cassandra's frames
/// stopped at 15 MiB by default), far below a length read from text.
pub const MAX_REPLY: usize = 256 << 20;

/// What answered a tool's first request, when it was not a Thrift server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// A CQL native-protocol response frame of this version.
    Cql { version: u8 },
    /// An HTTP response.
    Http,
    /// A TLS record: the port wants SSL.
    Tls,
    /// The connection closed before any byte came.
    Nothing,
    /// Something else; its first bytes.
    Other([u8; 4]),
}

/// The server at `peer` does not speak Thrift (as far as its first answer shows).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", describe(.peer, .answer))]
pub struct NotThrift {
    pub peer: String,
    pub answer: Answer,
}

fn describe(peer: &str, answer: &Answer) -> String {
    match answer {
        Answer::Cql { version } => {
            format!("{peer} answered with the CQL native protocol (v{version}), not Thrift")
        }
        Answer::Http => format!("{peer} answered as an HTTP server, not Thrift"),
        Answer::Tls => format!("{peer} answered with TLS (a port that wants SSL), not Thrift"),
        Answer::Nothing => format!("{peer} closed the connection without a Thrift answer"),
        Answer::Other(b) => format!(
            "{peer} answered with bytes that are not Thrift ({:02x} {:02x} {:02x} {:02x})",
            b[0], b[1], b[2], b[3]
        ),
    }
}

/// Names the protocol of a server's first four bytes when they cannot
/// begin a Thrift answer: `framed` says whether they would be a frame length.
pub fn identify(first: [u8; 4], framed: bool) -> Option<Answer> {
    if (0x81..=0x85).contains(&first[0]) {
        // A native-protocol response header; as Thrift, a negative frame
        // length or a bad strict version.
        return Some(Answer::Cql {
            version: first[0] & 0x7f,
        });
    }
    if &first == b"HTTP" {
        return Some(Answer::Http);
    }
    // A TLS alert (21) or handshake (22) record of version 3.x.
    if (first[0] == 0x15 || first[0] == 0x16) && first[1] == 0x03 && first[2] <= 0x04 {
        return Some(Answer::Tls);
    }
    let thrift = if framed {
        let len = u32::from_be_bytes(first) as usize;
        (1..=MAX_REPLY).contains(&len)
    } else {
        first[..2] == [0x80, 0x01]
    };
    (!thrift).then_some(Answer::Other(first))
}

/// The transport a tool's input protocol reads: frames (or the unframed
/// stream) checked as they come, nothing reserved for a claimed length.
pub struct ReplyReader<R: Read> {
    inner: R,
    peer: String,
    framed: bool,
    /// Bytes of the current frame not read yet (framed only).
    left: usize,
    /// Whether any answer has begun (the first is checked for its protocol).
    started: bool,
    /// Unframed: the first answer's four bytes, checked and not yet handed on.
    pending: Vec<u8>,
    /// What answered instead of Thrift, once known: every later read says
    /// the same (the rest of that answer is not read as another one).
    verdict: Option<Answer>,
}

impl<R: Read> ReplyReader<R> {
    pub fn new(inner: R, peer: impl Into<String>, framed: bool) -> Self {
        ReplyReader {
            inner,
            peer: peer.into(),
            framed,
            left: 0,
            started: false,
            pending: Vec::new(),
            verdict: None,
        }
    }

    /// The most bytes a length read now may claim: what is left of the
    /// frame, or [`MAX_REPLY`] unframed.
    pub fn limit(&self) -> usize {
        if self.framed {
            self.left
        } else {
            MAX_REPLY
        }
    }

    fn not_thrift(&mut self, answer: Answer) -> std::io::Error {
        self.verdict = Some(answer);
        std::io::Error::new(
            ErrorKind::InvalidData,
            NotThrift {
                peer: self.peer.clone(),
                answer,
            },
        )
    }

    /// Reads the four bytes that begin an answer (a frame length, or the
    /// first message's version word); `None` when the stream ended first.
    fn read_head(&mut self) -> std::io::Result<Option<[u8; 4]>> {
        let mut head = [0u8; 4];
        let mut got = 0;
        while got < 4 {
            match self.inner.read(&mut head[got..]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                // A server that drops the connection unread resets it: as
                // much "no answer" as a close, when nothing came before.
                Err(e) if e.kind() == ErrorKind::ConnectionReset && got == 0 && !self.started => {
                    return Err(self.not_thrift(Answer::Nothing));
                }
                Err(e) => return Err(e),
            }
        }
        match got {
            4 => Ok(Some(head)),
            0 if !self.started => Err(self.not_thrift(Answer::Nothing)),
            0 => Ok(None),
            _ if !self.started => Err(self.not_thrift(Answer::Other(head))),
            _ => Err(ErrorKind::UnexpectedEof.into()),
        }
    }

    fn check_first(&mut self, head: [u8; 4]) -> std::io::Result<()> {
        if !self.started {
            if let Some(answer) = identify(head, self.framed) {
                return Err(self.not_thrift(answer));
            }
            self.started = true;
        }
        Ok(())
    }
}

impl<R: Read> Read for ReplyReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if let Some(answer) = self.verdict {
            return Err(self.not_thrift(answer));
        }
        if !self.framed {
            if !self.started {
                let Some(head) = self.read_head()? else {
                    return Ok(0);
                };
                self.check_first(head)?;
                self.pending = head.to_vec();
            }
            if !self.pending.is_empty() {
                let n = buf.len().min(self.pending.len());
                buf[..n].copy_from_slice(&self.pending[..n]);
                self.pending.drain(..n);
                return Ok(n);
            }
            return self.inner.read(buf);
        }
        if self.left == 0 {
            let Some(head) = self.read_head()? else {
                return Ok(0);
            };
            self.check_first(head)?;
            let len = i32::from_be_bytes(head);
            if len <= 0 || len as usize > MAX_REPLY {
                return Err(std::io::Error::new(
                    ErrorKind::InvalidData,
                    format!(
                        "the server sent a frame of {len} bytes (at most {MAX_REPLY} accepted)"
                    ),
                ));
            }
            self.left = len as usize;
        }
        let want = buf.len().min(self.left);
        let n = self.inner.read(&mut buf[..want])?;
        if n == 0 {
            return Err(ErrorKind::UnexpectedEof.into());
        }
        self.left -= n;
        Ok(n)
    }
}

/// The input protocol of a tool's connection: the binary protocol (strict),
/// with its length-carrying reads checked against [`ReplyReader::limit`].
pub struct CheckedInput<R: Read> {
    inner: TBinaryInputProtocol<ReplyReader<R>>,
}

impl<R: Read> CheckedInput<R> {
    pub fn new(reader: ReplyReader<R>) -> Self {
        CheckedInput {
            inner: TBinaryInputProtocol::new(reader, true),
        }
    }
}

fn protocol_error(kind: ProtocolErrorKind, message: String) -> thrift::Error {
    thrift::Error::Protocol(ProtocolError::new(kind, message))
}

/// An I/O failure as a Thrift error; a [`NotThrift`] stays typed (as a
/// user error) so the tools can tell it apart with [`not_thrift`].
fn io_error(e: std::io::Error) -> thrift::Error {
    if let Some(nt) = e.get_ref().and_then(|i| i.downcast_ref::<NotThrift>()) {
        return thrift::Error::User(Box::new(nt.clone()));
    }
    thrift::Error::from(e)
}

/// The [`NotThrift`] a call failed with, if that is why it failed.
pub fn not_thrift(e: &thrift::Error) -> Option<&NotThrift> {
    match e {
        thrift::Error::User(u) => u.downcast_ref::<NotThrift>(),
        _ => None,
    }
}

impl<R: Read> TInputProtocol for CheckedInput<R> {
    fn read_message_begin(&mut self) -> thrift::Result<TMessageIdentifier> {
        let mut word = [0u8; 4];
        self.inner
            .transport
            .read_exact(&mut word)
            .map_err(io_error)?;
        if word[..2] != [0x80, 0x01] {
            return Err(protocol_error(
                ProtocolErrorKind::BadVersion,
                format!("received bad version: {:?}", &word[..2]),
            ));
        }
        let message_type = TMessageType::try_from(word[3])?;
        let name = self.read_string()?;
        let sequence = self.read_i32()?;
        Ok(TMessageIdentifier::new(name, message_type, sequence))
    }
    fn read_bytes(&mut self) -> thrift::Result<Vec<u8>> {
        let len = self.inner.read_i32()?;
        let limit = self.inner.transport.limit();
        if len < 0 || len as usize > limit {
            return Err(protocol_error(
                ProtocolErrorKind::SizeLimit,
                format!("the server sent a string of {len} bytes where at most {limit} can follow"),
            ));
        }
        let mut buf = Vec::new();
        (&mut self.inner.transport)
            .take(len as u64)
            .read_to_end(&mut buf)
            .map_err(io_error)?;
        if buf.len() != len as usize {
            return Err(thrift::Error::from(std::io::Error::from(
                ErrorKind::UnexpectedEof,
            )));
        }
        Ok(buf)
    }
    fn read_string(&mut self) -> thrift::Result<String> {
        String::from_utf8(self.read_bytes()?).map_err(From::from)
    }
    fn read_message_end(&mut self) -> thrift::Result<()> {
        self.inner.read_message_end()
    }
    fn read_struct_begin(&mut self) -> thrift::Result<Option<TStructIdentifier>> {
        self.inner.read_struct_begin()
    }
    fn read_struct_end(&mut self) -> thrift::Result<()> {
        self.inner.read_struct_end()
    }
    fn read_field_begin(&mut self) -> thrift::Result<TFieldIdentifier> {
        self.inner.read_field_begin()
    }
    fn read_field_end(&mut self) -> thrift::Result<()> {
        self.inner.read_field_end()
    }
    fn read_bool(&mut self) -> thrift::Result<bool> {
        self.inner.read_bool()
    }
    fn read_i8(&mut self) -> thrift::Result<i8> {
        self.inner.read_i8()
    }
    fn read_i16(&mut self) -> thrift::Result<i16> {
        self.inner.read_i16()
    }
    fn read_i32(&mut self) -> thrift::Result<i32> {
        self.inner.read_i32()
    }
    fn read_i64(&mut self) -> thrift::Result<i64> {
        self.inner.read_i64()
    }
    fn read_double(&mut self) -> thrift::Result<f64> {
        self.inner.read_double()
    }
    fn read_list_begin(&mut self) -> thrift::Result<TListIdentifier> {
        self.inner.read_list_begin()
    }
    fn read_list_end(&mut self) -> thrift::Result<()> {
        self.inner.read_list_end()
    }
    fn read_set_begin(&mut self) -> thrift::Result<TSetIdentifier> {
        self.inner.read_set_begin()
    }
    fn read_set_end(&mut self) -> thrift::Result<()> {
        self.inner.read_set_end()
    }
    fn read_map_begin(&mut self) -> thrift::Result<TMapIdentifier> {
        self.inner.read_map_begin()
    }
    fn read_map_end(&mut self) -> thrift::Result<()> {
        self.inner.read_map_end()
    }
    fn read_byte(&mut self) -> thrift::Result<u8> {
        self.inner.read_byte()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(bytes: &[u8], framed: bool) -> CheckedInput<&[u8]> {
        CheckedInput::new(ReplyReader::new(bytes, "h:1", framed))
    }

    /// The error's own message (thrift's Display names only its kind).
    fn message(e: &thrift::Error) -> String {
        match e {
            thrift::Error::Protocol(p) => p.message.clone(),
            thrift::Error::Transport(t) => t.message.clone(),
            other => other.to_string(),
        }
    }

    fn first_error(bytes: &[u8], framed: bool) -> thrift::Error {
        input(bytes, framed).read_message_begin().unwrap_err()
    }

    /// A strict reply message `name`, sequence 1, followed by `body`.
    fn reply(name: &str, body: &[u8]) -> Vec<u8> {
        let mut m = vec![0x80, 0x01, 0x00, 0x02];
        m.extend((name.len() as i32).to_be_bytes());
        m.extend(name.as_bytes());
        m.extend(1i32.to_be_bytes());
        m.extend(body);
        m
    }

    fn framed(msg: &[u8]) -> Vec<u8> {
        let mut f = (msg.len() as u32).to_be_bytes().to_vec();
        f.extend(msg);
        f
    }

    #[test]
    fn a_native_protocol_answer_is_named() {
        // What a v4 native server answers to a Thrift frame (an ERROR frame).
        let answer = b"\x84\x00\x00\x1c\x00\x00\x00\x00\x62\x00\x00\x00\x0a";
        for is_framed in [true, false] {
            let e = first_error(answer, is_framed);
            assert_eq!(
                not_thrift(&e).unwrap().to_string(),
                "h:1 answered with the CQL native protocol (v4), not Thrift"
            );
        }
    }

    #[test]
    fn http_tls_silence_and_garbage_are_named() {
        let http = first_error(b"HTTP/1.1 400 Bad Request\r\n\r\n", true);
        assert_eq!(not_thrift(&http).unwrap().answer, Answer::Http);
        let tls = first_error(b"\x15\x03\x03\x00\x02\x02\x46", true);
        assert_eq!(not_thrift(&tls).unwrap().answer, Answer::Tls);
        let closed = first_error(b"", true);
        assert_eq!(
            not_thrift(&closed).unwrap().to_string(),
            "h:1 closed the connection without a Thrift answer"
        );
        // A huge length and a negative one: named, never allocated.
        for head in [[0x7f, 0xff, 0xff, 0xff], [0xff, 0xff, 0xff, 0xf0]] {
            let e = first_error(&head, true);
            assert_eq!(not_thrift(&e).unwrap().answer, Answer::Other(head));
        }
        let e = first_error(b"garbage!", false);
        assert_eq!(not_thrift(&e).unwrap().answer, Answer::Other(*b"garb"));
        let short = first_error(b"\x00\x00", true);
        assert!(not_thrift(&short).is_some());
    }

    #[test]
    fn a_reset_before_any_answer_is_no_answer() {
        struct Reset;
        impl Read for Reset {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                Err(ErrorKind::ConnectionReset.into())
            }
        }
        for framed in [true, false] {
            let e = CheckedInput::new(ReplyReader::new(Reset, "h:1", framed))
                .read_message_begin()
                .unwrap_err();
            assert_eq!(not_thrift(&e).unwrap().answer, Answer::Nothing);
        }
    }

    #[test]
    fn the_verdict_stays_for_later_calls() {
        let mut i = input(b"HTTP/1.1 400 Bad Request\r\n\r\n", false);
        for _ in 0..2 {
            let e = i.read_message_begin().unwrap_err();
            assert_eq!(not_thrift(&e).unwrap().answer, Answer::Http);
        }
    }

    #[test]
    fn thrift_replies_read_through_in_both_transports() {
        let msg = reply("describe_version", b"\x0b\x00\x00");
        for (bytes, is_framed) in [(framed(&msg), true), (msg.clone(), false)] {
            let mut i = input(&bytes, is_framed);
            let id = i.read_message_begin().unwrap();
            assert_eq!(id.name, "describe_version");
            assert_eq!(id.message_type, TMessageType::Reply);
            assert_eq!(id.sequence_number, 1);
            assert_eq!(i.read_byte().unwrap(), 0x0b);
        }
    }

    #[test]
    fn lengths_inside_a_frame_are_checked_against_the_frame() {
        // A string claiming 2 GiB inside a 30-byte frame: refused, not allocated.
        let mut body = vec![0x7f, 0xff, 0xff, 0xff];
        body.extend(b"xy");
        let bytes = framed(&reply("get", &body));
        let mut i = input(&bytes, true);
        i.read_message_begin().unwrap();
        let e = i.read_bytes().unwrap_err();
        assert!(message(&e).contains("2147483647 bytes"), "{e}");
        // A negative string length, unframed.
        let bytes = reply("get", &[0xff, 0xff, 0xff, 0xfe]);
        let mut i = input(&bytes, false);
        i.read_message_begin().unwrap();
        assert!(i.read_bytes().is_err());
        // A length the stream does not hold: an end of file, not a hang or a panic.
        let bytes = reply("get", &[0x00, 0x10, 0x00, 0x00, b'a']);
        let mut i = input(&bytes, false);
        i.read_message_begin().unwrap();
        assert!(i.read_bytes().is_err());
    }

    #[test]
    fn a_later_bad_frame_length_is_an_error_not_a_verdict() {
        let mut bytes = framed(&reply("a", b""));
        bytes.extend([0xff, 0xff, 0xff, 0xff]);
        let mut i = input(&bytes, true);
        i.read_message_begin().unwrap();
        let e = i.read_message_begin().unwrap_err();
        assert!(not_thrift(&e).is_none());
        assert!(message(&e).contains("-1 bytes"), "{e}");
    }
}
