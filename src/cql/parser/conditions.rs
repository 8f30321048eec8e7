//! The `IF` of a conditional UPDATE or DELETE (2.0 on): `IF EXISTS`,
//! `IF NOT EXISTS` refused, and the column conditions with their
//! operators. Owns only their grammar; evaluating them is
//! `cql::mapping::condition`'s.

use super::super::ast::*;
use super::super::error::CqlResult;
use super::super::lexer::TokenKind;
use super::Parser;

impl Parser<'_> {
    /// `IF EXISTS` or `IF c = term AND ...` after an UPDATE's or DELETE's WHERE.
    pub(super) fn condition(&mut self) -> CqlResult<Option<Condition>> {
        // 1.2 had no conditions: the IF is left to the statement's end.
        if !self.grammar.has_conditions() || !self.eat_kw("if") {
            return Ok(None);
        }
        if self.eat_kw("exists") {
            return Ok(Some(Condition::Exists));
        }
        // `IF NOT EXISTS` where the statement takes none (an UPDATE) is
        // the reserved NOT where a column's name is wanted.
        let mut conditions = Vec::new();
        loop {
            let column = self.ident()?;
            // 2.0's `IF m['k'] = v` / `IF l[i] = v`.
            let element = match self.grammar.has_statics() && self.eat_sym("[") {
                true => {
                    let e = self.term()?;
                    self.expect_sym("]")?;
                    Some(e)
                }
                false => None,
            };
            let (op, value) = self.condition_op(element.is_some())?;
            conditions.push(ColumnCondition {
                column,
                element,
                value,
                op,
            });
            if !self.eat_kw("and") {
                return Ok(Some(Condition::Columns(conditions)));
            }
        }
    }

    /// A condition's operator and value: 2.1's `relationType term` or `IN
    /// (..)`/`IN ?`; before, `=` alone. 2.0's rule had two alternatives
    /// after the column (`'=' term` and `'[' term ']' '=' term`), so another
    /// token was no viable alternative there (after an element, `'='` was
    /// wanted).
    fn condition_op(&mut self, element: bool) -> CqlResult<(ConditionOp, Term)> {
        if !self.grammar.has_contains() {
            if self.grammar.has_statics() && !element && !self.at_sym("=") {
                return Err(self.no_viable());
            }
            self.expect_sym("=")?;
            return Ok((ConditionOp::Eq, self.term()?));
        }
        if self.eat_kw("in") {
            if self.at_sym("(") {
                self.advance();
                let mut values = Vec::new();
                if !self.at_sym(")") {
                    values.push(self.term()?);
                    while self.eat_sym(",") {
                        values.push(self.term()?);
                    }
                }
                self.expect_sym(")")?;
                return Ok((ConditionOp::In(values), Term::Null));
            }
            // `IN ?`: one marker for the list of values.
            let marker = self.term()?;
            return Ok((ConditionOp::In(vec![marker]), Term::Null));
        }
        let t = self.peek().clone();
        let op = match t.text.as_str() {
            "=" => ConditionOp::Eq,
            "<" => ConditionOp::Lt,
            "<=" => ConditionOp::Lte,
            ">" => ConditionOp::Gt,
            ">=" => ConditionOp::Gte,
            "!=" => ConditionOp::Neq,
            _ => return Err(self.no_viable()),
        };
        if t.kind != TokenKind::Symbol {
            return Err(self.no_viable());
        }
        self.advance();
        Ok((op, self.term()?))
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::ast::*;
    use crate::cql::parse;

    fn statement(q: &str) -> Statement {
        parse(q).unwrap().statement
    }

    #[test]
    fn update_and_delete_take_if_exists_or_column_conditions() {
        let Statement::Update(u) = statement("UPDATE t SET a = 1 WHERE k = 0 IF b = 'x' AND c = ?")
        else {
            panic!("not an update")
        };
        let Some(Condition::Columns(cs)) = u.condition else {
            panic!("no conditions")
        };
        assert_eq!(cs.len(), 2);
        assert_eq!((cs[0].column.as_str(), &cs[1].value), ("b", &Term::Bind(0)));
        let Statement::Delete(d) = statement("DELETE FROM t WHERE k = 0 IF EXISTS") else {
            panic!("not a delete")
        };
        assert_eq!(d.condition, Some(Condition::Exists));
        let Statement::Update(u) = statement("UPDATE t SET a = 1 WHERE k = 0") else {
            panic!("not an update")
        };
        assert_eq!(u.condition, None);
    }

    #[test]
    fn update_refuses_if_not_exists() {
        assert!(parse("UPDATE t SET a = 1 WHERE k = 0 IF NOT EXISTS").is_err());
        assert!(parse("DELETE FROM t WHERE k = 0 IF").is_err());
    }
}
