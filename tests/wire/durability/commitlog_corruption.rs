//! Commit-log damage and the real server: bytes flipped in the middle of a
//! segment (a length, a payload, a checksum) make the server refuse to
//! start, naming the segment and offset; started with
//! `--ignore-commitlog-replay-errors` (or `<CommitLogIgnoreReplayErrors>`)
//! it serves every intact write and only the damaged ones are missing, and
//! the next start needs no override. A torn tail (the last write cut short
//! by a crash) still starts, with a warning.

use crate::support::wire;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use supercolumn::storage::commitlog::read_dir;
use supercolumn::thrift::gen::cassandra06::{
    ColumnParent, ColumnPath, ConsistencyLevel as CL, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use wire::{conformance_config, timestamp, Server};

const FLAG: &str = "--ignore-commitlog-replay-errors";

fn args<'a>(conf: &'a Path, data: &'a Path, extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec![
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        data.to_str().unwrap(),
    ];
    v.extend_from_slice(extra);
    v
}

fn periodic_conf() -> PathBuf {
    conformance_config("storage-conf.xml")
}

/// Inserts columns `0..n` of row `r` one call each (one commit-log record
/// each), then kills the server so they live only in the commit log.
fn write_then_crash(conf: &Path, data: &Path, n: usize) {
    let mut server = Server::start(&args(conf, data, &[]));
    let mut c = server.client(false);
    for i in 0..n {
        c.insert(
            "CT".into(),
            "r".into(),
            ColumnPath::new("StdBytes".to_string(), None, name(i)),
            value(i),
            timestamp(),
            CL::ONE,
        )
        .unwrap();
    }
    server.kill9();
}

fn name(i: usize) -> Vec<u8> {
    format!("c{i:05}").into_bytes()
}

fn value(i: usize) -> Vec<u8> {
    format!("value of column {i}").into_bytes()
}

/// Every column of row `r`: name -> value.
fn columns(server: &Server) -> BTreeMap<Vec<u8>, Vec<u8>> {
    let mut c = server.client(true);
    let all = SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 1_000_000));
    c.get_slice(
        "CT".into(),
        "r".into(),
        ColumnParent::new("StdBytes".to_string(), None),
        all,
        CL::ONE,
    )
    .unwrap()
    .into_iter()
    .map(|cosc| {
        let col = cosc.column.unwrap();
        (col.name, col.value)
    })
    .collect()
}

fn expected_without(n: usize, missing: &[usize]) -> BTreeMap<Vec<u8>, Vec<u8>> {
    (0..n)
        .filter(|i| !missing.contains(i))
        .map(|i| (name(i), value(i)))
        .collect()
}

/// Flips one byte at `within` bytes into record `i` of each `(i, within)`
/// (records are in write order: record `i` is column `i`); returns each
/// damaged segment and record offset.
fn damage(data: &Path, victims: &[(usize, u64)]) -> Vec<(PathBuf, u64)> {
    let log_dir = data.join("commitlog");
    let report = read_dir(&log_dir).unwrap();
    victims
        .iter()
        .map(|&(i, within)| {
            let r = &report.records[i];
            assert!(r.payload.windows(6).any(|w| w == &name(i)[..]));
            let seg = log_dir.join(format!("CommitLog-{}.log", r.position.segment));
            let mut bytes = std::fs::read(&seg).unwrap();
            let at = r.position.offset + within.min(r.payload.len() as u64 + 11);
            bytes[at as usize] ^= 0x41;
            std::fs::write(&seg, bytes).unwrap();
            (seg, r.position.offset)
        })
        .collect()
}

#[test]
fn mid_segment_damage_refuses_start_and_the_flag_serves_every_intact_write() {
    let data = tempfile::tempdir().unwrap();
    let conf = periodic_conf();
    let n = 3000;
    write_then_crash(&conf, data.path(), n);
    assert_eq!(
        read_dir(&data.path().join("commitlog"))
            .unwrap()
            .records
            .len(),
        n
    );
    // A length byte, a payload byte, the last byte of a payload checksum.
    let victims = [(700, 1), (1500, 20), (2600, u64::MAX)];
    let places = damage(data.path(), &victims);

    let (status, log) = match Server::try_start(&args(&conf, data.path(), &[])) {
        Err(refused) => refused,
        Ok(_) => panic!("started over a corrupt commit log"),
    };
    assert_eq!(status.and_then(|s| s.code()), Some(1), "{log}");
    let (seg, offset) = &places[0];
    assert!(log.contains(&seg.display().to_string()), "{log}");
    assert!(log.contains(&format!("byte offset {offset}")), "{log}");
    assert!(
        log.contains(FLAG),
        "the refusal says how to start anyway: {log}"
    );

    let mut server = Server::start(&args(&conf, data.path(), &[FLAG]));
    let missing: Vec<usize> = victims.iter().map(|v| v.0).collect();
    assert!(
        columns(&server) == expected_without(n, &missing),
        "intact writes differ"
    );
    let log = server.log();
    for (seg, offset) in &places {
        let line = format!("{} is damaged at byte offset {offset}", seg.display());
        assert!(log.contains(&line), "no warning {line:?} in\n{log}");
    }
    assert!(server.terminate().success());

    // What was replayed is flushed: a plain start works and serves the same.
    let server = Server::start(&args(&conf, data.path(), &[]));
    assert!(columns(&server) == expected_without(n, &missing));
}

#[test]
fn the_config_element_is_the_same_override() {
    let data = tempfile::tempdir().unwrap();
    let conf = periodic_conf();
    write_then_crash(&conf, data.path(), 50);
    damage(data.path(), &[(10, 15)]);
    assert!(Server::try_start(&args(&conf, data.path(), &[])).is_err());

    let xml = std::fs::read_to_string(&conf).unwrap();
    let element = "<CommitLogIgnoreReplayErrors>true</CommitLogIgnoreReplayErrors>";
    let lenient = xml.replace("</Storage>", &format!("  {element}\n</Storage>"));
    assert!(lenient.contains(element));
    let conf_dir = tempfile::tempdir().unwrap();
    let lenient_conf = conf_dir.path().join("storage-conf.xml");
    std::fs::write(&lenient_conf, lenient).unwrap();
    let server = Server::start(&args(&lenient_conf, data.path(), &[]));
    assert!(columns(&server) == expected_without(50, &[10]));
}

#[test]
fn a_torn_last_write_still_starts_with_a_warning() {
    let data = tempfile::tempdir().unwrap();
    let conf = periodic_conf();
    write_then_crash(&conf, data.path(), 100);
    let log_dir = data.path().join("commitlog");
    let report = read_dir(&log_dir).unwrap();
    let last_record = report.records.last().unwrap();
    let last = last_record.position;
    let seg = log_dir.join(format!("CommitLog-{}.log", last.segment));
    // The last record's end (a segment's allocated space runs on past it,
    // zero-filled), less three bytes: a write cut short.
    let end = last.offset + 12 + last_record.payload.len() as u64;
    std::fs::OpenOptions::new()
        .write(true)
        .open(&seg)
        .unwrap()
        .set_len(end - 3)
        .unwrap();
    let mut server = Server::start(&args(&conf, data.path(), &[]));
    assert!(columns(&server) == expected_without(100, &[99]));
    let log = server.log();
    assert!(
        log.contains(&format!(
            "{} ends in a torn record at byte offset {}",
            seg.display(),
            last.offset
        )),
        "{log}"
    );
    assert!(log.contains("WARN"), "{log}");
}
