//! `get_count` by a `SliceRange` as 2.0 on counted it: the release checked
//! the column family and nothing else of the call (neither the parent's
//! super column nor the range, the key or whether the level suited a read),
//! then counted the row page by page (`QueryPagers.countPaged`). Only what
//! differs from the validated count of 1.2 lives here; the count itself is
//! the engine's; 3.x made the range's slice first and paged a count that
//! could not end (`count3x`). Beside it, the levels 1.2.19 on stopped checking against
//! the keyspace's strategy (`level_as_checked`), and 2.0's refusal of a
//! multiget at a Paxos level (`serial_multiget`). It must not answer for a
//! predicate of column names (those went through `get_slice`'s checks in
//! every release), nor before 2.0.

use crate::model::{RowRange, Slice};
use crate::node::Node;
use crate::release::{Behaviour, Refusal};
use crate::thrift::api19::convert::slice_command;
use crate::thrift::api19::validation as v;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use std::cmp::Ordering;

/// The count 2.0 to 2.2 answered for `predicate` without checking it, or
/// `None` where the call is checked as `get_slice` checks it (before 2.0,
/// without a release, or for column names). 3.x's is `count3x`'s.
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
        replicas_asked(node, &schema, ks, key, cl)?;
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

/// What an unvalidated count asked of the replicas before reading: the
/// level only whether enough of them were alive, and a Paxos level's read
/// its prepare ([`paxos_of_empty_key`]).
pub(super) fn replicas_asked(
    node: &Node,
    schema: &crate::schema::Schema,
    ks: &str,
    key: &[u8],
    cl: ConsistencyLevel,
) -> ApiResult<()> {
    if let Some(ksdef) = schema.keyspace(ks) {
        let alone = node.engine().is_some();
        crate::thrift::api19::release::replicas::live_enough(node, ksdef, cl, alone)?;
    }
    paxos_of_empty_key(key, cl)
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

/// The level whose checks `cl` got on a keyspace of NetworkTopologyStrategy
/// (`nts`) or another: from 1.2.19 a local or each-DC quorum no longer
/// required a NetworkTopologyStrategy keyspace (only a conditional update's
/// commit did), so on another it is checked as the quorum it then was
/// (`localQuorumFor` fell back to `quorumFor`); on a NetworkTopologyStrategy
/// keyspace it stays a data center's quorum (`replicas::availability`
/// counts it). From 1.2 (`ConsistencyLevel.validateForRead`) an EACH_QUORUM
/// read is refused before the keyspace's strategy is asked; 1.1 asked the
/// strategy first.
pub fn level_as_checked(
    node: &Node,
    cl: ConsistencyLevel,
    access: v::Access,
    nts: bool,
) -> ApiResult<ConsistencyLevel> {
    let any_strategy = !nts
        && node
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
pub(super) mod tests {
    use super::*;

    use crate::node::test_nodes::as_release as node_as;

    pub(in crate::thrift::api19::release::reads) fn range(
        start: &str,
        finish: &str,
        reversed: bool,
        count: i32,
    ) -> t::SlicePredicate {
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
                v::Access::Read,
                false
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
                level_as_checked(
                    &node,
                    ConsistencyLevel::LOCAL_QUORUM,
                    v::Access::Read,
                    false
                )
                .unwrap(),
                ConsistencyLevel::QUORUM
            );
            // a NetworkTopologyStrategy keyspace keeps its data center's quorum
            assert_eq!(
                level_as_checked(
                    &node,
                    ConsistencyLevel::LOCAL_QUORUM,
                    v::Access::Write,
                    true
                )
                .unwrap(),
                ConsistencyLevel::LOCAL_QUORUM
            );
            assert!(
                level_as_checked(&node, ConsistencyLevel::EACH_QUORUM, v::Access::Read, false)
                    .is_err()
            );
            let parent = t::ColumnParent::new("NoSuchCf".to_string(), None);
            let missing = unvalidated(&node, &ks, b"k", &parent, &range("", "", false, 5), one);
            assert!(matches!(missing, Some(Err(ApiError::InvalidRequest(_)))));
        }
    }

    /// 1.2.9 refused an EACH_QUORUM read before asking the strategy (its
    /// recorded `rel_levels`), 1.1 asked the strategy first.
    #[test]
    fn an_each_quorum_read_is_refused_first_from_1_2() {
        for (v, first) in [("1.1.12", false), ("1.2.9", true), ("1.2.19", true)] {
            let node = node_as(v);
            let read =
                level_as_checked(&node, ConsistencyLevel::EACH_QUORUM, v::Access::Read, false);
            assert_eq!(read.is_err(), first, "{v}");
            let write = level_as_checked(
                &node,
                ConsistencyLevel::EACH_QUORUM,
                v::Access::Write,
                false,
            );
            assert!(write.is_ok(), "{v}");
        }
    }
}
