//! The rows of the 3.0+ schema tables (see `system_schema`): a keyspace's
//! replication map, each table's options in 4.0's spelling (1.2's options
//! converted as the 2.1/3.0 upgrades converted them), its columns from
//! `cql::exec::schema3x`, its indexes; and the encoding of such rows, maps and
//! sets included, as cells of the serving table model.
//!
//! Owns that conversion and the tables' partitions (their keys, and the
//! rows of each); it must not decide which tables exist.

use super::schema::{tables_of, SCHEMA_KEYSPACE, VIRTUAL_SCHEMA_KEYSPACE};
use super::{replicated, traces};
use crate::cql::error::CqlResult;
use crate::cql::exec::local::LocalFacts;
use crate::cql::exec::schema3x::{layout_of, layout_of_table};
use crate::cql::mapping::{cell_name, marker_name};
use crate::cql::table::Table;
use crate::cql::types::CqlType;
use crate::marshal::write_v3_collection;
use crate::model::Cell;
use crate::schema::legacy3x::{legacy_table_id, Layout3};
use crate::schema::{Caching, CfDef, IndexType, KeyspaceDef, Schema};
use std::collections::BTreeMap;
use std::sync::Arc;

/// One column's value.
pub enum Val {
    Bytes(Vec<u8>),
    /// A map's entries (keys serialized), or a set's members with empty values.
    Entries(Vec<(Vec<u8>, Vec<u8>)>),
}

/// A row: its clustering values and its columns' values.
pub type Row = (Vec<Vec<u8>>, Vec<(&'static str, Val)>);

pub fn text(s: &str) -> Val {
    Val::Bytes(s.as_bytes().to_vec())
}
fn int(v: i32) -> Val {
    Val::Bytes(v.to_be_bytes().to_vec())
}
fn double(v: f64) -> Val {
    Val::Bytes(v.to_be_bytes().to_vec())
}
fn boolean(v: bool) -> Val {
    Val::Bytes(vec![u8::from(v)])
}
fn text_map<'a>(m: impl IntoIterator<Item = (&'a str, String)>) -> Val {
    Val::Entries(
        m.into_iter()
            .map(|(k, v)| (k.as_bytes().to_vec(), v.into_bytes()))
            .collect(),
    )
}

/// A keyspace's tables as 3.x tables, by name, with the column family
/// behind each (none for the served system tables).
pub fn layouts(schema: &Schema, keyspace: &str) -> Vec<(Layout3, Option<Arc<CfDef>>)> {
    let mut out: Vec<(Layout3, Option<Arc<CfDef>>)> = Vec::new();
    let replicated = replicated_keyspace(schema, keyspace);
    if let Some(ks) = schema.keyspace(keyspace).or(replicated.as_ref()) {
        for cf in ks.cfs.values() {
            if let Ok(l) = layout_of(cf) {
                out.push((l, Some(cf.clone())));
            }
        }
    }
    if traces::served(schema, keyspace) {
        for t in ["events", "sessions"].into_iter().filter_map(traces::table) {
            let cf = traces::cf_def_2_0(&t.name).map(Arc::new);
            out.push((layout_of_table(&t), cf));
        }
    }
    for t in tables_of(keyspace) {
        if !out.iter().any(|(l, _)| l.name == t.name) {
            out.push((layout_of_table(&t), None));
        }
    }
    out.sort_by(|a, b| a.0.name.cmp(&b.0.name));
    out
}

/// 2.2's `system_auth` or `system_distributed` when `keyspace` names one
/// the schema does not hold: every 3.x node created both at start-up, and
/// `system_schema` lists them with their tables.
fn replicated_keyspace(schema: &Schema, keyspace: &str) -> Option<KeyspaceDef> {
    if schema.keyspace(keyspace).is_some() {
        return None;
    }
    replicated::keyspaces()
        .into_iter()
        .find(|k| k.name == keyspace)
}

/// `replication` as 3.0 migrated it: the class plus the strategy options.
pub fn replication(ks: &KeyspaceDef) -> BTreeMap<String, String> {
    let mut m = ks.strategy_options.clone();
    let class = ks.strategy_class();
    if class.ends_with(".SimpleStrategy") && !m.contains_key("replication_factor") {
        m.insert(
            "replication_factor".into(),
            ks.replication_factor.to_string(),
        );
    }
    m.insert("class".into(), class);
    m
}

/// The local strategy of the schema keyspaces themselves.
pub fn local_replication() -> BTreeMap<String, String> {
    BTreeMap::from([(
        "class".to_string(),
        "org.apache.cassandra.locator.LocalStrategy".to_string(),
    )])
}

/// The rows of `system_schema.<name>` for `keyspace`, as the release
/// `claimed` wrote them (`tables`' options, see [`claimed_options`]).
pub fn schema_rows(
    schema: &Schema,
    name: &str,
    keyspace: &str,
    claimed: (u32, u32, u32),
) -> Vec<Row> {
    // The tracing keyspace is served, not stored; 4.0 replicated it twice.
    let traces = (keyspace == traces::KEYSPACE)
        .then(|| traces::keyspace_def(&LocalFacts::claiming("4.0.0")));
    let replicated = replicated_keyspace(schema, keyspace);
    let ks = schema
        .keyspace(keyspace)
        .or(traces.as_ref())
        .or(replicated.as_ref());
    if ks.is_none() && keyspace != SCHEMA_KEYSPACE {
        return Vec::new();
    }
    let key = |s: &str| s.as_bytes().to_vec();
    match name {
        "keyspaces" => {
            let (durable, repl) = match ks {
                Some(k) => (k.durable_writes, replication(k)),
                None => (true, local_replication()),
            };
            let repl = text_map(repl.iter().map(|(k, v)| (k.as_str(), v.clone())));
            vec![(
                Vec::new(),
                vec![("durable_writes", boolean(durable)), ("replication", repl)],
            )]
        }
        "tables" => layouts(schema, keyspace)
            .iter()
            .map(|(l, cf)| {
                let mut options = table_options(l, cf.as_deref());
                claimed_options(&mut options, cf.as_deref(), claimed);
                (vec![key(&l.name)], options)
            })
            .collect(),
        "columns" => {
            let mut out = Vec::new();
            for (l, _) in layouts(schema, keyspace) {
                out.extend(column_rows(&l));
            }
            out
        }
        "indexes" => {
            let mut out = Vec::new();
            for (l, cf) in layouts(schema, keyspace) {
                if let Some(cf) = cf {
                    for (index, kind, options) in indexes(&cf, &l) {
                        let options =
                            text_map(options.iter().map(|(k, v)| (k.as_str(), v.clone())));
                        out.push((
                            vec![key(&l.name), key(&index)],
                            vec![("kind", text(kind)), ("options", options)],
                        ));
                    }
                }
            }
            out
        }
        // 3.0's record of the columns CQL dropped: the kind and CQL type
        // each had (the drop's time is not kept: null here).
        "dropped_columns" => {
            let mut out = Vec::new();
            for (l, cf) in layouts(schema, keyspace) {
                for d in cf.iter().flat_map(|cf| cf.options.dropped_columns.iter()) {
                    let ty = crate::marshal::parse_type(&d.class)
                        .ok()
                        .and_then(|t| CqlType::from_marshal(t.as_ref()).ok())
                        .map_or_else(|| d.class.clone(), |t| t.cql_name_3x());
                    let kind = if d.is_static { "static" } else { "regular" };
                    out.push((
                        vec![key(&l.name), key(&d.name)],
                        vec![("kind", text(kind)), ("type", text(&ty))],
                    ));
                }
            }
            out
        }
        // 3.x's user types: each field's type as its `CQL3Type` printed
        // it, a user type or tuple inside one frozen (`frozen<version>`).
        "types" => user_type_rows(schema, keyspace, CqlType::cql_name_3x),
        _ => Vec::new(),
    }
}

/// A keyspace's user types as rows of 2.1's `schema_usertypes` or 3.x's
/// `types`: clustered by name, the field names and each field's type as
/// `type_text` writes it.
pub fn user_type_rows(
    schema: &Schema,
    keyspace: &str,
    type_text: impl Fn(&crate::cql::types::CqlType) -> String,
) -> Vec<Row> {
    let names = schema
        .user_types
        .get(keyspace)
        .into_iter()
        .flat_map(|m| m.keys());
    names
        .filter_map(|name| crate::cql::exec::usertypes::user_type(schema, keyspace, name))
        .map(|u| {
            let fields = text_list(u.fields.iter().map(|(f, _)| f.clone()));
            let types = text_list(u.fields.iter().map(|(_, t)| type_text(t)));
            (
                vec![u.name.as_bytes().to_vec()],
                vec![("field_names", fields), ("field_types", types)],
            )
        })
        .collect()
}

/// A list of texts as its element cells: each keyed by a time UUID of
/// its position (they order as the list).
fn text_list(items: impl Iterator<Item = String>) -> Val {
    Val::Entries(
        items
            .enumerate()
            .map(|(i, v)| {
                let mut key = vec![0u8; 16];
                key[..4].copy_from_slice(&(i as u32).to_be_bytes());
                key[6] = 0x10;
                key[8] = 0x80;
                (key, v.into_bytes())
            })
            .collect(),
    )
}

/// `system_schema.columns` rows of one table.
fn column_rows(l: &Layout3) -> Vec<Row> {
    l.columns
        .iter()
        .map(|c| {
            (
                vec![l.name.as_bytes().to_vec(), c.name.as_bytes().to_vec()],
                vec![
                    ("clustering_order", text(c.clustering_order())),
                    ("column_name_bytes", Val::Bytes(c.name_bytes.clone())),
                    ("kind", text(c.kind.as_str())),
                    ("position", int(c.position)),
                    ("type", text(&c.ty)),
                ],
            )
        })
        .collect()
}

/// The rows of `system_virtual_schema.<name>`: the virtual keyspace itself.
pub fn virtual_rows(name: &str, tables: &[Table]) -> Vec<Row> {
    match name {
        "keyspaces" => vec![(Vec::new(), Vec::new())],
        "tables" => tables
            .iter()
            .map(|t| {
                (
                    vec![t.name.as_bytes().to_vec()],
                    vec![("comment", text(&format!("virtual {} definitions", t.name)))],
                )
            })
            .collect(),
        "columns" => tables
            .iter()
            .flat_map(|t| column_rows(&layout_of_table(t)))
            .collect(),
        _ => Vec::new(),
    }
}

/// The indexes of a column family: (name, kind, options with `target`);
/// its declared columns' and the others (key columns', a column's second
/// and later ones).
pub fn indexes(cf: &CfDef, l: &Layout3) -> Vec<(String, &'static str, BTreeMap<String, String>)> {
    let mut out = Vec::new();
    let o = &cf.options;
    for c in o.column_metadata.iter().chain(&o.key_indexes) {
        let Some(kind) = cf_index_kind(c.index_type) else {
            continue;
        };
        let column = l
            .columns
            .iter()
            .find(|x| x.name_bytes == c.name)
            .map(|x| x.name.clone())
            .unwrap_or_else(|| String::from_utf8_lossy(&c.name).into_owned());
        let name = c
            .index_name
            .clone()
            .unwrap_or_else(|| format!("{}_{}_idx", cf.name, column));
        let mut options = c.index_options.clone().unwrap_or_default();
        // 3.0's target of a collection index names what it indexes.
        let target = if options.remove("index_keys_and_values").is_some() {
            format!("entries({column})")
        } else if options.remove("index_keys").is_some() {
            format!("keys({column})")
        } else if options.remove("index_values").is_some() {
            format!("values({column})")
        } else {
            column
        };
        // 1.2's `prefix_size` of a composites index is not among 3.0's options.
        options.remove("prefix_size");
        options.insert("target".into(), target);
        out.push((name, kind, options));
    }
    out.sort();
    out
}

fn cf_index_kind(t: Option<IndexType>) -> Option<&'static str> {
    Some(match t? {
        IndexType::Keys => "KEYS",
        IndexType::Composites => "COMPOSITES",
        IndexType::Custom => "CUSTOM",
    })
}

/// `caching` as 2.1 converted 1.2's caching string.
pub fn caching(c: Option<Caching>) -> BTreeMap<String, String> {
    let (keys, rows) = match c {
        Some(Caching::All) => ("ALL", "ALL"),
        Some(Caching::RowsOnly) => ("NONE", "ALL"),
        Some(Caching::None) => ("NONE", "NONE"),
        _ => ("ALL", "NONE"),
    };
    BTreeMap::from([
        ("keys".to_string(), keys.to_string()),
        ("rows_per_partition".to_string(), rows.to_string()),
    ])
}

/// `compaction`: the class, the strategy's options and, for a strategy that
/// reads them (all but LeveledCompactionStrategy: 3.x's
/// `CompactionParams.supportsThresholdParams`), the thresholds.
pub fn compaction(cf: Option<&CfDef>) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    let (class, min, max) = match cf {
        Some(cf) => {
            m.extend(cf.options.compaction_strategy_options.clone());
            (
                cf.options.compaction_strategy.clone(),
                cf.options.min_compaction_threshold,
                cf.options.max_compaction_threshold,
            )
        }
        None => (crate::schema::SIZE_TIERED.to_string(), 4, 32),
    };
    if class != crate::schema::LEVELED {
        m.insert("max_threshold".into(), max.to_string());
        m.insert("min_threshold".into(), min.to_string());
    }
    m.insert("class".into(), class);
    m
}

/// `compression`: 1.2's `sstable_compression`/`chunk_length_kb` as 3.0's
/// `class`/`chunk_length_in_kb`; none is `enabled: false`.
pub fn compression(cf: Option<&CfDef>) -> BTreeMap<String, String> {
    let given = cf.map(|c| c.options.compression_options.clone());
    let Some(given) = given else {
        return BTreeMap::from([
            ("chunk_length_in_kb".to_string(), "16".to_string()),
            (
                "class".to_string(),
                "org.apache.cassandra.io.compress.LZ4Compressor".to_string(),
            ),
        ]);
    };
    let class = given
        .get("sstable_compression")
        .cloned()
        .unwrap_or_default();
    if class.is_empty() {
        return BTreeMap::from([("enabled".to_string(), "false".to_string())]);
    }
    let mut m = BTreeMap::new();
    for (k, v) in &given {
        match k.as_str() {
            "sstable_compression" => {}
            "chunk_length_kb" => {
                m.insert("chunk_length_in_kb".into(), v.clone());
            }
            _ => {
                m.insert(k.clone(), v.clone());
            }
        }
    }
    m.insert("class".into(), class);
    m.entry("chunk_length_in_kb".into())
        .or_insert_with(|| "64".into());
    m
}

/// 2.0's speculative retry (`99.0PERCENTILE`) in 4.0's spelling (`99p`).
pub fn speculative_retry(given: Option<&str>) -> String {
    let Some(s) = given else {
        return "99p".into();
    };
    match s.to_ascii_uppercase().strip_suffix("PERCENTILE") {
        Some(n) => format!("{}p", n.trim_end_matches(".0")),
        None => s.to_string(),
    }
}

/// A table's options (4.0's, from [`table_options`]) as a release before
/// 4.0 wrote them: 3.x's `SpeculativeRetryParam` spelling
/// (`99PERCENTILE`), and no `cdc` value (3.8 to 3.11 wrote the flag only
/// on a node with CDC enabled, which the stock configuration is not; 3.0
/// had no such column).
fn claimed_options(
    options: &mut Vec<(&'static str, Val)>,
    cf: Option<&CfDef>,
    claimed: (u32, u32, u32),
) {
    if claimed >= (4, 0, 0) {
        return;
    }
    options.retain(|(name, _)| *name != "cdc");
    let retry = cf.and_then(|c| c.options.speculative_retry.as_deref());
    for (name, v) in options.iter_mut() {
        if *name == "speculative_retry" {
            *v = text(&crate::schema::speculative::shown_3_0(retry));
        }
    }
}

/// `system_schema.tables`'s columns of one table.
pub fn table_options(l: &Layout3, cf: Option<&CfDef>) -> Vec<(&'static str, Val)> {
    let o = cf.map(|c| &c.options);
    let map =
        |m: BTreeMap<String, String>| text_map(m.iter().map(|(k, v)| (k.as_str(), v.clone())));
    let leveled = o.is_some_and(|o| o.compaction_strategy == crate::schema::LEVELED);
    vec![
        ("additional_write_policy", text("99p")),
        (
            "bloom_filter_fp_chance",
            double(
                o.and_then(|o| o.bloom_filter_fp_chance)
                    .unwrap_or(if leveled { 0.1 } else { 0.01 }),
            ),
        ),
        ("caching", map(caching(o.map(|o| o.caching)))),
        ("cdc", boolean(false)),
        (
            "comment",
            text(cf.and_then(|c| c.comment.as_deref()).unwrap_or("")),
        ),
        ("compaction", map(compaction(cf))),
        ("compression", map(compression(cf))),
        ("crc_check_chance", double(1.0)),
        (
            "dclocal_read_repair_chance",
            double(o.map_or(0.0, |o| o.dclocal_read_repair_chance)),
        ),
        (
            "default_time_to_live",
            int(o.and_then(|o| o.default_time_to_live).unwrap_or(0)),
        ),
        ("extensions", Val::Entries(Vec::new())),
        (
            "flags",
            Val::Entries(
                l.flags
                    .names()
                    .into_iter()
                    .map(|f| (f.as_bytes().to_vec(), Vec::new()))
                    .collect(),
            ),
        ),
        (
            "gc_grace_seconds",
            int(cf.map_or(604_800, |c| c.gc_grace_seconds)),
        ),
        (
            "id",
            Val::Bytes(legacy_table_id(&l.keyspace, &l.name).to_vec()),
        ),
        ("max_index_interval", int(2048)),
        (
            "memtable_flush_period_in_ms",
            int(o.and_then(|o| o.memtable_flush_period_in_ms).unwrap_or(0)),
        ),
        (
            "min_index_interval",
            int(o.and_then(|o| o.index_interval).unwrap_or(128)),
        ),
        ("read_repair", text("BLOCKING")),
        (
            "read_repair_chance",
            double(o.map_or(0.0, |o| o.read_repair_chance)),
        ),
        (
            "speculative_retry",
            text(&speculative_retry(
                o.and_then(|o| o.speculative_retry.as_deref()),
            )),
        ),
    ]
}

/// A partition's cells from its rows, in the table's comparator order: a
/// column the table (as the claimed release defined it) lacks is left
/// out, a frozen collection is one cell holding the whole collection.
pub fn cells(table: &Table, rows: Vec<Row>) -> CqlResult<Vec<Cell>> {
    let mut cells = Vec::new();
    for (clustering, values) in rows {
        cells.push(Cell::live(marker_name(&clustering)?, Vec::new(), 0));
        for (column, value) in values {
            let Some(def) = table.column(column) else {
                continue;
            };
            match value {
                Val::Bytes(v) => cells.push(Cell::live(
                    cell_name(table, &clustering, column, None)?,
                    v,
                    0,
                )),
                Val::Entries(entries) if matches!(def.ty, CqlType::Frozen(_)) => {
                    cells.push(Cell::live(
                        cell_name(table, &clustering, column, None)?,
                        frozen_value(&def.ty, entries),
                        0,
                    ));
                }
                Val::Entries(entries) => {
                    for (k, v) in entries {
                        cells.push(Cell::live(
                            cell_name(table, &clustering, column, Some(&k))?,
                            v,
                            0,
                        ));
                    }
                }
            }
        }
    }
    let cmp = table.comparator_type();
    cells.sort_by(|a, b| cmp.compare(&a.name, &b.name));
    Ok(cells)
}

/// Entries as one frozen collection's value (the v3 form 3.0 stored):
/// a map's keys and values, a set's members (the entries' keys), a list's
/// elements (the entries' values: their keys are cell positions).
fn frozen_value(ty: &CqlType, entries: Vec<(Vec<u8>, Vec<u8>)>) -> Vec<u8> {
    let inner = match ty {
        CqlType::Frozen(inner) => inner.as_ref(),
        other => other,
    };
    let count = entries.len();
    let items: Vec<Vec<u8>> = match inner {
        CqlType::Map(..) => entries.into_iter().flat_map(|(k, v)| [k, v]).collect(),
        CqlType::List(_) => entries.into_iter().map(|(_, v)| v).collect(),
        _ => entries.into_iter().map(|(k, _)| k).collect(),
    };
    let refs: Vec<&[u8]> = items.iter().map(Vec::as_slice).collect();
    write_v3_collection(&refs, count)
}

/// The partition keys of one of `system_schema`'s tables, unordered.
pub fn partition_keys(schema: &Schema, table: &Table) -> Vec<Vec<u8>> {
    match table.keyspace.as_str() {
        VIRTUAL_SCHEMA_KEYSPACE => vec![VIRTUAL_SCHEMA_KEYSPACE.as_bytes().to_vec()],
        SCHEMA_KEYSPACE => schema
            .keyspaces
            .keys()
            .map(String::as_str)
            .chain(
                [
                    SCHEMA_KEYSPACE,
                    traces::KEYSPACE,
                    replicated::AUTH,
                    replicated::DISTRIBUTED,
                ]
                .into_iter()
                .filter(|k| !schema.keyspaces.contains_key(*k)),
            )
            .map(|k| k.as_bytes().to_vec())
            .collect(),
        _ => Vec::new(),
    }
}

/// The rows of one partition of one of `system_schema`'s tables, as
/// (clustering values, column values), in clustering order.
pub fn partition(schema: &Schema, table: &Table, key: &str, claimed: (u32, u32, u32)) -> Vec<Row> {
    match (table.keyspace.as_str(), table.name.as_str()) {
        (VIRTUAL_SCHEMA_KEYSPACE, name) => {
            if key != VIRTUAL_SCHEMA_KEYSPACE {
                return Vec::new();
            }
            virtual_rows(name, &tables_of(VIRTUAL_SCHEMA_KEYSPACE))
        }
        (SCHEMA_KEYSPACE, name) => schema_rows(schema, name, key, claimed),
        _ => Vec::new(),
    }
}

#[cfg(test)]
#[path = "schema_rows_tests.rs"]
mod tests;
