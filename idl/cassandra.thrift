// Thrift API 19.x: the client interface of Apache Cassandra 1.2 and 2.0.
//
// supercolumn speaks this generation for applications and drivers written against Cassandra
// 1.x/2.x (pycassa, Hector, Astyanax, cqlsh 3, YCSB's cassandra-10 binding). The wire contract
// -- method names, field ids, field types, requiredness, enum numbers, defaults, and the
// declaration order that fixes the order fields are written in -- follows the IDLs Cassandra
// published; comments and layout are our own. Treat every number here as frozen.
//
// Which version: VERSION is "19.36.0", the string Cassandra 1.2.9 reports (the 1.2 conformance
// cases were recorded against it). The method set is nevertheless the final one of the 19/20
// line (it adds cas, get_multi_slice, describe_local_ring, LOCAL_ONE, SERIAL, ...). Those
// additions are purely additive -- new methods, new optional fields, new enum values -- so a
// 1.2 client never notices them, and a later client can still call them.
//
// Generation: scripts/gen-thrift.sh (Rust into src/thrift/gen/, Python into clients/python/).
//
// Differences from API 2.2.0 (idl/cassandra-0.6.thrift) in one paragraph: the keyspace is
// chosen once per connection with set_keyspace instead of being passed to every call; row keys
// are `binary`; insert takes a ColumnParent plus a whole Column (which may carry a TTL);
// counters, secondary indexes, schema changes over Thrift and CQL were added; several 0.6
// calls were removed; ConsistencyLevel numbers 3 and 4 changed meaning and ZERO is gone.

// The generated clients of clients/<language>/ use the names Cassandra's own IDL gave them, so
// an app's imports read as they did (the py/rs names tell the two generations apart instead).
namespace java org.apache.cassandra.thrift
namespace cpp org.apache.cassandra
namespace php cassandra
namespace perl Cassandra
namespace rb CassandraThrift
namespace py cassandra19
namespace rs cassandra19

/** Version of the interface (not of the server). Clients compare the major number. */
const string VERSION = "19.36.0"

// ---------------------------------------------------------------------------------------------
// Data

/**
 * One cell. `value` and `timestamp` are optional on the wire only because some calls (a
 * counter delete, CAS expectations) do not need them; a normal write must set both. A `ttl`
 * (seconds) makes the cell expire.
 */
struct Column {
  1: required binary name,
  2: optional binary value,
  3: optional i64 timestamp,
  4: optional i32 ttl,
}

/** A named group of columns inside a super column family; it has no value of its own. */
struct SuperColumn {
  1: required binary name,
  2: required list<Column> columns,
}

/** A cell of a counter column family: its value is the sum of all increments. */
struct CounterColumn {
  1: required binary name,
  2: required i64 value
}

/** A named group of counter columns inside a super counter column family. */
struct CounterSuperColumn {
  1: required binary name,
  2: required list<CounterColumn> columns
}

/**
 * What a read returns: exactly one field is set, chosen by the kind of column family (standard
 * or super, plain or counter).
 */
struct ColumnOrSuperColumn {
  1: optional Column column,
  2: optional SuperColumn super_column,
  3: optional CounterColumn counter_column,
  4: optional CounterSuperColumn counter_super_column
}

// ---------------------------------------------------------------------------------------------
// Errors (a server fault that is none of these reaches the client as TApplicationException)

/** The column, super column or row asked for by `get` holds nothing, or no such keyspace. */
exception NotFoundException {
}

/** The request is malformed or names something that does not exist; `why` says which. */
exception InvalidRequestException {
  1: required string why
}

/** Too few replicas are up to satisfy the consistency level. */
exception UnavailableException {
}

/**
 * The replicas did not answer within the RPC timeout. For writes, `acknowledged_by` counts
 * the replicas that did answer; the two flags describe batch-log and Paxos (CAS) writes.
 */
exception TimedOutException {
  1: optional i32 acknowledged_by
  2: optional bool acknowledged_by_batchlog
  3: optional bool paxos_in_progress
}

/** `login` was refused: unknown user or wrong credentials. */
exception AuthenticationException {
  1: required string why
}

/** The logged-in user may not perform this operation. */
exception AuthorizationException {
  1: required string why
}

/** The nodes of the cluster do not agree on the schema, so a schema change was refused. */
exception SchemaDisagreementException {
}

// ---------------------------------------------------------------------------------------------
// Addressing

/**
 * How many replicas must acknowledge a write (or answer a read) before the call returns.
 * LOCAL_* count replicas in the coordinator's datacenter only; EACH_QUORUM wants a quorum in
 * every datacenter; SERIAL and LOCAL_SERIAL are the Paxos levels used by `cas`. ANY is for
 * writes only (a hint is enough).
 */
enum ConsistencyLevel {
  ONE = 1,
  QUORUM = 2,
  LOCAL_QUORUM = 3,
  EACH_QUORUM = 4,
  ALL = 5,
  ANY = 6,
  TWO = 7,
  THREE = 8,
  SERIAL = 9,
  LOCAL_SERIAL = 10,
  LOCAL_ONE = 11,
}

/** Selects a column family, or one super column within a super column family. */
struct ColumnParent {
  3: required string column_family,
  4: optional binary super_column,
}

/**
 * Points at a single column (or, for reads and removes, at a whole super column or row when
 * the lower levels are left out).
 */
struct ColumnPath {
  3: required string column_family,
  4: optional binary super_column,
  5: optional binary column,
}

/**
 * A contiguous run of column names, compared with the column family's comparator. An empty
 * `start` or `finish` leaves that end open; `reversed` walks from the highest name down and
 * then `start` is the upper bound. At most `count` columns come back.
 */
struct SliceRange {
  1: required binary start,
  2: required binary finish,
  3: required bool reversed = 0,
  4: required i32 count = 100,
}

/** Which columns of a row to return: an explicit list of names, or a range. The list wins. */
struct SlicePredicate {
  1: optional list<binary> column_names,
  2: optional SliceRange slice_range,
}

/** Comparison used by a secondary-index expression. */
enum IndexOperator {
  EQ,
  GTE,
  GT,
  LTE,
  LT
}

/** `column_name <op> value`, evaluated against the column's value. */
struct IndexExpression {
  1: required binary column_name,
  2: required IndexOperator op,
  3: required binary value,
}

/** The rows to scan with get_indexed_slices: all expressions must hold (at least one on an indexed column). */
struct IndexClause {
  1: required list<IndexExpression> expressions,
  2: required binary start_key,
  3: required i32 count = 100,
}

/**
 * A span of rows, given either by keys (start inclusive) or by tokens (start exclusive; a
 * token range may wrap around the ring, and equal start and end tokens mean the whole ring).
 * `row_filter` keeps only the rows whose columns satisfy every expression.
 */
struct KeyRange {
  1: optional binary start_key,
  2: optional binary end_key,
  3: optional string start_token,
  4: optional string end_token,
  6: optional list<IndexExpression> row_filter,
  5: required i32 count = 100
}

/** One row of a range read: the key and the columns the predicate selected. */
struct KeySlice {
  1: required binary key,
  2: required list<ColumnOrSuperColumn> columns,
}

/** A row key and a column count (declared by the interface; no call returns it). */
struct KeyCount {
  1: required binary key,
  2: required i32 count
}

/**
 * The delete half of a Mutation: everything at or below the given level (a super column, the
 * predicate's columns, or the whole row) written no later than `timestamp`. The timestamp may
 * be left out only when deleting counters.
 */
struct Deletion {
  1: optional i64 timestamp,
  2: optional binary super_column,
  3: optional SlicePredicate predicate,
}

/** One change inside batch_mutate: set exactly one of the two fields. */
struct Mutation {
  1: optional ColumnOrSuperColumn column_or_supercolumn,
  2: optional Deletion deletion,
}

/** Where one replica of a token range lives. */
struct EndpointDetails {
  1: string host,
  2: string datacenter,
  3: optional string rack
}

/** Outcome of `cas`: on failure, the current values of the columns that were expected. */
struct CASResult {
  1: required bool success,
  2: optional list<Column> current_values,
}

/**
 * A slice of the token ring and the nodes that hold replicas of it: by listen address
 * (`endpoints`), by RPC address, and with datacenter and rack.
 */
struct TokenRange {
  1: required string start_token,
  2: required string end_token,
  3: required list<string> endpoints,
  4: optional list<string> rpc_endpoints
  5: optional list<EndpointDetails> endpoint_details,
}

/** Credentials for `login`; which keys matter depends on the configured authenticator. */
struct AuthenticationRequest {
  1: required map<string, string> credentials
}

// ---------------------------------------------------------------------------------------------
// Schema

/** The kind of a secondary index. */
enum IndexType {
  KEYS,
  CUSTOM,
  COMPOSITES
}

/** Metadata for one named column: the type its values must have and an optional index. */
struct ColumnDef {
  1: required binary name,
  2: required string validation_class,
  3: optional IndexType index_type,
  4: optional string index_name,
  5: optional map<string, string> index_options
}

/** A trigger attached to a column family; `options` holds at least `class`. */
struct TriggerDef {
  1: required string name,
  2: required map<string, string> options
}

/**
 * A column family's definition, as sent to system_add/update_column_family and as returned by
 * describe_keyspace(s). Class names may be given short ("UTF8Type") and come back qualified.
 *
 * Fields are grouped by the Cassandra version that reads them. Everything outside the first
 * group is optional on the wire, and a server that does not know a field skips it.
 */
struct CfDef {
  // Read by 1.2 (1.2.9 sends all of these in describe replies, except key_alias when unset
  // and bloom_filter_fp_chance when unset).
  1: required string keyspace,
  2: required string name,
  3: optional string column_type = "Standard",
  5: optional string comparator_type = "BytesType",
  6: optional string subcomparator_type,
  8: optional string comment,
  12: optional double read_repair_chance,
  13: optional list<ColumnDef> column_metadata,
  14: optional i32 gc_grace_seconds,
  15: optional string default_validation_class,
  16: optional i32 id,
  17: optional i32 min_compaction_threshold,
  18: optional i32 max_compaction_threshold,
  24: optional bool replicate_on_write,
  26: optional string key_validation_class,
  28: optional binary key_alias,
  29: optional string compaction_strategy,
  30: optional map<string, string> compaction_strategy_options,
  32: optional map<string, string> compression_options,
  33: optional double bloom_filter_fp_chance,
  34: optional string caching = "keys_only",
  37: optional double dclocal_read_repair_chance = 0.0,
  38: optional bool populate_io_cache_on_flush,

  // Added by 2.0 and later.
  39: optional i32 memtable_flush_period_in_ms,
  40: optional i32 default_time_to_live,
  41: optional i32 index_interval,
  42: optional string speculative_retry = "NONE",
  43: optional list<TriggerDef> triggers,
  44: optional string cells_per_row_to_cache = "100",
  45: optional i32 min_index_interval,
  46: optional i32 max_index_interval,

  // CQL3 naming of a compact table's clustering columns and value; present only in the 1.1
  // betas' interface. 1.2 neither sends nor reads them; kept so such requests still decode.
  35: optional list<binary> column_aliases,
  36: optional binary value_alias,

  // Obsolete by 1.2: accepted and ignored, never sent.
  9: optional double row_cache_size,
  11: optional double key_cache_size,
  19: optional i32 row_cache_save_period_in_seconds,
  20: optional i32 key_cache_save_period_in_seconds,
  21: optional i32 memtable_flush_after_mins,
  22: optional i32 memtable_throughput_in_mb,
  23: optional double memtable_operations_in_millions,
  25: optional double merge_shards_chance,
  27: optional string row_cache_provider,
  31: optional i32 row_cache_keys_to_save,
}

/**
 * A keyspace's definition. Replication is `strategy_class` plus `strategy_options` (for
 * SimpleStrategy, "replication_factor"); field 4 is the pre-1.0 way and is ignored.
 */
struct KsDef {
  1: required string name,
  2: required string strategy_class,
  3: optional map<string, string> strategy_options,
  4: optional i32 replication_factor,
  5: required list<CfDef> cf_defs,
  6: optional bool durable_writes = 1,
}

// ---------------------------------------------------------------------------------------------
// CQL over Thrift

/** Whether a query string is compressed. */
enum Compression {
  GZIP = 1,
  NONE = 2
}

/** Which of CqlResult's optional fields carries the answer. */
enum CqlResultType {
  ROWS = 1,
  VOID = 2,
  INT = 3
}

/**
 * One result row. For CQL3 the key is not special: it is empty here and appears among the
 * columns if it was selected. For CQL2 it always holds the row key.
 */
struct CqlRow {
  1: required binary key,
  2: required list<Column> columns
}

/** Type names (comparator classes) for decoding result column names and values. */
struct CqlMetadata {
  1: required map<binary, string> name_types,
  2: required map<binary, string> value_types,
  3: required string default_name_type,
  4: required string default_value_type
}

/** The answer to a CQL statement: rows with their metadata, a number, or nothing. */
struct CqlResult {
  1: required CqlResultType type,
  2: optional list<CqlRow> rows,
  3: optional i32 num,
  4: optional CqlMetadata schema
}

/** A prepared statement's handle and the number (and, for CQL3, types and names) of its markers. */
struct CqlPreparedResult {
  1: required i32 itemId,
  2: required i32 count,
  3: optional list<string> variable_types,
  4: optional list<string> variable_names
}

// ---------------------------------------------------------------------------------------------
// Misc

/** One piece of a column family's token range, with an estimate of its row count. */
struct CfSplit {
  1: required string start_token,
  2: required string end_token,
  3: required i64 row_count
}

/** One column-name range of a multi-slice read; an unset end is open. */
struct ColumnSlice {
  1: optional binary start,
  2: optional binary finish
}

/** Several column ranges of one row read in one call (get_multi_slice). */
struct MultiSliceRequest {
  1: optional binary key,
  2: optional ColumnParent column_parent,
  3: optional list<ColumnSlice> column_slices,
  4: optional bool reversed = false,
  5: optional i32 count = 1000,
  6: optional ConsistencyLevel consistency_level = ConsistencyLevel.ONE
}

// ---------------------------------------------------------------------------------------------
// Service

service Cassandra {

  // --- session -------------------------------------------------------------------------------

  /** Authenticates the connection. */
  void login(1: required AuthenticationRequest auth_request)
    throws (1: AuthenticationException authnx, 2: AuthorizationException authzx),

  /** Chooses the keyspace that later calls on this connection work in. */
  void set_keyspace(1: required string keyspace)
    throws (1: InvalidRequestException ire),

  // --- reads ---------------------------------------------------------------------------------

  /** The single column or super column at `column_path`; NotFoundException if it is absent. */
  ColumnOrSuperColumn get(1: required binary key,
                          2: required ColumnPath column_path,
                          3: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: NotFoundException nfe,
            3: UnavailableException ue, 4: TimedOutException te),

  /** The columns of one row under `column_parent` that the predicate selects (maybe none). */
  list<ColumnOrSuperColumn> get_slice(1: required binary key,
                                      2: required ColumnParent column_parent,
                                      3: required SlicePredicate predicate,
                                      4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** How many columns of one row the predicate selects. */
  i32 get_count(1: required binary key,
                2: required ColumnParent column_parent,
                3: required SlicePredicate predicate,
                4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** `get_slice` for many keys at once, keyed by row key. */
  map<binary, list<ColumnOrSuperColumn>> multiget_slice(1: required list<binary> keys,
                                                        2: required ColumnParent column_parent,
                                                        3: required SlicePredicate predicate,
                                                        4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** `get_count` for many keys at once, keyed by row key. */
  map<binary, i32> multiget_count(1: required list<binary> keys,
                                  2: required ColumnParent column_parent,
                                  3: required SlicePredicate predicate,
                                  4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Range read over the rows that `range` spans. */
  list<KeySlice> get_range_slices(1: required ColumnParent column_parent,
                                  2: required SlicePredicate predicate,
                                  3: required KeyRange range,
                                  4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /**
   * Reads whole rows across a key range, starting at `start_column` of the first row and
   * continuing into following rows until `range.count` columns are collected.
   */
  list<KeySlice> get_paged_slice(1: required string column_family,
                                 2: required KeyRange range,
                                 3: required binary start_column,
                                 4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Rows matching a secondary-index clause. Superseded by get_range_slices with a row_filter. */
  list<KeySlice> get_indexed_slices(1: required ColumnParent column_parent,
                                    2: required IndexClause index_clause,
                                    3: required SlicePredicate column_predicate,
                                    4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Several column ranges of one row in a single call. */
  list<ColumnOrSuperColumn> get_multi_slice(1: required MultiSliceRequest request)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  // --- writes --------------------------------------------------------------------------------

  /** Writes one column under `column_parent`. */
  void insert(1: required binary key,
              2: required ColumnParent column_parent,
              3: required Column column,
              4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Adds `column.value` to a counter. */
  void add(1: required binary key,
           2: required ColumnParent column_parent,
           3: required CounterColumn column,
           4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /**
   * Compare-and-set on one row: applies `updates` only if the row's current columns equal
   * `expected` (an empty list means "the row does not exist").
   */
  CASResult cas(1: required binary key,
                2: required string column_family,
                3: list<Column> expected,
                4: list<Column> updates,
                5: required ConsistencyLevel serial_consistency_level = ConsistencyLevel.SERIAL,
                6: required ConsistencyLevel commit_consistency_level = ConsistencyLevel.QUORUM)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /**
   * Deletes at the level `column_path` reaches: a column, a super column, or the whole row of
   * that column family. Field 4 carries no `required`, as in Cassandra's IDL.
   */
  void remove(1: required binary key,
              2: required ColumnPath column_path,
              3: required i64 timestamp,
              4: ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Deletes a counter (no timestamp: counters cannot be resurrected safely anyway). */
  void remove_counter(1: required binary key,
                      2: required ColumnPath path,
                      3: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Applies inserts and deletions for many rows: row key -> column family -> changes. */
  void batch_mutate(1: required map<binary, map<string, list<Mutation>>> mutation_map,
                    2: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Like batch_mutate, but through the batch log: either all of it applies or none. */
  void atomic_batch_mutate(1: required map<binary, map<string, list<Mutation>>> mutation_map,
                           2: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Deletes every row of a column family of the current keyspace. */
  void truncate(1: required string cfname)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  // --- cluster information -------------------------------------------------------------------

  /** Schema version id -> the nodes that have it; one entry when the cluster agrees. */
  map<string, list<string>> describe_schema_versions()
    throws (1: InvalidRequestException ire),

  /** Definitions of all keyspaces, including the system ones. */
  list<KsDef> describe_keyspaces()
    throws (1: InvalidRequestException ire),

  string describe_cluster_name(),

  /** The interface version, i.e. VERSION above. */
  string describe_version(),

  /** Which nodes replicate which token ranges of a keyspace. */
  list<TokenRange> describe_ring(1: required string keyspace)
    throws (1: InvalidRequestException ire),

  /** describe_ring limited to the nodes of the local datacenter. */
  list<TokenRange> describe_local_ring(1: required string keyspace)
    throws (1: InvalidRequestException ire),

  /** Token -> node, without replication. */
  map<string, string> describe_token_map()
    throws (1: InvalidRequestException ire),

  /** Class name of the partitioner in use. */
  string describe_partitioner(),

  /** Class name of the snitch in use. */
  string describe_snitch(),

  /** The definition of one keyspace; NotFoundException if there is none. */
  KsDef describe_keyspace(1: required string keyspace)
    throws (1: NotFoundException nfe, 2: InvalidRequestException ire),

  /**
   * Tokens that cut (start_token, end_token] of a column family into pieces of roughly
   * `keys_per_split` rows; consecutive entries bound one piece.
   */
  list<string> describe_splits(1: required string cfName,
                               2: required string start_token,
                               3: required string end_token,
                               4: required i32 keys_per_split)
    throws (1: InvalidRequestException ire),

  /** Forces tracing of the next query on this connection; returns the trace session id. */
  binary trace_next_query(),

  /** describe_splits with a row estimate per piece. */
  list<CfSplit> describe_splits_ex(1: required string cfName,
                                   2: required string start_token,
                                   3: required string end_token,
                                   4: required i32 keys_per_split)
    throws (1: InvalidRequestException ire),

  // --- schema changes (each returns the new schema version id) --------------------------------

  string system_add_column_family(1: required CfDef cf_def)
    throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),

  string system_drop_column_family(1: required string column_family)
    throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),

  string system_add_keyspace(1: required KsDef ks_def)
    throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),

  string system_drop_keyspace(1: required string keyspace)
    throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),

  string system_update_keyspace(1: required KsDef ks_def)
    throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),

  string system_update_column_family(1: required CfDef cf_def)
    throws (1: InvalidRequestException ire, 2: SchemaDisagreementException sde),

  // --- CQL -----------------------------------------------------------------------------------

  /** Runs a CQL2 statement. */
  CqlResult execute_cql_query(1: required binary query, 2: required Compression compression)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue,
            3: TimedOutException te, 4: SchemaDisagreementException sde)

  /** Runs a CQL3 statement at the given consistency level. */
  CqlResult execute_cql3_query(1: required binary query, 2: required Compression compression,
                               3: required ConsistencyLevel consistency)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue,
            3: TimedOutException te, 4: SchemaDisagreementException sde)

  /** Prepares a CQL2 statement with `?` markers. */
  CqlPreparedResult prepare_cql_query(1: required binary query, 2: required Compression compression)
    throws (1: InvalidRequestException ire)

  /** Prepares a CQL3 statement with `?` markers. */
  CqlPreparedResult prepare_cql3_query(1: required binary query, 2: required Compression compression)
    throws (1: InvalidRequestException ire)

  /** Runs a prepared CQL2 statement with one serialized value per marker. */
  CqlResult execute_prepared_cql_query(1: required i32 itemId, 2: required list<binary> values)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue,
            3: TimedOutException te, 4: SchemaDisagreementException sde)

  /** Runs a prepared CQL3 statement with one serialized value per marker. */
  CqlResult execute_prepared_cql3_query(1: required i32 itemId, 2: required list<binary> values,
                                        3: required ConsistencyLevel consistency)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue,
            3: TimedOutException te, 4: SchemaDisagreementException sde)

  /** Selects the CQL version for execute_cql_query on this connection (e.g. "3.0.0"). */
  void set_cql_version(1: required string version)
    throws (1: InvalidRequestException ire)
}
