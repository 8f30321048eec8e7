//! `supercolumn capture`'s proxy: accepts clients, opens a connection to the
//! server for each, and passes every byte both ways unchanged, while a copy
//! is cut into messages ([`crate::capture::cut`]) and recorded, in order and
//! with its time, by one writer thread ([`writer`]). The
//! recording never alters the traffic: bytes are forwarded as read, a stream
//! that cannot be cut stops only the recording of its connection, and any
//! failure of the proxy (the server unreachable, a socket error) closes the
//! client's connection rather than forwarding anything partial. The writer's
//! queue is bounded: a disk slower than the traffic slows the traffic, it
//! never grows memory. It listens for Thrift and, when
//! asked, for the CQL native protocol on a port of its own; a native
//! connection is cut into frames by [`crate::capture::native::record`].

mod writer;

use crate::capture::cut::{Cut, Cutter};
use crate::capture::format::{CaptureWriter, Record};
use crate::capture::native::record::{Recording, Session};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use writer::Recorder;

/// One read's worth.
const CHUNK: usize = 64 * 1024;
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A port the proxy listens on, the server it forwards to, and which
/// protocol is spoken there.
pub struct Listener {
    pub listener: TcpListener,
    pub to: String,
    pub native: bool,
}

/// Runs the proxy until `shutdown` resolves, then flushes the file.
pub async fn run(
    listeners: Vec<Listener>,
    writer: CaptureWriter,
    start: Instant,
    max_message: usize,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let (rec, writing) = match writer::start(writer, start) {
        Ok(started) => started,
        Err(e) => {
            tracing::error!("capture: cannot start the writer: {e}");
            return;
        }
    };
    let ids = Arc::new(AtomicU64::new(0));
    let (stop, stopped) = watch::channel(false);
    let mut accepting = Vec::new();
    for l in listeners {
        let (rec, ids, mut stopped) = (rec.clone(), ids.clone(), stopped.clone());
        accepting.push(tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = stopped.changed() => break,
                    accepted = l.listener.accept() => match accepted {
                        Ok((client, peer)) => {
                            let conn = ids.fetch_add(1, Ordering::Relaxed) + 1;
                            let to = l.to.clone();
                            let ends = Ends { to, native: l.native };
                            tokio::spawn(connection(client, peer, ends, conn, rec.clone(), max_message));
                        }
                        Err(e) => {
                            tracing::warn!("capture: accept failed: {e}");
                            tokio::time::sleep(Duration::from_millis(50)).await;
                        }
                    },
                }
            }
        }));
    }
    drop(stopped);
    shutdown.await;
    let _ = stop.send(true);
    for task in accepting {
        let _ = task.await;
    }
    writing.stop().await;
}

/// Where a connection goes and what it speaks.
struct Ends {
    to: String,
    native: bool,
}

/// Which way a pump runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Request,
    Reply,
}

/// One connection's shared recording state.
struct Conn {
    id: u64,
    rec: Recorder,
    recording: AtomicBool,
}

async fn connection(
    client: TcpStream,
    peer: SocketAddr,
    ends: Ends,
    id: u64,
    rec: Recorder,
    max_message: usize,
) {
    let to = ends.to;
    let upstream = match tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect(&to)).await {
        Ok(Ok(s)) => s,
        Ok(Err(e)) => {
            tracing::warn!("capture: cannot reach {to} for {peer}: {e}; closing the client");
            return;
        }
        Err(_) => {
            tracing::warn!("capture: {to} did not accept in time for {peer}; closing the client");
            return;
        }
    };
    let _ = client.set_nodelay(true);
    let _ = upstream.set_nodelay(true);
    let conn = Arc::new(Conn {
        id,
        rec: rec.clone(),
        recording: AtomicBool::new(true),
    });
    rec.put(Record::Open {
        conn: id,
        t_us: rec.t_us(),
        client: peer.to_string(),
        protocol: ends.native.then(|| "native".to_string()),
    })
    .await;
    let (cr, cw) = client.into_split();
    let (ur, uw) = upstream.into_split();
    let (up_cut, down_cut) = if ends.native {
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
    };
    let up = pump(cr, uw, Side::Request, up_cut, conn.clone());
    let down = pump(ur, cw, Side::Reply, down_cut, conn.clone());
    tokio::pin!(up, down);
    let by = tokio::select! {
        r = &mut up => match r {
            // The client finished sending: the server's last replies still pass.
            Ok(()) => match down.await {
                Ok(()) => "client",
                Err(_) => "error",
            },
            Err(_) => "error",
        },
        r = &mut down => match r {
            Ok(()) => "server",
            Err(_) => "error",
        },
    };
    rec.put(Record::Close {
        conn: id,
        t_us: rec.t_us(),
        by: by.into(),
    })
    .await;
}

/// How one direction is cut into records: Thrift messages (and how many
/// were recorded), or native-protocol frames.
enum Cutting {
    Thrift(Cutter, u64),
    Native(Recording),
}

impl Cutting {
    /// Bytes held of a message not yet whole.
    fn pending(&self) -> usize {
        match self {
            Cutting::Thrift(cutter, _) => cutter.pending(),
            Cutting::Native(r) => r.pending(),
        }
    }

    /// The records the next bytes complete; `Err` once the stream cannot be cut.
    fn feed(
        &mut self,
        bytes: &[u8],
        side: Side,
        conn: &Conn,
        out: &mut Vec<Record>,
    ) -> Result<(), String> {
        let t_us = conn.rec.t_us();
        match self {
            Cutting::Native(r) => r.feed(bytes, conn.id, t_us, out).map_err(|e| e.to_string()),
            Cutting::Thrift(cutter, n) => {
                let mut cuts = Vec::new();
                let fed = cutter.feed(bytes, &mut cuts);
                for cut in cuts {
                    out.push(thrift_record(conn.id, side, *n, t_us, cut));
                    *n += 1;
                }
                fed.map_err(|e| e.to_string())
            }
        }
    }
}

/// Copies one direction until end of stream, recording each whole message
/// before its last bytes are forwarded (so a request's record precedes its
/// reply's). End of stream is passed on as a shutdown of the other side.
async fn pump(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    side: Side,
    mut cutting: Cutting,
    conn: Arc<Conn>,
) -> std::io::Result<()> {
    let mut buf = vec![0u8; CHUNK];
    let mut records = Vec::new();
    // Bytes of this direction so far: where a message cut short began.
    let mut offset = 0u64;
    loop {
        let k = from.read(&mut buf).await?;
        if k == 0 {
            let pending = cutting.pending();
            if pending > 0 && conn.recording.swap(false, Ordering::Relaxed) {
                let who = match side {
                    Side::Request => "client",
                    Side::Reply => "server",
                };
                let at = offset - pending as u64;
                conn.rec
                    .put(Record::Unrecorded {
                        conn: conn.id,
                        t_us: conn.rec.t_us(),
                        why: format!(
                            "the {who} closed the connection {pending} bytes into a message \
                             that began at byte {at} of what it sent (passed on, not recorded)"
                        ),
                    })
                    .await;
            }
            let _ = to.shutdown().await;
            return Ok(());
        }
        offset += k as u64;
        if conn.recording.load(Ordering::Relaxed) {
            let fed = cutting.feed(&buf[..k], side, &conn, &mut records);
            for rec in records.drain(..) {
                conn.rec.put(rec).await;
            }
            if let Err(why) = fed {
                if conn.recording.swap(false, Ordering::Relaxed) {
                    conn.rec
                        .put(Record::Unrecorded {
                            conn: conn.id,
                            t_us: conn.rec.t_us(),
                            why,
                        })
                        .await;
                }
            }
        }
        to.write_all(&buf[..k]).await?;
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
