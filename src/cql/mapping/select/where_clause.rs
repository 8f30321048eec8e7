//! A SELECT's WHERE clause sorted by what each relation restricts: the
//! partition key (EQ/IN values, or a token range), the clustering prefix
//! and slice, and the filtered regular columns, each checked with the
//! release's words. It must not choose how the plan reads.

use super::*;
use crate::cql::mapping::refused_relations;

/// One relation on a column: its operator and value(s).
pub(super) type ColumnRelation = (Operator, Vec<Vec<u8>>);

/// The WHERE clause sorted by what each relation restricts.
pub(super) struct Restrictions {
    /// Per partition key column: its EQ/IN values, if restricted.
    pub(super) partition: Vec<Option<Vec<Vec<u8>>>>,
    /// Per partition key column: whether an IN restricted it.
    pub(super) partition_in: Vec<bool>,
    /// Per clustering column: its relations.
    pub(super) clustering: Vec<Vec<ColumnRelation>>,
    /// Relations on regular (and static) columns.
    pub(super) regular: Vec<Filter>,
    /// 3.10's slices of a partition key column, checked on each partition
    /// of a filtering scan (see [`key_filtering`]).
    pub(super) key_slices: Vec<Filter>,
    /// 1.2 to 2.1: the partition key parts sliced (no `token()`), refused
    /// in key order with the IN checks (see [`in_on_last_partition_part`]).
    pub(super) sliced_parts: Vec<usize>,
    /// The token range `token(...)` relations bound.
    pub(super) token: (Bound<Token>, Bound<Token>),
    pub(super) on_token: bool,
    /// Where a tuple relation is present: every clustering restriction,
    /// merged as the release merged them (`multi_column`).
    pub(super) tuples: Option<multi_column::Clustering>,
}

/// A partition key part restricted by other than EQ or IN (without
/// `token()`); each release's words are its own (see `words`).
const PARTITION_EQ_ONLY: &str =
    "Only EQ and IN relation are supported on the partition key (unless you use the token() function)";

/// Evaluates each WHERE relation and files it under the column it restricts.
pub(super) fn restrictions(
    table: &Table,
    sel: &Select,
    partitioner: &dyn Partitioner,
    ctx: &mut TermContext,
    rules: &SelectRules,
) -> CqlResult<Restrictions> {
    let mut r = Restrictions {
        partition: vec![None; table.partition_key.len()],
        partition_in: vec![false; table.partition_key.len()],
        clustering: vec![Vec::new(); table.clustering.len()],
        regular: Vec::new(),
        key_slices: Vec::new(),
        sliced_parts: Vec::new(),
        token: (Bound::Unbounded, Bound::Unbounded),
        on_token: false,
        tuples: multi_column::any(&sel.where_clause).then(|| multi_column::Clustering::new(table)),
    };
    for rel in &sel.where_clause {
        if let Some(e) = refused_relations::refused(rel) {
            return Err(e);
        }
        match rel {
            Relation::MultiColumn { columns, op, value } => {
                let written = Relation::multi_written(columns, *op, value);
                for c in columns {
                    if table.role(c).is_none() {
                        return Err(invalid(format!(
                            "Undefined name {c} in where clause ('{written}')"
                        )));
                    }
                }
                let tuples = r.tuples.as_mut().expect("made for a tuple relation");
                let positions = tuples.check_multi(table, columns, *op, &written, rules)?;
                tuples.multi(table, positions, *op, value, ctx, rules)?;
            }
            Relation::Token { columns, op, value } => {
                token_relation::columns_2_2(table, columns, rules.words)?;
                let on_token = r.on_token;
                token_relation::columns_before_2_2(
                    table,
                    columns,
                    *op,
                    |i| r.partition[i].is_some() || on_token,
                    rules.words,
                )?;
                let t = token_value(table, value, partitioner, ctx, rules.words)?;
                token_relation::slice_after_equality(
                    table,
                    columns,
                    *op,
                    |i| r.partition[i].is_some(),
                    rules.words,
                )?;
                token_relation::whole_key_before_2_2(table, columns, rules.words, rules.values)?;
                r.on_token = true;
                match op {
                    Operator::Gt => r.token.0 = Bound::Excluded(t),
                    Operator::Gte => r.token.0 = Bound::Included(t),
                    Operator::Lt => r.token.1 = Bound::Excluded(t),
                    Operator::Lte => r.token.1 = Bound::Included(t),
                    Operator::Eq => r.token = (Bound::Included(t.clone()), Bound::Included(t)),
                    Operator::In => {
                        return Err(invalid("IN is not supported with the token function"))
                    }
                    // The grammar has no CONTAINS nor entry after token(...).
                    Operator::Contains
                    | Operator::ContainsKey
                    | Operator::MapEntry { .. }
                    | Operator::Like
                    | Operator::IsNot => return Err(invalid("Invalid token restriction")),
                    Operator::Neq => unreachable!("refused before"),
                }
            }
            Relation::Column { column, op, value } => {
                let role = table
                    .role(column)
                    .ok_or_else(|| undefined_in_where(column, *op, value))?;
                // 3.4's LIKE: its value checked as the column's, then
                // refused (no index here supports one).
                if *op == Operator::Like {
                    let ty = &table.column(column).expect("role implies column").ty;
                    let receiver = column_receiver(table, column, ctx.values);
                    with_receiver(ctx, receiver, |c| {
                        relation_values(ty, column, Operator::Eq, value, c)
                    })?;
                    return Err(refused_relations::like_unindexed(column, value));
                }
                if matches!(role, ColumnRole::Regular(_)) && table.layout == Layout::CompactDense {
                    return Err(invalid(format!("Predicates on the non-primary-key column ({column}) of a COMPACT table are not yet supported")));
                }
                // 2.2 on refused an IN on a non-key column, indexed or
                // not, unless it listed one value (read as an EQ), before
                // any other check of the relation (`SingleColumnRelation.
                // toReceivers`).
                let one_value = matches!(value, Term::List(items) if items.len() == 1);
                if matches!(role, ColumnRole::Regular(_))
                    && *op == Operator::In
                    && !one_value
                    && rules.words == Words::V22
                {
                    return Err(invalid(format!(
                        "IN predicates on non-primary-key columns ({column}) is not yet supported"
                    )));
                }
                let ty = table
                    .column(column)
                    .map(|c| c.ty.clone())
                    .expect("role implies column");
                duration_slice(&ty, *op)?;
                let ty = contains::relation_type(&ty, column, *op, rules)?;
                if matches!(role, ColumnRole::Regular(_)) {
                    let before = regular_merge::Stage::BeforeValue;
                    regular_merge::check(&r.regular, column, *op, rules.words, before)?;
                }
                let receiver = column_receiver(table, column, ctx.values);
                // From 2.1 a CONTAINS (KEY) value's receiver is the
                // collection's element spec (`value(c)`, `key(c)`).
                let spec = match op {
                    Operator::Contains if ctx.values >= ValueRules::Since21 => {
                        format!("value({column})")
                    }
                    Operator::ContainsKey if ctx.values >= ValueRules::Since21 => {
                        format!("key({column})")
                    }
                    _ => column.clone(),
                };
                let values = with_receiver(ctx, receiver, |c| match (op, &ty, value) {
                    // `m[k] = v`: the key's receiver is `key(m)`, the
                    // value's `value(m)` (2.2's `makeCollectionReceiver`).
                    (Operator::MapEntry { .. }, CqlType::Map(kt, vt), Term::List(kv))
                        if kv.len() == 2 =>
                    {
                        let key = format!("key({column})");
                        let mut out = relation_values(kt, &key, Operator::Eq, &kv[0], c)?;
                        let val = format!("value({column})");
                        out.extend(relation_values(vt, &val, Operator::Eq, &kv[1], c)?);
                        Ok(out)
                    }
                    _ => relation_values(&ty, &spec, *op, value, c),
                })?;
                match role {
                    ColumnRole::PartitionKey(i) => {
                        if !matches!(op, Operator::Eq | Operator::In) {
                            if let Some(e) = part_after_gap(table, sel, rules.words) {
                                return Err(e);
                            }
                            if rules.partial_key == PartialKey::Filtering {
                                r.key_slices.push(Filter {
                                    column: column.clone(),
                                    op: *op,
                                    values,
                                });
                                continue;
                            }
                            // 1.2 to 2.1 refused the slice in their loop over the
                            // key's parts, after every relation was read; a query
                            // on token() is judged at once as before.
                            let on_token = sel
                                .where_clause
                                .iter()
                                .any(|x| matches!(x, Relation::Token { .. }));
                            if rules.in_on_last_partition_part_only && !on_token {
                                r.sliced_parts.push(i);
                                continue;
                            }
                            return Err(invalid(PARTITION_EQ_ONLY));
                        }
                        if r.partition[i].is_some() {
                            return Err(invalid(format!("{column} cannot be restricted by more than one relation if it includes an Equal")));
                        }
                        if r.on_token {
                            token_relation::after_token(column, *op, rules.words)?;
                        }
                        // 1.2's Restriction: an IN of one value is an equality.
                        r.partition_in[i] = *op == Operator::In
                            && (rules.words != self::rules::Words::V12 || values.len() > 1);
                        r.partition[i] = Some(values);
                    }
                    ColumnRole::Clustering(i) => match r.tuples.as_mut() {
                        Some(tuples) => {
                            let written =
                                format!("{column} {} {}", op.symbol(), value.as_written());
                            tuples.single(table, i, *op, values, &written, rules)?
                        }
                        None => r.clustering[i].push((*op, values)),
                    },
                    ColumnRole::Regular(_) => {
                        let after = regular_merge::Stage::AfterValue;
                        regular_merge::check(&r.regular, column, *op, rules.words, after)?;
                        // 2.0 and 2.1 refused it once the relation's values
                        // were read and merged (`updateRestrictionsForRelation`).
                        if *op == Operator::In && !one_value && rules.words == Words::V20 {
                            return Err(invalid(format!(
                                "IN predicates on non-primary-key columns ({column}) is not yet \
                                 supported"
                            )));
                        }
                        r.regular.push(Filter {
                            column: column.clone(),
                            op: *op,
                            values,
                        })
                    }
                }
            }
        }
    }
    Ok(r)
}

/// 3.10's `SingleColumnRelation.newSliceRestriction`: a duration (or a
/// value holding one) has no order to slice by; refused before its value
/// is read.
fn duration_slice(ty: &CqlType, op: Operator) -> CqlResult<()> {
    if !matches!(
        op,
        Operator::Gt | Operator::Gte | Operator::Lt | Operator::Lte
    ) || !ty.references_duration()
    {
        return Ok(());
    }
    let on = match ty {
        t if t.is_collection() || matches!(t, CqlType::Frozen(_)) => {
            "collections containing durations"
        }
        CqlType::Tuple(_) => "tuples containing durations",
        CqlType::User(_) => "UDTs containing durations",
        _ => "duration columns",
    };
    Err(invalid(format!(
        "Slice restrictions are not supported on {on}"
    )))
}

/// 3.10's filtering of partition keys (CASSANDRA-11031): a partition key
/// restricted in part, or sliced, makes a scan of the ring (refused
/// without ALLOW FILTERING; an IN on a part refused) whose partitions (in
/// the token range a `token()` relation gives) are checked against every
/// relation on a key column, as the other filters are. A part restricted
/// by EQ that has an index of its own is queriable through it
/// (`StatementRestrictions`' `hasQueriableIndex`): no filtering asked, the
/// index read as 2.0 read it (see `key_index`).
pub(super) fn key_filtering(
    table: &Table,
    r: &mut Restrictions,
    allow_filtering: bool,
) -> CqlResult<()> {
    let restricted = r.partition.iter().filter(|p| p.is_some()).count();
    let partial = restricted > 0 && restricted < r.partition.len();
    if !partial && r.key_slices.is_empty() {
        return Ok(());
    }
    let indexed_part = r.partition.iter().enumerate().any(|(i, p)| {
        p.is_some() && !r.partition_in[i] && table.key_index(&table.partition_key[i].name).is_some()
    });
    if indexed_part && r.key_slices.is_empty() {
        return Ok(());
    }
    if !allow_filtering {
        return Err(invalid(super::FILTERING));
    }
    if r.partition_in.iter().any(|&i| i) {
        return Err(invalid(
            "IN restrictions are not supported when the query involves filtering",
        ));
    }
    for (i, part) in r.partition.iter_mut().enumerate() {
        if let Some(values) = part.take() {
            let op = match r.partition_in[i] {
                true => Operator::In,
                false => Operator::Eq,
            };
            r.regular.push(Filter {
                column: table.partition_key[i].name.clone(),
                op,
                values,
            });
        }
        r.partition_in[i] = false;
    }
    r.regular.append(&mut r.key_slices);
    Ok(())
}

/// Before 2.2 the partition key's parts were checked in key order,
/// whatever their relations: the first part restricted after one that is
/// not was refused as such (its relation unread), a slice on it too.
pub(super) fn part_after_gap(table: &Table, sel: &Select, words: Words) -> Option<CqlError> {
    if words == Words::V22 {
        return None;
    }
    let restricted = |k: usize| {
        sel.where_clause.iter().any(|r| {
            matches!(r, Relation::Column { column, .. } if *column == table.partition_key[k].name)
        })
    };
    let n = table.partition_key.len();
    let gap = (0..n).find(|&k| !restricted(k))?;
    let j = (gap + 1..n).find(|&k| restricted(k))?;
    Some(invalid(format!(
        "partition key part {} cannot be restricted (preceding part {} is either not restricted \
         or by a non-EQ relation)",
        table.partition_key[j].name,
        table.partition_key[j - 1].name
    )))
}

/// 1.2 to 2.1's refusal of an IN on a partition key part but the last, or
/// of a slice on a part, met as their loop over the parts reached it
/// (after every part before it was restricted): an IN on the first part
/// is refused before a slice on the second, whatever the order written.
pub(super) fn in_on_last_partition_part(table: &Table, rels: &Restrictions) -> CqlResult<()> {
    let last = table.partition_key.len().saturating_sub(1);
    for (i, part) in rels.partition.iter().enumerate() {
        if rels.sliced_parts.contains(&i) {
            return Err(invalid(PARTITION_EQ_ONLY));
        }
        if part.is_none() || rels.on_token {
            return Ok(());
        }
        if rels.partition_in[i] && i != last {
            return Err(invalid(format!(
                "Partition KEY part {} cannot be restricted by IN relation (only the last part \
                 of the partition key can)",
                table.partition_key[i].name
            )));
        }
    }
    Ok(())
}

/// Partition key: all parts by EQ/IN (the keys, every combination), or
/// none (a token range / full scan).
pub(super) fn partitions_of(
    table: &Table,
    part: Vec<Option<Vec<Vec<u8>>>>,
    token: (Bound<Token>, Bound<Token>),
    on_token: bool,
    allow_filtering: bool,
    partitioner: &dyn Partitioner,
    rules: &SelectRules,
) -> CqlResult<Partitions> {
    let restricted = part.iter().filter(|p| p.is_some()).count();
    if restricted == part.len() {
        if on_token && !rules.token_filters_keys {
            return Err(invalid(PARTITION_EQ_ONLY));
        }
        let lists: Vec<Vec<Vec<u8>>> = part
            .into_iter()
            .map(|p| p.expect("all restricted"))
            .collect();
        if rules.empty_key_sort_fails {
            if let [only] = lists.as_slice() {
                if only.len() > 1
                    && only.iter().any(Vec::is_empty)
                    && !super::rules::compares_by_bytes(&table.partition_key[0].ty)
                {
                    return Err(CqlError::Failed(format!(
                        "an empty key among the IN's keys of {}",
                        table.partition_key[0].name
                    )));
                }
            }
        }
        let mut keys = Vec::new();
        for combo in cartesian(&lists) {
            let k = row_key(table, &combo)?;
            if rules.values == super::super::value_rules::ValueRules::Since21 {
                // 2.1's `SelectStatement.validateKey`, quoting the refusal.
                super::super::keys::frozen_keys_valid(table, &combo).map_err(|e| match e {
                    CqlError::Invalid(e) => invalid(format!(
                        "Partition key IN clause contained invalid value: \
                         org.apache.cassandra.serializers.MarshalException: {e}"
                    )),
                    other => other,
                })?;
            }
            keys.push((combo, k));
        }
        if on_token {
            keys.retain(|(_, k)| token_holds(&token, &partitioner.token(k)));
        }
        let types: Vec<CqlType> = table.partition_key.iter().map(|c| c.ty.clone()).collect();
        return Ok(Partitions::Keys(rules.order_keys(keys, &types)));
    }
    if restricted > 0 {
        let left_out = || {
            let names: Vec<&str> = (table.partition_key.iter().zip(&part))
                .filter(|(_, p)| p.is_none())
                .map(|(c, _)| c.name.as_str())
                .collect();
            names.join(", ")
        };
        match rules.partial_key {
            // (3.11's partial keys were made filters by `key_filtering`
            // where it was planned.)
            PartialKey::Filtering if !allow_filtering => return Err(invalid(super::FILTERING)),
            PartialKey::Listed | PartialKey::Filtering => {
                return Err(invalid(format!(
                    "Partition key parts: {} must be restricted as other parts are",
                    left_out()
                )))
            }
            PartialKey::ByPart => {}
        }
        let mut previous_restricted = false;
        for (i, p) in part.iter().enumerate() {
            match (p, previous_restricted) {
                (None, true) => return Err(invalid(format!("Partition key part {} must be restricted since preceding part is", table.partition_key[i].name))),
                (Some(_), false) if i > 0 => {
                    return Err(invalid(format!(
                        "partition key part {} cannot be restricted (preceding part {} is either not restricted or by a non-EQ relation)",
                        table.partition_key[i].name,
                        table.partition_key[i - 1].name
                    )))
                }
                _ => previous_restricted = p.is_some(),
            }
        }
    }
    // A bound at the partitioner's minimum token bounds nothing: its key
    // bounds are the ring's minimum position, which as an end wraps to the
    // ring's end (every release's `getKeyBounds`, the empty-range rule
    // sparing the minimum), so `token(k) <= token('')` reads the ring.
    let min = partitioner.min_token();
    let open = |b: Bound<Token>| match b {
        Bound::Included(t) | Bound::Excluded(t) if t == min => Bound::Unbounded,
        b => b,
    };
    Ok(Partitions::Range {
        start: open(token.0),
        end: open(token.1),
    })
}

/// Every EQ on an indexed column, in WHERE order (and, `in_of_one`, every
/// IN of one value: see `SelectRules::in_of_one_uses_index`).
pub(super) fn indexed_eqs(table: &Table, regular: &[Filter], in_of_one: bool) -> Vec<IndexedEq> {
    regular
        .iter()
        .filter(|f| {
            (f.op == Operator::Eq || (in_of_one && f.op == Operator::In && f.values.len() == 1))
                && table
                    .regular
                    .iter()
                    .any(|r| r.column.name == f.column && r.is_indexed())
        })
        .map(|f| IndexedEq {
            column: f.column.clone(),
            value: f.values[0].clone(),
        })
        .collect()
}

/// What the clustering relations ask for.
pub(super) struct ClusteringPlan {
    /// The prefixes the EQ/IN relations of the leading clustering
    /// columns name (a single prefix, empty, where none).
    pub(super) prefixes: Vec<Vec<Vec<u8>>>,
    /// The slice on the column after them, if any.
    pub(super) range: Option<ClusteringRange>,
    /// Every relation, also checked on each row.
    pub(super) filters: Vec<Filter>,
}

/// Clustering: EQ on a prefix, then at most one slice; where a tuple
/// relation is present, as `multi_column` merged them.
pub(super) fn clustering_of(
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

pub(super) fn relation_values(
    ty: &CqlType,
    column: &str,
    op: Operator,
    value: &Term,
    ctx: &mut TermContext,
) -> CqlResult<Vec<Vec<u8>>> {
    let null = || invalid(format!("Invalid null value for {column}"));
    if op == Operator::In {
        let items = match value {
            Term::List(items) => items
                .iter()
                .map(|t| eval_scalar(t, ty, column, ctx)?.ok_or_else(null))
                .collect::<CqlResult<Vec<_>>>()?,
            t => match eval(t, &CqlType::List(Box::new(ty.clone())), column, ctx)? {
                crate::cql::types::CqlValue::List(items) => items,
                _ => return Err(null()),
            },
        };
        return Ok(items);
    }
    // 1.2 took a whole collection's literal for a relation on it (no
    // collection can be indexed there: the refusal comes later); its bytes
    // are the collection's u16-count form.
    if ty.is_collection() {
        use crate::cql::types::{serialize_collection, CqlValue};
        let items: Vec<&[u8]>;
        let v = eval(value, ty, column, ctx)?;
        let entries = match &v {
            CqlValue::Null => return Err(null()),
            CqlValue::Bytes(b) => return Ok(vec![b.clone()]),
            CqlValue::List(xs) | CqlValue::Set(xs) => {
                items = xs.iter().map(Vec::as_slice).collect();
                xs.len()
            }
            CqlValue::Map(kv) => {
                items = kv
                    .iter()
                    .flat_map(|(k, v)| [k.as_slice(), v.as_slice()])
                    .collect();
                kv.len()
            }
        };
        return Ok(vec![serialize_collection(&items, entries)]);
    }
    Ok(vec![eval_scalar(value, ty, column, ctx)?.ok_or_else(null)?])
}

pub(super) fn token_value(
    table: &Table,
    value: &Term,
    partitioner: &dyn Partitioner,
    ctx: &mut TermContext,
    words: Words,
) -> CqlResult<Token> {
    match value {
        Term::Function { name, args } if name == "token" => {
            if args.len() != table.partition_key.len() {
                let token = Native::of_token(partitioner).name();
                return Err(token_relation::arity(table, args.len(), token, words));
            }
            let mut parts = Vec::new();
            for (i, (a, c)) in args.iter().zip(&table.partition_key).enumerate() {
                parts.push(
                    token_relation::argument(a, i, &c.ty, &c.name, ctx, words)?
                        .ok_or_else(|| invalid("Invalid null token argument"))?,
                );
            }
            Ok(partitioner.token(&key_bytes(&parts)?))
        }
        // A constant prepared against the token's type, as a marker is (a
        // function's result too: its receiver `partition key token`).
        // 2.1's tuple literal too, refused by that type.
        Term::Constant(_) | Term::Bind(_) | Term::Function { .. } | Term::Tuple(_) => {
            let ty = CqlType::Native(Native::of_token(partitioner));
            let receiver = spec_receiver("partition key token", &ty, ctx.values);
            let b = with_receiver(ctx, Some(receiver), |c| {
                eval_scalar(value, &ty, "partition key token", c)
            })?
            .ok_or_else(|| invalid("Invalid null token"))?;
            partitioner.token_from_bytes(&b).map_err(|e| invalid(e.0))
        }
        _ => Err(invalid("Invalid token restriction")),
    }
}
