//! BATCH messages of the CQL native protocol over the wire: their members
//! are checked and packed one at a time straight from the frame (see
//! `native::handle::batch`), with the errors, their order and the all-or-nothing
//! outcome of the members joined into one batch.

use crate::support::native;
use crate::support::wire;

use native::{int, op, Conn, Reader, Writer};
use wire::{conformance_config, Server};

fn server() -> Server {
    let conf = conformance_config("storage-conf-v19.xml");
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--native-listen",
        "127.0.0.1:0",
    ])
}

fn native_port(s: &Server) -> u16 {
    s.native_port.expect("the server announced its native port")
}

/// Keyspace `nk` with table `t` and the counter table `n`.
fn schema(c: &mut Conn) {
    c.ok("CREATE KEYSPACE nk WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    c.ok("CREATE TABLE nk.t (k int, n int, v text, PRIMARY KEY (k, n))");
    c.ok("CREATE TABLE nk.n (k int PRIMARY KEY, hits counter)");
}

/// A BATCH message's members are checked one at a time, in two passes
/// over the frame (see `native::handle::batch`), yet the error reported is the one
/// the members joined into one batch gave: every member's syntax before any
/// member's tables and markers, those before the values, the counter-batch
/// rule over every member before any member's writes; and an error applies
/// nothing.
#[test]
fn batch_messages_report_the_earliest_steps_error_and_apply_nothing() {
    let s = server();
    let mut c = Conn::ready(native_port(&s), 3);
    schema(&mut c);
    // (text, values) members of a logged batch.
    type Members<'a> = &'a [(&'a str, &'a [&'a [u8]])];
    let batch = |c: &mut Conn, members: Members| {
        let mut w = Writer::new();
        w.byte(0).short(members.len() as u16);
        for (text, values) in members {
            w.byte(0).long_string(text).short(values.len() as u16);
            for v in *values {
                w.bytes(Some(v));
            }
        }
        w.short(1).byte(0);
        c.call(op::BATCH, &w.buf).error()
    };
    let ok = "INSERT INTO nk.t (k, n, v) VALUES (7, 1, 'a')";
    // A later member's syntax error before an earlier one's unknown table.
    let (code, why) = batch(
        &mut c,
        &[
            (ok, &[]),
            ("INSERT INTO nk.nosuch (k) VALUES (1)", &[]),
            ("INSERT INTO", &[]),
        ],
    );
    assert_eq!(code, 0x2000, "{why}");
    // A later member's unknown table before an earlier one's bad value.
    let (code, why) = batch(
        &mut c,
        &[
            ("INSERT INTO nk.t (k, n, v) VALUES (?, 1, 'a')", &[b"abc"]),
            ("INSERT INTO nk.nosuch (k) VALUES (1)", &[]),
        ],
    );
    assert_eq!(code, 0x2200, "{why}");
    assert!(why.contains("nosuch"), "{why}");
    let (code, why) = batch(
        &mut c,
        &[
            (ok, &[]),
            ("INSERT INTO nk.t (k, n, v) VALUES (?, 1, 'a')", &[b"abc"]),
        ],
    );
    assert_eq!(code, 0x2200, "{why}");
    // The counter-batch rule of a later member before an earlier member's
    // invalid write (a missing clustering column).
    let (code, why) = batch(
        &mut c,
        &[
            (ok, &[]),
            ("INSERT INTO nk.t (k, v) VALUES (8, 'b')", &[]),
            ("UPDATE nk.n SET hits = hits + 1 WHERE k = 1", &[]),
        ],
    );
    assert_eq!(
        (code, why.as_str()),
        (
            0x2200,
            "Counter mutations are only allowed in COUNTER batches"
        )
    );
    let (code, why) = batch(
        &mut c,
        &[(ok, &[]), ("INSERT INTO nk.t (k, v) VALUES (8, 'b')", &[])],
    );
    assert_eq!(
        (code, why.as_str()),
        (0x2200, "Missing mandatory PRIMARY KEY part n")
    );
    // None of them applied their valid first member.
    assert!(c.ok("SELECT * FROM nk.t WHERE k = 7").rows().is_empty());
    // Members of one row merge; a prepared member runs what was prepared.
    let q = "INSERT INTO nk.t (k, n, v) VALUES (7, ?, ?)";
    let mut w = Writer::new();
    w.long_string(q);
    let f = c.call(op::PREPARE, &w.buf);
    let mut r = Reader::new(&f.body);
    r.int().unwrap();
    let id = r.short_bytes().unwrap();
    let mut w = Writer::new();
    w.byte(1).short(3);
    w.byte(0).long_string(ok).short(0);
    for (n, v) in [(2, b"b"), (3, b"c")] {
        w.byte(1).short_bytes(&id).short(2);
        w.bytes(Some(&int(n))).bytes(Some(v));
    }
    w.short(1).byte(0);
    assert_eq!(c.call(op::BATCH, &w.buf).result_kind(), 1);
    let rows = c.ok("SELECT v FROM nk.t WHERE k = 7").rows();
    let got: Vec<_> = rows.into_iter().map(|r| r[0].clone().unwrap()).collect();
    assert_eq!(got, vec![b"a".to_vec(), b"b".to_vec(), b"c".to_vec()]);
}
