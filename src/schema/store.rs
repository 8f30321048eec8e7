//! Persistence of the keyspaces created through schema calls.
//!
//! Owns the schema file (`<data dir>/schema.json`): its format, its atomic
//! replacement (temp file, fsync, rename, directory fsync) and the merge
//! with the keyspaces of storage-conf.xml at start. Only
//! [`KeyspaceOrigin::Dynamic`] keyspaces are written: config keyspaces are
//! re-read from the config file at every start and cannot be changed
//! through the API ([`super::SchemaChangeError::ConfigKeyspace`]), and the
//! system keyspaces are built in. It must not apply changes (see
//! [`super::apply`]).
//!
//! The file carries a CRC32 of its keyspace list; a file that does not
//! parse, fails the checksum or names unknown types is a startup error
//! naming the file, never skipped.

use super::record::KeyspaceRecord;
use super::{KeyspaceOrigin, Schema};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Name of the schema file inside the data directory.
pub const SCHEMA_FILE: &str = "schema.json";
const FORMAT: u32 = 1;

/// The schema file could not be read, written or trusted.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("schema file {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The file exists but is damaged or unreadable as a schema; the server
    /// must not start without it (its keyspaces' data would be orphaned).
    #[error("schema file {path} is corrupt: {reason}")]
    Corrupt { path: PathBuf, reason: String },
    /// The file and the config disagree (a name or an id used by both).
    #[error("schema file {path} conflicts with the configuration: {reason}")]
    Conflict { path: PathBuf, reason: String },
}

#[derive(Serialize, Deserialize)]
struct SchemaFile {
    format: u32,
    /// CRC32 of the compact JSON of `keyspaces`, then of `retired_cf_ids`
    /// when there are any (so files written before ids were retired still
    /// check).
    crc32: u32,
    keyspaces: Vec<KeyspaceRecord>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    retired_cf_ids: Vec<u32>,
}

fn checksum(keyspaces: &[KeyspaceRecord], retired: &[u32]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(&serde_json::to_vec(keyspaces).expect("records always serialize"));
    if !retired.is_empty() {
        h.update(&serde_json::to_vec(retired).expect("ids always serialize"));
    }
    h.finalize()
}

/// Where dynamic keyspaces are kept: a file under the data directory, or
/// nowhere (in-memory servers).
#[derive(Debug, Clone)]
pub struct SchemaStore {
    path: Option<PathBuf>,
}

impl SchemaStore {
    /// A store keeping its file in `data_dir` (created on first save).
    pub fn open(data_dir: &Path) -> SchemaStore {
        SchemaStore {
            path: Some(data_dir.join(SCHEMA_FILE)),
        }
    }

    /// A store that keeps nothing: `load` returns the base schema and
    /// `save` does nothing.
    pub fn in_memory() -> SchemaStore {
        SchemaStore { path: None }
    }

    /// The schema file, for a persistent store.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// `base` (built from the config) plus the keyspaces saved earlier.
    pub fn load(&self, base: Schema) -> Result<Schema, StoreError> {
        let Some(path) = &self.path else {
            return Ok(base);
        };
        let text = match fs::read(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(base),
            Err(source) => {
                return Err(StoreError::Io {
                    path: path.clone(),
                    source,
                })
            }
        };
        let corrupt = |reason: String| StoreError::Corrupt {
            path: path.clone(),
            reason,
        };
        let conflict = |reason: String| StoreError::Conflict {
            path: path.clone(),
            reason,
        };
        let file: SchemaFile = serde_json::from_slice(&text).map_err(|e| corrupt(e.to_string()))?;
        if file.format != FORMAT {
            return Err(corrupt(format!("unknown format {}", file.format)));
        }
        let actual = checksum(&file.keyspaces, &file.retired_cf_ids);
        if actual != file.crc32 {
            return Err(corrupt(format!(
                "checksum mismatch (stored {:#010x}, computed {actual:#010x})",
                file.crc32
            )));
        }
        let mut schema = base;
        schema
            .retired_cf_ids
            .extend(file.retired_cf_ids.iter().copied());
        let mut owners: BTreeMap<u32, String> = schema
            .column_families()
            .map(|cf| (cf.id, format!("{}.{}", cf.keyspace, cf.name)))
            .collect();
        for record in &file.keyspaces {
            let ks = record.to_def(KeyspaceOrigin::Dynamic).map_err(corrupt)?;
            if let Some(existing) = schema
                .keyspaces
                .keys()
                .find(|k| k.eq_ignore_ascii_case(&ks.name))
            {
                return Err(conflict(format!(
                    "keyspace {} was created through the API, but storage-conf.xml now \
                     declares {existing}; remove one of them",
                    ks.name
                )));
            }
            for cf in ks.cfs.values() {
                let name = format!("{}.{}", cf.keyspace, cf.name);
                if let Some(first) = owners.insert(cf.id, name.clone()) {
                    return Err(conflict(format!(
                        "column families {first} and {name} share the id {}",
                        cf.id
                    )));
                }
            }
            schema.keyspaces.insert(ks.name.clone(), ks);
        }
        Ok(schema)
    }

    /// Writes the dynamic keyspaces of `schema`, replacing the previous
    /// file atomically: after a crash the file is the old or the new one.
    pub fn save(&self, schema: &Schema) -> Result<(), StoreError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let keyspaces: Vec<KeyspaceRecord> = schema
            .keyspaces
            .values()
            .filter(|k| k.origin == KeyspaceOrigin::Dynamic)
            .map(KeyspaceRecord::of)
            .collect();
        let retired_cf_ids: Vec<u32> = schema.retired_cf_ids.iter().copied().collect();
        let file = SchemaFile {
            format: FORMAT,
            crc32: checksum(&keyspaces, &retired_cf_ids),
            keyspaces,
            retired_cf_ids,
        };
        let bytes = serde_json::to_vec_pretty(&file).expect("records always serialize");
        let io = |source| StoreError::Io {
            path: path.clone(),
            source,
        };
        let dir = path.parent().unwrap_or(Path::new("."));
        fs::create_dir_all(dir).map_err(io)?;
        let tmp = path.with_extension("json.tmp");
        {
            let mut f = File::create(&tmp).map_err(io)?;
            f.write_all(&bytes).map_err(io)?;
            f.sync_all().map_err(io)?;
        }
        fs::rename(&tmp, path).map_err(io)?;
        File::open(dir).and_then(|d| d.sync_all()).map_err(io)?;
        Ok(())
    }
}
