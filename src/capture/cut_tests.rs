use super::*;
use crate::thrift::wire::{mtype, Value, Writer};

fn message(name: &str, framed: bool) -> Vec<u8> {
    let mut w = if framed {
        Writer::framed()
    } else {
        Writer::new()
    };
    w.message_header(name, mtype::CALL, 3);
    w.value(&Value::Struct(vec![(1, Value::Bin(b"key".to_vec()))]));
    if framed {
        w.finish_frame()
    } else {
        w.buf
    }
}

#[test]
fn framed_and_unframed_streams_are_cut_at_any_split() {
    for framed in [true, false] {
        let (a, b) = (message("get", framed), message("insert", framed));
        let stream = [a.clone(), b.clone()].concat();
        for split in 0..stream.len() {
            let mut c = Cutter::new(1 << 20);
            let mut out = Vec::new();
            c.feed(&stream[..split], &mut out).unwrap();
            c.feed(&stream[split..], &mut out).unwrap();
            assert_eq!(out.len(), 2, "framed {framed} split {split}");
            assert_eq!(
                (out[0].bytes.clone(), out[1].bytes.clone()),
                (a.clone(), b.clone())
            );
            assert_eq!(
                (out[0].method(), out[1].method()),
                ("get".into(), "insert".into())
            );
            assert_eq!(out[0].framed, framed);
            assert_eq!(c.pending(), 0);
        }
    }
}

#[test]
fn other_protocols_and_oversized_messages_stop_the_cutting() {
    let mut out = Vec::new();
    let e = Cutter::new(1 << 20).feed(b"GET / HTTP/1.1\r\n", &mut out);
    assert!(matches!(e, Err(CutError::NotThrift(_))), "{e:?}");
    let big = message("get", true);
    let e = Cutter::new(8).feed(&big, &mut out);
    assert_eq!(e, Err(CutError::TooLarge { max: 8 }));
    let e = Cutter::new(8).feed(&message("get", false), &mut out);
    assert_eq!(e, Err(CutError::TooLarge { max: 8 }));
    assert!(out.is_empty());
}
