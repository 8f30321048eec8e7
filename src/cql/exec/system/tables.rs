//! The schema tables 1.2.9 let CQL read (`system.schema_keyspaces`,
//! `system.schema_columnfamilies`, `system.schema_columns`), the node's
//! own row `system.local` (versions, cluster name, partitioner, token:
//! cqlsh reads it to pick the schema-table column names of its server,
//! drivers to learn the ring), `system.peers` (empty: a single node
//! has none) and 2.0's `system.schema_triggers` (empty), served from
//! the live schema snapshot: each is a real CQL table model whose cells
//! are synthesized on read, so SELECT's planning, filtering and ordering
//! are the ordinary ones. cqlsh's DESCRIBE and old drivers read these.
//!
//! Owns the column lists and the schema → cell encoding; it must not
//! accept writes (they are refused before reaching here).

use super::synthesized::{keys_within, sliced};
use super::{release12, release20, release20_rows, replicated, schema, schema_rows, traces};
use crate::cql::ast::Statement;
use crate::cql::error::CqlResult;
use crate::cql::exec::local::{gossip_generation, LocalFacts};
use crate::cql::exec::tables::table_of;
use crate::cql::mapping::{cell_name, marker_name, PartitionSource};
use crate::cql::schema::{json_string_list, SchemaColumn};
use crate::cql::table::Table;
use crate::cql::{parse_with, Grammar};
use crate::model::{Cell, Slice};
use crate::partitioner::Token;
use crate::schema::javaorder::{grown_capacity, iteration_order, sized_capacity, string_hash};
use crate::schema::{CfDef, KeyspaceDef, Schema};
use std::ops::Bound;

const KEYSPACES: &str = "CREATE TABLE system.schema_keyspaces (keyspace_name text PRIMARY KEY, durable_writes boolean, strategy_class text, strategy_options text)";
const COLUMNFAMILIES: &str = "CREATE TABLE system.schema_columnfamilies (keyspace_name text, columnfamily_name text, bloom_filter_fp_chance double, caching text, column_aliases text, comment text, compaction_strategy_class text, compaction_strategy_options text, comparator text, compression_parameters text, default_read_consistency text, default_validator text, default_write_consistency text, gc_grace_seconds int, id int, key_alias text, key_aliases text, key_validator text, local_read_repair_chance double, max_compaction_threshold int, min_compaction_threshold int, populate_io_cache_on_flush boolean, read_repair_chance double, replicate_on_write boolean, subcomparator text, type text, value_alias text, PRIMARY KEY (keyspace_name, columnfamily_name))";
const LOCAL: &str = "CREATE TABLE system.local (key text PRIMARY KEY, bootstrapped text, broadcast_address inet, cluster_name text, cql_version text, data_center text, host_id uuid, listen_address inet, native_protocol_version text, partitioner text, rack text, release_version text, rpc_address inet, schema_version uuid, thrift_version text, tokens set<text>)";
/// 2.1-2.2's user types.
const USERTYPES: &str = "CREATE TABLE system.schema_usertypes (keyspace_name text, type_name text, field_names list<text>, field_types list<text>, PRIMARY KEY (keyspace_name, type_name))";
/// 2.0-2.2's triggers table (always empty: no triggers are run).
const TRIGGERS: &str = "CREATE TABLE system.schema_triggers (keyspace_name text, columnfamily_name text, trigger_name text, trigger_options map<text, text>, PRIMARY KEY (keyspace_name, columnfamily_name, trigger_name))";
/// 2.2's user functions and aggregates, keyed by their argument types
/// (`LegacySchemaTables`). Always empty here: a node of the stock yaml
/// refuses CREATE FUNCTION, so none is ever defined.
const FUNCTIONS: &str = "CREATE TABLE system.schema_functions (keyspace_name text, function_name text, signature frozen<list<text>>, argument_names list<text>, argument_types list<text>, body text, language text, return_type text, called_on_null_input boolean, PRIMARY KEY (keyspace_name, function_name, signature))";
const AGGREGATES: &str = "CREATE TABLE system.schema_aggregates (keyspace_name text, aggregate_name text, signature frozen<list<text>>, argument_types list<text>, final_func text, initcond blob, return_type text, state_func text, state_type text, PRIMARY KEY (keyspace_name, aggregate_name, signature))";
/// The synthesized tables a single node of the stock yaml holds no row of.
fn always_empty(name: &str) -> bool {
    matches!(
        name,
        "peers" | "schema_triggers" | "schema_functions" | "schema_aggregates"
    )
}
const PEERS: &str = "CREATE TABLE system.peers (peer inet PRIMARY KEY, data_center text, host_id uuid, preferred_ip inet, rack text, release_version text, rpc_address inet, schema_version uuid, tokens set<text>)";
/// The one partition key of `system.local`.
const LOCAL_KEY: &str = "local";
const COLUMNS: &str = "CREATE TABLE system.schema_columns (keyspace_name text, columnfamily_name text, column_name text, component_index int, index_name text, index_options text, index_type text, validator text, PRIMARY KEY (keyspace_name, columnfamily_name, column_name))";
/// 2.0-2.1's: 1.2's plus `type`, with a row for every column.
const COLUMNS_2_0: &str = "CREATE TABLE system.schema_columns (keyspace_name text, columnfamily_name text, column_name text, component_index int, index_name text, index_options text, index_type text, type text, validator text, PRIMARY KEY (keyspace_name, columnfamily_name, column_name))";

/// Whether a session claiming `local`'s release reads 2.0-2.1's
/// `schema_columns` (with `type`) rather than 1.2's.
fn claims_column_types(local: &LocalFacts) -> bool {
    local.release_version.starts_with("2.")
}

/// The virtual table `keyspace.<name>` served to a session whose node
/// claims `local`'s release: 1.2-2.x's schema tables before 3.0, the 3.0+
/// ones (`system_schema`) from 3.0 on.
pub fn table(keyspace: &str, name: &str, local: &LocalFacts) -> Option<Table> {
    if keyspace == traces::KEYSPACE {
        return traces::table_claimed(name, local);
    }
    if schema::claims_schema_tables(local) {
        return schema::table_claimed(keyspace, name, local);
    }
    if keyspace != "system" {
        return None;
    }
    if let Some(text) = release12::definition(name).filter(|_| release12::applies(local)) {
        return release12::compile("system", text);
    }
    if matches!(name, "schema_columnfamilies" | "local" | "peers") && release20::applies(local) {
        // 2.0-2.2's own columns (speculative_retry, default_time_to_live ...;
        // `local`'s `gossip_generation` and `truncated_at`, which drivers
        // read at connect with `SELECT *`).
        return release20::table(name, local);
    }
    let text = match name {
        "schema_keyspaces" => KEYSPACES,
        "schema_columnfamilies" => COLUMNFAMILIES,
        "schema_columns" if claims_column_types(local) => COLUMNS_2_0,
        "schema_columns" => COLUMNS,
        "local" => LOCAL,
        "peers" => PEERS,
        "schema_triggers" if local.claims_at_least((2, 0, 0)) => TRIGGERS,
        "schema_usertypes" if local.claims_at_least((2, 1, 0)) => USERTYPES,
        "schema_functions" if local.claims_at_least((2, 2, 0)) => FUNCTIONS,
        "schema_aggregates" if local.claims_at_least((2, 2, 0)) => AGGREGATES,
        _ => return None,
    };
    // The function tables' signature is frozen, which 2.1's grammar first took.
    let grammar = match name {
        "schema_functions" | "schema_aggregates" => Grammar::Cql32,
        _ => Grammar::Cql305,
    };
    let Ok(parsed) = parse_with(text, grammar) else {
        return None;
    };
    let Statement::CreateTable(ct) = parsed.statement else {
        return None;
    };
    Table::from_create("system", &ct).ok()
}

/// 1.2's JSON text for a string map: the entries in the order of the Java
/// `HashMap` 1.2 kept the map in (`FBUtilities.json` of it).
/// Keys sharing a bucket keep their insertion order, which the schema does
/// not keep: the one such pair among the options 1.2 wrote,
/// `min_threshold` and `max_threshold`, goes min first, as 1.2's own
/// `hints` table put them.
fn json_map(m: &std::collections::BTreeMap<String, String>) -> String {
    let mut entries: Vec<(&String, &String)> = m.iter().collect();
    entries.sort_by_key(|(k, _)| (k.as_str() != "min_threshold", k.as_str()));
    let hashes: Vec<i32> = entries.iter().map(|(k, _)| string_hash(k)).collect();
    let body: Vec<String> = iteration_order(&hashes, grown_capacity(entries.len()))
        .into_iter()
        .map(|i| {
            let (k, v) = entries[i];
            format!(
                "{}:{}",
                json_string_list([k.as_str()].into_iter()).trim_matches(|c| c == '[' || c == ']'),
                json_string_list([v.as_str()].into_iter()).trim_matches(|c| c == '[' || c == ']')
            )
        })
        .collect();
    format!("{{{}}}", body.join(","))
}

/// A column family's compaction options as their JSON was written: the
/// map `CFMetaData` kept was a copy (`new HashMap<>(options)`) of the one
/// read, its table sized for the entries it was made with, iterated in
/// its own order (entries of one bucket in the order the first map gave
/// them).
fn json_copied_map(m: &std::collections::BTreeMap<String, String>) -> String {
    let mut entries: Vec<(&String, &String)> = m.iter().collect();
    entries.sort_by_key(|(k, _)| (k.as_str() != "min_threshold", k.as_str()));
    let hashes: Vec<i32> = entries.iter().map(|(k, _)| string_hash(k)).collect();
    let first = iteration_order(&hashes, grown_capacity(entries.len()));
    let read: Vec<(&String, &String)> = first.iter().map(|&i| entries[i]).collect();
    let hashes: Vec<i32> = first.iter().map(|&i| hashes[i]).collect();
    // HashMap(Map): a table of tableSizeFor(size / 0.75 + 1).
    let copied = sized_capacity((read.len() as f32 / 0.75 + 1.0) as usize);
    let body: Vec<String> = iteration_order(&hashes, copied)
        .into_iter()
        .map(|i| json_entry(read[i].0, read[i].1))
        .collect();
    format!("{{{}}}", body.join(","))
}

/// One `"key":"value"` of a JSON map.
fn json_entry(k: &str, v: &str) -> String {
    format!(
        "{}:{}",
        json_string_list([k].into_iter()).trim_matches(|c| c == '[' || c == ']'),
        json_string_list([v].into_iter()).trim_matches(|c| c == '[' || c == ']')
    )
}

fn text(s: &str) -> Option<Vec<u8>> {
    Some(s.as_bytes().to_vec())
}

fn int(v: i32) -> Option<Vec<u8>> {
    Some(v.to_be_bytes().to_vec())
}

fn double(v: f64) -> Option<Vec<u8>> {
    Some(v.to_be_bytes().to_vec())
}

fn boolean(v: bool) -> Option<Vec<u8>> {
    Some(vec![u8::from(v)])
}

fn aliases(list: &[Vec<u8>]) -> String {
    let names: Vec<String> = list
        .iter()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    json_string_list(names.iter().map(String::as_str))
}

/// A column's name and its serialized value (`None` is null).
pub(super) type Value = (&'static str, Option<Vec<u8>>);

/// A column family's `schema_columnfamilies` row; `old_id`: whether it
/// shows the numeric id (1.2 gave its tracing tables, and the system
/// tables it compiled without one, none).
fn cf_row(cf: &CfDef, old_id: bool) -> Vec<Value> {
    let o = &cf.options;
    let stored = o.schema_table_aliases();
    vec![
        (
            "bloom_filter_fp_chance",
            o.bloom_filter_fp_chance.and_then(double),
        ),
        ("caching", text(o.caching.as_str())),
        ("column_aliases", text(&aliases(&stored.column))),
        ("comment", text(cf.comment.as_deref().unwrap_or(""))),
        ("compaction_strategy_class", text(&o.compaction_strategy)),
        (
            "compaction_strategy_options",
            text(&json_copied_map(&o.compaction_strategy_options)),
        ),
        ("comparator", text(&cf.comparator.class_name())),
        (
            "compression_parameters",
            text(&json_map(&o.compression_options)),
        ),
        (
            "default_validator",
            text(&o.default_validation_class.class_name()),
        ),
        ("gc_grace_seconds", int(cf.gc_grace_seconds)),
        ("id", old_id.then(|| int(cf.id as i32)).flatten()),
        ("key_aliases", text(&aliases(&stored.key))),
        ("key_validator", text(&o.key_validation_class.class_name())),
        (
            "local_read_repair_chance",
            double(o.dclocal_read_repair_chance),
        ),
        ("max_compaction_threshold", int(o.max_compaction_threshold)),
        ("min_compaction_threshold", int(o.min_compaction_threshold)),
        (
            "populate_io_cache_on_flush",
            boolean(o.populate_io_cache_on_flush),
        ),
        ("read_repair_chance", double(o.read_repair_chance)),
        ("replicate_on_write", boolean(o.replicate_on_write)),
        (
            "subcomparator",
            cf.subcomparator
                .as_ref()
                .and_then(|s| text(&s.class_name())),
        ),
        ("type", text(cf.column_type.as_str())),
        ("value_alias", stored.value),
    ]
}

/// Cells of one synthesized partition (one keyspace), in comparator order.
fn partition(
    schema: &Schema,
    table: &Table,
    local: &LocalFacts,
    keyspace: &str,
) -> CqlResult<Vec<Cell>> {
    if schema::owns(table) {
        let rows = schema_rows::partition(schema, table, keyspace, local.release_numbers());
        return schema_rows::cells(table, rows);
    }
    match table.name.as_str() {
        "local" => return local_partition(schema, table, local, keyspace),
        "schema_usertypes" => {
            let rows = schema_rows::user_type_rows(schema, keyspace, |t| t.class_name());
            return schema_rows::cells(table, rows);
        }
        name if always_empty(name) => return Ok(Vec::new()),
        _ => {}
    }
    let built_in;
    // 2.0-2.2 list their own system tables too (`system20`), 1.2 its
    // fifteen (`release12`); the schema's `system` is Thrift's view.
    let own_system20 = keyspace == "system" && release20::applies(local);
    let own_system = keyspace == "system" && (release12::applies(local) || own_system20);
    let ks = match schema.keyspace(keyspace).filter(|_| !own_system) {
        Some(ks) => ks,
        None if own_system20 => {
            built_in = release20::keyspace_def(local);
            &built_in
        }
        None if own_system => {
            built_in = release12::keyspace_def(local);
            &built_in
        }
        None => match served_built_ins(schema, local)
            .into_iter()
            .find(|k| k.name == keyspace)
        {
            Some(ks) => {
                built_in = ks;
                &built_in
            }
            None => return Ok(Vec::new()),
        },
    };
    // (clustering values, [(column, value)]) rows, already in clustering order.
    let mut rows: Vec<(Vec<Vec<u8>>, Vec<Value>)> = Vec::new();
    match table.name.as_str() {
        "schema_keyspaces" => rows.push((
            Vec::new(),
            vec![
                ("durable_writes", boolean(ks.durable_writes)),
                ("strategy_class", text(&ks.strategy_class())),
                ("strategy_options", text(&json_map(&ks.strategy_options))),
            ],
        )),
        "schema_columnfamilies" => {
            for (name, cf) in &ks.cfs {
                let old_id = ks.name != traces::KEYSPACE
                    && !own_system20
                    && (!own_system || release12::has_old_id(name));
                let mut row = cf_row(cf, old_id);
                if release20::applies(local) {
                    let system = ks.name == "system" || ks.name == traces::KEYSPACE;
                    let (major, minor, _) = local.release_numbers();
                    let own = release20_rows::values(cf, system, (major, minor));
                    row.retain(|(c, _)| !own.iter().any(|(o, _)| o == c));
                    row.extend(own);
                    row.retain(|(c, _)| table.column(c).is_some());
                }
                rows.push((vec![name.as_bytes().to_vec()], row));
            }
        }
        _ => {
            let typed = table.column("type").is_some();
            for (name, cf) in &ks.cfs {
                let served = match ks.name.as_str() {
                    traces::KEYSPACE => self::table(traces::KEYSPACE, name, local).ok_or(()),
                    _ if own_system20 => release20::table(name, local).ok_or(()),
                    _ if own_system => release12::hidden_table(name)
                        .map_or_else(|| table_of(cf).map_err(|_| ()), Ok),
                    _ => table_of(cf).map_err(|_| ()),
                };
                let Ok(t) = served else { continue };
                let mut cols: Vec<(SchemaColumn, Option<&str>)> = match typed {
                    // 2.0's CreateIndexStatement gave a COMPOSITES index no
                    // options (1.2 wrote its `prefix_size`).
                    true => t
                        .schema_columns_2_0()
                        .into_iter()
                        .map(|(mut c, kind)| {
                            if c.index_options
                                .as_deref()
                                .is_some_and(|o| o.contains("prefix_size"))
                            {
                                c.index_options = Some("{}".to_string());
                            }
                            (c, Some(kind))
                        })
                        .collect(),
                    false => t.schema().columns.into_iter().map(|c| (c, None)).collect(),
                };
                cols.sort_by(|a, b| a.0.name.cmp(&b.0.name));
                // 2.1 wrote a column's options as JSON whatever they were:
                // none is `null` (2.0 wrote no cell).
                let no_options = match local.claims_at_least((2, 1, 0)) {
                    true => Some("null"),
                    false => None,
                };
                for (c, kind) in cols {
                    let mut values = vec![
                        ("component_index", c.component_index.and_then(int)),
                        ("index_name", c.index_name.as_deref().and_then(text)),
                        (
                            "index_options",
                            c.index_options.as_deref().or(no_options).and_then(text),
                        ),
                        ("index_type", c.index_type.as_deref().and_then(text)),
                        (
                            "validator",
                            text(
                                own_system20
                                    .then(|| release20::shown_validator(name, &c.name))
                                    .flatten()
                                    .unwrap_or(&c.validator),
                            ),
                        ),
                    ];
                    if let Some(kind) = kind {
                        values.push(("type", text(kind)));
                    }
                    rows.push((
                        vec![name.as_bytes().to_vec(), c.name.as_bytes().to_vec()],
                        values,
                    ));
                }
            }
        }
    }
    cells_of(table, rows)
}

/// `system.local`'s one row, under the key `local` (a single node is its
/// own whole ring: SimpleSnitch's data center and rack).
fn local_partition(
    schema: &Schema,
    table: &Table,
    local: &LocalFacts,
    key: &str,
) -> CqlResult<Vec<Cell>> {
    if key != LOCAL_KEY {
        return Ok(Vec::new());
    }
    let address = local.address.map(|a| match a {
        std::net::IpAddr::V4(v4) => v4.octets().to_vec(),
        std::net::IpAddr::V6(v6) => v6.octets().to_vec(),
    });
    let row = vec![
        ("bootstrapped", text("COMPLETED")),
        ("broadcast_address", address.clone()),
        ("cluster_name", text(&schema.cluster_name)),
        ("cql_version", text(&local.cql_version)),
        ("data_center", text("datacenter1")),
        ("gossip_generation", int(gossip_generation())),
        ("host_id", local.host_id.map(|id| id.to_vec())),
        ("listen_address", address.clone()),
        (
            "native_protocol_version",
            text(&local.native_protocol_version),
        ),
        ("partitioner", text(schema.partitioner.class_name())),
        ("rack", text("rack1")),
        ("release_version", text(&local.release_version)),
        ("rpc_address", address),
        ("schema_version", Some(schema.version().as_bytes().to_vec())),
        ("thrift_version", text(&local.thrift_version)),
    ];
    // 4.0's definition has no `thrift_version` (see `system_schema`), 1.2's
    // no addresses (`release12`), the superset no `gossip_generation`.
    let row = row
        .into_iter()
        .filter(|(c, _)| table.column(c).is_some())
        .collect();
    let mut cells = cells_of(table, vec![(Vec::new(), row)])?;
    for token in &local.tokens {
        let name = cell_name(table, &[], "tokens", Some(token.as_bytes()))?;
        cells.push(Cell::live(name, Vec::new(), 0));
    }
    let started_ms = i64::from(gossip_generation()) * 1000;
    if let Some((id, record)) = release20::startup_truncation(local, started_ms) {
        if table.column("truncated_at").is_some() {
            let name = cell_name(table, &[], "truncated_at", Some(&id))?;
            cells.push(Cell::live(name, record, 0));
        }
    }
    let cmp = table.comparator_type();
    cells.sort_by(|a, b| cmp.compare(&a.name, &b.name));
    Ok(cells)
}

/// A partition's cells from its rows, in the table's comparator order.
pub(super) fn cells_of(
    table: &Table,
    rows: Vec<(Vec<Vec<u8>>, Vec<Value>)>,
) -> CqlResult<Vec<Cell>> {
    let mut cells = Vec::new();
    for (clustering, values) in rows {
        cells.push(Cell::live(marker_name(&clustering)?, Vec::new(), 0));
        for (column, value) in values {
            if let Some(v) = value {
                cells.push(Cell::live(
                    cell_name(table, &clustering, column, None)?,
                    v,
                    0,
                ));
            }
        }
    }
    let cmp = table.comparator_type();
    cells.sort_by(|a, b| cmp.compare(&a.name, &b.name));
    Ok(cells)
}

/// The keyspaces the 1.2-2.x schema tables list beside the schema's
/// (served, not stored: the schema does not hold them) for a node
/// claiming `local`'s release: `system_traces` from 1.2, 2.2's
/// `system_auth` and `system_distributed`.
fn served_built_ins(schema: &Schema, local: &LocalFacts) -> Vec<KeyspaceDef> {
    let mut out = Vec::new();
    if traces::exists_in(local) && traces::served(schema, traces::KEYSPACE) {
        out.push(traces::keyspace_def(local));
    }
    if replicated::exists_in(local) {
        out.extend(replicated::keyspaces());
    }
    out.retain(|k| schema.keyspace(&k.name).is_none());
    out
}

/// A `PartitionSource` over the schema snapshot.
pub struct SchemaSource<'a> {
    pub schema: &'a Schema,
    pub table: &'a Table,
    pub local: &'a LocalFacts,
}

impl PartitionSource for SchemaSource<'_> {
    fn read(&self, row_key: &[u8], slice: &Slice) -> CqlResult<Vec<Cell>> {
        let keyspace = String::from_utf8_lossy(row_key);
        let cells = partition(self.schema, self.table, self.local, &keyspace).unwrap_or_default();
        Ok(sliced(self.table, cells, slice))
    }

    fn scan_keys(&self, start: Bound<Token>, end: Bound<Token>) -> CqlResult<Vec<Vec<u8>>> {
        let names: Vec<Vec<u8>> = if schema::owns(self.table) {
            schema_rows::partition_keys(self.schema, self.table)
        } else if self.table.name == "local" {
            vec![LOCAL_KEY.as_bytes().to_vec()]
        } else if always_empty(&self.table.name) {
            Vec::new()
        } else {
            let built_ins = served_built_ins(self.schema, self.local);
            self.schema
                .keyspaces
                .keys()
                .map(String::as_str)
                .chain(built_ins.iter().map(|k| k.name.as_str()))
                .map(|k| k.as_bytes().to_vec())
                .collect()
        };
        Ok(keys_within(
            self.schema.partitioner.as_ref(),
            names,
            start,
            end,
        ))
    }
}

#[cfg(test)]
#[path = "tables_tests.rs"]
mod tests;
