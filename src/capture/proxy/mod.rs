//! `supercolumn capture`'s proxy: accepts clients, opens a connection to the
//! server for each, and passes every byte both ways unchanged, while a copy
//! is cut into messages ([`crate::capture::recording`]) and recorded, in
//! order and with its time, by one writer thread ([`crate::capture::writer`]). The
//! recording never alters the traffic: bytes are forwarded as read, a stream
//! that cannot be cut stops only the recording of its connection, and any
//! failure of the proxy (the server unreachable, a socket error) closes the
//! client's connection rather than forwarding anything partial. The writer's
//! queue is bounded: a disk slower than the traffic slows the traffic, it
//! never grows memory. It listens for Thrift and, when
//! asked, for the CQL native protocol on a port of its own; a native
//! connection is cut into frames by [`crate::capture::native::record`].

use crate::capture::format::CaptureWriter;
use crate::capture::recording::{ConnRecording, Cutting, Side};
use crate::capture::writer::{self, Recorder};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

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
    let (conn, open) = ConnRecording::open(rec.clone(), id, peer, ends.native);
    let conn = Arc::new(conn);
    rec.put(open).await;
    let (cr, cw) = client.into_split();
    let (ur, uw) = upstream.into_split();
    let (up_cut, down_cut) = Cutting::pair(ends.native, max_message);
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
    rec.put(conn.close(by)).await;
}

/// Copies one direction until end of stream, recording each whole message
/// before its last bytes are forwarded (so a request's record precedes its
/// reply's). End of stream is passed on as a shutdown of the other side.
async fn pump(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    side: Side,
    mut cutting: Cutting,
    conn: Arc<ConnRecording>,
) -> std::io::Result<()> {
    let mut buf = vec![0u8; CHUNK];
    // Bytes of this direction so far: where a message cut short began.
    let mut offset = 0u64;
    loop {
        let k = from.read(&mut buf).await?;
        if k == 0 {
            if let Some(note) = conn.cut_short(&cutting, side, offset) {
                conn.rec.put(note).await;
            }
            let _ = to.shutdown().await;
            return Ok(());
        }
        offset += k as u64;
        for rec in conn.feed(&mut cutting, side, &buf[..k]) {
            conn.rec.put(rec).await;
        }
        to.write_all(&buf[..k]).await?;
    }
}
