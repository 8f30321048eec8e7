//! What a CQL 2 statement must be allowed to do before it runs: one
//! [`Access`] per keyspace or column family it touches, named as the
//! executor names them (`exec::run`: most statements use the connection's
//! keyspace, SELECT, UPDATE, DELETE and TRUNCATE may qualify their column
//! family), with the permissions 1.2.9's `QueryProcessor` checked.
//!
//! Owns only that mapping; it must not decide who is allowed nor run
//! anything.

use super::ast::{Modification, Statement};
use crate::auth::access::{Access, Permission};
use crate::cql::CqlError;

/// Everything `statement` needs when the connection's keyspace is
/// `session`. A statement that needs the connection's keyspace when there
/// is none gets the executor's own error.
pub fn requirements(session: Option<&str>, statement: &Statement) -> Result<Vec<Access>, CqlError> {
    let here = || {
        session
            .map(str::to_string)
            .ok_or_else(|| CqlError::Invalid("no keyspace has been specified".into()))
    };
    let in_ = |qualifier: &Option<String>| match qualifier {
        Some(ks) => Ok(ks.clone()),
        None => here(),
    };
    // The executor asks for the connection's keyspace first for every
    // statement but these.
    if !matches!(
        statement,
        Statement::Select(_)
            | Statement::Use(_)
            | Statement::CreateKeyspace { .. }
            | Statement::DropKeyspace(_)
    ) {
        here()?;
    }
    let table = |p, ks, cf: &str| Access::table(p, ks, cf);
    Ok(match statement {
        Statement::Select(s) => vec![table(Permission::Select, in_(&s.keyspace)?, &s.cf)],
        Statement::Update(u) => vec![table(Permission::Modify, in_(&u.keyspace)?, &u.cf)],
        Statement::Delete(d) => vec![table(Permission::Modify, in_(&d.keyspace)?, &d.cf)],
        // An outlined batch: each (qualifier, column family) once, which
        // fails first where its first statement would.
        Statement::Batch {
            outline: Some(o), ..
        } => {
            let mut all = Vec::new();
            for (qualifier, cf) in &o.tables {
                all.push(table(Permission::Modify, here()?, cf));
                if let Some(ks) = qualifier {
                    all.push(table(Permission::Modify, ks.clone(), cf));
                }
            }
            all
        }
        Statement::Batch { statements, .. } => {
            // Members run in the connection's keyspace; a qualifier a
            // member names is required too, so that no reading of the
            // batch can reach a keyspace that was not checked.
            let mut all = Vec::new();
            for m in statements {
                let (qualifier, cf) = match m {
                    Modification::Update(u) => (&u.keyspace, &u.cf),
                    Modification::Delete(d) => (&d.keyspace, &d.cf),
                };
                all.push(table(Permission::Modify, here()?, cf));
                if let Some(ks) = qualifier {
                    all.push(table(Permission::Modify, ks.clone(), cf));
                }
            }
            all
        }
        Statement::Truncate { keyspace, cf } => {
            vec![table(Permission::Modify, in_(keyspace)?, cf)]
        }
        Statement::Use(ks) => vec![Access::keyspace(Permission::Use, ks.clone())],
        Statement::CreateKeyspace { name, .. } => {
            vec![Access::keyspace(Permission::Create, name.clone())]
        }
        Statement::DropKeyspace(name) => vec![Access::keyspace(Permission::Drop, name.clone())],
        Statement::CreateColumnFamily { .. } => vec![Access::keyspace(Permission::Create, here()?)],
        Statement::CreateIndex { cf, .. } => vec![table(Permission::Alter, here()?, cf)],
        // The index's column family is found by name in the keyspace.
        Statement::DropIndex(_) => vec![Access::keyspace(Permission::Alter, here()?)],
        Statement::DropColumnFamily(cf) => vec![table(Permission::Drop, here()?, cf)],
        Statement::AlterColumnFamily { cf, .. } => vec![table(Permission::Alter, here()?, cf)],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql2::parser::parse;

    fn needs(session: Option<&str>, query: &str) -> Result<Vec<String>, CqlError> {
        let statement = parse(query).unwrap().statement;
        Ok(requirements(session, &statement)?
            .into_iter()
            .map(|a| format!("{} {}", a.permission, a.resource))
            .collect())
    }

    #[test]
    fn every_statement_names_what_it_touches() {
        let cases: &[(&str, &[&str])] = &[
            ("SELECT * FROM cf WHERE KEY = 'k'", &["SELECT <table s.cf>"]),
            ("SELECT * FROM o.cf", &["SELECT <table o.cf>"]),
            (
                "INSERT INTO o.cf (KEY, a) VALUES ('k', 'v')",
                &["MODIFY <table o.cf>"],
            ),
            ("UPDATE cf SET a = 'v' WHERE KEY = 'k'", &["MODIFY <table s.cf>"]),
            ("DELETE a FROM o.cf WHERE KEY = 'k'", &["MODIFY <table o.cf>"]),
            (
                "BEGIN BATCH INSERT INTO cf (KEY, a) VALUES ('k', 'v') DELETE FROM o.cf2 WHERE KEY = 'k' APPLY BATCH",
                &[
                    "MODIFY <table s.cf>",
                    "MODIFY <table s.cf2>",
                    "MODIFY <table o.cf2>",
                ],
            ),
            ("TRUNCATE cf", &["MODIFY <table s.cf>"]),
            ("USE o", &["USE <keyspace o>"]),
            (
                "CREATE KEYSPACE n WITH strategy_class = SimpleStrategy AND strategy_options:replication_factor = 1",
                &["CREATE <keyspace n>"],
            ),
            ("DROP KEYSPACE o", &["DROP <keyspace o>"]),
            (
                "CREATE COLUMNFAMILY cf (KEY text PRIMARY KEY)",
                &["CREATE <keyspace s>"],
            ),
            ("CREATE INDEX ON cf (a)", &["ALTER <table s.cf>"]),
            ("DROP INDEX i", &["ALTER <keyspace s>"]),
            ("DROP COLUMNFAMILY cf", &["DROP <table s.cf>"]),
            ("ALTER COLUMNFAMILY cf ADD b text", &["ALTER <table s.cf>"]),
        ];
        for (query, want) in cases {
            assert_eq!(&needs(Some("s"), query).unwrap(), want, "{query}");
        }
    }

    #[test]
    fn the_connection_keyspace_is_asked_for_as_the_executor_asks() {
        let missing = "no keyspace has been specified";
        for query in [
            "SELECT * FROM cf",
            "INSERT INTO o.cf (KEY, a) VALUES ('k', 'v')",
            "DROP INDEX i",
        ] {
            assert_eq!(
                needs(None, query).unwrap_err().to_string(),
                missing,
                "{query}"
            );
        }
        assert_eq!(
            needs(None, "SELECT * FROM o.cf").unwrap(),
            ["SELECT <table o.cf>"]
        );
        assert_eq!(
            needs(None, "DROP KEYSPACE o").unwrap(),
            ["DROP <keyspace o>"]
        );
    }
}
