//! CQL tables ⇄ the dynamic schema: a [`Table`] (with its `WITH` options)
//! becomes the `CfSpec` the schema stores, and a stored `CfDef` becomes
//! the [`Table`] again (through [`Table::from_schema`]), so a restarted
//! server gets its CQL3 tables back from the persisted schema alone.
//!
//! Owns only the field mapping; it must not apply or persist anything.
//!
//! [`lookup`] remembers, per thread, the tables it made from the schema it
//! was last given (an `Arc`, held, so that a schema in use is never mutated
//! and its address never reused while cached): making a [`Table`] formats
//! and parses every type name of the column family, a third of a
//! single-row statement's CPU, and a schema changes rarely.

use super::CqlSession;
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::options::TableOptions;
use crate::cql::schema::{json_string_list, SchemaColumn, TableSchema};
use crate::cql::table::Table;
use crate::schema::{CfDef, CfSpec, ColumnSpec, IndexType, Schema};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The table's column family as a schema change request.
pub fn table_spec(table: &Table) -> CfSpec {
    let s = table.schema();
    let names = |list: &str| -> Vec<Vec<u8>> {
        crate::cql::schema::parse_json_string_list(list)
            .unwrap_or_default()
            .into_iter()
            .map(String::into_bytes)
            .collect()
    };
    let columns = s.columns.iter().map(column_spec).collect();
    CfSpec {
        keyspace: table.keyspace.clone(),
        name: table.name.clone(),
        column_type: Some("Standard".into()),
        comparator_type: Some(s.comparator.clone()),
        default_validation_class: Some(s.default_validator.clone()),
        key_validation_class: Some(s.key_validator.clone()),
        column_metadata: Some(columns),
        key_indexes: Some(s.key_indexes.iter().map(column_spec).collect()),
        key_aliases: Some(names(&s.key_aliases)),
        column_aliases: Some(names(&s.column_aliases)),
        value_alias: s.value_alias.map(String::into_bytes),
        ..CfSpec::default()
    }
}

/// One stored column row as a schema change's column.
fn column_spec(c: &SchemaColumn) -> ColumnSpec {
    ColumnSpec {
        name: c.name.as_bytes().to_vec(),
        validation_class: Some(c.validator.clone()),
        index_type: c.index_type.as_deref().and_then(IndexType::from_name),
        index_name: c.index_name.clone(),
        index_options: c.index_options.as_deref().map(parse_flat_json_map),
        component_index: c.component_index,
        is_static: c.is_static,
    }
}

/// Puts `WITH` options on a spec (unset options stay as they are, but
/// the bloom filter chance always gets its effective value). A threshold
/// among the compaction options must be an integer (`CFPropDefs.toInt`),
/// and with `zero_thresholds_refused` (2.0 to 2.2's `applyToCFMetadata`)
/// neither threshold 0 or less.
pub fn apply_options(
    spec: &mut CfSpec,
    o: &TableOptions,
    zero_thresholds_refused: bool,
) -> CqlResult<()> {
    macro_rules! copy {
        ($($f:ident),*) => { $( if o.$f.is_some() { spec.$f = o.$f.clone(); } )* };
    }
    copy!(
        comment,
        read_repair_chance,
        dclocal_read_repair_chance,
        gc_grace_seconds,
        replicate_on_write,
        caching,
        cells_per_row_to_cache,
        bloom_filter_fp_chance,
        populate_io_cache_on_flush,
        default_time_to_live,
        index_interval,
        min_index_interval,
        max_index_interval,
        memtable_flush_period_in_ms,
        speculative_retry
    );
    if let Some(c) = &o.compaction {
        let mut c = c.clone();
        // CFPropDefs.applyToCFMetadata: the thresholds among the compaction
        // options (which keep them) are the column family's own too.
        let threshold = |key: &str| -> CqlResult<Option<i32>> {
            c.get(key)
                .map(|v| {
                    v.parse::<i32>().map_err(|_| {
                        CqlError::Invalid(format!("Invalid integer value {v} for '{key}'"))
                    })
                })
                .transpose()
        };
        let min = threshold("min_threshold")?;
        let max = threshold("max_threshold")?;
        if zero_thresholds_refused {
            let min = min.or(spec.min_compaction_threshold).unwrap_or(4);
            let max = max.or(spec.max_compaction_threshold).unwrap_or(32);
            if min <= 0 || max <= 0 {
                return Err(CqlError::Invalid(
                    "Disabling compaction by setting compaction thresholds to 0 has been \
                     deprecated, set the compaction option 'enabled' to false instead."
                        .to_string(),
                ));
            }
        }
        if let Some(n) = min {
            spec.min_compaction_threshold = Some(n);
        }
        if let Some(n) = max {
            spec.max_compaction_threshold = Some(n);
        }
        spec.compaction_strategy = c.remove("class");
        spec.compaction_strategy_options = Some(c);
    }
    if let Some(c) = &o.compression {
        spec.compression_options = Some(c.clone());
    }
    // 1.2's CQL3 wrote the effective chance into the definition on every
    // CREATE TABLE and ALTER ... WITH (Thrift-made column families keep it
    // unset), so describe_keyspace reports it.
    if spec.bloom_filter_fp_chance.is_none() {
        let leveled = spec
            .compaction_strategy
            .as_deref()
            .is_some_and(|c| c.ends_with("LeveledCompactionStrategy"));
        spec.bloom_filter_fp_chance = Some(if leveled { 0.1 } else { 0.01 });
    }
    Ok(())
}

/// The CQL table stored as `cf` (1.2's view of any column family).
pub fn table_of(cf: &CfDef) -> CqlResult<Table> {
    let utf8 = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let o = &cf.options;
    let stored = TableSchema {
        comparator: cf.comparator.class_name(),
        key_validator: o.key_validation_class.class_name(),
        default_validator: o.default_validation_class.class_name(),
        key_aliases: json_string_list(
            o.key_aliases
                .iter()
                .map(|a| utf8(a))
                .collect::<Vec<_>>()
                .iter()
                .map(String::as_str),
        ),
        column_aliases: json_string_list(
            o.column_aliases
                .iter()
                .map(|a| utf8(a))
                .collect::<Vec<_>>()
                .iter()
                .map(String::as_str),
        ),
        value_alias: o.value_alias.as_deref().map(utf8),
        columns: o.column_metadata.iter().map(schema_column).collect(),
        key_indexes: o.key_indexes.iter().map(schema_column).collect(),
    };
    Table::from_schema(&cf.keyspace, &cf.name, &stored)
}

/// A stored column as its `schema_columns` row.
fn schema_column(c: &crate::schema::ColumnDef) -> SchemaColumn {
    SchemaColumn {
        name: String::from_utf8_lossy(&c.name).into_owned(),
        component_index: c.component_index,
        is_static: c.is_static,
        validator: c.validation_class.class_name(),
        index_name: c.index_name.clone(),
        index_type: c.index_type.map(|t| t.as_str().to_string()),
        index_options: c.index_options.as_ref().map(flat_json_map),
    }
}

/// Tables made from one schema (see the module comment), by keyspace,
/// name and whether super CFs were seen as 3.x's tables.
struct Made {
    schema: Arc<Schema>,
    tables: Vec<(String, String, bool, Table)>,
}

/// More tables than this in one thread's cache: it starts again.
const MADE_MAX: usize = 64;

thread_local! {
    static MADE: RefCell<Option<Made>> = const { RefCell::new(None) };
}

/// Looks a table up as 1.2.9 did, with its messages.
pub fn lookup(schema: &Arc<Schema>, keyspace: &str, name: &str) -> CqlResult<Table> {
    lookup_view(schema, keyspace, name, false)
}

/// Looks a table up as `session` sees tables (a super CF as 3.x's table
/// when it asks for that: see `exec::super3`).
pub fn lookup_in(
    session: &CqlSession,
    schema: &Arc<Schema>,
    keyspace: &str,
    name: &str,
) -> CqlResult<Table> {
    // A prepared statement of 1.2 or 2.0 meets its table as it was (see
    // `as_prepared`), while that column family lives (not one made anew
    // under its name).
    if let Some((pin, even_dropped)) = session.pinned(keyspace, name) {
        let live = schema.cf(keyspace, name);
        if live.map_or(even_dropped, |cf| cf.id == pin.cf_id) {
            return Ok(pin.table.as_ref().clone());
        }
    }
    lookup_view(schema, keyspace, name, session.sees_super_tables())
}

fn lookup_view(
    schema: &Arc<Schema>,
    keyspace: &str,
    name: &str,
    super_tables: bool,
) -> CqlResult<Table> {
    if schema.keyspace(keyspace).is_none() {
        return Err(CqlError::Invalid(format!(
            "Keyspace {keyspace} does not exist"
        )));
    }
    let Some(cf) = schema.cf(keyspace, name) else {
        return Err(CqlError::Invalid(format!(
            "unconfigured columnfamily {name}"
        )));
    };
    // Only a super CF looks different in the 3.x view.
    let view = super_tables && cf.is_super();
    MADE.with(|made| {
        let mut made = made.borrow_mut();
        let fresh = match &*made {
            Some(m) => !Arc::ptr_eq(&m.schema, schema) || m.tables.len() >= MADE_MAX,
            None => true,
        };
        if fresh {
            *made = Some(Made {
                schema: schema.clone(),
                tables: Vec::new(),
            });
        }
        let tables = &mut made.as_mut().expect("set above").tables;
        if let Some((_, _, _, t)) = tables
            .iter()
            .find(|(k, n, v, _)| k == keyspace && n == name && *v == view)
        {
            return Ok(t.clone());
        }
        let table = if view {
            super::super3::table(cf)?
        } else {
            table_of(cf)?
        };
        tables.push((keyspace.to_string(), name.to_string(), view, table.clone()));
        Ok(table)
    })
}

/// `{"k":"v",...}` as 1.2 wrote index options (string values only).
fn flat_json_map(m: &BTreeMap<String, String>) -> String {
    let body: Vec<String> = m.iter().map(|(k, v)| format!("\"{k}\":\"{v}\"")).collect();
    format!("{{{}}}", body.join(","))
}

fn parse_flat_json_map(text: &str) -> BTreeMap<String, String> {
    let inner = text.trim().trim_start_matches('{').trim_end_matches('}');
    inner
        .split(',')
        .filter_map(|pair| {
            let (k, v) = pair.split_once(':')?;
            Some((
                k.trim().trim_matches('"').to_string(),
                v.trim().trim_matches('"').to_string(),
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_options_round_trip() {
        let m = parse_flat_json_map("{\"prefix_size\":\"1\"}");
        assert_eq!(m.get("prefix_size").map(String::as_str), Some("1"));
        assert_eq!(flat_json_map(&m), "{\"prefix_size\":\"1\"}");
        assert!(parse_flat_json_map("{}").is_empty());
    }
}
