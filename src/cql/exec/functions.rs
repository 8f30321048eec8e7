//! 2.2's user-defined functions and aggregates, as a node on the stock
//! `cassandra.yaml` (`enable_user_defined_functions: false`) answered
//! them: a CREATE FUNCTION is refused, and so is a CREATE AGGREGATE,
//! since no state function it could name exists. Owns those checks and
//! their order (`CreateFunctionStatement` / `CreateAggregateStatement`:
//! the keyspace first, then `validate`); it must not keep functions.

use super::{CqlOutcome, CqlSession};
use crate::cql::ast::{AggregateDef, TableName, TypeExpr};
use crate::cql::error::{CqlError, CqlResult};

/// `CREATE FUNCTION` (no `aggregate`) or `CREATE AGGREGATE`.
pub fn create(
    session: &CqlSession,
    name: &TableName,
    aggregate: Option<&AggregateDef>,
) -> CqlResult<CqlOutcome> {
    let keyspace =
        match (&name.keyspace, session.keyspace()) {
            (Some(ks), _) => ks.clone(),
            (None, Some(ks)) => ks.to_string(),
            (None, None) => return Err(CqlError::invalid(
                "Functions must be fully qualified with a keyspace name if a keyspace is not set \
                 for the session",
            )),
        };
    let Some(agg) = aggregate else {
        // 3.0 reworded it (`UDFunction`'s check).
        return Err(CqlError::invalid(
            match session.local_facts().claims_at_least((3, 0, 0)) {
                true => {
                    "User-defined functions are disabled in cassandra.yaml - set \
                     enable_user_defined_functions=true to enable"
                }
                false => {
                    "User-defined-functions are disabled in cassandra.yaml - set \
                      enable_user_defined_functions=true to enable if you are aware of the \
                      security risks"
                }
            },
        ));
    };
    // `stateFuncSig`: the state type, then the aggregate's arguments.
    let types: Vec<String> = std::iter::once(&agg.state_type)
        .chain(&agg.args)
        .map(TypeExpr::written)
        .collect();
    let function = match agg.state_function.contains('.') {
        true => agg.state_function.clone(),
        false => format!("{keyspace}.{}", agg.state_function),
    };
    Err(CqlError::invalid(format!(
        "State function {function}({}) does not exist or is not a scalar function",
        types.join(", ")
    )))
}

/// `DROP FUNCTION` or `DROP AGGREGATE` (2.2's `DropFunctionStatement`,
/// `DropAggregateStatement`): the name qualified by the session's keyspace
/// (`prepareKeyspace`), the system keyspace refused; a frozen argument
/// type refused; then, as no user function can exist on a stock yaml's
/// node, nothing found: nothing done under IF EXISTS, else the missing
/// function or aggregate named as each statement printed it.
pub fn drop(
    session: &CqlSession,
    name: &TableName,
    aggregate: bool,
    if_exists: bool,
    args: Option<&[TypeExpr]>,
) -> CqlResult<CqlOutcome> {
    let keyspace =
        match (&name.keyspace, session.keyspace()) {
            (Some(ks), _) => ks.clone(),
            (None, Some(ks)) => ks.to_string(),
            (None, None) => return Err(CqlError::invalid(
                "Functions must be fully qualified with a keyspace name if a keyspace is not set \
                 for the session",
            )),
        };
    if keyspace.eq_ignore_ascii_case("system") {
        return Err(CqlError::invalid("system keyspace is not user-modifiable"));
    }
    let given = args.is_some();
    let args = args.unwrap_or_default();
    if args.iter().any(|t| matches!(t, TypeExpr::Frozen(_))) {
        return Err(CqlError::invalid(
            "The function arguments should not be frozen; remove the frozen<> modifier",
        ));
    }
    if if_exists {
        return Ok(CqlOutcome::Void);
    }
    let types: Vec<String> = args.iter().map(TypeExpr::written).collect();
    let function = format!("{keyspace}.{}", name.name);
    Err(CqlError::invalid(match (aggregate, given) {
        (false, _) => format!("Unconfigured function {function}({})", types.join(",")),
        (true, false) => format!("Cannot drop non existing aggregate '{function}'"),
        (true, true) => format!(
            "Cannot drop non existing aggregate '{function}({})'",
            types.join(", ")
        ),
    }))
}
