//! `atomic_batch_mutate` of a Super column family as 2.0 failed it: the
//! batch log was written in 1.2's format, which wrote each super column
//! with the deletion covering it, looked up by the bare super column name
//! in the list of range tombstones (2.0 kept a super column's deletion as
//! one) whose bounds are composite names. Comparing the bare name as a
//! composite read its first two bytes as a length: where the name was too
//! short for it the server failed the call and closed the connection,
//! before anything was written. This module only says whether a batch
//! would fail so; it must not change what a batch writes.

use crate::marshal::TypeRef;
use crate::model::{Op, RowMutation};
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::Schema;
use crate::thrift::error::ApiError;
use std::cmp::Ordering;

/// The failure 2.0 met writing `rows` to its batch log, if it met one: a
/// Super column family's ops in one row deleting super columns (by name or
/// range: range tombstones in 2.0) beside a written sub-column (a cell or a
/// sub-column's tombstone) whose super column name the comparison misread.
pub fn check_atomic(node: &Node, schema: &Schema, rows: &[RowMutation]) -> Result<(), ApiError> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::AtomicSuperDeletionsFail))
    {
        return Ok(());
    }
    for row in rows {
        for (cf, ops) in &row.updates {
            let Some(def) = schema.cf(&row.keyspace, cf).filter(|d| d.is_super()) else {
                continue;
            };
            let deleted: Vec<&[u8]> = ops
                .iter()
                .filter_map(|op| match op {
                    Op::DeleteSuperColumn { name, .. } => Some(name.as_slice()),
                    _ => None,
                })
                .collect();
            if deleted.is_empty() {
                continue;
            }
            let misread = ops.iter().any(|op| match op {
                Op::Put {
                    super_column: Some(sc),
                    ..
                } => misread(sc, &deleted, &def.comparator),
                _ => false,
            });
            if misread {
                return Err(ApiError::Dropped(format!(
                    "atomic_batch_mutate: 2.0's batch log misread a super column name of {cf} \
                     as a composite one"
                )));
            }
        }
    }
    Ok(())
}

/// Whether `CompositeType.compare` of a tombstone bound (a composite whose
/// first component is one of `deleted`, compared by `comparator`) and the
/// bare `name` read past the end of `name`: its first two bytes were read
/// as the first component's length (0xFFFF marked a static name, compared
/// at once), then, for a component equal to a bound's, the end-of-component
/// byte after it.
fn misread(name: &[u8], deleted: &[&[u8]], comparator: &TypeRef) -> bool {
    let [a, b, rest @ ..] = name else {
        return true;
    };
    let length = usize::from(u16::from_be_bytes([*a, *b]));
    if length == 0xFFFF {
        return false;
    }
    if length > rest.len() {
        return true;
    }
    let component = &rest[..length];
    length == rest.len()
        && deleted
            .iter()
            .any(|d| comparator.compare(d, component) == Ordering::Equal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    #[test]
    fn a_text_name_is_misread_a_small_long_is_not() {
        let utf8 = parse_type("UTF8Type").unwrap();
        let long = parse_type("LongType").unwrap();
        assert!(misread(b"sc2", &[b"sc0"], &utf8));
        assert!(misread(b"s", &[b"sc0"], &utf8));
        // A long's leading zeros read as an empty first component, unequal
        // to the deleted name: the comparison ended there.
        let five = 5i64.to_be_bytes();
        assert!(!misread(&five, &[&2i64.to_be_bytes()], &long));
        // The static marker ended the comparison at once.
        assert!(!misread(&[0xff, 0xff, 1], &[b"x"], &utf8));
        // A name that is itself a whole component equal to a deleted one:
        // the end-of-component byte after it was missing.
        assert!(misread(&[0, 1, b'x'], &[b"x"], &utf8));
        assert!(!misread(&[0, 1, b'x', 0], &[b"x"], &utf8));
    }
}
