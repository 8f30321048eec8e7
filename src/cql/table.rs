//! The CQL3 table model: partition key, clustering columns (with their
//! order), regular columns, COMPACT STORAGE, indexes; built from CREATE
//! TABLE with Cassandra 1.2's checks and messages.
//!
//! Owns which columns exist and what role each plays. The Thrift-visible
//! schema derived from it (comparator strings, aliases) is `cql::schema`;
//! the cell layout is `cql::mapping`. It must not touch storage.

use super::ast::{CreateTable, IndexTarget, Ordering};
use super::error::{CqlError, CqlResult};
use super::types::CqlType;
use crate::schema::javaorder::java_hashmap_order;

/// One column with its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub name: String,
    pub ty: CqlType,
}

/// A clustering column and whether it sorts descending (`ReversedType`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClusteringColumn {
    pub column: Column,
    pub reversed: bool,
}

/// A regular (non-key) column and its secondary indexes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegularColumn {
    pub column: Column,
    /// Its indexes in the order they were made: at most one before 3.0
    /// (2.x refused a second), one per target from 3.0 on (3.0's
    /// `system_schema.indexes` holds a map's `keys(m)`, `values(m)` and
    /// `entries(m)` side by side).
    pub indexes: Vec<ColumnIndex>,
    /// 2.0's `static`: one value per partition, shown on each of its rows.
    pub is_static: bool,
}

/// One secondary index of a regular column: its name and what it indexes
/// of the column (`Values`: the value, a collection's elements, a map's
/// values; 2.1's `KEYS(m)`; 2.2's `ENTRIES(m)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnIndex {
    pub name: String,
    pub target: IndexTarget,
}

impl RegularColumn {
    /// A column without index.
    pub fn new(column: Column, is_static: bool) -> RegularColumn {
        RegularColumn {
            column,
            indexes: Vec::new(),
            is_static,
        }
    }

    /// The column's first index (its only one before 3.0).
    pub fn index(&self) -> Option<&ColumnIndex> {
        self.indexes.first()
    }

    /// Whether the column has any index.
    pub fn is_indexed(&self) -> bool {
        !self.indexes.is_empty()
    }

    /// Whether one of the column's indexes indexes `target` of it.
    pub fn indexed_on(&self, target: IndexTarget) -> bool {
        self.indexes.iter().any(|i| i.target == target)
    }
}

/// A secondary index on a key column (2.0 on: a clustering column or a
/// part of a composite partition key), by the column's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyIndex {
    pub column: String,
    pub name: String,
}

/// How CQL rows are laid out as cells (see `cql::mapping`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Non-compact: composite names `(clustering..., column[, element])`
    /// with a row marker.
    Sparse,
    /// COMPACT STORAGE without clustering: plain column names, no marker.
    CompactStatic,
    /// COMPACT STORAGE with clustering: the name is the clustering value(s)
    /// and the cell value is the single value column (if any).
    CompactDense,
}

/// A CQL3 table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub keyspace: String,
    pub name: String,
    pub partition_key: Vec<Column>,
    pub clustering: Vec<ClusteringColumn>,
    /// Non-key columns sorted by name (the order `SELECT *` returns them).
    /// For `CompactDense` this is the value column, or nothing.
    pub regular: Vec<RegularColumn>,
    pub layout: Layout,
    /// The indexes on key columns, by column name.
    pub key_indexes: Vec<KeyIndex>,
}

/// What role a column plays, with its position in that group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnRole {
    PartitionKey(usize),
    Clustering(usize),
    Regular(usize),
}

impl Table {
    /// Builds and checks a table from its CREATE TABLE statement.
    pub fn from_create(keyspace: &str, ct: &CreateTable) -> CqlResult<Table> {
        Table::from_create_as(keyspace, ct, CounterMix::HashFirst)
    }

    /// [`Table::from_create`] refusing counters mixed with other columns
    /// as `mix` says the release did.
    pub fn from_create_as(keyspace: &str, ct: &CreateTable, mix: CounterMix) -> CqlResult<Table> {
        let mut defs: Vec<Column> = Vec::new();
        for d in &ct.columns {
            if defs.iter().any(|c| c.name == d.name) {
                return Err(CqlError::invalid(format!(
                    "Multiple definition of identifier {}",
                    d.name
                )));
            }
            defs.push(Column {
                name: d.name.clone(),
                ty: CqlType::from_expr(&d.ty)?,
            });
        }
        let inline_keys = ct.partition_key.len();
        if inline_keys == 0 {
            return Err(CqlError::invalid(
                "No PRIMARY KEY specifed (exactly one required)",
            ));
        }
        if ct.key_declarations > 1 {
            return Err(CqlError::invalid(
                "Multiple PRIMARY KEYs specifed (exactly one required)",
            ));
        }
        let find = |name: &str| -> CqlResult<Column> {
            defs.iter()
                .find(|c| c.name == name)
                .cloned()
                .ok_or_else(|| {
                    CqlError::invalid(format!(
                        "Unknown definition {name} referenced in PRIMARY KEY"
                    ))
                })
        };
        let mut partition_key = Vec::new();
        let mut seen = Vec::new();
        for k in ct.partition_key.iter().chain(&ct.clustering) {
            if seen.contains(k) {
                return Err(CqlError::invalid(format!(
                    "Multiple definition of identifier {k}"
                )));
            }
            seen.push(k.clone());
        }
        // A key column can be neither a collection nor a counter.
        let key_column = |k: &String| -> CqlResult<Column> {
            let c = find(k)?;
            if c.ty.is_collection() {
                return Err(CqlError::invalid(format!(
                    "Invalid collection type for PRIMARY KEY component {k}"
                )));
            }
            if c.ty.is_multi_cell_user() {
                return Err(CqlError::invalid(format!(
                    "Invalid non-frozen user-defined type for PRIMARY KEY component {k}"
                )));
            }
            if c.ty.is_counter() {
                return Err(CqlError::invalid(format!(
                    "counter type is not supported for PRIMARY KEY part {k}"
                )));
            }
            if c.ty.references_duration() {
                return Err(CqlError::invalid(format!(
                    "duration type is not supported for PRIMARY KEY part {k}"
                )));
            }
            Ok(c)
        };
        for k in &ct.partition_key {
            partition_key.push(key_column(k)?);
        }
        let mut clustering = Vec::new();
        for k in &ct.clustering {
            clustering.push(ClusteringColumn {
                column: key_column(k)?,
                reversed: false,
            });
        }
        apply_clustering_order(&mut clustering, &ct.clustering_order)?;
        let statics: Vec<&str> = ct
            .columns
            .iter()
            .filter(|d| d.is_static)
            .map(|d| d.name.as_str())
            .collect();
        check_statics(ct, &statics)?;
        let mut regular: Vec<RegularColumn> = defs
            .iter()
            .filter(|c| !seen.contains(&c.name))
            .map(|c| RegularColumn::new(c.clone(), statics.contains(&c.name.as_str())))
            .collect();
        let layout = layout_of(ct, &clustering, &regular, mix)?;
        regular.sort_by(|a, b| a.column.name.as_bytes().cmp(b.column.name.as_bytes()));
        Ok(Table {
            keyspace: keyspace.to_string(),
            name: ct.table.name.clone(),
            partition_key,
            clustering,
            regular,
            layout,
            key_indexes: Vec::new(),
        })
    }

    /// Gives 2.0's `timestamp` for 1.2's to every column, or to the
    /// column `only` ([`CqlType::with_signed_timestamps`]).
    pub fn sign_timestamps(&mut self, only: Option<&str>) {
        let map = |c: &mut Column| {
            if only.is_none_or(|name| name == c.name) {
                let ty = std::mem::replace(&mut c.ty, CqlType::Custom(String::new()));
                c.ty = ty.with_signed_timestamps();
            }
        };
        self.partition_key.iter_mut().for_each(map);
        self.clustering.iter_mut().for_each(|c| map(&mut c.column));
        self.regular.iter_mut().for_each(|c| map(&mut c.column));
    }

    pub fn is_compact(&self) -> bool {
        self.layout != Layout::Sparse
    }

    /// Whether any column is `static` (2.0.6+).
    pub fn has_statics(&self) -> bool {
        self.regular.iter().any(|r| r.is_static)
    }

    /// Whether `name` is a static column.
    pub fn is_static(&self, name: &str) -> bool {
        self.regular
            .iter()
            .any(|r| r.is_static && r.column.name == name)
    }

    /// The index on key column `name`, if it has one.
    pub fn key_index(&self, name: &str) -> Option<&KeyIndex> {
        self.key_indexes.iter().find(|k| k.column == name)
    }

    /// Whether column `name` (of any role) has a secondary index.
    pub fn is_indexed(&self, name: &str) -> bool {
        self.key_index(name).is_some()
            || self
                .regular
                .iter()
                .any(|r| r.column.name == name && r.is_indexed())
    }

    /// Every index name of the table, its key columns' too.
    pub fn index_names(&self) -> impl Iterator<Item = &str> {
        self.regular
            .iter()
            .flat_map(|r| r.indexes.iter().map(|i| i.name.as_str()))
            .chain(self.key_indexes.iter().map(|k| k.name.as_str()))
    }

    /// Drops the index named `name`; false when the table has none so named.
    pub fn drop_index(&mut self, name: &str) -> bool {
        let before = self.key_indexes.len();
        self.key_indexes.retain(|k| k.name != name);
        let mut found = self.key_indexes.len() != before;
        for r in &mut self.regular {
            let before = r.indexes.len();
            r.indexes.retain(|i| i.name != name);
            found |= r.indexes.len() != before;
        }
        found
    }

    /// The column's role, refused as every release refused a column the
    /// table lacks.
    pub fn known_role(&self, name: &str) -> CqlResult<ColumnRole> {
        self.role(name)
            .ok_or_else(|| CqlError::unknown_identifier(name))
    }

    /// The column's role, or `None` when the table has no such column.
    pub fn role(&self, name: &str) -> Option<ColumnRole> {
        if let Some(i) = self.partition_key.iter().position(|c| c.name == name) {
            return Some(ColumnRole::PartitionKey(i));
        }
        if let Some(i) = self.clustering.iter().position(|c| c.column.name == name) {
            return Some(ColumnRole::Clustering(i));
        }
        self.regular
            .iter()
            .position(|c| c.column.name == name)
            .map(ColumnRole::Regular)
    }

    /// The column definition by name.
    pub fn column(&self, name: &str) -> Option<&Column> {
        match self.role(name)? {
            ColumnRole::PartitionKey(i) => Some(&self.partition_key[i]),
            ColumnRole::Clustering(i) => Some(&self.clustering[i].column),
            ColumnRole::Regular(i) => Some(&self.regular[i].column),
        }
    }

    /// Every column in `SELECT *` order: partition key, clustering, then
    /// the static columns by name and the other regular ones by name (2.0's
    /// `allColumnsInSelectOrder`, 3.x's too).
    pub fn all_columns(&self) -> Vec<&Column> {
        let regular = |statics: bool| {
            self.regular
                .iter()
                .filter(move |r| r.is_static == statics)
                .map(|r| &r.column)
        };
        self.partition_key
            .iter()
            .chain(self.clustering.iter().map(|c| &c.column))
            .chain(regular(true))
            .chain(regular(false))
            .collect()
    }

    /// True for counter tables (every regular column is a counter).
    pub fn is_counter_table(&self) -> bool {
        !self.regular.is_empty() && self.regular.iter().all(|r| r.column.ty.is_counter())
    }

    /// Records a secondary index on `column` (CREATE INDEX), checking what
    /// 1.2 checked; returns the index name (default `<table>_<col>_idx`).
    pub fn add_index(&mut self, column: &str, name: Option<&str>) -> CqlResult<String> {
        self.add_index_with(column, name, IndexRules::default())
    }

    /// [`Table::add_index`] by a release's `rules`.
    pub fn add_index_with(
        &mut self,
        column: &str,
        name: Option<&str>,
        rules: IndexRules,
    ) -> CqlResult<String> {
        match self.role(column) {
            None => Err(CqlError::invalid(format!(
                "No column definition found for column {column}"
            ))),
            Some(role @ (ColumnRole::PartitionKey(_) | ColumnRole::Clustering(_))) => {
                // 2.0's CreateIndexStatement: a key column's index first
                // met an existing one; a compact table's key columns and a
                // sole partition key column stay refused (reworded per
                // release by the front end).
                let sole_key =
                    matches!(role, ColumnRole::PartitionKey(_)) && self.partition_key.len() == 1;
                if rules.key_parts && self.key_index(column).is_some() {
                    return Err(CqlError::invalid("Index already exists"));
                }
                if !rules.key_parts || self.layout != Layout::Sparse || sole_key {
                    return Err(CqlError::invalid(format!(
                        "Cannot create index on PRIMARY KEY part {column}"
                    )));
                }
                let idx = name
                    .map(str::to_string)
                    .unwrap_or_else(|| format!("{}_{}_idx", self.name, column));
                self.key_indexes.push(KeyIndex {
                    column: column.to_string(),
                    name: idx.clone(),
                });
                self.key_indexes.sort_by(|a, b| a.column.cmp(&b.column));
                Ok(idx)
            }
            Some(ColumnRole::Regular(i)) => {
                if self.layout == Layout::CompactDense {
                    return Err(CqlError::invalid(format!("Secondary index on CLUSTERING column or COMPACT value {column} is not supported")));
                }
                let r = &self.regular[i];
                if rules.collections {
                    // 2.1: the target, then an existing index, then statics.
                    collection_target(r, rules.target, rules.several_per_column, rules.frozen)?;
                }
                // 3.0 refused only an index the column has already (one
                // of the same target: `equalsWithoutName`).
                let taken = match rules.several_per_column {
                    true => r.indexed_on(rules.target),
                    false => r.is_indexed(),
                };
                if taken {
                    return Err(CqlError::invalid("Index already exists"));
                }
                if r.is_static && !rules.static_allowed {
                    return Err(CqlError::invalid(
                        "Secondary indexes are not allowed on static columns",
                    ));
                }
                if !rules.collections && r.column.ty.is_collection() {
                    return Err(CqlError::invalid(
                        "Indexes on collections are no yet supported",
                    ));
                }
                let idx = name
                    .map(str::to_string)
                    .unwrap_or_else(|| format!("{}_{}_idx", self.name, column));
                self.regular[i].indexes.push(ColumnIndex {
                    name: idx.clone(),
                    target: rules.target,
                });
                Ok(idx)
            }
        }
    }
}

/// What a release's CREATE INDEX took; the default is 1.2's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexRules {
    /// 3.4+ index static columns (2.0 refused them).
    pub static_allowed: bool,
    /// 2.1+ index collections: their elements, or `KEYS(m)` a map's keys.
    pub collections: bool,
    /// What the statement indexes of the column.
    pub target: IndexTarget,
    /// 2.0+ index a clustering column or a composite partition key's part.
    pub key_parts: bool,
    /// 3.0+ index a column once per target (a map's keys and values).
    pub several_per_column: bool,
    /// How an index of a frozen collection's elements or keys was refused:
    /// 2.1's words, 2.2's (`validateForFrozenCollection`), or not here.
    pub frozen: FrozenIndex,
}

/// Whose refusal of a frozen collection's index other than `FULL()`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FrozenIndex {
    /// Not checked here (before 2.1, and 3.x's own checks).
    #[default]
    Unchecked,
    /// 2.1: keys of a frozen map, or any other target but FULL.
    V21,
    /// 2.2: any target but FULL, named by its type.
    V22,
}

impl Default for IndexRules {
    fn default() -> Self {
        IndexRules {
            static_allowed: false,
            collections: false,
            target: IndexTarget::Values,
            key_parts: false,
            several_per_column: false,
            frozen: FrozenIndex::Unchecked,
        }
    }
}

/// 2.1's `CreateIndexStatement.validate` of the target against the column
/// (no frozen collections here: `FULL()` is refused on any), then of an
/// index the column already has: a map indexed on its keys and its values
/// at once is refused before "Index already exists".
pub fn collection_target(
    r: &RegularColumn,
    target: IndexTarget,
    several_per_column: bool,
    frozen: FrozenIndex,
) -> CqlResult<()> {
    let column = &r.column.name;
    // A frozen collection's index: only `FULL()` (which is refused below
    // as on any column: not modelled), 2.1 and 2.2 each in its words.
    if let CqlType::Frozen(inner) = &r.column.ty {
        let is_map = matches!(**inner, CqlType::Map(..));
        let refusal = match (frozen, target) {
            _ if !inner.is_collection() => None,
            (FrozenIndex::V21, IndexTarget::Keys) if !is_map => Some(format!(
                "Cannot create index on keys of column {column} with non-map type"
            )),
            (FrozenIndex::V21, IndexTarget::Keys) => Some(format!(
                "Cannot create index on keys of frozen<map> column {column}"
            )),
            (FrozenIndex::V21, IndexTarget::Values | IndexTarget::Entries) => Some(
                "Frozen collections currently only support full-collection indexes. For \
                 example, 'CREATE INDEX ON <table>(full(<columnName>))'."
                    .to_string(),
            ),
            // 2.2 named any frozen collection a frozen<map> (sic).
            (FrozenIndex::V22, IndexTarget::Values | IndexTarget::Keys | IndexTarget::Entries) => {
                let what = match target {
                    IndexTarget::Keys => "keys",
                    IndexTarget::Entries => "entries",
                    _ => "values",
                };
                Some(format!(
                    "Cannot create index on {what} of frozen<map> column {column}"
                ))
            }
            _ => None,
        };
        if let Some(m) = refusal {
            return Err(CqlError::invalid(m));
        }
    }
    let is_map = matches!(r.column.ty, CqlType::Map(..));
    match target {
        // 2.1 printed its `IndexTarget` there, which had no `toString`
        // (`IndexTarget@<identity hash>`): the column stands for it.
        IndexTarget::Keys | IndexTarget::Entries if !is_map => {
            let what = if target == IndexTarget::Keys {
                "keys"
            } else {
                "entries"
            };
            return Err(CqlError::invalid(format!(
                "Cannot create index on {what} of column {column} with non-map type"
            )));
        }
        IndexTarget::Full => {
            return Err(CqlError::invalid(
                "full() indexes can only be created on frozen collections",
            ))
        }
        _ => {}
    }
    let Some(existing) = r.index().filter(|_| is_map && !several_per_column) else {
        return Ok(());
    };
    if existing.target != target {
        let what = |t: IndexTarget| match t {
            IndexTarget::Keys => "keys",
            IndexTarget::Entries => "entries",
            _ => "values",
        };
        return Err(CqlError::invalid(format!(
            "Cannot create index on {column} {}, an index on {column} {} already exists and \
             indexing a map on both keys and values at the same time is not currently supported",
            what(target),
            what(existing.target)
        )));
    }
    Ok(())
}

/// The layout CREATE TABLE asks for, checked: regular columns all
/// counters or none; COMPACT STORAGE with no collection, and one column
/// outside the key when there is clustering (else at least one).
fn layout_of(
    ct: &CreateTable,
    clustering: &[ClusteringColumn],
    regular: &[RegularColumn],
    mix: CounterMix,
) -> CqlResult<Layout> {
    if let Some(why) = mixed_counters(regular, mix) {
        return Err(CqlError::invalid(why));
    }
    Ok(if !ct.compact_storage {
        Layout::Sparse
    } else {
        let multi_cell = |t: &CqlType| t.is_collection() || t.is_multi_cell_user();
        if regular.iter().any(|r| multi_cell(&r.column.ty)) {
            return Err(CqlError::invalid(
                "Collection types are not supported with COMPACT STORAGE",
            ));
        }
        if clustering.is_empty() {
            if regular.is_empty() {
                return Err(CqlError::invalid(
                    "No definition found that is not part of the PRIMARY KEY",
                ));
            }
            Layout::CompactStatic
        } else {
            if regular.len() > 1 {
                // 1.2 lists them in Java HashMap order; reproduced.
                let names: Vec<&[u8]> = regular.iter().map(|r| r.column.name.as_bytes()).collect();
                let order = java_hashmap_order(&names);
                let listed: Vec<&str> = order
                    .iter()
                    .map(|&i| regular[i].column.name.as_str())
                    .collect();
                return Err(CqlError::invalid(format!(
                        "COMPACT STORAGE with composite PRIMARY KEY allows no more than one column not part of the PRIMARY KEY (got: {})",
                        listed.join(", ")
                    )));
            }
            Layout::CompactDense
        }
    })
}

/// How a release refused a table mixing counters with other columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CounterMix {
    /// 1.2 and 2.0: `CreateColumnFamilyStatement` made the table a counter
    /// one when the first column of its `HashMap` was a counter, and
    /// `CFMetaData.validate` named the first column of the other kind in
    /// its column map (a `HashMap` by the names' bytes).
    HashFirst,
    /// 2.1 and 2.2: the columns were a `TreeMap` by name (CASSANDRA-9492),
    /// the first by name deciding, and the column named the first of the
    /// other kind by name (`CFMetaData`'s sorted regular columns).
    NameFirst,
    /// 3.0 on: `CreateTableStatement` refused the mix itself.
    Refused,
}

/// The refusal of `regular` mixing counters and other columns, if they do.
fn mixed_counters(regular: &[RegularColumn], mix: CounterMix) -> Option<String> {
    let counters = regular.iter().filter(|r| r.column.ty.is_counter()).count();
    if counters == 0 || counters == regular.len() {
        return None;
    }
    // The columns in the order the release met them: its HashMap's by the
    // names' bytes (1.2, 2.0), or sorted by name (2.1, 2.2).
    let ordered: Vec<&RegularColumn> = match mix {
        CounterMix::Refused => {
            return Some("Cannot mix counter and non counter columns in the same table".into())
        }
        CounterMix::HashFirst => {
            let names: Vec<&[u8]> = regular.iter().map(|r| r.column.name.as_bytes()).collect();
            java_hashmap_order(&names)
                .into_iter()
                .map(|i| &regular[i])
                .collect()
        }
        CounterMix::NameFirst => {
            let mut sorted: Vec<&RegularColumn> = regular.iter().collect();
            sorted.sort_by(|a, b| a.column.name.as_bytes().cmp(b.column.name.as_bytes()));
            sorted
        }
    };
    let counter_table = ordered.first()?.column.ty.is_counter();
    let bad = ordered
        .iter()
        .find(|r| r.column.ty.is_counter() != counter_table)?;
    let name = &bad.column.name;
    Some(match counter_table {
        true => format!("Cannot add a non counter column ({name}) in a counter column family"),
        false => format!("Cannot add a counter column ({name}) in a non counter column family"),
    })
}

/// 2.0's checks of `static` columns, in its order: none in the PRIMARY
/// KEY, none in COMPACT STORAGE, and only with clustering columns.
fn check_statics(ct: &CreateTable, statics: &[&str]) -> CqlResult<()> {
    if statics.is_empty() {
        return Ok(());
    }
    if let Some(k) = ct
        .partition_key
        .iter()
        .chain(&ct.clustering)
        .find(|k| statics.contains(&k.as_str()))
    {
        return Err(CqlError::invalid(format!(
            "Static column {k} cannot be part of the PRIMARY KEY"
        )));
    }
    if ct.compact_storage {
        return Err(CqlError::invalid(
            "Static columns are not supported in COMPACT STORAGE tables",
        ));
    }
    if ct.clustering.is_empty() {
        return Err(CqlError::invalid(STATICS_NEED_CLUSTERING));
    }
    Ok(())
}

pub(crate) const STATICS_NEED_CLUSTERING: &str =
    "Static columns are only useful (and thus allowed) if the table has at least one clustering column";

fn apply_clustering_order(
    clustering: &mut [ClusteringColumn],
    order: &[(String, Ordering)],
) -> CqlResult<()> {
    let mut last: Option<usize> = None;
    for (name, o) in order {
        let Some(i) = clustering.iter().position(|c| &c.column.name == name) else {
            return Err(CqlError::invalid(format!("Only clustering key columns can be defined in CLUSTERING ORDER directive: {name} is not a clustering column")));
        };
        if let Some(prev) = last {
            if i <= prev {
                return Err(CqlError::invalid(format!(
                    "The order of columns in the CLUSTERING ORDER directive must be the one of the clustering key ({} must appear before {})",
                    clustering[i].column.name, clustering[prev].column.name
                )));
            }
        }
        last = Some(i);
        clustering[i].reversed = *o == Ordering::Desc;
    }
    if !order.is_empty() && order.len() != clustering.len() {
        let missing = clustering
            .iter()
            .find(|c| !order.iter().any(|(n, _)| n == &c.column.name))
            .map(|c| c.column.name.clone())
            .unwrap_or_default();
        return Err(CqlError::invalid(format!(
            "Missing CLUSTERING ORDER for column {missing}"
        )));
    }
    Ok(())
}

mod alter;
pub use alter::value_compatible;
mod definition;
pub use definition::{definition_30, Definition};

#[cfg(test)]
mod tests;
