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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes;
    use crate::release::Release;
    use crate::thrift::api19::batch::new_batch;
    use t::ConsistencyLevel as Cl;

    fn node_as(version: &str) -> Node {
        let mut node = test_nodes::Kit::default().node();
        node.release = Release::find(version);
        node
    }

    /// A batch without keyspace of these rows, each with these lists.
    fn answer(node: &Node, rows: &[(&str, &[&str])], cl: Cl) -> Option<Result<(), ApiError>> {
        let mut batch = new_batch(node, None, false);
        for (key, cfs) in rows {
            batch.key(key.as_bytes().to_vec()).unwrap();
            for cf in *cfs {
                batch.column_family(cf.to_string()).unwrap();
                batch.end_column_family();
            }
        }
        if let Some(e) = key_before_keyspace(node, &batch) {
            return Some(Err(e));
        }
        batch_of_no_lists(node, &batch, cl)
    }

    #[test]
    fn an_empty_map_writes_nothing_a_row_fails_the_write() {
        let node = node_as("0.7.10");
        let internal =
            |r: Option<Result<(), ApiError>>| matches!(r, Some(Err(ApiError::Internal(_))));
        assert_eq!(answer(&node, &[], Cl::ONE), Some(Ok(())));
        assert_eq!(answer(&node, &[], Cl::ANY), Some(Ok(())));
        assert!(internal(answer(&node, &[], Cl::LOCAL_QUORUM)));
        assert!(internal(answer(&node, &[("r6", &[])], Cl::ONE)));
        assert!(internal(answer(
            &node,
            &[("r6", &[]), ("r7", &[])],
            Cl::ONE
        )));
        assert_eq!(
            answer(&node, &[("", &[])], Cl::ONE),
            Some(Err(ApiError::invalid("Key may not be empty")))
        );
        // A list (an empty one too) asks for the keyspace.
        assert_eq!(answer(&node, &[("r7", &["Std"])], Cl::ONE), None);
        assert_eq!(
            answer(&node, &[("r6", &[]), ("r7", &["Std"])], Cl::ONE),
            None
        );
    }

    #[test]
    fn later_releases_refuse_the_keyspace_first() {
        for v in ["0.8.10", "1.0.12", "1.1.12", "1.2.9"] {
            let node = node_as(v);
            assert_eq!(answer(&node, &[], Cl::ONE), None, "{v}");
            assert_eq!(answer(&node, &[("r6", &[])], Cl::ONE), None, "{v}");
        }
    }
}
