//! Why an explorer request failed. The admin surface turns these into its
//! JSON errors in one place (`admin::explorer`); the explorer knows no HTTP.

use crate::node::NodeError;

#[derive(Debug, thiserror::Error)]
pub enum ExplorerError {
    /// A parameter or body the explorer cannot use (400).
    #[error("{0}")]
    BadRequest(String),
    /// No such keyspace, column family, partition or route (404).
    #[error("{0}")]
    NotFound(String),
    /// The node failed to read (500).
    #[error("{0}")]
    Internal(String),
}

impl From<NodeError> for ExplorerError {
    fn from(e: NodeError) -> Self {
        match e {
            NodeError::Invalid(why) => ExplorerError::BadRequest(why),
            other => ExplorerError::Internal(other.to_string()),
        }
    }
}

pub type ExplorerResult<T> = Result<T, ExplorerError>;
