//! The explorer's partition views where the data lives in a cluster: the
//! partitions of a column family in ring order with their sizes, one
//! partition's size, one partition's cells, built on the backend's
//! ordinary reads (`Backend::read_range_while`, `read_bounded`). They show
//! what a read answers, not what is stored: live cells only (no
//! tombstones, no partition or range deletions), and no partition whose
//! cells are all deleted (a cluster does not return one to CQL).
//!
//! Owns the reads' bounds ([`Budget`]): a listing holds at most a batch of
//! rows of at most `row_bytes` each; a partition bigger than that is
//! counted a slice at a time, never held whole, up to `max_slices` slices
//! (then its size is a lower bound, flagged `partial`). It must not know
//! how a backend reads (it sees the [`Backend`] trait only) nor how the
//! explorer draws the answers.

use super::backend::Backend;
use super::NodeResult;
use crate::model::{Bytes, DeletionTime, ReadCommand, RowRange, RowResult, Slice};
use crate::partitioner::Partitioner;
use crate::storage::stored_view::{cell_weight, PartitionSize, StoredItem, StoredPartition};

/// How much the live views read at a time.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Rows a listing reads per range read (each then counted and dropped).
    pub batch_rows: usize,
    /// Names and values one listed row may hold before it is counted by
    /// slices instead.
    pub row_bytes: usize,
    /// Top-level items (cells, super columns) per slice of a big row.
    pub slice_items: usize,
    /// Names and values one slice (and one partition view) may hold.
    pub slice_bytes: usize,
    /// Slices counted per row; past them the size is partial.
    pub max_slices: usize,
}

impl Budget {
    /// At most 32 rows of 1 MiB held by a listing, slices of 1,000 items
    /// or 16 MiB, and 100 slices (100,000 items: the explorer's cells
    /// warning) per partition.
    pub const DEFAULT: Budget = Budget {
        batch_rows: 32,
        row_bytes: 1 << 20,
        slice_items: 1000,
        slice_bytes: 16 << 20,
        max_slices: 100,
    };
}

/// A read of the whole row (or `count` top-level items from `start`).
fn command(ks: &str, cf: &str, start: &[u8], count: usize) -> ReadCommand {
    ReadCommand {
        keyspace: ks.to_string(),
        cf: cf.to_string(),
        super_column: None,
        slice: Slice::Range {
            start: start.to_vec(),
            finish: Vec::new(),
            reversed: false,
            count,
        },
    }
}

/// A read's answer as the stored view's items (every one live).
fn items(row: RowResult) -> Vec<StoredItem> {
    match row {
        RowResult::Cells(cells) => cells.into_iter().map(StoredItem::Cell).collect(),
        RowResult::SuperColumns(supers) => supers
            .into_iter()
            .map(|s| StoredItem::Super {
                name: s.name,
                deletion: s.deletion,
                cells: s.cells,
            })
            .collect(),
    }
}

/// Adds a read's items to a size count as the stored view weighs them
/// (each cell's name, value and timestamp; each super column's name),
/// skipping an item named `skip`; returns the last name counted.
fn weigh_row(row: &RowResult, skip: &[u8], cells: &mut u64, bytes: &mut u64) -> Option<Bytes> {
    let mut last: Option<&[u8]> = None;
    match row {
        RowResult::Cells(cs) => {
            for c in cs.iter().filter(|c| c.name != skip) {
                *cells += 1;
                *bytes += cell_weight(c);
                last = Some(&c.name);
            }
        }
        RowResult::SuperColumns(ss) => {
            for s in ss.iter().filter(|s| s.name != skip) {
                *cells += s.cells.len() as u64;
                *bytes += s.name.len() as u64 + s.cells.iter().map(cell_weight).sum::<u64>();
                last = Some(&s.name);
            }
        }
    }
    last.map(<[u8]>::to_vec)
}

/// The size of a row read whole; `None` when it holds nothing live.
fn size_of(p: &dyn Partitioner, key: &[u8], row: &RowResult) -> Option<PartitionSize> {
    let (mut cells, mut bytes) = (0, key.len() as u64);
    weigh_row(row, &[], &mut cells, &mut bytes)?;
    Some(PartitionSize {
        key: key.to_vec(),
        token: p.token(key),
        cells,
        bytes,
        partial: false,
    })
}

/// One partition's size counted a slice at a time; `None` when it holds
/// nothing live.
fn size_by_slices(
    backend: &dyn Backend,
    ks: &str,
    cf: &str,
    key: &[u8],
    budget: &Budget,
) -> NodeResult<Option<PartitionSize>> {
    let schema = backend.schema();
    let (mut cells, mut bytes) = (0, key.len() as u64);
    let mut start: Bytes = Vec::new();
    let mut partial = true;
    for _ in 0..budget.max_slices {
        // A slice after the first starts at the last name counted (names
        // are never empty, so an empty `start` skips nothing).
        let count = budget.slice_items + usize::from(!start.is_empty());
        let cmd = command(ks, cf, &start, count);
        let Some(row) = backend.read_bounded(&cmd, key, budget.slice_bytes)? else {
            break;
        };
        let n = row.len();
        match weigh_row(&row, &start, &mut cells, &mut bytes) {
            None if start.is_empty() => return Ok(None),
            Some(name) if n == count => start = name,
            _ => {
                partial = false;
                break;
            }
        }
    }
    Ok(Some(PartitionSize {
        key: key.to_vec(),
        token: schema.partitioner.token(key),
        cells,
        bytes,
        partial,
    }))
}

/// One partition's size as a read answers it, if it holds anything live.
pub fn partition_size(
    backend: &dyn Backend,
    ks: &str,
    cf: &str,
    key: &[u8],
    budget: &Budget,
) -> NodeResult<Option<PartitionSize>> {
    let schema = backend.schema();
    let cmd = command(ks, cf, &[], usize::MAX);
    match backend.read_bounded(&cmd, key, budget.row_bytes)? {
        Some(row) => Ok(size_of(schema.partitioner.as_ref(), key, &row)),
        None => size_by_slices(backend, ks, cf, key, budget),
    }
}

/// Partition sizes in ring order after `after` (exclusive), as reads
/// answer them, until `each` says stop (false) or the ring ends.
///
/// Each range read after the first starts after the last partition's
/// token (a token range), as the cluster's own range scans page: a key
/// range would start at that partition again, and a backend may end a
/// read at a row too big to hold, which would then be the first row of
/// every read. So partitions sharing that token with a greater key (a
/// hash collision; order-preserving tokens are the keys) are not listed.
pub fn partition_sizes(
    backend: &dyn Backend,
    ks: &str,
    cf: &str,
    after: Option<&[u8]>,
    budget: &Budget,
    each: &mut dyn FnMut(PartitionSize) -> bool,
) -> NodeResult<()> {
    let schema = backend.schema();
    let p = schema.partitioner.as_ref();
    let end = p.token_to_string(&p.min_token());
    let mut from = after.map(|k| p.token(k));
    let cmd = command(ks, cf, &[], usize::MAX);
    loop {
        let range = match &from {
            None => RowRange::Keys {
                start: Vec::new(),
                end: Vec::new(),
            },
            Some(t) => RowRange::Tokens {
                start: p.token_to_string(t),
                end: end.clone(),
            },
        };
        let (mut shown, mut big, mut stopped) = (0, None, false);
        let mut last = None;
        backend.read_range_while(
            &cmd,
            &range,
            budget.batch_rows,
            budget.row_bytes,
            &mut |key, row| {
                shown += 1;
                let Some(row) = row else {
                    // Too big to hold: counted by slices once this read ends
                    // (a backend may end it here anyway).
                    big = Some(key.to_vec());
                    return false;
                };
                if let Some(size) = size_of(p, key, row) {
                    if !each(size) {
                        stopped = true;
                        return false;
                    }
                }
                last = Some(key.to_vec());
                true
            },
        )?;
        if stopped {
            return Ok(());
        }
        if let Some(key) = big {
            if let Some(size) = size_by_slices(backend, ks, cf, &key, budget)? {
                if !each(size) {
                    return Ok(());
                }
            }
            from = Some(p.token(&key));
            continue;
        }
        match last {
            // A full batch: more may follow its last row.
            Some(key) if shown >= budget.batch_rows => from = Some(p.token(&key)),
            _ => return Ok(()),
        }
    }
}

/// One partition as a read answers it: its live cells (or super columns
/// with their live sub-columns) from the name `from` on, at most
/// `max_items` top-level items and
/// `budget.slice_bytes` of names and values (fewer items are shown, the
/// view `truncated`, when that many do not fit); `None` when it holds
/// nothing live.
pub fn partition(
    backend: &dyn Backend,
    ks: &str,
    cf: &str,
    key: &[u8],
    from: &[u8],
    max_items: usize,
    budget: &Budget,
) -> NodeResult<Option<StoredPartition>> {
    let schema = backend.schema();
    let mut want = max_items.max(1);
    let row = loop {
        // One more than shown, to know whether more follow.
        let cmd = command(ks, cf, from, want.saturating_add(1));
        match backend.read_bounded(&cmd, key, budget.slice_bytes)? {
            Some(row) => break row,
            None if want > 1 => want /= 2,
            None => {
                return Err(super::NodeError::Invalid(format!(
                    "the first item of this partition holds more than {} bytes",
                    budget.slice_bytes
                )))
            }
        }
    };
    let mut items = items(row);
    if items.is_empty() {
        return Ok(None);
    }
    let truncated = items.len() > want;
    items.truncate(want);
    Ok(Some(StoredPartition {
        key: key.to_vec(),
        token: schema.partitioner.token(key),
        deletion: DeletionTime::LIVE,
        range_tombstones: Vec::new(),
        items,
        truncated,
    }))
}

#[cfg(test)]
mod tests;
