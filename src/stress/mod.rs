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
mod options;
mod pipeline;
mod procfs;
mod report;
mod worker;

pub use failure::Failure;
pub use options::{Api, Operation, Ratio, StressOptions};
pub use report::Report;

use crate::thrift::client::{self, Client06, Client19, ConnectError, Timeouts};
use options::{check_native_options, header};
use report::{Progress, Shared};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use worker::Worker;

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

/// How long a worker waits: generous for a reply, as a loaded server is
/// slow, not dead; a silent one ends the worker.
const TIMEOUTS: Timeouts = Timeouts {
    connect: Duration::from_secs(10),
    call: Duration::from_secs(30),
};

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

    /// A 19.x connection (framed, as 0.7 and later clients were).
    fn connect19(&self) -> Result<Client19, StressError> {
        client::connect19(&self.host, self.port, TIMEOUTS).map_err(|e| self.connect_error(e))
    }

    /// A 0.6 connection, framed or not.
    fn connect06(&self, framed: bool) -> Result<Client06, StressError> {
        client::connect06(&self.host, self.port, framed, TIMEOUTS)
            .map_err(|e| self.connect_error(e))
    }

    fn connect_error(&self, e: ConnectError) -> StressError {
        StressError::Connect {
            server: self.server.clone(),
            source: e.source,
        }
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
        Api::Api2 => client06::consistency(&work.consistency).map(|_| ())?,
        Api::Api19 => client19::consistency(&work.consistency).map(|_| ())?,
        Api::Native => native::consistency(&work.consistency).map(|_| ())?,
    }
    let _ = write!(out, "{}", header(opts, &work));
    let conns = connect(opts, &work, out)?;
    let _ = out.flush();

    let shared = Arc::new(Shared::new(conns.len(), stop));
    let probe = procfs::Probe::start(&work.host, work.port, opts.server_pid);
    let started = Instant::now();
    let deadline = opts.duration.map(|s| started + Duration::from_secs(s));
    let workers = spawn_workers(opts, conns, &shared, deadline);

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

/// Opens one connection per thread, after creating the schema (19.x and
/// native) and preparing the statements (native).
fn connect(
    opts: &StressOptions,
    work: &Arc<Workload>,
    out: &mut dyn Write,
) -> Result<Vec<Conn>, StressError> {
    let mut conns: Vec<Conn> = Vec::new();
    match opts.api {
        Api::Api2 => {
            for _ in 0..opts.threads {
                let conn = client06::Conn06::open(work, opts.framed)?;
                conns.push(Conn::Thrift(Box::new(conn)));
            }
        }
        Api::Api19 => {
            client19::prepare(work, out)?;
            for _ in 0..opts.threads {
                conns.push(Conn::Thrift(Box::new(client19::Conn19::open(work)?)));
            }
        }
        Api::Native => {
            native::NativeConn::connect(work)?.create_schema(out)?;
            for _ in 0..opts.threads {
                let mut c = native::NativeConn::connect(work)?;
                c.prepare()?;
                conns.push(Conn::Native(Box::new(c)));
            }
        }
    }
    Ok(conns)
}

/// One thread per connection: a Thrift worker makes one call at a time, a
/// native pipeline keeps several in flight.
fn spawn_workers(
    opts: &StressOptions,
    conns: Vec<Conn>,
    shared: &Arc<Shared>,
    deadline: Option<Instant>,
) -> Vec<std::thread::JoinHandle<()>> {
    conns
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
        .collect()
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
    use crate::stress::options::parse;

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
            api: Api::Api19,
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
}
