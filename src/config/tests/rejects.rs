//! Bad configurations: each must be refused with a message naming the
//! element (or attribute) and the line, in 0.6's words where 0.6 had some.

use super::*;

#[test]
fn malformed_xml_names_the_line() {
    let xml = replace(
        "<ReplicationFactor>1</ReplicationFactor>",
        "<ReplicationFactor>1</ReplicationFactr>",
    );
    let err = Config::from_xml(&xml, "test.xml").unwrap_err();
    assert!(matches!(err, ConfigError::Xml { .. }));
    assert_eq!(err.line(), Some(line_of(&xml, "ReplicationFactr")), "{err}");
    let err = Config::from_xml("<Storage>\n<Keyspaces>\n", "x").unwrap_err();
    assert!(err.to_string().contains("malformed XML"), "{err}");
}

#[test]
fn required_top_level_settings() {
    let x = replace(
        "  <Partitioner>org.apache.cassandra.dht.RandomPartitioner</Partitioner>\n",
        "",
    );
    rejects(
        &x,
        "<Storage>",
        "<Storage>",
        "Missing partitioner directive /Storage/Partitioner",
    );
    let x = replace(
        "<Partitioner>org.apache.cassandra.dht.RandomPartitioner</Partitioner>",
        "<Partitioner> </Partitioner>",
    );
    rejects(
        &x,
        "<Storage>",
        "<Storage>",
        "Missing partitioner directive",
    );
    let x = replace("  <CommitLogSync>periodic</CommitLogSync>\n", "");
    rejects(
        &x,
        "<Storage>",
        "<Storage>",
        "Missing required directive CommitLogSync",
    );
    rejects(
        "<Config/>",
        "<Config/>",
        "<Config>",
        "root element must be <Storage>",
    );
}

#[test]
fn commit_log_sync_rules() {
    rejects(
        &replace(">periodic<", ">sometimes<"),
        "<CommitLogSync>",
        "<CommitLogSync>",
        "CommitLogSync must be either 'periodic' or 'batch'",
    );
    rejects(
        &add("  <CommitLogSyncBatchWindowInMS>1</CommitLogSyncBatchWindowInMS>"),
        "<CommitLogSyncBatchWindowInMS>",
        "<CommitLogSyncBatchWindowInMS>",
        "Periodic sync specified, but CommitLogSyncBatchWindowInMS found.",
    );
    rejects(
        &replace(">periodic<", ">batch<"),
        "CommitLogSyncPeriodInMS",
        "<CommitLogSyncPeriodInMS>",
        "Batch sync specified, but CommitLogSyncPeriodInMS found.",
    );
    let batch_only = replace(">periodic<", ">batch<").replace(
        "  <CommitLogSyncPeriodInMS>1000</CommitLogSyncPeriodInMS>\n",
        "",
    );
    rejects(
        &batch_only,
        "<CommitLogSync>",
        "<CommitLogSync>",
        "Unrecognized value for CommitLogSyncBatchWindowInMS.  Double expected.",
    );
    let bad_window = batch_only.replace(
        "</Storage>",
        "<CommitLogSyncBatchWindowInMS>soon</CommitLogSyncBatchWindowInMS>\n</Storage>",
    );
    rejects(
        &bad_window,
        "soon",
        "<CommitLogSyncBatchWindowInMS>",
        "Double expected",
    );
    let ok = batch_only.replace(
        "</Storage>",
        "<CommitLogSyncBatchWindowInMS>0.5</CommitLogSyncBatchWindowInMS>\n</Storage>",
    );
    assert_eq!(
        parse(&ok).commit_log_sync,
        CommitLogSync::Batch { window_in_ms: 0.5 }
    );
    rejects(
        &replace(">1000<", ">ten<"),
        "ten",
        "<CommitLogSyncPeriodInMS>",
        "Integer expected",
    );
    rejects(
        &replace(">1000<", ">0<"),
        "CommitLogSyncPeriodInMS",
        "<CommitLogSyncPeriodInMS>",
        "Integer expected",
    );
    let no_period = replace(
        "  <CommitLogSyncPeriodInMS>1000</CommitLogSyncPeriodInMS>\n",
        "",
    );
    rejects(
        &no_period,
        "<CommitLogSync>",
        "<CommitLogSync>",
        "Unrecognized value for CommitLogSyncPeriodInMS",
    );
}

#[test]
fn numeric_and_boolean_settings() {
    let cases: &[(&str, &str, &str)] = &[
        (
            "<MemtableOperationsInMillions>0</MemtableOperationsInMillions>",
            "<MemtableOperationsInMillions>",
            "Memtable object count must be a positive double",
        ),
        (
            "<MemtableOperationsInMillions>x</MemtableOperationsInMillions>",
            "<MemtableOperationsInMillions>",
            "expected a number",
        ),
        (
            "<ConcurrentReads>1</ConcurrentReads>",
            "<ConcurrentReads>",
            "ConcurrentReads must be at least 2",
        ),
        (
            "<ConcurrentWrites>0</ConcurrentWrites>",
            "<ConcurrentWrites>",
            "ConcurrentWrites must be at least 2",
        ),
        (
            "<PhiConvictThreshold>20</PhiConvictThreshold>",
            "<PhiConvictThreshold>",
            "PhiConvictThreshold must be between 5 and 16",
        ),
        (
            "<IndexInterval>0</IndexInterval>",
            "<IndexInterval>",
            "Index Interval must be a positive, non-zero integer.",
        ),
        (
            "<RowWarningThresholdInMB>0</RowWarningThresholdInMB>",
            "<RowWarningThresholdInMB>",
            "Row warning threshold must be a positive integer",
        ),
        (
            "<ThriftFramedTransport>yes</ThriftFramedTransport>",
            "<ThriftFramedTransport>",
            "Unrecognized value for ThriftFramedTransport.  Use 'true' or 'false'.",
        ),
        (
            "<AutoBootstrap>maybe</AutoBootstrap>",
            "<AutoBootstrap>",
            "Unrecognized value for AutoBootstrap",
        ),
        (
            "<HintedHandoffEnabled>1</HintedHandoffEnabled>",
            "<HintedHandoffEnabled>",
            "Unrecognized value for HintedHandoff.",
        ),
        (
            "<SnapshotBeforeCompaction>no</SnapshotBeforeCompaction>",
            "<SnapshotBeforeCompaction>",
            "Unrecognized value for SnapshotBeforeCompaction",
        ),
        (
            "<DiskAccessMode>fast</DiskAccessMode>",
            "<DiskAccessMode>",
            "DiskAccessMode must be either 'auto', 'mmap', 'mmap_index_only', or 'standard'",
        ),
        (
            "<ThriftPort>70000</ThriftPort>",
            "<ThriftPort>",
            "out of range",
        ),
        (
            "<ThriftPort>nine</ThriftPort>",
            "<ThriftPort>",
            "expected an integer, found 'nine'",
        ),
        (
            "<StoragePort>-1</StoragePort>",
            "<StoragePort>",
            "out of range",
        ),
        (
            "<ThriftMaxConnections>0</ThriftMaxConnections>",
            "<ThriftMaxConnections>",
            "must be a positive integer",
        ),
        (
            "<ThriftIdleTimeoutInSeconds>-1</ThriftIdleTimeoutInSeconds>",
            "<ThriftIdleTimeoutInSeconds>",
            "must be a number of seconds",
        ),
        (
            "<ThriftWriteTimeoutInSeconds>soon</ThriftWriteTimeoutInSeconds>",
            "<ThriftWriteTimeoutInSeconds>",
            "expected an integer",
        ),
        (
            "<ThriftMemoryBudgetInMB>0</ThriftMemoryBudgetInMB>",
            "<ThriftMemoryBudgetInMB>",
            "between 1 and 4000000",
        ),
        (
            "<SlowRequestThresholdInMS>-1</SlowRequestThresholdInMS>",
            "<SlowRequestThresholdInMS>",
            "number of milliseconds",
        ),
        (
            "<ThriftMaxMessageLengthInMB>0</ThriftMaxMessageLengthInMB>",
            "<ThriftMaxMessageLengthInMB>",
            "between 1 and 2047",
        ),
        (
            "<GCGraceSeconds>-1</GCGraceSeconds>",
            "<GCGraceSeconds>",
            "may not be negative",
        ),
        (
            "<GCGraceSeconds>99999999999</GCGraceSeconds>",
            "<GCGraceSeconds>",
            "out of range",
        ),
        (
            "<MemtableThroughputInMB>0</MemtableThroughputInMB>",
            "<MemtableThroughputInMB>",
            "positive",
        ),
        (
            "<FlushDataBufferSizeInMB>-2</FlushDataBufferSizeInMB>",
            "<FlushDataBufferSizeInMB>",
            "positive",
        ),
        (
            "<ListenAddress>0.0.0.0</ListenAddress>",
            "<ListenAddress>",
            "ListenAddress must be a single interface.",
        ),
        (
            "<ClusterName><Name>x</Name></ClusterName>",
            "<ClusterName>",
            "holds a value, not a <Name> element",
        ),
    ];
    for (element, at, message) in cases {
        let xml = add(&format!("  {element}"));
        rejects(&xml, element, at, message);
    }
    let c = parse(&add(
        "  <ThriftFramedTransport>TRUE</ThriftFramedTransport>\n  <ThriftPort> 0 </ThriftPort>",
    ));
    assert!(c.thrift_framed_transport);
    assert_eq!(c.thrift_port, 0, "port 0 (any free port) is allowed");
}

#[test]
fn duplicates_are_refused() {
    let xml = add("  <ThriftPort>1</ThriftPort>\n  <ThriftPort>2</ThriftPort>");
    rejects(
        &xml,
        "<ThriftPort>2",
        "<ThriftPort>",
        "appears more than once",
    );
    let ks = "<Keyspace Name=\"K\">\n      <ColumnFamily Name=\"S\"/>\n      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>\n      <ReplicationFactor>1</ReplicationFactor>\n      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>\n    </Keyspace>";
    let xml = replace(
        "  </Keyspaces>",
        &format!(
            "    {}\n  </Keyspaces>",
            ks.replace("Name=\"K\"", "Name=\"K\" Dup=\"1\"")
        ),
    );
    rejects(
        &xml,
        "Dup=",
        "<Keyspace Name=\"K\">",
        "keyspace K is defined twice (first on line 3)",
    );
    let xml = cf("<ColumnFamily Name=\"S\"/>\n      <ColumnFamily Name=\"S\" Comment=\"again\"/>");
    rejects(
        &xml,
        "again",
        "<ColumnFamily Name=\"S\">",
        "ColumnFamily S is defined twice in keyspace K",
    );
    let xml = replace(
        "<ReplicationFactor>1</ReplicationFactor>",
        "<ReplicationFactor>1</ReplicationFactor><ReplicationFactor>2</ReplicationFactor>",
    );
    rejects(
        &xml,
        "<ReplicationFactor>",
        "<ReplicationFactor>",
        "appears more than once in keyspace K",
    );
}

#[test]
fn keyspace_rules() {
    rejects(
        &replace("Keyspace Name=\"K\"", "Keyspace Name=\"system\""),
        "Name=\"system\"",
        "<Keyspace Name=\"system\">",
        "'system' is a reserved table name for Cassandra internals",
    );
    rejects(
        &replace("Keyspace Name=\"K\"", "Keyspace Name=\"System\""),
        "Name=\"System\"",
        "<Keyspace",
        "'system' is a reserved table name",
    );
    rejects(
        &replace("Keyspace Name=\"K\"", "Keyspace"),
        "<Keyspace>",
        "<Keyspace>",
        "Table name attribute is required",
    );
    rejects(
        &replace("Keyspace Name=\"K\"", "Keyspace Name=\"../up\""),
        "../up",
        "<Keyspace Name=\"../up\">",
        "cannot be used as a file name",
    );
    rejects(
        &replace("Keyspace Name=\"K\"", "Keyspace Name=\"\""),
        "Keyspace Name",
        "<Keyspace",
        "keyspace name may not be empty",
    );
    let no_rps = replace("      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>\n", "");
    rejects(
        &no_rps,
        "<Keyspace Name=\"K\">",
        "<Keyspace Name=\"K\">",
        "Missing replicaplacementstrategy directive for K",
    );
    let no_rf = replace("      <ReplicationFactor>1</ReplicationFactor>\n", "");
    rejects(
        &no_rf,
        "<Keyspace Name=\"K\">",
        "<Keyspace Name=\"K\">",
        "Missing replicationfactor directory for keyspace K",
    );
    let no_snitch = replace(
        "      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>\n",
        "",
    );
    rejects(
        &no_snitch,
        "<Keyspace Name=\"K\">",
        "<Keyspace Name=\"K\">",
        "Missing endpointsnitch directive for keyspace K",
    );
    rejects(
        &replace("<ReplicationFactor>1<", "<ReplicationFactor>one<"),
        "ReplicationFactor",
        "<ReplicationFactor>",
        "expected an integer, found 'one'",
    );
    rejects(
        &replace("<ReplicationFactor>1<", "<ReplicationFactor>0<"),
        "ReplicationFactor",
        "<ReplicationFactor>",
        "ReplicationFactor must be at least 1",
    );
}

#[test]
fn column_family_rules() {
    let cases: &[(&str, &str, &str, &str)] = &[
        ("<ColumnFamily Name=\"Bad-Name\"/>", "Bad-Name", "<ColumnFamily Name=\"Bad-Name\">", "ColumnFamily names cannot contain hyphens"),
        ("<ColumnFamily CompareWith=\"UTF8Type\"/>", "CompareWith", "<ColumnFamily>", "ColumnFamily name attribute is required"),
        ("<ColumnFamily Name=\"S\"\n   ColumnType=\"Wide\"/>", "Wide", "attribute ColumnType", "ColumnFamily S has invalid type Wide"),
        ("<ColumnFamily Name=\"S\" ColumnType=\"super\"/>", "super", "attribute ColumnType", "ColumnFamily S has invalid type super"),
        ("<ColumnFamily Name=\"S\"\n   CompareSubcolumnsWith=\"UTF8Type\"/>", "CompareSubcolumnsWith", "attribute CompareSubcolumnsWith", "CompareSubcolumnsWith is only a valid attribute on super columnfamilies (not regular columnfamily S)"),
        ("<ColumnFamily Name=\"S\"\n   ColumnSort=\"Time\"/>", "ColumnSort", "attribute ColumnSort", "ColumnSort is no longer an accepted attribute.  Use CompareWith instead."),
        ("<ColumnFamily Name=\"S\"\n   KeysCached=\"lots\"/>", "lots", "attribute KeysCached", "found 'lots'"),
        ("<ColumnFamily Name=\"S\"\n   RowsCached=\"-1\"/>", "RowsCached", "attribute RowsCached", "may not be negative"),
        ("<ColumnFamily Name=\"S\"\n   KeysCachedFraction=\"x\"/>", "KeysCachedFraction", "attribute KeysCachedFraction", "found 'x'"),
        ("<ColumnFamily Name=\"S\"\n   CompareWith=\" \"/>", "CompareWith", "attribute CompareWith", "CompareWith may not be empty"),
        ("<ColumnFamily Name=\"S\"\n   RowCacheSavePeriodInSeconds=\"-3\"/>", "RowCacheSave", "attribute RowCacheSavePeriodInSeconds", "expected an integer"),
        ("<ColumnFamily Name=\"a/b\"/>", "a/b", "<ColumnFamily Name=\"a/b\">", "cannot be used as a file name"),
    ];
    for (element, needle, at, message) in cases {
        rejects(&cf(element), needle, at, message);
    }
}

#[test]
fn directories_and_authenticator_rules() {
    let dirs = "  <CommitLogDirectory>./var/data/</CommitLogDirectory>\n  <DataFileDirectories>\n    <DataFileDirectory>var/data</DataFileDirectory>\n  </DataFileDirectories>";
    rejects(
        &add(dirs),
        "<CommitLogDirectory>",
        "<CommitLogDirectory>",
        "CommitLogDirectory must not be the same as any DataFileDirectory",
    );
    let empty = "  <DataFileDirectories>\n    <DataFileDirectory></DataFileDirectory>\n  </DataFileDirectories>";
    rejects(
        &add(empty),
        "<DataFileDirectory>",
        "<DataFileDirectory>",
        "may not be empty",
    );
    let auth = "  <Authenticator\n    PasswdMode=\"SHA\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>";
    rejects(&add(auth), "PasswdMode", "<Authenticator> attribute PasswdMode", "The requested password check mode 'SHA' is not a valid mode.  Possible values are 'PLAIN', 'MD5', or leave it unspecified.");
    let auth = "  <Authenticator\n    PasswdProperties=\"\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>";
    rejects(
        &add(auth),
        "PasswdProperties",
        "<Authenticator> attribute PasswdProperties",
        "may not be empty",
    );
}

#[test]
fn thrift_api_default_is_0_6_19_or_auto() {
    use crate::config::ThriftApi;
    assert_eq!(parse(&add("")).thrift_api_default, ThriftApi::Auto);
    let c = parse(&add("  <ThriftApiDefault>auto</ThriftApiDefault>"));
    assert_eq!(c.thrift_api_default, ThriftApi::Auto);
    let c = parse(&add("  <ThriftApiDefault>19</ThriftApiDefault>"));
    assert_eq!(c.thrift_api_default, ThriftApi::Api19);
    let c = parse(&add("  <ThriftApiDefault>0.6</ThriftApiDefault>"));
    assert_eq!(c.thrift_api_default, ThriftApi::Api2);
    let element = "<ThriftApiDefault>7</ThriftApiDefault>";
    rejects(
        &add(&format!("  {element}")),
        element,
        "<ThriftApiDefault>",
        "ThriftApiDefault must be '0.6', '19' or 'auto' (found '7')",
    );
}

#[test]
fn thrift19_port_is_optional_and_a_port() {
    assert_eq!(parse(&add("")).thrift19_port, None);
    let c = parse(&add("  <Thrift19Port>9161</Thrift19Port>"));
    assert_eq!(c.thrift19_port, Some(9161));
    let element = "<Thrift19Port>x</Thrift19Port>";
    rejects(
        &add(&format!("  {element}")),
        element,
        "<Thrift19Port>",
        "Thrift19Port must be a port number (found 'x')",
    );
}

#[test]
fn commit_log_ignore_replay_errors_is_an_optional_boolean() {
    assert!(!parse(&add("")).commit_log_ignore_replay_errors);
    let c = parse(&add(
        "  <CommitLogIgnoreReplayErrors>true</CommitLogIgnoreReplayErrors>",
    ));
    assert!(c.commit_log_ignore_replay_errors);
    assert!(c.warnings().is_empty(), "{:?}", c.warnings());
    let element = "<CommitLogIgnoreReplayErrors>yes</CommitLogIgnoreReplayErrors>";
    rejects(
        &add(&format!("  {element}")),
        element,
        "<CommitLogIgnoreReplayErrors>",
        "Unrecognized value for CommitLogIgnoreReplayErrors.  Use 'true' or 'false'. (found 'yes')",
    );
}

/// Elements nest as deep as any outside input may (`<Storage>` is the
/// first level): at the bound an unknown element is only warned about,
/// one level more is malformed.
#[test]
fn elements_nest_at_most_the_shared_bound() {
    use crate::input_bounds::MAX_NESTING;
    let nest = |n: usize| format!("  {}{}", "<Extra>".repeat(n), "</Extra>".repeat(n));
    let c = parse(&add(&nest(MAX_NESTING - 1)));
    assert!(!c.warnings().is_empty());
    rejects(
        &add(&nest(MAX_NESTING)),
        "<Extra>",
        "malformed XML",
        "elements nested more than 64 levels deep",
    );
}
