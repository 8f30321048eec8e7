//! The behaviours that began in 3.0 or 3.11 found after those of
//! [`super::of_3_x`], in the order they were found; [`super`] says what
//! each entry holds. Data only: the macro hands them, after the earlier
//! ones, on.

macro_rules! with_behaviours_of_3_x_later {
    ($($later:tt)*) => {
        with_behaviours_of_3_x! {
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

            $($later)*
        }
    };
}
