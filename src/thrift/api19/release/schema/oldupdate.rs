//! What 1.0's `system_update_column_family` did before it validated the
//! CfDef: it looked the column family up ("Could not find column family
//! definition to modify.") and then named the CfDef's unnamed indexes
//! (`CFMetaData.addDefaultIndexNames`) with the sent comparator's
//! `getString`, whose refusal was no `InvalidRequestException`: the call
//! failed on the server. It must not apply the change.

use crate::node::Node;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// 1.0's lookup and index naming, ahead of `ThriftValidation.validateCfDef`.
pub fn check_before_validation(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if !node
        .release
        .is_some_and(|r| r.at_least(1, 0) && !r.at_least(1, 1))
    {
        return Ok(());
    }
    if node.schema().cf(&def.keyspace, &def.name).is_none() {
        return Err(ApiError::invalid(
            "Could not find column family definition to modify.",
        ));
    }
    let sent = def.comparator_type.as_deref().unwrap_or("BytesType");
    let Ok(comparator) = crate::marshal::parse_type(sent) else {
        return Ok(());
    };
    for c in def.column_metadata.iter().flatten() {
        if c.index_type.is_some() && c.index_name.is_none() {
            if let Some(why) = crate::schema::get_string_refusal(&comparator, &c.name) {
                return Err(ApiError::Internal(why));
            }
        }
    }
    Ok(())
}
