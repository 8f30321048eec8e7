//! Behaviours that changed between releases without being a feature an
//! application would list (which [`super::Feature`] holds): how a release
//! read a request, checked it or worded its answer. Each is declared once
//! with the releases that behaved so (recorded from the real
//! releases, `conformance/releases/`); the front ends ask
//! [`super::Release::does`]. Data only.

use super::Version;

/// Declares every behaviour once: its documentation, its stable machine
/// name (`release-diff --json`), the first release that behaved so and,
/// where one stopped, the first that did not (`(1, 1, 0)`: from the 1.1
/// series on; some started with a patch release), and one line for a
/// person (`release-diff`). The enum, [`Behaviour::ALL`], its `key`,
/// `describe` and the release spans are all drawn from this one list.
macro_rules! behaviours {
    ($(
        $(#[$doc:meta])*
        $name:ident {
            key: $key:literal,
            from: $from:expr,
            until: $until:expr,
            says: $says:expr $(,)?
        }
    )*) => {
        /// How a release answered where others answered differently.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Behaviour {
            $($(#[$doc])* $name,)*
        }

        impl Behaviour {
            /// Every behaviour, in the order they are declared.
            pub const ALL: &'static [Behaviour] = &[$(Behaviour::$name,)*];

            /// A stable machine name (`release-diff --json`).
            pub fn key(self) -> &'static str {
                match self {
                    $(Behaviour::$name => $key,)*
                }
            }

            /// One line for a person (`release-diff`).
            pub fn describe(self) -> &'static str {
                match self {
                    $(Behaviour::$name => $says,)*
                }
            }
        }

        /// Each behaviour with the releases that behaved so.
        pub(super) const BEHAVIOURS: &[(Behaviour, Version, Option<Version>)] =
            &[$((Behaviour::$name, $from, $until),)*];
    };
}

behaviours! {
    /// `KsDef.replication_factor` gave a SimpleStrategy (or
    /// OldNetworkTopologyStrategy) keyspace its factor (0.7 required the
    /// field; 1.1 read only `strategy_options`).
    KsDefReplicationFactor {
        key: "ksdef_replication_factor",
        from: (0, 7, 0),
        until: Some((1, 1, 0)),
        says: "KsDef.replication_factor sets a SimpleStrategy keyspace's replication factor",
    }

    /// `truncate` of an unknown column family answered
    /// UnavailableException (its truncation found no live node to ask).
    TruncateUnknownUnavailable {
        key: "truncate_unknown_unavailable",
        from: (0, 7, 0),
        until: Some((0, 8, 0)),
        says: "truncate of an unknown column family answers UnavailableException",
    }

    /// The system keyspace's column families and a user's CfDef defaults
    /// were 0.7's (memtable thresholds sized from the heap, the system
    /// tables' own comments and cache sizes, no name for an index the
    /// client named none).
    SchemaOf07 {
        key: "schema_of_0_7",
        from: (0, 7, 0),
        until: Some((0, 8, 0)),
        says: "0.7's system column families and CfDef defaults (memtable thresholds sized \
            from the heap)",
    }

    /// A batch's mutation holding both a column and a deletion, or
    /// neither, was refused in 0.7's own words, saying which (the other
    /// refusals old releases worded differently are [`super::Refusal`]s).
    MessagesOf07 {
        key: "messages_of_0_7",
        from: (0, 7, 0),
        until: Some((0, 8, 0)),
        says: "a mutation with both a column and a deletion, or neither, is refused in 0.7's \
            words",
    }

    /// CQL 3 rows over `execute_cql_query` came as the beta's storage rows
    /// did: keyed by the partition key (COUNT's by `count`), every cell
    /// with a timestamp (-1 for key columns), short type names, and a
    /// CompositeType default name type where the table had clustering
    /// columns.
    Cql3BetaRows {
        key: "cql3_beta_rows",
        from: (1, 1, 0),
        until: Some((1, 2, 0)),
        says: "CQL 3 rows over execute_cql_query keyed by the partition key, every cell \
            stamped, short type names (the 1.1 beta)",
    }

    /// `describe_keyspace` listed CQL 3 tables as column families, in the
    /// beta's layout: a table of only a partition key with a UTF8Type
    /// comparator and its columns' metadata, one with clustering columns
    /// with its composite comparator and no metadata; both with a UTF8Type
    /// default validator and the partition key as `key_alias`.
    Cql3BetaSchema {
        key: "cql3_beta_schema",
        from: (1, 1, 0),
        until: Some((1, 2, 0)),
        says: "describe_keyspace lists CQL 3 tables as column families in the 1.1 beta's \
            layout",
    }

    // Held in DatabaseDescriptor's HashMap, then in Schema's
    // NonBlockingHashMap from 1.0 on.
    /// `describe_keyspaces` listed the keyspaces in the iteration order
    /// of the `java.util.HashMap` that held them (the system keyspace put
    /// first).
    KeyspacesInHashMapOrder {
        key: "keyspaces_in_hash_map_order",
        from: (0, 7, 0),
        until: Some((1, 0, 0)),
        says: "describe_keyspaces lists keyspaces in a java.util.HashMap's order",
    }

    /// `describe_keyspaces` listed the keyspaces in the iteration order
    /// of the `NonBlockingHashMap` that held them (the system keyspaces
    /// put first).
    KeyspacesInNonBlockingHashMapOrder {
        key: "keyspaces_in_non_blocking_hash_map_order",
        from: (1, 0, 0),
        until: None,
        says: "describe_keyspaces lists keyspaces in a NonBlockingHashMap's order",
    }

    /// `system_traces` was SimpleStrategy with replication_factor 2.
    TracesReplicatedTwice {
        key: "traces_replicated_twice",
        from: (1, 2, 11),
        until: None,
        says: "system_traces has replication_factor 2",
    }

    // Migration.newVersion, a type 1 UUID, until 1.1's Schema.updateVersion.
    /// A schema version was the id of the migration that made it, a time
    /// UUID (a fresh node's was `00000000-0000-1000-0000-000000000000`);
    /// from 1.1 it was a digest of the schema's content.
    SchemaVersionsOfMigrations {
        key: "schema_versions_of_migrations",
        from: (0, 7, 0),
        until: Some((1, 1, 0)),
        says: "a schema version is its migration's time UUID (later: a digest of the schema)",
    }

    /// `truncate` of an unknown column family was refused as every other
    /// call's was (`unconfigured columnfamily X`); before, it succeeded
    /// (0.7: [`Behaviour::TruncateUnknownUnavailable`]).
    TruncateUnknownRefused {
        key: "truncate_unknown_refused",
        from: (1, 2, 19),
        until: None,
        says: "truncate of an unknown column family is refused (unconfigured columnfamily)",
    }

    /// Dropping an unknown column family (Thrift and CQL 2) was refused as
    /// `unconfigured columnfamily X`, not "Cannot drop non existing column
    /// family".
    DropUnknownCfUnconfigured {
        key: "drop_unknown_cf_unconfigured",
        from: (1, 2, 19),
        until: None,
        says: "dropping an unknown column family answers unconfigured columnfamily",
    }

    /// The system table `schema_keyspaces` kept tombstones a week
    /// (`gc_grace_seconds` 604800; before, 8640).
    SchemaKeyspacesGcGraceWeek {
        key: "schema_keyspaces_gc_grace_week",
        from: (1, 2, 19),
        until: None,
        says: "the system table schema_keyspaces has gc_grace_seconds 604800",
    }

    /// `describe_ring` of an unknown keyspace failed on the server, which
    /// closed the connection without a reply (recorded from 1.2.19; the
    /// same scenario recorded from 1.2.9 matched it).
    RingOfUnknownKeyspaceDropped {
        key: "ring_of_unknown_keyspace_dropped",
        from: (1, 2, 0),
        until: Some((2, 0, 0)),
        says: "describe_ring of an unknown keyspace closes the connection",
    }

    /// `describe_keyspace system` listed its column families in the order
    /// of a 32-bucket `HashMap`: the map also held the CQL 3 tables Thrift
    /// was not shown (more than twelve in all).
    SystemCfsAmongCql3Tables {
        key: "system_cfs_among_cql3_tables",
        from: (1, 2, 0),
        until: None,
        says: "describe_keyspace system lists its column families in a 32-bucket HashMap's order",
    }

    // 0.8's CassandraDaemon built TFramedTransport factories unconditionally.
    /// The Thrift port read the transport its configuration chose: framed,
    /// or unframed where the file said so (0.6's `ThriftFramedTransport`
    /// false, 0.7's `thrift_framed_transport_size_in_mb: 0`). From 0.8 on
    /// it read framed messages only, whatever the file said. Either way a
    /// connection in the other transport was closed without a reply.
    FramingFromConfig {
        key: "framing_from_config",
        from: (0, 6, 0),
        until: Some((0, 8, 0)),
        says: "the Thrift port serves unframed clients when the configuration says so \
            (thrift_framed_transport_size_in_mb: 0), else framed ones only",
    }

    // libthrift 0.9.1 from 2.0.
    /// A call lacking a required argument was refused quoting each binary
    /// field's own bytes (libthrift 0.9), not the frame from its start.
    RequiredFieldQuotesOwnBytes {
        key: "required_field_quotes_own_bytes",
        from: (2, 0, 0),
        until: None,
        says: "a missing required argument's message quotes each binary field's own bytes",
    }

    // ANTLR 3.5's runtime and the ErrorCollector from 2.1.
    /// A CQL 3 syntax error ended with a snippet of the statement around
    /// the offending token (ANTLR 3.5 and the `ErrorCollector`).
    Cql3SyntaxSnippets {
        key: "cql3_syntax_snippets",
        from: (2, 1, 0),
        until: None,
        says: "a CQL 3 syntax error ends with a snippet of the statement around the offending \
            token",
    }

    // CassandraServer.deleteColumnOrSuperColumn's deleteRange from 2.0.
    /// A batch's `Deletion` by a `SliceRange` deleted that range of a
    /// Standard column family (a range tombstone from start to finish);
    /// before, it was refused (`Deletion does not yet support SliceRange
    /// predicates.`).
    SliceRangeDeletions {
        key: "slice_range_deletions",
        from: (2, 0, 0),
        until: None,
        says: "batch_mutate deletes a SliceRange of a column family (before, refused)",
    }

    // 2.0's BatchlogManager serialized at MessagingService.VERSION_12; 2.1
    // at the current version, without super columns.
    /// `atomic_batch_mutate` wrote its batch log in 1.2's format, which
    /// wrote a Super column family's super columns with their deletions:
    /// one deleting super columns (by name or range) beside a written
    /// sub-column made it compare the bare super column name as a composite
    /// one, which failed on the server for most names and closed the
    /// connection, nothing written.
    AtomicSuperDeletionsFail {
        key: "atomic_super_deletions_fail",
        from: (2, 0, 0),
        until: Some((2, 1, 0)),
        says: "atomic_batch_mutate deleting super columns beside a written sub-column closes \
            the connection (its batch log's old format)",
    }

    // ConsistencyLevel.validateForRead/Write of 1.2.19 (1.2.9 still asked).
    /// LOCAL_QUORUM (and, for a write, EACH_QUORUM) no longer required a
    /// NetworkTopologyStrategy keyspace: `ConsistencyLevel.validateFor*`
    /// stopped asking (only a conditional update's commit still did).
    QuorumsOfAnyStrategy {
        key: "quorums_of_any_strategy",
        from: (1, 2, 19),
        until: None,
        says: "LOCAL_QUORUM (and EACH_QUORUM for writes) serve a SimpleStrategy keyspace",
    }

    // 1.1's StorageProxy.getRangeSlice: each restricted range read with
    // the command's own count (1.2 counted what was left).
    /// `get_paged_slice` read the range in parts cut at the node's token,
    /// each part for the whole count of columns.
    PagedSliceSplitAtToken {
        key: "paged_slice_split_at_token",
        from: (1, 1, 0),
        until: Some((1, 2, 0)),
        says: "get_paged_slice reads the range in parts cut at the node's token, each part \
            for the whole count of columns (an answer may hold more columns than asked)",
    }

    // Column.reconcile called on the new column with the old one
    // (ColumnFamily.addColumn, AtomicSortedColumns); 2.1's
    // AtomicBTreeColumns called it on the old one.
    /// Of two writes of a cell at one timestamp with one value (one with a
    /// TTL, say), the later stayed (the memtable reconciled the new
    /// version against the old; 2.1 on, the old against the new).
    LaterWriteWinsTies {
        key: "later_write_wins_ties",
        from: (0, 7, 0),
        until: Some((2, 1, 0)),
        says: "of two writes of a column at one timestamp with one value, the later stays \
            (with its TTL or without)",
    }

    // ColumnFamilyStore.truncate: 0.7 flushed the truncated CF alone; 0.8
    // to 1.1 then flushed ColumnFamilyStore.all(). 1.0 and 1.1 read what it
    // flushed in another order: TruncateFlushesAllQueued.
    /// `truncate` flushed every column family of the node before it
    /// truncated, and reads met the flushed versions in SSTables: the
    /// memtable first, then the SSTables oldest first, reconciled in turn.
    TruncateFlushesAll {
        key: "truncate_flushes_all",
        from: (0, 8, 0),
        until: Some((1, 0, 0)),
        says: "truncate flushes every column family first: a read then reconciles the \
            memtable's versions with the flushed ones in turn (a counter deleted and \
            incremented again may count its older increments)",
    }

    // 1.2's ExtendedFilter.updateFilter reset the shared SliceQueryFilter's
    // start after the first row; 2.0's DataRange.Paging compares keys.
    /// `get_paged_slice`'s start column applied to the first row the scan
    /// met, whatever its key (its filter's start was reset once a row was
    /// read); from 2.0 only to the range's start key's row.
    PagedStartOnFirstRow {
        key: "paged_start_on_first_row",
        from: (1, 2, 0),
        until: Some((2, 0, 0)),
        says: "get_paged_slice's start column applies to the first row scanned, whatever its key",
    }

    // 1.2.9's CassandraServer.get_count read cfs.getMeanColumns() of the
    // store it looked up unchecked (recorded; 1.2.19 validated first).
    /// `get_count` by a range (or no predicate) of a column family the
    /// keyspace lacked failed on the server (it asked the missing store
    /// for its mean row size before any check): the connection closed.
    CountOfUnknownCfDropped {
        key: "count_of_unknown_cf_dropped",
        from: (1, 2, 0),
        until: Some((1, 2, 19)),
        says: "get_count by a range of an unknown column family closes the connection",
    }

    // ThriftValidation.validateFilterClauses read each expression's name
    // with comparator.cellFromByteBuffer from 2.1's cell names on.
    /// A `row_filter` on a Super column family failed on the server as
    /// its expressions' names were read as the CF's composite cell names:
    /// the connection closed.
    RowFilterOfSuperDropped {
        key: "row_filter_of_super_dropped",
        from: (2, 1, 0),
        until: Some((3, 0, 0)),
        says: "a row_filter on a Super column family closes the connection",
    }

    // 3.0's storage engine and schema: Thrift's column families read and
    // written as CQL tables (recorded from 3.0.24 and 3.11.10).
    /// A keyspace's column families came in `describe_keyspace(s)` in the
    /// order they were made (an insertion-ordered map), not by hash.
    TablesInCreationOrder {
        key: "tables_in_creation_order",
        from: (3, 0, 0),
        until: None,
        says: "describe_keyspace lists a keyspace's column families in the order they were made",
    }

    /// A CfDef was described from the table 3.x made of it: the
    /// compaction thresholds among the compaction options, the compression
    /// chunk length, a percentile without a fraction (`99PERCENTILE`), a
    /// Super column family's super columns as a map column.
    CfDefsFromTables {
        key: "cfdefs_from_tables",
        from: (3, 0, 0),
        until: None,
        says: "a CfDef is described from its table: compaction thresholds among the compaction options, chunk_length_kb, 99PERCENTILE, a super CF's map column",
    }

    /// `multiget_slice` of no keys failed on the server, which closed the
    /// connection without a reply (before, `{}`).
    MultigetOfNoKeysDropped {
        key: "multiget_of_no_keys_dropped",
        from: (3, 0, 0),
        until: None,
        says: "multiget_slice of no keys closes the connection",
    }

    /// A batch's range deletion of a Standard column family left an empty
    /// bound open, ignored `reversed`, and deleted nothing when its start
    /// sorted after its finish (2.x: an empty finish, or a start after it,
    /// deleted the start alone).
    RangeDeletionsOpenBounds {
        key: "range_deletions_open_bounds",
        from: (3, 0, 0),
        until: None,
        says: "a batch's SliceRange deletion leaves an empty bound open and deletes nothing when start sorts after finish",
    }

    /// A reversed slice of a Super column family's super columns reversed
    /// each one's subcolumns too.
    ReversedSuperSlicesReverseSubcolumns {
        key: "reversed_super_slices_reverse_subcolumns",
        from: (3, 0, 0),
        until: None,
        says: "a reversed slice of super columns reverses each one's subcolumns too",
    }

    /// An index clause or row filter testing a column the predicate's
    /// names left out found no row (the read saw only the named columns).
    FiltersSeeSelectedColumnsOnly {
        key: "filters_see_selected_columns_only",
        from: (3, 0, 0),
        until: None,
        says: "an index clause or row filter on a column the predicate's names leave out finds no row",
    }

    /// A column family whose values are a collection that is not frozen
    /// failed on the server, which closed the connection.
    CollectionValuesDropped {
        key: "collection_values_dropped",
        from: (3, 0, 0),
        until: None,
        says: "a column family whose values are a non-frozen collection closes the connection",
    }

    /// An update of a column family kept its comparator, values' type and
    /// key type (the table's CQL columns) whatever the CfDef said (2.2
    /// refused another comparator).
    UpdateKeepsTableColumns {
        key: "update_keeps_table_columns",
        from: (3, 0, 0),
        until: None,
        says: "system_update_column_family keeps the comparator, value and key types the column family had",
    }

    /// An update naming a missing keyspace or column family was refused
    /// before its definition was checked (`Keyspace X does not exist`,
    /// `unconfigured table X`), and a CUSTOM index without `class_name` in
    /// words naming the index.
    SchemaRefusalsOf3x {
        key: "schema_refusals_of_3x",
        from: (3, 0, 0),
        until: None,
        says: "an update of a missing keyspace or column family is refused first (Keyspace X does not exist, unconfigured table X); a CUSTOM index without class_name names the index",
    }

    /// A column TTL of 0 meant no TTL, and a negative one was refused as
    /// `ttl must be greater or equal to 0` (before: `ttl must be positive`).
    TtlZeroIsNone {
        key: "ttl_zero_is_none",
        from: (3, 11, 0),
        until: None,
        says: "a column TTL of 0 means none; a negative one: ttl must be greater or equal to 0",
    }

    /// A prepared statement's marker bound to a column was named by the
    /// column's definition as Java printed it (`ColumnDefinition{...}`),
    /// not by the column's name.
    MarkersNamedByDefinition {
        key: "markers_named_by_definition",
        from: (2, 1, 0),
        until: Some((3, 11, 0)),
        says: "a prepared statement's marker is named by its column's definition (ColumnDefinition{...})",
    }

    /// Those definitions were printed with 3.0's kinds and positions
    /// (`kind=CLUSTERING, position=0`).
    DefinitionsWithPositions {
        key: "definitions_with_positions",
        from: (3, 0, 0),
        until: Some((3, 11, 0)),
        says: "those definitions carry 3.0's kinds and positions (kind=CLUSTERING, position=0)",
    }

    /// An unindexed CQL 3 SELECT filtering a regular column asked for
    /// `ALLOW FILTERING`, whatever the table.
    FilteringAlwaysAsked {
        key: "filtering_always_asked",
        from: (3, 0, 0),
        until: None,
        says: "an unindexed CQL 3 SELECT filtering a regular column asks for ALLOW FILTERING",
    }

    // CassandraServer.get_paged_slice's DataLimits of partitions.
    /// `get_paged_slice`'s count was of rows (partitions), each read
    /// whole; before, of columns.
    PagedSliceCountsPartitions {
        key: "paged_slice_counts_partitions",
        from: (3, 0, 0),
        until: None,
        says: "get_paged_slice's count is of rows, each read whole (before: of columns)",
    }

    // CassandraServer.get_count: Slices.with asserted the slice's order,
    // and QueryPagers.countPaged paged until a page fell short of a
    // negative count (never); 3.11's pages shared the query's start time.
    /// `get_count` by a range made the range's slice before any read: a
    /// bound a fixed-size comparator refused, or a range running
    /// backwards (an assertion), failed on the server whatever the row,
    /// and the connection closed.
    CountSliceChecked {
        key: "count_slice_checked",
        from: (3, 0, 0),
        until: None,
        says: "get_count by a range running backwards, or with a bound a fixed-size \
            comparator refuses, closes the connection",
    }

    /// `get_count` with a negative count paged the row without end (no
    /// page ever reached the count): the pages shared the call's deadline,
    /// so the call timed out.
    NegativeCountTimesOut {
        key: "negative_count_times_out",
        from: (3, 11, 0),
        until: None,
        says: "get_count with a negative count times out (it pages without end)",
    }

    /// `get_count` with a negative count paged the row without end and
    /// never answered (each page had a deadline of its own); the
    /// emulation closes the connection instead of holding it.
    NegativeCountNeverAnswers {
        key: "negative_count_never_answers",
        from: (3, 0, 0),
        until: Some((3, 11, 0)),
        says: "get_count with a negative count never answers (it pages without end)",
    }

    /// `get_range_slices` from a start key the column family's key type
    /// refused (no check of it came first): the replica's read failed and
    /// the call timed out.
    RangeOfRefusedKeyTimesOut {
        key: "range_of_refused_key_times_out",
        from: (3, 0, 0),
        until: None,
        says: "get_range_slices from a start key the key type refuses times out",
    }

    // Conflicts.resolveRegular: on a tie of timestamp, liveness and value,
    // the greater local deletion time (none: the greatest).
    /// Of two versions of a cell at one timestamp with one value, the one
    /// living longer stayed (no TTL over a TTL, a later expiry over an
    /// earlier one), whichever came first; on a full tie the first.
    LongerLivedWinsTies {
        key: "longer_lived_wins_ties",
        from: (3, 0, 0),
        until: None,
        says: "of two writes of a column at one timestamp with one value, the one living \
            longer stays (no TTL over a TTL)",
    }

    // ColumnFamilyStore.getSequentialIterator and search traced the range
    // as `range.getString(metadata.getKeyValidator())` from 1.2 to 2.2.
    /// A range scan (`get_range_slices`, `get_paged_slice`,
    /// `get_indexed_slices`) bounded by a key its column family's key type
    /// refused timed out: the replica printed the range with the key type
    /// before reading a row, and the read failed there.
    ScanOfUnprintableKeyTimesOut {
        key: "scan_of_unprintable_key_times_out",
        from: (1, 2, 0),
        until: Some((3, 0, 0)),
        says: "a range scan bounded by a key its key type refuses times out",
    }

    // 2.1's AbstractCell.reconcileCounter and DeletionInfo.isDeleted: a
    // tombstone always won over a counter cell (CASSANDRA-7346). 3.0 and
    // 3.11 recorded otherwise for a deleted row: left to the 3.x emulation.
    /// A deleted counter (its cell, its super column or its row) stayed
    /// deleted whatever was added to it later: the deletion took
    /// precedence over any counter cell, whatever their timestamps.
    CounterDeletionsWin {
        key: "counter_deletions_win",
        from: (2, 1, 0),
        until: Some((3, 0, 0)),
        says: "a deleted counter stays deleted, whatever is added to it later",
    }

    // 2.2's Cql.g: allowedFunctionName took QUOTED_NAME (user functions).
    // 3.x's grammar kept it; not recorded there, left to the 3.x emulation.
    /// The CQL 3 grammar took a quoted name for a function's: a quoted
    /// name where a value was due failed at the token after it (before, at
    /// the name).
    QuotedFunctionNames {
        key: "quoted_function_names",
        from: (2, 2, 0),
        until: Some((3, 0, 0)),
        says: "a quoted name where a CQL 3 value is due fails at the token after it (a function's name)",
    }

    // ThriftResultsMerger merged the static row's cells into the rows.
    /// A reversed slice of a column family with declared columns (a
    /// static compact table) merged the declared columns, ascending, into
    /// the others as they came: those sorting before the next came first.
    StaticColumnsMerged {
        key: "static_columns_merged",
        from: (3, 0, 0),
        until: None,
        says: "a reversed slice of a column family with declared columns merges those, ascending, into the others",
    }

    // CassandraIndex.getFunctions: no case for a static column until 3.11.
    /// A COMPOSITES index of a declared column of such a table failed a
    /// new keyspace on the server at that table (3.0's built-in index
    /// could not index a static column; 3.11 indexed it as a regular one).
    StaticIndexFails {
        key: "static_index_fails",
        from: (3, 0, 0),
        until: Some((3, 11, 0)),
        says: "a COMPOSITES index of a declared column fails a new keyspace at that table (closes the connection)",
    }

    // ColumnFamilyStore.truncate flushed ColumnFamilyStore.all() (as 0.8);
    // CollationController then merged through MergeIterator's
    // PriorityQueue, SSTables in the IntervalTree's order, and read names
    // of a Standard CF by SSTable.maxTimestampComparator.
    /// `truncate` flushed every column family of the node before it
    /// truncated; a slice then merged the memtable and the SSTables it
    /// found through a priority queue (an order among equal names that
    /// alternates between sources), a names query of a Standard CF read
    /// the SSTables newest timestamp first.
    TruncateFlushesAllQueued {
        key: "truncate_flushes_all_queued",
        from: (1, 0, 0),
        until: Some((1, 2, 0)),
        says: "truncate flushes every column family first: a read then merges the \
            memtable's versions with the flushed ones through a priority queue",
    }

    // IndexMetadata took a legacy index's options as given: no prefix.
    /// A COMPOSITES index of a CfDef took whatever options it carried (1.2
    /// required an integer `prefix_size`; 2.0 to 2.2 refused any other).
    CompositesAnyOptions {
        key: "composites_any_options",
        from: (3, 0, 0),
        until: None,
        says: "a CfDef's COMPOSITES index takes any options (no prefix_size needed, none refused)",
    }

    // CompositesIndex.validateOptions: `prefix_size` removed, the rest refused.
    /// A COMPOSITES index took no option: 1.2's `prefix_size` was skipped
    /// (1.2 required it, an integer), any other refused by name.
    CompositesWithoutPrefixSize {
        key: "composites_without_prefix_size",
        from: (2, 0, 0),
        until: Some((3, 0, 0)),
        says: "a COMPOSITES index takes no option (1.2's prefix_size skipped, any other refused)",
    }

    // CompositesIndexOnRegular cast the base comparator to CompositeType.
    /// A COMPOSITES index of a Standard column family whose comparator is
    /// not composite failed on the server once the schema held it: the
    /// keyspace was made with the column families of its `HashMap` up to
    /// that one, and the connection closed.
    CompositesIndexOfPlainNamesFails {
        key: "composites_index_of_plain_names_fails",
        from: (1, 2, 0),
        until: Some((2, 1, 0)),
        says: "a COMPOSITES index of a column family of plain names fails a new keyspace at that column family (closes the connection)",
    }

    // CassandraServer.execute_prepared_cql3_query's own message.
    /// An unknown prepared statement id was refused without the cache's
    /// size (`...or you have prepared too many queries and it has been
    /// evicted from the internal cache)`; 1.2.9 named its 100000).
    PreparedEvictionUnsized {
        key: "prepared_eviction_unsized",
        from: (1, 2, 19),
        until: None,
        says: "an unknown prepared id is refused without naming the cache's size",
    }

    // Schema.addTable failed in the store's index; the merge ended there.
    /// A table 3.0 failed to make (its COMPOSITES index of a static
    /// column) stayed written: a new column family of it failed on the
    /// server too, and each later schema change of its keyspace created the
    /// written, unmade tables again, in a copied `HashMap`'s order, up to
    /// the failing one (closing the connection).
    UnmadeTablesRetried {
        key: "unmade_tables_retried",
        from: (3, 0, 0),
        until: Some((3, 11, 0)),
        says: "a table it failed to make is made again, with those after it, by the keyspace's next schema change",
    }

    // CompactionManager.submitMinorIfNeeded after each flush: every SSTable
    // under 50 MB in one bucket, compacted once it held the CF's
    // min_compaction_threshold (stock 4), tombstones purged at a deletion
    // time <= now - gc_grace. 0.7 compacted too, but its truncate flushed
    // the truncated CF alone (nothing a read met); 1.0 and 1.1 compacted
    // too, but their recorded reads match the queued reads without it and
    // they purged at < (the second after): not emulated.
    /// A column family's fourth flush (its min_compaction_threshold)
    /// compacted its SSTables into one: a read then met the merged
    /// versions (a deleted counter's flushed increments gone with the
    /// deletion) and no tombstone past gc_grace.
    CompactsFlushes {
        key: "compacts_flushes",
        from: (0, 8, 0),
        until: Some((1, 0, 0)),
        says: "a column family's fourth flush compacts its SSTables into one: a counter deleted \
            and incremented again counts only the later increments, tombstones past gc_grace are purged",
    }

    // OptionsMessage: LZ4 offered (always available, a pure Java fallback).
    /// The native SUPPORTED message offered lz4 after snappy (1.2 offered
    /// snappy only and refused any other compression at STARTUP).
    NativeOffersLz4 {
        key: "native_offers_lz4",
        from: (2, 0, 0),
        until: None,
        says: "the native protocol offers lz4 compression beside snappy",
    }

    // OptionsMessage: PROTOCOL_VERSIONS put beside CQL_VERSION and COMPRESSION.
    /// The native SUPPORTED message listed the protocol versions the node
    /// spoke (`3/v3`, `4/v4`, `5/v5-beta`).
    NativeListsProtocolVersions {
        key: "native_lists_protocol_versions",
        from: (3, 10, 0),
        until: None,
        says: "the native SUPPORTED message lists the protocol versions (PROTOCOL_VERSIONS)",
    }

    // RangeTombstoneList.add kept adjacent ranges sharing bounds; its
    // InOrderTester (forward slices, names, counts, range scans,
    // removeDeletedColumnsOnly) judged a name by the first range ending at
    // or after it, a reversed slice by searchInternal (the newer of the two
    // on a shared bound). 1.2's list had no InOrderTester; 3.0 rewrote it.
    /// A column on the bound two range deletions shared was judged, by a
    /// read walking the row forward (a slice, a names query, a count, a
    /// range scan, a compaction), by the deletion reaching it from before
    /// it: a newer one starting at it did not hide it, though it did from a
    /// reversed slice.
    RangeBoundsWalked {
        key: "range_bounds_walked",
        from: (2, 0, 0),
        until: Some((3, 0, 0)),
        says: "a column on a bound two range deletions share is judged, in a forward read, by the \
            deletion reaching it from before it (a newer one starting at it does not hide it)",
    }

    // QueryFilter.delete: a read of one row copied only the memtable's
    // range tombstones its filter selected (SliceQueryFilter from the range
    // searchInternal found for the start, NamesQueryFilter the range each
    // name was found in); RowIteratorFactory (range scans) copied them all.
    /// A read of one row judged its columns by the range deletions its
    /// slice or names reached only: a slice starting on a shared bound,
    /// or a names query whose name before that bound was not deleted with
    /// it, judged a column there by the newer deletion (range scans still
    /// by the one before it).
    RangeBoundsWalkedSelected {
        key: "range_bounds_walked_selected",
        from: (2, 1, 0),
        until: Some((3, 0, 0)),
        says: "a read of one row starting on a bound two range deletions share judges a column \
            there by the newer deletion",
    }
}
