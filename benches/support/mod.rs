//! What the benchmarks share: a criterion measurement of this process's CPU
//! time (every thread's, so work a call leaves to the engine's background
//! threads counts too) instead of wall-clock time. On a machine shared with
//! other builds a thread waits for a core a varying part of the time; CPU
//! time leaves that wait out, so figures repeat under load.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::Throughput;
use std::time::Duration;

/// `CLOCK_PROCESS_CPUTIME_ID`, in nanoseconds per iteration.
pub struct ProcessCpu;

fn now() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ProcessCPUTime);
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

impl Measurement for ProcessCpu {
    type Intermediate = Duration;
    type Value = Duration;

    fn start(&self) -> Duration {
        now()
    }
    fn end(&self, start: Duration) -> Duration {
        now().saturating_sub(start)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, v: &Duration) -> f64 {
        v.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &CpuFormatter
    }
}

/// Prints nanoseconds of CPU time in the unit that suits their size.
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, typical_ns: f64, values: &mut [f64]) -> &'static str {
        let (divisor, unit) = match typical_ns {
            t if t < 1e3 => (1.0, "ns cpu"),
            t if t < 1e6 => (1e3, "µs cpu"),
            t if t < 1e9 => (1e6, "ms cpu"),
            _ => (1e9, "s cpu"),
        };
        values.iter_mut().for_each(|v| *v /= divisor);
        unit
    }

    fn scale_throughputs(
        &self,
        _typical_ns: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let (per_iteration, unit) = match *throughput {
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) => (n as f64, "B per cpu-second"),
            Throughput::Elements(n) => (n as f64, "elem per cpu-second"),
        };
        values
            .iter_mut()
            .for_each(|v| *v = per_iteration * 1e9 / v.max(1.0));
        unit
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}
