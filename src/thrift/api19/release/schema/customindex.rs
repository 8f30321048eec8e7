//! A CUSTOM index's class as 1.0 to 2.2 loaded it: their validation of a
//! CfDef made the index (`SecondaryIndex.createInstance`), whose
//! `Class.forName` failure was rethrown unchecked, so the call failed on
//! the server before the schema changed (1.0: `Internal error`; 1.1 to 2.2,
//! whose `CFMetaData.validate` made it the same way: the connection
//! closed). 3.0 refused it in words (the schema's own).

use crate::node::Node;
use crate::release::Behaviour;
use crate::thrift::error::ApiError;

/// The schema's refusal of a custom index class it could not load, before
/// the class name.
const NOT_FOUND: &str = "Unable to find custom indexer class '";

/// `err`, or the server failure a release that loaded the class in its
/// validation answered instead (`Behaviour::CustomIndexClassFailsOnServer`).
pub fn refusal(node: &Node, err: ApiError) -> ApiError {
    let fails = node
        .release
        .is_some_and(|r| r.does(Behaviour::CustomIndexClassFailsOnServer));
    match err {
        ApiError::InvalidRequest(why) if fails && why.starts_with(NOT_FOUND) => {
            crate::thrift::api19::release::server_failure(
                node,
                format!("ClassNotFoundException: {why}"),
            )
        }
        e => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes::as_release as node_as;

    fn refused() -> ApiError {
        ApiError::invalid("Unable to find custom indexer class 'org.example.Idx'")
    }

    #[test]
    fn a_custom_class_fails_on_the_server_from_1_0_to_2_2() {
        assert!(matches!(
            refusal(&node_as("1.0.12"), refused()),
            ApiError::Internal(_)
        ));
        assert!(matches!(
            refusal(&node_as("1.1.12"), refused()),
            ApiError::Dropped(_)
        ));
        assert!(matches!(
            refusal(&node_as("2.2.19"), refused()),
            ApiError::Dropped(_)
        ));
        assert!(matches!(
            refusal(&node_as("3.0.24"), refused()),
            ApiError::InvalidRequest(_)
        ));
        // other refusals pass through
        let other = ApiError::invalid("Required index option missing: class_name");
        assert!(matches!(
            refusal(&node_as("1.0.12"), other),
            ApiError::InvalidRequest(_)
        ));
    }
}
