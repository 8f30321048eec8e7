//! The `WITH` options of keyspace and table statements, checked as
//! Cassandra 1.2/2.0 checked them ("Unknown property 'x'", "Multiple
//! definition for property 'x'", "Invalid double value ...", replication
//! class and factor rules).
//!
//! Owns only the interpretation of the option syntax; it must not store
//! schema (the server turns these into its KsDef/CfDef equivalents).

use super::ast::{Property, PropertyValue};
use super::error::{CqlError, CqlResult};
use std::collections::BTreeMap;

const LOCATOR: &str = "org.apache.cassandra.locator.";

/// A keyspace's options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyspaceOptions {
    /// Fully qualified, e.g. `org.apache.cassandra.locator.SimpleStrategy`;
    /// `None` when not given (only valid for ALTER KEYSPACE).
    pub strategy_class: Option<String>,
    pub strategy_options: BTreeMap<String, String>,
    pub durable_writes: Option<bool>,
}

/// A table's options (those 1.2/2.0 accept; all optional).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TableOptions {
    pub comment: Option<String>,
    pub read_repair_chance: Option<f64>,
    pub dclocal_read_repair_chance: Option<f64>,
    pub gc_grace_seconds: Option<i32>,
    pub replicate_on_write: Option<bool>,
    pub caching: Option<String>,
    /// The rows per partition a row cache keeps (2.1's `RowCache`): `ALL`,
    /// a number, or `0` for none, from 2.1's `caching` (a legacy name
    /// turning the row cache on keeps whole partitions); unset before 2.1.
    pub cells_per_row_to_cache: Option<String>,
    pub bloom_filter_fp_chance: Option<f64>,
    pub populate_io_cache_on_flush: Option<bool>,
    pub default_time_to_live: Option<i32>,
    pub index_interval: Option<i32>,
    /// 2.1's bounds of the sampled index's interval.
    pub min_index_interval: Option<i32>,
    pub max_index_interval: Option<i32>,
    pub memtable_flush_period_in_ms: Option<i32>,
    pub speculative_retry: Option<String>,
    pub compaction: Option<BTreeMap<String, String>>,
    pub compression: Option<BTreeMap<String, String>>,
}

fn check_unique(props: &[Property]) -> CqlResult<()> {
    for (i, p) in props.iter().enumerate() {
        if props[..i].iter().any(|q| q.name == p.name) {
            return Err(CqlError::invalid(format!(
                "Multiple definition for property '{}'",
                p.name
            )));
        }
    }
    Ok(())
}

/// 2.1's `caching` map (`CachingOptions.fromMap`) as the legacy name a
/// Thrift CfDef shows (`toThriftCaching`): keys `ALL` or `NONE`, rows per
/// partition `ALL`, `NONE` or a number.
fn caching_of(entries: &[(String, String)]) -> CqlResult<(String, Option<String>)> {
    let (mut keys, mut rows) = (None, None);
    let mut cells = None;
    for (k, v) in entries {
        let v = v.to_uppercase();
        match k.as_str() {
            "keys" if v == "ALL" || v == "NONE" => keys = Some(v == "ALL"),
            "keys" => {
                return Err(CqlError::invalid(
                    "'keys' can only have values 'ALL' or 'NONE'",
                ))
            }
            "rows_per_partition" if v == "ALL" || v == "NONE" => {
                rows = Some(v == "ALL");
                cells = (v == "ALL").then_some(v);
            }
            "rows_per_partition" if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => {
                rows = Some(!v.trim_start_matches('0').is_empty());
                cells = Some(v.parse::<i32>().map_or(v.clone(), |n| n.to_string()));
            }
            "rows_per_partition" => {
                return Err(CqlError::invalid(
                    "'rows_per_partition' can only have values 'ALL', 'NONE' or be numeric.",
                ))
            }
            _ => {
                return Err(CqlError::invalid(
                    "Only supported CachingOptions parameters are 'keys' and 'rows_per_partition'",
                ))
            }
        }
    }
    let (keys, rows) = match (keys, rows) {
        (None, None) => (false, false),
        (None, Some(r)) => (false, r),
        (Some(_), None) => (true, false),
        (Some(k), Some(r)) => (k, r),
    };
    let name = match (keys, rows) {
        (true, true) => "ALL",
        (false, true) => "ROWS_ONLY",
        (true, false) => "KEYS_ONLY",
        (false, false) => "NONE",
    };
    // A row cache turned off keeps no rows (`RowCache.NONE`'s 0).
    Ok((
        name.to_string(),
        Some(cells.filter(|_| rows).unwrap_or_else(|| "0".into())),
    ))
}

/// The rows per partition 2.1 kept for a legacy `caching` name: a name
/// turning the row cache on (`CachingOptions.fromLegacyOption`) kept whole
/// partitions.
fn legacy_cells(name: &str) -> String {
    match name.to_uppercase().as_str() {
        "ALL" | "ROWS_ONLY" => "ALL",
        _ => "0",
    }
    .to_string()
}

fn string(p: &Property) -> CqlResult<String> {
    match &p.value {
        PropertyValue::Simple(s) => Ok(s.clone()),
        PropertyValue::Map(_) => Err(CqlError::invalid(format!(
            "Invalid value for property '{}'. It should be a string",
            p.name
        ))),
    }
}

fn map(p: &Property) -> CqlResult<BTreeMap<String, String>> {
    match &p.value {
        PropertyValue::Map(entries) => Ok(entries.iter().cloned().collect()),
        PropertyValue::Simple(_) => Err(CqlError::invalid(format!(
            "Invalid value for property '{}'. It should be a map.",
            p.name
        ))),
    }
}

fn boolean(p: &Property) -> CqlResult<bool> {
    let s = string(p)?;
    // Java's Boolean.valueOf: anything but "true" (any case) is false.
    Ok(s.eq_ignore_ascii_case("true"))
}

fn double(p: &Property) -> CqlResult<f64> {
    let s = string(p)?;
    s.parse::<f64>()
        .map_err(|_| CqlError::invalid(format!("Invalid double value {s} for '{}'", p.name)))
}

fn integer(p: &Property) -> CqlResult<i32> {
    let s = string(p)?;
    s.parse::<i32>()
        .map_err(|_| CqlError::invalid(format!("Invalid integer value {s} for '{}'", p.name)))
}

impl KeyspaceOptions {
    /// The parser's check of a `WITH` clause's names, before any lookup.
    pub fn check_unique(props: &[Property]) -> CqlResult<()> {
        check_unique(props)
    }

    /// From `CREATE/ALTER KEYSPACE ... WITH`; `creating` requires a class.
    pub fn from_properties(props: &[Property], creating: bool) -> CqlResult<KeyspaceOptions> {
        check_unique(props)?;
        let mut out = KeyspaceOptions {
            strategy_class: None,
            strategy_options: BTreeMap::new(),
            durable_writes: None,
        };
        for p in props {
            match p.name.as_str() {
                "replication" => {
                    let mut m = map(p)?;
                    if let Some(class) = m.remove("class") {
                        out.strategy_class = Some(if class.contains('.') {
                            class
                        } else {
                            format!("{LOCATOR}{class}")
                        });
                    }
                    out.strategy_options = m;
                }
                "durable_writes" => out.durable_writes = Some(boolean(p)?),
                other => return Err(CqlError::invalid(format!("Unknown property '{other}'"))),
            }
        }
        match out.strategy_class.as_deref() {
            None if creating => {
                return Err(CqlError::invalid(
                    "Missing mandatory replication strategy class",
                ))
            }
            None if !out.strategy_options.is_empty() => {
                return Err(CqlError::invalid("Missing replication strategy class"))
            }
            Some(c) if c.ends_with(".SimpleStrategy") => {
                let rf = out
                    .strategy_options
                    .get("replication_factor")
                    .ok_or_else(|| {
                        CqlError::invalid(
                            "SimpleStrategy requires a replication_factor strategy option.",
                        )
                    })?;
                check_rf(rf)?;
                if let Some(k) = out
                    .strategy_options
                    .keys()
                    .find(|k| *k != "replication_factor")
                {
                    return Err(CqlError::invalid(format!(
                        "Unrecognized strategy option {{{k}}} passed to SimpleStrategy"
                    )));
                }
            }
            Some(c) if c.ends_with(".NetworkTopologyStrategy") => {
                for rf in out.strategy_options.values() {
                    check_rf(rf)?;
                }
            }
            Some(c)
                if c.ends_with(".OldNetworkTopologyStrategy") || c.ends_with(".LocalStrategy") => {}
            Some(c) => {
                return Err(CqlError::invalid(format!(
                    "Unable to find replication strategy class '{c}'"
                )))
            }
            None => {}
        }
        Ok(out)
    }
}

fn check_rf(rf: &str) -> CqlResult<()> {
    match rf.parse::<i64>() {
        Ok(n) if n >= 0 => Ok(()),
        Ok(n) => Err(CqlError::invalid(format!(
            "Replication factor must be non-negative; found {n}"
        ))),
        Err(_) => Err(CqlError::invalid(format!(
            "Replication factor must be numeric; found {rf}"
        ))),
    }
}

/// The table properties 1.1's CQL 3 beta knew (its `CFPropDefs.keywords`).
const BETA_KEYWORDS: [&str; 7] = [
    "comment",
    "read_repair_chance",
    "dclocal_read_repair_chance",
    "gc_grace_seconds",
    "replicate_on_write",
    "caching",
    "bloom_filter_fp_chance",
];

impl TableOptions {
    /// 1.1's CQL 3 beta properties (its `CFPropDefs`): the keywords it
    /// knew, `compaction_strategy_class`, and `compaction_strategy_options:NAME`
    /// and `compression_parameters:NAME` gathered into the compaction and
    /// compression options (the compaction options taken only with a
    /// class); any other name is unknown.
    pub fn from_beta_properties(props: &[Property]) -> CqlResult<TableOptions> {
        check_unique(props)?;
        let mut plain = Vec::new();
        let mut compaction = BTreeMap::new();
        let mut compression = BTreeMap::new();
        let mut class = None;
        for p in props {
            let mut parts = p.name.split(':');
            let (prefix, sub) = (parts.next().unwrap_or(""), parts.next());
            match (prefix, sub) {
                ("compaction_strategy_options", Some(sub)) => {
                    compaction.insert(sub.to_string(), string(p)?);
                }
                ("compression_parameters", Some(sub)) => {
                    compression.insert(sub.to_string(), string(p)?);
                }
                ("compaction_strategy_class", None) => class = Some(string(p)?),
                (name, None) if BETA_KEYWORDS.contains(&name) => plain.push(p.clone()),
                _ => return Err(CqlError::invalid(format!("Unknown property '{}'", p.name))),
            }
        }
        let mut o = TableOptions::from_properties(&plain)?;
        if let Some(class) = class {
            compaction.insert("class".to_string(), class);
            o.compaction = Some(compaction);
        }
        // 1.1 shipped no LZ4Compressor: `CompressionParameters.create`'s
        // class lookup failed for it.
        if let Some(class) = compression.get("sstable_compression") {
            let full = match class.contains('.') {
                true => class.clone(),
                false => format!("org.apache.cassandra.io.compress.{class}"),
            };
            if full == "org.apache.cassandra.io.compress.LZ4Compressor" {
                return Err(CqlError::invalid(format!(
                    "Could not create Compression for type {full}"
                )));
            }
        }
        if !compression.is_empty() {
            o.compression = Some(compression);
        }
        Ok(o)
    }

    /// From `CREATE/ALTER TABLE ... WITH` (CLUSTERING ORDER and COMPACT
    /// STORAGE are parsed separately).
    pub fn from_properties(props: &[Property]) -> CqlResult<TableOptions> {
        TableOptions::from_properties_as(props, false)
    }

    /// [`TableOptions::from_properties`], `caching` also as 2.1's map
    /// (`caching_maps`; before, only a string).
    pub fn from_properties_as(props: &[Property], caching_maps: bool) -> CqlResult<TableOptions> {
        check_unique(props)?;
        let mut o = TableOptions::default();
        for p in props {
            match p.name.as_str() {
                "comment" => o.comment = Some(string(p)?),
                "read_repair_chance" => o.read_repair_chance = Some(double(p)?),
                "dclocal_read_repair_chance" => o.dclocal_read_repair_chance = Some(double(p)?),
                "gc_grace_seconds" => o.gc_grace_seconds = Some(integer(p)?),
                "replicate_on_write" => o.replicate_on_write = Some(boolean(p)?),
                "caching" => {
                    let (name, cells) = match &p.value {
                        PropertyValue::Map(entries) if caching_maps => caching_of(entries)?,
                        _ => {
                            let name = string(p)?;
                            let cells = caching_maps.then(|| legacy_cells(&name));
                            (name, cells)
                        }
                    };
                    o.caching = Some(name);
                    o.cells_per_row_to_cache = cells;
                }
                "bloom_filter_fp_chance" => o.bloom_filter_fp_chance = Some(double(p)?),
                "populate_io_cache_on_flush" => o.populate_io_cache_on_flush = Some(boolean(p)?),
                "default_time_to_live" => o.default_time_to_live = Some(integer(p)?),
                "index_interval" => o.index_interval = Some(integer(p)?),
                "min_index_interval" => o.min_index_interval = Some(integer(p)?),
                "max_index_interval" => o.max_index_interval = Some(integer(p)?),
                "memtable_flush_period_in_ms" => o.memtable_flush_period_in_ms = Some(integer(p)?),
                "speculative_retry" => o.speculative_retry = Some(string(p)?),
                "compaction" => {
                    let m = map(p)?;
                    if !m.contains_key("class") {
                        return Err(CqlError::invalid(
                            "Missing sub-option 'class' for the 'compaction' option.",
                        ));
                    }
                    o.compaction = Some(m);
                }
                "compression" => o.compression = Some(map(p)?),
                other => return Err(CqlError::invalid(format!("Unknown property '{other}'"))),
            }
        }
        // CFPropDefs.validate's minimums (Thrift's CfDef had none before 3.0).
        if o.default_time_to_live.is_some_and(|t| t < 0) {
            return Err(CqlError::invalid(
                "default_time_to_live cannot be smaller than 0, (default 0)",
            ));
        }
        if o.memtable_flush_period_in_ms.is_some_and(|t| t < 0) {
            return Err(CqlError::invalid(
                "memtable_flush_period_in_ms cannot be smaller than 0",
            ));
        }
        // 2.1's bounds of the index interval.
        if o.min_index_interval.is_some_and(|i| i < 1) {
            return Err(CqlError::invalid(
                "min_index_interval must be greater than 0",
            ));
        }
        if let (Some(min), Some(max)) = (o.min_index_interval, o.max_index_interval) {
            if max < min {
                return Err(CqlError::invalid(
                    "max_index_interval must be greater than min_index_interval",
                ));
            }
        }
        Ok(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::ast::Statement;
    use crate::cql::parse;

    fn ks(cql: &str) -> CqlResult<KeyspaceOptions> {
        match parse(cql).unwrap().statement {
            Statement::CreateKeyspace { properties, .. } => {
                KeyspaceOptions::from_properties(&properties, true)
            }
            Statement::AlterKeyspace { properties, .. } => {
                KeyspaceOptions::from_properties(&properties, false)
            }
            _ => panic!(),
        }
    }

    #[test]
    fn keyspace_options() {
        let o = ks("CREATE KEYSPACE k WITH REPLICATION = { 'class' : 'SimpleStrategy', 'replication_factor' : 1 }").unwrap();
        assert_eq!(
            o.strategy_class.as_deref(),
            Some("org.apache.cassandra.locator.SimpleStrategy")
        );
        assert_eq!(
            o.strategy_options
                .get("replication_factor")
                .map(String::as_str),
            Some("1")
        );
        assert_eq!(
            ks("CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy'}")
                .unwrap_err()
                .to_string(),
            "SimpleStrategy requires a replication_factor strategy option."
        );
        assert_eq!(
            ks("CREATE KEYSPACE k WITH durable_writes = false")
                .unwrap_err()
                .to_string(),
            "Missing mandatory replication strategy class"
        );
        assert_eq!(
            ks("CREATE KEYSPACE k WITH foo = 1")
                .unwrap_err()
                .to_string(),
            "Unknown property 'foo'"
        );
        assert!(ks(
            "CREATE KEYSPACE k WITH replication = {'class': 'NetworkTopologyStrategy', 'dc1': 'x'}"
        )
        .is_err());
        assert_eq!(
            ks("ALTER KEYSPACE k WITH durable_writes = false")
                .unwrap()
                .durable_writes,
            Some(false)
        );
    }

    #[test]
    fn table_options() {
        let Statement::CreateTable(ct) = parse("CREATE TABLE t (k int PRIMARY KEY) WITH compression = {'sstable_compression': ''} AND comment = 'c' AND gc_grace_seconds = 10").unwrap().statement else { panic!() };
        let o = TableOptions::from_properties(&ct.properties).unwrap();
        assert_eq!(o.comment.as_deref(), Some("c"));
        assert_eq!(o.gc_grace_seconds, Some(10));
        let Statement::CreateTable(ct) =
            parse("CREATE TABLE t (k int PRIMARY KEY) WITH read_repair_chance = 'x'")
                .unwrap()
                .statement
        else {
            panic!()
        };
        assert_eq!(
            TableOptions::from_properties(&ct.properties)
                .unwrap_err()
                .to_string(),
            "Invalid double value x for 'read_repair_chance'"
        );
        let Statement::CreateTable(ct) = parse("CREATE TABLE t (k int PRIMARY KEY) WITH bogus = 1")
            .unwrap()
            .statement
        else {
            panic!()
        };
        assert_eq!(
            TableOptions::from_properties(&ct.properties)
                .unwrap_err()
                .to_string(),
            "Unknown property 'bogus'"
        );
    }

    #[test]
    fn caching_is_a_map_from_2_1() {
        let props = |cql: &str| {
            let Statement::CreateTable(ct) = parse(cql).unwrap().statement else {
                panic!()
            };
            ct.properties
        };
        let p = props(
            "CREATE TABLE t (k int PRIMARY KEY) WITH caching = {'keys': 'ALL', 'rows_per_partition': '10'}",
        );
        assert_eq!(
            TableOptions::from_properties(&p).unwrap_err().to_string(),
            "Invalid value for property 'caching'. It should be a string"
        );
        let caching = |p: &[Property]| TableOptions::from_properties_as(p, true).map(|o| o.caching);
        assert_eq!(caching(&p).unwrap().as_deref(), Some("ALL"));
        for (map, name) in [
            ("{'keys': 'ALL', 'rows_per_partition': 'NONE'}", "KEYS_ONLY"),
            ("{'keys': 'none', 'rows_per_partition': 'all'}", "ROWS_ONLY"),
            ("{'rows_per_partition': 'NONE'}", "NONE"),
            ("{'keys': 'NONE'}", "KEYS_ONLY"),
        ] {
            let p = props(&format!(
                "CREATE TABLE t (k int PRIMARY KEY) WITH caching = {map}"
            ));
            assert_eq!(caching(&p).unwrap().as_deref(), Some(name), "{map}");
        }
        let cells = |cql: &str| {
            let p = props(&format!(
                "CREATE TABLE t (k int PRIMARY KEY) WITH caching = {cql}"
            ));
            TableOptions::from_properties_as(&p, true)
                .unwrap()
                .cells_per_row_to_cache
        };
        assert_eq!(
            cells("{'keys': 'ALL', 'rows_per_partition': 'ALL'}").as_deref(),
            Some("ALL")
        );
        assert_eq!(
            cells("{'rows_per_partition': '010'}").as_deref(),
            Some("10")
        );
        assert_eq!(cells("{'keys': 'ALL'}").as_deref(), Some("0"));
        assert_eq!(cells("'rows_only'").as_deref(), Some("ALL"));
        assert_eq!(cells("'keys_only'").as_deref(), Some("0"));
        let p = props("CREATE TABLE t (k int PRIMARY KEY) WITH caching = {'keys': 'SOME'}");
        assert_eq!(
            caching(&p).unwrap_err().to_string(),
            "'keys' can only have values 'ALL' or 'NONE'"
        );
        let p = props("CREATE TABLE t (k int PRIMARY KEY) WITH caching = 'keys_only'");
        assert_eq!(caching(&p).unwrap().as_deref(), Some("keys_only"));
    }
}

#[cfg(test)]
mod beta_tests {
    use super::*;
    use crate::cql::ast::PropertyValue;

    fn prop(name: &str, value: &str) -> Property {
        Property {
            name: name.to_string(),
            value: PropertyValue::Simple(value.to_string()),
        }
    }

    #[test]
    fn the_beta_gathers_compaction_and_compression_options() {
        let o = TableOptions::from_beta_properties(&[
            prop("comment", "c"),
            prop("compaction_strategy_class", "LeveledCompactionStrategy"),
            prop("compaction_strategy_options:sstable_size_in_mb", "10"),
            prop(
                "compression_parameters:sstable_compression",
                "SnappyCompressor",
            ),
        ])
        .unwrap();
        assert_eq!(o.comment.as_deref(), Some("c"));
        let c = o.compaction.unwrap();
        assert_eq!(
            c.get("class").map(String::as_str),
            Some("LeveledCompactionStrategy")
        );
        assert_eq!(c.get("sstable_size_in_mb").map(String::as_str), Some("10"));
        assert!(o.compression.unwrap().contains_key("sstable_compression"));
        // Compaction options without a class are dropped.
        let o = TableOptions::from_beta_properties(&[prop(
            "compaction_strategy_options:sstable_size_in_mb",
            "10",
        )])
        .unwrap();
        assert!(o.compaction.is_none());
        let lz4 = prop(
            "compression_parameters:sstable_compression",
            "LZ4Compressor",
        );
        assert_eq!(
            TableOptions::from_beta_properties(&[lz4])
                .unwrap_err()
                .to_string(),
            "Could not create Compression for type org.apache.cassandra.io.compress.LZ4Compressor"
        );
    }

    #[test]
    fn the_beta_knew_fewer_properties() {
        for name in [
            "min_compaction_threshold",
            "compaction",
            "default_time_to_live",
            "comment:x",
        ] {
            assert_eq!(
                TableOptions::from_beta_properties(&[prop(name, "1")])
                    .unwrap_err()
                    .to_string(),
                format!("Unknown property '{name}'")
            );
        }
    }
}
