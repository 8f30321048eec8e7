//! CQL3 tables (made with CQL3 over Thrift) as the real CQL tables of the
//! cluster, the way the 2.x->3.0 upgrade left 1.2's CQL3 tables: the same
//! partition key, clustering columns (with their order) and regular
//! columns (collections included), created in the cluster as themselves.
//!
//! supercolumn's CQL executor and Thrift see such a table as 1.2 stored it:
//! cells with composite names `(clustering..., column[, element])`, a row
//! marker `(clustering..., "")`, one cell per collection element (a list's
//! element named by a time UUID). [`cql3_writes`](writes) turns
//! those cell writes into row-level CQL, [`cql3_reads`](reads)
//! reads the rows back as cells. This module owns the table model read from
//! the CF definition (the rule 1.2 used to call a CF a non-compact CQL3
//! table), its `CREATE TABLE`, and the byte forms both directions share
//! (split keys and names, collection values, list positions). It must not
//! talk to the cluster.
//!
//! COMPACT STORAGE tables are not here: they are Thrift's compact layouts
//! (`layout`). (The same rule exists in `cql::schema` above this layer; the
//! gateway sits below it and keeps this copy.)

use super::quote;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::marshal::MARSHAL_PACKAGE;
use crate::marshal::{CollectionKind, CompositeBuilder, CompositeType, Eoc, TypeRef};
use crate::schema::legacy3x::type_string;
use crate::schema::CfDef;

/// What a regular column holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Plain,
    Counter,
    Set,
    List,
    Map,
}

/// A regular column: its stored name, its quoted CQL name, kind and type.
#[derive(Clone, Debug)]
pub struct Regular {
    pub name: Vec<u8>,
    pub quoted: String,
    pub kind: Kind,
    pub cql_type: String,
}

/// A key column (partition or clustering): quoted name and CQL type.
#[derive(Clone, Debug)]
pub struct KeyColumn {
    pub quoted: String,
    pub cql_type: String,
    /// Clustering only: sorted descending (`ReversedType`).
    pub desc: bool,
}

/// A non-compact CQL3 table as the cluster holds it.
#[derive(Clone, Debug)]
pub struct Table3 {
    /// `"ks"."t"`.
    pub table: String,
    pub partition: Vec<KeyColumn>,
    pub clustering: Vec<KeyColumn>,
    /// By stored name, as 1.2 ordered the cells.
    pub regular: Vec<Regular>,
    /// The CF's comparator (orders the cells read back).
    pub comparator: TypeRef,
    pub counter: bool,
}

/// The CQL3 table `cf` is, if it is a non-compact one (1.2's rule: a
/// composite comparator, no value alias, column aliases covering all but a
/// trailing UTF8 column-name component and an optional collection map).
pub fn table_of(cf: &CfDef) -> GatewayResult<Option<Table3>> {
    if cf.is_super() {
        return Ok(None);
    }
    let o = &cf.options;
    // Asked of every call's CF: the cheap refusals first, no allocation.
    let Some(components) = cf.comparator.components() else {
        return Ok(None);
    };
    let class = cf.comparator.class_name();
    let composite = class
        .strip_prefix(MARSHAL_PACKAGE)
        .is_some_and(|c| c.starts_with("CompositeType("));
    if !composite || o.value_alias.is_some() {
        return Ok(None);
    }
    let has_collections = components
        .last()
        .is_some_and(|t| t.collection_columns().is_some());
    let n = components
        .len()
        .saturating_sub(1 + usize::from(has_collections));
    let utf8 = format!("{MARSHAL_PACKAGE}UTF8Type");
    if o.column_aliases.len() != n || components.get(n).map(|t| t.class_name()) != Some(utf8) {
        return Ok(None);
    }
    let refuse = |what: String| {
        GatewayError::Invalid(format!(
            "CQL3 table {}: {what}, which the cluster backend cannot lay out",
            cf.name
        ))
    };
    let name = |b: &[u8]| quote(&String::from_utf8_lossy(b));
    let key_types: Vec<TypeRef> = match o.key_validation_class.components() {
        Some(c)
            if o.key_validation_class
                .class_name()
                .starts_with(&format!("{MARSHAL_PACKAGE}CompositeType(")) =>
        {
            c.to_vec()
        }
        _ => vec![o.key_validation_class.clone()],
    };
    let mut partition = Vec::new();
    for (i, t) in key_types.iter().enumerate() {
        let quoted = match o.key_aliases.get(i) {
            Some(a) => name(a),
            None if i == 0 => quote("key"),
            None => quote(&format!("key{}", i + 1)),
        };
        partition.push(KeyColumn {
            quoted,
            cql_type: simple(t).map_err(refuse)?,
            desc: false,
        });
    }
    let mut clustering = Vec::new();
    for (t, alias) in components[..n].iter().zip(&o.column_aliases) {
        let (base, desc) = match t.base_type() {
            Some(b) if t.is_reversed() => (b, true),
            _ => (t, false),
        };
        clustering.push(KeyColumn {
            quoted: name(alias),
            cql_type: simple(base).map_err(refuse)?,
            desc,
        });
    }
    let counter = o.default_validation_class.is_counter();
    let mut regular = Vec::new();
    for c in &o.column_metadata {
        let t = &c.validation_class;
        let (kind, cql) = match t.collection() {
            Some(coll) => {
                let elem = |t: TypeRef| simple(&t);
                match coll.kind() {
                    CollectionKind::Set => (
                        Kind::Set,
                        format!("set<{}>", elem(coll.name_comparator()).map_err(refuse)?),
                    ),
                    CollectionKind::List => {
                        let v = coll
                            .value_comparator()
                            .ok_or_else(|| refuse("a list".into()))?;
                        (Kind::List, format!("list<{}>", elem(v).map_err(refuse)?))
                    }
                    CollectionKind::Map => {
                        let v = coll
                            .value_comparator()
                            .ok_or_else(|| refuse("a map".into()))?;
                        (
                            Kind::Map,
                            format!(
                                "map<{}, {}>",
                                elem(coll.name_comparator()).map_err(refuse)?,
                                elem(v).map_err(refuse)?
                            ),
                        )
                    }
                }
            }
            None if t.is_counter() || counter => (Kind::Counter, "counter".to_string()),
            None => (Kind::Plain, simple(t).map_err(refuse)?),
        };
        regular.push(Regular {
            name: c.name.clone(),
            quoted: name(&c.name),
            kind,
            cql_type: cql,
        });
    }
    regular.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(Some(Table3 {
        table: format!("{}.{}", quote(&cf.keyspace), quote(&cf.name)),
        partition,
        clustering,
        regular,
        comparator: cf.comparator.clone(),
        counter,
    }))
}

/// A type's CQL name, or why it has none.
fn simple(t: &TypeRef) -> Result<String, String> {
    let name = type_string(t.as_ref());
    if name.starts_with('\'') {
        Err(format!("a column of type {name} (no CQL name)"))
    } else {
        Ok(name)
    }
}

/// The `ALTER TABLE`s that take the cluster's table from `old` to `new`
/// (both non-compact CQL3 tables, else none): key columns renamed, regular
/// columns dropped, retyped and added, as 1.2's `ALTER TABLE` changes them.
pub fn alterations(old: &CfDef, new: &CfDef) -> Vec<String> {
    let (Ok(Some(a)), Ok(Some(b))) = (table_of(old), table_of(new)) else {
        return Vec::new();
    };
    let t = &b.table;
    let mut out = Vec::new();
    let keys = |x: &Table3| {
        x.partition
            .iter()
            .chain(&x.clustering)
            .cloned()
            .collect::<Vec<_>>()
    };
    for (x, y) in keys(&a).iter().zip(&keys(&b)) {
        if x.quoted != y.quoted {
            out.push(format!(
                "ALTER TABLE {t} RENAME {} TO {}",
                x.quoted, y.quoted
            ));
        }
    }
    for r in &a.regular {
        match b.column(&r.name) {
            None => out.push(format!("ALTER TABLE {t} DROP {}", r.quoted)),
            Some(n) if n.cql_type != r.cql_type => out.push(format!(
                "ALTER TABLE {t} ALTER {} TYPE {}",
                r.quoted, n.cql_type
            )),
            Some(_) => {}
        }
    }
    for r in &b.regular {
        if a.column(&r.name).is_none() {
            out.push(format!("ALTER TABLE {t} ADD {} {}", r.quoted, r.cql_type));
        }
    }
    out
}

impl Table3 {
    /// `CREATE TABLE` in the CQL3 1.2 and 3.x share.
    pub fn create_table(&self) -> String {
        let mut columns: Vec<String> = self
            .partition
            .iter()
            .chain(&self.clustering)
            .map(|c| format!("{} {}", c.quoted, c.cql_type))
            .collect();
        columns.extend(
            self.regular
                .iter()
                .map(|r| format!("{} {}", r.quoted, r.cql_type)),
        );
        let pk: Vec<&str> = self.partition.iter().map(|c| c.quoted.as_str()).collect();
        let pk = if pk.len() == 1 {
            pk[0].to_string()
        } else {
            format!("({})", pk.join(", "))
        };
        let mut key = vec![pk];
        key.extend(self.clustering.iter().map(|c| c.quoted.clone()));
        let mut text = format!(
            "CREATE TABLE {} ({}, PRIMARY KEY ({}))",
            self.table,
            columns.join(", "),
            key.join(", ")
        );
        if self.clustering.iter().any(|c| c.desc) {
            let order: Vec<String> = self
                .clustering
                .iter()
                .map(|c| format!("{} {}", c.quoted, if c.desc { "DESC" } else { "ASC" }))
                .collect();
            text.push_str(&format!(" WITH CLUSTERING ORDER BY ({})", order.join(", ")));
        }
        text
    }

    pub fn column(&self, name: &[u8]) -> Option<&Regular> {
        self.regular.iter().find(|r| r.name == name)
    }

    /// `"a" = ? AND "b" = ?` over the partition key, then the first
    /// `clustering` clustering columns.
    pub fn where_clause(&self, clustering: usize) -> String {
        self.partition
            .iter()
            .chain(self.clustering.iter().take(clustering))
            .map(|c| format!("{} = ?", c.quoted))
            .collect::<Vec<_>>()
            .join(" AND ")
    }

    /// The partition key columns' values of a row key (1.2's composite of
    /// them when there are several).
    pub fn split_key(&self, key: &[u8]) -> GatewayResult<Vec<Vec<u8>>> {
        if self.partition.len() == 1 {
            return Ok(vec![key.to_vec()]);
        }
        let parts = CompositeType::split(key).map_err(|e| GatewayError::Invalid(e.0))?;
        if parts.len() != self.partition.len() {
            return Err(GatewayError::Invalid(format!(
                "the key has {} components, the table's partition key {}",
                parts.len(),
                self.partition.len()
            )));
        }
        Ok(parts.into_iter().map(|(v, _)| v.to_vec()).collect())
    }

    /// The row key of partition key values (the reverse of `split_key`).
    pub fn join_key(&self, values: &[Vec<u8>]) -> GatewayResult<Vec<u8>> {
        if values.len() == 1 {
            return Ok(values[0].clone());
        }
        composite(values.iter().map(Vec::as_slice), Eoc::None)
    }
}

/// A composite name of `parts`, the last with `eoc`.
pub fn composite<'a>(
    parts: impl IntoIterator<Item = &'a [u8]>,
    eoc: Eoc,
) -> GatewayResult<Vec<u8>> {
    let mut b = CompositeBuilder::new();
    for p in parts {
        b = b.push(p).map_err(|e| GatewayError::Invalid(e.0))?;
    }
    Ok(b.build(eoc))
}

/// A collection value in the native protocol's v3+ form ([int] count and
/// lengths), from its elements (a map's keys and values alternating).
pub fn collection_value<'a>(count: usize, items: impl IntoIterator<Item = &'a [u8]>) -> Vec<u8> {
    let mut out = (count as i32).to_be_bytes().to_vec();
    for item in items {
        out.extend_from_slice(&(item.len() as i32).to_be_bytes());
        out.extend_from_slice(item);
    }
    out
}

/// The items of a v3+ collection value (a map's keys and values
/// alternating; `pairs` reads two per element).
pub fn collection_items(value: &[u8], pairs: bool) -> GatewayResult<Vec<Vec<u8>>> {
    let bad = || GatewayError::Internal("malformed collection value from the cluster".into());
    let mut rest = value;
    let int = |rest: &mut &[u8]| -> GatewayResult<i32> {
        let (head, tail) = rest.split_first_chunk::<4>().ok_or_else(bad)?;
        *rest = tail;
        Ok(i32::from_be_bytes(*head))
    };
    let count = int(&mut rest)?;
    let items = usize::try_from(count).map_err(|_| bad())? * if pairs { 2 } else { 1 };
    let mut out = Vec::with_capacity(items.min(1 << 16));
    for _ in 0..items {
        let len = int(&mut rest)?;
        let len = usize::try_from(len).map_err(|_| bad())?;
        if rest.len() < len {
            return Err(bad());
        }
        let (item, tail) = rest.split_at(len);
        out.push(item.to_vec());
        rest = tail;
    }
    Ok(out)
}

/// 100-ns intervals from the UUID epoch (1582) to the Unix epoch.
const UUID_EPOCH_OFFSET: i64 = 0x01B2_1DD2_1381_4000;
/// 2010-01-01 in Unix ms: 1.2's list prepends are named by times before
/// it (mirrored around it), appends by times after.
const PREPEND_REFERENCE_MILLIS: i64 = 1_262_304_000_000;
/// The clock sequence and node of a position name: a variant-only clock
/// sequence and an all-zero node, which no generator hands out with such
/// small times.
const POSITION_TAIL: [u8; 8] = [0x80, 0, 0, 0, 0, 0, 0, 0];

/// The name a list element read from the cluster gets: a version-1 UUID
/// whose time is its position. CQL does not show the UUID 3.x named an
/// element by, so positions stand in; a write naming one becomes an index
/// operation (`l[i] = ?`, `DELETE l[i]`).
pub fn position_name(index: usize) -> [u8; 16] {
    let t = index as u64;
    let mut out = [0u8; 16];
    out[0..4].copy_from_slice(&((t & 0xffff_ffff) as u32).to_be_bytes());
    out[4..6].copy_from_slice(&(((t >> 32) & 0xffff) as u16).to_be_bytes());
    out[6..8].copy_from_slice(&((((t >> 48) & 0x0fff) as u16) | 0x1000).to_be_bytes());
    out[8..16].copy_from_slice(&POSITION_TAIL);
    out
}

/// What a list element's name says about the write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListName {
    /// A name [`position_name`] gave: the element at this index.
    Position(i32),
    /// A new element after the others (its time after 2010, in 100 ns).
    Append(i64),
    /// A new element before the others (1.2's mirrored time, in 100 ns).
    Prepend(i64),
}

pub fn list_name(name: &[u8]) -> GatewayResult<ListName> {
    let bad = || GatewayError::Invalid("a list element is named by a time UUID".into());
    let uuid: [u8; 16] = name.try_into().map_err(|_| bad())?;
    if uuid[6] >> 4 != 1 {
        return Err(bad());
    }
    let low = u32::from_be_bytes([uuid[0], uuid[1], uuid[2], uuid[3]]) as u64;
    let mid = u16::from_be_bytes([uuid[4], uuid[5]]) as u64;
    let high = (u16::from_be_bytes([uuid[6], uuid[7]]) & 0x0fff) as u64;
    let t = (high << 48) | (mid << 32) | low;
    if uuid[8..] == POSITION_TAIL {
        if let Ok(i) = i32::try_from(t) {
            return Ok(ListName::Position(i));
        }
    }
    let ticks = (t as i64).wrapping_sub(UUID_EPOCH_OFFSET);
    Ok(if ticks / 10_000 < PREPEND_REFERENCE_MILLIS {
        ListName::Prepend(ticks)
    } else {
        ListName::Append(ticks)
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::schema::ColumnDef;

    /// `posts (user text, id int, title text, tags set<text>, PRIMARY KEY
    /// (user, id)) WITH CLUSTERING ORDER BY (id DESC)` as 1.2 stored it.
    pub(crate) fn posts() -> CfDef {
        let m = MARSHAL_PACKAGE;
        let tags = format!("{m}SetType({m}UTF8Type)");
        let comparator = format!(
            "{m}CompositeType({m}ReversedType({m}Int32Type),{m}UTF8Type,{m}ColumnToCollectionType(74616773:{tags}))"
        );
        let mut cf = CfDef::new("ks", "posts", 20, parse_type(&comparator).unwrap(), None);
        cf.options.key_validation_class = parse_type("UTF8Type").unwrap();
        cf.options.key_aliases = vec![b"user".to_vec()];
        cf.options.column_aliases = vec![b"id".to_vec()];
        for (name, t) in [("title", format!("{m}UTF8Type")), ("tags", tags.clone())] {
            cf.options.column_metadata.push(ColumnDef {
                name: name.as_bytes().to_vec(),
                validation_class: parse_type(&t).unwrap(),
                index_type: None,
                index_name: None,
                index_options: None,
                component_index: Some(1),
                is_static: false,
            });
        }
        cf
    }

    #[test]
    fn a_cql3_table_is_created_as_itself() {
        let t = table_of(&posts()).unwrap().unwrap();
        assert_eq!(
            t.create_table(),
            "CREATE TABLE \"ks\".\"posts\" (\"user\" text, \"id\" int, \"tags\" set<text>, \
             \"title\" text, PRIMARY KEY (\"user\", \"id\")) WITH CLUSTERING ORDER BY (\"id\" DESC)"
        );
        assert_eq!(t.where_clause(1), "\"user\" = ? AND \"id\" = ?");
        assert_eq!(t.column(b"tags").unwrap().kind, Kind::Set);
        // A Thrift CF is not one.
        let thrift = CfDef::new("ks", "S", 21, parse_type("UTF8Type").unwrap(), None);
        assert!(table_of(&thrift).unwrap().is_none());
    }

    #[test]
    fn altered_tables_are_altered_in_the_cluster() {
        let old = posts();
        let mut new = posts();
        new.options.column_metadata.remove(1);
        new.options.column_metadata.push(ColumnDef {
            name: b"body".to_vec(),
            validation_class: parse_type("UTF8Type").unwrap(),
            index_type: None,
            index_name: None,
            index_options: None,
            component_index: Some(1),
            is_static: false,
        });
        new.options.column_aliases = vec![b"n".to_vec()];
        assert_eq!(
            alterations(&old, &new),
            [
                "ALTER TABLE \"ks\".\"posts\" RENAME \"id\" TO \"n\"",
                "ALTER TABLE \"ks\".\"posts\" DROP \"tags\"",
                "ALTER TABLE \"ks\".\"posts\" ADD \"body\" text",
            ]
        );
        assert!(alterations(&old, &old).is_empty());
    }

    #[test]
    fn composite_keys_split_and_join() {
        let mut cf = posts();
        cf.options.key_validation_class = parse_type("CompositeType(Int32Type,Int32Type)").unwrap();
        cf.options.key_aliases = vec![b"a".to_vec(), b"b".to_vec()];
        let t = table_of(&cf).unwrap().unwrap();
        assert!(t
            .create_table()
            .contains("PRIMARY KEY ((\"a\", \"b\"), \"id\")"));
        let key = t.join_key(&[vec![0, 0, 0, 1], vec![0, 0, 0, 2]]).unwrap();
        assert_eq!(
            t.split_key(&key).unwrap(),
            [vec![0, 0, 0, 1], vec![0, 0, 0, 2]]
        );
    }

    #[test]
    fn list_names_tell_positions_appends_and_prepends() {
        assert_eq!(list_name(&position_name(7)).unwrap(), ListName::Position(7));
        let at = |unix_ms: i64| {
            let t = (unix_ms * 10_000 + UUID_EPOCH_OFFSET) as u64;
            let mut u = position_name(0);
            u[0..4].copy_from_slice(&((t & 0xffff_ffff) as u32).to_be_bytes());
            u[4..6].copy_from_slice(&(((t >> 32) & 0xffff) as u16).to_be_bytes());
            u[6..8].copy_from_slice(&((((t >> 48) & 0x0fff) as u16) | 0x1000).to_be_bytes());
            u[8] = 0x81;
            u
        };
        assert!(matches!(
            list_name(&at(1_700_000_000_000)).unwrap(),
            ListName::Append(_)
        ));
        assert!(matches!(
            list_name(&at(800_000_000_000)).unwrap(),
            ListName::Prepend(_)
        ));
        assert!(list_name(b"short").is_err());
    }

    #[test]
    fn collection_values_round_trip() {
        let v = collection_value(2, [b"a".as_slice(), b"bc".as_slice()]);
        assert_eq!(
            collection_items(&v, false).unwrap(),
            [b"a".to_vec(), b"bc".to_vec()]
        );
        assert!(collection_items(&v[..6], false).is_err());
    }
}
