//! Splits CQL 2 text into tokens as Cassandra 1.2's `Cql.g` lexer did.
//!
//! Owns token shapes (words, `a:b` compound words, string literals with
//! `''` escapes, signed integers, floats, UUIDs, `?` markers, `..`),
//! comments and ANTLR-style positions. CQL 2's quirk is kept: `1..5` is
//! an integer, a range operator and an integer, not two floats. The
//! cursor and the shapes it shares with CQL 3 (words, digits, UUIDs,
//! strings, block comments) are `cql::lexing`'s; the kinds, the other
//! shapes and the error texts are CQL 2's own, here. It must not know the
//! grammar: keywords are words; the parser decides.

use crate::cql::lexing::{self, Cursor, Kinds};
use crate::cql::lookahead::{all_tokens, Pull};
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

impl Kinds for Kind {
    const WORD: Self = Kind::Word;
    const SYMBOL: Self = Kind::Symbol;
    const EOF: Self = Kind::Eof;
}

/// One CQL 2 token.
pub type Token = lexing::Token<Kind>;

/// Hands out a statement's tokens one at a time (see `cql::lookahead`).
pub struct Lexer<'a> {
    at: Cursor<'a>,
    /// Whether `?` is a token (a bind marker).
    markers: bool,
    /// Whether a lone `.` is a token (a keyspace-qualified name's).
    dots: bool,
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer {
            at: Cursor::new(src),
            markers: true,
            dots: true,
        }
    }

    /// The lexer with `.` a token only as the first of `..` (0.8's, whose
    /// names had no keyspace: a lone `.` fails at the character after it).
    pub fn without_dots(self) -> Lexer<'a> {
        Lexer {
            dots: false,
            ..self
        }
    }

    /// A lexer without bind markers, whose `?` is a character it refuses.
    pub fn without_markers(src: &'a str) -> Lexer<'a> {
        Lexer {
            markers: false,
            ..Lexer::new(src)
        }
    }

    /// An error at the current position.
    fn error(&self, message: String) -> CqlError {
        CqlError::Syntax {
            line: self.at.line,
            column: self.at.column,
            message,
        }
    }

    /// Skips blanks and comments. A `--`/`//` comment runs to a line end,
    /// which the grammar requires (`COMMENT: ('--' | '//') .* ('\n'|'\r')`):
    /// one the text ends in fails at the end, where the rule wanted the set
    /// of line ends.
    fn skip_trivia(&mut self) -> Result<(), CqlError> {
        loop {
            match (self.at.peek(0), self.at.peek(1)) {
                (Some(' ' | '\t' | '\n' | '\r'), _) => {
                    self.at.bump();
                }
                (Some('-'), Some('-')) | (Some('/'), Some('/')) => loop {
                    match self.at.bump() {
                        Some('\n' | '\r') => break,
                        Some(_) => {}
                        None => {
                            return Err(self
                                .error("mismatched character '<EOF>' expecting set null".into()))
                        }
                    }
                },
                (Some('/'), Some('*')) => {
                    if !self.at.block_comment() {
                        return Err(self.error("mismatched character '<EOF>' expecting '*'".into()));
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    /// The length of the compound word (`word(:word|:int)+`) or the word
    /// of `word` characters here.
    fn compound_len(&self, word: usize) -> usize {
        let at = &self.at;
        let mut len = word;
        while at.peek(len) == Some(':') {
            let from = len + 1;
            let signed = match at.peek(from) {
                Some('-') => match at.digits(from + 1) {
                    0 => 0,
                    d => d + 1,
                },
                _ => 0,
            };
            let next = at.word_len(from).max(at.digits(from)).max(signed);
            if next == 0 {
                break;
            }
            len += 1 + next;
        }
        len
    }

    /// The next token; `Eof` at the end (and after it, again).
    fn next(&mut self) -> Result<Token, CqlError> {
        self.skip_trivia()?;
        let (line, column) = (self.at.line, self.at.column);
        let tok = |kind, text| Token {
            kind,
            text,
            line,
            column,
        };
        let Some(c) = self.at.peek(0) else {
            return Ok(tok(Kind::Eof, "<EOF>".into()));
        };
        if let Some(n) = self.at.uuid_len() {
            return Ok(tok(Kind::Uuid, self.at.take(n)));
        }
        let sign = usize::from(c == '-');
        let int_digits = self.at.digits(sign);
        if int_digits > 0 {
            let int_len = sign + int_digits;
            // INTEGER '.' INTEGER is a float, but INTEGER '..' is a range bound.
            if self.at.peek(int_len) == Some('.') && self.at.peek(int_len + 1) != Some('.') {
                let frac_sign = usize::from(self.at.peek(int_len + 1) == Some('-'));
                let frac = self.at.digits(int_len + 1 + frac_sign);
                if frac > 0 {
                    let n = int_len + 1 + frac_sign + frac;
                    return Ok(tok(Kind::Float, self.at.take(n)));
                }
            }
            return Ok(tok(Kind::Integer, self.at.take(int_len)));
        }
        let word = self.at.word_len(0);
        if word > 0 {
            let len = self.compound_len(word);
            let kind = if len == word {
                Kind::Word
            } else {
                Kind::CompoundWord
            };
            return Ok(tok(kind, self.at.take(len)));
        }
        match c {
            '\'' => match self.at.quoted('\'') {
                Some(s) => Ok(tok(Kind::Str, s)),
                None => Err(self.error("mismatched character '<EOF>' expecting '''".into())),
            },
            '?' if self.markers => Ok(tok(Kind::Marker, self.at.take(1))),
            '.' if self.at.peek(1) == Some('.') => Ok(tok(Kind::RangeOp, self.at.take(2))),
            '.' if !self.dots => {
                self.at.bump();
                let shown = self.at.peek(0).map_or("<EOF>".into(), |c| c.to_string());
                Err(self.error(format!("mismatched character '{shown}' expecting '.'")))
            }
            '<' | '>' if self.at.peek(1) == Some('=') => Ok(tok(Kind::Symbol, self.at.take(2))),
            '(' | ')' | ',' | ';' | '.' | '*' | '=' | '<' | '>' | '+' | '-' => {
                Ok(tok(Kind::Symbol, self.at.take(1)))
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
        Token::eof()
    }
}

/// Tokenizes a statement; the last token is always `Eof`.
pub fn tokenize(src: &str) -> Result<Vec<Token>, CqlError> {
    all_tokens(Lexer::new(src))
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
    fn a_line_comment_needs_its_line_end() {
        let q = "SELECT ip FROM hosts WHERE KEY = 'h2' -- the host";
        match tokenize(q) {
            Err(CqlError::Syntax {
                line,
                column,
                message,
            }) => {
                assert_eq!((line, column), (1, q.len() as i32));
                assert_eq!(message, "mismatched character '<EOF>' expecting set null");
            }
            other => panic!("{other:?}"),
        }
        assert!(tokenize("SELECT ip // x").is_err());
        let toks = tokenize("SELECT ip -- x\r").unwrap();
        assert_eq!(toks.len(), 3);
        assert_eq!(tokenize("a -- x\nb").unwrap()[1].text, "b");
    }

    #[test]
    fn unterminated_and_unknown_input_are_errors() {
        assert!(tokenize("'open").is_err());
        assert!(tokenize("a # b").is_err());
        assert!(tokenize("/* open").is_err());
    }

    #[test]
    fn without_dots_a_lone_dot_fails_at_the_next_character() {
        // Recorded from 0.8.10 (rel_cql2dotless).
        let err = |src| {
            all_tokens(Lexer::new(src).without_dots())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("SELECT * FROM system.local"),
            "line 1:21 mismatched character 'l' expecting '.'"
        );
        assert_eq!(
            err("SELECT * FROM users."),
            "line 1:20 mismatched character '<EOF>' expecting '.'"
        );
        assert!(all_tokens(Lexer::new("SELECT 1..5").without_dots()).is_ok());
        assert!(tokenize("SELECT * FROM system.local").is_ok());
    }
}
