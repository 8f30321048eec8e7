//! The exact mapping between CQL3 rows and storage cells, as Cassandra
//! 1.2.9 did it: statements → writes (`write`), stored cells → CQL rows
//! (`read`), and SELECT → slices, filters and result rows (`select`,
//! which plans a SELECT and runs the plan).
//!
//! Owns the write representation below. It must not apply writes or read
//! storage itself: callers pass cells in (for reads and list index
//! operations) and take writes out.

pub mod aggregates;
pub mod assign;
mod batch_writes;
mod binds;
mod cast_fcts;
pub mod condition;
mod context;
mod index;
mod json_insert;
pub mod keys;
mod names;
mod range_delete;
mod read;
mod refused_relations;
mod result;
mod select;
mod time_fcts;
mod value_rules;
mod values;
mod write;

pub use batch_writes::{batch_writes, statement_writes, BatchWrites};
pub use binds::{bind_specs, stand_in, BindSpec};
pub use context::{DefaultTtl, DefaultTtls, EmptyDenseName, ListReader, Past2038, WriteContext};
pub use index::{
    index_cf_name, index_entries, index_entries_for_partition, parse_entry_name, IndexEntry,
};
pub use names::{
    cell_name, marker_name, parse_name, prefix_range, row_key, row_key_for, split_row_key,
    ParsedName,
};
pub use read::{rows_from_cells, CqlRow, StoredValue};
pub use result::{ResultColumn, ResultSet};
pub use select::paging::{PagePosition, Paging};
pub use select::rules::SelectRules;
pub use select::scan::{execute_select, execute_select_paged, Page, PartitionSource, TokenRange};
pub use select::selection::result_columns;
pub use select::{plan_select, plan_select_by, IndexedEq, Partitions, SelectPlan};
pub use value_rules::ValueRules;
pub use values::{eval_scalar, TermContext};
pub use write::{delete_writes, insert_writes, update_writes};

use crate::model::{Cell, DeletionTime, Op};

/// One change to one partition of one CQL table.
///
/// The storage engine's `Op` has no range tombstones (nor counters) yet;
/// they arrive with the CQL issue. Until then this is the authoritative
/// form of a CQL write, and [`CqlWrite::engine_ops`] converts what maps 1:1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CqlOp {
    /// A live, expiring or deleted cell.
    Cell(Cell),
    /// Everything in `[start, end]` (comparator order) written at or before
    /// `deletion.marked_for_delete_at` is deleted. 1.2.9 writes these for
    /// whole-collection overwrites (at timestamp − 1), whole-collection
    /// deletes and CQL row deletes.
    RangeTombstone {
        start: Vec<u8>,
        end: Vec<u8>,
        deletion: DeletionTime,
    },
    /// The whole partition is deleted (`DELETE FROM t WHERE <partition key>`).
    PartitionDelete(DeletionTime),
    /// `c = c + delta` on a counter column.
    CounterAdd {
        name: Vec<u8>,
        delta: i64,
        timestamp: i64,
    },
}

/// The writes to one row key of one table, in statement order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CqlWrite {
    pub keyspace: String,
    /// The column family (the CQL table's name).
    pub table: String,
    pub row_key: Vec<u8>,
    pub ops: Vec<CqlOp>,
}

impl CqlWrite {
    /// The ops the engine can take today (cells, partition deletes), and
    /// the rest (range tombstones, counter adds) it cannot yet.
    pub fn engine_ops(&self) -> (Vec<Op>, Vec<CqlOp>) {
        let mut ops = Vec::new();
        let mut rest = Vec::new();
        for op in &self.ops {
            match op {
                CqlOp::Cell(c) => ops.push(Op::Put {
                    super_column: None,
                    cell: c.clone(),
                }),
                CqlOp::PartitionDelete(d) => ops.push(Op::DeleteRow(*d)),
                other => rest.push(other.clone()),
            }
        }
        (ops, rest)
    }
}

#[cfg(test)]
mod element_spec_tests;
#[cfg(test)]
mod tests;
