//! The Thrift front end: transport, generated code, and the 0.6 API.
//!
//! Layout: [`wire`] is the binary protocol as data, [`transport`] cuts a TCP
//! stream into messages, [`server`] accepts connections and runs calls on the
//! blocking pool, [`dispatch`] picks the API generation for each call, and
//! [`v06`] implements API 2.2.0 (Cassandra 0.6). Validation, model conversion
//! and the mapping of typed errors to Thrift exceptions live in their own
//! modules so every API generation shares them.

pub mod gen;
pub mod transport;
pub mod v06;
pub mod wire;
