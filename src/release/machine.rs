//! The machine a release started on, where its answers depended on it.
//! 0.7 and 0.8 sized a column family's default memtable thresholds from
//! the JVM's maximum heap when they started (`CFMetaData`: a 32nd of it in
//! MB in 0.7, a 16th in 0.8; 0.3 million operations per 64 MB of that;
//! the hints column family half of it, between 32 and 256 MB), and their
//! stock `cassandra-env.sh` gave the JVM half the machine's memory
//! (`free -m`). 0.7 to 1.0 also sized a scan's row list by its count (a
//! count the heap cannot hold failed: `release::reads::check_row_list` in
//! the Thrift layer); from 1.1 no Thrift answer depends on the heap. Data and
//! arithmetic only: which heap a node models is `serve`'s to say
//! (`--jvm-heap`, `--machine-memory`).

use super::Release;

/// The heap, in MB, that 0.7's and 0.8's stock `cassandra-env.sh` gave
/// the JVM on a machine of `memory_mb` MB: half of it.
pub fn stock_heap_mb(memory_mb: u64) -> u64 {
    memory_mb / 2
}

/// What `Runtime.maxMemory()` said, in MB, for a JVM started with
/// `-Xmx<heap_mb>M` (JDK 17's G1 on a machine of two cores or more): the
/// heap rounded up to whole G1 regions (a power of two near a 2048th of
/// the heap, 1 to 32 MB).
pub fn max_memory_mb(heap_mb: u64) -> u64 {
    let region = heap_mb.div_ceil(2048).next_power_of_two().clamp(1, 32);
    heap_mb.div_ceil(region) * region
}

/// A column family's default memtable thresholds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MemtableDefaults {
    pub throughput_mb: i32,
    pub million_ops: f64,
}

impl MemtableDefaults {
    fn of(throughput_mb: i32) -> Self {
        MemtableDefaults {
            throughput_mb,
            million_ops: 0.3 * f64::from(throughput_mb) / 64.0,
        }
    }

    /// The hints column family's: half the user's, between 32 and 256 MB.
    pub fn hints(self) -> Self {
        Self::of((self.throughput_mb / 2).clamp(32, 256))
    }
}

impl Release {
    /// The memtable thresholds a column family took when its CfDef gave
    /// none, on a JVM started with `-Xmx<heap_mb>M`; `None` for a release
    /// whose CfDef had no such thresholds or fixed them.
    pub fn memtable_defaults(&self, heap_mb: u64) -> Option<MemtableDefaults> {
        let divisor = match self.series() {
            (0, 7) => 32,
            (0, 8) => 16,
            _ => return None,
        };
        let mb = max_memory_mb(heap_mb) / divisor;
        Some(MemtableDefaults::of(i32::try_from(mb).unwrap_or(i32::MAX)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_nodes_heap_gives_the_recorded_thresholds() {
        // The recordings' nodes ran with -Xmx1G (scripts/peers/start.sh).
        let r = |v| Release::find(v).unwrap();
        let d07 = r("0.7.10").memtable_defaults(1024).unwrap();
        assert_eq!((d07.throughput_mb, d07.million_ops), (32, 0.15));
        assert_eq!(d07.hints().throughput_mb, 32);
        let d08 = r("0.8.10").memtable_defaults(1024).unwrap();
        assert_eq!((d08.throughput_mb, d08.million_ops), (64, 0.3));
        assert_eq!(d08.hints(), MemtableDefaults::of(32));
        assert_eq!(r("1.0.12").memtable_defaults(1024), None);
    }

    #[test]
    fn a_machine_of_24_gb_as_cassandra_env_sized_it() {
        // `free -m` said 24105: a 12052 MB heap, which G1 rounded to 12056.
        let heap = stock_heap_mb(24_105);
        assert_eq!((heap, max_memory_mb(heap)), (12_052, 12_056));
        let r = |v| Release::find(v).unwrap();
        let d07 = r("0.7.10").memtable_defaults(heap).unwrap();
        assert_eq!((d07.throughput_mb, d07.million_ops), (376, 1.7625));
        assert_eq!(d07.hints().throughput_mb, 188);
        let d08 = r("0.8.10").memtable_defaults(heap).unwrap();
        assert_eq!(d08.throughput_mb, 753);
        assert_eq!(d08.hints().throughput_mb, 256);
        assert_eq!(max_memory_mb(1024), 1024);
    }
}
