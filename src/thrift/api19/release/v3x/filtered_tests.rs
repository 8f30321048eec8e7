//! The recorded answers of 3.0.24 and 3.11.10 (`rel_filtered`, `o19_index`)
//! replayed through [`answer`].

use super::*;
use crate::marshal::parse_type;
use crate::schema::ColumnDef;

/// Users of `rel_filtered`: `state` (KEYS), `birth` (LongType, KEYS) and
/// `name` declared; `a`, `value`, `zz` written besides.
fn users() -> CfDef {
    let mut cf = CfDef::new("ks", "Users", 1000, parse_type("UTF8Type").unwrap(), None);
    let utf8 = parse_type("UTF8Type").unwrap();
    let mut state = ColumnDef::plain(b"state".to_vec(), utf8.clone());
    state.index_type = Some(IndexType::Keys);
    let mut birth = ColumnDef::plain(b"birth".to_vec(), parse_type("LongType").unwrap());
    birth.index_type = Some(IndexType::Keys);
    let name = ColumnDef::plain(b"name".to_vec(), utf8);
    cf.options.column_metadata = vec![birth, name, state];
    cf
}

fn dense() -> CfDef {
    CfDef::new("ks", "Dense", 1001, parse_type("UTF8Type").unwrap(), None)
}

fn column(name: &str, value: &[u8]) -> t::ColumnOrSuperColumn {
    t::ColumnOrSuperColumn {
        column: Some(t::Column::new(
            name.as_bytes().to_vec(),
            value.to_vec(),
            1,
            None,
        )),
        ..Default::default()
    }
}

/// A user row as the engine reads it whole (ascending).
fn user(birth: i64) -> Vec<t::ColumnOrSuperColumn> {
    vec![
        column("a", b"dyn"),
        column("birth", &birth.to_be_bytes()),
        column("name", b"U"),
        column("state", b"CA"),
        column("value", b"vv"),
        column("zz", b"z"),
    ]
}

fn names(out: &Option<Vec<t::ColumnOrSuperColumn>>) -> Option<Vec<String>> {
    out.as_ref().map(|cols| {
        cols.iter()
            .map(|c| String::from_utf8_lossy(name_of(c)).into_owned())
            .collect()
    })
}

fn slice(start: &str, finish: &str, reversed: bool, count: i32) -> t::SlicePredicate {
    t::SlicePredicate::new(
        None,
        t::SliceRange::new(
            start.as_bytes().to_vec(),
            finish.as_bytes().to_vec(),
            reversed,
            count,
        ),
    )
}

fn named(n: &[&str]) -> t::SlicePredicate {
    t::SlicePredicate::new(
        n.iter().map(|n| n.as_bytes().to_vec()).collect::<Vec<_>>(),
        None,
    )
}

fn expr(column: &str, op: t::IndexOperator, value: &[u8]) -> t::IndexExpression {
    t::IndexExpression::new(column.as_bytes().to_vec(), op, value.to_vec())
}

fn ca() -> Vec<t::IndexExpression> {
    vec![expr("state", t::IndexOperator::EQ, b"CA")]
}

fn run(cf: &CfDef, p: &t::SlicePredicate, e: &[t::IndexExpression]) -> Option<Vec<String>> {
    names(&answer(cf, p, e, user(1990), &[], || false))
}

fn strs(v: &[&str]) -> Option<Vec<String>> {
    Some(v.iter().map(|s| s.to_string()).collect())
}

#[test]
fn an_index_search_answers_the_partition_as_built() {
    let cf = users();
    // reversed: merged [birth, name, state, zz, value, a], built reversed
    assert_eq!(
        run(&cf, &slice("", "", true, 100), &ca()),
        strs(&["a", "value", "zz", "state", "name", "birth"])
    );
    assert_eq!(
        run(&cf, &slice("", "", true, 2), &ca()),
        strs(&["a", "value"])
    );
    assert_eq!(
        run(&cf, &slice("", "", false, 2), &ca()),
        strs(&["a", "birth"])
    );
    assert_eq!(
        run(&cf, &slice("c", "z", false, 100), &ca()),
        strs(&["name", "state", "value"])
    );
    // [value, state, name]: the search for state stops at its first row
    assert_eq!(run(&cf, &slice("z", "c", true, 100), &ca()), None);
}

#[test]
fn an_index_search_leaving_out_its_column_answers_the_fetched_rows() {
    let cf = users();
    // the declared columns selected, and the compact value column
    assert_eq!(
        run(&cf, &slice("a", "m", false, 100), &ca()),
        strs(&["birth"])
    );
    // [state, birth, a] out of order: birth's slice takes all three
    assert_eq!(
        run(&cf, &slice("m", "a", true, 100), &ca()),
        strs(&["state", "birth", "a"])
    );
    assert_eq!(run(&cf, &named(&["name"]), &ca()), strs(&["name"]));
    assert_eq!(
        run(&cf, &named(&["a", "name", "value"]), &ca()),
        strs(&["name", "value"])
    );
    assert_eq!(
        run(&cf, &named(&["state", "a"]), &ca()),
        strs(&["a", "state"])
    );
    // no row left: the partition only where it held a deletion
    assert_eq!(run(&cf, &named(&["a", "zz"]), &ca()), None);
    let deleted = answer(&cf, &named(&["a", "zz"]), &ca(), user(1990), &[], || true);
    assert_eq!(names(&deleted), strs(&[]));
}

#[test]
fn other_expressions_test_the_rows_the_partition_shows() {
    let cf = users();
    let born = |y: i64| expr("birth", t::IndexOperator::GT, &y.to_be_bytes());
    let both = [ca()[0].clone(), born(1979)];
    assert_eq!(
        run(&cf, &slice("", "", false, 100), &both),
        strs(&["a", "birth", "name", "state", "value", "zz"])
    );
    let young = answer(
        &cf,
        &slice("", "", false, 100),
        &both,
        user(1975),
        &[],
        || false,
    );
    assert_eq!(names(&young), None);
    // birth not selected, or missed by the lookup of a reversed partition
    assert_eq!(run(&cf, &named(&["name"]), &both), None);
    assert_eq!(run(&cf, &slice("", "", true, 100), &both), None);
    assert_eq!(run(&cf, &slice("c", "z", false, 100), &both), None);
    // without an index (GT): every expression tested so
    assert_eq!(run(&cf, &named(&["name"]), &[born(1979)]), None);
    assert_eq!(run(&cf, &slice("", "", true, 100), &[born(1979)]), None);
    let dynamic = [expr("a", t::IndexOperator::EQ, b"dyn")];
    assert_eq!(
        run(&cf, &slice("", "", true, 100), &dynamic),
        strs(&["a", "value", "zz", "state", "name", "birth"])
    );
    assert_eq!(run(&cf, &slice("c", "z", false, 100), &dynamic), None);
}

#[test]
fn a_reversed_filter_of_a_dense_table_answers_ascending() {
    let cf = dense();
    let row = || vec![column("a", b"1"), column("b", b"d2"), column("c", b"3")];
    let b = [expr("b", t::IndexOperator::EQ, b"d2")];
    let a = [expr("a", t::IndexOperator::EQ, b"1")];
    let run = |p: &t::SlicePredicate, e: &[t::IndexExpression]| {
        names(&answer(&cf, p, e, row(), &[], || false))
    };
    assert_eq!(run(&slice("", "", true, 100), &b), strs(&["a", "b", "c"]));
    assert_eq!(run(&slice("", "", true, 1), &b), strs(&["a"]));
    assert_eq!(run(&slice("c", "b", true, 1), &b), strs(&["b"]));
    assert_eq!(run(&slice("c", "b", true, 1), &a), None);
    assert_eq!(run(&named(&["a"]), &b), None);
    assert_eq!(run(&slice("b", "c", false, 100), &b), strs(&["b", "c"]));
}

#[test]
fn only_3x_standard_column_families_of_plain_names() {
    let three = Release::find("3.0.24");
    assert!(applies(three, &users(), &ca()));
    assert!(applies(three, &dense(), &ca()));
    assert!(!applies(Release::find("2.2.19"), &users(), &ca()));
    assert!(!applies(None, &users(), &ca()));
    let composite = CfDef::new(
        "ks",
        "C",
        1002,
        parse_type("CompositeType(UTF8Type,UTF8Type)").unwrap(),
        None,
    );
    assert!(!applies(three, &composite, &ca()));
}

#[test]
fn a_leaf_search_takes_the_first_row_before_any_other() {
    let cmp = |target: i32| move |x: &i32| x.cmp(&target);
    // a partition built reversed: [3, 2, 1]
    assert_eq!(leaf_position(&[3, 2, 1], cmp(3)), Some(0));
    assert_eq!(leaf_position(&[3, 2, 1], cmp(1)), None);
    assert_eq!(leaf_position(&[1, 5, 3], cmp(3)), None);
    assert_eq!(leaf_position(&[1, 3, 5], cmp(5)), Some(2));
    assert_eq!(leaf_position::<i32>(&[], cmp(1)), None);
}
