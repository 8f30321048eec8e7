//! Tests of `slices`: a tuple slice over clustering columns of mixed order
//! read as its pieces, in comparator order, from 2.2.6.

use super::build_slices;
use crate::cql::ast::{Operator, Statement};
use crate::cql::table::Table;
use crate::cql::{parse_with, Grammar};
use crate::model::Slice;

fn table(order: &str) -> Table {
    let ct = format!(
        "CREATE TABLE t (k int, a int, b int, c int, v int, PRIMARY KEY (k, a, b, c)) \
         WITH CLUSTERING ORDER BY ({order})"
    );
    let Statement::CreateTable(ct) = parse_with(&ct, Grammar::WithStatics).unwrap().statement
    else {
        panic!("not a CREATE TABLE")
    };
    Table::from_create("ks", &ct).unwrap()
}

fn tuple(v: &[i32]) -> Vec<Vec<u8>> {
    v.iter().map(|n| n.to_be_bytes().to_vec()).collect()
}

fn starts(slices: &[Slice]) -> Vec<Vec<u8>> {
    slices
        .iter()
        .map(|s| match s {
            Slice::Range { start, .. } => start.clone(),
            other => panic!("not a range: {other:?}"),
        })
        .collect()
}

#[test]
fn the_pieces_are_read_in_comparator_order_and_only_from_2_2_6() {
    // Recorded: conformance/releases/2.2.19/rel_tuplemixedorder.json.
    let t = table("a DESC, b ASC, c ASC");
    let range = (0, vec![(Operator::Gt, tuple(&[2, 4]))]);
    let old = build_slices(&t, &[vec![]], Some(&range), false, false, false).unwrap();
    assert_eq!(old.len(), 1, "one slice of the comparator before 2.2.6");
    let new = build_slices(&t, &[vec![]], Some(&range), false, false, true).unwrap();
    assert_eq!(new.len(), 2, "a > 2, then a = 2 and b > 4");
    let comparator = t.comparator_type();
    let s = starts(&new);
    assert!(s[0].is_empty(), "a > 2 comes first where a is DESC");
    assert!(!s[1].is_empty());
    // Reversed (ORDER BY a ASC): the same pieces, last first.
    let rev = build_slices(&t, &[vec![]], Some(&range), true, false, true).unwrap();
    assert_eq!(rev.len(), 2);
    match (&rev[0], &new[1]) {
        (Slice::Range { finish, .. }, Slice::Range { start, .. }) => {
            assert_eq!(comparator.compare(finish, start), std::cmp::Ordering::Equal)
        }
        _ => panic!("ranges"),
    }
}
