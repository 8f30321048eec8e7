//! The native transport: [`server`] the listener and each connection's
//! task, [`inbox`] and [`outbox`] a connection's read buffer and coalesced
//! replies, [`link`] its socket and what flows out of it (shared by the
//! task and the runner), [`route`] where a request runs (inline on the
//! tokio worker or on the blocking pool), [`runner`] running it there, and
//! [`watch`] what is observed of each request (metrics, the test kit's
//! faults and activity).
//!
//! Owns the sockets, the buffers, the limits and the scheduling. It must
//! not decide what a message means or answers (that is [`super::handle`]'s,
//! over [`super::wire`]), only carry it and its answer.

pub mod inbox;
pub mod link;
pub mod outbox;
pub mod route;
pub mod runner;
pub mod server;
pub mod watch;
