//! `supercolumn replay`: sends each captured connection's requests to a
//! target in their captured order (the connections concurrently), reads the
//! target's reply to each, and compares it with the captured one
//! ([`crate::capture::compare`]) into a [`Report`]; with two targets, each
//! request goes to both and the second's reply is compared with the first's.
//! A request waits for the replies captured before it (the order between
//! connections the capture saw), and with `pace` for its captured time. The capture is read one
//! record at a time and handed to the connection it belongs to, so a replay
//! holds the records of the calls in flight, not the file. Before the
//! traffic, the capture's schema is created where the target lacks it
//! ([`crate::capture::schema`]). A native-protocol connection is replayed
//! by [`crate::capture::native::replay`] on the targets' native ports,
//! under the same order. Owns the replay's scheduling only.

use crate::capture::compare::{compare, Difference};
use crate::capture::cut::Cutter;
use crate::capture::format::{CaptureReader, FormatError, Record};
use crate::capture::masks::Windows;
use crate::capture::native::replay::{NativeReplayer, NativeTarget};
use crate::capture::report::Report;
use crate::capture::schema;
use crate::thrift::wire::Framing;
use std::collections::{HashMap, VecDeque};
use std::fs::File;
use std::io::BufReader;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, watch};
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

/// How a replay runs, besides its targets.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// How long to wait for a connection or a reply.
    pub timeout: Duration,
    /// Send each request no sooner after the first than it was captured.
    pub pace: bool,
    /// A progress line on stderr this often (none for a replay shorter than it).
    pub progress: Option<Duration>,
}

/// Replays the records after the header of `reader` against `targets`
/// (Thrift ports; `native`, each one's native port, in the same order):
/// one target is compared with the captured replies, two with each other.
pub async fn replay(
    mut reader: CaptureReader<BufReader<File>>,
    started_us: i64,
    targets: Vec<String>,
    native: Vec<Option<String>>,
    opts: Options,
) -> Result<Report, ReplayError> {
    let native: Vec<NativeTarget> = (0..targets.len())
        .map(|i| NativeTarget::new(native.get(i).cloned().flatten()))
        .collect();
    let now_us = now_us();
    let replayed = (now_us, now_us.saturating_add(10 * 86_400_000_000));
    let windows = Windows {
        captured: if targets.len() > 1 {
            replayed
        } else {
            (started_us, now_us)
        },
        replayed,
    };
    let report = Arc::new(parking_lot::Mutex::new(Report::new(targets.join(" vs "))));
    let (tx, mut rx) = mpsc::channel::<Result<Record, FormatError>>(1024);
    let read = tokio::task::spawn_blocking(move || {
        loop {
            let next = reader
                .next_record()
                .and_then(|rec| match rec.as_ref().map(whole) {
                    Some(Err(why)) => Err(reader.refuse(format!("{why} in its `data`"))),
                    _ => Ok(rec),
                });
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
    // Replies (and ends) handed to their connections, and those they have
    // dealt with: a request is sent only once every reply captured before it
    // was answered in the replay too, so what one connection did before
    // another asked (a keyspace created, a row written) is done before it
    // again.
    let (done_tx, mut done_rx) = watch::channel(0u64);
    let done_tx = Arc::new(done_tx);
    let mut handed = 0u64;
    let began = Instant::now();
    let mut first_t_us = None;
    let mut last_progress = Instant::now();
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
            Record::Schema {
                describe_keyspaces: Some(ks),
                ..
            } => {
                for a in &targets {
                    let (a, ks) = (a.clone(), ks.clone());
                    let notes = tokio::task::spawn_blocking(move || schema::create(&a, &ks))
                        .await
                        .unwrap_or_else(|e| Ok(vec![format!("schema not created: {e}")]))?;
                    report.lock().notes.extend(notes);
                }
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
            other => match other.conn() {
                Some(conn) => conn,
                None => continue,
            },
        };
        // A connection's end waits as its requests do, and what comes after
        // waits for it as for a reply: the target is pushed on it the events
        // of what another did before it ended, and none of what came after.
        if let Record::Close { .. } = &rec {
            let _ = done_rx.wait_for(|d| *d >= handed).await;
        }
        if let Record::Request { t_us, .. } | Record::NativeRequest { t_us, .. } = &rec {
            let _ = done_rx.wait_for(|d| *d >= handed).await;
            let first = *first_t_us.get_or_insert(*t_us);
            if opts.pace {
                let due = Duration::from_micros(t_us.saturating_sub(first));
                // A time past any clock's (a hostile file) is not waited for.
                if let Some(at) = began.checked_add(due) {
                    tokio::time::sleep_until(at.into()).await;
                }
            }
            if let Some(every) = opts.progress {
                if last_progress.elapsed() >= every {
                    last_progress = Instant::now();
                    let r = report.lock();
                    eprintln!(
                        "supercolumn replay: {} calls compared ({} different) on {} connections, {} s",
                        r.calls,
                        r.different,
                        r.connections,
                        began.elapsed().as_secs()
                    );
                }
            }
        }
        let is_reply = rec.is_reply();
        let is_close = matches!(rec, Record::Close { .. });
        let is_native = matches!(&rec, Record::Open { protocol: Some(p), .. } if p == "native")
            || matches!(
                rec,
                Record::NativeRequest { .. } | Record::NativeReply { .. }
            );
        let sender = conns.entry(conn).or_insert_with(|| {
            let (ctx, crx) = mpsc::channel(PER_CONN);
            if is_native {
                let r = NativeReplayer::new(conn, &native, report.clone(), windows, opts.timeout);
                tasks.spawn(r.run(crx, done_tx.clone()));
            } else {
                let r = Replayer::new(conn, &targets, report.clone(), windows, opts.timeout);
                tasks.spawn(r.run(crx, done_tx.clone()));
            }
            ctx
        });
        if is_reply || is_close {
            handed += 1;
        }
        // A connection task that ended early only drops what is left of it
        // (a reply or end it will not deal with counts as dealt with).
        if sender.send(rec).await.is_err() && (is_reply || is_close) {
            done_tx.send_modify(|d| *d += 1);
        }
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

/// Why a record's bytes are not the whole message its type says (a cut,
/// corrupted or hand-written capture): a native frame that is not one
/// frame, a framed request whose length is not its own. Refused before
/// anything reads past their end.
fn whole(rec: &Record) -> Result<(), String> {
    match rec {
        Record::NativeRequest { data, .. } | Record::NativeReply { data, .. } => {
            crate::capture::native::frames::check_whole(data)
        }
        Record::Request {
            framed: true, data, ..
        } => {
            let Some(head) = data.get(..4) else {
                return Err(format!(
                    "a framed message of {} bytes, shorter than its length",
                    data.len()
                ));
            };
            let said = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
            if said != data.len() - 4 {
                return Err(format!(
                    "a framed message whose length says {said} bytes and has {}",
                    data.len() - 4
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn now_us() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros() as i64)
        .unwrap_or(0)
}

/// One target's connection of a replayed connection.
struct Link {
    addr: String,
    stream: Option<TcpStream>,
    /// The connection could not be opened or broke: no more is sent.
    broken: bool,
    cutter: Option<Cutter>,
    ready: VecDeque<Vec<u8>>,
}

impl Link {
    async fn send(&mut self, framed: bool, data: &[u8], timeout: Duration) {
        if self.stream.is_none() && !self.broken {
            match tokio::time::timeout(timeout, TcpStream::connect(&self.addr)).await {
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
    }

    /// The target's next reply as on the wire; `None` once the connection is gone.
    async fn read_reply(&mut self, timeout: Duration) -> Option<Vec<u8>> {
        if let Some(r) = self.ready.pop_front() {
            return Some(r);
        }
        let (stream, cutter) = (self.stream.as_mut()?, self.cutter.as_mut()?);
        let mut buf = vec![0u8; 64 * 1024];
        let mut cuts = Vec::new();
        loop {
            let read = tokio::time::timeout(timeout, stream.read(&mut buf)).await;
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

/// One captured connection replayed, on one connection to each target.
struct Replayer {
    conn: u64,
    links: Vec<Link>,
    report: Arc<parking_lot::Mutex<Report>>,
    windows: Windows,
    timeout: Duration,
    /// Requests sent whose reply is not read yet: (n, method, framed).
    sent: VecDeque<(u64, String, bool)>,
}

impl Replayer {
    fn new(
        conn: u64,
        targets: &[String],
        report: Arc<parking_lot::Mutex<Report>>,
        windows: Windows,
        timeout: Duration,
    ) -> Self {
        let links = targets
            .iter()
            .map(|addr| Link {
                addr: addr.clone(),
                stream: None,
                broken: false,
                cutter: None,
                ready: VecDeque::new(),
            })
            .collect();
        Replayer {
            conn,
            links,
            report,
            windows,
            timeout,
            sent: VecDeque::new(),
        }
    }

    async fn run(mut self, mut rx: mpsc::Receiver<Record>, done: Arc<watch::Sender<u64>>) {
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
                } if !stopped => {
                    for link in &mut self.links {
                        link.send(framed, &data, self.timeout).await;
                    }
                    self.sent.push_back((n, method, framed));
                }
                Record::Reply { n, data, .. } => {
                    self.reply(n, &data).await;
                    done.send_modify(|d| *d += 1);
                }
                Record::Unrecorded { .. } => stopped = true,
                Record::Close { by, .. } => {
                    if by == "server" && !stopped {
                        self.closed().await;
                    }
                    done.send_modify(|d| *d += 1);
                    break;
                }
                _ => {}
            }
        }
        self.report.lock().uncompared += self.sent.len() as u64;
    }

    /// Every target's next reply (`None` for one whose connection is gone),
    /// without its frame length when the call was framed.
    async fn read_replies(&mut self, framed: bool) -> Vec<Option<Vec<u8>>> {
        let mut out = Vec::with_capacity(self.links.len());
        for link in &mut self.links {
            let reply = link.read_reply(self.timeout).await;
            out.push(reply.map(|b| unframed(framed, b)));
        }
        out
    }

    /// The captured server closed the connection with a request unanswered
    /// (a release that failed a call on the server closed it so): each
    /// target must close it too. Requests queued behind it stay uncompared.
    async fn closed(&mut self) {
        let Some((n, method, framed)) = self.sent.pop_front() else {
            return;
        };
        let mut replies = self.read_replies(framed).await;
        let two = replies.len() > 1;
        let expected = if two { replies.remove(0) } else { None };
        let diffs = match (expected, replies.pop().flatten()) {
            (None, None) => Vec::new(),
            (None, Some(_)) => vec![Difference::replied_where_closed(two)],
            (Some(_), None) => vec![Difference::no_reply(true)],
            (Some(e), Some(r)) => compare(&method, &e, &r, &self.windows),
        };
        self.report.lock().add(self.conn, n, &method, diffs);
    }

    async fn reply(&mut self, n: u64, captured: &[u8]) {
        // Requests before this one whose replies were not captured: their
        // replies from the targets are read and set aside.
        while self.sent.front().is_some_and(|(m, ..)| *m < n) {
            self.sent.pop_front();
            self.report.lock().uncompared += 1;
            let _ = self.read_replies(false).await;
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
        let mut replies = self.read_replies(framed).await;
        // One target: its reply against the captured one; two: the second's
        // against the first's.
        let expected = if replies.len() > 1 {
            replies.remove(0)
        } else {
            Some(unframed(framed, captured.to_vec()))
        };
        let diffs = match (expected, replies.pop().flatten()) {
            (Some(e), Some(r)) => compare(&method, &e, &r, &self.windows),
            // Two targets that both closed the connection agree.
            (None, None) => Vec::new(),
            (None, Some(_)) => vec![Difference::replied_where_closed(true)],
            (Some(_), None) => vec![Difference::no_reply(true)],
        };
        self.report.lock().add(self.conn, n, &method, diffs);
    }
}

/// A message without its frame length when it came framed.
fn unframed(framed: bool, bytes: Vec<u8>) -> Vec<u8> {
    if framed && bytes.len() >= 4 {
        bytes[4..].to_vec()
    } else {
        bytes
    }
}
