//! The behaviours that began in 3.0 or 3.11 found after those of
//! [`super::of_3_x`], in the order they were found; [`super`] says what
//! each entry holds. Data only: the macro hands them, after the earlier
//! ones, on.

macro_rules! with_behaviours_of_3_x_later {
    ($($later:tt)*) => {
        with_behaviours_of_3_x! {
            // ThriftConversion.indexDefsFromThrift (a missing name from
            // Indexes.getAvailableIndexName, every name of the keyspace taken),
            // then CFMetaData.validate's names of the other tables.
            /// An update's indexes were the CfDef's: an index renamed or moved
            /// to another column took its new name (no `Can't modify index
            /// name`), and an unnamed one was named anew past every index name
            /// of the keyspace, the column family's old ones too.
            UpdateTakesIndexNames {
                key: "update_takes_index_names",
                from: (3, 0, 0),
                until: None,
                says: "system_update_column_family takes the CfDef's index names (a renamed index is \
                    renamed; an unnamed one is named past every name of the keyspace)",
            }

            // ThriftConversion.internalFromThrift for an update: the old
            // table's regular columns are skipped for a Super CfDef, so
            // CompactTables.getCompactValueColumn's assertion fails.
            /// An update whose CfDef said `Super` failed on the server once its
            /// types and column names were read, before its compaction and
            /// other settings: the connection closed and nothing changed.
            SuperUpdateFails {
                key: "super_update_fails",
                from: (3, 0, 0),
                until: None,
                says: "system_update_column_family of a CfDef saying Super without the super \
                    columns' map column closes the connection",
            }

            // CassandraServer.deleteColumnOrSuperColumn (addRange) against
            // internal_remove (a deleted row); then a read limited to no row
            // failing on a range tombstone's marker.
            /// A batch's deletion of whole super columns made a range tombstone
            /// over each (`remove` a deleted row). A slice of count 0 of a Super
            /// column family's super columns that met such a tombstone before any
            /// super column failed on the server: the call timed out.
            SuperDeletionsAsRanges {
                key: "super_deletions_as_ranges",
                from: (3, 0, 0),
                until: None,
                says: "a batch's deletion of a super column is a range tombstone; a slice of count 0 \
                    meeting one first times out",
            }

            // Recorded (rel_superzeroflush): 3.0 failed such a read of a row
            // held in one SSTable as of one in the memtable; 3.11 answered it.
            /// A slice of count 0 meeting a super column's range tombstone
            /// first (see `SuperDeletionsAsRanges`) of a row held by one
            /// SSTable alone was answered; only a row held by the memtable
            /// alone failed.
            FlushedZeroSliceAnswered {
                key: "flushed_zero_slice_answered",
                from: (3, 11, 0),
                until: None,
                says: "a slice of count 0 meeting a super column's range tombstone first is answered \
                    where a flush holds the row",
            }

            // 3.0's CFMetaData.apply: only the regular and static columns
            // and the indexes were said to affect statements.
            /// Of a table's column changes (see `SchemaChangesForgetPrepared`)
            /// only those of its regular and static columns and its indexes
            /// forgot its prepared statements; a key column renamed kept them.
            KeyChangesKeepPrepared {
                key: "key_changes_keep_prepared",
                from: (3, 0, 0),
                until: None,
                says: "a change of a table's key columns alone keeps its prepared statements",
            }

            // 3.11's Attributes.getTimeToLive: the table's default only when
            // the statement gave no TTL; `USING TTL 0` wrote no TTL
            // (UpdateParameters: LivenessInfo.create(timestamp, ttl, now))
            // (recorded: rel_defaultttl).
            /// A CQL write without `USING TTL` expires after the table's
            /// `default_time_to_live`; one with `USING TTL 0` does not.
            CqlUnsetTtlTakesDefault {
                key: "cql_unset_ttl_takes_default",
                from: (3, 11, 0),
                until: None,
                says: "a CQL write without USING TTL expires after default_time_to_live (TTL 0: \
                    never)",
            }

            // CassandraServer.cas: toLegacyCells kept each column's TTL
            // (recorded: rel_defaultttl).
            /// `cas` wrote its columns with their own TTLs (2.x dropped them
            /// for the table's default).
            CasKeepsColumnTtl {
                key: "cas_keeps_column_ttl",
                from: (3, 0, 0),
                until: None,
                says: "cas writes its columns with their own TTLs, without the table's default",
            }

            // CassandraServer.get_paged_slice: LegacyLayout.decodeCellName of
            // the start column, whose failures were not request errors
            // (recorded: rel_pagedstart3x).
            /// `get_paged_slice`'s start column was decoded as a cell name:
            /// a clustering component of the wrong size, a CQL table's name
            /// without a column component (an empty one among them) or a
            /// bad composite closed the connection; an unknown column of a
            /// CQL table was refused.
            PagedStartColumnDecoded {
                key: "paged_start_column_decoded",
                from: (3, 0, 0),
                until: None,
                says: "get_paged_slice's start column is decoded as a cell name: one the table \
                    cannot decode closes the connection, an unknown CQL column is refused",
            }

            // CreateIndexStatement: index names are the keyspace's
            // (KeyspaceMetadata.existingIndexNames), and an index equal to
            // another but for its name is refused as its duplicate
            // (recorded: rel_index3x).
            /// `CREATE INDEX` of a name the keyspace has is `Index X already
            /// exists`; of a column already indexed, `Index X is a duplicate
            /// of existing index Y` (the default name the first free one).
            IndexNamesOfKeyspace {
                key: "index_names_of_keyspace",
                from: (3, 0, 0),
                until: None,
                says: "CREATE INDEX of a name the keyspace has: 'Index X already exists'; of an \
                    indexed column: 'Index X is a duplicate of existing index Y'",
            }

            // 3.6's multi-cell user types (CASSANDRA-7423): UserType.toString
            // printed one that was not multi-cell inside a FrozenType, as
            // frozen collections were, and CreateTableStatement named a key
            // column's collection "non-frozen" (recorded: rel_udtnames3x);
            // a column's user type named without frozen<> was multi-cell,
            // each field a cell (recorded: rel_udtcells311; the grammar's
            // `u.f = v` and `DELETE u.f` are `Grammar::Cql34`'s).
            /// A frozen user type's class in a CQL result's (or a prepared
            /// marker's) types was `FrozenType(UserType(...))`, within a
            /// collection that is not frozen too; a key column's collection
            /// was `Invalid non-frozen collection type for PRIMARY KEY
            /// component X`; a column's user type without `frozen<>` kept
            /// each field in a cell, set and deleted alone.
            MultiCellUserTypes {
                key: "multi_cell_user_types",
                from: (3, 11, 0),
                until: None,
                says: "a frozen user type is named FrozenType(UserType(...)) in CQL results' types; \
                    a key's collection is 'Invalid non-frozen collection type'",
            }

            // CFMetaData.renameColumn of a dense table's value column: the
            // memtable's cells kept the old ColumnDefinition, which a read's
            // ReadResponse serialized under a header of the new name and
            // failed to read back (UnfilteredRowIteratorSerializer: IOError,
            // EOFException), an exception the Thrift server did not catch.
            /// After `ALTER TABLE ... RENAME` of a COMPACT STORAGE table's
            /// value column, a CQL read that met a cell written before the
            /// rename closed the connection.
            RenamedValueReadCloses {
                key: "renamed_value_read_closes",
                from: (3, 0, 0),
                until: None,
                says: "a read of a value written before its compact table's value column was \
                    renamed closes the connection",
            }

            // 3.11's single-partition reads by names (and its reversed
            // slices) kept only the columns asked for, which the old cells'
            // definition was not: their rows, holding nothing else, were left out.
            /// A CQL read by whole clustering names, or a reversed one, of a
            /// table whose COMPACT STORAGE value column was renamed over its
            /// data answered without the rows written before the rename (other
            /// reads of them closed the connection).
            RenamedValueSkippedByNames {
                key: "renamed_value_skipped_by_names",
                from: (3, 11, 0),
                until: None,
                says: "a read by names or a reversed one leaves out the rows written before their \
                    compact table's value column was renamed",
            }

            // 3.0's DeleteStatement.Parsed.prepareInternal: its restrictions
            // were checked as a whole (`hasAllPKColumnsRestrictedByEqualities`),
            // 2.x's validateWhereClauseForConditions gone.
            /// A conditional DELETE whose primary key was not restricted by
            /// `=`/`IN` throughout (a clustering column left out or sliced) was
            /// refused when it deleted rows or regular columns (`DELETE
            /// statements must restrict all PRIMARY KEY columns with equality
            /// relations in order to delete non static columns`), or was
            /// conditioned on a regular column (`... in order to use IF
            /// condition on non static columns`).
            ConditionalDeleteNeedsKeyEqualities {
                key: "conditional_delete_needs_key_equalities",
                from: (3, 0, 0),
                until: None,
                says: "a conditional DELETE of rows or regular columns restricts every primary \
                    key column by = or IN",
            }

            $($later)*
        }
    };
}
