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
//! A conditional BATCH's own rules live in `batch`; conditions on static
//! columns (2.0.6) are decided on the partition's static part (`statics`).
//!
//! It must not read or write: the executor runs the read and the writes,
//! serialized per partition.

use super::super::ast::{
    Condition, ConditionOp, Operator, Relation, Select, Selection, Selector, Statement, TableName,
    Using,
};
use super::super::error::{CqlError, CqlResult};
use super::super::table::{ColumnRole, Table};
use super::super::types::CqlType;
use super::super::types::{deserialize_collection, CqlValue};
use super::result::{ResultColumn, ResultSet};
use super::values::{eval, eval_scalar, TermContext};

pub mod batch;
pub mod statics;

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
                None => {
                    return Err(CqlError::invalid(format!(
                        "Unknown identifier {}",
                        c.column
                    )))
                }
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
            let rels = i
                .columns
                .iter()
                .zip(&i.values)
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
                    .ok_or_else(|| CqlError::invalid(format!("Unknown identifier {}", c.column)))?;
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

/// Whether the column's value as read, `have` (a collection in the
/// u16-count form rows carry; `None`: nothing), satisfies the condition
/// `c`, as 2.0's `ColumnCondition` bounds decided it: a scalar equal to
/// the value; a whole collection holding exactly the literal's elements
/// (a list in order, a set or map in the type's order, `null` and empty
/// alike holding nothing); a map's entry by key (`null`: no entry); a
/// list's element by index, refused out of bounds by 2.0 (2.1: null).
fn holds(
    table: &Table,
    c: &super::super::ast::ColumnCondition,
    have: Option<&[u8]>,
    ctx: &mut TermContext,
) -> CqlResult<bool> {
    let ty = table
        .column(&c.column)
        .map(|col| col.ty.clone())
        .ok_or_else(|| CqlError::invalid(format!("Unknown identifier {}", c.column)))?;
    let column = c.column.as_str();
    if c.op != ConditionOp::Eq {
        return holds_by_op(c, &ty, have, ctx);
    }
    match (&c.element, &ty) {
        (None, CqlType::List(_) | CqlType::Set(_) | CqlType::Map(..)) => {
            let want = eval(&c.value, &ty, column, ctx)?;
            Ok(collection_equals(&ty, have, want))
        }
        (None, _) => {
            let receiver = super::values::column_receiver(table, column, ctx.values);
            let want = super::values::with_receiver(ctx, receiver, |x| {
                eval_scalar(&c.value, &ty, column, x)
            })?;
            Ok(have.map(<[u8]>::to_vec) == want)
        }
        (Some(key), CqlType::Map(kt, vt)) => {
            let key = eval_scalar(key, kt, column, ctx)?
                .ok_or_else(|| CqlError::invalid("Invalid null value for map element access"))?;
            let want = eval_scalar(&c.value, vt, column, ctx)?;
            let items = elements(have, true);
            let entry = items
                .chunks(2)
                .find(|kv| kt.compare(&kv[0], &key).is_eq())
                .map(|kv| &kv[1]);
            Ok(match (want, entry) {
                (None, entry) => entry.is_none(),
                (Some(w), Some(v)) => vt.compare(v, &w).is_eq(),
                (Some(_), None) => false,
            })
        }
        (Some(index), CqlType::List(et)) => {
            let int = CqlType::Native(super::super::types::Native::Int);
            let index = eval_scalar(index, &int, column, ctx)?
                .ok_or_else(|| CqlError::invalid("Invalid null value for list element access"))?;
            let idx = <[u8; 4]>::try_from(index.as_slice())
                .map(i32::from_be_bytes)
                .map_err(|_| CqlError::invalid("Invalid list index"))?;
            if idx < 0 {
                return Err(CqlError::invalid(format!(
                    "Invalid negative list index {idx}"
                )));
            }
            let items = elements(have, false);
            let item = items.get(idx as usize);
            if item.is_none() && ctx.values.refuses_list_condition_out_of_bounds() {
                return Err(CqlError::invalid(format!(
                    "List index {idx} out of bound, list has size {}",
                    items.len()
                )));
            }
            // 2.1: an element past the end is null, equal to null only;
            // 2.0: a null asked of an element is never held.
            let want = eval_scalar(&c.value, et, column, ctx)?;
            Ok(match (item, want) {
                (Some(item), Some(w)) => et.compare(item, &w).is_eq(),
                (None, None) => true,
                _ => false,
            })
        }
        // Refused by `check`.
        (Some(_), _) => Ok(false),
    }
}

/// 2.1's conditions other than `=` (`ColumnCondition`'s bounds): a
/// scalar, or a map's entry or list's element by its key, compared to
/// the value by the operator, or found among the `IN` values; a whole
/// collection `!=` or `IN` as its equality decided. Ordering a whole
/// collection is not emulated (refused).
fn holds_by_op(
    c: &super::super::ast::ColumnCondition,
    ty: &CqlType,
    have: Option<&[u8]>,
    ctx: &mut TermContext,
) -> CqlResult<bool> {
    let column = c.column.as_str();
    if ty.is_collection() && c.element.is_none() {
        return match &c.op {
            ConditionOp::Neq => {
                let want = eval(&c.value, ty, column, ctx)?;
                Ok(!collection_equals(ty, have, want))
            }
            ConditionOp::In(values) => {
                for v in values {
                    let want = eval(v, ty, column, ctx)?;
                    if collection_equals(ty, have, want) {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            _ => Err(CqlError::Failed(format!(
                "an ordering condition on the whole collection {column}"
            ))),
        };
    }
    // The value compared: the column's, or its entry's or element's.
    let (cell, vty): (Option<Vec<u8>>, CqlType) = match (&c.element, ty) {
        (None, _) => (have.map(<[u8]>::to_vec), ty.clone()),
        (Some(key), CqlType::Map(kt, vt)) => {
            let key = eval_scalar(key, kt, column, ctx)?
                .ok_or_else(|| CqlError::invalid("Invalid null value for map element access"))?;
            let items = elements(have, true);
            let entry = items
                .chunks(2)
                .find(|kv| kt.compare(&kv[0], &key).is_eq())
                .map(|kv| kv[1].clone());
            (entry, (**vt).clone())
        }
        (Some(index), CqlType::List(et)) => {
            let int = CqlType::Native(super::super::types::Native::Int);
            let index = eval_scalar(index, &int, column, ctx)?
                .ok_or_else(|| CqlError::invalid("Invalid null value for list element access"))?;
            let idx = <[u8; 4]>::try_from(index.as_slice())
                .map(i32::from_be_bytes)
                .map_err(|_| CqlError::invalid("Invalid list index"))?;
            let items = elements(have, false);
            let item = usize::try_from(idx)
                .ok()
                .and_then(|i| items.get(i).cloned());
            (item, (**et).clone())
        }
        // Refused by `check`.
        (Some(_), _) => return Ok(false),
    };
    if let ConditionOp::In(values) = &c.op {
        for v in values {
            let want = eval_scalar(v, &vty, column, ctx)?;
            let equal = match (&cell, want) {
                (None, None) => true,
                (Some(have), Some(w)) => vty.compare(have, &w).is_eq(),
                _ => false,
            };
            if equal {
                return Ok(true);
            }
        }
        return Ok(false);
    }
    let want = eval_scalar(&c.value, &vty, column, ctx)?;
    compare_with(&c.op, &vty, cell.as_deref(), want.as_deref())
}

/// `ColumnCondition.compareWithOperator`: the column's value `have` OP the
/// condition's `want`; a null asked compares by presence (`=`, `!=`) or is
/// refused, a null held satisfies `!=` only.
fn compare_with(
    op: &ConditionOp,
    ty: &CqlType,
    have: Option<&[u8]>,
    want: Option<&[u8]>,
) -> CqlResult<bool> {
    let symbol = match op {
        ConditionOp::Eq => "=",
        ConditionOp::Lt => "<",
        ConditionOp::Lte => "<=",
        ConditionOp::Gt => ">",
        ConditionOp::Gte => ">=",
        ConditionOp::Neq => "!=",
        ConditionOp::In(_) => "IN",
    };
    let Some(want) = want else {
        return match op {
            ConditionOp::Eq => Ok(have.is_none()),
            ConditionOp::Neq => Ok(have.is_some()),
            _ => Err(CqlError::invalid(format!(
                "Invalid comparison with null for operator \"{symbol}\""
            ))),
        };
    };
    let Some(have) = have else {
        return Ok(*op == ConditionOp::Neq);
    };
    let order = ty.compare(have, want);
    Ok(match op {
        ConditionOp::Eq => order.is_eq(),
        ConditionOp::Lt => order.is_lt(),
        ConditionOp::Lte => order.is_le(),
        ConditionOp::Gt => order.is_gt(),
        ConditionOp::Gte => order.is_ge(),
        ConditionOp::Neq => order.is_ne(),
        ConditionOp::In(_) => false,
    })
}

/// A collection read (`None`: nothing), as its elements (a map's keys
/// and values alternating).
fn elements(have: Option<&[u8]>, pairs: bool) -> Vec<Vec<u8>> {
    have.and_then(|v| deserialize_collection(v, pairs).ok())
        .unwrap_or_default()
}

/// Whether the collection read holds exactly the literal's elements.
fn collection_equals(ty: &CqlType, have: Option<&[u8]>, want: CqlValue) -> bool {
    let eq = |t: &CqlType, a: &[u8], b: &[u8]| t.compare(a, b).is_eq();
    let same = |t: &CqlType, have: &[Vec<u8>], want: &[Vec<u8>]| {
        have.len() == want.len() && have.iter().zip(want).all(|(a, b)| eq(t, a, b))
    };
    // The literal's elements in the type's order, each once (2.0's
    // `TreeSet` / `TreeMap` of them); the map's last value for a key.
    let sorted = |t: &CqlType, mut items: Vec<(Vec<u8>, Vec<u8>)>| {
        items.sort_by(|a, b| t.compare(&a.0, &b.0));
        let mut out: Vec<(Vec<u8>, Vec<u8>)> = Vec::with_capacity(items.len());
        for it in items {
            match out.last_mut() {
                Some(last) if eq(t, &last.0, &it.0) => *last = it,
                _ => out.push(it),
            }
        }
        out
    };
    match (ty, want) {
        (CqlType::List(e), CqlValue::List(w)) => same(e, &elements(have, false), &w),
        (CqlType::Set(e), CqlValue::Set(w) | CqlValue::List(w)) => {
            let w: Vec<Vec<u8>> = sorted(e, w.into_iter().map(|x| (x, Vec::new())).collect())
                .into_iter()
                .map(|(x, _)| x)
                .collect();
            same(e, &elements(have, false), &w)
        }
        (CqlType::Set(_), CqlValue::Map(w)) if w.is_empty() => elements(have, false).is_empty(),
        (CqlType::Map(k, v), CqlValue::Map(w)) => {
            let w = sorted(k, w);
            let h = elements(have, true);
            h.len() == 2 * w.len()
                && h.chunks(2)
                    .zip(&w)
                    .all(|(kv, (wk, wv))| eq(k, &kv[0], wk) && eq(v, &kv[1], wv))
        }
        // Nothing asked: no element read (the count leads the form).
        (_, CqlValue::Null) => have.is_none_or(|v| v.starts_with(&[0, 0])),
        _ => false,
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

    /// 2.1's `compareWithOperator`: the column's value on the left; a null
    /// asked compares by presence or is refused, a null held satisfies `!=`.
    #[test]
    fn conditions_compare_the_column_with_the_value() {
        let int = CqlType::Native(super::super::super::types::Native::Int);
        let v = |n: i32| n.to_be_bytes().to_vec();
        let cmp = |op: ConditionOp, have: Option<i32>, want: Option<i32>| {
            compare_with(&op, &int, have.map(v).as_deref(), want.map(v).as_deref())
        };
        assert!(cmp(ConditionOp::Gt, Some(100), Some(60)).unwrap());
        assert!(!cmp(ConditionOp::Lt, Some(100), Some(60)).unwrap());
        assert!(cmp(ConditionOp::Lte, Some(60), Some(60)).unwrap());
        assert!(cmp(ConditionOp::Neq, None, Some(5)).unwrap());
        assert!(!cmp(ConditionOp::Gte, None, Some(5)).unwrap());
        assert!(cmp(ConditionOp::Neq, Some(1), None).unwrap());
        assert!(cmp(ConditionOp::Eq, None, None).unwrap());
        let refused = cmp(ConditionOp::Gt, Some(1), None).unwrap_err();
        assert!(refused
            .to_string()
            .contains("Invalid comparison with null for operator \">\""));
    }

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
    fn whole_collections_hold_exactly_the_literal() {
        use crate::cql::types::{serialize_collection, Native};
        let int = || Box::new(CqlType::Native(Native::Int));
        let b = |i: i32| i.to_be_bytes().to_vec();
        let read = |items: &[Vec<u8>], n| {
            let refs: Vec<&[u8]> = items.iter().map(Vec::as_slice).collect();
            serialize_collection(&refs, n)
        };
        let list = CqlType::List(int());
        let have = read(&[b(1), b(2)], 2);
        assert!(collection_equals(
            &list,
            Some(&have),
            CqlValue::List(vec![b(1), b(2)])
        ));
        assert!(!collection_equals(
            &list,
            Some(&have),
            CqlValue::List(vec![b(2), b(1)])
        ));
        // A set in any order, each element once.
        let set = CqlType::Set(int());
        let w = CqlValue::Set(vec![b(2), b(1), b(2)]);
        assert!(collection_equals(&set, Some(&have), w));
        assert!(!collection_equals(
            &set,
            Some(&have),
            CqlValue::Set(vec![b(1)])
        ));
        // Null and empty: nothing read.
        assert!(collection_equals(&set, None, CqlValue::Null));
        assert!(collection_equals(&set, None, CqlValue::Map(vec![])));
        assert!(!collection_equals(&set, Some(&have), CqlValue::Null));
        let map = CqlType::Map(int(), int());
        let have = read(&[b(1), b(10), b(2), b(20)], 2);
        let w = CqlValue::Map(vec![(b(2), b(20)), (b(1), b(10))]);
        assert!(collection_equals(&map, Some(&have), w));
        let w = CqlValue::Map(vec![(b(2), b(20))]);
        assert!(!collection_equals(&map, Some(&have), w));
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
