//! The one dataset model every format is read into: a keyspace with its
//! replication, its column families (definitions and rows) and their data
//! as bytes, or a CQL script as statements. Values are already typed
//! (`typed`); nothing here is format-specific.
//!
//! It must not read files or apply anything (see `read` and `apply`).

use super::typed::ValueType;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// A dataset file, read.
#[derive(Clone, Debug, PartialEq)]
pub struct Dataset {
    /// The file it was read from (for messages).
    pub source: PathBuf,
    pub content: Content,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Content {
    /// An XML, JSON or YAML dataset: one keyspace.
    Keyspace(KeyspaceData),
    /// A `.cql` script, split into statements as cassandra-unit split it.
    Cql(Vec<Statement>),
}

/// One CQL statement of a script and the line it starts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    pub text: String,
    pub line: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct KeyspaceData {
    pub name: String,
    /// Full class name (cassandra-unit's default is SimpleStrategy).
    pub strategy: String,
    pub replication_factor: i32,
    pub column_families: Vec<CfData>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CfData {
    pub name: String,
    pub is_super: bool,
    /// Class names for the schema (`CompositeType(...)`, `ReversedType(...)`).
    pub key_type: String,
    pub comparator: String,
    pub subcomparator: Option<String>,
    pub default_validator: ValueType,
    pub comment: Option<String>,
    pub compaction_strategy: Option<String>,
    pub compaction_strategy_options: BTreeMap<String, String>,
    pub gc_grace_seconds: Option<i32>,
    pub max_compaction_threshold: Option<i32>,
    pub min_compaction_threshold: Option<i32>,
    pub read_repair_chance: Option<f64>,
    pub replicate_on_write: Option<bool>,
    pub column_metadata: Vec<ColumnMeta>,
    pub rows: Vec<RowData>,
    /// Where the column family is declared (for messages when applying).
    pub line: usize,
}

impl CfData {
    pub fn is_counter(&self) -> bool {
        self.default_validator == ValueType::Counter
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnMeta {
    pub name: Vec<u8>,
    pub validation_class: ValueType,
    /// `KEYS` is the only index type cassandra-unit knew.
    pub indexed: bool,
    /// cassandra-unit named an index after the column's text when no name was given.
    pub index_name: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowData {
    pub key: Vec<u8>,
    pub columns: Vec<ColumnData>,
    pub super_columns: Vec<SuperColumnData>,
    pub line: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuperColumnData {
    pub name: Vec<u8>,
    pub columns: Vec<ColumnData>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnData {
    pub name: Vec<u8>,
    /// A missing value is empty bytes, as cassandra-unit wrote it. In a
    /// counter column family, the 8-byte count.
    pub value: Vec<u8>,
    /// When absent, the time of loading in milliseconds (cassandra-unit's
    /// `System.currentTimeMillis()`).
    pub timestamp: Option<i64>,
}

impl KeyspaceData {
    /// How many columns (sub-columns included) the dataset writes.
    pub fn column_count(&self) -> usize {
        self.column_families
            .iter()
            .flat_map(|cf| &cf.rows)
            .map(|r| {
                r.columns.len()
                    + r.super_columns
                        .iter()
                        .map(|s| s.columns.len())
                        .sum::<usize>()
            })
            .sum()
    }
}
