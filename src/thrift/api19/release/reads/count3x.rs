//! `get_count` by a range as 3.0 and 3.11 counted it (`CassandraServer.get_count`
//! through `QueryPagers.countPaged`): the slice made first, as 3.x's
//! legacy layout decoded its bounds, then the live cells of each row
//! counted (`DataLimits.ThriftCounter`), which a CQL table's row markers
//! were not: 3.x kept a row's liveness apart from its cells. It counts
//! over the engine's reads; it must not answer a predicate of column
//! names (that went through `get_slice`) nor a release before 3.0.

use super::count::replicas_asked;
use crate::cql::exec::tables::table_of;
use crate::cql::mapping::parse_name;
use crate::cql::table::{Layout, Table};
use crate::marshal::{AbstractType, CompositeType, Dialect, TypeRef};
use crate::model::{ReadCommand, RowResult, Slice};
use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::thrift::api19::convert::slice_command;
use crate::thrift::api19::validation as v;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use std::cmp::Ordering;

/// The count 3.x answered for a range (or none), or `None` where another
/// release counted, or where column names went through `get_slice`.
pub fn checked(
    node: &Node,
    ks: &str,
    key: &[u8],
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    cl: ConsistencyLevel,
) -> Option<ApiResult<i32>> {
    let release = node
        .release
        .filter(|r| r.does(Behaviour::CountSliceChecked))?;
    if predicate.column_names.is_some() {
        return None;
    }
    Some(count(node, release, ks, key, parent, predicate, cl))
}

/// `get_count` by a range (or none) as 3.0 and 3.11 counted it: the column
/// family checked, then the slice made (each bound decoded by the
/// comparator, a type of fixed size validating it, and the slice's order
/// asserted: a failure there closed the connection, whatever the row); a
/// super column named of a Super column family sliced its sub-columns
/// instead, unchecked. A count of 0 read nothing; the first page's read
/// asked whether enough replicas lived; a negative count paged without
/// end.
fn count(
    node: &Node,
    release: &Release,
    ks: &str,
    key: &[u8],
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    cl: ConsistencyLevel,
) -> ApiResult<i32> {
    let schema = node.schema();
    let cf = v::validate_read_cf(&schema, ks, &parent.column_family)?;
    let range = predicate
        .slice_range
        .clone()
        .unwrap_or_else(|| t::SliceRange::new(Vec::new(), Vec::new(), false, i32::MAX));
    let super_column = parent.super_column.clone().filter(|_| cf.is_super());
    if super_column.is_none() {
        // Thrift's bounds are in the order of traversal, the slice's in
        // the comparator's.
        let (start, end) = if range.reversed {
            (&range.finish, &range.start)
        } else {
            (&range.start, &range.finish)
        };
        if !slice_made(&cf.comparator, start, end) {
            return Err(ApiError::Dropped(format!(
                "3.x failed get_count's slice of {} (a bound refused, or backwards)",
                cf.name
            )));
        }
    }
    if range.count == 0 {
        return Ok(0);
    }
    replicas_asked(node, &schema, ks, key, cl)?;
    let Ok(count) = usize::try_from(range.count) else {
        return Err(if release.does(Behaviour::NegativeCountTimesOut) {
            ApiError::TimedOut(crate::node::Acknowledged {
                by: None,
                by_batchlog: None,
            })
        } else {
            ApiError::Dropped("3.0 paged a negative get_count without end".into())
        });
    };
    // No row has an empty key.
    if key.is_empty() {
        return Ok(0);
    }
    let parent = t::ColumnParent::new(parent.column_family.clone(), super_column);
    let slice = Slice::Range {
        start: range.start,
        finish: range.finish,
        reversed: range.reversed,
        count,
    };
    let mut cmd = slice_command(ks, &parent, slice);
    super::prefix_end::apply(node.release, &cf, &mut cmd);
    let cql_table = table_of(&cf)
        .ok()
        .filter(|t| t.layout == Layout::Sparse && parent.super_column.is_none());
    let n = match cql_table {
        Some(table) => cells_without_markers(node, &table, cmd, key, count)?,
        None => node.count(&cmd, key)?,
    };
    Ok(i32::try_from(n).unwrap_or(i32::MAX))
}

/// How many cells a page of [`cells_without_markers`] reads.
const PAGE: usize = 1024;

/// The live cells of a CQL table's partition in `cmd`'s slice but its
/// row markers, counted a CQL row at a time (`ThriftCounter.applyToRow`
/// counted a row's every cell before it asked whether `count` was reached),
/// the static row first as it came; read a page at a time, each from the
/// name the last ended at (a range's start is inclusive).
fn cells_without_markers(
    node: &Node,
    table: &Table,
    mut cmd: ReadCommand,
    key: &[u8],
    count: usize,
) -> ApiResult<usize> {
    let mut counted = 0;
    let mut row: Option<Vec<Vec<u8>>> = None;
    let mut last: Option<Vec<u8>> = None;
    loop {
        if let Slice::Range {
            start, count: page, ..
        } = &mut cmd.slice
        {
            if let Some(name) = &last {
                start.clone_from(name);
            }
            *page = PAGE;
        }
        let RowResult::Cells(cells) = node.read(&cmd, key)? else {
            return Ok(counted);
        };
        let again = last
            .as_ref()
            .is_some_and(|l| cells.first().is_some_and(|c| &c.name == l));
        for cell in &cells[usize::from(again)..] {
            let parsed = parse_name(table, &cell.name);
            let clustering = parsed.as_ref().map(|p| p.clustering.clone());
            if clustering != row {
                if counted >= count {
                    return Ok(counted);
                }
                row = clustering;
            }
            if parsed.is_none_or(|p| p.column.is_some()) {
                counted += 1;
            }
        }
        if cells.len() < PAGE {
            return Ok(counted);
        }
        last = cells.last().map(|c| c.name.clone());
    }
}

/// Whether 3.x made a slice from `start` to `end` (the comparator's order;
/// empty: open) without failing: `LegacyLayout.decodeSliceBound` validated
/// each bound's components of a fixed-size type, and `Slices.with`
/// asserted that the start bound did not sort after the end bound.
fn slice_made(comparator: &TypeRef, start: &[u8], end: &[u8]) -> bool {
    let Some(types) = comparator.components() else {
        let taken = |b: &[u8]| b.is_empty() || fixed_size_accepts(comparator.as_ref(), b);
        return taken(start)
            && taken(end)
            && (start.is_empty() || end.is_empty() || comparator.compare(start, end).is_le());
    };
    let (Ok(s), Ok(e)) = (CompositeType::split(start), CompositeType::split(end)) else {
        return false;
    };
    let taken = |parts: &[(&[u8], u8)]| {
        parts
            .iter()
            .zip(types)
            .all(|((c, _), ty)| fixed_size_accepts(ty.as_ref(), c))
    };
    if !taken(&s) || !taken(&e) {
        return false;
    }
    if s.is_empty() || e.is_empty() {
        return true;
    }
    for (i, ((a, _), (b, _))) in s.iter().zip(&e).enumerate() {
        // Components past the comparator's compare as bytes.
        let order = types.get(i).map_or_else(|| a.cmp(b), |ty| ty.compare(a, b));
        if order != Ordering::Equal {
            return order == Ordering::Less;
        }
    }
    // Equal up to the shorter one: a start bound sorted after its prefix
    // when its end-of-component byte was positive (exclusive), an end
    // bound before it when negative.
    let eoc = |parts: &[(&[u8], u8)]| parts.last().map_or(0, |&(_, e)| e as i8);
    let start_after = eoc(&s) > 0;
    let end_before = eoc(&e) < 0;
    match s.len().cmp(&e.len()) {
        Ordering::Equal => !(start_after && end_before),
        Ordering::Less => !start_after,
        Ordering::Greater => !end_before,
    }
}

/// Whether a type of fixed size (3.x's `valueLengthIfFixed`) accepted a
/// bound; others took any bytes.
pub(in crate::thrift::api19) fn fixed_size_accepts(ty: &dyn AbstractType, value: &[u8]) -> bool {
    let ty = ty.base_type().map_or(ty, |b| b.as_ref());
    let class = ty.class_name();
    let short = class
        .strip_prefix(crate::marshal::MARSHAL_PACKAGE)
        .unwrap_or(&class);
    const FIXED: [&str; 11] = [
        "BooleanType",
        "DateType",
        "DoubleType",
        "EmptyType",
        "FloatType",
        "Int32Type",
        "LexicalUUIDType",
        "LongType",
        "TimeUUIDType",
        "TimestampType",
        "UUIDType",
    ];
    !FIXED.contains(&short) || ty.validate_for(value, Dialect::V12).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes::as_release as node_as;
    use crate::thrift::api19::release::reads::count::tests::range;

    fn put(node: &Node, cf: &str, key: &[u8], sc: Option<&[u8]>, name: &[u8]) {
        let cell = crate::model::Cell::live(name.to_vec(), b"v".to_vec(), 1);
        node.apply(&crate::model::RowMutation {
            keyspace: "CT".into(),
            key: key.to_vec(),
            updates: vec![(
                cf.into(),
                vec![crate::model::Op::Put {
                    super_column: sc.map(<[u8]>::to_vec),
                    cell,
                }],
            )],
        })
        .unwrap();
    }

    /// 3.x (the recorded `rel_count`): a range running backwards, or a
    /// bound a fixed-size comparator refuses, closes the connection
    /// whatever the row; a super column's sub-columns are sliced unchecked;
    /// a negative count times out in 3.11 and never answers in 3.0.
    #[test]
    fn three_x_makes_the_slice_first_and_pages_a_negative_count_forever() {
        let long = |n: i64| n.to_be_bytes().to_vec();
        for v in ["3.0.24", "3.11.10"] {
            let node = node_as(v);
            put(&node, "StdUTF8", b"k", None, b"a");
            put(&node, "StdUTF8", b"k", None, b"c");
            put(&node, "StdLong", b"k", None, &long(1));
            put(&node, "SupUTF8Long", b"k", Some(b"s1"), &long(1));
            let count = |key: &[u8], cf: &str, sc: Option<&[u8]>, p: t::SlicePredicate, cl| {
                let parent = t::ColumnParent::new(cf.to_string(), sc.map(<[u8]>::to_vec));
                checked(&node, "CT", key, &parent, &p, cl).unwrap()
            };
            let one = ConsistencyLevel::ONE;
            let dropped = |r: ApiResult<i32>| matches!(r, Err(ApiError::Dropped(_)));
            for key in [&b"k"[..], b"none", b""] {
                assert!(dropped(count(
                    key,
                    "StdUTF8",
                    None,
                    range("c", "a", false, 5),
                    one
                )));
                assert!(dropped(count(
                    key,
                    "StdUTF8",
                    None,
                    range("a", "c", true, 5),
                    one
                )));
            }
            // Equal bounds make a slice of one name, either way.
            assert_eq!(
                count(b"k", "StdUTF8", None, range("a", "a", true, 5), one),
                Ok(1)
            );
            assert_eq!(
                count(b"k", "StdUTF8", None, range("a", "c", false, 5), one),
                Ok(2)
            );
            // A LongType bound of three bytes, whichever end.
            assert!(dropped(count(
                b"k",
                "StdLong",
                None,
                range("abc", "", false, 5),
                one
            )));
            assert!(dropped(count(
                b"k",
                "StdLong",
                None,
                range("", "abc", false, 5),
                one
            )));
            // Super columns backwards; a super column's sub-columns are not checked.
            assert!(dropped(count(
                b"k",
                "SupUTF8Long",
                None,
                range("s2", "s1", false, 5),
                one
            )));
            let sub = |start: Vec<u8>, finish: Vec<u8>| {
                t::SlicePredicate::new(
                    None::<Vec<Vec<u8>>>,
                    t::SliceRange::new(start, finish, false, 5),
                )
            };
            let s1 = Some(&b"s1"[..]);
            assert_eq!(
                count(b"k", "SupUTF8Long", s1, sub(long(5), long(1)), one),
                Ok(0)
            );
            assert_eq!(
                count(b"k", "SupUTF8Long", s1, sub(b"abc".to_vec(), vec![]), one),
                Ok(0)
            );
            assert_eq!(
                count(b"k", "SupUTF8Long", s1, sub(vec![], vec![]), one),
                Ok(1)
            );
            // The slice before the level; a count of 0 reads nothing.
            let three = ConsistencyLevel::THREE;
            assert!(dropped(count(
                b"k",
                "StdUTF8",
                None,
                range("c", "a", false, 5),
                three
            )));
            assert_eq!(
                count(b"k", "StdUTF8", None, range("", "", false, 0), three),
                Ok(0)
            );
            assert_eq!(
                count(b"k", "StdUTF8", None, range("", "", false, 5), three),
                Err(ApiError::Unavailable)
            );
            for key in [&b"k"[..], b"none"] {
                let negative = count(key, "StdUTF8", None, range("", "", false, -1), one);
                if v == "3.11.10" {
                    assert!(matches!(negative, Err(ApiError::TimedOut(_))), "{v}");
                } else {
                    assert!(dropped(negative), "{v}");
                }
            }
        }
    }

    /// A composite bound's end-of-component byte: a start sorting after
    /// its prefix (positive) and an end before it (negative) make the only
    /// equal bounds 3.x's assertion refused.
    #[test]
    fn composite_bounds_compare_by_their_kind() {
        let cmp = crate::marshal::parse_type("CompositeType(UTF8Type,LongType)").unwrap();
        let name = |s: &str, eoc: crate::marshal::Eoc| {
            crate::marshal::CompositeBuilder::new()
                .push(s.as_bytes())
                .unwrap()
                .build(eoc)
        };
        use crate::marshal::Eoc::{End, Start};
        let none = crate::marshal::Eoc::None;
        assert!(slice_made(&cmp, &name("a", none), &name("a", none)));
        assert!(slice_made(&cmp, &name("a", End), &name("a", none)));
        assert!(slice_made(&cmp, &name("a", none), &name("a", Start)));
        assert!(!slice_made(&cmp, &name("a", End), &name("a", Start)));
        assert!(!slice_made(&cmp, &name("b", none), &name("a", End)));
        assert!(slice_made(&cmp, &name("a", none), &[]));
        // A LongType component of three bytes.
        let bad = crate::marshal::CompositeBuilder::new()
            .push(b"a")
            .unwrap()
            .push(b"abc")
            .unwrap()
            .build(none);
        assert!(!slice_made(&cmp, &bad, &[]));
    }
}
