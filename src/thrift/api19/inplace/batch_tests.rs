//! A batch read in place must answer byte for byte as the streamed batch
//! (`process_batch_mutate`) and leave the same rows: the requests it takes
//! (one row or several, several column families, TTLs, atomic or not) and
//! every request it hands back (invalid names, values, TTLs and keys,
//! missing fields, deletions, Super CFs, repeated keys, unknown fields,
//! empty maps and lists, no keyspace, broken bytes), each checked to be
//! taken or handed back as intended, so no case passes by accident.

use super::*;
use crate::model::{ReadCommand, RowResult, Slice};
use crate::node::test_nodes::{Kit, TestClock};
use crate::thrift::session::Session;
use crate::thrift::wire::{mtype, Value, Writer};
use thrift::protocol::{TBinaryOutputProtocol, TInputProtocol};

const NOW: i32 = 1_000_000;

fn bin(b: &[u8]) -> Value {
    Value::Bin(b.to_vec())
}

/// A Column's fields: name, value, timestamp, ttl (each left out if None).
type Col<'a> = (Option<&'a [u8]>, Option<&'a [u8]>, Option<i64>, Option<i32>);

fn column(c: Col<'_>) -> Value {
    let mut fields = Vec::new();
    fields.extend(c.0.map(|n| (1, bin(n))));
    fields.extend(c.1.map(|v| (2, bin(v))));
    fields.extend(c.2.map(|t| (3, Value::I64(t))));
    fields.extend(c.3.map(|t| (4, Value::I32(t))));
    Value::Struct(fields)
}

/// A Mutation holding a ColumnOrSuperColumn holding `c`.
fn put(c: Col<'_>) -> Value {
    Value::Struct(vec![(1, Value::Struct(vec![(1, column(c))]))])
}

fn live<'a>(name: &'a [u8], value: &'a [u8]) -> Col<'a> {
    (Some(name), Some(value), Some(10), None)
}

/// A row of the mutation map: its key and its (column family, mutations).
type MapRow<'a> = (&'a [u8], Vec<(&'a str, Vec<Value>)>);

/// The mutation map.
fn map(rows: &[MapRow<'_>]) -> Value {
    let entries = rows
        .iter()
        .map(|(key, cfs)| {
            let lists = cfs
                .iter()
                .map(|(cf, ms)| (bin(cf.as_bytes()), Value::List(ttype::STRUCT, ms.clone())))
                .collect();
            (bin(key), Value::Map(ttype::STRING, ttype::LIST, lists))
        })
        .collect();
    Value::Map(ttype::STRING, ttype::MAP, entries)
}

fn request(method: &str, args: Vec<(i16, Value)>) -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header(method, mtype::CALL, 7);
    w.value(&Value::Struct(args));
    w.buf
}

fn batch(rows: &[MapRow<'_>]) -> Vec<u8> {
    request("batch_mutate", vec![(1, map(rows)), (2, Value::I32(1))])
}

fn session(ks: Option<&str>) -> Session {
    let mut s = Session::default();
    s.api19.keyspace = ks.map(str::to_string);
    s
}

fn node() -> Node {
    Kit::default().clock(&TestClock::new(NOW)).node()
}

/// The reply (or the protocol error) of one request, read in place or
/// streamed; and whether the in-place reader took it.
fn answer(node: &Node, ks: Option<&str>, msg: &[u8], in_place: bool) -> (String, bool) {
    let mut session = session(ks);
    let h = Handler::new(node, &mut session).quoting(msg);
    let mut input = BoundedInput::new(msg);
    let atomic = input.read_message_begin().unwrap().name == "atomic_batch_mutate";
    let taken = read(&h, input.rest()).is_some();
    let mut out = Vec::new();
    let mut o = TBinaryOutputProtocol::new(&mut out, true);
    let r = if in_place {
        process_batch_mutate_in_place(&h, atomic, 7, &mut input, &mut o)
    } else {
        process_batch_mutate(&h, atomic, 7, &mut input, &mut o)
    };
    let shown = match r {
        Ok(()) => format!("{out:?}"),
        Err(e) => format!("error {e}"),
    };
    (shown, taken)
}

/// Every row of `cfs` for `keys`, as the node reads it back.
fn rows(node: &Node, keys: &[&[u8]], cfs: &[&str]) -> Vec<RowResult> {
    let mut out = Vec::new();
    for cf in cfs {
        for key in keys {
            let cmd = ReadCommand {
                keyspace: "CT".into(),
                cf: cf.to_string(),
                super_column: None,
                slice: Slice::Range {
                    start: Vec::new(),
                    finish: Vec::new(),
                    reversed: false,
                    count: 1000,
                },
            };
            out.push(node.read(&cmd, key).unwrap());
        }
    }
    out
}

const KEYS: [&[u8]; 3] = [b"a", b"b", b"k"];
const CFS: [&str; 3] = ["StdBytes", "StdLong", "StdUTF8"];

/// Checks `msg` answers and writes alike both ways, and that the in-place
/// reader takes it exactly when `taken`; returns the answer.
fn same(ks: Option<&str>, msg: &[u8], taken: bool) -> String {
    let (a, b) = (node(), node());
    let (want, _) = answer(&a, ks, msg, false);
    let (got, took) = answer(&b, ks, msg, true);
    assert_eq!(got, want);
    assert_eq!(took, taken, "taken in place: {took}, answer {got}");
    assert_eq!(rows(&b, &KEYS, &CFS), rows(&a, &KEYS, &CFS));
    got
}

const OK: &str = "[128, 1, 0, 2, 0, 0, 0, 12, 98, 97, 116, 99, 104, 95, 109, 117, 116, 97, 116, 101, 0, 0, 0, 7, 0]";

#[test]
fn plain_writes_are_taken_and_answered_alike() {
    let five: Vec<Value> = (0..5u8)
        .map(|i| put(live(&[b'c', b'0' + i], &[i; 34])))
        .collect();
    assert_eq!(
        same(
            Some("CT"),
            &batch(&[(b"k", vec![("StdBytes", five.clone())])]),
            true
        ),
        OK
    );
    // Several rows and column families, out of order; a TTL.
    let long = 7i64.to_be_bytes();
    let rows = [
        (
            &b"k"[..],
            vec![
                ("StdUTF8", vec![put(live(b"u", b"v"))]),
                ("StdBytes", five),
                (
                    "StdLong",
                    vec![put((Some(&long), Some(b"x"), Some(3), Some(60)))],
                ),
            ],
        ),
        (&b"a"[..], vec![("StdBytes", vec![put(live(b"z", b""))])]),
    ];
    same(Some("CT"), &batch(&rows), true);
    let atomic = request(
        "atomic_batch_mutate",
        vec![(1, map(&rows)), (2, Value::I32(1))],
    );
    assert!(same(Some("CT"), &atomic, true).contains("97, 116, 111, 109, 105, 99"));
    // The arguments in the other order.
    same(
        Some("CT"),
        &request("batch_mutate", vec![(2, Value::I32(1)), (1, map(&rows))]),
        true,
    );
}

#[test]
fn invalid_writes_are_handed_back_and_answered_alike() {
    let one = |cf: &str, c: Col<'_>| batch(&[(b"k", vec![(cf, vec![put(c)])])]);
    for msg in [
        one("StdLong", live(b"abc", b"v")),                 // not a long
        one("StdUTF8", live(&[0xff], b"v")),                // not UTF-8
        one("StdBytes", live(b"", b"v")),                   // empty name
        one("StdBytes", (Some(b"n"), None, Some(1), None)), // no value
        one("StdBytes", (Some(b"n"), Some(b"v"), None, None)), // no timestamp
        one("StdBytes", (Some(b"n"), Some(b"v"), Some(1), Some(0))), // ttl 0
        one("StdBytes", (None, Some(b"v"), Some(1), None)), // no name
        one("Nope", live(b"n", b"v")),                      // no such column family
        one("SupBytes", live(b"n", b"v")),                  // a Super CF
        batch(&[(b"", vec![("StdBytes", vec![put(live(b"n", b"v"))])])]), // empty key
        // A later invalid row after a valid one.
        batch(&[
            (b"a", vec![("StdBytes", vec![put(live(b"n", b"v"))])]),
            (b"b", vec![("StdLong", vec![put(live(b"n", b"v"))])]),
        ]),
    ] {
        assert_ne!(same(Some("CT"), &msg, false), OK);
    }
    // No keyspace chosen.
    same(None, &one("StdBytes", live(b"n", b"v")), false);
}

#[test]
fn other_shapes_are_handed_back_and_answered_alike() {
    let good = put(live(b"n", b"v"));
    let deletion = Value::Struct(vec![(2, Value::Struct(vec![(1, Value::I64(20))]))]);
    let fields = |extra: (i16, Value)| {
        let mut fields = vec![(1, bin(b"n")), (2, bin(b"v")), (3, Value::I64(1))];
        fields.push(extra);
        Value::Struct(vec![(1, Value::Struct(vec![(1, Value::Struct(fields))]))])
    };
    let unknown_field = fields((9, Value::I32(5)));
    // A repeated name: the later one counts.
    let repeated_field = fields((1, bin(b"m")));
    for ms in [
        vec![good.clone(), deletion],
        vec![unknown_field],
        vec![repeated_field],
        vec![],
    ] {
        same(Some("CT"), &batch(&[(b"k", vec![("StdBytes", ms)])]), false);
    }
    // The same key twice (the later entry counts), an empty map, an empty
    // column family map.
    let twice = [
        (&b"k"[..], vec![("StdBytes", vec![good.clone()])]),
        (&b"k"[..], vec![("StdUTF8", vec![good.clone()])]),
    ];
    same(Some("CT"), &batch(&twice), false);
    same(Some("CT"), &batch(&[]), false);
    same(Some("CT"), &batch(&[(b"k", vec![])]), false);
    // Missing and mistyped arguments, an unknown one, broken bytes.
    let m = map(&[(b"k", vec![("StdBytes", vec![good])])]);
    for args in [
        vec![(1, m.clone())],
        vec![(2, Value::I32(1))],
        vec![(1, m.clone()), (2, Value::I64(1))],
        vec![(1, m.clone()), (2, Value::I32(1)), (3, Value::I32(1))],
    ] {
        same(Some("CT"), &request("batch_mutate", args), false);
    }
    let whole = request("batch_mutate", vec![(1, m), (2, Value::I32(1))]);
    for cut in [whole.len() - 1, whole.len() - 9, whole.len() / 2] {
        assert!(same(Some("CT"), &whole[..cut], false).starts_with("error"));
    }
}
