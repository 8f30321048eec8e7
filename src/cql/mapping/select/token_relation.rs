//! A SELECT's `token(...)` relation and its value as each release judged
//! them. 2.2's `TokenRelation` checked the columns first (all of the
//! partition key, in order) and typed the function's arguments as its
//! parameters (`arg0(system.token)`). 1.2 to 2.1 split the relation into
//! one per column (`SingleColumnRelation(c, op, term, onToken)`): each
//! column was checked as it came (a partition key column, restricted once
//! by an EQ), the value prepared against the `partition key token`, the
//! function's arguments matched against its signature (`Type error: ..`),
//! and the columns checked as a whole only when the key was processed.
//!
//! Owns those checks and the token function's arguments; it must not read
//! anything.

use super::super::value_rules::ValueRules;
use super::super::values::{column_receiver, eval_scalar, TermContext};
use super::rules::Words;
use crate::cql::ast::{Operator, Term};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::table::{ColumnRole, Table};

fn invalid(m: impl Into<String>) -> CqlError {
    CqlError::invalid(m)
}

/// 2.2's check of a token relation's columns, before its value
/// (`TokenRelation.toReceivers`).
pub(super) fn columns_2_2(table: &Table, columns: &[String], words: Words) -> CqlResult<()> {
    if words != Words::V22 || names_the_key(table, columns) {
        return Ok(());
    }
    let key: Vec<&str> = table
        .partition_key
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    if !key.iter().all(|k| columns.iter().any(|c| c == k)) {
        return Err(all_or_none());
    }
    if (1..columns.len()).any(|i| columns[..i].contains(&columns[i])) {
        return Err(invalid(
            "The token() function contains duplicate partition key components",
        ));
    }
    if columns.iter().any(|c| !key.contains(&c.as_str())) {
        return Err(invalid(
            "The token() function must contains only partition key components",
        ));
    }
    Err(invalid(format!(
        "The token function arguments must be in the partition key order: {}",
        key.join(", ")
    )))
}

/// The refusal of a `token(..)` value of `given` arguments where the key
/// has more or fewer parts, in the release's words; `token` the CQL name
/// of the partitioner's token type.
pub(super) fn arity(table: &Table, given: usize, token: &str, words: Words) -> CqlError {
    let wanted = table.partition_key.len();
    if words == Words::V22 {
        let types: Vec<String> = table
            .partition_key
            .iter()
            .map(|c| c.ty.cql_name())
            .collect();
        return invalid(format!(
            "Incorrect number of arguments specified for function system.token : ({}) -> {token} \
             (expected {wanted}, found {given})",
            types.join(", ")
        ));
    }
    invalid(format!(
        "Invalid number of arguments in call to function token: {wanted} required but {given} \
         provided"
    ))
}

/// 1.2 to 2.1's checks of each column of a token relation as it came:
/// `restricted` whether the column's partition key part already had an
/// EQ or IN (`partition`) or a token relation (`on_token`).
pub(super) fn columns_before_2_2(
    table: &Table,
    columns: &[String],
    op: Operator,
    restricted: impl Fn(usize) -> bool,
    words: Words,
) -> CqlResult<()> {
    if words == Words::V22 {
        return Ok(());
    }
    for c in columns {
        let Some(role) = table.role(c) else {
            continue;
        };
        let ColumnRole::PartitionKey(i) = role else {
            return Err(invalid(format!(
                "The token() function is only supported on the partition key, found on {c}"
            )));
        };
        if restricted(i) && op == Operator::Eq {
            return Err(invalid(format!(
                "{c} cannot be restricted by more than one relation if it includes an Equal"
            )));
        }
    }
    Ok(())
}

/// 1.2 to 2.1's check of a token slice's columns once its value was
/// prepared: a column an EQ or IN restricted already (`by_equality`)
/// took no bounds (1.2's `Restriction.setBound`, 2.0's
/// `updateRestriction`). The first such column, as written, is named.
pub(super) fn slice_after_equality(
    table: &Table,
    columns: &[String],
    op: Operator,
    by_equality: impl Fn(usize) -> bool,
    words: Words,
) -> CqlResult<()> {
    let slice = matches!(
        op,
        Operator::Gt | Operator::Gte | Operator::Lt | Operator::Lte
    );
    if words == Words::V22 || !slice {
        return Ok(());
    }
    let restricted = columns
        .iter()
        .find(|c| matches!(table.role(c), Some(ColumnRole::PartitionKey(i)) if by_equality(i)));
    match (restricted, words) {
        (None, _) => Ok(()),
        (Some(c), Words::V20) => Err(invalid(format!(
            "Column \"{c}\" cannot be restricted by both an equality and an inequality relation"
        ))),
        (Some(c), _) => Err(invalid(format!(
            "{c} cannot be restricted by both an equal and an inequal relation"
        ))),
    }
}

/// 1.2 to 2.1's check, when the partition key was processed, that the
/// token relation named every part; 2.0 and 2.1 then wanted them in the
/// key's order (`checkTokenFunctionArgumentsOrder`, naming the key's parts
/// joined by a bare comma: 2.0 by name, 2.1 by `ColumnDefinition`), where
/// 1.2 took any order (the bound is the token of the value alone).
pub(super) fn whole_key_before_2_2(
    table: &Table,
    columns: &[String],
    words: Words,
    values: ValueRules,
) -> CqlResult<()> {
    if words == Words::V22 || names_the_key(table, columns) {
        return Ok(());
    }
    let every_part = table.partition_key.len() == columns.len()
        && table
            .partition_key
            .iter()
            .all(|k| columns.contains(&k.name));
    if !every_part {
        return Err(all_or_none());
    }
    if words == Words::V12 {
        return Ok(());
    }
    let parts: Vec<String> = table
        .partition_key
        .iter()
        .map(|k| column_receiver(table, &k.name, values).unwrap_or_else(|| k.name.clone()))
        .collect();
    Err(invalid(format!(
        "The token function arguments must be in the partition key order: {}",
        parts.join(",")
    )))
}

/// An EQ or IN on a partition key column a token relation restricted
/// already (1.2 to 2.1; 2.2 took both, filtering the keys by the token).
pub(super) fn after_token(column: &str, op: Operator, words: Words) -> CqlResult<()> {
    if words == Words::V22 {
        return Ok(());
    }
    match op {
        Operator::Eq => Err(invalid(format!(
            "{column} cannot be restricted by more than one relation if it includes an Equal"
        ))),
        Operator::In => Err(invalid(format!(
            "{column} cannot be restricted by more than one relation if it includes a IN"
        ))),
        _ => Ok(()),
    }
}

/// The token function's argument `i` for the key part `column` of type
/// `ty`: 2.2 prepared it against the function's parameter, 1.2 to 2.1
/// matched a constant's kind against the signature first.
pub(super) fn argument(
    arg: &Term,
    i: usize,
    column: &crate::cql::types::CqlType,
    name: &str,
    ctx: &mut TermContext,
    words: Words,
) -> CqlResult<Option<Vec<u8>>> {
    if words == Words::V22 {
        return eval_scalar(arg, column, &format!("arg{i}(system.token)"), ctx);
    }
    eval_scalar(arg, column, name, ctx).map_err(|e| match (&e, arg) {
        (CqlError::Invalid(m), Term::Constant(_))
            if m.starts_with("Invalid ") && m.contains(" constant (") =>
        {
            invalid(format!(
                "Type error: {} cannot be passed as argument {i} of function token of type {}",
                arg.as_written(),
                column.cql_name()
            ))
        }
        _ => e,
    })
}

fn names_the_key(table: &Table, columns: &[String]) -> bool {
    columns
        .iter()
        .map(String::as_str)
        .eq(table.partition_key.iter().map(|c| c.name.as_str()))
}

fn all_or_none() -> CqlError {
    invalid("The token() function must be applied to all partition key components or none of them")
}

#[cfg(test)]
mod tests {
    use super::super::plan_in_release;

    const HITS: &str =
        "CREATE TABLE hits (tenant text, day int, n int, PRIMARY KEY ((tenant, day)))";
    const MIXED: &str = "SELECT * FROM hits WHERE tenant = 'a' AND day = 2 \
                         AND token(tenant, day) > token('a', 1)";

    #[test]
    fn a_token_value_is_prepared_at_the_first_key_parts_relation_before_2_2() {
        // 1.2.9 to 2.1.22 (rel_tokenvalueorder): a relation per column, in order.
        const P: &str = "CREATE TABLE p (a int, b text, c int, v int, PRIMARY KEY ((a, b), c))";
        let answer = |query: &str| match plan_in_release((2, 0, 17), P, query) {
            Err(e) => e.to_string(),
            Ok(_) => "planned".into(),
        };
        let arity = |given| {
            format!("Invalid number of arguments in call to function token: 2 required but {given} provided")
        };
        let outside = |c: &str| {
            format!("The token() function is only supported on the partition key, found on {c}")
        };
        let q = |w: &str| format!("SELECT v FROM p WHERE {w}");
        assert_eq!(answer(&q("token(a, b, c) > token(1, 'x', 1)")), arity(3));
        assert_eq!(answer(&q("token(a, c) > token(1)")), arity(1));
        assert_eq!(answer(&q("token(c, a) > token(1, 1)")), outside("c"));
        assert_eq!(answer(&q("token(a, b, v) > token(1, 'x')")), outside("v"));
        assert_eq!(answer(&q("token(a, b, c) > token(1, 'x')")), outside("c"));
    }

    fn answer(release: (u32, u32, u32), query: &str) -> String {
        match plan_in_release(release, HITS, query) {
            Err(e) => e.to_string(),
            Ok(_) => "planned".into(),
        }
    }

    #[test]
    fn a_token_slice_cannot_join_an_equality_before_2_2() {
        assert_eq!(
            answer((1, 2, 9), MIXED),
            "tenant cannot be restricted by both an equal and an inequal relation"
        );
        assert_eq!(
            answer((2, 1, 22), MIXED),
            "Column \"tenant\" cannot be restricted by both an equality and an inequality relation"
        );
        // The first column written that an equality restricted is named.
        let day_only = "SELECT * FROM hits WHERE day = 2 AND token(tenant, day) < token('a', 1)";
        assert_eq!(
            answer((1, 2, 9), day_only),
            "day cannot be restricted by both an equal and an inequal relation"
        );
        assert_eq!(answer((2, 2, 19), MIXED), "planned");
    }
}
