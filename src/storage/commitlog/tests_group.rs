//! Group commit and `Durable` tickets: concurrent batch-mode writers share
//! fsyncs, nothing is acknowledged before the fsync covering it, tickets
//! resolve when awaited from a single-threaded executor, and a dropped
//! ticket leaves nothing behind.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use super::*;

fn open(dir: &std::path::Path, window: Duration) -> CommitLog {
    let opts = CommitLogOptions {
        dir: dir.to_path_buf(),
        sync: SyncMode::Batch { window },
        segment_size: 1 << 20,
        ignore_replay_errors: false,
    };
    CommitLog::open(opts).unwrap().0
}

#[test]
fn concurrent_writers_share_fsyncs_and_every_write_is_replayed() {
    let dir = tempfile::tempdir().unwrap();
    // A long window: rounds end when the writers are in, not by timeout
    // (on a loaded machine a short window would split rounds, which is
    // allowed but makes the count below meaningless).
    let log = Arc::new(open(dir.path(), Duration::from_millis(200)));
    let (threads, per_thread) = (32usize, 20usize);
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let log = Arc::clone(&log);
            std::thread::spawn(move || {
                (0..per_thread)
                    .map(|i| {
                        let payload = format!("{t}:{i}");
                        (log.append(payload.as_bytes()).unwrap(), payload)
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut acked: Vec<(Position, String)> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    let appends = (threads * per_thread) as u64;
    let fsyncs = log.fsync_count();
    // Not a speed bound: with one fsync per append (no group commit) this
    // would be 640; sharing makes it a small fraction.
    assert!(
        fsyncs * 4 <= appends,
        "{fsyncs} fsyncs for {appends} batch-mode appends"
    );
    Arc::into_inner(log).unwrap().close().unwrap();
    let (log, replayed) = CommitLog::open(CommitLogOptions::new(dir.path())).unwrap();
    acked.sort();
    let found: Vec<(Position, String)> = replayed
        .into_iter()
        .map(|r| (r.position, String::from_utf8(r.payload).unwrap()))
        .collect();
    assert_eq!(found, acked);
    log.close().unwrap();
}

#[test]
fn a_ticket_resolves_only_after_the_fsync_covering_it() {
    let dir = tempfile::tempdir().unwrap();
    let log = open(dir.path(), Duration::from_secs(30));
    // An appender "still writing" keeps the syncer gathering (window 30 s).
    log.shared.begin_write(true).unwrap();
    let ticket = log.append_all_deferred(&[b"pending"]).unwrap();
    std::thread::sleep(Duration::from_millis(50));
    assert!(
        ticket.try_result().is_none(),
        "acknowledged before an fsync"
    );
    assert_eq!(log.fsync_count(), 0);
    // The last in-flight appender finishes: the round is complete.
    log.shared
        .finish_write::<Position>(true, Err(CommitLogError::InvalidOptions("x".into())))
        .unwrap_err();
    let at = ticket.wait().unwrap();
    assert!(log.fsync_count() >= 1);
    assert!(log.shared.sync.lock().waiters.is_empty());
    log.close().unwrap();
    let (log, replayed) = CommitLog::open(CommitLogOptions::new(dir.path())).unwrap();
    assert_eq!(replayed[0].position, at);
    log.close().unwrap();
}

/// Polls `fut` to completion on this thread, parking between polls.
fn block_on<F: std::future::Future>(fut: F) -> F::Output {
    struct Unpark(std::thread::Thread);
    impl std::task::Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
    }
    let waker = std::task::Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut cx = std::task::Context::from_waker(&waker);
    let mut fut = std::pin::pin!(fut);
    loop {
        if let std::task::Poll::Ready(v) = fut.as_mut().poll(&mut cx) {
            return v;
        }
        std::thread::park();
    }
}

#[test]
fn tickets_awaited_together_on_one_thread_share_an_fsync() {
    let dir = tempfile::tempdir().unwrap();
    let log = open(dir.path(), Duration::from_millis(1));
    // One thread writes 50 records, then awaits all their tickets: nothing
    // blocks the thread while the syncer works, and the writes share fsyncs.
    let tickets: Vec<Durable> = (0..50u32)
        .map(|i| log.append_all_deferred(&[&i.to_le_bytes()]).unwrap())
        .collect();
    let positions = block_on(async {
        let mut out = Vec::new();
        for t in tickets {
            out.push(t.await.unwrap());
        }
        out
    });
    assert_eq!(positions.len(), 50);
    assert!(positions.windows(2).all(|w| w[0] < w[1]));
    assert!(log.fsync_count() < 50, "{} fsyncs", log.fsync_count());
    log.close().unwrap();
}

#[test]
fn dropped_tickets_leave_no_waiter_and_the_records_stay() {
    let dir = tempfile::tempdir().unwrap();
    let log = open(dir.path(), Duration::from_millis(1));
    let ticket = log.append_all_deferred(&[b"dropped"]).unwrap();
    let mut fut = Box::pin(ticket);
    // Poll once (registering a waker), then give up on it.
    let waker = std::task::Waker::noop();
    let _ = fut
        .as_mut()
        .poll(&mut std::task::Context::from_waker(waker));
    drop(fut);
    log.append(b"after").unwrap();
    assert!(log.shared.sync.lock().waiters.is_empty());
    log.close().unwrap();
    let (log, replayed) = CommitLog::open(CommitLogOptions::new(dir.path())).unwrap();
    let payloads: Vec<&[u8]> = replayed.iter().map(|r| &r.payload[..]).collect();
    assert_eq!(payloads, [&b"dropped"[..], b"after"]);
    log.close().unwrap();
}

#[test]
fn periodic_tickets_are_resolved_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (log, _) = CommitLog::open(CommitLogOptions::new(dir.path())).unwrap();
    let before = log.current_position();
    let ticket = log.append_all_deferred(&[b"x"]).unwrap();
    assert_eq!(ticket.position(), before);
    assert!(matches!(ticket.try_result(), Some(Ok(p)) if p == before));
    assert_eq!(ticket.wait().unwrap(), before);
    assert_eq!(log.fsync_count(), 0);
    log.close().unwrap();
}
