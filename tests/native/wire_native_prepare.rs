//! PREPARE and EXECUTE over the native protocol: a statement that does not
//! parse is a SyntaxError as on QUERY, in every protocol version; the
//! statements are bounded by bytes (`--prepared-cache`), and an evicted id
//! answers UNPREPARED with 1.2.9's text and the id, so that drivers
//! prepare it again.

use crate::native_support;
use crate::wire_support;

use native_support::{native_port, op, schema, server, Conn, Reader, Writer};
use wire_support::{conformance_config, Server};

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
        c.prepared_id(&format!("SELECT v FROM nk.c WHERE k = ?{padding}-- {i}"));
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
