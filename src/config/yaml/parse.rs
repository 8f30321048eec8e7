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
//! ([`super::keyspace`]). The settings with their own parsing are read by
//! [`super::special`]. Multi-node keys are listed as ignored, tuning keys
//! accepted silently ([`super::keys`]); other keys are warned about, or
//! refused when they look like a typo of a known one. Defaults are 1.2's where it changed them (commit log segments
//! of 32 MB), else 0.6's, as for `storage-conf.xml`.

use super::fields::{render, Fields};
use super::keys::{self, CLUSTER_ONLY};
use super::special::Special;
use super::tree::{self, Node};
use crate::config::context::Cx;
use crate::config::error::{ConfigError, IgnoredSetting};
use crate::config::values;
use crate::config::{
    AdminChoice, Config, ConfigFormat, ThriftApi, ThriftLimits, DEFAULT_SLOW_REQUEST_MS,
    MAX_ACTIVITY_LOG_SIZE, MAX_NUM_TOKENS, MAX_PREPARED_CACHE_MB,
};
use std::path::PathBuf;

pub(in crate::config) fn parse(
    text: &str,
    origin: String,
    source: Option<PathBuf>,
) -> Result<Config, ConfigError> {
    let root = tree::parse_document(text).map_err(|e| ConfigError::Yaml {
        origin: origin.clone(),
        line: e.line,
        message: e.message,
    })?;
    let mut cx = Cx::new(origin);
    let empty = Node::Map {
        entries: Vec::new(),
        line: 1,
    };
    let root = root.unwrap_or(empty);
    let known: Vec<&str> = keys::all().collect();
    let f = Fields::of(&mut cx, &root, "cassandra.yaml", "", &known)?;
    let mut ignored = ignored(&f);
    let special = Special::read(&mut cx, &f, &mut ignored)?;
    settings(cx, &f, special, ignored, source)
}

/// The whole [`Config`]: the plain settings, each with its default and
/// check, read in the order below, joined with the [`Special`] ones.
fn settings(
    cx: Cx,
    f: &Fields<'_>,
    special: Special,
    ignored: Vec<IgnoredSetting>,
    source: Option<PathBuf>,
) -> Result<Config, ConfigError> {
    let Special {
        partitioner,
        partitioner_line,
        commit_log_sync,
        authenticator,
        data_file_directories,
        framed_size,
        disk_access_mode,
        keyspaces,
    } = special;
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
        num_tokens: f.opt_int(
            &cx,
            "num_tokens",
            |v| (1..=MAX_NUM_TOKENS).contains(&v),
            "num_tokens must be between 1 and 1536",
        )?,
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
        thrift_limits: thrift_limits(&cx, f)?,
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
        cassandra_version: match f.text(&cx, "cassandra_version")? {
            None => None,
            Some((raw, line)) => {
                Some(values::release(raw).map_err(|e| cx.invalid(line, "cassandra_version", e))?)
            }
        },
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
