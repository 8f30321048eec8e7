//! The admin surface: an HTTP/1.1 server (JSON in and out) beside the
//! Thrift port, on 127.0.0.1:7199 unless `serve --admin-listen HOST:PORT|off`
//! or the `<AdminListen>` / `admin_listen` setting says otherwise. It serves `/healthz`,
//! `/metrics` (Prometheus text) and the endpoints behind `nodetool`, and is
//! where the test-kit endpoints (`/reset`, `/faults`, `/activity`) plug in.
//!
//! Layering: a front end like [`crate::thrift`], above [`crate::node`]; it
//! reaches storage only through [`crate::node::Node`] and the engine handle
//! it gives for operators' actions ([`crate::node::Node::embedded`], whose
//! failures are [`crate::node::EngineError`]s); it never names `storage`.
//! Nothing below it knows HTTP. Every route is listed in [`routes`] (one
//! line each); handlers live in their own modules and are plain functions
//! of the shared [`AdminState`] and the [`http::Request`]. Errors are
//! [`http::AdminError`]s, turned into HTTP statuses and JSON bodies in one
//! place ([`http`]).
//!
//! Authentication (see [`auth`]): when the node's authenticator requires a
//! login (SimpleAuthenticator), every route but `/healthz` needs HTTP Basic
//! credentials that it accepts, of a user who may use every keyspace.

pub mod activity;
mod advisor;
pub mod auth;
mod explorer;
pub mod faults;
pub mod health;
pub mod http;
pub mod info;
pub mod metrics;
pub mod ops;
pub mod pools;
pub mod reset;
pub mod ring;
pub mod routes;
mod server;
pub mod snapshots;
mod state;

pub use server::serve;
pub use state::AdminState;
