use super::*;
use crate::thrift::wire::{Value, Writer};

fn message(name: &str, args: Vec<(i16, Value)>) -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header(name, 1, 1);
    w.value(&Value::Struct(args));
    w.buf
}

fn bin(s: &str) -> Value {
    Value::Bin(s.as_bytes().to_vec())
}

fn read(version: &str, msg: &[u8]) -> Declared<'static> {
    let release = Release::find(version).unwrap();
    match as_declared(release, msg, BufferQuote::FromFrame) {
        Declared::Read(m) => Declared::Read(Cow::Owned(m.into_owned())),
        Declared::Refused(t, left) => Declared::Refused(t, left),
        Declared::FailsAfterChecks(m) => Declared::FailsAfterChecks(Cow::Owned(m.into_owned())),
        Declared::NullLists(m, names) => Declared::NullLists(Cow::Owned(m.into_owned()), names),
    }
}

fn range_slices(range: Vec<(i16, Value)>) -> Vec<u8> {
    message(
        "get_range_slices",
        vec![
            (1, Value::Struct(vec![(3, bin("Std"))])),
            (
                2,
                Value::Struct(vec![(1, Value::List(ttype::STRING, vec![bin("c")]))]),
            ),
            (3, Value::Struct(range)),
            (4, Value::I32(1)),
        ],
    )
}

#[test]
fn a_field_the_release_did_not_declare_is_cut() {
    let filter = Value::List(
        ttype::STRUCT,
        vec![Value::Struct(vec![
            (1, bin("c")),
            (2, Value::I32(0)),
            (3, bin("v")),
        ])],
    );
    let base = vec![(1, bin("")), (2, bin("")), (5, Value::I32(10))];
    let mut with = base.clone();
    with.insert(2, (6, filter));
    // 1.0 had no row_filter: read as if it had not been sent.
    assert_eq!(
        read("1.0.12", &range_slices(with.clone())),
        Declared::Read(Cow::Owned(range_slices(base)))
    );
    // 1.1 declared it: the message stays as it came.
    let msg = range_slices(with);
    assert_eq!(
        read("1.1.12", &msg),
        Declared::Read(Cow::Owned(msg.clone()))
    );
}

#[test]
fn a_field_of_another_wire_type_is_cut() {
    let msg = range_slices(vec![(1, Value::I32(7)), (2, bin("")), (5, Value::I32(10))]);
    assert_eq!(
        read("2.0.17", &msg),
        Declared::Read(Cow::Owned(range_slices(vec![
            (2, bin("")),
            (5, Value::I32(10))
        ])))
    );
}

#[test]
fn a_required_field_of_the_release_is_refused_in_its_words() {
    // 0.7 required a column's timestamp (a primitive: "not found").
    let msg = message(
        "insert",
        vec![
            (1, bin("k")),
            (2, Value::Struct(vec![(3, bin("Std"))])),
            (3, Value::Struct(vec![(1, bin("c")), (2, bin("v"))])),
            (4, Value::I32(1)),
        ],
    );
    let Declared::Refused(text, true) = read("0.7.10", &msg) else {
        panic!("0.7 refuses it before the end of the message");
    };
    assert!(
        text.starts_with(
            "Required field 'timestamp' was not found in serialized data! Struct: Column(name:"
        ),
        "{text}"
    );
    assert_eq!(
        read("0.8.10", &msg),
        Declared::Read(Cow::Owned(msg.clone()))
    );
}

#[test]
fn an_enum_value_the_release_lacked_is_null() {
    // LOCAL_ONE (11) came with 1.2: 0.7 read the level as null.
    let msg = message(
        "get",
        vec![
            (1, bin("k")),
            (2, Value::Struct(vec![(3, bin("Std")), (5, bin("c"))])),
            (3, Value::I32(11)),
        ],
    );
    let Declared::Refused(text, false) = read("0.7.10", &msg) else {
        panic!("0.7 refuses it at the end of the message");
    };
    assert!(
        text.starts_with("Required field 'consistency_level' was not present! Struct: get_args(")
    );
    assert!(matches!(read("1.2.19", &msg), Declared::Read(_)));
}

#[test]
fn a_required_level_left_out_is_the_idl_default() {
    // `4: required ConsistencyLevel consistency_level = ONE`: Java's args
    // struct held ONE, so its check passed; execute_cql3_query's level has
    // no default and is refused.
    let msg = message(
        "get_slice",
        vec![
            (1, bin("k")),
            (2, Value::Struct(vec![(3, bin("Std"))])),
            (
                3,
                Value::Struct(vec![(1, Value::List(ttype::STRING, vec![]))]),
            ),
        ],
    );
    assert!(matches!(read("1.2.9", &msg), Declared::Read(_)));
    assert!(matches!(read("2.2.19", &msg), Declared::Read(_)));
    // A level given as a value the release did not declare was read as
    // null over the default: refused as missing.
    let undeclared = message(
        "get_slice",
        vec![
            (1, bin("k")),
            (2, Value::Struct(vec![(3, bin("Std"))])),
            (
                3,
                Value::Struct(vec![(1, Value::List(ttype::STRING, vec![]))]),
            ),
            (4, Value::I32(99)),
        ],
    );
    for release in ["1.0.12", "1.2.9"] {
        let refused = read(release, &undeclared);
        assert!(
            matches!(&refused, Declared::Refused(text, _) if text.contains("consistency_level")),
            "{release}"
        );
    }
    let cql = message(
        "execute_cql3_query",
        vec![(1, bin("SELECT * FROM t")), (2, Value::I32(2))],
    );
    let Declared::Refused(text, false) = read("1.2.9", &cql) else {
        panic!("1.2.9 refuses it at the end of the message");
    };
    assert!(
        text.starts_with("Required field 'consistency' was not present!"),
        "{text}"
    );
}

#[test]
fn the_cut_reaches_into_maps_and_lists() {
    // A CfDef field of 1.0 (compaction_strategy, 24) inside a KsDef sent
    // to 0.7, and a counter column inside a batch (ColumnOrSuperColumn 3).
    let cf = |extra: bool| {
        let mut f = vec![(1, bin("ks")), (2, bin("cf"))];
        if extra {
            f.push((24, bin("LeveledCompactionStrategy")));
        }
        Value::Struct(f)
    };
    let ks = |extra: bool| {
        message(
            "system_add_keyspace",
            vec![(
                1,
                Value::Struct(vec![
                    (1, bin("ks")),
                    (2, bin("SimpleStrategy")),
                    (4, Value::I32(1)),
                    (5, Value::List(ttype::STRUCT, vec![cf(extra)])),
                ]),
            )],
        )
    };
    assert_eq!(
        read("0.7.10", &ks(true)),
        Declared::Read(Cow::Owned(ks(false)))
    );
    // 0.7's KsDef required replication_factor.
    let msg = message(
        "system_add_keyspace",
        vec![(
            1,
            Value::Struct(vec![
                (1, bin("ks")),
                (2, bin("SimpleStrategy")),
                (5, Value::List(ttype::STRUCT, vec![])),
            ]),
        )],
    );
    let Declared::Refused(text, true) = read("0.7.10", &msg) else {
        panic!("0.7 refuses it");
    };
    assert_eq!(
        text,
        "Required field 'replication_factor' was not found in serialized data! Struct: \
         KsDef(name:ks, strategy_class:SimpleStrategy, replication_factor:0, cf_defs:[])"
    );
    let counter = |c: bool| {
        let mut cosc = vec![];
        if c {
            cosc.push((3, Value::Struct(vec![(1, bin("c")), (2, Value::I64(1))])));
        }
        let mutation = Value::Struct(vec![(1, Value::Struct(cosc))]);
        let by_cf = Value::Map(
            ttype::STRING,
            ttype::LIST,
            vec![(bin("Std"), Value::List(ttype::STRUCT, vec![mutation]))],
        );
        message(
            "batch_mutate",
            vec![
                (
                    1,
                    Value::Map(ttype::STRING, ttype::MAP, vec![(bin("k"), by_cf)]),
                ),
                (2, Value::I32(1)),
            ],
        )
    };
    assert_eq!(
        read("0.7.10", &counter(true)),
        Declared::Read(Cow::Owned(counter(false)))
    );
}

#[test]
fn a_level_remove_did_not_require_fails_the_method_after_its_checks() {
    let msg = message(
        "remove",
        vec![
            (1, bin("k")),
            (2, Value::Struct(vec![(3, bin("Std"))])),
            (3, Value::I64(1)),
            (4, Value::I32(12)),
        ],
    );
    // The method ran with it, its checks first, in every release.
    let without = message(
        "remove",
        vec![
            (1, bin("k")),
            (2, Value::Struct(vec![(3, bin("Std"))])),
            (3, Value::I64(1)),
            (4, Value::I32(1)),
        ],
    );
    for v in ["1.0.12", "1.2.19", "2.0.17", "2.2.19"] {
        assert_eq!(
            read(v, &msg),
            Declared::FailsAfterChecks(Cow::Owned(without.clone()))
        );
    }
}

#[test]
fn an_absent_list_argument_is_null_and_written_in_empty() {
    let column = Value::Struct(vec![(1, bin("a")), (2, bin("1")), (3, Value::I64(1))]);
    let cas = |expected: Option<Value>| {
        let mut args = vec![(1, bin("k")), (2, bin("T"))];
        args.extend(expected.map(|e| (3, e)));
        args.push((4, Value::List(ttype::STRUCT, vec![column.clone()])));
        args.push((5, Value::I32(9)));
        args.push((6, Value::I32(2)));
        message("cas", args)
    };
    let given = cas(Some(Value::List(ttype::STRUCT, Vec::new())));
    assert_eq!(
        read("2.1.22", &given),
        Declared::Read(Cow::Owned(given.clone()))
    );
    match read("2.1.22", &cas(None)) {
        Declared::NullLists(m, names) => {
            assert_eq!(names, ["expected"]);
            // The empty list written in reads as the one sent would.
            let Declared::Read(back) = read("2.1.22", &m) else {
                panic!("the written message is read as it is");
            };
            assert_eq!(back.len(), given.len());
        }
        other => panic!("expected NullLists, got {other:?}"),
    }
}
