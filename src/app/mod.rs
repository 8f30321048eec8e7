//! The parts of the `supercolumn` binary that are not its command line: how
//! `serve` reads its configuration and flags ([`serve_config`]), binds its
//! ports and opens its schema, storage and node ([`startup`]), binds and
//! runs the admin surface ([`admin_surface`]), and the `migrate`,
//! `release-diff` and `advise` commands ([`migrate_cmd`],
//! [`release_diff_cmd`], [`advise_cmd`]). Above
//! every layer of the library; nothing imports it.

pub(crate) mod admin_surface;
pub(crate) mod advise_cmd;
pub(crate) mod migrate_cmd;
pub(crate) mod release_diff_cmd;
pub(crate) mod serve_config;
pub(crate) mod startup;
