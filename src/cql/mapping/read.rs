//! Stored cells → CQL rows, as Cassandra 1.2.9 assembled them.
//!
//! Owns the grouping of a partition's cells (in comparator order) into CQL
//! rows by clustering prefix, the rule that any live cell (row marker
//! included) makes a row exist, collection assembly (list values in UUID
//! order, set elements, map entries) and per-cell write time / remaining
//! TTL, and 2.0's static columns (one value per partition, on each row).
//! It must not slice, filter or order rows (see `select`).

use super::super::error::CqlResult;
use super::super::table::{Layout, Table};
use super::super::types::{serialize_collection, CqlType, UserTypeDef};
use super::names::{parse_name, split_row_key};
use crate::marshal::is_static_name;
use crate::model::{Cell, CellKind};

/// A column's value in a CQL row, with what `WRITETIME` / `TTL` report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredValue {
    /// The value; collections in their serialized (u16-count) form.
    pub value: Vec<u8>,
    /// Write timestamp (the latest element's, for collections).
    pub timestamp: i64,
    /// Remaining seconds to live, if the cell expires.
    pub ttl: Option<i32>,
}

/// One CQL row of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CqlRow {
    pub row_key: Vec<u8>,
    /// Partition key values, in key order.
    pub partition: Vec<Vec<u8>>,
    /// Clustering values, in clustering order.
    pub clustering: Vec<Vec<u8>>,
    /// One slot per `table.regular` column (same order); `None` = null.
    pub columns: Vec<Option<StoredValue>>,
}

impl CqlRow {
    /// The value of any column (key or regular) by name.
    pub fn value_of(&self, table: &Table, name: &str) -> Option<&[u8]> {
        use super::super::table::ColumnRole::*;
        match table.role(name)? {
            PartitionKey(i) => self.partition.get(i).map(Vec::as_slice),
            Clustering(i) => self.clustering.get(i).map(Vec::as_slice),
            Regular(i) => self.columns.get(i)?.as_ref().map(|v| v.value.as_slice()),
        }
    }
}

/// Collection elements gathered while walking a row's cells.
enum Gather {
    None,
    Single(StoredValue),
    Elements {
        items: Vec<Vec<u8>>,
        entries: usize,
        timestamp: i64,
    },
    /// A multi-cell user type's fields (`(path, value)`).
    Fields {
        ty: UserTypeDef,
        cells: Vec<(Vec<u8>, Vec<u8>)>,
        timestamp: i64,
    },
}

fn remaining_ttl(cell: &Cell, now: i32) -> Option<i32> {
    match cell.kind {
        CellKind::Expiring {
            local_expiration_time,
            ..
        } => Some((local_expiration_time - now).max(0)),
        _ => None,
    }
}

/// Turns one partition's live cells (forward comparator order) into its
/// CQL rows, in the same order. Tombstones and expired cells are skipped;
/// names that belong to no column are ignored.
///
/// Static cells (2.0.6+) are shown on every row of the partition; a
/// partition with live static cells and no row gives one row without
/// clustering values (its caller decides whether a query shows it).
pub fn rows_from_cells(
    table: &Table,
    row_key: &[u8],
    cells: &[Cell],
    now_seconds: i32,
) -> CqlResult<Vec<CqlRow>> {
    let partition = split_row_key(table, row_key)?;
    let empty = || {
        table
            .regular
            .iter()
            .map(|_| Gather::None)
            .collect::<Vec<_>>()
    };
    let with_statics = table.has_statics();
    let mut statics = empty();
    let mut any_static = false;
    let mut rows: Vec<CqlRow> = Vec::new();
    let mut current: Option<(Vec<Vec<u8>>, Vec<Gather>)> = None;
    let mut open: Vec<(Vec<Vec<u8>>, Vec<Gather>)> = Vec::new();
    for cell in cells {
        if !cell.is_live(now_seconds) {
            continue;
        }
        let Some(parsed) = parse_name(table, &cell.name) else {
            continue;
        };
        if with_statics && is_static_name(&cell.name) {
            // 2.0's INSERT of statics alone marked the static row; the
            // marker made no row of it (the static columns' cells did).
            if parsed.column.is_none() {
                continue;
            }
            any_static = true;
            gather(
                table,
                &mut statics,
                parsed.column,
                parsed.element,
                cell,
                now_seconds,
            );
            continue;
        }
        if current
            .as_ref()
            .is_some_and(|(c, _)| *c != parsed.clustering)
        {
            open.push(current.take().expect("checked"));
        }
        let (_, gathers) = current.get_or_insert_with(|| (parsed.clustering.clone(), empty()));
        gather(
            table,
            gathers,
            parsed.column,
            parsed.element,
            cell,
            now_seconds,
        );
    }
    open.extend(current.take());
    if open.is_empty() && any_static {
        open.push((Vec::new(), empty()));
    }
    let statics: Vec<Option<StoredValue>> = statics.into_iter().map(finish).collect();
    for (clustering, gathers) in open {
        let columns = gathers
            .into_iter()
            .map(finish)
            .zip(&statics)
            .zip(&table.regular)
            .map(|((own, st), r)| if r.is_static { st.clone() } else { own })
            .collect();
        rows.push(CqlRow {
            row_key: row_key.to_vec(),
            partition: partition.clone(),
            clustering,
            columns,
        });
    }
    Ok(rows)
}

/// A gathered column's value (collections serialized).
fn finish(g: Gather) -> Option<StoredValue> {
    match g {
        Gather::None => None,
        Gather::Single(v) => Some(v),
        Gather::Fields {
            ty,
            cells,
            timestamp,
        } => Some(StoredValue {
            value: user_value(&ty, &cells),
            timestamp,
            ttl: None,
        }),
        Gather::Elements {
            items,
            entries,
            timestamp,
        } => {
            let refs: Vec<&[u8]> = items.iter().map(Vec::as_slice).collect();
            Some(StoredValue {
                value: serialize_collection(&refs, entries),
                timestamp,
                ttl: None,
            })
        }
    }
}

/// A multi-cell user type's whole value from its fields' cells (`(path,
/// value)` in path order), as 3.11's `serializeForNativeProtocol`: every
/// field, a missing one null.
fn user_value(u: &UserTypeDef, cells: &[(Vec<u8>, Vec<u8>)]) -> Vec<u8> {
    let mut fields: Vec<Option<Vec<u8>>> = vec![None; u.fields.len()];
    for (path, v) in cells {
        if let [hi, lo] = path.as_slice() {
            if let Some(slot) = fields.get_mut(u16::from_be_bytes([*hi, *lo]) as usize) {
                *slot = Some(v.clone());
            }
        }
    }
    crate::marshal::join_components(&fields)
}

/// Adds one live cell of `column` (`None`: the row marker, which only
/// makes the row exist) to a row's gathered values.
fn gather(
    table: &Table,
    gathers: &mut [Gather],
    column: Option<String>,
    element: Option<Vec<u8>>,
    cell: &Cell,
    now_seconds: i32,
) {
    let Some(col) = column else { return };
    let Some(idx) = table.regular.iter().position(|r| r.column.name == col) else {
        return;
    };
    let ty = &table.regular[idx].column.ty;
    let slot = &mut gathers[idx];
    match (ty, element) {
        (CqlType::User(u), Some(path)) if u.multi_cell => {
            if !matches!(slot, Gather::Fields { .. }) {
                *slot = Gather::Fields {
                    ty: u.clone(),
                    cells: Vec::new(),
                    timestamp: i64::MIN,
                };
            }
            if let Gather::Fields {
                cells, timestamp, ..
            } = slot
            {
                cells.push((path, cell.value.clone()));
                *timestamp = (*timestamp).max(cell.timestamp);
            }
        }
        (CqlType::List(_) | CqlType::Set(_) | CqlType::Map(..), Some(element)) => {
            if let Gather::None | Gather::Single(_) = slot {
                *slot = Gather::Elements {
                    items: Vec::new(),
                    entries: 0,
                    timestamp: i64::MIN,
                };
            }
            if let Gather::Elements {
                items,
                entries,
                timestamp,
            } = slot
            {
                match ty {
                    CqlType::List(_) => items.push(cell.value.clone()),
                    CqlType::Set(_) => items.push(element),
                    _ => {
                        items.push(element);
                        items.push(cell.value.clone());
                    }
                }
                *entries += 1;
                *timestamp = (*timestamp).max(cell.timestamp);
            }
        }
        (_, None)
            if !(ty.is_collection() || ty.is_multi_cell_user())
                || table.layout != Layout::Sparse =>
        {
            *slot = Gather::Single(StoredValue {
                value: cell.value.clone(),
                timestamp: cell.timestamp,
                ttl: remaining_ttl(cell, now_seconds),
            });
        }
        _ => {} // a malformed name (element on a scalar); Cassandra ignores it too
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::types::Native;

    /// Recorded: 3.11.10 (`rel_udtcells311`): a multi-cell user type is
    /// read back with every field, a missing one null.
    #[test]
    fn a_user_type_value_is_made_of_its_fields_cells() {
        let u = UserTypeDef {
            keyspace: "ks".into(),
            name: "addr".into(),
            fields: vec![
                ("street".into(), CqlType::Native(Native::Text)),
                ("zip".into(), CqlType::Native(Native::Int)),
            ],
            multi_cell: true,
        };
        let zip = vec![0, 0, 0, 5];
        assert_eq!(
            user_value(&u, &[(UserTypeDef::field_path(1), zip.clone())]),
            [vec![0xff; 4], vec![0, 0, 0, 4], zip].concat()
        );
    }
}
