//! Primary-key values named by a write's WHERE clause (or an INSERT's
//! key columns): which partitions and which clustering prefixes it hits.
//!
//! Owns the 1.2 checks on those relations (only `=` and `IN`, every part
//! given) and the cartesian expansion of IN lists. It must not build names.

use super::super::ast::{Operator, Relation, Term};
use super::super::error::{CqlError, CqlResult};
use super::super::table::{ColumnRole, Table};
use super::super::types::{CqlType, CqlValue};
use super::context::WriteContext;
use super::values::{eval, eval_scalar};

/// Key values from a WHERE clause: per partition-key column and per
/// clustering column, the list of values (`=` gives one, `IN` several).
pub(super) struct KeyRestrictions {
    pub partition: Vec<Vec<Vec<u8>>>,
    pub clustering: Vec<Vec<Vec<u8>>>,
}

pub(super) fn key_values(
    table: &Table,
    where_clause: &[Relation],
    ctx: &mut WriteContext,
) -> CqlResult<KeyRestrictions> {
    let mut partition = vec![Vec::new(); table.partition_key.len()];
    let mut clustering = vec![Vec::new(); table.clustering.len()];
    let clustering_in = ctx.clustering_in;
    let mut tctx = ctx.terms();
    let where_clause = tuples_as_columns(where_clause, tctx.values)?;
    // 3.0's writes met their relations in `StatementRestrictions` as a
    // SELECT did; 2.2's refused a `!=` as any other operator of a key.
    let as_restrictions = tctx.values >= super::ValueRules::Since30;
    for rel in where_clause.iter() {
        if let Some(e) = super::refused_relations::refused(rel).filter(|_| as_restrictions) {
            return Err(e);
        }
        if let Relation::Column {
            column,
            op: Operator::Like,
            value,
        } = rel
        {
            return Err(super::refused_relations::like_unindexed(column, value));
        }
        let Relation::Column { column, op, value } = rel else {
            return Err(CqlError::invalid("The token function cannot be used in WHERE clauses for UPDATE and DELETE statements"));
        };
        let role = table.role(column).ok_or_else(|| unknown_key(column))?;
        let (slot, ty) = match role {
            ColumnRole::PartitionKey(i) => (&mut partition[i], &table.partition_key[i].ty),
            ColumnRole::Clustering(i) => (&mut clustering[i], &table.clustering[i].column.ty),
            ColumnRole::Regular(_) => {
                return Err(CqlError::invalid(format!(
                    "Non PRIMARY KEY {column} found in where clause"
                )))
            }
        };
        if !slot.is_empty() {
            return Err(CqlError::invalid(format!(
                "Multiple definitions found for PRIMARY KEY part {column}"
            )));
        }
        if *op == Operator::In && !clustering_in && matches!(role, ColumnRole::Clustering(_)) {
            return Err(CqlError::invalid(format!(
                "Invalid operator IN for PRIMARY KEY part {column}"
            )));
        }
        let terms = match (op, value) {
            (Operator::Eq, t) => vec![t.clone()],
            (Operator::In, Term::List(items)) => items.clone(),
            (Operator::In, t @ Term::Bind(_)) => {
                let l = CqlType::List(Box::new(ty.clone()));
                match eval(t, &l, column, &mut tctx)? {
                    CqlValue::List(items) => {
                        slot.extend(items);
                        continue;
                    }
                    _ => {
                        return Err(CqlError::invalid(format!(
                            "Invalid null value for IN restriction on {column}"
                        )))
                    }
                }
            }
            _ => {
                return Err(CqlError::invalid(format!(
                    "Invalid operator {} for PRIMARY KEY part {column}",
                    op.symbol()
                )))
            }
        };
        // 2.2 checked a statement's keys as its restrictions.
        let since_22 = tctx.values >= super::ValueRules::Since22;
        // Before, `buildPartitionKeyNames` and the clustering prefix's
        // builder each named their part.
        let part = match role {
            ColumnRole::PartitionKey(_) => "partition",
            _ => "clustering",
        };
        let null = || match since_22 {
            true => format!("Invalid null value in condition for column {column}"),
            false => format!("Invalid null value for {part} key part {column}"),
        };
        let receiver = super::values::column_receiver(table, column, tctx.values);
        for t in terms {
            let v = super::values::with_receiver(&mut tctx, receiver.clone(), |c| {
                eval_scalar(&t, ty, column, c)
            })?
            .ok_or_else(|| CqlError::invalid(null()))?;
            slot.push(v);
        }
    }
    Ok(KeyRestrictions {
        partition,
        clustering,
    })
}

/// A modification's tuple relations: refused before 3.0
/// (`ModificationStatement.processWhereClause`); from 3.0 (its
/// `StatementRestrictions`) a tuple's equality is one of each of its
/// columns, any other operator refused as a column's would be.
fn tuples_as_columns(
    where_clause: &[Relation],
    values: super::ValueRules,
) -> CqlResult<std::borrow::Cow<'_, [Relation]>> {
    if !where_clause
        .iter()
        .any(|r| matches!(r, Relation::MultiColumn { .. }))
    {
        return Ok(std::borrow::Cow::Borrowed(where_clause));
    }
    let mut out = Vec::with_capacity(where_clause.len());
    for rel in where_clause {
        let Relation::MultiColumn { columns, op, value } = rel else {
            out.push(rel.clone());
            continue;
        };
        if values < super::ValueRules::Since30 {
            return Err(CqlError::invalid(format!(
                "Multi-column relations cannot be used in WHERE clauses for UPDATE and DELETE \
                 statements: {}",
                Relation::multi_written(columns, *op, value)
            )));
        }
        let items = tuple_items(columns, *op, value, *op == Operator::Eq)?;
        for (column, item) in columns.iter().zip(items) {
            out.push(Relation::Column {
                column: column.clone(),
                op: Operator::Eq,
                value: item.clone(),
            });
        }
    }
    Ok(std::borrow::Cow::Owned(out))
}

/// The items of a multi-column relation's tuple, one per column, refused
/// in 3.0's words unless `value` is a tuple, `op` one the caller takes
/// (`op_fits`) and the items as many as the columns.
pub(super) fn tuple_items<'a>(
    columns: &[String],
    op: Operator,
    value: &'a Term,
    op_fits: bool,
) -> CqlResult<&'a [Term]> {
    let items = match value {
        Term::Tuple(items) if op_fits => items,
        _ => {
            return Err(CqlError::invalid(format!(
                "Invalid operator {} for PRIMARY KEY part {}",
                op.symbol(),
                columns[0]
            )))
        }
    };
    if items.len() != columns.len() {
        return Err(CqlError::invalid(format!(
            "Expected {} elements in value tuple, but got {}: {}",
            columns.len(),
            items.len(),
            value.as_written()
        )));
    }
    Ok(items)
}

pub(super) fn cartesian(lists: &[Vec<Vec<u8>>]) -> Vec<Vec<Vec<u8>>> {
    let mut out: Vec<Vec<Vec<u8>>> = vec![Vec::new()];
    for l in lists {
        out = out
            .iter()
            .flat_map(|prefix| {
                l.iter().map(move |v| {
                    let mut p = prefix.clone();
                    p.push(v.clone());
                    p
                })
            })
            .collect();
    }
    out
}

/// An UPDATE's or DELETE's refusal of a WHERE column the table lacks.
pub(super) fn unknown_key(column: &str) -> CqlError {
    CqlError::invalid(format!("Unknown key identifier {column}"))
}

pub(super) fn require_all(
    table: &Table,
    k: &KeyRestrictions,
    clustering_needed: usize,
) -> CqlResult<()> {
    for (i, vals) in k.partition.iter().enumerate() {
        if vals.is_empty() {
            return Err(missing_key(format!(
                "Missing mandatory PRIMARY KEY part {}",
                table.partition_key[i].name
            )));
        }
    }
    for (i, vals) in k.clustering.iter().enumerate().take(clustering_needed) {
        if vals.is_empty() {
            return Err(missing_key(format!(
                "Missing mandatory PRIMARY KEY part {}",
                table.clustering[i].column.name
            )));
        }
    }
    Ok(())
}

/// Until 3.0 a modification learnt that a PRIMARY KEY part was missing
/// only as it built the row's key from the bound values (1.2's
/// `UpdateStatement.buildColumnNames`, 2.x's
/// `ModificationStatement.buildPartitionKeyNames` / `createClusteringPrefix`),
/// so preparing such a statement succeeded: these errors all begin "Missing".
pub(super) fn missing_key(message: String) -> CqlError {
    debug_assert!(message.starts_with(MISSING_KEY));
    CqlError::Invalid(message)
}

const MISSING_KEY: &str = "Missing ";

/// Whether `e` is one of the [`missing_key`] errors.
pub fn is_missing_key(e: &CqlError) -> bool {
    matches!(e, CqlError::Invalid(m) if m.starts_with(MISSING_KEY) && m.contains("PRIMARY KEY part"))
}

/// Every release learnt that a COMPACT table's write named no value column
/// only as it built the row's cells (1.2 to 2.2's `UpdateStatement`'s
/// `mutationForKey`/`addUpdateForKey`, 3.x's `addUpdateForKey`), so
/// preparing such a write succeeded and running it failed.
pub(super) fn compact_value_missing(column: &str) -> CqlError {
    CqlError::Invalid(format!("Column {column}{COMPACT_VALUE_MISSING}"))
}

const COMPACT_VALUE_MISSING: &str = " is mandatory for this COMPACT STORAGE table";

/// Whether `e` is the [`compact_value_missing`] error.
pub fn is_compact_value_missing(e: &CqlError) -> bool {
    matches!(e, CqlError::Invalid(m) if m.starts_with("Column ") && m.ends_with(COMPACT_VALUE_MISSING))
}

/// A key's frozen collections (tuples, user types) checked by their
/// validators, as 2.1 checked every written key (`ThriftValidation.
/// validateKey`) and read one (`SelectStatement.validateKey`): a frozen
/// literal in the u16 form over Thrift fails there, refused with the
/// validator's text (`CqlError::Invalid`, the caller words it), or, where
/// the v3 reading met an element's length past the end, failed on the
/// server ([`crate::marshal::v3_collection_overruns`]).
pub(super) fn frozen_keys_valid(table: &Table, values: &[Vec<u8>]) -> CqlResult<()> {
    for (c, v) in table.partition_key.iter().zip(values) {
        if !matches!(
            c.ty,
            CqlType::Frozen(_) | CqlType::Tuple(_) | CqlType::User(_)
        ) {
            continue;
        }
        let Err(e) = c.ty.marshal().validate(v) else {
            continue;
        };
        let elements = match &c.ty {
            CqlType::Frozen(inner) => match inner.as_ref() {
                CqlType::Map(k, t) => vec![k.marshal(), t.marshal()],
                CqlType::List(t) | CqlType::Set(t) => vec![t.marshal()],
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        if crate::marshal::v3_collection_overruns(v, &elements) {
            return Err(CqlError::Failed(format!(
                "IllegalArgumentException reading the frozen key of {}",
                c.name
            )));
        }
        return Err(CqlError::invalid(e.0));
    }
    Ok(())
}
