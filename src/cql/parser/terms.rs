//! Values, types and properties: constants, bind markers, collection
//! literals, function calls, CQL types and `WITH` properties, as the
//! statements of `ddl` and `dml` take them.
//!
//! Owns only their grammar; what a value means is `cql::mapping`'s.

use super::super::ast::*;
use super::super::error::CqlResult;
use super::super::lexer::TokenKind;
use super::super::types::Native;
use super::{Grammar, Parser};

impl Parser<'_> {
    /// A value: constant, bind marker, null, collection literal or function call.
    pub(super) fn term(&mut self) -> CqlResult<Term> {
        let t = self.peek().clone();
        let constant = |kind| {
            Term::Constant(Constant {
                kind,
                text: t.text.clone(),
            })
        };
        let term = match t.kind {
            TokenKind::Str if self.grammar == Grammar::Beta1 => constant(ConstantKind::BetaText),
            TokenKind::Str => constant(ConstantKind::String),
            TokenKind::Integer => constant(ConstantKind::Integer),
            TokenKind::Float => constant(ConstantKind::Float),
            TokenKind::Uuid => constant(ConstantKind::Uuid),
            TokenKind::Hex => constant(ConstantKind::Hex),
            TokenKind::Duration => constant(ConstantKind::Duration),
            TokenKind::Symbol if t.text == "?" => self.marker(None),
            // 2.0's named marker (`':' ident`): over Thrift bound by its
            // position, as `?` is.
            TokenKind::Symbol
                if t.text == ":"
                    && self.grammar.has_statics()
                    && matches!(
                        self.peek_at(1).kind,
                        TokenKind::Ident | TokenKind::QuotedName
                    ) =>
            {
                self.advance();
                let name = match self.peek().kind {
                    TokenKind::QuotedName => self.peek().text.clone(),
                    _ => self.peek().text.to_lowercase(),
                };
                self.marker(Some(name))
            }
            TokenKind::Symbol if t.text == "[" => return self.listed(Self::list_literal),
            // 2.1's cast: a type's name then its `)` (or a collection's
            // `<`), which no tuple's first value can be.
            TokenKind::Symbol
                if t.text == "("
                    && self.grammar.has_contains()
                    && matches!(
                        self.peek_at(1).kind,
                        TokenKind::Ident | TokenKind::QuotedName
                    )
                    && (self.peek_at(2).is_sym(")") || self.peek_at(2).is_sym("<")) =>
            {
                return self.nested(Self::type_cast)
            }
            // 2.1's tupleLiteral `(a, b)`.
            TokenKind::Symbol if t.text == "(" && self.grammar.has_contains() => {
                return self.listed(Self::tuple_literal)
            }
            // Before 2.1, `'(' comparatorType ')' term`: a type cast.
            TokenKind::Symbol if t.text == "(" && self.grammar != Grammar::Beta1 => {
                return self.nested(Self::type_cast)
            }
            // 2.1's usertypeLiteral `{field: value}` (a name then `:`).
            TokenKind::Symbol
                if t.text == "{"
                    && self.grammar.has_contains()
                    && matches!(
                        self.peek_at(1).kind,
                        TokenKind::Ident | TokenKind::QuotedName
                    )
                    && !self.peek_at(1).is_kw("true")
                    && !self.peek_at(1).is_kw("false")
                    && !self.peek_at(1).is_kw("null")
                    && !self.peek_at(1).is_kw("nan")
                    && !self.peek_at(1).is_kw("infinity")
                    && self.peek_at(2).is_sym(":") =>
            {
                return self.listed(Self::user_literal)
            }
            TokenKind::Symbol if t.text == "{" => return self.listed(Self::brace_literal),
            // 1.1's beta `term` had no boolean or null constant: `true`,
            // `false` and `null` were names there, refused below.
            TokenKind::Ident
                if (t.is_kw("true") || t.is_kw("false")) && self.grammar != Grammar::Beta1 =>
            {
                constant(ConstantKind::Boolean)
            }
            TokenKind::Ident if t.is_kw("null") && self.grammar != Grammar::Beta1 => Term::Null,
            TokenKind::Ident
                if (t.is_kw("nan") || t.is_kw("infinity")) && self.grammar.has_nan_constants() =>
            {
                constant(ConstantKind::Float)
            }
            // 2.0's `'-' (K_NAN | K_INFINITY)`: one constant of the sign and
            // the word as typed (`-Infinity`).
            TokenKind::Symbol
                if t.text == "-"
                    && self.grammar.has_nan_constants()
                    && (self.peek_at(1).is_kw("nan") || self.peek_at(1).is_kw("infinity")) =>
            {
                self.advance();
                let word = self.advance();
                return Ok(Term::Constant(Constant {
                    kind: ConstantKind::Float,
                    text: format!("-{}", word.text),
                }));
            }
            TokenKind::Ident if self.peek_at(1).is_sym("(") => {
                return self.listed(Self::function_term)
            }
            // Before 2.1, `name :` (a user type literal's field) left no
            // alternative at the `:` (a name starts only a function call):
            // reported, the `:` dropped, the value read on (each field's
            // `:` is reported again; the last error reported stands).
            TokenKind::Ident if !self.grammar.has_contains() && self.peek_at(1).is_sym(":") => {
                self.advance();
                let e = self.no_viable();
                self.report(e);
                self.tokens.advance();
                return self.term();
            }
            // A word 1.2 and 2.0 reserved starts no value: the term's
            // decision failed at it, and the recovery keeps it when it may
            // follow (a relation's value before its `AND` or `LIMIT`).
            TokenKind::Ident
                if !self.grammar.has_contains()
                    && self.grammar != Grammar::Beta1
                    && super::reserved::RESERVED.contains(&t.text.to_lowercase().as_str()) =>
            {
                let e = self.no_viable();
                self.recover(e, Self::follows_term)?;
                return Ok(Term::Null);
            }
            // A bare name where a value is due could start a function call
            // (`functionName '('`): ANTLR's decision failed on the token
            // after it, which it reported (2.0's cqlsh 4.1.1 sent
            // `keyspace_name=None and …` and read `no viable alternative at
            // input 'and'`); the name is dropped and parsing goes on there.
            TokenKind::Ident if self.grammar != Grammar::Beta1 => {
                self.advance();
                let e = self.no_viable();
                self.report(e);
                return Ok(Term::Null);
            }
            // A double-quoted "string" (or, in 1.1's grammar, a name) where
            // a value is due: ANTLR reports it and recovers by dropping the
            // token.
            TokenKind::QuotedName | TokenKind::Ident => {
                let e = self.no_viable();
                self.report(e);
                // (the dropped token is not a match: ANTLR stays recovering)
                self.tokens.advance();
                return Ok(Term::Null);
            }
            _ => return Err(self.no_viable()),
        };
        self.advance();
        Ok(term)
    }

    /// The next bind marker, `?` or 2.0's `:name` (whose name its
    /// receiver took: `VariableSpecifications.add`).
    fn marker(&mut self, name: Option<String>) -> Term {
        self.binds += 1;
        self.marker_names.push(name);
        Term::Bind(self.binds - 1)
    }

    /// A called function's name: lower-cased, but before 2.2 an unknown
    /// one kept as written (its messages named it so).
    pub(super) fn function_name(&self, written: String) -> String {
        const KNOWN: [&str; 9] = [
            "token",
            "now",
            "uuid",
            "mintimeuuid",
            "maxtimeuuid",
            "dateof",
            "unixtimestampof",
            "writetime",
            "ttl",
        ];
        let name = written.to_lowercase();
        // A conversion is known only for a type the release had.
        let converts = |t: Option<&str>| t.is_some_and(|t| Native::from_name(t).is_some());
        let known = KNOWN.contains(&name.as_str())
            || converts(name.strip_prefix("blobas"))
            || converts(name.strip_suffix("asblob"));
        match self.grammar.is_cql33() || known {
            true => name,
            false => written,
        }
    }

    pub(super) fn function_term(&mut self) -> CqlResult<Term> {
        let written = self.advance().text;
        let name = self.function_name(written);
        self.expect_sym("(")?;
        let mut args = Vec::new();
        if !self.at_sym(")") {
            loop {
                args.push(self.term()?);
                if !self.eat_sym(",") {
                    break;
                }
            }
        }
        self.expect_sym(")")?;
        Ok(Term::Function { name, args })
    }

    /// 1.2's and 2.0's type cast, `(int) 5`: the value as written (the
    /// cast's check that the type suits the receiver is not emulated). A
    /// syntax error in it is recovered from as ANTLR did, so the error
    /// reported is the last one the rest of the statement met (a 2.1 tuple
    /// `(1, 'a')` fails at its `1`, the parse going on at the `,`).
    fn type_cast(&mut self) -> CqlResult<Term> {
        self.expect_sym("(")?;
        self.type_expr()?;
        match self.expect_sym(")") {
            Ok(()) => self.term(),
            Err(e @ super::super::error::CqlError::Syntax { .. }) => {
                self.recover(e, Self::follows_term)?;
                Ok(Term::Null)
            }
            Err(e) => Err(e),
        }
    }

    /// Whether the current token may follow a value (a term's follow set
    /// in the statements that take one).
    fn follows_term(&self) -> bool {
        const SYMBOLS: [&str; 6] = [",", ")", "]", "}", ":", ";"];
        const WORDS: [&str; 11] = [
            "and", "where", "using", "if", "order", "limit", "allow", "apply", "insert", "update",
            "delete",
        ];
        SYMBOLS.iter().any(|s| self.at_sym(s)) || WORDS.iter().any(|w| self.at_kw(w))
    }

    /// A collection type's element type, inside its `<...>`.
    fn type_arg(&mut self) -> CqlResult<TypeExpr> {
        self.type_args += 1;
        let ty = self.nested(Self::type_expr);
        self.type_args -= 1;
        ty
    }

    /// Whether the current token may follow a type: the column list's `,`
    /// or `)`, or inside a collection type its `>` (a cast in a relation's
    /// single value is followed by its `)` and no `,`).
    fn follows_type(&self) -> bool {
        (self.at_sym(",") && !self.lone_value)
            || self.at_sym(")")
            || (self.type_args > 0 && self.at_sym(">"))
    }

    pub(super) fn tuple_literal(&mut self) -> CqlResult<Term> {
        self.expect_sym("(")?;
        let mut items = vec![self.term()?];
        while self.eat_sym(",") {
            items.push(self.term()?);
        }
        self.expect_sym(")")?;
        Ok(Term::Tuple(items))
    }

    fn user_literal(&mut self) -> CqlResult<Term> {
        self.expect_sym("{")?;
        let mut fields = Vec::new();
        loop {
            let field = self.ident()?;
            self.expect_sym(":")?;
            fields.push((field, self.term()?));
            if !self.eat_sym(",") {
                break;
            }
        }
        self.expect_sym("}")?;
        Ok(Term::UserLiteral(fields))
    }

    pub(super) fn list_literal(&mut self) -> CqlResult<Term> {
        self.expect_sym("[")?;
        let mut items = Vec::new();
        if !self.at_sym("]") {
            loop {
                items.push(self.term()?);
                if !self.eat_sym(",") {
                    break;
                }
            }
        }
        self.expect_sym("]")?;
        Ok(Term::List(items))
    }

    /// `{}` (empty map), `{a, b}` (set) or `{k: v, ...}` (map).
    pub(super) fn brace_literal(&mut self) -> CqlResult<Term> {
        self.expect_sym("{")?;
        if self.eat_sym("}") {
            return Ok(Term::Map(Vec::new()));
        }
        let first = self.term()?;
        if self.eat_sym(":") {
            let mut entries = vec![(first, self.term()?)];
            while self.eat_sym(",") {
                let k = self.term()?;
                self.expect_sym(":")?;
                entries.push((k, self.term()?));
            }
            self.expect_sym("}")?;
            Ok(Term::Map(entries))
        } else {
            let mut items = vec![first];
            while self.eat_sym(",") {
                items.push(self.term()?);
            }
            self.expect_sym("}")?;
            Ok(Term::Set(items))
        }
    }

    /// A type: native name, `list<T>`, `set<T>`, `map<K,V>` or a quoted class.
    pub(super) fn type_expr(&mut self) -> CqlResult<TypeExpr> {
        let t = self.peek().clone();
        match t.kind {
            TokenKind::Str => {
                self.advance();
                Ok(TypeExpr::Custom(t.text))
            }
            TokenKind::Ident => {
                let name = t.text.to_ascii_lowercase();
                self.advance();
                match name.as_str() {
                    "list" | "set" => {
                        self.expect_sym("<")?;
                        let inner = Box::new(self.type_arg()?);
                        self.expect_sym(">")?;
                        Ok(if name == "list" {
                            TypeExpr::List(inner)
                        } else {
                            TypeExpr::Set(inner)
                        })
                    }
                    "map" => {
                        self.expect_sym("<")?;
                        let k = Box::new(self.type_arg()?);
                        self.expect_sym(",")?;
                        let v = Box::new(self.type_arg()?);
                        self.expect_sym(">")?;
                        Ok(TypeExpr::Map(k, v))
                    }
                    // 2.1's `frozen<T>` and `tuple<T, ...>`.
                    "frozen" if self.grammar.has_contains() && self.at_sym("<") => {
                        self.expect_sym("<")?;
                        let inner = Box::new(self.type_arg()?);
                        self.expect_sym(">")?;
                        Ok(TypeExpr::Frozen(inner))
                    }
                    "tuple" if self.grammar.has_contains() && self.at_sym("<") => {
                        self.expect_sym("<")?;
                        let mut items = vec![self.type_arg()?];
                        while self.eat_sym(",") {
                            items.push(self.type_arg()?);
                        }
                        self.expect_sym(">")?;
                        Ok(TypeExpr::Tuple(items))
                    }
                    // 1.2's and 2.0's native types were keywords: any
                    // other name is no type (2.1: a user type's name).
                    // ANTLR reported it and resynchronized at what follows
                    // a type (the column list's `,` or `)`, a collection
                    // type's `>`); the last error reported stands.
                    _ if !self.grammar.has_contains()
                        && super::super::types::Native::from_name(&name).is_none() =>
                    {
                        let e = Self::error_at(
                            &t,
                            format!("no viable alternative at input '{}'", t.text),
                        );
                        self.recover(e, Self::follows_type)?;
                        Ok(TypeExpr::Native("blob".into()))
                    }
                    _ => {
                        self.check_reserved_type_name(&t.text);
                        Ok(TypeExpr::Native(name))
                    }
                }
            }
            // So is any other token (a cast's `(5)`, a 2.1 type's `>`).
            _ if !self.grammar.has_contains() && self.grammar != Grammar::Beta1 => {
                let e = self.no_viable();
                self.recover(e, Self::follows_type)?;
                Ok(TypeExpr::Native("blob".into()))
            }
            _ => Err(self.no_viable()),
        }
    }

    /// 2.1's `non_type_ident`: a user type's name among the words its
    /// grammar held back for types to come was a recognition error
    /// (`Invalid (reserved) user type name X`, no position), noted as the
    /// rest parsed on; 2.2 took `smallint` and `date` as its own types.
    fn check_reserved_type_name(&mut self, written: &str) {
        const RESERVED: [&str; 8] = [
            "byte",
            "smallint",
            "complex",
            "enum",
            "date",
            "interval",
            "macaddr",
            "bitstring",
        ];
        let native = |n: &str| match self.grammar.is_cql33() {
            true => super::super::types::Native::from_name_22(n).is_some(),
            false => super::super::types::Native::from_name(n).is_some(),
        };
        if self.grammar.has_contains() && RESERVED.contains(&written) && !native(written) {
            self.recovered
                .push(super::super::error::CqlError::invalid(format!(
                    "Invalid (reserved) user type name {written}"
                )));
        }
    }

    /// `name = value [AND name = value ...]` after WITH.
    pub(super) fn property(&mut self) -> CqlResult<Property> {
        let mut name = self.ident()?;
        if self.grammar == Grammar::Beta1 && self.eat_sym(":") {
            // 1.1's `strategy_options:replication_factor`.
            name = format!("{name}:{}", self.property_scalar()?);
        }
        // 2.0's `property` had two alternatives, `ident '=' propertyValue`
        // and `ident '=' mapLiteral`: its decision looked past the name, and
        // anything but `=` there had no viable alternative (1.2's one
        // alternative matched `=`: `mismatched input`).
        if self.grammar.has_statics() && !self.at_sym("=") {
            return Err(self.no_viable());
        }
        // 1.2's match of that `=` took it for missing before what may
        // follow it (a constant, a map's `{`), reported, and read on.
        let t = self.peek().clone();
        let value_next = matches!(
            t.kind,
            TokenKind::Str
                | TokenKind::Integer
                | TokenKind::Float
                | TokenKind::Uuid
                | TokenKind::Hex
        ) || t.is_sym("{")
            || (t.kind == TokenKind::Ident
                && (t.text.eq_ignore_ascii_case("true") || t.text.eq_ignore_ascii_case("false")));
        if self.grammar.is_cql305() && value_next && !self.peek_at(1).is_sym("=") {
            let e = Self::error_at(&t, format!("missing '=' at '{}'", t.text));
            self.report(e);
        } else {
            self.expect_sym("=")?;
        }
        let t = self.peek().clone();
        let value = if t.is_sym("{") {
            self.advance();
            let mut entries = Vec::new();
            if !self.at_sym("}") {
                loop {
                    let k = self.property_scalar()?;
                    self.expect_sym(":")?;
                    let v = self.property_scalar()?;
                    entries.push((k, v));
                    if !self.eat_sym(",") {
                        break;
                    }
                }
            }
            self.expect_sym("}")?;
            PropertyValue::Map(entries)
        } else {
            PropertyValue::Simple(self.property_scalar()?)
        };
        Ok(Property { name, value })
    }

    pub(super) fn property_scalar(&mut self) -> CqlResult<String> {
        let t = self.peek().clone();
        match t.kind {
            TokenKind::Str
            | TokenKind::Integer
            | TokenKind::Float
            | TokenKind::Ident
            | TokenKind::Uuid
            | TokenKind::Hex => {
                self.advance();
                Ok(t.text)
            }
            _ => Err(self.no_viable()),
        }
    }
}
