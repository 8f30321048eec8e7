//! CREATE and DROP TRIGGER (2.0 on) as these releases answered them: the
//! table is checked first (`ThriftValidation.validateColumnFamily`), then
//! CREATE loads the trigger's class (`TriggerExecutor.loadTriggerInstance`),
//! which fails for every class here (this server loads no Java class, and
//! Cassandra's jar shipped no trigger); DROP looks the trigger up among the
//! table's, which only a Thrift `CfDef` can have declared.
//!
//! Owns those two statements; a dropped trigger leaves the table's
//! definition through the schema change it asks for.

use super::tables::{lookup, table_of};
use super::{ChangeKind, CqlBackend, CqlOutcome, CqlSession};
use crate::cql::ast::TableName;
use crate::cql::error::{CqlError, CqlResult};
use crate::schema::SchemaChange;

/// `CREATE TRIGGER name ON table USING 'class'`.
pub(super) fn create(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    table: &TableName,
    class: &str,
) -> CqlResult<CqlOutcome> {
    let ks = session.keyspace_for(table)?;
    lookup(&backend.schema(), &ks, &table.name)?;
    Err(CqlError::invalid(format!(
        "Trigger class '{class}' doesn't exist"
    )))
}

/// `DROP TRIGGER [IF EXISTS] name ON table`.
pub(super) fn drop(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    name: &str,
    table: &TableName,
    if_exists: bool,
) -> CqlResult<CqlOutcome> {
    let ks = session.keyspace_for(table)?;
    let schema = backend.schema();
    lookup(&schema, &ks, &table.name)?;
    let cf = schema.cf(&ks, &table.name).expect("looked up");
    if !cf.options.triggers.iter().any(|t| t.name == name) {
        if if_exists {
            return Ok(CqlOutcome::Void);
        }
        return Err(CqlError::invalid(format!("Trigger {name} was not found")));
    }
    let mut spec = super::ddl::update_spec(cf, &table_of(cf)?);
    let kept: Vec<_> = cf
        .options
        .triggers
        .iter()
        .filter(|t| t.name != name)
        .cloned()
        .collect();
    spec.triggers = Some(kept);
    backend.change_schema(SchemaChange::UpdateColumnFamily(spec))?;
    Ok(super::ddl::changed(ChangeKind::Updated, &ks, &cf.name))
}
