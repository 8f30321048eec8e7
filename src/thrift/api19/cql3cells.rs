//! A CQL 3 table's cells as a Thrift request names them: which declared
//! column a whole cell name is a cell of (its value's validator), and the
//! checks 2.0 to 2.2 made of such a name before taking it.
//!
//! 1.2 on found a name's column by the component its definition names
//! (`CFMetaData.getColumnDefinitionFromColumnName`: a CQL 3 table's
//! columns name one component of a composite name), so a Thrift value was
//! checked by the CQL 3 column's type. 2.0 to 2.2's
//! `ThriftValidation.validateColumnNames` refused, in a table that was not
//! Thrift compatible, a name of fewer components than the clustering
//! columns and the column name, a column component naming no column (2.0:
//! nor a key column), and a collection element of a column that is none;
//! and each release checked a collection's element cell value its own way.
//! It reads the schema only.

use crate::marshal::{
    CollectionKind, CollectionType, CompositeType, Dialect, MarshalError, TypeRef,
};
use crate::schema::{CfDef, ColumnDef};
use crate::thrift::error::{ApiError, ApiResult};

/// Which column components 2.0 to 2.2 took as naming a defined CQL 3
/// column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyColumns {
    /// 2.0: a regular or static column only (`CFDefinition.get`, then
    /// `isPrimaryKeyColumn` refused).
    Refused,
    /// 2.1, 2.2: any column of the table, key columns among them
    /// (`CFMetaData.getColumnDefinition`).
    Taken,
}

/// The declared column the cell named `name` belongs to: a column naming
/// the whole name, or (a composite comparator's) the component it names;
/// a name of too few components has none there.
pub fn column_of<'c>(cf: &'c CfDef, name: &[u8]) -> Option<&'c ColumnDef> {
    if cf.is_super() || cf.comparator.components().is_none() {
        return cf.options.column(name);
    }
    let parts = CompositeType::split(name).ok();
    cf.options
        .column_metadata
        .iter()
        .find(|def| match def.component_index {
            None => def.name == name,
            Some(i) => parts
                .as_ref()
                .and_then(|p| p.get(usize::try_from(i).ok()?))
                .is_some_and(|(c, _)| *c == def.name.as_slice()),
        })
}

/// How a release checked the value of a collection's element cell sent
/// over Thrift (the validator of its column is the collection type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollectionCells {
    /// 1.2, 2.0: `CollectionType.validate` checked it by the cell's value
    /// type (a list's element, a map's value; a set's `EmptyType`).
    ByElement,
    /// 2.1: as a whole collection in the protocol v3 form, empty refused.
    Whole,
    /// 2.2: as 2.1, an empty value taken.
    WholeOrEmpty,
}

/// The check of `value` of a cell of the multi-cell collection `ty`, where
/// `rule` says it differs from the type's own; `None`: the type's own.
pub fn collection_cell(
    ty: &TypeRef,
    value: &[u8],
    rule: CollectionCells,
    dialect: Dialect,
) -> Option<Result<(), MarshalError>> {
    let c = ty.collection()?;
    Some(match rule {
        CollectionCells::ByElement => match c.value_comparator() {
            Some(t) => t.validate_for(value, dialect),
            None if value.is_empty() => Ok(()),
            None => Err(MarshalError("EmptyType only accept empty values".into())),
        },
        CollectionCells::WholeOrEmpty if value.is_empty() => Ok(()),
        CollectionCells::Whole | CollectionCells::WholeOrEmpty => {
            // 2.1's `MapSerializer.validateForNativeProtocol` kept the
            // set's words for a short map (2.2 said map).
            let noun = match (rule, c.kind()) {
                (CollectionCells::Whole, CollectionKind::Map) => "set",
                (_, kind) => kind.noun(),
            };
            whole_v3(c, value, noun, dialect)
        }
    })
}

/// A collection serialized in the protocol v3 form (an int count, each
/// element an int length and its bytes), each element checked by its type
/// (`CollectionSerializer.validateForNativeProtocol`).
fn whole_v3(
    c: &CollectionType,
    value: &[u8],
    short_noun: &str,
    dialect: Dialect,
) -> Result<(), MarshalError> {
    let noun = c.kind().noun();
    let short = || MarshalError(format!("Not enough bytes to read a {short_noun}"));
    let int = |rest: &mut &[u8]| -> Result<i32, MarshalError> {
        let head: [u8; 4] = rest
            .get(..4)
            .ok_or_else(short)?
            .try_into()
            .map_err(|_| short())?;
        *rest = &rest[4..];
        Ok(i32::from_be_bytes(head))
    };
    let mut rest = value;
    let count = int(&mut rest)?;
    for _ in 0..count.max(0) {
        for t in c.params() {
            let len = usize::try_from(int(&mut rest)?).map_err(|_| short())?;
            let element = rest.get(..len).ok_or_else(short)?;
            rest = &rest[len..];
            t.validate_for(element, dialect)?;
        }
    }
    match rest.is_empty() {
        true => Ok(()),
        false => Err(MarshalError(format!(
            "Unexpected extraneous bytes after {noun} value"
        ))),
    }
}

/// Whether 2.x took `cf` for a CQL 3 table (`!isThriftCompatible`): not a
/// super column family, and a regular column naming a component, or a
/// table of its key alone (a composite of one UTF8Type component).
fn is_cql3_table(cf: &CfDef) -> bool {
    if cf.is_super() {
        return false;
    }
    let regular = |c: &ColumnDef| !c.is_static && c.component_index.is_some();
    if cf.options.column_metadata.iter().any(regular) {
        return true;
    }
    let key_only = cf.comparator.components().is_some_and(|t| {
        t.len() == 1 && t[0].class_name() == "org.apache.cassandra.db.marshal.UTF8Type"
    });
    key_only && !cf.options.key_aliases.is_empty()
}

/// 2.0 to 2.2's checks of a column name (already valid for the
/// comparator) written to or read from `cf`.
pub fn check_name(cf: &CfDef, name: &[u8], keys: KeyColumns) -> ApiResult<()> {
    if !is_cql3_table(cf) {
        return Ok(());
    }
    let Some(types) = cf.comparator.components() else {
        return Ok(());
    };
    let collections = types
        .last()
        .and_then(|t| t.collection_columns())
        .filter(|_| types.len() >= 2);
    let clustering = types.len() - 1 - usize::from(collections.is_some());
    let parts = CompositeType::split(name).map_err(|e| ApiError::invalid(e.0))?;
    if parts.len() < clustering + 1 {
        return Err(ApiError::invalid(format!(
            "Not enough components (found {} but {} expected) for column name since {} is a CQL3 table",
            parts.len(),
            clustering + 1,
            cf.name
        )));
    }
    let column = parts[clustering].0;
    if column.is_empty() {
        // The row marker.
        return Ok(());
    }
    let o = &cf.options;
    let declared = o.column_metadata.iter().any(|c| c.name == column);
    let key = o
        .key_aliases
        .iter()
        .chain(&o.column_aliases)
        .any(|k| k == column);
    if !(declared || (keys == KeyColumns::Taken && key)) {
        return Err(ApiError::invalid(format!(
            "Invalid cell for CQL3 table {}. The CQL3 column component ({}) does not correspond to a defined CQL3 column",
            cf.name,
            types[clustering].get_string(column)
        )));
    }
    if let Some(defined) = collections.filter(|_| parts.len() == types.len()) {
        if !defined.iter().any(|(n, _)| n == column) {
            return Err(ApiError::invalid(format!(
                "Invalid collection component, {} is not a collection",
                String::from_utf8_lossy(column)
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    fn comp(parts: &[&[u8]]) -> Vec<u8> {
        let mut out = Vec::new();
        for p in parts {
            out.extend_from_slice(&(p.len() as u16).to_be_bytes());
            out.extend_from_slice(p);
            out.push(0);
        }
        out
    }

    /// `(k text, c int, v text, PRIMARY KEY (k, c))`.
    fn table() -> CfDef {
        let mut cf = CfDef::new(
            "ks",
            "ev",
            1000,
            parse_type("CompositeType(Int32Type,UTF8Type)").unwrap(),
            None,
        );
        let mut v = ColumnDef::plain(b"v".to_vec(), parse_type("Int32Type").unwrap());
        v.component_index = Some(1);
        cf.options.column_metadata.push(v);
        cf.options.key_aliases = vec![b"k".to_vec()];
        cf.options.column_aliases = vec![b"c".to_vec()];
        cf
    }

    #[test]
    fn a_value_is_checked_by_the_column_its_component_names() {
        let cf = table();
        let one = 1i32.to_be_bytes();
        assert!(column_of(&cf, &comp(&[&one, b"v"])).is_some());
        assert!(column_of(&cf, &comp(&[&one, b"w"])).is_none());
        assert!(column_of(&cf, &comp(&[&one])).is_none());
    }

    #[test]
    fn names_of_no_column_or_too_few_components_are_refused() {
        let cf = table();
        let one = 1i32.to_be_bytes();
        let why = |name: &[u8], keys| check_name(&cf, name, keys).err().map(|e| e.to_string());
        assert_eq!(why(&comp(&[&one, b"v"]), KeyColumns::Refused), None);
        assert_eq!(why(&comp(&[&one, b""]), KeyColumns::Refused), None);
        assert!(why(&comp(&[&one, b"x"]), KeyColumns::Taken)
            .unwrap()
            .contains("The CQL3 column component (x) does not correspond"));
        assert!(why(&comp(&[&one, b"c"]), KeyColumns::Refused).is_some());
        assert_eq!(why(&comp(&[&one, b"c"]), KeyColumns::Taken), None);
        assert!(why(&comp(&[&one]), KeyColumns::Taken)
            .unwrap()
            .contains("Not enough components (found 1 but 2 expected)"));
    }

    #[test]
    fn a_short_map_cell_was_a_set_to_2_1() {
        let map = parse_type("MapType(UTF8Type,Int32Type)").unwrap();
        let why = |rule| {
            collection_cell(&map, &[0, 0, 0, 3], rule, Dialect::V20)
                .unwrap()
                .unwrap_err()
                .0
        };
        assert_eq!(
            why(CollectionCells::Whole),
            "Not enough bytes to read a set"
        );
        assert_eq!(
            why(CollectionCells::WholeOrEmpty),
            "Not enough bytes to read a map"
        );
    }
}
