//! Where a shell's statements come from, and how text becomes statements.
//!
//! A [`Splitter`] collects lines and hands out complete statements, each
//! ended by a `;` outside quotes and comments (so `'a;b'` or `-- x;` never
//! end one). [`Source`] is the line supplier: an interactive editor with
//! history when stdin is a terminal, or plain lines from a file, a pipe or
//! `-e` text. This module never talks to a server.

use crate::input_bounds::{bounded_lines, MAX_LINE_BYTES};
use std::io::IsTerminal;
use std::path::PathBuf;

/// How a shell's language quotes text: cqlsh doubles a quote (`'it''s'`),
/// cassandra-cli escapes it with a backslash (`'it\'s'`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuoteStyle {
    Doubled,
    Backslash,
}

/// Accumulates lines; yields statements (without their `;`) as they complete.
#[derive(Debug)]
pub struct Splitter {
    style: QuoteStyle,
    pending: String,
    /// Line number (1-based) where the pending statement started.
    start_line: usize,
    line: usize,
    in_block_comment: bool,
    /// The quote a previous line left open (a string spanning lines).
    quote_state: Option<char>,
}

/// One complete statement, the line it started on and the line its `;`
/// (or the end of input) was on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub text: String,
    pub line: usize,
    pub end_line: usize,
}

impl Splitter {
    pub fn new(style: QuoteStyle) -> Splitter {
        Splitter {
            style,
            pending: String::new(),
            start_line: 1,
            line: 0,
            in_block_comment: false,
            quote_state: None,
        }
    }

    /// True while a statement has started but not ended (the continuation prompt).
    pub fn in_statement(&self) -> bool {
        !self.pending.trim().is_empty()
    }

    /// Feeds one line (without its newline); returns the statements it completed.
    pub fn push_line(&mut self, line: &str) -> Vec<Statement> {
        self.line += 1;
        let mut done = Vec::new();
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        let mut quote = self.quote_state;
        while i < chars.len() {
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            if self.in_block_comment {
                if c == '*' && next == Some('/') {
                    self.in_block_comment = false;
                    i += 2;
                } else {
                    i += 1;
                }
                continue;
            }
            if let Some(q) = quote {
                self.pending.push(c);
                if self.style == QuoteStyle::Backslash && c == '\\' {
                    if let Some(n) = next {
                        self.pending.push(n);
                        i += 2;
                        continue;
                    }
                } else if c == q {
                    if self.style == QuoteStyle::Doubled && next == Some(q) {
                        self.pending.push(q);
                        i += 2;
                        continue;
                    }
                    quote = None;
                }
                i += 1;
                continue;
            }
            match c {
                '\'' | '"' => {
                    if !self.in_statement() {
                        self.start_line = self.line;
                    }
                    quote = Some(c);
                    self.pending.push(c);
                }
                '-' if next == Some('-') => break,
                '/' if next == Some('/') && self.style == QuoteStyle::Doubled => break,
                '/' if next == Some('*') => {
                    self.in_block_comment = true;
                    i += 2;
                    continue;
                }
                ';' => {
                    let text = self.pending.trim().to_string();
                    if !text.is_empty() {
                        done.push(Statement {
                            text,
                            line: self.start_line,
                            end_line: self.line,
                        });
                    }
                    self.pending.clear();
                }
                _ => {
                    if !c.is_whitespace() && !self.in_statement() {
                        self.start_line = self.line;
                    }
                    self.pending.push(c);
                }
            }
            i += 1;
        }
        if self.in_statement() {
            self.pending.push('\n');
        }
        self.quote_state = quote;
        done
    }

    /// What is left when input ends: a statement missing its `;`.
    pub fn finish(&mut self) -> Option<Statement> {
        let text = std::mem::take(&mut self.pending).trim().to_string();
        (!text.is_empty()).then_some(Statement {
            text,
            line: self.start_line,
            end_line: self.line,
        })
    }

    /// How many lines were fed so far.
    pub fn lines_read(&self) -> usize {
        self.line
    }
}

/// A terminal line editor: rustyline, with or without a shell's completer.
pub trait LineEditor {
    fn read_line(&mut self, prompt: &str) -> rustyline::Result<String>;
    fn remember(&mut self, line: &str);
    fn load(&mut self, path: &std::path::Path);
    fn save(&mut self, path: &std::path::Path);
}

impl<H: rustyline::Helper> LineEditor for rustyline::Editor<H, rustyline::history::FileHistory> {
    fn read_line(&mut self, prompt: &str) -> rustyline::Result<String> {
        self.readline(prompt)
    }
    fn remember(&mut self, line: &str) {
        let _ = self.add_history_entry(line);
    }
    fn load(&mut self, path: &std::path::Path) {
        // A missing or unreadable history file just means a fresh one.
        let _ = self.load_history(path);
    }
    fn save(&mut self, path: &std::path::Path) {
        // Losing history is not worth failing the session's exit over.
        let _ = self.save_history(path);
    }
}

/// Where lines come from.
pub enum Source {
    /// A terminal: line editing and history (saved to `history` on exit).
    Interactive {
        editor: Box<dyn LineEditor>,
        history: Option<PathBuf>,
    },
    /// A file, a pipe or `-e` text: no prompt, no echo.
    Lines {
        lines: Box<dyn Iterator<Item = std::io::Result<String>>>,
        /// What error messages call this input (`<stdin>`, a file name).
        name: String,
    },
}

/// What the reader got.
pub enum Read {
    Line(String),
    /// Ctrl-C at the prompt: drop the statement being typed.
    Interrupted,
    Eof,
}

impl Source {
    /// Stdin: interactive when it is a terminal, plain lines otherwise.
    pub fn stdin(history_name: &str) -> Source {
        Source::stdin_with(history_name, || {
            rustyline::DefaultEditor::new()
                .ok()
                .map(|e| Box::new(e) as Box<dyn LineEditor>)
        })
    }

    /// Stdin, with the editor `make` builds when it is a terminal (a shell
    /// with a completer of its own).
    pub fn stdin_with(
        history_name: &str,
        make: impl FnOnce() -> Option<Box<dyn LineEditor>>,
    ) -> Source {
        if std::io::stdin().is_terminal() {
            if let Some(mut editor) = make() {
                let history =
                    std::env::var_os("HOME").map(|home| PathBuf::from(home).join(history_name));
                if let Some(path) = &history {
                    editor.load(path);
                }
                return Source::Interactive { editor, history };
            }
        }
        let stdin = std::io::stdin();
        Source::Lines {
            lines: Box::new(bounded_lines(stdin.lock(), MAX_LINE_BYTES)),
            name: "<stdin>".to_string(),
        }
    }

    /// A script file.
    pub fn file(path: &std::path::Path) -> std::io::Result<Source> {
        let file = std::fs::File::open(path)?;
        Ok(Source::Lines {
            lines: Box::new(bounded_lines(std::io::BufReader::new(file), MAX_LINE_BYTES)),
            name: path.display().to_string(),
        })
    }

    /// `-e` text.
    pub fn text(text: &str) -> Source {
        let lines: Vec<std::io::Result<String>> = text.lines().map(|l| Ok(l.to_string())).collect();
        Source::Lines {
            lines: Box::new(lines.into_iter()),
            name: String::new(),
        }
    }

    pub fn is_interactive(&self) -> bool {
        matches!(self, Source::Interactive { .. })
    }

    /// The input's name for error prefixes; `None` when errors need no location.
    pub fn name(&self) -> Option<&str> {
        match self {
            Source::Lines { name, .. } if !name.is_empty() => Some(name),
            _ => None,
        }
    }

    /// Reads one line, showing `prompt` when interactive.
    pub fn read(&mut self, prompt: &str) -> std::io::Result<Read> {
        match self {
            Source::Interactive { editor, .. } => match editor.read_line(prompt) {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        editor.remember(&line);
                    }
                    Ok(Read::Line(line))
                }
                Err(rustyline::error::ReadlineError::Interrupted) => Ok(Read::Interrupted),
                Err(rustyline::error::ReadlineError::Eof) => Ok(Read::Eof),
                Err(e) => Err(std::io::Error::other(e.to_string())),
            },
            Source::Lines { lines, .. } => match lines.next() {
                Some(Ok(line)) => Ok(Read::Line(line)),
                Some(Err(e)) => Err(e),
                None => Ok(Read::Eof),
            },
        }
    }
}

impl Drop for Source {
    fn drop(&mut self) {
        if let Source::Interactive {
            editor,
            history: Some(path),
        } = self
        {
            editor.save(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(style: QuoteStyle, text: &str) -> (Vec<String>, Option<String>) {
        let mut s = Splitter::new(style);
        let mut out = Vec::new();
        for line in text.lines() {
            out.extend(s.push_line(line).into_iter().map(|st| st.text));
        }
        (out, s.finish().map(|st| st.text))
    }

    #[test]
    fn statements_end_at_semicolons_outside_quotes() {
        let (done, rest) = split(
            QuoteStyle::Doubled,
            "SELECT * FROM t WHERE a = 'x;y'; USE ks;\nINSERT INTO t (a)\n VALUES ('it''s;');",
        );
        assert_eq!(done[0], "SELECT * FROM t WHERE a = 'x;y'");
        assert_eq!(done[1], "USE ks");
        assert_eq!(rest, None);
        let (done, _) = split(
            QuoteStyle::Doubled,
            "INSERT INTO t (a)\n VALUES ('it''s;');",
        );
        assert_eq!(done, vec!["INSERT INTO t (a)\n VALUES ('it''s;')"]);
    }

    #[test]
    fn comments_are_dropped() {
        let (done, rest) = split(
            QuoteStyle::Doubled,
            "-- a comment; still a comment\nSELECT 1 /* ; */ FROM t; // trailing;\nUSE x",
        );
        assert_eq!(done, vec!["SELECT 1  FROM t"]);
        assert_eq!(rest.as_deref(), Some("USE x"));
    }

    #[test]
    fn backslash_quotes_for_the_cli() {
        let (done, _) = split(
            QuoteStyle::Backslash,
            "set Standard1['k']['c'] = 'a\\';b';\nget Standard1['k'];",
        );
        assert_eq!(
            done,
            vec!["set Standard1['k']['c'] = 'a\\';b'", "get Standard1['k']"]
        );
    }

    #[test]
    fn strings_may_span_lines_and_lines_are_numbered() {
        let mut s = Splitter::new(QuoteStyle::Doubled);
        assert!(s.push_line("").is_empty());
        assert!(s.push_line("INSERT INTO t (a) VALUES ('one").is_empty());
        assert!(s.in_statement());
        let done = s.push_line("two;');");
        assert_eq!(done.len(), 1);
        assert_eq!(done[0].text, "INSERT INTO t (a) VALUES ('one\ntwo;')");
        assert_eq!(done[0].line, 2);
        assert_eq!(done[0].end_line, 3);
        assert_eq!(s.lines_read(), 3);
        assert!(!s.in_statement());
    }
}
