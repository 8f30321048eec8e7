//! The errors the CQL3 front end reports, worded as Cassandra 1.2 worded them.
//!
//! Owns only the error type; it must not decide which Thrift exception a
//! caller raises (the server maps both variants to `InvalidRequestException`,
//! whose `why` is this error's `Display`).

/// A CQL statement was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CqlError {
    /// The text did not parse. `line`/`column` follow ANTLR 3: line from 1,
    /// column from 0 (in characters); the end of input is reported as `0:-1`.
    #[error("line {line}:{column} {message}")]
    Syntax {
        line: i32,
        column: i32,
        message: String,
    },
    /// The statement parsed but is not valid for the schema or the values.
    #[error("{0}")]
    Invalid(String),
    /// The statement passed its checks and the release then failed it on
    /// the server (an uncaught exception in its storage call); the front
    /// end answers as the release's server did.
    #[error("failed on the server: {0}")]
    Failed(String),
    /// The session may not run the statement (Thrift answers it as an
    /// invalid request, the native protocol as UNAUTHORIZED).
    #[error("{0}")]
    Unauthorized(String),
    /// Too few live replicas for the statement's consistency level.
    #[error("unavailable: {0}")]
    Unavailable(String),
}

impl CqlError {
    pub(crate) fn invalid(msg: impl Into<String>) -> Self {
        CqlError::Invalid(msg.into())
    }

    /// A statement named a column its table lacks (every release's wording).
    pub(crate) fn unknown_identifier(column: &str) -> Self {
        CqlError::Invalid(format!("Unknown identifier {column}"))
    }
}

/// Shorthand for results in this module.
pub type CqlResult<T> = Result<T, CqlError>;
