use super::*;
use crate::thrift::wire::{Value, Writer};
use thrift::protocol::TSerializable;

fn column(n: &[u8], v: &[u8], ts: i64) -> Value {
    Value::Struct(vec![
        (1, Value::Bin(n.to_vec())),
        (2, Value::Bin(v.to_vec())),
        (3, Value::I64(ts)),
    ])
}

/// The streamed conversion and the whole-struct path (canonical bytes, then
/// the generated reader) agree on every field of a Mutation, down to the
/// optional fields left out.
#[test]
fn a_mutation_converts_field_by_field() {
    let super_column = Value::Struct(vec![
        (1, Value::Bin(b"sc".to_vec())),
        (
            2,
            Value::List(
                ttype::STRUCT,
                vec![column(b"a", b"1", 1), column(b"b", b"2", 2)],
            ),
        ),
    ]);
    let predicate = Value::Struct(vec![
        (
            1,
            Value::List(ttype::STRING, vec![Value::Bin(b"x".to_vec())]),
        ),
        (
            2,
            Value::Struct(vec![
                (1, Value::Bin(vec![])),
                (2, Value::Bin(vec![])),
                (3, Value::Bool(true)),
                (4, Value::I32(5)),
            ]),
        ),
    ]);
    let cases = [
        Value::Struct(vec![(1, Value::Struct(vec![(1, column(b"n", b"v", 7))]))]),
        Value::Struct(vec![(1, Value::Struct(vec![(2, super_column)]))]),
        Value::Struct(vec![(
            2,
            Value::Struct(vec![
                (1, Value::I64(9)),
                (2, Value::Bin(b"s".to_vec())),
                (3, predicate),
            ]),
        )]),
        Value::Struct(vec![(2, Value::Struct(vec![(1, Value::I64(3))]))]),
    ];
    for case in cases {
        let mut w = Writer::new();
        w.value(&case);
        let got = read_element(&mut Reader::new(&w.buf), BATCH_MUTATE, 4).unwrap();
        let J::Struct(s) =
            javaread::read_value(&mut Reader::new(&w.buf), &ELEMENT_MUTATION, 4).unwrap()
        else {
            panic!("not a struct");
        };
        let mut canonical = Writer::new();
        canonical.value(&javaread::to_value(&s));
        let mut input = bounded::BoundedInput::new(&canonical.buf);
        let want = t::Mutation::read_from_in_protocol(&mut input).unwrap();
        assert_eq!(got, want);
    }
}

#[test]
fn a_column_or_super_column_becomes_an_insert_mutation() {
    let case = Value::Struct(vec![(1, column(b"n", b"v", 7))]);
    let mut w = Writer::new();
    w.value(&case);
    let got = read_element(&mut Reader::new(&w.buf), BATCH_INSERT, 3).unwrap();
    let want = t::Mutation::new(
        t::ColumnOrSuperColumn::new(t::Column::new(b"n".to_vec(), b"v".to_vec(), 7), None),
        None,
    );
    assert_eq!(got, want);
}
