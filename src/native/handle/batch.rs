//! BATCH messages (protocol v2+): a batch of INSERT, UPDATE and DELETE
//! members, each a text or a prepared id with its own values, applied as
//! one CQL3 batch through the executor.
//!
//! Its members are handled one at a time, twice, straight from the frame
//! body (see `request::Batch`): first each is parsed (or looked up),
//! resolved and its values converted, for the errors; once the login is
//! checked against every table they write, each is parsed again, bound and
//! packed into the batch's writes (`cql::exec::pack_members`), its syntax
//! tree dropped before the next one's is built. The body is freed once the
//! writes are packed, before they apply. So a message of 65,535 small
//! INSERTs never holds their trees (some 800 bytes each) all at once.
//!
//! The answers are those of the members joined into one `BEGIN ... APPLY
//! BATCH` text, their markers numbered in order across members, as this
//! server ran a BATCH message before: the errors of each step in member
//! order, and the steps in the same order (parse, kind and marker count;
//! the markers' receivers; the values; the consistency; the login and its
//! grants; then the executor's). A batch with a condition (a lightweight
//! transaction) still runs that way, whole.
//!
//! Owns only the translation of BATCH messages; the statements' semantics
//! belong to the executor.

use super::super::wire::codec::{DecodeResult, Value};
use super::super::wire::request::{Batch, BatchQuery, Member, QueryParams};
use super::super::wire::result;
use super::error::{parse_error, NativeError, NativeResult};
use super::query::{self, binds, check_consistency, lookup, specs, table_of, Answer, Binds, Ctx};
use crate::auth::access::Access;
use crate::auth::AuthenticatedUser;
use crate::cql::ast::{BatchKind, Statement};
use crate::cql::exec::{self, access, CqlSession, Prepared};
use crate::cql::mapping::condition;
use crate::cql::{CqlError, CqlResult};
use crate::node::cql::NodeBackend;
use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

/// Cassandra 2.2's `batch_size_warn_threshold_in_kb` (5 KiB): a bigger
/// batch is run, with a warning (protocol v4).
pub const BATCH_WARN_BYTES: usize = 5 * 1024;

/// What the first pass over the members learned.
struct Checked {
    /// The members' texts and values, in bytes (for the size warning).
    size: usize,
    /// `ks.t` of every table written, for the warning.
    tables: BTreeSet<String>,
    /// What the members need, each access once, or the first member's
    /// error in saying so.
    accesses: CqlResult<Vec<Access>>,
    /// Whether a member has a condition.
    conditional: bool,
    /// The prepared members, by id: the second pass runs what the first
    /// checked, even if the cache changes meanwhile.
    prepared: HashMap<Vec<u8>, Arc<Prepared>>,
}

/// A member's statement: parsed from its text, or as prepared.
struct Resolved<'a> {
    statement: Cow<'a, Statement>,
    /// Its text, trimmed as it stood in the joined batch.
    text: &'a str,
    markers: usize,
}

fn resolve<'a>(
    ctx: &Ctx,
    query: BatchQuery<'a>,
    prepared: &'a mut HashMap<Vec<u8>, Arc<Prepared>>,
) -> NativeResult<Resolved<'a>> {
    let trimmed = |t: &'a str| t.trim().trim_end_matches(';');
    Ok(match query {
        BatchQuery::Text(t) => {
            let parsed = crate::cql::parse_with(t, crate::cql::Grammar::native(ctx.node.release))
                .map_err(|e| parse_error(ctx.node.release, t, e))?;
            Resolved {
                statement: Cow::Owned(parsed.statement),
                text: trimmed(t),
                markers: parsed.bind_count,
            }
        }
        BatchQuery::Prepared(id) => {
            let p = match prepared.entry(id.to_vec()) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => e.insert(lookup(ctx.node, id)?),
            };
            Resolved {
                statement: Cow::Borrowed(&p.statement),
                text: trimmed(&p.query),
                markers: p.specs.len(),
            }
        }
    })
}

/// The kind of a BATCH message as the executor names it.
fn kind_of(kind: u8) -> BatchKind {
    match kind {
        0 => BatchKind::Logged,
        1 => BatchKind::Unlogged,
        _ => BatchKind::Counter,
    }
}

/// Runs a BATCH message.
pub fn batch(ctx: &Ctx, b: Batch) -> NativeResult<Answer> {
    let (session, user) = query::session(ctx, b.timestamp);
    let checked = check(ctx, &session, &b)?;
    if checked.conditional {
        return whole(ctx, session, user, &b, &checked);
    }
    check_consistency(b.consistency, b.serial_consistency)?;
    let Checked {
        size,
        tables,
        accesses,
        mut prepared,
        ..
    } = checked;
    let reach = query::authorize_accesses(ctx.node, &session, user.as_ref(), || accesses)?;
    let backend = NodeBackend::confined(ctx.node, reach);
    // An error of this side (none is expected: the first pass met them
    // all) is kept here while the executor is told only to stop.
    let mut own: Option<NativeError> = None;
    let packed = exec::pack_members(&backend, &session, kind_of(b.kind), &mut |add| {
        for m in b.members() {
            match bind(ctx, &session, m, &mut prepared) {
                Ok((statement, binds)) => add(&statement, &binds.values, &binds.unset)?,
                Err(e) => {
                    own = Some(e);
                    return Err(CqlError::invalid("a batch member changed while it ran"));
                }
            }
        }
        Ok(())
    });
    if let Some(e) = own {
        return Err(e);
    }
    let packed = backend.finish(packed)?;
    let kind = kind_of(b.kind);
    // The frame body is not needed any more; the writes may be big.
    drop(b);
    backend.finish(exec::apply_packed(&backend, &session, packed, kind))?;
    Ok((result::void(), warnings(size, &tables)))
}

/// A member of the second pass, parsed (or looked up) and bound.
fn bind<'a>(
    ctx: &Ctx,
    session: &CqlSession,
    m: DecodeResult<Member<'a>>,
    prepared: &'a mut HashMap<Vec<u8>, Arc<Prepared>>,
) -> NativeResult<(Cow<'a, Statement>, Binds)> {
    let m = m?;
    let r = resolve(ctx, m.query, prepared)?;
    let specs = specs(ctx.node, session, &r.statement)?;
    let binds = binds(&specs, &m.values, None, ctx.version)?;
    Ok((r.statement, binds))
}

/// The first pass: every member's own errors, in the order described
/// above, and what the rest of the run needs.
fn check(ctx: &Ctx, session: &CqlSession, b: &Batch) -> NativeResult<Checked> {
    /// The steps after a member's own, in their order.
    const RECEIVERS: u8 = 1;
    const VALUES: u8 = 2;
    let mut c = Checked {
        size: 0,
        tables: BTreeSet::new(),
        accesses: Ok(Vec::new()),
        conditional: false,
        prepared: HashMap::new(),
    };
    // The first error of the latest step reached, (step, error).
    let mut later: Option<(u8, NativeError)> = None;
    for m in b.members() {
        let Member { query, values } = m?;
        let r = resolve(ctx, query, &mut c.prepared)?;
        member_kind(&r.statement)?;
        if r.markers != values.len() {
            return Err(NativeError::Invalid(format!(
                "There were {} markers(?) in CQL but {} bound variables",
                r.markers,
                values.len()
            )));
        }
        c.size += r.text.len() + values.iter().map(value_len).sum::<usize>();
        if let Some(t) = table_of(&r.statement) {
            let ks = session.keyspace_for(t).unwrap_or_default();
            c.tables.insert(format!("{ks}.{}", t.name));
        }
        c.conditional |= condition::conditional(&r.statement).is_some();
        if let Ok(all) = &mut c.accesses {
            match access::requirements(session, &r.statement) {
                Ok(more) => {
                    for a in more {
                        if !all.contains(&a) {
                            all.push(a);
                        }
                    }
                }
                Err(e) => c.accesses = Err(e),
            }
        }
        let reached = later.as_ref().map_or(u8::MAX, |(step, _)| *step);
        if reached > RECEIVERS {
            match specs(ctx.node, session, &r.statement) {
                Err(e) => later = Some((RECEIVERS, e)),
                Ok(specs) if reached > VALUES => {
                    if let Err(e) = binds(&specs, &values, None, ctx.version) {
                        later = Some((VALUES, e));
                    }
                }
                Ok(_) => {}
            }
        }
    }
    match later {
        Some((_, e)) => Err(e),
        None => Ok(c),
    }
}

fn value_len(v: &Value) -> usize {
    match v {
        Value::Set(b) => b.len(),
        _ => 0,
    }
}

/// A batch with a condition: its members joined into one statement, run
/// as a prepared one (the conditional path reads and compares the whole
/// batch at once). Its members passed `check`.
fn whole(
    ctx: &Ctx,
    session: CqlSession,
    user: Option<AuthenticatedUser>,
    b: &Batch,
    checked: &Checked,
) -> NativeResult<Answer> {
    let mut members = Vec::with_capacity(b.len());
    let mut values = Vec::new();
    let mut prepared = checked.prepared.clone();
    for m in b.members() {
        let m = m?;
        let r = resolve(ctx, m.query, &mut prepared)?;
        members.push(r.text.to_string());
        values.extend(m.values);
    }
    let kind = match b.kind {
        0 => "",
        1 => "UNLOGGED ",
        _ => "COUNTER ",
    };
    let text = format!("BEGIN {kind}BATCH {}; APPLY BATCH", members.join("; "));
    drop(members);
    let parsed = crate::cql::parse_with(&text, crate::cql::Grammar::native(ctx.node.release))?;
    let specs = specs(ctx.node, &session, &parsed.statement)?;
    let binds = binds(&specs, &values, None, ctx.version)?;
    let prepared = query::unprepared(&text, parsed.statement, specs);
    let params = QueryParams {
        consistency: b.consistency,
        serial_consistency: b.serial_consistency,
        ..QueryParams::default()
    };
    let body = query::run(ctx, session, user, &prepared, binds, &params, [0; 16])?;
    Ok((body, warnings(checked.size, &checked.tables)))
}

/// Cassandra's warning for a batch over [`BATCH_WARN_BYTES`].
fn warnings(size: usize, tables: &BTreeSet<String>) -> Vec<String> {
    if size <= BATCH_WARN_BYTES {
        return Vec::new();
    }
    let tables: Vec<&str> = tables.iter().map(String::as_str).collect();
    vec![format!(
        "Batch of prepared statements for [{}] is of size {size}, exceeding specified threshold of {BATCH_WARN_BYTES} by {}.",
        tables.join(", "),
        size - BATCH_WARN_BYTES
    )]
}

/// Only writes may be members of a batch.
fn member_kind(s: &Statement) -> NativeResult<()> {
    match s {
        Statement::Insert(_) | Statement::Update(_) | Statement::Delete(_) => Ok(()),
        _ => Err(NativeError::Invalid(
            "Invalid statement in batch: only UPDATE, INSERT and DELETE statements are allowed."
                .into(),
        )),
    }
}
