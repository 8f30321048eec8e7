//! 1.2's own `system` keyspace as its CQL 3 tables showed it to a node
//! emulating a 1.2 release (`--cassandra-version 1.2.x`): the columns of
//! `system.local`, `system.peers` and `system.schema_columnfamilies` as
//! 1.2 declared them (`CFMetaData`), and the fifteen column families its
//! schema tables listed under `system` with their `schema_columns` rows:
//! the eight Thrift saw ([`system19::system_keyspace`]) and the seven CQL 3
//! tables 1.2 hid from Thrift, compiled from their CREATE TABLE texts.
//!
//! Without an emulated release the node keeps the superset those tables
//! serve every driver (see `tables`). Owns the definitions only;
//! it must not synthesize cells.

use crate::cql::ast::Statement;
use crate::cql::exec::local::LocalFacts;
use crate::cql::parse;
use crate::cql::schema::parse_json_string_list;
use crate::cql::table::Table;
use crate::schema::system19::system_keyspace;
use crate::schema::{CfDef, KeyspaceDef};
use std::sync::Arc;

/// 1.2's `system.local` (no addresses, no native protocol version; the
/// node's gossip generation and the truncation times).
pub(super) const LOCAL: &str = "CREATE TABLE system.local (key text PRIMARY KEY, bootstrapped text, cluster_name text, cql_version text, data_center text, gossip_generation int, host_id uuid, partitioner text, rack text, release_version text, schema_version uuid, thrift_version text, tokens set<text>, truncated_at map<uuid, blob>)";
/// 1.2's `system.peers` (no `preferred_ip`, which 2.0 added).
pub(super) const PEERS: &str = "CREATE TABLE system.peers (peer inet PRIMARY KEY, data_center text, host_id uuid, rack text, release_version text, rpc_address inet, schema_version uuid, tokens set<text>)";
/// 1.2's `system.schema_columnfamilies` (no default consistency levels).
pub(super) const COLUMNFAMILIES: &str = "CREATE TABLE system.schema_columnfamilies (keyspace_name text, columnfamily_name text, bloom_filter_fp_chance double, caching text, column_aliases text, comment text, compaction_strategy_class text, compaction_strategy_options text, comparator text, compression_parameters text, default_validator text, gc_grace_seconds int, id int, key_alias text, key_aliases text, key_validator text, local_read_repair_chance double, max_compaction_threshold int, min_compaction_threshold int, populate_io_cache_on_flush boolean, read_repair_chance double, replicate_on_write boolean, subcomparator text, type text, value_alias text, PRIMARY KEY (keyspace_name, columnfamily_name))";
const PEER_EVENTS: &str =
    "CREATE TABLE system.peer_events (peer inet PRIMARY KEY, hints_dropped map<uuid, int>)";
const BATCHLOG: &str =
    "CREATE TABLE system.batchlog (id uuid PRIMARY KEY, data blob, written_at timestamp)";
const RANGE_XFERS: &str =
    "CREATE TABLE system.range_xfers (token_bytes blob PRIMARY KEY, requested_at timestamp)";
const COLUMNS: &str = "CREATE TABLE system.schema_columns (keyspace_name text, columnfamily_name text, column_name text, component_index int, index_name text, index_options text, index_type text, validator text, PRIMARY KEY (keyspace_name, columnfamily_name, column_name))";

/// A hidden table: name, definition, comment, gc grace, old id.
type Hidden = (
    &'static str,
    &'static str,
    &'static str,
    Option<i32>,
    Option<u32>,
);

/// The CQL 3 tables of 1.2's `system` that Thrift did not see: name,
/// definition, comment, gc grace (`None`: the schema tables' own) and the
/// old numeric id those compiled with one had.
const HIDDEN: &[Hidden] = &[
    ("batchlog", BATCHLOG, "uncommited batches", Some(0), None),
    (
        "local",
        LOCAL,
        "information about the local node",
        Some(0),
        None,
    ),
    (
        "peer_events",
        PEER_EVENTS,
        "cf contains events related to peers",
        Some(0),
        None,
    ),
    ("peers", PEERS, "known peers in the cluster", Some(0), None),
    (
        "range_xfers",
        RANGE_XFERS,
        "ranges requested for transfer here",
        Some(0),
        None,
    ),
    (
        "schema_columnfamilies",
        COLUMNFAMILIES,
        "ColumnFamily definitions",
        None,
        Some(9),
    ),
    (
        "schema_columns",
        COLUMNS,
        "ColumnFamily column attributes",
        None,
        Some(10),
    ),
];

/// The `system` column families 1.2 compiled without an old numeric id
/// (its schema tables' `id` is null for them).
const WITHOUT_OLD_ID: &[&str] = &[
    "batchlog",
    "hints",
    "local",
    "peer_events",
    "peers",
    "range_xfers",
];

/// Whether the node emulates a 1.2 release, whose own system tables it
/// then serves.
pub fn applies(local: &LocalFacts) -> bool {
    local.emulated && local.claims_at_least((1, 2, 0)) && !local.claims_at_least((2, 0, 0))
}

/// The definition of `system.<name>` a 1.2 node served, where it differs
/// from the superset (`tables`).
pub fn definition(name: &str) -> Option<&'static str> {
    match name {
        "local" => Some(LOCAL),
        "peers" => Some(PEERS),
        "schema_columnfamilies" => Some(COLUMNFAMILIES),
        _ => None,
    }
}

/// Parses one of this module's CREATE TABLE texts.
pub(super) fn compile(keyspace: &str, text: &str) -> Option<Table> {
    let parsed = parse(text).ok()?;
    let Statement::CreateTable(ct) = parsed.statement else {
        return None;
    };
    Table::from_create(keyspace, &ct).ok()
}

/// A built-in table's column family as 1.2's `CFMetaData.compile` made it
/// from its CREATE TABLE: no read repair, the given comment and gc grace,
/// an explicit 0.01 bloom filter chance, the statement's keys and
/// comparator.
pub(super) fn compiled_cf(table: &Table, id: u32, comment: &str, gc_grace: i32) -> CfDef {
    let mut def = CfDef::new(
        &table.keyspace,
        &table.name,
        id,
        table.comparator_type(),
        None,
    );
    def.options.key_validation_class = table.key_type();
    let stored = table.schema();
    let aliases = |list: &str| -> Vec<Vec<u8>> {
        parse_json_string_list(list)
            .unwrap_or_default()
            .into_iter()
            .map(String::into_bytes)
            .collect()
    };
    def.options.key_aliases = aliases(&stored.key_aliases);
    def.options.column_aliases = aliases(&stored.column_aliases);
    def.comment = Some(comment.to_string());
    def.gc_grace_seconds = gc_grace;
    def.options.read_repair_chance = 0.0;
    def.options.dclocal_read_repair_chance = 0.0;
    def.options.bloom_filter_fp_chance = Some(0.01);
    def
}

/// The gc grace of the schema tables: 8640 seconds up to 1.2.18, a week
/// from 1.2.19.
fn schema_gc_grace(local: &LocalFacts) -> i32 {
    if local.claims_at_least((1, 2, 19)) {
        604_800
    } else {
        8640
    }
}

/// 1.2's `system` keyspace as its schema tables listed it.
pub fn keyspace_def(local: &LocalFacts) -> KeyspaceDef {
    let mut ks = system_keyspace();
    let schema_gc = schema_gc_grace(local);
    if let Some(cf) = ks.cfs.get_mut("schema_keyspaces") {
        Arc::make_mut(cf).gc_grace_seconds = schema_gc;
    }
    for &(name, text, comment, gc, id) in HIDDEN {
        let Some(table) = compile("system", text) else {
            continue;
        };
        let mut def = compiled_cf(&table, id.unwrap_or(0), comment, gc.unwrap_or(schema_gc));
        if name == "batchlog" {
            // COMPACTION={'class': 'SizeTieredCompactionStrategy', 'min_threshold': 2}
            def.options.min_compaction_threshold = 2;
            def.options
                .compaction_strategy_options
                .insert("min_threshold".to_string(), "2".to_string());
        }
        ks.cfs.insert(name.to_string(), Arc::new(def));
    }
    ks
}

/// The served table model of `system.<name>` for its `schema_columns`
/// rows: a hidden CQL 3 table's own definition (`None`: the column
/// family's Thrift-compatible one).
pub fn hidden_table(name: &str) -> Option<Table> {
    HIDDEN
        .iter()
        .find(|h| h.0 == name)
        .and_then(|h| compile("system", h.1))
}

/// Whether `system.<name>`'s schema row carries 1.2's old numeric id.
pub fn has_old_id(name: &str) -> bool {
    !WITHOUT_OLD_ID.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn emulating(v: &str) -> LocalFacts {
        LocalFacts {
            emulated: true,
            ..LocalFacts::claiming(v)
        }
    }

    #[test]
    fn only_an_emulated_1_2_serves_its_own_tables() {
        assert!(applies(&emulating("1.2.9")));
        assert!(applies(&emulating("1.2.19")));
        assert!(!applies(&emulating("2.0.17")));
        assert!(!applies(&LocalFacts::claiming("1.2.9")));
    }

    #[test]
    fn the_keyspace_lists_fifteen_column_families() {
        let ks = keyspace_def(&emulating("1.2.9"));
        let names: Vec<&str> = ks.cfs.keys().map(String::as_str).collect();
        assert_eq!(
            names,
            [
                "HintsColumnFamily",
                "IndexInfo",
                "LocationInfo",
                "Migrations",
                "NodeIdInfo",
                "Schema",
                "batchlog",
                "hints",
                "local",
                "peer_events",
                "peers",
                "range_xfers",
                "schema_columnfamilies",
                "schema_columns",
                "schema_keyspaces"
            ]
        );
        let batchlog = &ks.cfs["batchlog"];
        assert_eq!(batchlog.gc_grace_seconds, 0);
        assert_eq!(batchlog.options.min_compaction_threshold, 2);
        assert_eq!(ks.cfs["schema_columns"].gc_grace_seconds, 8640);
        assert_eq!(ks.cfs["schema_columns"].id, 10);
        let later = keyspace_def(&emulating("1.2.19"));
        assert_eq!(later.cfs["schema_keyspaces"].gc_grace_seconds, 604_800);
        assert!(!has_old_id("peers") && has_old_id("LocationInfo"));
    }

    #[test]
    fn local_and_peers_have_1_2_s_columns() {
        let local = compile("system", LOCAL).unwrap();
        assert!(local.column("gossip_generation").is_some());
        assert!(local.column("rpc_address").is_none());
        let peers = compile("system", PEERS).unwrap();
        assert!(peers.column("preferred_ip").is_none());
        let cfs = compile("system", COLUMNFAMILIES).unwrap();
        assert!(cfs.column("default_read_consistency").is_none());
    }
}
