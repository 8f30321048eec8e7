//! 2.1's mutation row on the lists of `rel_batchtie`.

use super::reconcile;
use crate::marshal::parse_type;
use crate::model::{Cell, CellKind, Op};
use crate::release::Release;
use crate::schema::CfDef;

const NOW: i32 = 1_000;

fn put(name: &str, ttl: Option<i32>) -> Op {
    put_in(None, name, b"v", ttl)
}

fn put_in(sc: Option<&str>, name: &str, value: &[u8], ttl: Option<i32>) -> Op {
    let (n, v) = (name.as_bytes().to_vec(), value.to_vec());
    Op::Put {
        super_column: sc.map(|s| s.as_bytes().to_vec()),
        cell: match ttl {
            Some(t) => Cell::expiring(n, v, 5, t, NOW),
            None => Cell::live(n, v, 5),
        },
    }
}

/// Each put left: its super column, name and TTL.
fn kept(version: &str, cf: &CfDef, mut ops: Vec<Op>) -> Vec<(Option<String>, String, Option<i32>)> {
    reconcile(Release::find(version), cf, &mut ops);
    ops.iter()
        .map(|op| match op {
            Op::Put { super_column, cell } => (
                super_column
                    .as_ref()
                    .map(|s| String::from_utf8_lossy(s).into_owned()),
                String::from_utf8_lossy(&cell.name).into_owned(),
                match cell.kind {
                    CellKind::Expiring { ttl, .. } => Some(ttl),
                    _ => None,
                },
            ),
            other => panic!("{other:?}"),
        })
        .collect()
}

fn standard() -> CfDef {
    CfDef::new("ks", "A", 1000, parse_type("UTF8Type").unwrap(), None)
}

fn ttls(version: &str, ops: Vec<Op>) -> Vec<(String, Option<i32>)> {
    kept(version, &standard(), ops)
        .into_iter()
        .map(|(_, n, t)| (n, t))
        .collect()
}

fn s(n: &str, t: Option<i32>) -> (String, Option<i32>) {
    (n.to_string(), t)
}

#[test]
fn in_name_order_the_later_stays() {
    let ops = vec![put("a", Some(600)), put("a", None)];
    assert_eq!(ttls("2.1.22", ops), vec![s("a", None)]);
    let ops = vec![put("c", Some(600)), put("d", None), put("c", None)];
    assert_eq!(ttls("2.2.19", ops), vec![s("d", None), s("c", None)]);
}

#[test]
fn out_of_order_one_already_sorted_stays() {
    let ops = vec![
        put("i", Some(600)),
        put("j", None),
        put("h", None),
        put("i", None),
    ];
    assert_eq!(
        ttls("2.1.22", ops),
        vec![s("i", Some(600)), s("j", None), s("h", None)]
    );
    // Both unsorted: the later.
    let ops = vec![put("g", None), put("f", Some(600)), put("f", None)];
    assert_eq!(ttls("2.1.22", ops), vec![s("g", None), s("f", None)]);
    // Sorted, then twice unsorted: the second unsorted one.
    let ops = vec![
        put("o", Some(600)),
        put("p", None),
        put("n", None),
        put("o", None),
        put("o", None),
    ];
    let mut left = ops.clone();
    reconcile(Release::find("2.1.22"), &standard(), &mut left);
    assert_eq!(left, vec![ops[1].clone(), ops[2].clone(), ops[4].clone()]);
}

#[test]
fn of_two_expiring_the_longer_lived_stays() {
    let ops = vec![put("q", Some(605)), put("q", Some(600))];
    assert_eq!(ttls("2.1.22", ops), vec![s("q", Some(605))]);
    let ops = vec![put("r", Some(600)), put("r", Some(605))];
    assert_eq!(ttls("2.1.22", ops), vec![s("r", Some(605))]);
}

#[test]
fn values_tie_on_signed_bytes() {
    let ops = vec![
        put_in(None, "f", b"\xff", None),
        put_in(None, "f", b"\x7f", None),
    ];
    let mut left = ops.clone();
    reconcile(Release::find("2.1.22"), &standard(), &mut left);
    assert_eq!(left, ops[1..]);
}

#[test]
fn super_columns_order_by_super_column_then_name() {
    let cf = CfDef::new(
        "ks",
        "S",
        1000,
        parse_type("UTF8Type").unwrap(),
        Some(parse_type("UTF8Type").unwrap()),
    );
    let ops = vec![
        put_in(Some("s"), "y", b"v", Some(600)),
        put_in(Some("s"), "z", b"v", None),
        put_in(Some("s"), "x", b"v", None),
        put_in(Some("s"), "y", b"v", None),
        put_in(Some("s"), "w", b"v", Some(600)),
        put_in(Some("s"), "w", b"v", None),
        put_in(Some("r"), "a", b"v", Some(600)),
        put_in(Some("r"), "a", b"v", None),
    ];
    let got = kept("2.1.22", &cf, ops);
    let want: Vec<_> = [
        ("s", "y", Some(600)),
        ("s", "z", None),
        ("s", "x", None),
        ("s", "w", None),
        ("r", "a", None),
    ]
    .iter()
    .map(|&(sc, n, t)| (Some(sc.to_string()), n.to_string(), t))
    .collect();
    assert_eq!(got, want);
}

#[test]
fn before_2_1_every_write_stays() {
    let ops = vec![put("a", Some(600)), put("a", None)];
    assert_eq!(
        ttls("2.0.17", ops.clone()),
        vec![s("a", Some(600)), s("a", None)]
    );
    assert_eq!(
        ttls("3.0.24", ops.clone()),
        vec![s("a", Some(600)), s("a", None)]
    );
}
