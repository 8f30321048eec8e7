//! The maps Cassandra 0.7 to 1.0 kept a column family's declared columns
//! in, whose iteration order `describe_keyspace` listed them in.
//!
//! A live `CFMetaData` held its `column_metadata` map for as long as the
//! column family lived, and an update changed that map in place
//! (`CFMetaData.apply`: the columns leaving removed, the new ones put in
//! the order of a `HashSet` of their Avro `ColumnDef`s). Which map it was:
//! - 0.7: the constructor copied the columns given (Thrift's `TreeMap`,
//!   by `ByteBuffer.compareTo`'s signed bytes) into `new HashMap<>(map)`,
//!   sized for them;
//! - 0.8 and 1.0: the map the definition was made with, kept: Thrift's
//!   `TreeMap` (`ColumnDefinition.fromThrift`), or a `new HashMap<>()`
//!   when the CfDef had no `column_metadata`; CQL 2's CREATE COLUMNFAMILY
//!   its own `HashMap` (`CreateColumnFamilyStatement.getColumns`), filled
//!   from a `HashMap` keyed by `Term` whose order no one can reproduce
//!   (the statement's order stands for it: it only orders names sharing a
//!   bucket).
//!
//! - 1.1 to 2.2: the live `CFMetaData`'s own `HashMap`, made from the
//!   schema rows (filled in name order) when the column family came, an
//!   update's new columns put into it afterwards (`CFMetaData.apply` of
//!   the definition read back, whose columns came in that map's order):
//!   names sharing a bucket are listed in the order they arrived.
//!
//! A node that started read every definition back through Avro (a
//! `TreeMap` by unsigned bytes; 0.7 copying it into a sized `HashMap`; 1.1
//! on from the schema rows, by name): a column family without a map here
//! is in that state.
//!
//! Owns those maps by keyspace and column family (not persisted: a start
//! begins them again); the schema's `apply` keeps them under the
//! [`ColumnMapRule`] the caller picked. It must not know any wire.

use super::javaorder::{buffer_hash, string_hash, HashMapModel};
use super::{CfDef, ColumnDef, IndexType};
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// How the release kept a column family's columns, picked by the caller
/// (the schema knows no release).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ColumnMapRule {
    /// Not kept: listed in the definition's order (1.1 on).
    #[default]
    Untracked,
    /// 0.7: copied into a `HashMap` sized for them.
    Copied,
    /// 0.8 and 1.0: the map the definition came with. `index_options`:
    /// the Avro `ColumnDef` whose hash ordered an update's new columns had
    /// 1.0's `index_options` field.
    Kept { index_options: bool },
    /// 1.1 to 2.2: the live definition's `HashMap`, filled from the schema
    /// rows (by name), an update's new columns put in after.
    Live,
}

/// How a new definition brought its columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GivenColumns<'a> {
    /// In a sorted map (a Thrift CfDef's `column_metadata`).
    Sorted,
    /// In a `HashMap` filled in this order (CQL 2's CREATE COLUMNFAMILY,
    /// or, empty, a Thrift CfDef without `column_metadata`).
    Hashed(&'a [Vec<u8>]),
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum ColumnMap {
    /// A `TreeMap` by `ByteBuffer.compareTo` (signed bytes).
    Sorted,
    Hashed(HashMapModel<Vec<u8>>),
}

/// The order a kept map listed its columns in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColumnOrder {
    /// A `TreeMap`'s: by `ByteBuffer.compareTo` (signed bytes).
    Signed,
    /// A `HashMap`'s: these names in this order.
    Listed(Vec<Vec<u8>>),
}

/// Every live column family's map, where one is kept.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ColumnMaps {
    maps: BTreeMap<String, BTreeMap<String, ColumnMap>>,
}

impl ColumnMaps {
    /// The order `keyspace`.`cf`'s map listed its declared columns in;
    /// `None` where no map is kept (the definition's order, or the
    /// release's order of a definition read back at a start).
    pub fn order(&self, keyspace: &str, cf: &str) -> Option<ColumnOrder> {
        Some(match self.maps.get(keyspace)?.get(cf)? {
            ColumnMap::Sorted => ColumnOrder::Signed,
            ColumnMap::Hashed(map) => ColumnOrder::Listed(map.iter().cloned().collect()),
        })
    }

    /// `cf` was created with its columns `given` so.
    pub(super) fn created(&mut self, rule: ColumnMapRule, cf: &CfDef, given: GivenColumns) {
        let map = match (rule, given) {
            (ColumnMapRule::Untracked, _) => return,
            (ColumnMapRule::Copied, _) => copied(names(cf)),
            (ColumnMapRule::Live, _) => from_rows(names(cf)),
            (ColumnMapRule::Kept { .. }, GivenColumns::Sorted) => ColumnMap::Sorted,
            (ColumnMapRule::Kept { .. }, GivenColumns::Hashed(order)) => {
                let mut map = HashMapModel::new();
                let declared: BTreeSet<&[u8]> = names(cf).collect();
                for name in order.iter().filter(|n| declared.contains(n.as_slice())) {
                    map.put(buffer_hash(name), name.clone());
                }
                ColumnMap::Hashed(map)
            }
        };
        self.maps
            .entry(cf.keyspace.clone())
            .or_default()
            .insert(cf.name.clone(), map);
    }

    /// `old` became `new` (`CFMetaData.apply` on the live definition).
    pub(super) fn updated(&mut self, rule: ColumnMapRule, old: &CfDef, new: &CfDef) {
        let loaded = match rule {
            ColumnMapRule::Untracked => return,
            // As a start read it back (0.7: into its copy).
            ColumnMapRule::Copied => copied(names(old)),
            ColumnMapRule::Kept { .. } => ColumnMap::Sorted,
            ColumnMapRule::Live => from_rows(names(old)),
        };
        let map = self
            .maps
            .entry(old.keyspace.clone())
            .or_default()
            .entry(old.name.clone())
            .or_insert(loaded);
        let ColumnMap::Hashed(map) = map else {
            return;
        };
        let staying: BTreeSet<&[u8]> = names(new).collect();
        for gone in names(old).filter(|n| !staying.contains(n)) {
            map.remove(&gone.to_vec());
        }
        if rule == ColumnMapRule::Live {
            // The new ones as the definition read back listed them (a
            // name already in keeps its place).
            let ColumnMap::Hashed(read_back) = from_rows(names(new)) else {
                unreachable!("from_rows makes a HashMap");
            };
            for name in read_back.iter() {
                map.put(buffer_hash(name), name.clone());
            }
            return;
        }
        // The new ones in a HashSet of the Avro ColumnDefs the update's
        // copy listed (by name: it was read back through a sorted map).
        let index_options = matches!(
            rule,
            ColumnMapRule::Kept {
                index_options: true
            }
        );
        let mut added = HashMapModel::new();
        for c in &new.options.column_metadata {
            if !map.contains(&c.name) {
                added.put(avro_hash(c, index_options), c.name.clone());
            }
        }
        for name in added.iter() {
            map.put(buffer_hash(name), name.clone());
        }
    }

    /// A dropped column family.
    pub(super) fn forget_cf(&mut self, keyspace: &str, cf: &str) {
        if let Some(cfs) = self.maps.get_mut(keyspace) {
            cfs.remove(cf);
        }
    }

    /// A dropped keyspace.
    pub(super) fn forget_keyspace(&mut self, keyspace: &str) {
        self.maps.remove(keyspace);
    }
}

fn names(cf: &CfDef) -> impl Iterator<Item = &[u8]> {
    cf.options.column_metadata.iter().map(|c| c.name.as_slice())
}

/// 0.7's `new HashMap<>(columns)` of a `TreeMap` by signed bytes.
fn copied<'a>(names: impl Iterator<Item = &'a [u8]>) -> ColumnMap {
    let mut sorted: Vec<&[u8]> = names.collect();
    sorted.sort_by(|a, b| signed_cmp(a, b));
    ColumnMap::Hashed(HashMapModel::copy_of(
        sorted.into_iter().map(|n| (buffer_hash(n), n.to_vec())),
    ))
}

/// 1.1 on's `CFMetaData.fromSchema`: a `new HashMap<>()` filled from the
/// schema rows, in name order.
fn from_rows<'a>(names: impl Iterator<Item = &'a [u8]>) -> ColumnMap {
    let mut sorted: Vec<&[u8]> = names.collect();
    sorted.sort();
    let mut map = HashMapModel::new();
    for name in sorted {
        map.put(buffer_hash(name), name.to_vec());
    }
    ColumnMap::Hashed(map)
}

/// `ByteBuffer.compareTo`: bytes compared as Java's signed bytes.
fn signed_cmp(a: &[u8], b: &[u8]) -> Ordering {
    a.iter().map(|&x| x as i8).cmp(b.iter().map(|&x| x as i8))
}

/// Avro 1.4's `GenericData.hashCode` of the `ColumnDef` record an update
/// carried: its fields in order (`name` the buffer's hash, strings
/// `String.hashCode`, the index type its ordinal, absent ones 0, 1.0's
/// `index_options` map the sum of its entries' `key ^ value` hashes),
/// each folded in as `31 * h + field`.
fn avro_hash(c: &ColumnDef, index_options: bool) -> i32 {
    let add = |h: i32, field: i32| h.wrapping_mul(31).wrapping_add(field);
    let mut h = add(1, buffer_hash(&c.name));
    h = add(h, string_hash(&c.validation_class.class_name()));
    h = add(
        h,
        match c.index_type {
            None | Some(IndexType::Keys) => 0,
            Some(IndexType::Custom) => 1,
            Some(IndexType::Composites) => 2,
        },
    );
    h = add(h, c.index_name.as_deref().map_or(0, string_hash));
    if index_options {
        let options = c.index_options.as_ref().map_or(0, |o| {
            o.iter().fold(0i32, |sum, (k, v)| {
                sum.wrapping_add(string_hash(k) ^ string_hash(v))
            })
        });
        h = add(h, options);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    fn cf(columns: &[(&str, &str, bool)]) -> CfDef {
        let mut cf = CfDef::new("ks", "Users", 1, parse_type("UTF8Type").unwrap(), None);
        let mut defs: Vec<ColumnDef> = columns
            .iter()
            .map(|(n, v, indexed)| {
                let mut c = ColumnDef::plain(n.as_bytes().to_vec(), parse_type(v).unwrap());
                if *indexed {
                    c.index_type = Some(IndexType::Keys);
                    c.index_name = Some(format!("Users_{n}"));
                }
                c
            })
            .collect();
        defs.sort_by(|a, b| a.name.cmp(&b.name));
        cf.options.column_metadata = defs;
        cf
    }

    fn listed(maps: &ColumnMaps) -> Vec<String> {
        let Some(ColumnOrder::Listed(names)) = maps.order("ks", "Users") else {
            panic!("no HashMap kept");
        };
        names
            .into_iter()
            .map(|n| String::from_utf8(n).unwrap())
            .collect()
    }

    #[test]
    fn from_1_1_an_update_s_column_comes_after_those_of_its_bucket() {
        // "site" and "year" share bucket 7: year added by one update, site
        // by the next; 1.2.9 and 2.0.17 listed year, site.
        let mut maps = ColumnMaps::default();
        let empty = cf(&[]);
        maps.created(ColumnMapRule::Live, &empty, GivenColumns::Hashed(&[]));
        let with_year = cf(&[("year", "IntegerType", false)]);
        maps.updated(ColumnMapRule::Live, &empty, &with_year);
        let both = cf(&[("year", "IntegerType", false), ("site", "UTF8Type", true)]);
        maps.updated(ColumnMapRule::Live, &with_year, &both);
        assert_eq!(listed(&maps), ["year", "site"]);
        // Made with both, the schema rows' name order decides.
        let mut maps = ColumnMaps::default();
        maps.created(ColumnMapRule::Live, &both, GivenColumns::Sorted);
        assert_eq!(listed(&maps), ["site", "year"]);
    }

    #[test]
    fn release_0_7_put_an_update_s_column_into_the_table_sized_at_creation() {
        // Created with email and age (4 buckets), state added: 0.7.10's
        // describe_keyspace listed email, state, age.
        let mut maps = ColumnMaps::default();
        let old = cf(&[("email", "UTF8Type", false), ("age", "LongType", false)]);
        maps.created(ColumnMapRule::Copied, &old, GivenColumns::Sorted);
        assert_eq!(listed(&maps), ["email", "age"]);
        let new = cf(&[
            ("email", "UTF8Type", false),
            ("age", "LongType", false),
            ("state", "UTF8Type", true),
        ]);
        maps.updated(ColumnMapRule::Copied, &old, &new);
        assert_eq!(listed(&maps), ["email", "state", "age"]);
    }

    #[test]
    fn releases_0_8_and_1_0_kept_the_hash_map_of_a_cfdef_without_columns() {
        // 0.8.10 and 1.0.12: age added, then an indexed email: email, age.
        let rule = ColumnMapRule::Kept {
            index_options: false,
        };
        let mut maps = ColumnMaps::default();
        let bare = cf(&[]);
        maps.created(rule, &bare, GivenColumns::Hashed(&[]));
        let aged = cf(&[("age", "LongType", false)]);
        maps.updated(rule, &bare, &aged);
        let both = cf(&[("age", "LongType", false), ("email", "UTF8Type", true)]);
        maps.updated(rule, &aged, &both);
        assert_eq!(listed(&maps), ["email", "age"]);
        // Removed again: an empty map stays a map.
        maps.updated(rule, &both, &bare);
        assert!(listed(&maps).is_empty());
    }

    #[test]
    fn cql_2_s_columns_and_alter_add_follow_the_16_buckets() {
        // 0.8.10's CREATE COLUMNFAMILY Q2 (a, b), then ALTER ... ADD zip,
        // ADD city: a, city, b, zip. A Thrift CfDef's sorted map stays so.
        let rule = ColumnMapRule::Kept {
            index_options: true,
        };
        let mut maps = ColumnMaps::default();
        let q2 = cf(&[("a", "UTF8Type", false), ("b", "LongType", false)]);
        let order = [b"a".to_vec(), b"b".to_vec()];
        maps.created(rule, &q2, GivenColumns::Hashed(&order));
        let zip = cf(&[
            ("a", "UTF8Type", false),
            ("b", "LongType", false),
            ("zip", "UTF8Type", false),
        ]);
        maps.updated(rule, &q2, &zip);
        let city = cf(&[
            ("a", "UTF8Type", false),
            ("b", "LongType", false),
            ("zip", "UTF8Type", false),
            ("city", "UTF8Type", false),
        ]);
        maps.updated(rule, &zip, &city);
        assert_eq!(listed(&maps), ["a", "city", "b", "zip"]);
        let mut sorted = ColumnMaps::default();
        sorted.created(rule, &q2, GivenColumns::Sorted);
        sorted.updated(rule, &q2, &city);
        assert_eq!(sorted.order("ks", "Users"), Some(ColumnOrder::Signed));
        sorted.forget_keyspace("ks");
        assert_eq!(sorted, ColumnMaps::default());
    }
}
