//! The one line `supercolumn cqlsh` adds to cqlsh 1.2.9's output: after a
//! server error caused by an unquoted name that exists with other case
//! (`USE BloggyAppy;`, `SELECT * FROM Authors;`, a column `Value`), a
//! `Hint: …` line saying how to quote it. Looks names up; never retries.

use crate::shell::cqlsh::lex::{dotted_name, protect_name, Kind};
use crate::shell::cqlsh::Cqlsh;
use crate::thrift::client_error::{CallError, Classify};
use crate::thrift::gen::cassandra19::TCassandraSyncClient;

impl Cqlsh<'_> {
    /// After an error, a hint when an unquoted name exists with other case:
    /// a keyspace (`USE BloggyAppy`), a table or a column.
    pub(crate) fn hint_for(&mut self, statement: &str, e: &CallError) {
        let CallError::Invalid(why) = e else { return };
        let Some((what, name)) = missing_name(why) else {
            return;
        };
        if name != name.to_ascii_lowercase() {
            return;
        }
        let target = statement_table(statement);
        let candidates: Vec<String> = match what {
            "keyspace" => match self.client.describe_keyspaces().classified() {
                Ok(k) => k.into_iter().map(|k| k.name).collect(),
                Err(_) => return,
            },
            "table" => {
                let ks = target
                    .as_ref()
                    .and_then(|(k, _)| k.clone())
                    .or_else(|| self.state.keyspace.clone());
                match ks.map(|k| self.table_names(&k)) {
                    Some(Ok(t)) => t,
                    _ => return,
                }
            }
            _ => match target.map(|(k, t)| self.layout(k.as_deref(), &t)) {
                Some(Ok(l)) => l.columns.into_iter().map(|c| c.name).collect(),
                _ => return,
            },
        };
        if let Some(real) = candidates
            .iter()
            .find(|c| c.to_ascii_lowercase() == name && **c != name)
        {
            let quoted = protect_name(real);
            let line = format!(
                "Hint: names not in double quotes are read in lower case; {what} {quoted} exists: write it as {quoted}.\n"
            );
            let _ = self.err.write_all(line.as_bytes());
            let _ = self.err.flush();
        }
    }
}

/// What a server error says is missing: ("keyspace" | "table" | "column", name).
fn missing_name(why: &str) -> Option<(&'static str, String)> {
    if let Some(rest) = why.strip_prefix("Keyspace '") {
        return rest
            .strip_suffix("' does not exist")
            .map(|n| ("keyspace", n.to_string()));
    }
    if let Some(n) = why.strip_prefix("unconfigured columnfamily ") {
        return Some(("table", n.to_string()));
    }
    if let Some(rest) = why.strip_prefix("Undefined name ") {
        return rest.split(' ').next().map(|n| ("column", n.to_string()));
    }
    why.strip_prefix("Unknown identifier ")
        .map(|n| ("column", n.trim().to_string()))
}

/// The table a statement reads or writes (after FROM, INTO or UPDATE).
fn statement_table(statement: &str) -> Option<(Option<String>, String)> {
    let toks = crate::shell::cqlsh::lex::lex(statement);
    let at = toks
        .iter()
        .position(|t| t.is_word("from") || t.is_word("into") || t.is_word("update"))?;
    dotted_name(&toks[at + 1..]).map(|(ks, t, _)| {
        // An unquoted table name folds to lower case, as the server reads it.
        let quoted = toks[at + 1..].iter().any(|t| t.kind == Kind::Name);
        (ks, if quoted { t } else { t.to_ascii_lowercase() })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_names_from_server_errors() {
        assert_eq!(
            missing_name("Keyspace 'bloggyappy' does not exist"),
            Some(("keyspace", "bloggyappy".to_string()))
        );
        assert_eq!(
            missing_name("unconfigured columnfamily camelposts"),
            Some(("table", "camelposts".to_string()))
        );
        assert_eq!(
            missing_name("Undefined name value in selection clause"),
            Some(("column", "value".to_string()))
        );
        assert_eq!(missing_name("line 1:0 no viable alternative"), None);
        assert_eq!(
            statement_table("SELECT Value FROM \"CamelPosts\""),
            Some((None, "CamelPosts".to_string()))
        );
        assert_eq!(
            statement_table("insert into Blog.T (k) values (1)"),
            Some((Some("Blog".to_string()), "t".to_string()))
        );
    }
}
