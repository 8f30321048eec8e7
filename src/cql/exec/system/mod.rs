//! The tables a node synthesizes rather than stores: its own `system`
//! keyspace as each release defined it (1.2's, 2.0-2.2's), the schema
//! tables (1.2-2.2's `system.schema_*`, 3.0's `system_schema`), the
//! replicated system keyspaces 2.2 created, and `system_traces`. What the
//! node claims of itself in `system.local` is `exec::local`'s.
//!
//! Each is a real CQL table model whose cells are made on read from the
//! live schema snapshot, so SELECT plans, filters and orders them as any
//! other table. Nothing here accepts a write: the executor refuses writes
//! to these keyspaces before they get here.

mod release12;
mod release20;
mod release20_rows;
pub mod replicated;
pub mod schema;
pub(crate) mod schema_rows;
mod synthesized;
pub mod tables;
pub mod traces;
