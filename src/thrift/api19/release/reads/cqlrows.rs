//! How 3.0 and 3.11 answered a reversed slice (`get_slice`,
//! `multiget_slice`) of a CQL table's cells: 3.x read the partition as
//! rows (a reversed `ClusteringIndexSliceFilter`), which reversed the order
//! of the rows but not of a row's cells, and made the legacy cells of each
//! row as it came: the static row's first, then each row's cells ascending
//! (its marker, its columns by name, a collection's elements by key). The
//! slice's count was taken from that stream of cells (recorded on 3.0.24
//! and 3.11.10: a count of 3 answered the last row's marker and two
//! columns, and a static column before them).
//!
//! This owns the widening of such a read (the engine's count would keep the
//! last cells of the ascending order) and the order of its answer; it must
//! not read the engine nor check the request.

use crate::cql::exec::tables::table_of;
use crate::cql::table::Layout;
use crate::marshal::CompositeType;
use crate::model::{ReadCommand, Slice};
use crate::release::{Behaviour, Release};
use crate::schema::CfDef;
use crate::thrift::gen::cassandra19 as t;

/// The number of clustering columns of `cf` where the release answered
/// this slice by rows: 3.x, a reversed range of a non-compact CQL table.
pub fn applies(
    release: Option<&Release>,
    cf: &CfDef,
    predicate: &t::SlicePredicate,
) -> Option<usize> {
    if !release.is_some_and(|r| r.does(Behaviour::ReversedSliceOfCqlRows))
        || !predicate.slice_range.as_ref().is_some_and(|r| r.reversed)
        || cf.is_super()
    {
        return None;
    }
    table_of(cf)
        .ok()
        .filter(|t| t.layout == Layout::Sparse)
        .map(|t| t.clustering.len())
}

/// The command read for such a slice: the range's every cell, the count
/// applied by [`order`] once the rows are put back in order.
pub fn widen(cmd: &mut ReadCommand) {
    if let Slice::Range { count, .. } = &mut cmd.slice {
        *count = usize::MAX;
    }
}

/// The row a cell name belongs to: its first `clustering` components (a
/// static cell's are empty after the static marker `0xFFFF`), `None` for
/// the static row. A name the composite cannot split is a row of its own.
fn row_of(name: &[u8], clustering: usize) -> Option<Vec<u8>> {
    if name.starts_with(&[0xFF, 0xFF]) {
        return None;
    }
    let Ok(parts) = CompositeType::split(name) else {
        return Some(name.to_vec());
    };
    let mut row = Vec::new();
    for (component, _) in parts.iter().take(clustering) {
        row.extend_from_slice(&(component.len() as u64).to_be_bytes());
        row.extend_from_slice(component);
    }
    Some(row)
}

/// The cells of a reversed slice (`out`, the engine's reversed order: every
/// cell last first) as 3.x answered them: the static row's cells, then each
/// row in the order it came, its cells ascending; then at most the slice's
/// count.
pub fn order(
    clustering: usize,
    predicate: &t::SlicePredicate,
    out: &mut Vec<t::ColumnOrSuperColumn>,
) {
    let mut rows: Vec<(Option<Vec<u8>>, Vec<t::ColumnOrSuperColumn>)> = Vec::new();
    for c in out.drain(..) {
        let row = row_of(name_of(&c), clustering);
        match rows.iter_mut().find(|(r, _)| *r == row) {
            Some((_, cells)) => cells.push(c),
            None => rows.push((row, vec![c])),
        }
    }
    // The static row first, the others as they came (a stable sort).
    rows.sort_by_key(|(r, _)| r.is_some());
    for (_, mut cells) in rows {
        cells.reverse();
        out.extend(cells);
    }
    if let Some(range) = &predicate.slice_range {
        out.truncate(usize::try_from(range.count).unwrap_or(0));
    }
}

fn name_of(c: &t::ColumnOrSuperColumn) -> &[u8] {
    c.column
        .as_ref()
        .map(|c| c.name.as_slice())
        .or(c.counter_column.as_ref().map(|c| c.name.as_slice()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A composite name of `parts`, each with an end-of-component 0.
    fn name(parts: &[&[u8]]) -> Vec<u8> {
        let mut n = Vec::new();
        for p in parts {
            n.extend_from_slice(&(p.len() as u16).to_be_bytes());
            n.extend_from_slice(p);
            n.push(0);
        }
        n
    }

    fn static_name(column: &[u8]) -> Vec<u8> {
        let mut n = vec![0xFF, 0xFF, 0, 0, 0];
        n.extend_from_slice(&(column.len() as u16).to_be_bytes());
        n.extend_from_slice(column);
        n.push(0);
        n
    }

    fn cell(name: Vec<u8>) -> t::ColumnOrSuperColumn {
        let column = t::Column::new(name, Vec::new(), 1, None);
        t::ColumnOrSuperColumn::new(column, None, None, None)
    }

    fn reversed(count: i32) -> t::SlicePredicate {
        t::SlicePredicate::new(None, t::SliceRange::new(vec![], vec![], true, count))
    }

    fn names(out: &[t::ColumnOrSuperColumn]) -> Vec<Vec<u8>> {
        out.iter().map(|c| name_of(c).to_vec()).collect()
    }

    #[test]
    fn rows_come_last_first_with_their_cells_ascending() {
        let rows = [b"1", b"2"];
        let mut ascending = Vec::new();
        for r in rows {
            for column in [&b""[..], b"author", b"body"] {
                ascending.push(name(&[r, column]));
            }
        }
        let mut out: Vec<_> = ascending.iter().rev().cloned().map(cell).collect();
        order(1, &reversed(4), &mut out);
        let want = vec![
            name(&[b"2", b""]),
            name(&[b"2", b"author"]),
            name(&[b"2", b"body"]),
            name(&[b"1", b""]),
        ];
        assert_eq!(names(&out), want);
    }

    #[test]
    fn the_static_row_comes_first() {
        let ascending = [
            static_name(b"balance"),
            name(&[b"1", b""]),
            name(&[b"1", b"amount"]),
            name(&[b"2", b""]),
            name(&[b"2", b"amount"]),
        ];
        let mut out: Vec<_> = ascending.iter().rev().cloned().map(cell).collect();
        order(1, &reversed(3), &mut out);
        let want = vec![
            static_name(b"balance"),
            name(&[b"2", b""]),
            name(&[b"2", b"amount"]),
        ];
        assert_eq!(names(&out), want);
    }

    #[test]
    fn a_table_without_clustering_is_one_row_ascending() {
        // The marker, then a map's elements by key.
        let ascending = [
            name(&[b""]),
            name(&[b"attrs", b"age"]),
            name(&[b"attrs", b"h"]),
        ];
        let mut out: Vec<_> = ascending.iter().rev().cloned().map(cell).collect();
        order(0, &reversed(2), &mut out);
        assert_eq!(names(&out), ascending[..2].to_vec());
    }
}
