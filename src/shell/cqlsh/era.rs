//! Which cqlsh `supercolumn cqlsh` is, and what differs between them: a
//! table of the Thrift-era cqlshs of CQL 3 (1.2's 3.1.8 and 2.0's 4.1.1)
//! and the release read from the server's `system.local` that picks one.
//! Owns only the table and the choice; the commands ask it what to do and
//! must not test versions themselves. (cqlsh 2.0.0, CQL 2, is `v2`.)

use crate::shell::cqlsh::layout::decode_rows;
use crate::thrift::client::Client19;
use crate::thrift::client_error::Classify;
use crate::thrift::gen::cassandra19::{Compression, ConsistencyLevel, TCassandraSyncClient};

/// How the shell reads a table's layout from the schema tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemaRead {
    /// 1.2's: key and column aliases in `schema_columnfamilies`, the
    /// regular columns in `schema_columns` (`CqlTableDef.from_layout` of
    /// 1.2's cqlshlib); one-line queries with quoted values.
    Aliases,
    /// 2.0's: every column in `schema_columns` with its `type` and
    /// `component_index` (2.0's cqlshlib); the queries as 4.1.1 wrote them
    /// (over two lines, values substituted by its driver's `cql_quote`,
    /// so a missing keyspace is the word `None`).
    ColumnTypes,
}

/// A cqlsh of CQL 3 over Thrift and what it did its own way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Era {
    /// Its `version` (the version line's `cqlsh …`).
    pub cqlsh: &'static str,
    /// The CQL version it asked for with `set_cql_version`, and printed.
    pub cql: &'static str,
    /// `(N rows)` after each SELECT's result, `(0 rows)` for none (4.1.1's
    /// `print_result`).
    pub row_counts: bool,
    /// `ASSUME` and `SHOW ASSUMPTIONS` (1.2's; 2.0's grammar dropped them,
    /// so `ASSUME` goes to the server and `SHOW ASSUMPTIONS` is improper).
    pub assume: bool,
    pub schema: SchemaRead,
    /// The table options DESCRIBE writes, in order: (CQL name, column of
    /// `schema_columnfamilies`) — cql3handling's `columnfamily_layout_options`.
    pub table_options: &'static [(&'static str, &'static str)],
    /// DESCRIBE SCHEMA leaves out `system`, `system_traces`, `system_auth`
    /// (2.0's `describe_schema(include_system=False)`).
    pub schema_skips_system: bool,
    /// COPY's option values go through Python's `string-escape` decoding
    /// (2.0's `do_copy`): `'\'` is `Trailing \ in string`.
    pub copy_unescapes_options: bool,
    /// The driver knows `TimestampType` as `timestamp` (2.0's cqlshlib
    /// registers it); before, DESCRIBE wrote the quoted class name.
    pub timestamp_type: bool,
    /// DESCRIBE CLUSTER's range ownership is left out in these keyspaces.
    pub no_ring_in: &'static [&'static str],
    /// CONSISTENCY takes SERIAL and LOCAL_SERIAL (2.0's grammar).
    pub serial_levels: bool,
    /// `SHOW SESSION <uuid>` prints a trace session (2.0's).
    pub show_session: bool,
}

const OPTIONS_12: &[(&str, &str)] = &[
    ("bloom_filter_fp_chance", "bloom_filter_fp_chance"),
    ("caching", "caching"),
    ("comment", "comment"),
    ("dclocal_read_repair_chance", "local_read_repair_chance"),
    ("gc_grace_seconds", "gc_grace_seconds"),
    ("read_repair_chance", "read_repair_chance"),
    ("replicate_on_write", "replicate_on_write"),
    ("populate_io_cache_on_flush", "populate_io_cache_on_flush"),
];

const OPTIONS_20: &[(&str, &str)] = &[
    ("bloom_filter_fp_chance", "bloom_filter_fp_chance"),
    ("caching", "caching"),
    ("comment", "comment"),
    ("dclocal_read_repair_chance", "local_read_repair_chance"),
    ("gc_grace_seconds", "gc_grace_seconds"),
    ("index_interval", "index_interval"),
    ("read_repair_chance", "read_repair_chance"),
    ("replicate_on_write", "replicate_on_write"),
    ("populate_io_cache_on_flush", "populate_io_cache_on_flush"),
    ("default_time_to_live", "default_time_to_live"),
    ("speculative_retry", "speculative_retry"),
    ("memtable_flush_period_in_ms", "memtable_flush_period_in_ms"),
];

/// 1.2's cqlsh (recorded from 1.2.13's tree; see the transcripts' README).
pub const CQLSH_3_1_8: Era = Era {
    cqlsh: "3.1.8",
    cql: "3.0.0",
    row_counts: false,
    assume: true,
    schema: SchemaRead::Aliases,
    table_options: OPTIONS_12,
    schema_skips_system: false,
    copy_unescapes_options: false,
    timestamp_type: false,
    no_ring_in: &["system", "system_traces"],
    serial_levels: false,
    show_session: false,
};

/// 2.0's cqlsh (2.0.17's `bin/cqlsh`, its cql 1.4.2 driver).
pub const CQLSH_4_1_1: Era = Era {
    cqlsh: "4.1.1",
    cql: "3.1.1",
    row_counts: true,
    assume: false,
    schema: SchemaRead::ColumnTypes,
    table_options: OPTIONS_20,
    schema_skips_system: true,
    copy_unescapes_options: true,
    timestamp_type: true,
    no_ring_in: &["system"],
    serial_levels: true,
    show_session: true,
};

/// The cqlsh that shipped with `release` (`system.local`'s
/// `release_version`): 4.1.1 from 2.0 on (the last cqlsh over Thrift;
/// 2.1's spoke the native protocol), 3.1.8 before.
pub fn for_release(release: &str) -> &'static Era {
    let mut parts = release.split(['.', '-']).map(|p| p.parse::<u32>().ok());
    match (parts.next().flatten(), parts.next().flatten()) {
        (Some(major), Some(minor)) if (major, minor) >= (2, 0) => &CQLSH_4_1_1,
        _ => &CQLSH_3_1_8,
    }
}

/// The cqlsh for the server `client` talks to, by `system.local`'s
/// `release_version` (none: 3.1.8).
pub fn of_server(client: &mut Client19) -> &'static Era {
    let q = "select release_version from system.local where key = 'local'";
    let release = client
        .execute_cql3_query(
            q.as_bytes().to_vec(),
            Compression::NONE,
            ConsistencyLevel::ONE,
        )
        .classified()
        .ok()
        .and_then(|r| decode_rows(&r).into_iter().next())
        .and_then(|row| {
            row.get("release_version")
                .and_then(|v| v.text().map(str::to_string))
        })
        .unwrap_or_default();
    for_release(&release)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_release_picks_the_cqlsh_it_shipped() {
        assert_eq!(for_release("2.0.17").cqlsh, "4.1.1");
        assert_eq!(for_release("2.1.22").cqlsh, "4.1.1");
        assert_eq!(for_release("1.2.9").cqlsh, "3.1.8");
        assert_eq!(for_release("None").cqlsh, "3.1.8");
        assert_eq!(for_release("").cqlsh, "3.1.8");
    }
}
