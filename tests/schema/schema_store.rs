//! The schema file: round trips, restart merging with the config's
//! keyspaces, conflicts, corruption detection and in-memory mode.

use std::collections::BTreeMap;
use std::fs;
use supercolumn::config::Config;
use supercolumn::schema::{
    CfSpec, ColumnSpec, IndexType, KeyspaceOrigin, KeyspaceSpec, Schema, SchemaChange, SchemaStore,
    StoreError, SCHEMA_FILE,
};

const CONF: &str = r#"<Storage>
  <Keyspaces>
    <Keyspace Name="Conf">
      <ColumnFamily Name="Std"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>1</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
  </Keyspaces>
  <Partitioner>org.apache.cassandra.dht.Murmur3Partitioner</Partitioner>
  <CommitLogSync>periodic</CommitLogSync>
  <CommitLogSyncPeriodInMS>1000</CommitLogSyncPeriodInMS>
  <GCGraceSeconds>3600</GCGraceSeconds>
</Storage>
"#;

fn config_schema(xml: &str) -> Schema {
    Schema::from_config(&Config::from_xml(xml, "test.xml").unwrap()).unwrap()
}

/// A dynamic keyspace exercising every attribute the file must keep.
fn rich(schema: &Schema) -> Schema {
    let spec = CfSpec {
        comparator_type: Some("CompositeType(LongType,UTF8Type)".into()),
        default_validation_class: Some("UTF8Type".into()),
        key_validation_class: Some("LongType".into()),
        comment: Some("ünïcode comment".into()),
        read_repair_chance: Some(0.123456789012345),
        dclocal_read_repair_chance: Some(0.3),
        gc_grace_seconds: Some(77),
        key_alias: Some(vec![b'k']),
        column_aliases: Some(vec![b"c1".to_vec()]),
        value_alias: Some(b"v".to_vec()),
        bloom_filter_fp_chance: Some(0.05),
        caching: Some("ALL".into()),
        compaction_strategy: Some("LeveledCompactionStrategy".into()),
        compaction_strategy_options: Some(
            [("sstable_size_in_mb".to_string(), "10".to_string())].into(),
        ),
        default_time_to_live: Some(60),
        speculative_retry: Some("99.0PERCENTILE".into()),
        column_metadata: Some(vec![ColumnSpec {
            name: vec![0, 8, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, b'x', 0],
            validation_class: Some("LongType".into()),
            index_type: Some(IndexType::Keys),
            index_name: Some("rich_idx".into()),
            index_options: Some(BTreeMap::new()),
            component_index: None,
            is_static: false,
        }]),
        ..CfSpec::new("dyn", "Rich")
    };
    schema
        .apply(SchemaChange::AddKeyspace(KeyspaceSpec {
            durable_writes: Some(false),
            cf_defs: vec![
                spec,
                CfSpec {
                    column_type: Some("Super".into()),
                    ..CfSpec::new("dyn", "Sup")
                },
            ],
            ..KeyspaceSpec::simple("dyn", 2)
        }))
        .unwrap()
}

#[test]
fn save_and_reload_gives_the_same_schema() {
    let dir = tempfile::tempdir().unwrap();
    let store = SchemaStore::open(dir.path());
    let base = config_schema(CONF);
    // No file yet: the config alone.
    let fresh = store.load(base.clone()).unwrap();
    assert_eq!(fresh.version(), base.version());

    let changed = rich(&base);
    store.save(&changed).unwrap();
    assert!(dir.path().join(SCHEMA_FILE).exists());
    assert!(!dir.path().join("system/schema.json.tmp").exists());
    let reloaded = store.load(config_schema(CONF)).unwrap();
    assert_eq!(reloaded.version(), changed.version());
    for (a, b) in changed.column_families().zip(reloaded.column_families()) {
        assert_eq!((a.id, &a.name, a.is_super()), (b.id, &b.name, b.is_super()));
        assert_eq!(a.options, b.options);
        assert_eq!(a.describe_v12(), b.describe_v12());
    }
    let dynamic = reloaded.keyspace("dyn").unwrap();
    assert_eq!(dynamic.origin, KeyspaceOrigin::Dynamic);
    assert!(!dynamic.durable_writes);
    assert_eq!(
        reloaded.keyspace("Conf").unwrap().origin,
        KeyspaceOrigin::Config
    );

    // Dropping everything dynamic leaves the config alone after a restart.
    let dropped = reloaded
        .apply(SchemaChange::DropKeyspace("dyn".into()))
        .unwrap();
    store.save(&dropped).unwrap();
    let again = store.load(config_schema(CONF)).unwrap();
    assert!(again.keyspace("dyn").is_none());
    assert_eq!(again.version(), base.version());
}

#[test]
fn a_schema_file_where_earlier_builds_kept_it_is_moved_under_system() {
    let dir = tempfile::tempdir().unwrap();
    let base = config_schema(CONF);
    let changed = rich(&base);
    SchemaStore::open(dir.path()).save(&changed).unwrap();
    // Earlier builds kept it at <data dir>/schema.json.
    let legacy = dir.path().join("schema.json");
    std::fs::rename(dir.path().join(SCHEMA_FILE), &legacy).unwrap();
    let store = SchemaStore::open(dir.path());
    let loaded = store.load(config_schema(CONF)).unwrap();
    assert_eq!(loaded.version(), changed.version());
    assert!(!legacy.exists());
    assert_eq!(
        store.path(),
        Some(dir.path().join("system/schema.json").as_path())
    );
    assert!(dir.path().join("system/schema.json").is_file());
    // Loading again finds it in its new place.
    let again = SchemaStore::open(dir.path())
        .load(config_schema(CONF))
        .unwrap();
    assert_eq!(again.version(), changed.version());
}

#[test]
fn restart_merges_with_a_changed_config() {
    let dir = tempfile::tempdir().unwrap();
    let store = SchemaStore::open(dir.path());
    store.save(&rich(&config_schema(CONF))).unwrap();
    // A keyspace added to the config since is kept beside the dynamic one.
    let more = CONF.replace(
        "  </Keyspaces>",
        r#"    <Keyspace Name="Later">
      <ColumnFamily Name="X"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>1</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
  </Keyspaces>"#,
    );
    let merged = store.load(config_schema(&more)).unwrap();
    let names: Vec<&str> = merged.keyspaces.keys().map(String::as_str).collect();
    assert_eq!(names, ["Conf", "Later", "dyn", "system"]);
    // The config now declares the dynamic keyspace's name in another
    // case: not added, with a warning naming both.
    let clash = more.replace("Name=\"Later\"", "Name=\"DYN\"");
    let loaded = store.open_schema(config_schema(&clash)).unwrap();
    assert!(loaded.schema.keyspace("DYN").is_none());
    assert!(loaded.schema.keyspace("dyn").is_some());
    assert!(
        loaded
            .notes
            .iter()
            .any(|n| n.message.contains("DYN") && n.message.contains("dyn")),
        "{:?}",
        loaded.notes
    );
}

#[test]
fn corruption_is_a_startup_error_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let store = SchemaStore::open(dir.path());
    store.save(&rich(&config_schema(CONF))).unwrap();
    let path = dir.path().join(SCHEMA_FILE);
    let good = fs::read_to_string(&path).unwrap();
    let expect_corrupt = |text: &str| {
        fs::write(&path, text).unwrap();
        match store.load(config_schema(CONF)) {
            Err(e @ StoreError::Corrupt { .. }) => {
                assert!(e.to_string().contains(&path.display().to_string()), "{e}");
            }
            other => panic!("{other:?}"),
        }
    };
    // A changed value the JSON parser accepts: caught by the checksum.
    expect_corrupt(&good.replace("\"gc_grace_seconds\": 77", "\"gc_grace_seconds\": 78"));
    // Truncated.
    expect_corrupt(&good[..good.len() / 2]);
    // Garbage.
    expect_corrupt("\0\0\0");
    // A type that no longer resolves, with a matching checksum.
    let renamed = good.replace("LongType", "GoneType");
    let v: serde_json::Value = serde_json::from_str(&renamed).unwrap();
    let crc = crc32fast::hash(&serde_json::to_vec(&v["keyspaces"]).unwrap());
    let mut v = v;
    v["crc32"] = crc.into();
    expect_corrupt(&serde_json::to_string(&v).unwrap());
}

#[test]
fn in_memory_store_keeps_nothing() {
    let store = SchemaStore::in_memory();
    assert!(store.path().is_none());
    let changed = rich(&config_schema(CONF));
    store.save(&changed).unwrap();
    assert!(store
        .load(config_schema(CONF))
        .unwrap()
        .keyspace("dyn")
        .is_none());
}

#[test]
fn retired_column_family_ids_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let store = SchemaStore::open(dir.path());
    let changed = rich(&config_schema(CONF));
    let id = changed.cf("dyn", "Sup").unwrap().id;
    let dropped = changed
        .apply(SchemaChange::DropColumnFamily {
            keyspace: "dyn".into(),
            name: "Sup".into(),
        })
        .unwrap();
    store.save(&dropped).unwrap();
    let reloaded = store.load(config_schema(CONF)).unwrap();
    assert!(reloaded.retired_cf_ids.contains(&id));
    assert_eq!(reloaded.version(), dropped.version());

    // The retired ids are under the checksum too.
    let path = dir.path().join(SCHEMA_FILE);
    let text = fs::read_to_string(&path).unwrap();
    let forged = text.replace(&id.to_string(), &(id ^ 1).to_string());
    assert_ne!(forged, text);
    fs::write(&path, forged).unwrap();
    assert!(matches!(
        store.load(config_schema(CONF)),
        Err(StoreError::Corrupt { .. })
    ));
}

#[test]
fn column_family_creation_ids_survive_a_restart_as_the_counter_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let store = SchemaStore::open(dir.path());
    // Conf.Std from the file takes 1000; Rich 1001, Sup 1002, then Rich's index 1003.
    let changed = rich(&config_schema(CONF));
    let ids = |s: &Schema, ks: &str, cf: &str| s.creation_ids.id(ks, cf);
    assert_eq!(ids(&changed, "Conf", "Std"), Some(1000));
    assert_eq!(ids(&changed, "dyn", "Rich"), Some(1001));
    assert_eq!(ids(&changed, "dyn", "Sup"), Some(1002));
    assert_eq!(changed.creation_ids.next(), 1004);
    let later = changed
        .apply(SchemaChange::AddColumnFamily(CfSpec::new("dyn", "Later")))
        .unwrap()
        .apply(SchemaChange::DropColumnFamily {
            keyspace: "dyn".into(),
            name: "Later".into(),
        })
        .unwrap();
    // A dropped column family's id is not given again while the node runs.
    assert_eq!(later.creation_ids.next(), 1005);
    assert_eq!(ids(&later, "dyn", "Later"), None);
    store.save(&later).unwrap();

    let reloaded = store.load(config_schema(CONF)).unwrap();
    assert_eq!(ids(&reloaded, "Conf", "Std"), Some(1000));
    assert_eq!(ids(&reloaded, "dyn", "Rich"), Some(1001));
    assert_eq!(ids(&reloaded, "dyn", "Sup"), Some(1002));
    // After a start: past the highest live id, then one per index opened.
    assert_eq!(reloaded.creation_ids.next(), 1004);
    let next = reloaded
        .apply(SchemaChange::AddColumnFamily(CfSpec::new("dyn", "Next")))
        .unwrap();
    assert_eq!(ids(&next, "dyn", "Next"), Some(1004));

    // The ids are under the checksum too.
    let path = dir.path().join(SCHEMA_FILE);
    let text = fs::read_to_string(&path).unwrap();
    let forged = text.replace("1002", "1009");
    assert_ne!(forged, text);
    fs::write(&path, forged).unwrap();
    assert!(store.load(config_schema(CONF)).is_err());
}
