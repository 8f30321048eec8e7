//! The reply a call is building: the read results it holds, counted as
//! they arrive from the engine, against the reply's size cap and the
//! server's memory budget.
//!
//! Why: a small request (a `get_range_slices` with a huge count) may ask for
//! a reply of any size. Counting the reply only once encoded would let it
//! be built whole outside the budget. Here every row read for a call is
//! counted as it is read: its share of the reply (names, values and their
//! framing) against the cap, the maximum message length, so that a reply
//! that would exceed it is refused with an InvalidRequestException before
//! it is built; its memory (the row, its Thrift form and its bytes) against
//! the budget, at once, without waiting. A call never waits for budget (it
//! already holds some, and waiting while holding could deadlock), so what
//! it takes beyond what is free is debt, and while there is debt no
//! connection reads a new request: backpressure.
//!
//! The meter is the call's (`call::Scope::meter`), opened by the server
//! with the call's scope (`call::Scope::metered`; a call runs on one
//! thread start to finish); without one (tests, tools) nothing is counted.
//! This module owns only the counting; it builds no replies.

use crate::call;
use crate::model::{Cell, RowResult};
use crate::node::{NodeError, NodeResult};

/// What a column adds to the encoded reply beyond its name and value: its
/// field headers, lengths, timestamp and the ColumnOrSuperColumn around it.
const FRAMING_PER_CELL: usize = 30;

/// Memory a column of a reply takes beyond three copies of its bytes (the
/// engine's cell, its Thrift struct, its encoding): the structs and vectors
/// of each copy. Measured with `get_range_slices` of many small columns.
const MEMORY_PER_CELL: usize = 320;

/// The reply cap of the call running on this thread, if any.
pub fn cap() -> Option<usize> {
    call::with(|s| s.meter.as_ref().map(|m| m.cap))
}

/// How many bytes of names and values the next row read for the current
/// call may hold before the reply is sure to be over its cap: what the
/// engine is asked to stop reading a row at (`Engine::read_bounded`), so a
/// row far over the cap is refused before it is all in memory. `None`
/// without a meter. (`get_count` reads no rows: the engine counts them as
/// it merges, `Engine::count`.)
pub fn row_allowance() -> Option<usize> {
    call::with(|s| {
        let m = s.meter.as_ref()?;
        Some(m.cap.saturating_sub(m.reply))
    })
}

/// The refusal of a reply over the cap.
pub fn too_large(cap: usize) -> NodeError {
    NodeError::Invalid(format!(
        "the reply would exceed the maximum message length of {cap} bytes \
         (ThriftMaxMessageLengthInMB); ask for fewer rows or columns"
    ))
}

/// A row's share of a reply, added up column by column: for a read that
/// never holds its row (`Node::read_in_place`), counted as [`row_size`]
/// counts a held one, so both reads are refused and charged alike (the
/// read in place holds less, its encoding only: one model of the budget,
/// on the safe side).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    reply: usize,
    memory: usize,
}

impl Tally {
    /// Adds a column whose name and value take `bytes`.
    pub fn column(&mut self, bytes: usize) {
        self.reply += bytes + FRAMING_PER_CELL;
        self.memory += 3 * bytes + MEMORY_PER_CELL;
    }

    /// (encoded bytes, memory) of the row `key` with these columns.
    fn of_row(self, key: &[u8]) -> (usize, usize) {
        let key = key.len() + FRAMING_PER_CELL;
        (self.reply + key, self.memory + 3 * key)
    }
}

fn cell_sizes(cells: &[Cell]) -> (usize, usize) {
    let mut tally = Tally::default();
    for c in cells {
        tally.column(c.name.len() + c.value.len());
    }
    (tally.reply, tally.memory)
}

/// A row's share of a reply: (encoded bytes, memory).
pub fn row_size(key: &[u8], row: &RowResult) -> (usize, usize) {
    let (reply, memory) = match row {
        RowResult::Cells(cells) => cell_sizes(cells),
        RowResult::SuperColumns(scs) => scs.iter().fold((0, 0), |(r, m), sc| {
            let (cr, cm) = cell_sizes(&sc.cells);
            let name = sc.name.len() + FRAMING_PER_CELL;
            (r + cr + name, m + cm + 3 * name + MEMORY_PER_CELL)
        }),
    };
    let key = key.len() + FRAMING_PER_CELL;
    (reply + key, memory + 3 * key)
}

/// Counts a row read for the current call: refused (and not counted) if
/// the reply would exceed the cap; its memory is charged to the budget.
pub fn hold(key: &[u8], row: &RowResult) -> NodeResult<()> {
    let (reply, memory) = row_size(key, row);
    hold_sizes(reply, memory)
}

/// [`hold`] of a row read in place, from its [`Tally`].
pub fn hold_tally(key: &[u8], tally: Tally) -> NodeResult<()> {
    let (reply, memory) = tally.of_row(key);
    hold_sizes(reply, memory)
}

fn hold_sizes(reply: usize, memory: usize) -> NodeResult<()> {
    call::with(|s| {
        let Some(m) = s.meter.as_mut() else {
            return Ok(());
        };
        if m.reply.saturating_add(reply) > m.cap {
            return Err(too_large(m.cap));
        }
        m.reply += reply;
        m.memory = m.memory.saturating_add(memory);
        let want = m.base.saturating_add(m.memory);
        if want > m.charge.bytes() {
            m.charge.set_now(want);
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::{Budget, Charge};
    use crate::call::Scope;

    fn row(columns: usize, value: usize) -> RowResult {
        RowResult::Cells(
            (0..columns)
                .map(|i| Cell::live(format!("c{i}").into_bytes(), vec![0; value], 1))
                .collect(),
        )
    }

    #[test]
    fn rows_are_counted_until_the_cap() {
        let budget = Budget::new(1 << 20);
        let (memory, call) = call::enter(Scope::metered(12_000, Charge::new(&budget)), || {
            hold(b"k", &row(10, 100)).unwrap();
            let (reply, memory) = row_size(b"k", &row(10, 100));
            assert!(reply > 10 * 100 && 8 * reply < 12_000 && 9 * reply > 12_000);
            assert!(budget.in_use_bytes() >= memory);
            for _ in 0..7 {
                hold(b"k", &row(10, 100)).unwrap();
            }
            let err = hold(b"k", &row(10, 100)).unwrap_err();
            assert!(matches!(&err, NodeError::Invalid(why) if why.contains("12000 bytes")));
            memory
        });
        let charge = call.into_charge().unwrap();
        assert!(charge.bytes() >= 8 * memory);
        drop(charge);
        assert_eq!(budget.in_use_bytes(), 0);
        // Without a meter nothing is counted or refused.
        hold(b"k", &row(1000, 1000)).unwrap();
        assert_eq!(cap(), None);
    }

    #[test]
    fn a_tally_counts_as_the_row_it_stands_for() {
        let r = row(7, 33);
        let RowResult::Cells(cells) = &r else {
            unreachable!()
        };
        let mut tally = Tally::default();
        for c in cells {
            tally.column(c.name.len() + c.value.len());
        }
        assert_eq!(tally.of_row(b"key"), row_size(b"key", &r));
        assert_eq!(
            Tally::default().of_row(b"key"),
            row_size(b"key", &row(0, 0))
        );
    }

    #[test]
    fn the_charge_goes_over_the_budget_without_waiting() {
        let budget = Budget::new(64 * 1024);
        let ((), call) = call::enter(Scope::metered(usize::MAX, Charge::new(&budget)), || {
            hold(b"k", &row(100, 1000)).unwrap();
            assert!(budget.in_use_bytes() > 64 * 1024);
        });
        drop(call);
        assert_eq!(budget.in_use_bytes(), 0);
    }
}
