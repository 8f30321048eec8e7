//! The request path without the network: one Thrift message in, decoded,
//! executed against an engine with a commit log (periodic sync) and the
//! reply encoded (the transport's one walk of the message, `walk_message`,
//! then `dispatch::handle_shaped`, what each server call runs), for the data
//! calls of API 19.x and 0.6 and a null call (describe_version) of each, the
//! baseline of a call that touches no data. The walk itself is also timed
//! beside the resumable scanner it replaces for whole messages.
//!
//! Requests are encoded by the generated clients over an in-process
//! transport (see [`Conn`]), and each benchmark's call is first made once
//! through the same client, which checks the decoded answer, so that no
//! benchmark measures an error reply. Writes cycle through 2^17 distinct
//! row keys; reads hit 10,000 rows of 5 columns of 34 bytes (the stress
//! tool's rows). Figures are this process's CPU time per call (see
//! `support`), which repeats on a loaded machine where wall time does not.

mod support;

use api19::TCassandraSyncClient as _;
use api2::TCassandraSyncClient as _;
use criterion::{criterion_group, criterion_main, Criterion};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;
use supercolumn::config::Config;
use supercolumn::node::Node;
use supercolumn::schema::{Schema, SchemaStore};
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions};
use supercolumn::thrift::dispatch;
use supercolumn::thrift::gen::{cassandra06 as api2, cassandra19 as api19};
use supercolumn::thrift::session::Session;
use supercolumn::thrift::wire::scan::Scanner;
use supercolumn::thrift::wire::walk::walk_message;
use support::ProcessCpu;
use thrift::protocol::{TBinaryInputProtocol, TBinaryOutputProtocol};

const WRITE_KEYS: u64 = 1 << 17;
const READ_KEYS: u64 = 10_000;
const COLUMNS: u32 = 5;

/// One in-process connection. What the client writes is one request per
/// flush; with `execute` it is answered at once by `dispatch::handle` and
/// the reply is what the client reads next; without, it is only kept in
/// `requests` (the client then fails to read a reply, which the caller
/// ignores).
struct Conn {
    node: Arc<Node>,
    session: Session,
    written: Vec<u8>,
    requests: Vec<Vec<u8>>,
    reply: Cursor<Vec<u8>>,
    execute: bool,
}

#[derive(Clone)]
struct Shared(Rc<RefCell<Conn>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().written.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        let mut c = self.0.borrow_mut();
        let c = &mut *c;
        if c.written.is_empty() {
            return Ok(());
        }
        let request = std::mem::take(&mut c.written);
        let reply = if c.execute {
            dispatch::handle(&c.node, &mut c.session, &request)
                .expect("answerable")
                .unwrap_or_default()
        } else {
            c.requests.push(request);
            Vec::new()
        };
        c.reply = Cursor::new(reply);
        Ok(())
    }
}

impl Read for Shared {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().reply.read(buf)
    }
}

type In = TBinaryInputProtocol<Shared>;
type Out = TBinaryOutputProtocol<Shared>;

/// A connection and a generated client of either generation over it.
struct Harness<C> {
    conn: Shared,
    client: C,
}

impl<C> Harness<C> {
    fn new(node: &Arc<Node>, make: impl FnOnce(In, Out) -> C) -> Harness<C> {
        let conn = Shared(Rc::new(RefCell::new(Conn {
            node: node.clone(),
            session: Session::default(),
            written: Vec::new(),
            requests: Vec::new(),
            reply: Cursor::new(Vec::new()),
            execute: true,
        })));
        let client = make(
            TBinaryInputProtocol::new(conn.clone(), true),
            TBinaryOutputProtocol::new(conn.clone(), true),
        );
        Harness { conn, client }
    }

    /// The request bytes of `n` calls, made by `call(client, i)` and not run.
    fn requests<T>(
        &mut self,
        n: u64,
        mut call: impl FnMut(&mut C, u64) -> thrift::Result<T>,
    ) -> Vec<Vec<u8>> {
        self.conn.0.borrow_mut().execute = false;
        for i in 0..n {
            // No reply comes back: the error is the expected end of the call.
            let _ = call(&mut self.client, i);
        }
        let mut c = self.conn.0.borrow_mut();
        c.execute = true;
        let requests = std::mem::take(&mut c.requests);
        assert_eq!(requests.len() as u64, n, "one request per call");
        requests
    }

    /// Runs `requests` in turn, one per iteration, on this connection's session.
    fn bench(&self, c: &mut Criterion<ProcessCpu>, name: &str, requests: &[Vec<u8>]) {
        let mut conn = self.conn.0.borrow_mut();
        let conn = &mut *conn;
        let mut i = 0;
        c.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % requests.len();
                let msg = &requests[i];
                let walked = walk_message(msg);
                let shape = walked.as_ref().map(|w| &w.shape);
                // The method is looked up by the name the walk found, as
                // the transport does.
                let called = walked
                    .as_ref()
                    .and_then(|w| msg.get(w.name.clone()))
                    .and_then(dispatch::Called::by_name);
                dispatch::handle_shaped(&conn.node, &mut conn.session, msg, shape, called)
                    .expect("answerable")
            })
        });
    }
}

fn node() -> Arc<Node> {
    let conf = concat!(env!("CARGO_MANIFEST_DIR"), "/storage-conf.xml");
    let config = Config::from_file(conf).expect("repository storage-conf.xml");
    let schema = Arc::new(Schema::from_config(&config).expect("schema"));
    // Kept for the process's life: the engine writes its commit log here.
    let dir = Box::leak(Box::new(tempfile::tempdir().expect("temp dir")));
    let opts = EngineOptions {
        data_dir: Some(dir.path().to_path_buf()),
        sync: SyncMode::Periodic {
            period: Duration::from_secs(10),
        },
        // No flush during a benchmark: it would time the flush, not the call.
        memtable_throughput_mb: 1 << 20,
        memtable_operations_millions: 1e6,
        ..EngineOptions::default()
    };
    let engine = Arc::new(Engine::open(schema, opts).expect("engine"));
    let auth = supercolumn::auth::from_config(&config).expect("authenticator");
    let store = SchemaStore::in_memory();
    Arc::new(Node::new(
        engine,
        store,
        auth,
        "127.0.0.1".into(),
        "0".into(),
    ))
}

fn key(i: u64) -> String {
    format!("{i:010}")
}

const VALUE: [u8; 34] = [b'x'; 34];

fn benches(c: &mut Criterion<ProcessCpu>) {
    let node = node();
    api19(c, &node);
    api06(c, &node);
}

type Client19 = api19::CassandraSyncClient<In, Out>;
type Client06 = api2::CassandraSyncClient<In, Out>;

fn api19(c: &mut Criterion<ProcessCpu>, node: &Arc<Node>) {
    use api19::{
        Column, ColumnOrSuperColumn, ColumnParent, ConsistencyLevel as CL, KeyRange, Mutation,
        SlicePredicate, SliceRange,
    };
    let mut h = Harness::new(node, Client19::new);
    h.client
        .set_keyspace("Keyspace1".into())
        .expect("set_keyspace");
    let parent = || ColumnParent::new("Standard1".to_string(), None);
    let pred = || SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100));
    let column = |c: u32| Column::new(format!("C{c}").into_bytes(), VALUE.to_vec(), 1, None);
    let row = |i: u64| {
        let ms: Vec<Mutation> = (0..COLUMNS)
            .map(|c| Mutation::new(ColumnOrSuperColumn::new(column(c), None, None, None), None))
            .collect();
        BTreeMap::from([(
            key(i).into_bytes(),
            BTreeMap::from([("Standard1".to_string(), ms)]),
        )])
    };
    // The rows the reads find, and a check of each call's answer.
    for i in 0..READ_KEYS {
        h.client
            .batch_mutate(row(i), CL::ONE)
            .expect("batch_mutate");
    }
    let got = h
        .client
        .get_slice(b"0000000042".to_vec(), parent(), pred(), CL::ONE);
    assert_eq!(got.expect("get_slice").len(), COLUMNS as usize);
    let keys = |i: u64| {
        (0..10)
            .map(|k| key((i + k) % READ_KEYS).into_bytes())
            .collect()
    };
    let got = h.client.multiget_slice(keys(0), parent(), pred(), CL::ONE);
    assert_eq!(got.expect("multiget_slice").len(), 10);
    let range = |i: u64| KeyRange::new(key(i).into_bytes(), vec![], None, None, 10, None);
    let got = h
        .client
        .get_range_slices(parent(), pred(), range(5), CL::ONE);
    assert_eq!(got.expect("get_range_slices").len(), 10);
    assert_eq!(h.client.describe_version().expect("version"), "19.36.0");
    h.client
        .insert(b"k".to_vec(), parent(), column(0), CL::ONE)
        .expect("insert");

    let null = h.requests(1, |c, _| c.describe_version());
    let insert = h.requests(WRITE_KEYS, |c, i| {
        c.insert(key(i).into_bytes(), parent(), column(0), CL::ONE)
    });
    let batch = h.requests(WRITE_KEYS, |c, i| c.batch_mutate(row(i), CL::ONE));
    let get_slice = h.requests(READ_KEYS, |c, i| {
        c.get_slice(key(i).into_bytes(), parent(), pred(), CL::ONE)
    });
    let multiget = h.requests(READ_KEYS, |c, i| {
        c.multiget_slice(keys(i), parent(), pred(), CL::ONE)
    });
    let ranges = h.requests(READ_KEYS, |c, i| {
        c.get_range_slices(parent(), pred(), range(i), CL::ONE)
    });
    // The transport's walk of a whole request, and the scanner's.
    let msg = &batch[0];
    c.bench_function("19.x batch_mutate walk (one pass)", |b| {
        b.iter(|| walk_message(msg).expect("a whole message").values)
    });
    c.bench_function("19.x batch_mutate scan (resumable scanner)", |b| {
        b.iter(|| {
            let mut s = Scanner::new();
            s.advance(msg);
            s.values()
        })
    });
    h.bench(c, "19.x describe_version (null call)", &null);
    h.bench(c, "19.x insert (1 column)", &insert);
    h.bench(c, "19.x batch_mutate (1 row of 5 columns)", &batch);
    h.bench(c, "19.x get_slice (5 columns)", &get_slice);
    h.bench(c, "19.x multiget_slice (10 rows of 5 columns)", &multiget);
    h.bench(c, "19.x get_range_slices (10 rows of 5 columns)", &ranges);
}

fn api06(c: &mut Criterion<ProcessCpu>, node: &Arc<Node>) {
    use api2::{
        Column, ColumnOrSuperColumn, ColumnParent, ColumnPath, ConsistencyLevel as CL, Mutation,
        SlicePredicate, SliceRange,
    };
    let ks = || "Keyspace1".to_string();
    let mut h = Harness::new(node, Client06::new);
    let parent = || ColumnParent::new("Standard1".to_string(), None);
    let pred = || SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100));
    let path = || ColumnPath::new("Standard1".to_string(), None, b"C0".to_vec());
    let row = |i: u64| {
        let ms: Vec<Mutation> = (0..COLUMNS)
            .map(|c| {
                let col = Column::new(format!("C{c}").into_bytes(), VALUE.to_vec(), 1);
                Mutation::new(ColumnOrSuperColumn::new(col, None), None)
            })
            .collect();
        BTreeMap::from([(key(i), BTreeMap::from([("Standard1".to_string(), ms)]))])
    };
    // The 19.x rows are read back over 0.6: check one.
    let got = h.client.get_slice(ks(), key(42), parent(), pred(), CL::ONE);
    assert_eq!(got.expect("get_slice").len(), COLUMNS as usize);
    h.client
        .insert(ks(), "k".into(), path(), VALUE.to_vec(), 1, CL::ONE)
        .expect("insert");
    h.client
        .batch_mutate(ks(), row(0), CL::ONE)
        .expect("batch_mutate");
    assert_eq!(h.client.describe_version().expect("version"), "2.2.0");

    let null = h.requests(1, |c, _| c.describe_version());
    let insert = h.requests(WRITE_KEYS, |c, i| {
        c.insert(ks(), key(i), path(), VALUE.to_vec(), 2, CL::ONE)
    });
    let batch = h.requests(WRITE_KEYS, |c, i| c.batch_mutate(ks(), row(i), CL::ONE));
    let get_slice = h.requests(READ_KEYS, |c, i| {
        c.get_slice(ks(), key(i), parent(), pred(), CL::ONE)
    });
    h.bench(c, "0.6 describe_version (null call)", &null);
    h.bench(c, "0.6 insert (1 column)", &insert);
    h.bench(c, "0.6 batch_mutate (1 row of 5 columns)", &batch);
    h.bench(c, "0.6 get_slice (5 columns)", &get_slice);
}

fn config() -> Criterion<ProcessCpu> {
    Criterion::default()
        .with_measurement(ProcessCpu)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = request_path;
    config = config();
    targets = benches
}
criterion_main!(request_path);
