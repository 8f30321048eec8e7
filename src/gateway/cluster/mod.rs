//! The cluster as a whole: getting onto it safely, before anything is
//! served (`handshake`: one `OPTIONS` under a deadline; `admit`: the nodes
//! the driver connects to, those that answer; `silence`: nodes that stop
//! answering tried last; `retry`: only what no coordinator answered is
//! sent again; `connect`: the session, the
//! cluster's description, the schema served), and its shape (`ring`: its
//! nodes, tokens and replicas; `splits`: a range's splits).
//!
//! This module must not read or write rows but for the key walk of
//! `splits`.
//!
//! The order of its modules (`layering.rs` checks it):
//!
//! 1. [`handshake`], [`retry`], [`ring`]: a node's first answer; the
//!    retry policy; the ring.
//! 2. [`admit`], [`silence`], [`splits`]: the nodes let in; silent nodes
//!    tried last; a range's splits.
//! 3. [`connect`]: a session on the cluster, serving a schema.

pub mod admit;
pub mod connect;
pub mod handshake;
pub mod retry;
pub mod ring;
pub mod silence;
pub mod splits;
