//! Tab completion for an interactive `supercolumn cqlsh`: statement and
//! command keywords, keyspaces, tables and columns, from the schema as the
//! server's schema tables describe it (read over a connection of the
//! completer's own, refreshed at each completion so new tables show up).
//! [`candidates`] is the pure part, unit-tested without a terminal; the
//! rustyline glue only feeds it. Completion never prints or sends a
//! statement.

use crate::shell::cqlsh::layout::{decode_rows, Layout, Val};
use crate::shell::cqlsh::lex::{lex, protect_name, Kind};
use crate::shell::input::{LineEditor, Source};
use crate::thrift::client::{connect19, Timeouts};
use crate::thrift::gen::cassandra19::{Compression, ConsistencyLevel, TCassandraSyncClient};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// The session's current keyspace, as the completer must know it. One
/// shell runs per process, so a process-wide slot is enough.
static CURRENT_KEYSPACE: Mutex<Option<String>> = Mutex::new(None);

/// Tells the completer the session's keyspace (after USE).
pub fn set_keyspace(ks: Option<&str>) {
    if let Ok(mut k) = CURRENT_KEYSPACE.lock() {
        *k = ks.map(str::to_string);
    }
}

/// What completion can offer: keyspaces, their tables, and columns.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names {
    pub keyspaces: Vec<String>,
    pub tables: BTreeMap<String, Vec<String>>,
    pub columns: BTreeMap<(String, String), Vec<String>>,
}

const STATEMENT_WORDS: [&str; 28] = [
    "ALTER",
    "APPLY",
    "ASSUME",
    "BEGIN",
    "CAPTURE",
    "CONSISTENCY",
    "COPY",
    "CREATE",
    "DELETE",
    "DESC",
    "DESCRIBE",
    "DROP",
    "EXIT",
    "EXPAND",
    "GRANT",
    "HELP",
    "INSERT",
    "LIST",
    "QUIT",
    "REVOKE",
    "SELECT",
    "SHOW",
    "SOURCE",
    "TRACING",
    "TRUNCATE",
    "UPDATE",
    "USE",
    "LIST",
];

const FOLLOW: [(&str, &[&str]); 11] = [
    (
        "describe",
        &[
            "CLUSTER",
            "COLUMNFAMILIES",
            "COLUMNFAMILY",
            "KEYSPACE",
            "KEYSPACES",
            "SCHEMA",
            "TABLE",
            "TABLES",
        ],
    ),
    (
        "desc",
        &[
            "CLUSTER",
            "COLUMNFAMILIES",
            "COLUMNFAMILY",
            "KEYSPACE",
            "KEYSPACES",
            "SCHEMA",
            "TABLE",
            "TABLES",
        ],
    ),
    (
        "consistency",
        &[
            "ALL",
            "ANY",
            "EACH_QUORUM",
            "LOCAL_ONE",
            "LOCAL_QUORUM",
            "ONE",
            "QUORUM",
            "THREE",
            "TWO",
        ],
    ),
    ("tracing", &["OFF", "ON"]),
    ("expand", &["OFF", "ON"]),
    ("capture", &["OFF"]),
    ("show", &["ASSUMPTIONS", "HOST", "VERSION"]),
    ("create", &["COLUMNFAMILY", "INDEX", "KEYSPACE", "TABLE"]),
    ("drop", &["COLUMNFAMILY", "INDEX", "KEYSPACE", "TABLE"]),
    ("alter", &["COLUMNFAMILY", "KEYSPACE", "TABLE"]),
    ("insert", &["INTO"]),
];

/// Words after which a table name comes.
const BEFORE_TABLE: [&str; 8] = [
    "from",
    "into",
    "update",
    "table",
    "columnfamily",
    "truncate",
    "copy",
    "on",
];
/// Words after which a column name comes (the table is named elsewhere).
const BEFORE_COLUMN: [&str; 7] = ["select", ",", "where", "and", "set", "by", "("];

/// The completions of the last word of `line` (text before the cursor) and
/// where that word starts.
pub fn candidates(line: &str, names: &Names, keyspace: Option<&str>) -> (usize, Vec<String>) {
    let toks: Vec<_> = lex(line)
        .into_iter()
        .filter(|t| !(t.kind == Kind::End && t.text == "\n"))
        .collect();
    // The word being completed: the trailing run of name characters, a
    // `ks.` qualifier included.
    let start = line
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphanumeric() || matches!(c, '_' | '"' | '.'))
        .last()
        .map_or(line.len(), |(i, _)| i);
    let partial = line[start..].to_string();
    let cut = toks
        .iter()
        .position(|t| t.start >= start)
        .unwrap_or(toks.len());
    let before = &toks[..cut];
    // The statement being typed starts after the last `;`.
    let stmt_start = before
        .iter()
        .rposition(|t| t.kind == Kind::End)
        .map_or(0, |i| i + 1);
    let stmt = &before[stmt_start..];
    let prev = stmt.last().map(|t| t.text.to_ascii_lowercase());
    let words: Vec<String> = match prev.as_deref() {
        None => STATEMENT_WORDS.iter().map(|w| w.to_string()).collect(),
        Some("use") | Some("keyspace") => names.keyspaces.iter().map(|k| protect_name(k)).collect(),
        Some("help") | Some("?") => crate::shell::cqlsh::help::names()
            .into_iter()
            .map(String::from)
            .collect(),
        Some(p) if BEFORE_TABLE.contains(&p) => {
            if let Some((ks, _)) = partial.split_once('.') {
                let ks = crate::shell::cqlsh::lex::unquote_name(ks);
                let tables = names.tables.get(&ks).cloned().unwrap_or_default();
                tables
                    .iter()
                    .map(|t| format!("{}.{}", protect_name(&ks), protect_name(t)))
                    .collect()
            } else {
                let mut out: Vec<String> = keyspace
                    .and_then(|k| names.tables.get(k))
                    .map(|t| t.iter().map(|n| protect_name(n)).collect())
                    .unwrap_or_default();
                out.extend(
                    names
                        .keyspaces
                        .iter()
                        .map(|k| format!("{}.", protect_name(k))),
                );
                out
            }
        }
        Some(p) if BEFORE_COLUMN.contains(&p) => {
            let table = stmt.iter().enumerate().find_map(|(i, t)| {
                let w = t.text.to_ascii_lowercase();
                if !BEFORE_TABLE.contains(&w.as_str()) || w == "on" && i == 0 {
                    return None;
                }
                crate::shell::cqlsh::lex::dotted_name(&stmt[i + 1..]).map(|(k, n, _)| (k, n))
            });
            // In `SELECT a, b FROM t` the table comes after the cursor: look ahead is
            // impossible, so offer the current keyspace's columns of every table.
            let mut out: Vec<String> = Vec::new();
            match table {
                Some((k, t)) => {
                    let k = k.or(keyspace.map(str::to_string)).unwrap_or_default();
                    out.extend(
                        names
                            .columns
                            .get(&(k, t))
                            .cloned()
                            .unwrap_or_default()
                            .iter()
                            .map(|c| protect_name(c)),
                    );
                }
                None => {
                    if let Some(k) = keyspace {
                        for ((ks, _), cols) in &names.columns {
                            if ks == k {
                                out.extend(cols.iter().map(|c| protect_name(c)));
                            }
                        }
                    }
                }
            }
            if prev.as_deref() == Some("select") {
                out.push("*".to_string());
                out.push("COUNT".to_string());
            }
            out.sort();
            out.dedup();
            out
        }
        Some(p) => FOLLOW
            .iter()
            .find(|(w, _)| *w == p)
            .map(|(_, f)| f.iter().map(|w| w.to_string()).collect())
            .unwrap_or_else(|| {
                [
                    "AND", "FROM", "LIMIT", "SET", "USING", "VALUES", "WHERE", "WITH",
                ]
                .map(String::from)
                .to_vec()
            }),
    };
    // A quoted name matches what is typed with or without its opening quote.
    let lower = partial.trim_start_matches('"').to_ascii_lowercase();
    let keyword_case = |w: &str| {
        let is_keyword = w.chars().all(|c| c.is_ascii_uppercase() || c == '_');
        if is_keyword && !partial.is_empty() && partial.chars().all(|c| !c.is_ascii_uppercase()) {
            w.to_ascii_lowercase()
        } else {
            w.to_string()
        }
    };
    let mut out: Vec<String> = words
        .iter()
        .filter(|w| {
            w.trim_start_matches('"')
                .to_ascii_lowercase()
                .starts_with(&lower)
        })
        .map(|w| keyword_case(w))
        .collect();
    out.dedup();
    (start, out)
}

/// Reads keyspaces, tables and columns from a server.
fn fetch_names(host: &str, port: u16) -> Option<Names> {
    let mut client = connect19(host, port, Timeouts::INTERACTIVE).ok()?;
    client
        .set_cql_version(crate::shell::cqlsh::CQL_VERSION.to_string())
        .ok()?;
    let mut q = |text: &str| {
        client
            .execute_cql3_query(
                text.as_bytes().to_vec(),
                Compression::NONE,
                ConsistencyLevel::ONE,
            )
            .ok()
            .map(|r| decode_rows(&r))
    };
    let keyspaces = q("select keyspace_name from system.schema_keyspaces")?;
    let cfs = q("select * from system.schema_columnfamilies")?;
    let cols = q("select * from system.schema_columns")?;
    let text = |r: &BTreeMap<String, Val>, k: &str| match r.get(k) {
        Some(Val::Text(s)) => s.clone(),
        _ => String::new(),
    };
    let mut names = Names {
        keyspaces: keyspaces.iter().map(|r| text(r, "keyspace_name")).collect(),
        ..Names::default()
    };
    for cf in cfs {
        let (ks, name) = (text(&cf, "keyspace_name"), text(&cf, "columnfamily_name"));
        let mine: Vec<_> = cols
            .iter()
            .filter(|c| text(c, "keyspace_name") == ks && text(c, "columnfamily_name") == name)
            .cloned()
            .collect();
        // 2.0's schema names every column with its `type`.
        let layout = if mine.iter().any(|c| c.contains_key("type")) {
            crate::shell::cqlsh::layout20::from_rows(cf, &mine)
        } else {
            Layout::from_rows(cf, &mine)
        };
        names
            .tables
            .entry(ks.clone())
            .or_default()
            .push(name.clone());
        names.columns.insert(
            (ks, name),
            layout.columns.iter().map(|c| c.name.clone()).collect(),
        );
    }
    Some(names)
}

/// The rustyline helper: completion only (no hints, highlighting or validation).
struct Helper {
    host: String,
    port: u16,
}

impl rustyline::completion::Completer for Helper {
    type Candidate = String;
    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let names = fetch_names(&self.host, self.port).unwrap_or_default();
        let ks = CURRENT_KEYSPACE.lock().ok().and_then(|k| k.clone());
        Ok(candidates(&line[..pos], &names, ks.as_deref()))
    }
}

impl rustyline::hint::Hinter for Helper {
    type Hint = String;
}
impl rustyline::highlight::Highlighter for Helper {}
impl rustyline::validate::Validator for Helper {}
impl rustyline::Helper for Helper {}

/// Stdin for cqlsh: on a terminal, an editor completing from `host:port`.
pub fn stdin_source(host: &str, port: u16) -> Source {
    let (host, port) = (host.to_string(), port);
    Source::stdin_with(".supercolumn_cqlsh_history", move || {
        let mut editor =
            rustyline::Editor::<Helper, rustyline::history::FileHistory>::new().ok()?;
        editor.set_helper(Some(Helper { host, port }));
        Some(Box::new(editor) as Box<dyn LineEditor>)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Names {
        let mut n = Names {
            keyspaces: vec!["BloggyAppy".into(), "blog".into(), "system".into()],
            ..Names::default()
        };
        n.tables
            .insert("blog".into(), vec!["authors".into(), "posts".into()]);
        n.columns.insert(
            ("blog".into(), "authors".into()),
            vec!["name".into(), "born".into(), "email".into()],
        );
        n.columns.insert(
            ("blog".into(), "posts".into()),
            vec!["author".into(), "posted".into(), "title".into()],
        );
        n
    }

    fn c(line: &str, ks: Option<&str>) -> Vec<String> {
        candidates(line, &names(), ks).1
    }

    #[test]
    fn keywords_at_the_start() {
        assert_eq!(c("SEL", None), vec!["SELECT"]);
        assert_eq!(c("des", None), vec!["desc", "describe"]);
        assert!(c("", None).contains(&"COPY".to_string()));
        assert_eq!(c("SELECT 1 FROM t; TRUN", None), vec!["TRUNCATE"]);
        assert_eq!(c("DESCRIBE KEYS", None), vec!["KEYSPACE", "KEYSPACES"]);
        assert_eq!(c("CONSISTENCY Q", None), vec!["QUORUM"]);
    }

    #[test]
    fn keyspaces_tables_and_columns() {
        assert_eq!(c("USE ", None), vec!["\"BloggyAppy\"", "blog", "system"]);
        assert_eq!(c("USE b", None), vec!["\"BloggyAppy\"", "blog"]);
        assert_eq!(c("SELECT * FROM a", Some("blog")), vec!["authors"]);
        assert_eq!(c("SELECT * FROM blog.p", None), vec!["blog.posts"]);
        assert_eq!(
            c("SELECT * FROM authors WHERE n", Some("blog")),
            vec!["name"]
        );
        assert_eq!(c("UPDATE posts SET t", Some("blog")), vec!["title"]);
        assert_eq!(c("SELECT na", Some("blog")), vec!["name"]);
        let (start, _) = candidates("SELECT * FROM a", &names(), Some("blog"));
        assert_eq!(start, 14);
    }
}
