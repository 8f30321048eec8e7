//! `get_multi_slice` (2.1 on): the union of several slices of one row, each
//! slice's bounds checked in order as `CassandraServer.get_multi_slice` did
//! (2.1, 2.2: bounds both given; 3.x: every bound, an empty one the
//! smallest start or the greatest finish, and a reversed request then
//! failed on the server, its `Slice.make(finish, start)` asserting its first
//! bound was a start).

use super::check_read;
use crate::model::Slice;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::thrift::api19::convert::{slice_command, thriftify};
use crate::thrift::api19::validation as v;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use std::cmp::Ordering;

/// The union of several slices of one row, in traversal order, at most `count` columns.
pub fn get_multi_slice(
    node: &Node,
    ks: &str,
    req: &t::MultiSliceRequest,
) -> ApiResult<Vec<t::ColumnOrSuperColumn>> {
    // `request.getColumn_parent().column_family` was the first thing read:
    // without a parent the server failed (a NullPointerException) and the
    // connection closed; a missing key met `validateKey`, after the slices.
    let parent = req.column_parent.clone().ok_or_else(|| {
        ApiError::Dropped("get_multi_slice without a column_parent failed on the server".into())
    })?;
    let key = req.key.clone().unwrap_or_default();
    let cf = v::validate_read_cf(&node.schema(), ks, &parent.column_family)?;
    if cf.is_super() {
        return Err(ApiError::invalid(
            "get_multi_slice does not support super columns",
        ));
    }
    v::validate_column_parent(
        &cf,
        &parent,
        crate::thrift::api19::release::checks(node.release),
    )?;
    let reversed = req.reversed.unwrap_or(false);
    // A negative count was never checked: 2.1 and 2.2's slice filter was
    // done before its first column (the row came back empty); 3.x's read
    // failed on it once the slices were checked, when there were any (below).
    let count = req.count.unwrap_or(1000);
    // The level is checked before the slices (`validateForRead`).
    check_read(
        node,
        ks,
        req.consistency_level.unwrap_or(ConsistencyLevel::ONE),
    )?;
    // `request.getColumn_slices().size()`: a request without the list
    // failed on the server (a NullPointerException), the connection closed.
    let slices = req.column_slices.clone().ok_or_else(|| {
        ApiError::Dropped("get_multi_slice without column_slices failed on the server".into())
    })?;
    let bounds_of_3x = node
        .release
        .is_some_and(|r| r.does(Behaviour::MultiSliceBoundsOf3x));
    for (i, s) in slices.iter().enumerate() {
        let (start, finish) = (
            s.start.clone().unwrap_or_default(),
            s.finish.clone().unwrap_or_default(),
        );
        // 2.1 and 2.2 read each bound into a composite without checking it
        // against the comparator (no `validateRange`); 3.x decoded it into a
        // clustering (`LegacyLayout.decodeSliceBound`), which failed on the
        // server for a bound the comparator does not take: the connection
        // closed.
        if bounds_of_3x {
            v::validate_bounds(
                &cf,
                parent.super_column.as_deref(),
                &start,
                &finish,
                crate::thrift::api19::release::checks(node.release),
            )
            .map_err(|e| {
                ApiError::Dropped(format!("3.x's decoding of a slice bound failed: {e}"))
            })?;
        }
        slice_order(&cf, i, &start, &finish, reversed, bounds_of_3x)?;
    }
    if bounds_of_3x && count < 0 && !slices.is_empty() {
        // The read's limits of a negative count (`getLimits(1, false,
        // count)`); a request of no slices read nothing.
        return Err(ApiError::Dropped(
            "3.x's limits of a negative get_multi_slice count failed".into(),
        ));
    }
    v::validate_key(
        &cf,
        &key,
        crate::thrift::api19::release::checks(node.release),
    )?;
    let limit = usize::try_from(count).unwrap_or(0);
    let now = node.now();
    let mut all = Vec::new();
    for s in &slices {
        let slice = Slice::Range {
            start: s.start.clone().unwrap_or_default(),
            finish: s.finish.clone().unwrap_or_default(),
            reversed,
            count: limit,
        };
        let row = node.read(&slice_command(ks, &parent, slice), &key)?;
        all.extend(thriftify(&row, now, cf.is_counter()));
    }
    let cmp = match (&parent.super_column, &cf.subcomparator) {
        (Some(_), Some(sub)) => sub.clone(),
        _ => cf.comparator.clone(),
    };
    all.sort_by(|a, b| {
        let o = cmp.compare(name_of(a), name_of(b));
        if reversed {
            o.reverse()
        } else {
            o
        }
    });
    all.dedup_by(|a, b| cmp.compare(name_of(a), name_of(b)) == Ordering::Equal);
    all.truncate(limit);
    Ok(all)
}

/// Slice `i`'s bounds as the release checked them: out of the request's
/// order, refused; with 3.x's rules (`bounds_of_3x`) a reversed slice in
/// order failed on the server.
fn slice_order(
    cf: &CfDef,
    i: usize,
    start: &[u8],
    finish: &[u8],
    reversed: bool,
    bounds_of_3x: bool,
) -> ApiResult<()> {
    let order = match (start.is_empty(), finish.is_empty()) {
        (false, false) => match cf.comparator.compare(start, finish) {
            // A start bound sorts before the end bound of one clustering.
            Ordering::Equal if bounds_of_3x => Ordering::Less,
            o => o,
        },
        // An empty start is the bottom, an empty finish the top.
        _ if bounds_of_3x => Ordering::Less,
        _ => return Ok(()),
    };
    if !reversed && order == Ordering::Greater {
        return Err(ApiError::invalid(format!(
            "Column slice at index {i} had start greater than finish"
        )));
    }
    if reversed && order == Ordering::Less {
        return Err(ApiError::invalid(format!(
            "Reversed column slice at index {i} had start less than finish"
        )));
    }
    if reversed && bounds_of_3x {
        return Err(ApiError::Dropped(
            "3.x's Slice.make of a reversed multi slice asserted".into(),
        ));
    }
    Ok(())
}

fn name_of(c: &t::ColumnOrSuperColumn) -> &[u8] {
    if let Some(col) = &c.column {
        return &col.name;
    }
    if let Some(sc) = &c.super_column {
        return &sc.name;
    }
    if let Some(cc) = &c.counter_column {
        return &cc.name;
    }
    c.counter_super_column.as_ref().map_or(&[], |s| &s.name)
}

#[cfg(test)]
mod tests {
    use super::slice_order;
    use crate::marshal::parse_type;
    use crate::schema::CfDef;
    use crate::thrift::error::ApiError;

    fn check(start: &[u8], finish: &[u8], reversed: bool, of_3x: bool) -> Option<String> {
        let cf = CfDef::new("ks", "L", 1000, parse_type("LongType").unwrap(), None);
        match slice_order(&cf, 0, start, finish, reversed, of_3x) {
            Ok(()) => None,
            Err(ApiError::InvalidRequest(why)) => Some(why),
            Err(e) => Some(format!("{e:?}").split('(').next().unwrap().to_string()),
        }
    }

    #[test]
    fn bounds_are_checked_as_each_release_did() {
        let (two, nine) = (2i64.to_be_bytes(), 9i64.to_be_bytes());
        let greater = "Column slice at index 0 had start greater than finish";
        let less = "Reversed column slice at index 0 had start less than finish";
        for of_3x in [false, true] {
            assert_eq!(check(&nine, &two, false, of_3x).as_deref(), Some(greater));
            assert_eq!(check(&two, &nine, true, of_3x).as_deref(), Some(less));
            assert_eq!(check(&two, &nine, false, of_3x), None);
        }
        // 2.1/2.2 left an empty bound unchecked and read reversed slices.
        assert_eq!(check(b"", &nine, true, false), None);
        assert_eq!(check(&nine, &two, true, false), None);
        // 3.x: an empty bound is the bottom or the top, one clustering a
        // start before an end, and a reversed slice in order fails.
        assert_eq!(check(b"", &nine, true, true).as_deref(), Some(less));
        assert_eq!(check(&two, &two, true, true).as_deref(), Some(less));
        assert_eq!(check(&nine, &two, true, true).as_deref(), Some("Dropped"));
    }
}
