//! Unit tests of `Row` (a file of their own so `row/mod.rs` stays short).

use super::*;
use crate::marshal::BytesType;
use std::sync::Arc;

fn cmp() -> TypeRef {
    Arc::new(BytesType)
}

fn row_with(cells: Vec<Cell>, deletion: DeletionTime) -> Row {
    let mut r = Row {
        deletion,
        ..Row::default()
    };
    for c in cells {
        r.merge_entry(Entry::Cell(c), &cmp());
    }
    r
}

#[test]
fn purge_keeps_tombstones_until_gc_and_drops_shadowed_data_at_once() {
    let r = row_with(
        vec![
            Cell::live(b"a".to_vec(), vec![], 5),
            Cell::tombstone(b"b".to_vec(), 20, 100),
            Cell::live(b"c".to_vec(), vec![], 30),
        ],
        DeletionTime::new(10, 100),
    );
    // Minor compaction: only the shadowed cell goes.
    let kept = purge(r.clone(), &cmp(), 1000, None, RangeJudging::Covering).unwrap();
    assert_eq!(kept.entries.len(), 2);
    assert_eq!(kept.deletion, DeletionTime::new(10, 100));
    // gc_before before the deletion: same.
    assert_eq!(
        purge(r.clone(), &cmp(), 1000, Some(99), RangeJudging::Covering)
            .unwrap()
            .entries
            .len(),
        2
    );
    // At or after: the tombstone goes; the row marker stays over live data.
    let kept = purge(r, &cmp(), 1000, Some(100), RangeJudging::Covering).unwrap();
    assert_eq!(kept.entries.len(), 1);
    assert_eq!(kept.deletion, DeletionTime::new(10, 100));
}

#[test]
fn purge_drops_empty_rows_and_super_columns_only_when_their_marker_is_gone() {
    let deleted = row_with(
        vec![Cell::live(b"a".to_vec(), vec![], 5)],
        DeletionTime::new(10, 100),
    );
    assert!(
        purge(deleted.clone(), &cmp(), 1000, None, RangeJudging::Covering).is_some(),
        "a ghost within gc grace"
    );
    assert!(purge(deleted, &cmp(), 1000, Some(100), RangeJudging::Covering).is_none());

    let mut r = Row::default();
    let mut s = StoredSuper::new(b"s".to_vec());
    s.deletion = DeletionTime::new(10, 100);
    s.merge_cell(Cell::live(b"x".to_vec(), vec![], 5), &cmp());
    r.merge_entry(Entry::Super(s), &cmp());
    let mut live_sc = StoredSuper::new(b"t".to_vec());
    live_sc.merge_cell(Cell::tombstone(b"y".to_vec(), 5, 100), &cmp());
    r.merge_entry(Entry::Super(live_sc), &cmp());
    let minor = purge(r.clone(), &cmp(), 1000, None, RangeJudging::Covering).unwrap();
    assert_eq!(
        minor.entries.len(),
        2,
        "deleted sc keeps its marker; t keeps its tombstone"
    );
    assert!(purge(r, &cmp(), 1000, Some(100), RangeJudging::Covering).is_none());

    // An undeleted super column emptied by a row tombstone goes at once.
    let mut r = Row {
        deletion: DeletionTime::new(10, 100),
        ..Row::default()
    };
    let mut s = StoredSuper::new(b"s".to_vec());
    s.merge_cell(Cell::live(b"x".to_vec(), vec![], 5), &cmp());
    r.merge_entry(Entry::Super(s), &cmp());
    let minor = purge(r, &cmp(), 1000, None, RangeJudging::Covering).unwrap();
    assert!(minor.entries.is_empty(), "only the row marker is left");
}

#[test]
fn expired_cells_become_tombstones_at_their_expiry() {
    let r = row_with(
        vec![Cell::expiring(b"a".to_vec(), b"v".to_vec(), 1, 10, 100)],
        DeletionTime::LIVE,
    );
    let Entry::Cell(c) = purge(r.clone(), &cmp(), 109, None, RangeJudging::Covering)
        .unwrap()
        .entries
        .into_values()
        .next()
        .unwrap()
    else {
        panic!()
    };
    assert!(c.is_live(109));
    let Entry::Cell(c) = purge(r.clone(), &cmp(), 110, None, RangeJudging::Covering)
        .unwrap()
        .entries
        .into_values()
        .next()
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(
        c.kind,
        crate::model::CellKind::Tombstone {
            local_deletion_time: 110
        }
    );
    assert!(c.value.is_empty());
    assert!(purge(r, &cmp(), 200, Some(110), RangeJudging::Covering).is_none());
}
