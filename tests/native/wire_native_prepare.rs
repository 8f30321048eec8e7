//! PREPARE and EXECUTE over the native protocol: a statement that does not
//! parse is a SyntaxError as on QUERY, in every protocol version; from v2
//! a prepared SELECT describes the columns its ROWS results will (others
//! describe none), and EXECUTE may then ask for rows without metadata; the
//! statements are bounded by bytes (`--prepared-cache`), and an evicted id
//! answers UNPREPARED with 1.2.9's text and the id, so that drivers
//! prepare it again.

use crate::support::native;
use crate::support::wire;

use native::{
    int, native_port, op, read_metadata, schema, server, ColumnSpec, Conn, Frame, Reader, Writer,
};
use wire::{conformance_config, Server};

const SYNTAX_ERROR: i32 = 0x2000;
const UNPREPARED: i32 = 0x2500;

#[test]
fn prepare_answers_a_syntax_error_as_query_does() {
    let s = server();
    let port = native_port(&s);
    for v in 1..=4u8 {
        let mut c = Conn::ready(port, v);
        for q in [
            "SELEC * FROM t",
            "SELECT * FROM",
            "INSERT INTO t (k) VALUES (?",
            "",
        ] {
            let (query_code, query_message) = c.query(q).error();
            let (code, message) = c.prepare(q).error();
            assert_eq!(code, SYNTAX_ERROR, "v{v} {q:?}: {message}");
            assert_eq!((code, &message), (query_code, &query_message), "v{v} {q:?}");
        }
        // A statement that parses but names nothing that exists is still
        // Invalid, and the connection goes on.
        let (code, message) = c.prepare("SELECT * FROM nowhere.t").error();
        assert_eq!(code, 0x2200, "v{v}: {message}");
        assert_eq!(c.ok("SELECT key FROM system.local").rows().len(), 1);
    }
}

const GLOBAL_TABLES_SPEC: i32 = 0x0001;
const HAS_MORE_PAGES: i32 = 0x0002;
const NO_METADATA: i32 = 0x0004;
const SKIP_METADATA: u8 = 0x02;
const PAGE_SIZE: u8 = 0x04;

/// A result metadata's flags and columns.
type ResultMetadata = (i32, Vec<ColumnSpec>);

/// A PREPARED result: its id, its markers' columns and (v2+) its result
/// metadata; the body must end there.
fn read_prepared(f: &Frame, version: u8) -> (Vec<u8>, Vec<ColumnSpec>, Option<ResultMetadata>) {
    assert_eq!(f.result_kind(), 4, "{}", f.describe());
    let mut r = Reader::new(&f.body);
    r.int().unwrap();
    let id = r.short_bytes().unwrap();
    let (_, _, markers) = read_metadata(&f.body, &mut r, version >= 4);
    let result = (version >= 2).then(|| {
        let (flags, state, columns) = read_metadata(&f.body, &mut r, false);
        assert_eq!(state, None, "a prepared result has no paging state");
        (flags, columns)
    });
    assert_eq!(r.remaining(), 0, "v{version}: trailing bytes");
    (id, markers, result)
}

/// EXECUTE `id` with `values`; v2+ with `flags` (values always sent) and
/// `page_size` when given.
fn execute(
    c: &mut Conn,
    id: &[u8],
    values: &[Vec<u8>],
    flags: u8,
    page_size: Option<i32>,
) -> Frame {
    let mut w = Writer::new();
    w.short_bytes(id);
    if c.version == 1 {
        w.short(values.len() as u16);
        for v in values {
            w.bytes(Some(v));
        }
        w.short(1);
    } else {
        let page = if page_size.is_some() { PAGE_SIZE } else { 0 };
        w.short(1)
            .byte(0x01 | flags | page)
            .short(values.len() as u16);
        for v in values {
            w.bytes(Some(v));
        }
        if let Some(n) = page_size {
            w.int(n);
        }
    }
    c.call(op::EXECUTE, &w.buf)
}

/// The metadata of a ROWS result.
fn rows_metadata(f: &Frame) -> (i32, Vec<ColumnSpec>) {
    assert_eq!(f.result_kind(), 2, "{}", f.describe());
    let mut r = Reader::new(&f.body);
    r.int().unwrap();
    let (flags, _, columns) = read_metadata(&f.body, &mut r, false);
    (flags, columns)
}

#[test]
fn a_prepared_select_describes_the_columns_its_rows_carry() {
    let s = server();
    let port = native_port(&s);
    let mut c = Conn::ready(port, 4);
    schema(&mut c);
    c.ok("CREATE TABLE nk.m (k int PRIMARY KEY, tags map<text, int>, l list<uuid>, at timestamp)");
    c.ok("INSERT INTO nk.t (k, n, v) VALUES (1, 1, 'a')");
    c.ok("INSERT INTO nk.t (k, n, v) VALUES (1, 2, 'b')");
    c.ok("INSERT INTO nk.m (k, tags) VALUES (1, {'x': 1})");
    c.ok("INSERT INTO nk.c (k, v) VALUES ('a', 'z')");
    let selects: [(&str, Vec<Vec<u8>>); 6] = [
        ("SELECT * FROM nk.t WHERE k = ?", vec![int(1)]),
        (
            "SELECT v, n AS num, writetime(v), ttl(v), token(k) FROM nk.t WHERE k = ? AND n = ?",
            vec![int(1), int(2)],
        ),
        ("SELECT COUNT(*) FROM nk.t WHERE k = ?", vec![int(1)]),
        ("SELECT * FROM nk.m WHERE k = ?", vec![int(1)]),
        ("SELECT v FROM nk.c WHERE k = ?", vec![b"a".to_vec()]),
        ("SELECT key, release_version FROM system.local", vec![]),
    ];
    for v in 1..=4u8 {
        let mut c = Conn::ready(port, v);
        for (q, values) in &selects {
            let (id, markers, result) = read_prepared(&c.prepare(q), v);
            assert_eq!(markers.len(), values.len(), "v{v} {q}");
            let rows = execute(&mut c, &id, values, 0, None);
            let (rows_flags, rows_columns) = rows_metadata(&rows);
            assert_eq!(rows_flags, GLOBAL_TABLES_SPEC, "v{v} {q}");
            assert!(!rows.rows().is_empty(), "v{v} {q}: some rows");
            match result {
                // v1's PREPARED ends with the markers.
                None => assert_eq!(v, 1),
                Some((flags, columns)) => {
                    assert_eq!(flags, GLOBAL_TABLES_SPEC, "v{v} {q}");
                    assert_eq!(columns, rows_columns, "v{v} {q}");
                }
            }
        }
        // What answers no rows describes none.
        for q in [
            "INSERT INTO nk.t (k, n, v) VALUES (?, ?, ?)",
            "UPDATE nk.t SET v = ? WHERE k = ? AND n = ?",
            "DELETE FROM nk.t WHERE k = ?",
            "INSERT INTO nk.c (k, v) VALUES (?, ?) IF NOT EXISTS",
            "BEGIN BATCH INSERT INTO nk.c (k, v) VALUES (?, 'b') APPLY BATCH",
        ] {
            let (_, markers, result) = read_prepared(&c.prepare(q), v);
            assert!(!markers.is_empty(), "v{v} {q}");
            if v >= 2 {
                assert_eq!(result, Some((NO_METADATA, vec![])), "v{v} {q}");
            }
        }
        // The selection is resolved when prepared: what running it would
        // refuse is refused there.
        let (code, message) = c.prepare("SELECT nosuch FROM nk.t WHERE k = ?").error();
        assert_eq!(
            (code, message.as_str()),
            (0x2200, "Undefined name nosuch in selection clause"),
            "v{v}"
        );
    }
}

#[test]
fn execute_skips_the_metadata_the_prepared_result_gave() {
    let s = server();
    let port = native_port(&s);
    let mut c = Conn::ready(port, 4);
    schema(&mut c);
    for n in 0..3 {
        c.ok(&format!(
            "INSERT INTO nk.t (k, n, v) VALUES (1, {n}, 'v{n}')"
        ));
    }
    let q = "SELECT n, v FROM nk.t WHERE k = ?";
    for v in 2..=4u8 {
        let mut c = Conn::ready(port, v);
        let (id, _, result) = read_prepared(&c.prepare(q), v);
        let (_, columns) = result.expect("result metadata");
        let full = execute(&mut c, &id, &[int(1)], 0, None);
        let skipped = execute(&mut c, &id, &[int(1)], SKIP_METADATA, None);
        let (flags, none) = rows_metadata(&skipped);
        assert_eq!((flags, none), (NO_METADATA, vec![]), "v{v}");
        // The column count stays; the rows are those of the full answer,
        // read with the prepared result's columns.
        let mut r = Reader::new(&skipped.body);
        r.int().unwrap();
        r.int().unwrap();
        assert_eq!(r.int().unwrap() as usize, columns.len(), "v{v}");
        assert_eq!(skipped.rows(), full.rows(), "v{v}");
        assert_eq!(full.rows().len(), 3, "v{v}");
        // Paged: more pages, still no metadata.
        let first = execute(&mut c, &id, &[int(1)], SKIP_METADATA, Some(2));
        let (flags, _) = rows_metadata(&first);
        assert_eq!(flags, HAS_MORE_PAGES | NO_METADATA, "v{v}");
        assert_eq!(first.rows().len(), 2, "v{v}");
    }
}

#[test]
fn prepared_statements_are_bounded_by_bytes_and_evicted_ids_reprepare() {
    let conf = conformance_config("storage-conf-v19.xml");
    let s = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--native-listen",
        "127.0.0.1:0",
        "--prepared-cache",
        "1",
    ]);
    let mut c = Conn::ready(native_port(&s), 4);
    schema(&mut c);
    let execute = |c: &mut Conn, id: &[u8]| {
        let mut w = Writer::new();
        w.short_bytes(id)
            .short(1)
            .byte(1)
            .short(1)
            .bytes(Some(b"k"));
        c.call(op::EXECUTE, &w.buf)
    };
    let small = "SELECT v FROM nk.c WHERE k = ?";
    let id = c.prepared_id(small);
    assert_eq!(execute(&mut c, &id).opcode, op::RESULT);
    // Eight distinct 100 KB statements: more than the 1 MB cache holds.
    for i in 0..8 {
        let padding = " ".repeat(100 * 1024);
        c.prepared_id(&format!("SELECT v FROM nk.c WHERE k = ?{padding}-- {i}\n"));
    }
    let f = execute(&mut c, &id);
    assert_eq!(f.opcode, op::ERROR, "{}", f.describe());
    let mut r = Reader::new(&f.body);
    assert_eq!(r.int().unwrap(), UNPREPARED);
    let hex: String = id.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        r.string().unwrap(),
        format!(
            "Prepared query with ID {hex} not found (either the query was not prepared on this \
             host (maybe the host has been restarted?) or you have prepared more than 100000 \
             queries and query {hex} has been evicted from the internal cache)"
        )
    );
    assert_eq!(r.short_bytes().unwrap(), id, "the unknown id");
    // The driver re-prepares: same id, served again.
    assert_eq!(c.prepared_id(small), id);
    assert_eq!(execute(&mut c, &id).opcode, op::RESULT);
    // A statement bigger than the whole cache is refused, not cached.
    let (code, msg) = c
        .prepare(&format!(
            "SELECT v FROM nk.c WHERE k = ?{}",
            " ".repeat(400 * 1024)
        ))
        .error();
    assert_eq!(code, 0x2200, "{msg}");
    assert!(msg.contains("larger than allowed maximum"), "{msg}");
}
