//! The storage engine: Cassandra's data model on a durable LSM.
//!
//! Owns rows, columns, tombstones and their reconciliation; the commit log,
//! memtables, SSTables and compaction. Front ends (Thrift, CQL) call it through
//! the narrow API of `Engine` only. It must not know about Thrift or CQL.

pub mod commitlog;
pub mod model;
pub mod sstable;
