//! Index expressions (`IndexClause`, `KeyRange.row_filter`): 1.2's checks
//! of their names and values, their storage form for the engine's KEYS
//! indexes (`get_indexed_slices`), and the test of a row against a
//! `row_filter` (get_range_slices filters rows it has read, as 1.2 did for
//! expressions without an index).

use crate::marshal::Dialect;
use crate::model::{IndexExpression, IndexOperator};
use crate::schema::CfDef;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;
use std::cmp::Ordering;

fn invalid<T>(why: impl Into<String>) -> ApiResult<T> {
    Err(ApiError::invalid(why))
}

/// 1.2's `validateIndexClauses`: names and values checked, and at least one
/// EQ expression on an indexed column.
pub fn validate_index_clause(
    cf: &CfDef,
    clause: &t::IndexClause,
    dialect: Dialect,
) -> ApiResult<()> {
    if clause.expressions.is_empty() {
        return invalid("index clause list may not be empty");
    }
    if !validate_filter_clauses(cf, &clause.expressions, dialect)? {
        return invalid("No indexed columns present in index clause with operator EQ");
    }
    Ok(())
}

/// Checks each expression's name and value; true when one is an EQ on an
/// indexed column (1.2's `validateFilterClauses`).
pub fn validate_filter_clauses(
    cf: &CfDef,
    expressions: &[t::IndexExpression],
    dialect: Dialect,
) -> ApiResult<bool> {
    let hex = crate::marshal::bytes_to_hex;
    let mut indexed = false;
    for e in expressions {
        validate_expression_name(cf, e, dialect)?;
        let validator = cf.options.value_validator(&e.column_name);
        if let Err(m) = validator.validate_for(&e.value, dialect) {
            return invalid(format!(
                "[{}]=[{}] failed value validation ({})",
                hex(&e.column_name),
                hex(&e.value),
                m.0
            ));
        }
        let has_index = cf
            .options
            .column(&e.column_name)
            .is_some_and(|c| c.index_type.is_some());
        indexed |= e.op == t::IndexOperator::EQ && has_index;
    }
    Ok(indexed)
}

/// An expression's name, by the comparator, and its value's size: what
/// was checked of it before its column was looked up.
pub fn validate_expression_name(
    cf: &CfDef,
    e: &t::IndexExpression,
    dialect: Dialect,
) -> ApiResult<()> {
    let hex = crate::marshal::bytes_to_hex;
    if let Err(m) = cf.comparator.validate_for(&e.column_name, dialect) {
        return invalid(format!(
            "[{}]=[{}] failed name validation ({})",
            hex(&e.column_name),
            hex(&e.value),
            m.0
        ));
    }
    if e.value.len() > 0xFFFF {
        return invalid("Index expression values may not be larger than 64K");
    }
    Ok(())
}

/// A validated expression as the engine's index query takes it.
pub fn expression(e: &t::IndexExpression) -> ApiResult<IndexExpression> {
    let op = match e.op {
        t::IndexOperator::EQ => IndexOperator::Eq,
        t::IndexOperator::GTE => IndexOperator::Gte,
        t::IndexOperator::GT => IndexOperator::Gt,
        t::IndexOperator::LTE => IndexOperator::Lte,
        t::IndexOperator::LT => IndexOperator::Lt,
        other => return invalid(format!("unknown index operator {}", other.0)),
    };
    Ok(IndexExpression {
        column: e.column_name.clone(),
        op,
        value: e.value.clone(),
    })
}

/// True when a row's columns satisfy every expression (values compared by
/// the column's validator, as 1.2's index scan filtered them).
pub fn row_matches(
    cf: &CfDef,
    columns: &[t::ColumnOrSuperColumn],
    expressions: &[t::IndexExpression],
) -> bool {
    expressions.iter().all(|e| {
        let found = columns
            .iter()
            .filter_map(|c| c.column.as_ref())
            .find(|c| cf.comparator.compare(&c.name, &e.column_name) == Ordering::Equal);
        let Some(value) = found.and_then(|c| c.value.as_ref()) else {
            return false;
        };
        let o = cf
            .options
            .value_validator(&e.column_name)
            .compare(value, &e.value);
        match e.op {
            t::IndexOperator::EQ => o == Ordering::Equal,
            t::IndexOperator::GTE => o != Ordering::Less,
            t::IndexOperator::GT => o == Ordering::Greater,
            t::IndexOperator::LTE => o != Ordering::Greater,
            t::IndexOperator::LT => o == Ordering::Less,
            _ => false,
        }
    })
}
