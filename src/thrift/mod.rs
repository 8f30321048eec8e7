//! The Thrift front end: transport, generated code, and the 0.6 API.
//!
//! Layout: [`wire`] is the binary protocol as data, [`bounded`] the one input
//! protocol client messages are decoded with, [`transport`] cuts a TCP
//! stream into messages, [`server`] accepts connections and runs calls on the
//! blocking pool, [`dispatch`] picks the API generation for each call, and
//! [`v06`] implements API 2.2.0 (Cassandra 0.6). [`validation`] (request
//! checks), [`convert`] (Thrift ↔ storage model) and [`error`] (the one
//! mapping from typed errors to Thrift exceptions) are shared by generations.
//! Both generations reach storage through [`crate::node`] only (the layer
//! below every front end): one engine, one schema snapshot (config and
//! dynamic keyspaces alike), one door for schema changes. [`access`] is the one place either generation logs in
//! and authorizes. [`testkit`] is the one hook of primed faults and the
//! activity record on the call path.

pub mod access;
pub mod batch;
pub mod bounded;
pub mod callfacts;
pub mod callinfo;
mod callinfo_cql;
pub mod calllog;
mod callseen;
pub mod client;
pub mod client_read;
pub mod convert;
pub mod dispatch;
pub mod error;
pub mod foreign;
pub mod gen;
pub mod handoff;
pub mod idl_model;
pub use crate::node::limits;
pub mod scan;
pub mod server;
pub mod session;
pub mod testkit;
pub mod transport;
pub mod v06;
pub mod v19;
pub mod validation;
pub mod walk;
pub mod wire;
