//! A planned selector's value for one CQL row: columns, fields, WRITETIME,
//! TTL, token(), the time and blob functions, casts, toJson, aggregates
//! folded over rows, and the release's checks of what a conversion is given.
//!
//! It must not plan nor name selectors (`selection`).

use super::{selector_name, value_type, Selectors};
use crate::cql::ast::Selector;
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::aggregates;
use crate::cql::mapping::cast_fcts;
use crate::cql::mapping::read::CqlRow;
use crate::cql::mapping::time_fcts;
use crate::cql::mapping::value_rules::ValueRules;
use crate::cql::table::Table;
use crate::cql::timeuuid::unix_millis_of;
use crate::cql::types::{CqlType, Native};
use crate::partitioner::Partitioner;

/// The one row of a selection with aggregates over `rows` (each row's
/// values by [`eval_selector`]): an aggregate folds its argument over them
/// all, any other selector answers its first row's value (2.2's
/// `SimpleSelector` kept the first it was given).
pub(in crate::cql::mapping::select) fn aggregated(
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
pub(in crate::cql::mapping::select) fn check_conversions(
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
    Err(CqlError::invalid(format!(
        "In call to function {}{name}, value 0x{} is not a valid binary representation for type {}",
        crate::cql::mapping::values::function_keyspace(values),
        crate::marshal::bytes_to_hex(&v),
        to.name()
    )))
}

/// A selector's value as the release answered it: a `writetime()` of a
/// time it did not answer (1.2: a negative one) is null
/// ([`ValueRules::answers_write_time`]).
pub(in crate::cql::mapping::select) fn as_answered(
    rules: ValueRules,
    s: &Selector,
    v: Option<Vec<u8>>,
) -> Option<Vec<u8>> {
    match (s, v) {
        (Selector::WriteTime(_), Some(b)) if b.len() == 8 => {
            let ts = i64::from_be_bytes(b[..].try_into().ok()?);
            rules.answers_write_time(ts).then_some(b)
        }
        (_, v) => v,
    }
}

pub(in crate::cql::mapping::select) fn eval_selector(
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
        Selector::Value { value, .. } => value.clone(),
        Selector::Term { .. } => None,
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
            "mintimeuuid" | "maxtimeuuid" => {
                let v = eval_selector(table, &args[0], row, partitioner)?;
                let millis = i64::from_be_bytes(v.as_slice().try_into().ok()?);
                Some(match name.as_str() {
                    "mintimeuuid" => crate::cql::timeuuid::min_timeuuid(millis).to_vec(),
                    _ => crate::cql::timeuuid::max_timeuuid(millis).to_vec(),
                })
            }
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
