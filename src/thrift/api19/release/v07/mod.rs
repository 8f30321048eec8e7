//! What Cassandra 0.7 answered as no later release did, applied to the 19.x
//! structs and errors when the node answers as it (each case is a
//! [`Behaviour`] declared with its release series in `crate::release`):
//! the deprecated `KsDef.replication_factor` (read until 1.0), 0.7's
//! system tables and memtable thresholds, and (in [`refusals`]) the
//! exception texts of the releases before 1.2 (0.7's truncate of an
//! unknown column family is [`super::truncation`]'s). Recorded in
//! `conformance/releases/0.7.10/`.

use super::super::defs::cf_def;
use crate::node::Node;
use crate::release::machine::MemtableDefaults;
use crate::release::{Behaviour, Release};
use crate::schema::{CfSpec, KeyspaceSpec, SYSTEM_KEYSPACE};
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;
use thrift::OrderedFloat;

mod refusals;
pub use refusals::{mutation_error, refused_list, reword, value_refusal};

fn does(node: &Node, behaviour: Behaviour) -> bool {
    node.release.is_some_and(|r| r.does(behaviour))
}

/// 0.7 checked a write's row key by itself, before its column family (an
/// insert's, a remove's path) or before anything else (each row of a
/// batch); 0.8 on checked
/// it with the column family's key validator, after the column family.
pub fn key_first(release: Option<&Release>, key: &[u8]) -> Result<(), ApiError> {
    if !release.is_some_and(|r| r.does(Behaviour::MessagesOf07)) {
        return Ok(());
    }
    if key.is_empty() {
        return Err(ApiError::invalid("Key may not be empty"));
    }
    if key.len() > usize::from(u16::MAX) {
        return Err(ApiError::invalid(format!(
            "Key length of {} is longer than maximum of 65535",
            key.len()
        )));
    }
    Ok(())
}

/// A requested keyspace's factor from the deprecated
/// `KsDef.replication_factor`, which SimpleStrategy and
/// OldNetworkTopologyStrategy took before 1.1 (0.7 required the field and
/// sent no strategy options).
pub fn read_replication_factor(node: &Node, spec: &mut KeyspaceSpec) {
    if !does(node, Behaviour::KsDefReplicationFactor) {
        return;
    }
    let Some(rf) = spec.replication_factor else {
        return;
    };
    let class = spec.strategy_class.as_str();
    if class.ends_with("SimpleStrategy") || class.ends_with("OldNetworkTopologyStrategy") {
        spec.strategy_options
            .get_or_insert_with(Default::default)
            .insert("replication_factor".to_string(), rf.to_string());
    }
}

/// A keyspace added or updated by `def`: 0.7 described its replication as
/// the KsDef had sent it (`KSMetaData` kept the options map given, none
/// included, and the factor), whatever the strategy made of them.
pub fn remember_replication(node: &Node, def: &t::KsDef) {
    if described_as_sent(node) {
        node.sent_replication.lock().insert(
            def.name.clone(),
            (def.strategy_options.clone(), def.replication_factor),
        );
    }
}

/// 0.7, whose `describe_keyspace` copied its `KSMetaData` fields out (0.8
/// on derived them from the strategy).
fn described_as_sent(node: &Node) -> bool {
    node.release.is_some_and(|r| !r.at_least(0, 8))
}

/// A keyspace dropped: nothing of its KsDef is kept.
pub fn forget_replication(node: &Node, keyspace: &str) {
    node.sent_replication.lock().remove(keyspace);
}

/// The replication of a user's keyspace as 0.7 described it (see
/// [`remember_replication`]); a keyspace no KsDef made keeps its own.
pub fn sent_replication(node: &Node, ks: &mut t::KsDef) {
    if !described_as_sent(node) {
        return;
    }
    if let Some((options, rf)) = node.sent_replication.lock().get(&ks.name) {
        ks.strategy_options = options.clone();
        ks.replication_factor = rf.or(ks.replication_factor);
    }
}

/// A keyspace as 0.7 described it: its own system tables, and a user's
/// column families with 0.7's memtable thresholds (sized from the JVM
/// heap when the node started: `crate::release::machine`).
pub fn shape_keyspace(release: &Release, heap_mb: u64, ks: &mut t::KsDef) {
    if !release.does(Behaviour::SchemaOf07) {
        return;
    }
    let Some(memtable) = release.memtable_defaults(heap_mb) else {
        return;
    };
    let system = ks.name == SYSTEM_KEYSPACE;
    for cf in &mut ks.cf_defs {
        if system {
            if let Some(old) = system_cf(&cf.name, memtable) {
                *cf = old;
            }
        } else {
            // What the client gave, else the defaults.
            cf.memtable_throughput_in_mb
                .get_or_insert(memtable.throughput_mb);
            cf.memtable_operations_in_millions
                .get_or_insert(OrderedFloat(memtable.million_ops));
        }
    }
}

/// One of 0.7's system column families.
struct SystemCf {
    name: &'static str,
    kind: &'static str,
    comparator: &'static str,
    subcomparator: Option<&'static str>,
    comment: &'static str,
    id: i32,
    /// The hints' thresholds came from the heap; the others' were fixed.
    hints: bool,
}

/// The ones beside the hints, which had the user's thresholds.
const fn small(
    name: &'static str,
    comparator: &'static str,
    comment: &'static str,
    id: i32,
) -> SystemCf {
    SystemCf {
        name,
        kind: "Standard",
        comparator,
        subcomparator: None,
        comment,
        id,
        hints: false,
    }
}

const SYSTEM_CFS: &[SystemCf] = &[
    SystemCf {
        name: "HintsColumnFamily",
        kind: "Super",
        comparator: "BytesType",
        subcomparator: Some("BytesType"),
        comment: "hinted handoff data",
        id: 1,
        hints: true,
    },
    small(
        "Migrations",
        "TimeUUIDType",
        "individual schema mutations",
        2,
    ),
    small("Schema", "UTF8Type", "current state of the schema", 3),
    small(
        "IndexInfo",
        "UTF8Type",
        "indexes that have been completed",
        5,
    ),
    small(
        "LocationInfo",
        "BytesType",
        "persistent metadata for the local node",
        0,
    ),
];

const MARSHAL: &str = "org.apache.cassandra.db.marshal.";

/// The fixed thresholds of the system column families beside the hints.
const SYSTEM_MEMTABLE: MemtableDefaults = MemtableDefaults {
    throughput_mb: 8,
    million_ops: 0.0375,
};

/// The CfDef 0.7 answered for one of its system column families.
fn system_cf(name: &str, user: MemtableDefaults) -> Option<t::CfDef> {
    let old = SYSTEM_CFS.iter().find(|c| c.name == name)?;
    let of = OrderedFloat;
    let mut cf = cf_def(&CfSpec::new(SYSTEM_KEYSPACE, name));
    cf.column_type = Some(old.kind.to_string());
    cf.comparator_type = Some(format!("{MARSHAL}{}", old.comparator));
    cf.subcomparator_type = old.subcomparator.map(|s| format!("{MARSHAL}{s}"));
    cf.comment = Some(old.comment.to_string());
    cf.row_cache_size = Some(of(0.0));
    cf.key_cache_size = Some(of(0.01));
    cf.read_repair_chance = Some(of(0.0));
    cf.column_metadata = Some(Vec::new());
    cf.gc_grace_seconds = Some(0);
    cf.default_validation_class = Some(format!("{MARSHAL}BytesType"));
    cf.id = Some(old.id);
    cf.min_compaction_threshold = Some(4);
    cf.max_compaction_threshold = Some(32);
    cf.row_cache_save_period_in_seconds = Some(0);
    cf.key_cache_save_period_in_seconds = Some(0);
    cf.memtable_flush_after_mins = Some(1440);
    let memtable = if old.hints {
        user.hints()
    } else {
        SYSTEM_MEMTABLE
    };
    cf.memtable_throughput_in_mb = Some(memtable.throughput_mb);
    cf.memtable_operations_in_millions = Some(of(memtable.million_ops));
    Some(cf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn release_0_7_describes_replication_as_sent() {
        let mut node = crate::node::test_nodes::Kit::default().node();
        node.release = Release::find("0.7.10");
        let options = BTreeMap::from([("replication_factor".to_string(), "1".to_string())]);
        let sent = |options: Option<BTreeMap<String, String>>, rf| {
            t::KsDef::new(
                "Ks".to_string(),
                "SimpleStrategy".to_string(),
                options,
                rf,
                vec![],
                None,
            )
        };
        let described = |node: &Node| {
            let mut ks = sent(None, Some(1));
            ks.strategy_options = Some(BTreeMap::new());
            sent_replication(node, &mut ks);
            (ks.strategy_options, ks.replication_factor)
        };
        remember_replication(&node, &sent(Some(options.clone()), Some(1)));
        assert_eq!(described(&node), (Some(options), Some(1)));
        remember_replication(&node, &sent(None, Some(2)));
        assert_eq!(described(&node), (None, Some(2)));
        forget_replication(&node, "Ks");
        assert_eq!(described(&node), (Some(BTreeMap::new()), Some(1)));
        // 0.8 on described what the strategy made of them.
        node.release = Release::find("0.8.10");
        remember_replication(&node, &sent(None, Some(2)));
        assert_eq!(described(&node), (Some(BTreeMap::new()), Some(1)));
    }

    #[test]
    fn system_tables_are_07s() {
        let user = Release::find("0.7.10")
            .unwrap()
            .memtable_defaults(1024)
            .unwrap();
        let hints = system_cf("HintsColumnFamily", user).unwrap();
        assert_eq!(hints.comment.as_deref(), Some("hinted handoff data"));
        assert_eq!(
            hints.subcomparator_type.as_deref(),
            Some("org.apache.cassandra.db.marshal.BytesType")
        );
        let schema = system_cf("Schema", user).unwrap();
        assert_eq!(schema.memtable_throughput_in_mb, Some(8));
        assert!(system_cf("hints", user).is_none());
    }

    #[test]
    fn release_0_7_checks_a_row_key_by_itself() {
        let old = Release::find("0.7.10");
        let why = |r, k: &[u8]| key_first(r, k).err().map(|e| e.to_string());
        assert!(why(old, b"").is_some_and(|w| w.contains("Key may not be empty")));
        let long = vec![b'x'; 65536];
        assert!(why(old, &long).is_some_and(|w| w.contains("Key length of 65536")));
        assert_eq!(why(old, b"k"), None);
        // 0.8 on: by the column family's validator, after it.
        assert_eq!(why(Release::find("0.8.10"), b""), None);
        assert_eq!(why(None, b""), None);
    }
}
