//! A replication strategy whose constructor threw, as 0.8 to 1.1 met it:
//! `AbstractReplicationStrategy.createReplicationStrategy` rethrew what
//! the constructor threw (NetworkTopologyStrategy's `Integer.valueOf` of a
//! data centre's factor, its refusal of `replication_factor`) unchecked,
//! so `system_add_keyspace` and `system_update_keyspace` failed on the
//! server (0.8, 1.0: `Internal error`; 1.1: the connection closed). 1.2
//! refused it as `Error constructing replication strategy class`.

use crate::node::Node;
use crate::release::Behaviour;
use crate::thrift::error::ApiError;

/// The schema's refusal of a strategy its constructor refused (1.2's words).
const NOT_CONSTRUCTED: &str = "Error constructing replication strategy class";

/// `err`, or the server failure of a release whose strategy constructor
/// failure went unchecked (`Behaviour::StrategyConstructorFailsOnServer`).
pub fn refusal(node: &Node, err: ApiError) -> ApiError {
    let fails = node
        .release
        .is_some_and(|r| r.does(Behaviour::StrategyConstructorFailsOnServer));
    match err {
        ApiError::InvalidRequest(why) if fails && why == NOT_CONSTRUCTED => {
            crate::thrift::api19::release::server_failure(node, format!("RuntimeException: {why}"))
        }
        e => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes::as_release as node_as;

    #[test]
    fn a_strategy_not_constructed_fails_on_the_server_on_0_8_to_1_1() {
        let refused = || ApiError::invalid(NOT_CONSTRUCTED);
        for v in ["0.8.10", "1.0.12"] {
            assert!(matches!(
                refusal(&node_as(v), refused()),
                ApiError::Internal(_)
            ));
        }
        assert!(matches!(
            refusal(&node_as("1.1.12"), refused()),
            ApiError::Dropped(_)
        ));
        assert!(matches!(
            refusal(&node_as("1.2.9"), refused()),
            ApiError::InvalidRequest(_)
        ));
        let other = ApiError::invalid("Replication factor must be non-negative; found -1");
        assert!(matches!(
            refusal(&node_as("1.0.12"), other),
            ApiError::InvalidRequest(_)
        ));
    }
}
