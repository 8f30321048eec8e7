//! The cache and memtable settings a CfDef carried in 0.7 to 1.0: kept as
//! given where the release's IDL declared them (the row cache provider
//! checked), every later release ignored them, so they are dropped without
//! a release too; 0.7 and 0.8 refused a memtable threshold not above 0, and
//! 1.0's update failed on the server for a provider it could not load. It
//! must not apply the change.

use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::schema::{CfSpec, OldCacheSettings};
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// The package a bare row cache provider name was looked up in.
const CACHE_PACKAGE: &str = "org.apache.cassandra.cache.";

/// The row cache providers 0.8 and 1.0 shipped.
const CACHE_PROVIDERS: [&str; 2] = [
    "org.apache.cassandra.cache.ConcurrentLinkedHashCacheProvider",
    "org.apache.cassandra.cache.SerializingCacheProvider",
];

/// Keeps the cache settings of the spec where the release's CfDef had
/// them (0.7 to 1.0; the provider from 0.8, the keys to save from 1.0)
/// and drops them otherwise. An unknown provider is refused.
pub fn old_cache(node: &Node, spec: &mut CfSpec) -> Result<(), ApiError> {
    let Some(release) = node.release.filter(|r| !r.at_least(1, 1)) else {
        spec.old_cache = OldCacheSettings::default();
        return Ok(());
    };
    let cache = &mut spec.old_cache;
    if !declares(release, "row_cache_provider") {
        cache.row_cache_provider = None;
    }
    if !declares(release, "row_cache_keys_to_save") {
        cache.row_cache_keys_to_save = None;
    }
    if !declares(release, "merge_shards_chance") {
        cache.merge_shards_chance = None;
    }
    // 1.0 dropped the memtable thresholds (1.1 declared them again, unused);
    // 0.7 refused one not above 0 (`validateMemtableSettings`).
    if !declares(release, "memtable_throughput_in_mb") {
        cache.memtable_flush_after_mins = None;
        cache.memtable_throughput_in_mb = None;
        cache.memtable_operations_in_millions = None;
    }
    // (0.8 checked them as it checked the thresholds: `check_sent_memtables`.)
    if release.series() == (0, 7) {
        check_memtable_thresholds(cache)?;
    }
    if let Some(provider) = &mut cache.row_cache_provider {
        *provider = full_provider(provider);
        if !CACHE_PROVIDERS.contains(&provider.as_str()) {
            return Err(ApiError::invalid(format!(
                "Unable to find row cache provider class '{provider}'"
            )));
        }
    }
    Ok(())
}

/// An update's row cache provider and compaction strategy as 1.0 made
/// them, before comparing the update's id: one it could not load failed
/// the call on the server (`Behaviour::UpdateConversionFailsInternally`).
pub fn check_update_conversion(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::UpdateConversionFailsInternally))
    {
        return Ok(());
    }
    if let Some(provider) = def.row_cache_provider.as_deref().map(full_provider) {
        if !CACHE_PROVIDERS.contains(&provider.as_str()) {
            return Err(ApiError::Internal(format!(
                "Unable to find row cache provider class '{provider}'"
            )));
        }
    }
    match def.compaction_strategy.as_deref() {
        Some(strategy) => crate::schema::resolve_compaction_strategy(strategy)
            .map(|_| ())
            .map_err(ApiError::Internal),
        None => Ok(()),
    }
}

/// A row cache provider's class name, a bare one in the package it was
/// looked up in.
fn full_provider(name: &str) -> String {
    match name.contains('.') {
        true => name.to_string(),
        false => format!("{CACHE_PACKAGE}{name}"),
    }
}

/// The memtable thresholds a CfDef sent, as 0.8 checked them
/// (`Behaviour::MemtableSettingsChecked08`).
pub(super) fn check_sent_memtables(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::MemtableSettingsChecked08))
    {
        return Ok(());
    }
    check_memtable_thresholds(&OldCacheSettings {
        memtable_flush_after_mins: def.memtable_flush_after_mins,
        memtable_throughput_in_mb: def.memtable_throughput_in_mb,
        memtable_operations_in_millions: def.memtable_operations_in_millions.map(|o| o.0),
        ..OldCacheSettings::default()
    })
}

fn check_memtable_thresholds(cache: &OldCacheSettings) -> Result<(), ApiError> {
    if cache.memtable_flush_after_mins.is_some_and(|m| m <= 0) {
        return Err(ApiError::invalid(
            "memtable_flush_after_mins must be greater than 0.",
        ));
    }
    if cache.memtable_throughput_in_mb.is_some_and(|m| m <= 0) {
        return Err(ApiError::invalid(
            "memtable_throughput_in_mb must be greater than 0.",
        ));
    }
    if cache
        .memtable_operations_in_millions
        .is_some_and(|m| m <= 0.0)
    {
        return Err(ApiError::invalid(
            "memtable_operations_in_millions must be greater than 0.0.",
        ));
    }
    Ok(())
}

fn declares(release: &Release, field: &str) -> bool {
    release.has_field("CfDef", field)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes::as_release as node_as;

    #[test]
    fn the_cache_settings_are_kept_before_1_1() {
        let given = OldCacheSettings {
            row_cache_size: Some(0.5),
            row_cache_provider: Some("SerializingCacheProvider".into()),
            row_cache_keys_to_save: Some(10),
            ..OldCacheSettings::default()
        };
        let kept = |version: &str| {
            let mut spec = CfSpec::new("ks", "cf");
            spec.old_cache = given.clone();
            old_cache(&node_as(version), &mut spec).map(|()| spec.old_cache)
        };
        let full = "org.apache.cassandra.cache.SerializingCacheProvider";
        let v10 = kept("1.0.12").unwrap();
        assert_eq!(v10.row_cache_provider.as_deref(), Some(full));
        assert_eq!(v10.row_cache_keys_to_save, Some(10));
        let v08 = kept("0.8.10").unwrap();
        assert_eq!(
            (v08.row_cache_size, v08.row_cache_keys_to_save),
            (Some(0.5), None)
        );
        assert_eq!(kept("0.7.10").unwrap().row_cache_provider, None);
        assert!(kept("1.1.12").unwrap().is_empty());
        let mut spec = CfSpec::new("ks", "cf");
        spec.old_cache = given;
        spec.old_cache.row_cache_provider = Some("NoSuchProvider".into());
        assert!(matches!(
            old_cache(&node_as("0.8.10"), &mut spec),
            Err(ApiError::InvalidRequest(w))
                if w == "Unable to find row cache provider class 'org.apache.cassandra.cache.NoSuchProvider'"
        ));
    }
}
