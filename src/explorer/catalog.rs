//! The catalog: keyspaces and their column families as the schema holds
//! them, each column family with its comparators and validators, its CQL3
//! definition (for CQL3 tables) and where its definition came from.
//!
//! Owns the "is this a CQL3 table" rule and the CREATE TABLE text shown to
//! modellers; it reads the schema snapshot only.

use super::error::{ExplorerError, ExplorerResult};
use super::render::{text, type_name};
use crate::cql::ast::IndexTarget;
use crate::cql::exec::tables::table_of;
use crate::cql::table::{Layout, Table};
use crate::marshal::{bytes_to_hex, TypeRef};
use crate::node::Node;
use crate::schema::{CfDef, KeyspaceDef, KeyspaceOrigin, Schema};
use serde_json::{json, Value};
use std::sync::Arc;

/// The column family `ks.cf`, or a 404 in Cassandra's words.
pub fn cf_def(schema: &Schema, ks: &str, cf: &str) -> ExplorerResult<Arc<CfDef>> {
    let Some(k) = schema.keyspace(ks) else {
        return Err(ExplorerError::NotFound(format!(
            "Keyspace {ks} does not exist"
        )));
    };
    k.cfs
        .get(cf)
        .cloned()
        .ok_or_else(|| ExplorerError::NotFound(format!("unconfigured columnfamily {cf}")))
}

/// The CQL3 table of a column family made through CQL3 (a non-compact
/// table, or a compact one CQL3 named: key aliases set); `None` for
/// Thrift-era column families, which CQL3 only sees as compact tables.
pub fn cql3_table(cf: &CfDef) -> Option<Table> {
    if cf.is_super() || cf.keyspace.starts_with("system") {
        return None;
    }
    let table = table_of(cf).ok()?;
    let made_by_cql = table.layout == Layout::Sparse || !cf.options.key_aliases.is_empty();
    made_by_cql.then_some(table)
}

/// Where a column family's definition came from.
pub fn origin(node: &Node, ks: &KeyspaceDef, cf: &CfDef) -> &'static str {
    match ks.origin {
        KeyspaceOrigin::System => "built-in",
        _ if cql3_table(cf).is_some() => "cql3",
        KeyspaceOrigin::Dynamic => "schema call",
        KeyspaceOrigin::Config => {
            let yaml = node.config_file.as_ref().is_some_and(|p| {
                p.extension().is_some_and(|e| {
                    e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml")
                })
            });
            if yaml {
                "cassandra.yaml"
            } else {
                "storage-conf.xml"
            }
        }
    }
}

/// The type keys are shown and typed with: the key validator, except for
/// a column family of a 0.6 storage-conf.xml, whose keys were strings
/// (0.6's API took them as Java strings) although its validator reads
/// BytesType: those are shown as UTF-8 (hex when they are not).
pub fn key_type(node: &Node, cf: &CfDef) -> TypeRef {
    let validator = cf.options.key_validation_class.clone();
    let schema = node.schema();
    let from_xml = schema
        .keyspace(&cf.keyspace)
        .is_some_and(|ks| origin(node, ks, cf) == "storage-conf.xml");
    if from_xml && validator.class_name().ends_with(".BytesType") {
        return crate::marshal::parse_type("UTF8Type").unwrap_or(validator);
    }
    validator
}

/// `GET /api/explorer/keyspaces`.
pub fn keyspaces(node: &Node) -> Value {
    let schema = node.schema();
    let list: Vec<Value> = schema
        .keyspaces
        .values()
        .map(|ks| {
            let cfs: Vec<Value> = ks
                .cfs
                .values()
                .map(|cf| {
                    json!({
                        "name": cf.name,
                        "type": cf.column_type.as_str(),
                        "cql3": cql3_table(cf).is_some(),
                    })
                })
                .collect();
            json!({
                "name": ks.name,
                "strategy": ks.strategy_class(),
                "replication": ks.strategy_options,
                "column_families": cfs,
            })
        })
        .collect();
    json!({ "keyspaces": list })
}

/// `GET /api/explorer/keyspaces/{ks}/cfs/{cf}`.
pub fn column_family(node: &Node, ks: &str, cf: &str) -> ExplorerResult<Value> {
    let schema = node.schema();
    let def = cf_def(&schema, ks, cf)?;
    let ksdef = schema.keyspace(ks).expect("cf_def found it");
    let name_cmp = def.column_name_comparator(None);
    let columns: Vec<Value> = def
        .options
        .column_metadata
        .iter()
        .map(|c| {
            // CQL3 tables name one component; Thrift columns name whole cells.
            let name = if c.component_index.is_some() {
                String::from_utf8_lossy(&c.name).into_owned()
            } else {
                text(name_cmp.as_ref(), &c.name)
            };
            json!({
                "name": name,
                "name_hex": bytes_to_hex(&c.name),
                "validator": type_name(c.validation_class.as_ref()),
                "index": c.index_name.clone().or_else(|| c.index_type.map(|t| t.as_str().to_string())),
            })
        })
        .collect();
    let table = cql3_table(&def);
    Ok(json!({
        "keyspace": ks,
        "name": def.name,
        "column_type": def.column_type.as_str(),
        "comparator": type_name(def.comparator.as_ref()),
        "subcomparator": def.subcomparator.as_ref().map(|t| type_name(t.as_ref())),
        "default_validator": type_name(def.options.default_validation_class.as_ref()),
        "key_validator": type_name(def.options.key_validation_class.as_ref()),
        "column_metadata": columns,
        "cql_definition": table.as_ref().map(create_table),
        "origin": origin(node, ksdef, &def),
        "comment": def.comment,
    }))
}

/// A CQL identifier, quoted when it is not a plain lowercase one.
fn ident(name: &str) -> String {
    let plain = name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if plain {
        name.to_string()
    } else {
        format!("\"{}\"", name.replace('"', "\"\""))
    }
}

/// The CREATE TABLE statement that makes `t` (columns, primary key,
/// clustering order, COMPACT STORAGE), then its CREATE INDEX statements.
pub fn create_table(t: &Table) -> String {
    let mut cols: Vec<String> = Vec::new();
    for c in &t.partition_key {
        cols.push(format!("  {} {}", ident(&c.name), c.ty.cql_name()));
    }
    for c in &t.clustering {
        cols.push(format!(
            "  {} {}",
            ident(&c.column.name),
            c.column.ty.cql_name()
        ));
    }
    for c in &t.regular {
        cols.push(format!(
            "  {} {}",
            ident(&c.column.name),
            c.column.ty.cql_name()
        ));
    }
    let pk: Vec<String> = t.partition_key.iter().map(|c| ident(&c.name)).collect();
    let mut key = vec![if pk.len() > 1 {
        format!("({})", pk.join(", "))
    } else {
        pk.join("")
    }];
    key.extend(t.clustering.iter().map(|c| ident(&c.column.name)));
    cols.push(format!("  PRIMARY KEY ({})", key.join(", ")));
    let mut out = format!(
        "CREATE TABLE {}.{} (\n{}\n)",
        ident(&t.keyspace),
        ident(&t.name),
        cols.join(",\n")
    );
    let mut with = Vec::new();
    if t.is_compact() {
        with.push("COMPACT STORAGE".to_string());
    }
    if t.clustering.iter().any(|c| c.reversed) {
        let order: Vec<String> = t
            .clustering
            .iter()
            .map(|c| {
                let dir = if c.reversed { "DESC" } else { "ASC" };
                format!("{} {dir}", ident(&c.column.name))
            })
            .collect();
        with.push(format!("CLUSTERING ORDER BY ({})", order.join(", ")));
    }
    if !with.is_empty() {
        out.push_str(" WITH ");
        out.push_str(&with.join(" AND "));
    }
    out.push(';');
    for c in &t.regular {
        for index in &c.indexes {
            let column = ident(&c.column.name);
            let target = match index.target {
                IndexTarget::Keys => format!("KEYS({column})"),
                IndexTarget::Entries => format!("ENTRIES({column})"),
                IndexTarget::Full => format!("FULL({column})"),
                IndexTarget::Values => column,
            };
            out.push_str(&format!(
                "\nCREATE INDEX {} ON {}.{} ({target});",
                ident(&index.name),
                ident(&t.keyspace),
                ident(&t.name),
            ));
        }
    }
    out
}
