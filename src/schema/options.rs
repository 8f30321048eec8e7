//! The Cassandra 1.2 attributes of a column family beyond 0.6's: validators,
//! column metadata and secondary indexes, compaction, compression, caching
//! and the CQL3 aliases.
//!
//! Owns the resolved values and their defaults, which are exactly what
//! Cassandra 1.2.9 reports (`describe_keyspace`) for a column family created
//! with only a keyspace and a name. It must not validate change requests
//! (see [`super::validate`]) nor know the wire.

use crate::marshal::{BytesType, TypeRef};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Package of the compaction strategies 1.2 ships.
pub const COMPACTION_PACKAGE: &str = "org.apache.cassandra.db.compaction.";
/// 1.2's default compaction strategy.
pub const SIZE_TIERED: &str = "org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy";
/// 1.2's other compaction strategy.
pub const LEVELED: &str = "org.apache.cassandra.db.compaction.LeveledCompactionStrategy";
/// 2.0.11's strategy for time series (see [`super::Rules::date_tiered`]).
pub const DATE_TIERED: &str = "org.apache.cassandra.db.compaction.DateTieredCompactionStrategy";
/// 3.0.8's strategy for time series (see [`super::Rules::time_window`]).
pub const TIME_WINDOW: &str = "org.apache.cassandra.db.compaction.TimeWindowCompactionStrategy";
/// Package of the sstable compressors 1.2 ships.
pub const COMPRESSION_PACKAGE: &str = "org.apache.cassandra.io.compress.";
/// 1.2's default compressor for user column families.
pub const SNAPPY: &str = "org.apache.cassandra.io.compress.SnappyCompressor";
/// Compression option naming the compressor class.
pub const SSTABLE_COMPRESSION: &str = "sstable_compression";
/// Compression option giving the chunk length in KiB.
pub const CHUNK_LENGTH_KB: &str = "chunk_length_kb";
/// Compression option accepted by every compressor.
pub const CRC_CHECK_CHANCE: &str = "crc_check_chance";

/// 1.2's defaults (`CFMetaData.DEFAULT_*`).
pub const DEFAULT_READ_REPAIR_CHANCE: f64 = 0.1;
pub const DEFAULT_DCLOCAL_READ_REPAIR_CHANCE: f64 = 0.0;
pub const DEFAULT_GC_GRACE_SECONDS: i32 = 864_000;
pub const DEFAULT_MIN_COMPACTION_THRESHOLD: i32 = 4;
pub const DEFAULT_MAX_COMPACTION_THRESHOLD: i32 = 32;

/// A secondary index's kind (Thrift `IndexType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IndexType {
    Keys,
    Custom,
    Composites,
}

impl IndexType {
    /// The enum constant's name, as Cassandra stores and prints it.
    pub fn as_str(self) -> &'static str {
        match self {
            IndexType::Keys => "KEYS",
            IndexType::Custom => "CUSTOM",
            IndexType::Composites => "COMPOSITES",
        }
    }

    /// The Thrift enum value.
    pub fn thrift_value(self) -> i32 {
        match self {
            IndexType::Keys => 0,
            IndexType::Custom => 1,
            IndexType::Composites => 2,
        }
    }

    pub fn from_thrift_value(value: i32) -> Option<IndexType> {
        match value {
            0 => Some(IndexType::Keys),
            1 => Some(IndexType::Custom),
            2 => Some(IndexType::Composites),
            _ => None,
        }
    }

    pub fn from_name(name: &str) -> Option<IndexType> {
        [IndexType::Keys, IndexType::Custom, IndexType::Composites]
            .into_iter()
            .find(|t| t.as_str() == name)
    }
}

/// What the caches hold for a column family (1.2's `Caching`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Caching {
    All,
    KeysOnly,
    RowsOnly,
    None,
}

impl Caching {
    pub const ALL: [Caching; 4] = [
        Caching::All,
        Caching::KeysOnly,
        Caching::RowsOnly,
        Caching::None,
    ];

    /// The enum constant's name, which is what 1.2 reports (`KEYS_ONLY`).
    pub fn as_str(self) -> &'static str {
        match self {
            Caching::All => "ALL",
            Caching::KeysOnly => "KEYS_ONLY",
            Caching::RowsOnly => "ROWS_ONLY",
            Caching::None => "NONE",
        }
    }

    /// Case-insensitive, as 1.2's `Caching.fromString`; the error is its message.
    pub fn parse(text: &str) -> Result<Caching, String> {
        let upper = text.to_uppercase();
        Caching::ALL
            .into_iter()
            .find(|c| c.as_str() == upper)
            .ok_or_else(|| {
                format!("{text} not found, available types: ALL, KEYS_ONLY, ROWS_ONLY, NONE.")
            })
    }

    pub fn caches_keys(self) -> bool {
        matches!(self, Caching::All | Caching::KeysOnly)
    }

    pub fn caches_rows(self) -> bool {
        matches!(self, Caching::All | Caching::RowsOnly)
    }
}

/// One entry of a column family's `column_metadata`.
#[derive(Clone, Debug)]
pub struct ColumnDef {
    /// The column's name as stored (for a composite comparator with a
    /// `component_index`, one component of it).
    pub name: Vec<u8>,
    /// Validates the column's values.
    pub validation_class: TypeRef,
    pub index_type: Option<IndexType>,
    pub index_name: Option<String>,
    pub index_options: Option<BTreeMap<String, String>>,
    /// Which component of a composite comparator `name` refers to (CQL3
    /// tables); `None` for Thrift-declared columns, which name whole cells.
    pub component_index: Option<i32>,
    /// A CQL3 table's `static` column (2.0's `schema_columns.type`
    /// 'static'): its cells are named by the static prefix.
    pub is_static: bool,
}

impl ColumnDef {
    /// A column declared by its name and validator alone: no index, naming
    /// whole cells (no component), not static.
    pub fn plain(name: Vec<u8>, validation_class: TypeRef) -> ColumnDef {
        ColumnDef {
            name,
            validation_class,
            index_type: None,
            index_name: None,
            index_options: None,
            component_index: None,
            is_static: false,
        }
    }
}

impl PartialEq for ColumnDef {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && self.validation_class.class_name() == other.validation_class.class_name()
            && self.index_type == other.index_type
            && self.index_name == other.index_name
            && self.index_options == other.index_options
            && self.component_index == other.component_index
            && self.is_static == other.is_static
    }
}

/// The 1.2 attributes of a column family that 0.6 did not have.
#[derive(Clone, Debug)]
pub struct CfOptions {
    /// Validates values of columns without their own `validation_class`.
    pub default_validation_class: TypeRef,
    /// Validates row keys.
    pub key_validation_class: TypeRef,
    /// Declared columns, sorted by name bytes, names unique.
    pub column_metadata: Vec<ColumnDef>,
    pub read_repair_chance: f64,
    pub dclocal_read_repair_chance: f64,
    pub min_compaction_threshold: i32,
    pub max_compaction_threshold: i32,
    pub replicate_on_write: bool,
    /// CQL names of the partition key components (Thrift's `key_alias` is
    /// the single-alias case).
    pub key_aliases: Vec<Vec<u8>>,
    /// CQL names of the clustering components (stored for the CQL layer).
    pub column_aliases: Vec<Vec<u8>>,
    /// CQL name of a compact table's value (stored for the CQL layer).
    pub value_alias: Option<Vec<u8>>,
    /// 2.0's secondary indexes on a CQL 3 table's key columns (a
    /// clustering column, a part of a composite partition key), sorted by
    /// name: `name` is the column's, `component_index` its position among
    /// the clustering columns or the partition key's parts. Never in
    /// `column_metadata` (Thrift's `toThrift` listed regular columns only).
    pub key_indexes: Vec<ColumnDef>,
    /// Full class name, e.g. [`SIZE_TIERED`].
    pub compaction_strategy: String,
    pub compaction_strategy_options: BTreeMap<String, String>,
    /// As 1.2 reports them: `sstable_compression` holds the full class name,
    /// `chunk_length_kb` is present only when it was given; empty means no
    /// compression.
    pub compression_options: BTreeMap<String, String>,
    /// `None` until a client sets it (1.2.9 then omits it from replies).
    pub bloom_filter_fp_chance: Option<f64>,
    pub caching: Caching,
    pub populate_io_cache_on_flush: bool,
    /// Attributes Thrift 19.37+ (Cassandra 2.0) added. 1.2.9 neither reads
    /// nor reports them; they are kept as given (`None` when never set) so
    /// a 2.0-era client reads back what it wrote.
    pub memtable_flush_period_in_ms: Option<i32>,
    pub default_time_to_live: Option<i32>,
    pub speculative_retry: Option<String>,
    pub index_interval: Option<i32>,
    /// Thrift 19.39 (Cassandra 2.1): the index interval range, as given.
    pub min_index_interval: Option<i32>,
    pub max_index_interval: Option<i32>,
    /// Thrift 19.39 (Cassandra 2.1): the row cache's cells per partition, as given.
    pub cells_per_row_to_cache: Option<String>,
    /// The cache settings of a 0.7-1.0 CfDef, as given (see [`OldCacheSettings`]).
    pub old_cache: OldCacheSettings,
    /// 2.0 kept the table dense through Thrift updates once it was (see
    /// `Rules::updates_keep_dense`); never described.
    pub dense_kept: bool,
    /// 2.0's triggers, as a CfDef gave them (none can run here).
    pub triggers: Vec<super::spec::TriggerSpec>,
    /// The columns CQL's ALTER TABLE ... DROP removed (2.0's
    /// `CFMetaData.droppedColumns`), each as it was when dropped.
    pub dropped_columns: Vec<DroppedColumn>,
    /// The aliases the schema tables hold where they differ from the live
    /// ones above: 1.2.17 to 1.2.19 wrote an update's aliases there but
    /// kept the live definition's (`Rules::live_aliases_kept`). The schema
    /// file keeps these, so a restart makes them live, as it did.
    pub stored_aliases: Option<Aliases>,
}

/// A column family's CQL 3 names: its key aliases, column aliases and value
/// alias, as [`CfOptions`] holds them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Aliases {
    pub key: Vec<Vec<u8>>,
    pub column: Vec<Vec<u8>>,
    pub value: Option<Vec<u8>>,
}

/// A column a table had until ALTER TABLE ... DROP: its name, its type's
/// marshal class and whether it was static (3.0 kept the type and kind to
/// judge a column of that name added again).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DroppedColumn {
    pub name: String,
    pub class: String,
    pub is_static: bool,
}

/// The cache settings a CfDef of Cassandra 0.7 to 1.0 carried itself (1.1
/// replaced them with `caching`), 0.7's and 0.8's memtable thresholds, and
/// 0.8's and 1.0's counter shard merging chance:
/// kept as a client gave them so a release
/// that described them answers them back. `None`: not given (the release's
/// default is the front end's business). They change nothing here; a
/// schema call that does not give them clears them, as those releases did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OldCacheSettings {
    pub row_cache_size: Option<f64>,
    pub key_cache_size: Option<f64>,
    pub row_cache_save_period_in_seconds: Option<i32>,
    pub key_cache_save_period_in_seconds: Option<i32>,
    pub row_cache_provider: Option<String>,
    pub row_cache_keys_to_save: Option<i32>,
    pub memtable_flush_after_mins: Option<i32>,
    pub memtable_throughput_in_mb: Option<i32>,
    pub memtable_operations_in_millions: Option<f64>,
    pub merge_shards_chance: Option<f64>,
}

impl OldCacheSettings {
    /// Nothing given.
    pub fn is_empty(&self) -> bool {
        *self == OldCacheSettings::default()
    }
}

impl Default for CfOptions {
    /// Exactly what 1.2.9 reports for a CF created with keyspace and name only.
    fn default() -> Self {
        let bytes = || -> TypeRef { Arc::new(BytesType) };
        CfOptions {
            default_validation_class: bytes(),
            key_validation_class: bytes(),
            column_metadata: Vec::new(),
            read_repair_chance: DEFAULT_READ_REPAIR_CHANCE,
            dclocal_read_repair_chance: DEFAULT_DCLOCAL_READ_REPAIR_CHANCE,
            min_compaction_threshold: DEFAULT_MIN_COMPACTION_THRESHOLD,
            max_compaction_threshold: DEFAULT_MAX_COMPACTION_THRESHOLD,
            replicate_on_write: true,
            key_aliases: Vec::new(),
            column_aliases: Vec::new(),
            value_alias: None,
            key_indexes: Vec::new(),
            compaction_strategy: SIZE_TIERED.to_string(),
            compaction_strategy_options: BTreeMap::new(),
            compression_options: [(SSTABLE_COMPRESSION.to_string(), SNAPPY.to_string())]
                .into_iter()
                .collect(),
            bloom_filter_fp_chance: None,
            caching: Caching::KeysOnly,
            populate_io_cache_on_flush: false,
            memtable_flush_period_in_ms: None,
            default_time_to_live: None,
            speculative_retry: None,
            index_interval: None,
            min_index_interval: None,
            max_index_interval: None,
            cells_per_row_to_cache: None,
            old_cache: OldCacheSettings::default(),
            dense_kept: false,
            triggers: Vec::new(),
            dropped_columns: Vec::new(),
            stored_aliases: None,
        }
    }
}

impl PartialEq for CfOptions {
    fn eq(&self, other: &Self) -> bool {
        self.default_validation_class.class_name() == other.default_validation_class.class_name()
            && self.key_validation_class.class_name() == other.key_validation_class.class_name()
            && self.column_metadata == other.column_metadata
            && self.read_repair_chance == other.read_repair_chance
            && self.dclocal_read_repair_chance == other.dclocal_read_repair_chance
            && self.min_compaction_threshold == other.min_compaction_threshold
            && self.max_compaction_threshold == other.max_compaction_threshold
            && self.replicate_on_write == other.replicate_on_write
            && self.key_aliases == other.key_aliases
            && self.column_aliases == other.column_aliases
            && self.value_alias == other.value_alias
            && self.key_indexes == other.key_indexes
            && self.compaction_strategy == other.compaction_strategy
            && self.compaction_strategy_options == other.compaction_strategy_options
            && self.compression_options == other.compression_options
            && self.bloom_filter_fp_chance == other.bloom_filter_fp_chance
            && self.caching == other.caching
            && self.populate_io_cache_on_flush == other.populate_io_cache_on_flush
            && self.memtable_flush_period_in_ms == other.memtable_flush_period_in_ms
            && self.default_time_to_live == other.default_time_to_live
            && self.speculative_retry == other.speculative_retry
            && self.index_interval == other.index_interval
            && self.min_index_interval == other.min_index_interval
            && self.max_index_interval == other.max_index_interval
            && self.cells_per_row_to_cache == other.cells_per_row_to_cache
            && self.triggers == other.triggers
            && self.dropped_columns == other.dropped_columns
            && self.stored_aliases == other.stored_aliases
            && self.old_cache == other.old_cache
    }
}

impl CfOptions {
    /// The declared column named `name`, if any.
    pub fn column(&self, name: &[u8]) -> Option<&ColumnDef> {
        self.column_metadata
            .binary_search_by(|c| c.name.as_slice().cmp(name))
            .ok()
            .map(|i| &self.column_metadata[i])
    }

    /// The validator for values of column `name`.
    pub fn value_validator(&self, name: &[u8]) -> &TypeRef {
        self.column(name)
            .map(|c| &c.validation_class)
            .unwrap_or(&self.default_validation_class)
    }

    /// The single key alias Thrift reports as `key_alias` (1.2 reports it
    /// only when exactly one is set).
    pub fn key_alias(&self) -> Option<&[u8]> {
        match self.key_aliases.as_slice() {
            [one] => Some(one),
            _ => None,
        }
    }

    /// The live aliases.
    pub fn aliases(&self) -> Aliases {
        Aliases {
            key: self.key_aliases.clone(),
            column: self.column_aliases.clone(),
            value: self.value_alias.clone(),
        }
    }

    /// The aliases the schema tables hold (see [`CfOptions::stored_aliases`]).
    pub fn schema_table_aliases(&self) -> Aliases {
        self.stored_aliases
            .clone()
            .unwrap_or_else(|| self.aliases())
    }

    /// Sets the live aliases.
    pub fn set_aliases(&mut self, aliases: Aliases) {
        self.key_aliases = aliases.key;
        self.column_aliases = aliases.column;
        self.value_alias = aliases.value;
    }

    /// Every index name of the column family: its declared columns' and
    /// its key columns' (see [`CfOptions::key_indexes`]).
    pub fn index_names(&self) -> impl Iterator<Item = &str> {
        self.indexed_columns()
            .chain(self.key_indexes.iter())
            .filter_map(|c| c.index_name.as_deref())
    }

    /// Declared columns carrying a secondary index.
    pub fn indexed_columns(&self) -> impl Iterator<Item = &ColumnDef> {
        self.column_metadata
            .iter()
            .filter(|c| c.index_type.is_some())
    }

    /// The configured bloom filter false-positive chance, or 1.2's default
    /// for the compaction strategy (0.1 for leveled, 0.01 otherwise).
    pub fn effective_bloom_filter_fp_chance(&self) -> f64 {
        match self.bloom_filter_fp_chance {
            Some(c) if c != 0.0 => c,
            _ if self.compaction_strategy == LEVELED => 0.1,
            _ => 0.01,
        }
    }
}
