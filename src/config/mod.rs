//! Reading `storage-conf.xml` (Cassandra 0.6 format) or a Cassandra 0.7–2.x
//! `cassandra.yaml` (see [`yaml`]) into one plain [`Config`].
//!
//! Owns the file formats: every element and attribute 0.6 read, 0.6's
//! defaults, and 0.6's validation (with 0.6's messages where it had one),
//! plus a few supercolumn settings; which format a file is is decided by
//! its content ([`Config::from_file`]), and the repository's
//! `storage-conf.xml` is built in ([`Config::builtin`]). The result holds only strings, numbers and
//! paths: resolving comparators and the partitioner is [`crate::schema`]'s
//! job, choosing an authenticator is [`crate::auth`]'s. Nothing here touches
//! the data directories.
//!
//! Decisions worth knowing:
//! - Relative paths in the file (directories, password files) are relative to
//!   the process's current directory, as they were for 0.6 (which simply used
//!   `new File(path)`), not to the config file's directory.
//! - Unknown elements and attributes are accepted with a warning (0.6 silently
//!   ignored them); see [`Config::warnings`]. One within a small edit
//!   distance of a known name is refused with "did you mean …?" ([`suggest`]).
//! - A file without keyspaces is valid: the schema API creates them.
//! - Settings that only matter in a multi-node cluster are accepted and
//!   listed by [`Config::ignored`] so the server can say so at start-up.
//! - Leaf values are trimmed, and an empty element counts as absent (0.6's
//!   XPath helper turned "" into null).
//! - A ColumnFamily's comment comes only from its first `<Comment>` child
//!   element, untrimmed (0.6 read it with XPath). A `Comment="..."`
//!   attribute, which 0.6's sample conf showed but 0.6 never read, is
//!   ignored with a warning, so `describe_keyspace` answers as 0.6.8 did.
//!   0.6 also swapped the two cache save periods internally; we keep each
//!   where it was written.
//! - Supercolumn additions: `ThriftMaxMessageLengthInMB` (default 16, from
//!   0.7's `thrift_max_message_length_in_mb`), the connection and memory
//!   limits of [`ThriftLimits`], and the `PasswdProperties`,
//!   `AccessProperties` and `PasswdMode` attributes on `<Authenticator>`
//!   (0.6 took these from Java system properties; 0.6 ignores attributes on
//!   that element, so such a file still loads in 0.6).
//! - `DiskAccessMode` defaults to `auto` (0.6 crashed without it), `ClusterName`
//!   to "Test", and at least one `<Seed>` is not required on a single node.

mod admin;
mod context;
mod directories;
mod error;
mod suggest;
mod values;
pub(crate) mod xml;
pub(crate) mod yaml;

pub use admin::{AdminChoice, AdminListen, DEFAULT_ADMIN_HOST, DEFAULT_ADMIN_PORT};
pub(crate) use directories::same_path;
pub use directories::Directories;
pub use error::{ConfigError, ConfigWarning, IgnoredSetting};
pub use values::CacheSize;

use crate::input_bounds::{read_regular_file, MAX_CONFIG_BYTES};
use crate::release::Release;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The class 0.6 used when `<Authenticator>` is absent.
pub const DEFAULT_AUTHENTICATOR: &str = "org.apache.cassandra.auth.AllowAllAuthenticator";

/// How commit log writes become durable.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CommitLogSync {
    /// Acknowledge at once, fsync every `period_in_ms`.
    Periodic { period_in_ms: u32 },
    /// Acknowledge only after an fsync; writes arriving within `window_in_ms`
    /// share one fsync.
    Batch { window_in_ms: f64 },
}

/// `<ThriftApiDefault>` (a supercolumn element) or `serve --api-default`:
/// the Thrift API generation that answers describe_keyspace(s) and the
/// other calls identical in both generations on a connection that has not
/// shown which one it speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ThriftApi {
    /// API 2.2.0 (Cassandra 0.6).
    Api2,
    /// API 19.x (Cassandra 0.7 to 2.x).
    Api19,
    /// By the connection's transport (the default): framed is 19.x,
    /// unframed 0.6.
    #[default]
    Auto,
}

impl ThriftApi {
    /// `0.6`, `19` or `auto`, as the config element and the flag spell it.
    pub fn parse(text: &str) -> Option<ThriftApi> {
        match text.trim() {
            "0.6" => Some(ThriftApi::Api2),
            "19" => Some(ThriftApi::Api19),
            "auto" => Some(ThriftApi::Auto),
            _ => None,
        }
    }
}

/// Which kind of file a [`Config`] was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConfigFormat {
    /// Cassandra 0.6's `storage-conf.xml`.
    StorageConfXml,
    /// Cassandra 0.7–2.x's `cassandra.yaml`.
    CassandraYaml,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiskAccessMode {
    Auto,
    Mmap,
    MmapIndexOnly,
    Standard,
}

impl DiskAccessMode {
    pub fn as_str(self) -> &'static str {
        match self {
            DiskAccessMode::Auto => "auto",
            DiskAccessMode::Mmap => "mmap",
            DiskAccessMode::MmapIndexOnly => "mmap_index_only",
            DiskAccessMode::Standard => "standard",
        }
    }
}

/// `<Authenticator>` and where SimpleAuthenticator finds its files.
#[derive(Debug, Clone, PartialEq)]
pub struct AuthenticatorConfig {
    /// Class name as written, e.g. `org.apache.cassandra.auth.SimpleAuthenticator`.
    pub class_name: String,
    /// `PasswdProperties` attribute: the `passwd.properties` file.
    pub passwd_properties: Option<PathBuf>,
    /// `AccessProperties` attribute: the `access.properties` file.
    pub access_properties: Option<PathBuf>,
    /// `PasswdMode` attribute: `PLAIN` or `MD5` (0.6's `-Dpasswd.mode`).
    pub passwd_mode: Option<String>,
    /// Line of the element, when present.
    pub line: Option<usize>,
}

/// One `<ColumnFamily>`.
#[derive(Debug, Clone, PartialEq)]
pub struct ColumnFamilyConfig {
    pub name: String,
    pub line: usize,
    /// `Standard` or `Super`.
    pub column_type: String,
    /// Comparator name as written (default `BytesType`).
    pub compare_with: String,
    /// Sub-comparator name; `Some` exactly for Super CFs (default `BytesType`).
    pub compare_subcolumns_with: Option<String>,
    pub comment: Option<String>,
    /// Default 200000.
    pub keys_cached: CacheSize,
    /// Default 0.
    pub rows_cached: CacheSize,
    pub row_cache_save_period_in_seconds: u32,
    pub key_cache_save_period_in_seconds: u32,
    /// What only a 0.7 `cassandra.yaml` can say about a column family.
    pub extra: CfExtras,
}

/// Column-family attributes of a 0.7 `cassandra.yaml` `keyspaces:` section
/// that `storage-conf.xml` cannot express (all unset from XML). Type names
/// stay strings; the schema resolves them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CfExtras {
    pub default_validation_class: Option<String>,
    pub gc_grace_seconds: Option<i32>,
    pub read_repair_chance: Option<f64>,
    pub min_compaction_threshold: Option<i32>,
    pub max_compaction_threshold: Option<i32>,
    pub replicate_on_write: Option<bool>,
    pub column_metadata: Vec<ColumnMetadataConfig>,
}

/// One `column_metadata` entry of a 0.7 `cassandra.yaml` column family.
#[derive(Debug, Clone, PartialEq)]
pub struct ColumnMetadataConfig {
    /// The column name as text; its UTF-8 bytes are the name, as 0.7 read
    /// it whatever the comparator.
    pub name: String,
    /// Default `BytesType`.
    pub validator_class: String,
    /// `KEYS` when indexed.
    pub index_type: Option<String>,
    pub index_name: Option<String>,
    pub line: usize,
}

impl ColumnFamilyConfig {
    pub fn is_super(&self) -> bool {
        self.column_type == "Super"
    }
}

/// One `<Keyspace>`.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyspaceConfig {
    pub name: String,
    pub line: usize,
    pub replica_placement_strategy: String,
    pub replication_factor: i32,
    pub endpoint_snitch: String,
    /// A 0.7 `cassandra.yaml`'s `strategy_options`; `None` from XML (the
    /// replication factor is then the only option).
    pub strategy_options: Option<BTreeMap<String, String>>,
    /// In file order.
    pub column_families: Vec<ColumnFamilyConfig>,
}

impl KeyspaceConfig {
    pub fn column_family(&self, name: &str) -> Option<&ColumnFamilyConfig> {
        self.column_families.iter().find(|cf| cf.name == name)
    }
}

/// Supercolumn's own limits on client connections (Cassandra had none of
/// these but the message size): `<ThriftMaxConnections>`,
/// `<ThriftIdleTimeoutInSeconds>`, `<ThriftReadTimeoutInSeconds>`,
/// `<ThriftWriteTimeoutInSeconds>`, `<ThriftMemoryBudgetInMB>` and
/// `<PreparedStatementsCacheSizeInMB>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThriftLimits {
    /// `None` (the default): as many as the file-descriptor limit leaves
    /// room for after the server's reserve.
    pub max_connections: Option<u32>,
    /// 0 (the default): never close an idle connection.
    pub idle_timeout_in_seconds: u32,
    /// Default 10; 0: none. How long a request begun may pause between
    /// bytes (every port), how long a native connection may take to log in
    /// (or to send STARTUP when no login is needed), and how long an admin
    /// request may take to send its headers.
    pub read_timeout_in_seconds: u32,
    /// Default 60; 0: wait forever for a peer to read its reply.
    pub write_timeout_in_seconds: u32,
    /// Default 512.
    pub memory_budget_in_mb: u32,
    /// Default 64: what the CQL 3 prepared statements (of Thrift and the
    /// native protocol alike: one entry serves both ids) may take, least
    /// recently used evicted first.
    pub prepared_cache_in_mb: u32,
    /// Default 64: the same bound for the CQL 2 prepared statements (a
    /// cache only Thrift uses). `<PreparedStatementsCacheSizeInMB>` sets
    /// both; a `cassandra.yaml` sets them apart.
    pub cql2_prepared_cache_in_mb: u32,
}

impl Default for ThriftLimits {
    fn default() -> Self {
        ThriftLimits {
            max_connections: None,
            idle_timeout_in_seconds: 0,
            read_timeout_in_seconds: 10,
            write_timeout_in_seconds: 60,
            memory_budget_in_mb: 512,
            prepared_cache_in_mb: 64,
            cql2_prepared_cache_in_mb: 64,
        }
    }
}

/// Everything the configuration file says, with 0.6's defaults filled in
/// (a `cassandra.yaml` is mapped onto the same settings).
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Where the configuration came from (a path or `<string>`), for messages.
    pub origin: String,
    /// The file it was read from, if any.
    pub source: Option<PathBuf>,
    pub format: ConfigFormat,

    pub cluster_name: String,
    pub auto_bootstrap: bool,
    pub hinted_handoff_enabled: bool,
    pub index_interval: u32,
    /// In file order; may be empty. They seed the schema (see
    /// `schema::SchemaStore`): afterwards the persisted schema is the truth.
    pub keyspaces: Vec<KeyspaceConfig>,
    pub authenticator: AuthenticatorConfig,
    /// Class name as written, e.g. `org.apache.cassandra.dht.RandomPartitioner`.
    pub partitioner: String,
    pub initial_token: Option<String>,
    /// A `cassandra.yaml`'s `num_tokens` (vnodes, from 1.2), or the stock
    /// configuration's of the release answered as; `None` from XML: one
    /// token. The node describes that many tokens of its own.
    pub num_tokens: Option<u32>,
    pub saved_caches_directory: Option<PathBuf>,
    pub commit_log_directory: Option<PathBuf>,
    pub data_file_directories: Vec<PathBuf>,
    pub seeds: Vec<String>,
    pub rpc_timeout_in_millis: u64,
    pub phi_convict_threshold: u32,
    pub commit_log_rotation_threshold_in_mb: u32,
    pub listen_address: Option<String>,
    pub storage_port: u16,
    pub thrift_address: Option<String>,
    pub thrift_port: u16,
    pub thrift_framed_transport: bool,
    pub thrift_api_default: ThriftApi,
    /// `<Thrift19Port>` (a supercolumn element): a second port on the
    /// Thrift address where every call is API 19.x.
    pub thrift19_port: Option<u16>,
    /// `<AdminListen>` / yaml `admin_listen` (supercolumn settings): where
    /// the admin HTTP surface listens, or `off`; `None` (not set): on
    /// 127.0.0.1:7199 when that port is free.
    pub admin_listen: Option<AdminChoice>,
    /// Where the CQL native protocol is served (on the Thrift address):
    /// `<NativeTransportPort>` (a supercolumn element; absent: not served),
    /// yaml `native_transport_port` when `start_native_transport: true`.
    pub native_port: Option<u16>,
    /// `cassandra.yaml`'s `thrift_framed_transport_size_in_mb` (0 meant
    /// unframed in 0.7–1.1); `None` from XML.
    pub thrift_framed_transport_size_in_mb: Option<u32>,
    pub thrift_max_message_length_in_mb: u32,
    pub thrift_limits: ThriftLimits,
    /// `<SlowRequestThresholdInMS>` (a supercolumn element), yaml
    /// `slow_query_log_timeout_in_ms` (3.10+'s name): calls at least this
    /// slow are logged at INFO. Default 500; 0 logs none.
    pub slow_request_threshold_in_ms: u32,
    /// `<ActivityLogSize>` (a supercolumn element), yaml `activity_log_size`:
    /// calls the activity record keeps (see `node::calls::activity`); 0 records
    /// none. `None`: 1000 when the admin surface is on, else 0.
    pub activity_log_size: Option<u32>,
    /// `<Backend>` (a supercolumn element), yaml `backend`: where the data
    /// lives, as `serve --backend` takes it (`cassandra://HOST[:PORT],...`;
    /// parsed and checked by `gateway::driver::url` at start-up). `None`: the
    /// embedded engine.
    pub backend: Option<String>,
    /// `<CassandraVersion>` (a supercolumn element), yaml
    /// `cassandra_version`: the release to answer as (see
    /// [`crate::release`]), as `serve --cassandra-version` takes it.
    /// `None`: 0.6.8 and 1.2.9 on one port.
    pub cassandra_version: Option<&'static Release>,
    pub disk_access_mode: DiskAccessMode,
    pub row_warning_threshold_in_mb: u64,
    pub sliced_buffer_size_in_kb: u32,
    pub flush_data_buffer_size_in_mb: f64,
    pub flush_index_buffer_size_in_mb: f64,
    pub column_index_size_in_kb: u32,
    /// One memtable's flush size; 0 (a cassandra.yaml without the key,
    /// as from 1.0 on) sets no such bound.
    pub memtable_throughput_in_mb: u32,
    pub binary_memtable_throughput_in_mb: u32,
    /// One memtable's flush operation count; 0 (a cassandra.yaml without
    /// the key) sets no such bound.
    pub memtable_operations_in_millions: f64,
    pub memtable_flush_after_minutes: u32,
    /// cassandra.yaml `memtable_total_space_in_mb` (1.0 to 1.2): all
    /// memtables together; the largest is flushed past it. `None` when
    /// absent: a yaml config then gets [`default_memtable_total_space_mb`],
    /// a storage-conf.xml (0.6 had no such setting) no total bound.
    pub memtable_total_space_in_mb: Option<u32>,
    pub concurrent_reads: u32,
    pub concurrent_writes: u32,
    pub commit_log_sync: CommitLogSync,
    /// `<CommitLogIgnoreReplayErrors>` (a supercolumn element, default
    /// false): start even when the commit log is corrupt, replaying every
    /// intact record (Cassandra's `cassandra.commitlog.ignorereplayerrors`).
    pub commit_log_ignore_replay_errors: bool,
    /// Global in 0.6 (per column family only from 0.7).
    pub gc_grace_seconds: i32,
    pub do_consistency_checks: bool,
    pub snapshot_before_compaction: bool,
    pub job_tracker_host: Option<String>,
    pub job_jar_file_location: Option<String>,

    warnings: Vec<ConfigWarning>,
    /// Top-level element name → line, for elements present in the file.
    lines: BTreeMap<String, usize>,
    /// Present multi-node-only settings (computed while parsing).
    ignored: Vec<IgnoredSetting>,
}

/// The slow-request log's threshold when the configuration sets none
/// (Cassandra 3.10's `slow_query_log_timeout_in_ms` default).
pub const DEFAULT_SLOW_REQUEST_MS: u32 = 500;

/// The most tokens a node may own (Cassandra's `num_tokens` cap).
pub const MAX_NUM_TOKENS: i64 = 1536;

/// The largest activity record a configuration may ask for.
pub const MAX_ACTIVITY_LOG_SIZE: i64 = 1_000_000;

/// The largest prepared-statement cache a configuration may ask for, in MB.
pub const MAX_PREPARED_CACHE_MB: u32 = 1_000_000;

/// Thrift address used when neither `ThriftAddress` nor `ListenAddress` is set.
pub const DEFAULT_THRIFT_ADDRESS: &str = "127.0.0.1";

/// The repository's `storage-conf.xml`, built into the binary: what
/// `supercolumn serve` runs on when given no configuration.
pub const BUILTIN_STORAGE_CONF: &str = include_str!("../../storage-conf.xml");

/// How [`Config::builtin`] names itself in messages.
pub const BUILTIN_ORIGIN: &str = "<built-in storage-conf.xml>";

impl Config {
    /// Reads and validates a file: a `storage-conf.xml` when its first
    /// non-blank character is `<`, else a `cassandra.yaml` (the content
    /// decides, not the file name).
    pub fn from_file(path: impl AsRef<Path>) -> Result<Config, ConfigError> {
        let path = path.as_ref();
        // A regular file under a size cap: a FIFO or a device would be
        // read for ever.
        let bytes =
            read_regular_file(path, MAX_CONFIG_BYTES).map_err(|source| ConfigError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        let origin = path.display().to_string();
        let text = utf8(&bytes, &origin)?;
        if is_xml(text) {
            xml::parse(text, origin, Some(path.to_path_buf()))
        } else {
            yaml::parse(text, origin, Some(path.to_path_buf()))
        }
    }

    /// What a node of `release` ran on when started from its own stock
    /// configuration file with nothing edited: the built-in default's
    /// directories and ports, no keyspaces, and the release's cluster
    /// name, partitioner and tokens ([`crate::release::StockDefaults`]).
    /// The native protocol is served only by a release that had it.
    pub fn stock(release: &'static Release) -> Config {
        let mut config = Config::builtin();
        let stock = &release.defaults;
        config.origin = format!("<stock configuration of Cassandra {}>", release.version);
        config.keyspaces.clear();
        config.cluster_name = stock.cluster_name.to_string();
        config.partitioner = stock.partitioner.to_string();
        config.initial_token = None;
        config.num_tokens = stock.num_tokens;
        config.cassandra_version = Some(release);
        if release.native_versions.is_empty() {
            config.native_port = None;
        }
        config
    }

    /// The built-in default ([`BUILTIN_STORAGE_CONF`]): relative paths, so
    /// data goes under `./data`.
    pub fn builtin() -> Config {
        xml::parse(BUILTIN_STORAGE_CONF, BUILTIN_ORIGIN.to_string(), None)
            .expect("the built-in storage-conf.xml is valid (checked by a test)")
    }

    /// Parses a `cassandra.yaml` held in memory; `origin` names it in messages.
    pub fn from_yaml(text: &str, origin: &str) -> Result<Config, ConfigError> {
        yaml::parse(text, origin.to_string(), None)
    }

    /// Parses a configuration held in memory; `origin` names it in messages.
    pub fn from_xml(text: &str, origin: &str) -> Result<Config, ConfigError> {
        xml::parse(text, origin.to_string(), None)
    }

    /// Accepted-with-a-warning findings (unknown elements, deprecated attributes).
    pub fn warnings(&self) -> &[ConfigWarning] {
        &self.warnings
    }

    /// Refuses, with the release's words, what supercolumn accepts but the
    /// release it answers as ([`Config::cassandra_version`]) refused in its
    /// own kind of file: a storage-conf.xml without keyspaces for 0.6, a
    /// cassandra.yaml key it had no property for from 0.7 on. Without a
    /// release, or with the other kind of file (which that release never
    /// read), those stay warnings.
    pub fn check_release(&self) -> Result<(), ConfigError> {
        let Some(release) = self.cassandra_version else {
            return Ok(());
        };
        let api2 = release.generation == crate::release::ThriftGeneration::Api2;
        if api2 != (self.format == ConfigFormat::StorageConfXml) {
            return Ok(());
        }
        match self
            .warnings
            .iter()
            .find_map(|w| Some((w.line, w.refused_by_release.as_ref()?)))
        {
            Some((line, words)) => Err(ConfigError::Refused {
                origin: self.origin.clone(),
                line,
                release: release.version,
                message: words.clone(),
            }),
            None => Ok(()),
        }
    }

    /// Settings present in the file that a single node accepts but ignores
    /// (seeds, ports and timeouts between nodes, replication factors above 1, ...).
    pub fn ignored(&self) -> &[IgnoredSetting] {
        &self.ignored
    }

    /// Line of a top-level element (e.g. `"Partitioner"`), if present in the file.
    pub fn line_of(&self, element: &str) -> Option<usize> {
        self.lines.get(element).copied()
    }

    pub fn keyspace(&self, name: &str) -> Option<&KeyspaceConfig> {
        self.keyspaces.iter().find(|k| k.name == name)
    }

    /// The directory holding the config file (where SimpleAuthenticator looks
    /// for its files by default).
    pub fn config_dir(&self) -> Option<&Path> {
        self.source.as_deref().map(|p| match p.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        })
    }

    /// The Thrift listen address: `ThriftAddress`, else `ListenAddress` (as
    /// 0.6 fell back), else [`DEFAULT_THRIFT_ADDRESS`].
    pub fn thrift_listen_address(&self) -> &str {
        self.thrift_address
            .as_deref()
            .or(self.listen_address.as_deref())
            .unwrap_or(DEFAULT_THRIFT_ADDRESS)
    }

    /// Largest Thrift message accepted, in bytes: the maximum message
    /// length, or a `cassandra.yaml`'s framed transport size when that is
    /// smaller (1.x refused larger frames).
    pub fn thrift_max_message_length(&self) -> usize {
        let mb = match self.thrift_framed_transport_size_in_mb {
            Some(framed) if framed > 0 => framed.min(self.thrift_max_message_length_in_mb),
            _ => self.thrift_max_message_length_in_mb,
        };
        mb as usize * 1024 * 1024
    }

    /// The threshold of the slow-request log, `None` when it is off.
    pub fn slow_request_threshold(&self) -> Option<std::time::Duration> {
        (self.slow_request_threshold_in_ms > 0)
            .then(|| std::time::Duration::from_millis(self.slow_request_threshold_in_ms.into()))
    }

    /// True when this is a 0.6 `storage-conf.xml` declaring
    /// `ThriftFramedTransport` true: 0.6.8 then served only framed clients,
    /// so a framed connection's ambiguous first call is taken as 0.6 under
    /// `ThriftApiDefault` `auto`.
    pub fn framed_clients_speak_0_6(&self) -> bool {
        self.format == ConfigFormat::StorageConfXml && self.thrift_framed_transport
    }

    /// Command-line override of the address clients connect to.
    pub fn override_thrift_address(&mut self, address: &str) {
        self.thrift_address = Some(address.to_string());
    }

    /// Command-line override of the Thrift port.
    pub fn override_thrift_port(&mut self, port: u16) {
        self.thrift_port = port;
    }
}

/// A `storage-conf.xml` starts with `<` (a declaration, a comment or the
/// root element) after any byte-order mark and blanks; a `cassandra.yaml`
/// never does.
fn is_xml(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('<')
}

fn utf8<'a>(bytes: &'a [u8], origin: &str) -> Result<&'a str, ConfigError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
            + 1;
        ConfigError::Xml {
            origin: origin.to_string(),
            line,
            message: "the file is not valid UTF-8".into(),
        }
    })
}

#[cfg(test)]
pub mod testing;
#[cfg(test)]
mod tests;

/// The total memtable space of a cassandra.yaml that does not set
/// `memtable_total_space_in_mb`: a third of the heap Cassandra 1.2's
/// `cassandra-env.sh` would have given a node with `ram_mb` of memory
/// (half the memory up to 1 GB, or a quarter up to 8 GB, whichever is
/// more), as 1.2 used a third of its heap.
pub fn default_memtable_total_space_mb(ram_mb: u64) -> u64 {
    let heap = (ram_mb / 2).min(1024).max((ram_mb / 4).min(8192));
    (heap / 3).max(1)
}
