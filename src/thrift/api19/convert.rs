//! Conversion between the API 19.x structs and the engine's model: requests
//! into mutations and read commands, read results into ColumnOrSuperColumn
//! lists (with each expiring column's TTL, as 1.2 returned it).
//!
//! Input here is already validated; these functions only translate.

use super::validation::ColumnParts;
use crate::marshal::TypeRef;
use crate::model::{Cell, CellKind, DeletionTime, Op, ReadCommand, RowResult, Slice};
use crate::schema::CfDef;
use crate::thrift::api2::convert as shared;
use crate::thrift::gen::cassandra19 as t;
use std::cmp::Ordering;

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

/// The ops of one Deletion of column family `cf`. In a Super CF, names
/// without a super column name whole super columns; a SliceRange without
/// names (validated only where the release took it: 2.0 on, a Super CF's
/// without a super column) is a range tombstone.
pub fn deletion_ops(del: t::Deletion, cf: &CfDef, now: i32, out: &mut Vec<Op>) {
    let ts = del.timestamp.unwrap_or_default();
    let (names, range) = match del.predicate {
        Some(p) => (p.column_names, p.slice_range),
        None => (None, None),
    };
    match (names, range) {
        (None, Some(range)) if !cf.is_super() => out.extend(range_deletion(
            &cf.comparator,
            range,
            DeletionTime::new(ts, now),
        )),
        (None, Some(range)) if del.super_column.is_none() => out.extend(super_range_deletion(
            &cf.comparator,
            range,
            DeletionTime::new(ts, now),
        )),
        // A range of one super column's sub-columns: tombstones of the
        // names it covers, which the batch finds as it is applied
        // (`release::writes::subrange`).
        (None, Some(_)) => {}
        (names, _) => {
            shared::deletion_parts_ops(names, del.super_column, ts, cf.is_super(), now, out)
        }
    }
}

/// 2.0's range tombstone for a SliceRange, as its reads then honoured it:
/// the names from start to finish (an empty start is the least name); an
/// empty finish, or one before the start, is the least name too, so the
/// tombstone then deletes the start name alone (its list of tombstones
/// matched a name equal to a start before looking at the end).
fn range_deletion(comparator: &TypeRef, r: t::SliceRange, deletion: DeletionTime) -> Option<Op> {
    let empty_or_before = r.finish.is_empty()
        || (!r.start.is_empty() && comparator.compare(&r.start, &r.finish) == Ordering::Greater);
    if empty_or_before {
        // With an empty start too nothing is deleted: no name is empty.
        return (!r.start.is_empty()).then(|| Op::DeleteRange {
            end: r.start.clone(),
            start: r.start,
            deletion,
        });
    }
    Some(Op::DeleteRange {
        start: r.start,
        end: r.finish,
        deletion,
    })
}

/// 2.0's range tombstone over a Super CF's super column names
/// (`SuperColumns.startOf(start)` to `endOf(finish)`: composites of the name
/// alone, ending before and after the name's sub-columns): the super
/// columns from start to finish (an empty start the least). An empty
/// finish ends before every name and a finish before the start leaves the
/// range empty, so nothing is deleted (no sub-column's name equals such a
/// bound, which the Standard CF's quirk of `range_deletion` needs).
fn super_range_deletion(
    comparator: &TypeRef,
    r: t::SliceRange,
    deletion: DeletionTime,
) -> Option<Op> {
    let empty = r.finish.is_empty()
        || (!r.start.is_empty() && comparator.compare(&r.start, &r.finish) == Ordering::Greater);
    (!empty).then_some(Op::DeleteRange {
        start: r.start,
        end: r.finish,
        deletion,
    })
}

/// The ops of one validated (non-counter) Mutation, taking its bytes.
pub fn mutation_ops(m: t::Mutation, cf: &CfDef, now: i32, out: &mut Vec<Op>) {
    if let Some(cosc) = m.column_or_supercolumn {
        cosc_ops(cosc, now, out);
    } else if let Some(del) = m.deletion {
        deletion_ops(del, cf, now, out);
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
/// counter column family's counters come back as counter columns (a plain
/// cell among them, the CQL row marker 1.2's UPDATE wrote, as a column:
/// the server looked at each cell's class).
pub fn thriftify(result: &RowResult, now: i32, counter: bool) -> Vec<t::ColumnOrSuperColumn> {
    match result {
        RowResult::Cells(cells) => cells
            .iter()
            .filter(|c| c.is_live(now))
            .map(|c| {
                // 1.2's CQL 3 row marker in a counter table is a plain cell.
                if counter && matches!(c.kind, CellKind::Counter { .. }) {
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

    fn utf8_cf() -> CfDef {
        let utf8 = crate::marshal::parse_type("UTF8Type").unwrap();
        CfDef::new("ks", "cf", 1000, utf8, None)
    }

    #[test]
    fn deletion_without_names_removes_the_row() {
        let del = t::Deletion::new(5, None, None);
        let mut ops = Vec::new();
        deletion_ops(del, &utf8_cf(), 9, &mut ops);
        assert_eq!(ops, [Op::DeleteRow(DeletionTime::new(5, 9))]);
    }

    /// What 2.0.17 deleted of a row `a b c d` for each range (recorded in
    /// conformance/releases/2.0.17/rel_rangedel.json).
    #[test]
    fn a_slice_range_deletion_is_2_0s_range_tombstone() {
        let range = |start: &str, finish: &str, reversed: bool| {
            let r = t::SliceRange::new(
                start.as_bytes().to_vec(),
                finish.as_bytes().to_vec(),
                reversed,
                100,
            );
            let del = t::Deletion::new(5, None, t::SlicePredicate::new(None::<Vec<Vec<u8>>>, r));
            let mut ops = Vec::new();
            deletion_ops(del, &utf8_cf(), 9, &mut ops);
            ops.into_iter()
                .map(|op| match op {
                    Op::DeleteRange { start, end, .. } => (
                        String::from_utf8(start).unwrap(),
                        String::from_utf8(end).unwrap(),
                    ),
                    other => panic!("not a range: {other:?}"),
                })
                .collect::<Vec<_>>()
        };
        let one = |a: &str, b: &str| vec![(a.to_string(), b.to_string())];
        assert_eq!(range("", "", false), vec![]);
        assert_eq!(range("b", "", false), one("b", "b"));
        assert_eq!(range("", "b", false), one("", "b"));
        assert_eq!(range("c", "a", true), one("c", "c"));
        assert_eq!(range("b", "c", false), one("b", "c"));
    }

    /// What 2.0.17 to 2.2.19 deleted of a Super CF's super columns `a b c
    /// d` for each range (`rel_superrangedel`): none for an empty finish or
    /// one before the start, where a Standard CF lost the start name.
    #[test]
    fn a_super_column_range_deletion_is_2_0s_composite_range() {
        let utf8 = crate::marshal::parse_type("UTF8Type").unwrap();
        let cf = CfDef::new("ks", "S", 1000, utf8.clone(), Some(utf8));
        let range = |start: &str, finish: &str| {
            let r = t::SliceRange::new(
                start.as_bytes().to_vec(),
                finish.as_bytes().to_vec(),
                false,
                100,
            );
            let del = t::Deletion::new(5, None, t::SlicePredicate::new(None::<Vec<Vec<u8>>>, r));
            let mut ops = Vec::new();
            deletion_ops(del, &cf, 9, &mut ops);
            ops
        };
        assert_eq!(range("", ""), []);
        assert_eq!(range("b", ""), []);
        assert_eq!(range("c", "a"), []);
        let deletion = DeletionTime::new(5, 9);
        assert_eq!(
            range("", "b"),
            [Op::DeleteRange {
                start: Vec::new(),
                end: b"b".to_vec(),
                deletion
            }]
        );
    }
}
