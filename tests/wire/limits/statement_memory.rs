//! One request's memory on the real binary beyond batches (which
//! `limits::request_memory` measures): a 16 MB CQL 3 or CQL 2 statement
//! peaks within a small multiple of its size (the lexer is pulled by the
//! parser: no statement is ever held as a list of tokens), a 4 MB CQL 3 or
//! CQL 2 `BATCH` of small INSERTs is applied within a small multiple of its
//! size (its statements are mapped and packed as they are parsed), the
//! same batch over the native protocol likewise, and a read of a
//! row far bigger than the maximum message length is refused after reading
//! about that much of it, not the whole row.
//!
//! Each request's peak is measured alone: the server's peak RSS is reset
//! before it (`/proc/PID/clear_refs`), then read back from VmHWM.

use crate::support::limits;
use crate::support::native;
use crate::support::wire;

use limits::{
    batch_06_from, config_with, framed, peak_rss_mb, read_reply, reset_peak, rss_mb, void_success,
    Mutations,
};
use native::{op, Conn, Writer};
use std::io::Write;
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};
use supercolumn::thrift::gen::cassandra06::{
    ColumnParent, ConsistencyLevel as CL, KeyRange, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use supercolumn::thrift::gen::cassandra19::{
    Compression, ConsistencyLevel as CL19, TCassandraSyncClient as _,
};
use wire::Server;

const MB: usize = 1 << 20;
/// A statement just under the default maximum message length (16 MB).
const STATEMENT: usize = 16 * MB - 64 * 1024;

/// How many times its size an applied batch of small statements may take
/// above the server's RSS before it (measured: 5.8 for CQL 3, 4.5 for CQL
/// 2, most of it the memtable's new rows, which stay; it was 18 and 13
/// while the pending writes were trees of cells, and some 50 before a
/// batch's statements were mapped as they were parsed). With the fixed
/// 16 MB of slack below, generous: a loaded machine's RSS moves.
const APPLIED_BATCH_TIMES: usize = 7;

/// The same for a native BATCH message, whose members are parsed, bound
/// and packed one at a time from the frame (measured: 3.8; it was 20 while
/// the message was parsed whole, most of it the syntax trees, about 800
/// bytes for an INSERT of 47).
const NATIVE_MESSAGE_TIMES: usize = 7;

/// The same for a native QUERY carrying the batch as text: the applied
/// batch's share plus the frame's, whose buffer grows as its bytes arrive
/// (never to the announced length at once), each step's old room freed but
/// kept by the allocator until its dirty pages decay (measured: 11.5 times
/// its size over the server's RSS, with the 16 MB of slack needing 7.5).
const NATIVE_QUERY_TIMES: usize = 9;

/// The server's peak RSS while `f` runs, in MB, and what it was before.
fn peak_of<T>(server: &Server, f: impl FnOnce() -> T) -> (T, usize, usize) {
    let pid = server.pid();
    assert!(reset_peak(pid), "cannot reset the peak RSS of {pid}");
    let before = rss_mb(pid) as usize;
    let out = f();
    (out, before, peak_rss_mb(pid) as usize)
}

/// A statement of about [`STATEMENT`] bytes, tokens all the way, refused
/// at its second: before the lexer was pulled, every token was held first
/// (about 40 times the text).
fn many_tokens() -> String {
    let mut tokens = String::from("SELECT ( ");
    while tokens.len() < STATEMENT - 8 {
        tokens.push_str("1,a,");
    }
    tokens
}

/// Statements of about [`STATEMENT`] bytes: a name, the text, and how many
/// times its size the request may take above the server's RSS before it.
fn statements() -> Vec<(&'static str, String, usize)> {
    let blob_hex = STATEMENT - 100;
    let mut blob = String::from("INSERT INTO t (k, v) VALUES ('big', 0x");
    blob.extend(std::iter::repeat_n('a', blob_hex & !1));
    blob.push(')');
    // Many small statements in one: about 50 bytes each.
    let inserts = |size: usize| {
        let mut batch = String::from("BEGIN UNLOGGED BATCH\n");
        let mut n = 0;
        while batch.len() < size - 100 {
            batch.push_str(&format!(
                "INSERT INTO t (k, v) VALUES ('k{n}', 0x0{});\n",
                n % 10
            ));
            n += 1;
        }
        batch
    };
    let mut batch = inserts(STATEMENT);
    // Its end is missing: the whole text is parsed, then refused at its
    // end, so what is measured is the parse (lexer and syntax trees), not
    // the writes (whose rows the memtable keeps).
    batch.push_str("APPLY");
    vec![
        // Only the text and its copy as a string: the tokens are lexed
        // (and dropped) after the error, to find any lexical error.
        ("a syntax error before 4 M tokens", many_tokens(), 3),
        // The text, its copy as a string, the blob's text in its token and
        // the blob itself (half the text), the commit-log record (twice)
        // and the memtable's copy.
        ("one 8 MB blob constant", blob, 8),
        // Only the text and its copy: a batch is first parsed for its
        // errors alone, each statement dropped once parsed (its syntax
        // trees, about 800 bytes for an INSERT of 47, were kept before:
        // 15 times the text). Tokens are no part of it either.
        ("a batch of small inserts without its end", batch, 5),
    ]
}

#[test]
fn a_16mb_cql_statement_peaks_within_a_small_multiple_of_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = wire::v19_server(dir.path());
    let mut c = wire::connect19(server.port);
    let run = |c: &mut wire::Client19, q: &str| {
        c.execute_cql3_query(q.as_bytes().to_vec(), Compression::NONE, CL19::ONE)
    };
    for q in [
        "CREATE KEYSPACE big WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "USE big",
        "CREATE TABLE t (k text PRIMARY KEY, v blob)",
    ] {
        run(&mut c, q).unwrap_or_else(|e| panic!("{q}: {e:?}"));
    }
    // CQL 2 lexes with the same pull.
    let tokens = many_tokens();
    let (got, before, peak) = peak_of(&server, || {
        c.execute_cql_query(tokens.as_bytes().to_vec(), Compression::NONE)
    });
    let bound = before + 3 * tokens.len() / MB + 16;
    eprintln!(
        "CQL 2 statement of {:.1} MB with a syntax error before 4 M tokens: peak RSS {peak} MB \
         from {before} MB (bound {bound} MB)",
        tokens.len() as f64 / MB as f64
    );
    let why = wire::ire19(got);
    // Refused at its start (the end of input would be line 0:-1).
    assert!(why.contains("line 1:"), "{why}");
    assert!(peak < bound, "peak RSS {peak} MB over {bound} MB");
    for (what, text, times) in statements() {
        let started = Instant::now();
        let (got, before, peak) = peak_of(&server, || run(&mut c, &text));
        let took = started.elapsed();
        let size = text.len();
        let bound = before + times * size / MB + 16;
        eprintln!(
            "CQL 3 statement of {:.1} MB, {what}: {} in {took:?}; peak RSS {peak} MB from \
             {before} MB ({:.1} x its size; bound {bound} MB); {} MB after",
            size as f64 / MB as f64,
            match &got {
                Ok(_) => "done".to_string(),
                Err(e) => format!("{e}").chars().take(80).collect(),
            },
            (peak - before) as f64 * MB as f64 / size as f64,
            rss_mb(server.pid()),
        );
        match what {
            "one 8 MB blob constant" => {
                got.unwrap_or_else(|e| panic!("{what}: {e:?}"));
            }
            _ => {
                let why = wire::ire19(got);
                assert!(why.starts_with("line "), "{why}");
            }
        }
        assert!(peak < bound, "{what}: peak RSS {peak} MB over {bound} MB");
    }
    let log = server.log();
    assert!(!log.contains("panicked"), "{log}");
    assert!(server.terminate().success(), "{}", server.log());
}

/// About `size` bytes of `BEGIN ... BATCH` with INSERTs of about 50 bytes
/// (CQL 3 or CQL 2 text), and how many.
fn small_inserts(size: usize, cql2: bool) -> (String, usize) {
    let mut batch = String::from(if cql2 {
        "BEGIN BATCH\n"
    } else {
        "BEGIN UNLOGGED BATCH\n"
    });
    let mut n = 0;
    while batch.len() < size - 100 {
        let insert = if cql2 {
            format!("INSERT INTO t2 (KEY, v) VALUES ('k{n}', '0{}');\n", n % 10)
        } else {
            format!("INSERT INTO t (k, v) VALUES ('k{n}', 0x0{});\n", n % 10)
        };
        batch.push_str(&insert);
        n += 1;
    }
    batch.push_str("APPLY BATCH");
    (batch, n)
}

/// A 4 MB batch of small INSERTs applied, CQL 3 and CQL 2, each on a fresh
/// server (so that no memory an earlier request freed hides its peak): it
/// is parsed for its errors, then again statement by statement, each
/// mapped to its writes, packed and dropped as it is parsed (see
/// `storage::packed_batch`), and applied once its text is freed. What it
/// holds at its peak: the request's frame, the packed writes (about their
/// commit-log records), then those records or the memtable's new rows
/// (which stay). As `RowMutation`s, the writes were some 500 bytes for an
/// INSERT of 47 (18 times the batch's size in all); all the syntax trees
/// at once, with the writes and the mutations both, about 40 times.
#[test]
fn an_applied_4mb_batch_peaks_within_a_small_multiple_of_its_size() {
    for cql2 in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let mut server = wire::v19_server(dir.path());
        let mut c = wire::connect19(server.port);
        let setup = [
            "CREATE KEYSPACE big WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
            "USE big",
            "CREATE TABLE t (k text PRIMARY KEY, v blob)",
        ];
        for q in setup {
            c.execute_cql3_query(q.as_bytes().to_vec(), Compression::NONE, CL19::ONE)
                .unwrap_or_else(|e| panic!("{q}: {e:?}"));
        }
        let run = |c: &mut wire::Client19, q: &str| {
            if cql2 {
                c.execute_cql_query(q.as_bytes().to_vec(), Compression::NONE)
            } else {
                c.execute_cql3_query(q.as_bytes().to_vec(), Compression::NONE, CL19::ONE)
            }
        };
        let generation = if cql2 { "CQL 2" } else { "CQL 3" };
        if cql2 {
            let create = "CREATE COLUMNFAMILY t2 (KEY text PRIMARY KEY) \
                          WITH comparator = ascii AND default_validation = blob";
            run(&mut c, create).unwrap_or_else(|e| panic!("{create}: {e:?}"));
        }
        let (batch, n) = small_inserts(STATEMENT / 4, cql2);
        let (got, before, peak) = peak_of(&server, || run(&mut c, &batch));
        got.unwrap_or_else(|e| panic!("{generation} batch: {e:?}"));
        let size = batch.len();
        let bound = before + APPLIED_BATCH_TIMES * size / MB + 16;
        eprintln!(
            "{generation} batch of {:.1} MB, {n} small inserts, applied: peak RSS {peak} MB from \
             {before} MB ({:.1} x its size; bound {bound} MB); {} MB after",
            size as f64 / MB as f64,
            (peak - before) as f64 * MB as f64 / size as f64,
            rss_mb(server.pid()),
        );
        assert!(
            peak < bound,
            "{generation} batch: peak RSS {peak} MB over {bound} MB"
        );
        let log = server.log();
        assert!(!log.contains("panicked"), "{log}");
        assert!(server.terminate().success(), "{}", server.log());
    }
}

/// The same 4 MB batch over the native protocol, as a QUERY (run as the
/// Thrift call runs it: outlined, each statement mapped and packed as its
/// text is parsed again), and as a BATCH message of as many INSERTs as it
/// can hold (65,000 of them, 3.4 MB): its members are parsed, bound and
/// packed one at a time straight from the frame, which is freed before the
/// writes apply (see `native::handle::batch`).
#[test]
fn a_4mb_native_batch_peaks_within_a_small_multiple_of_its_size() {
    for message in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let conf = wire::conformance_config("storage-conf-v19.xml");
        let data = dir.path().join("data");
        let mut server = Server::start(&[
            "--config",
            conf.to_str().unwrap(),
            "--data-dir",
            data.to_str().unwrap(),
            "--native-listen",
            "127.0.0.1:0",
        ]);
        let mut c = Conn::ready(server.native_port.expect("native port"), 2);
        c.ok("CREATE KEYSPACE big WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        c.ok("CREATE TABLE big.t (k text PRIMARY KEY, v blob)");
        let insert = |n: usize| format!("INSERT INTO big.t (k, v) VALUES ('k{n}', 0x0{})", n % 10);
        let (what, body, n, times) = if message {
            let mut w = Writer::new();
            let n = 65_000;
            w.byte(1).short(n as u16);
            for i in 0..n {
                w.byte(0).long_string(&insert(i)).short(0);
            }
            w.short(1).byte(0);
            ("BATCH message", w.buf, n, NATIVE_MESSAGE_TIMES)
        } else {
            let mut q = String::from("BEGIN UNLOGGED BATCH\n");
            let mut n = 0;
            while q.len() < STATEMENT / 4 - 100 {
                q.push_str(&insert(n));
                q.push_str(";\n");
                n += 1;
            }
            q.push_str("APPLY BATCH");
            let body = c.query_body(&q, &[]);
            ("QUERY", body, n, NATIVE_QUERY_TIMES)
        };
        let opcode = if message { op::BATCH } else { op::QUERY };
        let (reply, before, peak) = peak_of(&server, || c.call(opcode, &body));
        let size = body.len();
        let bound = before + times * size / MB + 16;
        eprintln!(
            "native {what} of {:.1} MB, {n} small inserts, applied: peak RSS {peak} MB from \
             {before} MB ({:.1} x its size; bound {bound} MB); {} MB after",
            size as f64 / MB as f64,
            (peak - before) as f64 * MB as f64 / size as f64,
            rss_mb(server.pid()),
        );
        assert_eq!(reply.result_kind(), 1, "{what}: {}", reply.describe());
        assert!(
            peak < bound,
            "native {what}: peak RSS {peak} MB over {bound} MB"
        );
        let log = server.log();
        assert!(!log.contains("panicked"), "{log}");
        assert!(server.terminate().success(), "{}", server.log());
    }
}

fn start(dir: &Path, changes: &[(&str, &str)]) -> Server {
    let conf = config_with(dir, changes);
    let data = dir.join("data");
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        data.to_str().unwrap(),
    ])
}

fn env_mb(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// `HUGE_ROW_MB` (default 96; the row comes out a little bigger, 112 MB)
/// sets how big the row is, for measuring by hand (300 is a good size to
/// try). Read whole first, the default row would peak at about +121 MB RSS;
/// bounded, it peaks at about +20.
#[test]
fn a_row_far_over_the_maximum_message_length_is_refused_before_it_is_read_whole() {
    let row_mb = env_mb("HUGE_ROW_MB").unwrap_or(96);
    let dir = tempfile::tempdir().unwrap();
    // Small memtables: most of the row is read back from SSTables.
    let mut server = start(
        dir.path(),
        &[("<MemtableThroughputInMB>64", "<MemtableThroughputInMB>8")],
    );
    let started = Instant::now();
    let mut loaded = 0;
    let mut columns = 0;
    while loaded < row_mb * MB {
        // One row ("h-00000000") of columns of 1,000 bytes.
        let (msg, next) = batch_06_from(
            "CT",
            "h-",
            "StdBytes",
            16 * MB - 64 * 1024,
            Mutations::Inserts(1000),
            usize::MAX,
            columns,
        );
        columns = next;
        let mut s = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
        s.write_all(&framed(&msg)).unwrap();
        let reply = read_reply(&mut s, true).expect("batch reply");
        assert!(void_success(&reply), "batch failed: {reply:?}");
        loaded += msg.len();
    }
    let loading = started.elapsed();
    // Restarted, the server holds none of the memory the loading freed (a
    // whole row read could take it back without the RSS growing); what the
    // commit log replays is under one small memtable.
    assert!(server.terminate().success(), "{}", server.log());
    let mut server = start(
        dir.path(),
        &[("<MemtableThroughputInMB>64", "<MemtableThroughputInMB>8")],
    );
    let mut c = wire::connect(server.port, false);
    let parent = ColumnParent::new("StdBytes".to_string(), None);
    let everything = SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, i32::MAX));
    let key = "h-00000000".to_string();
    let (got, before, peak) = peak_of(&server, || {
        c.get_slice(
            "CT".into(),
            key.clone(),
            parent.clone(),
            everything.clone(),
            CL::ONE,
        )
    });
    eprintln!(
        "get_slice of a {:.0} MB row (loaded in {loading:?}): peak RSS {peak} MB from {before} MB",
        loaded as f64 / MB as f64
    );
    let why = wire::ire(got);
    assert!(
        why.contains("would exceed the maximum message length of 16777216 bytes"),
        "{why}"
    );
    // About 16 MB of the row read (and its copies), not the whole row.
    let bound = before + 3 * 16 + 32;
    assert!(
        peak < bound,
        "get_slice: peak RSS {peak} MB over {bound} MB"
    );

    let range = KeyRange::new(String::new(), String::new(), None, None, 10);
    let (got, before, peak) = peak_of(&server, || {
        c.get_range_slices(
            "CT".into(),
            parent.clone(),
            everything.clone(),
            range,
            CL::ONE,
        )
    });
    eprintln!("get_range_slices over it: peak RSS {peak} MB from {before} MB");
    let why = wire::ire(got);
    assert!(
        why.contains("would exceed the maximum message length"),
        "{why}"
    );
    assert!(
        peak < bound,
        "get_range_slices: peak RSS {peak} MB over {bound} MB"
    );

    // A slice of it under the cap is served whole.
    let some = SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 1000));
    let cols = c
        .get_slice("CT".into(), key, parent, some, CL::ONE)
        .expect("1,000 columns");
    assert_eq!(cols.len(), 1000);
    let log = server.log();
    assert!(!log.contains("panicked"), "{log}");
    assert!(server.terminate().success(), "{}", server.log());
}
