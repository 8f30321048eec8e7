//! CQL scripts (`.cql` datasets): split into statements the way
//! cassandra-unit's CQL loader split them. Each line is trimmed; `--` and
//! `//` comments run to the end of the line and `/* */` comments to their
//! end; outside quotes a newline is a space and `;` ends a statement; in
//! `'...'` and `"..."` everything is kept (a doubled quote is an escaped
//! quote). Text after the last `;` is a last statement.
//!
//! It must not interpret statements (the CQL3 executor runs them).

use super::model::Statement;

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Code,
    LineComment,
    BlockComment,
    Quoted(char),
}

/// The statements of a script, each with the line it starts on; the
/// terminating `;` is dropped.
pub fn statements(text: &str) -> Vec<Statement> {
    let joined: Vec<&str> = text.lines().map(str::trim).collect();
    let chars: Vec<char> = joined.join("\n").chars().collect();
    let mut out = Vec::new();
    let mut current = String::new();
    let mut start_line = None;
    let mut line = 1;
    let mut state = State::Code;
    let mut i = 0;
    let mut finish = |current: &mut String, start: &mut Option<usize>, line: usize| {
        let text = current.trim();
        if !text.is_empty() {
            out.push(Statement {
                text: text.to_string(),
                line: start.unwrap_or(line),
            });
        }
        current.clear();
        *start = None;
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        i += 1;
        match state {
            State::Code => match (c, next) {
                ('/', Some('/')) | ('-', Some('-')) => {
                    state = State::LineComment;
                    i += 1;
                }
                ('/', Some('*')) => {
                    state = State::BlockComment;
                    i += 1;
                }
                ('\n', _) => current.push(' '),
                (';', _) => finish(&mut current, &mut start_line, line),
                _ => {
                    if !c.is_whitespace() && start_line.is_none() {
                        start_line = Some(line);
                    }
                    current.push(c);
                    if c == '\'' || c == '"' {
                        state = State::Quoted(c);
                    }
                }
            },
            State::LineComment => {
                if c == '\n' {
                    state = State::Code;
                }
            }
            State::BlockComment => {
                if c == '*' && next == Some('/') {
                    state = State::Code;
                    i += 1;
                }
            }
            State::Quoted(q) => {
                current.push(c);
                if c == q {
                    if next == Some(q) {
                        current.push(q);
                        i += 1;
                    } else {
                        state = State::Code;
                    }
                }
            }
        }
        if c == '\n' {
            line += 1;
        }
    }
    finish(&mut current, &mut start_line, line);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(script: &str) -> Vec<String> {
        statements(script).into_iter().map(|s| s.text).collect()
    }

    #[test]
    fn splits_on_semicolons_outside_quotes_and_comments() {
        let script = "CREATE TABLE t (k int PRIMARY KEY, v text);\n\
                      -- a comment; not a statement\n\
                      INSERT INTO t (k, v)\n   VALUES (1, 'a;b''c');  // trailing\n\
                      /* block\n comment; */ INSERT INTO \"T;\" (k) VALUES (2)";
        assert_eq!(
            texts(script),
            [
                "CREATE TABLE t (k int PRIMARY KEY, v text)",
                "INSERT INTO t (k, v) VALUES (1, 'a;b''c')",
                "INSERT INTO \"T;\" (k) VALUES (2)",
            ]
        );
        let lines: Vec<usize> = statements(script).iter().map(|s| s.line).collect();
        assert_eq!(lines, [1, 3, 6]);
    }

    #[test]
    fn empty_statements_and_blank_endings_are_dropped() {
        assert_eq!(texts(";;\n  \nSELECT * FROM t;\n\n"), ["SELECT * FROM t"]);
        assert!(texts("-- only a comment").is_empty());
    }
}
