//! The numbers of a stress run: each worker's tally while it runs (behind
//! its own lock, so that progress lines and an interrupted run can read them
//! at any moment), the progress line, and the final report. It makes no
//! calls and decides nothing about the run.

use super::failure::Failure;
use super::procfs::RunUsage;
use parking_lot::Mutex;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// One worker's counts so far.
#[derive(Debug, Default)]
pub(super) struct Tally {
    pub operations: u64,
    pub errors: u64,
    pub misses: u64,
    /// Latencies of the successful operations (failed calls have none).
    pub latencies: Vec<Duration>,
    /// The worker's connection failed and it stopped.
    pub connection_lost: bool,
}

/// What the workers and the reporting thread share.
pub(super) struct Shared {
    /// Set by Ctrl-C: workers stop before their next call.
    pub stop: std::sync::Arc<AtomicBool>,
    pub tallies: Vec<Mutex<Tally>>,
    /// The first failed call of the run, whichever worker made it.
    pub first_error: Mutex<Option<Failure>>,
}

impl Shared {
    pub fn new(workers: usize, stop: std::sync::Arc<AtomicBool>) -> Shared {
        Shared {
            stop,
            tallies: (0..workers).map(|_| Mutex::new(Tally::default())).collect(),
            first_error: Mutex::new(None),
        }
    }

    pub fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Operations and errors so far, over every worker.
    pub fn totals(&self) -> (u64, u64) {
        self.tallies.iter().fold((0, 0), |(ops, errs), t| {
            let t = t.lock();
            (ops + t.operations, errs + t.errors)
        })
    }

    pub fn record_failure(&self, worker: usize, failure: Failure) {
        {
            let mut t = self.tallies[worker].lock();
            t.errors += 1;
            t.connection_lost |= failure.connection_lost;
        }
        self.first_error.lock().get_or_insert(failure);
    }

    /// Everything measured so far, as one report.
    pub fn report(&self, elapsed: Duration, interrupted: bool) -> Report {
        let mut r = Report {
            elapsed,
            interrupted,
            workers: self.tallies.len() as u32,
            first_error: self.first_error.lock().clone(),
            ..Report::default()
        };
        for t in &self.tallies {
            let t = t.lock();
            r.operations += t.operations;
            r.errors += t.errors;
            r.misses += t.misses;
            r.latencies.extend_from_slice(&t.latencies);
            r.lost_connections += u32::from(t.connection_lost);
        }
        r.latencies.sort_unstable();
        r
    }
}

/// What a run measured.
#[derive(Debug, Default)]
pub struct Report {
    /// Calls that succeeded (each insert, read or range slice is one).
    pub operations: u64,
    /// Calls that failed: they are not operations.
    pub errors: u64,
    /// Successful reads that found less than a full row, and range slices
    /// that did not start at the row asked for.
    pub misses: u64,
    pub elapsed: Duration,
    /// Latencies of the successful operations, sorted.
    pub(super) latencies: Vec<Duration>,
    pub first_error: Option<Failure>,
    /// Stopped by Ctrl-C: the numbers are those so far.
    pub interrupted: bool,
    pub workers: u32,
    /// Workers whose connection failed (each stopped there).
    pub lost_connections: u32,
    /// CPU time of the server and of this client over the run.
    pub usage: RunUsage,
}

impl Report {
    /// Successful operations per second: failed calls do not count, so a
    /// dead server gives a low figure, not a high one.
    pub fn ops_per_second(&self) -> f64 {
        self.operations as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The server's CPU time per successful operation, when it was measured.
    pub fn server_cpu_per_op(&self) -> Option<Duration> {
        let server = self.usage.server?;
        (self.operations > 0).then(|| server.cpu.div_f64(self.operations as f64))
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
        if self.interrupted {
            writeln!(f, "interrupted: the results so far")?;
        }
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
        let us = |d: Duration| d.as_secs_f64() * 1e6;
        match (&self.usage.server, self.server_cpu_per_op()) {
            (Some(s), Some(per_op)) => writeln!(
                f,
                "server cpu  {:.1} µs/op  ({:.3} s over {} operations, pid {})",
                us(per_op),
                s.cpu.as_secs_f64(),
                self.operations,
                s.pid
            )?,
            (Some(_), None) => writeln!(f, "server cpu  no operations to divide by")?,
            (None, _) => writeln!(
                f,
                "server cpu  not measured: {}",
                self.usage.server_unmeasured.as_deref().unwrap_or("unknown")
            )?,
        }
        if let Some(s) = &self.usage.server {
            writeln!(
                f,
                "server      rss {:.1} MB, {} threads at the end",
                s.at_end.rss as f64 / (1024.0 * 1024.0),
                s.at_end.threads
            )?;
        }
        if let (Some(cpu), true) = (self.usage.client_cpu, self.operations > 0) {
            writeln!(
                f,
                "client cpu  {:.1} µs/op",
                us(cpu.div_f64(self.operations as f64))
            )?;
        }
        if self.lost_connections > 0 {
            writeln!(
                f,
                "connections lost {} of {} (their workers stopped there)",
                self.lost_connections, self.workers
            )?;
        }
        if let Some(e) = &self.first_error {
            writeln!(f, "first error {e}")?;
        }
        Ok(())
    }
}

/// The once-a-second progress table: operations so far, the rate over the
/// last interval, errors so far.
#[derive(Default)]
pub(super) struct Progress {
    lines: u64,
    last_operations: u64,
    last_elapsed: Duration,
}

impl Progress {
    pub fn line(&mut self, elapsed: Duration, operations: u64, errors: u64) -> String {
        let interval = (elapsed - self.last_elapsed).as_secs_f64().max(1e-9);
        let rate = (operations - self.last_operations) as f64 / interval;
        self.last_operations = operations;
        self.last_elapsed = elapsed;
        let head = if self.lines == 0 {
            "  time s  operations     ops/s    errors\n"
        } else {
            ""
        };
        self.lines += 1;
        format!(
            "{head}{:>8.1}  {operations:>10}  {rate:>8.0}  {errors:>8}",
            elapsed.as_secs_f64()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

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
    fn failures_are_errors_not_operations() {
        let shared = Shared::new(2, Arc::new(AtomicBool::new(false)));
        shared.tallies[0].lock().operations = 3;
        let refused = Failure {
            exception: "InvalidRequestException".into(),
            why: "first".into(),
            connection_lost: false,
        };
        shared.record_failure(1, refused.clone());
        let lost = Failure {
            exception: "TTransportException".into(),
            why: "second".into(),
            connection_lost: true,
        };
        shared.record_failure(0, lost);
        assert_eq!(shared.totals(), (3, 2));
        let r = shared.report(Duration::from_secs(1), false);
        assert_eq!((r.operations, r.errors, r.lost_connections), (3, 2, 1));
        assert_eq!(r.first_error, Some(refused));
        let text = r.to_string();
        assert!(
            text.contains("first error InvalidRequestException: first"),
            "{text}"
        );
        assert!(text.contains("connections lost 1 of 2"), "{text}");
    }

    #[test]
    fn server_cpu_is_per_operation() {
        use super::super::procfs::{ServerUsage, Usage};
        let mut r = Report {
            operations: 4000,
            elapsed: Duration::from_secs(1),
            ..Report::default()
        };
        let text = r.to_string();
        assert!(text.contains("server cpu  not measured: unknown"), "{text}");
        r.usage.server_unmeasured = Some("no local process listens on port 1".into());
        assert!(r.to_string().contains("not measured: no local process"));
        r.usage.server = Some(ServerUsage {
            pid: 42,
            cpu: Duration::from_millis(100),
            at_end: Usage {
                cpu: Duration::from_secs(3),
                rss: 12 * 1024 * 1024 + 512 * 1024,
                threads: 7,
            },
        });
        r.usage.client_cpu = Some(Duration::from_millis(60));
        assert_eq!(r.server_cpu_per_op(), Some(Duration::from_micros(25)));
        let text = r.to_string();
        for line in [
            "server cpu  25.0 µs/op  (0.100 s over 4000 operations, pid 42)",
            "server      rss 12.5 MB, 7 threads at the end",
            "client cpu  15.0 µs/op",
        ] {
            assert!(text.contains(line), "{line} in {text}");
        }
        r.operations = 0;
        assert_eq!(r.server_cpu_per_op(), None);
        assert!(r.to_string().contains("server cpu  no operations"));
    }

    #[test]
    fn progress_rate_is_per_interval() {
        let mut p = Progress::default();
        let first = p.line(Duration::from_secs(1), 100, 0);
        assert_eq!(
            first,
            "  time s  operations     ops/s    errors\n     1.0         100       100         0"
        );
        let second = p.line(Duration::from_secs(2), 400, 1);
        assert_eq!(second, "     2.0         400       300         1");
    }
}
