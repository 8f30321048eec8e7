//! The command line of `supercolumn stress` (what each option means and
//! which combinations are refused before connecting) and the header that
//! echoes a run's parameters. It must not connect or run anything.

use super::{StressError, Workload};
use clap::ValueEnum;

/// What each operation does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Operation {
    /// One describe_version per key: a call that touches no data.
    Null,
    /// One batch_mutate per row.
    Insert,
    /// One get_slice of the whole row.
    Read,
    /// `get_range_slices` from each key on.
    RangeSlice,
    /// Per key, the inserts then the reads of --ratio.
    Mixed,
}

/// Which Thrift API generation the client speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Api {
    /// API 2.2.0 (Cassandra 0.6): keyspace in each call, unframed unless --framed.
    #[value(name = "0.6")]
    Api2,
    /// API 19.x (Cassandra 0.7 to 2.x): framed, set_keyspace, schema set-up.
    #[value(name = "19")]
    Api19,
    /// The CQL native protocol (versions 2 to 4), prepared statements on a
    /// compact-storage table of the same cells, --in-flight per connection.
    Native,
}

/// Inserts and reads per key in a mixed run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    pub inserts: u32,
    pub reads: u32,
}

fn parse_ratio(s: &str) -> Result<Ratio, String> {
    let bad = || format!("{s:?}: expected INSERTS:READS, e.g. 1:3");
    let (i, r) = s.split_once(':').ok_or_else(bad)?;
    let ratio = Ratio {
        inserts: i.trim().parse().map_err(|_| bad())?,
        reads: r.trim().parse().map_err(|_| bad())?,
    };
    if ratio.inserts + ratio.reads == 0 {
        return Err(format!("{s:?}: at least one insert or read per key"));
    }
    Ok(ratio)
}

/// A stress run's parameters (the command line of `supercolumn stress`).
#[derive(Clone, Debug, clap::Args)]
pub struct StressOptions {
    /// Server address.
    #[arg(long, default_value = "127.0.0.1:9160")]
    pub server: String,
    /// Thrift API generation to speak, or the CQL native protocol.
    #[arg(long, value_enum, default_value = "0.6")]
    pub api: Api,
    /// Use framed transport with --api 0.6 (default: buffered, as 0.6 clients did;
    /// --api 19 is always framed).
    #[arg(long)]
    pub framed: bool,
    #[arg(long, value_enum, default_value = "insert")]
    pub operation: Operation,
    /// Inserts and reads per key with --operation mixed.
    #[arg(long, value_name = "INSERTS:READS", default_value = "1:1", value_parser = parse_ratio)]
    pub ratio: Ratio,
    /// Rows per get_range_slices with --operation range-slice.
    #[arg(long, default_value_t = 10)]
    pub range_count: u32,
    /// Number of distinct row keys.
    #[arg(short = 'n', long, default_value_t = 10_000)]
    pub keys: u64,
    /// Columns per row (per super column with --super).
    #[arg(short = 'c', long, default_value_t = 5)]
    pub columns: u32,
    /// Bytes per column value.
    #[arg(short = 'S', long, alias = "value-size", default_value_t = 34)]
    pub column_size: usize,
    /// Super columns per row; 0 writes a Standard CF.
    #[arg(long = "super", default_value_t = 0)]
    pub super_columns: u32,
    /// Worker threads, one connection each.
    #[arg(short = 't', long, default_value_t = 8)]
    pub threads: u32,
    /// Run for this many seconds, each worker looping over its keys again and
    /// again (default: one pass over the keys).
    #[arg(long, value_name = "SECONDS")]
    pub duration: Option<u64>,
    /// Consistency level of every call (ONE, QUORUM, ALL, ANY, ...; 0.6 also has ZERO,
    /// DCQUORUM, DCQUORUMSYNC; 19 also TWO, THREE, LOCAL_QUORUM, EACH_QUORUM, LOCAL_ONE).
    #[arg(long, default_value = "ONE")]
    pub consistency: String,
    #[arg(long, default_value = "Keyspace1")]
    pub keyspace: String,
    /// The server's process id, for its CPU time per operation (default: the
    /// process listening on the --server port, when that is a loopback address).
    #[arg(long, value_name = "PID")]
    pub server_pid: Option<u32>,
    /// Column family (default Standard1, or Super1 with --super; with
    /// --api native the CQL3 table Standard1Cql).
    #[arg(long)]
    pub column_family: Option<String>,
    /// With --api native: requests outstanding per connection, each on its
    /// own stream id (Thrift connections have one at a time).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub in_flight: u32,
    /// With --api native: the protocol version to speak (2 to 4).
    #[arg(long, value_name = "V", default_value_t = 4)]
    pub native_version: u8,
    /// With --api native: body compression, lz4 or snappy (default none).
    #[arg(long, value_name = "NAME")]
    pub compression: Option<String>,
}

/// The options only the native protocol has, and what it cannot do.
pub(super) fn check_native_options(opts: &StressOptions) -> Result<(), StressError> {
    let usage = |m: &str| Err(StressError::Usage(m.to_string()));
    if opts.api != Api::Native {
        if opts.in_flight != 1 || opts.compression.is_some() {
            return usage("--in-flight and --compression need --api native (a Thrift connection has one call at a time)");
        }
        return Ok(());
    }
    if !(2..=4).contains(&opts.native_version) {
        return usage("--native-version: 2, 3 or 4");
    }
    let max = if opts.native_version >= 3 { 32768 } else { 128 };
    if opts.in_flight == 0 || opts.in_flight > max {
        return Err(StressError::Usage(format!(
            "--in-flight: 1 to {max} on protocol version {}",
            opts.native_version
        )));
    }
    if opts.super_columns > 0 {
        return usage("--super needs a Thrift API: CQL3 tables have no super columns");
    }
    if let Some(c) = &opts.compression {
        if crate::native::wire::frame::Compression::parse(c).is_none() {
            return usage("--compression: lz4 or snappy");
        }
    }
    Ok(())
}

/// The parameters, echoed before the run.
pub(super) fn header(opts: &StressOptions, work: &Workload) -> String {
    let op = opts
        .operation
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string());
    let transport = if opts.api == Api::Native {
        format!(
            "{} in flight per connection{}",
            opts.in_flight,
            opts.compression
                .as_ref()
                .map_or_else(String::new, |c| format!(", {c}"))
        )
    } else if opts.api == Api::Api19 || opts.framed {
        "framed".to_string()
    } else {
        "unframed".to_string()
    };
    let api = match opts.api {
        Api::Api2 => "API 0.6".to_string(),
        Api::Api19 => "API 19".to_string(),
        Api::Native => format!("native protocol v{}", opts.native_version),
    };
    let row = if work.super_columns == 0 {
        format!("{} columns of {} bytes", work.columns, opts.column_size)
    } else {
        format!(
            "{} super columns of {} columns of {} bytes",
            work.super_columns, work.columns, opts.column_size
        )
    };
    let detail = match opts.operation {
        Operation::Mixed => format!(
            ", {}:{} inserts:reads per key",
            opts.ratio.inserts, opts.ratio.reads
        ),
        Operation::RangeSlice => format!(", {} rows per range slice", opts.range_count),
        _ => String::new(),
    };
    let detail = match opts.duration {
        Some(s) => format!("{detail}, looping for {s} s"),
        None => detail,
    };
    format!(
        "supercolumn stress: {op} on {} ({api}, {transport}), {}.{}\n  \
         {} keys, {row} per row, {} threads, consistency {}{detail}\n",
        work.server, work.keyspace, work.column_family, opts.keys, opts.threads, work.consistency
    )
}

/// The options as `supercolumn stress ARGS` would parse them (for tests).
#[cfg(test)]
pub(crate) fn parse(args: &[&str]) -> Result<StressOptions, clap::Error> {
    use clap::Parser;
    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        opts: StressOptions,
    }
    Cli::try_parse_from(std::iter::once("stress").chain(args.iter().copied())).map(|c| c.opts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line() {
        let o = parse(&["--api", "19", "--operation", "range-slice", "-S", "100"]).unwrap();
        assert_eq!(
            (o.api, o.operation, o.column_size),
            (Api::Api19, Operation::RangeSlice, 100)
        );
        let o = parse(&[
            "--operation",
            "mixed",
            "--ratio",
            "1:3",
            "--value-size",
            "7",
        ])
        .unwrap();
        assert_eq!(
            o.ratio,
            Ratio {
                inserts: 1,
                reads: 3
            }
        );
        assert_eq!((o.api, o.column_size), (Api::Api2, 7));
        for bad in [
            &["--api", "0.7"][..],
            &["--ratio", "0:0"],
            &["--ratio", "2"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn header_echoes_the_parameters() {
        let o = parse(&[
            "--api",
            "19",
            "--operation",
            "mixed",
            "--ratio",
            "2:1",
            "--super",
            "3",
        ])
        .unwrap();
        let h = header(&o, &Workload::new(&o).unwrap());
        assert_eq!(
            h,
            "supercolumn stress: mixed on 127.0.0.1:9160 (API 19, framed), Keyspace1.Super1\n  \
             10000 keys, 3 super columns of 5 columns of 34 bytes per row, 8 threads, \
             consistency ONE, 2:1 inserts:reads per key\n"
        );
    }
}
