//! Batches without conditions, packed: every statement mapped to its writes
//! and packed (see `storage::packed_batch`) as it comes, then dropped, so
//! that a batch's syntax trees and writes are never all held. Three
//! sources: a batch's syntax tree, its text parsed again statement by
//! statement (an outlined batch), and the members of a native BATCH
//! message, each with its own bound values.
//!
//! Owns the checks a batch makes before anything applies, in 1.2.9's order
//! and words: the counter-batch rule over every table, the batch's `USING`,
//! then each statement's writes. It must not apply anything but a packed
//! batch whose every statement passed.

use super::super::unset;
use super::{engine_op, table_lookup, with_write_context};
use crate::cql::ast::{Batch, BatchKind, Statement, TableName, Using};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::exec::{CqlBackend, CqlOutcome, CqlSession};
use crate::cql::mapping::{self, CqlWrite};
use crate::cql::table::Table;
use crate::storage::packed_batch::{PackedBatch, PackedBatchBuilder};
use std::borrow::Cow;

/// The table a batch member writes.
fn written_table(s: &Statement) -> Option<&TableName> {
    match s {
        Statement::Insert(i) => Some(&i.table),
        Statement::Update(u) => Some(&u.table),
        Statement::Delete(d) => Some(&d.table),
        _ => None,
    }
}

/// 1.2.9's rule: counter tables are written only by COUNTER batches, and
/// those write nothing else (checked statement by statement, in order).
/// From 2.1 an UNLOGGED batch takes counters too, when all it writes are
/// counters (see [`unlogged_kind`]).
pub(super) fn check_batch_kind(
    session: &CqlSession,
    b: &Batch,
    tables: &dyn Fn(&TableName) -> CqlResult<Table>,
) -> CqlResult<()> {
    counter_batch_timestamp(session, b)?;
    let names = || b.statements.iter().filter_map(written_table);
    let kind = unlogged_kind(session, b, names(), tables)?;
    check_kind_of_tables(KindWords::of(session), kind, names(), tables)
}

/// Whose words the counter-batch rule speaks: 1.2's and 2.0's, or 2.1's
/// `BatchStatement.validate` (the kind named as the batch's: `Cannot
/// include a counter statement in a logged batch`), which 3.x kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum KindWords {
    V12,
    V21,
}

impl KindWords {
    fn of(session: &CqlSession) -> KindWords {
        let facts = session.local_facts();
        match facts.emulated && facts.claims_at_least((2, 1, 0)) {
            true => KindWords::V21,
            false => KindWords::V12,
        }
    }
}

/// The counter-batch rule for one statement writing a counter table or
/// not, in a batch of `kind`. 2.1's refused counters in a LOGGED batch
/// only, so an UNLOGGED batch passes here (its mix is refused once every
/// statement is checked: see [`unlogged_kind`], [`pack_members`]).
fn check_kind_of(words: KindWords, kind: BatchKind, counter: bool) -> CqlResult<()> {
    let refused = match (words, counter, kind) {
        (KindWords::V12, true, BatchKind::Logged | BatchKind::Unlogged) => {
            "Counter mutations are only allowed in COUNTER batches"
        }
        (KindWords::V12, false, BatchKind::Counter) => {
            "Only counter mutations are allowed in COUNTER batches"
        }
        (KindWords::V21, true, BatchKind::Logged) => {
            "Cannot include a counter statement in a logged batch"
        }
        (KindWords::V21, false, BatchKind::Counter) => {
            "Cannot include non-counter statement in a counter batch"
        }
        _ => return Ok(()),
    };
    Err(CqlError::invalid(refused))
}

/// 2.1's refusal of an UNLOGGED batch writing counter and other tables.
const MIXED: &str = "Counter and non-counter mutations cannot exist in the same batch";

/// 2.1's `BatchStatement.validate` judged a COUNTER batch's own timestamp
/// before its tables (after a batch TTL, refused later here too); 2.0 only
/// warned that it was ignored.
fn counter_batch_timestamp(session: &CqlSession, b: &Batch) -> CqlResult<()> {
    if b.kind == BatchKind::Counter
        && b.using.timestamp.is_some()
        && b.using.ttl.is_none()
        && KindWords::of(session) == KindWords::V21
    {
        return Err(CqlError::invalid(
            "Cannot provide custom timestamp for counter BATCH",
        ));
    }
    Ok(())
}

/// The kind a batch's tables are checked as: 2.1's `BatchStatement`
/// refused counters only in a LOGGED batch and non-counters only in a
/// COUNTER one, so an UNLOGGED batch of counters alone passes as a COUNTER
/// batch would (but for a timestamp of the batch's own: `Cannot provide
/// custom timestamp for a BATCH containing counters`), and one mixing both
/// is refused whole.
fn unlogged_kind<'t>(
    session: &CqlSession,
    b: &Batch,
    names: impl Iterator<Item = &'t TableName>,
    tables: &dyn Fn(&TableName) -> CqlResult<Table>,
) -> CqlResult<BatchKind> {
    let kind = b.kind;
    if kind != BatchKind::Unlogged || KindWords::of(session) != KindWords::V21 {
        return Ok(kind);
    }
    let (mut counters, mut others) = (false, false);
    for name in names {
        match tables(name)?.is_counter_table() {
            true if b.using.timestamp.is_some() => {
                return Err(CqlError::invalid(
                    "Cannot provide custom timestamp for a BATCH containing counters",
                ))
            }
            true => counters = true,
            false => others = true,
        }
    }
    match (counters, others) {
        (true, true) => Err(CqlError::invalid(MIXED)),
        (true, false) => Ok(BatchKind::Counter),
        _ => Ok(kind),
    }
}

/// [`check_batch_kind`] over the tables the statements write, in order (a
/// table's repeats change nothing: whether it passes depends on it alone).
fn check_kind_of_tables<'t>(
    words: KindWords,
    kind: BatchKind,
    names: impl Iterator<Item = &'t TableName>,
    tables: &dyn Fn(&TableName) -> CqlResult<Table>,
) -> CqlResult<()> {
    for name in names {
        check_kind_of(words, kind, tables(name)?.is_counter_table())?;
    }
    Ok(())
}

/// A batch without conditions that `parse_outlined` outlined, `text` being
/// its query: each statement is mapped to its writes as it is parsed again
/// and then dropped (the statements' syntax trees are never all held). The
/// text, when owned, is freed once parsed, before the memtables grow.
pub(in crate::cql::exec) fn write_outlined(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    b: &Batch,
    text: Cow<'_, str>,
) -> CqlResult<CqlOutcome> {
    let packed = pack_batch(backend, session, b, &[], &mut |add| {
        crate::cql::each_batch_statement(&text, session.grammar(), &mut |s| add(&s))
    })?;
    drop(text);
    apply(backend, packed, b.kind)
}

/// The writes of a batch without conditions, packed as each statement is
/// mapped (never held as trees of cells, some 500 bytes for an INSERT of
/// 47), `each` handing its statements in order (from its syntax tree, or as
/// its text is parsed again). Everything is checked before anything is
/// applied, in the order and with the errors of 1.2.9: the tables (the
/// counter-batch rule), the batch's `USING`, then each statement in turn;
/// writes to one row of one table become one mutation, as
/// `mapping::BatchWrites` merges them.
pub(super) fn pack_batch(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    b: &Batch,
    binds: &[Option<Vec<u8>>],
    each: StatementSource<'_>,
) -> CqlResult<PackedBatch> {
    let schema = backend.schema();
    let tables = table_lookup(&schema, session);
    match &b.outline {
        Some(o) => {
            counter_batch_timestamp(session, b)?;
            let kind = unlogged_kind(session, b, o.tables.iter(), &tables)?;
            check_kind_of_tables(KindWords::of(session), kind, o.tables.iter(), &tables)?
        }
        None => check_batch_kind(session, b, &tables)?,
    }
    with_write_context(backend, session, binds, |ctx| {
        let writes = mapping::BatchWrites::new(&b.using, ctx)?;
        let mut packed = PackedBatchBuilder::new(true);
        each(&mut |s| {
            let ws = writes.statement_writes(s, &tables, ctx)?;
            push(&mut packed, ws);
            Ok(())
        })?;
        writes.timestamps_checked()?;
        Ok(packed.finish())
    })
}

fn push(packed: &mut PackedBatchBuilder, writes: Vec<CqlWrite>) {
    for w in writes {
        let ops = w.ops.into_iter().map(engine_op);
        packed.push(&w.keyspace, &w.table, &w.row_key, ops);
    }
}

/// Hands a batch's statements, in order, to the function given, up to its
/// first error.
pub(super) type StatementSource<'a> =
    &'a mut dyn FnMut(&mut dyn FnMut(&Statement) -> CqlResult<()>) -> CqlResult<()>;

/// Hands a batch's members in order to the function given, each with its
/// bound values (its markers numbered from 0) and which of them are unset
/// (native protocol v4), up to the first error.
pub type MemberSource<'a> = &'a mut dyn FnMut(
    &mut dyn FnMut(&Statement, &[Option<Vec<u8>>], &[bool]) -> CqlResult<()>,
) -> CqlResult<()>;

/// The packed writes of a batch of `kind` without conditions nor `USING`,
/// whose members `each` hands one at a time with their own values (a
/// native BATCH message: its members are never all parsed at once). The
/// errors and their order are those of the same members run as one
/// `BEGIN ... APPLY BATCH` with their values bound in order: every
/// member's unset values taken out (`unset::rewrite`), then the
/// counter-batch rule over every member's table, then each member's writes.
/// So a member's error of a later step does not end the run: the members
/// after it are still checked for the earlier steps (their writes are no
/// longer mapped).
pub fn pack_members(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    kind: BatchKind,
    each: MemberSource<'_>,
) -> CqlResult<PackedBatch> {
    /// The steps after the rewrite, in their order.
    const KIND: u8 = 1;
    const WRITES: u8 = 2;
    let schema = backend.schema();
    let tables = table_lookup(&schema, session);
    with_write_context(backend, session, &[], |ctx| {
        let writes = mapping::BatchWrites::new(&Using::default(), ctx)?;
        let mut packed = Some(PackedBatchBuilder::new(true));
        // The first error of the latest step reached, (step, error).
        let mut later: Option<(u8, CqlError)> = None;
        let words = KindWords::of(session);
        let (mut counters, mut others) = (false, false);
        each(&mut |s, binds, unset| {
            let rewritten;
            let s = if unset.contains(&true) {
                match unset::rewrite(backend, session, s, unset)? {
                    Some(r) => {
                        rewritten = r;
                        &rewritten
                    }
                    None => return Ok(()),
                }
            } else {
                s
            };
            let reached = later.as_ref().map_or(u8::MAX, |(step, _)| *step);
            if reached > KIND {
                let checked = match written_table(s).map(&tables).transpose() {
                    Ok(Some(t)) => {
                        let counter = t.is_counter_table();
                        *if counter { &mut counters } else { &mut others } = true;
                        check_kind_of(words, kind, counter)
                    }
                    Ok(None) => Ok(()),
                    Err(e) => Err(e),
                };
                if let Err(e) = checked {
                    later = Some((KIND, e));
                    packed = None;
                    return Ok(());
                }
            }
            if reached > WRITES {
                match writes.statement_writes(s, &tables, &mut ctx.with_binds(binds)) {
                    Ok(ws) => push(packed.as_mut().expect("packing until an error"), ws),
                    Err(e) => {
                        later = Some((WRITES, e));
                        packed = None;
                    }
                }
            }
            Ok(())
        })?;
        // 2.1's mix of counter and other tables, refused once every member
        // passed the rule (before any member's writes were made).
        let mixed = words == KindWords::V21 && counters && others;
        if mixed && later.as_ref().is_none_or(|(step, _)| *step > KIND) {
            later = Some((KIND, CqlError::invalid(MIXED)));
        }
        match (later, packed) {
            (Some((_, e)), _) => Err(e),
            (None, Some(p)) => Ok(p.finish()),
            (None, None) => Err(CqlError::invalid("a batch was packed without its writes")),
        }
    })
}

/// Applies a batch's packed writes as one engine batch (as `session` sees
/// tables: see `exec::super3`).
pub fn apply_packed(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    packed: PackedBatch,
    kind: BatchKind,
) -> CqlResult<CqlOutcome> {
    if session.sees_super_tables() {
        apply(&super::super::super3::View::new(backend), packed, kind)
    } else {
        apply(backend, packed, kind)
    }
}

/// Applies a batch's packed writes through `backend` as it is: a LOGGED
/// batch's all or none (its rows through a cluster's batch log).
pub(super) fn apply(
    backend: &dyn CqlBackend,
    packed: PackedBatch,
    kind: BatchKind,
) -> CqlResult<CqlOutcome> {
    if !packed.is_empty() {
        backend.apply_packed(&packed, kind == BatchKind::Logged)?;
    }
    Ok(CqlOutcome::Void)
}
