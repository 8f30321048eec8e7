use super::*;
use crate::marshal::parse_type;
use crate::schema::{CfDef, ColumnDef};

fn cf(name: &str, comparator: &str, sub: Option<&str>) -> CfDef {
    let mut def = CfDef::new(
        "Keyspace1",
        name,
        10,
        parse_type(comparator).unwrap(),
        sub.map(|s| parse_type(s).unwrap()),
    );
    def.options.default_validation_class = parse_type("BytesType").unwrap();
    def
}

fn declare(def: &mut CfDef, name: &[u8], class: &str) {
    def.options
        .column_metadata
        .push(ColumnDef::plain(name.to_vec(), parse_type(class).unwrap()));
}

#[test]
fn dense_and_super_tables_are_3x_compact_tables() {
    let std = Layout::of(&cf("Standard1", "UTF8Type", None), Storage::Compact).unwrap();
    assert_eq!(
        std.create_table(),
        "CREATE TABLE \"Keyspace1\".\"Standard1\" (key blob, column1 text, value blob, \
         PRIMARY KEY (key, column1)) WITH COMPACT STORAGE"
    );
    let sup = Layout::of(
        &cf("Super1", "BytesType", Some("LongType")),
        Storage::Compact,
    )
    .unwrap();
    assert_eq!(sup.shape, Shape::Super);
    assert!(sup
        .create_table()
        .contains("column1 blob, column2 bigint, value blob, PRIMARY KEY (key, column1, column2)"));
    let lexical = Layout::of(&cf("L", "LexicalUUIDType", None), Storage::Compact).unwrap();
    assert_eq!(
        lexical.column1_type,
        "'org.apache.cassandra.db.marshal.LexicalUUIDType'"
    );
    // A composite comparator: one clustering column per component.
    let composite = cf("C", "CompositeType(UTF8Type,LongType)", None);
    let c = Layout::of(&composite, Storage::Compact).unwrap();
    assert_eq!(c.shape, Shape::Composite);
    assert!(c.create_table().contains(
        "(key blob, column1 text, column2 bigint, value blob, PRIMARY KEY (key, column1, column2))"
    ));
    // Unless it declares columns too (3.x's compound static table).
    let mut declared = cf("D", "CompositeType(UTF8Type,LongType)", None);
    declared.options.column_metadata = vec![ColumnDef::plain(
        b"x".to_vec(),
        parse_type("UTF8Type").unwrap(),
    )];
    let e = Layout::of(&declared, Storage::Compact).unwrap_err();
    assert!(e.to_string().contains("composite comparator"), "{e}");
}

#[test]
fn a_reversed_comparator_is_a_descending_clustering() {
    let rev = Layout::of(&cf("R", "ReversedType(LongType)", None), Storage::Compact).unwrap();
    assert_eq!(
        rev.create_table(),
        "CREATE TABLE \"Keyspace1\".\"R\" (key blob, column1 bigint, value blob, \
         PRIMARY KEY (key, column1)) WITH COMPACT STORAGE AND CLUSTERING ORDER BY (column1 DESC)"
    );
    let rev4 = Layout::of(
        &cf("R", "ReversedType(LongType)", None),
        Storage::NonCompact,
    )
    .unwrap();
    assert!(rev4
        .create_table()
        .ends_with("PRIMARY KEY (key, column1)) WITH CLUSTERING ORDER BY (column1 DESC)"));
}

#[test]
fn declared_columns_make_a_static_table() {
    let mut def = cf("Users", "UTF8Type", None);
    declare(&mut def, b"name", "UTF8Type");
    declare(&mut def, b"age", "LongType");
    declare(&mut def, b"column1", "Int32Type");
    let l = Layout::of(&def, Storage::Compact).unwrap();
    assert_eq!(l.shape, Shape::Static);
    assert_eq!(
        l.create_table(),
        "CREATE TABLE \"Keyspace1\".\"Users\" (key blob, \"age\" bigint, \"column1\" int, \
         \"name\" text, PRIMARY KEY (key)) WITH COMPACT STORAGE"
    );
    assert!(!l.pair_reachable());
    assert_eq!(l.declared(b"age").unwrap().ty, "bigint");
    assert!(l.declared(b"other").is_none());
    // 3.x's default names skip a declared `column1`.
    assert_eq!(l.pair, ("column2".to_string(), "value".to_string()));
    let l4 = Layout::of(&def, Storage::NonCompact).unwrap();
    assert!(l4.pair_reachable());
    assert_eq!(
        l4.create_table(),
        "CREATE TABLE \"Keyspace1\".\"Users\" (key blob, \"column2\" text, \"value\" blob, \
         \"age\" bigint static, \"column1\" int static, \"name\" text static, \
         PRIMARY KEY (key, \"column2\"))"
    );
    let mut binary = cf("B", "BytesType", None);
    declare(&mut binary, &[0xff, 0x00], "UTF8Type");
    let e = Layout::of(&binary, Storage::Compact).unwrap_err();
    assert!(e.to_string().contains("not UTF-8"), "{e}");
}

#[test]
fn quoting_keeps_case_and_quotes() {
    assert_eq!(quote("My\"Cf"), "\"My\"\"Cf\"");
    assert_eq!(literal("it's"), "'it''s'");
}

#[test]
fn a_0_6_keyspace_is_created_with_1_2s_strategy_name() {
    let ks = crate::schema::KeyspaceDef::new("Old", []);
    assert_eq!(
        create_keyspace(&ks),
        "CREATE KEYSPACE \"Old\" WITH replication = {'class': 'SimpleStrategy', \
         'replication_factor': '1'} AND durable_writes = true"
    );
}

#[test]
fn a_reversed_subcomparator_orders_column2() {
    let sup = Layout::of(
        &cf("S", "BytesType", Some("ReversedType(TimeUUIDType)")),
        Storage::Compact,
    )
    .unwrap();
    assert!(sup.desc("column2") && !sup.desc("column1"));
    assert!(sup.create_table().ends_with(
        "column2 timeuuid, value blob, PRIMARY KEY (key, column1, column2)) \
         WITH COMPACT STORAGE AND CLUSTERING ORDER BY (column1 ASC, column2 DESC)"
    ));
}

#[test]
fn a_compact_table_made_by_cql3_keeps_its_own_column_names() {
    let mut e = cf("E", "CompositeType(UTF8Type,ReversedType(LongType))", None);
    e.options.key_aliases = vec![b"k".to_vec()];
    e.options.column_aliases = vec![b"day".to_vec(), b"seq".to_vec()];
    e.options.value_alias = Some(b"v".to_vec());
    let l = Layout::of(&e, Storage::Compact).unwrap();
    assert!(l.compound);
    assert_eq!(
        l.create_table(),
        "CREATE TABLE \"Keyspace1\".\"E\" (\"k\" blob, \"day\" text, \"seq\" bigint, \"v\" blob, \
         PRIMARY KEY (\"k\", \"day\", \"seq\")) WITH COMPACT STORAGE \
         AND CLUSTERING ORDER BY (\"day\" ASC, \"seq\" DESC)"
    );
    // One clustering column of a plain comparator: plain names.
    let mut s = cf("S", "Int32Type", None);
    s.options.column_aliases = vec![b"c".to_vec()];
    let l = Layout::of(&s, Storage::Compact).unwrap();
    assert!(!l.compound);
    assert_eq!(
        (l.key_column.as_str(), l.value_column.as_str()),
        ("key", "value")
    );
    // No value column, or no clustering: refused with the reason.
    s.options.value_alias = Some(Vec::new());
    let e = Layout::of(&s, Storage::Compact).unwrap_err();
    assert!(e.to_string().contains("no value column"), "{e}");
}

#[test]
fn columns_declared_by_an_update_are_added_as_static_columns() {
    let dense = cf("People", "UTF8Type", None);
    let mut one = dense.clone();
    declare(&mut one, b"state", "UTF8Type");
    let mut two = one.clone();
    declare(&mut two, b"birth_year", "LongType");
    assert_eq!(
        added_statics(&dense, &one, Storage::NonCompact),
        ["ALTER TABLE \"Keyspace1\".\"People\" ADD \"state\" text static"]
    );
    assert_eq!(
        added_statics(&one, &two, Storage::NonCompact),
        ["ALTER TABLE \"Keyspace1\".\"People\" ADD \"birth_year\" bigint static"]
    );
    // 3.x cannot add columns to a compact table; nothing is dropped.
    assert!(added_statics(&dense, &one, Storage::Compact).is_empty());
    assert!(added_statics(&two, &one, Storage::NonCompact).is_empty());
    // A declared `column1` moves the pair's names: not the same table.
    let mut moved = one.clone();
    declare(&mut moved, b"column1", "Int32Type");
    assert!(added_statics(&one, &moved, Storage::NonCompact).is_empty());
}

#[test]
fn default_cql3_aliases_leave_a_thrift_cf_as_it_was() {
    // supercolumn's CQL3 CREATE INDEX on a Thrift CF wrote `["key"]` before
    // it kept 1.2.9's empty lists; a persisted schema may still hold it.
    let mut people = cf("People", "UTF8Type", None);
    declare(&mut people, b"state", "UTF8Type");
    let plain = Layout::of(&people, Storage::Compact).unwrap();
    let mut aliased = people.clone();
    aliased.options.key_aliases = vec![b"key".to_vec()];
    for storage in [Storage::Compact, Storage::NonCompact] {
        let l = Layout::of(&aliased, storage).unwrap();
        assert_eq!(l.shape, Shape::Static);
        assert_eq!(
            l.create_table(),
            Layout::of(&people, storage).unwrap().create_table()
        );
    }
    assert_eq!(plain.declared.len(), 1);
    // A dense CF with every default name is its dense table too.
    let mut dense = cf("D", "UTF8Type", None);
    dense.options.key_aliases = vec![b"key".to_vec()];
    dense.options.column_aliases = vec![b"column1".to_vec()];
    dense.options.value_alias = Some(b"value".to_vec());
    let l = Layout::of(&dense, Storage::Compact).unwrap();
    assert_eq!(l.shape, Shape::Dense);
    assert!(l
        .create_table()
        .contains("(key blob, column1 text, value blob, "));
    // Any other name is the CQL3 table's own.
    let mut renamed = people;
    renamed.options.key_aliases = vec![b"id".to_vec()];
    let e = Layout::of(&renamed, Storage::Compact).unwrap_err();
    assert!(e.to_string().contains("static compact table"), "{e}");
}

#[test]
fn fnv_is_the_published_fnv_1a() {
    use std::hash::Hasher;
    let hash = |bytes: &[u8]| {
        let mut h = Fnv::default();
        h.write(bytes);
        h.finish()
    };
    assert_eq!(hash(b""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(hash(b"a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(hash(b"foobar"), 0x8594_4171_f739_67e8);
}
