//! The `supercolumn` binary: `supercolumn serve [--config PATH] [--listen
//! HOST:PORT] [--data-dir DIR] [--in-memory]` and the limit overrides
//! (`--max-connections`, `--idle-timeout`, `--write-timeout`,
//! `--memory-budget`), plus the client shells
//! `supercolumn cqlsh` and `supercolumn cli` (see `supercolumn::shell`) and
//! the load generator `supercolumn stress` (see `supercolumn::stress`).
//!
//! Start-up is all-or-nothing: the configuration, schema, authenticator,
//! storage engine and listening socket are all set up before the one ready
//! line `supercolumn listening on HOST:PORT` goes to stdout; any failure
//! before that prints one message to stderr and exits with status 1. Logs go
//! to stderr (RUST_LOG filters them). SIGTERM or SIGINT stops accepting,
//! lets running calls finish, flushes and shuts down the engine, and exits 0.

use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use supercolumn::config::CommitLogSync;
use supercolumn::config::Config;
use supercolumn::schema::{Schema, SchemaStore};
use supercolumn::storage::{Engine, EngineOptions, SyncMode};
use supercolumn::thrift::limits::{self, FdLimit, LimitSettings, Limits};
use supercolumn::thrift::node::Node;
use supercolumn::thrift::server::{serve, ServerOptions};

#[derive(Parser)]
#[command(
    name = "supercolumn",
    version,
    about = "A Cassandra-compatible (Thrift era) storage server"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the server.
    Serve(ServeArgs),
    /// CQL3 shell over the 19.x Thrift API (cqlsh style).
    Cqlsh(supercolumn::shell::CqlshArgs),
    /// cassandra-cli style shell.
    Cli(supercolumn::shell::CliArgs),
    /// Drive a running server with a generated 0.6 client and report throughput and latency.
    Stress(supercolumn::stress::StressOptions),
}

#[derive(Args)]
struct ServeArgs {
    /// The storage-conf.xml to load.
    #[arg(long, default_value = "storage-conf.xml")]
    config: PathBuf,
    /// Listen on HOST:PORT instead of ThriftAddress/ThriftPort; port 0 picks a free port.
    #[arg(long, value_name = "HOST:PORT")]
    listen: Option<String>,
    /// Keep the commit log and data files under DIR.
    #[arg(long, value_name = "DIR", conflicts_with = "in_memory")]
    data_dir: Option<PathBuf>,
    /// Keep no files at all (data is lost on exit).
    #[arg(long)]
    in_memory: bool,
    /// Most client connections at once (overrides ThriftMaxConnections).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_connections: Option<u32>,
    /// Close a connection silent this many seconds, 0 never (overrides ThriftIdleTimeoutInSeconds).
    #[arg(long, value_name = "SECS")]
    idle_timeout: Option<u32>,
    /// Close a connection that reads none of a reply for this many seconds, 0 never
    /// (overrides ThriftWriteTimeoutInSeconds).
    #[arg(long, value_name = "SECS")]
    write_timeout: Option<u32>,
    /// Memory for requests in flight and unsent replies, in MB (overrides ThriftMemoryBudgetInMB).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u32).range(1..=4_000_000))]
    memory_budget: Option<u32>,
}

/// A start-up failure: one message, exit status 1.
struct Fatal(String);

impl<E: std::fmt::Display> From<E> for Fatal {
    fn from(e: E) -> Self {
        Fatal(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let args = match cli.command {
        Command::Serve(args) => args,
        Command::Cqlsh(args) => return exit_code(supercolumn::shell::run_cqlsh(&args)),
        Command::Cli(args) => return exit_code(supercolumn::shell::run_cli(&args)),
        Command::Stress(opts) => return stress(&opts),
    };
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        // Colour only on a terminal: logs in files and CI stay plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("supercolumn: cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(run(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fatal(msg)) => {
            eprintln!("supercolumn: {msg}");
            ExitCode::from(1)
        }
    }
}

/// Runs `supercolumn stress`: prints the report; fails on any error.
fn stress(opts: &supercolumn::stress::StressOptions) -> ExitCode {
    match supercolumn::stress::run(opts) {
        Ok(report) => {
            print!("{report}");
            if report.errors == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("supercolumn stress: {e}");
            ExitCode::from(1)
        }
    }
}

fn exit_code(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

/// Splits `HOST:PORT` (`[v6]:PORT` for IPv6 literals).
fn parse_listen(s: &str) -> Result<(String, u16), Fatal> {
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

fn load_config(args: &ServeArgs) -> Result<Config, Fatal> {
    let mut config =
        Config::from_file(&args.config).map_err(|e| Fatal(format!("configuration error: {e}")))?;
    if let Some(listen) = &args.listen {
        let (host, port) = parse_listen(listen)?;
        config.override_thrift_address(&host);
        config.override_thrift_port(port);
    }
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
    if let Some(s) = args.write_timeout {
        limits.write_timeout_in_seconds = s;
    }
    if let Some(mb) = args.memory_budget {
        limits.memory_budget_in_mb = mb;
    }
    for w in config.warnings() {
        tracing::warn!("{}: {w}", config.origin);
    }
    for ignored in config.ignored() {
        tracing::info!("accepted but ignored on a single node: {ignored}");
    }
    tracing::info!(
        "ThriftFramedTransport = {} is not needed: framed and unframed clients are told apart per connection",
        config.thrift_framed_transport
    );
    Ok(config)
}

/// The engine's settings from the config; directories only when durable.
fn engine_options(config: &Config, in_memory: bool) -> Result<EngineOptions, Fatal> {
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
        column_index_size_kb: config.column_index_size_in_kb.into(),
        index_interval: config.index_interval as usize,
        gc_grace_seconds: config.gc_grace_seconds,
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
fn server_limits(config: &Config, fds: FdLimit) -> Result<Arc<Limits>, Fatal> {
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
    tracing::info!(
        "open-file limit {limit}{raised}, {open} open at start; at most {max_connections} \
         client connections; memory budget {} MB; idle timeout {}; write timeout {}",
        l.memory_budget_in_mb,
        seconds_or_never(l.idle_timeout_in_seconds),
        seconds_or_never(l.write_timeout_in_seconds),
    );
    let secs = |s: u32| (s > 0).then(|| Duration::from_secs(s.into()));
    Ok(Limits::new(LimitSettings {
        max_connections,
        memory_budget_bytes: l.memory_budget_in_mb as usize * 1024 * 1024,
        idle_timeout: secs(l.idle_timeout_in_seconds),
        write_timeout: secs(l.write_timeout_in_seconds),
        worker_slots: limits::WORKER_SLOTS,
    }))
}

fn seconds_or_never(s: u32) -> String {
    if s == 0 {
        "none".into()
    } else {
        format!("{s} s")
    }
}

async fn run(args: ServeArgs) -> Result<(), Fatal> {
    // First, so that the storage engine opens its files under the raised limit.
    let fds = limits::raise_fd_limit();
    let config = load_config(&args)?;
    let base =
        Schema::from_config(&config).map_err(|e| Fatal(format!("configuration error: {e}")))?;
    let auth = supercolumn::auth::from_config(&config)
        .map_err(|e| Fatal(format!("configuration error: {e}")))?;
    let options = engine_options(&config, args.in_memory)?;
    // The dynamic keyspaces are loaded before the engine opens, so that
    // commit-log replay knows their column families.
    let store = match &options.data_dir {
        Some(dir) => SchemaStore::open(dir),
        None => SchemaStore::in_memory(),
    };
    let schema = Arc::new(
        store
            .load(base)
            .map_err(|e| Fatal(format!("cannot load the saved schema: {e}")))?,
    );
    if let Some(dir) = &options.data_dir {
        let stopgap = dir.join("dynamic");
        if stopgap.exists() {
            tracing::warn!(
                "{} holds data of an earlier build (one engine per dynamic column family); \
                 it is not read any more",
                stopgap.display()
            );
        }
    }
    let engine = Arc::new(
        Engine::open(schema.clone(), options)
            .map_err(|e| Fatal(format!("cannot open storage: {e}")))?,
    );

    let host = config.thrift_listen_address().to_string();
    let listener = tokio::net::TcpListener::bind((host.as_str(), config.thrift_port))
        .await
        .map_err(|e| {
            Fatal(format!(
                "cannot listen on {host}:{}: {e}",
                config.thrift_port
            ))
        })?;
    let local: SocketAddr = listener.local_addr()?;
    let listener19 = match config.thrift19_port {
        Some(port) => Some(
            tokio::net::TcpListener::bind((host.as_str(), port))
                .await
                .map_err(|e| Fatal(format!("cannot listen on {host}:{port}: {e}")))?,
        ),
        None => None,
    };
    let partitioner = schema.partitioner.clone();
    let token = match &config.initial_token {
        Some(t) => t.clone(),
        None => partitioner.token_to_string(&partitioner.token(local.ip().to_string().as_bytes())),
    };
    let mut node = Node::new(engine.clone(), store, auth, local.ip().to_string(), token);
    node.config_file = std::fs::canonicalize(&args.config).ok();
    let node = Arc::new(node);
    let opts = ServerOptions {
        max_message_bytes: config.thrift_max_message_length(),
        limits: server_limits(&config, fds)?,
        generations: supercolumn::thrift::session::GenerationPolicy {
            pinned: None,
            default: Some(match config.thrift_api_default {
                supercolumn::config::ThriftApi::V06 => {
                    supercolumn::thrift::session::Generation::V06
                }
                supercolumn::config::ThriftApi::V19 => {
                    supercolumn::thrift::session::Generation::V19
                }
            }),
        },
        ..ServerOptions::default()
    };

    let signals = ShutdownSignals::install()?;
    println!("supercolumn listening on {local}");
    std::io::stdout().flush()?;
    tracing::info!(cluster = %node.schema().cluster_name, "serving Thrift API 2.2.0 on {local}");

    let (stop19, stopped19) = tokio::sync::watch::channel(false);
    let pinned19 = match listener19 {
        Some(l) => {
            tracing::info!("serving Thrift API 19.x only on {}", l.local_addr()?);
            let opts19 = ServerOptions {
                generations: supercolumn::thrift::session::GenerationPolicy {
                    pinned: Some(supercolumn::thrift::session::Generation::V19),
                    default: None,
                },
                ..opts.clone()
            };
            let mut stopped = stopped19.clone();
            Some(tokio::spawn(serve(l, node.clone(), opts19, async move {
                let _ = stopped.changed().await;
            })))
        }
        None => None,
    };
    serve(listener, node, opts, signals.received()).await;
    let _ = stop19.send(true);
    if let Some(task) = pinned19 {
        let _ = task.await;
    }

    tracing::info!("shutting down: flushing storage");
    engine
        .flush(None)
        .map_err(|e| Fatal(format!("flush at shutdown failed: {e}")))?;
    engine
        .shutdown()
        .map_err(|e| Fatal(format!("storage shutdown failed: {e}")))?;
    tracing::info!("stopped");
    Ok(())
}

/// SIGTERM and SIGINT handlers, installed before the ready line so that a
/// signal arriving at any moment after it stops the server cleanly.
struct ShutdownSignals {
    term: tokio::signal::unix::Signal,
    int: tokio::signal::unix::Signal,
}

impl ShutdownSignals {
    fn install() -> Result<ShutdownSignals, Fatal> {
        use tokio::signal::unix::{signal, SignalKind};
        let term = signal(SignalKind::terminate())
            .map_err(|e| Fatal(format!("cannot handle SIGTERM: {e}")))?;
        let int = signal(SignalKind::interrupt())
            .map_err(|e| Fatal(format!("cannot handle SIGINT: {e}")))?;
        Ok(ShutdownSignals { term, int })
    }

    /// Completes on the first SIGTERM or SIGINT.
    async fn received(mut self) {
        tokio::select! {
            _ = self.term.recv() => tracing::info!("SIGTERM received"),
            _ = self.int.recv() => tracing::info!("SIGINT received"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_listen;

    #[test]
    fn listen_addresses() {
        assert_eq!(
            parse_listen("127.0.0.1:0").ok(),
            Some(("127.0.0.1".to_string(), 0))
        );
        assert_eq!(
            parse_listen("[::1]:9160").ok(),
            Some(("::1".to_string(), 9160))
        );
        assert_eq!(
            parse_listen("localhost:9160").ok(),
            Some(("localhost".to_string(), 9160))
        );
        for bad in ["9160", ":9160", "host:", "host:70000", "host:x"] {
            assert!(parse_listen(bad).is_err(), "{bad}");
        }
    }
}
