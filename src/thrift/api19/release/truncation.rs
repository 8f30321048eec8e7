//! What a `truncate` of a column family the schema lacks answered before
//! the releases checked its names: the call asked every live node to
//! truncate it, and what those nodes did with a name they did not know
//! decided the answer. Recorded in `conformance/releases/<V>/rel_truncate*`.

use crate::node::Node;
use crate::release::Behaviour;
use crate::thrift::error::ApiError;

fn does(node: &Node, behaviour: Behaviour) -> bool {
    node.release.is_some_and(|r| r.does(behaviour))
}

/// `truncate` of a column family the keyspace lacks: 0.7 asked every live
/// node for it and found none (UnavailableException); 0.8 to 1.2 had
/// nothing to truncate.
pub fn truncate_unknown(node: &Node) -> Result<(), ApiError> {
    if does(node, Behaviour::TruncateUnknownUnavailable) {
        return Err(ApiError::Unavailable);
    }
    Ok(())
}

/// `truncate` in a session keyspace the schema no longer holds: before 1.2
/// the nodes failed to open it and never answered, so the call timed out
/// (answered as UnavailableException before 1.1). From 1.2 the name is
/// checked first (`None`: the caller refuses it).
pub fn truncate_in_dropped_keyspace(node: &Node) -> Option<ApiError> {
    if !does(node, Behaviour::TruncateOfDroppedKeyspaceTimesOut) {
        return None;
    }
    Some(timed_out(node))
}

/// A truncate's timeout in the release's exception.
fn timed_out(node: &Node) -> ApiError {
    if does(node, Behaviour::TruncateTimeoutUnavailable) {
        ApiError::Unavailable
    } else {
        ApiError::TimedOut(Default::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes;
    use crate::release::Release;

    fn node(version: &str) -> Node {
        let mut node = test_nodes::Kit::default().node();
        node.release = Release::find(version);
        node
    }

    #[test]
    fn a_dropped_keyspace_times_out_before_1_2() {
        assert!(matches!(
            truncate_in_dropped_keyspace(&node("0.7.10")),
            Some(ApiError::Unavailable)
        ));
        assert!(matches!(
            truncate_in_dropped_keyspace(&node("1.0.12")),
            Some(ApiError::Unavailable)
        ));
        assert!(matches!(
            truncate_in_dropped_keyspace(&node("1.1.12")),
            Some(ApiError::TimedOut(_))
        ));
        assert!(truncate_in_dropped_keyspace(&node("1.2.9")).is_none());
    }

    #[test]
    fn an_unknown_column_family_is_unavailable_on_0_7_only() {
        assert!(matches!(
            truncate_unknown(&node("0.7.10")),
            Err(ApiError::Unavailable)
        ));
        assert!(truncate_unknown(&node("0.8.10")).is_ok());
    }
}
