//! Splits CQL3 text into tokens, the way Cassandra 1.2's ANTLR lexer did.
//!
//! Owns CQL 3's token kinds and shapes (identifiers, quoted names,
//! string/number/uuid/blob constants, punctuation), its comments and its
//! error texts; the cursor and the shapes it shares with CQL 2 are in
//! [`crate::cql::lexing`]. It must not know statement grammar: keywords are
//! plain identifiers here and the parser decides, case-insensitively, which
//! words are keywords.

use super::error::{CqlError, CqlResult};
use super::lexing::{self, Cursor, Kinds};
use super::lookahead::{all_tokens, Pull};

/// What a token is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenKind {
    /// A bare word: keyword or unquoted identifier (original case kept).
    Ident,
    /// `"Name"`: a case-sensitive identifier; `text` is unquoted.
    QuotedName,
    /// `'text'`; `text` is unescaped (`''` → `'`).
    Str,
    Integer,
    Float,
    Uuid,
    /// `0x...`; `text` keeps the `0x` prefix.
    Hex,
    /// 3.10's duration literal: `1h30m`, `-2d10s`, ISO 8601's `P1DT2H`.
    Duration,
    /// Punctuation and operators: `( ) , ; . * = < <= > >= != [ ] { } : + - ?`.
    Symbol,
    Eof,
}

impl Kinds for TokenKind {
    const WORD: Self = TokenKind::Ident;
    const SYMBOL: Self = TokenKind::Symbol;
    const EOF: Self = TokenKind::Eof;
}

/// One CQL 3 token.
pub type Token = lexing::Token<TokenKind>;

/// Tokenizes a whole statement; the last token is always `Eof`.
pub fn tokenize(src: &str) -> CqlResult<Vec<Token>> {
    all_tokens(Lexer::new(src))
}

/// Every token of a text lexed on past its errors, as ANTLR's lexer went
/// on (a character no token starts with skipped, the end of the text
/// inside a string or comment ending it): the stream an error snippet
/// shows.
pub fn tokenize_past_errors(src: &str) -> Vec<Token> {
    let mut lexer = Lexer::with(src, LexErrors::Collected);
    let mut out = Vec::new();
    loop {
        // (A collecting lexer does not fail.)
        let t = lexer.next_token().unwrap_or_else(|_| Token::eof());
        let end = t.kind == TokenKind::Eof;
        out.push(t);
        if end {
            return out;
        }
    }
}

/// Hands out a statement's tokens one at a time (see `cql::lookahead`).
pub struct Lexer<'a> {
    at: Cursor<'a>,
    /// Whether `[ ] { }` are tokens: 1.1's CQL 3 beta had no collections.
    brackets: bool,
    /// Whether `!=` is a token: 2.1's lexer had it (conditions' `!=`);
    /// before, `!` started no token.
    neq: bool,
    /// Whether `$$...$$` is a string: 2.2's lexer had it (pg-style
    /// strings, for function bodies); before, `$` started no token.
    dollars: bool,
    /// Whether `1h30m` and `P1DT2H` are durations: 3.10's lexer had them;
    /// before (and in error snippets), a number then a name, or a name.
    durations: bool,
    /// Which lexical error a failed statement reports.
    errors: LexErrors,
    /// [`LexErrors::Collected`]: the last lexical error met so far.
    collected: Option<CqlError>,
}

/// Which of a text's lexical errors a release reported. ANTLR's lexer
/// reported a character no token starts with, skipped it and lexed on;
/// the releases differed in which recorded error they threw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LexErrors {
    /// 2.2 on (`ErrorCollector.throwFirstSyntaxError`): the first.
    First,
    /// 1.1 to 2.0 (the lexer's `throwLastRecognitionError`, before the
    /// parser's): the last lexical error, whatever the parser met.
    Last,
    /// 2.1 (one `ErrorCollector` for both, its last error thrown): the
    /// parser's error when the tokens left do not parse, else the last
    /// lexical one (see [`Lexer::collected_error`]).
    Collected,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer::with(src, LexErrors::First)
    }

    /// A lexer reporting its errors as `errors` says.
    pub fn with(src: &'a str, errors: LexErrors) -> Lexer<'a> {
        Lexer {
            at: Cursor::new(src),
            brackets: true,
            neq: true,
            dollars: true,
            durations: false,
            errors,
            collected: None,
        }
    }

    /// This lexer without 2.1's `!=` token (1.2's and 2.0's).
    pub fn without_neq(self) -> Lexer<'a> {
        Lexer { neq: false, ..self }
    }

    /// This lexer without 2.2's `$$` strings (1.2's to 2.1's).
    pub fn without_dollars(self) -> Lexer<'a> {
        Lexer {
            dollars: false,
            ..self
        }
    }

    /// This lexer with 3.10's duration literals.
    pub fn with_durations(self) -> Lexer<'a> {
        Lexer {
            durations: true,
            ..self
        }
    }

    /// The lexer of 1.1's CQL 3 beta, whose tokens had no brackets.
    pub fn beta(src: &'a str) -> Lexer<'a> {
        Lexer {
            brackets: false,
            dollars: false,
            ..Lexer::with(src, LexErrors::Last)
        }
    }

    /// The next token; `Eof` at the end (and after it, again). A failure
    /// is the lexical error reported (see [`LexErrors`]); when errors are
    /// collected, none fails: a bad character is skipped and an error
    /// running to the end ends the text.
    pub fn next_token(&mut self) -> CqlResult<Token> {
        // (A loop, not recursion: a text may hold any number of errors.)
        let mut failed: Option<CqlError> = None;
        loop {
            let e = match self.one_token() {
                Ok(t) if failed.is_none() => return Ok(t),
                Ok(t) if t.kind == TokenKind::Eof => return Err(failed.expect("an error")),
                Ok(_) => continue,
                Err(Lexical::AtEnd(e)) if self.errors == LexErrors::Collected => {
                    self.collected = Some(e);
                    return Ok(Token::eof());
                }
                Err(Lexical::AtEnd(e)) => return Err(e),
                Err(Lexical::Skipped(e)) => e,
            };
            match self.errors {
                LexErrors::First => return Err(e),
                // Lexed on to the end, for a later error.
                LexErrors::Last => failed = Some(e),
                LexErrors::Collected => self.collected = Some(e),
            }
        }
    }

    /// [`LexErrors::Collected`]: the last lexical error of the text lexed
    /// so far, if any.
    pub fn collected_error(&mut self) -> Option<CqlError> {
        self.collected.take()
    }

    fn one_token(&mut self) -> Result<Token, Lexical> {
        self.skip_blanks_and_comments().map_err(Lexical::AtEnd)?;
        if self.at.peek(0).is_none() {
            return Ok(Token::eof());
        }
        self.token()
    }
}

/// Where ANTLR's lexer, having predicted a UUID, failed to match one.
/// (`take` stops at the end of the text: nothing is skipped past it.)
///
/// Its token decision (`mTokens`' DFA) chose the UUID rule as soon as the
/// characters read could continue no other token: a digit then a hex
/// letter (`6b`: no number goes on so), or eight hex digits then `-` (no
/// name does). The rule then matched `HEX{8} '-' HEX{4} '-' HEX{4} '-'
/// HEX{4} '-' HEX{12}` and failed at the first character out of place,
/// which it reported (`mismatched character '9' expecting '-'`).
struct UuidMismatch {
    /// Characters from the token's start to the one it failed at.
    at: usize,
    /// That character; `None` at the end of the text.
    found: Option<char>,
    /// Whether a `-` was due there (else a hex digit, a character set).
    dash: bool,
}

impl UuidMismatch {
    fn message(&self) -> String {
        // ANTLR's `getCharErrorDisplay`.
        let shown = match self.found {
            None => "<EOF>".to_string(),
            Some('\n') => "\\n".to_string(),
            Some('\t') => "\\t".to_string(),
            Some('\r') => "\\r".to_string(),
            Some(c) => c.to_string(),
        };
        let expecting = if self.dash { "'-'" } else { "set null" };
        format!("mismatched character '{shown}' expecting {expecting}")
    }
}

/// Whether a UUID's character may stand at position `i` of one.
fn fits_uuid(i: usize, c: char) -> bool {
    match i {
        8 | 13 | 18 | 23 => c == '-',
        0..=35 => c.is_ascii_hexdigit(),
        _ => false,
    }
}

/// Whether the text `read` could still go on to be a token other than a
/// UUID: a name (`LETTER (LETTER | DIGIT | '_')*`), an integer or a float
/// with an exponent (`DIGIT+ E ('+'|'-')? DIGIT*`). (A `.`, an `x` after
/// `0` or a sign fits no UUID, which is then out of the running first.)
fn other_token_goes_on(read: &[char]) -> bool {
    let Some(first) = read.first() else {
        return true;
    };
    if first.is_ascii_alphabetic() {
        return read.iter().all(|c| c.is_ascii_alphanumeric() || *c == '_');
    }
    let digits = read.iter().take_while(|c| c.is_ascii_digit()).count();
    let rest = &read[digits..];
    digits > 0
        && match rest.split_first() {
            None => true,
            Some(('e' | 'E', after)) => {
                let digits = match after.first() {
                    Some('+' | '-') => &after[1..],
                    _ => after,
                };
                digits.iter().all(char::is_ascii_digit)
            }
            Some(_) => false,
        }
}

/// The failure of a UUID the lexer's decision predicted at `at` but the
/// text does not complete; `None` when no UUID is predicted there or it
/// is whole.
fn uuid_mismatch(at: &Cursor) -> Option<UuidMismatch> {
    let mut read = Vec::new();
    let mut predicted = false;
    while !predicted {
        let c = at.peek(read.len())?;
        if !fits_uuid(read.len(), c) {
            return None;
        }
        read.push(c);
        predicted = !other_token_goes_on(&read);
    }
    let mut i = read.len();
    loop {
        let found = at.peek(i);
        match found {
            Some(c) if fits_uuid(i, c) => i += 1,
            _ if i == 36 => return None,
            _ => {
                return Some(UuidMismatch {
                    at: i,
                    found,
                    dash: matches!(i, 8 | 13 | 18 | 23),
                })
            }
        }
    }
}

/// A lexical error, and whether lexing went on after it.
enum Lexical {
    /// A character no token starts with, skipped.
    Skipped(CqlError),
    /// What runs to the end of the text (an unterminated string, name or
    /// comment): nothing is lexed after it.
    AtEnd(CqlError),
}

impl Pull for Lexer<'_> {
    type Token = Token;
    fn next_token(&mut self) -> CqlResult<Token> {
        Lexer::next_token(self)
    }
    fn is_eof(t: &Token) -> bool {
        t.kind == TokenKind::Eof
    }
    fn eof() -> Token {
        Token::eof()
    }
    fn collected_error(&mut self) -> Option<CqlError> {
        Lexer::collected_error(self)
    }
}

/// ANTLR's lexer at the end of a text that ended inside a string, a
/// quoted name or a comment, where `closing` was due.
fn at_end(at: &Cursor, closing: char) -> CqlError {
    syntax(
        at.line,
        at.column,
        format!("mismatched character '<EOF>' expecting '{closing}'"),
    )
}

fn syntax(line: i32, column: i32, message: String) -> CqlError {
    CqlError::Syntax {
        line,
        column,
        message,
    }
}

impl Lexer<'_> {
    fn skip_blanks_and_comments(&mut self) -> CqlResult<()> {
        let at = &mut self.at;
        loop {
            match (at.peek(0), at.peek(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    at.bump();
                }
                // The grammar's line comment (`('--' | '//') .* ('\n'|'\r')`)
                // needs its line end or carriage return: a text ending
                // inside one fails at its end, where that set was wanted.
                // (The line end itself is then skipped as a blank.)
                (Some('-'), Some('-')) | (Some('/'), Some('/')) => {
                    let n = at.count_while(0, |c| c != '\n' && c != '\r');
                    at.take(n);
                    if at.peek(0).is_none() {
                        return Err(syntax(
                            at.line,
                            at.column,
                            "mismatched character '<EOF>' expecting set null".into(),
                        ));
                    }
                }
                (Some('/'), Some('*')) => {
                    if !at.block_comment() {
                        return Err(at_end(at, '*'));
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    /// Length of a UUID constant starting here, if one does: a longer word
    /// (e.g. a 13th hex digit) is not a UUID.
    fn uuid_len(&self) -> Option<usize> {
        let n = self.at.uuid_len()?;
        let longer = self
            .at
            .peek(n)
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        (!longer).then_some(n)
    }

    fn token(&mut self) -> Result<Token, Lexical> {
        let (line, column) = (self.at.line, self.at.column);
        let tok = |kind, text| {
            Ok(Token {
                kind,
                text,
                line,
                column,
            })
        };
        let c = self.at.peek(0).unwrap_or('\0');
        if let Some(n) = self.uuid_len() {
            return tok(TokenKind::Uuid, self.at.take(n));
        }
        // (Before a UUID's prediction: 3.10's `1d` is no UUID begun.)
        if let Some(n) = self.duration_len() {
            return tok(TokenKind::Duration, self.at.take(n));
        }
        if let Some(miss) = uuid_mismatch(&self.at) {
            // The partial UUID is dropped and the character it failed at
            // skipped (ANTLR's `Lexer.recover`); lexing goes on after it.
            // A hex digit's set was recovered from twice: by the rule's
            // own `recover` before it threw, and by `nextToken`'s after.
            let column = column + miss.at as i32;
            let skipped = if miss.dash { 1 } else { 2 };
            self.at.take(miss.at + skipped);
            return Err(Lexical::Skipped(syntax(line, column, miss.message())));
        }
        if c == '0' && matches!(self.at.peek(1), Some('x') | Some('X')) {
            let n = 2 + self.at.count_while(2, |c| c.is_ascii_hexdigit());
            return tok(TokenKind::Hex, self.at.take(n));
        }
        if c.is_ascii_digit() || (c == '-' && self.at.peek(1).is_some_and(|d| d.is_ascii_digit())) {
            return Ok(self.number(line, column));
        }
        let word = self.at.word_len(0);
        if word > 0 {
            return tok(TokenKind::Ident, self.at.take(word));
        }
        if c == '\'' || c == '"' {
            return self.quoted(c, line, column);
        }
        if self.dollars && c == '$' && self.at.peek(1) == Some('$') {
            return self.dollar_string(line, column);
        }
        let two: String = [Some(c), self.at.peek(1)].iter().flatten().collect();
        if matches!(two.as_str(), "<=" | ">=") || (self.neq && two == "!=") {
            return tok(TokenKind::Symbol, self.at.take(2));
        }
        let bracket = "[]{}".contains(c);
        if "(),;.*=<>[]{}:+-?".contains(c) && (self.brackets || !bracket) {
            return tok(TokenKind::Symbol, self.at.take(1));
        }
        self.at.take(1);
        Err(Lexical::Skipped(syntax(
            line,
            column,
            format!("no viable alternative at character '{c}'"),
        )))
    }

    /// The length of a 3.10 duration literal starting here, if one does
    /// (see `cql::duration_literal`).
    fn duration_len(&self) -> Option<usize> {
        if !self.durations {
            return None;
        }
        let ahead: String = (0..)
            .map_while(|i| self.at.peek(i))
            .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | ':' | '_' | 'µ'))
            .collect();
        super::duration_literal::length(&ahead, self.at.word_len(0))
    }

    fn number(&mut self, line: i32, column: i32) -> Token {
        let at = &self.at;
        let mut n = usize::from(at.peek(0) == Some('-'));
        n += at.digits(n);
        let mut float = false;
        if at.peek(n) == Some('.') && at.peek(n + 1) != Some('.') {
            float = true;
            n += 1;
            n += at.digits(n);
        }
        if matches!(at.peek(n), Some('e') | Some('E')) {
            let mut m = n + 1;
            if matches!(at.peek(m), Some('+') | Some('-')) {
                m += 1;
            }
            let exponent = at.digits(m);
            if exponent > 0 {
                float = true;
                n = m + exponent;
            }
        }
        let kind = if float {
            TokenKind::Float
        } else {
            TokenKind::Integer
        };
        Token {
            kind,
            text: self.at.take(n),
            line,
            column,
        }
    }

    /// 2.2's `$$text$$`: everything up to the next `$$`, unescaped.
    fn dollar_string(&mut self, line: i32, column: i32) -> Result<Token, Lexical> {
        self.at.take(2);
        let mut text = String::new();
        loop {
            match (self.at.peek(0), self.at.peek(1)) {
                (Some('$'), Some('$')) => {
                    self.at.take(2);
                    return Ok(Token {
                        kind: TokenKind::Str,
                        text,
                        line,
                        column,
                    });
                }
                (Some(c), _) => {
                    text.push(c);
                    self.at.bump();
                }
                (None, _) => return Err(Lexical::AtEnd(at_end(&self.at, '$'))),
            }
        }
    }

    fn quoted(&mut self, quote: char, line: i32, column: i32) -> Result<Token, Lexical> {
        let kind = if quote == '\'' {
            TokenKind::Str
        } else {
            TokenKind::QuotedName
        };
        let Some(text) = self.at.quoted(quote) else {
            return Err(Lexical::AtEnd(at_end(&self.at, quote)));
        };
        Ok(Token {
            kind,
            text,
            line,
            column,
        })
    }
}

#[cfg(test)]
#[path = "lexer_tests.rs"]
mod tests;
