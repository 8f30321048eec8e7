//! The real server started on a data directory the previous build wrote in
//! the old layout (`tests/data/layout/v1`): it moves it to the per-keyspace
//! layout (one log line), serves every acknowledged write, and serves them
//! again after a restart that moves nothing.

use crate::support::wire;

use std::path::Path;
use std::time::{Duration, Instant};
use wire::*;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/layout");

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// Each row as its column values: printable ASCII as text, anything else
/// (ints, counters) as a big-endian number.
fn rows(c: &mut Client19, query: &str) -> Vec<String> {
    let text = |v: &[u8]| -> String {
        if v.iter().all(|b| b.is_ascii_graphic()) {
            return String::from_utf8_lossy(v).into_owned();
        }
        v.iter()
            .fold(0i64, |n, b| (n << 8) | i64::from(*b))
            .to_string()
    };
    let mut out: Vec<String> = cql3(c, query)
        .rows
        .unwrap_or_default()
        .iter()
        .map(|r| {
            r.columns
                .iter()
                .map(|col| col.value.as_deref().map_or("null".into(), text))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    out.sort();
    out
}

/// The server's log once it holds `needle`, or all of it after 10 s.
fn log_with(server: &mut Server, needle: &str) -> String {
    let until = Instant::now() + Duration::from_secs(10);
    loop {
        let log = server.log();
        if log.contains(needle) || Instant::now() > until {
            return log;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn an_old_data_directory_is_moved_and_served_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("v1");
    copy_tree(&Path::new(FIXTURE).join("v1"), &root);
    let conf = format!("{FIXTURE}/conf.xml");
    let args = ["--config", &conf, "--data-dir", root.to_str().unwrap()];
    for round in 0..2 {
        let mut server = Server::start(&args);
        let mut c = connect19(server.port);
        assert_eq!(
            rows(&mut c, "SELECT id, email, age FROM dyn.users"),
            [
                "alice alice@example.com 30",
                "bob bob@example.com 40",
                "carol carol@example.com 50"
            ]
        );
        assert_eq!(rows(&mut c, "SELECT page, n FROM dyn.hits"), ["home 7"]);
        // Truncated between two writes that were both still in the log.
        assert_eq!(
            rows(
                &mut c,
                "SELECT key, column1, value FROM \"Keyspace1\".\"Standard2\""
            ),
            ["row2 name two"]
        );
        assert_eq!(
            rows(&mut c, "SELECT key FROM \"Keyspace1\".\"Standard1\"").len(),
            3
        );
        let moved = "moved to the per-keyspace layout";
        let log = if round == 0 {
            log_with(&mut server, moved)
        } else {
            server.log()
        };
        assert_eq!(log.contains(moved), round == 0, "round {round}:\n{log}");
        assert_eq!(server.terminate().code(), Some(0));
        let data = root.join("data");
        assert!(!data.join("data").exists() && !data.join("markers").exists());
        assert!(data.join("system/schema.json").is_file());
        assert!(data.join("Keyspace1/Standard2.truncated").is_file());
        for ks in ["Keyspace1", "dyn"] {
            let files = std::fs::read_dir(data.join(ks)).unwrap().count();
            assert!(files >= 5, "{ks}: {files} files");
        }
    }
}
