//! A table's partitions read in ring order through the node, a page of
//! partitions at a time and a big partition a chunk of cells at a time, so
//! that what is held at once is bounded whatever the data's size. Chunks
//! are cut at CQL row boundaries (a row's cells are handed over together).
//! A walk stops at a partition boundary once it has read `max_cells`, and
//! then says it is incomplete (a sample: under a hashing partitioner, ring
//! order is unrelated to the keys). It must not interpret the cells.

use super::AdvisorResult;
use crate::cql::mapping::parse_name;
use crate::cql::table::Table;
use crate::model::{Cell, ReadCommand, RowRange, RowResult, Slice};
use crate::node::Node;

/// What a walk hands each chunk to: the partition key, whole rows'
/// cells, and whether it is the partition's first chunk.
pub type Visit<'a> = dyn FnMut(&[u8], &[Cell], bool) -> AdvisorResult<()> + 'a;

/// Partitions per range read.
const PAGE: usize = 64;
/// Cells per read of one partition.
pub const CHUNK: usize = 10_000;
/// Cells a walk reads at most by default.
pub const DEFAULT_MAX_CELLS: u64 = 20_000_000;

/// How a walk went.
#[derive(Debug, Clone, Default)]
pub struct Walked {
    pub partitions: u64,
    pub cells: u64,
    /// False when it stopped at `max_cells`.
    pub complete: bool,
    /// The last partition read whole (where a resumed walk starts after).
    pub last_key: Option<Vec<u8>>,
}

fn command(table: &Table, start: Vec<u8>) -> ReadCommand {
    ReadCommand {
        keyspace: table.keyspace.clone(),
        cf: table.name.clone(),
        super_column: None,
        slice: Slice::Range {
            start,
            finish: Vec::new(),
            reversed: false,
            count: CHUNK,
        },
    }
}

fn cells_of(row: RowResult) -> Vec<Cell> {
    match row {
        RowResult::Cells(c) => c,
        RowResult::SuperColumns(_) => Vec::new(),
    }
}

/// The clustering prefix of a cell's name (its CQL row).
fn row_of(table: &Table, cell: &Cell) -> Option<Vec<Vec<u8>>> {
    parse_name(table, &cell.name).map(|p| p.clustering)
}

/// Visits every partition of `table` after `after` (from the start when
/// `None`): `each(key, cells, first_chunk)` per chunk of whole rows.
pub fn walk(
    node: &Node,
    table: &Table,
    after: Option<Vec<u8>>,
    max_cells: u64,
    each: &mut Visit,
) -> AdvisorResult<Walked> {
    let mut w = Walked {
        complete: true,
        last_key: after.clone(),
        ..Walked::default()
    };
    let mut start = after;
    loop {
        let range = RowRange::Keys {
            start: start.clone().unwrap_or_default(),
            end: Vec::new(),
        };
        let page = node.read_range(&command(table, Vec::new()), &range, PAGE + 1)?;
        let mut read = 0;
        for (key, row) in page {
            if start.as_deref() == Some(key.as_slice()) {
                continue;
            }
            if w.cells >= max_cells {
                w.complete = false;
                return Ok(w);
            }
            read += 1;
            partition(node, table, &key, cells_of(row), &mut w, each)?;
            w.partitions += 1;
            w.last_key = Some(key.clone());
            start = Some(key);
        }
        if read == 0 {
            return Ok(w);
        }
    }
}

/// One partition, its first chunk already read.
fn partition(
    node: &Node,
    table: &Table,
    key: &[u8],
    mut cells: Vec<Cell>,
    w: &mut Walked,
    each: &mut Visit,
) -> AdvisorResult<()> {
    let mut first = true;
    loop {
        w.cells += cells.len() as u64;
        if cells.len() < CHUNK {
            return each(key, &cells, first);
        }
        let last_name = cells.last().expect("a full chunk").name.clone();
        // Hand over whole rows: the last row may go on in the next chunk.
        let tail_row = row_of(table, cells.last().expect("a full chunk"));
        let cut = cells
            .iter()
            .rposition(|c| row_of(table, c) != tail_row)
            .map_or(0, |i| i + 1);
        let carry = cells.split_off(cut);
        if !cells.is_empty() {
            each(key, &cells, first)?;
            first = false;
        }
        let next: Vec<Cell> = cells_of(node.read(&command(table, last_name.clone()), key)?)
            .into_iter()
            .filter(|c| c.name != last_name)
            .collect();
        w.cells -= carry.len() as u64;
        let done = next.is_empty();
        cells = carry;
        cells.extend(next);
        if done {
            w.cells += cells.len() as u64;
            return each(key, &cells, first);
        }
    }
}
