//! What the CQL 3 and CQL 2 lexers ([`crate::cql::lexer`],
//! `cql2::lexer`) share: a statement's characters and a cursor over them
//! that keeps ANTLR-style positions (line from 1, column from 0), the
//! token shapes both dialects scan alike (words, digits, UUIDs, quoted
//! text with doubled-quote escapes, block comments), and the positioned
//! token both hand out.
//!
//! It must not decide what a token is or what an error says: the kinds,
//! the shapes that differ (numbers, comments' ends, blobs, compound words)
//! and every error text belong to each dialect's lexer.

/// A statement's characters, by index, without a copy of ASCII text.
///
/// Why: positions and lookahead count characters, so the lexers index by
/// character; a `Vec<char>` of the text costs four times its size (64 MB
/// for a 16 MB statement). ASCII text (any statement without non-ASCII
/// strings or names) is indexed in place; only other text is decoded.
enum Source<'a> {
    Ascii(&'a [u8]),
    Wide(Vec<char>),
}

impl<'a> Source<'a> {
    fn new(src: &'a str) -> Source<'a> {
        if src.is_ascii() {
            Source::Ascii(src.as_bytes())
        } else {
            Source::Wide(src.chars().collect())
        }
    }

    fn get(&self, i: usize) -> Option<char> {
        match self {
            Source::Ascii(b) => b.get(i).map(|&b| char::from(b)),
            Source::Wide(c) => c.get(i).copied(),
        }
    }

    /// How many characters from `from` on satisfy `pred`.
    fn count_while(&self, from: usize, pred: impl Fn(char) -> bool) -> usize {
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

/// A read position in a statement, with its line and column.
pub(crate) struct Cursor<'a> {
    chars: Source<'a>,
    pos: usize,
    pub(crate) line: i32,
    pub(crate) column: i32,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(src: &'a str) -> Cursor<'a> {
        Cursor {
            chars: Source::new(src),
            pos: 0,
            line: 1,
            column: 0,
        }
    }

    /// The character `ahead` places past the current one.
    pub(crate) fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead)
    }

    /// Moves past the current character, returning it.
    pub(crate) fn bump(&mut self) -> Option<char> {
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

    /// Moves past `n` characters (fewer at the end), returning them.
    pub(crate) fn take(&mut self, n: usize) -> String {
        let mut text = String::with_capacity(n);
        text.extend((0..n).map_while(|_| self.bump()));
        text
    }

    /// How many characters from `ahead` on satisfy `pred`.
    pub(crate) fn count_while(&self, ahead: usize, pred: impl Fn(char) -> bool) -> usize {
        self.chars.count_while(self.pos + ahead, pred)
    }

    /// How many ASCII digits there are from `ahead` on.
    pub(crate) fn digits(&self, ahead: usize) -> usize {
        self.count_while(ahead, |c| c.is_ascii_digit())
    }

    /// The length of a word (`LETTER (LETTER | DIGIT | '_')*`, ASCII only,
    /// as Cassandra's grammars have it) at `ahead`; 0 when none starts there.
    pub(crate) fn word_len(&self, ahead: usize) -> usize {
        match self.peek(ahead) {
            Some(c) if c.is_ascii_alphabetic() => {
                1 + self.count_while(ahead + 1, |c| c.is_ascii_alphanumeric() || c == '_')
            }
            _ => 0,
        }
    }

    /// The length of a UUID constant (8-4-4-4-12 hex digits) starting
    /// here, if one does.
    pub(crate) fn uuid_len(&self) -> Option<usize> {
        let mut i = 0;
        for (g, n) in [8, 4, 4, 4, 12].into_iter().enumerate() {
            if g > 0 {
                if self.peek(i) != Some('-') {
                    return None;
                }
                i += 1;
            }
            for _ in 0..n {
                if !self.peek(i)?.is_ascii_hexdigit() {
                    return None;
                }
                i += 1;
            }
        }
        Some(i)
    }

    /// Moves past the quoted text starting here (at its opening `quote`),
    /// returning it unquoted (a doubled quote stands for one); `None` when
    /// the input ends first, with the cursor at the end.
    pub(crate) fn quoted(&mut self, quote: char) -> Option<String> {
        self.bump();
        let mut text = String::new();
        loop {
            match self.bump()? {
                c if c == quote => {
                    if self.peek(0) != Some(quote) {
                        return Some(text);
                    }
                    self.bump();
                    text.push(quote);
                }
                c => text.push(c),
            }
        }
    }

    /// Moves past the `/* ... */` comment starting here; false when the
    /// input ends first, with the cursor at the end.
    pub(crate) fn block_comment(&mut self) -> bool {
        self.take(2);
        loop {
            match (self.peek(0), self.peek(1)) {
                (Some('*'), Some('/')) => {
                    self.take(2);
                    return true;
                }
                (Some(_), _) => {
                    self.bump();
                }
                (None, _) => return false,
            }
        }
    }
}

/// What a dialect's token kinds must name for the shared [`Token`].
pub trait Kinds: Clone + PartialEq {
    /// A bare word: a keyword or an unquoted identifier.
    const WORD: Self;
    /// Punctuation or an operator.
    const SYMBOL: Self;
    /// The end of input.
    const EOF: Self;
}

/// One token with its ANTLR-style position (line from 1, column from 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token<K> {
    pub kind: K,
    pub text: String,
    pub line: i32,
    pub column: i32,
}

impl<K: Kinds> Token<K> {
    /// True for a bare word equal to `kw`, ignoring ASCII case.
    pub fn is_kw(&self, kw: &str) -> bool {
        self.kind == K::WORD && self.text.eq_ignore_ascii_case(kw)
    }

    pub fn is_sym(&self, sym: &str) -> bool {
        self.kind == K::SYMBOL && self.text == sym
    }

    /// The end-of-input token: ANTLR 3 reports it at line 0, column -1.
    pub fn eof() -> Self {
        Token {
            kind: K::EOF,
            text: "<EOF>".into(),
            line: 0,
            column: -1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters_and_lines() {
        let mut c = Cursor::new("é\nab");
        assert_eq!(c.take(3), "é\na");
        assert_eq!((c.line, c.column), (2, 1));
        assert_eq!(c.peek(0), Some('b'));
        assert_eq!(c.take(5), "b");
        assert_eq!(c.peek(0), None);
    }

    #[test]
    fn shared_shapes() {
        let c = Cursor::new("ab_1:x 123");
        assert_eq!(c.word_len(0), 4);
        assert_eq!(c.word_len(4), 0);
        assert_eq!(c.digits(7), 3);
        let c = Cursor::new("550e8400-e29b-41d4-a716-446655440000x");
        assert_eq!(c.uuid_len(), Some(36));
        assert_eq!(Cursor::new("550e8400-e29b-41d4-a716").uuid_len(), None);
        let mut c = Cursor::new("'it''s' rest");
        assert_eq!(c.quoted('\'').as_deref(), Some("it's"));
        assert_eq!(c.peek(0), Some(' '));
        let mut c = Cursor::new("\"open");
        assert_eq!(c.quoted('"'), None);
        assert_eq!(c.column, 5);
        let mut c = Cursor::new("/* a */b");
        assert!(c.block_comment());
        assert_eq!(c.peek(0), Some('b'));
        assert!(!Cursor::new("/* open").block_comment());
    }
}
