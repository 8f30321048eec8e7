//! The CQL native protocol over the wire with raw frames: version
//! negotiation, malformed frames answered with protocol errors (never a
//! crash), many requests in flight on one connection, login, each RESULT
//! kind, events, compression, paging, and rows written through the native
//! protocol read back through Thrift (`get_slice` cells and
//! `execute_cql3_query`) and the other way round. v4's unset values and
//! batch warnings are in `wire_native_values.rs`.

use crate::support::native;
use crate::support::wire;

use native::{int, native_port, op, schema, server, Compression, Conn, Reader, Writer};
use supercolumn::thrift::gen::cassandra19::{
    ColumnParent, ConsistencyLevel as CL, SlicePredicate, SliceRange, TCassandraSyncClient,
};
use wire::{conformance_config, connect19, cql3, Server};

const PROTOCOL_ERROR: i32 = 0x000A;

#[test]
fn versions_are_negotiated_as_cassandra_did() {
    let s = server();
    let port = native_port(&s);
    for v in 1..=4u8 {
        let mut c = Conn::open(port, v);
        let f = c.call(op::OPTIONS, &[]);
        assert_eq!((f.version, f.opcode), (v, op::SUPPORTED), "v{v}");
        let mut r = Reader::new(&f.body);
        let n = r.short().unwrap();
        let mut keys = Vec::new();
        for _ in 0..n {
            keys.push(r.string().unwrap());
            r.string_list().unwrap();
        }
        assert!(keys.contains(&"COMPRESSION".to_string()), "{keys:?}");
        let f = c.startup_with(&[("CQL_VERSION", "3.0.0")]);
        assert_eq!(f.opcode, op::READY, "v{v}: {}", f.describe());
        // system.local claims the release that brought this version.
        let rows = c
            .ok("SELECT native_protocol_version, release_version FROM system.local")
            .rows();
        assert_eq!(rows[0][0].as_deref(), Some(v.to_string().as_bytes()));
        // A second version on the same connection is refused and closes it.
        let other = if v == 4 { 3 } else { 4 };
        let body = c.query_body("SELECT * FROM system.local", &[]);
        c.send_raw(&Conn::frame(other, 0, 7, op::QUERY, &body));
        let f = c.recv().expect("an error");
        assert_eq!(f.error().0, PROTOCOL_ERROR);
        assert!(c.recv().is_none(), "closed after a version change");
    }
    // Versions the server does not speak (5, DSE's 0x41/0x42): the error
    // drivers read as "retry lower", in a v4 frame with the same stream.
    for v in [5u8, 0x41, 0x42, 0] {
        let mut c = Conn::open(port, v);
        // Laid out as v3+ frames are (a 2-byte stream id).
        let mut f = Conn::frame(4, 0, 42, op::OPTIONS, &[]);
        f[0] = v;
        c.send_raw(&f);
        let f = c.recv().expect("an error");
        assert_eq!((f.version, f.stream), (4, 42));
        let (code, msg) = f.error();
        assert_eq!(code, PROTOCOL_ERROR);
        assert!(msg.contains("unsupported protocol version"), "{msg}");
        assert!(c.recv().is_none());
    }
}

#[test]
fn malformed_frames_are_protocol_errors_and_the_server_stays_up() {
    let s = server();
    let port = native_port(&s);
    // Statements before STARTUP.
    let mut c = Conn::open(port, 4);
    let f = c.query("SELECT * FROM system.local");
    assert_eq!(f.error().0, PROTOCOL_ERROR);
    // A body that does not hold what the opcode says: answered, connection kept.
    let mut c = Conn::ready(port, 4);
    for body in [
        vec![0x7f, 0xff, 0xff, 0xff, b'x'],
        vec![0, 0, 0, 1, b'x'],
        vec![],
    ] {
        let f = c.call(op::QUERY, &body);
        assert_eq!(f.error().0, PROTOCOL_ERROR, "{body:?}");
    }
    let f = c.call(0x33, &[]);
    assert_eq!(f.error().0, PROTOCOL_ERROR);
    assert_eq!(c.ok("SELECT key FROM system.local").rows().len(), 1);
    // A frame over the size limit is refused before its body is read.
    let mut c = Conn::ready(port, 3);
    c.send_raw(&[3, 0, 0, 9, op::QUERY, 0x7f, 0xff, 0xff, 0xff]);
    let f = c.recv().expect("an error");
    assert_eq!((f.stream, f.error().0), (9, PROTOCOL_ERROR));
    assert!(c.recv().is_none());
    // A response frame sent by a client.
    let mut c = Conn::open(port, 4);
    c.send_raw(&Conn::frame(0x84, 0, 1, op::OPTIONS, &[]));
    assert_eq!(c.recv().expect("an error").error().0, PROTOCOL_ERROR);
    // A compressed frame without agreed compression, a bad compression name.
    let mut c = Conn::ready(port, 4);
    c.send_raw(&Conn::frame(4, 1, 1, op::OPTIONS, &[1, 2, 3]));
    assert_eq!(c.recv().unwrap().error().0, PROTOCOL_ERROR);
    let mut c = Conn::open(port, 4);
    let f = c.startup_with(&[("CQL_VERSION", "3.0.0"), ("COMPRESSION", "zip")]);
    assert_eq!(f.error().0, PROTOCOL_ERROR);
    // Pseudo-random frames of every opcode: never a crash.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for i in 0..300 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let len = (seed % 64) as usize;
        let body: Vec<u8> = (0..len).map(|j| (seed >> (j % 56)) as u8).collect();
        let mut c = Conn::ready(port, 1 + (i % 4) as u8);
        c.send(3, (seed % 17) as u8, &body);
        c.recv().expect("every frame is answered");
    }
    let mut c = Conn::ready(port, 4);
    assert_eq!(c.ok("SELECT key FROM system.local").rows().len(), 1);
}

/// A statement nested ten thousand deep would run a request thread off
/// its stack and abort the server: QUERY and PREPARE answer a SyntaxError,
/// in every protocol version, and the server goes on serving.
#[test]
fn deeply_nested_statements_are_syntax_errors() {
    let s = server();
    let port = native_port(&s);
    let deep = [
        format!(
            "SELECT {}k{} FROM system.local",
            "token(".repeat(10_000),
            ")".repeat(10_000)
        ),
        format!(
            "SELECT {}key{} FROM system.local",
            "blobAsText(textAsBlob(".repeat(5_000),
            "))".repeat(5_000)
        ),
    ];
    for v in [1u8, 4] {
        let mut c = Conn::ready(port, v);
        for q in &deep {
            for f in [c.query(q), c.prepare(q)] {
                let (code, message) = f.error();
                assert_eq!(code, 0x2000, "v{v}: {message}");
                assert!(
                    message.ends_with(" input nested more than 64 levels deep"),
                    "{message}"
                );
            }
        }
        assert_eq!(c.ok("SELECT key FROM system.local").rows().len(), 1);
    }
}

#[test]
fn many_requests_in_flight_on_one_connection() {
    let s = server();
    let mut c = Conn::ready(native_port(&s), 4);
    schema(&mut c);
    for k in 0..100 {
        c.ok(&format!(
            "INSERT INTO nk.t (k, n, v) VALUES ({k}, 0, 'v{k}')"
        ));
    }
    // 100 requests before reading any answer; each answered on its stream.
    for k in 0..100i16 {
        let body = c.query_body(&format!("SELECT v FROM nk.t WHERE k = {k}"), &[]);
        c.send(k, op::QUERY, &body);
    }
    let mut seen = [false; 100];
    for _ in 0..100 {
        let f = c.recv().expect("an answer");
        let rows = f.rows();
        assert_eq!(
            rows[0][0].as_deref(),
            Some(format!("v{}", f.stream).as_bytes())
        );
        seen[f.stream as usize] = true;
    }
    assert!(seen.iter().all(|s| *s));
}

#[test]
fn every_result_kind_and_schema_events() {
    let s = server();
    let port = native_port(&s);
    let mut listener = Conn::ready(port, 3);
    let mut w = Writer::new();
    w.string_list(&["SCHEMA_CHANGE", "TOPOLOGY_CHANGE"]);
    assert_eq!(listener.call(op::REGISTER, &w.buf).opcode, op::READY);

    let mut c = Conn::ready(port, 4);
    let f = c.ok("CREATE KEYSPACE nk WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    assert_eq!(f.result_kind(), 5, "schema_change");
    let mut r = Reader::new(&f.body);
    r.int().unwrap();
    assert_eq!(
        (
            r.string().unwrap(),
            r.string().unwrap(),
            r.string().unwrap()
        ),
        ("CREATED".into(), "KEYSPACE".into(), "nk".into())
    );
    let event = listener.recv().expect("an event");
    assert_eq!((event.opcode, event.stream), (op::EVENT, -1));
    let mut r = Reader::new(&event.body);
    assert_eq!(r.string().unwrap(), "SCHEMA_CHANGE");
    assert_eq!(r.string().unwrap(), "CREATED");

    let f = c.ok("USE nk");
    assert_eq!(f.result_kind(), 3, "set_keyspace");
    c.ok("CREATE TABLE t (k int, n int, v text, PRIMARY KEY (k, n))");
    let f = c.ok("INSERT INTO t (k, n, v) VALUES (1, 1, 'a')");
    assert_eq!(f.result_kind(), 1, "void");
    assert_eq!(c.ok("SELECT * FROM t").rows().len(), 1);

    // PREPARE: the MD5 of the text; EXECUTE with values; UNPREPARED.
    let q = "INSERT INTO t (k, n, v) VALUES (?, ?, ?)";
    let mut w = Writer::new();
    w.long_string(q);
    let f = c.call(op::PREPARE, &w.buf);
    assert_eq!(f.result_kind(), 4, "prepared");
    let mut r = Reader::new(&f.body);
    r.int().unwrap();
    let id = r.short_bytes().unwrap();
    assert_eq!(id, supercolumn::cql::exec::md5_id(q).to_vec());
    let mut w = Writer::new();
    w.short_bytes(&id).short(1).byte(1).short(3);
    w.bytes(Some(&int(2)))
        .bytes(Some(&int(5)))
        .bytes(Some(b"b"));
    assert_eq!(c.call(op::EXECUTE, &w.buf).result_kind(), 1);
    let rows = c.ok("SELECT v FROM t WHERE k = 2").rows();
    assert_eq!(rows, vec![vec![Some(b"b".to_vec())]]);
    let mut w = Writer::new();
    w.short_bytes(&[1; 16]).short(1).byte(0);
    let f = c.call(op::EXECUTE, &w.buf);
    assert_eq!(f.error().0, 0x2500);

    // BATCH of a text and a prepared member, applied together.
    let mut w = Writer::new();
    w.byte(0).short(2);
    w.byte(0)
        .long_string("INSERT INTO t (k, n, v) VALUES (3, 1, 'c')")
        .short(0);
    w.byte(1).short_bytes(&id).short(3);
    w.bytes(Some(&int(3)))
        .bytes(Some(&int(2)))
        .bytes(Some(b"d"));
    w.short(1).byte(0);
    assert_eq!(c.call(op::BATCH, &w.buf).result_kind(), 1);
    assert_eq!(c.ok("SELECT v FROM t WHERE k = 3").rows().len(), 2);

    // Errors with Cassandra's codes.
    assert_eq!(c.query("SELEC * FROM t").error().0, 0x2000);
    assert_eq!(c.query("SELECT * FROM nosuch").error().0, 0x2200);
    let f = c.query("CREATE KEYSPACE nk WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    assert_eq!(f.error().0, 0x2400);
}

#[test]
fn paging_and_compression() {
    let s = server();
    let port = native_port(&s);
    for compression in ["lz4", "snappy"] {
        let mut c = Conn::open(port, 4);
        let f = c.startup_with(&[("CQL_VERSION", "3.0.0"), ("COMPRESSION", compression)]);
        assert_eq!(f.opcode, op::READY);
        c.compression = Compression::parse(compression);
        if compression == "lz4" {
            schema(&mut c);
            for n in 0..25 {
                c.ok(&format!(
                    "INSERT INTO nk.t (k, n, v) VALUES (1, {n}, 'some text to compress')"
                ));
            }
        }
        let mut all = Vec::new();
        let mut state: Option<Vec<u8>> = None;
        let mut pages = 0;
        loop {
            let mut w = Writer::new();
            w.long_string("SELECT n FROM nk.t WHERE k = 1").short(1);
            w.byte(0x04 | if state.is_some() { 0x08 } else { 0 })
                .int(10);
            if let Some(s) = &state {
                w.bytes(Some(s));
            }
            let f = c.call(op::QUERY, &w.buf);
            assert_eq!(f.flags & 1, 1, "{compression}: responses are compressed");
            let (rows, next) = f.rows_and_state();
            pages += 1;
            all.extend(rows);
            match next {
                Some(s) => state = Some(s),
                None => break,
            }
        }
        assert_eq!((pages, all.len()), (3, 25), "{compression}");
        // A paging state offered with another statement is refused.
        let mut w = Writer::new();
        w.long_string("SELECT v FROM nk.t WHERE k = 1")
            .short(1)
            .byte(0x0c)
            .int(10);
        w.bytes(Some(&[0; 24]));
        assert_eq!(c.call(op::QUERY, &w.buf).error().0, 0x2200);
    }
}

#[test]
fn rows_are_the_same_cells_through_thrift_and_native() {
    let s = server();
    let mut c = Conn::ready(native_port(&s), 4);
    schema(&mut c);
    let w = c.query_body(
        "INSERT INTO nk.c (k, v) VALUES (?, ?)",
        &[Some(b"row1"), Some(b"native")],
    );
    assert_eq!(c.call(op::QUERY, &w).result_kind(), 1);

    let mut t = connect19(s.port);
    t.set_keyspace("nk".into()).unwrap();
    let slice = t
        .get_slice(
            b"row1".to_vec(),
            ColumnParent::new("c".to_string(), None),
            SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100)),
            CL::ONE,
        )
        .unwrap();
    let cells: Vec<(Vec<u8>, Vec<u8>)> = slice
        .into_iter()
        .map(|c| {
            let c = c.column.unwrap();
            (c.name, c.value.unwrap())
        })
        .collect();
    assert_eq!(cells, vec![(b"v".to_vec(), b"native".to_vec())]);
    let r = cql3(&mut t, "SELECT v FROM nk.c WHERE k = 'row1'");
    let row = &r.rows.unwrap()[0];
    assert_eq!(row.columns[0].value.as_deref(), Some(&b"native"[..]));

    cql3(&mut t, "INSERT INTO nk.c (k, v) VALUES ('row2', 'thrift')");
    let rows = c.ok("SELECT k, v FROM nk.c WHERE k = 'row2'").rows();
    assert_eq!(
        rows,
        vec![vec![Some(b"row2".to_vec()), Some(b"thrift".to_vec())]]
    );
}

#[test]
fn login_through_sasl_plain_and_v1_credentials() {
    let dir = tempfile::tempdir().unwrap();
    let passwd = dir.path().join("passwd.properties");
    let access = dir.path().join("access.properties");
    std::fs::write(&passwd, "alice=secret\nbob=hunter2\n").unwrap();
    std::fs::write(&access, "CT=alice\n").unwrap();
    let base = std::fs::read_to_string(conformance_config("storage-conf.xml")).unwrap();
    let auth = format!(
        "<Authenticator PasswdProperties=\"{}\" AccessProperties=\"{}\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>",
        passwd.display(),
        access.display()
    );
    let conf = dir.path().join("storage-conf.xml");
    std::fs::write(
        &conf,
        base.replace(
            "<Authenticator>org.apache.cassandra.auth.AllowAllAuthenticator</Authenticator>",
            &auth,
        ),
    )
    .unwrap();
    let s = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--native-listen",
        "127.0.0.1:0",
    ]);
    let port = native_port(&s);
    let sasl = |user: &str, pass: &str| {
        let mut token = vec![0u8];
        token.extend_from_slice(user.as_bytes());
        token.push(0);
        token.extend_from_slice(pass.as_bytes());
        let mut w = Writer::new();
        w.bytes(Some(&token));
        w.buf
    };
    let mut c = Conn::open(port, 4);
    let f = c.startup_with(&[("CQL_VERSION", "3.0.0")]);
    assert_eq!(f.opcode, op::AUTHENTICATE);
    assert_eq!(c.query("SELECT * FROM system.local").error().0, 0x2100);
    assert_eq!(
        c.call(op::AUTH_RESPONSE, &sasl("alice", "nope")).error().0,
        0x0100
    );
    assert_eq!(
        c.call(op::AUTH_RESPONSE, &sasl("alice", "secret")).opcode,
        op::AUTH_SUCCESS
    );
    c.ok("SELECT * FROM \"CT\".\"StdUTF8\"");

    // bob may log in but not use CT.
    let mut c = Conn::open(port, 2);
    c.startup_with(&[("CQL_VERSION", "3.0.0")]);
    assert_eq!(
        c.call(op::AUTH_RESPONSE, &sasl("bob", "hunter2")).opcode,
        op::AUTH_SUCCESS
    );
    assert_eq!(
        c.query("SELECT * FROM \"CT\".\"StdUTF8\"").error().0,
        0x2100
    );
    // Nor prepare a statement on it (as Thrift's prepare_cql3_query).
    let mut w = Writer::new();
    w.long_string("SELECT * FROM \"CT\".\"StdUTF8\" WHERE key = ?");
    let f = c.call(op::PREPARE, &w.buf);
    let (code, msg) = f.error();
    assert_eq!(code, 0x2100, "{msg}");
    assert!(msg.contains("bob"), "{msg}");

    // alice may.
    let mut c = Conn::open(port, 4);
    c.startup_with(&[("CQL_VERSION", "3.0.0")]);
    c.call(op::AUTH_RESPONSE, &sasl("alice", "secret"));
    let mut w = Writer::new();
    w.long_string("SELECT * FROM \"CT\".\"StdUTF8\" WHERE key = ?");
    assert_eq!(c.call(op::PREPARE, &w.buf).opcode, op::RESULT);

    // Before the login, a frame over a few KiB is refused and the
    // connection closed, its body never read.
    let mut c = Conn::open(port, 4);
    c.startup_with(&[("CQL_VERSION", "3.0.0")]);
    c.send_raw(&[4, 0, 0, 5, op::QUERY, 0, 0, 0x13, 0x89]);
    let f = c.recv().expect("an error");
    let (code, msg) = f.error();
    assert_eq!((f.stream, code), (5, PROTOCOL_ERROR), "{msg}");
    assert!(msg.contains("not ready"), "{msg}");
    assert!(c.recv().is_none());

    // v1: CREDENTIALS, answered READY.
    let mut c = Conn::open(port, 1);
    c.startup_with(&[("CQL_VERSION", "3.0.0")]);
    let mut w = Writer::new();
    w.short(2)
        .string("username")
        .string("alice")
        .string("password")
        .string("secret");
    assert_eq!(c.call(op::CREDENTIALS, &w.buf).opcode, op::READY);
    c.ok("SELECT * FROM \"CT\".\"StdUTF8\"");
}

/// A native frame header announcing `len` bytes of QUERY body (v4).
fn query_header(len: u32) -> Vec<u8> {
    let mut h = vec![4, 0, 0, 1, op::QUERY];
    h.extend_from_slice(&len.to_be_bytes());
    h
}

#[test]
fn headers_announcing_big_frames_hold_no_budget() {
    let s = server();
    let port = native_port(&s);
    // Before STARTUP: refused at once from the announced length.
    let mut early: Vec<Conn> = (0..64).map(|_| Conn::open(port, 4)).collect();
    for c in &mut early {
        c.send_raw(&query_header(16 * 1024 * 1024 - 1));
    }
    for c in &mut early {
        let f = c.recv().expect("a protocol error");
        assert_eq!(f.error().0, PROTOCOL_ERROR);
        assert!(c.recv().is_none(), "kept after the error");
    }
    // Once ready (no login needed here), a header alone still holds nothing
    // of the 512 MB budget: 64 of them announce 1 GB.
    let mut late: Vec<Conn> = (0..64).map(|_| Conn::ready(port, 4)).collect();
    for c in &mut late {
        c.send_raw(&query_header(16 * 1024 * 1024 - 1));
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    // Others are served: native and Thrift.
    let mut other = Conn::ready(port, 4);
    other
        .s
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    assert_eq!(other.ok("SELECT key FROM system.local").rows().len(), 1);
    let mut thrift = connect19(s.port);
    thrift
        .describe_version()
        .expect("Thrift answers while the headers wait");
    drop(late);
}

#[test]
fn late_logins_and_half_sent_frames_are_timed_out() {
    let conf = conformance_config("storage-conf-v19.xml");
    let s = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--native-listen",
        "127.0.0.1:0",
        "--read-timeout",
        "1",
    ]);
    let port = native_port(&s);
    let started = std::time::Instant::now();
    // No STARTUP at all; a STARTUP half sent; a QUERY half sent when ready.
    let mut silent = Conn::open(port, 4);
    let mut half_startup = Conn::open(port, 4);
    half_startup.send_raw(&Conn::frame(4, 0, 1, op::STARTUP, &[0, 1, 0, 11])[..12]);
    let mut half_query = Conn::ready(port, 4);
    let body = half_query.query_body("SELECT key FROM system.local", &[]);
    half_query.send_raw(&Conn::frame(4, 0, 1, op::QUERY, &body)[..20]);
    // A ready connection between requests is not timed out (no idle timeout).
    let mut idle = Conn::ready(port, 4);
    for c in [&mut silent, &mut half_startup, &mut half_query] {
        assert!(c.recv().is_none(), "kept open");
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(15));
    std::thread::sleep(std::time::Duration::from_millis(2500));
    assert_eq!(idle.ok("SELECT key FROM system.local").rows().len(), 1);
}
