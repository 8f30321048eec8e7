//! Column family changes the schema took and the release then failed on
//! (an uncaught exception once the migration had put the definition in
//! the schema: the call answered `Internal error`, the definition stays
//! described). It must not refuse a change before the schema takes it.

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

/// The failure of a column family added with a minimum compaction
/// threshold above its maximum (other than 0) that its validation let
/// through (0.8 and 1.0 checked the thresholds only in a CfDef with column
/// metadata, `Behaviour::CompactionThresholdsAsSent`): 1.0's
/// `SizeTieredCompactionStrategy`, made as the store opened, set the
/// store's minimum (`ColumnFamilyStore.setMinimumCompactionThreshold`),
/// which threw. `LeveledCompactionStrategy` set a minimum of 1; 0.8 had no
/// compaction strategies.
pub fn threshold_failure(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::CompactionThresholdsAsSent) && r.at_least(1, 0))
    {
        return Ok(());
    }
    let leveled = def
        .compaction_strategy
        .as_deref()
        .is_some_and(|c| c.ends_with("LeveledCompactionStrategy"));
    let min = def.min_compaction_threshold.unwrap_or(4);
    let max = def.max_compaction_threshold.unwrap_or(32);
    match !leveled && min > max && max != 0 {
        true => Err(ApiError::Internal(format!(
            "the minimum compaction threshold of {} is above its maximum",
            def.name
        ))),
        false => Ok(()),
    }
}
