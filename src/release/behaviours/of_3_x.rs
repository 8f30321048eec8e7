//! The behaviours that began in 3.0 or 3.11, in the order they were found;
//! [`super`] says what each entry holds. Data only: the macro hands them,
//! after the earlier series', on.

macro_rules! with_behaviours_of_3_x {
    ($($later:tt)*) => {
        with_behaviours_of_2_x_later! {
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

            /// A reversed slice of a CQL table's cells reversed its rows, not
            /// their cells: the static row first, then each row, last first, its
            /// cells ascending; the count cut that stream.
            ReversedSliceOfCqlRows {
                key: "reversed_slice_of_cql_rows",
                from: (3, 0, 0),
                until: None,
                says: "a reversed slice of a CQL table answers its static cells, then its rows last first, each row's cells ascending",
            }

            /// A Thrift column name of a CQL table (written, read by name or
            /// deleted) was decoded as a cell of the table, an unknown column
            /// refused ("Error validating cell name for CQL3 table ...").
            ThriftCellNamesDecoded {
                key: "thrift_cell_names_decoded",
                from: (3, 0, 0),
                until: None,
                says: "a Thrift column name of a CQL table must name one of its columns (Error validating cell name)",
            }

            /// A CQL table's row marker (a name of an empty column component)
            /// written by Thrift (`insert`, `batch_mutate`) failed on the server,
            /// which closed the connection.
            ThriftRowMarkerWritesFail {
                key: "thrift_row_marker_writes_fail",
                from: (3, 0, 0),
                until: None,
                says: "a CQL row marker written by Thrift fails on the server (the connection closes)",
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

            // TimeWindowCompactionStrategy (CASSANDRA-9666, 3.0.8).
            /// A column family may compact with `TimeWindowCompactionStrategy`.
            TimeWindowCompaction {
                key: "time_window_compaction",
                from: (3, 0, 8),
                until: None,
                says: "TimeWindowCompactionStrategy exists",
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

            // OptionsMessage: PROTOCOL_VERSIONS put beside CQL_VERSION and COMPRESSION.
            /// The native SUPPORTED message listed the protocol versions the node
            /// spoke (`3/v3`, `4/v4`, `5/v5-beta`).
            NativeListsProtocolVersions {
                key: "native_lists_protocol_versions",
                from: (3, 10, 0),
                until: None,
                says: "the native SUPPORTED message lists the protocol versions (PROTOCOL_VERSIONS)",
            }

            // Conflicts.resolveCounter: a tombstone cell beat any live counter cell
            // whatever the timestamps; a row's or partition's DeletionTime deleted
            // a cell by timestamp alone (DeletionTime.deletes).
            /// A counter's own deletion (`remove_counter` of its cell, a batch's
            /// deletion by name) stayed whatever was added to it later; a
            /// deleted super column or row went by timestamp, so what was added
            /// after it counted (2.1 and 2.2: every deletion won).
            CounterCellDeletionsWin {
                key: "counter_cell_deletions_win",
                from: (3, 0, 0),
                until: None,
                says: "a counter's own deletion stays whatever is added later; after a deleted row or \
                    super column it counts again",
            }

            // CounterMutation.processModifications: the new count was the counter
            // cache's ClockAndCount plus the delta; a deletion left the cache as it
            // was (only truncate and drop invalidated it).
            /// What was added to a counter after its row or super column was
            /// deleted counted on from the count the node's counter cache held:
            /// every addition since the column family was made or truncated.
            CounterCacheCarriesCounts {
                key: "counter_cache_carries_counts",
                from: (3, 0, 0),
                until: None,
                says: "a counter added to after its row or super column was deleted counts on from \
                    its count before the deletion (the counter cache)",
            }

            // CassandraServer.truncate: validateColumnFamily(keyspace, cfname, false).
            /// `truncate` of a counter column family was refused as a counter
            /// operation the column family could not take (`invalid operation
            /// for commutative table Cnt`).
            TruncateOfCountersRefused {
                key: "truncate_of_counters_refused",
                from: (3, 0, 0),
                until: None,
                says: "truncate of a counter column family is refused (invalid operation for \
                    commutative table)",
            }

            // KeysSearcher.filterIfStale (CASSANDRA-11523): for Thrift, the row read
            // with the indexed column added was sliced back to the fetched columns'
            // names, and an empty partition skipped (isEmpty: no partition deletion).
            /// A KEYS index search whose predicate's names left out its one
            /// (indexed) column answered each matching row whose partition held
            /// a deletion (a `remove` of its key), with no columns, and no other
            /// row.
            IndexSearchKeepsDeletedRows {
                key: "index_search_keeps_deleted_rows",
                from: (3, 0, 0),
                until: None,
                says: "get_indexed_slices whose names leave out the indexed column answers the \
                    matching rows once deleted, with no columns, and no other",
            }

            // CassandraServer.deleteColumnOrSuperColumn: 3.x kept a super column's
            // sub-columns in one map column, and range tombstones of collections
            // did not exist.
            /// A batch's `Deletion` by a `SliceRange` naming a super column was
            /// refused once the deletion's checks passed (`Cannot delete a range
            /// of subcolumns in a super column`), the batch unwritten; 2.x
            /// deleted those sub-columns.
            SuperSubcolumnRangeDeletionsRefused {
                key: "super_subcolumn_range_deletions_refused",
                from: (3, 0, 0),
                until: None,
                says: "a batch's SliceRange deletion of a super column's sub-columns is refused \
                    (Cannot delete a range of subcolumns in a super column)",
            }

            // CassandraServer.thriftifyCounterSuperColumns reversed a super
            // column's subcolumns when the next one began, never the last's.
            /// A reversed slice of a counter Super column family's super
            /// columns reversed the subcolumns of each but the last, which
            /// stayed ascending.
            CounterSuperSlicesKeepLastAscending {
                key: "counter_super_slices_keep_last_ascending",
                from: (3, 0, 0),
                until: None,
                says: "a reversed slice of counter super columns reverses the subcolumns of each but the last",
            }

            // QueryOptions.fromThrift: ProtocolVersion V3 (2.1 and 2.2: fromProtocolV2).
            /// CQL 3 over Thrift answered collection values, and read bound
            /// ones, in the native protocol v3's form (\[int\] counts and
            /// lengths, nested collections too); a malformed bound one was
            /// refused as `Not enough bytes to read a set`.
            Cql3ThriftCollectionsV3 {
                key: "cql3_thrift_collections_v3",
                from: (3, 0, 0),
                until: None,
                says: "CQL 3 over Thrift answers and binds collections in the native protocol v3's form ([int] lengths)",
            }

            // ColumnDefinition.Raw.prepare (3.10's CASSANDRA-12449 refactoring).
            /// A CQL 3 statement naming an unknown column was refused as
            /// `Undefined column name X` (the name quoted where CQL would
            /// quote it) wherever it named it.
            UndefinedColumnName {
                key: "undefined_column_name",
                from: (3, 10, 0),
                until: None,
                says: "an unknown column in a CQL 3 statement: Undefined column name X",
            }

            // Parser.g's recoverFromMismatchedToken and recover overridden
            // ("Exit query parsing upon first error").
            /// A CQL 3 statement's mismatched token was thrown as it was met,
            /// without ANTLR's single-token recovery: `mismatched input 'X'
            /// expecting Y` where there had been `missing Y at 'X'` and
            /// `extraneous input 'X' expecting Y`, the snippet ending at it.
            CqlParserExitsAtMismatch {
                key: "cql_parser_exits_at_mismatch",
                from: (3, 10, 0),
                until: None,
                says: "a CQL 3 syntax error at a mismatched token is `mismatched input 'X' \
                    expecting Y` (no missing or extraneous token), its snippet ending at it",
            }

            // StatementRestrictions.processPartitionKeyRestrictions: needFiltering.
            /// A CQL 3 SELECT restricting a partition key by a slice asked
            /// for `ALLOW FILTERING` (before: only EQ and IN were supported),
            /// an UPDATE's or DELETE's was refused `... for UPDATE statements`.
            PartitionKeySliceFiltered {
                key: "partition_key_slice_filtered",
                from: (3, 10, 0),
                until: None,
                says: "a SELECT restricting a partition key by a slice asks for ALLOW FILTERING; an \
                    UPDATE's or DELETE's is refused for UPDATE statements",
            }

            // ModificationStatement's conditions, SingleColumnRelation's slices.
            /// CQL 3 refusals in 3.x's words: an unknown column of an IF
            /// condition (`Unknown identifier X in IF conditions`), an UPDATE's
            /// or DELETE's slice of a partition key (`Only EQ and IN relation
            /// are supported on the partition key ...`, 2.x: `Invalid operator
            /// > for PRIMARY KEY part k`).
            CqlWordsOf3x {
                key: "cql_words_of_3x",
                from: (3, 0, 0),
                until: None,
                says: "CQL 3: Unknown identifier X in IF conditions; an UPDATE's slice of a \
                    partition key: Only EQ and IN relation are supported on the partition key",
            }

            // KeysSearcher.filterIfStale and RowFilter.ThriftFilter over an
            // ImmutableBTreePartition built from the read (reversed, unsorted).
            /// An index clause or row filter of a Standard column family was
            /// answered from the partition 3.x built of the predicate's
            /// columns (a reversed read reversed back, taken as ascending,
            /// searched as a B-tree leaf): the index's column looked up there,
            /// the rows the query fetched when the predicate left that column
            /// out, each other expression tested on its column's row there,
            /// the slice's count taken last in that order.
            FilteredReadsOfStoredPartitions {
                key: "filtered_reads_of_stored_partitions",
                from: (3, 0, 0),
                until: None,
                says: "get_indexed_slices and row filters answer from the partition built of the \
                    predicate's columns (reversed reads taken as ascending, searched as a B-tree leaf)",
            }

            // DataRange.Paging asserted that its range did not wrap.
            /// `get_paged_slice` by tokens whose range wrapped (its start at or
            /// after its end, the end not the minimum token) failed on the
            /// server, which closed the connection.
            PagedWrapDropped {
                key: "paged_wrap_dropped",
                from: (3, 0, 0),
                until: None,
                says: "get_paged_slice by a token range that wraps closes the connection",
            }

            // SchemaKeyspace wrote each column's CQL type and parsed it back.
            /// A column family's types came back through their CQL forms: a
            /// `DateType` with one (the comparator or a composite one's
            /// component, the subcomparator, the values', the key's, a
            /// declared column's) became `TimestampType`, which compares as
            /// signed.
            TypesThroughCql {
                key: "types_through_cql",
                from: (3, 0, 0),
                until: None,
                says: "a column family's DateType comes back as TimestampType (its CQL type)",
            }

            // PartitionColumns' sorted set kept the first of two equal columns.
            /// Of a column declared twice in one CfDef the first definition
            /// stayed (before: the last), taking a later one's index.
            FirstOfDuplicateColumns {
                key: "first_of_duplicate_columns",
                from: (3, 0, 0),
                until: None,
                says: "a column declared twice keeps its first definition (and a later one's index)",
            }

            // ConsistencyLevel.validateForRead refused only ANY (CASSANDRA-9602).
            /// An EACH_QUORUM read was served (a SimpleStrategy keyspace's as
            /// a QUORUM one), where 1.2 to 2.2 refused it.
            EachQuorumReads {
                key: "each_quorum_reads",
                from: (3, 0, 0),
                until: None,
                says: "EACH_QUORUM reads are served (before: only supported for writes)",
            }

            // ThriftConversion.cachingFromThrift: the legacy word, then the
            // cells (the IDL's default 100) only where rows were cached.
            /// A CfDef's caching and cells per row became 3.x's caching
            /// parameters: `ALL` or `ROWS_ONLY` cached the cells
            /// `cells_per_row_to_cache` said (100 when not sent; `0`: no rows
            /// after all), described as the word those parameters made.
            CachingParamsOfCfDef {
                key: "caching_params_of_cfdef",
                from: (3, 0, 0),
                until: None,
                says: "a CfDef's caching and cells_per_row_to_cache become one caching parameter \
                    (ALL with 0 cells: KEYS_ONLY; a row cache without cells: 100)",
            }

            // CompactionParams: thresholds among the options where the
            // strategy took them (not LeveledCompactionStrategy), validate().
            /// A CfDef's compaction thresholds went into the strategy's
            /// options where it took them (Leveled: described as 4 and 32);
            /// options the strategy did not understand were refused
            /// (`Properties specified [x] are not understood by ...`), and
            /// thresholds of 0 (`Disabling compaction by setting compaction
            /// thresholds to 0 has been removed...`), below 2 or crossed.
            CompactionParamsOfCfDef {
                key: "compaction_params_of_cfdef",
                from: (3, 0, 0),
                until: None,
                says: "compaction thresholds go into the strategy's options (not Leveled's); options \
                    it does not understand and thresholds of 0 are refused",
            }

            // ThriftConversion.internalFromThrift (cachingFromTrhfit,
            // compressionParametersFromThrift: CompressionParams.fromMap) and
            // CFMetaData.validate's TableParams.validate.
            /// A CfDef's table parameters are judged in 3.x's words: `Invalid value
            /// X for caching parameter`, `read_repair_chance must be larger than or
            /// equal to 0 and smaller than or equal to 1.0 (got 2.0)`, compression's
            /// `chunk_length_in_kb` and `class` sub-option.
            TableParamsOf3x {
                key: "table_params_of_3x",
                from: (3, 0, 0),
                until: None,
                says: "a CfDef's caching, chances, TTL, grace, index intervals and compression are \
                    judged in 3.x's words (TableParams.validate)",
            }

            // LegacyLayout.decodeBound (CASSANDRA-12423) with 2.1's ReversedType,
            // which compared an empty value as its base type did, reversed.
            /// A slice's end bound naming a prefix of a composite comparator's
            /// components with end-of-component 0 took in every name of the prefix
            /// when the next component was reversed (2.x stopped before them).
            PrefixEndBoundOfLegacyLayout {
                key: "prefix_end_bound_of_legacy_layout",
                from: (3, 0, 0),
                until: None,
                says: "a slice ending at a composite prefix (end-of-component 0) takes in the \
                    prefix's names when the next component is reversed",
            }

            // CassandraServer.cellFromColumn (BufferCell.live, 3.11's getTtl);
            // batch_mutate's toLegacyCell kept no TTL.
            /// `insert` of a column sent without a TTL made it expire after the
            /// column family's `default_time_to_live`; a batch's columns did not.
            ThriftInsertTakesDefaultTtl {
                key: "thrift_insert_takes_default_ttl",
                from: (3, 0, 0),
                until: None,
                says: "insert of a column without a TTL expires after default_time_to_live (not a \
                    batch's columns)",
            }

            // CassandraServer.get_multi_slice: Slice.make(finish, start) of a
            // reversed slice asserted its start was a start bound; the read
            // of a negative count's limits failed after the slices.
            /// `get_multi_slice` checked every slice's bounds in order, empty ones
            /// as the smallest start and greatest finish (`Column slice at index
            /// N had start greater than finish`), and a reversed request failed
            /// on the server at its first slice that passed, a negative count
            /// of some slices once they passed (the connection closed).
            MultiSliceBoundsOf3x {
                key: "multi_slice_bounds_of_3x",
                from: (3, 0, 0),
                until: None,
                says: "get_multi_slice checks each slice's bounds, empty ones included; a reversed \
                    one closes the connection",
            }

            // AlterTableStatement ADD, then CFMetaData.rebuild's
            // CompactTables.getCompactValueColumn assertion.
            /// CQL's `ALTER TABLE ADD` of a regular column to a static compact
            /// table (a Thrift column family with declared columns) failed on the
            /// server once checked, and the connection closed.
            CompactStaticAddFails {
                key: "compact_static_add_fails",
                from: (3, 0, 0),
                until: None,
                says: "ALTER TABLE ADD on a static compact table (a Thrift CF with declared columns) \
                    closes the connection",
            }

            $($later)*
        }
    };
}
