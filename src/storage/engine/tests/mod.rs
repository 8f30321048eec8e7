//! The engine's unit tests, one file per behaviour: counters, the on-disk
//! paths, failures of the disk, indexed reads, range tombstones and the
//! read semantics. Tests only: nothing here is compiled into the server.

mod counter;
mod disk;
mod failure;
mod indexed;
mod range_tombstone;
mod read;
