//! Conditional writes (Cassandra 2.0 lightweight transactions): which
//! statements may carry `IF`, the read that decides them, whether the row
//! read satisfies them, and the `[applied]` result set 2.0 answered with.
//!
//! 2.0's rules kept here: counter tables refuse conditions; `USING
//! TIMESTAMP` is refused with them; conditions name regular columns, a
//! whole collection or (`m[k]`, `l[i]`) one entry of a map or list; `IF NOT EXISTS` holds when the CQL row has no live cell, `IF
//! EXISTS` when it has one, `IF c = v` when the row exists and `c` holds
//! `v` (`null`: holds nothing). When not applied, the result also carries
//! the row as read: every column for `IF NOT EXISTS` / `IF EXISTS`, the
//! conditioned columns (in `IF` order, once each) otherwise; nothing more
//! when the row does not exist.
//!
//! One condition tested against a value read lives in `holds`. A
//! conditional BATCH's own rules live in `batch`; conditions on static
//! columns (2.0.6) are decided on the partition's static part (`statics`).
//!
//! It must not read or write: the executor runs the read and the writes,
//! serialized per partition.

use super::super::ast::{
    Condition, Operator, Relation, Select, Selection, Selector, Statement, TableName, Term, Using,
};
use super::super::error::{CqlError, CqlResult};
use super::super::table::{ColumnRole, Table};
use super::super::types::CqlType;
use super::result::{ResultColumn, ResultSet};
use super::values::TermContext;

pub mod batch;
mod delete_keys;
mod holds;
pub mod statics;

pub use delete_keys::check_delete_keys_30;
use holds::holds;

/// The `[applied]` column's name and type, as 2.0 named them.
pub const APPLIED: &str = "[applied]";
const BOOLEAN: &str = "org.apache.cassandra.db.marshal.BooleanType";

/// A statement's condition, if it has one.
pub enum Conditional<'a> {
    NotExists,
    Exists,
    Columns(&'a [super::super::ast::ColumnCondition]),
}

/// The table a conditional statement writes and its condition; `None`
/// for statements without `IF`.
pub fn conditional(statement: &Statement) -> Option<(&TableName, Conditional<'_>)> {
    match statement {
        Statement::Insert(i) if i.if_not_exists => Some((&i.table, Conditional::NotExists)),
        Statement::Update(u) => u.condition.as_ref().map(|c| (&u.table, wrap(c))),
        Statement::Delete(d) => d.condition.as_ref().map(|c| (&d.table, wrap(c))),
        _ => None,
    }
}

fn wrap(c: &Condition) -> Conditional<'_> {
    match c {
        Condition::Exists => Conditional::Exists,
        Condition::Columns(cs) => Conditional::Columns(cs),
    }
}

fn using(statement: &Statement) -> Option<&Using> {
    match statement {
        Statement::Insert(i) => Some(&i.using),
        Statement::Update(u) => Some(&u.using),
        Statement::Delete(d) => Some(&d.using),
        _ => None,
    }
}

/// 2.0 to 2.2 prepared a conditional statement as any other
/// (`prepareInternal`: its columns looked up as written) before its
/// condition: a column it writes that the table lacks is refused first.
/// 3.0 judged a column condition and the timestamp before, IF [NOT]
/// EXISTS after.
pub fn written_columns_known(table: &Table, statement: &Statement) -> CqlResult<()> {
    let written: Vec<&str> = match statement {
        Statement::Insert(i) => i.columns.iter().map(String::as_str).collect(),
        Statement::Update(u) => u.assignments.iter().map(|a| a.column()).collect(),
        _ => Vec::new(),
    };
    match written.into_iter().find(|c| table.role(c).is_none()) {
        Some(c) => Err(CqlError::unknown_identifier(c)),
        None => Ok(()),
    }
}

/// 2.0's checks of a conditional statement against its table.
pub fn check(table: &Table, statement: &Statement, cond: &Conditional) -> CqlResult<()> {
    if table.is_counter_table() {
        return Err(CqlError::invalid(
            "Conditional updates are not supported on counter tables",
        ));
    }
    if using(statement).is_some_and(|u| u.timestamp.is_some()) {
        return Err(CqlError::invalid(
            "Cannot provide custom timestamp for conditional updates",
        ));
    }
    if let Conditional::Columns(cs) = cond {
        for c in cs.iter() {
            match table.role(&c.column) {
                None => return Err(CqlError::unknown_identifier(&c.column)),
                Some(ColumnRole::Regular(_)) => {}
                // 2.0's `ModificationStatement.prepare` of the conditions.
                Some(_) => {
                    return Err(CqlError::invalid(format!(
                        "PRIMARY KEY column '{}' cannot have IF conditions",
                        c.column
                    )))
                }
            }
            // 2.0's `ColumnCondition.Raw.prepare`: element access on a
            // list or map only.
            let ty = table.column(&c.column).map(|c| c.ty.clone());
            match (&c.element, ty) {
                (Some(_), Some(CqlType::Set(_))) => {
                    return Err(CqlError::invalid(format!(
                        "Invalid element access syntax for set column {}",
                        c.column
                    )))
                }
                (Some(_), Some(t)) if !t.is_collection() => {
                    return Err(CqlError::invalid(format!(
                        "Invalid element access syntax for non-collection column {}",
                        c.column
                    )))
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// `DeleteStatement.validateWhereClauseForConditions` of 2.0 to 2.2: a
/// conditional DELETE (`IF EXISTS` or `IF col = v`) restricts every
/// partition key and clustering column by `=` or `IN`, the first one it
/// does not named. From 2.1 (`statics`) a DELETE of static columns alone
/// names the partition only, and one conditioned on statics alone is
/// refused in words of its own (a regular column deleted: `Primary key
/// column 'c' must be specified in order to delete column 'v'`).
pub fn check_delete_keys(table: &Table, statement: &Statement, statics: bool) -> CqlResult<()> {
    let Statement::Delete(d) = statement else {
        return Ok(());
    };
    let conditioned: Vec<&str> = match &d.condition {
        None => return Ok(()),
        Some(Condition::Exists) => Vec::new(),
        Some(Condition::Columns(cs)) => cs.iter().map(|c| c.column.as_str()).collect(),
    };
    let deleted: Vec<&str> = d
        .columns
        .iter()
        .map(|c| match c {
            super::super::ast::Deletion::Column(c) => c.as_str(),
            super::super::ast::Deletion::Element { column, .. }
            | super::super::ast::Deletion::Field { column, .. } => column.as_str(),
        })
        .collect();
    let only_static_conditions = statics
        && conditioned.iter().any(|c| table.is_static(c))
        && !conditioned.iter().any(|c| !table.is_static(c));
    let only_statics_deleted =
        statics && !deleted.is_empty() && deleted.iter().all(|c| table.is_static(c));
    let restricted = |name: &str| {
        d.where_clause.iter().any(|r| match r {
            Relation::Column { column, op, .. } => {
                column == name && matches!(op, Operator::Eq | Operator::In)
            }
            Relation::MultiColumn { columns, op, .. } => {
                columns.iter().any(|c| c == name) && matches!(op, Operator::Eq | Operator::In)
            }
            Relation::Token { .. } => false,
        })
    };
    // A key column under another operator was refused as the WHERE clause
    // was read, before these checks (`Invalid operator > for PRIMARY KEY
    // part c`): left to the write's own reading of its keys.
    let other_operator = d.where_clause.iter().any(|r| match r {
        Relation::Column { column, op, .. } => {
            !matches!(op, Operator::Eq | Operator::In)
                && !matches!(table.role(column), Some(ColumnRole::Regular(_)) | None)
        }
        _ => false,
    });
    if other_operator {
        return Ok(());
    }
    let keys = table.partition_key.iter();
    let clustering = table
        .clustering
        .iter()
        .map(|c| &c.column)
        .filter(|_| !only_statics_deleted);
    let Some(key) = keys.chain(clustering).find(|c| !restricted(&c.name)) else {
        return Ok(());
    };
    if only_static_conditions {
        if let Some(column) = deleted.iter().find(|c| !table.is_static(c)) {
            return Err(CqlError::invalid(format!(
                "Primary key column '{}' must be specified in order to delete column '{column}'",
                key.name
            )));
        }
    }
    let (part, on) = match only_static_conditions {
        true => ("PARTITION", " on static columns"),
        false => ("PRIMARY", ""),
    };
    Err(CqlError::invalid(format!(
        "DELETE statements must restrict all {part} KEY columns with equality relations in \
         order to use IF conditions{on}, but column '{}' is not restricted",
        key.name
    )))
}

/// The SELECT that reads what the condition is decided on: the statement's
/// CQL row(s), every column, or the conditioned columns.
pub fn read_for(statement: &Statement, table: &Table, cond: &Conditional) -> CqlResult<Select> {
    let selection = match cond {
        Conditional::Columns(cs) => {
            let mut names: Vec<&str> = Vec::new();
            for c in cs.iter() {
                if !names.contains(&c.column.as_str()) {
                    names.push(&c.column);
                }
            }
            columns_selection(names)
        }
        _ => Selection::Wildcard,
    };
    read_rows(statement, table, selection)
}

fn columns_selection<'n>(names: impl IntoIterator<Item = &'n str>) -> Selection {
    Selection::Columns(
        names
            .into_iter()
            .map(|n| (Selector::Column(n.to_string()), None))
            .collect(),
    )
}

/// The SELECT of the CQL row(s) a statement writes, with `selection`.
pub fn read_rows(statement: &Statement, table: &Table, selection: Selection) -> CqlResult<Select> {
    let (name, where_clause) = match statement {
        Statement::Insert(i) => {
            // An `INSERT ... JSON` reads the row its map's key names (a
            // map given by a marker is read when its values are bound).
            let expanded = match i.json {
                Some(Term::Constant(_)) => super::json_insert::expand(table, i, &[])?,
                _ => None,
            };
            let given = expanded.as_ref().unwrap_or(i);
            let rels = given
                .columns
                .iter()
                .zip(&given.values)
                .filter(|(c, _)| !matches!(table.role(c), Some(ColumnRole::Regular(_)) | None))
                .map(|(c, v)| Relation::Column {
                    column: c.clone(),
                    op: Operator::Eq,
                    value: v.clone(),
                })
                .collect();
            (&i.table, rels)
        }
        Statement::Update(u) => (&u.table, u.where_clause.clone()),
        Statement::Delete(d) => (&d.table, d.where_clause.clone()),
        _ => {
            return Err(CqlError::invalid(
                "Only INSERT, UPDATE and DELETE statements take conditions",
            ))
        }
    };
    Ok(Select {
        table: name.clone(),
        selection,
        where_clause,
        order_by: Vec::new(),
        group_by: Vec::new(),
        per_partition_limit: None,
        limit: None,
        allow_filtering: false,
        distinct: false,
        json: false,
    })
}

/// What a conditional statement is decided on: 2.0.6 read the statement's
/// CQL row for its `IF NOT EXISTS`, `IF EXISTS` and conditions on regular
/// columns, and the partition's static part for conditions on static
/// columns and for the `IF NOT EXISTS` of a statement writing static
/// columns only.
#[derive(Debug, Clone)]
pub struct ConditionReads {
    /// The statement's CQL row(s): every column, or the conditioned
    /// regular columns.
    pub row: Option<Select>,
    /// The partition's first CQL row: every column for a static `IF NOT
    /// EXISTS`, else every static column.
    pub statics: Option<Select>,
}

/// What the executor reads before deciding `cond` (see [`decide`]).
pub fn reads_for(
    statement: &Statement,
    table: &Table,
    cond: &Conditional,
) -> CqlResult<ConditionReads> {
    let (regular, fixed): (Vec<&str>, Vec<&str>) = match cond {
        Conditional::Columns(cs) => {
            let mut names: Vec<&str> = Vec::new();
            for c in cs.iter() {
                if !names.contains(&c.column.as_str()) {
                    names.push(&c.column);
                }
            }
            names.into_iter().partition(|n| !table.is_static(n))
        }
        Conditional::NotExists if statics::sets_only_statics(table, statement) => {
            let row = read_rows(statement, table, Selection::Wildcard)?;
            return Ok(ConditionReads {
                row: None,
                statics: Some(statics::static_part(table, row, Selection::Wildcard)),
            });
        }
        _ => {
            return Ok(ConditionReads {
                row: Some(read_for(statement, table, cond)?),
                statics: None,
            })
        }
    };
    let row = match regular.is_empty() {
        true => None,
        false => Some(read_rows(statement, table, columns_selection(regular))?),
    };
    let statics = match fixed.is_empty() {
        true => None,
        false => {
            let whole = read_rows(statement, table, Selection::Wildcard)?;
            let all = columns_selection(statics::static_columns(table));
            Some(statics::static_part(table, whole, all))
        }
    };
    Ok(ConditionReads { row, statics })
}

/// Decides `cond` on what [`reads_for`]'s reads returned: whether it
/// holds, and 2.0's reply: `[applied]`, and when not applied what was read (see the module
/// header; a static condition's column follows the regular ones, as 2.0.6
/// listed them, and shows the partition's static value).
pub fn decide(
    table: &Table,
    cond: &Conditional,
    row: Option<ResultSet>,
    fixed: Option<ResultSet>,
    missing: MissingRow,
    ctx: &mut TermContext,
) -> CqlResult<(bool, ResultSet)> {
    let empty = || ResultSet {
        columns: Vec::new(),
        rows: Vec::new(),
    };
    let Conditional::Columns(cs) = cond else {
        if let Some(part) = fixed {
            // A static IF NOT EXISTS: does the partition have a live static value?
            let part = statics::static_row(table, part);
            let applied = part.rows.is_empty();
            return Ok((applied, result(applied, part)));
        }
        let current = statics::without_statics(table, row.unwrap_or_else(empty));
        let applied = applies(table, cond, &current, missing, ctx)?;
        return Ok((applied, result(applied, current)));
    };
    if fixed.is_none() {
        let current = row.unwrap_or_else(empty);
        let applied = applies(table, cond, &current, missing, ctx)?;
        return Ok((applied, result(applied, current)));
    }
    let part = fixed.as_ref().and_then(|f| statics::live_statics(table, f));
    let row = row.unwrap_or_else(empty);
    let mut applied = missing == MissingRow::HoldsNulls || part.is_some() || !row.rows.is_empty();
    for c in cs.iter() {
        if table.is_static(&c.column) {
            let have = part
                .iter()
                .flatten()
                .find(|(name, _)| *name == c.column)
                .and_then(|(_, v)| v.clone());
            applied &= holds(table, c, have.as_deref(), ctx)?;
        } else if let Some(at) = row.columns.iter().position(|rc| rc.name == c.column) {
            applied &= match row.rows.is_empty() {
                true => holds(table, c, None, ctx)?,
                false => {
                    let mut all = true;
                    for r in &row.rows {
                        all &= holds(table, c, r[at].as_deref(), ctx)?;
                    }
                    all
                }
            };
        }
    }
    // The reply: the conditioned regular columns, then the static ones.
    let regular = row.columns.len();
    let mut columns = row.columns.clone();
    for c in cs.iter() {
        if table.is_static(&c.column) && !columns.iter().any(|rc| rc.name == c.column) {
            let ty = table.column(&c.column).map(|col| col.ty.class_name());
            columns.push(ResultColumn {
                name: c.column.clone(),
                type_class: ty.unwrap_or_default(),
            });
        }
    }
    let static_value = |name: &str| {
        part.iter()
            .flatten()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.clone())
    };
    let extend = |mut r: Vec<Option<Vec<u8>>>| {
        r.extend(columns[regular..].iter().map(|c| static_value(&c.name)));
        r
    };
    let rows = match (row.rows.is_empty(), &part) {
        (false, _) => row.rows.into_iter().map(extend).collect(),
        (true, Some(_)) => vec![extend(vec![None; regular])],
        (true, None) => Vec::new(),
    };
    Ok((applied, result(applied, ResultSet { columns, rows })))
}

/// What a column condition met where the row did not exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissingRow {
    /// 2.0: no condition held (`CQL3CasConditions` was handed no columns).
    Fails,
    /// 2.1 on: each condition was read against nothing (`StorageProxy.cas`
    /// read an empty partition), so `IF c = null` held.
    HoldsNulls,
}

/// Whether `current` (the rows `read_for` returned) satisfies the condition.
pub fn applies(
    table: &Table,
    cond: &Conditional,
    current: &ResultSet,
    missing: MissingRow,
    ctx: &mut TermContext,
) -> CqlResult<bool> {
    match cond {
        Conditional::NotExists => Ok(current.rows.is_empty()),
        Conditional::Exists => Ok(!current.rows.is_empty()),
        Conditional::Columns(cs) => {
            if current.rows.is_empty() {
                if missing == MissingRow::Fails {
                    return Ok(false);
                }
                for c in cs.iter() {
                    if !holds(table, c, None, ctx)? {
                        return Ok(false);
                    }
                }
                return Ok(true);
            }
            for c in cs.iter() {
                let at = current
                    .columns
                    .iter()
                    .position(|rc| rc.name == c.column)
                    .ok_or_else(|| CqlError::unknown_identifier(&c.column))?;
                for row in &current.rows {
                    if !holds(table, c, row[at].as_deref(), ctx)? {
                        return Ok(false);
                    }
                }
            }
            Ok(true)
        }
    }
}

/// 2.0's reply: `[applied]`, then (not applied) the rows as read.
pub fn result(applied: bool, current: ResultSet) -> ResultSet {
    let flag = ResultColumn {
        name: APPLIED.to_string(),
        type_class: BOOLEAN.to_string(),
    };
    let value = Some(vec![u8::from(applied)]);
    if applied || current.rows.is_empty() {
        return ResultSet {
            columns: vec![flag],
            rows: vec![vec![value]],
        };
    }
    let mut columns = vec![flag];
    columns.extend(current.columns);
    let rows = current
        .rows
        .into_iter()
        .map(|row| {
            let mut r = vec![value.clone()];
            r.extend(row);
            r
        })
        .collect();
    ResultSet { columns, rows }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rs(rows: Vec<Vec<Option<Vec<u8>>>>) -> ResultSet {
        ResultSet {
            columns: vec![ResultColumn {
                name: "v".into(),
                type_class: "org.apache.cassandra.db.marshal.UTF8Type".into(),
            }],
            rows,
        }
    }

    #[test]
    fn applied_alone_when_applied_or_no_row() {
        let r = result(true, rs(vec![vec![Some(b"x".to_vec())]]));
        assert_eq!(r.columns.len(), 1);
        assert_eq!(r.columns[0].name, APPLIED);
        assert_eq!(r.rows, vec![vec![Some(vec![1])]]);
        let r = result(false, rs(vec![]));
        assert_eq!(r.rows, vec![vec![Some(vec![0])]]);
    }

    #[test]
    fn a_conditional_writes_unknown_column_is_met_first() {
        use crate::cql::{parse_with, Grammar};
        let Statement::CreateTable(ct) = parse_with(
            "CREATE TABLE t (k text PRIMARY KEY, v text)",
            Grammar::WithStatics,
        )
        .unwrap()
        .statement
        else {
            panic!("not a CREATE TABLE")
        };
        let table = Table::from_create("ks", &ct).unwrap();
        let insert =
            "INSERT INTO t (k, v, x64) VALUES ('k', 'a', 1) IF NOT EXISTS USING TIMESTAMP 5";
        let statement = parse_with(insert, Grammar::WithStatics).unwrap().statement;
        let refused = written_columns_known(&table, &statement).unwrap_err();
        assert_eq!(refused.to_string(), "Unknown identifier x64");
        let update = "UPDATE t SET v = 'b' WHERE k = 'k' IF v = 'a'";
        let statement = parse_with(update, Grammar::WithStatics).unwrap().statement;
        assert!(written_columns_known(&table, &statement).is_ok());
    }

    #[test]
    fn not_applied_carries_the_rows_read() {
        let r = result(false, rs(vec![vec![Some(b"x".to_vec())], vec![None]]));
        let names: Vec<&str> = r.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, [APPLIED, "v"]);
        assert_eq!(
            r.rows,
            vec![
                vec![Some(vec![0]), Some(b"x".to_vec())],
                vec![Some(vec![0]), None]
            ]
        );
    }
}
