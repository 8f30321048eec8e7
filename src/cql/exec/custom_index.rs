//! CREATE CUSTOM INDEX as 1.2 to 2.2 took it: the checks of `CUSTOM`, the
//! `USING` class and 2.0's index properties (`IndexPropDefs.validate`),
//! and the class then loaded where the index was made; 3.x's lookup of
//! the class in its schema check ([`loadable_3x`]).
//!
//! Owns those checks and the failure of a class no node of these releases
//! could load (this server loads no Java class); it must not decide where
//! the index goes (the caller's `create_index` does).

use crate::cql::ast::{IndexClass, PropertyValue};
use crate::cql::error::{CqlError, CqlResult};

/// The class a CREATE INDEX names when it is a valid CUSTOM one, `None` for
/// a plain index; `Err` in the words of the release's checks (1.2's
/// `CreateIndexStatement.validate`, 2.0's `IndexPropDefs.validate`).
pub(super) fn checked_class(using: &IndexClass) -> CqlResult<Option<String>> {
    for p in &using.properties {
        // `PropertyDefinitions.validate(keywords, obsolete)`: `options` only.
        if p.name != "options" {
            return Err(CqlError::invalid(format!("Unknown property '{}'", p.name)));
        }
    }
    if using.custom && using.class.is_none() {
        return Err(CqlError::invalid(
            "CUSTOM index requires specifiying the index class",
        ));
    }
    if !using.custom && using.class.is_some() {
        return Err(CqlError::invalid(
            "Cannot specify index class for a non-CUSTOM index",
        ));
    }
    if !using.custom && !using.properties.is_empty() {
        return Err(CqlError::invalid(
            "Cannot specify options for a non-CUSTOM index",
        ));
    }
    for p in &using.properties {
        match &p.value {
            PropertyValue::Map(entries) => {
                if entries.iter().any(|(k, _)| k == "class_name") {
                    return Err(CqlError::invalid(
                        "Cannot specify class_name as a CUSTOM option",
                    ));
                }
            }
            PropertyValue::Simple(_) => {
                return Err(CqlError::invalid(
                    "Invalid value for property 'options'. It should be a map.",
                ))
            }
        }
    }
    Ok(using.class.clone())
}

/// [`checked_class`] as 3.0's `IndexPropDefs.validate` made it: 2.0's
/// checks, then `target` refused among the options too (3.0 stores an
/// index's target as that option).
pub(super) fn checked_class_3x(using: &IndexClass) -> CqlResult<Option<String>> {
    let class = checked_class(using)?;
    let target = using.properties.iter().any(|p| {
        matches!(&p.value, PropertyValue::Map(entries) if entries.iter().any(|(k, _)| k == "target"))
    });
    if target {
        return Err(CqlError::invalid(
            "Cannot specify target as a CUSTOM option",
        ));
    }
    Ok(class)
}

/// The index made: `SecondaryIndex.createInstance` loaded the class with
/// `Class.forName` and wrapped its `ClassNotFoundException` in a
/// `RuntimeException`, which Thrift met as a failure on the server (the
/// connection closed).
pub(super) fn unloadable(class: &str) -> CqlError {
    CqlError::Failed(format!(
        "java.lang.RuntimeException: java.lang.ClassNotFoundException: {class}"
    ))
}

/// The class 3.x's schema check of a CUSTOM index looked up
/// (`IndexMetadata.validate`, `FBUtilities.classForName`): one it did not
/// ship failed the CREATE as an invalid request. Of the index classes 3.x
/// shipped, only SASI (3.4 on, `sasi`) is one a CUSTOM index names.
pub(super) fn loadable_3x(class: &str, sasi: bool) -> CqlResult<()> {
    if sasi && class == SASI {
        return Ok(());
    }
    Err(CqlError::invalid(format!(
        "Unable to find custom indexer class '{class}'"
    )))
}

/// The SSTable-attached index class 3.4 shipped.
const SASI: &str = "org.apache.cassandra.index.sasi.SASIIndex";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::ast::Property;

    fn using(custom: bool, class: Option<&str>, props: Vec<Property>) -> IndexClass {
        IndexClass {
            custom,
            class: class.map(str::to_string),
            properties: props,
        }
    }

    fn err(u: IndexClass) -> String {
        match checked_class(&u) {
            Err(CqlError::Invalid(m)) => m,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn plain_and_custom_classes() {
        assert_eq!(checked_class(&using(false, None, vec![])), Ok(None));
        assert_eq!(
            checked_class(&using(true, Some("a.B"), vec![])),
            Ok(Some("a.B".into()))
        );
        assert_eq!(
            err(using(true, None, vec![])),
            "CUSTOM index requires specifiying the index class"
        );
        assert_eq!(
            err(using(false, Some("a.B"), vec![])),
            "Cannot specify index class for a non-CUSTOM index"
        );
    }

    #[test]
    fn three_oh_checks_the_class_and_the_target_option() {
        // Recorded (rel_index_targets): 3.0.24 and 3.11.10.
        let err3 = |u: IndexClass| match checked_class_3x(&u) {
            Err(CqlError::Invalid(m)) => m,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            err3(using(true, None, vec![])),
            "CUSTOM index requires specifiying the index class"
        );
        let opts = |k: &str| Property {
            name: "options".into(),
            value: PropertyValue::Map(vec![(k.into(), "1".into())]),
        };
        assert_eq!(
            err3(using(true, Some("a.B"), vec![opts("target")])),
            "Cannot specify target as a CUSTOM option"
        );
        assert_eq!(
            checked_class_3x(&using(true, Some("a.B"), vec![opts("x")])),
            Ok(Some("a.B".into()))
        );
        assert_eq!(checked_class_3x(&using(false, None, vec![])), Ok(None));
    }

    #[test]
    fn properties() {
        let opts = |k: &str| Property {
            name: "options".into(),
            value: PropertyValue::Map(vec![(k.into(), "1".into())]),
        };
        assert_eq!(
            checked_class(&using(true, Some("a.B"), vec![opts("x")])),
            Ok(Some("a.B".into()))
        );
        assert_eq!(
            err(using(false, None, vec![opts("x")])),
            "Cannot specify options for a non-CUSTOM index"
        );
        assert_eq!(
            err(using(true, Some("a.B"), vec![opts("class_name")])),
            "Cannot specify class_name as a CUSTOM option"
        );
        let other = Property {
            name: "refresh".into(),
            value: PropertyValue::Simple("1".into()),
        };
        assert_eq!(
            err(using(true, Some("a.B"), vec![other])),
            "Unknown property 'refresh'"
        );
    }

    #[test]
    fn a_class_3x_did_not_ship_is_not_found() {
        assert_eq!(
            loadable_3x("com.stratio.cassandra.lucene.Index", true),
            Err(CqlError::invalid(
                "Unable to find custom indexer class 'com.stratio.cassandra.lucene.Index'"
            ))
        );
        assert_eq!(loadable_3x(SASI, true), Ok(()));
        assert!(loadable_3x(SASI, false).is_err());
    }
}
