//! Unset bound values (native protocol v4): a statement whose markers are
//! bound to "unset" is rewritten, before it runs, into the statement
//! Cassandra 2.2 would have applied, so the executor itself never sees an
//! unset value:
//!
//! - an INSERT column or a SET assignment whose value is unset is left out
//!   (the column keeps what it holds: no tombstone, unlike a bound null);
//!   so is `c = c + ?`, `c = ? + c`, `c = c - ?`, `c[k] = ?` and `DELETE
//!   l[?]` (an UPDATE left with no assignment still writes its row marker,
//!   as every UPDATE of a CQL3 table does here; a DELETE left with no
//!   element to delete does nothing). Markers inside collection literals
//!   stay refused, as 1.2's CQL refused them;
//! - `USING TTL ?` / `USING TIMESTAMP ?` unset take their defaults, and an
//!   unset `LIMIT ?` is no limit;
//! - where an unset value cannot mean "leave alone" it is an error with
//!   Cassandra's message: a key column or a WHERE relation ("Invalid unset
//!   value for column k"), a map key ("Invalid unset map key"), a list
//!   index ("Invalid unset value for list index"), a function argument and
//!   an IF condition.
//!
//! Owns only that rewrite; what the rewritten statement means is the
//! executor's. It must not evaluate values.

use super::tables;
use super::CqlBackend;
use super::CqlSession;
use crate::cql::ast::{
    Assignment, Condition, Deletion, Relation, Statement, TableName, Term, Using,
};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::table::{ColumnRole, Layout, Table};
use crate::cql::types::CqlType;

/// `statement` with its unset markers (`unset[i]` for marker `i`) taken
/// out, or `None` when nothing is left to do (a write whose every change
/// was unset). `unset` all false returns the statement as it is.
pub fn rewrite(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    statement: &Statement,
    unset: &[bool],
) -> CqlResult<Option<Statement>> {
    if !unset.iter().any(|u| *u) {
        return Ok(Some(statement.clone()));
    }
    let r = Rewrite {
        backend,
        session,
        unset,
    };
    r.statement(statement)
}

struct Rewrite<'a> {
    backend: &'a dyn CqlBackend,
    session: &'a CqlSession,
    unset: &'a [bool],
}

impl Rewrite<'_> {
    fn table(&self, t: &TableName) -> CqlResult<Table> {
        let ks = self.session.keyspace_for(t)?;
        tables::lookup_in(self.session, &self.backend.schema(), &ks, &t.name)
    }

    /// Whether `term` is a marker bound to unset (a function of one is an
    /// error).
    fn is_unset(&self, term: &Term) -> CqlResult<bool> {
        Ok(match term {
            Term::Bind(i) => self.unset.get(*i).copied().unwrap_or(false),
            // 1.2's CQL takes no markers inside collection literals (the
            // executor refuses them, unset or not).
            Term::List(_) | Term::Set(_) | Term::Map(_) => false,
            Term::Tuple(_) | Term::UserLiteral(_) | Term::Json(_) => false,
            Term::Function { name, args } => {
                for a in args {
                    if self.is_unset(a)? {
                        return Err(CqlError::invalid(format!(
                            "Invalid unset value for argument in call to function {}",
                            name.to_lowercase()
                        )));
                    }
                }
                false
            }
            Term::Constant(_) | Term::Null => false,
        })
    }

    /// An unset value where one is required is an error saying `what`.
    fn required(&self, term: &Term, what: &str) -> CqlResult<()> {
        if self.is_unset(term)? {
            return Err(CqlError::invalid(what.to_string()));
        }
        Ok(())
    }

    fn relations(&self, rels: &[Relation]) -> CqlResult<()> {
        for r in rels {
            match r {
                Relation::Column { column, value, .. } => {
                    self.required(value, &format!("Invalid unset value for column {column}"))?
                }
                Relation::MultiColumn { columns, value, .. } => self.required(
                    value,
                    &format!("Invalid unset value for tuple ({})", columns.join(", ")),
                )?,
                Relation::Token { columns, value, .. } => self.required(
                    value,
                    &format!("Invalid unset value for token({})", columns.join(", ")),
                )?,
            }
        }
        Ok(())
    }

    fn condition(&self, c: &Option<Condition>) -> CqlResult<()> {
        if let Some(Condition::Columns(cols)) = c {
            for col in cols {
                self.required(&col.value, "Invalid 'unset' value in condition")?;
            }
        }
        Ok(())
    }

    /// Unset TTL and timestamp are the defaults.
    fn using(&self, u: &Using) -> CqlResult<Using> {
        let keep = |t: &Option<Term>| -> CqlResult<Option<Term>> {
            Ok(match t {
                Some(t) if self.is_unset(t)? => None,
                other => other.clone(),
            })
        };
        Ok(Using {
            ttl: keep(&u.ttl)?,
            timestamp: keep(&u.timestamp)?,
        })
    }

    fn statement(&self, s: &Statement) -> CqlResult<Option<Statement>> {
        Ok(match s {
            Statement::Insert(i) => {
                let table = self.table(&i.table)?;
                let mut out = i.clone();
                out.columns.clear();
                out.values.clear();
                for (c, v) in i.columns.iter().zip(&i.values) {
                    if self.is_unset(v)? {
                        if let Some(ColumnRole::PartitionKey(_) | ColumnRole::Clustering(_)) =
                            table.role(c)
                        {
                            return Err(CqlError::invalid(format!(
                                "Invalid unset value for column {c}"
                            )));
                        }
                        continue;
                    }
                    out.columns.push(c.clone());
                    out.values.push(v.clone());
                }
                out.using = self.using(&i.using)?;
                Some(Statement::Insert(out))
            }
            Statement::Update(u) => {
                self.relations(&u.where_clause)?;
                self.condition(&u.condition)?;
                let table = self.table(&u.table)?;
                let mut out = u.clone();
                out.assignments = self.assignments(&table, &u.assignments)?;
                out.using = self.using(&u.using)?;
                // With nothing left to set, a CQL3 table still gets its row
                // marker (an UPDATE writes one here, as in 1.2-2.x); a
                // compact table has none, so nothing is written.
                if out.assignments.is_empty() && table.layout != Layout::Sparse {
                    None
                } else {
                    Some(Statement::Update(out))
                }
            }
            Statement::Delete(d) => {
                self.relations(&d.where_clause)?;
                self.condition(&d.condition)?;
                let mut out = d.clone();
                out.columns.clear();
                for del in &d.columns {
                    match del {
                        Deletion::Element { column, key } if self.is_unset(key)? => {
                            let table = self.table(&d.table)?;
                            if is_map(&table, column) {
                                return Err(CqlError::invalid("Invalid unset map key"));
                            }
                        }
                        other => out.columns.push(other.clone()),
                    }
                }
                out.using = self.using(&d.using)?;
                if !d.columns.is_empty() && out.columns.is_empty() {
                    // Every element deletion was unset: the row must not go,
                    // and nothing else is asked (a conditional one is not
                    // evaluated either).
                    None
                } else {
                    Some(Statement::Delete(out))
                }
            }
            Statement::Batch(b) => {
                let mut out = b.clone();
                out.using = self.using(&b.using)?;
                out.statements.clear();
                for member in &b.statements {
                    if let Some(m) = self.statement(member)? {
                        out.statements.push(m);
                    }
                }
                Some(Statement::Batch(out))
            }
            Statement::Select(sel) => {
                self.relations(&sel.where_clause)?;
                let mut out = sel.clone();
                if let Some(l) = &sel.limit {
                    if self.is_unset(l)? {
                        out.limit = None;
                    }
                }
                if let Some(l) = &sel.per_partition_limit {
                    if self.is_unset(l)? {
                        out.per_partition_limit = None;
                    }
                }
                Some(Statement::Select(out))
            }
            // No other statement takes markers.
            other => Some(other.clone()),
        })
    }

    fn assignments(&self, table: &Table, list: &[Assignment]) -> CqlResult<Vec<Assignment>> {
        let mut out = Vec::with_capacity(list.len());
        for a in list {
            let keep = match a {
                Assignment::SetElement { column, key, value } => {
                    if self.is_unset(key)? {
                        return Err(CqlError::invalid(if is_map(table, column) {
                            "Invalid unset map key"
                        } else {
                            "Invalid unset value for list index"
                        }));
                    }
                    !self.is_unset(value)?
                }
                Assignment::Set { value, .. }
                | Assignment::Add { value, .. }
                | Assignment::Subtract { value, .. }
                | Assignment::Prepend { value, .. }
                | Assignment::SetField { value, .. } => !self.is_unset(value)?,
            };
            if keep {
                out.push(a.clone());
            }
        }
        Ok(out)
    }
}

fn is_map(table: &Table, column: &str) -> bool {
    table
        .regular
        .iter()
        .any(|c| c.column.name == column && matches!(c.column.ty, CqlType::Map(..)))
}
