//! SELECT's selectors: result column names and types, and their values
//! for one CQL row (columns, WRITETIME, TTL, token(), dateOf /
//! unixTimestampOf, blob conversions); plus the per-row filters
//! ([`Filter`]) and their check.
//!
//! It must not plan reads (see `select`).

use super::super::aggregates::{self, Aggregate};
use super::super::cast_fcts::{self, Cast};
use super::super::read::CqlRow;
use super::super::result::ResultColumn;
use super::super::time_fcts;
use super::super::value_rules::ValueRules;
use super::rules::SelectRules;
use crate::cql::ast::{Operator, Selection, Selector};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::table::{ColumnRole, Table};
use crate::cql::timeuuid::unix_millis_of;
use crate::cql::types::{CqlType, Native};
use crate::marshal::MARSHAL_PACKAGE;
use crate::partitioner::Partitioner;
use std::cmp::Ordering;

/// A restriction checked on each CQL row after reading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub column: String,
    pub op: Operator,
    /// One value, or several for IN.
    pub values: Vec<Vec<u8>>,
}

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

fn selector_name(s: &Selector) -> String {
    result_name(s, false)
}

/// A selector's result column name; `in_system`: 2.2 on, where a function
/// is named by its `FunctionName` (`system.token(k)`, `system.dateof(c)`:
/// its keyspace and its lower-case name).
fn result_name(s: &Selector, in_system: bool) -> String {
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
    }
}

/// 2.1's `Selectable.WithFieldSelection`: the type of `column.f.g`, each
/// field taken of what the selection before it answered (named so in the
/// refusals: `c.f of type ... is not a user type`; 3.x's `asCQL3Type`
/// printed a user type frozen, `frozen<version>`).
fn field_type<'t>(table: &'t Table, column: &str, fields: &[String]) -> CqlResult<&'t CqlType> {
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
fn selector_type(
    table: &Table,
    s: &Selector,
    partitioner: &dyn Partitioner,
    rules: &SelectRules,
) -> CqlResult<String> {
    let signed = rules.signed_timestamps;
    match s {
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
    selection(table, s, partitioner, rules).map(|s| s.columns)
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

/// The one row of a selection with aggregates over `rows` (each row's
/// values by [`eval_selector`]): an aggregate folds its argument over them
/// all, any other selector answers its first row's value (2.2's
/// `SimpleSelector` kept the first it was given).
pub(super) fn aggregated(
    table: &Table,
    selected: &Selectors,
    rows: &[CqlRow],
    partitioner: &dyn Partitioner,
) -> CqlResult<Vec<Option<Vec<u8>>>> {
    let mut out = Vec::with_capacity(selected.selectors.len());
    for ((sel, _), agg) in selected.selectors.iter().zip(&selected.aggregates) {
        let value = match (agg, sel) {
            (Some(agg), Selector::Function { args, .. }) => {
                let values: Vec<Option<Vec<u8>>> = match args.first() {
                    Some(arg) => rows
                        .iter()
                        .map(|r| eval_selector(table, arg, r, partitioner))
                        .collect(),
                    None => Vec::new(),
                };
                aggregates::fold(agg, rows.len(), values.iter().map(Option::as_deref))?
            }
            _ => rows
                .first()
                .and_then(|r| eval_selector(table, sel, r, partitioner)),
        };
        out.push(value);
    }
    Ok(out)
}

/// 3.x's `TokenFct` of a selection over other selectors than the key's
/// parts (its arguments were never matched to them): the key's builder
/// took each value up to the first null (whose token is null), failing on
/// the server past its size (`IllegalStateException`) or, short of it
/// with a composite key, as the key was built (a missing component).
fn token_key_built(
    table: &Table,
    args: &[Selector],
    row: &CqlRow,
    partitioner: &dyn Partitioner,
) -> CqlResult<()> {
    let parts = table.partition_key.len();
    for (i, a) in args.iter().enumerate() {
        if eval_selector(table, a, row, partitioner).is_none() {
            return Ok(());
        }
        if i == parts {
            return Err(CqlError::Failed(format!(
                "3.x's token() took {} values for a key of {parts}",
                args.len()
            )));
        }
    }
    if args.len() < parts && parts > 1 {
        return Err(CqlError::Failed(format!(
            "3.x's token() built a key of {parts} parts from {}",
            args.len()
        )));
    }
    Ok(())
}

/// 2.0's `blobAsX` of a selection checked the bytes it was given by the
/// type it converts to (`BytesConversionFcts`; 1.2 took any, and
/// `blobAsVarchar`, a function of its own, never checked); the first
/// refused one fails the whole read.
pub(super) fn check_conversions(
    table: &Table,
    sel: &Selector,
    row: &CqlRow,
    partitioner: &dyn Partitioner,
    values: ValueRules,
) -> CqlResult<()> {
    let Selector::Function { name, args, .. } = sel else {
        return Ok(());
    };
    for a in args {
        check_conversions(table, a, row, partitioner, values)?;
    }
    if name == "token" && values == ValueRules::Since30 {
        return token_key_built(table, args, row, partitioner);
    }
    if values < ValueRules::Since20 || name == "blobasvarchar" || args.len() != 1 {
        return Ok(());
    }
    let Some(to) = name.strip_prefix("blobas").and_then(|t| match values {
        ValueRules::Since22 | ValueRules::Since30 => Native::from_name_22(t),
        _ => Native::from_name(t),
    }) else {
        return Ok(());
    };
    let Some(v) = eval_selector(table, &args[0], row, partitioner) else {
        return Ok(());
    };
    if values.validate(&CqlType::Native(to), &v).is_ok() {
        return Ok(());
    }
    Err(invalid(format!(
        "In call to function {}{name}, value 0x{} is not a valid binary representation for type {}",
        super::super::values::function_keyspace(values),
        crate::marshal::bytes_to_hex(&v),
        to.name()
    )))
}

/// A selector's value as the release answered it: a `writetime()` of a
/// time it did not answer (1.2: a negative one) is null
/// ([`ValueRules::answers_write_time`]).
pub(super) fn as_answered(rules: ValueRules, s: &Selector, v: Option<Vec<u8>>) -> Option<Vec<u8>> {
    match (s, v) {
        (Selector::WriteTime(_), Some(b)) if b.len() == 8 => {
            let ts = i64::from_be_bytes(b[..].try_into().ok()?);
            rules.answers_write_time(ts).then_some(b)
        }
        (_, v) => v,
    }
}

pub(super) fn eval_selector(
    table: &Table,
    s: &Selector,
    row: &CqlRow,
    partitioner: &dyn Partitioner,
) -> Option<Vec<u8>> {
    // 3.11's `ResultSetBuilder` kept no timestamp nor TTL of a complex
    // column that is not a collection: a multi-cell user type's are null.
    let regular = |c: &str| {
        table
            .regular
            .iter()
            .position(|r| r.column.name == c && !r.column.ty.is_multi_cell_user())
            .and_then(|i| row.columns[i].as_ref())
    };
    match s {
        Selector::Column(c) => row.value_of(table, c).map(<[u8]>::to_vec),
        Selector::Field { column, fields } => {
            let mut ty = &table.column(column)?.ty;
            let mut value = row.value_of(table, column)?;
            for field in fields {
                let CqlType::User(u) = ty else {
                    return None;
                };
                let at = u.position(field)?;
                value = crate::marshal::split_components(value)
                    .ok()?
                    .get(at)
                    .copied()
                    .flatten()?;
                ty = &u.fields[at].1;
            }
            Some(value.to_vec())
        }
        Selector::WriteTime(c) => regular(c).map(|v| v.timestamp.to_be_bytes().to_vec()),
        Selector::Ttl(c) => regular(c)
            .and_then(|v| v.ttl)
            .map(|t| t.to_be_bytes().to_vec()),
        Selector::Cast { arg, to } => {
            let v = eval_selector(table, arg, row, partitioner)?;
            cast_fcts::apply(cast_fcts::target_type(to)?, &value_type(table, arg), &v)
        }
        Selector::Function { name, args, .. } => match name.as_str() {
            "token" => {
                let names = table.partition_key.iter().map(|c| c.name.as_str());
                if args.iter().map(selector_name).eq(names.map(str::to_string)) {
                    return Some(partitioner.token_to_bytes(&partitioner.token(&row.row_key)));
                }
                // 2.2's `TokenFct` over other selectors: the key's builder
                // of their values (a composite key's components as given,
                // each ended by a 0; a single key's value as it is).
                let mut values = Vec::new();
                for a in args {
                    values.push(eval_selector(table, a, row, partitioner)?);
                }
                let key = if table.partition_key.len() > 1 {
                    let mut out = Vec::new();
                    for v in &values {
                        out.extend_from_slice(&(v.len() as u16).to_be_bytes());
                        out.extend_from_slice(v);
                        out.push(0);
                    }
                    out
                } else {
                    values.into_iter().next()?
                };
                Some(partitioner.token_to_bytes(&partitioner.token(&key)))
            }
            "dateof" | "unixtimestampof" => {
                let v = eval_selector(table, &args[0], row, partitioner)?;
                unix_millis_of(&v).map(|m| m.to_be_bytes().to_vec())
            }
            "now" => Some(selected_now()),
            "uuid" => Some(uuid::Uuid::new_v4().as_bytes().to_vec()),
            n if time_fcts::is_time_fct(n) => {
                let v = eval_selector(table, &args[0], row, partitioner)?;
                time_fcts::apply(n, &value_type(table, &args[0]), &v)
            }
            // 2.2's toJson: a null argument is JSON's null.
            "tojson" => {
                let v = eval_selector(table, &args[0], row, partitioner);
                let text = v.map_or("null".into(), |v| {
                    crate::cql::json::to_json(&value_type(table, &args[0]), &v)
                });
                Some(text.into_bytes())
            }
            _ => eval_selector(table, &args[0], row, partitioner),
        },
    }
}

/// A selected `now()`: the wall clock's time UUID, one after another
/// (`UUIDGen.getTimeUUIDBytes` of each row's call).
fn selected_now() -> Vec<u8> {
    use crate::cql::timeuuid::TimeUuidGenerator;
    use std::sync::{Mutex, OnceLock};
    static NOW: OnceLock<Mutex<TimeUuidGenerator>> = OnceLock::new();
    let millis = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    let mut g = NOW
        .get_or_init(|| Mutex::new(TimeUuidGenerator::new(0x1ee7)))
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    g.next(millis).to_vec()
}

/// The type of what a selector answers, for `toJson` (a function's value
/// as a blob).
fn value_type(table: &Table, s: &Selector) -> CqlType {
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
        Selector::Function { .. } => None,
    };
    found.unwrap_or(CqlType::Native(Native::Blob))
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

#[cfg(test)]
mod tests {
    use super::result_name;
    use crate::cql::ast::Selector;
    use crate::cql::table::Table;

    /// The table a CREATE TABLE makes.
    fn table(create: &str) -> Table {
        use crate::cql::ast::Statement;
        use crate::cql::{parse_with, Grammar};
        let Statement::CreateTable(ct) = parse_with(create, Grammar::Cql305).unwrap().statement
        else {
            panic!("not a CREATE TABLE: {create}")
        };
        Table::from_create("ks", &ct).unwrap()
    }

    #[test]
    fn a_1_2_selector_passed_only_its_own_type_and_now_is_a_selector() {
        // 1.2.9 to 2.2.19 (rel_fctargs, ordinary19zzd's zzd_attachments, zzd_timeline).
        use super::super::rules::SelectRules;
        use super::result_columns;
        use crate::cql::ast::Statement;
        use crate::cql::{parse_with, Grammar};
        use crate::partitioner::Murmur3Partitioner;
        let t = table("CREATE TABLE t (k int PRIMARY KEY, a ascii, x text, i int, tu timeuuid)");
        let select = |release, query: &str| {
            let Statement::Select(s) = parse_with(query, Grammar::WithStatics).unwrap().statement
            else {
                panic!()
            };
            let rules = SelectRules::of_release(release);
            match result_columns(&t, &s.selection, &Murmur3Partitioner, &rules) {
                Ok(c) => format!("{} columns", c.len()),
                Err(e) => e.to_string(),
            }
        };
        let v12 = (1, 2, 9);
        assert_eq!(
            select(v12, "SELECT blobAsText(a) FROM t"),
            "Type error: a cannot be passed as argument 0 of function blobastext of type blob"
        );
        assert_eq!(
            select(v12, "SELECT textAsBlob(a) FROM t"),
            "Type error: a cannot be passed as argument 0 of function textasblob of type text"
        );
        assert_eq!(
            select(v12, "SELECT bigintAsBlob(dateOf(tu)) FROM t"),
            "Type error: dateof(tu) cannot be passed as argument 0 of function bigintasblob of type bigint"
        );
        assert_eq!(
            select(v12, "SELECT textAsBlob(x), now() FROM t"),
            "2 columns"
        );
        assert_eq!(
            select(v12, "SELECT now(k) FROM t"),
            "Invalid number of arguments in call to function now: 0 required but 1 provided"
        );
        // 2.0: a type that takes the selector's values
        for q in [
            "SELECT blobAsText(a) FROM t",
            "SELECT textAsBlob(a) FROM t",
            "SELECT varintAsBlob(i) FROM t",
            "SELECT bigintAsBlob(dateOf(tu)) FROM t",
        ] {
            assert_eq!(select((2, 0, 17), q), "1 columns", "{q}");
        }
    }

    #[test]
    fn functions_are_named_in_the_system_keyspace_from_2_2() {
        let f = |name: &str, arg: Selector| Selector::Function {
            name: name.to_lowercase(),
            args: vec![arg],
            shown: name.into(),
        };
        let token = f("token", Selector::Column("k".into()));
        assert_eq!(result_name(&token, false), "token(k)");
        assert_eq!(result_name(&token, true), "system.token(k)");
        let nested = f("unixTimestampOf", f("dateOf", Selector::Column("c".into())));
        assert_eq!(result_name(&nested, false), "unixTimestampOf(dateOf(c))");
        assert_eq!(
            result_name(&nested, true),
            "system.unixtimestampof(system.dateof(c))"
        );
        assert_eq!(
            result_name(&Selector::WriteTime("v".into()), true),
            "writetime(v)"
        );
    }
    #[test]
    fn uuid_is_a_selector_from_2_0_7_a_random_uuid_each_row() {
        // 2.0.17 to 3.11.10 (rel_nowselector); 1.2.19 knew no `uuid`.
        use super::super::rules::SelectRules;
        use super::{eval_selector, selector_type};
        use crate::partitioner::Murmur3Partitioner;
        let t = table("CREATE TABLE t (k int PRIMARY KEY)");
        let uuid = Selector::Function {
            name: "uuid".into(),
            args: Vec::new(),
            shown: "uuid".into(),
        };
        let type_in = |release| {
            let rules = SelectRules::of_release(release);
            selector_type(&t, &uuid, &Murmur3Partitioner, &rules).map_err(|e| e.to_string())
        };
        assert_eq!(
            type_in((2, 0, 17)).unwrap(),
            "org.apache.cassandra.db.marshal.UUIDType"
        );
        assert!(type_in((1, 2, 19))
            .unwrap_err()
            .contains("Unknown function"));
        let row = super::CqlRow {
            row_key: 1i32.to_be_bytes().to_vec(),
            partition: vec![1i32.to_be_bytes().to_vec()],
            clustering: Vec::new(),
            columns: Vec::new(),
        };
        let a = eval_selector(&t, &uuid, &row, &Murmur3Partitioner).unwrap();
        let b = eval_selector(&t, &uuid, &row, &Murmur3Partitioner).unwrap();
        assert_eq!((a.len(), a[6] >> 4), (16, 4));
        assert_ne!(a, b);
    }
}
