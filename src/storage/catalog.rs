//! The engine's view of the schema: one snapshot of the [`Schema`] and the
//! store of every column family it names, swapped as a unit when the schema
//! changes ([`Engine::update_schema`](super::Engine::update_schema)).
//!
//! It must not do I/O or decide what a schema change does to data (that is
//! `schema_change`); it only resolves names to stores.

use super::cfstore::CfStore;
use super::StorageError;
use crate::schema::Schema;
use std::collections::HashMap;
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
        self.cfs
            .get(&(keyspace.to_string(), cf.to_string()))
            .ok_or_else(|| {
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
}
