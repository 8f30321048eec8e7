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

/// Hands out a statement's tokens one at a time (see `cql::lookahead`).
pub struct Lexer<'a> {
    at: Cursor<'a>,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            at: Cursor::new(src),
        }
    }

    /// The next token; `Eof` at the end (and after it, again).
    pub fn next_token(&mut self) -> CqlResult<Token> {
        self.skip_blanks_and_comments()?;
        if self.at.peek(0).is_none() {
            return Ok(Token::eof());
        }
        self.token()
    }
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
                    let (line, column) = (at.line, at.column);
                    if !at.block_comment() {
                        return Err(syntax(line, column, "unterminated comment".into()));
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

    fn token(&mut self) -> CqlResult<Token> {
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
            return self.number(line, column);
        }
        let word = self.at.word_len(0);
        if word > 0 {
            return tok(TokenKind::Ident, self.at.take(word));
        }
        if c == '\'' || c == '"' {
            return self.quoted(c, line, column);
        }
        let two: String = [Some(c), self.at.peek(1)].iter().flatten().collect();
        if matches!(two.as_str(), "<=" | ">=" | "!=") {
            return tok(TokenKind::Symbol, self.at.take(2));
        }
        if "(),;.*=<>[]{}:+-?".contains(c) {
            return tok(TokenKind::Symbol, self.at.take(1));
        }
        Err(syntax(
            line,
            column,
            format!("no viable alternative at character '{c}'"),
        ))
    }

    fn number(&mut self, line: i32, column: i32) -> CqlResult<Token> {
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
        Ok(Token {
            kind,
            text: self.at.take(n),
            line,
            column,
        })
    }

    fn quoted(&mut self, quote: char, line: i32, column: i32) -> CqlResult<Token> {
        let (kind, what) = if quote == '\'' {
            (TokenKind::Str, "string")
        } else {
            (TokenKind::QuotedName, "quoted name")
        };
        let Some(text) = self.at.quoted(quote) else {
            return Err(syntax(
                line,
                column,
                format!("unterminated {what} starting here"),
            ));
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
