//! Server-side DESCRIBE, as Cassandra 4.0 answers it on the native protocol
//! (cqlsh 6 sends every `DESCRIBE`/`DESC` form to the server and prints the
//! rows): `KEYSPACES`, `TABLES`, `TYPES`, `FUNCTIONS`, `AGGREGATES` list
//! names as rows of (keyspace_name, type, name); `[ONLY] KEYSPACE [k]`,
//! `TABLE`/`COLUMNFAMILY t`, `INDEX i`, `[FULL] SCHEMA` and a bare name
//! answer (keyspace_name, type, name, create_statement) rows; `CLUSTER`
//! answers (cluster, partitioner, snitch). `WITH INTERNALS` is accepted.
//!
//! Only for a session whose node claims 4.0 or later: to a 1.2-2.x claim
//! (Thrift, native v1-v3) DESCRIBE is not CQL and stays a syntax error.
//!
//! Owns parsing these forms and choosing what they describe; the CREATE
//! text is `describe_create`'s. It must not change anything.

use super::describe_create as create;
use super::session::CqlSession;
use super::system;
use super::system::schema::{tables_of, SCHEMA_KEYSPACE, VIRTUAL_SCHEMA_KEYSPACE};
use super::system::schema_rows::{indexes, layouts, local_replication};
use super::LocalFacts;
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::{ResultColumn, ResultSet};
use crate::schema::legacy3x::Layout3;
use crate::schema::{CfDef, Schema};
use std::sync::Arc;

/// What a DESCRIBE statement asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Describe {
    Keyspaces,
    Tables,
    /// TYPES, FUNCTIONS, AGGREGATES: none exist here.
    EmptyList,
    Keyspace {
        name: Option<String>,
        only: bool,
    },
    Table(Name),
    Index(Name),
    /// TYPE, FUNCTION, AGGREGATE, MATERIALIZED VIEW: the kind and name.
    Missing(&'static str, Name),
    Schema {
        full: bool,
    },
    Cluster,
    /// A bare name: a keyspace, else a table, else an index.
    Any(Name),
}

/// A possibly keyspace-qualified name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    pub keyspace: Option<String>,
    pub name: String,
}

/// Words and names of the statement; quoted names keep their case.
fn tokens(text: &str) -> CqlResult<Vec<(String, bool)>> {
    let mut out = Vec::new();
    let mut chars = text.trim().trim_end_matches(';').chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '.' {
            chars.next();
            out.push((".".to_string(), false));
        } else if c == '"' {
            chars.next();
            let mut s = String::new();
            loop {
                match chars.next() {
                    Some('"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        s.push('"');
                    }
                    Some('"') => break,
                    Some(c) => s.push(c),
                    None => return Err(syntax("unterminated quoted identifier")),
                }
            }
            out.push((s, true));
        } else if c.is_alphanumeric() || c == '_' {
            let mut s = String::new();
            while let Some(&c) = chars.peek() {
                if !(c.is_alphanumeric() || c == '_') {
                    break;
                }
                s.push(c);
                chars.next();
            }
            out.push((s, false));
        } else {
            return Err(syntax(&format!("character '{c}' not expected")));
        }
    }
    Ok(out)
}

fn syntax(message: &str) -> CqlError {
    CqlError::Syntax {
        line: 1,
        column: 0,
        message: message.to_string(),
    }
}

/// Parses `text` if it is a DESCRIBE statement (`None` otherwise).
pub fn parse(text: &str) -> CqlResult<Option<Describe>> {
    let first = text
        .trim_start()
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("");
    if !first.eq_ignore_ascii_case("describe") && !first.eq_ignore_ascii_case("desc") {
        return Ok(None);
    }
    let mut t = tokens(text)?;
    // `WITH INTERNALS` changes nothing here (no dropped columns, ids are derived).
    if t.len() >= 2 {
        let n = t.len();
        if !t[n - 2].1
            && !t[n - 1].1
            && t[n - 2].0.eq_ignore_ascii_case("with")
            && t[n - 1].0.eq_ignore_ascii_case("internals")
        {
            t.truncate(n - 2);
        }
    }
    let word = |i: usize| -> String {
        t.get(i)
            .filter(|(_, quoted)| !quoted)
            .map(|(w, _)| w.to_ascii_lowercase())
            .unwrap_or_default()
    };
    // A name from token `i` on: `name` or `ks.name`; unquoted is lower-cased.
    let name_at = |i: usize| -> CqlResult<Name> {
        let part = |j: usize| -> CqlResult<String> {
            match t.get(j) {
                Some((w, true)) => Ok(w.clone()),
                Some((w, false)) if w != "." => Ok(w.to_ascii_lowercase()),
                _ => Err(syntax("no viable alternative: a name was expected")),
            }
        };
        let first = part(i)?;
        let (name, end) = if t.get(i + 1).is_some_and(|(w, q)| !q && w == ".") {
            (
                Name {
                    keyspace: Some(first),
                    name: part(i + 2)?,
                },
                i + 3,
            )
        } else {
            (
                Name {
                    keyspace: None,
                    name: first,
                },
                i + 1,
            )
        };
        if end != t.len() {
            return Err(syntax(&format!("extraneous input '{}'", t[end].0)));
        }
        Ok(name)
    };
    let only = |d: Describe, n: usize| -> CqlResult<Option<Describe>> {
        if t.len() != n {
            return Err(syntax(&format!("extraneous input '{}'", t[n].0)));
        }
        Ok(Some(d))
    };
    match word(1).as_str() {
        "keyspaces" => only(Describe::Keyspaces, 2),
        "tables" | "columnfamilies" => only(Describe::Tables, 2),
        "types" | "functions" | "aggregates" => only(Describe::EmptyList, 2),
        "cluster" => only(Describe::Cluster, 2),
        "schema" => only(Describe::Schema { full: false }, 2),
        "full" if word(2) == "schema" => only(Describe::Schema { full: true }, 3),
        "only" if word(2) == "keyspace" => keyspace_form(&t, 3, true, &name_at),
        "keyspace" => keyspace_form(&t, 2, false, &name_at),
        "table" | "columnfamily" => Ok(Some(Describe::Table(name_at(2)?))),
        "index" => Ok(Some(Describe::Index(name_at(2)?))),
        "type" => Ok(Some(Describe::Missing("type", name_at(2)?))),
        "function" => Ok(Some(Describe::Missing("function", name_at(2)?))),
        "aggregate" => Ok(Some(Describe::Missing("aggregate", name_at(2)?))),
        "materialized" if word(2) == "view" => {
            Ok(Some(Describe::Missing("materialized view", name_at(3)?)))
        }
        _ if t.len() > 1 => Ok(Some(Describe::Any(name_at(1)?))),
        _ => Err(syntax("no viable alternative at input '<EOF>'")),
    }
}

fn keyspace_form(
    t: &[(String, bool)],
    at: usize,
    only: bool,
    name_at: &dyn Fn(usize) -> CqlResult<Name>,
) -> CqlResult<Option<Describe>> {
    if t.len() == at {
        return Ok(Some(Describe::Keyspace { name: None, only }));
    }
    let n = name_at(at)?;
    if n.keyspace.is_some() {
        return Err(syntax(
            "no viable alternative: a keyspace name was expected",
        ));
    }
    Ok(Some(Describe::Keyspace {
        name: Some(n.name),
        only,
    }))
}

/// Whether `local` claims a release that answers DESCRIBE (4.0+).
pub fn answers_describe(local: &LocalFacts) -> bool {
    local.claims_at_least((4, 0, 0))
}

/// Runs `text` if it is a DESCRIBE statement and the session's node
/// answers DESCRIBE; `None` leaves the statement to the CQL parser.
pub fn run(schema: &Schema, session: &CqlSession, text: &str) -> CqlResult<Option<ResultSet>> {
    if !answers_describe(session.local_facts()) {
        return Ok(None);
    }
    let Some(d) = parse(text)? else {
        return Ok(None);
    };
    describe(schema, session, &d).map(Some)
}

/// One element: (keyspace, type, name, CREATE statement).
type Element = (String, &'static str, String, String);

const TEXT: &str = "org.apache.cassandra.db.marshal.UTF8Type";

fn result(names: &[&str], rows: Vec<Vec<String>>) -> ResultSet {
    ResultSet {
        columns: names
            .iter()
            .map(|n| ResultColumn {
                name: n.to_string(),
                type_class: TEXT.to_string(),
            })
            .collect(),
        rows: rows
            .into_iter()
            .map(|r| r.into_iter().map(|v| Some(v.into_bytes())).collect())
            .collect(),
    }
}

fn list(items: Vec<(String, &'static str, String)>) -> ResultSet {
    result(
        &["keyspace_name", "type", "name"],
        items
            .into_iter()
            .map(|(k, t, n)| vec![k, t.to_string(), n])
            .collect(),
    )
}

fn elements(items: Vec<Element>) -> ResultSet {
    result(
        &["keyspace_name", "type", "name", "create_statement"],
        items
            .into_iter()
            .map(|(k, t, n, c)| vec![k, t.to_string(), n, c])
            .collect(),
    )
}

/// Every keyspace DESCRIBE knows, by name: the schema's, `system_schema`,
/// the served `system_traces` and the virtual `system_virtual_schema`.
fn keyspace_names(schema: &Schema) -> Vec<String> {
    let mut names: Vec<String> = schema.keyspaces.keys().cloned().collect();
    for k in [
        SCHEMA_KEYSPACE,
        system::traces::KEYSPACE,
        VIRTUAL_SCHEMA_KEYSPACE,
    ] {
        if !names.iter().any(|n| n == k) {
            names.push(k.to_string());
        }
    }
    names.sort();
    names
}

fn is_system(name: &str) -> bool {
    name == crate::schema::SYSTEM_KEYSPACE
        || name == SCHEMA_KEYSPACE
        || name == system::traces::KEYSPACE
        || name == VIRTUAL_SCHEMA_KEYSPACE
}

fn not_in_keyspaces(name: &str) -> CqlError {
    CqlError::Invalid(format!("'{name}' not found in keyspaces"))
}

fn not_in_keyspace(name: &str, keyspace: &str) -> CqlError {
    CqlError::Invalid(format!("'{name}' not found in keyspace '{keyspace}'"))
}

fn keyspace_of(session: &CqlSession, n: &Name) -> CqlResult<String> {
    n.keyspace
        .clone()
        .or_else(|| session.keyspace().map(str::to_string))
        .ok_or_else(|| CqlError::Invalid("No keyspace specified and no current keyspace".into()))
}

/// The tables of a keyspace as DESCRIBE sees them.
fn tables(schema: &Schema, keyspace: &str) -> Vec<(Layout3, Option<Arc<CfDef>>)> {
    if keyspace == VIRTUAL_SCHEMA_KEYSPACE {
        return tables_of(keyspace)
            .iter()
            .map(|t| (crate::cql::exec::schema3x::layout_of_table(t), None))
            .collect();
    }
    layouts(schema, keyspace)
}

/// The keyspace's CREATE KEYSPACE (a comment for the virtual one).
fn keyspace_element(schema: &Schema, name: &str) -> Element {
    let text = match schema.keyspace(name) {
        Some(ks) => create::keyspace_of(ks),
        None if name == VIRTUAL_SCHEMA_KEYSPACE => format!(
            "/*\nWarning: Keyspace {name} is a virtual keyspace and cannot be recreated with CQL.\n\
             Structure, for reference:\nVIRTUAL KEYSPACE {name};\n*/"
        ),
        None if name == system::traces::KEYSPACE => create::keyspace_of(
            &system::traces::keyspace_def(&LocalFacts::claiming("4.0.0")),
        ),
        None => create::keyspace(name, &local_replication(), true),
    };
    (name.to_string(), "keyspace", name.to_string(), text)
}

/// A table's CREATE TABLE, then its indexes'.
fn table_elements(l: &Layout3, cf: Option<&CfDef>) -> Vec<Element> {
    let text = if l.keyspace == VIRTUAL_SCHEMA_KEYSPACE {
        format!(
            "/*\nWarning: Table {}.{} is a virtual table and cannot be recreated with CQL.\n*/",
            l.keyspace, l.name
        )
    } else {
        create::table(l, cf)
    };
    let mut out = vec![(l.keyspace.clone(), "table", l.name.clone(), text)];
    if let Some(cf) = cf {
        for (name, kind, options) in indexes(cf, l) {
            let text = create::index(l, &name, kind, &options);
            out.push((l.keyspace.clone(), "index", name, text));
        }
    }
    out
}

fn keyspace_elements(schema: &Schema, name: &str, only: bool) -> Vec<Element> {
    let mut out = vec![keyspace_element(schema, name)];
    if !only {
        for (l, cf) in tables(schema, name) {
            out.extend(table_elements(&l, cf.as_deref()));
        }
    }
    out
}

fn exists(schema: &Schema, keyspace: &str) -> bool {
    keyspace_names(schema).iter().any(|k| k == keyspace)
}

fn find_table(schema: &Schema, keyspace: &str, name: &str) -> Option<Vec<Element>> {
    tables(schema, keyspace)
        .iter()
        .find(|(l, _)| l.name == name)
        .map(|(l, cf)| table_elements(l, cf.as_deref()))
}

fn find_index(schema: &Schema, keyspace: &str, name: &str) -> Option<Vec<Element>> {
    tables(schema, keyspace).iter().find_map(|(l, cf)| {
        table_elements(l, cf.as_deref())
            .into_iter()
            .find(|e| e.1 == "index" && e.2 == name)
            .map(|e| vec![e])
    })
}

/// Answers one DESCRIBE.
pub fn describe(schema: &Schema, session: &CqlSession, d: &Describe) -> CqlResult<ResultSet> {
    Ok(match d {
        Describe::Keyspaces => list(
            keyspace_names(schema)
                .into_iter()
                .map(|k| (k.clone(), "keyspace", k))
                .collect(),
        ),
        Describe::Tables => {
            let keyspaces = match session.keyspace() {
                Some(k) => vec![k.to_string()],
                None => keyspace_names(schema),
            };
            let mut items = Vec::new();
            for k in keyspaces {
                for (l, _) in tables(schema, &k) {
                    items.push((k.clone(), "table", l.name));
                }
            }
            list(items)
        }
        Describe::EmptyList => list(Vec::new()),
        Describe::Keyspace { name, only } => {
            let name = match name {
                Some(n) => n.clone(),
                None => session.keyspace().map(str::to_string).ok_or_else(|| {
                    CqlError::Invalid("No keyspace specified and no current keyspace".into())
                })?,
            };
            if !exists(schema, &name) {
                return Err(not_in_keyspaces(&name));
            }
            elements(keyspace_elements(schema, &name, *only))
        }
        Describe::Table(n) => {
            let ks = keyspace_of(session, n)?;
            if !exists(schema, &ks) {
                return Err(not_in_keyspaces(&ks));
            }
            elements(find_table(schema, &ks, &n.name).ok_or_else(|| not_in_keyspace(&n.name, &ks))?)
        }
        Describe::Index(n) => {
            let ks = keyspace_of(session, n)?;
            if !exists(schema, &ks) {
                return Err(not_in_keyspaces(&ks));
            }
            elements(find_index(schema, &ks, &n.name).ok_or_else(|| not_in_keyspace(&n.name, &ks))?)
        }
        Describe::Missing(_, n) => {
            let ks = keyspace_of(session, n)?;
            if !exists(schema, &ks) {
                return Err(not_in_keyspaces(&ks));
            }
            return Err(not_in_keyspace(&n.name, &ks));
        }
        Describe::Schema { full } => {
            let mut out = Vec::new();
            for k in keyspace_names(schema) {
                if *full || !is_system(&k) {
                    out.extend(keyspace_elements(schema, &k, false));
                }
            }
            elements(out)
        }
        Describe::Cluster => result(
            &["cluster", "partitioner", "snitch"],
            vec![vec![
                schema.cluster_name.clone(),
                schema.partitioner.class_name().to_string(),
                "org.apache.cassandra.locator.SimpleSnitch".to_string(),
            ]],
        ),
        Describe::Any(n) => {
            if n.keyspace.is_none() && exists(schema, &n.name) {
                return describe(
                    schema,
                    session,
                    &Describe::Keyspace {
                        name: Some(n.name.clone()),
                        only: false,
                    },
                );
            }
            let Ok(ks) = keyspace_of(session, n) else {
                return Err(not_in_keyspaces(&n.name));
            };
            if !exists(schema, &ks) {
                return Err(not_in_keyspaces(&ks));
            }
            let found =
                find_table(schema, &ks, &n.name).or_else(|| find_index(schema, &ks, &n.name));
            elements(found.ok_or_else(|| not_in_keyspace(&n.name, &ks))?)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(keyspace: Option<&str>, n: &str) -> Name {
        Name {
            keyspace: keyspace.map(str::to_string),
            name: n.to_string(),
        }
    }

    #[test]
    fn the_forms_cqlsh_sends_parse() {
        let p = |s: &str| parse(s).unwrap().unwrap();
        assert_eq!(p("DESCRIBE KEYSPACES"), Describe::Keyspaces);
        assert_eq!(p("desc tables;"), Describe::Tables);
        assert_eq!(p("DESC COLUMNFAMILIES"), Describe::Tables);
        assert_eq!(p("DESCRIBE FULL SCHEMA"), Describe::Schema { full: true });
        assert_eq!(
            p("DESCRIBE ONLY KEYSPACE \"Keyspace1\""),
            Describe::Keyspace {
                name: Some("Keyspace1".into()),
                only: true
            }
        );
        assert_eq!(
            p("DESCRIBE KEYSPACE"),
            Describe::Keyspace {
                name: None,
                only: false
            }
        );
        assert_eq!(
            p("DESCRIBE TABLE \"Keyspace1\".\"Standard1\" WITH INTERNALS"),
            Describe::Table(name(Some("Keyspace1"), "Standard1"))
        );
        assert_eq!(
            p("DESC COLUMNFAMILY Py.Wide"),
            Describe::Table(name(Some("py"), "wide"))
        );
        assert_eq!(
            p("DESCRIBE MATERIALIZED VIEW v"),
            Describe::Missing("materialized view", name(None, "v"))
        );
        assert_eq!(p("DESCRIBE wide"), Describe::Any(name(None, "wide")));
        assert_eq!(p("DESCRIBE CLUSTER"), Describe::Cluster);
        assert!(parse("SELECT * FROM t").unwrap().is_none());
        assert!(parse("DESCRIBE").is_err());
        assert!(parse("DESCRIBE;").is_err());
        assert!(parse("descriptions").unwrap().is_none());
        assert!(parse("DESCRIBE TABLE a.b c").is_err());
        assert!(parse("DESCRIBE KEYSPACES x").is_err());
        assert!(parse("DESCRIBE TABLE \"x").is_err());
    }

    #[test]
    fn only_a_4_0_claim_answers() {
        let mut local = LocalFacts::default();
        assert!(!answers_describe(&local));
        local.release_version = "2.2.19".into();
        assert!(!answers_describe(&local));
        local.release_version = "4.0.0".into();
        assert!(answers_describe(&local));
    }
}
