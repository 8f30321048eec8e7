//! QUERY, PREPARE, EXECUTE and BATCH through the one CQL3 executor that
//! Thrift's `execute_cql3_query` uses (`cql::exec` over `node::cql`), with
//! the connection's keyspace and login, the client's default timestamp,
//! bound values (positional or, v3+, named; v4's unset ones through
//! `cql::exec::unset`),
//! and paging (see `result`).
//!
//! BATCH messages are `batch`'s, over the helpers here.
//!
//! Owns only the translation between messages and executor calls; the
//! statements' semantics belong to the executor.

use super::super::wire::codec::Value;
use super::super::wire::request::QueryParams;
use super::super::wire::result::{self, Marker, TableSpec};
use super::super::wire::types::{value_from_wire, WireType};
use super::conn::ConnState;
use super::error::{parse_error, NativeError, NativeResult};
use crate::auth::access::Access;
use crate::auth::access::Resource;
use crate::auth::AuthenticatedUser;
use crate::cql::ast::{Statement, TableName};
use crate::cql::exec::{self, access, tables, CqlOutcome, CqlSession, LocalFacts, Prepared};
use crate::cql::mapping::{bind_specs, BindSpec, Paging};
use crate::cql::types::CqlType;
use crate::cql::CqlResult;
use crate::node::cql::NodeBackend;
use crate::node::Node;
use md5::{Digest, Md5};
use parking_lot::Mutex;
use std::borrow::Cow;

/// What a statement needs from its connection and protocol version.
pub struct Ctx<'a> {
    pub node: &'a Node,
    pub version: u8,
    pub local: &'a LocalFacts,
    pub state: &'a Mutex<ConnState>,
}

/// A RESULT body and the warnings that go with it.
pub type Answer = (Vec<u8>, Vec<String>);

/// The highest consistency code (LOCAL_ONE).
const MAX_CONSISTENCY: u16 = 0x000A;
const SERIAL: u16 = 0x0008;
const LOCAL_SERIAL: u16 = 0x0009;

pub(super) fn check_consistency(cl: u16, serial: Option<u16>) -> NativeResult<()> {
    if cl > MAX_CONSISTENCY {
        return Err(NativeError::Protocol(format!(
            "Unknown code {cl} for a consistency level"
        )));
    }
    match serial {
        Some(s) if s != SERIAL && s != LOCAL_SERIAL => Err(NativeError::Invalid(format!(
            "Invalid serial consistency level {s}: only SERIAL and LOCAL_SERIAL are"
        ))),
        _ => Ok(()),
    }
}

/// A session for one statement: the connection's keyspace, this node's
/// facts as claimed on this protocol version, the client's timestamp.
pub(super) fn session(
    ctx: &Ctx,
    timestamp: Option<i64>,
) -> (CqlSession, Option<AuthenticatedUser>) {
    let (keyspace, user) = {
        let s = ctx.state.lock();
        (s.keyspace.clone(), s.user.clone())
    };
    let mut session = CqlSession::new(ctx.node.cql_clock.clone());
    if let Some(ks) = keyspace {
        session.set_keyspace(ks);
    }
    session.set_local_facts(ctx.local.clone());
    session.set_default_timestamp(timestamp);
    // The native protocol is 3.x's view of the schema: super CFs included.
    session.set_super_tables(true);
    // At least 2.1's grammar (see `Grammar::native`); 1.2.9's CQL3 over
    // Thrift keeps 3.0.5.
    session.set_grammar(crate::cql::Grammar::native(ctx.node.release));
    (session, user)
}

/// Checks what `statement` needs against the login; returns the keyspaces
/// it may reach (`None`: everything, when no login is required).
fn authorize(
    node: &Node,
    session: &CqlSession,
    user: Option<&AuthenticatedUser>,
    statement: &Statement,
) -> NativeResult<Option<std::collections::BTreeSet<String>>> {
    authorize_accesses(node, session, user, || {
        access::requirements(session, statement)
    })
}

/// [`authorize`] for the accesses `accesses` lists (asked for only once a
/// login is known to be there, as its errors come after that one's).
pub(super) fn authorize_accesses(
    node: &Node,
    session: &CqlSession,
    user: Option<&AuthenticatedUser>,
    accesses: impl FnOnce() -> CqlResult<Vec<Access>>,
) -> NativeResult<Option<std::collections::BTreeSet<String>>> {
    if !node.auth.requires_login() {
        return Ok(None);
    }
    let user = user.ok_or_else(|| NativeError::Unauthorized("You have not logged in".into()))?;
    let accesses = accesses()?;
    let schema = node.schema();
    for a in &accesses {
        if a.needs_only_login() || unknown_table(&schema, session.local_facts(), &a.resource) {
            continue;
        }
        match node.auth.may_use(user, a.resource.keyspace()) {
            Ok(true) => {}
            Ok(false) => {
                return Err(NativeError::Unauthorized(
                    a.denial(user.username.as_deref().unwrap_or_default()),
                ))
            }
            Err(e) => return Err(NativeError::Server(e.to_string())),
        }
    }
    Ok(Some(
        accesses
            .iter()
            .map(|a| a.resource.keyspace().to_string())
            .collect(),
    ))
}

/// A table that does not exist: the executor refuses the statement as
/// invalid ("unconfigured columnfamily"), as Cassandra did before checking
/// permissions. Drivers probe tables of later releases this way (the
/// python driver reads `system.schema_usertypes` and expects that error).
fn unknown_table(schema: &crate::schema::Schema, local: &LocalFacts, r: &Resource) -> bool {
    match r {
        Resource::Table { keyspace, table } => {
            schema.cf(keyspace, table).is_none()
                && exec::system::tables::table(keyspace, table, local).is_none()
        }
        Resource::Keyspace(_) => false,
    }
}

/// The table a statement's columns belong to, for the metadata.
pub(in crate::native) fn table_of(statement: &Statement) -> Option<&TableName> {
    match statement {
        Statement::Select(s) => Some(&s.table),
        Statement::Insert(i) => Some(&i.table),
        Statement::Update(u) => Some(&u.table),
        Statement::Delete(d) => Some(&d.table),
        Statement::Batch(b) => b.statements.first().and_then(table_of),
        _ => None,
    }
}

fn spec_of(statement: &Statement, session: &CqlSession) -> TableSpec {
    match table_of(statement) {
        Some(t) => TableSpec {
            keyspace: session.keyspace_for(t).unwrap_or_default(),
            table: t.name.clone(),
        },
        None => TableSpec {
            keyspace: session.keyspace().unwrap_or_default().to_string(),
            table: String::new(),
        },
    }
}

/// The receivers of `statement`'s markers, resolved as PREPARE resolves them.
pub(super) fn specs(
    node: &Node,
    session: &CqlSession,
    statement: &Statement,
) -> NativeResult<Vec<BindSpec>> {
    let schema = node.schema();
    Ok(bind_specs(
        statement,
        &|t| {
            let ks = session.keyspace_for(t)?;
            tables::lookup_in(session, &schema, &ks, &t.name)
        },
        schema.partitioner.as_ref(),
    )?)
}

/// The bound values in marker order, in the executor's form, and which
/// markers are unset (v4).
pub(super) struct Binds {
    pub(super) values: Vec<Option<Vec<u8>>>,
    pub(super) unset: Vec<bool>,
}

/// The bound values in marker order, in the executor's form.
pub(super) fn binds(
    specs: &[BindSpec],
    values: &[Value],
    names: Option<&[String]>,
    version: u8,
) -> NativeResult<Binds> {
    if values.len() != specs.len() {
        return Err(NativeError::Invalid(format!(
            "There were {} markers(?) in CQL but {} bound variables",
            specs.len(),
            values.len()
        )));
    }
    let mut out = Vec::with_capacity(specs.len());
    let mut unset = vec![false; specs.len()];
    for (i, spec) in specs.iter().enumerate() {
        let value = match names {
            None => &values[i],
            Some(names) => {
                let at = names
                    .iter()
                    .position(|n| n.eq_ignore_ascii_case(&spec.name))
                    .ok_or_else(|| {
                        NativeError::Invalid(format!("No value bound for marker {}", spec.name))
                    })?;
                &values[at]
            }
        };
        out.push(match value {
            Value::Null => None,
            Value::Unset => {
                unset[i] = true;
                None
            }
            // A native type's value is the same in every version (only
            // collections change form), and naming it costs a format.
            Value::Set(v) if matches!(spec.ty, CqlType::Native(_)) => Some(v.clone()),
            Value::Set(v) => {
                let ty = WireType::of_class(&spec.ty.class_name());
                Some(value_from_wire(&ty, v.clone(), version)?)
            }
        });
    }
    Ok(Binds { values: out, unset })
}

/// Identifies a statement and its values for the paging state.
fn digest(what: &[u8], values: &[Value]) -> [u8; 16] {
    let mut md5 = Md5::new();
    md5.update(what);
    for v in values {
        match v {
            Value::Set(b) => {
                md5.update((b.len() as u32).to_be_bytes());
                md5.update(b);
            }
            Value::Null => md5.update([0xff]),
            Value::Unset => md5.update([0xfe]),
        }
    }
    md5.finalize().into()
}

/// Runs `prepared` with `binds` and encodes its outcome.
pub(super) fn run(
    ctx: &Ctx,
    mut session: CqlSession,
    user: Option<AuthenticatedUser>,
    prepared: &Prepared,
    binds: Binds,
    params: &QueryParams,
    digest: [u8; 16],
) -> NativeResult<Vec<u8>> {
    check_consistency(params.consistency, params.serial_consistency)?;
    let reach = authorize(ctx.node, &session, user.as_ref(), &prepared.statement)?;
    // v1 has no paging; a page size of 0 or less asks for every row.
    let size = params
        .page_size
        .filter(|n| *n > 0 && ctx.version >= 2)
        .map(|n| n as usize);
    let paging = match (size, &params.paging_state) {
        (None, _) => None,
        (Some(size), state) => Some(Paging {
            size,
            from: match state {
                Some(s) => Some(result::page_from(s, &digest)?),
                None => None,
            },
        }),
    };
    session.set_paging(paging);
    let backend = NodeBackend::confined(ctx.node, reach);
    let outcome = backend.finish(exec::run_prepared_unset(
        &backend,
        &mut session,
        prepared,
        &binds.values,
        &binds.unset,
    ))?;
    Ok(match outcome {
        CqlOutcome::Void => result::void(),
        CqlOutcome::Rows(rs) => {
            let spec = spec_of(&prepared.statement, &session);
            let state = session
                .take_next_page()
                .map(|next| result::paging_state(&next, &digest));
            result::rows(rs, &spec, state, ctx.version, params.skip_metadata)
        }
        CqlOutcome::SetKeyspace(ks) => {
            ctx.state.lock().keyspace = Some(ks.clone());
            result::set_keyspace(&ks)
        }
        CqlOutcome::SchemaChange {
            change,
            keyspace,
            table,
        } => result::schema_change(&result::notice_of(&change, &keyspace, &table), ctx.version),
        CqlOutcome::TypeChange {
            change,
            keyspace,
            name,
        } => {
            let mut n = result::notice_of(&change, &keyspace, &name);
            n.user_type = true;
            result::schema_change(&n, ctx.version)
        }
    })
}

/// A statement run without PREPARE: not cached, its markers resolved now.
pub(super) fn unprepared(query: &str, statement: Statement, specs: Vec<BindSpec>) -> Prepared {
    Prepared {
        id: 0,
        md5: exec::md5_id(query),
        query: query.to_string(),
        specs,
        statement,
        keyspace: None,
        tables: Vec::new(),
    }
}

pub fn query(ctx: &Ctx, text: &str, params: &QueryParams) -> NativeResult<Answer> {
    let (mut session, user) = session(ctx, params.timestamp);
    // Server-side DESCRIBE (a 4.0 claim only; see `cql::exec::describe`):
    // a handful of rows, answered in one page.
    if let Some(rs) = exec::describe::run(&ctx.node.schema(), &session, text)? {
        check_consistency(params.consistency, params.serial_consistency)?;
        let spec = TableSpec {
            keyspace: session.keyspace().unwrap_or_default().to_string(),
            table: String::new(),
        };
        return Ok((
            result::rows(rs, &spec, None, ctx.version, false),
            Vec::new(),
        ));
    }
    let parsed =
        crate::cql::parse_outlined_with(text, crate::cql::Grammar::native(ctx.node.release))
            .map_err(|e| parse_error(ctx.node.release, text, e))?;
    let parsed = match &parsed.statement {
        // A batch without markers, values, paging state or conditions runs
        // as its text is parsed again, statement by statement (see
        // `cql::parse_outlined`): its syntax trees are never all held.
        // The checks are those `run` makes, in its order.
        Statement::Batch(b) if b.outline.is_some() => {
            if parsed.bind_count == 0 && params.values.is_empty() && params.paging_state.is_none() {
                check_consistency(params.consistency, params.serial_consistency)?;
                let reach = authorize(ctx.node, &session, user.as_ref(), &parsed.statement)?;
                let backend = NodeBackend::confined(ctx.node, reach);
                backend.finish(exec::execute_outlined(
                    &backend,
                    &mut session,
                    Cow::Borrowed(text),
                    &parsed,
                ))?;
                return Ok((result::void(), Vec::new()));
            }
            crate::cql::parse_with(text, crate::cql::Grammar::native(ctx.node.release))
                .map_err(|e| parse_error(ctx.node.release, text, e))?
        }
        _ => parsed,
    };
    let specs = if parsed.bind_count == 0 {
        Vec::new()
    } else {
        specs(ctx.node, &session, &parsed.statement)?
    };
    let binds = binds(&specs, &params.values, params.names.as_deref(), ctx.version)?;
    let prepared = unprepared(text, parsed.statement, specs);
    let digest = digest(text.as_bytes(), &params.values);
    let body = run(ctx, session, user, &prepared, binds, params, digest)?;
    Ok((body, Vec::new()))
}

pub fn prepare(ctx: &Ctx, text: &str) -> NativeResult<Answer> {
    let (session, user) = session(ctx, None);
    let parsed = crate::cql::parse_with(text, session.grammar())
        .map_err(|e| parse_error(ctx.node.release, text, e))?;
    // Preparing reads the schema of what the statement touches (its
    // markers' types), so it is checked as running it would be (as Thrift's
    // prepare_cql3_query is).
    authorize(ctx.node, &session, user.as_ref(), &parsed.statement)?;
    let backend = NodeBackend::new(ctx.node);
    let prepared = backend.finish(exec::prepare_parsed(
        &backend,
        &session,
        &ctx.node.prepared,
        text,
        parsed,
    ))?;
    let spec = spec_of(&prepared.statement, &session);
    let markers: Vec<Marker> = prepared
        .specs
        .iter()
        .map(|s| Marker {
            name: s.name.clone(),
            type_class: s.ty.class_name(),
        })
        .collect();
    let pk = pk_indexes(ctx.node, &spec, &prepared.specs);
    // A SELECT's columns are resolved now, as running it resolves them, so
    // a selection running it would refuse is refused here (as Cassandra
    // refused it); from v2 they are the PREPARED result's result metadata.
    let result = backend.finish(exec::result_columns(
        &backend,
        &session,
        &prepared.statement,
    ))?;
    let body = result::prepared(
        &prepared.md5,
        &markers,
        &spec,
        &pk,
        result.as_deref(),
        ctx.version,
    );
    Ok((body, Vec::new()))
}

/// The markers that bind the whole partition key, in key order (drivers
/// route by them); empty when some key column is not bound by a marker.
fn pk_indexes(node: &Node, spec: &TableSpec, specs: &[BindSpec]) -> Vec<u16> {
    let Ok(table) = tables::lookup(&node.schema(), &spec.keyspace, &spec.table) else {
        return Vec::new();
    };
    let found: Option<Vec<u16>> = table
        .partition_key
        .iter()
        .map(|c| {
            specs
                .iter()
                .position(|s| s.name == c.name)
                .map(|i| i as u16)
        })
        .collect();
    found.unwrap_or_default()
}

pub(super) fn lookup(node: &Node, id: &[u8]) -> NativeResult<std::sync::Arc<Prepared>> {
    node.prepared
        .get_md5(id)
        .ok_or_else(|| NativeError::Unprepared(id.to_vec()))
}

pub fn execute(ctx: &Ctx, id: &[u8], params: &QueryParams) -> NativeResult<Answer> {
    let prepared = lookup(ctx.node, id)?;
    let (session, user) = session(ctx, params.timestamp);
    let binds = binds(
        &prepared.specs,
        &params.values,
        params.names.as_deref(),
        ctx.version,
    )?;
    let digest = digest(id, &params.values);
    let body = run(ctx, session, user, &prepared, binds, params, digest)?;
    Ok((body, Vec::new()))
}
