//! One connection's recording, whoever sees its bytes (the capture proxy
//! between two sockets, or the server's own tap under `serve --capture`):
//! its `Open` record, each direction cut into records (Thrift messages by
//! [`crate::capture::cut`], native frames by
//! [`crate::capture::native::record`]), the one `Unrecorded` note that ends
//! its recording when a stream cannot be cut or stops mid-message, and its
//! `Close`. Owns no socket and never alters traffic: it only turns bytes
//! seen into records for the [`crate::capture::writer`].

use crate::capture::cut::{Cut, Cutter};
use crate::capture::format::Record;
use crate::capture::native::record::{Recording, Session};
use crate::capture::writer::Recorder;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Which way bytes go.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Request,
    Reply,
}

/// One connection's shared recording state.
pub struct ConnRecording {
    pub id: u64,
    pub rec: Recorder,
    recording: AtomicBool,
}

/// How one direction is cut into records: Thrift messages (and how many
/// were recorded), or native-protocol frames.
pub enum Cutting {
    Thrift(Cutter, u64),
    Native(Recording),
}

impl Cutting {
    /// The request and reply cutters of a new connection.
    pub fn pair(native: bool, max_message: usize) -> (Cutting, Cutting) {
        if native {
            let session = Arc::new(Session::default());
            (
                Cutting::Native(Recording::new(session.clone(), true, max_message)),
                Cutting::Native(Recording::new(session, false, max_message)),
            )
        } else {
            (
                Cutting::Thrift(Cutter::new(max_message), 0),
                Cutting::Thrift(Cutter::new(max_message), 0),
            )
        }
    }

    /// Bytes held of a message not yet whole.
    fn pending(&self) -> usize {
        match self {
            Cutting::Thrift(cutter, _) => cutter.pending(),
            Cutting::Native(r) => r.pending(),
        }
    }
}

impl ConnRecording {
    /// Connection `id` from `peer`, and its `Open` record.
    pub fn open(rec: Recorder, id: u64, peer: SocketAddr, native: bool) -> (Self, Record) {
        let open = Record::Open {
            conn: id,
            t_us: rec.t_us(),
            client: peer.to_string(),
            protocol: native.then(|| "native".to_string()),
        };
        let conn = ConnRecording {
            id,
            rec,
            recording: AtomicBool::new(true),
        };
        (conn, open)
    }

    /// The records the next bytes of one direction complete; once the
    /// stream cannot be cut, one `Unrecorded` note and nothing after it.
    pub fn feed(&self, cutting: &mut Cutting, side: Side, bytes: &[u8]) -> Vec<Record> {
        let mut out = Vec::new();
        if !self.recording.load(Ordering::Relaxed) {
            return out;
        }
        let t_us = self.rec.t_us();
        let fed = match cutting {
            Cutting::Native(r) => r
                .feed(bytes, self.id, t_us, &mut out)
                .map_err(|e| e.to_string()),
            Cutting::Thrift(cutter, n) => {
                let mut cuts = Vec::new();
                let fed = cutter.feed(bytes, &mut cuts);
                for cut in cuts {
                    out.push(thrift_record(self.id, side, *n, t_us, cut));
                    *n += 1;
                }
                fed.map_err(|e| e.to_string())
            }
        };
        if let Err(why) = fed {
            if self.recording.swap(false, Ordering::Relaxed) {
                out.push(Record::Unrecorded {
                    conn: self.id,
                    t_us: self.rec.t_us(),
                    why,
                });
            }
        }
        out
    }

    /// The note for a direction that ended part-way into a message
    /// (`offset`: the bytes it carried in all), if it did.
    pub fn cut_short(&self, cutting: &Cutting, side: Side, offset: u64) -> Option<Record> {
        let pending = cutting.pending();
        if pending == 0 || !self.recording.swap(false, Ordering::Relaxed) {
            return None;
        }
        let who = match side {
            Side::Request => "client",
            Side::Reply => "server",
        };
        let at = offset - pending as u64;
        Some(Record::Unrecorded {
            conn: self.id,
            t_us: self.rec.t_us(),
            why: format!(
                "the {who} closed the connection {pending} bytes into a message \
                 that began at byte {at} of what it sent (passed on, not recorded)"
            ),
        })
    }

    /// The `Close` record (`by`: client, server or error).
    pub fn close(&self, by: &str) -> Record {
        Record::Close {
            conn: self.id,
            t_us: self.rec.t_us(),
            by: by.into(),
        }
    }
}

fn thrift_record(conn: u64, side: Side, n: u64, t_us: u64, cut: Cut) -> Record {
    match side {
        Side::Request => Record::Request {
            conn,
            n,
            t_us,
            framed: cut.framed,
            method: cut.method(),
            data: cut.bytes,
        },
        Side::Reply => Record::Reply {
            conn,
            n,
            t_us,
            data: cut.bytes,
        },
    }
}
