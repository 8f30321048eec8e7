//! Fixtures shared by the engine integration tests: a schema with a Standard
//! and a Super column family.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::Arc;
use supercolumn::marshal::{BytesType, TypeRef};
use supercolumn::partitioner::PartitionerRef;
use supercolumn::schema::{CfDef, ColumnType, KeyspaceDef, Schema};

fn cf(name: &str, id: u32, super_: bool, gc_grace: i32) -> (String, Arc<CfDef>) {
    let def = CfDef {
        keyspace: "ks".into(),
        name: name.into(),
        id,
        column_type: if super_ {
            ColumnType::Super
        } else {
            ColumnType::Standard
        },
        comparator: Arc::new(BytesType) as TypeRef,
        subcomparator: super_.then(|| Arc::new(BytesType) as TypeRef),
        comment: None,
        rows_cached: "0".into(),
        keys_cached: "0".into(),
        gc_grace_seconds: gc_grace,
    };
    (name.to_string(), Arc::new(def))
}

/// Keyspace `ks` with `Std` and `Super` (BytesType everywhere).
pub fn schema(partitioner: PartitionerRef, gc_grace: i32) -> Arc<Schema> {
    let cfs: BTreeMap<String, Arc<CfDef>> = [
        cf("Std", 1, false, gc_grace),
        cf("Super", 2, true, gc_grace),
    ]
    .into_iter()
    .collect();
    let ks = KeyspaceDef {
        name: "ks".into(),
        replica_placement_strategy: "org.apache.cassandra.locator.RackUnawareStrategy".into(),
        replication_factor: 1,
        endpoint_snitch: "org.apache.cassandra.locator.EndPointSnitch".into(),
        cfs,
    };
    Arc::new(Schema {
        cluster_name: "test".into(),
        partitioner,
        keyspaces: [("ks".to_string(), ks)].into_iter().collect(),
    })
}
