//! 2.0-2.2's own `system` keyspace as their CQL 3 schema tables listed it
//! to a node emulating one of them (`--cassandra-version 2.x`): every
//! table each release defined (2.0-2.1: the static `CFMetaData.compile`
//! definitions; 2.2: `SystemKeyspace` and `LegacySchemaTables`), with the
//! columns `schema_columns` showed for them. 2.0 dropped the 0.6-era
//! column families 1.2 still listed (`HintsColumnFamily`, `LocationInfo`,
//! `Migrations`, `Schema`), 2.1 `NodeIdInfo`; 2.1 added
//! `schema_usertypes` and `size_estimates`, 2.2 `available_ranges`,
//! `schema_functions` and `schema_aggregates`.
//!
//! Owns the definitions only; it must not synthesize cells (see
//! `tables`), nor change what Thrift's `describe_keyspace`
//! answers (the schema's own `system` keyspace).

use super::release12::{compile, compiled_cf};
use crate::cql::exec::local::LocalFacts;
use crate::cql::table::Table;
use crate::schema::{KeyspaceDef, SYSTEM_KEYSPACE};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A release range `[since, before)` of `(major, minor)`.
type Span = ((u32, u32), (u32, u32));

const ALL: Span = ((2, 0), (3, 0));

/// One system table: name, the releases that had it, its definition and
/// comment as they declared it.
struct SystemTable {
    name: &'static str,
    span: Span,
    text: &'static str,
    comment: &'static str,
}

const SCHEMA_COLUMNFAMILIES_2_0: &str = "CREATE TABLE system.schema_columnfamilies (keyspace_name text, columnfamily_name text, type text, is_dense boolean, comparator text, subcomparator text, comment text, read_repair_chance double, local_read_repair_chance double, replicate_on_write boolean, gc_grace_seconds int, default_validator text, key_validator text, min_compaction_threshold int, max_compaction_threshold int, memtable_flush_period_in_ms int, key_aliases text, bloom_filter_fp_chance double, caching text, default_time_to_live int, compaction_strategy_class text, compression_parameters text, value_alias text, column_aliases text, compaction_strategy_options text, speculative_retry text, populate_io_cache_on_flush boolean, index_interval int, dropped_columns map<text, bigint>, PRIMARY KEY (keyspace_name, columnfamily_name))";
const SCHEMA_COLUMNFAMILIES_2_1: &str = "CREATE TABLE system.schema_columnfamilies (keyspace_name text, columnfamily_name text, cf_id uuid, type text, is_dense boolean, comparator text, subcomparator text, comment text, read_repair_chance double, local_read_repair_chance double, gc_grace_seconds int, default_validator text, key_validator text, min_compaction_threshold int, max_compaction_threshold int, memtable_flush_period_in_ms int, key_aliases text, bloom_filter_fp_chance double, caching text, default_time_to_live int, compaction_strategy_class text, compression_parameters text, value_alias text, column_aliases text, compaction_strategy_options text, speculative_retry text, index_interval int, min_index_interval int, max_index_interval int, dropped_columns map<text, bigint>, PRIMARY KEY (keyspace_name, columnfamily_name))";
const SCHEMA_COLUMNFAMILIES_2_2: &str = "CREATE TABLE system.schema_columnfamilies (keyspace_name text, columnfamily_name text, bloom_filter_fp_chance double, caching text, cf_id uuid, comment text, compaction_strategy_class text, compaction_strategy_options text, comparator text, compression_parameters text, default_time_to_live int, default_validator text, dropped_columns map<text, bigint>, gc_grace_seconds int, is_dense boolean, key_validator text, local_read_repair_chance double, max_compaction_threshold int, max_index_interval int, memtable_flush_period_in_ms int, min_compaction_threshold int, min_index_interval int, read_repair_chance double, speculative_retry text, subcomparator text, type text, PRIMARY KEY (keyspace_name, columnfamily_name))";

/// Every system table of 2.0-2.2 (comments: 2.0-2.1's, 2.2 reworded
/// some, which only whole rows would show).
const TABLES: &[SystemTable] = &[
    SystemTable {
        name: "IndexInfo",
        span: ALL,
        text: "CREATE TABLE system.\"IndexInfo\" (table_name text, index_name text, PRIMARY KEY (table_name, index_name)) WITH COMPACT STORAGE",
        comment: "indexes that have been completed",
    },
    SystemTable {
        name: "NodeIdInfo",
        span: ((2, 0), (2, 1)),
        text: "CREATE TABLE system.\"NodeIdInfo\" (key text, id timeuuid, PRIMARY KEY (key, id)) WITH COMPACT STORAGE",
        comment: "counter node IDs",
    },
    SystemTable {
        name: "available_ranges",
        span: ((2, 2), (3, 0)),
        text: "CREATE TABLE system.available_ranges (keyspace_name text PRIMARY KEY, ranges set<blob>)",
        comment: "Available keyspace/ranges during bootstrap/replace that are ready to be served",
    },
    SystemTable {
        name: "batchlog",
        span: ALL,
        text: "CREATE TABLE system.batchlog (id uuid PRIMARY KEY, written_at timestamp, data blob, version int)",
        comment: "uncommited batches",
    },
    SystemTable {
        name: "compaction_history",
        span: ALL,
        text: "CREATE TABLE system.compaction_history (id uuid PRIMARY KEY, keyspace_name text, columnfamily_name text, compacted_at timestamp, bytes_in bigint, bytes_out bigint, rows_merged map<int, bigint>)",
        comment: "show all compaction history",
    },
    SystemTable {
        name: "compactions_in_progress",
        span: ALL,
        text: "CREATE TABLE system.compactions_in_progress (id uuid PRIMARY KEY, keyspace_name text, columnfamily_name text, inputs set<int>)",
        comment: "unfinished compactions",
    },
    SystemTable {
        name: "hints",
        span: ALL,
        text: "CREATE TABLE system.hints (target_id uuid, hint_id timeuuid, message_version int, mutation blob, PRIMARY KEY (target_id, hint_id, message_version)) WITH COMPACT STORAGE",
        comment: "hints awaiting delivery",
    },
    SystemTable {
        name: "local",
        span: ALL,
        text: "CREATE TABLE system.local (key text PRIMARY KEY, tokens set<varchar>, cluster_name text, gossip_generation int, bootstrapped text, host_id uuid, release_version text, thrift_version text, cql_version text, native_protocol_version text, data_center text, rack text, partitioner text, schema_version uuid, truncated_at map<uuid, blob>, rpc_address inet, broadcast_address inet, listen_address inet)",
        comment: "information about the local node",
    },
    SystemTable {
        name: "paxos",
        span: ALL,
        text: "CREATE TABLE system.paxos (row_key blob, cf_id uuid, in_progress_ballot timeuuid, proposal_ballot timeuuid, proposal blob, most_recent_commit_at timeuuid, most_recent_commit blob, PRIMARY KEY (row_key, cf_id))",
        comment: "in-progress paxos proposals",
    },
    SystemTable {
        name: "peer_events",
        span: ALL,
        text: "CREATE TABLE system.peer_events (peer inet PRIMARY KEY, hints_dropped map<uuid, int>)",
        comment: "cf contains events related to peers",
    },
    SystemTable {
        name: "peers",
        span: ALL,
        text: "CREATE TABLE system.peers (peer inet PRIMARY KEY, host_id uuid, tokens set<varchar>, schema_version uuid, release_version text, rpc_address inet, preferred_ip inet, data_center text, rack text)",
        comment: "known peers in the cluster",
    },
    SystemTable {
        name: "range_xfers",
        span: ALL,
        text: "CREATE TABLE system.range_xfers (token_bytes blob PRIMARY KEY, requested_at timestamp)",
        comment: "ranges requested for transfer here",
    },
    SystemTable {
        name: "schema_aggregates",
        span: ((2, 2), (3, 0)),
        text: "CREATE TABLE system.schema_aggregates (keyspace_name text, aggregate_name text, signature blob, argument_types list<text>, final_func text, initcond blob, return_type text, state_func text, state_type text, PRIMARY KEY (keyspace_name, aggregate_name, signature))",
        comment: "user defined aggregate definitions",
    },
    SystemTable {
        name: "schema_columnfamilies",
        span: ((2, 0), (2, 1)),
        text: SCHEMA_COLUMNFAMILIES_2_0,
        comment: "ColumnFamily definitions",
    },
    SystemTable {
        name: "schema_columnfamilies",
        span: ((2, 1), (2, 2)),
        text: SCHEMA_COLUMNFAMILIES_2_1,
        comment: "ColumnFamily definitions",
    },
    SystemTable {
        name: "schema_columnfamilies",
        span: ((2, 2), (3, 0)),
        text: SCHEMA_COLUMNFAMILIES_2_2,
        comment: "table definitions",
    },
    SystemTable {
        name: "schema_columns",
        span: ALL,
        text: "CREATE TABLE system.schema_columns (keyspace_name text, columnfamily_name text, column_name text, validator text, index_type text, index_options text, index_name text, component_index int, type text, PRIMARY KEY (keyspace_name, columnfamily_name, column_name))",
        comment: "ColumnFamily column attributes",
    },
    SystemTable {
        name: "schema_functions",
        span: ((2, 2), (3, 0)),
        text: "CREATE TABLE system.schema_functions (keyspace_name text, function_name text, signature blob, argument_names list<text>, argument_types list<text>, body text, language text, return_type text, called_on_null_input boolean, PRIMARY KEY (keyspace_name, function_name, signature))",
        comment: "user defined function definitions",
    },
    SystemTable {
        name: "schema_keyspaces",
        span: ALL,
        text: "CREATE TABLE system.schema_keyspaces (keyspace_name text PRIMARY KEY, durable_writes boolean, strategy_class text, strategy_options text) WITH COMPACT STORAGE",
        comment: "keyspace definitions",
    },
    SystemTable {
        name: "schema_triggers",
        span: ALL,
        text: "CREATE TABLE system.schema_triggers (keyspace_name text, columnfamily_name text, trigger_name text, trigger_options map<text, text>, PRIMARY KEY (keyspace_name, columnfamily_name, trigger_name))",
        comment: "triggers metadata table",
    },
    SystemTable {
        name: "schema_usertypes",
        span: ((2, 1), (3, 0)),
        text: "CREATE TABLE system.schema_usertypes (keyspace_name text, type_name text, field_names list<text>, field_types list<text>, PRIMARY KEY (keyspace_name, type_name))",
        comment: "Defined user types",
    },
    SystemTable {
        name: "size_estimates",
        span: ((2, 1), (3, 0)),
        text: "CREATE TABLE system.size_estimates (keyspace_name text, table_name text, range_start text, range_end text, mean_partition_size bigint, partitions_count bigint, PRIMARY KEY (keyspace_name, table_name, range_start, range_end))",
        comment: "per-table primary range size estimates",
    },
    SystemTable {
        name: "sstable_activity",
        span: ALL,
        text: "CREATE TABLE system.sstable_activity (keyspace_name text, columnfamily_name text, generation int, rate_15m double, rate_120m double, PRIMARY KEY ((keyspace_name, columnfamily_name, generation)))",
        comment: "historic sstable read rates",
    },
];

/// 2.2's functions and aggregates are keyed by a `frozen<list<text>>`
/// signature, which the table model does not hold: the definitions above
/// key them by a blob, and the schema tables show 2.2's own validator.
const FROZEN_SIGNATURE: &str = "org.apache.cassandra.db.marshal.FrozenType(org.apache.cassandra.db.marshal.ListType(org.apache.cassandra.db.marshal.UTF8Type))";

/// The validator `schema_columns` shows for `table.column` where the
/// model's differs from the release's (see [`FROZEN_SIGNATURE`]).
pub fn shown_validator(table: &str, column: &str) -> Option<&'static str> {
    let keyed = matches!(table, "schema_functions" | "schema_aggregates");
    (keyed && column == "signature").then_some(FROZEN_SIGNATURE)
}

/// Whether the node emulates a 2.0-2.2 release, whose own system tables
/// its schema tables then list.
pub fn applies(local: &LocalFacts) -> bool {
    local.emulated && local.claims_at_least((2, 0, 0)) && !local.claims_at_least((3, 0, 0))
}

/// `system.local`'s `truncated_at` entry a fresh 2.0-2.2 node held: at
/// start it truncated `compactions_in_progress`
/// (`SystemKeyspace.discardCompactionsInProgress`), recording the table's
/// id (`UUID.nameUUIDFromBytes` of "system" and its name) against its
/// replay position and the time (2.0, 2.1: no segment yet, -1 and 0; 2.2:
/// the first commit log segment, at its header's end) and the time in
/// milliseconds (`SystemKeyspace.truncationAsMapEntry`).
pub fn startup_truncation(local: &LocalFacts, started_ms: i64) -> Option<([u8; 16], Vec<u8>)> {
    if !applies(local) {
        return None;
    }
    use md5::{Digest, Md5};
    let mut id: [u8; 16] = Md5::digest(b"systemcompactions_in_progress").into();
    id[6] = (id[6] & 0x0f) | 0x30;
    id[8] = (id[8] & 0x3f) | 0x80;
    let (segment, position) = match release(local) >= (2, 2) {
        true => (started_ms, 28),
        false => (-1, 0),
    };
    let mut value = segment.to_be_bytes().to_vec();
    value.extend_from_slice(&i32::to_be_bytes(position));
    value.extend_from_slice(&started_ms.to_be_bytes());
    Some((id, value))
}

/// The `(major, minor)` the node claims.
fn release(local: &LocalFacts) -> (u32, u32) {
    let mut parts = local
        .release_version
        .split('.')
        .map(|p| p.parse::<u32>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

fn of_release(local: &LocalFacts) -> impl Iterator<Item = &'static SystemTable> {
    let r = release(local);
    TABLES.iter().filter(move |t| t.span.0 <= r && r < t.span.1)
}

/// One definition compiled as 2.0 did: `timestamp` is TimestampType.
fn compiled(t: &SystemTable) -> Option<Table> {
    let mut table = compile(SYSTEM_KEYSPACE, t.text)?;
    table.sign_timestamps(None);
    Some(table)
}

/// The served table model of `system.<name>` for its `schema_columns`
/// rows, as the claimed release defined it.
pub fn table(name: &str, local: &LocalFacts) -> Option<Table> {
    of_release(local)
        .find(|t| t.name == name)
        .and_then(compiled)
}

/// The claimed release's `system` keyspace as its schema tables listed
/// it (LocalStrategy, durable).
pub fn keyspace_def(local: &LocalFacts) -> KeyspaceDef {
    let mut cfs = BTreeMap::new();
    for t in of_release(local) {
        let Some(table) = compiled(t) else {
            continue;
        };
        let def = compiled_cf(&table, 0, t.comment, 0);
        cfs.insert(t.name.to_string(), Arc::new(def));
    }
    KeyspaceDef {
        cfs,
        ..crate::schema::system19::system_keyspace()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fresh_node_truncated_compactions_in_progress() {
        let (id, value) = startup_truncation(&emulating("2.0.17"), 1000).unwrap();
        // 55080ab0-5d9c-3886-90a4-acb25fe1f77b, as 2.0.17 listed it.
        assert_eq!(id[..4], [0x55, 0x08, 0x0a, 0xb0]);
        assert_eq!(id[6..8], [0x38, 0x86]);
        assert_eq!(value.len(), 20);
        assert!(startup_truncation(&emulating("1.2.9"), 1000).is_none());
    }

    fn emulating(v: &str) -> LocalFacts {
        LocalFacts {
            emulated: true,
            ..LocalFacts::claiming(v)
        }
    }

    fn names(v: &str) -> Vec<String> {
        keyspace_def(&emulating(v)).cfs.keys().cloned().collect()
    }

    #[test]
    fn each_release_lists_its_own_tables() {
        assert_eq!(
            names("2.0.17"),
            [
                "IndexInfo",
                "NodeIdInfo",
                "batchlog",
                "compaction_history",
                "compactions_in_progress",
                "hints",
                "local",
                "paxos",
                "peer_events",
                "peers",
                "range_xfers",
                "schema_columnfamilies",
                "schema_columns",
                "schema_keyspaces",
                "schema_triggers",
                "sstable_activity"
            ]
        );
        assert_eq!(names("2.1.22").len(), 17);
        assert_eq!(names("2.2.19").len(), 20);
        assert!(!applies(&emulating("1.2.9")) && !applies(&emulating("3.0.24")));
        assert!(applies(&emulating("2.2.19")));
    }

    #[test]
    fn every_definition_compiles() {
        for t in TABLES {
            assert!(compile(SYSTEM_KEYSPACE, t.text).is_some(), "{}", t.name);
        }
    }
}
