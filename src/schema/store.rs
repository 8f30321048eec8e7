//! Persistence of the schema: every user keyspace, whether it was seeded
//! from the configuration file or created through schema calls.
//!
//! Owns the schema file (`<data dir>/system/schema.json`, beside the system
//! keyspace's files as Cassandra 1.x kept its schema in system tables; one
//! at `<data dir>/schema.json`, where earlier builds kept it, is moved there
//! on first load): its format, its atomic
//! replacement (temp file, fsync, rename, directory fsync) and how the
//! keyspaces of the configuration file meet it at start
//! ([`SchemaStore::open_schema`]). The file seeds the schema; afterwards the
//! persisted schema is the truth:
//! - a keyspace (or a column family of a seeded keyspace) the file declares
//!   and the persisted schema has never seen is added (so adding a column
//!   family by editing the file still works);
//! - one that was seeded and is gone from the persisted schema was dropped
//!   through the API and stays dropped (noted at start);
//! - one whose file definition differs from the persisted one keeps the
//!   persisted definition, with a warning naming it;
//! - a seeded keyspace no longer in the file is kept, with a warning (drop
//!   it through the API);
//! - a file keyspace whose name differs only in case from a persisted one
//!   is not added (warning).
//!
//! To tell "never seen" from "dropped", the file records which column
//! families of which keyspaces were seeded. Files written before this rule
//! (format 1) hold only the API-made keyspaces and no such record: the
//! configuration's keyspaces are then all seeded, with the same ids as
//! before (ids of file column families are a function of their names), so
//! their data is found again. The system keyspaces are built in and never
//! written. It must not apply changes (see [`super::apply`]).
//!
//! The file carries a CRC32 of its contents; a file that does not parse,
//! fails the checksum or names unknown types is a startup error naming the
//! file, never skipped.

use super::creation::CreationIds;
use super::record::{same_cf_definition, KeyspaceRecord};
use super::{KeyspaceDef, KeyspaceOrigin, Schema};
use parking_lot::Mutex;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where the schema file is, relative to the data directory.
pub const SCHEMA_FILE: &str = "system/schema.json";
/// Where builds before the per-keyspace layout kept it.
const LEGACY_SCHEMA_FILE: &str = "schema.json";
/// Format 2 holds every user keyspace and the seeded record; format 1
/// (still read) held only the keyspaces made through the API.
const FORMAT: u32 = 2;

/// Keyspace name → names of its column families seeded from the
/// configuration file.
type Seeded = BTreeMap<String, BTreeSet<String>>;

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
    /// CRC32 of the compact JSON of `keyspaces`, then of `retired_cf_ids`,
    /// `seeded` and `creation_ids` when they are not empty (so older files
    /// still check).
    crc32: u32,
    keyspaces: Vec<KeyspaceRecord>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    retired_cf_ids: Vec<u32>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    seeded: Seeded,
    /// The releases before 1.2's column family ids (absent in older files:
    /// they are given again at load).
    #[serde(default, skip_serializing_if = "CreationIds::is_empty")]
    creation_ids: CreationIds,
}

impl SchemaFile {
    fn checksum(&self) -> u32 {
        fn json<T: Serialize>(value: &T) -> Vec<u8> {
            serde_json::to_vec(value).expect("records always serialize")
        }
        let mut h = crc32fast::Hasher::new();
        h.update(&json(&self.keyspaces));
        if !self.retired_cf_ids.is_empty() {
            h.update(&json(&self.retired_cf_ids));
        }
        if !self.seeded.is_empty() {
            h.update(&json(&self.seeded));
        }
        if !self.creation_ids.is_empty() {
            h.update(&json(&self.creation_ids));
        }
        h.finalize()
    }
}

/// Where the schema is kept: a file under the data directory, or nowhere
/// (in-memory servers). Clones share the seeded record.
#[derive(Debug, Clone)]
pub struct SchemaStore {
    path: Option<PathBuf>,
    /// The file's place in earlier builds, moved to `path` by the first load.
    legacy: Option<PathBuf>,
    /// What the configuration file seeded so far: set by
    /// [`SchemaStore::open_schema`], written by every [`SchemaStore::save`].
    seeded: Arc<Mutex<Seeded>>,
}

/// How worth telling a [`StoreNote`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoteLevel {
    Info,
    Warn,
}

/// Something the meeting of the file's keyspaces and the persisted schema
/// did or refused, for the start-up log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreNote {
    pub level: NoteLevel,
    pub message: String,
}

/// The schema to start with, from [`SchemaStore::open_schema`].
#[derive(Debug)]
pub struct Loaded {
    pub schema: Schema,
    pub notes: Vec<StoreNote>,
    /// The file should be (re)written: something was seeded, or it is new
    /// or in an older format.
    pub changed: bool,
}

impl SchemaStore {
    /// A store keeping its file in `data_dir` (created on first save).
    pub fn open(data_dir: &Path) -> SchemaStore {
        SchemaStore {
            path: Some(data_dir.join(SCHEMA_FILE)),
            legacy: Some(data_dir.join(LEGACY_SCHEMA_FILE)),
            seeded: Arc::default(),
        }
    }

    /// A store that keeps nothing: `load` returns the base schema and
    /// `save` does nothing.
    pub fn in_memory() -> SchemaStore {
        SchemaStore {
            path: None,
            legacy: None,
            seeded: Arc::default(),
        }
    }

    /// The schema file, for a persistent store.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// [`SchemaStore::open_schema`]'s schema alone.
    pub fn load(&self, base: Schema) -> Result<Schema, StoreError> {
        Ok(self.open_schema(base)?.schema)
    }

    /// The schema to start with: `base` (the built-in keyspaces and the
    /// configuration file's) met with the persisted schema by the rules in
    /// the module documentation. Nothing is written; save the result when
    /// [`Loaded::changed`].
    pub fn open_schema(&self, base: Schema) -> Result<Loaded, StoreError> {
        let Some(path) = &self.path else {
            return Ok(Loaded {
                schema: base,
                notes: Vec::new(),
                changed: false,
            });
        };
        if let Some(legacy) = &self.legacy {
            move_legacy(legacy, path)?;
        }
        let text = match fs::read(path) {
            Ok(text) => Some(text),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(source) => {
                return Err(StoreError::Io {
                    path: path.clone(),
                    source,
                })
            }
        };
        let file = match text {
            Some(text) => self.read(path, &text)?,
            None => SchemaFile {
                format: 0,
                crc32: 0,
                keyspaces: Vec::new(),
                retired_cf_ids: Vec::new(),
                seeded: Seeded::new(),
                creation_ids: CreationIds::default(),
            },
        };
        let conflict = |reason: String| StoreError::Conflict {
            path: path.clone(),
            reason,
        };
        let corrupt = |reason: String| StoreError::Corrupt {
            path: path.clone(),
            reason,
        };
        let mut schema = base.clone();
        schema
            .keyspaces
            .retain(|_, k| k.origin == KeyspaceOrigin::System);
        schema
            .retired_cf_ids
            .extend(file.retired_cf_ids.iter().copied());
        schema.creation_ids = file.creation_ids.clone();
        let mut owners: BTreeMap<u32, String> = schema
            .column_families()
            .map(|cf| (cf.id, format!("{}.{}", cf.keyspace, cf.name)))
            .collect();
        for record in &file.keyspaces {
            let origin = if file.seeded.contains_key(record.name()) {
                KeyspaceOrigin::Config
            } else {
                KeyspaceOrigin::Dynamic
            };
            let ks = record.to_def(origin).map_err(corrupt)?;
            if schema.keyspaces.contains_key(&ks.name) {
                return Err(conflict(format!(
                    "keyspace {} is built in and cannot be kept in the schema file",
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
        let mut merge = Merge {
            schema,
            old: &file.seeded,
            seeded: Seeded::new(),
            notes: Vec::new(),
            added: false,
        };
        let from_file: Vec<&KeyspaceDef> = base
            .keyspaces
            .values()
            .filter(|k| k.origin != KeyspaceOrigin::System)
            .collect();
        for ks in &from_file {
            merge.keyspace(ks);
        }
        for name in file.seeded.keys() {
            if !from_file.iter().any(|k| &k.name == name)
                && merge.schema.keyspaces.contains_key(name)
            {
                merge.note(
                    NoteLevel::Warn,
                    format!(
                        "keyspace {name} is no longer in the configuration file; it is kept \
                         (the persisted schema is the truth): drop it through the schema API to remove it"
                    ),
                );
            }
        }
        let mut schema = merge.schema;
        schema.creation_ids.started(schema.keyspaces.values());
        let changed = merge.added || merge.seeded != file.seeded || file.format != FORMAT;
        *self.seeded.lock() = merge.seeded;
        Ok(Loaded {
            schema,
            notes: merge.notes,
            changed,
        })
    }

    /// Parses and checks the file's bytes.
    fn read(&self, path: &Path, text: &[u8]) -> Result<SchemaFile, StoreError> {
        let corrupt = |reason: String| StoreError::Corrupt {
            path: path.to_path_buf(),
            reason,
        };
        let file: SchemaFile = serde_json::from_slice(text).map_err(|e| corrupt(e.to_string()))?;
        if file.format != 1 && file.format != FORMAT {
            return Err(corrupt(format!("unknown format {}", file.format)));
        }
        let actual = file.checksum();
        if actual != file.crc32 {
            return Err(corrupt(format!(
                "checksum mismatch (stored {:#010x}, computed {actual:#010x})",
                file.crc32
            )));
        }
        Ok(file)
    }

    /// Writes every user keyspace of `schema` and the seeded record,
    /// replacing the previous file atomically: after a crash the file is
    /// the old or the new one.
    pub fn save(&self, schema: &Schema) -> Result<(), StoreError> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        let keyspaces: Vec<KeyspaceRecord> = schema
            .keyspaces
            .values()
            .filter(|k| k.origin != KeyspaceOrigin::System)
            .map(KeyspaceRecord::of)
            .collect();
        let retired_cf_ids: Vec<u32> = schema.retired_cf_ids.iter().copied().collect();
        let seeded = self.seeded.lock().clone();
        let mut file = SchemaFile {
            format: FORMAT,
            crc32: 0,
            keyspaces,
            retired_cf_ids,
            seeded,
            creation_ids: schema.creation_ids.clone(),
        };
        file.crc32 = file.checksum();
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

/// Moves the schema file from where earlier builds kept it, if it is there
/// and `path` is not (one atomic rename: a crash leaves it in one place).
fn move_legacy(legacy: &Path, path: &Path) -> Result<(), StoreError> {
    if path.exists() || !legacy.is_file() {
        return Ok(());
    }
    let io = |source| StoreError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(io)?;
    fs::rename(legacy, path).map_err(io)?;
    for d in [dir, legacy.parent().unwrap_or(Path::new("."))] {
        File::open(d).and_then(|d| d.sync_all()).map_err(io)?;
    }
    tracing::info!(
        "schema file moved from {} to {}",
        legacy.display(),
        path.display()
    );
    Ok(())
}

/// The configuration file's keyspaces meeting the persisted schema.
struct Merge<'a> {
    schema: Schema,
    /// The seeded record read from the file.
    old: &'a Seeded,
    /// The record to keep: what the file declares and has seeded.
    seeded: Seeded,
    notes: Vec<StoreNote>,
    added: bool,
}

impl Merge<'_> {
    fn note(&mut self, level: NoteLevel, message: String) {
        self.notes.push(StoreNote { level, message });
    }

    fn keyspace(&mut self, ks: &KeyspaceDef) {
        let name = &ks.name;
        if self.schema.keyspaces.contains_key(name) {
            self.existing(ks);
            return;
        }
        if let Some(other) = self
            .schema
            .keyspaces
            .keys()
            .find(|k| k.eq_ignore_ascii_case(name))
        {
            let message = format!(
                "keyspace {name} of the configuration file is not added: keyspace {other} exists \
                 and keyspace names are case-insensitively unique"
            );
            self.note(NoteLevel::Warn, message);
            return;
        }
        if let Some(was) = self.old.get(name) {
            let message = format!(
                "keyspace {name} of the configuration file was dropped through the schema API; \
                 it is not re-created"
            );
            self.note(NoteLevel::Info, message);
            let still: BTreeSet<String> = was
                .iter()
                .filter(|cf| ks.cfs.contains_key(*cf))
                .cloned()
                .collect();
            self.seeded.insert(name.clone(), still);
            return;
        }
        let mut added = ks.clone();
        added.origin = KeyspaceOrigin::Config;
        added.cfs = ks
            .cfs
            .values()
            .map(|cf| (cf.name.clone(), self.with_free_id(cf)))
            .collect();
        self.seeded
            .insert(name.clone(), ks.cfs.keys().cloned().collect());
        self.schema.keyspaces.insert(name.clone(), added);
        self.added = true;
    }

    /// A file keyspace the persisted schema has: compare, add the column
    /// families it has never seen.
    fn existing(&mut self, ks: &KeyspaceDef) {
        let name = &ks.name;
        let was = self.old.get(name).cloned().unwrap_or_default();
        let kept = self.schema.keyspaces[name].clone();
        if kept.strategy_class() != ks.strategy_class()
            || kept.strategy_options != ks.strategy_options
            || kept.durable_writes != ks.durable_writes
        {
            let message = format!(
                "keyspace {name}: the configuration file's replication differs from the persisted \
                 definition, which is used (change it through the schema API)"
            );
            self.note(NoteLevel::Warn, message);
        }
        let mut seeded = BTreeSet::new();
        let mut differ = Vec::new();
        let mut dropped = Vec::new();
        let mut new = Vec::new();
        for cf in ks.cfs.values() {
            match kept.cfs.get(&cf.name) {
                Some(persisted) => {
                    if !same_cf_definition(cf, persisted) {
                        differ.push(cf.name.clone());
                    }
                    seeded.insert(cf.name.clone());
                }
                None if was.contains(&cf.name) => {
                    dropped.push(cf.name.clone());
                    seeded.insert(cf.name.clone());
                }
                None => {
                    new.push(cf.clone());
                    seeded.insert(cf.name.clone());
                }
            }
        }
        let gone: Vec<String> = was
            .iter()
            .filter(|cf| !ks.cfs.contains_key(*cf) && kept.cfs.contains_key(*cf))
            .cloned()
            .collect();
        for cf in new {
            let cf = self.with_free_id(&cf);
            let ks = self.schema.keyspaces.get_mut(name).expect("present");
            ks.cfs.insert(cf.name.clone(), cf);
            self.added = true;
        }
        let list = |names: &[String]| names.join(", ");
        if !differ.is_empty() {
            let message = format!(
                "keyspace {name}: column families {} differ from the configuration file; the \
                 persisted definitions are used (change them through the schema API)",
                list(&differ)
            );
            self.note(NoteLevel::Warn, message);
        }
        if !dropped.is_empty() {
            let message = format!(
                "keyspace {name}: column families {} of the configuration file were dropped \
                 through the schema API; they are not re-created",
                list(&dropped)
            );
            self.note(NoteLevel::Info, message);
        }
        if !gone.is_empty() {
            let message = format!(
                "keyspace {name}: column families {} are no longer in the configuration file; \
                 they are kept (drop them through the schema API to remove them)",
                list(&gone)
            );
            self.note(NoteLevel::Warn, message);
        }
        self.seeded.insert(name.clone(), seeded);
    }

    /// `cf` with its own id, unless a live or dropped column family has
    /// that id: then the next free one (a dropped id must never come back,
    /// or its old commit-log entries would replay into the new one).
    fn with_free_id(&self, cf: &Arc<super::CfDef>) -> Arc<super::CfDef> {
        let taken =
            self.schema.cf_by_id(cf.id).is_some() || self.schema.retired_cf_ids.contains(&cf.id);
        if !taken {
            return cf.clone();
        }
        let mut moved = (**cf).clone();
        moved.id = self.schema.free_id_from(cf.id, &BTreeSet::new());
        Arc::new(moved)
    }
}
