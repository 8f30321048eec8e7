//! Layouts checked against what Cassandra 3.x's legacy schema migration and
//! `CompactTables` make of each kind of column family (facts from 3.0/3.11's
//! LegacySchemaMigrator, CompactTables and SchemaKeyspace).

use super::*;
use crate::cql::ast::Statement;
use crate::cql::parse;
use crate::cql::types::CqlType;
use crate::marshal::parse_type;
use crate::schema::legacy3x::legacy_table_id;
use crate::schema::ColumnDef;
use md5::{Digest, Md5};

fn t(name: &str) -> crate::marshal::TypeRef {
    parse_type(name).unwrap()
}

/// The column family 1.2's CQL3 stores for `create` (as `table_spec` does).
fn cql3_cf(create: &str) -> CfDef {
    let Statement::CreateTable(ct) = parse(create).unwrap().statement else {
        panic!("not a CREATE TABLE")
    };
    let table = Table::from_create("ks", &ct).unwrap();
    let s = table.schema();
    let mut cf = CfDef::new("ks", &table.name, 1000, t(&s.comparator), None);
    let names = |l: &str| -> Vec<Vec<u8>> {
        crate::cql::schema::parse_json_string_list(l)
            .unwrap()
            .into_iter()
            .map(String::into_bytes)
            .collect()
    };
    cf.options.key_validation_class = t(&s.key_validator);
    cf.options.default_validation_class = t(&s.default_validator);
    cf.options.key_aliases = names(&s.key_aliases);
    cf.options.column_aliases = names(&s.column_aliases);
    cf.options.value_alias = s.value_alias.map(String::into_bytes);
    cf.options.column_metadata = s
        .columns
        .iter()
        .map(|c| ColumnDef {
            name: c.name.as_bytes().to_vec(),
            validation_class: t(&c.validator),
            index_type: None,
            index_name: None,
            index_options: None,
            component_index: c.component_index,
            is_static: c.is_static,
        })
        .collect();
    cf
}

fn rows(l: &Layout3) -> Vec<(String, &'static str, i32, String, &'static str)> {
    l.columns
        .iter()
        .map(|c| {
            (
                c.name.clone(),
                c.kind.as_str(),
                c.position,
                c.ty.clone(),
                c.clustering_order(),
            )
        })
        .collect()
}

fn row(
    name: &str,
    kind: &'static str,
    pos: i32,
    ty: &str,
    order: &'static str,
) -> (String, &'static str, i32, String, &'static str) {
    (name.into(), kind, pos, ty.into(), order)
}

#[test]
fn a_cql3_table_is_itself() {
    let cf = cql3_cf(
        "CREATE TABLE wide (p int, c text, d bigint, v map<text, int>, w blob, \
         PRIMARY KEY (p, c, d)) WITH CLUSTERING ORDER BY (c DESC, d ASC)",
    );
    let l = layout_of(&cf).unwrap();
    assert_eq!(l.flags.names(), vec!["compound"]);
    assert!(!l.flags.is_compact());
    assert_eq!(
        rows(&l),
        vec![
            row("p", "partition_key", 0, "int", "none"),
            row("c", "clustering", 0, "text", "desc"),
            row("d", "clustering", 1, "bigint", "asc"),
            row("v", "regular", -1, "map<text, int>", "none"),
            row("w", "regular", -1, "blob", "none"),
        ]
    );
    assert_eq!(l.cql_columns().len(), 5);
}

#[test]
fn a_thrift_cf_without_columns_is_dense_key_column1_value() {
    // Keyspace1.Standard1 of storage-conf.xml: BytesType everywhere.
    let cf = CfDef::new("Keyspace1", "Standard1", 1001, t("BytesType"), None);
    let l = layout_of(&cf).unwrap();
    assert_eq!(l.flags.names(), vec!["dense"]);
    assert!(l.flags.is_compact());
    assert_eq!(
        rows(&l),
        vec![
            row("key", "partition_key", 0, "blob", "none"),
            row("column1", "clustering", 0, "blob", "asc"),
            row("value", "regular", -1, "blob", "none"),
        ]
    );
}

#[test]
fn comparators_and_validators_become_cql_types_or_class_names() {
    let mut cf = CfDef::new("ks", "cf", 1002, t("ReversedType(LongType)"), None);
    cf.options.key_validation_class = t("UTF8Type");
    cf.options.default_validation_class = t("LexicalUUIDType");
    let l = layout_of(&cf).unwrap();
    assert_eq!(
        rows(&l),
        vec![
            row("key", "partition_key", 0, "text", "none"),
            row("column1", "clustering", 0, "bigint", "desc"),
            row(
                "value",
                "regular",
                -1,
                "'org.apache.cassandra.db.marshal.LexicalUUIDType'",
                "none"
            ),
        ]
    );
}

#[test]
fn a_composite_comparator_gives_one_clustering_column_per_component() {
    let cf = CfDef::new(
        "ks",
        "cf",
        1003,
        t("CompositeType(UTF8Type,Int32Type)"),
        None,
    );
    let l = layout_of(&cf).unwrap();
    assert_eq!(l.flags.names(), vec!["compound", "dense"]);
    let names: Vec<&str> = l.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, vec!["key", "column1", "column2", "value"]);
}

#[test]
fn declared_columns_make_a_static_compact_table_with_hidden_column1_value() {
    let mut cf = CfDef::new("ks", "Users", 1004, t("UTF8Type"), None);
    cf.options.default_validation_class = t("UTF8Type");
    cf.options.column_metadata = vec![ColumnDef::plain(b"age".to_vec(), t("LongType"))];
    let l = layout_of(&cf).unwrap();
    assert!(l.flags.names().is_empty());
    assert!(l.flags.is_compact());
    assert_eq!(
        rows(&l),
        vec![
            row("key", "partition_key", 0, "blob", "none"),
            row("column1", "clustering", 0, "text", "asc"),
            row("age", "static", -1, "bigint", "none"),
            row("value", "regular", -1, "text", "none"),
        ]
    );
    assert_eq!(
        l.cql_columns(),
        vec![
            ("key".to_string(), "blob".to_string()),
            ("age".to_string(), "bigint".to_string())
        ]
    );
}

#[test]
fn default_names_skip_declared_ones() {
    let mut cf = CfDef::new("ks", "cf", 1005, t("UTF8Type"), None);
    cf.options.column_metadata = vec![ColumnDef::plain(b"value".to_vec(), t("UTF8Type"))];
    let l = layout_of(&cf).unwrap();
    let names: Vec<&str> = l.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, vec!["key", "column1", "value", "value1"]);
}

#[test]
fn a_super_cf_is_key_column1_and_the_super_column_map() {
    let mut cf = CfDef::new(
        "Keyspace1",
        "Super1",
        1006,
        t("BytesType"),
        Some(t("LongType")),
    );
    cf.options.default_validation_class = t("CounterColumnType");
    let l = layout_of(&cf).unwrap();
    assert_eq!(l.flags.names(), vec!["counter", "dense", "super"]);
    assert_eq!(
        rows(&l),
        vec![
            row("key", "partition_key", 0, "blob", "none"),
            row("column1", "clustering", 0, "blob", "asc"),
            row("", "regular", -1, "map<bigint, counter>", "none"),
        ]
    );
    assert_eq!(
        l.cql_columns(),
        vec![
            ("key".to_string(), "blob".to_string()),
            ("column1".to_string(), "blob".to_string()),
            ("column2".to_string(), "bigint".to_string()),
            ("value".to_string(), "counter".to_string()),
        ]
    );
}

#[test]
fn a_cql3_compact_table_keeps_its_names_and_a_counter_table_is_flagged() {
    let cf = cql3_cf(
        "CREATE TABLE clicks (url text, day int, hits counter, PRIMARY KEY (url, day)) \
         WITH COMPACT STORAGE",
    );
    let l = layout_of(&cf).unwrap();
    assert_eq!(l.flags.names(), vec!["counter", "dense"]);
    assert_eq!(
        rows(&l),
        vec![
            row("url", "partition_key", 0, "text", "none"),
            row("day", "clustering", 0, "int", "asc"),
            row("hits", "regular", -1, "counter", "none"),
        ]
    );
    let cf = cql3_cf("CREATE TABLE c (k int PRIMARY KEY, n counter)");
    assert_eq!(
        layout_of(&cf).unwrap().flags.names(),
        vec!["compound", "counter"]
    );
}

#[test]
fn a_compact_table_without_value_gets_an_empty_value() {
    let cf = cql3_cf("CREATE TABLE s (k int, c int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE");
    let l = layout_of(&cf).unwrap();
    assert_eq!(
        rows(&l).last().unwrap(),
        &row("value", "regular", -1, "empty", "none")
    );
    assert_eq!(l.cql_columns().len(), 2);
}

#[test]
fn legacy_ids_are_name_based_uuids() {
    // UUID.nameUUIDFromBytes: MD5 with the version set to 3 and the IETF variant.
    let id = legacy_table_id("Keyspace1", "Standard1");
    let direct: [u8; 16] = Md5::digest(b"Keyspace1Standard1").into();
    assert_eq!(id[6] >> 4, 3);
    assert_eq!(id[8] >> 6, 2);
    assert_eq!(id[0..6], direct[0..6]);
    assert_ne!(id, legacy_table_id("Keyspace1", "Standard2"));
}

/// The schema layer's mapping of Thrift CFs (which the gateway uses too) is
/// the one 1.2's CQL3 reading gave `system_schema` before it moved there.
#[test]
fn thrift_cfs_map_as_1_2s_cql3_reading_did() {
    let declared = |name: &[u8], class: &str| ColumnDef::plain(name.to_vec(), t(class));
    let mut cases = Vec::new();
    for (comparator, validator, key) in [
        ("UTF8Type", "BytesType", "BytesType"),
        ("LongType", "CounterColumnType", "UTF8Type"),
        ("ReversedType(LongType)", "UTF8Type", "LongType"),
        ("LexicalUUIDType", "BytesType", "BytesType"),
        ("TimeUUIDType", "LexicalUUIDType", "UUIDType"),
        ("AsciiType", "IntegerType", "AsciiType"),
    ] {
        let mut cf = CfDef::new("ks", "dense", 1000, t(comparator), None);
        cf.options.default_validation_class = t(validator);
        cf.options.key_validation_class = t(key);
        cases.push(cf.clone());
        cf.options.column_metadata = vec![
            declared(b"email", "UTF8Type"),
            declared(b"age", "LongType"),
            declared(b"column1", "BytesType"),
            declared(b"value", "Int32Type"),
        ];
        cases.push(cf);
    }
    for cf in cases {
        let schema_layer = crate::schema::legacy3x::thrift_layout(&cf).expect("a Thrift CF");
        assert_eq!(
            schema_layer,
            layout_of_cql3(&cf).unwrap(),
            "{}",
            cf.comparator.class_name()
        );
        assert_eq!(layout_of(&cf).unwrap(), schema_layer);
    }
}

/// Recorded: 3.11.10 (`rel_udtcells311`): `system_schema.columns` names a
/// multi-cell user type bare, a frozen one (and one held by a collection)
/// inside `frozen<..>`.
#[test]
fn a_user_types_freezing_shows_in_its_schema_name() {
    let u = crate::cql::types::UserTypeDef {
        keyspace: "ks".into(),
        name: "addr".into(),
        fields: vec![(
            "zip".into(),
            CqlType::Native(crate::cql::types::Native::Int),
        )],
        multi_cell: true,
    };
    assert_eq!(CqlType::User(u.clone()).cql_name_3x(), "addr");
    let frozen = CqlType::User(crate::cql::types::UserTypeDef {
        multi_cell: false,
        ..u
    });
    assert_eq!(frozen.cql_name_3x(), "frozen<addr>");
    assert_eq!(
        CqlType::List(Box::new(frozen)).cql_name_3x(),
        "list<frozen<addr>>"
    );
}
