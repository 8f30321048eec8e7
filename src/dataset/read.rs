//! Reads a dataset document tree into the dataset model, with
//! cassandra-unit's field names, defaults and checks: the XSD's element
//! names for XML (`columnFamilies/columnFamily`, repeated `row`,
//! `columnMetadata`, `superColumn`, `column`), its bean property names for
//! JSON and YAML (`columnFamilies`, `rows`, `columnsMetadata`,
//! `superColumns`, `columns` as lists). Unknown fields are refused, as
//! its XSD validation and JSON/YAML mappers refused them.
//!
//! It must not parse text (see `tree`) nor apply anything.

use super::model::*;
use super::tree::{Entry, Tree};
use super::typed::{self, ValueType};
use std::collections::BTreeMap;

/// A problem and the line it is on.
pub(super) type Problem = (usize, String);
type R<T> = Result<T, Problem>;

/// Which spelling of the lists the document uses.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Flavor {
    Xml,
    /// JSON and YAML.
    Bean,
}

const STRATEGIES: [&str; 3] = [
    "org.apache.cassandra.locator.LocalStrategy",
    "org.apache.cassandra.locator.NetworkTopologyStrategy",
    "org.apache.cassandra.locator.SimpleStrategy",
];

/// The fields of one mapping, checked against the names it may have.
struct Obj<'a> {
    entries: &'a [Entry],
    line: usize,
    what: &'static str,
}

impl<'a> Obj<'a> {
    fn of(tree: &'a Tree, what: &'static str, known: &[&str]) -> R<Obj<'a>> {
        let (entries, line): (&[Entry], usize) = match tree {
            Tree::Map { entries, line } => (entries, *line),
            // An empty XML element or an empty YAML value: no fields.
            Tree::Text { value, line } if value.trim().is_empty() => (&[], *line),
            Tree::Null { line } => (&[], *line),
            other => {
                return Err((
                    other.line(),
                    format!("{what}: expected a mapping of fields"),
                ))
            }
        };
        if let Some(e) = entries.iter().find(|e| !known.contains(&e.key.as_str())) {
            return Err((
                e.line,
                format!(
                    "unknown field '{}' in {what} (expected one of: {})",
                    e.key,
                    known.join(", ")
                ),
            ));
        }
        Ok(Obj {
            entries,
            line,
            what,
        })
    }

    fn all(&self, key: &str) -> impl Iterator<Item = &'a Entry> + '_ {
        let key = key.to_string();
        self.entries.iter().filter(move |e| e.key == key)
    }

    fn one(&self, key: &str) -> R<Option<&'a Entry>> {
        let mut found = self.all(key);
        let first = found.next();
        if let Some(second) = found.next() {
            return Err((second.line, format!("'{key}' given twice in {}", self.what)));
        }
        Ok(first)
    }

    /// A scalar field (numbers and booleans are read as their text, as
    /// the Java mappers read them into String properties).
    fn text(&self, key: &str) -> R<Option<(String, usize)>> {
        match self.one(key)? {
            None => Ok(None),
            Some(Entry {
                value: Tree::Null { .. },
                ..
            }) => Ok(None),
            Some(Entry {
                value: Tree::Text { value, line },
                ..
            }) => Ok(Some((value.clone(), *line))),
            Some(e) => Err((
                e.line,
                format!("'{key}' in {} must be a single value", self.what),
            )),
        }
    }

    fn required(&self, key: &str, message: &str) -> R<(String, usize)> {
        self.text(key)?
            .ok_or_else(|| (self.line, message.to_string()))
    }

    fn parsed<T: std::str::FromStr>(&self, key: &str, kind: &str) -> R<Option<T>> {
        match self.text(key)? {
            None => Ok(None),
            Some((v, line)) => v
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| (line, format!("'{key}' must be {kind}, found \"{v}\""))),
        }
    }

    /// A list: `bean` as a list value in JSON/YAML; in XML the repeated
    /// `xml_item` children, inside `xml_wrapper` when there is one.
    fn list(
        &self,
        flavor: Flavor,
        bean: &str,
        xml_wrapper: Option<&str>,
        xml_item: &str,
    ) -> R<Vec<&'a Tree>> {
        match flavor {
            Flavor::Bean => match self.one(bean)? {
                None
                | Some(Entry {
                    value: Tree::Null { .. },
                    ..
                }) => Ok(Vec::new()),
                Some(Entry {
                    value: Tree::List { items, .. },
                    ..
                }) => Ok(items.iter().collect()),
                Some(e) => Err((e.line, format!("'{bean}' in {} must be a list", self.what))),
            },
            Flavor::Xml => match xml_wrapper {
                None => Ok(self.all(xml_item).map(|e| &e.value).collect()),
                Some(wrapper) => match self.one(wrapper)? {
                    None => Ok(Vec::new()),
                    Some(e) => {
                        let inner = Obj::of(&e.value, "a list element", &[xml_item])?;
                        Ok(inner.all(xml_item).map(|e| &e.value).collect())
                    }
                },
            },
        }
    }
}

/// The keyspace of a document.
pub(super) fn keyspace(tree: &Tree, flavor: Flavor) -> R<KeyspaceData> {
    let ks = Obj::of(
        tree,
        "the keyspace",
        &["name", "strategy", "replicationFactor", "columnFamilies"],
    )?;
    let (name, _) = ks.required("name", "Keyspace name is mandatory")?;
    let strategy = match ks.text("strategy")? {
        None => STRATEGIES[2].to_string(),
        Some((s, line)) => STRATEGIES
            .iter()
            .find(|k| k.eq_ignore_ascii_case(s.trim()))
            .map(|k| k.to_string())
            .ok_or((
                line,
                format!(
                    "Invalid keyspace Strategy \"{s}\" (expected one of: {})",
                    STRATEGIES.join(", ")
                ),
            ))?,
    };
    // cassandra-unit kept its default of 1 for a factor of 0.
    let replication_factor = match ks.parsed::<i32>("replicationFactor", "an integer")? {
        None | Some(0) => 1,
        Some(n) => n,
    };
    let mut column_families = Vec::new();
    for cf in ks.list(
        flavor,
        "columnFamilies",
        Some("columnFamilies"),
        "columnFamily",
    )? {
        column_families.push(column_family(cf, flavor)?);
    }
    Ok(KeyspaceData {
        name,
        strategy,
        replication_factor,
        column_families,
    })
}

const CF_FIELDS: [&str; 16] = [
    "name",
    "type",
    "keyType",
    "comparatorType",
    "subComparatorType",
    "defaultColumnValueType",
    "comment",
    "compactionStrategy",
    "compactionStrategyOptions",
    "gcGraceSeconds",
    "maxCompactionThreshold",
    "minCompactionThreshold",
    "readRepairChance",
    "replicationOnWrite",
    // The lists, as the flavor spells them.
    "",
    "",
];

/// The value type of a column name, key or value, with its class name.
struct Typing {
    key: ValueType,
    comparator: ValueType,
    subcomparator: Option<ValueType>,
    default: ValueType,
}

fn data_type(cf: &Obj, key: &str) -> R<Option<ValueType>> {
    match cf.text(key)? {
        None => Ok(None),
        Some((t, line)) => ValueType::data_type(t.trim())
            .map(Some)
            .ok_or((line, format!("'{key}': unknown data type \"{t}\""))),
    }
}

fn comparator(cf: &Obj, key: &str) -> R<(ValueType, String)> {
    match cf.text(key)? {
        None => Ok((ValueType::Bytes, "BytesType".to_string())),
        Some((t, line)) => typed::comparator(t.trim()).map_err(|m| (line, m)),
    }
}

fn column_family(tree: &Tree, flavor: Flavor) -> R<CfData> {
    let mut known = CF_FIELDS;
    [known[14], known[15]] = match flavor {
        Flavor::Xml => ["columnMetadata", "row"],
        Flavor::Bean => ["columnsMetadata", "rows"],
    };
    let cf = Obj::of(tree, "a column family", &known)?;
    let (name, _) = cf.required("name", "Column Family Name is missing")?;
    let is_super = match cf.text("type")? {
        None => false,
        Some((t, _)) if t.trim() == "STANDARD" => false,
        Some((t, _)) if t.trim() == "SUPER" => true,
        Some((t, line)) => {
            return Err((
                line,
                format!("column family type \"{t}\" is invalid (STANDARD or SUPER)"),
            ))
        }
    };
    let (key, key_type) = comparator(&cf, "keyType")?;
    let (comparator_type, comparator_class) = comparator(&cf, "comparatorType")?;
    let subcomparator = data_type(&cf, "subComparatorType")?;
    let default = data_type(&cf, "defaultColumnValueType")?.unwrap_or(ValueType::Bytes);
    let typing = Typing {
        key,
        comparator: comparator_type,
        subcomparator: subcomparator.clone(),
        default: default.clone(),
    };
    let mut options = BTreeMap::new();
    for o in cf.list(
        flavor,
        "compactionStrategyOptions",
        Some("compactionStrategyOptions"),
        "compactionStrategyOption",
    )? {
        let o = Obj::of(o, "a compaction strategy option", &["name", "value"])?;
        let (n, _) = o.required("name", "a compaction strategy option needs a name")?;
        let (v, _) = o.required("value", "a compaction strategy option needs a value")?;
        options.insert(n, v);
    }
    let mut metadata = Vec::new();
    let mut by_name = Vec::new();
    for m in cf.list(flavor, "columnsMetadata", None, "columnMetadata")? {
        let (meta, text) = column_meta(m, &typing)?;
        by_name.push((text, meta.validation_class.clone()));
        metadata.push(meta);
    }
    let mut rows = Vec::new();
    for r in cf.list(flavor, "rows", None, "row")? {
        rows.push(row(r, flavor, &typing, &by_name, is_super)?);
    }
    Ok(CfData {
        name,
        is_super,
        key_type,
        comparator: comparator_class,
        subcomparator: subcomparator.map(|s| s.class_name()),
        default_validator: default,
        comment: cf.text("comment")?.map(|(c, _)| c),
        compaction_strategy: cf.text("compactionStrategy")?.map(|(c, _)| c),
        compaction_strategy_options: options,
        gc_grace_seconds: cf.parsed("gcGraceSeconds", "an integer")?,
        max_compaction_threshold: cf.parsed("maxCompactionThreshold", "an integer")?,
        min_compaction_threshold: cf.parsed("minCompactionThreshold", "an integer")?,
        read_repair_chance: cf.parsed("readRepairChance", "a number")?,
        replicate_on_write: cf.parsed("replicationOnWrite", "true or false")?,
        column_metadata: metadata,
        rows,
        line: tree.line(),
    })
}

/// A column's metadata and the name as written (values are matched to
/// their metadata by that text, as cassandra-unit matched them).
fn column_meta(tree: &Tree, typing: &Typing) -> R<(ColumnMeta, String)> {
    let m = Obj::of(
        tree,
        "column metadata",
        &["name", "validationClass", "indexType", "indexName"],
    )?;
    let (name, line) = m.required("name", "column metadata name can't be empty")?;
    let validation_class = data_type(&m, "validationClass")?.ok_or((
        m.line,
        "column metadata validation class can't be empty".to_string(),
    ))?;
    let indexed = match m.text("indexType")? {
        None => false,
        Some((t, _)) if t.trim() == "KEYS" => true,
        Some((t, line)) => {
            return Err((
                line,
                format!("index type \"{t}\" is invalid (KEYS is the only one)"),
            ))
        }
    };
    let name_type = typing.subcomparator.as_ref().unwrap_or(&typing.comparator);
    let bytes = name_type.encode(&name).map_err(|e| (line, e))?;
    let index_name = match (indexed, m.text("indexName")?) {
        (_, Some((n, _))) => Some(n),
        (true, None) => Some(name.clone()),
        (false, None) => None,
    };
    Ok((
        ColumnMeta {
            name: bytes,
            validation_class,
            indexed,
            index_name,
        },
        name,
    ))
}

fn row(
    tree: &Tree,
    flavor: Flavor,
    typing: &Typing,
    meta: &[(String, ValueType)],
    is_super: bool,
) -> R<RowData> {
    let known: &[&str] = match flavor {
        Flavor::Xml => &["key", "superColumn", "column"],
        Flavor::Bean => &["key", "superColumns", "columns"],
    };
    let r = Obj::of(tree, "a row", known)?;
    let (key, line) = r.required("key", "a row needs a key")?;
    let key = typing
        .key
        .encode(&key)
        .map_err(|e| (line, format!("row key: {e}")))?;
    let columns_of = |o: &Obj, names: &ValueType| -> R<Vec<ColumnData>> {
        let mut out = Vec::new();
        for c in o.list(flavor, "columns", None, "column")? {
            out.push(column(c, names, typing, meta)?);
        }
        Ok(out)
    };
    let columns = columns_of(&r, &typing.comparator)?;
    let mut super_columns = Vec::new();
    for s in r.list(flavor, "superColumns", None, "superColumn")? {
        let known: &[&str] = match flavor {
            Flavor::Xml => &["name", "column"],
            Flavor::Bean => &["name", "columns"],
        };
        let o = Obj::of(s, "a super column", known)?;
        let (name, line) = o.required("name", "a super column needs a name")?;
        // A super column's name is read with the comparator's simple type.
        let name = typing
            .comparator
            .encode(&name)
            .map_err(|e| (line, format!("super column name: {e}")))?;
        let sub = typing.subcomparator.clone().unwrap_or(ValueType::Bytes);
        super_columns.push(SuperColumnData {
            name,
            columns: columns_of(&o, &sub)?,
        });
    }
    if is_super && !columns.is_empty() {
        return Err((
            r.line,
            "a row of a super column family holds super columns, not columns".into(),
        ));
    }
    if !is_super && !super_columns.is_empty() {
        return Err((
            r.line,
            "a row of a standard column family holds columns, not super columns".into(),
        ));
    }
    Ok(RowData {
        key,
        columns,
        super_columns,
        line: r.line,
    })
}

fn column(
    tree: &Tree,
    names: &ValueType,
    typing: &Typing,
    meta: &[(String, ValueType)],
) -> R<ColumnData> {
    let c = Obj::of(tree, "a column", &["name", "value", "timestamp"])?;
    let (name_text, line) = c.required("name", "a column needs a name")?;
    let name = names
        .encode(&name_text)
        .map_err(|e| (line, format!("column name: {e}")))?;
    let counter = typing.default == ValueType::Counter;
    let value = match c.text("value")? {
        None => Vec::new(),
        Some((v, line)) => {
            if counter && typed::function(&v).is_some() {
                return Err((
                    line,
                    "Impossible to override Column value into a Counter column family".into(),
                ));
            }
            let declared = meta.iter().find(|(n, _)| *n == name_text).map(|(_, t)| t);
            let result = match declared {
                Some(t) if typed::function(&v).is_none() => t.encode(&v),
                _ => typed::value(&v, &typing.default).map(|(_, b)| b),
            };
            result.map_err(|e| (line, format!("column value: {e}")))?
        }
    };
    if counter && value.len() != 8 {
        return Err((c.line, "a counter column needs a value (its count)".into()));
    }
    Ok(ColumnData {
        name,
        value,
        timestamp: c.parsed("timestamp", "a number (the column's timestamp)")?,
    })
}
