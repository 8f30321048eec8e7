use super::*;

/// Messages with a missing required field and what Cassandra 1.2.9 answered
/// each with (recorded from a 1.2.9 built from source).
const RECORDED: &str = include_str!("../../../tests/data/thrift/required-field-1.2.9.json");

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn quotes_the_arguments_as_cassandra_1_2_9_did() {
    let recorded: serde_json::Value = serde_json::from_str(RECORDED).unwrap();
    let cases = recorded["cases"].as_object().unwrap();
    assert!(cases.len() >= 14);
    for (name, case) in cases {
        let msg = unhex(case["msg"].as_str().unwrap());
        let expected = case["message"].as_str().unwrap();
        assert_eq!(
            required_field_error(&msg).as_deref(),
            Some(expected),
            "case {name}"
        );
    }
}

fn message(name: &str, args: &[(i16, Value)]) -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header(name, 1, 1);
    w.value(&Value::Struct(args.to_vec()));
    w.buf
}

use crate::thrift::wire::{Value, Writer};

fn bin(s: &str) -> Value {
    Value::Bin(s.as_bytes().to_vec())
}

#[test]
fn complete_arguments_are_not_quoted() {
    let msg = message(
        "get",
        &[
            (1, bin("k")),
            (2, Value::Struct(vec![(3, bin("Std")), (5, bin("c"))])),
            (3, Value::I32(1)),
        ],
    );
    assert_eq!(required_field_error(&msg), None);
    // The default level stands in for an absent one, as Java's constructor set it.
    let msg = message(
        "get",
        &[(1, bin("k")), (2, Value::Struct(vec![(3, bin("Std"))]))],
    );
    assert_eq!(required_field_error(&msg), None);
}

#[test]
fn unknown_methods_truncated_and_huge_messages_keep_the_short_text() {
    assert_eq!(required_field_error(&message("no_such_call", &[])), None);
    let whole = message("insert", &[(1, bin("k")), (4, Value::I32(42))]);
    assert_eq!(required_field_error(&whole[..whole.len() - 3]), None);
    let huge = message(
        "insert",
        &[(1, Value::Bin(vec![b'k'; QUOTE_MAX])), (4, Value::I32(42))],
    );
    assert_eq!(required_field_error(&huge), None);
}

#[test]
fn a_wrong_typed_field_is_skipped_as_java_did() {
    // key sent as an i32: skipped, so the key is missing.
    let msg = message(
        "get_slice",
        &[
            (1, Value::I32(7)),
            (2, Value::Struct(vec![(3, bin("Std"))])),
            (3, Value::Struct(vec![(1, Value::List(11, vec![]))])),
        ],
    );
    assert_eq!(
        required_field_error(&msg).as_deref(),
        Some(
            "Required field 'key' was not present! Struct: get_slice_args(key:null, \
             column_parent:ColumnParent(column_family:Std), \
             predicate:SlicePredicate(column_names:[]), consistency_level:ONE)"
        )
    );
}

#[test]
fn libthrift_0_9_quotes_a_binary_field_by_its_own_bytes() {
    // Recorded from 2.0.17, 2.1.22 and 2.2.19 (an undeclared level is null).
    let range = Value::Struct(vec![
        (1, bin("")),
        (2, bin("")),
        (3, Value::Bool(false)),
        (4, Value::I32(100)),
    ]);
    let msg = message(
        "get_slice",
        &[
            (1, bin("k")),
            (2, Value::Struct(vec![(3, bin("Std"))])),
            (3, Value::Struct(vec![(2, range)])),
            (4, Value::I32(99)),
        ],
    );
    assert_eq!(
        required_field_error_quoting(&msg, BufferQuote::OwnBytes).as_deref(),
        Some(
            "Required field 'consistency_level' was not present! Struct: get_slice_args(key:6B, \
             column_parent:ColumnParent(column_family:Std), predicate:SlicePredicate(\
             slice_range:SliceRange(start:, finish:, reversed:false, count:100)), \
             consistency_level:null)"
        )
    );
    // Up to 1.2, from the frame's start.
    let old = required_field_error_quoting(&msg, BufferQuote::FromFrame).unwrap();
    assert!(old.contains("get_slice_args(key:80 01 00 01"), "{old}");
}

#[test]
fn a_deletion_prints_its_set_fields_with_their_own_bytes() {
    use crate::thrift::gen::cassandra19 as t;
    let del = t::Deletion::new(Some(12i64), Some(b"s1".to_vec()), None::<t::SlicePredicate>);
    assert_eq!(
        super::deletion_to_string(&del),
        "Deletion(timestamp:12, super_column:73 31)"
    );
    let range = t::SliceRange::new(Vec::new(), b"z".to_vec(), false, 100);
    let predicate = t::SlicePredicate::new(None::<Vec<Vec<u8>>>, Some(range));
    let del = t::Deletion::new(None::<i64>, None::<Vec<u8>>, Some(predicate));
    assert_eq!(
        super::deletion_to_string(&del),
        "Deletion(predicate:SlicePredicate(slice_range:SliceRange(start:, finish:7A, reversed:false, count:100)))"
    );
}
