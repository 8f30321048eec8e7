//! The checks a data statement's execution makes, run when it is prepared.
//!
//! Cassandra's `prepare_cql3_query` (1.2 to 3.x) called the parsed
//! statement's `prepare()`, which made every check that needs no value:
//! "Unmatched column names/values", the restrictions a SELECT may have
//! (ALLOW FILTERING, PRIMARY KEY parts, IN, ORDER BY), undefined names,
//! counter rules. Here those checks live where the statement runs, mixed
//! with reading its values, so a statement being prepared is run up to its
//! reads and writes with each marker bound to its type's
//! [`mapping::stand_in`], which every value check accepts (a missing
//! PRIMARY KEY part of a modification was found only at execution before
//! 3.0). It owns only
//! that dry run: nothing is read or written. Conditional statements are
//! left to their execution.

use super::{packed, table_lookup, with_write_context};
use super::{system, CqlBackend, CqlSession};
use crate::cql::ast::Statement;
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::exec::tables::lookup_in;
use crate::cql::mapping::condition::{self, batch};
use crate::cql::mapping::{self, keys, BindSpec, ListReader};
use crate::cql::table::Table;
use crate::model::Cell;
use std::cell::Cell as Flag;

/// Runs the checks `statement` makes before its first read or write, its
/// markers (`specs`) bound to stand-ins.
pub(in crate::cql::exec) fn check(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
    specs: &[BindSpec],
) -> CqlResult<()> {
    // A `blobAsX(?)` argument stands in as an x's bytes: the function's
    // check of them (2.0 on) ran only once a value was bound.
    let stand_in = |s: &BindSpec| {
        let target = s
            .name
            .strip_prefix("arg0(blobas")
            .and_then(|r| r.strip_suffix(')'))
            .and_then(crate::cql::types::Native::from_name_22);
        match target {
            Some(n) => mapping::stand_in(&crate::cql::types::CqlType::Native(n)),
            None => mapping::stand_in(&s.ty),
        }
    };
    let binds: Vec<Option<Vec<u8>>> = specs.iter().map(|s| Some(stand_in(s))).collect();
    check_bound(backend, session, statement, &binds)
}

/// [`check`] with the markers bound to `binds`: the checks of a statement
/// that ran up to its read (1.2's prepared SELECT of a dropped table, see
/// `as_prepared`).
pub(in crate::cql::exec) fn check_bound(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
    binds: &[Option<Vec<u8>>],
) -> CqlResult<()> {
    match statement {
        Statement::Select(sel) => {
            let schema = backend.schema();
            let ks = session.keyspace_for(&sel.table)?;
            let table = match system::tables::table(&ks, &sel.table.name, session.local_facts()) {
                Some(t) => t,
                None => lookup_in(session, &schema, &ks, &sel.table.name)?,
            };
            let now = session.clock().next_timestamp();
            let rules = super::select_rules(session);
            session.clock().with_uuids(|uuids| {
                let p = schema.partitioner.as_ref();
                mapping::plan_select_by(&table, sel, binds, p, uuids, now / 1000, &rules)
            })?;
            Ok(())
        }
        // A conditional batch's own timestamp is judged as it is prepared
        // (2.0's `validate` too, which only refused it beside a statement's).
        Statement::Batch(b) if batch::has_conditions(b) => {
            batch::check_batch(b, super::conditional::timestamp_ignored(session))
        }
        Statement::Insert(_) | Statement::Update(_) | Statement::Delete(_)
            if condition::conditional(statement).is_some() =>
        {
            Ok(())
        }
        Statement::Insert(_)
        | Statement::Update(_)
        | Statement::Delete(_)
        | Statement::Batch(_) => check_writes(backend, session, statement, binds),
        _ => Ok(()),
    }
}

/// Maps the statement's writes without applying them. A list's current
/// cells are not read: a write that gets as far as asking for them has
/// passed every check that needs no value.
fn check_writes(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
    binds: &[Option<Vec<u8>>],
) -> CqlResult<()> {
    let schema = backend.schema();
    let tables = table_lookup(&schema, session);
    if let Statement::Batch(b) = statement {
        packed::check_batch_kind(session, b, &tables)?;
    }
    let lists = UnreadLists::default();
    let mapped = with_write_context(backend, session, binds, |ctx| {
        let mut ctx = ctx.with_lists(&lists);
        mapping::statement_writes(statement, &tables, &mut ctx)
    });
    let keys_at_prepare = session.local_facts().claims_at_least((3, 0, 0));
    match mapped {
        Err(_) if lists.asked.get() => Ok(()),
        Err(e) if keys::is_missing_key(&e) && !keys_at_prepare => Ok(()),
        Err(e) if keys::is_compact_value_missing(&e) => Ok(()),
        Err(e) if condition::statics::is_refused_when_run(&e) => Ok(()),
        other => other.map(drop),
    }
}

/// A [`ListReader`] that reads nothing and remembers it was asked.
#[derive(Default)]
struct UnreadLists {
    asked: Flag<bool>,
}

impl ListReader for UnreadLists {
    fn list_cells(&self, _: &Table, _: &[u8], _: &[u8], _: &[u8]) -> CqlResult<Vec<Cell>> {
        self.asked.set(true);
        Err(CqlError::invalid(
            "a list is read only when the statement runs",
        ))
    }
}
