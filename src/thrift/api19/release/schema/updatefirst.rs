//! 0.7 to 1.0's checks of an updated CfDef made before its id was compared
//! with the column family's (`ThriftValidation.validateCfDef`, and 0.7's
//! `UpdateColumnFamily` constructor, ahead of `CFMetaData.apply`): a type
//! class no release had, an index named without an index type, an index
//! name that is not a word. An update sending no id (a hand-built CfDef)
//! met these first; later releases built the definition before judging it.
//!
//! Refusals are in 1.2's words, which the old releases' rewording turns
//! into theirs. It must not change the schema.

use crate::node::Node;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// The type classes of `def`, in the order validateCfDef loaded them.
fn classes(def: &t::CfDef) -> impl Iterator<Item = &String> {
    [
        &def.comparator_type,
        &def.subcomparator_type,
        &def.default_validation_class,
    ]
    .into_iter()
    .flatten()
    .chain(
        def.column_metadata
            .iter()
            .flatten()
            .map(|c| &c.validation_class),
    )
}

/// A class the type registry does not know, in its words.
pub fn check_classes(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if node.release.is_none_or(|r| r.at_least(1, 1)) {
        return Ok(());
    }
    match classes(def).find_map(|c| crate::marshal::parse_type(c).err()) {
        Some(e) => Err(ApiError::invalid(e.0)),
        None => Ok(()),
    }
}

/// An index name without an index type, then one that is not a word.
pub fn check_index_names(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if node.release.is_none_or(|r| r.at_least(1, 1)) {
        return Ok(());
    }
    let columns = || def.column_metadata.iter().flatten();
    if columns().any(|c| c.index_type.is_none() && c.index_name.is_some()) {
        return Err(ApiError::invalid(
            "Index name cannot be set without index type",
        ));
    }
    // (0.7 judged the names in UpdateColumnFamily, once the column family
    // was found.)
    let found = node.schema().cf(&def.keyspace, &def.name).is_some();
    if !found && !node.release.is_some_and(|r| r.at_least(0, 8)) {
        return Ok(());
    }
    let word = |n: &str| !n.is_empty() && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    match columns()
        .filter_map(|c| c.index_name.as_deref())
        .find(|n| !word(n))
    {
        Some(name) => Err(ApiError::invalid(format!("Illegal index name {name}"))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes::as_release as node_as;

    fn def() -> t::CfDef {
        crate::thrift::api19::defs::cf_def(&crate::schema::CfSpec::new("ks", "A"))
    }

    #[test]
    fn before_1_1_an_update_is_judged_before_its_id() {
        let mut d = def();
        d.default_validation_class = Some("NoSuchType".into());
        let e = check_classes(&node_as("0.7.10"), &d).unwrap_err();
        assert!(e.to_string().contains("NoSuchType"), "{e}");
        assert!(check_classes(&node_as("1.1.12"), &d).is_ok());
        let mut d = def();
        d.column_metadata = Some(vec![t::ColumnDef::new(
            b"a".to_vec(),
            "UTF8Type".to_string(),
            None,
            Some("named".to_string()),
            None,
        )]);
        assert!(check_index_names(&node_as("1.0.12"), &d).is_err());
        assert!(check_index_names(&node_as("1.1.12"), &d).is_ok());
        d.column_metadata.as_mut().unwrap()[0].index_type = Some(t::IndexType(0));
        d.column_metadata.as_mut().unwrap()[0].index_name = Some("bad name".into());
        let e = check_index_names(&node_as("0.8.10"), &d).unwrap_err();
        assert_eq!(e, ApiError::invalid("Illegal index name bad name"));
    }
}
