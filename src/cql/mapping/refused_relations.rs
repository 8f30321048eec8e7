//! The relations a statement's grammar read but its restrictions refuse
//! before anything else of the relation is looked at: 2.2's `!=` (any
//! relation: a column's, `token(...)`'s, a tuple's) and, outside a view,
//! 3.0's `c IS NOT NULL`. A SELECT and a write meet them in WHERE order,
//! so each caller asks here as it reaches the relation. 3.4's LIKE needs
//! the column and its value first: the callers refuse it themselves with
//! [`like_unindexed`].

use super::super::ast::{Operator, Relation};
use super::super::error::CqlError;

/// The refusal of `rel` when it is a `!=` or an `IS NOT NULL`
/// (`Relation.toRestriction`'s default case and `StatementRestrictions`,
/// quoting the relation as written).
pub fn refused(rel: &Relation) -> Option<CqlError> {
    let (op, written) = match rel {
        Relation::Column { column, op, value } => (
            *op,
            format!("{column} {} {}", op.symbol(), value.as_written()),
        ),
        Relation::Token { columns, op, value } => (
            *op,
            format!(
                "token({}) {} {}",
                columns.join(", "),
                op.symbol(),
                value.as_written()
            ),
        ),
        Relation::MultiColumn { columns, op, value } => {
            (*op, Relation::multi_written(columns, *op, value))
        }
    };
    match op {
        Operator::Neq => Some(CqlError::invalid(format!(
            "Unsupported \"!=\" relation: {written}"
        ))),
        // The NULL literal is printed in capitals.
        Operator::IsNot => {
            let Relation::Column { column, .. } = rel else {
                return None;
            };
            Some(CqlError::invalid(format!(
                "Unsupported restriction: {column} IS NOT NULL"
            )))
        }
        _ => None,
    }
}

/// 3.4's refusal of `column LIKE value` where no index supports it (no
/// SASI index here answers one: any LIKE is refused so).
pub fn like_unindexed(column: &str, value: &super::super::ast::Term) -> CqlError {
    CqlError::invalid(format!(
        "LIKE restriction is only supported on properly indexed columns. {column} LIKE {} is not valid.",
        value.as_written()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::ast::Term;

    fn column(op: Operator, value: Term) -> Relation {
        Relation::Column {
            column: "at".into(),
            op,
            value,
        }
    }

    #[test]
    fn neq_and_is_not_null_are_refused_as_written() {
        let zero = crate::cql::parse_with(
            "SELECT * FROM t WHERE at != 0 AND title IS NOT NULL",
            crate::cql::Grammar::Cql30,
        )
        .unwrap();
        let crate::cql::ast::Statement::Select(s) = zero.statement else {
            panic!()
        };
        let texts: Vec<String> = s
            .where_clause
            .iter()
            .map(|r| refused(r).unwrap().to_string())
            .collect();
        assert_eq!(
            texts,
            [
                "Unsupported \"!=\" relation: at != 0",
                "Unsupported restriction: title IS NOT NULL"
            ]
        );
        assert_eq!(refused(&column(Operator::Eq, Term::Null)), None);
    }

    #[test]
    fn is_not_null_is_a_syntax_error_before_3_0() {
        let e = crate::cql::parse_with(
            "SELECT * FROM t WHERE title IS NOT NULL",
            crate::cql::Grammar::Cql33,
        );
        assert!(e.is_err());
    }
}
