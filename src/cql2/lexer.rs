//! Splits CQL 2 text into tokens as Cassandra 1.2's `Cql.g` lexer did.
//!
//! Owns token shapes (words, `a:b` compound words, string literals with
//! `''` escapes, signed integers, floats, UUIDs, `?` markers, `..`),
//! comments and ANTLR-style positions. CQL 2's quirk is kept: `1..5` is
//! an integer, a range operator and an integer, not two floats. It must
//! not know the grammar: keywords are words; the parser decides.

use crate::cql::lexer::Source;
use crate::cql::lookahead::Pull;
use crate::cql::CqlError;

/// What a token is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// `LETTER (LETTER | DIGIT | '_')*`: a keyword or an identifier.
    Word,
    /// `word(:word|:int)+`, as in `strategy_options:replication_factor`.
    CompoundWord,
    /// `'text'` (the text is unescaped).
    Str,
    Integer,
    Float,
    Uuid,
    /// `?`, a bind marker of a prepared statement.
    Marker,
    /// `..` between the bounds of a column range.
    RangeOp,
    /// `( ) , ; . * = < <= > >= + -`.
    Symbol,
    Eof,
}

/// One token; `line` counts from 1, `column` (characters) from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub text: String,
    pub line: i32,
    pub column: i32,
}

impl Token {
    /// A word equal to `kw`, ignoring ASCII case.
    pub fn is_kw(&self, kw: &str) -> bool {
        self.kind == Kind::Word && self.text.eq_ignore_ascii_case(kw)
    }

    pub fn is_sym(&self, sym: &str) -> bool {
        self.kind == Kind::Symbol && self.text == sym
    }
}

/// Hands out a statement's tokens one at a time (see `cql::lookahead`).
pub struct Lexer<'a> {
    chars: Source<'a>,
    pos: usize,
    line: i32,
    column: i32,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            chars: Source::new(src),
            pos: 0,
            line: 1,
            column: 0,
        }
    }

    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 0;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn bump_n(&mut self, n: usize) -> String {
        let mut text = String::with_capacity(n);
        text.extend((0..n).map_while(|_| self.bump()));
        text
    }

    fn error(&self, message: String) -> CqlError {
        CqlError::Syntax {
            line: self.line,
            column: self.column,
            message,
        }
    }

    /// Skips blanks and comments. A `--`/`//` comment runs to a line end,
    /// which the grammar requires.
    fn skip_trivia(&mut self) -> Result<(), CqlError> {
        loop {
            match (self.peek(0), self.peek(1)) {
                (Some(' ' | '\t' | '\n' | '\r'), _) => {
                    self.bump();
                }
                (Some('-'), Some('-')) | (Some('/'), Some('/')) => {
                    while let Some(c) = self.bump() {
                        if c == '\n' || c == '\r' {
                            break;
                        }
                    }
                }
                (Some('/'), Some('*')) => {
                    self.bump_n(2);
                    loop {
                        match (self.peek(0), self.peek(1)) {
                            (Some('*'), Some('/')) => {
                                self.bump_n(2);
                                break;
                            }
                            (Some(_), _) => {
                                self.bump();
                            }
                            (None, _) => {
                                return Err(
                                    self.error("mismatched character '<EOF>' expecting '*'".into())
                                )
                            }
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn digits_at(&self, from: usize) -> usize {
        self.chars.count_while(from, |c| c.is_ascii_digit())
    }

    /// Length of a UUID (8-4-4-4-12 hex digits) starting here, if one does.
    fn uuid_len(&self) -> Option<usize> {
        let mut at = self.pos;
        for (i, group) in [8, 4, 4, 4, 12].into_iter().enumerate() {
            if i > 0 {
                if self.chars.get(at) != Some('-') {
                    return None;
                }
                at += 1;
            }
            for _ in 0..group {
                if !self.chars.get(at)?.is_ascii_hexdigit() {
                    return None;
                }
                at += 1;
            }
        }
        Some(at - self.pos)
    }

    fn word_len(&self, from: usize) -> usize {
        match self.chars.get(from) {
            Some(c) if c.is_ascii_alphabetic() => {}
            _ => return 0,
        }
        1 + self
            .chars
            .count_while(from + 1, |c| c.is_ascii_alphanumeric() || c == '_')
    }

    fn string(&mut self) -> Result<String, CqlError> {
        self.bump();
        let mut out = String::new();
        loop {
            match self.bump() {
                Some('\'') if self.peek(0) == Some('\'') => {
                    self.bump();
                    out.push('\'');
                }
                Some('\'') => return Ok(out),
                Some(c) => out.push(c),
                None => return Err(self.error("mismatched character '<EOF>' expecting '''".into())),
            }
        }
    }

    /// The next token; `Eof` at the end (and after it, again).
    fn next(&mut self) -> Result<Token, CqlError> {
        self.skip_trivia()?;
        let (line, column) = (self.line, self.column);
        let tok = |kind, text| Token {
            kind,
            text,
            line,
            column,
        };
        let Some(c) = self.peek(0) else {
            return Ok(tok(Kind::Eof, "<EOF>".into()));
        };
        if let Some(n) = self.uuid_len() {
            return Ok(tok(Kind::Uuid, self.bump_n(n)));
        }
        let sign = usize::from(c == '-');
        let int_digits = self.digits_at(self.pos + sign);
        if int_digits > 0 {
            let int_len = sign + int_digits;
            let after = self.pos + int_len;
            // INTEGER '.' INTEGER is a float, but INTEGER '..' is a range bound.
            if self.chars.get(after) == Some('.') && self.chars.get(after + 1) != Some('.') {
                let frac_sign = usize::from(self.chars.get(after + 1) == Some('-'));
                let frac = self.digits_at(after + 1 + frac_sign);
                if frac > 0 {
                    return Ok(tok(
                        Kind::Float,
                        self.bump_n(int_len + 1 + frac_sign + frac),
                    ));
                }
            }
            return Ok(tok(Kind::Integer, self.bump_n(int_len)));
        }
        let word = self.word_len(self.pos);
        if word > 0 {
            let mut len = word;
            while self.chars.get(self.pos + len) == Some(':') {
                let at = self.pos + len + 1;
                let next = self.word_len(at).max(self.digits_at(at));
                let signed = if self.chars.get(at) == Some('-') {
                    let d = self.digits_at(at + 1);
                    if d > 0 {
                        d + 1
                    } else {
                        0
                    }
                } else {
                    0
                };
                let next = next.max(signed);
                if next == 0 {
                    break;
                }
                len += 1 + next;
            }
            let kind = if len == word {
                Kind::Word
            } else {
                Kind::CompoundWord
            };
            return Ok(tok(kind, self.bump_n(len)));
        }
        match c {
            '\'' => {
                let s = self.string()?;
                Ok(tok(Kind::Str, s))
            }
            '?' => Ok(tok(Kind::Marker, self.bump_n(1))),
            '.' if self.peek(1) == Some('.') => Ok(tok(Kind::RangeOp, self.bump_n(2))),
            '<' | '>' if self.peek(1) == Some('=') => Ok(tok(Kind::Symbol, self.bump_n(2))),
            '(' | ')' | ',' | ';' | '.' | '*' | '=' | '<' | '>' | '+' | '-' => {
                Ok(tok(Kind::Symbol, self.bump_n(1)))
            }
            other => Err(self.error(format!("no viable alternative at character '{other}'"))),
        }
    }
}

impl Pull for Lexer<'_> {
    type Token = Token;
    fn next_token(&mut self) -> Result<Token, CqlError> {
        self.next()
    }
    fn is_eof(t: &Token) -> bool {
        t.kind == Kind::Eof
    }
    fn eof() -> Token {
        Token {
            kind: Kind::Eof,
            text: "<EOF>".into(),
            line: 0,
            column: -1,
        }
    }
}

/// Tokenizes a statement; the last token is always `Eof`.
pub fn tokenize(src: &str) -> Result<Vec<Token>, CqlError> {
    let mut lexer = Lexer::new(src);
    let mut out = Vec::new();
    loop {
        let t = lexer.next()?;
        let end = t.kind == Kind::Eof;
        out.push(t);
        if end {
            return Ok(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(Kind, String)> {
        tokenize(src)
            .unwrap()
            .into_iter()
            .map(|t| (t.kind, t.text))
            .collect()
    }

    #[test]
    fn words_strings_numbers_and_markers() {
        assert_eq!(
            kinds("UPDATE Users SET 'it''s'=? WHERE KEY=-12"),
            vec![
                (Kind::Word, "UPDATE".into()),
                (Kind::Word, "Users".into()),
                (Kind::Word, "SET".into()),
                (Kind::Str, "it's".into()),
                (Kind::Symbol, "=".into()),
                (Kind::Marker, "?".into()),
                (Kind::Word, "WHERE".into()),
                (Kind::Word, "KEY".into()),
                (Kind::Symbol, "=".into()),
                (Kind::Integer, "-12".into()),
                (Kind::Eof, "<EOF>".into()),
            ]
        );
    }

    #[test]
    fn integer_range_is_not_a_float() {
        let k = kinds("1..5 1.5 'a'..'b'");
        assert_eq!(k[0], (Kind::Integer, "1".into()));
        assert_eq!(k[1], (Kind::RangeOp, "..".into()));
        assert_eq!(k[2], (Kind::Integer, "5".into()));
        assert_eq!(k[3], (Kind::Float, "1.5".into()));
        assert_eq!(k[5], (Kind::RangeOp, "..".into()));
    }

    #[test]
    fn uuids_compound_words_comments_and_positions() {
        let toks =
            tokenize("-- note\nx 550e8400-e29b-41d4-a716-446655440000 /* c */ a:b:1 <=").unwrap();
        assert_eq!((toks[0].line, toks[0].column), (2, 0));
        assert_eq!(toks[1].kind, Kind::Uuid);
        assert_eq!(toks[2].kind, Kind::CompoundWord);
        assert_eq!(toks[2].text, "a:b:1");
        assert!(toks[3].is_sym("<="));
    }

    #[test]
    fn unterminated_and_unknown_input_are_errors() {
        assert!(tokenize("'open").is_err());
        assert!(tokenize("a # b").is_err());
        assert!(tokenize("/* open").is_err());
    }
}
