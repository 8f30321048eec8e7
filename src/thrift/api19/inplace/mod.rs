//! The two hot paths whose replies and requests are handled in place, with
//! no generated struct built per column: `reads` writes `get` / `get_slice`
//! answers straight from the engine's cells into the reply, and `batch`
//! reads a plain `batch_mutate` straight from the request's bytes into the
//! engine's mutations.
//!
//! They exist for speed only. They must never decide an answer on their
//! own: anything they cannot show they would answer exactly as the
//! generated path does is handed back to `api19::reads` / `api19::batch`,
//! whose checks, access control and errors they share.

mod batch;
mod reads;

pub use batch::process_batch_mutate_in_place;
pub use reads::{process_get, process_get_slice};
