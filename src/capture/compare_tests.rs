use super::*;
use crate::capture::mutations::mutated;
use crate::thrift::wire::{mtype, ttype, Value, Writer};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn reply(mt: u8, body: Value) -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header("m", mt, 1);
    w.value(&body);
    w.buf
}

fn ok(v: Value) -> Vec<u8> {
    reply(mtype::REPLY, Value::Struct(vec![(0, v)]))
}

fn bin(s: &str) -> Value {
    Value::Bin(s.as_bytes().to_vec())
}

fn list(items: &[&str]) -> Value {
    Value::List(ttype::STRING, items.iter().map(|s| bin(s)).collect())
}

const W: Windows = Windows {
    captured: (1_700_000_000_000_000, 1_700_000_100_000_000),
    replayed: (1_800_000_000_000_000, 1_800_000_100_000_000),
};

fn kinds(method: &str, a: &[u8], b: &[u8]) -> Vec<Kind> {
    compare(method, a, b, &W)
        .into_iter()
        .map(|d| d.kind)
        .collect()
}

#[test]
fn equal_replies_have_no_difference() {
    let a = ok(list(&["a", "b"]));
    assert!(compare("get_slice", &a, &a, &W).is_empty());
}

#[test]
fn exceptions_are_told_by_type_then_message() {
    let ire = |why: &str| {
        reply(
            mtype::REPLY,
            Value::Struct(vec![(1, Value::Struct(vec![(1, bin(why))]))]),
        )
    };
    let nfe = reply(
        mtype::REPLY,
        Value::Struct(vec![(2, Value::Struct(vec![]))]),
    );
    assert_eq!(kinds("get", &ire("a"), &nfe), [Kind::ExceptionType]);
    assert_eq!(
        kinds("get", &ire("a"), &ok(bin("x"))),
        [Kind::ExceptionType]
    );
    let d = compare("get", &ire("bad key"), &ire("Bad key"), &W);
    assert_eq!(d[0].kind, Kind::Message);
    assert_eq!(
        (d[0].captured.as_str(), d[0].replayed.as_str()),
        ("\"bad key\"", "\"Bad key\"")
    );
    let app = |t: i32| {
        reply(
            mtype::EXCEPTION,
            Value::Struct(vec![(1, bin("Invalid method name")), (2, Value::I32(t))]),
        )
    };
    assert_eq!(kinds("x", &app(1), &ok(bin("x"))), [Kind::ExceptionType]);
    assert_eq!(kinds("x", &app(1), &app(7)), [Kind::ExceptionType]);
}

#[test]
fn lists_tell_missing_extra_order_and_value() {
    let cmp = |a: &[&str], b: &[&str]| kinds("get_slice", &ok(list(a)), &ok(list(b)));
    assert_eq!(cmp(&["a", "b", "c"], &["a", "c"]), [Kind::Missing]);
    assert_eq!(cmp(&["a", "c"], &["a", "b", "c"]), [Kind::Extra]);
    assert_eq!(cmp(&["a", "b"], &["b", "a"]), [Kind::Order]);
    assert_eq!(cmp(&["a", "b"], &["a", "x"]), [Kind::Value]);
    let d = compare(
        "get_slice",
        &ok(list(&["a", "b"])),
        &ok(list(&["a", "x"])),
        &W,
    );
    assert_eq!(d[0].path, "0/[1]");
    let set = |items: &[&str]| {
        ok(Value::Set(
            ttype::STRING,
            items.iter().map(|s| bin(s)).collect(),
        ))
    };
    assert!(compare("m", &set(&["a", "b"]), &set(&["b", "a"]), &W).is_empty());
}

#[test]
fn what_a_server_assigns_is_masked() {
    // A schema change answers the new schema version.
    assert!(compare(
        "system_add_keyspace",
        &ok(bin("uuid-1")),
        &ok(bin("uuid-2")),
        &W
    )
    .is_empty());
    assert_eq!(
        kinds("describe_version", &ok(bin("19.36.0")), &ok(bin("19.4.0"))),
        [Kind::Value]
    );
    // A timestamp each server chose while its run went on, and one a client sent.
    let col = |ts: i64| ok(Value::Struct(vec![(1, bin("c")), (3, Value::I64(ts))]));
    assert!(compare(
        "get",
        &col(1_700_000_050_000_000),
        &col(1_800_000_050_000_000),
        &W
    )
    .is_empty());
    assert_eq!(kinds("get", &col(10), &col(11)), [Kind::Value]);
    // Column family ids inside describe_keyspaces.
    let ks = |id: i32| {
        ok(Value::List(
            ttype::STRUCT,
            vec![Value::Struct(vec![
                (1, bin("ks")),
                (
                    5,
                    Value::List(
                        ttype::STRUCT,
                        vec![Value::Struct(vec![(16, Value::I32(id))])],
                    ),
                ),
            ])],
        ))
    };
    assert!(compare("describe_keyspaces", &ks(1000), &ks(1001), &W).is_empty());
    assert_eq!(
        kinds("describe_keyspace", &ks(1000), &ks(1001)),
        [Kind::Value]
    );
}

#[test]
fn maps_and_struct_fields_tell_missing_and_extra() {
    let m = |pairs: &[(&str, &str)]| {
        ok(Value::Map(
            ttype::STRING,
            ttype::STRING,
            pairs.iter().map(|(k, v)| (bin(k), bin(v))).collect(),
        ))
    };
    assert_eq!(
        kinds("m", &m(&[("a", "1"), ("b", "2")]), &m(&[("a", "1")])),
        [Kind::Missing]
    );
    assert_eq!(
        kinds("m", &m(&[("a", "1")]), &m(&[("a", "2"), ("c", "3")])),
        [Kind::Value, Kind::Extra]
    );
    let s = |f: Vec<(i16, Value)>| ok(Value::Struct(f));
    assert_eq!(
        kinds("m", &s(vec![(1, bin("a"))]), &s(vec![(2, bin("a"))])),
        [Kind::Missing, Kind::Extra]
    );
}

#[test]
fn an_undecodable_reply_is_reported_not_a_panic() {
    let a = ok(bin("x"));
    assert_eq!(kinds("m", &a, &a[..a.len() - 3]), [Kind::Undecodable]);
    assert_eq!(kinds("m", b"\xff\xff", &a), [Kind::Undecodable]);
}

/// Replies cut, overwritten and grown at random (a corrupted capture, a
/// misbehaving target) are compared without a panic, under the methods
/// whose replies are masked or compared as sets too.
#[test]
fn mutated_replies_never_panic() {
    let base = ok(Value::List(
        ttype::STRUCT,
        vec![
            Value::Struct(vec![(1, bin("ks")), (2, list(&["a", "b"]))]),
            Value::Struct(vec![(1, bin("system")), (16, Value::I32(7))]),
        ],
    ));
    let mut rng = StdRng::seed_from_u64(0x2545_f491_4f6c_dd1d);
    for i in 0..20_000 {
        let b = mutated(&base, &mut rng);
        let method = ["describe_keyspaces", "get_slice", "describe_ring"][i % 3];
        let _ = compare(method, &base, &b, &W);
        let _ = compare(method, &b, &base, &W);
        let _ = compare(method, &b, &b, &W);
    }
}
