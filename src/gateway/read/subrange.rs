//! A bounded range of one super column's sub-columns (a slice with a start
//! or a finish inside one super column), read as the whole super column
//! (`column1 = ?`) and cut here: Cassandra 3.11 itself fails on `column1 =
//! ? AND column2 >= ? AND column2 <= ?` for a super CF's table (the read
//! times out), while `column1 = ?` alone is served. The rows come page by
//! page in the slice's order and the read stops as soon as the range is
//! past or `count` is reached, so a range near the start of its traversal
//! reads little more than it returns.
//!
//! Only that read; an unbounded range and a names read go through
//! [`row`](super::row) as before. This module must not write.

use super::cells::{cell, Budget};
use crate::call::Consistency;
use crate::gateway::driver::error::GatewayResult;
use crate::gateway::driver::values::Bound;
use crate::gateway::session::statements::each_row;
use crate::gateway::session::Inner;
use crate::gateway::table::layout::Layout;
use crate::marshal::TypeRef;
use crate::model::{Cell, Slice};
use std::cmp::Ordering;

/// A sub-column range with a bound, as (start, finish, reversed, count);
/// `None` for any other slice.
pub fn bounded(slice: &Slice) -> Option<(&[u8], &[u8], bool, usize)> {
    match slice {
        Slice::Range {
            start,
            finish,
            reversed,
            count,
        } if !start.is_empty() || !finish.is_empty() => Some((start, finish, *reversed, *count)),
        _ => None,
    }
}

/// Where a sub-column stands against a bounded range, in the slice's order.
#[derive(Debug, PartialEq, Eq)]
pub enum Place {
    /// Before `start`: skipped.
    Before,
    Inside,
    /// After `finish`: the read ends.
    After,
}

/// Where `name` stands, `sub` being the subcomparator (so a `ReversedType`
/// is already in its own order) and `reversed` the slice's direction.
pub fn place(sub: &TypeRef, name: &[u8], start: &[u8], finish: &[u8], reversed: bool) -> Place {
    // "Earlier in traversal order" is "less" forwards, "greater" backwards.
    let earlier = if reversed {
        Ordering::Greater
    } else {
        Ordering::Less
    };
    if !start.is_empty() && sub.compare(name, start) == earlier {
        return Place::Before;
    }
    if !finish.is_empty() && sub.compare(finish, name) == earlier {
        return Place::After;
    }
    Place::Inside
}

/// The sub-columns of super column `sc` of row `key` in the range, cut
/// here (see the module comment).
#[allow(clippy::too_many_arguments)]
pub(super) async fn read(
    inner: &Inner,
    layout: &Layout,
    sub: &TypeRef,
    key: &[u8],
    sc: &[u8],
    (start, finish, reversed, count): (&[u8], &[u8], bool, usize),
    cl: Consistency,
    budget: &mut Budget,
    now: i32,
) -> GatewayResult<Vec<Cell>> {
    let mut out = Vec::new();
    if count == 0 {
        return Ok(out);
    }
    let what = if layout.counter {
        "column2, value"
    } else {
        "column2, value, writetime(value), ttl(value)"
    };
    let mut text = format!(
        "SELECT {what} FROM {} WHERE key = ? AND column1 = ?",
        layout.table
    );
    if reversed {
        // CQL orders by a clustering prefix, by value: a descending column's
        // reverse is ascending (as `row` orders a reversed sub-column read).
        let back = |desc: bool| if desc { "ASC" } else { "DESC" };
        text.push_str(&format!(
            " ORDER BY column1 {}, column2 {}",
            back(layout.desc("column1")),
            back(layout.desc("column2"))
        ));
    }
    let values = vec![Bound::Bytes(key.to_vec()), Bound::Bytes(sc.to_vec())];
    let mut failed = None;
    each_row(inner, &text, values, cl, |row| {
        let c = match cell(row, layout.counter, now) {
            Ok(c) => c,
            Err(e) => {
                failed = Some(e);
                return Ok(false);
            }
        };
        match place(sub, &c.name, start, finish, reversed) {
            Place::Before => Ok(true),
            Place::After => Ok(false),
            Place::Inside => {
                if !budget.spend(&c) {
                    return Ok(false);
                }
                out.push(c);
                Ok(out.len() < count)
            }
        }
    })
    .await?;
    match failed {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    #[test]
    fn a_range_is_cut_in_the_slices_order() {
        let long = parse_type("LongType").unwrap();
        let n = |v: i64| v.to_be_bytes().to_vec();
        let (s, f) = (n(2), n(4));
        let places: Vec<Place> = [1, 2, 3, 4, 5]
            .iter()
            .map(|v| place(&long, &n(*v), &s, &f, false))
            .collect();
        use Place::*;
        assert_eq!(places, [Before, Inside, Inside, Inside, After]);
        // Backwards: start is the high bound.
        let back: Vec<Place> = [5, 4, 3, 2, 1]
            .iter()
            .map(|v| place(&long, &n(*v), &f, &s, true))
            .collect();
        assert_eq!(back, [Before, Inside, Inside, Inside, After]);
        // An open bound never cuts.
        assert_eq!(place(&long, &n(9), &s, &[], false), Inside);
        assert_eq!(place(&long, &n(-9), &[], &f, false), Inside);
    }

    #[test]
    fn a_reversed_subcomparator_is_its_own_order() {
        let rev = parse_type("ReversedType(LongType)").unwrap();
        let n = |v: i64| v.to_be_bytes().to_vec();
        // Comparator order is 5, 4, 3, ...: a forward range from 4 to 2.
        assert_eq!(place(&rev, &n(5), &n(4), &n(2), false), Place::Before);
        assert_eq!(place(&rev, &n(3), &n(4), &n(2), false), Place::Inside);
        assert_eq!(place(&rev, &n(1), &n(4), &n(2), false), Place::After);
    }

    #[test]
    fn only_a_range_with_a_bound_is_cut_here() {
        let range = |s: &[u8], f: &[u8]| Slice::Range {
            start: s.to_vec(),
            finish: f.to_vec(),
            reversed: false,
            count: 10,
        };
        assert!(bounded(&range(b"", b"")).is_none());
        assert!(bounded(&range(b"a", b"")).is_some());
        assert!(bounded(&range(b"", b"z")).is_some());
        assert!(bounded(&Slice::Names(vec![b"a".to_vec()])).is_none());
    }
}
