//! The text of `describe` for a keyspace and a column family, as each
//! era's cassandra-cli printed a `KsDef`/`CfDef`: 0.7's (replication
//! factor, cache sizes, memtable thresholds), 0.8 to 1.0's (key validation
//! class, row cache provider), 1.1's (`caching`), 1.2's and 2.0's
//! additions. Only formats what the server sent; talking to it is `help`'s.
//!
//! A field the server did not send prints as the Java struct held it: a
//! number's Thrift default (or 0), `false`, or `null` for a string, which
//! is what the era's cli printed when it met a server older than itself.

use crate::shell::cli::era::Era;
use crate::shell::cli::render::{java_map_order, type_named};
use crate::thrift::api19::javaargs::java_double;
use crate::thrift::gen::cassandra19::{CfDef, KsDef};
use std::collections::BTreeMap;
use std::fmt::Write as _;

fn opt<T: std::fmt::Display>(v: &Option<T>) -> String {
    v.as_ref()
        .map_or_else(|| "null".to_string(), |v| v.to_string())
}

/// A `double` field: unset reads as `default` (the IDL's, else 0.0).
fn dbl(v: Option<f64>, default: f64) -> String {
    java_double(v.unwrap_or(default))
}

/// `FBUtilities.toString` / `Map.toString` bodies in the cli's map order.
fn pairs(m: &BTreeMap<String, String>, sep: &str) -> String {
    java_map_order(m)
        .into_iter()
        .map(|(k, v)| format!("{k}{sep}{v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One keyspace as the era's `describe` printed it.
pub fn describe_keyspace(ks: &KsDef, era: &Era) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Keyspace: {}:", ks.name);
    let _ = writeln!(out, "  Replication Strategy: {}", ks.strategy_class);
    let options = ks
        .strategy_options
        .as_ref()
        .map(|o| pairs(o, ":"))
        .unwrap_or_default();
    if era.at_least(0, 8) {
        let _ = writeln!(
            out,
            "  Durable Writes: {}",
            ks.durable_writes.unwrap_or(true)
        );
        let _ = writeln!(out, "    Options: [{options}]");
    } else if ks.strategy_class.ends_with(".NetworkTopologyStrategy") {
        let _ = writeln!(out, "    Options: [{options}]");
    } else {
        let _ = writeln!(
            out,
            "    Replication Factor: {}",
            ks.replication_factor.unwrap_or(0)
        );
    }
    let _ = writeln!(out, "  Column Families:");
    let mut cfs: Vec<&CfDef> = ks.cf_defs.iter().collect();
    cfs.sort_by(|a, b| a.name.cmp(&b.name));
    for cf in cfs {
        out.push_str(&describe_cf(cf, era));
    }
    out
}

/// The cache and memtable lines of 0.7 to 1.0.
fn caches(out: &mut String, cf: &CfDef, era: &Era) {
    let row_size = dbl(cf.row_cache_size.map(|f| f.0), 0.0);
    let row_period = cf.row_cache_save_period_in_seconds.unwrap_or(0);
    if era.series == (1, 0) {
        let keys = match cf.row_cache_keys_to_save {
            Some(i32::MAX) | None => "all".to_string(),
            Some(n) => n.to_string(),
        };
        let _ = writeln!(
            out,
            "      Row cache size / save period in seconds / keys to save : {row_size}/{row_period}/{keys}"
        );
    } else {
        let _ = writeln!(
            out,
            "      Row cache size / save period in seconds: {row_size}/{row_period}"
        );
    }
    if era.at_least(0, 8) {
        let _ = writeln!(
            out,
            "      Row Cache Provider: {}",
            opt(&cf.row_cache_provider)
        );
    }
    let _ = writeln!(
        out,
        "      Key cache size / save period in seconds: {}/{}",
        dbl(cf.key_cache_size.map(|f| f.0), 200000.0),
        cf.key_cache_save_period_in_seconds.unwrap_or(0)
    );
    if era.series <= (0, 8) {
        let _ = writeln!(
            out,
            "      Memtable thresholds: {}/{}/{} (millions of ops/minutes/MB)",
            dbl(cf.memtable_operations_in_millions.map(|f| f.0), 0.0),
            cf.memtable_flush_after_mins.unwrap_or(0),
            cf.memtable_throughput_in_mb.unwrap_or(0)
        );
    }
}

/// One column family as the era's `describe` printed it.
pub fn describe_cf(cf: &CfDef, era: &Era) -> String {
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
    if era.at_least(0, 8) {
        if let Some(k) = &cf.key_validation_class {
            let _ = writeln!(out, "      Key Validation Class: {k}");
        }
    }
    if let Some(d) = &cf.default_validation_class {
        let label = if era.at_least(0, 8) {
            "Default column value validator"
        } else {
            "default_validation_class"
        };
        let _ = writeln!(out, "      {label}: {d}");
    }
    let sub = if is_super {
        format!("/{}", opt(&cf.subcomparator_type))
    } else {
        String::new()
    };
    let sorted = if era.at_least(1, 2) {
        "Cells"
    } else {
        "Columns"
    };
    let _ = writeln!(
        out,
        "      {sorted} sorted by: {}{sub}",
        opt(&cf.comparator_type)
    );
    if !era.at_least(1, 1) {
        caches(&mut out, cf, era);
    }
    let _ = writeln!(
        out,
        "      GC grace seconds: {}",
        cf.gc_grace_seconds.unwrap_or(0)
    );
    let _ = writeln!(
        out,
        "      Compaction min/max thresholds: {}/{}",
        cf.min_compaction_threshold.unwrap_or(0),
        cf.max_compaction_threshold.unwrap_or(0)
    );
    let _ = writeln!(
        out,
        "      Read repair chance: {}",
        dbl(cf.read_repair_chance.map(|f| f.0), 1.0)
    );
    if era.at_least(1, 1) {
        let _ = writeln!(
            out,
            "      DC Local Read repair chance: {}",
            dbl(cf.dclocal_read_repair_chance.map(|f| f.0), 0.0)
        );
    }
    // 1.2 and 2.0 only: 2.1's cli no longer printed either line (the
    // options were gone from its server).
    if era.at_least(1, 2) && !era.at_least(2, 1) {
        let _ = writeln!(
            out,
            "      Populate IO Cache on flush: {}",
            cf.populate_io_cache_on_flush.unwrap_or(false)
        );
    }
    if era.at_least(0, 8) && !era.at_least(2, 1) {
        let _ = writeln!(
            out,
            "      Replicate on write: {}",
            cf.replicate_on_write.unwrap_or(false)
        );
    }
    if era.at_least(1, 1) {
        let _ = writeln!(out, "      Caching: {}", opt(&cf.caching));
    }
    if era.at_least(2, 0) {
        let _ = writeln!(
            out,
            "      Default time to live: {}",
            cf.default_time_to_live.unwrap_or(0)
        );
    }
    if era.at_least(1, 0) {
        let _ = writeln!(
            out,
            "      Bloom Filter FP chance: {}",
            cf.bloom_filter_fp_chance
                .map_or_else(|| "default".to_string(), |f| java_double(f.0))
        );
    }
    if era.at_least(2, 0) {
        let _ = writeln!(
            out,
            "      Index interval: {}",
            cf.index_interval
                .map_or_else(|| "default".to_string(), |n| n.to_string())
        );
        let _ = writeln!(
            out,
            "      Speculative Retry: {}",
            opt(&cf.speculative_retry)
        );
    }
    column_metadata(&mut out, cf, is_super, era);
    if era.at_least(1, 0) {
        strategy_and_compression(&mut out, cf);
    }
    out
}

fn column_metadata(out: &mut String, cf: &CfDef, is_super: bool, era: &Era) {
    let metadata = cf.column_metadata.as_deref().unwrap_or_default();
    if metadata.is_empty() {
        return;
    }
    let names = type_named(if is_super {
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
        if era.at_least(1, 0) {
            if let Some(o) = &c.index_options {
                let _ = writeln!(out, "          Index Options: {{{}}}", pairs(o, "="));
            }
        }
    }
}

fn strategy_and_compression(out: &mut String, cf: &CfDef) {
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
}
