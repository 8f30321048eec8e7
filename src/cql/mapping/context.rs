//! What a write is made with, shared by `write` and the pieces it calls
//! (`keys`, `assign`): the statement's context ([`WriteContext`]: the
//! server's clock, the bound values, the UUID generator, the reader of a
//! list's current cells) and the parameters after `USING` ([`Stamp`]) that
//! every cell and tombstone of a statement is written with. It must not
//! decide which cells a statement writes.

use super::super::ast::Using;
use super::super::error::{CqlError, CqlResult};
use super::super::table::Table;
use super::super::timeuuid::TimeUuidGenerator;
use super::values::{eval_i64, TermContext};
use super::CqlOp;
use crate::model::{Cell, DeletionTime};

/// Reads a list column's current live cells for index operations
/// (`l[i] = x`, `DELETE l[i]`, `l = l - [...]`), in comparator order.
pub trait ListReader {
    /// `start..=end` is the range [`prefix_range`] gives for the column.
    /// A failed read is the source's error, which fails the write.
    fn list_cells(
        &self,
        table: &Table,
        row_key: &[u8],
        start: &[u8],
        end: &[u8],
    ) -> CqlResult<Vec<Cell>>;
}

/// Everything a write needs besides the statement and the table.
pub struct WriteContext<'a> {
    /// The timestamp used when the statement has no `USING TIMESTAMP`
    /// (the server's, in microseconds).
    pub timestamp: i64,
    /// Wall clock in milliseconds: list element UUIDs and `now()`.
    pub now_millis: i64,
    /// Server time in seconds: local deletion / expiration times.
    pub now_seconds: i32,
    pub binds: &'a [Option<Vec<u8>>],
    pub uuids: &'a mut TimeUuidGenerator,
    pub lists: &'a dyn ListReader,
    /// Whether a non-compact row gets its marker: 1.1's CQL 3 beta wrote
    /// none, so a row lived only while one of its cells did.
    pub row_marker: bool,
    /// Whether an empty cell name is refused (2.0's `UpdateParameters`
    /// checked every name it wrote: a COMPACT table's only clustering value
    /// may not be empty; 1.2 wrote it, and failed to flush it).
    pub refuses_empty_names: bool,
}

impl WriteContext<'_> {
    /// What evaluating a term needs of this context.
    pub(super) fn terms(&mut self) -> TermContext<'_> {
        TermContext {
            binds: self.binds,
            now_millis: self.now_millis,
            uuids: &mut *self.uuids,
        }
    }

    /// This context with `lists` reading the lists it changes.
    pub fn with_lists<'b>(&'b mut self, lists: &'b dyn ListReader) -> WriteContext<'b> {
        WriteContext {
            timestamp: self.timestamp,
            now_millis: self.now_millis,
            now_seconds: self.now_seconds,
            binds: self.binds,
            uuids: &mut *self.uuids,
            lists,
            row_marker: self.row_marker,
            refuses_empty_names: self.refuses_empty_names,
        }
    }

    /// This context with `binds` for the markers (the members of a native
    /// BATCH message each bring their own values).
    pub fn with_binds<'b>(&'b mut self, binds: &'b [Option<Vec<u8>>]) -> WriteContext<'b> {
        WriteContext {
            timestamp: self.timestamp,
            now_millis: self.now_millis,
            now_seconds: self.now_seconds,
            binds,
            uuids: &mut *self.uuids,
            lists: self.lists,
            row_marker: self.row_marker,
            refuses_empty_names: self.refuses_empty_names,
        }
    }
}

/// The per-statement write parameters after `USING`.
pub(super) struct Stamp {
    pub(super) timestamp: i64,
    ttl: i32,
    pub(super) now: i32,
}

impl Stamp {
    pub(super) fn cell(&self, name: Vec<u8>, value: Vec<u8>) -> CqlOp {
        if self.ttl > 0 {
            CqlOp::Cell(Cell::expiring(
                name,
                value,
                self.timestamp,
                self.ttl,
                self.now,
            ))
        } else {
            CqlOp::Cell(Cell::live(name, value, self.timestamp))
        }
    }
    pub(super) fn tombstone(&self, name: Vec<u8>) -> CqlOp {
        CqlOp::Cell(Cell::tombstone(name, self.timestamp, self.now))
    }
    pub(super) fn range(&self, (start, end): (Vec<u8>, Vec<u8>), at: i64) -> CqlOp {
        CqlOp::RangeTombstone {
            start,
            end,
            deletion: DeletionTime::new(at, self.now),
        }
    }
}

const MAX_TTL: i64 = 20 * 365 * 24 * 60 * 60;

pub(super) fn stamp(
    using: &Using,
    default_ts: Option<i64>,
    ctx: &mut WriteContext,
) -> CqlResult<Stamp> {
    let timestamp = match &using.timestamp {
        Some(t) => eval_i64(t, "timestamp", &mut ctx.terms())?,
        None => default_ts.unwrap_or(ctx.timestamp),
    };
    let ttl = match &using.ttl {
        Some(t) => eval_i64(t, "TTL", &mut ctx.terms())?,
        None => 0,
    };
    if ttl < 0 {
        return Err(CqlError::invalid("A TTL must be greater or equal to 0"));
    }
    if ttl > MAX_TTL {
        return Err(CqlError::invalid(format!(
            "ttl is too large. requested ({ttl}) maximum ({MAX_TTL})"
        )));
    }
    Ok(Stamp {
        timestamp,
        ttl: ttl as i32,
        now: ctx.now_seconds,
    })
}
