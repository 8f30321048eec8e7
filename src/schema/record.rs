//! The serializable form of keyspace definitions: what the schema file
//! holds, and what the schema version digests.
//!
//! Owns the mapping between resolved definitions and plain records (types
//! by class name, bytes in hex, doubles as exact decimal text so they read
//! back bit for bit). It must not do file I/O (see [`super::store`]).

use super::{Caching, OldCacheSettings, Schema};
use super::{CfDef, CfOptions, ColumnDef, ColumnType, IndexType, KeyspaceDef, KeyspaceOrigin};
use crate::marshal::{parse_type, TypeRef};
use md5::{Digest, Md5};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
pub(super) struct KeyspaceRecord {
    name: String,
    strategy_class: String,
    strategy_options: BTreeMap<String, String>,
    durable_writes: bool,
    replication_factor: i32,
    endpoint_snitch: String,
    column_families: Vec<CfRecord>,
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct CfRecord {
    name: String,
    id: u32,
    column_type: String,
    comparator: String,
    subcomparator: Option<String>,
    comment: Option<String>,
    rows_cached: String,
    keys_cached: String,
    gc_grace_seconds: i32,
    default_validation_class: String,
    key_validation_class: String,
    column_metadata: Vec<ColumnRecord>,
    read_repair_chance: String,
    dclocal_read_repair_chance: String,
    min_compaction_threshold: i32,
    max_compaction_threshold: i32,
    replicate_on_write: bool,
    key_aliases: Vec<String>,
    column_aliases: Vec<String>,
    value_alias: Option<String>,
    compaction_strategy: String,
    compaction_strategy_options: BTreeMap<String, String>,
    compression_options: BTreeMap<String, String>,
    bloom_filter_fp_chance: Option<String>,
    caching: String,
    populate_io_cache_on_flush: bool,
    memtable_flush_period_in_ms: Option<i32>,
    default_time_to_live: Option<i32>,
    speculative_retry: Option<String>,
    index_interval: Option<i32>,
    /// 2.1's index interval range, as given (absent in files written before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    min_index_interval: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_index_interval: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cells_per_row_to_cache: Option<String>,
    /// Absent when none was given (and in files written before they were kept).
    #[serde(default, skip_serializing_if = "OldCacheRecord::is_empty")]
    old_cache: OldCacheRecord,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    dense_kept: bool,
    /// 2.0's triggers: (name, options), absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    triggers: Vec<(String, BTreeMap<String, String>)>,
    /// 2.0's indexes on key columns, absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    key_indexes: Vec<ColumnRecord>,
    /// The columns CQL dropped: (name, type class, static), absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    dropped_columns: Vec<(String, String, bool)>,
}

/// [`OldCacheSettings`], its sizes as exact decimal text.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default)]
struct OldCacheRecord {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    row_cache_size: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    key_cache_size: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    row_cache_save_period_in_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    key_cache_save_period_in_seconds: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    row_cache_provider: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    row_cache_keys_to_save: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    memtable_flush_after_mins: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    memtable_throughput_in_mb: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    memtable_operations_in_millions: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    merge_shards_chance: Option<String>,
}

impl OldCacheRecord {
    fn is_empty(&self) -> bool {
        *self == OldCacheRecord::default()
    }

    fn of(c: &OldCacheSettings) -> OldCacheRecord {
        OldCacheRecord {
            row_cache_size: c.row_cache_size.map(|s| s.to_string()),
            key_cache_size: c.key_cache_size.map(|s| s.to_string()),
            row_cache_save_period_in_seconds: c.row_cache_save_period_in_seconds,
            key_cache_save_period_in_seconds: c.key_cache_save_period_in_seconds,
            row_cache_provider: c.row_cache_provider.clone(),
            row_cache_keys_to_save: c.row_cache_keys_to_save,
            memtable_flush_after_mins: c.memtable_flush_after_mins,
            memtable_throughput_in_mb: c.memtable_throughput_in_mb,
            memtable_operations_in_millions: c
                .memtable_operations_in_millions
                .map(|s| s.to_string()),
            merge_shards_chance: c.merge_shards_chance.map(|s| s.to_string()),
        }
    }

    fn to_settings(&self) -> Result<OldCacheSettings, String> {
        Ok(OldCacheSettings {
            row_cache_size: self.row_cache_size.as_deref().map(double).transpose()?,
            key_cache_size: self.key_cache_size.as_deref().map(double).transpose()?,
            row_cache_save_period_in_seconds: self.row_cache_save_period_in_seconds,
            key_cache_save_period_in_seconds: self.key_cache_save_period_in_seconds,
            row_cache_provider: self.row_cache_provider.clone(),
            row_cache_keys_to_save: self.row_cache_keys_to_save,
            memtable_flush_after_mins: self.memtable_flush_after_mins,
            memtable_throughput_in_mb: self.memtable_throughput_in_mb,
            memtable_operations_in_millions: self
                .memtable_operations_in_millions
                .as_deref()
                .map(double)
                .transpose()?,
            merge_shards_chance: self
                .merge_shards_chance
                .as_deref()
                .map(double)
                .transpose()?,
        })
    }
}

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct ColumnRecord {
    name: String,
    validation_class: String,
    index_type: Option<String>,
    index_name: Option<String>,
    index_options: Option<BTreeMap<String, String>>,
    component_index: Option<i32>,
    /// Absent (false) in files written before static columns.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    is_static: bool,
}

impl ColumnRecord {
    fn of(c: &ColumnDef) -> ColumnRecord {
        ColumnRecord {
            name: hex(&c.name),
            validation_class: c.validation_class.class_name(),
            index_type: c.index_type.map(|t| t.as_str().to_string()),
            index_name: c.index_name.clone(),
            index_options: c.index_options.clone(),
            component_index: c.component_index,
            is_static: c.is_static,
        }
    }

    fn to_def(&self) -> Result<ColumnDef, String> {
        Ok(ColumnDef {
            name: unhex(&self.name)?,
            validation_class: resolve(&self.validation_class)?,
            index_type: self
                .index_type
                .as_deref()
                .map(|t| IndexType::from_name(t).ok_or(format!("invalid index type '{t}'")))
                .transpose()?,
            index_name: self.index_name.clone(),
            index_options: self.index_options.clone(),
            component_index: self.component_index,
            is_static: self.is_static,
        })
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Result<Vec<u8>, String> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("invalid hex bytes '{text}'"));
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).map_err(|e| e.to_string()))
        .collect()
}

fn double(text: &str) -> Result<f64, String> {
    text.parse().map_err(|_| format!("invalid number '{text}'"))
}

fn resolve(name: &str) -> Result<TypeRef, String> {
    parse_type(name).map_err(|e| format!("type {name}: {e}"))
}

impl KeyspaceRecord {
    pub(super) fn name(&self) -> &str {
        &self.name
    }

    pub(super) fn of(ks: &KeyspaceDef) -> KeyspaceRecord {
        KeyspaceRecord {
            name: ks.name.clone(),
            strategy_class: ks.replica_placement_strategy.clone(),
            strategy_options: ks.strategy_options.clone(),
            durable_writes: ks.durable_writes,
            replication_factor: ks.replication_factor,
            endpoint_snitch: ks.endpoint_snitch.clone(),
            column_families: ks.cfs.values().map(|cf| CfRecord::of(cf)).collect(),
        }
    }

    /// The definition this record describes; an error names what is wrong.
    pub(super) fn to_def(&self, origin: KeyspaceOrigin) -> Result<KeyspaceDef, String> {
        let mut cfs = BTreeMap::new();
        for cf in &self.column_families {
            let def = cf
                .to_def(&self.name)
                .map_err(|e| format!("column family {}.{}: {e}", self.name, cf.name))?;
            cfs.insert(def.name.clone(), Arc::new(def));
        }
        Ok(KeyspaceDef {
            name: self.name.clone(),
            replica_placement_strategy: self.strategy_class.clone(),
            replication_factor: self.replication_factor,
            endpoint_snitch: self.endpoint_snitch.clone(),
            cfs,
            strategy_options: self.strategy_options.clone(),
            durable_writes: self.durable_writes,
            origin,
        })
    }
}

impl CfRecord {
    fn of(cf: &CfDef) -> CfRecord {
        let o = &cf.options;
        // What the schema tables hold: a restart makes it live.
        let stored = o.schema_table_aliases();
        CfRecord {
            name: cf.name.clone(),
            id: cf.id,
            column_type: cf.column_type.as_str().to_string(),
            comparator: cf.comparator.class_name(),
            subcomparator: cf.subcomparator.as_ref().map(|s| s.class_name()),
            comment: cf.comment.clone(),
            rows_cached: cf.rows_cached.clone(),
            keys_cached: cf.keys_cached.clone(),
            gc_grace_seconds: cf.gc_grace_seconds,
            default_validation_class: o.default_validation_class.class_name(),
            key_validation_class: o.key_validation_class.class_name(),
            column_metadata: o.column_metadata.iter().map(ColumnRecord::of).collect(),
            key_indexes: o.key_indexes.iter().map(ColumnRecord::of).collect(),
            read_repair_chance: o.read_repair_chance.to_string(),
            dclocal_read_repair_chance: o.dclocal_read_repair_chance.to_string(),
            min_compaction_threshold: o.min_compaction_threshold,
            max_compaction_threshold: o.max_compaction_threshold,
            replicate_on_write: o.replicate_on_write,
            key_aliases: stored.key.iter().map(|a| hex(a)).collect(),
            column_aliases: stored.column.iter().map(|a| hex(a)).collect(),
            value_alias: stored.value.as_deref().map(hex),
            compaction_strategy: o.compaction_strategy.clone(),
            compaction_strategy_options: o.compaction_strategy_options.clone(),
            compression_options: o.compression_options.clone(),
            bloom_filter_fp_chance: o.bloom_filter_fp_chance.map(|c| c.to_string()),
            caching: o.caching.as_str().to_string(),
            populate_io_cache_on_flush: o.populate_io_cache_on_flush,
            memtable_flush_period_in_ms: o.memtable_flush_period_in_ms,
            default_time_to_live: o.default_time_to_live,
            speculative_retry: o.speculative_retry.clone(),
            index_interval: o.index_interval,
            min_index_interval: o.min_index_interval,
            max_index_interval: o.max_index_interval,
            cells_per_row_to_cache: o.cells_per_row_to_cache.clone(),
            old_cache: OldCacheRecord::of(&o.old_cache),
            dense_kept: o.dense_kept,
            triggers: o
                .triggers
                .iter()
                .map(|t| (t.name.clone(), t.options.clone()))
                .collect(),
            dropped_columns: o
                .dropped_columns
                .iter()
                .map(|d| (d.name.clone(), d.class.clone(), d.is_static))
                .collect(),
        }
    }

    fn to_def(&self, keyspace: &str) -> Result<CfDef, String> {
        let column_type = match self.column_type.as_str() {
            "Standard" => ColumnType::Standard,
            "Super" => ColumnType::Super,
            other => return Err(format!("invalid column type '{other}'")),
        };
        let mut column_metadata = Vec::with_capacity(self.column_metadata.len());
        for c in &self.column_metadata {
            column_metadata.push(c.to_def()?);
        }
        column_metadata.sort_by(|a, b| a.name.cmp(&b.name));
        let key_indexes = self
            .key_indexes
            .iter()
            .map(ColumnRecord::to_def)
            .collect::<Result<_, _>>()?;
        let options = CfOptions {
            default_validation_class: resolve(&self.default_validation_class)?,
            key_validation_class: resolve(&self.key_validation_class)?,
            column_metadata,
            key_indexes,
            read_repair_chance: double(&self.read_repair_chance)?,
            dclocal_read_repair_chance: double(&self.dclocal_read_repair_chance)?,
            min_compaction_threshold: self.min_compaction_threshold,
            max_compaction_threshold: self.max_compaction_threshold,
            replicate_on_write: self.replicate_on_write,
            key_aliases: self
                .key_aliases
                .iter()
                .map(|a| unhex(a))
                .collect::<Result<_, _>>()?,
            column_aliases: self
                .column_aliases
                .iter()
                .map(|a| unhex(a))
                .collect::<Result<_, _>>()?,
            value_alias: self.value_alias.as_deref().map(unhex).transpose()?,
            compaction_strategy: self.compaction_strategy.clone(),
            compaction_strategy_options: self.compaction_strategy_options.clone(),
            compression_options: self.compression_options.clone(),
            bloom_filter_fp_chance: self
                .bloom_filter_fp_chance
                .as_deref()
                .map(double)
                .transpose()?,
            caching: Caching::parse(&self.caching)?,
            populate_io_cache_on_flush: self.populate_io_cache_on_flush,
            memtable_flush_period_in_ms: self.memtable_flush_period_in_ms,
            default_time_to_live: self.default_time_to_live,
            speculative_retry: self.speculative_retry.clone(),
            index_interval: self.index_interval,
            min_index_interval: self.min_index_interval,
            max_index_interval: self.max_index_interval,
            cells_per_row_to_cache: self.cells_per_row_to_cache.clone(),
            old_cache: self.old_cache.to_settings()?,
            dense_kept: self.dense_kept,
            triggers: self
                .triggers
                .iter()
                .map(|(name, options)| super::TriggerSpec {
                    name: name.clone(),
                    options: options.clone(),
                })
                .collect(),
            dropped_columns: self
                .dropped_columns
                .iter()
                .map(|(name, class, is_static)| super::DroppedColumn {
                    name: name.clone(),
                    class: class.clone(),
                    is_static: *is_static,
                })
                .collect(),
            stored_aliases: None,
        };
        Ok(CfDef {
            keyspace: keyspace.to_string(),
            name: self.name.clone(),
            id: self.id,
            column_type,
            comparator: resolve(&self.comparator)?,
            subcomparator: self.subcomparator.as_deref().map(resolve).transpose()?,
            comment: self.comment.clone(),
            rows_cached: self.rows_cached.clone(),
            keys_cached: self.keys_cached.clone(),
            gc_grace_seconds: self.gc_grace_seconds,
            options,
        })
    }
}

impl Schema {
    /// The schema version `describe_schema_versions` reports: a name-based
    /// (version 3) UUID of the MD5 digest of every keyspace's definition,
    /// as Cassandra 1.2 derived its version from the schema's content. Any
    /// change to a definition changes it; the same content (after a restart,
    /// or after dropping what was added) gives the same version.
    pub fn version(&self) -> uuid::Uuid {
        let mut md5 = Md5::new();
        for ks in self.keyspaces.values() {
            let record = KeyspaceRecord::of(ks);
            md5.update(serde_json::to_vec(&record).expect("records always serialize"));
            md5.update([0u8]);
        }
        uuid::Builder::from_md5_bytes(md5.finalize().into()).into_uuid()
    }
}

/// True when two column-family definitions say the same thing, ids aside
/// (a file's column family and its persisted copy may have different ids
/// once it was dropped and re-created through the API).
pub(super) fn same_cf_definition(a: &CfDef, b: &CfDef) -> bool {
    let mut a = CfRecord::of(a);
    let mut b = CfRecord::of(b);
    a.id = 0;
    b.id = 0;
    a == b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::BytesType;

    #[test]
    fn old_cache_settings_read_back_and_stay_out_when_none() {
        let mut cf = CfDef::new("ks", "cf", 1000, Arc::new(BytesType), None);
        let plain = serde_json::to_string(&CfRecord::of(&cf)).unwrap();
        assert!(!plain.contains("old_cache"), "{plain}");
        cf.options.old_cache = OldCacheSettings {
            row_cache_size: Some(0.1 + 0.2),
            key_cache_save_period_in_seconds: Some(3),
            row_cache_provider: Some("org.apache.cassandra.cache.SerializingCacheProvider".into()),
            ..OldCacheSettings::default()
        };
        let record = CfRecord::of(&cf);
        let read: CfRecord =
            serde_json::from_str(&serde_json::to_string(&record).unwrap()).unwrap();
        assert_eq!(
            read.to_def("ks").unwrap().options.old_cache,
            cf.options.old_cache
        );
    }

    #[test]
    fn the_schema_tables_aliases_are_the_ones_read_back() {
        let mut cf = CfDef::new("ks", "cf", 1000, Arc::new(BytesType), None);
        cf.options.key_aliases = vec![b"k".to_vec()];
        let stored = super::super::Aliases {
            key: vec![b"kk".to_vec()],
            column: vec![b"cc".to_vec()],
            value: None,
        };
        cf.options.stored_aliases = Some(stored.clone());
        let read = CfRecord::of(&cf).to_def("ks").unwrap().options;
        // A restart makes what the schema tables held live.
        assert_eq!(read.aliases(), stored);
        assert_eq!(read.stored_aliases, None);
    }
}
