//! The schema statements of CQL 2: CREATE/DROP KEYSPACE, CREATE/DROP
//! COLUMNFAMILY (or TABLE), CREATE/DROP INDEX and ALTER COLUMNFAMILY.
//!
//! Owns only their grammar; property names and type words stay text for
//! the executor to check as 1.2 did.

use super::super::ast::*;
use super::super::lexer::Kind;
use super::{PResult, Parser};

impl Parser<'_> {
    pub(super) fn schema_statement(&mut self) -> PResult<Statement> {
        if self.eat_kw("CREATE") {
            if self.eat_kw("KEYSPACE") || self.eat_kw("SCHEMA") {
                let name = self.name()?;
                self.expect_kw("WITH")?;
                let attrs = self.properties(|p| p.keyspace_value())?;
                return Ok(Statement::CreateKeyspace { name, attrs });
            }
            if self.eat_kw("COLUMNFAMILY") || self.eat_kw("TABLE") {
                return self.create_column_family();
            }
            if self.eat_kw("INDEX") {
                let name = if self.is_ident(self.peek()) {
                    Some(self.advance().text)
                } else {
                    None
                };
                self.expect_kw("ON")?;
                let cf = self.name()?;
                self.expect_sym("(")?;
                let column = self.term()?;
                self.expect_sym(")")?;
                return Ok(Statement::CreateIndex { name, cf, column });
            }
            return Err(self.no_viable());
        }
        if self.eat_kw("DROP") {
            if self.eat_kw("KEYSPACE") || self.eat_kw("SCHEMA") {
                return Ok(Statement::DropKeyspace(self.name()?));
            }
            if self.eat_kw("COLUMNFAMILY") || self.eat_kw("TABLE") {
                return Ok(Statement::DropColumnFamily(self.name()?));
            }
            if self.eat_kw("INDEX") {
                return Ok(Statement::DropIndex(self.name()?));
            }
            return Err(self.no_viable());
        }
        self.expect_kw("ALTER")?;
        if !(self.eat_kw("COLUMNFAMILY") || self.eat_kw("TABLE")) {
            return Err(self.mismatched("K_COLUMNFAMILY"));
        }
        let cf = self.name()?;
        let op = if self.eat_kw("ALTER") {
            let column = self.name()?;
            self.expect_kw("TYPE")?;
            AlterOp::Alter {
                column,
                validator: self.alter_type_word()?,
            }
        } else if self.eat_kw("ADD") {
            let column = self.name()?;
            AlterOp::Add {
                column,
                validator: self.alter_type_word()?,
            }
        } else if self.eat_kw("DROP") {
            AlterOp::Drop {
                column: self.name()?,
            }
        } else if self.eat_kw("WITH") {
            AlterOp::With(self.properties(|p| p.cf_argument())?)
        } else {
            return Err(self.no_viable());
        };
        Ok(Statement::AlterColumnFamily { cf, op })
    }

    fn create_column_family(&mut self) -> PResult<Statement> {
        let name = self.name()?;
        let mut columns = Vec::new();
        if self.eat_sym("(") {
            loop {
                match self.cf_column()? {
                    Ok(column) => columns.push(column),
                    Err(e) => {
                        // ANTLR reported the failed decision and dropped the
                        // tokens up to the `,` or `)` that may follow a
                        // column, then parsed on: a later error is the one
                        // thrown (`throwLastRecognitionError`), else this.
                        while !(self.peek().is_sym(",")
                            || self.peek().is_sym(")")
                            || self.peek().kind == Kind::Eof)
                        {
                            self.advance();
                        }
                        if self.peek().kind == Kind::Eof {
                            // still recovering: the missing `)` is not reported
                            return Err(e);
                        }
                        self.reported = Some(e);
                    }
                }
                if !self.eat_sym(",") {
                    break;
                }
            }
            self.expect_sym(")")?;
        }
        let props = if self.eat_kw("WITH") {
            if self.grammar.plain_cf_properties {
                self.plain_properties()?
            } else {
                self.properties(|p| p.cf_argument())?
            }
        } else {
            Vec::new()
        };
        Ok(Statement::CreateColumnFamily {
            name,
            columns,
            props,
        })
    }

    /// `createCfamColumns`: `term validator (PRIMARY KEY)?`. Its decision
    /// looked at up to three tokens (a term, a type word or string, then
    /// PRIMARY, `,` or `)`); a token there that fits none is the inner
    /// error (no viable alternative), which the column list recovers from.
    /// A `PRIMARY` not followed by `KEY` is the outer one: no recovery.
    fn cf_column(&mut self) -> PResult<PResult<CfColumn>> {
        let name = match self.term() {
            Ok(name) => name,
            Err(e) => return Ok(Err(e)),
        };
        let validator = if self.peek().kind == Kind::Str {
            self.advance().text
        } else {
            match self.type_word() {
                Ok(v) => v,
                Err(e) => return Ok(Err(e)),
            }
        };
        let primary_key = self.eat_kw("PRIMARY");
        if primary_key {
            self.expect_kw("KEY")?;
        } else if !(self.peek().is_sym(",") || self.peek().is_sym(")")) {
            return Ok(Err(self.no_viable()));
        }
        Ok(Ok(CfColumn {
            name,
            validator,
            primary_key,
        }))
    }

    /// `name = value (AND name = value)*` with `(COMPIDENT | IDENT)` names.
    fn properties(
        &mut self,
        value: impl Fn(&mut Self) -> PResult<String>,
    ) -> PResult<Vec<(String, String)>> {
        let mut out = Vec::new();
        loop {
            let t = self.peek();
            if !(t.kind == Kind::CompoundWord || self.is_ident(t)) {
                return Err(self.no_viable());
            }
            let key = self.advance().text;
            self.expect_sym("=")?;
            out.push((key, value(self)?));
            if !self.eat_kw("AND") {
                return Ok(out);
            }
        }
    }

    /// 0.8's CREATE COLUMNFAMILY properties: `IDENT = value (AND IDENT =
    /// value)*`, a compound name refused as the token it was.
    fn plain_properties(&mut self) -> PResult<Vec<(String, String)>> {
        let mut out = Vec::new();
        loop {
            if !self.is_ident(self.peek()) {
                return Err(self.mismatched("IDENT"));
            }
            let key = self.advance().text;
            self.expect_sym("=")?;
            out.push((key, self.cf_argument()?));
            if !self.eat_kw("AND") {
                return Ok(out);
            }
        }
    }

    /// `STRING_LITERAL | INTEGER | IDENT`.
    fn keyspace_value(&mut self) -> PResult<String> {
        let t = self.peek();
        if matches!(t.kind, Kind::Str | Kind::Integer) || self.is_ident(t) {
            Ok(self.advance().text)
        } else {
            Err(self.no_viable())
        }
    }

    /// `comparatorType | STRING_LITERAL | IDENT | INTEGER | FLOAT`.
    fn cf_argument(&mut self) -> PResult<String> {
        let t = self.peek();
        if self.grammar.type_words().contains(&t.text.as_str())
            || matches!(t.kind, Kind::Str | Kind::Integer | Kind::Float)
            || self.is_ident(t)
        {
            Ok(self.advance().text)
        } else {
            Err(self.no_viable())
        }
    }

    /// ALTER's type: `comparatorType`, a rule of single tokens, whose
    /// failure was ANTLR's MismatchedSetException ("expecting set null";
    /// CREATE COLUMNFAMILY's validator, a choice with STRING_LITERAL, had
    /// no viable alternative instead).
    fn alter_type_word(&mut self) -> PResult<String> {
        self.type_word().map_err(|_| self.mismatched("set null"))
    }

    /// One of the grammar's (lower-case) type words.
    fn type_word(&mut self) -> PResult<String> {
        let t = self.peek();
        if t.kind == Kind::Word && self.grammar.type_words().contains(&t.text.as_str()) {
            Ok(self.advance().text)
        } else {
            Err(self.no_viable())
        }
    }
}
