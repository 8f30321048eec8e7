//! The Thrift front end: both API generations on one port.
//!
//! Layout: [`wire`] is the binary protocol as data (with the bounded input
//! protocol client messages are decoded with, and the scans and walks of a
//! message's bytes), [`transport`] cuts a TCP stream into messages and runs
//! the connections (accept, where a call runs, protocols that are not
//! Thrift), [`dispatch`] picks the API generation for each call, [`api2`]
//! implements API 2.2.0 (Cassandra 0.6, with its validation and conversion)
//! and [`api19`] API 19.x (0.7 to 2.x), [`batch`] is the streamed batch both
//! share, [`error`] the one mapping from typed errors to Thrift exceptions,
//! and [`call`] what the server observes of each call (the request log,
//! metrics, the test kit's faults and activity). Both generations reach the
//! data through [`crate::node`] only (the layer below every front end): one
//! backend, one schema snapshot, one door for schema changes. [`access`] is
//! the one place either generation logs in and authorizes; [`client`] opens
//! a Thrift client connection for the tools, [`client_read`] reads its
//! replies and [`client_error`] names a call's failure.
//!
//! The order of its modules, lowest first (`layering.rs` checks it; the
//! uses it still makes against it are listed there as known debt):
//!
//! 1. [`wire`]: the binary protocol as data.
//! 2. [`gen`], [`client_read`]: the generated structs of both IDLs; a
//!    client's replies read.
//! 3. [`client`], [`client_error`], [`session`]: the tools' client
//!    connection and its failures; a connection's state.
//! 4. [`error`]: typed errors as Thrift exceptions.
//! 5. [`access`], [`batch`]: logging in and authorizing; the streamed batch.
//! 6. [`api2`]: API 2.2.0.
//! 7. [`api19`]: API 19.x, which takes 0.6's conversions and checks.
//! 8. [`dispatch`]: a call's generation chosen and its handler run.
//! 9. [`call`]: what the server observes of each call.
//! 10. [`transport`]: the connections.

pub mod access;
pub mod api19;
pub mod api2;
pub mod batch;
pub mod call;
pub mod client;
pub mod client_error;
pub mod client_read;
pub mod dispatch;
pub mod error;
pub mod gen;
pub mod session;
pub mod transport;
pub mod wire;
