//! The capture's recorder: connections (the proxy's, or the server's own
//! through its tap) hand it records, a thread of its own writes them to the
//! capture file in the order they were handed in. Owns
//! the queue between the two and its bounds; what a record holds and how
//! it is written are [`crate::capture::format`]'s.
//!
//! Why a thread that wakes on a tick rather than a channel that wakes it per
//! record: a wake-up (a futex call) and a `write` per record cost as much as
//! forwarding the message itself. Records handed in between two ticks are
//! written and flushed together, so the file is at most a tick behind the
//! traffic. The queue is bounded in records and in bytes: a disk slower than
//! the traffic makes connections wait before they forward, it never grows
//! memory.

use crate::capture::format::{CaptureWriter, Record};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often the writer takes what was queued.
const TICK: Duration = Duration::from_millis(5);
/// Records queued at most before connections wait.
const QUEUE_RECORDS: usize = 16_384;
/// Message bytes queued at most before connections wait (one record over it
/// is still taken when the queue is empty, so no message waits forever).
const QUEUE_BYTES: usize = 64 << 20;
/// How long a connection waits between looks at a full queue.
const FULL_WAIT: Duration = Duration::from_millis(1);

struct Queue {
    pending: Mutex<Vec<Record>>,
    records: AtomicUsize,
    bytes: AtomicUsize,
    /// Set once the recording stops: later records are dropped.
    closed: AtomicBool,
}

/// Where connections put records, and the clock their times count from.
#[derive(Clone)]
pub struct Recorder {
    queue: Arc<Queue>,
    start: Instant,
}

/// The writer thread, to be stopped once the connections are done.
pub struct Writing {
    queue: Arc<Queue>,
    thread: JoinHandle<()>,
}

/// Starts the writer thread on `writer`.
pub fn start(writer: CaptureWriter, start: Instant) -> std::io::Result<(Recorder, Writing)> {
    let queue = Arc::new(Queue {
        pending: Mutex::new(Vec::new()),
        records: AtomicUsize::new(0),
        bytes: AtomicUsize::new(0),
        closed: AtomicBool::new(false),
    });
    let q = queue.clone();
    let thread = std::thread::Builder::new()
        .name("capture-writer".into())
        .spawn(move || write_records(writer, &q))?;
    Ok((
        Recorder {
            queue: queue.clone(),
            start,
        },
        Writing { queue, thread },
    ))
}

impl Recorder {
    /// Microseconds since the capture started.
    pub fn t_us(&self) -> u64 {
        self.start.elapsed().as_micros() as u64
    }

    /// Queues a record, waiting while the queue is full.
    pub async fn put(&self, rec: Record) {
        let q = &self.queue;
        let size = payload(&rec);
        while q.records.load(Ordering::Acquire) >= QUEUE_RECORDS
            || (q.bytes.load(Ordering::Acquire) > 0
                && q.bytes.load(Ordering::Acquire) + size > QUEUE_BYTES)
        {
            if q.closed.load(Ordering::Acquire) {
                return;
            }
            tokio::time::sleep(FULL_WAIT).await;
        }
        if q.closed.load(Ordering::Acquire) {
            return;
        }
        q.records.fetch_add(1, Ordering::AcqRel);
        q.bytes.fetch_add(size, Ordering::AcqRel);
        lock(&q.pending).push(rec);
    }

    /// Queues a record without waiting for room: for what cannot wait
    /// (a tap's replies, written from a task that must not block), whose
    /// number is bounded by the requests [`Recorder::put`] let through.
    pub fn put_now(&self, rec: Record) {
        let q = &self.queue;
        if q.closed.load(Ordering::Acquire) {
            return;
        }
        q.records.fetch_add(1, Ordering::AcqRel);
        q.bytes.fetch_add(payload(&rec), Ordering::AcqRel);
        lock(&q.pending).push(rec);
    }
}

impl Writing {
    /// Closes the queue, lets the thread write what is queued, flush and end.
    pub async fn stop(self) {
        self.queue.closed.store(true, Ordering::Release);
        self.thread.thread().unpark();
        let thread = self.thread;
        let _ = tokio::task::spawn_blocking(move || thread.join()).await;
    }
}

/// The bytes a record carries (what the queue's byte bound counts).
fn payload(rec: &Record) -> usize {
    match rec {
        Record::Request { data, .. } | Record::Reply { data, .. } => data.len(),
        Record::NativeRequest { data, body, .. } | Record::NativeReply { data, body, .. } => {
            data.len() + body.as_ref().map_or(0, Vec::len)
        }
        _ => 0,
    }
}

fn lock(m: &Mutex<Vec<Record>>) -> std::sync::MutexGuard<'_, Vec<Record>> {
    // A connection that panicked while pushing left a whole Vec behind.
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The thread: every tick, writes what was queued and flushes; a failed or
/// full file ends the recording, never the traffic.
fn write_records(mut w: CaptureWriter, q: &Queue) {
    let mut failed = false;
    let mut full = false;
    let mut batch = Vec::new();
    loop {
        let closing = q.closed.load(Ordering::Acquire);
        std::mem::swap(&mut batch, &mut *lock(&q.pending));
        let wrote = !batch.is_empty();
        for rec in batch.drain(..) {
            q.records.fetch_sub(1, Ordering::AcqRel);
            q.bytes.fetch_sub(payload(&rec), Ordering::AcqRel);
            if failed || full {
                continue;
            }
            match w.write(&rec) {
                Ok(true) => {}
                Ok(false) => {
                    full = true;
                    tracing::warn!("capture file full: recording stopped, traffic still passes");
                }
                Err(e) => {
                    failed = true;
                    tracing::error!("capture: {e}; recording stopped, traffic still passes");
                }
            }
        }
        if (wrote || closing) && !failed {
            if let Err(e) = w.flush() {
                failed = true;
                tracing::error!("capture: {e}; recording stopped, traffic still passes");
            }
        }
        if closing {
            return;
        }
        std::thread::park_timeout(TICK);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::capture::format::{CaptureReader, FORMAT};

    fn reply(n: u64, len: usize) -> Record {
        Record::Reply {
            conn: 1,
            n,
            t_us: n,
            data: vec![n as u8; len],
        }
    }

    fn header() -> Record {
        Record::Capture {
            format: FORMAT,
            started_us: 0,
            to: "127.0.0.1:9160".into(),
            protocol: "thrift".into(),
            native_to: None,
        }
    }

    #[tokio::test]
    async fn records_are_written_in_the_order_they_were_put_and_flushed_at_stop() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.capture");
        let mut w = CaptureWriter::create(&path, None, 0).unwrap();
        w.header(&header()).unwrap();
        let (rec, writing) = start(w, Instant::now()).unwrap();
        for n in 0..1000 {
            rec.put(reply(n, 10)).await;
        }
        writing.stop().await;
        // Put after the stop: dropped, not queued for ever.
        rec.put(reply(1000, 10)).await;
        assert_eq!(rec.queue.records.load(Ordering::Acquire), 0);
        let (mut r, _) = CaptureReader::open(&path).unwrap();
        let mut seen = Vec::new();
        while let Some(got) = r.next_record().unwrap() {
            seen.push(got);
        }
        assert_eq!(seen, (0..1000).map(|n| reply(n, 10)).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn a_full_queue_makes_the_connection_wait_until_the_writer_takes_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.capture");
        let (rec, writing) = start(
            CaptureWriter::create(&path, None, 0).unwrap(),
            Instant::now(),
        )
        .unwrap();
        // Two records of over half the byte bound each: the second waits for
        // the first to be written, and neither is lost.
        let big = QUEUE_BYTES / 2 + 1;
        rec.put(reply(0, big)).await;
        rec.put(reply(1, big)).await;
        assert!(rec.queue.bytes.load(Ordering::Acquire) <= QUEUE_BYTES);
        writing.stop().await;
        let mut r = CaptureReader::new(
            "c".into(),
            std::io::BufReader::new(std::fs::File::open(&path).unwrap()),
        );
        let mut n = 0;
        while r.next_record().unwrap().is_some() {
            n += 1;
        }
        assert_eq!(n, 2);
    }
}
