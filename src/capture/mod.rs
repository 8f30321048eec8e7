//! Capture and replay: an application's own Thrift and CQL native-protocol
//! traffic as its compatibility test. `supercolumn capture` is a transparent proxy in front
//! of a server that records every request and reply into a capture file;
//! `supercolumn replay` sends a capture's requests to another server (or an
//! emulation of a release) and reports every reply that differs, leaving
//! out what a server assigns. A tool: it speaks to servers over the wire
//! only, decodes with the Thrift front end's wire code and has no Thrift
//! decoder of its own. The file format and the loop are in `docs/capture.md`.
//!
//! The order of its modules, lowest first:
//!
//! 1. [`format`], [`cut`], [`masks`], [`target`]: the capture file; where a
//!    stream's messages end; what a server assigns; an emulation to replay
//!    against.
//! 2. [`compare`], [`schema`]: one reply against another; the schema a
//!    capture starts from, fetched and created.
//! 3. [`report`]: a replay's counts and first differences.
//! 4. [`native`]: the native protocol's frames, recorded, compared and
//!    replayed.
//! 5. [`writer`]: the thread that writes records in the order connections
//!    hand them in.
//! 6. [`recording`]: one connection's bytes cut into records, whoever sees
//!    them.
//! 7. [`proxy`], [`tap`], [`replay`]: the capture proxy; the server's own
//!    traffic recorded from inside its connection tasks; the replay.
//! 8. [`serve`]: `serve --capture`, the tap wired to this server's front
//!    ends.

pub mod compare;
pub mod cut;
pub mod format;
pub mod masks;
#[cfg(test)]
pub(crate) mod mutations;
pub mod native;
pub mod proxy;
pub mod recording;
pub mod replay;
pub mod report;
pub mod schema;
pub mod serve;
pub mod tap;
pub mod target;
pub mod writer;

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// `supercolumn capture`'s command line.
#[derive(Clone, Debug, clap::Args)]
pub struct CaptureArgs {
    /// Where the application connects for Thrift (port 0 picks a free one;
    /// the ready line `supercolumn capture listening on HOST:PORT` says which).
    #[arg(long, value_name = "HOST:PORT", requires = "to")]
    pub listen: Option<String>,
    /// The server the Thrift traffic goes to.
    #[arg(long, value_name = "HOST:PORT", requires = "listen")]
    pub to: Option<String>,
    /// Where the application connects for the CQL native protocol (the
    /// ready line `supercolumn capture native on HOST:PORT` says which).
    #[arg(long, value_name = "HOST:PORT", requires = "native_to")]
    pub native_listen: Option<String>,
    /// The server's native-protocol port the native traffic goes to.
    #[arg(long, value_name = "HOST:PORT", requires = "native_listen")]
    pub native_to: Option<String>,
    /// The capture file to write.
    #[arg(long, value_name = "CAPTURE")]
    pub file: PathBuf,
    /// Rotate (or, with --rotate 0, stop recording) once the file holds this many bytes.
    #[arg(long, value_name = "N")]
    pub max_bytes: Option<u64>,
    /// Older files kept when rotating (CAPTURE.1 the newest of them).
    #[arg(long, value_name = "K", default_value_t = 0)]
    pub rotate: u32,
    /// Messages longer than this stop the recording of their connection (they still pass).
    #[arg(long, value_name = "BYTES", default_value_t = 16 << 20)]
    pub max_message: usize,
}

/// `supercolumn replay`'s command line.
#[derive(Clone, Debug, clap::Args)]
pub struct ReplayArgs {
    /// The capture file to replay.
    pub capture: PathBuf,
    /// Replay against the server at HOST:PORT (twice: compare the two servers).
    #[arg(long, value_name = "HOST:PORT")]
    pub server: Vec<String>,
    /// The native-protocol port of each --server, in the same order (for a
    /// capture holding native connections).
    #[arg(long, value_name = "HOST:PORT")]
    pub native_server: Vec<String>,
    /// Replay against an in-memory emulation of this release, started for the
    /// replay (with one --server, or twice: compare the two). Without
    /// --server or --cassandra-version: the default emulation.
    #[arg(long, value_name = "VERSION")]
    pub cassandra_version: Vec<String>,
    /// The configuration file the emulations run on (`serve --config`): a
    /// 0.6 server's keyspaces are its configuration, so give the captured
    /// server's storage-conf.xml.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The JVM heap, in MB, of the release the started emulations answer as
    /// (`serve --jvm-heap`): give the captured node's -Xmx, as 0.7 and 0.8
    /// described memtable defaults sized from it.
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(64..))]
    pub jvm_heap: Option<u64>,
    /// The memory of the machine the captured node ran on, in MB
    /// (`serve --machine-memory`), when its heap was the stock script's pick.
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(128..))]
    pub machine_memory: Option<u64>,
    /// Replay through the gateway: the emulation started (the default, or
    /// --cassandra-version's) keeps its data in the cluster at this URL
    /// (`serve --backend`, e.g. cassandra://127.0.0.1:9042).
    #[arg(long, value_name = "URL")]
    pub backend: Option<String>,
    /// The report as JSON on stdout.
    #[arg(long)]
    pub json: bool,
    /// Seconds to wait for a connection or a reply.
    #[arg(long, value_name = "SECS", default_value_t = 30)]
    pub timeout: u64,
    /// Send the requests at their captured pace (by default each goes as soon
    /// as the replies captured before it are in).
    #[arg(long)]
    pub pace: bool,
    /// Seconds between progress lines on stderr (0: none).
    #[arg(long, value_name = "SECS", default_value_t = 10)]
    pub progress: u64,
}

fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
}

/// `supercolumn capture`: 0 after a clean stop (SIGINT or SIGTERM), 1 when it cannot start.
pub fn capture_main(args: &CaptureArgs) -> i32 {
    let fail = |what: String| {
        eprintln!("supercolumn capture: {what}");
        1
    };
    // One thread: a proxy's work per message is a read and a write, and
    // worker threads waking each other would cost more than that work.
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => return fail(e.to_string()),
    };
    let mut writer = match format::CaptureWriter::create(&args.file, args.max_bytes, args.rotate) {
        Ok(w) => w,
        Err(e) => return fail(e.to_string()),
    };
    let started_us = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros() as i64)
        .unwrap_or(0);
    let start = Instant::now();
    if args.listen.is_none() && args.native_listen.is_none() {
        return fail("nothing to capture: give --listen and --to, or --native-listen and --native-to (or both)".into());
    }
    let protocol = match (&args.to, &args.native_to) {
        (Some(_), Some(_)) => "thrift,native",
        (Some(_), None) => "thrift",
        _ => "native",
    };
    let head = format::Record::Capture {
        format: format::FORMAT,
        started_us,
        to: args
            .to
            .clone()
            .or_else(|| args.native_to.clone())
            .unwrap_or_default(),
        protocol: protocol.into(),
        native_to: args.native_to.clone().filter(|_| args.to.is_some()),
    };
    let schema = match &args.to {
        Some(to) => schema::fetch(to),
        None => format::Record::Schema {
            describe_keyspaces: None,
            error: Some("native protocol only: the schema is the capture's own statements".into()),
        },
    };
    if let (format::Record::Schema { error: Some(e), .. }, Some(_)) = (&schema, &args.to) {
        eprintln!("supercolumn capture: no schema recorded: {e}");
    }
    if let Err(e) = writer.header(&head).and_then(|_| writer.header(&schema)) {
        return fail(e.to_string());
    }
    rt.block_on(async {
        let stop = match stop_signal() {
            Ok(stop) => stop,
            Err(e) => return fail(format!("cannot handle signals: {e}")),
        };
        let mut listeners = Vec::new();
        let pairs = [
            (&args.listen, &args.to, false, "listening on"),
            (&args.native_listen, &args.native_to, true, "native on"),
        ];
        for (listen, to, native, says) in pairs {
            let (Some(listen), Some(to)) = (listen, to) else {
                continue;
            };
            let listener = match tokio::net::TcpListener::bind(listen).await {
                Ok(l) => l,
                Err(e) => return fail(format!("cannot listen on {listen}: {e}")),
            };
            match listener.local_addr() {
                Ok(a) => println!("supercolumn capture {says} {a}"),
                Err(e) => return fail(e.to_string()),
            }
            listeners.push(proxy::Listener {
                listener,
                to: to.clone(),
                native,
            });
        }
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        proxy::run(listeners, writer, start, args.max_message, stop).await;
        0
    })
}

/// SIGINT or SIGTERM, their handlers installed before this returns (so a
/// signal right after the ready line is a clean stop, not a kill).
fn stop_signal() -> std::io::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut int = signal(SignalKind::interrupt())?;
    let mut term = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = int.recv() => {}
            _ = term.recv() => {}
        }
    })
}

/// `supercolumn replay`: 0 when every reply matched, 1 when any differed, 2 on an error.
pub fn replay_main(args: &ReplayArgs) -> i32 {
    let fail = |what: String| {
        eprintln!("supercolumn replay: {what}");
        2
    };
    let (reader, started_us, protocol) = match format::CaptureReader::open(&args.capture) {
        Ok((
            r,
            format::Record::Capture {
                started_us,
                protocol,
                ..
            },
        )) => (r, started_us, protocol),
        Ok(_) => return fail("no capture header".into()),
        Err(e) => return fail(e.to_string()),
    };
    if args.server.len() + args.cassandra_version.len() > 2 {
        return fail("at most two targets (--server, --cassandra-version) are compared".into());
    }
    if args.backend.is_some() && !args.server.is_empty() && args.cassandra_version.is_empty() {
        return fail("--backend is where a started emulation keeps its data: give --cassandra-version, or no --server".into());
    }
    let native = protocol.split(',').any(|p| p == "native");
    if !args.native_server.is_empty() && args.native_server.len() != args.server.len() {
        return fail("give one --native-server for each --server, in the same order".into());
    }
    let mut emulations = Vec::new();
    let versions: Vec<Option<&str>> = if args.server.is_empty() && args.cassandra_version.is_empty()
    {
        vec![None]
    } else {
        args.cassandra_version
            .iter()
            .map(|v| Some(v.as_str()))
            .collect()
    };
    let mut targets = Vec::new();
    let mut native_targets = Vec::new();
    for v in versions {
        let with = target::Started {
            native,
            config: args.config.as_deref(),
            backend: args.backend.as_deref(),
            jvm_heap: args.jvm_heap,
            machine_memory: args.machine_memory,
        };
        match target::Emulation::start(v, &with) {
            Ok(e) => {
                targets.push(e.addr.clone());
                native_targets.push(e.native.clone());
                emulations.push(e);
            }
            Err(e) => return fail(e.to_string()),
        }
    }
    targets.extend(args.server.iter().cloned());
    // A server without its native port answers no native connection (`no reply`).
    native_targets.extend((0..args.server.len()).map(|i| args.native_server.get(i).cloned()));
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(e) => return fail(e.to_string()),
    };
    let opts = replay::Options {
        timeout: Duration::from_secs(args.timeout.max(1)),
        pace: args.pace,
        progress: (args.progress > 0).then(|| Duration::from_secs(args.progress)),
    };
    let report = match rt.block_on(replay::replay(
        reader,
        started_us,
        targets,
        native_targets,
        opts,
    )) {
        Ok(r) => r,
        Err(e) => return fail(e.to_string()),
    };
    drop(emulations);
    if args.json {
        println!("{}", report.json());
    } else {
        print!("{}", report.text());
    }
    if report.all_matched() {
        0
    } else {
        1
    }
}
