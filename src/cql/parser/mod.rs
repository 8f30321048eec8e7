//! Recursive-descent parser for CQL3 as Cassandra 1.2/2.0 accepted it.
//!
//! Owns the grammar (split: this file holds the cursor and names; `grammar`
//! which release's grammar a parse follows; `terms`
//! the values, types and properties; `ddl` the schema statements; `dml` the
//! data statements) and
//! ANTLR-shaped syntax errors: `line L:C no viable alternative at input 'X'`
//! where no rule fits, `line L:C mismatched input 'X' expecting Y` where one
//! token was required. It must not consult the schema.
//!
//! Error fidelity: every message recorded from 1.2.9 in the conformance
//! corpus is reproduced; other failures use the same two shapes but the
//! "expecting" part may name a different token than ANTLR's prediction would.

mod auth;
mod conditions;
mod ddl;
mod dml;
mod grammar;
mod recovery;
mod relations;
mod reserved;
mod selectors;
mod terms;

pub use grammar::Grammar;
pub(crate) use reserved::RESERVED;

use super::ast::*;
use super::error::{CqlError, CqlResult};
use super::lexer::{LexErrors, Lexer, Token, TokenKind};
use super::lookahead::{Lookahead, TABLE_NAME_FOLLOWERS, TABLE_NAME_FOLLOWERS_34};

/// Where a 2.0 `IF [NOT] EXISTS` met 1.2's grammar, which read `IF` as a
/// name: what ANTLR then said at the word after it (1.2.9's answers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum IfAt {
    CreateKeyspace,
    CreateTable,
    CreateIndex,
    DropKeyspace,
    DropTable,
    DropIndex,
    /// 2.1's types: never met by 1.2.
    Other,
}

/// Parses one statement (a trailing `;` is allowed).
///
/// The lexer is pulled a token at a time (`cql::lookahead`); the answers
/// are those of lexing the whole text first: a lexical error anywhere in
/// the text wins over any syntax error (but in 2.1's grammar, where a
/// syntax error wins: see `LexErrors`).
pub fn parse(text: &str) -> CqlResult<Parsed> {
    parse_with(text, Grammar::Cql305)
}

/// [`parse`] in the given grammar.
pub fn parse_with(text: &str, grammar: Grammar) -> CqlResult<Parsed> {
    // A batch is parsed twice: first for its errors only, each inner
    // statement dropped once parsed, then again to keep them. Why: a big
    // batch's syntax trees are some 15 times its text, and 1.2.9 reports
    // every syntax error (anywhere in the batch) before any semantic one,
    // so a batch refused for its syntax never holds them. Both passes run
    // the same grammar, so the errors, their positions and their order
    // are those of one pass.
    let parsed = parse_pass(text, BatchMode::Outline, grammar)?;
    if matches!(parsed.statement, Statement::Batch(_)) {
        return parse_pass(text, BatchMode::Keep, grammar);
    }
    Ok(parsed)
}

/// [`parse_with`], reporting lexical errors as `lexing` says rather than
/// as the grammar's release did (a native session parses in one grammar
/// for every release).
pub fn parse_with_lexing(text: &str, grammar: Grammar, lexing: LexErrors) -> CqlResult<Parsed> {
    parse_pass_lexing(text, BatchMode::Outline, grammar, lexing)
}

/// [`parse`] for a statement about to run once: a batch without
/// conditions keeps only its [`BatchOutline`], not its statements, and is
/// run by passing its statements one at a time, as they are parsed again,
/// through [`each_batch_statement`] (so that its syntax trees are never
/// all held at once). A conditional batch is kept whole, as by [`parse`]:
/// it is checked whole before anything is written.
pub fn parse_outlined(text: &str) -> CqlResult<Parsed> {
    parse_outlined_with(text, Grammar::Cql305)
}

/// [`parse_outlined`] in the given grammar.
pub fn parse_outlined_with(text: &str, grammar: Grammar) -> CqlResult<Parsed> {
    // A client's statement: a traced call shows its text and its parse.
    crate::trace::parameter("query", || text.to_string());
    crate::trace::event(|| format!("Parsing {text}"));
    let parsed = parse_pass(text, BatchMode::Outline, grammar)?;
    crate::trace::event(|| "Preparing statement".to_string());
    match &parsed.statement {
        Statement::Batch(b) if b.outline.as_ref().is_some_and(|o| o.conditional) => {
            parse_pass(text, BatchMode::Keep, grammar)
        }
        _ => Ok(parsed),
    }
}

/// Parses `text`, a batch that [`parse_outlined`] accepted, again and hands
/// each of its statements to `each` as soon as it is parsed; the first
/// error `each` returns stops the parse and is returned. (No syntax error
/// can come up: the text already parsed, in the same `grammar`, whose
/// literals a batch's statements take: 2.1's tuples, 2.2's JSON.)
pub fn each_batch_statement(
    text: &str,
    grammar: Grammar,
    each: &mut dyn FnMut(Statement) -> CqlResult<()>,
) -> CqlResult<()> {
    parse_pass(text, BatchMode::Each(each), grammar).map(|_| ())
}

/// What a batch does with each statement once it is parsed.
pub(crate) enum BatchMode<'a> {
    /// Drops it, noting its table in the batch's outline (the syntax-only
    /// pass: see [`parse`]).
    Outline,
    /// Keeps it in the batch.
    Keep,
    /// Hands it over (see [`each_batch_statement`]).
    Each(&'a mut dyn FnMut(Statement) -> CqlResult<()>),
}

/// One parse of `text`; `batch_mode`: what a batch does with its statements.
fn parse_pass<'a>(text: &'a str, batch_mode: BatchMode<'a>, grammar: Grammar) -> CqlResult<Parsed> {
    let lexing = match grammar {
        Grammar::Beta1
        | Grammar::Cql305
        | Grammar::Cql12
        | Grammar::Cql12Paren
        | Grammar::WithStatics => LexErrors::Last,
        Grammar::Cql32 => LexErrors::Collected,
        Grammar::Cql33 | Grammar::Cql30 | Grammar::Cql34 => LexErrors::First,
    };
    parse_pass_lexing(text, batch_mode, grammar, lexing)
}

fn parse_pass_lexing<'a>(
    text: &'a str,
    batch_mode: BatchMode<'a>,
    grammar: Grammar,
    lexing: LexErrors,
) -> CqlResult<Parsed> {
    let lexer = match grammar {
        Grammar::Beta1 => Lexer::beta(text),
        g if !g.has_contains() => Lexer::with(text, lexing).without_neq().without_dollars(),
        g if !g.is_cql33() => Lexer::with(text, lexing).without_dollars(),
        Grammar::Cql34 => Lexer::with(text, lexing).with_durations(),
        _ => Lexer::with(text, lexing),
    };
    let mut p = Parser {
        text,
        tokens: Lookahead::new(lexer),
        binds: 0,
        marker_names: Vec::new(),
        recovered: Vec::new(),
        error_recovery: false,
        depth: 0,
        type_args: 0,
        lone_value: false,
        batch_mode,
        grammar,
    };
    let parsed = p.parse_all();
    // 2.2 on answered the first error reported. ANTLR 3.5's token stream
    // lexed as the parser asked, so a parser's error before a bad
    // character further on was reported first.
    if let (LexErrors::First, Err(parser)) = (lexing, &parsed) {
        return match p.tokens.lexical_error() {
            Err(lexed) if !lexed_after(&lexed, parser) => Err(lexed),
            _ => parsed,
        };
    }
    p.tokens.lexical_error()?;
    // (A collected lexical error is reported when the parse met none, or
    // when the lexer met it after the parser's error: 2.1's collector threw
    // the last error, and ANTLR's recovery lexed on to the end after a
    // parser's error before the end.)
    match (p.tokens.collected_error(), &parsed) {
        (Some(e), Err(parser)) if lexed_after(&e, parser) => Err(e),
        (Some(e), _) => parsed.and(Err(e)),
        (None, _) => parsed,
    }
}

/// Whether lexical error `lexed` lies after the parser's syntax error
/// `parser`, which is not at the end of the text (`line 0:-1`).
fn lexed_after(lexed: &CqlError, parser: &CqlError) -> bool {
    match (lexed, parser) {
        (
            CqlError::Syntax { line, column, .. },
            CqlError::Syntax {
                line: pl,
                column: pc,
                ..
            },
        ) => *pl > 0 && (*line, *column) > (*pl, *pc),
        _ => false,
    }
}

/// Splits a script on top-level `;` (quotes and comments respected) and
/// parses each non-empty statement.
pub fn parse_script(text: &str) -> CqlResult<Vec<Parsed>> {
    split_statements(text).iter().map(|s| parse(s)).collect()
}

/// The statements of a script as text, without their `;`.
pub fn split_statements(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                cur.push(c);
                for d in chars.by_ref() {
                    cur.push(d);
                    if d == c {
                        break;
                    }
                }
            }
            // A line comment is dropped with its text (the lexer wants
            // its line end, which the script's last line may lack).
            '-' | '/' if chars.peek() == Some(&c) => {
                for d in chars.by_ref() {
                    if d == '\n' {
                        cur.push('\n');
                        break;
                    }
                }
            }
            ';' => {
                if !cur.trim().is_empty() {
                    out.push(cur.trim().to_string());
                }
                cur.clear();
            }
            _ => cur.push(c),
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

pub(crate) struct Parser<'a> {
    /// The statement's text (quoted by an error the parser's actions threw).
    text: &'a str,
    tokens: Lookahead<Lexer<'a>>,
    binds: usize,
    /// Each marker's name (`:name`), by position; `None` for a `?`.
    marker_names: Vec<Option<String>>,
    /// Errors ANTLR would have recovered from (a name where a value was
    /// expected); parsing goes on and the last one is reported.
    recovered: Vec<CqlError>,
    /// ANTLR's `errorRecovery`: set by a reported error, cleared by the next
    /// token matched; while set, further errors are not reported (the
    /// first error of a run is the one kept).
    error_recovery: bool,
    /// How many collection literals, function calls (in values or in
    /// selectors) or collection types enclose the current token (see [`MAX_NESTING`]).
    depth: usize,
    /// How many collection types' `<...>` enclose the current token (a
    /// `>` follows a type there).
    type_args: usize,
    /// Whether the current value is a relation's single value with no
    /// list of values around it: no `,` follows it then, so ANTLR's
    /// recovery from a bad type in a 1.2 cast went past one.
    lone_value: bool,
    /// What a batch does with each inner statement once it is parsed.
    batch_mode: BatchMode<'a>,
    grammar: Grammar,
}

// Terms, selectors and types nest at most this deep (the bound every
// parser of outside input shares). Deeper input is refused rather than
// recursed into: a client's text must not be able to exhaust the stack
// (which aborts the whole server).
use crate::input_bounds::MAX_NESTING;

impl Parser<'_> {
    /// The statement, a `;` and the end of the text.
    fn parse_all(&mut self) -> CqlResult<Parsed> {
        let statement = self.statement().map_err(|e| self.first_reported_over(e))?;
        while self.eat_sym(";") {}
        // `query: cqlStatement (';')* EOF`. The start rule's EOF match
        // recovers as ANTLR's matches do: one extra token before the end is
        // dropped ("extraneous"), anything else is taken for a missing EOF
        // (the start rule's follow set holds every token) and the rest of
        // the text is never read.
        if self.peek().kind != TokenKind::Eof {
            let e = if self.peek_at(1).kind == TokenKind::Eof {
                self.extraneous("EOF")
            } else {
                Self::error_at(
                    self.peek(),
                    format!("missing EOF at '{}'", self.peek().text),
                )
            };
            self.report(e);
        }
        // Cassandra 1.2 lets ANTLR recover and then reports the *last* error
        // (2.1's `ErrorCollector` too); 2.2's reports the first.
        let kept = match self.grammar.is_cql33() {
            true => (!self.recovered.is_empty()).then(|| self.recovered.remove(0)),
            false => self.recovered.pop(),
        };
        if let Some(e) = kept {
            return Err(e);
        }
        Ok(Parsed {
            statement,
            bind_count: self.binds,
            marker_names: std::mem::take(&mut self.marker_names),
        })
    }

    fn peek(&self) -> &Token {
        self.tokens.peek_at(0)
    }
    fn peek_at(&self, ahead: usize) -> &Token {
        self.tokens.peek_at(ahead)
    }
    fn advance(&mut self) -> Token {
        self.error_recovery = false;
        self.tokens.advance()
    }

    /// Runs `f` one nesting level deeper, refusing to go past [`MAX_NESTING`].
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> CqlResult<T>) -> CqlResult<T> {
        if self.depth >= MAX_NESTING {
            return Err(Self::error_at(
                self.peek(),
                crate::input_bounds::too_deep("input"),
            ));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    /// Runs `f`, a list of values (a collection literal, a tuple, a
    /// function's arguments), one nesting level deeper: a `,` may follow
    /// the values in it whatever encloses it.
    fn listed<T>(&mut self, f: impl FnOnce(&mut Self) -> CqlResult<T>) -> CqlResult<T> {
        let lone = std::mem::replace(&mut self.lone_value, false);
        let r = self.nested(f);
        self.lone_value = lone;
        r
    }

    fn error_at(tok: &Token, message: String) -> CqlError {
        CqlError::Syntax {
            line: tok.line,
            column: tok.column,
            message,
        }
    }
    /// `no viable alternative at input 'X'` at the current token.
    fn no_viable(&self) -> CqlError {
        let t = self.peek();
        Self::error_at(t, format!("no viable alternative at input '{}'", t.text))
    }
    /// `mismatched input 'X' expecting Y` at the current token.
    fn mismatched(&self, expecting: &str) -> CqlError {
        let t = self.peek();
        Self::error_at(
            t,
            format!("mismatched input '{}' expecting {}", t.text, expecting),
        )
    }

    fn at_kw(&self, kw: &str) -> bool {
        self.peek().is_kw(kw)
    }
    fn at_sym(&self, s: &str) -> bool {
        self.peek().is_sym(s)
    }
    fn eat_kw(&mut self, kw: &str) -> bool {
        let hit = self.at_kw(kw);
        if hit {
            self.advance();
        }
        hit
    }
    fn eat_sym(&mut self, s: &str) -> bool {
        let hit = self.at_sym(s);
        if hit {
            self.advance();
        }
        hit
    }
    fn expect_kw(&mut self, kw: &str) -> CqlResult<()> {
        if self.eat_kw(kw) {
            return Ok(());
        }
        let is_next = self.peek_at(1).is_kw(kw);
        self.match_after_extraneous(is_next, format!("K_{}", kw.to_ascii_uppercase()))
    }
    fn expect_sym(&mut self, s: &str) -> CqlResult<()> {
        if self.eat_sym(s) {
            return Ok(());
        }
        let is_next = self.peek_at(1).is_sym(s);
        self.match_after_extraneous(is_next, format!("'{s}'"))
    }

    /// Whether `word` cannot be a bare name: 2.0's reserved words (1.2's
    /// grammar had no IF or NOT), and those 2.1 and 2.2 added.
    fn reserved(&self, word: &str) -> bool {
        let w = word.to_ascii_lowercase();
        let w = w.as_str();
        (RESERVED.contains(&w) && (self.grammar.has_conditions() || !matches!(w, "if" | "not")))
            || (self.grammar.has_contains() && reserved::RESERVED_SINCE_2_1.contains(&w))
            || (self.grammar.is_cql33() && reserved::RESERVED_SINCE_2_2.contains(&w))
    }

    /// Whether the token `ahead` is one [`Parser::ident`] takes.
    fn ident_at(&self, ahead: usize) -> bool {
        let t = self.peek_at(ahead);
        match t.kind {
            TokenKind::Ident => !self.reserved(&t.text),
            TokenKind::QuotedName => true,
            _ => false,
        }
    }

    /// An identifier: an unreserved bare word (lower-cased) or a quoted name.
    fn ident(&mut self) -> CqlResult<String> {
        let t = self.peek();
        match t.kind {
            TokenKind::Ident if !self.reserved(&t.text) => Ok(self.advance().text.to_lowercase()),
            TokenKind::QuotedName => Ok(self.advance().text),
            _ => Err(self.no_viable()),
        }
    }

    /// `ks.table` or `table`.
    fn table_name(&mut self) -> CqlResult<TableName> {
        // `(ks '.')? cf` is an LL(2) decision: after the first name comes
        // `.` or one of [`TABLE_NAME_FOLLOWERS`]; any other is no viable there.
        let next = self.peek_at(1);
        let follows = next.kind == TokenKind::Eof
            || next.is_sym(".")
            || next.is_sym(";")
            || next.is_sym("(")
            || TABLE_NAME_FOLLOWERS.iter().any(|kw| next.is_kw(kw))
            || (self.grammar.has_group_by()
                && TABLE_NAME_FOLLOWERS_34.iter().any(|kw| next.is_kw(kw)));
        if !follows && self.grammar.checks_after_table_name() && self.ident_at(0) {
            self.advance();
            return Err(self.no_viable());
        }
        let first = self.ident()?;
        if self.eat_sym(".") {
            let name = self.ident()?;
            Ok(TableName {
                keyspace: Some(first),
                name,
            })
        } else {
            Ok(TableName {
                keyspace: None,
                name: first,
            })
        }
    }

    /// 1.2's refusal of a 2.0 `IF [NOT] EXISTS` at `at` (see [`IfAt`]);
    /// `Ok` where the grammar has it or `IF` is not followed by its words.
    fn refuse_if(&self, at: IfAt) -> CqlResult<()> {
        if self.grammar.has_conditions() || !self.at_kw("if") {
            return Ok(());
        }
        let next = self.peek_at(1);
        if !next.is_kw("not") && !next.is_kw("exists") {
            return Ok(());
        }
        let (tok, message) = match at {
            // createKeyspaceStatement took NOT for its WITH and then wanted
            // the `=` of a property at the word after it.
            IfAt::CreateKeyspace => {
                let t = self.peek_at(2);
                (t, format!("missing '=' at '{}'", t.text))
            }
            IfAt::CreateTable | IfAt::DropTable | IfAt::Other => (
                next,
                format!("no viable alternative at input '{}'", next.text),
            ),
            IfAt::CreateIndex => (next, format!("missing K_ON at '{}'", next.text)),
            IfAt::DropKeyspace | IfAt::DropIndex => {
                (next, format!("missing EOF at '{}'", next.text))
            }
        };
        Err(Self::error_at(tok, message))
    }

    fn if_not_exists(&mut self, at: IfAt) -> CqlResult<bool> {
        self.refuse_if(at)?;
        if self.grammar.has_conditions() && self.at_kw("if") {
            self.advance();
            // ANTLR's single-token insertion: EXISTS is what follows the
            // NOT it wanted (`INSERT ... IF EXISTS`).
            if self.at_kw("exists") {
                let t = self.peek();
                return Err(Self::error_at(t, format!("missing K_NOT at '{}'", t.text)));
            }
            self.expect_kw("not")?;
            self.expect_kw("exists")?;
            return Ok(true);
        }
        Ok(false)
    }
    fn if_exists(&mut self, at: IfAt) -> CqlResult<bool> {
        self.refuse_if(at)?;
        if self.grammar.has_conditions() && self.eat_kw("if") {
            self.expect_kw("exists")?;
            return Ok(true);
        }
        Ok(false)
    }

    fn statement(&mut self) -> CqlResult<Statement> {
        let t = self.peek().clone();
        if t.kind != TokenKind::Ident {
            return Err(self.no_viable());
        }
        match t.text.to_ascii_lowercase().as_str() {
            "select" => self.select().map(Statement::Select),
            "insert" => self.insert().map(Statement::Insert),
            "update" => self.update().map(Statement::Update),
            "delete" => self.delete().map(Statement::Delete),
            "begin" => self.batch().map(Statement::Batch),
            "use" => {
                self.advance();
                Ok(Statement::Use(self.ident()?))
            }
            "truncate" => {
                self.advance();
                let _ = self.eat_kw("columnfamily") || self.eat_kw("table");
                Ok(Statement::Truncate(self.table_name()?))
            }
            "grant" | "revoke" | "list" => self.permissions_statement(),
            "create" => self.create(),
            "alter" => self.alter(),
            "drop" => self.drop(),
            _ => Err(self.no_viable()),
        }
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests12;
#[cfg(test)]
mod tests34;
#[cfg(test)]
mod tests_beta;
