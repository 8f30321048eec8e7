//! Unit tests of [`super`].

use super::*;
use crate::cql::ast::Statement;
use crate::cql::parse;

fn table(cql: &str) -> Table {
    let Statement::CreateTable(ct) = parse(cql).unwrap().statement else {
        panic!()
    };
    Table::from_create("ks", &ct).unwrap()
}

#[test]
fn json_lists_round_trip() {
    let s = json_string_list(["a\"b", "c/d"].into_iter());
    assert_eq!(s, r#"["a\"b","c\/d"]"#);
    assert_eq!(parse_json_string_list(&s).unwrap(), vec!["a\"b", "c/d"]);
    assert_eq!(parse_json_string_list("[]").unwrap(), Vec::<String>::new());
    assert!(parse_json_string_list("nope").is_err());
}

#[test]
fn schema_round_trips_through_stored_fields() {
    for cql in [
        "CREATE TABLE testtable (pkey1 text, pkey2 text, skey int, value text, cvalue map<text,text>, PRIMARY KEY ((pkey1, pkey2), skey)) WITH CLUSTERING ORDER BY (skey DESC)",
        "CREATE TABLE coll (k int PRIMARY KEY, l list<int>, s set<text>, m map<int,text>)",
        "CREATE TABLE cs_static (k text PRIMARY KEY, v1 text, v2 int) WITH COMPACT STORAGE",
        "CREATE TABLE cs_comp (k text, c1 int, c2 text, v text, PRIMARY KEY (k, c1, c2)) WITH COMPACT STORAGE AND CLUSTERING ORDER BY (c1 DESC, c2 ASC)",
        "CREATE TABLE cs_novalue (k text, c int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE",
        "CREATE TABLE k_only (k int PRIMARY KEY)",
        "CREATE TABLE k_clust_only (k int, c timestamp, PRIMARY KEY (k, c))",
    ] {
        let t = table(cql);
        let back = Table::from_schema("ks", &t.name, &t.schema()).unwrap();
        assert_eq!(back, t, "{cql}");
    }
}

#[test]
fn thrift_created_column_families_read_as_compact_tables() {
    let p = MARSHAL_PACKAGE;
    let dynamic = TableSchema {
        comparator: format!("{p}LongType"),
        key_validator: format!("{p}BytesType"),
        default_validator: format!("{p}UTF8Type"),
        key_aliases: "[]".into(),
        column_aliases: "[]".into(),
        value_alias: None,
        columns: Vec::new(),
        key_indexes: Vec::new(),
    };
    let t = Table::from_schema("ks", "Standard1", &dynamic).unwrap();
    assert_eq!(t.layout, Layout::CompactDense);
    let names: Vec<&str> = t.all_columns().iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["key", "column1", "value"]);
    let composite = TableSchema {
        comparator: format!("{p}CompositeType({p}LongType,{p}UTF8Type)"),
        ..dynamic.clone()
    };
    let t = Table::from_schema("ks", "Comp", &composite).unwrap();
    assert_eq!((t.layout, t.clustering.len()), (Layout::CompactDense, 2));
    let static_cf = TableSchema {
        comparator: format!("{p}UTF8Type"),
        columns: vec![SchemaColumn {
            name: "age".into(),
            component_index: None,
            is_static: false,
            validator: format!("{p}LongType"),
            index_name: None,
            index_type: None,
            index_options: None,
        }],
        ..dynamic
    };
    assert_eq!(
        Table::from_schema("ks", "Users", &static_cf)
            .unwrap()
            .layout,
        Layout::CompactStatic
    );
}

#[test]
fn thrift_visibility() {
    assert!(!table("CREATE TABLE k_int (k int PRIMARY KEY, v text)").visible_to_thrift());
    assert!(table("CREATE TABLE k_only (k int PRIMARY KEY)").visible_to_thrift());
    assert!(
        table("CREATE TABLE cs (k int PRIMARY KEY, v text) WITH COMPACT STORAGE")
            .visible_to_thrift()
    );
    assert_eq!(
        table("CREATE TABLE k (a int, b text, v text, PRIMARY KEY ((a, b)))").thrift_key_alias(),
        None
    );
}
