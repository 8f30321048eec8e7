use super::*;
use crate::node::test_nodes::{self, Kit};
use crate::thrift::wire::{ttype, Value};
use rand::{Rng, SeedableRng};

fn node() -> Node {
    Kit::default().node()
}

fn call(name: &str, args: Value) -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header(name, mtype::CALL, 5);
    w.value(&args);
    w.buf
}

fn bin(s: &str) -> Value {
    Value::Bin(s.as_bytes().to_vec())
}

fn samples(ks: &str, cf: &str) -> Vec<Vec<u8>> {
    let path = Value::Struct(vec![(3, bin(cf)), (5, bin("c"))]);
    let parent = Value::Struct(vec![(3, bin(cf))]);
    let range = Value::Struct(vec![
        (1, bin("")),
        (2, bin("")),
        (3, Value::Bool(false)),
        (4, Value::I32(10)),
    ]);
    let pred = Value::Struct(vec![(2, range)]);
    vec![
        call(
            "insert",
            Value::Struct(vec![
                (1, bin(ks)),
                (2, bin("k")),
                (3, path.clone()),
                (4, bin("v")),
                (5, Value::I64(1)),
                (6, Value::I32(1)),
            ]),
        ),
        call(
            "get",
            Value::Struct(vec![
                (1, bin(ks)),
                (2, bin("k")),
                (3, path),
                (4, Value::I32(1)),
            ]),
        ),
        call(
            "get_slice",
            Value::Struct(vec![
                (1, bin(ks)),
                (2, bin("k")),
                (3, parent.clone()),
                (4, pred.clone()),
                (5, Value::I32(1)),
            ]),
        ),
        call(
            "get_range_slices",
            Value::Struct(vec![
                (1, bin(ks)),
                (2, parent),
                (3, pred),
                (
                    4,
                    Value::Struct(vec![(1, bin("")), (2, bin("")), (5, Value::I32(10))]),
                ),
                (5, Value::I32(1)),
            ]),
        ),
        call("describe_keyspace", Value::Struct(vec![(1, bin(ks))])),
    ]
}

/// Reads the reply's header: every answer must be a well-formed message for the same seqid.
fn check_reply(reply: &[u8]) {
    let mut r = Reader::new(reply);
    let h = r.message_header().expect("reply header");
    assert!(h.mtype == mtype::REPLY || h.mtype == mtype::EXCEPTION);
    r.value(ttype::STRUCT, 0).expect("reply body");
}

#[test]
fn valid_calls_are_answered() {
    let node = node();
    let mut session = Session::default();
    for msg in samples("CT", "StdBytes") {
        let reply = handle(&node, &mut session, &msg).unwrap().unwrap();
        check_reply(&reply);
        let mut r = Reader::new(&reply);
        assert_eq!(r.message_header().unwrap().mtype, mtype::REPLY);
    }
}

#[test]
fn mangled_calls_never_panic() {
    let node = node();
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x5eed);
    let base = samples("CT", "SupBytes");
    for i in 0..4000 {
        let mut msg = base[i % base.len()].clone();
        match i % 3 {
            0 => {
                let cut = rng.gen_range(0..msg.len());
                msg.truncate(cut);
            }
            1 => {
                for _ in 0..rng.gen_range(1..4) {
                    let at = rng.gen_range(0..msg.len());
                    msg[at] = rng.gen();
                }
            }
            _ => {
                let at = rng.gen_range(0..msg.len());
                let junk: Vec<u8> = (0..rng.gen_range(1..16)).map(|_| rng.gen()).collect();
                msg.splice(at..at, junk);
            }
        }
        let mut session = Session::default();
        if let Ok(Some(reply)) = handle(&node, &mut session, &msg) {
            check_reply(&reply);
        }
    }
}

#[test]
fn every_method_is_found_by_its_name_with_its_rows_and_no_other_name_is() {
    let mut found = 0;
    for method in methods::all() {
        let c = Called::by_name(method.name.as_bytes()).expect(method.name);
        assert!(std::ptr::eq(c.method, method), "{}", method.name);
        assert!(
            c.api19.map(|r| r.name()) == api19::methods::row(method.name).map(|r| r.name()),
            "{}",
            method.name
        );
        assert!(
            c.api2.map(|m| m.name()) == idl::method(method.name).map(|m| m.name()),
            "{}",
            method.name
        );
        assert!(c.api19.is_some() || c.api2.is_some(), "{}", method.name);
        found += 1;
    }
    let only_06 = idl::METHODS
        .iter()
        .filter(|m| api19::methods::row(m.name()).is_none())
        .count();
    assert_eq!(found, api19::methods::METHODS.len() + only_06);
    // Near misses: prefixes, extensions, case, bytes that are not UTF-8.
    for name in [
        &b""[..],
        b"ge",
        b"gets",
        b"Get",
        b"get_slice ",
        b"describe_versio",
        b"describe_version\0",
        b"\xff\xfe",
        &[b'x'; 300],
    ] {
        assert!(Called::by_name(name).is_none(), "{name:?}");
    }
    let msg = call("describe_version", Value::Struct(vec![]));
    assert_eq!(
        Called::of(&msg).map(|c| c.method.name),
        Some("describe_version")
    );
    assert!(Called::of(&msg[..3]).is_none());
}

#[test]
fn generations_are_told_apart_by_wire_types_and_history() {
    use crate::thrift::session::{Generation as G, GenerationPolicy};
    let s = |t: u8| vec![(1, ttype::STRING), (2, t)];
    assert_eq!(shown_generation("get", &s(ttype::STRUCT)), Some(G::Api19));
    assert_eq!(shown_generation("get", &s(ttype::STRING)), Some(G::Api2));
    assert_eq!(
        shown_generation("login", &vec![(1, ttype::STRUCT)]),
        Some(G::Api19)
    );
    assert_eq!(
        shown_generation("batch_mutate", &vec![(1, ttype::MAP)]),
        Some(G::Api19)
    );
    assert_eq!(shown_generation("set_keyspace", &vec![]), Some(G::Api19));
    assert_eq!(shown_generation("get_range_slice", &vec![]), Some(G::Api2));
    assert_eq!(shown_generation("describe_keyspaces", &vec![]), None);
    let mut session = Session::default();
    assert_eq!(
        choose_generation("describe_keyspaces", &vec![], &session),
        G::Api2
    );
    session.shown = Some(G::Api19);
    assert_eq!(
        choose_generation("describe_keyspaces", &vec![], &session),
        G::Api19
    );
    session.policy = GenerationPolicy {
        pinned: Some(G::Api2),
        ..GenerationPolicy::default()
    };
    assert_eq!(
        choose_generation("set_keyspace", &vec![], &session),
        G::Api2
    );
}

#[test]
fn a_19x_call_with_a_missing_required_argument_is_a_protocol_error() {
    let n = node();
    let mut session = Session::default();
    // get with a ColumnPath (field 2) and a level (3), its key (1,
    // required without a default) missing.
    let msg = call(
        "get",
        Value::Struct(vec![
            (2, Value::Struct(vec![(3, bin("StdBytes"))])),
            (3, Value::I32(1)),
        ]),
    );
    let reply = handle(&n, &mut session, &msg).unwrap().unwrap();
    let mut r = Reader::new(&reply);
    let h = r.message_header().unwrap();
    assert_eq!(h.mtype, mtype::EXCEPTION);
    assert_eq!(
        session.generation,
        Some(crate::thrift::session::Generation::Api19)
    );
}

/// The streamed 0.6 batch reader answers as the whole-struct path does: the
/// same arguments with the map before the keyspace (or key) go that way.
#[test]
fn streamed_06_batches_answer_as_the_whole_struct_path() {
    let node = node();
    let column = |n: &str| Value::Struct(vec![(1, bin(n)), (2, bin("v")), (3, Value::I64(1))]);
    let cosc = |n: &str| Value::Struct(vec![(1, column(n))]);
    let insert = |n: &str| Value::Struct(vec![(1, cosc(n))]);
    let delete_sc = Value::Struct(vec![(
        2,
        Value::Struct(vec![(1, Value::I64(1)), (2, bin("s"))]),
    )]);
    let empty = Value::Struct(vec![]);
    let lists = |entries: Vec<(&str, Vec<Value>)>| {
        let entries = entries
            .into_iter()
            .map(|(cf, ms)| (bin(cf), Value::List(ttype::STRUCT, ms)));
        Value::Map(ttype::STRING, ttype::LIST, entries.collect())
    };
    let rows = |rows: Vec<(&str, Value)>| {
        let rows = rows.into_iter().map(|(k, v)| (bin(k), v));
        Value::Map(ttype::STRING, ttype::MAP, rows.collect())
    };
    let maps = vec![
        rows(vec![("k", lists(vec![("StdBytes", vec![insert("a")])]))]),
        rows(vec![
            ("k2", lists(vec![("Nope", vec![insert("a")])])),
            (
                "k1",
                lists(vec![("StdBytes", vec![insert("b"), empty.clone()])]),
            ),
        ]),
        rows(vec![("", lists(vec![("StdBytes", vec![insert("a")])]))]),
        rows(vec![("k", lists(vec![("StdLong", vec![insert("a")])]))]),
        rows(vec![("k", lists(vec![("StdBytes", vec![delete_sc])]))]),
        rows(vec![("k", lists(vec![("StdBytes", vec![])]))]),
        rows(vec![("k", lists(vec![]))]),
        rows(vec![]),
    ];
    let answer = |msg: &[u8]| handle(&node, &mut Session::default(), msg).unwrap();
    for ks in ["CT", "Nope"] {
        for map in &maps {
            let (ks, cl) = ((1, bin(ks)), (3, Value::I32(1)));
            let streamed = call(
                "batch_mutate",
                Value::Struct(vec![ks.clone(), (2, map.clone()), cl.clone()]),
            );
            let whole = call(
                "batch_mutate",
                Value::Struct(vec![(2, map.clone()), ks, cl]),
            );
            assert_eq!(answer(&streamed), answer(&whole), "{map:?}");
        }
        // The answers are the validation errors, in map order.
        let first = call(
            "batch_mutate",
            Value::Struct(vec![(1, bin(ks)), (2, maps[1].clone()), (3, Value::I32(1))]),
        );
        let why = if ks == "CT" {
            "Mutation must have one ColumnOrSuperColumn or one Deletion"
        } else {
            "Keyspace Nope does not exist in this schema."
        };
        let reply = answer(&first).unwrap();
        assert!(reply.windows(why.len()).any(|w| w == why.as_bytes()));
        let cfmaps = [
            lists(vec![("StdBytes", vec![cosc("a"), cosc("b")])]),
            lists(vec![("StdLong", vec![cosc("a")]), ("Nope", vec![])]),
            lists(vec![("StdBytes", vec![Value::Struct(vec![])])]),
            lists(vec![]),
        ];
        for cfmap in cfmaps {
            for key in ["k", ""] {
                let (ks, key, cl) = ((1, bin(ks)), (2, bin(key)), (4, Value::I32(1)));
                let fields = vec![ks.clone(), key.clone(), (3, cfmap.clone()), cl.clone()];
                let streamed = call("batch_insert", Value::Struct(fields));
                let whole = call(
                    "batch_insert",
                    Value::Struct(vec![(3, cfmap.clone()), ks, key, cl]),
                );
                assert_eq!(answer(&streamed), answer(&whole), "{cfmap:?}");
            }
        }
    }
}

/// A node whose column families are stored on disk (so they have SSTables).
fn node_on_disk(dir: &std::path::Path) -> Node {
    Kit::default().on_disk(dir).node()
}

#[test]
fn a_read_that_would_wait_is_typed_and_run_again_where_it_may_wait() {
    use crate::node::route::attempt;
    use test_nodes::missing_everything;
    let dir = tempfile::tempdir().unwrap();
    let node = node_on_disk(dir.path());
    let mut session = Session::default();
    let calls = samples("CT", "StdBytes");
    let (insert, get06) = (&calls[0], &calls[1]);
    let reply = handle(&node, &mut session, insert).unwrap().unwrap();
    assert_eq!(
        Reader::new(&reply).message_header().unwrap().mtype,
        mtype::REPLY
    );
    node.engine().unwrap().flush(Some("CT")).unwrap();
    let get19 = call(
        "get",
        Value::Struct(vec![
            (1, bin("k")),
            (2, Value::Struct(vec![(3, bin("StdBytes")), (5, bin("c"))])),
            (3, Value::I32(1)),
        ]),
    );
    session.api19.keyspace = Some("CT".into());
    for (g, get) in [("0.6", get06), ("19.x", &get19)] {
        // The handler sees the miss as the typed error and notes it for
        // the server, whatever exception the reply it made carries.
        let noted = attempt(|| {
            missing_everything(|| {
                handle(&node, &mut session, get).unwrap();
                session.would_block
            })
        });
        assert_eq!(noted, None, "{g}: the attempt is given up");
        assert!(
            session.would_block,
            "{g}: the miss reached the handler typed"
        );
        // The server's attempt gives up, with the note taken.
        let attempted = missing_everything(|| {
            handle_without_waiting(&node, &mut session, get, None, Called::of(get))
        });
        assert!(attempted.is_none(), "{g}: a miss is not answered");
        assert!(!session.would_block, "{g}: the note is taken");
        // Run where it may wait, the call is answered with the column.
        let reply = handle(&node, &mut session, get).unwrap().unwrap();
        let mut r = Reader::new(&reply);
        assert_eq!(r.message_header().unwrap().mtype, mtype::REPLY, "{g}");
        assert!(!session.would_block);
    }
}

/// The generated argument readers over the bounded input protocol, as
/// dispatch runs them (the protocol's own tests are `wire::bounded`'s).
mod generated_readers {
    use crate::thrift::gen::cassandra19 as t;
    use crate::thrift::wire::bounded::{
        budget_left, charge, BoundedInput, DECODE_FACTOR, DECODE_SLACK,
    };
    use crate::thrift::wire::tests::{call_with_body as call, i32b, protocol_kind};
    use crate::thrift::wire::ttype;
    use thrift::protocol::{TBinaryOutputProtocol, TInputProtocol, TOutputProtocol, TSerializable};
    use thrift::ProtocolErrorKind;

    /// Runs `f` on a protocol positioned after the header of `msg`.
    fn after_header<T>(msg: &[u8], f: impl FnOnce(&mut BoundedInput<'_>) -> T) -> T {
        let mut p = BoundedInput::new(msg);
        p.read_message_begin().expect("header");
        f(&mut p)
    }

    fn encode<T: TSerializable>(v: &T) -> Vec<u8> {
        let mut out = Vec::new();
        let mut p = TBinaryOutputProtocol::new(&mut out, true);
        v.write_to_out_protocol(&mut p).unwrap();
        p.flush().unwrap();
        out
    }

    #[test]
    fn generated_structs_round_trip() {
        let m = t::Mutation::new(
            t::ColumnOrSuperColumn::new(
                None,
                t::SuperColumn::new(
                    b"sc".to_vec(),
                    vec![t::Column::new(b"a".to_vec(), b"v".to_vec(), 5, None)],
                ),
                None,
                None,
            ),
            t::Deletion::new(
                7,
                None,
                t::SlicePredicate::new(vec![b"x".to_vec(), Vec::new()], None),
            ),
        );
        let msg = call("x", &encode(&m));
        let back = after_header(&msg, |p| t::Mutation::read_from_in_protocol(p)).unwrap();
        assert_eq!(back, m);
        let ks = t::KsDef::new(
            "ks".to_string(),
            "SimpleStrategy".to_string(),
            [("replication_factor".to_string(), "1".to_string())]
                .into_iter()
                .collect::<std::collections::BTreeMap<_, _>>(),
            None,
            vec![],
            None,
        );
        let msg = call("x", &encode(&ks));
        let back = after_header(&msg, |p| t::KsDef::read_from_in_protocol(p)).unwrap();
        assert_eq!(back, ks);
    }

    /// A request that once aborted the server: a framed 19.x
    /// `multiget_slice` whose `list<binary>` claims 2^31-1 elements.
    #[test]
    fn the_43_byte_multiget_slice_is_a_protocol_error() {
        let mut body = vec![ttype::LIST, 0, 1, ttype::STRING];
        body.extend_from_slice(&i32b(i32::MAX));
        body.extend_from_slice(&i32b(1));
        body.push(b'k');
        let msg = call("multiget_slice", &body);
        assert_eq!(msg.len() + 4, 43);
        let e = after_header(&msg, |p| {
            t::CassandraMultigetSliceArgs::read_from_in_protocol(p).unwrap_err()
        });
        assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::SizeLimit), "{e}");
    }

    /// Hostile counts inside otherwise plausible generated structures, nested.
    #[test]
    fn nested_hostile_counts_are_refused() {
        // batch_mutate: map<binary, map<string, list<Mutation>>> whose inner
        // list claims 2^31-1 mutations.
        let mut body = vec![ttype::MAP, 0, 1, ttype::STRING, ttype::MAP];
        body.extend_from_slice(&i32b(1));
        body.extend_from_slice(&i32b(1));
        body.push(b'k');
        body.extend_from_slice(&[ttype::STRING, ttype::LIST]);
        body.extend_from_slice(&i32b(1));
        body.extend_from_slice(&i32b(2));
        body.extend_from_slice(b"cf");
        body.push(ttype::STRUCT);
        body.extend_from_slice(&i32b(i32::MAX));
        body.extend_from_slice(&[0; 16]);
        let msg = call("batch_mutate", &body);
        let e = after_header(&msg, |p| {
            t::CassandraBatchMutateArgs::read_from_in_protocol(p).unwrap_err()
        });
        assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::SizeLimit), "{e}");
        // An unknown field holding list<list<list<i64>>> with a huge inner count
        // is refused while being skipped.
        let mut body = vec![ttype::LIST, 0, 99, ttype::LIST];
        body.extend_from_slice(&i32b(1));
        body.push(ttype::LIST);
        body.extend_from_slice(&i32b(1));
        body.push(ttype::I64);
        body.extend_from_slice(&i32b(1 << 30));
        body.extend_from_slice(&[0; 32]);
        let msg = call("describe_version", &body);
        let e = after_header(&msg, |p| {
            t::CassandraDescribeVersionArgs::read_from_in_protocol(p).unwrap_err()
        });
        assert_eq!(protocol_kind(&e), Some(ProtocolErrorKind::SizeLimit), "{e}");
    }

    #[test]
    fn skipping_is_depth_limited_and_does_not_spend_the_budget() {
        // 100 nested structs in an unknown field.
        let mut body = Vec::new();
        for _ in 0..100 {
            body.extend_from_slice(&[ttype::STRUCT, 0, 1]);
        }
        body.extend(std::iter::repeat_n(0, 101));
        let msg = call("describe_version", &body);
        let e = after_header(&msg, |p| {
            t::CassandraDescribeVersionArgs::read_from_in_protocol(p).unwrap_err()
        });
        assert_eq!(
            protocol_kind(&e),
            Some(ProtocolErrorKind::DepthLimit),
            "{e}"
        );
        // A skipped 100 KB string costs nothing.
        let mut body = vec![ttype::STRING, 0, 9];
        body.extend_from_slice(&i32b(100_000));
        body.extend(std::iter::repeat_n(b'x', 100_000));
        body.push(0);
        let msg = call("describe_version", &body);
        after_header(&msg, |p| {
            let before = budget_left().unwrap();
            t::CassandraDescribeVersionArgs::read_from_in_protocol(p).unwrap();
            assert_eq!(budget_left(), Some(before));
        });
    }

    /// A list of empty structs is one byte per element on the wire and hundreds
    /// in memory: the budget stops it long before it is all built.
    #[test]
    fn struct_amplification_is_bounded_by_the_budget() {
        let n = 2_000_000usize;
        let mut body = vec![ttype::LIST, 0, 1, ttype::STRUCT];
        body.extend_from_slice(&i32b(n as i32));
        body.extend(std::iter::repeat_n(0, n));
        let msg = call("x", &body);
        let mut input = BoundedInput::new(&msg);
        input.read_message_begin().unwrap();
        input.read_field_begin().unwrap();
        let ident = input.read_list_begin().unwrap();
        assert_eq!(ident.size, n as i32);
        let mut built = 0usize;
        let err = loop {
            match t::Mutation::read_from_in_protocol(&mut input)
                .and_then(|m| charge(std::mem::size_of_val(&m)))
            {
                Ok(()) => built += 1,
                Err(e) => break e,
            }
        };
        assert_eq!(protocol_kind(&err), Some(ProtocolErrorKind::SizeLimit));
        let limit = msg.len() * DECODE_FACTOR + DECODE_SLACK;
        assert!(built * std::mem::size_of::<t::Mutation>() <= limit);
        assert!(built < n / 2, "built {built}");
        let thrift::Error::Protocol(p) = err else {
            unreachable!()
        };
        assert!(
            p.message.contains(&format!("{limit} bytes")),
            "{}",
            p.message
        );
    }
}
