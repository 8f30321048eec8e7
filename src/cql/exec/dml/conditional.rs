//! Conditional writes against the backend: one conditional statement, or
//! a conditional BATCH, read, decided and written inside one serialized
//! section of its partition (Cassandra 2.0's Paxos round, on one node).
//!
//! The rules (what may be conditioned, what is refused, what the reply
//! shows) are `cql::mapping::condition`'s. It must not change the schema.

use super::super::tables::lookup_in;
use super::super::{CqlBackend, CqlOutcome, CqlSession};
use super::packed::check_batch_kind;
use super::{mutation, select, statement_writes};
use crate::cql::ast::{Batch, Statement, TableName};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::condition::batch::{self, BatchConditions};
use crate::cql::mapping::condition::statics;
use crate::cql::mapping::condition::{self, Conditional};
use crate::cql::mapping::{ResultSet, TermContext};
use crate::cql::table::Table;
use crate::model::RowMutation;
use crate::release::{Behaviour, Release};

/// The check of a conditional DELETE's key restrictions (see
/// [`condition::check_delete_keys`]), for the releases that made it.
fn delete_keys_checked(
    session: &CqlSession,
    table: &Table,
    statement: &Statement,
) -> CqlResult<()> {
    let Some(release) = Release::find(&session.local_facts().release_version) else {
        return Ok(());
    };
    if release.does(Behaviour::ConditionalDeleteNamesWholeKey) {
        condition::check_delete_keys(table, statement, false)?;
    } else if release.does(Behaviour::ConditionalDeleteOfStaticsNamesPartition) {
        condition::check_delete_keys(table, statement, true)?;
    } else if release.does(Behaviour::ConditionalDeleteNeedsKeyEqualities) {
        condition::check_delete_keys_30(table, statement)?;
    }
    Ok(())
}

/// One conditional statement: read its row, decide, and write only when
/// the condition holds, all while the partition is serialized. The writes
/// are stamped inside, so they order after every conditional write read.
pub(super) fn conditional_write(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
    name: &TableName,
    cond: &Conditional,
    binds: &[Option<Vec<u8>>],
) -> CqlResult<CqlOutcome> {
    let ks = session.keyspace_for(name)?;
    let table = lookup_in(session, &backend.schema(), &ks, &name.name)?;
    // 3.0 judged a column condition (its timestamp first) before the
    // statement's columns, but IF [NOT] EXISTS after them: only a column
    // condition was prepared with the statement
    // (`ModificationStatement.Parsed.prepareConditions`).
    let exists = matches!(cond, Conditional::NotExists | Conditional::Exists);
    if exists || !session.local_facts().claims_at_least((3, 0, 0)) {
        condition::written_columns_known(&table, statement)?;
    }
    condition::check(&table, statement, cond)?;
    delete_keys_checked(session, &table, statement)?;
    // A first computation validates the statement and names its partition.
    let writes = statement_writes(backend, session, statement, binds)?;
    let key = match writes.as_slice() {
        [w] => w.row_key.clone(),
        _ => {
            return Err(CqlError::invalid(
                "IN on the partition key is not supported with conditional updates",
            ))
        }
    };
    let reads = condition::reads_for(statement, &table, cond)?;
    backend.serialized(&ks, &table.name, &key, &mut || {
        let read = |s: &Option<crate::cql::ast::Select>| -> CqlResult<Option<ResultSet>> {
            s.as_ref()
                .map(|s| select(backend, session, s, binds).map(rows))
                .transpose()
        };
        let (row, fixed) = (read(&reads.row)?, read(&reads.statics)?);
        let (applied, reply) = with_context(session, binds, |ctx| {
            condition::decide(&table, cond, row, fixed, missing_row(session), ctx)
        })?;
        if applied {
            let writes = statement_writes(backend, session, statement, binds)?;
            let mutations: Vec<RowMutation> = writes.into_iter().map(mutation).collect();
            backend.apply(&mutations)?;
        }
        Ok(CqlOutcome::Rows(reply))
    })
}

/// A BATCH with conditions (2.0.6+): one table, one partition; every
/// condition is read and checked, and all the batch's writes applied in one
/// batch only when all hold, while the partition is serialized.
pub(super) fn conditional_batch(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
    b: &Batch,
    binds: &[Option<Vec<u8>>],
) -> CqlResult<CqlOutcome> {
    let schema = backend.schema();
    let tables = |t: &TableName| -> CqlResult<Table> {
        let ks = session.keyspace_for(t)?;
        lookup_in(session, &schema, &ks, &t.name)
    };
    // The batch's own timestamp before its statements (`validate`), and
    // its kind against each statement's table before its one table (2.0's
    // `Parsed.prepare`, 2.1's `validate`).
    let ignored = timestamp_ignored(session);
    batch::check_batch(b, ignored)?;
    check_batch_kind(session, b, &tables)?;
    let Some((ks, cf)) = batch_table(session, b)? else {
        return Ok(CqlOutcome::Void);
    };
    let table = lookup_in(session, &schema, &ks, &cf)?;
    // 2.0 wrote at the ballot's time whatever the batch said: its writes
    // are stamped as the batch's statements without one would be.
    let unstamped;
    let statement = match statement {
        Statement::Batch(b) if ignored && b.using.timestamp.is_some() => {
            let mut plain = b.clone();
            plain.using.timestamp = None;
            unstamped = Statement::Batch(plain);
            &unstamped
        }
        _ => statement,
    };
    let mut conditions = BatchConditions::new(&table);
    let mut reads = Vec::new();
    for s in &b.statements {
        let Some((_, cond)) = condition::conditional(s) else {
            continue;
        };
        condition::check(&table, s, &cond)?;
        delete_keys_checked(session, &table, s)?;
        let read = condition::reads_for(s, &table, &cond)?;
        if let Some(row_read) = &read.row {
            let row = with_context(session, binds, |ctx| conditions.row_of(row_read, ctx))?;
            conditions.add(row, &cond)?;
        }
        if read.statics.is_some() {
            conditions.add_static(&cond)?;
        }
        reads.push((s, cond, read));
    }
    let selection = conditions.selection();
    for (s, _, read) in reads.iter_mut() {
        if read.row.is_some() {
            read.row = Some(condition::read_rows(s, &table, selection.clone())?);
        }
    }
    let Some(key) = batch_partition(backend, session, b, binds)? else {
        return Ok(CqlOutcome::Void);
    };
    backend.serialized(&ks, &table.name, &key, &mut || {
        let mut applied = true;
        let mut touched: Vec<Vec<Option<Vec<u8>>>> = Vec::new();
        let mut last = None;
        let mut first_read = None;
        for (_, cond, read) in &reads {
            let row = match &read.row {
                Some(r) => Some(rows(select(backend, session, r, binds)?)),
                None => None,
            };
            let fixed = match &read.statics {
                Some(r) => Some(rows(select(backend, session, r, binds)?)),
                None => None,
            };
            let (holds, _) = with_context(session, binds, |ctx| {
                condition::decide(&table, cond, row.clone(), fixed, missing_row(session), ctx)
            })?;
            applied &= holds;
            if let Some(current) = row {
                for r in &current.rows {
                    if !touched.contains(r) {
                        touched.push(r.clone());
                    }
                }
                last = Some(current);
            }
            first_read = first_read.or(read.row.as_ref().or(read.statics.as_ref()));
        }
        if applied {
            let writes = statement_writes(backend, session, statement, binds)?;
            let mutations: Vec<RowMutation> = writes.into_iter().map(mutation).collect();
            backend.apply(&mutations)?;
            return Ok(CqlOutcome::Rows(condition::result(true, empty_rows())));
        }
        let current = match (reads.as_slice(), last, first_read) {
            ([_], Some(only), _) if !conditions.reads_statics() => only,
            (_, _, None) => empty_rows(),
            (_, _, Some(read)) => {
                let mut whole = batch::partition_read(&table, read);
                whole.selection = selection.clone();
                whole.limit = None;
                let partition = rows(select(backend, session, &whole, binds)?);
                match (touched.is_empty(), conditions.reads_statics()) {
                    (false, true) => batch::touched_rows(partition, &touched),
                    (false, false) => {
                        statics::without_statics(&table, batch::touched_rows(partition, &touched))
                    }
                    // Only the static part was read: it is the one row
                    // (from 3.0 the partition's first row, statics with it).
                    (true, true) if first_row_read(session) => statics::first_row(partition),
                    (true, true) => statics::static_row(&table, partition),
                    (true, false) => empty_rows(),
                }
            }
        };
        Ok(CqlOutcome::Rows(condition::result(false, current)))
    })
}

/// Whether the claimed release read a batch's conditions on static columns
/// alone as the partition's first live row (3.0's `CQL3CasRequest`: to tell
/// a partition without static values from one that does not exist), not
/// its static part alone (2.0.6-2.2).
fn first_row_read(session: &CqlSession) -> bool {
    session.local_facts().claims_at_least((3, 0, 0))
}

/// Whether the emulated release ran a conditional batch's own timestamp
/// (ignored) rather than refusing it.
pub(super) fn timestamp_ignored(session: &CqlSession) -> bool {
    let facts = session.local_facts();
    facts.emulated
        && Release::find(&facts.release_version)
            .is_some_and(|r| r.does(Behaviour::ConditionalBatchTimestampIgnored))
}

/// The one table (keyspace, name) a conditional batch writes; `None`
/// for an empty batch.
fn batch_table(session: &CqlSession, b: &Batch) -> CqlResult<Option<(String, String)>> {
    let mut target: Option<(String, String)> = None;
    for s in &b.statements {
        let name = batch::target(s)?;
        let this = (session.keyspace_for(name)?, name.name.clone());
        if target.as_ref().is_some_and(|t| *t != this) {
            return Err(CqlError::invalid(
                "Batch with conditions cannot span multiple tables",
            ));
        }
        target = Some(this);
    }
    Ok(target)
}

/// The one partition a conditional batch writes: every statement,
/// conditional or not, must write the same one.
fn batch_partition(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    b: &Batch,
    binds: &[Option<Vec<u8>>],
) -> CqlResult<Option<Vec<u8>>> {
    let mut key: Option<Vec<u8>> = None;
    for s in &b.statements {
        let writes = statement_writes(backend, session, s, binds)?;
        let [w] = writes.as_slice() else {
            return Err(CqlError::invalid(
                "Batch with conditions cannot span multiple partitions (you cannot use IN on the partition key)",
            ));
        };
        match &key {
            Some(k) if *k != w.row_key => {
                return Err(CqlError::invalid(
                    "Batch with conditions cannot span multiple partitions",
                ))
            }
            Some(_) => {}
            None => key = Some(w.row_key.clone()),
        }
    }
    Ok(key)
}

/// Runs `f` with the terms of `binds` evaluated at a fresh timestamp of
/// the session's clock.
fn with_context<T>(
    session: &CqlSession,
    binds: &[Option<Vec<u8>>],
    f: impl FnOnce(&mut TermContext) -> CqlResult<T>,
) -> CqlResult<T> {
    let now = session.clock().next_timestamp();
    session.clock().with_uuids(|uuids| {
        let mut ctx = TermContext {
            binds,
            now_millis: now / 1000,
            uuids,
            values: super::value_rules(session),
            receiver: None,
            frozen_as_v2: false,
        };
        f(&mut ctx)
    })
}

fn empty_rows() -> ResultSet {
    ResultSet {
        columns: Vec::new(),
        rows: Vec::new(),
    }
}

fn rows(outcome: CqlOutcome) -> ResultSet {
    match outcome {
        CqlOutcome::Rows(rs) => rs,
        _ => empty_rows(),
    }
}

/// What the release's conditions met where the row did not exist (see
/// [`condition::MissingRow`]); a server not emulating a release keeps
/// 2.0's.
fn missing_row(session: &CqlSession) -> condition::MissingRow {
    let facts = session.local_facts();
    match facts.emulated && facts.claims_at_least((2, 1, 0)) {
        true => condition::MissingRow::HoldsNulls,
        false => condition::MissingRow::Fails,
    }
}
