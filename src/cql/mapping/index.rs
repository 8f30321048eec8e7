//! Secondary-index entries of CQL3 tables, as 1.2.9 stored them in the
//! hidden index column family `<table>.<index_name>` (a COMPOSITES index).
//!
//! Owns the entry layout: the index row key is the indexed value; the cell
//! name is `CompositeType(<partition key bytes>, <clustering values...>)`
//! with an empty value, at the indexed cell's timestamp and TTL. In 1.2.9
//! the first component sorts by the partitioner's token of the key
//! (`LocalByPartionerType`), the rest by the clustering types; the index
//! rows themselves sort by the indexed column's type. Stale entries are
//! not deleted at write time (1.2 drops them lazily when a read finds the
//! row no longer matches), so only live writes produce entries here.
//!
//! This server answers indexed SELECTs from the engine's own index of the
//! table's COMPOSITES columns (`storage::index`, kept in memory and rebuilt
//! from the data), which holds the same facts per partition; these entries
//! are 1.2's on-disk form, checked against the golden index SSTable.

use super::super::error::{CqlError, CqlResult};
use super::super::table::Table;
use super::names::parse_name;
use super::{CqlOp, CqlWrite};
use crate::marshal::{CompositeBuilder, CompositeType, Eoc};
use crate::model::{Cell, CellKind};

/// The hidden column family holding an index: `<table>.<index_name>`.
pub fn index_cf_name(table: &Table, index_name: &str) -> String {
    format!("{}.{}", table.name, index_name)
}

/// One entry to add to an index column family.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexEntry {
    /// `<table>.<index_name>`
    pub index_cf: String,
    /// The indexed value.
    pub row_key: Vec<u8>,
    /// The entry cell (empty value), same timestamp and TTL as the indexed cell.
    pub cell: Cell,
}

/// The name of an entry: the base row key, then the clustering values.
pub fn entry_name(row_key: &[u8], clustering: &[Vec<u8>]) -> CqlResult<Vec<u8>> {
    let mut b = CompositeBuilder::new()
        .push(row_key)
        .map_err(|e| CqlError::invalid(e.0))?;
    for c in clustering {
        b = b.push(c).map_err(|e| CqlError::invalid(e.0))?;
    }
    Ok(b.build(Eoc::None))
}

/// Splits an entry name back into the base row key and clustering values
/// (for answering an indexed SELECT from the index CF).
pub fn parse_entry_name(table: &Table, name: &[u8]) -> CqlResult<(Vec<u8>, Vec<Vec<u8>>)> {
    let parts = CompositeType::split(name).map_err(|e| CqlError::invalid(e.0))?;
    if parts.len() != table.clustering.len() + 1 {
        return Err(CqlError::invalid(format!(
            "Index entry of {} has {} components, expected {}",
            table.name,
            parts.len(),
            table.clustering.len() + 1
        )));
    }
    let mut it = parts.into_iter().map(|(v, _)| v.to_vec());
    let key = it.next().unwrap_or_default();
    Ok((key, it.collect()))
}

/// The index entries a write adds: one per live cell of an indexed column.
pub fn index_entries(table: &Table, write: &CqlWrite) -> CqlResult<Vec<IndexEntry>> {
    let cells: Vec<&Cell> = write
        .ops
        .iter()
        .filter_map(|op| {
            if let CqlOp::Cell(c) = op {
                Some(c)
            } else {
                None
            }
        })
        .collect();
    entries_for(table, &write.row_key, cells)
}

/// The entries of an existing partition's cells (building an index over
/// data written before CREATE INDEX, as 1.2 does in the background).
pub fn index_entries_for_partition(
    table: &Table,
    row_key: &[u8],
    cells: &[Cell],
) -> CqlResult<Vec<IndexEntry>> {
    entries_for(table, row_key, cells.iter().collect())
}

fn entries_for(table: &Table, row_key: &[u8], cells: Vec<&Cell>) -> CqlResult<Vec<IndexEntry>> {
    let mut out = Vec::new();
    for cell in cells {
        if matches!(cell.kind, CellKind::Tombstone { .. }) {
            continue;
        }
        let Some(parsed) = parse_name(table, &cell.name) else {
            continue;
        };
        let Some(column) = parsed.column.as_deref() else {
            continue;
        };
        let Some(index) = table
            .regular
            .iter()
            .find(|r| r.column.name == column)
            .and_then(|r| r.index())
            .map(|i| i.name.as_str())
        else {
            continue;
        };
        if parsed.element.is_some() || cell.value.is_empty() {
            continue;
        }
        let name = entry_name(row_key, &parsed.clustering)?;
        out.push(IndexEntry {
            index_cf: index_cf_name(table, index),
            row_key: cell.value.clone(),
            cell: Cell {
                name,
                value: Vec::new(),
                timestamp: cell.timestamp,
                kind: cell.kind,
            },
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::ast::Statement;
    use crate::cql::parse;

    #[test]
    fn entries_round_trip() {
        let Statement::CreateTable(ct) =
            parse("CREATE TABLE p (k text, d timestamp, title text, PRIMARY KEY (k, d))")
                .unwrap()
                .statement
        else {
            panic!()
        };
        let mut t = Table::from_create("ks", &ct).unwrap();
        t.add_index("title", None).unwrap();
        let name = crate::cql::mapping::cell_name(&t, &[vec![0; 8]], "title", None).unwrap();
        let cells = vec![Cell::live(name, b"Pepsi".to_vec(), 5)];
        let e = index_entries_for_partition(&t, b"p1", &cells).unwrap();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].index_cf, "p.p_title_idx");
        assert_eq!(e[0].row_key, b"Pepsi");
        assert_eq!(
            parse_entry_name(&t, &e[0].cell.name).unwrap(),
            (b"p1".to_vec(), vec![vec![0; 8]])
        );
    }
}
