//! The clustering columns' relations (without a tuple relation, which
//! `multi_column` merges): the prefix EQ/IN name, the slice after it, and
//! each release's refusal of a restriction out of order. It must not
//! read the partition key.

use super::super::*;
use super::ColumnRelation;

/// What the clustering relations ask for.
pub(in super::super) struct ClusteringPlan {
    /// The prefixes the EQ/IN relations of the leading clustering
    /// columns name (a single prefix, empty, where none).
    pub(in super::super) prefixes: Vec<Vec<Vec<u8>>>,
    /// The slice on the column after them, if any.
    pub(in super::super) range: Option<ClusteringRange>,
    /// Every relation, also checked on each row.
    pub(in super::super) filters: Vec<Filter>,
}

/// Clustering: EQ on a prefix, then at most one slice; where a tuple
/// relation is present, as `multi_column` merged them.
pub(in super::super) fn clustering_of(
    table: &Table,
    clus: &[Vec<ColumnRelation>],
    tuples: Option<&multi_column::Clustering>,
    collection_selected: bool,
    filtered: bool,
    rules: &SelectRules,
) -> CqlResult<ClusteringPlan> {
    if let Some(t) = tuples {
        return t.plan(table, rules);
    }
    let mut eq_prefix: Vec<Vec<Vec<u8>>> = Vec::new();
    let mut range: Option<ClusteringRange> = None;
    let mut filters: Vec<Filter> = Vec::new();
    // 3.6's filtering (`filtered`): the restrictions from a column left
    // out, or from the one after a slice, only filter the rows read.
    let filtered_from = |from: usize, filters: &mut Vec<Filter>| {
        for (j, rels) in clus.iter().enumerate().skip(from) {
            for (op, vals) in rels {
                filters.push(Filter {
                    column: table.clustering[j].column.name.clone(),
                    op: *op,
                    values: vals.clone(),
                });
            }
        }
    };
    // 2.2 checked first that no restricted column came after a slice
    // (`validateClusteringRestrictions`), naming the slice's column.
    if rules.words == rules::Words::V22 && !filtered {
        let restricted = clus.iter().enumerate().filter(|(_, r)| !r.is_empty());
        let mut previous: Option<(usize, &Vec<ColumnRelation>)> = None;
        for (i, rels) in restricted {
            if let Some((p, prels)) = previous {
                if !matches!(prels.as_slice(), [(Operator::Eq | Operator::In, _)]) {
                    return Err(rules.preceding_slice(
                        &table.clustering[i].column.name,
                        &table.clustering[p].column.name,
                    ));
                }
            }
            previous = Some((i, rels));
        }
    }
    for (i, rels) in clus.iter().enumerate() {
        if filtered && (rels.is_empty() || range.is_some()) {
            filtered_from(i, &mut filters);
            break;
        }
        if rels.is_empty() {
            if let Some(j) = clus[i + 1..].iter().position(|r| !r.is_empty()) {
                // 2.2 named the first column left out, 1.2 to 2.1 the one
                // just before the restricted one.
                let preceding = match rules.words {
                    rules::Words::V22 => i,
                    _ => i + j,
                };
                return Err(rules.preceding_unrestricted(
                    &table.clustering[i + 1 + j].column.name,
                    &table.clustering[preceding].column.name,
                ));
            }
            break;
        }
        let name = &table.clustering[i].column.name;
        for (op, vals) in rels {
            filters.push(Filter {
                column: name.clone(),
                op: *op,
                values: vals.clone(),
            });
        }
        if let [(op @ (Operator::Eq | Operator::In), vals)] = rels.as_slice() {
            if *op == Operator::In
                && rules.in_refused_off_last(vals.len())
                && i + 1 != table.clustering.len()
                && range.is_none()
            {
                return Err(rules.in_not_last(name));
            }
            if *op == Operator::In && collection_selected {
                if let Some(e) = rules.in_with_collection(name, vals.len()) {
                    return Err(e);
                }
            }
            if range.is_some() {
                return Err(rules.preceding_slice(name, &table.clustering[i - 1].column.name));
            }
            eq_prefix.push(vals.clone());
            continue;
        }
        if rels
            .iter()
            .any(|(op, _)| matches!(op, Operator::Eq | Operator::In))
        {
            return Err(invalid(format!(
                "{name} cannot be restricted by more than one relation if it includes an Equal"
            )));
        }
        twice_bounded(name, rels, rules)?;
        if range.is_some() {
            return Err(rules.preceding_slice(name, &table.clustering[i - 1].column.name));
        }
        range = Some((
            i,
            rels.iter()
                .map(|(op, v)| (*op, vec![v[0].clone()]))
                .collect(),
        ));
    }
    let prefixes = cartesian(&eq_prefix);
    // A COMPACT table's one clustering value is the cell's whole name.
    let names_read = range.is_none() && eq_prefix.len() == table.clustering.len();
    if let (true, Layout::CompactDense, [_], Some(refusal)) = (
        names_read,
        table.layout,
        table.clustering.as_slice(),
        rules.empty_compact_name,
    ) {
        if prefixes.iter().any(|p| p.iter().all(Vec::is_empty)) {
            return Err(invalid(refusal));
        }
    }
    Ok(ClusteringPlan {
        prefixes,
        range,
        filters,
    })
}

/// A clustering column's second bound on one side (`c > 1 AND c > 2`): 1.2's
/// `Restriction.Slice.setBound` refused it in words of its own, 2.0's
/// `SingleColumnRestriction.Slice.setBound` named the side, 2.1 on (then
/// the restrictions' `mergeWith`) the side and the column.
fn twice_bounded(name: &str, rels: &[ColumnRelation], rules: &SelectRules) -> CqlResult<()> {
    for (side, ops) in [
        ("start", [Operator::Gt, Operator::Gte]),
        ("end", [Operator::Lt, Operator::Lte]),
    ] {
        if rels.iter().filter(|(op, _)| ops.contains(op)).count() > 1 {
            return Err(invalid(match (rules.words, rules.tuples) {
                (rules::Words::V12 | rules::Words::V11, _) => {
                    format!("Invalid restrictions found on {name}")
                }
                (_, rules::Tuples::V20) => {
                    format!("More than one restriction was found for the {side} bound")
                }
                _ => format!("More than one restriction was found for the {side} bound on {name}"),
            }));
        }
    }
    Ok(())
}
