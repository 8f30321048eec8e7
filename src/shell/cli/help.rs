//! `help`, `show keyspaces` and `describe` for `supercolumn cli`.
//!
//! Keyspace descriptions follow cassandra-cli 1.2.9's layout (`Keyspace:
//! KS:`, `  Replication Strategy: ...`, one block per column family, sorted
//! by name). The help text is this project's own.

use crate::shell::cli::backend::Backend;
use crate::shell::cli::render::java_map_order;
use crate::shell::cli::CliError;
use crate::thrift::gen::cassandra19::{CfDef, KsDef};
use std::fmt::Write as _;

const HELP: &str = "\
Commands (end each with ';'):
  use <keyspace>;                          work in a keyspace
  set <cf>['<key>']['<col>'] = '<value>' [with ttl = <n>];
  set <cf>['<key>']['<super>']['<col>'] = '<value>';
  get <cf>['<key>'] [limit <n>];           a row (or a super column's columns)
  get <cf>['<key>']['<col>'] [as <type>];  one cell
  del <cf>['<key>'];  del <cf>['<key>']['<col>'];
  count <cf>['<key>'];                     cells in a row
  list <cf> [<start>:<end>] [limit <rows>] [columns <cells> [reversed]];
  get <cf> where <col> = <value> [and <col> <op> <value> ...] [limit <n>];
                                           rows by an indexed column (op: = > >= < <=)
  incr <cf>['<key>']['<col>'] [by <n>];   decr <cf>['<key>']['<col>'] [by <n>];
  create keyspace <ks> [with placement_strategy = '<class>' and strategy_options = {<k>:<v>}];
  create column family <cf> [with <attribute> = <value> [and ...]];
      attributes: column_type, comparator, subcomparator, default_validation_class,
      key_validation_class, comment, gc_grace, read_repair_chance, replicate_on_write,
      column_metadata = [{column_name: <c>, validation_class: <t>, index_type: KEYS}], ...
  update keyspace <ks> with ...;  update column family <cf> with ...;
  drop keyspace <ks>;  drop column family <cf>;  drop index on <cf>.<col>;  truncate <cf>;
  assume <cf> comparator|sub_comparator|validator|keys as <type>;
                                           how the cli converts and shows that part
  consistencylevel as ONE|TWO|THREE|QUORUM|ALL|LOCAL_QUORUM|EACH_QUORUM|ANY;
  describe [<keyspace> | <cf>];  describe cluster;  show keyspaces;  show schema [<ks>];
  show cluster name;  show api version;
  help [<command>];  quit;  exit;
Keys, names and values are converted with the column family's key validator,
comparator and validators; wrap a term in a function to choose the type instead:
  bytes, integer, long, int, lexicaluuid, timeuuid, utf8, ascii, double, countercolumn.
";

pub fn help(topic: Option<&str>) -> String {
    match topic {
        None => HELP.to_string(),
        Some(t) => {
            if let Some(text) = crate::shell::cli::help_topics::topic(t) {
                return text.to_string();
            }
            let lines: Vec<&str> = HELP
                .lines()
                .filter(|l| l.trim_start().starts_with(t))
                .collect();
            if lines.is_empty() {
                format!("No help for '{t}'; try 'help;'.\n")
            } else {
                lines.join("\n") + "\n"
            }
        }
    }
}

fn cql3_warning(cmd: &str) {
    eprintln!("\nWARNING: CQL3 tables are intentionally omitted from '{cmd}' output.");
    eprintln!("See https://issues.apache.org/jira/browse/CASSANDRA-4377 for details.\n");
}

/// What cassandra-cli printed (on stderr) before each keyspace or column
/// family description when it could not reach the node's JMX port; this
/// server has no JMX, so the line is always printed.
pub fn jmx_warning(host: &str) {
    eprint!("WARNING: Could not connect to the JMX on {host}:7199 - some information won't be shown.\n\n");
}

pub fn show_keyspaces(backend: &mut Backend, host: &str) -> Result<String, CliError> {
    cql3_warning("show keyspaces");
    let mut all = backend.all_keyspaces19()?;
    all.sort_by(|a, b| a.name.cmp(&b.name));
    let mut stdout = std::io::stdout();
    for ks in &all {
        jmx_warning(host);
        let _ = std::io::Write::write_all(&mut stdout, describe_keyspace(ks).as_bytes());
        let _ = std::io::Write::flush(&mut stdout);
    }
    Ok(String::new())
}

pub fn describe(
    backend: &mut Backend,
    host: &str,
    current: Option<&str>,
    name: Option<&str>,
) -> Result<String, CliError> {
    if name.is_none() && current.is_none() {
        cql3_warning("describe");
    }
    let Some(name) = name.or(current) else {
        return Ok(
            "Authenticate to a Keyspace, before using `describe` or `describe <column_family>`\n"
                .into(),
        );
    };
    let names = backend.keyspace_names()?;
    let ks_name = names.iter().find(|n| n.eq_ignore_ascii_case(name)).cloned();
    cql3_warning("describe");
    if let Some(ks) = ks_name {
        let info = backend.keyspace(&ks)?;
        jmx_warning(host);
        return Ok(info
            .def19
            .as_ref()
            .map(describe_keyspace)
            .unwrap_or_default());
    }
    let Some(cur) = current else {
        return Err(keyspace_missing(name));
    };
    let info = backend.keyspace(cur)?;
    let cf = info
        .def19
        .as_ref()
        .and_then(|d| d.cf_defs.iter().find(|c| c.name.eq_ignore_ascii_case(name)));
    Ok(match cf {
        Some(cf) => {
            jmx_warning(host);
            describe_cf(cf)
        }
        // 1.2.9's wording; the "(non-CQL3) ... use cqlsh instead" text came
        // with CASSANDRA-5750 in 1.2.11.
        None => format!("Sorry, no Keyspace nor ColumnFamily was found with name: {name}\n"),
    })
}

fn keyspace_missing(name: &str) -> CliError {
    CliError(format!("Keyspace with name '{name}' wasn't found, to lookup ColumnFamily with that name, please, authorize to one of the keyspaces first."))
}

fn opt<T: std::fmt::Display>(v: &Option<T>) -> String {
    v.as_ref()
        .map_or_else(|| "null".to_string(), |v| v.to_string())
}

fn float(v: Option<f64>) -> String {
    v.map_or_else(|| "null".to_string(), |f| format!("{f:?}"))
}

/// One keyspace as cassandra-cli 1.2.9's `describe` printed it.
pub fn describe_keyspace(ks: &KsDef) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Keyspace: {}:", ks.name);
    let _ = writeln!(out, "  Replication Strategy: {}", ks.strategy_class);
    let _ = writeln!(
        out,
        "  Durable Writes: {}",
        ks.durable_writes.unwrap_or(true)
    );
    let options = ks
        .strategy_options
        .iter()
        .flat_map(java_map_order)
        .map(|(k, v)| format!("{k}:{v}"))
        .collect::<Vec<_>>()
        .join(", ");
    let _ = writeln!(out, "    Options: [{options}]");
    let _ = writeln!(out, "  Column Families:");
    let mut cfs: Vec<&CfDef> = ks.cf_defs.iter().collect();
    cfs.sort_by(|a, b| a.name.cmp(&b.name));
    for cf in cfs {
        out.push_str(&describe_cf(cf));
    }
    out
}

fn describe_cf(cf: &CfDef) -> String {
    let mut out = String::new();
    let is_super = cf.column_type.as_deref() == Some("Super");
    let _ = writeln!(
        out,
        "    ColumnFamily: {}{}",
        cf.name,
        if is_super { " (Super)" } else { "" }
    );
    if let Some(c) = cf.comment.as_ref().filter(|c| !c.is_empty()) {
        let _ = writeln!(out, "    \"{c}\"");
    }
    if let Some(k) = &cf.key_validation_class {
        let _ = writeln!(out, "      Key Validation Class: {k}");
    }
    if let Some(d) = &cf.default_validation_class {
        let _ = writeln!(out, "      Default column value validator: {d}");
    }
    let sub = if is_super {
        format!("/{}", opt(&cf.subcomparator_type))
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "      Cells sorted by: {}{sub}",
        opt(&cf.comparator_type)
    );
    let _ = writeln!(out, "      GC grace seconds: {}", opt(&cf.gc_grace_seconds));
    let _ = writeln!(
        out,
        "      Compaction min/max thresholds: {}/{}",
        opt(&cf.min_compaction_threshold),
        opt(&cf.max_compaction_threshold)
    );
    let _ = writeln!(
        out,
        "      Read repair chance: {}",
        float(cf.read_repair_chance.map(|f| f.0))
    );
    let _ = writeln!(
        out,
        "      DC Local Read repair chance: {}",
        float(cf.dclocal_read_repair_chance.map(|f| f.0))
    );
    let _ = writeln!(
        out,
        "      Populate IO Cache on flush: {}",
        cf.populate_io_cache_on_flush.unwrap_or(false)
    );
    let _ = writeln!(
        out,
        "      Replicate on write: {}",
        opt(&cf.replicate_on_write)
    );
    let _ = writeln!(out, "      Caching: {}", opt(&cf.caching));
    let _ = writeln!(
        out,
        "      Bloom Filter FP chance: {}",
        cf.bloom_filter_fp_chance
            .map_or_else(|| "default".to_string(), |f| format!("{:?}", f.0))
    );
    let metadata = cf.column_metadata.as_deref().unwrap_or_default();
    if !metadata.is_empty() {
        let names = crate::shell::cli::render::type_named(if is_super {
            cf.subcomparator_type.as_deref()
        } else {
            cf.comparator_type.as_deref()
        });
        let bytes_names = names.class_name().ends_with("BytesType");
        let _ = writeln!(out, "      Column Metadata:");
        for c in metadata {
            let mut shown = names.get_string(&c.name);
            if bytes_names {
                if let Ok(text) = std::str::from_utf8(&c.name) {
                    shown = format!("{text} ({shown})");
                }
            }
            let _ = writeln!(out, "        Column Name: {shown}");
            let _ = writeln!(out, "          Validation Class: {}", c.validation_class);
            if let Some(n) = &c.index_name {
                let _ = writeln!(out, "          Index Name: {n}");
            }
            if let Some(t) = &c.index_type {
                let name = match t.0 {
                    0 => "KEYS".to_string(),
                    1 => "CUSTOM".to_string(),
                    2 => "COMPOSITES".to_string(),
                    n => n.to_string(),
                };
                let _ = writeln!(out, "          Index Type: {name}");
            }
        }
    }
    let _ = writeln!(
        out,
        "      Compaction Strategy: {}",
        opt(&cf.compaction_strategy)
    );
    if let Some(o) = cf
        .compaction_strategy_options
        .as_ref()
        .filter(|o| !o.is_empty())
    {
        let _ = writeln!(out, "      Compaction Strategy Options:");
        for (k, v) in java_map_order(o) {
            let _ = writeln!(out, "        {k}: {v}");
        }
    }
    if let Some(o) = cf.compression_options.as_ref().filter(|o| !o.is_empty()) {
        let _ = writeln!(out, "      Compression Options:");
        for (k, v) in java_map_order(o) {
            let _ = writeln!(out, "        {k}: {v}");
        }
    }
    out
}
