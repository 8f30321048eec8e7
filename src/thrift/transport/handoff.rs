//! Where a call runs: inline on the tokio worker that read it, or handed
//! off to the blocking pool. Owns that choice only; it must not run calls,
//! change the session, or count memory (the server does, with the limits of
//! [`crate::node::limits`], which apply to both routes alike).
//!
//! Why classify rather than a cheaper hand-off: on a 2-core machine any
//! hand-off costs a wake-up and a context switch per call, and profiles put
//! the hand-off (spawn_blocking's queue lock, parking and waking pool
//! threads, the switches) at half of a null call's server CPU; a faster
//! channel shrinks that but cannot remove it. Most calls never wait, so the
//! cheapest hand-off is none. A call runs inline only when nothing in it
//! can wait on the disk or on another thread for long (each method's stage
//! in `release::methods` says which it is):
//!
//! - metadata calls (`describe_*` but `describe_splits*`, `set_keyspace`,
//!   `set_cql_version`): they read the schema snapshot and node facts only;
//! - writes (`insert`, `remove`, `batch_insert`, `batch_mutate`, counter
//!   `add`/`remove_counter`) while the engine says they would not wait
//!   ([`route::for_write`]): in
//!   periodic commit-log mode an append writes to the page cache without
//!   waiting for an fsync (the syncer thread does that off the writer
//!   lock), and the memtable and index updates are memory; in batch mode,
//!   near a segment rotation (its fsync), or while a schema change,
//!   truncation or memtable switch holds the write gate, writes go to the
//!   pool;
//! - single-partition reads (`get`, `get_slice`, `get_count`, `multiget*`,
//!   `get_multi_slice`), as an *attempt* ([`Route::Attempt`], see
//!   [`route::for_read`]): their SSTable reads ask the kernel for cached
//!   bytes only (`preadv2` with `RWF_NOWAIT`, see [`route::attempt`]), and
//!   the locks they take (the catalog, the column family's stores) are
//!   taken only if no writer holds them; a read that would go to the disk
//!   or wait on a writer fails at once, the answer is dropped and the call
//!   runs again on the pool. So a read missing the page cache still never
//!   stalls the worker's other connections, and a read whose data is in
//!   memtables or cached (the usual case for a working set that fits in
//!   memory) costs no hand-off. Measured with `scripts/bench.sh` on reads
//!   served from SSTables: the hand-off (spawn_blocking's queue, waking a
//!   pool thread, the switches back) was most of such a read's server
//!   CPU, and a pool thread per waiting call. A miss costs the attempt
//!   (microseconds of CPU, up to the first uncached block) on top of the
//!   pooled read. The route is chosen without reading the request's
//!   names: the read meets what it would wait on itself.
//!
//! With a cluster backend, the same reads and writes run on the worker
//! with their cluster calls awaited there ([`Route::Await`], see
//! [`crate::node::defer`]): the network wait costs no thread.
//!
//! Everything else goes to the pool: every call when the authenticator
//! reads its property files per check (`login`, and the keyspace checks of
//! `set_keyspace` and data calls), the string properties (one reads the
//! config file), CQL (any statement
//! may change the schema or scan), range and index scans, `cas`, flush-like
//! and schema calls, calls of a connection whose generation is not known
//! yet, and requests over [`INLINE_MAX_REQUEST`] bytes (decoding and
//! applying them is long CPU work that would hold the worker's other
//! connections back). The engine's answers are hints taken just before the
//! call: a schema change or rotation starting in between can still make an
//! inline write wait once, briefly; that window is microseconds wide and
//! the wait is bounded by one fsync.
//!
//! The residual risk of inline calls is CPU, not blocking: a slice with a
//! huge count over a huge memtable row runs to its end on the worker. The
//! request size bound keeps multigets and batches small; slice counts are
//! not bounded here.

use crate::node::Node;
use crate::thrift::dispatch::Called;
use crate::thrift::session::Session;
use crate::thrift::wire::Reader;

use crate::node::route::{self, Route, INLINE_MAX_REQUEST};
use crate::release::methods::Stage;

/// Chooses where the call in `msg` (a whole request, header first) runs;
/// `called` is its method, [`Called::of`] `msg`.
pub fn route(node: &Node, session: &Session, msg: &[u8], called: Option<Called>) -> Route {
    if msg.len() > INLINE_MAX_REQUEST {
        return Route::Pool;
    }
    let Some(called) = called else {
        // A header that cannot be read is answered with an error at once,
        // wherever it runs; an unknown method on the pool.
        return match Reader::new(msg).method_name() {
            Err(_) => Route::Inline,
            Ok(_) => Route::Pool,
        };
    };
    // The stage is the method's row's (`release::methods`).
    let stage = called.method.stage;
    if stage == Stage::Pool || node.auth.requires_login() {
        return Route::Pool;
    }
    if stage == Stage::Metadata {
        return Route::Inline;
    }
    // Both generations name these methods alike; the arguments differ,
    // so a connection that has not shown its generation goes to the pool.
    if session.generation.is_none() {
        return Route::Pool;
    }
    // A cluster backend's reads and writes wait on the network: awaited.
    if let Some(r) = route::for_cluster(node) {
        return r;
    }
    if stage == Stage::Mutation {
        return route::for_write(node);
    }
    route::for_read(node)
}

#[cfg(test)]
#[path = "handoff_tests.rs"]
mod tests;
