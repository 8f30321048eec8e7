//! A CQL3 table's Thrift-visible schema, exactly as Cassandra 1.2.9
//! recorded it in `system.schema_columnfamilies` / `schema_columns`, and the
//! reverse: rebuilding the table model from those stored fields (so a
//! restarted server gets its CQL3 tables back).
//!
//! Owns comparator / key_validator / default_validator strings, the
//! `key_aliases` / `column_aliases` JSON lists, `value_alias`, the
//! per-column rows (`component_index`, index fields) and which tables
//! Thrift `describe_keyspace` hides. It must not store anything itself.

use super::ast::IndexTarget;
use super::error::{CqlError, CqlResult};
use super::table::{ClusteringColumn, Column, ColumnIndex, Layout, RegularColumn, Table};
use super::types::CqlType;
use crate::marshal::{bytes_to_hex, parse_type, TypeRef, MARSHAL_PACKAGE};
use crate::schema::javaorder::java_hashmap_order;

/// One row of `system.schema_columns` (non-key columns only, as in 1.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaColumn {
    pub name: String,
    /// Number of clustering columns for non-compact tables; `None` for
    /// COMPACT STORAGE tables without clustering.
    pub component_index: Option<i32>,
    /// Full marshal class name.
    pub validator: String,
    pub index_name: Option<String>,
    pub index_type: Option<String>,
    pub index_options: Option<String>,
    /// 2.0's `type` 'static' (a `static` column).
    pub is_static: bool,
}

/// The CQL-relevant fields of `system.schema_columnfamilies` plus the
/// table's `schema_columns` rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSchema {
    pub comparator: String,
    pub key_validator: String,
    pub default_validator: String,
    /// JSON list text, e.g. `["pkey1","pkey2"]`.
    pub key_aliases: String,
    pub column_aliases: String,
    /// `None` for non-compact tables; `Some("")` for a compact table without a value column.
    pub value_alias: Option<String>,
    pub columns: Vec<SchemaColumn>,
    /// 2.0's indexes on key columns, each its column's row with the index
    /// fields (never in 1.2's `schema_columns`).
    pub key_indexes: Vec<SchemaColumn>,
}

fn wrap(t: &CqlType, reversed: bool) -> String {
    if reversed {
        format!("{MARSHAL_PACKAGE}ReversedType({})", t.class_name())
    } else {
        t.class_name()
    }
}

impl Table {
    /// The comparator class name (the cell-name type).
    pub fn comparator(&self) -> String {
        let clustering: Vec<String> = self
            .clustering
            .iter()
            .map(|c| wrap(&c.column.ty, c.reversed))
            .collect();
        match self.layout {
            Layout::CompactStatic => format!("{MARSHAL_PACKAGE}UTF8Type"),
            Layout::CompactDense if clustering.len() == 1 => clustering[0].clone(),
            Layout::CompactDense => {
                format!("{MARSHAL_PACKAGE}CompositeType({})", clustering.join(","))
            }
            Layout::Sparse => {
                let mut parts = clustering;
                parts.push(format!("{MARSHAL_PACKAGE}UTF8Type"));
                let colls: Vec<&RegularColumn> = self
                    .regular
                    .iter()
                    .filter(|r| r.column.ty.is_collection())
                    .collect();
                if !colls.is_empty() {
                    let keys: Vec<&[u8]> = colls.iter().map(|r| r.column.name.as_bytes()).collect();
                    let entries: Vec<String> = java_hashmap_order(&keys)
                        .into_iter()
                        .map(|i| {
                            format!(
                                "{}:{}",
                                bytes_to_hex(keys[i]),
                                colls[i].column.ty.class_name()
                            )
                        })
                        .collect();
                    parts.push(format!(
                        "{MARSHAL_PACKAGE}ColumnToCollectionType({})",
                        entries.join(",")
                    ));
                }
                format!("{MARSHAL_PACKAGE}CompositeType({})", parts.join(","))
            }
        }
    }

    /// The comparator as a type object.
    pub fn comparator_type(&self) -> TypeRef {
        parse_type(&self.comparator())
            .unwrap_or_else(|_| parse_type("BytesType").expect("built in"))
    }

    /// The row-key type class name.
    pub fn key_validator(&self) -> String {
        if self.partition_key.len() == 1 {
            self.partition_key[0].ty.class_name()
        } else {
            let parts: Vec<String> = self
                .partition_key
                .iter()
                .map(|c| c.ty.class_name())
                .collect();
            format!("{MARSHAL_PACKAGE}CompositeType({})", parts.join(","))
        }
    }

    /// The row-key type object.
    pub fn key_type(&self) -> TypeRef {
        parse_type(&self.key_validator())
            .unwrap_or_else(|_| parse_type("BytesType").expect("built in"))
    }

    fn default_validator(&self) -> String {
        match self.layout {
            Layout::CompactDense => self
                .regular
                .first()
                .map(|r| r.column.ty.class_name())
                .unwrap_or_else(|| format!("{MARSHAL_PACKAGE}BytesType")),
            _ if self.is_counter_table() => format!("{MARSHAL_PACKAGE}CounterColumnType"),
            _ => format!("{MARSHAL_PACKAGE}BytesType"),
        }
    }

    /// Everything 1.2.9 records about this table's CQL shape.
    pub fn schema(&self) -> TableSchema {
        let component_index = match self.layout {
            Layout::Sparse => Some(self.clustering.len() as i32),
            _ => None,
        };
        let columns = match self.layout {
            Layout::CompactDense => Vec::new(),
            _ => self
                .regular
                .iter()
                .map(|r| self.index_row(r, sole_index(r), component_index))
                .collect(),
        };
        // The indexes of a column indexed more than once (3.0 on) sit
        // beside the key columns' ones: 3.0's Thrift `ColumnDef` showed a
        // column's index only when it was the column's one
        // (`ThriftConversion.toThrift`).
        let mut key_indexes = self.key_index_rows();
        if self.layout != Layout::CompactDense {
            for r in self.regular.iter().filter(|r| r.indexes.len() > 1) {
                for index in &r.indexes {
                    key_indexes.push(self.index_row(r, Some(index), component_index));
                }
            }
        }
        TableSchema {
            comparator: self.comparator(),
            key_validator: self.key_validator(),
            default_validator: self.default_validator(),
            key_aliases: json_string_list(self.partition_key.iter().map(|c| c.name.as_str())),
            column_aliases: json_string_list(
                self.clustering.iter().map(|c| c.column.name.as_str()),
            ),
            value_alias: match self.layout {
                Layout::CompactDense => Some(
                    self.regular
                        .first()
                        .map(|r| r.column.name.clone())
                        .unwrap_or_default(),
                ),
                _ => None,
            },
            columns,
            key_indexes,
        }
    }

    /// The stored row of regular column `r` carrying `index` (or none):
    /// its kind and options by the table's layout and the index's target.
    fn index_row(
        &self,
        r: &RegularColumn,
        index: Option<&ColumnIndex>,
        component_index: Option<i32>,
    ) -> SchemaColumn {
        let (index_type, index_options) = match (index, self.layout) {
            (None, _) => (None, None),
            // 2.1's index of a collection: its keys or its values (2.2's
            // entries too), as the index option names them.
            (Some(i), Layout::Sparse) if r.column.ty.is_collection() => (
                Some("COMPOSITES".to_string()),
                Some(format!(
                    "{{\"{}\":\"\"}}",
                    match i.target {
                        IndexTarget::Keys => "index_keys",
                        IndexTarget::Entries => "index_keys_and_values",
                        _ => "index_values",
                    }
                )),
            ),
            (Some(_), Layout::Sparse) => (
                Some("COMPOSITES".to_string()),
                Some(format!("{{\"prefix_size\":\"{}\"}}", self.clustering.len())),
            ),
            (Some(_), _) => (Some("KEYS".to_string()), Some("{}".to_string())),
        };
        SchemaColumn {
            name: r.column.name.clone(),
            component_index,
            validator: r.column.ty.class_name(),
            index_name: index.map(|i| i.name.clone()),
            index_type,
            index_options,
            is_static: r.is_static,
        }
    }

    /// Each indexed key column as 2.0 stored it: its position among its
    /// kind's components, a COMPOSITES index without options.
    fn key_index_rows(&self) -> Vec<SchemaColumn> {
        self.key_indexes
            .iter()
            .filter_map(|k| {
                let (at, validator) = match self.role(&k.column)? {
                    super::table::ColumnRole::PartitionKey(i) => {
                        (i, self.partition_key[i].ty.class_name())
                    }
                    super::table::ColumnRole::Clustering(i) => {
                        let c = &self.clustering[i];
                        (i, wrap(&c.column.ty, c.reversed))
                    }
                    super::table::ColumnRole::Regular(_) => return None,
                };
                Some(SchemaColumn {
                    name: k.column.clone(),
                    component_index: Some(at as i32),
                    validator,
                    index_name: Some(k.name.clone()),
                    index_type: Some("COMPOSITES".to_string()),
                    index_options: Some("{}".to_string()),
                    is_static: false,
                })
            })
            .collect()
    }

    /// The rows 2.0-2.1 kept in `system.schema_columns`, with the `type`
    /// 2.0 added: every column, the key and clustering columns and a compact
    /// table's value included (1.2 listed the others only), each with its
    /// kind (`partition_key`, `clustering_key`, `regular`, `static`,
    /// `compact_value`) and a component index where its type is a
    /// component of a composite (key validator or comparator).
    pub fn schema_columns_2_0(&self) -> Vec<(SchemaColumn, &'static str)> {
        // A key column's row carries its index, if any.
        let plain = |name: &str, component_index: Option<i32>, validator: String| {
            let index = self.key_index(name);
            SchemaColumn {
                name: name.to_string(),
                component_index,
                validator,
                index_name: index.map(|k| k.name.clone()),
                index_type: index.map(|_| "COMPOSITES".to_string()),
                index_options: index.map(|_| "{}".to_string()),
                is_static: false,
            }
        };
        let compound_key = self.partition_key.len() > 1;
        let composite = match self.layout {
            Layout::Sparse => true,
            Layout::CompactDense => self.clustering.len() > 1,
            Layout::CompactStatic => false,
        };
        let mut rows = Vec::new();
        for (i, k) in self.partition_key.iter().enumerate() {
            let at = compound_key.then_some(i as i32);
            rows.push((plain(&k.name, at, k.ty.class_name()), "partition_key"));
        }
        for (i, c) in self.clustering.iter().enumerate() {
            let at = composite.then_some(i as i32);
            let validator = wrap(&c.column.ty, c.reversed);
            rows.push((plain(&c.column.name, at, validator), "clustering_key"));
        }
        match self.layout {
            Layout::CompactDense => {
                match self.regular.first() {
                    Some(v) if !v.column.name.is_empty() => {
                        let validator = v.column.ty.class_name();
                        rows.push((plain(&v.column.name, None, validator), "compact_value"));
                    }
                    Some(_) => {}
                    // Nothing outside the primary key: 2.0's
                    // CreateTableStatement gave such a table an empty value
                    // alias of BytesType, which the schema tables list.
                    None => rows.push((
                        plain("", None, format!("{MARSHAL_PACKAGE}BytesType")),
                        "compact_value",
                    )),
                }
            }
            _ => rows.extend(self.schema().columns.into_iter().map(|c| {
                let kind = if c.is_static { "static" } else { "regular" };
                (c, kind)
            })),
        }
        rows
    }

    /// Whether Thrift `describe_keyspace` lists this table: 1.2.9 hides
    /// every table with a regular column that has a component index.
    pub fn visible_to_thrift(&self) -> bool {
        self.layout != Layout::Sparse || self.regular.is_empty()
    }

    /// `CfDef.key_alias`: the single key column's name; `None` for composite keys.
    pub fn thrift_key_alias(&self) -> Option<Vec<u8>> {
        (self.partition_key.len() == 1).then(|| self.partition_key[0].name.as_bytes().to_vec())
    }

    /// Rebuilds a table from its stored schema fields.
    pub fn from_schema(keyspace: &str, name: &str, s: &TableSchema) -> CqlResult<Table> {
        let bad = |what: &str| {
            CqlError::invalid(format!(
                "Cannot rebuild CQL3 table {keyspace}.{name}: {what}"
            ))
        };
        let partition_key = stored_partition_key(s, &bad)?;
        let (layout, clustering_types, aliases) = stored_layout(s, &bad)?;
        let mut column_names = aliases;
        for i in column_names.len()..clustering_types.len() {
            column_names.push(format!("column{}", i + 1));
        }
        let clustering = clustering_types
            .iter()
            .zip(&column_names)
            .map(|(t, n)| {
                let (base, reversed) = match t.base_type() {
                    Some(b) if t.is_reversed() => (b.clone(), true),
                    _ => (t.clone(), false),
                };
                Ok(ClusteringColumn {
                    column: Column {
                        name: n.clone(),
                        ty: CqlType::from_marshal(base.as_ref())?,
                    },
                    reversed,
                })
            })
            .collect::<CqlResult<Vec<_>>>()?;
        let regular = stored_regular(s, layout, &bad)?;
        let mut table = Table {
            keyspace: keyspace.to_string(),
            name: name.to_string(),
            partition_key,
            clustering,
            regular,
            layout,
            key_indexes: Vec::new(),
        };
        for c in &s.key_indexes {
            let key = matches!(
                table.role(&c.name),
                Some(
                    super::table::ColumnRole::PartitionKey(_)
                        | super::table::ColumnRole::Clustering(_)
                )
            );
            match (key, &c.index_name) {
                (true, Some(index)) => table.key_indexes.push(super::table::KeyIndex {
                    column: c.name.clone(),
                    name: index.clone(),
                }),
                // A regular column's second or later index (3.0 on).
                (false, Some(index)) => {
                    if let Some(r) = table.regular.iter_mut().find(|r| r.column.name == c.name) {
                        r.indexes
                            .push(stored_index(index, c.index_options.as_deref()));
                    }
                }
                _ => {}
            }
        }
        Ok(table)
    }
}

/// The index a column's stored row carries: its only one.
fn sole_index(r: &RegularColumn) -> Option<&ColumnIndex> {
    match r.indexes.as_slice() {
        [one] => Some(one),
        _ => None,
    }
}

/// A regular column's stored index: its target as its options record it
/// (2.1's `index_keys` / `index_values`, 2.2's `index_keys_and_values`).
fn stored_index(name: &str, options: Option<&str>) -> ColumnIndex {
    let has = |option: &str| options.is_some_and(|o| o.contains(&format!("\"{option}\"")));
    ColumnIndex {
        name: name.to_string(),
        target: if has("index_keys_and_values") {
            IndexTarget::Entries
        } else if has("index_keys") {
            IndexTarget::Keys
        } else {
            IndexTarget::Values
        },
    }
}

/// Turns a stored type's parse error into the table's rebuild error.
type Bad<'a> = &'a dyn Fn(&str) -> CqlError;

/// The partition key: the key validator's components, named by the key
/// aliases (`key`, `key2`.. where there are none).
fn stored_partition_key(s: &TableSchema, bad: Bad) -> CqlResult<Vec<Column>> {
    let key_type = parse_type(&s.key_validator).map_err(|e| bad(&e.0))?;
    let key_types: Vec<TypeRef> = match key_type.components() {
        Some(c) if s.key_validator.contains("CompositeType(") => c.to_vec(),
        _ => vec![key_type.clone()],
    };
    let mut key_names = parse_json_string_list(&s.key_aliases)?;
    for i in key_names.len()..key_types.len() {
        key_names.push(if i == 0 {
            "key".to_string()
        } else {
            format!("key{}", i + 1)
        });
    }
    key_types
        .iter()
        .zip(&key_names)
        .map(|(t, n)| {
            Ok(Column {
                name: n.clone(),
                ty: CqlType::from_marshal(t.as_ref())?,
            })
        })
        .collect()
}

/// How 1.2 read a column family as a CQL3 table, with the types of its
/// clustering columns and their aliases: a value alias means COMPACT with
/// clustering; a composite whose aliases cover all but the trailing UTF8
/// column-name component (and collection map) is a CQL3 table; a Thrift
/// CF is COMPACT, static when it declares columns and dense (column1..N,
/// value) otherwise.
fn stored_layout(s: &TableSchema, bad: Bad) -> CqlResult<(Layout, Vec<TypeRef>, Vec<String>)> {
    let comparator = parse_type(&s.comparator).map_err(|e| bad(&e.0))?;
    let is_composite = s
        .comparator
        .starts_with(&format!("{MARSHAL_PACKAGE}CompositeType("));
    let mut clustering_types: Vec<TypeRef> = if is_composite {
        comparator
            .components()
            .map(|c| c.to_vec())
            .unwrap_or_default()
    } else {
        vec![comparator.clone()]
    };
    let aliases = parse_json_string_list(&s.column_aliases)?;
    let has_collections = clustering_types
        .last()
        .is_some_and(|t| t.collection_columns().is_some());
    let name_component = clustering_types
        .len()
        .saturating_sub(1 + usize::from(has_collections));
    let sparse = is_composite
        && s.value_alias.is_none()
        && aliases.len() == name_component
        && clustering_types
            .get(name_component)
            .is_some_and(|t| t.class_name() == format!("{MARSHAL_PACKAGE}UTF8Type"));
    let layout = if s.value_alias.is_some() {
        Layout::CompactDense
    } else if sparse {
        clustering_types.truncate(name_component);
        Layout::Sparse
    } else if !s.columns.is_empty() {
        clustering_types.clear();
        Layout::CompactStatic
    } else {
        Layout::CompactDense
    };
    Ok((layout, clustering_types, aliases))
}

/// The regular columns, by name: a dense table's value column, else the
/// declared columns.
fn stored_regular(s: &TableSchema, layout: Layout, bad: Bad) -> CqlResult<Vec<RegularColumn>> {
    let mut regular = Vec::new();
    if layout == Layout::CompactDense {
        // A Thrift CF without a value alias exposes its values as `value`.
        let v = s.value_alias.clone().unwrap_or_else(|| "value".to_string());
        if !v.is_empty() {
            let t = parse_type(&s.default_validator).map_err(|e| bad(&e.0))?;
            regular.push(RegularColumn {
                column: Column {
                    name: v,
                    ty: CqlType::from_marshal(t.as_ref())?,
                },
                indexes: Vec::new(),
                is_static: false,
            });
        }
    } else {
        for c in &s.columns {
            let t = parse_type(&c.validator).map_err(|e| bad(&e.0))?;
            regular.push(RegularColumn {
                column: Column {
                    name: c.name.clone(),
                    ty: CqlType::from_marshal(t.as_ref())?,
                },
                indexes: c
                    .index_name
                    .iter()
                    .map(|name| stored_index(name, c.index_options.as_deref()))
                    .collect(),
                is_static: c.is_static,
            });
        }
    }
    regular.sort_by(|a, b| a.column.name.as_bytes().cmp(b.column.name.as_bytes()));
    Ok(regular)
}

/// `["a","b"]` as Cassandra's json-simple writes it.
pub fn json_string_list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = items
        .map(|s| {
            let mut q = String::from("\"");
            for ch in s.chars() {
                match ch {
                    '"' => q.push_str("\\\""),
                    '\\' => q.push_str("\\\\"),
                    '/' => q.push_str("\\/"),
                    c if (c as u32) < 0x20 => q.push_str(&format!("\\u{:04x}", c as u32)),
                    c => q.push(c),
                }
            }
            q.push('"');
            q
        })
        .collect();
    format!("[{}]", quoted.join(","))
}

/// Parses a JSON list of strings (the `*_aliases` columns).
pub fn parse_json_string_list(text: &str) -> CqlResult<Vec<String>> {
    let bad = || CqlError::invalid(format!("Invalid JSON string list: {text}"));
    let inner = text
        .trim()
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(bad)?;
    let mut out = Vec::new();
    let mut chars = inner.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace() || *c == ',') {
            chars.next();
        }
        match chars.next() {
            None => return Ok(out),
            Some('"') => {}
            Some(_) => return Err(bad()),
        }
        let mut s = String::new();
        loop {
            match chars.next().ok_or_else(bad)? {
                '"' => break,
                '\\' => match chars.next().ok_or_else(bad)? {
                    'u' => {
                        let hex: String = (0..4).filter_map(|_| chars.next()).collect();
                        let code = u32::from_str_radix(&hex, 16).map_err(|_| bad())?;
                        s.push(char::from_u32(code).ok_or_else(bad)?);
                    }
                    'n' => s.push('\n'),
                    't' => s.push('\t'),
                    'r' => s.push('\r'),
                    'b' => s.push('\u{8}'),
                    'f' => s.push('\u{c}'),
                    c => s.push(c),
                },
                c => s.push(c),
            }
        }
        out.push(s);
    }
}

#[cfg(test)]
#[path = "schema_tests.rs"]
mod tests;
