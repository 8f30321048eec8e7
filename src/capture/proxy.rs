//! `supercolumn capture`'s proxy: accepts clients, opens a connection to the
//! server for each, and passes every byte both ways unchanged, while a copy
//! is cut into messages ([`crate::capture::cut`]) and recorded, in order and
//! with its time, by one writer task ([`crate::capture::format`]). The
//! recording never alters the traffic: bytes are forwarded as read, a stream
//! that cannot be cut stops only the recording of its connection, and any
//! failure of the proxy (the server unreachable, a socket error) closes the
//! client's connection rather than forwarding anything partial. The writer
//! is fed through a bounded channel: a disk slower than the traffic slows
//! the traffic, it never grows memory.

use crate::capture::cut::{Cut, Cutter};
use crate::capture::format::{CaptureWriter, Record};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};

/// Records in flight to the writer at most.
const CHANNEL: usize = 4096;
/// One read's worth.
const CHUNK: usize = 64 * 1024;
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

enum Msg {
    Record(Record),
    /// Flush and stop; answered once done.
    Stop(oneshot::Sender<()>),
}

/// What connections need to record: the writer's channel and the clock.
#[derive(Clone)]
struct Recorder {
    tx: mpsc::Sender<Msg>,
    start: Instant,
}

impl Recorder {
    fn t_us(&self) -> u64 {
        self.start.elapsed().as_micros() as u64
    }

    async fn put(&self, rec: Record) {
        // A writer gone (its file failed) only ends the recording.
        let _ = self.tx.send(Msg::Record(rec)).await;
    }
}

/// The writer task: records to the file in arrival order, flushed whenever
/// the channel runs dry (so a capture read while running is current).
async fn write_records(mut w: CaptureWriter, mut rx: mpsc::Receiver<Msg>) {
    let mut failed = false;
    let mut full = false;
    while let Some(msg) = rx.recv().await {
        let mut next = Some(msg);
        while let Some(msg) = next.take() {
            match msg {
                Msg::Stop(done) => {
                    if let Err(e) = w.flush() {
                        tracing::error!("capture: {e}");
                    }
                    let _ = done.send(());
                    return;
                }
                Msg::Record(_) if failed || full => {}
                Msg::Record(rec) => match w.write(&rec) {
                    Ok(true) => {}
                    Ok(false) => {
                        full = true;
                        tracing::warn!(
                            "capture file full: recording stopped, traffic still passes"
                        );
                    }
                    Err(e) => {
                        failed = true;
                        tracing::error!("capture: {e}; recording stopped, traffic still passes");
                    }
                },
            }
            next = rx.try_recv().ok();
        }
        if !failed {
            if let Err(e) = w.flush() {
                failed = true;
                tracing::error!("capture: {e}; recording stopped, traffic still passes");
            }
        }
    }
}

/// Runs the proxy until `shutdown` resolves, then flushes the file.
pub async fn run(
    listener: TcpListener,
    to: String,
    writer: CaptureWriter,
    start: Instant,
    max_message: usize,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let (tx, rx) = mpsc::channel(CHANNEL);
    let writer_task = tokio::spawn(write_records(writer, rx));
    let rec = Recorder { tx, start };
    let ids = AtomicU64::new(0);
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((client, peer)) => {
                    let conn = ids.fetch_add(1, Ordering::Relaxed) + 1;
                    tokio::spawn(connection(client, peer, to.clone(), conn, rec.clone(), max_message));
                }
                Err(e) => {
                    tracing::warn!("capture: accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
        }
    }
    let (done, wait) = oneshot::channel();
    let _ = rec.tx.send(Msg::Stop(done)).await;
    let _ = wait.await;
    let _ = writer_task.await;
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
    max_message: usize,
}

async fn connection(
    client: TcpStream,
    peer: SocketAddr,
    to: String,
    id: u64,
    rec: Recorder,
    max_message: usize,
) {
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
        max_message,
    });
    rec.put(Record::Open {
        conn: id,
        t_us: rec.t_us(),
        client: peer.to_string(),
    })
    .await;
    let (cr, cw) = client.into_split();
    let (ur, uw) = upstream.into_split();
    let up = pump(cr, uw, Side::Request, conn.clone());
    let down = pump(ur, cw, Side::Reply, conn.clone());
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

/// Copies one direction until end of stream, recording each whole message
/// before its last bytes are forwarded (so a request's record precedes its
/// reply's). End of stream is passed on as a shutdown of the other side.
async fn pump(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    side: Side,
    conn: Arc<Conn>,
) -> std::io::Result<()> {
    let mut buf = vec![0u8; CHUNK];
    let mut cutter = Cutter::new(conn.max_message);
    let mut cuts = Vec::new();
    let mut n = 0u64;
    loop {
        let k = from.read(&mut buf).await?;
        if k == 0 {
            let _ = to.shutdown().await;
            return Ok(());
        }
        if conn.recording.load(Ordering::Relaxed) {
            let fed = cutter.feed(&buf[..k], &mut cuts);
            for cut in cuts.drain(..) {
                record(&conn, side, n, cut).await;
                n += 1;
            }
            if let Err(e) = fed {
                if conn.recording.swap(false, Ordering::Relaxed) {
                    conn.rec
                        .put(Record::Unrecorded {
                            conn: conn.id,
                            t_us: conn.rec.t_us(),
                            why: e.to_string(),
                        })
                        .await;
                }
            }
        }
        to.write_all(&buf[..k]).await?;
    }
}

async fn record(conn: &Conn, side: Side, n: u64, cut: Cut) {
    let t_us = conn.rec.t_us();
    let rec = match side {
        Side::Request => Record::Request {
            conn: conn.id,
            n,
            t_us,
            framed: cut.framed,
            method: cut.method(),
            data: cut.bytes,
        },
        Side::Reply => Record::Reply {
            conn: conn.id,
            n,
            t_us,
            data: cut.bytes,
        },
    };
    conn.rec.put(rec).await;
}
