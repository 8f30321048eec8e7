//! The CQL native protocol (versions 1 to 4), a front end beside Thrift
//! above [`crate::node`]: the same node, the same CQL3 executor and the
//! same row <-> cell mapping as Thrift's `execute_cql3_query`, so a row
//! written through either is the same cells, readable through the other.
//!
//! Its children are layered like the crate. The numbered list is the order,
//! lowest first: a child uses only the children of earlier layers.
//!
//! 1. [`wire`]: the protocol's bytes as data: the body notation with checked
//!    lengths, frame headers, versions and compression, CQL types on the
//!    wire, the request messages and the RESULT and EVENT bodies. Runs
//!    nothing.
//! 2. [`handle`]: what each message does: a connection's protocol state
//!    (STARTUP, login, REGISTER), statements through the executor, BATCH,
//!    one frame in and one response out, and the one mapping of typed errors
//!    to ERROR messages. Never touches a socket.
//! 3. [`transport`]: the listener and the connections: read and write
//!    buffers, where each request runs (inline or on the blocking pool) and
//!    running it there, and what is observed of each request (metrics, the
//!    test kit's faults and activity).
//!
//! It must not reach storage except through the node, and nothing below it
//! knows it exists.

pub mod handle;
pub mod transport;
pub mod wire;
