//! The source: an embedded data directory, read without being modified.
//!
//! The commit log's `LOCK` is held (shared with nothing: an exclusive
//! `flock`, the one `serve` takes) for the whole run, so a running server
//! is refused and none can start on the source while it is read. The
//! engine is then opened on a private copy under the state directory:
//! SSTables and the schema file are hard-linked (the engine only ever
//! creates, renames and deletes files, never writes into one, so the links
//! cannot change the source; a copy is made where links cannot be), the
//! commit log is copied. Opening replays the commit log into the copy's
//! memtables, so unflushed writes are migrated like the rest, and the
//! schema store's own upgrades happen on the copy. The copy is removed at
//! the end (and at the start, if a run was interrupted).
//!
//! This module must not write to the source directories.

use super::{io, Job, MigrateError, MigrateResult};
use crate::schema::SchemaStore;
use crate::storage::Engine;
use std::fs::{self, File, TryLockError};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The opened source: its engine on the private copy, and the lock.
pub struct Source {
    pub engine: Arc<Engine>,
    copy: PathBuf,
    _lock: Option<File>,
}

impl Source {
    pub fn open(job: &Job) -> MigrateResult<Source> {
        let data = job.engine.data_dir.clone().ok_or_else(|| {
            MigrateError::Usage("the source must be a data directory, not in-memory".into())
        })?;
        let log = job
            .engine
            .commitlog_dir
            .clone()
            .unwrap_or_else(|| data.join("commitlog"));
        if !data.is_dir() && !log.is_dir() {
            return Err(MigrateError::Source(format!(
                "no supercolumn data under {} (expected {} and {})",
                job.from.display(),
                data.display(),
                log.display()
            )));
        }
        let lock = lock(&log, &job.from)?;
        let copy = job.state_dir.join("source-copy");
        remove_copy(&copy)?;
        let (copy_data, copy_log) = (copy.join("data"), copy.join("commitlog"));
        fs::create_dir_all(&copy_data).map_err(io(&copy_data))?;
        fs::create_dir_all(&copy_log).map_err(io(&copy_log))?;
        let skip = log.canonicalize().ok();
        if data.is_dir() {
            mirror(&data, &copy_data, true, skip.as_deref())?;
        }
        if log.is_dir() {
            mirror(&log, &copy_log, false, None)?;
        }
        let store = SchemaStore::open(&copy_data);
        let loaded = store
            .open_schema(job.base.clone())
            .map_err(|e| MigrateError::Source(format!("cannot load the saved schema: {e}")))?;
        let mut options = job.engine.clone();
        options.data_dir = Some(copy_data);
        options.commitlog_dir = Some(copy_log);
        let engine = Engine::open(Arc::new(loaded.schema), options)
            .map_err(|e| MigrateError::Source(format!("cannot open the engine: {e}")))?;
        Ok(Source {
            engine: Arc::new(engine),
            copy,
            _lock: lock,
        })
    }

    /// Shuts the engine down and removes the private copy.
    pub fn close(self) -> MigrateResult<()> {
        self.engine
            .shutdown()
            .map_err(|e| MigrateError::Source(format!("engine shutdown: {e}")))?;
        remove_copy(&self.copy)
    }
}

/// The source's commit-log lock, held for the run (none when the source
/// never had a commit log: nothing to lock, and nothing is created there).
fn lock(log: &Path, from: &Path) -> MigrateResult<Option<File>> {
    let path = log.join("LOCK");
    let file = match File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(&path)(e)),
    };
    match file.try_lock() {
        Ok(()) => Ok(Some(file)),
        Err(TryLockError::WouldBlock) => Err(MigrateError::SourceInUse(from.to_path_buf())),
        Err(TryLockError::Error(e)) => Err(io(&path)(e)),
    }
}

fn remove_copy(copy: &Path) -> MigrateResult<()> {
    match fs::remove_dir_all(copy) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io(copy)(e)),
    }
}

/// `from`'s tree under `to`: files linked (`link`) or copied, the
/// commit-log lock left out, `skip` (the commit log inside the data
/// directory, copied on its own) left out.
fn mirror(from: &Path, to: &Path, link: bool, skip: Option<&Path>) -> MigrateResult<()> {
    for entry in fs::read_dir(from).map_err(io(from))? {
        let entry = entry.map_err(io(from))?;
        let path = entry.path();
        let target = to.join(entry.file_name());
        let kind = entry.file_type().map_err(io(&path))?;
        if kind.is_dir() {
            if skip.is_some_and(|s| path.canonicalize().ok().as_deref() == Some(s)) {
                continue;
            }
            fs::create_dir_all(&target).map_err(io(&target))?;
            mirror(&path, &target, link, skip)?;
        } else if kind.is_file() {
            if entry.file_name() == "LOCK" {
                continue;
            }
            if !link || fs::hard_link(&path, &target).is_err() {
                fs::copy(&path, &target).map_err(io(&path))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mirror_links_data_and_leaves_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        let (src, dst) = (dir.path().join("src"), dir.path().join("dst"));
        fs::create_dir_all(src.join("ks")).unwrap();
        fs::write(src.join("ks/a-Data.db"), b"rows").unwrap();
        fs::write(src.join("LOCK"), b"").unwrap();
        fs::create_dir_all(&dst).unwrap();
        mirror(&src, &dst, true, None).unwrap();
        assert_eq!(fs::read(dst.join("ks/a-Data.db")).unwrap(), b"rows");
        assert!(!dst.join("LOCK").exists());
        // Removing the copy leaves the source whole.
        remove_copy(&dst).unwrap();
        assert_eq!(fs::read(src.join("ks/a-Data.db")).unwrap(), b"rows");
    }

    #[test]
    fn a_held_lock_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let held = File::create(dir.path().join("LOCK")).unwrap();
        held.try_lock().unwrap();
        assert!(matches!(
            lock(dir.path(), dir.path()),
            Err(MigrateError::SourceInUse(_))
        ));
        drop(held);
        assert!(lock(dir.path(), dir.path()).unwrap().is_some());
    }
}
