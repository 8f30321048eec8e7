//! A batch before `set_keyspace`, as 0.7 answered it: no check asked for
//! the keyspace before each column family list's access, so a row key's
//! refusal could come first, and a map of no list passed every check.
//! Nothing here answers for another release.

use crate::node::Node;
use crate::release::Behaviour;
use crate::thrift::batch::{Batch, Rules};
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

fn does(node: &Node, behaviour: Behaviour) -> bool {
    node.release.is_some_and(|r| r.does(behaviour))
}

/// 0.7's `batch_mutate` without a session keyspace: it checked each row's
/// key, in the map's order, before the first column family's access (which
/// found no keyspace), so an invalid key ahead of any list is the refusal.
pub fn key_before_keyspace<R: Rules>(node: &Node, batch: &Batch<R>) -> Option<ApiError> {
    if !does(node, Behaviour::MessagesOf07) {
        return None;
    }
    batch.key_error_before_lists()
}

/// The answer to 0.7's `batch_mutate` without a session keyspace whose map
/// holds no column family list (its keys passed [`key_before_keyspace`]),
/// at a level the release had: nothing asked for the keyspace, so the
/// rows became mutations of the `null` keyspace, which failed to open as
/// the write began (`Table.open`: an internal error); with no row, only
/// LOCAL_QUORUM and EACH_QUORUM opened it (for its strategy), and any
/// other level wrote nothing. `None` where the map has a list (the
/// keyspace's refusal).
pub fn batch_of_no_lists<R: Rules>(
    node: &Node,
    batch: &Batch<R>,
    cl: t::ConsistencyLevel,
) -> Option<Result<(), ApiError>> {
    if !does(node, Behaviour::BatchOfNoListsWithoutKeyspace) || !batch.column_families().is_empty()
    {
        return None;
    }
    let by_strategy = matches!(
        cl,
        t::ConsistencyLevel::LOCAL_QUORUM | t::ConsistencyLevel::EACH_QUORUM
    );
    if batch.has_rows() || by_strategy {
        return Some(Err(ApiError::Internal(
            "Table.open of the null keyspace (no set_keyspace)".to_string(),
        )));
    }
    Some(Ok(()))
}
