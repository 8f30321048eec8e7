//! Where a front end runs one request: inline on the tokio worker that read
//! it, or on the blocking pool. Shared by Thrift's hand-off and the native
//! protocol's router, which decide per request; it must not decide itself.

/// Requests (inflated) larger than this always go to the pool.
pub const INLINE_MAX_REQUEST: usize = 64 * 1024;

/// Where one request runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// On the tokio worker, without a thread hand-off.
    Inline,
    /// On the tokio worker with reads that do not wait on the disk
    /// ([`crate::storage::nowait`]); on the blocking pool again if one of
    /// them would have.
    Attempt,
    /// On the blocking pool (it may wait on the disk or on a lock).
    Pool,
}
