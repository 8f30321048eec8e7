//! 1.1's CQL 3 beta rows over `execute_cql_query` (see
//! [`Behaviour::Cql3BetaRows`]): a SELECT of named columns (or of their
//! `writetime` and `ttl`) reads every column, to learn each row's
//! partition key, and keeps what was named; its rows are then keyed,
//! stamped and typed as the beta answered (and filtered where 1.2 would
//! have asked for ALLOW FILTERING). This module must not run statements
//! of its own; it only rewrites what a SELECT reads (and what reads its
//! cells' write times and TTLs) and reshapes the Thrift rows it gave.
//! `describe_keyspace` listed the beta's tables too ([`schema`]).

mod schema;

pub use schema::add_cql3_tables;

use crate::cql::ast::{Parsed, Selection, Selector, Statement};
use crate::cql::exec::{tables, CqlOutcome, CqlSession, Prepared};
use crate::cql::table::{ColumnRole, Layout, Table};
use crate::cql::CqlError;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::Schema;
use crate::thrift::gen::cassandra19 as t;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

/// The Java package of the type names 1.2 gave in full.
const MARSHAL: &str = "org.apache.cassandra.db.marshal.";

/// The type the beta gave a table's comparator where it had no
/// clustering columns, and every table's default validator.
const UTF8: &str = "org.apache.cassandra.db.marshal.UTF8Type";

/// What a SELECT asked for, kept to shape its rows once it ran.
#[derive(Debug)]
pub struct BetaSelect {
    /// The requested items in order; `None` for `*`.
    items: Option<Vec<Item>>,
    count: bool,
}

/// One item of the beta's select list: a column, or the write time or
/// TTL of its cell (1.1's `Selector` and `Selector.WithFunction`).
#[derive(Debug, Clone, PartialEq)]
enum Item {
    Column(String),
    WriteTime(String),
    Ttl(String),
}

impl Item {
    fn column(&self) -> &str {
        match self {
            Item::Column(c) | Item::WriteTime(c) | Item::Ttl(c) => c,
        }
    }

    /// The function's name as 1.1 printed it (`Selector.Function`), for
    /// a function item.
    fn function(&self) -> Option<&'static str> {
        match self {
            Item::Column(_) => None,
            Item::WriteTime(_) => Some("writetime"),
            Item::Ttl(_) => Some("ttl"),
        }
    }

    /// The result column's name: a function's as the beta printed the
    /// selector, `writetime(c)`, whatever case the statement wrote it in.
    fn result_name(&self) -> String {
        match self.function() {
            Some(f) => format!("{f}({})", self.column()),
            None => self.column().to_string(),
        }
    }
}

/// For a SELECT on a node answering with beta rows: the statement to run
/// instead (`*` for named columns) and what to shape its rows by.
pub fn plan(node: &Node, parsed: &Parsed) -> Option<(Parsed, BetaSelect)> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::Cql3BetaRows))
    {
        return None;
    }
    let Statement::Select(select) = &parsed.statement else {
        return None;
    };
    let items = match &select.selection {
        Selection::Wildcard | Selection::Count => None,
        Selection::Columns(columns) => Some(
            columns
                .iter()
                .map(|(selector, alias)| match (selector, alias) {
                    (Selector::Column(name), None) => Some(Item::Column(name.clone())),
                    (Selector::WriteTime(name), None) => Some(Item::WriteTime(name.clone())),
                    (Selector::Ttl(name), None) => Some(Item::Ttl(name.clone())),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?,
        ),
    };
    let mut select = select.clone();
    if items.is_some() {
        select.selection = Selection::Wildcard;
    }
    // The beta had no ALLOW FILTERING (1.1's cql3 SelectStatement): a slice
    // of clustering columns over every partition was read as asked.
    select.allow_filtering = true;
    let count = select.selection == Selection::Count;
    let parsed = Parsed {
        statement: Statement::Select(select),
        bind_count: parsed.bind_count,
        marker_names: Vec::new(),
    };
    Some((parsed, BetaSelect { items, count }))
}

/// [`plan`] for a statement prepared by the beta: 1.1 ran a prepared
/// SELECT as it ran one sent whole (`QueryProcessor.processPrepared`), so
/// its rows had the same shape. The planned statement binds the same
/// markers (the beta's select list had none).
pub fn plan_prepared(node: &Node, prepared: &Prepared) -> Option<(Prepared, Parsed, BetaSelect)> {
    let parsed = Parsed {
        statement: prepared.statement.clone(),
        bind_count: prepared.specs.len(),
        marker_names: Vec::new(),
    };
    let (planned, shape) = plan(node, &parsed)?;
    let run = Prepared {
        statement: planned.statement.clone(),
        ..prepared.clone()
    };
    Some((run, planned, shape))
}

/// The table a planned SELECT reads, as `session` sees it.
pub fn table_of(schema: &Arc<Schema>, session: &CqlSession, parsed: &Parsed) -> Option<Table> {
    let Statement::Select(select) = &parsed.statement else {
        return None;
    };
    let keyspace = session.keyspace_for(&select.table).ok()?;
    tables::lookup(schema, &keyspace, &select.table.name).ok()
}

/// What was read of one row's cells beside their values, by column name:
/// each cell's write time and, where the statement asked for a TTL, the
/// seconds its cells had left.
#[derive(Debug, Default)]
pub struct CellTimes {
    stamps: HashMap<Vec<u8>, i64>,
    ttls: HashMap<Vec<u8>, i32>,
}

impl BetaSelect {
    /// Why the beta refused the select list on `table`, checked item by
    /// item as 1.1's `SelectStatement.RawStatement.prepare` did (the
    /// statement run instead reads `*`, which names nothing).
    pub fn refusal(&self, table: &Table) -> Option<CqlError> {
        self.items.iter().flatten().find_map(|item| {
            let c = item.column();
            match (table.role(c), item.function()) {
                (None, _) => Some(CqlError::Invalid(format!(
                    "Undefined name {c} in selection clause"
                ))),
                (Some(ColumnRole::Regular(_)), _) | (_, None) => None,
                (Some(_), Some(f)) => Some(CqlError::Invalid(format!(
                    "Cannot use function {f} on PRIMARY KEY part {c}"
                ))),
            }
        })
    }

    /// The statement reading the write time (and, where asked for, the TTL)
    /// of each of `table`'s regular columns in the rows `planned` reads
    /// (the same rows, in the same order); `None` for a count or a table
    /// without regular columns. The beta gave each cell its stored
    /// timestamp (1.1's `SelectStatement.makeReturnColumn`), which the
    /// reads of the 1.2 engine answer without.
    pub fn cell_times_query(&self, table: &Table, planned: &Parsed) -> Option<Parsed> {
        let Statement::Select(select) = &planned.statement else {
            return None;
        };
        if self.count || table.regular.is_empty() {
            return None;
        }
        let names = || table.regular.iter().map(|c| c.column.name.clone());
        let mut selectors: Vec<_> = names().map(|n| (Selector::WriteTime(n), None)).collect();
        if self.asks_ttl() {
            selectors.extend(names().map(|n| (Selector::Ttl(n), None)));
        }
        let mut select = select.clone();
        select.selection = Selection::Columns(selectors);
        Some(Parsed {
            statement: Statement::Select(select),
            bind_count: planned.bind_count,
            marker_names: Vec::new(),
        })
    }

    fn asks_ttl(&self) -> bool {
        self.items
            .iter()
            .flatten()
            .any(|i| matches!(i, Item::Ttl(_)))
    }

    /// The write times and TTLs `outcome` (of [`Self::cell_times_query`])
    /// read, by row.
    pub fn cell_times(table: &Table, outcome: CqlOutcome) -> Option<Vec<CellTimes>> {
        let CqlOutcome::Rows(rows) = outcome else {
            return None;
        };
        let names = || {
            table
                .regular
                .iter()
                .map(|c| c.column.name.as_bytes().to_vec())
        };
        Some(
            rows.rows
                .into_iter()
                .map(|values| {
                    let mut values = values.into_iter();
                    let stamps = names()
                        .zip(values.by_ref())
                        .filter_map(|(n, v)| Some((n, i64::from_be_bytes(v?.try_into().ok()?))))
                        .collect();
                    let ttls = names()
                        .zip(values)
                        .filter_map(|(n, v)| Some((n, i32::from_be_bytes(v?.try_into().ok()?))))
                        .collect();
                    CellTimes { stamps, ttls }
                })
                .collect(),
        )
    }

    /// The rows of `result` (from the planned statement on `table`) as the
    /// beta gave them, each cell stamped with its write time from `times`
    /// (by row; the current time where none was read).
    pub fn shape(
        &self,
        table: &Table,
        mut result: t::CqlResult,
        times: Option<&[CellTimes]>,
    ) -> t::CqlResult {
        let Some(rows) = result.rows.take() else {
            return result;
        };
        if self.count {
            result.rows = Some(rows.into_iter().map(count_row).collect());
            result.schema = Some(t::CqlMetadata::new(
                BTreeMap::new(),
                BTreeMap::new(),
                "AsciiType".to_string(),
                "LongType".to_string(),
            ));
            return result;
        }
        let key_name = table.partition_key.first().map(|c| c.name.as_bytes());
        let keys: HashSet<&[u8]> = table
            .partition_key
            .iter()
            .chain(table.clustering.iter().map(|c| &c.column))
            .map(|c| c.name.as_bytes())
            .collect();
        let stamp = now_micros();
        // A COMPACT STORAGE table with clustering columns gave those the
        // timestamp of the row's cell; a sparse one gave them -1.
        let dense = table.layout == Layout::CompactDense;
        let clustering: HashSet<&[u8]> = table
            .clustering
            .iter()
            .map(|c| c.column.name.as_bytes())
            .collect();
        let rows = rows
            .into_iter()
            .enumerate()
            .map(|(i, mut row)| {
                let row_times = times.and_then(|t| t.get(i));
                let cell_time = |name: &[u8]| {
                    row_times.map_or(Some(stamp), |t| {
                        if dense && clustering.contains(name) {
                            t.stamps.values().next().copied()
                        } else {
                            t.stamps.get(name).copied()
                        }
                    })
                };
                row.key = row
                    .columns
                    .iter()
                    .find(|c| Some(c.name.as_slice()) == key_name)
                    .and_then(|c| c.value.clone())
                    .unwrap_or_default();
                for cell in &mut row.columns {
                    if cell.value.is_some() {
                        let name = cell.name.as_slice();
                        let key = keys.contains(name) && !(dense && clustering.contains(name));
                        cell.timestamp = if key { Some(-1) } else { cell_time(name) };
                    }
                }
                if let Some(items) = &self.items {
                    row.columns = items
                        .iter()
                        .filter_map(|item| select_item(item, &row.columns, row_times))
                        .collect();
                }
                row
            })
            .collect();
        result.rows = Some(rows);
        if let Some(schema) = &mut result.schema {
            self.shape_metadata(table, schema);
        }
        result
    }

    /// The result's metadata as the beta gave it: the selected names alone,
    /// short type names, its comparator and default validator.
    fn shape_metadata(&self, table: &Table, schema: &mut t::CqlMetadata) {
        let dense = table.layout == Layout::CompactDense;
        let kept = |name: &Vec<u8>| {
            self.items.as_ref().is_none_or(|items| {
                items
                    .iter()
                    .any(|i| i.function().is_none() && i.column().as_bytes() == name.as_slice())
            })
        };
        schema.name_types.retain(|name, _| kept(name));
        schema.value_types.retain(|name, _| kept(name));
        for class in schema.value_types.values_mut() {
            if let Some(short) = class.strip_prefix(MARSHAL) {
                *class = short.to_string();
            }
        }
        // A function's result (1.1's `addToSchema`): named in the
        // definition's text type, a long write time or an int TTL.
        for item in self.items.iter().flatten() {
            let value = match item {
                Item::Column(_) => continue,
                Item::WriteTime(_) => "LongType",
                Item::Ttl(_) => "Int32Type",
            };
            let name = item.result_name().into_bytes();
            schema
                .name_types
                .insert(name.clone(), "UTF8Type".to_string());
            schema.value_types.insert(name, value.to_string());
        }
        // The comparator's short name: a COMPACT STORAGE table of one
        // clustering column had that column's type, not a composite.
        match (dense, table.clustering.as_slice()) {
            (true, [only]) => {
                let class = only.column.ty.class_name();
                schema.default_name_type =
                    class.strip_prefix(MARSHAL).unwrap_or(&class).to_string();
            }
            (_, []) => {}
            _ => schema.default_name_type = "CompositeType".to_string(),
        }
        // The default validator's short name (1.1's
        // `SelectStatement.createSchema`): a COMPACT STORAGE table's
        // value column, else text, or counters for a counter table.
        schema.default_value_type = match (dense, table.regular.as_slice()) {
            (true, [value]) => {
                let class = value.column.ty.class_name();
                class.strip_prefix(MARSHAL).unwrap_or(&class).to_string()
            }
            _ if table.is_counter_table() => "CounterColumnType".to_string(),
            _ => "UTF8Type".to_string(),
        };
    }
}

/// `item`'s cell of a row whose cells are `columns` (every column, stamped):
/// a column's own cell, or a function's of its cell's write time or TTL,
/// which carries no timestamp and no value where the cell has none (1.1's
/// `makeReturnColumn`).
fn select_item(item: &Item, columns: &[t::Column], times: Option<&CellTimes>) -> Option<t::Column> {
    let name = item.column().as_bytes();
    let value = match item {
        Item::Column(_) => return columns.iter().find(|c| c.name == name).cloned(),
        Item::WriteTime(_) => times
            .and_then(|t| t.stamps.get(name))
            .map(|s| s.to_be_bytes().to_vec()),
        Item::Ttl(_) => times
            .and_then(|t| t.ttls.get(name))
            .map(|s| s.to_be_bytes().to_vec()),
    };
    Some(t::Column::new(
        item.result_name().into_bytes(),
        value,
        None,
        None,
    ))
}

/// A COUNT row: keyed `count`, its cell without a timestamp.
fn count_row(mut row: t::CqlRow) -> t::CqlRow {
    row.key = b"count".to_vec();
    row
}

fn now_micros() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests;
