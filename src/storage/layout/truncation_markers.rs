//! Per-column-family truncation markers: a small durable file per truncated
//! CF (`<data_dir>/<keyspace>/<cf>.truncated`) saying which commit-log
//! records and which SSTables predate the truncation, so a restart neither
//! replays nor reopens truncated data. A marker records the id of the CF it
//! was written for: one left by a dropped CF is not applied to a new CF of
//! the same name.
//!
//! It must not decide when a CF is truncated; it only reads and writes the
//! markers (atomically: temporary file, fsync, rename, fsync of the directory).

use crate::schema::CfDef;
use crate::storage::commitlog::Position;
use crate::storage::layout;
use crate::storage::StorageError;
use std::collections::HashMap;
use std::path::Path;

/// Format 1 (`<data_dir>/markers/cf<id>.truncated`, before named files)
/// had no CF id; format 2 has it.
const MAGIC_V1: &[u8; 6] = b"SCTRN1";
const MAGIC_V2: &[u8; 6] = b"SCTRN2";
pub(crate) const SUFFIX: &str = ".truncated";

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

fn encode(cf_id: u32, t: &Truncation) -> Vec<u8> {
    let mut out = MAGIC_V2.to_vec();
    out.extend_from_slice(&cf_id.to_be_bytes());
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

/// The CF id (format 2 only) and the truncation of a marker's bytes.
fn decode(data: &[u8]) -> Option<(Option<u32>, Truncation)> {
    let (id_len, v2) = if data.starts_with(MAGIC_V2) {
        (4, true)
    } else if data.starts_with(MAGIC_V1) {
        (0, false)
    } else {
        return None;
    };
    if data.len() != MAGIC_V2.len() + id_len + 28 {
        return None;
    }
    let (body, crc) = data.split_at(data.len() - 4);
    if crc32fast::hash(body).to_be_bytes() != crc {
        return None;
    }
    let body = &body[MAGIC_V2.len()..];
    let id = v2.then(|| u32::from_be_bytes(body[..4].try_into().expect("4 bytes")));
    let n = |i: usize| {
        let at = id_len + 8 * i;
        u64::from_be_bytes(body[at..at + 8].try_into().expect("8 bytes"))
    };
    Some((
        id,
        Truncation {
            replay_from: Position {
                segment: n(0),
                offset: n(1),
            },
            min_generation: n(2),
        },
    ))
}

/// Writes (or replaces) the marker of one CF durably.
pub(crate) fn write(data_dir: &Path, cf: &CfDef, t: &Truncation) -> Result<(), StorageError> {
    let final_path = layout::marker_path(data_dir, &cf.keyspace, &cf.name);
    let dir = final_path.parent().unwrap_or(data_dir);
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let tmp = final_path.with_extension("truncated.tmp");
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&tmp).map_err(io(&tmp))?;
        f.write_all(&encode(cf.id, t)).map_err(io(&tmp))?;
        f.sync_all().map_err(io(&tmp))?;
    }
    std::fs::rename(&tmp, &final_path).map_err(io(&final_path))?;
    layout::sync_dir(dir)
}

/// Removes the marker of a dropped CF.
pub(crate) fn remove(data_dir: &Path, keyspace: &str, cf: &str) -> Result<(), StorageError> {
    let p = layout::marker_path(data_dir, keyspace, cf);
    match std::fs::remove_file(&p) {
        Ok(()) => layout::sync_dir(p.parent().unwrap_or(data_dir)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io(&p)(e)),
    }
}

/// The marker of `cf`, if it has one. A marker written for another CF of
/// the same name (dropped since) is deleted; a damaged marker is an error:
/// ignoring it would bring truncated data back.
pub(crate) fn read(data_dir: &Path, cf: &CfDef) -> Result<Option<Truncation>, StorageError> {
    let p = layout::marker_path(data_dir, &cf.keyspace, &cf.name);
    let tmp = p.with_extension("truncated.tmp");
    if tmp.exists() {
        // An interrupted write: the previous marker (if any) still stands.
        std::fs::remove_file(&tmp).map_err(io(&tmp))?;
    }
    let data = match std::fs::read(&p) {
        Ok(d) => d,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(&p)(e)),
    };
    match decode(&data) {
        Some((Some(id), t)) if id == cf.id => Ok(Some(t)),
        Some((id, _)) => {
            tracing::info!(
                "deleting truncation marker {}: written for column family id {}, not {}.{} (id {}), which has the name now",
                p.display(),
                id.map_or("unknown".into(), |i| i.to_string()),
                cf.keyspace,
                cf.name,
                cf.id
            );
            remove(data_dir, &cf.keyspace, &cf.name)?;
            Ok(None)
        }
        None => Err(StorageError::Corrupt {
            file: p,
            detail: "damaged truncation marker".into(),
        }),
    }
}

/// Every format-1 marker (`cf<id>.truncated`) in `dir` by CF id, for the
/// migration from the old layout. Interrupted writes are deleted; a damaged
/// marker is an error.
pub(crate) fn read_legacy(dir: &Path) -> Result<HashMap<u32, Truncation>, StorageError> {
    let mut out = HashMap::new();
    for name in layout::file_names(dir)? {
        let p = dir.join(&name);
        let Some(id) = legacy_id(&name) else {
            continue;
        };
        if name.ends_with(".tmp") {
            std::fs::remove_file(&p).map_err(io(&p))?;
            continue;
        }
        let data = std::fs::read(&p).map_err(io(&p))?;
        let t = decode(&data).ok_or_else(|| StorageError::Corrupt {
            file: p.clone(),
            detail: "damaged truncation marker".into(),
        })?;
        out.insert(id, t.1);
    }
    Ok(out)
}

/// The CF id of a format-1 marker's file name (or of its temporary file).
pub(crate) fn legacy_id(name: &str) -> Option<u32> {
    let base = name.strip_suffix(".tmp").unwrap_or(name);
    let id = base.strip_prefix("cf")?.strip_suffix(SUFFIX)?;
    (!id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
        .then(|| id.parse().ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::BytesType;
    use std::sync::Arc;

    fn cf(ks: &str, name: &str, id: u32) -> CfDef {
        CfDef::new(ks, name, id, Arc::new(BytesType), None)
    }

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
        let a = cf("K", "A", 5);
        let b = cf("K", "B", 6);
        write(dir.path(), &a, &t).unwrap();
        write(dir.path(), &b, &t).unwrap();
        assert!(dir.path().join("K/A.truncated").is_file());
        remove(dir.path(), "K", "B").unwrap();
        remove(dir.path(), "K", "B").unwrap();
        assert_eq!(read(dir.path(), &a).unwrap(), Some(t));
        assert_eq!(read(dir.path(), &b).unwrap(), None);
        // A CF of the same name with another id does not inherit it.
        let again = cf("K", "A", 7);
        assert_eq!(read(dir.path(), &again).unwrap(), None);
        assert!(!dir.path().join("K/A.truncated").exists());
        write(dir.path(), &a, &t).unwrap();
        let p = dir.path().join("K/A.truncated");
        let mut data = std::fs::read(&p).unwrap();
        data[10] ^= 1;
        std::fs::write(&p, data).unwrap();
        assert!(matches!(
            read(dir.path(), &a),
            Err(StorageError::Corrupt { .. })
        ));
    }

    #[test]
    fn legacy_markers_are_read_for_migration() {
        let dir = tempfile::tempdir().unwrap();
        let t = Truncation {
            replay_from: Position {
                segment: 3,
                offset: 8,
            },
            min_generation: 2,
        };
        // Format 1 as the previous build wrote it.
        let mut v1 = MAGIC_V1.to_vec();
        for v in [3u64, 8, 2] {
            v1.extend_from_slice(&v.to_be_bytes());
        }
        let crc = crc32fast::hash(&v1);
        v1.extend_from_slice(&crc.to_be_bytes());
        std::fs::write(dir.path().join("cf1234.truncated"), &v1).unwrap();
        std::fs::write(dir.path().join("cf99.truncated.tmp"), b"half").unwrap();
        std::fs::write(dir.path().join("other.txt"), b"x").unwrap();
        let all = read_legacy(dir.path()).unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[&1234], t);
        assert!(!dir.path().join("cf99.truncated.tmp").exists());
        assert!(read_legacy(&dir.path().join("none")).unwrap().is_empty());
        assert_eq!(legacy_id("cf12.truncated"), Some(12));
        assert_eq!(legacy_id("cfx.truncated"), None);
        assert_eq!(legacy_id("Standard1.truncated"), None);
    }
}
