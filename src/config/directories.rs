//! The storage directories of a [`Config`]: where the commit log, the data
//! and the saved caches go, `--data-dir`'s override of all three, and the
//! start-up checks 0.6 (or, for a `cassandra.yaml`, 1.2) made of them. It
//! only reads and checks paths; creating or opening them is the storage
//! engine's job.

use super::{Config, ConfigError, ConfigFormat};
use std::path::{Component, Path, PathBuf};

/// The directories the storage engine needs, once all are known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directories {
    pub commit_log: PathBuf,
    /// At least one.
    pub data: Vec<PathBuf>,
    pub saved_caches: PathBuf,
}

impl Config {
    /// `--data-dir DIR`: commit log in `DIR/commitlog`, data in `DIR/data`
    /// (replacing every configured data directory), saved caches in
    /// `DIR/saved_caches`.
    pub fn override_data_dir(&mut self, dir: &Path) {
        self.commit_log_directory = Some(dir.join("commitlog"));
        self.data_file_directories = vec![dir.join("data")];
        self.saved_caches_directory = Some(dir.join("saved_caches"));
    }

    /// The storage directories, checked as 0.6 (or, for a `cassandra.yaml`,
    /// 1.2) checked them at start-up (call after applying overrides).
    pub fn directories(&self) -> Result<Directories, ConfigError> {
        let incomplete = |message: String| ConfigError::Incomplete {
            origin: self.origin.clone(),
            message,
        };
        let yaml = self.format == ConfigFormat::CassandraYaml;
        let [data, commit_log, caches] = if yaml {
            [
                "data_file_directories",
                "commitlog_directory",
                "saved_caches_directory",
            ]
        } else {
            [
                "DataFileDirectory",
                "CommitLogDirectory",
                "SavedCachesDirectory",
            ]
        };
        if self.data_file_directories.is_empty() {
            return Err(incomplete(if yaml {
                format!("{data} is missing and --data-dir is not given")
            } else {
                format!("At least one {data} must be specified")
            }));
        }
        let missing = |name: &str| {
            incomplete(if yaml {
                format!("{name} missing")
            } else {
                format!("{name} must be specified")
            })
        };
        let commit_log_dir = self
            .commit_log_directory
            .clone()
            .ok_or_else(|| missing(commit_log))?;
        let saved_caches = self
            .saved_caches_directory
            .clone()
            .ok_or_else(|| missing(caches))?;
        if self
            .data_file_directories
            .iter()
            .any(|d| same_path(d, &commit_log_dir))
        {
            return Err(incomplete(format!(
                "{commit_log} must not be the same as any {data}"
            )));
        }
        Ok(Directories {
            commit_log: commit_log_dir,
            data: self.data_file_directories.clone(),
            saved_caches,
        })
    }
}

/// Lexical path equality, ignoring `.` components and trailing slashes
/// (0.6 compared the raw strings, which let `data` and `./data/` collide).
pub(crate) fn same_path(a: &Path, b: &Path) -> bool {
    fn norm(p: &Path) -> Vec<Component<'_>> {
        p.components().filter(|c| *c != Component::CurDir).collect()
    }
    norm(a) == norm(b)
}
