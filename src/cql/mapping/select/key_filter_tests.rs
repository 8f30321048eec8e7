//! 3.10's filtering of partition keys restricted in part or sliced
//! (`where_clause::key_filtering`), against 3.0's refusals.

use super::{plan_in_release, Partitions, FILTERING};
use crate::cql::ast::Operator;

const M: &str = "CREATE TABLE m (a int, b int, c int, v int, PRIMARY KEY ((a, b), c))";
const ONE: &str = "CREATE TABLE one (k int PRIMARY KEY, v int)";

fn refusal(release: (u32, u32, u32), create: &str, query: &str) -> String {
    match plan_in_release(release, create, query) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("planned: {query}"),
    }
}

#[test]
fn a_partial_key_is_filtered_from_3_10_given_allow_filtering() {
    let p = plan_in_release(
        (3, 11, 10),
        M,
        "SELECT * FROM m WHERE a = 1 ALLOW FILTERING",
    )
    .unwrap();
    assert!(matches!(p.partitions, Partitions::Range { .. }));
    assert_eq!(p.filters.len(), 1);
    assert_eq!(
        (p.filters[0].column.as_str(), p.filters[0].op),
        ("a", Operator::Eq)
    );
    assert_eq!(
        refusal(
            (3, 11, 10),
            M,
            "SELECT * FROM m WHERE b IN (1, 2) ALLOW FILTERING"
        ),
        "IN restrictions are not supported when the query involves filtering"
    );
    // a token range bounds the scan
    let p = plan_in_release(
        (3, 11, 10),
        M,
        "SELECT * FROM m WHERE token(a, b) > 0 AND a = 1 ALLOW FILTERING",
    )
    .unwrap();
    assert!(matches!(
        p.partitions,
        Partitions::Range {
            start: std::ops::Bound::Excluded(_),
            ..
        }
    ));
    assert_eq!(
        refusal((3, 11, 10), M, "SELECT * FROM m WHERE a = 1"),
        FILTERING
    );
    // the whole key restricted is read as before
    let p = plan_in_release((3, 11, 10), M, "SELECT * FROM m WHERE a = 1 AND b = 2").unwrap();
    assert!(matches!(p.partitions, Partitions::Keys(ref k) if k.len() == 1));
}

/// Recorded: 3.11.10 (`ordinary19r`'s posts: an index on a part of the
/// partition key answers `WHERE year = 2013` without ALLOW FILTERING).
#[test]
fn an_indexed_key_part_is_read_through_its_index() {
    use crate::cql::ast::Statement;
    use crate::cql::table::{KeyIndex, Table};
    use crate::cql::{parse_with, Grammar};
    let Statement::CreateTable(ct) = parse_with(M, Grammar::WithStatics).unwrap().statement else {
        panic!("not a CREATE TABLE")
    };
    let mut table = Table::from_create("ks", &ct).unwrap();
    table.key_indexes.push(KeyIndex {
        column: "b".into(),
        name: "m_b_idx".into(),
    });
    let Statement::Select(sel) = parse_with("SELECT * FROM m WHERE b = 2", Grammar::Cql34)
        .unwrap()
        .statement
    else {
        panic!("not a SELECT")
    };
    let mut uuids = crate::cql::timeuuid::TimeUuidGenerator::new(7);
    let rules = super::SelectRules::of_release((3, 11, 10));
    let plan = super::plan_select_by(
        &table,
        &sel,
        &[],
        &crate::partitioner::Murmur3Partitioner,
        &mut uuids,
        5,
        &rules,
    )
    .unwrap();
    assert!(matches!(plan.partitions, Partitions::Range { .. }));
    // without its index, the same query asks for filtering
    assert_eq!(
        refusal((3, 11, 10), M, "SELECT * FROM m WHERE b = 2"),
        FILTERING
    );
}

#[test]
fn a_sliced_key_is_filtered_from_3_10_given_allow_filtering() {
    let p = plan_in_release(
        (3, 11, 10),
        ONE,
        "SELECT * FROM one WHERE k > 3 ALLOW FILTERING",
    )
    .unwrap();
    assert!(matches!(p.partitions, Partitions::Range { .. }));
    assert_eq!(
        (p.filters[0].column.as_str(), p.filters[0].op),
        ("k", Operator::Gt)
    );
    assert_eq!(
        refusal((3, 11, 10), ONE, "SELECT * FROM one WHERE k > 3"),
        FILTERING
    );
}

#[test]
fn three_oh_refuses_a_partial_key_whatever_it_is_told() {
    assert_eq!(
        refusal((3, 0, 24), M, "SELECT * FROM m WHERE a = 1 ALLOW FILTERING"),
        "Partition key parts: b must be restricted as other parts are"
    );
    assert_eq!(
        refusal((3, 0, 24), ONE, "SELECT * FROM one WHERE k > 3 ALLOW FILTERING"),
        "Only EQ and IN relation are supported on the partition key (unless you use the token() function)"
    );
}

/// Recorded: 1.2.9 and 2.0.17 (`ordinary19zn`'s daily rollups): 1.2 to 2.1
/// refused the partition key's parts in key order once every relation was
/// read, so an IN on the first part is refused before a slice on the
/// second, whichever is written first; a slice alone keeps its refusal.
#[test]
fn before_2_2_an_in_on_an_earlier_part_is_refused_before_a_slice() {
    let in_first = "Partition KEY part a cannot be restricted by IN relation (only the last part \
                    of the partition key can)";
    let eq_only =
        "Only EQ and IN relation are supported on the partition key (unless you use the token() function)";
    for release in [(1, 2, 9), (2, 0, 17), (2, 1, 22)] {
        for q in [
            "SELECT * FROM m WHERE a IN (1, 2) AND b > 3",
            "SELECT * FROM m WHERE b > 3 AND a IN (1, 2)",
        ] {
            assert_eq!(refusal(release, M, q), in_first, "{release:?} {q}");
        }
        assert_eq!(
            refusal(release, M, "SELECT * FROM m WHERE b > 3 AND a = 1"),
            eq_only
        );
        assert_eq!(
            refusal(release, ONE, "SELECT * FROM one WHERE k > 3"),
            eq_only
        );
        // a later relation's own refusal comes first
        assert_eq!(
            refusal(
                release,
                M,
                "SELECT * FROM m WHERE a = 1 AND b > 3 AND c = 'x'"
            ),
            refusal(
                release,
                M,
                "SELECT * FROM m WHERE a = 1 AND b = 3 AND c = 'x'"
            ),
        );
    }
}
