//! The data model the engine stores: cells, deletion markers, mutations and
//! read commands. These are the types that cross the engine's API.
//!
//! Reconciliation follows Cassandra: the higher timestamp wins; on equal
//! timestamps a tombstone beats a live cell, and between two live cells the
//! greater value (unsigned bytes) wins. Timestamps are client-supplied i64 in
//! whatever unit the client uses; only local times (expiry, deletion time,
//! gc grace) are seconds since the epoch on this server's clock.

/// Row keys, names and values.
pub type Bytes = Vec<u8>;

/// A deletion marker on a row or a super column. `LIVE` means "never deleted".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DeletionTime {
    /// Everything with a timestamp <= this is deleted.
    pub marked_for_delete_at: i64,
    /// Server time (seconds) when the delete happened; drives GC after gc_grace.
    pub local_deletion_time: i32,
}

impl DeletionTime {
    pub const LIVE: DeletionTime = DeletionTime {
        marked_for_delete_at: i64::MIN,
        local_deletion_time: i32::MAX,
    };

    pub fn new(marked_for_delete_at: i64, local_deletion_time: i32) -> Self {
        DeletionTime {
            marked_for_delete_at,
            local_deletion_time,
        }
    }
    pub fn is_live(&self) -> bool {
        self.marked_for_delete_at == i64::MIN
    }
    /// True when something written at `timestamp` is shadowed by this marker.
    pub fn shadows(&self, timestamp: i64) -> bool {
        timestamp <= self.marked_for_delete_at
    }
    /// The later of two markers (the one deleting more).
    pub fn max(self, other: DeletionTime) -> DeletionTime {
        if other.marked_for_delete_at > self.marked_for_delete_at {
            other
        } else {
            self
        }
    }
}

/// What kind of cell this is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    Live,
    /// Live until `local_expiration_time` (server seconds); then it acts as a tombstone.
    Expiring {
        ttl: i32,
        local_expiration_time: i32,
    },
    /// A deleted column; `local_deletion_time` is server seconds.
    Tombstone {
        local_deletion_time: i32,
    },
    /// A counter column: the value is the 8-byte big-endian total of its
    /// increments, the timestamp the highest increment's. `deletion` is the
    /// counter deletion its increments came after (`LIVE` if none): older
    /// versions of the counter no longer count.
    Counter {
        deletion: DeletionTime,
    },
}

/// One column: name, value, client timestamp, kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    pub name: Bytes,
    pub value: Bytes,
    pub timestamp: i64,
    pub kind: CellKind,
}

/// A cell borrowed from bytes that hold it (a commit-log record being
/// replayed): what the memtable stores without a copy of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellView<'a> {
    pub name: &'a [u8],
    pub value: &'a [u8],
    pub timestamp: i64,
    pub kind: CellKind,
}

impl CellView<'_> {
    pub fn to_cell(&self) -> Cell {
        Cell {
            name: self.name.to_vec(),
            value: self.value.to_vec(),
            timestamp: self.timestamp,
            kind: self.kind,
        }
    }
}

impl<'a> From<&'a Cell> for CellView<'a> {
    fn from(c: &'a Cell) -> Self {
        CellView {
            name: &c.name,
            value: &c.value,
            timestamp: c.timestamp,
            kind: c.kind,
        }
    }
}

impl Cell {
    pub fn live(name: Bytes, value: Bytes, timestamp: i64) -> Cell {
        Cell {
            name,
            value,
            timestamp,
            kind: CellKind::Live,
        }
    }
    pub fn expiring(name: Bytes, value: Bytes, timestamp: i64, ttl: i32, now: i32) -> Cell {
        let local_expiration_time = now.saturating_add(ttl);
        Cell {
            name,
            value,
            timestamp,
            kind: CellKind::Expiring {
                ttl,
                local_expiration_time,
            },
        }
    }
    pub fn tombstone(name: Bytes, timestamp: i64, now: i32) -> Cell {
        Cell {
            name,
            value: Vec::new(),
            timestamp,
            kind: CellKind::Tombstone {
                local_deletion_time: now,
            },
        }
    }

    /// Live at server time `now` (seconds): not a tombstone and not expired.
    pub fn is_live(&self, now: i32) -> bool {
        match self.kind {
            CellKind::Live | CellKind::Counter { .. } => true,
            CellKind::Expiring {
                local_expiration_time,
                ..
            } => now < local_expiration_time,
            CellKind::Tombstone { .. } => false,
        }
    }

    /// When this cell stopped being live, if it has (tombstone or expired).
    pub fn local_deletion_time(&self, now: i32) -> Option<i32> {
        match self.kind {
            CellKind::Live | CellKind::Counter { .. } => None,
            CellKind::Expiring {
                local_expiration_time,
                ..
            } => (now >= local_expiration_time).then_some(local_expiration_time),
            CellKind::Tombstone {
                local_deletion_time,
            } => Some(local_deletion_time),
        }
    }

    /// The total of a counter cell (None for other kinds).
    pub fn counter_total(&self) -> Option<i64> {
        match self.kind {
            // A counter's value is its total, 8 bytes big-endian; a malformed
            // one counts 0.
            CellKind::Counter { .. } => Some(
                self.value
                    .as_slice()
                    .try_into()
                    .map(i64::from_be_bytes)
                    .unwrap_or(0),
            ),
            _ => None,
        }
    }

    /// Cassandra's reconcile: true when `self` wins over `other` (same name).
    pub fn supersedes(&self, other: &Cell) -> bool {
        if self.timestamp != other.timestamp {
            return self.timestamp > other.timestamp;
        }
        let self_tomb = matches!(self.kind, CellKind::Tombstone { .. });
        let other_tomb = matches!(other.kind, CellKind::Tombstone { .. });
        match (self_tomb, other_tomb) {
            (true, false) => true,
            (false, true) => false,
            _ => self.value > other.value,
        }
    }
}

/// A super column as read back: its name, its deletion marker and its sub-columns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuperColumn {
    pub name: Bytes,
    pub deletion: DeletionTime,
    pub cells: Vec<Cell>,
}

/// One change to one row of one column family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// Write a cell (live, expiring or tombstone); in a Super CF `super_column` is required.
    Put {
        super_column: Option<Bytes>,
        cell: Cell,
    },
    /// Add `delta` to a counter column (counter CFs only; in a Super CF
    /// `super_column` is required). Read back as `CellKind::Counter`.
    CounterAdd {
        super_column: Option<Bytes>,
        name: Bytes,
        delta: i64,
        timestamp: i64,
    },
    /// Delete the whole row of this column family.
    DeleteRow(DeletionTime),
    /// Delete a whole super column.
    DeleteSuperColumn { name: Bytes, deletion: DeletionTime },
    /// Delete the columns named from `start` to `end` (inclusive, by the CF
    /// comparator; an empty bound is open) written at or before the
    /// deletion's timestamp: a Standard CF's columns (CQL3 rows and
    /// collections, Thrift's `SliceRange` deletions), a Super CF's super
    /// columns (each as its own deletion would).
    DeleteRange {
        start: Bytes,
        end: Bytes,
        deletion: DeletionTime,
    },
}

/// All changes to one row key in one keyspace, across its column families:
/// Cassandra's RowMutation, applied atomically and logged as one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowMutation {
    pub keyspace: String,
    pub key: Bytes,
    /// (column family name, its ops), in the order given.
    pub updates: Vec<(String, Vec<Op>)>,
}

/// Which columns to read from a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slice {
    /// Exactly these names (missing ones are simply absent from the result).
    Names(Vec<Bytes>),
    /// From `start` to `finish` inclusive in traversal order (an empty bound is
    /// open), at most `count` live items, backwards when `reversed`.
    Range {
        start: Bytes,
        finish: Bytes,
        reversed: bool,
        count: usize,
    },
}

impl Slice {
    /// The first `count` items of the row in comparator order, unbounded.
    pub fn first(count: usize) -> Slice {
        Slice::Range {
            start: Vec::new(),
            finish: Vec::new(),
            reversed: false,
            count,
        }
    }
}

/// A read of one column family. In a Super CF, `super_column: Some(sc)` slices
/// the sub-columns of `sc`; `None` slices the super columns themselves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadCommand {
    pub keyspace: String,
    pub cf: String,
    pub super_column: Option<Bytes>,
    pub slice: Slice,
}

/// What a read returns for one row: only live data, already reconciled and sliced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowResult {
    /// Columns of a Standard CF, or sub-columns of one super column.
    Cells(Vec<Cell>),
    /// Super columns (each with only its live sub-columns).
    SuperColumns(Vec<SuperColumn>),
}

impl RowResult {
    pub fn is_empty(&self) -> bool {
        match self {
            RowResult::Cells(c) => c.is_empty(),
            RowResult::SuperColumns(s) => s.is_empty(),
        }
    }
    pub fn len(&self) -> usize {
        match self {
            RowResult::Cells(c) => c.len(),
            RowResult::SuperColumns(s) => s.len(),
        }
    }
}

/// Which rows a range read covers, in ring order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowRange {
    /// Keys from `start` to `end`, both inclusive; an empty bound is open.
    /// (With an order-preserving partitioner this is key order.)
    Keys { start: Bytes, end: Bytes },
    /// Tokens in (start, end] as partitioner strings; an end equal to the
    /// minimum token means "to the end of the ring". A start at or after the
    /// end wraps around the ring: `(t, t]` is the whole ring, from after `t`.
    Tokens { start: String, end: String },
}

/// How an index expression compares a column's value with its operand
/// (by the column's validator).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexOperator {
    Eq,
    Gte,
    Gt,
    Lte,
    Lt,
}

/// One condition of an index query: `column op value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexExpression {
    pub column: Bytes,
    pub op: IndexOperator,
    pub value: Bytes,
}

/// A secondary-index query (Thrift's IndexClause): rows satisfying every
/// expression, at least one an `Eq` on an indexed column, in ring order
/// from `start_key` (inclusive; empty is the start), at most `count`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexQuery {
    pub expressions: Vec<IndexExpression>,
    pub start_key: Bytes,
    pub count: usize,
}
