//! The storage tests that start processes of their own while they hold
//! data directories: writers killed with SIGKILL (commit log, engine,
//! counters), descriptors used up in a child under a low `ulimit -n`, and a
//! full disk on a tmpfs the test mounts. A forked child briefly shares every
//! open file of this process, commit-log directory locks included, so these
//! tests take [`alone`] and run one at a time, as they did when each was a
//! binary of its own. The killed writers are this binary re-executed for
//! one `#[ignore]`d test, named by [`test_name`].
//!
//! One module: `cargo test --release --test crash -- engine_crash::`.

// The helpers of `tests/support/`. (The path is for rustfmt, which reads
// this crate root as a plain file and would look in `tests/<binary>/`.)
#[path = "support"]
mod support {
    pub mod engine;
    pub mod tmpfs;
}

mod crash {
    mod commitlog_crash;
    mod engine_counter_crash;
    mod engine_crash;
    mod storage_exhaustion;
    mod storage_fd_exhaustion;
}

use std::sync::{Mutex, MutexGuard};

/// Held for the whole of every test here (not by the re-executed helper
/// tests, which run alone in their own process): no other test forks while
/// one holds a data directory. A test that failed does not stop the next.
pub fn alone() -> MutexGuard<'static, ()> {
    static ALONE: Mutex<()> = Mutex::new(());
    ALONE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The name libtest gives test `function` of the module at `module`
/// (`module_path!()`): the path without the crate, as `--exact` wants it.
pub fn test_name(module: &str, function: &str) -> String {
    match module.split_once("::") {
        Some((_crate, path)) => format!("{path}::{function}"),
        None => function.to_string(),
    }
}
