//! `supercolumn replay`: sends each captured connection's requests to a
//! target in their captured order (the connections concurrently), reads the
//! target's reply to each, and compares it with the captured one
//! ([`crate::capture::compare`]) into a [`Report`]. The capture is read one
//! record at a time and handed to the connection it belongs to, so a replay
//! holds the records of the calls in flight, not the file. Before the
//! traffic, the capture's schema is created where the target lacks it
//! ([`crate::capture::schema`]). Owns the replay's scheduling only.

use crate::capture::compare::{compare, Difference, Kind};
use crate::capture::cut::Cutter;
use crate::capture::format::{CaptureReader, FormatError, Record};
use crate::capture::masks::Windows;
use crate::capture::report::Report;
use crate::capture::schema;
use crate::thrift::wire::Framing;
use std::collections::{HashMap, VecDeque};
use std::fs::File;
use std::io::BufReader;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::task::JoinSet;

/// Records queued for one connection at most (the reader waits beyond).
const PER_CONN: usize = 256;
/// The longest reply read from a target.
const REPLY_MAX: usize = 64 << 20;

#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Format(#[from] FormatError),
    #[error("cannot create the capture's schema: {0}")]
    Schema(#[from] schema::SchemaError),
}

/// Replays the records after the header of `reader` against `addr`.
pub async fn replay(
    mut reader: CaptureReader<BufReader<File>>,
    started_us: i64,
    addr: String,
    timeout: Duration,
) -> Result<Report, ReplayError> {
    let now_us = now_us();
    let windows = Windows {
        captured: (started_us, now_us),
        replayed: (now_us, now_us.saturating_add(10 * 86_400_000_000)),
    };
    let report = Arc::new(parking_lot::Mutex::new(Report::new(addr.clone())));
    let (tx, mut rx) = mpsc::channel::<Result<Record, FormatError>>(1024);
    let read = tokio::task::spawn_blocking(move || {
        loop {
            let next = reader.next_record();
            let end = !matches!(next, Ok(Some(_)));
            let item = match next {
                Ok(Some(r)) => Ok(r),
                Ok(None) => break,
                Err(e) => Err(e),
            };
            if tx.blocking_send(item).is_err() || end {
                break;
            }
        }
        reader.truncated_tail
    });
    let mut conns: HashMap<u64, mpsc::Sender<Record>> = HashMap::new();
    let mut tasks = JoinSet::new();
    let mut failure = None;
    while let Some(item) = rx.recv().await {
        let rec = match item {
            Ok(rec) => rec,
            Err(e) => {
                failure = Some(e);
                break;
            }
        };
        let conn = match &rec {
            Record::Capture { .. } => continue,
            Record::Schema {
                describe_keyspaces: Some(ks),
                ..
            } => {
                let (a, ks) = (addr.clone(), ks.clone());
                let notes = tokio::task::spawn_blocking(move || schema::create(&a, &ks))
                    .await
                    .unwrap_or_else(|e| Ok(vec![format!("schema not created: {e}")]))?;
                report.lock().notes.extend(notes);
                continue;
            }
            Record::Schema { error, .. } => {
                let why = error.as_deref().unwrap_or("none recorded");
                report
                    .lock()
                    .notes
                    .push(format!("the capture has no schema ({why})"));
                continue;
            }
            Record::Open { conn, .. }
            | Record::Request { conn, .. }
            | Record::Reply { conn, .. }
            | Record::Unrecorded { conn, .. }
            | Record::Close { conn, .. } => *conn,
        };
        let is_close = matches!(rec, Record::Close { .. });
        let sender = conns.entry(conn).or_insert_with(|| {
            let (ctx, crx) = mpsc::channel(PER_CONN);
            let r = Replayer::new(conn, addr.clone(), report.clone(), windows, timeout);
            tasks.spawn(r.run(crx));
            ctx
        });
        // A connection task that ended early only drops what is left of it.
        let _ = sender.send(rec).await;
        if is_close {
            conns.remove(&conn);
        }
    }
    drop(conns);
    while tasks.join_next().await.is_some() {}
    let tail = read.await.ok().flatten();
    if let Some(e) = failure {
        return Err(e.into());
    }
    let mut report = Arc::try_unwrap(report)
        .map(|m| m.into_inner())
        .unwrap_or_else(|m| std::mem::take(&mut *m.lock()));
    if let Some(line) = tail {
        report.notes.push(format!(
            "the capture's last line ({line}) is cut short and was skipped"
        ));
    }
    Ok(report)
}

fn now_us() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros() as i64)
        .unwrap_or(0)
}

/// One captured connection replayed.
struct Replayer {
    conn: u64,
    addr: String,
    report: Arc<parking_lot::Mutex<Report>>,
    windows: Windows,
    timeout: Duration,
    stream: Option<TcpStream>,
    /// The connection could not be opened or broke: no more is sent.
    broken: bool,
    /// Requests sent whose reply is not read yet: (n, method, framed).
    sent: VecDeque<(u64, String, bool)>,
    cutter: Option<Cutter>,
    ready: VecDeque<Vec<u8>>,
}

impl Replayer {
    fn new(
        conn: u64,
        addr: String,
        report: Arc<parking_lot::Mutex<Report>>,
        windows: Windows,
        timeout: Duration,
    ) -> Self {
        Replayer {
            conn,
            addr,
            report,
            windows,
            timeout,
            stream: None,
            broken: false,
            sent: VecDeque::new(),
            cutter: None,
            ready: VecDeque::new(),
        }
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Record>) {
        self.report.lock().connections += 1;
        let mut stopped = false;
        while let Some(rec) = rx.recv().await {
            match rec {
                Record::Request {
                    n,
                    framed,
                    method,
                    data,
                    ..
                } if !stopped => self.send(n, method, framed, &data).await,
                Record::Reply { n, data, .. } => self.reply(n, &data).await,
                Record::Unrecorded { .. } => stopped = true,
                Record::Close { .. } => break,
                _ => {}
            }
        }
        self.report.lock().uncompared += self.sent.len() as u64;
    }

    async fn send(&mut self, n: u64, method: String, framed: bool, data: &[u8]) {
        if self.stream.is_none() && !self.broken {
            match tokio::time::timeout(self.timeout, TcpStream::connect(&self.addr)).await {
                Ok(Ok(s)) => {
                    let _ = s.set_nodelay(true);
                    self.stream = Some(s);
                }
                _ => self.broken = true,
            }
        }
        if self.cutter.is_none() {
            let framing = if framed {
                Framing::Framed
            } else {
                Framing::Unframed
            };
            self.cutter = Some(Cutter::with_framing(framing, REPLY_MAX));
        }
        if let Some(s) = &mut self.stream {
            if s.write_all(data).await.is_err() {
                self.stream = None;
                self.broken = true;
            }
        }
        self.sent.push_back((n, method, framed));
    }

    async fn reply(&mut self, n: u64, captured: &[u8]) {
        // Requests before this one whose replies were not captured: their
        // replies from the target are read and set aside.
        while self.sent.front().is_some_and(|(m, ..)| *m < n) {
            self.sent.pop_front();
            self.report.lock().uncompared += 1;
            let _ = self.read_reply().await;
        }
        let Some((m, method, framed)) = self.sent.pop_front() else {
            self.report.lock().uncompared += 1;
            return;
        };
        if m != n {
            self.sent.push_front((m, method, framed));
            self.report.lock().uncompared += 1;
            return;
        }
        let captured = if framed && captured.len() >= 4 {
            &captured[4..]
        } else {
            captured
        };
        let diffs = match self.read_reply().await {
            Some(replayed) => {
                let replayed = if framed {
                    &replayed[4..]
                } else {
                    &replayed[..]
                };
                compare(&method, captured, replayed, &self.windows)
            }
            None => vec![Difference {
                kind: Kind::NoReply,
                path: String::new(),
                captured: "a reply".into(),
                replayed: "the connection closed or nothing came in time".into(),
            }],
        };
        self.report.lock().add(self.conn, n, &method, diffs);
    }

    /// The target's next reply as on the wire; `None` once the connection is gone.
    async fn read_reply(&mut self) -> Option<Vec<u8>> {
        if let Some(r) = self.ready.pop_front() {
            return Some(r);
        }
        let (stream, cutter) = (self.stream.as_mut()?, self.cutter.as_mut()?);
        let mut buf = vec![0u8; 64 * 1024];
        let mut cuts = Vec::new();
        loop {
            let read = tokio::time::timeout(self.timeout, stream.read(&mut buf)).await;
            let k = match read {
                Ok(Ok(k)) if k > 0 => k,
                _ => break,
            };
            if cutter.feed(&buf[..k], &mut cuts).is_err() {
                break;
            }
            self.ready.extend(cuts.drain(..).map(|c| c.bytes));
            if let Some(r) = self.ready.pop_front() {
                return Some(r);
            }
        }
        self.stream = None;
        self.broken = true;
        None
    }
}
