//! The partition key's relations: which parts they restrict, each
//! release's order of refusing a part restricted out of turn or by IN,
//! 3.10's filtering of a partly restricted key, and the partitions (or
//! token range) the plan reads. It must not read the clustering.

use super::super::*;
use super::{Restrictions, PARTITION_EQ_ONLY};

/// 3.10's filtering of partition keys (CASSANDRA-11031): a partition key
/// restricted in part, or sliced, makes a scan of the ring (refused
/// without ALLOW FILTERING; an IN on a part refused) whose partitions (in
/// the token range a `token()` relation gives) are checked against every
/// relation on a key column, as the other filters are. A part restricted
/// by EQ that has an index of its own is queriable through it
/// (`StatementRestrictions`' `hasQueriableIndex`): no filtering asked, the
/// index read as 2.0 read it (see `key_index`).
pub(in super::super) fn key_filtering(
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
        return Err(invalid(FILTERING));
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
pub(in super::super) fn part_after_gap(
    table: &Table,
    sel: &Select,
    words: Words,
) -> Option<CqlError> {
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
pub(in super::super) fn in_on_last_partition_part(
    table: &Table,
    rels: &Restrictions,
) -> CqlResult<()> {
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
pub(in super::super) fn partitions_of(
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
            if rules.values == ValueRules::Since21 {
                // 2.1's `SelectStatement.validateKey`, quoting the refusal.
                crate::cql::mapping::keys::frozen_keys_valid(table, &combo).map_err(
                    |e| match e {
                        CqlError::Invalid(e) => invalid(format!(
                            "Partition key IN clause contained invalid value: \
                         org.apache.cassandra.serializers.MarshalException: {e}"
                        )),
                        other => other,
                    },
                )?;
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
            PartialKey::Filtering if !allow_filtering => return Err(invalid(FILTERING)),
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
