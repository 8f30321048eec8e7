//! The progress file, `progress.json` in the state directory: for each
//! column family, whether it is done and the last row key copied (hex),
//! with the rows and cells copied so far. It is replaced whole (written
//! beside, then renamed) after every window, so an interrupted run leaves
//! the last window's state; the rows of a window in flight are copied again
//! on resume, which is harmless since every cell keeps its timestamp (and
//! counters are written as a difference, see `copy`).
//!
//! It also names the source and the target: a file made for another target
//! is refused rather than silently skipping rows that target never got.
//! This module must not read or write rows.

use super::{io, MigrateError, MigrateResult};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const FILE: &str = "progress.json";

/// One column family's progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CfProgress {
    pub done: bool,
    /// Hex of the last row key copied (absent: none yet).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_key: Option<String>,
    pub rows: u64,
    pub cells: u64,
}

#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct File {
    source: String,
    target: String,
    /// By `keyspace/cf`.
    cfs: BTreeMap<String, CfProgress>,
}

/// The progress of one migration, kept on disk.
pub struct Progress {
    path: PathBuf,
    file: File,
    /// Whether the file existed (this run resumes).
    pub resumed: bool,
}

impl Progress {
    /// The state directory's progress for copying `source` to `target`
    /// (a new one when there is none).
    pub fn open(dir: &Path, target: &str, source: &Path) -> MigrateResult<Progress> {
        let path = dir.join(FILE);
        let source = source
            .canonicalize()
            .unwrap_or_else(|_| source.to_path_buf())
            .display()
            .to_string();
        let bad = |why: String| MigrateError::State {
            path: path.clone(),
            why,
        };
        let (file, resumed) = match std::fs::read(&path) {
            Ok(bytes) => {
                let file: File = serde_json::from_slice(&bytes)
                    .map_err(|e| bad(format!("unreadable ({e}); remove it to start over")))?;
                if file.target != target {
                    return Err(bad(format!(
                        "it records a migration to {}, not {target}; remove it (or choose another \
                         --state directory) to start over",
                        file.target
                    )));
                }
                if file.source != source {
                    return Err(bad(format!(
                        "it records a migration from {}, not {source}; remove it (or choose \
                         another --state directory) to start over",
                        file.source
                    )));
                }
                (file, true)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => (
                File {
                    source,
                    target: target.to_string(),
                    cfs: BTreeMap::new(),
                },
                false,
            ),
            Err(e) => return Err(io(&path)(e)),
        };
        Ok(Progress {
            path,
            file,
            resumed,
        })
    }

    /// A CF's progress so far.
    pub fn get(&self, keyspace: &str, cf: &str) -> CfProgress {
        self.file
            .cfs
            .get(&format!("{keyspace}/{cf}"))
            .cloned()
            .unwrap_or_default()
    }

    /// The last key copied of a CF, decoded.
    pub fn last_key(&self, keyspace: &str, cf: &str) -> MigrateResult<Option<Vec<u8>>> {
        match self.get(keyspace, cf).last_key {
            None => Ok(None),
            Some(h) => from_hex(&h).map(Some).map_err(|e| MigrateError::State {
                path: self.path.clone(),
                why: format!("bad key {h:?} for {keyspace}/{cf}: {e}"),
            }),
        }
    }

    /// Records a CF's progress and writes the file.
    pub fn set(&mut self, keyspace: &str, cf: &str, p: CfProgress) -> MigrateResult<()> {
        self.file.cfs.insert(format!("{keyspace}/{cf}"), p);
        self.save()
    }

    fn save(&self) -> MigrateResult<()> {
        let tmp = self.path.with_extension("json.tmp");
        let text = serde_json::to_vec_pretty(&self.file).map_err(|e| MigrateError::State {
            path: self.path.clone(),
            why: e.to_string(),
        })?;
        std::fs::write(&tmp, text).map_err(io(&tmp))?;
        std::fs::rename(&tmp, &self.path).map_err(io(&self.path))
    }
}

/// Lower-case hex of a key.
pub fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn from_hex(text: &str) -> Result<Vec<u8>, String> {
    if !text.len().is_multiple_of(2) {
        return Err("odd length".into());
    }
    (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|d| u8::from_str_radix(d, 16).ok())
                .ok_or_else(|| "not hex".to_string())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_survives_a_rerun_and_names_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path();
        let mut p = Progress::open(src, "cassandra://a", src).unwrap();
        assert!(!p.resumed);
        let at = CfProgress {
            done: false,
            last_key: Some(to_hex(b"k9")),
            rows: 9,
            cells: 30,
        };
        p.set("KS", "CF", at.clone()).unwrap();
        let p = Progress::open(src, "cassandra://a", src).unwrap();
        assert!(p.resumed);
        assert_eq!(p.get("KS", "CF"), at);
        assert_eq!(p.last_key("KS", "CF").unwrap(), Some(b"k9".to_vec()));
        assert_eq!(p.get("KS", "Other"), CfProgress::default());
        let other = Progress::open(src, "cassandra://b", src);
        assert!(
            matches!(&other, Err(MigrateError::State { why, .. }) if why.contains("cassandra://a")),
            "{:?}",
            other.err()
        );
    }
}
