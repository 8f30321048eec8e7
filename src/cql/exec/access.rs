//! What a CQL3 statement must be allowed to do before it runs: one
//! [`Access`] per keyspace or table it touches, resolved exactly as the
//! executor resolves names (the statement's qualifier, else the session's
//! keyspace), with the permissions 1.2's `checkAccess` asked for.
//!
//! Owns only that mapping; it must not decide who is allowed (the server
//! checks the list against the connection's login) nor run anything.

use super::session::{CqlSession, Prepared};
use crate::auth::access::{Access, Permission};
use crate::cql::ast::{Statement, TableName};
use crate::cql::error::{CqlError, CqlResult};

/// Everything `statement` needs, in the order 1.2 checked it. An
/// unqualified name with no session keyspace is the executor's own error.
pub fn requirements(session: &CqlSession, statement: &Statement) -> CqlResult<Vec<Access>> {
    requirements_in(session, statement, None)
}

/// [`requirements`] of a prepared statement, whose tables are in the
/// keyspace it was prepared in.
pub fn prepared_requirements(session: &CqlSession, prepared: &Prepared) -> CqlResult<Vec<Access>> {
    requirements_in(
        session,
        &prepared.statement,
        super::prepared_keyspace(prepared),
    )
}

/// [`requirements`] with `keyspace` (when given) for the session's.
fn requirements_in(
    session: &CqlSession,
    statement: &Statement,
    keyspace: Option<&str>,
) -> CqlResult<Vec<Access>> {
    let table = |p: Permission, t: &TableName| -> CqlResult<Access> {
        let ks = match (&t.keyspace, keyspace) {
            (None, Some(ks)) => ks.to_string(),
            _ => session.keyspace_for(t)?,
        };
        Ok(Access::table(p, ks, t.name.clone()))
    };
    let session_keyspace = |p: Permission| -> CqlResult<Access> {
        let ks = keyspace.or(session.keyspace()).ok_or_else(|| {
            CqlError::Invalid("You have not set a keyspace for this session".into())
        })?;
        Ok(Access::keyspace(p, ks))
    };
    let one = |a: CqlResult<Access>| a.map(|a| vec![a]);
    match statement {
        Statement::Select(s) => one(table(Permission::Select, &s.table)),
        // A conditional write also reads what it compares (2.0 asked for
        // SELECT as well as MODIFY).
        Statement::Insert(i) => writes(&i.table, i.if_not_exists, table),
        Statement::Update(u) => writes(&u.table, u.condition.is_some(), table),
        Statement::Delete(d) => writes(&d.table, d.condition.is_some(), table),
        // An outlined batch has no conditions: each table it writes, once
        // (a table's repeats are the same access, checked again).
        Statement::Batch(b) if b.outline.is_some() => b
            .outline
            .iter()
            .flat_map(|o| &o.tables)
            .map(|t| table(Permission::Modify, t))
            .collect(),
        Statement::Batch(b) => {
            let mut all = Vec::new();
            for member in &b.statements {
                all.extend(requirements_in(session, member, keyspace)?);
            }
            Ok(all)
        }
        Statement::Truncate(t) => one(table(Permission::Modify, t)),
        // Refused to an anonymous session before any resource is named.
        Statement::Auth(_) => Ok(Vec::new()),
        Statement::Use(ks) => Ok(vec![Access::keyspace(Permission::Use, ks.clone())]),
        Statement::CreateKeyspace { name, .. } => {
            Ok(vec![Access::keyspace(Permission::Create, name.clone())])
        }
        Statement::AlterKeyspace { name, .. } => {
            Ok(vec![Access::keyspace(Permission::Alter, name.clone())])
        }
        Statement::DropKeyspace { name, .. } => {
            Ok(vec![Access::keyspace(Permission::Drop, name.clone())])
        }
        Statement::CreateTable(ct) => Ok(vec![Access::keyspace(
            Permission::Create,
            session.keyspace_for(&ct.table)?,
        )]),
        Statement::AlterTable { table: t, .. } => one(table(Permission::Alter, t)),
        Statement::DropTable { table: t, .. } => one(table(Permission::Drop, t)),
        Statement::CreateIndex { table: t, .. } => one(table(Permission::Alter, t)),
        // The index's table is found by name in its keyspace (the session's
        // unless the statement names one).
        Statement::DropIndex {
            keyspace: Some(ks), ..
        } => Ok(vec![Access::keyspace(Permission::Alter, ks.clone())]),
        Statement::DropIndex { .. } => one(session_keyspace(Permission::Alter)),
        // (2.0 asked for a superuser; the table's ALTER stands for it.)
        Statement::CreateTrigger { table: t, .. } | Statement::DropTrigger { table: t, .. } => {
            one(table(Permission::Alter, t))
        }
        // 2.2's drops: the missing function was refused before any
        // permission was asked (`DropFunctionStatement.checkAccess`), the
        // aggregate's keyspace DROP asked of an allow-all node.
        Statement::DropFunction { .. } => Ok(Vec::new()),
        // 2.2's functions: refused after the keyspace's checks.
        Statement::CreateFunction { name, .. } => match &name.keyspace {
            Some(ks) => Ok(vec![Access::keyspace(Permission::Create, ks.clone())]),
            None => Ok(session
                .keyspace()
                .map(|ks| vec![Access::keyspace(Permission::Create, ks.to_string())])
                .unwrap_or_default()),
        },
        // 2.1's type statements: the keyspace's CREATE / ALTER / DROP.
        Statement::CreateType { name, .. } => Ok(vec![Access::keyspace(
            Permission::Create,
            session.keyspace_for(name)?,
        )]),
        Statement::AlterType { name, .. } => Ok(vec![Access::keyspace(
            Permission::Alter,
            session.keyspace_for(name)?,
        )]),
        Statement::DropType { name, .. } => Ok(vec![Access::keyspace(
            Permission::Drop,
            session.keyspace_for(name)?,
        )]),
    }
}

fn writes(
    t: &TableName,
    conditional: bool,
    table: impl Fn(Permission, &TableName) -> CqlResult<Access>,
) -> CqlResult<Vec<Access>> {
    let mut all = vec![table(Permission::Modify, t)?];
    if conditional {
        all.push(table(Permission::Select, t)?);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::exec::ServerClock;
    use crate::cql::parse;
    use std::sync::Arc;

    fn needs(keyspace: Option<&str>, query: &str) -> CqlResult<Vec<String>> {
        let mut session = CqlSession::new(Arc::new(ServerClock::new(1)));
        if let Some(ks) = keyspace {
            session.set_keyspace(ks.to_string());
        }
        let statement = parse(query).unwrap().statement;
        Ok(requirements(&session, &statement)?
            .into_iter()
            .map(|a| format!("{} {}", a.permission, a.resource))
            .collect())
    }

    #[test]
    fn reads_and_writes_name_their_tables() {
        assert_eq!(
            needs(Some("s"), "SELECT * FROM t WHERE k = 1").unwrap(),
            ["SELECT <table s.t>"]
        );
        assert_eq!(
            needs(Some("s"), "SELECT * FROM o.t").unwrap(),
            ["SELECT <table o.t>"]
        );
        assert_eq!(
            needs(None, "INSERT INTO o.t (k, v) VALUES (1, 2)").unwrap(),
            ["MODIFY <table o.t>"]
        );
        assert_eq!(
            needs(Some("s"), "UPDATE t SET v = 1 WHERE k = 1 IF v = 2").unwrap(),
            ["MODIFY <table s.t>", "SELECT <table s.t>"]
        );
        assert_eq!(
            needs(Some("s"), "INSERT INTO t (k) VALUES (1) IF NOT EXISTS").unwrap(),
            ["MODIFY <table s.t>", "SELECT <table s.t>"]
        );
        assert_eq!(
            needs(Some("s"), "DELETE FROM o.t WHERE k = 1").unwrap(),
            ["MODIFY <table o.t>"]
        );
        assert_eq!(
            needs(Some("s"), "TRUNCATE o.t").unwrap(),
            ["MODIFY <table o.t>"]
        );
    }

    #[test]
    fn every_batch_member_counts() {
        assert_eq!(
            needs(
                Some("s"),
                "BEGIN BATCH INSERT INTO t (k) VALUES (1); DELETE FROM o.u WHERE k = 2; APPLY BATCH"
            )
            .unwrap(),
            ["MODIFY <table s.t>", "MODIFY <table o.u>"]
        );
    }

    #[test]
    fn schema_statements_name_the_keyspace_they_change() {
        let cases = [
            ("USE o", "USE <keyspace o>"),
            (
                "CREATE KEYSPACE n WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
                "CREATE <keyspace n>",
            ),
            ("ALTER KEYSPACE o WITH durable_writes = false", "ALTER <keyspace o>"),
            ("DROP KEYSPACE o", "DROP <keyspace o>"),
            ("CREATE TABLE o.t (k int PRIMARY KEY)", "CREATE <keyspace o>"),
            ("CREATE TABLE t (k int PRIMARY KEY)", "CREATE <keyspace s>"),
            ("ALTER TABLE o.t ADD v int", "ALTER <table o.t>"),
            ("DROP TABLE o.t", "DROP <table o.t>"),
            ("CREATE INDEX ON o.t (v)", "ALTER <table o.t>"),
            ("DROP INDEX i", "ALTER <keyspace s>"),
        ];
        for (query, want) in cases {
            assert_eq!(needs(Some("s"), query).unwrap(), [want], "{query}");
        }
    }

    #[test]
    fn an_unqualified_name_needs_a_session_keyspace() {
        for query in [
            "SELECT * FROM t",
            "DROP INDEX i",
            "CREATE TABLE t (k int PRIMARY KEY)",
        ] {
            assert_eq!(
                needs(None, query).unwrap_err().to_string(),
                "You have not set a keyspace for this session",
                "{query}"
            );
        }
    }
}
