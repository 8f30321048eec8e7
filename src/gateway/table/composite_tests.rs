//! The composite forms and bounds, against 3.x's rules (module note).

use super::*;
use crate::marshal::parse_type;

fn cf(comparator: &str) -> CfDef {
    CfDef::new("ks", "cf", 1000, parse_type(comparator).unwrap(), None)
}

fn name(parts: &[&[u8]], eoc: Eoc) -> Vec<u8> {
    let mut b = CompositeBuilder::new();
    for p in parts {
        b = b.push(p).unwrap();
    }
    b.build(eoc)
}

fn v(parts: &[&str]) -> Vec<Vec<u8>> {
    parts.iter().map(|p| p.as_bytes().to_vec()).collect()
}

fn p(parts: &[&str], inclusive: bool) -> Prefix {
    Prefix {
        values: v(parts),
        inclusive,
    }
}

fn piece(equal: &[&str], lower: Option<(&str, bool)>, upper: Option<(&str, bool)>) -> Piece {
    let b = |x: Option<(&str, bool)>| x.map(|(v, i)| (v.as_bytes().to_vec(), i));
    Piece {
        equal: v(equal),
        lower: b(lower),
        upper: b(upper),
    }
}

#[test]
fn each_component_is_a_clustering_column_of_its_type_and_order() {
    let c = components(&cf("CompositeType(UTF8Type,ReversedType(LongType))")).unwrap();
    let shown: Vec<(&str, &str, bool)> = c
        .iter()
        .map(|c| (c.column.as_str(), c.ty.as_str(), c.desc))
        .collect();
    assert_eq!(
        shown,
        vec![("column1", "text", false), ("column2", "bigint", true)]
    );
    assert_eq!(
        c[1].base.class_name(),
        "org.apache.cassandra.db.marshal.LongType"
    );
    // Not a composite, or a CQL3 table's (aliases): not this layout.
    assert!(components(&cf("UTF8Type")).is_none());
    let mut aliased = cf("CompositeType(UTF8Type,LongType)");
    aliased.options.column_aliases = vec![b"c".to_vec()];
    assert!(components(&aliased).is_none());
}

#[test]
fn names_split_into_all_their_components_and_join_back() {
    let n = name(&[b"ab", &7i64.to_be_bytes()], Eoc::None);
    let parts = split(&n, 2, true).unwrap();
    assert_eq!(parts, vec![b"ab".to_vec(), 7i64.to_be_bytes().to_vec()]);
    assert_eq!(join(&parts, true).unwrap(), n);
    // A prefix is no row of the table; broken bytes are refused too.
    assert!(split(&name(&[b"ab"], Eoc::None), 2, true).is_err());
    assert!(split(&[0, 5, b'a'], 2, true).is_err());
}

#[test]
fn the_last_end_of_component_byte_decides_inclusion_as_3x_does() {
    let a = |eoc| name(&[b"a"], eoc);
    // A start is exclusive only with EOC 1; an end only with EOC -1.
    assert_eq!(
        prefix(&a(Eoc::None), true, 2, true).unwrap(),
        Some(p(&["a"], true))
    );
    assert_eq!(
        prefix(&a(Eoc::Start), true, 2, true).unwrap(),
        Some(p(&["a"], true))
    );
    assert_eq!(
        prefix(&a(Eoc::End), true, 2, true).unwrap(),
        Some(p(&["a"], false))
    );
    assert_eq!(
        prefix(&a(Eoc::None), false, 2, true).unwrap(),
        Some(p(&["a"], true))
    );
    assert_eq!(
        prefix(&a(Eoc::End), false, 2, true).unwrap(),
        Some(p(&["a"], true))
    );
    assert_eq!(
        prefix(&a(Eoc::Start), false, 2, true).unwrap(),
        Some(p(&["a"], false))
    );
    assert_eq!(prefix(b"", true, 2, true).unwrap(), None);
    let three = name(&[b"a", b"b", b"c"], Eoc::None);
    assert!(prefix(&three, true, 2, true).is_err());
}

#[test]
fn a_range_becomes_disjoint_pieces_in_clustering_order() {
    // Open both ways: the whole row.
    assert_eq!(pieces(None, None), vec![piece(&[], None, None)]);
    // One prefix, both ends included: its subtree.
    let a = p(&["a"], true);
    assert_eq!(pieces(Some(&a), Some(&a)), vec![piece(&["a"], None, None)]);
    // Full bounds on different first components.
    let (s, e) = (p(&["a", "1"], true), p(&["c", "5"], false));
    assert_eq!(
        pieces(Some(&s), Some(&e)),
        vec![
            piece(&["a"], Some(("1", true)), None),
            piece(&[], Some(("a", false)), Some(("c", false))),
            piece(&["c"], None, Some(("5", false))),
        ]
    );
    // Same first component: one piece under it.
    let e = p(&["a", "5"], true);
    assert_eq!(
        pieces(Some(&s), Some(&e)),
        vec![piece(&["a"], Some(("1", true)), Some(("5", true)))]
    );
    // Open end.
    assert_eq!(
        pieces(Some(&s), None),
        vec![
            piece(&["a"], Some(("1", true)), None),
            piece(&[], Some(("a", false)), None),
        ]
    );
    // A prefix start excluded before a bound inside it: nothing.
    assert!(pieces(Some(&p(&["a"], false)), Some(&e)).is_empty());
    // A prefix end excluded after a start inside it: nothing.
    assert!(pieces(Some(&s), Some(&p(&["a"], false))).is_empty());
    // An included prefix end after a start inside it: the rest of it.
    assert_eq!(
        pieces(Some(&s), Some(&a)),
        vec![piece(&["a"], Some(("1", true)), None)]
    );
    // One exact name.
    let x = p(&["a", "1"], true);
    assert_eq!(
        pieces(Some(&x), Some(&x)),
        vec![piece(&["a", "1"], None, None)]
    );
}

#[test]
fn conditions_turn_around_on_a_descending_column() {
    let c = components(&cf("CompositeType(UTF8Type,ReversedType(LongType))")).unwrap();
    let mut text = String::new();
    let mut values = Vec::new();
    piece(&["a"], Some(("1", true)), Some(("5", false))).conditions(&c, &mut text, &mut values);
    assert_eq!(text, " AND column1 = ? AND column2 <= ? AND column2 > ?");
    assert_eq!(values.len(), 3);
    let mut text = String::new();
    piece(&[], Some(("a", false)), None).conditions(&c, &mut text, &mut Vec::new());
    assert_eq!(text, " AND column1 > ?");
    assert_eq!(reverse_order(&c), " ORDER BY column1 DESC, column2 ASC");
}
