//! Per-column-family truncation markers: a small durable file per truncated
//! CF saying which commit-log records and which SSTables predate the
//! truncation, so a restart neither replays nor reopens truncated data.
//!
//! It must not decide when a CF is truncated; it only reads and writes the
//! markers (atomically: temporary file, fsync, rename, fsync of the directory).

use super::commitlog::Position;
use super::StorageError;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

const MAGIC: &[u8; 6] = b"SCTRN1";
const SUFFIX: &str = ".truncated";

/// What a truncation left behind for recovery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Truncation {
    /// Records of this CF before this log position are not replayed.
    pub replay_from: Position,
    /// SSTables of this CF with a lower generation are truncated data.
    pub min_generation: u64,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StorageError + '_ {
    move |source| StorageError::io(path, source)
}

fn path(dir: &Path, cf_id: u32) -> PathBuf {
    dir.join(format!("cf{cf_id}{SUFFIX}"))
}

fn encode(t: &Truncation) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    for v in [
        t.replay_from.segment,
        t.replay_from.offset,
        t.min_generation,
    ] {
        out.extend_from_slice(&v.to_be_bytes());
    }
    let crc = crc32fast::hash(&out);
    out.extend_from_slice(&crc.to_be_bytes());
    out
}

fn decode(data: &[u8]) -> Option<Truncation> {
    if data.len() != MAGIC.len() + 28 || !data.starts_with(MAGIC) {
        return None;
    }
    let (body, crc) = data.split_at(data.len() - 4);
    if crc32fast::hash(body).to_be_bytes() != crc {
        return None;
    }
    let n = |i: usize| {
        let at = MAGIC.len() + 8 * i;
        u64::from_be_bytes(body[at..at + 8].try_into().expect("8 bytes"))
    };
    Some(Truncation {
        replay_from: Position {
            segment: n(0),
            offset: n(1),
        },
        min_generation: n(2),
    })
}

/// Writes (or replaces) the marker of one CF durably.
pub(crate) fn write(dir: &Path, cf_id: u32, t: &Truncation) -> Result<(), StorageError> {
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let final_path = path(dir, cf_id);
    let tmp = final_path.with_extension("truncated.tmp");
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&tmp).map_err(io(&tmp))?;
        f.write_all(&encode(t)).map_err(io(&tmp))?;
        f.sync_all().map_err(io(&tmp))?;
    }
    std::fs::rename(&tmp, &final_path).map_err(io(&final_path))?;
    sync_dir(dir)
}

/// Removes the marker of a dropped CF (its id is never used again).
pub(crate) fn remove(dir: &Path, cf_id: u32) -> Result<(), StorageError> {
    let p = path(dir, cf_id);
    match std::fs::remove_file(&p) {
        Ok(()) => sync_dir(dir),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io(&p)(e)),
    }
}

/// Every marker in `dir` by CF id. A damaged marker is an error: ignoring it
/// would bring truncated data back.
pub(crate) fn read_all(dir: &Path) -> Result<HashMap<u32, Truncation>, StorageError> {
    let mut out = HashMap::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(io(dir)(e)),
    };
    for entry in entries {
        let entry = entry.map_err(io(dir))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let p = entry.path();
        if name.ends_with(".tmp") {
            // An interrupted write: the previous marker (if any) still stands.
            std::fs::remove_file(&p).map_err(io(&p))?;
            continue;
        }
        let Some(id) = name
            .strip_prefix("cf")
            .and_then(|r| r.strip_suffix(SUFFIX))
            .and_then(|id| id.parse::<u32>().ok())
        else {
            continue;
        };
        let data = std::fs::read(&p).map_err(io(&p))?;
        let t = decode(&data).ok_or_else(|| StorageError::Corrupt {
            file: p.clone(),
            detail: "damaged truncation marker".into(),
        })?;
        out.insert(id, t);
    }
    Ok(out)
}

fn sync_dir(dir: &Path) -> Result<(), StorageError> {
    std::fs::File::open(dir)
        .and_then(|f| f.sync_all())
        .map_err(io(dir))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_round_trip_and_damage_is_detected() {
        let dir = tempfile::tempdir().unwrap();
        let t = Truncation {
            replay_from: Position {
                segment: 17,
                offset: 4096,
            },
            min_generation: 9,
        };
        write(dir.path(), 5, &t).unwrap();
        write(dir.path(), 6, &t).unwrap();
        remove(dir.path(), 6).unwrap();
        remove(dir.path(), 6).unwrap();
        let all = read_all(dir.path()).unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[&5], t);
        let p = path(dir.path(), 5);
        let mut data = std::fs::read(&p).unwrap();
        data[10] ^= 1;
        std::fs::write(&p, data).unwrap();
        assert!(matches!(
            read_all(dir.path()),
            Err(StorageError::Corrupt { .. })
        ));
        assert!(read_all(&dir.path().join("none")).unwrap().is_empty());
    }
}
