//! A tuple slice, `(a, b) > (1, 2)`, over clustering columns of mixed
//! order (one ASC, one DESC) read in tuple order: the tuples greater than
//! the bound comparing each column by its own type, as 2.2.6 and 3.0.4 on
//! read it (CASSANDRA-7281). Such a set is no single slice of the
//! comparator; it is a few pieces, each "equal on a prefix of the bound,
//! then one column between bounds", which `slices` reads in comparator
//! order. Earlier releases read one slice of the comparator from the
//! bound, taking the first column's order for all (see `slices`).

use crate::cql::ast::Operator;
use crate::cql::table::Table;
use crate::cql::types::CqlType;
use std::cmp::Ordering;

/// A bound on one column's value: the value and whether it is included.
type Bound = Option<(Vec<u8>, bool)>;

/// A piece as `slices` reads it: the values it fixes after the prefix,
/// then the range on the column after them (its position and bounds, as
/// `slices::ClusteringRange`), if any.
pub(super) type Piece = (Vec<Vec<u8>>, Option<(usize, Vec<(Operator, Vec<Vec<u8>>)>)>);

/// One piece: the tuple's first columns equal to `fixed`, the next one
/// between `lower` and `upper` (in its type's order; neither: any value,
/// or nothing left when `fixed` holds every column of the tuple).
#[derive(Debug, Clone, PartialEq)]
struct Part {
    fixed: Vec<Vec<u8>>,
    lower: Bound,
    upper: Bound,
}

/// The pieces a tuple range starting at clustering column `first` reads,
/// each as the values it fixes after the prefix and the range on the
/// column after them; `None` when the range is no tuple over columns of
/// mixed order (one slice reads it).
pub(super) fn pieces(
    table: &Table,
    first: usize,
    bounds: &[(Operator, Vec<Vec<u8>>)],
) -> Option<Vec<Piece>> {
    let width = bounds.iter().map(|(_, v)| v.len()).max()?;
    let columns = table.clustering.get(first..first + width)?;
    if width < 2 || columns.iter().all(|c| c.reversed == columns[0].reversed) {
        return None;
    }
    let types: Vec<&CqlType> = columns.iter().map(|c| &c.column.ty).collect();
    let mut out: Option<Vec<Part>> = None;
    for (op, values) in bounds {
        let lower = matches!(op, Operator::Gt | Operator::Gte);
        let inclusive = matches!(op, Operator::Gte | Operator::Lte);
        let mine = of_bound(values, lower, inclusive);
        out = Some(match out {
            None => mine,
            Some(theirs) => theirs
                .iter()
                .flat_map(|a| mine.iter().filter_map(|b| intersect(&types, a, b)))
                .collect(),
        });
    }
    Some(
        out?.into_iter()
            .map(|p| {
                let at = first + p.fixed.len();
                let mut ops = Vec::new();
                if let Some((v, inc)) = p.lower {
                    ops.push((if inc { Operator::Gte } else { Operator::Gt }, vec![v]));
                }
                if let Some((v, inc)) = p.upper {
                    ops.push((if inc { Operator::Lte } else { Operator::Lt }, vec![v]));
                }
                let range = (!ops.is_empty()).then_some((at, ops));
                (p.fixed, range)
            })
            .collect(),
    )
}

/// The tuples on one side of `values`: for each column, those equal to
/// the bound before it and beyond it on it; the bound itself if included.
fn of_bound(values: &[Vec<u8>], lower: bool, inclusive: bool) -> Vec<Part> {
    let mut out: Vec<Part> = (0..values.len())
        .map(|j| {
            let b = Some((values[j].clone(), false));
            Part {
                fixed: values[..j].to_vec(),
                lower: if lower { b.clone() } else { None },
                upper: if lower { None } else { b },
            }
        })
        .collect();
    if inclusive {
        out.push(Part {
            fixed: values.to_vec(),
            lower: None,
            upper: None,
        });
    }
    out
}

/// Whether `v` lies within `lower` and `upper` in `ty`'s order.
fn within(ty: &CqlType, v: &[u8], lower: &Bound, upper: &Bound) -> bool {
    let above = lower
        .as_ref()
        .is_none_or(|(l, inc)| match ty.compare(v, l) {
            Ordering::Greater => true,
            Ordering::Equal => *inc,
            Ordering::Less => false,
        });
    let below = upper
        .as_ref()
        .is_none_or(|(u, inc)| match ty.compare(v, u) {
            Ordering::Less => true,
            Ordering::Equal => *inc,
            Ordering::Greater => false,
        });
    above && below
}

/// The tighter of two bounds on one side (`lower`: the greater).
fn tighter(ty: &CqlType, a: &Bound, b: &Bound, lower: bool) -> Bound {
    match (a, b) {
        (None, x) | (x, None) => x.clone(),
        (Some((x, xi)), Some((y, yi))) => {
            let o = ty.compare(x, y);
            let o = if lower { o } else { o.reverse() };
            Some(match o {
                Ordering::Greater => (x.clone(), *xi),
                Ordering::Less => (y.clone(), *yi),
                Ordering::Equal => (x.clone(), *xi && *yi),
            })
        }
    }
}

/// The tuples in both pieces, if any.
fn intersect(types: &[&CqlType], a: &Part, b: &Part) -> Option<Part> {
    let (short, long) = match a.fixed.len() <= b.fixed.len() {
        true => (a, b),
        false => (b, a),
    };
    let k = short.fixed.len();
    if long.fixed[..k] != short.fixed[..] {
        return None;
    }
    if k < long.fixed.len() {
        // The longer fixes the shorter's ranged column: it must lie in it.
        return within(types[k], &long.fixed[k], &short.lower, &short.upper).then(|| long.clone());
    }
    if k == types.len() {
        return Some(long.clone());
    }
    let lower = tighter(types[k], &a.lower, &b.lower, true);
    let upper = tighter(types[k], &a.upper, &b.upper, false);
    if let (Some((l, li)), Some((u, ui))) = (&lower, &upper) {
        match types[k].compare(l, u) {
            Ordering::Greater => return None,
            Ordering::Equal if !(*li && *ui) => return None,
            _ => {}
        }
    }
    Some(Part {
        fixed: long.fixed.clone(),
        lower,
        upper,
    })
}

#[cfg(test)]
#[path = "tuple_order_tests.rs"]
mod tests;
