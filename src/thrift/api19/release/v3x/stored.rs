//! A Thrift column family as 3.x kept it once its schema tables had taken
//! it: `SchemaKeyspace` wrote each column's type as its CQL type and read
//! it back (`asCQL3Type`, `CQLTypeParser`), and one column per name.
//! So a `DateType` that had a CQL form became `TimestampType` (signed, where
//! `DateType` compared bytes unsigned): the comparator and each component
//! of a composite one (split into clustering columns), the subcomparator
//! (a super column map's keys), the values' type, the key's type and each
//! component of a composite one, a declared column's type; one inside a
//! type without a CQL form (a `CompositeType` value type, say) stayed. Of
//! a name declared twice the first definition stayed (`PartitionColumns`'
//! sorted set kept the first of equals), with the index a later one
//! declared (`indexDefsFromThrift` read them all).
//!
//! Its caching parameters came of the CfDef's caching and cells per row
//! (`CachingParamsOfCfDef`, see `caching_params`). This adjusts the
//! request's spec before the schema takes it; it must not read the engine.

use crate::release::{Behaviour, Release};
use crate::schema::{CfSpec, ColumnSpec};

const MARSHAL: &str = "org.apache.cassandra.db.marshal.";

/// `spec` as 3.x's schema tables gave it back (other releases: as it is).
pub fn as_stored(release: Option<&Release>, spec: &mut CfSpec) {
    let does = |b| release.is_some_and(|r| r.does(b));
    if does(Behaviour::CachingParamsOfCfDef) {
        caching_params(spec);
    }
    if does(Behaviour::FirstOfDuplicateColumns) {
        if let Some(columns) = spec.column_metadata.as_mut() {
            first_of_each_name(columns);
        }
    }
    if !does(Behaviour::TypesThroughCql) {
        return;
    }
    for ty in [&mut spec.comparator_type, &mut spec.key_validation_class]
        .into_iter()
        .flatten()
    {
        *ty = through_cql(ty, true);
    }
    for ty in [
        &mut spec.subcomparator_type,
        &mut spec.default_validation_class,
    ]
    .into_iter()
    .flatten()
    {
        *ty = through_cql(ty, false);
    }
    if let Some(columns) = spec.column_metadata.as_mut() {
        for c in columns.iter_mut() {
            if let Some(ty) = c.validation_class.as_mut() {
                *ty = through_cql(ty, false);
            }
        }
    }
}

/// A CfDef's caching as 3.x's caching parameters gave it back
/// (`cachingFromThrift`, `toThrift`, `toThriftCellsPerRow`), where it sent
/// either field (else the defaults: keys, no rows): the legacy word's keys
/// and rows, the rows then the cells sent (the IDL's default `100`;
/// `ALL`: every one) where rows were cached. A word or a number 3.x could
/// not read is left for the schema to refuse.
fn caching_params(spec: &mut CfSpec) {
    if spec.caching.is_none() && spec.cells_per_row_to_cache.is_none() {
        return;
    }
    let word = spec
        .caching
        .as_deref()
        .unwrap_or("keys_only")
        .to_ascii_uppercase();
    let (keys, mut rows) = match word.as_str() {
        "ALL" => (true, i32::MAX),
        "ROWS_ONLY" => (false, i32::MAX),
        "KEYS_ONLY" => (true, 0),
        "NONE" => (false, 0),
        _ => return,
    };
    if rows > 0 {
        let cells = spec.cells_per_row_to_cache.as_deref().unwrap_or("100");
        rows = match cells {
            "ALL" => i32::MAX,
            n => match n.parse() {
                Ok(n) => n,
                Err(_) => return,
            },
        };
    }
    let word = match (keys, rows > 0) {
        (true, true) => "ALL",
        (false, true) => "ROWS_ONLY",
        (true, false) => "KEYS_ONLY",
        (false, false) => "NONE",
    };
    spec.caching = Some(word.to_string());
    spec.cells_per_row_to_cache = Some(if rows == i32::MAX {
        "ALL".to_string()
    } else {
        rows.to_string()
    });
}

/// One definition per name: the first, with the first index a definition
/// of that name declared. A later one of a type that does not parse stays,
/// for the schema to refuse (3.x parsed every definition first).
fn first_of_each_name(columns: &mut Vec<ColumnSpec>) {
    let mut kept: Vec<ColumnSpec> = Vec::with_capacity(columns.len());
    for c in columns.drain(..) {
        let parses = c
            .validation_class
            .as_deref()
            .is_none_or(|ty| crate::marshal::parse_type(ty).is_ok());
        match kept
            .iter_mut()
            .find(|k| k.name == c.name)
            .filter(|_| parses)
        {
            Some(k) if k.index_type.is_none() && c.index_type.is_some() => {
                k.index_type = c.index_type;
                k.index_name = c.index_name;
                k.index_options = c.index_options;
            }
            Some(_) => {}
            None => kept.push(c),
        }
    }
    *columns = kept;
}

/// A type name as it came back through its CQL form; `split`: a
/// `CompositeType` at the top is split into columns, each component going
/// through on its own.
fn through_cql(name: &str, split: bool) -> String {
    let (short, long) = match name.trim().strip_prefix(MARSHAL) {
        Some(short) => (short, true),
        None => (name.trim(), false),
    };
    let with = |s: String| if long { format!("{MARSHAL}{s}") } else { s };
    let args = |prefix: &str| short.strip_prefix(prefix).and_then(|r| r.strip_suffix(')'));
    // TypeParser read a simple type's parameters (pycassa sends
    // `DateType(reversed=false)`) as nothing: the type's instance.
    if short == "DateType" || short.starts_with("DateType(") {
        return with("TimestampType".to_string());
    }
    if let Some(inner) = args("CompositeType(").filter(|_| split) {
        let parts: Vec<String> = top_level(inner)
            .into_iter()
            .map(|p| through_cql(p, false))
            .collect();
        return with(format!("CompositeType({})", parts.join(",")));
    }
    for wrapper in [
        "ReversedType(",
        "ListType(",
        "SetType(",
        "MapType(",
        "FrozenType(",
    ] {
        if let Some(inner) = args(wrapper) {
            let parts: Vec<String> = top_level(inner)
                .into_iter()
                .map(|p| through_cql(p, false))
                .collect();
            return with(format!("{wrapper}{})", parts.join(",")));
        }
    }
    name.to_string()
}

/// `a,b(c,d),e` split at its top-level commas.
fn top_level(s: &str) -> Vec<&str> {
    let (mut depth, mut start, mut out) = (0i32, 0, Vec::new());
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::IndexType;

    /// Recorded: 3.0.24 and 3.11.10 (`rel_filtered`'s Dt, DtS, DtC, DtR).
    #[test]
    fn date_types_come_back_as_timestamps_where_cql_named_them() {
        assert_eq!(through_cql("DateType", true), "TimestampType");
        assert_eq!(
            through_cql(&format!("{MARSHAL}DateType(reversed=false)"), false),
            format!("{MARSHAL}TimestampType")
        );
        assert_eq!(
            through_cql(&format!("{MARSHAL}DateType"), false),
            format!("{MARSHAL}TimestampType")
        );
        assert_eq!(
            through_cql("CompositeType(DateType,UTF8Type)", true),
            "CompositeType(TimestampType,UTF8Type)"
        );
        assert_eq!(
            through_cql("ReversedType(DateType)", true),
            "ReversedType(TimestampType)"
        );
        // a type without a CQL form keeps what it holds
        assert_eq!(
            through_cql("CompositeType(DateType,UTF8Type)", false),
            "CompositeType(DateType,UTF8Type)"
        );
        assert_eq!(
            through_cql("MapType(DateType,LongType)", false),
            "MapType(TimestampType,LongType)"
        );
        assert_eq!(through_cql("UTF8Type", true), "UTF8Type");
    }

    fn col(name: &str, ty: &str, index: Option<IndexType>) -> ColumnSpec {
        ColumnSpec {
            name: name.as_bytes().to_vec(),
            validation_class: Some(ty.to_string()),
            index_type: index,
            index_name: None,
            index_options: None,
            component_index: None,
            is_static: false,
        }
    }

    /// Recorded: 3.0.24 and 3.11.10 (`rel_filtered`'s Dup and Dup2).
    #[test]
    fn a_name_declared_twice_keeps_its_first_definition() {
        let mut spec = CfSpec::new("ks", "Dup");
        spec.column_metadata = Some(vec![
            col("a", "UTF8Type", None),
            col("a", "LongType", None),
            col("b", "LongType", None),
            col("b", "UTF8Type", Some(IndexType::Keys)),
        ]);
        as_stored(Release::find("3.0.24"), &mut spec);
        let kept: Vec<(String, String, Option<IndexType>)> = spec
            .column_metadata
            .unwrap()
            .into_iter()
            .map(|c| {
                (
                    String::from_utf8(c.name).unwrap(),
                    c.validation_class.unwrap(),
                    c.index_type,
                )
            })
            .collect();
        assert_eq!(
            kept,
            [
                ("a".to_string(), "UTF8Type".to_string(), None),
                (
                    "b".to_string(),
                    "LongType".to_string(),
                    Some(IndexType::Keys)
                ),
            ]
        );
        // a later one of an unknown type stays, for the schema to refuse
        let mut spec = CfSpec::new("ks", "Dup2");
        spec.column_metadata = Some(vec![
            col("a", "UTF8Type", None),
            col("a", "NoSuchType", None),
        ]);
        as_stored(Release::find("3.11.10"), &mut spec);
        assert_eq!(spec.column_metadata.unwrap().len(), 2);
    }

    /// Found by difftest.py --app (3.0.24, 3.11.10; recorded: `rel_cfdefs3x`).
    #[test]
    fn caching_comes_back_as_3xs_parameters_made_it() {
        let caching = |word: Option<&str>, cells: Option<&str>| {
            let mut spec = CfSpec::new("ks", "cf");
            spec.caching = word.map(str::to_string);
            spec.cells_per_row_to_cache = cells.map(str::to_string);
            as_stored(Release::find("3.0.24"), &mut spec);
            (spec.caching, spec.cells_per_row_to_cache)
        };
        let some = |a: &str, b: &str| (Some(a.to_string()), Some(b.to_string()));
        assert_eq!(caching(Some("all"), None), some("ALL", "100"));
        assert_eq!(caching(Some("ALL"), Some("0")), some("KEYS_ONLY", "0"));
        assert_eq!(
            caching(Some("ROWS_ONLY"), Some("ALL")),
            some("ROWS_ONLY", "ALL")
        );
        assert_eq!(
            caching(Some("KEYS_ONLY"), Some("10")),
            some("KEYS_ONLY", "0")
        );
        assert_eq!(caching(None, Some("10")), some("KEYS_ONLY", "0"));
        assert_eq!(caching(None, None), (None, None));
    }
}
