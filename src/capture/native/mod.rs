//! The CQL native protocol in capture and replay: a native connection's
//! frames cut and recorded as they pass the proxy, and replayed against a
//! target's native port with its replies compared. It decodes with the
//! server's own native wire code ([`crate::native::wire`]) and has no
//! decoder of the body notation of its own; it must not open listeners or
//! schedule a replay across connections (that is
//! [`crate::capture::proxy`]'s and [`crate::capture::replay`]'s).
//!
//! The order of its modules, lowest first:
//!
//! 1. [`frames`]: where a frame ends, its header and inflated body.
//! 2. [`record`], [`ids`], [`decode`]: frames to records; the prepared ids
//!    a replay swaps in requests; a reply's parts.
//! 3. [`compare`], [`events`]: one reply against another, masked; one
//!    pushed event against another.
//! 4. [`replay`]: one captured native connection replayed.

pub mod compare;
pub mod decode;
pub mod events;
pub mod frames;
pub mod ids;
pub mod record;
pub mod replay;
