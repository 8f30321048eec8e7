//! Tokens and the token cursor of `supercolumn cli`'s statement parser:
//! words, numbers, single-quoted strings with Java escapes, punctuation, and
//! the helpers `cli_parse` builds statements from (names, terms, paths,
//! `with a = v and ...` attributes). Error texts follow ANTLR's as
//! cassandra-cli 1.2 printed them (`missing ']' at ';'`). No statements here.

use crate::shell::cli::parse::{Access, Attr, ParseError, SchemaTarget, Term};

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok {
    Word(String),
    Str(String),
    Num(String),
    Punct(char),
}

pub(crate) fn tokenize(s: &str) -> Result<Vec<(usize, Tok)>, ParseError> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if c == '\'' {
            i += 1;
            let mut text = String::new();
            loop {
                let Some(&c) = chars.get(i) else {
                    return Err(ParseError {
                        pos: start,
                        what: "unterminated string".into(),
                    });
                };
                i += 1;
                match c {
                    '\'' => break,
                    '\\' => {
                        let Some(&e) = chars.get(i) else { continue };
                        i += 1;
                        match e {
                            'n' => text.push('\n'),
                            't' => text.push('\t'),
                            'r' => text.push('\r'),
                            'b' => text.push('\u{8}'),
                            'f' => text.push('\u{c}'),
                            '0' => text.push('\0'),
                            'u' => {
                                let hex: String = chars.iter().skip(i).take(4).collect();
                                let ch = u32::from_str_radix(&hex, 16)
                                    .ok()
                                    .and_then(char::from_u32)
                                    .ok_or_else(|| ParseError {
                                        pos: i,
                                        what: format!("bad unicode escape \\u{hex}"),
                                    })?;
                                text.push(ch);
                                i += 4;
                            }
                            other => text.push(other),
                        }
                    }
                    c => text.push(c),
                }
            }
            out.push((start, Tok::Str(text)));
        } else if c.is_ascii_digit()
            || (c == '-' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            i += 1;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                i += 1;
            }
            // A word that starts with digits (e.g. a hex key) stays a word.
            if i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                while i < chars.len() && is_word(chars[i]) {
                    i += 1;
                }
                out.push((start, Tok::Word(chars[start..i].iter().collect())));
            } else {
                out.push((start, Tok::Num(chars[start..i].iter().collect())));
            }
        } else if is_word(c) {
            while i < chars.len() && is_word(chars[i]) {
                i += 1;
            }
            out.push((start, Tok::Word(chars[start..i].iter().collect())));
        } else if "[]=():;,?{}<>".contains(c) {
            // `>=` and `<=` are one operator.
            if (c == '>' || c == '<') && chars.get(i + 1) == Some(&'=') {
                out.push((start, Tok::Word(format!("{c}="))));
                i += 2;
                continue;
            }
            out.push((start, Tok::Punct(c)));
            i += 1;
        } else {
            return Err(ParseError {
                pos: start,
                what: format!("unexpected character '{c}'"),
            });
        }
    }
    Ok(out)
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-' || c == '.'
}

pub(crate) struct Parser {
    pub(crate) toks: Vec<(usize, Tok)>,
    pub(crate) at: usize,
    pub(crate) end: usize,
}

impl Parser {
    pub(crate) fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|(_, t)| t)
    }
    pub(crate) fn pos(&self) -> usize {
        self.toks.get(self.at).map(|(p, _)| *p).unwrap_or(self.end)
    }
    pub(crate) fn err<T>(&self, what: impl Into<String>) -> Result<T, ParseError> {
        Err(ParseError {
            pos: self.pos(),
            what: what.into(),
        })
    }
    pub(crate) fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.at).map(|(_, t)| t.clone());
        self.at += 1;
        t
    }
    pub(crate) fn keyword(&mut self, kw: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Word(w)) if w.eq_ignore_ascii_case(kw)) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    pub(crate) fn punct(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Punct(c)) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    /// The text of the next token as ANTLR quotes it in its messages.
    pub(crate) fn tok_text(&self) -> String {
        match self.peek() {
            // Statements reach the parser without their `;`, which is
            // where ANTLR saw the end.
            None => ";".into(),
            Some(Tok::Word(w)) | Some(Tok::Num(w)) => w.clone(),
            Some(Tok::Str(s)) => format!("'{s}'"),
            Some(Tok::Punct(c)) => c.to_string(),
        }
    }
    pub(crate) fn expect(&mut self, c: char) -> Result<(), ParseError> {
        if self.punct(c) {
            Ok(())
        } else {
            let at = self.tok_text();
            self.err(format!("missing '{c}' at '{at}'"))
        }
    }
    /// `{k: v, ...}`, `[a, ...]` or a single word, string or number.
    pub(crate) fn attr(&mut self) -> Result<Attr, ParseError> {
        if self.punct('{') {
            let mut entries = Vec::new();
            if !self.punct('}') {
                loop {
                    let k = self.name("a name")?;
                    self.expect(':')?;
                    entries.push((k, self.attr()?));
                    if self.punct('}') {
                        break;
                    }
                    self.expect(',')?;
                }
            }
            return Ok(Attr::Map(entries));
        }
        if self.punct('[') {
            let mut items = Vec::new();
            if !self.punct(']') {
                loop {
                    items.push(self.attr()?);
                    if self.punct(']') {
                        break;
                    }
                    self.expect(',')?;
                }
            }
            return Ok(Attr::List(items));
        }
        Ok(Attr::Text(self.name("a value")?))
    }
    /// `[with a = v [and b = w ...]]`.
    pub(crate) fn attrs(&mut self) -> Result<Vec<(String, Attr)>, ParseError> {
        let mut out = Vec::new();
        if !self.keyword("with") {
            return Ok(out);
        }
        loop {
            let k = self.name("an attribute name")?.to_ascii_lowercase();
            self.expect('=')?;
            out.push((k, self.attr()?));
            if !self.keyword("and") {
                return Ok(out);
            }
        }
    }
    pub(crate) fn target(&mut self) -> Result<SchemaTarget, ParseError> {
        if self.keyword("keyspace") {
            Ok(SchemaTarget::Keyspace)
        } else if self.keyword("column") {
            if !self.keyword("family") {
                let at = self.tok_text();
                return self.err(format!("missing FAMILY at '{at}'"));
            }
            Ok(SchemaTarget::ColumnFamily)
        } else {
            let at = self.tok_text();
            self.err(format!("no viable alternative at input '{at}'"))
        }
    }
    pub(crate) fn name(&mut self, what: &str) -> Result<String, ParseError> {
        match self.next() {
            Some(Tok::Word(w)) | Some(Tok::Str(w)) | Some(Tok::Num(w)) => Ok(w),
            _ => {
                self.at -= 1;
                self.err(format!("expected {what}"))
            }
        }
    }
    pub(crate) fn integer(&mut self, what: &str) -> Result<i64, ParseError> {
        match self.next() {
            Some(Tok::Num(n)) => n.parse().or_else(|_| {
                self.at -= 1;
                self.err(format!("{what} must be an integer"))
            }),
            _ => {
                self.at -= 1;
                self.err(format!("expected {what}"))
            }
        }
    }
    pub(crate) fn term(&mut self) -> Result<Term, ParseError> {
        match self.next() {
            Some(Tok::Str(s)) | Some(Tok::Num(s)) => Ok(Term::Text(s)),
            Some(Tok::Word(w)) => {
                if self.punct('(') {
                    let arg = match self.peek() {
                        Some(Tok::Punct(')')) => None,
                        _ => Some(self.name("a function argument")?),
                    };
                    self.expect(')')?;
                    Ok(Term::Func(w.to_ascii_lowercase(), arg))
                } else {
                    Ok(Term::Text(w))
                }
            }
            _ => {
                self.at -= 1;
                self.err("expected a key, column name or value")
            }
        }
    }
    pub(crate) fn access(&mut self) -> Result<Access, ParseError> {
        let cf = self.name("a column family name")?;
        self.expect('[')?;
        let key = self.term()?;
        self.expect(']')?;
        let mut path = Vec::new();
        while self.punct('[') {
            path.push(self.term()?);
            self.expect(']')?;
        }
        Ok(Access { cf, key, path })
    }
    pub(crate) fn done(&mut self) -> Result<(), ParseError> {
        self.punct(';');
        if self.at < self.toks.len() {
            return self.err("unexpected text after the statement");
        }
        Ok(())
    }
}
