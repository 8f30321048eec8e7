//! The 19.x schema calls (`system_add_keyspace` ... `system_drop_column_family`).
//!
//! Each call becomes a [`SchemaChange`] with the release's CfDef defaults,
//! validated by `Schema::apply` with the release's messages and applied by
//! [`Node::change_schema`] (persisted, then handed to the one engine); the
//! release's checks before and after a change are `release::schema`'s. It
//! must not describe definitions (that is [`super::describe`]'s).

use super::defs::{cf_spec, ks_spec};
use super::release;
use super::release::schema::{cfdefs, failures, oldcache};
use crate::node::Node;
use crate::schema::{CfSpec, SchemaChange};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;

/// Validates a schema call as 1.2 did and applies it; returns the new
/// schema version, as 1.2's schema calls did.
fn schema_change(node: &Node, change: SchemaChange) -> ApiResult<String> {
    node.change_schema(change).map_err(ApiError::from)
}

/// A keyspace's spec with the release's CfDef defaults in its column families.
fn keyspace_spec(node: &Node, def: &t::KsDef) -> ApiResult<crate::schema::KeyspaceSpec> {
    let mut spec = ks_spec(def);
    super::release::v07::read_replication_factor(node, &mut spec);
    for (cf, cf_def) in spec.cf_defs.iter_mut().zip(&def.cf_defs) {
        release::schema::indexnames::check_added(node, cf_def)?;
        cfdefs::check_shape(node, cf_def)?;
        cfdefs::check_column_names(node, cf_def)?;
        cfdefs::check_compaction_thresholds(node, cf_def, false)?;
        release::apply_cf_defaults(node, cf);
        release::v3x::compaction::check(node.release, cf)?;
        oldcache::old_cache(node, cf)?;
        cfdefs::check_compressor(node, cf_def, false)?;
        release::schema::params::check(node, cf)?;
        release::schema::params::check_index_options(node, cf_def)?;
    }
    Ok(spec)
}

/// A column family's spec with the release's CfDef defaults (the types
/// the release lacked refused).
fn column_family_spec(node: &Node, def: &t::CfDef, update: bool) -> ApiResult<CfSpec> {
    if !update {
        release::schema::indexnames::check_added(node, def)?;
    }
    cfdefs::check_shape(node, def)?;
    cfdefs::check_column_names(node, def)?;
    if update {
        release::v3x::super_update_fails(node, def)?;
    }
    cfdefs::check_compaction_thresholds(node, def, update)?;
    let mut spec = cf_spec(def);
    release::apply_cf_defaults(node, &mut spec);
    release::v3x::compaction::check(node.release, &mut spec)?;
    oldcache::old_cache(node, &mut spec)?;
    cfdefs::check_compressor(node, def, update)?;
    release::schema::params::check(node, &mut spec)?;
    release::schema::params::check_index_options(node, def)?;
    Ok(spec)
}

pub fn add_keyspace(node: &Node, def: &t::KsDef) -> ApiResult<String> {
    let mut spec = keyspace_spec(node, def)?;
    let asked = spec.clone();
    let plain = plain_index_failure(node, &mut spec)?;
    let unmade = spec.clone();
    let failed = plain
        .clone()
        .or_else(|| release::schema::unmade::fails_keyspace(node.release, &mut spec));
    let version = schema_change(node, SchemaChange::AddKeyspace(spec.clone())).map_err(|e| {
        let cfs: Vec<&t::CfDef> = def.cf_defs.iter().collect();
        let e = release::v3x::index_refusal(node.release, &cfs, e);
        let e = release::schema::strategyctor::refusal(node, e);
        release::schema::customindex::refusal(node, e)
    })?;
    if plain.is_some() {
        release::schema::plainindex::note_failure(node, &def.name);
        release::schema::plainindex::note_unmade(node, asked, &spec);
    } else if failed.is_some() {
        release::schema::unmade::note(node, unmade, &spec);
    }
    match failed {
        Some(cf) => Err(ApiError::Dropped(format!(
            "the release failed to open the index of {cf}"
        ))),
        None => Ok(version),
    }
}

/// A keyspace whose COMPOSITES index of plain names failed (1.2, 2.0): the whole
/// request checked first (as the release did before the schema took it), then
/// `spec` keeps what was opened (`release::schema::plainindex`).
fn plain_index_failure(
    node: &Node,
    spec: &mut crate::schema::KeyspaceSpec,
) -> ApiResult<Option<String>> {
    if !spec
        .cf_defs
        .iter()
        .any(|cf| release::schema::plainindex::fails(node.release, cf))
    {
        return Ok(None);
    }
    node.check_schema_change(SchemaChange::AddKeyspace(spec.clone()))?;
    Ok(release::schema::plainindex::opened_part(node.release, spec))
}

pub fn update_keyspace(node: &Node, def: &t::KsDef) -> ApiResult<String> {
    let change = SchemaChange::UpdateKeyspace(keyspace_spec(node, def)?);
    if let Some(merged) = release::schema::unmade::apply(node, &def.name, change.clone(), |e| e) {
        return merged;
    }
    schema_change(node, change).map_err(|e| release::schema::strategyctor::refusal(node, e))
}

pub fn drop_keyspace(node: &Node, name: &str) -> ApiResult<String> {
    release::schema::plainindex::check_drop(node, name)?;
    release::schema::stores::check_drop_keyspace(node, name)?;
    let version = schema_change(node, SchemaChange::DropKeyspace(name.to_string()))?;
    release::schema::stores::after_drop_keyspace(node, name);
    release::old::after_keyspace_drop(node, name);
    release::schema::unmade::forget(node, name);
    Ok(version)
}

/// 1.2 added the CF to the keyspace its CfDef names; the session's keyspace
/// only had to be set.
pub fn add_column_family(node: &Node, def: &t::CfDef) -> ApiResult<String> {
    let mut spec = column_family_spec(node, def, false)?;
    spec.system_keyspace_taken = release::schema::systemadd::add_cf_takes_system(node);
    release::schema::compositenames::check(node, def)?;
    let fails = release::schema::plainindex::fails(node.release, &spec);
    let refusal = |e| {
        let e = release::v3x::index_refusal(node.release, &[def], e);
        release::schema::customindex::refusal(node, e)
    };
    let change = SchemaChange::AddColumnFamily(spec);
    if let Some(merged) =
        release::schema::unmade::apply(node, &def.keyspace, change.clone(), refusal)
            .or_else(|| release::schema::plainindex::retry(node, &def.keyspace, &change, refusal))
    {
        return merged;
    }
    let version = schema_change(node, change).map_err(refusal)?;
    release::old::after_cf_change(node, &def.keyspace, &def.name, false)?;
    if let Err(e) = failures::cache_size_failure(node, def) {
        release::schema::stores::never_opened(node, &def.keyspace, &def.name);
        return Err(e);
    }
    release::schema::stores::after_add(node, &def.keyspace, &def.name)?;
    if fails {
        release::schema::plainindex::note_failure(node, &def.keyspace);
        return Err(ApiError::Dropped(format!(
            "the release failed to open the index of {}",
            def.name
        )));
    }
    Ok(version)
}

pub fn update_column_family(node: &Node, def: &t::CfDef) -> ApiResult<String> {
    release::schema::cfdefs::check_update_target(node, def)?;
    release::schema::cql3tables::check_update(node, def)?;
    // 0.8 and 1.0 looked for the column family and named its indexes first.
    let named = release::schema::indexnames::named_update(node, def)?;
    let def = named.as_ref().unwrap_or(def);
    if node.release.is_some_and(|r| !r.at_least(1, 1)) {
        // 0.7 to 1.0 validated the CfDef itself (`validateCfDef`) before
        // looking for the column family it updates (0.7) or applying it.
        cfdefs::check_types(node, def)?;
        release::schema::updatefirst::check_classes(node, def)?;
        cfdefs::check_column_names(node, def)?;
        release::schema::updatefirst::check_index_names(node, def)?;
        if named.is_some() {
            release::schema::indexnames::check_kept_names(node, def)?;
        }
        if node.release.is_some_and(|r| r.at_least(0, 8)) {
            cfdefs::check_compaction_thresholds(node, def, false)?;
        }
        // and made its definition before comparing the ids.
        cfdefs::check_compressor(node, def, true)?;
        oldcache::check_update_conversion(node, def)?;
        release::schema::updatekinds::check_converted(node, def)?;
    }
    release::schema::ids::check_update_found(node, def)?;
    release::check_cf_id(node, def)?;
    release::schema::ids::update_built(node, def)?;
    release::v3x::update_target(node, def)?;
    let mut spec = column_family_spec(node, def, true)?;
    release::schema::updatekinds::mark(node, &mut spec);
    release::schema::params::check_type_change(node, def)?;
    cfdefs::update_defaults(node, &mut spec);
    let refusal = |e| {
        let e = release::v3x::index_refusal(node.release, &[def], e);
        release::schema::customindex::refusal(node, e)
    };
    let sent = spec.clone();
    let change = SchemaChange::UpdateColumnFamily(spec);
    release::old::check_update_id(node, def, &change)?;
    if let Some(merged) =
        release::schema::unmade::apply(node, &def.keyspace, change.clone(), refusal)
            .or_else(|| release::schema::plainindex::retry(node, &def.keyspace, &change, refusal))
    {
        return merged;
    }
    release::old::before_cf_update(node, &def.keyspace, &def.name, &change)
        .map_err(|e| release::old::failed_update(node, def, refusal(e)))?;
    let old = node.schema().cf(&def.keyspace, &def.name).cloned();
    let version = schema_change(node, change).map_err(|e| {
        let e = refusal(e);
        release::schema::partapply::keep_applied_part(node, &sent, &e);
        release::old::failed_update(node, def, e)
    })?;
    release::old::after_cf_update(node, &def.keyspace, &def.name)?;
    if let Some(old) = old {
        release::schema::stores::after_update(node, &old)?;
    }
    failures::cache_size_failure(node, def)?;
    Ok(version)
}

pub fn drop_column_family(node: &Node, ks: &str, name: &str) -> ApiResult<String> {
    let change = SchemaChange::DropColumnFamily {
        keyspace: ks.to_string(),
        name: name.to_string(),
    };
    if let Some(merged) = release::schema::unmade::apply(node, ks, change.clone(), |e| e)
        .or_else(|| release::schema::plainindex::retry(node, ks, &change, |e| e))
    {
        return merged;
    }
    release::schema::stores::check_drop(node, ks, name)?;
    let version = schema_change(node, change)?;
    release::old::after_cf_change(node, ks, name, true)?;
    release::schema::stores::after_drop(node, ks, name);
    Ok(version)
}

#[cfg(test)]
mod stores_tests {
    //! Unit tests of 1.0's column family stores (`release::schema::stores`)
    //! through the schema calls (`super`), on a node made by
    //! `node::test_nodes`.

    use super::super::release::schema::stores::{as_opened, check_store};
    use super::{add_column_family, drop_column_family, drop_keyspace, update_column_family};
    use crate::node::test_nodes;
    use crate::node::Node;
    use crate::release::Release;
    use crate::schema::{CfSpec, KeyspaceSpec, SchemaChange};
    use crate::thrift::error::ApiError;
    use crate::thrift::gen::cassandra19 as t;

    const STCS: &str = "org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy";
    const LCS: &str = "org.apache.cassandra.db.compaction.LeveledCompactionStrategy";

    fn node_as(version: &str) -> Node {
        let mut node = test_nodes::Kit::default().node();
        node.release = Release::find(version);
        node.change_schema(SchemaChange::AddKeyspace(KeyspaceSpec::simple("S", 1)))
            .unwrap();
        node
    }

    fn def(name: &str, strategy: &str, min: i32, max: i32, indexed: bool) -> t::CfDef {
        let mut d = crate::thrift::api19::defs::cf_def(&CfSpec::new("S", name));
        d.comparator_type = Some("UTF8Type".into());
        d.compaction_strategy = Some(strategy.into());
        d.min_compaction_threshold = Some(min);
        d.max_compaction_threshold = Some(max);
        d.column_metadata = Some(vec![t::ColumnDef::new(
            b"rank".to_vec(),
            "LongType".to_string(),
            indexed.then_some(t::IndexType::KEYS),
            None::<String>,
            None::<std::collections::BTreeMap<String, String>>,
        )]);
        d.id = None;
        d
    }

    fn with_id(node: &Node, mut d: t::CfDef) -> t::CfDef {
        d.id = crate::thrift::api19::release::cf_id(node, "S", &d.name);
        d
    }

    fn next(node: &Node) -> u32 {
        node.schema().creation_ids.next()
    }

    #[test]
    fn a_leveled_store_keeps_the_thresholds_a_new_strategy_then_refuses() {
        let node = node_as("1.0.12");
        add_column_family(&node, &def("A", LCS, 4, 32, false)).unwrap();
        update_column_family(&node, &with_id(&node, def("A", STCS, 8, 16, false))).unwrap();
        let before = next(&node);
        let mut failing = def("A", STCS, 4, 4, true);
        failing.compaction_strategy_options =
            Some([("min_sstable_size".into(), "1".into())].into());
        let failing = with_id(&node, failing);
        let e = update_column_family(&node, &failing).unwrap_err();
        assert!(matches!(e, ApiError::Internal(_)), "{e:?}");
        // The schema took it; the index took no id and stays unopened.
        let cf = node.schema().cf("S", "A").cloned().unwrap();
        assert_eq!(cf.options.max_compaction_threshold, 4);
        assert_eq!(next(&node), before);
        assert!(as_opened(&node, &cf).is_some());
        // The same again fails again: the live strategy is still the old one.
        assert!(update_column_family(&node, &failing).is_err());
        let mut mended = def("A", STCS, 4, 32, true);
        mended.compaction_strategy_options = failing.compaction_strategy_options.clone();
        update_column_family(&node, &with_id(&node, mended)).unwrap();
        assert_eq!(next(&node), before + 1, "the index opened now");
        let cf = node.schema().cf("S", "A").cloned().unwrap();
        assert!(as_opened(&node, &cf).is_none());
    }

    #[test]
    fn a_store_that_never_opened_wedges_its_keyspace() {
        let node = node_as("1.0.12");
        add_column_family(&node, &def("P", STCS, 4, 32, false)).unwrap();
        let mut d = def("D", STCS, 8, 4, false);
        d.column_metadata = None;
        let e = add_column_family(&node, &d).unwrap_err();
        assert!(matches!(e, ApiError::Internal(_)), "{e:?}");
        assert!(check_store(&node, "S", "D", true).is_err());
        assert!(check_store(&node, "S", "P", true).is_ok());
        assert!(drop_column_family(&node, "S", "D").is_err());
        assert!(node.schema().cf("S", "D").is_some(), "nothing changed");
        assert!(drop_keyspace(&node, "S").is_err());
        assert!(node.schema().keyspace("S").is_some());
        // P came before D in the HashMap of the names: purged, its store gone.
        assert!(drop_column_family(&node, "S", "P").is_err());
    }

    #[test]
    fn other_releases_keep_no_stores() {
        let node = node_as("1.1.12");
        add_column_family(&node, &def("A", LCS, 4, 32, false)).unwrap();
        assert!(node.open_stores.lock().is_empty());
    }
}
