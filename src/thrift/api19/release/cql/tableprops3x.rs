//! 3.x's judgement of the `WITH` properties of CQL 3's CREATE and ALTER
//! TABLE (`TableAttributes.validate`), where the engine's (2.0's) list and
//! checks were not 3.x's: the names it knew (`option_names`' 3.x
//! vocabulary: no more `index_interval` nor `replicate_on_write`), the kind of value each
//! took (`caching` only as a map), and `TableParams.validate`'s bounds in
//! 3.x's words. Only judges; it must not run anything.

use crate::cql::ast::{Property, PropertyValue};
use crate::cql::option_names::{Vocabulary, TABLE_PARAMS};
use crate::release::Release;
use crate::schema::CfSpec;
use crate::thrift::api19::release::schema::params::{compression_3x, table_params_3x_crc};
use crate::thrift::error::ApiError;
use std::collections::BTreeMap;

/// The options read as a map; the others were read as text.
const MAPS: [&str; 4] = ["caching", "compaction", "compression", "extensions"];

/// The options read as a Java `double` and an `int`.
const DOUBLES: [&str; 4] = [
    "bloom_filter_fp_chance",
    "dclocal_read_repair_chance",
    "read_repair_chance",
    "crc_check_chance",
];
const INTS: [&str; 5] = [
    "default_time_to_live",
    "gc_grace_seconds",
    "max_index_interval",
    "memtable_flush_period_in_ms",
    "min_index_interval",
];

/// The refusal 3.x gave the statement's properties as it read them: an
/// unknown name (the first in the properties' `HashMap` order), then each
/// option in `Option` order read as its kind. `Ok` carries what was read,
/// for [`bounds_refusal`] once the compaction strategy's checks (the
/// caller's) have passed.
pub fn read_refusal(release: &Release, properties: &[Property]) -> Result<Read, ApiError> {
    let vocabulary = Vocabulary::of_release(release.numbers()).unwrap_or(Vocabulary::V30);
    if let Some(name) = vocabulary.first_unknown(properties.iter().map(|p| p.name.as_str())) {
        return Err(ApiError::invalid(format!("Unknown property '{name}'")));
    }
    let value = |name: &str| properties.iter().find(|p| p.name == name).map(|p| &p.value);
    let mut read = Read::default();
    for name in TABLE_PARAMS {
        let Some(v) = value(name) else { continue };
        match v {
            PropertyValue::Simple(_) if MAPS.contains(&name) => {
                return Err(ApiError::invalid(format!(
                    "Invalid value for property '{name}'. It should be a map."
                )))
            }
            PropertyValue::Map(_) if !MAPS.contains(&name) => {
                return Err(ApiError::invalid(format!(
                    "Invalid value for property '{name}'. It should be a string"
                )))
            }
            PropertyValue::Map(entries) => {
                if name == "compaction" && !entries.iter().any(|(k, _)| k == "class") {
                    return Err(ApiError::invalid(
                        "Missing sub-option 'class' for the 'compaction' option".to_string(),
                    ));
                }
                if name == "compression" {
                    read.compression = Some(entries.iter().cloned().collect());
                }
                if name == "caching" {
                    caching_3x(entries)?;
                }
            }
            PropertyValue::Simple(text) => {
                if let Some(crc) = read_simple(name, text, &mut read.spec)? {
                    read.crc_check_chance = Some(crc);
                }
            }
        }
    }
    Ok(read)
}

/// 3.0's `CachingParams.fromMap`: `keys` ALL or NONE, then
/// `rows_per_partition` ALL, NONE or digits (either case), then no other
/// sub-option (named in the `HashMap`'s order), each refused with the
/// value as given.
fn caching_3x(entries: &[(String, String)]) -> Result<(), ApiError> {
    let value = |key: &str| entries.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v);
    let either = |v: &str| v.eq_ignore_ascii_case("ALL") || v.eq_ignore_ascii_case("NONE");
    if let Some(v) = value("keys").filter(|v| !either(v)) {
        return Err(ApiError::invalid(format!(
            "Invalid value '{v}' for caching sub-option 'keys': only 'ALL' and 'NONE' are allowed"
        )));
    }
    let numeric = |v: &str| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit());
    if let Some(v) = value("rows_per_partition").filter(|v| !either(v) && !numeric(v)) {
        return Err(ApiError::invalid(format!(
            "Invalid value '{v}' for caching sub-option 'rows_per_partition': only 'ALL', \
             'NONE', and integer values are allowed"
        )));
    }
    let mut others: Vec<&str> = entries
        .iter()
        .map(|(k, _)| k.as_str())
        .filter(|k| *k != "keys" && *k != "rows_per_partition")
        .collect();
    others.dedup();
    if others.is_empty() {
        return Ok(());
    }
    let bytes: Vec<&[u8]> = others.iter().map(|k| k.as_bytes()).collect();
    let listed: Vec<&str> = crate::schema::javaorder::java_hashmap_order(&bytes)
        .into_iter()
        .map(|i| others[i])
        .collect();
    Err(ApiError::invalid(format!(
        "Invalid caching sub-options [{}]: only 'keys' and 'rows_per_partition' are allowed",
        listed.join(", ")
    )))
}

/// What [`read_refusal`] read of the properties for `TableParams.validate`.
#[derive(Default)]
pub struct Read {
    spec: CfSpec,
    compression: Option<BTreeMap<String, String>>,
    /// The table option of 3.0 on, which no CfSpec holds.
    crc_check_chance: Option<f64>,
}

/// `TableParams.validate` after the compaction's checks: the compression
/// options, then the bounds of what was read over the defaults.
pub fn bounds_refusal(read: &Read) -> Option<ApiError> {
    if let Some(e) = read
        .compression
        .as_ref()
        .and_then(|c| compression_3x(c).err())
    {
        return Some(e);
    }
    table_params_3x_crc(&read.spec, read.crc_check_chance).err()
}

/// `TableAttributes.getDouble` and `getInt` of one option's text, kept in
/// `spec` for `TableParams.validate`; `crc_check_chance`'s returned.
fn read_simple(name: &str, text: &str, spec: &mut CfSpec) -> Result<Option<f64>, ApiError> {
    if DOUBLES.contains(&name) {
        let v: f64 = text
            .trim()
            .parse()
            .map_err(|_| ApiError::invalid(format!("Invalid double value {text} for '{name}'")))?;
        match name {
            "bloom_filter_fp_chance" => spec.bloom_filter_fp_chance = Some(v),
            "dclocal_read_repair_chance" => spec.dclocal_read_repair_chance = Some(v),
            "read_repair_chance" => spec.read_repair_chance = Some(v),
            _ => return Ok(Some(v)),
        }
    } else if INTS.contains(&name) {
        let v: i32 = text
            .parse()
            .map_err(|_| ApiError::invalid(format!("Invalid integer value {text} for '{name}'")))?;
        match name {
            "default_time_to_live" => spec.default_time_to_live = Some(v),
            "gc_grace_seconds" => spec.gc_grace_seconds = Some(v),
            "max_index_interval" => spec.max_index_interval = Some(v),
            "min_index_interval" => spec.min_index_interval = Some(v),
            _ => spec.memtable_flush_period_in_ms = Some(v),
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::{bounds_refusal, read_refusal};
    use crate::cql::ast::Statement;
    use crate::thrift::error::ApiError;

    fn why(version: &str, cql: &str) -> Option<String> {
        let release = crate::release::Release::find(version).unwrap();
        let props = match crate::cql::parse(cql).unwrap().statement {
            Statement::CreateTable(c) => c.properties,
            _ => panic!(),
        };
        let e = match read_refusal(release, &props) {
            Ok(read) => bounds_refusal(&read)?,
            Err(e) => e,
        };
        match e {
            ApiError::InvalidRequest(w) => Some(w),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn names_kinds_and_bounds_as_3_x() {
        let t = "CREATE TABLE t (k int PRIMARY KEY) WITH ";
        assert_eq!(
            why("3.0.24", &format!("{t}index_interval = 256")).unwrap(),
            "Unknown property 'index_interval'"
        );
        assert_eq!(
            why(
                "3.11.10",
                &format!("{t}comment = 'x' AND replicate_on_write = true")
            )
            .unwrap(),
            "Unknown property 'replicate_on_write'"
        );
        assert_eq!(
            why("3.0.24", &format!("{t}caching = 'all'")).unwrap(),
            "Invalid value for property 'caching'. It should be a map."
        );
        assert_eq!(
            why("3.0.24", &format!("{t}gc_grace_seconds = -1")).unwrap(),
            "gc_grace_seconds must be greater than or equal to 0 (got -1)"
        );
        assert_eq!(
            why(
                "3.0.24",
                &format!("{t}compression = {{'sstable_compression': 'LZ4Compressor', 'chunk_length_kb': 3}}")
            )
            .unwrap(),
            "chunk_length_in_kb must be a power of 2"
        );
        assert_eq!(
            why("3.0.24", &format!("{t}compaction = {{'min_threshold': 2}}")).unwrap(),
            "Missing sub-option 'class' for the 'compaction' option"
        );
        assert!(why(
            "3.0.24",
            &format!("{t}min_index_interval = 64 AND max_index_interval = 1024")
        )
        .is_none());
        assert!(why("3.11.10", &format!("{t}cdc = true")).is_none());
        assert_eq!(
            why(
                "3.0.24",
                &format!("{t}read_repair_chance = 0.5 AND crc_check_chance = 2")
            )
            .unwrap(),
            "crc_check_chance must be larger than or equal to 0 and smaller than or equal to 1.0 (got 2.0)"
        );
        assert_eq!(
            why(
                "3.0.24",
                &format!("{t}crc_check_chance = -1 AND read_repair_chance = 3")
            )
            .unwrap(),
            "read_repair_chance must be larger than or equal to 0 and smaller than or equal to 1.0 (got 3.0)"
        );
        assert!(why("3.11.10", &format!("{t}crc_check_chance = 0.5")).is_none());
        assert!(why("3.0.24", &format!("{t}cdc = true")).is_some());
    }

    /// Recorded: 3.0.24 and 3.11.10 (`ordinary19j`'s `j_table_options`).
    #[test]
    fn caching_sub_options_as_3_x_read_them() {
        let t = "CREATE TABLE t (k int PRIMARY KEY) WITH caching = ";
        assert_eq!(
            why("3.0.24", &format!("{t}{{'keys': 'SOME'}}")).unwrap(),
            "Invalid value 'SOME' for caching sub-option 'keys': only 'ALL' and 'NONE' are allowed"
        );
        assert!(why(
            "3.11.10",
            &format!("{t}{{'keys': 'none', 'rows_per_partition': '10'}}")
        )
        .is_none());
        assert!(why("3.0.24", &format!("{t}{{'rows_per_partition': 'x'}}"))
            .unwrap()
            .starts_with("Invalid value 'x' for caching sub-option 'rows_per_partition'"));
        assert_eq!(
            why("3.0.24", &format!("{t}{{'keys': 'ALL', 'foo': '1'}}")).unwrap(),
            "Invalid caching sub-options [foo]: only 'keys' and 'rows_per_partition' are allowed"
        );
    }
}
