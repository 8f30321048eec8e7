//! Turns the element tree of `storage-conf.xml` into a [`Config`]: the
//! top-level `<Storage>` settings, their defaults and their checks.
//! Keyspaces and column families are read by the sibling `keyspace` module.

use super::fields::{leaf_text, Top};
use super::keyspace;
use super::tree as xml;
use crate::config::context::Cx;
use crate::config::error::{ConfigError, IgnoredSetting};
use crate::config::values;
use crate::config::{
    AdminChoice, AuthenticatorConfig, CommitLogSync, Config, ConfigFormat, DiskAccessMode,
    ThriftApi, ThriftLimits, DEFAULT_AUTHENTICATOR, DEFAULT_SLOW_REQUEST_MS, MAX_ACTIVITY_LOG_SIZE,
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

/// Supercolumn's attributes on `<Authenticator>`.
const AUTHENTICATOR_ATTRIBUTES: &[&str] = &["PasswdProperties", "AccessProperties", "PasswdMode"];

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
    let root = xml::parse_document(text).map_err(|e| ConfigError::Xml {
        origin: origin.clone(),
        line: e.line,
        message: e.message,
    })?;
    let mut cx = Cx {
        origin,
        warnings: Vec::new(),
    };
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
    let top = Top::index(&mut cx, &root, KNOWN)?;
    for name in CONTAINERS {
        if let Some(el) = top.element(name) {
            if !el.text.trim().is_empty() {
                cx.warn(el.line, format!("text directly inside <{name}> ignored"));
            }
        }
    }

    let commit_log_sync = commit_log_sync(&cx, &top, root.line)?;
    let thrift_api_default = match top.text(&cx, "ThriftApiDefault")? {
        None => ThriftApi::Auto,
        Some((raw, line)) => ThriftApi::parse(raw).ok_or_else(|| {
            cx.invalid(
                line,
                "<ThriftApiDefault>",
                format!("ThriftApiDefault must be '0.6', '19' or 'auto' (found '{raw}')"),
            )
        })?,
    };
    let admin_listen = match top.text(&cx, "AdminListen")? {
        None => None,
        Some((raw, line)) => Some(
            AdminChoice::parse(raw)
                .map_err(|e| cx.invalid(line, "<AdminListen>", format!("AdminListen: {e}")))?,
        ),
    };
    let thrift19_port = match top.text(&cx, "Thrift19Port")? {
        None => None,
        Some((raw, line)) => Some(raw.trim().parse::<u16>().map_err(|_| {
            cx.invalid(
                line,
                "<Thrift19Port>",
                format!("Thrift19Port must be a port number (found '{raw}')"),
            )
        })?),
    };
    let native_port = match top.text(&cx, "NativeTransportPort")? {
        None => None,
        Some((raw, line)) => Some(raw.trim().parse::<u16>().map_err(|_| {
            cx.invalid(
                line,
                "<NativeTransportPort>",
                format!("NativeTransportPort must be a port number (found '{raw}')"),
            )
        })?),
    };
    let disk_access_mode = match top.text(&cx, "DiskAccessMode")? {
        None => DiskAccessMode::Auto,
        Some((raw, line)) => match raw {
            "auto" => DiskAccessMode::Auto,
            "mmap" => DiskAccessMode::Mmap,
            "mmap_index_only" => DiskAccessMode::MmapIndexOnly,
            "standard" => DiskAccessMode::Standard,
            _ => {
                return Err(cx.invalid(
                    line,
                    "<DiskAccessMode>",
                    format!(
                        "DiskAccessMode must be either 'auto', 'mmap', 'mmap_index_only', or 'standard' (found '{raw}')"
                    ),
                ))
            }
        },
    };
    let authenticator = authenticator(&mut cx, &top)?;
    let Some((partitioner, _)) = top.text(&cx, "Partitioner")? else {
        return Err(cx.invalid(
            root.line,
            "<Storage>",
            "Missing partitioner directive /Storage/Partitioner",
        ));
    };
    let partitioner = partitioner.to_string();

    let listen_address = top.string(&cx, "ListenAddress")?;
    if listen_address.as_deref() == Some("0.0.0.0") {
        let line = top.element("ListenAddress").map_or(root.line, |e| e.line);
        return Err(cx.invalid(
            line,
            "<ListenAddress>",
            "ListenAddress must be a single interface.  See http://wiki.apache.org/cassandra/FAQ#cant_listen_on_ip_any",
        ));
    }

    let data_file_directories: Vec<PathBuf> = top
        .list(&mut cx, "DataFileDirectories", "DataFileDirectory")?
        .into_iter()
        .map(|(d, _)| PathBuf::from(d))
        .collect();
    let commit_log_directory = top.path(&cx, "CommitLogDirectory")?;
    if let (Some(cl), Some(el)) = (&commit_log_directory, top.element("CommitLogDirectory")) {
        if data_file_directories
            .iter()
            .any(|d| crate::config::same_path(d, cl))
        {
            return Err(cx.invalid(
                el.line,
                "<CommitLogDirectory>",
                "CommitLogDirectory must not be the same as any DataFileDirectory",
            ));
        }
    }
    let seeds = top.list(&mut cx, "Seeds", "Seed")?;

    let mut keyspace_ignored = Vec::new();
    let keyspaces = match top.element("Keyspaces") {
        Some(el) => keyspace::keyspaces(&mut cx, el, &mut keyspace_ignored)?,
        None => Vec::new(),
    };
    // No keyspaces is fine (0.6 refused it): the schema API creates them.

    let mut config = Config {
        origin: cx.origin.clone(),
        source,
        format: ConfigFormat::StorageConfXml,
        cluster_name: top
            .string(&cx, "ClusterName")?
            .unwrap_or_else(|| "Test".into()),
        auto_bootstrap: top.boolean(
            &cx,
            "AutoBootstrap",
            false,
            "Unrecognized value for AutoBootstrap.  Use 'true' or 'false'.",
        )?,
        hinted_handoff_enabled: top.boolean(
            &cx,
            "HintedHandoffEnabled",
            true,
            "Unrecognized value for HintedHandoff.  Use 'true' or 'false'.",
        )?,
        index_interval: top.int(
            &cx,
            "IndexInterval",
            128,
            |v| v > 0,
            "Index Interval must be a positive, non-zero integer.",
        )?,
        keyspaces,
        authenticator,
        partitioner,
        initial_token: top.string(&cx, "InitialToken")?,
        saved_caches_directory: top.path(&cx, "SavedCachesDirectory")?,
        commit_log_directory,
        data_file_directories,
        seeds: seeds.iter().map(|(s, _)| s.clone()).collect(),
        rpc_timeout_in_millis: top.int(&cx, "RpcTimeoutInMillis", 2000, |v| v > 0, POSITIVE)?,
        phi_convict_threshold: top.int(
            &cx,
            "PhiConvictThreshold",
            8,
            |v| (5..=16).contains(&v),
            "PhiConvictThreshold must be between 5 and 16",
        )?,
        commit_log_rotation_threshold_in_mb: top.int(
            &cx,
            "CommitLogRotationThresholdInMB",
            128,
            |v| v > 0,
            POSITIVE,
        )?,
        listen_address,
        storage_port: top.int(&cx, "StoragePort", 7000, |_| true, "")?,
        thrift_address: top.string(&cx, "ThriftAddress")?,
        thrift_port: top.int(&cx, "ThriftPort", 9160, |_| true, "")?,
        thrift_framed_transport: top.boolean(
            &cx,
            "ThriftFramedTransport",
            false,
            "Unrecognized value for ThriftFramedTransport.  Use 'true' or 'false'.",
        )?,
        thrift_framed_transport_size_in_mb: None,
        thrift_max_message_length_in_mb: top.int(
            &cx,
            "ThriftMaxMessageLengthInMB",
            16,
            |v| (1..=2047).contains(&v),
            "ThriftMaxMessageLengthInMB must be between 1 and 2047",
        )?,
        thrift_limits: thrift_limits(&cx, &top)?,
        slow_request_threshold_in_ms: top.int(
            &cx,
            "SlowRequestThresholdInMS",
            DEFAULT_SLOW_REQUEST_MS,
            |v| v >= 0,
            "must be a number of milliseconds (0 for none)",
        )?,
        activity_log_size: match top.text(&cx, "ActivityLogSize")? {
            None => None,
            Some(_) => Some(top.int(
                &cx,
                "ActivityLogSize",
                0,
                |v| (0..=MAX_ACTIVITY_LOG_SIZE).contains(&v),
                "ActivityLogSize must be between 0 and 1000000",
            )?),
        },
        backend: top.string(&cx, "Backend")?,
        thrift_api_default,
        thrift19_port,
        admin_listen,
        native_port,
        disk_access_mode,
        row_warning_threshold_in_mb: top.int(
            &cx,
            "RowWarningThresholdInMB",
            512,
            |v| v > 0,
            "Row warning threshold must be a positive integer",
        )?,
        sliced_buffer_size_in_kb: top.int(&cx, "SlicedBufferSizeInKB", 64, |v| v > 0, POSITIVE)?,
        flush_data_buffer_size_in_mb: top.double(
            &cx,
            "FlushDataBufferSizeInMB",
            32.0,
            "must be a positive number",
        )?,
        flush_index_buffer_size_in_mb: top.double(
            &cx,
            "FlushIndexBufferSizeInMB",
            8.0,
            "must be a positive number",
        )?,
        column_index_size_in_kb: top.int(&cx, "ColumnIndexSizeInKB", 64, |v| v > 0, POSITIVE)?,
        memtable_throughput_in_mb: top.int(
            &cx,
            "MemtableThroughputInMB",
            64,
            |v| v > 0,
            POSITIVE,
        )?,
        binary_memtable_throughput_in_mb: top.int(
            &cx,
            "BinaryMemtableThroughputInMB",
            256,
            |v| v > 0,
            POSITIVE,
        )?,
        memtable_operations_in_millions: top.double(
            &cx,
            "MemtableOperationsInMillions",
            0.1,
            "Memtable object count must be a positive double",
        )?,
        memtable_total_space_in_mb: None,
        memtable_flush_after_minutes: top.int(
            &cx,
            "MemtableFlushAfterMinutes",
            60,
            |v| v > 0,
            POSITIVE,
        )?,
        concurrent_reads: top.int(
            &cx,
            "ConcurrentReads",
            8,
            |v| v >= 2,
            "ConcurrentReads must be at least 2",
        )?,
        concurrent_writes: top.int(
            &cx,
            "ConcurrentWrites",
            32,
            |v| v >= 2,
            "ConcurrentWrites must be at least 2",
        )?,
        commit_log_sync,
        commit_log_ignore_replay_errors: top.boolean(
            &cx,
            "CommitLogIgnoreReplayErrors",
            false,
            "Unrecognized value for CommitLogIgnoreReplayErrors.  Use 'true' or 'false'.",
        )?,
        gc_grace_seconds: top.int(
            &cx,
            "GCGraceSeconds",
            864000,
            |v| v >= 0,
            "GCGraceSeconds may not be negative",
        )?,
        do_consistency_checks: top.boolean(
            &cx,
            "DoConsistencyChecksBoolean",
            true,
            "Unrecognized value for DoConsistencyChecksBoolean.  Use 'true' or 'false'.",
        )?,
        snapshot_before_compaction: top.boolean(
            &cx,
            "SnapshotBeforeCompaction",
            false,
            "Unrecognized value for SnapshotBeforeCompaction.  Use 'true' or 'false'.",
        )?,
        job_tracker_host: top.string(&cx, "JobTrackerHost")?,
        job_jar_file_location: top.string(&cx, "JobJarFileLocation")?,
        warnings: Vec::new(),
        lines: top
            .by_name
            .iter()
            .map(|(k, e)| (k.to_string(), e.line))
            .collect(),
        ignored: Vec::new(),
    };
    config.ignored = ignored(&cx, &top, &config)?;
    config.ignored.extend(keyspace_ignored);
    config.warnings = cx.warnings;
    Ok(config)
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

fn commit_log_sync(cx: &Cx, top: &Top<'_>, root_line: usize) -> Result<CommitLogSync, ConfigError> {
    let period = top.text(cx, "CommitLogSyncPeriodInMS")?;
    let window = top.text(cx, "CommitLogSyncBatchWindowInMS")?;
    match top.text(cx, "CommitLogSync")? {
        None => Err(cx.invalid(
            root_line,
            "<Storage>",
            "Missing required directive CommitLogSync",
        )),
        Some(("batch", line)) => {
            if let Some((_, pline)) = period {
                return Err(cx.invalid(pline, "<CommitLogSyncPeriodInMS>", "Batch sync specified, but CommitLogSyncPeriodInMS found.  Only specify CommitLogSyncBatchWindowInMS when using batch sync."));
            }
            let expected = "Unrecognized value for CommitLogSyncBatchWindowInMS.  Double expected.";
            let Some((raw, wline)) = window else {
                return Err(cx.invalid(
                    line,
                    "<CommitLogSync>",
                    format!("{expected} (<CommitLogSyncBatchWindowInMS> is missing)"),
                ));
            };
            match values::double(raw) {
                Ok(w) if w >= 0.0 => Ok(CommitLogSync::Batch { window_in_ms: w }),
                _ => Err(cx.invalid(
                    wline,
                    "<CommitLogSyncBatchWindowInMS>",
                    format!("{expected} (found '{raw}')"),
                )),
            }
        }
        Some(("periodic", line)) => {
            if let Some((_, wline)) = window {
                return Err(cx.invalid(wline, "<CommitLogSyncBatchWindowInMS>", "Periodic sync specified, but CommitLogSyncBatchWindowInMS found.  Only specify CommitLogSyncPeriodInMS when using periodic sync."));
            }
            let expected = "Unrecognized value for CommitLogSyncPeriodInMS.  Integer expected.";
            let Some((raw, pline)) = period else {
                return Err(cx.invalid(
                    line,
                    "<CommitLogSync>",
                    format!("{expected} (<CommitLogSyncPeriodInMS> is missing)"),
                ));
            };
            match values::integer::<u32>(raw) {
                Ok(p) if p > 0 => Ok(CommitLogSync::Periodic { period_in_ms: p }),
                _ => Err(cx.invalid(
                    pline,
                    "<CommitLogSyncPeriodInMS>",
                    format!("{expected} (found '{raw}'; it must be positive)"),
                )),
            }
        }
        Some((other, line)) => Err(cx.invalid(
            line,
            "<CommitLogSync>",
            format!("CommitLogSync must be either 'periodic' or 'batch' (found '{other}')"),
        )),
    }
}

fn authenticator(cx: &mut Cx, top: &Top<'_>) -> Result<AuthenticatorConfig, ConfigError> {
    let Some(el) = top.element("Authenticator") else {
        return Ok(AuthenticatorConfig {
            class_name: DEFAULT_AUTHENTICATOR.into(),
            passwd_properties: None,
            access_properties: None,
            passwd_mode: None,
            line: None,
        });
    };
    let class_name = leaf_text(cx, el)?
        .unwrap_or(DEFAULT_AUTHENTICATOR)
        .to_string();
    let mut config = AuthenticatorConfig {
        class_name,
        passwd_properties: None,
        access_properties: None,
        passwd_mode: None,
        line: Some(el.line),
    };
    for a in &el.attrs {
        let at = format!("<Authenticator> attribute {}", a.name);
        let value = a.value.trim();
        match a.name.as_str() {
            "PasswdProperties" | "AccessProperties" if value.is_empty() => {
                return Err(cx.invalid(a.line, at, format!("{} may not be empty", a.name)));
            }
            "PasswdProperties" => config.passwd_properties = Some(PathBuf::from(value)),
            "AccessProperties" => config.access_properties = Some(PathBuf::from(value)),
            "PasswdMode" => {
                // Same check and text as 0.6's SimpleAuthenticator, but at start-up.
                if value != "PLAIN" && value != "MD5" {
                    return Err(cx.invalid(a.line, at, format!("The requested password check mode '{value}' is not a valid mode.  Possible values are 'PLAIN', 'MD5', or leave it unspecified.")));
                }
                config.passwd_mode = Some(value.to_string());
            }
            _ => cx.unknown_attribute(a, "<Authenticator>", AUTHENTICATOR_ATTRIBUTES, "")?,
        }
    }
    Ok(config)
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
