//! Operator actions on the engine's files, for nodetool: snapshots (hard
//! links of every live SSTable of a keyspace under
//! `<data_dir>/<keyspace>/snapshots/<tag>/`, as Cassandra made them, plus a
//! copy of the schema file), listing and clearing them, and flushing one
//! column family. The engine never reads a `snapshots` directory: a
//! snapshot is restored by starting a server on a data directory holding
//! its files (see docs/operations.md).
//!
//! It must not change live data: links and copies only.

use super::Engine;
use crate::storage::layout::keyspace_dir;
use crate::storage::sstable::Component;
use crate::storage::StorageError;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// The directory under each keyspace directory holding its snapshots.
pub const SNAPSHOTS_DIR: &str = "snapshots";
/// The copy of the schema file kept in each snapshot.
pub const SNAPSHOT_SCHEMA: &str = "schema.json";

/// One column family's files in one snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapshotEntry {
    pub tag: String,
    pub keyspace: String,
    pub column_family: String,
    /// Bytes of its files.
    pub size_on_disk: u64,
    /// Bytes only the snapshot holds (files no live SSTable shares).
    pub true_size: u64,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StorageError + '_ {
    move |source| StorageError::io(path, source)
}

/// The longest snapshot tag: a tag is a directory name, and a longer name
/// than a file system takes (255 bytes) would fail inside, naming the
/// data directory.
pub const MAX_TAG_BYTES: usize = 255;

/// A tag becomes a directory name: letters, digits, `_`, `-` and `.`, not
/// starting with `.` and at most [`MAX_TAG_BYTES`] long. (Cassandra asked
/// only for a name, and from 2.0 one without its path separator; this is
/// stricter, as a tag here is always a plain directory name.)
fn check_tag(tag: &str) -> Result<(), StorageError> {
    let ok = !tag.is_empty()
        && tag.len() <= MAX_TAG_BYTES
        && !tag.starts_with('.')
        && tag
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
    if ok {
        Ok(())
    } else {
        let shown: String = tag.chars().take(40).collect();
        let cut = if shown.len() < tag.len() { "..." } else { "" };
        Err(StorageError::Invalid(format!(
            "snapshot tag \"{shown}{cut}\": at most {MAX_TAG_BYTES} of letters, digits, \
             '_', '-' and '.', not starting with '.'"
        )))
    }
}

impl Engine {
    fn disk_dir(&self) -> Result<&Path, StorageError> {
        self.data_dir().ok_or_else(|| {
            StorageError::Invalid(
                "this server keeps no files (--in-memory): there is nothing to snapshot".into(),
            )
        })
    }

    /// Flushes one column family's memtable to an SSTable and waits.
    pub fn flush_cf(&self, keyspace: &str, cf: &str) -> Result<(), StorageError> {
        let inner = &*self.inner;
        inner.check_open()?;
        let cat = inner.catalog();
        inner.flush_cf(cat.cf(keyspace, cf)?)
    }

    /// Flushes `keyspace`, then hard-links every live SSTable file of it
    /// into `<keyspace>/snapshots/<tag>/`, with a copy of the schema file.
    /// Refuses a tag the keyspace already has. Returns the directory.
    pub fn snapshot(&self, keyspace: &str, tag: &str) -> Result<PathBuf, StorageError> {
        check_tag(tag)?;
        let data_dir = self.disk_dir()?.to_path_buf();
        self.flush(Some(keyspace))?;
        let dir = keyspace_dir(&data_dir, keyspace)
            .join(SNAPSHOTS_DIR)
            .join(tag);
        if dir.exists() {
            return Err(StorageError::Invalid(format!(
                "Snapshot {tag} already exists."
            )));
        }
        std::fs::create_dir_all(&dir).map_err(io(&dir))?;
        let cat = self.inner.catalog();
        for ((ks, _), cf) in &cat.cfs {
            if ks != keyspace {
                continue;
            }
            // Under the state lock no compaction can delete an input meanwhile.
            let st = cf.state.read();
            for t in &st.sstables {
                for c in Component::ALL {
                    let name = c.file_name(t.reader.name());
                    let from = t.reader.dir().join(&name);
                    if from.exists() {
                        let to = dir.join(&name);
                        std::fs::hard_link(&from, &to).map_err(io(&to))?;
                    }
                }
            }
        }
        let schema = data_dir.join(crate::schema::SCHEMA_FILE);
        if schema.exists() {
            let to = dir.join(SNAPSHOT_SCHEMA);
            std::fs::copy(&schema, &to).map_err(io(&to))?;
        }
        crate::storage::layout::sync_dir(&dir)?;
        Ok(dir)
    }

    /// Removes snapshot `tag` of `keyspace` (every snapshot when `None`).
    pub fn clear_snapshot(&self, keyspace: &str, tag: Option<&str>) -> Result<(), StorageError> {
        let root = keyspace_dir(self.disk_dir()?, keyspace).join(SNAPSHOTS_DIR);
        let target = match tag {
            Some(tag) => {
                check_tag(tag)?;
                root.join(tag)
            }
            None => root,
        };
        match std::fs::remove_dir_all(&target) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(&target)(e)),
            _ => Ok(()),
        }
    }

    /// Every snapshot of `keyspace`, per column family, by tag.
    pub fn list_snapshots(&self, keyspace: &str) -> Result<Vec<SnapshotEntry>, StorageError> {
        let root = keyspace_dir(self.disk_dir()?, keyspace).join(SNAPSHOTS_DIR);
        let mut out: Vec<SnapshotEntry> = Vec::new();
        for tag in crate::storage::layout::file_names(&root)? {
            let dir = root.join(&tag);
            for name in crate::storage::layout::file_names(&dir)? {
                let Some((cf, _)) = crate::storage::sstable::split_file_name(&name)
                    .and_then(|(sstable, _)| crate::storage::layout::parse_sstable_name(sstable))
                else {
                    continue;
                };
                let meta = std::fs::metadata(dir.join(&name)).map_err(io(&dir))?;
                let true_size = if meta.nlink() > 1 { 0 } else { meta.len() };
                match out
                    .iter_mut()
                    .find(|e| e.tag == tag && e.column_family == cf)
                {
                    Some(e) => {
                        e.size_on_disk += meta.len();
                        e.true_size += true_size;
                    }
                    None => out.push(SnapshotEntry {
                        tag: tag.clone(),
                        keyspace: keyspace.to_string(),
                        column_family: cf.to_string(),
                        size_on_disk: meta.len(),
                        true_size,
                    }),
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::{check_tag, MAX_TAG_BYTES};

    #[test]
    fn tags_are_plain_names() {
        for ok in ["1387304478196", "before-upgrade", "v1.2_x"] {
            assert!(check_tag(ok).is_ok(), "{ok}");
        }
        for bad in ["", "..", ".hidden", "a/b", "a b", "ä"] {
            assert!(check_tag(bad).is_err(), "{bad}");
        }
        assert!(check_tag(&"t".repeat(MAX_TAG_BYTES)).is_ok());
        let e = check_tag(&"t".repeat(MAX_TAG_BYTES + 1))
            .unwrap_err()
            .to_string();
        assert!(e.contains("tttt...\": at most 255 of letters"), "{e}");
    }
}
