//! Definitions as Cassandra 1.2.9 describes them over Thrift 19.x.
//!
//! Owns which fields a `describe_keyspace(s)` reply carries and their
//! values, expressed as the same plain structs clients send
//! ([`KeyspaceSpec`], [`CfSpec`]): `Some` exactly for the fields 1.2.9
//! sets, so the Thrift layer copies them field by field. 1.2.9 leaves out
//! the id, `key_alias` unless exactly one key alias exists,
//! `bloom_filter_fp_chance` until one is set, and the CQL3 aliases; it
//! hides CQL3 tables Thrift cannot handle. It must not know the wire.

use super::javaorder::java_hashmap_order;
use super::spec::{CfSpec, ColumnSpec, KeyspaceSpec};
use super::{CfDef, ColumnDef, KeyspaceDef};

impl CfDef {
    /// This column family as 1.2.9's `CFMetaData.toThrift` reports it.
    pub fn describe_v12(&self) -> CfSpec {
        let o = &self.options;
        CfSpec {
            keyspace: self.keyspace.clone(),
            name: self.name.clone(),
            column_type: Some(self.column_type.as_str().to_string()),
            comparator_type: Some(self.comparator.class_name()),
            subcomparator_type: self.subcomparator.as_ref().map(|s| s.class_name()),
            comment: Some(self.comment.clone().unwrap_or_default()),
            read_repair_chance: Some(o.read_repair_chance),
            column_metadata: Some(
                hashmap_ordered(&o.column_metadata)
                    .into_iter()
                    .map(|c| ColumnSpec {
                        name: c.name.clone(),
                        validation_class: Some(c.validation_class.class_name()),
                        index_type: c.index_type,
                        index_name: c.index_name.clone(),
                        index_options: c.index_options.clone(),
                        component_index: None,
                        is_static: false,
                    })
                    .collect(),
            ),
            columns_in_hash_map: false,
            counter_kinds_unchecked: false,
            system_keyspace_taken: false,
            gc_grace_seconds: Some(self.gc_grace_seconds),
            default_validation_class: Some(o.default_validation_class.class_name()),
            id: None,
            min_compaction_threshold: Some(o.min_compaction_threshold),
            max_compaction_threshold: Some(o.max_compaction_threshold),
            replicate_on_write: Some(o.replicate_on_write),
            key_validation_class: Some(o.key_validation_class.class_name()),
            key_alias: o.key_alias().map(<[u8]>::to_vec),
            compaction_strategy: Some(o.compaction_strategy.clone()),
            compaction_strategy_options: Some(o.compaction_strategy_options.clone()),
            compression_options: Some(o.compression_options.clone()),
            bloom_filter_fp_chance: o.bloom_filter_fp_chance,
            caching: Some(o.caching.as_str().to_string()),
            dclocal_read_repair_chance: Some(o.dclocal_read_repair_chance),
            populate_io_cache_on_flush: Some(o.populate_io_cache_on_flush),
            memtable_flush_period_in_ms: o.memtable_flush_period_in_ms,
            default_time_to_live: o.default_time_to_live,
            index_interval: o.index_interval,
            min_index_interval: o.min_index_interval,
            max_index_interval: o.max_index_interval,
            cells_per_row_to_cache: o.cells_per_row_to_cache.clone(),
            speculative_retry: o.speculative_retry.clone(),
            key_aliases: None,
            column_aliases: None,
            value_alias: None,
            // 2.0's `toThrift` listed regular columns only.
            key_indexes: None,
            old_cache: o.old_cache.clone(),
            triggers: (!o.triggers.is_empty()).then(|| o.triggers.clone()),
            dropped_columns: None,
        }
    }
}

/// Column metadata in the order 1.2.9's `toThrift` listed it: the values of
/// a Java `HashMap` keyed by column name, filled in name order (the order
/// of the schema rows it was loaded from), which decides ties in a bucket.
fn hashmap_ordered(columns: &[ColumnDef]) -> Vec<&ColumnDef> {
    let mut by_name: Vec<&ColumnDef> = columns.iter().collect();
    by_name.sort_by(|a, b| a.name.cmp(&b.name));
    let keys: Vec<&[u8]> = by_name.iter().map(|c| c.name.as_slice()).collect();
    java_hashmap_order(&keys)
        .into_iter()
        .map(|i| by_name[i])
        .collect()
}

impl KeyspaceDef {
    /// This keyspace as 1.2.9's `KSMetaData.toThrift` reports it: column
    /// families by name, Thrift-incompatible CQL3 tables left out.
    pub fn describe_v12(&self) -> KeyspaceSpec {
        KeyspaceSpec {
            name: self.name.clone(),
            strategy_class: self.strategy_class(),
            strategy_options: Some(self.strategy_options.clone()),
            replication_factor: None,
            cf_defs: self
                .cfs
                .values()
                .filter(|cf| !cf.is_thrift_incompatible())
                .map(|cf| cf.describe_v12())
                .collect(),
            durable_writes: Some(self.durable_writes),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    fn col(name: &str) -> ColumnDef {
        ColumnDef::plain(name.as_bytes().to_vec(), parse_type("UTF8Type").unwrap())
    }

    fn names(cols: &[ColumnDef]) -> Vec<String> {
        hashmap_ordered(cols)
            .iter()
            .map(|c| String::from_utf8(c.name.clone()).unwrap())
            .collect()
    }

    #[test]
    fn column_metadata_comes_in_the_order_1_2_9_listed_it() {
        // Both as a real 1.2.9 node's cassandra-cli printed them, whatever
        // order they were declared in.
        assert_eq!(
            names(&[col("email"), col("numPosts"), col("country")]),
            ["country", "numPosts", "email"]
        );
        // `durable_writes` and `strategy_options` share a bucket: name
        // order decides between them.
        assert_eq!(
            names(&[
                col("strategy_options"),
                col("strategy_class"),
                col("durable_writes")
            ]),
            ["durable_writes", "strategy_options", "strategy_class"]
        );
    }
}
