//! What schema changes and truncation do to stored data: swapping the
//! catalog for a new schema snapshot (new stores for new CFs, data of dropped
//! CFs deleted, new options for updated ones) and emptying one CF durably.
//!
//! It must not validate schema changes (the schema layer did) nor know file
//! formats; it works on stores, the catalog and truncation markers.

use super::flush::discard_sstable;
use super::Engine;
use crate::schema::{CfDef, Schema};
use crate::storage::index::CfIndex;
use crate::storage::layout;
use crate::storage::layout::truncation_markers::{self, Truncation};
use crate::storage::store::catalog::{Catalog, CfMap};
use crate::storage::store::CfStore;
use crate::storage::StorageError;
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;

impl Engine {
    /// Switches to a new schema snapshot. CFs are matched by id: a new id
    /// gets an empty store (files left under its name by a dropped CF are
    /// deleted first), an id that disappeared (dropped CF or keyspace)
    /// loses its memtables, SSTables and truncation marker before this
    /// returns (and a dropped keyspace its directory), and a kept id takes
    /// its new definition (a comparator only becomes one sorting alike). Writes in flight
    /// finish against the old snapshot first; later ones see the new one.
    pub fn update_schema(&self, new: Arc<Schema>) -> Result<(), StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        if inner.disk.is_some() {
            layout::check_names(&new)?;
        }
        let mut reindex = Vec::new();
        let (dropped, dropped_keyspaces) = {
            let mut gate = inner.catalog.write();
            if gate.schema.partitioner.class_name() != new.partitioner.class_name() {
                return Err(StorageError::Invalid(format!(
                    "the partitioner cannot change (from {} to {})",
                    gate.schema.partitioner.class_name(),
                    new.partitioner.class_name()
                )));
            }
            let old: HashMap<u32, Arc<CfStore>> =
                gate.cfs.values().map(|s| (s.id(), s.clone())).collect();
            for def in new.column_families() {
                if let Some(store) = old.get(&def.id) {
                    let was = store.def();
                    let name =
                        |t: &Option<crate::marshal::TypeRef>| t.as_ref().map(|t| t.class_name());
                    // A comparator may only become one that sorts the
                    // stored names alike (a composite gaining components,
                    // as CQL 3's ALTER TABLE ADD of a collection made it).
                    // BytesType, UTF8Type and AsciiType all sort by
                    // unsigned bytes: the one a release let replace the
                    // others (BytesType.isCompatibleWith) changes no order.
                    let bytewise = |t: &crate::marshal::TypeRef| {
                        matches!(
                            t.class_name().rsplit('.').next(),
                            Some("BytesType" | "UTF8Type" | "AsciiType")
                        )
                    };
                    let sorts_alike = was.comparator.class_name() == def.comparator.class_name()
                        || crate::schema::is_compatible_with(&def.comparator, &was.comparator)
                            && (def.comparator.class_name().contains("CompositeType(")
                                || bytewise(&def.comparator) && bytewise(&was.comparator));
                    if !sorts_alike || name(&was.subcomparator) != name(&def.subcomparator) {
                        return Err(StorageError::Invalid(format!(
                            "column family {}.{} cannot change its comparators",
                            def.keyspace, def.name
                        )));
                    }
                }
            }
            let mut cfs = CfMap::default();
            for def in new.column_families() {
                let store = match old.get(&def.id) {
                    Some(store) => {
                        store.set_def(def.clone());
                        if !CfIndex::matches(store.index().as_deref(), def) {
                            // Writes from now on note into the new index;
                            // what is stored already is added below (the
                            // columns new to it maybe later).
                            let was = store.index();
                            if let Some(ix) = store.set_index(CfIndex::for_def(def)) {
                                reindex.push((store.clone(), ix, was));
                            }
                        }
                        store.clone()
                    }
                    None => {
                        // Ids are never reused, so a new CF owns no file
                        // yet: whatever has its name is left from a dropped
                        // one. Removed before any write can reach the CF.
                        if let Some(disk) = &inner.disk {
                            remove_leftovers(&disk.data_dir, def, "created");
                        }
                        Arc::new(CfStore::new(def.clone(), Vec::new(), inner.opts.ties))
                    }
                };
                cfs.insert((def.keyspace.clone(), def.name.clone()), store);
            }
            let kept: std::collections::HashSet<u32> = cfs.values().map(|s| s.id()).collect();
            let gone: Vec<String> = gate
                .schema
                .keyspaces
                .keys()
                .filter(|k| new.keyspace(k).is_none())
                .cloned()
                .collect();
            *gate = Arc::new(Catalog { schema: new, cfs });
            let dropped: Vec<Arc<CfStore>> = old
                .into_values()
                .filter(|s| !kept.contains(&s.id()))
                .collect();
            (dropped, gone)
        };
        for store in dropped {
            let tables = store.clear(true);
            let def = store.def();
            tracing::info!(
                "column family {}.{} (id {}) dropped: deleting {} SSTables",
                def.keyspace,
                def.name,
                def.id,
                tables.len()
            );
            tables.iter().for_each(|t| discard_sstable(t));
            if let Some(disk) = &inner.disk {
                remove_leftovers(&disk.data_dir, &def, "dropped");
            }
        }
        if let Some(disk) = &inner.disk {
            for ks in dropped_keyspaces {
                if let Err(e) = layout::remove_keyspace_dir(&disk.data_dir, &ks) {
                    tracing::warn!("keyspace {ks} dropped: could not remove its directory: {e}");
                }
            }
        }
        for (store, ix, was) in reindex {
            inner.defer_builds(&store, &ix, was.as_deref())?;
            inner.build_index(&store, &ix)?;
        }
        // The dropped CFs' memtables no longer hold back the commit log.
        inner.discard_log();
        Ok(())
    }

    /// Removes every piece of data of one CF written before this call
    /// (memtables and SSTables), durably: a marker records where in the
    /// commit log the truncation happened, so a restart replays nothing
    /// older for this CF, and which SSTables it removed, so a crash before
    /// their deletion does not bring them back. Later writes are kept.
    pub fn truncate(&self, keyspace: &str, cf: &str) -> Result<(), StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let store = inner.catalog().cf(keyspace, cf)?.clone();
        // No flush or compaction of this CF may be writing an SSTable of
        // pre-truncation data that a crash could leave behind unmarked.
        let _flush = store.flushing_lock.lock();
        let _compaction = store.compaction.lock();
        let tables = {
            // Writes wait: each is wholly before the marker or wholly after.
            let gate = inner.catalog.write();
            let store = gate.cf(keyspace, cf)?.clone();
            if let Some(disk) = &inner.disk {
                let t = Truncation {
                    replay_from: disk.log.current_position(),
                    min_generation: disk.generation.load(Ordering::SeqCst),
                };
                truncation_markers::write(&disk.data_dir, &store.def(), &t)?;
            }
            store.clear(false)
        };
        tables.iter().for_each(|t| discard_sstable(t));
        inner.discard_log();
        Ok(())
    }
}

/// Deletes every file named after `def` (see [`layout::remove_cf_files`]).
/// A failure is logged, not returned: the schema change has happened, and
/// files left behind are never read as another CF's (SSTables record the id
/// of their CF, markers too) and are retried when a CF takes the name.
fn remove_leftovers(data_dir: &Path, def: &CfDef, why: &str) {
    match layout::remove_cf_files(data_dir, &def.keyspace, &def.name) {
        Ok(0) => {}
        Ok(n) if why == "created" => tracing::warn!(
            "column family {}.{} created: deleted {n} SSTables a dropped column family of that name left behind",
            def.keyspace,
            def.name
        ),
        Ok(_) => {}
        Err(e) => tracing::warn!(
            "column family {}.{} {why}: could not delete the files under its name: {e}",
            def.keyspace,
            def.name
        ),
    }
}
