//! A CQL 3 statement's syntax error in the words of a release's parser,
//! the one place both front ends (Thrift's CQL calls, the native
//! protocol's QUERY, PREPARE and BATCH) take them from: which of several
//! errors the release reported ([`lexing`]), 2.2's quoted name taken for a
//! function's, 1.2 to 2.1's last error of a table named `order`, 2.0's and
//! 2.1's refusal of a marker standing for a name, and 2.1's snippet (see
//! [`super::snippet`]).
//!
//! Pure text: must not decide whether a statement is a syntax error (the
//! parser does).

use super::lexer::LexErrors;
use super::snippet;
use super::CqlError;
use crate::release::{Behaviour, Release};

/// Which of a statement's lexing errors release's parser reported: 1.2's
/// and 2.0's `throwLastRecognitionError` the last, 2.1's `ErrorCollector`
/// all of them, 2.2 on the first.
pub fn lexing(release: Option<&Release>) -> LexErrors {
    match release.map(|r| r.series()) {
        Some((1, _) | (2, 0)) => LexErrors::Last,
        Some((2, 1)) => LexErrors::Collected,
        _ => LexErrors::First,
    }
}

/// The syntax error `e` of `text` as `release` worded it (the engine's
/// 1.2 words without a release).
pub fn worded(release: Option<&Release>, text: &str, e: CqlError) -> String {
    let e = match release.is_some_and(|r| r.does(Behaviour::QuotedFunctionNames)) {
        true => snippet::as_function_name(text, &e).unwrap_or(e),
        false => e,
    };
    // 1.2's and 2.0's parsers and 2.1's collector reported the last error
    // (2.2 the first).
    let last_error = release.is_some_and(|r| matches!(r.series(), (1, 2) | (2, 0) | (2, 1)));
    let e = match last_error {
        true => snippet::as_order_clause(text, &e).unwrap_or(e),
        false => e,
    };
    // 2.0's grammar took a marker for a keyspace or table name to refuse
    // it in its own words (`cfOrKsName`), 2.1's for each kind of name
    // (`keyspaceName`, `cfName`); 1.2's had no such alternative.
    if let Some(series) = release.map(|r| r.series()).filter(|s| *s >= (2, 0)) {
        if let Some(name) = marker_for_name(text, &e.to_string()) {
            let names = match (series, name) {
                ((2, 0), _) => "keyspace or table",
                (_, NameKind::Keyspace) => "keyspace",
                (_, NameKind::Table) => "table",
            };
            return format!("Bind variables cannot be used for {names} names");
        }
    }
    let exits = release.is_some_and(|r| r.does(Behaviour::CqlParserExitsAtMismatch));
    let e = match exits {
        true => unrecovered(e),
        false => e,
    };
    if release.is_some_and(|r| r.does(Behaviour::Cql3SyntaxSnippets)) {
        let with = match exits {
            true => snippet::without_recovery(text, &e),
            false => snippet::with_snippet(text, &e),
        };
        if let Some(with) = with {
            return with;
        }
    }
    e.to_string()
}

/// `e` as a parser without ANTLR's single-token recovery said it (3.10
/// on): a token the recovery had taken for missing (`missing Y at 'X'`)
/// or dropped as extraneous (`extraneous input 'X' expecting Y`) was the
/// mismatch itself, reported at the same token.
fn unrecovered(e: CqlError) -> CqlError {
    let CqlError::Syntax {
        line,
        column,
        message,
    } = &e
    else {
        return e;
    };
    let mismatch = |input: &str, expecting: &str| CqlError::Syntax {
        line: *line,
        column: *column,
        message: format!("mismatched input {input} expecting {expecting}"),
    };
    if let Some((expecting, input)) = message
        .strip_prefix("missing ")
        .and_then(|rest| rest.split_once(" at "))
    {
        return mismatch(input, expecting);
    }
    if let Some((input, expecting)) = message
        .strip_prefix("extraneous input ")
        .and_then(|rest| rest.rsplit_once(" expecting "))
    {
        return mismatch(input, expecting);
    }
    e
}

/// What a `?` stood for where a name was due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NameKind {
    Keyspace,
    Table,
}

/// Which name the syntax error `e` of `text` at a `?` stood for, if it is
/// at a `?` standing for a keyspace or table name.
fn marker_for_name(text: &str, e: &str) -> Option<NameKind> {
    let at = e
        .strip_prefix("line 1:")
        .and_then(|rest| rest.split_once(' '))
        .filter(|(_, rest)| rest.ends_with("at input '?'"))
        .and_then(|(col, _)| col.parse::<usize>().ok())?;
    let before = text.get(..at)?.trim_end();
    let word = before
        .rsplit(|c: char| c.is_whitespace())
        .next()
        .unwrap_or_default()
        .to_ascii_uppercase();
    let qualifies = text
        .get(at + 1..)
        .is_some_and(|after| after.trim_start().starts_with('.'));
    if before.ends_with('.') {
        return Some(NameKind::Table);
    }
    match word.as_str() {
        "KEYSPACE" | "USE" => Some(NameKind::Keyspace),
        "FROM" | "INTO" | "UPDATE" | "TABLE" | "COLUMNFAMILY" | "TRUNCATE" => {
            Some(match qualifies {
                true => NameKind::Keyspace,
                false => NameKind::Table,
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{marker_for_name, worded, NameKind};
    use crate::release::Release;

    #[test]
    fn a_marker_is_a_name_after_from_into_or_a_keyspace() {
        let e = "line 1:14 no viable alternative at input '?'";
        let table = Some(NameKind::Table);
        assert_eq!(marker_for_name("SELECT * FROM ? WHERE id = ?", e), table);
        assert_eq!(
            marker_for_name("SELECT * FROM ? . t WHERE id = ?", e),
            Some(NameKind::Keyspace)
        );
        assert_eq!(
            marker_for_name(
                "INSERT INTO ks.? (k) VALUES (1)",
                "line 1:15 no viable alternative at input '?'"
            ),
            table
        );
        assert_eq!(
            marker_for_name("USE ?", "line 1:4 no viable alternative at input '?'"),
            Some(NameKind::Keyspace)
        );
        assert_eq!(
            marker_for_name(
                "SELECT * FROM t WHERE ? = 1",
                "line 1:22 no viable alternative at input '?'"
            ),
            None
        );
    }

    #[test]
    fn a_marker_for_a_table_is_refused_in_each_release_words() {
        let text = "SELECT * FROM ? WHERE id = 1";
        let e = crate::cql::parse(text).unwrap_err();
        let words = |v: &str| worded(Release::find(v), text, e.clone());
        assert_eq!(
            words("2.0.17"),
            "Bind variables cannot be used for keyspace or table names"
        );
        assert_eq!(
            words("2.2.19"),
            "Bind variables cannot be used for table names"
        );
        assert!(
            words("1.2.9").starts_with("line 1:14 "),
            "{}",
            words("1.2.9")
        );
    }

    #[test]
    fn from_3_10_a_missing_or_extraneous_token_is_the_mismatch() {
        let syntax = |message: &str| crate::cql::CqlError::Syntax {
            line: 1,
            column: 30,
            message: message.into(),
        };
        let text = "SELECT * FROM ev WHERE id = 1 PER PARTITION LIMIT 2";
        let words = |v: &str, m: &str| worded(Release::find(v), text, syntax(m));
        // Recorded from 3.0.24.
        assert_eq!(
            words("3.0.24", "missing EOF at 'PER'"),
            "line 1:30 missing EOF at 'PER' (...ev WHERE id = 1 [PER] PARTITION...)"
        );
        assert_eq!(
            words("3.11.10", "missing EOF at 'PER'"),
            "line 1:30 mismatched input 'PER' expecting EOF (...ev WHERE id = 1 [PER]...)"
        );
        assert_eq!(
            words("3.11.10", "extraneous input 'PER' expecting EOF"),
            "line 1:30 mismatched input 'PER' expecting EOF (...ev WHERE id = 1 [PER]...)"
        );
    }
}
