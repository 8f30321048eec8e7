//! A SELECT's LIMIT, 3.6's `PER PARTITION LIMIT` and 3.10's `GROUP BY`
//! (CQL 3.4): their checks, in 3.11's words and order, and the groups a
//! read's rows make.
//!
//! A GROUP BY names a prefix of the primary key (the whole partition key,
//! then clustering columns in their order; a column restricted by EQ may
//! be skipped). Each group answers one row: its aggregates folded over the
//! group's rows, every other selector its first row's value. LIMIT counts
//! groups, PER PARTITION LIMIT a partition's groups; without GROUP BY,
//! PER PARTITION LIMIT keeps the first rows of each partition read.

use super::super::read::CqlRow;
use super::super::values::{eval_i64, TermContext};
use super::selection::values::{aggregated, eval_selector};
use super::selection::Selectors;
use super::SelectPlan;
use crate::cql::ast::{ConstantKind, Operator, Relation, Select, Selection, Term};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::table::{ColumnRole, Table};
use crate::partitioner::Partitioner;

fn invalid(msg: impl Into<String>) -> CqlError {
    CqlError::invalid(msg)
}

const ORDER: &str =
    "Group by currently only support groups of columns following their declared order in the PRIMARY KEY";

/// 3.11's checks of a SELECT's PER PARTITION LIMIT and GROUP BY against
/// its selection (`aggregate`: an aggregate or `count(*)` is selected),
/// in `RawStatement.prepare`'s order; the GROUP BY's clustering prefix
/// (`Some(0)`: by partition) when it has one.
pub(super) fn check(table: &Table, sel: &Select, aggregate: bool) -> CqlResult<Option<usize>> {
    if sel.distinct && sel.per_partition_limit.is_some() {
        return Err(invalid(
            "PER PARTITION LIMIT is not allowed with SELECT DISTINCT queries",
        ));
    }
    let group = group_prefix(table, sel)?;
    if group.is_none() && aggregate && sel.per_partition_limit.is_some() {
        return Err(invalid(
            "PER PARTITION LIMIT is not allowed with aggregate queries.",
        ));
    }
    Ok(group)
}

/// `getAggregationSpecification`: the GROUP BY's columns walked along the
/// primary key, a column skipped only when restricted by EQ.
fn group_prefix(table: &Table, sel: &Select) -> CqlResult<Option<usize>> {
    if sel.group_by.is_empty() {
        return Ok(None);
    }
    let key: Vec<(&str, bool)> = table
        .partition_key
        .iter()
        .map(|c| (c.name.as_str(), false))
        .chain(
            table
                .clustering
                .iter()
                .map(|c| (c.column.name.as_str(), true)),
        )
        .collect();
    let mut next = 0;
    let mut prefix = 0;
    for name in &sel.group_by {
        match table.role(name) {
            None => return Err(invalid(format!("Group by on unknown column {name}"))),
            Some(ColumnRole::Regular(_)) => {
                return Err(invalid(format!(
                    "Group by is currently only supported on the columns of the PRIMARY KEY, \
                     got {name}"
                )))
            }
            Some(_) => {}
        }
        loop {
            let Some(&(column, clustering)) = key.get(next) else {
                return Err(invalid(ORDER));
            };
            next += 1;
            if clustering {
                prefix += 1;
            }
            if column == name {
                break;
            }
            if !restricted_by_eq(sel, column) {
                return Err(invalid(ORDER));
            }
        }
    }
    if next < table.partition_key.len() {
        return Err(invalid(
            "Group by is not supported on only a part of the partition key",
        ));
    }
    if prefix > 0 && sel.distinct {
        return Err(invalid(
            "Grouping on clustering columns is not allowed for SELECT DISTINCT queries",
        ));
    }
    Ok(Some(prefix))
}

/// Whether the WHERE clause restricts `column` by an equality (of its
/// own, or a tuple's).
fn restricted_by_eq(sel: &Select, column: &str) -> bool {
    sel.where_clause.iter().any(|r| match r {
        Relation::Column { column: c, op, .. } => c == column && *op == Operator::Eq,
        Relation::MultiColumn { columns, op, .. } => {
            *op == Operator::Eq && columns.iter().any(|c| c == column)
        }
        Relation::Token { .. } => false,
    })
}

/// The PER PARTITION LIMIT's value (checked as LIMIT's is).
pub(super) fn per_partition_limit(sel: &Select, ctx: &mut TermContext) -> CqlResult<Option<usize>> {
    sel.per_partition_limit
        .as_ref()
        .map(|t| limit_value(t, ctx))
        .transpose()
}

/// LIMIT, or the default row count.
pub(super) fn limit_of(sel: &Select, ctx: &mut TermContext) -> CqlResult<usize> {
    Ok(match &sel.limit {
        // CQL3 in 1.2 counted at most 10000 rows unless told otherwise.
        None if sel.selection == Selection::Count => 10_000,
        None => i32::MAX as usize,
        Some(t) => limit_value(t, ctx)?,
    })
}

/// A LIMIT's (or 3.6's PER PARTITION LIMIT's) value, strictly positive.
fn limit_value(t: &Term, ctx: &mut TermContext) -> CqlResult<usize> {
    // 2.0 on: the limit is an int term, its constant read by
    // `Int32Type.fromString` (1.2's parser read it itself).
    if let Term::Constant(c) = t {
        if c.kind == ConstantKind::Integer && c.text.parse::<i32>().is_err() {
            return Err(invalid(format!("unable to make int from '{}'", c.text)));
        }
    }
    let l = eval_i64(t, "limit", ctx)?;
    if l <= 0 {
        return Err(invalid("LIMIT must be strictly positive"));
    }
    Ok(l as usize)
}

/// The rows of a grouped SELECT: one per group of consecutive rows sharing
/// their partition and the grouped clustering prefix, at most
/// `plan.per_partition` groups of a partition and `plan.group_limit` in all.
pub(super) fn grouped_rows(
    plan: &SelectPlan,
    prefix: usize,
    rows: &[CqlRow],
    partitioner: &dyn Partitioner,
) -> CqlResult<Vec<Vec<Option<Vec<u8>>>>> {
    let same = |a: &CqlRow, b: &CqlRow| {
        a.row_key == b.row_key
            && a.clustering
                .iter()
                .take(prefix)
                .eq(b.clustering.iter().take(prefix))
    };
    let mut groups: Vec<&[CqlRow]> = Vec::new();
    let mut start = 0;
    for i in 1..=rows.len() {
        if i == rows.len() || !same(&rows[i - 1], &rows[i]) {
            if i > start {
                groups.push(&rows[start..i]);
            }
            start = i;
        }
    }
    let mut out = Vec::new();
    let mut in_partition = 0;
    let mut last_key: Option<&[u8]> = None;
    for g in groups {
        let key = g[0].row_key.as_slice();
        if last_key != Some(key) {
            in_partition = 0;
            last_key = Some(key);
        }
        in_partition += 1;
        if plan.per_partition.is_some_and(|n| in_partition > n) {
            continue;
        }
        if out.len() >= plan.group_limit {
            break;
        }
        out.push(match (plan.count, plan.aggregates.is_empty()) {
            (true, _) => vec![Some((g.len() as i64).to_be_bytes().to_vec())],
            (false, false) => {
                let selected = Selectors {
                    selectors: plan.selectors.clone(),
                    columns: Vec::new(),
                    count: false,
                    aggregates: plan.aggregates.clone(),
                };
                aggregated(&plan.table, &selected, g, partitioner)?
            }
            (false, true) => plan
                .selectors
                .iter()
                .map(|(s, _)| eval_selector(&plan.table, s, &g[0], partitioner))
                .collect(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::plan_in_release;

    const SALES: &str = "CREATE TABLE sales (shop text, day int, item text, qty int, \
                         PRIMARY KEY (shop, day, item))";
    const M: &str = "CREATE TABLE m (a int, b int, c int, v int, PRIMARY KEY ((a, b), c))";

    fn refusal(create: &str, query: &str) -> String {
        match plan_in_release((3, 11, 10), create, query) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("planned: {query}"),
        }
    }

    #[test]
    fn group_by_takes_a_primary_key_prefix() {
        let p = plan_in_release(
            (3, 11, 10),
            SALES,
            "SELECT shop, sum(qty) FROM sales GROUP BY shop, day",
        )
        .unwrap();
        assert_eq!(p.group, Some(1));
        let p = plan_in_release((3, 11, 10), SALES, "SELECT * FROM sales GROUP BY shop").unwrap();
        assert_eq!(p.group, Some(0));
        // a partition key restricted by EQ may be skipped
        let p = plan_in_release(
            (3, 11, 10),
            SALES,
            "SELECT day, sum(qty) FROM sales WHERE shop = 's' GROUP BY day",
        )
        .unwrap();
        assert_eq!(p.group, Some(1));
        let p = plan_in_release((3, 11, 10), M, "SELECT a, b FROM m GROUP BY a, b, c").unwrap();
        assert_eq!(p.group, Some(1));
    }

    #[test]
    fn group_by_refusals_are_3_10_s() {
        for (query, why) in [
            ("SELECT shop FROM sales GROUP BY day", super::ORDER),
            ("SELECT shop FROM sales GROUP BY shop, item", super::ORDER),
            ("SELECT shop FROM sales GROUP BY shop, shop", super::ORDER),
            (
                "SELECT shop FROM sales GROUP BY qty",
                "Group by is currently only supported on the columns of the PRIMARY KEY, got qty",
            ),
            (
                "SELECT shop FROM sales GROUP BY nosuch",
                "Group by on unknown column nosuch",
            ),
            (
                "SELECT DISTINCT shop FROM sales GROUP BY shop, day",
                "Grouping on clustering columns is not allowed for SELECT DISTINCT queries",
            ),
        ] {
            assert_eq!(refusal(SALES, query), why, "{query}");
        }
        assert_eq!(
            refusal(M, "SELECT a FROM m GROUP BY a"),
            "Group by is not supported on only a part of the partition key"
        );
    }

    /// The rows of SALES: (shop, day, item, qty).
    fn sales_rows() -> Vec<super::CqlRow> {
        [
            ("s1", 1, "a", 2),
            ("s1", 1, "b", 3),
            ("s1", 2, "a", 5),
            ("s2", 1, "c", 1),
        ]
        .into_iter()
        .map(|(shop, day, item, qty)| super::CqlRow {
            row_key: shop.as_bytes().to_vec(),
            partition: vec![shop.as_bytes().to_vec()],
            clustering: vec![i32::to_be_bytes(day).to_vec(), item.as_bytes().to_vec()],
            columns: vec![Some(super::super::super::read::StoredValue {
                value: i32::to_be_bytes(qty).to_vec(),
                timestamp: 10,
                ttl: None,
            })],
        })
        .collect()
    }

    fn grouped(query: &str) -> Vec<Vec<Option<Vec<u8>>>> {
        let p = plan_in_release((3, 11, 10), SALES, query).unwrap();
        let prefix = p.group.expect("grouped");
        super::grouped_rows(
            &p,
            prefix,
            &sales_rows(),
            &crate::partitioner::Murmur3Partitioner,
        )
        .unwrap()
    }

    fn int(n: i32) -> Option<Vec<u8>> {
        Some(n.to_be_bytes().to_vec())
    }

    fn text(s: &str) -> Option<Vec<u8>> {
        Some(s.as_bytes().to_vec())
    }

    #[test]
    fn each_group_answers_its_aggregates_and_its_first_row() {
        let count = |n: i64| Some(n.to_be_bytes().to_vec());
        assert_eq!(
            grouped("SELECT shop, day, sum(qty), count(*) FROM sales GROUP BY shop, day"),
            vec![
                vec![text("s1"), int(1), int(5), count(2)],
                vec![text("s1"), int(2), int(5), count(1)],
                vec![text("s2"), int(1), int(1), count(1)],
            ]
        );
        assert_eq!(
            grouped("SELECT shop, item, qty FROM sales GROUP BY shop"),
            vec![
                vec![text("s1"), text("a"), int(2)],
                vec![text("s2"), text("c"), int(1)]
            ]
        );
        // PER PARTITION LIMIT counts a partition's groups, LIMIT the groups
        assert_eq!(
            grouped("SELECT shop, day FROM sales GROUP BY shop, day PER PARTITION LIMIT 1"),
            vec![vec![text("s1"), int(1)], vec![text("s2"), int(1)]]
        );
        assert_eq!(
            grouped("SELECT shop, day FROM sales GROUP BY shop, day LIMIT 2"),
            vec![vec![text("s1"), int(1)], vec![text("s1"), int(2)]]
        );
    }

    #[test]
    fn per_partition_limit_checks() {
        let p = plan_in_release(
            (3, 11, 10),
            SALES,
            "SELECT shop FROM sales PER PARTITION LIMIT 2 LIMIT 3",
        )
        .unwrap();
        assert_eq!((p.per_partition, p.limit), (Some(2), 3));
        for (query, why) in [
            (
                "SELECT shop FROM sales PER PARTITION LIMIT 0",
                "LIMIT must be strictly positive",
            ),
            (
                "SELECT shop FROM sales PER PARTITION LIMIT -1",
                "LIMIT must be strictly positive",
            ),
            (
                "SELECT count(*) FROM sales PER PARTITION LIMIT 1",
                "PER PARTITION LIMIT is not allowed with aggregate queries.",
            ),
            (
                "SELECT DISTINCT shop FROM sales PER PARTITION LIMIT 1",
                "PER PARTITION LIMIT is not allowed with SELECT DISTINCT queries",
            ),
        ] {
            assert_eq!(refusal(SALES, query), why, "{query}");
        }
        // beside GROUP BY it limits each partition's groups
        let p = plan_in_release(
            (3, 11, 10),
            SALES,
            "SELECT shop, count(*) FROM sales GROUP BY shop, day PER PARTITION LIMIT 1 LIMIT 2",
        )
        .unwrap();
        assert_eq!((p.per_partition, p.group_limit), (Some(1), 2));
    }
}
