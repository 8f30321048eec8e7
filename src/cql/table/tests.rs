//! Table model tests: roles, COMPACT STORAGE rules, clustering order,
//! indexes, ALTER TABLE and 1.2.9's HashMap ordering.

use super::*;
use crate::cql::ast::Statement;
use crate::cql::parse;

fn table(cql: &str) -> CqlResult<Table> {
    let Statement::CreateTable(ct) = parse(cql).unwrap().statement else {
        panic!("not CREATE TABLE")
    };
    Table::from_create("ks", &ct)
}

#[test]
fn roles_and_select_star_order() {
    let t = table("CREATE TABLE del_t (k text, c int, v1 text, v2 text, m map<text,text>, PRIMARY KEY (k, c))").unwrap();
    let names: Vec<&str> = t.all_columns().iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["k", "c", "m", "v1", "v2"]);
    assert_eq!(t.role("c"), Some(ColumnRole::Clustering(0)));
    assert_eq!(t.layout, Layout::Sparse);
    let Statement::CreateTable(ct) = crate::cql::parse_with(
        "CREATE TABLE st (k text, c int, a text, s text static, PRIMARY KEY (k, c))",
        crate::cql::Grammar::WithStatics,
    )
    .unwrap()
    .statement
    else {
        panic!("not CREATE TABLE")
    };
    let t = Table::from_create("ks", &ct).unwrap();
    let names: Vec<&str> = t.all_columns().iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        ["k", "c", "s", "a"],
        "static columns before the others"
    );
}

#[test]
fn compact_storage_rules_and_messages() {
    assert_eq!(
        table("CREATE TABLE cs_static (k text PRIMARY KEY, v1 text, v2 int) WITH COMPACT STORAGE")
            .unwrap()
            .layout,
        Layout::CompactStatic
    );
    assert_eq!(
        table("CREATE TABLE cs_novalue (k text, c int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE")
            .unwrap()
            .layout,
        Layout::CompactDense
    );
    assert_eq!(
        table("CREATE TABLE cs_bad (k text, c int, v1 text, v2 text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE").unwrap_err().to_string(),
        "COMPACT STORAGE with composite PRIMARY KEY allows no more than one column not part of the PRIMARY KEY (got: v2, v1)"
    );
    assert_eq!(
        table("CREATE TABLE cs_coll (k text PRIMARY KEY, m map<text,text>) WITH COMPACT STORAGE")
            .unwrap_err()
            .to_string(),
        "Collection types are not supported with COMPACT STORAGE"
    );
}

#[test]
fn clustering_order_and_key_errors() {
    let t = table("CREATE TABLE t (k int, a int, b int, v int, PRIMARY KEY (k, a, b)) WITH CLUSTERING ORDER BY (a DESC, b ASC)").unwrap();
    assert!(t.clustering[0].reversed && !t.clustering[1].reversed);
    assert!(table("CREATE TABLE t (k int, a int, b int, PRIMARY KEY (k, a, b)) WITH CLUSTERING ORDER BY (b DESC, a ASC)").is_err());
    assert!(table("CREATE TABLE t (k int, v int)").is_err());
    assert!(table("CREATE TABLE t (k int PRIMARY KEY, k text)").is_err());
    assert!(table("CREATE TABLE t (k int, PRIMARY KEY (x))").is_err());
    assert!(table("CREATE TABLE t (k list<int> PRIMARY KEY, v int)").is_err());
}

#[test]
fn indexes() {
    let mut t =
        table("CREATE TABLE user (user text, id int, message text, PRIMARY KEY (user, id))")
            .unwrap();
    assert_eq!(
        t.add_index("user", None).unwrap_err().to_string(),
        "Cannot create index on PRIMARY KEY part user"
    );
    assert_eq!(t.add_index("message", None).unwrap(), "user_message_idx");
}

#[test]
fn dropping_an_indexed_column_per_series() {
    use crate::cql::ast::Statement as S;
    let drop = |t: &mut Table, release: (u32, u32, u32)| {
        let parsed = crate::cql::parse_with(
            "ALTER TABLE book DROP year",
            crate::cql::Grammar::WithStatics,
        );
        let S::AlterTable { op, .. } = parsed.unwrap().statement else {
            panic!()
        };
        t.alter_as(&op, release).map_err(|e| e.to_string())
    };
    let mut t =
        table("CREATE TABLE book (a int, isbn text, year int, PRIMARY KEY (a, isbn))").unwrap();
    t.add_index("year", Some("book_year")).unwrap();
    // 3.x: the index must go first, the column named per release.
    assert_eq!(
        drop(&mut t.clone(), (3, 0, 24)).unwrap_err(),
        "Cannot drop column ColumnDefinition{name=year, \
         type=org.apache.cassandra.db.marshal.Int32Type, kind=REGULAR, position=-1} \
         because it has dependent secondary indexes (book_year)"
    );
    assert_eq!(
        drop(&mut t.clone(), (3, 11, 10)).unwrap_err(),
        "Cannot drop column year because it has dependent secondary indexes (book_year)"
    );
    // Before 3.0 the column went with its index.
    drop(&mut t.clone(), (2, 2, 19)).unwrap();
    // Unindexed, 3.x drops it.
    t.regular.iter_mut().for_each(|r| r.indexes.clear());
    drop(&mut t, (3, 11, 10)).unwrap();
    assert!(t.regular.is_empty());
}

#[test]
fn java_hashmap_order_matches_recorded_1_2_9() {
    // golden.coll declares l, s, m; 1.2.9 printed s, l, m.
    assert_eq!(java_hashmap_order(&[b"l", b"s", b"m"]), vec![1, 0, 2]);
    assert_eq!(java_hashmap_order(&[b"v1", b"v2"]), vec![1, 0]);
}

#[test]
fn alter_table() {
    use crate::cql::ast::Statement as S;
    let mut t = table("CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c))").unwrap();
    let alter = |t: &mut Table, cql: &str| {
        let parsed = crate::cql::parse_with(cql, crate::cql::Grammar::WithStatics);
        let S::AlterTable { op, .. } = parsed.unwrap().statement else {
            panic!()
        };
        t.alter(&op)
    };
    alter(&mut t, "ALTER TABLE t ADD a list<int>").unwrap();
    assert_eq!(
        t.regular
            .iter()
            .map(|r| r.column.name.as_str())
            .collect::<Vec<_>>(),
        ["a", "v"]
    );
    assert_eq!(
        alter(&mut t, "ALTER TABLE t ADD c int")
            .unwrap_err()
            .to_string(),
        "Invalid column name c because it conflicts with a PRIMARY KEY part"
    );
    assert_eq!(
        alter(&mut t, "ALTER TABLE t ADD n counter")
            .unwrap_err()
            .to_string(),
        "Cannot add a counter column (n) in a non counter column family"
    );
    alter(&mut t, "ALTER TABLE t ALTER v TYPE blob").unwrap();
    assert!(alter(&mut t, "ALTER TABLE t ALTER v TYPE int").is_err());
    alter(&mut t, "ALTER TABLE t RENAME c TO c2").unwrap();
    assert_eq!(t.schema().column_aliases, r#"["c2"]"#);
    assert_eq!(
        alter(&mut t, "ALTER TABLE t RENAME v TO w")
            .unwrap_err()
            .to_string(),
        "Cannot rename non PRIMARY KEY part v"
    );
    assert_eq!(
        alter(&mut t, "ALTER TABLE t DROP k")
            .unwrap_err()
            .to_string(),
        "Cannot drop PRIMARY KEY part k"
    );
    alter(&mut t, "ALTER TABLE t DROP a").unwrap();
    assert_eq!(t.regular.len(), 1);
}

#[test]
fn alter_table_as_each_series() {
    use crate::cql::ast::Statement as S;
    // (1, 2) is 1.2.9, the others each series' first release.
    let alter = |t: &mut Table, cql: &str, series: (u32, u32)| {
        let parsed = crate::cql::parse_with(cql, crate::cql::Grammar::WithStatics);
        let S::AlterTable { op, .. } = parsed.unwrap().statement else {
            panic!()
        };
        let patch = if series == (1, 2) { 9 } else { 0 };
        t.alter_as(&op, (series.0, series.1, patch))
            .map_err(|e| e.to_string())
    };
    // A static compact table is a CQL 3 one to ADD (and to 1.2's DROP).
    let stat = table("CREATE TABLE sc (k text PRIMARY KEY, v int) WITH COMPACT STORAGE").unwrap();
    for series in [(1, 2), (2, 0)] {
        alter(&mut stat.clone(), "ALTER TABLE sc ADD w text", series).unwrap();
        assert_eq!(
            alter(&mut stat.clone(), "ALTER TABLE sc ADD l list<int>", series).unwrap_err(),
            "Cannot use collection types with non-composite PRIMARY KEY"
        );
    }
    assert_eq!(
        alter(&mut stat.clone(), "ALTER TABLE sc ADD l list<int>", (2, 1)).unwrap_err(),
        "Cannot use non-frozen collections with a non-composite PRIMARY KEY"
    );
    alter(&mut stat.clone(), "ALTER TABLE sc DROP v", (1, 2)).unwrap();
    assert_eq!(
        alter(&mut stat.clone(), "ALTER TABLE sc DROP v", (2, 0)).unwrap_err(),
        "Cannot drop columns from a COMPACT STORAGE table"
    );
    assert_eq!(
        alter(&mut stat.clone(), "ALTER TABLE sc DROP v", (2, 1)).unwrap_err(),
        "Cannot drop columns from a non-CQL3 table"
    );
    let dense =
        table("CREATE TABLE dc (k text, c int, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE")
            .unwrap();
    assert_eq!(
        alter(&mut dense.clone(), "ALTER TABLE dc ADD w text", (1, 2)).unwrap_err(),
        "Cannot add new column to a compact CF"
    );
    assert_eq!(
        alter(&mut dense.clone(), "ALTER TABLE dc ADD w text", (2, 0)).unwrap_err(),
        "Cannot add new column to a COMPACT STORAGE table"
    );
    assert_eq!(
        alter(
            &mut dense.clone(),
            "ALTER TABLE dc ALTER c TYPE varint",
            (2, 1)
        )
        .unwrap_err(),
        "Cannot alter clustering column c in a non-CQL3 table"
    );
    // From 2.0 a new type need only read the old values; a clustering
    // column's must sort them too.
    let sp = table("CREATE TABLE sp (k text, c int, n int, PRIMARY KEY (k, c))").unwrap();
    assert_eq!(
        alter(
            &mut sp.clone(),
            "ALTER TABLE sp ALTER n TYPE varint",
            (1, 2)
        )
        .unwrap_err(),
        "Cannot change n from type int to type varint: types are incompatible."
    );
    let mut t = sp.clone();
    alter(&mut t, "ALTER TABLE sp ALTER n TYPE varint", (2, 0)).unwrap();
    assert_eq!(t.column("n").unwrap().ty.cql_name(), "varint");
    // 3.x changed no column's type, found or not, once the type was read.
    for cql in [
        "ALTER TABLE sp ALTER n TYPE varint",
        "ALTER TABLE sp ALTER nosuch TYPE blob",
    ] {
        assert_eq!(
            alter(&mut sp.clone(), cql, (3, 0)).unwrap_err(),
            "Altering of types is not allowed"
        );
    }
    assert_eq!(
        alter(
            &mut sp.clone(),
            "ALTER TABLE sp ALTER c TYPE varint",
            (2, 0)
        )
        .unwrap_err(),
        "Cannot change c from type int to type varint: types are not order-compatible."
    );
    // 1.2 before 1.2.12 had no check of its own: the new comparator's
    // refused the change.
    assert_eq!(
        alter(
            &mut sp.clone(),
            "ALTER TABLE sp ALTER c TYPE varint",
            (1, 2)
        )
        .unwrap_err(),
        "comparators do not match or are not compatible."
    );
    let parsed = crate::cql::parse_with(
        "ALTER TABLE sp ALTER c TYPE varint",
        crate::cql::Grammar::WithStatics,
    );
    let S::AlterTable { op, .. } = parsed.unwrap().statement else {
        panic!()
    };
    assert_eq!(
        sp.clone()
            .alter_as(&op, (1, 2, 19))
            .unwrap_err()
            .to_string(),
        "Cannot change c from type int to type varint: types are not order-compatible."
    );
}

#[test]
fn collection_indexes_by_release() {
    use crate::cql::ast::IndexTarget;
    let mut t = table("CREATE TABLE ci (k int PRIMARY KEY, l list<text>, m map<text, int>, v int)")
        .unwrap();
    let of = |target| IndexRules {
        static_allowed: false,
        collections: true,
        target,
        key_parts: false,
        several_per_column: false,
        frozen: Default::default(),
    };
    // 2.0: refused.
    assert_eq!(
        t.clone().add_index("l", None).unwrap_err().to_string(),
        "Indexes on collections are no yet supported"
    );
    assert_eq!(
        t.add_index_with("l", None, of(IndexTarget::Keys))
            .unwrap_err()
            .to_string(),
        "Cannot create index on keys of column l with non-map type"
    );
    assert_eq!(
        t.add_index_with("l", None, of(IndexTarget::Full))
            .unwrap_err()
            .to_string(),
        "full() indexes can only be created on frozen collections"
    );
    assert_eq!(
        t.add_index_with("l", None, of(IndexTarget::Values))
            .unwrap(),
        "ci_l_idx"
    );
    assert_eq!(
        t.add_index_with("m", None, of(IndexTarget::Keys)).unwrap(),
        "ci_m_idx"
    );
    assert_eq!(
        t.clone()
            .add_index_with("m", None, of(IndexTarget::Values))
            .unwrap_err()
            .to_string(),
        "Cannot create index on m values, an index on m keys already exists and indexing a \
         map on both keys and values at the same time is not currently supported"
    );
    assert_eq!(
        t.clone()
            .add_index_with("m", None, of(IndexTarget::Keys))
            .unwrap_err()
            .to_string(),
        "Index already exists"
    );
    // The index options 2.1 recorded, read back.
    let s = t.schema();
    let options: Vec<Option<&str>> = s
        .columns
        .iter()
        .map(|c| c.index_options.as_deref())
        .collect();
    assert_eq!(
        options,
        [
            Some("{\"index_values\":\"\"}"),
            Some("{\"index_keys\":\"\"}"),
            None
        ]
    );
    let back = Table::from_schema("ks", "ci", &s).unwrap();
    assert!(back
        .regular
        .iter()
        .any(|r| r.column.name == "m" && r.indexed_on(IndexTarget::Keys)));
    assert!(back
        .regular
        .iter()
        .any(|r| r.column.name == "l" && r.indexed_on(IndexTarget::Values)));
}

#[test]
fn three_oh_indexes_a_column_once_per_target() {
    // Recorded (rel_index_targets): 3.0.24 and 3.11.10 index a map's keys,
    // values and entries side by side; the same target twice is refused.
    use crate::cql::ast::IndexTarget;
    let mut t = table("CREATE TABLE ci (k int PRIMARY KEY, l list<text>, m map<text, int>, v int)")
        .unwrap();
    let of = |target| IndexRules {
        static_allowed: false,
        collections: true,
        target,
        key_parts: true,
        several_per_column: true,
        frozen: Default::default(),
    };
    for (name, target) in [
        ("mk", IndexTarget::Keys),
        ("mv", IndexTarget::Values),
        ("me", IndexTarget::Entries),
    ] {
        assert_eq!(t.add_index_with("m", Some(name), of(target)).unwrap(), name);
    }
    assert_eq!(
        t.clone()
            .add_index_with("m", Some("again"), of(IndexTarget::Values))
            .unwrap_err()
            .to_string(),
        "Index already exists"
    );
    assert_eq!(
        t.clone()
            .add_index_with("l", None, of(IndexTarget::Entries))
            .unwrap_err()
            .to_string(),
        "Cannot create index on entries of column l with non-map type"
    );
    assert_eq!(
        t.add_index_with("v", None, of(IndexTarget::Values))
            .unwrap(),
        "ci_v_idx"
    );
    assert_eq!(
        t.clone()
            .add_index_with("v", Some("v2"), of(IndexTarget::Values))
            .unwrap_err()
            .to_string(),
        "Index already exists"
    );
    // A column's only index is its declared column's; a column indexed
    // more than once has its indexes stored beside the key columns' ones
    // (3.0's Thrift `ColumnDef` showed none of them); all read back with
    // their target.
    let s = t.schema();
    let first: Vec<Option<&str>> = s.columns.iter().map(|c| c.index_name.as_deref()).collect();
    assert_eq!(first, [None, None, Some("ci_v_idx")]);
    let others: Vec<(&str, Option<&str>)> = s
        .key_indexes
        .iter()
        .map(|c| (c.index_name.as_deref().unwrap(), c.index_options.as_deref()))
        .collect();
    assert_eq!(
        others,
        [
            ("mk", Some("{\"index_keys\":\"\"}")),
            ("mv", Some("{\"index_values\":\"\"}")),
            ("me", Some("{\"index_keys_and_values\":\"\"}"))
        ]
    );
    let mut back = Table::from_schema("ks", "ci", &s).unwrap();
    assert_eq!(back, t);
    // Dropping the first leaves the others, the next one first.
    assert!(back.drop_index("mk"));
    let m = back.regular.iter().find(|r| r.column.name == "m").unwrap();
    assert_eq!(m.index().map(|i| i.name.as_str()), Some("mv"));
    assert!(!m.indexed_on(IndexTarget::Keys) && m.indexed_on(IndexTarget::Entries));
    assert_eq!(back.index_names().count(), 3);
}

#[test]
fn counters_mixed_with_other_columns_as_each_release_named_them() {
    // Recorded (rel_countermix): 1.2.9 and 2.0.17, 2.1.22 and 2.2.19, 3.x.
    let refusal = |cql: &str, mix: CounterMix| {
        let Statement::CreateTable(ct) = parse(cql).unwrap().statement else {
            panic!("not CREATE TABLE")
        };
        Table::from_create_as("ks", &ct, mix)
            .unwrap_err()
            .to_string()
    };
    let m3 =
        "CREATE TABLE m3 (k text PRIMARY KEY, total counter, hits counter, name text, zz text)";
    assert_eq!(
        refusal(m3, CounterMix::HashFirst),
        "Cannot add a counter column (hits) in a non counter column family"
    );
    assert_eq!(
        refusal(m3, CounterMix::NameFirst),
        "Cannot add a non counter column (name) in a counter column family"
    );
    assert_eq!(
        refusal(m3, CounterMix::Refused),
        "Cannot mix counter and non counter columns in the same table"
    );
    let m4 = "CREATE TABLE m4 (k text, c int, v text, n counter, PRIMARY KEY (k, c))";
    assert_eq!(
        refusal(m4, CounterMix::HashFirst),
        "Cannot add a counter column (n) in a non counter column family"
    );
    assert_eq!(
        refusal(m4, CounterMix::NameFirst),
        "Cannot add a non counter column (v) in a counter column family"
    );
}

#[test]
fn key_columns_are_indexed_from_2_0_and_kept_in_the_schema() {
    let mut t = table(
        "CREATE TABLE p (blog text, year int, id int, author text, \
         PRIMARY KEY ((blog, year), id))",
    )
    .unwrap();
    let v20 = IndexRules {
        key_parts: true,
        ..IndexRules::default()
    };
    // 1.2: a PRIMARY KEY part.
    assert_eq!(
        t.clone().add_index("id", None).unwrap_err().to_string(),
        "Cannot create index on PRIMARY KEY part id"
    );
    assert_eq!(
        t.add_index_with("id", Some("p_id_idx"), v20).unwrap(),
        "p_id_idx"
    );
    assert_eq!(
        t.add_index_with("year", Some("p_year"), v20).unwrap(),
        "p_year"
    );
    assert_eq!(
        t.clone()
            .add_index_with("id", Some("again"), v20)
            .unwrap_err()
            .to_string(),
        "Index already exists"
    );
    assert!(t.is_indexed("id") && t.is_indexed("year") && !t.is_indexed("blog"));
    // The schema rows carry them back.
    let back = Table::from_schema("ks", "p", &t.schema()).unwrap();
    assert_eq!(back.key_indexes, t.key_indexes);
    let rows = t.schema_columns_2_0();
    let id = rows.iter().find(|(c, _)| c.name == "id").unwrap();
    assert_eq!(id.0.index_name.as_deref(), Some("p_id_idx"));
    assert_eq!(id.1, "clustering_key");
    // An indexed column is not renamed; a dropped index frees it.
    let rename = crate::cql::ast::AlterTableOp::Rename(vec![("id".into(), "ident".into())]);
    assert_eq!(
        t.clone()
            .alter_as(&rename, (2, 0, 17))
            .unwrap_err()
            .to_string(),
        "Cannot rename column id because it is secondary indexed"
    );
    assert!(t.drop_index("p_id_idx") && !t.drop_index("p_id_idx"));
    t.alter_as(&rename, (2, 0, 17)).unwrap();
}

#[test]
fn a_sole_partition_key_or_a_compact_key_column_stays_refused() {
    let v20 = IndexRules {
        key_parts: true,
        ..IndexRules::default()
    };
    let mut sole = table("CREATE TABLE s (k int PRIMARY KEY, v int)").unwrap();
    assert!(sole.add_index_with("k", None, v20).is_err());
    let mut compact =
        table("CREATE TABLE c (k int, c int, v int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE")
            .unwrap();
    assert!(compact.add_index_with("c", None, v20).is_err());
}

#[test]
fn a_frozen_collection_is_indexed_whole_only_in_2_1_and_2_2_words() {
    // 2.1.22 and 2.2.19 (rel_frozenindex, ordinary19zzd's zzd_addresses).
    use crate::cql::ast::IndexTarget;
    use crate::cql::{parse_with, Grammar};
    let create =
        "CREATE TABLE f (k int PRIMARY KEY, fs frozen<set<text>>, fm frozen<map<text, int>>)";
    let Statement::CreateTable(ct) = parse_with(create, Grammar::Cql32).unwrap().statement else {
        panic!()
    };
    let t = Table::from_create("ks", &ct).unwrap();
    let refused = |column: &str, target, frozen| {
        let rules = IndexRules {
            collections: true,
            target,
            key_parts: true,
            frozen,
            ..IndexRules::default()
        };
        t.clone()
            .add_index_with(column, None, rules)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        refused("fs", IndexTarget::Values, FrozenIndex::V21),
        "Frozen collections currently only support full-collection indexes. For example, \
         'CREATE INDEX ON <table>(full(<columnName>))'."
    );
    assert_eq!(
        refused("fm", IndexTarget::Keys, FrozenIndex::V21),
        "Cannot create index on keys of frozen<map> column fm"
    );
    assert_eq!(
        refused("fs", IndexTarget::Keys, FrozenIndex::V21),
        "Cannot create index on keys of column fs with non-map type"
    );
    assert_eq!(
        refused("fs", IndexTarget::Values, FrozenIndex::V22),
        "Cannot create index on values of frozen<map> column fs"
    );
    assert_eq!(
        refused("fm", IndexTarget::Entries, FrozenIndex::V22),
        "Cannot create index on entries of frozen<map> column fm"
    );
}
