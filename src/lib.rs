//! supercolumn: a single-binary server that stores and serves data the way
//! Apache Cassandra did in its Thrift era.
//!
//! The crate is layered. The numbered list below is the order, lowest first,
//! and `layering.rs` checks every source file against it: a module uses only
//! the modules of earlier layers, never a sibling in its own layer nor
//! anything later, and the front ends never name a module marked "behind
//! node" (they reach the data through [`node`]). The binary (`main.rs` and
//! `app/`) sits above them all.
//!
//! 1. [`input_bounds`], [`release`], [`budget`]: how deep input from
//!    outside may nest and how big a file read whole may be, one bound for
//!    every parser; the Cassandra releases supercolumn can answer as (API
//!    versions, methods, native protocol versions, stock defaults,
//!    features), as data; the memory budget every connection's requests
//!    and replies are charged to.
//! 2. [`call`]: one client call as every layer sees it: the consistency
//!    level and atomicity it asks for, how a cluster may refuse it, and its
//!    scope (level, reply meter, wait mode, deferred answers, trace), the
//!    one per-call context the layers below read.
//! 3. [`trace`]: query tracing's recorder, which every layer below the
//!    front ends notes its steps in, and the kept sessions.
//! 4. [`marshal`]: comparators and validators (`AbstractType`), the registry by name.
//! 5. [`partitioner`]: tokens and the partitioners that compute them.
//! 6. [`config`]: `storage-conf.xml` or `cassandra.yaml` into a plain `Config`.
//! 7. [`schema`]: keyspace and column-family definitions with resolved types.
//! 8. [`auth`]: authenticators, and the permissions a request needs.
//! 9. [`model`]: the row model every layer above speaks: cells, deletions,
//!    mutations, read commands, slices and rows.
//! 10. [`storage`] (behind node): the durable engine (commit log,
//!     memtables, SSTables, compaction) behind one narrow API,
//!     `storage::Engine`. It knows nothing of Thrift or CQL.
//! 11. [`gateway`] (behind node): the cluster backend, the other home of
//!     the data: the row model kept in a Cassandra or ScyllaDB cluster over
//!     the CQL native protocol; its ring and splits are handed out by the
//!     node.
//! 12. [`cql`]: CQL3: language, table model, the CQL row <-> cell mapping of
//!     Cassandra 1.2, and the executor behind its `CqlBackend` border.
//! 13. [`cql2`]: CQL 2, 1.2.9's older dialect, over the same `CqlBackend`.
//! 14. [`node`]: what every front end shares: the backend (the engine or a
//!     cluster, behind `node::backend::Backend`), schema changes, the
//!     authenticator, prepared statements, clocks, limits, the reply meter, the
//!     test kit's faults and activity. It knows no wire protocol.
//! 15. [`explorer`]: the data-model explorer's views (catalog, partitions,
//!     cells beside CQL rows, statistics) and its page, served by [`admin`].
//! 16. [`advisor`]: the model advisor: for a query that scans or is
//!     refused, the table that serves it from one partition, measured on the
//!     node's data (a dry run), and on request created, backfilled and
//!     compared; served by [`admin`].
//! 17. [`thrift`], [`native`], [`admin`] (front ends): the Thrift port (both
//!     API generations), the CQL native protocol (v1-v4), and the admin HTTP
//!     surface.
//! 18. [`shell`], [`stress`], [`nodetool`], [`dataset`], [`migrate`], [`capture`]:
//!     the tools, clients of the layers below: the `cqlsh` and `cli` shells,
//!     the load generator, nodetool over the admin surface,
//!     cassandra-unit datasets (loaded into a node at start, or over the wire
//!     by `supercolumn load`), `migrate` (an embedded data directory copied
//!     into a cluster), `capture` and `replay` (an application's traffic
//!     recorded through a proxy and replayed against another server).

pub mod admin;
pub mod advisor;
pub mod auth;
pub mod budget;
pub mod call;
pub mod capture;
pub mod config;
pub mod cql;
pub mod cql2;
pub mod dataset;
pub mod explorer;
pub mod gateway;
pub mod input_bounds;
pub mod marshal;
pub mod migrate;
pub mod model;
pub mod native;
pub mod node;
pub mod nodetool;
pub mod partitioner;
pub mod release;
pub mod schema;
pub mod shell;
pub mod storage;
pub mod stress;
pub mod thrift;
pub mod trace;

#[cfg(test)]
mod layering;
