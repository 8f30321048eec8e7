//! The engine's view of the schema: one snapshot of the [`Schema`] and the
//! store of every column family it names, swapped as a unit when the schema
//! changes ([`Engine::update_schema`](super::Engine::update_schema)).
//!
//! It must not do I/O or decide what a schema change does to data (that is
//! `schema_change`); it only resolves names to stores.

use super::cfstore::CfStore;
use super::StorageError;
use crate::schema::Schema;
use std::borrow::Borrow;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A schema snapshot with the stores of its column families.
pub(crate) struct Catalog {
    pub schema: Arc<Schema>,
    /// (keyspace, column family) -> its store.
    pub cfs: HashMap<(String, String), Arc<CfStore>>,
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
        let map: HashMap<(String, String), u8> = HashMap::new();
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
}
