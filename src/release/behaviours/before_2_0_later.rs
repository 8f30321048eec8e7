//! The behaviours that began before 2.0 (0.6 to the 1.2 series) found
//! after those of [`super::before_2_0`], in the order they were found;
//! [`super`] says what each entry holds. Data only: the macro hands them,
//! after the earlier ones and ahead of the 2.x series', on.

macro_rules! with_behaviours_before_2_0_later {
    ($($later:tt)*) => {
        with_behaviours_before_2_0! {
            // 1.0 and 1.1's CassandraServer.get_count called
            // Table.getColumnFamilyStore first, which threw
            // IllegalArgumentException for a name the keyspace lacked.
            /// `get_count` of a column family the keyspace lacked (one
            /// dropped too), whatever its predicate, failed on the server
            /// before any check of the call: 1.0 answered its processor's
            /// internal error, 1.1 closed the connection.
            CountOfUnknownCfFails {
                key: "count_of_unknown_cf_fails",
                from: (1, 0, 0),
                until: Some((1, 2, 0)),
                says: "get_count of an unknown column family fails on the server (1.0: an internal \
                    error; 1.1: the connection closes)",
            }

            // 0.8, 1.0: CFMetaData.apply's `keyAlias = cf_def.key_alias`;
            // 1.1: `keyAlias = cfm.keyAlias` of the definition fromThrift built.
            /// An update set the column family's key alias from its CfDef:
            /// one that sent none cleared it.
            UpdateSetsKeyAlias {
                key: "update_sets_key_alias",
                from: (0, 8, 0),
                until: Some((1, 2, 0)),
                says: "system_update_column_family without key_alias clears the column family's key alias",
            }

            // 0.7's CFMetaData.apply: `oldDef.setIndexName(def.index_name)`
            // for the columns staying, no check of a renamed index; its
            // ColumnDefinition kept the name sent, null when none was (no
            // default name: 0.8's `addDefaultIndexNames` came later).
            /// An index's name was the one its CfDef sent, in an add as in
            /// an update: an index sent without a name had none (an update
            /// sending none took it away), a renamed one took the new name.
            UpdateSetsIndexNames {
                key: "update_sets_index_names",
                from: (0, 7, 0),
                until: Some((0, 8, 0)),
                says: "an index is named as its CfDef sent it, none when it sent none (an update \
                    sending none takes the name away, a renamed one is renamed)",
            }

            // 0.7's ThriftValidation.validateCfDef: each column's
            // CFMetaData.indexName checked among the CfDef's own only.
            /// An index name was unique within its column family only: a
            /// second column family could name its index as another's.
            IndexNamesPerColumnFamily {
                key: "index_names_per_column_family",
                from: (0, 7, 0),
                until: Some((0, 8, 0)),
                says: "an index may be named as another column family's index",
            }

            // From 0.7 a column's value was a ByteBuffer, and Column.reconcile
            // (2.1: AbstractCell, 3.x: Conflicts.resolveRegular) broke a tie of
            // timestamps by ByteBuffer.compareTo, which compares Java's signed
            // bytes (0.6: FBUtilities.compareByteArrays, unsigned).
            /// Of two versions of a column at one timestamp, the greater value
            /// stays, compared as signed bytes (`0x01` over `0x80`).
            SignedValueTies {
                key: "signed_value_ties",
                from: (0, 7, 0),
                until: None,
                says: "of two values of a column written at one timestamp, the greater as signed \
                    bytes stays",
            }

            // CassandraServer.describe_splits(_ex) caught RequestValidationException
            // only; every TokenFactory.fromString threw an unchecked exception
            // for a token it could not read (BigInteger's and Long's
            // NumberFormatException, 3.x's IllegalArgumentException), which 1.1's
            // Thrift server did not catch (0.8 and 1.0: an internal error).
            /// `describe_splits` of a token the partitioner cannot read fails on
            /// the server: the connection closes.
            UnreadSplitTokenDrops {
                key: "unread_split_token_drops",
                from: (1, 1, 0),
                until: None,
                says: "describe_splits of a token the partitioner cannot read closes the \
                    connection",
            }

            // ThriftValidation.validateTtl checked ExpiringColumn.MAX_TTL from 1.1
            // (0.8 and 1.0 checked only that a TTL was positive).
            /// A Thrift column's TTL over twenty years (630720000 s) is refused:
            /// `ttl is too large. requested (N) maximum (630720000)`.
            ThriftTtlAtMostTwentyYears {
                key: "thrift_ttl_at_most_twenty_years",
                from: (1, 1, 0),
                until: None,
                says: "a Thrift column's TTL over 630720000 s is refused: ttl is too large",
            }

            // 0.7 to 1.1's RandomPartitioner: `new BigIntegerToken(new
            // BigInteger(text))`, read by StorageProxy.getRestrictedRanges.
            /// RandomPartitioner read any integer as a token: a range bounded
            /// below the minimum -1 or above 2^127 - 1 was cut at the node's
            /// token and the minimum, each part read to its right bound (to
            /// the ring's end at the minimum), and a part still wrapping to a
            /// bound not the minimum failed the read's assertion.
            BigIntegerTokens {
                key: "big_integer_tokens",
                from: (0, 7, 0),
                until: Some((1, 2, 0)),
                says: "RandomPartitioner reads any integer as a token: (-2^63, -1] reads every row \
                    (1.1: none), a range wrapping to below -1 fails once its parts before fall short",
            }

            // 1.1's Range.makeRowRange: Token.maxKeyBound, minKeyBound for
            // the minimum; getSequentialIterator kept the keys range.contains.
            /// A token range's bounds were row positions: the minimum token's
            /// bound sorts before every key, so a range not wrapping that ends
            /// on it holds no row.
            RangesOfRowPositions {
                key: "ranges_of_row_positions",
                from: (1, 1, 0),
                until: Some((1, 2, 0)),
                says: "a token range ending on the minimum -1 without wrapping holds no row",
            }

            // 0.7's CassandraServer.batch_mutate: no keyspace check but each
            // list's access; the RowMutations of the null keyspace then failed
            // in Table.open (as did LOCAL_QUORUM's and EACH_QUORUM's strategy).
            /// `batch_mutate` before `set_keyspace` with no column family list
            /// passed its checks: an empty map wrote nothing (LOCAL_QUORUM and
            /// EACH_QUORUM: an internal error), a row of no list failed the
            /// write (`Internal error processing batch_mutate`).
            BatchOfNoListsWithoutKeyspace {
                key: "batch_of_no_lists_without_keyspace",
                from: (0, 7, 0),
                until: Some((0, 8, 0)),
                says: "batch_mutate before set_keyspace: an empty map succeeds, rows without column \
                    family lists fail as an internal error",
            }

            // 0.7 to 1.0's CassandraServer.readColumnFamily refused ANY; the
            // scans' ReadCallback waited for one replica at ANY, as at ONE.
            /// `get_range_slices` and `get_indexed_slices` took ANY, read as at
            /// ONE: only the reads by key refused it.
            ScanAtAny {
                key: "scan_at_any",
                from: (0, 7, 0),
                until: Some((1, 1, 0)),
                says: "get_range_slices and get_indexed_slices at ANY read as at ONE (reads by key \
                    refuse ANY)",
            }

            // CompressionParameters.parseCompressorClass: Class.forName of a
            // class 1.0 and 1.1 did not ship (LZ4Compressor came with 1.2).
            /// A CfDef's `sstable_compression` of `LZ4Compressor` was refused as
            /// a class the release could not load.
            NoLz4Compressor {
                key: "no_lz4_compressor",
                from: (1, 0, 0),
                until: Some((1, 2, 0)),
                says: "a CfDef compressing with LZ4Compressor is refused (Could not create \
                    Compression for type ...LZ4Compressor)",
            }

            // 1.0's CompressionParameters.parseCompressorClass took "" for a
            // class name (1.1 on: no compression).
            /// A CfDef's empty `sstable_compression` named the compression
            /// package itself, a class that could not be loaded.
            EmptyCompressorRefused {
                key: "empty_compressor_refused",
                from: (1, 0, 0),
                until: Some((1, 1, 0)),
                says: "a CfDef's empty sstable_compression is refused (Could not create Compression \
                    for type org.apache.cassandra.io.compress.)",
            }

            // 1.0's system_update_column_family: validateCfDef returned before
            // the compression check without column_metadata, and the later
            // CFMetaData.fromThrift's ConfigurationException was wrapped in a
            // RuntimeException.
            /// An update whose compression the release could not make, sent
            /// without `column_metadata`, failed on the server (`Internal error
            /// processing system_update_column_family`), the column family kept.
            UpdateCompressionFailsInternally {
                key: "update_compression_fails_internally",
                from: (1, 0, 0),
                until: Some((1, 1, 0)),
                says: "system_update_column_family with a compressor the release lacks and no \
                    column_metadata fails as an internal error",
            }

            // StorageService.getSplits from 1.1 (CASSANDRA-4017): totalRowCountEstimate
            // = (keySamples + 1) * index interval, split over the samples (0.7 to
            // 1.0 answered tokens only: the range's bounds and samples between).
            /// `describe_splits_ex` estimates a range's rows as its SSTables'
            /// sampled keys + 1 × the index interval: 128 for data still in
            /// memtables; a `keys_per_split` of 0 divides by zero.
            SplitRowsFromSamples {
                key: "split_rows_from_samples",
                from: (1, 1, 0),
                until: None,
                says: "describe_splits estimates rows from the SSTables' sampled keys ((samples + \
                    1) x index_interval; 128 before a flush)",
            }

            // StorageProxy.scan (0.7-1.0: new ArrayList<Row>(index_clause.count)),
            // then getRangeSlice's trim (1.1-2.2: rows.subList(0, count)); 3.0
            // read with a DataLimits of the count.
            /// `get_indexed_slices` of a negative count fails on the server (0.7
            /// to 1.0: an internal error; 1.1 to 2.2: the connection closes).
            NegativeIndexCountFails {
                key: "negative_index_count_fails",
                from: (0, 7, 0),
                until: Some((3, 0, 0)),
                says: "get_indexed_slices of a negative count fails on the server",
            }

            // 1.0's CFMetaData.apply copied the chance only when the update set
            // one; 1.1's, 1.2's and 2.0's CFMetaData.toSchemaNoColumns wrote an
            // unset chance as a tombstone of a column named "bloomFilterFpChance"
            // (the schema table's is bloom_filter_fp_chance), so the merge read
            // the old value back (2.1's toSchema wrote the right name).
            /// An update leaving `bloom_filter_fp_chance` unset keeps the column
            /// family's chance.
            UpdateKeepsUnsetBloomChance {
                key: "update_keeps_unset_bloom_chance",
                from: (1, 0, 0),
                until: Some((2, 1, 0)),
                says: "an update leaving bloom_filter_fp_chance unset keeps the column family's",
            }

            // CompositesIndex.validateOptions (1.2 to 2.2) read a ColumnDef's
            // options without looking for null.
            /// A CfDef's COMPOSITES index without options fails on the server
            /// (a NullPointerException): the connection closes, nothing changed.
            NullCompositesOptionsFail {
                key: "null_composites_options_fail",
                from: (1, 2, 0),
                until: Some((3, 0, 0)),
                says: "a CfDef's COMPOSITES index without options closes the connection",
            }

            // CassandraServer.system_update_column_family's isThriftIncompatible
            // check, from 1.2.12 (CASSANDRA-6370); 2.0 on !isThriftCompatible.
            /// `system_update_column_family` of a CQL3 table (column metadata
            /// naming composite components) is refused (`Cannot modify CQL3
            /// table T as it may break the schema. ...`).
            CqlTableUpdateRefused {
                key: "cql_table_update_refused",
                from: (1, 2, 12),
                until: None,
                says: "a Thrift update of a CQL3 table is refused (use cqlsh)",
            }

            // 0.7.10's CFMetaData constructor: `new HashMap<>(column_metadata)`;
            // CFMetaData.apply put an update's new columns into that map.
            /// A column family's declared columns are listed in the order of the
            /// `HashMap` its definition copied them into (sized for the columns
            /// it was created with), an update's new ones put into it.
            ColumnsInCopiedHashMap {
                key: "columns_in_copied_hash_map",
                from: (0, 7, 0),
                until: Some((0, 8, 0)),
                says: "describe_keyspace lists a column family's columns in the order of the \
                    HashMap its definition copied them into",
            }

            // 0.8.10 and 1.0.12: CFMetaData.columnMetadata(map) kept the map it
            // was made with: ColumnDefinition.fromThrift's TreeMap, a new HashMap
            // for a CfDef without column_metadata, CQL 2's
            // CreateColumnFamilyStatement.getColumns HashMap; apply put an
            // update's (and ALTER ... ADD's) new columns into it.
            /// A column family's declared columns are listed in the order of the
            /// map it was made with: sorted for a CfDef's, a `HashMap`'s for CQL
            /// 2's CREATE COLUMNFAMILY and a CfDef without `column_metadata`.
            ColumnsInKeptMap {
                key: "columns_in_kept_map",
                from: (0, 8, 0),
                until: Some((1, 1, 0)),
                says: "describe_keyspace lists a column family's columns in the order of the map \
                    it was made with (CQL 2's and an empty CfDef's a HashMap)",
            }

            // 0.7.10 CFMetaData.fixMaxId, 1.0.12 Schema.fixCFMaxId, called by
            // AddColumnFamily.applyModels and AddKeyspace.applyModels (1.1 kept
            // its counter).
            /// A column family or keyspace added sets the id counter after the
            /// highest live column family id (1000 when none is left): ids of
            /// dropped column families are given again.
            CfIdsAfterHighest {
                key: "cf_ids_after_highest",
                from: (0, 7, 0),
                until: Some((1, 1, 0)),
                says: "adding a column family or keyspace restarts the column family ids after \
                    the highest live one (1000 when none is left)",
            }

            // 0.8.10 DynamicCompositeType.getNextComparator(i, bb1, bb2): a
            // RuntimeException when the two components' comparators differ.
            /// Two DynamicCompositeType names meeting components of different
            /// types at one position (after equal ones) fail on the server where
            /// they are compared: a batch holding both in one row fails, nothing
            /// written.
            DynamicCompositeMixedTypesFail {
                key: "dynamic_composite_mixed_types_fail",
                from: (0, 8, 0),
                until: Some((1, 0, 0)),
                says: "a batch putting DynamicCompositeType names of different types at one \
                    position into one row fails on the server (Internal error)",
            }

            // ThriftValidation.validateRange from 1.2.14 (after the count's
            // check, before the comparator's).
            /// A slice start or finish longer than 65535 bytes is refused
            /// (`range start length cannot be larger than 65535`).
            SliceBoundLengthChecked {
                key: "slice_bound_length_checked",
                from: (1, 2, 14),
                until: None,
                says: "a slice start or finish longer than 65535 bytes is refused",
            }

            // 0.7.10 ThriftValidation.validateColumnOrSuperColumn checked each
            // member given; RowMutation.addColumnOrSuperColumnToRowMutation
            // wrote the super column only when no column was given.
            /// A batch's ColumnOrSuperColumn holding both a column and a super
            /// column was taken: each checked as if alone (a super column's
            /// sub-columns, none when its list is empty), the column alone
            /// written.
            CoscBothMembersTaken {
                key: "cosc_both_members_taken",
                from: (0, 7, 0),
                until: Some((0, 8, 0)),
                says: "a batch's ColumnOrSuperColumn with both a column and a super column is \
                    checked member by member and writes the column alone",
            }

            // 0.7.10-1.0.12 ColumnFamilyStore sized its caches from the CfDef's
            // row_cache_size and key_cache_size once the migration had put it in
            // the schema; a negative capacity threw there, uncaught.
            /// A CfDef with a negative row or key cache size, added or updated,
            /// goes into the schema (described with it) and the call then fails
            /// on the server.
            NegativeCacheSizeFails {
                key: "negative_cache_size_fails",
                from: (0, 7, 0),
                until: Some((1, 1, 0)),
                says: "adding or updating a column family with a negative cache size changes the \
                    schema, then fails on the server (Internal error)",
            }

            // 0.7.10-1.0.12 CFMetaData.apply compared the update's comparator
            // and subcomparator with the column family's by identity; 1.1 took
            // a compatible one (AbstractType.isCompatibleWith: BytesType over
            // UTF8Type or AsciiType, UTF8Type over AsciiType).
            /// An update changing the comparator or subcomparator at all is
            /// refused (`comparators do not match.`, `subcolumncomparators do
            /// not match.`), a compatible one too.
            ComparatorsMustMatch {
                key: "comparators_must_match",
                from: (0, 7, 0),
                until: Some((1, 1, 0)),
                says: "an update changing a column family's comparator or subcomparator is \
                    refused, even to a compatible one (BytesType over UTF8Type)",
            }

            // 0.7.10 CassandraServer.system_add_column_family checked only the
            // session's access (ClientState.hasColumnFamilyListAccess) and
            // AddColumnFamily the keyspace's existence; 0.8's
            // ClientState.hasColumnFamilySchemaAccess refused a session whose
            // keyspace was the system one (CQL 2's CREATE COLUMNFAMILY
            // after USE system), not a CfDef naming it from another session
            // (`release::schema::systemadd`). Recorded:
            // rel_systemcfadd, rel_systemcfother.
            /// `system_add_column_family` of a column family into the `system`
            /// keyspace is taken like any other.
            SystemCfAddsTaken {
                key: "system_cf_adds_taken",
                from: (0, 7, 0),
                until: Some((0, 8, 0)),
                says: "a column family can be added to the system keyspace",
            }

            // 1.1.12 and 1.2.9 CFMetaData.fromThrift: updateCfDef built the CQL 3
            // CFDefinition, whose ColumnIdentifiers read each declared name with
            // the comparator's getString (cql.jdbc), its MarshalException the
            // refusal; 2.0 rebuilt the definition otherwise.
            /// A CfDef declaring a column name its comparator cannot read
            /// (added, or updated to that comparator) is refused in the words
            /// of the comparator's `getString` (`A long is exactly 8 bytes:
            /// 16`), not `Column name .. is not valid for comparator ..`.
            NamesReadByGetString {
                key: "names_read_by_get_string",
                from: (1, 1, 0),
                until: Some((2, 0, 0)),
                says: "a declared column name the comparator cannot read is refused in its \
                    getString's words (A long is exactly 8 bytes: 16)",
            }

            // ColumnFamilyStore.addIndex (0.7, 0.8), then
            // SecondaryIndex.buildIndexAsync: the index linked for writes at
            // once, its build from stored rows (flush, then index the SSTables)
            // on a thread of its own after the schema change had answered.
            /// An index added to a column family holding rows was built from
            /// them a moment after the change answered: a query made at once
            /// found only rows written since (2.2 on: failed, see
            /// `unbuilt_index_times_out`).
            IndexBuiltLater {
                key: "index_built_later",
                from: (0, 7, 0),
                until: None,
                says: "an index added over stored rows is built after the change answers: a query \
                    at once finds only later writes",
            }

            // ColumnFamilyStore.scan (0.7, 0.8), KeysSearcher.getIndexedIterator
            // (1.0) and ExtendedFilter.isSatisfiedBy (1.1 to 2.2): the row was
            // read as the read path kept it (removeDeleted drops a deleted
            // column only after gc_grace_seconds) and each expression compared
            // with the column it met, deleted or not; the reply dropped it.
            /// An indexed read's other expressions are compared with the
            /// newest version of their column, a tombstone (its deletion
            /// second as a 4-byte value) or an expired column included: the
            /// row is answered, without that column.
            IndexMatchesDeleted {
                key: "index_matches_deleted",
                from: (0, 7, 0),
                until: Some((3, 0, 0)),
                says: "an indexed read's other expressions compare with a deleted or expired \
                    column's version too (a tombstone's value is its deletion second)",
            }

            // 0.8.10-1.1.12 CFMetaData.getDefaultIndexName: the name alone,
            // no suffix (1.2's addDefaultIndexNames added one while taken);
            // validateCfDef's duplicate check skipped every column family
            // of the same name, in any keyspace.
            /// An unnamed index is named `<cf>_<column>_idx` even when an
            /// index of a column family of the same name in another
            /// keyspace has that name.
            DefaultIndexNamesRepeat {
                key: "default_index_names_repeat",
                from: (0, 8, 0),
                until: Some((1, 2, 0)),
                says: "an unnamed index is named <cf>_<column>_idx even when a same-named column \
                    family of another keyspace has an index of that name",
            }

            // 1.0.12 ColumnFamilyStore kept its compaction thresholds in
            // DefaultIntegers, reset from the definition on an update only
            // while unmodified; LeveledCompactionStrategy's constructor set
            // them to 1 and Integer.MAX_VALUE, SizeTiered's set the maximum
            // then the minimum, each checked against the other's current
            // value; the update's reload (ColumnFamilyStore.reload) made a
            // new strategy only when the class or options changed, and
            // opened the new indexes after it.
            /// An update changing the compaction strategy or its options
            /// can fail on the server once the schema took it (Internal
            /// error): the store's kept thresholds refused the new ones.
            /// The indexes the update added then stay unopened (an indexed
            /// read refuses them, they took no column family id); a column
            /// family whose store never opened fails its updates and drops,
            /// and its keyspace cannot be dropped.
            StoreKeepsCompactionThresholds {
                key: "store_keeps_compaction_thresholds",
                from: (1, 0, 0),
                until: Some((1, 1, 0)),
                says: "a column family's store keeps the compaction thresholds its strategy set: \
                    an update changing the strategy can fail on the server after the schema took \
                    it, its new indexes unopened",
            }

            // ClientState.hasColumnFamilyAccess of 0.7 to 1.0 asked only the
            // authority; the system keyspace was refused to schema changes
            // alone (hasColumnFamilySchemaAccess, 0.8 on). 1.1's
            // preventSystemKSSchemaModification refused data writes too.
            /// A Thrift data write (insert, remove, batch_mutate, truncate)
            /// into the system keyspace's column families was taken.
            SystemDataWritable {
                key: "system_data_writable",
                from: (0, 7, 0),
                until: Some((1, 1, 0)),
                says: "Thrift data writes into the system keyspace's column families are taken",
            }

            // 0.7.10-1.0.12 CFMetaData.apply set each kept column's validator,
            // index type and name from the update as sent; 1.1's
            // ColumnDefinition.apply first refused a validator incompatible
            // with the old one where both kept an index.
            /// An update (Thrift or CQL 2's ALTER) may change an indexed
            /// column's validator to any type.
            IndexedValidatorsFree {
                key: "indexed_validators_free",
                from: (0, 7, 0),
                until: Some((1, 1, 0)),
                says: "an update may change an indexed column's validator to an incompatible type",
            }

            // 1.1.12-2.2.19 CFMetaData.toSchemaUpdate wrote a column's name by
            // the old definition's comparator (getString); DefsTables.mergeSchema
            // read it back by the new one's fromString (ColumnDefinition.fromSchema),
            // whose MarshalException went uncaught.
            /// A Thrift update that changed the comparator to one that cannot
            /// read a declared column's name in the old comparator's words
            /// (UTF8Type to BytesType: `cannot parse 'name' as hex bytes`)
            /// failed on the server: the connection closed, the schema kept.
            NamesRereadByNewComparator {
                key: "names_reread_by_new_comparator",
                from: (1, 1, 0),
                until: Some((3, 0, 0)),
                says: "an update changing the comparator to one that cannot read the old names' \
                    text closes the connection",
            }

            // 0.8's ThriftValidation.validateCfDef ended with validateMemtableSettings
            // (after its early return for a CfDef without column_metadata), and its
            // CFMetaData.apply called it again on an update; 1.0's IDL dropped the
            // fields. (0.7 checked every CfDef: SchemaOf07's conversion.)
            /// A CfDef's memtable thresholds not above 0 are refused where
            /// 0.8 checked them: in a CfDef sending column metadata, and in
            /// any update (`memtable_throughput_in_mb must be greater than 0.`).
            MemtableSettingsChecked08 {
                key: "memtable_settings_checked_0_8",
                from: (0, 8, 0),
                until: Some((1, 0, 0)),
                says: "memtable thresholds not above 0 are refused in a CfDef with column metadata \
                    and in any update",
            }

            // 1.0's ThriftValidation.validateCfDef and 1.1 to 2.2's
            // CFMetaData.validate made the index (SecondaryIndex.createInstance),
            // rethrowing Class.forName's failure as a RuntimeException; 3.0's
            // IndexMetadata.validate refused the class in words.
            /// A CUSTOM index whose class cannot be loaded fails the schema
            /// call on the server (1.0: internal error; 1.1 to 2.2: the
            /// connection closes), the schema unchanged.
            CustomIndexClassFailsOnServer {
                key: "custom_index_class_fails_on_server",
                from: (1, 0, 0),
                until: Some((3, 0, 0)),
                says: "a CUSTOM index class that cannot be loaded fails the schema call on the server",
            }

            // 1.0's system_update_column_family wrapped CFMetaData.fromThrift's
            // ConfigurationException (FBUtilities.newCacheProvider's, then
            // createCompactionStrategy's, then `validate`'s) in a
            // RuntimeException, before the update's id was compared.
            /// An update naming a row cache provider or a compaction strategy
            /// the release could not load, or mixing counter and plain
            /// columns, fails on the server (`Internal error processing
            /// system_update_column_family`), the column family kept.
            UpdateConversionFailsInternally {
                key: "update_conversion_fails_internally",
                from: (1, 0, 0),
                until: Some((1, 1, 0)),
                says: "system_update_column_family with an unknown row cache provider or compaction \
                    strategy, or mixing counter and plain columns, fails as an internal error",
            }

            // 0.7-1.0 StorageProxy.getRangeSlice and scan: new ArrayList<Row>(count)
            // before reading; the OutOfMemoryError ("Requested array size exceeds VM
            // limit", "Java heap space") reached the Thrift processor's catch.
            /// `get_range_slices` and `get_indexed_slices` of a count whose list
            /// of rows the heap cannot hold (Integer.MAX_VALUE, as Kundera sent)
            /// fail as an internal error.
            RowListSizedByCount {
                key: "row_list_sized_by_count",
                from: (0, 7, 0),
                until: Some((1, 1, 0)),
                says: "a range or index scan's count sizes its row list: one the heap cannot hold \
                    fails as an internal error",
            }

            // 0.7's system_add_keyspace and system_update_keyspace built the
            // KSMetaData from the class as sent; 0.8's ThriftValidation.validateKsDef
            // refused LocalStrategy.
            /// A keyspace may be made (or updated) with `LocalStrategy`, which
            /// later releases kept for their own keyspaces.
            LocalStrategyTaken {
                key: "local_strategy_taken",
                from: (0, 7, 0),
                until: Some((0, 8, 0)),
                says: "a keyspace may use LocalStrategy (reserved for internal use from 0.8)",
            }

            // 1.2's QueryProcessor.processStatement: validate, then checkAccess
            // (2.0 turned them round).
            /// A user statement's own checks (an option the authenticator does
            /// not support, an empty ALTER USER) come before the anonymous
            /// session's refusal, and no superuser check is reached.
            UserStatementValidatedFirst {
                key: "user_statement_validated_first",
                from: (1, 2, 0),
                until: Some((2, 0, 0)),
                says: "CREATE/ALTER USER are refused for an unsupported option before the \
                    anonymous session is",
            }

            // 1.1.12 to 2.2.19 CFMetaData.reload/apply: the live definition's
            // HashMap (fromSchema's, filled by name) takes an update's new
            // columns with put.
            /// A column family's declared columns are listed in the order of the
            /// live definition's `HashMap`: names sharing a bucket in the order
            /// they came (an update's after those it found).
            ColumnsInLiveHashMap {
                key: "columns_in_live_hash_map",
                from: (1, 1, 0),
                until: Some((3, 0, 0)),
                says: "describe_keyspace lists columns sharing a HashMap bucket in the order they \
                    were added, an update's new ones after the others",
            }

            // 1.2.11's Cql.g: `relation: ... | '(' relation ')'`.
            /// A WHERE relation could be written in parentheses (`(k = 1)`);
            /// 1.2's grammar read a 2.0 tuple `(a, b) > (1, 0)` so, and
            /// answered the `missing EOF` after it.
            ParenthesizedRelations {
                key: "parenthesized_relations",
                from: (1, 2, 11),
                until: None,
                says: "a WHERE relation may be written in parentheses",
            }

            $($later)*
        }
    };
}
