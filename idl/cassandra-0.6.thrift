// Thrift API 2.2.0: the client interface of Apache Cassandra 0.6 (0.6.13 shipped it).
//
// supercolumn speaks this generation so that applications written against a 0.6 cluster keep
// working unchanged. Everything that reaches the wire -- method names, field ids, field types,
// requiredness, enum numbers and defaults -- follows what Cassandra 0.6.13 published; the
// comments and the layout are our own. Changing any id or type here breaks old clients, so
// treat the numbers as frozen.
//
// Generation: scripts/gen-thrift.sh (Rust into src/thrift/gen/, Python into clients/python/).
//
// Shape of the 0.6 API, in one paragraph: every data call names the keyspace in its first
// argument and the row key as a Thrift `string`; a column lives at
// keyspace / key / column family / [super column] / column; each write carries a
// client-chosen i64 timestamp (any unit; newest wins).

// The generated clients of clients/<language>/ use the names Cassandra's own IDL gave them, so
// an app's imports read as they did (the py/rs names tell the two generations apart instead).
namespace java org.apache.cassandra.thrift
namespace cpp org.apache.cassandra
namespace php cassandra
namespace perl Cassandra
namespace rb CassandraThrift
namespace py cassandra06
namespace rs cassandra06

/** Version of the interface (not of the server). Clients compare the major number. */
const string VERSION = "2.2.0"

// ---------------------------------------------------------------------------------------------
// Data

/** One cell: a name, its value and the timestamp that decides which write wins. */
struct Column {
  1: required binary name,
  2: required binary value,
  3: required i64 timestamp,
}

/** A named group of columns inside a super column family; it has no value of its own. */
struct SuperColumn {
  1: required binary name,
  2: required list<Column> columns,
}

/** What a read returns: exactly one of the two fields is set, by the kind of column family. */
struct ColumnOrSuperColumn {
  1: optional Column column,
  2: optional SuperColumn super_column,
}

// ---------------------------------------------------------------------------------------------
// Errors (a server fault that is none of these reaches the client as TApplicationException)

/** The column, super column or row asked for by `get` holds nothing. */
exception NotFoundException {
}

/** The request is malformed or names something that does not exist; `why` says which. */
exception InvalidRequestException {
  1: required string why
}

/** Too few replicas are up to satisfy the consistency level. */
exception UnavailableException {
}

/** The replicas did not answer within the RPC timeout. */
exception TimedOutException {
}

/** `login` was refused: unknown user or wrong credentials. */
exception AuthenticationException {
  1: required string why
}

/** `login` succeeded but the user may not use that keyspace. */
exception AuthorizationException {
  1: required string why
}

// ---------------------------------------------------------------------------------------------
// Addressing

/**
 * How many replicas must acknowledge a write (or answer a read) before the call returns.
 * ZERO and ANY apply to writes only. DCQUORUM and DCQUORUMSYNC are the datacenter-aware
 * quorums of this generation; the 19.x API reuses the numbers 3 and 4 for other levels.
 */
enum ConsistencyLevel {
  ZERO = 0,
  ONE = 1,
  QUORUM = 2,
  DCQUORUM = 3,
  DCQUORUMSYNC = 4,
  ALL = 5,
  ANY = 6,
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

/**
 * A span of rows, given either by keys (start inclusive) or by tokens (start exclusive; a
 * token range may wrap around the ring, and equal start and end tokens mean the whole ring).
 */
struct KeyRange {
  1: optional string start_key,
  2: optional string end_key,
  3: optional string start_token,
  4: optional string end_token,
  5: required i32 count = 100,
}

/** One row of a range read: the key and the columns the predicate selected. */
struct KeySlice {
  1: required string key,
  2: required list<ColumnOrSuperColumn> columns,
}

/**
 * The delete half of a Mutation: everything at or below the given level (a super column, the
 * predicate's columns, or the whole row) written no later than `timestamp`.
 */
struct Deletion {
  1: required i64 timestamp,
  2: optional binary super_column,
  3: optional SlicePredicate predicate,
}

/** One change inside batch_mutate: set exactly one of the two fields. */
struct Mutation {
  1: optional ColumnOrSuperColumn column_or_supercolumn,
  2: optional Deletion deletion,
}

/** A slice of the token ring and the nodes that hold replicas of it. */
struct TokenRange {
  1: required string start_token,
  2: required string end_token,
  3: required list<string> endpoints,
}

/** Credentials for `login`; which keys matter depends on the configured authenticator. */
struct AuthenticationRequest {
  1: required map<string, string> credentials,
}

// ---------------------------------------------------------------------------------------------
// Service

service Cassandra {

  // --- session -------------------------------------------------------------------------------

  /** Authenticates the connection for one keyspace. */
  void login(1: required string keyspace,
             2: required AuthenticationRequest auth_request)
    throws (1: AuthenticationException authnx, 2: AuthorizationException authzx),

  // --- reads ---------------------------------------------------------------------------------

  /** The single column or super column at `column_path`; NotFoundException if it is absent. */
  ColumnOrSuperColumn get(1: required string keyspace,
                          2: required string key,
                          3: required ColumnPath column_path,
                          4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: NotFoundException nfe,
            3: UnavailableException ue, 4: TimedOutException te),

  /** The columns of one row under `column_parent` that the predicate selects (maybe none). */
  list<ColumnOrSuperColumn> get_slice(1: required string keyspace,
                                      2: required string key,
                                      3: required ColumnParent column_parent,
                                      4: required SlicePredicate predicate,
                                      5: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /**
   * `get` for many keys at once. Every requested key appears in the answer; a key with no
   * such column maps to an empty ColumnOrSuperColumn. Superseded by multiget_slice.
   */
  map<string, ColumnOrSuperColumn> multiget(1: required string keyspace,
                                            2: required list<string> keys,
                                            3: required ColumnPath column_path,
                                            4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** `get_slice` for many keys at once, keyed by row key. */
  map<string, list<ColumnOrSuperColumn>> multiget_slice(1: required string keyspace,
                                                         2: required list<string> keys,
                                                         3: required ColumnParent column_parent,
                                                         4: required SlicePredicate predicate,
                                                         5: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** How many columns (or super columns) `column_parent` holds in one row. */
  i32 get_count(1: required string keyspace,
                2: required string key,
                3: required ColumnParent column_parent,
                4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Range read by key bounds and a row limit. Superseded by get_range_slices. */
  list<KeySlice> get_range_slice(1: required string keyspace,
                                 2: required ColumnParent column_parent,
                                 3: required SlicePredicate predicate,
                                 4: required string start_key = "",
                                 5: required string finish_key = "",
                                 6: required i32 row_count = 100,
                                 7: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Range read over the rows that `range` spans. */
  list<KeySlice> get_range_slices(1: required string keyspace,
                                  2: required ColumnParent column_parent,
                                  3: required SlicePredicate predicate,
                                  4: required KeyRange range,
                                  5: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  // --- writes --------------------------------------------------------------------------------

  /** Writes one column; `column_path` must name the column (and the super column if any). */
  void insert(1: required string keyspace,
              2: required string key,
              3: required ColumnPath column_path,
              4: required binary value,
              5: required i64 timestamp,
              6: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Writes columns into several column families of one row. Superseded by batch_mutate. */
  void batch_insert(1: required string keyspace,
                    2: required string key,
                    3: required map<string, list<ColumnOrSuperColumn>> cfmap,
                    4: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /**
   * Deletes at the level `column_path` reaches: a column, a super column, or the whole row of
   * that column family. Note: field 5 carries no `required` in 0.6.13 and we keep it that way.
   */
  void remove(1: required string keyspace,
              2: required string key,
              3: required ColumnPath column_path,
              4: required i64 timestamp,
              5: ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  /** Applies inserts and deletions for many rows: row key -> column family -> changes. */
  void batch_mutate(1: required string keyspace,
                    2: required map<string, map<string, list<Mutation>>> mutation_map,
                    3: required ConsistencyLevel consistency_level = ConsistencyLevel.ONE)
    throws (1: InvalidRequestException ire, 2: UnavailableException ue, 3: TimedOutException te),

  // --- cluster information -------------------------------------------------------------------

  /** A named string property of the node (old interface, kept for nodeprobe-era tools). */
  string get_string_property(1: required string property),

  /** A named list-valued property of the node (old interface). */
  list<string> get_string_list_property(1: required string property),

  /** Names of all keyspaces, including `system`. */
  set<string> describe_keyspaces(),

  string describe_cluster_name(),

  /** The interface version, i.e. VERSION above. */
  string describe_version(),

  /** Which nodes replicate which token ranges of a keyspace (not available for `system`). */
  list<TokenRange> describe_ring(1: required string keyspace)
    throws (1: InvalidRequestException ire),

  /** Class name of the partitioner in use. */
  string describe_partitioner(),

  /** Column family name -> its properties (Type, CompareWith, ...) as strings. */
  map<string, map<string, string>> describe_keyspace(1: required string keyspace)
    throws (1: NotFoundException nfe),

  /**
   * Tokens that cut (start_token, end_token] into pieces of roughly `keys_per_split` keys, for
   * parallel scans; consecutive entries bound one piece.
   */
  list<string> describe_splits(1: required string start_token,
                               2: required string end_token,
                               3: required i32 keys_per_split),
}
