//! 1.1's CQL 3 beta rows over `execute_cql_query` (see
//! [`Behaviour::Cql3BetaRows`]): a SELECT of named columns reads every
//! column, to learn each row's partition key, and keeps the named ones;
//! its rows are then keyed, stamped and typed as the beta answered (and
//! filtered where 1.2 would have asked for ALLOW FILTERING). This
//! module must not run statements of its own; it only rewrites what a
//! SELECT reads (and what reads its cells' write times) and reshapes the
//! Thrift rows it gave. `describe_keyspace` listed the
//! beta's tables too ([`Behaviour::Cql3BetaSchema`], [`add_cql3_tables`]).

use crate::cql::ast::{Parsed, Selection, Selector, Statement};
use crate::cql::exec::{tables, CqlOutcome, CqlSession};
use crate::cql::table::Layout;
use crate::cql::table::Table;
use crate::cql::CqlError;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::{javaorder, KeyspaceDef, Schema};
use crate::thrift::gen::cassandra19 as t;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

/// The Java package of the type names 1.2 gave in full.
const MARSHAL: &str = "org.apache.cassandra.db.marshal.";

/// The type the beta gave a table's comparator where it had no
/// clustering columns, and every table's default validator.
const UTF8: &str = "org.apache.cassandra.db.marshal.UTF8Type";

/// `ks`'s CQL 3 tables (which 1.2 kept from Thrift) added to `def` as the
/// beta described them, where the release listed them.
pub fn add_cql3_tables(node: &Node, ks: &KeyspaceDef, def: &mut t::KsDef) {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::Cql3BetaSchema))
    {
        return;
    }
    for cf in ks.cfs.values().filter(|cf| cf.is_thrift_incompatible()) {
        let Ok(table) = tables::table_of(cf) else {
            continue;
        };
        let mut cf_def = crate::thrift::api19::defs::cf_def(&cf.describe_v12());
        beta_cf_def(&table, &mut cf_def);
        def.cf_defs.push(cf_def);
    }
}

/// A CQL 3 table's definition as the beta kept it (see
/// [`Behaviour::Cql3BetaSchema`]).
fn beta_cf_def(table: &Table, cf: &mut t::CfDef) {
    if table.clustering.is_empty() {
        cf.comparator_type = Some(UTF8.to_string());
    }
    cf.column_metadata = Some(if table.clustering.is_empty() {
        // In the order of the definition's HashMap of columns.
        let names: Vec<&[u8]> = table
            .regular
            .iter()
            .map(|c| c.column.name.as_bytes())
            .collect();
        javaorder::java_hashmap_order(&names)
            .into_iter()
            .map(|i| {
                let regular = &table.regular[i];
                let column = &regular.column;
                // An index the beta made (CREATE INDEX) was a KEYS index
                // without options.
                let index = regular.index().map(|i| i.name.clone());
                t::ColumnDef::new(
                    column.name.as_bytes().to_vec(),
                    column.ty.class_name(),
                    index.as_ref().map(|_| t::IndexType::KEYS),
                    index.clone(),
                    index.map(|_| BTreeMap::new()),
                )
            })
            .collect()
    } else {
        Vec::new()
    });
    // A counter table's validator was the counters' (1.1's
    // `CreateColumnFamilyStatement.RawStatement.prepare`).
    cf.default_validation_class = Some(if table.is_counter_table() {
        format!("{MARSHAL}CounterColumnType")
    } else {
        UTF8.to_string()
    });
    cf.key_alias = table
        .partition_key
        .first()
        .map(|c| c.name.as_bytes().to_vec());
}

/// What a SELECT asked for, kept to shape its rows once it ran.
#[derive(Debug)]
pub struct BetaSelect {
    /// The requested columns in order; `None` for `*`.
    columns: Option<Vec<String>>,
    count: bool,
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
    let columns = match &select.selection {
        Selection::Wildcard | Selection::Count => None,
        Selection::Columns(columns) => Some(
            columns
                .iter()
                .map(|(selector, alias)| match (selector, alias) {
                    (Selector::Column(name), None) => Some(name.clone()),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?,
        ),
    };
    let mut select = select.clone();
    if columns.is_some() {
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
    Some((parsed, BetaSelect { columns, count }))
}

/// The table a planned SELECT reads, as `session` sees it.
pub fn table_of(schema: &Arc<Schema>, session: &CqlSession, parsed: &Parsed) -> Option<Table> {
    let Statement::Select(select) = &parsed.statement else {
        return None;
    };
    let keyspace = session.keyspace_for(&select.table).ok()?;
    tables::lookup(schema, &keyspace, &select.table.name).ok()
}

/// The write time of each regular column, by row, of what a planned
/// SELECT reads.
pub type WriteTimes = Vec<HashMap<Vec<u8>, i64>>;

impl BetaSelect {
    /// The refusal of a named column `table` lacks. The beta prepared the
    /// selection before it read the WHERE clause's terms (1.1's cql3
    /// `SelectStatement.RawStatement.prepare`), so an unknown selected
    /// column is met before a key that does not convert; the `*` this
    /// module reads instead must not lose that check.
    pub fn undefined_selected(&self, table: &Table) -> Option<CqlError> {
        let missing = self
            .columns
            .iter()
            .flatten()
            .find(|c| table.column(c).is_none())?;
        Some(CqlError::Invalid(format!(
            "Undefined name {missing} in selection clause"
        )))
    }

    /// The statement reading the write time of each of `table`'s regular
    /// columns in the rows `planned` reads (the same rows, in the same
    /// order); `None` for a count or a table without regular columns. The
    /// beta gave each cell its stored timestamp (1.1's
    /// `SelectStatement.makeReturnColumn`), which the reads of the 1.2
    /// engine answer without.
    pub fn write_times_query(&self, table: &Table, planned: &Parsed) -> Option<Parsed> {
        let Statement::Select(select) = &planned.statement else {
            return None;
        };
        if self.count || table.regular.is_empty() {
            return None;
        }
        let mut select = select.clone();
        select.selection = Selection::Columns(
            table
                .regular
                .iter()
                .map(|c| (Selector::WriteTime(c.column.name.clone()), None))
                .collect(),
        );
        Some(Parsed {
            statement: Statement::Select(select),
            bind_count: planned.bind_count,
            marker_names: Vec::new(),
        })
    }

    /// The write times `outcome` (of [`Self::write_times_query`]) read.
    pub fn write_times(table: &Table, outcome: CqlOutcome) -> Option<WriteTimes> {
        let CqlOutcome::Rows(rows) = outcome else {
            return None;
        };
        Some(
            rows.rows
                .into_iter()
                .map(|values| {
                    table
                        .regular
                        .iter()
                        .zip(values)
                        .filter_map(|(c, v)| {
                            let stamp = i64::from_be_bytes(v?.as_slice().try_into().ok()?);
                            Some((c.column.name.as_bytes().to_vec(), stamp))
                        })
                        .collect()
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
        times: Option<&WriteTimes>,
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
                            t.values().next().copied()
                        } else {
                            t.get(name).copied()
                        }
                    })
                };
                row.key = row
                    .columns
                    .iter()
                    .find(|c| Some(c.name.as_slice()) == key_name)
                    .and_then(|c| c.value.clone())
                    .unwrap_or_default();
                if let Some(names) = &self.columns {
                    row.columns = names
                        .iter()
                        .filter_map(|n| row.columns.iter().find(|c| c.name == n.as_bytes()))
                        .cloned()
                        .collect();
                }
                for cell in &mut row.columns {
                    if cell.value.is_some() {
                        let name = cell.name.as_slice();
                        let key = keys.contains(name) && !(dense && clustering.contains(name));
                        cell.timestamp = if key { Some(-1) } else { cell_time(name) };
                    }
                }
                row
            })
            .collect();
        result.rows = Some(rows);
        if let Some(schema) = &mut result.schema {
            let kept = |name: &Vec<u8>| {
                self.columns
                    .as_ref()
                    .is_none_or(|names| names.iter().any(|n| n.as_bytes() == name.as_slice()))
            };
            schema.name_types.retain(|name, _| kept(name));
            schema.value_types.retain(|name, _| kept(name));
            for class in schema.value_types.values_mut() {
                if let Some(short) = class.strip_prefix(MARSHAL) {
                    *class = short.to_string();
                }
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
        result
    }
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
mod tests {
    use super::*;
    use crate::node::test_nodes;
    use crate::release::Release;

    fn table(create: &str) -> Table {
        let parsed = crate::cql::parse(create).unwrap();
        let Statement::CreateTable(ct) = &parsed.statement else {
            panic!("not a CREATE TABLE");
        };
        Table::from_create("ks", ct).unwrap()
    }

    fn planned(version: &str, query: &str) -> Option<(Parsed, BetaSelect)> {
        let mut node = test_nodes::Kit::default().node();
        node.release = Release::find(version);
        plan(&node, &crate::cql::parse(query).unwrap())
    }

    fn column(name: &str, value: Option<&[u8]>) -> t::Column {
        t::Column::new(
            name.as_bytes().to_vec(),
            value.map(<[u8]>::to_vec),
            None,
            None,
        )
    }

    fn rows(columns: Vec<t::Column>, types: &[(&str, &str)]) -> t::CqlResult {
        let map = |f: fn(&str) -> String| -> BTreeMap<Vec<u8>, String> {
            types
                .iter()
                .map(|(n, ty)| (n.as_bytes().to_vec(), f(ty)))
                .collect()
        };
        let metadata = t::CqlMetadata::new(
            map(|_| "UTF8Type".to_string()),
            map(|ty| format!("{MARSHAL}{ty}")),
            "UTF8Type".to_string(),
            "UTF8Type".to_string(),
        );
        let row = t::CqlRow::new(Vec::new(), columns);
        t::CqlResult::new(t::CqlResultType::ROWS, vec![row], None, metadata)
    }

    #[test]
    fn only_the_beta_reads_named_columns_whole() {
        let query = "SELECT name FROM users WHERE id = 'u1'";
        assert!(planned("1.2.9", query).is_none());
        assert!(planned("1.1.12", "INSERT INTO users (id) VALUES ('u1')").is_none());
        let (parsed, shape) = planned("1.1.12", query).unwrap();
        let Statement::Select(select) = parsed.statement else {
            panic!("not a SELECT");
        };
        assert_eq!(select.selection, Selection::Wildcard);
        assert_eq!(shape.columns, Some(vec!["name".to_string()]));
        assert!(planned("1.1.12", "SELECT writetime(name) FROM users").is_none());
    }

    #[test]
    fn an_unknown_selected_column_is_refused_before_the_where_clause() {
        let users = table("CREATE TABLE users (id text PRIMARY KEY, name text, age int)");
        let (_, shape) = planned("1.1.12", "SELECT name, c FROM users WHERE id = 'u1'").unwrap();
        assert_eq!(
            shape.undefined_selected(&users),
            Some(CqlError::Invalid(
                "Undefined name c in selection clause".into()
            ))
        );
        let (_, shape) = planned("1.1.12", "SELECT age, name FROM users").unwrap();
        assert_eq!(shape.undefined_selected(&users), None);
        let (_, shape) = planned("1.1.12", "SELECT * FROM users").unwrap();
        assert_eq!(shape.undefined_selected(&users), None);
    }

    #[test]
    fn beta_rows_are_keyed_stamped_and_typed_short() {
        let users = table("CREATE TABLE users (id text PRIMARY KEY, name text, age int)");
        let shape = BetaSelect {
            columns: Some(vec!["age".into(), "name".into()]),
            count: false,
        };
        let result = rows(
            vec![
                column("id", Some(b"u1")),
                column("age", Some(&[0, 0, 0, 30])),
                column("name", None),
            ],
            &[
                ("id", "UTF8Type"),
                ("age", "Int32Type"),
                ("name", "UTF8Type"),
            ],
        );
        let shaped = shape.shape(&users, result, None);
        let row = &shaped.rows.unwrap()[0];
        assert_eq!(row.key, b"u1");
        let names: Vec<&[u8]> = row.columns.iter().map(|c| c.name.as_slice()).collect();
        assert_eq!(names, [&b"age"[..], b"name"]);
        assert!(row.columns[0].timestamp.is_some_and(|ts| ts > 0));
        assert_eq!(row.columns[1].timestamp, None, "a null has no cell");
        let md = shaped.schema.unwrap();
        assert_eq!(md.value_types[&b"age".to_vec()], "Int32Type");
        assert!(!md.value_types.contains_key(b"id".as_slice()));
        assert_eq!(md.default_name_type, "UTF8Type");

        let posts =
            table("CREATE TABLE posts (author text, at int, body text, PRIMARY KEY (author, at))");
        let all = BetaSelect {
            columns: None,
            count: false,
        };
        let result = rows(
            vec![
                column("author", Some(b"u1")),
                column("at", Some(&[0, 0, 0, 1])),
            ],
            &[("author", "UTF8Type"), ("at", "Int32Type")],
        );
        let shaped = all.shape(&posts, result, None);
        let row = &shaped.rows.unwrap()[0];
        assert!(
            row.columns.iter().all(|c| c.timestamp == Some(-1)),
            "key cells"
        );
        assert_eq!(shaped.schema.unwrap().default_name_type, "CompositeType");

        let count = BetaSelect {
            columns: None,
            count: true,
        };
        let result = rows(
            vec![column("count", Some(&[0; 8]))],
            &[("count", "LongType")],
        );
        let shaped = count.shape(&posts, result, None);
        assert_eq!(shaped.rows.unwrap()[0].key, b"count");
        let md = shaped.schema.unwrap();
        assert!(md.name_types.is_empty() && md.value_types.is_empty());
        assert_eq!(
            (
                md.default_name_type.as_str(),
                md.default_value_type.as_str()
            ),
            ("AsciiType", "LongType")
        );
    }

    #[test]
    fn beta_tables_are_described_in_the_beta_layout() {
        let mut cf = crate::thrift::api19::defs::cf_def(&crate::schema::CfSpec::default());
        cf.comparator_type = Some("CompositeType(UTF8Type)".into());
        cf.bloom_filter_fp_chance = Some(thrift::OrderedFloat(0.01));
        beta_cf_def(
            &table("CREATE TABLE users (id text PRIMARY KEY, age int, name text)"),
            &mut cf,
        );
        assert_eq!(cf.comparator_type.as_deref(), Some(UTF8));
        let columns = cf.column_metadata.as_ref().unwrap();
        let names: Vec<&[u8]> = columns.iter().map(|c| c.name.as_slice()).collect();
        assert_eq!(names, [&b"name"[..], b"age"], "in the HashMap's order");
        assert_eq!(cf.default_validation_class.as_deref(), Some(UTF8));
        assert_eq!(cf.key_alias.as_deref(), Some(&b"id"[..]));
        // The chance is the table's own (the beta set none unless given).
        assert_eq!(cf.bloom_filter_fp_chance, Some(thrift::OrderedFloat(0.01)));
        assert!(columns.iter().all(|c| c.index_type.is_none()));

        let mut cf = crate::thrift::api19::defs::cf_def(&crate::schema::CfSpec::default());
        cf.comparator_type = Some("CompositeType(Int32Type,UTF8Type)".into());
        beta_cf_def(
            &table("CREATE TABLE posts (author text, at int, body text, PRIMARY KEY (author, at))"),
            &mut cf,
        );
        assert_eq!(
            cf.comparator_type.as_deref(),
            Some("CompositeType(Int32Type,UTF8Type)")
        );
        assert_eq!(cf.column_metadata, Some(Vec::new()));
    }
}
