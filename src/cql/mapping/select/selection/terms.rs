//! 3.10's terms as selectors (`Selectable.WithTerm`): a constant, literal
//! or marker typed by its cast (`(int)1`) or by the parameter of the
//! function it is given to (`intAsBlob(1)`), named by its text, valued
//! once per statement; a term of no known type refused.
//!
//! It must not plan reads nor evaluate selectors on rows
//! (`values`): once resolved, a term is a [`Selector::Value`].

use crate::cql::ast::{Selector, Term, TypeExpr};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::aggregates;
use crate::cql::mapping::select::rules::SelectRules;
use crate::cql::mapping::values::{assignable, eval, frozen_bytes, TermContext};
use crate::cql::table::Table;
use crate::cql::timeuuid::TimeUuidGenerator;
use crate::cql::types::{CqlType, CqlValue, Native};

/// What a term's value is made with: the bound values when the statement
/// runs; `None` when a prepared statement is only described (a marker's
/// value is then unknown, a constant's still checked).
pub(super) type Binds<'a> = Option<&'a [Option<Vec<u8>>]>;

/// `sel` with each term in it resolved to a [`Selector::Value`] (a
/// function's argument typed by its parameter), or refused as 3.11 did.
pub(super) fn resolve_terms(
    table: &Table,
    sel: Selector,
    rules: &SelectRules,
    binds: Binds,
) -> CqlResult<Selector> {
    Ok(match sel {
        Selector::Term {
            term,
            cast: Some(to),
        } => {
            let ty = cast_type(table, &to)?;
            let written = cast_written(&to);
            if !assignable(&term, &ty) {
                return Err(CqlError::invalid(format!(
                    "Cannot cast value {} to type {written}",
                    term.text()
                )));
            }
            let text = format!("({written}){}", term.text());
            valued(text, &term, ty, rules, binds)?
        }
        Selector::Term { term, cast: None } => return Err(cannot_infer(&term)),
        Selector::Cast { arg, to } => Selector::Cast {
            arg: Box::new(resolve_terms(table, *arg, rules, binds)?),
            to,
        },
        Selector::Function { name, args, shown } => {
            let n = args.len();
            let mut out = Vec::with_capacity(n);
            for (i, arg) in args.into_iter().enumerate() {
                out.push(match arg {
                    Selector::Term { term, cast: None } => {
                        argument(table, &name, i, n, term, rules, binds)?
                    }
                    other => resolve_terms(table, other, rules, binds)?,
                });
            }
            Selector::Function {
                name,
                args: out,
                shown,
            }
        }
        other => other,
    })
}

/// The markers of a selection's terms and the types they bind (a cast's,
/// or the parameter's of the function they are given to), by index.
pub(in crate::cql::mapping) fn selection_markers(
    table: &Table,
    sel: &Selector,
    out: &mut Vec<(usize, CqlType)>,
) {
    match sel {
        Selector::Term {
            term: Term::Bind(i),
            cast: Some(to),
        } => {
            if let Ok(ty) = cast_type(table, to) {
                out.push((*i, ty));
            }
        }
        Selector::Cast { arg, .. } => selection_markers(table, arg, out),
        Selector::Function { name, args, .. } => {
            for (i, arg) in args.iter().enumerate() {
                match arg {
                    Selector::Term {
                        term: Term::Bind(m),
                        cast: None,
                    } => {
                        if let Some(ty) = parameter(table, name, i, args.len(), &Term::Bind(*m)) {
                            out.push((*m, ty));
                        }
                    }
                    other => selection_markers(table, other, out),
                }
            }
        }
        _ => {}
    }
}

/// 3.11's refusal of a term whose type nothing gave.
pub(super) fn cannot_infer(term: &Term) -> CqlError {
    CqlError::invalid(format!(
        "Cannot infer type for term {} in selection clause (try using a cast to force a type)",
        term.text()
    ))
}

/// A cast's type as 3.11's `CQL3Type.Raw` printed it (a tuple is frozen
/// already: `frozen<tuple<..>>` printed as the tuple).
fn cast_written(to: &TypeExpr) -> String {
    match to {
        TypeExpr::Frozen(inner) if matches!(**inner, TypeExpr::Tuple(_)) => inner.written(),
        other => other.written(),
    }
}

/// A cast's type; a name that is no native type was looked up as one of
/// the keyspace's user types.
fn cast_type(table: &Table, to: &TypeExpr) -> CqlResult<CqlType> {
    CqlType::from_expr(&natives_3x(table, to)?)
}

/// `to` with 3.10's native types (those after 1.2's by their classes),
/// a name that is none refused.
fn natives_3x(table: &Table, to: &TypeExpr) -> CqlResult<TypeExpr> {
    let inner = |e: &TypeExpr| natives_3x(table, e).map(Box::new);
    Ok(match to {
        TypeExpr::Native(n) => match Native::from_name_310(n) {
            Some(t) if t.is_since_22() => TypeExpr::Custom(CqlType::Native(t).class_name()),
            Some(_) => to.clone(),
            None => {
                return Err(CqlError::invalid(format!(
                    "Unknown type {}.{n}",
                    table.keyspace
                )))
            }
        },
        TypeExpr::List(e) => TypeExpr::List(inner(e)?),
        TypeExpr::Set(e) => TypeExpr::Set(inner(e)?),
        TypeExpr::Map(k, v) => TypeExpr::Map(inner(k)?, inner(v)?),
        TypeExpr::Frozen(e) => TypeExpr::Frozen(inner(e)?),
        TypeExpr::Tuple(items) => TypeExpr::Tuple(
            items
                .iter()
                .map(|e| natives_3x(table, e))
                .collect::<CqlResult<_>>()?,
        ),
        TypeExpr::Custom(_) => to.clone(),
    })
}

/// The argument `i` of `n` given to `name` as a term: typed by the
/// function's parameter (`Functions.validateTypes`' words when the term
/// does not fit it); an aggregate's by the one signature it fits.
fn argument(
    table: &Table,
    name: &str,
    i: usize,
    n: usize,
    term: Term,
    rules: &SelectRules,
    binds: Binds,
) -> CqlResult<Selector> {
    if aggregates::is_aggregate(name) && n == 1 {
        return aggregate_argument(name, term, rules, binds);
    }
    // 3.x's `TokenFct` had a parameter for each part of the key only:
    // one more failed on the server.
    if name == "token" && i >= table.partition_key.len() {
        return Err(CqlError::Failed(format!(
            "3.x's token() given {n} values for a key of {}",
            table.partition_key.len()
        )));
    }
    let Some(ty) = parameter(table, name, i, n, &term) else {
        // No parameter: the call's own refusal (its arity) comes first.
        return Ok(Selector::Term { term, cast: None });
    };
    // `token` was no declared function: its arguments were prepared for
    // the key's parts unchecked (`Invalid STRING constant ...`).
    if name != "token" && !assignable(&term, &ty) {
        return Err(CqlError::invalid(format!(
            "Type error: {} cannot be passed as argument {i} of function system.{name} of type {}",
            term.text(),
            ty.cql_name_3x()
        )));
    }
    valued(term.text(), &term, ty, rules, binds)
}

/// The type of parameter `i` of `name` called with `n` arguments, where
/// one signature takes `term` there; `None` when the call has none.
fn parameter(table: &Table, name: &str, i: usize, n: usize, term: &Term) -> Option<CqlType> {
    let native = |t| Some(CqlType::Native(t));
    if name == "token" {
        return table.partition_key.get(i).map(|c| c.ty.clone());
    }
    if n != 1 || i != 0 {
        return None;
    }
    if let Some(from) = name.strip_suffix("asblob").and_then(Native::from_name_22) {
        return native(from);
    }
    if name
        .strip_prefix("blobas")
        .and_then(Native::from_name_22)
        .is_some()
    {
        return native(Native::Blob);
    }
    let overloads: &[Native] = match name {
        "dateof" | "unixtimestampof" => &[Native::Timeuuid],
        "mintimeuuid" | "maxtimeuuid" => &[Native::Timestamp],
        "todate" => &[Native::Timeuuid, Native::Timestamp],
        "totimestamp" | "tounixtimestamp" => &[Native::Timeuuid, Native::Date],
        _ => return None,
    };
    let fits: Vec<_> = overloads
        .iter()
        .filter(|t| overloads.len() == 1 || assignable(term, &CqlType::Native(**t)))
        .collect();
    match fits.as_slice() {
        [one] => native(**one),
        _ => None,
    }
}

/// The signatures of an aggregate, by the types it was declared for.
fn aggregate_signatures(name: &str) -> Vec<Native> {
    let names: &[&str] = match name {
        "sum" | "avg" => &[
            "tinyint", "smallint", "int", "bigint", "float", "double", "decimal", "varint",
            "counter",
        ],
        _ => &[
            "ascii",
            "bigint",
            "blob",
            "boolean",
            "counter",
            "date",
            "decimal",
            "double",
            "duration",
            "float",
            "inet",
            "int",
            "smallint",
            "text",
            "time",
            "timestamp",
            "timeuuid",
            "tinyint",
            "uuid",
            "varint",
        ],
    };
    names
        .iter()
        .filter_map(|n| Native::from_name_310(n))
        .collect()
}

/// An aggregate given a term: the one signature whose type takes it, else
/// refused (`FunctionResolver`: ambiguous when several take it; 3.11
/// listed them in an order that changed from one JVM to the next).
fn aggregate_argument(
    name: &str,
    term: Term,
    rules: &SelectRules,
    binds: Binds,
) -> CqlResult<Selector> {
    let all = aggregate_signatures(name);
    let signature = |t: &Native| {
        let result = match name {
            "count" => "bigint",
            _ => t.name(),
        };
        (t.name().to_string(), result.to_string())
    };
    let fits: Vec<&Native> = all
        .iter()
        .filter(|t| assignable(&term, &CqlType::Native(**t)))
        .collect();
    match fits.as_slice() {
        [one] => valued(term.text(), &term, CqlType::Native(**one), rules, binds),
        fits => Err(aggregates::refused_call(
            name,
            &all.iter().map(signature).collect::<Vec<_>>(),
            &fits.iter().map(|t| signature(t)).collect::<Vec<_>>(),
        )),
    }
}

/// `term` of type `ty` made a selector's value, as its `Term.prepare` for
/// a receiver `[selection]` of that type read it.
fn valued(
    text: String,
    term: &Term,
    ty: CqlType,
    rules: &SelectRules,
    binds: Binds,
) -> CqlResult<Selector> {
    let value = match binds {
        None if term.has_marker() => None,
        _ => {
            let mut uuids = TimeUuidGenerator::new(0);
            let mut ctx = TermContext {
                binds: binds.unwrap_or(&[]),
                now_millis: 0,
                uuids: &mut uuids,
                values: rules.values,
                receiver: None,
                frozen_as_v2: false,
            };
            match eval(term, &ty, "[selection]", &mut ctx)? {
                CqlValue::Null => None,
                CqlValue::Bytes(b) => Some(b),
                other => Some(frozen_bytes(&other)),
            }
        }
    };
    Ok(Selector::Value {
        text,
        type_class: ty.class_name(),
        value,
    })
}
