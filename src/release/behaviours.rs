//! Behaviours that changed between releases without being a feature an
//! application would list (which [`super::Feature`] holds): how a release
//! read a request, checked it or worded its answer. Each is declared once
//! with the releases that behaved so (recorded from the real
//! releases, `conformance/releases/`); the front ends ask
//! [`super::Release::does`]. Data only.

/// How a release answered where others answered differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Behaviour {
    /// `KsDef.replication_factor` gave a SimpleStrategy (or
    /// OldNetworkTopologyStrategy) keyspace its factor (0.7 required the
    /// field; 1.1 read only `strategy_options`).
    KsDefReplicationFactor,
    /// `truncate` of an unknown column family answered
    /// UnavailableException (its truncation found no live node to ask).
    TruncateUnknownUnavailable,
    /// The system keyspace's column families and a user's CfDef defaults
    /// were 0.7's (memtable thresholds sized from the heap, the system
    /// tables' own comments and cache sizes, no name for an index the
    /// client named none).
    SchemaOf07,
    /// A batch's mutation holding both a column and a deletion, or
    /// neither, was refused in 0.7's own words, saying which (the other
    /// refusals old releases worded differently are [`super::Refusal`]s).
    MessagesOf07,
    /// CQL 3 rows over `execute_cql_query` came as the beta's storage rows
    /// did: keyed by the partition key (COUNT's by `count`), every cell
    /// with a timestamp (-1 for key columns), short type names, and a
    /// CompositeType default name type where the table had clustering
    /// columns.
    Cql3BetaRows,
    /// `describe_keyspace` listed CQL 3 tables as column families, in the
    /// beta's layout: a table of only a partition key with a UTF8Type
    /// comparator and its columns' metadata, one with clustering columns
    /// with its composite comparator and no metadata; both with a UTF8Type
    /// default validator and the partition key as `key_alias`.
    Cql3BetaSchema,
    /// `describe_keyspaces` listed the keyspaces in the iteration order
    /// of the `java.util.HashMap` that held them (the system keyspace put
    /// first).
    KeyspacesInHashMapOrder,
    /// `describe_keyspaces` listed the keyspaces in the iteration order
    /// of the `NonBlockingHashMap` that held them (the system keyspaces
    /// put first).
    KeyspacesInNonBlockingHashMapOrder,
    /// `system_traces` was SimpleStrategy with replication_factor 2.
    TracesReplicatedTwice,
    /// A schema version was the id of the migration that made it, a time
    /// UUID (a fresh node's was `00000000-0000-1000-0000-000000000000`);
    /// from 1.1 it was a digest of the schema's content.
    SchemaVersionsOfMigrations,
    /// `truncate` of an unknown column family was refused as every other
    /// call's was (`unconfigured columnfamily X`); before, it succeeded
    /// (0.7: [`Behaviour::TruncateUnknownUnavailable`]).
    TruncateUnknownRefused,
    /// Dropping an unknown column family (Thrift and CQL 2) was refused as
    /// `unconfigured columnfamily X`, not "Cannot drop non existing column
    /// family".
    DropUnknownCfUnconfigured,
    /// The system table `schema_keyspaces` kept tombstones a week
    /// (`gc_grace_seconds` 604800; before, 8640).
    SchemaKeyspacesGcGraceWeek,
    /// `describe_ring` of an unknown keyspace failed on the server, which
    /// closed the connection without a reply (recorded from 1.2.19; the
    /// same scenario recorded from 1.2.9 matched it).
    RingOfUnknownKeyspaceDropped,
    /// `describe_keyspace system` listed its column families in the order
    /// of a 32-bucket `HashMap`: the map also held the CQL 3 tables Thrift
    /// was not shown (more than twelve in all).
    SystemCfsAmongCql3Tables,
    /// The Thrift port read the transport its configuration chose: framed,
    /// or unframed where the file said so (0.6's `ThriftFramedTransport`
    /// false, 0.7's `thrift_framed_transport_size_in_mb: 0`). From 0.8 on
    /// it read framed messages only, whatever the file said. Either way a
    /// connection in the other transport was closed without a reply.
    FramingFromConfig,
    /// A call lacking a required argument was refused quoting each binary
    /// field's own bytes (libthrift 0.9), not the frame from its start.
    RequiredFieldQuotesOwnBytes,
    /// A CQL 3 syntax error ended with a snippet of the statement around
    /// the offending token (ANTLR 3.5 and the `ErrorCollector`).
    Cql3SyntaxSnippets,
    /// A batch's `Deletion` by a `SliceRange` deleted that range of a
    /// Standard column family (a range tombstone from start to finish);
    /// before, it was refused (`Deletion does not yet support SliceRange
    /// predicates.`).
    SliceRangeDeletions,
    /// `atomic_batch_mutate` wrote its batch log in 1.2's format, which
    /// wrote a Super column family's super columns with their deletions:
    /// one deleting super columns (by name or range) beside a written
    /// sub-column made it compare the bare super column name as a composite
    /// one, which failed on the server for most names and closed the
    /// connection, nothing written.
    AtomicSuperDeletionsFail,
    /// LOCAL_QUORUM (and, for a write, EACH_QUORUM) no longer required a
    /// NetworkTopologyStrategy keyspace: `ConsistencyLevel.validateFor*`
    /// stopped asking (only a conditional update's commit still did).
    QuorumsOfAnyStrategy,
    /// `get_paged_slice` read the range in parts cut at the node's token,
    /// each part for the whole count of columns.
    PagedSliceSplitAtToken,
    /// Of two writes of a cell at one timestamp with one value (one with a
    /// TTL, say), the later stayed (the memtable reconciled the new
    /// version against the old; 2.1 on, the old against the new).
    LaterWriteWinsTies,
    /// `truncate` flushed every column family of the node before it
    /// truncated, and reads met the flushed versions in SSTables: the
    /// memtable first, then the SSTables oldest first, reconciled in turn.
    TruncateFlushesAll,
    /// `get_paged_slice`'s start column applied to the first row the scan
    /// met, whatever its key (its filter's start was reset once a row was
    /// read); from 2.0 only to the range's start key's row.
    PagedStartOnFirstRow,
    /// `get_count` by a range (or no predicate) of a column family the
    /// keyspace lacked failed on the server (it asked the missing store
    /// for its mean row size before any check): the connection closed.
    CountOfUnknownCfDropped,
    /// A `row_filter` on a Super column family failed on the server as
    /// its expressions' names were read as the CF's composite cell names:
    /// the connection closed.
    RowFilterOfSuperDropped,
    /// A keyspace's column families came in `describe_keyspace(s)` in the
    /// order they were made (an insertion-ordered map), not by hash.
    TablesInCreationOrder,
    /// A CfDef was described from the table 3.x made of it: the
    /// compaction thresholds among the compaction options, the compression
    /// chunk length, a percentile without a fraction (`99PERCENTILE`), a
    /// Super column family's super columns as a map column.
    CfDefsFromTables,
    /// `multiget_slice` of no keys failed on the server, which closed the
    /// connection without a reply (before, `{}`).
    MultigetOfNoKeysDropped,
    /// A batch's range deletion of a Standard column family left an empty
    /// bound open, ignored `reversed`, and deleted nothing when its start
    /// sorted after its finish (2.x: an empty finish, or a start after it,
    /// deleted the start alone).
    RangeDeletionsOpenBounds,
    /// A reversed slice of a Super column family's super columns reversed
    /// each one's subcolumns too.
    ReversedSuperSlicesReverseSubcolumns,
    /// An index clause or row filter testing a column the predicate's
    /// names left out found no row (the read saw only the named columns).
    FiltersSeeSelectedColumnsOnly,
    /// A column family whose values are a collection that is not frozen
    /// failed on the server, which closed the connection.
    CollectionValuesDropped,
    /// An update of a column family kept its comparator, values' type and
    /// key type (the table's CQL columns) whatever the CfDef said (2.2
    /// refused another comparator).
    UpdateKeepsTableColumns,
    /// An update naming a missing keyspace or column family was refused
    /// before its definition was checked (`Keyspace X does not exist`,
    /// `unconfigured table X`), and a CUSTOM index without `class_name` in
    /// words naming the index.
    SchemaRefusalsOf3x,
    /// A column TTL of 0 meant no TTL, and a negative one was refused as
    /// `ttl must be greater or equal to 0` (before: `ttl must be positive`).
    TtlZeroIsNone,
    /// A prepared statement's marker bound to a column was named by the
    /// column's definition as Java printed it (`ColumnDefinition{...}`),
    /// not by the column's name.
    MarkersNamedByDefinition,
    /// Those definitions were printed with 3.0's kinds and positions
    /// (`kind=CLUSTERING, position=0`).
    DefinitionsWithPositions,
    /// An unindexed CQL 3 SELECT filtering a regular column asked for
    /// `ALLOW FILTERING`, whatever the table.
    FilteringAlwaysAsked,
    /// `get_paged_slice`'s count was of rows (partitions), each read
    /// whole; before, of columns.
    PagedSliceCountsPartitions,
    /// `get_count` by a range made the range's slice before any read: a
    /// bound a fixed-size comparator refused, or a range running
    /// backwards (an assertion), failed on the server whatever the row,
    /// and the connection closed.
    CountSliceChecked,
    /// `get_count` with a negative count paged the row without end (no
    /// page ever reached the count): the pages shared the call's deadline,
    /// so the call timed out.
    NegativeCountTimesOut,
    /// `get_count` with a negative count paged the row without end and
    /// never answered (each page had a deadline of its own); the
    /// emulation closes the connection instead of holding it.
    NegativeCountNeverAnswers,
    /// `get_range_slices` from a start key the column family's key type
    /// refused (no check of it came first): the replica's read failed and
    /// the call timed out.
    RangeOfRefusedKeyTimesOut,
    /// Of two versions of a cell at one timestamp with one value, the one
    /// living longer stayed (no TTL over a TTL, a later expiry over an
    /// earlier one), whichever came first; on a full tie the first.
    LongerLivedWinsTies,
    /// A range scan (`get_range_slices`, `get_paged_slice`,
    /// `get_indexed_slices`) bounded by a key its column family's key type
    /// refused timed out: the replica printed the range with the key type
    /// before reading a row, and the read failed there.
    ScanOfUnprintableKeyTimesOut,
    /// A deleted counter (its cell, its super column or its row) stayed
    /// deleted whatever was added to it later: the deletion took
    /// precedence over any counter cell, whatever their timestamps.
    CounterDeletionsWin,
    /// The CQL 3 grammar took a quoted name for a function's: a quoted
    /// name where a value was due failed at the token after it (before, at
    /// the name).
    QuotedFunctionNames,
    /// A reversed slice of a column family with declared columns (a
    /// static compact table) merged the declared columns, ascending, into
    /// the others as they came: those sorting before the next came first.
    StaticColumnsMerged,
    /// A COMPOSITES index of a declared column of such a table failed a
    /// new keyspace on the server at that table (3.0's built-in index
    /// could not index a static column; 3.11 indexed it as a regular one).
    StaticIndexFails,
}

impl Behaviour {
    /// Every behaviour, in the order they are declared.
    pub const ALL: [Behaviour; 51] = [
        Behaviour::KsDefReplicationFactor,
        Behaviour::TruncateUnknownUnavailable,
        Behaviour::SchemaOf07,
        Behaviour::MessagesOf07,
        Behaviour::Cql3BetaRows,
        Behaviour::Cql3BetaSchema,
        Behaviour::KeyspacesInHashMapOrder,
        Behaviour::KeyspacesInNonBlockingHashMapOrder,
        Behaviour::TracesReplicatedTwice,
        Behaviour::SchemaVersionsOfMigrations,
        Behaviour::TruncateUnknownRefused,
        Behaviour::DropUnknownCfUnconfigured,
        Behaviour::SchemaKeyspacesGcGraceWeek,
        Behaviour::RingOfUnknownKeyspaceDropped,
        Behaviour::SystemCfsAmongCql3Tables,
        Behaviour::FramingFromConfig,
        Behaviour::RequiredFieldQuotesOwnBytes,
        Behaviour::Cql3SyntaxSnippets,
        Behaviour::SliceRangeDeletions,
        Behaviour::AtomicSuperDeletionsFail,
        Behaviour::QuorumsOfAnyStrategy,
        Behaviour::PagedSliceSplitAtToken,
        Behaviour::LaterWriteWinsTies,
        Behaviour::TruncateFlushesAll,
        Behaviour::PagedStartOnFirstRow,
        Behaviour::CountOfUnknownCfDropped,
        Behaviour::RowFilterOfSuperDropped,
        Behaviour::TablesInCreationOrder,
        Behaviour::CfDefsFromTables,
        Behaviour::MultigetOfNoKeysDropped,
        Behaviour::RangeDeletionsOpenBounds,
        Behaviour::ReversedSuperSlicesReverseSubcolumns,
        Behaviour::FiltersSeeSelectedColumnsOnly,
        Behaviour::CollectionValuesDropped,
        Behaviour::UpdateKeepsTableColumns,
        Behaviour::SchemaRefusalsOf3x,
        Behaviour::TtlZeroIsNone,
        Behaviour::MarkersNamedByDefinition,
        Behaviour::DefinitionsWithPositions,
        Behaviour::FilteringAlwaysAsked,
        Behaviour::PagedSliceCountsPartitions,
        Behaviour::CountSliceChecked,
        Behaviour::NegativeCountTimesOut,
        Behaviour::NegativeCountNeverAnswers,
        Behaviour::RangeOfRefusedKeyTimesOut,
        Behaviour::LongerLivedWinsTies,
        Behaviour::ScanOfUnprintableKeyTimesOut,
        Behaviour::CounterDeletionsWin,
        Behaviour::QuotedFunctionNames,
        Behaviour::StaticColumnsMerged,
        Behaviour::StaticIndexFails,
    ];

    /// A stable machine name (`release-diff --json`).
    pub fn key(self) -> &'static str {
        match self {
            Behaviour::KsDefReplicationFactor => "ksdef_replication_factor",
            Behaviour::TruncateUnknownUnavailable => "truncate_unknown_unavailable",
            Behaviour::SchemaOf07 => "schema_of_0_7",
            Behaviour::MessagesOf07 => "messages_of_0_7",
            Behaviour::Cql3BetaRows => "cql3_beta_rows",
            Behaviour::Cql3BetaSchema => "cql3_beta_schema",
            Behaviour::KeyspacesInHashMapOrder => "keyspaces_in_hash_map_order",
            Behaviour::KeyspacesInNonBlockingHashMapOrder => {
                "keyspaces_in_non_blocking_hash_map_order"
            }
            Behaviour::TracesReplicatedTwice => "traces_replicated_twice",
            Behaviour::SchemaVersionsOfMigrations => "schema_versions_of_migrations",
            Behaviour::TruncateUnknownRefused => "truncate_unknown_refused",
            Behaviour::DropUnknownCfUnconfigured => "drop_unknown_cf_unconfigured",
            Behaviour::SchemaKeyspacesGcGraceWeek => "schema_keyspaces_gc_grace_week",
            Behaviour::RingOfUnknownKeyspaceDropped => "ring_of_unknown_keyspace_dropped",
            Behaviour::SystemCfsAmongCql3Tables => "system_cfs_among_cql3_tables",
            Behaviour::FramingFromConfig => "framing_from_config",
            Behaviour::RequiredFieldQuotesOwnBytes => "required_field_quotes_own_bytes",
            Behaviour::Cql3SyntaxSnippets => "cql3_syntax_snippets",
            Behaviour::SliceRangeDeletions => "slice_range_deletions",
            Behaviour::AtomicSuperDeletionsFail => "atomic_super_deletions_fail",
            Behaviour::QuorumsOfAnyStrategy => "quorums_of_any_strategy",
            Behaviour::PagedSliceSplitAtToken => "paged_slice_split_at_token",
            Behaviour::LaterWriteWinsTies => "later_write_wins_ties",
            Behaviour::TruncateFlushesAll => "truncate_flushes_all",
            Behaviour::PagedStartOnFirstRow => "paged_start_on_first_row",
            Behaviour::CountOfUnknownCfDropped => "count_of_unknown_cf_dropped",
            Behaviour::RowFilterOfSuperDropped => "row_filter_of_super_dropped",
            Behaviour::TablesInCreationOrder => "tables_in_creation_order",
            Behaviour::CfDefsFromTables => "cfdefs_from_tables",
            Behaviour::MultigetOfNoKeysDropped => "multiget_of_no_keys_dropped",
            Behaviour::RangeDeletionsOpenBounds => "range_deletions_open_bounds",
            Behaviour::ReversedSuperSlicesReverseSubcolumns => {
                "reversed_super_slices_reverse_subcolumns"
            }
            Behaviour::FiltersSeeSelectedColumnsOnly => "filters_see_selected_columns_only",
            Behaviour::CollectionValuesDropped => "collection_values_dropped",
            Behaviour::UpdateKeepsTableColumns => "update_keeps_table_columns",
            Behaviour::SchemaRefusalsOf3x => "schema_refusals_of_3x",
            Behaviour::TtlZeroIsNone => "ttl_zero_is_none",
            Behaviour::MarkersNamedByDefinition => "markers_named_by_definition",
            Behaviour::DefinitionsWithPositions => "definitions_with_positions",
            Behaviour::FilteringAlwaysAsked => "filtering_always_asked",
            Behaviour::PagedSliceCountsPartitions => "paged_slice_counts_partitions",
            Behaviour::CountSliceChecked => "count_slice_checked",
            Behaviour::NegativeCountTimesOut => "negative_count_times_out",
            Behaviour::NegativeCountNeverAnswers => "negative_count_never_answers",
            Behaviour::RangeOfRefusedKeyTimesOut => "range_of_refused_key_times_out",
            Behaviour::LongerLivedWinsTies => "longer_lived_wins_ties",
            Behaviour::ScanOfUnprintableKeyTimesOut => "scan_of_unprintable_key_times_out",
            Behaviour::CounterDeletionsWin => "counter_deletions_win",
            Behaviour::QuotedFunctionNames => "quoted_function_names",
            Behaviour::StaticColumnsMerged => "static_columns_merged",
            Behaviour::StaticIndexFails => "static_index_fails",
        }
    }

    /// One line for a person (`release-diff`).
    pub fn describe(self) -> &'static str {
        match self {
            Behaviour::KsDefReplicationFactor => {
                "KsDef.replication_factor sets a SimpleStrategy keyspace's replication factor"
            }
            Behaviour::TruncateUnknownUnavailable => {
                "truncate of an unknown column family answers UnavailableException"
            }
            Behaviour::SchemaOf07 => {
                "0.7's system column families and CfDef defaults (memtable thresholds sized \
                 from the heap)"
            }
            Behaviour::MessagesOf07 => {
                "a mutation with both a column and a deletion, or neither, is refused in 0.7's \
                 words"
            }
            Behaviour::Cql3BetaRows => {
                "CQL 3 rows over execute_cql_query keyed by the partition key, every cell \
                 stamped, short type names (the 1.1 beta)"
            }
            Behaviour::Cql3BetaSchema => {
                "describe_keyspace lists CQL 3 tables as column families in the 1.1 beta's \
                 layout"
            }
            Behaviour::KeyspacesInHashMapOrder => {
                "describe_keyspaces lists keyspaces in a java.util.HashMap's order"
            }
            Behaviour::KeyspacesInNonBlockingHashMapOrder => {
                "describe_keyspaces lists keyspaces in a NonBlockingHashMap's order"
            }
            Behaviour::TracesReplicatedTwice => "system_traces has replication_factor 2",
            Behaviour::SchemaVersionsOfMigrations => {
                "a schema version is its migration's time UUID (later: a digest of the schema)"
            }
            Behaviour::TruncateUnknownRefused => {
                "truncate of an unknown column family is refused (unconfigured columnfamily)"
            }
            Behaviour::DropUnknownCfUnconfigured => {
                "dropping an unknown column family answers unconfigured columnfamily"
            }
            Behaviour::SchemaKeyspacesGcGraceWeek => {
                "the system table schema_keyspaces has gc_grace_seconds 604800"
            }
            Behaviour::RingOfUnknownKeyspaceDropped => {
                "describe_ring of an unknown keyspace closes the connection"
            }
            Behaviour::SystemCfsAmongCql3Tables => {
                "describe_keyspace system lists its column families in a 32-bucket HashMap's order"
            }
            Behaviour::FramingFromConfig => {
                "the Thrift port serves unframed clients when the configuration says so \
                 (thrift_framed_transport_size_in_mb: 0), else framed ones only"
            }
            Behaviour::RequiredFieldQuotesOwnBytes => {
                "a missing required argument's message quotes each binary field's own bytes"
            }
            Behaviour::Cql3SyntaxSnippets => {
                "a CQL 3 syntax error ends with a snippet of the statement around the offending \
                 token"
            }
            Behaviour::SliceRangeDeletions => {
                "batch_mutate deletes a SliceRange of a column family (before, refused)"
            }
            Behaviour::AtomicSuperDeletionsFail => {
                "atomic_batch_mutate deleting super columns beside a written sub-column closes \
                 the connection (its batch log's old format)"
            }
            Behaviour::QuorumsOfAnyStrategy => {
                "LOCAL_QUORUM (and EACH_QUORUM for writes) serve a SimpleStrategy keyspace"
            }
            Behaviour::PagedSliceSplitAtToken => {
                "get_paged_slice reads the range in parts cut at the node's token, each part \
                 for the whole count of columns (an answer may hold more columns than asked)"
            }
            Behaviour::LaterWriteWinsTies => {
                "of two writes of a column at one timestamp with one value, the later stays \
                 (with its TTL or without)"
            }
            Behaviour::TruncateFlushesAll => {
                "truncate flushes every column family first: a read then reconciles the \
                 memtable's versions with the flushed ones in turn (a counter deleted and \
                 incremented again may count its older increments)"
            }
            Behaviour::PagedStartOnFirstRow => {
                "get_paged_slice's start column applies to the first row scanned, whatever its key"
            }
            Behaviour::CountOfUnknownCfDropped => {
                "get_count by a range of an unknown column family closes the connection"
            }
            Behaviour::RowFilterOfSuperDropped => {
                "a row_filter on a Super column family closes the connection"
            }
            Behaviour::TablesInCreationOrder => {
                "describe_keyspace lists a keyspace's column families in the order they were made"
            }
            Behaviour::CfDefsFromTables => {
                "a CfDef is described from its table: compaction thresholds among the compaction options, chunk_length_kb, 99PERCENTILE, a super CF's map column"
            }
            Behaviour::MultigetOfNoKeysDropped => {
                "multiget_slice of no keys closes the connection"
            }
            Behaviour::RangeDeletionsOpenBounds => {
                "a batch's SliceRange deletion leaves an empty bound open and deletes nothing when start sorts after finish"
            }
            Behaviour::ReversedSuperSlicesReverseSubcolumns => {
                "a reversed slice of super columns reverses each one's subcolumns too"
            }
            Behaviour::FiltersSeeSelectedColumnsOnly => {
                "an index clause or row filter on a column the predicate's names leave out finds no row"
            }
            Behaviour::CollectionValuesDropped => {
                "a column family whose values are a non-frozen collection closes the connection"
            }
            Behaviour::UpdateKeepsTableColumns => {
                "system_update_column_family keeps the comparator, value and key types the column family had"
            }
            Behaviour::SchemaRefusalsOf3x => {
                "an update of a missing keyspace or column family is refused first (Keyspace X does not exist, unconfigured table X); a CUSTOM index without class_name names the index"
            }
            Behaviour::TtlZeroIsNone => {
                "a column TTL of 0 means none; a negative one: ttl must be greater or equal to 0"
            }
            Behaviour::MarkersNamedByDefinition => {
                "a prepared statement's marker is named by its column's definition (ColumnDefinition{...})"
            }
            Behaviour::DefinitionsWithPositions => {
                "those definitions carry 3.0's kinds and positions (kind=CLUSTERING, position=0)"
            }
            Behaviour::FilteringAlwaysAsked => {
                "an unindexed CQL 3 SELECT filtering a regular column asks for ALLOW FILTERING"
            }
            Behaviour::PagedSliceCountsPartitions => {
                "get_paged_slice's count is of rows, each read whole (before: of columns)"
            }
            Behaviour::CountSliceChecked => {
                "get_count by a range running backwards, or with a bound a fixed-size \
                 comparator refuses, closes the connection"
            }
            Behaviour::NegativeCountTimesOut => {
                "get_count with a negative count times out (it pages without end)"
            }
            Behaviour::NegativeCountNeverAnswers => {
                "get_count with a negative count never answers (it pages without end)"
            }
            Behaviour::RangeOfRefusedKeyTimesOut => {
                "get_range_slices from a start key the key type refuses times out"
            }
            Behaviour::LongerLivedWinsTies => {
                "of two writes of a column at one timestamp with one value, the one living \
                 longer stays (no TTL over a TTL)"
            }
            Behaviour::ScanOfUnprintableKeyTimesOut => {
                "a range scan bounded by a key its key type refuses times out"
            }
            Behaviour::CounterDeletionsWin => {
                "a deleted counter stays deleted, whatever is added to it later"
            }
            Behaviour::QuotedFunctionNames => {
                "a quoted name where a CQL 3 value is due fails at the token after it (a function's name)"
            }
            Behaviour::StaticColumnsMerged => {
                "a reversed slice of a column family with declared columns merges those, ascending, into the others"
            }
            Behaviour::StaticIndexFails => {
                "a COMPOSITES index of a declared column fails a new keyspace at that table (closes the connection)"
            }
        }
    }
}

use super::Version;

/// Each behaviour with the first release that behaved so and, where one
/// stopped, the first that did not (`(1, 1, 0)`: from the 1.1 series on;
/// some started with a patch release).
pub(super) const BEHAVIOURS: &[(Behaviour, Version, Option<Version>)] = &[
    (
        Behaviour::KsDefReplicationFactor,
        (0, 7, 0),
        Some((1, 1, 0)),
    ),
    (
        Behaviour::TruncateUnknownUnavailable,
        (0, 7, 0),
        Some((0, 8, 0)),
    ),
    (Behaviour::SchemaOf07, (0, 7, 0), Some((0, 8, 0))),
    (Behaviour::MessagesOf07, (0, 7, 0), Some((0, 8, 0))),
    (Behaviour::Cql3BetaRows, (1, 1, 0), Some((1, 2, 0))),
    (Behaviour::Cql3BetaSchema, (1, 1, 0), Some((1, 2, 0))),
    // Held in DatabaseDescriptor's HashMap, then in Schema's
    // NonBlockingHashMap from 1.0 on.
    (
        Behaviour::KeyspacesInHashMapOrder,
        (0, 7, 0),
        Some((1, 0, 0)),
    ),
    (
        Behaviour::KeyspacesInNonBlockingHashMapOrder,
        (1, 0, 0),
        None,
    ),
    (Behaviour::TracesReplicatedTwice, (1, 2, 11), None),
    // Migration.newVersion, a type 1 UUID, until 1.1's Schema.updateVersion.
    (
        Behaviour::SchemaVersionsOfMigrations,
        (0, 7, 0),
        Some((1, 1, 0)),
    ),
    (Behaviour::TruncateUnknownRefused, (1, 2, 19), None),
    (Behaviour::DropUnknownCfUnconfigured, (1, 2, 19), None),
    (Behaviour::SchemaKeyspacesGcGraceWeek, (1, 2, 19), None),
    (
        Behaviour::RingOfUnknownKeyspaceDropped,
        (1, 2, 0),
        Some((2, 0, 0)),
    ),
    (Behaviour::SystemCfsAmongCql3Tables, (1, 2, 0), None),
    // 0.8's CassandraDaemon built TFramedTransport factories unconditionally.
    (Behaviour::FramingFromConfig, (0, 6, 0), Some((0, 8, 0))),
    // libthrift 0.9.1 from 2.0.
    (Behaviour::RequiredFieldQuotesOwnBytes, (2, 0, 0), None),
    // ANTLR 3.5's runtime and the ErrorCollector from 2.1.
    (Behaviour::Cql3SyntaxSnippets, (2, 1, 0), None),
    // CassandraServer.deleteColumnOrSuperColumn's deleteRange from 2.0.
    (Behaviour::SliceRangeDeletions, (2, 0, 0), None),
    // 2.0's BatchlogManager serialized at MessagingService.VERSION_12; 2.1
    // at the current version, without super columns.
    (
        Behaviour::AtomicSuperDeletionsFail,
        (2, 0, 0),
        Some((2, 1, 0)),
    ),
    // ConsistencyLevel.validateForRead/Write of 1.2.19 (1.2.9 still asked).
    (Behaviour::QuorumsOfAnyStrategy, (1, 2, 19), None),
    // 1.1's StorageProxy.getRangeSlice: each restricted range read with
    // the command's own count (1.2 counted what was left).
    (
        Behaviour::PagedSliceSplitAtToken,
        (1, 1, 0),
        Some((1, 2, 0)),
    ),
    // Column.reconcile called on the new column with the old one
    // (ColumnFamily.addColumn, AtomicSortedColumns); 2.1's
    // AtomicBTreeColumns called it on the old one.
    (Behaviour::LaterWriteWinsTies, (0, 7, 0), Some((2, 1, 0))),
    // ColumnFamilyStore.truncate: 0.7 flushed the truncated CF alone; 0.8
    // to 1.1 then flushed ColumnFamilyStore.all(). Emulated for 0.8 only:
    // 1.0's CollationController merged its sources through MergeIterator's
    // PriorityQueue, whose order among equal names is not the one kept
    // memtables are read in (rel_flush recorded on 1.0.12 and 1.1.12 differs).
    (Behaviour::TruncateFlushesAll, (0, 8, 0), Some((1, 0, 0))),
    // 1.2's ExtendedFilter.updateFilter reset the shared SliceQueryFilter's
    // start after the first row; 2.0's DataRange.Paging compares keys.
    (Behaviour::PagedStartOnFirstRow, (1, 2, 0), Some((2, 0, 0))),
    // 1.2.9's CassandraServer.get_count read cfs.getMeanColumns() of the
    // store it looked up unchecked (recorded; 1.2.19 validated first).
    (
        Behaviour::CountOfUnknownCfDropped,
        (1, 2, 0),
        Some((1, 2, 19)),
    ),
    // ThriftValidation.validateFilterClauses read each expression's name
    // with comparator.cellFromByteBuffer from 2.1's cell names on.
    (
        Behaviour::RowFilterOfSuperDropped,
        (2, 1, 0),
        Some((3, 0, 0)),
    ),
    // 3.0's storage engine and schema: Thrift's column families read and
    // written as CQL tables (recorded from 3.0.24 and 3.11.10).
    (Behaviour::TablesInCreationOrder, (3, 0, 0), None),
    (Behaviour::CfDefsFromTables, (3, 0, 0), None),
    (Behaviour::MultigetOfNoKeysDropped, (3, 0, 0), None),
    (Behaviour::RangeDeletionsOpenBounds, (3, 0, 0), None),
    (
        Behaviour::ReversedSuperSlicesReverseSubcolumns,
        (3, 0, 0),
        None,
    ),
    (Behaviour::FiltersSeeSelectedColumnsOnly, (3, 0, 0), None),
    (Behaviour::CollectionValuesDropped, (3, 0, 0), None),
    (Behaviour::UpdateKeepsTableColumns, (3, 0, 0), None),
    (Behaviour::SchemaRefusalsOf3x, (3, 0, 0), None),
    (Behaviour::TtlZeroIsNone, (3, 11, 0), None),
    (
        Behaviour::MarkersNamedByDefinition,
        (2, 1, 0),
        Some((3, 11, 0)),
    ),
    (
        Behaviour::DefinitionsWithPositions,
        (3, 0, 0),
        Some((3, 11, 0)),
    ),
    (Behaviour::FilteringAlwaysAsked, (3, 0, 0), None),
    // CassandraServer.get_paged_slice's DataLimits of partitions.
    (Behaviour::PagedSliceCountsPartitions, (3, 0, 0), None),
    // CassandraServer.get_count: Slices.with asserted the slice's order,
    // and QueryPagers.countPaged paged until a page fell short of a
    // negative count (never); 3.11's pages shared the query's start time.
    (Behaviour::CountSliceChecked, (3, 0, 0), None),
    (Behaviour::NegativeCountTimesOut, (3, 11, 0), None),
    (
        Behaviour::NegativeCountNeverAnswers,
        (3, 0, 0),
        Some((3, 11, 0)),
    ),
    (Behaviour::RangeOfRefusedKeyTimesOut, (3, 0, 0), None),
    // Conflicts.resolveRegular: on a tie of timestamp, liveness and value,
    // the greater local deletion time (none: the greatest).
    (Behaviour::LongerLivedWinsTies, (3, 0, 0), None),
    // ColumnFamilyStore.getSequentialIterator and search traced the range
    // as `range.getString(metadata.getKeyValidator())` from 1.2 to 2.2.
    (
        Behaviour::ScanOfUnprintableKeyTimesOut,
        (1, 2, 0),
        Some((3, 0, 0)),
    ),
    // 2.1's AbstractCell.reconcileCounter and DeletionInfo.isDeleted: a
    // tombstone always won over a counter cell (CASSANDRA-7346). 3.0 and
    // 3.11 recorded otherwise for a deleted row: left to the 3.x emulation.
    (Behaviour::CounterDeletionsWin, (2, 1, 0), Some((3, 0, 0))),
    // 2.2's Cql.g: allowedFunctionName took QUOTED_NAME (user functions).
    // 3.x's grammar kept it; not recorded there, left to the 3.x emulation.
    (Behaviour::QuotedFunctionNames, (2, 2, 0), Some((3, 0, 0))),
    // ThriftResultsMerger merged the static row's cells into the rows.
    (Behaviour::StaticColumnsMerged, (3, 0, 0), None),
    // CassandraIndex.getFunctions: no case for a static column until 3.11.
    (Behaviour::StaticIndexFails, (3, 0, 0), Some((3, 11, 0))),
];
