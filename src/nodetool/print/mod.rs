//! nodetool 1.2's output, filled from the admin surface's JSON answers:
//! one file per group of commands, and how single figures print
//! ([`format`]). Nothing here talks to the server or decides what to ask.

mod format;
pub(super) mod node;
pub(super) mod ring;
pub(super) mod tables;
pub(super) mod tasks;
