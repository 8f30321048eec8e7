//! The border to the `scylla` driver and what is known of a cluster before
//! any table: its address and options (`url`), the driver's errors typed
//! and counted in one place (`error`), bytes bound into statements and
//! read out of rows unchanged (`values`), what the cluster says of
//! itself, with the table storage its release implies (`facts`), and how
//! long each kind of request is waited for (`deadline`).
//!
//! The bottom of the gateway: it must not know a table, a statement or a
//! session.
//!
//! The order of its modules (`layering.rs` checks it):
//!
//! 1. [`error`], [`level`], [`values`]: the driver's errors; a call's
//!    consistency level in the driver's terms; bytes in, bytes out.
//! 2. [`facts`]: what the cluster says of itself.
//! 3. [`url`]: its address, with the options that override the facts.
//! 4. [`deadline`]: each kind of request's wait, from the URL and release.

pub mod deadline;
pub mod error;
pub mod facts;
pub mod level;
pub mod url;
pub mod values;
