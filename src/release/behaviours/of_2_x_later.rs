//! The behaviours that began in the 2.x series found after those of
//! [`super::of_2_x`], in the order they were found; [`super`] says what
//! each entry holds. Data only: the macro hands them, after the earlier
//! ones and ahead of the 3.x series', on.

macro_rules! with_behaviours_of_2_x_later {
    ($($later:tt)*) => {
        with_behaviours_of_2_x! {
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

            $($later)*
        }
    };
}
