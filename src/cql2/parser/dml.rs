//! CQL 2's data-changing statements: INSERT, UPDATE (with counter
//! operations), DELETE, BEGIN BATCH ... APPLY BATCH and their `USING`
//! clauses.
//!
//! Owns only their grammar; terms stay text for the executor.

use super::super::ast::*;
use super::super::lexer::Kind;
use super::{BatchMode, PResult, Parser};
use crate::cql::CqlError;

impl Parser<'_> {
    /// `USING a [AND] b ...`; TTL only where `ttl_allowed`.
    fn using(&mut self, ttl_allowed: bool) -> PResult<Attributes> {
        let mut attrs = Attributes::default();
        if !self.eat_kw("USING") {
            return Ok(attrs);
        }
        loop {
            if self.at_kw("CONSISTENCY") {
                attrs.consistency = Some(self.consistency_level()?);
            } else if self.eat_kw("TIMESTAMP") {
                attrs.timestamp = Some(self.integer()?);
            } else if ttl_allowed && self.eat_kw("TTL") {
                attrs.ttl = self.int32()?;
            } else {
                return Err(self.no_viable());
            }
            let and = self.eat_kw("AND");
            let more = ["CONSISTENCY", "TIMESTAMP", "TTL"]
                .iter()
                .any(|k| self.at_kw(k));
            if !more {
                if and {
                    return Err(self.no_viable());
                }
                return Ok(attrs);
            }
        }
    }

    pub(super) fn insert(&mut self) -> PResult<Update> {
        self.expect_kw("INSERT")?;
        self.expect_kw("INTO")?;
        let (keyspace, cf) = self.qualified_name()?;
        self.expect_sym("(")?;
        let key_alias = self.term()?.text;
        let mut names = Vec::new();
        while self.eat_sym(",") {
            names.push(self.term()?);
        }
        // `( ',' term )+`: ANTLR's early exit when not one more name follows.
        if names.is_empty() {
            return Err(self.early_exit());
        }
        self.expect_sym(")")?;
        self.expect_kw("VALUES")?;
        self.expect_sym("(")?;
        let key = self.term()?;
        let mut values = Vec::new();
        while self.eat_sym(",") {
            values.push(self.term()?);
        }
        if values.is_empty() {
            return Err(self.early_exit());
        }
        self.expect_sym(")")?;
        let attrs = self.using(true)?;
        let unpaired = names.len() != values.len();
        let columns = names
            .into_iter()
            .zip(values)
            .map(|(n, v)| (n, Operation::Set(v)))
            .collect();
        Ok(Update {
            insert: true,
            keyspace,
            cf,
            key_alias,
            columns,
            unpaired,
            keys: vec![key],
            attrs,
        })
    }

    /// `KEY = k` or `KEY IN (k, ...)` after WHERE: (alias, keys).
    fn key_target(&mut self) -> PResult<(String, Vec<Term>)> {
        let alias = self.term()?.text;
        if self.eat_sym("=") {
            Ok((alias, vec![self.term()?]))
        } else if self.eat_kw("IN") {
            self.expect_sym("(")?;
            let keys = self.term_list()?;
            self.expect_sym(")")?;
            Ok((alias, keys))
        } else {
            Err(self.no_viable())
        }
    }

    pub(super) fn update(&mut self) -> PResult<Update> {
        self.expect_kw("UPDATE")?;
        let (keyspace, cf) = self.qualified_name()?;
        let attrs = self.using(true)?;
        self.expect_kw("SET")?;
        let mut columns = vec![self.assignment()?];
        while self.eat_sym(",") {
            columns.push(self.assignment()?);
        }
        self.expect_kw("WHERE")?;
        let (key_alias, keys) = self.key_target()?;
        Ok(Update {
            insert: false,
            keyspace,
            cf,
            key_alias,
            columns,
            unpaired: false,
            keys,
            attrs,
        })
    }

    /// `name = value`, `name = c + v`, `name = c - n`, `name = c -n`.
    fn assignment(&mut self) -> PResult<(Term, Operation)> {
        let name = self.term()?;
        self.expect_sym("=")?;
        let value_token = self.peek().clone();
        let value = self.term()?;
        if self.eat_sym("+") {
            let delta = self.term()?;
            return Ok((
                name,
                Operation::Counter {
                    column: value,
                    delta,
                },
            ));
        }
        let minus = self.eat_sym("-");
        if !minus && self.peek().kind != Kind::Integer {
            // The prediction between `name = value` and `name = c op n` saw
            // a token that follows neither.
            if !(self.peek().is_sym(",") || self.at_kw("WHERE")) {
                let at = if self.grammar.assignment_error_at_value {
                    &value_token
                } else {
                    self.peek()
                };
                return Err(Self::error_at(
                    at,
                    format!("no viable alternative at input '{}'", at.text),
                ));
            }
            return Ok((name, Operation::Set(value)));
        }
        let t = self.peek().clone();
        let n = self.integer()?;
        // Without '-' only a negative literal (`c -5`) reads as a decrement.
        if !minus && n > 0 {
            return Err(Self::error_at(&t, format!("missing '-' at '{}'", t.text)));
        }
        let delta = if minus { n.wrapping_neg() } else { n };
        Ok((
            name,
            Operation::Counter {
                column: value,
                delta: Term::new(delta.to_string(), TermKind::Integer),
            },
        ))
    }

    pub(super) fn delete(&mut self) -> PResult<Delete> {
        self.expect_kw("DELETE")?;
        let columns = if self.at_kw("FROM") {
            Vec::new()
        } else {
            self.term_list()?
        };
        self.expect_kw("FROM")?;
        let (keyspace, cf) = self.qualified_name()?;
        let attrs = self.using(false)?;
        if !self.eat_kw("WHERE") {
            // The parser's action dereferenced the missing key alias and
            // reported the NullPointerException it caught, in the words of
            // the JDK the releases were recorded on (17's helpful message).
            return Err(CqlError::Invalid(format!(
                "Failed parsing statement: [{}] reason: NullPointerException Cannot invoke \
                 \"org.apache.cassandra.cql.Term.getText()\" because \"key_alias\" is null",
                self.query
            )));
        }
        let (key_alias, keys) = self.key_target()?;
        Ok(Delete {
            columns,
            keyspace,
            cf,
            key_alias,
            keys,
            attrs,
        })
    }

    pub(super) fn batch(&mut self) -> PResult<Statement> {
        self.expect_kw("BEGIN")?;
        self.expect_kw("BATCH")?;
        let attrs = self.using(true)?;
        let mut statements = Vec::new();
        let mut outline = Outliner::default();
        let mut count = 0;
        loop {
            let m = if self.at_kw("INSERT") {
                Modification::Update(self.insert()?)
            } else if self.at_kw("UPDATE") {
                Modification::Update(self.update()?)
            } else if self.at_kw("DELETE") {
                Modification::Delete(self.delete()?)
            } else if count > 0 && self.at_kw("APPLY") {
                break;
            } else {
                return Err(self.no_viable());
            };
            match &mut self.batch_mode {
                BatchMode::Outline => outline.note(count, &m),
                BatchMode::Keep => statements.push(m),
                // Run as parsed, and dropped.
                BatchMode::Each(each) => each(m)?,
            }
            count += 1;
            self.eat_sym(";");
        }
        self.expect_kw("APPLY")?;
        self.expect_kw("BATCH")?;
        statements.shrink_to_fit();
        let outline = matches!(self.batch_mode, BatchMode::Outline).then(|| outline.done());
        Ok(Statement::Batch {
            attrs,
            statements,
            outline,
        })
    }
}

/// Builds a [`BatchOutline`] statement by statement (tables kept once).
#[derive(Default)]
struct Outliner {
    seen: std::collections::HashSet<(Option<String>, String)>,
    outline: BatchOutline,
}

impl Outliner {
    fn note(&mut self, at: usize, m: &Modification) {
        let (keyspace, cf) = match m {
            Modification::Update(u) => (&u.keyspace, &u.cf),
            Modification::Delete(d) => (&d.keyspace, &d.cf),
        };
        let o = &mut self.outline;
        if m.attrs().consistency.is_some() && o.first_consistency.is_none() {
            o.first_consistency = Some(at);
        }
        if m.attrs().timestamp.is_some() && o.first_timestamp.is_none() {
            o.first_timestamp = Some(at);
        }
        let table = (keyspace.clone(), cf.clone());
        if !self.seen.contains(&table) {
            self.seen.insert(table.clone());
            o.tables.push(table);
        }
    }

    fn done(mut self) -> BatchOutline {
        self.outline.tables.shrink_to_fit();
        self.outline
    }
}
