//! Every `get_slice` answered in place must be byte for byte the reply of
//! the generated processor (structs built from the general read) on the
//! same node, session and request: live, expiring, expired and deleted
//! columns, row and range deletions, bounds, reversal, counts, names in
//! any order, missing rows, errors, the reply cap, rows one SSTable holds
//! (small and wide), and the reads that fall back (rows several stores
//! hold, Super CFs); and every `get` likewise.

use super::*;
use crate::budget::{Budget, Charge};
use crate::call::{self, Scope};
use crate::model::{Cell, DeletionTime, Op, RowMutation};
use crate::node::test_nodes::{Kit, TestClock};
use crate::thrift::gen::cassandra19::TCassandraProcessFunctions as P19;
use crate::thrift::session::Session;
use crate::thrift::wire::bounded::BoundedInput;
use crate::thrift::wire::Value;

const NOW: i32 = 1_000_000;

fn session(ks: &str) -> Session {
    let mut s = Session::default();
    s.api19.keyspace = Some(ks.to_string());
    s
}

fn bin(b: &[u8]) -> Value {
    Value::Bin(b.to_vec())
}

/// A get_slice request: a range (`start`, `finish`, `reversed`, `count`)
/// or, with `names`, those names.
fn request(
    cf: &str,
    key: &[u8],
    names: Option<&[&[u8]]>,
    range: (&[u8], &[u8], bool, i32),
) -> Vec<u8> {
    let predicate = match names {
        Some(names) => Value::Struct(vec![(
            1,
            Value::List(ttype::STRING, names.iter().map(|n| bin(n)).collect()),
        )]),
        None => Value::Struct(vec![(
            2,
            Value::Struct(vec![
                (1, bin(range.0)),
                (2, bin(range.1)),
                (3, Value::Bool(range.2)),
                (4, Value::I32(range.3)),
            ]),
        )]),
    };
    let args = Value::Struct(vec![
        (1, bin(key)),
        (2, Value::Struct(vec![(3, bin(cf.as_bytes()))])),
        (3, predicate),
        (4, Value::I32(1)),
    ]);
    let mut w = Writer::new();
    w.message_header("get_slice", mtype::CALL, 7);
    w.value(&args);
    w.buf
}

/// A get request of `column` (of `super_column`, if any).
fn get_request(
    cf: &str,
    key: &[u8],
    super_column: Option<&[u8]>,
    column: Option<&[u8]>,
) -> Vec<u8> {
    let mut path = vec![(3, bin(cf.as_bytes()))];
    path.extend(super_column.map(|sc| (4, bin(sc))));
    path.extend(column.map(|c| (5, bin(c))));
    let args = Value::Struct(vec![
        (1, bin(key)),
        (2, Value::Struct(path)),
        (3, Value::I32(1)),
    ]);
    let mut w = Writer::new();
    w.message_header("get", mtype::CALL, 7);
    w.value(&args);
    w.buf
}

/// The reply of the generated `process_get_slice` (or `process_get`).
fn generated(node: &Node, ks: &str, msg: &[u8]) -> Vec<u8> {
    let mut session = session(ks);
    let h = Handler::new(node, &mut session).quoting(msg);
    let mut input = BoundedInput::new(msg);
    let get = input.read_message_begin().unwrap().name == "get";
    let mut out = Vec::new();
    let mut o = TBinaryOutputProtocol::new(&mut out, true);
    if get {
        P19::process_get(&h, 7, &mut input, &mut o).unwrap();
    } else {
        P19::process_get_slice(&h, 7, &mut input, &mut o).unwrap();
    }
    out
}

/// The reply of [`process_get_slice`] (or [`process_get`]).
fn in_place(node: &Node, ks: &str, msg: &[u8]) -> Vec<u8> {
    let mut session = session(ks);
    let h = Handler::new(node, &mut session).quoting(msg);
    let mut input = BoundedInput::new(msg);
    let get = input.read_message_begin().unwrap().name == "get";
    let mut out = Vec::new();
    if get {
        process_get(&h, 7, &mut input, &mut out).unwrap();
    } else {
        process_get_slice(&h, 7, &mut input, &mut out).unwrap();
    }
    out
}

fn same(node: &Node, ks: &str, msg: &[u8]) -> Vec<u8> {
    let want = generated(node, ks, msg);
    assert_eq!(in_place(node, ks, msg), want);
    want
}

fn node_at(clock: &TestClock, data_dir: Option<&std::path::Path>) -> Node {
    Kit::default().clock(clock).data_dir(data_dir).node()
}

fn put(node: &Node, ks: &str, cf: &str, key: &[u8], ops: Vec<Op>) {
    node.apply(&RowMutation {
        keyspace: ks.into(),
        key: key.to_vec(),
        updates: vec![(cf.into(), ops)],
    })
    .unwrap();
}

fn cell(c: Cell) -> Op {
    Op::Put {
        super_column: None,
        cell: c,
    }
}

/// A row of live, expiring, expired and deleted columns, some under a
/// range deletion, with names `0`..`19` (one byte each, as LongType
/// would refuse: `CT.StdBytes`).
fn mixed_row(node: &Node, key: &[u8]) {
    let mut ops = Vec::new();
    for i in 0u8..20 {
        let name = vec![b'a' + i];
        let value = vec![i; usize::from(i) * 3];
        ops.push(cell(match i % 5 {
            0 => Cell::expiring(name, value, 10, 30, NOW - 40), // expired
            1 => Cell::expiring(name, value, 10, 300, NOW),
            2 => Cell::tombstone(name, 10, NOW),
            3 => Cell::live(name, value, 5), // under the range deletion
            _ => Cell::live(name, value, 20),
        }));
    }
    ops.push(Op::DeleteRange {
        start: b"d".to_vec(),
        end: b"n".to_vec(),
        deletion: DeletionTime::new(8, NOW),
    });
    put(node, "CT", "StdBytes", key, ops);
}

fn ranges() -> Vec<(&'static [u8], &'static [u8], bool, i32)> {
    vec![
        (b"", b"", false, 100),
        (b"", b"", true, 100),
        (b"", b"", false, 3),
        (b"", b"", true, 2),
        (b"", b"", false, 0),
        (b"c", b"p", false, 100),
        (b"p", b"c", true, 4),
        (b"p", b"c", false, 100), // inverted: nothing
        (b"zz", b"", false, 100),
    ]
}

#[test]
fn slices_of_a_memtable_row_are_the_generated_bytes() {
    let clock = TestClock::new(NOW);
    let node = node_at(&clock, None);
    mixed_row(&node, b"k");
    // A row deleted after some of its columns were written.
    mixed_row(&node, b"gone");
    put(
        &node,
        "CT",
        "StdBytes",
        b"gone",
        vec![Op::DeleteRow(DeletionTime::new(15, NOW))],
    );
    for key in [&b"k"[..], b"gone", b"missing"] {
        for r in ranges() {
            same(&node, "CT", &request("StdBytes", key, None, r));
        }
        let names: &[&[u8]] = &[b"t", b"b", b"e", b"b", b"zz", b"g", b"a"];
        same(
            &node,
            "CT",
            &request("StdBytes", key, Some(names), ranges()[0]),
        );
    }
    // Some columns expire meanwhile.
    clock.advance(200);
    let reply = same(&node, "CT", &request("StdBytes", b"k", None, ranges()[0]));
    assert!(reply.len() > 40);
}

#[test]
fn names_follow_the_comparator() {
    let node = node_at(&TestClock::new(NOW), None);
    let long = |n: i64| n.to_be_bytes().to_vec();
    let ops = [-5i64, 3, 700, -1_000_000]
        .iter()
        .map(|&n| cell(Cell::live(long(n), long(n * 2), 1)))
        .collect();
    put(&node, "CT", "StdLong", b"k", ops);
    let names = [long(700), long(-5), long(12), long(-1_000_000), long(700)];
    let names: Vec<&[u8]> = names.iter().map(Vec::as_slice).collect();
    same(
        &node,
        "CT",
        &request("StdLong", b"k", Some(&names), ranges()[0]),
    );
    for r in [ranges()[0], ranges()[1], ranges()[3]] {
        same(&node, "CT", &request("StdLong", b"k", None, r));
    }
}

#[test]
fn errors_are_the_generated_bytes() {
    let node = node_at(&TestClock::new(NOW), None);
    mixed_row(&node, b"k");
    // Unknown CF, a negative count, an empty key, an unknown keyspace.
    same(&node, "CT", &request("Nope", b"k", None, ranges()[0]));
    same(
        &node,
        "CT",
        &request("StdBytes", b"k", None, (b"", b"", false, -1)),
    );
    same(&node, "CT", &request("StdBytes", b"", None, ranges()[0]));
    same(&node, "Nope", &request("StdBytes", b"k", None, ranges()[0]));
    // A reply over its cap, refused in both.
    let budget = Budget::new(1 << 20);
    call::enter(Scope::metered(60, Charge::new(&budget)), || {
        let refused = same(&node, "CT", &request("StdBytes", b"k", None, ranges()[0]));
        assert!(String::from_utf8_lossy(&refused).contains("maximum message length"));
    });
}

/// One way of answering a request on a node: its reply bytes.
type Answer = dyn Fn(&Node, &str, &[u8]) -> Vec<u8>;

#[test]
fn the_reply_meter_counts_as_for_a_held_row() {
    let node = node_at(&TestClock::new(NOW), None);
    mixed_row(&node, b"k");
    let msg = request("StdBytes", b"k", None, ranges()[0]);
    let charged = |answer: &Answer| {
        let budget = Budget::new(1 << 20);
        let ((), scope) = call::enter(Scope::metered(1 << 20, Charge::new(&budget)), || {
            answer(&node, "CT", &msg);
        });
        scope.into_charge().unwrap().bytes()
    };
    let held = charged(&generated);
    assert!(held > 0);
    assert_eq!(charged(&in_place), held);
}

#[test]
fn reads_that_cannot_be_in_place_fall_back() {
    let dir = tempfile::tempdir().unwrap();
    let node = node_at(&TestClock::new(NOW), Some(dir.path()));
    mixed_row(&node, b"k");
    node.engine().unwrap().flush(None).unwrap();
    // Newer versions of some columns over the SSTable's.
    let ops = vec![
        cell(Cell::live(b"e".to_vec(), b"new".to_vec(), 30)),
        cell(Cell::tombstone(b"j".to_vec(), 30, NOW)),
    ];
    put(&node, "CT", "StdBytes", b"k", ops);
    for r in ranges() {
        same(&node, "CT", &request("StdBytes", b"k", None, r));
    }
    // A Super CF's row.
    let sup = Op::Put {
        super_column: Some(b"sc".to_vec()),
        cell: Cell::live(b"c".to_vec(), b"v".to_vec(), 1),
    };
    put(&node, "CT", "SupBytes", b"k", vec![sup]);
    let reply = same(&node, "CT", &request("SupBytes", b"k", None, ranges()[0]));
    assert!(reply.windows(2).any(|w| w == b"sc"));
}

#[test]
fn slices_of_a_row_one_sstable_holds_are_the_generated_bytes() {
    let clock = TestClock::new(NOW);
    let dir = tempfile::tempdir().unwrap();
    let node = node_at(&clock, Some(dir.path()));
    mixed_row(&node, b"k");
    mixed_row(&node, b"gone");
    put(
        &node,
        "CT",
        "StdBytes",
        b"gone",
        vec![Op::DeleteRow(DeletionTime::new(15, NOW))],
    );
    // Wide enough for several column-index blocks.
    let wide = (0..3000u32)
        .map(|i| cell(Cell::live(i.to_be_bytes().to_vec(), vec![7; 90], 1)))
        .collect();
    put(&node, "CT", "StdBytes", b"wide", wide);
    node.engine().unwrap().flush(None).unwrap();
    // A row only the memtable holds, beside the SSTable.
    mixed_row(&node, b"fresh");
    let names: &[&[u8]] = &[b"t", b"b", b"e", b"b", b"zz", b"g", b"a"];
    for key in [&b"k"[..], b"gone", b"fresh", b"missing"] {
        for r in ranges() {
            same(&node, "CT", &request("StdBytes", key, None, r));
        }
        same(
            &node,
            "CT",
            &request("StdBytes", key, Some(names), ranges()[0]),
        );
        for name in names {
            same(&node, "CT", &get_request("StdBytes", key, None, Some(name)));
        }
    }
    let at = |i: u32| i.to_be_bytes();
    let (from, to) = (at(1500), at(2990));
    let wide_names: Vec<[u8; 4]> = [2999, 0, 1234, 5000, 1234].map(at).to_vec();
    let wide_names: Vec<&[u8]> = wide_names.iter().map(|n| &n[..]).collect();
    for r in [
        (&b""[..], &b""[..], false, 3000),
        (&b""[..], &b""[..], true, 100),
        (&from[..], &to[..], false, 2000),
        (&to[..], &from[..], true, 7),
    ] {
        let reply = same(&node, "CT", &request("StdBytes", b"wide", None, r));
        assert!(reply.len() > 7 * 90);
    }
    same(
        &node,
        "CT",
        &request("StdBytes", b"wide", Some(&wide_names), ranges()[0]),
    );
    // Some columns expire meanwhile.
    clock.advance(200);
    same(&node, "CT", &request("StdBytes", b"k", None, ranges()[0]));
}

#[test]
fn a_wide_row_is_declined_past_the_in_place_limit() {
    let node = node_at(&TestClock::new(NOW), None);
    let ops = (0..5000u32)
        .map(|i| cell(Cell::live(i.to_be_bytes().to_vec(), vec![1], 1)))
        .collect();
    put(&node, "CT", "StdBytes", b"wide", ops);
    for count in [10, 4096, 4097, 5000] {
        same(
            &node,
            "CT",
            &request("StdBytes", b"wide", None, (b"", b"", false, count)),
        );
    }
}

#[test]
fn gets_are_the_generated_bytes() {
    let clock = TestClock::new(NOW);
    let dir = tempfile::tempdir().unwrap();
    let node = node_at(&clock, Some(dir.path()));
    mixed_row(&node, b"k");
    // Live, expiring, expired, deleted, range-deleted, absent; a missing
    // row; an unknown CF; a path without a column.
    for name in [&b"e"[..], b"b", b"a", b"c", b"d", b"zz"] {
        same(
            &node,
            "CT",
            &get_request("StdBytes", b"k", None, Some(name)),
        );
        same(
            &node,
            "CT",
            &get_request("StdBytes", b"missing", None, Some(name)),
        );
    }
    let not_found = same(
        &node,
        "CT",
        &get_request("StdBytes", b"k", None, Some(b"c")),
    );
    assert!(not_found.len() < 40);
    same(&node, "CT", &get_request("Nope", b"k", None, Some(b"e")));
    same(&node, "CT", &get_request("StdBytes", b"k", None, None));
    same(&node, "CT", &get_request("StdBytes", b"", None, Some(b"e")));
    // The reply cap.
    let budget = Budget::new(1 << 20);
    call::enter(Scope::metered(31, Charge::new(&budget)), || {
        same(
            &node,
            "CT",
            &get_request("StdBytes", b"k", None, Some(b"t")),
        );
    });
    // A Super CF's column, and a column with an SSTable under it.
    let sup = Op::Put {
        super_column: Some(b"sc".to_vec()),
        cell: Cell::live(b"c".to_vec(), b"v".to_vec(), 1),
    };
    put(&node, "CT", "SupBytes", b"k", vec![sup]);
    same(
        &node,
        "CT",
        &get_request("SupBytes", b"k", Some(b"sc"), Some(b"c")),
    );
    same(
        &node,
        "CT",
        &get_request("SupBytes", b"k", Some(b"sc"), None),
    );
    node.engine().unwrap().flush(None).unwrap();
    put(
        &node,
        "CT",
        "StdBytes",
        b"k",
        vec![cell(Cell::live(b"e".to_vec(), b"w".to_vec(), 40))],
    );
    for name in [&b"e"[..], b"b", b"t"] {
        same(
            &node,
            "CT",
            &get_request("StdBytes", b"k", None, Some(name)),
        );
    }
}
