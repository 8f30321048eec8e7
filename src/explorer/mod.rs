//! The data-model explorer: a read-only view of how Cassandra
//! stores a schema, served on the admin HTTP surface. This module owns the
//! JSON API under `/api/explorer` (documented in `docs/explorer-api.md`)
//! and its analyses; the page that draws it is [`page`] (its
//! files in `assets/`, embedded in the binary).
//!
//! One concept per file: [`catalog`] (keyspaces, column families, their
//! types, CQL definition and origin), [`partitions`] (ring-order paging and
//! key lookup), [`cells`] (one partition as stored cells beside its CQL
//! rows or super columns), [`render`] (values per the marshal registry),
//! [`stats`] (partition-size histogram, largest partitions, warnings),
//! [`ring`] (spread over a hypothetical ring), [`query`] (how a CQL3
//! SELECT or a Thrift call would run), and [`api`] (the endpoints and their
//! parameters, answered from plain data).
//!
//! Layering: above `node`, below the front ends: the admin surface serves
//! it, decoding each HTTP request into an [`api::Call`] and turning the
//! answers and errors into responses. It reads the data and the schema
//! through [`crate::node::Node`] only (with a cluster backend the node
//! answers the partition views with live cells, and every such answer says
//! its `source`), and the CQL3 parser, table model and planner of
//! [`crate::cql`]; it must not name a front end (`admin`, `thrift`,
//! `native`), and it never writes.

pub mod api;
pub mod catalog;
pub mod cells;
mod error;
pub mod page;
pub mod partitions;
pub mod query;
pub mod render;
pub mod ring;
pub mod stats;

pub use error::ExplorerError;
