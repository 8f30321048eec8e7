//! The `cassandra.yaml` reader (Cassandra 0.7 to 2.x): the node tree
//! ([`tree`], also used by the dataset loader), typed reading of one
//! mapping (`fields`), the known top-level keys (`keys`), the top-level
//! settings (`parse`, and `special` for those with their own parsing) and
//! 0.7's `keyspaces:` section (`keyspace`). It fills
//! the shared [`Config`](super::Config) and must not know about
//! `storage-conf.xml`.

mod fields;
mod keys;
mod keyspace;
mod parse;
mod special;
pub(crate) mod tree;

pub(super) use parse::parse;
