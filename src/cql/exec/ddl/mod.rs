//! Schema statements: CREATE/ALTER/DROP KEYSPACE, CREATE/ALTER/DROP TABLE,
//! CREATE/DROP INDEX, each turned into one [`SchemaChange`] for the backend.
//!
//! Owns the statement → change mapping and CQL's own checks (IF [NOT]
//! EXISTS; those of an index are in [`indexes`]); the schema's validation
//! and its messages are the backend's. It must not touch data.

use super::tables::{apply_options, lookup, table_spec};
use super::{ChangeKind, CqlBackend, CqlOutcome, CqlSession};
use crate::cql::ast::{AlterTableOp, Property, Statement, TableName};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::options::{KeyspaceOptions, TableOptions};
use crate::cql::table::{CounterMix, Layout, Table};
use crate::schema::{CfDef, CfSpec, KeyspaceSpec, Schema, SchemaChange};
use std::sync::Arc;

mod collections;
mod compression;
mod counter_key12;
mod indexes;
use indexes::{create_index, drop_index, NewIndex};

pub(super) fn changed(change: ChangeKind, keyspace: &str, table: &str) -> CqlOutcome {
    CqlOutcome::SchemaChange {
        change,
        keyspace: keyspace.to_string(),
        table: table.to_string(),
    }
}

/// An update of `cf` to the shape of `table`, keeping its other attributes
/// (an update resets unset fields, so it starts from what is stored;
/// Thrift's view of the CF drops the CQL metadata, the table puts it back).
///
/// 1.2.9's CQL3 DDL updated a clone of the CF's metadata: a Thrift CF,
/// which has no aliases (its CQL3 names `key`, `column1`.., `value` are
/// defaults read from their absence), keeps none after a CREATE/DROP INDEX
/// or an ALTER; only a RENAME names the column it renames. An empty list
/// (or no value alias) in the update keeps what is stored.
pub(super) fn update_spec(cf: &CfDef, table: &Table) -> CfSpec {
    let mut spec = cf.describe_v12();
    let shape = table_spec(table);
    let o = &cf.options;
    let defaults = |aliases: &[Vec<u8>], default: fn(usize) -> String| {
        aliases
            .iter()
            .enumerate()
            .all(|(i, a)| *a == default(i).into_bytes())
    };
    let key_name = |i: usize| match i {
        0 => "key".to_string(),
        i => format!("key{}", i + 1),
    };
    let column_name = |i: usize| format!("column{}", i + 1);
    spec.comparator_type = shape
        .comparator_type
        .map(|made| collections::kept(&cf.comparator.class_name(), made));
    spec.key_validation_class = shape.key_validation_class;
    // A static COMPACT table's model has no value column: its default
    // validator (a Thrift CfDef's `default_validation_class`) stays.
    if table.layout != crate::cql::table::Layout::CompactStatic {
        spec.default_validation_class = shape.default_validation_class;
    }
    // An index the statement left alone keeps its options as they were (a
    // Thrift-made index has none: `ColumnDefinition.getIndexOptions` null).
    spec.column_metadata = shape.column_metadata.map(|columns| {
        columns
            .into_iter()
            .map(|mut c| {
                if let Some(old) = o.column_metadata.iter().find(|d| {
                    d.name == c.name && d.index_name == c.index_name && d.index_type.is_some()
                }) {
                    c.index_options = old.index_options.clone();
                }
                c
            })
            .collect()
    });
    spec.key_indexes = shape.key_indexes;
    spec.key_aliases = shape
        .key_aliases
        .filter(|a| !(o.key_aliases.is_empty() && defaults(a, key_name)));
    spec.column_aliases = shape
        .column_aliases
        .filter(|a| !(o.column_aliases.is_empty() && defaults(a, column_name)));
    spec.value_alias = shape
        .value_alias
        .filter(|v| !(o.value_alias.is_none() && v.as_slice() == b"value"));
    spec
}

/// 1.1's beta stored a table without row markers, so one with nothing
/// outside its primary key could keep no row: refused before any lookup
/// (1.1's `CreateColumnFamilyStatement.RawStatement.prepare`, COMPACT
/// STORAGE with clustering columns in its own words).
fn beta_table_check(table: &Table) -> CqlResult<()> {
    if !table.regular.is_empty() {
        return Ok(());
    }
    Err(CqlError::invalid(if table.layout == Layout::CompactDense {
        "COMPACT STORAGE requires one definition not part of the PRIMARY KEY, none found"
    } else {
        "No definition found that is not part of the PRIMARY KEY"
    }))
}

/// What 1.1's beta put in a new table's definition otherwise than 1.2:
/// no bloom filter chance unless the statement gave one (its
/// `CFPropDefs.applyToCFMetadata` set only what was given), and a
/// COMPACT STORAGE table without clustering columns validating its other
/// cells as text (`CFDefinition.definitionType`), as its sparse tables did.
fn beta_table_spec(table: &Table, options: &TableOptions, spec: &mut CfSpec) {
    spec.bloom_filter_fp_chance = options.bloom_filter_fp_chance;
    if table.layout == Layout::CompactStatic && !table.is_counter_table() {
        spec.default_validation_class = Some("org.apache.cassandra.db.marshal.UTF8Type".into());
    }
}

/// A schema change; on 1.1's beta its refusal is worded as the beta
/// answered the `ConfigurationException` of its migration
/// (`SchemaAlteringStatement.execute`: the exception's `toString`).
fn beta_schema_change(
    session: &CqlSession,
    backend: &dyn CqlBackend,
    change: SchemaChange,
) -> CqlResult<()> {
    let r = backend.change_schema(change);
    if session.grammar() != crate::cql::Grammar::Beta1 {
        return r;
    }
    r.map_err(|e| match e {
        CqlError::Invalid(m) => CqlError::Invalid(format!(
            "org.apache.cassandra.config.ConfigurationException: {m}"
        )),
        other => other,
    })
}

/// Runs one schema statement.
pub(super) fn run(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
) -> CqlResult<CqlOutcome> {
    let schema = backend.schema();
    match statement {
        Statement::CreateKeyspace {
            name,
            if_not_exists,
            properties,
        } => create_keyspace(
            backend,
            &schema,
            name,
            *if_not_exists,
            properties,
            session.grammar() == crate::cql::Grammar::Beta1,
        ),
        Statement::AlterKeyspace { name, properties } => {
            alter_keyspace(backend, &schema, name, properties)
        }
        Statement::DropKeyspace { name, if_exists } => {
            if *if_exists && schema.keyspace(name).is_none() {
                return Ok(CqlOutcome::Void);
            }
            beta_schema_change(session, backend, SchemaChange::DropKeyspace(name.clone()))?;
            Ok(changed(ChangeKind::Dropped, name, ""))
        }
        Statement::CreateTable(ct) => {
            let ks = session.keyspace_for(&ct.table)?;
            let local = session.local_facts();
            let mix = if local.emulated && local.claims_at_least((3, 0, 0)) {
                CounterMix::Refused
            } else if session.grammar().has_contains() {
                CounterMix::NameFirst
            } else {
                CounterMix::HashFirst
            };
            let since_22 = session.grammar().is_cql33();
            let multi_cell = session.grammar().has_multi_cell_user_types();
            let mut table = if session.grammar().has_contains() {
                // 2.1: user type names are the keyspace's types.
                let mut ct = ct.clone();
                for c in &mut ct.columns {
                    c.ty = super::usertypes::resolve(&schema, &ks, &c.ty, since_22, multi_cell)?;
                }
                Table::from_create_as(&ks, &ct, mix)?
            } else {
                let (major, minor, patch) = local.release_numbers();
                let of_1_2 = local.emulated && (major, minor) == (1, 2);
                Table::from_create_as(&ks, ct, mix).map_err(|e| match of_1_2 {
                    true => counter_key12::reworded(e, ct, patch),
                    false => e,
                })?
            };
            if signed_timestamps(session) {
                table.sign_timestamps(None);
            }
            let beta = session.grammar() == crate::cql::Grammar::Beta1;
            if beta {
                beta_table_check(&table)?;
            }
            let maps = session.local_facts().claims_at_least((2, 1, 0));
            let options = if beta {
                TableOptions::from_beta_properties(&ct.properties)?
            } else {
                compression_of_release(
                    session,
                    TableOptions::from_properties_as(
                        &release_properties(session, &ct.properties),
                        maps,
                    )?,
                )
            };
            refuse_counter_ttl(&table, &options)?;
            if ct.if_not_exists && schema.cf(&ks, &table.name).is_some() {
                return Ok(CqlOutcome::Void);
            }
            let mut spec = table_spec(&table);
            apply_options(&mut spec, &options, zero_thresholds_refused(session))?;
            index_intervals_checked(session, &spec)?;
            if beta {
                beta_table_spec(&table, &options, &mut spec);
            }
            // The beta's CFMetaData checks came before its migration (its
            // words plain); the migration refused an existing table.
            let exists = schema.cf(&ks, &table.name).is_some();
            let change = SchemaChange::AddColumnFamily(spec);
            match beta && exists {
                true => beta_schema_change(session, backend, change)?,
                false => backend.change_schema(change)?,
            }
            Ok(changed(ChangeKind::Created, &ks, &table.name))
        }
        Statement::AlterTable { table, op } => {
            // 2.1 on looked the table up before preparing a column's type
            // (`AlterTableStatement.announceMigration`).
            lookup(&schema, &session.keyspace_for(table)?, &table.name)?;
            let op = match op {
                AlterTableOp::Add {
                    column,
                    ty,
                    is_static,
                } if session.grammar().has_contains() => AlterTableOp::Add {
                    column: column.clone(),
                    ty: super::usertypes::resolve(
                        &schema,
                        &session.keyspace_for(table)?,
                        ty,
                        session.grammar().is_cql33(),
                        session.grammar().has_multi_cell_user_types(),
                    )?,
                    is_static: *is_static,
                },
                AlterTableOp::Alter { column, ty } if session.grammar().has_contains() => {
                    AlterTableOp::Alter {
                        column: column.clone(),
                        ty: super::usertypes::resolve(
                            &schema,
                            &session.keyspace_for(table)?,
                            ty,
                            session.grammar().is_cql33(),
                            session.grammar().has_multi_cell_user_types(),
                        )?,
                    }
                }
                other => other.clone(),
            };
            alter_table(backend, session, &schema, table, &op)
        }
        Statement::CreateFunction { name, aggregate } => {
            super::functions::create(session, name, aggregate.as_ref())
        }
        Statement::DropFunction {
            name,
            aggregate,
            if_exists,
            args,
        } => super::functions::drop(session, name, *aggregate, *if_exists, args.as_deref()),
        Statement::CreateType {
            name,
            if_not_exists,
            fields,
        } => super::usertypes::create(backend, session, name, *if_not_exists, fields),
        Statement::AlterType { name, op } => {
            let (outcome, tables) = super::usertypes::alter(backend, session, name, op)?;
            for (cf, t) in tables {
                backend.change_schema(SchemaChange::UpdateColumnFamily(update_spec(&cf, &t)))?;
            }
            Ok(outcome)
        }
        Statement::DropType { name, if_exists } => {
            super::usertypes::drop(backend, session, name, *if_exists)
        }
        Statement::DropTable { table, if_exists } => {
            let ks = session.keyspace_for(table)?;
            if *if_exists && schema.cf(&ks, &table.name).is_none() {
                return Ok(CqlOutcome::Void);
            }
            // No lookup first: 1.2.9 left a missing table (or keyspace) to
            // the schema change, whose "Cannot drop non existing column
            // family" is what clients saw.
            beta_schema_change(
                session,
                backend,
                SchemaChange::DropColumnFamily {
                    keyspace: ks.clone(),
                    name: table.name.clone(),
                },
            )?;
            Ok(changed(ChangeKind::Dropped, &ks, &table.name))
        }
        Statement::CreateIndex {
            name,
            table,
            column,
            target,
            if_not_exists,
            using,
        } => {
            let index = NewIndex {
                name: name.as_deref(),
                column,
                target: *target,
                if_not_exists: *if_not_exists,
                using,
            };
            create_index(backend, session, &schema, table, index)
        }
        Statement::DropIndex {
            keyspace,
            name,
            if_exists,
        } => drop_index(
            backend,
            session,
            &schema,
            keyspace.as_deref(),
            name,
            *if_exists,
        ),
        other => Err(CqlError::Invalid(format!(
            "not a schema statement: {other:?}"
        ))),
    }
}

fn create_keyspace(
    backend: &dyn CqlBackend,
    schema: &Schema,
    name: &str,
    if_not_exists: bool,
    properties: &[Property],
    beta: bool,
) -> CqlResult<CqlOutcome> {
    let o = KeyspaceOptions::from_properties(properties, true)?;
    // 1.1's beta asked ThriftValidation.validateKeyspaceNotYetExisting:
    // any keyspace of the name in another case, in Thrift's words.
    if let Some(existing) = schema
        .keyspaces
        .keys()
        .find(|k| beta && k.eq_ignore_ascii_case(name))
    {
        return Err(CqlError::Invalid(format!(
            "Keyspace names must be case-insensitively unique (\"{name}\" conflicts with \"{existing}\")"
        )));
    }
    if schema.keyspace(name).is_some() {
        if if_not_exists {
            return Ok(CqlOutcome::Void);
        }
        // 1.2's MigrationManager check (AlreadyExistsException); the
        // schema's case-insensitive rule is Thrift's and comes later.
        return Err(CqlError::Invalid(format!(
            "Cannot add existing keyspace \"{name}\""
        )));
    }
    backend.change_schema(SchemaChange::AddKeyspace(KeyspaceSpec {
        name: name.to_string(),
        strategy_class: o.strategy_class.unwrap_or_default(),
        strategy_options: Some(o.strategy_options),
        durable_writes: o.durable_writes,
        ..KeyspaceSpec::default()
    }))?;
    Ok(changed(ChangeKind::Created, name, ""))
}

fn alter_keyspace(
    backend: &dyn CqlBackend,
    schema: &Schema,
    name: &str,
    properties: &[Property],
) -> CqlResult<CqlOutcome> {
    // Every release from 1.1 to 3.11 (`AlterKeyspaceStatement.validate`):
    // the keyspace is looked up before its options are judged (a property
    // named twice is the parser's, before both).
    KeyspaceOptions::check_unique(properties)?;
    let Some(ks) = schema.keyspace(name) else {
        return Err(CqlError::Invalid(format!("Unknown keyspace {name}")));
    };
    let o = KeyspaceOptions::from_properties(properties, false)?;
    let mut spec = ks.describe_v12();
    spec.cf_defs.clear();
    if let Some(class) = o.strategy_class {
        spec.strategy_class = class;
        spec.strategy_options = Some(o.strategy_options);
    }
    if o.durable_writes.is_some() {
        spec.durable_writes = o.durable_writes;
    }
    backend.change_schema(SchemaChange::UpdateKeyspace(spec))?;
    Ok(changed(ChangeKind::Updated, name, ""))
}

fn alter_table(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    schema: &Arc<Schema>,
    table: &TableName,
    op: &AlterTableOp,
) -> CqlResult<CqlOutcome> {
    let ks = session.keyspace_for(table)?;
    let mut t = lookup(schema, &ks, &table.name)?;
    let cf = schema.cf(&ks, &table.name).expect("looked up");
    let mut dropped = None;
    let spec = match op {
        AlterTableOp::With(props) => {
            let mut spec = update_spec(cf, &t);
            let maps = session.local_facts().claims_at_least((2, 1, 0));
            if session.grammar() == crate::cql::Grammar::Beta1 {
                // 1.1 kept the chance it had unless the statement gave one.
                let options = TableOptions::from_beta_properties(props)?;
                let kept = spec.bloom_filter_fp_chance;
                apply_options(&mut spec, &options, false)?;
                spec.bloom_filter_fp_chance = options.bloom_filter_fp_chance.or(kept);
            } else {
                let options = compression_of_release(
                    session,
                    TableOptions::from_properties_as(&release_properties(session, props), maps)?,
                );
                refuse_counter_ttl(&t, &options)?;
                apply_options(&mut spec, &options, zero_thresholds_refused(session))?;
                index_intervals_checked(session, &spec)?;
            }
            spec
        }
        _ => {
            let before = t.clone();
            let release = session.local_facts().release_numbers();
            t.alter_as(op, release)?;
            let since_2_0 = session.local_facts().claims_at_least((2, 0, 0));
            if let (true, AlterTableOp::Add { column, .. }) = (since_2_0, op) {
                let refused =
                    super::dropped::readd_refusal(&cf.options.dropped_columns, &t, column, release);
                if let Some(e) = refused {
                    return Err(e);
                }
            }
            if let AlterTableOp::Drop { column } = op {
                // 2.0's dropped columns (1.2 dropped nothing: no such ALTER).
                if since_2_0 {
                    dropped = Some((before, column.clone()));
                }
            }
            // Only the new or changed column takes the claim's `timestamp`:
            // the others keep the type they were made with.
            if let (true, AlterTableOp::Add { column, .. } | AlterTableOp::Alter { column, .. }) =
                (signed_timestamps(session), op)
            {
                t.sign_timestamps(Some(column));
            }
            let mut spec = update_spec(cf, &t);
            if let Some((before, column)) = &dropped {
                let recorded = super::dropped::record(&cf.options.dropped_columns, before, column);
                spec.dropped_columns = Some(recorded);
            }
            spec
        }
    };
    backend.change_schema(SchemaChange::UpdateColumnFamily(spec))?;
    if let Some((before, column)) = dropped {
        super::dropped::hide(backend, session, &ks, &before, &column)?;
    }
    Ok(changed(ChangeKind::Updated, &ks, &table.name))
}

/// Whether the session's claim makes `timestamp` 2.0's TimestampType.
fn signed_timestamps(session: &CqlSession) -> bool {
    session.local_facts().claims_at_least((2, 0, 0))
}

/// 2.0 on (`CreateTableStatement`, `AlterTableStatement`): a counter
/// table's cells could not expire, so a default TTL above 0 was refused.
fn refuse_counter_ttl(table: &Table, options: &TableOptions) -> CqlResult<()> {
    match table.is_counter_table() && options.default_time_to_live.is_some_and(|t| t > 0) {
        true => Err(CqlError::invalid(
            "Cannot set default_time_to_live on a table with counters",
        )),
        false => Ok(()),
    }
}

/// 2.0 to 2.2 refused a CQL 3 statement's compaction thresholds of 0 or
/// less in words of their own (`CFPropDefs.applyToCFMetadata`; 1.2 left
/// them to the column family's checks, 3.x to `CompactionParams`).
fn zero_thresholds_refused(session: &CqlSession) -> bool {
    let facts = session.local_facts();
    facts.claims_at_least((2, 0, 0)) && !facts.claims_at_least((3, 0, 0))
}

/// A table statement's properties without those the session's release
/// ignored (its obsolete `CFPropDefs` names: 1.2's CQL 3 beta names, 2.1's
/// `index_interval`) and 3.x's the engine keeps nothing of
/// (`crc_check_chance`, `cdc`).
fn release_properties(session: &CqlSession, props: &[Property]) -> Vec<Property> {
    let release = session.local_facts().release_numbers();
    match crate::cql::option_names::Vocabulary::of_release(release) {
        Some(v) => v.without_ignored_or_unkept(props),
        None => props.to_vec(),
    }
}

/// `options` with a 3.x statement's `compression` map in the names the
/// engine keeps ([`compression::stored`]); before 3.0 as given.
fn compression_of_release(session: &CqlSession, mut options: TableOptions) -> TableOptions {
    if session.local_facts().claims_at_least((3, 0, 0)) {
        options.compression = options.compression.as_ref().map(compression::stored);
    }
    options
}

/// 2.1's and 2.2's `CFMetaData.validate` of the index intervals a table
/// statement left (128 and 2048 unless given): the maximum not below the
/// minimum.
fn index_intervals_checked(session: &CqlSession, spec: &CfSpec) -> CqlResult<()> {
    let release = session.local_facts().release_numbers();
    if crate::cql::option_names::Vocabulary::of_release(release)
        != Some(crate::cql::option_names::Vocabulary::V21)
    {
        return Ok(());
    }
    let min = spec.min_index_interval.unwrap_or(128);
    let max = spec.max_index_interval.unwrap_or(2048);
    if max < min {
        return Err(CqlError::invalid(format!(
            "Max index interval ({max}) must be greater than the min index interval ({min})."
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::tables::table_of;
    use super::*;
    use crate::cql::table::IndexRules;
    use crate::marshal::parse_type;
    use crate::schema::ColumnDef;

    fn people() -> CfDef {
        let mut cf = CfDef::new("ks", "People", 1000, parse_type("UTF8Type").unwrap(), None);
        cf.options.column_metadata.push(ColumnDef::plain(
            b"state".to_vec(),
            parse_type("UTF8Type").unwrap(),
        ));
        cf
    }

    #[test]
    fn cql3_ddl_on_a_thrift_cf_keeps_its_aliases_absent() {
        let cf = people();
        let mut t = table_of(&cf).unwrap();
        t.add_index_with("state", None, IndexRules::default())
            .unwrap();
        let spec = update_spec(&cf, &t);
        let empty = |a: &Option<Vec<Vec<u8>>>| a.as_ref().is_none_or(Vec::is_empty);
        assert!(empty(&spec.key_aliases), "{:?}", spec.key_aliases);
        assert!(empty(&spec.column_aliases) && spec.value_alias.is_none());
        let state = &spec.column_metadata.as_ref().unwrap()[0];
        assert!(state.index_type.is_some());
        // A dense Thrift CF renamed: the renamed name alone is written.
        let dense = CfDef::new("ks", "D", 1001, parse_type("UTF8Type").unwrap(), None);
        let mut t = table_of(&dense).unwrap();
        t.alter(&AlterTableOp::Rename(vec![("column1".into(), "c".into())]))
            .unwrap();
        let spec = update_spec(&dense, &t);
        assert!(empty(&spec.key_aliases) && spec.value_alias.is_none());
        assert_eq!(spec.column_aliases, Some(vec![b"c".to_vec()]));
        // A CQL3 table's own names are written as they are.
        let mut aliased = people();
        aliased.options.key_aliases = vec![b"key".to_vec()];
        let t = table_of(&aliased).unwrap();
        assert_eq!(
            update_spec(&aliased, &t).key_aliases,
            Some(vec![b"key".to_vec()])
        );
    }
}
