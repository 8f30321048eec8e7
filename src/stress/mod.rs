//! `supercolumn stress`: a load generator in the spirit of Cassandra 0.6's
//! `contrib/py_stress` and 0.7+'s stress tool. It drives a running server
//! over the wire with the real generated client of either API generation
//! (`--api 0.6`, the keyspace in every call; `--api 19`, framed with
//! `set_keyspace`, creating its keyspace and column family through schema
//! calls if absent; or `--api native`, the CQL native protocol with
//! prepared statements and `--in-flight` requests outstanding on each
//! connection, see [`native`]) and reports throughput, latency and errors.
//!
//! Each of `threads` workers owns one connection and the keys
//! `i ≡ worker (mod threads)` of `0..keys`. A null call is one
//! `describe_version`, which touches no data: the baseline a data call's
//! cost is put beside. An insert is one `batch_mutate`
//! of `columns` columns (or, with `--super N`, N super columns of `columns`
//! sub-columns each) into one row; a read is one `get_slice` of the whole row
//! and counts a miss when the row comes back short; a range slice is one
//! `get_range_slices` of `--range-count` rows from the key on, and counts a
//! miss unless the first row is that key's; mixed does, per key, the inserts
//! and reads of `--ratio`.
//!
//! A failed call is an error, never an operation, and has no latency; the
//! first one is reported with its exception type and `why`. A failed
//! connection ends its worker (its replies can no longer be matched to
//! calls), so a dead server ends the run with one error per worker instead
//! of a flood of instant "operations". Progress goes out once a second;
//! Ctrl-C stops the workers and prints the results so far.
//!
//! When the server runs on this machine (`--server-pid`, or found by the
//! port it listens on when the address is a loopback one), the report adds
//! the server's CPU time per operation, its RSS and thread count at the end,
//! from `/proc` (see [`procfs`]), and this client's own CPU per operation.
//!
//! Speed is measured here, never asserted by tests: the tests only check
//! that the tool works end to end. It must not touch the server's internals:
//! only the wire.

mod client06;
mod client19;
mod failure;
mod native;
mod pipeline;
mod procfs;
mod report;
mod worker;

pub use failure::Failure;
pub use report::Report;

use crate::thrift::client::{self, Protocols};
use clap::ValueEnum;
use report::{Progress, Shared};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use worker::Worker;

/// What each operation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Operation {
    /// One describe_version per key: a call that touches no data.
    Null,
    /// One batch_mutate per row.
    Insert,
    /// One get_slice of the whole row.
    Read,
    /// `get_range_slices` from each key on.
    RangeSlice,
    /// Per key, the inserts then the reads of --ratio.
    Mixed,
}

/// Which Thrift API generation the client speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Api {
    /// API 2.2.0 (Cassandra 0.6): keyspace in each call, unframed unless --framed.
    #[value(name = "0.6")]
    V06,
    /// API 19.x (Cassandra 0.7 to 2.x): framed, set_keyspace, schema set-up.
    #[value(name = "19")]
    V19,
    /// The CQL native protocol (versions 2 to 4), prepared statements on a
    /// compact-storage table of the same cells, --in-flight per connection.
    Native,
}

/// Inserts and reads per key in a mixed run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    pub inserts: u32,
    pub reads: u32,
}

fn parse_ratio(s: &str) -> Result<Ratio, String> {
    let bad = || format!("{s:?}: expected INSERTS:READS, e.g. 1:3");
    let (i, r) = s.split_once(':').ok_or_else(bad)?;
    let ratio = Ratio {
        inserts: i.trim().parse().map_err(|_| bad())?,
        reads: r.trim().parse().map_err(|_| bad())?,
    };
    if ratio.inserts + ratio.reads == 0 {
        return Err(format!("{s:?}: at least one insert or read per key"));
    }
    Ok(ratio)
}

/// A stress run's parameters (the command line of `supercolumn stress`).
#[derive(Clone, Debug, clap::Args)]
pub struct StressOptions {
    /// Server address.
    #[arg(long, default_value = "127.0.0.1:9160")]
    pub server: String,
    /// Thrift API generation to speak, or the CQL native protocol.
    #[arg(long, value_enum, default_value = "0.6")]
    pub api: Api,
    /// Use framed transport with --api 0.6 (default: buffered, as 0.6 clients did;
    /// --api 19 is always framed).
    #[arg(long)]
    pub framed: bool,
    #[arg(long, value_enum, default_value = "insert")]
    pub operation: Operation,
    /// Inserts and reads per key with --operation mixed.
    #[arg(long, value_name = "INSERTS:READS", default_value = "1:1", value_parser = parse_ratio)]
    pub ratio: Ratio,
    /// Rows per get_range_slices with --operation range-slice.
    #[arg(long, default_value_t = 10)]
    pub range_count: u32,
    /// Number of distinct row keys.
    #[arg(short = 'n', long, default_value_t = 10_000)]
    pub keys: u64,
    /// Columns per row (per super column with --super).
    #[arg(short = 'c', long, default_value_t = 5)]
    pub columns: u32,
    /// Bytes per column value.
    #[arg(short = 'S', long, alias = "value-size", default_value_t = 34)]
    pub column_size: usize,
    /// Super columns per row; 0 writes a Standard CF.
    #[arg(long = "super", default_value_t = 0)]
    pub super_columns: u32,
    /// Worker threads, one connection each.
    #[arg(short = 't', long, default_value_t = 8)]
    pub threads: u32,
    /// Run for this many seconds, each worker looping over its keys again and
    /// again (default: one pass over the keys).
    #[arg(long, value_name = "SECONDS")]
    pub duration: Option<u64>,
    /// Consistency level of every call (ONE, QUORUM, ALL, ANY, ...; 0.6 also has ZERO,
    /// DCQUORUM, DCQUORUMSYNC; 19 also TWO, THREE, LOCAL_QUORUM, EACH_QUORUM, LOCAL_ONE).
    #[arg(long, default_value = "ONE")]
    pub consistency: String,
    #[arg(long, default_value = "Keyspace1")]
    pub keyspace: String,
    /// The server's process id, for its CPU time per operation (default: the
    /// process listening on the --server port, when that is a loopback address).
    #[arg(long, value_name = "PID")]
    pub server_pid: Option<u32>,
    /// Column family (default Standard1, or Super1 with --super; with
    /// --api native the CQL3 table Standard1Cql).
    #[arg(long)]
    pub column_family: Option<String>,
    /// With --api native: requests outstanding per connection, each on its
    /// own stream id (Thrift connections have one at a time).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub in_flight: u32,
    /// With --api native: the protocol version to speak (2 to 4).
    #[arg(long, value_name = "V", default_value_t = 4)]
    pub native_version: u8,
    /// With --api native: body compression, lz4 or snappy (default none).
    #[arg(long, value_name = "NAME")]
    pub compression: Option<String>,
}

/// Why a run could not start (a run that starts reports its failed calls
/// as errors instead).
#[derive(Debug, thiserror::Error)]
pub enum StressError {
    #[error("{0}")]
    Usage(String),
    #[error("cannot connect to {server}: {source}")]
    Connect {
        server: String,
        source: std::io::Error,
    },
    #[error("{call} failed: {failure}")]
    Setup {
        call: &'static str,
        failure: Failure,
    },
    #[error("a worker thread panicked")]
    WorkerPanicked,
}

/// What every connection of a run needs to build its calls.
pub(crate) struct Workload {
    server: String,
    host: String,
    port: u16,
    keyspace: String,
    column_family: String,
    columns: u32,
    super_columns: u32,
    value: Vec<u8>,
    range_count: i32,
    consistency: String,
    native_version: u8,
    compression: Option<String>,
}

impl Workload {
    fn new(opts: &StressOptions) -> Result<Workload, StressError> {
        let (host, port) = opts
            .server
            .rsplit_once(':')
            .and_then(|(h, p)| {
                Some((
                    h.trim_start_matches('[').trim_end_matches(']'),
                    p.parse().ok()?,
                ))
            })
            .ok_or_else(|| {
                StressError::Usage(format!("--server {:?}: expected HOST:PORT", opts.server))
            })?;
        let column_family = opts.column_family.clone().unwrap_or_else(|| {
            if opts.api == Api::Native {
                native::DEFAULT_TABLE
            } else if opts.super_columns > 0 {
                "Super1"
            } else {
                "Standard1"
            }
            .to_string()
        });
        Ok(Workload {
            server: opts.server.clone(),
            host: host.to_string(),
            port,
            keyspace: opts.keyspace.clone(),
            column_family,
            columns: opts.columns,
            super_columns: opts.super_columns,
            value: vec![b'x'; opts.column_size],
            range_count: i32::try_from(opts.range_count).unwrap_or(i32::MAX),
            consistency: opts.consistency.to_ascii_uppercase(),
            native_version: opts.native_version,
            compression: opts.compression.clone(),
        })
    }

    fn connect(&self, framed: bool) -> Result<Protocols, StressError> {
        let connect_timeout = Duration::from_secs(10);
        // Generous: a loaded server is slow, not dead; a silent one ends the worker.
        let call_timeout = Duration::from_secs(30);
        client::connect(&self.host, self.port, framed, connect_timeout, call_timeout).map_err(
            |source| StressError::Connect {
                server: self.server.clone(),
                source,
            },
        )
    }

    /// Entries a full row has at the top level: columns, or super columns.
    fn row_width(&self) -> u32 {
        if self.super_columns == 0 {
            self.columns
        } else {
            self.super_columns
        }
    }
}

fn column_name(c: u32) -> Vec<u8> {
    format!("C{c}").into_bytes()
}

fn super_name(s: u32) -> Vec<u8> {
    format!("S{s}").into_bytes()
}

/// Finds a consistency level by name among one generation's.
fn level_by_name<L: Copy>(name: &str, levels: &[(&str, L)], api: &str) -> Result<L, StressError> {
    let upper = name.to_ascii_uppercase();
    levels
        .iter()
        .find(|(n, _)| *n == upper)
        .map(|(_, l)| *l)
        .ok_or_else(|| {
            let names: Vec<&str> = levels.iter().map(|(n, _)| *n).collect();
            StressError::Usage(format!(
                "--consistency {name}: API {api} has {}",
                names.join(", ")
            ))
        })
}

/// One worker's connection, speaking one API generation. Reads say whether
/// they found what a full insert writes (false is a miss).
trait Connection: Send {
    /// `describe_version`, whose answer is not checked.
    fn null(&mut self) -> thrift::Result<()>;
    fn insert(&mut self, key: &str, timestamp: i64) -> thrift::Result<()>;
    /// `get_slice` of the row: did it have every column (super column)?
    fn read(&mut self, key: &str) -> thrift::Result<bool>;
    /// `get_range_slices` of `--range-count` rows from `key` on: was the
    /// first row `key`'s?
    fn range_slice(&mut self, key: &str) -> thrift::Result<bool>;
}

/// A worker's connection: Thrift's, one call at a time, or a native one
/// with many requests in flight.
enum Conn {
    Thrift(Box<dyn Connection>),
    Native(Box<native::NativeConn>),
}

/// The options only the native protocol has, and what it cannot do.
fn check_native_options(opts: &StressOptions) -> Result<(), StressError> {
    let usage = |m: &str| Err(StressError::Usage(m.to_string()));
    if opts.api != Api::Native {
        if opts.in_flight != 1 || opts.compression.is_some() {
            return usage("--in-flight and --compression need --api native (a Thrift connection has one call at a time)");
        }
        return Ok(());
    }
    if !(2..=4).contains(&opts.native_version) {
        return usage("--native-version: 2, 3 or 4");
    }
    let max = if opts.native_version >= 3 { 32768 } else { 128 };
    if opts.in_flight == 0 || opts.in_flight > max {
        return Err(StressError::Usage(format!(
            "--in-flight: 1 to {max} on protocol version {}",
            opts.native_version
        )));
    }
    if opts.super_columns > 0 {
        return usage("--super needs a Thrift API: CQL3 tables have no super columns");
    }
    if let Some(c) = &opts.compression {
        if crate::native::frame::Compression::parse(c).is_none() {
            return usage("--compression: lz4 or snappy");
        }
    }
    Ok(())
}

/// Runs the load: prints the header and a progress line each second on
/// `out`, and returns what was measured when every worker is done, or at
/// once (with the results so far) when `stop` is set, as Ctrl-C does.
pub fn run(
    opts: &StressOptions,
    out: &mut dyn Write,
    stop: Arc<AtomicBool>,
) -> Result<Report, StressError> {
    if opts.threads == 0 || opts.columns == 0 {
        return Err(StressError::Usage(
            "--threads and --columns must be at least 1".to_string(),
        ));
    }
    check_native_options(opts)?;
    let work = Arc::new(Workload::new(opts)?);
    // Refuse an unknown level before connecting anywhere.
    match opts.api {
        Api::V06 => client06::consistency(&work.consistency).map(|_| ())?,
        Api::V19 => client19::consistency(&work.consistency).map(|_| ())?,
        Api::Native => native::consistency(&work.consistency).map(|_| ())?,
    }
    let _ = write!(out, "{}", header(opts, &work));
    let mut conns: Vec<Conn> = Vec::new();
    match opts.api {
        Api::V06 => {
            for _ in 0..opts.threads {
                conns.push(Conn::Thrift(Box::new(client06::Conn06::open(
                    &work,
                    opts.framed,
                )?)));
            }
        }
        Api::V19 => {
            client19::prepare(&work, out)?;
            for _ in 0..opts.threads {
                conns.push(Conn::Thrift(Box::new(client19::Conn19::open(&work)?)));
            }
        }
        Api::Native => {
            native::NativeConn::connect(&work)?.create_schema(out)?;
            for _ in 0..opts.threads {
                let mut c = native::NativeConn::connect(&work)?;
                c.prepare()?;
                conns.push(Conn::Native(Box::new(c)));
            }
        }
    }
    let _ = out.flush();

    let shared = Arc::new(Shared::new(conns.len(), stop));
    let probe = procfs::Probe::start(&work.host, work.port, opts.server_pid);
    let started = Instant::now();
    let deadline = opts.duration.map(|s| started + Duration::from_secs(s));
    let workers: Vec<_> = conns
        .into_iter()
        .enumerate()
        .map(|(index, conn)| {
            let (opts, shared) = (opts.clone(), shared.clone());
            match conn {
                Conn::Thrift(conn) => {
                    let worker = Worker {
                        conn,
                        index,
                        opts,
                        shared,
                        deadline,
                    };
                    std::thread::spawn(move || worker.run())
                }
                Conn::Native(conn) => {
                    let worker = pipeline::Pipeline {
                        conn: *conn,
                        index,
                        opts,
                        shared,
                        deadline,
                    };
                    std::thread::spawn(move || worker.run())
                }
            }
        })
        .collect();

    let mut progress = Progress::default();
    let mut next_line = Duration::from_secs(1);
    while !shared.stopping() && workers.iter().any(|w| !w.is_finished()) {
        std::thread::sleep(Duration::from_millis(20));
        let elapsed = started.elapsed();
        if elapsed >= next_line {
            let (ops, errors) = shared.totals();
            let _ = writeln!(out, "{}", progress.line(elapsed, ops, errors));
            let _ = out.flush();
            next_line += Duration::from_secs(1);
        }
    }
    let interrupted = shared.stopping();
    let elapsed = started.elapsed();
    // Interrupted, a worker finishes the call it is in; one stuck in a call to
    // a silent server is left behind after a grace period (its numbers so far
    // are in the report all the same).
    let grace = Instant::now() + Duration::from_secs(2);
    for w in workers {
        while interrupted && !w.is_finished() && Instant::now() < grace {
            std::thread::sleep(Duration::from_millis(10));
        }
        if w.is_finished() || !interrupted {
            w.join().map_err(|_| StressError::WorkerPanicked)?;
        }
    }
    let mut report = shared.report(elapsed, interrupted);
    report.usage = probe.finish();
    Ok(report)
}

/// The parameters, echoed before the run.
fn header(opts: &StressOptions, work: &Workload) -> String {
    let op = opts
        .operation
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string());
    let transport = if opts.api == Api::Native {
        format!(
            "{} in flight per connection{}",
            opts.in_flight,
            opts.compression
                .as_ref()
                .map_or_else(String::new, |c| format!(", {c}"))
        )
    } else if opts.api == Api::V19 || opts.framed {
        "framed".to_string()
    } else {
        "unframed".to_string()
    };
    let api = match opts.api {
        Api::V06 => "API 0.6".to_string(),
        Api::V19 => "API 19".to_string(),
        Api::Native => format!("native protocol v{}", opts.native_version),
    };
    let row = if work.super_columns == 0 {
        format!("{} columns of {} bytes", work.columns, opts.column_size)
    } else {
        format!(
            "{} super columns of {} columns of {} bytes",
            work.super_columns, work.columns, opts.column_size
        )
    };
    let detail = match opts.operation {
        Operation::Mixed => format!(
            ", {}:{} inserts:reads per key",
            opts.ratio.inserts, opts.ratio.reads
        ),
        Operation::RangeSlice => format!(", {} rows per range slice", opts.range_count),
        _ => String::new(),
    };
    let detail = match opts.duration {
        Some(s) => format!("{detail}, looping for {s} s"),
        None => detail,
    };
    format!(
        "supercolumn stress: {op} on {} ({api}, {transport}), {}.{}\n  \
         {} keys, {row} per row, {} threads, consistency {}{detail}\n",
        work.server, work.keyspace, work.column_family, opts.keys, opts.threads, work.consistency
    )
}

/// `supercolumn stress` from the command line: runs with Ctrl-C handled
/// (the first stops the run and prints the results so far; a second quits at
/// once), prints the report, and returns the exit status: 0, 1 when any
/// call failed or the run could not start, 130 when interrupted.
pub fn main(opts: &StressOptions) -> i32 {
    let stop = Arc::new(AtomicBool::new(false));
    if let Err(e) = watch_ctrl_c(stop.clone()) {
        eprintln!("supercolumn stress: cannot handle Ctrl-C ({e}); it will end the run unreported");
    }
    let mut stdout = std::io::stdout();
    match run(opts, &mut stdout, stop) {
        Ok(report) => {
            print!("{report}");
            let _ = stdout.flush();
            if report.interrupted {
                130
            } else if report.errors > 0 {
                1
            } else {
                0
            }
        }
        Err(e) => {
            eprintln!("supercolumn stress: {e}");
            1
        }
    }
}

/// SIGINT on a small tokio runtime (already a dependency, for the server)
/// on its own thread; the handler is installed before this returns.
fn watch_ctrl_c(stop: Arc<AtomicBool>) -> std::io::Result<()> {
    use tokio::signal::unix::{signal, SignalKind};
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()?;
    let mut sigint = {
        let _guard = rt.enter();
        signal(SignalKind::interrupt())?
    };
    std::thread::spawn(move || {
        rt.block_on(async move {
            sigint.recv().await;
            stop.store(true, Ordering::Relaxed);
            eprintln!("interrupted: stopping (Ctrl-C again quits at once)");
            sigint.recv().await;
            std::process::exit(130);
        })
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        opts: StressOptions,
    }

    fn parse(args: &[&str]) -> Result<StressOptions, clap::Error> {
        Cli::try_parse_from(std::iter::once("stress").chain(args.iter().copied())).map(|c| c.opts)
    }

    #[test]
    fn command_line() {
        let o = parse(&["--api", "19", "--operation", "range-slice", "-S", "100"]).unwrap();
        assert_eq!(
            (o.api, o.operation, o.column_size),
            (Api::V19, Operation::RangeSlice, 100)
        );
        let o = parse(&[
            "--operation",
            "mixed",
            "--ratio",
            "1:3",
            "--value-size",
            "7",
        ])
        .unwrap();
        assert_eq!(
            o.ratio,
            Ratio {
                inserts: 1,
                reads: 3
            }
        );
        assert_eq!((o.api, o.column_size), (Api::V06, 7));
        for bad in [
            &["--api", "0.7"][..],
            &["--ratio", "0:0"],
            &["--ratio", "2"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn refuses_bad_parameters_before_connecting() {
        let base = parse(&["--server", "127.0.0.1:1", "-n", "1"]).unwrap();
        let stop = || Arc::new(AtomicBool::new(false));
        let mut out = Vec::new();
        let zero = StressOptions {
            threads: 0,
            ..base.clone()
        };
        assert!(matches!(
            run(&zero, &mut out, stop()),
            Err(StressError::Usage(_))
        ));
        let level = StressOptions {
            consistency: "ZERO".into(),
            api: Api::V19,
            ..base.clone()
        };
        let e = run(&level, &mut out, stop()).unwrap_err().to_string();
        assert!(e.contains("--consistency ZERO: API 19 has ONE, TWO"), "{e}");
        let server = StressOptions {
            server: "nowhere".into(),
            ..base
        };
        assert!(matches!(
            run(&server, &mut out, stop()),
            Err(StressError::Usage(_))
        ));
        assert!(
            out.is_empty(),
            "nothing printed before the parameters are checked"
        );
    }

    #[test]
    fn header_echoes_the_parameters() {
        let o = parse(&[
            "--api",
            "19",
            "--operation",
            "mixed",
            "--ratio",
            "2:1",
            "--super",
            "3",
        ])
        .unwrap();
        let h = header(&o, &Workload::new(&o).unwrap());
        assert_eq!(
            h,
            "supercolumn stress: mixed on 127.0.0.1:9160 (API 19, framed), Keyspace1.Super1\n  \
             10000 keys, 3 super columns of 5 columns of 34 bytes per row, 8 threads, \
             consistency ONE, 2:1 inserts:reads per key\n"
        );
    }
}
