//! Data statements against the backend: INSERT/UPDATE/DELETE/BATCH as one
//! batch of engine mutations, and SELECT over a [`PartitionSource`] that
//! reads the table's column family.
//!
//! Owns the `CqlWrite` → `RowMutation` conversion; the engine-backed
//! partition source is [`source`]'s.
//! Batches without conditions are packed by `packed`; conditional
//! statements and batches go to `conditional`. The CQL semantics are
//! `cql::mapping`'s. It must not change the schema.

mod conditional;
pub(super) mod packed;
pub(super) mod prepared;
mod source;

use source::Source;

use super::system;
use super::tables::lookup_in;
use super::{CqlBackend, CqlOutcome, CqlSession};
use crate::cql::ast::{Select, Statement, TableName};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::condition;
use crate::cql::mapping::condition::batch;
use crate::cql::mapping::{self, CqlOp, CqlWrite, WriteContext};
use crate::cql::table::Table;
use crate::model::{Op, RowMutation};
use crate::schema::Schema;

/// The engine's op for one CQL op.
fn engine_op(op: CqlOp) -> Op {
    match op {
        CqlOp::Cell(cell) => Op::Put {
            super_column: None,
            cell,
        },
        CqlOp::RangeTombstone {
            start,
            end,
            deletion,
        } => Op::DeleteRange {
            start,
            end,
            deletion,
        },
        CqlOp::PartitionDelete(d) => Op::DeleteRow(d),
        CqlOp::CounterAdd {
            name,
            delta,
            timestamp,
        } => Op::CounterAdd {
            super_column: None,
            name,
            delta,
            timestamp,
        },
    }
}

/// The engine mutation for one CQL write (its cells are moved, not copied:
/// a big batch's writes are not held twice).
pub fn mutation(w: CqlWrite) -> RowMutation {
    RowMutation {
        keyspace: w.keyspace,
        key: w.row_key,
        updates: vec![(w.table, w.ops.into_iter().map(engine_op).collect())],
    }
}

fn now_seconds(micros: i64) -> i32 {
    (micros / 1_000_000) as i32
}

/// INSERT / UPDATE / DELETE / BATCH: every write in one engine batch;
/// a statement with `IF` is a conditional write.
pub(super) fn write(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
    binds: &[Option<Vec<u8>>],
) -> CqlResult<CqlOutcome> {
    if let Statement::Batch(b) = statement {
        if batch::has_conditions(b) {
            return conditional::conditional_batch(backend, session, statement, b, binds);
        }
        let packed = packed::pack_batch(backend, session, b, binds, &mut |add| {
            b.statements.iter().try_for_each(add)
        })?;
        return packed::apply(backend, packed, b.kind);
    }
    if let Some((name, cond)) = condition::conditional(statement) {
        return conditional::conditional_write(backend, session, statement, name, &cond, binds);
    }
    let writes = statement_writes(backend, session, statement, binds)?;
    apply_writes(backend, writes)
}

/// Applies a statement's writes as one engine batch.
fn apply_writes(backend: &dyn CqlBackend, writes: Vec<CqlWrite>) -> CqlResult<CqlOutcome> {
    let mutations: Vec<RowMutation> = writes.into_iter().map(mutation).collect();
    if !mutations.is_empty() {
        backend.apply(&mutations)?;
    }
    Ok(CqlOutcome::Void)
}

/// Where writes read the lists they change (a list's element cells are
/// found by reading them).
fn list_source<'a>(backend: &'a dyn CqlBackend, schema: &Schema) -> Source<'a> {
    Source {
        backend,
        keyspace: String::new(),
        cf: String::new(),
        partitioner: schema.partitioner.clone(),
        table: None,
    }
}

/// The writes of a statement, stamped now by the session's clock.
fn statement_writes(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
    binds: &[Option<Vec<u8>>],
) -> CqlResult<Vec<CqlWrite>> {
    let schema = backend.schema();
    let tables = table_lookup(&schema, session);
    if let Statement::Batch(b) = statement {
        packed::check_batch_kind(session, b, &tables)?;
    }
    with_write_context(backend, session, binds, |ctx| {
        mapping::statement_writes(statement, &tables, ctx)
    })
}

/// Resolves a statement's table names in the session's keyspace.
fn table_lookup<'a>(
    schema: &'a std::sync::Arc<Schema>,
    session: &'a CqlSession,
) -> impl Fn(&TableName) -> CqlResult<Table> + 'a {
    move |t| {
        let ks = session.keyspace_for(t)?;
        lookup_in(session, schema, &ks, &t.name)
    }
}

/// Runs `f` with the context of writes stamped now (the session's
/// timestamp), their markers bound to `binds`, their lists read through
/// `backend` (a failed read fails the write). Every write of a statement or a batch is
/// mapped in one call, under the session clock's time-UUID generator.
fn with_write_context<T>(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    binds: &[Option<Vec<u8>>],
    f: impl FnOnce(&mut WriteContext) -> CqlResult<T>,
) -> CqlResult<T> {
    let schema = backend.schema();
    let timestamp = session.write_timestamp();
    let lists = list_source(backend, &schema);
    let table_ttl = |ks: &str, table: &str| {
        schema
            .cf(ks, table)
            .and_then(|cf| cf.options.default_time_to_live)
            .unwrap_or(0)
    };
    let default_ttls = crate::cql::mapping::DefaultTtls {
        rule: default_ttl(session.local_facts()),
        of: &table_ttl,
    };
    session.clock().with_uuids(|uuids| {
        f(&mut WriteContext {
            timestamp,
            now_millis: timestamp / 1000,
            now_seconds: now_seconds(timestamp),
            binds,
            uuids,
            lists: &lists,
            row_marker: session.grammar() != crate::cql::Grammar::Beta1,
            beta_words: session.grammar() == crate::cql::Grammar::Beta1,
            // 2.0's UpdateStatement writes no row marker; a server not
            // emulating a release keeps 1.2's cells whatever its native
            // claim says (the CQL-to-cell goldens).
            update_writes_marker: !(session.local_facts().emulated
                && session.local_facts().claims_at_least((2, 0, 0))),
            // 1.2's marker among the counters, where the store takes it.
            counter_marker: session.local_facts().emulated
                && !session.local_facts().claims_at_least((2, 0, 0))
                && backend.takes_plain_cells_among_counters(),
            refuses_empty_names: session.local_facts().claims_at_least((1, 2, 11))
                && !session.local_facts().claims_at_least((2, 1, 0)),
            null_list_words: session.local_facts().emulated
                && session.local_facts().claims_at_least((2, 1, 0)),
            empty_dense_name: empty_dense_name(session.local_facts()),
            key_assignments_prepared: !session.local_facts().claims_at_least((3, 0, 0)),
            // Every release from 1.2 to 3.11 (rel_compactprefix).
            dense_prefixes: true,
            past_2038: past_2038(session.local_facts()),
            values: value_rules(session),
            // Over Thrift (no native session) a frozen collection's
            // literal took protocol version 2's form in 2.1 and 2.2
            // (`QueryOptions.fromProtocolV2`); 3.0 wrote the v3 form.
            frozen_as_v2: !session.super_tables()
                && !session.local_facts().claims_at_least((3, 0, 0)),
            clustering_in: !session.local_facts().emulated
                || session.local_facts().claims_at_least((3, 0, 0)),
            set_element_deletion_fails: session.local_facts().emulated
                && session.local_facts().claims_at_least((1, 2, 0))
                && !session.local_facts().claims_at_least((1, 2, 12)),
            default_ttls,
            partial_row_delete_fails: crate::release::Release::find(
                &session.local_facts().release_version,
            )
            .is_some_and(|r| r.does(crate::release::Behaviour::PartialRowDeleteFails)),
        })
    })
}

/// When the emulated release gave a table's `default_time_to_live` to a
/// CQL write's cells.
fn default_ttl(facts: &crate::cql::exec::LocalFacts) -> crate::cql::mapping::DefaultTtl {
    use crate::cql::mapping::DefaultTtl;
    use crate::release::{Behaviour, Release};
    let does =
        |b| facts.emulated && Release::find(&facts.release_version).is_some_and(|r| r.does(b));
    if does(Behaviour::CqlWritesTakeDefaultTtl) {
        DefaultTtl::WhenZero
    } else if does(Behaviour::CqlUnsetTtlTakesDefault) {
        DefaultTtl::WhenUnset
    } else {
        DefaultTtl::Never
    }
}

/// How the release the session claims checked a statement's values.
pub(super) fn value_rules(session: &CqlSession) -> crate::cql::mapping::ValueRules {
    crate::cql::mapping::ValueRules::of_release(session.local_facts().release_numbers())
}

/// What a TTL expiring past 2038 meets on a node claiming the facts'
/// release: refused from 2.1.20 (CASSANDRA-14092); a failure on the server
/// of an emulated 1.2 to 2.1.19; else written.
fn past_2038(facts: &crate::cql::exec::LocalFacts) -> crate::cql::mapping::Past2038 {
    if facts.claims_at_least((2, 1, 20)) {
        crate::cql::mapping::Past2038::Refused
    } else if facts.emulated && facts.claims_at_least((1, 2, 0)) {
        crate::cql::mapping::Past2038::Fails
    } else {
        crate::cql::mapping::Past2038::Written
    }
}

/// The columns `sel` answers, as [`select_page`] names and types them,
/// from the same table (the node's own or the schema's), without reading.
/// The table a SELECT reads: 2.2's replicated system keyspaces (which
/// this node lists but does not hold) have only their own tables, so a
/// SELECT of another one met an unconfigured table (`system_auth.users`,
/// which 2.2's roles replaced).
pub(super) fn lookup_read(
    session: &CqlSession,
    schema: &std::sync::Arc<Schema>,
    ks: &str,
    name: &str,
) -> CqlResult<Table> {
    if schema.keyspace(ks).is_none()
        && super::system::replicated::lacks_table(session.local_facts(), ks, name)
    {
        return Err(CqlError::Invalid(format!(
            "unconfigured columnfamily {name}"
        )));
    }
    lookup_in(session, schema, ks, name)
}

pub(super) fn select_columns(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    sel: &Select,
) -> CqlResult<Vec<mapping::ResultColumn>> {
    let schema = backend.schema();
    let ks = session.keyspace_for(&sel.table)?;
    let table = match system::tables::table(&ks, &sel.table.name, session.local_facts()) {
        Some(t) => t,
        None => lookup_read(session, &schema, &ks, &sel.table.name)?,
    };
    mapping::result_columns(
        &table,
        &sel.selection,
        schema.partitioner.as_ref(),
        &select_rules(session),
    )
}

/// How the session's release checks and orders a SELECT: an emulated
/// release's own rules (see [`mapping::SelectRules`]), else the engine's.
pub(super) fn select_rules(session: &CqlSession) -> mapping::SelectRules {
    let local = session.local_facts();
    match local.emulated {
        true => mapping::SelectRules {
            // 2.1's and 2.2's `QueryOptions.fromProtocolV2` over Thrift.
            frozen_as_v2: !session.super_tables() && !local.claims_at_least((3, 0, 0)),
            tuple_order: crate::release::Release::find(&local.release_version)
                .is_some_and(|r| r.does(crate::release::Behaviour::TupleSlicesInTupleOrder)),
            ..mapping::SelectRules::of_release(local.release_numbers())
        },
        false => mapping::SelectRules {
            values: value_rules(session),
            tuple_order: true,
            ..mapping::SelectRules::default()
        },
    }
}

/// SELECT: planned by the mapping, read through the backend; every row
/// (the reads of conditional writes).
pub(super) fn select(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    sel: &Select,
    binds: &[Option<Vec<u8>>],
) -> CqlResult<CqlOutcome> {
    select_page(backend, session, sel, binds, None).map(|(outcome, _)| outcome)
}

/// SELECT of one page (every row without `paging`), and where the next
/// page starts.
pub(super) fn select_page(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    sel: &Select,
    binds: &[Option<Vec<u8>>],
    paging: Option<&mapping::Paging>,
) -> CqlResult<(CqlOutcome, Option<mapping::PagePosition>)> {
    let schema = backend.schema();
    let ks = session.keyspace_for(&sel.table)?;
    let virtual_table = system::tables::table(&ks, &sel.table.name, session.local_facts());
    let table = match &virtual_table {
        Some(t) => t.clone(),
        None => lookup_read(session, &schema, &ks, &sel.table.name)?,
    };
    let now = session.clock().next_timestamp();
    let partitioner = schema.partitioner.clone();
    let rules = select_rules(session);
    let plan = session.clock().with_uuids(|uuids| {
        let p = partitioner.as_ref();
        mapping::plan_select_by(&table, sel, binds, p, uuids, now / 1000, &rules)
    })?;
    if virtual_table.is_some() && system::traces::owns(&table) {
        let source = system::traces::TraceSource {
            store: backend.traces(),
            table: &table,
            partitioner: partitioner.as_ref(),
            now_seconds: now / 1_000_000,
        };
        let (rows, next) = mapping::execute_select_paged(
            &plan,
            &source,
            partitioner.as_ref(),
            now_seconds(now),
            paging,
        )?;
        return Ok((CqlOutcome::Rows(rows), next));
    }
    if virtual_table.is_some() {
        let source = system::tables::SchemaSource {
            schema: &schema,
            table: &table,
            local: session.local_facts(),
        };
        let (rows, next) = mapping::execute_select_paged(
            &plan,
            &source,
            partitioner.as_ref(),
            now_seconds(now),
            paging,
        )?;
        return Ok((CqlOutcome::Rows(rows), next));
    }
    let source = Source {
        backend,
        keyspace: ks,
        cf: sel.table.name.clone(),
        partitioner: partitioner.clone(),
        table: Some(table.clone()),
    };
    let (rows, next) = mapping::execute_select_paged(
        &plan,
        &source,
        partitioner.as_ref(),
        now_seconds(now),
        paging,
    )?;
    crate::trace::event(|| format!("Returning {} rows", rows.rows.len()));
    Ok((CqlOutcome::Rows(rows), next))
}

/// How the release refused a COMPACT table's only clustering value, empty
/// (see [`EmptyDenseName`]); a server not emulating one takes it.
fn empty_dense_name(facts: &crate::cql::exec::LocalFacts) -> crate::cql::mapping::EmptyDenseName {
    use crate::cql::mapping::EmptyDenseName;
    match (
        facts.emulated,
        facts.claims_at_least((2, 1, 0)),
        facts.claims_at_least((3, 0, 0)),
    ) {
        (true, _, true) => EmptyDenseName::EmptyOrNull,
        (true, true, false) => EmptyDenseName::Missing,
        _ => EmptyDenseName::Taken,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cell;
    use crate::model::DeletionTime;

    #[test]
    fn every_cql_op_maps_to_one_engine_op() {
        let d = DeletionTime::new(5, 100);
        let w = CqlWrite {
            keyspace: "ks".into(),
            table: "t".into(),
            row_key: b"k".to_vec(),
            ops: vec![
                CqlOp::Cell(Cell::live(b"a".to_vec(), b"v".to_vec(), 1)),
                CqlOp::RangeTombstone {
                    start: b"s".to_vec(),
                    end: b"e".to_vec(),
                    deletion: d,
                },
                CqlOp::PartitionDelete(d),
                CqlOp::CounterAdd {
                    name: b"c".to_vec(),
                    delta: -3,
                    timestamp: 9,
                },
            ],
        };
        let m = mutation(w);
        assert_eq!((m.keyspace.as_str(), m.key.as_slice()), ("ks", &b"k"[..]));
        assert_eq!(m.updates.len(), 1);
        let (cf, ops) = &m.updates[0];
        assert_eq!(cf, "t");
        assert_eq!(
            ops,
            &vec![
                Op::Put {
                    super_column: None,
                    cell: Cell::live(b"a".to_vec(), b"v".to_vec(), 1)
                },
                Op::DeleteRange {
                    start: b"s".to_vec(),
                    end: b"e".to_vec(),
                    deletion: d
                },
                Op::DeleteRow(d),
                Op::CounterAdd {
                    super_column: None,
                    name: b"c".to_vec(),
                    delta: -3,
                    timestamp: 9
                },
            ]
        );
    }
}
