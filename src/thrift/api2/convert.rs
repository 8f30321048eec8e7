//! Conversion between the 0.6 Thrift structs and the engine's model
//! (`model`): requests into mutations and read commands, read
//! results into ColumnOrSuperColumn lists.
//!
//! Input here is already validated; these functions only translate. They
//! must not consult the schema beyond the Standard/Super shape of a CF.

use crate::model::{Cell, DeletionTime, Op, ReadCommand, RowResult, Slice, SuperColumn};
use crate::schema::CfDef;
use crate::thrift::gen::cassandra06 as t;

/// `insert`: one live column at the path.
pub fn insert_op(path: &t::ColumnPath, value: Vec<u8>, timestamp: i64) -> Option<Op> {
    let name = path.column.clone()?;
    Some(Op::Put {
        super_column: path.super_column.clone(),
        cell: Cell::live(name, value, timestamp),
    })
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

/// The ops of one ColumnOrSuperColumn write, taking its bytes.
pub fn cosc_ops(cosc: t::ColumnOrSuperColumn, out: &mut Vec<Op>) {
    if let Some(c) = cosc.column {
        out.push(Op::Put {
            super_column: None,
            cell: Cell::live(c.name, c.value, c.timestamp),
        });
    }
    if let Some(sc) = cosc.super_column {
        for c in sc.columns {
            out.push(Op::Put {
                super_column: Some(sc.name.clone()),
                cell: Cell::live(c.name, c.value, c.timestamp),
            });
        }
    }
}

/// The ops of one Deletion: named columns, a super column, or the row. In a
/// Super CF, names without a super column name whole super columns.
pub fn deletion_ops(del: t::Deletion, is_super: bool, now: i32, out: &mut Vec<Op>) {
    let names = del.predicate.and_then(|p| p.column_names);
    deletion_parts_ops(names, del.super_column, del.timestamp, is_super, now, out)
}

/// [`deletion_ops`] on a Deletion's parts, which both generations share.
pub fn deletion_parts_ops(
    names: Option<Vec<Vec<u8>>>,
    super_column: Option<Vec<u8>>,
    timestamp: i64,
    is_super: bool,
    now: i32,
    out: &mut Vec<Op>,
) {
    let deletion = DeletionTime::new(timestamp, now);
    match (names, super_column) {
        (Some(names), None) if is_super => {
            out.extend(
                names
                    .into_iter()
                    .map(|name| Op::DeleteSuperColumn { name, deletion }),
            );
        }
        (Some(names), sc) => {
            out.extend(names.into_iter().map(|n| Op::Put {
                super_column: sc.clone(),
                cell: Cell::tombstone(n, timestamp, now),
            }));
        }
        (None, Some(name)) => out.push(Op::DeleteSuperColumn { name, deletion }),
        (None, None) => push_row_deletion(out, deletion),
    }
}

/// Adds a deletion of the whole row to a list of ops, folding it into a
/// row deletion just before it: a row's deletions collapse into the latest
/// one (the memtable keeps only their maximum, as Cassandra's ColumnFamily
/// did), so a batch of many row deletions costs one op, not one per
/// mutation (each op is about 100 bytes; the mutation is 16 on the wire).
pub fn push_row_deletion(out: &mut Vec<Op>, deletion: DeletionTime) {
    match out.last_mut() {
        Some(Op::DeleteRow(d)) => *d = d.max(deletion),
        _ => out.push(Op::DeleteRow(deletion)),
    }
}

/// The ops of one validated Mutation, taking its bytes.
pub fn mutation_ops(m: t::Mutation, is_super: bool, now: i32, out: &mut Vec<Op>) {
    if let Some(cosc) = m.column_or_supercolumn {
        cosc_ops(cosc, out);
    } else if let Some(del) = m.deletion {
        deletion_ops(del, is_super, now, out);
    }
}

/// A read of the predicate's columns under `parent`.
pub fn slice_command(
    keyspace: &str,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
) -> ReadCommand {
    let range = predicate
        .slice_range
        .as_ref()
        .map(|r| (&r.start[..], &r.finish[..], r.reversed, r.count));
    read_of(
        keyspace,
        &parent.column_family,
        parent.super_column.clone(),
        slice_from(predicate.column_names.as_ref(), range),
    )
}

/// A read of the single column or super column a `get` path names.
pub fn path_command(keyspace: &str, path: &t::ColumnPath) -> ReadCommand {
    named_read(
        keyspace,
        &path.column_family,
        path.super_column.as_deref(),
        path.column.as_deref(),
    )
}

// Generation-neutral builders: both APIs' SlicePredicate, ColumnParent and
// ColumnPath have the same parts under different Rust types.

/// The engine slice of a predicate's parts: names win over a range, as in
/// both generations; a (validated) negative count reads nothing.
pub fn slice_from(names: Option<&Vec<Vec<u8>>>, range: Option<(&[u8], &[u8], bool, i32)>) -> Slice {
    match (names, range) {
        (Some(names), _) => Slice::Names(names.clone()),
        (None, Some((start, finish, reversed, count))) => Slice::Range {
            start: start.to_vec(),
            finish: finish.to_vec(),
            reversed,
            count: usize::try_from(count).unwrap_or(0),
        },
        (None, None) => Slice::Names(Vec::new()),
    }
}

/// A read of `slice` in column family `cf` (inside `super_column` if given).
pub fn read_of(
    keyspace: &str,
    cf: &str,
    super_column: Option<Vec<u8>>,
    slice: Slice,
) -> ReadCommand {
    ReadCommand {
        keyspace: keyspace.to_string(),
        cf: cf.to_string(),
        super_column,
        slice,
    }
}

/// The read a `get` path names: the column (inside its super column), or a
/// whole super column when only that is given.
pub fn named_read(
    keyspace: &str,
    cf: &str,
    super_column: Option<&[u8]>,
    column: Option<&[u8]>,
) -> ReadCommand {
    let (super_column, name) = match (super_column, column) {
        (sc, Some(column)) => (sc.map(<[u8]>::to_vec), column.to_vec()),
        (Some(sc), None) => (None, sc.to_vec()),
        (None, None) => (None, Vec::new()),
    };
    read_of(keyspace, cf, super_column, Slice::Names(vec![name]))
}

fn column(cell: &Cell) -> t::Column {
    t::Column::new(cell.name.clone(), cell.value.clone(), cell.timestamp)
}

fn super_column(sc: &SuperColumn, now: i32) -> Option<t::SuperColumn> {
    let columns: Vec<t::Column> = sc
        .cells
        .iter()
        .filter(|c| c.is_live(now))
        .map(column)
        .collect();
    // 0.6 omits super columns with no live sub-columns.
    (!columns.is_empty()).then(|| t::SuperColumn::new(sc.name.clone(), columns))
}

/// A row result as 0.6 returns it, in the order the engine produced
/// (traversal order, already reversed for reversed slices).
pub fn thriftify(result: &RowResult, now: i32) -> Vec<t::ColumnOrSuperColumn> {
    match result {
        RowResult::Cells(cells) => cells
            .iter()
            .filter(|c| c.is_live(now))
            .map(|c| t::ColumnOrSuperColumn::new(column(c), None))
            .collect(),
        RowResult::SuperColumns(scs) => scs
            .iter()
            .filter_map(|sc| super_column(sc, now))
            .map(|sc| t::ColumnOrSuperColumn::new(None, sc))
            .collect(),
    }
}

/// True when a read of `cf` with this parent returns sub-columns (Cells) rather than super columns.
pub fn reads_cells(cf: &CfDef, super_column: Option<&[u8]>) -> bool {
    !cf.is_super() || super_column.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rows_deletions_in_a_row_fold_into_the_latest() {
        let del = |ts| t::Deletion::new(ts, None::<Vec<u8>>, None::<t::SlicePredicate>);
        let mut ops = Vec::new();
        for ts in [5, 9, 7] {
            deletion_ops(del(ts), false, 100, &mut ops);
        }
        assert_eq!(ops, [Op::DeleteRow(DeletionTime::new(9, 100))]);
        // Only neighbours fold: a column between keeps them apart.
        let names = t::SlicePredicate::new(Some(vec![b"c".to_vec()]), None);
        deletion_ops(
            t::Deletion::new(3, None::<Vec<u8>>, names),
            false,
            100,
            &mut ops,
        );
        deletion_ops(del(1), false, 100, &mut ops);
        assert_eq!(ops.len(), 3);
    }

    #[test]
    fn remove_levels() {
        let p = |sc: Option<&[u8]>, c: Option<&[u8]>| {
            t::ColumnPath::new(
                "Cf".to_string(),
                sc.map(<[u8]>::to_vec),
                c.map(<[u8]>::to_vec),
            )
        };
        assert_eq!(
            remove_op(&p(None, None), 5, 100),
            Op::DeleteRow(DeletionTime::new(5, 100))
        );
        assert_eq!(
            remove_op(&p(Some(b"s"), None), 5, 100),
            Op::DeleteSuperColumn {
                name: b"s".to_vec(),
                deletion: DeletionTime::new(5, 100)
            }
        );
        assert_eq!(
            remove_op(&p(Some(b"s"), Some(b"c")), 5, 100),
            Op::Put {
                super_column: Some(b"s".to_vec()),
                cell: Cell::tombstone(b"c".to_vec(), 5, 100)
            }
        );
    }

    #[test]
    fn deletion_names_in_a_super_cf_are_super_columns() {
        let del = t::Deletion::new(7, None, t::SlicePredicate::new(vec![b"s".to_vec()], None));
        let mut ops = Vec::new();
        deletion_ops(del.clone(), true, 100, &mut ops);
        assert_eq!(
            ops,
            [Op::DeleteSuperColumn {
                name: b"s".to_vec(),
                deletion: DeletionTime::new(7, 100)
            }]
        );
        ops.clear();
        deletion_ops(del, false, 100, &mut ops);
        assert_eq!(
            ops,
            [Op::Put {
                super_column: None,
                cell: Cell::tombstone(b"s".to_vec(), 7, 100)
            }]
        );
    }

    #[test]
    fn empty_super_columns_and_dead_cells_are_dropped() {
        let live = Cell::live(b"a".to_vec(), b"1".to_vec(), 1);
        let dead = Cell::tombstone(b"b".to_vec(), 1, 0);
        let r = RowResult::SuperColumns(vec![
            SuperColumn {
                name: b"x".to_vec(),
                deletion: DeletionTime::LIVE,
                cells: vec![dead.clone()],
            },
            SuperColumn {
                name: b"y".to_vec(),
                deletion: DeletionTime::LIVE,
                cells: vec![live.clone(), dead.clone()],
            },
        ]);
        let out = thriftify(&r, 10);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].super_column.as_ref().unwrap().columns.len(), 1);
        assert_eq!(thriftify(&RowResult::Cells(vec![live, dead]), 10).len(), 1);
    }
}
