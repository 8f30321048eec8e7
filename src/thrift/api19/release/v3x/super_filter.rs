//! A Super column family's row filter as Cassandra 3.0 and 3.11 checked it:
//! 3.x stored such a family as a table with a map of super columns, and
//! checked each expression's value by the column its name found. It only
//! checks; reading is the shared scan's.

use super::does;
use crate::release::{Behaviour, Release};
use crate::schema::CfDef;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// A row filter of a Super column family as 3.x checked it
/// (`ThriftValidation.validateKeyRange`), `Some` where 3.x: the range's
/// keys and tokens, then each expression's name by the super columns'
/// comparator and its value's size (as before), then its value by the
/// type of the column its name found: `value`, the values' type; any
/// other, the table's map of super columns (see [`super_map_value`]);
/// then a super column in the parent, then the count. 2.x checked the
/// value by the CF's values type. One that passed found no row
/// (recorded: `rel_compact`).
pub fn super_row_filter(
    release: Option<&Release>,
    cf: &CfDef,
    super_column: Option<&[u8]>,
    range: &t::KeyRange,
    check_keys: impl FnOnce(&t::KeyRange) -> Result<(), ApiError>,
) -> Option<Result<(), ApiError>> {
    let filter = range.row_filter.as_ref().filter(|f| !f.is_empty())?;
    if !cf.is_super() || !does(release, Behaviour::CfDefsFromTables) {
        return None;
    }
    let mut bare = range.clone();
    bare.row_filter = None;
    bare.count = 1;
    let checked = check_keys(&bare).and_then(|()| {
        let hex = crate::marshal::bytes_to_hex;
        for e in filter {
            crate::thrift::api19::index::validate_expression_name(
                cf,
                e,
                super::super::dialect(release),
            )?;
            let values = &cf.options.default_validation_class;
            let valid = if e.column_name == b"value" {
                values.validate(&e.value).map_err(|m| m.0)
            } else {
                super_map_value(cf, &e.value)
            };
            if let Err(why) = valid {
                return Err(ApiError::invalid(format!(
                    "[{}]=[{}] failed value validation ({why})",
                    hex(&e.column_name),
                    hex(&e.value)
                )));
            }
        }
        if super_column.is_some() {
            return Err(ApiError::invalid(
                "super columns are not supported for indexing",
            ));
        }
        if range.count <= 0 {
            return Err(ApiError::invalid("maxRows must be positive"));
        }
        Ok(())
    });
    Some(checked)
}

/// A value checked as the map of a 3.x Super column family's table
/// (`MapType(subcomparator, values)`) in the native protocol's v3 framing:
/// an int count, then each key and value after its int size (a negative
/// size a null, which no type checks), nothing after the last.
fn super_map_value(cf: &CfDef, value: &[u8]) -> Result<(), String> {
    if value.is_empty() {
        return Ok(());
    }
    let short = || "Not enough bytes to read a map".to_string();
    let int = |rest: &mut &[u8]| -> Result<i32, String> {
        let (head, tail) = rest.split_first_chunk::<4>().ok_or_else(short)?;
        *rest = tail;
        Ok(i32::from_be_bytes(*head))
    };
    let mut rest = value;
    let count = int(&mut rest)?;
    let sub = cf.subcomparator.as_ref().unwrap_or(&cf.comparator);
    let values = &cf.options.default_validation_class;
    for _ in 0..count.max(0) {
        for ty in [sub, values] {
            let Ok(size) = usize::try_from(int(&mut rest)?) else {
                continue;
            };
            if rest.len() < size {
                return Err(short());
            }
            let (element, tail) = rest.split_at(size);
            rest = tail;
            ty.validate_for(element, crate::marshal::Dialect::V12)
                .map_err(|m| m.0)?;
        }
    }
    if !rest.is_empty() {
        return Err("Unexpected extraneous bytes after map value".to_string());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_super_row_filter_value_is_the_super_columns_map() {
        use crate::marshal::parse_type;
        let long = parse_type("LongType").unwrap();
        let mut cf = CfDef::new(
            "ks",
            "Sup",
            1000,
            parse_type("UTF8Type").unwrap(),
            Some(long.clone()),
        );
        cf.options.default_validation_class = long;
        let three = Release::find("3.0.24");
        let range = |name: &[u8], value: Vec<u8>, count| {
            let e = t::IndexExpression::new(name.to_vec(), t::IndexOperator::EQ, value);
            t::KeyRange::new(Vec::new(), Vec::new(), None, None, count, vec![e])
        };
        let check = |r: &t::KeyRange, sc: Option<&[u8]>| {
            super_row_filter(three, &cf, sc, r, |_| Ok(()))
                .unwrap()
                .map_err(|e| e.to_string())
        };
        let eight = 3i64.to_be_bytes().to_vec();
        let e = check(&range(b"birth", eight.clone(), 10), None).unwrap_err();
        assert!(e.contains("[6269727468]=[0000000000000003] failed value validation (Unexpected extraneous bytes after map value)"), "{e}");
        let e = check(&range(b"birth", vec![0, 1], 10), None).unwrap_err();
        assert!(e.contains("(Not enough bytes to read a map)"), "{e}");
        // one entry: a long key and a long value
        let mut map = 1i32.to_be_bytes().to_vec();
        for _ in 0..2 {
            map.extend(8i32.to_be_bytes());
            map.extend(&eight);
        }
        check(&range(b"birth", map.clone(), 10), None).unwrap();
        map[7] = 4;
        let e = check(&range(b"birth", map, 10), None).unwrap_err();
        assert!(e.contains("(Expected 8 or 0 byte long (4))"), "{e}");
        check(&range(b"value", eight.clone(), 10), None).unwrap();
        let e = check(&range(b"birth", Vec::new(), 10), Some(b"sc")).unwrap_err();
        assert!(
            e.contains("super columns are not supported for indexing"),
            "{e}"
        );
        let e = check(&range(b"birth", Vec::new(), 0), None).unwrap_err();
        assert!(e.contains("maxRows must be positive"), "{e}");
        assert!(super_row_filter(
            Release::find("2.2.19"),
            &cf,
            None,
            &range(b"birth", eight, 10),
            |_| Ok(())
        )
        .is_none());
    }
}
