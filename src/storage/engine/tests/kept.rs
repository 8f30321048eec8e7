//! Engine tests of memtables kept as an emulated flush's SSTables: a
//! names read meets a kept table through its bloom filter of names, by
//! the names' bytes, where a memtable compares them.

use crate::marshal::{BytesType, IntegerType, TypeRef};
use crate::model::*;
use crate::partitioner::OrderPreservingPartitioner;
use crate::schema::{CfDef, KeyspaceDef, Schema};
use crate::storage::testutil::b;
use crate::storage::{Engine, EngineOptions, FlushedReads, ManualClock};
use std::sync::Arc;

/// An engine over `ks` with `Int` (IntegerType names) and `SupInt`
/// (IntegerType super column names).
fn open() -> Engine {
    let int = || Arc::new(IntegerType) as TypeRef;
    let ks = KeyspaceDef::new(
        "ks",
        [
            CfDef::new("ks", "Int", 1, int(), None),
            CfDef::new("ks", "SupInt", 2, int(), Some(Arc::new(BytesType))),
        ],
    );
    let schema = Arc::new(Schema::new(
        "test",
        Arc::new(OrderPreservingPartitioner),
        [ks],
    ));
    let clock = Arc::new(ManualClock::new(1_000_000));
    Engine::open(schema, EngineOptions::in_memory(clock)).unwrap()
}

fn write(e: &Engine, cf: &str, super_column: Option<Bytes>, name: Bytes) {
    let cell = Cell::live(name, b("v"), 1);
    let m = RowMutation {
        keyspace: "ks".into(),
        key: b("k"),
        updates: vec![(cf.into(), vec![Op::Put { super_column, cell }])],
    };
    e.apply(&m).unwrap();
}

/// The names a names read of `names` finds in row `k` of `cf`.
fn found(e: &Engine, cf: &str, names: &[&[u8]]) -> Vec<Bytes> {
    let cmd = ReadCommand {
        keyspace: "ks".into(),
        cf: cf.into(),
        super_column: None,
        slice: Slice::Names(names.iter().map(|n| n.to_vec()).collect()),
    };
    match e.read(&cmd, b"k").unwrap() {
        RowResult::Cells(cells) => cells.into_iter().map(|c| c.name).collect(),
        RowResult::SuperColumns(scs) => scs.into_iter().map(|s| s.name).collect(),
    }
}

#[test]
fn a_kept_table_finds_a_name_by_its_bytes() {
    let zero: &[u8] = &[0];
    let wide: &[u8] = &[0; 8];
    for (cf, super_cf) in [("Int", false), ("SupInt", true)] {
        let e = open();
        match super_cf {
            // a super column named 0x00, one sub-column in it
            true => write(&e, cf, Some(zero.to_vec()), b("c")),
            false => write(&e, cf, None, zero.to_vec()),
        }
        // In the memtable, 0x00 and eight zero bytes are one name.
        assert_eq!(found(&e, cf, &[wide]), vec![zero.to_vec()], "{cf}");
        e.keep_flushed(FlushedReads::InTurn).unwrap();
        assert!(found(&e, cf, &[wide]).is_empty(), "{cf}");
        // Of two names asked that compare equal, the first was asked.
        assert!(found(&e, cf, &[wide, zero]).is_empty(), "{cf}");
        assert_eq!(found(&e, cf, &[zero, wide]), vec![zero.to_vec()], "{cf}");
    }
}
