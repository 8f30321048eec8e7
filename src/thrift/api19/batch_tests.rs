//! 0.7's `batch_mutate` before `set_keyspace` on batches this module
//! builds (see `release::writes::unset`).

use super::new_batch;
use crate::node::Node;
use crate::thrift::api19::release::writes::unset::{batch_of_no_lists, key_before_keyspace};
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;
use t::ConsistencyLevel as Cl;

use crate::node::test_nodes::as_release as node_as;

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
    let internal = |r: Option<Result<(), ApiError>>| matches!(r, Some(Err(ApiError::Internal(_))));
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
