//! Fixtures shared by the engine integration tests: a schema with a Standard
//! and a Super column family, and one with a counter column family.
#![allow(dead_code)]

use std::sync::Arc;
use supercolumn::marshal::{BytesType, TypeRef};
use supercolumn::partitioner::PartitionerRef;
use supercolumn::schema::{CfDef, KeyspaceDef, Schema};

fn cf(name: &str, id: u32, super_: bool, gc_grace: i32) -> CfDef {
    let sub = super_.then(|| Arc::new(BytesType) as TypeRef);
    CfDef {
        keys_cached: "0".into(),
        gc_grace_seconds: gc_grace,
        ..CfDef::new("ks", name, id, Arc::new(BytesType), sub)
    }
}

/// Keyspace `ks` with `Std` and `Super` (BytesType everywhere).
pub fn schema(partitioner: PartitionerRef, gc_grace: i32) -> Arc<Schema> {
    let ks = KeyspaceDef::new(
        "ks",
        [
            cf("Std", 1, false, gc_grace),
            cf("Super", 2, true, gc_grace),
        ],
    );
    Arc::new(Schema::new("test", partitioner, [ks]))
}

/// Keyspace `ks` with the counter CF `Counts` (BytesType names).
pub fn counter_schema(partitioner: PartitionerRef) -> Arc<Schema> {
    let mut def = cf("Counts", 1, false, 864_000);
    def.options.default_validation_class = Arc::new(supercolumn::marshal::CounterColumnType);
    Arc::new(Schema::new(
        "test",
        partitioner,
        [KeyspaceDef::new("ks", [def])],
    ))
}

/// A mutation putting one cell into `ks.Std` under `key`.
pub fn put_std(key: &str, cell: supercolumn::model::Cell) -> supercolumn::model::RowMutation {
    use supercolumn::model::{Op, RowMutation};
    RowMutation {
        keyspace: "ks".into(),
        key: key.into(),
        updates: vec![(
            "Std".into(),
            vec![Op::Put {
                super_column: None,
                cell,
            }],
        )],
    }
}

/// A read of the first `count` columns of a `ks.Std` row (all of them with
/// `usize::MAX`).
pub fn std_columns(count: usize) -> supercolumn::model::ReadCommand {
    use supercolumn::model::{ReadCommand, Slice};
    ReadCommand {
        keyspace: "ks".into(),
        cf: "Std".into(),
        super_column: None,
        slice: Slice::Range {
            start: vec![],
            finish: vec![],
            reversed: false,
            count,
        },
    }
}
