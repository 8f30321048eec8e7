//! Reads the `keyspaces:` section of a Cassandra 0.7 `cassandra.yaml` (0.7
//! loaded it once, on request, into its schema; later versions dropped it)
//! into the same [`KeyspaceConfig`]s `storage-conf.xml` gives. Like those,
//! they seed the schema on first start.
//!
//! Each keyspace: `name`, `replica_placement_strategy`, `replication_factor`
//! (0.7.0) or `strategy_options`, `column_families`. Each column family:
//! 0.7's attributes (`name`, `column_type`, `compare_with`,
//! `compare_subcolumns_with`, `comment`, `rows_cached`, `keys_cached`, the
//! cache save periods, `read_repair_chance`, `replicate_on_write`,
//! `gc_grace_seconds`, `default_validation_class`, the compaction
//! thresholds, `column_metadata` with `name`, `validator_class`,
//! `index_type`, `index_name`; the per-CF memtable settings are accepted
//! with no effect). Type names stay strings for the schema to resolve.

use super::fields::Fields;
use super::tree::Node;
use crate::config::context::{check_file_name, Cx};
use crate::config::error::{ConfigError, IgnoredSetting};
use crate::config::values::CacheSize;
use crate::config::{CfExtras, ColumnFamilyConfig, ColumnMetadataConfig, KeyspaceConfig};
use std::collections::BTreeMap;

const KEYSPACE_KEYS: &[&str] = &[
    "name",
    "replica_placement_strategy",
    "replication_factor",
    "strategy_options",
    "column_families",
];

const CF_KEYS: &[&str] = &[
    "name",
    "column_type",
    "compare_with",
    "compare_subcolumns_with",
    "comment",
    "rows_cached",
    "keys_cached",
    "read_repair_chance",
    "replicate_on_write",
    "gc_grace_seconds",
    "default_validation_class",
    "min_compaction_threshold",
    "max_compaction_threshold",
    "column_metadata",
    "row_cache_save_period_in_seconds",
    "key_cache_save_period_in_seconds",
    "memtable_flush_after_mins",
    "memtable_throughput_in_mb",
    "memtable_operations_in_millions",
];

const COLUMN_KEYS: &[&str] = &["name", "validator_class", "index_type", "index_name"];

const SIMPLE_STRATEGY: &str = "org.apache.cassandra.locator.SimpleStrategy";

pub(super) fn keyspaces(
    cx: &mut Cx,
    node: &Node,
    snitch: &str,
    ignored: &mut Vec<IgnoredSetting>,
) -> Result<Vec<KeyspaceConfig>, ConfigError> {
    let Node::Seq { items, .. } = node else {
        return Err(cx.invalid(
            node.line(),
            "keyspaces",
            format!("keyspaces must be a list of keyspaces, not {}", node.kind()),
        ));
    };
    let mut out: Vec<KeyspaceConfig> = Vec::new();
    for item in items {
        let ks = keyspace(cx, item, snitch, ignored)?;
        if let Some(first) = out.iter().find(|k| k.name == ks.name) {
            return Err(cx.invalid(
                ks.line,
                format!("keyspace {}", ks.name),
                format!(
                    "keyspace {} is defined twice (first on line {})",
                    ks.name, first.line
                ),
            ));
        }
        out.push(ks);
    }
    Ok(out)
}

fn required_name(cx: &Cx, f: &Fields<'_>, what: &str) -> Result<(String, usize), ConfigError> {
    match f.text(cx, "name")? {
        Some((name, line)) if !name.trim().is_empty() => Ok((name.trim().to_string(), line)),
        _ => Err(cx.invalid(f.line, what, format!("a {what} needs a name"))),
    }
}

fn keyspace(
    cx: &mut Cx,
    node: &Node,
    snitch: &str,
    ignored: &mut Vec<IgnoredSetting>,
) -> Result<KeyspaceConfig, ConfigError> {
    let f = Fields::of(cx, node, "keyspace", " in a keyspace", KEYSPACE_KEYS)?;
    let (name, at) = keyspace_name(cx, &f)?;
    let (strategy, strategy_line) = strategy(cx, &f, &name, &at)?;
    let strategy_options = f.string_map(cx, "strategy_options")?;
    let replication_factor = replication_factor(cx, &f, &name, &at, &strategy_options)?;
    let setting = |what: &str| format!("keyspaces[{name}].{what}");
    if replication_factor > 1 {
        ignored.push(IgnoredSetting {
            setting: setting("replication_factor"),
            value: replication_factor.to_string(),
            line: f
                .line_of("replication_factor")
                .or(f.line_of("strategy_options"))
                .unwrap_or(f.line),
        });
    }
    if strategy != SIMPLE_STRATEGY {
        ignored.push(IgnoredSetting {
            setting: setting("replica_placement_strategy"),
            value: strategy.clone(),
            line: strategy_line,
        });
    }
    let column_families = column_families(cx, &f, &name)?;
    Ok(KeyspaceConfig {
        name,
        line: f.line,
        replica_placement_strategy: strategy,
        replication_factor,
        endpoint_snitch: snitch.to_string(),
        strategy_options: Some(strategy_options.unwrap_or_else(|| {
            BTreeMap::from([(
                "replication_factor".to_string(),
                replication_factor.to_string(),
            )])
        })),
        column_families,
    })
}

/// The keyspace's `name` (required, not `system`, usable as a file name)
/// and how messages name the keyspace.
fn keyspace_name(cx: &Cx, f: &Fields<'_>) -> Result<(String, String), ConfigError> {
    let (name, name_line) = required_name(cx, f, "keyspace")?;
    let at = format!("keyspace {name}");
    if name.eq_ignore_ascii_case("system") {
        return Err(cx.invalid(
            name_line,
            &at,
            "'system' is a reserved keyspace name for Cassandra internals",
        ));
    }
    check_file_name("keyspace", &name).map_err(|m| cx.invalid(name_line, &at, m))?;
    Ok((name, at))
}

/// `replica_placement_strategy` (required), a short name taken as one of
/// Cassandra's own.
fn strategy(cx: &Cx, f: &Fields<'_>, name: &str, at: &str) -> Result<(String, usize), ConfigError> {
    let Some((strategy, strategy_line)) = f.text(cx, "replica_placement_strategy")? else {
        return Err(cx.invalid(
            f.line,
            at,
            format!("keyspace {name} needs a replica_placement_strategy"),
        ));
    };
    let strategy = if strategy.contains('.') {
        strategy.trim().to_string()
    } else {
        format!("org.apache.cassandra.locator.{}", strategy.trim())
    };
    Ok((strategy, strategy_line))
}

/// The replication factor: 0.7.0 had `replication_factor`; later 0.7s
/// `strategy_options` (with a replication_factor entry for SimpleStrategy,
/// per datacenter otherwise, which add up).
fn replication_factor(
    cx: &Cx,
    f: &Fields<'_>,
    name: &str,
    at: &str,
    strategy_options: &Option<BTreeMap<String, String>>,
) -> Result<i32, ConfigError> {
    let factor: Option<i32> = f.opt_int(
        cx,
        "replication_factor",
        |v| v >= 1,
        "replication_factor must be at least 1",
    )?;
    Ok(match (factor, strategy_options) {
        (Some(rf), _) => rf,
        (None, Some(options)) => match options.get("replication_factor") {
            Some(rf) => rf.parse().map_err(|_| {
                cx.invalid(
                    f.line_of("strategy_options").unwrap_or(f.line),
                    "strategy_options",
                    format!("replication_factor must be an integer (found '{rf}')"),
                )
            })?,
            None => options.values().filter_map(|v| v.parse::<i32>().ok()).sum(),
        },
        (None, None) => {
            return Err(cx.invalid(
                f.line,
                at,
                format!("keyspace {name} needs a replication_factor or strategy_options"),
            ))
        }
    })
}

/// `column_families`: a list, each name at most once.
fn column_families(
    cx: &mut Cx,
    f: &Fields<'_>,
    name: &str,
) -> Result<Vec<ColumnFamilyConfig>, ConfigError> {
    let mut cfs: Vec<ColumnFamilyConfig> = Vec::new();
    match f.node("column_families") {
        None => {}
        Some(Node::Seq { items, .. }) => {
            for item in items {
                let cf = column_family(cx, name, item)?;
                if let Some(first) = cfs.iter().find(|c| c.name == cf.name) {
                    return Err(cx.invalid(
                        cf.line,
                        format!("column family {}", cf.name),
                        format!(
                            "column family {} is defined twice in keyspace {name} (first on line {})",
                            cf.name, first.line
                        ),
                    ));
                }
                cfs.push(cf);
            }
        }
        Some(other) => {
            return Err(cx.invalid(
                other.line(),
                "column_families",
                format!("column_families must be a list, not {}", other.kind()),
            ))
        }
    }
    Ok(cfs)
}

fn column_family(
    cx: &mut Cx,
    keyspace: &str,
    node: &Node,
) -> Result<ColumnFamilyConfig, ConfigError> {
    let place = format!(" in a column family of keyspace {keyspace}");
    let f = Fields::of(cx, node, "column family", &place, CF_KEYS)?;
    let (name, name_line) = required_name(cx, &f, "column family")?;
    let at = format!("column family {keyspace}.{name}");
    if name.contains('-') {
        return Err(cx.invalid(name_line, &at, "ColumnFamily names cannot contain hyphens"));
    }
    check_file_name("ColumnFamily", &name).map_err(|m| cx.invalid(name_line, &at, m))?;
    let column_type = match f.text(cx, "column_type")? {
        None => "Standard".to_string(),
        Some((t, _)) if t.trim() == "Standard" || t.trim() == "Super" => t.trim().to_string(),
        Some((t, line)) => {
            return Err(cx.invalid(
                line,
                "column_type",
                format!("column family {name} has invalid type {t}"),
            ))
        }
    };
    let compare_with = f
        .string(cx, "compare_with")?
        .unwrap_or_else(|| "BytesType".into());
    let sub = f.string(cx, "compare_subcolumns_with")?;
    let compare_subcolumns_with = if column_type == "Super" {
        Some(sub.unwrap_or_else(|| "BytesType".into()))
    } else if sub.is_some() {
        return Err(cx.invalid(
            f.line_of("compare_subcolumns_with").unwrap_or(f.line),
            "compare_subcolumns_with",
            format!("compare_subcolumns_with is only valid on super column families (not regular column family {name})"),
        ));
    } else {
        None
    };
    let cache = |key: &str, default: &str| -> Result<CacheSize, ConfigError> {
        match f.text(cx, key)? {
            None => Ok(CacheSize::parse(default).expect("valid default")),
            Some((raw, line)) => CacheSize::parse(raw).map_err(|m| cx.invalid(line, key, m)),
        }
    };
    let keys_cached = cache("keys_cached", "200000")?;
    let rows_cached = cache("rows_cached", "0")?;
    let period = |key: &str| f.int::<u32>(cx, key, 0, |v| v >= 0, "must be 0 or more seconds");
    let row_cache_save_period_in_seconds = period("row_cache_save_period_in_seconds")?;
    let key_cache_save_period_in_seconds = period("key_cache_save_period_in_seconds")?;
    let mut column_metadata = Vec::new();
    match f.node("column_metadata") {
        None => {}
        Some(Node::Seq { items, .. }) => {
            for item in items {
                column_metadata.push(column(cx, &at, item)?);
            }
        }
        Some(other) => {
            return Err(cx.invalid(
                other.line(),
                "column_metadata",
                format!("column_metadata must be a list, not {}", other.kind()),
            ))
        }
    }
    let threshold = |key: &str| f.opt_int::<i32>(cx, key, |v| v >= 0, "must be 0 or more");
    let extra = CfExtras {
        default_validation_class: f.string(cx, "default_validation_class")?,
        gc_grace_seconds: f.opt_int(cx, "gc_grace_seconds", |v| v >= 0, "may not be negative")?,
        read_repair_chance: f.opt_double(cx, "read_repair_chance")?,
        min_compaction_threshold: threshold("min_compaction_threshold")?,
        max_compaction_threshold: threshold("max_compaction_threshold")?,
        replicate_on_write: f.opt_bool(cx, "replicate_on_write")?,
        column_metadata,
    };
    Ok(ColumnFamilyConfig {
        name,
        line: f.line,
        column_type,
        compare_with,
        compare_subcolumns_with,
        comment: f.string(cx, "comment")?,
        keys_cached,
        rows_cached,
        row_cache_save_period_in_seconds,
        key_cache_save_period_in_seconds,
        extra,
    })
}

fn column(cx: &mut Cx, at: &str, node: &Node) -> Result<ColumnMetadataConfig, ConfigError> {
    let place = format!(" in the column_metadata of {at}");
    let f = Fields::of(cx, node, "column", &place, COLUMN_KEYS)?;
    let (name, _) = required_name(cx, &f, "column")?;
    let index_type = match f.text(cx, "index_type")? {
        None => None,
        Some((t, _)) if t.trim() == "KEYS" => Some("KEYS".to_string()),
        Some((t, line)) => {
            return Err(cx.invalid(
                line,
                "index_type",
                format!("index_type must be KEYS (found '{t}')"),
            ))
        }
    };
    Ok(ColumnMetadataConfig {
        name,
        validator_class: f
            .string(cx, "validator_class")?
            .unwrap_or_else(|| "BytesType".into()),
        index_type,
        index_name: f.string(cx, "index_name")?,
        line: f.line,
    })
}
