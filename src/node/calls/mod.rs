//! What the node lets tests and operators see of, and do to, the calls the
//! front ends answer: the [`activity`] record of recent calls, primed
//! [`faults`] that make chosen calls fail, and the [`observe`]r that
//! counts them for metrics.
//!
//! All three describe a call with plain, protocol-neutral facts that each
//! front end fills in; none of them may know a wire protocol or run a call.

pub mod activity;
pub mod faults;
pub mod observe;
