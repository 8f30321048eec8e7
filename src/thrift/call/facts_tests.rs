use super::*;
use crate::thrift::call::names::tests::idl_methods;
use crate::thrift::session::GenerationPolicy;
use crate::thrift::wire::{Value, Writer};

fn bin(s: &str) -> Value {
    Value::Bin(s.as_bytes().to_vec())
}

fn message(method: &str, args: Vec<(i16, Value)>) -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header(method, mtype::CALL, 1);
    w.value(&Value::Struct(args));
    w.buf
}

fn parent(cf: &str) -> Value {
    Value::Struct(vec![(3, bin(cf))])
}

fn session() -> Session {
    Session::with_policy(GenerationPolicy::default())
}

#[test]
fn a_19x_get_names_key_level_and_the_connection_keyspace() {
    let mut s = session();
    s.v19.keyspace = Some("Blog".into());
    let msg = message(
        "get",
        vec![(1, bin("row1")), (2, parent("Posts")), (3, Value::I32(2))],
    );
    let f = read(&s, &msg).unwrap();
    assert_eq!(f.generation, Generation::V19);
    assert_eq!(f.header.name, "get");
    assert_eq!(f.keyspace.as_deref(), Some("Blog"));
    assert_eq!(f.column_families, ["Posts"]);
    assert_eq!(f.keys, [b"row1".to_vec()]);
    assert_eq!(f.consistency_level.as_deref(), Some("QUORUM"));
    assert_eq!(f.cql, None);
}

#[test]
fn a_06_multiget_slice_names_its_keyspace_keys_and_level() {
    let msg = message(
        "multiget_slice",
        vec![
            (1, bin("Keyspace1")),
            (2, Value::List(ttype::STRING, vec![bin("a"), bin("b")])),
            (3, parent("Standard1")),
            (4, Value::Struct(vec![])),
            (5, Value::I32(3)),
        ],
    );
    let f = read(&session(), &msg).unwrap();
    assert_eq!(f.generation, Generation::V06);
    assert_eq!(f.keyspace.as_deref(), Some("Keyspace1"));
    assert_eq!(f.keys, [b"a".to_vec(), b"b".to_vec()]);
    assert_eq!(f.consistency_level.as_deref(), Some("DCQUORUM"));
}

#[test]
fn batch_keys_and_column_families_and_a_defaulted_remove_level() {
    let cfmap = Value::Map(
        ttype::STRING,
        ttype::LIST,
        vec![(bin("CF1"), Value::List(ttype::STRUCT, vec![]))],
    );
    let msg = message(
        "batch_mutate",
        vec![
            (
                1,
                Value::Map(
                    ttype::STRING,
                    ttype::MAP,
                    vec![(bin("k1"), cfmap.clone()), (bin("k2"), cfmap)],
                ),
            ),
            (2, Value::I32(11)),
        ],
    );
    let f = read(&session(), &msg).unwrap();
    assert_eq!(f.generation, Generation::V19);
    assert_eq!(f.keys, [b"k1".to_vec(), b"k2".to_vec()]);
    assert_eq!(f.column_families, ["CF1"]);
    assert_eq!(f.consistency_level.as_deref(), Some("LOCAL_ONE"));
    let remove = message(
        "remove",
        vec![
            (1, bin("k")),
            (2, Value::Struct(vec![(3, bin("CF"))])),
            (3, Value::I64(1)),
        ],
    );
    let f = read(&session(), &remove).unwrap();
    assert_eq!(
        f.consistency_level.as_deref(),
        Some("ONE"),
        "the IDL default"
    );
}

#[test]
fn cql_calls_carry_their_text_plain_or_compressed() {
    let q = "SELECT * FROM users WHERE KEY = 'x'";
    let msg = message(
        "execute_cql3_query",
        vec![(1, bin(q)), (2, Value::I32(2)), (3, Value::I32(5))],
    );
    let f = read(&session(), &msg).unwrap();
    assert_eq!(f.cql.as_deref(), Some(q));
    assert_eq!(f.consistency_level.as_deref(), Some("ALL"));
    assert_eq!(f.column_families, ["users"]);
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut z, q.as_bytes()).unwrap();
    let msg = message(
        "execute_cql_query",
        vec![(1, Value::Bin(z.finish().unwrap())), (2, Value::I32(1))],
    );
    let f = read(&session(), &msg).unwrap();
    assert_eq!(f.cql.as_deref(), Some(q));
    assert_eq!(f.consistency_level, None, "CQL 2 has no level argument");
}

#[test]
fn an_unreadable_header_has_no_facts_and_garbage_arguments_are_tolerated() {
    assert!(read(&session(), b"\x80\x01").is_none());
    let mut msg = message("get", vec![(1, bin("k"))]);
    msg.truncate(msg.len() - 3);
    let f = read(&session(), &msg).unwrap();
    assert_eq!(f.header.name, "get");
    assert_eq!(f.consistency_level, None);
}

#[test]
fn outcomes_name_the_exception_and_its_why() {
    use crate::node::faults::{Fault, FaultKind};
    use crate::thrift::error::fault_reply;
    let header = MessageHeader {
        name: "get".into(),
        mtype: mtype::CALL,
        seqid: 1,
        strict: true,
    };
    let fault = |kind| Fault {
        rule: 1,
        kind,
        why: Some("because".into()),
        delay: None,
        applied: false,
    };
    let out = |kind| {
        let bytes = fault_reply(Generation::V19, &header, &fault(kind)).unwrap();
        reply_outcome(Generation::V19, "get", &bytes)
    };
    assert_eq!(out(FaultKind::TimedOut), ("TimedOutException".into(), None));
    assert_eq!(
        out(FaultKind::InvalidRequest),
        ("InvalidRequestException".into(), Some("because".into()))
    );
    assert_eq!(
        out(FaultKind::ApplicationError),
        ("TApplicationException".into(), Some("because".into()))
    );
    // A plain reply with its success field.
    let mut w = Writer::new();
    w.message_header("get", mtype::REPLY, 1);
    w.value(&Value::Struct(vec![(0, Value::Struct(vec![]))]));
    assert_eq!(
        reply_outcome(Generation::V19, "get", &w.buf),
        ("ok".into(), None)
    );
}

/// The tables here agree with the IDL files: every method's key and
/// consistency-level arguments, and the exception-carrying methods.
#[test]
fn the_argument_tables_agree_with_the_idl() {
    for (g, file) in [
        (Generation::V06, "cassandra-0.6.thrift"),
        (Generation::V19, "cassandra.thrift"),
    ] {
        for m in idl_methods(file) {
            let name = m.name.as_str();
            let levels: Vec<i16> = m
                .args
                .iter()
                .filter(|(_, ty, _)| ty == "ConsistencyLevel")
                .map(|(id, _, _)| *id)
                .collect();
            let expected = match name {
                "cas" => Some(6),
                _ => levels.first().copied(),
            };
            assert_eq!(
                consistency_field(g, name).map(|(id, _)| id),
                expected,
                "{file} {name}"
            );
            let keys = m.args.iter().find_map(|(id, ty, arg)| match arg.as_str() {
                "key" => Some(Keys::One(*id)),
                "keys" => Some(Keys::List(*id)),
                "mutation_map" => Some(Keys::InMap(*id)),
                _ => {
                    let _ = ty;
                    None
                }
            });
            assert_eq!(key_location(g, name), keys, "{file} {name}");
            assert!(
                crate::thrift::error::fault_carried(
                    g,
                    name,
                    crate::node::faults::FaultKind::ApplicationError
                ),
                "{file} {name}"
            );
            let carries_ire = m
                .throws
                .iter()
                .any(|(_, ty, _)| ty == "InvalidRequestException");
            assert_eq!(
                crate::thrift::error::fault_carried(
                    g,
                    name,
                    crate::node::faults::FaultKind::InvalidRequest
                ),
                carries_ire,
                "{file} {name}"
            );
        }
    }
}
