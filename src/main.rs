//! The `supercolumn` binary: `supercolumn serve [--config PATH] [--listen
//! HOST:PORT] [--native-listen HOST:PORT] [--data-dir DIR] [--in-memory] [--api-default 0.6|19|auto]
//! [--ignore-commitlog-replay-errors] [--backend cassandra://HOST...]` and the limit overrides
//! (`--max-connections`, `--idle-timeout`, `--read-timeout`, `--write-timeout`,
//! `--prepared-cache`,
//! `--memory-budget`) and `--slow-request-threshold`, plus the client shells
//! `supercolumn cqlsh` and `supercolumn cli` (see `supercolumn::shell`),
//! the load generator `supercolumn stress` (see `supercolumn::stress`) and
//! `supercolumn release-diff A B` (see `app::release_diff_cmd`).
//!
//! With no `--config`, `./storage-conf.xml` is used if present, else the
//! built-in copy of the repository's (`config::Config::builtin`).
//!
//! Start-up is all-or-nothing: the configuration, listening sockets, schema,
//! authenticator and storage engine are all set up, in that order, before the
//! ready line `supercolumn listening on HOST:PORT` goes to stdout (preceded by
//! `supercolumn native on HOST:PORT` when the native protocol is served); any failure
//! before that prints one message to stderr and exits with status 1 (a port
//! in use is found before the commit log or schema store is touched). Logs go
//! to stderr (RUST_LOG filters them). SIGTERM or SIGINT stops accepting,
//! lets running calls finish, flushes and shuts down the engine, and exits 0.

/// jemalloc instead of glibc's malloc (docs/architecture.md, "Dependencies").
#[global_allocator]
static GLOBAL: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

mod app;

use admin_surface::AdminSurface;
use app::startup::{build_node, connect_backend, jvm_heap_mb, open_schema, Listeners, Storage};
use app::{admin_surface, advise_cmd, migrate_cmd, release_diff_cmd, serve_config};
use clap::{Args, Parser, Subcommand};
use serve_config::*;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use supercolumn::capture::serve::{Ports, SelfCapture};
use supercolumn::config::{AdminChoice, ThriftApi, MAX_PREPARED_CACHE_MB};
use supercolumn::native::transport::server::{serve as native_serve, NativeOptions};
use supercolumn::node::limits;
use supercolumn::node::Node;
use supercolumn::release::Release;
use supercolumn::schema::Schema;
use supercolumn::thrift::session::{Generation, GenerationPolicy};
use supercolumn::thrift::transport::server::{serve, ServerOptions};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

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
    Cqlsh(supercolumn::shell::cqlsh::CqlshArgs),
    /// cassandra-cli style shell.
    Cli(supercolumn::shell::cli::CliArgs),
    /// Drive a running server with a generated 0.6 or 19.x client and report throughput,
    /// latency and errors.
    Stress(supercolumn::stress::StressOptions),
    /// Load cassandra-unit datasets (.xml, .json, .yaml, .cql) into a running server over Thrift.
    Load(supercolumn::dataset::remote::LoadArgs),
    /// Cassandra 1.2's nodetool commands over the admin surface (127.0.0.1:7199 by default).
    Nodetool(supercolumn::nodetool::NodetoolArgs),
    /// Copy an embedded data directory into a Cassandra or ScyllaDB cluster (schema, then rows
    /// with their timestamps and TTLs), resumable, verified at the end.
    Migrate(migrate_cmd::MigrateArgs),
    /// What an application meets going from one Cassandra release to another (API version,
    /// methods, features, native protocol, stock defaults, system keyspace).
    ReleaseDiff(release_diff_cmd::ReleaseDiffArgs),
    /// For a query Cassandra refuses or scans: the table that serves it from one partition,
    /// measured on the server's data (a dry run), and with --migrate created, backfilled and
    /// compared (over the admin surface).
    Advise(advise_cmd::AdviseArgs),
    /// A transparent Thrift and CQL native-protocol proxy that records every request and reply into a capture file.
    Capture(supercolumn::capture::CaptureArgs),
    /// Replay a capture against a server or a release's emulation and report every reply that
    /// differs (exit 0 only when all matched).
    Replay(supercolumn::capture::ReplayArgs),
}

#[derive(Args)]
struct ServeArgs {
    /// The storage-conf.xml or cassandra.yaml to load (default:
    /// ./storage-conf.xml if present, else the built-in default).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Listen on HOST:PORT instead of ThriftAddress/ThriftPort; port 0 picks a free port
    /// (and, unless --native-listen says otherwise, a free port for the native protocol too).
    #[arg(long, value_name = "HOST:PORT")]
    listen: Option<String>,
    /// Serve the CQL native protocol on HOST:PORT (overrides NativeTransportPort /
    /// native_transport_port, and serves it even if the configuration does not); port 0 picks one.
    #[arg(long, value_name = "HOST:PORT")]
    native_listen: Option<String>,
    /// Keep the commit log and data files under DIR.
    #[arg(long, value_name = "DIR", conflicts_with = "in_memory")]
    data_dir: Option<PathBuf>,
    /// Keep no files at all (data is lost on exit).
    #[arg(long)]
    in_memory: bool,
    /// The API generation of calls both generations share, on a connection
    /// that has not shown its own: 0.6, 19, or auto (by transport: framed
    /// 19, unframed 0.6). Overrides ThriftApiDefault.
    #[arg(long, value_name = "0.6|19|auto", value_parser = parse_api)]
    api_default: Option<ThriftApi>,
    /// Answer as this Cassandra release did (0.6.8, 0.7.10, 0.8.10, 1.0.12, 1.1.12, 1.2.9,
    /// 1.2.19, 2.0.17, 2.1.22, 2.2.19, 3.0.24, 3.11.10): its API version, methods, native
    /// protocol versions and, with no configuration file, its stock defaults (overrides
    /// CassandraVersion / cassandra_version). Default: 0.6.8 and 1.2.9 on one port.
    #[arg(long, value_name = "VERSION", value_parser = parse_release)]
    cassandra_version: Option<&'static Release>,
    /// The JVM heap of the release answered as, in MB (its -Xmx): 0.7 and 0.8 sized their
    /// default memtable thresholds from it. Default: what the release's stock
    /// cassandra-env.sh gave on --machine-memory (half of it).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(64..))]
    jvm_heap: Option<u64>,
    /// The memory of the machine the release ran on, in MB (as `free -m` says), for the heap
    /// its cassandra-env.sh picked (see --jvm-heap). Default: this machine's.
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(128..))]
    machine_memory: Option<u64>,
    /// Start even if the commit log is corrupt: replay every intact record
    /// and skip only the damaged ones (overrides CommitLogIgnoreReplayErrors).
    #[arg(long)]
    ignore_commitlog_replay_errors: bool,
    /// Most client connections at once (overrides ThriftMaxConnections).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    max_connections: Option<u32>,
    /// Close a connection silent this many seconds, 0 never (overrides ThriftIdleTimeoutInSeconds).
    #[arg(long, value_name = "SECS")]
    idle_timeout: Option<u32>,
    /// Close a connection that pauses this many seconds inside a request, or
    /// (native) has not logged in this long after connecting; 0 never
    /// (overrides ThriftReadTimeoutInSeconds; default 10).
    #[arg(long, value_name = "SECS")]
    read_timeout: Option<u32>,
    /// Memory for each cache of prepared statements, in MB (overrides
    /// PreparedStatementsCacheSizeInMB; default 64).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u32).range(1..=MAX_PREPARED_CACHE_MB as i64))]
    prepared_cache: Option<u32>,
    /// Close a connection that reads none of a reply for this many seconds, 0 never
    /// (overrides ThriftWriteTimeoutInSeconds).
    #[arg(long, value_name = "SECS")]
    write_timeout: Option<u32>,
    /// Memory for requests in flight and unsent replies, in MB (overrides ThriftMemoryBudgetInMB).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u32).range(1..=4_000_000))]
    memory_budget: Option<u32>,
    /// Log calls at least this slow at INFO, 0 never (overrides SlowRequestThresholdInMS
    /// and slow_query_log_timeout_in_ms; default 500).
    #[arg(long, value_name = "MS")]
    slow_request_threshold: Option<u32>,
    /// Calls the activity record keeps for the admin surface, 0 none
    /// (overrides ActivityLogSize and activity_log_size; default 1000 with
    /// the admin surface on, else 0).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    activity_log_size: Option<u32>,
    /// Load a cassandra-unit dataset (.xml, .json, .yaml, .cql) before serving; repeatable.
    /// `POST /reset` returns to the state right after they loaded.
    #[arg(long, value_name = "FILE")]
    dataset: Vec<PathBuf>,
    /// Record the Thrift and native-protocol traffic into a capture file, as `supercolumn capture` does.
    #[arg(long, value_name = "FILE")]
    capture: Option<PathBuf>,
    /// Serve the admin HTTP surface (healthz, metrics, nodetool, explorer) on HOST:PORT, or
    /// PORT on 127.0.0.1, or `off`; port 0 picks a free port (overrides AdminListen /
    /// admin_listen; default: 127.0.0.1:7199, skipped with a warning when that port is taken).
    #[arg(long, value_name = "HOST:PORT|off", value_parser = parse_admin_listen)]
    admin_listen: Option<AdminChoice>,
    /// Keep the data in a Cassandra or ScyllaDB cluster instead of the embedded engine:
    /// cassandra://HOST[:PORT][,HOST...][?consistency=ONE&timeout_ms=N&connect_timeout_ms=N]
    /// (overrides Backend / backend). The schema stays under --data-dir (or in memory).
    #[arg(long, value_name = "URL")]
    backend: Option<String>,
    /// With --backend: create the configuration file's keyspaces and tables the cluster lacks
    /// (also the URL's `create_schema=true`). Without it nothing is created at start; the
    /// built-in default configuration's keyspaces are never created.
    #[arg(long)]
    create_schema: bool,
}

fn parse_admin_listen(text: &str) -> Result<AdminChoice, String> {
    AdminChoice::parse(text)
}

fn parse_release(text: &str) -> Result<&'static Release, String> {
    Release::find(text).ok_or_else(|| {
        format!(
            "unknown Cassandra version '{text}' (known: {})",
            Release::known_versions()
        )
    })
}

fn parse_api(text: &str) -> Result<ThriftApi, String> {
    ThriftApi::parse(text).ok_or_else(|| format!("expected 0.6, 19 or auto, found '{text}'"))
}

/// The file `serve` reads when `--config` is not given.
const DEFAULT_CONFIG: &str = "storage-conf.xml";

/// A start-up failure: one message, exit status 1.
struct Fatal(String);

impl<E: std::fmt::Display> From<E> for Fatal {
    fn from(e: E) -> Self {
        Fatal(e.to_string())
    }
}

fn main() -> ExitCode {
    // cassandra-cli spelled its password option `-pw`, which clap cannot
    // take as a short option: read it as `--password`.
    let cli =
        Cli::parse_from(std::env::args_os().map(
            |a| {
                if a == "-pw" {
                    "--password".into()
                } else {
                    a
                }
            },
        ));
    let args = match cli.command {
        Command::Serve(args) => args,
        Command::Cqlsh(args) => return exit_code(supercolumn::shell::run_cqlsh(&args)),
        Command::Cli(args) => return exit_code(supercolumn::shell::run_cli(&args)),
        Command::Stress(opts) => return exit_code(supercolumn::stress::main(&opts)),
        Command::Load(args) => return exit_code(supercolumn::dataset::remote::main(&args)),
        Command::Nodetool(args) => return exit_code(supercolumn::nodetool::run(&args)),
        Command::Migrate(args) => return ExitCode::from(migrate_cmd::run(&args)),
        Command::ReleaseDiff(args) => return exit_code(release_diff_cmd::run(&args)),
        Command::Advise(args) => return exit_code(advise_cmd::run(&args)),
        Command::Capture(args) => return exit_code(supercolumn::capture::capture_main(&args)),
        Command::Replay(args) => return exit_code(supercolumn::capture::replay_main(&args)),
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
    // One tokio worker per core (tokio's default) runs the connections and
    // the calls that never wait (see `thrift::transport::handoff`); the blocking pool
    // only grows for calls that may wait, at most one per worker slot
    // (tokio's default cap of 512 threads is far above any useful count).
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(supercolumn::node::limits::WORKER_SLOTS)
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

fn exit_code(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

async fn run(args: ServeArgs) -> Result<(), Fatal> {
    // First, so that the storage engine opens its files under the raised limit.
    let fds = limits::raise_fd_limit();
    let mut config = load_config(&args)?;
    let listeners = Listeners::bind(&config, &args).await?;
    // Before the schema: a gateway serves the cluster's partitioner.
    let cluster = connect_backend(&args, &mut config, &listeners).await?;
    let base =
        Schema::from_config(&config).map_err(|e| Fatal(format!("configuration error: {e}")))?;
    let auth = supercolumn::auth::from_config(&config)
        .map_err(|e| Fatal(format!("configuration error: {e}")))?;
    let mut options = engine_options(&config, args.in_memory)?;
    options.ignore_commitlog_replay_errors |= args.ignore_commitlog_replay_errors;
    let (store, schema) = open_schema(base, &options)?;
    let storage = Storage::open(cluster, &schema, options).await?;
    let admin_on = listeners.admin.is_some();
    let mut node = build_node(
        &config,
        &schema,
        &storage,
        store,
        auth,
        listeners.local,
        admin_on,
    );
    node.jvm_heap_mb = jvm_heap_mb(args.jvm_heap, args.machine_memory);
    let node = Arc::new(node);
    supercolumn::dataset::load_files(&node, &args.dataset)?;
    // Only `POST /reset` uses the baseline: none without the admin surface.
    if admin_on {
        match node.mark_baseline() {
            Ok(columns) => tracing::info!("reset baseline recorded: {columns} columns"),
            Err(e) => tracing::warn!("reset is unavailable: {e}"),
        }
    }
    let opts = ServerOptions {
        max_message_bytes: config.thrift_max_message_length(),
        generations: generation_policy(&config, args.api_default),
        framing: served_framing(&config),
        limits: server_limits(&config, fds)?,
        slow_request: config.slow_request_threshold(),
        ..ServerOptions::default()
    };
    let admin = serve_until_stopped(listeners, node, opts, args.capture.as_deref()).await?;
    if let Storage::Embedded(engine) = &storage {
        tracing::info!("shutting down: flushing storage");
        engine
            .flush(None)
            .map_err(|e| Fatal(format!("flush at shutdown failed: {e}")))?;
        engine
            .shutdown()
            .map_err(|e| Fatal(format!("storage shutdown failed: {e}")))?;
    }
    // After storage: a drain's caller waits for its answer until the flush.
    if let Some(admin) = admin {
        admin.stop().await;
    }
    tracing::info!("stopped");
    Ok(())
}

/// Starts every front end, prints the ready lines, and serves Thrift until
/// a signal or `nodetool drain`; then stops the other front ends. The admin
/// surface is handed back still running, to answer the drain after the
/// flush.
async fn serve_until_stopped(
    listeners: Listeners,
    node: Arc<Node>,
    opts: ServerOptions,
    capture: Option<&std::path::Path>,
) -> Result<Option<AdminSurface>, Fatal> {
    let signals = ShutdownSignals::install()?;
    let native_addr = match &listeners.native {
        Some(l) => Some(l.local_addr()?),
        None => None,
    };
    let mut opts = opts;
    let capture = match capture {
        Some(file) => {
            let ports = Ports {
                thrift: listeners.local,
                native: native_addr,
                generations: opts.generations,
            };
            let (tap, c) = SelfCapture::start(&node, ports, file)
                .await
                .map_err(|e| Fatal(e.to_string()))?;
            opts.tap = Some(tap);
            Some(c)
        }
        None => None,
    };
    let admin = match listeners.admin {
        Some(l) => Some(AdminSurface::start(l, &node, opts.limits.clone())?),
        None => None,
    };
    let (stop_native, stopped_native) = tokio::sync::watch::channel(false);
    let native = match (listeners.native, native_addr) {
        (Some(l), Some(addr)) => Some(start_native(l, addr, &node, &opts, stopped_native)?),
        _ => None,
    };
    let local = listeners.local;
    println!("supercolumn listening on {local}");
    std::io::stdout().flush()?;
    tracing::info!(
        cluster = %node.schema().cluster_name,
        "serving Thrift on {local}: {}",
        opts.generations.describe()
    );

    let (stop19, stopped19) = tokio::sync::watch::channel(false);
    let pinned19 = match listeners.thrift19 {
        Some(l) => Some(start_pinned19(l, &node, &opts, stopped19)?),
        None => None,
    };
    // A signal, or `nodetool drain`, stops the server.
    let drained = admin.as_ref().map(AdminSurface::drain_requested);
    let stop = admin_surface::stop_signal(signals.received(), drained);
    serve(listeners.thrift, node, opts, stop).await;
    if let Some(c) = capture {
        c.stop().await;
    }
    let _ = stop19.send(true);
    let _ = stop_native.send(true);
    if let Some(task) = pinned19 {
        let _ = task.await;
    }
    if let Some(task) = native {
        let _ = task.await;
    }
    Ok(admin)
}

/// The CQL native protocol on `l`, with Thrift's frame bound and limits,
/// until `stopped` changes; prints its ready line (`addr`: where clients
/// connect, `serve --capture`'s proxy when it records).
fn start_native(
    l: TcpListener,
    addr: std::net::SocketAddr,
    node: &Arc<Node>,
    opts: &ServerOptions,
    stopped: watch::Receiver<bool>,
) -> Result<JoinHandle<()>, Fatal> {
    println!("supercolumn native on {addr}");
    tracing::info!("serving the CQL native protocol (v1 to v4) on {addr}");
    let native_opts = NativeOptions {
        max_frame_bytes: opts.max_message_bytes,
        limits: opts.limits.clone(),
        tap: opts.tap.clone(),
        ..NativeOptions::default()
    };
    let mut stopped = stopped;
    Ok(tokio::spawn(native_serve(
        l,
        node.clone(),
        native_opts,
        async move {
            let _ = stopped.changed().await;
        },
    )))
}

/// Thrift pinned to the 1.x API on `l` (`<Thrift19Port>`), until `stopped`
/// changes.
fn start_pinned19(
    l: TcpListener,
    node: &Arc<Node>,
    opts: &ServerOptions,
    stopped: watch::Receiver<bool>,
) -> Result<JoinHandle<()>, Fatal> {
    let opts19 = ServerOptions {
        generations: GenerationPolicy {
            pinned: Some(Generation::Api19),
            ..GenerationPolicy::default()
        },
        ..opts.clone()
    };
    tracing::info!(
        "serving Thrift on {}: {}",
        l.local_addr()?,
        opts19.generations.describe()
    );
    let mut stopped = stopped;
    Ok(tokio::spawn(serve(l, node.clone(), opts19, async move {
        let _ = stopped.changed().await;
    })))
}

/// A listening socket on `host:port`, or why not; when the port is taken,
/// the hint names `flag`, the one that moves this listener (a gateway
/// beside a local cluster meets its 9042 on the native port, not Thrift's).
async fn bind(host: &str, port: u16, flag: Option<&str>) -> Result<tokio::net::TcpListener, Fatal> {
    tokio::net::TcpListener::bind((host, port))
        .await
        .map_err(|e| {
            let hint = match (e.kind() == std::io::ErrorKind::AddrInUse, flag) {
                (false, _) => String::new(),
                (true, Some(flag)) => format!(
                    " (is another server running on this port? choose another with {flag} \
                     or in the configuration)"
                ),
                (true, None) => " (is another server running on this port? choose another \
                                 in the configuration)"
                    .to_string(),
            };
            Fatal(format!("cannot listen on {host}:{port}: {e}{hint}"))
        })
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
