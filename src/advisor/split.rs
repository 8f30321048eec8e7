//! A bucket column's rule: how one more partition key column is computed
//! per row (a time unit of the row's time clustering value, or a hash of
//! its clustering values modulo k), its name, type and CQL constants.
//! Which bucket a proposal gets is `super::bucket`'s choice; this module
//! must not measure or choose.

use crate::cql::table::Table;
use crate::cql::timeuuid::unix_millis_of;
use crate::cql::types::{CqlType, Native};
use serde_json::{json, Value};

/// Time units tried, coarsest first.
pub const TIME_UNITS: &[(&str, i64)] = &[
    ("30 days", 30 * 86_400_000),
    ("week", 7 * 86_400_000),
    ("day", 86_400_000),
    ("hour", 3_600_000),
    ("minute", 60_000),
];

/// A bucket column's rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bucket {
    /// The row's `column` (a timestamp or timeuuid) truncated to `millis`.
    Time {
        column: String,
        unit: &'static str,
        millis: i64,
    },
    /// FNV-1a (32 bits) of the row's clustering values, modulo `k`.
    Hash { k: u32 },
}

impl Bucket {
    /// The bucket column's name: `bucket`, unless the source has one.
    pub fn column_name(&self, source: &Table) -> String {
        if source.column("bucket").is_none() {
            "bucket".into()
        } else {
            "advisor_bucket".into()
        }
    }

    pub fn cql_type(&self) -> CqlType {
        match self {
            Bucket::Time { .. } => CqlType::Native(Native::Timestamp),
            Bucket::Hash { .. } => CqlType::Native(Native::Int),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Bucket::Time { column, unit, .. } => format!(
                "the partition is over the limits: it is split by {column} truncated to one {unit} (a read of a time range touches one partition per {unit} it spans)"
            ),
            Bucket::Hash { k } => format!(
                "the partition is over the limits and has no time column: it is split by a hash of the row's clustering values modulo {k} (FNV-1a, 32 bits; every read touches all {k})"
            ),
        }
    }

    /// The bucket of a row: from its time column's value, or from its
    /// clustering values. `None` when the time value is absent or unreadable.
    pub fn value(&self, time: Option<&[u8]>, clustering: &[Vec<u8>]) -> Option<Vec<u8>> {
        match self {
            Bucket::Time { millis, .. } => {
                let t = time?;
                let ms = match t.len() {
                    8 => i64::from_be_bytes(t.try_into().ok()?),
                    16 => unix_millis_of(t)?,
                    _ => return None,
                };
                Some((ms - ms.rem_euclid(*millis)).to_be_bytes().to_vec())
            }
            Bucket::Hash { k } => {
                let mut h: u32 = 0x811c_9dc5;
                for v in clustering {
                    for b in (v.len() as u16).to_be_bytes().iter().chain(v) {
                        h ^= u32::from(*b);
                        h = h.wrapping_mul(0x0100_0193);
                    }
                }
                Some(((h % k) as i32).to_be_bytes().to_vec())
            }
        }
    }

    /// A bucket value as a CQL constant (timestamps as milliseconds).
    pub fn constant(value: &[u8]) -> String {
        match value.len() {
            8 => i64::from_be_bytes(value.try_into().expect("8 bytes")).to_string(),
            4 => i32::from_be_bytes(value.try_into().expect("4 bytes")).to_string(),
            _ => format!("0x{}", crate::marshal::bytes_to_hex(value)),
        }
    }

    pub fn json(&self) -> Value {
        match self {
            Bucket::Time {
                column,
                unit,
                millis,
            } => {
                json!({"kind": "time", "column": column, "unit": unit, "millis": millis})
            }
            Bucket::Hash { k } => json!({"kind": "hash", "modulo": k}),
        }
    }
}
