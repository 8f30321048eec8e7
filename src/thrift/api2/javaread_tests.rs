use super::*;
use crate::thrift::api2::idl::method;
use crate::thrift::wire::{mtype, Writer};

fn args_of(name: &str, args: Value) -> Result<JStruct, ArgsError> {
    let mut w = Writer::new();
    w.value(&args);
    read_args(&mut Reader::new(&w.buf), &method(name).unwrap().args)
}

fn bin(s: &str) -> Value {
    Value::Bin(s.as_bytes().to_vec())
}

#[test]
fn unknown_consistency_level_is_null_and_required() {
    let cp = Value::Struct(vec![(3, bin("StdBytes")), (5, bin("c"))]);
    let err = args_of(
        "get",
        Value::Struct(vec![
            (1, bin("CT")),
            (2, bin("k")),
            (3, cp),
            (4, Value::I32(-1)),
        ]),
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Required field 'consistency_level' was not present! Struct: get_args(keyspace:CT, key:k, \
         column_path:ColumnPath(column_family:StdBytes, column:63), consistency_level:null)"
    );
}

#[test]
fn wrong_typed_primitive_is_not_found() {
    let cp = Value::Struct(vec![(3, bin("StdBytes")), (5, bin("c"))]);
    let args = Value::Struct(vec![
        (1, bin("CT")),
        (2, bin("k")),
        (3, cp),
        (4, bin("v")),
        (5, Value::I32(7)),
        (6, Value::I32(1)),
    ]);
    assert_eq!(
        args_of("insert", args).unwrap_err().to_string(),
        "Required field 'timestamp' was not found in serialized data! Struct: insert_args(keyspace:CT, key:k, \
         column_path:ColumnPath(column_family:StdBytes, column:63), value:76, timestamp:0, consistency_level:ONE)"
    );
}

#[test]
fn defaults_unknown_fields_and_canonical_form() {
    let args = Value::Struct(vec![
        (99, bin("x")),
        (1, bin("KS")),
        (2, Value::List(ttype::STRING, vec![bin("a")])),
    ]);
    let err = args_of("multiget", args).unwrap_err();
    assert!(err.to_string().starts_with("Required field 'column_path' was not present! Struct: multiget_args(keyspace:KS, keys:[a], column_path:null, consistency_level:ONE)"));
    let cp = Value::Struct(vec![(3, bin("S"))]);
    let s = args_of(
        "remove",
        Value::Struct(vec![
            (1, bin("KS")),
            (2, Value::Bin(vec![0xff])),
            (3, cp.clone()),
            (4, Value::I64(5)),
        ]),
    )
    .unwrap();
    assert_eq!(
        to_value(&s),
        Value::Struct(vec![
            (1, bin("KS")),
            (2, bin("\u{fffd}")),
            (3, cp),
            (4, Value::I64(5)),
            (5, Value::I32(1))
        ])
    );
}

#[test]
fn canonical_form_decodes_with_generated_code() {
    use crate::thrift::gen::cassandra06::CassandraBatchMutateArgs;
    let col = Value::Struct(vec![(1, bin("n")), (2, bin("v")), (3, Value::I64(1))]);
    let cosc = Value::Struct(vec![(1, col)]);
    let mutation = Value::Struct(vec![(1, cosc)]);
    let inner = Value::Map(
        ttype::STRING,
        ttype::LIST,
        vec![(bin("Cf"), Value::List(ttype::STRUCT, vec![mutation]))],
    );
    let outer = Value::Map(ttype::STRING, ttype::MAP, vec![(bin("row"), inner)]);
    let s = args_of(
        "batch_mutate",
        Value::Struct(vec![(1, bin("KS")), (2, outer), (3, Value::I32(2))]),
    )
    .unwrap();
    let mut w = Writer::new();
    w.message_header("batch_mutate", mtype::CALL, 1);
    w.value(&to_value(&s));
    let mut r = Reader::new(&w.buf);
    r.message_header().unwrap();
    let mut p = thrift::protocol::TBinaryInputProtocol::new(&w.buf[r.position()..], true);
    let a = CassandraBatchMutateArgs::read_from_in_protocol(&mut p).unwrap();
    assert_eq!(a.keyspace, "KS");
    assert_eq!(a.consistency_level.0, 2);
    assert_eq!(
        a.mutation_map["row"]["Cf"][0]
            .column_or_supercolumn
            .as_ref()
            .unwrap()
            .column
            .as_ref()
            .unwrap()
            .name,
        b"n"
    );
}

#[test]
fn maps_are_quoted_in_java_hashmap_order() {
    let keys = ["system", "CT", "Blog", "Other"];
    let m = Value::Map(
        ttype::STRING,
        ttype::MAP,
        keys.iter()
            .map(|k| (bin(k), Value::Map(ttype::STRING, ttype::LIST, vec![])))
            .collect(),
    );
    let err = args_of(
        "batch_mutate",
        Value::Struct(vec![(1, bin("KS")), (2, m), (3, Value::I32(99))]),
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("mutation_map:{CT={}, system={}, Blog={}, Other={}}"),
        "{err}"
    );
}

#[test]
fn unknown_level_in_an_unrequired_field_is_refused() {
    let cp = Value::Struct(vec![(3, bin("StdBytes"))]);
    let args = Value::Struct(vec![
        (1, bin("CT")),
        (2, bin("k")),
        (3, cp),
        (4, Value::I64(1)),
        (5, Value::I32(77)),
    ]);
    assert_eq!(
        args_of("remove", args).unwrap_err().to_string(),
        "Field 'consistency_level' holds an unknown ConsistencyLevel value! Struct: remove_args(keyspace:CT, key:k, \
         column_path:ColumnPath(column_family:StdBytes), timestamp:1, consistency_level:null)"
    );
}
