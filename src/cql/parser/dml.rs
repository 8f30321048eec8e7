//! Data statements: INSERT, UPDATE, DELETE, BATCH and SELECT.
//!
//! Owns only their grammar (a SELECT's selection is `selectors`); what they
//! write or read is `cql::mapping`.

use super::super::ast::*;
use super::super::error::{CqlError, CqlResult};
use super::super::lexer::{Token, TokenKind};
use super::{BatchMode, Grammar, IfAt, Parser};

impl Parser<'_> {
    fn using(&mut self) -> CqlResult<Using> {
        let mut using = Using::default();
        if !self.eat_kw("using") {
            return Ok(using);
        }
        loop {
            if self.eat_kw("ttl") {
                using.ttl = self.using_value()?;
            } else if self.eat_kw("timestamp") {
                using.timestamp = self.using_value()?;
            } else {
                return Err(self.no_viable());
            }
            if !self.eat_kw("and") {
                return Ok(using);
            }
        }
    }

    /// DELETE's `USING`: every release's grammar took one TIMESTAMP there
    /// and nothing else (`usingClauseDelete: K_USING K_TIMESTAMP ..`), so a
    /// TTL is a syntax error.
    fn delete_using(&mut self) -> CqlResult<Using> {
        let mut using = Using::default();
        if self.eat_kw("using") {
            self.expect_kw("timestamp")?;
            using.timestamp = self.using_value()?;
        }
        Ok(using)
    }

    /// A TTL's or timestamp's value: 1.2's grammar took a number only
    /// (`K_TTL t=INTEGER`, `K_TIMESTAMP ts=INTEGER`), recovering from
    /// another token (`None`: the value was skipped); a marker came with
    /// 2.0 (`intValue`).
    fn using_value(&mut self) -> CqlResult<Option<Term>> {
        if self.grammar.is_cql305() && self.peek().kind != TokenKind::Integer {
            return self.recover_using_value();
        }
        // 2.0's `intValue` (INTEGER, `:name` or `?`) had no rule for any
        // other token.
        let t = self.peek();
        if t.kind != TokenKind::Integer && !t.is_sym("?") && !t.is_sym(":") {
            return Err(self.no_viable());
        }
        self.term().map(Some)
    }

    /// ANTLR's recovery where 1.2's `INTEGER` was due after TTL or
    /// TIMESTAMP: a number right after the token drops it (`extraneous
    /// input`); a token that may follow the value (AND, SET, WHERE, `;`,
    /// a batch's next statement or APPLY; not the end, which ANTLR's
    /// follow sets could not hold) gets a conjured `<missing INTEGER>`,
    /// whose number the rule's action then failed to read, failing the
    /// whole statement; any other is reported and skipped with what comes
    /// up to such a token (or the end), and the parse goes on.
    fn recover_using_value(&mut self) -> CqlResult<Option<Term>> {
        const FOLLOW: &[&str] = &["and", "set", "where", "apply", "insert", "update", "delete"];
        let follows = |t: &Token| t.is_sym(";") || FOLLOW.iter().any(|w| t.is_kw(w));
        if self.peek_at(1).kind == TokenKind::Integer {
            let e = self.extraneous("INTEGER");
            self.report(e);
            self.tokens.advance();
            return self.term().map(Some);
        }
        if follows(self.peek()) {
            return Err(CqlError::invalid(format!(
                "Failed parsing statement: [{}] reason: NumberFormatException For input string: \"<missing INTEGER>\"",
                self.text
            )));
        }
        let e = self.mismatched("INTEGER");
        self.report(e);
        while self.peek().kind != TokenKind::Eof && !follows(self.peek()) {
            self.tokens.advance();
        }
        Ok(None)
    }

    pub(super) fn insert(&mut self) -> CqlResult<Insert> {
        self.expect_kw("insert")?;
        if !self.at_kw("into") && !self.peek_at(1).is_kw("into") && self.ident_at(0) {
            // A table's name where INTO was due may follow INTO: ANTLR took
            // INTO for missing (reported) and read the statement on.
            let t = self.peek();
            let e = Self::error_at(t, format!("missing K_INTO at '{}'", t.text));
            self.report(e);
        } else {
            self.expect_kw("into")?;
        }
        let table = match self.table_name() {
            Err(e @ CqlError::Syntax { .. }) if self.recovers_insert() => {
                self.recover_insert_target(e)?;
                TableName {
                    keyspace: None,
                    name: String::new(),
                }
            }
            r => r?,
        };
        // 2.2's `INSERT INTO t JSON '{...}'` (a string or a marker).
        if self.grammar.is_cql33() && self.at_kw("json") && !self.peek_at(1).is_sym("(") {
            self.advance();
            let json = self.term()?;
            // 3.10's `DEFAULT NULL` (every column missing from the map
            // written as null, as before) or `DEFAULT UNSET` (left alone).
            let mut json_default_unset = false;
            if self.grammar.has_group_by() && self.eat_kw("default") {
                json_default_unset = self.eat_kw("unset");
                if !json_default_unset && !self.eat_kw("null") {
                    return Err(self.no_viable());
                }
            }
            let if_not_exists = self.if_not_exists(IfAt::Other)?;
            let using = self.using()?;
            return Ok(Insert {
                table,
                columns: Vec::new(),
                values: Vec::new(),
                json: Some(json),
                json_default_unset,
                if_not_exists,
                using,
            });
        }
        // Before 2.2 the table name's decision (`(ks '.')? cf`) found no
        // rule for a word after the name (`INSERT INTO t JSON ...`); 1.1's
        // took the name as ended, and the `(` then drops it as extraneous.
        if !self.at_sym("(")
            && self.peek().kind == TokenKind::Ident
            && self.grammar.checks_after_table_name()
        {
            if !self.recovers_insert() {
                // 2.2's choice between a normal and a JSON insert.
                return Err(self.no_viable());
            }
            if self.at_kw("json") {
                let e = self.no_viable();
                self.recover_insert_target(e)?;
            }
            // A word that may follow a table name elsewhere (`INSERT INTO
            // t SET ..`) passed the name's decision: the `(` is mismatched.
        }
        self.expect_sym("(")?;
        let mut columns = vec![self.insert_column()?];
        self.beta_needs_another()?;
        while self.eat_sym(",") {
            columns.push(self.insert_column()?);
        }
        self.expect_sym(")")?;
        self.expect_kw("values")?;
        self.expect_sym("(")?;
        let mut values = vec![self.term()?];
        self.beta_needs_another()?;
        while self.eat_sym(",") {
            values.push(self.term()?);
        }
        self.expect_sym(")")?;
        // 1.2's insertStatement ended at its USING: a 2.0 `IF NOT EXISTS`
        // is left to the statement's end (`missing EOF at 'IF'`).
        let if_not_exists = self.grammar.has_conditions() && self.if_not_exists(IfAt::Other)?;
        let using = self.using()?;
        // A batch holds many: no spare room (a pushed vector has four).
        columns.shrink_to_fit();
        values.shrink_to_fit();
        Ok(Insert {
            table,
            columns,
            values,
            json: None,
            json_default_unset: false,
            if_not_exists,
            using,
        })
    }

    /// Whether an INSERT's syntax error before its VALUES was recovered
    /// from and the parse went on (1.2 to 2.1, which reported the last
    /// error; 2.2 reported the first, 1.1's beta is not emulated so).
    fn recovers_insert(&self) -> bool {
        !self.grammar.is_cql33() && self.grammar != Grammar::Beta1
    }

    /// 1.2 to 2.1's recovery from an INSERT's table name that failed
    /// (`INSERT INTO t VALUES (..)`: the name's decision found no rule for
    /// the word after it): `e` reported, the tokens dropped up to the `(`
    /// the rule wanted next, where the parse goes on (the values then read
    /// as the column names; the error kept is the last one met).
    fn recover_insert_target(&mut self, e: CqlError) -> CqlResult<()> {
        self.recover(e, |p| p.at_sym("(") || p.at_sym(";"))?;
        if self.at_sym(";") {
            return Err(self.recovered.pop().expect("an error reported"));
        }
        Ok(())
    }

    /// One of an INSERT's column names: where a release recovered, a token
    /// that is none (`cident`'s decision failing) is reported and the
    /// tokens up to the next `,` or `)` dropped (the name left out).
    fn insert_column(&mut self) -> CqlResult<String> {
        match self.ident() {
            Err(e @ CqlError::Syntax { .. }) if self.recovers_insert() => {
                self.recover(e, |p| p.at_sym(",") || p.at_sym(")") || p.at_sym(";"))?;
                if self.at_sym(";") {
                    return Err(self.recovered.pop().expect("an error reported"));
                }
                Ok(String::new())
            }
            r => r,
        }
    }

    /// 1.1's beta `insertStatement` took its columns and values as
    /// `x ( ',' x )+`: a single one left the loop unmatched.
    fn beta_needs_another(&self) -> CqlResult<()> {
        let t = self.peek();
        if self.grammar != super::Grammar::Beta1 || t.text == "," {
            return Ok(());
        }
        Err(Self::error_at(
            t,
            format!(
                "required (...)+ loop did not match anything at input '{}'",
                t.text
            ),
        ))
    }

    pub(super) fn update(&mut self) -> CqlResult<Update> {
        self.expect_kw("update")?;
        let table = self.table_name()?;
        let using = self.using()?;
        self.expect_kw("set")?;
        let mut assignments = vec![self.assignment()?];
        while self.eat_sym(",") {
            assignments.push(self.assignment()?);
        }
        let where_clause = self.where_clause(true)?;
        let condition = self.condition()?;
        assignments.shrink_to_fit();
        Ok(Update {
            table,
            using,
            assignments,
            where_clause,
            condition,
        })
    }

    fn assignment(&mut self) -> CqlResult<Assignment> {
        let column = self.ident()?;
        if self.eat_sym("[") {
            let key = self.term()?;
            self.expect_sym("]")?;
            self.expect_sym("=")?;
            let value = self.term()?;
            return Ok(Assignment::SetElement { column, key, value });
        }
        // 3.6's `udtColumnOperation`: `u.f = term`.
        if self.grammar.has_multi_cell_user_types() && self.eat_sym(".") {
            let field = self.ident()?;
            self.expect_sym("=")?;
            let value = self.term()?;
            return Ok(Assignment::SetField {
                column,
                field,
                value,
            });
        }
        // 1.2 and 2.0 chose among `columnOperation`'s alternatives, 2.1 on
        // between `columnOperationDifferentiator`'s '=' and '[': a token
        // that is neither failed that decision (`home.city = ..`), with no
        // token dropped as extraneous.
        if !self.at_sym("=") && self.grammar != Grammar::Beta1 {
            return Err(self.no_viable());
        }
        self.expect_sym("=")?;
        // `c = c + x` / `c = c - x`: the column names itself first.
        let t = self.peek().clone();
        let names_self = match t.kind {
            TokenKind::Ident => t.text.to_lowercase() == column,
            TokenKind::QuotedName => t.text == column,
            _ => false,
        };
        let names_column = matches!(t.kind, TokenKind::Ident | TokenKind::QuotedName);
        if names_column && (self.peek_at(1).is_sym("+") || self.peek_at(1).is_sym("-")) {
            self.advance();
            let plus = self.advance().text == "+";
            // `columnOperation`'s `key '=' c sig term`: another column than
            // the one set was a recognition error naming the sign.
            if !names_self {
                return Err(crate::cql::error::CqlError::invalid(format!(
                    "Only expressions of the form X = X {}<value> are supported.",
                    if plus { "+" } else { "-" }
                )));
            }
            let value = self.term()?;
            return Ok(if plus {
                Assignment::Add { column, value }
            } else {
                Assignment::Subtract { column, value }
            });
        }
        // 1.1's beta took a name after `=` as a counter's own (`cident ('+'
        // intTerm | '-'? intTerm)`, its `true`, `false` and `null` names
        // too): any other token after it failed that decision
        // (`SET on = false WHERE ..`).
        let beta_name = names_column
            && (self.ident_at(0) || ["true", "false", "null"].iter().any(|w| t.is_kw(w)));
        if self.grammar == Grammar::Beta1
            && beta_name
            && self.peek_at(1).kind != TokenKind::Integer
            && !self.peek_at(1).is_sym("?")
        {
            self.advance();
            return Err(self.no_viable());
        }
        let value = self.term()?;
        if self.eat_sym("+") {
            let other = self.ident()?;
            if other != column {
                return Err(crate::cql::error::CqlError::invalid(
                    "Only expressions of the form X = <value> + X are supported.",
                ));
            }
            return Ok(Assignment::Prepend { column, value });
        }
        Ok(Assignment::Set { column, value })
    }

    pub(super) fn delete(&mut self) -> CqlResult<Delete> {
        self.expect_kw("delete")?;
        let mut columns = Vec::new();
        if !self.at_kw("from") {
            loop {
                let column = self.ident()?;
                if self.eat_sym("[") {
                    let key = self.term()?;
                    self.expect_sym("]")?;
                    columns.push(Deletion::Element { column, key });
                } else if self.grammar.has_multi_cell_user_types() && self.eat_sym(".") {
                    // 3.6's `deleteOp`: `u.f`.
                    let field = self.ident()?;
                    columns.push(Deletion::Field { column, field });
                } else if self.grammar != Grammar::Beta1
                    && !(self.at_sym(",") || self.at_kw("from"))
                {
                    // 1.2's `deleteOp` chose between its alternatives by the
                    // token after the name: one that begins none and may not
                    // follow a deletion fails the decision there (1.1's list
                    // of names went on to expect FROM).
                    return Err(self.no_viable());
                } else {
                    columns.push(Deletion::Column(column));
                }
                if !self.eat_sym(",") {
                    break;
                }
            }
        }
        self.expect_kw("from")?;
        let table = self.table_name()?;
        let using = self.delete_using()?;
        let where_clause = self.where_clause(true)?;
        let condition = self.condition()?;
        columns.shrink_to_fit();
        Ok(Delete {
            table,
            columns,
            using,
            where_clause,
            condition,
        })
    }

    pub(super) fn batch(&mut self) -> CqlResult<Batch> {
        self.expect_kw("begin")?;
        let kind = if self.eat_kw("unlogged") {
            BatchKind::Unlogged
        } else if self.eat_kw("counter") {
            BatchKind::Counter
        } else {
            BatchKind::Logged
        };
        self.expect_kw("batch")?;
        let using = self.using()?;
        let mut statements = Vec::new();
        let mut outline = Outliner::default();
        let mut parsed = 0usize;
        loop {
            let s = if self.at_kw("insert") {
                Statement::Insert(self.insert()?)
            } else if self.at_kw("update") {
                Statement::Update(self.update()?)
            } else if self.at_kw("delete") {
                Statement::Delete(self.delete()?)
            } else if parsed == 0 && self.grammar == Grammar::Cql12 {
                // 1.2.9's `(batchStatementObjective ';'?)+`: one at least
                // (1.2.10's rule, 1.2.19's and 2.0's took none).
                let t = self.peek();
                let e = Self::error_at(
                    t,
                    format!(
                        "required (...)+ loop did not match anything at input '{}'",
                        t.text
                    ),
                );
                return Ok(self.batch_recovered(e, kind, using, statements));
            } else {
                break;
            };
            parsed += 1;
            match &mut self.batch_mode {
                BatchMode::Outline => outline.note(&s),
                BatchMode::Keep => statements.push(s),
                // Run as parsed, and dropped.
                BatchMode::Each(each) => each(s)?,
            }
            self.eat_sym(";");
        }
        if let Err(e) = self.expect_kw("apply") {
            return Ok(self.batch_recovered(e, kind, using, statements));
        }
        self.expect_kw("batch")?;
        statements.shrink_to_fit();
        let outline = matches!(self.batch_mode, BatchMode::Outline).then(|| outline.done());
        Ok(Batch {
            kind,
            using,
            statements,
            outline,
        })
    }

    pub(super) fn select(&mut self) -> CqlResult<Select> {
        self.expect_kw("select")?;
        // 1.2 read DISTINCT as a column's name: a selector after it was no
        // viable alternative there.
        if !self.grammar.has_conditions()
            && self.at_kw("distinct")
            && !self.peek_at(1).is_sym(",")
            && !self.peek_at(1).is_kw("from")
        {
            self.advance();
            return Err(self.no_viable());
        }
        // DISTINCT is a keyword only when a selection follows it.
        // Before 2.2, `JSON` was a column's name, and a selection after it
        // no viable alternative (1.2 looked past a list of names
        // to an AS, and failed there).
        if !self.grammar.is_cql33() && self.at_kw("json") {
            let next = self.peek_at(1);
            let column =
                next.is_sym(",") || next.is_kw("from") || next.is_kw("as") || next.is_sym("(");
            if !column {
                self.advance();
                let first = self.peek().clone();
                if self.grammar.is_cql305() {
                    while (self.peek().kind == TokenKind::Ident && !self.at_kw("as"))
                        || self.at_sym(",")
                    {
                        self.advance();
                    }
                    if self.at_kw("as") {
                        return Err(self.no_viable());
                    }
                }
                return Err(Self::error_at(
                    &first,
                    format!("no viable alternative at input '{}'", first.text),
                ));
            }
        }
        // 2.2's `SELECT JSON`, a keyword only when a selection follows.
        let json = self.grammar.is_cql33()
            && self.at_kw("json")
            && !self.peek_at(1).is_sym(",")
            && !self.peek_at(1).is_kw("from")
            && !self.peek_at(1).is_kw("as")
            && self.eat_kw("json");
        let distinct = self.at_kw("distinct")
            && !self.peek_at(1).is_sym(",")
            && !self.peek_at(1).is_kw("from")
            && self.eat_kw("distinct");
        let selection = if self.eat_sym("*") {
            Selection::Wildcard
        } else if self.at_count_rows() && !self.grammar.is_cql33() {
            // 2.2's `COUNT(*)` is a selector like any other (`countRows`,
            // aliased, among others): `selector` reads it there.
            for _ in 0..4 {
                self.advance();
            }
            Selection::Count
        } else {
            let mut items = Vec::new();
            loop {
                let s = self.selector()?;
                // 2.0's selector aliases: 1.2's `selector` was unaliased.
                let alias = if !self.grammar.is_cql12() && self.eat_kw("as") {
                    Some(self.ident()?)
                } else {
                    None
                };
                items.push((s, alias));
                if !self.eat_sym(",") {
                    break;
                }
            }
            // 2.2: `count(*)` alone is the count it was before.
            match items.as_slice() {
                [(Selector::Function { name, args, .. }, None)]
                    if name == "count" && args.is_empty() && !json =>
                {
                    Selection::Count
                }
                _ => Selection::Columns(items),
            }
        };
        // 1.2: `AS` after a selector was a name where FROM was due.
        let as_name = self.grammar.is_cql12() && self.at_kw("as");
        if (!self.grammar.has_function_selectors() || as_name)
            && !self.at_kw("from")
            && !self.peek_at(1).is_kw("from")
            && self.ident_at(0)
        {
            // 1.1: a name after the selection, where FROM was due, may begin
            // the table's: ANTLR took FROM for missing (reported) and read on.
            let t = self.peek();
            let e = Self::error_at(t, format!("missing K_FROM at '{}'", t.text));
            self.report(e);
        } else {
            self.expect_kw("from")?;
        }
        let table = match self.table_name() {
            // 1.2: still recovering from the missing FROM, the name's
            // decision failed unreported; its tokens were dropped up to
            // what may follow a table's name.
            Err(CqlError::Syntax { .. }) if as_name => {
                self.drop_until(|p| {
                    p.at_sym(";")
                        || ["where", "order", "limit", "allow"]
                            .iter()
                            .any(|k| p.at_kw(k))
                });
                TableName {
                    keyspace: None,
                    name: String::new(),
                }
            }
            other => other?,
        };
        let where_clause = self.where_clause(false)?;
        // 3.10's `GROUP BY` a list of column names, before ORDER BY.
        let mut group_by = Vec::new();
        if self.grammar.has_group_by() && self.eat_kw("group") {
            self.expect_kw("by")?;
            loop {
                group_by.push(self.ident()?);
                if !self.eat_sym(",") {
                    break;
                }
            }
        }
        let mut order_by = Vec::new();
        if self.eat_kw("order") {
            self.expect_kw("by")?;
            loop {
                let c = self.ident()?;
                let o = if self.eat_kw("desc") {
                    Ordering::Desc
                } else {
                    self.eat_kw("asc");
                    Ordering::Asc
                };
                order_by.push((c, o));
                if !self.eat_sym(",") {
                    break;
                }
            }
        }
        // 3.6's `PER PARTITION LIMIT`, before LIMIT (its `intValue`).
        let per_partition_limit = if self.grammar.has_group_by() && self.eat_kw("per") {
            self.expect_kw("partition")?;
            self.expect_kw("limit")?;
            // Its `intValue`: a number or a marker, anything else no
            // alternative.
            let t = self.peek();
            if t.kind != TokenKind::Integer && !t.is_sym("?") && !t.is_sym(":") {
                return Err(self.no_viable());
            }
            Some(self.limit_value()?)
        } else {
            None
        };
        let limit = if self.eat_kw("limit") {
            Some(self.limit_value()?)
        } else {
            None
        };
        let allow_filtering = if self.eat_kw("allow") {
            self.expect_kw("filtering")?;
            true
        } else {
            false
        };
        Ok(Select {
            table,
            selection,
            where_clause,
            order_by,
            group_by,
            per_partition_limit,
            limit,
            allow_filtering,
            distinct,
            json,
        })
    }

    /// A LIMIT's value (after `LIMIT`, or 3.6's `PER PARTITION LIMIT`).
    fn limit_value(&mut self) -> CqlResult<Term> {
        // 1.2's grammar took a number only (`K_LIMIT rows=INTEGER`); a
        // marker came with 2.0.
        if self.grammar.is_cql305() {
            if self.peek().kind != TokenKind::Integer {
                return Err(self.mismatched("INTEGER"));
            }
            // Its action read the number as an int
            // (`Integer.parseInt`), failing the whole statement on one
            // past it.
            let text = &self.peek().text;
            if text.parse::<i32>().is_err() {
                return Err(CqlError::invalid(format!(
                    "Failed parsing statement: [{}] reason: NumberFormatException For input \
                     string: \"{text}\"",
                    self.text
                )));
            }
        }
        self.term()
    }
}

/// Builds a [`BatchOutline`] statement by statement (tables kept once).
#[derive(Default)]
struct Outliner {
    seen: std::collections::HashSet<TableName>,
    outline: BatchOutline,
}

impl Outliner {
    fn note(&mut self, s: &Statement) {
        let (table, conditional) = match s {
            Statement::Insert(i) => (&i.table, i.if_not_exists),
            Statement::Update(u) => (&u.table, u.condition.is_some()),
            Statement::Delete(d) => (&d.table, d.condition.is_some()),
            _ => return,
        };
        self.outline.conditional |= conditional;
        if self.seen.insert(table.clone()) {
            self.outline.tables.push(table.clone());
        }
    }

    fn done(mut self) -> BatchOutline {
        self.outline.tables.shrink_to_fit();
        self.outline
    }
}
