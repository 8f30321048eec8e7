//! Where a front end runs one request: inline on the tokio worker that read
//! it, or on the blocking pool. Shared by Thrift's hand-off and the native
//! protocol's router, which decide per request from what this module tells
//! them: whether the backend's writes may wait, where its reads run, and
//! how an attempt runs. It must not decide a request's route
//! itself.

use super::Node;

/// Requests (inflated) larger than this always go to the pool.
pub const INLINE_MAX_REQUEST: usize = 64 * 1024;

/// Where one request runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// On the tokio worker, without a thread hand-off.
    Inline,
    /// On the tokio worker with reads that do not wait on the disk (see
    /// [`attempt`]); on the blocking pool again if one of them would have.
    Attempt,
    /// On the blocking pool (it may wait on the disk or on a lock).
    Pool,
    /// On the tokio worker, its cluster calls awaited there (see
    /// [`crate::node::defer`]); on the pool if it needs many of them.
    Await,
}

/// Where a plain read or write of a few partitions runs with a cluster
/// backend: its calls wait on the network, which a task awaits without a
/// thread ([`Route::Await`]); `None` with the embedded engine.
pub fn for_cluster(node: &Node) -> Option<Route> {
    node.engine().is_none().then_some(Route::Await)
}

/// Where a plain write (nothing read first) may run: inline while the
/// embedded engine says it would not wait; on the pool when it may (a
/// commit log synced per write, a memtable switch), and always with a
/// cluster backend, whose calls wait on the network.
pub fn for_write(node: &Node) -> Route {
    match node.engine() {
        Some(engine) if !engine.write_may_wait() => Route::Inline,
        _ => Route::Pool,
    }
}

/// Where a read of a few partitions may run with the embedded engine: as
/// an attempt on the worker, whatever its column family holds. A read of
/// memtables only never misses; one that meets an SSTable's bytes outside
/// the page cache, or a lock a writer holds (a schema change, truncation,
/// memtable switch), misses at once and runs again on the pool. Deciding
/// this in the read itself, where it meets them, costs a front end no
/// lookup of the names before the call: the names are read once.
pub fn for_read(node: &Node) -> Route {
    match node.engine() {
        Some(_) => Route::Attempt,
        None => Route::Pool,
    }
}

/// Runs `f` as a request routed [`Route::Attempt`] runs: while it runs, the
/// engine's reads on this thread take bytes from the page cache only, and
/// one that would have gone to the disk fails (as `NodeError::WouldBlock`).
/// `None` when one did: what `f` returned is dropped, and the caller runs the
/// request again on the pool. Reads change nothing, so running one twice is
/// harmless.
pub fn attempt<T>(f: impl FnOnce() -> T) -> Option<T> {
    crate::storage::nowait::attempt(f)
}
