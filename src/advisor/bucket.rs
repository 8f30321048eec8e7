//! Buckets: a partition the dry run measures over the limits is split by
//! one more partition key column, computed per row: a time unit (the row's
//! time clustering value truncated to a month, week, day, hour or minute)
//! or a hash of the row's clustering values modulo k. Candidates are
//! derived from the measured sizes, all re-measured in one more pass, and
//! the coarsest that brings the largest partition under the limits wins
//! (the coarsest means the fewest partitions a read must touch).
//!
//! It must not read data itself (the measuring is [`super::measure`]'s).

use super::measure::Measured;
use super::propose::Proposal;
use super::split::{Bucket, TIME_UNITS};
use super::{LIMIT_BYTES, LIMIT_CELLS};
use crate::cql::types::{CqlType, Native};

/// The column a time bucket truncates: the first clustering column of the
/// proposal that holds a time (timestamp or timeuuid).
fn time_column(p: &Proposal) -> Option<String> {
    p.clustering
        .iter()
        .map(|(k, _)| &k.column)
        .find(|c| {
            matches!(
                c.ty,
                CqlType::Native(Native::Timestamp) | CqlType::Native(Native::Timeuuid)
            )
        })
        .map(|c| c.name.clone())
}

/// True when the largest partition measured is over a limit.
pub fn over(m: &Measured) -> bool {
    m.max_cells > LIMIT_CELLS || m.max_bytes > LIMIT_BYTES
}

/// The buckets worth measuring for a proposal whose partitions `m` measured
/// over the limits: every time unit when it has a time column, else hash
/// moduli that bring the largest measured partition to half the limit
/// (and twice that), as rows spread evenly over a hash.
pub fn candidates(p: &Proposal, m: &Measured) -> Vec<Bucket> {
    if let Some(column) = time_column(p) {
        return TIME_UNITS
            .iter()
            .map(|(unit, millis)| Bucket::Time {
                column: column.clone(),
                unit,
                millis: *millis,
            })
            .collect();
    }
    let by_cells = m.max_cells.div_ceil(LIMIT_CELLS / 2);
    let by_bytes = m.max_bytes.div_ceil(LIMIT_BYTES / 2);
    let k = by_cells.max(by_bytes).max(2).min(u64::from(u32::MAX / 2)) as u32;
    vec![Bucket::Hash { k }, Bucket::Hash { k: k * 2 }]
}

/// The bucket to take among measured candidates (in [`candidates`]' order,
/// coarsest first): the first whose largest partition is under the limits,
/// else the first whose p99 is, else the last.
pub fn choose(measured: &[(Bucket, Measured)]) -> Option<usize> {
    let fits_max = measured.iter().position(|(_, m)| !over(m));
    let fits_p99 = || {
        measured
            .iter()
            .position(|(_, m)| m.p99_cells <= LIMIT_CELLS && m.p99_bytes <= LIMIT_BYTES)
    };
    fits_max
        .or_else(fits_p99)
        .or_else(|| measured.len().checked_sub(1))
}
