//! Tests of `multi_column`: the prefixes a tuple relation reads and each
//! release's refusals.

use super::super::{plan_in_release, SelectPlan};
use crate::cql::error::CqlResult;

fn plan(release: (u32, u32, u32), rel: &str) -> CqlResult<SelectPlan> {
    let ct = "CREATE TABLE t (k int, a int, b int, c int, v int, PRIMARY KEY (k, a, b, c))";
    plan_in_release(
        release,
        ct,
        &format!("SELECT * FROM t WHERE k = 1 AND {rel}"),
    )
}

fn refusal(release: (u32, u32, u32), rel: &str) -> String {
    plan(release, rel).unwrap_err().to_string()
}

#[test]
fn a_tuple_in_reads_each_prefix_once_in_comparator_order() {
    let p = plan((2, 0, 17), "(a, b) IN ((2, 0), (0, 1), (2, 0))").unwrap();
    assert_eq!(p.slices.len(), 2);
    // A tuple slice beside a single column's bound on its first column.
    assert_eq!(
        plan((2, 0, 17), "a > 0 AND (a, b) < (2, 0)")
            .unwrap()
            .slices
            .len(),
        1
    );
}

#[test]
fn each_release_refuses_tuples_in_its_words() {
    // Recorded: conformance/releases/*/rel_multicolumn.json.
    let (v20, v21, v22) = ((2, 0, 17), (2, 1, 22), (2, 2, 19));
    assert_eq!(
        refusal(v20, "(a, c) > (0, 0)"),
        "Clustering columns must appear in the PRIMARY KEY order in multi-column relations: (a, c) > (0, 0)"
    );
    assert_eq!(
        refusal(v20, "(a, v) > (0, 0)"),
        "Multi-column relations can only be applied to clustering columns: v"
    );
    assert_eq!(
        refusal(v22, "(a, v) > (0, 0)"),
        "Multi-column relations can only be applied to clustering columns but was applied to: v"
    );
    assert_eq!(
        refusal(v20, "(a, b) > (1, 0, 0)"),
        "Expected 2 elements in value tuple, but got 3: (1, 0, 0)"
    );
    assert_eq!(
        refusal(v20, "(a, b) > (0, null)"),
        "Tuples may not contain null values"
    );
    assert_eq!(
        refusal(v21, "(a, b) > (0, null)"),
        "Invalid null value in condition for column b"
    );
    assert_eq!(
        refusal(v20, "(a, b) > (0, 0) AND (b, c) < (1, 0)"),
        "Column \"b\" cannot be restricted by inequalities not starting with the same column: (b, c) < (1, 0)"
    );
    assert_eq!(
        refusal(v22, "(a, b) > (0, 0) AND (b, c) < (1, 0)"),
        "Column \"b\" cannot be restricted by two inequalities not starting with the same column"
    );
    assert_eq!(
        refusal(v20, "(a, b) IN ((0, 1)) AND c = 1"),
        "PRIMARY KEY column \"c\" cannot be restricted (preceding column \"b\" is restricted by an IN tuple notation)"
    );
    assert!(plan(v22, "(a, b) IN ((0, 1)) AND c = 1").is_ok());
    assert_eq!(
        refusal(v22, "(a, b) > (0, 0) AND c = 1"),
        "Clustering column \"c\" cannot be restricted (preceding column \"a\" is restricted by a non-EQ relation)"
    );
    assert_eq!(
        refusal(v20, "a = 1 AND (a, b) = (1, 0)"),
        "Column \"a\" cannot be restricted by more than one relation if it is in an = relation"
    );
    assert_eq!(
        refusal(v22, "(a, b) > (1, 0) AND a = 1"),
        "Column \"a\" cannot be restricted by both an equality and an inequality relation"
    );
    // 3.10 on, an IN of one tuple is its equality.
    assert_eq!(
        refusal((3, 0, 24), "(a, b) IN ((0, 1)) AND (a) > (0)"),
        "a cannot be restricted by more than one relation if it includes a IN"
    );
    assert_eq!(
        refusal((3, 11, 10), "(a, b) IN ((0, 1)) AND (a) > (0)"),
        "a cannot be restricted by more than one relation if it includes an Equal"
    );
}
