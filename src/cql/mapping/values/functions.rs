//! The value functions a term may call (`now()`, `minTimeuuid`,
//! `maxTimeuuid`, `dateOf`, `unixTimestampOf`, `<type>AsBlob`,
//! `blobAs<type>`): their return types, their names as each release
//! printed them, and their evaluation. It must not type literals.

use super::{assignable, eval_scalar, TermContext};
use crate::cql::ast::{ConstantKind, Term};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::value_rules::ValueRules;
use crate::cql::table::value_compatible;
use crate::cql::timeuuid::{max_timeuuid, min_timeuuid, unix_millis_of};
use crate::cql::types::{CqlType, Native};
use crate::marshal::bytes_to_hex;

/// The type a native function returns (`None`: a function of no type
/// known here, left to its call).
pub(super) fn function_returns(name: &str) -> Option<Native> {
    match name {
        "now" | "mintimeuuid" | "maxtimeuuid" => Some(Native::Timeuuid),
        "dateof" => Some(Native::Timestamp),
        "unixtimestampof" => Some(Native::Bigint),
        _ if name.ends_with("asblob") => Some(Native::Blob),
        _ => name.strip_prefix("blobas").and_then(Native::from_name),
    }
}

/// How a release's messages qualified a native function's name: 2.2's
/// functions live in the `system` keyspace, and are named by it.
pub(in crate::cql::mapping) fn function_keyspace(values: ValueRules) -> &'static str {
    match values {
        ValueRules::Since22 | ValueRules::Since30 => "system.",
        _ => "",
    }
}

/// A type named in a conversion function's name (2.2's types from 2.2).
fn native_of(name: &str, values: ValueRules) -> Option<Native> {
    match values >= ValueRules::Since22 {
        true => Native::from_name_22(name),
        false => Native::from_name(name),
    }
}

pub(super) fn eval_function(
    name: &str,
    args: &[Term],
    ty: &CqlType,
    column: &str,
    ctx: &mut TermContext,
) -> CqlResult<Option<Vec<u8>>> {
    let values = ctx.values;
    // 2.2 named the function by its keyspace here too (`FunctionName`).
    let want = |n: usize| -> CqlResult<()> {
        if args.len() != n {
            return Err(CqlError::invalid(format!(
                "Invalid number of arguments in call to function {}{name}: {n} required but {} provided",
                function_keyspace(values),
                args.len()
            )));
        }
        Ok(())
    };
    let receiver = ctx.receiver.clone();
    let receiver = receiver.as_deref().unwrap_or(column);
    let returns = |t: Native| -> CqlResult<()> {
        // 1.2 wanted the receiver's own type; 2.0 one whose values it
        // takes (`isValueCompatibleWith`: a blob takes any, a uuid a
        // timeuuid, a bigint a timestamp).
        let ok = match ty {
            CqlType::Native(n) if values >= ValueRules::Since20 => {
                value_compatible(&CqlType::Native(t), ty) || *n == Native::Blob
            }
            CqlType::Native(n) => *n == t,
            _ => false,
        };
        if !ok {
            return Err(CqlError::invalid(format!(
                "Type error: cannot assign result of function {}{name} (type {}) to {receiver} (type {})",
                function_keyspace(values),
                t.name(),
                ty.cql_name()
            )));
        }
        Ok(())
    };
    // A conversion's null argument made a null value (`execute` gave its
    // parameter back); the time functions' refused one.
    let arg_or_null = |t: Native, ctx: &mut TermContext| -> CqlResult<Option<Vec<u8>>> {
        // `Functions.validateTypes` (1.2 on): a constant the argument's
        // type does not take, as written (a string quoted).
        if let Term::Constant(c) = &args[0] {
            if !assignable(&args[0], &CqlType::Native(t)) {
                let provided = match c.kind {
                    ConstantKind::String => format!("'{}'", c.text),
                    _ => c.text.clone(),
                };
                return Err(CqlError::invalid(format!(
                    "Type error: {provided} cannot be passed as argument 0 of function {}{name} of type {}",
                    function_keyspace(ctx.values),
                    t.name()
                )));
            }
        }
        eval_scalar(&args[0], &CqlType::Native(t), column, ctx)
    };
    let arg = |t: Native, ctx: &mut TermContext| -> CqlResult<Vec<u8>> {
        arg_or_null(t, ctx)?
            .ok_or_else(|| CqlError::invalid(format!("Invalid null argument to {name}")))
    };
    match name {
        "now" => {
            want(0)?;
            returns(Native::Timeuuid)?;
            Ok(Some(ctx.uuids.next(ctx.now_millis).to_vec()))
        }
        "mintimeuuid" | "maxtimeuuid" => {
            want(1)?;
            returns(Native::Timeuuid)?;
            let b = arg(Native::Timestamp, ctx)?;
            let millis = i64::from_be_bytes(
                b.as_slice()
                    .try_into()
                    .map_err(|_| CqlError::invalid("Invalid timestamp"))?,
            );
            Ok(Some(
                if name == "mintimeuuid" {
                    min_timeuuid(millis)
                } else {
                    max_timeuuid(millis)
                }
                .to_vec(),
            ))
        }
        "dateof" | "unixtimestampof" => {
            want(1)?;
            returns(if name == "dateof" {
                Native::Timestamp
            } else {
                Native::Bigint
            })?;
            let b = arg(Native::Timeuuid, ctx)?;
            let millis = unix_millis_of(&b).ok_or_else(|| {
                CqlError::invalid(format!("Invalid timeuuid 0x{}", bytes_to_hex(&b)))
            })?;
            Ok(Some(millis.to_be_bytes().to_vec()))
        }
        _ => {
            if let Some(from) = name
                .strip_suffix("asblob")
                .and_then(|n| native_of(n, ctx.values))
            {
                want(1)?;
                returns(Native::Blob)?;
                return arg_or_null(from, ctx);
            }
            if let Some(to) = name
                .strip_prefix("blobas")
                .and_then(|n| native_of(n, ctx.values))
            {
                want(1)?;
                returns(to)?;
                let Some(b) = arg_or_null(Native::Blob, ctx)? else {
                    return Ok(None);
                };
                // 1.2 took any bytes; 2.0 checked them (blobAsVarchar, a
                // function of its own, never did).
                let checked = ctx.values >= ValueRules::Since20 && name != "blobasvarchar";
                if checked && ctx.values.validate(&CqlType::Native(to), &b).is_err() {
                    let keyspace = function_keyspace(ctx.values);
                    return Err(CqlError::invalid(format!(
                        "In call to function {keyspace}blobas{0}, value 0x{1} is not a valid binary representation for type {0}",
                        to.name(),
                        bytes_to_hex(&b)
                    )));
                }
                return Ok(Some(b));
            }
            // 1.2 to 2.1's `FunctionCall.Raw.prepare`: named as written.
            Err(CqlError::invalid(match ctx.values < ValueRules::Since22 {
                true => format!("Unknown CQL3 function {name} called"),
                false => format!("Unknown function '{name}'"),
            }))
        }
    }
}
