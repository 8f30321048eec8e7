//! Tests of building a schema from configs: resolution, ids, the system
//! keyspace, and errors naming the line.

use super::*;
use crate::config::Config;

const REPO_CONF: &str = include_str!("../../storage-conf.xml");
const CONFORMANCE: &[&str] = &[
    include_str!("../config/testdata/storage-conf.xml"),
    include_str!("../config/testdata/storage-conf-random.xml"),
    include_str!("../config/testdata/storage-conf-batch.xml"),
    include_str!("../config/testdata/storage-conf-v19.xml"),
];

/// Keyspace `K` with `A` (LongType) and `B`, order-preserving, GC grace 3600.
fn mini() -> String {
    crate::config::testing::one_keyspace(
        "K",
        &[
            r#"<ColumnFamily Name="A" CompareWith="LongType"/>"#,
            r#"<ColumnFamily Name="B"/>"#,
        ],
        "OrderPreservingPartitioner",
        "<GCGraceSeconds>3600</GCGraceSeconds>",
    )
}

fn schema(xml: &str) -> Schema {
    let config = Config::from_xml(xml, "test.xml").unwrap_or_else(|e| panic!("{e}"));
    Schema::from_config(&config).unwrap_or_else(|e| panic!("{e}"))
}

fn schema_err(xml: &str) -> SchemaError {
    let config = Config::from_xml(xml, "test.xml").unwrap_or_else(|e| panic!("{e}"));
    Schema::from_config(&config).unwrap_err()
}

const M: &str = "org.apache.cassandra.db.marshal.";

#[test]
fn repository_config_resolves() {
    let s = schema(REPO_CONF);
    assert_eq!(s.cluster_name, "Test Cluster");
    assert_eq!(
        s.partitioner.class_name(),
        "org.apache.cassandra.dht.RandomPartitioner"
    );
    let names: Vec<&str> = s.keyspaces.keys().map(String::as_str).collect();
    assert_eq!(names, ["BloggyAppy", "Keyspace1", "system"]);
    let user: Vec<&str> = s.user_keyspaces().map(|k| k.name.as_str()).collect();
    assert_eq!(user, ["BloggyAppy", "Keyspace1"]);

    let super2 = s.cf("Keyspace1", "Super2").unwrap();
    assert!(super2.is_super());
    assert_eq!(super2.comparator.class_name(), format!("{M}UTF8Type"));
    assert_eq!(
        super2.subcomparator.as_ref().unwrap().class_name(),
        format!("{M}UTF8Type")
    );
    assert_eq!(
        (super2.rows_cached.as_str(), super2.keys_cached.as_str()),
        ("10000", "50%")
    );
    assert!(super2
        .comment
        .as_deref()
        .unwrap()
        .starts_with("A column family with supercolumns"));
    assert_eq!(super2.gc_grace_seconds, 864000);
    let standard1 = s.cf("Keyspace1", "Standard1").unwrap();
    assert_eq!(standard1.column_type, ColumnType::Standard);
    assert!(standard1.subcomparator.is_none());
    assert_eq!(standard1.comment, None);
    let comments = s.cf("BloggyAppy", "Comments").unwrap();
    assert_eq!(comments.comparator.class_name(), format!("{M}TimeUUIDType"));
    assert_eq!(
        comments.subcomparator.as_ref().unwrap().class_name(),
        format!("{M}BytesType")
    );
    assert_eq!(s.keyspace("BloggyAppy").unwrap().replication_factor, 1);
}

#[test]
fn conformance_configs_resolve_every_comparator() {
    for xml in CONFORMANCE {
        let s = schema(xml);
        assert_eq!(s.user_keyspaces().count(), 3);
        let ct = s.keyspace("CT").unwrap();
        for cf in ct.cfs.values() {
            let written = if cf.is_super() { "Sup" } else { "Std" };
            assert!(
                cf.name.starts_with(written) || cf.name.starts_with("Range"),
                "{}",
                cf.name
            );
            assert_eq!(cf.subcomparator.is_some(), cf.is_super());
        }
        let lex = s.cf("CT", "SupBytesLexUUID").unwrap();
        assert_eq!(
            lex.subcomparator.as_ref().unwrap().class_name(),
            format!("{M}LexicalUUIDType")
        );
        assert_eq!(
            s.cf("CT", "StdAscii").unwrap().comparator.class_name(),
            format!("{M}AsciiType")
        );
    }
    assert_eq!(
        schema(CONFORMANCE[0]).partitioner.class_name(),
        "org.apache.cassandra.dht.OrderPreservingPartitioner"
    );
    assert_eq!(
        schema(CONFORMANCE[3]).partitioner.class_name(),
        "org.apache.cassandra.dht.Murmur3Partitioner"
    );
}

#[test]
fn system_keyspace_is_0_6s() {
    let s = schema(&mini());
    let system = s.keyspace(SYSTEM_KEYSPACE).unwrap();
    assert!(system.is_system());
    assert!(!s.keyspace("K").unwrap().is_system());
    let names: Vec<&str> = system.cfs.keys().map(String::as_str).collect();
    assert_eq!(names, ["HintsColumnFamily", "LocationInfo"]);
    let loc = s.cf("system", system::LOCATION_INFO_CF).unwrap();
    assert_eq!(
        (loc.id, loc.column_type, loc.comment.as_deref()),
        (
            0,
            ColumnType::Standard,
            Some("persistent metadata for the local node")
        )
    );
    let hints = s.cf("system", system::HINTS_CF).unwrap();
    assert_eq!(
        (hints.id, hints.column_type, hints.comment.as_deref()),
        (1, ColumnType::Super, Some("hinted handoff data"))
    );
    assert_eq!(
        hints.subcomparator.as_ref().unwrap().class_name(),
        format!("{M}BytesType")
    );
    assert_eq!(hints.gc_grace_seconds, 3600);
}

#[test]
fn ids_are_stable_unique_and_in_range() {
    // Pinned: changing the rule would orphan every existing data file.
    assert_eq!(cf_id_for("Keyspace1", "Standard1"), 1821809150);
    assert_eq!(cf_id_for("BloggyAppy", "Comments"), 2147457901);
    assert_ne!(
        cf_id_for("K", "AB"),
        cf_id_for("KA", "B"),
        "the separator keeps names apart"
    );

    let s = schema(REPO_CONF);
    let mut ids: Vec<u32> = s.column_families().map(|cf| cf.id).collect();
    ids.sort_unstable();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n, "ids are unique");
    for cf in s.user_keyspaces().flat_map(|k| k.cfs.values()) {
        assert!(
            cf.id >= FIRST_USER_CF_ID && cf.id <= i32::MAX as u32,
            "{} {}",
            cf.name,
            cf.id
        );
        assert_eq!(cf.id, cf_id_for(&cf.keyspace, &cf.name));
        assert_eq!(s.cf_by_id(cf.id).unwrap().name, cf.name);
    }

    // Reordering and adding column families leaves the others' ids alone.
    let before = schema(&mini());
    let after = schema(&mini().replace(
        "<ColumnFamily Name=\"A\" CompareWith=\"LongType\"/>\n      <ColumnFamily Name=\"B\"/>",
        "<ColumnFamily Name=\"New\"/>\n      <ColumnFamily Name=\"B\"/>\n      <ColumnFamily Name=\"A\" CompareWith=\"LongType\"/>",
    ));
    for name in ["A", "B"] {
        assert_eq!(
            before.cf("K", name).unwrap().id,
            after.cf("K", name).unwrap().id
        );
    }
}

#[test]
fn colliding_ids_are_refused() {
    // Found offline: these two names hash to the same id in keyspace K.
    assert_eq!(cf_id_for("K", "cf11754"), cf_id_for("K", "cf19506"));
    let xml = mini()
        .replace("Name=\"A\" CompareWith=\"LongType\"", "Name=\"cf11754\"")
        .replace("Name=\"B\"", "Name=\"cf19506\"");
    match schema_err(&xml) {
        SchemaError::IdCollision { first, second, id } => {
            assert_eq!(
                (first.as_str(), second.as_str(), id),
                ("K.cf11754", "K.cf19506", 519261906)
            );
        }
        other => panic!("{other}"),
    }
}

#[test]
fn unknown_partitioner_names_the_line() {
    let xml = mini().replace("dht.OrderPreservingPartitioner", "dht.NoSuchPartitioner");
    let line = 1 + xml
        .lines()
        .position(|l| l.contains("<Partitioner>"))
        .unwrap();
    let err = schema_err(&xml);
    let text = err.to_string();
    assert!(
        matches!(err, SchemaError::Partitioner { line: l, .. } if l == line),
        "{text}"
    );
    let expected = format!("test.xml:{line}: <Partitioner>: Invalid partitioner class org.apache.cassandra.dht.NoSuchPartitioner");
    assert!(text.starts_with(&expected), "{text}");
}

#[test]
fn collating_partitioner_is_served() {
    let xml = mini().replace(
        "dht.OrderPreservingPartitioner",
        "dht.CollatingOrderPreservingPartitioner",
    );
    let s = schema(&xml);
    assert_eq!(
        s.partitioner.class_name(),
        "org.apache.cassandra.dht.CollatingOrderPreservingPartitioner"
    );
}

#[test]
fn unknown_comparator_names_the_column_family_and_line() {
    let xml = mini().replace("CompareWith=\"LongType\"", "CompareWith=\"LongerType\"");
    let text = schema_err(&xml).to_string();
    assert!(
        text.starts_with(
            "test.xml:4: ColumnFamily K.A attribute CompareWith: invalid comparator LongerType"
        ),
        "{text}"
    );
    let xml = mini().replace(
        "<ColumnFamily Name=\"B\"/>",
        "<ColumnFamily Name=\"B\" ColumnType=\"Super\"\n        CompareSubcolumnsWith=\"Nope\"/>",
    );
    let text = schema_err(&xml).to_string();
    assert!(text.contains("attribute CompareSubcolumnsWith"), "{text}");
    assert!(text.starts_with("test.xml:5:"), "{text}");
    // Full class names work as well as short ones.
    let s = schema(&mini().replace(
        "CompareWith=\"LongType\"",
        "CompareWith=\"org.apache.cassandra.db.marshal.UTF8Type\"",
    ));
    assert_eq!(
        s.cf("K", "A").unwrap().comparator.class_name(),
        format!("{M}UTF8Type")
    );
}

#[test]
fn dropped_column_family_ids_are_never_given_out_again() {
    let base = schema(&mini());
    let two = base
        .apply(SchemaChange::AddKeyspace(KeyspaceSpec {
            cf_defs: vec![CfSpec::new("D", "X"), CfSpec::new("D", "Y")],
            ..KeyspaceSpec::simple("D", 1)
        }))
        .unwrap();
    let x = two.cf("D", "X").unwrap().id;
    let y = two.cf("D", "Y").unwrap().id;
    let one = two
        .apply(SchemaChange::DropColumnFamily {
            keyspace: "D".into(),
            name: "X".into(),
        })
        .unwrap();
    assert_eq!(one.retired_cf_ids, [x].into());
    let none = one.apply(SchemaChange::DropKeyspace("D".into())).unwrap();
    assert_eq!(none.retired_cf_ids, [x, y].into());
    // An id search that starts on a retired id walks past it.
    let seed = x - FIRST_USER_CF_ID;
    assert_eq!(base.free_id_from(seed, &Default::default()), x);
    assert_ne!(none.free_id_from(seed, &Default::default()), x);
    let again = none
        .apply(SchemaChange::AddKeyspace(KeyspaceSpec {
            cf_defs: vec![CfSpec::new("D", "X")],
            ..KeyspaceSpec::simple("D", 1)
        }))
        .unwrap();
    assert!(![x, y].contains(&again.cf("D", "X").unwrap().id));
}

/// A 0.7 `cassandra.yaml` keyspaces section: the schema resolves the
/// types, the declared columns, their index and the strategy options.
#[test]
fn a_0_7_yaml_keyspaces_section_resolves() {
    let yaml = "partitioner: org.apache.cassandra.dht.Murmur3Partitioner
commitlog_sync: periodic
commitlog_sync_period_in_ms: 10000
keyspaces:
    - name: Keyspace1
      replica_placement_strategy: org.apache.cassandra.locator.SimpleStrategy
      replication_factor: 1
      column_families:
        - name: Indexed1
          default_validation_class: LongType
          gc_grace_seconds: 10
          read_repair_chance: 0.5
          column_metadata:
            - name: birthdate
              validator_class: LongType
              index_type: KEYS
    - name: Other
      replica_placement_strategy: NetworkTopologyStrategy
      strategy_options:
        DC1: 2
        DC2: 1
";
    let config = Config::from_yaml(yaml, "c.yaml").unwrap_or_else(|e| panic!("{e}"));
    let schema = Schema::from_config(&config).unwrap_or_else(|e| panic!("{e}"));
    let cf = schema.cf("Keyspace1", "Indexed1").unwrap();
    assert_eq!(cf.gc_grace_seconds, 10);
    assert_eq!(cf.options.read_repair_chance, 0.5);
    assert_eq!(cf.options.column_metadata.len(), 1);
    assert_eq!(cf.options.column_metadata[0].name, b"birthdate");
    assert_eq!(
        cf.options.column_metadata[0].index_name.as_deref(),
        // 1.2's default name: the column name as the (Bytes) comparator prints it.
        Some("Indexed1_626972746864617465_idx")
    );
    let other = schema.keyspace("Other").unwrap();
    assert_eq!(
        other.strategy_options.get("DC1").map(String::as_str),
        Some("2")
    );
}
