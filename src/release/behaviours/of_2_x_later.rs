//! The behaviours that began in the 2.x series found after those of
//! [`super::of_2_x`], in the order they were found; [`super`] says what
//! each entry holds. Data only: the macro hands them, after the earlier
//! ones and ahead of the 3.x series', on.

macro_rules! with_behaviours_of_2_x_later {
    ($($later:tt)*) => {
        with_behaviours_of_2_x! {
            // ColumnFamilyStore.makeExtendedFilter made the paging filter anew,
            // without SuperColumns' grouping of cells by super column.
            /// `get_paged_slice` of a Super column family counted sub-columns
            /// toward its count, the last super column cut where it ran out;
            /// before and after, super columns.
            PagedSuperSliceCountsCells {
                key: "paged_super_slice_counts_cells",
                from: (2, 0, 0),
                until: Some((3, 0, 0)),
                says: "get_paged_slice of a Super CF counts sub-columns, cutting the last super column",
            }

            // AbstractCellNameType.cellFromByteBuffer from 2.1's cell names: a
            // name ending in a bound was a BoundedComposite, no CellName.
            /// A Thrift write's column name of a CompositeType column family
            /// whose last end-of-component byte is not 0 failed on the server
            /// (a ClassCastException): the connection closes, nothing written.
            CompositeBoundNamesFail {
                key: "composite_bound_names_fail",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "a written CompositeType column name ending in end-of-component 1 or -1 closes \
                    the connection",
            }

            // StorageProxy.getRangeSlice (2.0 to 2.2): the parts of a range on one
            // node merged but across the ring's minimum, each read with the
            // command's whole limit, counted by the command's filter after each.
            /// `get_paged_slice` of a range wrapping past the ring's minimum read
            /// its two parts each for the whole count, the second only while the
            /// rows so far counted fewer (a Super column family's super columns).
            PagedWrapInParts {
                key: "paged_wrap_in_parts",
                from: (2, 0, 0),
                until: Some((3, 0, 0)),
                says: "get_paged_slice of a wrapping range reads its two parts each for the whole \
                    count",
            }

            // AbstractReplicationStrategy.createInternal answered the strategy
            // constructor's own exception (InvocationTargetException's target)
            // from 2.0.15 and in 2.1's later releases (2.1.0 to 2.1.4, which
            // are not emulated, had not yet); earlier releases said only that
            // construction failed.
            /// A NetworkTopologyStrategy option the constructor refused is
            /// answered in the constructor's words: `For input string: "one"`
            /// (Integer.valueOf) or `replication_factor is an option for
            /// SimpleStrategy, not NetworkTopologyStrategy`.
            StrategyConstructorWords {
                key: "strategy_constructor_words",
                from: (2, 0, 15),
                until: None,
                says: "a NetworkTopologyStrategy option its constructor refused is answered in the \
                    constructor's words (For input string: \"one\")",
            }

            // KSMetaData.validate (3.0: ReplicationParams.validate) built the
            // strategy through validateReplicationStrategy, whose
            // validateExpectedOptions threw; 1.2's
            // validateReplicationStrategyIgnoreUnexpected had only logged it.
            /// A Thrift KsDef's strategy option the strategy does not
            /// recognize is refused (`Unrecognized strategy option {x} passed to
            /// SimpleStrategy for keyspace k`); SimpleStrategy and
            /// OldNetworkTopologyStrategy know `replication_factor` alone,
            /// NetworkTopologyStrategy takes any.
            UnknownStrategyOptionsRefused {
                key: "unknown_strategy_options_refused",
                from: (2, 0, 0),
                until: None,
                says: "a KsDef's strategy option the strategy does not recognize is refused",
            }

            // 2.0.17 CFMetaData.rebuild read each declared column name with the
            // comparator (its serializer's validate), the MarshalException the
            // refusal; 2.1 validated the definition first.
            /// A declared column name the comparator cannot read is refused in
            /// the type's own words (`Expected 8 or 0 byte long (16)`, `Invalid
            /// version for TimeUUID type.`); one a composite comparator's
            /// `getString` cannot walk fails the new column family on the server.
            NamesRefusedInTypeWords {
                key: "names_refused_in_type_words",
                from: (2, 0, 0),
                until: Some((2, 1, 0)),
                says: "a declared column name the comparator cannot read is refused in the \
                    type's words (Expected 8 or 0 byte long (16))",
            }

            // 2.0.17 CFMetaData.fromThriftForUpdate copied the old table's
            // clustering column; addDefaultIndexNames read a name by getString
            // and let its MarshalException through.
            /// A Thrift update of a dense column family (one made without
            /// declared columns) left it dense whatever it declared, so its
            /// declared names were checked by `validate` (`Column name ... is
            /// not valid for comparator`); a new index without a name on a
            /// column the comparator could not read failed on the server.
            UpdatesKeepDense {
                key: "updates_keep_dense",
                from: (2, 0, 0),
                until: Some((2, 1, 0)),
                says: "a Thrift update leaves a dense column family dense whatever it declares; \
                    an unnamed index on a name the comparator cannot read closes the connection",
            }

            // SecondaryIndex.isQueryable (2.2's KeysSearcher, CompositesSearcher;
            // 3.x's ReadCommand.executeLocally): IndexNotAvailableException,
            // a ReadFailureException to the coordinator, a TimedOutException
            // over Thrift (ThriftConversion.toThrift).
            /// A query by an index still being built from the rows stored when
            /// it was added failed as timed out (`TimedOutException` with no
            /// field set); an index added to an empty column family was built
            /// at once.
            UnbuiltIndexTimesOut {
                key: "unbuilt_index_times_out",
                from: (2, 2, 0),
                until: None,
                says: "a query by an index still being built times out",
            }

            // 2.0's ExtendedFilter.WithClauses.getExtraFilter asserted the
            // column family's comparator was not composite (a Super CF's was),
            // on the read stage, for each row the scan met.
            /// A `row_filter` on a Super column family timed out once its range
            /// held a row (a range ghost too), and answered nothing otherwise.
            RowFilterOfSuperAsserted {
                key: "row_filter_of_super_asserted",
                from: (2, 0, 0),
                until: Some((2, 1, 0)),
                says: "a row_filter on a Super column family times out once its range holds a row",
            }

            // 2.0's ExtendedFilter.WithClauses.prune collected a reversed slice
            // into a shallow clone of the reversed row (ArrayBackedSortedColumns
            // asserted each added column sorted last).
            /// A row a filter matched (`get_indexed_slices`, a `row_filter`),
            /// read by a reversed slice that collected two columns or more
            /// (tombstones within gc_grace too), timed out.
            ReversedPruneFails {
                key: "reversed_prune_fails",
                from: (2, 0, 0),
                until: Some((2, 1, 0)),
                says: "a filtered scan by a reversed slice times out on a matched row of two columns \
                    or more",
            }

            // 2.1's SliceFromReadCommand.maybeTrim: SliceQueryFilter.trim made
            // its ArrayBackedSortedColumns of the count's (negative) capacity.
            /// `get_count` by a negative count of a row holding a deletion (its
            /// own, a range tombstone or a super column's) failed on the server:
            /// the connection closed.
            NegativeCountTrimFails {
                key: "negative_count_trim_fails",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "get_count by a negative count of a row holding a deletion closes the connection",
            }

            // 2.1's ExtendedFilter.WithClauses.prune: the reversed slice of the
            // row read whole, collected into a container sorting its cells.
            /// A row a filter matched (`get_indexed_slices`, a `row_filter`),
            /// read by a reversed slice, came with the slice's columns in
            /// ascending order.
            ReversedPruneAscends {
                key: "reversed_prune_ascends",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "a filtered scan by a reversed slice answers each row's columns in ascending order",
            }

            // 2.1's ColumnDefinition.fromThrift (2.2 on: ThriftConversion),
            // converting the CfDef before the schema validated it.
            /// A CfDef's declared column names were read with the comparator
            /// (a Super CF's sub-comparator) the CfDef named, in the order it
            /// listed them, as it was converted: an update's too, whatever
            /// comparator the column family kept; the comparator named by its
            /// class.
            NamesCheckedAsConverted {
                key: "names_checked_as_converted",
                from: (2, 1, 0),
                until: None,
                says: "a CfDef's column names are checked against the comparator it names, an \
                    update's too, before anything else of the schema",
            }

            // DefsTables.dropColumnFamily and dropKeyspace from 2.1 (2.2 on:
            // Schema) called CommitLog.forceRecycleAllSegments, which flushed
            // every column family the commit log held unflushed writes of.
            /// Dropping a column family or a keyspace flushed every column
            /// family with writes in the commit log (not those of a keyspace
            /// without durable writes), and reads met what it flushed as
            /// SSTables; a column family's fourth flush compacted its SSTables
            /// into one.
            DropFlushesAll {
                key: "drop_flushes_all",
                from: (2, 1, 0),
                until: None,
                says: "dropping a column family or keyspace flushes every column family with \
                    unflushed durable writes, read back as SSTables",
            }

            // 2.1's CompositesSearcher: an index entry's prefix of a column
            // family of plain names is empty, so each hit read its whole
            // "CQL row" (the partition) into the answer, never cut back to
            // the call's predicate.
            /// A row found by a COMPOSITES index of a column family of plain
            /// names (`get_indexed_slices`, a `row_filter`) came whole, every
            /// live column (in reverse for a reversed slice), whatever the
            /// predicate named, bounded or counted.
            CompositesHitReadsWholeRow {
                key: "composites_hit_reads_whole_row",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "a row found by a COMPOSITES index of plain column names comes whole, \
                    whatever the predicate names, bounds or counts",
            }

            // 2.1's CollationController sorted the SSTables a read met by
            // their newest timestamp; a slice merged its sources in a priority
            // queue, a names read took each SSTable's version over the last.
            /// Of versions of a column tied on timestamp and value, one
            /// flushed (see `DropFlushesAll`), a slice kept the first its
            /// priority queue met, a names read the last (SSTables newest
            /// timestamp first); of two expiring ones the longer lived.
            FlushedTiesQueued {
                key: "flushed_ties_queued",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "of two writes tied on timestamp and value with a drop between them, a \
                    slice reads the later, a names read the flushed one",
            }

            // 2.2's CassandraRoleManager behind every user statement
            // (CreateRoleStatement and the rest), with its own checks.
            /// User statements are role statements: CREATE USER refused for
            /// a superuser before the options, the role manager naming the
            /// option it does not support, DROP USER reaching the login check.
            UserStatementsAreRoles {
                key: "user_statements_are_roles",
                from: (2, 2, 0),
                until: None,
                says: "CREATE/ALTER/DROP USER are 2.2's role statements, refused in the role \
                    manager's words",
            }

            // 2.1's QueryProcessor.MigrationSubscriber (recorded: rel_cql3fates).
            /// A table's prepared statements (Thrift's and the native
            /// protocol's, batches naming it among them) were forgotten when
            /// it or its keyspace was dropped, or a schema change altered one
            /// of its column definitions (a column added, dropped, renamed or
            /// retyped, an index made or dropped; not its options): executing
            /// one then answered "not found", and the client prepared again.
            SchemaChangesForgetPrepared {
                key: "schema_changes_forget_prepared",
                from: (2, 1, 0),
                until: None,
                says: "a table's prepared statements are forgotten when it or its keyspace is \
                    dropped or its columns or indexes change",
            }

            // 2.0's UpdateParameters.makeColumn -> Column.create (2.1:
            // AbstractCell.create): `if (ttl <= 0) ttl = metadata.getDefaultTimeToLive()`;
            // 3.0's LivenessInfo.create(metadata, timestamp, ttl, now) the same
            // for NO_TTL (recorded: rel_defaultttl).
            /// A CQL write's cells (a row marker and a collection's elements
            /// among them) written without `USING TTL`, or with `USING TTL
            /// 0`, expire after the table's `default_time_to_live`.
            CqlWritesTakeDefaultTtl {
                key: "cql_writes_take_default_ttl",
                from: (2, 0, 0),
                until: Some((3, 11, 0)),
                says: "a CQL write's cells without a TTL or with TTL 0 expire after the table's \
                    default_time_to_live",
            }

            // ThriftValidation.validateColumnNames of a table not Thrift
            // compatible (recorded: rel_thriftcql3).
            /// A column name sent to a CQL 3 table (written, read, removed,
            /// deleted by a predicate's names) was refused when it had fewer
            /// components than the clustering columns and the column, or its
            /// column component named no column of the table ("Invalid cell
            /// for CQL3 table ...").
            ThriftCql3CellNamesChecked {
                key: "thrift_cql3_cell_names_checked",
                from: (2, 0, 0),
                until: Some((3, 0, 0)),
                says: "a Thrift column name of a CQL 3 table must name one of its columns, with \
                    every clustering component",
            }

            // 2.1's CFMetaData.getColumnDefinition(columnId) (2.0: CFDefinition.get,
            // then isPrimaryKeyColumn refused).
            /// Of a CQL 3 table's cell names sent over Thrift, one whose column
            /// component names a key column was taken.
            ThriftCql3KeyColumnCellsTaken {
                key: "thrift_cql3_key_column_cells_taken",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "a Thrift column name of a CQL 3 table may name a key column",
            }

            // ThriftValidation.validateColumnData: the validator of a collection
            // column's cell is the collection type; 1.2's and 2.0's
            // CollectionType.validate asked the cell's value type
            // (recorded: rel_thriftcql3).
            /// A Thrift value written to a collection's element cell was checked
            /// by the collection's value type (a set's cells: empty only).
            ThriftCollectionCellsByElement {
                key: "thrift_collection_cells_by_element",
                from: (1, 2, 0),
                until: Some((2, 1, 0)),
                says: "a Thrift value of a collection's element cell is checked by the \
                    collection's value type",
            }

            // 2.1's CollectionSerializer.validate (the protocol v3 form); 2.2's
            // took an empty value.
            /// A Thrift value written to a collection's element cell was checked
            /// as a whole serialized collection (an empty one refused before 2.2).
            ThriftCollectionCellsWhole {
                key: "thrift_collection_cells_whole",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "a Thrift value of a collection's element cell is checked as a whole \
                    serialized collection",
            }

            /// An empty Thrift value of a collection's element cell was taken.
            ThriftEmptyCollectionCellsTaken {
                key: "thrift_empty_collection_cells_taken",
                from: (2, 2, 0),
                until: Some((3, 0, 0)),
                says: "an empty Thrift value of a collection's element cell is taken",
            }

            // 2.1's DeleteStatement lost 2.0's check of a column deleted
            // from a row named in part; `Constants.Deleter` then asked
            // `CompoundSparseCellNameType.create` for a cell name of a
            // short prefix, whose assertion failed (recorded: rel_deleteends).
            /// `DELETE v FROM t WHERE k = ..` naming the clustering key in
            /// part failed on the server (the Thrift connection closed)
            /// instead of 2.0's `Missing mandatory PRIMARY KEY part`.
            PartialRowDeleteFails {
                key: "partial_row_delete_fails",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "deleting a column of a row whose clustering key is given in part fails on \
                    the server",
            }

            // 2.1's SelectStatement checked its index expressions
            // (getValidatedIndexExpressions) as it ran; 2.0 and 2.2 (its
            // StatementRestrictions) when they prepared.
            /// A prepared SELECT filtering a column of no index was
            /// prepared; running it was refused.
            UnindexedFilterFoundWhenRun {
                key: "unindexed_filter_found_when_run",
                from: (2, 1, 0),
                until: Some((2, 2, 0)),
                says: "a SELECT filtering a column of no index is prepared; running it is refused",
            }

            // 2.0's BatchStatement.validate only warned of a conditional
            // batch's own `USING TIMESTAMP` (Paxos gave the writes the
            // ballot's time); 2.1 refused it.
            /// A conditional BATCH with a timestamp of its own ran, the
            /// timestamp ignored, where later releases refused it (`Cannot
            /// provide custom timestamp for conditional BATCH`).
            ConditionalBatchTimestampIgnored {
                key: "conditional_batch_timestamp_ignored",
                from: (2, 0, 0),
                until: Some((2, 1, 0)),
                says: "a conditional BATCH's own USING TIMESTAMP is ignored (later, refused)",
            }

            // 2.0's DeleteStatement.validateWhereClauseForConditions; 2.1's
            // let a DELETE of static columns alone name the partition only.
            /// A conditional DELETE had to restrict every primary key
            /// column, statics' conditions and deletions included (`DELETE
            /// statements must restrict all PRIMARY KEY columns with equality
            /// relations in order to use IF conditions, but column 'c' is not
            /// restricted`).
            ConditionalDeleteNamesWholeKey {
                key: "conditional_delete_names_whole_key",
                from: (2, 0, 0),
                until: Some((2, 1, 0)),
                says: "a conditional DELETE restricts every primary key column, even of statics \
                    alone",
            }

            // 2.1 and 2.2's DeleteStatement.validateWhereClauseForConditions
            // (3.0's restrictions were checked otherwise).
            /// A conditional DELETE restricted every primary key column, but
            /// one deleting static columns alone only the partition key; one
            /// conditioned on statics alone was refused as `DELETE statements
            /// must restrict all PARTITION KEY columns with equality relations
            /// in order to use IF conditions on static columns, ...`, or, a
            /// regular column deleted, `Primary key column 'c' must be
            /// specified in order to delete column 'v'`.
            ConditionalDeleteOfStaticsNamesPartition {
                key: "conditional_delete_of_statics_names_partition",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "a conditional DELETE restricts every primary key column, the partition \
                    key alone for statics",
            }

            // 2.1 and 2.2's DropTypeStatement.isUsedBy looked into user
            // types, composites and collections but not a TupleType; 3.0's
            // referencesUserType looked into tuples too.
            /// DROP TYPE did not see a type used only inside a tuple (a
            /// `tuple<text, frozen<t>>` column, a list of such tuples): the
            /// type was dropped under the table.
            DropTypeOverlooksTuples {
                key: "drop_type_overlooks_tuples",
                from: (2, 1, 0),
                until: Some((3, 0, 0)),
                says: "DROP TYPE drops a type a table uses only inside a tuple",
            }

            // 2.0's ModificationStatement.buildPartitionKeyNames and
            // createClusteringPrefixBuilderInternal walked the live
            // CFDefinition's key columns and looked each up among the
            // restrictions resolved when the statement was prepared.
            /// A prepared write (see `PreparedRunAsPrepared`) whose key
            /// column was renamed since is refused as missing that key part
            /// under its new name.
            PreparedWritesMeetLiveKeys {
                key: "prepared_writes_meet_live_keys",
                from: (2, 0, 0),
                until: Some((2, 1, 0)),
                says: "a prepared write names the key columns by their live names",
            }

            // CASSANDRA-7281 (2.2.6, 3.0.4): MultiColumnRestriction.Slice
            // .appendBoundTo split a bound where the columns' orders switch;
            // before, the bound was one composite read in the first column's
            // order. 3.0.0 to 3.0.3 (not emulated) had not yet.
            /// A tuple slice over clustering columns of mixed order, `(a, b) >
            /// (1, 2)` with `a` DESC and `b` ASC, reads the rows beyond the
            /// tuple in each column's own order; before, one slice of the
            /// comparator from the bound (rows missed or wrongly read).
            TupleSlicesInTupleOrder {
                key: "tuple_slices_in_tuple_order",
                from: (2, 2, 6),
                until: None,
                says: "a tuple slice over clustering columns of mixed order compares each column \
                    in its own order",
            }

            // DataRange.isFullRowSlice (2.0 to 2.2): a slice without bounds of
            // count Integer.MAX_VALUE, whatever its direction, made a range
            // scan read an SSTable's copy of a row whole (SSTableIdentityIterator,
            // the file's order); the memtable's came through the filter.
            /// A reversed `get_range_slices` of whole rows (no bounds, count
            /// 2147483647) read each flushed copy of a row ascending and merged
            /// the copies greatest name first: a row held only in SSTables
            /// comes back ascending, one also in the memtable interleaved (a
            /// name in two copies can be answered twice).
            WholeRowScansReadFlushedAscending {
                key: "whole_row_scans_read_flushed_ascending",
                from: (2, 0, 0),
                until: Some((3, 0, 0)),
                says: "a reversed range scan of whole rows reads each flushed copy of a row \
                    ascending",
            }

            $($later)*
        }
    };
}
