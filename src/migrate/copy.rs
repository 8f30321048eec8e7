//! The data: each column family's rows read from the source a window at a
//! time and written to the cluster through the node's border
//! ([`Backend::apply_batch`], one row per call), several rows at once.
//! After each window the progress file records the last key, so a rerun
//! starts after it.
//!
//! A cell keeps its client timestamp; an expiring one is written with the
//! seconds it has left, so it expires in the cluster when it would have in
//! the source (a cell that expired meanwhile is left out). A counter is
//! written as `source total - cluster total` (read first): CQL can only add
//! to a counter, and the difference makes a rerun, or a window copied
//! twice, converge on the source's value instead of adding it again. A
//! CQL3 table's list elements are appended (CQL names new elements itself),
//! so a list the cluster already shows was written with its row (a row is
//! one batch, applied atomically) and is not appended again.
//!
//! Cells the cluster cannot hold ([`refused`](super::refused)) are left out
//! and counted; a row the cluster refuses for a reason only it knows (a
//! class-named type's value whose text form does not read back) is written
//! a cell at a time, and the cells it refuses are counted the same way.
//! This module must not touch the schema.

use super::refused::{self, Refusals};
use super::rows::{Item, Row, Scan};
use super::source::Source;
use super::state::{to_hex, Progress};
use super::target::{Cf, Table};
use super::{Job, MigrateError, MigrateResult};
use crate::call::Atomicity;
use crate::gateway::table::cql3::{Kind, Table3};
use crate::gateway::Cluster;
use crate::marshal::CompositeType;
use crate::model::{Bytes, Cell, CellKind, Op, ReadCommand, RowMutation, Slice};
use crate::node::backend::Backend;
use crate::node::NodeError;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Rows and bytes read from the source per window.
pub const WINDOW_ROWS: usize = 512;
pub const WINDOW_BYTES: usize = 32 << 20;

/// Rows and cells so far, with the time since a start, shown as a rate.
pub struct Meter {
    pub rows: u64,
    pub cells: u64,
    started: Instant,
    shown: Instant,
}

impl Meter {
    pub fn new() -> Meter {
        let now = Instant::now();
        Meter {
            rows: 0,
            cells: 0,
            started: now,
            shown: now,
        }
    }

    pub fn rate(&self) -> f64 {
        self.cells as f64 / self.started.elapsed().as_secs_f64().max(1e-3)
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// A progress line at most once a second (always when `force`).
    pub fn show(&mut self, what: &str, verb: &str, force: bool) {
        if !force && self.shown.elapsed() < Duration::from_secs(1) {
            return;
        }
        self.shown = Instant::now();
        eprintln!(
            "migrate: {what}: {} rows, {} cells {verb} ({:.0} cells/s)",
            self.rows,
            self.cells,
            self.rate()
        );
    }
}

impl Default for Meter {
    fn default() -> Self {
        Meter::new()
    }
}

/// Copies every CF not yet done; true when `--max-rows` stopped the run.
pub fn copy_all(
    job: &Job,
    source: &Source,
    cluster: &Cluster,
    cfs: &[Cf],
    progress: &mut Progress,
) -> MigrateResult<bool> {
    if progress.resumed {
        eprintln!(
            "migrate: resuming (progress file in {})",
            job.state_dir.display()
        );
    }
    let mut budget = job.max_rows;
    let mut total = Meter::new();
    for cf in cfs {
        let mut p = progress.get(cf.keyspace(), cf.name());
        if p.done {
            eprintln!(
                "migrate: {}: already copied ({} rows, {} cells)",
                cf.label(),
                p.rows,
                p.cells
            );
            continue;
        }
        let after = progress.last_key(cf.keyspace(), cf.name())?;
        if after.is_some() {
            eprintln!("migrate: {}: resuming after {} rows", cf.label(), p.rows);
        }
        let mut scan = Scan::new(&source.engine, cf.keyspace(), cf.name(), after);
        let mut meter = Meter::new();
        let mut left_out = Refusals::default();
        loop {
            let want = match budget {
                Some(0) => return Ok(true),
                Some(n) => (n as usize).min(WINDOW_ROWS),
                None => WINDOW_ROWS,
            };
            let rows = scan.next_window(want, WINDOW_BYTES)?;
            if rows.is_empty() {
                break;
            }
            let (cells, refusals) = apply_window(job, cluster, cf, &rows)?;
            left_out.add(refusals);
            meter.rows += rows.len() as u64;
            meter.cells += cells;
            total.rows += rows.len() as u64;
            total.cells += cells;
            if let Some(n) = &mut budget {
                *n = n.saturating_sub(rows.len() as u64);
            }
            p.rows += rows.len() as u64;
            p.cells += cells;
            p.last_key = scan.position().map(to_hex);
            progress.set(cf.keyspace(), cf.name(), p.clone())?;
            meter.show(&cf.label(), "copied", false);
        }
        p.done = true;
        progress.set(cf.keyspace(), cf.name(), p.clone())?;
        meter.show(&cf.label(), "copied", true);
        for line in left_out.lines(&format!("migrate: {}", cf.label())) {
            eprintln!("{line}");
        }
    }
    total.show("all column families", "copied in this run", true);
    Ok(false)
}

/// Writes a window's rows, `job.parallel` at a time; the cells read and
/// those the cluster could not hold.
fn apply_window(
    job: &Job,
    cluster: &Cluster,
    cf: &Cf,
    rows: &[Row],
) -> MigrateResult<(u64, Refusals)> {
    let next = AtomicUsize::new(0);
    let now = clock_now();
    let results: Vec<MigrateResult<(u64, Refusals)>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..job.parallel.min(rows.len()).max(1))
            .map(|_| {
                s.spawn(|| {
                    let (mut cells, mut left_out) = (0, Refusals::default());
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(row) = rows.get(i) else {
                            return Ok((cells, left_out));
                        };
                        cells += apply_row(cluster, cf, row, now, &mut left_out)?;
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| {
                w.join().unwrap_or_else(|_| {
                    Err(MigrateError::Cluster("a copying thread failed".into()))
                })
            })
            .collect()
    });
    let (mut cells, mut left_out) = (0, Refusals::default());
    for r in results {
        let (c, l) = r?;
        cells += c;
        left_out.add(l);
    }
    Ok((cells, left_out))
}

/// Server seconds now (the engine's wall clock).
pub fn clock_now() -> i32 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    i32::try_from(secs).unwrap_or(i32::MAX)
}

/// One row written; the cells it had (those the cluster cannot hold
/// counted in `left_out`).
fn apply_row(
    cluster: &Cluster,
    cf: &Cf,
    row: &Row,
    now: i32,
    left_out: &mut Refusals,
) -> MigrateResult<u64> {
    let (mut items, refused) = refused::split(cf, &row.key, row.items.clone());
    left_out.note(&row.key, &refused);
    if let Table::Cql3(t) = &cf.table {
        if items.iter().any(|it| list_of(t, &it.cell.name).is_some()) {
            let there = read_target(cluster, cf, &row.key)?;
            let written: Vec<Vec<Vec<u8>>> = there
                .iter()
                .filter_map(|it| list_of(t, &it.cell.name))
                .collect();
            items.retain(|it| list_of(t, &it.cell.name).is_none_or(|l| !written.contains(&l)));
        }
    }
    let ops = if cf.counter() {
        let current = target_totals(cluster, cf, &row.key)?;
        counter_ops(&items, &current)
    } else {
        cell_ops(&items, now)
    };
    if ops.is_empty() {
        return Ok(row.items.len() as u64);
    }
    let write = |ops: Vec<Op>| {
        let m = RowMutation {
            keyspace: cf.keyspace().to_string(),
            key: row.key.clone(),
            updates: vec![(cf.name().to_string(), ops)],
        };
        Backend::apply_batch(cluster, std::slice::from_ref(&m), Atomicity::PerRow)
    };
    match write(ops.clone()) {
        Ok(()) => {}
        // Refused whole (nothing was sent): a cell at a time, to copy the
        // rest and say which ones the cluster would not take.
        Err(NodeError::Invalid(_)) if ops.len() > 1 => {
            let mut refused = Vec::new();
            for op in ops {
                match write(vec![op.clone()]) {
                    Ok(()) => {}
                    Err(NodeError::Invalid(why)) => refused.push((item_of(op), why)),
                    Err(e) => return Err(writing(cf, e)),
                }
            }
            left_out.note(&row.key, &refused);
        }
        Err(NodeError::Invalid(why)) => {
            let refused: Vec<(Item, String)> = ops
                .into_iter()
                .map(|op| (item_of(op), why.clone()))
                .collect();
            left_out.note(&row.key, &refused);
        }
        Err(e) => return Err(writing(cf, e)),
    }
    Ok(row.items.len() as u64)
}

fn writing(cf: &Cf, e: NodeError) -> MigrateError {
    MigrateError::Cluster(format!("writing {}: {e}", cf.label()))
}

/// The item an op copies (for the report of what was refused).
fn item_of(op: Op) -> Item {
    match op {
        Op::Put { super_column, cell } => Item { super_column, cell },
        Op::CounterAdd {
            super_column,
            name,
            delta,
            timestamp,
        } => Item {
            super_column,
            cell: Cell::live(name, delta.to_be_bytes().to_vec(), timestamp),
        },
        _ => Item {
            super_column: None,
            cell: Cell::live(Vec::new(), Vec::new(), 0),
        },
    }
}

/// `(clustering.., column)` of a CQL3 table's list element named `name`;
/// `None` for any other cell.
pub fn list_of(t: &Table3, name: &[u8]) -> Option<Vec<Vec<u8>>> {
    let n = t.clustering.len();
    let parts = CompositeType::split(name).ok()?;
    if parts.len() != n + 2 {
        return None;
    }
    let column = parts[n].0;
    (t.column(column)?.kind == Kind::List)
        .then(|| parts[..=n].iter().map(|(p, _)| p.to_vec()).collect())
}

/// A non-counter row's cells as puts, TTLs turned into what is left.
pub fn cell_ops(items: &[Item], now: i32) -> Vec<Op> {
    items
        .iter()
        .filter_map(|it| {
            let cell = remaining(&it.cell, now)?;
            Some(Op::Put {
                super_column: it.super_column.clone(),
                cell,
            })
        })
        .collect()
}

/// The cell to write: an expiring one with the seconds it has left at
/// `now`, none if it has expired.
pub fn remaining(cell: &Cell, now: i32) -> Option<Cell> {
    match cell.kind {
        CellKind::Expiring {
            local_expiration_time,
            ..
        } => {
            let left = local_expiration_time.checked_sub(now)?;
            (left > 0).then(|| Cell {
                kind: CellKind::Expiring {
                    ttl: left,
                    local_expiration_time,
                },
                ..cell.clone()
            })
        }
        CellKind::Tombstone { .. } => None,
        CellKind::Live | CellKind::Counter { .. } => Some(cell.clone()),
    }
}

/// A counter row's adds: what brings the cluster's totals to the source's.
pub fn counter_ops(items: &[Item], current: &HashMap<(Option<Bytes>, Bytes), i64>) -> Vec<Op> {
    items
        .iter()
        .filter_map(|it| {
            let total = it.cell.counter_total()?;
            let have = current
                .get(&(it.super_column.clone(), it.cell.name.clone()))
                .copied()
                .unwrap_or(0);
            let delta = total.wrapping_sub(have);
            (delta != 0).then(|| Op::CounterAdd {
                super_column: it.super_column.clone(),
                name: it.cell.name.clone(),
                delta,
                timestamp: it.cell.timestamp,
            })
        })
        .collect()
}

/// The cluster's counter totals of one row.
fn target_totals(
    cluster: &Cluster,
    cf: &Cf,
    key: &[u8],
) -> MigrateResult<HashMap<(Option<Bytes>, Bytes), i64>> {
    let items = read_target(cluster, cf, key)?;
    Ok(items
        .into_iter()
        .filter_map(|it| {
            Some((
                (it.super_column, it.cell.name.clone()),
                it.cell.counter_total()?,
            ))
        })
        .collect())
}

/// One row as the cluster has it, through the node's border.
pub fn read_target(cluster: &Cluster, cf: &Cf, key: &[u8]) -> MigrateResult<Vec<Item>> {
    let cmd = ReadCommand {
        keyspace: cf.keyspace().to_string(),
        cf: cf.name().to_string(),
        super_column: None,
        slice: Slice::Range {
            start: Vec::new(),
            finish: Vec::new(),
            reversed: false,
            count: usize::MAX,
        },
    };
    let row = Backend::read_bounded(cluster, &cmd, key, usize::MAX)
        .map_err(|e| MigrateError::Cluster(format!("reading {}: {e}", cf.label())))?;
    let mut items = Vec::new();
    if let Some(row) = row {
        super::rows::flatten(row, &mut items);
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(sc: Option<&str>, cell: Cell) -> Item {
        Item {
            super_column: sc.map(|s| s.as_bytes().to_vec()),
            cell,
        }
    }

    #[test]
    fn a_ttl_becomes_what_is_left_and_expired_cells_stay_behind() {
        let live = Cell::live(b"a".to_vec(), b"1".to_vec(), 7);
        let ttl = Cell::expiring(b"b".to_vec(), b"2".to_vec(), 8, 100, 1000);
        let gone = Cell::expiring(b"c".to_vec(), b"3".to_vec(), 9, 10, 1000);
        let ops = cell_ops(
            &[
                item(None, live.clone()),
                item(Some("s"), ttl),
                item(None, gone),
            ],
            1030,
        );
        assert_eq!(ops.len(), 2);
        assert_eq!(
            ops[0],
            Op::Put {
                super_column: None,
                cell: live
            }
        );
        let Op::Put { super_column, cell } = &ops[1] else {
            panic!("{ops:?}")
        };
        assert_eq!(super_column.as_deref(), Some(&b"s"[..]));
        assert_eq!(cell.timestamp, 8);
        assert_eq!(
            cell.kind,
            CellKind::Expiring {
                ttl: 70,
                local_expiration_time: 1100
            }
        );
    }

    #[test]
    fn counters_are_written_as_the_difference() {
        let counter = |name: &str, total: i64| Cell {
            name: name.as_bytes().to_vec(),
            value: total.to_be_bytes().to_vec(),
            timestamp: 5,
            kind: CellKind::Counter {
                deletion: crate::model::DeletionTime::LIVE,
            },
        };
        let items = [item(None, counter("a", 10)), item(None, counter("b", 3))];
        let mut current = HashMap::new();
        current.insert((None, b"a".to_vec()), 4);
        current.insert((None, b"b".to_vec()), 3);
        let ops = counter_ops(&items, &current);
        assert_eq!(
            ops,
            [Op::CounterAdd {
                super_column: None,
                name: b"a".to_vec(),
                delta: 6,
                timestamp: 5
            }]
        );
        assert_eq!(counter_ops(&items, &HashMap::new()).len(), 2);
    }
}
