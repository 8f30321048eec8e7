//! Writes: mutations sent to the cluster with their own timestamps and
//! TTLs. Each op becomes statements (`ops` for dense, super and composite
//! cells, `statics`, `composite` range deletions, `cql3` rows), a write's
//! statements are planned row by row before anything is sent (`plan`),
//! then sent in batches, per row or logged across rows (`send`).
//!
//! This module must not read, nor change the schema.
//!
//! The order of its modules (`layering.rs` checks it):
//!
//! 1. [`ops`]: one op's statement on a laid-out table.
//! 2. [`composite`], [`cql3`], [`statics`]: each other shape's statements.
//! 3. [`plan`]: a write's statements, by row and batch type.
//! 4. [`send`]: the batches sent.

pub mod composite;
pub mod cql3;
pub mod ops;
pub mod plan;
pub mod send;
pub mod statics;
