//! A second relation on one regular (or static) column of a SELECT, as
//! each release merged it with the first: 1.2 and 2.0 refused an EQ or IN
//! joining any relation before preparing its value, and a slice joining
//! an EQ or IN (2.0 before its value, 1.2 after, in its own words); 2.2
//! on built the restriction first and refused the merge in the words of
//! the one already there. Two slices, and CONTAINS relations, are taken.
//!
//! Owns those refusals only; it must not evaluate values or file
//! relations (see `where_clause`).

use super::rules::Words;
use super::Filter;
use crate::cql::ast::Operator;
use crate::cql::error::{CqlError, CqlResult};

/// When the check runs: before the relation's value was prepared, or after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    BeforeValue,
    AfterValue,
}

fn is_equality(op: Operator) -> bool {
    matches!(op, Operator::Eq | Operator::In)
}

fn is_slice(op: Operator) -> bool {
    matches!(
        op,
        Operator::Gt | Operator::Gte | Operator::Lt | Operator::Lte
    )
}

/// Refuses `op` on `column` where `filed` (the regular relations so far)
/// restricts it already and the release said so at `stage`.
pub(super) fn check(
    filed: &[Filter],
    column: &str,
    op: Operator,
    words: Words,
    stage: Stage,
) -> CqlResult<()> {
    let Some(first) = filed
        .iter()
        .find(|f| f.column == column && (is_equality(f.op) || is_slice(f.op)))
    else {
        return Ok(());
    };
    let joins = |new: Operator| match new {
        Operator::In => {
            format!("{column} cannot be restricted by more than one relation if it includes a IN")
        }
        _ => format!(
            "{column} cannot be restricted by more than one relation if it includes an Equal"
        ),
    };
    let both = || {
        format!("Column \"{column}\" cannot be restricted by both an equality and an inequality relation")
    };
    let refusal = match (words, stage) {
        (Words::V22, Stage::AfterValue) => {
            if is_equality(first.op) {
                Some(joins(first.op))
            } else if is_equality(op) {
                Some(both())
            } else {
                None
            }
        }
        (Words::V22, Stage::BeforeValue) => None,
        (_, Stage::BeforeValue) if is_equality(op) => Some(joins(op)),
        (Words::V20, Stage::BeforeValue) if is_slice(op) && is_equality(first.op) => Some(both()),
        (Words::V12 | Words::V11, Stage::AfterValue) if is_slice(op) && is_equality(first.op) => {
            Some(format!(
                "{column} cannot be restricted by both an equal and an inequal relation"
            ))
        }
        _ => None,
    };
    refusal.map_or(Ok(()), |m| Err(CqlError::invalid(m)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filed(op: Operator) -> Vec<Filter> {
        vec![Filter {
            column: "n".into(),
            op,
            values: vec![vec![0]],
        }]
    }

    fn said(first: Operator, op: Operator, words: Words, stage: Stage) -> Option<String> {
        check(&filed(first), "n", op, words, stage)
            .err()
            .map(|e| e.to_string())
    }

    #[test]
    fn a_second_equality_is_refused_before_its_value_until_2_2() {
        let eq = Some(
            "n cannot be restricted by more than one relation if it includes an Equal".to_string(),
        );
        assert_eq!(
            said(Operator::Eq, Operator::Eq, Words::V20, Stage::BeforeValue),
            eq
        );
        assert_eq!(
            said(Operator::Gt, Operator::Eq, Words::V12, Stage::BeforeValue),
            eq
        );
        assert_eq!(
            said(Operator::Eq, Operator::Eq, Words::V22, Stage::BeforeValue),
            None
        );
        assert_eq!(
            said(Operator::Eq, Operator::Eq, Words::V22, Stage::AfterValue),
            eq
        );
        assert_eq!(
            said(Operator::Gt, Operator::Eq, Words::V22, Stage::AfterValue).as_deref(),
            Some(
                "Column \"n\" cannot be restricted by both an equality and an inequality relation"
            )
        );
    }

    #[test]
    fn a_slice_joining_an_equality_is_refused_in_each_releases_words() {
        assert_eq!(
            said(Operator::Eq, Operator::Lt, Words::V12, Stage::AfterValue).as_deref(),
            Some("n cannot be restricted by both an equal and an inequal relation")
        );
        assert_eq!(
            said(Operator::Eq, Operator::Lt, Words::V12, Stage::BeforeValue),
            None
        );
        assert_eq!(
            said(Operator::Eq, Operator::Lt, Words::V20, Stage::BeforeValue).as_deref(),
            Some(
                "Column \"n\" cannot be restricted by both an equality and an inequality relation"
            )
        );
        // Two slices are one range.
        assert_eq!(
            said(Operator::Gt, Operator::Lt, Words::V20, Stage::BeforeValue),
            None
        );
        assert_eq!(
            said(Operator::Gt, Operator::Lt, Words::V22, Stage::AfterValue),
            None
        );
    }
}
