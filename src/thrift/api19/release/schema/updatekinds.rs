//! 0.8 and 1.0's `system_update_column_family` and `CFMetaData.validate`'s
//! checks of counter and plain columns (a counter comparator or key
//! validator, a column of the other kind than its family): 0.8 built the
//! update without them (`convertToAvro`, taken); 1.0 ran them in
//! `fromThrift`, whose refusal it rethrew unchecked (an internal error);
//! 1.1 on refused them as the schema does. It must not apply the change.

use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::CfSpec;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// Marks `spec` as built without `CFMetaData.validate` where the release
/// built it so (`Behaviour::UpdateKindsUnchecked`).
pub fn mark(node: &Node, spec: &mut CfSpec) {
    spec.counter_kinds_unchecked = node
        .release
        .is_some_and(|r| r.does(Behaviour::UpdateKindsUnchecked));
}

/// 1.0's `fromThrift(cf_def).validate()` of an update, after its cache
/// provider and compaction strategy were loaded: a refusal failed the call
/// on the server (`Behaviour::UpdateConversionFailsInternally`).
pub fn check_converted(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::UpdateConversionFailsInternally))
    {
        return Ok(());
    }
    match crate::schema::counter_kinds_refusal(&crate::thrift::api19::defs::cf_spec(def)) {
        Some(why) => Err(ApiError::Internal(why)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use crate::schema::{counter_kinds_refusal, CfSpec, ColumnSpec};

    fn spec(default: &str, column: &str) -> CfSpec {
        CfSpec {
            keyspace: "ks".into(),
            name: "cf".into(),
            comparator_type: Some("AsciiType".into()),
            default_validation_class: Some(default.into()),
            column_metadata: Some(vec![ColumnSpec {
                name: b"c".to_vec(),
                validation_class: Some(column.into()),
                ..ColumnSpec::default()
            }]),
            ..CfSpec::default()
        }
    }

    #[test]
    fn validate_refuses_a_column_of_the_other_kind() {
        assert_eq!(
            counter_kinds_refusal(&spec("CounterColumnType", "UTF8Type")).as_deref(),
            Some("Cannot add a non counter column (c) in a counter column family")
        );
        assert_eq!(
            counter_kinds_refusal(&spec("UTF8Type", "CounterColumnType")).as_deref(),
            Some("Cannot add a counter column (c) in a non counter column family")
        );
        assert_eq!(counter_kinds_refusal(&spec("UTF8Type", "LongType")), None);
    }
}
