//! The final check: every source row read again and the same row read back
//! from the cluster through the node's border; per column family, rows and
//! cells on each side and the cells that differ (missing, extra, another
//! value or timestamp, an expiry more than [`TTL_SLACK`] seconds off, a
//! counter with another total). A cell within [`EXPIRY_MARGIN`] seconds
//! of its expiry is left out of both sides, since it may expire between
//! the two reads. Rows only the cluster has (written there by others) are
//! not looked for: that would need a scan of the whole cluster table.
//!
//! Cells the cluster cannot hold ([`refused`](super::refused)) are left out
//! of the comparison and reported per column family and reason; the run is
//! then incomplete, not verified. A CQL3 table is compared as a gateway
//! reads it back: the source's cells go through the gateway's own stand-in
//! rules first ([`as_read`]: each CQL row's marker and collection elements
//! take the timestamp of its latest plain column write, the marker its
//! expiry, list elements are named by position), since CQL cannot show the
//! originals; plain columns and counters compare as they are.
//!
//! This module must not write.

use super::copy::{clock_now, read_target, Meter, WINDOW_BYTES, WINDOW_ROWS};
use super::refused::{self, Refusals, SHOWN};
use super::rows::{Item, Row, Scan};
use super::source::Source;
use super::target::{Cf, Table};
use super::{Job, MigrateError, MigrateResult};
use crate::gateway::read::cql3::as_read;
use crate::gateway::Cluster;
use crate::model::{Bytes, CellKind};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

pub const EXPIRY_MARGIN: i32 = 5;
pub const TTL_SLACK: i32 = 3;

/// One column family's comparison.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub source_rows: u64,
    pub source_cells: u64,
    pub target_rows: u64,
    pub target_cells: u64,
    pub differing: u64,
    pub examples: Vec<String>,
    /// Source cells the cluster cannot hold, not compared.
    pub left_out: Refusals,
}

impl Tally {
    pub fn equal(&self) -> bool {
        self.differing == 0
            && self.source_rows == self.target_rows
            && self.source_cells == self.target_cells
    }

    fn add(&mut self, other: Tally) {
        self.source_rows += other.source_rows;
        self.source_cells += other.source_cells;
        self.target_rows += other.target_rows;
        self.target_cells += other.target_cells;
        self.differing += other.differing;
        self.left_out.add(other.left_out);
        for e in other.examples {
            if self.examples.len() < SHOWN {
                self.examples.push(e);
            }
        }
    }
}

type Key = (Option<Bytes>, Bytes);

fn show(key: &[u8], k: &Key) -> String {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    match &k.0 {
        Some(sc) => format!("key {:?} {}:{}", text(key), text(sc), text(&k.1)),
        None => format!("key {:?} {}", text(key), text(&k.1)),
    }
}

/// Compares one row of the source with the cluster's.
pub fn compare_row(key: &[u8], source: &[Item], target: &[Item], now: i32, counter: bool) -> Tally {
    let near = |it: &Item| match it.cell.kind {
        CellKind::Expiring {
            local_expiration_time,
            ..
        } => local_expiration_time <= now.saturating_add(EXPIRY_MARGIN),
        _ => false,
    };
    let mut ignored: Vec<Key> = Vec::new();
    let mut src: HashMap<Key, &Item> = HashMap::new();
    for it in source {
        let k = (it.super_column.clone(), it.cell.name.clone());
        if near(it) {
            ignored.push(k);
        } else {
            src.insert(k, it);
        }
    }
    let mut t = Tally::default();
    let note = |t: &mut Tally, what: String| {
        t.differing += 1;
        if t.examples.len() < SHOWN {
            t.examples.push(what);
        }
    };
    let mut seen = 0;
    for it in target {
        let k = (it.super_column.clone(), it.cell.name.clone());
        if ignored.contains(&k) || near(it) {
            continue;
        }
        t.target_cells += 1;
        let Some(s) = src.get(&k) else {
            note(&mut t, format!("{}: only in the cluster", show(key, &k)));
            continue;
        };
        seen += 1;
        let (a, b) = (&s.cell, &it.cell);
        let why = if counter {
            (a.counter_total() != b.counter_total()).then(|| {
                format!(
                    "counter {:?} in the source, {:?} in the cluster",
                    a.counter_total(),
                    b.counter_total()
                )
            })
        } else if a.value != b.value {
            Some("another value".to_string())
        } else if a.timestamp != b.timestamp {
            Some(format!(
                "timestamp {} in the source, {} in the cluster",
                a.timestamp, b.timestamp
            ))
        } else {
            match (a.kind, b.kind) {
                (CellKind::Live, CellKind::Live) => None,
                (
                    CellKind::Expiring {
                        local_expiration_time: x,
                        ..
                    },
                    CellKind::Expiring {
                        local_expiration_time: y,
                        ..
                    },
                ) => ((x - y).abs() > TTL_SLACK)
                    .then(|| format!("expires at {x} in the source, {y} in the cluster")),
                (x, y) => Some(format!("{x:?} in the source, {y:?} in the cluster")),
            }
        };
        if let Some(why) = why {
            note(&mut t, format!("{}: {why}", show(key, &k)));
        }
    }
    t.source_cells = src.len() as u64;
    if seen < src.len() {
        for k in src.keys() {
            if !target
                .iter()
                .any(|it| it.super_column == k.0 && it.cell.name == k.1)
            {
                note(
                    &mut t,
                    format!("{}: missing from the cluster", show(key, k)),
                );
            }
        }
    }
    t.source_rows = u64::from(t.source_cells > 0);
    t.target_rows = u64::from(t.target_cells > 0);
    t
}

/// What verification found over every CF.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The cluster holds every source cell.
    Equal,
    /// Equal but for cells the cluster cannot hold (reported).
    Incomplete,
    /// Cells are missing or differ.
    Differs,
}

/// Verifies every CF and prints the report.
pub fn verify_all(
    job: &Job,
    source: &Source,
    cluster: &Cluster,
    cfs: &[Cf],
) -> MigrateResult<Verdict> {
    eprintln!("migrate: verifying: every row read back from the cluster");
    let mut all_equal = true;
    let mut left_out = 0;
    let mut report = Vec::new();
    for cf in cfs {
        let tally = verify_cf(job, source, cluster, cf)?;
        all_equal &= tally.equal();
        left_out += tally.left_out.cells();
        report.push((cf.label(), tally));
    }
    println!("column family: source rows/cells -> cluster rows/cells");
    for (label, t) in &report {
        println!(
            "{label}: {}/{} -> {}/{}{}",
            t.source_rows,
            t.source_cells,
            t.target_rows,
            t.target_cells,
            if t.equal() {
                " ok".to_string()
            } else {
                format!(" MISMATCH ({} cells differ)", t.differing)
            }
        );
        for e in &t.examples {
            println!("  {e}");
        }
        for line in t.left_out.lines(label) {
            println!("{line}");
        }
    }
    Ok(if !all_equal {
        println!("verification FAILED: the cluster differs from the source (see above)");
        Verdict::Differs
    } else if left_out > 0 {
        println!(
            "INCOMPLETE: the cluster holds every other row and cell of the source, but \
             {left_out} cells could not be copied (see above)"
        );
        Verdict::Incomplete
    } else {
        println!("verified: the cluster holds every row and cell of the source");
        Verdict::Equal
    })
}

/// One source row's cells to compare, as the cluster can hold and show
/// them, and the ones it cannot hold.
pub fn comparable(cf: &Cf, row: &Row) -> (Vec<Item>, Refusals) {
    let (kept, refused) = refused::split(cf, &row.key, row.items.clone());
    let mut left_out = Refusals::default();
    left_out.note(&row.key, &refused);
    let kept = match &cf.table {
        Table::Thrift(_) => kept,
        Table::Cql3(t) => {
            let cells: Vec<_> = kept.into_iter().map(|it| it.cell).collect();
            match as_read(t, &cells) {
                Ok(shown) => shown
                    .into_iter()
                    .map(|cell| Item {
                        super_column: None,
                        cell,
                    })
                    .collect(),
                // Not expected once `split` kept them: compared as they are.
                Err(_) => cells
                    .into_iter()
                    .map(|cell| Item {
                        super_column: None,
                        cell,
                    })
                    .collect(),
            }
        }
    };
    (kept, left_out)
}

fn verify_cf(job: &Job, source: &Source, cluster: &Cluster, cf: &Cf) -> MigrateResult<Tally> {
    let mut scan = Scan::new(&source.engine, cf.keyspace(), cf.name(), None);
    let mut total = Tally::default();
    let mut meter = Meter::new();
    loop {
        let rows = scan.next_window(WINDOW_ROWS, WINDOW_BYTES)?;
        if rows.is_empty() {
            break;
        }
        let tally = compare_window(job, cluster, cf, &rows)?;
        meter.rows += rows.len() as u64;
        meter.cells += tally.source_cells;
        total.add(tally);
        meter.show(&cf.label(), "verified", false);
    }
    Ok(total)
}

fn compare_window(job: &Job, cluster: &Cluster, cf: &Cf, rows: &[Row]) -> MigrateResult<Tally> {
    let next = AtomicUsize::new(0);
    let results: Vec<MigrateResult<Tally>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..job.parallel.min(rows.len()).max(1))
            .map(|_| {
                s.spawn(|| {
                    let mut t = Tally::default();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(row) = rows.get(i) else {
                            return Ok(t);
                        };
                        let target = read_target(cluster, cf, &row.key)?;
                        let (items, left_out) = comparable(cf, row);
                        let mut row_tally =
                            compare_row(&row.key, &items, &target, clock_now(), cf.counter());
                        row_tally.left_out = left_out;
                        t.add(row_tally);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join().unwrap_or_else(|_| {
                    Err(MigrateError::Cluster("a verifying thread failed".into()))
                })
            })
            .collect()
    });
    let mut total = Tally::default();
    for r in results {
        total.add(r?);
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cell;

    fn item(name: &str, value: &str, ts: i64) -> Item {
        Item {
            super_column: None,
            cell: Cell::live(name.as_bytes().to_vec(), value.as_bytes().to_vec(), ts),
        }
    }

    #[test]
    fn rows_compare_by_value_timestamp_and_expiry() {
        let src = [item("a", "1", 1), item("b", "2", 2)];
        let same = compare_row(b"k", &src, &src, 100, false);
        assert!(same.equal(), "{same:?}");
        assert_eq!((same.source_cells, same.target_rows), (2, 1));
        let older = [item("a", "1", 1), item("b", "2", 1)];
        let t = compare_row(b"k", &src, &older, 100, false);
        assert_eq!(t.differing, 1);
        assert!(
            t.examples[0].contains("timestamp 2 in the source, 1"),
            "{t:?}"
        );
        let t = compare_row(b"k", &src, &src[..1], 100, false);
        assert!(!t.equal());
        assert!(t.examples[0].contains("missing from the cluster"), "{t:?}");
        // An expiry a second off is the same; one about to expire is left out.
        let ttl = |exp: i32| Item {
            super_column: None,
            cell: Cell::expiring(b"t".to_vec(), b"v".to_vec(), 3, 50, exp - 50),
        };
        assert!(compare_row(b"k", &[ttl(200)], &[ttl(201)], 100, false).equal());
        assert!(!compare_row(b"k", &[ttl(200)], &[ttl(260)], 100, false).equal());
        let t = compare_row(b"k", &[ttl(103)], &[], 100, false);
        assert!(t.equal() && t.source_rows == 0, "{t:?}");
    }
}
