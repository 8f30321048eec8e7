//! Turns the element tree of `storage-conf.xml` into a [`Config`]: the
//! root element, the plain top-level `<Storage>` settings with their
//! defaults and checks, and the ones a single node ignores. The settings
//! with their own parsing (and the keyspaces) are read by the sibling
//! `special` module.

use super::fields::{leaf_text, Top};
use super::special::Special;
use super::tree::{self, Element};
use crate::config::context::Cx;
use crate::config::error::{ConfigError, IgnoredSetting};
use crate::config::values;
use crate::config::{
    Config, ConfigFormat, ThriftLimits, DEFAULT_SLOW_REQUEST_MS, MAX_ACTIVITY_LOG_SIZE,
    MAX_PREPARED_CACHE_MB,
};
use std::path::PathBuf;

/// Every element 0.6 read under `<Storage>`, plus supercolumn's own.
const KNOWN: &[&str] = &[
    "ClusterName",
    "AutoBootstrap",
    "HintedHandoffEnabled",
    "IndexInterval",
    "Keyspaces",
    "Authenticator",
    "Partitioner",
    "InitialToken",
    "SavedCachesDirectory",
    "CommitLogDirectory",
    "DataFileDirectories",
    "Seeds",
    "RpcTimeoutInMillis",
    "PhiConvictThreshold",
    "CommitLogRotationThresholdInMB",
    "ListenAddress",
    "StoragePort",
    "ThriftAddress",
    "ThriftPort",
    "ThriftFramedTransport",
    "ThriftApiDefault",
    "Thrift19Port",
    "AdminListen",
    "NativeTransportPort",
    "ThriftMaxMessageLengthInMB",
    "ThriftMaxConnections",
    "ThriftIdleTimeoutInSeconds",
    "ThriftReadTimeoutInSeconds",
    "ThriftWriteTimeoutInSeconds",
    "ThriftMemoryBudgetInMB",
    "PreparedStatementsCacheSizeInMB",
    "SlowRequestThresholdInMS",
    "ActivityLogSize",
    "Backend",
    "CassandraVersion",
    "DiskAccessMode",
    "RowWarningThresholdInMB",
    "SlicedBufferSizeInKB",
    "FlushDataBufferSizeInMB",
    "FlushIndexBufferSizeInMB",
    "ColumnIndexSizeInKB",
    "MemtableThroughputInMB",
    "BinaryMemtableThroughputInMB",
    "MemtableOperationsInMillions",
    "MemtableFlushAfterMinutes",
    "ConcurrentReads",
    "ConcurrentWrites",
    "CommitLogSync",
    "CommitLogSyncPeriodInMS",
    "CommitLogSyncBatchWindowInMS",
    "CommitLogIgnoreReplayErrors",
    "GCGraceSeconds",
    "DoConsistencyChecksBoolean",
    "SnapshotBeforeCompaction",
    "JobTrackerHost",
    "JobJarFileLocation",
];

/// Elements that hold other elements rather than a value.
const CONTAINERS: &[&str] = &["Keyspaces", "DataFileDirectories", "Seeds"];

/// Top-level settings that only matter between nodes (or to Hadoop jobs).
const CLUSTER_ONLY: &[&str] = &[
    "AutoBootstrap",
    "HintedHandoffEnabled",
    "InitialToken",
    "Seeds",
    "ListenAddress",
    "StoragePort",
    "PhiConvictThreshold",
    "RpcTimeoutInMillis",
    "DoConsistencyChecksBoolean",
    "JobTrackerHost",
    "JobJarFileLocation",
];

const POSITIVE: &str = "must be a positive integer";

pub(in crate::config) fn parse(
    text: &str,
    origin: String,
    source: Option<PathBuf>,
) -> Result<Config, ConfigError> {
    let root = tree::parse_document(text).map_err(|e| ConfigError::Xml {
        origin: origin.clone(),
        line: e.line,
        message: e.message,
    })?;
    let mut cx = Cx::new(origin);
    let top = index_storage(&mut cx, &root)?;
    let mut special = Special::read(&mut cx, &top, root.line)?;
    let keyspace_ignored = std::mem::take(&mut special.keyspace_ignored);
    let mut config = settings(&cx, &top, special, source)?;
    config.ignored = ignored(&cx, &top, &config)?;
    config.ignored.extend(keyspace_ignored);
    config.warnings = cx.warnings;
    Ok(config)
}

/// Checks the root element and indexes its children (see [`Top::index`]).
fn index_storage<'a>(cx: &mut Cx, root: &'a Element) -> Result<Top<'a>, ConfigError> {
    if root.name != "Storage" {
        return Err(cx.invalid(
            root.line,
            format!("<{}>", root.name),
            "the root element must be <Storage>",
        ));
    }
    for a in &root.attrs {
        cx.unknown_attribute(a, "<Storage>", &[], "")?;
    }
    let top = Top::index(cx, root, KNOWN)?;
    for name in CONTAINERS {
        if let Some(el) = top.element(name) {
            if !el.text.trim().is_empty() {
                cx.warn(el.line, format!("text directly inside <{name}> ignored"));
            }
        }
    }
    Ok(top)
}

/// The whole [`Config`]: the plain settings, each with 0.6's default and
/// check, read in the order below, joined with the [`Special`] ones.
fn settings(
    cx: &Cx,
    top: &Top<'_>,
    special: Special,
    source: Option<PathBuf>,
) -> Result<Config, ConfigError> {
    Ok(Config {
        origin: cx.origin.clone(),
        source,
        format: ConfigFormat::StorageConfXml,
        cluster_name: top
            .string(cx, "ClusterName")?
            .unwrap_or_else(|| "Test".into()),
        auto_bootstrap: top.boolean(
            cx,
            "AutoBootstrap",
            false,
            "Unrecognized value for AutoBootstrap.  Use 'true' or 'false'.",
        )?,
        hinted_handoff_enabled: top.boolean(
            cx,
            "HintedHandoffEnabled",
            true,
            "Unrecognized value for HintedHandoff.  Use 'true' or 'false'.",
        )?,
        index_interval: top.int(
            cx,
            "IndexInterval",
            128,
            |v| v > 0,
            "Index Interval must be a positive, non-zero integer.",
        )?,
        keyspaces: special.keyspaces,
        authenticator: special.authenticator,
        partitioner: special.partitioner,
        initial_token: top.string(cx, "InitialToken")?,
        num_tokens: None,
        saved_caches_directory: top.path(cx, "SavedCachesDirectory")?,
        commit_log_directory: special.commit_log_directory,
        data_file_directories: special.data_file_directories,
        seeds: special.seeds,
        rpc_timeout_in_millis: top.int(cx, "RpcTimeoutInMillis", 2000, |v| v > 0, POSITIVE)?,
        phi_convict_threshold: top.int(
            cx,
            "PhiConvictThreshold",
            8,
            |v| (5..=16).contains(&v),
            "PhiConvictThreshold must be between 5 and 16",
        )?,
        commit_log_rotation_threshold_in_mb: top.int(
            cx,
            "CommitLogRotationThresholdInMB",
            128,
            |v| v > 0,
            POSITIVE,
        )?,
        listen_address: special.listen_address,
        storage_port: top.int(cx, "StoragePort", 7000, |_| true, "")?,
        thrift_address: top.string(cx, "ThriftAddress")?,
        thrift_port: top.int(cx, "ThriftPort", 9160, |_| true, "")?,
        thrift_framed_transport: top.boolean(
            cx,
            "ThriftFramedTransport",
            false,
            "Unrecognized value for ThriftFramedTransport.  Use 'true' or 'false'.",
        )?,
        thrift_framed_transport_size_in_mb: None,
        thrift_max_message_length_in_mb: top.int(
            cx,
            "ThriftMaxMessageLengthInMB",
            16,
            |v| (1..=2047).contains(&v),
            "ThriftMaxMessageLengthInMB must be between 1 and 2047",
        )?,
        thrift_limits: thrift_limits(cx, top)?,
        slow_request_threshold_in_ms: top.int(
            cx,
            "SlowRequestThresholdInMS",
            DEFAULT_SLOW_REQUEST_MS,
            |v| v >= 0,
            "must be a number of milliseconds (0 for none)",
        )?,
        activity_log_size: match top.text(cx, "ActivityLogSize")? {
            None => None,
            Some(_) => Some(top.int(
                cx,
                "ActivityLogSize",
                0,
                |v| (0..=MAX_ACTIVITY_LOG_SIZE).contains(&v),
                "ActivityLogSize must be between 0 and 1000000",
            )?),
        },
        backend: top.string(cx, "Backend")?,
        cassandra_version: match top.text(cx, "CassandraVersion")? {
            None => None,
            Some((raw, line)) => {
                Some(values::release(raw).map_err(|e| cx.invalid(line, "<CassandraVersion>", e))?)
            }
        },
        thrift_api_default: special.thrift_api_default,
        thrift19_port: special.thrift19_port,
        admin_listen: special.admin_listen,
        native_port: special.native_port,
        disk_access_mode: special.disk_access_mode,
        row_warning_threshold_in_mb: top.int(
            cx,
            "RowWarningThresholdInMB",
            512,
            |v| v > 0,
            "Row warning threshold must be a positive integer",
        )?,
        sliced_buffer_size_in_kb: top.int(cx, "SlicedBufferSizeInKB", 64, |v| v > 0, POSITIVE)?,
        flush_data_buffer_size_in_mb: top.double(
            cx,
            "FlushDataBufferSizeInMB",
            32.0,
            "must be a positive number",
        )?,
        flush_index_buffer_size_in_mb: top.double(
            cx,
            "FlushIndexBufferSizeInMB",
            8.0,
            "must be a positive number",
        )?,
        column_index_size_in_kb: top.int(cx, "ColumnIndexSizeInKB", 64, |v| v > 0, POSITIVE)?,
        memtable_throughput_in_mb: top.int(
            cx,
            "MemtableThroughputInMB",
            64,
            |v| v > 0,
            POSITIVE,
        )?,
        binary_memtable_throughput_in_mb: top.int(
            cx,
            "BinaryMemtableThroughputInMB",
            256,
            |v| v > 0,
            POSITIVE,
        )?,
        memtable_operations_in_millions: top.double(
            cx,
            "MemtableOperationsInMillions",
            0.1,
            "Memtable object count must be a positive double",
        )?,
        memtable_total_space_in_mb: None,
        memtable_flush_after_minutes: top.int(
            cx,
            "MemtableFlushAfterMinutes",
            60,
            |v| v > 0,
            POSITIVE,
        )?,
        concurrent_reads: top.int(
            cx,
            "ConcurrentReads",
            8,
            |v| v >= 2,
            "ConcurrentReads must be at least 2",
        )?,
        concurrent_writes: top.int(
            cx,
            "ConcurrentWrites",
            32,
            |v| v >= 2,
            "ConcurrentWrites must be at least 2",
        )?,
        commit_log_sync: special.commit_log_sync,
        commit_log_ignore_replay_errors: top.boolean(
            cx,
            "CommitLogIgnoreReplayErrors",
            false,
            "Unrecognized value for CommitLogIgnoreReplayErrors.  Use 'true' or 'false'.",
        )?,
        gc_grace_seconds: top.int(
            cx,
            "GCGraceSeconds",
            864000,
            |v| v >= 0,
            "GCGraceSeconds may not be negative",
        )?,
        do_consistency_checks: top.boolean(
            cx,
            "DoConsistencyChecksBoolean",
            true,
            "Unrecognized value for DoConsistencyChecksBoolean.  Use 'true' or 'false'.",
        )?,
        snapshot_before_compaction: top.boolean(
            cx,
            "SnapshotBeforeCompaction",
            false,
            "Unrecognized value for SnapshotBeforeCompaction.  Use 'true' or 'false'.",
        )?,
        job_tracker_host: top.string(cx, "JobTrackerHost")?,
        job_jar_file_location: top.string(cx, "JobJarFileLocation")?,
        warnings: Vec::new(),
        lines: top
            .by_name
            .iter()
            .map(|(k, e)| (k.to_string(), e.line))
            .collect(),
        ignored: Vec::new(),
    })
}

/// The connection and memory limits (supercolumn's own elements).
fn thrift_limits(cx: &Cx, top: &Top<'_>) -> Result<ThriftLimits, ConfigError> {
    let d = ThriftLimits::default();
    let max_connections = match top.text(cx, "ThriftMaxConnections")? {
        None => None,
        Some(_) => Some(top.int(cx, "ThriftMaxConnections", 0, |v| v > 0, POSITIVE)?),
    };
    let seconds = "must be a number of seconds (0 for none)";
    // One element bounds both caches; only a yaml tells them apart.
    let prepared_cache_in_mb = top.int(
        cx,
        "PreparedStatementsCacheSizeInMB",
        d.prepared_cache_in_mb,
        |v| (1..=i64::from(MAX_PREPARED_CACHE_MB)).contains(&v),
        &format!("PreparedStatementsCacheSizeInMB must be between 1 and {MAX_PREPARED_CACHE_MB}"),
    )?;
    Ok(ThriftLimits {
        max_connections,
        idle_timeout_in_seconds: top.int(
            cx,
            "ThriftIdleTimeoutInSeconds",
            d.idle_timeout_in_seconds,
            |v| v >= 0,
            seconds,
        )?,
        read_timeout_in_seconds: top.int(
            cx,
            "ThriftReadTimeoutInSeconds",
            d.read_timeout_in_seconds,
            |v| v >= 0,
            seconds,
        )?,
        write_timeout_in_seconds: top.int(
            cx,
            "ThriftWriteTimeoutInSeconds",
            d.write_timeout_in_seconds,
            |v| v >= 0,
            seconds,
        )?,
        memory_budget_in_mb: top.int(
            cx,
            "ThriftMemoryBudgetInMB",
            d.memory_budget_in_mb,
            |v| (1..=4_000_000).contains(&v),
            "ThriftMemoryBudgetInMB must be between 1 and 4000000",
        )?,
        prepared_cache_in_mb,
        cql2_prepared_cache_in_mb: prepared_cache_in_mb,
    })
}

/// Present settings a single node does not use.
fn ignored(cx: &Cx, top: &Top<'_>, config: &Config) -> Result<Vec<IgnoredSetting>, ConfigError> {
    let mut out = Vec::new();
    for name in CLUSTER_ONLY {
        let Some(el) = top.element(name) else {
            continue;
        };
        let value = if *name == "Seeds" {
            config.seeds.join(", ")
        } else {
            match leaf_text(cx, el)? {
                Some(v) => v.to_string(),
                None => continue,
            }
        };
        if !value.is_empty() {
            out.push(IgnoredSetting {
                setting: name.to_string(),
                value,
                line: el.line,
            });
        }
    }
    Ok(out)
}
