//! The restrictions checked on each CQL row after reading (what no slice
//! nor index could apply) and their check.
//!
//! It must not decide which relations become filters (`select`).

use super::super::read::CqlRow;
use crate::cql::ast::Operator;
use crate::cql::table::Table;
use std::cmp::Ordering;

/// A restriction checked on each CQL row after reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub column: String,
    pub op: Operator,
    /// One value, or several for IN.
    pub values: Vec<Vec<u8>>,
}

pub(super) fn passes(table: &Table, row: &CqlRow, f: &Filter) -> bool {
    let Some(v) = row.value_of(table, &f.column) else {
        return false;
    };
    let ty = &table.column(&f.column).expect("planned").ty;
    let o = |x: &Vec<u8>| ty.compare(v, x);
    match f.op {
        Operator::Eq => o(&f.values[0]) == Ordering::Equal,
        Operator::In => f.values.iter().any(|x| o(x) == Ordering::Equal),
        Operator::Lt => o(&f.values[0]) == Ordering::Less,
        Operator::Lte => o(&f.values[0]) != Ordering::Greater,
        Operator::Gt => o(&f.values[0]) == Ordering::Greater,
        Operator::Gte => o(&f.values[0]) != Ordering::Less,
        Operator::Contains | Operator::ContainsKey => {
            super::contains::contains(ty, v, f.op == Operator::ContainsKey, &f.values[0])
        }
        Operator::MapEntry { .. } => {
            super::contains::holds_entry(ty, v, &f.values[0], &f.values[1])
        }
        // Refused before any filter is made (`refused_relations`).
        Operator::Neq | Operator::IsNot | Operator::Like => false,
    }
}
