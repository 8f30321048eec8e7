//! Tests of the config reader: settings read as they say; `shipped` holds
//! the shipped and conformance configs, `rejects` the bad configs, each of
//! which must name the element and its line.

use super::*;
use shipped::REPO_CONF;

mod contact;
mod rejects;
mod release;
mod shipped;
mod yaml;

pub(super) const BASE: &str = r#"<Storage>
  <Keyspaces>
    <Keyspace Name="K">
      <ColumnFamily Name="S"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>1</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
  </Keyspaces>
  <Partitioner>org.apache.cassandra.dht.RandomPartitioner</Partitioner>
  <CommitLogSync>periodic</CommitLogSync>
  <CommitLogSyncPeriodInMS>1000</CommitLogSyncPeriodInMS>
</Storage>
"#;

pub(super) fn replace(from: &str, to: &str) -> String {
    assert!(BASE.contains(from), "template lacks {from}");
    BASE.replacen(from, to, 1)
}

/// BASE with extra top-level elements before `</Storage>`.
pub(super) fn add(extra: &str) -> String {
    replace("</Storage>", &format!("{extra}\n</Storage>"))
}

/// BASE with the column family `S` replaced.
pub(super) fn cf(element: &str) -> String {
    replace(r#"<ColumnFamily Name="S"/>"#, element)
}

pub(super) fn parse(xml: &str) -> Config {
    Config::from_xml(xml, "test.xml").unwrap_or_else(|e| panic!("{e}\n{xml}"))
}

/// 1-based line of the first line containing `needle`.
pub(super) fn line_of(xml: &str, needle: &str) -> usize {
    xml.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle}"))
        + 1
}

/// The config is rejected on the line holding `needle`, naming `at`, saying `message`.
pub(super) fn rejects(xml: &str, needle: &str, at: &str, message: &str) {
    let err = match Config::from_xml(xml, "test.xml") {
        Ok(_) => panic!("accepted:\n{xml}"),
        Err(e) => e,
    };
    let line = line_of(xml, needle);
    let text = err.to_string();
    assert_eq!(err.line(), Some(line), "wrong line in: {text}");
    assert!(text.starts_with(&format!("test.xml:{line}: ")), "{text}");
    assert!(text.contains(at), "{text} does not name {at}");
    assert!(text.contains(message), "{text} does not say {message}");
}

#[test]
fn defaults_are_0_6_defaults() {
    let c = parse(BASE);
    assert_eq!(c.cluster_name, "Test");
    assert!(!c.auto_bootstrap);
    assert!(c.hinted_handoff_enabled);
    assert_eq!(c.index_interval, 128);
    assert_eq!(c.rpc_timeout_in_millis, 2000);
    assert_eq!(c.phi_convict_threshold, 8);
    assert_eq!(c.commit_log_rotation_threshold_in_mb, 128);
    assert_eq!((c.storage_port, c.thrift_port), (7000, 9160));
    assert!(!c.thrift_framed_transport);
    assert_eq!(c.thrift_max_message_length_in_mb, 16);
    assert_eq!(c.thrift_limits, ThriftLimits::default());
    assert_eq!(c.disk_access_mode, DiskAccessMode::Auto);
    assert_eq!(c.row_warning_threshold_in_mb, 512);
    assert_eq!(c.sliced_buffer_size_in_kb, 64);
    assert_eq!(
        (
            c.flush_data_buffer_size_in_mb,
            c.flush_index_buffer_size_in_mb
        ),
        (32.0, 8.0)
    );
    assert_eq!(c.column_index_size_in_kb, 64);
    assert_eq!(
        (
            c.memtable_throughput_in_mb,
            c.binary_memtable_throughput_in_mb
        ),
        (64, 256)
    );
    assert_eq!(c.memtable_operations_in_millions, 0.1);
    assert_eq!(c.memtable_flush_after_minutes, 60);
    assert_eq!((c.concurrent_reads, c.concurrent_writes), (8, 32));
    assert_eq!(c.gc_grace_seconds, 864000);
    assert!(c.do_consistency_checks);
    assert!(!c.snapshot_before_compaction);
    assert_eq!(c.authenticator.class_name, DEFAULT_AUTHENTICATOR);
    assert_eq!(c.authenticator.line, None);
    let s = &c.keyspaces[0].column_families[0];
    assert_eq!(
        (s.column_type.as_str(), s.compare_with.as_str()),
        ("Standard", "BytesType")
    );
    assert_eq!(
        (s.keys_cached.raw.as_str(), s.rows_cached.raw.as_str()),
        ("200000", "0")
    );
    assert!(c.ignored().is_empty(), "{:?}", c.ignored());
    assert!(c.warnings().is_empty());
    assert_eq!(
        c.line_of("Partitioner"),
        Some(line_of(BASE, "<Partitioner>"))
    );
    assert_eq!(c.line_of("Seeds"), None);
}

#[test]
fn thrift_limits_are_read() {
    let d = ThriftLimits::default();
    assert_eq!(
        (
            d.max_connections,
            d.idle_timeout_in_seconds,
            d.read_timeout_in_seconds,
            d.write_timeout_in_seconds,
            d.memory_budget_in_mb,
            d.prepared_cache_in_mb,
            d.cql2_prepared_cache_in_mb
        ),
        (None, 0, 10, 60, 512, 64, 64)
    );
    let c = parse(&add(
        "<ThriftMaxConnections>100</ThriftMaxConnections>\n\
         <ThriftIdleTimeoutInSeconds>30</ThriftIdleTimeoutInSeconds>\n\
         <ThriftWriteTimeoutInSeconds>0</ThriftWriteTimeoutInSeconds>\n\
         <ThriftReadTimeoutInSeconds>3</ThriftReadTimeoutInSeconds>\n\
         <ThriftMemoryBudgetInMB>64</ThriftMemoryBudgetInMB>\n\
         <PreparedStatementsCacheSizeInMB>8</PreparedStatementsCacheSizeInMB>",
    ));
    assert_eq!(
        c.thrift_limits,
        ThriftLimits {
            max_connections: Some(100),
            idle_timeout_in_seconds: 30,
            read_timeout_in_seconds: 3,
            write_timeout_in_seconds: 0,
            memory_budget_in_mb: 64,
            prepared_cache_in_mb: 8,
            cql2_prepared_cache_in_mb: 8,
        }
    );
    assert!(c.warnings().is_empty());
}

#[test]
fn slow_request_threshold_is_read() {
    let d = parse(&add(""));
    assert_eq!(d.slow_request_threshold_in_ms, 500);
    assert_eq!(
        d.slow_request_threshold(),
        Some(std::time::Duration::from_millis(500))
    );
    let c = parse(&add(
        "<SlowRequestThresholdInMS>20</SlowRequestThresholdInMS>",
    ));
    assert_eq!(c.slow_request_threshold_in_ms, 20);
    assert!(c.warnings().is_empty());
    let off = parse(&add(
        "<SlowRequestThresholdInMS>0</SlowRequestThresholdInMS>",
    ));
    assert_eq!(off.slow_request_threshold(), None);
}

#[test]
fn super_cf_defaults_its_subcomparator() {
    let c = parse(&cf(r#"<ColumnFamily Name="S" ColumnType="Super"/>"#));
    assert_eq!(
        c.keyspaces[0].column_families[0]
            .compare_subcolumns_with
            .as_deref(),
        Some("BytesType")
    );
}

#[test]
fn comment_comes_only_from_the_first_comment_element() {
    // 0.6.8 read the child element's text, untrimmed; "" is no comment.
    let c = parse(&cf(
        r#"<ColumnFamily Name="S"><Comment> element &amp; more </Comment><Comment>second</Comment></ColumnFamily>"#,
    ));
    assert_eq!(
        c.keyspaces[0].column_families[0].comment.as_deref(),
        Some(" element & more ")
    );
    assert!(
        c.warnings()
            .iter()
            .any(|w| w.message.contains("second <Comment>")),
        "{:?}",
        c.warnings()
    );
    // The attribute form is ignored, as 0.6.8's describe_keyspace ignored it.
    for xml in [
        r#"<ColumnFamily Name="S" Comment="attr"/>"#,
        r#"<ColumnFamily Name="S" Comment="attr"><Comment></Comment></ColumnFamily>"#,
    ] {
        let c = parse(&cf(xml));
        assert_eq!(c.keyspaces[0].column_families[0].comment, None, "{xml}");
        assert!(
            c.warnings()
                .iter()
                .any(|w| w.message.contains("attribute Comment on")
                    && w.message.contains("<Comment> child element")),
            "{:?}",
            c.warnings()
        );
    }
    let c = parse(&cf(
        r#"<ColumnFamily Name="S" Comment="attr"><Comment>element</Comment></ColumnFamily>"#,
    ));
    assert_eq!(
        c.keyspaces[0].column_families[0].comment.as_deref(),
        Some("element")
    );
}

#[test]
fn keys_cached_overrides_deprecated_fraction() {
    let c = parse(&cf(
        r#"<ColumnFamily Name="S" KeysCachedFraction="0.5" KeysCached="10%"/>"#,
    ));
    assert_eq!(c.keyspaces[0].column_families[0].keys_cached.value, 0.1);
    let w = c.warnings();
    assert_eq!(w.len(), 1);
    assert!(w[0].message.contains("KeysCachedFraction is deprecated"));
    let c = parse(&cf(r#"<ColumnFamily Name="S" KeysCachedFraction="0.5"/>"#));
    assert_eq!(c.keyspaces[0].column_families[0].keys_cached.value, 0.5);
}

#[test]
fn unknown_things_are_warnings_with_lines() {
    let xml = add("  <NoSuchSetting>1</NoSuchSetting>");
    let c = parse(&xml);
    assert_eq!(c.warnings().len(), 1);
    assert_eq!(c.warnings()[0].line, line_of(&xml, "NoSuchSetting"));
    assert!(c.warnings()[0].to_string().contains("<NoSuchSetting>"));

    let xml = cf("<ColumnFamily Name=\"S\"\n   GCGraceSeconds=\"10\"/>");
    let c = parse(&xml);
    assert_eq!(c.warnings().len(), 1);
    assert_eq!(c.warnings()[0].line, line_of(&xml, "GCGraceSeconds"));
    assert!(
        c.warnings()[0].message.contains("0.7"),
        "{}",
        c.warnings()[0]
    );

    let xml = replace("<ReplicationFactor>", "<Bogus/>\n      <ReplicationFactor>");
    assert_eq!(parse(&xml).warnings()[0].line, line_of(&xml, "<Bogus/>"));
    let xml = replace(
        "org.apache.cassandra.locator.EndPointSnitch",
        "com.example.MySnitch",
    );
    let c = parse(&xml);
    assert!(c.warnings()[0].message.contains("com.example.MySnitch"));
    assert!(c
        .ignored()
        .iter()
        .any(|i| i.setting == "Keyspace[K]/EndPointSnitch"));
}

#[test]
fn replication_factor_above_one_is_ignored_not_refused() {
    let xml = replace("<ReplicationFactor>1<", "<ReplicationFactor>3<");
    let c = parse(&xml);
    let rf = c
        .ignored()
        .iter()
        .find(|i| i.setting == "Keyspace[K]/ReplicationFactor")
        .unwrap();
    assert_eq!(
        (rf.value.as_str(), rf.line),
        ("3", line_of(&xml, "ReplicationFactor"))
    );
    assert!(rf.to_string().contains("ReplicationFactor = 3"));
}

#[test]
fn authenticator_attributes() {
    let c = parse(&add(
        r#"  <Authenticator PasswdProperties="conf/passwd.properties" AccessProperties="/etc/a.properties" PasswdMode="MD5">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>"#,
    ));
    let a = &c.authenticator;
    assert_eq!(
        a.class_name,
        "org.apache.cassandra.auth.SimpleAuthenticator"
    );
    assert_eq!(
        a.passwd_properties,
        Some(PathBuf::from("conf/passwd.properties"))
    );
    assert_eq!(
        a.access_properties,
        Some(PathBuf::from("/etc/a.properties"))
    );
    assert_eq!(a.passwd_mode.as_deref(), Some("MD5"));
    assert!(a.line.is_some());
}

#[test]
fn overrides_and_directories() {
    let mut c = parse(BASE);
    let err = c.directories().unwrap_err();
    assert!(
        err.to_string()
            .contains("At least one DataFileDirectory must be specified"),
        "{err}"
    );
    c.override_data_dir(Path::new("/srv/sc"));
    let d = c.directories().unwrap();
    assert_eq!(d.commit_log, PathBuf::from("/srv/sc/commitlog"));
    assert_eq!(d.data, [PathBuf::from("/srv/sc/data")]);
    assert_eq!(d.saved_caches, PathBuf::from("/srv/sc/saved_caches"));

    c.commit_log_directory = Some(PathBuf::from("/srv/sc/data/"));
    assert!(c
        .directories()
        .unwrap_err()
        .to_string()
        .contains("must not be the same"));
    c.commit_log_directory = None;
    assert!(c
        .directories()
        .unwrap_err()
        .to_string()
        .contains("CommitLogDirectory must be specified"));

    assert_eq!(c.thrift_listen_address(), DEFAULT_THRIFT_ADDRESS);
    c.listen_address = Some("10.0.0.1".into());
    assert_eq!(
        c.thrift_listen_address(),
        "10.0.0.1",
        "0.6 fell back to ListenAddress"
    );
    c.override_thrift_address("0.0.0.0");
    c.override_thrift_port(9999);
    assert_eq!(
        (c.thrift_listen_address(), c.thrift_port),
        ("0.0.0.0", 9999)
    );
}

#[test]
fn reads_files_and_reports_io_and_encoding_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("storage-conf.xml");
    std::fs::write(&path, BASE).unwrap();
    let c = Config::from_file(&path).unwrap();
    assert_eq!(c.source.as_deref(), Some(path.as_path()));
    assert_eq!(c.config_dir(), Some(dir.path()));

    let missing = dir.path().join("nope.xml");
    let err = Config::from_file(&missing).unwrap_err();
    assert!(matches!(err, ConfigError::Io { .. }));
    assert!(err.to_string().contains("nope.xml"));

    let mut bytes = b"<Storage>\n<ClusterName>".to_vec();
    bytes.extend_from_slice(&[0xff, 0xfe]);
    bytes.extend_from_slice(b"</ClusterName>\n</Storage>");
    std::fs::write(&path, bytes).unwrap();
    let err = Config::from_file(&path).unwrap_err();
    assert_eq!(err.line(), Some(2));
    assert!(err.to_string().contains("UTF-8"));
}
