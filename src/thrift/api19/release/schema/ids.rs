//! The column family ids that releases before 1.2 spent on schema calls
//! they then refused. Their `CFMetaData` took the node-wide counter's next
//! id when it was built (see [`crate::schema::creation`]), and some checks
//! ran only after that: the id stayed taken, so every later column family,
//! and 1.0's "found N" of an update without an id, came one higher. Which
//! checks ran after is each release's (from their `CassandraServer`,
//! `CFMetaData.fromThrift` and migrations). It only spends ids; it must not
//! change the answer of the refused call.

use crate::cql2::ast::Statement as Cql2Statement;
use crate::node::Node;
use crate::release::Release;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// After `system_add_column_family` of `def` was refused with `e` (the
/// emulation's own words, before any rewording).
pub fn failed_add_cf(node: &Node, def: &t::CfDef, e: &ApiError) {
    let Some(release) = node.release.filter(|r| !r.at_least(1, 2)) else {
        return;
    };
    let ApiError::InvalidRequest(why) = e else {
        return;
    };
    let spent = if release.at_least(1, 1) {
        // 1.1 built the definition first and checked it after, all but the
        // column type and the comparators its constructor was given.
        built_by_1_1(release, def)
    } else {
        refused_after_building(why)
    };
    if spent {
        spend(node, 1);
    }
}

/// After `system_add_keyspace` of `def` was refused with `e`: the column
/// families the release had built before the check that refused it.
pub fn failed_add_keyspace(node: &Node, def: &t::KsDef, e: &ApiError) {
    let Some(release) = node.release.filter(|r| !r.at_least(1, 2)) else {
        return;
    };
    let ApiError::InvalidRequest(why) = e else {
        return;
    };
    let all = def.cf_defs.len();
    let spent = if release.at_least(1, 1) {
        // 1.1 checked the name and the CfDefs' keyspace first, then built
        // each definition (stopping at one its constructor refused), then
        // validated the whole keyspace.
        if checked_before_building(why) {
            0
        } else {
            def.cf_defs
                .iter()
                .position(|cf| !built_by_1_1(release, cf))
                .unwrap_or(all)
        }
    } else if keyspace_refusal_after_building(release, why) {
        all
    } else {
        // 0.7 to 1.0 validated and built each CfDef in turn: those before
        // the one refused took their ids, and it took its own when the
        // refusal came after (`refused_after_building`).
        (0..all)
            .find(|&last| refused_up_to(node, def, last))
            .map_or(0, |i| i + usize::from(refused_after_building(why)))
    };
    spend(node, spent);
}

/// Whether the keyspace of `def`'s column families up to `last` would be
/// refused (a dry run against the schema, nothing applied): the first such
/// `last` is the column family the release stopped at.
fn refused_up_to(node: &Node, def: &t::KsDef, last: usize) -> bool {
    let mut prefix = def.clone();
    prefix.cf_defs.truncate(last + 1);
    let mut spec = crate::thrift::api19::defs::ks_spec(&prefix);
    crate::thrift::api19::release::v07::read_replication_factor(node, &mut spec);
    for (cf, cf_def) in spec.cf_defs.iter_mut().zip(&prefix.cf_defs) {
        if crate::thrift::api19::release::schema::cfdefs::check_shape(node, cf_def).is_err()
            || crate::thrift::api19::release::schema::cfdefs::check_compaction_thresholds(
                node, cf_def, false,
            )
            .is_err()
        {
            return true;
        }
        crate::thrift::api19::release::apply_cf_defaults(node, cf);
        if crate::thrift::api19::release::schema::oldcache::old_cache(node, cf).is_err() {
            return true;
        }
    }
    node.schema()
        .apply(crate::schema::SchemaChange::AddKeyspace(spec))
        .is_err()
}

/// After a CQL 2 `statement` (0.8 to 1.1) was refused with `e`: `CREATE
/// COLUMNFAMILY` built its definition once the statement's own checks and
/// its comparator passed, then the migration refused a column family that
/// was there, a keyspace that was not, or a bad name.
pub fn failed_cql2(node: &Node, statement: &Cql2Statement, e: &ApiError) {
    if node.release.is_none_or(|r| r.at_least(1, 2)) {
        return;
    }
    let (Cql2Statement::CreateColumnFamily { .. }, ApiError::InvalidRequest(why)) = (statement, e)
    else {
        return;
    };
    const AFTER: [&str; 5] = [
        "Cannot add already existing column family ",
        "already exists in keyspace ",
        "to non existing keyspace ",
        "No such keyspace: ",
        "ColumnFamily name must not be empty",
    ];
    if why.contains("ConfigurationException: ") && AFTER.iter().any(|p| why.contains(p)) {
        spend(node, 1);
    }
}

/// 1.1's `system_update_column_family` of a column family it had: its
/// `CFMetaData.fromThrift` took the counter's next id for a CfDef without
/// one (the update then failed on the server, see
/// `old::check_update_id`), once the column type and comparators were
/// read. Called before the update's own checks, which came after.
pub fn update_built(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    let Some(release) = node.release.filter(|r| r.series() == (1, 1)) else {
        return Ok(());
    };
    if def.id.is_some() || node.schema().cf(&def.keyspace, &def.name).is_none() {
        return Ok(());
    }
    if built_by_1_1(release, def) {
        node.spend_creation_id().map_err(ApiError::from)?;
    }
    Ok(())
}

fn spend(node: &Node, count: usize) {
    for _ in 0..count {
        if let Err(e) = node.spend_creation_id() {
            tracing::warn!(error = %e, "cannot spend a column family id");
            return;
        }
    }
}

/// 0.7 to 1.0: the refusals of `system_add_column_family` made after the
/// definition was built (`AddColumnFamily`'s checks, the row cache
/// provider and compaction strategy looked up, `CFMetaData.validate`);
/// `ThriftValidation.validateCfDef`'s came before.
fn refused_after_building(why: &str) -> bool {
    const AFTER: [&str; 8] = [
        "Cannot add already existing column family ",
        "Cannot add column family '",
        "ColumnFamily name must not be empty",
        "Unable to find row cache provider class",
        "Unable to find compaction strategy class",
        "Cannot add a counter column",
        "Cannot add a non counter column",
        "CounterColumnType is not a valid",
    ];
    AFTER.iter().any(|p| why.starts_with(p))
}

/// Whether 1.1's `CFMetaData.fromThrift` got as far as taking an id: a
/// known column type, and a comparator (and subcomparator) it could parse.
fn built_by_1_1(release: &Release, def: &t::CfDef) -> bool {
    let kind_known = matches!(
        def.column_type.as_deref(),
        None | Some("Standard") | Some("Super")
    );
    let parses = |name: &Option<String>| {
        name.as_deref().is_none_or(|n| {
            release.type_refusal(n).is_none() && crate::marshal::parse_type(n).is_ok()
        })
    };
    kind_known && parses(&def.comparator_type) && parses(&def.subcomparator_type)
}

/// 1.1's checks of `system_add_keyspace` before any definition was built.
fn checked_before_building(why: &str) -> bool {
    why.starts_with("Keyspace names must be case-insensitively unique")
        || why == "system keyspace is not user-modifiable"
        || why.contains("had a keyspace definition that did not match KsDef")
}

/// 0.7 to 1.0: a refusal of the keyspace itself made once every column
/// family was built (0.7 checked even the name then; 0.8 and 1.0 checked
/// the name first, the strategy and the column family names after).
fn keyspace_refusal_after_building(release: &Release, why: &str) -> bool {
    const STRATEGY: [&str; 4] = [
        "Unable to find replication strategy class",
        "SimpleStrategy requires a replication_factor strategy option",
        "Replication factor must be",
        "Error constructing replication strategy class",
    ];
    let name_taken = why.starts_with("Keyspace names must be case-insensitively unique")
        || why == "system keyspace is not user-modifiable";
    STRATEGY.iter().any(|p| why.starts_with(p))
        || why.starts_with("ColumnFamily name must not be empty")
        || (name_taken && !release.at_least(0, 8))
}

/// 0.7's update looked the column family up by its id
/// (`CFMetaData.getId`) once `validateCfDef` had passed, before it built
/// the definition whose compaction thresholds it checked: an update of one
/// it lacked was refused first.
pub fn check_update_found(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if node.release.map(Release::series) != Some((0, 7)) {
        return Ok(());
    }
    match cf_id(node, &def.keyspace, &def.name) {
        Some(_) => Ok(()),
        None => Err(ApiError::invalid(
            "Could not find column family definition to modify.",
        )),
    }
}

/// Before 1.1 an update named its column family by id too: one without
/// the id the node gave it was refused (the ids are the node's own, see
/// [`shape_keyspace`]). 0.7 and 0.8 read a missing id as 0; 1.0 built the
/// update's definition first, which took the counter's next id, and
/// compared that one.
pub fn check_cf_id(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    let Some(release) = node.release.filter(|r| !r.at_least(1, 1)) else {
        return Ok(());
    };
    let Some(expected) = cf_id(node, &def.keyspace, &def.name) else {
        return Ok(());
    };
    let found = match def.id {
        Some(id) => id,
        None if release.series() == (1, 0) => {
            let spent = node.spend_creation_id().map_err(ApiError::from)?;
            i32::try_from(spent).unwrap_or(i32::MAX)
        }
        None => 0,
    };
    if found == expected {
        return Ok(());
    }
    Err(ApiError::invalid(format!(
        "Column family ID mismatch (found {found}; expected {expected})"
    )))
}

/// The id a release before 1.2 gave the column family `cf` of `keyspace`:
/// a system one's fixed id, else the one its creation counter gave (see
/// [`crate::schema::creation`]). `None` for a column family it does not
/// have.
pub fn cf_id(node: &Node, keyspace: &str, cf: &str) -> Option<i32> {
    let id = if keyspace == crate::schema::SYSTEM_KEYSPACE {
        crate::schema::system_old::system_cf_id(cf)
    } else {
        node.schema().creation_ids.id(keyspace, cf)
    };
    id.and_then(|id| i32::try_from(id).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{CfSpec, KeyspaceSpec, SchemaChange};

    use crate::node::test_nodes::as_release as node_as;

    fn cf(ks: &str, name: &str) -> t::CfDef {
        crate::thrift::api19::defs::cf_def(&CfSpec::new(ks, name))
    }

    fn next(node: &Node) -> u32 {
        node.schema().creation_ids.next()
    }

    #[test]
    fn refusals_after_the_definition_was_built_spend_an_id() {
        let node = node_as("1.0.12");
        node.change_schema(SchemaChange::AddKeyspace(KeyspaceSpec::simple("Ids", 1)))
            .unwrap();
        let before = next(&node);
        let exists = ApiError::invalid(
            "Cannot add already existing column family \"A\" to keyspace \"Ids\"",
        );
        failed_add_cf(&node, &cf("Ids", "A"), &exists);
        assert_eq!(next(&node), before + 1);
        // validateCfDef's refusals came first.
        let early = ApiError::invalid("min_compaction_threshold cannot be less than 2.");
        failed_add_cf(&node, &cf("Ids", "A"), &early);
        assert_eq!(next(&node), before + 1);
        // Not before 1.2's releases' counters.
        let later = node_as("1.2.19");
        let base = next(&later);
        failed_add_cf(&later, &cf("Ids", "A"), &exists);
        assert_eq!(next(&later), base);
    }

    #[test]
    fn release_1_1_built_everything_its_constructor_could_parse() {
        let node = node_as("1.1.12");
        let before = next(&node);
        let why = ApiError::invalid("anything checked after");
        failed_add_cf(&node, &cf("Ids", "A"), &why);
        assert_eq!(next(&node), before + 1);
        let mut bad = cf("Ids", "B");
        bad.comparator_type = Some("NoSuchType".into());
        failed_add_cf(&node, &bad, &why);
        assert_eq!(next(&node), before + 1);
        let ks = t::KsDef::new(
            "Ids".to_string(),
            "SimpleStrategy".to_string(),
            None,
            None,
            vec![cf("Ids", "A"), bad, cf("Ids", "C")],
            None,
        );
        failed_add_keyspace(&node, &ks, &why);
        assert_eq!(next(&node), before + 2, "up to the unparsable one");
        let taken = ApiError::invalid(
            "Keyspace names must be case-insensitively unique (\"Ids\" conflicts with \"Ids\")",
        );
        failed_add_keyspace(&node, &ks, &taken);
        assert_eq!(next(&node), before + 2);
    }

    #[test]
    fn a_cql2_create_of_an_existing_column_family_spent_one() {
        let node = node_as("1.0.12");
        let create =
            crate::cql2::parser::parse("CREATE COLUMNFAMILY Lines (KEY varchar PRIMARY KEY)")
                .unwrap()
                .statement;
        let before = next(&node);
        let exists = ApiError::invalid(
            "org.apache.cassandra.config.ConfigurationException: Lines already exists in keyspace ks",
        );
        failed_cql2(&node, &create, &exists);
        assert_eq!(next(&node), before + 1);
        let unparsable = ApiError::invalid(
            "org.apache.cassandra.config.ConfigurationException: Unable to find abstract-type class 'org.apache.cassandra.db.marshal.bytea'",
        );
        failed_cql2(&node, &create, &unparsable);
        assert_eq!(next(&node), before + 1, "the comparator came first");
    }

    #[test]
    fn old_keyspace_refusals_after_building_spend_each_cf() {
        let ks = t::KsDef::new(
            "Ids".to_string(),
            "SimpleStrategy".to_string(),
            None,
            Some(1),
            vec![cf("Ids", "A"), cf("Ids", "B")],
            None,
        );
        let taken = ApiError::invalid(
            "Keyspace names must be case-insensitively unique (\"Ids\" conflicts with \"Ids\")",
        );
        let old = node_as("0.7.10");
        let before = next(&old);
        failed_add_keyspace(&old, &ks, &taken);
        assert_eq!(next(&old), before + 2);
        let eight = node_as("0.8.10");
        let before = next(&eight);
        failed_add_keyspace(&eight, &ks, &taken);
        assert_eq!(next(&eight), before, "0.8 checked the name first");
        let strategy =
            ApiError::invalid("SimpleStrategy requires a replication_factor strategy option.");
        failed_add_keyspace(&eight, &ks, &strategy);
        assert_eq!(next(&eight), before + 2);
    }

    #[test]
    fn old_keyspace_refusals_of_one_cf_spend_those_built_before_it() {
        let mut custom = cf("Ids", "B");
        custom.column_metadata = Some(vec![t::ColumnDef::new(
            b"birth".to_vec(),
            "LongType".to_string(),
            Some(t::IndexType::CUSTOM),
            None::<String>,
            None::<std::collections::BTreeMap<String, String>>,
        )]);
        let ks = t::KsDef::new(
            "Ids".to_string(),
            "SimpleStrategy".to_string(),
            None,
            Some(1),
            vec![cf("Ids", "A"), custom, cf("Ids", "C")],
            None,
        );
        let why = ApiError::invalid("Required index option missing: class_name");
        let node = node_as("1.0.12");
        let before = next(&node);
        failed_add_keyspace(&node, &ks, &why);
        assert_eq!(
            next(&node),
            before + 1,
            "A was built, B refused before its id"
        );
    }
}
