//! Query check: how a CQL3 SELECT (or a Thrift read call) would run on a
//! column family's schema — one partition, a slice of one, several
//! partitions, a secondary-index scan or a scan of the ring — whether
//! Cassandra 1.2 refuses it (and whether ALLOW FILTERING would change
//! that), and which stored partitions it would touch.
//!
//! The verdict is the CQL3 executor's own: the statement is parsed with
//! `cql::parse` and planned with `cql::mapping::plan_select`, which applies
//! 1.2.9's rules and messages. Nothing is executed.
//!
//! Seed texts write string values in double quotes (`user_id = "Anna_id"`),
//! which CQL3 reads as identifiers and refuses to parse; the check says
//! so and then judges the query with those values as string literals.

use super::catalog::cf_def;
use super::error::{ExplorerError, ExplorerResult};
use super::stats::scan;
use crate::cql::ast::{Operator, Relation, Select, Statement};
use crate::cql::exec::tables::lookup;
use crate::cql::mapping::{cell_name, plan_select};
use crate::cql::mapping::{Partitions, SelectPlan};
use crate::cql::table::Layout;
use crate::cql::table::{ColumnRole, Table};
use crate::cql::timeuuid::TimeUuidGenerator;
use crate::marshal::bytes_to_hex;
use crate::model::{IndexExpression, IndexOperator, IndexQuery, Slice};
use crate::node::Node;
use serde::Deserialize;
use serde_json::{json, Value};
use std::ops::Bound;

/// Partitions listed at most in a verdict (the total is always given).
pub const MAX_LISTED: usize = 1000;

/// The message 1.2 refuses filtering queries with.
const FILTERING: &str = "ALLOW FILTERING";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub keyspace: String,
    pub query: Option<String>,
    pub thrift: Option<ThriftCall>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThriftCall {
    pub call: String,
    pub column_family: String,
    /// Row keys typed per the key validator.
    #[serde(default)]
    pub keys: Vec<String>,
    /// For get_indexed_slices: the indexed column and the value it equals.
    pub column: Option<String>,
    pub value: Option<String>,
}

/// `POST /api/explorer/query-check`.
pub fn check(node: &Node, c: &Check) -> ExplorerResult<Value> {
    match (&c.query, &c.thrift) {
        (Some(q), None) => cql(node, &c.keyspace, q),
        (None, Some(t)) => thrift(node, &c.keyspace, t),
        _ => Err(ExplorerError::BadRequest(
            "give either \"query\" (a CQL3 SELECT) or \"thrift\" (a call shape)".into(),
        )),
    }
}

/// A verdict object.
fn verdict(
    shape: &str,
    needs_allow_filtering: bool,
    refused: bool,
    message: String,
    touched: Touched,
) -> Value {
    json!({
        "shape": shape,
        "needs_allow_filtering": needs_allow_filtering,
        "refused_by_1_2": refused,
        "message": message,
        "partitions": touched.listed,
        "partitions_total": touched.total,
    })
}

/// The stored partitions a read touches (listed up to [`MAX_LISTED`]).
#[derive(Default)]
struct Touched {
    listed: Vec<String>,
    total: u64,
}

impl Touched {
    fn add(&mut self, key: &[u8]) {
        self.total += 1;
        if self.listed.len() < MAX_LISTED {
            self.listed.push(bytes_to_hex(key));
        }
    }
}

/// Double-quoted values after WHERE, as single-quoted strings; `None` when
/// there are none.
pub fn requote(query: &str) -> Option<String> {
    let lower = query.to_ascii_lowercase();
    let at = lower.find("where")?;
    let (head, tail) = query.split_at(at);
    let mut out = String::from(head);
    let mut changed = false;
    let mut chars = tail.chars().peekable();
    let mut last_sig = ' ';
    while let Some(ch) = chars.next() {
        if ch == '"' && matches!(last_sig, '=' | '<' | '>' | '(' | ',') {
            let mut inner = String::new();
            let mut closed = false;
            for c in chars.by_ref() {
                if c == '"' {
                    closed = true;
                    break;
                }
                inner.push(c);
            }
            if !closed {
                return None;
            }
            out.push('\'');
            out.push_str(&inner.replace('\'', "''"));
            out.push('\'');
            changed = true;
            last_sig = '\'';
            continue;
        }
        out.push(ch);
        if !ch.is_whitespace() {
            last_sig = ch;
        }
    }
    changed.then_some(out)
}

fn cql(node: &Node, keyspace: &str, query: &str) -> ExplorerResult<Value> {
    let (sel, note) = parse_select(query)?;
    let ks = sel
        .table
        .keyspace
        .clone()
        .unwrap_or_else(|| keyspace.to_string());
    let schema = node.schema();
    let table = lookup(&schema, &ks, &sel.table.name)
        .map_err(|e| ExplorerError::NotFound(e.to_string()))?;
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0);
    let mut uuids = TimeUuidGenerator::new(0);
    let p = schema.partitioner.clone();
    let mut plan = |allow: bool| {
        let mut s = sel.clone();
        s.allow_filtering |= allow;
        plan_select(
            &table,
            &s,
            &[],
            p.as_ref(),
            &mut uuids,
            now_ms,
            Default::default(),
        )
    };
    let (plan, refusal) = match plan(false) {
        Ok(plan) => (plan, None),
        Err(e) => {
            let why = e.to_string();
            match plan(true) {
                Ok(plan) if why.contains(FILTERING) && !sel.allow_filtering => (plan, Some(why)),
                _ => {
                    // Refused whatever the clause: say what it would have been.
                    return Ok(verdict(
                        refused_shape(&table, &sel),
                        false,
                        true,
                        format!("Cassandra 1.2 refuses this query: {why}.{note}"),
                        Touched::default(),
                    ));
                }
            }
        }
    };
    let (shape, what, touched) = reach(node, &ks, &table, &plan)?;
    let order = if plan.reversed {
        " in reverse of the clustering order"
    } else {
        ""
    };
    let (refused, needs, message) = match refusal {
        Some(why) => (
            true,
            true,
            format!("Cassandra 1.2 refuses this query without ALLOW FILTERING ({why}); with it, it {what}{order}.{note}"),
        ),
        None => (
            false,
            false,
            format!("Accepted by Cassandra 1.2: it {what}{order}.{note}"),
        ),
    };
    Ok(verdict(shape, needs, refused, message, touched))
}

/// Parses the query as a SELECT without bind markers, retrying with
/// double-quoted values as string literals; the note says when it did.
fn parse_select(query: &str) -> ExplorerResult<(Select, String)> {
    let mut note = String::new();
    let parsed = match crate::cql::parse(query) {
        Ok(p) => p,
        Err(e) => match requote(query).and_then(|q| crate::cql::parse(&q).ok()) {
            Some(p) => {
                note = format!(
                    " Note: double-quoted values are identifiers in CQL3, so 1.2 refuses the query as written ({e}); it was judged with them as string literals."
                );
                p
            }
            None => {
                return Err(ExplorerError::BadRequest(format!(
                    "cannot parse the query: {e}"
                )))
            }
        },
    };
    let Statement::Select(sel) = parsed.statement else {
        return Err(ExplorerError::BadRequest(
            "only SELECT statements can be checked".into(),
        ));
    };
    if parsed.bind_count > 0 {
        return Err(ExplorerError::BadRequest(
            "bind markers (?) cannot be checked: give the values".into(),
        ));
    }
    Ok((sel, note))
}

/// How a plan finds its partitions (its shape and a phrase for the
/// message), and the stored partitions it would touch.
fn reach(
    node: &Node,
    ks: &str,
    table: &Table,
    plan: &SelectPlan,
) -> ExplorerResult<(&'static str, String, Touched)> {
    let cf = &table.name;
    let mut touched = Touched::default();
    let (shape, what) = match &plan.partitions {
        Partitions::Keys(keys) => {
            for k in keys {
                if node.partition_size(ks, cf, k)?.is_some() {
                    touched.add(k);
                }
            }
            let whole = plan.slices.iter().all(|s| {
                matches!(s, Slice::Range { start, finish, .. } if start.is_empty() && finish.is_empty())
            });
            match (keys.len(), whole) {
                (1, true) => ("single_partition", "reads one partition".to_string()),
                (1, false) => (
                    "partition_slice",
                    "reads a slice of one partition (clustering restrictions)".to_string(),
                ),
                (n, _) => (
                    "multi_partition",
                    format!("reads {n} partitions, one by one"),
                ),
            }
        }
        Partitions::Range { .. } if !plan.indexed.is_empty() => {
            let eq = &plan.indexed[0];
            let column = match table.layout {
                Layout::Sparse => eq.column.as_bytes().to_vec(),
                _ => cell_name(table, &[], &eq.column, None)
                    .map_err(|e| ExplorerError::Internal(e.to_string()))?,
            };
            let q = IndexQuery {
                expressions: vec![IndexExpression {
                    column,
                    op: IndexOperator::Eq,
                    value: eq.value.clone(),
                }],
                start_key: Vec::new(),
                count: usize::MAX,
            };
            for k in node.index_candidates(ks, cf, &q)?.unwrap_or_default() {
                touched.add(&k);
            }
            (
                "index_scan",
                format!(
                    "finds partitions through the secondary index on {}",
                    eq.column
                ),
            )
        }
        Partitions::Range { start, end } => {
            let bounded = !matches!((start, end), (Bound::Unbounded, Bound::Unbounded));
            let inside = |t: &crate::partitioner::Token| {
                (match start {
                    Bound::Included(s) => t >= s,
                    Bound::Excluded(s) => t > s,
                    Bound::Unbounded => true,
                }) && (match end {
                    Bound::Included(e) => t <= e,
                    Bound::Excluded(e) => t < e,
                    Bound::Unbounded => true,
                })
            };
            scan(node, ks, cf, u64::MAX, &mut |s| {
                if inside(&s.token) {
                    touched.add(&s.key);
                }
            })?;
            let what = if bounded {
                "scans a token range of the ring, every partition in it"
            } else {
                "scans the whole ring, every partition"
            };
            ("ring_scan", what.to_string())
        }
    };
    Ok((shape, what, touched))
}

/// What a query refused whatever its clause would have been: a read of the
/// partitions its WHERE names when it names every partition key column by
/// EQ or IN, else a scan of the ring.
fn refused_shape(table: &Table, sel: &Select) -> &'static str {
    let mut named = vec![0usize; table.partition_key.len()];
    for r in &sel.where_clause {
        if let Relation::Column { column, op, value } = r {
            if let Some(ColumnRole::PartitionKey(i)) = table.role(column) {
                named[i] = match (op, value) {
                    (Operator::Eq, _) => 1,
                    (Operator::In, crate::cql::ast::Term::List(items)) => items.len(),
                    (Operator::In, _) => 2,
                    _ => 0,
                };
            }
        }
    }
    match named.iter().product::<usize>() {
        0 => "ring_scan",
        1 => "single_partition",
        _ => "multi_partition",
    }
}

fn thrift(node: &Node, keyspace: &str, t: &ThriftCall) -> ExplorerResult<Value> {
    let schema = node.schema();
    let def = cf_def(&schema, keyspace, &t.column_family)?;
    let key_type = super::catalog::key_type(node, &def);
    let mut keys = Vec::new();
    for k in &t.keys {
        keys.push(
            key_type.from_string(k).map_err(|e| {
                ExplorerError::BadRequest(format!("cannot read key '{k}': {}", e.0))
            })?,
        );
    }
    let mut touched = Touched::default();
    let existing = |keys: &[Vec<u8>], touched: &mut Touched| -> ExplorerResult<()> {
        for k in keys {
            if node.partition_size(keyspace, &def.name, k)?.is_some() {
                touched.add(k);
            }
        }
        Ok(())
    };
    let (shape, message) = match t.call.as_str() {
        "get_slice" => {
            if keys.len() != 1 {
                return Err(ExplorerError::BadRequest("get_slice takes one key".into()));
            }
            existing(&keys, &mut touched)?;
            ("single_partition", "get_slice reads one partition")
        }
        "multiget_slice" => {
            existing(&keys, &mut touched)?;
            ("multi_partition", "multiget_slice reads each key's partition")
        }
        "get_range_slices" => {
            scan(node, keyspace, &def.name, u64::MAX, &mut |s| touched.add(&s.key))?;
            ("ring_scan", "get_range_slices walks the ring in token order")
        }
        "get_indexed_slices" => {
            let indexed: Vec<_> = def
                .options
                .column_metadata
                .iter()
                .filter(|c| c.index_type.is_some())
                .collect();
            if indexed.is_empty() {
                return Ok(verdict(
                    "index_scan",
                    false,
                    true,
                    format!("Cassandra 1.2 refuses this call: {} has no secondary index (No indexed columns present in index clause with operator EQ).", def.name),
                    touched,
                ));
            }
            if let (Some(col), Some(val)) = (&t.column, &t.value) {
                let name_cmp = def.column_name_comparator(None);
                let column = name_cmp.from_string(col).map_err(|e| ExplorerError::BadRequest(e.0))?;
                let Some(m) = indexed.iter().find(|m| m.name == column) else {
                    return Err(ExplorerError::BadRequest(format!("column {col} has no index")));
                };
                let value = m.validation_class.from_string(val).map_err(|e| ExplorerError::BadRequest(e.0))?;
                let q = IndexQuery {
                    expressions: vec![IndexExpression { column, op: IndexOperator::Eq, value }],
                    start_key: Vec::new(),
                    count: usize::MAX,
                };
                for k in node.index_candidates(keyspace, &def.name, &q)?.unwrap_or_default() {
                    touched.add(&k);
                }
            }
            ("index_scan", "get_indexed_slices finds rows through a secondary index")
        }
        other => {
            return Err(ExplorerError::BadRequest(format!(
                "unknown call {other} (get_slice, multiget_slice, get_range_slices, get_indexed_slices)"
            )))
        }
    };
    Ok(verdict(shape, false, false, format!("{message}."), touched))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_quoted_values_become_strings_only_after_where() {
        assert_eq!(
            requote(r#"SELECT "Content" FROM t WHERE a = "x" AND b IN ("y", "z")"#).as_deref(),
            Some(r#"SELECT "Content" FROM t WHERE a = 'x' AND b IN ('y', 'z')"#)
        );
        assert_eq!(requote("SELECT * FROM t WHERE a = 'x'"), None);
        assert_eq!(requote(r#"SELECT * FROM t WHERE "a" = 1"#), None);
    }
}
