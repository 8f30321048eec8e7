//! The conditions of a conditional BATCH (Cassandra 2.0.6+): which CQL
//! rows they are about, the contradictions 2.0 refused, and what the reply
//! shows when the batch is not applied.
//!
//! 2.0's rules kept here: every statement of a conditional batch writes
//! one table ("Batch with conditions cannot span multiple tables"); a
//! batch-level `USING TIMESTAMP` is ignored (refused from 2.1); `IF NOT EXISTS` cannot be
//! mixed with `IF EXISTS` or `IF c = v` on the same CQL row. The reply,
//! when not applied, carries every column once any statement is `IF [NOT]
//! EXISTS`, else the partition key, clustering columns and conditioned
//! columns (in `IF` order across statements, once each), for every CQL
//! row a condition touched, in clustering order (a condition on a static
//! column, 2.0.6, touches the partition's static part: its values show on
//! those rows, or as one row of their own when no row was touched).
//!
//! It must not read or write: the executor runs the reads and the writes
//! under one serialized section of the partition.

use super::super::super::ast::{Batch, Relation, Select, Selection, Statement, TableName};
use super::super::super::error::{CqlError, CqlResult};
use super::super::super::table::{ColumnRole, Table};
use super::super::result::ResultSet;
use super::super::values::{eval_scalar, TermContext};
use super::{columns_selection, Conditional};

/// The table a batch statement writes.
pub fn target(statement: &Statement) -> CqlResult<&TableName> {
    match statement {
        Statement::Insert(i) => Ok(&i.table),
        Statement::Update(u) => Ok(&u.table),
        Statement::Delete(d) => Ok(&d.table),
        _ => Err(CqlError::invalid(
            "Only INSERT, UPDATE and DELETE statements are allowed in a BATCH",
        )),
    }
}

/// Whether any statement of the batch carries `IF`.
pub fn has_conditions(batch: &Batch) -> bool {
    batch
        .statements
        .iter()
        .any(|s| super::conditional(s).is_some())
}

/// The batch-level refusals that need no schema: from 2.1 a timestamp of
/// the batch's own (2.0 ran it, `timestamp_ignored`, the writes taking the
/// Paxos ballot's time).
pub fn check_batch(batch: &Batch, timestamp_ignored: bool) -> CqlResult<()> {
    if batch.using.timestamp.is_none() {
        return Ok(());
    }
    if !timestamp_ignored {
        return Err(CqlError::invalid(
            "Cannot provide custom timestamp for conditional BATCH",
        ));
    }
    // Ignored, it was still a timestamp of the batch's: no statement may
    // carry one of its own.
    let own = |s: &Statement| match s {
        Statement::Insert(i) => i.using.timestamp.is_some(),
        Statement::Update(u) => u.using.timestamp.is_some(),
        Statement::Delete(d) => d.using.timestamp.is_some(),
        _ => false,
    };
    if batch.statements.iter().any(own) {
        return Err(CqlError::invalid(
            "Timestamp must be set either on BATCH or individual statements",
        ));
    }
    Ok(())
}

/// The clustering values (one per clustering column, `None` where the
/// statement names none) of the CQL row a condition is about.
pub type RowId = Vec<Option<Vec<u8>>>;

/// The kind of condition one CQL row is under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    NotExists,
    Exists,
    Columns,
}

/// The conditions of one batch, gathered statement by statement.
pub struct BatchConditions<'t> {
    table: &'t Table,
    rows: Vec<(RowId, Kind)>,
    /// Some statement is `IF NOT EXISTS` / `IF EXISTS`: the reply shows `*`.
    every_column: bool,
    /// Conditioned columns, in `IF` order across the batch, once each.
    columns: Vec<String>,
    /// The kind of condition on the partition's static part, if any.
    statics: Option<Kind>,
}

impl<'t> BatchConditions<'t> {
    pub fn new(table: &'t Table) -> Self {
        BatchConditions {
            table,
            rows: Vec::new(),
            every_column: false,
            columns: Vec::new(),
            statics: None,
        }
    }

    /// The CQL row `read` (a statement's [`super::read_for`]) is about.
    pub fn row_of(&self, read: &Select, ctx: &mut TermContext) -> CqlResult<RowId> {
        let mut id = vec![None; self.table.clustering.len()];
        for rel in &read.where_clause {
            let Relation::Column { column, op, value } = rel else {
                continue;
            };
            let Some(ColumnRole::Clustering(at)) = self.table.role(column) else {
                continue;
            };
            if *op == super::super::super::ast::Operator::Eq {
                let ty = &self.table.clustering[at].column.ty;
                id[at] = eval_scalar(value, ty, column, ctx)?;
            }
        }
        Ok(id)
    }

    /// Records one statement's condition on `row`; refuses what 2.0 could
    /// not combine on one row.
    pub fn add(&mut self, row: RowId, cond: &Conditional) -> CqlResult<()> {
        let kind = self.kind_of(cond);
        for (other, previous) in &self.rows {
            if *other == row {
                combine(*previous, kind)?;
            }
        }
        self.rows.push((row, kind));
        Ok(())
    }

    /// Records one statement's condition on the partition's static part
    /// (2.0.6 kept it apart from every row: a static `IF NOT EXISTS` and
    /// a row's conditions do not clash).
    pub fn add_static(&mut self, cond: &Conditional) -> CqlResult<()> {
        let kind = self.kind_of(cond);
        if let Some(previous) = self.statics {
            combine(previous, kind)?;
        }
        self.statics = Some(kind);
        Ok(())
    }

    fn kind_of(&mut self, cond: &Conditional) -> Kind {
        let kind = match cond {
            Conditional::NotExists => Kind::NotExists,
            Conditional::Exists => Kind::Exists,
            Conditional::Columns(cs) => {
                for c in cs.iter() {
                    if !self.columns.contains(&c.column) {
                        self.columns.push(c.column.clone());
                    }
                }
                Kind::Columns
            }
        };
        if kind != Kind::Columns {
            self.every_column = true;
        }
        kind
    }

    /// Whether some condition is on the partition's static part.
    pub fn reads_statics(&self) -> bool {
        self.statics.is_some()
    }

    /// What each condition's read selects (and the not-applied reply shows).
    pub fn selection(&self) -> Selection {
        if self.every_column {
            return Selection::Wildcard;
        }
        let t = self.table;
        let keys = t.partition_key.iter().map(|c| c.name.as_str());
        let clustering = t.clustering.iter().map(|c| c.column.name.as_str());
        let mut names: Vec<&str> = keys.chain(clustering).collect();
        for c in &self.columns {
            if !names.contains(&c.as_str()) {
                names.push(c);
            }
        }
        columns_selection(names)
    }
}

/// Refuses what 2.0 could not combine on one row (or on the static part).
fn combine(previous: Kind, kind: Kind) -> CqlResult<()> {
    if previous == kind {
        return Ok(());
    }
    let pair = [previous, kind];
    if pair.contains(&Kind::Exists) && pair.contains(&Kind::NotExists) {
        return Err(CqlError::invalid(
            "Cannot mix IF EXISTS and IF NOT EXISTS conditions for the same row",
        ));
    }
    // 2.0 lets IF EXISTS join column conditions (both must hold).
    if pair.contains(&Kind::Exists) && pair.contains(&Kind::Columns) {
        return Ok(());
    }
    Err(CqlError::invalid(
        "Cannot mix IF conditions and IF NOT EXISTS for the same row",
    ))
}

/// The read of the whole partition `read` is in (its clustering
/// relations dropped), to order the touched rows as 2.0 listed them.
pub fn partition_read(table: &Table, read: &Select) -> Select {
    let mut whole = read.clone();
    whole.where_clause.retain(|rel| match rel {
        Relation::Column { column, .. } => {
            matches!(table.role(column), Some(ColumnRole::PartitionKey(_)))
        }
        Relation::Token { .. } => true,
        Relation::MultiColumn { .. } => false,
    });
    whole
}

/// The rows of `partition` that some condition read (`touched`), in the
/// partition's order.
pub fn touched_rows(partition: ResultSet, touched: &[Vec<Option<Vec<u8>>>]) -> ResultSet {
    ResultSet {
        columns: partition.columns,
        rows: partition
            .rows
            .into_iter()
            .filter(|r| touched.contains(r))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::ast::{ColumnCondition, Term};
    use crate::cql::parse;
    use crate::cql::timeuuid::TimeUuidGenerator;

    fn table() -> Table {
        let Statement::CreateTable(ct) =
            parse("CREATE TABLE t (k int, c int, v text, w int, PRIMARY KEY (k, c))")
                .unwrap()
                .statement
        else {
            panic!("not a CREATE TABLE")
        };
        Table::from_create("ks", &ct).unwrap()
    }

    fn names(sel: &Selection) -> Vec<String> {
        match sel {
            Selection::Columns(cs) => cs
                .iter()
                .map(|(s, _)| match s {
                    crate::cql::ast::Selector::Column(n) => n.clone(),
                    other => panic!("{other:?}"),
                })
                .collect(),
            other => panic!("{other:?}"),
        }
    }

    fn cond(col: &str) -> Vec<ColumnCondition> {
        vec![ColumnCondition {
            column: col.into(),
            element: None,
            value: Term::Null,
            op: crate::cql::ast::ConditionOp::Eq,
        }]
    }

    fn row(c: i32) -> RowId {
        vec![Some(c.to_be_bytes().to_vec())]
    }

    #[test]
    fn reply_columns_are_the_keys_then_the_conditioned_ones() {
        let t = table();
        let mut b = BatchConditions::new(&t);
        b.add(row(1), &Conditional::Columns(&cond("w"))).unwrap();
        b.add(row(2), &Conditional::Columns(&cond("v"))).unwrap();
        b.add(row(3), &Conditional::Columns(&cond("w"))).unwrap();
        assert_eq!(names(&b.selection()), ["k", "c", "w", "v"]);
        b.add(row(4), &Conditional::NotExists).unwrap();
        assert_eq!(b.selection(), Selection::Wildcard);
    }

    #[test]
    fn contradictory_conditions_on_one_row_are_refused() {
        let t = table();
        let mut b = BatchConditions::new(&t);
        b.add(row(1), &Conditional::NotExists).unwrap();
        b.add(row(1), &Conditional::NotExists).unwrap();
        let e = b.add(row(1), &Conditional::Columns(&cond("v")));
        assert_eq!(
            e.unwrap_err().to_string(),
            "Cannot mix IF conditions and IF NOT EXISTS for the same row"
        );
        let e = b.add(row(1), &Conditional::Exists);
        assert_eq!(
            e.unwrap_err().to_string(),
            "Cannot mix IF EXISTS and IF NOT EXISTS conditions for the same row"
        );
        // Other rows, and EXISTS with column conditions, combine.
        b.add(row(2), &Conditional::Exists).unwrap();
        b.add(row(2), &Conditional::Columns(&cond("v"))).unwrap();
    }

    #[test]
    fn the_row_is_named_by_its_clustering_values() {
        let t = table();
        let Statement::Update(u) = parse("UPDATE t SET v = 'x' WHERE k = 1 AND c = ? IF w = 2")
            .unwrap()
            .statement
        else {
            panic!("not an UPDATE")
        };
        let read = super::super::read_for(&Statement::Update(u.clone()), &t, &Conditional::Exists)
            .unwrap();
        let b = BatchConditions::new(&t);
        let binds = [Some(7i32.to_be_bytes().to_vec())];
        let mut uuids = TimeUuidGenerator::new(0);
        let mut ctx = TermContext {
            binds: &binds,
            now_millis: 0,
            uuids: &mut uuids,
            values: Default::default(),
            receiver: None,
            frozen_as_v2: false,
        };
        assert_eq!(b.row_of(&read, &mut ctx).unwrap(), row(7));
        let whole = partition_read(&t, &read);
        assert_eq!(whole.where_clause.len(), 1);
    }

    #[test]
    fn only_touched_rows_are_reported_in_partition_order() {
        let rs = |rows: Vec<Vec<Option<Vec<u8>>>>| ResultSet {
            columns: Vec::new(),
            rows,
        };
        let a = vec![Some(vec![1])];
        let b = vec![Some(vec![2])];
        let c = vec![Some(vec![3])];
        let out = touched_rows(
            rs(vec![a.clone(), b.clone(), c.clone()]),
            &[c.clone(), a.clone()],
        );
        assert_eq!(out.rows, vec![a, c]);
    }
}
