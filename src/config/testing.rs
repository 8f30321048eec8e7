//! `storage-conf.xml` texts for unit tests elsewhere in the crate: one
//! keyspace (RackUnawareStrategy, replication factor 1) with the column
//! families a test names, under the partitioner it asks for, periodic
//! commit-log sync. Test-only; the parser's own tests keep their literal
//! files, since they test the text itself.

/// A config with keyspace `keyspace` holding `column_families` (each a
/// whole `<ColumnFamily .../>` element), partitioner
/// `org.apache.cassandra.dht.<partitioner>`, and `extra` (elements, or
/// nothing) after the keyspaces.
pub fn one_keyspace(
    keyspace: &str,
    column_families: &[&str],
    partitioner: &str,
    extra: &str,
) -> String {
    let cfs: String = column_families
        .iter()
        .map(|cf| format!("      {cf}\n"))
        .collect();
    format!(
        r#"<Storage>
  <Keyspaces>
    <Keyspace Name="{keyspace}">
{cfs}      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>1</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
  </Keyspaces>
  {extra}
  <Partitioner>org.apache.cassandra.dht.{partitioner}</Partitioner>
  <CommitLogSync>periodic</CommitLogSync>
  <CommitLogSyncPeriodInMS>1000</CommitLogSyncPeriodInMS>
</Storage>
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    #[test]
    fn the_text_is_a_valid_config_with_what_was_asked() {
        let xml = one_keyspace(
            "K",
            &[r#"<ColumnFamily Name="A" CompareWith="LongType"/>"#],
            "OrderPreservingPartitioner",
            "<GCGraceSeconds>3600</GCGraceSeconds>",
        );
        let config = Config::from_xml(&xml, "t.xml").unwrap();
        assert!(config.warnings().is_empty(), "{:?}", config.warnings());
        assert_eq!(config.keyspaces.len(), 1);
        assert_eq!(config.keyspaces[0].name, "K");
        assert_eq!(config.keyspaces[0].column_families[0].name, "A");
        assert!(config.partitioner.ends_with(".OrderPreservingPartitioner"));
        assert_eq!(config.gc_grace_seconds, 3600);
    }
}
