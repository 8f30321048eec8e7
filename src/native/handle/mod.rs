//! What each native message does, once decoded: [`conn`] a connection's
//! protocol state (STARTUP, OPTIONS, the login, REGISTER), [`query`]
//! QUERY, PREPARE and EXECUTE through the CQL3 executor, [`batch`] BATCH
//! messages, [`dispatch`] one request frame in and one response out, and
//! [`error`] the one mapping of typed errors (the executor's, the node's,
//! the wire's, the test kit's primed faults) to ERROR messages.
//!
//! Uses only [`super::wire`] of the native protocol. It must not touch the
//! socket, nor decide where or when a request runs (that is
//! [`super::transport`]'s); the statements' semantics belong to the
//! executor.

pub mod batch;
pub mod conn;
pub mod dispatch;
pub mod error;
pub mod query;
