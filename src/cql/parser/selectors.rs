//! A SELECT's selection: its selectors (names, 2.1's fields, function
//! calls, `writetime`/`ttl`, 2.2's `count(*)` among others) and the
//! recovery ANTLR made where a selector's decision failed. It must not
//! know the rest of the SELECT, nor what a selector reads.

use super::super::ast::*;
use super::super::error::CqlResult;
use super::super::lexer::TokenKind;
use super::super::types::Native;
use super::Parser;

impl Parser<'_> {
    /// At `count(*)` or `count(1)`.
    pub(super) fn at_count_rows(&mut self) -> bool {
        self.at_kw("count")
            && self.peek_at(1).is_sym("(")
            && (self.peek_at(2).is_sym("*") || self.peek_at(2).text == "1")
            && self.peek_at(3).is_sym(")")
    }

    pub(super) fn selector(&mut self) -> CqlResult<Selector> {
        // Before 2.2, COUNT was a keyword only its `count(*)` took: as a
        // selector among others it was a column's name.
        if !self.grammar.is_cql33() && self.at_kw("count") && !self.at_count_rows() {
            let name = self.advance().text.to_lowercase();
            return Ok(Selector::Column(name));
        }
        // 2.2: `count(*)` is an aggregate among others.
        if self.grammar.is_cql33() && self.at_count_rows() {
            let shown = self.advance().text;
            for _ in 0..3 {
                self.advance();
            }
            return Ok(Selector::Function {
                name: shown.to_lowercase(),
                args: Vec::new(),
                shown,
            });
        }
        // 3.10's `value` and `'(' comparatorType ')' value`
        // (`Selectable.WithTerm`): constants, literals and markers.
        if self.grammar.has_term_selectors() {
            if let Some(term) = self.term_selector()? {
                return Ok(term);
            }
        }
        // 2.2's and 3.0's `functionName: (keyspaceName '.')? ..`: a marker
        // began a keyspace's name there, refused as such (the first error
        // reported; the selector then failed at it).
        if self.grammar.is_cql33() && !self.grammar.has_term_selectors() && self.at_sym("?") {
            self.recovered.push(super::super::error::CqlError::invalid(
                "Bind variables cannot be used for keyspace names",
            ));
        }
        // 1.1's beta: a name is a column whatever follows it (`SELECT FIRST
        // 3 *` meets FROM's mismatch at the `3`, not a failed decision).
        // Its TOKEN was reserved and began no selector: SELECT's decision
        // between a selection and COUNT failed at it.
        if !self.grammar.has_function_selectors() && self.at_kw("token") {
            return Err(self.no_viable());
        }
        let call = (self.at_kw("writetime") || self.at_kw("ttl")) && self.peek_at(1).is_sym("(");
        if !self.grammar.has_function_selectors() && self.ident_at(0) && !call {
            return Ok(Selector::Column(self.ident()?));
        }
        let t = self.peek().clone();
        if t.kind == TokenKind::Ident && self.peek_at(1).is_sym("(") {
            return self.nested(Self::function_selector);
        }
        // 2.2's `functionName: (keyspaceName '.')? allowedFunctionName`.
        if self.grammar.is_cql33()
            && self.ident_at(0)
            && self.peek_at(1).is_sym(".")
            && self.ident_at(2)
            && self.peek_at(3).is_sym("(")
        {
            return self.nested(Self::function_selector);
        }
        // Before 2.1 a name before '.' fit neither a column (followed by
        // ',', AS or FROM) nor a function (followed by '('): the selector's
        // decision had no viable alternative at the '.'. ANTLR recovered at
        // what follows a selector (the next one's ',', AS, FROM, inside a
        // function its ')'): a later selector's error is the last one.
        if !self.grammar.has_contains() && self.ident_at(0) && self.peek_at(1).is_sym(".") {
            let column = self.advance().text.to_lowercase();
            let e = self.no_viable();
            let in_function = self.depth > 0;
            let aliased = !self.grammar.is_cql12();
            self.recover(e, |p| {
                p.at_sym(",")
                    || p.at_sym(";")
                    || (aliased && p.at_kw("as"))
                    || p.at_kw("from")
                    || (in_function && p.at_sym(")"))
            })?;
            return Ok(Selector::Column(column));
        }
        // A name followed by what follows no selector (`SELECT FIRST 3 *`,
        // CQL 2's habits): the selector's decision, a name or a function,
        // had no viable alternative at that token; recovered as above. The
        // reserved TOKEN begins only a call: any token but its `(` after it.
        let bare_token = self.at_kw("token") && !self.peek_at(1).is_sym("(");
        if (self.ident_at(0) && !self.follows_a_name(1)) || bare_token {
            let column = self.advance().text.to_lowercase();
            let e = self.no_viable();
            let in_function = self.depth > 0;
            let aliased = !self.grammar.is_cql12();
            self.recover(e, |p| {
                p.at_sym(",")
                    || p.at_sym(";")
                    || (aliased && p.at_kw("as"))
                    || p.at_kw("from")
                    || (in_function && p.at_sym(")"))
            })?;
            return Ok(Selector::Column(column));
        }
        let column = self.ident()?;
        // 2.1's `selector ('.' ident)*`: a field of a user type column,
        // then a field of that field when it is a user type too.
        if self.grammar.has_contains() && self.at_sym(".") {
            let mut fields = Vec::new();
            while self.eat_sym(".") {
                fields.push(self.ident()?);
            }
            return Ok(Selector::Field { column, fields });
        }
        Ok(Selector::Column(column))
    }

    /// 3.10's term where a selector stands, if one starts here: a value,
    /// or a cast of one (`(int)1`: a type's name then its `)` or a
    /// collection's `<`, which no tuple's first value can be), after
    /// which only a value may come (`(int)v`: no viable alternative at
    /// `v`).
    fn term_selector(&mut self) -> CqlResult<Option<Selector>> {
        let cast = self.at_sym("(")
            && matches!(
                self.peek_at(1).kind,
                TokenKind::Ident | TokenKind::QuotedName
            )
            && (self.peek_at(2).is_sym(")") || self.peek_at(2).is_sym("<"));
        if cast {
            self.advance();
            let ty = self.type_expr()?;
            self.expect_sym(")")?;
            if !self.starts_value(0) {
                return Err(self.no_viable());
            }
            let term = self.term()?;
            return Ok(Some(Selector::Term {
                term,
                cast: Some(ty),
            }));
        }
        if !self.starts_value(0) {
            return Ok(None);
        }
        let term = self.term()?;
        Ok(Some(Selector::Term { term, cast: None }))
    }

    /// Whether a `value` of 3.10's grammar starts `at` tokens ahead: a
    /// constant, `null`, a marker, a collection, tuple or user type
    /// literal.
    fn starts_value(&self, at: usize) -> bool {
        let t = self.peek_at(at);
        match t.kind {
            TokenKind::Str
            | TokenKind::Integer
            | TokenKind::Float
            | TokenKind::Uuid
            | TokenKind::Hex
            | TokenKind::Duration => true,
            TokenKind::Ident => ["true", "false", "null", "nan", "infinity"]
                .iter()
                .any(|w| t.is_kw(w)),
            TokenKind::Symbol => {
                ["?", "[", "{", "("].iter().any(|s| t.is_sym(s))
                    || (t.is_sym(":")
                        && matches!(
                            self.peek_at(at + 1).kind,
                            TokenKind::Ident | TokenKind::QuotedName
                        ))
                    || (t.is_sym("-")
                        && (self.peek_at(at + 1).is_kw("nan")
                            || self.peek_at(at + 1).is_kw("infinity")))
            }
            _ => false,
        }
    }

    /// Whether the token `at` ahead is one the selector's decision saw
    /// after a name: what follows a selector (`,`, AS, FROM, a function's
    /// `)`), a call's `(`, a field's `.`; the end of the text and a `;` are
    /// left to the rules after the selection. 1.2's selectors had no
    /// alias: AS was none of these.
    fn follows_a_name(&self, at: usize) -> bool {
        let t = self.peek_at(at);
        t.kind == TokenKind::Eof
            || [",", "(", ")", ".", ";"].iter().any(|s| t.is_sym(s))
            || (t.is_kw("as") && !self.grammar.is_cql12())
            || t.is_kw("from")
    }

    /// `f(selector, ...)`, `writetime(c)` or `ttl(c)`; from 2.2 `ks.f(...)`,
    /// where `system.f` is the built-in `f` (another keyspace's name is
    /// kept, `ks.f`, for the lookup to refuse).
    fn function_selector(&mut self) -> CqlResult<Selector> {
        let mut written = self.advance().text;
        let mut keyspace = None;
        if self.eat_sym(".") {
            keyspace = Some(written.to_lowercase());
            written = self.advance().text;
        }
        let other = keyspace.filter(|ks| ks != "system");
        let name = match &other {
            Some(ks) => format!("{ks}.{}", written.to_lowercase()),
            None => self.function_name(written.clone()),
        };
        // TOKEN was a keyword of the grammar: its selector is named by it;
        // another keyspace's function by its qualified name.
        let shown = match other {
            _ if name == "token" => name.clone(),
            Some(ks) => format!("{ks}.{written}"),
            None => written,
        };
        self.open_call()?;
        if name == "cast" && self.grammar.has_cast() {
            let arg = Box::new(self.selector()?);
            self.expect_kw("as")?;
            // `native_type`: a native type's word only.
            let word = self.peek().text.to_ascii_lowercase();
            if self.peek().kind != TokenKind::Ident || Native::from_name_22(&word).is_none() {
                return Err(self.no_viable());
            }
            self.advance();
            self.expect_sym(")")?;
            return Ok(Selector::Cast { arg, to: word });
        }
        if name == "writetime" || name == "ttl" {
            let c = self.ident()?;
            let made = match name == "ttl" {
                true => Selector::Ttl(c),
                false => Selector::WriteTime(c),
            };
            // `K_WRITETIME '(' cident ')'`: one name only, its `)` taken
            // for missing where what follows may follow the call
            // (`writetime(s, s)`: `missing ')' at ','`). 1.2 to 2.1 did so
            // too before a `,`, and read on: their last error was answered
            // (`extraneous input ')' expecting K_FROM` after `w`).
            let comma_next = self.grammar.has_function_selectors()
                && self.at_sym(",")
                && !self.peek_at(1).is_sym(")");
            if self.missing_close() || comma_next {
                let t = self.peek();
                let e = Self::error_at(t, format!("missing ')' at '{}'", t.text));
                self.report(e);
                return Ok(made);
            }
            self.expect_sym(")")?;
            return Ok(made);
        }
        let mut args = Vec::new();
        if !self.at_sym(")") {
            loop {
                args.push(self.selector()?);
                if !self.eat_sym(",") {
                    break;
                }
            }
        }
        if self.missing_close() {
            let e = Self::error_at(
                self.peek(),
                format!("missing ')' at '{}'", self.peek().text),
            );
            self.report(e);
            return Ok(Selector::Function { name, args, shown });
        }
        self.expect_sym(")")?;
        Ok(Selector::Function { name, args, shown })
    }

    /// A call's `(`, taken. 1.2 and 2.0's `selectionFunctionArgs` chose
    /// between `'(' ')'` and `'(' selector ...` on the token after it: any
    /// other had no viable alternative at the `(` (2.1's grammar read on).
    /// Apart, so that the recursion through calls keeps its small frame.
    #[inline(never)]
    fn open_call(&mut self) -> CqlResult<()> {
        let opens_selector = self.peek_at(1).is_sym(")")
            || self.ident_at(1)
            || ["writetime", "ttl", "token"]
                .iter()
                .any(|k| self.peek_at(1).is_kw(k));
        if self.grammar.has_function_selectors() && !self.grammar.has_contains() && !opens_selector
        {
            return Err(Self::error_at(
                self.peek(),
                "no viable alternative at input '('".to_string(),
            ));
        }
        self.advance();
        Ok(())
    }

    /// ANTLR's single-token insertion at a call's `)` (2.2's grammar on,
    /// whose first error is the one reported): not there, nor next (that
    /// is the extraneous token's case), but the token is one that may
    /// follow the call, taken as if the `)` had come (`missing ')' at
    /// 'AS'`). What follows is the call's context: in the selection AS, a
    /// `,` or FROM; in another call's arguments a `,` or its `)`; either a
    /// field's `.`.
    fn missing_close(&self) -> bool {
        if !self.grammar.is_cql33() || self.at_sym(")") || self.peek_at(1).is_sym(")") {
            return false;
        }
        let in_selection = self.depth <= 1;
        self.at_sym(".")
            || self.at_sym(",")
            || (in_selection && (self.at_kw("as") || self.at_kw("from")))
            || (!in_selection && self.at_sym(")"))
    }
}
