//! What 1.2 and 2.0 ran a prepared statement against: its tables as they
//! were when it was prepared (`Behaviour::PreparedRunAsPrepared`). 1.2's
//! statements kept the `CFDefinition` they were prepared with; 2.0's
//! SELECT did too, and its writes the columns and types they had resolved,
//! while they named the key columns by their live names
//! (`Behaviour::PreparedWritesMeetLiveKeys`). 2.1 on forgot a statement
//! whose table's columns changed (the cache's `forget`); a statement run
//! unprepared meets the live table on every release.
//!
//! Owns the snapshot taken when a statement is prepared and the run under
//! it; it must not keep or evict statements (the session's cache does, and
//! weighs the snapshot).

use super::session::{statement_tables, TableSnapshot};
use super::{dml, tables, CqlBackend, CqlSession, Prepared};
use crate::cql::ast::Statement;
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::table::{Layout, Table};
use crate::release::Behaviour;
use std::sync::Arc;

/// The tables `statement` names as they are now, on a release that runs
/// prepared statements against them (none elsewhere). A table that does
/// not exist is left out: the statement is refused when it runs.
pub(super) fn snapshot(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
) -> Vec<TableSnapshot> {
    if !session.does(Behaviour::PreparedRunAsPrepared) {
        return Vec::new();
    }
    let schema = backend.schema();
    let mut out: Vec<TableSnapshot> = Vec::new();
    for t in statement_tables(statement) {
        let Ok(ks) = session.keyspace_for(t) else {
            continue;
        };
        if out
            .iter()
            .any(|p| p.table.keyspace == ks && p.table.name == t.name)
        {
            continue;
        }
        let (Some(cf), Ok(table)) = (
            schema.cf(&ks, &t.name),
            tables::lookup_in(session, &schema, &ks, &t.name),
        ) else {
            continue;
        };
        out.push(TableSnapshot {
            table: Arc::new(table),
            cf_id: cf.id,
        });
    }
    out
}

/// Runs `prepared` (by `f`, with its values `binds`) as the release did:
/// against its snapshot, after 2.0's check of a write's key columns; a
/// SELECT of a table dropped since, on a release that read it anyway
/// (`Behaviour::PreparedSelectOfDroppedTableCloses`), checked against the
/// table it was prepared on and then failed on the server.
pub(super) fn run<T>(
    backend: &dyn CqlBackend,
    session: &mut CqlSession,
    prepared: &Prepared,
    binds: &[Option<Vec<u8>>],
    f: impl FnOnce(&mut CqlSession) -> CqlResult<T>,
) -> CqlResult<T> {
    // (A statement run unprepared, or on another release, has none.)
    if prepared.tables.is_empty() {
        return f(session);
    }
    if let Statement::Select(sel) = &prepared.statement {
        let ks = session.keyspace_for(&sel.table)?;
        if session.does(Behaviour::PreparedSelectOfDroppedTableCloses)
            && backend.schema().cf(&ks, &sel.table.name).is_none()
        {
            session.with_pins(&prepared.tables, true, |s| {
                dml::prepared::check_bound(backend, s, &prepared.statement, binds)
            })?;
            return Err(CqlError::Failed(
                "a prepared SELECT of a dropped table failed on the server".into(),
            ));
        }
    }
    if session.does(Behaviour::PreparedWritesMeetLiveKeys) {
        live_keys_checked(backend, session, prepared)?;
    }
    session.with_pins(&prepared.tables, false, f)
}

/// 2.0's refusal of a prepared write whose table's key columns were
/// renamed since: each live key column was looked up among the key parts
/// the statement restricted, by name.
fn live_keys_checked(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    prepared: &Prepared,
) -> CqlResult<()> {
    let schema = backend.schema();
    for (t, delete) in writes(&prepared.statement) {
        let ks = session.keyspace_for(t)?;
        let snapshot = prepared
            .tables
            .iter()
            .find(|p| p.table.keyspace == ks && p.table.name == t.name);
        let (Some(snapshot), Ok(live)) =
            (snapshot, tables::lookup_in(session, &schema, &ks, &t.name))
        else {
            continue;
        };
        if let Some(name) = missing_key_part(&snapshot.table, &live, delete) {
            return Err(CqlError::invalid(format!(
                "Missing mandatory PRIMARY KEY part {name}"
            )));
        }
    }
    Ok(())
}

/// The writes of a statement (a batch's members), each with whether it is
/// a DELETE.
fn writes(statement: &Statement) -> Vec<(&crate::cql::ast::TableName, bool)> {
    match statement {
        Statement::Insert(s) => vec![(&s.table, false)],
        Statement::Update(s) => vec![(&s.table, false)],
        Statement::Delete(s) => vec![(&s.table, true)],
        Statement::Batch(b) => b.statements.iter().flat_map(writes).collect(),
        _ => Vec::new(),
    }
}

/// The first live key column the snapshot's key columns do not name: a
/// partition key part always, a clustering one where the release required
/// every clustering part (a write of a non-compact table, not a DELETE).
/// A DELETE or a compact table missing a renamed clustering part is left
/// to run against the snapshot.
fn missing_key_part<'a>(snapshot: &Table, live: &'a Table, delete: bool) -> Option<&'a str> {
    let named = |name: &str| {
        snapshot.partition_key.iter().any(|c| c.name == name)
            || snapshot.clustering.iter().any(|c| c.column.name == name)
    };
    let partition = live.partition_key.iter().map(|c| c.name.as_str());
    let clustering = live.clustering.iter().map(|c| c.column.name.as_str());
    let full = !delete && live.layout == Layout::Sparse;
    partition
        .chain(clustering.filter(|_| full))
        .find(|name| !named(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::parser::parse;

    fn table(ddl: &str) -> Table {
        let Statement::CreateTable(ct) = parse(ddl).unwrap().statement else {
            panic!("not a CREATE TABLE: {ddl}");
        };
        Table::from_create("ks", &ct).unwrap()
    }

    #[test]
    fn a_renamed_partition_key_is_missing_under_its_new_name() {
        let before = table("CREATE TABLE t (k text, c int, v text, PRIMARY KEY (k, c))");
        let after = table("CREATE TABLE t (kk text, c int, v text, PRIMARY KEY (kk, c))");
        assert_eq!(missing_key_part(&before, &after, false), Some("kk"));
        assert_eq!(missing_key_part(&before, &after, true), Some("kk"));
        assert_eq!(missing_key_part(&before, &before, false), None);
    }

    #[test]
    fn a_renamed_clustering_column_is_missing_for_full_writes_only() {
        let before = table("CREATE TABLE t (k text, c int, v text, PRIMARY KEY (k, c))");
        let after = table("CREATE TABLE t (k text, cc int, v text, PRIMARY KEY (k, cc))");
        assert_eq!(missing_key_part(&before, &after, false), Some("cc"));
        assert_eq!(missing_key_part(&before, &after, true), None);
        let compact = |c: &str| {
            table(&format!(
                "CREATE TABLE t (k text, {c} int, v text, PRIMARY KEY (k, {c})) \
                 WITH COMPACT STORAGE"
            ))
        };
        assert_eq!(missing_key_part(&compact("c"), &compact("cc"), false), None);
    }
}
