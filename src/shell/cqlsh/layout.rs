//! A table as cqlsh 1.2.9 understood it from the schema tables, and the
//! CREATE statements it wrote for one: `CqlTableDef.from_layout` (key and
//! column aliases, compact storage, value alias, the columns in cqlsh's
//! order) and `print_recreate_columnfamily_from_layout` (options and their
//! defaults, maps in Python 2's dict order, indexes). Also the decoding of
//! schema-table rows it is built from. Pure: no I/O, no session.

use crate::shell::cqlsh::lex::{protect_name, protect_value};
use crate::shell::cqlsh::types::{parse, py2_dict_order, CassType};
use crate::thrift::gen::cassandra19::CqlResult;
use std::collections::BTreeMap;

/// A value of a schema-table row.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    Text(String),
    Double(f64),
    Int(i64),
    Bool(bool),
    Null,
}

impl Val {
    pub fn text(&self) -> Option<&str> {
        match self {
            Val::Text(s) => Some(s),
            _ => None,
        }
    }
}

pub type Row = BTreeMap<String, Val>;

/// The rows of a result, decoded per its metadata.
pub fn decode_rows(result: &CqlResult) -> Vec<Row> {
    let schema = result.schema.as_ref();
    let mut out = Vec::new();
    for row in result.rows.as_deref().unwrap_or_default() {
        let mut r = Row::new();
        for c in &row.columns {
            let name = String::from_utf8_lossy(&c.name).into_owned();
            let class = schema
                .and_then(|s| s.value_types.get(&c.name).cloned())
                .unwrap_or_default();
            let v = match c.value.as_deref() {
                None => Val::Null,
                Some(v) => match parse(&class).short() {
                    "DoubleType" => <[u8; 8]>::try_from(v)
                        .map(|b| Val::Double(f64::from_be_bytes(b)))
                        .unwrap_or(Val::Null),
                    "Int32Type" => <[u8; 4]>::try_from(v)
                        .map(|b| Val::Int(i64::from(i32::from_be_bytes(b))))
                        .unwrap_or(Val::Null),
                    "UUIDType" | "TimeUUIDType" => uuid::Uuid::from_slice(v)
                        .map(|u| Val::Text(u.to_string()))
                        .unwrap_or(Val::Null),
                    "InetAddressType" => match v.len() {
                        4 => Val::Text(std::net::Ipv4Addr::new(v[0], v[1], v[2], v[3]).to_string()),
                        16 => <[u8; 16]>::try_from(v)
                            .map(|b| Val::Text(std::net::Ipv6Addr::from(b).to_string()))
                            .unwrap_or(Val::Null),
                        _ => Val::Null,
                    },
                    "LongType" | "DateType" => <[u8; 8]>::try_from(v)
                        .map(|b| Val::Int(i64::from_be_bytes(b)))
                        .unwrap_or(Val::Null),
                    "BooleanType" => Val::Bool(v.first().is_some_and(|b| *b != 0)),
                    _ => Val::Text(String::from_utf8_lossy(v).into_owned()),
                },
            };
            r.insert(name, v);
        }
        out.push(r);
    }
    out
}

/// A JSON list of strings (`["a","b"]`), as the schema tables hold aliases.
fn json_list(s: Option<&str>) -> Vec<String> {
    match s.map(serde_json::from_str::<Vec<String>>) {
        Some(Ok(v)) => v,
        _ => Vec::new(),
    }
}

/// A JSON object of strings, keys in text order (for Python's dict order).
fn json_map(s: Option<&str>) -> Vec<(String, String)> {
    let Some(s) = s else { return Vec::new() };
    let Ok(serde_json::Value::Object(m)) = serde_json::from_str::<serde_json::Value>(s) else {
        return Vec::new();
    };
    // serde_json sorts keys; recover the text order, as json.loads inserted them.
    let mut keys: Vec<(usize, String)> = m
        .keys()
        .map(|k| (s.find(&format!("\"{k}\"")).unwrap_or(usize::MAX), k.clone()))
        .collect();
    keys.sort();
    keys.into_iter()
        .map(|(_, k)| {
            let v = match &m[&k] {
                serde_json::Value::String(v) => v.clone(),
                other => other.to_string(),
            };
            (k, v)
        })
        .collect()
}

#[derive(Debug, Clone)]
pub struct Column {
    pub name: String,
    pub ty: CassType,
    /// A `static` column (2.0's schema `type`).
    pub is_static: bool,
    pub index_name: Option<String>,
    pub index_type: Option<String>,
    pub index_options: Option<String>,
}

impl Column {
    fn plain(name: &str, ty: CassType) -> Column {
        Column {
            name: name.to_string(),
            ty,
            is_static: false,
            index_name: None,
            index_type: None,
            index_options: None,
        }
    }
}

/// A table as cqlsh understood it from the schema tables.
#[derive(Debug, Clone)]
pub struct Layout {
    pub keyspace: String,
    pub name: String,
    pub row: Row,
    pub comparator: CassType,
    pub partition_key: Vec<String>,
    pub column_aliases: Vec<String>,
    pub compact: bool,
    pub columns: Vec<Column>,
}

impl Layout {
    /// `CqlTableDef.from_layout`.
    pub fn from_rows(row: Row, cols: &[Row]) -> Layout {
        let t = |k: &str| row.get(k).and_then(Val::text).map(str::to_string);
        let key_validator = parse(&t("key_validator").unwrap_or_default());
        let comparator = parse(&t("comparator").unwrap_or_default());
        let default_validator = parse(&t("default_validator").unwrap_or_default());
        let mut key_aliases = json_list(t("key_aliases").as_deref().or(Some("[]")));
        let stored_column_aliases = json_list(t("column_aliases").as_deref());
        let value_alias = t("value_alias");
        let coldefs: Vec<Column> = cols
            .iter()
            .map(|c| {
                let ct = |k: &str| c.get(k).and_then(Val::text).map(str::to_string);
                Column {
                    name: ct("column_name").unwrap_or_default(),
                    ty: parse(&ct("validator").unwrap_or_default()),
                    is_static: false,
                    index_name: ct("index_name"),
                    index_type: ct("index_type"),
                    index_options: ct("index_options"),
                }
            })
            .collect();
        // is_compact_storage
        let compact = if !comparator.is_composite() {
            true
        } else if comparator
            .params
            .iter()
            .any(|p| p.is("ColumnToCollectionType"))
        {
            false
        } else {
            !(stored_column_aliases.len() + 1 == comparator.params.len()
                && comparator.params.last().is_some_and(|l| l.is("UTF8Type")))
        };
        // get_key_aliases
        if !key_validator.is_composite() {
            if key_aliases.is_empty() {
                key_aliases = vec![t("key_alias").unwrap_or_else(|| "key".to_string())];
            }
        } else {
            let n = key_validator.params.len();
            let defaults: Vec<String> = (1..=n)
                .map(|i| {
                    if i == 1 {
                        "key".to_string()
                    } else {
                        format!("key{i}")
                    }
                })
                .collect();
            let have = key_aliases.len();
            key_aliases.extend(defaults.into_iter().skip(have));
        }
        // get_column_aliases
        let column_aliases = if !compact {
            stored_column_aliases
        } else if !comparator.is_composite() {
            if !coldefs.is_empty() {
                Vec::new()
            } else if stored_column_aliases.is_empty() {
                vec!["column1".to_string()]
            } else {
                stored_column_aliases
            }
        } else {
            let n = comparator.params.len();
            let mut a = stored_column_aliases.clone();
            let have = a.len();
            a.extend((1..=n).map(|i| format!("column{i}")).skip(have));
            a
        };
        let key_types = key_validator.components();
        let mut columns: Vec<Column> = key_aliases
            .iter()
            .zip(key_types)
            .map(|(n, ty)| Column::plain(n, ty))
            .collect();
        let clustering_types: Vec<CassType> = if compact {
            if column_aliases.is_empty() {
                Vec::new()
            } else {
                comparator.components()
            }
        } else {
            comparator.params.clone()
        };
        columns.extend(
            column_aliases
                .iter()
                .zip(clustering_types)
                .map(|(n, ty)| Column::plain(n, ty)),
        );
        let mut values: Vec<Column> = if compact {
            match &value_alias {
                Some(v) if v.is_empty() => Vec::new(),
                Some(v) if coldefs.is_empty() => vec![Column::plain(v, default_validator)],
                None if coldefs.is_empty() => vec![Column::plain("value", default_validator)],
                _ => coldefs,
            }
        } else {
            coldefs
        };
        values.sort_by(|a, b| a.name.cmp(&b.name));
        columns.extend(values);
        Layout {
            keyspace: t("keyspace_name").unwrap_or_default(),
            name: t("columnfamily_name").unwrap_or_default(),
            row,
            comparator,
            partition_key: key_aliases,
            column_aliases,
            compact,
            columns,
        }
    }

    pub fn column(&self, name: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.name == name)
    }

    /// `print_recreate_columnfamily_from_layout`, writing `options` (the
    /// era's `columnfamily_layout_options`).
    pub fn create_statements(&self, options: &[(&str, &str)]) -> String {
        let mut out = String::new();
        let cf = protect_name(&self.name);
        out.push_str(&format!("CREATE TABLE {cf} (\n"));
        if self.columns.is_empty() {
            return out;
        }
        self.push_columns(&mut out);
        out.push_str("\n)");
        self.push_with(&mut out, options);
        for col in self.columns[1..].iter().filter(|c| c.index_name.is_some()) {
            out.push('\n');
            out.push_str(&index_statement(&cf, col));
        }
        out
    }

    /// A CREATE TABLE's end after its closing parenthesis: COMPACT
    /// STORAGE, the clustering order and `options`, joined by WITH and AND
    /// as every cqlsh era printed them, then `;`.
    pub(crate) fn push_with(&self, out: &mut String, options: &[(&str, &str)]) {
        let mut joiner = "WITH";
        if self.compact {
            out.push_str(" WITH COMPACT STORAGE");
            joiner = "AND";
        }
        let order = self.clustering_order();
        if !order.is_empty() {
            out.push_str(&order);
            joiner = "AND";
        }
        for (name, v) in self.options(options) {
            out.push_str(&format!(" {joiner}\n  {name}={v}"));
            joiner = "AND";
        }
        out.push_str(";\n");
    }

    /// The `CLUSTERING ORDER BY` clause (with its leading joiner) when a
    /// clustering column is descending; empty otherwise.
    pub(crate) fn clustering_order(&self) -> String {
        if self.column_aliases.is_empty() {
            return String::new();
        }
        let types = self.comparator.components();
        if !types.iter().any(CassType::is_reversed) {
            return String::new();
        }
        let inner: Vec<String> = self
            .column_aliases
            .iter()
            .zip(&types)
            .map(|(n, t)| {
                let o = if t.is_reversed() { "DESC" } else { "ASC" };
                format!("{} {o}", protect_name(n))
            })
            .collect();
        let lead = if self.compact { " AND\n " } else { " WITH" };
        format!("{lead} CLUSTERING ORDER BY ({})", inner.join(", "))
    }

    /// The column definitions and the PRIMARY KEY, inside the parentheses.
    fn push_columns(&self, out: &mut String) {
        let key = &self.columns[0];
        out.push_str(&format!("  {} {}", protect_name(&key.name), key.ty.cql()));
        let pk_len = self.partition_key.len() + self.column_aliases.len();
        if pk_len == 1 {
            out.push_str(" PRIMARY KEY");
        }
        for col in &self.columns[1..] {
            out.push_str(&format!(
                ",\n  {} {}",
                protect_name(&col.name),
                col.ty.unreversed().cql()
            ));
        }
        if pk_len > 1 {
            let parts: Vec<String> = self.partition_key.iter().map(|n| protect_name(n)).collect();
            let pk = if parts.len() > 1 {
                format!("({})", parts.join(", "))
            } else {
                parts[0].clone()
            };
            let mut all = vec![pk];
            all.extend(self.column_aliases.iter().map(|n| protect_name(n)));
            out.push_str(&format!(",\n  PRIMARY KEY ({})", all.join(", ")));
        }
    }

    /// The table's options after WITH, in cqlsh's order and spelling.
    pub(crate) fn options(&self, list: &[(&str, &str)]) -> Vec<(String, String)> {
        let strategy = self
            .text("compaction_strategy_class")
            .map(|s| trim(&s, "org.apache.cassandra.db.compaction."))
            .unwrap_or_default();
        let mut opts: Vec<(String, String)> = Vec::new();
        for &(opt, column) in list {
            let v = match self.row.get(column).unwrap_or(&Val::Null) {
                Val::Null if opt == "bloom_filter_fp_chance" => {
                    let d = if strategy == "LeveledCompactionStrategy" {
                        0.1
                    } else {
                        0.01
                    };
                    format!("{d:.6}")
                }
                Val::Null => continue,
                Val::Double(d) => format!("{d:.6}"),
                Val::Int(i) => i.to_string(),
                Val::Bool(b) => protect_value(if *b { "true" } else { "false" }),
                Val::Text(s) => protect_value(s),
            };
            opts.push((opt.to_string(), v));
        }
        for (opt, column) in [
            ("compaction", "compaction_strategy_options"),
            ("compression", "compression_parameters"),
        ] {
            let mut map = json_map(self.text(column).as_deref());
            if column == "compression_parameters" {
                for (k, v) in map.iter_mut() {
                    if k == "sstable_compression" {
                        *v = trim(v, "org.apache.cassandra.io.compress.");
                    }
                }
            } else {
                match map.iter_mut().find(|(k, _)| k == "class") {
                    Some((_, v)) => *v = strategy.clone(),
                    None => map.push(("class".to_string(), strategy.clone())),
                }
            }
            opts.push((opt.to_string(), dict_literal(&map)));
        }
        opts
    }

    fn text(&self, k: &str) -> Option<String> {
        self.row.get(k).and_then(Val::text).map(str::to_string)
    }
}

/// The CREATE [CUSTOM] INDEX statement of an indexed column of `cf`.
pub(crate) fn index_statement(cf: &str, col: &Column) -> String {
    let name = col.index_name.clone().unwrap_or_default();
    if col.index_type.as_deref() == Some("CUSTOM") {
        let class = json_map(col.index_options.as_deref())
            .into_iter()
            .find(|(k, _)| k == "class_name")
            .map(|(_, v)| v)
            .unwrap_or_default();
        format!(
            "CREATE CUSTOM INDEX {name} ON {cf} ({}) USING '{class}';\n",
            protect_name(&col.name)
        )
    } else {
        format!(
            "CREATE INDEX {name} ON {cf} ({});\n",
            protect_name(&col.name)
        )
    }
}

/// `{'k': 'v', …}` in Python 2's iteration order for these insertions.
fn dict_literal(map: &[(String, String)]) -> String {
    let keys: Vec<String> = map.iter().map(|(k, _)| k.clone()).collect();
    let parts: Vec<String> = py2_dict_order(&keys)
        .into_iter()
        .filter_map(|k| {
            map.iter()
                .rev()
                .find(|(mk, _)| *mk == k)
                .map(|(k, v)| format!("{}: {}", protect_value(k), protect_value(v)))
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

pub fn trim(s: &str, prefix: &str) -> String {
    s.strip_prefix(prefix).unwrap_or(s).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(pairs: &[(&str, Val)]) -> Row {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect()
    }

    #[test]
    fn a_cql3_table_with_descending_clustering() {
        let m = "org.apache.cassandra.db.marshal.";
        let t = |s: &str| Val::Text(s.to_string());
        let cf = row(&[
            ("keyspace_name", t("blog")),
            ("columnfamily_name", t("posts")),
            ("key_validator", t(&format!("{m}UTF8Type"))),
            (
                "comparator",
                t(&format!("{m}CompositeType({m}ReversedType({m}DateType),{m}UTF8Type)")),
            ),
            ("default_validator", t(&format!("{m}BytesType"))),
            ("key_aliases", t("[\"author\"]")),
            ("column_aliases", t("[\"posted\"]")),
            ("bloom_filter_fp_chance", Val::Double(0.01)),
            ("caching", t("KEYS_ONLY")),
            ("comment", t("it's")),
            ("gc_grace_seconds", Val::Int(864000)),
            ("replicate_on_write", Val::Bool(true)),
            (
                "compaction_strategy_class",
                t("org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy"),
            ),
            ("compaction_strategy_options", t("{}")),
            (
                "compression_parameters",
                t("{\"sstable_compression\":\"org.apache.cassandra.io.compress.SnappyCompressor\"}"),
            ),
        ]);
        let col = row(&[
            ("column_name", t("title")),
            ("validator", t(&format!("{m}UTF8Type"))),
            ("index_name", t("posts_title_idx")),
        ]);
        let l = Layout::from_rows(cf, &[col]);
        assert!(!l.compact);
        assert_eq!(
            l.create_statements(&[
                ("bloom_filter_fp_chance", "bloom_filter_fp_chance"),
                ("caching", "caching"),
                ("comment", "comment"),
                ("gc_grace_seconds", "gc_grace_seconds"),
                ("replicate_on_write", "replicate_on_write"),
            ]),
            "CREATE TABLE posts (\n  author text,\n  posted timestamp,\n  title text,\n  PRIMARY KEY (author, posted)\n) WITH CLUSTERING ORDER BY (posted DESC) AND\n  bloom_filter_fp_chance=0.010000 AND\n  caching='KEYS_ONLY' AND\n  comment='it''s' AND\n  gc_grace_seconds=864000 AND\n  replicate_on_write='true' AND\n  compaction={'class': 'SizeTieredCompactionStrategy'} AND\n  compression={'sstable_compression': 'SnappyCompressor'};\n\nCREATE INDEX posts_title_idx ON posts (title);\n"
        );
    }
}
