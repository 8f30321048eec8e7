//! The `storage-conf.xml` reader (Cassandra 0.6's format): the element tree
//! ([`tree`], also used by the dataset loader), the reading helpers over it
//! (`fields`), the `<Storage>` settings (`parse`, and `special` for those
//! with their own parsing) and `<Keyspaces>` (`keyspace`). It fills the
//! shared [`Config`](super::Config) and must not know about
//! `cassandra.yaml`.

mod fields;
mod keyspace;
mod parse;
mod special;
pub(crate) mod tree;

pub(super) use parse::parse;
