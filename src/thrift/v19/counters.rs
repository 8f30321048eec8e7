//! Counter updates (`add`, counter mutations in `batch_mutate`) on an engine
//! without counter cells: each counter is a cell holding its 8-byte
//! big-endian total. An update reads the current totals and writes the new
//! ones under the node's counter lock, with a server timestamp (1.2 also
//! ignored client timestamps for counters). Deletes are tombstones at the
//! same clock, so a counter deleted and then incremented restarts from zero.
//!
//! Requests are validated before they reach this module.

use super::convert::counter_value;
use crate::storage::model::{Cell, Op, ReadCommand, RowMutation, RowResult, Slice};
use crate::thrift::error::ApiResult;
use crate::thrift::node::Node;
use std::collections::BTreeMap;

/// One counter increment: (row key, CF, super column, name, delta).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Increment {
    pub key: Vec<u8>,
    pub cf: String,
    pub super_column: Option<Vec<u8>>,
    pub name: Vec<u8>,
    pub delta: i64,
}

/// Where a counter lives: (row key, CF, super column, name).
type Slot = (Vec<u8>, String, Option<Vec<u8>>, Vec<u8>);

/// Applies increments (Java long arithmetic: totals wrap on overflow).
pub fn add(node: &Node, ks: &str, increments: &[Increment]) -> ApiResult<()> {
    let _guard = node.dynamic.counter_guard();
    // Same counter twice in one call: the deltas add up.
    let mut totals: BTreeMap<Slot, i64> = BTreeMap::new();
    for inc in increments {
        let slot = (
            inc.key.clone(),
            inc.cf.clone(),
            inc.super_column.clone(),
            inc.name.clone(),
        );
        let total = match totals.get(&slot) {
            Some(t) => *t,
            None => current(node, ks, inc)?,
        };
        totals.insert(slot, total.wrapping_add(inc.delta));
    }
    let ts = node.dynamic.counter_timestamp();
    let rows: Vec<RowMutation> = totals
        .into_iter()
        .map(|((key, cf, super_column, name), total)| RowMutation {
            keyspace: ks.to_string(),
            key,
            updates: vec![(
                cf,
                vec![Op::Put {
                    super_column,
                    cell: Cell::live(name, total.to_be_bytes().to_vec(), ts),
                }],
            )],
        })
        .collect();
    node.apply_batch(&rows)
}

fn current(node: &Node, ks: &str, inc: &Increment) -> ApiResult<i64> {
    let cmd = ReadCommand {
        keyspace: ks.to_string(),
        cf: inc.cf.clone(),
        super_column: inc.super_column.clone(),
        slice: Slice::Names(vec![inc.name.clone()]),
    };
    let now = node.now();
    Ok(match node.read(&cmd, &inc.key)? {
        RowResult::Cells(cells) => cells
            .iter()
            .find(|c| c.is_live(now))
            .map(counter_value)
            .unwrap_or(0),
        RowResult::SuperColumns(_) => 0,
    })
}
