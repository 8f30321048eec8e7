//! 2.0's multi-column (tuple) relations on clustering columns, `(a, b) >
//! (1, 0)`, `(a, b) = ?`, `(a, b) IN ((0, 1), (2, 0))`, and the single-column
//! relations on clustering columns beside them: each release's merging of
//! the restrictions column by column (2.0's and 2.1's `columnRestrictions`
//! array, 2.2's and 3.x's `RestrictionSet`), their refusals in the release's
//! words, and what the merged restrictions read (`ClusteringPlan`: the
//! clustering prefixes, each once, and the slice after them). Used only
//! where a tuple relation is present: the single-column path
//! (`where_clause::clustering_of`) is the one without.

use super::rules::{SelectRules, Tuples};
use super::slices::ClusteringRange;
use super::where_clause::ClusteringPlan;
use crate::cql::ast::{Operator, Relation, Term};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::values::{eval, eval_scalar, TermContext};
use crate::cql::table::{ColumnRole, Table};
use crate::cql::types::{CqlType, CqlValue};

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

/// A relation's values, evaluated: a value per column for `=` and the
/// slices, a tuple per item for `IN`.
enum Values {
    One(Vec<Vec<u8>>),
    Many(Vec<Vec<Vec<u8>>>),
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

/// A tuple relation's value(s): a literal's elements read by their
/// columns' types, a marker's tuple split; an IN's list of either.
fn tuple_values(
    table: &Table,
    positions: &[usize],
    op: Operator,
    value: &Term,
    ctx: &mut TermContext,
    rules: &SelectRules,
) -> CqlResult<Values> {
    let types: Vec<CqlType> = positions
        .iter()
        .map(|&i| table.clustering[i].column.ty.clone())
        .collect();
    if op != Operator::In {
        return Ok(Values::One(one_tuple(
            table, positions, &types, value, ctx, rules,
        )?));
    }
    match value {
        Term::List(items) => Ok(Values::Many(
            items
                .iter()
                .map(|t| one_tuple(table, positions, &types, t, ctx, rules))
                .collect::<CqlResult<_>>()?,
        )),
        marker => {
            let list = CqlType::List(Box::new(CqlType::Tuple(types.clone())));
            match eval(marker, &list, "in", ctx)? {
                CqlValue::List(items) => Ok(Values::Many(
                    items
                        .iter()
                        .map(|b| split(table, positions, b, rules))
                        .collect::<CqlResult<_>>()?,
                )),
                _ => Err(invalid("Invalid null value for IN restriction")),
            }
        }
    }
}

/// One tuple: `(v1, v2)` (its size checked first: `Tuples.Literal`) or a
/// marker for all of it.
fn one_tuple(
    table: &Table,
    positions: &[usize],
    types: &[CqlType],
    value: &Term,
    ctx: &mut TermContext,
    rules: &SelectRules,
) -> CqlResult<Vec<Vec<u8>>> {
    match value {
        Term::Tuple(items) => {
            if items.len() != positions.len() {
                return Err(invalid(format!(
                    "Expected {} elements in value tuple, but got {}: {}",
                    positions.len(),
                    items.len(),
                    value.as_written()
                )));
            }
            let mut out = Vec::with_capacity(items.len());
            for ((t, ty), &i) in items.iter().zip(types).zip(positions) {
                let column = name(table, i);
                match eval_scalar(t, ty, column, ctx)? {
                    Some(v) => out.push(v),
                    None => return Err(null_element(column, rules)),
                }
            }
            Ok(out)
        }
        marker => {
            let ty = CqlType::Tuple(types.to_vec());
            match eval_scalar(marker, &ty, "tuple", ctx)? {
                Some(b) => split(table, positions, &b, rules),
                None => Err(null_element(name(table, positions[0]), rules)),
            }
        }
    }
}

/// A tuple's null element: 2.0's `Tuples.DelayedValue.bind`; from 2.1 the
/// bound's (`Invalid null value in condition for column b`).
fn null_element(column: &str, rules: &SelectRules) -> CqlError {
    match rules.tuples {
        Tuples::V20 => invalid("Tuples may not contain null values"),
        _ => invalid(format!(
            "Invalid null value in condition for column {column}"
        )),
    }
}

/// A bound tuple's components (each its length, then its bytes).
fn split(
    table: &Table,
    positions: &[usize],
    bytes: &[u8],
    rules: &SelectRules,
) -> CqlResult<Vec<Vec<u8>>> {
    let mut out = Vec::with_capacity(positions.len());
    let mut at = 0;
    for &i in positions {
        if at >= bytes.len() {
            break;
        }
        let Some(len) = bytes.get(at..at + 4) else {
            return Err(invalid("Invalid tuple value: not enough bytes"));
        };
        let len = i32::from_be_bytes([len[0], len[1], len[2], len[3]]);
        at += 4;
        if len < 0 {
            return Err(null_element(name(table, i), rules));
        }
        let end = at + len as usize;
        let Some(v) = bytes.get(at..end) else {
            return Err(invalid("Invalid tuple value: not enough bytes"));
        };
        out.push(v.to_vec());
        at = end;
    }
    if out.len() < positions.len() {
        return Err(null_element(name(table, positions[out.len()]), rules));
    }
    Ok(out)
}

/// Whether a WHERE clause holds a tuple relation.
pub(super) fn any(where_clause: &[Relation]) -> bool {
    where_clause
        .iter()
        .any(|r| matches!(r, Relation::MultiColumn { .. }))
}

#[cfg(test)]
mod tests {
    use super::super::{plan_select_by, SelectPlan, SelectRules};
    use crate::cql::ast::Statement;
    use crate::cql::error::CqlResult;
    use crate::cql::table::Table;
    use crate::cql::timeuuid::TimeUuidGenerator;
    use crate::cql::{parse_with, Grammar};
    use crate::partitioner::Murmur3Partitioner;

    fn plan(release: (u32, u32, u32), rel: &str) -> CqlResult<SelectPlan> {
        let ct = "CREATE TABLE t (k int, a int, b int, c int, v int, PRIMARY KEY (k, a, b, c))";
        let Statement::CreateTable(ct) = parse_with(ct, Grammar::WithStatics).unwrap().statement
        else {
            panic!()
        };
        let table = Table::from_create("ks", &ct).unwrap();
        let q = format!("SELECT * FROM t WHERE k = 1 AND {rel}");
        let Statement::Select(sel) = parse_with(&q, Grammar::Cql33).unwrap().statement else {
            panic!()
        };
        let rules = SelectRules::of_release(release);
        let mut uuids = TimeUuidGenerator::new(7);
        plan_select_by(
            &table,
            &sel,
            &[],
            &Murmur3Partitioner,
            &mut uuids,
            5,
            &rules,
        )
    }

    fn refusal(release: (u32, u32, u32), rel: &str) -> String {
        plan(release, rel).unwrap_err().to_string()
    }

    #[test]
    fn a_tuple_in_reads_each_prefix_once_in_comparator_order() {
        let p = plan((2, 0, 17), "(a, b) IN ((2, 0), (0, 1), (2, 0))").unwrap();
        assert_eq!(p.slices.len(), 2);
        // A tuple slice beside a single column's bound on its first column.
        assert_eq!(
            plan((2, 0, 17), "a > 0 AND (a, b) < (2, 0)")
                .unwrap()
                .slices
                .len(),
            1
        );
    }

    #[test]
    fn each_release_refuses_tuples_in_its_words() {
        // Recorded: conformance/releases/*/rel_multicolumn.json.
        let (v20, v21, v22) = ((2, 0, 17), (2, 1, 22), (2, 2, 19));
        assert_eq!(
            refusal(v20, "(a, c) > (0, 0)"),
            "Clustering columns must appear in the PRIMARY KEY order in multi-column relations: (a, c) > (0, 0)"
        );
        assert_eq!(
            refusal(v20, "(a, v) > (0, 0)"),
            "Multi-column relations can only be applied to clustering columns: v"
        );
        assert_eq!(
            refusal(v22, "(a, v) > (0, 0)"),
            "Multi-column relations can only be applied to clustering columns but was applied to: v"
        );
        assert_eq!(
            refusal(v20, "(a, b) > (1, 0, 0)"),
            "Expected 2 elements in value tuple, but got 3: (1, 0, 0)"
        );
        assert_eq!(
            refusal(v20, "(a, b) > (0, null)"),
            "Tuples may not contain null values"
        );
        assert_eq!(
            refusal(v21, "(a, b) > (0, null)"),
            "Invalid null value in condition for column b"
        );
        assert_eq!(
            refusal(v20, "(a, b) > (0, 0) AND (b, c) < (1, 0)"),
            "Column \"b\" cannot be restricted by inequalities not starting with the same column: (b, c) < (1, 0)"
        );
        assert_eq!(
            refusal(v22, "(a, b) > (0, 0) AND (b, c) < (1, 0)"),
            "Column \"b\" cannot be restricted by two inequalities not starting with the same column"
        );
        assert_eq!(
            refusal(v20, "(a, b) IN ((0, 1)) AND c = 1"),
            "PRIMARY KEY column \"c\" cannot be restricted (preceding column \"b\" is restricted by an IN tuple notation)"
        );
        assert!(plan(v22, "(a, b) IN ((0, 1)) AND c = 1").is_ok());
        assert_eq!(
            refusal(v22, "(a, b) > (0, 0) AND c = 1"),
            "Clustering column \"c\" cannot be restricted (preceding column \"a\" is restricted by a non-EQ relation)"
        );
        assert_eq!(
            refusal(v20, "a = 1 AND (a, b) = (1, 0)"),
            "Column \"a\" cannot be restricted by more than one relation if it is in an = relation"
        );
        assert_eq!(
            refusal(v22, "(a, b) > (1, 0) AND a = 1"),
            "Column \"a\" cannot be restricted by both an equality and an inequality relation"
        );
        // 3.10 on, an IN of one tuple is its equality.
        assert_eq!(
            refusal((3, 0, 24), "(a, b) IN ((0, 1)) AND (a) > (0)"),
            "a cannot be restricted by more than one relation if it includes a IN"
        );
        assert_eq!(
            refusal((3, 11, 10), "(a, b) IN ((0, 1)) AND (a) > (0)"),
            "a cannot be restricted by more than one relation if it includes an Equal"
        );
    }
}
