//! Schema statements: CREATE/ALTER/DROP of keyspaces, tables and indexes.
//!
//! Owns only their grammar; checking a definition against existing schema
//! (and CQL3's table rules) belongs to `cql::table`.

use super::super::ast::*;
use super::super::error::CqlResult;
use super::{Grammar, IfAt, Parser};

/// 1.1's keyspace options as 1.2's `replication` map: `strategy_class`
/// becomes its `class`, each `strategy_options:NAME` an entry; the others
/// are kept as they are.
fn beta1_replication(properties: Vec<Property>) -> Vec<Property> {
    let mut replication = Vec::new();
    let mut rest = Vec::new();
    for p in properties {
        let key = if p.name == "strategy_class" {
            Some("class".to_string())
        } else {
            p.name.strip_prefix("strategy_options:").map(str::to_string)
        };
        match (key, p.value) {
            (Some(key), PropertyValue::Simple(value)) => replication.push((key, value)),
            (_, value) => rest.push(Property {
                name: p.name,
                value,
            }),
        }
    }
    if !replication.is_empty() {
        rest.push(Property {
            name: "replication".to_string(),
            value: PropertyValue::Map(replication),
        });
    }
    rest
}

impl Parser<'_> {
    /// 2.2's `createFunctionStatement` and `createAggregateStatement`
    /// (after CREATE).
    fn create_function(&mut self) -> CqlResult<Statement> {
        if self.eat_kw("or") {
            self.expect_kw("replace")?;
        }
        let aggregate = self.eat_kw("aggregate");
        if !aggregate {
            self.expect_kw("function")?;
        }
        self.if_not_exists(IfAt::Other)?;
        let name = self.table_name()?;
        self.expect_sym("(")?;
        let mut args = Vec::new();
        while !self.at_sym(")") {
            if !args.is_empty() {
                self.expect_sym(",")?;
            }
            if !aggregate {
                self.ident()?;
            }
            args.push(self.type_expr()?);
        }
        self.expect_sym(")")?;
        if aggregate {
            self.expect_kw("sfunc")?;
            let state_function = self.ident()?;
            self.expect_kw("stype")?;
            let state_type = self.type_expr()?;
            if self.eat_kw("finalfunc") {
                self.ident()?;
            }
            if self.eat_kw("initcond") {
                self.term()?;
            }
            return Ok(Statement::CreateFunction {
                name,
                aggregate: Some(AggregateDef {
                    args,
                    state_function,
                    state_type,
                }),
            });
        }
        if self.eat_kw("returns") {
            self.expect_kw("null")?;
        } else {
            self.expect_kw("called")?;
        }
        for word in ["on", "null", "input", "returns"] {
            self.expect_kw(word)?;
        }
        self.type_expr()?;
        self.expect_kw("language")?;
        self.ident()?;
        self.expect_kw("as")?;
        self.term()?;
        Ok(Statement::CreateFunction {
            name,
            aggregate: None,
        })
    }

    pub(super) fn create(&mut self) -> CqlResult<Statement> {
        self.expect_kw("create")?;
        if let Some(user) = self.create_user() {
            return user;
        }
        if self.eat_kw("keyspace") || self.eat_kw("schema") {
            let if_not_exists = self.if_not_exists(IfAt::CreateKeyspace)?;
            let name = self.ident()?;
            self.expect_kw("with")?;
            let mut properties = self.properties()?;
            if self.grammar == super::Grammar::Beta1 {
                properties = beta1_replication(properties);
            }
            return Ok(Statement::CreateKeyspace {
                name,
                if_not_exists,
                properties,
            });
        }
        if self.eat_kw("table") || self.eat_kw("columnfamily") {
            return self.create_table().map(Statement::CreateTable);
        }
        if self.grammar.has_contains() && self.eat_kw("type") {
            // 2.1's createTypeStatement: fields as `ident comparatorType`.
            let if_not_exists = self.if_not_exists(IfAt::Other)?;
            let name = self.table_name()?;
            self.expect_sym("(")?;
            let mut fields = Vec::new();
            loop {
                let field = self.ident()?;
                fields.push((field, self.type_expr()?));
                if !self.eat_sym(",") {
                    break;
                }
            }
            self.expect_sym(")")?;
            return Ok(Statement::CreateType {
                name,
                if_not_exists,
                fields,
            });
        }
        if self.grammar.is_cql33()
            && (self.at_kw("function") || self.at_kw("aggregate") || self.at_kw("or"))
        {
            return self.create_function();
        }
        if self.has_triggers() && self.eat_kw("trigger") {
            let if_not_exists = self.grammar.has_contains() && self.if_not_exists(IfAt::Other)?;
            let name = self.trigger_name()?;
            self.expect_kw("on")?;
            let table = self.table_name()?;
            self.expect_kw("using")?;
            let class = self.property_scalar()?;
            return Ok(Statement::CreateTrigger {
                name,
                table,
                class,
                if_not_exists,
            });
        }
        let custom = self.eat_kw("custom");
        if self.eat_kw("index") {
            let if_not_exists = self.if_not_exists(IfAt::CreateIndex)?;
            let name = if self.at_kw("on") {
                None
            } else {
                Some(self.ident()?)
            };
            self.expect_kw("on")?;
            let table = self.table_name()?;
            self.expect_sym("(")?;
            let (column, target) = self.index_ident()?;
            self.expect_sym(")")?;
            let mut using = IndexClass {
                custom,
                ..IndexClass::default()
            };
            if self.eat_kw("using") {
                using.class = Some(self.property_scalar()?);
            }
            // 2.0's `(K_WITH properties)?`; 1.2's rule ended at USING.
            if self.grammar.has_conditions()
                && self.grammar != Grammar::Beta1
                && self.eat_kw("with")
            {
                using.properties = self.properties()?;
            }
            return Ok(Statement::CreateIndex {
                name,
                table,
                column,
                target,
                if_not_exists,
                using,
            });
        }
        Err(self.no_viable())
    }

    /// 2.1's `indexIdent`: a column, `KEYS(m)` or `FULL(c)`, and 2.2's
    /// `ENTRIES(m)` (the words are unreserved: a column of that name is
    /// taken when no `(` follows).
    fn index_ident(&mut self) -> CqlResult<(String, IndexTarget)> {
        if self.grammar.has_contains() && self.peek_at(1).is_sym("(") {
            let target = if self.at_kw("keys") {
                Some(IndexTarget::Keys)
            } else if self.at_kw("full") {
                Some(IndexTarget::Full)
            } else if self.grammar.is_cql33() && self.at_kw("entries") {
                Some(IndexTarget::Entries)
            } else {
                None
            };
            if let Some(target) = target {
                self.advance();
                self.advance();
                let column = self.ident()?;
                self.expect_sym(")")?;
                return Ok((column, target));
            }
        }
        Ok((self.ident()?, IndexTarget::Values))
    }

    fn properties(&mut self) -> CqlResult<Vec<Property>> {
        let mut props = vec![self.property()?];
        while self.eat_kw("and") {
            props.push(self.property()?);
        }
        Ok(props)
    }

    fn create_table(&mut self) -> CqlResult<CreateTable> {
        let if_not_exists = self.if_not_exists(IfAt::CreateTable)?;
        let table = self.table_name()?;
        self.expect_sym("(")?;
        let mut columns = Vec::new();
        let mut key: Option<(Vec<String>, Vec<String>)> = None;
        let mut key_declarations = 0;
        loop {
            if self.at_kw("primary") {
                self.advance();
                self.expect_kw("key")?;
                key = Some(self.primary_key_clause()?);
                key_declarations += 1;
            } else {
                let name = self.ident()?;
                let ty = self.type_expr()?;
                let is_static = self.static_modifier();
                if self.eat_kw("primary") {
                    self.expect_kw("key")?;
                    key = Some((vec![name.clone()], Vec::new()));
                    key_declarations += 1;
                }
                columns.push(ColumnDef {
                    name,
                    ty,
                    is_static,
                });
            }
            if !self.eat_sym(",") {
                break;
            }
            // A trailing comma before ')' is accepted, as 1.2's grammar did.
            if self.at_sym(")") {
                break;
            }
            // `( ',' cfamColumns? )*`: a word no column starts with (a
            // reserved one) ends the list, and `')'` is then wanted there
            // (`mismatched input 'order' expecting ')'`, 1.2.9 to 2.2.19).
            if !self.at_kw("primary") && !self.ident_at(0) {
                break;
            }
        }
        self.expect_sym(")")?;
        let (partition_key, clustering) = key.unwrap_or_default();
        let mut out = CreateTable {
            table,
            if_not_exists,
            columns,
            partition_key,
            clustering,
            key_declarations,
            clustering_order: Vec::new(),
            compact_storage: false,
            properties: Vec::new(),
        };
        if self.eat_kw("with") {
            loop {
                if self.eat_kw("compact") {
                    self.expect_kw("storage")?;
                    out.compact_storage = true;
                } else if self.at_kw("clustering") && self.peek_at(1).is_kw("order") {
                    self.advance();
                    self.advance();
                    self.expect_kw("by")?;
                    self.expect_sym("(")?;
                    loop {
                        let c = self.ident()?;
                        let o = if self.eat_kw("desc") {
                            Ordering::Desc
                        } else {
                            self.eat_kw("asc");
                            Ordering::Asc
                        };
                        out.clustering_order.push((c, o));
                        if !self.eat_sym(",") {
                            break;
                        }
                    }
                    self.expect_sym(")")?;
                } else {
                    out.properties.push(self.property()?);
                }
                if !self.eat_kw("and") {
                    break;
                }
            }
        }
        Ok(out)
    }

    /// 2.0's `static` after a column's type, where the grammar has it.
    fn static_modifier(&mut self) -> bool {
        self.grammar.has_statics() && self.eat_kw("static")
    }

    /// `(k, c1, c2)` or `((k1, k2), c1, ...)`.
    fn primary_key_clause(&mut self) -> CqlResult<(Vec<String>, Vec<String>)> {
        self.expect_sym("(")?;
        let partition = if self.eat_sym("(") {
            let mut ks = vec![self.ident()?];
            while self.eat_sym(",") {
                ks.push(self.ident()?);
            }
            self.expect_sym(")")?;
            ks
        } else {
            vec![self.ident()?]
        };
        let mut clustering = Vec::new();
        while self.eat_sym(",") {
            clustering.push(self.ident()?);
        }
        self.expect_sym(")")?;
        Ok((partition, clustering))
    }

    pub(super) fn alter(&mut self) -> CqlResult<Statement> {
        self.expect_kw("alter")?;
        if let Some(user) = self.alter_user() {
            return user;
        }
        if self.eat_kw("keyspace") || self.eat_kw("schema") {
            let name = self.ident()?;
            self.expect_kw("with")?;
            let properties = self.properties()?;
            return Ok(Statement::AlterKeyspace { name, properties });
        }
        if self.grammar.has_contains() && self.eat_kw("type") {
            let name = self.table_name()?;
            let op = if self.eat_kw("alter") {
                let field = self.ident()?;
                self.expect_kw("type")?;
                AlterTypeOp::Alter(field, self.type_expr()?)
            } else if self.eat_kw("add") {
                let field = self.ident()?;
                AlterTypeOp::Add(field, self.type_expr()?)
            } else if self.eat_kw("rename") {
                AlterTypeOp::Rename(self.renames()?)
            } else {
                return Err(self.no_viable());
            };
            return Ok(Statement::AlterType { name, op });
        }
        if !(self.eat_kw("table") || self.eat_kw("columnfamily")) {
            return Err(self.no_viable());
        }
        let table = self.table_name()?;
        let op = if self.eat_kw("alter") {
            let column = self.ident()?;
            self.expect_kw("type")?;
            AlterTableOp::Alter {
                column,
                ty: self.type_expr()?,
            }
        } else if self.eat_kw("add") {
            let column = self.ident()?;
            let ty = self.type_expr()?;
            AlterTableOp::Add {
                column,
                ty,
                is_static: self.static_modifier(),
            }
        } else if self.grammar.is_cql305() && self.peek().is_kw("drop") {
            // 1.2's grammar had the DROP alternative commented out.
            return Err(self.no_viable());
        } else if self.eat_kw("drop") {
            AlterTableOp::Drop {
                column: self.ident()?,
            }
        } else if self.eat_kw("rename") {
            AlterTableOp::Rename(self.renames()?)
        } else if self.eat_kw("with") {
            AlterTableOp::With(self.properties()?)
        } else {
            return Err(self.no_viable());
        };
        Ok(Statement::AlterTable { table, op })
    }

    /// `a TO b [AND c TO d ...]`
    fn renames(&mut self) -> CqlResult<Vec<(String, String)>> {
        let mut pairs = Vec::new();
        loop {
            let from = self.ident()?;
            self.expect_kw("to")?;
            pairs.push((from, self.ident()?));
            if !self.eat_kw("and") {
                break;
            }
        }
        Ok(pairs)
    }

    pub(super) fn drop(&mut self) -> CqlResult<Statement> {
        self.expect_kw("drop")?;
        if let Some(user) = self.drop_user() {
            return user;
        }
        if self.eat_kw("keyspace") || self.eat_kw("schema") {
            let if_exists = self.if_exists(IfAt::DropKeyspace)?;
            return Ok(Statement::DropKeyspace {
                if_exists,
                name: self.ident()?,
            });
        }
        if self.eat_kw("table") || self.eat_kw("columnfamily") {
            let if_exists = self.if_exists(IfAt::DropTable)?;
            return Ok(Statement::DropTable {
                if_exists,
                table: self.table_name()?,
            });
        }
        if self.grammar.has_contains() && self.eat_kw("type") {
            let if_exists = self.if_exists(IfAt::Other)?;
            let name = self.table_name()?;
            return Ok(Statement::DropType { name, if_exists });
        }
        if self.grammar.is_cql33() && (self.at_kw("function") || self.at_kw("aggregate")) {
            let aggregate = self.advance().text.eq_ignore_ascii_case("aggregate");
            let if_exists = self.if_exists(IfAt::Other)?;
            let name = self.table_name()?;
            let mut args = None;
            if self.eat_sym("(") {
                let mut types = Vec::new();
                while !self.at_sym(")") {
                    if !types.is_empty() {
                        self.expect_sym(",")?;
                    }
                    types.push(self.type_expr()?);
                }
                self.expect_sym(")")?;
                args = Some(types);
            }
            return Ok(Statement::DropFunction {
                name,
                aggregate,
                if_exists,
                args,
            });
        }
        if self.has_triggers() && self.eat_kw("trigger") {
            let if_exists = self.grammar.has_contains() && self.if_exists(IfAt::Other)?;
            let name = self.trigger_name()?;
            self.expect_kw("on")?;
            let table = self.table_name()?;
            return Ok(Statement::DropTrigger {
                name,
                table,
                if_exists,
            });
        }
        if self.eat_kw("index") {
            let if_exists = self.if_exists(IfAt::DropIndex)?;
            // An emulated 1.2's and 2.0's `index=IDENT`; 2.1's `indexName`
            // took a keyspace before it (as the engine's own grammar does).
            let name = match self.grammar {
                Grammar::Cql12 | Grammar::Cql12Paren | Grammar::WithStatics => {
                    crate::cql::ast::TableName {
                        keyspace: None,
                        name: self.ident()?,
                    }
                }
                _ => self.table_name()?,
            };
            return Ok(Statement::DropIndex {
                if_exists,
                keyspace: name.keyspace,
                name: name.name,
            });
        }
        Err(self.no_viable())
    }

    /// A trigger's name: 2.0's `name=IDENT` (2.1: any `cident`), which an
    /// `IF` of 2.1's `IF [NOT] EXISTS` did not match.
    fn trigger_name(&mut self) -> CqlResult<String> {
        if !self.grammar.has_contains() && self.at_kw("if") {
            return Err(self.mismatched("IDENT"));
        }
        self.ident()
    }

    /// 2.0's CREATE and DROP TRIGGER (1.2's grammar had no TRIGGER).
    fn has_triggers(&self) -> bool {
        self.grammar.has_conditions() && self.grammar != Grammar::Beta1
    }
}
