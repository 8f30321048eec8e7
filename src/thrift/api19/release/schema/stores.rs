//! Cassandra 1.0's column family stores against their definitions
//! (`Behaviour::StoreKeepsCompactionThresholds`). The store
//! (`ColumnFamilyStore`) kept its compaction thresholds apart, as
//! `DefaultInteger`s: made from the definition, reset from it by an
//! update's `reload` only while unmodified, and set by the compaction
//! strategy's constructor (`LeveledCompactionStrategy` to 1 and
//! `Integer.MAX_VALUE`, so for good; `SizeTieredCompactionStrategy` to the
//! definition's, the maximum first, each checked against the other's
//! current value by `setMaximumCompactionThreshold` and
//! `setMinimumCompactionThreshold`). `reload` made a new strategy only when
//! the definition's class or options differed from the live one's, and
//! opened the new indexes after it (`SecondaryIndexManager.reload`: each
//! took a column family id as it opened). A constructor that threw failed
//! the call (Internal error) once the schema had taken the change, the
//! indexes unopened. A store that failed as the column family was added
//! left it in the schema without one: its updates and its drop failed on
//! the server, an update once the schema took it (`UpdateColumnFamily`
//! reached the store last), a drop before it changed anything
//! (`DropColumnFamily` asked for the store first, `Table`'s
//! `getColumnFamilyStore` threw), and its keyspace could not be dropped
//! (`DropKeyspace` met it after purging those before it, the keyspace
//! stayed). Reads and writes of it failed on the server too. 0.7 and 0.8
//! left a column family without a store too, for a negative cache size
//! (as 1.0 did): its drop and its keyspace's failed the same way.
//!
//! This owns the stores' state ([`crate::node::stores`]) and what the
//! release answered from it; the schema changes themselves are the
//! node's.

use crate::node::stores::{Kept, OpenStore};
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::javaorder::string_hashmap_order;
use crate::schema::CfDef;
use crate::thrift::error::ApiError;
use std::collections::BTreeSet;

fn applies(node: &Node) -> bool {
    node.release
        .is_some_and(|r| r.does(Behaviour::StoreKeepsCompactionThresholds))
}

/// Whether the release left a column family without a store for a cause
/// other than its thresholds: 0.7 to 1.0's store sized its caches from
/// the definition as it opened (`Behaviour::NegativeCacheSizeFails`); its
/// keyspace's drop then met it as 1.0's did.
fn storeless_tracked(node: &Node) -> bool {
    applies(node)
        || node
            .release
            .is_some_and(|r| r.does(Behaviour::NegativeCacheSizeFails))
}

/// The store of column family `cf` of `keyspace` (the schema took it)
/// failed as it opened, for its cache sizes: it has none.
pub fn never_opened(node: &Node, keyspace: &str, cf: &str) {
    if !storeless_tracked(node) {
        return;
    }
    let Some(def) = node.schema().cf(keyspace, cf).cloned() else {
        return;
    };
    let mut store = open(node, &def);
    store.opened = false;
    store.indexes.clear();
    node.open_stores.lock().insert(key(keyspace, cf), store);
}

fn key(keyspace: &str, cf: &str) -> (String, String) {
    (keyspace.to_string(), cf.to_string())
}

fn strategy_name(class: &str) -> &str {
    class.rsplit('.').next().unwrap_or(class)
}

fn indexed(cf: &CfDef) -> BTreeSet<Vec<u8>> {
    cf.options
        .indexed_columns()
        .map(|c| c.name.clone())
        .collect()
}

/// The store the release made for `cf` (at its creation, or a start):
/// its thresholds from the definition, then its strategy built
/// ([`build_strategy`]), then its indexes opened. `opened` is false when
/// the strategy's constructor threw.
fn open(node: &Node, cf: &CfDef) -> OpenStore {
    let o = &cf.options;
    let mut store = OpenStore {
        id: creation_id(node, cf),
        opened: true,
        purged: false,
        min_compaction_threshold: Kept::new(o.min_compaction_threshold),
        max_compaction_threshold: Kept::new(o.max_compaction_threshold),
        strategy: String::new(),
        strategy_options: Default::default(),
        indexes: BTreeSet::new(),
    };
    store.opened = build_strategy(&mut store, cf);
    if store.opened {
        store.indexes = indexed(cf);
    }
    store
}

/// The strategy of `cf`'s definition built over `store`: false when its
/// constructor threw (the thresholds set before that stay set, the live
/// strategy stays the old one).
fn build_strategy(store: &mut OpenStore, cf: &CfDef) -> bool {
    let o = &cf.options;
    let (max, min) = match strategy_name(&o.compaction_strategy) {
        "LeveledCompactionStrategy" => (i32::MAX, 1),
        "SizeTieredCompactionStrategy" => (o.max_compaction_threshold, o.min_compaction_threshold),
        // Another class set no threshold.
        _ => {
            store.strategy = o.compaction_strategy.clone();
            store.strategy_options = o.compaction_strategy_options.clone();
            return true;
        }
    };
    if max > 0 && max < store.min_compaction_threshold.current {
        return false;
    }
    store.max_compaction_threshold.current = max;
    let top = store.max_compaction_threshold.current;
    if min > top && top != 0 {
        return false;
    }
    store.min_compaction_threshold.current = min;
    store.strategy = o.compaction_strategy.clone();
    store.strategy_options = o.compaction_strategy_options.clone();
    true
}

fn creation_id(node: &Node, cf: &CfDef) -> u32 {
    node.schema()
        .creation_ids
        .id(&cf.keyspace, &cf.name)
        .unwrap_or_default()
}

fn internal(why: String) -> ApiError {
    ApiError::Internal(why)
}

/// After the release added column family `cf` of `keyspace` (the schema
/// took it): its store opened, or failed to, which failed the call (its
/// indexes unopened gave back the ids the schema counted for them).
pub fn after_add(node: &Node, keyspace: &str, cf: &str) -> Result<(), ApiError> {
    if !applies(node) {
        return Ok(());
    }
    let Some(def) = node.schema().cf(keyspace, cf).cloned() else {
        return Ok(());
    };
    let store = open(node, &def);
    let opened = store.opened;
    node.open_stores.lock().insert(key(keyspace, cf), store);
    if opened {
        return Ok(());
    }
    give_back(node, def.options.indexed_columns().count());
    Err(internal(format!(
        "the compaction thresholds of {keyspace}.{cf} failed its store as it opened"
    )))
}

/// After the release updated column family `old` (its definition before
/// the update; the schema took the update): the store's `reload`. The
/// ids the schema counted for the update's new indexes are made to match
/// the indexes the store opened.
pub fn after_update(node: &Node, old: &CfDef) -> Result<(), ApiError> {
    if !applies(node) {
        return Ok(());
    }
    let (keyspace, cf) = (old.keyspace.as_str(), old.name.as_str());
    let Some(new) = node.schema().cf(keyspace, cf).cloned() else {
        return Ok(());
    };
    let counted = indexed(&new).difference(&indexed(old)).count();
    let id = creation_id(node, &new);
    let mut stores = node.open_stores.lock();
    let store = stores
        .entry(key(keyspace, cf))
        .and_modify(|s| {
            if s.id != id {
                *s = open(node, old);
            }
        })
        .or_insert_with(|| open(node, old));
    if !store.opened {
        drop(stores);
        give_back(node, counted);
        return Err(internal(format!("{keyspace}.{cf} has no store to reload")));
    }
    let o = &new.options;
    if !store.min_compaction_threshold.modified() {
        store.min_compaction_threshold = Kept::new(o.min_compaction_threshold);
    }
    if !store.max_compaction_threshold.modified() {
        store.max_compaction_threshold = Kept::new(o.max_compaction_threshold);
    }
    let same = strategy_name(&store.strategy) == strategy_name(&o.compaction_strategy)
        && store.strategy_options == o.compaction_strategy_options;
    if !same && !build_strategy(store, &new) {
        drop(stores);
        give_back(node, counted);
        return Err(internal(format!(
            "the compaction strategy of {keyspace}.{cf} refused the store's thresholds"
        )));
    }
    let wanted = indexed(&new);
    let opening = wanted.difference(&store.indexes).count();
    store.indexes = wanted;
    drop(stores);
    match opening.cmp(&counted) {
        std::cmp::Ordering::Greater => {
            for _ in counted..opening {
                node.spend_creation_id().map_err(ApiError::from)?;
            }
        }
        std::cmp::Ordering::Less => give_back(node, counted - opening),
        std::cmp::Ordering::Equal => {}
    }
    Ok(())
}

/// After the release dropped column family `cf` of `keyspace`: its store
/// is gone.
pub fn after_drop(node: &Node, keyspace: &str, cf: &str) {
    if storeless_tracked(node) {
        node.open_stores.lock().remove(&key(keyspace, cf));
    }
}

/// Before the release dropped `keyspace`: one holding a column family
/// without a store failed on the server, the keyspace kept.
/// `DropKeyspace` had purged the column families it met before that one
/// (in the `HashMap` of their names): their stores were dropped.
pub fn check_drop_keyspace(node: &Node, keyspace: &str) -> Result<(), ApiError> {
    if !storeless_tracked(node) {
        return Ok(());
    }
    let schema = node.schema();
    let Some(ks) = schema.keyspace(keyspace) else {
        return Ok(());
    };
    let mut stores = node.open_stores.lock();
    let storeless = |stores: &crate::node::stores::OpenStores, cf: &CfDef| {
        stores
            .get(&key(keyspace, &cf.name))
            .is_some_and(|s| !s.opened && s.id == creation_id(node, cf))
    };
    if !ks.cfs.values().any(|cf| storeless(&stores, cf)) {
        return Ok(());
    }
    for name in string_hashmap_order(ks.cfs.keys().map(String::as_str)) {
        let Some(cf) = ks.cfs.get(name) else {
            continue;
        };
        if storeless(&stores, cf) {
            break;
        }
        let store = stores
            .entry(key(keyspace, name))
            .or_insert_with(|| open(node, cf));
        store.opened = false;
        store.purged = true;
    }
    Err(internal(format!(
        "{keyspace} holds a column family without a store: it cannot be dropped"
    )))
}

/// Before the release dropped column family `cf` of `keyspace`: one
/// without a store (or purged by a failed drop of its keyspace) failed
/// as the drop asked for the store, before anything changed.
pub fn check_drop(node: &Node, keyspace: &str, cf: &str) -> Result<(), ApiError> {
    if !storeless_tracked(node) {
        return Ok(());
    }
    let Some(def) = node.schema().cf(keyspace, cf).cloned() else {
        return Ok(());
    };
    match node.open_stores.lock().get(&key(keyspace, cf)) {
        Some(store) if !store.opened && store.id == creation_id(node, &def) => {
            Err(internal(format!("{keyspace}.{cf} has no store to drop")))
        }
        _ => Ok(()),
    }
}

/// After `keyspace` was dropped: its stores are gone.
pub fn after_drop_keyspace(node: &Node, keyspace: &str) {
    if storeless_tracked(node) {
        node.open_stores.lock().retain(|(ks, _), _| ks != keyspace);
    }
}

/// A read or a write of column family `cf` of `keyspace` whose store
/// never opened: it failed on the server where it asked for the store, a
/// row read (`row`) in the read stage, so the call timed out.
pub fn check_store(node: &Node, keyspace: &str, cf: &str, row: bool) -> Result<(), ApiError> {
    if !applies(node) {
        return Ok(());
    }
    let id = node.schema().creation_ids.id(keyspace, cf);
    let stores = node.open_stores.lock();
    match stores.get(&key(keyspace, cf)) {
        Some(store) if !store.opened && Some(store.id) == id => Err(match row {
            true => ApiError::TimedOut(crate::node::Acknowledged {
                by: None,
                by_batchlog: None,
            }),
            false => internal(format!("{keyspace}.{cf} has no store")),
        }),
        _ => Ok(()),
    }
}

/// `cf` as an indexed read met it: without the indexes its store has not
/// opened (1.0's `validateIndexClauses` took the store's indexed
/// columns); `None` when the store has them all.
pub fn as_opened(node: &Node, cf: &CfDef) -> Option<CfDef> {
    if !applies(node) {
        return None;
    }
    let stores = node.open_stores.lock();
    let store = stores
        .get(&key(&cf.keyspace, &cf.name))
        .filter(|s| s.id == creation_id(node, cf))?;
    let unopened = |c: &crate::schema::ColumnDef| {
        c.index_type.is_some() && (!store.opened || !store.indexes.contains(&c.name))
    };
    if !cf.options.column_metadata.iter().any(unopened) {
        return None;
    }
    let mut seen = cf.clone();
    for c in &mut seen.options.column_metadata {
        if unopened(c) {
            c.index_type = None;
        }
    }
    Some(seen)
}

fn give_back(node: &Node, count: usize) {
    if let Err(e) = node.give_back_creation_ids(count) {
        tracing::warn!(error = %e, "cannot give back column family ids");
    }
}
