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
            errors,
            collected: None,
        }
    }

    /// This lexer without 2.1's `!=` token (1.2's and 2.0's).
    pub fn without_neq(self) -> Lexer<'a> {
        Lexer { neq: false, ..self }
    }

    /// The lexer of 1.1's CQL 3 beta, whose tokens had no brackets.
    pub fn beta(src: &'a str) -> Lexer<'a> {
        Lexer {
            brackets: false,
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
                // The end of the line is not the comment's.
                (Some('-'), Some('-')) | (Some('/'), Some('/')) => {
                    let n = at.count_while(0, |c| c != '\n');
                    at.take(n);
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
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(TokenKind, String)> {
        tokenize(src)
            .unwrap()
            .into_iter()
            .map(|t| (t.kind, t.text))
            .collect()
    }

    #[test]
    fn constants_and_positions() {
        let toks = tokenize("SELECT x\n  FROM t WHERE k = 'it''s' -- c\n").unwrap();
        assert_eq!(toks[2].text, "FROM");
        assert_eq!((toks[2].line, toks[2].column), (2, 2));
        assert_eq!(toks[7].kind, TokenKind::Str);
        assert_eq!(toks[7].text, "it's");
        assert_eq!(toks.last().unwrap().kind, TokenKind::Eof);
    }

    #[test]
    fn uuid_beats_ident_and_integer() {
        let k = kinds(
            "e4ed8000-c9e5-11e2-9000-0242ac110002 99051fe9-6a9c-46c2-b949-38ef78858dd0 e4ed8000",
        );
        assert_eq!(k[0].0, TokenKind::Uuid);
        assert_eq!(k[1].0, TokenKind::Uuid);
        assert_eq!(k[2].0, TokenKind::Ident);
    }

    #[test]
    fn numbers_blobs_symbols() {
        let k = kinds("-1 1.5 2e3 0x81ff <= != ? /* x */ \"Q\"\"n\"");
        assert_eq!(k[0], (TokenKind::Integer, "-1".into()));
        assert_eq!(k[1], (TokenKind::Float, "1.5".into()));
        assert_eq!(k[2], (TokenKind::Float, "2e3".into()));
        assert_eq!(k[3], (TokenKind::Hex, "0x81ff".into()));
        assert_eq!(k[4], (TokenKind::Symbol, "<=".into()));
        assert_eq!(k[5], (TokenKind::Symbol, "!=".into()));
        assert_eq!(k[6], (TokenKind::Symbol, "?".into()));
        assert_eq!(k[7], (TokenKind::QuotedName, "Q\"n".into()));
    }

    #[test]
    fn identifiers_are_ascii_as_in_cassandra() {
        assert!(tokenize("SELECT théo FROM t").is_err());
        assert_eq!(kinds("'привет'")[0], (TokenKind::Str, "привет".into()));
    }

    #[test]
    fn unterminated_string_is_an_error() {
        assert!(tokenize("SELECT 'abc").is_err());
    }

    fn error_of(lexer: Lexer) -> String {
        match all_tokens(lexer) {
            Err(CqlError::Syntax {
                line,
                column,
                message,
            }) => format!("{line}:{column} {message}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn which_lexical_error_is_reported() {
        let text = "SELECT ~a FROM t WHERE k = ~1 AND c = 'x";
        assert_eq!(
            error_of(Lexer::with(text, LexErrors::Last)),
            "1:40 mismatched character '<EOF>' expecting '''"
        );
        let text = "SELECT ~a, ! FROM t";
        assert_eq!(
            error_of(Lexer::with(text, LexErrors::Last)),
            "1:11 no viable alternative at character '!'"
        );
        assert_eq!(
            error_of(Lexer::new(text)),
            "1:7 no viable alternative at character '~'"
        );
        // Collected: no failure, the bad characters skipped.
        let mut collecting = Lexer::with(text, LexErrors::Collected);
        let mut tokens = 0;
        while collecting.next_token().unwrap().kind != TokenKind::Eof {
            tokens += 1;
        }
        assert_eq!(tokens, 5);
        assert!(collecting.collected_error().is_some());
        assert_eq!(tokenize_past_errors(text).len(), 6);
    }

    #[test]
    fn the_beta_had_no_brackets() {
        let text = "CREATE TABLE m (k text PRIMARY KEY) WITH c = {'class': 'L'}";
        assert_eq!(
            error_of(Lexer::beta(text)),
            "1:58 no viable alternative at character '}'"
        );
        assert!(all_tokens(Lexer::new(text)).is_ok());
    }
}
