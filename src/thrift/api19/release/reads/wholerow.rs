//! How 2.0 to 2.2 answered a reversed range scan of whole rows: a slice
//! without bounds whose count is Integer.MAX_VALUE was a "full row" to
//! their `DataRange`, whatever its direction, so the scan read each
//! SSTable's copy of a row whole, in the file's (ascending) order, while
//! the memtable's copy came through the slice, reversed. The copies were
//! then merged in a priority queue in the slice's order, the greatest head
//! first, equal heads reconciled: a row held only in SSTables comes back
//! ascending; one also in the memtable interleaved, and a name held by two
//! copies that the merge did not meet together is answered twice (recorded
//! on 2.1.22 and 2.2.19, `rel_reversedwholerange`). A slice of any other
//! count, and a read of one row, read every copy reversed.
//!
//! This owns when that applies and a row's columns as that merge gave
//! them, from the copies the node holds; it must not check the request.
//! Counter column families (whose copies merge shards) and Super column
//! families are left to the engine's order.

use std::cmp::Ordering;

use crate::model::{Bytes, Cell, DeletionTime};
use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::schema::CfDef;
use crate::thrift::gen::cassandra19 as t;

/// One copy of a row as the merge needs it: whether a flush kept it (an
/// SSTable of the release's), its cells in the comparator's order, its
/// partition deletion and its range deletions (`start..=end`, empty bounds
/// open).
struct Copy {
    flushed: bool,
    cells: Vec<Cell>,
    deletion: DeletionTime,
    ranges: Vec<(Bytes, Bytes, DeletionTime)>,
}

/// Whether a range scan of `cf` by `predicate` read whole rows as above.
pub fn applies(
    release: Option<&Release>,
    cf: &CfDef,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
) -> bool {
    release.is_some_and(|r| r.does(Behaviour::WholeRowScansReadFlushedAscending))
        && parent.super_column.is_none()
        && !cf.is_super()
        && !cf.is_counter()
        && predicate.column_names.is_none()
        && predicate.slice_range.as_ref().is_some_and(|r| {
            r.reversed && r.start.is_empty() && r.finish.is_empty() && r.count == i32::MAX
        })
}

/// Row `key`'s live columns in the order the release's merge gave them;
/// `None` when no copy of it is flushed (the memtable's order is the
/// slice's, as the engine answers).
pub fn columns(node: &Node, ks: &str, cf: &CfDef, key: &[u8], now: i32) -> Option<Vec<Cell>> {
    let copies = node.partition_copies(ks, &cf.name, key).ok()?;
    if !copies.iter().any(|(flushed, _)| *flushed) {
        return None;
    }
    let copies: Vec<Copy> = copies
        .into_iter()
        .map(|(flushed, copy)| Copy {
            flushed,
            cells: copy.cells().cloned().collect(),
            deletion: copy.deletion,
            ranges: (copy.range_tombstones.into_iter())
                .map(|r| (r.start, r.end, r.deletion))
                .collect(),
        })
        .collect();
    Some(merged(cf, &copies, now))
}

/// The merge of [`columns`] over `copies`.
fn merged(cf: &CfDef, copies: &[Copy], now: i32) -> Vec<Cell> {
    let cmp = |a: &[u8], b: &[u8]| cf.comparator.compare(a, b);
    // The memtable's stream: every copy not flushed, reconciled, greatest first.
    let mut memtable: Vec<Cell> = copies
        .iter()
        .filter(|copy| !copy.flushed)
        .flat_map(|copy| copy.cells.iter().cloned())
        .collect();
    memtable.sort_by(|a, b| cmp(&b.name, &a.name));
    memtable.dedup_by(|later, kept| {
        let same = cmp(&later.name, &kept.name) == Ordering::Equal;
        if same && later.supersedes(kept) {
            std::mem::swap(later, kept);
        }
        same
    });
    let mut streams: Vec<Vec<Cell>> = vec![memtable];
    let flushed = copies.iter().filter(|copy| copy.flushed);
    streams.extend(flushed.map(|copy| copy.cells.clone()));
    let deletion = (copies.iter()).fold(DeletionTime::LIVE, |d, copy| d.max(copy.deletion));
    let ranges = || copies.iter().flat_map(|copy| &copy.ranges);
    let deleted = |c: &Cell| {
        deletion.shadows(c.timestamp)
            || ranges().any(|(start, end, deletion)| {
                (start.is_empty() || cmp(&c.name, start) != Ordering::Less)
                    && (end.is_empty() || cmp(&c.name, end) != Ordering::Greater)
                    && deletion.shadows(c.timestamp)
            })
    };
    let mut at = vec![0usize; streams.len()];
    let mut out = Vec::new();
    loop {
        let heads = streams.iter().zip(&at).filter_map(|(s, &i)| s.get(i));
        let Some(top) = heads.max_by(|a, b| cmp(&a.name, &b.name)).cloned() else {
            return out;
        };
        let mut winner = top;
        for (stream, i) in streams.iter().zip(at.iter_mut()) {
            if let Some(cell) = stream.get(*i) {
                if cmp(&cell.name, &winner.name) == Ordering::Equal {
                    if cell.supersedes(&winner) {
                        winner = cell.clone();
                    }
                    *i += 1;
                }
            }
        }
        if winner.is_live(now) && !deleted(&winner) {
            out.push(winner);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::model::CellKind;

    fn cf() -> CfDef {
        CfDef::new("ks", "A", 1000, parse_type("UTF8Type").unwrap(), None)
    }

    fn cell(name: &str, value: &str, timestamp: i64) -> Cell {
        Cell {
            name: name.as_bytes().to_vec(),
            value: value.as_bytes().to_vec(),
            timestamp,
            kind: CellKind::Live,
        }
    }

    fn tombstone(name: &str, timestamp: i64) -> Cell {
        Cell {
            kind: CellKind::Tombstone {
                local_deletion_time: 1,
            },
            ..cell(name, "", timestamp)
        }
    }

    fn copy(flushed: bool, cells: Vec<Cell>) -> Copy {
        Copy {
            flushed,
            cells,
            deletion: DeletionTime::LIVE,
            ranges: Vec::new(),
        }
    }

    fn answered(copies: &[Copy]) -> Vec<(String, String)> {
        merged(&cf(), copies, 100)
            .into_iter()
            .map(|c| {
                let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
                (text(c.name), text(c.value))
            })
            .collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn a_row_held_only_flushed_comes_back_ascending() {
        let flushed = copy(true, vec![cell("a", "1", 10), cell("c", "1", 10)]);
        assert_eq!(answered(&[flushed]), pairs(&[("a", "1"), ("c", "1")]));
    }

    #[test]
    fn the_memtable_and_a_flushed_copy_interleave_and_a_name_can_come_twice() {
        // As 2.1.22 answered rel_reversedwholerange: memtable b, c (newer), d.
        let flushed = copy(
            true,
            vec![
                cell("a", "v1", 10),
                cell("c", "v1", 10),
                cell("e", "v1", 10),
            ],
        );
        let memtable = copy(
            false,
            vec![
                cell("b", "v2", 11),
                cell("c", "v9", 12),
                cell("d", "v2", 11),
            ],
        );
        let expected = [
            ("d", "v2"),
            ("c", "v9"),
            ("b", "v2"),
            ("a", "v1"),
            ("c", "v1"),
            ("e", "v1"),
        ];
        assert_eq!(answered(&[memtable, flushed]), pairs(&expected));
    }

    #[test]
    fn heads_met_together_reconcile_and_a_tombstone_hides_them() {
        let first = copy(
            true,
            vec![
                cell("a", "v1", 10),
                cell("c", "v1", 10),
                cell("e", "v1", 10),
            ],
        );
        let second = copy(
            true,
            vec![
                cell("b", "v2", 11),
                cell("c", "v9", 12),
                cell("d", "v2", 11),
            ],
        );
        let memtable = copy(
            false,
            vec![cell("0", "v", 13), tombstone("a", 20), cell("f", "v", 13)],
        );
        let expected = [
            ("f", "v"),
            ("b", "v2"),
            ("c", "v9"),
            ("d", "v2"),
            ("c", "v1"),
            ("e", "v1"),
            ("0", "v"),
        ];
        assert_eq!(answered(&[memtable, first, second]), pairs(&expected));
    }
    #[test]
    fn deletions_of_any_copy_hide_the_versions_they_cover() {
        let flushed = copy(
            true,
            vec![cell("a", "1", 10), cell("b", "1", 10), cell("c", "1", 30)],
        );
        let mut memtable = copy(false, Vec::new());
        let at = |t: i64| DeletionTime {
            marked_for_delete_at: t,
            local_deletion_time: 1,
        };
        memtable.ranges.push((b"a".to_vec(), b"b".to_vec(), at(20)));
        assert_eq!(answered(&[memtable, flushed]), pairs(&[("c", "1")]));
        let mut gone = copy(true, vec![cell("d", "1", 10)]);
        gone.deletion = at(10);
        assert!(answered(&[gone]).is_empty());
    }
}
