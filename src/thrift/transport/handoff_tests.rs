use super::*;
use crate::model::{Cell, Op, RowMutation};
use crate::node::test_nodes::Kit;
use crate::thrift::session::Generation;
use crate::thrift::wire::{mtype, Value, Writer};
use std::time::Duration;

fn stage(method: &str) -> Stage {
    Called::by_name(method.as_bytes()).map_or(Stage::Pool, |c| c.method.stage)
}

/// [`super::route`] of a request, its method looked up as the server does.
fn route(node: &Node, session: &Session, msg: &[u8]) -> Route {
    super::route(node, session, msg, Called::of(msg))
}

#[test]
fn methods_are_classified() {
    assert_eq!(stage("describe_version"), Stage::Metadata);
    assert_eq!(stage("set_keyspace"), Stage::Metadata);
    assert_eq!(stage("describe_splits"), Stage::Pool);
    assert_eq!(stage("login"), Stage::Pool);
    assert_eq!(stage("get_string_property"), Stage::Pool);
    assert_eq!(stage("batch_mutate"), Stage::Mutation);
    assert_eq!(stage("get_slice"), Stage::Read);
    assert_eq!(stage("get_range_slices"), Stage::Pool);
    assert_eq!(stage("execute_cql3_query"), Stage::Pool);
    assert_eq!(stage("cas"), Stage::Pool);
    assert_eq!(stage("truncate"), Stage::Pool);
    assert_eq!(stage("no_such_method"), Stage::Pool);
}

/// A node on disk (so SSTables and a commit log exist), its commit log
/// synced periodically (writes do not wait for an fsync).
fn node(dir: &std::path::Path) -> Node {
    Kit::default().on_disk(dir).node()
}

fn call(name: &str, args: Value) -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header(name, mtype::CALL, 1);
    w.value(&args);
    w.buf
}

fn bin(s: &str) -> Value {
    Value::Bin(s.as_bytes().to_vec())
}

/// 19.x `get_slice(key, ColumnParent(cf), predicate, ONE)`.
fn get_slice(cf: &str) -> Vec<u8> {
    let range = Value::Struct(vec![
        (1, bin("")),
        (2, bin("")),
        (3, Value::Bool(false)),
        (4, Value::I32(10)),
    ]);
    call(
        "get_slice",
        Value::Struct(vec![
            (1, bin("k")),
            (2, Value::Struct(vec![(3, bin(cf))])),
            (3, Value::Struct(vec![(2, range)])),
            (4, Value::I32(1)),
        ]),
    )
}

fn session19() -> Session {
    let mut s = Session {
        generation: Some(Generation::Api19),
        ..Session::default()
    };
    s.api19.keyspace = Some("CT".into());
    s
}

#[test]
fn calls_that_cannot_wait_run_inline_and_others_on_the_pool() {
    let dir = tempfile::tempdir().unwrap();
    let node = node(dir.path());
    let s = session19();
    let version = call("describe_version", Value::Struct(vec![]));
    assert_eq!(route(&node, &s, &version), Route::Inline);
    let cql = call(
        "execute_cql3_query",
        Value::Struct(vec![(1, bin("SELECT * FROM x"))]),
    );
    assert_eq!(route(&node, &s, &cql), Route::Pool);
    let insert = call("insert", Value::Struct(vec![(1, bin("k"))]));
    assert_eq!(route(&node, &s, &insert), Route::Inline);
    // Until the connection shows its generation, data calls go to the pool.
    assert_eq!(route(&node, &Session::default(), &insert), Route::Pool);
    let big = call(
        "insert",
        Value::Struct(vec![(1, Value::Bin(vec![0; INLINE_MAX_REQUEST]))]),
    );
    assert_eq!(route(&node, &s, &big), Route::Pool);

    // A read is an attempt whatever its CF holds (memtables only, an
    // SSTable, or nothing by that name: the read meets what would wait).
    assert_eq!(route(&node, &s, &get_slice("StdBytes")), Route::Attempt);
    let m = RowMutation {
        keyspace: "CT".into(),
        key: b"k".to_vec(),
        updates: vec![(
            "StdBytes".into(),
            vec![Op::Put {
                super_column: None,
                cell: Cell::live(b"c".to_vec(), b"v".to_vec(), 1),
            }],
        )],
    };
    node.engine().unwrap().apply(&m).unwrap();
    node.engine().unwrap().flush(Some("CT")).unwrap();
    assert_eq!(route(&node, &s, &get_slice("StdBytes")), Route::Attempt);
    assert_eq!(route(&node, &s, &get_slice("Nope")), Route::Attempt);
}

#[test]
fn writes_that_wait_for_an_fsync_go_to_the_pool() {
    let dir = tempfile::tempdir().unwrap();
    let node = Kit::default()
        .on_disk(dir.path())
        .batch_sync(Duration::from_millis(1))
        .node();
    let s = session19();
    let insert = call("insert", Value::Struct(vec![(1, bin("k"))]));
    assert_eq!(route(&node, &s, &insert), Route::Pool);
    let version = call("describe_version", Value::Struct(vec![]));
    assert_eq!(route(&node, &s, &version), Route::Inline);
}
