//! The `WITH` properties of CQL 3's CREATE and ALTER TABLE as each release
//! took them over Thrift, where the engine's (2.0's list and checks) were
//! not the release's: 1.2's shorter list of properties, 2.2's bound on
//! `bloom_filter_fp_chance`, and 2.1's and 2.2's `caching` text read as a
//! JSON map. Only judges a statement the engine would take; it must not
//! run anything.

use crate::cql::ast::{AlterTableOp, Parsed, Property, PropertyValue, Statement};
use crate::cql::option_names::Vocabulary;
use crate::cql::options::TableOptions;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::Schema;
use crate::thrift::api19::javaargs::java_double;
use crate::thrift::error::ApiError;

/// `BloomCalculations.minSupportedBloomFilterFpChance()`.
const MIN_BLOOM_FP_CHANCE: f64 = 6.71e-05;

/// The table a CREATE or ALTER TABLE ... WITH writes, its properties, and
/// whether it is created; `None` for other statements, or where the
/// engine refuses it before its properties count (no such keyspace, the
/// table already there for a CREATE, missing for an ALTER).
fn written<'p>(
    schema: &Schema,
    keyspace: Option<&str>,
    parsed: &'p Parsed,
) -> Option<(&'p [Property], bool)> {
    let (table, properties, creating) = match &parsed.statement {
        Statement::CreateTable(c) => (&c.table, &c.properties, true),
        Statement::AlterTable {
            table,
            op: AlterTableOp::With(properties),
        } => (table, properties, false),
        _ => return None,
    };
    let ks = table.keyspace.as_deref().or(keyspace)?;
    schema.keyspace(ks)?;
    (schema.cf(ks, &table.name).is_some() != creating).then_some((properties.as_slice(), creating))
}

/// The refusal of the node's release, before the engine judged the
/// properties (1.2: `CFPropDefs.validate`'s unknown property, checked
/// before any value), or after they passed the engine's checks (2.2's
/// `applyToCFMetadata`: the bloom filter chance, then the caching text as
/// 2.1 and 2.2 read it).
pub fn refusal(
    node: &Node,
    schema: &Schema,
    keyspace: Option<&str>,
    parsed: &Parsed,
) -> Option<ApiError> {
    let release = node.release.filter(|r| r.at_least(1, 2))?;
    let (properties, _) = written(schema, keyspace, parsed)?;
    if release.at_least(3, 0) {
        let read = match super::tableprops3x::read_refusal(release, properties) {
            Ok(read) => read,
            Err(e) => return Some(e),
        };
        // The engine's own minimums (`CFPropDefs` words) refuse some of
        // these before any compaction is known: 3.x's bounds speak then.
        let options = TableOptions::from_properties_as(properties, true).ok();
        return options
            .and_then(|options| compaction_refusal_3_x(node, release, &options))
            .or_else(|| super::tableprops3x::bounds_refusal(&read));
    }
    // `CFPropDefs.validate`: a name the release knew neither way first,
    // before any value; the names it ignored go no further.
    let vocabulary = Vocabulary::of_release(release.numbers())?;
    if let Some(unknown) = vocabulary.first_unknown(properties.iter().map(|p| p.name.as_str())) {
        return Some(ApiError::invalid(format!("Unknown property '{unknown}'")));
    }
    let kept = vocabulary.without_ignored(properties);
    let properties = kept.as_slice();
    if !release.at_least(2, 0) {
        return value_kind_refusal_1_2(properties).or_else(|| {
            let options = TableOptions::from_properties_as(properties, false).ok()?;
            compaction_refusal(node, &options, true)
        });
    }
    let maps = release.at_least(2, 1);
    let options = match TableOptions::from_properties_as(properties, maps) {
        Ok(options) => options,
        Err(_) if release.does(Behaviour::CachingRefusalSaysValue) => {
            return caching_refusal_2_2(properties)
        }
        Err(_) => return None,
    };
    // `CFPropDefs.validate`: the compaction map, then the compression one.
    if let Some(e) = compaction_refusal(node, &options, true) {
        return Some(e);
    }
    // 2.0's `CFPropDefs.validate`: a compression map names its class.
    if options
        .compression
        .as_ref()
        .is_some_and(|c| !c.is_empty() && !c.contains_key("sstable_compression"))
    {
        return Some(ApiError::invalid(
            "Missing sub-option 'sstable_compression' for the 'compression' option.".to_string(),
        ));
    }
    if release.at_least(2, 2) {
        let chance = options.bloom_filter_fp_chance;
        if let Some(v) = chance.filter(|&v| v <= MIN_BLOOM_FP_CHANCE || v > 1.0) {
            return Some(ApiError::invalid(format!(
                "bloom_filter_fp_chance must be larger than {} and less than or equal to 1.0 \
                 (got {})",
                java_double(MIN_BLOOM_FP_CHANCE),
                java_double(v)
            )));
        }
    }
    (release.does(Behaviour::CachingWordReadAsJson) && caching_fails(properties)).then(|| {
        ApiError::Dropped(
            "caching: not a JSON map, which the release's server failed on".to_string(),
        )
    })
}

/// The refusal of the statement's `compaction` map by its strategy's
/// checks (`unread_checked`: the options it left unread too); a map
/// without a class is the engine's to refuse.
fn compaction_refusal(
    node: &Node,
    options: &TableOptions,
    unread_checked: bool,
) -> Option<ApiError> {
    let map = options.compaction.as_ref()?;
    let class = map.get("class")?;
    let mut rest = map.clone();
    rest.remove("class");
    crate::schema::compaction_statement_refusal(class, &rest, node.schema_rules(), unread_checked)
        .map(ApiError::invalid)
}

/// 3.x's `CompactionParams.validate` of a statement's `compaction` map:
/// the strategy's value checks, then the options it did not understand
/// and the thresholds (as of a CfDef's, [`super::super::v3x::compaction`]).
fn compaction_refusal_3_x(
    node: &Node,
    release: &crate::release::Release,
    options: &TableOptions,
) -> Option<ApiError> {
    if let Some(e) = compaction_refusal(node, options, false) {
        return Some(e);
    }
    let map = options.compaction.as_ref()?;
    let mut spec = crate::schema::CfSpec {
        compaction_strategy: Some(map.get("class")?.clone()),
        compaction_strategy_options: Some(map.clone()),
        ..crate::schema::CfSpec::default()
    };
    if let Some(o) = spec.compaction_strategy_options.as_mut() {
        o.remove("class");
    }
    super::super::v3x::compaction::check(Some(release), &mut spec).err()
}

/// 1.2's `PropertyDefinitions.getSimple` and `getMap` of a value of the
/// other kind (a map where a string was read, or the reverse), refused
/// before the statement's other checks.
fn value_kind_refusal_1_2(properties: &[Property]) -> Option<ApiError> {
    match TableOptions::from_properties_as(properties, false) {
        Err(crate::cql::CqlError::Invalid(m)) => {
            super::cql3::bare_property_words(&m).map(ApiError::InvalidRequest)
        }
        _ => None,
    }
}

/// 2.2's refusal of a `caching` map (`CachingOptions.validateCacheConfig`,
/// its entries in turn), which ended with the value (upper-cased) or the
/// key it refused; `None` when the map is not what the engine refused.
fn caching_refusal_2_2(properties: &[Property]) -> Option<ApiError> {
    let entries = properties.iter().find_map(|p| match &p.value {
        PropertyValue::Map(entries) if p.name == "caching" => Some(entries),
        _ => None,
    })?;
    entries.iter().find_map(|(key, value)| {
        let value = value.to_uppercase();
        let said = match key.as_str() {
            "keys" if value != "ALL" && value != "NONE" => {
                format!("'keys' can only have values 'ALL' or 'NONE', but was '{value}'")
            }
            "rows_per_partition"
                if value != "ALL"
                    && value != "NONE"
                    && (value.is_empty() || !value.chars().all(|c| c.is_ascii_digit())) =>
            {
                format!(
                    "'rows_per_partition' can only have values 'ALL', 'NONE' or be numeric, \
                     but was '{value}'."
                )
            }
            "keys" | "rows_per_partition" => return None,
            _ => format!(
                "Only supported CachingOptions parameters are 'keys' and 'rows_per_partition', \
                 but was '{key}'"
            ),
        };
        Some(ApiError::invalid(said))
    })
}

/// Whether 2.1's and 2.2's `CachingOptions.fromString` failed on the
/// server over a `caching` text: anything but the legacy names (`ALL`,
/// `KEYS_ONLY`, `ROWS_ONLY`, `NONE`) was read as a JSON map, and
/// `FBUtilities.fromJsonMap` threw an unchecked exception for text that
/// was not one (the connection closed).
fn caching_fails(properties: &[Property]) -> bool {
    properties.iter().any(|p| {
        p.name == "caching"
            && matches!(&p.value, PropertyValue::Simple(text)
                if !["ALL", "KEYS_ONLY", "ROWS_ONLY", "NONE"]
                    .contains(&text.to_uppercase().as_str())
                    && serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(text)
                        .is_err())
    })
}

#[cfg(test)]
mod tests {
    use super::caching_fails;
    use crate::cql::ast::Statement;

    fn props(cql: &str) -> Vec<crate::cql::ast::Property> {
        match crate::cql::parse(cql).unwrap().statement {
            Statement::AlterTable {
                op: crate::cql::ast::AlterTableOp::With(p),
                ..
            } => p,
            _ => panic!(),
        }
    }

    #[test]
    fn only_text_neither_legacy_nor_json_fails() {
        assert!(caching_fails(&props(
            "ALTER TABLE t WITH caching = 'sometimes'"
        )));
        assert!(!caching_fails(&props(
            "ALTER TABLE t WITH caching = 'keys_only'"
        )));
        assert!(!caching_fails(&props(
            "ALTER TABLE t WITH caching = '{\"keys\":\"ALL\"}'"
        )));
        assert!(!caching_fails(&props(
            "ALTER TABLE t WITH caching = {'keys': 'ALL'}"
        )));
    }
}
