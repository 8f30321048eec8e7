//! Striped locks over (keyspace, column family, row key), under which
//! conditional writes run their read, compare and write. Two partitions may
//! share a stripe, which only costs waiting, never correctness. This module
//! must not know what runs under a lock.

use parking_lot::Mutex;
use std::hash::{Hash, Hasher};

pub(super) struct PartitionLocks {
    stripes: Vec<Mutex<()>>,
}

impl PartitionLocks {
    const STRIPES: usize = 256;

    pub(super) fn new() -> PartitionLocks {
        PartitionLocks {
            stripes: (0..Self::STRIPES).map(|_| Mutex::new(())).collect(),
        }
    }

    pub(super) fn stripe(&self, keyspace: &str, cf: &str, key: &[u8]) -> &Mutex<()> {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (keyspace, cf, key).hash(&mut h);
        &self.stripes[(h.finish() % Self::STRIPES as u64) as usize]
    }
}
