//! Builds a [`Schema`] from a parsed [`Config`]: resolves the partitioner and
//! every comparator by name (and, for a 0.7 `cassandra.yaml`, validators and
//! declared columns), assigns column-family ids, and adds the `system`
//! keyspace. The config's keyspaces only seed the schema: see
//! [`super::SchemaStore`] for how they meet the persisted one.
//!
//! Column-family ids. A CF's id is a pure function of its keyspace and name
//! ([`cf_id_for`]), so ids survive reordering, adding or removing other CFs in
//! the config file without any stored mapping:
//! `1000 + (first 4 bytes of MD5(keyspace ‖ 0x00 ‖ name), big-endian) mod (2^31 − 1000)`.
//! Ids below 1000 are reserved for the `system` keyspace (as in Cassandra 0.7+,
//! which also started user ids at 1000) and every id fits a Java `int`. Two
//! CFs whose ids collide (odds about n²/2^32) are refused with an error naming
//! both; renaming one resolves it. Renaming a CF gives it a new id, exactly as
//! renaming changed its file names in 0.6. Dynamic schema changes should use
//! the same function (and [`Schema::cf_by_id`] to detect a collision).

use super::system::system_keyspace;
use super::validate::default_index_name;
use super::{
    Caching, CfDef, CfOptions, ColumnDef, ColumnType, IndexType, KeyspaceDef, KeyspaceOrigin,
    Schema, SYSTEM_KEYSPACE,
};
use crate::config::{ColumnFamilyConfig, Config};
use crate::marshal::{parse_type, TypeRef};
use md5::{Digest, Md5};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Smallest id given to a user column family.
pub const FIRST_USER_CF_ID: u32 = 1000;

/// A config that parses but names something that does not exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SchemaError {
    /// The partitioner class is unknown or unsupported.
    #[error("{origin}:{line}: <Partitioner>: Invalid partitioner class {name}: {reason}")]
    Partitioner {
        origin: String,
        line: usize,
        name: String,
        reason: String,
    },

    /// A comparator named by `CompareWith` / `CompareSubcolumnsWith` is unknown.
    #[error(
        "{origin}:{line}: ColumnFamily {column_family} attribute {attribute}: \
         invalid comparator {name}: {reason}"
    )]
    Comparator {
        origin: String,
        line: usize,
        /// `Keyspace.ColumnFamily`.
        column_family: String,
        attribute: &'static str,
        name: String,
        reason: String,
    },

    /// A `column_metadata` entry of a `cassandra.yaml` column family is invalid.
    #[error("{origin}:{line}: column family {column_family} column_metadata: {message}")]
    Column {
        origin: String,
        line: usize,
        /// `Keyspace.ColumnFamily`.
        column_family: String,
        message: String,
    },

    /// Two column families hash to the same id.
    #[error("column families {first} and {second} would share the id {id}; rename one of them")]
    IdCollision {
        first: String,
        second: String,
        id: u32,
    },
}

/// The stable id of column family `cf` in `keyspace` (see the module docs).
pub fn cf_id_for(keyspace: &str, cf: &str) -> u32 {
    let mut md5 = Md5::new();
    md5.update(keyspace.as_bytes());
    md5.update([0u8]);
    md5.update(cf.as_bytes());
    let digest = md5.finalize();
    let h = u32::from_be_bytes([digest[0], digest[1], digest[2], digest[3]]);
    FIRST_USER_CF_ID + h % ((1u32 << 31) - FIRST_USER_CF_ID)
}

impl Schema {
    /// Resolves the partitioner and comparators of `config` into a schema
    /// holding its keyspaces plus `system` (see [`super::system`]).
    pub fn from_config(config: &Config) -> Result<Schema, SchemaError> {
        let line_of = |element: &str| config.line_of(element).unwrap_or(1);
        let partitioner = crate::partitioner::by_name(&config.partitioner).map_err(|e| {
            SchemaError::Partitioner {
                origin: config.origin.clone(),
                line: line_of("Partitioner"),
                name: config.partitioner.clone(),
                reason: e.0,
            }
        })?;

        let mut keyspaces = BTreeMap::new();
        let system = system_keyspace(config.gc_grace_seconds);
        let mut owners: BTreeMap<u32, String> = system
            .cfs
            .values()
            .map(|cf| (cf.id, format!("{SYSTEM_KEYSPACE}.{}", cf.name)))
            .collect();
        keyspaces.insert(SYSTEM_KEYSPACE.to_string(), system);

        let mut index_names = BTreeSet::new();
        for ks in &config.keyspaces {
            let mut cfs = BTreeMap::new();
            for cf in &ks.column_families {
                let def = column_family(config, &ks.name, cf, &mut index_names)?;
                let full_name = format!("{}.{}", ks.name, cf.name);
                if let Some(first) = owners.insert(def.id, full_name.clone()) {
                    return Err(SchemaError::IdCollision {
                        first,
                        second: full_name,
                        id: def.id,
                    });
                }
                cfs.insert(cf.name.clone(), Arc::new(def));
            }
            keyspaces.insert(
                ks.name.clone(),
                KeyspaceDef {
                    name: ks.name.clone(),
                    replica_placement_strategy: ks.replica_placement_strategy.clone(),
                    replication_factor: ks.replication_factor,
                    endpoint_snitch: ks.endpoint_snitch.clone(),
                    cfs,
                    strategy_options: ks.strategy_options.clone().unwrap_or_else(|| {
                        [(
                            "replication_factor".to_string(),
                            ks.replication_factor.to_string(),
                        )]
                        .into()
                    }),
                    durable_writes: true,
                    origin: KeyspaceOrigin::Config,
                },
            );
        }
        let mut creation_ids = super::creation::CreationIds::default();
        creation_ids.started(keyspaces.values());
        Ok(Schema {
            cluster_name: config.cluster_name.clone(),
            partitioner,
            keyspaces,
            retired_cf_ids: Default::default(),
            creation_ids,
            column_maps: Default::default(),
            user_types: Default::default(),
        })
    }
}

fn column_family(
    config: &Config,
    keyspace: &str,
    cf: &ColumnFamilyConfig,
    index_names: &mut BTreeSet<String>,
) -> Result<CfDef, SchemaError> {
    // A storage-conf.xml's column families order as 0.6 did (its
    // TimeUUIDType broke ties unsigned).
    let of_06 = config.format == crate::config::ConfigFormat::StorageConfXml;
    let resolve = |attribute: &'static str, name: &str| -> Result<TypeRef, SchemaError> {
        let t = parse_type(name).map(|t| {
            if of_06 {
                crate::marshal::as_of_06(t)
            } else {
                t
            }
        });
        t.map_err(|e| SchemaError::Comparator {
            origin: config.origin.clone(),
            line: cf.line,
            column_family: format!("{keyspace}.{}", cf.name),
            attribute,
            name: name.to_string(),
            reason: e.to_string(),
        })
    };
    let comparator = resolve("CompareWith", &cf.compare_with)?;
    // A parsed config always names a sub-comparator for a Super CF; one built
    // by hand might not, and 0.6's default is BytesType.
    let (column_type, subcomparator) = if cf.is_super() {
        let name = cf.compare_subcolumns_with.as_deref().unwrap_or("BytesType");
        (
            ColumnType::Super,
            Some(resolve("CompareSubcolumnsWith", name)?),
        )
    } else {
        (ColumnType::Standard, None)
    };
    let mut def = CfDef {
        keyspace: keyspace.to_string(),
        name: cf.name.clone(),
        id: cf_id_for(keyspace, &cf.name),
        column_type,
        comparator,
        subcomparator,
        comment: cf.comment.clone(),
        rows_cached: cf.rows_cached.raw.clone(),
        keys_cached: cf.keys_cached.raw.clone(),
        gc_grace_seconds: cf.extra.gc_grace_seconds.unwrap_or(config.gc_grace_seconds),
        options: CfOptions {
            caching: caching_of(cf.rows_cached.value > 0.0, cf.keys_cached.value > 0.0),
            ..CfOptions::default()
        },
    };
    apply_extras(config, cf, &mut def, index_names)?;
    Ok(def)
}

/// What a 0.7 `cassandra.yaml` column family adds: validators, declared
/// (and indexed) columns, read repair, compaction thresholds.
fn apply_extras(
    config: &Config,
    cf: &ColumnFamilyConfig,
    def: &mut CfDef,
    index_names: &mut BTreeSet<String>,
) -> Result<(), SchemaError> {
    let x = &cf.extra;
    let full_name = format!("{}.{}", def.keyspace, cf.name);
    let column_error = |line: usize, message: String| SchemaError::Column {
        origin: config.origin.clone(),
        line,
        column_family: full_name.clone(),
        message,
    };
    let o = &mut def.options;
    if let Some(name) = &x.default_validation_class {
        o.default_validation_class = parse_type(name)
            .map_err(|e| column_error(cf.line, format!("default_validation_class {name}: {e}")))?;
    }
    if let Some(v) = x.read_repair_chance {
        o.read_repair_chance = v;
    }
    if let Some(v) = x.min_compaction_threshold {
        o.min_compaction_threshold = v;
    }
    if let Some(v) = x.max_compaction_threshold {
        o.max_compaction_threshold = v;
    }
    if let Some(v) = x.replicate_on_write {
        o.replicate_on_write = v;
    }
    let mut columns: BTreeMap<Vec<u8>, ColumnDef> = BTreeMap::new();
    for c in &x.column_metadata {
        // 0.7 stored the name's UTF-8 bytes, whatever the comparator.
        let name = c.name.as_bytes().to_vec();
        let validation_class = parse_type(&c.validator_class).map_err(|e| {
            column_error(
                c.line,
                format!("validator_class {}: {e}", c.validator_class),
            )
        })?;
        let index_type = c.index_type.as_deref().and_then(IndexType::from_name);
        columns.insert(
            name.clone(),
            ColumnDef {
                name,
                validation_class,
                index_type,
                index_name: c.index_name.clone(),
                index_options: None,
                component_index: None,
                is_static: false,
            },
        );
    }
    let mut declared: Vec<ColumnDef> = columns.into_values().collect();
    for c in declared.iter_mut().filter(|c| c.index_type.is_some()) {
        let name = match c.index_name.take() {
            Some(name) => name,
            None => default_index_name(def, c, index_names),
        };
        if !index_names.insert(name.clone()) {
            return Err(column_error(
                cf.line,
                format!("index name {name} is already used"),
            ));
        }
        c.index_name = Some(name);
    }
    def.options.column_metadata = declared;
    Ok(())
}

/// 1.2's caching setting for 0.6's two cache sizes: a cache sized zero is off.
pub(super) fn caching_of(rows: bool, keys: bool) -> Caching {
    match (rows, keys) {
        (true, true) => Caching::All,
        (true, false) => Caching::RowsOnly,
        (false, true) => Caching::KeysOnly,
        (false, false) => Caching::None,
    }
}
