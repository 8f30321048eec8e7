//! What Cassandra 3.0 and 3.11 answered otherwise than 2.2 over Thrift,
//! where it is a rule about the request rather than a fact of the release
//! table (`crate::release`). This file holds the rules about data calls (a
//! multiget of no keys, a batch's range deletion, reversed super slices,
//! index filters on unselected columns, the column TTLs 3.11 took, a paged
//! read of a wrapping token range); `described` how 3.x described and
//! changed column families, `stored` how its schema tables kept them,
//! `compaction` how it took a CfDef's compaction settings, `super_filter`
//! how it checked a Super column family's row filter,
//! `filtered` how it answered index clauses and row filters of the others,
//! `collections` the collection values of its CQL 3 over Thrift and
//! `udt_names` how 3.11 named frozen user types in them.
//! Requests are adjusted here before the shared 19.x validation sees them;
//! it builds the ops of what it changes but must not read or write the
//! engine, nor answer calls.

pub(in crate::thrift::api19) mod cellname;
pub mod collections;
pub mod compaction;
mod described;
pub mod filtered;
pub mod stored;
mod super_filter;
pub mod udt_names;

pub use described::{
    collection_values, index_refusal, shape_cf, super_update_fails, tables_in_creation_order,
    update_keeps_cql_columns, update_target, valueless_compact,
};
pub use super_filter::super_row_filter;

pub use cellname::decode as decode_cell_name;

use crate::model::{DeletionTime, Op};
use crate::partitioner::Partitioner;
use crate::release::{Behaviour, Release};
use crate::schema::CfDef;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;
use std::cmp::Ordering;

/// Whether the release (if any) behaved so.
fn does(release: Option<&Release>, b: Behaviour) -> bool {
    release.is_some_and(|r| r.does(b))
}

/// A slice predicate's bounds as 3.x decoded them for a column family that
/// is not super ([`cellname::decode_slice_bound`]: the start, then the
/// finish); one it failed on closed the connection.
pub fn slice_bounds(
    release: Option<&Release>,
    cf: &CfDef,
    predicate: &t::SlicePredicate,
) -> Result<(), ApiError> {
    // A predicate's names, when given, were what the filter was built of.
    let Some(range) = predicate
        .slice_range
        .as_ref()
        .filter(|_| predicate.column_names.is_none())
    else {
        return Ok(());
    };
    if cf.is_super() || !does(release, Behaviour::ThriftCellNamesDecoded) {
        return Ok(());
    }
    // Thrift's bounds of a reversed slice come finish first.
    let (start, finish) = match range.reversed {
        true => (&range.finish, &range.start),
        false => (&range.start, &range.finish),
    };
    for bound in [start, finish] {
        match cellname::decode_slice_bound(cf, bound) {
            Ok(()) => {}
            Err(cellname::BoundFailure::Invalid(why) | cellname::BoundFailure::Failed(why)) => {
                return Err(ApiError::Dropped(why))
            }
        }
    }
    Ok(())
}

/// [`slice_bounds`] as 3.x's `get_count` met them: it answered a bound's
/// `IllegalArgumentException` as a refusal in its words (other failures
/// still closed the connection).
pub fn counted_slice_bounds(
    release: Option<&Release>,
    cf: &CfDef,
    range: &t::SliceRange,
) -> Result<(), ApiError> {
    if cf.is_super() || !does(release, Behaviour::ThriftCellNamesDecoded) {
        return Ok(());
    }
    let (start, finish) = match range.reversed {
        true => (&range.finish, &range.start),
        false => (&range.start, &range.finish),
    };
    for bound in [start, finish] {
        match cellname::decode_slice_bound(cf, bound) {
            Ok(()) => {}
            Err(cellname::BoundFailure::Invalid(why)) => return Err(ApiError::invalid(why)),
            Err(cellname::BoundFailure::Failed(why)) => return Err(ApiError::Dropped(why)),
        }
    }
    Ok(())
}

/// `multiget_slice` of no keys, once checked: 3.x built a read of the
/// keys' group and failed on its first (a server-side exception), which
/// closed the connection without a reply; earlier releases answered `{}`.
pub fn multiget_of_no_keys(release: Option<&Release>, no_keys: bool) -> Result<(), ApiError> {
    if no_keys && does(release, Behaviour::MultigetOfNoKeysDropped) {
        return Err(ApiError::Dropped(
            "3.x failed multiget_slice of no keys".into(),
        ));
    }
    Ok(())
}

/// A batch's deletion as 3.x made it where 2.2 did otherwise (`Some`: its
/// ops, maybe none; `None`: not such a deletion, or not 3.x):
/// - by a `SliceRange` of a Standard column family's columns or a Super
///   column family's super columns: a range tombstone from start to
///   finish, an empty bound open (`LegacyLayout.decodeTombstoneBound`:
///   bottom and top), the `reversed` flag ignored, nothing when a start
///   sorts after its finish (2.x's reading is `convert::deletion_ops`'; a
///   super column's sub-columns were refused by validation);
/// - of whole super columns (one named, or a Super column family's names):
///   a range tombstone over each (`deleteColumnOrSuperColumn`'s
///   `addRange`), where `remove` deleted the super column's row
///   (`Behaviour::SuperDeletionsAsRanges`, see `reads::zero_slice`).
pub fn range_deletion(
    release: Option<&Release>,
    cf: &CfDef,
    m: &t::Mutation,
    now: i32,
) -> Option<Vec<Op>> {
    if !does(release, Behaviour::RangeDeletionsOpenBounds) {
        return None;
    }
    let del = m.deletion.as_ref()?;
    let deletion = DeletionTime::new(del.timestamp.unwrap_or_default(), now);
    let names = del.predicate.as_ref().and_then(|p| p.column_names.as_ref());
    let over = |name: &Vec<u8>| Op::DeleteRange {
        start: name.clone(),
        end: name.clone(),
        deletion,
    };
    if cf.is_super() && does(release, Behaviour::SuperDeletionsAsRanges) {
        // Empty names were refused by validation: an empty bound is open.
        match (&del.super_column, names) {
            (Some(sc), None) if !sc.is_empty() && del.predicate.is_none() => {
                return Some(vec![over(sc)]);
            }
            (None, Some(names)) if names.iter().all(|n| !n.is_empty()) => {
                return Some(names.iter().map(over).collect());
            }
            _ => {}
        }
    }
    if del.super_column.is_some() || names.is_some() {
        return None;
    }
    let range = del.predicate.as_ref()?.slice_range.as_ref()?;
    let (start, finish) = (&range.start, &range.finish);
    if !start.is_empty()
        && !finish.is_empty()
        && cf.comparator.compare(start, finish) == Ordering::Greater
    {
        return Some(Vec::new());
    }
    Some(vec![Op::DeleteRange {
        start: start.clone(),
        end: finish.clone(),
        deletion,
    }])
}

/// A reversed slice of a Super column family's super columns as 3.x
/// answered it: each super column's subcolumns reversed too (3.x stored a
/// super column's subcolumns as cells of one clustering and read them in
/// the slice's order), but a counter column family's last
/// (`thriftifyCounterSuperColumns` reversed a super column's list only
/// when the next began); earlier releases kept them ascending.
pub fn reversed_super_slice(
    release: Option<&Release>,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    out: &mut [t::ColumnOrSuperColumn],
) {
    let reversed = predicate.slice_range.as_ref().is_some_and(|r| r.reversed);
    if !reversed
        || parent.super_column.is_some()
        || !does(release, Behaviour::ReversedSuperSlicesReverseSubcolumns)
    {
        return;
    }
    // Counters: each super column's subcolumns were reversed as the next
    // began, so the last's stayed ascending.
    let keep_last = does(release, Behaviour::CounterSuperSlicesKeepLastAscending);
    let last = out.len().saturating_sub(1);
    for (i, cosc) in out.iter_mut().enumerate() {
        if let Some(sc) = cosc.super_column.as_mut() {
            sc.columns.reverse();
        }
        if let Some(sc) = cosc.counter_super_column.as_mut() {
            if !(keep_last && i == last) {
                sc.columns.reverse();
            }
        }
    }
}

/// `get_paged_slice` by a token range that wraps (its start at or after its
/// end, the end not the partitioner's minimum token), once checked: 3.x's
/// paging range asserted it did not wrap (`DataRange.Paging`), which failed
/// on the server and closed the connection. A range from a key, or tokens
/// the partitioner cannot read, are not this rule's.
pub fn paged_wrap(
    release: Option<&Release>,
    partitioner: &dyn Partitioner,
    range: &t::KeyRange,
) -> Result<(), ApiError> {
    if !does(release, Behaviour::PagedWrapDropped) || range.start_key.is_some() {
        return Ok(());
    }
    let token = |s: &Option<String>| {
        s.as_deref()
            .and_then(|s| partitioner.token_from_string(s).ok())
    };
    let (Some(start), Some(end)) = (token(&range.start_token), token(&range.end_token)) else {
        return Ok(());
    };
    if start >= end && end != partitioner.min_token() {
        return Err(ApiError::Dropped(
            "3.x failed get_paged_slice of a token range that wraps".into(),
        ));
    }
    Ok(())
}

/// Whether 3.x found no row for an index clause or row filter because the
/// predicate named columns and left out one the expressions test: it read
/// only the named columns and so never saw the tested value (recorded for
/// `get_indexed_slices` and `get_range_slices`).
pub fn filter_unselected(
    release: Option<&Release>,
    predicate: &t::SlicePredicate,
    expressions: &[t::IndexExpression],
) -> bool {
    let Some(names) = predicate.column_names.as_ref() else {
        return false;
    };
    does(release, Behaviour::FiltersSeeSelectedColumnsOnly)
        && expressions.iter().any(|e| !names.contains(&e.column_name))
}

/// A column's TTL as 3.11 took it: a TTL of 0 is no TTL (3.0 and before
/// refused it, `ttl must be positive`, which the shared validation says),
/// a negative one is refused in 3.11's words.
fn ttl(release: Option<&Release>, ttl: &mut Option<i32>) -> Result<(), ApiError> {
    if !does(release, Behaviour::TtlZeroIsNone) {
        return Ok(());
    }
    match *ttl {
        Some(0) => *ttl = None,
        Some(n) if n < 0 => {
            return Err(ApiError::invalid("ttl must be greater or equal to 0"));
        }
        _ => {}
    }
    Ok(())
}

/// [`ttl`] of one column (`insert`).
pub fn column_ttl(release: Option<&Release>, column: &mut t::Column) -> Result<(), ApiError> {
    ttl(release, &mut column.ttl)
}

/// [`ttl`] of every column a batch's mutation writes (a column, or the
/// columns of a super column).
pub fn mutation_ttls(release: Option<&Release>, m: &mut t::Mutation) -> Result<(), ApiError> {
    if !does(release, Behaviour::TtlZeroIsNone) {
        return Ok(());
    }
    let Some(cosc) = m.column_or_supercolumn.as_mut() else {
        return Ok(());
    };
    if let Some(c) = cosc.column.as_mut() {
        ttl(release, &mut c.ttl)?;
    }
    if let Some(sc) = cosc.super_column.as_mut() {
        for c in &mut sc.columns {
            ttl(release, &mut c.ttl)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(ttl: Option<i32>) -> t::Column {
        t::Column {
            name: b"c".to_vec(),
            value: Some(b"v".to_vec()),
            timestamp: Some(1),
            ttl,
        }
    }

    #[test]
    fn ttl_zero_is_no_ttl_from_3_11() {
        let r = Release::find("3.11.10");
        let mut c = col(Some(0));
        column_ttl(r, &mut c).unwrap();
        assert_eq!(c.ttl, None);
        let mut c = col(Some(-5));
        let e = column_ttl(r, &mut c).unwrap_err();
        assert!(
            e.to_string().contains("ttl must be greater or equal to 0"),
            "{e}"
        );
        let mut c = col(Some(5));
        column_ttl(r, &mut c).unwrap();
        assert_eq!(c.ttl, Some(5));
    }

    #[test]
    fn earlier_releases_keep_the_ttl_for_the_shared_check() {
        for v in ["3.0.24", "2.2.19", "1.2.19"] {
            let mut c = col(Some(0));
            column_ttl(Release::find(v), &mut c).unwrap();
            assert_eq!(c.ttl, Some(0), "{v}");
        }
        let mut c = col(Some(0));
        column_ttl(None, &mut c).unwrap();
        assert_eq!(c.ttl, Some(0));
    }
}
