//! Reads that must not wait on the disk: a caller (the Thrift server, for a
//! read it runs on its network thread) runs a closure under [`attempt`];
//! while it runs, SSTable reads on this thread ask the kernel for the bytes
//! only if they are in the page cache (`preadv2` with `RWF_NOWAIT`), and a
//! read that would have gone to the disk fails at once (an I/O error of
//! kind `WouldBlock`, which the engine types as `StorageError::WouldBlock`)
//! and marks the attempt as missed. The caller then discards what the
//! closure produced and runs the call again where waiting is allowed (the
//! blocking pool).
//! Reads change nothing, so running one twice is harmless. A lock a read
//! takes (the catalog, a column family's stores) is taken the same way:
//! held by a schema change, truncation or memtable switch, it misses
//! rather than waits ([`read_lock`]).
//!
//! The mode is the call's wait mode (`call::Scope::wait`); this module
//! owns its meaning and the one read primitive; it must not decide where
//! calls run (the server does) or retry anything itself.

use crate::call::{self, WaitMode as Mode};
use parking_lot::{RwLock, RwLockReadGuard};
#[cfg(test)]
use std::cell::Cell;
use std::fs::File;
use std::io;

fn mode() -> Mode {
    call::with(|s| s.wait)
}

fn set_mode(mode: Mode) {
    call::with(|s| s.wait = mode)
}

#[cfg(test)]
thread_local! {
    static MISS_ALL: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` with every no-wait read on this thread missing, as if nothing
/// were in the page cache: for tests of the callers' path after a miss.
#[cfg(test)]
pub(crate) fn missing_everything<T>(f: impl FnOnce() -> T) -> T {
    MISS_ALL.with(|m| m.set(true));
    let out = f();
    MISS_ALL.with(|m| m.set(false));
    out
}

/// Marks the attempt as missed; the error its read fails with.
fn miss() -> io::Error {
    set_mode(Mode::Missed);
    io::Error::new(
        io::ErrorKind::WouldBlock,
        "data not in the page cache (read is retried where it may wait)",
    )
}

/// Runs `f` with reads that do not wait; `None` when one of them would
/// have (what `f` returned is dropped: it saw a made-up I/O error).
pub fn attempt<T>(f: impl FnOnce() -> T) -> Option<T> {
    let (out, after) = call::within(|s| &mut s.wait, Mode::NoWait, f);
    let missed = after == Mode::Missed;
    // An enclosing attempt keeps a miss of this one.
    if missed && mode() == Mode::NoWait {
        set_mode(Mode::Missed);
    }
    (!missed).then_some(out)
}

/// True while an attempt on this thread has had a read that would have
/// waited. Callers see a miss as the typed `StorageError::WouldBlock` its
/// read failed with, and as `attempt`'s `None`; this is for the tests.
#[cfg(test)]
fn missed() -> bool {
    mode() == Mode::Missed
}

/// A read guard of `lock`: in an attempt, only if no writer holds it (one
/// that would have waited misses, `None`); otherwise waited for as usual.
pub fn read_lock<T>(lock: &RwLock<T>) -> Option<RwLockReadGuard<'_, T>> {
    if mode() == Mode::Wait {
        return Some(lock.read());
    }
    let guard = lock.try_read();
    if guard.is_none() {
        set_mode(Mode::Missed);
    }
    guard
}

/// Fills `buf` from `file` at `offset`: a plain positioned read, or, in an
/// attempt, one that fails with `WouldBlock` (and marks the attempt) unless
/// every byte is in the page cache.
pub fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    use std::os::unix::fs::FileExt;
    if mode() == Mode::Wait {
        return file.read_exact_at(buf, offset);
    }
    #[cfg(test)]
    if MISS_ALL.with(|m| m.get()) {
        return Err(miss());
    }
    let mut done = 0;
    while done < buf.len() {
        let mut slice = [io::IoSliceMut::new(&mut buf[done..])];
        let read = rustix::io::preadv2(
            file,
            &mut slice,
            offset + done as u64,
            rustix::io::ReadWriteFlags::NOWAIT,
        );
        match read {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => done += n,
            Err(rustix::io::Errno::INTR) => {}
            // EAGAIN: not cached; EOPNOTSUPP: this filesystem cannot tell.
            // Either way the read is left to a thread that may wait.
            Err(_) => return Err(miss()),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn cached_reads_succeed_and_the_mode_is_restored() {
        let mut f = tempfile::tempfile().unwrap();
        f.write_all(b"hello, world").unwrap();
        let mut buf = [0u8; 5];
        // Just written: in the page cache.
        let got = attempt(|| read_exact_at(&f, &mut buf, 7).map(|()| buf));
        match got {
            Some(r) => assert_eq!(&r.unwrap(), b"world"),
            // A filesystem without RWF_NOWAIT support misses every time.
            None => eprintln!("RWF_NOWAIT unsupported on the temp filesystem"),
        }
        assert!(!missed());
        read_exact_at(&f, &mut buf, 0).unwrap();
        assert_eq!(&buf, b"hello");
        // A read past the end fails as a plain read does, without a miss.
        let past = attempt(|| read_exact_at(&f, &mut [0u8; 4], 100));
        if let Some(r) = past {
            assert_eq!(r.unwrap_err().kind(), io::ErrorKind::UnexpectedEof);
        }
    }

    #[test]
    fn uncached_reads_miss_instead_of_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data");
        std::fs::write(&path, vec![7u8; 1 << 20]).unwrap();
        File::open(&path).unwrap().sync_all().unwrap();
        // Drop the file's clean pages from the page cache (GNU dd's nocache).
        let dropped = std::process::Command::new("dd")
            .arg(format!("if={}", path.display()))
            .args(["iflag=nocache", "count=0", "status=none"])
            .status();
        if !dropped.is_ok_and(|s| s.success()) {
            eprintln!("skipped: GNU dd cannot drop the page cache here");
            return;
        }
        let f = File::open(&path).unwrap();
        let mut buf = vec![0u8; 4096];
        let got = attempt(|| read_exact_at(&f, &mut buf, 512 << 10).is_ok());
        match got {
            // Pages the kernel kept anyway (memory-backed file systems) are
            // read; a read that succeeded must have read the right bytes.
            Some(ok) => assert!(ok && buf.iter().all(|b| *b == 7)),
            None => {
                eprintln!("the uncached read missed");
                assert!(!missed(), "the mode is restored after a miss")
            }
        }
        // Outside an attempt the same read waits for the disk and succeeds.
        read_exact_at(&f, &mut buf, 512 << 10).unwrap();
        assert!(buf.iter().all(|b| *b == 7));
    }

    #[test]
    fn a_miss_is_reported_and_cleared() {
        let got = attempt(|| {
            set_mode(Mode::Missed);
            assert!(missed());
            1
        });
        assert_eq!(got, None);
        assert!(!missed());
        assert_eq!(attempt(|| 2), Some(2));
    }
}
