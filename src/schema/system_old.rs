//! The `system` keyspace as Cassandra 0.7 to 1.1 listed it over Thrift
//! 19.x, for the 19.x front end answering as one of those releases.
//!
//! Those releases declared their system column families in Java
//! (`CFMetaData`'s static definitions), each with a comment of its own, a
//! `KEY` key alias unless named otherwise, no read repair and no gc grace;
//! 1.0 added `Versions`, 1.1 the schema tables that replaced `Migrations`
//! and `Schema` (while still listing them). Which of them a release had is
//! the release's data ([`crate::release::Release::system_cfs`]); this
//! module only holds their definitions. The fields of the old `CfDef`
//! struct (cache sizes, memtable thresholds) are the Thrift front end's
//! business, not this module's.

use super::{
    CfDef, CfOptions, ColumnDef, ColumnType, KeyspaceDef, KeyspaceOrigin, SYSTEM_KEYSPACE,
};
use crate::marshal::{parse_type, TypeRef};
use std::collections::BTreeMap;
use std::sync::Arc;

/// One system column family of the releases before 1.2.
struct OldSystemCf {
    name: &'static str,
    /// The release's numeric id (masked in the recordings).
    id: u32,
    comparator: &'static str,
    /// The subcomparator of a Super column family.
    sub: Option<&'static str>,
    comment: &'static str,
    key_validator: &'static str,
    /// The key alias its definition named (1.1 named one only for the
    /// tables that had one; 0.8 and 1.0 filled in `KEY` for the rest).
    key_alias: Option<&'static str>,
    columns: &'static [(&'static str, &'static str)],
    gc_grace_seconds: i32,
}

const BYTES: &str = "BytesType";
const ASCII: &str = "AsciiType";
/// The schema tables of 1.1 kept their rows 120 days.
const SCHEMA_GC_GRACE: i32 = 10_368_000;

const fn plain(
    name: &'static str,
    id: u32,
    comparator: &'static str,
    comment: &'static str,
) -> OldSystemCf {
    OldSystemCf {
        name,
        id,
        comparator,
        sub: None,
        comment,
        key_validator: BYTES,
        key_alias: None,
        columns: &[],
        gc_grace_seconds: 0,
    }
}

/// 1.1's schema tables, keyed by keyspace name.
const fn schema_table(
    name: &'static str,
    id: u32,
    comparator: &'static str,
    comment: &'static str,
    columns: &'static [(&'static str, &'static str)],
) -> OldSystemCf {
    OldSystemCf {
        key_validator: ASCII,
        key_alias: Some("keyspace"),
        columns,
        gc_grace_seconds: SCHEMA_GC_GRACE,
        ..plain(name, id, comparator, comment)
    }
}

/// Every system column family some release from 0.7 to 1.1 listed.
const OLD_SYSTEM_CFS: &[OldSystemCf] = &[
    plain(
        "LocationInfo",
        0,
        BYTES,
        "persistent metadata for the local node",
    ),
    OldSystemCf {
        sub: Some(BYTES),
        ..plain("HintsColumnFamily", 1, BYTES, "hinted handoff data")
    },
    plain(
        "Migrations",
        2,
        "TimeUUIDType",
        "individual schema mutations",
    ),
    plain("Schema", 3, "UTF8Type", "current state of the schema"),
    plain(
        "IndexInfo",
        5,
        "UTF8Type",
        "indexes that have been completed",
    ),
    plain("NodeIdInfo", 6, "TimeUUIDType", "nodeId and their metadata"),
    OldSystemCf {
        key_validator: "UTF8Type",
        key_alias: Some("component"),
        columns: &[("version", "UTF8Type")],
        ..plain("Versions", 7, "UTF8Type", "server version information")
    },
    schema_table(
        "schema_keyspaces",
        8,
        ASCII,
        "Keyspace definitions",
        &[
            ("name", "UTF8Type"),
            ("durable_writes", "BooleanType"),
            ("strategy_class", ASCII),
            ("strategy_options", ASCII),
        ],
    ),
    schema_table(
        "schema_columnfamilies",
        9,
        "CompositeType(AsciiType,AsciiType)",
        "ColumnFamily definitions",
        &[],
    ),
    schema_table(
        "schema_columns",
        10,
        "CompositeType(AsciiType,AsciiType,AsciiType)",
        "ColumnFamily column attributes",
        &[],
    ),
];

fn ty(name: &str) -> TypeRef {
    parse_type(name).expect("built-in type")
}

impl OldSystemCf {
    fn def(&self) -> CfDef {
        let bytes = |s: &str| s.as_bytes().to_vec();
        CfDef {
            keyspace: SYSTEM_KEYSPACE.to_string(),
            name: self.name.to_string(),
            id: self.id,
            column_type: if self.sub.is_some() {
                ColumnType::Super
            } else {
                ColumnType::Standard
            },
            comparator: ty(self.comparator),
            subcomparator: self.sub.map(ty),
            comment: Some(self.comment.to_string()),
            rows_cached: "0".to_string(),
            keys_cached: "0".to_string(),
            gc_grace_seconds: self.gc_grace_seconds,
            options: CfOptions {
                key_validation_class: ty(self.key_validator),
                column_metadata: self
                    .columns
                    .iter()
                    .map(|(name, validator)| ColumnDef::plain(bytes(name), ty(validator)))
                    .collect(),
                read_repair_chance: 0.0,
                dclocal_read_repair_chance: 0.0,
                key_aliases: self.key_alias.map(bytes).into_iter().collect(),
                compression_options: BTreeMap::new(),
                ..CfOptions::default()
            },
        }
    }
}

/// The columns a system column family declared, in the order it declared
/// them (which decides the order of names sharing a bucket of its
/// `HashMap`).
pub fn declared_columns(cf: &str) -> Vec<&'static str> {
    OLD_SYSTEM_CFS
        .iter()
        .find(|c| c.name == cf)
        .map(|c| c.columns.iter().map(|(name, _)| *name).collect())
        .unwrap_or_default()
}

/// The fixed id a release before 1.2 gave its system column family `cf`
/// (user column families took theirs from a counter from 1000, see
/// [`super::creation`]).
pub fn system_cf_id(cf: &str) -> Option<u32> {
    OLD_SYSTEM_CFS.iter().find(|c| c.name == cf).map(|c| c.id)
}

/// The `system` keyspace of a release before 1.2 that listed the column
/// families `names` (unknown names are left out).
pub fn old_system_keyspace(names: &[&str]) -> KeyspaceDef {
    KeyspaceDef {
        name: SYSTEM_KEYSPACE.to_string(),
        replica_placement_strategy: "org.apache.cassandra.locator.LocalStrategy".to_string(),
        replication_factor: 1,
        endpoint_snitch: "org.apache.cassandra.locator.SimpleSnitch".to_string(),
        cfs: OLD_SYSTEM_CFS
            .iter()
            .filter(|cf| names.contains(&cf.name))
            .map(|cf| (cf.name.to_string(), Arc::new(cf.def())))
            .collect(),
        strategy_options: BTreeMap::new(),
        durable_writes: true,
        origin: KeyspaceOrigin::System,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_named_column_families_with_their_definitions() {
        let ks = old_system_keyspace(&["HintsColumnFamily", "Versions", "schema_keyspaces", "X"]);
        let d = ks.describe_v12();
        let names: Vec<&str> = d.cf_defs.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["HintsColumnFamily", "Versions", "schema_keyspaces"]);
        let hints = &d.cf_defs[0];
        assert_eq!(hints.column_type.as_deref(), Some("Super"));
        assert_eq!(hints.comment.as_deref(), Some("hinted handoff data"));
        assert_eq!(hints.key_alias, None);
        let versions = &d.cf_defs[1];
        assert_eq!(versions.key_alias.as_deref(), Some(&b"component"[..]));
        assert_eq!(versions.column_metadata.as_ref().map(Vec::len), Some(1));
        let schema = &d.cf_defs[2];
        assert_eq!(schema.gc_grace_seconds, Some(SCHEMA_GC_GRACE));
        assert_eq!(schema.compression_options, Some(BTreeMap::new()));
        assert_eq!(schema.bloom_filter_fp_chance, None);
    }

    #[test]
    fn system_column_families_have_their_fixed_ids() {
        assert_eq!(system_cf_id("LocationInfo"), Some(0));
        assert_eq!(system_cf_id("IndexInfo"), Some(5));
        assert_eq!(system_cf_id("schema_columns"), Some(10));
        assert_eq!(system_cf_id("Users"), None);
    }
}
