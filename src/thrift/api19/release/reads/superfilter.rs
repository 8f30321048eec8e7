//! 1.1 to 2.0's `row_filter` of a range scan over a Super column family.
//! In 1.1 and 1.2 its checks passed, then the scan read each row of the
//! range by the call's predicate alone, and judged it by the filter's
//! expressions:
//! - a row whose read found no super column (and no deletion of the row
//!   within gc_grace) came without a column family, and the filter failed
//!   on it (the read failed on the server);
//! - else the first expression's super column (a slice fetched it besides,
//!   a names predicate only if it asked for it) was missing, and the row
//!   was left out; or held, and the filter failed asking it for a value.
//!
//! So no row ever matched: the scan answered nothing, or failed. At ONE
//! 1.1's single node read its own range in the client's thread (the
//! connection closed); at any other level, and in 1.2 at every level (its
//! `LocalRangeSliceRunnable` ran on the read stage), the coordinator waited
//! in vain (TimedOutException). A super column counts in a row while
//! anything of it is newer than the row's deletion and not yet collectable
//! (its own deletion too, within gc_grace). 2.0 stored a Super column
//! family under a composite comparator, and `ExtendedFilter`'s extra filter
//! asserted that no such family was scanned by a filter: the first row the
//! scan met (a range ghost too) failed it, and the call timed out; a range
//! without a row answered nothing. This module answers nothing else, and
//! nothing without that behaviour.

use crate::model::{Cell, CellKind, DeletionTime, ReadCommand, Slice};
use crate::node::{Acknowledged, Node};
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::thrift::api19::scan::scan;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use std::cmp::Ordering;

/// The failure of a 1.1 scan of `cf` (read by `cmd`, bounded by `range`,
/// filtered by `filter`) that met a row it failed on; `Ok(true)` where 1.1
/// answered no row at all, `Ok(false)` where the release behaved
/// otherwise (the caller filters).
pub fn check(
    node: &Node,
    cf: &CfDef,
    cmd: &ReadCommand,
    range: &t::KeyRange,
    filter: &[t::IndexExpression],
    cl: ConsistencyLevel,
) -> ApiResult<bool> {
    let Some(release) = node.release.filter(|_| cf.is_super()) else {
        return Ok(false);
    };
    let timed_out = || {
        Err(ApiError::TimedOut(Acknowledged {
            by: None,
            by_batchlog: None,
        }))
    };
    if release.does(Behaviour::RowFilterOfSuperAsserted) {
        let whole = ReadCommand {
            super_column: None,
            slice: Slice::first(1),
            ..cmd.clone()
        };
        return match scan(node, &whole, range, 1)?.is_empty() {
            true => Ok(true),
            false => timed_out(),
        };
    }
    let applies = release.does(Behaviour::RowFilterOfSuperFailsOnRead);
    let Some(first) = filter.first().filter(|_| applies) else {
        return Ok(false);
    };
    let whole = ReadCommand {
        super_column: None,
        slice: Slice::first(usize::MAX),
        ..cmd.clone()
    };
    let gc_before = node.now().saturating_sub(cf.gc_grace_seconds);
    let mut fails = false;
    for (key, _) in scan(node, &whole, range, usize::MAX)? {
        let Some(stored) = node.stored_partition(&cf.keyspace, &cf.name, &key, b"", usize::MAX)?
        else {
            continue;
        };
        let supers: Vec<_> = stored.super_columns().collect();
        fails = fails_on(
            cf,
            &cmd.slice,
            &first.column_name,
            (stored.deletion, &supers),
            gc_before,
        );
        if fails {
            break;
        }
    }
    match (fails, cl) {
        (false, _) => Ok(true),
        (true, ConsistencyLevel::ONE) if !release.at_least(1, 2) => Err(ApiError::Dropped(
            format!("a row_filter of the Super column family {}", cf.name),
        )),
        (true, _) => timed_out(),
    }
}

/// A super column as the scan read it: its name, its own deletion and its
/// sub-columns.
type SuperColumn<'a> = (&'a [u8], DeletionTime, &'a [Cell]);

/// Whether the filter failed on a row (its deletion and its super columns:
/// name, own deletion, sub-columns), read by `slice`, its first expression
/// naming `first`.
fn fails_on(
    cf: &CfDef,
    slice: &Slice,
    first: &[u8],
    (row, supers): (DeletionTime, &[SuperColumn<'_>]),
    gc_before: i32,
) -> bool {
    let cmp = |a: &[u8], b: &[u8]| cf.comparator.compare(a, b);
    // The row's super columns still in it, in comparator order.
    let present: Vec<&[u8]> = supers
        .iter()
        .filter(|(_, deletion, cells)| relevant(row, *deletion, cells, gc_before))
        .map(|(name, _, _)| *name)
        .collect();
    let read: Vec<&[u8]> = match slice {
        Slice::Names(names) => present
            .iter()
            .copied()
            .filter(|p| names.iter().any(|n| cmp(p, n) == Ordering::Equal))
            .collect(),
        Slice::Range {
            start,
            finish,
            reversed,
            count,
        } => {
            let (low, high) = match reversed {
                true => (finish, start),
                false => (start, finish),
            };
            let within = |p: &&[u8]| {
                (low.is_empty() || cmp(p, low) != Ordering::Less)
                    && (high.is_empty() || cmp(p, high) != Ordering::Greater)
            };
            let mut inside: Vec<&[u8]> = present.iter().copied().filter(within).collect();
            if *reversed {
                inside.reverse();
            }
            inside.truncate(*count);
            inside
        }
    };
    let row_deleted = !row.is_live() && row.local_deletion_time > gc_before;
    if read.is_empty() {
        return !row_deleted;
    }
    let holds = |names: &[&[u8]]| names.iter().any(|n| cmp(n, first) == Ordering::Equal);
    match slice {
        // A slice missing the expression's column read it besides.
        Slice::Range { .. } => holds(&present),
        Slice::Names(_) => holds(&read),
    }
}

/// Whether a super column was still in the row a scan read: its latest
/// change not yet collectable (its own deletion, or any sub-column, within
/// gc_grace) was newer than the row's deletion. A deleted super column
/// stays until gc_grace passes.
fn relevant(row: DeletionTime, own: DeletionTime, cells: &[Cell], gc_before: i32) -> bool {
    let own_change = (!own.is_live() && own.local_deletion_time >= gc_before)
        .then_some(own.marked_for_delete_at);
    let cell_changes = cells.iter().filter_map(|c| match c.kind {
        CellKind::Tombstone {
            local_deletion_time,
        } if local_deletion_time < gc_before => None,
        CellKind::Expiring {
            local_expiration_time,
            ..
        } if local_expiration_time < gc_before => None,
        _ => Some(c.timestamp),
    });
    own_change
        .into_iter()
        .chain(cell_changes)
        .max()
        .is_some_and(|latest| latest > row.marked_for_delete_at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Op, RowMutation};

    use crate::node::test_nodes::as_release as node_as;

    /// `check` of a scan of the whole ring of `CT.SupUTF8Long` read by
    /// `slice`, filtered by `birth` first.
    fn scan_birth(node: &Node, slice: Slice, cl: ConsistencyLevel) -> Result<bool, String> {
        let schema = node.schema();
        let cf = schema.cf("CT", "SupUTF8Long").unwrap();
        let e = |name: &[u8]| t::IndexExpression::new(name.to_vec(), t::IndexOperator::EQ, vec![]);
        let filter = vec![e(b"birth"), e(b"s1")];
        let range = t::KeyRange::new(Vec::new(), Vec::new(), None, None, 10, filter.clone());
        let cmd = ReadCommand {
            keyspace: "CT".into(),
            cf: cf.name.clone(),
            super_column: None,
            slice,
        };
        check(node, cf, &cmd, &range, &filter, cl).map_err(|e| format!("{e:?}"))
    }

    fn slice(count: usize) -> Slice {
        Slice::Range {
            start: Vec::new(),
            finish: Vec::new(),
            reversed: false,
            count,
        }
    }

    fn names(names: &[&str]) -> Slice {
        Slice::Names(names.iter().map(|n| n.as_bytes().to_vec()).collect())
    }

    fn write(node: &Node, key: &[u8], op: Op) {
        node.apply(&RowMutation {
            keyspace: "CT".into(),
            key: key.to_vec(),
            updates: vec![("SupUTF8Long".into(), vec![op])],
        })
        .unwrap();
    }

    fn put(node: &Node, key: &[u8], sc: &[u8]) {
        let cell = Cell::live(1i64.to_be_bytes().to_vec(), b"v".to_vec(), 1);
        let super_column = Some(sc.to_vec());
        write(node, key, Op::Put { super_column, cell });
    }

    /// A deletion now (within gc_grace) of the super column `sc`, or of the row.
    fn remove_at(node: &Node, key: &[u8], sc: Option<&[u8]>, timestamp: i64) {
        let deletion = DeletionTime::new(timestamp, crate::node::now_seconds());
        write(
            node,
            key,
            match sc {
                Some(name) => Op::DeleteSuperColumn {
                    name: name.to_vec(),
                    deletion,
                },
                None => Op::DeleteRow(deletion),
            },
        );
    }

    #[test]
    fn a_row_read_empty_or_holding_the_first_expressions_column_fails_in_1_1() {
        let node = node_as("1.1.12");
        let one = ConsistencyLevel::ONE;
        put(&node, b"k", b"s1");
        put(&node, b"j", b"s1");
        // No row matched, whatever the later expression named.
        assert_eq!(scan_birth(&node, slice(100), one), Ok(true));
        assert_eq!(scan_birth(&node, names(&["s1"]), one), Ok(true));
        // A row whose read found nothing.
        let e = scan_birth(&node, names(&["zz"]), one).unwrap_err();
        assert!(e.contains("Dropped"), "{e}");
        put(&node, b"k2", b"birth");
        put(&node, b"k2", b"s1");
        // A slice fetched the expression's column besides, names did not.
        let e = scan_birth(&node, slice(1), one).unwrap_err();
        assert!(e.contains("Dropped"), "{e}");
        assert_eq!(scan_birth(&node, names(&["s1"]), one), Ok(true));
        let e = scan_birth(&node, slice(100), ConsistencyLevel::QUORUM).unwrap_err();
        assert!(e.contains("TimedOut"), "{e}");
        // A deleted super column stays in the row until gc_grace passes.
        remove_at(&node, b"k2", Some(b"birth"), 5);
        assert!(scan_birth(&node, slice(100), one).is_err());
        // A row deleted after it: read empty, but with a column family.
        remove_at(&node, b"k2", None, 10);
        assert_eq!(scan_birth(&node, slice(100), one), Ok(true));
    }

    #[test]
    fn a_failing_row_times_out_at_one_in_1_2() {
        let node = node_as("1.2.9");
        let one = ConsistencyLevel::ONE;
        assert_eq!(scan_birth(&node, names(&["zz"]), one), Ok(true));
        put(&node, b"k", b"s1");
        assert_eq!(scan_birth(&node, slice(100), one), Ok(true));
        assert_eq!(scan_birth(&node, names(&["s1"]), one), Ok(true));
        let e = scan_birth(&node, names(&["zz"]), one).unwrap_err();
        assert!(e.contains("TimedOut"), "{e}");
        let e = scan_birth(&node, slice(0), one).unwrap_err();
        assert!(e.contains("TimedOut"), "{e}");
    }

    #[test]
    fn any_row_in_the_range_times_out_in_2_0() {
        let node = node_as("2.0.17");
        let one = ConsistencyLevel::ONE;
        assert_eq!(scan_birth(&node, names(&["zz"]), one), Ok(true));
        assert_eq!(scan_birth(&node, slice(100), one), Ok(true));
        // A deleted row is still met by the scan (a range ghost).
        remove_at(&node, b"k", None, 10);
        let e = scan_birth(&node, slice(100), one).unwrap_err();
        assert!(e.contains("TimedOut"), "{e}");
    }

    #[test]
    fn other_releases_filter_as_before() {
        for v in ["1.0.12", "2.1.22"] {
            let node = node_as(v);
            put(&node, b"k2", b"birth");
            let got = scan_birth(&node, slice(100), ConsistencyLevel::ONE);
            assert_eq!(got, Ok(false), "{v}");
        }
    }

    #[test]
    fn a_super_column_is_relevant_until_collectable_or_older_than_the_row_deletion() {
        let cell = |timestamp, kind| Cell {
            name: b"c".to_vec(),
            value: Vec::new(),
            timestamp,
            kind,
        };
        let deleted = |at, local| DeletionTime {
            marked_for_delete_at: at,
            local_deletion_time: local,
        };
        let live = DeletionTime::LIVE;
        assert!(relevant(live, live, &[cell(3, CellKind::Live)], 100));
        assert!(!relevant(
            deleted(5, 100),
            live,
            &[cell(3, CellKind::Live)],
            100
        ));
        assert!(relevant(deleted(5, 100), deleted(6, 100), &[], 100));
        assert!(!relevant(live, deleted(6, 99), &[], 100));
        let gone = CellKind::Tombstone {
            local_deletion_time: 99,
        };
        assert!(!relevant(live, live, &[cell(3, gone)], 100));
    }
}
