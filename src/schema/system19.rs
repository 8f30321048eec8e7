//! The system keyspaces Cassandra 1.2.9 lists in Thrift 19.x
//! `describe_keyspaces`, for the 19.x front end.
//!
//! 1.2.9 always has `system` (LocalStrategy, no options) and
//! `system_traces` (SimpleStrategy, replication_factor 1); `system_auth`
//! (SimpleStrategy, replication_factor 1) exists only when an authenticator
//! other than AllowAllAuthenticator is configured. All three are durable.
//! The 0.6 API keeps seeing the 0.6 `system` keyspace of [`super::system`],
//! which is what [`Schema`](super::Schema) holds; these definitions are
//! separate so neither API sees the other's system keyspace. None of them
//! is user-modifiable (see [`super::apply`]).
//!
//! Column families: `system` as 1.2.9's `describe_keyspace` listed it, the
//! eight that Thrift could handle: the four deprecated 0.6-era ones
//! (`newSystemMetadata`) and the four CQL3 tables declared `WITH COMPACT
//! STORAGE` (`IndexInfo`, `NodeIdInfo`, `hints`, `schema_keyspaces`), whose
//! definitions follow from their CREATE TABLE statements as 1.2 compiled
//! them. The other system tables (`local`, `peers`, `batchlog`,
//! `schema_columnfamilies`, ...) are non-compact CQL3 tables that 1.2 hid
//! from Thrift (CASSANDRA-4377). The CQL3 `system.schema_*` tables the shells
//! read are served by the CQL layer from the live schema, not from here.

use super::{
    CfDef, CfOptions, ColumnDef, ColumnType, KeyspaceDef, KeyspaceOrigin, SYSTEM_KEYSPACE,
};
use crate::marshal::{parse_type, TypeRef};
use std::collections::BTreeMap;
use std::sync::Arc;

/// 1.2's tracing keyspace.
pub const SYSTEM_TRACES_KEYSPACE: &str = "system_traces";
/// 1.2's authentication keyspace (present only with an authenticator).
pub const SYSTEM_AUTH_KEYSPACE: &str = "system_auth";

pub const LOCAL_STRATEGY: &str = "org.apache.cassandra.locator.LocalStrategy";
pub const SIMPLE_STRATEGY: &str = "org.apache.cassandra.locator.SimpleStrategy";

fn ty(name: &str) -> TypeRef {
    parse_type(name).expect("built-in type")
}

/// A column family as 1.2's `newSystemMetadata` declared it: no read
/// repair, no gc grace, no compression.
fn deprecated_cf(name: &str, id: u32, comparator: &str, sub: Option<&str>) -> CfDef {
    CfDef {
        keyspace: SYSTEM_KEYSPACE.to_string(),
        name: name.to_string(),
        id,
        column_type: if sub.is_some() {
            ColumnType::Super
        } else {
            ColumnType::Standard
        },
        comparator: ty(comparator),
        subcomparator: sub.map(ty),
        comment: Some("unused".to_string()),
        rows_cached: "0".to_string(),
        keys_cached: "0".to_string(),
        gc_grace_seconds: 0,
        options: CfOptions {
            read_repair_chance: 0.0,
            compression_options: BTreeMap::new(),
            ..CfOptions::default()
        },
    }
}

/// A CQL3 system table 1.2.9 declared `WITH COMPACT STORAGE`, as its
/// `CFMetaData.compile` built it: `newSystemMetadata` (no read repair, gc
/// grace 0, empty comment) under the statement's properties, with the
/// Snappy compression CQL3's CREATE TABLE adds when none is given. Those
/// properties set `bloom_filter_fp_chance` to its 0.01 default explicitly,
/// so (unlike the deprecated tables) Thrift reports it.
struct CompactTable<'a> {
    name: &'a str,
    /// 1.2's old numeric id where it had one (never sent over Thrift).
    id: u32,
    comparator: &'a str,
    key_validator: &'a str,
    key_alias: &'a str,
    /// Clustering column names (stored for the CQL layer, not described).
    column_aliases: &'a [&'a str],
    /// The value column of a composite-keyed table; `Some("")` when the
    /// table is all primary key.
    value_alias: Option<&'a str>,
    /// The values' type (`BytesType` unless the value column says otherwise).
    default_validator: &'a str,
    /// The declared columns of a table without clustering columns.
    columns: &'a [(&'a str, &'a str)],
    comment: &'a str,
    gc_grace_seconds: i32,
}

impl CompactTable<'_> {
    fn def(&self) -> CfDef {
        let bytes = |s: &str| s.as_bytes().to_vec();
        CfDef {
            keyspace: SYSTEM_KEYSPACE.to_string(),
            name: self.name.to_string(),
            id: self.id,
            column_type: ColumnType::Standard,
            comparator: ty(self.comparator),
            subcomparator: None,
            comment: Some(self.comment.to_string()),
            rows_cached: "0".to_string(),
            keys_cached: "0".to_string(),
            gc_grace_seconds: self.gc_grace_seconds,
            options: CfOptions {
                default_validation_class: ty(self.default_validator),
                key_validation_class: ty(self.key_validator),
                column_metadata: self
                    .columns
                    .iter()
                    .map(|(name, validator)| ColumnDef::plain(bytes(name), ty(validator)))
                    .collect(),
                read_repair_chance: 0.0,
                dclocal_read_repair_chance: 0.0,
                key_aliases: vec![bytes(self.key_alias)],
                column_aliases: self.column_aliases.iter().map(|a| bytes(a)).collect(),
                value_alias: self.value_alias.map(bytes),
                bloom_filter_fp_chance: Some(0.01),
                ..CfOptions::default()
            },
        }
    }
}

/// A built-in keyspace: durable, under `strategy` with `options`.
pub fn keyspace(
    name: &str,
    strategy: &str,
    options: &[(&str, &str)],
    cfs: Vec<CfDef>,
) -> KeyspaceDef {
    let strategy_options: BTreeMap<String, String> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    KeyspaceDef {
        name: name.to_string(),
        replica_placement_strategy: strategy.to_string(),
        replication_factor: 1,
        endpoint_snitch: "org.apache.cassandra.locator.SimpleSnitch".to_string(),
        cfs: cfs
            .into_iter()
            .map(|c| (c.name.clone(), Arc::new(c)))
            .collect(),
        strategy_options,
        durable_writes: true,
        origin: KeyspaceOrigin::System,
    }
}

/// 1.2.9's `system` keyspace as Thrift describes it.
pub fn system_keyspace() -> KeyspaceDef {
    // CREATE TABLE "IndexInfo" (table_name text, index_name text,
    // PRIMARY KEY (table_name, index_name)) WITH COMPACT STORAGE ...
    let index_info = CompactTable {
        name: "IndexInfo",
        id: 5,
        comparator: "UTF8Type",
        key_validator: "UTF8Type",
        key_alias: "table_name",
        column_aliases: &["index_name"],
        value_alias: Some(""),
        default_validator: "BytesType",
        columns: &[],
        comment: "indexes that have been completed",
        gc_grace_seconds: 0,
    };
    // CREATE TABLE "NodeIdInfo" (key text, id timeuuid, PRIMARY KEY (key, id))
    let node_id_info = CompactTable {
        name: "NodeIdInfo",
        id: 6,
        comparator: "TimeUUIDType",
        key_alias: "key",
        column_aliases: &["id"],
        comment: "counter node IDs",
        ..index_info
    };
    // CREATE TABLE schema_keyspaces (keyspace_name text PRIMARY KEY,
    // durable_writes boolean, strategy_class text, strategy_options text)
    // ... AND gc_grace_seconds=8640
    let schema_keyspaces = CompactTable {
        name: "schema_keyspaces",
        id: 8,
        key_alias: "keyspace_name",
        column_aliases: &[],
        value_alias: None,
        columns: &[
            ("durable_writes", "BooleanType"),
            ("strategy_class", "UTF8Type"),
            ("strategy_options", "UTF8Type"),
        ],
        comment: "keyspace definitions",
        gc_grace_seconds: 8640,
        ..index_info
    };
    // CREATE TABLE hints (target_id uuid, hint_id timeuuid, message_version
    // int, mutation blob, PRIMARY KEY (target_id, hint_id, message_version))
    // WITH COMPACT STORAGE AND COMPACTION={'class' : 'SizeTieredCompactionStrategy',
    // 'min_threshold' : 0, 'max_threshold' : 0} ... AND gc_grace_seconds=0
    let mut hints = CompactTable {
        name: "hints",
        id: 11,
        comparator: "CompositeType(TimeUUIDType,Int32Type)",
        key_validator: "UUIDType",
        key_alias: "target_id",
        column_aliases: &["hint_id", "message_version"],
        value_alias: Some("mutation"),
        comment: "hints awaiting delivery",
        ..index_info
    }
    .def();
    hints.options.min_compaction_threshold = 0;
    hints.options.max_compaction_threshold = 0;
    hints.options.compaction_strategy_options = [("min_threshold", "0"), ("max_threshold", "0")]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    keyspace(
        SYSTEM_KEYSPACE,
        LOCAL_STRATEGY,
        &[],
        vec![
            deprecated_cf("LocationInfo", 0, "BytesType", None),
            deprecated_cf("HintsColumnFamily", 1, "BytesType", Some("BytesType")),
            deprecated_cf("Migrations", 2, "TimeUUIDType", None),
            deprecated_cf("Schema", 3, "UTF8Type", None),
            index_info.def(),
            node_id_info.def(),
            schema_keyspaces.def(),
            hints,
        ],
    )
}

/// 1.2.9's `system_traces` keyspace (its two tables are CQL3 composites,
/// which 1.2 hides from Thrift).
pub fn system_traces_keyspace() -> KeyspaceDef {
    keyspace(
        SYSTEM_TRACES_KEYSPACE,
        SIMPLE_STRATEGY,
        &[("replication_factor", "1")],
        Vec::new(),
    )
}

/// 1.2.9's `system_auth` keyspace (its `users` table is a CQL3 table,
/// hidden from Thrift).
pub fn system_auth_keyspace() -> KeyspaceDef {
    keyspace(
        SYSTEM_AUTH_KEYSPACE,
        SIMPLE_STRATEGY,
        &[("replication_factor", "1")],
        Vec::new(),
    )
}

/// The system keyspaces 19.x `describe_keyspaces` lists before the user's,
/// by name; `with_auth` when an authenticator is configured.
pub fn system_keyspaces(with_auth: bool) -> Vec<KeyspaceDef> {
    let mut out = vec![system_keyspace(), system_traces_keyspace()];
    if with_auth {
        out.push(system_auth_keyspace());
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const M: &str = "org.apache.cassandra.db.marshal.";

    #[test]
    fn system_lists_the_eight_column_families_1_2_9_described() {
        let ks = system_keyspace().describe_v12();
        let names: Vec<&str> = ks.cf_defs.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "HintsColumnFamily",
                "IndexInfo",
                "LocationInfo",
                "Migrations",
                "NodeIdInfo",
                "Schema",
                "hints",
                "schema_keyspaces"
            ]
        );
        assert_eq!(
            ks.strategy_class,
            format!("org.apache.cassandra.locator.LocalStrategy")
        );
        let cf = |n: &str| ks.cf_defs.iter().find(|c| c.name == n).unwrap();
        for c in &ks.cf_defs {
            assert_eq!(c.read_repair_chance, Some(0.0), "{}", c.name);
            assert_eq!(c.dclocal_read_repair_chance, Some(0.0), "{}", c.name);
            assert_eq!(c.id, None, "1.2.9 sent no id");
            assert_eq!(c.caching.as_deref(), Some("KEYS_ONLY"));
            assert_eq!(c.replicate_on_write, Some(true));
        }
        // The deprecated ones: no compression, comment "unused".
        let loc = cf("LocationInfo");
        assert_eq!(loc.comment.as_deref(), Some("unused"));
        assert_eq!(loc.compression_options, Some(BTreeMap::new()));
        assert_eq!(loc.key_alias, None);
        let old_hints = cf("HintsColumnFamily");
        assert_eq!(old_hints.column_type.as_deref(), Some("Super"));
        assert_eq!(old_hints.subcomparator_type, Some(format!("{M}BytesType")));
        assert_eq!(
            cf("Migrations").comparator_type,
            Some(format!("{M}TimeUUIDType"))
        );
        assert_eq!(cf("Schema").comparator_type, Some(format!("{M}UTF8Type")));

        let hints = cf("hints");
        assert_eq!(
            hints.comparator_type,
            Some(format!("{M}CompositeType({M}TimeUUIDType,{M}Int32Type)"))
        );
        assert_eq!(hints.key_validation_class, Some(format!("{M}UUIDType")));
        assert_eq!(
            hints.default_validation_class,
            Some(format!("{M}BytesType"))
        );
        assert_eq!(hints.key_alias.as_deref(), Some(&b"target_id"[..]));
        assert_eq!(hints.comment.as_deref(), Some("hints awaiting delivery"));
        assert_eq!(hints.gc_grace_seconds, Some(0));
        assert_eq!(
            (
                hints.min_compaction_threshold,
                hints.max_compaction_threshold
            ),
            (Some(0), Some(0))
        );
        let opts = hints.compaction_strategy_options.clone().unwrap();
        assert_eq!(opts.len(), 2);
        assert_eq!(opts["min_threshold"], "0");
        assert_eq!(
            hints.compression_options.clone().unwrap()["sstable_compression"],
            "org.apache.cassandra.io.compress.SnappyCompressor"
        );

        let ks_cf = cf("schema_keyspaces");
        assert_eq!(ks_cf.gc_grace_seconds, Some(8640));
        assert_eq!(ks_cf.comparator_type, Some(format!("{M}UTF8Type")));
        assert_eq!(ks_cf.key_alias.as_deref(), Some(&b"keyspace_name"[..]));
        let cols: Vec<(String, String)> = ks_cf
            .column_metadata
            .clone()
            .unwrap()
            .into_iter()
            .map(|c| {
                (
                    String::from_utf8(c.name).unwrap(),
                    c.validation_class.unwrap(),
                )
            })
            .collect();
        // In 1.2.9's HashMap order, as its cassandra-cli printed them.
        assert_eq!(
            cols,
            [
                ("durable_writes".to_string(), format!("{M}BooleanType")),
                ("strategy_options".to_string(), format!("{M}UTF8Type")),
                ("strategy_class".to_string(), format!("{M}UTF8Type")),
            ]
        );
        // CQL3-compiled tables carry an explicit 0.01; the deprecated ones
        // report none (cassandra-cli prints "default").
        for name in ["IndexInfo", "NodeIdInfo", "hints", "schema_keyspaces"] {
            assert_eq!(cf(name).bloom_filter_fp_chance, Some(0.01), "{name}");
        }
        for name in ["LocationInfo", "HintsColumnFamily", "Migrations", "Schema"] {
            assert_eq!(cf(name).bloom_filter_fp_chance, None, "{name}");
        }
        let index = cf("IndexInfo");
        assert_eq!(
            index.comment.as_deref(),
            Some("indexes that have been completed")
        );
        assert_eq!(index.key_validation_class, Some(format!("{M}UTF8Type")));
        assert_eq!(index.key_alias.as_deref(), Some(&b"table_name"[..]));
        let node_ids = cf("NodeIdInfo");
        assert_eq!(node_ids.comparator_type, Some(format!("{M}TimeUUIDType")));
        assert_eq!(node_ids.comment.as_deref(), Some("counter node IDs"));
        assert_eq!(node_ids.key_alias.as_deref(), Some(&b"key"[..]));
    }
}
