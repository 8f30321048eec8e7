//! The options columns of `system_schema.tables`: each column family's
//! options as 4.0 converted them (caching, compaction, compression,
//! speculative retry), and as a release before 4.0 wrote them.
//!
//! Owns those conversions; the rows themselves are `schema_rows`'s. It
//! must not read data.

use super::schema_rows::{boolean, double, int, text, text_map, Val};
use crate::schema::legacy3x::{legacy_table_id, Layout3};
use crate::schema::{Caching, CfDef};
use std::collections::BTreeMap;

/// `caching` as 2.1 converted 1.2's caching string.
pub fn caching(c: Option<Caching>) -> BTreeMap<String, String> {
    let (keys, rows) = match c {
        Some(Caching::All) => ("ALL", "ALL"),
        Some(Caching::RowsOnly) => ("NONE", "ALL"),
        Some(Caching::None) => ("NONE", "NONE"),
        _ => ("ALL", "NONE"),
    };
    BTreeMap::from([
        ("keys".to_string(), keys.to_string()),
        ("rows_per_partition".to_string(), rows.to_string()),
    ])
}

/// `compaction`: the class, the strategy's options and, for a strategy that
/// reads them (all but LeveledCompactionStrategy: 3.x's
/// `CompactionParams.supportsThresholdParams`), the thresholds.
pub fn compaction(cf: Option<&CfDef>) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    let (class, min, max) = match cf {
        Some(cf) => {
            m.extend(cf.options.compaction_strategy_options.clone());
            (
                cf.options.compaction_strategy.clone(),
                cf.options.min_compaction_threshold,
                cf.options.max_compaction_threshold,
            )
        }
        None => (crate::schema::SIZE_TIERED.to_string(), 4, 32),
    };
    if class != crate::schema::LEVELED {
        m.insert("max_threshold".into(), max.to_string());
        m.insert("min_threshold".into(), min.to_string());
    }
    m.insert("class".into(), class);
    m
}

/// `compression`: 1.2's `sstable_compression`/`chunk_length_kb` as 3.0's
/// `class`/`chunk_length_in_kb`; none is `enabled: false`.
pub fn compression(cf: Option<&CfDef>) -> BTreeMap<String, String> {
    let given = cf.map(|c| c.options.compression_options.clone());
    let Some(given) = given else {
        return BTreeMap::from([
            ("chunk_length_in_kb".to_string(), "16".to_string()),
            (
                "class".to_string(),
                "org.apache.cassandra.io.compress.LZ4Compressor".to_string(),
            ),
        ]);
    };
    let class = given
        .get("sstable_compression")
        .cloned()
        .unwrap_or_default();
    if class.is_empty() {
        return BTreeMap::from([("enabled".to_string(), "false".to_string())]);
    }
    let mut m = BTreeMap::new();
    for (k, v) in &given {
        match k.as_str() {
            "sstable_compression" => {}
            "chunk_length_kb" => {
                m.insert("chunk_length_in_kb".into(), v.clone());
            }
            _ => {
                m.insert(k.clone(), v.clone());
            }
        }
    }
    m.insert("class".into(), class);
    m.entry("chunk_length_in_kb".into())
        .or_insert_with(|| "64".into());
    m
}

/// 2.0's speculative retry (`99.0PERCENTILE`) in 4.0's spelling (`99p`).
pub fn speculative_retry(given: Option<&str>) -> String {
    let Some(s) = given else {
        return "99p".into();
    };
    match s.to_ascii_uppercase().strip_suffix("PERCENTILE") {
        Some(n) => format!("{}p", n.trim_end_matches(".0")),
        None => s.to_string(),
    }
}

/// A table's options (4.0's, from [`table_options`]) as a release before
/// 4.0 wrote them: 3.x's `SpeculativeRetryParam` spelling
/// (`99PERCENTILE`), and no `cdc` value (3.8 to 3.11 wrote the flag only
/// on a node with CDC enabled, which the stock configuration is not; 3.0
/// had no such column).
pub(super) fn claimed_options(
    options: &mut Vec<(&'static str, Val)>,
    cf: Option<&CfDef>,
    claimed: (u32, u32, u32),
) {
    if claimed >= (4, 0, 0) {
        return;
    }
    options.retain(|(name, _)| *name != "cdc");
    let retry = cf.and_then(|c| c.options.speculative_retry.as_deref());
    for (name, v) in options.iter_mut() {
        if *name == "speculative_retry" {
            *v = text(&crate::schema::speculative::shown_3_0(retry));
        }
    }
}

/// `system_schema.tables`'s columns of one table.
pub fn table_options(l: &Layout3, cf: Option<&CfDef>) -> Vec<(&'static str, Val)> {
    let o = cf.map(|c| &c.options);
    let map =
        |m: BTreeMap<String, String>| text_map(m.iter().map(|(k, v)| (k.as_str(), v.clone())));
    let leveled = o.is_some_and(|o| o.compaction_strategy == crate::schema::LEVELED);
    vec![
        ("additional_write_policy", text("99p")),
        (
            "bloom_filter_fp_chance",
            double(
                o.and_then(|o| o.bloom_filter_fp_chance)
                    .unwrap_or(if leveled { 0.1 } else { 0.01 }),
            ),
        ),
        ("caching", map(caching(o.map(|o| o.caching)))),
        ("cdc", boolean(false)),
        (
            "comment",
            text(cf.and_then(|c| c.comment.as_deref()).unwrap_or("")),
        ),
        ("compaction", map(compaction(cf))),
        ("compression", map(compression(cf))),
        ("crc_check_chance", double(1.0)),
        (
            "dclocal_read_repair_chance",
            double(o.map_or(0.0, |o| o.dclocal_read_repair_chance)),
        ),
        (
            "default_time_to_live",
            int(o.and_then(|o| o.default_time_to_live).unwrap_or(0)),
        ),
        ("extensions", Val::Entries(Vec::new())),
        (
            "flags",
            Val::Entries(
                l.flags
                    .names()
                    .into_iter()
                    .map(|f| (f.as_bytes().to_vec(), Vec::new()))
                    .collect(),
            ),
        ),
        (
            "gc_grace_seconds",
            int(cf.map_or(604_800, |c| c.gc_grace_seconds)),
        ),
        (
            "id",
            Val::Bytes(legacy_table_id(&l.keyspace, &l.name).to_vec()),
        ),
        ("max_index_interval", int(2048)),
        (
            "memtable_flush_period_in_ms",
            int(o.and_then(|o| o.memtable_flush_period_in_ms).unwrap_or(0)),
        ),
        (
            "min_index_interval",
            int(o.and_then(|o| o.index_interval).unwrap_or(128)),
        ),
        ("read_repair", text("BLOCKING")),
        (
            "read_repair_chance",
            double(o.map_or(0.0, |o| o.read_repair_chance)),
        ),
        (
            "speculative_retry",
            text(&speculative_retry(
                o.and_then(|o| o.speculative_retry.as_deref()),
            )),
        ),
    ]
}
