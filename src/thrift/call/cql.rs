//! The kind of a CQL (2 or 3) statement and the keyspace and table it
//! names, for the request reader ([`crate::thrift::call::request`]), from a
//! light scan of its words.
//!
//! Not a parser: the statement is run by `cql`/`cql2`, which report its
//! errors; this only looks at the keywords that lead to a name. String
//! literals and numbers are skipped unread, and passwords (`CREATE USER ...
//! WITH PASSWORD '...'`) are string literals, so nothing a statement carries
//! as a value can reach the log.

/// What the log says about one statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// `SELECT`, `INSERT`, `CREATE TABLE`, ... (upper case).
    pub kind: String,
    pub keyspace: Option<String>,
    pub table: Option<String>,
}

impl Statement {
    pub fn kind_only(kind: &str) -> Statement {
        Statement {
            kind: kind.to_string(),
            keyspace: None,
            table: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    /// A bare word (keyword or name), as written.
    Word(String),
    /// A double-quoted name, unquoted.
    Quoted(String),
    /// A string literal or anything else: never looked into.
    Other(char),
}

/// The words of `q`, lazily; literals and comments are skipped.
struct Words<'a> {
    rest: std::iter::Peekable<std::str::CharIndices<'a>>,
    text: &'a str,
}

impl<'a> Words<'a> {
    fn new(text: &'a str) -> Self {
        Words {
            rest: text.char_indices().peekable(),
            text,
        }
    }

    fn skip_until(&mut self, end: &str) {
        while let Some((i, _)) = self.rest.next() {
            if self.text[i..].starts_with(end) {
                for _ in 1..end.len() {
                    self.rest.next();
                }
                return;
            }
        }
    }
}

impl Iterator for Words<'_> {
    type Item = Tok;

    fn next(&mut self) -> Option<Tok> {
        loop {
            let (i, c) = self.rest.next()?;
            let after = &self.text[i..];
            match c {
                c if c.is_whitespace() => {}
                '-' if after.starts_with("--") => self.skip_until("\n"),
                '/' if after.starts_with("//") => self.skip_until("\n"),
                '/' if after.starts_with("/*") => {
                    self.rest.next();
                    self.skip_until("*/");
                }
                '\'' | '"' => {
                    // A doubled quote inside is an escaped quote.
                    let mut inner = String::new();
                    loop {
                        match self.rest.next() {
                            None => break,
                            Some((_, q)) if q == c => {
                                if matches!(self.rest.peek(), Some((_, n)) if *n == c) {
                                    self.rest.next();
                                    inner.push(c);
                                } else {
                                    break;
                                }
                            }
                            Some((_, ch)) => {
                                if c == '"' {
                                    inner.push(ch);
                                }
                            }
                        }
                    }
                    return Some(if c == '"' {
                        Tok::Quoted(inner)
                    } else {
                        Tok::Other('\'')
                    });
                }
                c if c.is_alphanumeric() || c == '_' => {
                    let mut end = i + c.len_utf8();
                    while let Some((j, n)) = self.rest.peek().copied() {
                        if n.is_alphanumeric() || n == '_' {
                            end = j + n.len_utf8();
                            self.rest.next();
                        } else {
                            break;
                        }
                    }
                    return Some(Tok::Word(self.text[i..end].to_string()));
                }
                other => return Some(Tok::Other(other)),
            }
        }
    }
}

fn is(tok: Option<&Tok>, word: &str) -> bool {
    matches!(tok, Some(Tok::Word(w)) if w.eq_ignore_ascii_case(word))
}

/// A name at the head of `toks`: `name` or `keyspace.name`, bare or quoted.
/// Bare names that start with a digit are numbers, not names.
fn qualified(toks: &mut std::iter::Peekable<Words<'_>>) -> (Option<String>, Option<String>) {
    let one = |t: Option<Tok>| match t {
        Some(Tok::Word(w)) if !w.starts_with(|c: char| c.is_ascii_digit()) => Some(w),
        Some(Tok::Quoted(q)) => Some(q),
        _ => None,
    };
    let Some(first) = one(toks.next()) else {
        return (None, None);
    };
    if toks.peek() == Some(&Tok::Other('.')) {
        toks.next();
        return (Some(first), one(toks.next()));
    }
    (None, Some(first))
}

/// Skips `IF [NOT] EXISTS`.
fn skip_if_exists(toks: &mut std::iter::Peekable<Words<'_>>) {
    if is(toks.peek(), "IF") {
        toks.next();
        if is(toks.peek(), "NOT") {
            toks.next();
        }
        if is(toks.peek(), "EXISTS") {
            toks.next();
        }
    }
}

/// Skips to just after the first bare `word`; false if there is none.
fn skip_past(toks: &mut std::iter::Peekable<Words<'_>>, word: &str) -> bool {
    toks.by_ref().any(|t| is(Some(&t), word))
}

/// The kind of `query` and the keyspace and table it names.
pub fn statement(query: &str) -> Statement {
    let mut toks = Words::new(query).peekable();
    let Some(Tok::Word(first)) = toks.next() else {
        return Statement::kind_only("(unknown)");
    };
    if first.len() > 24 {
        return Statement::kind_only("(unknown)");
    }
    let first = first.to_ascii_uppercase();
    let mut s = Statement::kind_only(&first);
    let (ks, table) = match first.as_str() {
        "SELECT" | "DELETE" if skip_past(&mut toks, "FROM") => qualified(&mut toks),
        "INSERT" if skip_past(&mut toks, "INTO") => qualified(&mut toks),
        "UPDATE" => qualified(&mut toks),
        "TRUNCATE" => {
            if is(toks.peek(), "TABLE") || is(toks.peek(), "COLUMNFAMILY") {
                toks.next();
            }
            qualified(&mut toks)
        }
        "USE" => match qualified(&mut toks) {
            (None, ks) => (ks, None),
            _ => (None, None),
        },
        "BEGIN" => {
            s.kind = "BATCH".into();
            (None, None)
        }
        "CREATE" | "DROP" | "ALTER" => {
            let Some(Tok::Word(what)) = toks.next() else {
                return s;
            };
            let what = what.to_ascii_uppercase();
            s.kind = format!("{first} {what}");
            match what.as_str() {
                "KEYSPACE" | "SCHEMA" => {
                    skip_if_exists(&mut toks);
                    match qualified(&mut toks) {
                        (None, ks) => (ks, None),
                        _ => (None, None),
                    }
                }
                "TABLE" | "COLUMNFAMILY" => {
                    skip_if_exists(&mut toks);
                    qualified(&mut toks)
                }
                "INDEX" if first == "CREATE" => {
                    if skip_past(&mut toks, "ON") {
                        qualified(&mut toks)
                    } else {
                        (None, None)
                    }
                }
                _ => (None, None),
            }
        }
        _ => (None, None),
    };
    s.keyspace = ks;
    s.table = table;
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(q: &str) -> (String, Option<String>, Option<String>) {
        let s = statement(q);
        (s.kind, s.keyspace, s.table)
    }

    fn n(
        kind: &str,
        ks: Option<&str>,
        table: Option<&str>,
    ) -> (String, Option<String>, Option<String>) {
        (
            kind.to_string(),
            ks.map(str::to_string),
            table.map(str::to_string),
        )
    }

    #[test]
    fn kinds_and_names() {
        assert_eq!(
            names("SELECT a, b FROM users WHERE k = 'x'"),
            n("SELECT", None, Some("users"))
        );
        assert_eq!(
            names("select * from ks1.\"Mixed\" limit 3"),
            n("SELECT", Some("ks1"), Some("Mixed"))
        );
        assert_eq!(
            names("INSERT INTO ks.t (k, v) VALUES ('from', 2)"),
            n("INSERT", Some("ks"), Some("t"))
        );
        assert_eq!(
            names("UPDATE t SET v = 1 WHERE k = 2"),
            n("UPDATE", None, Some("t"))
        );
        assert_eq!(
            names("DELETE v FROM t WHERE k = 1"),
            n("DELETE", None, Some("t"))
        );
        assert_eq!(names("use \"Ks\";"), n("USE", Some("Ks"), None));
        assert_eq!(names("USE ks2"), n("USE", Some("ks2"), None));
        assert_eq!(names("TRUNCATE ks.t"), n("TRUNCATE", Some("ks"), Some("t")));
        assert_eq!(
            names("CREATE KEYSPACE IF NOT EXISTS k3 WITH replication = {}"),
            n("CREATE KEYSPACE", Some("k3"), None)
        );
        assert_eq!(
            names("create columnfamily Users (KEY varchar PRIMARY KEY)"),
            n("CREATE COLUMNFAMILY", None, Some("Users"))
        );
        assert_eq!(
            names("CREATE INDEX byname ON ks.users (name)"),
            n("CREATE INDEX", Some("ks"), Some("users"))
        );
        assert_eq!(
            names("DROP TABLE IF EXISTS t"),
            n("DROP TABLE", None, Some("t"))
        );
        assert_eq!(
            names("BEGIN BATCH INSERT INTO t (k) VALUES (1) APPLY BATCH"),
            n("BATCH", None, None)
        );
        assert_eq!(
            names("  -- a comment\n/* and */ SELECT count(*) FROM t"),
            n("SELECT", None, Some("t"))
        );
        assert_eq!(names(""), n("(unknown)", None, None));
        assert_eq!(names("'just a literal'"), n("(unknown)", None, None));
    }

    /// Literals (values, passwords) never come out, whatever surrounds them.
    #[test]
    fn values_never_come_out() {
        for q in [
            "CREATE USER bob WITH PASSWORD 'hunter2'",
            "ALTER USER bob WITH PASSWORD 'hunter2'",
            "SELECT * FROM 'hunter2'",
            "INSERT INTO 'hunter2' (k) VALUES ('hunter2')",
            "UPDATE 'hunter2' SET v = 'hunter2'",
            "USE 'hunter2'",
            "SELECT * FROM t WHERE k = 'it''s FROM hunter2'",
            "DELETE FROM 12345 WHERE k = 1",
        ] {
            let s = statement(q);
            let shown = format!("{s:?}");
            assert!(!shown.contains("hunter2"), "{q}: {shown}");
            assert!(!shown.contains("12345"), "{q}: {shown}");
        }
        // Skipping a literal keeps the scan in step.
        assert_eq!(
            names("SELECT 'FROM x' AS a FROM real_one"),
            n("SELECT", None, Some("real_one"))
        );
    }
}
