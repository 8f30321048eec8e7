//! The model advisor: for a query Cassandra refuses or answers by scanning,
//! the table that serves it from one partition, measured on the data the
//! node already holds before anything is written, and on request created,
//! backfilled and proved (see docs/advisor.md).
//!
//! One concept per file: [`propose`] (the rules that turn a SELECT into a
//! primary key, each explained, and the rewritten query), [`walk`] (a
//! column family's partitions read in ring order a bounded page at a time),
//! [`reshape`] (a source partition's cells laid out as the proposed table's
//! rows: the one mapping both the dry run and the backfill use),
//! [`measure`] (the dry run: partitions, cells and bytes per partition
//! against the limits), [`split`] (a bucket column's rule), [`bucket`] (the
//! time or hash bucket chosen for a partition over the limits, re-measured), [`alternatives`] (index, filtering,
//! bucketing, with numbers), [`lint`] (the schema and its query judged),
//! [`thrift`] (Thrift-era reads and super column families as their CQL3
//! tables), [`migrate`] (create, backfill, re-run and compare), [`api`]
//! (the request and its JSON answer) and [`workload`] (the reads the node
//! served, from the activity record, weighted and advised on).
//!
//! Layering: above the explorer (whose query check judges the rewritten
//! query), below the front ends: the admin surface serves [`api`]. It
//! reads and writes through [`crate::node::Node`] only (so a gateway node
//! writes its cluster), runs CQL through the executor over
//! `node::cql::NodeBackend`, and lays cells out with `cql::mapping`; it
//! must not name a front end. Only [`migrate`] writes, and only when asked.

pub mod alternatives;
pub mod api;
pub mod bucket;
pub mod lint;
pub mod measure;
pub mod migrate;
pub mod propose;
pub mod reshape;
pub mod split;
pub mod thrift;
pub mod walk;
pub mod workload;

#[cfg(test)]
mod tests;

/// Why an advice could not be given.
#[derive(Debug, thiserror::Error)]
pub enum AdvisorError {
    /// The request cannot be advised on (bad query, no equality, ...).
    #[error("{0}")]
    BadRequest(String),
    /// The keyspace or table does not exist.
    #[error("{0}")]
    NotFound(String),
    /// The node failed to read or write.
    #[error("{0}")]
    Internal(String),
}

pub type AdvisorResult<T> = Result<T, AdvisorError>;

impl From<crate::node::NodeError> for AdvisorError {
    fn from(e: crate::node::NodeError) -> Self {
        AdvisorError::Internal(e.to_string())
    }
}

impl From<crate::cql::CqlError> for AdvisorError {
    fn from(e: crate::cql::CqlError) -> Self {
        AdvisorError::BadRequest(e.to_string())
    }
}

impl From<crate::explorer::ExplorerError> for AdvisorError {
    fn from(e: crate::explorer::ExplorerError) -> Self {
        use crate::explorer::ExplorerError as E;
        match e {
            E::BadRequest(w) => AdvisorError::BadRequest(w),
            E::NotFound(w) => AdvisorError::NotFound(w),
            E::Internal(w) => AdvisorError::Internal(w),
        }
    }
}

/// The partition size Apache Cassandra's documentation recommends staying
/// under (seed 003 quotes it).
pub const LIMIT_BYTES: u64 = 100_000_000;
/// The cells-per-partition guideline (100,000 rows or cells).
pub const LIMIT_CELLS: u64 = 100_000;
/// The hard limit: two billion cells in one partition.
pub const HARD_CELLS: u64 = 2_000_000_000;

/// Milliseconds since the epoch, now.
fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}
