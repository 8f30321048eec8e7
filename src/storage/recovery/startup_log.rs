//! What opening the engine tells the operator: the SSTables opened for each
//! column family (one INFO line per column family that has any, and one
//! total), and the commit-log replay (segments, bytes, records, time).
//!
//! Only logging: the numbers come from recovery and the engine; nothing
//! here reads files or decides anything.

use super::replay::ReplayOutcome;
use super::RecoveryStats;
use std::time::Duration;

/// One column family's SSTables as opened.
pub(crate) struct CfTables {
    pub keyspace: String,
    pub cf: String,
    pub count: usize,
    pub bytes: u64,
}

/// Logs the SSTables opened, per column family and in total.
pub(crate) fn log_sstables(mut opened: Vec<CfTables>, took: Duration) {
    opened.retain(|c| c.count > 0);
    opened.sort_by(|a, b| (&a.keyspace, &a.cf).cmp(&(&b.keyspace, &b.cf)));
    for c in &opened {
        tracing::info!(
            "opened {} for {}/{}",
            tables(c.count, c.bytes),
            c.keyspace,
            c.cf
        );
    }
    let count = opened.iter().map(|c| c.count).sum();
    let bytes = opened.iter().map(|c| c.bytes).sum();
    if count == 0 {
        tracing::info!("no SSTables to open");
    } else {
        tracing::info!(
            "opened {} of {} column families in {}",
            tables(count, bytes),
            opened.len(),
            seconds(took)
        );
    }
}

/// Logs the commit-log replay: what was read, what was applied, how long
/// reading and applying took, and the rate over the whole replay.
pub(crate) fn log_replay(stats: &RecoveryStats, outcome: &ReplayOutcome) {
    if stats.log_segments == 0 {
        tracing::info!("commit log: no segments to replay");
        return;
    }
    tracing::info!("{}", replay_line(stats, outcome));
}

fn replay_line(stats: &RecoveryStats, outcome: &ReplayOutcome) -> String {
    let took = stats.log_read_in + outcome.took;
    let skipped = stats.log_records.saturating_sub(outcome.applied);
    let already = if skipped > 0 {
        format!(" ({skipped} already in SSTables or of dropped column families, skipped)")
    } else {
        String::new()
    };
    format!(
        "commit log: replayed {} of {} records from {} ({}) in {} ({:.0} MB/s; read {}, ordered by key {}, decoded and applied {}){already}",
        outcome.applied,
        stats.log_records,
        plural(stats.log_segments, "segment"),
        human_bytes(stats.log_bytes),
        seconds(took),
        stats.log_bytes as f64 / 1e6 / took.as_secs_f64().max(1e-6),
        seconds(stats.log_read_in),
        seconds(outcome.ordered),
        seconds(outcome.took.saturating_sub(outcome.ordered)),
    )
}

fn tables(count: usize, bytes: u64) -> String {
    format!("{} ({})", plural(count, "SSTable"), human_bytes(bytes))
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn seconds(d: Duration) -> String {
    format!("{:.3} s", d.as_secs_f64())
}

/// `512 bytes`, `3.1 KiB`, `12.4 MiB`, `1.2 GiB`.
pub(crate) fn human_bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if n < 1024 {
        return format!("{n} bytes");
    }
    let mut v = n as f64 / 1024.0;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    format!("{v:.1} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_counts_read_well() {
        assert_eq!(human_bytes(0), "0 bytes");
        assert_eq!(human_bytes(1023), "1023 bytes");
        assert_eq!(human_bytes(1536), "1.5 KiB");
        assert_eq!(human_bytes(13 * 1024 * 1024), "13.0 MiB");
        assert_eq!(human_bytes(5 << 40), "5.0 TiB");
        assert_eq!(tables(1, 10), "1 SSTable (10 bytes)");
        assert_eq!(tables(3, 2048), "3 SSTables (2.0 KiB)");
        assert_eq!(seconds(Duration::from_millis(1450)), "1.450 s");
    }

    #[test]
    fn the_replay_line_gives_time_and_rate() {
        let stats = RecoveryStats {
            log_segments: 2,
            log_bytes: 100_000_000,
            log_records: 10,
            log_read_in: Duration::from_millis(100),
        };
        let outcome = ReplayOutcome {
            applied: 8,
            skipped: 2,
            ordered: Duration::from_millis(100),
            took: Duration::from_millis(400),
        };
        assert_eq!(
            replay_line(&stats, &outcome),
            "commit log: replayed 8 of 10 records from 2 segments (95.4 MiB) in 0.500 s (200 MB/s; read 0.100 s, ordered by key 0.100 s, decoded and applied 0.300 s) (2 already in SSTables or of dropped column families, skipped)"
        );
    }
}
