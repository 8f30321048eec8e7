//! One SET assignment (or INSERT value) → cell operations, as 1.2.9 did
//! them: scalars and nulls, whole-collection overwrites (range tombstone at
//! timestamp − 1, then the elements), element puts and removals, list
//! appends/prepends with time UUIDs and index operations that read the
//! current list, counter increments.
//!
//! It must not decide which rows a statement touches (see `write`, `keys`).

use super::super::ast::{Assignment, Term};
use super::super::error::{CqlError, CqlResult};
use super::super::table::Table;
use super::super::types::{CqlType, CqlValue, Native, UserTypeDef};
use super::context::{Stamp, WriteContext};
use super::names::{cell_name, prefix_range};
use super::value_rules::ValueRules;
use super::values::{
    check_element, column_receiver, eval, eval_counter_delta, eval_scalar, list_index,
    spec_receiver, Element, TermContext,
};
use super::CqlOp;

pub(super) fn column_type(table: &Table, column: &str) -> CqlType {
    table
        .column(column)
        .map(|c| c.ty.clone())
        .unwrap_or(CqlType::Native(Native::Blob))
}

/// 3.0's `ParsedInsert` prepared each regular column's value in its loop
/// over the columns and left the key columns' to the WHERE clause it built,
/// prepared after (as `ParsedUpdate` its SET operations before its WHERE
/// clause): a literal a regular column's type refuses is met before a key
/// column's, and before the statement's TTL or timestamp. Checks those
/// literals alone (a bind marker's value is read in its turn).
pub(super) fn regular_literals_first(
    table: &Table,
    assignments: &[Assignment],
    ctx: &mut WriteContext,
) -> CqlResult<()> {
    if ctx.values < ValueRules::Since30 {
        return Ok(());
    }
    for a in assignments {
        literal_checked(table, a, ctx)?;
    }
    Ok(())
}

/// A regular column's SET to a literal, read as its column's type would
/// read it: every release from 1.2 prepared an UPDATE's operations one by
/// one as written (`Constants.Literal.prepare` parsed the text), so the
/// literal is refused before a later assignment's unknown column.
pub(super) fn literal_checked(
    table: &Table,
    a: &Assignment,
    ctx: &mut WriteContext,
) -> CqlResult<()> {
    let Assignment::Set { column, value } = a else {
        return Ok(());
    };
    value_checked(table, column, value, ctx)
}

/// A column's literal `value` (a key column's too), read as its type would
/// read it; other terms are read in their turn.
pub(super) fn value_checked(
    table: &Table,
    column: &str,
    value: &Term,
    ctx: &mut WriteContext,
) -> CqlResult<()> {
    let ty = column_type(table, column);
    if matches!(value, Term::Constant(_)) && !ty.is_collection() && !ty.is_counter() {
        let mut tctx = ctx.terms();
        tctx.receiver = column_receiver(table, column, tctx.values);
        eval_scalar(value, &ty, column, &mut tctx)?;
    }
    Ok(())
}

pub(super) fn compact_assignment(
    table: &Table,
    ck: &[Vec<u8>],
    a: &Assignment,
    st: &Stamp,
    ctx: &mut WriteContext,
    ops: &mut Vec<CqlOp>,
) -> CqlResult<()> {
    let column = a.column();
    let ty = column_type(table, column);
    let name = cell_name(table, ck, column, None)?;
    let mut tctx = ctx.terms();
    tctx.receiver = column_receiver(table, column, tctx.values);
    match a {
        Assignment::Set { value, .. } => match eval_scalar(value, &ty, column, &mut tctx)? {
            Some(v) => ops.push(st.cell(name, v)),
            None => ops.push(st.tombstone(name)),
        },
        Assignment::Add { value, .. } | Assignment::Subtract { value, .. } if ty.is_counter() => {
            let delta = eval_counter_delta(value, column, &mut tctx)?;
            let delta = if matches!(a, Assignment::Subtract { .. }) {
                delta.checked_neg().ok_or_else(|| {
                    CqlError::invalid(format!(
                        "The negation of {delta} overflows supported counter precision (signed 8 bytes integer)"
                    ))
                })?
            } else {
                delta
            };
            ops.push(CqlOp::CounterAdd {
                name,
                delta,
                timestamp: st.timestamp,
            });
        }
        _ => return Err(unsuited(a, &ty, column, &mut tctx)),
    }
    Ok(())
}

pub(super) fn sparse_assignment(
    table: &Table,
    key: &[u8],
    ck: &[Vec<u8>],
    a: &Assignment,
    st: &Stamp,
    ctx: &mut WriteContext,
    ops: &mut Vec<CqlOp>,
) -> CqlResult<()> {
    let column = a.column();
    let ty = column_type(table, column);
    match (a, &ty) {
        (Assignment::Set { value, .. }, t) if t.is_collection() => {
            let v = eval(value, t, column, &mut ctx.terms())?;
            // Overwrite: delete what was there just before this write.
            ops.push(st.range(
                prefix_range(table, ck, Some(column))?,
                st.timestamp.saturating_sub(1),
            ));
            add_elements(table, ck, column, v, st, ctx, ops, false)?;
        }
        // 3.11's `UserTypes.Setter` of a multi-cell user type: the old
        // fields deleted just before, then each field that is not null.
        (Assignment::Set { value, .. }, t) if t.is_multi_cell_user() => {
            let mut tctx = ctx.terms();
            tctx.receiver = column_receiver(table, column, tctx.values);
            let v = eval_scalar(value, t, column, &mut tctx)?;
            ops.push(st.range(
                prefix_range(table, ck, Some(column))?,
                st.timestamp.saturating_sub(1),
            ));
            if let Some(v) = v {
                let fields =
                    crate::marshal::split_components(&v).map_err(|e| CqlError::invalid(e.0))?;
                for (i, f) in fields.iter().enumerate() {
                    if let Some(f) = f {
                        let path = UserTypeDef::field_path(i);
                        ops.push(st.cell(cell_name(table, ck, column, Some(&path))?, f.to_vec()));
                    }
                }
            }
        }
        // 3.11's `UserTypes.SetterByField`: the field's cell (a null one
        // deleted).
        (Assignment::SetField { field, value, .. }, _) => {
            let (at, ft) = user_field(a, &ty)?;
            let spec = format!("{column}.{field}");
            let mut tctx = ctx.terms();
            tctx.receiver = Some(spec_receiver(&spec, &ft, tctx.values));
            // A refusal quotes the receiver's name (`"u.f"`, which is no
            // plain identifier).
            let quoted = format!("\"{spec}\"");
            let name = cell_name(table, ck, column, Some(&UserTypeDef::field_path(at)))?;
            match eval_scalar(value, &ft, &quoted, &mut tctx)? {
                Some(v) => ops.push(st.cell(name, v)),
                None => ops.push(st.tombstone(name)),
            }
        }
        (Assignment::Set { value, .. }, t) => {
            let mut tctx = ctx.terms();
            // 2.1's UserTypes.Literal and function calls printed their
            // receiver, the column's ColumnDefinition.
            tctx.receiver = column_receiver(table, column, tctx.values);
            // A frozen collection's whole cell was written in the v3 form
            // whatever the protocol (2.1's `Maps.Setter` and the like:
            // `getWithProtocolVersion(Server.CURRENT_VERSION)`); only a key
            // or an element bound over Thrift took version 2's.
            if matches!(t, CqlType::Frozen(inner) if inner.is_collection()) {
                tctx.frozen_as_v2 = false;
            }
            let name = cell_name(table, ck, column, None)?;
            match eval_scalar(value, t, column, &mut tctx)? {
                Some(v) => ops.push(st.cell(name, v)),
                None => ops.push(st.tombstone(name)),
            }
        }
        (Assignment::Add { .. } | Assignment::Subtract { .. }, t) if t.is_counter() => {
            compact_assignment(table, ck, a, st, ctx, ops)?
        }
        (Assignment::Add { value, .. }, t) if t.is_collection() => {
            let v = eval(value, t, column, &mut ctx.terms())?;
            add_elements(table, ck, column, v, st, ctx, ops, false)?;
        }
        (Assignment::Prepend { value, .. }, CqlType::List(_)) => {
            let v = eval(value, &ty, column, &mut ctx.terms())?;
            add_elements(table, ck, column, v, st, ctx, ops, true)?;
        }
        (Assignment::Subtract { value, .. }, CqlType::Set(_)) => {
            if let CqlValue::Set(items) = eval(value, &ty, column, &mut ctx.terms())? {
                for e in items {
                    ops.push(st.tombstone(cell_name(table, ck, column, Some(&e))?));
                }
            }
        }
        // 2.1 on: a map less a set of its keys (`Operation.Substraction`
        // prepares the term for a set of the map's key type).
        (Assignment::Subtract { value, .. }, CqlType::Map(kt, _))
            if ctx.values >= ValueRules::Since21 =>
        {
            let keys = CqlType::Set(kt.clone());
            // `SetType.getInstance(keys, false)`: a set that is not
            // multi-cell, which refusals name `frozen<set<k>>`.
            let named = CqlType::Frozen(Box::new(keys.clone()));
            let literal = match value {
                Term::List(_) => Some("list"),
                Term::Map(entries) if !entries.is_empty() => Some("map"),
                _ => None,
            };
            if let Some(kind) = literal {
                return Err(CqlError::invalid(format!(
                    "Invalid {kind} literal for {column} of type {}",
                    named.cql_name()
                )));
            }
            eval(value, &named, column, &mut ctx.terms())?;
            if let CqlValue::Set(items) = eval(value, &keys, column, &mut ctx.terms())? {
                for e in items {
                    ops.push(st.tombstone(cell_name(table, ck, column, Some(&e))?));
                }
            }
        }
        (Assignment::Subtract { value, .. }, CqlType::List(_)) => {
            if let CqlValue::List(items) = eval(value, &ty, column, &mut ctx.terms())? {
                let (start, end) = prefix_range(table, ck, Some(column))?;
                for cell in ctx.lists.list_cells(table, key, &start, &end)? {
                    if items.contains(&cell.value) {
                        ops.push(st.tombstone(cell.name));
                    }
                }
            }
        }
        (Assignment::SetElement { key: k, value, .. }, CqlType::Map(kt, vt)) => {
            let mut tctx = ctx.terms();
            // `Maps.keySpecOf` and `valueSpecOf`: the element's receivers,
            // which name the key `key(m)` and the value `value(m)` in
            // refusals of their terms.
            let (key_spec, value_spec) = (format!("key({column})"), format!("value({column})"));
            tctx.receiver = Some(spec_receiver(&key_spec, kt, tctx.values));
            let mk = eval_scalar(k, kt, &key_spec, &mut tctx)?
                .ok_or_else(|| CqlError::invalid("Invalid null map key"))?;
            let name = cell_name(table, ck, column, Some(&mk))?;
            tctx.receiver = Some(spec_receiver(&value_spec, vt, tctx.values));
            match eval_scalar(value, vt, &value_spec, &mut tctx)? {
                Some(v) => {
                    check_element(Element::MapValue, &v)?;
                    ops.push(st.cell(name, v))
                }
                None => ops.push(st.tombstone(name)),
            }
        }
        (Assignment::SetElement { key: k, value, .. }, CqlType::List(et)) => {
            let mut tctx = ctx.terms();
            let idx = list_index(k, column, &mut tctx)?;
            // `Lists.valueSpecOf`: the value's receiver is `value(l)`.
            let value_spec = format!("value({column})");
            tctx.receiver = Some(spec_receiver(&value_spec, et, tctx.values));
            let v = eval_scalar(value, et, &value_spec, &mut tctx)?;
            let existing = existing_element(table, key, ck, column, idx, false, ctx)?;
            match v {
                Some(v) => {
                    check_element(Element::ListValue, &v)?;
                    ops.push(st.cell(existing, v))
                }
                None => ops.push(st.tombstone(existing)),
            }
        }
        _ => return Err(unsuited(a, &ty, column, &mut ctx.terms())),
    }
    Ok(())
}

/// The position and type of the field a `u.f = v` sets, as 3.11's
/// `Operation.SetField.prepare` checked it: a user type's column, not
/// frozen, with that field.
pub(super) fn user_field(a: &Assignment, ty: &CqlType) -> CqlResult<(usize, CqlType)> {
    let Assignment::SetField {
        column,
        field,
        value,
    } = a
    else {
        return Err(CqlError::invalid("not a field assignment"));
    };
    let op = format!("{column}.{field} = {}", value.as_written());
    let CqlType::User(u) = ty else {
        return Err(CqlError::invalid(format!(
            "Invalid operation ({op}) for non-UDT column {column}"
        )));
    };
    if !u.multi_cell {
        return Err(CqlError::invalid(format!(
            "Invalid operation ({op}) for frozen UDT column {column}"
        )));
    }
    let at = u.position(field).ok_or_else(|| {
        CqlError::invalid(format!(
            "UDT column {column} does not have a field named {field}"
        ))
    })?;
    Ok((at, u.fields[at].1.clone()))
}

/// The field a `DELETE u.f` deletes, as 3.11's
/// `Operation.FieldDeletion.prepare` checked it.
pub(super) fn deleted_field(ty: &CqlType, column: &str, field: &str) -> CqlResult<usize> {
    let CqlType::User(u) = ty else {
        return Err(CqlError::invalid(format!(
            "Invalid field deletion operation for non-UDT column {column}"
        )));
    };
    if !u.multi_cell {
        return Err(CqlError::invalid(format!(
            "Frozen UDT column {column} does not support field deletions"
        )));
    }
    u.position(field).ok_or_else(|| {
        CqlError::invalid(format!(
            "UDT column {column} does not have a field named {field}"
        ))
    })
}

/// What `prepare` refused of an assignment to a key column before the
/// statement refused the key column itself (`found in SET part`, 1.2 to
/// 2.2): a constant the column's type does not take, or an operation it
/// does not take.
pub(super) fn key_assignment_refusal(
    a: &Assignment,
    ty: &CqlType,
    ctx: &mut WriteContext,
) -> Option<CqlError> {
    match a {
        Assignment::Set {
            value: value @ Term::Constant(_),
            column,
        } => eval_scalar(value, ty, column, &mut ctx.terms()).err(),
        Assignment::Set { .. } => None,
        _ => operation_refusal(a, ty).map(|_| unsuited(a, ty, a.column(), &mut ctx.terms())),
    }
}

/// The refusal of an assignment `ty` does not take (`operation_refusal`),
/// its term checked against the column first as `prepare` did.
fn unsuited(a: &Assignment, ty: &CqlType, column: &str, ctx: &mut TermContext) -> CqlError {
    if let Assignment::Add { value, .. }
    | Assignment::Subtract { value, .. }
    | Assignment::Prepend { value, .. } = a
    {
        if let Err(e) = eval(value, ty, column, ctx) {
            return e;
        }
    }
    let why = operation_refusal(a, ty)
        .or_else(|| map_subtraction(a, ty))
        .unwrap_or_else(|| format!("Invalid operation for {} column {column}", ty.cql_name()));
    CqlError::invalid(why)
}

/// Why `Operation`'s `prepare` refused an assignment to a column of type
/// `ty` (1.2 to 3.11 alike), the raw operation printed as its `toString`
/// did: the column's name and the term as written (a string quoted, a
/// marker `?`), a prepend with a minus (`age = 1 - age`). `None` when the
/// column takes it. An addition or subtraction's term, and a prepend's,
/// was checked against the column before (`Invalid STRING constant ...`).
pub(super) fn operation_refusal(a: &Assignment, ty: &CqlType) -> Option<String> {
    let c = a.column();
    // 2.1's frozen collection was a collection type that was not multi-cell:
    // an addition, subtraction or element operation on it named it so.
    let frozen = matches!(ty, CqlType::Frozen(inner) if inner.is_collection());
    match a {
        Assignment::Add { value, .. }
        | Assignment::Subtract { value, .. }
        | Assignment::SetElement { value, .. }
            if frozen =>
        {
            let v = value.as_written();
            let op = match a {
                Assignment::Add { .. } => format!("{c} = {c} + {v}"),
                Assignment::Subtract { .. } => format!("{c} = {c} - {v}"),
                Assignment::SetElement { key, .. } => format!("{c}[{}] = {v}", key.as_written()),
                _ => unreachable!("matched above"),
            };
            Some(format!(
                "Invalid operation ({op}) for frozen collection column {c}"
            ))
        }
        Assignment::Add { value, .. } | Assignment::Subtract { value, .. }
            if !ty.is_counter() && !ty.is_collection() =>
        {
            let op = if matches!(a, Assignment::Add { .. }) {
                "+"
            } else {
                "-"
            };
            let v = value.as_written();
            Some(format!(
                "Invalid operation ({c} = {c} {op} {v}) for non counter column {c}"
            ))
        }
        Assignment::Prepend { value, .. } if !matches!(ty, CqlType::List(_)) => {
            let v = value.as_written();
            Some(format!(
                "Invalid operation ({c} = {v} - {c}) for non list column {c}"
            ))
        }
        Assignment::SetElement { key, value, .. }
            if !ty.is_collection() || matches!(ty, CqlType::Set(_)) =>
        {
            let (k, v) = (key.as_written(), value.as_written());
            let kind = if ty.is_collection() {
                "set"
            } else {
                "non collection"
            };
            Some(format!(
                "Invalid operation ({c}[{k}] = {v}) for {kind} column {c}"
            ))
        }
        _ => None,
    }
}

/// 1.2 and 2.0's refusal of a map less anything its type took (a map
/// literal: `Operation.Substraction` knew no MAP); 2.1 on takes a set of
/// its keys and never gets here.
fn map_subtraction(a: &Assignment, ty: &CqlType) -> Option<String> {
    match (a, ty) {
        (Assignment::Subtract { value, column }, CqlType::Map(..)) => Some(format!(
            "Invalid operation ({column} = {column} - {}) for map column {column}",
            value.as_written()
        )),
        _ => None,
    }
}

/// The stored name of the `idx`-th element of a list, checking bounds;
/// `deleting` for a deletion by index (2.1 on worded a list without
/// elements as null, for each of the two).
pub(super) fn existing_element(
    table: &Table,
    key: &[u8],
    ck: &[Vec<u8>],
    column: &str,
    idx: i64,
    deleting: bool,
    ctx: &WriteContext,
) -> CqlResult<Vec<u8>> {
    let (start, end) = prefix_range(table, ck, Some(column))?;
    let cells = ctx.lists.list_cells(table, key, &start, &end)?;
    if cells.is_empty() && ctx.null_list_words {
        return Err(CqlError::invalid(match deleting {
            true => "Attempted to delete an element from a list which is null",
            false => "Attempted to set an element on a list which is null",
        }));
    }
    if idx < 0 || idx as usize >= cells.len() {
        return Err(CqlError::invalid(format!(
            "List index {idx} out of bound, list has size {}",
            cells.len()
        )));
    }
    Ok(cells[idx as usize].name.clone())
}

#[allow(clippy::too_many_arguments)]
fn add_elements(
    table: &Table,
    ck: &[Vec<u8>],
    column: &str,
    v: CqlValue,
    st: &Stamp,
    ctx: &mut WriteContext,
    ops: &mut Vec<CqlOp>,
    prepend: bool,
) -> CqlResult<()> {
    match v {
        CqlValue::Null | CqlValue::Bytes(_) => {}
        CqlValue::List(items) => {
            for e in items {
                let uuid = if prepend {
                    ctx.uuids.next_prepend(ctx.now_millis)
                } else {
                    ctx.uuids.next(ctx.now_millis)
                };
                ops.push(st.cell(cell_name(table, ck, column, Some(&uuid))?, e));
            }
        }
        CqlValue::Set(items) => {
            for e in items {
                ops.push(st.cell(cell_name(table, ck, column, Some(&e))?, Vec::new()));
            }
        }
        CqlValue::Map(entries) => {
            for (k, e) in entries {
                ops.push(st.cell(cell_name(table, ck, column, Some(&k))?, e));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::super::ast::{Constant, ConstantKind, Term};
    use super::*;

    fn constant(kind: ConstantKind, text: &str) -> Term {
        Term::Constant(Constant {
            kind,
            text: text.to_string(),
        })
    }

    /// 1.2.9 to 3.11.10's words (`rel_cqlops`).
    #[test]
    fn an_operation_the_column_does_not_take_is_printed_as_written() {
        let int = CqlType::Native(Native::Int);
        let add = |value| Assignment::Add {
            column: "age".into(),
            value,
        };
        let why = |a: &Assignment, ty: &CqlType| operation_refusal(a, ty).unwrap();
        assert_eq!(
            why(&add(constant(ConstantKind::Integer, "-5")), &int),
            "Invalid operation (age = age + -5) for non counter column age"
        );
        assert_eq!(
            why(&add(Term::Bind(0)), &int),
            "Invalid operation (age = age + ?) for non counter column age"
        );
        let text = CqlType::Native(Native::Text);
        let sub = Assignment::Subtract {
            column: "name".into(),
            value: constant(ConstantKind::String, "it's"),
        };
        assert_eq!(
            why(&sub, &text),
            "Invalid operation (name = name - 'it's') for non counter column name"
        );
        let prepend = Assignment::Prepend {
            column: "age".into(),
            value: constant(ConstantKind::Integer, "1"),
        };
        assert_eq!(
            why(&prepend, &int),
            "Invalid operation (age = 1 - age) for non list column age"
        );
        let element = Assignment::SetElement {
            column: "age".into(),
            key: constant(ConstantKind::Integer, "0"),
            value: constant(ConstantKind::Integer, "1"),
        };
        assert_eq!(
            why(&element, &int),
            "Invalid operation (age[0] = 1) for non collection column age"
        );
        let list = CqlType::List(Box::new(int.clone()));
        assert_eq!(operation_refusal(&add(Term::Bind(0)), &list), None);
        assert_eq!(
            operation_refusal(&add(Term::Bind(0)), &CqlType::Native(Native::Counter)),
            None
        );
    }
}
