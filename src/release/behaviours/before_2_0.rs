//! The behaviours that began before 2.0 (0.6 to the 1.2 series) found
//! first, in the order they were found; [`super`] says what each entry
//! holds. Data only: the macro hands them, ahead of every later one, to
//! `behaviours!`; [`super::before_2_0_later`] holds those found after them.

macro_rules! with_behaviours_before_2_0 {
    ($($later:tt)*) => {
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

            /// `truncate` of an unknown column family, or in a session keyspace
            /// since dropped, answered UnavailableException (neither name was
            /// checked; the nodes asked to truncate it never answered).
            TruncateUnknownUnavailable {
                key: "truncate_unknown_unavailable",
                from: (0, 7, 0),
                until: Some((0, 8, 0)),
                says: "truncate of an unknown column family answers UnavailableException",
            }

            /// The system keyspace's column families and a user's CfDef defaults
            /// were 0.7's (memtable thresholds sized from the heap, the system
            /// tables' own comments and cache sizes, no name for an index the
            /// client named none; a new keyspace's name looked for once its
            /// strategy class was loaded; a replication factor of any sign).
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

            // 1.1's and 1.2's StorageProxy.getRangeSlice: each restricted range
            // read with the command's own count; 1.2 merged the ranges of the
            // same replicas but never past the ring's minimum (rel_pagedsplit).
            /// `get_paged_slice` read the range in parts cut at the node's token
            /// (1.2: only where the range wrapped past the ring's minimum), each
            /// part for the whole count of columns.
            PagedSliceSplitAtToken {
                key: "paged_slice_split_at_token",
                from: (1, 1, 0),
                until: Some((2, 0, 0)),
                says: "get_paged_slice reads the range in parts cut at the node's token (1.2: at the \
                    ring's minimum), each part for the whole count of columns (an answer may hold more \
                    columns than asked)",
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

            // 1.2.9's CassandraServer.get_count called Table.getColumnFamilyStore
            // unchecked, before it looked at the predicate (1.2.19's
            // ClientState.hasColumnFamilyAccess validated the name first).
            /// `get_count` of a column family the keyspace lacked, whatever its
            /// predicate, failed on the server (the store was looked up before
            /// any check): the connection closed.
            CountOfUnknownCfDropped {
                key: "count_of_unknown_cf_dropped",
                from: (1, 2, 0),
                until: Some((1, 2, 19)),
                says: "get_count of an unknown column family closes the connection",
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

            // CompactionManager.submitMinorIfNeeded (0.8) and submitBackground with
            // SizeTieredCompactionStrategy (1.0, 1.1) after each flush: every
            // SSTable under 50 MB in one bucket, compacted once it held the CF's
            // min_compaction_threshold (stock 4), tombstones purged at a deletion
            // time <= now - gc_grace (ColumnFamilyStore.removeDeletedCF; 1.0 and
            // 1.1 at <, the second after: their compaction came after four
            // truncates, each flushing every CF and snapshotting, well over a
            // second after a deletion before them, so the emulation purges as
            // 0.8). 0.7 compacted too, but its truncate flushed the truncated CF
            // alone (nothing a read met).
            /// A column family's fourth flush (its min_compaction_threshold)
            /// compacted its SSTables into one: a read then met the merged
            /// versions (a deleted counter's flushed increments gone with the
            /// deletion) and no tombstone past gc_grace.
            CompactsFlushes {
                key: "compacts_flushes",
                from: (0, 8, 0),
                until: Some((1, 2, 0)),
                says: "a column family's fourth flush compacts its SSTables into one: a counter deleted \
                    and incremented again counts only the later increments, tombstones past gc_grace are purged",
            }

            // ExtendedFilter.isSatisfiedBy read the expression's column's value;
            // a super column's value() threw (and a row read empty came as null).
            // 1.2's StorageProxy.LocalRangeSliceRunnable read on the read stage.
            /// A `row_filter` of a range scan over a Super column family failed
            /// on the server at the first row holding a super column named as
            /// its first expression, or read empty (1.1: the connection closed
            /// at ONE, else TimedOutException; 1.2: TimedOutException), and
            /// matched no row otherwise.
            RowFilterOfSuperFailsOnRead {
                key: "row_filter_of_super_fails_on_read",
                from: (1, 1, 0),
                until: Some((2, 0, 0)),
                says: "a row_filter on a Super column family matches no row, and fails on a row \
                    holding a super column of its first expression's name",
            }

            // RangeSliceVerbHandler scanned by the call's own filter when no
            // index answered the clause; ExtendedFilter asked for the clause's
            // missing columns only after a slice (2.0: after a names filter too).
            /// A `row_filter` no index answered (no EQ on an indexed column) was
            /// tested on the columns the call's names predicate read: an
            /// expression on a column it did not name matched no row.
            RowFilterSeesNamedColumns {
                key: "row_filter_sees_named_columns",
                from: (1, 1, 0),
                until: Some((2, 0, 0)),
                says: "a row_filter no index answers is tested on the columns a names predicate \
                    read: an expression on a column not named matches no row",
            }

            // ExtendedFilter.create threw for a paging read with clauses.
            /// `get_paged_slice` of a range carrying a `row_filter` of unindexed
            /// columns failed on the replica: 1.1 at ONE read inline and closed the
            /// connection, otherwise the coordinator waited in vain
            /// (TimedOutException).
            PagedRowFilterFailsRead {
                key: "paged_row_filter_fails_read",
                from: (1, 1, 0),
                until: Some((2, 0, 0)),
                says: "get_paged_slice with a row_filter fails the read: the connection closes (1.1 \
                    at ONE) or the call times out",
            }

            // 0.7: CFMetaData.validateMinMaxCompactionThresholds after the
            // implicit defaults; 0.8, 1.0: ThriftValidation's, on the fields
            // the CfDef set (1.1 checked the definition it built).
            /// A CfDef's compaction thresholds were checked as the call sent
            /// them, in the Thrift layer's words, and the definition built
            /// from them not again: 0.7 refused only a minimum above a
            /// maximum other than 0, 0.8 and 1.0 also a minimum below 2 (a
            /// maximum of 0 disabled compaction).
            CompactionThresholdsAsSent {
                key: "compaction_thresholds_as_sent",
                from: (0, 7, 0),
                until: Some((1, 1, 0)),
                says: "a CfDef's compaction thresholds are checked as sent: 0.7 refuses only a minimum \
                    above a maximum other than 0, 0.8 and 1.0 a minimum below 2 too",
            }

            // 1.1.12's CFDefinition took a composite comparator with declared
            // columns as sparse and read every declared name with the whole
            // composite's getString; 1.2 only for a last component of UTF8Type
            // or a collection.
            /// A declared column name its composite comparator's `getString`
            /// could not walk (a plain word under `CompositeType(..)`) failed
            /// the new column family on the server: the connection closes
            /// (1.0 and 1.2: `Column name .. is not valid for comparator ..`).
            CompositeNamesReadWhole {
                key: "composite_names_read_whole",
                from: (1, 1, 0),
                until: Some((1, 2, 0)),
                says: "a declared column name its composite comparator cannot walk closes the \
                    connection",
            }

            $($later)*
        }
    };
}
