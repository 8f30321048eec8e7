//! Moves a data directory from the layout before named files to `layout`'s.
//!
//! The old layout kept every SSTable in `<data_dir>/data` named by column
//! family id (`cf<id>-<generation, 8 digits>-<Component>.db`) and truncation
//! markers in `<data_dir>/markers/cf<id>.truncated`. Recovery runs this
//! before anything else looks at the directory; the schema maps each id to
//! its keyspace and name.
//!
//! Nothing is copied: files are renamed within the data directory, and every
//! step can be redone, so a crash at any point is finished by the next
//! start. Per SSTable: its CF id is first recorded in its Statistics (an
//! atomic rewrite; new files record it from the start), then its components
//! are renamed to `<data_dir>/<keyspace>/<cf>-<generation>-<Component>.db`
//! with Statistics (the commit marker) last. While the old Statistics is
//! there the old set is complete and the move is resumed; once it is gone
//! what is left of the set under its old name was never complete (or was
//! half deleted) and is removed, as the old start-up did. Markers are
//! rewritten in their new place (with the CF id) before the old file goes.
//! SSTables and markers of ids no longer in the schema (dropped column
//! families the old layout could never read again) are left where they
//! are, with a warning.
//!
//! It must not open SSTables or replay anything (recovery does, after).

use super::truncation_markers;
use super::{file_names, keyspace_dir, sstable_name, sync_dir};
use crate::schema::{CfDef, Schema};
use crate::storage::codec::{decode_meta, encode_meta};
use crate::storage::sstable::{replace_user_meta, split_file_name, Component};
use crate::storage::StorageError;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::Arc;

/// Where the old layout kept SSTables and markers, under the data directory.
const OLD_SSTABLE_DIR: &str = "data";
const OLD_MARKER_DIR: &str = "markers";

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StorageError + '_ {
    move |source| StorageError::io(path, source)
}

/// The (CF id, generation) of an old-layout SSTable name, `cf<id>-<gen>`
/// with the generation zero-padded to at least 8 digits.
fn old_name(name: &str) -> Option<(u32, u64)> {
    let (id, generation) = name.strip_prefix("cf")?.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(id) || !digits(generation) || generation.len() < 8 {
        return None;
    }
    Some((id.parse().ok()?, generation.parse().ok()?))
}

/// A keyspace named like an old directory owns it in the new layout; a file
/// there named after one of its CFs (`cf123`) is that CF's, not an old one.
fn owned_by_keyspace(schema: &Schema, dir: &str, cf: &str) -> bool {
    schema
        .keyspace(dir)
        .is_some_and(|ks| ks.cfs.contains_key(cf))
}

/// What a migration did, for its log line.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Moved {
    pub sstables: usize,
    pub markers: usize,
    /// Incomplete old SSTables removed.
    pub removed: usize,
    /// Old SSTables and markers of ids the schema does not have.
    pub left: usize,
}

/// Migrates `data_dir` if it holds anything in the old layout (see the
/// module documentation) and logs what moved.
pub(crate) fn migrate(schema: &Schema, data_dir: &Path) -> Result<Moved, StorageError> {
    let by_id: HashMap<u32, Arc<CfDef>> = schema
        .column_families()
        .map(|cf| (cf.id, cf.clone()))
        .collect();
    let mut moved = Moved::default();
    migrate_markers(schema, data_dir, &by_id, &mut moved)?;
    migrate_sstables(schema, data_dir, &by_id, &mut moved)?;
    if moved != Moved::default() {
        tracing::info!(
            "data directory {} moved to the per-keyspace layout: {} SSTables and {} truncation \
             markers renamed to <keyspace>/<column family>-<generation>-<component>, {} \
             incomplete SSTables removed",
            data_dir.display(),
            moved.sstables,
            moved.markers,
            moved.removed
        );
    }
    if moved.left > 0 {
        tracing::warn!(
            "{} files in {} and {} belong to column family ids the schema no longer has \
             (dropped); they are not read and can be deleted",
            moved.left,
            data_dir.join(OLD_SSTABLE_DIR).display(),
            data_dir.join(OLD_MARKER_DIR).display()
        );
    }
    Ok(moved)
}

fn migrate_markers(
    schema: &Schema,
    data_dir: &Path,
    by_id: &HashMap<u32, Arc<CfDef>>,
    moved: &mut Moved,
) -> Result<(), StorageError> {
    let dir = data_dir.join(OLD_MARKER_DIR);
    if !dir.is_dir() {
        return Ok(());
    }
    let mut legacy = truncation_markers::read_legacy(&dir)?;
    legacy.retain(|id, _| !owned_by_keyspace(schema, OLD_MARKER_DIR, &format!("cf{id}")));
    for (id, t) in legacy {
        let Some(cf) = by_id.get(&id) else {
            moved.left += 1;
            continue;
        };
        truncation_markers::write(data_dir, cf, &t)?;
        let old = dir.join(format!("cf{id}{}", truncation_markers::SUFFIX));
        std::fs::remove_file(&old).map_err(io(&old))?;
        sync_dir(&dir)?;
        moved.markers += 1;
    }
    remove_if_empty(schema, data_dir, OLD_MARKER_DIR)
}

fn migrate_sstables(
    schema: &Schema,
    data_dir: &Path,
    by_id: &HashMap<u32, Arc<CfDef>>,
    moved: &mut Moved,
) -> Result<(), StorageError> {
    let old_dir = data_dir.join(OLD_SSTABLE_DIR);
    if !old_dir.is_dir() {
        return Ok(());
    }
    // Old SSTable name -> (id, generation, its files there).
    let mut sets: BTreeMap<String, (u32, u64, Vec<String>)> = BTreeMap::new();
    for f in file_names(&old_dir)? {
        let base = f.strip_suffix(".tmp").unwrap_or(&f);
        let Some((name, _)) = split_file_name(base) else {
            continue;
        };
        let Some((id, generation)) = old_name(name) else {
            continue;
        };
        if owned_by_keyspace(
            schema,
            OLD_SSTABLE_DIR,
            name.split('-').next().unwrap_or(""),
        ) {
            continue;
        }
        let name = name.to_string();
        sets.entry(name)
            .or_insert_with(|| (id, generation, Vec::new()))
            .2
            .push(f);
    }
    for (name, (id, generation, files)) in sets {
        let statistics = Component::Statistics.file_name(&name);
        let complete = files.contains(&statistics);
        // Interrupted writes (or an interrupted id stamp): never complete.
        let mut touched = false;
        for f in files.iter().filter(|f| f.ends_with(".tmp")) {
            remove(&old_dir.join(f))?;
            touched = true;
        }
        match by_id.get(&id) {
            None => moved.left += files.iter().filter(|f| !f.ends_with(".tmp")).count(),
            Some(cf) if complete => {
                move_sstable(&old_dir, &name, data_dir, cf, generation)?;
                moved.sstables += 1;
            }
            Some(_) => {
                // Statistics is renamed last, so none here means this set
                // was never complete (or half deleted), or has moved.
                for f in files.iter().filter(|f| !f.ends_with(".tmp")) {
                    remove(&old_dir.join(f))?;
                }
                touched = true;
                moved.removed += 1;
            }
        }
        if touched {
            sync_dir(&old_dir)?;
        }
    }
    remove_if_empty(schema, data_dir, OLD_SSTABLE_DIR)
}

/// Moves one complete old SSTable (see the module documentation).
fn move_sstable(
    old_dir: &Path,
    name: &str,
    data_dir: &Path,
    cf: &CfDef,
    generation: u64,
) -> Result<(), StorageError> {
    replace_user_meta(old_dir, name, |bytes| {
        // The engine's metadata (`store::sstable_store::SsMeta`), given the
        // CF's id when it records none.
        let (covers_until, ancestors, cf_id) = decode_meta(bytes).ok()?;
        cf_id
            .is_none()
            .then(|| encode_meta(covers_until, &ancestors, Some(cf.id)))
    })?;
    let dir = keyspace_dir(data_dir, &cf.keyspace);
    std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    let new_name = sstable_name(&cf.name, generation);
    let others = Component::ALL
        .into_iter()
        .filter(|c| *c != Component::Statistics);
    for c in others.chain([Component::Statistics]) {
        if c == Component::Statistics {
            // Every other component is in place before the commit marker.
            sync_dir(&dir)?;
        }
        let from = old_dir.join(c.file_name(name));
        if from.exists() {
            let to = dir.join(c.file_name(&new_name));
            std::fs::rename(&from, &to).map_err(io(&to))?;
        }
    }
    sync_dir(&dir)?;
    sync_dir(old_dir)
}

fn remove(path: &Path) -> Result<(), StorageError> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io(path)(e)),
    }
}

/// Removes an emptied old directory, unless a keyspace of that name owns it.
fn remove_if_empty(schema: &Schema, data_dir: &Path, name: &str) -> Result<(), StorageError> {
    let dir = data_dir.join(name);
    if schema.keyspace(name).is_some() || !file_names(&dir)?.is_empty() {
        return Ok(());
    }
    match std::fs::remove_dir(&dir) {
        Ok(()) => sync_dir(data_dir),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io(&dir)(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_names_are_recognised_strictly() {
        assert_eq!(old_name("cf1821809150-00000003"), Some((1821809150, 3)));
        assert_eq!(old_name("cf12-123456789"), Some((12, 123456789)));
        assert_eq!(old_name("cf12-3"), None, "a new name is not an old one");
        assert_eq!(old_name("Standard1-00000003"), None);
        assert_eq!(old_name("cf-00000003"), None);
        assert_eq!(old_name("cf99999999999-00000003"), None);
    }
}
