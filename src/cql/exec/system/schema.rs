//! The schema tables of Cassandra 3.0+ (`system_schema.keyspaces`,
//! `tables`, `columns`, `dropped_columns`, `triggers`, `views`, `types`,
//! `functions`, `aggregates`, `indexes`), 4.0's `system_virtual_schema`
//! (`keyspaces`, `tables`, `columns`: it lists itself, the one virtual
//! keyspace served) and 4.0's `system.local` / `system.peers_v2`: what
//! drivers read from a node claiming 3.0 or later (the native protocol's
//! v4 claim, see `native::handle::dispatch`); a claim of 3.x reads its
//! own `system.local` (with `thrift_version`). Served, like `tables`, as CQL
//! table models whose cells are synthesized from the live schema.
//!
//! Column sets are 4.0's, less the columns a claimed earlier release did
//! not have yet (3.8's `cdc`, 4.0's `additional_write_policy` and
//! `read_repair`). Collections are frozen as `SchemaKeyspace` declared
//! them from 3.0 on (a driver sees `FrozenType(...)` in the result's
//! metadata; the cell holds the whole collection); the primary keys of
//! `functions` and `aggregates` leave out `argument_types` (this CQL layer
//! has no collection in a key; both tables are always empty: no UDFs).
//!
//! Owns these definitions; their rows are `schema_rows`'s, how each
//! column family looks as a 3.x table `cql::exec::schema3x`'s. It must not
//! accept writes.

use crate::cql::ast::Statement;
use crate::cql::exec::local::LocalFacts;
use crate::cql::table::Table;
use crate::cql::{parse_with, Grammar};
use crate::schema::system19::{keyspace, LOCAL_STRATEGY};
use crate::schema::KeyspaceDef;

/// The keyspace of the 3.0+ schema tables.
pub const SCHEMA_KEYSPACE: &str = "system_schema";
/// 4.0's keyspace describing virtual keyspaces.
pub const VIRTUAL_SCHEMA_KEYSPACE: &str = "system_virtual_schema";

/// The keyspace itself as 3.x's Thrift listed it: LocalStrategy, durable,
/// with no table Thrift was shown (3.x showed none of its CQL tables).
pub fn keyspace_def() -> KeyspaceDef {
    keyspace(SCHEMA_KEYSPACE, LOCAL_STRATEGY, &[], Vec::new())
}

const SCHEMA_TABLES: &[(&str, &str)] = &[
    ("keyspaces", "(keyspace_name text PRIMARY KEY, durable_writes boolean, replication frozen<map<text, text>>)"),
    ("tables", "(keyspace_name text, table_name text, additional_write_policy text, bloom_filter_fp_chance double, caching frozen<map<text, text>>, cdc boolean, comment text, compaction frozen<map<text, text>>, compression frozen<map<text, text>>, crc_check_chance double, dclocal_read_repair_chance double, default_time_to_live int, extensions frozen<map<text, blob>>, flags frozen<set<text>>, gc_grace_seconds int, id uuid, max_index_interval int, memtable_flush_period_in_ms int, min_index_interval int, read_repair text, read_repair_chance double, speculative_retry text, PRIMARY KEY (keyspace_name, table_name))"),
    ("columns", "(keyspace_name text, table_name text, column_name text, clustering_order text, column_name_bytes blob, kind text, position int, type text, PRIMARY KEY (keyspace_name, table_name, column_name))"),
    ("dropped_columns", "(keyspace_name text, table_name text, column_name text, dropped_time timestamp, kind text, type text, PRIMARY KEY (keyspace_name, table_name, column_name))"),
    ("triggers", "(keyspace_name text, table_name text, trigger_name text, options frozen<map<text, text>>, PRIMARY KEY (keyspace_name, table_name, trigger_name))"),
    ("views", "(keyspace_name text, view_name text, additional_write_policy text, base_table_id uuid, base_table_name text, bloom_filter_fp_chance double, caching frozen<map<text, text>>, cdc boolean, comment text, compaction frozen<map<text, text>>, compression frozen<map<text, text>>, crc_check_chance double, dclocal_read_repair_chance double, default_time_to_live int, extensions frozen<map<text, blob>>, gc_grace_seconds int, id uuid, include_all_columns boolean, max_index_interval int, memtable_flush_period_in_ms int, min_index_interval int, read_repair text, read_repair_chance double, speculative_retry text, where_clause text, PRIMARY KEY (keyspace_name, view_name))"),
    ("types", "(keyspace_name text, type_name text, field_names frozen<list<text>>, field_types frozen<list<text>>, PRIMARY KEY (keyspace_name, type_name))"),
    ("functions", "(keyspace_name text, function_name text, argument_names frozen<list<text>>, argument_types frozen<list<text>>, body text, called_on_null_input boolean, language text, return_type text, PRIMARY KEY (keyspace_name, function_name))"),
    ("aggregates", "(keyspace_name text, aggregate_name text, argument_types frozen<list<text>>, final_func text, initcond text, return_type text, state_func text, state_type text, PRIMARY KEY (keyspace_name, aggregate_name))"),
    ("indexes", "(keyspace_name text, table_name text, index_name text, kind text, options frozen<map<text, text>>, PRIMARY KEY (keyspace_name, table_name, index_name))"),
];

const VIRTUAL_TABLES: &[(&str, &str)] = &[
    ("keyspaces", "(keyspace_name text PRIMARY KEY)"),
    ("tables", "(keyspace_name text, table_name text, comment text, PRIMARY KEY (keyspace_name, table_name))"),
    ("columns", "(keyspace_name text, table_name text, column_name text, clustering_order text, column_name_bytes blob, kind text, position int, type text, PRIMARY KEY (keyspace_name, table_name, column_name))"),
];

/// 4.0's `system.local` (no `thrift_version`; ports and gossip facts a
/// single node without gossip leaves null).
const LOCAL: &str = "(key text PRIMARY KEY, bootstrapped text, broadcast_address inet, broadcast_port int, cluster_name text, cql_version text, data_center text, gossip_generation int, host_id uuid, listen_address inet, listen_port int, native_protocol_version text, partitioner text, rack text, release_version text, rpc_address inet, rpc_port int, schema_version uuid, tokens set<text>, truncated_at map<uuid, blob>)";
/// 3.0's and 3.11's `system.local` (`SystemKeyspace`): 4.0's without its
/// ports, with `thrift_version`.
const LOCAL_3X: &str = "(key text PRIMARY KEY, bootstrapped text, broadcast_address inet, cluster_name text, cql_version text, data_center text, gossip_generation int, host_id uuid, listen_address inet, native_protocol_version text, partitioner text, rack text, release_version text, rpc_address inet, schema_version uuid, thrift_version text, tokens set<text>, truncated_at map<uuid, blob>)";
/// 4.0's `system.peers_v2` (empty: a single node has no peers).
const PEERS_V2: &str = "(peer inet, peer_port int, data_center text, host_id uuid, native_address inet, native_port int, preferred_ip inet, preferred_port int, rack text, release_version text, schema_version uuid, tokens set<text>, PRIMARY KEY (peer, peer_port))";
/// 4.0's `system.peers`, kept for drivers that read it.
const PEERS: &str = "(peer inet PRIMARY KEY, data_center text, host_id uuid, preferred_ip inet, rack text, release_version text, rpc_address inet, schema_version uuid, tokens set<text>)";

/// Whether `local` claims a release whose drivers read `system_schema`
/// (3.0 and later).
pub fn claims_schema_tables(local: &LocalFacts) -> bool {
    local.claims_at_least((3, 0, 0))
}

fn build(keyspace: &str, name: &str, columns: &str) -> Option<Table> {
    let text = format!("CREATE TABLE {keyspace}.{name} {columns}");
    // `frozen<..>` is 2.1's grammar (3.0's here).
    let Ok(parsed) = parse_with(&text, Grammar::Cql34) else {
        return None;
    };
    let Statement::CreateTable(ct) = parsed.statement else {
        return None;
    };
    Table::from_create(keyspace, &ct).ok()
}

/// The table `keyspace.name` served under the 3.0+ claim of `local`, if
/// it is one of this module's (a 3.x claim's `system.local` its own).
pub fn table_claimed(keyspace: &str, name: &str, local: &LocalFacts) -> Option<Table> {
    if keyspace == "system" && name == "local" && !local.claims_at_least((4, 0, 0)) {
        return build(keyspace, name, LOCAL_3X);
    }
    let mut table = table(keyspace, name)?;
    if keyspace == SCHEMA_KEYSPACE {
        table
            .regular
            .retain(|c| claims_column(&c.column.name, local));
    }
    Some(table)
}

/// The options columns of `tables` and `views` later releases added, with
/// the release that added each: 3.8's change-data-capture flag, 4.0's
/// write policy and read repair strategy.
const ADDED_COLUMNS: &[(&str, (u32, u32, u32))] = &[
    ("cdc", (3, 8, 0)),
    ("additional_write_policy", (4, 0, 0)),
    ("read_repair", (4, 0, 0)),
];

/// Whether the release `local` claims has the schema table column `name`.
fn claims_column(name: &str, local: &LocalFacts) -> bool {
    ADDED_COLUMNS
        .iter()
        .find(|(n, _)| *n == name)
        .is_none_or(|(_, since)| local.claims_at_least(*since))
}

/// The table `keyspace.name` served under a 3.0+ claim, if it is one of
/// this module's.
pub fn table(keyspace: &str, name: &str) -> Option<Table> {
    let list = match keyspace {
        SCHEMA_KEYSPACE => SCHEMA_TABLES,
        VIRTUAL_SCHEMA_KEYSPACE => VIRTUAL_TABLES,
        "system" => {
            let columns = match name {
                "local" => LOCAL,
                "peers" => PEERS,
                "peers_v2" => PEERS_V2,
                _ => return None,
            };
            return build(keyspace, name, columns);
        }
        _ => return None,
    };
    let (_, columns) = list.iter().find(|(n, _)| *n == name)?;
    build(keyspace, name, columns)
}

/// Every table of `keyspace` this module serves (for the schema tables'
/// own rows and DESCRIBE).
pub fn tables_of(keyspace: &str) -> Vec<Table> {
    let names: Vec<&str> = match keyspace {
        SCHEMA_KEYSPACE => SCHEMA_TABLES.iter().map(|(n, _)| *n).collect(),
        VIRTUAL_SCHEMA_KEYSPACE => VIRTUAL_TABLES.iter().map(|(n, _)| *n).collect(),
        "system" => vec!["local", "peers", "peers_v2"],
        _ => Vec::new(),
    };
    names
        .into_iter()
        .filter_map(|n| table(keyspace, n))
        .collect()
}

/// Whether `table` is one this module synthesizes (`system.local` is
/// left to `tables`, which fills either definition).
pub fn owns(table: &Table) -> bool {
    table.keyspace == SCHEMA_KEYSPACE
        || table.keyspace == VIRTUAL_SCHEMA_KEYSPACE
        || (table.keyspace == "system" && table.name == "peers_v2")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::types::CqlType;

    /// Recorded: 3.0.24 and 3.11.10 (`ordinary19p`'s, `ordinary19zi`'s
    /// and `ordinary19zk`'s schema reads: `FrozenType(MapType(..))` in
    /// the metadata, 3.0 without `cdc`, neither with 4.0's columns).
    #[test]
    fn schema_tables_freeze_collections_and_keep_the_claimed_columns() {
        for (name, _) in SCHEMA_TABLES {
            assert!(table(SCHEMA_KEYSPACE, name).is_some(), "{name}");
        }
        let tables = |release: &str| {
            table_claimed(SCHEMA_KEYSPACE, "tables", &LocalFacts::claiming(release)).unwrap()
        };
        let t30 = tables("3.0.24");
        assert!(matches!(
            t30.column("caching").unwrap().ty,
            CqlType::Frozen(_)
        ));
        assert!(matches!(
            t30.column("flags").unwrap().ty,
            CqlType::Frozen(_)
        ));
        assert!(t30.column("cdc").is_none());
        assert!(t30.column("read_repair").is_none());
        let t311 = tables("3.11.10");
        assert!(t311.column("cdc").is_some());
        assert!(t311.column("additional_write_policy").is_none());
        let t40 = tables("4.0.0");
        assert!(t40.column("additional_write_policy").is_some());
        let ks = table_claimed(
            SCHEMA_KEYSPACE,
            "keyspaces",
            &LocalFacts::claiming("3.0.24"),
        );
        let replication = ks.unwrap().column("replication").unwrap().ty.class_name();
        assert!(replication.contains("FrozenType(org.apache.cassandra.db.marshal.MapType("));
    }
}
