//! A declared column name its composite comparator cannot frame, as 1.1 and
//! 2.0 met it making the column family: both built the CQL 3 definition of
//! a column family with declared columns (1.1's `CFDefinition` from
//! `CFMetaData.fromThrift`, 2.0's from `rebuild`), whose `ColumnIdentifier`
//! read each declared name with the comparator's `getString`. A composite's
//! `getString` walks the name's components (a two-byte length, the bytes,
//! an end-of-component byte); one cut short, or more components than the
//! type has, threw an exception no refusal caught, so the call failed on the
//! server and the connection closed. 1.0, 1.2 and 2.1 refused the name
//! (`Column name .. is not valid for comparator ..`), which stays the
//! schema's to say.
//!
//! Owns that framing check only; a well-framed name's components are the
//! schema's to judge.

use crate::marshal::TypeRef;
use crate::node::Node;
use crate::release::Behaviour;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// Refuses, as a failure on the server, a CfDef declaring a column whose
/// name its composite comparator's `getString` could not walk (1.1, 2.0).
pub fn check(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    let does = |b| node.release.is_some_and(|r| r.does(b));
    let whole_in_1_1 = does(Behaviour::CompositeNamesReadWhole);
    // 2.0's `readIsStatic` skipped a static column's 0xFFFF marker first.
    let in_2_0 = does(Behaviour::NamesRefusedInTypeWords);
    if !(whole_in_1_1 || in_2_0) {
        return Ok(());
    }
    let names = match def.column_type.as_deref() {
        Some("Super") => def.subcomparator_type.as_deref().unwrap_or("BytesType"),
        _ => def.comparator_type.as_deref().unwrap_or("BytesType"),
    };
    let Ok(comparator) = crate::marshal::parse_type(names) else {
        return Ok(());
    };
    match def
        .column_metadata
        .iter()
        .flatten()
        .find(|c| unframed(&comparator, &c.name, in_2_0))
    {
        Some(c) => Err(ApiError::Dropped(format!(
            "the composite name {} of {} could not be read",
            crate::marshal::bytes_to_hex(&c.name),
            def.name
        ))),
        None => Ok(()),
    }
}

/// Whether `getString` of a composite `comparator` failed on `name`: a
/// component's length or end byte past the end, or a component the type
/// lacks. An end byte other than 0 ended the walk.
fn unframed(comparator: &TypeRef, name: &[u8], static_marker: bool) -> bool {
    let Some(parts) = comparator.components() else {
        return false;
    };
    let mut rest = name;
    if static_marker && rest.starts_with(&[0xff, 0xff]) {
        rest = &rest[2..];
    }
    let mut i = 0;
    while !rest.is_empty() {
        if i >= parts.len() || rest.len() < 2 {
            return true;
        }
        let len = usize::from(u16::from_be_bytes([rest[0], rest[1]]));
        let Some(&end) = rest.get(2 + len) else {
            return true;
        };
        rest = &rest[3 + len..];
        if end != 0 {
            break;
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    fn unframed_by(name: &[u8]) -> bool {
        let c = parse_type("CompositeType(UTF8Type,LongType)").unwrap();
        unframed(&c, name, false)
    }

    #[test]
    fn a_plain_word_is_no_composite() {
        // `name`: a first length of 0x6e61 with two bytes after it.
        assert!(unframed_by(b"name"));
        assert!(unframed_by(b"n"));
    }

    #[test]
    fn whole_components_are_read() {
        assert!(!unframed_by(b""));
        assert!(!unframed_by(b"\x00\x01a\x00"));
        assert!(!unframed_by(b"\x00\x01a\x01trailing"));
        assert!(unframed_by(b"\x00\x01a"));
        // a third component of a two-part type
        assert!(unframed_by(b"\x00\x01a\x00\x00\x00\x00\x00\x01b\x00"));
    }

    #[test]
    fn a_simple_comparator_is_not_walked() {
        let utf8 = parse_type("UTF8Type").unwrap();
        assert!(!unframed(&utf8, b"name", false));
    }
}
