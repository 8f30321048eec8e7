//! The behaviours that began before 2.0 (0.6 to the 1.2 series) found
//! after those of [`super::before_2_0_later`], in the order they were
//! found; [`super`] says what each entry holds. Data only: the macro hands
//! them, after the earlier ones and ahead of the 2.x series', on.

macro_rules! with_behaviours_before_2_0_last {
    ($($later:tt)*) => {
        with_behaviours_before_2_0_later! {
            // 0.7.10 to 1.0.12 Migration.isLegalName: `\w+` alone; 1.1's
            // CFMetaData.isNameValid added `Schema.NAME_LENGTH` (48).
            /// A keyspace, column family or index name is any word (`\w+`),
            /// however long.
            NamesOfAnyLength {
                key: "names_of_any_length",
                from: (0, 7, 0),
                until: Some((1, 1, 0)),
                says: "keyspace and column family names of more than 48 characters are taken",
            }

            // 1.2.9 to 3.11.10 CassandraServer.system_add_column_family checked
            // the session's keyspace (ClientState.hasKeyspaceAccess: its
            // preventSystemKSSchemaModification), not the CfDef's, and
            // MigrationManager.announceNewColumnFamily only that the CfDef's
            // keyspace existed (the system keyspace was left out of the schema
            // version: it stayed). Recorded: rel_systemcfother.
            /// `system_add_column_family` of a column family into the `system`
            /// keyspace from a session in another keyspace is taken; one from a
            /// session in the `system` keyspace is refused, whatever its CfDef
            /// names.
            SystemCfAddsFromOtherSessions {
                key: "system_cf_adds_from_other_sessions",
                from: (1, 2, 0),
                until: None,
                says: "a column family can be added to the system keyspace from a session in \
                    another keyspace",
            }

            // 0.7.10 and 0.8.10 CassandraServer.system_update_keyspace checked
            // the session's access and the name only; 1.0 added
            // ThriftValidation.validateKeyspaceNotSystem.
            /// `system_update_keyspace` of the `system` keyspace is taken like
            /// any other: its strategy and options are replaced.
            SystemKeyspaceUpdatesTaken {
                key: "system_keyspace_updates_taken",
                from: (0, 7, 0),
                until: Some((1, 0, 0)),
                says: "system_update_keyspace of the system keyspace replaces its replication",
            }

            // 0.7.10 to 1.1.12 CassandraServer.truncate checked no name; the
            // nodes' TruncateVerbHandler failed to open a keyspace no longer
            // defined (Table's assertion) and never answered.
            /// `truncate` in a session keyspace dropped since `set_keyspace`
            /// waited for the nodes in vain and timed out.
            TruncateOfDroppedKeyspaceTimesOut {
                key: "truncate_of_dropped_keyspace_times_out",
                from: (0, 7, 0),
                until: Some((1, 2, 0)),
                says: "truncate in a dropped session keyspace times out",
            }

            // 0.7.10 to 1.0.12 CassandraServer.truncate: `catch (TimeoutException
            // e)` threw UnavailableException; 1.1 threw TimedOutException.
            /// A `truncate` that timed out answered UnavailableException.
            TruncateTimeoutUnavailable {
                key: "truncate_timeout_unavailable",
                from: (0, 7, 0),
                until: Some((1, 1, 0)),
                says: "a truncate that times out answers UnavailableException",
            }

            // 1.0 to 1.2's DecimalType.validate took any bytes; the write's
            // column map compared the name (JdbcDecimal.compose), which threw.
            /// A Thrift write of a DecimalType column name (or super column
            /// name) of one to three bytes failed on the server (1.0: an
            /// internal error; 1.1, 1.2: the connection closed).
            ShortDecimalNamesFail {
                key: "short_decimal_names_fail",
                from: (1, 0, 0),
                until: Some((2, 0, 0)),
                says: "a write of a DecimalType name of one to three bytes fails on the server",
            }

            // 1.0's SuperColumn compared a sub-column's name on its first add;
            // 1.1's did not.
            /// The same failure for a super column's DecimalType sub-column names.
            ShortDecimalSubNamesFail {
                key: "short_decimal_sub_names_fail",
                from: (1, 0, 0),
                until: Some((1, 1, 0)),
                says: "a write of a DecimalType sub-column name of one to three bytes fails on \
                    the server",
            }

            // 0.7.10 to 1.1.12 KSMetaData kept the CFMetaData of a KsDef in a
            // HashMap by name; each CfDef was converted (and took an id) first.
            /// `system_add_keyspace` takes a KsDef naming one column family
            /// twice: the last of the name is kept, each having taken an id.
            KsDefCfsKeptByName {
                key: "ks_def_cfs_kept_by_name",
                from: (0, 7, 0),
                until: Some((1, 2, 0)),
                says: "a KsDef naming a column family twice is taken, the last one kept",
            }

            // 0.8.10 to 1.1.12 AbstractReplicationStrategy.createReplicationStrategy
            // wrapped the constructor's exception in a RuntimeException; 1.2
            // caught it as a ConfigurationException.
            /// A keyspace whose strategy constructor refused its options
            /// (NetworkTopologyStrategy: a factor that is no number, a
            /// `replication_factor` option) fails on the server.
            StrategyConstructorFailsOnServer {
                key: "strategy_constructor_fails_on_server",
                from: (0, 8, 0),
                until: Some((1, 2, 0)),
                says: "a strategy whose constructor refuses its options fails on the server",
            }

            // 0.8.10 CassandraServer.system_update_column_family handed
            // `CFMetaData.convertToAvro(cf_def)` to UpdateColumnFamily, whose
            // `apply` ran no `validate` (1.0 built it by `fromThrift`).
            /// `system_update_column_family` takes a column of the other kind
            /// than its column family (a plain column in a counter family, a
            /// counter in a plain one) and a counter key validator.
            UpdateKindsUnchecked {
                key: "update_kinds_unchecked",
                from: (0, 8, 0),
                until: Some((1, 0, 0)),
                says: "system_update_column_family takes a column of the other kind than its \
                    column family, counter or plain",
            }

            // 0.7.10-1.0.12 Memtable.getSliceIterator made the slice's start
            // a Column (or SuperColumn), whose constructor asserted a name of
            // at most 65535 bytes (the stock JVM options enable assertions):
            // the read stage failed on a row the memtable held, and the
            // coordinator timed out. 1.1 iterated from the start's bytes.
            /// A slice whose start is longer than 65535 bytes, of a row the
            /// memtable holds, times out (TimedOutException).
            LongSliceStartFailsRead {
                key: "long_slice_start_fails_read",
                from: (0, 7, 0),
                until: Some((1, 1, 0)),
                says: "a slice starting at more than 65535 bytes of a row in the memtable times out",
            }

            // 1.2.2 to 1.2.9 CQL3Type.Collection.toString: the MAP case
            // began its text with "set<" (1.2.10 wrote "map<").
            /// A CQL 3 refusal naming a map's type spells it `set<k, v>`
            /// (`Invalid set literal for m of type set<text, int>`).
            MapTypeSpelledSet {
                key: "map_type_spelled_set",
                from: (1, 2, 2),
                until: Some((1, 2, 10)),
                says: "a CQL 3 refusal names a map's type `set<k, v>`",
            }

            // 1.2.11's CreateIndexStatement.validate: a column family whose
            // default validator is a counter's refused first (3.x kept it).
            /// CREATE INDEX on a counter table is refused (`Secondary indexes
            /// are not supported on counter tables`), before its column is
            /// looked up or IF NOT EXISTS is considered.
            CounterTablesNotIndexed {
                key: "counter_tables_not_indexed",
                from: (1, 2, 11),
                until: None,
                says: "CREATE INDEX on a counter table is refused",
            }

            // Before 1.2.14 (CASSANDRA-6535) ClientState.hasColumnFamilyAccess
            // did not check that the column family still existed: a prepared
            // SELECT of a dropped table reached the read path, whose unchecked
            // exception closed the connection.
            /// A prepared SELECT run after its table was dropped closed the
            /// connection instead of answering `unconfigured columnfamily`.
            PreparedSelectOfDroppedTableCloses {
                key: "prepared_select_of_dropped_table_closes",
                from: (1, 2, 0),
                until: Some((1, 2, 14)),
                says: "a prepared SELECT of a dropped table closes the connection",
            }

            // 1.2.17's CFMetaData.apply stopped copying the key and column
            // aliases and the value alias (CASSANDRA-6831 moved the copy to
            // the Thrift update); 2.0 kept them as column definitions.
            /// A schema update reached the schema tables' aliases but not the
            /// live definition's: after a CQL 3 RENAME of a key, clustering
            /// or value column (or a Thrift update's `key_alias`) statements
            /// and `describe_keyspace` go on with the old names, while
            /// `system.schema_columnfamilies` shows the new ones until a
            /// restart or a later update writes the live names back.
            LiveAliasesKept {
                key: "live_aliases_kept",
                from: (1, 2, 17),
                until: Some((2, 0, 0)),
                says: "ALTER TABLE RENAME shows in system.schema_columnfamilies only; statements \
                    and describe_keyspace keep the old names until a restart",
            }

            // 1.0.12 and 1.1.12 CFMetaData.fromThrift took the CfDef's
            // bloom_filter_fp_chance as sent (no check in validate); 1.2.1's
            // CFMetaData.validate refused a chance of 0.
            /// A column family's `bloom_filter_fp_chance` of 0 is taken and
            /// described back as sent.
            ZeroBloomFilterFpChanceTaken {
                key: "zero_bloom_filter_fp_chance_taken",
                from: (0, 7, 0),
                until: Some((1, 2, 1)),
                says: "a bloom_filter_fp_chance of 0 is taken as sent",
            }

            // 1.2.14's ClientState.hasColumnFamilyAccess (CASSANDRA-6535)
            // validated the column family; CQL 2's CREATE INDEX called it
            // before its own lookup.
            /// CQL 2's CREATE INDEX on a column family that does not exist is
            /// refused as `unconfigured columnfamily ..`.
            Cql2IndexOfMissingCfUnconfigured {
                key: "cql2_index_of_missing_cf_unconfigured",
                from: (1, 2, 14),
                until: None,
                says: "CQL 2 CREATE INDEX on a missing column family says unconfigured columnfamily",
            }

            // 1.2's statements kept the CFDefinition they were prepared
            // with, 2.0's SelectStatement too and its ModificationStatement
            // the columns it resolved; 2.1's MigrationSubscriber forgot them
            // instead (see SchemaChangesForgetPrepared). Recorded:
            // rel_preparedkeep.
            /// A prepared statement ran against its table as it was when it
            /// was prepared: after ALTER TABLE a SELECT * answered the
            /// columns it had then, a write still wrote a column dropped
            /// since, bound values met the types before ALTER ... TYPE and
            /// a renamed key column kept its old name.
            PreparedRunAsPrepared {
                key: "prepared_run_as_prepared",
                from: (1, 2, 0),
                until: Some((2, 1, 0)),
                says: "a prepared statement runs against its table as it was when prepared",
            }

            // 0.8.10 to 2.0.17 ColumnFamily.addCounter stamped a counter
            // update with System.currentTimeMillis(), as remove_counter and a
            // counter family's Thrift Deletion were; CQL's deletions took
            // the statement's microseconds. 2.1's addCounter took
            // FBUtilities.timestampMicros(). Recorded: rel_countermillis.
            /// An increment was stamped with the node's clock in
            /// milliseconds, so a CQL deletion of its row or column (in
            /// microseconds) shadowed every later increment: 1.2 then showed
            /// the row its UPDATE marked with a null counter, 2.0 no row.
            CounterStampsInMillis {
                key: "counter_stamps_in_millis",
                from: (0, 8, 0),
                until: Some((2, 1, 0)),
                says: "a counter is stamped in milliseconds: a CQL deletion of it shadows every later increment",
            }

            // 0.8.10 to 2.0.17 kept a counter's versions in the memtable under
            // a deletion of its row or super column (only a column's own
            // tombstone replaced it), and a later increment reconciled with
            // them: live + live merged the counts. Recorded: rel_countermillis.
            /// A counter whose row, super column or range of names was deleted
            /// counted on from its count before the deletion when added to
            /// again; one whose own column was deleted counted anew.
            DeletedCountersCountOn {
                key: "deleted_counters_count_on",
                from: (0, 8, 0),
                until: Some((2, 1, 0)),
                says: "a counter added to after its row or super column was deleted counts on from \
                    its count before the deletion",
            }

            // 1.2.16's DateType.dateStringToTimestamp matched `^-?\d+$`
            // (CASSANDRA-6718; 1.2.9 `^\d+$`), as 2.0.6 on's
            // TimestampSerializer; TimeUUIDType's CQL 2 texts went through it.
            /// A date's text may be a negative number of milliseconds (before
            /// the epoch), in CQL 3's `timestamp` literals and CQL 2's
            /// DateType and TimeUUIDType terms.
            NegativeDateMillis {
                key: "negative_date_millis",
                from: (1, 2, 16),
                until: None,
                says: "a date may be written as a negative number of milliseconds",
            }

            $($later)*
        }
    };
}
