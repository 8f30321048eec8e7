//! Conversion between the API 19.x structs and the engine's model: requests
//! into mutations and read commands, read results into ColumnOrSuperColumn
//! lists (with each expiring column's TTL, as 1.2 returned it).
//!
//! Input here is already validated; these functions only translate.

use super::validation::ColumnParts;
use crate::model::{Cell, CellKind, DeletionTime, Op, ReadCommand, RowResult, Slice};
use crate::thrift::api2::convert as shared;
use crate::thrift::gen::cassandra19 as t;

/// A live or expiring cell from a validated Column (value and timestamp
/// present), taking the Column's bytes.
pub fn cell_from(c: t::Column, now: i32) -> Cell {
    let value = c.value.unwrap_or_default();
    let ts = c.timestamp.unwrap_or_default();
    match c.ttl {
        Some(ttl) if ttl > 0 => Cell::expiring(c.name, value, ts, ttl, now),
        _ => Cell::live(c.name, value, ts),
    }
}

/// [`cell_from`] of a validated Column's borrowed fields.
pub fn cell_parts(c: ColumnParts<'_>, now: i32) -> Cell {
    let value = c.value.unwrap_or_default().to_vec();
    let ts = c.timestamp.unwrap_or_default();
    match c.ttl {
        Some(ttl) if ttl > 0 => Cell::expiring(c.name.to_vec(), value, ts, ttl, now),
        _ => Cell::live(c.name.to_vec(), value, ts),
    }
}

/// The ops of one (non-counter) ColumnOrSuperColumn write.
pub fn cosc_ops(cosc: t::ColumnOrSuperColumn, now: i32, out: &mut Vec<Op>) {
    if let Some(c) = cosc.column {
        out.push(Op::Put {
            super_column: None,
            cell: cell_from(c, now),
        });
    }
    if let Some(sc) = cosc.super_column {
        for c in sc.columns {
            out.push(Op::Put {
                super_column: Some(sc.name.clone()),
                cell: cell_from(c, now),
            });
        }
    }
}

/// `remove`: deletes at the level the path reaches.
pub fn remove_op(path: &t::ColumnPath, timestamp: i64, now: i32) -> Op {
    match (&path.super_column, &path.column) {
        (sc, Some(column)) => Op::Put {
            super_column: sc.clone(),
            cell: Cell::tombstone(column.clone(), timestamp, now),
        },
        (Some(sc), None) => Op::DeleteSuperColumn {
            name: sc.clone(),
            deletion: DeletionTime::new(timestamp, now),
        },
        (None, None) => Op::DeleteRow(DeletionTime::new(timestamp, now)),
    }
}

/// The ops of one Deletion. In a Super CF, names without a super column
/// name whole super columns.
pub fn deletion_ops(del: t::Deletion, is_super: bool, now: i32, out: &mut Vec<Op>) {
    let names = del.predicate.and_then(|p| p.column_names);
    let ts = del.timestamp.unwrap_or_default();
    shared::deletion_parts_ops(names, del.super_column, ts, is_super, now, out)
}

/// The ops of one validated (non-counter) Mutation, taking its bytes.
pub fn mutation_ops(m: t::Mutation, is_super: bool, now: i32, out: &mut Vec<Op>) {
    if let Some(cosc) = m.column_or_supercolumn {
        cosc_ops(cosc, now, out);
    } else if let Some(del) = m.deletion {
        deletion_ops(del, is_super, now, out);
    }
}

/// The engine slice of a validated predicate.
pub fn slice_of(predicate: &t::SlicePredicate) -> Slice {
    let range = predicate
        .slice_range
        .as_ref()
        .map(|r| (&r.start[..], &r.finish[..], r.reversed, r.count));
    shared::slice_from(predicate.column_names.as_ref(), range)
}

pub fn slice_command(ks: &str, parent: &t::ColumnParent, slice: Slice) -> ReadCommand {
    shared::read_of(
        ks,
        &parent.column_family,
        parent.super_column.clone(),
        slice,
    )
}

/// A read of the single column or super column a `get` path names.
pub fn path_command(ks: &str, path: &t::ColumnPath) -> ReadCommand {
    shared::named_read(
        ks,
        &path.column_family,
        path.super_column.as_deref(),
        path.column.as_deref(),
    )
}

fn column(cell: &Cell) -> t::Column {
    let ttl = match cell.kind {
        CellKind::Expiring { ttl, .. } => Some(ttl),
        _ => None,
    };
    t::Column::new(cell.name.clone(), cell.value.clone(), cell.timestamp, ttl)
}

fn cosc(column: Option<t::Column>, super_column: Option<t::SuperColumn>) -> t::ColumnOrSuperColumn {
    t::ColumnOrSuperColumn::new(column, super_column, None, None)
}

/// A counter column's total as the engine reads it back (a counter CF
/// holds nothing else).
fn counter_value(cell: &Cell) -> i64 {
    cell.counter_total().unwrap_or(0)
}

fn counter_column(cell: &Cell) -> t::CounterColumn {
    t::CounterColumn::new(cell.name.clone(), counter_value(cell))
}

/// A row result as 1.2 returns it, in the engine's traversal order; a
/// counter column family's cells come back as counter columns.
pub fn thriftify(result: &RowResult, now: i32, counter: bool) -> Vec<t::ColumnOrSuperColumn> {
    match result {
        RowResult::Cells(cells) => cells
            .iter()
            .filter(|c| c.is_live(now))
            .map(|c| {
                if counter {
                    t::ColumnOrSuperColumn::new(None, None, counter_column(c), None)
                } else {
                    cosc(Some(column(c)), None)
                }
            })
            .collect(),
        RowResult::SuperColumns(scs) => scs
            .iter()
            .filter_map(|sc| {
                let live: Vec<&Cell> = sc.cells.iter().filter(|c| c.is_live(now)).collect();
                if live.is_empty() {
                    return None;
                }
                Some(if counter {
                    let columns = live.into_iter().map(counter_column).collect();
                    let csc = t::CounterSuperColumn::new(sc.name.clone(), columns);
                    t::ColumnOrSuperColumn::new(None, None, None, csc)
                } else {
                    let columns = live.into_iter().map(column).collect();
                    cosc(None, Some(t::SuperColumn::new(sc.name.clone(), columns)))
                })
            })
            .collect(),
    }
}

/// [`thriftify`], taking the cells' bytes instead of copying them (the
/// read paths own their results: one copy fewer per column).
pub fn into_thrift(result: RowResult, now: i32, counter: bool) -> Vec<t::ColumnOrSuperColumn> {
    let RowResult::Cells(cells) = result else {
        return thriftify(&result, now, counter);
    };
    if counter {
        return thriftify(&RowResult::Cells(cells), now, counter);
    }
    cells
        .into_iter()
        .filter(|c| c.is_live(now))
        .map(|c| {
            let ttl = match c.kind {
                CellKind::Expiring { ttl, .. } => Some(ttl),
                _ => None,
            };
            cosc(
                Some(t::Column::new(c.name, c.value, c.timestamp, ttl)),
                None,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ttl_makes_an_expiring_cell_and_comes_back() {
        let c = t::Column::new(b"n".to_vec(), b"v".to_vec(), 7, 30);
        let stored = cell_from(c.clone(), 1000);
        assert_eq!(
            stored.kind,
            CellKind::Expiring {
                ttl: 30,
                local_expiration_time: 1030
            }
        );
        let back = thriftify(&RowResult::Cells(vec![stored.clone()]), 1000, false);
        assert_eq!(back[0].column.as_ref().unwrap().ttl, Some(30));
        assert!(thriftify(&RowResult::Cells(vec![stored]), 1030, false).is_empty());
    }

    #[test]
    fn owned_results_convert_as_borrowed_ones() {
        let cells = vec![
            Cell::live(b"a".to_vec(), b"1".to_vec(), 3),
            cell_from(t::Column::new(b"b".to_vec(), b"2".to_vec(), 4, 30), 1000),
            Cell::tombstone(b"c".to_vec(), 5, 900),
            cell_from(t::Column::new(b"d".to_vec(), b"3".to_vec(), 6, 10), 990),
        ];
        let row = RowResult::Cells(cells);
        let borrowed = thriftify(&row, 1000, false);
        // The tombstone and the column expired at 1000 are left out.
        assert_eq!(borrowed.len(), 2);
        assert_eq!(into_thrift(row, 1000, false), borrowed);
    }

    #[test]
    fn deletion_without_names_removes_the_row() {
        let del = t::Deletion::new(5, None, None);
        let mut ops = Vec::new();
        deletion_ops(del, false, 9, &mut ops);
        assert_eq!(ops, [Op::DeleteRow(DeletionTime::new(5, 9))]);
    }
}
