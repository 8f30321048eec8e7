//! The engine's view of the schema: one snapshot of the [`Schema`] and the
//! store of every column family it names, swapped as a unit when the schema
//! changes ([`Engine::update_schema`](crate::storage::Engine::update_schema)).
//!
//! It must not do I/O or decide what a schema change does to data (that is
//! the engine's `schema_change`); it only resolves names to stores.

use super::CfStore;
use crate::schema::Schema;
use crate::storage::StorageError;
use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::Arc;

/// (keyspace, column family) -> its store, hashed with [`NameHasher`].
pub(crate) type CfMap = HashMap<(String, String), Arc<CfStore>, BuildHasherDefault<NameHasher>>;

/// A schema snapshot with the stores of its column families.
pub(crate) struct Catalog {
    pub schema: Arc<Schema>,
    pub cfs: CfMap,
}

/// FNV-1a over the names: every read and write looks its column family up
/// here, several times a call, and the names are a few dozen bytes, where
/// std's SipHash costs more than the rest of the lookup. Flooding is no
/// concern: the keys are the schema's names, made only by schema changes,
/// and a lookup with a name the schema lacks costs one probe like any other.
#[derive(Clone, Copy)]
pub(crate) struct NameHasher(u64);

impl Default for NameHasher {
    fn default() -> NameHasher {
        NameHasher(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Catalog {
    /// The store of one CF, or the error naming what is missing.
    pub fn cf(&self, keyspace: &str, cf: &str) -> Result<&Arc<CfStore>, StorageError> {
        self.store(keyspace, cf).ok_or_else(|| {
            if self.schema.keyspace(keyspace).is_none() {
                StorageError::UnknownKeyspace(keyspace.to_string())
            } else {
                StorageError::UnknownColumnFamily {
                    keyspace: keyspace.to_string(),
                    cf: cf.to_string(),
                }
            }
        })
    }

    /// The store of one CF, looked up without building an owned key (this
    /// is on every read and write: two `String`s per call otherwise).
    pub fn store(&self, keyspace: &str, cf: &str) -> Option<&Arc<CfStore>> {
        self.cfs.get(&(keyspace, cf) as &dyn NamePair)
    }
}

/// A (keyspace, column family) pair, owned or borrowed, hashed and compared
/// as the map's `(String, String)` keys are, so the map can be asked with
/// borrowed names.
trait NamePair {
    fn names(&self) -> (&str, &str);
}

impl NamePair for (String, String) {
    fn names(&self) -> (&str, &str) {
        (&self.0, &self.1)
    }
}

impl NamePair for (&str, &str) {
    fn names(&self) -> (&str, &str) {
        (self.0, self.1)
    }
}

impl<'a> Borrow<dyn NamePair + 'a> for (String, String) {
    fn borrow(&self) -> &(dyn NamePair + 'a) {
        self
    }
}

impl Hash for dyn NamePair + '_ {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // A tuple hashes its fields in order, and a String as its str.
        self.names().hash(state);
    }
}

impl PartialEq for dyn NamePair + '_ {
    fn eq(&self, other: &Self) -> bool {
        self.names() == other.names()
    }
}

impl Eq for dyn NamePair + '_ {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn borrowed_names_hash_as_owned_keys() {
        let map: HashMap<(String, String), u8, BuildHasherDefault<NameHasher>> = HashMap::default();
        let owned = ("Keyspace1".to_string(), "Standard1".to_string());
        let borrowed: &dyn NamePair = &("Keyspace1", "Standard1");
        let h = map.hasher();
        assert_eq!(h.hash_one(&owned), h.hash_one(borrowed));
        // The split between the names counts: no collision by concatenation.
        let other: &dyn NamePair = &("Keyspace1S", "tandard1");
        assert!(borrowed != other);
        let mut map = map;
        map.insert(owned, 7);
        assert_eq!(map.get(borrowed), Some(&7));
        assert_eq!(map.get(other), None);
    }

    #[test]
    fn name_hasher_is_fnv_1a() {
        // The published FNV-1a 64 test vectors.
        let fnv = |s: &str| {
            let mut h = NameHasher::default();
            h.write(s.as_bytes());
            h.finish()
        };
        assert_eq!(fnv(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv("foobar"), 0x8594_4171_f739_67e8);
    }
}
