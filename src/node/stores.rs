//! What a release's open column family store kept apart from the column
//! family's definition, for the front ends that answer as that release:
//! Cassandra 1.0's `ColumnFamilyStore` held its own compaction thresholds
//! (`DefaultInteger`s a compaction strategy could set), the strategy it
//! was built with and the secondary indexes it had opened, and a store
//! whose opening failed was no store at all. This is plain data, keyed by
//! keyspace and column family: it must not decide what a release did with
//! it (the Thrift front end's release emulation does).

use std::collections::{BTreeMap, BTreeSet};

/// A setting the store kept: the value it was given when made (or last
/// reset from the definition) and the one it has now (1.0's
/// `DefaultInteger`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    pub original: i32,
    pub current: i32,
}

impl Kept {
    pub fn new(value: i32) -> Self {
        Kept {
            original: value,
            current: value,
        }
    }

    /// Set to something else than it was given (`isModified`).
    pub fn modified(&self) -> bool {
        self.original != self.current
    }
}

/// One open column family store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenStore {
    /// The column family's id when its store opened (one made again
    /// under the name has another).
    pub id: u32,
    /// False when the store failed as it opened: the column family is in
    /// the schema without one.
    pub opened: bool,
    /// Gone from the release's id map (`Schema.purge`) while the column
    /// family stayed in its keyspace's definition: a drop of its keyspace
    /// failed after removing it.
    pub purged: bool,
    pub min_compaction_threshold: Kept,
    pub max_compaction_threshold: Kept,
    /// The compaction strategy's class and the options it was built with.
    pub strategy: String,
    pub strategy_options: BTreeMap<String, String>,
    /// The names of the columns whose index the store opened.
    pub indexes: BTreeSet<Vec<u8>>,
}

/// The open stores, by keyspace and column family name.
pub type OpenStores = BTreeMap<(String, String), OpenStore>;
