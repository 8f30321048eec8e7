//! Protocol-neutral schema change requests.
//!
//! Owns plain mirrors of Thrift 19.x `KsDef`, `CfDef` and `ColumnDef`, with
//! `Option` exactly where the IDL field is optional and type names as the
//! client wrote them, so the Thrift layer converts field by field and the
//! CQL layer can build the same requests. Unset means "not sent": the
//! defaults are applied when the request is validated, as Cassandra 1.2 did
//! (an update that leaves a field unset resets it to its default).
//! It must not resolve or validate anything.

use super::{IndexType, OldCacheSettings};
use std::collections::BTreeMap;

/// A keyspace to add, or the new attributes of one to update (Thrift `KsDef`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KeyspaceSpec {
    pub name: String,
    /// Short (`SimpleStrategy`) or full class name.
    pub strategy_class: String,
    pub strategy_options: Option<BTreeMap<String, String>>,
    /// Thrift field 4, pre-1.0; 1.2 ignores it and so do we.
    pub replication_factor: Option<i32>,
    /// Column families to create with the keyspace; must be empty on update.
    pub cf_defs: Vec<CfSpec>,
    /// The IDL default is true.
    pub durable_writes: Option<bool>,
}

/// A column family to add, or the new definition of one to update (Thrift `CfDef`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CfSpec {
    pub keyspace: String,
    pub name: String,
    /// `Standard` (default) or `Super`.
    pub column_type: Option<String>,
    /// Defaults to `BytesType`, as the IDL does.
    pub comparator_type: Option<String>,
    pub subcomparator_type: Option<String>,
    pub comment: Option<String>,
    pub read_repair_chance: Option<f64>,
    pub column_metadata: Option<Vec<ColumnSpec>>,
    /// The columns came in a `HashMap` filled in `column_metadata`'s order
    /// (CQL 2's CREATE COLUMNFAMILY), where a CfDef's came sorted.
    pub columns_in_hash_map: bool,
    /// The release built this update without `CFMetaData.validate`: the
    /// kinds of its columns (counter or plain) are not checked against the
    /// family's (0.8 and 1.0's CQL 2 ALTER COLUMNFAMILY, 0.8's Thrift update).
    pub counter_kinds_unchecked: bool,
    /// The column family may go to the `system` keyspace: 0.8 and 1.0's and
    /// 1.2 on's Thrift `system_add_column_family` checked the session's
    /// keyspace, not the CfDef's (CQL's CREATE checked its own).
    pub system_keyspace_taken: bool,
    pub gc_grace_seconds: Option<i32>,
    pub default_validation_class: Option<String>,
    /// Ignored: ids are assigned by the server, as 1.2 did.
    pub id: Option<i32>,
    pub min_compaction_threshold: Option<i32>,
    pub max_compaction_threshold: Option<i32>,
    pub replicate_on_write: Option<bool>,
    pub key_validation_class: Option<String>,
    pub key_alias: Option<Vec<u8>>,
    pub compaction_strategy: Option<String>,
    pub compaction_strategy_options: Option<BTreeMap<String, String>>,
    pub compression_options: Option<BTreeMap<String, String>>,
    pub bloom_filter_fp_chance: Option<f64>,
    pub caching: Option<String>,
    pub dclocal_read_repair_chance: Option<f64>,
    pub populate_io_cache_on_flush: Option<bool>,
    /// Thrift 19.37+ (Cassandra 2.0) fields, kept as given.
    pub memtable_flush_period_in_ms: Option<i32>,
    pub default_time_to_live: Option<i32>,
    pub index_interval: Option<i32>,
    /// Thrift 19.39 (Cassandra 2.1) fields, kept as given.
    pub min_index_interval: Option<i32>,
    pub max_index_interval: Option<i32>,
    pub cells_per_row_to_cache: Option<String>,
    pub speculative_retry: Option<String>,
    /// CQL3 metadata (1.1-era Thrift fields 35/36, and the CQL layer's
    /// composite partition keys). When `key_aliases` is set it wins over
    /// `key_alias`. On update, unset or empty aliases keep the old ones.
    pub key_aliases: Option<Vec<Vec<u8>>>,
    pub column_aliases: Option<Vec<Vec<u8>>>,
    pub value_alias: Option<Vec<u8>>,
    /// The indexes on key columns (see `CfOptions::key_indexes`); `None`
    /// keeps what an update's column family had (Thrift never sends them).
    pub key_indexes: Option<Vec<ColumnSpec>>,
    /// The 0.7-1.0 CfDef's own cache settings, kept as given.
    pub old_cache: OldCacheSettings,
    /// Thrift 19.37+ (Cassandra 2.0) triggers, kept as given (an update
    /// without them clears them, as 2.0's `CFMetaData.apply` did).
    pub triggers: Option<Vec<TriggerSpec>>,
    /// The columns CQL dropped (see `CfOptions::dropped_columns`); `None`
    /// keeps what an update's column family had (Thrift never sends them).
    pub dropped_columns: Option<Vec<super::DroppedColumn>>,
}

/// One trigger of a column family (Thrift `TriggerDef`): its name and
/// options (`class` naming its class). Nothing here runs it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TriggerSpec {
    pub name: String,
    pub options: BTreeMap<String, String>,
}

/// One declared column (Thrift `ColumnDef`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ColumnSpec {
    pub name: Vec<u8>,
    /// Required by the IDL; a missing one is `BytesType`, as 1.2's parser did.
    pub validation_class: Option<String>,
    pub index_type: Option<IndexType>,
    pub index_name: Option<String>,
    pub index_options: Option<BTreeMap<String, String>>,
    /// CQL3 only: which composite component `name` is.
    pub component_index: Option<i32>,
    /// CQL3 only: a `static` column.
    pub is_static: bool,
}

/// One schema call.
#[derive(Clone, Debug, PartialEq)]
pub enum SchemaChange {
    AddKeyspace(KeyspaceSpec),
    UpdateKeyspace(KeyspaceSpec),
    DropKeyspace(String),
    /// The column family is added to `spec.keyspace` (1.2 used the
    /// session's keyspace only for the permission check).
    AddColumnFamily(CfSpec),
    UpdateColumnFamily(CfSpec),
    DropColumnFamily {
        keyspace: String,
        name: String,
    },
    /// 2.1's CREATE / ALTER TYPE (`class`: the type's `UserType(...)`
    /// name) and DROP TYPE (`None`).
    SetUserType {
        keyspace: String,
        name: String,
        class: Option<String>,
    },
}

impl CfSpec {
    /// A request naming only the keyspace and the column family.
    pub fn new(keyspace: impl Into<String>, name: impl Into<String>) -> CfSpec {
        CfSpec {
            keyspace: keyspace.into(),
            name: name.into(),
            ..CfSpec::default()
        }
    }
}

impl KeyspaceSpec {
    /// A SimpleStrategy keyspace with the given replication factor.
    pub fn simple(name: impl Into<String>, replication_factor: u32) -> KeyspaceSpec {
        KeyspaceSpec {
            name: name.into(),
            strategy_class: "org.apache.cassandra.locator.SimpleStrategy".to_string(),
            strategy_options: Some(
                [(
                    "replication_factor".to_string(),
                    replication_factor.to_string(),
                )]
                .into_iter()
                .collect(),
            ),
            ..KeyspaceSpec::default()
        }
    }
}
