use super::*;
use crate::thrift::wire::{ttype, Writer};

fn message(name: &str, kind: u8, fields: &[(u8, i16)]) -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header(name, kind, 7);
    for &(t, id) in fields {
        w.field_header(t, id);
        match t {
            ttype::STRUCT => w.stop(),
            _ => w.buf.extend_from_slice(&[0, 0, 0, 1]),
        }
    }
    w.stop();
    w.buf
}

#[test]
fn methods_and_failures_are_read_from_the_headers() {
    let call = message("get_slice", mtype::CALL, &[]);
    assert_eq!(header(&call), Some((&b"get_slice"[..], mtype::CALL)));
    assert!(!reply_failed(&message("insert", mtype::REPLY, &[])));
    assert!(!reply_failed(&message(
        "get_count",
        mtype::REPLY,
        &[(ttype::I32, 0)]
    )));
    assert!(reply_failed(&message(
        "get",
        mtype::REPLY,
        &[(ttype::STRUCT, 1)]
    )));
    assert!(reply_failed(&message("x", mtype::EXCEPTION, &[])));
    assert!(reply_failed(b"\x00"));
    // The old (non-strict) header form.
    let mut old = vec![0, 0, 0, 3];
    old.extend_from_slice(b"get");
    old.push(mtype::REPLY);
    old.extend_from_slice(&[0, 0, 0, 1, ttype::STRUCT, 0, 2, 0, 0]);
    assert_eq!(header(&old), Some((&b"get"[..], mtype::REPLY)));
    assert!(reply_failed(&old));
}
