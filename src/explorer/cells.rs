//! One partition, two views: the cells Cassandra stores (every cell with
//! its kind, split name, rendered value, timestamp, TTL and deletion time;
//! the partition deletion and range tombstones among them) and what they
//! mean: CQL rows for CQL3 tables (each cell linked to the row it builds),
//! super columns for Super column families (each cell linked to its super
//! column), as seed 002 and seed 004 draw them.
//!
//! Through a cluster backend the node gives the partition as the cluster's
//! reads answer it (live cells only); the view then says `"source":
//! "cluster"` and flags the CQL3 cells whose timestamps are stand-ins.
//!
//! Owns the cell kinds shown and the cell-to-row link. Rows come from the
//! CQL3 mapping (`cql::mapping::rows_from_cells`), the same code SELECT
//! uses, over the partition's live cells.

use super::catalog::{cf_def, cql3_table};
use super::error::{ExplorerError, ExplorerResult};
use super::render::{components, text, type_name};
use crate::cql::mapping::{parse_name, rows_from_cells, split_row_key};
use crate::cql::table::{Layout, Table};
use crate::cql::types::{deserialize_collection, CqlType};
use crate::marshal::{bytes_to_hex, parse_type, TypeRef};
use crate::model::{Cell, CellKind, DeletionTime};
use crate::node::Node;
use crate::schema::CfDef;
use crate::storage::stored_view::{StoredItem, StoredPartition, StoredRangeTombstone};
use serde_json::{json, Map, Value};

/// Cells shown by default (`?limit=`).
pub const DEFAULT_LIMIT: usize = 1000;

/// `GET .../partitions/{key_hex}`.
pub fn partition(
    node: &Node,
    ks: &str,
    cf: &str,
    key: &[u8],
    limit: usize,
) -> ExplorerResult<Value> {
    let schema = node.schema();
    let def = cf_def(&schema, ks, cf)?;
    let Some(sp) = node.stored_partition(ks, cf, key, &[], limit.max(1))? else {
        return Err(ExplorerError::NotFound(format!(
            "no partition with key {} in {ks}.{cf}",
            bytes_to_hex(key)
        )));
    };
    let table = cql3_table(&def);
    let now = node.now();
    let stored = node.stored_views();
    let rows = match &table {
        Some(t) => cql_rows(t, &def, &sp, now),
        None => Vec::new(),
    };
    let mut view = View {
        def: &def,
        table: table.as_ref(),
        rows: &rows,
        stored,
        cells: Vec::new(),
        supers: Vec::new(),
    };
    if !sp.deletion.is_live() {
        view.marker("partition", sp.deletion, json!({}));
    }
    for rt in &sp.range_tombstones {
        view.range_tombstone(rt);
    }
    for item in &sp.items {
        match item {
            StoredItem::Cell(c) => {
                view.cell(c, None);
            }
            StoredItem::Super {
                name,
                deletion,
                cells,
            } => view.super_column(name, *deletion, cells),
        }
    }
    let key_type = &super::catalog::key_type(node, &def);
    let rows_json: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| json!({ "index": i, "columns": r.columns }))
        .collect();
    Ok(json!({
        "key": text(key_type.as_ref(), key),
        "key_hex": bytes_to_hex(key),
        "token": schema.partitioner.token_to_string(&sp.token),
        "cells": view.cells,
        "rows": rows_json,
        "supers": view.supers,
        "truncated": sp.truncated,
        "source": source(node),
    }))
}

/// One CQL row: its clustering values (to link cells) and rendered columns.
struct Row {
    clustering: Vec<Vec<u8>>,
    columns: Map<String, Value>,
}

/// Whether a stored cell counts toward CQL rows at `now`.
fn is_live(c: &Cell, sp: &StoredPartition, cmp: &TypeRef, now: i32) -> bool {
    c.is_live(now)
        && !sp.deletion.shadows(c.timestamp)
        && !sp
            .range_tombstones
            .iter()
            .any(|r| r.deletion.shadows(c.timestamp) && covers(cmp, r, &c.name))
}

fn covers(cmp: &TypeRef, r: &StoredRangeTombstone, name: &[u8]) -> bool {
    use std::cmp::Ordering::{Greater, Less};
    (r.start.is_empty() || cmp.compare(name, &r.start) != Less)
        && (r.end.is_empty() || cmp.compare(name, &r.end) != Greater)
}

/// The partition's CQL rows, as SELECT would assemble them.
fn cql_rows(t: &Table, def: &CfDef, sp: &StoredPartition, now: i32) -> Vec<Row> {
    let live: Vec<Cell> = sp
        .items
        .iter()
        .filter_map(|i| match i {
            StoredItem::Cell(c) if is_live(c, sp, &def.comparator, now) => Some(counted(c)),
            _ => None,
        })
        .collect();
    let Ok(rows) = rows_from_cells(t, &sp.key, &live, now) else {
        return Vec::new();
    };
    let partition = split_row_key(t, &sp.key).unwrap_or_default();
    rows.into_iter()
        .map(|r| {
            let mut columns = Map::new();
            for (c, v) in t.partition_key.iter().zip(&partition) {
                columns.insert(c.name.clone(), Value::String(cql_text(&c.ty, v)));
            }
            for (c, v) in t.clustering.iter().zip(&r.clustering) {
                let s = cql_text(&c.column.ty, v);
                columns.insert(c.column.name.clone(), Value::String(s));
            }
            for (c, v) in t.regular.iter().zip(&r.columns) {
                let s = match v {
                    Some(v) => Value::String(cql_text(&c.column.ty, &v.value)),
                    None => Value::Null,
                };
                columns.insert(c.column.name.clone(), s);
            }
            Row {
                clustering: r.clustering,
                columns,
            }
        })
        .collect()
}

/// A counter cell as reads return it: its value the 8-byte total.
fn counted(c: &Cell) -> Cell {
    match c.counter_total() {
        Some(total) => Cell {
            value: total.to_be_bytes().to_vec(),
            ..c.clone()
        },
        None => c.clone(),
    }
}

/// A CQL value as cqlsh shows it (collections as `{'k': 'v'}`, `{a}`, `[a]`).
fn cql_text(ty: &CqlType, v: &[u8]) -> String {
    let item = |t: &CqlType, b: &[u8]| {
        let s = text(t.marshal().as_ref(), b);
        match t {
            CqlType::Native(n) if matches!(n.name(), "text" | "varchar" | "ascii") => {
                format!("'{}'", s.replace('\'', "''"))
            }
            _ => s,
        }
    };
    let items = |pairs| deserialize_collection(v, pairs).ok();
    match ty {
        CqlType::Map(k, val) => match items(true) {
            Some(parts) => {
                let body: Vec<String> = parts
                    .chunks(2)
                    .map(|p| {
                        format!(
                            "{}: {}",
                            item(k, &p[0]),
                            item(val, p.get(1).map_or(&[][..], |x| x))
                        )
                    })
                    .collect();
                format!("{{{}}}", body.join(", "))
            }
            None => bytes_to_hex(v),
        },
        CqlType::Set(e) | CqlType::List(e) => match items(false) {
            Some(parts) => {
                let body: Vec<String> = parts.iter().map(|p| item(e, p)).collect();
                let (open, close) = if matches!(ty, CqlType::Set(_)) {
                    ("{", "}")
                } else {
                    ("[", "]")
                };
                format!("{open}{}{close}", body.join(", "))
            }
            None => bytes_to_hex(v),
        },
        _ => text(ty.marshal().as_ref(), v),
    }
}

/// The JSON being built for one partition.
struct View<'a> {
    def: &'a CfDef,
    table: Option<&'a Table>,
    rows: &'a [Row],
    /// False for a cluster's live view, whose CQL3 markers and collection
    /// elements carry stand-in timestamps (CQL cannot read theirs).
    stored: bool,
    cells: Vec<Value>,
    supers: Vec<Value>,
}

fn bytes_type() -> TypeRef {
    parse_type("BytesType").expect("BytesType is built in")
}

impl View<'_> {
    fn push(&mut self, mut cell: Value) -> usize {
        let id = self.cells.len();
        cell["id"] = json!(id);
        self.cells.push(cell);
        id
    }

    /// A partition or super-column deletion.
    fn marker(&mut self, scope: &str, d: DeletionTime, extra: Value) -> usize {
        let mut cell = json!({
            "name_hex": "", "name": "", "components": [], "kind": "tombstone", "scope": scope,
            "value": "", "value_hex": "", "timestamp": d.marked_for_delete_at, "ttl": null,
            "local_deletion_time": d.local_deletion_time, "row": null, "super": null,
        });
        if let (Value::Object(c), Value::Object(e)) = (&mut cell, extra) {
            c.extend(e);
        }
        self.push(cell)
    }

    fn range_tombstone(&mut self, rt: &StoredRangeTombstone) {
        let cmp = &self.def.comparator;
        let row = self.row_of(&rt.start);
        self.push(json!({
            "name_hex": bytes_to_hex(&rt.start),
            "name": text(cmp.as_ref(), &rt.start),
            "components": components(cmp, &rt.start, None),
            "end_hex": bytes_to_hex(&rt.end),
            "end_name": text(cmp.as_ref(), &rt.end),
            "end_components": components(cmp, &rt.end, None),
            "kind": "range_tombstone", "scope": "range",
            "value": "", "value_hex": "",
            "timestamp": rt.deletion.marked_for_delete_at, "ttl": null,
            "local_deletion_time": rt.deletion.local_deletion_time,
            "row": row, "super": null,
        }));
    }

    fn super_column(&mut self, name: &[u8], deletion: DeletionTime, cells: &[Cell]) {
        let rendered = text(self.def.comparator.as_ref(), name);
        let mut ids = Vec::new();
        if !deletion.is_live() {
            let extra =
                json!({ "name_hex": bytes_to_hex(name), "name": rendered, "super": rendered });
            ids.push(self.marker("super_column", deletion, extra));
        }
        for c in cells {
            ids.push(self.cell(c, Some(&rendered)));
        }
        self.supers.push(json!({
            "name": rendered,
            "name_hex": bytes_to_hex(name),
            "cells": ids,
            "deletion": (!deletion.is_live()).then_some(json!({
                "timestamp": deletion.marked_for_delete_at,
                "local_deletion_time": deletion.local_deletion_time,
            })),
        }));
    }

    /// The index of the CQL row whose clustering prefix `name` carries.
    fn row_of(&self, name: &[u8]) -> Option<usize> {
        let t = self.table?;
        if t.layout == Layout::CompactStatic {
            return (!self.rows.is_empty()).then_some(0);
        }
        let parsed = parse_name(t, name)?;
        self.rows
            .iter()
            .position(|r| r.clustering == parsed.clustering)
    }

    /// The kind a cell is shown as, and the types of its value and of its
    /// collection element component.
    fn classify(&self, c: &Cell) -> (&'static str, TypeRef, Option<TypeRef>) {
        let o = &self.def.options;
        let mut kind = "column";
        let mut value_type = o.default_validation_class.clone();
        let mut element = None;
        if let Some(t) = self.table {
            match t.layout {
                Layout::Sparse => {
                    if let Some(p) = parse_name(t, &c.name) {
                        match p.column.as_deref().and_then(|n| t.column(n)) {
                            None => {
                                kind = "row_marker";
                                value_type = bytes_type();
                            }
                            Some(col) => {
                                value_type = col.ty.marshal();
                                if p.element.is_some() {
                                    kind = "collection";
                                    let (e, v) = match &col.ty {
                                        CqlType::Map(k, v) => (k.marshal(), v.marshal()),
                                        CqlType::Set(e) => (e.marshal(), bytes_type()),
                                        CqlType::List(v) => (
                                            parse_type("TimeUUIDType").expect("built in"),
                                            v.marshal(),
                                        ),
                                        _ => (bytes_type(), col.ty.marshal()),
                                    };
                                    element = Some(e);
                                    value_type = v;
                                }
                            }
                        }
                    }
                }
                Layout::CompactDense => {
                    if let Some(r) = t.regular.first() {
                        value_type = r.column.ty.marshal();
                    }
                }
                Layout::CompactStatic => {
                    if let Some(col) = std::str::from_utf8(&c.name).ok().and_then(|n| t.column(n)) {
                        value_type = col.ty.marshal();
                    }
                }
            }
        } else {
            // Thrift-declared columns name whole cells (sub-columns in a Super CF).
            if let Some(m) = o
                .column_metadata
                .iter()
                .find(|m| m.component_index.is_none() && m.name == c.name)
            {
                value_type = m.validation_class.clone();
            }
        }
        kind = match c.kind {
            CellKind::Tombstone { .. } => "tombstone",
            CellKind::Counter { .. } => "counter",
            CellKind::Expiring { .. } if kind == "column" => "expiring",
            _ => kind,
        };
        (kind, value_type, element)
    }

    fn cell(&mut self, c: &Cell, super_name: Option<&str>) -> usize {
        let cmp = match super_name {
            Some(_) => self.def.subcomparator.clone().unwrap_or_else(bytes_type),
            None => self.def.comparator.clone(),
        };
        let (kind, value_type, element) = self.classify(c);
        let (value, value_hex) = match (c.kind, c.counter_total()) {
            (_, Some(total)) => (total.to_string(), bytes_to_hex(&total.to_be_bytes())),
            (CellKind::Tombstone { .. }, _) => (String::new(), bytes_to_hex(&c.value)),
            _ => (text(value_type.as_ref(), &c.value), bytes_to_hex(&c.value)),
        };
        let (ttl, ldt) = match c.kind {
            CellKind::Expiring {
                ttl,
                local_expiration_time,
            } => (json!(ttl), json!(local_expiration_time)),
            CellKind::Tombstone {
                local_deletion_time,
            } => (Value::Null, json!(local_deletion_time)),
            _ => (Value::Null, Value::Null),
        };
        let row = if super_name.is_none() {
            self.row_of(&c.name)
        } else {
            None
        };
        let mut cell = json!({
            "name_hex": bytes_to_hex(&c.name),
            "name": text(cmp.as_ref(), &c.name),
            "components": components(&cmp, &c.name, element.as_ref()),
            "kind": kind,
            "scope": "cell",
            "value": value,
            "value_hex": value_hex,
            "value_type": type_name(value_type.as_ref()),
            "timestamp": c.timestamp,
            "ttl": ttl,
            "local_deletion_time": ldt,
            "row": row,
            "super": super_name,
        });
        if !self.stored && matches!(kind, "row_marker" | "collection") {
            cell["stand_in"] = json!(true);
        }
        self.push(cell)
    }
}

/// What the partition views show: the data as stored, or as the
/// cluster's reads answer it (see docs/explorer-api.md).
pub fn source(node: &Node) -> &'static str {
    if node.stored_views() {
        "stored"
    } else {
        "cluster"
    }
}
