//! `get_count` by a `SliceRange` as 2.0 on counted it: the release checked
//! the column family and nothing else of the call (neither the parent's
//! super column nor the range, the key or whether the level suited a read),
//! then counted the row page by page (`QueryPagers.countPaged`). Only what
//! differs from the validated count of 1.2 lives here; the count itself is
//! the engine's; 3.x made the range's slice first and paged a count that
//! could not end (`of_3x`). Beside it, the levels 1.2.19 on stopped checking against
//! the keyspace's strategy (`level_as_checked`), and 2.0's refusal of a
//! multiget at a Paxos level (`serial_multiget`). It must not answer for a
//! predicate of column names (those went through `get_slice`'s checks in
//! every release), nor before 2.0.

use crate::marshal::{AbstractType, CompositeType, Dialect, TypeRef};
use crate::model::{RowRange, Slice};
use crate::node::Node;
use crate::release::{Behaviour, Refusal, Release};
use crate::thrift::api19::convert::slice_command;
use crate::thrift::api19::validation as v;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use std::cmp::Ordering;

/// The count 2.0 on answered for `predicate` without checking it, or
/// `None` where the call is checked as `get_slice` checks it (before 2.0,
/// without a release, or for column names).
pub fn unvalidated(
    node: &Node,
    ks: &str,
    key: &[u8],
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    cl: ConsistencyLevel,
) -> Option<ApiResult<i32>> {
    let release = node.release.filter(|r| r.at_least(2, 0))?;
    if predicate.column_names.is_some() {
        return None;
    }
    if release.does(Behaviour::CountSliceChecked) {
        return Some(of_3x(node, release, ks, key, parent, predicate, cl));
    }
    Some((|| {
        let schema = node.schema();
        let cf = v::validate_read_cf(&schema, ks, &parent.column_family)?;
        // A whole row when no range came (`Integer.MAX_VALUE` columns).
        let range = predicate
            .slice_range
            .clone()
            .unwrap_or_else(|| t::SliceRange::new(Vec::new(), Vec::new(), false, i32::MAX));
        // A count of none left QueryPagers.countPaged's pager exhausted
        // before its first read: nothing was asked of the replicas.
        if range.count == 0 {
            return Ok(0);
        }
        // The level was only asked whether enough replicas were alive.
        if let Some(ksdef) = schema.keyspace(ks) {
            v::check_available(ksdef, cl, node.engine().is_some())?;
        }
        paxos_of_empty_key(key, cl)?;
        // A Standard column family's filter had no super column to name.
        let super_column = parent.super_column.clone().filter(|_| cf.is_super());
        let comparator = match (&super_column, &cf.subcomparator) {
            (Some(_), Some(sub)) => sub.clone(),
            _ => cf.comparator.clone(),
        };
        let backwards = !range.start.is_empty()
            && !range.finish.is_empty()
            && if range.reversed {
                comparator.compare(&range.start, &range.finish) == Ordering::Less
            } else {
                comparator.compare(&range.start, &range.finish) == Ordering::Greater
            };
        let parent = t::ColumnParent::new(parent.column_family.clone(), super_column);
        if backwards {
            // 2.0's replica failed the read of a range running backwards
            // in a row it held, if only as tombstones (the row's sorted map
            // refused the sub-map)
            // and the coordinator waited for it in vain; a row it did not
            // hold counted 0. 2.1 found nothing.
            let whole = Slice::Range {
                start: Vec::new(),
                finish: Vec::new(),
                reversed: false,
                count: 1,
            };
            // Held: anything of the row, a deleted one's tombstones too
            // (a range scan's ghost).
            let held = || -> ApiResult<bool> {
                let row = RowRange::Keys {
                    start: key.to_vec(),
                    end: key.to_vec(),
                };
                Ok(!key.is_empty()
                    && !node
                        .read_range(&slice_command(ks, &parent, whole), &row, 1)?
                        .is_empty())
            };
            return if release.at_least(2, 1) || !held()? {
                Ok(0)
            } else {
                Err(ApiError::TimedOut(crate::node::Acknowledged {
                    by: None,
                    by_batchlog: None,
                }))
            };
        }
        // No row has an empty key, and a count of none counts nothing.
        let Ok(count) = usize::try_from(range.count) else {
            super::counttrim::check(
                node,
                &cf,
                parent.super_column.as_deref(),
                key,
                range.reversed,
            )?;
            return Ok(0);
        };
        if key.is_empty() || count == 0 {
            return Ok(0);
        }
        let slice = Slice::Range {
            start: range.start,
            finish: range.finish,
            reversed: range.reversed,
            count,
        };
        let n = node.count(&slice_command(ks, &parent, slice), key)?;
        Ok(i32::try_from(n).unwrap_or(i32::MAX))
    })())
}

/// A count at a Paxos level read through `StorageProxy.readWithPaxos`,
/// whose prepare of an empty key failed on the replica (no key may be empty
/// in `system.paxos`): the coordinator waited in vain (2.0 on).
fn paxos_of_empty_key(key: &[u8], cl: ConsistencyLevel) -> ApiResult<()> {
    let paxos = matches!(
        cl,
        ConsistencyLevel::SERIAL | ConsistencyLevel::LOCAL_SERIAL
    );
    if key.is_empty() && paxos {
        return Err(ApiError::TimedOut(crate::node::Acknowledged {
            by: None,
            by_batchlog: None,
        }));
    }
    Ok(())
}

/// `get_count` by a range (or none) as 3.0 and 3.11 counted it: the column
/// family checked, then the slice made (each bound decoded by the
/// comparator, a type of fixed size validating it, and the slice's order
/// asserted: a failure there closed the connection, whatever the row); a
/// super column named of a Super column family sliced its sub-columns
/// instead, unchecked. A count of 0 read nothing; the first page's read
/// asked whether enough replicas lived; a negative count paged without
/// end.
fn of_3x(
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
    if let Some(ksdef) = schema.keyspace(ks) {
        v::check_available(ksdef, cl, node.engine().is_some())?;
    }
    paxos_of_empty_key(key, cl)?;
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
    let n = node.count(&cmd, key)?;
    Ok(i32::try_from(n).unwrap_or(i32::MAX))
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

/// A multiget at a Paxos level: from 2.0 the read of several rows was
/// refused once every check had passed (`StorageProxy.readWithPaxos` took
/// one row's command only).
pub fn serial_multiget(node: &Node, keys: usize, cl: ConsistencyLevel) -> ApiResult<()> {
    let paxos = matches!(
        cl,
        ConsistencyLevel::SERIAL | ConsistencyLevel::LOCAL_SERIAL
    );
    let Some(release) = node.release.filter(|r| r.at_least(2, 0)) else {
        return Ok(());
    };
    if paxos && keys > 1 {
        return Err(ApiError::invalid(
            release.wording(Refusal::SerialMultiget).unwrap_or(
                "SERIAL/LOCAL_SERIAL consistency may only be requested for one row at a time",
            ),
        ));
    }
    Ok(())
}

/// The level whose checks `cl` got: from 1.2.19 a local or each-DC
/// quorum no longer required a NetworkTopologyStrategy keyspace (only a
/// conditional update's commit did), so it is checked as the quorum it
/// then was. From 1.2 (`ConsistencyLevel.validateForRead`) an EACH_QUORUM
/// read is refused before the keyspace's strategy is asked; 1.1 asked the
/// strategy first.
pub fn level_as_checked(
    node: &Node,
    cl: ConsistencyLevel,
    access: v::Access,
) -> ApiResult<ConsistencyLevel> {
    let any_strategy = node
        .release
        .is_some_and(|r| r.does(Behaviour::QuorumsOfAnyStrategy));
    let reads_refused_first = node
        .release
        .is_none_or(|r| r.at_least(1, 2) && !r.does(Behaviour::EachQuorumReads));
    Ok(match cl {
        ConsistencyLevel::LOCAL_QUORUM if any_strategy => ConsistencyLevel::QUORUM,
        ConsistencyLevel::EACH_QUORUM if reads_refused_first && access == v::Access::Read => {
            return Err(ApiError::invalid(
                "EACH_QUORUM ConsistencyLevel is only supported for writes",
            ))
        }
        ConsistencyLevel::EACH_QUORUM if any_strategy => ConsistencyLevel::QUORUM,
        _ => cl,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::node::test_nodes::as_release as node_as;

    fn range(start: &str, finish: &str, reversed: bool, count: i32) -> t::SlicePredicate {
        t::SlicePredicate::new(
            None::<Vec<Vec<u8>>>,
            t::SliceRange::new(start.into(), finish.into(), reversed, count),
        )
    }

    fn first_cf(node: &Node) -> (String, String) {
        let schema = node.schema();
        let ks = schema.user_keyspaces().next().unwrap();
        let cf = ks
            .cfs
            .values()
            .find(|cf| !cf.is_super() && !cf.is_counter())
            .unwrap();
        (ks.name.clone(), cf.name.clone())
    }

    #[test]
    fn releases_before_2_0_and_names_are_checked_as_get_slice() {
        let node = node_as("1.2.19");
        let (ks, cf) = first_cf(&node);
        let parent = t::ColumnParent::new(cf.clone(), None);
        let one = ConsistencyLevel::ONE;
        assert!(unvalidated(&node, &ks, b"k", &parent, &range("", "", false, 1), one).is_none());
        assert_eq!(
            level_as_checked(
                &node_as("1.2.9"),
                ConsistencyLevel::LOCAL_QUORUM,
                v::Access::Read
            )
            .unwrap(),
            ConsistencyLevel::LOCAL_QUORUM
        );
        let node = node_as("2.0.17");
        let names = t::SlicePredicate::new(Some(vec![b"a".to_vec()]), None::<t::SliceRange>);
        assert!(unvalidated(&node, &ks, b"k", &parent, &names, one).is_none());
    }

    #[test]
    fn what_1_2_refused_is_counted_from_2_0() {
        for v in ["2.0.17", "2.1.22", "2.2.19"] {
            let node = node_as(v);
            let (ks, cf) = first_cf(&node);
            let count = |key: &[u8], sc: Option<&str>, p: t::SlicePredicate, cl| {
                let parent = t::ColumnParent::new(cf.clone(), sc.map(|s| s.as_bytes().to_vec()));
                unvalidated(&node, &ks, key, &parent, &p, cl).unwrap()
            };
            let one = ConsistencyLevel::ONE;
            assert_eq!(count(b"", None, range("", "", false, 5), one).unwrap(), 0);
            assert_eq!(count(b"k", None, range("", "", false, -1), one).unwrap(), 0);
            assert!(count(b"k", Some("sc"), range("", "", false, 5), one).is_ok());
            let none = t::SlicePredicate::new(None::<Vec<Vec<u8>>>, None::<t::SliceRange>);
            assert!(count(b"k", None, none, ConsistencyLevel::ANY).is_ok());
            assert!(matches!(
                count(b"k", None, range("", "", false, 5), ConsistencyLevel::THREE),
                Err(ApiError::Unavailable)
            ));
            // A count of none asked no replica; an empty key at a Paxos level timed out.
            let none_at_three = count(b"k", None, range("", "", false, 0), ConsistencyLevel::THREE);
            assert_eq!(none_at_three.unwrap(), 0);
            let serial = count(b"", None, range("", "", false, 5), ConsistencyLevel::SERIAL);
            assert!(matches!(serial, Err(ApiError::TimedOut(_))), "{v}");
            // A row the node does not hold counts 0 backwards; one it
            // holds timed out in 2.0 and counted 0 from 2.1.
            let backwards = |key: &[u8]| count(key, None, range("c", "a", false, 5), one);
            assert_eq!(backwards(b"k").unwrap(), 0);
            let cell = crate::model::Cell::live(b"b".to_vec(), b"v".to_vec(), 1);
            node.apply(&crate::model::RowMutation {
                keyspace: ks.clone(),
                key: b"held".to_vec(),
                updates: vec![(
                    cf.clone(),
                    vec![crate::model::Op::Put {
                        super_column: None,
                        cell,
                    }],
                )],
            })
            .unwrap();
            // A deleted row is held too, as its tombstone.
            node.apply(&crate::model::RowMutation {
                keyspace: ks.clone(),
                key: b"deleted".to_vec(),
                updates: vec![(
                    cf.clone(),
                    vec![crate::model::Op::DeleteRow(
                        crate::model::DeletionTime::new(5, 1),
                    )],
                )],
            })
            .unwrap();
            for key in [&b"held"[..], b"deleted"] {
                if v == "2.0.17" {
                    assert!(matches!(backwards(key), Err(ApiError::TimedOut(_))));
                } else {
                    assert_eq!(backwards(key).unwrap(), 0);
                }
            }
            assert_eq!(
                level_as_checked(&node, ConsistencyLevel::LOCAL_QUORUM, v::Access::Read).unwrap(),
                ConsistencyLevel::QUORUM
            );
            assert!(
                level_as_checked(&node, ConsistencyLevel::EACH_QUORUM, v::Access::Read).is_err()
            );
            let parent = t::ColumnParent::new("NoSuchCf".to_string(), None);
            let missing = unvalidated(&node, &ks, b"k", &parent, &range("", "", false, 5), one);
            assert!(matches!(missing, Some(Err(ApiError::InvalidRequest(_)))));
        }
    }

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
                unvalidated(&node, "CT", key, &parent, &p, cl).unwrap()
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

    /// 1.2.9 refused an EACH_QUORUM read before asking the strategy (its
    /// recorded `rel_levels`), 1.1 asked the strategy first.
    #[test]
    fn an_each_quorum_read_is_refused_first_from_1_2() {
        for (v, first) in [("1.1.12", false), ("1.2.9", true), ("1.2.19", true)] {
            let node = node_as(v);
            let read = level_as_checked(&node, ConsistencyLevel::EACH_QUORUM, v::Access::Read);
            assert_eq!(read.is_err(), first, "{v}");
            let write = level_as_checked(&node, ConsistencyLevel::EACH_QUORUM, v::Access::Write);
            assert!(write.is_ok(), "{v}");
        }
    }
}
