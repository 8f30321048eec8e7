//! `serve`'s configuration: which file is read, how the command line
//! overrides it, and what it turns into (the engine's options, the Thrift
//! generations served, the connection limits). Owns reading and checking;
//! starting anything is [`super::startup`]'s and `run`'s, in `main.rs`.

use crate::{Fatal, ServeArgs, DEFAULT_CONFIG};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use supercolumn::config::{CommitLogSync, Config, ConfigFormat, ThriftApi};
use supercolumn::node::limits::{self, FdLimit, LimitSettings, Limits};
use supercolumn::release::{Behaviour, ThriftGeneration};
use supercolumn::storage::{
    commitlog::SyncMode, EngineOptions, IndexBuilds, IndexChecks, RangeJudging, Reconciling, Ties,
};
use supercolumn::thrift::session::{Generation, GenerationPolicy};
use supercolumn::thrift::wire::Framing;

/// Splits `HOST:PORT` (`[v6]:PORT` for IPv6 literals).
pub(crate) fn parse_listen(s: &str) -> Result<(String, u16), Fatal> {
    let bad = || Fatal(format!("--listen {s:?}: expected HOST:PORT"));
    let (host, port) = s.rsplit_once(':').ok_or_else(bad)?;
    let host = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host);
    if host.is_empty() {
        return Err(bad());
    }
    let port = port.parse::<u16>().map_err(|_| bad())?;
    Ok((host.to_string(), port))
}

/// The configuration file named, else the stock defaults of the release
/// `--cassandra-version` names, else `./storage-conf.xml`, else the
/// built-in default.
pub(crate) fn read_config(args: &ServeArgs) -> Result<Config, Fatal> {
    let path = match &args.config {
        Some(path) => path.clone(),
        // A release chosen without a file runs on that release's stock
        // defaults, whatever ./storage-conf.xml says.
        None if args.cassandra_version.is_some() => {
            let release = args.cassandra_version.expect("checked");
            tracing::info!(
                "no --config: using Cassandra {}'s stock defaults \
                 (no keyspaces, {}, {} token(s))",
                release.version,
                release.defaults.partitioner,
                release.defaults.num_tokens.unwrap_or(1)
            );
            return Ok(Config::stock(release));
        }
        None if std::path::Path::new(DEFAULT_CONFIG).exists() => PathBuf::from(DEFAULT_CONFIG),
        None => {
            let config = Config::builtin();
            tracing::info!(
                "no --config and no ./{DEFAULT_CONFIG}: using the built-in default \
                 (the repository's storage-conf.xml: Keyspace1 and BloggyAppy, data under ./data)"
            );
            return Ok(config);
        }
    };
    let config =
        Config::from_file(&path).map_err(|e| Fatal(format!("configuration error: {e}")))?;
    tracing::info!("configuration: {}", path.display());
    Ok(config)
}

pub(crate) fn load_config(args: &ServeArgs) -> Result<Config, Fatal> {
    let mut config = read_config(args)?;
    if let Some(listen) = &args.listen {
        let (host, port) = parse_listen(listen)?;
        config.override_thrift_address(&host);
        config.override_thrift_port(port);
        // A throwaway server (tests, scripts) must not take the fixed port.
        if port == 0 && config.native_port.is_some() {
            config.native_port = Some(0);
        }
    }
    if let Some(release) = args.cassandra_version {
        config.cassandra_version = Some(release);
    }
    config
        .check_release()
        .map_err(|e| Fatal(format!("configuration error: {e}")))?;
    if let Some(dir) = &args.data_dir {
        config.override_data_dir(dir);
    }
    let limits = &mut config.thrift_limits;
    if let Some(n) = args.max_connections {
        limits.max_connections = Some(n);
    }
    if let Some(s) = args.idle_timeout {
        limits.idle_timeout_in_seconds = s;
    }
    if let Some(s) = args.read_timeout {
        limits.read_timeout_in_seconds = s;
    }
    if let Some(mb) = args.prepared_cache {
        limits.prepared_cache_in_mb = mb;
        limits.cql2_prepared_cache_in_mb = mb;
    }
    if let Some(s) = args.write_timeout {
        limits.write_timeout_in_seconds = s;
    }
    if let Some(mb) = args.memory_budget {
        limits.memory_budget_in_mb = mb;
    }
    if let Some(ms) = args.slow_request_threshold {
        config.slow_request_threshold_in_ms = ms;
    }
    if let Some(n) = args.activity_log_size {
        config.activity_log_size = Some(n);
    }
    if let Some(admin) = &args.admin_listen {
        config.admin_listen = Some(admin.clone());
    }
    for w in config.warnings() {
        tracing::warn!("{}: {w}", config.origin);
    }
    if !config.ignored().is_empty() {
        let list: Vec<String> = config.ignored().iter().map(|i| i.to_string()).collect();
        tracing::info!("accepted but ignored on a single node: {}", list.join("; "));
    }
    Ok(config)
}

/// How the main port picks the generation of calls both share:
/// `--api-default`, else `ThriftApiDefault`, else by transport.
pub(crate) fn generation_policy(config: &Config, flag: Option<ThriftApi>) -> GenerationPolicy {
    // A release spoke one generation only: every call is that one's.
    if let Some(release) = config.cassandra_version {
        let pinned = match release.generation {
            ThriftGeneration::Api2 => Generation::Api2,
            ThriftGeneration::Api19 => Generation::Api19,
        };
        return GenerationPolicy {
            pinned: Some(pinned),
            ..GenerationPolicy::default()
        };
    }
    let chosen = match flag.unwrap_or(config.thrift_api_default) {
        ThriftApi::Api2 => Some(Generation::Api2),
        ThriftApi::Api19 => Some(Generation::Api19),
        ThriftApi::Auto => None,
    };
    GenerationPolicy {
        pinned: None,
        default: chosen,
        framed: if config.framed_clients_speak_0_6() {
            Generation::Api2
        } else {
            Generation::Api19
        },
    }
}

/// The one Thrift transport the main port reads: a release's own (0.6 and
/// 0.7 read the one their file chose, later releases framed only); `None`
/// without a release, where each connection's first bytes tell.
pub(crate) fn served_framing(config: &Config) -> Option<Framing> {
    let release = config.cassandra_version?;
    let api2 = release.generation == ThriftGeneration::Api2;
    // Only the release's own kind of file chose (0.6 read storage-conf.xml,
    // 0.7 cassandra.yaml); otherwise its stock file's choice: 0.6's did not
    // frame, 0.7's did.
    let own_file = api2 == (config.format == ConfigFormat::StorageConfXml);
    let framed = if release.does(Behaviour::FramingFromConfig) && own_file {
        config.thrift_framed_transport
    } else {
        !api2
    };
    Some(if framed {
        Framing::Framed
    } else {
        Framing::Unframed
    })
}

/// The engine's settings from the config; directories only when durable.
pub(crate) fn engine_options(config: &Config, in_memory: bool) -> Result<EngineOptions, Fatal> {
    let mut o = EngineOptions {
        sync: match config.commit_log_sync {
            CommitLogSync::Periodic { period_in_ms } => SyncMode::Periodic {
                period: Duration::from_millis(period_in_ms.into()),
            },
            CommitLogSync::Batch { window_in_ms } => SyncMode::Batch {
                window: Duration::from_secs_f64(window_in_ms.max(0.0) / 1000.0),
            },
        },
        segment_size: u64::from(config.commit_log_rotation_threshold_in_mb.max(1)) * 1024 * 1024,
        memtable_throughput_mb: config.memtable_throughput_in_mb.into(),
        memtable_operations_millions: config.memtable_operations_in_millions,
        memtable_flush_after_minutes: config.memtable_flush_after_minutes.into(),
        memtable_total_space_mb: memtable_total_space_mb(config),
        column_index_size_kb: config.column_index_size_in_kb.into(),
        index_interval: config.index_interval as usize,
        gc_grace_seconds: config.gc_grace_seconds,
        ignore_commitlog_replay_errors: config.commit_log_ignore_replay_errors,
        ties: Reconciling {
            ties: match config.cassandra_version {
                Some(r) if r.does(Behaviour::LaterWriteWinsTies) => Ties::TakeLater,
                Some(r) if r.does(Behaviour::LongerLivedWinsTies) => Ties::LongerLived,
                Some(r) if r.does(Behaviour::ExpiringTiesLongerLived) => Ties::FirstUnlessOutlived,
                _ => Ties::KeepFirst,
            },
            signed_values: config
                .cassandra_version
                .is_some_and(|r| r.does(Behaviour::SignedValueTies)),
        },
        range_judging: match config.cassandra_version {
            Some(r) if r.does(Behaviour::RangeBoundsWalkedSelected) => RangeJudging::WalkedSelected,
            Some(r) if r.does(Behaviour::RangeBoundsWalked) => RangeJudging::Walked,
            _ => RangeJudging::Covering,
        },
        index_builds: match config.cassandra_version {
            Some(r) if r.does(Behaviour::IndexBuiltLater) => IndexBuilds::Later {
                fails: r.does(Behaviour::UnbuiltIndexTimesOut),
            },
            _ => IndexBuilds::AtOnce,
        },
        index_checks: match config.cassandra_version {
            Some(r) if r.does(Behaviour::IndexMatchesDeleted) => IndexChecks::Met,
            _ => IndexChecks::Live,
        },
        ..EngineOptions::default()
    };
    if !in_memory {
        let dirs = config
            .directories()
            .map_err(|e| Fatal(format!("configuration error: {e}")))?;
        if dirs.data.len() > 1 {
            tracing::warn!(
                "only the first DataFileDirectory is used: {}",
                dirs.data[0].display()
            );
        }
        o.data_dir = Some(dirs.data[0].clone());
        o.commitlog_dir = Some(dirs.commit_log);
    }
    Ok(o)
}

/// The server's limits from the configuration, with the connection cap
/// lowered to what the open-file limit leaves after the storage reserve.
/// Call once the engine has opened its files and the listeners are bound.
pub(crate) fn server_limits(config: &Config, fds: FdLimit) -> Result<Arc<Limits>, Fatal> {
    let l = config.thrift_limits;
    let open = limits::open_fds().unwrap_or(0);
    let cap = limits::fd_connection_cap(fds.now, open);
    if cap == 0 {
        return Err(Fatal(format!(
            "the open-file limit ({}) leaves no descriptor for client connections: {open} are \
             open and {} are kept in reserve for storage; raise it (ulimit -n)",
            fds.now.unwrap_or(0),
            limits::fd_reserve(fds.now.unwrap_or(0) as usize, open),
        )));
    }
    let max_connections = match l.max_connections {
        Some(n) if n as usize > cap => {
            tracing::warn!(
                "ThriftMaxConnections {n} is more than the open-file limit allows; using {cap}"
            );
            cap
        }
        Some(n) => n as usize,
        None => cap,
    };
    let limit = fds.now.map_or("unlimited".to_string(), |n| n.to_string());
    let raised = match (fds.before, fds.now) {
        (before, now) if before == now => String::new(),
        (Some(before), _) => format!(" (raised from {before})"),
        (None, _) => String::new(),
    };
    let slow = match config.slow_request_threshold_in_ms {
        0 => "off".to_string(),
        ms => format!("over {ms} ms"),
    };
    let prepared = match (l.prepared_cache_in_mb, l.cql2_prepared_cache_in_mb) {
        (cql3, cql2) if cql3 == cql2 => format!("{cql3} MB"),
        (cql3, cql2) => format!("{cql3} MB (CQL 2: {cql2} MB)"),
    };
    tracing::info!(
        "open-file limit {limit}{raised}, {open} open at start; at most {max_connections} \
         client connections; memory budget {} MB; idle timeout {}; read timeout {}; \
         write timeout {}; prepared statements {prepared}; slow-request log {slow}",
        l.memory_budget_in_mb,
        seconds_or_never(l.idle_timeout_in_seconds),
        seconds_or_never(l.read_timeout_in_seconds),
        seconds_or_never(l.write_timeout_in_seconds),
    );
    let secs = |s: u32| (s > 0).then(|| Duration::from_secs(s.into()));
    Ok(Limits::new(LimitSettings {
        max_connections,
        memory_budget_bytes: l.memory_budget_in_mb as usize * 1024 * 1024,
        idle_timeout: secs(l.idle_timeout_in_seconds),
        read_timeout: secs(l.read_timeout_in_seconds),
        write_timeout: secs(l.write_timeout_in_seconds),
        worker_slots: limits::WORKER_SLOTS,
    }))
}

pub(crate) fn seconds_or_never(s: u32) -> String {
    if s == 0 {
        "none".into()
    } else {
        format!("{s} s")
    }
}

/// The engine's total memtable space: the config's, else for a
/// cassandra.yaml the default Cassandra 1.2 would have used on this
/// machine (see `default_memtable_total_space_mb`), else (storage-conf.xml,
/// 0.6 semantics) none.
fn memtable_total_space_mb(config: &Config) -> u64 {
    match (config.memtable_total_space_in_mb, config.format) {
        (Some(mb), _) => mb.into(),
        (None, ConfigFormat::CassandraYaml) => {
            let ram = physical_memory_mb().unwrap_or(2048);
            let mb = supercolumn::config::default_memtable_total_space_mb(ram);
            tracing::info!("memtable_total_space_in_mb not set: {mb} MB, a third of the heap Cassandra 1.2 would take with {ram} MB of memory");
            mb
        }
        (None, _) => 0,
    }
}

/// This machine's memory in MB (`MemTotal` of /proc/meminfo).
fn physical_memory_mb() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb = info
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .split_whitespace()
        .next()?
        .parse::<u64>()
        .ok()?;
    Some(kb / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use supercolumn::release::Release;

    fn as_release(mut config: Config, version: &str) -> Config {
        config.cassandra_version = Release::find(version);
        config
    }

    #[test]
    fn a_release_reads_the_transport_its_own_file_chose() {
        let yaml = |size: u32| {
            Config::from_yaml(
                &format!(
                    "cluster_name: c\npartitioner: org.apache.cassandra.dht.RandomPartitioner\ncommitlog_sync: periodic\ncommitlog_sync_period_in_ms: 1\n\
                     thrift_framed_transport_size_in_mb: {size}\n"
                ),
                "t.yaml",
            )
            .unwrap()
        };
        let xml = Config::builtin(); // ThriftFramedTransport false
        assert_eq!(served_framing(&xml), None, "no release: both");
        let f = |c: Config, v: &str| served_framing(&as_release(c, v));
        assert_eq!(f(xml.clone(), "0.6.8"), Some(Framing::Unframed));
        assert_eq!(
            f(yaml(0), "0.6.8"),
            Some(Framing::Unframed),
            "0.6 read no yaml"
        );
        assert_eq!(f(yaml(0), "0.7.10"), Some(Framing::Unframed));
        assert_eq!(f(yaml(15), "0.7.10"), Some(Framing::Framed));
        assert_eq!(
            f(xml.clone(), "0.7.10"),
            Some(Framing::Framed),
            "0.7 read no xml"
        );
        assert_eq!(
            f(yaml(0), "0.8.10"),
            Some(Framing::Framed),
            "0.8 on: framed only"
        );
        assert_eq!(f(xml, "2.2.19"), Some(Framing::Framed));
    }
}
