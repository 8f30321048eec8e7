//! 2.1's user-defined types, tuples and frozen collections over the v3
//! native protocol: the TYPE schema change, the UDT and tuple type
//! options of a result's metadata, the values (one cell of int32-length
//! fields; a frozen collection in v3's form) and field selection.

use crate::support::native;

use native::{native_port, op, schema, server, Conn, Reader};

/// The type option of a result's only column, as raw bytes after its name.
fn first_column_type(f: &native::Frame) -> Vec<u8> {
    let mut r = Reader::new(&f.body);
    assert_eq!(r.int().unwrap(), 2);
    let flags = r.int().unwrap();
    assert_eq!(r.int().unwrap(), 1);
    assert_eq!(flags & 1, 1);
    r.string().unwrap();
    r.string().unwrap();
    r.string().unwrap();
    let at = f.body.len() - r.remaining();
    f.body[at..].to_vec()
}

#[test]
fn v3_user_types_tuples_and_frozen_collections_round_trip() {
    let s = server();
    let mut c = Conn::ready(native_port(&s), 3);
    schema(&mut c);
    // CREATE TYPE answers a TYPE schema change.
    let f = c.ok("CREATE TYPE nk.address (street text, zip int)");
    assert_eq!(f.opcode, op::RESULT);
    let mut r = Reader::new(&f.body);
    assert_eq!(r.int().unwrap(), 5);
    assert_eq!(r.string().unwrap(), "CREATED");
    assert_eq!(r.string().unwrap(), "TYPE");
    assert_eq!(r.string().unwrap(), "nk");
    assert_eq!(r.string().unwrap(), "address");
    let (_, msg) = c
        .query("CREATE TABLE nk.bad (k int PRIMARY KEY, a address)")
        .error();
    assert_eq!(
        msg,
        "Non-frozen User-Defined types are not supported, please use frozen<>"
    );
    c.ok("CREATE TABLE nk.u (k int PRIMARY KEY, a frozen<address>, p tuple<int, text>, l frozen<list<int>>)");
    c.ok("INSERT INTO nk.u (k, a, p, l) VALUES (1, {zip: 7}, (1, 'x'), [1, 2])");
    let rows = c.ok("SELECT a, p, l, a.zip FROM nk.u WHERE k = 1").rows();
    let row = &rows[0];
    // street null, zip 7
    assert_eq!(
        row[0].as_deref(),
        Some(&[0xff, 0xff, 0xff, 0xff, 0, 0, 0, 4, 0, 0, 0, 7][..])
    );
    assert_eq!(
        row[1].as_deref(),
        Some(&[0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 1, b'x'][..])
    );
    assert_eq!(
        row[2].as_deref(),
        Some(&[0, 0, 0, 2, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2][..])
    );
    assert_eq!(row[3].as_deref(), Some(&[0, 0, 0, 7][..]));
    // The metadata's options: a UDT (0x30) with its fields, a tuple (0x31).
    let t = first_column_type(&c.ok("SELECT a FROM nk.u"));
    let mut r = Reader::new(&t);
    assert_eq!(r.short().unwrap(), 0x30);
    assert_eq!(r.string().unwrap(), "nk");
    assert_eq!(r.string().unwrap(), "address");
    assert_eq!(r.short().unwrap(), 2);
    assert_eq!(r.string().unwrap(), "street");
    assert_eq!(r.short().unwrap(), 0x0D);
    let t = first_column_type(&c.ok("SELECT p FROM nk.u"));
    assert_eq!(&t[..6], &[0, 0x31, 0, 2, 0, 0x09]);
    // The type is listed where 2.1 listed it.
    let rows = c
        .ok("SELECT type_name FROM system.schema_usertypes WHERE keyspace_name = 'nk'")
        .rows();
    assert_eq!(rows[0][0].as_deref(), Some(&b"address"[..]));
}
