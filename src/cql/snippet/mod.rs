//! The snippet Cassandra 2.1 on appended to a CQL 3 syntax error: its
//! parser's `ErrorCollector` quoted the statement around the offending
//! token, ` (...text [TOKEN]...)`. Pure text: the front ends ask for it
//! where their release did.
//!
//! What the collector did, emulated here:
//! - ANTLR 3.5's token stream holds the hidden tokens too (each run of
//!   whitespace, each comment), and at the error it had read up to the
//!   offending token; the snippet runs from ten tokens before it (hidden
//!   ones counted) to it.
//! - It worked on the statement's lines (`split("\n")`, trailing empty ones
//!   dropped) and on each token's text (a string constant's unquoted one),
//!   so its cuts are Java's `substring`s, joined without the line breaks.
//! - The end token the lexer gave (Cassandra's `nextToken` made a bare
//!   `CommonToken(EOF)`) had no position: an error at the end of input
//!   (`line 0:-1 ...`) or a snippet reaching it has none. Where a cut did
//!   reach past its line, `substring` threw, and the statement failed as
//!   `Failed parsing statement: [...] reason: StringIndexOutOfBoundsException
//!   ...` (the node ran on JDK 17, whose wording this is).
//! - The collector quoted from where the stream stood, not from the
//!   error's token: after ANTLR dropped an extraneous token it stood at the
//!   expected one (at the end token, which had no position: no snippet),
//!   and at a table name whose next token no rule took (`(ks '.')? cf`
//!   looked one further). It ended two stream tokens on or at the last one
//!   read: one visible token further where the parser had looked ahead (a
//!   mismatched or missing token's recovery, the table name's decision),
//!   else at the highlighted token. 2.1 reported the last error, 2.2 the
//!   first, and the parser here stops at its first.

use super::error::CqlError;
use super::lexer::{tokenize, tokenize_past_errors, TokenKind};

mod stood;
use stood::{anchor_and_end, StreamToken};

/// The text of `err` as the collector reported it for the statement
/// `text`; `None` for an error that is not a parser's syntax error (a
/// lexer's had no snippet).
pub fn with_snippet(text: &str, err: &CqlError) -> Option<String> {
    snippet_of(text, err, true)
}

/// [`with_snippet`] for a parser that threw a mismatched token as it met
/// it, without looking one token further for a recovery (3.10 on): the
/// stream had read up to the offending token only.
pub fn without_recovery(text: &str, err: &CqlError) -> Option<String> {
    snippet_of(text, err, false)
}

fn snippet_of(text: &str, err: &CqlError, recovers: bool) -> Option<String> {
    let CqlError::Syntax {
        line,
        column,
        message,
    } = err
    else {
        return None;
    };
    let tokens = tokenize_past_errors(text);
    let chars: Vec<char> = text.chars().collect();
    let starts = line_starts(&chars);
    let offset = |line: i32, column: i32| -> Option<usize> {
        let start = *starts.get(usize::try_from(line - 1).ok()?)?;
        Some(start + usize::try_from(column).ok()?)
    };
    // The whole stream, hidden tokens too: (line, column, text length,
    // visible word) of each; the end token last.
    let mut stream: Vec<StreamToken> = Vec::new();
    let mut at = 0;
    let mut error_at = None;
    let mut prev_symbol: Option<&str> = None;
    for t in &tokens {
        let is_eof = t.kind == TokenKind::Eof;
        let start = if is_eof {
            chars.len()
        } else {
            offset(t.line, t.column)?
        };
        hidden_tokens(&chars, at.min(start), start, &starts, &mut stream);
        let (tline, tcol) = position(&starts, start);
        let hit = if is_eof {
            *line <= 0
        } else {
            (t.line, t.column) == (*line, *column)
        };
        if hit && error_at.is_none() {
            error_at = Some(stream.len());
        }
        let text = if is_eof { "<EOF>" } else { t.text.as_str() };
        stream.push(StreamToken {
            line: tline,
            column: tcol,
            len: text.chars().count(),
            word: match t.kind {
                TokenKind::Ident | TokenKind::QuotedName => Some(t.text.to_ascii_lowercase()),
                _ => None,
            },
            function_name: t.kind == TokenKind::QuotedName
                && prev_symbol.is_some_and(|p| BEFORE_VALUE.contains(&p)),
            value_after: prev_symbol
                .filter(|p| BEFORE_VALUE.contains(p))
                .filter(|_| {
                    t.kind == TokenKind::Ident
                        && !CONSTANT_WORDS.contains(&t.text.to_ascii_lowercase().as_str())
                })
                .map(str::to_string),
            symbol: match t.kind {
                TokenKind::Symbol if t.text.chars().count() == 1 => t.text.chars().next(),
                _ => None,
            },
            bare_token: t.kind == TokenKind::Ident && t.text.eq_ignore_ascii_case("token"),
            visible: true,
            eof: is_eof,
        });
        if is_eof {
            break;
        }
        at = start + source_len(&chars[start..], t.kind.clone(), &t.text);
        prev_symbol = (t.kind == TokenKind::Symbol).then_some(t.text.as_str());
    }
    let error_at = error_at?;
    let plain = || Some(format!("line {line}:{column} {message}"));
    let Some((anchor, to)) = anchor_and_end(&stream, error_at, message, recovers) else {
        return plain();
    };
    // An end token the stream read has no position: no snippet (the
    // offending end token itself is the case below).
    if stream[to].eof && !stream[anchor].eof {
        return plain();
    }
    let pos = |i: usize| (stream[i].line, stream[i].column);
    let from = pos(anchor.saturating_sub(10));
    let offending = (
        stream[anchor].line,
        stream[anchor].column,
        stream[anchor].len,
    );
    let to = (stream[to].line, stream[to].column, stream[to].len);
    Some(match snippet(text, from, to, offending) {
        Ok(s) => format!("line {line}:{column} {message}{s}"),
        Err(java) => format!("Failed parsing statement: [{text}] reason: {java}"),
    })
}

/// Symbols after which the grammar wanted a value (a term).
const BEFORE_VALUE: &[&str] = &["=", "<", "<=", ">", ">=", "!=", "(", ",", "[", "{", ":"];

/// Bare words that are constants, whose value the grammar chose by the word
/// alone (no function call starts with them).
const CONSTANT_WORDS: &[&str] = &["true", "false", "null", "nan", "infinity"];

/// `err` as 2.2's grammar reported it, where the parser here refused a
/// quoted name at a value's place (`id = "a" x`), else `None`: 2.2 took a
/// quoted name for a function's (`"f"(...)`), so the decision failed at the
/// token after the name, which the error names (the stream still stood at
/// the name: see [`with_snippet`]). At the statement's end it said other
/// words, not emulated.
pub fn as_function_name(text: &str, err: &CqlError) -> Option<CqlError> {
    let CqlError::Syntax { line, column, .. } = err else {
        return None;
    };
    let tokens = tokenize(text).ok()?;
    let at = tokens
        .iter()
        .position(|t| (t.line, t.column) == (*line, *column))?;
    // The first quoted name at a value's place up to where the parser here
    // stopped: 2.2 failed there, whatever this parser made of the rest.
    let i = (1..=at).find(|&i| {
        let (before, name) = (&tokens[i - 1], &tokens[i]);
        name.kind == TokenKind::QuotedName
            && before.kind == TokenKind::Symbol
            && BEFORE_VALUE.contains(&before.text.as_str())
    })?;
    let next = tokens.get(i + 1)?;
    let called = next.kind == TokenKind::Symbol && next.text == "(";
    if called || next.kind == TokenKind::Eof {
        return None;
    }
    Some(CqlError::Syntax {
        line: next.line,
        column: next.column,
        message: format!("no viable alternative at input '{}'", next.text),
    })
}

/// `err` as 2.1 reported it, where the parser here refused the reserved
/// word `order` as a SELECT's table name (`SELECT * FROM order WHERE ..`),
/// else `None`: ANTLR's recovery left the word for the `ORDER BY` clause,
/// which matched it and then missed `BY` at the next token, and 2.1's
/// collector reported that last error. At the statement's end it said
/// other words, not emulated.
pub fn as_order_clause(text: &str, err: &CqlError) -> Option<CqlError> {
    let CqlError::Syntax {
        line,
        column,
        message,
    } = err
    else {
        return None;
    };
    if !message.starts_with("no viable alternative at input ") {
        return None;
    }
    let tokens = tokenize(text).ok()?;
    let at = tokens
        .iter()
        .position(|t| (t.line, t.column) == (*line, *column))?;
    let word = |i: usize, w: &str| {
        tokens
            .get(i)
            .is_some_and(|t| t.kind == TokenKind::Ident && t.text.eq_ignore_ascii_case(w))
    };
    if at < 2 || !word(0, "select") || !word(at, "order") || !word(at - 1, "from") {
        return None;
    }
    let next = tokens.get(at + 1)?;
    if next.kind == TokenKind::Eof || word(at + 1, "by") {
        return None;
    }
    Some(CqlError::Syntax {
        line: next.line,
        column: next.column,
        message: format!("mismatched input '{}' expecting K_BY", next.text),
    })
}

/// The char offset each line starts at (lines split at `\n`).
fn line_starts(chars: &[char]) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(
        chars
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == '\n')
            .map(|(i, _)| i + 1),
    );
    starts
}

/// The ANTLR position (line from 1, column from 0) of char offset `at`.
fn position(starts: &[usize], at: usize) -> (i32, i32) {
    let line = starts.partition_point(|s| *s <= at);
    let column = at - starts[line - 1];
    (line as i32, column as i32)
}

/// Pushes the hidden tokens of `chars[from..to]` (the text between two
/// visible tokens): each run of whitespace and each comment is one.
fn hidden_tokens(
    chars: &[char],
    from: usize,
    to: usize,
    starts: &[usize],
    out: &mut Vec<StreamToken>,
) {
    let mut i = from;
    while i < to {
        let start = i;
        if is_blank(chars[i]) {
            while i < to && is_blank(chars[i]) {
                i += 1;
            }
        } else if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            i += 2;
            while i < to && !(chars[i - 1] == '*' && chars[i] == '/') {
                i += 1;
            }
            i += 1;
        } else if starts_comment(chars, i) {
            while i < to && chars[i] != '\n' && chars[i] != '\r' {
                i += 1;
            }
            i += 1;
        } else {
            // A character no token starts with: the lexer reported it and
            // skipped it, so it made no token (the runs of whitespace on
            // either side of it are two).
            i += 1;
            continue;
        }
        let (line, column) = position(starts, start);
        out.push(StreamToken {
            line,
            column,
            // The hidden token's text: where the snippet ends at one, Java
            // cut after it.
            len: i.min(to) - start,
            word: None,
            function_name: false,
            value_after: None,
            symbol: None,
            bare_token: false,
            visible: false,
            eof: false,
        });
    }
}

/// How many chars of `src` (which starts with it) a token spans: its text,
/// or for a quoted one its quotes and doubled quotes too.
fn source_len(src: &[char], kind: TokenKind, text: &str) -> usize {
    let quote = match kind {
        TokenKind::Str | TokenKind::QuotedName => src.first().copied(),
        _ => None,
    };
    let Some(q) = quote.filter(|q| *q == '\'' || *q == '"') else {
        return text.chars().count().clamp(1, src.len().max(1));
    };
    let mut i = 1;
    while i < src.len() {
        if src[i] == q {
            if src.get(i + 1) == Some(&q) {
                i += 2;
                continue;
            }
            return i + 1;
        }
        i += 1;
    }
    src.len()
}

fn is_blank(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

fn starts_comment(chars: &[char], i: usize) -> bool {
    let two = (chars.get(i), chars.get(i + 1));
    matches!(
        two,
        (Some('-'), Some('-')) | (Some('/'), Some('/')) | (Some('/'), Some('*'))
    )
}

/// A Java exception's `getSimpleName() + " " + getMessage()`.
type JavaFault = String;

/// Java's `s.substring(begin, end)` on UTF-16-free text.
fn substring(s: &[char], begin: usize, end: usize) -> Result<Vec<char>, JavaFault> {
    if begin > end || end > s.len() {
        return Err(format!(
            "StringIndexOutOfBoundsException begin {begin}, end {end}, length {}",
            s.len()
        ));
    }
    Ok(s[begin..end].to_vec())
}

fn line_at(lines: &[Vec<char>], index: i32) -> Result<usize, JavaFault> {
    match usize::try_from(index) {
        Ok(i) if i < lines.len() => Ok(i),
        _ => Err(format!(
            "ArrayIndexOutOfBoundsException Index {index} out of bounds for length {}",
            lines.len()
        )),
    }
}

/// The collector's ` (...)` for the tokens `from` (its position) to `to`,
/// with `offending` highlighted (each a position and a text length).
fn snippet(
    query: &str,
    from: (i32, i32),
    to: (i32, i32, usize),
    offending: (i32, i32, usize),
) -> Result<String, JavaFault> {
    // Java's split("\n"): trailing empty strings dropped, "" kept whole.
    let mut lines: Vec<Vec<char>> = query.split('\n').map(|l| l.chars().collect()).collect();
    if !query.is_empty() {
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
    }
    let end = to.1 as usize + to.2;
    let last = line_at(&lines, lines.len() as i32 - 1)?;
    let include_start = from == (1, 0);
    let include_end = to.0 as usize == lines.len() && end == lines[last].len();
    let mut out = String::from(" (");
    if !include_start {
        out.push_str("...");
    }
    let to_line = line_at(&lines, to.0 - 1)?;
    lines[to_line] = substring(&lines[to_line], 0, end)?;
    // Highlight: `]` after the offending token, then `[` before it.
    let (oline, ocol, olen) = offending;
    let at = line_at(&lines, oline - 1)?;
    let line = &lines[at];
    let oend = ocol as usize + olen;
    let mut marked = substring(line, 0, oend)?;
    marked.push(']');
    marked.extend(substring(line, oend, line.len())?);
    let mut highlighted = substring(&marked, 0, ocol as usize)?;
    highlighted.push('[');
    highlighted.extend(substring(&marked, ocol as usize, marked.len())?);
    lines[at] = highlighted;
    let first = line_at(&lines, from.0 - 1)?;
    let from_col = from.1 as usize;
    lines[first] = substring(&lines[first], from_col, lines[first].len())?;
    for l in &lines[first..=to_line.max(first)] {
        out.extend(l.iter());
    }
    if !include_end {
        out.push_str("...");
    }
    out.push(')');
    Ok(out)
}

#[cfg(test)]
mod tests;
