//! How a Thrift column family is laid out as a table of the cluster: the
//! table Cassandra 3.x made of it (`schema::legacy3x`, the mapping the
//! native protocol's `system_schema` shows too), so that data written
//! through Cassandra's own Thrift reads back through the gateway and back.
//!
//! - A Standard CF without `column_metadata` is a dense compact table
//!   `(key, column1, value)`, `PRIMARY KEY (key, column1)`: `key` of the
//!   key validator's type, `column1` the comparator's, `value` the default
//!   validator's. A `ReversedType` comparator is its base type with
//!   `CLUSTERING ORDER BY (column1 DESC)`, as 3.x migrated it.
//! - A Standard CF with `column_metadata` is a static compact table: the
//!   declared columns are its columns, `PRIMARY KEY (key)`. Cassandra 3.x
//!   keeps the undeclared cells in a hidden `(column1, value)` pair that
//!   CQL cannot name, so through a 3.x cluster only declared columns are
//!   served (undeclared ones are refused, not dropped).
//! - A Super CF is `(key, column1, column2, value)`: `column1` the super
//!   column name (comparator), `column2` the sub-column name (subcomparator).
//!   3.x shows Thrift-made super CFs this way; CQL cannot create a real
//!   super CF, so a super CF the gateway creates is the dense compact
//!   table of that shape (the same rows to every CQL reader).
//! - A counter CF is any of those with `value counter`.
//!
//! On a cluster without COMPACT STORAGE (Cassandra 4.0+, [`Storage::NonCompact`])
//! tables are created as `ALTER TABLE ... DROP COMPACT STORAGE` leaves them:
//! dense and super tables keep their columns; a static table becomes
//! `(key, column1, value, <declared> static, PRIMARY KEY (key, column1))`,
//! so undeclared cells are rows and declared ones static cells. (A super
//! CF keeps `(key, column1, column2, value)`: DROP COMPACT STORAGE would
//! leave its hidden `""` map, whose entries carry no readable timestamps.)
//!
//! Types with no CQL name (LexicalUUID, DynamicComposite, custom classes)
//! are declared by quoted class name, as 3.x did; `custom` keeps them out
//! of every metadata the driver (scylla 1.9) would have to parse. A
//! `CompositeType` comparator is one clustering column per component, as
//! in 3.x: `(key, column1, ..., columnN, value)` (`composite`).
//!
//! This module only describes tables and writes their DDL (and keeps each
//! CF definition's layout once made, [`Layouts`]); it must not talk to the
//! cluster.

use super::composite::{self, Component};
use super::quote;
use crate::gateway::driver::error::GatewayError;
use crate::gateway::driver::facts::Storage;
use crate::schema::legacy3x::{thrift_layout, type_string, Kind, Layout3};
use crate::schema::{CfDef, KeyspaceDef};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::Arc;

/// What shape of table a CF is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `(key, column1, value)`.
    Dense,
    /// `(key, column1, column2, value)`.
    Super,
    /// `(key, <declared columns>)`, plus `(column1, value)` when the
    /// storage is [`Storage::NonCompact`].
    Static,
    /// `(key, column1, ..., columnN, value)`: a `CompositeType`
    /// comparator, one clustering column per component (`composite`).
    Composite,
}

/// A declared column of a static table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    /// Its CQL name, quoted.
    pub column: String,
    /// Its name as Thrift sends it.
    pub name: Vec<u8>,
    pub ty: String,
}

/// One CF's table in the cluster.
#[derive(Clone, Debug)]
pub struct Layout {
    pub shape: Shape,
    pub storage: Storage,
    pub counter: bool,
    /// `"ks"."cf"`, quoted as CQL needs (Thrift names are case-sensitive).
    pub table: String,
    pub key_type: String,
    pub column1_type: String,
    /// The comparator is reversed: `column1` is clustered descending.
    pub column1_desc: bool,
    pub column2_type: Option<String>,
    /// The subcomparator is reversed: `column2` is clustered descending.
    pub column2_desc: bool,
    pub value_type: String,
    /// A static table's declared columns, in comparator order of names.
    pub declared: Vec<Declared>,
    /// A static table's names for the undeclared cells' pair (3.x's
    /// default names, `column1`/`value` unless a declared column took them).
    pub pair: (String, String),
    /// A composite table's clustering columns, one per component.
    pub components: Vec<Component>,
    /// A composite table's names are composites (a `CompositeType`
    /// comparator); a CQL3 compact table with one clustering column and a
    /// plain comparator has plain names.
    pub compound: bool,
    /// The partition key and value columns: `key`/`value` but in a CQL3
    /// compact table (its own names, quoted).
    pub key_column: String,
    pub value_column: String,
}

impl Layout {
    pub fn of(cf: &CfDef, storage: Storage) -> Result<Layout, GatewayError> {
        if let Some(components) = composite::components(cf) {
            return Self::composite(cf, components, storage);
        }
        if let Some(compact) = composite::compact_cql3(cf) {
            let (components, key, value) = compact?;
            let mut layout = Self::composite(cf, components, storage)?;
            layout.compound = cf.comparator.components().is_some();
            layout.key_column = key;
            layout.value_column = value;
            return Ok(layout);
        }
        let l3 = thrift_layout(cf).ok_or_else(|| {
            GatewayError::Invalid(format!(
                "column family {} was made by CQL3 (aliases or a composite comparator), \
                 which the cluster backend does not serve yet",
                cf.name
            ))
        })?;
        Self::from_layout3(cf, &l3, storage)
    }

    /// A Thrift CF with a `CompositeType` comparator (see `composite`).
    fn composite(
        cf: &CfDef,
        components: Vec<Component>,
        storage: Storage,
    ) -> Result<Layout, GatewayError> {
        let o = &cf.options;
        if !o.column_metadata.is_empty() {
            // 3.x made it a compound static table whose cells CQL names by
            // clustering and column at once; not served.
            return Err(GatewayError::Invalid(format!(
                "column family {} declares columns and has a composite comparator,                  which the cluster backend does not serve",
                cf.name
            )));
        }
        let first = components.first().ok_or_else(|| {
            GatewayError::Invalid(format!("column family {}: an empty CompositeType", cf.name))
        })?;
        Ok(Layout {
            shape: Shape::Composite,
            storage,
            counter: o.default_validation_class.is_counter(),
            table: format!("{}.{}", quote(&cf.keyspace), quote(&cf.name)),
            key_type: type_string(o.key_validation_class.as_ref()),
            column1_type: first.ty.clone(),
            column1_desc: first.desc,
            column2_type: None,
            column2_desc: false,
            value_type: type_string(o.default_validation_class.as_ref()),
            declared: Vec::new(),
            pair: ("column1".into(), "value".into()),
            components,
            compound: true,
            key_column: "key".into(),
            value_column: "value".into(),
        })
    }

    fn from_layout3(cf: &CfDef, l3: &Layout3, storage: Storage) -> Result<Layout, GatewayError> {
        let find = |kind: Kind| l3.columns.iter().find(|c| c.kind == kind);
        let key = find(Kind::PartitionKey).expect("every layout has a key");
        let column1 = find(Kind::Clustering).expect("every Thrift layout has a clustering");
        let value = l3
            .columns
            .iter()
            .find(|c| c.kind == Kind::Regular && (c.hidden || l3.flags.dense))
            .filter(|_| l3.super_columns.is_none());
        let (shape, column2_type, value_type) = match (&l3.super_columns, l3.is_static_compact()) {
            (Some((sub, v)), _) => (Shape::Super, Some(sub.clone()), v.clone()),
            (None, true) => (
                Shape::Static,
                None,
                value.map(|v| v.ty.clone()).unwrap_or_default(),
            ),
            (None, false) => (
                Shape::Dense,
                None,
                value.map(|v| v.ty.clone()).unwrap_or_default(),
            ),
        };
        let mut declared = Vec::new();
        for c in l3.statics() {
            if std::str::from_utf8(&c.name_bytes).is_err() {
                // CQL names are text; 3.x made such a column's name from
                // the comparator, which CQL cannot send back as bytes.
                return Err(GatewayError::Invalid(format!(
                    "column family {} declares a column whose name is not UTF-8 ({}), \
                     which a CQL table cannot name",
                    cf.name, c.name
                )));
            }
            declared.push(Declared {
                column: quote(&c.name),
                name: c.name_bytes.clone(),
                ty: c.ty.clone(),
            });
        }
        declared.sort_by(|a, b| cf.comparator.compare(&a.name, &b.name));
        let pair = (
            column1.name.clone(),
            value
                .map(|v| v.name.clone())
                .unwrap_or_else(|| "value".into()),
        );
        Ok(Layout {
            shape,
            storage,
            counter: l3.flags.counter,
            table: format!("{}.{}", quote(&cf.keyspace), quote(&cf.name)),
            key_type: key.ty.clone(),
            column1_type: column1.ty.clone(),
            column1_desc: column1.desc,
            column2_type,
            column2_desc: cf.subcomparator.as_ref().is_some_and(|s| s.is_reversed()),
            value_type,
            declared,
            pair,
            components: Vec::new(),
            compound: false,
            key_column: "key".into(),
            value_column: "value".into(),
        })
    }

    /// Whether the clustering column `column` is clustered descending.
    pub fn desc(&self, column: &str) -> bool {
        if let Some(c) = self.components.iter().find(|c| c.column == column) {
            return c.desc;
        }
        match column {
            "column1" => self.column1_desc,
            "column2" => self.column2_desc,
            _ => false,
        }
    }

    /// The declared column named `name` (by its Thrift bytes).
    pub fn declared(&self, name: &[u8]) -> Option<&Declared> {
        self.declared.iter().find(|d| d.name == name)
    }

    /// Whether a static table's undeclared cells can be reached: only
    /// when the cluster shows the pair (no COMPACT STORAGE).
    pub fn pair_reachable(&self) -> bool {
        self.shape != Shape::Static || self.storage == Storage::NonCompact
    }

    /// `CREATE TABLE` for this layout, in the CQL3 subset 1.2, 3.x and 4.x
    /// share (`WITH COMPACT STORAGE` only for [`Storage::Compact`]).
    pub fn create_table(&self) -> String {
        let (k, c1, v) = (&self.key_type, &self.column1_type, &self.value_type);
        let (columns, key, clustered) = match (self.shape, &self.column2_type) {
            (Shape::Super, Some(c2)) => (
                format!("key {k}, column1 {c1}, column2 {c2}, value {v}"),
                "key, column1, column2".to_string(),
                true,
            ),
            (Shape::Static, _) => {
                let declared = self
                    .declared
                    .iter()
                    .map(|d| match self.storage {
                        Storage::Compact => format!(", {} {}", d.column, d.ty),
                        Storage::NonCompact => format!(", {} {} static", d.column, d.ty),
                    })
                    .collect::<String>();
                match self.storage {
                    Storage::Compact => (format!("key {k}{declared}"), "key".to_string(), false),
                    Storage::NonCompact => {
                        let (c1n, vn) = (quote(&self.pair.0), quote(&self.pair.1));
                        (
                            format!("key {k}, {c1n} {c1}, {vn} {v}{declared}"),
                            format!("key, {c1n}"),
                            true,
                        )
                    }
                }
            }
            (Shape::Composite, _) => {
                let names: Vec<&str> = self.components.iter().map(|c| c.column.as_str()).collect();
                let typed: String = self
                    .components
                    .iter()
                    .map(|c| format!(", {} {}", c.column, c.ty))
                    .collect();
                let (kc, vc) = (&self.key_column, &self.value_column);
                (
                    format!("{kc} {k}{typed}, {vc} {v}"),
                    format!("{kc}, {}", names.join(", ")),
                    true,
                )
            }
            _ => (
                format!("key {k}, column1 {c1}, value {v}"),
                "key, column1".to_string(),
                true,
            ),
        };
        let mut with = Vec::new();
        if self.storage == Storage::Compact {
            with.push("COMPACT STORAGE".to_string());
        }
        let order = |desc: bool| if desc { "DESC" } else { "ASC" };
        match self.shape {
            Shape::Super if self.column1_desc || self.column2_desc => with.push(format!(
                "CLUSTERING ORDER BY (column1 {}, column2 {})",
                order(self.column1_desc),
                order(self.column2_desc)
            )),
            Shape::Static if clustered && self.column1_desc => with.push(format!(
                "CLUSTERING ORDER BY ({} DESC)",
                quote(&self.pair.0)
            )),
            Shape::Dense if self.column1_desc => {
                with.push("CLUSTERING ORDER BY (column1 DESC)".to_string())
            }
            Shape::Composite if self.components.iter().any(|c| c.desc) => {
                let each: Vec<String> = self
                    .components
                    .iter()
                    .map(|c| format!("{} {}", c.column, order(c.desc)))
                    .collect();
                with.push(format!("CLUSTERING ORDER BY ({})", each.join(", ")))
            }
            _ => {}
        }
        let with = if with.is_empty() {
            String::new()
        } else {
            format!(" WITH {}", with.join(" AND "))
        };
        format!(
            "CREATE TABLE {} ({columns}, PRIMARY KEY ({key})){with}",
            self.table
        )
    }
}

/// `CREATE KEYSPACE` with the keyspace's strategy and options (1.2's and
/// 3.x's common `WITH replication = {...}` form).
pub fn create_keyspace(ks: &KeyspaceDef) -> String {
    // 0.6's strategy names as 1.2 converted them (RackUnaware is Simple).
    let class = ks.strategy_class();
    let class = class.rsplit('.').next().unwrap_or("SimpleStrategy");
    let mut options = vec![format!("'class': {}", literal(class))];
    let mut has_rf = false;
    for (k, v) in &ks.strategy_options {
        has_rf |= k == "replication_factor";
        options.push(format!("{}: {}", literal(k), literal(v)));
    }
    if class == "SimpleStrategy" && !has_rf {
        options.push(format!(
            "'replication_factor': '{}'",
            ks.replication_factor.max(1)
        ));
    }
    format!(
        "CREATE KEYSPACE {} WITH replication = {{{}}} AND durable_writes = {}",
        quote(&ks.name),
        options.join(", "),
        ks.durable_writes
    )
}

/// The `ALTER TABLE ... ADD <column> <type> static` that give a cluster
/// without COMPACT STORAGE the columns an update of a Thrift CF declared
/// (a dense CF declaring its first becomes a static one: its key, `column1`
/// and `value` stay). None on 3.x, whose CQL cannot add a column to a
/// compact table, and none for columns no longer declared: dropping a
/// static column would drop its values, which 1.2 kept as undeclared cells.
pub fn added_statics(old: &CfDef, new: &CfDef, storage: Storage) -> Vec<String> {
    if storage != Storage::NonCompact {
        return Vec::new();
    }
    let (Ok(a), Ok(b)) = (Layout::of(old, storage), Layout::of(new, storage)) else {
        return Vec::new();
    };
    let same_pair = a.shape == Shape::Dense || a.pair == b.pair;
    if !matches!(a.shape, Shape::Dense | Shape::Static) || b.shape != Shape::Static || !same_pair {
        return Vec::new();
    }
    b.declared
        .iter()
        .filter(|d| a.declared(&d.name).is_none())
        .map(|d| format!("ALTER TABLE {} ADD {} {} static", b.table, d.column, d.ty))
        .collect()
}

/// The most CF definitions [`Layouts`] keeps layouts of (a bound, not an
/// eviction policy: definitions change only with the schema).
pub const MAX_LAYOUTS: usize = 4096;

/// The layouts of the CF definitions in use by one cluster (so in one
/// storage), each made once: a layout is a
/// function of its definition and the cluster's storage alone, and making
/// one (type names, quoted names) cost more instructions than the rest of
/// a call's own work. Keyed by the definition's address, the definition
/// kept alive with it so that the address cannot be reused; a schema
/// change brings new definitions, hence new layouts. Refusals are not kept.
#[derive(Default)]
pub struct Layouts {
    by_def: Mutex<HashMap<usize, Kept, Fast>>,
}

/// A definition (kept alive, so that its address is not reused) and its layout.
type Kept = (Arc<CfDef>, Arc<Layout>);

impl Layouts {
    pub fn of(&self, def: &Arc<CfDef>, storage: Storage) -> Result<Arc<Layout>, GatewayError> {
        let at = Arc::as_ptr(def) as usize;
        if let Some((_, layout)) = self.by_def.lock().get(&at) {
            return Ok(layout.clone());
        }
        let layout = Arc::new(Layout::of(def, storage)?);
        let mut by_def = self.by_def.lock();
        if by_def.len() >= MAX_LAYOUTS {
            by_def.clear();
        }
        by_def.insert(at, (def.clone(), layout.clone()));
        Ok(layout)
    }
}

/// A CQL string literal.
fn literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// FNV-1a, 64 bits: the hash of the per-call lookups of the gateway's own
/// caches (a table's name and a [`Form`], a definition's address), keyed
/// by what the schema and the code name, never by a client's bytes, so
/// they need no protection against chosen collisions; SipHash, the
/// standard maps' default, cost about 400 instructions per lookup there.
#[derive(Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Maps hashed with [`Fnv`].
pub type Fast = std::hash::BuildHasherDefault<Fnv>;

#[cfg(test)]
#[path = "layout_tests.rs"]
mod tests;
