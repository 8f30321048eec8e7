//! Reads: one row's slice (`row`: by names, by a range reversed or
//! counted, of a Standard CF, of a super column's sub-columns, of a Super
//! CF's super columns), each table shape's own read (`cells` for dense and
//! super tables, `statics`, `composite`, `cql3`, and `subrange` for a
//! super column's bounded sub-column range), key and token ranges in
//! partitioner order (`scan`), index queries (`index`), and a range's or
//! an index query's rows, a batch read at once (`rows`).
//!
//! This module must not write, nor change the schema.
//!
//! The order of its modules (`layering.rs` checks it):
//!
//! 1. [`cells`]: one name column's cells, and what every row read shares.
//! 2. [`composite`], [`cql3`], [`statics`], [`subrange`]: each shape's read.
//! 3. [`row`], [`scan`]: one row's slice; ranges' keys.
//! 4. [`index`]: index queries' keys.
//! 5. [`rows`]: a range's or an index query's rows.

pub mod cells;
pub mod composite;
pub mod cql3;
pub mod index;
pub mod row;
pub mod rows;
pub mod scan;
pub mod statics;
pub mod subrange;
