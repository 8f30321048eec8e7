//! KsDef / CfDef / ColumnDef ↔ the schema's protocol-neutral specs.
//!
//! Replies copy the fields `schema::KeyspaceDef::describe_v12` sets (what
//! 1.2.9 returned); requests become `KeyspaceSpec` / `CfSpec` field by field
//! with "not sent" kept as `None`, because 1.2 applies defaults at
//! validation. Nothing here validates or interprets a value.

use crate::schema::{CfSpec, ColumnSpec, IndexType, KeyspaceSpec, OldCacheSettings};
use crate::thrift::gen::cassandra19 as t;
use thrift::OrderedFloat;

fn of(x: Option<f64>) -> Option<OrderedFloat<f64>> {
    x.map(OrderedFloat)
}

fn index_type_to(i: IndexType) -> t::IndexType {
    t::IndexType(i.thrift_value())
}

pub fn column_def(c: &ColumnSpec) -> t::ColumnDef {
    t::ColumnDef::new(
        c.name.clone(),
        c.validation_class.clone().unwrap_or_default(),
        c.index_type.map(index_type_to),
        c.index_name.clone(),
        c.index_options.clone(),
    )
}

pub fn cf_def(s: &CfSpec) -> t::CfDef {
    t::CfDef {
        keyspace: s.keyspace.clone(),
        name: s.name.clone(),
        column_type: s.column_type.clone(),
        comparator_type: s.comparator_type.clone(),
        subcomparator_type: s.subcomparator_type.clone(),
        comment: s.comment.clone(),
        row_cache_size: of(s.old_cache.row_cache_size),
        key_cache_size: of(s.old_cache.key_cache_size),
        read_repair_chance: of(s.read_repair_chance),
        column_metadata: s
            .column_metadata
            .as_ref()
            .map(|cs| cs.iter().map(column_def).collect()),
        gc_grace_seconds: s.gc_grace_seconds,
        default_validation_class: s.default_validation_class.clone(),
        id: s.id,
        min_compaction_threshold: s.min_compaction_threshold,
        max_compaction_threshold: s.max_compaction_threshold,
        row_cache_save_period_in_seconds: s.old_cache.row_cache_save_period_in_seconds,
        key_cache_save_period_in_seconds: s.old_cache.key_cache_save_period_in_seconds,
        memtable_flush_after_mins: s.old_cache.memtable_flush_after_mins,
        memtable_throughput_in_mb: s.old_cache.memtable_throughput_in_mb,
        memtable_operations_in_millions: of(s.old_cache.memtable_operations_in_millions),
        replicate_on_write: s.replicate_on_write,
        merge_shards_chance: of(s.old_cache.merge_shards_chance),
        key_validation_class: s.key_validation_class.clone(),
        row_cache_provider: s.old_cache.row_cache_provider.clone(),
        key_alias: s.key_alias.clone(),
        compaction_strategy: s.compaction_strategy.clone(),
        compaction_strategy_options: s.compaction_strategy_options.clone(),
        row_cache_keys_to_save: s.old_cache.row_cache_keys_to_save,
        compression_options: s.compression_options.clone(),
        bloom_filter_fp_chance: of(s.bloom_filter_fp_chance),
        caching: s.caching.clone(),
        column_aliases: s.column_aliases.clone(),
        value_alias: s.value_alias.clone(),
        dclocal_read_repair_chance: of(s.dclocal_read_repair_chance),
        populate_io_cache_on_flush: s.populate_io_cache_on_flush,
        memtable_flush_period_in_ms: s.memtable_flush_period_in_ms,
        default_time_to_live: s.default_time_to_live,
        index_interval: s.index_interval,
        speculative_retry: s.speculative_retry.clone(),
        triggers: s.triggers.as_ref().map(|ts| {
            ts.iter()
                .map(|t| t::TriggerDef::new(t.name.clone(), t.options.clone()))
                .collect()
        }),
        cells_per_row_to_cache: s.cells_per_row_to_cache.clone(),
        min_index_interval: s.min_index_interval,
        max_index_interval: s.max_index_interval,
    }
}

pub fn ks_def(s: &KeyspaceSpec) -> t::KsDef {
    t::KsDef::new(
        s.name.clone(),
        s.strategy_class.clone(),
        s.strategy_options.clone(),
        s.replication_factor,
        s.cf_defs.iter().map(cf_def).collect(),
        s.durable_writes,
    )
}

pub fn column_spec(c: &t::ColumnDef) -> ColumnSpec {
    ColumnSpec {
        name: c.name.clone(),
        validation_class: Some(c.validation_class.clone()),
        index_type: c.index_type.and_then(|i| IndexType::from_thrift_value(i.0)),
        index_name: c.index_name.clone(),
        index_options: c.index_options.clone(),
        component_index: None,
        is_static: false,
    }
}

pub fn cf_spec(d: &t::CfDef) -> CfSpec {
    CfSpec {
        // Thrift never names the indexes on key columns, nor the columns
        // CQL dropped: an update keeps them.
        key_indexes: None,
        dropped_columns: None,
        keyspace: d.keyspace.clone(),
        name: d.name.clone(),
        column_type: d.column_type.clone(),
        comparator_type: d.comparator_type.clone(),
        subcomparator_type: d.subcomparator_type.clone(),
        comment: d.comment.clone(),
        read_repair_chance: d.read_repair_chance.map(|f| f.0),
        column_metadata: d
            .column_metadata
            .as_ref()
            .map(|cs| cs.iter().map(column_spec).collect()),
        columns_in_hash_map: false,
        counter_kinds_unchecked: false,
        system_keyspace_taken: false,
        gc_grace_seconds: d.gc_grace_seconds,
        default_validation_class: d.default_validation_class.clone(),
        id: d.id,
        min_compaction_threshold: d.min_compaction_threshold,
        max_compaction_threshold: d.max_compaction_threshold,
        replicate_on_write: d.replicate_on_write,
        key_validation_class: d.key_validation_class.clone(),
        key_alias: d.key_alias.clone(),
        compaction_strategy: d.compaction_strategy.clone(),
        compaction_strategy_options: d.compaction_strategy_options.clone(),
        compression_options: d.compression_options.clone(),
        bloom_filter_fp_chance: d.bloom_filter_fp_chance.map(|f| f.0),
        caching: d.caching.clone(),
        dclocal_read_repair_chance: d.dclocal_read_repair_chance.map(|f| f.0),
        populate_io_cache_on_flush: d.populate_io_cache_on_flush,
        memtable_flush_period_in_ms: d.memtable_flush_period_in_ms,
        default_time_to_live: d.default_time_to_live,
        index_interval: d.index_interval,
        min_index_interval: d.min_index_interval,
        max_index_interval: d.max_index_interval,
        cells_per_row_to_cache: d.cells_per_row_to_cache.clone(),
        speculative_retry: d.speculative_retry.clone(),
        key_aliases: None,
        column_aliases: d.column_aliases.clone(),
        value_alias: d.value_alias.clone(),
        old_cache: OldCacheSettings {
            row_cache_size: d.row_cache_size.map(|f| f.0),
            key_cache_size: d.key_cache_size.map(|f| f.0),
            row_cache_save_period_in_seconds: d.row_cache_save_period_in_seconds,
            key_cache_save_period_in_seconds: d.key_cache_save_period_in_seconds,
            row_cache_provider: d.row_cache_provider.clone(),
            row_cache_keys_to_save: d.row_cache_keys_to_save,
            memtable_flush_after_mins: d.memtable_flush_after_mins,
            memtable_throughput_in_mb: d.memtable_throughput_in_mb,
            memtable_operations_in_millions: d.memtable_operations_in_millions.map(|f| f.0),
            merge_shards_chance: d.merge_shards_chance.map(|f| f.0),
        },
        triggers: d.triggers.as_ref().map(|ts| {
            ts.iter()
                .map(|t| crate::schema::TriggerSpec {
                    name: t.name.clone(),
                    options: t.options.clone(),
                })
                .collect()
        }),
    }
}

pub fn ks_spec(d: &t::KsDef) -> KeyspaceSpec {
    KeyspaceSpec {
        name: d.name.clone(),
        strategy_class: d.strategy_class.clone(),
        strategy_options: d.strategy_options.clone(),
        replication_factor: d.replication_factor,
        cf_defs: d.cf_defs.iter().map(cf_spec).collect(),
        durable_writes: d.durable_writes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cf_def_survives_the_round_trip() {
        let mut spec = CfSpec::new("ks", "cf");
        spec.comparator_type = Some("UTF8Type".into());
        spec.read_repair_chance = Some(0.25);
        spec.old_cache.row_cache_size = Some(0.5);
        spec.old_cache.row_cache_provider = Some("SerializingCacheProvider".into());
        spec.column_metadata = Some(vec![ColumnSpec {
            name: b"age".to_vec(),
            validation_class: Some("LongType".into()),
            index_type: Some(IndexType::Keys),
            index_name: Some("age_idx".into()),
            ..ColumnSpec::default()
        }]);
        assert_eq!(cf_spec(&cf_def(&spec)), spec);
        let ks = KeyspaceSpec {
            cf_defs: vec![spec],
            ..KeyspaceSpec::simple("ks", 1)
        };
        assert_eq!(ks_spec(&ks_def(&ks)), ks);
    }
}
