//! Counter updates (`add`, counter mutations in `batch_mutate`) as the
//! engine's increments (`Op::CounterAdd`): the engine adds them up, so no
//! read-modify-write and no lock is needed here. Increments and counter
//! deletes carry the node's counter clock (1.2 also ignored client
//! timestamps for counters); what an increment meets of an earlier
//! deletion is the node's rule, per release (see `Node::counter_timestamp`
//! and the node's counters module).
//!
//! Requests are validated before they reach this module.

use crate::model::{Op, RowMutation};
use crate::node::Node;
use crate::thrift::error::{ApiError, ApiResult};

/// One counter increment: (row key, CF, super column, name, delta).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Increment {
    pub key: Vec<u8>,
    pub cf: String,
    pub super_column: Option<Vec<u8>>,
    pub name: Vec<u8>,
    pub delta: i64,
}

/// Applies increments with one engine call (totals wrap on overflow, as
/// Java's long arithmetic did).
pub fn add(node: &Node, ks: &str, increments: &[Increment]) -> ApiResult<()> {
    if increments.is_empty() {
        return Ok(());
    }
    let ts = node.counter_timestamp();
    let rows: Vec<RowMutation> = increments
        .iter()
        .map(|inc| RowMutation {
            keyspace: ks.to_string(),
            key: inc.key.clone(),
            updates: vec![(
                inc.cf.clone(),
                vec![Op::CounterAdd {
                    super_column: inc.super_column.clone(),
                    name: inc.name.clone(),
                    delta: inc.delta,
                    timestamp: ts,
                }],
            )],
        })
        .collect();
    node.apply_batch(&rows).map_err(ApiError::from)
}
