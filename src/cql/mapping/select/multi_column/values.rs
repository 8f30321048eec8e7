//! A tuple relation's values as 2.0's `Tuples` read them: a literal's
//! elements each by its column's type (its size checked first), a marker's
//! bound tuple split into its components, an IN's list of either, and a
//! null element refused in the release's words. `multi_column` merges what
//! they read.

use super::super::rules::{SelectRules, Tuples};
use crate::cql::ast::{Operator, Term};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::values::{eval, eval_scalar, TermContext};
use crate::cql::table::Table;
use crate::cql::types::{CqlType, CqlValue};

fn invalid(msg: impl Into<String>) -> CqlError {
    CqlError::invalid(msg)
}

fn name(table: &Table, i: usize) -> &str {
    &table.clustering[i].column.name
}

/// A relation's values, evaluated: a value per column for `=` and the
/// slices, a tuple per item for `IN`.
pub(super) enum Values {
    One(Vec<Vec<u8>>),
    Many(Vec<Vec<Vec<u8>>>),
}

/// A tuple relation's value(s): a literal's elements read by their
/// columns' types, a marker's tuple split; an IN's list of either.
pub(super) fn tuple_values(
    table: &Table,
    positions: &[usize],
    op: Operator,
    value: &Term,
    ctx: &mut TermContext,
    rules: &SelectRules,
) -> CqlResult<Values> {
    let types: Vec<CqlType> = positions
        .iter()
        .map(|&i| table.clustering[i].column.ty.clone())
        .collect();
    if op != Operator::In {
        return Ok(Values::One(one_tuple(
            table, positions, &types, value, ctx, rules,
        )?));
    }
    match value {
        Term::List(items) => Ok(Values::Many(
            items
                .iter()
                .map(|t| one_tuple(table, positions, &types, t, ctx, rules))
                .collect::<CqlResult<_>>()?,
        )),
        marker => {
            let list = CqlType::List(Box::new(CqlType::Tuple(types.clone())));
            match eval(marker, &list, "in", ctx)? {
                CqlValue::List(items) => Ok(Values::Many(
                    items
                        .iter()
                        .map(|b| split(table, positions, b, rules))
                        .collect::<CqlResult<_>>()?,
                )),
                _ => Err(invalid("Invalid null value for IN restriction")),
            }
        }
    }
}

/// One tuple: `(v1, v2)` (its size checked first: `Tuples.Literal`) or a
/// marker for all of it.
fn one_tuple(
    table: &Table,
    positions: &[usize],
    types: &[CqlType],
    value: &Term,
    ctx: &mut TermContext,
    rules: &SelectRules,
) -> CqlResult<Vec<Vec<u8>>> {
    match value {
        Term::Tuple(items) => {
            if items.len() != positions.len() {
                return Err(invalid(format!(
                    "Expected {} elements in value tuple, but got {}: {}",
                    positions.len(),
                    items.len(),
                    value.as_written()
                )));
            }
            let mut out = Vec::with_capacity(items.len());
            for ((t, ty), &i) in items.iter().zip(types).zip(positions) {
                let column = name(table, i);
                match eval_scalar(t, ty, column, ctx)? {
                    Some(v) => out.push(v),
                    None => return Err(null_element(column, rules)),
                }
            }
            Ok(out)
        }
        marker => {
            let ty = CqlType::Tuple(types.to_vec());
            match eval_scalar(marker, &ty, "tuple", ctx)? {
                Some(b) => split(table, positions, &b, rules),
                None => Err(null_element(name(table, positions[0]), rules)),
            }
        }
    }
}

/// A tuple's null element: 2.0's `Tuples.DelayedValue.bind`; from 2.1 the
/// bound's (`Invalid null value in condition for column b`).
fn null_element(column: &str, rules: &SelectRules) -> CqlError {
    match rules.tuples {
        Tuples::V20 => invalid("Tuples may not contain null values"),
        _ => invalid(format!(
            "Invalid null value in condition for column {column}"
        )),
    }
}

/// A bound tuple's components (each its length, then its bytes).
fn split(
    table: &Table,
    positions: &[usize],
    bytes: &[u8],
    rules: &SelectRules,
) -> CqlResult<Vec<Vec<u8>>> {
    let mut out = Vec::with_capacity(positions.len());
    let mut at = 0;
    for &i in positions {
        if at >= bytes.len() {
            break;
        }
        let Some(len) = bytes.get(at..at + 4) else {
            return Err(invalid("Invalid tuple value: not enough bytes"));
        };
        let len = i32::from_be_bytes([len[0], len[1], len[2], len[3]]);
        at += 4;
        if len < 0 {
            return Err(null_element(name(table, i), rules));
        }
        let end = at + len as usize;
        let Some(v) = bytes.get(at..end) else {
            return Err(invalid("Invalid tuple value: not enough bytes"));
        };
        out.push(v.to_vec());
        at = end;
    }
    if out.len() < positions.len() {
        return Err(null_element(name(table, positions[out.len()]), rules));
    }
    Ok(out)
}
