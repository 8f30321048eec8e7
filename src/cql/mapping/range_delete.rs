//! 3.0's DELETE of a range of CQL rows: after an EQ (or IN) on every
//! partition key part and on a prefix of the clustering columns, a slice
//! (`>`, `>=`, `<`, `<=`) of the next clustering column deleted the rows
//! it held with one range tombstone (`DeleteStatement.addUpdateForKey` of
//! a `Slice`, CASSANDRA-6237); before, every relation on a key column was
//! an EQ or an IN.
//!
//! A multi-column slice of the leading clustering columns (`(a, b) < (2, 1)`,
//! 3.0's `MultiColumnRestriction.SliceRestriction`) deletes the rows its
//! tuple bounds hold the same way.
//!
//! Owns those relations' checks in 3.0's words (`StatementRestrictions`,
//! `SliceRestriction`) and the tombstone's bounds; the partition and the
//! prefix are `keys`'s. It must not apply anything.

use super::super::ast::{Delete, Operator, Relation, Term};
use super::super::error::{CqlError, CqlResult};
use super::super::table::{ColumnRole, Layout, Table};
use super::context::WriteContext;
use super::keys::{require_all, tuple_items, KeyRestrictions};
use super::names::slice_bound;
use super::value_rules::ValueRules;
use super::values::eval_scalar;
use crate::marshal::Eoc;

/// A slice of one clustering column, or of a tuple of the leading ones.
#[derive(Debug, Default)]
pub(super) struct ClusteringSlice {
    /// The (first) sliced column's position among the clustering columns.
    column: usize,
    /// The lower bound (a value per sliced column) and whether it is included.
    lower: Option<(Vec<Vec<u8>>, bool)>,
    /// The upper bound and whether it is included.
    upper: Option<(Vec<Vec<u8>>, bool)>,
}

fn is_slice(op: Operator) -> bool {
    matches!(
        op,
        Operator::Gt | Operator::Gte | Operator::Lt | Operator::Lte
    )
}

/// Whether `table` takes a range deletion here: its rows are named by
/// composites (a COMPACT table of one clustering column names them by the
/// bare value, whose exclusive bounds this does not make).
pub(super) fn takes_ranges(table: &Table) -> bool {
    match table.layout {
        Layout::CompactDense => table.clustering.len() > 1,
        _ => !table.clustering.is_empty(),
    }
}

/// 3.0's refusal of a DELETE of columns that names a range of rows
/// (`DeleteStatement.addUpdateForKey`).
pub(super) fn of_columns() -> CqlError {
    CqlError::invalid("Range deletions are not supported for specific columns")
}

/// `where_clause` split into its other relations and (3.0 on, where the
/// table [`takes_ranges`]) its slices of clustering columns; `None` where
/// it has no such slice (nothing copied: the common DELETE).
pub(super) fn split(
    table: &Table,
    where_clause: &[Relation],
    ctx: &WriteContext,
) -> Option<(Vec<Relation>, Vec<Relation>)> {
    let clustering = |c: &String| matches!(table.role(c), Some(ColumnRole::Clustering(_)));
    let slice = |r: &Relation| match r {
        Relation::Column { column, op, .. } => is_slice(*op) && clustering(column),
        Relation::MultiColumn { columns, op, .. } => {
            is_slice(*op) && columns.iter().all(clustering) && !any_reversed(table, columns)
        }
        _ => false,
    };
    if ctx.values < ValueRules::Since30 || !takes_ranges(table) || !where_clause.iter().any(slice) {
        return None;
    }
    Some(where_clause.iter().cloned().partition(|r| !slice(r)))
}

/// The slice `slices` make, checked against the EQ prefix of `keys` (the
/// whole partition key first), with the length of that prefix.
pub(super) fn slice_of(
    table: &Table,
    del: &Delete,
    slices: &[Relation],
    keys: &KeyRestrictions,
    ctx: &mut WriteContext,
) -> CqlResult<(usize, ClusteringSlice)> {
    require_all(table, keys, 0)?;
    let given = keys.clustering.iter().take_while(|v| !v.is_empty()).count();
    let name = |i: usize| table.clustering[i].column.name.as_str();
    let mut slice = ClusteringSlice {
        column: given,
        ..ClusteringSlice::default()
    };
    let mut tctx = ctx.terms();
    for rel in slices {
        if let Relation::MultiColumn { columns, op, value } = rel {
            let bound = tuple_bound(table, columns, *op, value, keys, &mut tctx)?;
            set_bound(&mut slice, *op, bound, &columns[0])?;
            continue;
        }
        let Relation::Column { column, op, value } = rel else {
            continue;
        };
        let Some(ColumnRole::Clustering(i)) = table.role(column) else {
            continue;
        };
        if slices
            .iter()
            .any(|r| matches!(r, Relation::MultiColumn { .. }))
        {
            return Err(mixing());
        }
        if i != given {
            return Err(match i > given {
                true => preceding_unrestricted(column, name(given)),
                false => CqlError::invalid(format!(
                    "Clustering column \"{}\" cannot be restricted (preceding column \"{column}\" \
                     is restricted by a non-EQ relation)",
                    name(given)
                )),
            });
        }
        let ty = &table.clustering[i].column.ty;
        let v = eval_scalar(value, ty, column, &mut tctx)?.ok_or_else(|| {
            CqlError::invalid(format!(
                "Invalid null value in condition for column {column}"
            ))
        })?;
        set_bound(&mut slice, *op, vec![v], column)?;
    }
    // An EQ after the sliced column.
    if let Some(after) =
        (given + 1..table.clustering.len()).find(|&i| !keys.clustering[i].is_empty())
    {
        return Err(CqlError::invalid(format!(
            "Clustering column \"{}\" cannot be restricted (preceding column \"{}\" is restricted \
             by a non-EQ relation)",
            name(after),
            name(given)
        )));
    }
    if !del.columns.is_empty() {
        return Err(of_columns());
    }
    Ok((given, slice))
}

/// `op`'s bound of `slice` set to `v`, once per side.
fn set_bound(
    slice: &mut ClusteringSlice,
    op: Operator,
    v: Vec<Vec<u8>>,
    column: &str,
) -> CqlResult<()> {
    let (slot, bound) = match op {
        Operator::Gt | Operator::Gte => (&mut slice.lower, "start"),
        _ => (&mut slice.upper, "end"),
    };
    if slot.is_some() {
        return Err(CqlError::invalid(format!(
            "More than one restriction was found for the {bound} bound on {column}"
        )));
    }
    *slot = Some((v, matches!(op, Operator::Gte | Operator::Lte)));
    Ok(())
}

/// Whether a tuple names a descending column: its slice is not one range of
/// the names (left to the refusal of a tuple's other operators).
fn any_reversed(table: &Table, columns: &[String]) -> bool {
    columns.iter().any(|c| {
        table
            .clustering
            .iter()
            .any(|k| k.reversed && &k.column.name == c)
    })
}

fn mixing() -> CqlError {
    CqlError::invalid(
        "Mixing single column relations and multi column relations on clustering columns is not \
         allowed",
    )
}

/// A tuple slice's values, checked as 3.0's `MultiColumnRelation` was: the
/// leading clustering columns in order, no single-column relation beside it,
/// one value per column.
fn tuple_bound(
    table: &Table,
    columns: &[String],
    op: Operator,
    value: &Term,
    keys: &KeyRestrictions,
    tctx: &mut super::values::TermContext,
) -> CqlResult<Vec<Vec<u8>>> {
    let written = || Relation::multi_written(columns, op, value);
    let in_order = columns
        .iter()
        .enumerate()
        .all(|(i, c)| table.clustering.get(i).is_some_and(|k| &k.column.name == c));
    if !in_order {
        return Err(CqlError::invalid(format!(
            "Clustering columns must appear in the PRIMARY KEY order in multi-column relations: {}",
            written()
        )));
    }
    // A column of the tuple already restricted by EQ is refused as the
    // restrictions merged; a single-column relation on another, as mixing.
    if let Some(c) = columns
        .iter()
        .enumerate()
        .find(|(i, _)| !keys.clustering[*i].is_empty())
    {
        return Err(CqlError::invalid(format!(
            "{} cannot be restricted by more than one relation if it includes an Equal",
            c.1
        )));
    }
    if keys.clustering.iter().any(|v| !v.is_empty()) {
        return Err(mixing());
    }
    let items = tuple_items(columns, op, value, true)?;
    let mut out = Vec::with_capacity(items.len());
    for (i, (column, item)) in columns.iter().zip(items).enumerate() {
        let ty = &table.clustering[i].column.ty;
        let v = eval_scalar(item, ty, column, tctx)?.ok_or_else(|| {
            CqlError::invalid(format!(
                "Invalid null value in condition for column {column}"
            ))
        })?;
        out.push(v);
    }
    Ok(out)
}

fn preceding_unrestricted(column: &str, preceding: &str) -> CqlError {
    CqlError::invalid(format!(
        "PRIMARY KEY column \"{column}\" cannot be restricted as preceding column \"{preceding}\" \
         is not restricted"
    ))
}

/// The range tombstone's `[start, end]` deleting the rows of `prefix` (the
/// EQ values before the sliced column) the slice holds. A descending
/// column's names sort the other way: its lower bound ends the range.
pub(super) fn bounds(
    table: &Table,
    prefix: &[Vec<u8>],
    slice: &ClusteringSlice,
) -> CqlResult<(Vec<u8>, Vec<u8>)> {
    let reversed = table.clustering[slice.column].reversed;
    let (first, last) = match reversed {
        false => (&slice.lower, &slice.upper),
        true => (&slice.upper, &slice.lower),
    };
    let with = |v: &[Vec<u8>]| {
        let mut parts = prefix.to_vec();
        parts.extend(v.iter().cloned());
        parts
    };
    let start = match first {
        Some((v, included)) => slice_bound(
            table,
            &with(v),
            if *included { Eoc::Start } else { Eoc::End },
        )?,
        // The partition's rows begin here, after its static cells.
        None if prefix.is_empty() => slice_bound(table, &[Vec::new()], Eoc::Start)?,
        None => slice_bound(table, prefix, Eoc::Start)?,
    };
    let end = match last {
        Some((v, included)) => slice_bound(
            table,
            &with(v),
            if *included { Eoc::End } else { Eoc::Start },
        )?,
        None => slice_bound(table, prefix, Eoc::End)?,
    };
    Ok((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::ast::Statement;
    use crate::marshal::CompositeType;

    fn table(cql: &str) -> Table {
        let Statement::CreateTable(ct) = crate::cql::parse(cql).unwrap().statement else {
            panic!("{cql}")
        };
        Table::from_create("ks", &ct).unwrap()
    }

    fn int(n: i32) -> Vec<u8> {
        n.to_be_bytes().to_vec()
    }

    fn name(parts: &[Vec<u8>]) -> Vec<u8> {
        let mut b = crate::marshal::CompositeBuilder::new();
        for p in parts {
            b = b.push(p).unwrap();
        }
        b.build(Eoc::None)
    }

    fn holds(t: &Table, (start, end): &(Vec<u8>, Vec<u8>), n: &[u8]) -> bool {
        let cmp = CompositeType::new(
            t.clustering
                .iter()
                .map(|c| {
                    let ty = c.column.ty.marshal();
                    match c.reversed {
                        true => crate::marshal::parse_type(&format!(
                            "ReversedType({})",
                            ty.class_name()
                        ))
                        .unwrap(),
                        false => ty,
                    }
                })
                .chain([crate::marshal::parse_type("UTF8Type").unwrap()])
                .collect(),
        );
        use crate::marshal::AbstractType;
        (start.is_empty() || cmp.compare(n, start).is_ge())
            && (end.is_empty() || cmp.compare(n, end).is_le())
    }

    #[test]
    fn a_slice_after_the_prefix_bounds_its_rows() {
        let t = table("CREATE TABLE m (k text, a int, b int, v text, PRIMARY KEY (k, a, b))");
        let cell = |a, b| name(&[int(a), int(b), b"v".to_vec()]);
        let gt = ClusteringSlice {
            column: 1,
            lower: Some((vec![int(5)], false)),
            upper: None,
        };
        let r = bounds(&t, &[int(1)], &gt).unwrap();
        assert!(holds(&t, &r, &cell(1, 6)));
        assert!(!holds(&t, &r, &cell(1, 5)));
        assert!(!holds(&t, &r, &cell(2, 6)));
        let le = ClusteringSlice {
            column: 0,
            lower: None,
            upper: Some((vec![int(3)], true)),
        };
        let r = bounds(&t, &[], &le).unwrap();
        assert!(holds(&t, &r, &cell(3, 9)));
        assert!(holds(&t, &r, &cell(-1, 0)));
        assert!(!holds(&t, &r, &cell(4, 0)));
    }

    #[test]
    fn a_tuple_slice_bounds_the_leading_columns() {
        let t = table("CREATE TABLE m (k text, a int, b int, v text, PRIMARY KEY (k, a, b))");
        let cell = |a, b| name(&[int(a), int(b), b"v".to_vec()]);
        let lt = ClusteringSlice {
            column: 0,
            lower: None,
            upper: Some((vec![int(2), int(1)], false)),
        };
        let r = bounds(&t, &[], &lt).unwrap();
        assert!(holds(&t, &r, &cell(1, 9)));
        assert!(holds(&t, &r, &cell(2, 0)));
        assert!(!holds(&t, &r, &cell(2, 1)));
        assert!(!holds(&t, &r, &cell(3, 0)));
    }

    #[test]
    fn a_descending_column_swaps_the_bounds() {
        let t = table(
            "CREATE TABLE m (k text, a int, v text, PRIMARY KEY (k, a)) \
             WITH CLUSTERING ORDER BY (a DESC)",
        );
        let cell = |a| name(&[int(a), b"v".to_vec()]);
        let ge = ClusteringSlice {
            column: 0,
            lower: Some((vec![int(5)], true)),
            upper: Some((vec![int(8)], false)),
        };
        let r = bounds(&t, &[], &ge).unwrap();
        assert!(holds(&t, &r, &cell(5)));
        assert!(holds(&t, &r, &cell(7)));
        assert!(!holds(&t, &r, &cell(8)));
        assert!(!holds(&t, &r, &cell(4)));
    }

    #[test]
    fn takes_ranges_of_composite_names_only() {
        assert!(takes_ranges(&table(
            "CREATE TABLE m (k int, a int, v int, PRIMARY KEY (k, a))"
        )));
        assert!(!takes_ranges(&table(
            "CREATE TABLE c (k int, a int, v int, PRIMARY KEY (k, a)) WITH COMPACT STORAGE"
        )));
        assert!(!takes_ranges(&table(
            "CREATE TABLE p (k int PRIMARY KEY, v int)"
        )));
    }
}
