//! The live views over the embedded engine as a `Backend` (its reads
//! answer live cells, as a cluster's do), against the engine's own stored
//! views where both must agree: with no deletions, a partition's live size
//! is its stored size. Tiny budgets make every path run (batches, rows
//! counted by slices, the slice cap, a partition view cut to fit).

use super::*;
use crate::model::{Cell, Op, RowMutation};
use crate::node::test_nodes::node_from_xml;
use crate::node::Node;
use crate::storage::stored_view::StoredItem;

fn node() -> Node {
    let xml = crate::config::testing::one_keyspace(
        "K",
        &[
            r#"<ColumnFamily Name="Std" CompareWith="UTF8Type"/>"#,
            r#"<ColumnFamily Name="Sup" ColumnType="Super" CompareWith="UTF8Type" CompareSubcolumnsWith="UTF8Type"/>"#,
        ],
        "Murmur3Partitioner",
        "",
    );
    node_from_xml(&xml, None).0
}

fn put(node: &Node, cf: &str, key: &str, sc: Option<&str>, name: &str, value: &str) {
    let cell = Cell::live(name.into(), value.into(), 10);
    let op = Op::Put {
        super_column: sc.map(|s| s.as_bytes().to_vec()),
        cell,
    };
    node.apply(&RowMutation {
        keyspace: "K".into(),
        key: key.into(),
        updates: vec![(cf.into(), vec![op])],
    })
    .unwrap();
}

/// 20 partitions of 1 to 20 cells in `Std`, 5 of 2 super columns in `Sup`.
fn loaded() -> Node {
    let node = node();
    for k in 0..20 {
        for c in 0..=k {
            put(
                &node,
                "Std",
                &format!("k{k}"),
                None,
                &format!("c{c:02}"),
                "v",
            );
        }
    }
    for k in 0..5 {
        for sc in ["a", "b"] {
            for c in 0..3 {
                put(
                    &node,
                    "Sup",
                    &format!("s{k}"),
                    Some(sc),
                    &format!("{c}"),
                    "xyz",
                );
            }
        }
    }
    node
}

const TINY: Budget = Budget {
    batch_rows: 3,
    row_bytes: 60,
    slice_items: 2,
    slice_bytes: 1000,
    max_slices: 100,
};

fn stored(node: &Node, cf: &str, after: Option<&[u8]>) -> Vec<PartitionSize> {
    let mut out = Vec::new();
    node.engine()
        .unwrap()
        .partition_sizes("K", cf, after, &mut |p| {
            out.push(p);
            true
        })
        .unwrap();
    out
}

fn live(node: &Node, cf: &str, after: Option<&[u8]>, budget: &Budget) -> Vec<PartitionSize> {
    let mut out = Vec::new();
    partition_sizes(&**node.backend(), "K", cf, after, budget, &mut |p| {
        out.push(p);
        true
    })
    .unwrap();
    out
}

#[test]
fn without_deletions_live_sizes_are_the_stored_ones_in_ring_order() {
    let node = loaded();
    for cf in ["Std", "Sup"] {
        let want = stored(&node, cf, None);
        assert!(want.len() >= 5);
        for budget in [Budget::DEFAULT, TINY] {
            assert_eq!(live(&node, cf, None, &budget), want, "{cf} {budget:?}");
        }
    }
    // Rows over `row_bytes` were counted by slices, not read whole.
    assert!(stored(&node, "Std", None).iter().any(|p| p.bytes > 60));
}

#[test]
fn a_page_after_a_key_is_the_rest_of_the_ring() {
    let node = loaded();
    let all = stored(&node, "Std", None);
    for i in [0, 4, 10, all.len() - 1] {
        let after = all[i].key.clone();
        let got = live(&node, "Std", Some(&after), &TINY);
        assert_eq!(got, all[i + 1..].to_vec(), "after {i}");
    }
}

#[test]
fn each_saying_stop_ends_the_listing() {
    let node = loaded();
    let mut seen = 0;
    partition_sizes(&**node.backend(), "K", "Std", None, &TINY, &mut |_| {
        seen += 1;
        seen < 7
    })
    .unwrap();
    assert_eq!(seen, 7);
}

#[test]
fn deleted_cells_and_rows_are_not_counted() {
    let node = loaded();
    let engine = node.engine().unwrap();
    let now = node.now();
    node.apply(&RowMutation {
        keyspace: "K".into(),
        key: "k3".into(),
        updates: vec![(
            "Std".into(),
            vec![Op::DeleteRow(DeletionTime::new(20, now))],
        )],
    })
    .unwrap();
    let gone = Cell::tombstone("c00".into(), 20, now);
    node.apply(&RowMutation {
        keyspace: "K".into(),
        key: "k5".into(),
        updates: vec![(
            "Std".into(),
            vec![Op::Put {
                super_column: None,
                cell: gone,
            }],
        )],
    })
    .unwrap();
    let b = node.backend();
    let d = Budget::DEFAULT;
    assert!(engine.partition_size("K", "Std", b"k3").unwrap().is_some());
    assert_eq!(partition_size(&**b, "K", "Std", b"k3", &d).unwrap(), None);
    let k5 = partition_size(&**b, "K", "Std", b"k5", &d)
        .unwrap()
        .unwrap();
    let stored5 = engine.partition_size("K", "Std", b"k5").unwrap().unwrap();
    assert_eq!((k5.cells, stored5.cells), (5, 6));
    let listed = live(&node, "Std", None, &TINY);
    assert!(listed.iter().all(|p| p.key != b"k3"));
    assert_eq!(listed.len(), 19);
    assert!(partition(&**b, "K", "Std", b"k3", &[], 10, &d)
        .unwrap()
        .is_none());
}

#[test]
fn a_row_past_the_slice_cap_is_a_partial_lower_bound() {
    let node = loaded();
    let capped = Budget {
        max_slices: 2,
        ..TINY
    };
    let b = node.backend();
    let p = partition_size(&**b, "K", "Std", b"k19", &capped)
        .unwrap()
        .unwrap();
    assert!(p.partial);
    // Two slices: 2 cells, then 2 more after the first slice's last.
    assert_eq!(p.cells, 4);
    let small = partition_size(&**b, "K", "Std", b"k0", &capped)
        .unwrap()
        .unwrap();
    assert!(!small.partial);
    assert_eq!(small.cells, 1);
    let listed = live(&node, "Std", None, &capped);
    assert!(listed.iter().any(|p| p.partial) && listed.iter().any(|p| !p.partial));
    assert_eq!(listed.len(), 20);
}

#[test]
fn one_partition_is_its_live_items_cut_to_the_limit_and_the_bytes() {
    let node = loaded();
    let b = node.backend();
    let d = Budget::DEFAULT;
    let whole = partition(&**b, "K", "Std", b"k4", &[], 100, &d)
        .unwrap()
        .unwrap();
    assert_eq!((whole.items.len(), whole.truncated), (5, false));
    assert_eq!(whole.token, node.schema().partitioner.token(b"k4"));
    let cut = partition(&**b, "K", "Std", b"k4", &[], 3, &d)
        .unwrap()
        .unwrap();
    assert_eq!((cut.items.len(), cut.truncated), (3, true));
    assert_eq!(cut.items[..], whole.items[..3]);
    // 5 cells of 3+1 bytes do not fit in 10: fewer are shown.
    let tight = Budget {
        slice_bytes: 10,
        ..d
    };
    let fit = partition(&**b, "K", "Std", b"k4", &[], 100, &tight)
        .unwrap()
        .unwrap();
    assert!(fit.truncated && !fit.items.is_empty() && fit.items.len() < 5);
    let none = Budget {
        slice_bytes: 1,
        ..d
    };
    assert!(partition(&**b, "K", "Std", b"k4", &[], 100, &none).is_err());
    let sup = partition(&**b, "K", "Sup", b"s1", &[], 100, &d)
        .unwrap()
        .unwrap();
    let names: Vec<_> = sup
        .items
        .iter()
        .map(|i| match i {
            StoredItem::Super { name, cells, .. } => (name.clone(), cells.len()),
            StoredItem::Cell(_) => panic!("a super CF answers super columns"),
        })
        .collect();
    assert_eq!(names, vec![(b"a".to_vec(), 3), (b"b".to_vec(), 3)]);
}
