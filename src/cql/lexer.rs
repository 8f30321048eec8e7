//! Splits CQL3 text into tokens, the way Cassandra 1.2's ANTLR lexer did.
//!
//! Owns token shapes (identifiers, quoted names, string/number/uuid/blob
//! constants, punctuation), comments and source positions. It must not
//! know statement grammar: keywords are plain identifiers here and the
//! parser decides, case-insensitively, which words are keywords.

use super::error::{CqlError, CqlResult};

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

/// One token with its ANTLR-style position (line from 1, column from 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub text: String,
    pub line: i32,
    pub column: i32,
}

impl Token {
    /// True for a bare word equal to `kw`, ignoring case.
    pub fn is_kw(&self, kw: &str) -> bool {
        self.kind == TokenKind::Ident && self.text.eq_ignore_ascii_case(kw)
    }
    pub fn is_sym(&self, sym: &str) -> bool {
        self.kind == TokenKind::Symbol && self.text == sym
    }
}

/// A statement's characters, by index, without a copy of ASCII text.
///
/// Why: positions and lookahead count characters, so the lexers index by
/// character; a `Vec<char>` of the text costs four times its size (64 MB
/// for a 16 MB statement). ASCII text (any statement without non-ASCII
/// strings or names) is indexed in place; only other text is decoded.
pub(crate) enum Source<'a> {
    Ascii(&'a [u8]),
    Wide(Vec<char>),
}

impl<'a> Source<'a> {
    pub(crate) fn new(src: &'a str) -> Source<'a> {
        if src.is_ascii() {
            Source::Ascii(src.as_bytes())
        } else {
            Source::Wide(src.chars().collect())
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            Source::Ascii(b) => b.len(),
            Source::Wide(c) => c.len(),
        }
    }

    pub(crate) fn get(&self, i: usize) -> Option<char> {
        match self {
            Source::Ascii(b) => b.get(i).map(|&b| char::from(b)),
            Source::Wide(c) => c.get(i).copied(),
        }
    }

    /// How many characters from `from` on satisfy `pred`.
    pub(crate) fn count_while(&self, from: usize, pred: impl Fn(char) -> bool) -> usize {
        match self {
            Source::Ascii(b) => b.get(from..).map_or(0, |b| {
                b.iter().take_while(|&&b| pred(char::from(b))).count()
            }),
            Source::Wide(c) => c
                .get(from..)
                .map_or(0, |c| c.iter().take_while(|&&c| pred(c)).count()),
        }
    }
}

/// Tokenizes a whole statement; the last token is always `Eof`.
pub fn tokenize(src: &str) -> CqlResult<Vec<Token>> {
    let mut lx = Lexer::new(src);
    let mut out = Vec::new();
    loop {
        let t = lx.next_token()?;
        let end = t.kind == TokenKind::Eof;
        out.push(t);
        if end {
            return Ok(out);
        }
    }
}

/// Hands out a statement's tokens one at a time (see `cql::lookahead`).
pub struct Lexer<'a> {
    chars: Source<'a>,
    pos: usize,
    line: i32,
    col: i32,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            chars: Source::new(src),
            pos: 0,
            line: 1,
            col: 0,
        }
    }

    /// The next token; `Eof` at the end (and after it, again).
    pub fn next_token(&mut self) -> CqlResult<Token> {
        self.skip_blanks_and_comments()?;
        if self.pos >= self.chars.len() {
            // ANTLR 3 reports the end of input at line 0, column -1.
            return Ok(Token {
                kind: TokenKind::Eof,
                text: "<EOF>".into(),
                line: 0,
                column: -1,
            });
        }
        self.token()
    }
}

impl crate::cql::lookahead::Pull for Lexer<'_> {
    type Token = Token;
    fn next_token(&mut self) -> CqlResult<Token> {
        Lexer::next_token(self)
    }
    fn is_eof(t: &Token) -> bool {
        t.kind == TokenKind::Eof
    }
    fn eof() -> Token {
        Token {
            kind: TokenKind::Eof,
            text: "<EOF>".into(),
            line: 0,
            column: -1,
        }
    }
}

fn is_hex(c: char) -> bool {
    c.is_ascii_hexdigit()
}

impl Lexer<'_> {
    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.pos)?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 0;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn error_at(&self, line: i32, column: i32, message: String) -> CqlError {
        CqlError::Syntax {
            line,
            column,
            message,
        }
    }

    fn skip_blanks_and_comments(&mut self) -> CqlResult<()> {
        loop {
            match (self.peek(0), self.peek(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('-'), Some('-')) | (Some('/'), Some('/')) => {
                    while let Some(c) = self.peek(0) {
                        if c == '\n' {
                            break;
                        }
                        self.bump();
                    }
                }
                (Some('/'), Some('*')) => {
                    let (line, col) = (self.line, self.col);
                    self.bump();
                    self.bump();
                    loop {
                        match (self.peek(0), self.peek(1)) {
                            (Some('*'), Some('/')) => {
                                self.bump();
                                self.bump();
                                break;
                            }
                            (Some(_), _) => {
                                self.bump();
                            }
                            (None, _) => {
                                return Err(self.error_at(
                                    line,
                                    col,
                                    "unterminated comment".into(),
                                ));
                            }
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    /// Length of a UUID constant starting here, if one does (8-4-4-4-12 hex).
    fn uuid_len(&self) -> Option<usize> {
        let groups = [8, 4, 4, 4, 12];
        let mut i = 0;
        for (g, &n) in groups.iter().enumerate() {
            for _ in 0..n {
                if !self.peek(i).is_some_and(is_hex) {
                    return None;
                }
                i += 1;
            }
            if g < 4 {
                if self.peek(i) != Some('-') {
                    return None;
                }
                i += 1;
            }
        }
        // A longer word (e.g. a 13th hex digit) is not a UUID.
        if self
            .peek(i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return None;
        }
        Some(i)
    }

    fn take(&mut self, n: usize) -> String {
        let mut text = String::with_capacity(n);
        text.extend((0..n).map_while(|_| self.bump()));
        text
    }

    fn token(&mut self) -> CqlResult<Token> {
        let (line, column) = (self.line, self.col);
        let tok = |kind, text| {
            Ok(Token {
                kind,
                text,
                line,
                column,
            })
        };
        let c = self.peek(0).unwrap_or('\0');
        if let Some(n) = self.uuid_len() {
            return tok(TokenKind::Uuid, self.take(n));
        }
        if c == '0' && matches!(self.peek(1), Some('x') | Some('X')) {
            let n = 2 + self.chars.count_while(self.pos + 2, is_hex);
            return tok(TokenKind::Hex, self.take(n));
        }
        if c.is_ascii_digit() || (c == '-' && self.peek(1).is_some_and(|d| d.is_ascii_digit())) {
            return self.number(line, column);
        }
        if c.is_ascii_alphabetic() {
            let n = 1 + self
                .chars
                .count_while(self.pos + 1, |c| c.is_ascii_alphanumeric() || c == '_');
            return tok(TokenKind::Ident, self.take(n));
        }
        if c == '\'' || c == '"' {
            return self.quoted(c, line, column);
        }
        let two: String = [Some(c), self.peek(1)].iter().flatten().collect();
        if matches!(two.as_str(), "<=" | ">=" | "!=") {
            return tok(TokenKind::Symbol, self.take(2));
        }
        if "(),;.*=<>[]{}:+-?".contains(c) {
            return tok(TokenKind::Symbol, self.take(1));
        }
        Err(self.error_at(
            line,
            column,
            format!("no viable alternative at character '{c}'"),
        ))
    }

    fn number(&mut self, line: i32, column: i32) -> CqlResult<Token> {
        let mut n = usize::from(self.peek(0) == Some('-'));
        while self.peek(n).is_some_and(|c| c.is_ascii_digit()) {
            n += 1;
        }
        let mut float = false;
        if self.peek(n) == Some('.') && self.peek(n + 1) != Some('.') {
            float = true;
            n += 1;
            while self.peek(n).is_some_and(|c| c.is_ascii_digit()) {
                n += 1;
            }
        }
        if matches!(self.peek(n), Some('e') | Some('E')) {
            let mut m = n + 1;
            if matches!(self.peek(m), Some('+') | Some('-')) {
                m += 1;
            }
            if self.peek(m).is_some_and(|c| c.is_ascii_digit()) {
                float = true;
                n = m;
                while self.peek(n).is_some_and(|c| c.is_ascii_digit()) {
                    n += 1;
                }
            }
        }
        let kind = if float {
            TokenKind::Float
        } else {
            TokenKind::Integer
        };
        Ok(Token {
            kind,
            text: self.take(n),
            line,
            column,
        })
    }

    fn quoted(&mut self, quote: char, line: i32, column: i32) -> CqlResult<Token> {
        self.bump();
        let mut text = String::new();
        loop {
            match self.bump() {
                Some(c) if c == quote => {
                    if self.peek(0) == Some(quote) {
                        self.bump();
                        text.push(quote);
                    } else {
                        break;
                    }
                }
                Some(c) => text.push(c),
                None => {
                    return Err(self.error_at(
                        line,
                        column,
                        format!(
                            "unterminated {} starting here",
                            if quote == '\'' {
                                "string"
                            } else {
                                "quoted name"
                            }
                        ),
                    ));
                }
            }
        }
        let kind = if quote == '\'' {
            TokenKind::Str
        } else {
            TokenKind::QuotedName
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
}
