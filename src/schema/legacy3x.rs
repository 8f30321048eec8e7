//! The table Cassandra 3.x makes of a column family, in the schema layer so
//! that every layer presenting supercolumn's CFs the 3.x way uses one
//! mapping: the native protocol's `system_schema` and DESCRIBE (through
//! `cql::exec::schema3x`, which adds the CQL3-made tables) and the Cassandra-backed
//! gateway (`gateway::table::layout`, which creates and addresses these tables).
//!
//! Facts from 3.0/3.11's LegacySchemaMigrator and CompactTables:
//! - a dense compact CF (no declared columns) is `(key, column1, value)`,
//!   `column1` of the comparator, `value` of the default validator;
//! - a static compact CF (declared columns) lists the declared columns as
//!   `static`, plus a hidden clustering `column1` (the comparator) and a
//!   hidden regular `value` (the default validator) for the undeclared cells;
//! - a super CF is `(key, column1)` plus the super-column map, a regular
//!   column named `""` of `map<subcomparator, default validator>`; CQL
//!   reads it as `(key, column1, column2, value)`;
//! - a counter CF is any of these with the `counter` flag.
//!
//! Types are CQL names (`text`, `map<text, int>`) or, where CQL has none,
//! the quoted class name (`'org.apache.cassandra.db.marshal.LexicalUUIDType'`);
//! a `ReversedType` is its base type with a descending clustering order.
//!
//! It must not read storage, know CQL3's table definitions (aliases,
//! composite comparators: `cql::exec::schema3x` maps those) or know the wire.

use super::CfDef;
use crate::marshal::{AbstractType, MARSHAL_PACKAGE};
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

    /// The declared columns of a static compact table.
    pub fn statics(&self) -> Vec<&Column3> {
        self.of_kind(Kind::Static)
    }

    /// Whether this is a static compact table (declared columns).
    pub fn is_static_compact(&self) -> bool {
        !self.flags.super_ && self.columns.iter().any(|c| c.kind == Kind::Static)
    }

    fn of_kind(&self, kind: Kind) -> Vec<&Column3> {
        self.columns.iter().filter(|c| c.kind == kind).collect()
    }
}

/// The CQL name of a native marshal class (short name), 1.2's and 3.x's.
fn native_name(short: &str) -> Option<&'static str> {
    Some(match short {
        "AsciiType" => "ascii",
        "LongType" => "bigint",
        "BytesType" => "blob",
        "BooleanType" => "boolean",
        "CounterColumnType" => "counter",
        "DecimalType" => "decimal",
        "DoubleType" => "double",
        "FloatType" => "float",
        "InetAddressType" => "inet",
        "Int32Type" => "int",
        "UTF8Type" => "text",
        // 2.0 spells timestamp TimestampType; both mean `timestamp`.
        "DateType" | "TimestampType" => "timestamp",
        "TimeUUIDType" => "timeuuid",
        "UUIDType" => "uuid",
        "IntegerType" => "varint",
        _ => return None,
    })
}

/// The CQL name of a type, `None` where CQL has none (custom, composite,
/// reversed classes, and collections of those).
pub fn cql_name(t: &dyn AbstractType) -> Option<String> {
    if let Some(c) = t.collection() {
        let name = |t: Option<crate::marshal::TypeRef>| t.and_then(|t| cql_name(t.as_ref()));
        return Some(match c.kind() {
            crate::marshal::CollectionKind::List => {
                format!("list<{}>", name(c.value_comparator())?)
            }
            crate::marshal::CollectionKind::Set => {
                format!("set<{}>", name(Some(c.name_comparator()))?)
            }
            crate::marshal::CollectionKind::Map => format!(
                "map<{}, {}>",
                name(Some(c.name_comparator()))?,
                name(c.value_comparator())?
            ),
        });
    }
    let class = t.class_name();
    let short = class.strip_prefix(MARSHAL_PACKAGE).unwrap_or(&class);
    native_name(short).map(str::to_string)
}

/// The 3.x type string of a marshal type: the CQL name where CQL has one,
/// else the quoted class name. `ReversedType` is its base type (the order
/// is the column's `clustering_order`).
pub fn type_string(t: &dyn AbstractType) -> String {
    let t = unreversed(t);
    cql_name(t).unwrap_or_else(|| format!("'{}'", t.class_name()))
}

/// A `ReversedType`'s base type; any other type itself.
pub fn unreversed(t: &dyn AbstractType) -> &dyn AbstractType {
    match t.base_type() {
        Some(b) if t.is_reversed() => b.as_ref(),
        _ => t,
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
pub struct DefaultNames {
    used: BTreeSet<String>,
}

impl DefaultNames {
    pub fn new(columns: &[Column3]) -> DefaultNames {
        DefaultNames {
            used: columns.iter().map(|c| c.name.clone()).collect(),
        }
    }

    /// The first free name of `base` followed by 1, 2.. (`bare_first`:
    /// `base` itself comes first).
    pub fn next(&mut self, base: &str, bare_first: bool) -> String {
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

/// Whether `cf` is a plain Thrift column family, whose 3.x table follows
/// from its comparator, validators and declared columns alone: a super CF,
/// or a standard CF with a non-composite comparator and no CQL3 aliases but
/// the names 1.2's CQL3 reads from their absence (`key`; `column1` and
/// `value` without declared columns). Those are the same table, and
/// supercolumn's CQL3 DDL on a Thrift CF wrote them before it kept 1.2.9's
/// empty lists, so a persisted schema may hold them. CQL3-made tables are
/// `cql::exec::schema3x`'s.
pub fn is_plain_thrift(cf: &CfDef) -> bool {
    if cf.is_super() {
        return true;
    }
    let o = &cf.options;
    let composite = |t: &dyn AbstractType| {
        unreversed(t)
            .class_name()
            .starts_with(&format!("{MARSHAL_PACKAGE}CompositeType("))
    };
    let dense = o.column_metadata.is_empty();
    let default_or_none = |aliases: &[Vec<u8>], default: &[u8]| match aliases {
        [] => true,
        [a] => a == default,
        _ => false,
    };
    default_or_none(&o.key_aliases, b"key")
        && (o.column_aliases.is_empty() || dense && default_or_none(&o.column_aliases, b"column1"))
        && (o.value_alias.is_none() || dense && o.value_alias.as_deref() == Some(b"value"))
        && !composite(cf.comparator.as_ref())
        && o.column_metadata
            .iter()
            .all(|c| c.component_index.is_none())
}

/// The 3.x layout of a plain Thrift column family (see [`is_plain_thrift`]),
/// `None` for any other.
pub fn thrift_layout(cf: &CfDef) -> Option<Layout3> {
    if !is_plain_thrift(cf) {
        return None;
    }
    if cf.is_super() {
        return Some(super_layout(cf));
    }
    let o = &cf.options;
    let counter = o.default_validation_class.is_counter();
    let key = Column3 {
        name: "key".into(),
        name_bytes: b"key".to_vec(),
        kind: Kind::PartitionKey,
        position: 0,
        ty: type_string(o.key_validation_class.as_ref()),
        desc: false,
        hidden: false,
    };
    if o.column_metadata.is_empty() {
        let column = |name: &str, kind, position, t: &dyn AbstractType| Column3 {
            name: name.into(),
            name_bytes: name.as_bytes().to_vec(),
            kind,
            position,
            ty: type_string(t),
            desc: kind == Kind::Clustering && t.is_reversed(),
            hidden: false,
        };
        let mut columns = vec![
            key,
            column("column1", Kind::Clustering, 0, cf.comparator.as_ref()),
            column(
                "value",
                Kind::Regular,
                -1,
                o.default_validation_class.as_ref(),
            ),
        ];
        sort_columns(&mut columns);
        return Some(Layout3 {
            keyspace: cf.keyspace.clone(),
            name: cf.name.clone(),
            flags: Flags {
                dense: true,
                compound: false,
                super_: false,
                counter,
            },
            columns,
            super_columns: None,
        });
    }
    let mut columns = vec![key];
    for d in &o.column_metadata {
        let name = String::from_utf8_lossy(&d.name).into_owned();
        if columns.iter().any(|c| c.name == name) {
            continue;
        }
        columns.push(Column3 {
            name,
            name_bytes: d.name.clone(),
            kind: Kind::Regular,
            position: -1,
            ty: type_string(d.validation_class.as_ref()),
            desc: false,
            hidden: false,
        });
    }
    let mut layout = Layout3 {
        keyspace: cf.keyspace.clone(),
        name: cf.name.clone(),
        flags: Flags {
            dense: false,
            compound: false,
            super_: false,
            counter,
        },
        columns,
        super_columns: None,
    };
    complete_static(&mut layout, cf);
    Some(layout)
}

/// Makes a compact table with declared columns a 3.x static compact table:
/// the declared columns become static, and the cells no column declares
/// stay reachable through a hidden `(column1, value)` pair of the
/// comparator's and the default validator's types.
pub fn complete_static(layout: &mut Layout3, cf: &CfDef) {
    let mut names = DefaultNames::new(&layout.columns);
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
    // Declared names as the comparator reads them (a Thrift CF's names
    // need not be UTF-8).
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
}

/// A super column family: `(key, column1)` and the super-column map.
pub fn super_layout(cf: &CfDef) -> Layout3 {
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
pub fn sort_columns(columns: &mut [Column3]) {
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
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    fn t(name: &str) -> crate::marshal::TypeRef {
        parse_type(name).unwrap()
    }

    #[test]
    fn types_have_cql_names_or_their_quoted_class() {
        assert_eq!(type_string(t("UTF8Type").as_ref()), "text");
        assert_eq!(type_string(t("TimestampType").as_ref()), "timestamp");
        assert_eq!(type_string(t("ReversedType(LongType)").as_ref()), "bigint");
        assert_eq!(
            type_string(t("MapType(UTF8Type,Int32Type)").as_ref()),
            "map<text, int>"
        );
        assert_eq!(
            type_string(t("LexicalUUIDType").as_ref()),
            "'org.apache.cassandra.db.marshal.LexicalUUIDType'"
        );
        assert_eq!(
            cql_name(t("CompositeType(UTF8Type,LongType)").as_ref()),
            None
        );
    }

    #[test]
    fn plain_thrift_cfs_only() {
        let mut cf = CfDef::new("ks", "cf", 1000, t("UTF8Type"), None);
        assert!(thrift_layout(&cf).is_some());
        cf.options.key_aliases = vec![b"k".to_vec()];
        assert!(thrift_layout(&cf).is_none());
        let composite = CfDef::new("ks", "c", 1000, t("CompositeType(UTF8Type,LongType)"), None);
        assert!(thrift_layout(&composite).is_none());
    }
}
