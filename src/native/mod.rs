//! The CQL native protocol (versions 1 to 4), a front end beside Thrift
//! above [`crate::node`]: the same node, the same CQL3 executor and the
//! same row <-> cell mapping as Thrift's `execute_cql3_query`, so a row
//! written through either is the same cells, readable through the other.
//!
//! Layout: [`codec`] is the body notation with checked lengths, [`frame`]
//! headers, versions and compression, [`request`] the messages clients send,
//! [`result`] the RESULT and EVENT bodies, [`types`] CQL types on the wire,
//! [`error`] the one mapping of typed errors to ERROR messages, [`conn`]
//! a connection's state (STARTUP, login, REGISTER), [`query`] statements
//! through the executor, [`batch`] BATCH messages, [`dispatch`] one frame
//! in, one out, [`route`] where a request runs (inline or on the blocking
//! pool), [`runner`] running it there, [`watch`] what is observed of each
//! request (metrics, the test kit's faults and activity), [`inbox`] and
//! [`outbox`] a connection's read buffer and coalesced replies, and
//! [`server`] the listener and connections. It must not reach storage
//! except through the node, and nothing below it knows it exists.

pub mod batch;
pub mod codec;
pub mod conn;
pub mod dispatch;
pub mod error;
pub mod frame;
pub mod inbox;
pub mod outbox;
pub mod query;
pub mod request;
pub mod result;
pub mod route;
pub mod runner;
pub mod server;
pub mod types;
pub mod watch;
