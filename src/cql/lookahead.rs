//! The tokens a recursive-descent parser sees: the current one and a few
//! ahead, pulled from a lexer as the parser advances. Shared by the CQL 3
//! and CQL 2 parsers; it knows no grammar and no token shapes, but for the
//! one follow set the parser's LL(2) decision and the snippet of its
//! error both read ([`TABLE_NAME_FOLLOWERS`]).
//!
//! Why: lexing a whole statement first holds every token at once (about 40
//! bytes and an allocation each, some 40 times the size of a text of small
//! tokens); here only the lookahead is held.
//!
//! What must not change: the answers are those of lexing the whole text
//! first. A lexical error anywhere in the text wins over any syntax error,
//! so after a failed lex the parser sees the end of input, and
//! [`Lookahead::lexical_error`] (called once parsing is over, whatever its
//! outcome) lexes whatever is left to find the error the lexer reports.

use super::error::CqlError;
use std::collections::VecDeque;

/// A lexer handing out one token at a time.
pub trait Pull {
    type Token: Clone;
    /// The next token; the end-of-input token at the end, and after it.
    fn next_token(&mut self) -> Result<Self::Token, CqlError>;
    fn is_eof(t: &Self::Token) -> bool;
    /// The end-of-input token.
    fn eof() -> Self::Token;
    /// A lexical error the lexer collected instead of failing, if any
    /// (`cql::lexer::LexErrors::Collected`).
    fn collected_error(&mut self) -> Option<CqlError> {
        None
    }
}

/// Every token of `lexer`'s text; the last is the end of input.
pub fn all_tokens<L: Pull>(mut lexer: L) -> Result<Vec<L::Token>, CqlError> {
    let mut out = Vec::new();
    loop {
        let t = lexer.next_token()?;
        let end = L::is_eof(&t);
        out.push(t);
        if end {
            return Ok(out);
        }
    }
}

/// How many tokens a parser may look at: the current one and three more.
pub const LOOKAHEAD: usize = 4;

pub struct Lookahead<L: Pull> {
    lexer: L,
    /// The current token first; always [`LOOKAHEAD`] tokens, or fewer
    /// ending with the end of input.
    ahead: VecDeque<L::Token>,
    /// The lexer's error, once it failed.
    error: Option<CqlError>,
}

impl<L: Pull> Lookahead<L> {
    pub fn new(lexer: L) -> Self {
        let mut t = Lookahead {
            lexer,
            ahead: VecDeque::with_capacity(LOOKAHEAD),
            error: None,
        };
        t.fill();
        t
    }

    fn at_end(&self) -> bool {
        self.ahead.back().is_some_and(L::is_eof)
    }

    fn fill(&mut self) {
        while self.ahead.len() < LOOKAHEAD && !self.at_end() {
            let next = self.lexer.next_token().unwrap_or_else(|e| {
                self.error = Some(e);
                L::eof()
            });
            self.ahead.push_back(next);
        }
    }

    /// The token `ahead` places past the current one (the end of input
    /// past it); `ahead` must be below [`LOOKAHEAD`].
    pub fn peek_at(&self, ahead: usize) -> &L::Token {
        debug_assert!(ahead < LOOKAHEAD);
        &self.ahead[ahead.min(self.ahead.len() - 1)]
    }

    /// Moves past the current token (never past the end), returning it.
    pub fn advance(&mut self) -> L::Token {
        if self.ahead.len() == 1 {
            return self.ahead[0].clone();
        }
        let t = self.ahead.pop_front().expect("a current token");
        self.fill();
        t
    }

    /// The lexical error the lexer collected while the text was lexed
    /// (call after [`Lookahead::lexical_error`], which lexes it all).
    pub fn collected_error(&mut self) -> Option<CqlError> {
        self.lexer.collected_error()
    }

    /// The lexical error of the whole text, if any: the one met so far,
    /// else the rest of the text is lexed (and dropped) to find one.
    pub fn lexical_error(&mut self) -> Result<(), CqlError> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if self.at_end() {
            return Ok(());
        }
        while !L::is_eof(&self.lexer.next_token()?) {}
        Ok(())
    }
}

/// The words that follow a table's name somewhere in the grammar (every
/// statement's, 1.2 to 2.2): `(ks '.')? cf`'s decision took them.
pub const TABLE_NAME_FOLLOWERS: &[&str] = &[
    "where",
    "order",
    "limit",
    "allow",
    "using",
    "set",
    "alter",
    "add",
    "drop",
    "with",
    "rename",
    "to",
    "from",
    "of",
    "norecursive",
    "json",
];

/// The words 3.10's grammar (CQL 3.4) added after a SELECT's table name:
/// `GROUP BY` and 3.6's `PER PARTITION LIMIT`.
pub const TABLE_NAME_FOLLOWERS_34: &[&str] = &["group", "per"];

#[cfg(test)]
mod tests {
    use super::*;

    /// Digits are tokens, `!` is a lexical error, `.` ends the input.
    struct Digits(std::vec::IntoIter<char>);

    impl Pull for Digits {
        type Token = char;
        fn next_token(&mut self) -> Result<char, CqlError> {
            match self.0.next() {
                Some('!') => Err(CqlError::Syntax {
                    line: 1,
                    column: 0,
                    message: "bang".into(),
                }),
                Some(c) => Ok(c),
                None => Ok('.'),
            }
        }
        fn is_eof(t: &char) -> bool {
            *t == '.'
        }
        fn eof() -> char {
            '.'
        }
    }

    fn of(s: &str) -> Lookahead<Digits> {
        Lookahead::new(Digits(s.chars().collect::<Vec<_>>().into_iter()))
    }

    #[test]
    fn peeks_advances_and_stops_at_the_end() {
        let mut t = of("123456");
        assert_eq!((*t.peek_at(0), *t.peek_at(3)), ('1', '4'));
        let got: String = (0..8).map(|_| t.advance()).collect();
        assert_eq!(got, "123456..");
        assert_eq!(*t.peek_at(2), '.');
        assert!(t.lexical_error().is_ok());
    }

    #[test]
    fn a_lexical_error_ahead_or_after_the_parse_is_found() {
        // Met while filling the lookahead: the parser sees the end.
        let mut t = of("12!4");
        assert_eq!(*t.peek_at(2), '.');
        assert!(t.lexical_error().is_err());
        // Past where the parser stopped: lexed when asked.
        let mut t = of("123456789!");
        t.advance();
        assert!(t.lexical_error().is_err());
    }
}
