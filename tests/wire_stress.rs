//! `supercolumn stress` end to end: it writes rows through a real server
//! and reads every one of them back (no misses, no errors), for Standard and
//! Super column families.

mod wire_support;

use std::process::Command;
use wire_support::Server;

/// A server on the repository's own storage-conf.xml (Keyspace1), in memory.
fn start() -> Server {
    let conf = concat!(env!("CARGO_MANIFEST_DIR"), "/storage-conf.xml");
    Server::start(&["--config", conf, "--in-memory"])
}

fn stress(port: u16, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .arg("stress")
        .args([
            "--server",
            &format!("127.0.0.1:{port}"),
            "-n",
            "300",
            "-t",
            "3",
        ])
        .args(args)
        .output()
        .expect("run stress");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "stress {args:?} failed: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn field(report: &str, name: &str) -> u64 {
    report
        .lines()
        .find_map(|l| l.strip_prefix(name))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {report}"))
}

#[test]
fn inserts_then_reads_everything_back() {
    let server = start();
    for extra in [&[][..], &["--super", "2", "--framed"][..]] {
        let insert = stress(server.port, &[&["--operation", "insert"], extra].concat());
        assert_eq!(field(&insert, "operations"), 300);
        let read = stress(server.port, &[&["--operation", "read"], extra].concat());
        assert_eq!(field(&read, "operations"), 300);
        assert_eq!(field(&read, "misses"), 0, "{read}");
        assert_eq!(field(&read, "errors"), 0, "{read}");
    }
}

#[test]
fn reading_keys_never_written_counts_misses() {
    let server = start();
    let read = stress(
        server.port,
        &["--operation", "read", "--column-family", "Standard2"],
    );
    assert_eq!(field(&read, "misses"), 300, "{read}");
}
