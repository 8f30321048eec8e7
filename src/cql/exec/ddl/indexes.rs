//! CREATE INDEX and DROP INDEX: which column and target an index takes by
//! the release's rules, its default name, and the index found by name in
//! the keyspace to drop. The change itself is the table's update, as for
//! any other schema statement ([`super::update_spec`]).

use super::super::tables::{lookup, table_of};
use super::super::{ChangeKind, CqlBackend, CqlOutcome, CqlSession};
use super::{changed, update_spec};
use crate::cql::ast::{IndexClass, IndexTarget, TableName};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::table::{collection_target, FrozenIndex, IndexRules};
use crate::release::{Behaviour, Release};
use crate::schema::{Schema, SchemaChange};
use std::sync::Arc;

/// What CREATE INDEX names besides its table.
pub(super) struct NewIndex<'a> {
    pub(super) name: Option<&'a str>,
    pub(super) column: &'a str,
    pub(super) target: IndexTarget,
    pub(super) if_not_exists: bool,
    pub(super) using: &'a IndexClass,
}

pub(super) fn create_index(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    schema: &Arc<Schema>,
    table: &TableName,
    index: NewIndex,
) -> CqlResult<CqlOutcome> {
    let ks = session.keyspace_for(table)?;
    let mut t = lookup(schema, &ks, &table.name)?;
    let cf = schema.cf(&ks, &table.name).expect("looked up");
    let release = Release::find(&session.local_facts().release_version);
    if cf.is_counter() && release.is_some_and(|r| r.does(Behaviour::CounterTablesNotIndexed)) {
        return Err(CqlError::Invalid(
            "Secondary indexes are not supported on counter tables".into(),
        ));
    }
    // Statics are indexed from 3.4 on (3.0's CreateIndexStatement refused
    // them); collections from 2.1.
    let rules = IndexRules {
        static_allowed: session.local_facts().claims_at_least((3, 4, 0)),
        // A CUSTOM index of a collection was never refused as one.
        collections: session.local_facts().claims_at_least((2, 1, 0)) || index.using.custom,
        target: index.target,
        // 2.0 indexed a clustering column, a composite partition key's part.
        key_parts: session.local_facts().claims_at_least((2, 0, 0)),
        // 3.0's `IndexMetadata` list: one index per target of a column.
        several_per_column: session.local_facts().claims_at_least((3, 0, 0)),
        frozen: match session.local_facts() {
            f if f.claims_at_least((3, 0, 0)) => FrozenIndex::Unchecked,
            f if f.claims_at_least((2, 2, 0)) => FrozenIndex::V22,
            f if f.claims_at_least((2, 1, 0)) => FrozenIndex::V21,
            _ => FrozenIndex::Unchecked,
        },
    };
    if index.if_not_exists {
        if rules.key_parts && t.key_index(index.column).is_some() {
            return Ok(CqlOutcome::Void);
        }
        let already = t
            .regular
            .iter()
            .find(|r| r.column.name == index.column && r.is_indexed());
        if let Some(r) = already {
            // 2.1 refused a map's keys and values indexed at once first.
            if rules.collections {
                collection_target(r, rules.target, rules.several_per_column, rules.frozen)?;
            }
            // 3.0 let a column carry an index per target.
            if !rules.several_per_column || r.indexed_on(rules.target) {
                return Ok(CqlOutcome::Void);
            }
        }
    }
    let name = match index.name {
        Some(name) => name.to_string(),
        None => default_index_name(schema, &t.name, index.column),
    };
    let added = t.add_index_with(index.column, Some(&name), rules);
    let three_x = super::super::system::schema::claims_schema_tables(session.local_facts());
    // 3.0 checked the statement's properties (`validate`) before it met an
    // index of the same target (`announceMigration`).
    // A CUSTOM one's class, which did not load, was another index than
    // the column's (`IndexMetadata.equalsWithoutName` compares the class):
    // no duplicate, its class refused.
    if three_x && matches!(&added, Err(CqlError::Invalid(m)) if m == "Index already exists") {
        if let Some(class) = super::super::custom_index::checked_class_3x(index.using)? {
            let sasi = session.local_facts().claims_at_least((3, 4, 0));
            super::super::custom_index::loadable_3x(&class, sasi)?;
        }
    }
    added?;
    // 3.x's checks and index classes differ: not these releases' rules.
    if !three_x {
        if let Some(class) = super::super::custom_index::checked_class(index.using)? {
            return Err(super::super::custom_index::unloadable(&class));
        }
    } else if let Some(class) = super::super::custom_index::checked_class_3x(index.using)? {
        let sasi = session.local_facts().claims_at_least((3, 4, 0));
        super::super::custom_index::loadable_3x(&class, sasi)?;
    }
    backend.change_schema(SchemaChange::UpdateColumnFamily(update_spec(cf, &t)))?;
    Ok(changed(ChangeKind::Updated, &ks, &table.name))
}

/// `addDefaultIndexNames` for an index CREATE INDEX left unnamed:
/// `<table>_<column>_idx` without its non-word characters, then `_1`,
/// `_2`.. while an index of any column family has that name.
fn default_index_name(schema: &Schema, table: &str, column: &str) -> String {
    let taken: std::collections::BTreeSet<&str> = schema
        .column_families()
        .flat_map(|cf| cf.options.index_names())
        .collect();
    let base: String = format!("{table}_{column}_idx")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let mut name = base.clone();
    let mut i = 0;
    while taken.contains(name.as_str()) {
        i += 1;
        name = format!("{base}_{i}");
    }
    name
}

pub(super) fn drop_index(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    schema: &Schema,
    keyspace: Option<&str>,
    name: &str,
    if_exists: bool,
) -> CqlResult<CqlOutcome> {
    let ks = keyspace
        .or_else(|| session.keyspace())
        .map(str::to_string)
        .ok_or_else(|| CqlError::Invalid("You have not set a keyspace for this session".into()))?;
    let found = schema.keyspace(&ks).and_then(|k| {
        k.cfs.values().find_map(|cf| {
            let t = table_of(cf).ok()?;
            let has = t.index_names().any(|n| n == name);
            has.then_some((cf.clone(), t))
        })
    });
    let Some((cf, mut t)) = found else {
        if if_exists {
            return Ok(CqlOutcome::Void);
        }
        return Err(CqlError::Invalid(format!(
            "Index '{name}' could not be found in any of the column families of keyspace '{ks}'"
        )));
    };
    t.drop_index(name);
    backend.change_schema(SchemaChange::UpdateColumnFamily(update_spec(&cf, &t)))?;
    Ok(changed(ChangeKind::Updated, &ks, &t.name))
}
