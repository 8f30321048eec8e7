//! 2.0's multi-column (tuple) relations on clustering columns, `(a, b) >
//! (1, 0)`, `(a, b) = ?`, `(a, b) IN ((0, 1), (2, 0))`, and the single-column
//! relations on clustering columns beside them: each release's merging of
//! the restrictions column by column (2.0's and 2.1's `columnRestrictions`
//! array, 2.2's and 3.x's `RestrictionSet`), their refusals in the release's
//! words, and what the merged restrictions read (`ClusteringPlan`: the
//! clustering prefixes, each once, and the slice after them). Used only
//! where a tuple relation is present: the single-column path
//! (`where_clause::clustering`) is the one without.

mod values;

use self::values::{tuple_values, Values};
use super::rules::{SelectRules, Tuples};
use super::slices::ClusteringRange;
use super::where_clause::ClusteringPlan;
use crate::cql::ast::{Operator, Relation, Term};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::values::TermContext;
use crate::cql::table::{ColumnRole, Table};

fn invalid(msg: impl Into<String>) -> CqlError {
    CqlError::invalid(msg)
}

/// A slice's bound: inclusive or not, and its components from the slice's
/// first column on.
type SliceBound = Option<(bool, Vec<Vec<u8>>)>;

/// What one restriction holds.
#[derive(Debug, Clone, PartialEq)]
enum Kind {
    /// One value per column.
    Eq(Vec<Vec<u8>>),
    /// Tuples of one value per column (a single column's: of one).
    In(Vec<Vec<Vec<u8>>>),
    Slice {
        start: SliceBound,
        end: SliceBound,
    },
}

/// One restriction on clustering columns (their positions, in order).
#[derive(Debug, Clone, PartialEq)]
struct Restriction {
    columns: Vec<usize>,
    multi: bool,
    kind: Kind,
}

impl Restriction {
    fn is_slice(&self) -> bool {
        matches!(self.kind, Kind::Slice { .. })
    }
    fn has_start(&self) -> bool {
        matches!(self.kind, Kind::Slice { start: Some(_), .. })
    }
    fn has_end(&self) -> bool {
        matches!(self.kind, Kind::Slice { end: Some(_), .. })
    }
    fn first(&self) -> usize {
        self.columns[0]
    }
}

/// The clustering columns' restrictions as the release kept them: per
/// column, the restriction it is in.
#[derive(Debug, Clone, Default)]
pub(super) struct Clustering {
    restrictions: Vec<Restriction>,
    at: Vec<Option<usize>>,
}

fn name(table: &Table, i: usize) -> &str {
    &table.clustering[i].column.name
}

fn is_bound_op(op: Operator, start: bool) -> bool {
    match start {
        true => matches!(op, Operator::Gt | Operator::Gte),
        false => matches!(op, Operator::Lt | Operator::Lte),
    }
}

impl Clustering {
    pub(super) fn new(table: &Table) -> Clustering {
        Clustering {
            restrictions: Vec::new(),
            at: vec![None; table.clustering.len()],
        }
    }

    /// A single-column relation on clustering column `i`, its values
    /// evaluated (2.0's `updateSingleColumnRestriction`, 2.2's merge).
    pub(super) fn single(
        &mut self,
        table: &Table,
        i: usize,
        op: Operator,
        values: Vec<Vec<u8>>,
        written: &str,
        rules: &SelectRules,
    ) -> CqlResult<()> {
        let kind = match op {
            Operator::Eq => Kind::Eq(values),
            Operator::In => Kind::In(values.into_iter().map(|v| vec![v]).collect()),
            _ => slice_of(op, values),
        };
        let new = Restriction {
            columns: vec![i],
            multi: false,
            kind,
        };
        let column = name(table, i);
        let Some(existing) = self.at[i] else {
            return self.put(new, None);
        };
        let old = self.restrictions[existing].clone();
        if rules.tuples >= Tuples::V22 {
            let merged = merge_22(table, &old, &new)?;
            return self.put(merged, Some(existing));
        }
        match op {
            Operator::Eq => Err(invalid(format!(
                "{column} cannot be restricted by more than one relation if it includes an Equal"
            ))),
            Operator::In => Err(invalid(format!(
                "{column} cannot be restricted by more than one relation if it includes a IN"
            ))),
            _ if !old.is_slice() => Err(invalid(format!(
                "Column \"{column}\" cannot be restricted by both an equality and an inequality \
                 relation"
            ))),
            _ => {
                if i != 0 && self.at[i - 1] == Some(existing) {
                    return Err(invalid(format!(
                        "Column \"{column}\" cannot be restricted by two inequalities not \
                         starting with the same column: {written}"
                    )));
                }
                let merged = set_bounds(table, old, &new)?;
                self.put(merged, Some(existing))
            }
        }
    }

    /// The checks of a tuple relation's columns, before its values are
    /// read (2.0's and 2.1's, which met the restrictions already there
    /// column by column; 2.2's merge comes after, in [`Clustering::multi`]).
    pub(super) fn check_multi(
        &self,
        table: &Table,
        columns: &[String],
        op: Operator,
        written: &str,
        rules: &SelectRules,
    ) -> CqlResult<Vec<usize>> {
        let mut positions: Vec<usize> = Vec::with_capacity(columns.len());
        let mut existing: Option<usize> = None;
        for (n, c) in columns.iter().enumerate() {
            let Some(ColumnRole::Clustering(i)) = table.role(c) else {
                return Err(invalid(match rules.tuples >= Tuples::V22 {
                    true => format!(
                        "Multi-column relations can only be applied to clustering columns but \
                         was applied to: {c}"
                    ),
                    false => format!(
                        "Multi-column relations can only be applied to clustering columns: {c}"
                    ),
                }));
            };
            if positions.contains(&i) {
                return Err(invalid(format!(
                    "Column \"{c}\" appeared twice in a relation: {written}"
                )));
            }
            // 2.0 counted from the first column's place (its "skipped"
            // refusal never came); 2.2 from the first column on.
            if positions.last().is_some_and(|&p| i != p + 1) {
                return Err(invalid(format!(
                    "Clustering columns must appear in the PRIMARY KEY order in multi-column \
                     relations: {written}"
                )));
            }
            positions.push(i);
            if rules.tuples >= Tuples::V22 {
                continue;
            }
            let previous = existing;
            existing = self.at[i];
            let Some(e) = existing else { continue };
            let old = &self.restrictions[e];
            if matches!(op, Operator::Eq | Operator::In) {
                return Err(invalid(format!(
                    "Column \"{c}\" cannot be restricted by more than one relation if it is in \
                     an {} relation",
                    op.symbol()
                )));
            }
            if !old.is_slice() {
                return Err(invalid(format!(
                    "Column \"{c}\" cannot be restricted by an equality relation and an \
                     inequality relation"
                )));
            }
            let starts_before = n == 0 && i != 0 && self.at[i - 1] == Some(e);
            let starts_after = n != 0 && previous != Some(e);
            if starts_before || starts_after {
                let two = match rules.tuples {
                    Tuples::V20 => "",
                    _ => "two ",
                };
                return Err(invalid(format!(
                    "Column \"{c}\" cannot be restricted by {two}inequalities not starting with \
                     the same column: {written}"
                )));
            }
            if (old.has_start() && is_bound_op(op, true))
                || (old.has_end() && is_bound_op(op, false))
            {
                let side = if is_bound_op(op, true) {
                    "start"
                } else {
                    "end"
                };
                return Err(invalid(format!(
                    "More than one restriction was found for the {side} bound on {c}"
                )));
            }
        }
        Ok(positions)
    }

    /// A tuple relation on the clustering columns at `positions` (checked
    /// by [`Clustering::check_multi`]), its value evaluated.
    pub(super) fn multi(
        &mut self,
        table: &Table,
        positions: Vec<usize>,
        op: Operator,
        value: &Term,
        ctx: &mut TermContext,
        rules: &SelectRules,
    ) -> CqlResult<()> {
        let values = tuple_values(table, &positions, op, value, ctx, rules)?;
        let kind = match (op, values) {
            // 3.10 on: an IN of one tuple is its equality.
            (Operator::In, Values::Many(mut ts))
                if ts.len() == 1
                    && rules.tuples >= Tuples::V310
                    && !matches!(value, Term::Bind(_)) =>
            {
                Kind::Eq(ts.remove(0))
            }
            (Operator::In, Values::Many(ts)) => Kind::In(ts),
            (Operator::Eq, Values::One(v)) => Kind::Eq(v),
            (op, Values::One(v)) => slice_of(op, v),
            (_, Values::Many(_)) => return Err(invalid("Invalid tuple restriction")),
        };
        let new = Restriction {
            columns: positions.clone(),
            multi: true,
            kind,
        };
        let existing = positions.iter().find_map(|&i| self.at[i]);
        let Some(existing) = existing else {
            return self.put(new, None);
        };
        let old = self.restrictions[existing].clone();
        let merged = match rules.tuples >= Tuples::V22 {
            true => merge_22(table, &old, &new)?,
            // Checked already: a slice on the same first column.
            false => set_bounds(table, old, &new)?,
        };
        self.put(merged, Some(existing))
    }

    /// Files `r` under each of its columns (and those of the one it
    /// replaces).
    fn put(&mut self, r: Restriction, replacing: Option<usize>) -> CqlResult<()> {
        let id = match replacing {
            Some(id) => {
                let mut r = r;
                for &c in &self.restrictions[id].columns {
                    if !r.columns.contains(&c) {
                        r.columns.push(c);
                    }
                }
                r.columns.sort_unstable();
                self.restrictions[id] = r;
                id
            }
            None => {
                self.restrictions.push(r);
                self.restrictions.len() - 1
            }
        };
        for &c in &self.restrictions[id].columns {
            self.at[c] = Some(id);
        }
        Ok(())
    }

    /// Whether any clustering column is restricted.
    pub(super) fn any(&self) -> bool {
        self.at.iter().any(Option::is_some)
    }

    /// The checks of the restrictions as a whole (2.0's
    /// `processColumnRestrictions`, 2.2's `validateClusteringRestrictions`
    /// and its unrestricted column's), then what they read.
    pub(super) fn plan(&self, table: &Table, rules: &SelectRules) -> CqlResult<ClusteringPlan> {
        match rules.tuples >= Tuples::V22 {
            true => self.validate_22(table, rules)?,
            false => self.validate_20(table, rules)?,
        }
        let mut prefixes: Vec<Vec<Vec<u8>>> = vec![Vec::new()];
        let mut range: Option<ClusteringRange> = None;
        let mut i = 0;
        while i < self.at.len() {
            let Some(id) = self.at[i] else { break };
            let r = &self.restrictions[id];
            let width = r.columns.len();
            match &r.kind {
                Kind::Eq(v) => {
                    prefixes
                        .iter_mut()
                        .for_each(|p| p.extend(v.iter().cloned()));
                }
                Kind::In(ts) => {
                    prefixes = prefixes
                        .iter()
                        .flat_map(|p| {
                            ts.iter().map(move |t| {
                                let mut q = p.clone();
                                q.extend(t.iter().cloned());
                                q
                            })
                        })
                        .collect();
                }
                Kind::Slice { start, end } => {
                    let mut bounds = Vec::new();
                    if let Some((inclusive, v)) = start {
                        let op = if *inclusive {
                            Operator::Gte
                        } else {
                            Operator::Gt
                        };
                        bounds.push((op, v.clone()));
                    }
                    if let Some((inclusive, v)) = end {
                        let op = if *inclusive {
                            Operator::Lte
                        } else {
                            Operator::Lt
                        };
                        bounds.push((op, v.clone()));
                    }
                    range = Some((i, bounds));
                    break;
                }
            }
            i += width;
        }
        Ok(ClusteringPlan {
            prefixes,
            range,
            filters: Vec::new(),
        })
    }

    fn validate_20(&self, table: &Table, rules: &SelectRules) -> CqlResult<()> {
        let mut further = true;
        let mut previous: Option<usize> = None;
        let mut previous_restriction: Option<usize> = None;
        let last = self.at.len().saturating_sub(1);
        for (i, at) in self.at.iter().enumerate() {
            match at {
                None => further = false,
                Some(id) if !further => {
                    if Some(*id) != previous_restriction {
                        let column = name(table, i);
                        let p = name(table, previous.unwrap_or(0));
                        let Some(prev) = previous_restriction else {
                            return Err(rules.preceding_unrestricted(column, p));
                        };
                        let prev = &self.restrictions[prev];
                        if prev.multi && matches!(prev.kind, Kind::In(_)) {
                            return Err(invalid(format!(
                                "PRIMARY KEY column \"{column}\" cannot be restricted (preceding \
                                 column \"{p}\" is restricted by an IN tuple notation)"
                            )));
                        }
                        return Err(rules.preceding_slice(column, p));
                    }
                }
                Some(id) => {
                    let r = &self.restrictions[*id];
                    match &r.kind {
                        Kind::Slice { .. } => further = false,
                        Kind::In(_) if !r.multi && i != last => {
                            return Err(rules.in_not_last(name(table, i)))
                        }
                        Kind::In(_) if r.multi => further = false,
                        _ => {}
                    }
                }
            }
            previous = Some(i);
            previous_restriction = *at;
        }
        Ok(())
    }

    fn validate_22(&self, table: &Table, rules: &SelectRules) -> CqlResult<()> {
        // Each restriction once, in the order of its first column.
        let mut order: Vec<usize> = Vec::new();
        for id in self.at.iter().flatten() {
            if !order.contains(id) {
                order.push(*id);
            }
        }
        let mut previous: Option<&Restriction> = None;
        for id in &order {
            let r = &self.restrictions[*id];
            if let Some(p) = previous {
                if p.is_slice() && r.first() > p.first() {
                    return Err(
                        rules.preceding_slice(name(table, r.first()), name(table, p.first()))
                    );
                }
            }
            previous = Some(r);
        }
        let restricted: Vec<usize> = (0..self.at.len())
            .filter(|&i| self.at[i].is_some())
            .collect();
        for (n, &i) in restricted.iter().enumerate() {
            if i != n {
                return Err(rules.preceding_unrestricted(name(table, i), name(table, n)));
            }
        }
        Ok(())
    }
}

/// A slice restriction of one bound.
fn slice_of(op: Operator, v: Vec<Vec<u8>>) -> Kind {
    let inclusive = matches!(op, Operator::Gte | Operator::Lte);
    match op {
        Operator::Gt | Operator::Gte => Kind::Slice {
            start: Some((inclusive, v)),
            end: None,
        },
        _ => Kind::Slice {
            start: None,
            end: Some((inclusive, v)),
        },
    }
}

/// 2.0's `setBound`: `new`'s bound set on the slice `old`, a tuple's making
/// it a multi-column slice.
fn set_bounds(table: &Table, old: Restriction, new: &Restriction) -> CqlResult<Restriction> {
    let (Kind::Slice { start, end }, Kind::Slice { start: s, end: e }) = (old.kind, &new.kind)
    else {
        return Err(invalid("Invalid slice restriction"));
    };
    let column = name(table, new.first());
    let both = |a: &SliceBound, b: &SliceBound, side: &str| match (a, b) {
        (Some(_), Some(_)) => Err(invalid(format!(
            "More than one restriction was found for the {side} bound on {column}"
        ))),
        _ => Ok(a.clone().or_else(|| b.clone())),
    };
    let start = both(&start, s, "start")?;
    let end = both(&end, e, "end")?;
    let mut columns = old.columns;
    columns.extend(new.columns.iter().copied());
    columns.sort_unstable();
    columns.dedup();
    Ok(Restriction {
        columns,
        multi: old.multi || new.multi,
        kind: Kind::Slice { start, end },
    })
}

/// 2.2's `mergeWith` of `new` into `old` (a single-column restriction met
/// by a tuple's made one of a tuple first), refused in its words.
fn merge_22(table: &Table, old: &Restriction, new: &Restriction) -> CqlResult<Restriction> {
    let multi = old.multi || new.multi;
    // `getColumnsInCommons`: 2.2 and 3.x printed a HashSet of them, whose
    // order for two or more depended on the JVM; one is what is recorded.
    let commons: Vec<&str> = old
        .columns
        .iter()
        .filter(|c| new.columns.contains(c))
        .map(|&c| name(table, c))
        .collect();
    let commons = match multi {
        true => commons.join(" ,"),
        false => name(table, old.first()).to_string(),
    };
    match &old.kind {
        Kind::Eq(_) => Err(invalid(format!(
            "{commons} cannot be restricted by more than one relation if it includes an Equal"
        ))),
        Kind::In(_) => Err(invalid(format!(
            "{commons} cannot be restricted by more than one relation if it includes a IN"
        ))),
        Kind::Slice { .. } => {
            if !new.is_slice() {
                return Err(invalid(format!(
                    "Column \"{commons}\" cannot be restricted by both an equality and an \
                     inequality relation"
                )));
            }
            if multi && old.first() != new.first() {
                let later = old.first().max(new.first());
                return Err(invalid(format!(
                    "Column \"{}\" cannot be restricted by two inequalities not starting with \
                     the same column",
                    name(table, later)
                )));
            }
            for (has, side) in [(new.has_start(), "start"), (new.has_end(), "end")] {
                let old_has = if side == "start" {
                    old.has_start()
                } else {
                    old.has_end()
                };
                if has && old_has {
                    return Err(invalid(format!(
                        "More than one restriction was found for the {side} bound on {commons}"
                    )));
                }
            }
            set_bounds(table, old.clone(), new)
        }
    }
}

/// Whether a WHERE clause holds a tuple relation.
pub(super) fn any(where_clause: &[Relation]) -> bool {
    where_clause
        .iter()
        .any(|r| matches!(r, Relation::MultiColumn { .. }))
}

#[cfg(test)]
#[path = "multi_column_tests.rs"]
mod tests;
