//! Where the engine's files live and what they are called: Cassandra 0.6's
//! layout, one directory per keyspace under the data directory.
//!
//! ```text
//! <data_dir>/<keyspace>/<cf>-<generation>-<Component>.db   SSTable components
//! <data_dir>/<keyspace>/<cf>.truncated                     truncation marker
//! <data_dir>/system/                                       the system keyspace (and the
//!                                                          schema layer's schema.json)
//! ```
//!
//! Names that reach the file system are checked here, whatever their source
//! (schema calls, the configuration file, a hand-edited schema file): only
//! ASCII letters, digits and `_` (Cassandra's `\w`), so no name can leave its
//! directory or split a file name differently. It also finds the SSTables of
//! the schema's column families and removes the files of a dropped one.
//!
//! It must not open SSTables or decide what is live (that is `recovery` and
//! `schema_change`).
//!
//! The folder holds every file the engine keeps beside its SSTables and log
//! (those have `sstable` and `commitlog`): names and directories here,
//! truncation markers (`truncation_markers`), and the one-time move of a
//! data directory from the previous layout (`upgrade`; not the top-level
//! `migrate` command, which copies data into a cluster).

pub(super) mod truncation_markers;
pub(super) mod upgrade;

use super::sstable::{cleanup_temporaries, list_sstables, split_file_name, Component};
use super::StorageError;
use crate::schema::{CfDef, Schema};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use truncation_markers::SUFFIX as MARKER_SUFFIX;

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StorageError + '_ {
    move |source| StorageError::io(path, source)
}

/// Refuses a keyspace or column family name that could not be stored safely.
fn check_name(what: &str, name: &str) -> Result<(), StorageError> {
    if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Ok(());
    }
    Err(StorageError::Invalid(format!(
        "{what} name {name:?} cannot be stored: keyspace and column family names become \
         directory and file names, so they must be letters, digits and underscores"
    )))
}

/// Checks every keyspace and column family name of `schema` (see the module
/// documentation).
pub(crate) fn check_names(schema: &Schema) -> Result<(), StorageError> {
    for ks in schema.keyspaces.values() {
        check_name("keyspace", &ks.name)?;
        for cf in ks.cfs.values() {
            check_name("column family", &cf.name)?;
        }
    }
    Ok(())
}

/// The directory of one keyspace's files.
pub(crate) fn keyspace_dir(data_dir: &Path, keyspace: &str) -> PathBuf {
    data_dir.join(keyspace)
}

/// The name of an SSTable (its files' common prefix): `<cf>-<generation>`,
/// e.g. `Standard1-7` for `Standard1-7-Data.db`. No version letter: the
/// files are this engine's format, not one of Cassandra's.
pub(crate) fn sstable_name(cf: &str, generation: u64) -> String {
    format!("{cf}-{generation}")
}

/// The (column family, generation) of an SSTable name made by
/// [`sstable_name`] (CF names hold no `-`).
pub(crate) fn parse_sstable_name(name: &str) -> Option<(&str, u64)> {
    let (cf, generation) = name.split_once('-')?;
    let digits = !generation.is_empty() && generation.bytes().all(|b| b.is_ascii_digit());
    (check_name("", cf).is_ok() && digits).then_some((cf, generation.parse().ok()?))
}

/// The truncation marker of one column family.
pub(crate) fn marker_path(data_dir: &Path, keyspace: &str, cf: &str) -> PathBuf {
    keyspace_dir(data_dir, keyspace).join(format!("{cf}{MARKER_SUFFIX}"))
}

/// The file names in `dir` (none when it does not exist).
pub(crate) fn file_names(dir: &Path) -> Result<Vec<String>, StorageError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io(dir)(e)),
    };
    let mut names = Vec::new();
    for entry in entries {
        if let Ok(n) = entry.map_err(io(dir))?.file_name().into_string() {
            names.push(n);
        }
    }
    names.sort();
    Ok(names)
}

/// Makes renames and unlinks in `dir` durable.
pub(crate) fn sync_dir(dir: &Path) -> Result<(), StorageError> {
    std::fs::File::open(dir)
        .and_then(|f| f.sync_all())
        .map_err(io(dir))
}

/// A complete SSTable found on disk, named after a CF of the schema.
pub(crate) struct Found {
    pub cf: Arc<CfDef>,
    pub dir: PathBuf,
    pub name: String,
    pub generation: u64,
}

/// What [`scan`] found.
pub(crate) struct Scan {
    pub found: Vec<Found>,
    /// The highest generation of any SSTable in a keyspace directory,
    /// including ones no CF of the schema owns (new SSTables must not reuse
    /// their names).
    pub max_generation: u64,
}

/// Finds the complete SSTables of every keyspace of the schema, after
/// removing what interrupted writes left in each keyspace directory. Files
/// of column families the schema does not have are left alone and logged.
pub(crate) fn scan(schema: &Schema, data_dir: &Path) -> Result<Scan, StorageError> {
    let mut out = Scan {
        found: Vec::new(),
        max_generation: 0,
    };
    for ks in schema.keyspaces.values() {
        let dir = keyspace_dir(data_dir, &ks.name);
        if !dir.is_dir() {
            continue;
        }
        for removed in cleanup_temporaries(&dir)? {
            tracing::info!(
                "removed leftover of an interrupted SSTable write: {}",
                removed.display()
            );
        }
        let mut unknown: BTreeMap<String, usize> = BTreeMap::new();
        for name in list_sstables(&dir)? {
            let Some((cf, generation)) = parse_sstable_name(&name) else {
                tracing::warn!(
                    "ignoring SSTable {name} in {}: not named <column family>-<generation>",
                    dir.display()
                );
                continue;
            };
            out.max_generation = out.max_generation.max(generation);
            match ks.cfs.get(cf) {
                Some(def) => out.found.push(Found {
                    cf: def.clone(),
                    dir: dir.clone(),
                    generation,
                    name,
                }),
                None => *unknown.entry(cf.to_string()).or_default() += 1,
            }
        }
        if !unknown.is_empty() {
            let list: Vec<String> = unknown
                .iter()
                .map(|(cf, n)| format!("{cf} ({n})"))
                .collect();
            tracing::warn!(
                "ignoring SSTables in {} of column families keyspace {} does not have: {}; \
                 they are not read (a column family created with such a name deletes them)",
                dir.display(),
                ks.name,
                list.join(", ")
            );
        }
    }
    Ok(out)
}

/// Deletes every file of column family `cf` of `keyspace` (SSTables, their
/// temporaries, the truncation marker), Statistics first so that a crash
/// midway leaves only incomplete SSTables, which the next start removes.
/// Returns how many SSTables it deleted.
pub(crate) fn remove_cf_files(
    data_dir: &Path,
    keyspace: &str,
    cf: &str,
) -> Result<usize, StorageError> {
    let dir = keyspace_dir(data_dir, keyspace);
    let marker = format!("{cf}{MARKER_SUFFIX}");
    let mut doomed: Vec<(bool, String)> = Vec::new();
    for f in file_names(&dir)? {
        let base = f.strip_suffix(".tmp").unwrap_or(&f);
        let ours = match split_file_name(base) {
            Some((name, c)) => parse_sstable_name(name)
                .filter(|(n, _)| *n == cf)
                .map(|_| c == Component::Statistics && base == f),
            None => (base == marker).then_some(false),
        };
        if let Some(statistics) = ours {
            doomed.push((statistics, f));
        }
    }
    // Statistics (the commit marker of an SSTable) first.
    doomed.sort_by_key(|(statistics, _)| !*statistics);
    let tables = doomed.iter().filter(|(s, _)| *s).count();
    for (_, f) in &doomed {
        let p = dir.join(f);
        match std::fs::remove_file(&p) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io(&p)(e)),
        }
    }
    if !doomed.is_empty() {
        sync_dir(&dir)?;
    }
    Ok(tables)
}

/// Removes the directory of a dropped keyspace once its column families'
/// files are gone; one still holding other files is kept and logged.
pub(crate) fn remove_keyspace_dir(data_dir: &Path, keyspace: &str) -> Result<(), StorageError> {
    let dir = keyspace_dir(data_dir, keyspace);
    let left = file_names(&dir)?;
    if !dir.is_dir() {
        return Ok(());
    }
    if !left.is_empty() {
        tracing::warn!(
            "keyspace {keyspace} dropped: its directory {} is kept, it still holds {}",
            dir.display(),
            left.join(", ")
        );
        return Ok(());
    }
    std::fs::remove_dir(&dir).map_err(io(&dir))?;
    sync_dir(data_dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unsafe_names_are_refused() {
        assert_eq!(sstable_name("Standard1", 12), "Standard1-12");
        assert_eq!(parse_sstable_name("Standard1-12"), Some(("Standard1", 12)));
        assert_eq!(parse_sstable_name("Standard1-x"), None);
        assert_eq!(parse_sstable_name("Standard1-"), None);
        assert_eq!(parse_sstable_name("Standard1-+1"), None);
        assert_eq!(parse_sstable_name("../x-1"), None);
        assert_eq!(parse_sstable_name("-1"), None);
        assert!(check_name("keyspace", "Keyspace_1").is_ok());
        for bad in [
            "", "..", ".", "a/b", "a\\b", "a-b", "a.b", "a b", "ä", "a\0b",
        ] {
            assert!(
                matches!(check_name("keyspace", bad), Err(StorageError::Invalid(m)) if m.contains("letters")),
                "{bad:?} accepted"
            );
        }
        assert_eq!(
            marker_path(Path::new("/d"), "K", "C"),
            Path::new("/d/K/C.truncated")
        );
    }

    #[test]
    fn removing_a_cf_removes_only_its_files() {
        let dir = tempfile::tempdir().unwrap();
        let ks = dir.path().join("K");
        std::fs::create_dir_all(&ks).unwrap();
        let files = [
            "A-1-Data.db",
            "A-1-Statistics.db",
            "A-2-Data.db",
            "A-3-Index.db.tmp",
            "A.truncated",
            "AB-1-Data.db",
            "AB-1-Statistics.db",
            "AB.truncated",
            "notes.txt",
        ];
        for f in files {
            std::fs::write(ks.join(f), b"x").unwrap();
        }
        assert_eq!(remove_cf_files(dir.path(), "K", "A").unwrap(), 1);
        assert_eq!(
            file_names(&ks).unwrap(),
            [
                "AB-1-Data.db",
                "AB-1-Statistics.db",
                "AB.truncated",
                "notes.txt"
            ]
        );
        assert_eq!(remove_cf_files(dir.path(), "K", "AB").unwrap(), 1);
        remove_keyspace_dir(dir.path(), "K").unwrap();
        assert!(ks.is_dir(), "a directory with foreign files is kept");
        std::fs::remove_file(ks.join("notes.txt")).unwrap();
        remove_keyspace_dir(dir.path(), "K").unwrap();
        assert!(!ks.exists());
        remove_keyspace_dir(dir.path(), "K").unwrap();
    }
}
