//! The CQL3 executor: runs parsed statements against the real schema and
//! storage engine through a narrow border, [`CqlBackend`].
//!
//! Owns statement dispatch, the session state (current keyspace, the
//! server timestamp and list-UUID generators) and the prepared-statement
//! cache. It must not know about Thrift: the server implements
//! [`CqlBackend`] and converts [`CqlOutcome`] into its reply.
//!
//! # How the Thrift layer drives it
//!
//! ```text
//! execute_cql3_query(query, compression, consistency):
//!     exec::execute(&backend, &mut session, &query_text) -> Result<CqlOutcome, CqlError>
//! prepare_cql3_query(query, compression):
//!     exec::prepare(&backend, &session, &cache, &query_text) -> Result<Prepared, CqlError>
//!         // CqlPreparedResult { itemId: id, count: specs.len(),
//!         //   variable_types: specs' ty.class_name(), variable_names: specs' name }
//! execute_prepared_cql3_query(itemId, values, consistency):
//!     exec::execute_prepared(&backend, &mut session, &cache, itemId, &values)
//! ```
//!
//! The consistency level is not the executor's: the front end sets it in
//! the call's scope (`call::Scope::level`) around the call, and a cluster
//! backend reads it there.
//!
//! Per server: one `Arc<ServerClock>` (write timestamps strictly increase
//! across connections) and one `PreparedCache`. Per connection: one
//! `CqlSession::new(clock.clone())`; Thrift `set_keyspace` must also call
//! `session.set_keyspace(name)` (1.2 shared the keyspace between both).
//!
//! `CqlOutcome` → `CqlResult`: `Rows(rs)` is type ROWS (1) with one
//! `CqlRow { key: b"", columns }` per row, each column
//! `Column { name, value }` (value unset for null), and `CqlMetadata {
//! name_types: every column → "UTF8Type", value_types: every column →
//! its `type_class` (full class name), default_name_type "UTF8Type",
//! default_value_type "UTF8Type" }`. `Void`, `SetKeyspace` and
//! `SchemaChange` are all type VOID (2), as 1.2.9 replied over Thrift.
//! A `CqlError` is an `InvalidRequestException` whose `why` is its
//! `Display`.
//!
//! The backend contract: `change_schema` validates (1.2's messages),
//! persists, swaps the schema and updates the engine before returning;
//! `apply` writes one batch atomically per the engine's batch rules.

pub mod access;
mod as_prepared;
mod auth;
mod custom_index;
mod ddl;
pub mod describe;
pub mod describe_create;
mod dml;
mod dropped;
mod functions;
mod local;
pub mod schema3x;
mod session;
pub mod super3;
pub mod system;
pub mod tables;
mod triggers;
pub mod unset;
pub mod usertypes;

pub use dml::packed::{apply_packed, pack_members, MemberSource};
pub use local::{LocalFacts, CQL_VERSION, RELEASE_VERSION, THRIFT_VERSION};
pub use session::{
    md5_id, prepared_cost, prepared_not_found, too_big_to_prepare, CqlSession, Prepared,
    PreparedCache, ServerClock, TableSnapshot, DEFAULT_PREPARED_BYTES,
};

use crate::cql::ast::Parsed;
use crate::cql::ast::Statement;
use crate::cql::error::CqlError;
use crate::cql::mapping::ResultSet;
use crate::cql::parse_outlined_with;
use crate::model::{Bytes, IndexQuery, ReadCommand, RowMutation, RowRange, RowResult};
use crate::schema::{Schema, SchemaChange};
use crate::storage::packed_batch::PackedBatch;
use std::borrow::Cow;
use std::sync::Arc;

/// What the executor needs from the server: the schema, schema changes,
/// writes and reads. Implemented over `storage::Engine` + `SchemaStore`.
pub trait CqlBackend: Send + Sync {
    /// The current schema snapshot.
    fn schema(&self) -> Arc<Schema>;
    /// Validates, persists and applies a change (engine updated on return).
    fn change_schema(&self, change: SchemaChange) -> Result<(), CqlError>;
    /// Writes one batch.
    fn apply(&self, mutations: &[RowMutation]) -> Result<(), CqlError>;
    /// [`CqlBackend::apply`] of a logged batch: its rows all or none. A
    /// backend on one node applies every batch whole (the default); a
    /// cluster's puts a logged batch through its batch log.
    fn apply_logged(&self, mutations: &[RowMutation]) -> Result<(), CqlError> {
        self.apply(mutations)
    }
    /// Writes one batch held packed (a big batch's), `logged` or not: as
    /// [`CqlBackend::apply`] (or [`CqlBackend::apply_logged`]) of its
    /// mutations, which a backend that can should apply without unpacking
    /// them all at once.
    fn apply_packed(&self, batch: &PackedBatch, logged: bool) -> Result<(), CqlError> {
        let mutations = batch
            .to_mutations()
            .map_err(|e| CqlError::Invalid(e.to_string()))?;
        match logged {
            true => self.apply_logged(&mutations),
            false => self.apply(&mutations),
        }
    }
    fn read(&self, cmd: &ReadCommand, key: &[u8]) -> Result<RowResult, CqlError>;
    /// Whether one row's read of `cmd` met anything, its tombstones
    /// included; `None` where the backend cannot tell (the default).
    fn read_met(&self, _cmd: &ReadCommand, _key: &[u8]) -> Result<Option<bool>, CqlError> {
        Ok(None)
    }
    /// Rows in ring order, deleted ones ("ghosts") included.
    fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError>;
    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError>;
    fn truncate(&self, keyspace: &str, cf: &str) -> Result<(), CqlError>;
    /// The traced calls' sessions `system_traces` shows (`None`: none).
    /// No default, so that a backend wrapping another passes them on.
    fn traces(&self) -> Option<Arc<crate::trace::Store>>;
    /// Whether a plain cell may stand among a counter table's counters:
    /// 1.2 wrote its CQL row marker there, and a node's own engine keeps
    /// what it is given, but a cluster of 2.0 or later refuses the write.
    /// No default, so that a backend wrapping another passes it on.
    fn takes_plain_cells_among_counters(&self) -> bool;
    /// Runs `f` (the read, comparison and writes of one conditional
    /// statement) while no other conditional statement on the same
    /// partition runs: Cassandra 2.0's Paxos round, on one node. The
    /// default serializes every conditional statement of the process,
    /// which is correct for any backend; servers lock per partition.
    fn serialized(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
        f: &mut dyn FnMut() -> Result<CqlOutcome, CqlError>,
    ) -> Result<CqlOutcome, CqlError> {
        static ALL_CONDITIONAL: parking_lot::Mutex<()> = parking_lot::Mutex::new(());
        let _ = (keyspace, cf, key);
        let _guard = ALL_CONDITIONAL.lock();
        f()
    }
    /// Keys of rows that may hold the first indexed `Eq` value of `query`
    /// (a KEYS or COMPOSITES index), in ring order from `query.start_key`
    /// (inclusive; empty is the start), at most `query.count`. Stale
    /// entries included: callers check the rows. `None` when the column
    /// family keeps no such index; a backend that cannot look indexes up
    /// answers `None` too, and SELECTs scan instead.
    fn index_candidates(&self, keyspace: &str, cf: &str, query: &IndexQuery) -> IndexCandidates {
        let _ = (keyspace, cf, query);
        Ok(None)
    }
}

/// What [`CqlBackend::index_candidates`] answers: row keys, or `None`
/// when there is no index to ask.
pub type IndexCandidates = Result<Option<Vec<Bytes>>, CqlError>;

/// The kind of schema change, for the reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChangeKind {
    Created,
    Updated,
    Dropped,
}

/// What a statement produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CqlOutcome {
    Void,
    Rows(ResultSet),
    SetKeyspace(String),
    SchemaChange {
        change: ChangeKind,
        keyspace: String,
        /// Empty for keyspace changes.
        table: String,
    },
    /// 2.1's CREATE / ALTER / DROP TYPE (the native protocol's `TYPE`
    /// target).
    TypeChange {
        change: ChangeKind,
        keyspace: String,
        name: String,
    },
}

/// Parses and runs one statement.
pub fn execute(
    backend: &dyn CqlBackend,
    session: &mut CqlSession,
    query: &str,
) -> Result<CqlOutcome, CqlError> {
    execute_outlined(
        backend,
        session,
        Cow::Borrowed(query),
        &parse_outlined_with(query, session.grammar())?,
    )
}

/// Runs `parsed`, the [`parse_outlined`] form of `query`: a batch outlined
/// there is run statement by statement as `query` is parsed again (see
/// `dml::packed::write_outlined`). Given owned, `query` is freed as soon as it is
/// no longer needed (a big batch's text, before its writes are applied).
pub fn execute_outlined(
    backend: &dyn CqlBackend,
    session: &mut CqlSession,
    query: Cow<'_, str>,
    parsed: &Parsed,
) -> Result<CqlOutcome, CqlError> {
    if parsed.bind_count != 0 {
        return Err(bind_count_error(parsed.bind_count, 0));
    }
    run(backend, session, &parsed.statement, &[], Some(query))
}

/// Runs one statement already parsed (by a caller that looked at it
/// first, e.g. to check what it may touch).
pub fn execute_parsed(
    backend: &dyn CqlBackend,
    session: &mut CqlSession,
    parsed: &Parsed,
) -> Result<CqlOutcome, CqlError> {
    if parsed.bind_count != 0 {
        return Err(bind_count_error(parsed.bind_count, 0));
    }
    run(backend, session, &parsed.statement, &[], None)
}

/// Prepares a statement: its id and the receivers of its markers.
pub fn prepare(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    cache: &PreparedCache,
    query: &str,
) -> Result<Prepared, CqlError> {
    let parsed = crate::cql::parse_with(query, session.grammar())?;
    prepare_parsed(backend, session, cache, query, parsed)
}

/// Prepares `query`, already parsed as `parsed`.
pub fn prepare_parsed(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    cache: &PreparedCache,
    query: &str,
    parsed: Parsed,
) -> Result<Prepared, CqlError> {
    prepare_parsed_keyed(backend, session, cache, query, query, parsed)
}

/// [`prepare_parsed`] for Thrift's `prepare_cql3_query`: from 1.2
/// (`by_keyspace`) its id is the Java hash of the session's keyspace and
/// the text (`QueryProcessor.storePreparedStatement`, #5352), so one text
/// prepared in two keyspaces is two statements.
pub fn prepare_parsed_thrift(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    cache: &PreparedCache,
    query: &str,
    parsed: Parsed,
    by_keyspace: bool,
) -> Result<Prepared, CqlError> {
    let keyed = match session.keyspace() {
        Some(ks) if by_keyspace => format!("{ks}{query}"),
        _ => query.to_string(),
    };
    prepare_parsed_keyed(backend, session, cache, query, &keyed, parsed)
}

fn prepare_parsed_keyed(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    cache: &PreparedCache,
    query: &str,
    id_text: &str,
    parsed: Parsed,
) -> Result<Prepared, CqlError> {
    let mut specs = checked_specs(backend, session, &parsed.statement)?;
    for (spec, name) in specs.iter_mut().zip(&parsed.marker_names) {
        spec.marker.clone_from(name);
    }
    let keyspace = session.keyspace().map(str::to_string);
    let tables = as_prepared::snapshot(backend, session, &parsed.statement);
    cache.insert_keyed(query, id_text, parsed.statement, specs, keyspace, tables)
}

/// Makes the checks preparing `statement` makes (see `dml::prepared`)
/// without keeping it: a release that refused a statement only when it
/// ran, after those (a read at a level it did not read at), refuses it
/// behind them.
pub fn check_statement(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
) -> Result<(), CqlError> {
    checked_specs(backend, session, statement).map(drop)
}

/// The engine's refusal of a filter on a column of no index.
const UNINDEXED: &str = "No indexed columns present in by-columns clause with Equal operator";

/// The receivers of `statement`'s markers, once its preparation's checks
/// passed.
fn checked_specs(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
) -> Result<Vec<crate::cql::mapping::BindSpec>, CqlError> {
    let schema = backend.schema();
    let specs = crate::cql::mapping::bind_specs(
        statement,
        &|t| {
            let ks = session.keyspace_for(t)?;
            // The node's own tables (`system.local`, `system_schema.*`) are
            // prepared as they are queried: drivers prepare their metadata
            // reads (the scylla driver pages them through PREPARE/EXECUTE).
            if let Some(virtual_table) = system::tables::table(&ks, &t.name, session.local_facts())
            {
                return Ok(virtual_table);
            }
            dml::lookup_read(session, &schema, &ks, &t.name)
        },
        schema.partitioner.as_ref(),
    )?;
    // As `run`: a session of super tables sees them through the view.
    let view;
    let checked: &dyn CqlBackend = if session.sees_super_tables() {
        view = super3::View::new(backend);
        &view
    } else {
        backend
    };
    match dml::prepared::check(checked, session, statement, &specs) {
        // 2.1 found a filter on a column of no index only when it ran the
        // SELECT (`getValidatedIndexExpressions`), not when it prepared it.
        Err(CqlError::Invalid(why))
            if why == UNINDEXED
                && crate::release::Release::find(&session.local_facts().release_version)
                    .is_some_and(|r| {
                        r.does(crate::release::Behaviour::UnindexedFilterFoundWhenRun)
                    }) => {}
        checked => checked?,
    }
    Ok(specs)
}

/// The columns `statement` answers when it runs, for a prepared
/// statement's result metadata: a SELECT's, named and typed as its rows
/// will be; `None` for every other statement (they answer no rows to
/// describe beforehand).
pub fn result_columns(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
) -> Result<Option<Vec<crate::cql::mapping::ResultColumn>>, CqlError> {
    match statement {
        Statement::Select(sel) => dml::select_columns(backend, session, sel).map(Some),
        _ => Ok(None),
    }
}

/// Runs a prepared statement with its bound values (`None` is null).
pub fn execute_prepared(
    backend: &dyn CqlBackend,
    session: &mut CqlSession,
    cache: &PreparedCache,
    id: i32,
    values: &[Option<Vec<u8>>],
) -> Result<CqlOutcome, CqlError> {
    let prepared = lookup_prepared(cache, id)?;
    run_prepared(backend, session, &prepared, values)
}

/// The statement prepared under `id`, or 1.2.9's "not found" error. A
/// caller that checks a statement before running it fetches it once with
/// this and runs that one with [`run_prepared`], so that a statement
/// re-prepared under the same id meanwhile cannot slip in unchecked.
pub fn lookup_prepared(cache: &PreparedCache, id: i32) -> Result<Arc<Prepared>, CqlError> {
    cache
        .get(id)
        .ok_or_else(|| CqlError::Invalid(prepared_not_found(&id.to_string(), "queries")))
}

/// Runs an already looked-up prepared statement with its bound values.
pub fn run_prepared(
    backend: &dyn CqlBackend,
    session: &mut CqlSession,
    prepared: &Prepared,
    values: &[Option<Vec<u8>>],
) -> Result<CqlOutcome, CqlError> {
    if prepared.specs.len() != values.len() {
        return Err(bind_count_error(prepared.specs.len(), values.len()));
    }
    session.in_keyspace(prepared_keyspace(prepared), |session| {
        as_prepared::run(backend, session, prepared, values, |session| {
            run(backend, session, &prepared.statement, values, None)
        })
    })
}

/// The keyspace `prepared` runs in, where not the session's: the one it
/// was prepared in (a prepared USE sets the session's own).
pub(super) fn prepared_keyspace(prepared: &Prepared) -> Option<&str> {
    match prepared.statement {
        Statement::Use(_) => None,
        _ => prepared.keyspace.as_deref(),
    }
}

/// [`run_prepared`] for a statement some of whose markers (`unset[i]`)
/// were bound to the native protocol v4's unset value: it runs as
/// [`unset::rewrite`] makes it (nothing at all when every change it would
/// make was unset).
pub fn run_prepared_unset(
    backend: &dyn CqlBackend,
    session: &mut CqlSession,
    prepared: &Prepared,
    values: &[Option<Vec<u8>>],
    unset: &[bool],
) -> Result<CqlOutcome, CqlError> {
    if !unset.iter().any(|u| *u) {
        return run_prepared(backend, session, prepared, values);
    }
    if prepared.specs.len() != values.len() {
        return Err(bind_count_error(prepared.specs.len(), values.len()));
    }
    session.in_keyspace(prepared_keyspace(prepared), |session| {
        as_prepared::run(
            backend,
            session,
            prepared,
            values,
            |session| match unset::rewrite(backend, session, &prepared.statement, unset)? {
                Some(statement) => run(backend, session, &statement, values, None),
                None => Ok(CqlOutcome::Void),
            },
        )
    })
}

fn bind_count_error(markers: usize, bound: usize) -> CqlError {
    CqlError::Invalid(format!(
        "There were {markers} markers(?) in CQL but {bound} bound variables"
    ))
}

/// Runs one statement; `text` is its query text when it was parsed by
/// [`parse_outlined`] (an outlined batch is parsed again from it).
fn run(
    backend: &dyn CqlBackend,
    session: &mut CqlSession,
    statement: &Statement,
    binds: &[Option<Vec<u8>>],
    text: Option<Cow<'_, str>>,
) -> Result<CqlOutcome, CqlError> {
    let view;
    let backend: &dyn CqlBackend = if session.sees_super_tables() {
        view = super3::View::new(backend);
        &view
    } else {
        backend
    };
    match statement {
        Statement::Batch(b) if b.outline.is_some() => match text {
            Some(text) => dml::packed::write_outlined(backend, session, b, text),
            // Outlines are made only for the runs above that pass the text.
            None => Err(CqlError::invalid(
                "a batch outline was run without its text",
            )),
        },
        Statement::Insert(_)
        | Statement::Update(_)
        | Statement::Delete(_)
        | Statement::Batch(_) => dml::write(backend, session, statement, binds),
        Statement::Select(sel) => {
            let paging = session.paging().cloned();
            let (outcome, next) = dml::select_page(backend, session, sel, binds, paging.as_ref())?;
            session.set_next_page(next);
            Ok(outcome)
        }
        Statement::Use(ks) => {
            if backend.schema().keyspace(ks).is_none() {
                return Err(CqlError::Invalid(format!("Keyspace '{ks}' does not exist")));
            }
            session.set_keyspace(ks.clone());
            Ok(CqlOutcome::SetKeyspace(ks.clone()))
        }
        Statement::Truncate(t) => {
            let ks = session.keyspace_for(t)?;
            tables::lookup(&backend.schema(), &ks, &t.name)?;
            backend.truncate(&ks, &t.name)?;
            Ok(CqlOutcome::Void)
        }
        Statement::CreateTrigger { table, class, .. } => {
            triggers::create(backend, session, table, class)
        }
        Statement::DropTrigger {
            name,
            table,
            if_exists,
        } => triggers::drop(backend, session, name, table, *if_exists),
        Statement::Auth(a) => Err(auth::refusal(session.local_facts(), a)),
        ddl_statement => ddl::run(backend, session, ddl_statement),
    }
}
