//! Tests of what an update made of a Thrift table's key name and density.

use super::*;
use crate::marshal::parse_type;
use crate::schema::ColumnDef;

fn cf(comparator: &str, declared: &[&str], alias: Option<&str>) -> CfDef {
    let mut cf = CfDef::new("K", "T", 1000, parse_type(comparator).unwrap(), None);
    let utf8 = parse_type("UTF8Type").unwrap();
    cf.options.column_metadata = declared
        .iter()
        .map(|n| ColumnDef::plain(n.as_bytes().to_vec(), utf8.clone()))
        .collect();
    cf.options.key_aliases = alias
        .map(|a| vec![a.as_bytes().to_vec()])
        .unwrap_or_default();
    cf
}

fn named(old: &CfDef, sent: &str) -> String {
    let kept = alias_iterated_last(old, &[sent.as_bytes().to_vec()]);
    kept.first().map_or("key".to_string(), |a| {
        String::from_utf8_lossy(a).into_owned()
    })
}

#[test]
fn the_key_is_named_by_the_alias_a_hash_map_iterates_last() {
    let plain = cf("UTF8Type", &[], None);
    assert_eq!(named(&plain, "KEY"), "KEY");
    assert_eq!(named(&plain, "user_id"), "key");
    assert_eq!(named(&plain, "id"), "key");
    let id = cf("UTF8Type", &[], Some("id"));
    assert_eq!(named(&id, "user_id"), "id");
    assert_eq!(named(&id, "KEY"), "KEY");
    assert_eq!(named(&id, "id"), "id");
}

#[test]
fn a_table_without_declared_columns_was_dense() {
    assert!(thrift_dense(&cf("UTF8Type", &[], None)));
    assert!(!thrift_dense(&cf("UTF8Type", &["rank"], None)));
    assert!(!thrift_dense(&cf(
        "CompositeType(org.apache.cassandra.db.marshal.UTF8Type)",
        &[],
        None
    )));
}

fn aliases(key: &str, column: &str, value: Option<&str>) -> crate::schema::Aliases {
    crate::schema::Aliases {
        key: vec![key.as_bytes().to_vec()],
        column: vec![column.as_bytes().to_vec()],
        value: value.map(|v| v.as_bytes().to_vec()),
    }
}

#[test]
fn an_update_of_1_2_17_writes_its_aliases_to_the_schema_tables_only() {
    let mut old = cf("Int32Type", &[], None);
    old.options.set_aliases(aliases("k", "c", None));
    let mut renamed = old.options.clone();
    renamed.set_aliases(aliases("kk", "cc", None));
    live_aliases_kept(&old.options, &mut renamed);
    assert_eq!(renamed.aliases(), aliases("k", "c", None));
    assert_eq!(renamed.schema_table_aliases(), aliases("kk", "cc", None));
    // A later update written from the live names writes those back.
    let mut again = renamed.clone();
    again.set_aliases(aliases("k", "c", None));
    live_aliases_kept(&renamed, &mut again);
    assert_eq!(again.stored_aliases, None);
    assert_eq!(again.schema_table_aliases(), aliases("k", "c", None));
}
