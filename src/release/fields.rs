//! The struct fields of API 19.x that not every release declared, each with
//! the release series that added it and, where one dropped it, the first
//! that did not (from each release's `cassandra.thrift`, see
//! `conformance/releases/facts.json`). A field not listed here was in every
//! 19.x release. Data only: the Thrift front end decides what to do with it
//! (a reply leaves out what its release lacked).

/// A release series, `(major, minor)`.
type Series = (u32, u32);

/// One struct field and the series that declared it.
pub(super) struct Field {
    pub structure: &'static str,
    pub name: &'static str,
    pub since: Series,
    pub until: Option<Series>,
}

const fn f(structure: &'static str, name: &'static str, since: Series) -> Field {
    Field {
        structure,
        name,
        since,
        until: None,
    }
}

/// A field one series dropped (a field listed twice came back).
const fn until(structure: &'static str, name: &'static str, since: Series, until: Series) -> Field {
    Field {
        structure,
        name,
        since,
        until: Some(until),
    }
}

/// Every field that not every 19.x release declared, in the IDL's order.
pub(super) const FIELDS: &[Field] = &[
    // 1.0 dropped the memtable thresholds; 1.1 declared them again
    // (deprecated, never written).
    until("CfDef", "memtable_flush_after_mins", (0, 7), (1, 0)),
    f("CfDef", "memtable_flush_after_mins", (1, 1)),
    until("CfDef", "memtable_throughput_in_mb", (0, 7), (1, 0)),
    f("CfDef", "memtable_throughput_in_mb", (1, 1)),
    until("CfDef", "memtable_operations_in_millions", (0, 7), (1, 0)),
    f("CfDef", "memtable_operations_in_millions", (1, 1)),
    f("CfDef", "replicate_on_write", (0, 8)),
    f("CfDef", "merge_shards_chance", (0, 8)),
    f("CfDef", "key_validation_class", (0, 8)),
    f("CfDef", "row_cache_provider", (0, 8)),
    f("CfDef", "key_alias", (0, 8)),
    f("CfDef", "compaction_strategy", (1, 0)),
    f("CfDef", "compaction_strategy_options", (1, 0)),
    f("CfDef", "row_cache_keys_to_save", (1, 0)),
    f("CfDef", "compression_options", (1, 0)),
    f("CfDef", "bloom_filter_fp_chance", (1, 0)),
    f("CfDef", "caching", (1, 1)),
    // Declared by none of the releases answered here (only by 1.1's
    // development versions).
    until("CfDef", "column_aliases", (0, 7), (0, 7)),
    until("CfDef", "value_alias", (0, 7), (0, 7)),
    f("CfDef", "dclocal_read_repair_chance", (1, 1)),
    f("CfDef", "populate_io_cache_on_flush", (1, 2)),
    f("CfDef", "memtable_flush_period_in_ms", (2, 0)),
    f("CfDef", "default_time_to_live", (2, 0)),
    f("CfDef", "index_interval", (2, 0)),
    f("CfDef", "speculative_retry", (2, 0)),
    f("CfDef", "triggers", (2, 0)),
    f("CfDef", "cells_per_row_to_cache", (2, 1)),
    f("CfDef", "min_index_interval", (2, 1)),
    f("CfDef", "max_index_interval", (2, 1)),
    f("ColumnDef", "index_options", (1, 0)),
    f("ColumnOrSuperColumn", "counter_column", (0, 8)),
    f("ColumnOrSuperColumn", "counter_super_column", (0, 8)),
    f("CqlResult", "schema", (1, 0)),
    f("KeyRange", "row_filter", (1, 1)),
    f("KsDef", "durable_writes", (0, 8)),
    f("TimedOutException", "acknowledged_by", (1, 2)),
    f("TimedOutException", "acknowledged_by_batchlog", (1, 2)),
    f("TimedOutException", "paxos_in_progress", (2, 0)),
    f("TokenRange", "rpc_endpoints", (0, 8)),
    f("TokenRange", "endpoint_details", (1, 0)),
];
