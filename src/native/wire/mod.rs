//! The native protocol's bytes as data: [`codec`] the body notation with
//! checked lengths, [`frame`] headers, versions and compression, [`types`]
//! CQL types on the wire, [`request`] the messages clients send, and
//! [`result`] the RESULT and EVENT bodies (with the paging state).
//!
//! Owns the layouts only, per protocol version. It must not run anything:
//! no socket, no statement, no call into the node (it reads the executor's
//! and the node's plain values only to lay them out), and it must not
//! decide the answer to a message. Its refusals are typed errors of its own
//! (`codec::DecodeError`, `frame::FrameError`, `result::BadPagingState`),
//! which [`super::handle`] maps to ERROR messages.

pub mod codec;
pub mod frame;
pub mod request;
pub mod result;
pub mod types;
