//! SELECT through a secondary index when 2.0's rules call for one that
//! the engine's 1.2 planning did not: an EQ on an indexed key column (a
//! clustering column, a composite partition key's part), or a partition
//! key restricted in part beside an indexed EQ.
//!
//! Owns 2.0's decision (`SelectStatement.RawStatement.prepare`: its
//! partition key and clustering passes, `usesSecondaryIndexing`,
//! `isKeyRange`) and which restrictions then ask for ALLOW FILTERING —
//! 2.0's and 2.1's `restrictedNames`, 2.2's index restrictions
//! (`StatementRestrictions.needFiltering`). The rows are found by the
//! scan's candidates or ring order and every restriction is checked on
//! each (an index entry names its row, which the check finds again), so
//! it must not read data. 1.2 never gets here: it had no such index.

use super::row_filter::Filter;
use super::rules::Words;
use crate::cql::ast::Operator;
use crate::cql::table::Table;

/// The relations on one clustering column: each operator with its values.
type ClusteringRelations = Vec<(Operator, Vec<Vec<u8>>)>;

/// A WHERE clause's relations by what they restrict (the planner's).
pub(super) struct KeyRelations<'a> {
    /// Per partition key column: its EQ/IN values, if restricted.
    pub partition: &'a [Option<Vec<Vec<u8>>>],
    /// Per partition key column: whether an IN restricted it.
    pub partition_in: &'a [bool],
    /// Per clustering column: its relations.
    pub clustering: &'a [ClusteringRelations],
    /// Relations on the other columns.
    pub regular: &'a [Filter],
    pub on_token: bool,
}

/// A SELECT answered through an index, as 2.0 decided it.
pub(super) struct IndexedPlan {
    /// The partition key is not restricted whole: the ring is read.
    pub key_range: bool,
    /// The EQs on indexed columns the scan may take candidates from
    /// (column, value).
    pub indexed: Vec<(String, Vec<u8>)>,
    /// How many leading clustering columns' relations are read as the
    /// slice (EQs, then one slice).
    pub prefix: usize,
    /// The restrictions checked on each row besides the slice's: the
    /// partition key's parts, the clustering columns past the prefix.
    pub filters: Vec<Filter>,
    /// Without ALLOW FILTERING the query is refused.
    pub needs_filtering: bool,
}

/// 2.0's plan of a SELECT through an index, or `None` when its rules
/// leave the query to the engine's own planning (no such index is met,
/// or the query is read by its partition key without one).
pub(super) fn plan(table: &Table, rels: &KeyRelations, words: Words) -> Option<IndexedPlan> {
    if words == Words::V12 || rels.on_token {
        return None;
    }
    let n = table.partition_key.len();
    let part_eq = |i: usize| rels.partition[i].is_some() && !rels.partition_in[i];
    let clus_eq = |i: usize| rels.clustering[i].iter().any(|(op, _)| *op == Operator::Eq);
    let key_indexed = |name: &str| table.key_index(name).is_some();
    let partition_q = (0..n).any(|i| part_eq(i) && key_indexed(&table.partition_key[i].name));
    let clustering_q = (0..table.clustering.len())
        .any(|i| clus_eq(i) && key_indexed(&table.clustering[i].column.name));
    let regular_q = rels
        .regular
        .iter()
        .any(|f| f.op == Operator::Eq && table.is_indexed(&f.column));
    let has_q = partition_q || clustering_q || regular_q;
    let restricted = rels.partition.iter().filter(|p| p.is_some()).count();
    let partial = restricted > 0 && restricted < n;
    if !(partition_q || clustering_q || (partial && has_q)) {
        return None;
    }
    // The partition key pass: a key restricted in part is read through
    // the index, each restricted part then checked on the rows.
    let key_range = restricted < n;
    let uses_partition = partial;
    let mut filters: Vec<Filter> = Vec::new();
    if uses_partition {
        for (i, p) in rels.partition.iter().enumerate() {
            if let Some(values) = p {
                filters.push(Filter {
                    column: table.partition_key[i].name.clone(),
                    op: if rels.partition_in[i] {
                        Operator::In
                    } else {
                        Operator::Eq
                    },
                    values: values.clone(),
                });
            }
        }
    }
    // The clustering pass: the prefix a slice can read (EQs, then one
    // slice); a restriction past a gap in it is checked on the rows.
    let mut prefix = 0;
    let mut gap = false;
    let mut open = true;
    for (i, r) in rels.clustering.iter().enumerate() {
        if r.is_empty() {
            open = false;
        } else if !open {
            gap = true;
        } else {
            prefix = i + 1;
            if !r
                .iter()
                .any(|(op, _)| matches!(op, Operator::Eq | Operator::In))
            {
                open = false;
            }
        }
    }
    for (i, r) in rels.clustering.iter().enumerate().skip(prefix) {
        for (op, values) in r {
            filters.push(Filter {
                column: table.clustering[i].column.name.clone(),
                op: *op,
                values: values.clone(),
            });
        }
    }
    let uses_before_regular = uses_partition || gap || (key_range && clustering_q);
    let uses = uses_before_regular || !rels.regular.is_empty();
    if !uses {
        return None;
    }
    let mut regular_names: Vec<&str> = Vec::new();
    for f in rels.regular {
        if !regular_names.contains(&f.column.as_str()) {
            regular_names.push(&f.column);
        }
    }
    let parts = if uses_partition { restricted } else { 0 };
    let restricted_clustering = rels.clustering.iter().filter(|r| !r.is_empty()).count();
    let count = match words {
        // 2.2: the partition key's and the clustering columns' restrictions
        // whole, when the index serves them, and the other columns'.
        Words::V22 => {
            let clustering = match uses_before_regular {
                true => restricted_clustering,
                false => 0,
            };
            parts + clustering + regular_names.len()
        }
        // 2.0 and 2.1: the restricted names, less those of the leading
        // restricted clustering columns not indexed by an EQ (all of them
        // when no index served them); any past a gap stay.
        _ => {
            let mut removed = 0;
            for i in 0..rels.clustering.len() {
                if rels.clustering[i].is_empty() {
                    break;
                }
                let indexed = clus_eq(i) && key_indexed(&table.clustering[i].column.name);
                if !indexed || !uses_before_regular {
                    removed += 1;
                }
            }
            parts + restricted_clustering - removed + regular_names.len()
        }
    };
    let has_clustering = restricted_clustering > 0;
    let needs_filtering = count > 1 || (count == 0 && has_clustering);
    // Every EQ on an indexed column may give the candidates.
    let mut indexed = Vec::new();
    for (i, c) in table.partition_key.iter().enumerate() {
        if uses_partition && part_eq(i) && key_indexed(&c.name) {
            indexed.push(eq(&c.name, rels.partition[i].as_deref()));
        }
    }
    for (i, c) in table.clustering.iter().enumerate() {
        if clus_eq(i) && key_indexed(&c.column.name) {
            let value = rels.clustering[i]
                .iter()
                .find(|(op, _)| *op == Operator::Eq)
                .map(|(_, v)| v.as_slice());
            indexed.push(eq(&c.column.name, value));
        }
    }
    for f in rels.regular {
        if f.op == Operator::Eq && table.is_indexed(&f.column) {
            indexed.push(eq(&f.column, Some(&f.values)));
        }
    }
    Some(IndexedPlan {
        key_range,
        indexed,
        prefix,
        filters,
        needs_filtering,
    })
}

fn eq(column: &str, values: Option<&[Vec<u8>]>) -> (String, Vec<u8>) {
    let value = values.and_then(|v| v.first()).cloned().unwrap_or_default();
    (column.to_string(), value)
}
