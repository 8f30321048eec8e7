//! Test fixtures shared by the engine's unit tests: a small schema and
//! mutation builders.
//!
//! Test-only; it must not be used by engine code.

use crate::marshal::{BytesType, CounterColumnType, LongType, TypeRef};
use crate::model::*;
use crate::partitioner::PartitionerRef;
use crate::schema::{CfDef, ColumnDef, IndexType, KeyspaceDef, Schema};
use std::sync::Arc;

/// Gc grace of the test CFs; tests that purge move the clock past it.
pub const GC_GRACE: i32 = 1000;

fn cf(name: &str, id: u32, super_: bool, cmp: TypeRef) -> CfDef {
    let sub = super_.then(|| Arc::new(BytesType) as TypeRef);
    CfDef {
        keys_cached: "0".into(),
        gc_grace_seconds: GC_GRACE,
        ..CfDef::new("ks", name, id, cmp, sub)
    }
}

fn counter_cf(name: &str, id: u32, super_: bool) -> CfDef {
    let mut def = cf(name, id, super_, Arc::new(BytesType));
    def.options.default_validation_class = Arc::new(CounterColumnType);
    def
}

/// A Standard CF with columns `age` (LongType values) and `state` (bytes,
/// KEYS-indexed) when `indexed`.
pub fn people_cf(id: u32, indexed: bool) -> CfDef {
    let mut def = cf("People", id, false, Arc::new(BytesType));
    let column = |name: &str, ty: TypeRef, index: bool| ColumnDef {
        name: b(name),
        validation_class: ty,
        index_type: index.then_some(IndexType::Keys),
        index_name: index.then(|| format!("{name}_idx")),
        index_options: None,
        component_index: None,
        is_static: false,
    };
    def.options.column_metadata = vec![
        column("age", Arc::new(LongType), false),
        column("state", Arc::new(BytesType), indexed),
    ];
    def
}

/// Keyspace `ks` with `Std` (bytes), `Long` (LongType), `Super` (bytes/bytes),
/// the counter CFs `Counter` (Standard) and `SuperCounter`, and `People`
/// (see [`people_cf`], indexed).
pub fn schema(partitioner: PartitionerRef) -> Arc<Schema> {
    let ks = KeyspaceDef::new(
        "ks",
        [
            cf("Std", 1, false, Arc::new(BytesType)),
            cf("Long", 2, false, Arc::new(LongType)),
            cf("Super", 3, true, Arc::new(BytesType)),
            counter_cf("Counter", 4, false),
            counter_cf("SuperCounter", 5, true),
            people_cf(6, true),
        ],
    );
    Arc::new(Schema::new("test", partitioner, [ks]))
}

pub fn b(s: &str) -> Bytes {
    s.as_bytes().to_vec()
}

pub fn put(cf: &str, key: &str, name: &str, value: &str, ts: i64) -> RowMutation {
    ops(
        cf,
        key,
        vec![Op::Put {
            super_column: None,
            cell: Cell::live(b(name), b(value), ts),
        }],
    )
}

pub fn sput(key: &str, sc: &str, name: &str, value: &str, ts: i64) -> RowMutation {
    ops(
        "Super",
        key,
        vec![Op::Put {
            super_column: Some(b(sc)),
            cell: Cell::live(b(name), b(value), ts),
        }],
    )
}

pub fn ops(cf: &str, key: &str, ops: Vec<Op>) -> RowMutation {
    RowMutation {
        keyspace: "ks".into(),
        key: b(key),
        updates: vec![(cf.to_string(), ops)],
    }
}

pub fn range(cf: &str, start: &str, finish: &str, reversed: bool, count: usize) -> ReadCommand {
    ReadCommand {
        keyspace: "ks".into(),
        cf: cf.into(),
        super_column: None,
        slice: Slice::Range {
            start: b(start),
            finish: b(finish),
            reversed,
            count,
        },
    }
}

pub fn names(cf: &str, ns: &[&str]) -> ReadCommand {
    ReadCommand {
        keyspace: "ks".into(),
        cf: cf.into(),
        super_column: None,
        slice: Slice::Names(ns.iter().map(|n| b(n)).collect()),
    }
}

/// (name, value) pairs of a Cells result, as strings.
pub fn pairs(r: &RowResult) -> Vec<(String, String)> {
    match r {
        RowResult::Cells(cs) => cs
            .iter()
            .map(|c| {
                (
                    String::from_utf8_lossy(&c.name).into_owned(),
                    String::from_utf8_lossy(&c.value).into_owned(),
                )
            })
            .collect(),
        RowResult::SuperColumns(_) => panic!("expected cells, got super columns"),
    }
}

/// Runs `f` with a log subscriber on this thread and returns what it logged
/// (plain text, one event a line), for tests of log lines.
pub fn capture_logs(f: impl FnOnce()) -> String {
    use std::sync::Mutex as StdMutex;

    #[derive(Clone, Default)]
    struct Capture(Arc<StdMutex<Vec<u8>>>);
    impl std::io::Write for Capture {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    let capture = Capture::default();
    let sink = capture.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || sink.clone())
        .with_ansi(false)
        .finish();
    tracing::subscriber::with_default(subscriber, f);
    let bytes = capture.0.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap()
}
