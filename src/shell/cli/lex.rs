//! Tokens and the token cursor of `supercolumn cli`'s statement parser:
//! words, numbers, single-quoted strings with Java escapes, punctuation, and
//! the helpers `cli_parse` builds statements from (names, terms, paths,
//! `with a = v and ...` attributes). Error texts follow ANTLR's as
//! cassandra-cli 1.2 printed them (`missing ']' at ';'`). No statements here.

use crate::shell::cli::statement::{Access, Attr, ParseError, SchemaTarget, Term};

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
        // Comments, as ANTLR's lexer hid them: `--` to the end of the
        // line, `/* ... */`. A statement joined from several lines has
        // spaces where their ends were, so `--` hides all that follows.
        if c == '-' && chars.get(i + 1) == Some(&'-') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            i += 2;
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                i += 1;
            }
            i = (i + 2).min(chars.len());
            continue;
        }
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

/// A key, column name or value can start with this token.
pub(crate) fn starts_term(t: Option<&Tok>) -> bool {
    matches!(
        t,
        Some(Tok::Word(_)) | Some(Tok::Str(_)) | Some(Tok::Num(_))
    )
}

/// This token may follow the `]` of a row key or column: another bracket,
/// `=`, `as`, `limit`, `by`, or the end (`;` or none).
fn after_bracket(t: Option<&Tok>) -> bool {
    match t {
        None | Some(Tok::Punct('[' | '=' | ';')) => true,
        Some(Tok::Word(w)) => ["as", "limit", "by"]
            .iter()
            .any(|k| w.eq_ignore_ascii_case(k)),
        _ => false,
    }
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
    /// The next word, string or number if `pick` takes it (then past it).
    pub(crate) fn take(&mut self, pick: impl Fn(&Tok) -> bool) -> Option<String> {
        match self.peek().filter(|t| pick(t))? {
            Tok::Word(w) | Tok::Str(w) | Tok::Num(w) => {
                let w = w.clone();
                self.at += 1;
                Some(w)
            }
            Tok::Punct(_) => None,
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
        self.expect_before(c, |_| true)
    }
    /// `c`, where `follows` says which tokens may come right after it (see
    /// [`Parser::expect_tok`]).
    pub(crate) fn expect_before(
        &mut self,
        c: char,
        follows: impl Fn(Option<&Tok>) -> bool,
    ) -> Result<(), ParseError> {
        self.expect_tok(&format!("'{c}'"), |t| *t == Tok::Punct(c), follows)
            .map(|_| ())
    }
    /// The token `want` accepts (ANTLR calls it `name`), or the error ANTLR
    /// 3 reported while recovering: the next token is "extraneous" when the
    /// one after it is wanted (it would be deleted), the wanted one
    /// "missing" when the next token is one `follows` accepts (it would be
    /// inserted), else the next token is "mismatched".
    pub(crate) fn expect_tok(
        &mut self,
        name: &str,
        want: impl Fn(&Tok) -> bool,
        follows: impl Fn(Option<&Tok>) -> bool,
    ) -> Result<Tok, ParseError> {
        if let Some(t) = self.peek().filter(|t| want(t)).cloned() {
            self.at += 1;
            return Ok(t);
        }
        let at = self.tok_text();
        if self.toks.get(self.at + 1).is_some_and(|(_, t)| want(t)) {
            return self.err(format!("extraneous input '{at}' expecting {name}"));
        }
        if follows(self.peek()) {
            return self.err(format!("missing {name} at '{at}'"));
        }
        self.err(format!("mismatched input '{at}' expecting {name}"))
    }
    /// An `IntegerPositiveLiteral` (a limit, a TTL) followed by one of
    /// `next` (keywords) or the end of the statement.
    pub(crate) fn positive_integer(&mut self, next: &[&str]) -> Result<i64, ParseError> {
        let is_positive = |t: &Tok| matches!(t, Tok::Num(n) if !n.starts_with('-'));
        let follows = |t: Option<&Tok>| match t {
            None | Some(Tok::Punct(';')) => true,
            Some(Tok::Word(w)) => next.iter().any(|k| w.eq_ignore_ascii_case(k)),
            _ => false,
        };
        let Tok::Num(n) = self.expect_tok("IntegerPositiveLiteral", is_positive, follows)? else {
            unreachable!("expect_tok returns what is_positive accepted")
        };
        n.parse().or_else(|_| {
            self.at -= 1;
            self.err(format!("{n} is out of range"))
        })
    }
    /// One of a set of tokens: ANTLR 3 named no alternative in this
    /// refusal, and recovered by neither deleting nor inserting.
    pub(crate) fn expect_set(&mut self, want: impl Fn(&Tok) -> bool) -> Result<Tok, ParseError> {
        if let Some(t) = self.peek().filter(|t| want(t)).cloned() {
            self.at += 1;
            return Ok(t);
        }
        let at = self.tok_text();
        self.err(format!("mismatched input '{at}' expecting set null"))
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
    /// `CF[key]`, `CF[key][column]` or `CF[key][super][column]`: the
    /// grammar stops at three brackets, so a fourth is left to what follows
    /// (a syntax error there).
    pub(crate) fn access(&mut self) -> Result<Access, ParseError> {
        let cf = self.name("a column family name")?;
        self.expect_before('[', starts_term)?;
        let key = self.term()?;
        self.expect_before(']', after_bracket)?;
        let mut path = Vec::new();
        while path.len() < 2 && self.punct('[') {
            path.push(self.term()?);
            self.expect_before(']', after_bracket)?;
        }
        Ok(Access { cf, key, path })
    }
    /// The end of the statement: anything left is where ANTLR wanted EOF.
    pub(crate) fn done(&mut self) -> Result<(), ParseError> {
        self.punct(';');
        if self.at < self.toks.len() {
            let at = self.tok_text();
            return self.err(format!("missing EOF at '{at}'"));
        }
        Ok(())
    }
}
