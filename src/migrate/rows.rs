//! A column family's rows read from the source engine in ring order, a
//! window at a time, each row flattened to its live cells (a super CF's
//! sub-columns with their super column's name). A window is bounded by
//! rows and bytes; a row bigger than [`ROW_BYTES`] is read on its own in
//! pages of columns, so memory stays bounded whatever the data.
//!
//! Only live cells are seen (the engine reconciles and drops tombstones
//! and expired cells); this module must not write.

use super::{MigrateError, MigrateResult};
use crate::model::{Bytes, Cell, ReadCommand, RowRange, RowResult, Slice};
use crate::storage::Engine;

/// A row read whole with the others of its window up to this size.
pub const ROW_BYTES: usize = 4 << 20;
/// Columns (super columns in a super CF) per page of a big row.
const PAGE: usize = 1000;
const SUPER_PAGE: usize = 64;

/// One live cell, with its super column in a super CF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub super_column: Option<Bytes>,
    pub cell: Cell,
}

/// One row's live cells.
#[derive(Clone, Debug)]
pub struct Row {
    pub key: Bytes,
    pub items: Vec<Item>,
}

impl Row {
    pub fn bytes(&self) -> usize {
        self.key.len()
            + self
                .items
                .iter()
                .map(|i| {
                    i.cell.name.len()
                        + i.cell.value.len()
                        + i.super_column.as_ref().map_or(0, Vec::len)
                        + 16
                })
                .sum::<usize>()
    }
}

/// Items of one read, flattened.
pub fn flatten(row: RowResult, out: &mut Vec<Item>) {
    match row {
        RowResult::Cells(cells) => out.extend(cells.into_iter().map(|cell| Item {
            super_column: None,
            cell,
        })),
        RowResult::SuperColumns(scs) => {
            for sc in scs {
                out.extend(sc.cells.into_iter().map(|cell| Item {
                    super_column: Some(sc.name.clone()),
                    cell,
                }));
            }
        }
    }
}

fn whole(keyspace: &str, cf: &str, start: Bytes, count: usize) -> ReadCommand {
    ReadCommand {
        keyspace: keyspace.to_string(),
        cf: cf.to_string(),
        super_column: None,
        slice: Slice::Range {
            start,
            finish: Vec::new(),
            reversed: false,
            count,
        },
    }
}

fn engine_error(e: impl std::fmt::Display) -> MigrateError {
    MigrateError::Source(format!("read failed: {e}"))
}

/// The rows of one CF, from after a key on.
pub struct Scan<'a> {
    engine: &'a Engine,
    keyspace: String,
    cf: String,
    is_super: bool,
    after: Option<Bytes>,
    done: bool,
}

impl<'a> Scan<'a> {
    /// From the start of the ring, or from just after `after`.
    pub fn new(engine: &'a Engine, keyspace: &str, cf: &str, after: Option<Bytes>) -> Scan<'a> {
        let is_super = engine
            .schema()
            .keyspace(keyspace)
            .and_then(|k| k.cfs.get(cf))
            .is_some_and(|d| d.is_super());
        Scan {
            engine,
            keyspace: keyspace.to_string(),
            cf: cf.to_string(),
            is_super,
            after,
            done: false,
        }
    }

    /// The next rows (up to `max_rows`, about `max_bytes`), rows without
    /// live cells left out; empty at the end. A window of rows without
    /// live cells only (deleted rows) is read past, not returned empty.
    pub fn next_window(&mut self, max_rows: usize, max_bytes: usize) -> MigrateResult<Vec<Row>> {
        let mut out = Vec::new();
        while !self.done && out.is_empty() {
            self.read_window(max_rows.max(1), max_bytes, &mut out)?;
        }
        Ok(out)
    }

    /// The key after which the next window starts.
    pub fn position(&self) -> Option<&[u8]> {
        self.after.as_deref()
    }

    fn read_window(
        &mut self,
        max_rows: usize,
        max_bytes: usize,
        out: &mut Vec<Row>,
    ) -> MigrateResult<()> {
        let cmd = whole(&self.keyspace, &self.cf, Vec::new(), usize::MAX);
        let range = RowRange::Keys {
            start: self.after.clone().unwrap_or_default(),
            end: Vec::new(),
        };
        let after = self.after.clone();
        // The start key is inclusive: one more row covers it.
        let want = max_rows + usize::from(after.is_some());
        let (mut big, mut bytes, mut stopped) = (None::<Bytes>, 0usize, false);
        let got = self
            .engine
            .read_range_while(&cmd, &range, want, ROW_BYTES, &mut |key, row| match row {
                None => {
                    big = Some(key.to_vec());
                    stopped = true;
                    false
                }
                Some(row) => {
                    bytes += key.len() + row_size(row);
                    stopped = bytes >= max_bytes;
                    !stopped
                }
            })
            .map_err(engine_error)?;
        let seen = got.len();
        for (key, row) in got {
            if after.as_deref() == Some(key.as_slice()) {
                continue;
            }
            self.after = Some(key.clone());
            let mut its = Vec::new();
            flatten(row, &mut its);
            if !its.is_empty() {
                out.push(Row { key, items: its });
            }
        }
        if let Some(key) = big {
            let row = self.read_paged(&key)?;
            self.after = Some(key);
            if !row.items.is_empty() {
                out.push(row);
            }
        } else if !stopped && seen < want {
            self.done = true;
        }
        Ok(())
    }

    /// One big row, page by page.
    pub fn read_paged(&self, key: &[u8]) -> MigrateResult<Row> {
        read_paged(self.engine, &self.keyspace, &self.cf, self.is_super, key)
    }
}

/// One row of the engine, read in pages of columns.
pub fn read_paged(
    engine: &Engine,
    keyspace: &str,
    cf: &str,
    is_super: bool,
    key: &[u8],
) -> MigrateResult<Row> {
    let page = if is_super { SUPER_PAGE } else { PAGE };
    let mut row = Row {
        key: key.to_vec(),
        items: Vec::new(),
    };
    let mut start: Bytes = Vec::new();
    loop {
        let cmd = whole(keyspace, cf, start.clone(), page);
        let Some(got) = engine
            .read_bounded(&cmd, key, usize::MAX)
            .map_err(engine_error)?
        else {
            break;
        };
        let names: Vec<Bytes> = match &got {
            RowResult::Cells(c) => c.iter().map(|c| c.name.clone()).collect(),
            RowResult::SuperColumns(s) => s.iter().map(|s| s.name.clone()).collect(),
        };
        let full = names.len() >= page;
        let mut its = Vec::new();
        flatten(got, &mut its);
        // The page's start is inclusive: it was the previous page's last.
        let first = names.first().filter(|n| !start.is_empty() && **n == start);
        row.items.extend(its.into_iter().filter(|i| {
            first.is_none_or(|f| i.super_column.as_ref().unwrap_or(&i.cell.name) != f)
        }));
        match names.last() {
            Some(last) if full => start = last.clone(),
            _ => break,
        }
    }
    Ok(row)
}

fn row_size(row: &RowResult) -> usize {
    match row {
        RowResult::Cells(c) => c.iter().map(|c| c.name.len() + c.value.len() + 16).sum(),
        RowResult::SuperColumns(s) => s
            .iter()
            .map(|s| {
                s.name.len()
                    + s.cells
                        .iter()
                        .map(|c| c.name.len() + c.value.len() + 16)
                        .sum::<usize>()
            })
            .sum(),
    }
}
