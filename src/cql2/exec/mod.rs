//! Runs parsed CQL 2 statements against the schema and the engine through
//! the CQL executors' narrow border, [`CqlBackend`], as 1.2.9's
//! `org.apache.cassandra.cql.QueryProcessor` did.
//!
//! Owns statement dispatch and the rules every statement shares: which
//! keyspace a statement uses, the column family lookup, the key alias
//! check, term conversion by the receiving type's `fromString`, key and
//! column-name limits and consistency levels, each with 1.2's message.
//! SELECT lives in `select`, writes in `write`, schema statements in
//! `ddl`. It must not know about Thrift.

mod ddl;
mod select;
mod write;

use super::ast::{Statement, Term, TermKind};
use super::era::Era;
use super::result::Cql2Result;
use crate::cql::exec::{CqlBackend, ServerClock};
use crate::cql::CqlError;
use crate::marshal::{Dialect, TypeRef};
use crate::schema::{CfDef, KeyspaceDef, Schema};
use std::borrow::Cow;
use std::sync::Arc;

/// 1.2's `FBUtilities.MAX_UNSIGNED_SHORT`: the longest key or column name.
pub const MAX_NAME_LENGTH: usize = 65_535;

/// What one statement runs with.
pub struct Context<'a> {
    pub backend: &'a dyn CqlBackend,
    /// Stamps writes that name no timestamp (microseconds).
    pub clock: &'a ServerClock,
    /// The connection's keyspace; `USE` replaces it.
    pub keyspace: Option<String>,
    /// Server time in seconds: expiry of TTL columns, deletion times.
    pub now: i32,
    /// Where the release answered as ran CQL 2 differently from 1.2.9.
    pub era: Era,
}

pub(crate) type Result<T> = std::result::Result<T, CqlError>;

pub(crate) fn invalid<T>(msg: impl Into<String>) -> Result<T> {
    Err(CqlError::Invalid(msg.into()))
}

/// Runs one statement with its bound values (empty unless prepared).
pub fn run(ctx: &mut Context, statement: &Statement, vars: &[Vec<u8>]) -> Result<Cql2Result> {
    run_with(ctx, statement, vars, None)
}

/// Runs `statement`, the `parser::parse_outlined` form of `text`: a batch
/// outlined there runs its statements as `text` is parsed again. Given
/// owned, `text` is freed once parsed, before a batch's writes are applied.
pub fn run_outlined(
    ctx: &mut Context,
    statement: &Statement,
    text: Cow<'_, str>,
) -> Result<Cql2Result> {
    run_with(ctx, statement, &[], Some(text))
}

fn run_with(
    ctx: &mut Context,
    statement: &Statement,
    vars: &[Vec<u8>],
    text: Option<Cow<'_, str>>,
) -> Result<Cql2Result> {
    // 1.2 asked for the connection's keyspace before anything else for
    // every statement but SELECT, USE and CREATE/DROP KEYSPACE.
    let needs_keyspace = !matches!(
        statement,
        Statement::Select(_)
            | Statement::Use(_)
            | Statement::CreateKeyspace { .. }
            | Statement::DropKeyspace(_)
    );
    if needs_keyspace && ctx.keyspace.is_none() && ctx.era.keyspace_hint {
        return invalid(
            "No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename",
        );
    }
    if needs_keyspace {
        ctx.session_keyspace()?;
    }
    let vars = &Bound {
        values: vars,
        era: ctx.era,
    };
    match statement {
        Statement::Select(s) => select::run(ctx, s, vars),
        Statement::Update(u) => write::update(ctx, u, vars),
        Statement::Delete(d) => write::delete(ctx, d, vars),
        Statement::Batch {
            attrs,
            statements,
            outline,
        } => write::batch(ctx, attrs, statements, outline.as_ref(), text, vars),
        Statement::Use(ks) => {
            if !ctx.era.use_unchecked && ctx.backend.schema().keyspace(ks).is_none() {
                return invalid(format!("Keyspace '{ks}' does not exist"));
            }
            ctx.keyspace = Some(ks.clone());
            Ok(Cql2Result::Void)
        }
        Statement::Truncate { keyspace, cf } => {
            let ks = match keyspace {
                Some(ks) => ks.clone(),
                None => ctx.session_keyspace()?,
            };
            column_family(&ctx.backend.schema(), &ks, cf)?;
            ctx.backend.truncate(&ks, cf)?;
            Ok(Cql2Result::Void)
        }
        ddl_statement => ddl::run(ctx, ddl_statement),
    }
}

impl Context<'_> {
    /// 1.2's `ClientState.getKeyspace`.
    pub(crate) fn session_keyspace(&self) -> Result<String> {
        match &self.keyspace {
            Some(ks) => Ok(ks.clone()),
            None => invalid("no keyspace has been specified"),
        }
    }

    /// The session keyspace of a schema statement on its column families:
    /// where `USE` named any keyspace (0.8), the migration refused one
    /// that did not exist.
    pub(crate) fn migration_keyspace(&self) -> Result<String> {
        let ks = self.session_keyspace()?;
        if self.era.use_unchecked && self.backend.schema().keyspace(&ks).is_none() {
            return invalid(format!("No such keyspace: {ks}"));
        }
        Ok(ks)
    }

    /// A write's timestamp when the statement names none.
    pub(crate) fn write_timestamp(&self) -> i64 {
        self.era.write_timestamp(self.clock)
    }

    /// A statement's keyspace: its own qualifier, else the connection's.
    pub(crate) fn keyspace_for(&self, qualifier: &Option<String>) -> Result<String> {
        match qualifier {
            Some(ks) => Ok(ks.clone()),
            None => self.session_keyspace(),
        }
    }
}

/// 1.2's `ThriftValidation.validateTable`.
pub(crate) fn keyspace<'s>(schema: &'s Schema, ks: &str) -> Result<&'s KeyspaceDef> {
    schema.existing_keyspace(ks).map_err(CqlError::Invalid)
}

/// 1.2's `ThriftValidation.validateColumnFamily`.
pub(crate) fn column_family(schema: &Schema, ks: &str, cf: &str) -> Result<Arc<CfDef>> {
    schema
        .existing_cf(ks, cf)
        .cloned()
        .map_err(CqlError::Invalid)
}

/// A column family CQL 2 can address: 1.2 failed internally on super
/// column families (it could not name a super column), so they are
/// refused with a clear reason.
pub(crate) fn standard_cf(schema: &Schema, ks: &str, cf: &str) -> Result<Arc<CfDef>> {
    let def = column_family(schema, ks, cf)?;
    if def.is_super() {
        return invalid(format!(
            "{cf} is a super column family; CQL 2 cannot address super columns"
        ));
    }
    Ok(def)
}

/// 1.2's `CFMetaData.getCQL2KeyName`: the key alias, or `KEY`; the
/// default alias is reported upper-cased.
pub(crate) fn key_name(cf: &CfDef) -> Result<String> {
    match cf.options.key_aliases.as_slice() {
        [] => Ok("KEY".to_string()),
        [one] => {
            let name = String::from_utf8_lossy(one).into_owned();
            Ok(if name.eq_ignore_ascii_case("key") {
                "KEY".to_string()
            } else {
                name
            })
        }
        _ => invalid("Cannot acces column family with composite key from CQL < 3.0.0"),
    }
}

/// 1.2's `validateKeyAlias`: the statement must name the CF's key (0.8
/// quoted the name the statement gave, upper-cased, later releases the
/// key's).
pub(crate) fn check_key_alias(era: Era, cf: &CfDef, alias: &str) -> Result<()> {
    let real = key_name(cf)?.to_uppercase();
    let given = alias.to_uppercase();
    if real != given {
        let named = if era.alias_error_names_given {
            &given
        } else {
            &real
        };
        return invalid(format!(
            "Expected key '{named}' to be present in WHERE clause for '{}'",
            cf.name
        ));
    }
    Ok(())
}

/// A statement's bound values (none unless prepared), with the dialect
/// its terms' text is read in.
pub(crate) struct Bound<'a> {
    pub values: &'a [Vec<u8>],
    pub era: Era,
}

impl std::ops::Deref for Bound<'_> {
    type Target = [Vec<u8>];
    fn deref(&self) -> &[Vec<u8>] {
        self.values
    }
}

/// 1.2's `Term.getByteBuffer`: a marker takes its bound value as sent;
/// any other term is the receiving type's `fromString` of its text (as
/// the release read it: [`Era::from_string`]).
pub(crate) fn term_bytes(term: &Term, ty: &TypeRef, vars: &Bound<'_>) -> Result<Vec<u8>> {
    match term.kind {
        TermKind::Marker(i) => vars
            .get(i)
            .cloned()
            .ok_or_else(|| CqlError::Invalid(format!("no value is bound to marker {}", i + 1))),
        _ => vars
            .era
            .from_string(ty.as_ref(), &term.text)
            .map_err(|e| CqlError::Invalid(e.0)),
    }
}

/// 1.2's `validateKey`.
pub(crate) fn check_key(key: &[u8]) -> Result<()> {
    if key.is_empty() {
        return invalid("Key may not be empty");
    }
    if key.len() > MAX_NAME_LENGTH {
        return invalid(format!(
            "Key length of {} is longer than maximum of {MAX_NAME_LENGTH}",
            key.len()
        ));
    }
    Ok(())
}

/// 1.2's `validateColumnNames` for one name.
pub(crate) fn check_column_name(name: &[u8]) -> Result<()> {
    if name.len() > MAX_NAME_LENGTH {
        return invalid(format!(
            "column name is too long ({} > {MAX_NAME_LENGTH})",
            name.len()
        ));
    }
    if name.is_empty() {
        return invalid("zero-length column name");
    }
    Ok(())
}

/// 1.2's `validateColumn`: the name, then the value by its validator.
pub(crate) fn check_column(cf: &CfDef, name: &[u8], value: &[u8]) -> Result<()> {
    check_column_name(name)?;
    cf.options
        .value_validator(name)
        .validate_for(value, Dialect::V12)
        .map_err(|e| {
            CqlError::Invalid(format!(
                "Invalid column value for column (name={}); {}",
                crate::marshal::bytes_to_hex(name),
                e.0
            ))
        })
}

/// Which checks a consistency level gets.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access {
    Read,
    Write,
}

/// 1.2's `ConsistencyLevel.validateForRead/validateForWrite` (the checks
/// a single node can fail; what is left of them the storage call meets, see
/// [`storage_level`]). 0.8 and 1.0 checked none; 1.1 refused a read at
/// EACH_QUORUM for the strategy first.
pub(crate) fn check_consistency(
    era: Era,
    ks: &KeyspaceDef,
    level: &str,
    access: Access,
) -> Result<()> {
    if era.levels_unchecked {
        return Ok(());
    }
    let strategy = ks.strategy_class();
    let topology = strategy.ends_with("NetworkTopologyStrategy");
    if era.each_quorum_strategy_first && level == "EACH_QUORUM" && !topology {
        return invalid(format!(
            "consistency level {level} not compatible with replication strategy ({strategy})"
        ));
    }
    match level {
        "ANY" if access == Access::Read => {
            invalid("ANY ConsistencyLevel is only supported for writes")
        }
        "EACH_QUORUM" if access == Access::Read => {
            invalid("EACH_QUORUM ConsistencyLevel is only supported for writes")
        }
        "LOCAL_QUORUM" | "EACH_QUORUM" if !topology && !era.quorums_of_any_strategy => {
            invalid(format!(
                "consistency level {level} not compatible with replication strategy ({strategy})"
            ))
        }
        _ => Ok(()),
    }
}

/// What the storage call (`StorageProxy.read/mutate/getRangeSlice`) made
/// of the level once the statement's checks passed: TWO and THREE want more
/// live replicas than this one node (UnavailableException); LOCAL_QUORUM
/// and EACH_QUORUM on a strategy without data centres failed on the server
/// (their replica count cast the strategy), which a statement reached only
/// where no check refused the level first: in 0.8 and 1.0 every statement,
/// later a DELETE (`checked` false), which no release checked.
pub(crate) fn storage_level(era: Era, ks: &KeyspaceDef, level: &str, checked: bool) -> Result<()> {
    match level {
        "TWO" | "THREE" => Err(CqlError::Unavailable(format!(
            "{level} needs more live replicas than this node"
        ))),
        "LOCAL_QUORUM" | "EACH_QUORUM"
            if (era.levels_unchecked || !checked)
                && !era.quorums_of_any_strategy
                && !ks.strategy_class().ends_with("NetworkTopologyStrategy") =>
        {
            Err(CqlError::Failed(format!(
                "{level} cannot count the replicas of {}",
                ks.strategy_class()
            )))
        }
        _ => Ok(()),
    }
}

/// 1.2's `ConsistencyLevel.validateCounterForWrite`.
pub(crate) fn check_counter_consistency(cf: &CfDef, level: &str) -> Result<()> {
    if level == "ANY" {
        return invalid(format!(
            "Consistency level ANY is not yet supported for counter columnfamily {}",
            cf.name
        ));
    }
    if !cf.options.replicate_on_write && level != "ONE" {
        return invalid(format!(
            "cannot achieve CL > CL.ONE without replicate_on_write on columnfamily {}",
            cf.name
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
