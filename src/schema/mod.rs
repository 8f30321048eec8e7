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
//!
//! The ids Cassandra 0.7 to 1.1 gave column families, from a creation
//! counter, are kept beside them ([`creation`]), and so are the maps 0.7
//! to 1.0 kept their declared columns in ([`column_maps`]).
//!
//! Dynamic schema (Thrift 19.x `system_*` calls): a change request
//! ([`spec`]) is validated as Cassandra 1.2 did ([`validate`]) and applied
//! by [`Schema::apply`] ([`apply`]), which returns a new snapshot; the
//! [`store`] persists every user keyspace, seeded from the configuration
//! file on first start and the truth afterwards. [`system19`]
//! describes the system keyspaces 1.2 lists, [`system_old`] the `system`
//! keyspace of the releases before it.

mod apply;
mod build;
mod column_maps;
mod compaction_options;
mod compat;
pub(crate) use compat::is_compatible_with;
pub mod creation;
mod describe;
mod index_options;
pub mod javaorder;
pub mod legacy3x;
mod name_words;
pub mod nonblocking;
mod options;
mod record;
mod spec;
pub mod speculative;
mod store;
pub mod system;
pub mod system19;
pub mod system_old;
mod validate;

pub use apply::refused_on_apply;
pub use apply::SchemaChangeError;
pub use build::{cf_id_for, SchemaError, FIRST_USER_CF_ID};
pub use column_maps::{ColumnMapRule, ColumnMaps, ColumnOrder};
pub use compaction_options::statement_refusal as compaction_statement_refusal;
pub use index_options::{composites_of_plain_names, Rules};
pub use name_words::get_string_refusal;
pub use options::*;
pub use spec::{CfSpec, ColumnSpec, KeyspaceSpec, SchemaChange, TriggerSpec};
pub use store::{Loaded, NoteLevel, SchemaStore, StoreError, StoreNote, SCHEMA_FILE};
pub use validate::{
    cf_from_spec, counter_kinds_refusal, resolve_compaction_strategy, resolve_strategy_class,
    MAX_NAME_LENGTH,
};

use crate::marshal::TypeRef;
use crate::partitioner::PartitionerRef;
use std::collections::{BTreeMap, BTreeSet};
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
    /// The Cassandra 1.2 attributes (validators, column metadata, indexes,
    /// compaction, compression ...); `CfOptions::default()` is 1.2's defaults.
    pub options: CfOptions,
}

impl CfDef {
    /// A column family with every other attribute at its default: 0.6's cache
    /// sizes, 0.6's default gc grace, 1.2's options. Sub-comparator `Some`
    /// makes it a Super CF. Code that builds schemas by hand (tests, tools)
    /// starts here and sets what it cares about.
    pub fn new(
        keyspace: &str,
        name: &str,
        id: u32,
        comparator: TypeRef,
        subcomparator: Option<TypeRef>,
    ) -> CfDef {
        CfDef {
            keyspace: keyspace.to_string(),
            name: name.to_string(),
            id,
            column_type: if subcomparator.is_some() {
                ColumnType::Super
            } else {
                ColumnType::Standard
            },
            comparator,
            subcomparator,
            comment: None,
            rows_cached: "0".to_string(),
            keys_cached: "200000".to_string(),
            gc_grace_seconds: 864_000,
            options: CfOptions::default(),
        }
    }

    pub fn is_super(&self) -> bool {
        self.column_type == ColumnType::Super
    }

    /// A counter column family: its default validator is `CounterColumnType`.
    pub fn is_counter(&self) -> bool {
        self.options.default_validation_class.is_counter()
    }

    /// The comparator that orders the names `column_metadata` refers to:
    /// the sub-comparator of a Super CF, else the comparator (or, with a
    /// `component_index`, that component of a composite comparator).
    pub fn column_name_comparator(&self, component_index: Option<i32>) -> TypeRef {
        let base = self
            .subcomparator
            .clone()
            .unwrap_or_else(|| self.comparator.clone());
        match (component_index, base.components()) {
            (Some(i), Some(parts)) => usize::try_from(i)
                .ok()
                .and_then(|i| parts.get(i).cloned())
                .unwrap_or(base),
            _ => base,
        }
    }

    /// 1.2 hides from Thrift's describe calls the CQL3 tables whose column
    /// metadata names composite components (CASSANDRA-4377).
    pub fn is_thrift_incompatible(&self) -> bool {
        self.comparator.components().is_some()
            && self
                .options
                .column_metadata
                .iter()
                .any(|c| c.component_index.is_some())
    }
}

/// Where a keyspace's definition came from. Only `System` keyspaces are
/// out of the schema API's reach; the others are persisted alike by the
/// [`SchemaStore`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyspaceOrigin {
    /// Built in (`system`, and for 19.x `system_traces` / `system_auth`).
    System,
    /// Seeded from the configuration file (storage-conf.xml or a 0.7
    /// cassandra.yaml); changed since, perhaps, through the schema API.
    Config,
    /// Created through a schema call.
    Dynamic,
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
    /// 1.2's replication options (`{"replication_factor": "1"}` for
    /// SimpleStrategy); for a config keyspace, its ReplicationFactor.
    pub strategy_options: BTreeMap<String, String>,
    pub durable_writes: bool,
    pub origin: KeyspaceOrigin,
}

impl KeyspaceDef {
    /// A keyspace as a 0.6 config would declare it (RackUnawareStrategy,
    /// replication factor 1), holding `cfs`.
    pub fn new(name: &str, cfs: impl IntoIterator<Item = CfDef>) -> KeyspaceDef {
        KeyspaceDef {
            name: name.to_string(),
            replica_placement_strategy: "org.apache.cassandra.locator.RackUnawareStrategy"
                .to_string(),
            replication_factor: 1,
            endpoint_snitch: "org.apache.cassandra.locator.EndPointSnitch".to_string(),
            cfs: cfs
                .into_iter()
                .map(|cf| (cf.name.clone(), Arc::new(cf)))
                .collect(),
            strategy_options: [("replication_factor".to_string(), "1".to_string())].into(),
            durable_writes: true,
            origin: KeyspaceOrigin::Config,
        }
    }

    /// True for the `system` keyspace, which has no ring and is not the
    /// user's to write.
    pub fn is_system(&self) -> bool {
        self.name == SYSTEM_KEYSPACE
    }

    /// The strategy class as 1.2 reports it: 0.6's names converted the way
    /// 1.2 converted them (`RackUnawareStrategy` is `SimpleStrategy`,
    /// `RackAwareStrategy` is `OldNetworkTopologyStrategy`).
    pub fn strategy_class(&self) -> String {
        self.replica_placement_strategy
            .replace("RackUnawareStrategy", "SimpleStrategy")
            .replace("RackAwareStrategy", "OldNetworkTopologyStrategy")
    }
}

/// The whole schema: a snapshot, swapped as a unit when it changes.
#[derive(Clone, Debug)]
pub struct Schema {
    pub cluster_name: String,
    pub partitioner: PartitionerRef,
    pub keyspaces: BTreeMap<String, KeyspaceDef>,
    /// Ids of column families dropped through schema calls. They are never
    /// handed out again, so that commit-log entries of a dropped column
    /// family still waiting in an old segment can never be replayed into a
    /// new one. Persisted with the dynamic keyspaces.
    pub retired_cf_ids: BTreeSet<u32>,
    /// The ids the releases before 1.2 gave the user's column families,
    /// and their counter. Persisted with the dynamic keyspaces.
    pub creation_ids: creation::CreationIds,
    /// The maps 0.7 to 1.0 kept each column family's declared columns
    /// in (their describe order). Not persisted.
    pub column_maps: ColumnMaps,
    /// 2.1's user types, by keyspace and name: each its full
    /// `UserType(...)` class name (a table's column carries the same
    /// name, so its values stay readable without this). Not persisted.
    pub user_types: BTreeMap<String, BTreeMap<String, String>>,
}

impl Schema {
    /// A schema of these keyspaces, with no dropped column family yet.
    pub fn new(
        cluster_name: impl Into<String>,
        partitioner: PartitionerRef,
        keyspaces: impl IntoIterator<Item = KeyspaceDef>,
    ) -> Schema {
        let mut schema = Schema {
            cluster_name: cluster_name.into(),
            partitioner,
            keyspaces: keyspaces.into_iter().map(|k| (k.name.clone(), k)).collect(),
            retired_cf_ids: BTreeSet::new(),
            creation_ids: Default::default(),
            column_maps: Default::default(),
            user_types: Default::default(),
        };
        schema.creation_ids.started(schema.keyspaces.values());
        schema
    }
    pub fn keyspace(&self, name: &str) -> Option<&KeyspaceDef> {
        self.keyspaces.get(name)
    }
    pub fn cf(&self, keyspace: &str, cf: &str) -> Option<&Arc<CfDef>> {
        self.keyspaces.get(keyspace)?.cfs.get(cf)
    }
    /// 1.2's `ThriftValidation.validateKeyspace` lookup, with its message
    /// (shared by the 19.x Thrift calls and CQL 2).
    pub fn existing_keyspace(&self, keyspace: &str) -> Result<&KeyspaceDef, String> {
        self.keyspace(keyspace)
            .ok_or_else(|| format!("Keyspace {keyspace} does not exist"))
    }
    /// 1.2's `ThriftValidation.validateColumnFamily` lookup, with its messages.
    pub fn existing_cf(&self, keyspace: &str, cf: &str) -> Result<&Arc<CfDef>, String> {
        self.existing_keyspace(keyspace)?;
        if cf.is_empty() {
            return Err("non-empty columnfamily is required".to_string());
        }
        self.cf(keyspace, cf)
            .ok_or_else(|| format!("unconfigured columnfamily {cf}"))
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
