//! Turns change requests into resolved definitions the way Cassandra 1.2
//! did, with its exact messages: `CFMetaData.fromThrift` (defaults, type
//! resolution, caching, compression), `CFMetaData.validate` (names,
//! counters, aliases, column names, indexes, thresholds), compaction
//! options, and the replication strategy checks of `KSMetaData`.
//!
//! Owns the rules that look at one definition alone; rules that need the
//! rest of the schema (duplicates, existence, index names across column
//! families, compatibility with the old definition) are in [`super::apply`].
//! Errors are the message text 1.2 put in its InvalidRequestException.

use super::index_options::{self, Rules};
use super::options::*;
use super::spec::{CfSpec, ColumnSpec};
use super::{CfDef, ColumnType};
use crate::marshal::AbstractType;
use crate::marshal::{parse_type, TypeRef, UTF8Type};
use std::collections::{BTreeMap, BTreeSet};

/// Longest keyspace or column family name 1.2 accepts (`Schema.NAME_LENGTH`).
pub const MAX_NAME_LENGTH: usize = 48;

const LOCATOR_PACKAGE: &str = "org.apache.cassandra.locator.";
const STRATEGIES: [&str; 4] = [
    "SimpleStrategy",
    "NetworkTopologyStrategy",
    "OldNetworkTopologyStrategy",
    "LocalStrategy",
];
const COMPRESSORS: [&str; 3] = ["SnappyCompressor", "DeflateCompressor", "LZ4Compressor"];

/// `\w+` (Java's ASCII word characters), 1 to 48 of them (any number
/// under `rules.names_any_length`: 0.7 to 1.0's `Migration.isLegalName`).
pub(super) fn is_name_valid(name: &str, rules: Rules) -> bool {
    !name.is_empty() && (rules.names_any_length || name.len() <= MAX_NAME_LENGTH) && is_word(name)
}

fn is_word(name: &str) -> bool {
    name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

pub(super) fn keyspace_name_error(name: &str) -> String {
    format!(
        "Keyspace name must not be empty, more than {MAX_NAME_LENGTH} characters long, or \
         contain non-alphanumeric-underscore characters (got \"{name}\")"
    )
}

/// Resolves a replication strategy name to its full class name; the error
/// is 1.2's message for an unknown class.
pub fn resolve_strategy_class(name: &str) -> Result<String, String> {
    let class = if name.contains('.') {
        name.to_string()
    } else {
        format!("{LOCATOR_PACKAGE}{name}")
    };
    match class.strip_prefix(LOCATOR_PACKAGE) {
        Some(short) if STRATEGIES.contains(&short) => Ok(class),
        _ => Err(format!(
            "Unable to find replication strategy class '{class}'"
        )),
    }
}

/// The checks 1.2 made when it built the strategy for keyspace `keyspace`
/// (`validateReplicationStrategyIgnoreUnexpected`); from 2.0 an option the
/// strategy does not recognize first (`validateExpectedOptions`).
pub(super) fn validate_strategy_options(
    keyspace: &str,
    class: &str,
    options: &BTreeMap<String, String>,
    rules: Rules,
) -> Result<(), String> {
    let short = class.strip_prefix(LOCATOR_PACKAGE).unwrap_or(class);
    if rules.unknown_strategy_options_refused
        && matches!(short, "SimpleStrategy" | "OldNetworkTopologyStrategy")
    {
        // The map's first key the strategy does not know (a Java HashMap's
        // order where several are unknown; the sorted order here).
        if let Some(key) = options.keys().find(|k| *k != "replication_factor") {
            return Err(format!(
                "Unrecognized strategy option {{{key}}} passed to {short} for keyspace {keyspace}"
            ));
        }
    }
    let check_rf = |rf: &str| -> Result<(), String> {
        // 0.7 checked no factor (KsDef's i32, any value).
        if rules.replication_factor_unchecked {
            return Ok(());
        }
        match rf.parse::<i32>() {
            Ok(n) if n < 0 => Err(format!(
                "Replication factor must be non-negative; found {rf}"
            )),
            Ok(_) => Ok(()),
            Err(_) => Err(format!("Replication factor must be numeric; found {rf}")),
        }
    };
    match short {
        "SimpleStrategy" | "OldNetworkTopologyStrategy" => {
            match options.get("replication_factor") {
                None => Err("SimpleStrategy requires a replication_factor strategy option.".into()),
                Some(rf) => check_rf(rf),
            }
        }
        "NetworkTopologyStrategy" => {
            // The constructor rejected these before validation ran: 1.2
            // reported only that construction failed, 2.1 the constructor's
            // own words (Integer.valueOf's NumberFormatException's).
            for (dc, rf) in options {
                let why = if dc.eq_ignore_ascii_case("replication_factor") {
                    "replication_factor is an option for SimpleStrategy, not NetworkTopologyStrategy"
                        .to_string()
                } else if rf.parse::<i32>().is_err() {
                    format!("For input string: \"{rf}\"")
                } else {
                    continue;
                };
                return Err(match rules.strategy_constructor_words {
                    true => why,
                    false => "Error constructing replication strategy class".into(),
                });
            }
            options.values().try_for_each(|rf| check_rf(rf))
        }
        _ => Ok(()),
    }
}

fn resolve_type(name: &str) -> Result<TypeRef, String> {
    parse_type(name).map_err(|e| e.0)
}

fn resolve_optional(name: Option<&String>) -> Result<TypeRef, String> {
    match name {
        Some(n) => resolve_type(n),
        None => resolve_type("BytesType"),
    }
}

/// A compaction strategy name's class in full; the error is 1.2's message
/// for a class it could not find.
pub fn resolve_compaction_strategy(name: &str) -> Result<String, String> {
    let class = if name.contains('.') {
        name.to_string()
    } else {
        format!("{COMPACTION_PACKAGE}{name}")
    };
    // The time-series strategies only where the release had them (checked
    // by `validate_cf`, which knows the release's rules).
    if [SIZE_TIERED, LEVELED, DATE_TIERED, TIME_WINDOW].contains(&class.as_str()) {
        Ok(class)
    } else {
        Err(format!(
            "Unable to find compaction strategy class '{class}'"
        ))
    }
}

/// 1.2's `CompressionParameters.create` followed by `asThriftOptions`.
fn resolve_compression(
    given: Option<&BTreeMap<String, String>>,
) -> Result<BTreeMap<String, String>, String> {
    let Some(given) = given else {
        return Ok(CfOptions::default().compression_options);
    };
    let mut others = given.clone();
    let class = others.remove(SSTABLE_COMPRESSION).filter(|c| !c.is_empty());
    let chunk = others.remove(CHUNK_LENGTH_KB);
    let class = class
        .map(|c| {
            let full = if c.contains('.') {
                c
            } else {
                format!("{COMPRESSION_PACKAGE}{c}")
            };
            match full.strip_prefix(COMPRESSION_PACKAGE) {
                Some(short) if COMPRESSORS.contains(&short) => Ok(full),
                _ => Err(format!("Could not create Compression for type {full}")),
            }
        })
        .transpose()?;
    let chunk_kb = chunk
        .as_deref()
        .map(|c| {
            let kb: i32 = c
                .parse()
                .map_err(|_| format!("Invalid value for {CHUNK_LENGTH_KB}"))?;
            if kb > i32::MAX / 1024 {
                return Err(format!("Value of {CHUNK_LENGTH_KB} is too large ({kb})"));
            }
            Ok(kb)
        })
        .transpose()?;
    match &class {
        None if !others.is_empty() => {
            let keys: Vec<&str> = others.keys().map(String::as_str).collect();
            return Err(format!(
                "Unknown compression options ([{}]) since no compression class found",
                keys.join(", ")
            ));
        }
        None => {}
        Some(_) => {
            if let Some(unknown) = others.keys().find(|k| k.as_str() != CRC_CHECK_CHANCE) {
                return Err(format!("Unknown compression options {unknown}"));
            }
        }
    }
    if let Some(chance) = others.get(CRC_CHECK_CHANCE) {
        let c: f64 = chance
            .parse()
            .map_err(|_| "crc_check_chance should be a double".to_string())?;
        if !(0.0..=1.0).contains(&c) {
            return Err("crc_check_chance should be between 0.0 and 1.0".into());
        }
    }
    if let Some(kb) = chunk_kb {
        let bytes = kb.wrapping_mul(1024);
        if bytes <= 0 {
            return Err(format!("Invalid negative or null {CHUNK_LENGTH_KB}"));
        }
        if bytes.count_ones() != 1 {
            return Err(format!("{CHUNK_LENGTH_KB} must be a power of 2"));
        }
    }
    let mut out = others;
    if let Some(class) = class {
        out.insert(SSTABLE_COMPRESSION.to_string(), class);
        if let Some(kb) = chunk_kb {
            out.insert(CHUNK_LENGTH_KB.to_string(), kb.to_string());
        }
    }
    Ok(out)
}

fn column_def(spec: &ColumnSpec) -> Result<ColumnDef, String> {
    Ok(ColumnDef {
        name: spec.name.clone(),
        validation_class: resolve_optional(spec.validation_class.as_ref())?,
        index_type: spec.index_type,
        index_name: spec.index_name.clone(),
        index_options: spec.index_options.clone(),
        component_index: spec.component_index,
        is_static: spec.is_static,
    })
}

/// 1.2's `CFMetaData.fromThrift`: applies the defaults and resolves every
/// type and option. The id is left 0 for the caller to assign.
pub fn cf_from_spec(spec: &CfSpec) -> Result<CfDef, String> {
    let column_type = match spec.column_type.as_deref() {
        None | Some("Standard") => ColumnType::Standard,
        Some("Super") => ColumnType::Super,
        Some(other) => return Err(format!("Invalid column type {other}")),
    };
    let comparator = resolve_type(spec.comparator_type.as_deref().unwrap_or("BytesType"))?;
    let subcomparator = match (&spec.subcomparator_type, column_type) {
        (Some(name), _) => Some(resolve_type(name)?),
        (None, ColumnType::Super) => Some(resolve_type("BytesType")?),
        (None, ColumnType::Standard) => None,
    };
    let key_aliases = match (&spec.key_aliases, &spec.key_alias) {
        (Some(aliases), _) => aliases.clone(),
        (None, Some(alias)) => vec![alias.clone()],
        (None, None) => Vec::new(),
    };
    let key_validation_class = resolve_optional(spec.key_validation_class.as_ref())?;
    let compaction_strategy = resolve_compaction_strategy(
        spec.compaction_strategy
            .as_deref()
            .unwrap_or("SizeTieredCompactionStrategy"),
    )?;
    let caching = spec
        .caching
        .as_deref()
        .map(Caching::parse)
        .transpose()?
        .unwrap_or(Caching::KeysOnly);
    let compression_options = resolve_compression(spec.compression_options.as_ref())?;
    let default_validation_class = resolve_optional(spec.default_validation_class.as_ref())?;
    // A TreeMap by name in 1.2: the last declaration of a name wins.
    let mut columns: BTreeMap<Vec<u8>, ColumnDef> = BTreeMap::new();
    for c in spec.column_metadata.iter().flatten() {
        columns.insert(c.name.clone(), column_def(c)?);
    }
    let defaults = CfOptions::default();
    let options = CfOptions {
        default_validation_class,
        key_validation_class,
        column_metadata: columns.into_values().collect(),
        read_repair_chance: spec
            .read_repair_chance
            .unwrap_or(defaults.read_repair_chance),
        dclocal_read_repair_chance: spec
            .dclocal_read_repair_chance
            .unwrap_or(defaults.dclocal_read_repair_chance),
        min_compaction_threshold: spec
            .min_compaction_threshold
            .unwrap_or(defaults.min_compaction_threshold),
        max_compaction_threshold: spec
            .max_compaction_threshold
            .unwrap_or(defaults.max_compaction_threshold),
        replicate_on_write: spec.replicate_on_write.unwrap_or(true),
        key_aliases,
        column_aliases: spec.column_aliases.clone().unwrap_or_default(),
        value_alias: spec.value_alias.clone(),
        key_indexes: spec
            .key_indexes
            .iter()
            .flatten()
            .map(column_def)
            .collect::<Result<_, _>>()?,
        compaction_strategy,
        compaction_strategy_options: spec.compaction_strategy_options.clone().unwrap_or_default(),
        compression_options,
        bloom_filter_fp_chance: spec.bloom_filter_fp_chance,
        caching,
        populate_io_cache_on_flush: spec.populate_io_cache_on_flush.unwrap_or(false),
        memtable_flush_period_in_ms: spec.memtable_flush_period_in_ms,
        default_time_to_live: spec.default_time_to_live,
        speculative_retry: spec.speculative_retry.clone(),
        index_interval: spec.index_interval,
        min_index_interval: spec.min_index_interval,
        max_index_interval: spec.max_index_interval,
        cells_per_row_to_cache: spec.cells_per_row_to_cache.clone(),
        old_cache: spec.old_cache.clone(),
        dense_kept: false,
        triggers: spec.triggers.clone().unwrap_or_default(),
        dropped_columns: spec.dropped_columns.clone().unwrap_or_default(),
        stored_aliases: None,
    };
    Ok(CfDef {
        keyspace: spec.keyspace.clone(),
        name: spec.name.clone(),
        id: 0,
        column_type,
        comparator,
        subcomparator,
        comment: Some(spec.comment.clone().unwrap_or_default()),
        // What 0.6's describe_keyspace reports: its default key cache when
        // the CF caches keys, and a row cache it would not have sized.
        rows_cached: "0".to_string(),
        keys_cached: if caching.caches_keys() { "200000" } else { "0" }.to_string(),
        gc_grace_seconds: spec.gc_grace_seconds.unwrap_or(DEFAULT_GC_GRACE_SECONDS),
        options,
    })
}

/// The declared column names read as the definition was built, before
/// anything else looked at it: 2.0's rebuild (see below), 1.1's and 1.2's `CFMetaData.fromThrift`
/// (`updateCfDef`) read each with the comparator's `getString`, so its
/// refusal came before an update's index names were compared
/// (`addDefaultIndexNames`) and before `CFMetaData.validate`.
pub(super) fn names_read_as_built(cf: &CfDef, rules: Rules) -> Result<(), String> {
    if rules.names_refused_in_type_words {
        // 2.0's `CFMetaData.rebuild` of a sparse table, before the
        // compaction options and index names were looked at.
        for c in &cf.options.column_metadata {
            let comparator = cf.column_name_comparator(c.component_index);
            if let Err(e) = comparator.validate_for(&c.name, crate::marshal::Dialect::V20) {
                return Err(e.0);
            }
        }
    }
    if !rules.names_read_by_get_string {
        return Ok(());
    }
    for c in &cf.options.column_metadata {
        let comparator = cf.column_name_comparator(c.component_index);
        if let Some(why) = super::name_words::get_string_refusal(&comparator, &c.name) {
            return Err(why);
        }
    }
    Ok(())
}

/// 1.2's `CFMetaData.validate`. `other_index_names` are the index names of
/// every column family the change does not redefine; `rules` the
/// release's where it changed them.
pub(super) fn validate_cf(
    cf: &CfDef,
    other_index_names: &BTreeSet<String>,
    rules: Rules,
) -> Result<(), String> {
    names_read_as_built(cf, rules)?;
    for c in &cf.options.column_metadata {
        let comparator = cf.column_name_comparator(c.component_index);
        if rules.names_refused_in_type_words {
            if let Err(e) = comparator.validate_for(&c.name, crate::marshal::Dialect::V20) {
                return Err(e.0);
            }
        }
    }
    if !is_name_valid(&cf.keyspace, rules) {
        return Err(keyspace_name_error(&cf.keyspace));
    }
    if !is_name_valid(&cf.name, rules) {
        return Err(format!(
            "ColumnFamily name must not be empty, more than {MAX_NAME_LENGTH} characters long, \
             or contain non-alphanumeric-underscore characters (got \"{}\")",
            cf.name
        ));
    }
    if let (ColumnType::Standard, Some(sub)) = (cf.column_type, &cf.subcomparator) {
        return Err(format!(
            "Subcolumn comparator ({}) is invalid for standard column family {}",
            sub.class_name(),
            cf.name
        ));
    }
    let o = &cf.options;
    super::compaction_options::strategy_exists(o, rules)?;
    if !rules.counter_kinds_unchecked {
        validate_counter_kinds(cf)?;
    }
    validate_aliases(o)?;
    validate_columns(cf, other_index_names, rules)?;
    if o.max_compaction_threshold != 0 && !rules.thresholds_as_sent {
        if o.min_compaction_threshold <= 1 {
            return Err(format!(
                "Min compaction threshold cannot be less than 2 (got {}).",
                o.min_compaction_threshold
            ));
        }
        if o.min_compaction_threshold > o.max_compaction_threshold {
            return Err(format!(
                "Min compaction threshold (got {}) cannot be greater than max compaction threshold (got {})",
                o.min_compaction_threshold, o.max_compaction_threshold
            ));
        }
    }
    if o.bloom_filter_fp_chance == Some(0.0) && !rules.zero_bloom_fp_chance_taken {
        return Err("Zero false positives is impossible; bloom filter false positive chance bffpc must be 0 < bffpc <= 1".into());
    }
    validate_2_0_options(o)
}

/// What 0.8 to 1.1's `CFMetaData.validate` refused of the definition
/// `spec` makes (a counter comparator or key validator, a column of the
/// other kind than its family), for a release that ran it where the
/// schema does not (1.0's Thrift update, in `fromThrift`).
pub fn counter_kinds_refusal(spec: &CfSpec) -> Option<String> {
    validate_counter_kinds(&cf_from_spec(spec).ok()?).err()
}

/// 0.8 to 1.1's `CFMetaData.validate`: no counter comparator or key
/// validator, and no column of the other kind than its family.
fn validate_counter_kinds(cf: &CfDef) -> Result<(), String> {
    if cf.comparator.is_counter() {
        return Err("CounterColumnType is not a valid comparator".into());
    }
    if cf.subcomparator.as_ref().is_some_and(|s| s.is_counter()) {
        return Err("CounterColumnType is not a valid sub-column comparator".into());
    }
    if cf.options.key_validation_class.is_counter() {
        return Err("CounterColumnType is not a valid key validator".into());
    }
    validate_counter_columns(cf)
}

/// Every column's validator is a counter exactly when the CF's default is.
fn validate_counter_columns(cf: &CfDef) -> Result<(), String> {
    let o = &cf.options;
    let column_text = |c: &ColumnDef| {
        cf.column_name_comparator(c.component_index)
            .get_string(&c.name)
    };
    let counter = o.default_validation_class.is_counter();
    if let Some(c) = o
        .column_metadata
        .iter()
        .find(|c| c.validation_class.is_counter() != counter)
    {
        return Err(if counter {
            format!(
                "Cannot add a non counter column ({}) in a counter column family",
                column_text(c)
            )
        } else {
            format!(
                "Cannot add a counter column ({}) in a non counter column family",
                column_text(c)
            )
        });
    }
    Ok(())
}

/// No alias names a column; every alias is UTF-8.
fn validate_aliases(o: &CfOptions) -> Result<(), String> {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    for c in &o.column_metadata {
        if let Some(a) = o.key_aliases.iter().find(|a| **a == c.name) {
            return Err(format!(
                "Cannot have key alias equals to a column name: {}",
                text(a)
            ));
        }
        if let Some(a) = o.column_aliases.iter().find(|a| **a == c.name) {
            return Err(format!(
                "Cannot have column alias equals to a column name: {}",
                text(a)
            ));
        }
        if o.value_alias.as_ref() == Some(&c.name) {
            return Err(format!(
                "Cannot have value alias equals to a column name: {}",
                text(&c.name)
            ));
        }
    }
    let utf8 = UTF8Type;
    let is_utf8 = |a: &Vec<u8>| utf8.validate(a).is_ok();
    if !o.key_aliases.iter().all(is_utf8) {
        return Err("Key alias must be UTF8".into());
    }
    if !o.column_aliases.iter().all(is_utf8) {
        return Err("Column alias must be UTF8".into());
    }
    if !o.value_alias.iter().all(is_utf8) {
        return Err("Value alias must be UTF8".into());
    }
    Ok(())
}

/// Each column's name fits its comparator; each index is named, unique
/// among `other_index_names` (unless the release checked a column
/// family's own only) and the CF's own, and its options are valid.
fn validate_columns(
    cf: &CfDef,
    other_index_names: &BTreeSet<String>,
    rules: Rules,
) -> Result<(), String> {
    let o = &cf.options;
    let mut index_names = if rules.index_names_per_cf {
        BTreeSet::new()
    } else {
        other_index_names.clone()
    };
    // 2.0 checked every column's index, its key columns' too.
    for c in &o.key_indexes {
        let name = c.index_name.as_deref().unwrap_or_default();
        if !index_names.insert(name.to_string()) {
            return Err(format!("Duplicate index name {name}"));
        }
    }
    for c in &o.column_metadata {
        let comparator = cf.column_name_comparator(c.component_index);
        if comparator.validate(&c.name).is_err() {
            return Err(format!(
                "Column name {} is not valid for comparator {}",
                hex(&c.name),
                comparator.class_name()
            ));
        }
        let Some(index_type) = c.index_type else {
            if c.index_name.is_some() {
                return Err("Index name cannot be set without index type".into());
            }
            continue;
        };
        if cf.is_super() {
            return Err("Secondary indexes are not supported on super column families".into());
        }
        // 0.7 named no index: one sent unnamed had no name to check.
        if c.index_name.is_none() && rules.update_sets_index_names {
            index_options::validate_column(index_type, c.index_options.as_ref(), rules, false)?;
            continue;
        }
        let name = c.index_name.as_deref().unwrap_or_default();
        if name.is_empty() || !is_word(name) {
            return Err(format!(
                "Illegal index name {}",
                c.index_name.as_deref().unwrap_or("null")
            ));
        }
        if !index_names.insert(name.to_string()) {
            return Err(format!("Duplicate index name {name}"));
        }
        // A collection's validator: `ListType(..)`, `SetType(..)`, `MapType(..)`.
        let class = c.validation_class.class_name();
        let collection = ["ListType(", "SetType(", "MapType("]
            .iter()
            .any(|t| class.starts_with(&format!("org.apache.cassandra.db.marshal.{t}")));
        index_options::validate_column(index_type, c.index_options.as_ref(), rules, collection)?;
    }
    Ok(())
}

/// The fields Cassandra 2.0 added; its rules, since 1.2 never saw them.
/// (A negative default TTL or flush period was CQL 3's to refuse, its
/// `CFPropDefs`: Thrift's CfDef took them until 3.0's `TableParams`.)
fn validate_2_0_options(o: &CfOptions) -> Result<(), String> {
    if o.index_interval.is_some_and(|i| i <= 0) {
        return Err("index_interval must be greater than 0".into());
    }
    // (3.x's own reading of it is checked before, by the Thrift layer.)
    match &o.speculative_retry {
        Some(s) => super::speculative::check_2_0(s),
        None => Ok(()),
    }
}

/// 1.2's default index name: `<cf>_<column as text>_idx` without non-word
/// characters, suffixed `_1`, `_2` ... until it is not in `taken`.
pub(super) fn default_index_name(
    cf: &CfDef,
    column: &ColumnDef,
    taken: &BTreeSet<String>,
) -> String {
    let text = cf
        .column_name_comparator(column.component_index)
        .get_string(&column.name);
    let base: String = format!("{}_{}_idx", cf.name, text)
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let mut name = base.clone();
    let mut i = 0;
    while taken.contains(&name) {
        i += 1;
        name = format!("{base}_{i}");
    }
    name
}

pub(super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
