//! The one place typed errors become Thrift exceptions.
//!
//! API code returns [`ApiError`]; [`ApiError::into_thrift`] turns it into the
//! `thrift::Error` the generated processor writes: a declared exception
//! (`User`) or a TApplicationException (`Application`). Nothing else in the
//! front end builds exceptions by hand.
//!
//! Primed faults ([`crate::node::calls::faults`]) become the exception structs of
//! the call's generation here too ([`fault_reply`]), in the result field
//! its method declares them in.

use crate::auth::AuthError;
use crate::marshal::MarshalError;
use crate::node::{Acknowledged, NodeError};
use crate::thrift::gen::cassandra06 as t06;
use crate::thrift::wire::bounded::OverBudget;
use thrift::{ApplicationError, ApplicationErrorKind};

/// Why a call failed, in the terms of the Thrift API.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// InvalidRequestException with Cassandra's `why`.
    #[error("invalid request: {0}")]
    InvalidRequest(String),
    /// NotFoundException (no fields).
    #[error("not found")]
    NotFound,
    /// UnavailableException: not enough replicas (never on one node, kept for completeness of the API).
    #[error("unavailable")]
    Unavailable,
    /// TimedOutException: the storage did not answer in time; what a
    /// cluster said of the replicas that acknowledged a write goes into
    /// 19.x's fields.
    #[error("timed out")]
    TimedOut(Acknowledged),
    #[error("authentication failed: {0}")]
    Authentication(String),
    #[error("authorization failed: {0}")]
    Authorization(String),
    /// Anything the client did not cause. Logged; the client sees Cassandra's
    /// "Internal error processing <method>".
    #[error("internal error: {0}")]
    Internal(String),
    /// A TApplicationException PROTOCOL_ERROR with this message.
    #[error("protocol error: {0}")]
    Protocol(String),
    /// A call 1.2 failed with an uncaught exception, so that its Thrift
    /// server closed the connection without a reply (recorded by the 1.2.9
    /// conformance cases). The front end closes the connection too; should
    /// a reply be written anyway, it is the internal-error one.
    #[error("connection dropped: {0}")]
    Dropped(String),
    /// A read in a no-wait attempt would have waited on the disk
    /// (`NodeError::WouldBlock`). The handlers record it in the session
    /// (`Session::would_block`) as they finish the call, and the server
    /// runs the call again on the blocking pool; what is converted here
    /// is never sent.
    #[error("read would wait: {0}")]
    WouldBlock(String),
}

pub type ApiResult<T> = Result<T, ApiError>;

/// The node's failures as Thrift answers: a write that could not be made
/// durable is 1.2's `TimedOutException` (a replica that never replied).
impl From<NodeError> for ApiError {
    fn from(e: NodeError) -> Self {
        match e {
            NodeError::Invalid(why) => ApiError::InvalidRequest(why),
            // One node that could not write acknowledged nothing.
            NodeError::Unwritable(_) => ApiError::TimedOut(Acknowledged {
                by: Some(0),
                by_batchlog: None,
            }),
            NodeError::Internal(detail) => ApiError::Internal(detail),
            NodeError::FailedOnServer(why) => ApiError::Dropped(why),
            NodeError::WouldBlock(detail) => ApiError::WouldBlock(detail),
            NodeError::Unavailable { .. } => ApiError::Unavailable,
            NodeError::TimedOut { acknowledged, .. } => ApiError::TimedOut(acknowledged),
        }
    }
}

impl ApiError {
    pub fn invalid(why: impl Into<String>) -> Self {
        ApiError::InvalidRequest(why.into())
    }

    /// The Thrift form of this error for a call of `method`.
    pub fn into_thrift(self, method: &str) -> thrift::Error {
        match self {
            ApiError::InvalidRequest(why) => {
                thrift::Error::User(Box::new(t06::InvalidRequestException::new(why)))
            }
            ApiError::NotFound => thrift::Error::User(Box::new(t06::NotFoundException::new())),
            ApiError::Unavailable => {
                thrift::Error::User(Box::new(t06::UnavailableException::new()))
            }
            ApiError::TimedOut(_) => thrift::Error::User(Box::new(t06::TimedOutException::new())),
            ApiError::Authentication(why) => {
                thrift::Error::User(Box::new(t06::AuthenticationException::new(why)))
            }
            ApiError::Authorization(why) => {
                thrift::Error::User(Box::new(t06::AuthorizationException::new(why)))
            }
            ApiError::Internal(detail) | ApiError::Dropped(detail) => {
                tracing::error!(method, %detail, "internal error");
                internal_error(method)
            }
            // Never sent: the server answers the call again (see the variant).
            ApiError::WouldBlock(_) => internal_error(method),
            ApiError::Protocol(msg) => thrift::Error::Application(application_error(
                ApplicationErrorKind::ProtocolError,
                msg,
            )),
        }
    }
}

impl From<AuthError> for ApiError {
    fn from(e: AuthError) -> Self {
        match e {
            AuthError::Authentication(why) => ApiError::Authentication(why),
            AuthError::Authorization(why) => ApiError::Authorization(why),
            AuthError::Internal(detail) => ApiError::Internal(detail),
        }
    }
}

impl From<MarshalError> for ApiError {
    fn from(e: MarshalError) -> Self {
        ApiError::InvalidRequest(e.0)
    }
}

impl From<OverBudget> for ApiError {
    fn from(e: OverBudget) -> Self {
        ApiError::Protocol(e.to_string())
    }
}

/// Cassandra's TApplicationException for a failure of the node in `method`.
pub(crate) fn internal_error(method: &str) -> thrift::Error {
    thrift::Error::Application(application_error(
        ApplicationErrorKind::InternalError,
        format!("Internal error processing {method}"),
    ))
}

pub fn application_error(
    kind: ApplicationErrorKind,
    message: impl Into<String>,
) -> ApplicationError {
    ApplicationError::new(kind, message.into())
}

pub(crate) mod declared;
mod fault;
pub use fault::{fault_carried, fault_reply};

#[cfg(test)]
#[path = "error_tests.rs"]
mod tests;
