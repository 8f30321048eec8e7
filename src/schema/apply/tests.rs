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
