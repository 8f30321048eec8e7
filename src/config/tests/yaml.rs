//! `cassandra.yaml`: the stock 1.2.9 file starts unchanged and maps onto
//! the same settings as storage-conf.xml; 0.7's `keyspaces:` section;
//! typos and bad values named with their line.

use super::*;

const STOCK_1_2_9: &str = include_str!("../testdata/cassandra-1.2.9.yaml");

fn yaml(text: &str) -> Config {
    Config::from_yaml(text, "c.yaml").unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Rejected on the line holding `needle`, saying `message`.
fn yaml_rejects(text: &str, needle: &str, message: &str) {
    let err = match Config::from_yaml(text, "c.yaml") {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    };
    let line = line_of(text, needle);
    let shown = err.to_string();
    assert_eq!(err.line(), Some(line), "wrong line in: {shown}");
    assert!(shown.starts_with(&format!("c.yaml:{line}: ")), "{shown}");
    assert!(shown.contains(message), "{shown} does not say {message}");
}

const MINIMAL: &str = "partitioner: org.apache.cassandra.dht.Murmur3Partitioner\ncommitlog_sync: periodic\ncommitlog_sync_period_in_ms: 10000\n";

#[test]
fn the_stock_1_2_9_file_maps_onto_the_same_settings() {
    let c = yaml(STOCK_1_2_9);
    assert_eq!(c.format, ConfigFormat::CassandraYaml);
    assert_eq!(c.cluster_name, "Test Cluster");
    assert_eq!(c.partitioner, "org.apache.cassandra.dht.Murmur3Partitioner");
    assert_eq!(c.thrift_listen_address(), "localhost");
    assert_eq!(c.thrift_port, 9160);
    assert_eq!(
        c.data_file_directories,
        [PathBuf::from("/var/lib/cassandra/data")]
    );
    assert_eq!(
        c.commit_log_directory.as_deref(),
        Some(Path::new("/var/lib/cassandra/commitlog"))
    );
    assert_eq!(
        c.commit_log_sync,
        CommitLogSync::Periodic {
            period_in_ms: 10000
        }
    );
    assert_eq!(c.commit_log_rotation_threshold_in_mb, 32);
    assert_eq!(
        c.authenticator.class_name,
        "org.apache.cassandra.auth.AllowAllAuthenticator"
    );
    assert!(c.keyspaces.is_empty());
    assert_eq!(c.initial_token, None);
    // 15 MB frames, 16 MB messages: the frame limit is the smaller.
    assert_eq!(c.thrift_max_message_length(), 15 * 1024 * 1024);
    assert_eq!(c.thrift_api_default, ThriftApi::Auto);
    assert!(!c.framed_clients_speak_0_6());
    assert_eq!(
        c.line_of("Partitioner"),
        Some(line_of(STOCK_1_2_9, "partitioner: org"))
    );
    // Multi-node settings are listed, not warned about.
    let ignored: Vec<&str> = c.ignored().iter().map(|i| i.setting.as_str()).collect();
    for key in [
        "seed_provider",
        "listen_address",
        "storage_port",
        "endpoint_snitch",
    ] {
        assert!(ignored.contains(&key), "{key} not in {ignored:?}");
    }
    let seeds = c
        .ignored()
        .iter()
        .find(|i| i.setting == "seed_provider")
        .unwrap();
    assert_eq!(seeds.value, "127.0.0.1");
    // Nothing is warned about; the native protocol is served on its port.
    let warnings: Vec<String> = c.warnings().iter().map(|w| w.to_string()).collect();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(c.native_port, Some(9042));
    // The encryption options' passwords never reach the log line.
    assert!(c.ignored().iter().all(|i| !i.value.contains("cassandra")));
}

#[test]
fn the_stock_file_is_the_corpus_copy() {
    let corpus = Path::new("/work/shared/conformance/config/cassandra-1.2.9.yaml");
    if !corpus.is_file() {
        eprintln!(
            "skipped: the conformance corpus is not at {}",
            corpus.display()
        );
        return;
    }
    assert_eq!(std::fs::read_to_string(corpus).unwrap(), STOCK_1_2_9);
}

#[test]
fn slow_query_log_timeout_is_the_slow_request_threshold() {
    assert_eq!(yaml(MINIMAL).slow_request_threshold_in_ms, 500);
    let c = yaml(&format!("{MINIMAL}slow_query_log_timeout_in_ms: 50\n"));
    assert_eq!(c.slow_request_threshold_in_ms, 50);
    assert!(c.warnings().is_empty(), "{:?}", c.warnings());
    yaml_rejects(
        &format!("{MINIMAL}slow_query_log_timeout_in_ms: -5\n"),
        "slow_query_log_timeout_in_ms",
        "number of milliseconds",
    );
}

#[test]
fn thrift_read_timeout_is_read() {
    assert_eq!(yaml(MINIMAL).thrift_limits.read_timeout_in_seconds, 10);
    for (value, seconds) in [("3", 3), ("0", 0), ("", 10)] {
        let c = yaml(&format!(
            "{MINIMAL}thrift_read_timeout_in_seconds: {value}\n"
        ));
        assert_eq!(c.thrift_limits.read_timeout_in_seconds, seconds, "{value}");
        assert!(c.warnings().is_empty(), "{:?}", c.warnings());
    }
    for (value, says) in [
        (
            "-1",
            "thrift_read_timeout_in_seconds must be a number of seconds (0 for none) (found -1)",
        ),
        ("soon", "expected an integer, found 'soon'"),
        ("5000000000", "5000000000 is out of range"),
    ] {
        yaml_rejects(
            &format!("{MINIMAL}thrift_read_timeout_in_seconds: {value}\n"),
            "thrift_read_timeout_in_seconds",
            says,
        );
    }
    // A near miss is a typo, as for Cassandra's own keys.
    yaml_rejects(
        &format!("{MINIMAL}thrift_read_timeout_in_second: 3\n"),
        "thrift_read_timeout_in_second",
        "did you mean thrift_read_timeout_in_seconds?",
    );
}

#[test]
fn prepared_statement_caches_take_cassandra_3_6_keys() {
    let d = yaml(MINIMAL).thrift_limits;
    assert_eq!(
        (d.prepared_cache_in_mb, d.cql2_prepared_cache_in_mb),
        (64, 64)
    );
    // 3.6's stock file leaves both blank ("auto"): the defaults.
    let blank = yaml(&format!(
        "{MINIMAL}prepared_statements_cache_size_mb:\nthrift_prepared_statements_cache_size_mb:\n"
    ));
    assert_eq!(blank.thrift_limits, d);
    assert!(blank.warnings().is_empty(), "{:?}", blank.warnings());
    // The first bounds the CQL 3 cache (native and Thrift), the second CQL 2's.
    let c = yaml(&format!(
        "{MINIMAL}prepared_statements_cache_size_mb: 8\nthrift_prepared_statements_cache_size_mb: 2\n"
    ));
    assert_eq!(c.thrift_limits.prepared_cache_in_mb, 8);
    assert_eq!(c.thrift_limits.cql2_prepared_cache_in_mb, 2);
    let only_thrift = yaml(&format!(
        "{MINIMAL}thrift_prepared_statements_cache_size_mb: 1000000\n"
    ));
    assert_eq!(only_thrift.thrift_limits.prepared_cache_in_mb, 64);
    assert_eq!(
        only_thrift.thrift_limits.cql2_prepared_cache_in_mb,
        1_000_000
    );
    for key in [
        "prepared_statements_cache_size_mb",
        "thrift_prepared_statements_cache_size_mb",
    ] {
        for (value, says) in [
            ("0", "between 1 and 1000000 (found 0)"),
            ("-3", "between 1 and 1000000 (found -3)"),
            ("1000001", "between 1 and 1000000 (found 1000001)"),
            ("lots", "expected an integer, found 'lots'"),
        ] {
            yaml_rejects(&format!("{MINIMAL}{key}: {value}\n"), key, says);
        }
    }
}

#[test]
fn required_keys_and_sync_rules() {
    yaml_rejects(
        "cluster_name: x\n",
        "cluster_name",
        "Missing directive: partitioner",
    );
    yaml_rejects(
        "partitioner: RandomPartitioner\n",
        "partitioner",
        "Missing required directive CommitLogSync",
    );
    yaml_rejects(
        "partitioner: P\ncommitlog_sync: periodic\n",
        "commitlog_sync",
        "Missing value for commitlog_sync_period_in_ms",
    );
    yaml_rejects(
        "partitioner: P\ncommitlog_sync: batch\ncommitlog_sync_period_in_ms: 5\n",
        "commitlog_sync_period_in_ms",
        "Batch sync specified, but commitlog_sync_period_in_ms found",
    );
    yaml_rejects(
        "partitioner: P\ncommitlog_sync: sometimes\n",
        "commitlog_sync",
        "either 'periodic' or 'batch'",
    );
    yaml_rejects(
        &format!("{MINIMAL}rpc_port: nine\n"),
        "rpc_port",
        "expected an integer, found 'nine'",
    );
    yaml_rejects(
        &format!("{MINIMAL}data_file_directories:\n  a: b\n"),
        "a: b",
        "data_file_directories must be a list",
    );
    let e = Config::from_yaml("a: [1,\n", "c.yaml").unwrap_err();
    assert!(e.to_string().contains("malformed YAML"), "{e}");
}

#[test]
fn typos_are_refused_and_unknown_keys_warned() {
    yaml_rejects(
        &format!("{MINIMAL}comitlog_directory: /x\n"),
        "comitlog_directory",
        "unknown key comitlog_directory; did you mean commitlog_directory?",
    );
    yaml_rejects(
        &format!("{MINIMAL}Cluster_Name: x\n"),
        "Cluster_Name",
        "did you mean cluster_name?",
    );
    let c = yaml(&format!("{MINIMAL}my_own_setting: 1\n"));
    assert_eq!(c.warnings().len(), 1);
    assert_eq!(c.warnings()[0].line, 4);
    assert!(c.warnings()[0].message.contains("my_own_setting"));
}

#[test]
fn authenticators() {
    let c = yaml(&format!("{MINIMAL}authenticator: SimpleAuthenticator\n"));
    assert_eq!(
        c.authenticator.class_name,
        "org.apache.cassandra.auth.SimpleAuthenticator"
    );
    assert_eq!(c.authenticator.line, Some(4));
    let full = "org.apache.cassandra.auth.AllowAllAuthenticator";
    assert_eq!(
        yaml(&format!("{MINIMAL}authenticator: {full}\n"))
            .authenticator
            .class_name,
        full
    );
    yaml_rejects(
        &format!("{MINIMAL}authenticator: PasswordAuthenticator\n"),
        "PasswordAuthenticator",
        "PasswordAuthenticator is not supported",
    );
    yaml_rejects(
        &format!("{MINIMAL}authorizer: CassandraAuthorizer\n"),
        "CassandraAuthorizer",
        "not supported",
    );
    yaml(&format!(
        "{MINIMAL}authorizer: AllowAllAuthorizer\nauthority: SimpleAuthority\n"
    ));
}

#[test]
fn memtables_are_bounded_by_their_total_space_as_from_1_0() {
    // The stock 1.2.9 file sets no per-memtable bound (1.0 dropped them)
    // and leaves memtable_total_space_in_mb commented out.
    let c = yaml(STOCK_1_2_9);
    assert_eq!(c.memtable_throughput_in_mb, 0);
    assert_eq!(c.memtable_operations_in_millions, 0.0);
    assert_eq!(c.memtable_total_space_in_mb, None);
    let c = yaml(&format!(
        "{MINIMAL}memtable_total_space_in_mb: 512\nmemtable_operations_in_millions: 0.5\n"
    ));
    assert_eq!(c.memtable_total_space_in_mb, Some(512));
    assert_eq!(c.memtable_operations_in_millions, 0.5);
    let bad = format!("{MINIMAL}memtable_total_space_in_mb: 0\n");
    yaml_rejects(&bad, "memtable_total_space_in_mb", "positive");
    // Absent: a third of 1.2's default heap (half the memory up to 1 GB,
    // or a quarter up to 8 GB, whichever is more).
    assert_eq!(default_memtable_total_space_mb(512), 85);
    assert_eq!(default_memtable_total_space_mb(2048), 341);
    assert_eq!(default_memtable_total_space_mb(16384), 1365);
    assert_eq!(default_memtable_total_space_mb(65536), 2730);
}

#[test]
fn yaml_1_1_values_and_defaults() {
    let c = yaml(&format!(
        "{MINIMAL}thrift_framed_transport_size_in_mb: 0\nthrift_max_message_length_in_mb: 4\n\
         hinted_handoff_enabled: off\nrpc_address:\nlisten_address: 10.0.0.1\n\
         commitlog_rotation_threshold_in_mb: 64\ninitial_token: 5\n"
    ));
    assert_eq!(c.thrift_max_message_length(), 4 * 1024 * 1024);
    assert!(!c.thrift_framed_transport);
    assert!(!c.hinted_handoff_enabled);
    // No rpc_address: the listen address, as storage-conf.xml falls back.
    assert_eq!(c.thrift_listen_address(), "10.0.0.1");
    assert_eq!(c.commit_log_rotation_threshold_in_mb, 64);
    assert_eq!(c.initial_token.as_deref(), Some("5"));
    assert_eq!(c.cluster_name, "Test Cluster");
    // Directories name the yaml keys when missing.
    let e = yaml(MINIMAL).directories().unwrap_err().to_string();
    assert!(e.contains("data_file_directories"), "{e}");
}

const KEYSPACES_0_7: &str = "
keyspaces:
    - name: Keyspace1
      replica_placement_strategy: org.apache.cassandra.locator.SimpleStrategy
      replication_factor: 1
      column_families:
        - name: Standard1
          compare_with: UTF8Type
          keys_cached: 10000
          rows_cached: 0.5
          memtable_throughput_in_mb: 255
        - name: Super1
          column_type: Super
          compare_with: LongType
          compare_subcolumns_with: UTF8Type
          comment: 'A super one'
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

#[test]
fn the_0_7_keyspaces_section() {
    let c = yaml(&format!("{MINIMAL}{KEYSPACES_0_7}"));
    assert_eq!(c.keyspaces.len(), 2);
    let ks = c.keyspace("Keyspace1").unwrap();
    assert_eq!(ks.replication_factor, 1);
    assert_eq!(ks.column_families.len(), 3);
    let std = ks.column_family("Standard1").unwrap();
    assert_eq!(std.compare_with, "UTF8Type");
    assert_eq!(
        (std.keys_cached.value, std.rows_cached.value),
        (10000.0, 0.5)
    );
    let sup = ks.column_family("Super1").unwrap();
    assert!(sup.is_super());
    assert_eq!(sup.compare_subcolumns_with.as_deref(), Some("UTF8Type"));
    assert_eq!(sup.comment.as_deref(), Some("A super one"));
    let idx = ks.column_family("Indexed1").unwrap();
    assert_eq!(
        idx.extra.default_validation_class.as_deref(),
        Some("LongType")
    );
    assert_eq!(idx.extra.gc_grace_seconds, Some(10));
    assert_eq!(idx.extra.column_metadata[0].name, "birthdate");
    assert_eq!(
        idx.extra.column_metadata[0].index_type.as_deref(),
        Some("KEYS")
    );
    let other = c.keyspace("Other").unwrap();
    assert_eq!(other.replication_factor, 3);
    assert_eq!(
        other.replica_placement_strategy,
        "org.apache.cassandra.locator.NetworkTopologyStrategy"
    );
    assert!(c
        .ignored()
        .iter()
        .any(|i| i.setting == "keyspaces[Other].replication_factor"));
}

#[test]
fn bad_0_7_keyspaces_name_their_line() {
    let ks = |body: &str| format!("{MINIMAL}keyspaces:\n    - name: K\n{body}");
    yaml_rejects(
        &ks("      replication_factor: 1\n"),
        "- name: K",
        "needs a replica_placement_strategy",
    );
    yaml_rejects(
        &ks("      replica_placement_strategy: SimpleStrategy\n      replication_factr: 1\n"),
        "replication_factr",
        "did you mean replication_factor?",
    );
    yaml_rejects(
        &ks("      replica_placement_strategy: SimpleStrategy\n      replication_factor: 1\n      column_families:\n        - name: C\n          compare_wth: UTF8Type\n"),
        "compare_wth",
        "did you mean compare_with?",
    );
    yaml_rejects(
        &ks("      replica_placement_strategy: SimpleStrategy\n      replication_factor: 1\n      column_families:\n        - name: C\n          column_type: Sup\n"),
        "column_type: Sup",
        "invalid type Sup",
    );
    yaml_rejects(
        &format!("{MINIMAL}keyspaces:\n    - name: system\n"),
        "name: system",
        "reserved",
    );
}

/// A kilobyte of aliases of aliases ("billion laughs") is refused where
/// the copies pass the bound, before they take the memory; lists and
/// mappings nest as deep as any outside input may, and no deeper.
#[test]
fn alias_bombs_and_deep_nesting_are_refused() {
    let mut bomb = String::from(MINIMAL);
    bomb.push_str("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        bomb.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    yaml_rejects(
        &bomb,
        "a4:",
        "malformed YAML: the aliases copy more than 1 MiB",
    );
    let max = crate::input_bounds::MAX_NESTING;
    // The document's mapping is the first level.
    let deep = |n: usize| {
        format!(
            "{MINIMAL}data_file_directories: {}/d{}\n",
            "[".repeat(n - 1),
            "]".repeat(n - 1)
        )
    };
    if let Err(e) = Config::from_yaml(&deep(max), "c.yaml") {
        assert!(!e.to_string().contains("nested"), "{e}");
    }
    yaml_rejects(
        &deep(max + 1),
        "data_file_directories",
        "malformed YAML: lists and mappings nested more than 64 levels deep",
    );
}
