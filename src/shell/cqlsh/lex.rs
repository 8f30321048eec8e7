//! How cqlsh 1.2.9 cut its input into statements, and the words of a shell
//! command (a `ks.name`, a path with `~`), read the same by every command.
//!
//! The whole pending text is lexed again after every line, as cqlsh did: a
//! statement ends at `;` outside quotes and comments; a shell command
//! (`DESCRIBE`, `HELP`, `SOURCE`…, see [`ENDS_AT_NEWLINE`]) also ends at the
//! end of its line; `BEGIN … APPLY BATCH;` is one statement whatever `;` it
//! holds. Statements run only once the last one in the text is complete, so
//! `SELECT 1; SELECT` waits for the rest. This module never talks to a
//! server and prints nothing.

/// The command words whose statement also ends at a newline (cqlsh's
/// `my_commands_ending_with_newline`).
pub const ENDS_AT_NEWLINE: [&str; 14] = [
    "help",
    "?",
    "consistency",
    "describe",
    "desc",
    "show",
    "assume",
    "source",
    "capture",
    "debug",
    "tracing",
    "expand",
    "exit",
    "quit",
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// An identifier, keyword or number.
    Word,
    /// A closed `'…'` string.
    Str,
    /// A closed `"…"` name.
    Name,
    /// A string, name or block comment the text ends inside.
    Unclosed,
    /// Any other character: `(`, `,`, `=`, `.`, `?`…
    Punct,
    /// `;` or the newline ending a shell command.
    End,
    /// A character cqlsh's lexer had no rule for (it stopped there).
    Bad,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub text: String,
    pub start: usize,
    pub end: usize,
}

impl Token {
    pub fn is_word(&self, w: &str) -> bool {
        self.kind == Kind::Word && self.text.eq_ignore_ascii_case(w)
    }
}

/// Lexes `src`; newlines come out as `End` tokens with text `"\n"` (the
/// splitter keeps only those that end a shell command).
pub fn lex(src: &str) -> Vec<Token> {
    let b: Vec<(usize, char)> = src.char_indices().collect();
    let end_of = |i: usize| b.get(i).map_or(src.len(), |(p, _)| *p);
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let (start, c) = b[i];
        let next = b.get(i + 1).map(|x| x.1);
        match c {
            '\n' => {
                out.push(Token {
                    kind: Kind::End,
                    text: "\n".into(),
                    start,
                    end: start + 1,
                });
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '-' if next == Some('-') => {
                while i < b.len() && b[i].1 != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('/') => {
                while i < b.len() && b[i].1 != '\n' {
                    i += 1;
                }
            }
            '/' if next == Some('*') => {
                let mut j = i + 2;
                let mut closed = false;
                while j < b.len() {
                    if b[j].1 == '*' && b.get(j + 1).map(|x| x.1) == Some('/') {
                        closed = true;
                        j += 2;
                        break;
                    }
                    j += 1;
                }
                if !closed {
                    out.push(Token {
                        kind: Kind::Unclosed,
                        text: src[start..].to_string(),
                        start,
                        end: src.len(),
                    });
                }
                i = j;
            }
            '\'' | '"' => {
                let mut j = i + 1;
                let mut closed = false;
                while j < b.len() {
                    if b[j].1 == c {
                        if b.get(j + 1).map(|x| x.1) == Some(c) {
                            j += 2;
                            continue;
                        }
                        closed = true;
                        j += 1;
                        break;
                    }
                    j += 1;
                }
                let end = end_of(j);
                out.push(Token {
                    kind: match (closed, c) {
                        (false, _) => Kind::Unclosed,
                        (true, '\'') => Kind::Str,
                        _ => Kind::Name,
                    },
                    text: src[start..end].to_string(),
                    start,
                    end,
                });
                i = j;
            }
            ';' => {
                out.push(Token {
                    kind: Kind::End,
                    text: ";".into(),
                    start,
                    end: start + 1,
                });
                i += 1;
            }
            c if c.is_ascii_alphanumeric() => {
                let mut j = i;
                while j < b.len() && (b[j].1.is_ascii_alphanumeric() || matches!(b[j].1, '_' | '-'))
                {
                    // A '-' continues only numbers and uuids (as in `1-2` it would not).
                    if b[j].1 == '-'
                        && !b[i..j]
                            .iter()
                            .all(|x| x.1.is_ascii_hexdigit() || x.1 == '-')
                    {
                        break;
                    }
                    j += 1;
                }
                let end = end_of(j);
                out.push(Token {
                    kind: Kind::Word,
                    text: src[start..end].to_string(),
                    start,
                    end,
                });
                i = j;
            }
            c if !c.is_ascii() || c == '_' || !":*-+=,().<>[]{}?".contains(c) => {
                out.push(Token {
                    kind: Kind::Bad,
                    text: c.to_string(),
                    start,
                    end: end_of(i + 1),
                });
                // cqlsh's scanner gave up at the first character it could not read.
                return out;
            }
            _ => {
                let end = end_of(i + 1);
                out.push(Token {
                    kind: Kind::Punct,
                    text: src[start..end].to_string(),
                    start,
                    end,
                });
                i += 1;
            }
        }
    }
    out
}

/// One statement: its tokens (without the ending one) and original text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub tokens: Vec<Token>,
    pub text: String,
}

impl Piece {
    /// The command word as typed (`?` included).
    pub fn command(&self) -> &str {
        self.tokens.first().map_or("", |t| t.text.as_str())
    }
}

/// Where cqlsh's lexer stopped: 1-based line and character (in bytes, as
/// Python 2 counted a byte string) within the pending text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LexError {
    pub line: usize,
    pub char: usize,
}

/// The first character of `src` cqlsh could not lex, if any.
pub fn lex_error(src: &str) -> Option<LexError> {
    let bad = lex(src).into_iter().find(|t| t.kind == Kind::Bad)?;
    let before = &src[..bad.start];
    Some(LexError {
        line: before.matches('\n').count() + 1,
        char: before.rsplit('\n').next().map_or(0, str::len) + 1,
    })
}

/// The statements of `src` and whether the text is complete (its last
/// statement ended, and no batch is open). Empty statements are dropped.
pub fn split(src: &str) -> (Vec<Piece>, bool) {
    let mut pieces: Vec<(Vec<Token>, bool)> = Vec::new();
    let mut cur: Vec<Token> = Vec::new();
    let mut ends_at_newline = false;
    for t in lex(src) {
        if t.kind == Kind::End {
            if t.text == "\n" && !ends_at_newline {
                continue;
            }
            pieces.push((std::mem::take(&mut cur), true));
            ends_at_newline = false;
            continue;
        }
        if cur.is_empty() {
            ends_at_newline = ENDS_AT_NEWLINE.contains(&t.text.to_ascii_lowercase().as_str());
        }
        cur.push(t);
    }
    if !cur.is_empty() {
        pieces.push((cur, false));
    }
    // BEGIN … APPLY BATCH is one statement.
    let mut merged: Vec<(Vec<Token>, bool)> = Vec::new();
    let mut in_batch = false;
    for (toks, ended) in pieces {
        if toks.is_empty() && !ended {
            continue;
        }
        let begins = toks.first().is_some_and(|t| t.is_word("begin"));
        let applies = toks.len() >= 2 && toks[toks.len() - 2].is_word("apply");
        if in_batch {
            let last = merged.last_mut().expect("a batch has its start");
            last.0.extend(toks);
            last.1 = ended;
        } else {
            merged.push((toks, ended));
        }
        if applies && ended {
            in_batch = false;
        } else if begins {
            in_batch = true;
        }
    }
    let complete = !in_batch && merged.last().is_none_or(|(_, ended)| *ended);
    // A lone `;` is a statement too: cqlsh sent it, and the server refused it.
    let out = merged
        .into_iter()
        .map(|(tokens, _)| {
            let text = match (tokens.first(), tokens.last()) {
                (Some(a), Some(b)) => src[a.start..b.end].to_string(),
                _ => ";".to_string(),
            };
            Piece { tokens, text }
        })
        .collect();
    (out, complete)
}

/// What the pending text asks of a shell after a line was added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pending {
    /// A character cqlsh could not lex: the three lines to print (the
    /// position, the offending line, a caret under it); the text is
    /// dropped.
    Invalid([String; 3]),
    /// The statements to run (none for blank text); the text is used up.
    Ready(Vec<Piece>),
    /// The last statement is not ended: read another line.
    ReadOn,
}

/// Reads the pending text as cqlsh did after each line: a lexing error
/// first (its position without the line number when the text came from a
/// named file, as `cqlsh -f` printed it), then the statements once the last
/// is complete.
pub fn pending(src: &str, from_named_file: bool) -> Pending {
    if let Some(e) = lex_error(src) {
        let at = if from_named_file {
            format!("Invalid syntax at char {}", e.char)
        } else {
            format!("Invalid syntax at line {}, char {}", e.line, e.char)
        };
        let line = src.split('\n').nth(e.line - 1).unwrap_or_default();
        return Pending::Invalid([at, format!("  {line}"), format!(" {}^", " ".repeat(e.char))]);
    }
    match split(src) {
        (pieces, false) if !pieces.is_empty() => Pending::ReadOn,
        (pieces, _) => Pending::Ready(pieces),
    }
}

/// A name as cqlsh took it from a command: quotes stripped (`""` undoubled),
/// an unquoted one kept as typed.
pub fn unquote_name(t: &str) -> String {
    match t.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
        Some(inner) => inner.replace("\"\"", "\""),
        None => t.to_string(),
    }
}

/// A string literal's text.
pub fn unquote_value(t: &str) -> String {
    match t.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')) {
        Some(inner) => inner.replace("''", "'"),
        None => t.to_string(),
    }
}

/// CQL3's reserved words (cqlsh 1.2's list), which a name must be quoted to use.
const RESERVED: [&str; 40] = [
    "select",
    "from",
    "where",
    "and",
    "insert",
    "update",
    "with",
    "limit",
    "using",
    "use",
    "count",
    "set",
    "begin",
    "apply",
    "batch",
    "truncate",
    "delete",
    "in",
    "create",
    "keyspace",
    "schema",
    "columnfamily",
    "table",
    "index",
    "on",
    "drop",
    "primary",
    "into",
    "timestamp",
    "alter",
    "add",
    "order",
    "by",
    "asc",
    "desc",
    "token",
    "writetime",
    "map",
    "list",
    "to",
];

/// A name as cqlsh wrote it back: bare when it is lower-case letters, digits
/// and `_` starting with a letter and not reserved, else double-quoted.
pub fn protect_name(name: &str) -> String {
    let mut chars = name.chars();
    let bare = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !RESERVED.contains(&name);
    if bare {
        name.to_string()
    } else {
        format!("\"{}\"", name.replace('"', "\"\""))
    }
}

/// A string as a CQL literal.
pub fn protect_value(v: &str) -> String {
    format!("'{}'", v.replace('\'', "''"))
}

/// Python 2's `repr` of a byte string, as cqlsh's messages quoted names.
pub fn py_repr(s: &str) -> String {
    let q = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(q);
    for b in s.bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            b if b == q as u8 => {
                out.push('\\');
                out.push(q);
            }
            0x20..=0x7e => out.push(b as char),
            b => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push(q);
    out
}

/// Python 2's text for an `IOError` on `path`: `[Errno 2] No such file or directory: 'p'`.
pub fn io_error(path: &str, e: &std::io::Error) -> String {
    let text = e.to_string();
    let why = text.split(" (os error").next().unwrap_or(&text).to_string();
    match e.raw_os_error() {
        Some(code) => format!("[Errno {code}] {why}: {}", py_repr(path)),
        None => why,
    }
}

/// A name token (`x` or `"X"`), optionally `ks.name`, at `toks[i..]`;
/// returns (keyspace, name, tokens used).
pub(crate) fn dotted_name(toks: &[Token]) -> Option<(Option<String>, String, usize)> {
    let is_name = |t: &Token| matches!(t.kind, Kind::Word | Kind::Name);
    let first = toks.first().filter(|t| is_name(t))?;
    if toks.get(1).is_some_and(|t| t.text == ".") {
        let second = toks.get(2).filter(|t| is_name(t))?;
        return Some((
            Some(unquote_name(&first.text)),
            unquote_name(&second.text),
            3,
        ));
    }
    Some((None, unquote_name(&first.text), 1))
}

/// `~` at the start of a path is the home directory (Python's expanduser).
pub(crate) fn expand_user(path: &str) -> String {
    if path == "~" || path.starts_with("~/") {
        if let Some(home) = std::env::var_os("HOME") {
            return format!("{}{}", home.to_string_lossy(), &path[1..]);
        }
    }
    path.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> (Vec<String>, bool) {
        let (p, c) = split(src);
        (p.into_iter().map(|p| p.text).collect(), c)
    }

    #[test]
    fn pending_text_is_read_on_run_or_refused_with_its_position() {
        assert_eq!(pending("SELECT 1;\nSELECT", false), Pending::ReadOn);
        assert_eq!(pending("  \n", false), Pending::Ready(vec![]));
        let Pending::Ready(p) = pending("USE a; USE b;\n", false) else {
            panic!("two statements")
        };
        assert_eq!(p.len(), 2);
        let Pending::Invalid([at, line, caret]) = pending("SELECT 1;\nSELECT $x;\n", true) else {
            panic!("a character cqlsh could not lex")
        };
        assert_eq!(
            (at.as_str(), line.as_str()),
            ("Invalid syntax at char 8", "  SELECT $x;")
        );
        assert_eq!(caret, format!(" {}^", " ".repeat(8)));
        let Pending::Invalid([at, ..]) = pending("SELECT 1;\nSELECT $x;\n", false) else {
            panic!("the same text typed")
        };
        assert_eq!(at, "Invalid syntax at line 2, char 8");
    }

    #[test]
    fn statements_end_at_semicolons_and_shell_commands_at_newlines() {
        assert_eq!(
            texts("SELECT 'a;b' FROM t; USE ks;\n"),
            (vec!["SELECT 'a;b' FROM t".into(), "USE ks".into()], true)
        );
        assert_eq!(
            texts("DESCRIBE KEYSPACES\n"),
            (vec!["DESCRIBE KEYSPACES".into()], true)
        );
        assert!(!texts("SELECT *\nFROM t\n").1);
        assert!(!texts("SELECT 1; SELECT\n").1);
        assert_eq!(texts("-- only a comment\n"), (vec![], true));
        assert_eq!(texts(";\n"), (vec![";".into()], true));
        assert!(!texts("INSERT INTO t (a) VALUES ('x\n").1);
    }

    #[test]
    fn characters_cqlsh_could_not_lex() {
        assert_eq!(lex_error("SELECT * FROM t;\n"), None);
        assert_eq!(lex_error("SELECT '@#' FROM t -- ok @\n"), None);
        assert_eq!(
            lex_error("SELECT *\nFROM t WHERE k != 1;\n"),
            Some(LexError { line: 2, char: 16 })
        );
        assert_eq!(lex_error("SELECT é"), Some(LexError { line: 1, char: 8 }));
    }

    #[test]
    fn a_batch_is_one_statement() {
        let src = "BEGIN BATCH\n INSERT INTO t (k) VALUES (1);\n UPDATE t SET v = 2 WHERE k = 1;\n";
        assert!(!split(src).1);
        let (p, done) = split(&format!("{src}APPLY BATCH;\n"));
        assert!(done);
        assert_eq!(p.len(), 1);
        assert!(p[0].text.ends_with("APPLY BATCH"));
    }

    #[test]
    fn names_and_values_are_protected_as_cqlsh_did() {
        assert_eq!(protect_name("blog"), "blog");
        assert_eq!(protect_name("BloggyAppy"), "\"BloggyAppy\"");
        assert_eq!(protect_name("select"), "\"select\"");
        assert_eq!(protect_name("key"), "key");
        assert_eq!(protect_value("it's"), "'it''s'");
        assert_eq!(unquote_name("\"A\"\"b\""), "A\"b");
        assert_eq!(py_repr("O'Brien"), "\"O'Brien\"");
        assert_eq!(py_repr("nosuch"), "'nosuch'");
    }

    #[test]
    fn home_is_expanded_in_paths() {
        assert_eq!(expand_user("a/b"), "a/b");
        if let Some(home) = std::env::var_os("HOME") {
            assert_eq!(expand_user("~/x"), format!("{}/x", home.to_string_lossy()));
        }
    }
}
