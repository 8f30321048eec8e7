//! Fixtures shared by the schema tests: a config with one keyspace (`Conf`),
//! a schema with a dynamic keyspace `ks` on top, and shorthands for changes.
#![allow(dead_code)]

use supercolumn::config::Config;
use supercolumn::schema::{CfSpec, KeyspaceSpec, Schema, SchemaChange, SchemaChangeError};

pub const CONF: &str = r#"<Storage>
  <Keyspaces>
    <Keyspace Name="Conf">
      <ColumnFamily Name="Std" CompareWith="UTF8Type" RowsCached="1000" KeysCached="0"/>
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

pub fn base() -> Schema {
    let config = Config::from_xml(CONF, "test.xml").unwrap();
    let s = Schema::from_config(&config).unwrap();
    s.apply(SchemaChange::AddKeyspace(KeyspaceSpec {
        cf_defs: vec![CfSpec::new("ks", "A")],
        ..KeyspaceSpec::simple("ks", 1)
    }))
    .unwrap()
}

pub fn err(s: &Schema, change: SchemaChange) -> String {
    match s.apply(change) {
        Err(SchemaChangeError::Invalid(why)) => why,
        other => panic!("expected an IRE, got {other:?}"),
    }
}

pub fn add_cf(spec: CfSpec) -> SchemaChange {
    SchemaChange::AddColumnFamily(spec)
}

pub fn cf(name: &str) -> CfSpec {
    CfSpec::new("ks", name)
}
