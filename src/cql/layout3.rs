//! The table Cassandra 3.x makes of a column family: the flags
//! (`dense`, `compound`, `super`, `counter`) and the column list of
//! `system_schema.tables` / `system_schema.columns`, as 3.0's legacy schema
//! migration turned 1.2/2.x column families into tables:
//!
//! - a CQL3 table is itself (`compound`; partition key, clustering,
//!   regular columns);
//! - a dense compact CF (no declared columns) is `(key, column1.., value)`,
//!   `value` of the default validator (or `empty` when a CQL3 compact
//!   table declared no value);
//! - a static compact CF (declared columns) lists the declared columns as
//!   `static`, plus a hidden clustering `column1` (the comparator) and a
//!   hidden regular `value` (the default validator) for the undeclared cells;
//! - a super CF is `(key, column1)` plus the super-column map, a regular
//!   column named `""` of `map<subcomparator, default validator>`; CQL
//!   reads it as `(key, column1, column2, value)`.
//!
//! Types are CQL names (`text`, `map<text, int>`) or, where CQL has none,
//! the quoted class name (`'org.apache.cassandra.db.marshal.LexicalUUIDType'`).
//!
//! One module so that every layer presenting supercolumn's tables the 3.x
//! way (the native protocol's `system_schema`, DESCRIBE, a Cassandra-backed
//! gateway) uses the same layouts. It must not read storage or know the wire.

use super::error::CqlResult;
use super::exec::tables::table_of;
use super::table::{Layout, Table};
use super::types::CqlType;
use crate::marshal::{AbstractType, MARSHAL_PACKAGE};
use crate::schema::CfDef;
use md5::{Digest, Md5};
use std::collections::BTreeSet;

/// A column's kind as `system_schema.columns.kind` spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    PartitionKey,
    Clustering,
    Regular,
    Static,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::PartitionKey => "partition_key",
            Kind::Clustering => "clustering",
            Kind::Regular => "regular",
            Kind::Static => "static",
        }
    }
}

/// One row of `system_schema.columns`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column3 {
    pub name: String,
    /// The name as stored (a Thrift column's raw name bytes).
    pub name_bytes: Vec<u8>,
    pub kind: Kind,
    /// Position within the partition key or clustering; -1 otherwise.
    pub position: i32,
    /// The 3.x type string.
    pub ty: String,
    /// Clustering columns sorted descending (`ReversedType`).
    pub desc: bool,
    /// Not a CQL column of the compact table (static compact's `column1`
    /// and `value`, the super-column map).
    pub hidden: bool,
}

impl Column3 {
    /// `system_schema.columns.clustering_order`.
    pub fn clustering_order(&self) -> &'static str {
        match (self.kind, self.desc) {
            (Kind::Clustering, true) => "desc",
            (Kind::Clustering, false) => "asc",
            _ => "none",
        }
    }
}

/// `system_schema.tables.flags`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags {
    pub dense: bool,
    pub compound: bool,
    pub super_: bool,
    pub counter: bool,
}

impl Flags {
    /// The set's members, sorted as a `set<text>` is.
    pub fn names(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        for (on, name) in [
            (self.compound, "compound"),
            (self.counter, "counter"),
            (self.dense, "dense"),
            (self.super_, "super"),
        ] {
            if on {
                v.push(name);
            }
        }
        v
    }

    /// Whether 3.x called the table COMPACT STORAGE (the python driver's rule).
    pub fn is_compact(&self) -> bool {
        self.dense || self.super_ || !self.compound
    }
}

/// A column family as a Cassandra 3.x table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout3 {
    pub keyspace: String,
    pub name: String,
    pub flags: Flags,
    /// The rows of `system_schema.columns`: partition key, clustering (in
    /// position order), then the others by name.
    pub columns: Vec<Column3>,
    /// A super CF's sub-column comparator and value types, which CQL shows
    /// as `column2` and `value`.
    pub super_columns: Option<(String, String)>,
}

impl Layout3 {
    /// The columns `SELECT *` returns on 3.x, as (name, type): hidden ones
    /// left out, a super CF's map shown as `column2`/`value`, a dense
    /// table's `empty` value left out.
    pub fn cql_columns(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = self
            .columns
            .iter()
            .filter(|c| !c.hidden && c.ty != "empty")
            .map(|c| (c.name.clone(), c.ty.clone()))
            .collect();
        if let Some((k, v)) = &self.super_columns {
            out.push(("column2".into(), k.clone()));
            out.push(("value".into(), v.clone()));
        }
        out
    }

    pub fn partition_key(&self) -> Vec<&Column3> {
        self.of_kind(Kind::PartitionKey)
    }

    pub fn clustering(&self) -> Vec<&Column3> {
        self.of_kind(Kind::Clustering)
    }

    fn of_kind(&self, kind: Kind) -> Vec<&Column3> {
        self.columns.iter().filter(|c| c.kind == kind).collect()
    }
}

/// The 3.x type string of a marshal type: the CQL name where CQL has one,
/// else the quoted class name. `ReversedType` is its base type (the order
/// is the column's `clustering_order`).
pub fn type_string(t: &dyn AbstractType) -> String {
    let t = match t.base_type() {
        Some(b) if t.is_reversed() => b.as_ref(),
        _ => t,
    };
    match CqlType::from_marshal(t) {
        Ok(c) => c.cql_name(),
        Err(_) => format!("'{}'", t.class_name()),
    }
}

/// The id 3.0 gave a table migrated without one: the name-based (MD5,
/// version 3) UUID of the keyspace name's bytes followed by the table's.
pub fn legacy_table_id(keyspace: &str, table: &str) -> [u8; 16] {
    let mut h = Md5::new();
    h.update(keyspace.as_bytes());
    h.update(table.as_bytes());
    let mut id: [u8; 16] = h.finalize().into();
    id[6] = (id[6] & 0x0f) | 0x30;
    id[8] = (id[8] & 0x3f) | 0x80;
    id
}

/// Picks 3.x's default names for the columns a compact table adds
/// (`column1`, `column2`..; `value`, `value1`..), skipping names a declared
/// column already uses.
struct DefaultNames {
    used: BTreeSet<String>,
}

impl DefaultNames {
    /// The first free name of `base` followed by 1, 2.. (`bare_first`:
    /// `base` itself comes first).
    fn next(&mut self, base: &str, bare_first: bool) -> String {
        let mut i = usize::from(!bare_first);
        loop {
            let candidate = if i == 0 {
                base.to_string()
            } else {
                format!("{base}{i}")
            };
            if self.used.insert(candidate.clone()) {
                return candidate;
            }
            i += 1;
        }
    }
}

/// The 3.x layout of the column family `cf`.
pub fn layout_of(cf: &CfDef) -> CqlResult<Layout3> {
    if cf.is_super() {
        return Ok(super_layout(cf));
    }
    let table = table_of(cf)?;
    let mut layout = layout_of_table(&table);
    let counter = cf.options.default_validation_class.is_counter();
    layout.flags.counter |= counter;
    layout.flags.compound = cf
        .comparator
        .class_name()
        .starts_with(&format!("{MARSHAL_PACKAGE}CompositeType("));
    if table.layout == Layout::CompactStatic {
        // The declared columns become static; the cells no column declares
        // stay reachable through a hidden (column1, value) pair.
        let mut names = DefaultNames {
            used: layout.columns.iter().map(|c| c.name.clone()).collect(),
        };
        for c in &mut layout.columns {
            if c.kind == Kind::Regular {
                c.kind = Kind::Static;
            }
        }
        let column1 = names.next("column", false);
        let value = names.next("value", true);
        layout.columns.push(Column3 {
            name: column1.clone(),
            name_bytes: column1.into_bytes(),
            kind: Kind::Clustering,
            position: 0,
            ty: type_string(cf.comparator.as_ref()),
            desc: cf.comparator.is_reversed(),
            hidden: true,
        });
        layout.columns.push(Column3 {
            name: value.clone(),
            name_bytes: value.into_bytes(),
            kind: Kind::Regular,
            position: -1,
            ty: type_string(cf.options.default_validation_class.as_ref()),
            desc: false,
            hidden: true,
        });
        // Declared names as the comparator reads them (a Thrift CF's
        // names need not be UTF-8).
        for c in &mut layout.columns {
            if c.kind == Kind::Static {
                if let Some(d) = cf
                    .options
                    .column_metadata
                    .iter()
                    .find(|d| String::from_utf8_lossy(&d.name) == c.name)
                {
                    c.name_bytes = d.name.clone();
                    if std::str::from_utf8(&d.name).is_err() {
                        c.name = cf.comparator.get_string(&d.name);
                    }
                }
            }
        }
        sort_columns(&mut layout.columns);
    } else if table.layout == Layout::CompactDense && table.regular.is_empty() {
        // A compact table without a value column: 3.x's `empty` value.
        let mut names = DefaultNames {
            used: layout.columns.iter().map(|c| c.name.clone()).collect(),
        };
        let value = names.next("value", true);
        layout.columns.push(Column3 {
            name: value.clone(),
            name_bytes: value.into_bytes(),
            kind: Kind::Regular,
            position: -1,
            ty: "empty".into(),
            desc: false,
            hidden: false,
        });
    }
    Ok(layout)
}

/// A CQL3 table (or a compact one, as 1.2's CQL3 read it) as itself.
pub fn layout_of_table(table: &Table) -> Layout3 {
    let mut columns = Vec::new();
    for (i, c) in table.partition_key.iter().enumerate() {
        columns.push(Column3 {
            name: c.name.clone(),
            name_bytes: c.name.as_bytes().to_vec(),
            kind: Kind::PartitionKey,
            position: i as i32,
            ty: c.ty.cql_name(),
            desc: false,
            hidden: false,
        });
    }
    for (i, c) in table.clustering.iter().enumerate() {
        columns.push(Column3 {
            name: c.column.name.clone(),
            name_bytes: c.column.name.as_bytes().to_vec(),
            kind: Kind::Clustering,
            position: i as i32,
            ty: c.column.ty.cql_name(),
            desc: c.reversed,
            hidden: false,
        });
    }
    for r in &table.regular {
        columns.push(Column3 {
            name: r.column.name.clone(),
            name_bytes: r.column.name.as_bytes().to_vec(),
            kind: Kind::Regular,
            position: -1,
            ty: r.column.ty.cql_name(),
            desc: false,
            hidden: false,
        });
    }
    let flags = Flags {
        dense: table.layout == Layout::CompactDense,
        compound: table.layout == Layout::Sparse || table.clustering.len() > 1,
        super_: false,
        counter: table.is_counter_table(),
    };
    sort_columns(&mut columns);
    Layout3 {
        keyspace: table.keyspace.clone(),
        name: table.name.clone(),
        flags,
        columns,
        super_columns: None,
    }
}

/// A super column family: `(key, column1)` and the super-column map.
fn super_layout(cf: &CfDef) -> Layout3 {
    let o = &cf.options;
    let key_name = o
        .key_aliases
        .first()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .unwrap_or_else(|| "key".to_string());
    let sub = cf
        .subcomparator
        .as_ref()
        .map(|s| type_string(s.as_ref()))
        .unwrap_or_else(|| "blob".to_string());
    let value = type_string(o.default_validation_class.as_ref());
    let column = |name: &str, kind, position, ty: String, hidden| Column3 {
        name: name.to_string(),
        name_bytes: name.as_bytes().to_vec(),
        kind,
        position,
        ty,
        desc: false,
        hidden,
    };
    let mut columns = vec![
        column(
            &key_name,
            Kind::PartitionKey,
            0,
            type_string(o.key_validation_class.as_ref()),
            false,
        ),
        Column3 {
            desc: cf.comparator.is_reversed(),
            ..column(
                "column1",
                Kind::Clustering,
                0,
                type_string(cf.comparator.as_ref()),
                false,
            )
        },
        column("", Kind::Regular, -1, format!("map<{sub}, {value}>"), true),
    ];
    sort_columns(&mut columns);
    Layout3 {
        keyspace: cf.keyspace.clone(),
        name: cf.name.clone(),
        flags: Flags {
            // 2.x called a CF dense when it declared no columns.
            dense: o.column_metadata.is_empty(),
            compound: false,
            super_: true,
            counter: o.default_validation_class.is_counter(),
        },
        columns,
        super_columns: Some((sub, value)),
    }
}

/// Partition key and clustering in position order, then the rest by name.
fn sort_columns(columns: &mut [Column3]) {
    let rank = |k: Kind| match k {
        Kind::PartitionKey => 0,
        Kind::Clustering => 1,
        _ => 2,
    };
    columns.sort_by(|a, b| {
        rank(a.kind).cmp(&rank(b.kind)).then(if rank(a.kind) < 2 {
            a.position.cmp(&b.position)
        } else {
            a.name.cmp(&b.name)
        })
    });
}

#[cfg(test)]
#[path = "layout3_tests.rs"]
mod tests;
