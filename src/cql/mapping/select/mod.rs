//! SELECT planning: validation with Cassandra 1.2.9's messages, and the
//! plan — partition keys / token ranges, the indexed EQ restrictions that
//! can find candidates, and slices on the table's comparator. Running a
//! plan is `scan`'s business.
//!
//! Owns what the WHERE analysis decides (partition key, token, clustering prefix and
//! slice, indexed and filtered columns), ORDER BY (reversed slices),
//! LIMIT, COUNT(*), and the selectors (columns, WRITETIME, TTL, token(),
//! dateOf/unixTimestampOf, blob conversions). It must not read data.
//!
//! The folder is SELECT's read side: this plan, its WHERE clause sorted
//! by what each relation restricts (`where_clause`), the release rules it
//! is checked by (`rules`, `token_relation`, `contains`, `key_index` for
//! 2.0's indexes on key columns), the slices it reads (`slices`), its
//! selectors (`selection`, with their values and 3.10's terms), the
//! filters checked on each row (`row_filter`), and running it (`scan`,
//! resumed by `paging`).

pub(super) mod contains;
mod grouping;
#[cfg(test)]
mod in_rules_tests;
#[cfg(test)]
mod key_filter_tests;
mod key_index;
mod multi_column;
mod ordering;
pub(super) mod paging;
mod regular_merge;
pub(super) mod row_filter;
pub(super) mod rules;
pub(super) mod scan;
pub(super) mod selection;
mod slices;
mod token_relation;
mod tuple_order;
mod where_clause;
#[cfg(test)]
mod where_tests;

use self::grouping::limit_of;
use self::key_index::KeyRelations;
use self::ordering::{order_by, ordering_selected};
use self::row_filter::Filter;
use self::rules::{token_holds, PartialKey, SelectRules, Words};
use self::selection::{selection, Selectors};
use self::slices::{release_slices, ClusteringRange};
use self::where_clause::{
    clustering_of, in_on_last_partition_part, indexed_eqs, key_filtering, partitions_of,
    restrictions, ClusteringPlan, ColumnRelation,
};
use super::keys::cartesian;
use super::names::{key_bytes, row_key};
use super::result::ResultColumn;
use super::value_rules::ValueRules;
use super::values::{
    column_receiver, eval, eval_scalar, spec_receiver, with_receiver, TermContext,
};
use crate::cql::ast::{Operator, Relation, Select, Selection, Selector, Term};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::table::{ColumnRole, Layout, Table};
use crate::cql::timeuuid::TimeUuidGenerator;
use crate::cql::types::{CqlType, Native};
use crate::model::Slice;
use crate::partitioner::{Partitioner, Token};
use std::ops::Bound;

/// Which partitions a SELECT reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Partitions {
    /// These row keys (EQ / IN on the whole partition key), in the given order.
    Keys(Vec<Vec<u8>>),
    /// Every partition whose token is in the range, in token order.
    Range {
        start: Bound<Token>,
        end: Bound<Token>,
    },
}

/// A checked, planned SELECT.
#[derive(Debug, Clone)]
pub struct SelectPlan {
    pub table: Table,
    pub partitions: Partitions,
    /// Slices read from each partition, in output order.
    pub slices: Vec<Slice>,
    /// True when rows come out in reverse comparator order (ORDER BY).
    pub reversed: bool,
    /// Checked on every row (clustering bounds, indexed/filtered columns).
    pub filters: Vec<Filter>,
    /// Every EQ restriction on an indexed column, in WHERE order; the
    /// executor answers through the most selective one.
    pub indexed: Vec<IndexedEq>,
    pub limit: usize,
    /// 3.6's `PER PARTITION LIMIT`: rows (under GROUP BY, groups) kept
    /// of each partition.
    pub per_partition: Option<usize>,
    /// 3.10's `GROUP BY`: the clustering prefix rows are grouped by
    /// (`Some(0)`: by partition); the rows are read whole and grouped.
    pub group: Option<usize>,
    /// Under GROUP BY, the LIMIT: groups answered.
    pub group_limit: usize,
    pub count: bool,
    /// `SELECT DISTINCT`: the first row of each partition only.
    pub distinct: bool,
    /// ORDER BY was given: rows of several partitions are merged by clustering.
    pub ordered: bool,
    /// The clustering columns ORDER BY names (a prefix): rows of several
    /// partitions merge by these alone, ties kept in the order read.
    pub order_len: usize,
    /// Rows of several partitions tied on the ordering columns come out
    /// in the reverse of the partitions' order (a reversed ORDER BY before
    /// 3.0: see [`SelectRules::sort_then_reverse`]).
    pub ties_reversed: bool,
    /// No clustering restriction nor index: whole partitions are asked
    /// for, so a partition with only static cells shows as one row (2.0).
    pub full_partitions: bool,
    pub(super) selectors: Vec<(Selector, String)>,
    pub(super) columns: Vec<ResultColumn>,
    /// Per selector, its 2.2 aggregate; empty when none is one.
    pub(super) aggregates: Vec<Option<super::aggregates::Aggregate>>,
    /// `SELECT JSON` (2.2): each row becomes one JSON text of these
    /// columns (as they would have been answered, with their types).
    pub(super) json: Option<Vec<(ResultColumn, CqlType)>>,
    /// The release's value rules: how its `blobAsX` checked the bytes it
    /// was given (see [`selection::values::check_conversions`]).
    pub(super) values: super::value_rules::ValueRules,
}

/// `column = value` on an indexed column: a way to find candidate
/// partitions without a scan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexedEq {
    pub column: String,
    pub value: Vec<u8>,
}

fn invalid(msg: impl Into<String>) -> CqlError {
    CqlError::invalid(msg)
}

/// A SELECT's refusal of a relation on a column the table lacks, the
/// relation printed as written.
pub(super) fn undefined_in_where(column: &str, op: Operator, value: &Term) -> CqlError {
    let written = match (op, value) {
        // `m[k] = v`, as 2.2's `SingleColumnRelation.toString` wrote it.
        (Operator::MapEntry { .. }, Term::List(kv)) if kv.len() == 2 => format!(
            "{column}[{}] {} {}",
            kv[0].as_written(),
            op.symbol(),
            kv[1].as_written()
        ),
        _ => format!("{column} {} {}", op.symbol(), value.as_written()),
    };
    invalid(format!(
        "Undefined name {column} in where clause ('{written}')"
    ))
}

const FILTERING: &str = "Cannot execute this query as it might involve data filtering and thus may have unpredictable performance. If you want to execute this query despite the performance unpredictability, use ALLOW FILTERING";

/// Checks and plans a SELECT against `table`, by the engine's own rules.
pub fn plan_select(
    table: &Table,
    sel: &Select,
    binds: &[Option<Vec<u8>>],
    partitioner: &dyn Partitioner,
    uuids: &mut TimeUuidGenerator,
    now_millis: i64,
    values: ValueRules,
) -> CqlResult<SelectPlan> {
    let rules = SelectRules {
        values,
        ..SelectRules::default()
    };
    plan_select_by(table, sel, binds, partitioner, uuids, now_millis, &rules)
}

/// [`plan_select`] by a release's `rules`.
pub fn plan_select_by(
    table: &Table,
    sel: &Select,
    binds: &[Option<Vec<u8>>],
    partitioner: &dyn Partitioner,
    uuids: &mut TimeUuidGenerator,
    now_millis: i64,
    rules: &SelectRules,
) -> CqlResult<SelectPlan> {
    // `now()` may appear in a WHERE clause.
    let mut ctx = TermContext {
        binds,
        now_millis,
        uuids,
        values: rules.values,
        receiver: None,
        frozen_as_v2: rules.frozen_as_v2,
    };
    // The selection was prepared before the WHERE clause (1.2's to 3.x's
    // `RawStatement.prepare`): an unknown selected column is met first.
    let selected = selection(table, &sel.selection, partitioner, rules, Some(binds))?;
    let mut rels = restrictions(table, sel, partitioner, &mut ctx, rules)?;
    if rules.partial_key == PartialKey::Filtering {
        key_filtering(table, &mut rels, sel.allow_filtering)?;
    }
    let aggregate = selected.count || selected.aggregates.iter().any(Option::is_some);
    let group = grouping::check(table, sel, aggregate)?;
    if rules.in_on_last_partition_part_only {
        in_on_last_partition_part(table, &rels)?;
    }
    let key_in = rels.partition_in.iter().any(|&i| i);
    // 2.0's index on a key column, or a key restricted in part beside an
    // indexed EQ, is planned by 2.0's rules.
    let via_index = key_index::plan(
        table,
        &KeyRelations {
            partition: &rels.partition,
            partition_in: &rels.partition_in,
            clustering: &rels.clustering,
            regular: &rels.regular,
            on_token: rels.on_token,
        },
        rules.words,
    );
    let partitions = match via_index.as_ref().is_some_and(|p| p.key_range) {
        true => Partitions::Range {
            start: Bound::Unbounded,
            end: Bound::Unbounded,
        },
        false => partitions_of(
            table,
            rels.partition,
            rels.token,
            rels.on_token,
            sel.allow_filtering,
            partitioner,
            rules,
        )?,
    };
    let single = matches!(partitions, Partitions::Keys(_));
    let tuples = rels.tuples;
    let (indexed, full_partitions, prefixes, range, filters) = match via_index {
        Some(p) => {
            let has_clustering = rels.clustering.iter().any(|c| !c.is_empty())
                || tuples.as_ref().is_some_and(|t| t.any());
            if has_clustering && selects_only_statics(table, &sel.selection) {
                return Err(invalid(
                    "Cannot restrict clustering columns when selecting only static columns",
                ));
            }
            // The clustering columns read as a slice; those past it and
            // the partition key's parts are checked on the rows.
            let mut head = rels.clustering;
            head.iter_mut().skip(p.prefix).for_each(Vec::clear);
            let ClusteringPlan {
                prefixes,
                range,
                mut filters,
            } = clustering_of(
                table,
                &head,
                tuples.as_ref(),
                selects_a_collection(table, &sel.selection),
                rules.clustering_filtered(sel.allow_filtering),
                rules,
            )?;
            if !sel.order_by.is_empty() {
                return Err(invalid("ORDER BY with 2ndary indexes is not supported."));
            }
            if p.needs_filtering && !sel.allow_filtering {
                return Err(invalid(FILTERING));
            }
            filters.extend(p.filters);
            filters.extend(rels.regular);
            let indexed = p
                .indexed
                .into_iter()
                .map(|(column, value)| IndexedEq { column, value })
                .collect();
            (indexed, false, prefixes, range, filters)
        }
        None => unindexed_or_1_2(
            table,
            sel,
            (rels.clustering, tuples.as_ref()),
            rels.regular,
            single,
            rules,
        )?,
    };
    let reversed = order_by(table, sel, single)?;
    if key_in && rules.ordering_selected {
        ordering_selected(sel, rules.words)?;
    }
    let slices = release_slices(table, &prefixes, range.as_ref(), reversed, rules)?;
    let limit = limit_of(sel, &mut ctx)?;
    let per_partition = grouping::per_partition_limit(sel, &mut ctx)?;
    let Selectors {
        selectors,
        columns,
        count,
        aggregates,
    } = selected;
    // 2.2's aggregates read every row, `count(*)` too: the LIMIT bounds
    // the one row out.
    // Groups are made of every row read: the LIMIT bounds the groups.
    let group_limit = limit;
    let limit = if aggregates.is_empty() && !(count && rules.functions_in_system) && group.is_none()
    {
        limit
    } else {
        usize::MAX
    };
    let columns = match sel.json {
        true => vec![ResultColumn {
            name: "[json]".into(),
            type_class: format!("{}UTF8Type", crate::marshal::MARSHAL_PACKAGE),
        }],
        false => columns,
    };
    if sel.distinct {
        check_distinct(table, &selectors, !single)?;
    }
    Ok(SelectPlan {
        table: table.clone(),
        partitions,
        slices,
        reversed,
        filters,
        indexed,
        limit,
        per_partition,
        group,
        group_limit,
        count,
        distinct: sel.distinct,
        ordered: !sel.order_by.is_empty(),
        order_len: sel.order_by.len(),
        ties_reversed: reversed && rules.sort_then_reverse,
        full_partitions,
        selectors,
        columns,
        aggregates,
        json: sel
            .json
            .then(|| selection_columns(table, &sel.selection, partitioner, rules))
            .transpose()?,
        values: rules.values,
    })
}

/// What the engine's own planning (1.2's, with the later releases' words)
/// reads of the clustering columns and the other restrictions: the
/// indexed EQs, whether whole partitions are asked for, the clustering
/// prefix and slice, and every restriction checked on the rows.
type ClusteringRead = (
    Vec<IndexedEq>,
    bool,
    Vec<Vec<Vec<u8>>>,
    Option<ClusteringRange>,
    Vec<Filter>,
);

fn unindexed_or_1_2(
    table: &Table,
    sel: &Select,
    (clustering, tuples): (Vec<Vec<ColumnRelation>>, Option<&multi_column::Clustering>),
    regular: Vec<Filter>,
    single: bool,
    rules: &SelectRules,
) -> CqlResult<ClusteringRead> {
    let indexed = indexed_eqs(table, &regular, rules.in_of_one_uses_index);
    let index = indexed.first();
    // 2.1's CONTAINS on an index of the collection's elements (CONTAINS
    // KEY: of a map's keys) serves the query too: the rows are found by a
    // scan in ring order (the index's order) checked against the filters.
    let contains_served = regular
        .iter()
        .any(|f| contains::contains_indexed(table, &f.column, f.op));
    let served = index.is_some() || contains_served;
    // 1.2 to 2.2 filter non-key columns only behind an indexed EQ; ALLOW
    // FILTERING permits extra restrictions, never an unindexed scan. 3.0
    // on, it permits the scan: each row read is checked.
    let filtered_scan = !regular.is_empty() && !served;
    // 1.2 refused an IN of other than one value on a non-key column among
    // its checks of the indexed columns, before asking for an indexed EQ.
    if rules.words == Words::V12
        && regular
            .iter()
            .any(|f| f.op == Operator::In && f.values.len() != 1)
    {
        return Err(invalid(
            "Cannot use IN operator on column not part of the partition key",
        ));
    }
    if filtered_scan && !(rules.filters_unindexed && sel.allow_filtering) {
        return Err(invalid(
            "No indexed columns present in by-columns clause with Equal operator",
        ));
    }
    let has_clustering =
        clustering.iter().any(|c| !c.is_empty()) || tuples.is_some_and(|t| t.any());
    // 2.0: selecting only key and static columns asks for the static part,
    // which a clustering restriction cannot narrow.
    if has_clustering && selects_only_statics(table, &sel.selection) {
        return Err(invalid(
            "Cannot restrict clustering columns when selecting only static columns",
        ));
    }
    // An index on a static column (3.4+) finds whole partitions too.
    let full_partitions = !has_clustering
        && !contains_served
        && !filtered_scan
        && index.is_none_or(|i| table.is_static(&i.column));
    // The releases checked the clustering columns' restrictions before
    // asking for ALLOW FILTERING (1.2's and 2.0's SelectStatement, 2.2's
    // StatementRestrictions), where no index serves the query.
    let collection = selects_a_collection(table, &sel.selection);
    let plan = || {
        clustering_of(
            table,
            &clustering,
            tuples,
            collection,
            rules.clustering_filtered(sel.allow_filtering),
            rules,
        )
    };
    let early = (!served).then(plan).transpose()?;
    // ORDER BY was checked before the filtering (1.2's `prepare`, 2.0's
    // `processOrderingClause`, 2.2's and 3.x's `verifyOrderingIsAllowed`).
    if !sel.order_by.is_empty() {
        if served {
            return Err(invalid("ORDER BY with 2ndary indexes is not supported."));
        }
        order_by(table, sel, single)?;
    }
    // Filtering: 1.2 counted the non-key restrictions only (a clustering
    // restriction beside an indexed EQ is read as a slice), as 2.0 and 2.1
    // did (their leading clustering restrictions dropped from the index
    // expressions); 2.2 counted the clustering restrictions too.
    let clustering_filters = has_clustering
        && match rules.words {
            Words::V22 => !single || served,
            _ => !single && !served,
        };
    if !sel.allow_filtering && (regular.len() > 1 || clustering_filters) {
        return Err(invalid(FILTERING));
    }
    let ClusteringPlan {
        prefixes,
        range,
        mut filters,
    } = match early {
        Some(early) => early,
        None => plan()?,
    };
    filters.extend(regular);
    Ok((indexed, full_partitions, prefixes, range, filters))
}

/// The columns a selection answers before `SELECT JSON` folds them.
fn selection_columns(
    table: &Table,
    s: &crate::cql::ast::Selection,
    partitioner: &dyn Partitioner,
    rules: &SelectRules,
) -> CqlResult<Vec<(ResultColumn, CqlType)>> {
    let columns = selection(table, s, partitioner, rules, None)?.columns;
    columns
        .into_iter()
        .map(|c| {
            let ty = crate::marshal::parse_type(&c.type_class)
                .map_err(|e| CqlError::invalid(e.0))
                .and_then(|t| CqlType::from_marshal(t.as_ref()))?;
            Ok((c, ty))
        })
        .collect()
}

/// Whether a table with static columns is asked for key and static
/// columns only (2.0's `selectsOnlyStaticColumns`; never for `*`).
fn selects_only_statics(table: &Table, selection: &Selection) -> bool {
    let Selection::Columns(list) = selection else {
        return false;
    };
    let mut selected = Vec::new();
    list.iter()
        .for_each(|(s, _)| selector_columns(s, &mut selected));
    table.has_statics()
        && selected
            .iter()
            .all(|c| table.partition_key.iter().any(|k| &k.name == c) || table.is_static(c))
}

/// Whether a selection reads a collection whose elements are cells of
/// their own (not frozen): `*` of a table that has one, or one named.
fn selects_a_collection(table: &Table, selection: &Selection) -> bool {
    let is_collection = |c: &str| table.column(c).is_some_and(|c| c.ty.is_collection());
    match selection {
        Selection::Columns(list) => {
            let mut selected = Vec::new();
            list.iter()
                .for_each(|(s, _)| selector_columns(s, &mut selected));
            selected.into_iter().any(is_collection)
        }
        _ => table.all_columns().iter().any(|c| c.ty.is_collection()),
    }
}

/// The columns a selector reads, in order.
fn selector_columns<'a>(s: &'a Selector, out: &mut Vec<&'a str>) {
    match s {
        Selector::Column(c) | Selector::WriteTime(c) | Selector::Ttl(c) => out.push(c),
        Selector::Field { column, .. } => out.push(column),
        Selector::Function { args, .. } => args.iter().for_each(|a| selector_columns(a, out)),
        Selector::Cast { arg, .. } => selector_columns(arg, out),
        Selector::Term { .. } | Selector::Value { .. } => {}
    }
}

/// 2.0's rule: DISTINCT selects partition key and static columns only,
/// and over a range of partitions every partition key column (a query of
/// given keys need not name them).
fn check_distinct(
    table: &Table,
    selectors: &[(Selector, String)],
    key_range: bool,
) -> CqlResult<()> {
    let mut selected = Vec::new();
    selectors
        .iter()
        .for_each(|(s, _)| selector_columns(s, &mut selected));
    for c in &selected {
        if !table.partition_key.iter().any(|k| &k.name == c) && !table.is_static(c) {
            return Err(invalid(format!(
                "SELECT DISTINCT queries must only request partition key columns and/or \
                 static columns (not {c})"
            )));
        }
    }
    if !key_range {
        return Ok(());
    }
    for k in &table.partition_key {
        if !selected.contains(&k.name.as_str()) {
            return Err(invalid(format!(
                "SELECT DISTINCT queries must request all the partition key columns (missing {})",
                k.name
            )));
        }
    }
    Ok(())
}

/// The plan of `query` over the table `create` makes, by `release`'s
/// rules: the fixture of this module's tests.
#[cfg(test)]
fn plan_in_release(release: (u32, u32, u32), create: &str, query: &str) -> CqlResult<SelectPlan> {
    plan_indexed_in_release(release, create, &[], query)
}

/// [`plan_in_release`] on a table with an index on each of `indexed`.
#[cfg(test)]
fn plan_indexed_in_release(
    release: (u32, u32, u32),
    create: &str,
    indexed: &[&str],
    query: &str,
) -> CqlResult<SelectPlan> {
    use crate::cql::ast::Statement;
    use crate::cql::{parse_with, Grammar};
    let Statement::CreateTable(ct) = parse_with(create, Grammar::WithStatics).unwrap().statement
    else {
        panic!("not a CREATE TABLE: {create}")
    };
    let mut table = Table::from_create("ks", &ct).unwrap();
    for column in indexed {
        table.add_index(column, None).unwrap();
    }
    let Statement::Select(sel) = parse_with(query, Grammar::Cql34).unwrap().statement else {
        panic!("not a SELECT: {query}")
    };
    let mut uuids = crate::cql::timeuuid::TimeUuidGenerator::new(7);
    let rules = SelectRules::of_release(release);
    plan_select_by(
        &table,
        &sel,
        &[],
        &crate::partitioner::Murmur3Partitioner,
        &mut uuids,
        5,
        &rules,
    )
}
