//! The behaviours that began in the 2.x series, in the order they were
//! found; [`super`] says what each entry holds. Data only: the macro hands
//! them, after the earlier series' and ahead of the later ones, on.

macro_rules! with_behaviours_of_2_x {
    ($($later:tt)*) => {
        with_behaviours_before_2_0_last! {
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
            /// Standard column family's columns, a Super column family's super
            /// columns or one super column's sub-columns (a range tombstone from
            /// start to finish); before, it was
            /// refused (`Deletion does not yet support SliceRange predicates.`).
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

            /// A prepared statement's marker bound to a column was named by the
            /// column's definition as Java printed it (`ColumnDefinition{...}`),
            /// not by the column's name.
            MarkersNamedByDefinition {
                key: "markers_named_by_definition",
                from: (2, 1, 0),
                until: Some((3, 11, 0)),
                says: "a prepared statement's marker is named by its column's definition (ColumnDefinition{...})",
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

            // CompositesIndex.validateOptions: `prefix_size` removed, the rest refused.
            /// A COMPOSITES index took no option: 1.2's `prefix_size` was skipped
            /// (1.2 required it, an integer), any other refused by name.
            CompositesWithoutPrefixSize {
                key: "composites_without_prefix_size",
                from: (2, 0, 0),
                until: Some((3, 0, 0)),
                says: "a COMPOSITES index takes no option (1.2's prefix_size skipped, any other refused)",
            }

            // CompositesIndex.validateOptions: a collection's `index_keys_and_values`
            // (2.2's ENTRIES index, CASSANDRA-8473) skipped beside its keys' and
            // values' options (recorded: rel_mapentries).
            /// A collection's COMPOSITES index took `index_keys_and_values` (an
            /// index of a map's entries) as it took `index_keys` and `index_values`.
            CompositesTakeEntriesOption {
                key: "composites_take_entries_option",
                from: (2, 2, 0),
                until: Some((3, 0, 0)),
                says: "a collection's COMPOSITES index takes index_keys_and_values (a map's entries)",
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

            // DefsTables.mergeColumnFamilies added a new keyspace's column
            // families one by one and stopped at the one whose store failed
            // (CompositesIndexOnRegular): it was in the schema, without a
            // ColumnFamilyStore. ThriftValidation.validateColumnData, get_count,
            // StorageProxy.read's and getRangeSlice's metrics and
            // validateFilterClauses asked for that store; dropColumnFamily, in
            // the keyspace's HashMap order, stopped at it too.
            /// The column family whose COMPOSITES index of plain names could
            /// not be opened had no store: a read of it, a write of a column to
            /// it and a count closed the connection (a removal did not); a drop
            /// of its keyspace removed the column families before it in their
            /// `HashMap`'s order and stopped there (the connection closed); a
            /// later column family change of the keyspace made those the
            /// keyspace's creation never reached.
            UnopenedStoreCloses {
                key: "unopened_store_closes",
                from: (2, 0, 0),
                until: Some((2, 1, 0)),
                says: "a column family whose index failed to open closes the connection on reads and \
                    writes; dropping its keyspace removes the column families before it, then fails",
            }

            // CassandraServer.get_paged_slice checked row_filter from 2.0.
            /// `get_paged_slice` of a range carrying a `row_filter` was refused:
            /// `Cross-row paging is not supported along with index clauses`.
            PagedRowFilterRefused {
                key: "paged_row_filter_refused",
                from: (2, 0, 0),
                until: None,
                says: "get_paged_slice with a row_filter is refused (Cross-row paging is not \
                    supported along with index clauses)",
            }

            // CassandraServer.createMutationList: addOrGet of each listed
            // column family; 2.1's memtable kept an empty partition.
            /// A `batch_mutate` listing a column family with no mutations made
            /// that row (a partition of no cells): range scans list it, empty.
            EmptyMutationListMakesRow {
                key: "empty_mutation_list_makes_row",
                from: (2, 1, 0),
                until: None,
                says: "a batch_mutate column family with an empty mutation list makes an empty row \
                    that range scans list",
            }

            // ArrayBackedSortedColumns.addColumn (the row of a Thrift mutation,
            // CassandraServer.createMutationList) reconciled a cell arriving in
            // name order, or one its binary search found, as new.reconcile(old);
            // once a cell came out of order the rest were appended and sortCells
            // merged them (stable sort) with the sorted part as
            // sorted.reconcile(unsorted), later unsorted duplicates as
            // new.reconcile(merged).
            /// The cells of one column family's list of mutations in a batch
            /// met each other before the memtable: of two writes of a cell at
            /// one timestamp with one value the later stays while they come in
            /// name order, and an out-of-order one loses to one already sorted.
            MutationCellsReconciledInArray {
                key: "mutation_cells_reconciled_in_array",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "of two writes of a column at one timestamp with one value in one batch list, \
                    the later stays while names come in order; once one comes out of order, one \
                    already in order stays",
            }

            // BufferExpiringCell.reconcile: on a tie of timestamp and value an
            // expiring cell gives way to another expiring one that lives longer
            // (AtomicBTreeColumns called existing.reconcile(update)).
            /// Of two expiring writes of a cell at one timestamp with one value,
            /// the one living longer stays (otherwise the first).
            ExpiringTiesLongerLived {
                key: "expiring_ties_longer_lived",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "of two expiring writes of a column at one timestamp with one value, the one \
                    living longer stays",
            }

            // Column.create (2.1: AbstractCell.create), called by
            // ColumnFamily.addColumn for Thrift's insert and batch writes:
            // `if (ttl <= 0) ttl = metadata.getDefaultTimeToLive()`.
            /// A column written over Thrift without a TTL takes its column
            /// family's `default_time_to_live`.
            ThriftWritesTakeDefaultTtl {
                key: "thrift_writes_take_default_ttl",
                from: (2, 0, 0),
                until: Some((3, 0, 0)),
                says: "a column written without a TTL expires after its column family's \
                    default_time_to_live",
            }

            // CFMetaData.SpeculativeRetry kept the setting parsed (a double) and
            // toString() printed it back: (value * 100) + "PERCENTILE",
            // value + "ms", or the type's name.
            /// `speculative_retry` is described as the release parsed it:
            /// `50ms` as `50.0ms`, `99PERCENTILE` as `99.0PERCENTILE`, `always`
            /// as `ALWAYS`.
            SpeculativeRetryAsParsed {
                key: "speculative_retry_as_parsed",
                from: (2, 0, 0),
                until: Some((3, 0, 0)),
                says: "speculative_retry is described as parsed: 50ms as 50.0ms, 99PERCENTILE as \
                    99.0PERCENTILE",
            }

            // CFMetaData.rebuild of an update (2.0: fromThriftForUpdate; 2.2:
            // ThriftConversion.fromThriftForUpdate) kept the old dense table's
            // clustering columns, placed by position in the new comparator's.
            /// `system_update_column_family` giving a dense column family a
            /// comparator of fewer components than its clustering columns (a
            /// `CompositeType` of two made `LongType`, no column declared) failed
            /// on the server: the connection closes.
            UpdateKeepingClusteringFails {
                key: "update_keeping_clustering_fails",
                from: (2, 0, 0),
                until: Some((3, 0, 0)),
                says: "an update leaving a dense column family more clustering columns than its \
                    new comparator takes closes the connection",
            }

            // CFMetaData.fromThrift (2.1) and ThriftConversion.fromThrift (2.2):
            // hasKeyAlias = isSetKey_alias() && keyValidator != null && ...
            /// A CfDef's `key_alias` is taken only beside a `key_validation_class`
            /// in the same CfDef; without one the key keeps its name (`key`, or
            /// the column family's own on an update).
            KeyAliasNeedsKeyValidator {
                key: "key_alias_needs_key_validator",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "a CfDef's key_alias is taken only beside a key_validation_class",
            }

            // CFMetaData.fromThriftForUpdate put the update's key alias beside
            // the table's, and toSchemaUpdate kept every column not REGULAR a
            // Thrift update left out: the schema then held both partition key
            // columns, and rebuild took the one its HashMap iterated last
            // (2.2's LegacySchemaTables replaced the old one).
            /// An update's `key_alias` other than the table's joins it, and
            /// the key is named by whichever of them a Java `HashMap` of the
            /// columns iterates last (`KEY` after `key`, `key` after `id`).
            KeyAliasesKeptByHashOrder {
                key: "key_aliases_kept_by_hash_order",
                from: (2, 0, 0),
                until: Some((2, 2, 0)),
                says: "an update's key_alias joins the table's; the key is named by the one a \
                    HashMap iterates last",
            }

            // CFMetaData.validateCompactionOptions: 1.2 checked what the strategy
            // left unread only for CQL 3 (checkUnexpected), 2.0 for every call.
            /// A column family's compaction options its strategy does not read
            /// are refused: `Properties specified [sstable_size_in_mb] are not
            /// understood by SizeTieredCompactionStrategy`.
            UnknownCompactionOptionsRefused {
                key: "unknown_compaction_options_refused",
                from: (2, 0, 0),
                until: Some((3, 0, 0)),
                says: "compaction options the strategy does not read are refused (Properties \
                    specified [..] are not understood by ..)",
            }

            // DateTieredCompactionStrategy (CASSANDRA-6602, 2.0.11).
            /// A column family may compact with `DateTieredCompactionStrategy`
            /// (earlier: `Unable to find compaction strategy class`).
            DateTieredCompaction {
                key: "date_tiered_compaction",
                from: (2, 0, 11),
                until: None,
                says: "DateTieredCompactionStrategy exists",
            }

            // DateTieredCompactionStrategy.validateOptions (2.1, 2.2) ended with
            // SizeTieredCompactionStrategyOptions.validateOptions, and its options
            // had max_window_size_seconds; 2.0's read its own four alone.
            /// DateTiered compaction reads SizeTiered's options and
            /// `max_window_size_seconds` besides its own.
            DateTieredReadsSizeTiered {
                key: "date_tiered_reads_size_tiered",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "DateTiered compaction reads SizeTiered's options and max_window_size_seconds",
            }

            // SizeTieredCompactionStrategyOptions.COLD_READS_TO_OMIT_KEY (2.0.3 to 2.1).
            /// SizeTiered and Leveled compaction read a `cold_reads_to_omit`
            /// option.
            ColdReadsToOmit {
                key: "cold_reads_to_omit",
                from: (2, 0, 0),
                until: Some((2, 2, 0)),
                says: "compaction reads a cold_reads_to_omit option",
            }

            // SizeTieredCompactionStrategyOptions.validateOptions (2.0.3): the
            // bucket options named and parsed as floats; LeveledCompactionStrategy
            // ended with it from 2.0.0 (modelled from 2.0.3 with the words).
            /// SizeTiered's bucket options are refused in 2.0's words (`bucket_high
            /// value (0.4) is less than or equal to the bucket_low value (0.5)`,
            /// `abc is not a parsable float for bucket_low`), and Leveled checks
            /// them too.
            CompactionOptionWordsOf20 {
                key: "compaction_option_words_of_2_0",
                from: (2, 0, 3),
                until: None,
                says: "SizeTiered's bucket options are refused in 2.0's words (bucket_high value \
                    (..) is less than or equal to the bucket_low value (..)); Leveled checks them",
            }

            // AbstractCompactionStrategy.validateOptions: `enabled` from 2.0.0,
            // `unchecked_tombstone_compaction` from 2.0.9 (modelled from 2.0.9).
            /// A compaction's `enabled` and `unchecked_tombstone_compaction`
            /// options must be true or false (1.2's strategies did not read them).
            CompactionSwitchesChecked {
                key: "compaction_switches_checked",
                from: (2, 0, 9),
                until: None,
                says: "compaction options enabled and unchecked_tombstone_compaction must be true \
                    or false",
            }

            // SizeTieredCompactionStrategyOptions.validateOptions (2.0.3 to 2.1.4)
            // printed min_sstable_size's text in the refusal, not the option's.
            /// `cold_reads_to_omit` outside 0.0 to 1.0 is refused: `cold_reads_to_omit
            /// value (null) should be between between 0.0 and 1.0` (the value shown
            /// is `min_sstable_size`'s).
            ColdReadsToOmitRangeChecked {
                key: "cold_reads_to_omit_range_checked",
                from: (2, 0, 3),
                until: Some((2, 1, 5)),
                says: "cold_reads_to_omit outside 0.0 to 1.0 is refused (showing min_sstable_size's \
                    value)",
            }

            // CFMetaData.validateCompatibility printed both comparators' classes,
            // CellNames.fromAbstractType's (2.2's cell name types).
            /// `system_update_column_family` refusing an incompatible comparator
            /// named both cell layouts: `Column family comparators do not match
            /// or are not compatible (found SimpleDenseCellNameType; expected
            /// SimpleSparseCellNameType).` (the update's, then the column
            /// family's: dense without declared columns or with all its
            /// components clustering columns, compound for a composite or Super
            /// comparator).
            ComparatorRefusalNamesLayouts {
                key: "comparator_refusal_names_layouts",
                from: (2, 2, 0),
                until: Some((3, 0, 0)),
                says: "an incompatible comparator's refusal names both cell layouts (found \
                    SimpleDenseCellNameType; expected SimpleSparseCellNameType)",
            }

            // CASSANDRA-14092 (2.1.20, 2.2.12, 3.0.16, 3.11.2): Attributes /
            // ExpirationDateOverflowHandling.maybeApplyExpirationDateOverflowPolicy,
            // called by ThriftValidation.validateTtl and by CQL's Attributes, under
            // the default policy REJECT. Before, the column was built anyway and
            // ExpiringColumn's assertion failed the call on the server.
            /// A TTL whose expiry passes 2038-01-19 (now + ttl overflows an
            /// `int`) is refused, Thrift and CQL: `Request on table ks.cf with
            /// ttl of N seconds exceeds maximum supported expiration date of
            /// 2038-01-19T03:14:06+00:00. ...`.
            ExpiryPast2038Refused {
                key: "expiry_past_2038_refused",
                from: (2, 1, 20),
                until: None,
                says: "a TTL whose expiry passes 2038-01-19 is refused (CASSANDRA-14092)",
            }

            // CassandraServer.set_cql_version (2.2 on): an empty method, CQL 2
            // being gone; the version is neither parsed nor kept.
            /// `set_cql_version` does nothing: any text is taken, and no
            /// dialect is chosen (every Thrift CQL call is CQL 3).
            SetCqlVersionIgnored {
                key: "set_cql_version_ignored",
                from: (2, 2, 0),
                until: None,
                says: "set_cql_version does nothing: any version text is taken, none is checked",
            }

            // The `serializers` package from 2.0 (UUIDSerializer,
            // DecimalSerializer, InetAddressSerializer).
            /// Names, keys and values were checked by 2.0's serializers: a UUID
            /// of the wrong size is `UUID should be 16 or 0 bytes (N)` whatever
            /// its type, a decimal needs its 4-byte scale (`Expected 0 or at
            /// least 4 bytes (N)`; before, any bytes were stored) and an empty
            /// inet is taken.
            SerializerValidators {
                key: "serializer_validators",
                from: (2, 0, 0),
                until: None,
                says: "values are checked by 2.0's serializers (UUID should be 16 or 0 bytes (N); a \
                    decimal needs its scale; an empty inet is taken)",
            }

            // ResultMessage.Prepared.toThriftPreparedResult printed each
            // marker's ColumnSpecification, whose toString was Guava's
            // toStringHelper from 2.1 (3.11 shortened only ColumnDefinition's).
            /// A prepared statement's marker bound to no column (`LIMIT ?`,
            /// `USING TTL ?`, `token(?)`'s argument, a collection element) is
            /// named by its `ColumnSpecification{name=..., type=...}`.
            BareMarkersSpecified {
                key: "bare_markers_specified",
                from: (2, 1, 0),
                until: None,
                says: "a prepared marker bound to no column is named ColumnSpecification{name=..., type=...}",
            }

            // 2.1's StorageService.getSplits: totalRowCountEstimate =
            // cfs.estimatedKeysForRange(range) (SSTables only), each split
            // Math.max(min_index_interval, estimatedKeysForRange(split))
            // (CASSANDRA-7322).
            /// `describe_splits_ex` estimates rows from the SSTables' estimated
            /// keys, each split at least `min_index_interval` (128 before a flush).
            SplitRowsFromSstableEstimates {
                key: "split_rows_from_sstable_estimates",
                from: (2, 1, 0),
                until: None,
                says: "describe_splits estimates rows from the SSTables' estimated keys, each split \
                    at least min_index_interval",
            }

            // 2.1's CachingOptions.fromString: a word not of the legacy four was
            // read as a JSON map (FBUtilities.fromJsonMap, whose IOException
            // became a RuntimeException), then validateCacheConfig.
            /// A CfDef's caching other than ALL, KEYS_ONLY, ROWS_ONLY or NONE is
            /// read as a JSON map of `keys` and `rows_per_partition`: one that is
            /// not JSON fails on the server (the connection closes).
            CachingWordReadAsJson {
                key: "caching_word_read_as_json",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "a CfDef's caching other than the four legacy words is read as a JSON map \
                    (not JSON: the connection closes)",
            }

            // 2.2's CachingOptions.validateCacheConfig appended what it was given.
            /// A JSON caching map's refusal says the value or key it refused
            /// (`'keys' can only have values 'ALL' or 'NONE', but was 'SOME'`).
            CachingRefusalSaysValue {
                key: "caching_refusal_says_value",
                from: (2, 2, 0),
                until: Some((3, 0, 0)),
                says: "a JSON caching map's refusal ends with what it was given (, but was 'X')",
            }

            // 2.0's CFMetaData.fromThriftForUpdate copied the old definition's CQL
            // columns (key, column1, column2, value) into one of the other type,
            // and its rebuild() failed on them (an AssertionError or an
            // IndexOutOfBoundsException the call did not catch); 3.x's
            // fromThriftForUpdate likewise.
            /// An update changing a column family from Standard to Super or back
            /// fails on the server: the connection closes (1.2: `types do not
            /// match.`).
            TypeChangeUpdateFails {
                key: "type_change_update_fails",
                from: (2, 0, 0),
                until: None,
                says: "an update changing Standard to Super or back closes the connection",
            }

            // 2.0 to 2.2's fromThriftForUpdate copied only the old definition's
            // CQL columns that were not cells (isPartOfCellName): a column family
            // with declared columns is sparse and had none its new type could not
            // place, so rebuild() passed and validateCompatility refused.
            /// An update changing the type of a column family with declared
            /// columns (a Super one, or a Standard one of a simple comparator) is
            /// refused (`types do not match.`); one without declared columns
            /// still fails on the server.
            SparseTypeChangeRefused {
                key: "sparse_type_change_refused",
                from: (2, 0, 0),
                until: Some((3, 0, 0)),
                says: "an update changing the type of a CF with declared columns is refused (types \
                    do not match.), not failed on the server",
            }

            // 2.2's CFMetaData.validateCompatibility formatted both types.
            /// `system_update_column_family` refusing a change of the column
            /// family's type named both: `Column family types do not match (found
            /// Super; expected Standard).` (the update's, then the column family's).
            TypeRefusalNamesTypes {
                key: "type_refusal_names_types",
                from: (2, 2, 0),
                until: Some((3, 0, 0)),
                says: "a type change's refusal names both types (found Super; expected Standard)",
            }

            // 2.1's CFMetaData.validateIndexIntervalThresholds (3.0: TableParams'
            // words).
            /// A CfDef's `min_index_interval` below 1, or a maximum below the
            /// minimum, is refused (`Min index interval must be greater than 0
            /// (got 0).`).
            IndexIntervalsChecked {
                key: "index_intervals_checked",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "a CfDef's min_index_interval below 1 or max below min is refused",
            }

            $($later)*
        }
    };
}
