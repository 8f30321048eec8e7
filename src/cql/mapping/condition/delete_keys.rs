//! 3.0's rule on the keys of a conditional DELETE: restrictions judged as
//! a whole (`StatementRestrictions.hasAllPKColumnsRestrictedByEqualities`)
//! where 2.x named the first column a condition lacked.
//!
//! Owns that refusal only; 2.x's is `check_delete_keys` beside it.

use super::super::super::ast::{Condition, Deletion, Operator, Relation, Statement};
use super::super::super::error::{CqlError, CqlResult};
use super::super::super::table::{ColumnRole, Table};

/// 3.0's check of a conditional DELETE's restrictions
/// (`DeleteStatement.Parsed.prepareInternal`): unless every partition key
/// and clustering column is restricted by `=` or `IN`, the DELETE may
/// neither remove rows or regular columns nor be conditioned on a regular
/// column. Only a WHERE clause 3.0 took as restrictions is judged here (the
/// partition key whole, EQ/IN clustering columns before at most one
/// sliced one); any other is refused by the write's own reading of its keys.
pub fn check_delete_keys_30(table: &Table, statement: &Statement) -> CqlResult<()> {
    let Statement::Delete(d) = statement else {
        return Ok(());
    };
    let Some(condition) = &d.condition else {
        return Ok(());
    };
    let mut ops: Vec<Option<Operator>> = vec![None; table.clustering.len()];
    let mut partition = vec![false; table.partition_key.len()];
    for r in &d.where_clause {
        let (columns, op) = match r {
            Relation::Column { column, op, .. } => (std::slice::from_ref(column), *op),
            Relation::MultiColumn { columns, op, .. } => (columns.as_slice(), *op),
            Relation::Token { .. } => return Ok(()),
        };
        for c in columns {
            match table.role(c) {
                Some(ColumnRole::PartitionKey(i)) if matches!(op, Operator::Eq | Operator::In) => {
                    partition[i] = true
                }
                Some(ColumnRole::Clustering(i)) if ops[i].is_none() => ops[i] = Some(op),
                _ => return Ok(()),
            }
        }
    }
    if partition.contains(&false) {
        return Ok(());
    }
    let equal = |op: &Option<Operator>| matches!(op, Some(Operator::Eq | Operator::In));
    let prefix = ops.iter().take_while(|o| equal(o)).count();
    if prefix == ops.len() {
        return Ok(());
    }
    let sliced = usize::from(ops[prefix].is_some());
    if ops[prefix + sliced..].iter().any(Option::is_some) {
        return Ok(());
    }
    let deleted = d.columns.iter().map(|c| match c {
        Deletion::Column(c) => c.as_str(),
        Deletion::Element { column, .. } | Deletion::Field { column, .. } => column.as_str(),
    });
    let regular_deleted = d.columns.is_empty() || deleted.clone().any(|c| !table.is_static(c));
    const WORDS: &str =
        "DELETE statements must restrict all PRIMARY KEY columns with equality relations";
    if regular_deleted {
        return Err(CqlError::invalid(format!(
            "{WORDS} in order to delete non static columns"
        )));
    }
    if let Condition::Columns(cs) = condition {
        if cs.iter().any(|c| !table.is_static(&c.column)) {
            return Err(CqlError::invalid(format!(
                "{WORDS} in order to use IF condition on non static columns"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::ast::Statement;

    fn table() -> Table {
        let Statement::CreateTable(ct) = crate::cql::parse_with(
            "CREATE TABLE m (k text, a int, b int, s int static, v int, PRIMARY KEY (k, a, b))",
            crate::cql::Grammar::Cql33,
        )
        .unwrap()
        .statement
        else {
            panic!()
        };
        Table::from_create("ks", &ct).unwrap()
    }

    fn check(q: &str) -> Result<(), String> {
        let st = crate::cql::parse_with(q, crate::cql::Grammar::Cql33)
            .unwrap()
            .statement;
        check_delete_keys_30(&table(), &st).map_err(|e| e.to_string())
    }

    #[test]
    fn rows_or_regular_columns_need_the_whole_key() {
        let rows = check("DELETE FROM m WHERE k = 'x' AND a = 1 AND b > 2 IF EXISTS").unwrap_err();
        assert!(
            rows.ends_with("in order to delete non static columns"),
            "{rows}"
        );
        let part = check("DELETE v FROM m WHERE k = 'x' IF v = 1").unwrap_err();
        assert!(
            part.ends_with("in order to delete non static columns"),
            "{part}"
        );
        let cond = check("DELETE s FROM m WHERE k = 'x' IF v = 1").unwrap_err();
        assert!(
            cond.ends_with("in order to use IF condition on non static columns"),
            "{cond}"
        );
    }

    #[test]
    fn a_whole_key_or_statics_alone_pass() {
        assert!(check("DELETE FROM m WHERE k = 'x' AND a = 1 AND b IN (1, 2) IF EXISTS").is_ok());
        assert!(check("DELETE s FROM m WHERE k = 'x' IF s = 1").is_ok());
        assert!(check("DELETE FROM m WHERE k = 'x' AND a = 1").is_ok());
        // left to the write's reading of its keys
        assert!(check("DELETE FROM m WHERE a = 1 IF EXISTS").is_ok());
        assert!(check("DELETE FROM m WHERE k = 'x' AND b = 1 IF EXISTS").is_ok());
    }
}
