//! A recursive-descent parser for the CQL 2 grammar of Cassandra 1.2.9
//! (`org/apache/cassandra/cql/Cql.g`), producing [`ast`](super::ast) values.
//!
//! Owns the statement grammar, the reserved words and ANTLR-style syntax
//! errors (`line L:C mismatched input 'x' expecting ...`). It must not
//! look at a schema or convert values: terms stay text until execution.

use super::ast::*;
use super::lexer::{Kind, Lexer, Token};
use crate::cql::lookahead::Lookahead;
use crate::cql::CqlError;

/// Words the 1.2 lexer turned into keyword tokens (case-insensitive), so
/// they can never be identifiers or terms (`KEY` is the one keyword that
/// is also a term).
const KEYWORDS: &[&str] = &[
    "SELECT",
    "FROM",
    "WHERE",
    "AND",
    "KEY",
    "INSERT",
    "UPDATE",
    "WITH",
    "LIMIT",
    "USING",
    "CONSISTENCY",
    "ONE",
    "QUORUM",
    "ALL",
    "ANY",
    "LOCAL_QUORUM",
    "EACH_QUORUM",
    "TWO",
    "THREE",
    "USE",
    "FIRST",
    "REVERSED",
    "COUNT",
    "SET",
    "BEGIN",
    "APPLY",
    "BATCH",
    "TRUNCATE",
    "DELETE",
    "IN",
    "CREATE",
    "KEYSPACE",
    "SCHEMA",
    "COLUMNFAMILY",
    "TABLE",
    "INDEX",
    "ON",
    "DROP",
    "PRIMARY",
    "INTO",
    "VALUES",
    "TIMESTAMP",
    "TTL",
    "ALTER",
    "ADD",
    "TYPE",
];

/// The consistency levels `K_LEVEL` matched.
const LEVELS: &[&str] = &[
    "ONE",
    "QUORUM",
    "ALL",
    "ANY",
    "LOCAL_QUORUM",
    "EACH_QUORUM",
    "TWO",
    "THREE",
];

/// The grammar's `comparatorType` literals: implicit, case-sensitive tokens.
pub const TYPE_WORDS: &[&str] = &[
    "blob",
    "ascii",
    "text",
    "varchar",
    "int",
    "varint",
    "bigint",
    "uuid",
    "counter",
    "boolean",
    "timestamp",
    "float",
    "double",
    "decimal",
];

/// 0.8's `comparatorType` literals: `bytea` and `date` where later
/// releases had `blob` and `timestamp`, and no `decimal`.
pub const FIRST_TYPE_WORDS: &[&str] = &[
    "bytea", "ascii", "text", "varchar", "int", "varint", "bigint", "uuid", "counter", "boolean",
    "date", "float", "double",
];

/// Where the release's `Cql.g` differed from 1.2.9's (the default).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Grammar {
    /// 0.8's type words ([`FIRST_TYPE_WORDS`]).
    pub first_type_words: bool,
    /// An assignment `name = value` followed by a token that can follow
    /// neither an assignment nor a counter operation is reported at the
    /// value (0.8 and 1.0, whose terms had no `?`), else at that token.
    pub assignment_error_at_value: bool,
    /// No bind markers (0.8 and 1.0: `?` was no token of their lexer,
    /// which refused the character itself).
    pub no_markers: bool,
    /// 0.8's and 1.0's `K_LEVEL` had no `TWO` or `THREE` (1.1 added
    /// them): those were identifiers, refused as a level.
    pub no_two_three: bool,
    /// CREATE COLUMNFAMILY's properties are plain identifiers (0.8's
    /// `createColumnFamilyStatement` matched `IDENT` only; 1.0 took
    /// `COMPIDENT` for `compression_parameters:...`), so a `name:sub`
    /// there is a parse error.
    pub plain_cf_properties: bool,
    /// No `.` token (0.8's lexer knew `..` alone: its names had no
    /// keyspace), so `system.local` fails where the `.` stands.
    pub no_dots: bool,
}

impl Grammar {
    /// The grammar's type words.
    pub fn type_words(&self) -> &'static [&'static str] {
        if self.first_type_words {
            FIRST_TYPE_WORDS
        } else {
            TYPE_WORDS
        }
    }
}

/// 1.2's defaults for `FIRST` and `LIMIT`.
pub const DEFAULT_COUNT: i32 = 10_000;

fn is_reserved(grammar: Grammar, word: &str) -> bool {
    if grammar.no_two_three && is_two_or_three(word) {
        return false;
    }
    grammar.type_words().contains(&word) || KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(word))
}

fn is_two_or_three(word: &str) -> bool {
    word.eq_ignore_ascii_case("TWO") || word.eq_ignore_ascii_case("THREE")
}

/// Parses one statement.
///
/// The lexer is pulled a token at a time (`cql::lookahead`); the answers
/// are those of lexing the whole text first: a lexical error anywhere in
/// the text wins over any syntax error.
pub fn parse(query: &str) -> Result<Parsed, CqlError> {
    parse_in(query, Grammar::default())
}

/// [`parse`] in a release's grammar.
pub fn parse_in(query: &str, grammar: Grammar) -> Result<Parsed, CqlError> {
    parse_pass(query, grammar, BatchMode::Keep)
}

/// [`parse`] for a statement about to run once: a batch keeps only its
/// [`BatchOutline`], not its statements (their syntax trees are many
/// times the text), and is run by passing its statements one at a time,
/// as they are parsed again, through [`each_batch_statement`]. Errors are
/// those of [`parse`]: the grammar is the same.
pub fn parse_outlined(query: &str) -> Result<Parsed, CqlError> {
    parse_outlined_in(query, Grammar::default())
}

/// [`parse_outlined`] in a release's grammar.
pub fn parse_outlined_in(query: &str, grammar: Grammar) -> Result<Parsed, CqlError> {
    parse_pass(query, grammar, BatchMode::Outline)
}

/// Parses `query`, a batch that [`parse_outlined`] accepted, again and
/// hands each of its statements to `each` as soon as it is parsed; the
/// first error `each` returns stops the parse and is returned.
pub fn each_batch_statement(
    query: &str,
    grammar: Grammar,
    each: &mut dyn FnMut(Modification) -> Result<(), CqlError>,
) -> Result<(), CqlError> {
    parse_pass(query, grammar, BatchMode::Each(each)).map(|_| ())
}

/// What a batch does with each statement once it is parsed.
enum BatchMode<'a> {
    /// Drops it, noting what the batch's outline needs.
    Outline,
    /// Keeps it in the batch.
    Keep,
    /// Hands it over (see [`each_batch_statement`]).
    Each(&'a mut dyn FnMut(Modification) -> Result<(), CqlError>),
}

fn parse_pass<'q>(
    query: &'q str,
    grammar: Grammar,
    batch_mode: BatchMode<'q>,
) -> Result<Parsed, CqlError> {
    let mut p = Parser {
        tokens: Lookahead::new({
            let lexer = if grammar.no_markers {
                Lexer::without_markers(query)
            } else {
                Lexer::new(query)
            };
            if grammar.no_dots {
                lexer.without_dots()
            } else {
                lexer
            }
        }),
        markers: 0,
        query,
        batch_mode,
        grammar,
        reported: None,
    };
    let statement = p.statement();
    p.tokens.lexical_error()?;
    let statement = statement?;
    if let Some(e) = p.reported.take() {
        return Err(e);
    }
    Ok(Parsed {
        statement,
        markers: p.markers,
    })
}

struct Parser<'q> {
    tokens: Lookahead<Lexer<'q>>,
    markers: usize,
    query: &'q str,
    /// What a batch does with each statement once it is parsed.
    batch_mode: BatchMode<'q>,
    grammar: Grammar,
    /// An error ANTLR reported and recovered from: thrown at the end when
    /// no later one was (every release's `throwLastRecognitionError`).
    reported: Option<CqlError>,
}

type PResult<T> = Result<T, CqlError>;

impl Parser<'_> {
    fn peek(&self) -> &Token {
        self.tokens.peek_at(0)
    }

    fn peek_at(&self, ahead: usize) -> &Token {
        self.tokens.peek_at(ahead)
    }

    fn advance(&mut self) -> Token {
        self.tokens.advance()
    }

    fn error_at(t: &Token, message: String) -> CqlError {
        let (line, column) = if t.kind == Kind::Eof {
            (0, -1)
        } else {
            (t.line, t.column)
        };
        CqlError::Syntax {
            line,
            column,
            message,
        }
    }

    fn mismatched(&self, expecting: &str) -> CqlError {
        let t = self.peek();
        Self::error_at(
            t,
            format!("mismatched input '{}' expecting {expecting}", t.text),
        )
    }

    /// A `(...)+` loop that matched nothing (ANTLR's `EarlyExitException`).
    fn early_exit(&self) -> CqlError {
        let t = self.peek();
        Self::error_at(
            t,
            format!(
                "required (...)+ loop did not match anything at input '{}'",
                t.text
            ),
        )
    }

    fn no_viable(&self) -> CqlError {
        let t = self.peek();
        Self::error_at(t, format!("no viable alternative at input '{}'", t.text))
    }

    fn at_kw(&self, kw: &str) -> bool {
        self.is_kw_token(self.peek(), kw)
    }

    /// Whether `t` is the keyword `kw` in this grammar. A word spelled
    /// exactly as one of the grammar's type literals (`timestamp` from
    /// 1.0) is that literal's token, not the keyword: ANTLR's implicit
    /// literal tokens are case-sensitive and come before the keyword rules,
    /// so only another spelling (`TIMESTAMP`, `Timestamp`) is `K_TIMESTAMP`.
    fn is_kw_token(&self, t: &Token, kw: &str) -> bool {
        t.is_kw(kw) && !self.grammar.type_words().contains(&t.text.as_str())
    }

    fn eat_kw(&mut self, kw: &str) -> bool {
        let hit = self.at_kw(kw);
        if hit {
            self.advance();
        }
        hit
    }

    fn expect_kw(&mut self, kw: &str) -> PResult<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else if self.is_kw_token(self.peek_at(1), kw) {
            self.extraneous(&format!("K_{kw}"));
            Ok(())
        } else {
            Err(self.mismatched(&format!("K_{kw}")))
        }
    }

    /// ANTLR's single-token deletion: where the token after the current one
    /// is the one due, the current one is reported extraneous and dropped,
    /// and the parse goes on (a later error is the one thrown).
    fn extraneous(&mut self, expecting: &str) {
        let t = self.advance();
        self.advance();
        self.reported = Some(Self::error_at(
            &t,
            format!("extraneous input '{}' expecting {expecting}", t.text),
        ));
    }

    fn eat_sym(&mut self, sym: &str) -> bool {
        let hit = self.peek().is_sym(sym);
        if hit {
            self.advance();
        }
        hit
    }

    fn expect_sym(&mut self, sym: &str) -> PResult<()> {
        if self.eat_sym(sym) {
            Ok(())
        } else if self.peek_at(1).is_sym(sym) {
            self.extraneous(&format!("'{sym}'"));
            Ok(())
        } else {
            Err(self.mismatched(&format!("'{sym}'")))
        }
    }

    fn is_ident(&self, t: &Token) -> bool {
        t.kind == Kind::Word && !is_reserved(self.grammar, &t.text)
    }

    /// `( IDENT | STRING_LITERAL | INTEGER )`: a keyspace or CF name. The
    /// grammar matched it as a token set: anything else there was ANTLR's
    /// MismatchedSetException, which knew no expected token ("set null").
    fn name(&mut self) -> PResult<String> {
        let t = self.peek();
        if self.is_ident(t) || matches!(t.kind, Kind::Str | Kind::Integer) {
            Ok(self.advance().text)
        } else {
            Err(self.mismatched("set null"))
        }
    }

    /// `(keyspace '.')? cf`.
    fn qualified_name(&mut self) -> PResult<(Option<String>, String)> {
        let first = self.name()?;
        if self.eat_sym(".") {
            Ok((Some(first), self.name()?))
        } else {
            Ok((None, first))
        }
    }

    fn term(&mut self) -> PResult<Term> {
        let t = self.peek();
        let kind = match t.kind {
            Kind::Str => TermKind::Str,
            Kind::Word if t.is_kw("KEY") => TermKind::Key,
            Kind::Word if self.is_ident(t) => TermKind::Str,
            Kind::Integer => TermKind::Integer,
            Kind::Float => TermKind::Float,
            Kind::Uuid => TermKind::Uuid,
            Kind::Marker => {
                self.markers += 1;
                TermKind::Marker(self.markers - 1)
            }
            _ => return Err(self.no_viable()),
        };
        Ok(Term::new(self.advance().text, kind))
    }

    fn term_list(&mut self) -> PResult<Vec<Term>> {
        let mut items = vec![self.term()?];
        while self.eat_sym(",") {
            items.push(self.term()?);
        }
        Ok(items)
    }

    fn integer(&mut self) -> PResult<i64> {
        if self.peek().kind != Kind::Integer {
            return Err(self.mismatched("INTEGER"));
        }
        let t = self.advance();
        t.text.parse::<i64>().map_err(|_| number_error(&t))
    }

    fn int32(&mut self) -> PResult<i32> {
        let t = self.peek().clone();
        let v = self.integer()?;
        i32::try_from(v).map_err(|_| number_error(&t))
    }

    fn end(&mut self) -> PResult<()> {
        self.eat_sym(";");
        if self.peek().kind == Kind::Eof {
            Ok(())
        } else if self.peek_at(1).kind == Kind::Eof {
            // ANTLR's single-token deletion: one token too many before the
            // end is reported as extraneous (the statement still refused).
            let t = self.peek();
            Err(Self::error_at(
                t,
                format!("extraneous input '{}' expecting EOF", t.text),
            ))
        } else {
            Err(self.mismatched("EOF"))
        }
    }

    fn statement(&mut self) -> PResult<Statement> {
        let t = self.peek().clone();
        let s = if t.is_kw("SELECT") {
            Statement::Select(self.select()?)
        } else if t.is_kw("INSERT") {
            Statement::Update(self.insert()?)
        } else if t.is_kw("UPDATE") {
            Statement::Update(self.update()?)
        } else if t.is_kw("DELETE") {
            Statement::Delete(self.delete()?)
        } else if t.is_kw("BEGIN") {
            self.batch()?
        } else if t.is_kw("USE") {
            self.advance();
            Statement::Use(self.name()?)
        } else if t.is_kw("TRUNCATE") {
            self.advance();
            let (keyspace, cf) = self.qualified_name()?;
            Statement::Truncate { keyspace, cf }
        } else if t.is_kw("CREATE") || t.is_kw("DROP") || t.is_kw("ALTER") {
            self.schema_statement()?
        } else {
            return Err(self.no_viable());
        };
        self.end()?;
        Ok(s)
    }

    fn consistency_level(&mut self) -> PResult<String> {
        self.expect_kw("CONSISTENCY")?;
        let t = self.peek();
        let known = !(self.grammar.no_two_three && is_two_or_three(&t.text));
        if t.kind == Kind::Word && known && LEVELS.iter().any(|l| t.is_kw(l)) {
            Ok(self.advance().text.to_ascii_uppercase())
        } else {
            Err(self.mismatched("K_LEVEL"))
        }
    }

    fn select(&mut self) -> PResult<Select> {
        self.expect_kw("SELECT")?;
        let count = self.at_kw("COUNT") && self.peek_at(1).is_sym("(");
        if count {
            self.advance();
            self.advance();
        }
        let (first, first_set) = if self.eat_kw("FIRST") {
            (self.int32()?, true)
        } else {
            (DEFAULT_COUNT, false)
        };
        let reversed = self.eat_kw("REVERSED");
        let selection = if self.eat_sym("*") {
            Selection::Wildcard
        } else {
            let start = self.term()?;
            // `term (',' term)* | term RANGEOP term` was one decision on two
            // tokens: after the first term, one that is neither `,`, `..` nor
            // what follows the selection fits no alternative.
            let t = self.peek();
            if !(t.kind == Kind::RangeOp
                || t.is_sym(",")
                || t.is_kw("FROM")
                || (count && t.is_sym(")")))
            {
                return Err(self.no_viable());
            }
            if self.peek().kind == Kind::RangeOp {
                self.advance();
                Selection::Range(start, self.term()?)
            } else {
                let mut cols = vec![start];
                while self.eat_sym(",") {
                    cols.push(self.term()?);
                }
                Selection::Columns(cols)
            }
        };
        if count {
            self.expect_sym(")")?;
        }
        let t = self.peek().clone();
        if !t.is_kw("FROM")
            && !self.peek_at(1).is_kw("FROM")
            && (self.is_ident(&t) || matches!(t.kind, Kind::Str | Kind::Integer))
        {
            // ANTLR's single-token insertion: a name may follow FROM, so
            // FROM was reported missing and taken as read.
            self.reported = Some(Self::error_at(
                &t,
                format!("missing K_FROM at '{}'", t.text),
            ));
        } else {
            self.expect_kw("FROM")?;
        }
        let (keyspace, cf) = self.qualified_name()?;
        let consistency = if self.eat_kw("USING") {
            Some(self.consistency_level()?)
        } else {
            None
        };
        let where_ = if self.eat_kw("WHERE") {
            self.where_clause()?
        } else {
            Where::None
        };
        let limit = if self.eat_kw("LIMIT") {
            self.int32()?
        } else {
            DEFAULT_COUNT
        };
        Ok(Select {
            count,
            first,
            first_set,
            reversed,
            selection,
            keyspace,
            cf,
            consistency,
            where_,
            limit,
        })
    }

    fn where_clause(&mut self) -> PResult<Where> {
        if self.peek_at(1).is_kw("IN") {
            let alias = self.term()?.text;
            self.advance();
            self.expect_sym("(")?;
            let keys = self.term_list()?;
            self.expect_sym(")")?;
            return Ok(Where::KeyIn { alias, keys });
        }
        let mut relations = vec![self.relation()?];
        while self.eat_kw("AND") {
            relations.push(self.relation()?);
        }
        Ok(Where::Relations(relations))
    }

    fn relation(&mut self) -> PResult<Relation> {
        let entity = self.term()?;
        let op = match self.peek().text.as_str() {
            "=" => RelOp::Eq,
            "<" => RelOp::Lt,
            "<=" => RelOp::Lte,
            ">" => RelOp::Gt,
            ">=" => RelOp::Gte,
            _ => return Err(self.no_viable()),
        };
        if self.peek().kind != Kind::Symbol {
            return Err(self.no_viable());
        }
        self.advance();
        Ok(Relation {
            entity,
            op,
            value: self.term()?,
        })
    }
}

fn number_error(t: &Token) -> CqlError {
    CqlError::Syntax {
        line: t.line,
        column: t.column,
        message: format!("For input string: \"{}\"", t.text),
    }
}

mod ddl;
mod dml;

#[cfg(test)]
mod tests;
