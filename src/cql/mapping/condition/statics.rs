//! Static columns and conditional writes (Cassandra 2.0.6, where `static`
//! and its lightweight transactions arrived together).
//!
//! 2.0.6 decided a condition on a static column on the partition's static
//! part, never on a CQL row: `UPDATE ... WHERE k = ? AND c = ? IF s = ?`
//! holds when the partition's `s` holds the value, whether the row `c`
//! exists or not. A statement that writes static columns only names its
//! partition alone (a clustering column then is refused, unless a
//! condition on a regular column needs the row), and its `IF NOT EXISTS`
//! asks whether the partition has any live static value.
//!
//! It must not read or write: it says what to read and what was read.

use super::super::super::ast::{
    Condition, Constant, ConstantKind, Deletion, Relation, Select, Selection, Statement, Term,
};
use super::super::super::error::{CqlError, CqlResult};
use super::super::super::table::{ColumnRole, Table};
use super::super::result::ResultSet;

/// Whether `statement` writes static columns and nothing else (2.0.6's
/// `setsOnlyStaticColumns`): an INSERT or UPDATE whose every non-key
/// column is static, a DELETE of static columns alone.
pub fn sets_only_statics(table: &Table, statement: &Statement) -> bool {
    match statement {
        Statement::Insert(i) => writes_only_statics(
            table,
            i.columns
                .iter()
                .map(String::as_str)
                .filter(|c| matches!(table.role(c), Some(ColumnRole::Regular(_)))),
        ),
        Statement::Update(u) => {
            writes_only_statics(table, u.assignments.iter().map(|a| a.column()))
        }
        Statement::Delete(d) => writes_only_statics(table, d.columns.iter().map(deleted_column)),
        _ => false,
    }
}

/// Whether `written` (a statement's non-key columns) names at least one
/// column, and static columns only.
pub fn writes_only_statics<'c>(table: &Table, written: impl IntoIterator<Item = &'c str>) -> bool {
    let mut written = written.into_iter().peekable();
    table.has_statics() && written.peek().is_some() && written.all(|c| table.is_static(c))
}

/// The column a DELETE's item removes (or removes from).
pub fn deleted_column(d: &Deletion) -> &str {
    match d {
        Deletion::Column(c)
        | Deletion::Element { column: c, .. }
        | Deletion::Field { column: c, .. } => c,
    }
}

/// Whether `cond` conditions a regular (non-static) column: the statement
/// is then about its CQL row, which it must name whole.
pub fn has_row_conditions(table: &Table, cond: Option<&Condition>) -> bool {
    match cond {
        Some(Condition::Columns(cs)) => cs.iter().any(|c| !table.is_static(&c.column)),
        _ => false,
    }
}

/// 2.0.6's refusal of a clustering column in an UPDATE or DELETE that
/// writes static columns only (and has no condition on a regular column):
/// such a statement is about the partition, and naming a row in it
/// "suggests something unintended". 2.x named the first such column
/// (`ModificationStatement`); 3.0's `StatementRestrictions` (`since_30`)
/// none.
pub fn refuse_clustering(
    table: &Table,
    statement_type: &str,
    where_clause: &[Relation],
    cond: Option<&Condition>,
    since_30: bool,
) -> CqlResult<()> {
    if has_row_conditions(table, cond) {
        return Ok(());
    }
    let restricted = |name: &str| {
        where_clause
            .iter()
            .any(|r| matches!(r, Relation::Column { column, .. } if column == name))
    };
    match table.clustering.iter().find(|c| restricted(&c.column.name)) {
        Some(_) if since_30 => Err(CqlError::invalid(format!(
            "Invalid restrictions on clustering columns since the {statement_type} statement \
             modifies only static columns"
        ))),
        Some(c) => Err(CqlError::invalid(format!(
            "Invalid restriction on clustering column {} since the {statement_type} statement modifies only static columns",
            c.column.name
        ))),
        None => Ok(()),
    }
}

/// Whether `e` is 2.x's refusal above, which it made only as the statement
/// ran (`createClusteringPrefixBuilder`), so preparing it succeeded; 3.0's
/// came from the restrictions it prepared.
pub fn is_refused_when_run(e: &CqlError) -> bool {
    matches!(e, CqlError::Invalid(m) if m.starts_with("Invalid restriction on clustering column ")
        && m.ends_with("modifies only static columns"))
}

/// The read of `row_read`'s partition's static part: `selection` of its
/// first CQL row (a partition of static values alone shows them as one
/// row), the row relations dropped.
pub fn static_part(table: &Table, row_read: Select, selection: Selection) -> Select {
    let mut read = row_read;
    read.where_clause.retain(|rel| match rel {
        Relation::Column { column, .. } => {
            matches!(table.role(column), Some(ColumnRole::PartitionKey(_)))
        }
        Relation::Token { .. } => true,
        Relation::MultiColumn { .. } => false,
    });
    read.selection = selection;
    read.limit = Some(Term::Constant(Constant {
        kind: ConstantKind::Integer,
        text: "1".into(),
    }));
    read
}

/// Every static column, by name (what decides whether the static part is
/// live).
pub fn static_columns(table: &Table) -> Vec<&str> {
    table
        .regular
        .iter()
        .filter(|r| r.is_static)
        .map(|r| r.column.name.as_str())
        .collect()
}

/// The partition's static values as [`static_part`] read them, by column
/// name; `None` when it has no live static value (2.0.6 then read nothing
/// there).
pub fn live_statics(table: &Table, read: &ResultSet) -> Option<Vec<(String, Option<Vec<u8>>)>> {
    let row = read.rows.first()?;
    let values: Vec<(String, Option<Vec<u8>>)> = read
        .columns
        .iter()
        .zip(row)
        .filter(|(c, _)| table.is_static(&c.name))
        .map(|(c, v)| (c.name.clone(), v.clone()))
        .collect();
    values.iter().any(|(_, v)| v.is_some()).then_some(values)
}

/// The first row of `read` (the partition's, in clustering order, with its
/// static values), as 3.0 showed a partition read for conditions on its
/// static columns alone; none of a partition without any.
pub fn first_row(read: ResultSet) -> ResultSet {
    ResultSet {
        columns: read.columns,
        rows: read.rows.into_iter().take(1).collect(),
    }
}

/// `read` (one row of every column, per [`static_part`]) as 2.0.6 showed a
/// partition's static part: the key and the static values, the clustering
/// and regular columns null; no row when it has no live static value.
pub fn static_row(table: &Table, read: ResultSet) -> ResultSet {
    let live = live_statics(table, &read).is_some();
    let keep: Vec<bool> = read
        .columns
        .iter()
        .map(|c| {
            table.is_static(&c.name)
                || matches!(table.role(&c.name), Some(ColumnRole::PartitionKey(_)))
        })
        .collect();
    let rows = if live {
        read.rows
            .into_iter()
            .take(1)
            .map(|row| {
                row.into_iter()
                    .zip(&keep)
                    .map(|(v, keep)| v.filter(|_| *keep))
                    .collect()
            })
            .collect()
    } else {
        Vec::new()
    };
    ResultSet {
        columns: read.columns,
        rows,
    }
}

/// `rows` with their static columns null: a condition on the CQL row did
/// not read the static part, so 2.0.6's reply showed none of it.
pub fn without_statics(table: &Table, mut rows: ResultSet) -> ResultSet {
    let statics: Vec<bool> = rows
        .columns
        .iter()
        .map(|c| table.is_static(&c.name))
        .collect();
    if statics.iter().any(|s| *s) {
        for row in &mut rows.rows {
            for (v, is_static) in row.iter_mut().zip(&statics) {
                if *is_static {
                    *v = None;
                }
            }
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::mapping::result::ResultColumn;

    /// Recorded: 3.0.24 and 3.11.10 (`ordinary19u`'s ledger: a batch's
    /// failed condition on a static balance showed the first entry's `seq`).
    #[test]
    fn the_first_row_keeps_its_clustering_and_statics() {
        let column = |name: &str| ResultColumn {
            name: name.to_string(),
            type_class: "org.apache.cassandra.db.marshal.Int32Type".to_string(),
        };
        let row = |seq: u8, bal: u8| vec![Some(vec![b'a']), Some(vec![seq]), Some(vec![bal])];
        let read = ResultSet {
            columns: vec![column("id"), column("seq"), column("bal")],
            rows: vec![row(1, 70), row(2, 70)],
        };
        assert_eq!(first_row(read.clone()).rows, vec![row(1, 70)]);
        let none = ResultSet {
            rows: Vec::new(),
            ..read
        };
        assert!(first_row(none).rows.is_empty());
    }
}
