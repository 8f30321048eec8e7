//! A WHERE clause's relations: a column's (`=`, slices, `IN`, 2.1's
//! `CONTAINS`), `token(...)`'s, 1.2.11's parenthesized relation and 2.0's
//! multi-column (tuple) relations. The statements of `dml` read them here.

use super::super::ast::*;
use super::super::error::{CqlError, CqlResult};
use super::super::lexer::TokenKind;
use super::Parser;

impl Parser<'_> {
    /// `WHERE rel AND rel ...`; mandatory for writes.
    pub(super) fn where_clause(&mut self, required: bool) -> CqlResult<Vec<Relation>> {
        if required {
            // A stray token before the WHERE is dropped as extraneous.
            self.expect_kw("where")?;
        } else if !self.eat_kw("where") {
            return Ok(Vec::new());
        }
        // A relation the rule could not choose an alternative for is
        // recovered from (ANTLR): reported, its tokens dropped up to what
        // the clause or the statement takes next, and the clause goes on.
        const FOLLOW: &[&str] = &["and", "order", "limit", "allow", "if", "apply"];
        let mut rels = Vec::new();
        loop {
            let first = (self.peek().line, self.peek().column);
            let second = (self.peek_at(1).line, self.peek_at(1).column);
            if self.at_kw("token") && !self.peek_at(1).is_sym("(") {
                self.bare_token_relation(FOLLOW)?;
                if !self.eat_kw("and") {
                    break;
                }
                continue;
            }
            match self.relation() {
                Ok(r) => rels.push(r),
                Err(e) if self.relation_decision_failed(&e, first, second) => {
                    self.recover_to(e, FOLLOW)
                }
                Err(e) => return Err(e),
            }
            if !self.eat_kw("and") {
                break;
            }
        }
        rels.shrink_to_fit();
        Ok(rels)
    }

    /// A relation on a column named `token`: TOKEN is reserved, so the
    /// relation's decision took the `token(...)` alternative at it and a `(`
    /// was due next. As ANTLR recovered: a `(` one token later makes the
    /// token before it extraneous and the names are read on (one that is no
    /// name reported, the tokens up to the next `,` or `)` dropped), then
    /// the operator and value; any other token is a mismatch, reported, the
    /// relation's tokens dropped up to what may follow it (`follow`). The
    /// errors reported are the statement's answer; no relation is made.
    fn bare_token_relation(&mut self, follow: &[&str]) -> CqlResult<()> {
        self.advance();
        if !self.peek_at(1).is_sym("(") {
            let e = self.mismatched("'('");
            self.recover_to(e, follow);
            return Ok(());
        }
        self.match_after_extraneous(true, "'('".to_string())?;
        loop {
            if self.ident_at(0) {
                self.advance();
            } else {
                let e = self.no_viable();
                self.report(e);
                while !self.at_sym(",") && !self.at_sym(")") && self.peek().kind != TokenKind::Eof {
                    self.tokens.advance();
                }
            }
            if !self.eat_sym(",") {
                break;
            }
        }
        self.expect_sym(")")?;
        match self.operator() {
            Ok(_) => {
                self.lone_value()?;
            }
            Err(e) => self.recover_to(e, follow),
        }
        Ok(())
    }

    pub(super) fn operator(&mut self) -> CqlResult<Operator> {
        let t = self.peek().clone();
        let op = match t.text.as_str() {
            "=" => Operator::Eq,
            "<" => Operator::Lt,
            "<=" => Operator::Lte,
            ">" => Operator::Gt,
            ">=" => Operator::Gte,
            _ if t.is_kw("in") => Operator::In,
            // 2.2's relations read `!=` (2.1's refused it otherwise: not
            // emulated).
            "!=" if self.grammar.is_cql33() => Operator::Neq,
            _ => return Err(self.no_viable()),
        };
        if t.kind != TokenKind::Symbol && op != Operator::In {
            return Err(self.no_viable());
        }
        self.advance();
        Ok(op)
    }

    fn relation(&mut self) -> CqlResult<Relation> {
        if self.at_sym("(") && self.grammar.has_parenthesized_relations() {
            // 2.0's `tupleOfIdentifiers` (a name, then `,` or `)`) or
            // `'(' relation ')'`.
            let name = matches!(
                self.peek_at(1).kind,
                TokenKind::Ident | TokenKind::QuotedName
            );
            let tuple = name && (self.peek_at(2).is_sym(",") || self.peek_at(2).is_sym(")"));
            if tuple && self.grammar.has_multi_column_relations() {
                return self.nested(Self::multi_column_relation);
            }
            return self.nested(Self::parenthesized_relation);
        }
        if self.at_kw("token") && self.peek_at(1).is_sym("(") {
            self.advance();
            self.advance();
            // Before 2.2 (whose first error was answered) a token that is no
            // name was reported and ANTLR read on past the `,` or `)` it
            // dropped to: the relation's value could fail later, the error
            // answered (`token('a') > token(k)`: the `)` after `k`).
            let mut columns = Vec::new();
            loop {
                if self.grammar.is_cql33() || self.ident_at(0) {
                    columns.push(self.ident()?);
                } else {
                    let e = self.no_viable();
                    self.report(e);
                    while !self.at_sym(",")
                        && !self.at_sym(")")
                        && self.peek().kind != TokenKind::Eof
                    {
                        self.tokens.advance();
                    }
                }
                if !self.eat_sym(",") {
                    break;
                }
            }
            self.expect_sym(")")?;
            let op = self.operator()?;
            let value = self.lone_value()?;
            return Ok(Relation::Token { columns, op, value });
        }
        let column = self.ident()?;
        // 3.0's `cident K_IS K_NOT K_NULL`, 3.4's `cident K_LIKE term`.
        if self.grammar.has_is_not_null()
            && self.at_kw("is")
            && self.peek_at(1).is_kw("not")
            && self.peek_at(2).is_kw("null")
        {
            for _ in 0..3 {
                self.advance();
            }
            return Ok(Relation::Column {
                column,
                op: Operator::IsNot,
                value: Term::Null,
            });
        }
        if self.grammar.has_like() && self.eat_kw("like") {
            let value = self.lone_value()?;
            return Ok(Relation::Column {
                column,
                op: Operator::Like,
                value,
            });
        }
        if self.grammar.has_contains() && self.eat_kw("contains") {
            let op = if self.eat_kw("key") {
                Operator::ContainsKey
            } else {
                Operator::Contains
            };
            let value = self.lone_value()?;
            return Ok(Relation::Column { column, op, value });
        }
        // 2.2's `cident '[' term ']' relationType term`.
        if self.grammar.is_cql33() && self.eat_sym("[") {
            let key = self.term()?;
            self.expect_sym("]")?;
            let eq = self.operator()? == Operator::Eq;
            let value = self.lone_value()?;
            let value = Term::List(vec![key, value]);
            return Ok(Relation::Column {
                column,
                op: Operator::MapEntry { eq },
                value,
            });
        }
        let op = self.operator()?;
        let value = if op == Operator::In {
            // 2.0's `inMarker`: `IN ?` or `IN :name`.
            let named = self.at_sym(":")
                && self.grammar.has_statics()
                && matches!(
                    self.peek_at(1).kind,
                    TokenKind::Ident | TokenKind::QuotedName
                );
            if (self.at_sym("?") && self.grammar.has_in_marker()) || named {
                self.term()?
            } else {
                if self.at_sym("?") {
                    // 1.2's grammar wanted `(`: ANTLR took it for missing
                    // (a `?` may follow it) and read the list on.
                    let t = self.peek();
                    let e = Self::error_at(t, format!("missing '(' at '{}'", t.text));
                    self.report(e);
                } else {
                    self.expect_sym("(")?;
                }
                let mut items = Vec::new();
                if !self.at_sym(")") {
                    loop {
                        items.push(self.term()?);
                        if !self.eat_sym(",") {
                            break;
                        }
                    }
                }
                self.expect_sym(")")?;
                Term::List(items)
            }
        } else {
            self.lone_value()?
        };
        Ok(Relation::Column { column, op, value })
    }

    /// A relation's single value (not one of an `IN` list's).
    fn lone_value(&mut self) -> CqlResult<Term> {
        let lone = std::mem::replace(&mut self.lone_value, true);
        let r = self.term();
        self.lone_value = lone;
        r
    }

    /// `'(' relation ')'`. A syntax error inside is ANTLR's to recover
    /// from: reported, the tokens up to the `)` (or to one that may follow
    /// a WHERE clause) dropped, the `)` matched (1.2.19 answered `(a, b) >
    /// (1, 0)` with the `missing EOF at '>'` that came after).
    fn parenthesized_relation(&mut self) -> CqlResult<Relation> {
        self.expect_sym("(")?;
        let relation = match self.relation() {
            Ok(r) => r,
            Err(e @ CqlError::Syntax { .. }) => {
                self.report(e);
                const FOLLOW: [&str; 5] = ["and", "order", "limit", "allow", "if"];
                while !self.at_sym(")")
                    && !self.at_sym(";")
                    && self.peek().kind != TokenKind::Eof
                    && !FOLLOW.iter().any(|k| self.at_kw(k))
                {
                    self.tokens.advance();
                }
                Relation::Column {
                    column: String::new(),
                    op: Operator::Eq,
                    value: Term::Null,
                }
            }
            Err(e) => return Err(e),
        };
        self.expect_sym(")")?;
        Ok(relation)
    }

    /// 2.0's multi-column relation: `(a, b) op (1, 2)`, `(a, b) op ?`,
    /// `(a, b) IN ((1, 2), ...)`, `IN (?, ...)`, `IN ()` or `IN ?`.
    fn multi_column_relation(&mut self) -> CqlResult<Relation> {
        self.expect_sym("(")?;
        let mut columns = vec![self.ident()?];
        while self.eat_sym(",") {
            columns.push(self.ident()?);
        }
        self.expect_sym(")")?;
        if self.eat_kw("in") {
            let value = if self.at_sym("(") && self.peek_at(1).is_sym(")") {
                self.advance();
                self.advance();
                Term::List(Vec::new())
            } else if self.at_sym("(") {
                self.advance();
                // `tupleOfTupleLiterals` or `tupleOfMarkersForTuples`.
                let literals = self.at_sym("(");
                let mut items = Vec::new();
                loop {
                    items.push(match literals {
                        true => self.tuple_literal()?,
                        false => self.tuple_marker()?,
                    });
                    if !self.eat_sym(",") {
                        break;
                    }
                }
                self.expect_sym(")")?;
                Term::List(items)
            } else {
                self.tuple_marker()?
            };
            return Ok(Relation::MultiColumn {
                columns,
                op: Operator::In,
                value,
            });
        }
        let op = self.operator()?;
        let value = match self.at_sym("(") {
            true => self.tuple_literal()?,
            false => self.tuple_marker()?,
        };
        Ok(Relation::MultiColumn { columns, op, value })
    }

    /// `?` or `:name` standing for a whole tuple (or IN's list of them).
    fn tuple_marker(&mut self) -> CqlResult<Term> {
        let named = self.at_sym(":")
            && matches!(
                self.peek_at(1).kind,
                TokenKind::Ident | TokenKind::QuotedName
            );
        if self.at_sym("?") || named {
            return self.term();
        }
        Err(self.no_viable())
    }
}
