//! Reads a Cassandra 0.7–2.x `cassandra.yaml` into the same [`Config`] a
//! `storage-conf.xml` gives, so the rest of the server never knows which
//! file it was started with.
//!
//! What is read: cluster_name, partitioner, rpc_address/rpc_port,
//! start_native_transport/native_transport_port,
//! data_file_directories, commitlog_directory, saved_caches_directory,
//! commitlog_sync with its period or batch window, the commit log segment
//! size, authenticator (AllowAll or Simple; 1.2's PasswordAuthenticator and
//! any authorizer but AllowAllAuthorizer are refused: their users and grants
//! live in tables supercolumn does not keep), the Thrift frame and message
//! sizes, initial_token, the memtable and index settings 0.6 also had, the
//! prepared-statement cache sizes (3.6's keys) and the read timeout
//! (supercolumn's own), and the 0.7 `keyspaces:` section
//! ([`super::keyspace`]). Multi-node keys
//! are listed as ignored, tuning keys accepted silently ([`super::keys`]);
//! other keys are warned about, or refused when they look like a typo of a
//! known one. Defaults are 1.2's where it changed them (commit log segments
//! of 32 MB), else 0.6's, as for `storage-conf.xml`.

use super::fields::{render, Fields};
use super::keys::{self as yaml_keys, CLUSTER_ONLY};
use super::keyspace as yaml_keyspace;
use super::tree::{self as yaml_tree, Node};
use crate::config::context::Cx;
use crate::config::error::{ConfigError, IgnoredSetting};
use crate::config::values;
use crate::config::{
    AdminChoice, AuthenticatorConfig, CommitLogSync, Config, ConfigFormat, DiskAccessMode,
    ThriftApi, ThriftLimits, DEFAULT_AUTHENTICATOR, DEFAULT_SLOW_REQUEST_MS, MAX_ACTIVITY_LOG_SIZE,
    MAX_PREPARED_CACHE_MB,
};
use std::path::PathBuf;

const AUTH_PACKAGE: &str = "org.apache.cassandra.auth.";

pub(in crate::config) fn parse(
    text: &str,
    origin: String,
    source: Option<PathBuf>,
) -> Result<Config, ConfigError> {
    let root = yaml_tree::parse_document(text).map_err(|e| ConfigError::Yaml {
        origin: origin.clone(),
        line: e.line,
        message: e.message,
    })?;
    let mut cx = Cx {
        origin,
        warnings: Vec::new(),
    };
    let empty = Node::Map {
        entries: Vec::new(),
        line: 1,
    };
    let root = root.unwrap_or(empty);
    let known: Vec<&str> = yaml_keys::all().collect();
    let f = Fields::of(&mut cx, &root, "cassandra.yaml", "", &known)?;

    let Some((partitioner, partitioner_line)) = f.text(&cx, "partitioner")? else {
        return Err(cx.invalid(f.line, "partitioner", "Missing directive: partitioner"));
    };
    let partitioner = partitioner.trim().to_string();
    let commit_log_sync = commit_log_sync(&cx, &f)?;
    let authenticator = authenticator(&mut cx, &f)?;
    let data_file_directories = f
        .list(&cx, "data_file_directories")?
        .into_iter()
        .map(|(d, _)| PathBuf::from(d))
        .collect();
    let framed_size = f.opt_int(
        &cx,
        "thrift_framed_transport_size_in_mb",
        |v| (0..=2047).contains(&v),
        "thrift_framed_transport_size_in_mb must be between 0 and 2047",
    )?;
    let disk_access_mode = match f.text(&cx, "disk_access_mode")? {
        None => DiskAccessMode::Auto,
        Some((raw, line)) => match raw.trim() {
            "auto" => DiskAccessMode::Auto,
            "mmap" => DiskAccessMode::Mmap,
            "mmap_index_only" => DiskAccessMode::MmapIndexOnly,
            "standard" => DiskAccessMode::Standard,
            other => {
                return Err(cx.invalid(
                    line,
                    "disk_access_mode",
                    format!("disk_access_mode must be auto, mmap, mmap_index_only or standard (found '{other}')"),
                ))
            }
        },
    };
    notes(&mut cx, &f)?;
    let endpoint_snitch = f
        .string(&cx, "endpoint_snitch")?
        .unwrap_or_else(|| "org.apache.cassandra.locator.SimpleSnitch".to_string());
    let mut ignored = ignored(&f);
    let keyspaces = match f.node("keyspaces") {
        Some(node) => yaml_keyspace::keyspaces(&mut cx, node, &endpoint_snitch, &mut ignored)?,
        None => Vec::new(),
    };
    let positive = "must be a positive integer";
    let config = Config {
        origin: cx.origin.clone(),
        source,
        format: ConfigFormat::CassandraYaml,
        cluster_name: f
            .string(&cx, "cluster_name")?
            .unwrap_or_else(|| "Test Cluster".into()),
        auto_bootstrap: f.opt_bool(&cx, "auto_bootstrap")?.unwrap_or(false),
        hinted_handoff_enabled: f.opt_bool(&cx, "hinted_handoff_enabled")?.unwrap_or(true),
        index_interval: f.int(&cx, "index_interval", 128, |v| v > 0, positive)?,
        keyspaces,
        authenticator,
        partitioner,
        initial_token: f.string(&cx, "initial_token")?,
        saved_caches_directory: f.string(&cx, "saved_caches_directory")?.map(PathBuf::from),
        commit_log_directory: f.string(&cx, "commitlog_directory")?.map(PathBuf::from),
        data_file_directories,
        seeds: Vec::new(),
        rpc_timeout_in_millis: f.int(&cx, "rpc_timeout_in_ms", 10000, |v| v > 0, positive)?,
        phi_convict_threshold: 8,
        commit_log_rotation_threshold_in_mb: match f.opt_int(
            &cx,
            "commitlog_segment_size_in_mb",
            |v| v > 0,
            positive,
        )? {
            Some(mb) => mb,
            None => f.int(
                &cx,
                "commitlog_rotation_threshold_in_mb",
                32,
                |v| v > 0,
                positive,
            )?,
        },
        listen_address: f.string(&cx, "listen_address")?,
        storage_port: f.int(&cx, "storage_port", 7000, |_| true, "")?,
        thrift_address: f.string(&cx, "rpc_address")?,
        thrift_port: f.int(&cx, "rpc_port", 9160, |_| true, "")?,
        thrift_framed_transport: match framed_size {
            Some(size) => size > 0,
            None => f.opt_bool(&cx, "thrift_framed_transport")?.unwrap_or(true),
        },
        thrift_api_default: ThriftApi::Auto,
        thrift19_port: None,
        admin_listen: match f.text(&cx, "admin_listen")? {
            None => None,
            Some((raw, line)) => Some(
                AdminChoice::parse(raw)
                    .map_err(|e| cx.invalid(line, "admin_listen", format!("admin_listen: {e}")))?,
            ),
        },
        native_port: match f.opt_bool(&cx, "start_native_transport")? {
            Some(true) => Some(f.int(&cx, "native_transport_port", 9042, |_| true, "")?),
            _ => None,
        },
        thrift_framed_transport_size_in_mb: framed_size,
        thrift_max_message_length_in_mb: f.int(
            &cx,
            "thrift_max_message_length_in_mb",
            16,
            |v| (1..=2047).contains(&v),
            "thrift_max_message_length_in_mb must be between 1 and 2047",
        )?,
        thrift_limits: thrift_limits(&cx, &f)?,
        slow_request_threshold_in_ms: f.int(
            &cx,
            "slow_query_log_timeout_in_ms",
            DEFAULT_SLOW_REQUEST_MS,
            |v| v >= 0,
            "slow_query_log_timeout_in_ms must be a number of milliseconds (0 for none)",
        )?,
        activity_log_size: f.opt_int(
            &cx,
            "activity_log_size",
            |v| (0..=MAX_ACTIVITY_LOG_SIZE).contains(&v),
            "activity_log_size must be between 0 and 1000000",
        )?,
        backend: f.string(&cx, "backend")?,
        disk_access_mode,
        row_warning_threshold_in_mb: 512,
        sliced_buffer_size_in_kb: 64,
        flush_data_buffer_size_in_mb: 32.0,
        flush_index_buffer_size_in_mb: 8.0,
        column_index_size_in_kb: f.int(&cx, "column_index_size_in_kb", 64, |v| v > 0, positive)?,
        // Cassandra 1.0 dropped the per-memtable bounds for the total
        // space below: absent, they bound nothing (a stock 1.2 file would
        // otherwise flush every 100,000 operations, 0.6's default).
        memtable_throughput_in_mb: f.int(
            &cx,
            "memtable_throughput_in_mb",
            0,
            |v| v > 0,
            positive,
        )?,
        binary_memtable_throughput_in_mb: 256,
        memtable_operations_in_millions: f.positive_double(
            &cx,
            "memtable_operations_in_millions",
            0.0,
        )?,
        memtable_total_space_in_mb: f.opt_int(
            &cx,
            "memtable_total_space_in_mb",
            |v| v > 0,
            positive,
        )?,
        memtable_flush_after_minutes: f.int(
            &cx,
            "memtable_flush_after_mins",
            60,
            |v| v > 0,
            positive,
        )?,
        concurrent_reads: f.int(
            &cx,
            "concurrent_reads",
            32,
            |v| v >= 2,
            "concurrent_reads must be at least 2",
        )?,
        concurrent_writes: f.int(
            &cx,
            "concurrent_writes",
            32,
            |v| v >= 2,
            "concurrent_writes must be at least 2",
        )?,
        commit_log_sync,
        // Cassandra took this from a system property, not the yaml; the
        // `serve` flag sets it.
        commit_log_ignore_replay_errors: false,
        gc_grace_seconds: f.int(
            &cx,
            "gc_grace_seconds",
            864000,
            |v| v >= 0,
            "gc_grace_seconds may not be negative",
        )?,
        do_consistency_checks: true,
        snapshot_before_compaction: false,
        job_tracker_host: f.string(&cx, "job_tracker_host")?,
        job_jar_file_location: f.string(&cx, "job_jar_file_location")?,
        warnings: Vec::new(),
        lines: [("Partitioner".to_string(), partitioner_line)].into(),
        ignored,
    };
    Ok(Config {
        warnings: cx.warnings,
        ..config
    })
}

/// The limits a yaml can set: the read timeout (supercolumn's own key, named
/// after its XML element) and the prepared-statement caches, by Cassandra
/// 3.6's keys. 3.6 bounded the native protocol's cache and Thrift's apart;
/// here one CQL 3 cache serves both (an entry carries both ids), so
/// `prepared_statements_cache_size_mb` bounds it, and
/// `thrift_prepared_statements_cache_size_mb` bounds the cache only Thrift
/// uses, CQL 2's. The other limits have no key: the defaults, or the
/// `serve` flags.
fn thrift_limits(cx: &Cx, f: &Fields<'_>) -> Result<ThriftLimits, ConfigError> {
    let d = ThriftLimits::default();
    let cache_mb = |key: &str, default: u32| {
        f.int(
            cx,
            key,
            default,
            |v| (1..=i64::from(MAX_PREPARED_CACHE_MB)).contains(&v),
            &format!("{key} must be between 1 and {MAX_PREPARED_CACHE_MB}"),
        )
    };
    Ok(ThriftLimits {
        read_timeout_in_seconds: f.int(
            cx,
            "thrift_read_timeout_in_seconds",
            d.read_timeout_in_seconds,
            |v| v >= 0,
            "thrift_read_timeout_in_seconds must be a number of seconds (0 for none)",
        )?,
        prepared_cache_in_mb: cache_mb(
            "prepared_statements_cache_size_mb",
            d.prepared_cache_in_mb,
        )?,
        cql2_prepared_cache_in_mb: cache_mb(
            "thrift_prepared_statements_cache_size_mb",
            d.cql2_prepared_cache_in_mb,
        )?,
        ..d
    })
}

/// `commitlog_sync` with exactly one of its period or batch window, with
/// the checks (and nearly the words) of 1.2's `DatabaseDescriptor`.
fn commit_log_sync(cx: &Cx, f: &Fields<'_>) -> Result<CommitLogSync, ConfigError> {
    let period = f.text(cx, "commitlog_sync_period_in_ms")?;
    let window = f.text(cx, "commitlog_sync_batch_window_in_ms")?;
    let Some((mode, line)) = f.text(cx, "commitlog_sync")? else {
        return Err(cx.invalid(
            f.line,
            "commitlog_sync",
            "Missing required directive CommitLogSync",
        ));
    };
    match mode.trim() {
        "batch" => {
            if let Some((_, pline)) = period {
                return Err(cx.invalid(pline, "commitlog_sync_period_in_ms", "Batch sync specified, but commitlog_sync_period_in_ms found.  Only specify commitlog_sync_batch_window_in_ms when using batch sync"));
            }
            let Some((raw, wline)) = window else {
                return Err(cx.invalid(
                    line,
                    "commitlog_sync",
                    "Missing value for commitlog_sync_batch_window_in_ms: Double expected.",
                ));
            };
            match values::double(raw) {
                Ok(w) if w >= 0.0 => Ok(CommitLogSync::Batch { window_in_ms: w }),
                _ => Err(cx.invalid(
                    wline,
                    "commitlog_sync_batch_window_in_ms",
                    format!("commitlog_sync_batch_window_in_ms must be a number of milliseconds, 0 or more (found '{raw}')"),
                )),
            }
        }
        "periodic" => {
            if let Some((_, wline)) = window {
                return Err(cx.invalid(wline, "commitlog_sync_batch_window_in_ms", "Periodic sync specified, but commitlog_sync_batch_window_in_ms found.  Only specify commitlog_sync_period_in_ms when using periodic sync."));
            }
            let Some((raw, pline)) = period else {
                return Err(cx.invalid(
                    line,
                    "commitlog_sync",
                    "Missing value for commitlog_sync_period_in_ms: Integer expected",
                ));
            };
            match values::integer::<u32>(raw) {
                Ok(p) if p > 0 => Ok(CommitLogSync::Periodic { period_in_ms: p }),
                _ => Err(cx.invalid(
                    pline,
                    "commitlog_sync_period_in_ms",
                    format!("commitlog_sync_period_in_ms must be a positive number of milliseconds (found '{raw}')"),
                )),
            }
        }
        other => Err(cx.invalid(
            line,
            "commitlog_sync",
            format!("commitlog_sync must be either 'periodic' or 'batch' (found '{other}')"),
        )),
    }
}

/// `authenticator` (short or full class name), and the authorization keys
/// that would need users and grants kept in tables.
fn authenticator(cx: &mut Cx, f: &Fields<'_>) -> Result<AuthenticatorConfig, ConfigError> {
    let mut config = AuthenticatorConfig {
        class_name: DEFAULT_AUTHENTICATOR.into(),
        passwd_properties: None,
        access_properties: None,
        passwd_mode: None,
        line: None,
    };
    if let Some((raw, line)) = f.text(cx, "authenticator")? {
        let class = raw.trim();
        let short = class.strip_prefix(AUTH_PACKAGE).unwrap_or(class);
        if short == "PasswordAuthenticator" {
            return Err(cx.invalid(
                line,
                "authenticator",
                "PasswordAuthenticator is not supported: its users live in the system_auth \
                 keyspace and are managed with CQL's CREATE USER, which supercolumn does not serve. \
                 Use AllowAllAuthenticator, or SimpleAuthenticator with passwd.properties and \
                 access.properties beside this file",
            ));
        }
        // The class resolves (or is refused, naming this line) where the
        // authenticator is built; the package is added to a short name.
        config.class_name = if class.contains('.') {
            class.to_string()
        } else {
            format!("{AUTH_PACKAGE}{class}")
        };
        config.line = Some(line);
    }
    if let Some((raw, line)) = f.text(cx, "authorizer")? {
        let class = raw.trim();
        if class.strip_prefix(AUTH_PACKAGE).unwrap_or(class) != "AllowAllAuthorizer" {
            return Err(cx.invalid(
                line,
                "authorizer",
                format!("authorizer {class} is not supported: GRANT and REVOKE are not served. Use AllowAllAuthorizer (SimpleAuthenticator applies access.properties)"),
            ));
        }
    }
    if let Some((raw, line)) = f.text(cx, "authority")? {
        let class = raw.trim();
        let short = class.strip_prefix(AUTH_PACKAGE).unwrap_or(class);
        if short != "AllowAllAuthority" && short != "SimpleAuthority" {
            cx.warn(
                line,
                format!("authority {class} ignored (SimpleAuthenticator applies access.properties itself)"),
            );
        }
    }
    Ok(config)
}

/// Settings accepted with a word of warning: they ask for something
/// supercolumn does differently.
fn notes(cx: &mut Cx, f: &Fields<'_>) -> Result<(), ConfigError> {
    if f.opt_bool(cx, "start_rpc")? == Some(false) {
        let line = f.line_of("start_rpc").unwrap_or(f.line);
        cx.warn(
            line,
            "start_rpc: false ignored: supercolumn always serves Thrift on rpc_port",
        );
    }
    Ok(())
}

/// Present multi-node keys with a value, for the start-up summary line.
fn ignored(f: &Fields<'_>) -> Vec<IgnoredSetting> {
    let mut out = Vec::new();
    for key in CLUSTER_ONLY.iter().chain(&["initial_token"]) {
        let Some(node) = f.node(key) else {
            continue;
        };
        let value = if *key == "seed_provider" {
            seeds_of(node).unwrap_or_else(|| render(node))
        } else {
            render(node)
        };
        if value.is_empty() {
            continue;
        }
        out.push(IgnoredSetting {
            setting: key.to_string(),
            value,
            line: f.line_of(key).unwrap_or(f.line),
        });
    }
    out
}

/// The `seeds` parameter of the (1.x) seed provider.
fn seeds_of(node: &Node) -> Option<String> {
    let Node::Seq { items, .. } = node else {
        return None;
    };
    let mut found = Vec::new();
    for provider in items {
        let Node::Map { entries, .. } = provider else {
            continue;
        };
        for e in entries.iter().filter(|e| e.key == "parameters") {
            let Node::Seq { items, .. } = &e.value else {
                continue;
            };
            for p in items {
                if let Node::Map { entries, .. } = p {
                    for s in entries.iter().filter(|s| s.key == "seeds") {
                        found.push(render(&s.value));
                    }
                }
            }
        }
    }
    (!found.is_empty()).then(|| found.join(", "))
}
