//! `serve --capture`'s tap: the server's own connection tasks hand it every
//! byte in wire order (through [`crate::node::tap`]), and each connection
//! is cut and recorded as the proxy records one
//! ([`crate::capture::recording`]), with no second socket between the
//! client and the server. Owns each tapped connection's cutting state only.

use crate::capture::recording::{ConnRecording, Cutting, Side};
use crate::capture::writer::Recorder;
use crate::node::tap::{ConnTap, Tap};
use parking_lot::Mutex;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Records every connection the front ends open while it is their tap.
pub struct CaptureTap {
    rec: Recorder,
    ids: AtomicU64,
    max_message: usize,
}

impl CaptureTap {
    pub fn new(rec: Recorder, max_message: usize) -> CaptureTap {
        CaptureTap {
            rec,
            ids: AtomicU64::new(0),
            max_message,
        }
    }
}

impl Tap for CaptureTap {
    fn open(&self, peer: SocketAddr, native: bool) -> Arc<dyn ConnTap> {
        let id = self.ids.fetch_add(1, Ordering::Relaxed) + 1;
        let (conn, open) = ConnRecording::open(self.rec.clone(), id, peer, native);
        // Not waited for: one record per connection, which the connection
        // cap bounds.
        self.rec.put_now(open);
        let (up, down) = Cutting::pair(native, self.max_message);
        Arc::new(Tapped {
            conn,
            up: Mutex::new(Direction {
                cutting: up,
                bytes: 0,
            }),
            down: Mutex::new(Direction {
                cutting: down,
                bytes: 0,
            }),
        })
    }
}

/// One direction of a tapped connection.
struct Direction {
    cutting: Cutting,
    /// Bytes seen so far: where a message cut short began.
    bytes: u64,
}

struct Tapped {
    conn: ConnRecording,
    up: Mutex<Direction>,
    down: Mutex<Direction>,
}

impl Tapped {
    fn cut(&self, side: Side, bytes: &[u8]) -> Vec<crate::capture::format::Record> {
        let mut d = match side {
            Side::Request => self.up.lock(),
            Side::Reply => self.down.lock(),
        };
        d.bytes += bytes.len() as u64;
        self.conn.feed(&mut d.cutting, side, bytes)
    }
}

impl ConnTap for Tapped {
    fn sent<'a>(&'a self, bytes: &'a [u8]) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>> {
        let records = self.cut(Side::Request, bytes);
        Box::pin(async move {
            for rec in records {
                self.conn.rec.put(rec).await;
            }
        })
    }

    fn answered(&self, bytes: &[u8]) {
        for rec in self.cut(Side::Reply, bytes) {
            self.conn.rec.put_now(rec);
        }
    }

    fn closed(&self, by: &str) {
        for (d, side) in [(&self.up, Side::Request), (&self.down, Side::Reply)] {
            let d = d.lock();
            if let Some(note) = self.conn.cut_short(&d.cutting, side, d.bytes) {
                self.conn.rec.put_now(note);
            }
        }
        self.conn.rec.put_now(self.conn.close(by));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::format::{CaptureReader, CaptureWriter, Record};
    use crate::capture::writer;
    use crate::thrift::wire::{mtype, Value, Writer};
    use std::time::Instant;

    fn framed_call(name: &str) -> Vec<u8> {
        let mut w = Writer::framed();
        w.message_header(name, mtype::CALL, 7);
        w.value(&Value::Struct(vec![]));
        w.finish_frame()
    }

    #[tokio::test]
    async fn a_tapped_connection_is_recorded_as_the_proxy_records_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.capture");
        let (rec, writing) = writer::start(
            CaptureWriter::create(&path, None, 0).unwrap(),
            Instant::now(),
        )
        .unwrap();
        let tap = CaptureTap::new(rec, 1 << 20);
        let conn = tap.open("127.0.0.1:5000".parse().unwrap(), false);
        let call = framed_call("describe_version");
        // A request handed over in two cuts is one record, as on a socket.
        conn.sent(&call[..6]).await;
        conn.sent(&call[6..]).await;
        let mut reply = Writer::framed();
        reply.message_header("describe_version", mtype::REPLY, 7);
        reply.value(&Value::Struct(vec![(0, Value::Bin(b"19.36.0".to_vec()))]));
        let reply = reply.finish_frame();
        conn.answered(&reply);
        // A second request cut short by the client's close: noted, not recorded.
        conn.sent(&framed_call("describe_ring")[..9]).await;
        conn.closed("client");
        writing.stop().await;

        let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
        let mut r = CaptureReader::new("t".into(), file);
        let mut got = Vec::new();
        while let Some(rec) = r.next_record().unwrap() {
            got.push(rec);
        }
        assert!(
            matches!(&got[0], Record::Open { conn: 1, client, protocol: None, .. }
            if client == "127.0.0.1:5000")
        );
        assert!(
            matches!(&got[1], Record::Request { conn: 1, n: 0, framed: true, method, data, .. }
            if method == "describe_version" && *data == call)
        );
        assert!(matches!(&got[2], Record::Reply { conn: 1, n: 0, data, .. } if *data == reply));
        assert!(matches!(&got[3], Record::Unrecorded { why, .. } if why.contains("9 bytes into")));
        assert!(matches!(&got[4], Record::Close { by, .. } if by == "client"));
        assert_eq!(got.len(), 5);
    }
}
