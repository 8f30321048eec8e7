//! Whether a column's value as read satisfies one condition of an `IF`
//! (2.0's `ColumnCondition` bounds and 2.1's operators): scalars,
//! whole collections, a map's entry, a list's element. It must not read.

use crate::cql::ast::ConditionOp;
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::values::{eval, eval_scalar, TermContext};
use crate::cql::table::Table;
use crate::cql::types::{deserialize_collection, CqlType, CqlValue};

/// Whether the column's value as read, `have` (a collection in the
/// u16-count form rows carry; `None`: nothing), satisfies the condition
/// `c`, as 2.0's `ColumnCondition` bounds decided it: a scalar equal to
/// the value; a whole collection holding exactly the literal's elements
/// (a list in order, a set or map in the type's order, `null` and empty
/// alike holding nothing); a map's entry by key (`null`: no entry); a
/// list's element by index, refused out of bounds by 2.0 (2.1: null).
pub(super) fn holds(
    table: &Table,
    c: &crate::cql::ast::ColumnCondition,
    have: Option<&[u8]>,
    ctx: &mut TermContext,
) -> CqlResult<bool> {
    let ty = table
        .column(&c.column)
        .map(|col| col.ty.clone())
        .ok_or_else(|| CqlError::unknown_identifier(&c.column))?;
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
            let receiver = crate::cql::mapping::values::column_receiver(table, column, ctx.values);
            let want = crate::cql::mapping::values::with_receiver(ctx, receiver, |x| {
                eval_scalar(&c.value, &ty, column, x)
            })?;
            Ok(have.map(<[u8]>::to_vec) == want)
        }
        (Some(key), CqlType::Map(kt, vt)) => {
            let entry = map_entry(have, key, kt, column, ctx)?;
            let want = eval_scalar(&c.value, vt, column, ctx)?;
            Ok(match (want, entry) {
                (None, entry) => entry.is_none(),
                (Some(w), Some(v)) => vt.compare(&v, &w).is_eq(),
                (Some(_), None) => false,
            })
        }
        (Some(index), CqlType::List(et)) => {
            let idx = list_index(index, column, ctx)?;
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
    c: &crate::cql::ast::ColumnCondition,
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
            (map_entry(have, key, kt, column, ctx)?, (**vt).clone())
        }
        (Some(index), CqlType::List(et)) => {
            let idx = list_index(index, column, ctx)?;
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

/// The value of the map read (`None`: nothing) at the condition's key.
fn map_entry(
    have: Option<&[u8]>,
    key: &crate::cql::ast::Term,
    kt: &CqlType,
    column: &str,
    ctx: &mut TermContext,
) -> CqlResult<Option<Vec<u8>>> {
    let key = eval_scalar(key, kt, column, ctx)?
        .ok_or_else(|| CqlError::invalid("Invalid null value for map element access"))?;
    Ok(elements(have, true)
        .chunks(2)
        .find(|kv| kt.compare(&kv[0], &key).is_eq())
        .map(|kv| kv[1].clone()))
}

/// The condition's list index, an int (negative ones are the caller's to judge).
fn list_index(
    index: &crate::cql::ast::Term,
    column: &str,
    ctx: &mut TermContext,
) -> CqlResult<i32> {
    let int = CqlType::Native(crate::cql::types::Native::Int);
    let index = eval_scalar(index, &int, column, ctx)?
        .ok_or_else(|| CqlError::invalid("Invalid null value for list element access"))?;
    <[u8; 4]>::try_from(index.as_slice())
        .map(i32::from_be_bytes)
        .map_err(|_| CqlError::invalid("Invalid list index"))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// 2.1's `compareWithOperator`: the column's value on the left; a null
    /// asked compares by presence or is refused, a null held satisfies `!=`.
    #[test]
    fn conditions_compare_the_column_with_the_value() {
        let int = CqlType::Native(crate::cql::types::Native::Int);
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
}
