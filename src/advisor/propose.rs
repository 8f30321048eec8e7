//! The proposal: the primary key of a table that answers a SELECT from one
//! partition, derived mechanically from the query and the source table,
//! each step a stated rule (docs/advisor.md lists them with sources):
//!
//! 1. an equality (`=`, `IN`) restricts the rows to those sharing a value:
//!    its columns become the partition key (seed 001: "each query should
//!    fetch data from a single partition");
//! 2. a range (`<`, `<=`, `>`, `>=`) is answered by a slice of one
//!    partition only on a clustering column: its column clusters next;
//! 3. ORDER BY is read without sorting only in the clustering order: its
//!    column clusters (if not yet) and its direction becomes the
//!    `CLUSTERING ORDER BY` (seed 000);
//! 4. the source's primary key columns not yet placed are added as
//!    clustering columns, so that each source row stays one row (without
//!    them rows sharing the query's values overwrite each other).
//!
//! It also writes the proposed `CREATE TABLE` and the rewritten query, and
//! warns where the source's own key is not unique. It must not read data.

use super::split::Bucket;
use super::{AdvisorError, AdvisorResult};
use crate::cql::ast::{
    Constant, ConstantKind, Operator, Ordering, Relation, Select, Statement, Term,
};
use crate::cql::exec::describe_create::ident;
use crate::cql::table::{Column, Table};
use crate::cql::types::{CqlType, Native};
use serde_json::{json, Value};

/// Cassandra 1.2's longest table name.
const MAX_NAME: usize = 48;

/// One column of the proposed primary key and where its value comes from.
#[derive(Debug, Clone)]
pub struct KeyColumn {
    pub column: Column,
    /// True for the bucket column, computed per row (see [`Bucket`]).
    pub is_bucket: bool,
}

/// A proposed table for a query.
#[derive(Debug, Clone)]
pub struct Proposal {
    pub source: Table,
    /// The query as parsed (double-quoted values read as strings).
    pub select: Select,
    /// Its text, so requoted.
    pub query_text: String,
    /// Why the text was requoted, or empty.
    pub note: String,
    pub name: String,
    pub partition: Vec<KeyColumn>,
    /// Clustering columns and whether each is DESC.
    pub clustering: Vec<(KeyColumn, bool)>,
    /// The other columns, copied (static columns become regular ones).
    pub regular: Vec<Column>,
    pub bucket: Option<Bucket>,
    pub rules: Vec<Value>,
    pub warnings: Vec<String>,
}

/// Parses a SELECT without bind markers (double-quoted values after WHERE
/// read as string literals, as the explorer's query check does).
pub fn parse(query: &str) -> AdvisorResult<(Select, String, String)> {
    let (parsed, text, note) = match crate::cql::parse(query) {
        Ok(p) => (p, query.to_string(), String::new()),
        Err(e) => match crate::explorer::query::requote(query)
            .and_then(|q| crate::cql::parse(&q).ok().map(|p| (p, q)))
        {
            Some((p, q)) => (
                p,
                q,
                format!("double-quoted values are identifiers in CQL3 ({e}); they were read as string literals"),
            ),
            None => return Err(AdvisorError::BadRequest(format!("cannot parse the query: {e}"))),
        },
    };
    let Statement::Select(sel) = parsed.statement else {
        return Err(AdvisorError::BadRequest(
            "only a SELECT can be advised on".into(),
        ));
    };
    if parsed.bind_count > 0 {
        return Err(AdvisorError::BadRequest(
            "bind markers (?) cannot be advised on: give the values".into(),
        ));
    }
    Ok((sel, text, note))
}

fn rule(rule: &str, column: &str, why: String) -> Value {
    json!({"rule": rule, "column": column, "why": why})
}

fn key(column: &Column) -> AdvisorResult<KeyColumn> {
    if column.ty.is_collection() {
        return Err(AdvisorError::BadRequest(format!(
            "{} is a collection, which cannot be part of a primary key",
            column.name
        )));
    }
    Ok(KeyColumn {
        column: column.clone(),
        is_bucket: false,
    })
}

/// Derives the proposal for `sel` on `source`.
pub fn propose(source: &Table, sel: Select, text: String, note: String) -> AdvisorResult<Proposal> {
    if source.is_counter_table() {
        return Err(AdvisorError::BadRequest(
            "a counter table cannot be copied cell by cell (CQL can only add to a counter): keep a second counter table updated beside it".into(),
        ));
    }
    let find = |name: &str| {
        source.column(name).cloned().ok_or_else(|| {
            AdvisorError::BadRequest(format!("{} has no column {name}", source.name))
        })
    };
    let mut eq: Vec<Column> = Vec::new();
    let mut range: Vec<Column> = Vec::new();
    let mut rules = Vec::new();
    let mut warnings = Vec::new();
    for r in &sel.where_clause {
        match r {
            Relation::Column { column, op, .. } => {
                let c = find(column)?;
                let list = match op {
                    Operator::Eq | Operator::In => &mut eq,
                    _ => &mut range,
                };
                if !list.iter().any(|x| x.name == c.name) {
                    list.push(c);
                }
            }
            Relation::MultiColumn { columns, op, .. } => {
                for column in columns {
                    let c = find(column)?;
                    let list = match op {
                        Operator::Eq | Operator::In => &mut eq,
                        _ => &mut range,
                    };
                    if !list.iter().any(|x| x.name == c.name) {
                        list.push(c);
                    }
                }
            }
            Relation::Token { .. } => {
                return Err(AdvisorError::BadRequest(
                    "token() restricts the ring, not the rows: advise on the column values instead"
                        .into(),
                ))
            }
        }
    }
    range.retain(|c| !eq.iter().any(|e| e.name == c.name));
    if eq.is_empty() {
        return Err(AdvisorError::BadRequest(
            "the query has no equality (= or IN) to partition by: it reads every partition whatever the table; give the values it is asked by".into(),
        ));
    }
    let mut partition = Vec::new();
    for c in &eq {
        partition.push(key(c)?);
        let how = match sel.where_clause.iter().find_map(|r| match r {
            Relation::Column { column, op, .. } if column == &c.name => Some(*op),
            _ => None,
        }) {
            Some(Operator::In) => " (IN reads one partition per value)",
            _ => "",
        };
        rules.push(rule(
            "equality -> partition key",
            &c.name,
            format!("the query asks for rows sharing one {} value: with it as the partition key they sit in one partition{how}", c.name),
        ));
    }
    let order: Vec<(String, bool)> = sel
        .order_by
        .iter()
        .map(|(c, o)| (c.clone(), matches!(o, Ordering::Desc)))
        .collect();
    let desc_of = |name: &str| order.iter().find(|(c, _)| c == name).map(|(_, d)| *d);
    let mut clustering: Vec<(KeyColumn, bool)> = Vec::new();
    for c in &range {
        clustering.push((key(c)?, desc_of(&c.name).unwrap_or(false)));
        rules.push(rule(
            "range -> clustering column",
            &c.name,
            format!(
                "a range on {} is a slice of one partition only on a clustering column",
                c.name
            ),
        ));
    }
    if range.len() > 1 {
        warnings.push(format!(
            "ranges on {} columns: a slice restricts only the first ({}); the others filter (ALLOW FILTERING) within the partition",
            range.len(),
            range[0].name
        ));
    }
    for (name, desc) in &order {
        let c = find(name)?;
        if let Some(at) = clustering.iter().position(|(k, _)| k.column.name == c.name) {
            if at > 0 {
                warnings.push(format!(
                    "ORDER BY {name} with a range on {}: rows come in {}'s order first",
                    clustering[0].0.column.name, clustering[0].0.column.name
                ));
            }
        } else if !partition.iter().any(|k| k.column.name == c.name) {
            clustering.push((key(&c)?, *desc));
        }
        rules.push(rule(
            "ORDER BY -> clustering order",
            name,
            format!(
                "stored {} so that the query reads forward, without reversing or sorting",
                if *desc {
                    "descending (DESC)"
                } else {
                    "ascending (ASC)"
                }
            ),
        ));
    }
    let placed = |n: &str, p: &[KeyColumn], c: &[(KeyColumn, bool)]| {
        p.iter().any(|k| k.column.name == n) || c.iter().any(|(k, _)| k.column.name == n)
    };
    let source_key: Vec<(Column, bool)> = source
        .partition_key
        .iter()
        .map(|c| (c.clone(), false))
        .chain(
            source
                .clustering
                .iter()
                .map(|c| (c.column.clone(), c.reversed)),
        )
        .collect();
    for (c, desc) in &source_key {
        if !placed(&c.name, &partition, &clustering) {
            clustering.push((key(c)?, *desc));
            rules.push(rule(
                "uniqueness -> clustering column",
                &c.name,
                format!("{} is part of {}'s primary key: without it, rows sharing the query's values would overwrite each other", c.name, source.name),
            ));
        }
    }
    if let Some((last, _)) = source_key.last() {
        if last.ty == CqlType::Native(Native::Timestamp) {
            let names: Vec<&str> = source_key.iter().map(|(c, _)| c.name.as_str()).collect();
            warnings.push(format!(
                "{}'s key ({}) ends in a timestamp: two rows written for the same {} in the same millisecond are one row, the later silently overwriting the earlier; a timeuuid (or an id column after it) keeps both",
                source.name,
                names.join(", "),
                names[..names.len() - 1].join(", ")
            ));
        }
    }
    let regular: Vec<Column> = source
        .all_columns()
        .into_iter()
        .filter(|c| !placed(&c.name, &partition, &clustering))
        .cloned()
        .collect();
    if source.has_statics() {
        warnings.push("static columns become regular columns (their value is repeated on each row of the new partitions)".into());
    }
    let by: Vec<&str> = partition.iter().map(|k| k.column.name.as_str()).collect();
    let mut name = format!("{}_by_{}", source.name, by.join("_")).to_ascii_lowercase();
    name.truncate(MAX_NAME);
    Ok(Proposal {
        source: source.clone(),
        select: sel,
        query_text: text,
        note,
        name,
        partition,
        clustering,
        regular,
        bucket: None,
        rules,
        warnings,
    })
}

impl Proposal {
    /// The proposal with `bucket` as the last partition key column.
    pub fn with_bucket(&self, bucket: Bucket) -> Proposal {
        let mut p = self.clone();
        p.partition.push(KeyColumn {
            column: Column {
                name: bucket.column_name(&self.source),
                ty: bucket.cql_type(),
            },
            is_bucket: true,
        });
        p.rules.push(rule(
            "partition over the limit -> bucket",
            &bucket.column_name(&self.source),
            bucket.describe(),
        ));
        p.bucket = Some(bucket);
        p
    }

    /// The CREATE TABLE of the proposed table in `keyspace`.
    pub fn create_cql(&self, keyspace: &str) -> String {
        let mut cols: Vec<String> = Vec::new();
        for k in self
            .partition
            .iter()
            .chain(self.clustering.iter().map(|(k, _)| k))
        {
            cols.push(format!(
                "{} {}",
                ident(&k.column.name),
                k.column.ty.cql_name()
            ));
        }
        for c in &self.regular {
            cols.push(format!("{} {}", ident(&c.name), c.ty.cql_name()));
        }
        let pk: Vec<String> = self
            .partition
            .iter()
            .map(|k| ident(&k.column.name))
            .collect();
        let pk = if pk.len() == 1 {
            pk[0].clone()
        } else {
            format!("({})", pk.join(", "))
        };
        let mut key = vec![pk];
        key.extend(self.clustering.iter().map(|(k, _)| ident(&k.column.name)));
        let mut out = format!(
            "CREATE TABLE {}.{} ({}, PRIMARY KEY ({}))",
            ident(keyspace),
            ident(&self.name),
            cols.join(", "),
            key.join(", ")
        );
        if !self.clustering.is_empty() {
            let order: Vec<String> = self
                .clustering
                .iter()
                .map(|(k, d)| {
                    format!(
                        "{} {}",
                        ident(&k.column.name),
                        if *d { "DESC" } else { "ASC" }
                    )
                })
                .collect();
            out.push_str(&format!(" WITH CLUSTERING ORDER BY ({})", order.join(", ")));
        }
        out
    }

    /// The proposed table as the executor would make it (nothing created).
    pub fn target_table(&self, keyspace: &str) -> AdvisorResult<Table> {
        let parsed = crate::cql::parse(&self.create_cql(keyspace))
            .map_err(|e| AdvisorError::Internal(format!("the proposed CREATE TABLE: {e}")))?;
        let Statement::CreateTable(ct) = parsed.statement else {
            return Err(AdvisorError::Internal(
                "the proposal is not a CREATE TABLE".into(),
            ));
        };
        Ok(Table::from_create(keyspace, &ct)?)
    }

    /// The query against the proposed table: the same text with the table
    /// renamed, without ALLOW FILTERING, and with `bucket IN (...)` when
    /// bucketed (`buckets` as CQL constants).
    pub fn rewritten(&self, buckets: &[String]) -> String {
        let text = &self.query_text;
        let lower = text.to_ascii_lowercase();
        let mut out = text.clone();
        if let Some(at) = find_word(&lower, "from") {
            let rest = &text[at + 4..];
            let skip = rest.len() - rest.trim_start().len();
            let start = at + 4 + skip;
            let len = text[start..]
                .find(|c: char| c.is_whitespace() || c == ';')
                .unwrap_or(text.len() - start);
            let old = &text[start..start + len];
            let new = match old.rsplit_once('.') {
                Some((ks, _)) => format!("{ks}.{}", ident(&self.name)),
                None => ident(&self.name),
            };
            out = format!("{}{}{}", &text[..start], new, &text[start + len..]);
        }
        let lower = out.to_ascii_lowercase();
        if let Some(at) = lower.find("allow filtering") {
            out = format!(
                "{}{}",
                out[..at].trim_end(),
                &out[at + "allow filtering".len()..]
            );
        }
        if let (Some(b), false) = (&self.bucket, buckets.is_empty()) {
            let lower = out.to_ascii_lowercase();
            let end = ["order by", "limit", ";"]
                .iter()
                .filter_map(|w| {
                    find_word(&lower, w).filter(|&i| i > lower.find("where").unwrap_or(0))
                })
                .min()
                .unwrap_or(out.trim_end().len());
            let clause = format!(
                " AND {} IN ({})",
                ident(&b.column_name(&self.source)),
                buckets.join(", ")
            );
            out = format!(
                "{}{}{}{}",
                out[..end].trim_end(),
                clause,
                if end < out.len() { " " } else { "" },
                &out[end..]
            );
        }
        out.trim().to_string()
    }

    /// The rules' JSON, the key spelled out.
    pub fn json(&self, keyspace: &str) -> Value {
        json!({
            "table": self.name,
            "partition_key": self.partition.iter().map(|k| k.column.name.clone()).collect::<Vec<_>>(),
            "clustering": self.clustering.iter().map(|(k, d)| json!({"column": k.column.name, "order": if *d {"DESC"} else {"ASC"}})).collect::<Vec<_>>(),
            "create": self.create_cql(keyspace),
            "rules": self.rules,
            "warnings": self.warnings,
        })
    }
}

/// Where `word` starts in `lower` as a whole word, the first time.
fn find_word(lower: &str, word: &str) -> Option<usize> {
    let bytes = lower.as_bytes();
    let mut from = 0;
    while let Some(i) = lower[from..].find(word) {
        let at = from + i;
        let before = at == 0 || !bytes[at - 1].is_ascii_alphanumeric();
        let end = at + word.len();
        let after = end >= bytes.len() || !bytes[end].is_ascii_alphanumeric() || word == ";";
        if before && after {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The query against the proposed table, as an AST (`unlimited`: without
/// its LIMIT, for the comparison).
pub fn target_select(p: &Proposal, buckets: &[Vec<u8>], unlimited: bool) -> Select {
    let mut sel = p.select.clone();
    sel.table.name = p.name.clone();
    sel.allow_filtering = false;
    if unlimited {
        sel.limit = None;
    }
    if let Some(b) = &p.bucket {
        sel.where_clause.push(Relation::Column {
            column: b.column_name(&p.source),
            op: Operator::In,
            value: Term::List(
                buckets
                    .iter()
                    .map(|v| {
                        Term::Constant(Constant {
                            kind: ConstantKind::Integer,
                            text: Bucket::constant(v),
                        })
                    })
                    .collect(),
            ),
        });
    }
    sel
}
