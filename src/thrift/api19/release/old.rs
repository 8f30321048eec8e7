//! What the releases before 1.2 answered beyond the CfDef shaping of
//! [`super`]: their own `system` keyspace (from
//! [`crate::schema::system_old`], the column families the release lists),
//! the old struct fields its column families carried, the order their
//! `column_metadata` came in, 1.1's schema calls after an update it
//! failed, the range scans of a super column by names that 0.7-1.1
//! failed, and where 1.1 kept its CQL 3 prepared statements. Without a
//! release, or with 1.2 and later, nothing here changes an answer.

use crate::cql::exec::system;
use crate::cql::Grammar;
use crate::node::Node;
use crate::release::machine::MemtableDefaults;
use crate::release::Release;
use crate::schema::{javaorder, system19, system_old, ColumnOrder, KeyspaceDef};
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// The system keyspaces `describe_keyspace(s)` knows: before 1.2 only
/// `system`, with the column families the release declared; 1.2.9's
/// otherwise, and from 2.2 its `system_auth` and `system_distributed`,
/// whatever the authenticator (3.x's `system_schema` too).
pub fn system_keyspaces(node: &Node) -> Vec<KeyspaceDef> {
    match node.release {
        Some(release) if !release.at_least(1, 2) => {
            let mut system = system_old::old_system_keyspace(release.system_cfs);
            // 0.7 and 0.8 took an update of its replication
            // (`Behaviour::SystemKeyspaceUpdatesTaken`): described as updated.
            let schema = node.schema();
            if let Some(stored) = schema
                .keyspace(crate::schema::SYSTEM_KEYSPACE)
                .filter(|k| k.replica_placement_strategy != system.replica_placement_strategy)
            {
                system.replica_placement_strategy = stored.replica_placement_strategy.clone();
                system.replication_factor = stored.replication_factor;
                system.strategy_options = stored.strategy_options.clone();
            }
            vec![system]
        }
        Some(release) if release.at_least(2, 2) => {
            let mut all = system19::system_keyspaces(false);
            let mut replicated = system::replicated::keyspaces();
            if release.at_least(3, 0) {
                // 3.x showed Thrift its compact tables only, none of these.
                replicated.iter_mut().for_each(|k| k.cfs.clear());
                all.push(system::schema::keyspace_def());
            }
            all.extend(replicated);
            all
        }
        _ => system19::system_keyspaces(node.auth.requires_login()),
    }
}

/// A system column family's values of the old CfDef fields where they
/// differed from a user's (applied after the user's defaults): a key
/// cache of 1% of the keys, nothing saved, no counter shard merging, and
/// (while the CfDef had them) small memtables, except for hints.
pub fn shape_old_system_cf(release: &Release, heap_mb: u64, cf: &mut t::CfDef) {
    let of = thrift::OrderedFloat;
    let hints = cf.name == "HintsColumnFamily";
    // The hints' thresholds came from the heap (`release::machine`), the
    // others' were fixed.
    let hints_memtable = release
        .memtable_defaults(heap_mb)
        .map(|d| d.hints())
        .unwrap_or(MemtableDefaults {
            throughput_mb: 32,
            million_ops: 0.15,
        });
    let set = |field: &mut Option<_>, value| {
        if field.is_some() {
            *field = Some(value);
        }
    };
    set(&mut cf.key_cache_size, of(0.01));
    set(&mut cf.merge_shards_chance, of(0.0));
    if cf.key_cache_save_period_in_seconds.is_some() {
        cf.key_cache_save_period_in_seconds = Some(0);
    }
    if cf.memtable_throughput_in_mb.is_some() {
        cf.memtable_throughput_in_mb = Some(if hints {
            hints_memtable.throughput_mb
        } else {
            8
        });
    }
    set(
        &mut cf.memtable_operations_in_millions,
        of(if hints {
            hints_memtable.million_ops
        } else {
            0.0375
        }),
    );
}

/// `column_metadata` in the order the release kept it: `kept`, the order
/// of the map a user's live definition held (0.7 to 1.0, see
/// [`crate::schema::column_maps`]); else as a start read it back: 0.8 and
/// 1.0 into a map sorted by name, 0.7 copying that into a `HashMap`;
/// before 1.2 a system column family's `HashMap` was filled in the order
/// it declared its columns; otherwise as 1.2.9 listed them.
pub fn order_column_metadata(
    release: &Release,
    cf: &mut t::CfDef,
    system: bool,
    kept: Option<ColumnOrder>,
) {
    let Some(columns) = &mut cf.column_metadata else {
        return;
    };
    if let (false, Some(kept)) = (system, kept) {
        match kept {
            ColumnOrder::Signed => columns.sort_by(|a, b| signed(&a.name).cmp(signed(&b.name))),
            ColumnOrder::Listed(names) => {
                columns.sort_by_key(|c| names.iter().position(|n| *n == c.name));
            }
        }
    } else if matches!(release.series(), (0, 8) | (1, 0)) {
        columns.sort_by(|a, b| a.name.cmp(&b.name));
    } else if release.series() == (0, 7) && !system {
        // 0.7 copied the definition's `TreeMap` (by `ByteBuffer`'s own
        // order, signed bytes) into a `new HashMap<>(map)`, sized for it,
        // and listed that.
        columns.sort_by(|a, b| signed(&a.name).cmp(signed(&b.name)));
        let hashes: Vec<i32> = columns
            .iter()
            .map(|c| javaorder::buffer_hash(&c.name))
            .collect();
        let order = javaorder::iteration_order(&hashes, copied_capacity(columns.len()));
        let mut slots: Vec<Option<t::ColumnDef>> = columns.drain(..).map(Some).collect();
        columns.extend(order.into_iter().filter_map(|i| slots[i].take()));
    } else if system && !release.at_least(1, 2) {
        let declared = system_old::declared_columns(&cf.name);
        let keys: Vec<&[u8]> = declared.iter().map(|n| n.as_bytes()).collect();
        let order = javaorder::java_hashmap_order(&keys);
        let place = |name: &[u8]| {
            declared
                .iter()
                .position(|d| d.as_bytes() == name)
                .and_then(|i| order.iter().position(|&o| o == i))
        };
        columns.sort_by_key(|c| place(&c.name));
    }
}

/// The table size of `new HashMap<>(map)` for `n` entries (its
/// `putMapEntries`: `tableSizeFor(n / 0.75 + 1)`).
fn copied_capacity(n: usize) -> usize {
    javaorder::sized_capacity((n as f32 / 0.75 + 1.0) as usize)
}

/// A name's bytes as Java's `ByteBuffer.compareTo` compared them.
fn signed(name: &[u8]) -> impl Iterator<Item = i8> + '_ {
    name.iter().map(|&b| b as i8)
}

/// Whether `system_add_column_family` wants a session keyspace: 1.1
/// checked access to the keyspace its CfDef named instead.
pub fn add_cf_needs_keyspace(node: &Node) -> bool {
    node.release.map(Release::series) != Some((1, 1))
}

/// Whether `system_update_column_family` wants a session keyspace: 0.7 to
/// 1.0 checked it first (their access checks), whatever keyspace the CfDef
/// named.
pub fn update_needs_keyspace(node: &Node) -> bool {
    node.release.is_some_and(|r| !r.at_least(1, 1))
}

/// The CQL 3 grammar of the node's release (see [`Grammar::of_release`]).
pub fn cql3_grammar(node: &Node) -> Grammar {
    Grammar::of_release(node.release)
}

/// Whether the release kept a connection's CQL 3 prepared statements in
/// its `ClientState` (1.1), where 1.2 on shared them between connections.
pub fn prepared_per_connection(node: &Node) -> bool {
    node.release.is_some_and(|r| !r.at_least(1, 2))
}

/// 1.1 wanted the column family's id in an update too, but without it
/// (or with another) it failed on the server instead of refusing it: the
/// change was not made, the connection was closed, and the column family
/// stayed broken for [`after_cf_change`]. The ids are the ones
/// `describe_keyspace` gives (see [`super::check_cf_id`]).
///
/// `CFMetaData.validate` ran before (`MigrationManager
/// .announceColumnFamilyUpdate`): what `change` breaks of its checks is
/// refused first (those of the update's compatibility came with the id's,
/// on the server).
pub fn check_update_id(
    node: &Node,
    def: &t::CfDef,
    change: &crate::schema::SchemaChange,
) -> Result<(), ApiError> {
    if node.release.map(Release::series) != Some((1, 1)) {
        return Ok(());
    }
    let Some(id) = super::cf_id(node, &def.keyspace, &def.name) else {
        return Ok(());
    };
    if def.id == Some(id) {
        return Ok(());
    }
    match node
        .check_schema_change(change.clone())
        .map_err(ApiError::from)
    {
        Err(ApiError::InvalidRequest(why)) if !crate::schema::refused_on_apply(&why) => {
            return Err(ApiError::InvalidRequest(why));
        }
        _ => {}
    }
    *node.failed_cf_update.lock() = Some((def.keyspace.clone(), def.name.clone()));
    Err(ApiError::Dropped(format!(
        "Cassandra 1.1 failed the update of {}.{} without its id on the server",
        def.keyspace, def.name
    )))
}

/// 1.1's update changing the column type or comparator: refused as
/// `CFMetaData.apply` met it on the server, the connection closed, and the
/// refused definition stayed in the schema tables, breaking the keyspace as
/// [`check_update_id`]'s did. Other refusals stay as they are.
pub fn failed_update(node: &Node, def: &t::CfDef, e: ApiError) -> ApiError {
    if node.release.map(Release::series) != Some((1, 1)) {
        return e;
    }
    match &e {
        ApiError::InvalidRequest(why) if crate::schema::refused_on_apply(why) => {
            *node.failed_cf_update.lock() = Some((def.keyspace.clone(), def.name.clone()));
            ApiError::Dropped(format!(
                "Cassandra 1.1 failed the update of {}.{} on the server: {why}",
                def.keyspace, def.name
            ))
        }
        _ => e,
    }
}

/// Before 1.1 updated column family `cf` of `ks`: in the keyspace of a
/// failed update ([`failed_update`]), `DefsTable.mergeColumnFamilies`
/// applied the changed definitions in the order of the `HashMap` of the
/// keyspace's column family names, and the broken one refused its own
/// again when reached: an update of a column family after it was never
/// made (the connection closed all the same, see [`after_cf_update`]),
/// once the schema's checks of `change` passed.
pub fn before_cf_update(
    node: &Node,
    ks: &str,
    cf: &str,
    change: &crate::schema::SchemaChange,
) -> Result<(), ApiError> {
    let failed = node.failed_cf_update.lock().clone();
    let Some((_, failed_cf)) = failed.as_ref().filter(|(k, c)| k == ks && c != cf) else {
        return Ok(());
    };
    let schema = node.schema();
    let Some(keyspace) = schema.keyspace(ks) else {
        return Ok(());
    };
    // Put in the order the keyspace's definition had them (their creation,
    // as the ids count it): names sharing a bucket keep it.
    let mut names: Vec<&str> = keyspace.cfs.keys().map(String::as_str).collect();
    names.sort_by_key(|name| schema.creation_ids.id(ks, name).unwrap_or(u32::MAX));
    let order = javaorder::string_hashmap_order(names);
    let at = |name: &str| order.iter().position(|n| *n == name);
    let stopped = matches!((at(failed_cf), at(cf)), (Some(broken), Some(this)) if broken < this);
    if !stopped {
        return Ok(());
    }
    node.check_schema_change(change.clone())
        .map_err(ApiError::from)?;
    Err(ApiError::Dropped(format!(
        "Cassandra 1.1 failed the update of {ks}.{cf}: the failed update of {failed_cf} came first"
    )))
}

/// After 1.1 updated a column family: an update of the broken one
/// ([`failed_update`]) wrote over the refused definition, mending the
/// keyspace; one of another column family of the broken keyspace before
/// it ([`before_cf_update`]) was made, but merging the keyspace's
/// definitions met the refused one then and closed the connection.
pub fn after_cf_update(node: &Node, ks: &str, cf: &str) -> Result<(), ApiError> {
    let mut failed = node.failed_cf_update.lock();
    let Some((failed_ks, failed_cf)) = failed.as_ref().filter(|(k, _)| k == ks) else {
        return Ok(());
    };
    if failed_cf == cf {
        *failed = None;
        return Ok(());
    }
    Err(ApiError::Dropped(format!(
        "Cassandra 1.1 failed schema changes in {failed_ks} after the failed update of {failed_cf}"
    )))
}

/// After 1.1 failed an update ([`check_update_id`], [`failed_update`]),
/// every column family added to or dropped from that keyspace was changed
/// but the connection closed, until the broken column family itself was
/// dropped.
pub fn after_cf_change(node: &Node, ks: &str, cf: &str, dropped: bool) -> Result<(), ApiError> {
    let mut failed = node.failed_cf_update.lock();
    let Some((failed_ks, failed_cf)) = failed.as_ref().filter(|(k, _)| k == ks) else {
        return Ok(());
    };
    if dropped && failed_cf == cf {
        *failed = None;
        return Ok(());
    }
    Err(ApiError::Dropped(format!(
        "Cassandra 1.1 failed schema changes in {failed_ks} after the failed update of {failed_cf}"
    )))
}

/// A dropped keyspace takes its broken column family with it (and what
/// 0.7 kept of its KsDef).
pub fn after_keyspace_drop(node: &Node, ks: &str) {
    super::v07::forget_replication(node, ks);
    let mut failed = node.failed_cf_update.lock();
    if failed.as_ref().is_some_and(|(k, _)| k == ks) {
        *failed = None;
    }
}

/// A range scan of one super column by column names, before 1.2: the
/// release put the names in a `TreeSet` ordered by the column family's own
/// comparator (the super columns' one, not the subcolumns'), and where
/// that comparator read bytes a name did not have (TimeUUIDType, up to 8;
/// LexicalUUIDType, 16) the read failed. At ONE it ran in the calling
/// thread: 0.7-1.0 answered their processor's internal error, 1.1 closed
/// the connection; at another level the replica's read failed and the
/// coordinator timed out. Only the comparisons with the first name are
/// made here (the set's root as it was built: the first name against
/// itself, each other one against it).
pub fn check_range_names(
    node: &Node,
    comparator: &str,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    cl: t::ConsistencyLevel,
) -> Result<(), ApiError> {
    let Some(release) = node.release else {
        return Ok(());
    };
    if release.at_least(1, 2) || parent.super_column.is_none() {
        return Ok(());
    }
    let Some((first, rest)) = predicate
        .column_names
        .as_deref()
        .and_then(<[_]>::split_first)
    else {
        return Ok(());
    };
    let reads_past: fn(&[u8], &[u8]) -> bool = if comparator.ends_with(".TimeUUIDType") {
        time_uuid_reads_past
    } else if comparator.ends_with(".LexicalUUIDType") {
        |a, b| !a.is_empty() && !b.is_empty() && (a.len() < 16 || b.len() < 16)
    } else {
        return Ok(());
    };
    if !reads_past(first, first) && !rest.iter().any(|name| reads_past(name, first)) {
        return Ok(());
    }
    let why = format!("{comparator} compared a column name too short for it");
    Err(match cl {
        t::ConsistencyLevel::ONE if release.at_least(1, 1) => ApiError::Dropped(why),
        t::ConsistencyLevel::ONE => ApiError::Internal(why),
        _ => ApiError::TimedOut(crate::node::Acknowledged {
            by: None,
            by_batchlog: None,
        }),
    })
}

/// Whether 0.7-1.0's `TimeUUIDType.compare(a, b)` read past either name:
/// it compared the timestamp bytes, version nibble first, until two
/// differed.
fn time_uuid_reads_past(a: &[u8], b: &[u8]) -> bool {
    if a.is_empty() || b.is_empty() {
        return false;
    }
    for (i, mask) in [
        (6, 0x0f),
        (7, 0xff),
        (4, 0xff),
        (5, 0xff),
        (0, 0xff),
        (1, 0xff),
        (2, 0xff),
        (3, 0xff),
    ] {
        if i >= a.len() || i >= b.len() {
            return true;
        }
        if a[i] & mask != b[i] & mask {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::node::test_nodes::as_release as node_as;

    #[test]
    fn old_range_scans_of_a_super_column_compared_names_as_super_columns() {
        let parent = t::ColumnParent::new("Sup".to_string(), Some(vec![0; 16]));
        let names = |n: Vec<Vec<u8>>| t::SlicePredicate::new(Some(n), None::<t::SliceRange>);
        let time = "org.apache.cassandra.db.marshal.TimeUUIDType";
        let one = t::ConsistencyLevel::ONE;
        let check = |v: &str, cmp: &str, n: Vec<Vec<u8>>| {
            check_range_names(&node_as(v), cmp, &parent, &names(n), one).is_ok()
        };
        assert!(!check("0.7.10", time, vec![b"c02".to_vec()]));
        assert!(!check("1.0.12", time, vec![vec![0; 8], b"c".to_vec()]));
        assert!(check("1.0.12", time, vec![vec![0; 8], vec![1; 8]]));
        assert!(matches!(
            check_range_names(
                &node_as("1.1.12"),
                time,
                &parent,
                &names(vec![b"c".to_vec()]),
                one
            ),
            Err(ApiError::Dropped(_))
        ));
        assert!(matches!(
            check_range_names(
                &node_as("0.8.10"),
                time,
                &parent,
                &names(vec![b"c".to_vec()]),
                t::ConsistencyLevel::ALL
            ),
            Err(ApiError::TimedOut(_))
        ));
        assert!(check("1.2.19", time, vec![b"c02".to_vec()]));
        assert!(check(
            "0.8.10",
            "org.apache.cassandra.db.marshal.UTF8Type",
            vec![b"c".to_vec()]
        ));
        let lexical = "org.apache.cassandra.db.marshal.LexicalUUIDType";
        assert!(!check("0.8.10", lexical, vec![vec![0; 8]]));
        assert!(check("0.8.10", lexical, vec![vec![]]));
    }

    #[test]
    fn release_0_7_listed_a_users_columns_in_its_hash_map_order() {
        let column =
            |n: &str| t::ColumnDef::new(n.as_bytes().to_vec(), String::new(), None, None, None);
        let names = |v: &str, given: &[&str]| {
            let mut cf =
                super::super::super::defs::cf_def(&crate::schema::CfSpec::new("ks", "Users"));
            cf.column_metadata = Some(given.iter().map(|n| column(n)).collect());
            order_column_metadata(Release::find(v).unwrap(), &mut cf, false, None);
            let listed = cf.column_metadata.unwrap();
            listed
                .into_iter()
                .map(|c| String::from_utf8(c.name).unwrap())
                .collect::<Vec<_>>()
        };
        // Both in the last of the 4 buckets `new HashMap<>(map)` made for
        // two: the TreeMap's order.
        assert_eq!(names("0.7.10", &["name", "age"]), ["age", "name"]);
        // 8 buckets for three: name (3) before email (4) and age (7).
        assert_eq!(
            names("0.7.10", &["name", "age", "email"]),
            ["name", "email", "age"]
        );
        assert_eq!(names("1.1.12", &["name", "age"]), ["name", "age"]);
        assert_eq!(copied_capacity(2), 4);
        assert_eq!(copied_capacity(6), 16);
        assert_eq!(copied_capacity(12), 32);
    }

    #[test]
    fn old_releases_list_their_own_system_column_families() {
        let system = system_keyspaces(&node_as("1.0.12"));
        assert_eq!(system.len(), 1);
        assert!(system[0].cfs.contains_key("Versions"));
        assert!(!system[0].cfs.contains_key("hints"));
        let system = system_keyspaces(&node_as("2.0.17"));
        assert!(system.iter().any(|k| k.name == "system_traces"));
    }

    #[test]
    fn old_system_fields_keep_only_what_the_struct_had() {
        let mut cf = super::super::super::defs::cf_def(&crate::schema::CfSpec {
            name: "HintsColumnFamily".into(),
            ..Default::default()
        });
        cf.key_cache_size = Some(thrift::OrderedFloat(200_000.0));
        cf.memtable_throughput_in_mb = Some(64);
        shape_old_system_cf(Release::find("0.8.10").unwrap(), 1024, &mut cf);
        assert_eq!(cf.key_cache_size, Some(thrift::OrderedFloat(0.01)));
        assert_eq!(cf.memtable_throughput_in_mb, Some(32));
        assert_eq!(cf.merge_shards_chance, None);
    }

    #[test]
    fn a_failed_update_of_1_1_breaks_the_keyspace_until_its_cf_is_dropped() {
        let node = node_as("1.1.12");
        let ks = node.schema().user_keyspaces().next().unwrap().clone();
        let cf = ks.cfs.keys().next().unwrap().clone();
        let spec = crate::schema::CfSpec {
            keyspace: ks.name.clone(),
            name: cf.clone(),
            ..Default::default()
        };
        let mut def = super::super::super::defs::cf_def(&spec);
        let change = crate::schema::SchemaChange::UpdateColumnFamily(spec.clone());
        // CFMetaData.validate's refusals come before the id's failure.
        let crossed = crate::schema::SchemaChange::UpdateColumnFamily(crate::schema::CfSpec {
            min_compaction_threshold: Some(40),
            max_compaction_threshold: Some(4),
            ..spec.clone()
        });
        assert!(matches!(
            check_update_id(&node, &def, &crossed),
            Err(ApiError::InvalidRequest(why)) if why.starts_with("Min compaction threshold (got 40)")
        ));
        assert!(node.failed_cf_update.lock().is_none());
        assert!(matches!(
            check_update_id(&node, &def, &change),
            Err(ApiError::Dropped(_))
        ));
        assert!(matches!(
            after_cf_change(&node, &ks.name, "Other", false),
            Err(ApiError::Dropped(_))
        ));
        assert!(after_cf_change(&node, "elsewhere", "Other", true).is_ok());
        assert!(after_cf_change(&node, &ks.name, &cf, true).is_ok());
        assert!(after_cf_change(&node, &ks.name, "Other", true).is_ok());
        assert!(check_update_id(&node, &def, &change).is_err());
        after_keyspace_drop(&node, &ks.name);
        assert!(after_cf_change(&node, &ks.name, "Other", false).is_ok());
        def.id = Some(1000);
        assert!(check_update_id(&node, &def, &change).is_ok(), "with its id");
        assert!(check_update_id(&node_as("1.0.12"), &def, &change).is_ok());
    }

    #[test]
    fn a_type_or_comparator_change_of_1_1_fails_on_the_server_until_mended() {
        let node = node_as("1.1.12");
        let def = super::super::super::defs::cf_def(&crate::schema::CfSpec::new("K", "Users"));
        let refused = || ApiError::invalid("comparators do not match or are not compatible.");
        assert!(matches!(
            failed_update(&node, &def, refused()),
            ApiError::Dropped(_)
        ));
        // Another column family of the keyspace updated: made, then closed.
        assert!(after_cf_update(&node, "K", "Other").is_err());
        assert!(after_cf_change(&node, "K", "Tags", false).is_err());
        // The broken one updated again: its definition written over.
        assert!(after_cf_update(&node, "K", "Users").is_ok());
        assert!(after_cf_change(&node, "K", "Tags", false).is_ok());
        // Other refusals, and other releases, answer as they were.
        let other = failed_update(&node, &def, ApiError::invalid("Invalid column type"));
        assert!(matches!(other, ApiError::InvalidRequest(_)));
        let ten = failed_update(&node_as("1.0.12"), &def, refused());
        assert!(matches!(ten, ApiError::InvalidRequest(_)));
    }
}
