//! One captured native-protocol connection replayed on a connection to each
//! target's native port: its frames are sent in their captured order with
//! their captured stream ids (so a reply is found by its stream, whatever
//! order the target answers in), an EXECUTE or BATCH carrying the id the
//! target gave when the statement was prepared in the replay
//! ([`super::ids`]), and each reply captured is compared with the target's
//! ([`super::compare`]). Each EVENT the server pushed on the connection is
//! paired with the next one the target pushes on it (waited for, as a reply
//! is) and compared ([`super::events`]); the target's events beyond the
//! captured ones, found when the connection ends, are `extra`. Owns one
//! connection's replay; the order across connections is
//! [`crate::capture::replay`]'s.

use super::compare::{compare, Frame as Reply};
use super::decode::{prepared_id, tracing_id};
use super::events;
use super::frames::{reframe, startup_compression, Frame, FrameCutter};
use super::ids::{rewrite, swap_sessions, IdMap};
use crate::capture::compare::Difference;
use crate::capture::format::Record;
use crate::capture::masks::Windows;
use crate::capture::report::Report;
use crate::native::wire::frame::{op, Compression};
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, watch};

/// The longest frame read from a target.
const FRAME_MAX: usize = 256 << 20;
/// How long a connection that registered for events waits, once its
/// captured records are done, for events the target pushes beyond them.
const LATE_EVENTS: Duration = Duration::from_millis(300);

/// A target's native port, and the prepared ids and tracing sessions it
/// gave in this replay for the captured ones (shared by all connections: a
/// driver prepares on one and executes on another).
#[derive(Clone)]
pub struct NativeTarget {
    pub addr: Option<String>,
    pub ids: Arc<parking_lot::Mutex<IdMap>>,
    pub sessions: Arc<parking_lot::Mutex<IdMap>>,
}

impl NativeTarget {
    pub fn new(addr: Option<String>) -> Self {
        NativeTarget {
            addr,
            ids: Arc::default(),
            sessions: Arc::default(),
        }
    }
}

/// One target's connection of a replayed connection.
struct Link {
    target: NativeTarget,
    stream: Option<TcpStream>,
    broken: bool,
    cutter: FrameCutter,
    /// Frames read while another stream's reply was awaited, by stream.
    waiting: HashMap<i16, VecDeque<Frame>>,
    /// EVENTs the target pushed, not compared yet.
    events: VecDeque<Frame>,
}

impl Link {
    async fn send(&mut self, data: &[u8], timeout: Duration) {
        if self.stream.is_none() && !self.broken {
            let Some(addr) = self.target.addr.clone() else {
                self.broken = true;
                return;
            };
            match tokio::time::timeout(timeout, TcpStream::connect(&addr)).await {
                Ok(Ok(s)) => {
                    let _ = s.set_nodelay(true);
                    self.stream = Some(s);
                }
                _ => self.broken = true,
            }
        }
        if let Some(s) = &mut self.stream {
            if s.write_all(data).await.is_err() {
                self.stream = None;
                self.broken = true;
            }
        }
    }

    /// The target's reply on `stream`; `None` once the connection is gone
    /// or nothing came in time.
    async fn reply_on(&mut self, stream: i16, timeout: Duration) -> Option<Frame> {
        if let Some(f) = self.waiting.get_mut(&stream).and_then(VecDeque::pop_front) {
            return Some(f);
        }
        let s = self.stream.as_mut()?;
        let mut buf = vec![0u8; 64 * 1024];
        let mut frames = Vec::new();
        loop {
            let k = match tokio::time::timeout(timeout, s.read(&mut buf)).await {
                Ok(Ok(k)) if k > 0 => k,
                _ => break,
            };
            if self.cutter.feed(&buf[..k], &mut frames).is_err() {
                break;
            }
            let mut found = None;
            for f in frames.drain(..) {
                let h = f.header();
                if h.opcode == op::EVENT {
                    self.events.push_back(f);
                } else if h.stream == stream && found.is_none() {
                    found = Some(f);
                } else {
                    self.waiting.entry(h.stream).or_default().push_back(f);
                }
            }
            if found.is_some() {
                return found;
            }
        }
        self.stream = None;
        self.broken = true;
        None
    }

    /// The target's next pushed EVENT, waiting up to `wait` for it; `None`
    /// when none came (the connection stays in use: an event that does not
    /// come is a difference, not a broken connection).
    async fn next_event(&mut self, wait: Duration) -> Option<Frame> {
        if let Some(f) = self.events.pop_front() {
            return Some(f);
        }
        let s = self.stream.as_mut()?;
        let until = Instant::now() + wait;
        let mut buf = vec![0u8; 64 * 1024];
        let mut frames = Vec::new();
        loop {
            let left = until.saturating_duration_since(Instant::now());
            let k = match tokio::time::timeout(left, s.read(&mut buf)).await {
                Ok(Ok(k)) if k > 0 => k,
                Err(_) => return None,
                _ => break,
            };
            if self.cutter.feed(&buf[..k], &mut frames).is_err() {
                break;
            }
            for f in frames.drain(..) {
                let h = f.header();
                if h.opcode == op::EVENT {
                    self.events.push_back(f);
                } else {
                    self.waiting.entry(h.stream).or_default().push_back(f);
                }
            }
            if let Some(f) = self.events.pop_front() {
                return Some(f);
            }
        }
        self.stream = None;
        self.broken = true;
        None
    }
}

/// One captured native connection replayed, on one connection to each target.
pub struct NativeReplayer {
    conn: u64,
    links: Vec<Link>,
    report: Arc<parking_lot::Mutex<Report>>,
    windows: Windows,
    timeout: Duration,
    /// The compression the connection's STARTUP agreed.
    compression: Option<Compression>,
    /// Requests sent whose reply is not compared yet: n to (stream, opcode).
    sent: HashMap<u64, (i16, String)>,
    /// Captured events compared so far (an event's number in the report).
    events: u64,
    /// Whether the connection sent a REGISTER (and may be pushed events).
    registered: bool,
}

impl NativeReplayer {
    pub fn new(
        conn: u64,
        targets: &[NativeTarget],
        report: Arc<parking_lot::Mutex<Report>>,
        windows: Windows,
        timeout: Duration,
    ) -> Self {
        let links = targets
            .iter()
            .map(|t| Link {
                target: t.clone(),
                stream: None,
                broken: false,
                cutter: FrameCutter::new(FRAME_MAX),
                waiting: HashMap::new(),
                events: VecDeque::new(),
            })
            .collect();
        NativeReplayer {
            conn,
            links,
            report,
            windows,
            timeout,
            compression: None,
            sent: HashMap::new(),
            events: 0,
            registered: false,
        }
    }

    /// Replays the connection's records until its `close`; `done` counts
    /// the replies dealt with (see [`crate::capture::replay`]).
    pub async fn run(mut self, mut rx: mpsc::Receiver<Record>, done: Arc<watch::Sender<u64>>) {
        self.report.lock().connections += 1;
        let mut stopped = false;
        let mut closed = false;
        while let Some(rec) = rx.recv().await {
            match rec {
                Record::NativeRequest {
                    n,
                    stream,
                    opcode,
                    data,
                    body,
                    ..
                } if !stopped => {
                    self.request(n, stream, opcode, Frame { bytes: data }, body)
                        .await
                }
                Record::NativeReply {
                    n: Some(n),
                    data,
                    body,
                    ..
                } => {
                    self.reply(n, Frame { bytes: data }, body).await;
                    done.send_modify(|d| *d += 1);
                }
                Record::NativeReply {
                    n: None,
                    data,
                    body,
                    ..
                } if !stopped => self.event(Some(Frame { bytes: data }), body).await,
                Record::Unrecorded { .. } => stopped = true,
                Record::Close { .. } => {
                    closed = true;
                    break;
                }
                _ => {}
            }
        }
        if self.registered && !stopped {
            self.late_events().await;
        }
        self.report.lock().uncompared += self.sent.len() as u64;
        // Closed on the targets before what was captured after it is sent.
        self.links.clear();
        if closed {
            done.send_modify(|d| *d += 1);
        }
    }

    /// A captured EVENT (`None`: none, for the target's late ones) against
    /// the next one each target pushes; with two targets, the second's
    /// against the first's.
    async fn event(&mut self, captured: Option<Frame>, body: Option<Vec<u8>>) {
        let wait = if captured.is_some() {
            self.timeout
        } else {
            LATE_EVENTS
        };
        let mut got = Vec::with_capacity(self.links.len());
        for link in &mut self.links {
            let f = link.next_event(wait).await;
            got.push(f.and_then(|f| f.body(self.compression, FRAME_MAX)));
        }
        let captured = captured.map(|f| body.unwrap_or_else(|| f.raw_body().to_vec()));
        let (expected, replayed) = if got.len() > 1 {
            (got[0].as_deref(), got[1].as_deref())
        } else {
            (captured.as_deref(), got.first().and_then(|g| g.as_deref()))
        };
        if expected.is_none() && replayed.is_none() {
            return;
        }
        let diffs = events::compare(expected, replayed);
        let n = self.events;
        self.events += 1;
        self.report.lock().add(self.conn, n, "EVENT", diffs);
    }

    /// The target's events beyond the captured ones, each an `extra` (with
    /// two targets, paired with each other's).
    async fn late_events(&mut self) {
        for _ in 0..64 {
            let before = self.events;
            self.event(None, None).await;
            if self.events == before {
                return;
            }
        }
    }

    async fn request(
        &mut self,
        n: u64,
        stream: i16,
        opcode: String,
        frame: Frame,
        body: Option<Vec<u8>>,
    ) {
        if let Some(c) = startup_compression(&frame) {
            self.compression = Some(c);
        }
        let h = frame.header();
        self.registered |= h.opcode == op::REGISTER;
        let plain = body.unwrap_or_else(|| frame.raw_body().to_vec());
        for link in &mut self.links {
            let mut swapped = if matches!(h.opcode, op::EXECUTE | op::BATCH) {
                rewrite(h.opcode, &plain, &link.target.ids.lock())
            } else {
                None
            };
            let sessions = link.target.sessions.lock().clone();
            if !sessions.is_empty() && h.opcode != op::STARTUP {
                let now = swapped.as_deref().unwrap_or(&plain);
                if let Some(b) = swap_sessions(now, &sessions) {
                    swapped = Some(b);
                }
            }
            match swapped {
                Some(b) => {
                    let again = reframe(&h, frame.bytes[0], &b, self.compression);
                    link.send(&again.bytes, self.timeout).await;
                }
                None => link.send(&frame.bytes, self.timeout).await,
            }
        }
        self.sent.insert(n, (stream, opcode));
    }

    async fn reply(&mut self, n: u64, captured: Frame, body: Option<Vec<u8>>) {
        let Some((stream, opcode)) = self.sent.remove(&n) else {
            self.report.lock().uncompared += 1;
            return;
        };
        let mut replies = Vec::with_capacity(self.links.len());
        for link in &mut self.links {
            replies.push(link.reply_on(stream, self.timeout).await);
        }
        let inflated: Vec<Option<(Frame, Vec<u8>)>> = replies
            .into_iter()
            .map(|f| {
                let f = f?;
                let b = f.body(self.compression, FRAME_MAX)?;
                Some((f, b))
            })
            .collect();
        let captured_body = body.unwrap_or_else(|| captured.raw_body().to_vec());
        let captured = Some((captured, captured_body));
        let view = |x: &(Frame, Vec<u8>)| -> (u8, u8, u8, Vec<u8>) {
            let h = x.0.header();
            (h.version, h.opcode, h.flags, x.1.clone())
        };
        // The target's prepared ids and tracing sessions, for the requests that follow.
        if let Some((cf, cb)) = &captured {
            let ch = cf.header();
            if let Some(cs) = tracing_id(ch.flags, cb) {
                for (link, r) in self.links.iter().zip(&inflated) {
                    if let Some(rs) = r
                        .as_ref()
                        .and_then(|(f, b)| tracing_id(f.header().flags, b))
                    {
                        link.target.sessions.lock().insert(cs.clone(), rs);
                    }
                }
            }
            if let Some(cid) = prepared_id(ch.version, ch.opcode, ch.flags, cb) {
                for (link, r) in self.links.iter().zip(&inflated) {
                    if let Some((rf, rb)) = r {
                        let rh = rf.header();
                        if let Some(rid) = prepared_id(rh.version, rh.opcode, rh.flags, rb) {
                            link.target.ids.lock().insert(cid.clone(), rid);
                        }
                    }
                }
            }
        }
        let (expected, got) = if inflated.len() > 1 {
            (
                inflated[0].as_ref().map(view),
                inflated[1].as_ref().map(view),
            )
        } else {
            (
                captured.as_ref().map(view),
                inflated.first().and_then(|r| r.as_ref().map(view)),
            )
        };
        let diffs = match (expected, got) {
            (Some(e), Some(r)) => compare(
                Reply {
                    version: e.0,
                    opcode: e.1,
                    flags: e.2,
                    body: &e.3,
                },
                Reply {
                    version: r.0,
                    opcode: r.1,
                    flags: r.2,
                    body: &r.3,
                },
                &self.windows,
            ),
            (e, _) => vec![Difference::no_reply(e.is_some())],
        };
        self.report.lock().add(self.conn, n, &opcode, diffs);
    }
}
