//! How 3.0 and 3.11 answered a read by an index clause or a row filter
//! (`get_indexed_slices`, `get_range_slices` with a `row_filter`) of a
//! Standard column family whose comparator is not composite: a compact
//! table, whose declared columns (`column_metadata`) were the static
//! row's cells and every other column a row of its own (none declared: a
//! dense table, every column a row).
//!
//! 3.x read the predicate's columns of each partition (`ThriftResultsMerger`
//! merging the declared ones, ascending, into the others as they came, see
//! `reads::statics`), then built a partition of them
//! (`ImmutableBTreePartition`), reversing a reversed read and taking the
//! result as ascending, unsorted. Each later lookup searched that
//! partition as a B-tree leaf is searched, so a row out of order could be
//! missed, and the answer came in the partition's order:
//! - the search by a KEYS index (`KeysSearcher`, an EQ expression on an
//!   indexed column) read the indexed column besides the predicate's and
//!   dropped a partition whose indexed column its lookup missed; when the
//!   predicate did not select that column it answered only the rows named
//!   by the query's fetched columns (the declared columns selected, and
//!   the compact value column `value`), each found by a slice of the
//!   partition, and a partition left without rows only when it held a
//!   deletion (CASSANDRA-11523);
//! - every other expression (all of them without such an index) was
//!   tested on the partition (`RowFilter.ThriftFilter`): its column's row
//!   looked up as above, so a column the predicate did not select, or one
//!   the lookup missed, failed it;
//! - the slice's count was applied last, in the partition's order (a
//!   reversed slice of a dense table answers its first columns,
//!   ascending).
//!
//! This owns that model over a row read whole; it must not read the
//! engine nor check the request.

use super::super::reads::statics;
use crate::release::{Behaviour, Release};
use crate::schema::{CfDef, IndexType};
use crate::thrift::api19::index;
use crate::thrift::gen::cassandra19 as t;
use std::cmp::Ordering;

/// Whether the node's release answered this column family's filtered
/// reads by [`answer`]: 3.x, a Standard column family of plain (not
/// composite) names and values, whose expressions' columns have no index
/// but KEYS ones.
pub fn applies(release: Option<&Release>, cf: &CfDef, expressions: &[t::IndexExpression]) -> bool {
    release.is_some_and(|r| r.does(Behaviour::FilteredReadsOfStoredPartitions))
        && !cf.is_super()
        && !cf.is_counter()
        && !cf.comparator.class_name().contains("CompositeType")
        && expressions.iter().all(|e| {
            cf.options
                .column(&e.column_name)
                .and_then(|c| c.index_type)
                .is_none_or(|i| i == IndexType::Keys)
        })
}

/// The expression 3.x searched by an index: the first EQ on a column with a
/// KEYS index (where several could serve, 3.x took the one of fewest
/// estimated rows, in a `HashSet`'s order on a tie: not modelled).
fn served<'e>(cf: &CfDef, expressions: &'e [t::IndexExpression]) -> Option<&'e t::IndexExpression> {
    expressions.iter().find(|e| {
        e.op == t::IndexOperator::EQ
            && cf
                .options
                .column(&e.column_name)
                .is_some_and(|c| c.index_type == Some(IndexType::Keys))
    })
}

/// What the predicate selected of a row.
struct Selection<'p> {
    names: Option<&'p [Vec<u8>]>,
    /// The slice's bounds in the comparator's order (empty: open).
    low: &'p [u8],
    high: &'p [u8],
    reversed: bool,
    count: usize,
}

impl<'p> Selection<'p> {
    fn of(predicate: &'p t::SlicePredicate) -> Selection<'p> {
        match (&predicate.column_names, &predicate.slice_range) {
            (Some(names), _) => Selection {
                names: Some(names),
                low: &[],
                high: &[],
                reversed: false,
                count: usize::MAX,
            },
            (None, Some(r)) => {
                let (low, high) = if r.reversed {
                    (&r.finish, &r.start)
                } else {
                    (&r.start, &r.finish)
                };
                Selection {
                    names: None,
                    low,
                    high,
                    reversed: r.reversed,
                    count: usize::try_from(r.count).unwrap_or(0),
                }
            }
            (None, None) => Selection {
                names: Some(&[]),
                low: &[],
                high: &[],
                reversed: false,
                count: usize::MAX,
            },
        }
    }

    fn selects(&self, cf: &CfDef, name: &[u8]) -> bool {
        let cmp = |a: &[u8], b: &[u8]| cf.comparator.compare(a, b);
        match self.names {
            Some(names) => names.iter().any(|n| cmp(n, name) == Ordering::Equal),
            None => {
                (self.low.is_empty() || cmp(name, self.low) != Ordering::Less)
                    && (self.high.is_empty() || cmp(name, self.high) != Ordering::Greater)
            }
        }
    }
}

/// 3.x's answer for one partition that the engine found matching
/// `expressions` (`row`: its every column, ascending; `deleted`: whether
/// it holds a partition deletion, asked only where that decides), or
/// `None` where 3.x answered no row.
pub fn answer(
    cf: &CfDef,
    predicate: &t::SlicePredicate,
    expressions: &[t::IndexExpression],
    row: Vec<t::ColumnOrSuperColumn>,
    sources: &[Vec<Vec<u8>>],
    deleted: impl FnOnce() -> bool,
) -> Option<Vec<t::ColumnOrSuperColumn>> {
    let sel = Selection::of(predicate);
    let declared = |name: &[u8]| cf.options.column(name).is_some();
    let index = served(cf, expressions);
    // The columns read: the selected ones, and the indexed one besides.
    let read: Vec<t::ColumnOrSuperColumn> = row
        .into_iter()
        .filter(|c| {
            let name = name_of(c);
            sel.selects(cf, name)
                || index.is_some_and(|e| {
                    declared(name) && cf.comparator.compare(name, &e.column_name) == Ordering::Equal
                })
        })
        .collect();
    let mut stored = read;
    if sel.reversed {
        stored.reverse();
    }
    // As read (the declared columns merged in, copy by copy of the row),
    // then reversed back.
    statics::merge_sources(cf, predicate, sources, &mut stored);
    if sel.reversed {
        stored.reverse();
    }
    let cmp = |c: &t::ColumnOrSuperColumn, name: &[u8]| cf.comparator.compare(name_of(c), name);
    let mut out = stored;
    if let Some(e) = index {
        if !leaf_find(&out, |c| cmp(c, &e.column_name)) {
            return None;
        }
        if !sel.selects(cf, &e.column_name) {
            out = fetched_rows(cf, &sel, &out);
            if out.is_empty() && !deleted() {
                return None;
            }
        }
    }
    let tested = expressions.iter().filter(|x| Some(*x) != index);
    for x in tested {
        let found = leaf_position(&out, |c| cmp(c, &x.column_name))?;
        if !index::row_matches(
            cf,
            std::slice::from_ref(&out[found]),
            std::slice::from_ref(x),
        ) {
            return None;
        }
    }
    out.truncate(sel.count);
    Some(out)
}

/// The rows named by the query's fetched columns (the declared columns it
/// selected and the compact value column), each taken by a slice of the
/// partition as 3.x's B-tree leaf took it, in the names' order.
fn fetched_rows(
    cf: &CfDef,
    sel: &Selection<'_>,
    stored: &[t::ColumnOrSuperColumn],
) -> Vec<t::ColumnOrSuperColumn> {
    let mut names: Vec<&[u8]> = cf
        .options
        .column_metadata
        .iter()
        .map(|c| c.name.as_slice())
        .filter(|n| sel.selects(cf, n))
        .collect();
    let value = compact_value_name(cf);
    names.push(&value);
    names.sort_by(|a, b| cf.comparator.compare(a, b));
    names.dedup_by(|a, b| cf.comparator.compare(a, b) == Ordering::Equal);
    let mut out = Vec::new();
    for name in names {
        let cmp = |c: &t::ColumnOrSuperColumn| cf.comparator.compare(name_of(c), name);
        // A slice from the name's inclusive start to its inclusive end.
        let low = insertion(stored, |c| {
            if cmp(c) == Ordering::Less {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        });
        let high = insertion(stored, |c| {
            if cmp(c) == Ordering::Greater {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        });
        if low < high {
            out.extend_from_slice(&stored[low..high]);
        }
    }
    out
}

/// The name of the compact value column 3.x gave the table: `value`, else
/// `value1`, `value2`... whichever no declared column took.
fn compact_value_name(cf: &CfDef) -> Vec<u8> {
    let taken = |n: &[u8]| cf.options.column_metadata.iter().any(|c| c.name == n);
    let mut name = b"value".to_vec();
    let mut i = 0;
    while taken(&name) {
        i += 1;
        name = format!("value{i}").into_bytes();
    }
    name
}

/// A B-tree leaf's lookup of one row from before its first (3.x's
/// `BTreeSearchIterator.next`): the first row, and when that sorts before
/// the target a binary search of the others. `cmp`: a row against the
/// target.
fn leaf_find<T>(items: &[T], cmp: impl Fn(&T) -> Ordering) -> bool {
    leaf_position(items, cmp).is_some()
}

/// [`leaf_find`]'s row, by its position.
fn leaf_position<T>(items: &[T], cmp: impl Fn(&T) -> Ordering) -> Option<usize> {
    let first = cmp(items.first()?);
    if first != Ordering::Less {
        return (first == Ordering::Equal).then_some(0);
    }
    let (mut low, mut high) = (1_isize, items.len() as isize - 1);
    while low <= high {
        let mid = (low + high) / 2;
        match cmp(&items[mid as usize]) {
            Ordering::Less => low = mid + 1,
            Ordering::Greater => high = mid - 1,
            Ordering::Equal => return Some(mid as usize),
        }
    }
    None
}

/// Where `java.util.Arrays.binarySearch` of a bound (never equal to a row)
/// ends over `items`, which may be out of order.
fn insertion<T>(items: &[T], cmp: impl Fn(&T) -> Ordering) -> usize {
    let (mut low, mut high) = (0_isize, items.len() as isize - 1);
    while low <= high {
        let mid = (low + high) / 2;
        if cmp(&items[mid as usize]) == Ordering::Less {
            low = mid + 1;
        } else {
            high = mid - 1;
        }
    }
    low as usize
}

fn name_of(c: &t::ColumnOrSuperColumn) -> &[u8] {
    c.column
        .as_ref()
        .map(|c| c.name.as_slice())
        .unwrap_or_default()
}

#[cfg(test)]
#[path = "filtered_tests.rs"]
mod tests;
