//! A SELECT's WHERE clause sorted by what each relation restricts: the
//! partition key (EQ/IN values, or a token range), the clustering prefix
//! and slice, and the filtered regular columns, each checked with the
//! release's words. It must not choose how the plan reads.

mod clustering;
mod partition_key;

pub(super) use self::clustering::{clustering_of, ClusteringPlan};
pub(super) use self::partition_key::{
    in_on_last_partition_part, key_filtering, part_after_gap, partitions_of,
};
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
                // 1.2 to 2.1 made a relation of each column, in order, and
                // prepared the value at the first key part's: the columns up
                // to it are checked, then the value, then the rest.
                let first_key = columns
                    .iter()
                    .position(|c| matches!(table.role(c), Some(ColumnRole::PartitionKey(_))))
                    .map_or(columns.len(), |i| i + 1);
                let (before, after) = columns.split_at(first_key);
                token_relation::columns_before_2_2(
                    table,
                    before,
                    *op,
                    |i| r.partition[i].is_some() || on_token,
                    rules.words,
                )?;
                let t = token_value(table, value, partitioner, ctx, rules.words)?;
                token_relation::columns_before_2_2(
                    table,
                    after,
                    *op,
                    |i| r.partition[i].is_some() || on_token,
                    rules.words,
                )?;
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
                    // The grammar has no CONTAINS nor entry after token(...);
                    // `!=` was refused above (`refused_relations`).
                    Operator::Contains
                    | Operator::ContainsKey
                    | Operator::MapEntry { .. }
                    | Operator::Like
                    | Operator::IsNot
                    | Operator::Neq => return Err(invalid("Invalid token restriction")),
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
