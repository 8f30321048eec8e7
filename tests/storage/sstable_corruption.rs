//! Damage is always detected and never served: every byte of every component
//! flipped in turn, every file truncated, bad magic and versions, and a file
//! shrinking under an open reader. Every error names the damaged file.

use crate::support::sstable;

use std::fs::{self, OpenOptions};
use std::ops::Bound;
use std::os::unix::fs::FileExt;
use std::path::Path;

use sstable::*;
use supercolumn::marshal::BytesType;
use supercolumn::storage::sstable::{Component, Partition, SSTableError, SSTableReader};

const NAME: &str = "K-1";

fn specs() -> Vec<Spec> {
    (0..12u32)
        .map(|i| {
            (
                format!("key{i}").into_bytes(),
                vec![i as u8; 3],
                numbered_entries(i * 7),
            )
        })
        .collect()
}

fn build(dir: &Path) -> Vec<Partition> {
    let r = write(dir, NAME, specs(), small_blocks());
    r.scan(Bound::Unbounded).map(Result::unwrap).collect()
}

/// Everything a reader can be asked, or the first error.
fn read_everything(dir: &Path, keys: &[Partition]) -> Result<Vec<Partition>, SSTableError> {
    let r = SSTableReader::open(dir, NAME, &partitioner())?;
    let scanned: Vec<Partition> = r.scan(Bound::Unbounded).collect::<Result<_, _>>()?;
    for p in keys {
        let got = r.get(&p.key)?.expect("key present");
        let entries: Vec<_> = got
            .slice(&BytesType, &[], &[], true)
            .collect::<Result<_, _>>()?;
        let names: Vec<_> = p.entries.iter().map(|e| e.0.clone()).collect();
        got.names(&BytesType, &names)?;
        assert_eq!(entries.len(), p.entries.len());
    }
    Ok(scanned)
}

fn assert_names_file(err: &SSTableError, file: &str) {
    let msg = err.to_string();
    assert!(msg.contains(file), "error does not name {file}: {msg}");
    assert!(
        matches!(
            err,
            SSTableError::Corrupt { .. } | SSTableError::UnsupportedVersion { .. }
        ),
        "unexpected error kind: {err:?}"
    );
}

#[test]
fn every_flipped_byte_in_every_component_is_detected() {
    let dir = tempfile::tempdir().unwrap();
    let original = build(dir.path());
    assert_eq!(read_everything(dir.path(), &original).unwrap(), original);
    for c in Component::ALL {
        let file = c.file_name(NAME);
        let path = dir.path().join(&file);
        let pristine = fs::read(&path).unwrap();
        let handle = OpenOptions::new().write(true).open(&path).unwrap();
        for (pos, byte) in pristine.iter().enumerate() {
            for flip in [0x01u8, 0x80] {
                handle.write_all_at(&[byte ^ flip], pos as u64).unwrap();
                match read_everything(dir.path(), &original) {
                    Ok(_) => {
                        panic!("flipping bit {flip:#x} of byte {pos} of {file} went unnoticed")
                    }
                    Err(e) => assert_names_file(&e, &file),
                }
            }
            handle.write_all_at(&[*byte], pos as u64).unwrap();
        }
    }
    assert_eq!(read_everything(dir.path(), &original).unwrap(), original);
}

#[test]
fn every_truncation_is_detected_on_open() {
    let dir = tempfile::tempdir().unwrap();
    let original = build(dir.path());
    for c in Component::ALL {
        let file = c.file_name(NAME);
        let path = dir.path().join(&file);
        let pristine = fs::read(&path).unwrap();
        let len = pristine.len();
        let mut cuts: Vec<usize> = vec![0, 1, 7, 8, 9, len / 2, len - 4, len - 1];
        cuts.extend((0..len).step_by(97));
        for cut in cuts {
            fs::write(&path, &pristine[..cut]).unwrap();
            let err = SSTableReader::open(dir.path(), NAME, &partitioner()).unwrap_err();
            assert_names_file(&err, &file);
            if c != Component::Statistics {
                assert!(err.to_string().contains("truncated") || cut < 8, "{err}");
            }
        }
        // Trailing garbage is damage too.
        let mut longer = pristine.clone();
        longer.push(0);
        fs::write(&path, &longer).unwrap();
        assert_names_file(
            &SSTableReader::open(dir.path(), NAME, &partitioner()).unwrap_err(),
            &file,
        );
        fs::write(&path, &pristine).unwrap();
    }
    assert_eq!(read_everything(dir.path(), &original).unwrap(), original);
}

#[test]
fn bad_magic_and_version_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    build(dir.path());
    for c in Component::ALL {
        let file = c.file_name(NAME);
        let path = dir.path().join(&file);
        let pristine = fs::read(&path).unwrap();

        let mut bytes = pristine.clone();
        bytes[..5].copy_from_slice(b"JUNK!");
        fs::write(&path, &bytes).unwrap();
        let err = SSTableReader::open(dir.path(), NAME, &partitioner()).unwrap_err();
        assert_names_file(&err, &file);
        assert!(err.to_string().contains("magic"), "{err}");

        let mut bytes = pristine.clone();
        bytes[6] = 99;
        fs::write(&path, &bytes).unwrap();
        let err = SSTableReader::open(dir.path(), NAME, &partitioner()).unwrap_err();
        assert!(
            matches!(err, SSTableError::UnsupportedVersion { found: 99, .. }),
            "{err}"
        );
        assert_names_file(&err, &file);

        fs::write(&path, &pristine).unwrap();
    }
}

#[test]
fn a_file_shrinking_under_an_open_reader_gives_errors_not_data() {
    let dir = tempfile::tempdir().unwrap();
    let original = build(dir.path());
    let r = SSTableReader::open(dir.path(), NAME, &partitioner()).unwrap();
    let data = dir.path().join(Component::Data.file_name(NAME));
    let len = fs::metadata(&data).unwrap().len();
    OpenOptions::new()
        .write(true)
        .open(&data)
        .unwrap()
        .set_len(len / 2)
        .unwrap();
    let results: Vec<_> = r.scan(Bound::Unbounded).collect();
    let err = results.last().unwrap().as_ref().unwrap_err();
    assert_names_file(err, &Component::Data.file_name(NAME));
    assert!(err.to_string().contains("truncated"), "{err}");
    // What came before the damage is intact.
    for (got, want) in results
        .iter()
        .filter_map(|r| r.as_ref().ok())
        .zip(&original)
    {
        assert_eq!(got, want);
    }
}
