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
//! can wait on the disk or on another thread for long:
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
//!   `get_multi_slice`) of a column family whose data is all in memtables
//!   ([`route::for_read`]): no SSTable, so no page-cache miss;
//! - the same reads of a column family with SSTables, as an *attempt*
//!   ([`Route::Attempt`]): their SSTable reads ask the kernel for cached
//!   bytes only (`preadv2` with `RWF_NOWAIT`, see [`route::attempt`]);
//!   a read that would go to the disk fails at once, the answer is dropped
//!   and the call runs again on the pool. So a read missing the page cache
//!   still never stalls the worker's other connections, and a read whose
//!   data is cached (the usual case for a working set that fits in memory)
//!   costs no hand-off. Measured with `scripts/bench.sh` on reads served
//!   from SSTables: the hand-off (spawn_blocking's queue, waking a pool
//!   thread, the switches back) was most of such a read's server CPU, and a
//!   pool thread per waiting call. A miss costs the attempt (microseconds
//!   of CPU, up to the first uncached block) on top of the pooled read.
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
//! inline call wait once, briefly; that window is microseconds wide and
//! the wait is bounded by one fsync.
//!
//! The residual risk of inline calls is CPU, not blocking: a slice with a
//! huge count over a huge memtable row runs to its end on the worker. The
//! request size bound keeps multigets and batches small; slice counts are
//! not bounded here.

use crate::node::Node;
use crate::thrift::call::methods::locations;
use crate::thrift::call::request::names_at;
use crate::thrift::session::{Generation, Session};
use crate::thrift::wire::Reader;
use std::borrow::Cow;

use crate::node::route::{self, Route, INLINE_MAX_REQUEST};

/// What a method does, as far as the choice goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Metadata,
    Write,
    Read,
    Other,
}

fn kind(method: &str) -> Kind {
    match method {
        "describe_version"
        | "describe_cluster_name"
        | "describe_keyspaces"
        | "describe_keyspace"
        | "describe_ring"
        | "describe_local_ring"
        | "describe_token_map"
        | "describe_partitioner"
        | "describe_snitch"
        | "describe_schema_versions"
        | "set_keyspace"
        | "set_cql_version" => Kind::Metadata,
        "insert"
        | "remove"
        | "batch_insert"
        | "batch_mutate"
        | "atomic_batch_mutate"
        | "add"
        | "remove_counter" => Kind::Write,
        "get" | "get_slice" | "get_count" | "multiget" | "multiget_slice" | "multiget_count"
        | "get_multi_slice" => Kind::Read,
        _ => Kind::Other,
    }
}

/// Chooses where the call in `msg` (a whole request, header first) runs.
pub fn route(node: &Node, session: &Session, msg: &[u8]) -> Route {
    if msg.len() > INLINE_MAX_REQUEST {
        return Route::Pool;
    }
    let mut r = Reader::new(msg);
    let Ok(name) = r.method_name() else {
        // Answered with an error at once, wherever it runs.
        return Route::Inline;
    };
    // A name that is not UTF-8 is no method's.
    let method = std::str::from_utf8(name).unwrap_or("");
    let k = kind(method);
    if k == Kind::Other || node.auth.requires_login() {
        return Route::Pool;
    }
    if k == Kind::Metadata {
        return Route::Inline;
    }
    // Both generations name these methods alike; the arguments differ,
    // so a connection that has not shown its generation goes to the pool.
    let Some(g) = session.generation else {
        return Route::Pool;
    };
    // A cluster backend's reads and writes wait on the network: awaited.
    if let Some(r) = route::for_cluster(node) {
        return r;
    }
    if k == Kind::Write {
        return route::for_write(node);
    }
    let args = &msg[r.position().min(msg.len())..];
    let (ks_at, cf_at) = locations(g, method);
    // The names as the request reader reads them, borrowed: a read's route
    // is decided on every call.
    let keyspace = match g {
        Generation::V06 => {
            let mut ks = None;
            if let Some(at) = ks_at {
                names_at(args, at, &mut |n| {
                    ks.get_or_insert(n);
                });
            }
            ks.map(String::from_utf8_lossy)
        }
        Generation::V19 => session.v19.keyspace.as_deref().map(Cow::Borrowed),
    };
    let mut cfs: Vec<Cow<'_, str>> = Vec::new();
    if let Some(at) = cf_at {
        names_at(args, at, &mut |cf| {
            let cf = String::from_utf8_lossy(cf);
            if !cfs.contains(&cf) {
                cfs.push(cf);
            }
        });
    }
    match keyspace {
        // A name the reader could not read: let the pool answer.
        Some(ks) if !cfs.is_empty() && cfs.len() <= MAX_NAMES => cfs
            .iter()
            .map(|cf| route::for_read(node, &ks, cf))
            .max_by_key(|r| match r {
                Route::Inline => 0,
                Route::Attempt => 1,
                Route::Pool | Route::Await => 2,
            })
            .unwrap_or(Route::Pool),
        _ => Route::Pool,
    }
}

/// Column families a read may name for it to be routed by them (more go to
/// the pool).
const MAX_NAMES: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cell, Op, RowMutation};
    use crate::node::testkit::Kit;
    use crate::thrift::wire::{mtype, Value, Writer};
    use std::time::Duration;

    #[test]
    fn methods_are_classified() {
        assert_eq!(kind("describe_version"), Kind::Metadata);
        assert_eq!(kind("set_keyspace"), Kind::Metadata);
        assert_eq!(kind("describe_splits"), Kind::Other);
        assert_eq!(kind("login"), Kind::Other);
        assert_eq!(kind("get_string_property"), Kind::Other);
        assert_eq!(kind("batch_mutate"), Kind::Write);
        assert_eq!(kind("get_slice"), Kind::Read);
        assert_eq!(kind("get_range_slices"), Kind::Other);
        assert_eq!(kind("execute_cql3_query"), Kind::Other);
        assert_eq!(kind("cas"), Kind::Other);
        assert_eq!(kind("truncate"), Kind::Other);
    }

    /// A node on disk (so SSTables and a commit log exist), its commit log
    /// synced periodically (writes do not wait for an fsync).
    fn node(dir: &std::path::Path) -> Node {
        Kit::default().on_disk(dir).node()
    }

    fn call(name: &str, args: Value) -> Vec<u8> {
        let mut w = Writer::new();
        w.message_header(name, mtype::CALL, 1);
        w.value(&args);
        w.buf
    }

    fn bin(s: &str) -> Value {
        Value::Bin(s.as_bytes().to_vec())
    }

    /// 19.x `get_slice(key, ColumnParent(cf), predicate, ONE)`.
    fn get_slice(cf: &str) -> Vec<u8> {
        let range = Value::Struct(vec![
            (1, bin("")),
            (2, bin("")),
            (3, Value::Bool(false)),
            (4, Value::I32(10)),
        ]);
        call(
            "get_slice",
            Value::Struct(vec![
                (1, bin("k")),
                (2, Value::Struct(vec![(3, bin(cf))])),
                (3, Value::Struct(vec![(2, range)])),
                (4, Value::I32(1)),
            ]),
        )
    }

    fn session19() -> Session {
        let mut s = Session {
            generation: Some(Generation::V19),
            ..Session::default()
        };
        s.v19.keyspace = Some("CT".into());
        s
    }

    #[test]
    fn calls_that_cannot_wait_run_inline_and_others_on_the_pool() {
        let dir = tempfile::tempdir().unwrap();
        let node = node(dir.path());
        let s = session19();
        let version = call("describe_version", Value::Struct(vec![]));
        assert_eq!(route(&node, &s, &version), Route::Inline);
        let cql = call(
            "execute_cql3_query",
            Value::Struct(vec![(1, bin("SELECT * FROM x"))]),
        );
        assert_eq!(route(&node, &s, &cql), Route::Pool);
        let insert = call("insert", Value::Struct(vec![(1, bin("k"))]));
        assert_eq!(route(&node, &s, &insert), Route::Inline);
        // Until the connection shows its generation, data calls go to the pool.
        assert_eq!(route(&node, &Session::default(), &insert), Route::Pool);
        let big = call(
            "insert",
            Value::Struct(vec![(1, Value::Bin(vec![0; INLINE_MAX_REQUEST]))]),
        );
        assert_eq!(route(&node, &s, &big), Route::Pool);

        // A memtable-only CF is read inline; once it has an SSTable, as an
        // attempt that does not wait on the disk.
        assert_eq!(route(&node, &s, &get_slice("StdBytes")), Route::Inline);
        let m = RowMutation {
            keyspace: "CT".into(),
            key: b"k".to_vec(),
            updates: vec![(
                "StdBytes".into(),
                vec![Op::Put {
                    super_column: None,
                    cell: Cell::live(b"c".to_vec(), b"v".to_vec(), 1),
                }],
            )],
        };
        node.engine().unwrap().apply(&m).unwrap();
        assert_eq!(route(&node, &s, &get_slice("StdBytes")), Route::Inline);
        node.engine().unwrap().flush(Some("CT")).unwrap();
        assert_eq!(route(&node, &s, &get_slice("StdBytes")), Route::Attempt);
        assert_eq!(route(&node, &s, &get_slice("StdAscii")), Route::Inline);
        // An unknown CF is answered (with an error) at once.
        assert_eq!(route(&node, &s, &get_slice("Nope")), Route::Inline);
    }

    #[test]
    fn writes_that_wait_for_an_fsync_go_to_the_pool() {
        let dir = tempfile::tempdir().unwrap();
        let node = Kit::default()
            .on_disk(dir.path())
            .batch_sync(Duration::from_millis(1))
            .node();
        let s = session19();
        let insert = call("insert", Value::Struct(vec![(1, bin("k"))]));
        assert_eq!(route(&node, &s, &insert), Route::Pool);
        let version = call("describe_version", Value::Struct(vec![]));
        assert_eq!(route(&node, &s, &version), Route::Inline);
    }
}
