//! SELECT's selectors planned: each checked against the table and the
//! release's functions (columns, WRITETIME, TTL, token(), dateOf /
//! unixTimestampOf, blob conversions, casts, aggregates), with its result
//! column's name and type.
//!
//! It must not plan reads (see `select`). Beside it: a selector's value
//! on a row (`values`) and 3.10's terms as selectors (`terms`).

pub(in crate::cql::mapping) mod terms;
#[cfg(test)]
mod tests;
pub(super) mod values;

use self::terms::Binds;
use crate::cql::ast::{Selection, Selector};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::aggregates::{self, Aggregate};
use crate::cql::mapping::cast_fcts::{self, Cast};
use crate::cql::mapping::result::ResultColumn;
use crate::cql::mapping::select::rules::SelectRules;
use crate::cql::mapping::time_fcts;
use crate::cql::mapping::value_rules::ValueRules;
use crate::cql::table::{ColumnRole, Table};
use crate::cql::types::{CqlType, Native};
use crate::marshal::MARSHAL_PACKAGE;
use crate::partitioner::Partitioner;

fn invalid(msg: impl Into<String>) -> CqlError {
    CqlError::invalid(msg)
}

/// The argument of a blob conversion (`xAsBlob`, `blobAsX`) checked
/// against the function's parameter as `Functions.validateTypes` did: from
/// 2.0 the type itself, or one whose values it takes (anything as a blob,
/// ascii as text, a timestamp as a bigint); 1.2's selectors were
/// assignable only to their own CQL type (`SimpleSelector.isAssignableTo`:
/// `asCQL3Type().equals`), so an ascii column was no text and no blob.
fn conversion_argument(
    table: &Table,
    name: &str,
    arg: &Selector,
    takes: Native,
    partitioner: &dyn Partitioner,
    rules: &SelectRules,
) -> CqlResult<()> {
    let given = selector_type(table, arg, partitioner, rules)?;
    let short = given.strip_prefix(MARSHAL_PACKAGE).unwrap_or(&given);
    let exact = given == CqlType::Native(takes).class_name();
    let long_reads = matches!(short, "LongType" | "DateType" | "TimestampType");
    let fits = exact
        || rules.values >= ValueRules::Since20
            && match takes {
                Native::Blob => true,
                Native::Text => short == "AsciiType",
                Native::Bigint | Native::Timestamp => long_reads,
                Native::Varint => long_reads || short == "Int32Type",
                Native::Uuid => short == "TimeUUIDType",
                _ => false,
            };
    if fits {
        return Ok(());
    }
    let function = match rules.functions_in_system {
        true => format!("system.{name}"),
        false => name.to_string(),
    };
    // The argument as its selector's `toString` wrote it: before 2.2 a
    // call by its function's (lower-case) name.
    let written = match rules.functions_in_system {
        true => selector_name(arg),
        false => lower_calls(arg),
    };
    Err(invalid(format!(
        "Type error: {written} cannot be passed as argument 0 of function {function} of type {}",
        takes.name()
    )))
}

/// A selector as 1.2 to 2.1's `FunctionSelector.toString`: calls by their
/// functions' names, which were lower case (`dateof(tu)`).
fn lower_calls(s: &Selector) -> String {
    match s {
        Selector::Function { name, args, .. } if !(name == "count" && args.is_empty()) => {
            let a: Vec<String> = args.iter().map(lower_calls).collect();
            format!("{}({})", name.to_lowercase(), a.join(", "))
        }
        other => selector_name(other),
    }
}

/// A function as its refusals named it (2.2: in the `system` keyspace).
fn function_of(name: &str, rules: &SelectRules) -> String {
    match rules.functions_in_system {
        true => format!("system.{name}"),
        false => name.to_string(),
    }
}

pub(super) fn selector_name(s: &Selector) -> String {
    result_name(s, false)
}

/// A selector's result column name; `in_system`: 2.2 on, where a function
/// is named by its `FunctionName` (`system.token(k)`, `system.dateof(c)`:
/// its keyspace and its lower-case name).
pub(super) fn result_name(s: &Selector, in_system: bool) -> String {
    match s {
        // 2.2's `count(*)` among other selectors.
        Selector::Function { name, args, .. } if name == "count" && args.is_empty() => {
            "count".into()
        }
        Selector::Function { name, args, shown } => {
            let a: Vec<String> = args.iter().map(|a| result_name(a, in_system)).collect();
            match in_system {
                true => format!("system.{}({})", name.to_lowercase(), a.join(", ")),
                false => format!("{shown}({})", a.join(", ")),
            }
        }
        Selector::Column(c) => c.clone(),
        Selector::Field { column, fields } => format!("{column}.{}", fields.join(".")),
        Selector::WriteTime(c) => format!("writetime({c})"),
        Selector::Ttl(c) => format!("ttl({c})"),
        Selector::Cast { arg, to } => format!("cast({} as {to})", result_name(arg, in_system)),
        Selector::Term { term, .. } => term.text(),
        Selector::Value { text, .. } => text.clone(),
    }
}

/// 2.1's `Selectable.WithFieldSelection`: the type of `column.f.g`, each
/// field taken of what the selection before it answered (named so in the
/// refusals: `c.f of type ... is not a user type`; 3.x's `asCQL3Type`
/// printed a user type frozen, `frozen<version>`).
pub(super) fn field_type<'t>(
    table: &'t Table,
    column: &str,
    fields: &[String],
) -> CqlResult<&'t CqlType> {
    field_type_named(table, column, fields, false)
}

fn field_type_named<'t>(
    table: &'t Table,
    column: &str,
    fields: &[String],
    as_3x: bool,
) -> CqlResult<&'t CqlType> {
    let mut ty = &table
        .column(column)
        .ok_or_else(|| invalid(format!("Undefined name {column} in selection clause")))?
        .ty;
    let shown = |t: &CqlType| match (as_3x, t) {
        (true, t) => t.cql_name_3x(),
        (false, CqlType::User(u)) => u.name.clone(),
        (false, t) => t.cql_name(),
    };
    let mut selected = column.to_string();
    for field in fields {
        let CqlType::User(u) = ty else {
            return Err(invalid(format!(
                "Invalid field selection: {selected} of type {} is not a user type",
                shown(ty)
            )));
        };
        ty = u.field(field).ok_or_else(|| {
            invalid(format!(
                "{selected} of type {} has no field {field}",
                shown(ty)
            ))
        })?;
        selected = format!("{selected}.{field}");
    }
    Ok(ty)
}

fn class(short: &str) -> String {
    format!("{MARSHAL_PACKAGE}{short}")
}

/// A selector's result type by the release's `rules` (2.0 on, `dateOf`
/// answered a `TimestampType`: 1.2's `TimeuuidFcts.dateOfFct` a `DateType`).
pub(super) fn selector_type(
    table: &Table,
    s: &Selector,
    partitioner: &dyn Partitioner,
    rules: &SelectRules,
) -> CqlResult<String> {
    let signed = rules.signed_timestamps;
    match s {
        // (resolved by `term_selectors` first)
        Selector::Term { term, .. } => Err(terms::cannot_infer(term)),
        Selector::Value { type_class, .. } => Ok(type_class.clone()),
        // (resolved by `resolve_casts`)
        Selector::Cast { to, .. } => cast_fcts::target_type(to)
            .map(|t| CqlType::Native(t).class_name())
            .ok_or_else(|| invalid(format!("Unknown type {to}"))),
        Selector::Column(c) => table
            .column(c)
            .map(|c| c.ty.class_name())
            .ok_or_else(|| invalid(format!("Undefined name {c} in selection clause"))),
        Selector::Field { column, fields } => {
            let as_3x = rules.values >= ValueRules::Since30;
            field_type_named(table, column, fields, as_3x).map(|t| t.class_name())
        }
        Selector::WriteTime(c) | Selector::Ttl(c) => {
            let f = if matches!(s, Selector::WriteTime(_)) {
                "writeTime"
            } else {
                "ttl"
            };
            match table.role(c) {
                None => Err(invalid(format!("Undefined name {c} in selection clause"))),
                Some(ColumnRole::Regular(i)) if table.regular[i].column.ty.is_collection() => Err(
                    invalid(format!("Cannot use selection function {f} on collections")),
                ),
                Some(ColumnRole::Regular(_)) => {
                    Ok(class(if f == "ttl" { "Int32Type" } else { "LongType" }))
                }
                Some(_) => Err(invalid(format!(
                    "Cannot use selection function {f} on PRIMARY KEY part {c}"
                ))),
            }
        }
        Selector::Function { name, args, .. } => match name.as_str() {
            "token" => {
                // 2.2's `Functions.get` made a `TokenFct` of the table
                // without matching its arguments: any selectors, each
                // value a component of the key's builder.
                if rules.functions_in_system {
                    for a in args {
                        selector_type(table, a, partitioner, rules)?;
                    }
                    return Ok(class(Native::of_token(partitioner).short_class()));
                }
                // 1.2 to 2.1: `Functions.validateTypes` counted them, then
                // matched each selector's type with the key part's (any
                // columns of those types: their values make the key).
                let key = &table.partition_key;
                if args.len() != key.len() {
                    return Err(invalid(format!(
                        "Invalid number of arguments in call to function token: {} required but \
                         {} provided",
                        key.len(),
                        args.len()
                    )));
                }
                for (i, (a, k)) in args.iter().zip(key).enumerate() {
                    if selector_type(table, a, partitioner, rules)? != k.ty.class_name() {
                        return Err(invalid(format!(
                            "Type error: {} cannot be passed as argument {i} of function token \
                             of type {}",
                            selector_name(a),
                            k.ty.cql_name()
                        )));
                    }
                }
                Ok(class(Native::of_token(partitioner).short_class()))
            }
            "dateof" | "unixtimestampof" => {
                if args.len() != 1 {
                    return Err(invalid(format!("Invalid number of arguments in call to function {}: 1 required but {} provided", function_of(name, rules), args.len())));
                }
                let t = selector_type(table, &args[0], partitioner, rules)?;
                if t != class("TimeUUIDType") {
                    return Err(invalid(format!("Type error: {} cannot be passed as argument 0 of function {} of type timeuuid", selector_name(&args[0]), function_of(name, rules))));
                }
                Ok(class(if name == "dateof" && signed {
                    "TimestampType"
                } else if name == "dateof" {
                    "DateType"
                } else {
                    "LongType"
                }))
            }
            // minTimeuuid / maxTimeuuid of a timestamp (a column's, or
            // 3.10's term), the bounds of its millisecond's time UUIDs.
            "mintimeuuid" | "maxtimeuuid" => {
                if args.len() != 1 {
                    return Err(invalid(format!("Invalid number of arguments in call to function {}: 1 required but {} provided", function_of(name, rules), args.len())));
                }
                let t = selector_type(table, &args[0], partitioner, rules)?;
                if t != class("TimestampType") && t != class("DateType") {
                    return Err(invalid(format!("Type error: {} cannot be passed as argument 0 of function {} of type timestamp", selector_name(&args[0]), function_of(name, rules))));
                }
                Ok(class("TimeUUIDType"))
            }
            // `now()` selected (1.2 on: a function of no arguments was a
            // selector like any other), a new time UUID on each row, and
            // 2.0.7's `uuid()` (CASSANDRA-6473), a random UUID on each.
            "now" | "uuid" if name == "now" || rules.uuid_function => {
                if !args.is_empty() {
                    return Err(invalid(format!("Invalid number of arguments in call to function {}: 0 required but {} provided", function_of(name, rules), args.len())));
                }
                Ok(class(if name == "now" {
                    "TimeUUIDType"
                } else {
                    "UUIDType"
                }))
            }
            // 2.2's time functions.
            n if rules.functions_in_system && time_fcts::is_time_fct(n) && args.len() == 1 => {
                selector_type(table, &args[0], partitioner, rules)?;
                time_fcts::result_class(n, &value_type(table, &args[0])).map(class)
            }
            // 2.2's `toJson(x)`: any value as its JSON text.
            "tojson" if rules.functions_in_system && args.len() == 1 => {
                selector_type(table, &args[0], partitioner, rules)?;
                Ok(class("UTF8Type"))
            }
            n => {
                if args.len() != 1 {
                    return Err(invalid(format!("Unknown function '{n}'")));
                }
                // 2.2's types have their conversions from 2.2 on.
                let native = |t: &str| match rules.functions_in_system {
                    true => Native::from_name_22(t),
                    false => Native::from_name(t),
                };
                if let Some(t) = n.strip_prefix("blobas").and_then(native) {
                    conversion_argument(table, n, &args[0], Native::Blob, partitioner, rules)?;
                    return Ok(CqlType::Native(t).class_name());
                }
                if let Some(from) = n.strip_suffix("asblob").and_then(native) {
                    conversion_argument(table, n, &args[0], from, partitioner, rules)?;
                    return Ok(class("BytesType"));
                }
                Err(invalid(format!("Unknown function '{n}'")))
            }
        },
    }
}

/// `s` with each `CAST` resolved as 3.10's `Selectable.WithCast` did, once
/// its argument was checked: a cast to the argument's own type is the
/// argument (named as it is); another must name a `castAs` function that
/// takes the argument's type.
fn resolve_casts(
    table: &Table,
    s: Selector,
    partitioner: &dyn Partitioner,
    rules: &SelectRules,
) -> CqlResult<Selector> {
    Ok(match s {
        Selector::Cast { arg, to } => {
            let arg = resolve_casts(table, *arg, partitioner, rules)?;
            selector_type(table, &arg, partitioner, rules)?;
            let mut columns = Vec::new();
            super::selector_columns(&arg, &mut columns);
            let column = columns.first().copied().unwrap_or_default();
            match cast_fcts::resolve(&to, &value_type(table, &arg), column)? {
                Cast::Same => arg,
                Cast::To(_) => Selector::Cast {
                    arg: Box::new(arg),
                    to,
                },
            }
        }
        Selector::Function { name, args, shown } => Selector::Function {
            name,
            shown,
            args: args
                .into_iter()
                .map(|a| resolve_casts(table, a, partitioner, rules))
                .collect::<CqlResult<_>>()?,
        },
        other => other,
    })
}

/// The columns a SELECT of `s` answers, named and typed as its rows are:
/// what a prepared SELECT describes before it runs (`rules`: the release's
/// names and types of functions, see [`result_name`] and [`selector_type`]).
pub fn result_columns(
    table: &Table,
    s: &Selection,
    partitioner: &dyn Partitioner,
    rules: &SelectRules,
) -> CqlResult<Vec<ResultColumn>> {
    selection(table, s, partitioner, rules, None).map(|s| s.columns)
}

/// A selection planned: each selector with its result column's name,
/// the result columns, whether it is 1.2's `COUNT(*)` alone, and per
/// selector its 2.2 aggregate (empty when none is one).
pub(super) struct Selectors {
    pub selectors: Vec<(Selector, String)>,
    pub columns: Vec<ResultColumn>,
    pub count: bool,
    pub aggregates: Vec<Option<Aggregate>>,
}

pub(super) fn selection(
    table: &Table,
    s: &Selection,
    partitioner: &dyn Partitioner,
    rules: &SelectRules,
    binds: Binds,
) -> CqlResult<Selectors> {
    let in_system = rules.functions_in_system;
    let items: Vec<(Selector, Option<String>)> = match s {
        Selection::Wildcard => table
            .all_columns()
            .into_iter()
            .map(|c| (Selector::Column(c.name.clone()), None))
            .collect(),
        Selection::Count => {
            let col = ResultColumn {
                name: "count".into(),
                type_class: class("LongType"),
            };
            return Ok(Selectors {
                selectors: Vec::new(),
                columns: vec![col],
                count: true,
                aggregates: Vec::new(),
            });
        }
        Selection::Columns(items) => items.clone(),
    };
    let mut sels = Vec::new();
    let mut cols = Vec::new();
    let mut aggregates = Vec::new();
    for (sel, alias) in items {
        let sel = terms::resolve_terms(table, sel, rules, binds)?;
        let sel = resolve_casts(table, sel, partitioner, rules)?;
        let (aggregate, type_class) = match &sel {
            Selector::Function { name, args, .. }
                if in_system && aggregates::is_aggregate(name) =>
            {
                let arg = match args.as_slice() {
                    [] if name == "count" => None,
                    [arg] => Some(selector_type(table, arg, partitioner, rules)?),
                    _ => return Err(invalid(format!(
                        "Invalid number of arguments in call to function system.{name}: 1 required but {} provided",
                        args.len()
                    ))),
                };
                let (agg, class) = aggregates::resolve(name, arg.as_deref(), rules.aggregates)?;
                (Some(agg), class)
            }
            _ => (None, selector_type(table, &sel, partitioner, rules)?),
        };
        aggregates.push(aggregate);
        let name = alias
            .clone()
            .unwrap_or_else(|| result_name(&sel, in_system));
        cols.push(ResultColumn {
            name: name.clone(),
            type_class,
        });
        sels.push((sel, name));
    }
    if aggregates.iter().all(Option::is_none) {
        aggregates.clear();
    }
    Ok(Selectors {
        selectors: sels,
        columns: cols,
        count: false,
        aggregates,
    })
}

/// The type of what a selector answers, for `toJson` (a function's value
/// as a blob).
pub(super) fn value_type(table: &Table, s: &Selector) -> CqlType {
    let found = match s {
        Selector::Column(c) => table.column(c).map(|c| c.ty.clone()),
        Selector::Field { column, fields } => field_type(table, column, fields).ok().cloned(),
        Selector::WriteTime(_) => Some(CqlType::Native(Native::Bigint)),
        Selector::Ttl(_) => Some(CqlType::Native(Native::Int)),
        Selector::Cast { to, .. } => cast_fcts::target_type(to).map(CqlType::Native),
        Selector::Function { name, args, .. } if args.is_empty() => match name.as_str() {
            "now" => Some(CqlType::Native(Native::Timeuuid)),
            "uuid" => Some(CqlType::Native(Native::Uuid)),
            _ => None,
        },
        Selector::Function { .. } | Selector::Term { .. } => None,
        Selector::Value { type_class, .. } => crate::marshal::parse_type(type_class)
            .ok()
            .and_then(|t| CqlType::from_marshal(t.as_ref()).ok()),
    };
    found.unwrap_or(CqlType::Native(Native::Blob))
}
