//! What the capture proxy records of a native-protocol connection: each
//! whole frame ([`super::frames`]) as a `native_request` or `native_reply`
//! record, the reply tied to the request of its stream id, the body
//! inflated for the record when the frame is compressed. The two directions
//! of a connection share a [`Session`]: the compression its STARTUP agreed
//! and the streams awaiting their reply. A request is recorded (and its
//! stream noted) before its bytes are forwarded, so its reply always finds
//! it. Owns the mapping from frames to records only; the sockets are the
//! proxy's.

use super::frames::{startup_compression, Frame, FrameCutError, FrameCutter};
use crate::capture::format::Record;
use crate::native::wire::frame::{op, Compression};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::Arc;

/// What both directions of one connection know.
#[derive(Default)]
pub struct Session {
    compression: Mutex<Option<Compression>>,
    /// Stream id to the number of the request awaiting its reply on it.
    streams: Mutex<HashMap<i16, u64>>,
}

/// One direction of a connection being recorded.
pub struct Recording {
    session: Arc<Session>,
    from_client: bool,
    cutter: FrameCutter,
    max: usize,
    n: u64,
    frames: Vec<Frame>,
}

impl Recording {
    /// The client's direction (`from_client`) or the server's, of `session`.
    pub fn new(session: Arc<Session>, from_client: bool, max: usize) -> Self {
        Recording {
            session,
            from_client,
            cutter: FrameCutter::new(max),
            max,
            n: 0,
            frames: Vec::new(),
        }
    }

    /// Takes the next bytes of the direction and appends the records of the
    /// frames they complete.
    pub fn feed(
        &mut self,
        bytes: &[u8],
        conn: u64,
        t_us: u64,
        out: &mut Vec<Record>,
    ) -> Result<(), FrameCutError> {
        let fed = self.cutter.feed(bytes, &mut self.frames);
        for frame in std::mem::take(&mut self.frames) {
            out.push(self.record(frame, conn, t_us));
        }
        fed
    }

    /// Bytes held of a frame not yet whole.
    pub fn pending(&self) -> usize {
        self.cutter.pending()
    }

    fn record(&mut self, frame: Frame, conn: u64, t_us: u64) -> Record {
        let h = frame.header();
        if self.from_client {
            if let Some(c) = startup_compression(&frame) {
                *self.session.compression.lock() = Some(c);
            }
        }
        let body = if frame.compressed() {
            frame.body(*self.session.compression.lock(), self.max)
        } else {
            None
        };
        let opcode = frame.opcode().to_string();
        if self.from_client {
            let n = self.n;
            self.n += 1;
            self.session.streams.lock().insert(h.stream, n);
            Record::NativeRequest {
                conn,
                n,
                t_us,
                version: h.version,
                stream: h.stream,
                opcode,
                data: frame.bytes,
                body,
            }
        } else {
            let n = if h.opcode == op::EVENT {
                None
            } else {
                self.session.streams.lock().remove(&h.stream)
            };
            Record::NativeReply {
                conn,
                n,
                t_us,
                version: h.version,
                stream: h.stream,
                opcode,
                data: frame.bytes,
                body,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::wire::codec::Writer;
    use crate::native::wire::frame::{encode, FLAG_COMPRESSED, RESPONSE};

    #[test]
    fn replies_are_tied_to_their_requests_by_stream_and_bodies_inflated() {
        let s = Arc::new(Session::default());
        let mut up = Recording::new(s.clone(), true, 1 << 20);
        let mut down = Recording::new(s, false, 1 << 20);
        let mut out = Vec::new();
        let mut startup = Writer::new();
        startup.short(1).string("COMPRESSION").string("snappy");
        let mut wire = encode(4, 0, 0, op::STARTUP, &startup.buf);
        wire[0] &= !RESPONSE;
        let query = b"SELECT * FROM system.local".repeat(3);
        let mut q = encode(
            4,
            FLAG_COMPRESSED,
            7,
            op::QUERY,
            &Compression::Snappy.compress(&query),
        );
        q[0] &= !RESPONSE;
        wire.extend_from_slice(&q);
        up.feed(&wire, 1, 10, &mut out).unwrap();
        let mut replies = encode(4, 0, -1, op::EVENT, b"e");
        replies.extend_from_slice(&encode(4, 0, 7, op::RESULT, &[0, 0, 0, 1]));
        replies.extend_from_slice(&encode(4, 0, 0, op::READY, b""));
        down.feed(&replies, 1, 20, &mut out).unwrap();
        let ns: Vec<(String, Option<u64>)> = out
            .iter()
            .map(|r| match r {
                Record::NativeRequest { opcode, n, .. } => (opcode.clone(), Some(*n)),
                Record::NativeReply { opcode, n, .. } => (opcode.clone(), *n),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(
            ns,
            [
                ("STARTUP".into(), Some(0)),
                ("QUERY".into(), Some(1)),
                ("EVENT".into(), None),
                ("RESULT".into(), Some(1)),
                ("READY".into(), Some(0)),
            ]
        );
        match &out[1] {
            Record::NativeRequest { body, stream, .. } => {
                assert_eq!(*stream, 7);
                assert_eq!(body.as_deref(), Some(&query[..]));
            }
            _ => unreachable!(),
        }
    }
}
