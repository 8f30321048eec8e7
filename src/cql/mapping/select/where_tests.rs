//! Tests of WHERE clause refusals that differ by release: a COMPACT table's
//! empty cell name read by name, a second relation on a regular column.

use super::plan_in_release;

const COMPACT: &str = "CREATE TABLE com (k text, c text, v text, PRIMARY KEY (k, c)) \
                       WITH COMPACT STORAGE";
const TIM: &str = "CREATE TABLE tim (k text PRIMARY KEY, n int)";

fn refusal(release: (u32, u32, u32), create: &str, q: &str) -> Option<String> {
    plan_in_release(release, create, q)
        .err()
        .map(|e| e.to_string())
}

#[test]
fn a_compact_tables_empty_name_read_by_name_is_refused_until_2_1() {
    let q = "SELECT * FROM com WHERE k = 'k' AND c = ''";
    assert_eq!(
        refusal((1, 2, 9), COMPACT, q).as_deref(),
        Some("zero-length column name")
    );
    let words = Some("Invalid empty value for clustering column of COMPACT TABLE");
    assert_eq!(refusal((1, 2, 19), COMPACT, q).as_deref(), words);
    assert_eq!(refusal((2, 0, 17), COMPACT, q).as_deref(), words);
    let among = "SELECT * FROM com WHERE k = 'k' AND c IN ('a', '')";
    assert_eq!(refusal((2, 0, 17), COMPACT, among).as_deref(), words);
    assert_eq!(refusal((2, 1, 22), COMPACT, q), None);
    assert_eq!(refusal((3, 0, 24), COMPACT, q), None);
    // A slice from the empty name is no name.
    let slice = "SELECT * FROM com WHERE k = 'k' AND c > ''";
    assert_eq!(refusal((2, 0, 17), COMPACT, slice), None);
}

#[test]
fn a_second_equality_on_a_regular_column_is_refused_before_filtering() {
    let q = "SELECT * FROM tim WHERE n = 0 AND n = 0";
    let eq = Some("n cannot be restricted by more than one relation if it includes an Equal");
    assert_eq!(refusal((1, 2, 9), TIM, q).as_deref(), eq);
    assert_eq!(refusal((2, 0, 17), TIM, q).as_deref(), eq);
    assert_eq!(refusal((3, 11, 10), TIM, q).as_deref(), eq);
}
