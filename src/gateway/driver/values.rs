//! Values as they cross the native protocol: Thrift's bytes, unchanged.
//!
//! A CQL value's serialized form is its marshal type's bytes, the very
//! bytes Thrift carries; so the gateway binds names, keys and values as
//! they came ([`Bound`]) and reads every column back as bytes ([`RawRow`]),
//! whatever the column's CQL type: no conversion, and no type the driver
//! does not know (custom and composite types included) can get in the way.
//! Validation stays where it was, in the front ends. This module must not
//! interpret values beyond the fixed-width `writetime`/`ttl` results.

use scylla::deserialize::row::{ColumnIterator, DeserializeRow};
use scylla::deserialize::{DeserializationError, TypeCheckError};
use scylla::frame::response::result::{ColumnSpec, ColumnType};
use scylla::serialize::value::SerializeValue;
use scylla::serialize::writers::{CellWriter, WrittenCellProof};
use scylla::serialize::SerializationError;

/// A bound value: its bytes, sent as the column's serialized value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Bytes(Vec<u8>),
    /// A `bigint` (timestamps, counter deltas).
    Long(i64),
    /// An `int` (TTLs).
    Int(i32),
}

#[derive(Debug, thiserror::Error)]
#[error("value of {0} bytes is too large for the native protocol")]
struct TooLarge(usize);

impl SerializeValue for Bound {
    fn serialize<'b>(
        &self,
        _typ: &ColumnType,
        writer: CellWriter<'b>,
    ) -> Result<WrittenCellProof<'b>, SerializationError> {
        let long;
        let int;
        let bytes: &[u8] = match self {
            Bound::Bytes(b) => b,
            Bound::Long(v) => {
                long = v.to_be_bytes();
                &long
            }
            Bound::Int(v) => {
                int = v.to_be_bytes();
                &int
            }
        };
        writer
            .set_value(bytes)
            .map_err(|_| SerializationError::new(TooLarge(bytes.len())))
    }
}

/// A result row, every column as its bytes (`None` for null).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawRow(pub Vec<Option<Vec<u8>>>);

impl<'frame, 'metadata> DeserializeRow<'frame, 'metadata> for RawRow {
    fn type_check(_specs: &[ColumnSpec]) -> Result<(), TypeCheckError> {
        Ok(())
    }

    fn deserialize(row: ColumnIterator<'frame, 'metadata>) -> Result<Self, DeserializationError> {
        let mut out = Vec::with_capacity(row.len());
        for column in row {
            out.push(column?.slice.map(|s| s.as_slice().to_vec()));
        }
        Ok(RawRow(out))
    }
}

#[derive(Debug, thiserror::Error)]
#[error("column {0}: expected {1}")]
pub struct BadColumn(pub usize, pub &'static str);

impl RawRow {
    /// Column `i`'s bytes; a null is an error (keys, names and values of a
    /// compact table are never null).
    pub fn bytes(&mut self, i: usize) -> Result<Vec<u8>, BadColumn> {
        self.0
            .get_mut(i)
            .and_then(Option::take)
            .ok_or(BadColumn(i, "a value"))
    }

    /// Column `i` as a `bigint` (`writetime`), `None` when null.
    pub fn long(&self, i: usize) -> Result<Option<i64>, BadColumn> {
        match self.0.get(i) {
            Some(Some(b)) => <[u8; 8]>::try_from(b.as_slice())
                .map(|a| Some(i64::from_be_bytes(a)))
                .map_err(|_| BadColumn(i, "8 bytes")),
            _ => Ok(None),
        }
    }

    /// Column `i` as an `int` (`ttl`), `None` when null.
    pub fn int(&self, i: usize) -> Result<Option<i32>, BadColumn> {
        match self.0.get(i) {
            Some(Some(b)) => <[u8; 4]>::try_from(b.as_slice())
                .map(|a| Some(i32::from_be_bytes(a)))
                .map_err(|_| BadColumn(i, "4 bytes")),
            _ => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_width_columns_read_big_endian_and_nulls_are_none() {
        let row = RawRow(vec![
            Some(7i64.to_be_bytes().to_vec()),
            Some(30i32.to_be_bytes().to_vec()),
            None,
            Some(vec![1, 2]),
        ]);
        assert_eq!(row.long(0).unwrap(), Some(7));
        assert_eq!(row.int(1).unwrap(), Some(30));
        assert_eq!(row.int(2).unwrap(), None);
        assert!(row.long(3).is_err());
        let mut row = row;
        assert_eq!(row.bytes(3).unwrap(), vec![1, 2]);
        assert!(row.bytes(2).is_err());
    }
}
