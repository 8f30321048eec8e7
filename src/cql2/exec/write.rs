//! CQL 2 writes as 1.2.9 ran them: UPDATE and INSERT (`SET c = v`,
//! counter `c = c + n` / `c - n`, `USING CONSISTENCY / TIMESTAMP / TTL`),
//! DELETE of columns or whole rows, and BATCH of those, each turned into
//! engine mutations applied with one backend call.
//!
//! Owns the statement → `RowMutation` conversion and the write checks
//! (commutative vs plain CFs, key alias, value validation, batch rules).
//! It must not read.

use super::{
    check_column, check_column_name, check_consistency, check_counter_consistency, check_key,
    check_key_alias, column_family, invalid, keyspace, standard_cf, storage_level, term_bytes,
    Access, Bound, Context, Result,
};
use crate::cql::CqlError;
use crate::cql2::ast::{Attributes, BatchOutline, Delete, Modification, Operation, Update};
use crate::cql2::result::Cql2Result;
use crate::model::{Cell, DeletionTime, Op, RowMutation};
use crate::schema::CfDef;
use crate::storage::packed_batch::PackedBatchBuilder;
use std::borrow::Cow;

/// The system keyspace belongs to the server.
fn check_writable(ctx: &Context, ks: &str) -> Result<()> {
    if ctx
        .backend
        .schema()
        .keyspace(ks)
        .is_some_and(|k| k.is_system())
    {
        return invalid("system keyspace is not user-modifiable");
    }
    Ok(())
}

fn level(attrs: &Attributes) -> &str {
    attrs.consistency.as_deref().unwrap_or("ONE")
}

/// A single UPDATE or INSERT.
pub(super) fn update(ctx: &mut Context, u: &Update, vars: &Bound<'_>) -> Result<Cql2Result> {
    let session_ks = ctx.session_keyspace()?;
    let schema = ctx.backend.schema();
    check_consistency(
        ctx.era,
        keyspace(&schema, &session_ks)?,
        level(&u.attrs),
        Access::Write,
    )?;
    let ks = ctx.keyspace_for(&u.keyspace)?;
    let mutations = update_mutations(ctx, &ks, u, None, vars)?;
    apply(ctx, &ks, &mutations, level(&u.attrs), true)
}

/// A single DELETE.
pub(super) fn delete(ctx: &mut Context, d: &Delete, vars: &Bound<'_>) -> Result<Cql2Result> {
    let ks = ctx.keyspace_for(&d.keyspace)?;
    let mutations = delete_mutations(ctx, &ks, d, None, vars)?;
    // No release checked a DELETE's level.
    apply(ctx, &ks, &mutations, level(&d.attrs), false)
}

/// BEGIN BATCH ... APPLY BATCH: every statement in the connection's
/// keyspace, the batch's timestamp (if any) for all of them. An outlined
/// batch (see `parser::parse_outlined`) has no statements but its
/// `outline`: they are parsed again from `text` and mapped one at a time,
/// each dropped once mapped, with the same checks in the same order.
pub(super) fn batch(
    ctx: &mut Context,
    attrs: &Attributes,
    statements: &[Modification],
    outline: Option<&BatchOutline>,
    text: Option<Cow<'_, str>>,
    vars: &Bound<'_>,
) -> Result<Cql2Result> {
    let ks = ctx.session_keyspace()?;
    let schema = ctx.backend.schema();
    check_consistency(
        ctx.era,
        keyspace(&schema, &ks)?,
        level(attrs),
        Access::Write,
    )?;
    if attrs.ttl != 0 {
        return invalid("Global TTL on the BATCH statement is not supported.");
    }
    // The first statement naming its own level, or its own timestamp in a
    // batch that names one, is refused (the level first).
    let (consistency, timestamp) = match outline {
        Some(o) => (o.first_consistency, o.first_timestamp),
        None => (
            statements
                .iter()
                .position(|m| m.attrs().consistency.is_some()),
            statements
                .iter()
                .position(|m| m.attrs().timestamp.is_some()),
        ),
    };
    let timestamp = timestamp.filter(|_| attrs.timestamp.is_some());
    match (consistency, timestamp) {
        (Some(c), Some(t)) if t < c => {
            return invalid("Timestamp must be set either on BATCH or individual statements")
        }
        (Some(_), _) => {
            return invalid("Consistency level must be set on the BATCH, not individual statements")
        }
        (None, Some(_)) => {
            return invalid("Timestamp must be set either on BATCH or individual statements")
        }
        (None, None) => {}
    }
    // Each statement's mutations are packed as they come (see
    // `storage::packed_batch`), one a statement and key as 1.2 made them.
    let mut packed = PackedBatchBuilder::new(false);
    let mut add = |ctx: &mut Context, m: &Modification| -> Result<()> {
        let mutations = match m {
            Modification::Update(u) => update_mutations(ctx, &ks, u, attrs.timestamp, vars)?,
            Modification::Delete(d) => delete_mutations(ctx, &ks, d, attrs.timestamp, vars)?,
        };
        for m in mutations {
            for (cf, ops) in m.updates {
                packed.push(&m.keyspace, &cf, &m.key, ops);
            }
        }
        Ok(())
    };
    match (outline, text) {
        (Some(_), Some(text)) => {
            let grammar = ctx.era.grammar;
            crate::cql2::parser::each_batch_statement(&text, grammar, &mut |m| add(ctx, &m))?;
            // Parsed: the text is freed before the memtables grow.
            drop(text);
        }
        // Outlines are made only for runs that pass the text.
        (Some(_), None) => return invalid("a batch outline was run without its text"),
        (None, _) => {
            for m in statements {
                add(ctx, m)?;
            }
        }
    }
    let packed = packed.finish();
    for r in packed.rows() {
        check_key(r.key())?;
    }
    check_writable(ctx, &ks)?;
    storage_level(
        ctx.era,
        keyspace(&ctx.backend.schema(), &ks)?,
        level(attrs),
        true,
    )?;
    // CQL 2's BATCH was never atomic across rows (1.1 had no batch log).
    ctx.backend.apply_packed(&packed, false)?;
    Ok(Cql2Result::Void)
}

/// Writes the mutations at `level` (`checked`: whether the statement's
/// level was checked before, see `storage_level`).
fn apply(
    ctx: &Context,
    ks: &str,
    mutations: &[RowMutation],
    level: &str,
    checked: bool,
) -> Result<Cql2Result> {
    for m in mutations {
        check_key(&m.key)?;
    }
    check_writable(ctx, ks)?;
    storage_level(
        ctx.era,
        keyspace(&ctx.backend.schema(), ks)?,
        level,
        checked,
    )?;
    ctx.backend.apply(mutations)?;
    Ok(Cql2Result::Void)
}

fn row(ks: &str, cf: &CfDef, key: Vec<u8>, ops: Vec<Op>) -> RowMutation {
    RowMutation {
        keyspace: ks.to_string(),
        key,
        updates: vec![(cf.name.clone(), ops)],
    }
}

/// The statement's columns, the last assignment of a name winning (1.2
/// kept them in a map keyed by the term).
fn assignments(u: &Update) -> Result<Vec<&(crate::cql2::ast::Term, Operation)>> {
    if u.insert && u.unpaired {
        return invalid("unmatched column names/values");
    }
    let mut out: Vec<&(crate::cql2::ast::Term, Operation)> = Vec::with_capacity(u.columns.len());
    for col in &u.columns {
        match out.iter().position(|(name, _)| name.same_as(&col.0)) {
            Some(i) => out[i] = col,
            None => out.push(col),
        }
    }
    Ok(out)
}

/// 1.2's `UpdateStatement.prepareRowMutations`: one mutation per key.
fn update_mutations(
    ctx: &Context,
    ks: &str,
    u: &Update,
    batch_timestamp: Option<i64>,
    vars: &Bound<'_>,
) -> Result<Vec<RowMutation>> {
    let columns = assignments(u)?;
    let counting = columns
        .iter()
        .any(|(_, op)| matches!(op, Operation::Counter { .. }));
    if counting
        && columns
            .iter()
            .any(|(_, op)| matches!(op, Operation::Set(_)))
    {
        return invalid("Mix of commutative and non-commutative operations is not allowed.");
    }
    let cf = standard_cf(&ctx.backend.schema(), ks, &u.cf)?;
    if counting && !cf.is_counter() {
        return invalid(format!(
            "invalid operation for non commutative columnfamily {}",
            u.cf
        ));
    }
    if !counting && cf.is_counter() {
        return invalid(format!(
            "invalid operation for commutative columnfamily {}",
            u.cf
        ));
    }
    if counting {
        // 0.8 and 1.0 checked the level as the statement gave it: none is
        // not ONE.
        let given = match &u.attrs.consistency {
            None if ctx.era.levels_unchecked => "(none)",
            _ => level(&u.attrs),
        };
        check_counter_consistency(&cf, given)?;
    }
    check_key_alias(ctx.era, &cf, &u.key_alias)?;
    let timestamp = u
        .attrs
        .timestamp
        .or(batch_timestamp)
        .unwrap_or_else(|| ctx.write_timestamp());
    let mut out = Vec::with_capacity(u.keys.len());
    for k in &u.keys {
        let key = term_bytes(k, &cf.options.key_validation_class, vars)?;
        check_key(&key)?;
        let mut ops = Vec::with_capacity(columns.len());
        for (name_term, op) in &columns {
            let name = term_bytes(name_term, &cf.comparator, vars)?;
            match op {
                Operation::Set(v) => {
                    let value = term_bytes(v, cf.options.value_validator(&name), vars)?;
                    check_column(&cf, &name, &value)?;
                    let cell = if u.attrs.ttl > 0 {
                        Cell::expiring(name, value, timestamp, u.attrs.ttl, ctx.now)
                    } else {
                        Cell::live(name, value, timestamp)
                    };
                    ops.push(Op::Put {
                        super_column: None,
                        cell,
                    });
                }
                Operation::Counter { column, delta } => {
                    if name_term.text != column.text {
                        return invalid("Only expressions like X = X + <long> are supported.");
                    }
                    let delta = parse_java_long(&delta.text).ok_or_else(|| {
                        CqlError::Invalid(format!(
                            "'{}' is an invalid value, should be a long.",
                            delta.text
                        ))
                    })?;
                    check_column_name(&name)?;
                    ops.push(Op::CounterAdd {
                        super_column: None,
                        name,
                        delta,
                        timestamp: ctx.write_timestamp(),
                    });
                }
            }
        }
        out.push(row(ks, &cf, key, ops));
    }
    Ok(out)
}

/// Java's `Long.parseLong`: an optional sign, then decimal digits.
fn parse_java_long(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// 1.2's `DeleteStatement.prepareRowMutations`: the named columns, or the
/// whole row, of each key.
fn delete_mutations(
    ctx: &Context,
    ks: &str,
    d: &Delete,
    batch_timestamp: Option<i64>,
    vars: &Bound<'_>,
) -> Result<Vec<RowMutation>> {
    if ctx.era.delete_of_missing_cf_fails
        && column_family(&ctx.backend.schema(), ks, &d.cf).is_err()
    {
        return Err(CqlError::Failed(format!(
            "DELETE read the key validator of {ks}.{}, which does not exist",
            d.cf
        )));
    }
    let cf = standard_cf(&ctx.backend.schema(), ks, &d.cf)?;
    let timestamp = d
        .attrs
        .timestamp
        .or(batch_timestamp)
        .unwrap_or_else(|| ctx.write_timestamp());
    let mut out = Vec::with_capacity(d.keys.len());
    for k in &d.keys {
        let key = term_bytes(k, &cf.options.key_validation_class, vars)?;
        check_key_alias(ctx.era, &cf, &d.key_alias)?;
        let mut ops = Vec::new();
        if d.columns.is_empty() {
            ops.push(Op::DeleteRow(DeletionTime::new(timestamp, ctx.now)));
        }
        for c in &d.columns {
            let name = term_bytes(c, &cf.comparator, vars)?;
            check_column_name(&name)?;
            ops.push(Op::Put {
                super_column: None,
                cell: Cell::tombstone(name, timestamp, ctx.now),
            });
        }
        out.push(row(ks, &cf, key, ops));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::parse_java_long;

    #[test]
    fn java_long_parsing() {
        assert_eq!(parse_java_long("41"), Some(41));
        assert_eq!(parse_java_long("-2"), Some(-2));
        assert_eq!(parse_java_long("+7"), Some(7));
        assert_eq!(parse_java_long("?"), None);
        assert_eq!(parse_java_long("1.5"), None);
        assert_eq!(parse_java_long(""), None);
        assert_eq!(parse_java_long("99999999999999999999"), None);
    }
}
