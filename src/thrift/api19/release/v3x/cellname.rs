//! A whole cell name sent over Thrift as 3.0 and 3.11 decoded it into a
//! clustering and a column (`LegacyLayout.decodeCellName`), where the
//! decoding itself could fail: `get_paged_slice`'s start column is such a
//! name. What failed there was not a request error but a server-side
//! exception, which closed the connection without a reply; an unknown
//! column of a CQL table was the one refusal the call caught
//! (`UnknownColumnException`, answered in its words).
//!
//! The steps, in 3.x's order: the clustering's components (the whole name
//! for a comparator that is not a composite) each validated when of a
//! fixed-size type; a dense table stops there; a CQL table (compound, not
//! dense) then needs the column's component, names a known column unless
//! empty (a row marker), and validates a collection element of fixed size.
//! It reads the schema only.

use crate::cql::table::Layout;
use crate::cql::types::CqlType;
use crate::marshal::CompositeType;
use crate::schema::CfDef;
use crate::thrift::api19::release::reads::count3x::fixed_size_accepts;
use crate::thrift::error::ApiError;

/// Two bytes of 0xFF open a compound table's static cell name.
const STATIC_MARKER: [u8; 2] = [0xff, 0xff];

/// Decodes `name` of a column family that is not super as 3.x did: `Ok`
/// where it decoded, `Dropped` where the server failed, `InvalidRequest`
/// for an unknown column of a CQL table.
pub fn decode(cf: &CfDef, name: &[u8]) -> Result<(), ApiError> {
    let dropped = |why: &str| {
        Err(ApiError::Dropped(format!(
            "3.x failed to decode a cell name of {}: {why}",
            cf.name
        )))
    };
    let Some(types) = cf.comparator.components() else {
        // One clustering (or none, a dense table's column): the whole name.
        return match fixed_size_accepts(cf.comparator.as_ref(), name) {
            true => Ok(()),
            false => dropped("a clustering of the wrong size"),
        };
    };
    let table = crate::cql::exec::tables::table_of(cf).ok();
    let sparse = table.as_ref().is_some_and(|t| t.layout == Layout::Sparse);
    // A sparse table's comparator ends with the column's component (and a
    // collection's element): the clustering is what comes before.
    let clustering = table
        .as_ref()
        .filter(|_| sparse)
        .map_or(types.len(), |t| t.clustering.len());
    let is_static = name.starts_with(&STATIC_MARKER);
    let body = if is_static { &name[2..] } else { name };
    let Ok(parts) = CompositeType::split(body) else {
        return dropped("a composite name cut short");
    };
    if !is_static {
        let refused = parts
            .iter()
            .zip(types.iter().take(clustering))
            .any(|((c, _), ty)| !fixed_size_accepts(ty.as_ref(), c));
        if refused {
            return dropped("a clustering component of the wrong size");
        }
    }
    let Some(table) = table.filter(|_| sparse) else {
        return Ok(());
    };
    let Some(&(column, _)) = parts.get(clustering) else {
        // Only an index's table had no column to name.
        return match table.regular.is_empty() {
            true => Ok(()),
            false => dropped("no column name component found in cell name"),
        };
    };
    if column.is_empty() {
        return Ok(());
    }
    let named = std::str::from_utf8(column)
        .ok()
        .and_then(|n| table.column(n).map(|c| &c.ty));
    let Some(ty) = named else {
        let shown = match std::str::from_utf8(column) {
            Ok(s) => s.to_string(),
            Err(_) => column.iter().map(|b| format!("{b:02x}")).collect(),
        };
        return Err(ApiError::invalid(format!(
            "Unknown column {shown} in table {}.{}",
            cf.keyspace, cf.name
        )));
    };
    let element = parts.get(clustering + 1).map(|&(e, _)| e);
    let names: Option<crate::marshal::TypeRef> = match ty {
        CqlType::List(_) => Some(crate::marshal::parse_type("TimeUUIDType").expect("a known type")),
        CqlType::Set(t) | CqlType::Map(t, _) => Some(t.marshal()),
        _ => None,
    };
    if let (Some(element), Some(names)) = (element, names) {
        if !fixed_size_accepts(names.as_ref(), element) {
            return dropped("a collection element of the wrong size");
        }
    }
    Ok(())
}

/// A slice bound (a predicate's start or finish) of a column family that
/// is not super, decoded as 3.x did (`LegacyLayout.decodeSliceBound`, as
/// the read's filter was built, once the predicate and the level had been
/// checked): the clustering's fixed-size components validated; past the
/// clustering, a compact table had nothing (an assertion), a CQL table
/// one component naming a simple column (or empty: the row marker), or
/// two naming a collection and an element of it. Any other bound failed
/// on the server (`Dropped`: the connection closed without a reply).
/// A static bound is left (not modelled).
pub fn decode_slice_bound(cf: &CfDef, bound: &[u8]) -> Result<(), BoundFailure> {
    let Some(types) = cf.comparator.components() else {
        return Ok(());
    };
    if bound.is_empty() || bound.starts_with(&STATIC_MARKER) {
        return Ok(());
    }
    let failed = |why: &str| {
        Err(BoundFailure::Failed(format!(
            "3.x failed to decode a slice bound of {}: {why}",
            cf.name
        )))
    };
    let table = crate::cql::exec::tables::table_of(cf).ok();
    let sparse = table.as_ref().filter(|t| t.layout == Layout::Sparse);
    let clustering = sparse.map_or(types.len(), |t| t.clustering.len());
    let Ok(parts) = CompositeType::split(bound) else {
        return failed("a composite bound cut short");
    };
    let refused = parts
        .iter()
        .zip(types.iter().take(clustering))
        .any(|((c, _), ty)| !fixed_size_accepts(ty.as_ref(), c));
    if refused {
        return failed("a clustering component of the wrong size");
    }
    if parts.len() <= clustering {
        return Ok(());
    }
    let Some(table) = sparse else {
        return failed("components past a compact table's clustering");
    };
    // `IllegalArgumentException("Invalid bound <hex>: ...")`, the
    // components' hex joined.
    let hex: String = parts
        .iter()
        .flat_map(|(c, _)| c.iter().map(|b| format!("{b:02x}")))
        .collect();
    let invalid = |why: String| Err(BoundFailure::Invalid(format!("Invalid bound {hex}: {why}")));
    let column = parts[clustering].0;
    let ty = std::str::from_utf8(column)
        .ok()
        .and_then(|n| table.column(n))
        .map(|c| &c.ty);
    let complex = ty.is_some_and(CqlType::is_collection);
    match parts.len() - clustering {
        1 if column.is_empty() || ty.is_some_and(|_| !complex) => Ok(()),
        1 => invalid(format!("expected simple column at position {clustering}")),
        2 if complex => Ok(()),
        2 => invalid(format!("expected complex column at position {clustering}")),
        _ => invalid("complex slices require exactly two extra components".into()),
    }
}

/// How a slice bound failed to decode on 3.x: an `IllegalArgumentException`
/// (its message; `get_count` answered it as a refusal), or any other
/// failure on the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoundFailure {
    Invalid(String),
    Failed(String),
}

/// [`decode`] as 3.x's `ThriftValidation.validateColumnNames` met it for
/// a name written, read by name or deleted: an unknown column of a CQL
/// table refused in the words of the table and the column. (A name the
/// decoding failed on otherwise was one the comparator's check already
/// refused, or one this does not model.)
pub fn validated(cf: &CfDef, name: &[u8]) -> Result<(), ApiError> {
    match decode(cf, name) {
        Err(ApiError::InvalidRequest(e)) => Err(ApiError::invalid(format!(
            "Error validating cell name for CQL3 table {}: {}",
            cf.name, e
        ))),
        _ => Ok(()),
    }
}

/// Whether `name` of `cf` is a CQL table's row marker (its column component
/// empty): 3.x's Thrift writes built no cell of one (`cellFromColumn` and
/// the grouping of a batch's cells into rows met no column), failing on
/// the server (recorded: `insert` and `batch_mutate` closed the
/// connection).
pub fn is_row_marker(cf: &CfDef, name: &[u8]) -> bool {
    if cf.is_super() || cf.comparator.components().is_none() || name.starts_with(&STATIC_MARKER) {
        return false;
    }
    let Some(table) = crate::cql::exec::tables::table_of(cf)
        .ok()
        .filter(|t| t.layout == Layout::Sparse)
    else {
        return false;
    };
    let Ok(parts) = CompositeType::split(name) else {
        return false;
    };
    parts
        .get(table.clustering.len())
        .is_some_and(|(column, _)| column.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::schema::ColumnDef;

    fn answer(cf: &CfDef, name: &[u8]) -> &'static str {
        match decode(cf, name) {
            Ok(()) => "ok",
            Err(ApiError::Dropped(_)) => "dropped",
            Err(ApiError::InvalidRequest(_)) => "refused",
            Err(e) => panic!("{e:?}"),
        }
    }

    fn composite(parts: &[&[u8]]) -> Vec<u8> {
        parts
            .iter()
            .fold(crate::marshal::CompositeBuilder::new(), |b, p| {
                b.push(p).unwrap()
            })
            .build(crate::marshal::Eoc::None)
    }

    /// `(k text, at int, body text, tags set<int>, PRIMARY KEY (k, at))`.
    fn cql_table() -> CfDef {
        let comparator = parse_type(
            "CompositeType(Int32Type,UTF8Type,ColumnToCollectionType(74616773:SetType(Int32Type)))",
        )
        .unwrap();
        let mut cf = CfDef::new("ks", "t", 1000, comparator, None);
        cf.options.key_aliases = vec![b"k".to_vec()];
        cf.options.column_aliases = vec![b"at".to_vec()];
        let mut body = ColumnDef::plain(b"body".to_vec(), parse_type("UTF8Type").unwrap());
        body.component_index = Some(1);
        let mut tags =
            ColumnDef::plain(b"tags".to_vec(), parse_type("SetType(Int32Type)").unwrap());
        tags.component_index = Some(1);
        cf.options.column_metadata = vec![body, tags];
        cf
    }

    #[test]
    fn a_plain_comparator_validates_the_whole_name_by_its_fixed_size() {
        let cf = CfDef::new("ks", "t", 1000, parse_type("LongType").unwrap(), None);
        assert_eq!(answer(&cf, b"abc"), "dropped");
        assert_eq!(answer(&cf, &[0; 8]), "ok");
        assert_eq!(answer(&cf, b""), "ok");
        let cf = CfDef::new("ks", "t", 1000, parse_type("UTF8Type").unwrap(), None);
        assert_eq!(answer(&cf, b"abc"), "ok");
    }

    #[test]
    fn a_cql_table_needs_a_known_column_component() {
        let cf = cql_table();
        let at = 7i32.to_be_bytes();
        assert_eq!(answer(&cf, b""), "dropped");
        assert_eq!(answer(&cf, &composite(&[&at])), "dropped");
        assert_eq!(answer(&cf, &composite(&[&at, b""])), "ok");
        assert_eq!(answer(&cf, &composite(&[&at, b"body"])), "ok");
        assert_eq!(answer(&cf, &composite(&[&at, b"nosuch"])), "refused");
        assert_eq!(answer(&cf, &composite(&[b"ab", b"body"])), "dropped");
        assert_eq!(answer(&cf, &[0, 5, b'a']), "dropped");
        assert_eq!(answer(&cf, &composite(&[&at, b"tags", &at])), "ok");
        assert_eq!(answer(&cf, &composite(&[&at, b"tags", b"x"])), "dropped");
    }

    #[test]
    fn a_name_validated_for_a_write_says_the_table_then_the_column() {
        let cf = cql_table();
        let at = 7i32.to_be_bytes();
        assert_eq!(validated(&cf, &composite(&[&at, b"body"])), Ok(()));
        assert_eq!(
            validated(&cf, &composite(&[&at, b"nosuch"])),
            Err(ApiError::invalid(
                "Error validating cell name for CQL3 table t: Unknown column nosuch in table ks.t"
            ))
        );
    }

    /// Recorded: 3.0.24 and 3.11.10 (`ordinary19r`'s and `ordinary19w`'s
    /// slices of a set's cells by its column's name: the connection closed).
    #[test]
    fn a_slice_bound_past_the_clustering_names_a_column_of_its_kind() {
        let cf = cql_table();
        let at = 7i32.to_be_bytes();
        let bound = |parts: &[&[u8]]| match decode_slice_bound(&cf, &composite(parts)) {
            Ok(()) => "ok",
            Err(BoundFailure::Invalid(_)) => "invalid",
            Err(BoundFailure::Failed(_)) => "failed",
        };
        assert_eq!(decode_slice_bound(&cf, b""), Ok(()));
        assert_eq!(bound(&[&at]), "ok");
        assert_eq!(bound(&[&at, b""]), "ok");
        assert_eq!(bound(&[&at, b"body"]), "ok");
        assert_eq!(bound(&[&at, b"tags"]), "invalid");
        assert_eq!(bound(&[&at, b"nosuch"]), "invalid");
        assert_eq!(bound(&[&at, b"tags", &at]), "ok");
        assert_eq!(bound(&[&at, b"body", b"x"]), "invalid");
        assert_eq!(bound(&[b"ab"]), "failed");
        assert_eq!(
            decode_slice_bound(&cf, &composite(&[&at, b"tags"])),
            Err(BoundFailure::Invalid(
                "Invalid bound 0000000774616773: expected simple column at position 1".into()
            ))
        );
        let plain = CfDef::new("ks", "t", 1000, parse_type("UTF8Type").unwrap(), None);
        assert_eq!(decode_slice_bound(&plain, b"anything"), Ok(()));
    }

    #[test]
    fn a_row_marker_is_the_name_of_no_column() {
        let cf = cql_table();
        let at = 7i32.to_be_bytes();
        assert!(is_row_marker(&cf, &composite(&[&at, b""])));
        assert!(!is_row_marker(&cf, &composite(&[&at, b"body"])));
        assert!(!is_row_marker(&cf, &composite(&[&at])));
        let plain = CfDef::new("ks", "t", 1000, parse_type("UTF8Type").unwrap(), None);
        assert!(!is_row_marker(&plain, b""));
    }
}
