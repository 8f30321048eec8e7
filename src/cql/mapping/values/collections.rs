//! Collection values: literals (their elements' kinds and values, sorted
//! and deduplicated as Java's sets and maps did), bound collections in
//! their serialized form, frozen collections as bytes, and the element
//! length a collection could carry.
//!
//! Owns only collections; any other term is [`super::eval`]'s.

use super::super::super::ast::{ConstantKind, Term};
use super::super::super::error::{CqlError, CqlResult};
use super::super::super::types::{CqlType, CqlValue, Native};
use super::super::value_rules::ValueRules;
use super::functions::function_returns;
use super::{eval, TermContext};
use std::cmp::Ordering;

/// A collection literal for a frozen collection: its v3 form (2.1's
/// `CollectionSerializer` at protocol version 3, as nested values are).
pub(super) fn frozen_literal(
    term: &Term,
    inner: &CqlType,
    column: &str,
    ctx: &mut TermContext,
) -> CqlResult<CqlValue> {
    let v2 = std::mem::replace(&mut ctx.frozen_as_v2, false);
    let v = eval(term, inner, column, ctx);
    ctx.frozen_as_v2 = v2;
    let v = v?;
    if v2 {
        let bytes = match &v {
            CqlValue::List(items) | CqlValue::Set(items) => {
                let refs: Vec<&[u8]> = items.iter().map(Vec::as_slice).collect();
                super::super::super::types::serialize_collection(&refs, items.len())
            }
            CqlValue::Map(entries) => {
                let refs: Vec<&[u8]> = entries
                    .iter()
                    .flat_map(|(k, v)| [k.as_slice(), v.as_slice()])
                    .collect();
                super::super::super::types::serialize_collection(&refs, entries.len())
            }
            other => frozen_bytes(other),
        };
        return Ok(CqlValue::Bytes(bytes));
    }
    Ok(CqlValue::Bytes(frozen_bytes(&v)))
}

/// A collection value in the v3 form.
pub fn frozen_bytes(v: &CqlValue) -> Vec<u8> {
    use crate::marshal::write_v3_collection;
    match v {
        CqlValue::Null => Vec::new(),
        CqlValue::Bytes(b) => b.clone(),
        CqlValue::List(items) | CqlValue::Set(items) => {
            let refs: Vec<&[u8]> = items.iter().map(Vec::as_slice).collect();
            write_v3_collection(&refs, items.len())
        }
        CqlValue::Map(entries) => {
            let refs: Vec<&[u8]> = entries
                .iter()
                .flat_map(|(k, v)| [k.as_slice(), v.as_slice()])
                .collect();
            write_v3_collection(&refs, entries.len())
        }
    }
}

/// A collection literal's element of the wrong kind for the collection's
/// element type, refused before any element was read (`Maps.Literal`,
/// `Sets.Literal`, `Lists.Literal`'s `validateAssignableTo`: a constant's
/// kind against the native type; a string shown quoted, as
/// `Constants.Literal.toString` printed it).
pub(super) fn unassignable(
    term: &Term,
    ty: &CqlType,
    column: &str,
    kind: &str,
    part: &str,
) -> CqlResult<()> {
    // A function whose result the element does not take (its
    // `isAssignableTo`), shown as written.
    if let (Term::Function { name, .. }, CqlType::Native(native)) = (term, ty) {
        let returns = function_returns(&name.to_lowercase());
        if returns.is_some_and(|r| r != *native && *native != Native::Blob) {
            return Err(CqlError::invalid(format!(
                "Invalid {kind} literal for {column}: {part} {} is not of type {}",
                term.as_written(),
                ty.cql_name()
            )));
        }
        return Ok(());
    }
    // A tuple literal is assignable to a tuple type only.
    if matches!(term, Term::Tuple(_)) && !matches!(ty, CqlType::Tuple(_)) {
        return Err(CqlError::invalid(format!(
            "Invalid {kind} literal for {column}: {part} {} is not of type {}",
            term.as_written(),
            ty.cql_name()
        )));
    }
    let (Term::Constant(c), CqlType::Native(native)) = (term, ty) else {
        return Ok(());
    };
    if c.kind == ConstantKind::BetaText || native.accepts(c.kind) {
        return Ok(());
    }
    let shown = if c.kind == ConstantKind::String {
        format!("'{}'", c.text)
    } else {
        c.text.clone()
    };
    Err(CqlError::invalid(format!(
        "Invalid {kind} literal for {column}: {part} {shown} is not of type {}",
        ty.cql_name()
    )))
}

pub(super) fn eval_element(
    term: &Term,
    ty: &CqlType,
    column: &str,
    kind: &str,
    ctx: &mut TermContext,
) -> CqlResult<Vec<u8>> {
    if let Term::Bind(_) = term {
        return Err(CqlError::invalid(format!(
            "Invalid {kind} literal for {column}: bind variables are not supported inside collection literals"
        )));
    }
    // A nested value: a frozen collection in it takes the v3 form.
    let v2 = std::mem::replace(&mut ctx.frozen_as_v2, false);
    let value = eval(term, ty, column, ctx);
    ctx.frozen_as_v2 = v2;
    match value? {
        CqlValue::Bytes(b) => Ok(b),
        CqlValue::Null => Err(CqlError::invalid(
            "null is not supported inside collections",
        )),
        _ => Err(CqlError::invalid(format!(
            "Invalid collection literal for {column}"
        ))),
    }
}

/// Which part of a collection a value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element {
    ListValue,
    SetValue,
    MapKey,
    MapValue,
}

/// Collections travel (in bound values and in the rows 1.2 returns) with a
/// 2-byte length per element, so a longer element would come back cut:
/// refused up front, in the words Cassandra used from 2.0 on.
pub fn check_element(what: Element, value: &[u8]) -> CqlResult<()> {
    const MAX: usize = u16::MAX as usize;
    let n = value.len();
    if n <= MAX {
        return Ok(());
    }
    Err(CqlError::invalid(match what {
        Element::ListValue => format!(
            "List value is too long. List values are limited to {MAX} bytes but {n} bytes value provided"
        ),
        Element::SetValue => format!(
            "Set value is too long. Set values are limited to {MAX} bytes but {n} bytes value provided"
        ),
        Element::MapKey => format!(
            "Map key is too long. Map keys are limited to {MAX} bytes but {n} bytes keys provided"
        ),
        Element::MapValue => format!(
            "Map value is too long. Map values are limited to {MAX} bytes but {n} bytes value provided"
        ),
    }))
}

pub(super) fn sorted_unique(mut vals: Vec<Vec<u8>>, ty: &CqlType) -> Vec<Vec<u8>> {
    vals.sort_by(|a, b| ty.compare(a, b));
    vals.dedup_by(|a, b| ty.compare(a, b) == Ordering::Equal);
    vals
}

pub(super) fn sorted_map(
    entries: Vec<(Vec<u8>, Vec<u8>)>,
    kt: &CqlType,
) -> Vec<(Vec<u8>, Vec<u8>)> {
    // The last of duplicate keys wins, as Java's map literal building did.
    // A stable sort keeps duplicates in arrival order; keep the last of each.
    let mut out = entries;
    out.sort_by(|(a, _), (b, _)| kt.compare(a, b));
    let mut kept: Vec<(Vec<u8>, Vec<u8>)> = Vec::with_capacity(out.len());
    for (k, v) in out {
        match kept.last_mut() {
            Some(last) if kt.compare(&last.0, &k) == Ordering::Equal => *last = (k, v),
            _ => kept.push((k, v)),
        }
    }
    kept
}

/// A bound value: collections arrive serialized (u16 count, u16-length
/// elements), read and checked by the release's `rules`.
pub fn decode_bound(bytes: &[u8], ty: &CqlType, rules: ValueRules) -> CqlResult<CqlValue> {
    match ty {
        CqlType::List(e) => Ok(CqlValue::List(rules.bound_collection(
            bytes,
            "list",
            &[e],
        )?)),
        CqlType::Set(e) => {
            let items = rules.bound_collection(bytes, "set", &[e])?;
            Ok(CqlValue::Set(sorted_unique(items, e)))
        }
        CqlType::Map(kt, vt) => {
            let flat = rules.bound_collection(bytes, "map", &[kt, vt])?;
            let entries = flat
                .chunks(2)
                .map(|pair| (pair[0].clone(), pair[1].clone()))
                .collect();
            Ok(CqlValue::Map(sorted_map(entries, kt)))
        }
        _ => {
            rules.validate(ty, bytes)?;
            Ok(CqlValue::Bytes(bytes.to_vec()))
        }
    }
}
