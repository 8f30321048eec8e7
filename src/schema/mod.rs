//! Keyspace and column-family definitions, with their types resolved.
//!
//! Owns the in-memory schema every layer reads: which keyspaces exist, which
//! column families they hold, Standard or Super, and the comparators. It is
//! built from [`crate::config::Config`] (and, later, from schema calls). It
//! must not know about storage files or the wire.
//!
//! The schema always contains the `system` keyspace (see [`system`]), as
//! 0.6's did; [`Schema::user_keyspaces`] leaves it out. Column-family ids
//! follow the rule documented in [`cf_id_for`].

mod build;
pub mod system;

pub use build::{cf_id_for, SchemaError, FIRST_USER_CF_ID};

use crate::marshal::TypeRef;
use crate::partitioner::PartitionerRef;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Standard rows hold columns; Super rows hold super columns holding columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnType {
    Standard,
    Super,
}

impl ColumnType {
    pub fn as_str(self) -> &'static str {
        match self {
            ColumnType::Standard => "Standard",
            ColumnType::Super => "Super",
        }
    }
}

/// One column family.
#[derive(Clone, Debug)]
pub struct CfDef {
    pub keyspace: String,
    pub name: String,
    /// Stable numeric id, unique across the schema (used in file names and the commit log).
    pub id: u32,
    pub column_type: ColumnType,
    /// Orders columns (Standard) or super columns (Super).
    pub comparator: TypeRef,
    /// Orders sub-columns; `Some` exactly for Super CFs.
    pub subcomparator: Option<TypeRef>,
    pub comment: Option<String>,
    /// As written in the config ("200000", "0.5", "50%"); kept for describe calls.
    pub rows_cached: String,
    pub keys_cached: String,
    pub gc_grace_seconds: i32,
}

impl CfDef {
    pub fn is_super(&self) -> bool {
        self.column_type == ColumnType::Super
    }
}

/// The keyspace Cassandra keeps for itself; no config may declare it.
pub const SYSTEM_KEYSPACE: &str = "system";

#[derive(Clone, Debug)]
pub struct KeyspaceDef {
    pub name: String,
    pub replica_placement_strategy: String,
    pub replication_factor: i32,
    pub endpoint_snitch: String,
    pub cfs: BTreeMap<String, Arc<CfDef>>,
}

impl KeyspaceDef {
    /// True for the `system` keyspace, which has no ring and is not the
    /// user's to write.
    pub fn is_system(&self) -> bool {
        self.name == SYSTEM_KEYSPACE
    }
}

/// The whole schema: a snapshot, swapped as a unit when it changes.
#[derive(Clone, Debug)]
pub struct Schema {
    pub cluster_name: String,
    pub partitioner: PartitionerRef,
    pub keyspaces: BTreeMap<String, KeyspaceDef>,
}

impl Schema {
    pub fn keyspace(&self, name: &str) -> Option<&KeyspaceDef> {
        self.keyspaces.get(name)
    }
    pub fn cf(&self, keyspace: &str, cf: &str) -> Option<&Arc<CfDef>> {
        self.keyspaces.get(keyspace)?.cfs.get(cf)
    }
    pub fn cf_by_id(&self, id: u32) -> Option<&Arc<CfDef>> {
        self.keyspaces
            .values()
            .flat_map(|k| k.cfs.values())
            .find(|cf| cf.id == id)
    }
    /// Every keyspace except `system`, by name.
    pub fn user_keyspaces(&self) -> impl Iterator<Item = &KeyspaceDef> {
        self.keyspaces.values().filter(|k| !k.is_system())
    }
    /// Every column family of every keyspace, `system` included.
    pub fn column_families(&self) -> impl Iterator<Item = &Arc<CfDef>> {
        self.keyspaces.values().flat_map(|k| k.cfs.values())
    }
}

#[cfg(test)]
mod tests;
