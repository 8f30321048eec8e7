//! Column family changes the schema took and the release then failed on
//! (an uncaught exception once the migration had put the definition in
//! the schema: the call answered `Internal error`, the definition stays
//! described). It must not refuse a change before the schema takes it.
//! 1.0's stores failing on their compaction thresholds are
//! [`super::stores`]'.

use crate::node::Node;
use crate::release::Behaviour;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// The failure of a column family change the schema took, when the CfDef
/// gave a negative row or key cache size to a release whose store then
/// failed to size its cache (`Behaviour::NegativeCacheSizeFails`).
pub fn cache_size_failure(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::NegativeCacheSizeFails))
    {
        return Ok(());
    }
    let negative = [def.row_cache_size, def.key_cache_size]
        .into_iter()
        .flatten()
        .any(|size| size.0 < 0.0);
    match negative {
        true => Err(ApiError::Internal(format!(
            "a negative cache size for {}",
            def.name
        ))),
        false => Ok(()),
    }
}
