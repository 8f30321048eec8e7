//! supercolumn: a single-binary server that stores and serves data the way
//! Apache Cassandra did in its Thrift era.
//!
//! The crate is layered; each layer depends only on the ones above it in this
//! list, never on the ones below:
//!
//! - [`input_bounds`]: how deep input from outside may nest and which
//!   files (and how much of them) are read; every parser of outside input
//!   counts against it.
//! - [`marshal`]: comparators/validators (`AbstractType`), the name registry.
//! - [`partitioner`]: tokens and the partitioners that compute them.
//! - [`config`]: reading `storage-conf.xml` into a plain [`config::Config`].
//! - [`schema`]: keyspace and column-family definitions with resolved types.
//! - [`storage`]: the durable engine (commit log, memtables, SSTables,
//!   compaction) behind one narrow API, [`storage::Engine`]. It knows nothing
//!   of Thrift or CQL.
//! - [`gateway`]: the cluster backend, a sibling of [`storage`]: the same
//!   storage model kept in a Cassandra or ScyllaDB cluster over the CQL
//!   native protocol, in the tables Cassandra 3.x made of Thrift CFs.
//! - [`cql`]: CQL3 language, table model and the CQL row <-> cell mapping
//!   onto the storage model (exactly as Cassandra 1.2 stored it).
//! - [`auth`]: authenticators (AllowAll, Simple with properties files).
//! - [`node`]: what every front end shares: the storage backend (the engine
//!   or a cluster, behind [`node::backend::Backend`]), schema changes,
//!   auth, the CQL clock and prepared statements. It knows no wire protocol.
//! - [`thrift`]: the wire front end: transport, generated code, the 0.6 API.
//! - [`admin`]: the admin HTTP surface (healthz, metrics, nodetool's
//!   endpoints, the test kit's), a front end beside [`thrift`] above [`node`].
//! - [`native`]: the CQL native protocol (v1-v4), a sibling of [`thrift`]
//!   over the same node and CQL3 executor.
//! - [`shell`]: the `cqlsh` and `cli` shells, Thrift clients of a server.
//! - [`stress`]: a load generator that drives a server over the wire.
//! - [`dataset`]: cassandra-unit datasets (XML, JSON, YAML, CQL scripts),
//!   loaded into a node through its own operations at start, or into a
//!   running server over the wire by `supercolumn load` ([`dataset::remote`],
//!   a client like `stress`).
//! - [`nodetool`]: nodetool 1.2's commands, an HTTP client of [`admin`].
//! - [`migrate`]: `supercolumn migrate`, an embedded data directory copied
//!   into a cluster: reads [`storage`], writes through [`node::backend`]
//!   to the [`gateway`].
//! - [`explorer`]: the data-model explorer (JSON API and page) served on
//!   the admin surface, reading the engine and schema through [`node`].

pub mod admin;
pub mod auth;
pub mod config;
pub mod cql;
pub mod cql2;
pub mod dataset;
pub mod explorer;
pub mod gateway;
pub mod input_bounds;
pub mod marshal;
pub mod migrate;
pub mod native;
pub mod node;
pub mod nodetool;
pub mod partitioner;
pub mod schema;
pub mod shell;
pub mod storage;
pub mod stress;
pub mod thrift;
