//! `supercolumn stress`: a load generator in the spirit of Cassandra 0.6's
//! `contrib/py_stress`. It drives a running server over the 0.6 Thrift API
//! with a real generated client and reports throughput and latency.
//!
//! Each of `threads` workers owns its own connection and the keys
//! `i ≡ worker (mod threads)` of `0..keys`. An insert is one `batch_mutate`
//! of `columns` columns (or, with `--super N`, N super columns of `columns`
//! sub-columns each) into one row; a read is one `get_slice` of the whole row
//! and counts a miss when the row comes back with fewer columns than were
//! written. Speed is measured here, never asserted by tests: the tests only
//! check that the tool works end to end.
//!
//! It must not touch the server's internals: only the wire.

use crate::thrift::client;
use crate::thrift::gen::cassandra06::{
    CassandraSyncClient, Column, ColumnOrSuperColumn, ColumnParent, ConsistencyLevel, Mutation,
    SlicePredicate, SliceRange, SuperColumn, TCassandraSyncClient,
};
use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// What each operation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Operation {
    Insert,
    Read,
    /// Insert then read each key.
    Mixed,
}

/// A stress run's parameters (the command line of `supercolumn stress`).
#[derive(Clone, Debug, clap::Args)]
pub struct StressOptions {
    /// Server address.
    #[arg(long, default_value = "127.0.0.1:9160")]
    pub server: String,
    /// Use framed transport (default: buffered, as 0.6 clients did).
    #[arg(long)]
    pub framed: bool,
    #[arg(long, value_enum, default_value = "insert")]
    pub operation: Operation,
    /// Number of distinct row keys.
    #[arg(short = 'n', long, default_value_t = 10_000)]
    pub keys: u64,
    /// Columns per row (per super column with --super).
    #[arg(short = 'c', long, default_value_t = 5)]
    pub columns: u32,
    /// Bytes per column value.
    #[arg(short = 'S', long, default_value_t = 34)]
    pub value_size: usize,
    /// Super columns per row; 0 writes a Standard CF.
    #[arg(long = "super", default_value_t = 0)]
    pub super_columns: u32,
    /// Worker threads, one connection each.
    #[arg(short = 't', long, default_value_t = 8)]
    pub threads: u32,
    #[arg(long, default_value = "Keyspace1")]
    pub keyspace: String,
    /// Column family (default Standard1, or Super1 with --super).
    #[arg(long)]
    pub column_family: Option<String>,
}

impl StressOptions {
    fn column_family(&self) -> String {
        self.column_family.clone().unwrap_or_else(|| {
            if self.super_columns > 0 {
                "Super1"
            } else {
                "Standard1"
            }
            .to_string()
        })
    }
}

/// What a run measured.
#[derive(Debug, Default)]
pub struct Report {
    pub operations: u64,
    pub errors: u64,
    /// Reads that found fewer columns than a full row.
    pub misses: u64,
    pub elapsed: Duration,
    /// Per-operation latencies, sorted.
    latencies: Vec<Duration>,
    pub first_error: Option<String>,
}

impl Report {
    pub fn ops_per_second(&self) -> f64 {
        self.operations as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
    /// The latency below which `p` (0..=1) of operations completed.
    pub fn percentile(&self, p: f64) -> Duration {
        if self.latencies.is_empty() {
            return Duration::ZERO;
        }
        let idx = ((self.latencies.len() - 1) as f64 * p).round() as usize;
        self.latencies[idx]
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        writeln!(f, "operations  {}", self.operations)?;
        writeln!(f, "errors      {}", self.errors)?;
        writeln!(f, "misses      {}", self.misses)?;
        writeln!(f, "elapsed     {:.3} s", self.elapsed.as_secs_f64())?;
        writeln!(f, "throughput  {:.0} ops/s", self.ops_per_second())?;
        writeln!(
            f,
            "latency ms  median {:.3}  p95 {:.3}  p99 {:.3}  max {:.3}",
            ms(self.percentile(0.5)),
            ms(self.percentile(0.95)),
            ms(self.percentile(0.99)),
            ms(self.percentile(1.0))
        )?;
        if let Some(e) = &self.first_error {
            writeln!(f, "first error {e}")?;
        }
        Ok(())
    }
}

type Client = CassandraSyncClient<
    Box<dyn thrift::protocol::TInputProtocol + Send>,
    Box<dyn thrift::protocol::TOutputProtocol + Send>,
>;

/// Runs the load and gathers every worker's measurements.
pub fn run(opts: &StressOptions) -> Result<Report, String> {
    if opts.threads == 0 || opts.columns == 0 {
        return Err("--threads and --columns must be at least 1".to_string());
    }
    let started = Instant::now();
    let workers: Vec<_> = (0..opts.threads)
        .map(|worker| {
            let opts = opts.clone();
            std::thread::spawn(move || Worker::new(&opts, worker).map(|w| w.run()))
        })
        .collect();
    let mut report = Report::default();
    for handle in workers {
        let part = handle
            .join()
            .map_err(|_| "a worker thread panicked".to_string())??;
        report.operations += part.operations;
        report.errors += part.errors;
        report.misses += part.misses;
        report.latencies.extend(part.latencies);
        report.first_error = report.first_error.or(part.first_error);
    }
    report.elapsed = started.elapsed();
    report.latencies.sort_unstable();
    Ok(report)
}

struct Worker<'a> {
    opts: &'a StressOptions,
    index: u32,
    client: Client,
    cf: String,
    value: Vec<u8>,
    report: Report,
}

impl<'a> Worker<'a> {
    fn new(opts: &'a StressOptions, index: u32) -> Result<Worker<'a>, String> {
        let (host, port) = opts
            .server
            .rsplit_once(':')
            .and_then(|(h, p)| {
                Some((
                    h.trim_start_matches('[').trim_end_matches(']'),
                    p.parse().ok()?,
                ))
            })
            .ok_or_else(|| format!("--server {:?}: expected HOST:PORT", opts.server))?;
        let timeout = Duration::from_secs(30);
        let (i, o) = client::connect(host, port, opts.framed, timeout, timeout)
            .map_err(|e| format!("cannot connect to {}: {e}", opts.server))?;
        Ok(Worker {
            opts,
            index,
            client: CassandraSyncClient::new(i, o),
            cf: opts.column_family(),
            value: vec![b'x'; opts.value_size],
            report: Report::default(),
        })
    }

    fn run(mut self) -> Report {
        let mut key = u64::from(self.index);
        while key < self.opts.keys {
            let row = format!("{key:010}");
            match self.opts.operation {
                Operation::Insert => self.timed(|w| w.insert(&row)),
                Operation::Read => self.timed(|w| w.read(&row)),
                Operation::Mixed => {
                    self.timed(|w| w.insert(&row));
                    self.timed(|w| w.read(&row));
                }
            }
            key += u64::from(self.opts.threads);
        }
        self.report
    }

    fn timed(&mut self, op: impl FnOnce(&mut Self) -> thrift::Result<bool>) {
        let start = Instant::now();
        let outcome = op(self);
        self.report.latencies.push(start.elapsed());
        self.report.operations += 1;
        match outcome {
            Ok(true) => {}
            Ok(false) => self.report.misses += 1,
            Err(e) => {
                self.report.errors += 1;
                self.report.first_error.get_or_insert_with(|| e.to_string());
            }
        }
    }

    fn columns(&self, timestamp: i64) -> Vec<Column> {
        (0..self.opts.columns)
            .map(|c| Column::new(format!("C{c}").into_bytes(), self.value.clone(), timestamp))
            .collect()
    }

    fn insert(&mut self, row: &str) -> thrift::Result<bool> {
        let ts = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_micros() as i64);
        let mutations: Vec<Mutation> = if self.opts.super_columns == 0 {
            self.columns(ts)
                .into_iter()
                .map(|c| Mutation::new(ColumnOrSuperColumn::new(c, None), None))
                .collect()
        } else {
            (0..self.opts.super_columns)
                .map(|s| {
                    let sc = SuperColumn::new(format!("S{s}").into_bytes(), self.columns(ts));
                    Mutation::new(ColumnOrSuperColumn::new(None, sc), None)
                })
                .collect()
        };
        let map = BTreeMap::from([(
            row.to_string(),
            BTreeMap::from([(self.cf.clone(), mutations)]),
        )]);
        self.client
            .batch_mutate(self.opts.keyspace.clone(), map, ConsistencyLevel::ONE)?;
        Ok(true)
    }

    fn read(&mut self, row: &str) -> thrift::Result<bool> {
        let want = if self.opts.super_columns == 0 {
            self.opts.columns
        } else {
            self.opts.super_columns
        };
        let predicate =
            SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, want as i32));
        let got = self.client.get_slice(
            self.opts.keyspace.clone(),
            row.to_string(),
            ColumnParent::new(self.cf.clone(), None),
            predicate,
            ConsistencyLevel::ONE,
        )?;
        Ok(got.len() == want as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_come_from_sorted_latencies() {
        let mut r = Report {
            latencies: (1..=100).map(Duration::from_millis).collect(),
            operations: 100,
            elapsed: Duration::from_secs(2),
            ..Report::default()
        };
        r.latencies.sort_unstable();
        assert_eq!(r.percentile(0.5), Duration::from_millis(51));
        assert_eq!(r.percentile(0.99), Duration::from_millis(99));
        assert_eq!(r.percentile(1.0), Duration::from_millis(100));
        assert_eq!(r.ops_per_second(), 50.0);
        assert_eq!(Report::default().percentile(0.5), Duration::ZERO);
    }

    #[test]
    fn refuses_zero_threads() {
        let opts = StressOptions {
            server: "127.0.0.1:1".into(),
            framed: false,
            operation: Operation::Insert,
            keys: 1,
            columns: 1,
            value_size: 1,
            super_columns: 0,
            threads: 0,
            keyspace: "Keyspace1".into(),
            column_family: None,
        };
        assert!(run(&opts).is_err());
    }
}
