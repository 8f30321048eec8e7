use super::*;
use crate::thrift::wire::tests::{call_with_body as call, i32b, protocol_kind};
use crate::thrift::wire::{mtype, ttype};

#[test]
fn both_header_forms_are_read() {
    let strict = call("get", &[0]);
    let h = BoundedInput::new(&strict).read_message_begin().unwrap();
    assert_eq!(
        (h.name.as_str(), h.message_type, h.sequence_number),
        ("get", TMessageType::Call, 1)
    );
    let mut old = Vec::new();
    old.extend_from_slice(&i32b(3));
    old.extend_from_slice(b"get");
    old.push(mtype::CALL);
    old.extend_from_slice(&i32b(9));
    let h = BoundedInput::new(&old).read_message_begin().unwrap();
    assert_eq!((h.name.as_str(), h.sequence_number), ("get", 9));
    // A name longer than the message, and a bad version.
    let mut long = i32b(1000).to_vec();
    long.extend_from_slice(b"get");
    assert!(BoundedInput::new(&long).read_message_begin().is_err());
    assert!(BoundedInput::new(&[0x80, 0x02, 0, 1, 0, 0, 0, 0])
        .read_message_begin()
        .is_err());
}

#[test]
fn hostile_counts_are_refused_for_every_container_kind() {
    for count in [i32::MAX, 1 << 20, 9] {
        // list<i64>, set<i64>: 8 bytes of room are not 9 elements.
        for kind in [ttype::LIST, ttype::SET] {
            // A struct whose field 1 is that container.
            let mut msg = vec![kind, 0, 1, ttype::I64];
            msg.extend_from_slice(&i32b(count));
            msg.extend_from_slice(&[0; 8]);
            let mut p = BoundedInput::new(&msg);
            let e = p.skip(TType::Struct).unwrap_err();
            assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::SizeLimit));
            let mut p = BoundedInput::new(&msg[3..]);
            let e = if kind == ttype::LIST {
                p.read_list_begin().unwrap_err()
            } else {
                p.read_set_begin().unwrap_err()
            };
            assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::SizeLimit));
        }
        // map<string, string>: each entry takes at least 8 bytes.
        let mut msg = vec![ttype::STRING, ttype::STRING];
        msg.extend_from_slice(&i32b(count));
        msg.extend_from_slice(&[0; 64]);
        let e = BoundedInput::new(&msg).read_map_begin().unwrap_err();
        assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::SizeLimit));
    }
}

#[test]
fn counts_that_fit_are_read() {
    let mut msg = vec![ttype::I64];
    msg.extend_from_slice(&i32b(2));
    msg.extend_from_slice(&[0; 16]);
    let ident = BoundedInput::new(&msg).read_list_begin().unwrap();
    assert_eq!((ident.element_type, ident.size), (TType::I64, 2));
    let mut msg = vec![ttype::STRING, ttype::I32];
    msg.extend_from_slice(&i32b(2));
    msg.extend_from_slice(&[0; 16]);
    let ident = BoundedInput::new(&msg).read_map_begin().unwrap();
    assert_eq!(ident.size, 2);
    // An element type no value has is fine only for an empty container.
    let mut msg = vec![ttype::STOP];
    msg.extend_from_slice(&i32b(0));
    assert_eq!(BoundedInput::new(&msg).read_list_begin().unwrap().size, 0);
    let mut msg = vec![ttype::STOP];
    msg.extend_from_slice(&i32b(1));
    msg.push(0);
    assert!(BoundedInput::new(&msg).read_list_begin().is_err());
}

#[test]
fn negative_lengths_and_counts_are_protocol_errors() {
    for n in [-1, i32::MIN] {
        let e = BoundedInput::new(&i32b(n)).read_bytes().unwrap_err();
        assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::NegativeSize));
        let e = BoundedInput::new(&i32b(n)).read_string().unwrap_err();
        assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::NegativeSize));
        let mut list = vec![ttype::STRING];
        list.extend_from_slice(&i32b(n));
        let e = BoundedInput::new(&list).read_list_begin().unwrap_err();
        assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::NegativeSize));
        let e = BoundedInput::new(&list).read_set_begin().unwrap_err();
        assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::NegativeSize));
        let mut map = vec![ttype::STRING, ttype::STRING];
        map.extend_from_slice(&i32b(n));
        let e = BoundedInput::new(&map).read_map_begin().unwrap_err();
        assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::NegativeSize));
    }
}

#[test]
fn huge_string_lengths_are_refused_before_allocation() {
    let mut msg = i32b(i32::MAX).to_vec();
    msg.extend_from_slice(b"abc");
    let e = BoundedInput::new(&msg).read_bytes().unwrap_err();
    assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::SizeLimit));
    let mut msg = i32b(3).to_vec();
    msg.extend_from_slice(b"abc");
    assert_eq!(BoundedInput::new(&msg).read_bytes().unwrap(), b"abc");
    // Truncated scalars.
    assert!(BoundedInput::new(&[0, 0, 0]).read_i32().is_err());
    assert!(BoundedInput::new(&[0; 7]).read_double().is_err());
}

#[test]
fn budgets_nest_and_end_with_their_guard() {
    assert_eq!(budget_left(), None);
    assert!(reserve(usize::MAX).is_ok());
    {
        let _outer = budget_for(10);
        let limit = 10 * DECODE_FACTOR + DECODE_SLACK;
        assert_eq!(budget_left(), Some(limit));
        reserve(100).unwrap();
        {
            let _inner = budget_for(0);
            assert_eq!(budget_left(), Some(DECODE_SLACK));
            assert_eq!(
                reserve(DECODE_SLACK + 1),
                Err(OverBudget {
                    size: 0,
                    limit: DECODE_SLACK
                })
            );
        }
        assert_eq!(budget_left(), Some(limit - 100));
    }
    assert_eq!(budget_left(), None);
}

#[test]
fn strings_are_charged_and_must_be_utf8() {
    let mut msg = i32b(2).to_vec();
    msg.extend_from_slice(&[0xc3, 0x28]);
    let mut p = BoundedInput::new(&msg);
    let before = budget_left().unwrap();
    assert!(p.read_string().is_err());
    assert_eq!(budget_left(), Some(before - 2));
}
