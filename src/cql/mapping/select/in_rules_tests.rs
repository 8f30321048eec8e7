//! Tests of each release's rules for an IN: of one value (1.2's equality),
//! beside a selected collection, and under an ORDER BY.

use super::{plan_in_release, plan_indexed_in_release, SelectPlan};
use crate::cql::error::CqlResult;

fn plan(release: (u32, u32, u32), q: &str) -> CqlResult<SelectPlan> {
    let ct = "CREATE TABLE posts (blog text, day int, seq int, title text, tags set<text>, \
              PRIMARY KEY (blog, day, seq))";
    plan_in_release(release, ct, q)
}

fn refusal(release: (u32, u32, u32), q: &str) -> Option<String> {
    plan(release, q).err().map(|e| e.to_string())
}

const V12: (u32, u32, u32) = (1, 2, 19);
const V20: (u32, u32, u32) = (2, 0, 17);
const V21: (u32, u32, u32) = (2, 1, 22);
const V22: (u32, u32, u32) = (2, 2, 19);

#[test]
fn an_in_of_one_value_is_an_equality_in_1_2() {
    // Recorded: zh_orm_comments, conformance/releases/*/rel_cql3inone.json.
    let off_last = "SELECT title FROM posts WHERE blog = 'b' AND day IN (1) AND seq = 2";
    assert_eq!(refusal(V12, off_last), None);
    assert_eq!(
        refusal(V20, off_last).unwrap(),
        "Clustering column \"day\" cannot be restricted by an IN relation"
    );
    assert_eq!(refusal(V22, off_last), None);
    let tags = "SELECT tags FROM posts WHERE blog = 'b' AND day = 1 AND seq IN (1)";
    assert_eq!(refusal(V12, tags), None);
    assert_eq!(
        refusal(V21, tags).unwrap(),
        "Cannot restrict column \"seq\" by IN relation as a collection is selected by the query"
    );
    let two = "SELECT * FROM posts WHERE blog = 'b' AND day = 1 AND seq IN (1, 2)";
    assert_eq!(
        refusal(V12, two).unwrap(),
        "Cannot restrict PRIMARY KEY part seq by IN relation as a collection is selected by the \
         query"
    );
    assert_eq!(
        refusal(V22, two).unwrap(),
        "Cannot restrict clustering columns by IN relations when a collection is selected by \
         the query"
    );
    // A frozen-free table's plain columns are no collection.
    let title = "SELECT title FROM posts WHERE blog = 'b' AND day = 1 AND seq IN (1, 2)";
    assert_eq!(refusal(V22, title), None);
}

#[test]
fn an_ordered_in_on_the_key_selects_its_ordered_columns_in_1_2_and_2_0() {
    let q =
        |keys: &str| format!("SELECT title FROM posts WHERE blog IN ({keys}) ORDER BY day DESC");
    assert_eq!(refusal(V12, &q("'b'")), None);
    assert_eq!(
        refusal(V12, &q("'b', 'c'")).unwrap(),
        "ORDER BY could not be used on columns missing in select clause."
    );
    for keys in ["'b'", "'b', 'c'"] {
        assert_eq!(
            refusal(V20, &q(keys)).unwrap(),
            "ORDER BY can only be performed on columns in the select clause (got day)"
        );
        assert_eq!(refusal(V21, &q(keys)), None);
    }
    let selected = "SELECT day, title FROM posts WHERE blog IN ('b', 'c') ORDER BY day DESC";
    assert_eq!(refusal(V12, selected), None);
    assert_eq!(refusal(V20, selected), None);
}

#[test]
fn an_in_on_a_non_key_column_is_refused_in_each_release_s_words_and_place() {
    // Recorded: zp_geo_buckets, conformance/releases/*/rel_regularin.json.
    let two = "SELECT blog FROM posts WHERE title IN ('a', 'b')";
    assert_eq!(
        refusal(V12, two).unwrap(),
        "Cannot use IN operator on column not part of the partition key"
    );
    for v in [V20, V21, V22] {
        assert_eq!(
            refusal(v, two).unwrap(),
            "IN predicates on non-primary-key columns (title) is not yet supported"
        );
    }
    // One value is an equality: the refusal is the unindexed column's.
    let one = "SELECT blog FROM posts WHERE title IN ('a')";
    for v in [V12, V20] {
        assert_eq!(
            refusal(v, one).unwrap(),
            "No indexed columns present in by-columns clause with Equal operator"
        );
    }
    // 2.0 and 2.1 read the values first; 2.2 refused before them.
    let typed = "SELECT blog FROM posts WHERE title IN (1, 2)";
    assert!(refusal(V20, typed)
        .unwrap()
        .starts_with("Invalid INTEGER constant"));
    assert_eq!(
        refusal(V22, typed).unwrap(),
        "IN predicates on non-primary-key columns (title) is not yet supported"
    );
}

#[test]
fn an_in_of_one_value_on_an_indexed_column_is_served_by_its_index_in_1_2_and_2_1() {
    // Recorded: conformance/releases/*/rel_regularin.json.
    let ct = "CREATE TABLE places (id text PRIMARY KEY, cell text, name text)";
    let one = "SELECT name FROM places WHERE cell IN ('u4pr')";
    let refusal = |v| {
        plan_indexed_in_release(v, ct, &["cell"], one)
            .err()
            .map(|e| e.to_string())
    };
    assert_eq!(refusal(V12), None);
    assert_eq!(refusal(V21), None);
    assert_eq!(
        refusal(V20).unwrap(),
        "No indexed columns present in by-columns clause with Equal operator"
    );
    // Two values stay refused, and an unindexed column asks for an index.
    let two = "SELECT name FROM places WHERE cell IN ('u4pr', 'u4ps')";
    assert!(plan_indexed_in_release(V21, ct, &["cell"], two).is_err());
    assert!(plan_indexed_in_release(V21, ct, &[], one).is_err());
}
