//! The engine's unit tests, one file per behaviour: counters, the on-disk
//! paths, failures of the disk, indexed reads, the emulated flushes' kept
//! tables, range tombstones and the read semantics. Tests only: nothing here is compiled into the server.

mod counter;
mod disk;
mod failure;
mod indexed;
mod kept;
mod range;
mod range_tombstone;
mod read;
