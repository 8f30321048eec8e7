//! A CfDef's table parameters as 2.1 on read them before the schema judged
//! the change (the schema words its own refusals as 1.2 did):
//!
//! - 2.1 and 2.2 (`CachingOptions.fromThrift`): a caching word other than
//!   the legacy four was read as a JSON map (`FBUtilities.fromJsonMap`,
//!   whose parse failure became a `RuntimeException` the call did not
//!   catch: the connection closed), its entries checked
//!   (`validateCacheConfig`), then taken as the legacy word it amounts to;
//!   a row cache's `cells_per_row_to_cache` not `none`, `all` or an `int`
//!   failed the same way (`Integer.parseInt`).
//! - 3.x (`ThriftConversion.internalFromThrift`, then `CFMetaData.validate`):
//!   caching (`Invalid value X for caching parameter`), speculative retry
//!   (`SpeculativeRetryParam.fromString`), compression
//!   (`CompressionParams.fromMap`: the class sub-option, `enabled`, the
//!   chunk length's words as `chunk_length_in_kb`), then
//!   `TableParams.validate`'s ranges in its order and words.
//!
//! - 2.0 on: an update changing the column family's type
//!   ([`check_type_change`]); 2.2's words for the schema's refusal of one
//!   ([`type_refusal`]).
//! - 1.2 to 2.2: a COMPOSITES index without options
//!   ([`check_index_options`]).
//!
//! It must not apply the change.

use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::CfSpec;
use crate::thrift::api19::javaargs::java_double;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;
use std::collections::BTreeMap;

/// The legacy caching words (any case).
const LEGACY: [&str; 4] = ["ALL", "NONE", "KEYS_ONLY", "ROWS_ONLY"];

/// Checks `spec`'s parameters as the node's release did; 2.1 and 2.2 also
/// take a JSON caching map as the legacy word it amounts to.
pub fn check(node: &Node, spec: &mut CfSpec) -> Result<(), ApiError> {
    let does = |b| node.release.is_some_and(|r| r.does(b));
    if does(Behaviour::CachingWordReadAsJson) {
        let said = does(Behaviour::CachingRefusalSaysValue);
        caching_2_1(spec, said)?;
    }
    if does(Behaviour::IndexIntervalsChecked) {
        index_intervals_2_1(spec)?;
    }
    if does(Behaviour::TableParamsOf3x) {
        caching_3x(spec)?;
        // SpeculativeRetryParam.fromString, between caching and compression.
        if let Some(retry) = &spec.speculative_retry {
            crate::schema::speculative::check_3_0(retry).map_err(invalid)?;
        }
        if let Some(options) = &spec.compression_options {
            compression_3x(options)?;
        }
        table_params_3x(spec)?;
    }
    Ok(())
}

/// An update changing the column family's type: from 2.0 its rebuild of
/// the old definition's CQL columns under the other type failed on the
/// server, save (2.0 to 2.2) for a sparse one, which carried none the
/// rebuild could not place (the schema refuses it otherwise, as 1.2:
/// `types do not match.`).
pub fn check_type_change(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::TypeChangeUpdateFails))
    {
        return Ok(());
    }
    let Some(old) = node.schema().cf(&def.keyspace, &def.name).cloned() else {
        return Ok(());
    };
    let sup = def.column_type.as_deref() == Some("Super");
    // A sparse one carried no clustering column or compact value over: the
    // schema refuses the change (2.0 to 2.2).
    let carried_key_only = node
        .release
        .is_some_and(|r| r.does(Behaviour::SparseTypeChangeRefused))
        && super::cellnames::simple_sparse(&old);
    if sup != old.is_super() && !carried_key_only {
        return Err(ApiError::Dropped(format!(
            "update of {} changing its type: the rebuild of its columns failed",
            def.name
        )));
    }
    Ok(())
}

/// The schema's refusal of a type change (`types do not match.`, 1.2's
/// words) in 2.2's: `Column family types do not match (found Super;
/// expected Standard).`, the update's type, then the column family's.
pub fn type_refusal(node: &Node, def: &t::CfDef, e: ApiError) -> ApiError {
    let names = node
        .release
        .is_some_and(|r| r.does(Behaviour::TypeRefusalNamesTypes));
    if !names || !matches!(&e, ApiError::InvalidRequest(why) if why == "types do not match.") {
        return e;
    }
    let Some(old) = node.schema().cf(&def.keyspace, &def.name).cloned() else {
        return e;
    };
    let kind = |sup: bool| if sup { "Super" } else { "Standard" };
    let found = kind(def.column_type.as_deref() == Some("Super"));
    ApiError::InvalidRequest(format!(
        "Column family types do not match (found {found}; expected {}).",
        kind(old.is_super())
    ))
}

/// A COMPOSITES index whose ColumnDef carries no options: 1.2 to 2.2's
/// `CompositesIndex.validateOptions` (from `CFMetaData.validate`) read the
/// null map (1.2: `getIndexOptions().get`, 2.x: `new HashMap<>(...)`), so
/// the call failed on the server and the connection closed, nothing
/// changed. An empty map is the schema's to judge.
pub fn check_index_options(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::NullCompositesOptionsFail))
    {
        return Ok(());
    }
    let columns = def.column_metadata.iter().flatten();
    match columns
        .filter(|c| c.index_type == Some(t::IndexType::COMPOSITES))
        .find(|c| c.index_options.is_none())
    {
        Some(_) => Err(ApiError::Dropped(format!(
            "a COMPOSITES index of {} without options: its options read as null",
            def.name
        ))),
        None => Ok(()),
    }
}

fn invalid(why: String) -> ApiError {
    ApiError::invalid(why)
}

/// 2.1's `RowCache.fromString` of a row cache's cells.
fn rows_2_1(text: &str) -> Result<(), ApiError> {
    let known = text.eq_ignore_ascii_case("none") || text.eq_ignore_ascii_case("all");
    if known || text.parse::<i32>().is_ok() {
        return Ok(());
    }
    Err(ApiError::Dropped(format!(
        "NumberFormatException: For input string: \"{text}\""
    )))
}

/// commons-lang3's `StringUtils.isNumeric`: digits only, not empty.
fn numeric(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_numeric())
}

/// 2.1 and 2.2's caching: a legacy word, else a JSON map (`said`: 2.2's
/// refusals end with what they refused).
fn caching_2_1(spec: &mut CfSpec, said: bool) -> Result<(), ApiError> {
    let Some(word) = spec.caching.clone() else {
        return Ok(());
    };
    let upper = word.to_uppercase();
    let (keys, rows) = if LEGACY.contains(&upper.as_str()) {
        (
            upper == "ALL" || upper == "KEYS_ONLY",
            upper == "ALL" || upper == "ROWS_ONLY",
        )
    } else {
        let map = json_map(&word)?;
        for (key, value) in &map {
            let value = value.to_uppercase();
            let but = |what: &str, end: &str| match said {
                true => format!(", but was '{what}'{end}"),
                false => end.to_string(),
            };
            match key.as_str() {
                "keys" if value != "ALL" && value != "NONE" => {
                    return Err(invalid(format!(
                        "'keys' can only have values 'ALL' or 'NONE'{}",
                        but(&value, "")
                    )));
                }
                "rows_per_partition" if value != "ALL" && value != "NONE" && !numeric(&value) => {
                    let end = but(&value, ".");
                    return Err(invalid(format!(
                        "'rows_per_partition' can only have values 'ALL', 'NONE' or be numeric{end}"
                    )));
                }
                "keys" | "rows_per_partition" => {}
                _ => {
                    return Err(invalid(format!(
                        "Only supported CachingOptions parameters are 'keys' and \
                         'rows_per_partition'{}",
                        but(key, "")
                    )))
                }
            }
        }
        // fromMap: without `keys` no key cache; without rows, KEYS_ONLY.
        let rows = map.get("rows_per_partition");
        let keys = match (map.get("keys"), rows) {
            (None, None) => false,
            (None, Some(_)) => false,
            (Some(_), None) => true,
            (Some(k), Some(_)) => k.eq_ignore_ascii_case("ALL"),
        };
        // A row cache's size is the CfDef's cells per row (the IDL's 100
        // where unsent), checked below.
        let rows = rows.is_some_and(|r| !r.eq_ignore_ascii_case("none"));
        (keys, rows)
    };
    let legacy = match (keys, rows) {
        (true, true) => "ALL",
        (true, false) => "KEYS_ONLY",
        (false, true) => "ROWS_ONLY",
        (false, false) => "NONE",
    };
    if rows {
        if let Some(cells) = &spec.cells_per_row_to_cache {
            rows_2_1(cells)?;
        }
    }
    spec.caching = Some(legacy.to_string());
    Ok(())
}

/// Jackson's `readValue(json, Map.class)` into `Map<String, String>`: not
/// a JSON object, or a value not a string (its later `toUpperCase` cast
/// failed), fails on the server.
fn json_map(text: &str) -> Result<BTreeMap<String, String>, ApiError> {
    let failed = || ApiError::Dropped(format!("caching {text:?} is not a JSON map of strings"));
    let value: serde_json::Value = serde_json::from_str(text).map_err(|_| failed())?;
    let serde_json::Value::Object(entries) = value else {
        return Err(failed());
    };
    entries
        .into_iter()
        .map(|(k, v)| match v {
            serde_json::Value::String(s) => Ok((k, s)),
            _ => Err(failed()),
        })
        .collect()
}

/// The index intervals a CfDef made (`CFMetaData.fromThrift`: the minimum
/// from `index_interval` where unset, else 128; the maximum at least the
/// minimum, else 2048).
fn index_intervals(spec: &CfSpec) -> (i32, i32) {
    let min = spec
        .min_index_interval
        .or(spec.index_interval)
        .unwrap_or(128);
    (min, spec.max_index_interval.unwrap_or(min.max(2048)))
}

/// 2.1 and 2.2's `validateIndexIntervalThresholds`.
fn index_intervals_2_1(spec: &CfSpec) -> Result<(), ApiError> {
    let (min, max) = index_intervals(spec);
    if min <= 0 {
        return Err(invalid(format!(
            "Min index interval must be greater than 0 (got {min})."
        )));
    }
    if max < min {
        return Err(invalid(format!(
            "Max index interval ({max}) must be greater than the min index interval ({min})."
        )));
    }
    Ok(())
}

/// 3.x's `cachingFromThrift`: a legacy word, then a row cache's cells
/// (`ALL` or an `int`, else `Integer.parseInt` failed the call).
fn caching_3x(spec: &CfSpec) -> Result<(), ApiError> {
    let Some(word) = &spec.caching else {
        return Ok(());
    };
    let upper = word.to_uppercase();
    if !LEGACY.contains(&upper.as_str()) {
        return Err(invalid(format!(
            "Invalid value {word} for caching parameter"
        )));
    }
    let rows = upper == "ALL" || upper == "ROWS_ONLY";
    match &spec.cells_per_row_to_cache {
        Some(cells) if rows && cells != "ALL" && cells.parse::<i32>().is_err() => {
            Err(ApiError::Dropped(format!(
                "NumberFormatException: For input string: \"{cells}\""
            )))
        }
        _ => Ok(()),
    }
}

/// 3.x's `CompressionParams.fromMap` and `validate` of a CfDef's options
/// (the compressor's class is the schema's to judge).
pub(in crate::thrift::api19) fn compression_3x(
    options: &BTreeMap<String, String>,
) -> Result<(), ApiError> {
    const CLASS: &str = "class";
    const OLD_CLASS: &str = "sstable_compression";
    const IN_KB: &str = "chunk_length_in_kb";
    const KB: &str = "chunk_length_kb";
    let enabled = options
        .get("enabled")
        .is_none_or(|e| e.eq_ignore_ascii_case("true"));
    let has_class = options.contains_key(CLASS) || options.contains_key(OLD_CLASS);
    if !options.is_empty() && enabled && !has_class {
        return Err(invalid(format!(
            "Missing sub-option '{CLASS}' for the 'compression' option."
        )));
    }
    if !enabled {
        if options.len() > 1 {
            return Err(invalid(
                "If the 'enabled' option is set to false no other options must be specified".into(),
            ));
        }
        return Ok(());
    }
    if options.contains_key(CLASS) {
        if options.contains_key(OLD_CLASS) {
            return Err(invalid(format!(
                "The '{OLD_CLASS}' option must not be used if the compression algorithm is \
                 already specified by the '{CLASS}' option"
            )));
        }
        if options[CLASS].is_empty() {
            return Err(invalid(format!(
                "The '{CLASS}' option must not be empty. To disable compression use 'enabled' \
                 : false"
            )));
        }
    }
    let chunk = match (options.get(IN_KB), options.get(KB)) {
        (Some(_), Some(_)) => {
            return Err(invalid(format!(
                "The '{KB}' option must not be used if the chunk length is already specified \
                 by the '{IN_KB}' option"
            )))
        }
        (Some(v), None) | (None, Some(v)) => v,
        (None, None) => return Ok(()),
    };
    let kb: i32 = chunk
        .parse()
        .map_err(|_| invalid(format!("Invalid value for {IN_KB}")))?;
    if kb > i32::MAX / 1024 {
        return Err(invalid(format!("Value of {IN_KB} is too large ({kb})")));
    }
    let bytes = kb * 1024;
    if bytes <= 0 {
        return Err(invalid(format!("Invalid negative or null {IN_KB}")));
    }
    if bytes.count_ones() != 1 {
        return Err(invalid(format!("{IN_KB} must be a power of 2")));
    }
    Ok(())
}

/// `BloomCalculations.minSupportedBloomFilterFpChance()`: the last of its
/// table (20 buckets, 14 hashes).
const MIN_BLOOM_FP_CHANCE: f64 = 6.71e-05;

/// `Attributes.MAX_TTL`: twenty years.
const MAX_TTL: i32 = 630_720_000;

/// 3.x's `TableParams.validate` of what the CfDef set (its defaults pass).
pub(in crate::thrift::api19) fn table_params_3x(spec: &CfSpec) -> Result<(), ApiError> {
    table_params_3x_crc(spec, None)
}

/// [`table_params_3x`] of a CQL statement that also gave 3.x's table
/// option `crc_check_chance`, checked after the read repair chances.
pub(in crate::thrift::api19) fn table_params_3x_crc(
    spec: &CfSpec,
    crc_check_chance: Option<f64>,
) -> Result<(), ApiError> {
    let chance = |name: &str, v: Option<f64>| match v {
        Some(v) if !(0.0..=1.0).contains(&v) => Err(invalid(format!(
            "{name} must be larger than or equal to 0 and smaller than or equal to 1.0 (got {})",
            java_double(v)
        ))),
        _ => Ok(()),
    };
    if let Some(v) = spec.bloom_filter_fp_chance {
        if v <= MIN_BLOOM_FP_CHANCE || v > 1.0 {
            return Err(invalid(format!(
                "bloom_filter_fp_chance must be larger than {} and less than or equal to 1.0 \
                 (got {})",
                java_double(MIN_BLOOM_FP_CHANCE),
                java_double(v)
            )));
        }
    }
    chance(
        "dclocal_read_repair_chance",
        spec.dclocal_read_repair_chance,
    )?;
    chance("read_repair_chance", spec.read_repair_chance)?;
    chance("crc_check_chance", crc_check_chance)?;
    let at_least_0 = |name: &str, v: Option<i32>| match v {
        Some(v) if v < 0 => Err(invalid(format!(
            "{name} must be greater than or equal to 0 (got {v})"
        ))),
        _ => Ok(()),
    };
    at_least_0("default_time_to_live", spec.default_time_to_live)?;
    if let Some(ttl) = spec.default_time_to_live.filter(|t| *t > MAX_TTL) {
        return Err(invalid(format!(
            "default_time_to_live must be less than or equal to {MAX_TTL} (got {ttl})"
        )));
    }
    at_least_0("gc_grace_seconds", spec.gc_grace_seconds)?;
    // (applyImplicitDefaults, as 2.1's fromThrift.)
    let (min, max) = index_intervals(spec);
    if min < 1 {
        return Err(invalid(format!(
            "min_index_interval must be greater than or equal to 1 (got {min})"
        )));
    }
    if max < min {
        return Err(invalid(format!(
            "max_index_interval must be greater than or equal to min_index_interval ({min}) \
             (got {max})"
        )));
    }
    at_least_0(
        "memtable_flush_period_in_ms",
        spec.memtable_flush_period_in_ms,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec() -> CfSpec {
        CfSpec {
            keyspace: "ks".into(),
            name: "cf".into(),
            ..Default::default()
        }
    }

    fn why(r: Result<(), ApiError>) -> String {
        match r {
            Err(ApiError::InvalidRequest(why)) => why,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn json_caching_of_2_1_amounts_to_a_legacy_word() {
        let mut s = spec();
        s.caching = Some(r#"{"keys":"ALL","rows_per_partition":"10"}"#.into());
        caching_2_1(&mut s, false).unwrap();
        assert_eq!(s.caching.as_deref(), Some("ALL"));
        s.caching = Some(r#"{"keys":"SOME"}"#.into());
        assert_eq!(
            why(caching_2_1(&mut s, false)),
            "'keys' can only have values 'ALL' or 'NONE'"
        );
        for word in ["sometimes", "", r#"{"keys":1}"#, "[1]"] {
            s.caching = Some(word.into());
            assert!(
                matches!(caching_2_1(&mut s, false), Err(ApiError::Dropped(_))),
                "{word}"
            );
        }
        s.caching = Some(r#"{"rows_per_partition":"x"}"#.into());
        assert_eq!(
            why(caching_2_1(&mut s, true)),
            "'rows_per_partition' can only have values 'ALL', 'NONE' or be numeric, but was 'X'."
        );
        s.caching = Some("keys_only".into());
        caching_2_1(&mut s, false).unwrap();
        assert_eq!(s.caching.as_deref(), Some("KEYS_ONLY"));
    }

    #[test]
    fn table_params_of_3x_in_its_words() {
        let mut s = spec();
        s.read_repair_chance = Some(2.0);
        assert_eq!(
            why(table_params_3x(&s)),
            "read_repair_chance must be larger than or equal to 0 and smaller than or equal to \
             1.0 (got 2.0)"
        );
        let mut s = spec();
        s.bloom_filter_fp_chance = Some(0.0);
        assert_eq!(
            why(table_params_3x(&s)),
            "bloom_filter_fp_chance must be larger than 6.71E-5 and less than or equal to 1.0 \
             (got 0.0)"
        );
        let mut s = spec();
        s.min_index_interval = Some(256);
        s.max_index_interval = Some(64);
        assert_eq!(
            why(table_params_3x(&s)),
            "max_index_interval must be greater than or equal to min_index_interval (256) \
             (got 64)"
        );
        s.caching = Some("sometimes".into());
        assert_eq!(
            why(caching_3x(&s)),
            "Invalid value sometimes for caching parameter"
        );
    }

    #[test]
    fn compression_of_3x_in_its_words() {
        let opts = |kv: &[(&str, &str)]| {
            kv.iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect::<BTreeMap<_, _>>()
        };
        let snappy = |kb: &str| {
            opts(&[
                ("sstable_compression", "SnappyCompressor"),
                ("chunk_length_kb", kb),
            ])
        };
        assert_eq!(
            why(compression_3x(&opts(&[("chunk_length_kb", "64")]))),
            "Missing sub-option 'class' for the 'compression' option."
        );
        assert_eq!(
            why(compression_3x(&snappy("3"))),
            "chunk_length_in_kb must be a power of 2"
        );
        assert_eq!(
            why(compression_3x(&snappy("0"))),
            "Invalid negative or null chunk_length_in_kb"
        );
        assert_eq!(
            why(compression_3x(&snappy("x"))),
            "Invalid value for chunk_length_in_kb"
        );
        assert!(compression_3x(&snappy("64")).is_ok());
        assert!(compression_3x(&opts(&[])).is_ok());
    }
}
