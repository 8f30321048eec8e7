//! Tests of `tuple_order`: the pieces of a tuple slice over columns of
//! mixed order hold exactly the tuples beyond its bound, each once.

use super::{pieces, Piece};
use crate::cql::ast::{Operator, Statement};
use crate::cql::table::Table;
use crate::cql::{parse_with, Grammar};

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

fn int(n: i32) -> Vec<u8> {
    n.to_be_bytes().to_vec()
}

fn tuple(v: &[i32]) -> Vec<Vec<u8>> {
    v.iter().map(|&n| int(n)).collect()
}

/// Whether (a, b, c) holds `op` against `bound` in tuple order.
fn holds(row: [i32; 3], op: Operator, bound: &[i32]) -> bool {
    let o = row[..bound.len()].cmp(bound);
    match op {
        Operator::Gt => o.is_gt(),
        Operator::Gte => o.is_ge(),
        Operator::Lt => o.is_lt(),
        _ => o.is_le(),
    }
}

/// Whether a piece (fixed values, then a range on the next column) holds
/// the row.
fn covers(row: [i32; 3], (fixed, range): &Piece) -> bool {
    let n = fixed.len();
    if (0..n).any(|i| int(row[i]) != fixed[i]) {
        return false;
    }
    let Some((at, ops)) = range else {
        return true;
    };
    assert_eq!(*at, n, "the range is on the column after the fixed ones");
    ops.iter().all(|(op, v)| {
        let x = i32::from_be_bytes(v[0].clone().try_into().unwrap());
        holds([row[n], 0, 0], *op, &[x])
    })
}

#[test]
fn mixed_order_pieces_hold_each_tuple_beyond_the_bound_once() {
    let t = table("a DESC, b ASC, c DESC");
    let cases: Vec<Vec<(Operator, Vec<i32>)>> = vec![
        vec![(Operator::Gt, vec![1, 1])],
        vec![(Operator::Gte, vec![1, 1, 1])],
        vec![(Operator::Lt, vec![1, 2])],
        vec![(Operator::Gt, vec![0, 1]), (Operator::Lt, vec![2, 1])],
        vec![
            (Operator::Gte, vec![1, 0, 2]),
            (Operator::Lte, vec![1, 2, 0]),
        ],
        vec![(Operator::Gt, vec![2, 2]), (Operator::Lt, vec![0, 0])],
    ];
    for bounds in cases {
        let given: Vec<(Operator, Vec<Vec<u8>>)> =
            bounds.iter().map(|(op, v)| (*op, tuple(v))).collect();
        let ps = pieces(&t, 0, &given).expect("mixed order");
        for a in 0..3 {
            for b in 0..3 {
                for c in 0..3 {
                    let row = [a, b, c];
                    let want = bounds.iter().all(|(op, v)| holds(row, *op, v));
                    let n = ps.iter().filter(|p| covers(row, p)).count();
                    assert_eq!(n, usize::from(want), "{row:?} against {bounds:?}");
                }
            }
        }
    }
}

#[test]
fn columns_of_one_order_are_one_slice() {
    let bound = [(Operator::Gt, tuple(&[1, 1]))];
    assert!(pieces(&table("a DESC, b DESC, c ASC"), 0, &bound).is_none());
    assert!(pieces(&table("a ASC, b ASC, c DESC"), 0, &bound).is_none());
    // A single column's bound is no tuple.
    let single = [(Operator::Gt, tuple(&[1]))];
    assert!(pieces(&table("a DESC, b ASC, c ASC"), 0, &single).is_none());
}
